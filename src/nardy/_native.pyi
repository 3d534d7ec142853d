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

    def search_lists(self, state: Sequence[int] | bytes) -> tuple[list[bytes], list[int]]:
        """:meth:`search` as two lists: the keys, and the steps codes (the engine's own call)."""

    def search_many(self, states: Sequence[Sequence[int] | bytes]) -> list[list[tuple[bytes, int]]]:
        """:meth:`search` of every state, in order, the GIL released while the core searches."""
    def search_lists_many(
        self, states: Sequence[Sequence[int] | bytes]
    ) -> list[tuple[list[bytes], list[int]]]:
        """:meth:`search_lists` of every state, in order, the GIL released while the core searches (both lists empty for a pass)."""

    def step_search(self, targets: bytes, returns: bool) -> StepSearch:
        """The step mode of one turn under these rules (a board-only table): a :class:`StepSearch`.

        ``targets`` are the packed states of the turn's legal results, end to
        end (each of the table's key length, as :meth:`search_packed` gives
        them); ``returns`` whether a checker on the bar may come back onto
        the head as a step of its own (Kush). :class:`ValueError` for targets
        the core refuses.
        """

@final
class StepSearch:
    """One turn of the environments' step mode: which board-possible steps of a node still lead to a legal result.

    Made by :meth:`Rules.step_search`; remembers what it learns. Safe to
    share between threads (the search runs with the GIL released).
    """

    def allowed(self, node: bytes) -> tuple[bool, tuple[int, ...], bytes]:
        """The node whose code is ``node``: ``(is_target, actions, children)``.

        A node's code as bytes (little-endian): 4 bytes of the dice left (5
        bits a face, the count of face d at bits ``5 * (d - 1)``), then the
        packed state. ``is_target``: whether the state is a legal result's.
        ``actions``: the allowed steps as the step actions of
        :mod:`nardy.agents.env.steps`, ascending. ``children``: for each
        action in that order, the code of the node it leads to, as bytes.
        :class:`ValueError` for a node the core refuses.
        """

@final
class Flip:
    """A packed state without extra fields turned round to the other side, as a one-argument function (``nardy.engine.state.flip_packed``)."""

    def __init__(self, geometry: int) -> None:
        """``geometry``: a :attr:`Geometry.code <nardy.Geometry.code>`; another is a :class:`ValueError`."""

    def __call__(self, packed: bytes) -> bytes:
        """``packed`` (28 bytes) in the other side's frame; :class:`ValueError` for anything else."""

@final
class Met:
    """A match equity table for gnubg's cube arithmetic (``nardy_core::cube``), handed over once.

    ``pre_crawford``: the extended pre-Crawford table row by row (64 x 64
    floats, ``i + 1`` away against ``j + 1`` away at ``64 i + j``);
    ``post_crawford``: the extended post-Crawford one (64 floats); each
    entry a chance, else :class:`ValueError`. Immutable and safe to share
    between threads. :mod:`nardy.analysis.native_cube` hands the tables over.

    Each method scores many positions of one match state: ``state`` is 8
    ints (length, 0 for money; the side on roll's score; its opponent's;
    the cube; the owner, 0 centre, 1 the side on roll, 2 its opponent;
    Crawford, Jacoby and beavers as 0 or 1); ``probabilities`` floats end
    to end, five a position in gnubg's order; ``efficiencies`` one float a
    position. Input the model refuses is a :class:`ValueError`; a failure
    inside, :class:`RuntimeError`.
    """

    def __init__(self, pre_crawford: Sequence[float], post_crawford: Sequence[float]) -> None: ...
    def play_scores(
        self, state: Sequence[int], probabilities: Sequence[float], efficiencies: Sequence[float]
    ) -> list[float]:
        """:func:`nardy.analysis.cube.play_scores` of each position (the opponent on roll, his probabilities; ``state`` the player's)."""

    def cubeful_mwc(
        self, state: Sequence[int], probabilities: Sequence[float], efficiencies: Sequence[float]
    ) -> list[float]:
        """:func:`nardy.analysis.cube.cubeful_mwc` of each position (match play)."""

    def cubeful_equity(
        self, state: Sequence[int], probabilities: Sequence[float], efficiencies: Sequence[float]
    ) -> list[float]:
        """:func:`nardy.analysis.cube.cubeful_equity` of each position, EMG."""

def cube_efficiencies(
    states: Sequence[bytes], checkers: int, parameters: Sequence[float]
) -> list[float]:
    """:func:`nardy.analysis.efficiency.packed_cube_efficiencies` of each packed state (the 7 ``Efficiencies`` in order)."""
