"""Gul bara: the cascading doubles of the blocking family.

Movement is data: both sides start with fifteen on their own 24-point in
opposite corners and move the same way round (rotate geometry, as long
nardy); one checker holds a point, nothing is hit, there is no bar, no
pool and no cube. What is gul bara's own is its turn (rules B.3 of the
family's rules): a double d-d is a **cascade** of segments, four d's, four
(d+1)'s, ... four 6's, each maximised by itself; a double among the
**opening rolls** is four moves and no more; and when a segment of the
cascade is not fully played the rest is **handed over**: the opponent
plays it with his own checkers before he rolls. Those are the turn hooks
below (:class:`~nardy.variants.turn_hooks.TurnHooks`), reading the rolls
each side has made (:data:`~nardy.variants.turn_hooks.ROLLS`, counted up to
three). Gioul (:mod:`nardy.variants.gioul`) is the same game in opposite
directions. The documentation page ``variants/gul-bara`` gives the rules in
prose, with every option.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from nardy.errors import InvalidPositionError
from nardy.model.basics import Roll, Side
from nardy.model.position import Position
from nardy.model.registry import register_variant
from nardy.model.result import ResultKind
from nardy.rules.movement import BearOff
from nardy.rules.vocabulary import Contact, ExtraField, Geometry
from nardy.variants.base import Variant
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.scoring import PRESETS, ScoringRow, ScoringTable, none_off, single
from nardy.variants.turn_hooks import ROLLS, ROLLS_COUNTED

if TYPE_CHECKING:
    from nardy.model.play import Play
    from nardy.model.turns import TurnState, TurnStep

__all__ = [
    "BEAR_OFF_RULES",
    "CASCADE_FAILURES",
    "GUL_BARA_SCORING",
    "OPENING_EXCEPTIONS",
    "GulBara",
    "cascade",
    "in_start_quarter",
    "rolls_made",
]

#: Option ``opening_exception`` (rule B.3b): which rolls are *opening
#: rolls*, whose double is four moves and no cascade. ``"per-player"``:
#: each player's first three; ``"game"``: the first three of the game (the
#: starter's first and second, the other's first); ``"none"``.
OPENING_EXCEPTIONS: Final = ("per-player", "game", "none")

#: Option ``cascade_failure`` (rule B.3d): what a segment of a cascade that
#: is not fully played (k of its four moves) hands to the opponent:
#: ``"transfer"``: its 4 - k moves and the four moves of every higher
#: number; ``"current"``: only its 4 - k moves; ``"lose"``: nothing.
CASCADE_FAILURES: Final = ("transfer", "current", "lose")

#: Option ``bear_off`` (rule M.6): ``"larger"`` (a die larger than the
#: highest checker's point bears it off) or ``"exact"`` (a checker on p
#: leaves only with a p).
BEAR_OFF_RULES: Final = ("larger", "exact")

_TAVLI_LIKE: Final = MappingProxyType({"cube": False, "opening": "one_die_each_reroll"})


def cascade(number: int) -> tuple[Roll, ...]:
    """The segments of a cascade from ``number``: four of it, then four of each higher number up to the 6s."""
    return tuple(Roll(d, d) for d in range(number, 7))


def rolls_made(position: Position, side: Side) -> int:
    """The rolls ``side`` has made in the game, counted up to three (:data:`~nardy.variants.turn_hooks.ROLLS`)."""
    count = position.extra(side)["rolls"]
    assert isinstance(count, int)  # (a count, as ROLLS declares)
    return count


def in_start_quarter(position: Position, loser: Side) -> bool:
    """None off and a checker still on the loser's own 19-24 (gul bara's ``"standard"`` 3 points)."""
    return position.off(loser) == 0 and any(position.checkers(loser)[18:])


#: The scoring tables of option ``scoring`` (rule B.5): ``"mars"`` (1, or 2
#: when the loser has borne off none), ``"single"`` (1), ``"standard"`` (1,
#: 2, and 3 when the loser has borne off none and still has a checker on
#: his own 19-24).
GUL_BARA_SCORING: Final = MappingProxyType(
    {
        "mars": ScoringTable("mars", PRESETS["russian"].rows),
        "single": ScoringTable("single", (ScoringRow(ResultKind.SINGLE, single, 1),)),
        "standard": ScoringTable(
            "standard",
            (
                ScoringRow(ResultKind.BACKGAMMON, in_start_quarter, 3),
                ScoringRow(ResultKind.GAMMON, none_off, 2),
                ScoringRow(ResultKind.SINGLE, single, 1),
            ),
        ),
    }
)


@register_variant
@attrs.frozen
class GulBara(Variant):
    """Gul bara: long nardy's board without the head rule, one checker holds a point, cascading doubles.

    Fifteen checkers each on the own 24-point, the opponent's on the
    mover's 12-point; both move the same way round and bear off from the
    1-6 (all fifteen home first). A single checker closes a point; nothing
    is hit. A non-double is one segment (both dice if possible, else the
    higher). A double d-d outside the opening rolls is a cascade: four
    d's, four (d+1)'s, ... four 6's, each segment maximised by itself; the
    first segment that is not fully played ends the roller's turn and what
    is left passes to the opponent (``cascade_failure``), who plays it at
    once, segment by segment (the first one he cannot fully play ends
    them), then rolls for his own turn. A double among the opening rolls
    (``opening_exception``) is four moves and the turn ends.

    Args:
        opening_exception: ``"per-player"`` (default: each player's first
            three rolls), ``"game"`` (the first three rolls of the game) or
            ``"none"``.
        cascade_failure: ``"transfer"`` (default), ``"current"`` or
            ``"lose"`` (:data:`CASCADE_FAILURES`).
        transfer_without_move: whether the moves pass when the roller moved
            no checker in the turn (default True).
        bear_off: ``"larger"`` (default) or ``"exact"``.
        scoring: ``"mars"`` (default), ``"single"`` or ``"standard"``
            (:data:`GUL_BARA_SCORING`).
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).

    """

    name: ClassVar[str] = "gul-bara"
    aliases: ClassVar[tuple[str, ...]] = ("gulbara", "rosespring")
    start: ClassVar[Mapping[int, int]] = MappingProxyType({24: 15})
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    contact: ClassVar[Contact] = Contact.BLOCK
    has_bar: ClassVar[bool] = False
    extra_state: ClassVar[tuple[ExtraField, ...]] = (ROLLS,)
    #: True: moves handed over are asked as a double of k moves (``"moves": k`` in ``nardy legal``).
    segment_moves: ClassVar[bool] = True
    game_defaults: ClassVar[Mapping[str, object]] = _TAVLI_LIKE
    result_names: ClassVar[Mapping[ResultKind, str]] = MappingProxyType({ResultKind.GAMMON: "mars"})

    #: Which rolls are opening rolls (:data:`OPENING_EXCEPTIONS`); ``"per-player"`` by default.
    opening_exception: str = attrs.field(
        default="per-player", validator=choice(*OPENING_EXCEPTIONS)
    )
    #: What a failed segment of a cascade hands over (:data:`CASCADE_FAILURES`); ``"transfer"`` by default.
    cascade_failure: str = attrs.field(default="transfer", validator=choice(*CASCADE_FAILURES))
    #: Whether moves pass when the roller moved no checker in the turn (default True).
    transfer_without_move: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)
    #: The option ``bear_off``, ``"larger"`` (default) or ``"exact"``: see :attr:`bear_off`.
    bear_off_rule: str = attrs.field(
        default="larger", validator=choice(*BEAR_OFF_RULES), alias="bear_off"
    )
    #: The scoring (:data:`GUL_BARA_SCORING`); ``"mars"`` by default.
    scoring: str = attrs.field(default="mars", validator=choice(*GUL_BARA_SCORING))
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    @property
    def bear_off(self) -> BearOff:  # type: ignore[override]  # read from the option
        """The bear-off rule: the home board 1-6, a larger die bearing off unless ``bear_off="exact"``."""
        return _LARGER if self.bear_off_rule == "larger" else _EXACT

    def validate(
        self,
        board: tuple[int, ...],
        bar: tuple[int, int],
        off: tuple[int, int],
        extra: tuple[int, ...] = (),
    ) -> None:
        """The checks of every variant, and the counted rolls (``extra``) at most three each."""
        super().validate(board, bar, off, extra)
        if any(n > ROLLS_COUNTED for n in extra):
            raise InvalidPositionError(
                f"{self.name}: rolls are counted up to {ROLLS_COUNTED}, got rolls={list(extra)}"
            )

    def scoring_table(self) -> ScoringTable:
        """The table of option ``scoring`` (:data:`GUL_BARA_SCORING`)."""
        return GUL_BARA_SCORING[self.scoring]

    # --- the turn -----------------------------------------------------------------

    def is_opening_roll(self, position: Position) -> bool:
        """Whether the next roll of the side to move in ``position`` is an opening roll (rule B.3b).

        Read from the rolls made so far (:data:`~nardy.variants.turn_hooks.ROLLS`):
        fewer than three of his own (``"per-player"``), fewer than three in
        all (``"game"``), never (``"none"``).
        """
        if self.opening_exception == "none":
            return False
        mine = rolls_made(position, position.turn)
        if self.opening_exception == "per-player":
            return mine < ROLLS_COUNTED
        return mine + rolls_made(position, position.turn.opponent) < ROLLS_COUNTED

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        """A non-double or an opening double: one segment. Any other double: its cascade.

        The turn of an opening double names no roll (``TurnState.roll`` is
        ``None``): it is played as a plain roll, and nothing of it is ever
        handed over.
        """
        from nardy.model.turns import TurnState

        if not roll.is_double:
            return TurnState(pending=(roll,), roll=roll)
        if self.is_opening_roll(position):
            return TurnState(pending=(roll,))
        return TurnState(pending=cascade(roll.high), roll=roll)

    def after_segment(
        self, before: Position, play: Play, after: Position, state: TurnState
    ) -> TurnStep:
        """A segment of the roller's cascade not fully played hands the rest over (``cascade_failure``).

        Everything else follows the rule of runs (the default): the next
        segment of a fully played cascade, the end of the turn, or, for
        moves handed over, the recipient's own roll once they are played or
        the first of them is not fully played.
        """
        from nardy.model.turns import TurnStep, fully_played

        began = state.roll
        if (
            state.handed_over
            or began is None
            or not began.is_double
            or fully_played(play.roll, play)
        ):
            return super().after_segment(before, play, after, state)
        played = len(play.steps)
        if self.cascade_failure == "lose" or (
            not self.transfer_without_move and played == 0 and play.roll.high == began.high
        ):
            return TurnStep.end()
        left = play.roll.with_moves(len(play.roll.moves) - played)
        rest = state.pending if self.cascade_failure == "transfer" else ()
        return TurnStep.hand_over((left, *rest))


_LARGER: Final = BearOff(6, True)
_EXACT: Final = BearOff(6, False)
