"""A variant's declared extra state round-trips through every form of a position.

Extra fields are public vocabulary (:class:`nardy.ExtraField`): a count per
side (a pool of checkers not yet entered, holding checkers) or a set of
points per side (marks that hold no checkers). No built-in variant declares
one beyond plakoto's pins, so two toy variants do here, under both
geometries: the ID, the array form, ``from_counts`` and the turn handed
over must all carry the fields, and a broken field in an ID is an
:class:`~nardy.errors.InvalidIdError`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy.errors import InvalidIdError, InvalidPositionError
from nardy.rules.vocabulary import ExtraField, ExtraKind, Geometry
from nardy.variants.base import Variant
from nardy.variants.scoring import PRESETS, ScoringTable

POOL = ExtraField("pool", ExtraKind.COUNT, ("pool",))
MARKS = ExtraField("marks", ExtraKind.POINTS, ("marked", "opp_marked"), holds_checkers=False)


@attrs.frozen
class MirrorPool(Variant):
    """Backgammon's layout with three checkers a side still in a pool, and marked points."""

    name: ClassVar[str] = "test-mirror-pool"
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 2, 13: 5, 8: 3, 6: 2})
    extra_state: ClassVar[tuple[ExtraField, ...]] = (POOL, MARKS)
    start_extra: ClassVar[MappingProxyType[str, Any]] = MappingProxyType({"pool": 3})

    def scoring_table(self) -> ScoringTable:
        return PRESETS["standard"]


@attrs.frozen
class RotatePool(MirrorPool):
    """The same extra state on long nardy's board, the pool empty and the points 1 and 2 marked."""

    name: ClassVar[str] = "test-rotate-pool"
    start_extra: ClassVar[MappingProxyType[str, Any]] = MappingProxyType({"marks": (1, 2)})
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 15})
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    contact: ClassVar[nardy.Contact] = nardy.Contact.BLOCK
    has_bar: ClassVar[bool] = False


@pytest.fixture(scope="module", autouse=True)
def registered() -> Any:
    for cls in (MirrorPool, RotatePool):
        nardy.register_variant(cls)
    yield
    for cls in (MirrorPool, RotatePool):
        nardy.unregister_variant(cls)


def test_the_start_holds_the_pool_and_the_marks() -> None:
    start = MirrorPool().starting_position()
    for side in (nardy.Side.WHITE, nardy.Side.BLACK):
        assert start.extra(side) == {"pool": 3, "marks": []}
        assert start.off(side) == 0
    start = RotatePool().starting_position(nardy.Side.BLACK)
    assert start.extra(nardy.Side.WHITE) == {"pool": 0, "marks": [1, 2]}
    assert start.to_array()["opp_marked"] == [13, 14]  # white's 1 and 2, in black's numbering


def test_the_id_carries_a_count_and_points_by_side() -> None:
    variant = MirrorPool()
    position = variant.from_counts(
        {6: 12},
        {6: 10},
        turn=nardy.Side.BLACK,
        extra={"pool": {nardy.Side.WHITE: 3, nardy.Side.BLACK: 5}, "marks": ([1, 7], [24])},
    )
    assert position.extra(nardy.Side.WHITE) == {"pool": 3, "marks": [1, 7]}
    assert position.extra(nardy.Side.BLACK) == {"pool": 5, "marks": [24]}
    assert position.off(nardy.Side.WHITE) == 0
    assert position.off(nardy.Side.BLACK) == 0
    assert position.id().endswith(":pool=3/5:marks=1.7/24")
    assert nardy.Position.from_id(position.id()) == position
    # The array form is the mover's (black's): his pool first, points in his numbering.
    array = position.to_array()
    assert array["pool"] == [5, 3]
    assert array["marked"] == [24]
    assert array["opp_marked"] == [18, 24]
    assert variant.position(**array, turn=nardy.Side.BLACK) == position


@st.composite
def pool_positions(draw: st.DrawFn, cls: type[MirrorPool]) -> nardy.Position:
    """A position of ``cls`` reached by random plays, with random pools and marks laid on."""
    variant = cls()
    position = variant.starting_position()
    for _ in range(draw(st.integers(0, 12))):
        roll = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
        plays = position.legal_plays(roll)
        position = plays.resulting_position(draw(st.integers(0, len(plays) - 1)))
    array = position.to_array()
    # Each side's checkers off the board shared anew between its pool and off.
    spare = [array["off"][i] + array["pool"][i] for i in (0, 1)]
    array["pool"] = [draw(st.integers(0, spare[0])), draw(st.integers(0, spare[1]))]
    array["off"] = [spare[i] - array["pool"][i] for i in (0, 1)]
    points = st.lists(st.integers(1, 24), max_size=4, unique=True)
    array["marked"], array["opp_marked"] = draw(points), draw(points)
    return variant.position(**array, turn=position.turn)


