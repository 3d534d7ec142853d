"""Dutch backgammon: backgammon's board with every checker starting in the pool, and no hit before home.

Both sides start with all fifteen checkers off the board, in the pool
(:data:`nardy.POOL`), and enter them on the opponent's home board (a die d
on the mover's point 25 - d) as a checker from the bar enters; the two
travel in opposite directions (mirror geometry), a blot is hit to the bar,
and a checker on the bar enters before anything else moves. Two rules
restrict single moves, both named rules of :mod:`nardy.rules.named` shared
with acey-deucey (:func:`~nardy.variants.pool_rules.entry_rules`): while
the pool holds a checker only entries (``entering="all-first"``), and no
hit until a checker of the mover's is home (``hitting="after-home"``).
A turn is one roll; doubles are four moves. The documentation page
(``docs/variants/dutch.rst``) gives the rules in prose with examples.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.rules.turn_rules import StepRule
from nardy.rules.vocabulary import Geometry
from nardy.variants.base import State
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.pool_rules import PoolVariant, entry_rules, pool_scoring
from nardy.variants.scoring import ScoringTable

__all__ = ["ENTERING", "HITTING", "Dutch"]

#: ``entering`` (DU1): only entries while the pool holds a checker (default), or entries and moves mixed.
ENTERING: tuple[str, ...] = ("all-first", "free")
#: ``hitting`` (DU2): a hit only once a checker is home or off (default), or any hit.
HITTING: tuple[str, ...] = ("after-home", "any")

_SCORING = pool_scoring()


@register_variant
@attrs.frozen
class Dutch(PoolVariant):
    """Dutch backgammon: all fifteen start in the pool, no entry but all first, no hit before home.

    Backgammon's board and moves (mirror geometry, hitting, a bar, the bar
    first, a larger die bears off from the highest point), with every
    checker entering from the pool on the opponent's home board. Doubles
    are four moves; a turn is one roll. Scoring is backgammon's 1/2/3, a
    loser with a checker still in the pool or on the bar, or on the
    winner's home board, having borne off none, is backgammoned. The cube
    is off by default (a game option).

    Args:
        entering: ``"all-first"`` (default: while the mover's pool holds a
            checker, only entries; entering the last one lifts the rule
            for the rest of the roll) or ``"free"`` (entries and moves mix).
        hitting: ``"after-home"`` (default: a move, an entry included, may
            hit only if before it a checker of the mover's stands on his
            1-6 or has been borne off; the hitting checker's own arrival
            does not count) or ``"any"`` (backgammon).
        must_play_higher: when only one die of a non-double can be played,
            the higher must be (default True).

    """

    name: ClassVar[str] = "dutch"
    aliases: ClassVar[tuple[str, ...]] = ("dutch-backgammon",)
    geometry: ClassVar[Geometry] = Geometry.MIRROR

    #: ``"all-first"`` (default) or ``"free"`` (DU1).
    #: (The option ``entering``; the class data :attr:`~nardy.Variant.entering` is the bar's.)
    entering_rule: str = attrs.field(
        default="all-first", validator=choice(*ENTERING), alias="entering"
    )
    #: ``"after-home"`` (default) or ``"any"`` (DU2).
    hitting: str = attrs.field(default="after-home", validator=choice(*HITTING))
    #: If only one die of a non-double can be played, the higher must be.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    def scoring_table(self) -> ScoringTable:
        """Backgammon's 1/2/3; a checker in the pool counts for the backgammon."""
        return _SCORING

    def step_rule(self, start: State, roll: Roll) -> StepRule | None:
        """``entering="all-first"`` and ``hitting="after-home"`` (DU.2), when chosen."""
        return entry_rules(start, self.entering_rule == "all-first", self.hitting == "after-home")

    def unused_hooks(self) -> frozenset[str]:
        """The step rule, with ``entering="free"`` and ``hitting="any"``."""
        plain = self.entering_rule == "free" and self.hitting == "any"
        return frozenset({"step_rule"}) if plain else frozenset()
