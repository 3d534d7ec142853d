"""Short nardy (backgammon) and its relatives: nackgammon, hypergammon, Caucasian nardy.

Backgammon's movement is pure data (mirror geometry, hitting contact, the
bar, the standard bear-off); its scoring is a preset of
:mod:`nardy.variants.scoring`. Caucasian nardy adds one rule, in
:mod:`nardy.rules.backgammon`. The documentation page of each variant gives
the rules in prose with the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

from nardy.errors import InvalidOptionError
from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.model.validate import shown
from nardy.rules.backgammon import no_hide_rule
from nardy.rules.turn_rules import HitterRule, RollRules
from nardy.rules.vocabulary import Contact, Geometry
from nardy.variants.base import State, Variant
from nardy.variants.options import choice, is_bool, option_owner, read_bool, read_int
from nardy.variants.scoring import PRESETS, ScoringTable, points_option, scoring_table

__all__ = ["Backgammon", "Caucasian", "Hypergammon", "Nackgammon"]


@attrs.frozen
class _HitFamily(Variant):
    """Shared options of the backgammon family (mirror geometry, hitting, a bar)."""

    geometry: ClassVar[Geometry] = Geometry.MIRROR
    contact: ClassVar[Contact] = Contact.HIT
    has_bar: ClassVar[bool] = True
    gnubg_id_supported: ClassVar[bool] = True

    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)
    #: Scoring preset (:data:`nardy.variants.scoring.PRESETS`): ``"standard"``
    #: (1/2/3), ``"backgammon-on-bar"`` (adds a 4-point kind for a checker on
    #: the bar), ``"russian"`` (oin 1 / mars 2, nothing higher),
    #: ``"four-level"`` (1/2/3/4 with a "home mars") or ``"checkers-left"``
    #: (points = checkers the loser has not borne off).
    scoring: str = attrs.field(default="standard", validator=choice(*PRESETS))
    #: Override of the preset's points, in the preset's kind order
    #: (e.g. ``(1, 2, 4)`` for standard). ``None`` keeps the preset.
    result_points: tuple[int, ...] | None = attrs.field(default=None, converter=points_option)

    def __attrs_post_init__(self) -> None:
        self.scoring_table()  # refuses result_points that do not fit the preset

    def scoring_table(self) -> ScoringTable:
        """The ``scoring`` preset, with ``result_points`` if given."""
        return scoring_table(self.scoring, self.result_points)


@register_variant
@attrs.frozen
class Backgammon(_HitFamily):
    """Backgammon, also known as short nardy: 15 checkers a side, hitting, a bar.

    Start (each side, own numbering): 2 on 24, 5 on 13, 3 on 8, 5 on 6.
    """

    name: ClassVar[str] = "backgammon"
    aliases: ClassVar[tuple[str, ...]] = ("short-nardy", "short nardy", "короткие нарды", "bg")
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 2, 13: 5, 8: 3, 6: 5})


@register_variant
@attrs.frozen
class Nackgammon(_HitFamily):
    """Nackgammon: backgammon from a start with two more back checkers.

    Start: 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6.
    """

    name: ClassVar[str] = "nackgammon"
    aliases: ClassVar[tuple[str, ...]] = ("nack",)
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType(
        {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    )


def _hypergammon_checkers(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 1 <= value <= 3:
        raise InvalidOptionError(
            f"option {attribute.name} of {option_owner(instance)} must be 1, 2 or 3, "
            f"got {shown(value)}"
        )


# The starting layouts by checker count: one each on the 24-, 23- and 22-points,
# as many as there are checkers.
_HYPERGAMMON_STARTS = {n: MappingProxyType({24 - i: 1 for i in range(n)}) for n in (1, 2, 3)}


@register_variant
@attrs.frozen
class Hypergammon(_HitFamily):
    """Hypergammon: backgammon with three checkers a side (or one, or two), on 24, 23 and 22.

    With ``checkers=n`` each side starts with one checker on each of its
    first ``n`` of the 24-, 23- and 22-points.
    """

    name: ClassVar[str] = "hypergammon"
    aliases: ClassVar[tuple[str, ...]] = ("hyper-backgammon", "hyper")

    #: Checkers per side: 1, 2 or 3 (default).
    checkers: int = attrs.field(  # type: ignore[misc]  # an option here, class data elsewhere
        default=3, converter=read_int, validator=_hypergammon_checkers
    )

    @property
    def start(self) -> Mapping[int, int]:  # type: ignore[override]  # depends on ``checkers``
        """The starting layout: one checker on each of the first :attr:`checkers` of 24, 23, 22."""
        return _HYPERGAMMON_STARTS[self.checkers]


@register_variant
@attrs.frozen
class Caucasian(_HitFamily):
    """Caucasian nardy: backgammon where a checker that hits may not hide.

    After a checker hits, that same checker may not continue in the same
    turn onto a point holding its own checkers (it may stay, move on to an
    empty point, hit again or bear off; another checker may cover it): the
    rule :func:`nardy.rules.backgammon.no_hide_after_hit`.
    """

    name: ClassVar[str] = "caucasian"
    aliases: ClassVar[tuple[str, ...]] = ("caucasian-nardy", "caucasian nardy", "кавказские нарды")
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 2, 13: 5, 8: 3, 6: 5})
    # Nardy players' custom: the opening winner takes white; games alternate.
    winner_takes_white: ClassVar[bool] = True
    next_game: ClassVar[str] = "alternate"

    #: ``"home"`` (default): only a hit inside the mover's home board
    #: restricts the hitter; ``"anywhere"``: every hit does.
    no_hide_after_hit: str = attrs.field(default="home", validator=choice("home", "anywhere"))

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        """A checker that hit (in the home board, or anywhere) may not then hide."""
        return no_hide_rule(6 if self.no_hide_after_hit == "home" else 24)

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """Every roll's rules: the no-hide rule (it reads nothing of the position)."""
        return RollRules(hitter_rule=no_hide_rule(6 if self.no_hide_after_hit == "home" else 24))
