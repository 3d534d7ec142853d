"""Typed stub of :mod:`nardy._native`, nardy's native rules core (the Rust crate ``native/python``)."""

from collections.abc import Sequence
from typing import final

@final
class Rules:
    """One turn's rules for the native search, decoded once from the flat table (version 1).

    Built from a sequence of ints (:func:`nardy.engine.table.native_table`);
    a table the core cannot read raises :class:`ValueError`. Immutable and
    safe to share between threads.
    """

    def __init__(self, table: Sequence[int]) -> None: ...
    def search(self, state: Sequence[int] | bytes) -> list[tuple[bytes, int]]:
        """The legal plays from ``state`` (mover's frame): ``(key, steps code)`` each, in canonical order; empty for a pass.

        ``state`` is a sequence of ints or its packed form (``bytes``, as
        :func:`nardy.engine.state.pack` makes it).

        :class:`ValueError` for a state the core refuses; :class:`RuntimeError`
        (``"nardy native core: internal error: ..."``) if the core fails inside.
        """

    def search_packed(self, state: Sequence[int] | bytes) -> tuple[bytes, bytes]:
        """:meth:`search` as two buffers: the keys end to end, and the steps codes 16 bytes little-endian each."""

    def search_many(self, states: Sequence[Sequence[int] | bytes]) -> list[list[tuple[bytes, int]]]:
        """:meth:`search` of every state, in order, the GIL released while the core searches."""
