"""Tavli (portes, plakoto, fevga) and Turkish tavla.

Portes is backgammon with its own scoring; tavla adds the home-hit rule
(:func:`nardy.rules.tavli.home_hit_stops`). Plakoto's movement is data
(mirror geometry, pinning contact, no bar) and its mother checker a rule on
finished plays (:func:`nardy.rules.tavli.mother_verdict`). Fevga moves as
long nardy does (rotate geometry, one checker holds a point, no bar) with
three rules of its own (:class:`nardy.rules.tavli.FevgaSteps`,
:func:`nardy.rules.tavli.trapped`). The documentation page of each variant
gives the rules in prose with the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

import attrs

from nardy.errors import InvalidOptionError
from nardy.model.basics import Roll, Side
from nardy.model.position import Position
from nardy.model.registry import register_variant
from nardy.model.result import Result, ResultKind
from nardy.rules.tavli import (
    DRAW,
    MOTHER_EXCEPTIONS,
    MOVER_WINS,
    OPEN_TRAP,
    PLAY_ON,
    START,
    TRAP_PRIMES,
    fevga_roll_step_rule,
    fevga_step_rule,
    home_hit_stops,
    mother_verdict_packed,
    mothers_both_pinned_packed,
    trapped,
)
from nardy.rules.turn_rules import HitterRule, PlayFilter, RollRules, StepRule
from nardy.rules.vocabulary import Contact, Geometry
from nardy.variants.backgammon import Backgammon
from nardy.variants.base import State, Variant
from nardy.variants.options import choice, read_int, to_bool
from nardy.variants.scoring import PRESETS, ScoringRow, ScoringTable, none_off, single

__all__ = ["TAVLI_GAME_DEFAULTS", "Fevga", "Plakoto", "Portes", "Tavla"]

#: How all four games are played unless the players agree otherwise: no
#: doubling cube, and the opening winner (one die each, ties throw again)
#: throws both dice afresh for his first turn, so it may be a double.
TAVLI_GAME_DEFAULTS: MappingProxyType[str, object] = MappingProxyType(
    {"cube": False, "opening": "one_die_each_reroll"}
)


@register_variant
@attrs.frozen
class Portes(Backgammon):
    """Portes (Greek backgammon): backgammon's board and moves, scored single 1, gammon 2.

    Its legal plays are backgammon's. A loser who would be backgammoned
    loses a gammon (``scoring="russian"``, the default); ``"standard"``
    restores the 3-point backgammon. The options are backgammon's.
    """

    name: ClassVar[str] = "portes"
    game_defaults: ClassVar[Mapping[str, object]] = TAVLI_GAME_DEFAULTS
    aliases: ClassVar[tuple[str, ...]] = ("πόρτες", "greek-backgammon")

    #: Scoring preset; ``"russian"`` (single 1, gammon 2) by default.
    scoring: str = attrs.field(default="russian", validator=choice(*PRESETS))


@register_variant
@attrs.frozen
class Tavla(Backgammon):
    """Tavla (Turkish backgammon): backgammon where a checker that hits at home stops.

    A checker that hits a blot on the mover's points 1-6 may not move again
    in that turn (:func:`nardy.rules.tavli.home_hit_stops`); other checkers
    may. Scored single 1, gammon 2 (``scoring="russian"``, the default;
    ``"standard"`` gives a backgammon 3).
    """

    name: ClassVar[str] = "tavla"
    game_defaults: ClassVar[Mapping[str, object]] = TAVLI_GAME_DEFAULTS
    aliases: ClassVar[tuple[str, ...]] = ("turkish-tavla", "turkish tavla")

    #: Scoring preset; ``"russian"`` (single 1, gammon 2) by default.
    scoring: str = attrs.field(default="russian", validator=choice(*PRESETS))

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        """The home-hit rule: a checker that hits on points 1-6 stops there."""
        return home_hit_stops()

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """Every roll's rules: the home-hit rule (it reads nothing of the position)."""
        return RollRules(hitter_rule=home_hit_stops())


def _by_rule(position: Position, loser: Side) -> bool:
    """Never true on a finished bear-off: a kind the variant's own rule gives."""
    return False


@attrs.frozen
class _FromTheHead(Variant):
    """Plakoto's and fevga's data: all 15 start on the side's own 24-point; no bar, no cube."""

    game_defaults: ClassVar[Mapping[str, object]] = TAVLI_GAME_DEFAULTS
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({START: 15})
    has_bar: ClassVar[bool] = False


