"""Tabula: the Roman tables game, three dice on one shared track, every checker entering from a pool.

Both sides start with their fifteen checkers off the board, in the pool
(:data:`~nardy.POOL`), enter them on the same quarter (each side's 24-19)
and travel the same track in the same direction to bear off from the same
last quarter (:attr:`Geometry.SAME <nardy.Geometry.SAME>`). A blot is hit
to its owner's bar. A turn is one roll of three dice, one move each (a pair
or a triple is three moves, never more); the maximum-use rule is the
engine's. Movement is data (:attr:`~nardy.Variant.bar_priority`,
:attr:`~nardy.Variant.bear_off`), and the one named rule, the second-half
rule, is a :class:`~nardy.StepRule` (:func:`second_half_rule`). The rules in
prose, with every option and each reading the library had to choose: the
``variants/tabula`` documentation page.

The option ``direction="contrary"`` turns the board round as backgammon's
mirror does (the opponent enters on the mover's 1-6). The geometry is class
data, read per class by the engine; so the contrary direction is a
subclass of :class:`Tabula` with the mirror geometry
(:class:`ContraryTabula`), which :class:`Tabula` hands out for that option
(``Tabula(direction="contrary")`` is an instance of it, with the name, the
options and the spec of tabula). Legal plays are the same in both: only
turning the board round differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

from nardy.errors import InvalidOptionError
from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.model.result import ResultKind
from nardy.rules.board import MOVER_BAR
from nardy.rules.movement import BearOff, pool_index
from nardy.rules.turn_rules import StepRule
from nardy.rules.vocabulary import POOL, Contact, ExtraField, Geometry
from nardy.variants.base import State, Variant
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.scoring import (
    ScoringRow,
    ScoringTable,
    none_off,
    one_point,
    single,
)

__all__ = [
    "BEAR_OFF_RULES",
    "BEAR_OFF_ZONES",
    "DIRECTIONS",
    "SCORING",
    "SECOND_HALF_RULES",
    "ContraryTabula",
    "Tabula",
    "second_half_rule",
]

#: ``direction`` (TB1): the same track (default) or backgammon's contrary directions.
DIRECTIONS: tuple[str, ...] = ("same", "contrary")
#: ``second_half`` (TB2, TB3): while a checker waits in the pool (default),
#: in the pool or on the bar, or never, no move may land on the mover's 12-1.
SECOND_HALF_RULES: tuple[str, ...] = ("pool", "pool-or-bar", "off")
#: ``bear_off_zone`` (TB5) by name: the last quarter 1-6 (default) or the half 1-12.
BEAR_OFF_ZONES: Mapping[str, int] = MappingProxyType({"quarter": 6, "half": 12})
#: ``bear_off`` (TB6): a checker on p leaves only with a p (default), or backgammon's larger die.
BEAR_OFF_RULES: tuple[str, ...] = ("exact", "larger")
#: ``scoring`` (TB8): one point a game (default), or 2 when the loser has borne off none.
SCORING: tuple[str, ...] = ("single", "mars")

# The mover's pool in tabula's state (its only extra field), and the
# landing points the second-half rule watches: off (bit 0, never reached
# while a checker waits anyway) and 1-12.
_POOL_AT = pool_index((POOL,))
_SECOND_HALF = (1 << 13) - 1

_TABLES: Mapping[str, ScoringTable] = MappingProxyType(
    {
        "single": one_point("tabula-single"),
        "mars": ScoringTable(
            "tabula-mars",
            (
                ScoringRow(ResultKind.GAMMON, none_off, 2),
                ScoringRow(ResultKind.SINGLE, single, 1),
            ),
        ),
    }
)


def _pool_empty(board: list[int], src: int, dst: int) -> bool:
    """``second_half="pool"``: a move lands on 12-1 only once the mover's pool is empty."""
    return board[_POOL_AT] == 0


def _pool_and_bar_empty(board: list[int], src: int, dst: int) -> bool:
    """``second_half="pool-or-bar"``: only once his pool and his bar are both empty."""
    return board[_POOL_AT] == 0 and board[MOVER_BAR] == 0


_SECOND_HALF_RULES: Mapping[str, StepRule] = MappingProxyType(
    {
        "pool": StepRule(_pool_empty, watch_from=0, watch_to=_SECOND_HALF, waiting="pool"),
        "pool-or-bar": StepRule(
            _pool_and_bar_empty, watch_from=0, watch_to=_SECOND_HALF, waiting="pool-or-bar"
        ),
    }
)


def second_half_rule(second_half: str) -> StepRule | None:
    """The second-half rule (TB2, TB3) as a step rule, or ``None`` for ``"off"``.

    Judged on the state after each single move: a move that lands on the
    mover's points 12-1 is refused while a checker of his waits in the
    pool (``"pool"``), or in the pool or on the bar (``"pool-or-bar"``).
    Entering lands on 24-19 and is never refused, so entering the last
    pool checker lifts the rule for the rest of the roll.
    """
    if second_half not in SECOND_HALF_RULES:
        raise InvalidOptionError(
            f"second_half is one of {', '.join(map(repr, SECOND_HALF_RULES))}, not {second_half!r}"
        )
    return _SECOND_HALF_RULES.get(second_half)


