"""The match and cube context of an analysis: :class:`Context`, read from a :class:`~nardy.MatchState`.

A nardy :class:`~nardy.Position` holds the checkers and the side to move;
the cube, the score and the match length are a
:class:`~nardy.MatchState`'s (what a gnubg ID's Match ID or an XGID
carries: :func:`nardy.formats.read_gnubg_id`, :func:`nardy.formats.read_xgid`).
Every engine method takes one as ``match=`` (``None``: money play, the cube
centred at 1, no Jacoby rule, no beavers) and turns it into a
:class:`Context` with :func:`context_of`; the cube model
(:mod:`nardy.analysis.cube`) and the match review work on contexts.

**The position says who is on roll**: the state's own ``turn``, dice and
pending actions are not read, so one state serves a position and the
positions after each of its plays (the other side then on roll). What is
read: the match length and score (as the points each side still needs,
all the cube model uses), the Crawford game, the cube's value and owner,
and in money play the Jacoby rule and beavers.
"""

from __future__ import annotations

import enum

import attrs

from nardy.analysis.met import MAX_AWAY, MatchEquityTable, kazaross_xg2
from nardy.errors import AnalysisInputError, MatchStateError
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

    @property
    def flipped(self) -> Owner:
        """The same owner seen from the other side."""
        if self is Owner.MOVER:
            return Owner.OPPONENT
        if self is Owner.OPPONENT:
            return Owner.MOVER
        return self


def _check(context: Context) -> None:
    """Raise :class:`~nardy.errors.MatchStateError` for a state that cannot be."""
    c = context
    for name, away in (("away", c.away), ("opponent_away", c.opponent_away)):
        if type(away) is not int or not 0 <= away <= MAX_AWAY:
            raise MatchStateError(f"{name} is 0 (money) or 1..{MAX_AWAY} points, got {away!r}")
    if (c.away == 0) != (c.opponent_away == 0):
        raise MatchStateError(
            f"money play has both away counts 0, got {c.away} and {c.opponent_away}"
        )
    if type(c.cube) is not int or c.cube < 1 or c.cube & (c.cube - 1):
        raise MatchStateError(f"the cube is a power of two, got {c.cube!r}")
    if not isinstance(c.owner, Owner):
        raise MatchStateError(f"owner is an Owner, got {c.owner!r}")
    if c.money:
        if c.crawford:
            raise MatchStateError("money play has no Crawford game")
        return
    if c.jacoby or c.beaver:
        raise MatchStateError("the Jacoby rule and beavers are money-play rules")
    if c.crawford and 1 not in (c.away, c.opponent_away):
        raise MatchStateError(
            f"the Crawford game needs a player 1 away, got {c.away} and {c.opponent_away} away"
        )


@attrs.frozen(kw_only=True, cache_hash=True)
class Context:
    """The cube and score around a position, from the side on roll's point of view.

    Money play when both away counts are 0 (the default). Impossible
    states raise :class:`~nardy.errors.MatchStateError` naming the field.
    A context is hashable (the cube model caches what it reads from the
    match equity table by context).
    """

    #: Points the side on roll needs to win the match (0: money play).
    away: int = 0
    #: Points its opponent needs (0: money play).
    opponent_away: int = 0
    #: This game is the Crawford game.
    crawford: bool = False
    #: The cube's value.
    cube: int = 1
    #: Who owns it.
    owner: Owner = Owner.CENTRED
    #: Money play: gammons count only once the cube is turned.
    jacoby: bool = False
    #: Money play: beavers allowed.
    beaver: bool = False
    #: The match equity table (match play; gnubg's default, Kazaross-XG2).
    met: MatchEquityTable = attrs.field(factory=kazaross_xg2, repr=False)

    def __attrs_post_init__(self) -> None:
        _check(self)

    @property
    def money(self) -> bool:
        """Whether this is money play."""
        return self.away == 0

    @property
    def post_crawford(self) -> bool:
        """Whether a player is 1 away (the Crawford game or after it): the MET's post-Crawford part."""
        return self.crawford or 1 in (self.away, self.opponent_away)

    @property
    def may_double(self) -> bool:
        """Whether the side on roll may turn the cube now (gnubg's test, its ``GetDPEq``).

        The cube is centred or its own; in match play also not the Crawford
        game, and the cube's value does not already win it the match (a
        double would be pointless: the leader after the Crawford game, a
        cube already as big as its need).
        """
        if self.owner is Owner.OPPONENT:
            return False
        return self.money or (not self.crawford and self.cube < self.away)

    @property
    def cube_alive(self) -> bool:
        """False where gnubg evaluates cubeless in match play (its ``fDoCubeful``).

        The cube is dead when it already covers both players' needs, at
        2-away 2-away (the next double would be the last), and in the
        Crawford game. Always true for money.
        """
        if self.money:
            return True
        if self.cube >= self.away and self.cube >= self.opponent_away:
            return False
        if self.away == 2 and self.opponent_away == 2:
            return False
        return not self.crawford

    def why_not_double(self) -> str:
        """Why the side on roll may not double ("" when it may)."""
        if self.may_double:
            return ""
        if self.owner is Owner.OPPONENT:
            return "its opponent owns the cube"
        if self.crawford:
            return "the Crawford game"
        return f"the cube at {self.cube} already wins it the match ({self.away} away)"

    def flipped(self) -> Context:
        """The context seen from the opponent (after a play, the opponent on roll)."""
        return attrs.evolve(
            self, away=self.opponent_away, opponent_away=self.away, owner=self.owner.flipped
        )

    def doubled(self) -> Context:
        """The context after the side on roll doubles and the opponent takes (the opponent owns it)."""
        return attrs.evolve(self, cube=2 * self.cube, owner=Owner.OPPONENT)


def context_of(
    position: Position, match: MatchState | None, met: MatchEquityTable | None = None
) -> Context:
    """The context of ``position`` (its side on roll) under ``match`` (``None``: money, cube centred at 1).

    ``met``: the match equity table (default :func:`~nardy.analysis.met.kazaross_xg2`).
    A finished match raises :class:`~nardy.errors.MatchStateError`.
    """
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
            raise MatchStateError(
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
        met=kazaross_xg2() if met is None else met,
    )
