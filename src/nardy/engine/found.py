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

__all__ = ["Found", "IntIndex", "pips", "rank"]

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


class IntIndex:
    """Distinct ints, each with its index (the ``i``-th added has index ``i``): a small-int dict.

    The kernels recognise results and intermediate positions by small ints
    (the change of the point counts, the multiset of a double's sources).
    This is an open-addressing table of them: a look-up reads two lists and
    allocates nothing, where a dict or a set would box each int (a machine
    int in the compiled build) into a new Python int.
    """

    __slots__ = ("table", "values")

    def __init__(self) -> None:
        #: The ints added, in order.
        self.values: list[int] = []
        #: Slots (a power of two, at most half full): 0 empty, else index + 1.
        self.table: list[int] = [0] * 64

    def find(self, value: int) -> int:
        """The index of ``value``, or -1 if it was not added."""
        table = self.table
        mask = len(table) - 1
        h = (value ^ (value >> 21) ^ (value >> 42)) & mask
        while True:
            i = table[h]
            if i == 0:
                return -1
            if self.values[i - 1] == value:
                return i - 1
            h = (h + 1) & mask

    def add(self, value: int) -> None:
        """Add an int not added before (it gets the next index)."""
        values = self.values
        values.append(value)
        table = self.table
        if 2 * len(values) > len(table):
            table = self.table = [0] * (2 * len(table))
            for i in range(len(values)):
                _place(table, values[i], i + 1)
        else:
            _place(table, value, len(values))


def _place(table: list[int], value: int, entry: int) -> None:
    """Put ``entry`` in the first empty slot from ``value``'s own (linear probing).

    The slot folds the high bits into the low ones: the kernels' ints are
    sums of powers of 5 or 6, whose low bits say little about high points.
    """
    mask = len(table) - 1
    h = (value ^ (value >> 21) ^ (value >> 42)) & mask
    while table[h]:
        h = (h + 1) & mask
    table[h] = entry