@register_variant
@attrs.frozen
class Tabula(Variant):
    """Tabula: three dice, one shared track, fifteen checkers a side entering from a pool.

    Each side enters on its 24-19 with a die d on point 25 - d, hits a blot
    to its owner's bar (who re-enters it the same way), and bears off from
    its 6-1; both travel the same way round the same points. Three dice,
    one move each, all three if possible (if only one can be played, the
    highest playable). No cube; one point a game. The rules in prose: the
    ``variants/tabula`` page.

    Args:
        direction: ``"same"`` (default: one shared track) or ``"contrary"``
            (the opponent enters on the mover's 1-6, as in backgammon);
            changes how the board is turned round, never a legal play.
        second_half: ``"pool"`` (default: no move lands on 12-1 while a
            checker waits in the pool), ``"pool-or-bar"`` (nor while one is
            on the bar) or ``"off"``.
        bar_priority: a checker on the bar enters before anything else
            moves (default True); False: bar entries, pool entries and
            moves mix.
        bear_off_zone: ``"quarter"`` (default: all checkers on 1-6 to bear
            off) or ``"half"`` (anywhere on 1-12).
        bear_off: ``"exact"`` (default: a checker on p leaves only with a
            p) or ``"larger"`` (a larger die bears off from the highest
            point, as in backgammon).
        scoring: ``"single"`` (default: 1 point) or ``"mars"`` (2 when the
            loser has borne off none).
        must_play_higher: when only one die can be played, the highest
            playable one must be (default True).

    """

    name: ClassVar[str] = "tabula"
    aliases: ClassVar[tuple[str, ...]] = ("tables",)
    start: ClassVar[Mapping[int, int]] = MappingProxyType({})
    geometry: ClassVar[Geometry] = Geometry.SAME
    contact: ClassVar[Contact] = Contact.HIT
    dice: ClassVar[int] = 3
    extra_state: ClassVar[tuple[ExtraField, ...]] = (POOL,)
    #: All fifteen of each side start in the pool.
    start_extra: ClassVar[Mapping[str, Any]] = MappingProxyType({"pool": 15})
    game_defaults: ClassVar[Mapping[str, object]] = MappingProxyType(
        {"cube": False, "opening": "one_die_each_reroll"}
    )

    #: ``"same"`` (default) or ``"contrary"``: see the class docstring.
    direction: str = attrs.field(default="same", validator=choice(*DIRECTIONS))
    #: ``"pool"`` (default), ``"pool-or-bar"`` or ``"off"``: see :func:`second_half_rule`.
    second_half: str = attrs.field(default="pool", validator=choice(*SECOND_HALF_RULES))
    #: The bar first (rule M.3): the engine reads it as :attr:`Variant.bar_priority <nardy.Variant.bar_priority>`.
    bar_priority: bool = attrs.field(  # type: ignore[misc]  # class data made an option
        default=True, converter=read_bool, validator=is_bool
    )
    #: ``"quarter"`` (default, 1-6) or ``"half"`` (1-12): where all checkers must be to bear off.
    bear_off_zone: str = attrs.field(default="quarter", validator=choice(*BEAR_OFF_ZONES))
    #: ``"exact"`` (default) or ``"larger"``; the option ``bear_off`` (the
    #: engine's :attr:`bear_off` is the :class:`~nardy.BearOff` it makes).
    bear_off_rule: str = attrs.field(
        default="exact", validator=choice(*BEAR_OFF_RULES), alias="bear_off"
    )
    #: ``"single"`` (default) or ``"mars"``.
    scoring: str = attrs.field(default="single", validator=choice(*SCORING))
    #: If only one die can be played, the highest playable one must be. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        """A :class:`Tabula`, or with ``direction="contrary"`` a :class:`ContraryTabula`."""
        direction = kwargs.get("direction", args[0] if args else "same")
        wanted = ContraryTabula if direction == "contrary" else Tabula
        made = object.__new__(wanted)
        if not isinstance(made, cls):
            # Python initialises only an instance of the class asked for
            # (attrs.evolve of a contrary tabula back to "same").
            wanted.__init__(made, *args, **kwargs)
        return made

    @property
    def bear_off(self) -> BearOff:  # type: ignore[override]  # class data read from two options
        """The bear-off as the engine reads it: the zone of ``bear_off_zone``, exact or larger."""
        return BearOff(BEAR_OFF_ZONES[self.bear_off_zone], self.bear_off_rule == "larger")

    def step_rule(self, start: State, roll: Roll) -> StepRule | None:
        """The second-half rule of ``second_half`` (none with ``"off"``)."""
        return _SECOND_HALF_RULES.get(self.second_half)

    def unused_hooks(self) -> frozenset[str]:
        """With ``second_half="off"`` tabula has no step rule."""
        return frozenset({"step_rule"}) if self.second_half == "off" else frozenset()

    def scoring_table(self) -> ScoringTable:
        """One point a game; with ``scoring="mars"`` 2 when the loser has borne off none."""
        return _TABLES[self.scoring]


@attrs.frozen
class ContraryTabula(Tabula):
    """Tabula with ``direction="contrary"``: the same game, the board turned round as backgammon's.

    Not registered: ``Tabula(direction="contrary")`` (and the spec
    ``tabula(direction=contrary)``) makes one. Its positions are tabula's
    in the mover's frame; only the opponent's numbering differs (his 24-19
    are the mover's 1-6).
    """

    geometry: ClassVar[Geometry] = Geometry.MIRROR
