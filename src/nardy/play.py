"""Plays: one whole roll, as checker steps, and the set of legal plays."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import overload

import attrs

from nardy.core import BAR, OFF, Roll
from nardy.engine.layout import RawStep, State, Steps
from nardy.errors import IllegalPlayError, NardyError
from nardy.notation import resolve_notation
from nardy.position import Position

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


@attrs.frozen(repr=False)
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

    def __repr__(self) -> str:
        return f"<Play {self} with {self.roll}>"


class LegalPlays(Sequence[Play]):
    """The legal plays of one position and roll: an immutable sequence.

    There is one play per distinct resulting position; a forced pass is one
    empty play. The order is the generator's, which is deterministic.
    Membership accepts a :class:`Play` (compared by resulting position) or a
    notation string. The :class:`Play` and :class:`~nardy.position.Position`
    objects are built on first access; the generator itself works on ints.
    Get one from :meth:`Position.legal_plays <nardy.Position.legal_plays>`.
    """

    __slots__ = ("_found", "_plays", "_position", "_results", "_roll")

    _position: Position
    _roll: Roll
    _found: Sequence[tuple[State, Steps]]
    _plays: tuple[Play, ...] | None
    _results: list[Position | None]

    def __init__(
        self, position: Position, roll: Roll, plays: Sequence[tuple[State, Steps]]
    ) -> None:
        """Wrap the engine's plays: ``(resulting state, raw steps)`` each, in the mover's frame.

        :meth:`Variant.legal_plays <nardy.Variant.legal_plays>` builds these;
        a pass is the single entry ``(position.raw, ())``.
        """
        self._position = position
        self._roll = roll
        self._found = plays
        self._plays = None
        self._results = [None] * len(plays)

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
            roll = self._roll
            self._plays = tuple(
                Play(tuple(_step(raw) for raw in steps), roll) for _, steps in self._found
            )
        return self._plays

    def raw_results(self) -> list[tuple[int, ...]]:
        """The resulting states (:attr:`Position.raw <nardy.Position.raw>` form), before the turn passes.

        The engine's fast path: no objects are built. Each tuple is in the
        mover's frame (the same frame as :attr:`position`): ``off[mover]``,
        points 1..24 (positive = the mover's), ``bar[mover]``,
        ``bar[opponent]``, ``off[opponent]``, then any extra state. See also
        :meth:`resulting_arrays`.
        """
        return [state for state, _ in self._found]

    def resulting_arrays(self) -> list[dict[str, list[int]]]:
        """The resulting positions in the mover-relative array form, unflipped.

        Each item is ``{"board": [...24], "bar": [m, o], "off": [m, o]}`` (plus
        any extra keys of the variant) in the frame of the side that just
        played (as ``nardy legal`` prints).
        """
        variant = self._position.variant
        turn = self._position.turn
        return [
            Position.from_raw(variant, turn, state, check=False).to_array()
            for state, _ in self._found
        ]

    def has(self, play: Play | str) -> bool:
        """Whether ``play`` (a :class:`Play` or notation) is legal here; never raises."""
        return play in self

    def index(self, play: object, start: int = 0, stop: int = sys.maxsize) -> int:
        """The index of ``play``: a :class:`Play` (matched by resulting position) or notation.

        Raises :class:`~nardy.errors.IllegalPlayError` (a :class:`ValueError`,
        as ``list.index`` raises) when it is not legal here.
        """
        if isinstance(play, str):
            i = self.find_index(play)
        elif isinstance(play, Play):
            i = self._position.variant.index_of(self, play)
        else:
            raise IllegalPlayError(f"not a play: {play!r}")
        if not start <= i < stop:
            raise IllegalPlayError(f"{play!r} is not in the given range")
        return i

    def locate(self, play: Play | str | int) -> int:
        """The index of ``play``: a :class:`Play`, its notation, or an index into this set.

        What :meth:`Game.play <nardy.Game.play>` accepts. Raises
        :class:`~nardy.errors.IllegalPlayError` (or
        :class:`~nardy.errors.InvalidNotationError` for unreadable notation).
        """
        if isinstance(play, bool):
            raise IllegalPlayError(f"not a play: {play!r}")
        if isinstance(play, int):
            if not 0 <= play < len(self):
                raise IllegalPlayError(
                    f"play index {play} out of range: {len(self)} legal plays for roll {self._roll}"
                )
            return play
        if isinstance(play, str):
            if not play.strip() and self.is_pass:
                return 0
            return self.find_index(play)
        if isinstance(play, Play):
            if play.roll != self._roll:
                raise IllegalPlayError(
                    f"play {play.notation()!r} is for roll {play.roll}, but the dice are {self._roll}"
                )
            return self._position.variant.index_of(self, play)
        raise IllegalPlayError(f"not a play: {play!r}")

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
        if not isinstance(item, (str, Play)):
            return False
        if isinstance(item, Play) and item.roll != self._roll:
            return False
        try:
            self.index(item)
        except NardyError:
            return False
        return True

    def __repr__(self) -> str:
        plays = self._all_plays()
        shown = ", ".join(repr(p.notation()) for p in plays[:8])
        more = ", ..." if len(plays) > 8 else ""
        return f"<LegalPlays roll={self._roll} n={len(plays)} ({shown}{more})>"

    @property
    def is_pass(self) -> bool:
        """True when nothing can be played (the set is one empty play)."""
        return len(self._found) == 1 and not self._found[0][1]

    def resulting_position(self, index: int) -> Position:
        """The position after the play at ``index`` (the turn passed); only that one is built."""
        made = self._results[index]
        if made is None:
            position = self._position
            variant = position.variant
            made = Position.from_raw(
                variant,
                position.turn.opponent,
                variant.flipper()(self._found[index][0]),
                check=False,
            )
            self._results[index] = made
        return made

    def result(self, play: Play | int) -> Position:
        """The position after ``play`` (a play of this set, or its index)."""
        if isinstance(play, int) and not isinstance(play, bool):
            return self.resulting_position(play)
        if isinstance(play, Play):
            return self.resulting_position(self.index(play))
        raise IllegalPlayError(f"not a play or an index: {play!r}")

    def items(self) -> Iterator[tuple[Play, Position]]:
        """Iterate over ``(play, resulting position)`` pairs."""
        return zip(self._all_plays(), self.resulting_positions())

    def resulting_positions(self) -> tuple[Position, ...]:
        """The resulting positions, in the order of the plays (turn passed)."""
        made = self._results
        if None in made:
            position = self._position
            variant = position.variant
            turn = position.turn.opponent
            flip = variant.flipper()
            build = Position.from_raw
            made[:] = [
                build(variant, turn, flip(state), check=False) if have is None else have
                for (state, _), have in zip(self._found, made)
            ]
        return tuple(made)  # type: ignore[arg-type]  # every entry is built now

    def notations(self) -> list[str]:
        """The plays in standard notation, in order."""
        return [p.notation() for p in self._all_plays()]

    def find(self, notation: str) -> Play:
        """The legal play that ``notation`` denotes (lenient; resolved by result).

        Raises :class:`~nardy.errors.InvalidNotationError`,
        :class:`~nardy.errors.IllegalPlayError` or
        :class:`~nardy.errors.AmbiguousPlayError`.
        """
        return self._all_plays()[self.find_index(notation)]

    def find_index(self, notation: str) -> int:
        """The index of the legal play that ``notation`` denotes (see :meth:`find`)."""
        return resolve_notation(self, notation)


_STEP_CACHE: dict[RawStep, Step] = {}


def _step(raw: RawStep) -> Step:
    """The public :class:`Step` of a raw step (shared: steps are immutable)."""
    step = _STEP_CACHE.get(raw)
    if step is None:
        step = _STEP_CACHE[raw] = Step(raw[0], raw[1], raw[2], raw[3])
    return step
