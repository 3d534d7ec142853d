"""What a search kernel hands back: the distinct results, in the order found.

Each result is identified by its key (the packed state, :mod:`nardy.engine.layout`)
and carries one representative play, its steps packed into one int (so the
play also says how many dice it used and their pips, :func:`rank`). When a
later sequence reaches a result already found, it replaces the
representative only when it uses more dice, or as many dice with more pips
(so the maximum-use rule sees the best way to each result).
"""

from __future__ import annotations

from nardy.engine.layout import STEP_BITS

__all__ = ["Found", "pips", "rank"]

_STEP_MASK = (1 << STEP_BITS) - 1


def pips(code: int) -> int:
    """The pips of the dice a packed play used."""
    total = 0
    while code:
        total += (code >> 10) & 7
        code >>= STEP_BITS
    return total


def rank(code: int) -> int:
    """Dice used, then their pips, as one number: a play with a higher rank uses the dice better."""
    count = 0
    total = 0
    while code:
        count += 1
        total += (code >> 10) & 7
        code >>= STEP_BITS
    return count * 1024 + total


class Found:
    """The distinct results of one search, in the order first found."""

    __slots__ = ("codes", "counts", "index", "keys")

    def __init__(self) -> None:
        #: key -> position in the lists below (left empty by a kernel whose
        #: results are distinct by construction, such as a double's).
        self.index: dict[int, int] = {}
        #: The results' keys, in order.
        self.keys: list[int] = []
        #: Each result's representative play, packed.
        self.codes: list[int] = []
        #: The dice that play used.
        self.counts: list[int] = []

    def add(self, key: int, code: int, count: int) -> None:
        """Note a result not found before (the caller checked ``key not in self.index``)."""
        self.index[key] = len(self.keys)
        self.keys.append(key)
        self.codes.append(code)
        self.counts.append(count)

    def record(self, key: int, code: int, count: int) -> None:
        """Note a sequence of ``count`` dice, packed in ``code``, that reaches ``key``."""
        i = self.index.get(key, -1)
        if i < 0:
            self.add(key, code, count)
        elif count > self.counts[i] or (
            count == self.counts[i] and rank(code) > rank(self.codes[i])
        ):
            self.codes[i] = code
            self.counts[i] = count

    def __len__(self) -> int:
        return len(self.keys)
