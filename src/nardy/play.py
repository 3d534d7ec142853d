"""Plays: one whole roll, as checker steps, and the set of legal plays."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import overload

import attrs

from nardy.core import BAR, OFF, Roll
from nardy.engine.layout import RawStep, steps_of_code, unpack
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
    objects are built only when asked for; the generator itself works on
    ints. Get one from :meth:`Position.legal_plays <nardy.Position.legal_plays>`.
    """

    __slots__ = ("_codes", "_keys", "_plays", "_position", "_results", "_roll")

    _position: Position
    _roll: Roll
    _keys: list[int]
    _codes: list[int]
    _plays: tuple[Play, ...] | None
    _results: list[Position | None] | None

    def __init__(self, position: Position, roll: Roll, keys: list[int], codes: list[int]) -> None:
        """Wrap the engine's plays: the resulting states' keys and the packed steps.

        :meth:`Variant.legal_plays <nardy.Variant.legal_plays>` builds these
        (from :meth:`Variant.play_keys <nardy.Variant.play_keys>`); a pass is
        the start's key with no steps.
        """
        self._position = position
        self._roll = roll
        self._keys = keys
        self._codes = codes
        self._plays = None
        self._results = None

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
            self._plays = tuple(Play(_steps(code), roll) for code in self._codes)
        return self._plays

    def raw_results(self) -> list[int]:
        """One key per resulting position, in order: the engine's fast path, no objects built.

        A key is an int: the resulting state packed (before the turn passes,
        in the frame of :attr:`position`), read as a little-endian number;
        equal keys are equal positions. :meth:`result_states` unpacks them;
        ``nardy.engine.layout.unpack(key.to_bytes(...))`` does it by hand.
        """
        return self._keys

    def result_states(self) -> list[tuple[int, ...]]:
        """The resulting states (:attr:`Position.raw <nardy.Position.raw>` form), before the turn passes.

        Each tuple is in the mover's frame (the same frame as
        :attr:`position`): ``off[mover]``, points 1..24 (positive = the
        mover's), ``bar[mover]``, ``bar[opponent]``, ``off[opponent]``, then
        any extra state. See also :meth:`resulting_arrays`.
        """
        size = len(self._position.packed)
        return [unpack(key.to_bytes(size, "little")) for key in self._keys]

    def resulting_arrays(self) -> list[dict[str, list[int]]]:
        """The resulting positions in the mover-relative array form, unflipped.

        Each item is ``{"board": [...24], "bar": [m, o], "off": [m, o]}`` (plus
        any extra keys of the variant) in the frame of the side that just
        played (as ``nardy legal`` prints).
        """
        variant = self._position.variant
        turn = self._position.turn
        size = len(self._position.packed)
        return [
            Position.from_packed(variant, turn, key.to_bytes(size, "little")).to_array()
            for key in self._keys
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
        return len(self._keys)

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
        return len(self._codes) == 1 and not self._codes[0]

    def resulting_position(self, index: int) -> Position:
        """The position after the play at ``index`` (the turn passed); only that one is built."""
        made = self._results
        if made is None:
            made = self._results = [None] * len(self._keys)
        else:
            position = made[index]
            if position is not None:
                return position
        start = self._position
        variant = start.variant
        packed = self._keys[index].to_bytes(len(start.packed), "little")
        position = Position.from_packed(
            variant, start.turn.opponent, variant.packed_flipper()(packed)
        )
        made[index] = position
        return position

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
        return tuple([self.resulting_position(i) for i in range(len(self._keys))])

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


_PLAY_STEPS: dict[int, tuple[Step, ...]] = {}


def _steps(code: int) -> tuple[Step, ...]:
    """The public steps of a packed play (shared between sets: the same code, the same steps)."""
    steps = _PLAY_STEPS.get(code)
    if steps is None:
        steps = tuple(_step(raw) for raw in steps_of_code(code))
        if len(_PLAY_STEPS) < 100_000:
            _PLAY_STEPS[code] = steps
    return steps
