"""Scoring as data: result kinds, their conditions and points, one table per preset.

A finished game is classified by the first row of the variant's table whose
condition holds for the loser's checkers (rows run from the highest kind
down; the last row, single, always holds); the row gives the points. Every
variant scores through :meth:`ScoringTable.classify` and
:meth:`ScoringTable.points`; house rules pick a preset and may override its
points (``result_points``).

Conditions are read in the loser's own numbering. "The winner's home board
or further back" covers the points between the winner's home board and the
loser's start: his 19-24 when the two sides move in opposite directions,
his 13-24 when they move the same way round (long nardy), and his bar.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs

from nardy.errors import InvalidOptionError, UnscoredKindError
from nardy.model.basics import Side
from nardy.model.result import ResultKind
from nardy.model.validate import integer, result_kind, shown

if TYPE_CHECKING:
    from nardy.model.position import Position

__all__ = [
    "PRESETS",
    "Condition",
    "ScoringRow",
    "ScoringTable",
    "behind_winners_home",
    "checkers_left",
    "none_off",
    "on_bar",
    "one_point",
    "outside_own_home",
    "points_option",
    "scoring_table",
    "single",
    "with_backgammon",
]

#: ``(position, loser) -> bool``: whether a row applies to a finished game.
Condition = Callable[["Position", Side], bool]

K = ResultKind


def checkers_left(position: Position, side: Side) -> int:
    """Checkers ``side`` has not borne off: checkers-left scoring counts these."""
    return position.variant.checkers - position.off(side)


def single(position: Position, loser: Side) -> bool:
    """Always true: the lowest result."""
    return True


def none_off(position: Position, loser: Side) -> bool:
    """The loser has borne off no checker (gammon, mars)."""
    return position.off(loser) == 0


def behind_winners_home(position: Position, loser: Side) -> bool:
    """None off, and a checker on the bar or in the winner's home board or further back.

    Backgammon's "backgammon" and long nardy's "koks".
    """
    if position.off(loser):
        return False
    if position.bar(loser):
        return True
    # The winner's home board (his 1-6) in the loser's numbering, and every
    # point behind it on the loser's way: the loser's points from the
    # lowest of them up (19 mirrored, 13 rotated, 1 on a shared track).
    first = min(position.variant.geometry.opponent_point(p) for p in range(1, 7))
    return any(position.checkers(loser)[first - 1 :])


def on_bar(position: Position, loser: Side) -> bool:
    """None off and a checker still on the bar."""
    return position.off(loser) == 0 and position.bar(loser) > 0


def outside_own_home(position: Position, loser: Side) -> bool:
    """None off and a checker outside his own home board (the four-level "home mars")."""
    if position.off(loser):
        return False
    return position.bar(loser) > 0 or any(position.checkers(loser)[6:])


@attrs.frozen
class ScoringRow:
    """One result kind: the condition on the loser that gives it, and its points."""

    kind: ResultKind
    condition: Condition
    points: int


@attrs.frozen
class ScoringTable:
    """The result kinds of a preset, highest first, with their conditions and points.

    With ``by_checkers_left`` every kind is worth the checkers the loser has
    not borne off instead of the row's points.
    """

    name: str
    rows: tuple[ScoringRow, ...]
    by_checkers_left: bool = False

    def kinds(self) -> tuple[ResultKind, ...]:
        """The kinds this table scores, lowest first."""
        return tuple(row.kind for row in reversed(self.rows))

    def classify(self, position: Position, loser: Side) -> ResultKind:
        """The kind of a finished game: the first row whose condition holds."""
        for row in self.rows:
            if row.condition(position, loser):
                return row.kind
        return self.rows[-1].kind

    def points(self, kind: ResultKind, loser_left: int = 0) -> int:
        """What a result of ``kind`` is worth before the cube (``loser_left`` for checkers-left).

        ``kind`` is a :class:`~nardy.model.result.ResultKind` or its value
        (``"gammon"``). Raises :class:`~nardy.errors.UnscoredKindError` for a
        kind the table does not have, :class:`~nardy.errors.InvalidOptionError`
        for a ``loser_left`` that is not an integer >= 0.
        """
        kind = result_kind(kind)
        loser_left = integer(loser_left, "loser_left (checkers not borne off)", 0)
        for row in self.rows:
            if row.kind is kind:
                return loser_left if self.by_checkers_left else row.points
        raise UnscoredKindError(
            f"the {self.name!r} scoring does not score {kind.value!r}; it scores "
            f"{', '.join(k.value for k in self.kinds())}"
        )

    def with_points(self, points: Sequence[int]) -> ScoringTable:
        """The same table with other points, given lowest kind first (``result_points``)."""
        if self.by_checkers_left:
            raise InvalidOptionError(f"result_points cannot be combined with scoring={self.name!r}")
        kinds = self.kinds()
        if len(points) != len(kinds):
            raise InvalidOptionError(
                f"result_points for scoring={self.name!r} needs {len(kinds)} values "
                f"({', '.join(k.value for k in kinds)}), got {shown(tuple(points))}"
            )
        if any(a > b for a, b in itertools.pairwise(points)):
            raise InvalidOptionError(
                f"result_points give a higher kind fewer points than a lower one: "
                f"{shown(tuple(points))} for {', '.join(k.value for k in kinds)}"
            )
        by_kind = dict(zip(kinds, points))
        rows = tuple(attrs.evolve(row, points=by_kind[row.kind]) for row in self.rows)
        return attrs.evolve(self, rows=rows)


#: The condition of each result kind a preset scores: the same in every preset.
_CONDITIONS: Mapping[ResultKind, Condition] = MappingProxyType(
    {
        K.BACKGAMMON_ON_BAR: on_bar,
        K.BACKGAMMON: behind_winners_home,
        K.HOME_MARS: outside_own_home,
        K.GAMMON: none_off,
        K.SINGLE: single,
    }
)


def _table(name: str, points: Mapping[ResultKind, int], *, left: bool = False) -> ScoringTable:
    """The preset ``name``: its kinds, highest first, with their points."""
    rows = tuple(ScoringRow(kind, _CONDITIONS[kind], p) for kind, p in points.items())
    return ScoringTable(name, rows, left)


#: The scoring presets by name (read-only).
PRESETS: Mapping[str, ScoringTable] = MappingProxyType(
    {
        table.name: table
        for table in (
            # single 1, gammon 2, backgammon 3
            _table("standard", {K.BACKGAMMON: 3, K.GAMMON: 2, K.SINGLE: 1}),
            # adds a fourth kind: a backgammon with a checker still on the bar
            _table(
                "backgammon-on-bar",
                {K.BACKGAMMON_ON_BAR: 4, K.BACKGAMMON: 3, K.GAMMON: 2, K.SINGLE: 1},
            ),
            # Russian short nardy (and long nardy): oin 1, mars 2, nothing higher
            _table("russian", {K.GAMMON: 2, K.SINGLE: 1}),
            # single 1, mars 2 (all home), home mars 3 (some outside), koks 4
            _table("four-level", {K.BACKGAMMON: 4, K.HOME_MARS: 3, K.GAMMON: 2, K.SINGLE: 1}),
            # points are the checkers the loser has not borne off
            _table("checkers-left", {K.BACKGAMMON: 0, K.GAMMON: 0, K.SINGLE: 0}, left=True),
        )
    }
)


def one_point(name: str = "single", *, left: bool = False) -> ScoringTable:
    """A table of one kind, the single game, worth 1 point (``left``: the checkers the loser has left)."""
    return ScoringTable(name, (ScoringRow(K.SINGLE, single, 1),), left)


def with_backgammon(backgammon: Condition, name: str = "standard") -> ScoringTable:
    """Backgammon's 1, 2 and 3 points, with a variant's own condition for the 3.

    The gammon is the loser having borne off none (:func:`none_off`);
    ``backgammon`` says when such a game is worth 3 (in backgammon: a
    checker still in the winner's home board or on the bar).
    """
    rows = (
        ScoringRow(K.BACKGAMMON, backgammon, 3),
        ScoringRow(K.GAMMON, none_off, 2),
        ScoringRow(K.SINGLE, single, 1),
    )
    return ScoringTable(name, rows)


_TABLES: dict[tuple[str, tuple[int, ...] | None], ScoringTable] = {}


def points_option(value: object) -> tuple[int, ...] | None:
    """Converter for ``result_points``: None, a sequence of positive ints, or ``"1-2-4"``.

    Raises :class:`~nardy.errors.InvalidOptionError` for anything else (a
    point value below 1 included); :meth:`ScoringTable.with_points` checks
    the count and the order.
    """
    if value is None or (isinstance(value, str) and value == ""):
        return None
    if isinstance(value, str):
        parts = value.replace(",", "-").replace("/", "-").split("-") if len(value) <= 100 else []
        if not parts or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise InvalidOptionError(
                f"result_points must be integers like '1-2-3', got {shown(value)}"
            )
        points = tuple(int(p) for p in parts)
    elif isinstance(value, (tuple, list)) and all(type(v) is int for v in value):
        points = tuple(value)
    else:
        raise InvalidOptionError(
            f"result_points must be a sequence of integers, got {shown(value)}"
        )
    if not points or not all(1 <= p <= 10_000 for p in points):
        raise InvalidOptionError(
            f"result_points are points for a win, integers 1..10000, got {shown(value)}"
        )
    return points


def scoring_table(preset: str, points: tuple[int, ...] | None = None) -> ScoringTable:
    """The preset :data:`PRESETS` names, with its points overridden by ``points`` (made once)."""
    key = (preset, points)
    table = _TABLES.get(key)
    if table is None:
        table = PRESETS[preset] if points is None else PRESETS[preset].with_points(points)
        _TABLES[key] = table
    return table
