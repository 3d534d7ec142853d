"""The native core's cube arithmetic seen from the analysis: whether it is loaded, and each table handed over once.

``nardy._native.Met`` (the Rust crate ``native/``, module
``nardy_core::cube``) is gnubg's cube arithmetic of
:mod:`nardy.analysis.cube` compiled: a match equity table handed over
once, then batches of positions of one match state scored in one call,
on plain numbers (see :class:`NativeMet`). :mod:`nardy.analysis.cube`
calls it when it is loaded; its Python definitions stay the rule, for the
pure build and for any input the native core refuses (it then raises the
rule's own error, or gives the rule's answer). The tests check the two
equal.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from nardy.analysis.met import MatchEquityTable

__all__ = ["MOST_TABLES", "NativeMet", "available", "native_function", "native_met"]


class NativeMet(Protocol):
    """A match equity table in the native core (``nardy._native.Met``), scoring many positions of one state a call.

    ``state`` is 8 ints: the match length (0: money), the side on roll's
    score, its opponent's, the cube, the owner (0 centre, 1 the side on
    roll, 2 its opponent), then the Crawford game, the Jacoby rule and
    beavers as 0 or 1. ``probabilities`` are floats end to end, five a
    position in gnubg's order; ``efficiencies`` one float a position.
    Input it refuses raises :class:`ValueError`; a failure inside,
    :class:`RuntimeError`.
    """

    def play_scores(
        self, state: Sequence[int], probabilities: Sequence[float], efficiencies: Sequence[float]
    ) -> list[float]:
        """:func:`nardy.analysis.cube.play_scores` of each position."""
        ...

    def cubeful_mwc(
        self, state: Sequence[int], probabilities: Sequence[float], efficiencies: Sequence[float]
    ) -> list[float]:
        """:func:`nardy.analysis.cube.cubeful_mwc` of each position (match play)."""
        ...

    def cubeful_equity(
        self, state: Sequence[int], probabilities: Sequence[float], efficiencies: Sequence[float]
    ) -> list[float]:
        """:func:`nardy.analysis.cube.cubeful_equity` of each position."""
        ...


def _load() -> Callable[[Sequence[float], Sequence[float]], NativeMet] | None:
    """The native core's ``Met`` class, or ``None`` in the pure build (loaded by name, as the engine loads the core)."""
    try:
        module = importlib.import_module("nardy._native")
    except ImportError:  # the pure build
        return None
    made: Callable[[Sequence[float], Sequence[float]], NativeMet] = module.Met
    return made


_NATIVE: Final = _load()


def native_function(name: str) -> Callable[..., object] | None:
    """The native core's function ``name`` (the review's batches), or ``None``.

    ``None`` in the pure build, and with a core built before it had the
    function: the caller's Python rule then answers.
    """
    try:
        module = importlib.import_module("nardy._native")
    except ImportError:  # the pure build
        return None
    found: Callable[..., object] | None = getattr(module, name, None)
    return found


#: How many tables :func:`native_met` keeps (a program meets one or two).
MOST_TABLES: Final = 16

# The tables handed over, by the id of the Python table (kept with it, so
# that the id cannot be reused while the entry lives); None for a table the
# native core refused.
_HANDED: dict[int, tuple[MatchEquityTable, NativeMet | None]] = {}


def available() -> bool:
    """Whether the native core (``nardy._native``) is loaded."""
    return _NATIVE is not None


def native_met(table: MatchEquityTable) -> NativeMet | None:
    """``table`` in the native core, handed over on first use and kept; ``None`` in the pure build.

    Also ``None`` for a table the core refuses (one not extended to
    :data:`~nardy.analysis.met.MAX_AWAY` points, as a table built by
    :meth:`~nardy.analysis.met.MatchEquityTable.from_rows` always is): the
    Python rule then reads it.
    """
    entry = _HANDED.get(id(table))
    if entry is not None and entry[0] is table:
        return entry[1]
    if _NATIVE is None:
        return None
    made: NativeMet | None
    try:
        made = _NATIVE([x for row in table.pre_crawford for x in row], table.post_crawford)
    except (TypeError, ValueError, RuntimeError):
        made = None
    if len(_HANDED) >= MOST_TABLES:
        _HANDED.clear()
    _HANDED[id(table)] = (table, made)
    return made
