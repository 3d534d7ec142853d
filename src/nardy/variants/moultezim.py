"""Moultezim: fevga's board with the starting checker and a quarter rule, the Turkish blocking game.

Movement is data: each side starts with fifteen on its own 24-point in
diagonally opposite corners (the opponent's start is the mover's
12-point), both travel the same way round (rotate geometry), one checker
holds a point and nothing is hit; no bar, no pool, no cube. Its two rules
are named rules of the rulebook, judged after each step: the starting
checker (:class:`~nardy.rules.named.LoneStarter`) and the quarter rule
(:class:`~nardy.rules.named.MaxHeldAlways` on the points of option
``quarter_rule``). The documentation page ``variants/moultezim`` gives the
rules in prose.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final

import attrs

from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.rules.named import LoneStarter, MaxHeldAlways
from nardy.rules.turn_rules import NamedChecks, NamedStep, RollRules, StepRule
from nardy.rules.vocabulary import Contact, Geometry
from nardy.variants.base import State, Variant
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.scoring import PRESETS, ScoringTable

__all__ = ["GAME_DEFAULTS", "QUARTER_RULES", "Moultezim"]


def _points(low: int, high: int) -> int:
    """The points ``low..high`` as a bitmask (bit p for point p)."""
    return sum(1 << p for p in range(low, high + 1))


#: Option ``quarter_rule`` (rule MZ.3): the points the mover may not hold
#: too many of, and how many he may hold, judged after every single move;
#: ``"none"``: no limit.
QUARTER_RULES: Final[Mapping[str, MaxHeldAlways | None]] = MappingProxyType(
    {
        "opp-start-4": MaxHeldAlways(_points(7, 12), 4),
        "opp-start-5": MaxHeldAlways(_points(7, 12), 5),
        "own-start-5": MaxHeldAlways(_points(19, 24), 5),
        "home-5": MaxHeldAlways(_points(1, 6), 5),
        "none": None,
    }
)

#: The game's defaults: no cube; the opening winner throws both dice afresh (rule MZ.1).
GAME_DEFAULTS: Final[Mapping[str, object]] = MappingProxyType(
    {"cube": False, "opening": "one_die_each_reroll"}
)

# The step rule of each quarter rule (a rule object is never changed: made once).
_RULES: Final[dict[str, StepRule]] = {}


@register_variant
@attrs.frozen
class Moultezim(Variant):
    """Moultezim: fevga's board and direction, the starting checker, and at most so many points of a quarter.

    Fifteen checkers each on the own 24-point, the opponent's on the
    mover's 12-point; both move the same way round and bear off from the
    1-6. A single checker closes a point; nothing is hit. Until one of the
    mover's checkers has passed the opponent's start (stands on his 1-11 or
    is borne off), no second checker may leave the 24-point. After every
    single move the mover may hold at most so many points of a quarter
    (``quarter_rule``). Results: single 1, gammon 2 (the loser has borne
    off none).

    Args:
        quarter_rule: ``"opp-start-4"`` (default: at most four of the
            mover's 7-12), ``"opp-start-5"`` (not all six of 7-12),
            ``"own-start-5"`` (not all six of 19-24), ``"home-5"`` (not all
            six of 1-6) or ``"none"`` (:data:`QUARTER_RULES`).
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).

    """

    name: ClassVar[str] = "moultezim"
    aliases: ClassVar[tuple[str, ...]] = ("multezim", "mültezim")
    start: ClassVar[Mapping[int, int]] = MappingProxyType({24: 15})
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    contact: ClassVar[Contact] = Contact.BLOCK
    has_bar: ClassVar[bool] = False
    game_defaults: ClassVar[Mapping[str, object]] = GAME_DEFAULTS

    #: The quarter rule (:data:`QUARTER_RULES`); ``"opp-start-4"`` by default.
    quarter_rule: str = attrs.field(default="opp-start-4", validator=choice(*QUARTER_RULES))
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    def scoring_table(self) -> ScoringTable:
        """Single 1, gammon 2 (the ``"russian"`` preset)."""
        return PRESETS["russian"]

    def rules(self) -> StepRule:
        """The step rule of every turn: the starting checker, and the quarter rule of ``quarter_rule``."""
        rule = _RULES.get(self.quarter_rule)
        if rule is None:
            quarter = QUARTER_RULES[self.quarter_rule]
            named: tuple[NamedStep, ...] = (LoneStarter(self.checkers),)
            named += () if quarter is None else (quarter,)
            rule = _RULES[self.quarter_rule] = StepRule(NamedChecks(named), named=named)
        return rule

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The starting checker and the quarter rule (:meth:`rules`), whatever the turn."""
        return self.rules()

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """Every roll's rules as data: the starting checker and the quarter rule."""
        return RollRules(self.rules())
