"""The native rules core seen from the engine: whether it is loaded, its rules objects, one turn's plays.

:func:`native_plays` asks ``nardy._native`` (the Rust crate
``native/python``) for one turn's legal plays when the turn's rules are
all data it knows (:func:`nardy.engine.table.native_table`), and answers
``None`` otherwise (or when the module is not built): the caller then runs
the Python search. A table or state the core refuses, or a failure inside
it, raises :class:`~nardy.errors.EngineError` naming the input; nothing
else crosses.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from nardy.engine.reference import TurnRules
from nardy.engine.table import native_table
from nardy.errors import EngineError
from nardy.rules.kush import kush_return

__all__ = [
    "CACHE_SIZE",
    "NativeRules",
    "available",
    "native_plays",
    "native_rules",
    "packed_plays",
    "rules_for",
]


class NativeRules(Protocol):
    """One turn's rules decoded by the native core (``nardy._native.Rules``, built from a flat table).

    Immutable and safe to share between threads. A state the core refuses
    raises :class:`ValueError`; a failure inside it :class:`RuntimeError`
    (:func:`native_plays` turns both into :class:`~nardy.errors.EngineError`).
    """

    def search(self, state: Sequence[int] | bytes) -> list[tuple[bytes, int]]:
        """The legal plays from ``state`` (mover's frame; ints, or packed as bytes): ``(key, steps code)`` each, in the canonical order."""
        ...

    def search_packed(self, state: Sequence[int] | bytes) -> tuple[bytes, bytes]:
        """:meth:`search` as two buffers: the keys end to end, and the steps codes 16 bytes little-endian each."""
        ...

    def search_lists(self, state: Sequence[int] | bytes) -> tuple[list[bytes], list[int]]:
        """:meth:`search` as two lists: the keys, and the steps codes."""
        ...

    def search_many(self, states: Sequence[Sequence[int] | bytes]) -> list[list[tuple[bytes, int]]]:
        """:meth:`search` of every state, in order, the GIL released while the core searches."""
        ...


def _load_native() -> Callable[[tuple[int, ...]], NativeRules] | None:
    """The native core's ``Rules`` class, or ``None`` in the pure build.

    Loaded by name: ``nardy._native`` is an extension module (Rust, no
    Python source) that imports nothing of nardy, and a source tool reads a
    static import of it as an import of the package itself.
    """
    try:
        module = importlib.import_module("nardy._native")
    except ImportError:  # the pure build
        return None
    rules: Callable[[tuple[int, ...]], NativeRules] = module.Rules
    return rules


_NATIVE: Final = _load_native()

#: How many decoded tables :func:`rules_for` keeps (a turn's table differs
#: with the head's floor and the dice, so a game touches a few hundred).
CACHE_SIZE: Final = 1024

_CACHE: dict[tuple[int, ...], NativeRules] = {}


def available() -> bool:
    """Whether the native core (``nardy._native``) is loaded."""
    return _NATIVE is not None


def rules_for(table: tuple[int, ...]) -> NativeRules:
    """The native ``Rules`` of a flat table, decoded once and kept (at most :data:`CACHE_SIZE` of them).

    Raises :class:`~nardy.errors.EngineError` naming the table when the
    core refuses it, or when the native core is not loaded.
    """
    rules = _CACHE.get(table)
    if rules is not None:
        return rules
    if _NATIVE is None:
        raise EngineError("the native core (nardy._native) is not built: this is the pure build")
    try:
        rules = _NATIVE(table)
    except (ValueError, RuntimeError) as exc:
        raise EngineError(f"the native core refuses the table {table}: {exc}") from None
    if len(_CACHE) >= CACHE_SIZE:
        _CACHE.clear()  # (simpler than an LRU, and a game's tables come back quickly)
    _CACHE[table] = rules
    return rules


def native_rules(rules: TurnRules, start: tuple[int, ...]) -> NativeRules | None:
    """The native core's rules for one turn, or ``None`` when it cannot take them.

    ``None`` when the native core is not loaded, or the turn's ``rules``
    are not all data it knows (:func:`~nardy.engine.table.native_table`),
    or their extra plays are not Kush's return from ``start``.
    """
    if _NATIVE is None:
        return None
    table = native_table(rules, len(start))
    if table is None or not _extra_is_the_return(rules, start):
        return None
    return rules_for(table)


def native_plays(rules: TurnRules, start: tuple[int, ...]) -> list[tuple[bytes, int]] | None:
    """One turn's legal plays from the native core: ``(key, steps code)`` each, in the canonical order.

    ``None`` when the core cannot take the turn (:func:`native_rules`). An
    empty list is a pass. Raises :class:`~nardy.errors.EngineError` naming
    the state when the core refuses it.
    """
    native = native_rules(rules, start)
    if native is None:
        return None
    try:
        return native.search(start)
    except (ValueError, RuntimeError) as exc:
        raise EngineError(f"the native core refuses the state {start}: {exc}") from None


def packed_plays(native: NativeRules, packed: bytes) -> tuple[list[bytes], list[int]]:
    """The legal plays from a packed state as keys and steps codes (:mod:`nardy.engine.state`), in the canonical order.

    A key is the resulting state packed (as ``packed``). Both lists are
    empty for a pass. Raises :class:`~nardy.errors.EngineError` naming the
    state when the core refuses it or fails.
    """
    try:
        return native.search_lists(packed)
    except (ValueError, RuntimeError) as exc:
        raise EngineError(f"the native core refuses the state {packed.hex()}: {exc}") from None


def _extra_is_the_return(rules: TurnRules, start: tuple[int, ...]) -> bool:
    """Whether the turn's extra plays are exactly Kush's return from ``start`` (what the core makes of ``returns``)."""
    if not rules.extra:
        return True
    back = kush_return(start, rules.dice[0])
    return back is not None and rules.extra == [back]
