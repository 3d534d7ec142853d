"""Short nardy (backgammon) and its relatives: nackgammon, hypergammon, Caucasian nardy.

The rules are those of ``rules/backgammon.md``; see the documentation page
of each variant for the rules in prose and the options.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from nardy import _movegen
from nardy._movegen import RawStep, State
from nardy.core import Roll
from nardy.errors import InvalidOptionError
from nardy.options import choice, to_bool
from nardy.result import ResultKind
from nardy.variant import (
    Contact,
    Geometry,
    Variant,
    hit_family_generate,
    register_variant,
)

__all__ = ["SCORING_TABLES", "Backgammon", "Caucasian", "Hypergammon", "Nackgammon"]

K = ResultKind

#: The kinds each scoring preset uses and their default points, in order.
SCORING_TABLES: dict[str, dict[ResultKind, int]] = {
    "standard": {K.SINGLE: 1, K.GAMMON: 2, K.BACKGAMMON: 3},
    "backgammon-on-bar": {K.SINGLE: 1, K.GAMMON: 2, K.BACKGAMMON: 3, K.BACKGAMMON_ON_BAR: 4},
    "russian": {K.SINGLE: 1, K.GAMMON: 2},
    "four-level": {K.SINGLE: 1, K.GAMMON: 2, K.HOME_MARS: 3, K.BACKGAMMON: 4},
    "checkers-left": {K.SINGLE: 0, K.GAMMON: 0, K.BACKGAMMON: 0},
}


def _points_option(value: object) -> tuple[int, ...] | None:
    """Converter for ``result_points``: None, a sequence of ints, or "1-2-4"."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        parts = value.replace(",", "-").replace("/", "-").split("-")
        try:
            return tuple(int(p) for p in parts)
        except ValueError:
            raise InvalidOptionError(
                f"result_points must be integers like '1-2-3', got {value!r}"
            ) from None
    if isinstance(value, (tuple, list)) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(value)
    raise InvalidOptionError(f"result_points must be a sequence of integers, got {value!r}")


@attrs.frozen
class _HitFamily(Variant):
    """Shared options and rules of the backgammon family (mirror geometry, hitting)."""

    geometry: ClassVar[Geometry] = Geometry.MIRROR
    contact: ClassVar[Contact] = Contact.HIT
    has_bar: ClassVar[bool] = True
    gnubg_id_supported: ClassVar[bool] = True

    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played (rule 6). False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=to_bool)
    #: Scoring preset: ``"standard"`` (1/2/3), ``"backgammon-on-bar"``
    #: (adds a 4-point kind for a checker on the bar), ``"russian"`` (oin 1 /
    #: mars 2, nothing higher), ``"four-level"`` (seed 001: 1/2/3/4) or
    #: ``"checkers-left"`` (points = checkers the loser has not borne off).
    scoring: str = attrs.field(default="standard", validator=choice(*SCORING_TABLES))
    #: Override of the preset's points, in the preset's kind order
    #: (e.g. ``(1, 2, 4)`` for standard). ``None`` keeps the preset.
    result_points: tuple[int, ...] | None = attrs.field(default=None, converter=_points_option)

    def __attrs_post_init__(self) -> None:
        if self.result_points is not None:
            kinds = SCORING_TABLES[self.scoring]
            if self.scoring == "checkers-left":
                raise InvalidOptionError(
                    "result_points cannot be combined with scoring='checkers-left'"
                )
            if len(self.result_points) != len(kinds):
                raise InvalidOptionError(
                    f"result_points for scoring={self.scoring!r} needs {len(kinds)} values "
                    f"({', '.join(k.value for k in kinds)}), got {self.result_points!r}"
                )

    def _generate(self, state: State, roll: Roll) -> list[tuple[State, tuple[RawStep, ...]]]:
        return hit_family_generate(state, roll, self.must_play_higher)

    def _classify(
        self, loser_points: tuple[int, ...], loser_bar: int, loser_off: int
    ) -> ResultKind:
        if loser_off > 0:
            return K.SINGLE
        if self.scoring == "russian":
            return K.GAMMON
        in_winners_home = any(loser_points[18:24])
        if loser_bar or in_winners_home:
            if self.scoring == "backgammon-on-bar" and loser_bar:
                return K.BACKGAMMON_ON_BAR
            return K.BACKGAMMON
        if self.scoring == "four-level" and any(loser_points[6:18]):
            return K.HOME_MARS
        return K.GAMMON

    def result_kinds(self) -> tuple[ResultKind, ...]:
        """The kinds of the ``scoring`` preset, lowest first."""
        return tuple(SCORING_TABLES[self.scoring])

    def _points(self, kind: ResultKind, loser_left: int) -> int:
        if self.scoring == "checkers-left":
            return loser_left
        table = SCORING_TABLES[self.scoring]
        if self.result_points is not None:
            return dict(zip(table, self.result_points))[kind]
        return table[kind]


@register_variant
@attrs.frozen
class Backgammon(_HitFamily):
    """Backgammon, also known as short nardy: 15 checkers a side, hitting, a bar.

    Start (each side, own numbering): 2 on 24, 5 on 13, 3 on 8, 5 on 6.
    """

    name: ClassVar[str] = "backgammon"
    aliases: ClassVar[tuple[str, ...]] = ("short-nardy", "short nardy", "короткие нарды", "bg")
    start: ClassVar[dict[int, int]] = {24: 2, 13: 5, 8: 3, 6: 5}


@register_variant
@attrs.frozen
class Nackgammon(_HitFamily):
    """Nackgammon: backgammon from a start with two more back checkers.

    Start: 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6.
    """

    name: ClassVar[str] = "nackgammon"
    aliases: ClassVar[tuple[str, ...]] = ("nack",)
    start: ClassVar[dict[int, int]] = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}


@register_variant
@attrs.frozen
class Hypergammon(_HitFamily):
    """Hypergammon: backgammon with three checkers a side, on 24, 23 and 22."""

    name: ClassVar[str] = "hypergammon"
    aliases: ClassVar[tuple[str, ...]] = ("hyper-backgammon", "hyper")
    checkers: ClassVar[int] = 3
    start: ClassVar[dict[int, int]] = {24: 1, 23: 1, 22: 1}


@register_variant
@attrs.frozen
class Caucasian(_HitFamily):
    """Caucasian nardy: backgammon where a checker that hits may not hide.

    After a checker hits, that same checker may not continue in the same
    turn onto a point holding its own checkers (it may stay, move on to an
    empty point, hit again or bear off; another checker may cover it).
    """

    name: ClassVar[str] = "caucasian"
    aliases: ClassVar[tuple[str, ...]] = ("caucasian-nardy", "caucasian nardy", "кавказские нарды")
    start: ClassVar[dict[int, int]] = {24: 2, 13: 5, 8: 3, 6: 5}

    #: ``"home"`` (default): only a hit inside the mover's home board
    #: restricts the hitter (seed 001); ``"anywhere"``: every hit does (seed 000).
    no_hide_after_hit: str = attrs.field(default="home", validator=choice("home", "anywhere"))

    def _generate(self, state: State, roll: Roll) -> list[tuple[State, tuple[RawStep, ...]]]:
        found = _movegen.gen_hit_restricted(
            state, roll.high, roll.low, home_only=self.no_hide_after_hit == "home"
        )
        return _movegen.max_use(found, roll.is_double, self.must_play_higher)
