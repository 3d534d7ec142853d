"""How a finished game ended: winner, kind and points."""

from __future__ import annotations

import enum

import attrs

from nardy.errors import UnscoredKindError
from nardy.model.basics import Side

__all__ = ["Result", "ResultKind", "checkers_worth", "names_kind", "with_article"]


class ResultKind(enum.Enum):
    """How a game ended, measured by how far behind the loser was.

    The values are stable strings (used in JSON). Which kinds a variant uses,
    their conditions and what each is worth are its scoring table
    (:mod:`nardy.variants.scoring`).
    """

    #: The loser has borne off at least one checker (backgammon "single",
    #: nardy "oin").
    SINGLE = "single"
    #: The loser has borne off none (backgammon "gammon", nardy "mars").
    #: In the four-level table: none off, but all of them in his home board.
    GAMMON = "gammon"
    #: Four-level table only ("home mars"): none off and some still outside
    #: his home board, none on the bar or in the winner's home board.
    HOME_MARS = "home-mars"
    #: None off and a checker on the bar or in the winner's home board
    #: (backgammon "backgammon"); in long nardy and Kush ("koks"), a checker
    #: in the winner's home quarter or further back on the loser's route.
    BACKGAMMON = "backgammon"
    #: Optional fourth kind: a backgammon with a checker still on the bar.
    BACKGAMMON_ON_BAR = "backgammon-on-bar"
    #: Plakoto's mother rule: the loser's last checker on his starting
    #: point lies pinned (decided by the rule, not by a bear-off).
    MOTHER = "mother"
    #: Nobody won (a variant whose rules can end a game in a draw).
    DRAW = "draw"

    @classmethod
    def _missing_(cls, value: object) -> ResultKind:
        # ResultKind(x) for an unknown value: nardy's error, not the enum's ValueError.
        kinds = ", ".join(repr(kind.value) for kind in cls)
        text = repr(value) if isinstance(value, str) and len(value) <= 40 else type(value).__name__
        raise UnscoredKindError(f"not a result kind: {text} (one of {kinds})")


@attrs.frozen
class Result:
    """The outcome of a finished position.

    ``winner`` is ``None`` for a draw. ``points`` is what the game is worth
    before the doubling cube (to the winner; a draw is worth 0); a game or
    match object multiplies it by the cube value.
    """

    winner: Side | None
    kind: ResultKind
    points: int
    #: What the variant's players call it (``"mars"``;
    #: :meth:`Variant.result_name <nardy.Variant.result_name>`), filled in by
    #: :meth:`Position.result() <nardy.Position.result>`; not part of equality.
    name: str = attrs.field(default="", eq=False, repr=False)
    #: True when :attr:`points` count the loser's checkers not borne off, a
    #: point each (acey-deucey's ``scoring="per-checker"``); not part of equality.
    per_checker: bool = attrs.field(default=False, eq=False, repr=False)

    def __str__(self) -> str:
        """``white wins a mars, 2 points`` (in the variant's words: ``an oin``), or ``a draw``.

        Points that count checkers say so: ``white wins 15 points, one point
        for each of black's 15 checkers not borne off``.
        """
        if self.winner is None:
            return "a draw"
        plural = "s" if self.points != 1 else ""
        won = with_article(self.name or self.kind.value)
        if not self.per_checker:
            return f"{self.winner} wins {won}, {self.points} point{plural}"
        named = f" {won}," if names_kind(self.kind, per_checker=True) else ""
        each = checkers_worth(1, self.points, self.winner.opponent)
        return f"{self.winner} wins{named} {self.points} point{plural}, {each}"

    @property
    def loser(self) -> Side | None:
        """The side that lost (``None`` for a draw)."""
        return None if self.winner is None else self.winner.opponent

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None


def with_article(word: str) -> str:
    """``word`` after its indefinite article: ``a gammon``, ``an oin``, ``an acey-deucey``.

    For the names of results and of variants (and their specs), which are
    written as they sound: a vowel first takes ``an``. Every message that
    puts an article before such a name uses this.
    """
    return f"{'an' if word[:1].lower() in 'aeiou' and word else 'a'} {word}"


def names_kind(kind: ResultKind | None, *, per_checker: bool) -> bool:
    """Whether a result's words name its ``kind``: not a single game whose points count checkers.

    When every checker not borne off is worth a point, "single" says
    nothing about what the game is worth (gammons, where a table has them,
    still say something).
    """
    return kind is not None and not (per_checker and kind is ResultKind.SINGLE)


def checkers_worth(each: int, checkers: int, loser: Side) -> str:
    """How per-checker points were counted: ``one point for each of black's 15 checkers not borne off``.

    ``each`` is what a checker is worth (the cube's value in a game).
    """
    worth = "one point" if each == 1 else f"{each} points"
    plural = "s" if checkers != 1 else ""
    return f"{worth} for each of {loser}'s {checkers} checker{plural} not borne off"
