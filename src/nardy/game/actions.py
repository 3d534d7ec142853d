"""The values a game is made of: its phase, its history, its cube, its outcome.

These are the immutable pieces of a :class:`~nardy.game.game.Game` snapshot and
of its JSON record: what the game waits for (:class:`Phase`), the entries of
its history (:class:`Action`, :class:`ActionKind`), the doubling cube
(:class:`CubeState`), a pending :class:`Resignation`, and how the game ended
(:class:`Outcome`, :class:`EndReason`), with the scores they carry
(:data:`Number`).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from nardy.model.basics import Side
from nardy.model.play import Play
from nardy.model.result import Result, ResultKind, checkers_worth, names_kind

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = [
    "Action",
    "ActionKind",
    "CubeState",
    "EndReason",
    "Number",
    "Outcome",
    "Phase",
    "Resignation",
    "as_number",
    "scored_kinds",
]

Number = int | float
"""A score: an int, or a float with a half for last-roll draws (exact in binary)."""


def as_number(value: float) -> Number:
    """A score as :data:`Number`: ``2.0`` -> ``2``; halves stay floats."""
    return int(value) if float(value).is_integer() else value


def scored_kinds(variant: Variant) -> tuple[ResultKind, ...]:
    """The result kinds ``variant`` scores (what a resignation may offer).

    The same as :meth:`Variant.result_kinds() <nardy.variants.base.Variant.result_kinds>`.
    """
    return variant.result_kinds()


class Phase(enum.Enum):
    """What the game is waiting for."""

    #: The opening roll that decides who starts (:meth:`Game.roll <nardy.game.game.Game.roll>`).
    OPENING = "opening"
    #: The side on turn may double, resign or roll.
    ROLL = "roll"
    #: The side on turn has rolled and must play (or resign).
    MOVE = "move"
    #: The side on turn must name a double before he plays on (acey-deucey's
    #: 1-2: :meth:`Game.name_double <nardy.game.game.Game.name_double>`).
    DECIDE = "decide"
    #: A double is pending: the opponent takes, drops or (option) beavers.
    DOUBLED = "doubled"
    #: The taker beavered: the original doubler takes or drops the beaver.
    BEAVERED = "beavered"
    #: The doubler raccooned the beaver: the beaverer takes or drops it.
    RACCOONED = "raccooned"
    #: A resignation is pending: the opponent accepts or rejects it.
    RESIGNED = "resigned"
    #: The game is over; see :attr:`Game.outcome <nardy.game.game.Game.outcome>`.
    OVER = "over"


class ActionKind(enum.Enum):
    """The kinds of actions a game history records (stable strings, used in JSON)."""

    OPENING = "opening"
    ROLL = "roll"
    PLAY = "play"
    #: A named double (its dice are the double named).
    NAME = "name"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    RACCOON = "raccoon"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"


class EndReason(enum.Enum):
    """How a game ended."""

    #: A side bore off all its checkers.
    BEAR_OFF = "bear-off"
    #: A double (or a beaver or raccoon) was dropped.
    DROP = "drop"
    #: A resignation was accepted.
    RESIGN = "resign"
    #: A draw: long nardy's last-roll draw (option ``last_roll_draw``), or a
    #: position the variant's rules declare drawn.
    DRAW = "draw"
    #: The variant's rules ended the game on the board other than by bearing
    #: off (:meth:`Variant.result <nardy.Variant.result>` decided it).
    RULE = "rule"


@attrs.frozen
class Action:
    """One entry of a game's history.

    ``side`` is who acted (``None`` for the opening roll, which both make).
    ``dice`` is the opening roll (player 0's die or dice, then player 1's)
    or, for :attr:`ActionKind.ROLL`, the dice (two, or three in a variant of three dice); ``play`` the play made;
    ``level`` the resignation level offered.
    """

    kind: ActionKind
    side: Side | None = None
    dice: tuple[int, ...] | None = None
    play: Play | None = None
    level: ResultKind | None = None

    def to_dict(self, two_dice_opening: bool = False) -> dict[str, Any]:
        """The JSON form: ``{"action": "play", "side": "w", "play": "8/5 6/5"}``, ..."""
        out: dict[str, Any] = {"action": self.kind.value}
        if self.side is not None:
            out["side"] = self.side.letter
        if self.dice is not None:
            if self.kind is ActionKind.OPENING and two_dice_opening:
                out["dice"] = [list(self.dice[:2]), list(self.dice[2:])]
            else:
                out["dice"] = list(self.dice)
        if self.play is not None:
            out["play"] = self.play.notation()
        if self.level is not None:
            out["level"] = self.level.value
        return out

    def __str__(self) -> str:
        if self.kind is ActionKind.PLAY and self.play is not None:
            who = f"{self.side.name.lower()} " if self.side is not None else ""
            return f"{who}plays {self.play.notation() or '(pass)'} with {self.play.roll}"
        if self.kind is ActionKind.OPENING and self.dice is not None:
            return f"opening roll {list(self.dice)}"
        return self.said_by("" if self.side is None else self.side.name.lower()).strip()

    def said_by(self, who: str) -> str:
        """A roll, a named double, a resignation or an answer in words, said of ``who``.

        ``who`` is a side or a player's name: ``"white rolls 31"``,
        ``"Anna names 66"``, ``"black resigns gammon"``, ``"white takes"``.
        """
        dice = "".join(map(str, self.dice or ()))
        if self.kind is ActionKind.ROLL and self.dice is not None:
            return f"{who} rolls {dice}"
        if self.kind is ActionKind.NAME and self.dice is not None:
            return f"{who} names {dice}"
        if self.kind is ActionKind.RESIGN and self.level is not None:
            return f"{who} resigns {self.level.value}"
        return f"{who} {self.kind.value}s"


@attrs.frozen
class CubeState:
    """The doubling cube: its value, its owner, and a pending double.

    ``owner`` is ``None`` while the cube is centred (nobody has accepted a
    double yet; automatic doubles leave it centred). ``offered_by`` is the
    side whose double awaits an answer; ``beavered`` is true when the taker
    answered with a beaver that now awaits the doubler's answer (and stays
    true while a raccoon of it awaits the beaverer's, phase
    :attr:`Phase.RACCOONED`).
    ``automatic`` counts the automatic doubles applied.
    """

    value: int = 1
    owner: Side | None = None
    offered_by: Side | None = None
    beavered: bool = False
    automatic: int = 0

    @property
    def centred(self) -> bool:
        """True while nobody owns the cube."""
        return self.owner is None

    @property
    def turned(self) -> bool:
        """True once a double has been accepted (what Jacoby and ``gammons_with_cube`` look at)."""
        return self.owner is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "value": self.value,
            "owner": None if self.owner is None else self.owner.letter,
            "offered_by": None if self.offered_by is None else self.offered_by.letter,
            "beavered": self.beavered,
            "automatic": self.automatic,
        }


@attrs.frozen
class Resignation:
    """A pending resignation: who offers it and at which level."""

    side: Side
    level: ResultKind


@attrs.frozen
class Outcome:
    """How a game ended and what it is worth.

    ``winner`` is ``None`` for a draw, in which case *each* side scores
    ``points``. ``kind`` is the result kind (from the final position, or the
    level of an accepted resignation; ``None`` for a drop or a draw);
    ``base`` the points before the cube (after Jacoby, ``gammons_with_cube``
    and ``scoring``), ``cube`` the cube value that multiplies it, and
    ``points = base * cube``. ``result`` is the final position's
    :class:`~nardy.model.result.Result` when the game was played out. ``name`` is
    what the variant's players call ``kind`` (``"mars"``, ``"draw"``;
    :meth:`Variant.result_name <nardy.Variant.result_name>`), the kind's
    value when none is given, and empty when there is no kind; it is what
    :meth:`to_dict` writes.

    ``rules_points`` is ``None`` unless a record states that the game was
    worth other points than the rules count (read leniently from a real
    export: ``Wins 1 point`` for a gammon; see
    :meth:`Game.with_stated_points <nardy.Game.with_stated_points>`): then
    ``points`` is the stated value, which is what the game scores, and
    ``rules_points`` the rules' count, ``base * cube``.
    """

    winner: Side | None
    reason: EndReason
    kind: ResultKind | None
    base: Number
    cube: int
    points: Number
    result: Result | None = None
    name: str = attrs.field(default="", eq=False, repr=False)
    rules_points: Number | None = attrs.field(default=None, repr=False)
    #: True when ``base`` counts the loser's checkers not borne off, a
    #: point each (``scoring="checkers-left"``, acey-deucey's per-checker
    #: scoring); not part of equality or of the JSON form.
    per_checker: bool = attrs.field(default=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Never empty when there is a kind, so that the attribute and the
        # JSON form (which always names the kind) say the same.
        if not self.name and self.kind is not None:
            object.__setattr__(self, "name", self.kind.value)

    def points_for(self, side: Side) -> Number:
        """What ``side`` scores from this game."""
        if self.winner is None or self.winner == side:
            return self.points
        return 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "winner": None if self.winner is None else self.winner.letter,
            "reason": self.reason.value,
            "kind": None if self.kind is None else self.kind.value,
            "name": self.name or None,
            "base": self.base,
            "cube": self.cube,
            "points": self.points,
            # Only when a record stated other points, so that other outcomes stay as they were.
            **({} if self.rules_points is None else {"rules_points": self.rules_points}),
        }

    def counted_checkers(self) -> str:
        """How per-checker points were counted (``one point for each of black's 15 checkers not borne off``), else ``""``."""
        if not self.per_checker or self.winner is None:
            return ""
        return checkers_worth(self.cube, int(self.base), self.winner.opponent)

    def __str__(self) -> str:
        """``white wins (gammon, bear-off): 4``; per-checker points say how they were counted."""
        if self.winner is None:
            return f"draw, {self.points} each"
        named = names_kind(self.kind, per_checker=self.per_checker) and self.name
        how = f"{self.name}, {self.reason.value}" if named else self.reason.value
        counted = self.counted_checkers()
        counted = f", {counted}" if counted else ""
        if self.rules_points is not None:
            return (
                f"{self.winner.name.lower()} wins ({how}): {self.points} "
                f"(stated; the rules count {self.rules_points}{counted})"
            )
        return f"{self.winner.name.lower()} wins ({how}): {self.points}{counted}"
