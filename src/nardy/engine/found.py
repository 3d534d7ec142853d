"""What a search kernel hands back: the distinct results, in the order found.

Each result is identified by its key (the packed state, :mod:`nardy.engine.layout`)
and carries one representative play: its steps packed into one int, the
number of dice it used and their pips. When a later sequence reaches a
result already found, it replaces the representative only when it uses more
dice, or as many dice with more pips (so the maximum-use rule sees the best
way to each result).
"""

from __future__ import annotations

__all__ = ["Found"]


class Found:
    """The distinct results of one search, in the order first found."""

    __slots__ = ("codes", "counts", "index", "keys", "pips")

    def __init__(self) -> None:
        #: key -> position in the lists below.
        self.index: dict[int, int] = {}
        #: The results' keys, in order.
        self.keys: list[int] = []
        #: Each result's representative play, packed.
        self.codes: list[int] = []
        #: The dice that play used.
        self.counts: list[int] = []
        #: The pips of those dice.
        self.pips: list[int] = []

    def add(self, key: int, code: int, count: int, pips: int) -> None:
        """Note a result not found before (the caller checked ``key not in self.index``)."""
        self.index[key] = len(self.keys)
        self.keys.append(key)
        self.codes.append(code)
        self.counts.append(count)
        self.pips.append(pips)

    def record(self, key: int, code: int, count: int, pips: int) -> None:
        """Note a sequence of ``count`` dice (``pips`` in all) that reaches ``key``."""
        i = self.index.get(key, -1)
        if i < 0:
            self.index[key] = len(self.keys)
            self.keys.append(key)
            self.codes.append(code)
            self.counts.append(count)
            self.pips.append(pips)
        elif count > self.counts[i] or (count == self.counts[i] and pips > self.pips[i]):
            self.codes[i] = code
            self.counts[i] = count
            self.pips[i] = pips

    def __len__(self) -> int:
        return len(self.keys)