@register_variant
@attrs.frozen
class Plakoto(_FromTheHead):
    """Plakoto: all fifteen on the 24-point, no hitting: a checker pins a lone opposing one.

    Landing on a point with exactly one free opposing checker pins it: both
    stay, the pinned one underneath, and it cannot move until the pinning
    stack has left. No bear-off while one of the mover's checkers is pinned.
    Results: single 1, gammon 2; and the mother rule: a side whose last
    checker on its starting point lies pinned loses (``mother_points``) once
    the pinner has no checker left on its own starting point; both mothers
    pinned is a draw.

    Args:
        mother: the mother rule (default True).
        mother_exception: ``"own-start"`` (default: the win waits while the
            pinner still has checkers on his own starting point) or
            ``"none"`` (a pinned mother loses at once).
        mother_points: what the mother win is worth (default 2).
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).

    """

    name: ClassVar[str] = "plakoto"
    aliases: ClassVar[tuple[str, ...]] = ("πλακωτό",)
    geometry: ClassVar[Geometry] = Geometry.MIRROR
    contact: ClassVar[Contact] = Contact.PIN

    #: The mother rule (a pinned last checker on its start loses the game).
    mother: bool = attrs.field(default=True, converter=to_bool)
    #: ``"own-start"`` (default) or ``"none"``: see the class docstring.
    mother_exception: str = attrs.field(default="own-start", validator=choice(*MOTHER_EXCEPTIONS))
    #: Points of the mother win (default 2).
    mother_points: int = attrs.field(default=2, converter=read_int)
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=to_bool)

    @mother_points.validator
    def _positive(self, attribute: object, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidOptionError(f"plakoto: mother_points is an integer >= 1, got {value!r}")

    def scoring_table(self) -> ScoringTable:
        """Single 1, gammon 2, and the mother win (given by the rule, not by the bear-off)."""
        rows = (
            ScoringRow(ResultKind.MOTHER, _by_rule, self.mother_points),
            ScoringRow(ResultKind.GAMMON, none_off, 2),
            ScoringRow(ResultKind.SINGLE, single, 1),
        )
        return ScoringTable("plakoto", rows if self.mother else rows[1:])

    def _verdict(self, position: Position) -> int:
        if self.mother:
            return mother_verdict_packed(position.packed, self.mother_exception)
        # With the rule off, both mothers pinned is still the end: from there
        # neither side can ever bear off (mothers_both_pinned_packed says why).
        return DRAW if mothers_both_pinned_packed(position.packed) else PLAY_ON

    def is_over(self, position: Position) -> bool:
        """Over when a side has borne off everything, or the mother rule has decided.

        With ``mother=False`` a game in which both mothers lie pinned is over
        too, as a draw: neither side can ever bear off from there.
        """
        # Asked before every set of legal plays: one call less than _verdict,
        # and the base class named, not found by super() (a third of the cost).
        if Variant.is_over(self, position):
            return True
        if self.mother:
            return mother_verdict_packed(position.packed, self.mother_exception) != PLAY_ON
        return mothers_both_pinned_packed(position.packed)

    def result(self, position: Position) -> Result | None:
        """The bear-off result, or the mother rule's: a win for ``mother_points``, or a draw.

        With ``mother=False``, both mothers pinned is a draw (see :meth:`is_over`).
        """
        verdict = self._verdict(position)
        if verdict == PLAY_ON:
            return super().result(position)
        if verdict == DRAW:
            return Result(None, ResultKind.DRAW, 0)
        winner = position.turn if verdict == MOVER_WINS else position.turn.opponent
        return Result(winner, ResultKind.MOTHER, self.mother_points)


@register_variant
@attrs.frozen
class Fevga(_FromTheHead):
    """Fevga: long nardy's board and direction, one checker holds a point, no hitting.

    Each side starts with fifteen on its own 24-point, in opposite corners,
    and both move the same way round. Until one of the mover's checkers has
    passed the opponent's starting point no second checker may leave the
    24-point; the mover may never hold all six points of his starting
    quarter (19-24); and trapping primes follow ``trap_prime``. Results:
    single 1, gammon 2.

    Args:
        trap_prime: ``"open"`` (default: a player who holds a six-point
            prime with every opposing checker behind it at the start of his
            turn must open it if any play can), ``"forbidden"`` (no move may
            land inside such a prime) or ``"allowed"``.
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).

    """

    name: ClassVar[str] = "fevga"
    aliases: ClassVar[tuple[str, ...]] = ("φεύγα",)
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    contact: ClassVar[Contact] = Contact.BLOCK

    #: ``"open"`` (default), ``"forbidden"`` or ``"allowed"``: see the class docstring.
    trap_prime: str = attrs.field(default="open", validator=choice(*TRAP_PRIMES))
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=to_bool)

    def scoring_table(self) -> ScoringTable:
        """Single 1, gammon 2 (the ``"russian"`` preset)."""
        return PRESETS["russian"]

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The starting checker, the starting quarter and (``"forbidden"``) no trapping prime."""
        moves = 4 if roll.is_double else 2
        forbid = self.trap_prime == "forbidden"
        return fevga_step_rule(start, self.checkers, forbid, moves, roll.low)

    def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
        """With ``trap_prime="open"`` and a trapping prime at the start: plays that open it, if any."""
        if self.trap_prime != "open" or not trapped(start):
            return None
        return OPEN_TRAP

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """Every roll's rules as data: the starting checker, the quarter, the trapping prime (forbidden, or opened when the start holds one)."""
        step_rule = fevga_roll_step_rule(self.checkers, self.trap_prime == "forbidden")
        return RollRules(step_rule, play_filter=OPEN_TRAP if self.trap_prime == "open" else None)
