"""The cache of recent legal-play sets, and its public controls.

:meth:`Variant.legal_plays <nardy.Variant.legal_plays>` remembers the sets
of the last few (position, roll) pairs it computed, because user
interfaces, game replays and notation parsing ask for the same set several
times in a row. Each configured variant keeps its own store (:func:`store`),
keyed by the packed position, the turn and the roll; :func:`resize` bounds
every store, and engines that never ask twice can resize it to 0.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from nardy.errors import InvalidOptionError

if TYPE_CHECKING:
    from nardy.legal import LegalPlays

__all__ = ["Store", "clear", "info", "limit", "put", "resize", "store"]

#: One variant's cache: key (bytes) -> legal plays, oldest first.
Store = OrderedDict[bytes, "LegalPlays"]

_stores: list[Store] = []
_size = 64


def limit() -> int:
    """How many sets each variant may keep (see :func:`resize`)."""
    return _size


def store() -> Store:
    """A new store for one configured variant, under the common controls."""
    made: Store = OrderedDict()
    _stores.append(made)
    return made


def put(entries: Store, key: bytes, plays: LegalPlays) -> None:
    """Remember a set, dropping the oldest one when the store is full."""
    if len(entries) >= _size:
        if _size <= 0:
            return
        entries.popitem(last=False)
    entries[key] = plays


def clear() -> None:
    """Forget every cached set."""
    for entries in _stores:
        entries.clear()


def resize(size: int) -> None:
    """Keep at most ``size`` sets per variant (0 turns the cache off); the default is 64."""
    global _size
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise InvalidOptionError(f"a cache size is an integer >= 0, got {size!r}")
    _size = size
    for entries in _stores:
        while len(entries) > _size:
            entries.popitem(last=False)


def info() -> tuple[int, int]:
    """``(entries, size)``: how many sets are cached (all variants) and how many may be per variant."""
    return sum(len(entries) for entries in _stores), _size
