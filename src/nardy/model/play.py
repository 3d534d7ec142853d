"""Plays: one whole roll, as checker steps (the set of legal plays is :mod:`nardy.model.legal`)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from nardy.engine.notation_write import point_name, write_steps
from nardy.engine.state import RawStep, steps_of_code
from nardy.errors import IllegalPlayError, InvalidNotationError
from nardy.model.basics import Roll
from nardy.model.validate import shown

__all__ = ["Play", "Step", "check_play", "format_steps", "steps_of"]


@attrs.frozen(order=True)
class Step:
    """One checker moved by one die, in the mover's numbering.

    ``src`` is 1..24, :data:`~nardy.model.basics.BAR` (25) or, in a variant
    with a pool (:data:`~nardy.POOL`), :data:`~nardy.rules.board.FROM_POOL`
    (26, written ``pool``); ``dst`` is 1..24 or
    :data:`~nardy.model.basics.OFF` (0). ``hit`` is true when the step sent an
    opposing blot to the bar (or to its owner's pool). ``die`` is the die value used (for a bear-off
    from a lower point it can exceed ``src - dst``).
    """

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.src)}/{point_name(self.dst)}{'*' if self.hit else ''}"


def format_steps(steps: Sequence[Step]) -> str:
    """Format steps in standard (gnubg-style) notation.

    Steps of one checker are joined (``13/7/1`` is written ``13/1``) except
    that a point where the checker hit is kept (``24/18*/15``); identical
    moves are counted (``8/5(2)``); moves are listed from the highest source
    down. An empty sequence (a pass) formats as ``""``. (The rule is
    :func:`nardy.engine.notation_write.write_steps`.) Anything but a list or tuple
    of :class:`Step` raises :class:`~nardy.errors.InvalidNotationError`.
    """
    if not isinstance(steps, (list, tuple)) or not all(isinstance(s, Step) for s in steps):
        raise InvalidNotationError(f"format_steps takes a list of steps, got {shown(steps)}")
    return write_steps([s.src for s in steps], [s.dst for s in steps], [s.hit for s in steps])


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


_STEP_CACHE: dict[RawStep, Step] = {}


def _step(raw: RawStep) -> Step:
    """The public :class:`Step` of a raw step (shared: steps are immutable)."""
    step = _STEP_CACHE.get(raw)
    if step is None:
        step = _STEP_CACHE[raw] = Step(raw[0], raw[1], raw[2], raw[3])
    return step


_PLAY_STEPS: dict[int, tuple[Step, ...]] = {}


def steps_of(code: int) -> tuple[Step, ...]:
    """The :class:`Step` objects of a packed play (shared: the same code, the same steps)."""
    steps = _PLAY_STEPS.get(code)
    if steps is None:
        steps = tuple(_step(raw) for raw in steps_of_code(code))
        if len(_PLAY_STEPS) < 100_000:
            _PLAY_STEPS[code] = steps
    return steps


def check_play(play: Play) -> None:
    """A play made by hand must hold steps a legal play could have: points, dice, a roll."""
    roll = play.roll
    if not isinstance(roll, Roll):
        raise IllegalPlayError(f"a play's roll must be a nardy.Roll, got {shown(roll)}")
    steps = play.steps
    if not isinstance(steps, tuple) or len(steps) > 8:
        raise IllegalPlayError(f"a play's steps must be a tuple of steps, got {shown(steps)}")
    for step in steps:
        if (
            not isinstance(step, Step)
            or any(type(v) is not int for v in (step.src, step.dst, step.die))
            or not (0 <= step.dst < step.src <= 26 and 1 <= step.die <= 6)
        ):
            raise IllegalPlayError(f"not a step of a play: {shown(step)} in {shown(steps)}")
