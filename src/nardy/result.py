"""How a finished game ended: winner, kind and points."""

from __future__ import annotations

import enum

import attrs

from nardy.core import Side

__all__ = ["Result", "ResultKind"]


class ResultKind(enum.Enum):
    """How far behind the loser was when the winner bore off his last checker.

    The values are stable strings (used in JSON). Which kinds a variant uses,
    and what each is worth, depends on the variant's scoring options.
    """

    #: The loser has borne off at least one checker (backgammon "single",
    #: nardy "oin").
    SINGLE = "single"
    #: The loser has borne off none (backgammon "gammon", nardy "mars").
    #: In the four-level table: none off, but all of them in his home board.
    GAMMON = "gammon"
    #: Four-level table only (seed 001's "home mars"): none off and some
    #: still outside his home board, none on the bar or in the winner's home.
    HOME_MARS = "home-mars"
    #: None off and a checker on the bar or in the winner's home board
    #: (backgammon "backgammon", nardy "koks"). In long nardy (option
    #: ``koks``): none off and a checker that never passed the winner's home.
    BACKGAMMON = "backgammon"
    #: Optional fourth kind (seed 003): a backgammon with a checker still on
    #: the bar.
    BACKGAMMON_ON_BAR = "backgammon-on-bar"


@attrs.frozen
class Result:
    """The outcome of a finished position.

    ``points`` is what the game is worth before the doubling cube; a game or
    match object multiplies it by the cube value.
    """

    winner: Side
    kind: ResultKind
    points: int

    @property
    def loser(self) -> Side:
        """The side that lost."""
        return self.winner.opponent
