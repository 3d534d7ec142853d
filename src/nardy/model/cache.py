"""The cache of recent legal-play sets, and its public controls.

:meth:`Variant.legal_plays <nardy.Variant.legal_plays>` remembers the sets
of the last few (position, roll) pairs it computed, because user
interfaces, game replays and notation parsing ask for the same set several
times in a row. Each configured variant keeps its own store (:func:`store`),
keyed by the packed position, the turn and the roll; :func:`resize` bounds
every store, and engines that never ask twice can resize it to 0.

Threads may share the stores: the controls here take a lock, and a store
(:class:`nardy.model.legal.Store`) is safe to read and add to from any thread.
"""

from __future__ import annotations

import threading

from nardy.errors import InvalidOptionError
from nardy.model.legal import Store

__all__ = ["clear", "info", "limit", "resize", "store"]

_stores: list[Store] = []
_size = 64
# Guards the list of stores and the bound.
_lock = threading.Lock()


def limit() -> int:
    """How many sets each variant may keep (see :func:`resize`)."""
    return _size


def store() -> Store:
    """A new store for one configured variant, under the common controls."""
    with _lock:
        made = Store(_size)
        _stores.append(made)
    return made


def clear() -> None:
    """Forget every cached set."""
    with _lock:
        for made in _stores:
            made.clear()


def resize(size: int) -> None:
    """Keep at most ``size`` sets per variant (0 turns the cache off); the default is 64."""
    global _size
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise InvalidOptionError(f"a cache size is an integer >= 0, got {size!r}")
    with _lock:
        _size = size
        for made in _stores:
            made.limit = size
            made.trim()


def info() -> tuple[int, int]:
    """``(entries, size)``: how many sets are cached (all variants) and how many may be per variant."""
    with _lock:
        return sum(len(made.entries) for made in _stores), _size
