"""The cache of recent legal-play sets, and its public controls.

:meth:`Variant.legal_plays <nardy.Variant.legal_plays>` remembers the sets
of the last few (position, roll) pairs it computed, because user
interfaces, game replays and notation parsing ask for the same set several
times in a row. Engines that never ask twice can :func:`resize` it to 0.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from nardy.errors import InvalidOptionError

if TYPE_CHECKING:
    from nardy.core import Roll
    from nardy.play import LegalPlays
    from nardy.position import Position

__all__ = ["clear", "get", "info", "put", "resize"]

_entries: OrderedDict[tuple[Position, Roll], LegalPlays] = OrderedDict()
_size = 64


def get(position: Position, roll: Roll) -> LegalPlays | None:
    """The cached set for ``position`` and ``roll``, or ``None``."""
    return _entries.get((position, roll))


def put(position: Position, roll: Roll, plays: LegalPlays) -> None:
    """Remember a set, dropping the oldest entry when the cache is full."""
    if len(_entries) >= _size:
        if _size <= 0:
            return
        _entries.popitem(last=False)
    _entries[(position, roll)] = plays


def clear() -> None:
    """Forget every cached set."""
    _entries.clear()


def resize(size: int) -> None:
    """Keep at most ``size`` sets (0 turns the cache off); the default is 64."""
    global _size
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise InvalidOptionError(f"a cache size is an integer >= 0, got {size!r}")
    _size = size
    while len(_entries) > _size:
        _entries.popitem(last=False)


def info() -> tuple[int, int]:
    """``(entries, size)``: how many sets are cached and how many may be."""
    return len(_entries), _size
