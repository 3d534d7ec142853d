"""What a search kernel hands back: the distinct results, in the order found.

Each result is identified by its key (the packed state, :mod:`nardy.engine.state`)
and carries one representative play, its steps packed into one int (so the
play also says how many dice it used and their pips, :func:`rank`). When a
later sequence reaches a result already found, it replaces the
representative only when it uses more dice, or as many dice with more pips
(so the maximum-use rule sees the best way to each result).
"""

from __future__ import annotations

from typing import Final, cast

from nardy.engine.state import STEP_BITS

__all__ = ["COMPILED", "Found", "IntIndex", "IntSet", "int_index", "int_set", "pips", "rank"]

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

    __slots__ = ("codes", "counts", "deepest", "index", "keys", "short")

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
        #: The most dice any legal sequence used, result or not (kept by a
        #: kernel that judges an end check, which may refuse the longest).
        self.deepest = 0
        #: The results that use fewer dice than the roll gives, when a kernel
        #: whose results never meet again (a double's) notes them apart
        #: (:meth:`add_short`); ``None`` while there are none.
        self.short: Found | None = None

    def add_short(self, key: int, code: int, count: int) -> None:
        """Note a result that uses fewer dice than the roll gives, apart (see :meth:`most_dice`)."""
        short = self.short
        if short is None:
            short = self.short = Found()
        short.keys.append(key)
        short.codes.append(code)
        short.counts.append(count)

    def record_short(self, key: int, code: int, count: int) -> None:
        """Note a sequence of fewer dice than the roll gives apart, as :meth:`record` does (see :meth:`most_dice`)."""
        short = self.short
        if short is None:
            short = self.short = Found()
        short.record(key, code, count)

    def most_dice(self) -> Found:
        """These results, or those noted apart when none uses every die.

        The maximum-use rule keeps only the results that use the most dice,
        so a kernel that notes its short results apart hands back this:
        nothing is left to drop when a result uses every die.
        """
        if self.keys or self.short is None:
            return self
        return self.short

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
    """A dict of small ints to indices, as an open-addressing table: the kernels' look-ups.

    The kernels recognise results and intermediate positions by small ints
    (the change of the point counts, the multiset of a double's sources) and
    look each one up. Compiled, those ints are machine ints, and a dict or a
    set would box each into a new Python int for every look-up; this table
    reads two lists and allocates nothing. It offers what the kernels use of
    a dict, :meth:`get`, :meth:`setdefault` and setting a new item, so that in pure
    Python :func:`int_index` hands out a plain dict instead (there a dict's
    look-up is one C call, and this class's would be interpreted).
    """

    __slots__ = ("count", "indices", "values")

    def __init__(self) -> None:
        #: How many ints are in.
        self.count = 0
        #: The int in each slot (a power of two slots, at most half full).
        self.values: list[int] = [0] * 64
        #: Each slot's index + 1 (0: the slot is empty).
        self.indices: list[int] = [0] * 64

    def get(self, value: int, default: int) -> int:
        """The index of ``value``, or ``default`` if it is not in."""
        indices = self.indices
        mask = len(indices) - 1
        h = _slot(value, mask)
        while True:
            i = indices[h]
            if i == 0:
                return default
            if self.values[h] == value:
                return i - 1
            h = (h + 1) & mask

    def setdefault(self, value: int, index: int) -> int:
        """The index of ``value``, after giving it ``index`` if it was not in."""
        found = self.get(value, -1)
        if found >= 0:
            return found
        self.count += 1
        if 2 * self.count > len(self.indices):
            self._grow()
        _place(self.values, self.indices, value, index + 1)
        return index

    def __setitem__(self, value: int, index: int) -> None:
        """Give ``value`` the index ``index``; ``value`` must not be in yet (the caller asked)."""
        self.count += 1
        if 2 * self.count > len(self.indices):
            self._grow()
        _place(self.values, self.indices, value, index + 1)

    def _grow(self) -> None:
        values, indices = self.values, self.indices
        self.values = [0] * (2 * len(values))
        self.indices = [0] * (2 * len(indices))
        for h in range(len(indices)):
            if indices[h]:
                _place(self.values, self.indices, values[h], indices[h])


class IntSet:
    """A set of positive ints, as an open-addressing table: a kernel's "reached before?".

    For the reason :class:`IntIndex` gives (no boxing of a machine int per
    look-up, one list, no allocation but for a new member); 0 marks an
    empty slot, so only positive ints may be added. In pure Python
    :func:`int_set` hands out a plain set, which answers ``in`` and
    :meth:`add` as this does.
    """

    __slots__ = ("count", "values")

    def __init__(self, size: int) -> None:
        #: How many ints are in.
        self.count = 0
        #: The int in each slot, 0 for none (a power of two slots, at most half full).
        self.values: list[int] = [0] * size

    def __contains__(self, value: int) -> bool:
        """Whether ``value`` is in."""
        values = self.values
        mask = len(values) - 1
        h = (value ^ (value >> 21) ^ (value >> 42)) & mask  # _slot, inline: the hot path
        while True:
            v = values[h]
            if v == value:
                return True
            if not v:
                return False
            h = (h + 1) & mask

    def add(self, value: int) -> None:
        """Put ``value`` (positive, and not in yet: the caller asked) in."""
        self.count += 1
        if 2 * self.count > len(self.values):
            old = self.values
            self.values = [0] * (2 * len(old))
            for v in old:
                if v:
                    _put(self.values, v)
        _put(self.values, value)


#: True when this module runs compiled (a native function has no ``__code__``).
COMPILED: Final = not hasattr(pips, "__code__")


def int_index() -> IntIndex:
    """A new, empty :class:`IntIndex`; in pure Python a plain dict, which is faster there."""
    if COMPILED:
        return IntIndex()
    return cast(IntIndex, {})  # the same two methods, in C


def int_set(size: int = 64) -> IntSet:
    """A new, empty :class:`IntSet` of ``size`` slots (a power of two); in pure Python a set."""
    if COMPILED:
        return IntSet(size)
    return cast(IntSet, set())


def _slot(value: int, mask: int) -> int:
    """A value's first slot: the high bits folded into the low ones.

    The kernels' ints are sums of powers of 5 or 6, whose low bits say
    little about the high points.
    """
    return (value ^ (value >> 21) ^ (value >> 42)) & mask


def _place(values: list[int], indices: list[int], value: int, entry: int) -> None:
    """Put ``value`` and ``entry`` in the first empty slot from ``value``'s own (linear probing)."""
    mask = len(indices) - 1
    h = _slot(value, mask)
    while indices[h]:
        h = (h + 1) & mask
    values[h] = value
    indices[h] = entry


def _put(values: list[int], value: int) -> None:
    """Put ``value`` in the first empty slot from its own (linear probing)."""
    mask = len(values) - 1
    h = _slot(value, mask)
    while values[h]:
        h = (h + 1) & mask
    values[h] = value
