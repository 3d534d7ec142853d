"""Plays: one whole roll, as checker steps, and the set of legal plays."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

import attrs

from nardy.core import BAR, OFF, Roll

if TYPE_CHECKING:
    from nardy._movegen import RawStep, State
    from nardy.position import Position
    from nardy.variant import Variant

__all__ = ["LegalPlays", "Play", "Step", "format_steps"]


def _point_name(p: int) -> str:
    if p == BAR:
        return "bar"
    if p == OFF:
        return "off"
    return str(p)


@attrs.frozen(order=True)
class Step:
    """One checker moved by one die, in the mover's numbering.

    ``src`` is 1..24 or :data:`~nardy.core.BAR` (25); ``dst`` is 1..24 or
    :data:`~nardy.core.OFF` (0). ``hit`` is true when the step sent an
    opposing blot to the bar. ``die`` is the die value used (for a bear-off
    from a lower point it can exceed ``src - dst``).
    """

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_point_name(self.src)}/{_point_name(self.dst)}{'*' if self.hit else ''}"


def format_steps(steps: Sequence[Step]) -> str:
    """Format steps in standard (gnubg-style) notation.

    Steps of one checker are joined (``13/7/1`` is written ``13/1``) except
    that a point where the checker hit is kept (``24/18*/15``); identical
    moves are counted (``8/5(2)``); moves are listed from the highest source
    down. An empty sequence (a pass) formats as ``""``.
    """
    # Chain the steps into checker paths, in the order they were played.
    paths: list[list[tuple[int, bool]]] = []  # each: [(point, hit_here), ...]
    for step in steps:
        for path in reversed(paths):
            last, _ = path[-1]
            if last == step.src and last not in (OFF,):
                path.append((step.dst, step.hit))
                break
        else:
            paths.append([(step.src, False), (step.dst, step.hit)])
    segments: list[tuple[int, int, str]] = []
    for path in paths:
        parts = [_point_name(path[0][0])]
        for i in range(1, len(path)):
            point, hit = path[i]
            if hit:
                parts.append(_point_name(point) + "*")
            elif i == len(path) - 1:
                parts.append(_point_name(point))
        segments.append((path[0][0], path[-1][0], "/".join(parts)))
    segments.sort(key=lambda seg: (-seg[0], -seg[1], seg[2]))
    out: list[str] = []
    i = 0
    while i < len(segments):
        j = i
        while j < len(segments) and segments[j][2] == segments[i][2]:
            j += 1
        count = j - i
        out.append(segments[i][2] + (f"({count})" if count > 1 else ""))
        i = j
    return " ".join(out)


@attrs.frozen
class Play:
    """One whole roll: the steps played (possibly none, a pass) and the roll.

    Plays returned by :meth:`Position.legal_plays` are canonical: one per
    distinct resulting position. Two plays are equal when their steps and
    roll are equal; use :meth:`Position.apply` to compare by result.
    """

    steps: tuple[Step, ...]
    roll: Roll

    @property
    def is_pass(self) -> bool:
        """True for the empty play (nothing could be moved)."""
        return not self.steps

    @property
    def dice_used(self) -> tuple[int, ...]:
        """The die values the steps used, in play order."""
        return tuple(s.die for s in self.steps)

    @property
    def hits(self) -> int:
        """How many opposing checkers the play hit."""
        return sum(1 for s in self.steps if s.hit)

    def notation(self) -> str:
        """Standard notation, e.g. ``"24/18 13/11*"``; ``""`` for a pass."""
        return format_steps(self.steps)

    def __str__(self) -> str:
        return self.notation() or "(pass)"


class LegalPlays(Sequence[Play]):
    """The legal plays of one position and roll: an immutable sequence.

    There is one play per distinct resulting position; a forced pass is one
    empty play. The order is the generator's, which is deterministic.
    Membership accepts a :class:`Play` (compared by resulting position) or a
    notation string. The :class:`Play` and :class:`~nardy.position.Position`
    objects are built on first access; the generator itself works on ints.
    """

    __slots__ = ("_found", "_plays", "_position", "_results", "_roll", "_variant")

    _variant: Variant
    _position: Position
    _roll: Roll
    _found: list[tuple[State, tuple[RawStep, ...]]]
    _plays: tuple[Play, ...] | None
    _results: tuple[Position, ...] | None

    def __init__(self) -> None:
        raise TypeError("LegalPlays is created by Position.legal_plays()")

    @classmethod
    def _lazy(
        cls,
        variant: Variant,
        position: Position,
        roll: Roll,
        found: list[tuple[State, tuple[RawStep, ...]]],
    ) -> LegalPlays:
        self = object.__new__(cls)
        self._variant = variant
        self._position = position
        self._roll = roll
        self._found = found
        self._plays = None
        self._results = None
        return self

    @property
    def position(self) -> Position:
        """The position the plays start from."""
        return self._position

    @property
    def roll(self) -> Roll:
        """The roll the plays use."""
        return self._roll

    def _all_plays(self) -> tuple[Play, ...]:
        if self._plays is None:
            from nardy.variant import _step

            roll = self._roll
            self._plays = tuple(
                Play(tuple(_step(raw) for raw in steps), roll) for _, steps in self._found
            )
        return self._plays

    def _states(self) -> list[State]:
        return [state for state, _ in self._found]

    def raw_results(self) -> list[tuple[int, ...]]:
        """The resulting states as raw 28-int tuples, before the turn passes.

        The engine's fast path: no objects are built. Each tuple is in the
        mover's frame (the same frame as :attr:`position`): ``off[mover]``,
        points 1..24 (positive = the mover's), ``bar[mover]``,
        ``bar[opponent]``, ``off[opponent]``. See also :meth:`resulting_arrays`.
        """
        return [state for state, _ in self._found]

    def resulting_arrays(self) -> list[dict[str, list[int]]]:
        """The resulting positions in the mover-relative array form, unflipped.

        Each item is ``{"board": [...24], "bar": [m, o], "off": [m, o]}`` in
        the frame of the side that just played (as ``nardy legal`` prints).
        """
        return [
            {"board": list(s[1:25]), "bar": [s[25], s[26]], "off": [s[0], s[27]]}
            for s, _ in self._found
        ]

    def has(self, play: Play | str) -> bool:
        """Whether ``play`` (a :class:`Play` or notation) is legal here; never raises."""
        return play in self

    @overload
    def __getitem__(self, index: int) -> Play: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Play, ...]: ...
    def __getitem__(self, index: int | slice) -> Play | tuple[Play, ...]:
        return self._all_plays()[index]

    def __len__(self) -> int:
        return len(self._found)

    def __iter__(self) -> Iterator[Play]:
        return iter(self._all_plays())

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                self.find(item)
            except ValueError:
                return False
            return True
        if isinstance(item, Play):
            if item.roll != self._roll:
                return False
            try:
                self._position.apply(item)
            except ValueError:
                return False
            return True
        return False

    def __repr__(self) -> str:
        plays = self._all_plays()
        shown = ", ".join(repr(p.notation()) for p in plays[:8])
        more = ", ..." if len(plays) > 8 else ""
        return f"<LegalPlays roll={self._roll} n={len(plays)} ({shown}{more})>"

    @property
    def is_pass(self) -> bool:
        """True when nothing can be played (the set is one empty play)."""
        return len(self._found) == 1 and not self._found[0][1]

    def result(self, play: Play | int) -> Position:
        """The position after ``play`` (a play of this set, or its index)."""
        if isinstance(play, int):
            return self.resulting_positions()[play]
        plays = self._all_plays()
        for i, p in enumerate(plays):
            if p == play:
                return self.resulting_positions()[i]
        return self._position.apply(play)

    def items(self) -> Iterator[tuple[Play, Position]]:
        """Iterate over ``(play, resulting position)`` pairs."""
        return zip(self._all_plays(), self.resulting_positions())

    def resulting_positions(self) -> tuple[Position, ...]:
        """The resulting positions, in the order of the plays (turn passed)."""
        if self._results is None:
            from nardy.position import Position

            variant = self._variant
            turn = self._position.turn.opponent
            flip = variant.next_state
            make = Position._make
            self._results = tuple(make(variant, turn, flip(state)) for state, _ in self._found)
        return self._results

    def notations(self) -> list[str]:
        """The plays in standard notation, in order."""
        return [p.notation() for p in self._all_plays()]

    def find(self, notation: str) -> Play:
        """The legal play that ``notation`` denotes (lenient; resolved by result).

        Raises :class:`~nardy.errors.InvalidNotationError`,
        :class:`~nardy.errors.IllegalPlayError` or
        :class:`~nardy.errors.AmbiguousPlayError`.
        """
        from nardy.notation import resolve_notation

        return self._all_plays()[resolve_notation(self, notation)]
