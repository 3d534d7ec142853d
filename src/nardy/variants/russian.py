"""Russian backgammon: one shared track from an empty board, and a double earns its complement and a roll again.

Both sides start with all fifteen checkers in the pool (:data:`nardy.POOL`),
enter them on the same quarter (each side's 24-19), travel the same track
the same way and bear off from the same last quarter, as in tabula
(:attr:`Geometry.SAME <nardy.Geometry.SAME>`); a blot is hit to its
owner's bar, and the bar enters first. While the pool holds a checker only
entries (``entering="all-first"``, the named rule
:class:`~nardy.rules.named.PoolFirst`). The turn is the game's own
(:meth:`Russian.turn_start`): a double fully played is followed by the
complementary double (7 - d), and that fully played by another roll, as
acey-deucey's ``natural_doubles="and-complement"``; the first segment not
fully played ends the turn. The documentation page
(``docs/variants/russian.rst``) gives the rules in prose with examples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.rules.turn_rules import StepRule
from nardy.rules.vocabulary import Geometry
from nardy.variants.base import State
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.pool_rules import PoolVariant, entry_rules, pool_scoring
from nardy.variants.scoring import ScoringTable

if TYPE_CHECKING:
    from nardy.model.position import Position
    from nardy.model.turns import TurnState

__all__ = ["BONUS", "DOUBLES", "ENTERING", "Russian"]

#: ``entering`` (RU1): only entries while the pool holds a checker (default), or entries and moves mixed.
ENTERING: tuple[str, ...] = ("all-first", "free")
#: ``doubles`` (RU2): a double, then its complement, then a roll again (default), or four moves only.
DOUBLES: tuple[str, ...] = ("complement", "plain")
#: ``bonus`` (RU3): the complement after every double (default), or only when the pool was empty at the roll.
BONUS: tuple[str, ...] = ("always", "entered")

_SCORING = pool_scoring()


@register_variant
@attrs.frozen
class Russian(PoolVariant):
    """Russian backgammon: all fifteen in the pool, one shared track, a double then its complement then a roll again.

    Both sides enter on their 24-19 with a die d on point 25 - d, run the
    same way round the same points and bear off from their 6-1 (a larger
    die from the highest point). A blot is hit to its owner's bar and
    re-enters like a pool checker; the bar enters first. Two dice; no cube.
    Scoring is backgammon's 1/2/3: a loser who has borne off none and has
    a checker in the pool, on the bar or on the entry quarter 19-24 is
    backgammoned.

    Args:
        entering: ``"all-first"`` (default: while the mover's pool holds a
            checker, only entries; entering the last one lifts the rule for
            the rest of the segment) or ``"free"`` (entries and moves mix).
        doubles: ``"complement"`` (default: a double d-d fully played is
            followed by four moves of 7 - d, and that fully played by a roll
            again; the first segment not fully played ends the turn) or
            ``"plain"`` (four moves, and the turn ends).
        bonus: ``"always"`` (default: the complement after every double) or
            ``"entered"`` (only when the mover's pool is empty at the roll);
            read only with ``doubles="complement"``.
        must_play_higher: when only one die of a non-double can be played,
            the higher must be (default True).

    """

    name: ClassVar[str] = "russian"
    aliases: ClassVar[tuple[str, ...]] = ("russian-backgammon",)
    geometry: ClassVar[Geometry] = Geometry.SAME

    #: ``"all-first"`` (default) or ``"free"`` (RU1).
    #: (The option ``entering``; the class data :attr:`~nardy.Variant.entering` is the bar's.)
    entering_rule: str = attrs.field(
        default="all-first", validator=choice(*ENTERING), alias="entering"
    )
    #: ``"complement"`` (default) or ``"plain"`` (RU2).
    doubles: str = attrs.field(default="complement", validator=choice(*DOUBLES))
    #: ``"always"`` (default) or ``"entered"`` (RU3).
    bonus: str = attrs.field(default="always", validator=choice(*BONUS))
    #: If only one die of a non-double can be played, the higher must be.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    def scoring_table(self) -> ScoringTable:
        """Backgammon's 1/2/3; a checker in the pool counts for the backgammon."""
        return _SCORING

    def step_rule(self, start: State, roll: Roll) -> StepRule | None:
        """``entering="all-first"`` (RU.2), when chosen."""
        return entry_rules(start, self.entering_rule == "all-first", False)

    def unused_hooks(self) -> frozenset[str]:
        """The step rule, with ``entering="free"``."""
        return frozenset({"step_rule"}) if self.entering_rule == "free" else frozenset()

    def earns_complement(self, position: Position, roll: Roll) -> bool:
        """Whether ``roll`` from ``position`` is a double followed by its complement and a roll again (RU.3b, c)."""
        if not roll.is_double or self.doubles != "complement":
            return False
        return self.bonus == "always" or position.extra(position.turn)["pool"] == 0

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        """A double that earns it: four moves, four of 7 - d, then a roll again; any other roll: one segment.

        The default :meth:`~nardy.variants.turn_hooks.TurnHooks.after_segment`
        ends the turn at the first segment not fully played, with no roll again.
        """
        from nardy.model.turns import TurnState

        if self.earns_complement(position, roll):
            complement = Roll(7 - roll.high, 7 - roll.high)
            return TurnState(pending=(roll, complement), roll_again=True, roll=roll)
        return TurnState(pending=(roll,), roll=roll)
