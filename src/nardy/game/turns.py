"""Running a turn from a variant's turn hooks: after a roll, a play or a named double, who acts next.

The one place that turns the hooks' answers (:mod:`nardy.model.turns`,
:class:`~nardy.variants.turn_hooks.TurnHooks`) into the next state of a
turn, for :class:`~nardy.Game` and for anything else that plays whole turns:

* :func:`start_turn` -- after a roll: the roll counted (in a variant that
  counts rolls, :data:`ROLLS`) and the segments it gives;
* :func:`after_play` -- after a segment's play: the position with the side
  that acts next to move, and what remains;
* :func:`after_naming` -- after a named double;
* :func:`play_out` -- the three in a loop: a whole turn played by two
  choices a caller makes (which double to name, which play of a segment).

Each answers a :class:`Turn`: a position whose side to move is the side
that acts next, and the :class:`~nardy.model.turns.TurnState` it goes on
with (between turns: a roll is next). :func:`turn_id` and
:func:`from_turn_id` write and read the two as one ID, so that a game can
be stored and resumed anywhere in a turn (:meth:`Game.turn_id
<nardy.Game.turn_id>`, :meth:`Game.from_turn_id <nardy.Game.from_turn_id>`);
:func:`turn_refusal` says why a turn is not one its variant can be in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs

from nardy.errors import IllegalActionError, InvalidDiceError, InvalidIdError, InvalidOptionError
from nardy.model.basics import Roll
from nardy.model.legal import LegalPlays
from nardy.model.play import Play
from nardy.model.position import Position
from nardy.model.turns import BETWEEN_TURNS, TurnState
from nardy.model.validate import shown
from nardy.variants.base import Variant
from nardy.variants.turn_hooks import ROLLS as ROLLS  # (defined where variants can list it)
from nardy.variants.turn_hooks import ROLLS_COUNTED as ROLLS_COUNTED
from nardy.variants.turn_hooks import runs_turns

__all__ = [
    "ROLLS",
    "ROLLS_COUNTED",
    "Turn",
    "TurnPhase",
    "after_naming",
    "after_play",
    "count_roll",
    "from_turn_id",
    "play_out",
    "resumed",
    "start_turn",
    "turn_id",
    "turn_refusal",
]


class TurnPhase(enum.Enum):
    """What the side to act does next."""

    #: Play the first pending segment.
    PLAY = "play"
    #: Name a double (:meth:`Variant.double_choices <nardy.variants.turn_hooks.TurnHooks.double_choices>`).
    NAME = "name"
    #: Roll (a new turn).
    ROLL = "roll"


@attrs.frozen
class Turn:
    """Where a turn stands: the position (its side to move acts next) and what remains."""

    position: Position
    state: TurnState = BETWEEN_TURNS

    @property
    def phase(self) -> TurnPhase:
        """What the side to move does next (whether the game is over is the position's to say)."""
        if self.state.pending:
            return TurnPhase.PLAY
        return TurnPhase.NAME if self.state.name_double else TurnPhase.ROLL

    @property
    def segment(self) -> Roll | None:
        """The segment to play now (the first pending one), else ``None``."""
        return self.state.pending[0] if self.state.pending else None


def count_roll(variant: Variant, position: Position) -> Position:
    """``position`` with a roll of its side to move counted, in a variant that counts rolls (:data:`ROLLS`)."""
    fields = variant.extra_fields()
    if ROLLS not in fields:
        return position
    array = position.to_array()
    mine, theirs = array["rolls"]
    if mine >= ROLLS_COUNTED:
        return position
    array["rolls"] = [mine + 1, theirs]
    board, bar, off = array.pop("board"), array.pop("bar"), array.pop("off")
    return variant.position(board, bar, off, turn=position.turn, **array)


def start_turn(variant: Variant, position: Position, roll: Roll) -> Turn:
    """The turn ``roll`` begins for the side to move in ``position`` (:meth:`~nardy.variants.turn_hooks.TurnHooks.turn_start`).

    The hook sees ``position`` as it is before the roll; the turn goes on
    from it with the roll counted (:func:`count_roll`).
    """
    return Turn(count_roll(variant, position), variant.turn_start(position, roll))


def after_play(
    variant: Variant, before: Position, play: Play, after: Position, state: TurnState
) -> Turn:
    """The turn once ``play`` of the first pending segment of ``state`` took ``before`` to ``after``.

    ``after`` is the play's resulting position (the opponent to move); the
    answer's position has the side that acts next to move
    (:meth:`~nardy.variants.turn_hooks.TurnHooks.after_segment`). Once the game is over, it is
    ``after`` and nothing remains.
    """
    if after.is_over():
        return Turn(after)
    step = variant.after_segment(before, play, after, state.rest())
    return Turn(after.pass_turn() if step.same_side else after, step.state)


def after_naming(variant: Variant, position: Position, double: Roll, state: TurnState) -> Turn:
    """The turn once the side to move in ``position`` names ``double`` (:meth:`~nardy.variants.turn_hooks.TurnHooks.after_naming`).

    Raises :class:`~nardy.errors.IllegalActionError` when no double is to
    be named, or ``double`` is not one of
    :meth:`~nardy.variants.turn_hooks.TurnHooks.double_choices`.
    """
    if state.pending or not state.name_double:
        raise IllegalActionError(f"no double is to be named now ({position.id()})")
    choices = variant.double_choices(position, state)
    if double not in choices:
        named = ", ".join(str(r) for r in choices)
        raise IllegalActionError(f"{double} is not a double that may be named now (one of {named})")
    return Turn(position, variant.after_naming(position, double, state))


def play_out(
    turn: Turn,
    name: Callable[[Position, tuple[Roll, ...]], Roll],
    play: Callable[[Position, Roll, LegalPlays], int],
) -> Position:
    """Play ``turn`` out to the next roll: the position where it is made, or the finished game's.

    ``name(position, choices)`` answers the double to name among
    ``choices`` (:meth:`~nardy.variants.turn_hooks.TurnHooks.double_choices`)
    whenever one is to be named; ``play(position, segment, legal)`` the
    index in ``legal`` (``position.legal_plays(segment)``) of the play made
    for each segment. The turn runs through :func:`after_naming` and
    :func:`after_play`, as a :class:`~nardy.Game` runs it.
    """
    variant = turn.position.variant
    while turn.phase is not TurnPhase.ROLL:
        position = turn.position
        if turn.phase is TurnPhase.NAME:
            named = name(position, variant.double_choices(position, turn.state))
            turn = after_naming(variant, position, named, turn.state)
            continue
        segment = turn.segment
        assert segment is not None  # (phase PLAY)
        legal = position.legal_plays(segment)
        index = play(position, segment, legal)
        after = legal.resulting_position(index)
        if after.is_over():
            return after
        turn = after_play(variant, position, legal[index], after, turn.state)
    return turn.position


def turn_id(turn: Turn) -> str:
    """The position's ID, and after ``;`` what remains of the turn (nothing between turns).

    ``long-nardy:w:...;pending=34.44;again``: everything needed to go on
    from the middle of a turn (:meth:`TurnState.text <nardy.model.turns.TurnState.text>`).
    """
    rest = turn.state.text()
    return f"{turn.position.id()};{rest}" if rest else turn.position.id()


def from_turn_id(text: str) -> Turn:
    """Read :func:`turn_id` back.

    Raises :class:`~nardy.errors.InvalidIdError` for text that is not a
    turn ID or a turn its variant cannot be in (:func:`turn_refusal`), and
    the position's own errors (:meth:`Position.from_id <nardy.Position.from_id>`).
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"a turn's ID is a string, got {type(text).__name__}")
    head, _, rest = text.partition(";")
    turn = Turn(Position.from_id(head), TurnState.from_text(rest))
    why = turn_refusal(turn)
    if why is not None:
        raise InvalidIdError(f"not a turn of {turn.position.variant.spec()}: {why} ({shown(text)})")
    return turn


def turn_refusal(turn: Turn) -> str | None:
    """Why ``turn`` is not a place where a turn of its variant can stand, else ``None``.

    What remains must say something (between turns the state is empty:
    the ID is the position's alone). In a variant whose every turn is one
    roll played at once it is that roll, still to play
    (``pending=31r;roll=31``). Every segment and the roll must be dice the
    variant plays (:meth:`Variant.check_roll <nardy.Variant.check_roll>`).
    """
    state, variant = turn.state, turn.position.variant
    if state == BETWEEN_TURNS:
        return None
    if state.between_turns:
        return (
            f"nothing is left to play or name in {state.text()!r} (between turns a turn ID "
            "is the position's ID alone)"
        )
    first = state.pending[0] if state.pending else None
    plain = first is not None and state == TurnState(pending=(first,), roll=first)
    if not runs_turns(variant) and not plain:
        return (
            f"a turn of {variant.spec()} is one roll, played at once "
            f"(pending=XYr;roll=XY), not {state.text()!r}"
        )
    try:
        for dice in (*state.pending, *(() if state.roll is None else (state.roll,))):
            variant.check_roll(dice)
    except InvalidDiceError as exc:
        return str(exc)
    return None


def resumed(variant: Variant, start: object) -> Turn:
    """The turn a game of ``variant`` set up from ``start`` begins with (:meth:`Game.new <nardy.Game.new>`).

    ``start`` is a :class:`~nardy.model.position.Position` (its side to
    move rolls next) or a :class:`Turn` (the game goes on from there).
    Raises :class:`~nardy.errors.InvalidOptionError` for anything else, a
    position of another variant or already over, or a turn its variant
    cannot be in (:func:`turn_refusal`).
    """
    if isinstance(start, Position):
        start = Turn(start)
    if not (
        isinstance(start, Turn)
        and isinstance(start.position, Position)
        and isinstance(start.state, TurnState)
    ):
        raise InvalidOptionError(
            f"start must be a nardy.Position or a turn (nardy.game.turns.Turn), got {shown(start)}"
        )
    position = start.position
    if position.variant != variant:
        raise InvalidOptionError(
            f"the start position is {position.variant.spec()}, not {variant.spec()}"
        )
    if position.is_over():
        raise InvalidOptionError(f"the start position {position.id()} is already over")
    why = turn_refusal(start)
    if why is not None:
        raise InvalidOptionError(f"cannot start a game from this turn: {why}")
    return start
