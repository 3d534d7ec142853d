"""The match and cube context of an analysis, read from a :class:`~nardy.MatchState`.

A nardy :class:`~nardy.Position` holds the checkers and the side to move;
the cube, the score and the match length are a
:class:`~nardy.MatchState`'s (what a gnubg ID's Match ID or an XGID
carries: :func:`nardy.formats.read_gnubg_id`, :func:`nardy.formats.read_xgid`).
Every engine method takes one as ``match=`` (``None``: money play, the cube
centred at 1, no Jacoby rule, no beavers).

**The position says who is on roll**: the state's own ``turn``, dice and
pending actions are not read, so one state serves a position and the
positions after each of its plays (the other side then on roll). What is
read: the match length and score, the Crawford game, the cube's value and
owner, and in money play the Jacoby rule and beavers.
"""

from __future__ import annotations

import enum

import attrs

from nardy.errors import AnalysisInputError
from nardy.game.id_state import MatchState
from nardy.model.basics import Side
from nardy.model.position import Position

__all__ = ["Context", "Owner", "context_of"]


class Owner(enum.Enum):
    """Who owns the cube, seen from the side on roll."""

    CENTRED = "centred"
    #: The side on roll.
    MOVER = "mover"
    #: Its opponent.
    OPPONENT = "opponent"


@attrs.frozen(kw_only=True)
class Context:
    """The cube and score around a position, from the side on roll's point of view."""

    #: Points the side on roll needs to win the match (0: money play).
    away: int
    #: Points its opponent needs (0: money play).
    opponent_away: int
    #: This game is the Crawford game.
    crawford: bool
    #: The cube's value.
    cube: int
    #: Who owns it.
    owner: Owner
    #: Money play: gammons count only once the cube is turned.
    jacoby: bool
    #: Money play: beavers allowed.
    beaver: bool

    @property
    def money(self) -> bool:
        """Whether this is money play."""
        return self.away == 0

    @property
    def may_double(self) -> bool:
        """Whether the side on roll may turn the cube now."""
        return self.owner is not Owner.OPPONENT and not self.crawford

    def flipped(self) -> Context:
        """The context seen from the opponent (after a play, the opponent on roll)."""
        owner = {Owner.MOVER: Owner.OPPONENT, Owner.OPPONENT: Owner.MOVER}.get(
            self.owner, Owner.CENTRED
        )
        return attrs.evolve(self, away=self.opponent_away, opponent_away=self.away, owner=owner)


def context_of(position: Position, match: MatchState | None) -> Context:
    """The context of ``position`` (its side on roll) under ``match`` (``None``: money, cube centred at 1)."""
    if match is None:
        match = MatchState()
    if not isinstance(match, MatchState):
        raise AnalysisInputError(
            f"match= takes a nardy.MatchState or None, got {type(match).__name__}"
        )
    mover: Side = position.turn
    if match.money:
        away = opponent_away = 0
    else:
        away = match.length - match.score[mover]
        opponent_away = match.length - match.score[mover.opponent]
        if away <= 0 or opponent_away <= 0:
            raise AnalysisInputError(
                f"the match is over: {match.score[0]}-{match.score[1]} in a {match.length}-point match"
            )
    if match.cube_owner is None:
        owner = Owner.CENTRED
    else:
        owner = Owner.MOVER if match.cube_owner == mover else Owner.OPPONENT
    return Context(
        away=away,
        opponent_away=opponent_away,
        crawford=match.crawford,
        cube=match.cube,
        owner=owner,
        jacoby=match.money and match.jacoby,
        beaver=match.money and match.beaver,
    )