@pytest.mark.parametrize("cls", [MirrorPool, RotatePool], ids=lambda c: c.name)
@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data())
def test_every_form_round_trips(cls: type[MirrorPool], data: st.DataObject) -> None:
    position = data.draw(pool_positions(cls))
    variant = position.variant
    assert nardy.Position.from_id(position.id()) == position
    assert variant.position(**position.to_array(), turn=position.turn) == position
    sides = (nardy.Side.WHITE, nardy.Side.BLACK)
    again = variant.from_counts(
        {p + 1: n for p, n in enumerate(position.checkers(nardy.Side.WHITE)) if n},
        {p + 1: n for p, n in enumerate(position.checkers(nardy.Side.BLACK)) if n},
        bar=[position.bar(s) for s in sides],
        off=[position.off(s) for s in sides],
        turn=position.turn,
        extra={name: [position.extra(s)[name] for s in sides] for name in ("pool", "marks")},
    )
    assert again == position
    # Handing the turn over keeps each side's own values.
    passed = position.pass_turn()
    for side in sides:
        assert passed.extra(side) == position.extra(side)
    assert nardy.Position.from_id(passed.id()) == passed
    # The pool holds checkers: each side's still add up.
    for side in sides:
        held = sum(position.checkers(side)) + position.bar(side) + position.off(side)
        pool = position.extra(side)["pool"]
        assert isinstance(pool, int)
        assert held + pool == variant.checkers


@pytest.mark.parametrize(
    ("tail", "words"),
    [
        (":pool=3/5", "lacks its marks field"),
        (":pool=3/x:marks=/", "bad pool 'x'"),
        (":pool=3/5:marks=1.a/", "bad marks '1.a'"),
        (":pool=3/5:marks=1/:pool=3/5", "unexpected part"),
        (":pool=3/5:marks=1/:extra=1/2", "unexpected part"),
        (":pool=35:marks=/", "bad pool field"),
    ],
)
def test_a_broken_extra_field_in_an_id_is_named(tail: str, words: str) -> None:
    head = "test-mirror-pool:w:0000010000000000000000000/0000010000000000000000000"
    with pytest.raises(InvalidIdError, match=words):
        nardy.Position.from_id(head + tail)


def test_too_many_checkers_in_a_pool_is_refused() -> None:
    with pytest.raises(nardy.CheckerCountError):
        nardy.Position.from_id(
            "test-mirror-pool:w:0000010000000000000000000/0000010000000000000000000:pool=15/0:marks=/"
        )


def test_from_counts_names_an_unknown_field() -> None:
    with pytest.raises(InvalidPositionError, match="unknown extra field 'pools'"):
        MirrorPool().from_counts({6: 12}, {6: 12}, extra={"pools": (3, 3)})
    with pytest.raises(InvalidPositionError, match=r"a point of marks is 1\.\.24"):
        MirrorPool().from_counts({6: 12}, {6: 12}, extra={"pool": (3, 3), "marks": ([25], [])})


def test_the_text_boards_show_each_count_field() -> None:
    start = MirrorPool().starting_position()
    assert "bar X 0 O 0   pool X 3 O 3   off X 0 O 0" in str(start)
    assert "bar ○ 0 ● 0   pool ○ 3 ● 3   off ○ 0 ● 0" in start.diagram(unicode=True)
    assert "pool" not in str(nardy.Backgammon().starting_position())


def test_a_checker_in_a_pool_counts_25_pips() -> None:
    start = MirrorPool().starting_position()
    on_board = sum((i + 1) * n for i, n in enumerate(start.checkers(nardy.Side.WHITE)))
    assert start.pip_count(nardy.Side.WHITE) == on_board + 3 * 25
    # Points that hold no checkers add nothing.
    assert RotatePool().starting_position().pip_count(nardy.Side.WHITE) == 15 * 24


def test_the_picture_draws_a_pool_as_one_checker_with_its_count() -> None:
    from nardy.pictures.svg import board

    svg = board(MirrorPool().starting_position())
    for side in ("white", "black"):
        assert svg.count(f'class="checker {side} pool"') == 1
    assert svg.count('class="count">3</text>') == 2
    assert "pool" not in board(nardy.Backgammon().starting_position())
    # An empty pool draws nothing.
    assert "pool" not in board(RotatePool().starting_position())
