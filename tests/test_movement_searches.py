"""The movement as data: a pool, hits to the pool, the bar not first, any bear-off, three dice, step rules.

Each toy variant here (the family's movement, like ``test_pool_movement``'s
and ``test_dice_and_geometry``'s) is checked against the reference search
(every result, and each play a legal sequence to its result) and, where a
search other than the general one runs, against the general search
(:func:`nardy.testing.check_search`: the same plays, in order), on
positions built at random (the bear-off, the bar and the pool all met) and
on positions of random play. A movement is data: every one of them runs
native where the core is loaded, unless a step rule declares nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from helpers import play_turn
from nardy import BearOff, Contact, Geometry, Position, Roll, StepRule, Variant
from nardy.rules.movement import Movement
from nardy.testing import check_search
from nardy.variants.base import State
from nardy.variants.options import to_bool
from nardy.variants.scoring import PRESETS, ScoringTable
from test_dice_and_geometry import ThreeDiceGammon
from test_pool_movement import POOL_AT, PoolGame
from test_reference_search import disagreement
from toy_variants import registered

# --- the toy variants -----------------------------------------------------------------


@attrs.frozen
class PoolSameThree(PoolGame):
    """Tabula's movement: the pool, one shared track, three dice (a pair or a triple is three moves)."""

    name: ClassVar[str] = "test-pool-same-3"
    geometry: ClassVar[Geometry] = Geometry.SAME
    dice: ClassVar[int] = 3


@attrs.frozen
class BlockingRace(Variant):
    """Gul bara's movement: fifteen on the 24-point, the same direction, blocking; a remainder of k moves."""

    name: ClassVar[str] = "test-blocking-race"
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 15})
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    contact: ClassVar[Contact] = Contact.BLOCK
    gnubg_id_supported: ClassVar[bool] = False
    segment_moves: ClassVar[bool] = True

    larger: bool = attrs.field(default=True, converter=to_bool)

    @property
    def bear_off(self) -> BearOff:  # type: ignore[override]  # an option
        return BearOff(6, self.larger)

    def scoring_table(self) -> ScoringTable:
        return PRESETS["standard"]


def no_hit_from_the_back(board: list[int], src: int, dst: int) -> bool:
    """A step rule on hitting contact: a checker from the 19-24 (or the bar) may not hit."""
    return src < 19


@attrs.frozen
class RuledGammon(nardy.Backgammon):
    """Backgammon with a step rule on its hits (today's movement, hitting contact)."""

    name: ClassVar[str] = "test-ruled-gammon"
    aliases: ClassVar[tuple[str, ...]] = ()

    only_hits: bool = attrs.field(default=True, converter=to_bool)

    def step_rule(self, state: State, roll: Roll) -> StepRule | None:
        return StepRule(no_hit_from_the_back, only_hits=self.only_hits)


TOYS = (PoolGame, PoolSameThree, BlockingRace, RuledGammon, ThreeDiceGammon)


@pytest.fixture(scope="module", autouse=True)
def toys() -> Iterator[None]:
    with registered(*TOYS):
        yield


# --- positions and rolls ----------------------------------------------------------------

POOL_OPTIONS = st.fixed_dictionaries(
    {
        "hits_to": st.sampled_from(["bar", "pool"]),
        "bar_first": st.booleans(),
        "zone": st.sampled_from([6, 12]),
        "larger": st.booleans(),
        "hitting": st.sampled_from(["any", "any", "after-home"]),
        "enter_rule": st.sampled_from(["free", "free", "all-first"]),
        "second_half": st.booleans(),
        "waiting": st.sampled_from(["", "pool", "pool-or-bar"]),
    }
)


def spread(rng: random.Random, count: int, points: list[int]) -> dict[int, int]:
    """``count`` checkers dropped at random on ``points``."""
    out: dict[int, int] = {}
    for _ in range(count):
        p = rng.choice(points)
        out[p] = out.get(p, 0) + 1
    return out


def built(variant: Variant, rng: random.Random, pool: bool, bar: bool) -> Position:
    """A position made at random: each side's fifteen split between the pool, the bar, off and the board.

    The mover's board checkers lie on 1-6, 1-12 or anywhere (the bear-off
    met often); the opponent's on the points the mover leaves, one at a
    time now and then (blots to hit).
    """
    n = variant.checkers
    mine_pool = rng.choice([0, 0, 1, 3]) if pool else 0
    theirs_pool = rng.choice([0, 0, 2]) if pool else 0
    mine_bar = rng.choice([0, 0, 0, 1, 2]) if bar else 0
    theirs_bar = rng.choice([0, 0, 1]) if bar else 0
    mine_off = rng.randint(0, 6)
    theirs_off = rng.randint(0, 6)
    reach = rng.choice([6, 12, 24])
    mine = spread(rng, n - mine_pool - mine_bar - mine_off, list(range(1, reach + 1)))
    cells = [0] * 24
    for p, k in mine.items():
        cells[p - 1] = k
    free = [p for p in range(1, 25) if not cells[p - 1]]
    left = n - theirs_pool - theirs_bar - theirs_off
    while left:
        p = rng.choice(free)
        k = min(left, rng.choice([1, 1, 2, 3]))
        cells[p - 1] -= k
        left -= k
    extra: dict[str, Any] = {"pool": [mine_pool, theirs_pool]} if pool else {}
    return variant.position(cells, bar=(mine_bar, theirs_bar), off=(mine_off, theirs_off), **extra)


def played(variant: Variant, rng: random.Random, plies: int) -> Position:
    """A position of random play from the start (the variant's own dice, whole turns: :func:`helpers.play_turn`)."""
    position = variant.starting_position()
    rolls = variant.ordered_rolls()
    for _ in range(plies):
        after = play_turn(variant, position, rng.choice(rolls), rng.randrange)
        if after.is_over():
            break
        position = after
    return position


def agrees(position: Position, roll: Roll) -> None:
    """The search that runs here agrees with the reference search and the general search."""
    variant = position.variant
    problem = disagreement(variant, position, roll)
    assert problem is None, problem
    assert check_search(position, roll) == variant.search_name(position, roll)


# --- properties -------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, derandomize=True)
@given(options=POOL_OPTIONS, seed=st.integers(0, 2**32), data=st.data())
def test_pool_games_agree(options: dict[str, Any], seed: int, data: st.DataObject) -> None:
    variant = PoolGame(**options)
    rng = random.Random(seed)
    if data.draw(st.booleans()):
        position = built(variant, rng, pool=True, bar=options["hits_to"] == "bar")
    else:
        position = played(variant, rng, data.draw(st.integers(0, 60)))
    a, b = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))
    agrees(position, Roll(a, b))


@settings(max_examples=120, deadline=None, derandomize=True)
@given(options=POOL_OPTIONS, seed=st.integers(0, 2**32), data=st.data())
def test_three_dice_on_the_shared_track_agree(
    options: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    variant = PoolSameThree(**options)
    rng = random.Random(seed)
    if data.draw(st.booleans()):
        position = built(variant, rng, pool=True, bar=options["hits_to"] == "bar")
    else:
        position = played(variant, rng, data.draw(st.integers(0, 40)))
    faces = [data.draw(st.integers(1, 6)) for _ in range(3)]
    agrees(position, Roll(*faces))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(larger=st.booleans(), seed=st.integers(0, 2**32), data=st.data())
def test_blocking_with_the_exact_bear_off_agrees(
    larger: bool, seed: int, data: st.DataObject
) -> None:
    variant = BlockingRace(larger=larger)
    rng = random.Random(seed)
    if data.draw(st.booleans()):
        position = built(variant, rng, pool=False, bar=False)
    else:
        position = played(variant, rng, data.draw(st.integers(0, 80)))
    a, b = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))
    roll = Roll(a, b)
    if a == b:
        roll = roll.with_moves(data.draw(st.integers(1, 4)))
    agrees(position, roll)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(only_hits=st.booleans(), seed=st.integers(0, 2**32), data=st.data())
def test_a_step_rule_on_hitting_contact_agrees(
    only_hits: bool, seed: int, data: st.DataObject
) -> None:
    variant = RuledGammon(only_hits=only_hits)
    rng = random.Random(seed)
    if data.draw(st.booleans()):
        position = built(variant, rng, pool=False, bar=True)
    else:
        position = played(variant, rng, data.draw(st.integers(0, 60)))
    a, b = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))
    agrees(position, Roll(a, b))


def test_three_dice_on_today_s_movement() -> None:
    variant = ThreeDiceGammon()
    rng = random.Random(5)
    for _ in range(30):
        position = built(variant, rng, pool=False, bar=True)
        for roll in (Roll(6, 3, 1), Roll(5, 5, 2), Roll(2, 1, 1)):
            agrees(position, roll)
        agrees(position, Roll(4, 4, 4))  # a triple: three moves of one die, as before


# --- examples: each new path by hand --------------------------------------------------------


def board(points: dict[int, int]) -> list[int]:
    """A mover-relative board from ``{point: signed count}``."""
    out = [0] * 24
    for p, n in points.items():
        out[p - 1] = n
    return out


def test_a_double_enters_from_the_bar_and_the_pool_in_either_order() -> None:
    question: dict[str, Any] = {
        "board": board({13: 2, 20: -2}),
        "bar": [1, 0],
        "off": [10, 0],
        "pool": [2, 13],
    }
    mixed = PoolGame(bar_first=False).position(**question)
    notations = mixed.legal_plays((3, 3)).notations()
    assert {"bar/22 pool/22 pool/19", "pool/22(2) 13/10(2)", "13/1", "bar/13"} <= set(notations)
    agrees(mixed, Roll(3, 3))
    first = PoolGame().position(**question)
    assert all("bar/" in text for text in first.legal_plays((3, 3)).notations())
    assert len(first.legal_plays((3, 3))) == 13
    agrees(first, Roll(3, 3))


def test_a_hit_to_the_pool_on_a_double() -> None:
    question: dict[str, Any] = {
        "board": board({13: 2, 10: -1, 7: -1}),
        "bar": [0, 0],
        "off": [0, 0],
        "pool": [13, 13],
    }
    position = PoolGame(hits_to="pool").position(**question)
    legal = position.legal_plays((3, 3))
    index = legal.find_index("13/10* 13/10/7*/4")
    assert legal.resulting_arrays()[index]["pool"] == [13, 15]
    assert legal.resulting_arrays()[index]["bar"] == [0, 0]
    agrees(position, Roll(3, 3))


def test_three_dice_with_a_pair_enter_and_move() -> None:
    position = PoolSameThree().starting_position()
    legal = position.legal_plays(Roll(6, 6, 1))
    assert set(legal.notations()) == {
        "pool/24 pool/19(2)",
        "pool/19 pool/18",
        "pool/24 pool/13",
        "pool/12",
    }
    agrees(position, Roll(6, 6, 1))


def test_the_second_half_rule_is_judged_in_every_order() -> None:
    # 14/10 is refused while the pool's last checker waits, and allowed after
    # it entered: the pool first (the search's order of sources) finds
    # "pool/20 14/10"; the refusal sends the search through every order.
    question: dict[str, Any] = {
        "board": board({14: 3}),
        "bar": [0, 0],
        "off": [11, 11],
        "pool": [1, 4],
    }
    position = PoolGame(second_half=True).position(**question)
    legal = position.legal_plays((5, 4))
    assert set(legal.notations()) == {"pool/16", "pool/20 14/10", "pool/21 14/9"}
    agrees(position, Roll(5, 4))


def test_exact_bear_off_in_the_half() -> None:
    question: dict[str, Any] = {
        "board": board({4: 1, 9: 1, 20: -5}),
        "bar": [0, 0],
        "off": [13, 10],
        "pool": [0, 0],
    }
    position = PoolGame(zone=12, larger=False).position(**question)
    assert position.legal_plays((4, 4)).notations() == ["9/1 4/off"]  # the 1 stays: exact
    assert position.legal_plays((6, 5)).notations() == ["9/3"]
    agrees(position, Roll(4, 4))
    agrees(position, Roll(6, 5))


# --- which search -----------------------------------------------------------------------------


def test_a_movement_runs_native_a_step_rule_that_declares_nothing_does_not() -> None:
    pool = PoolGame()
    position = pool.starting_position()
    assert pool.search_name(position, Roll(6, 3)) == ("native" if nardy.native else "python")
    ruled = RuledGammon()
    assert ruled.search_name(ruled.starting_position(), Roll(6, 3)) == "python"


def test_a_movement_with_an_empty_pool_moves_as_today_s() -> None:
    empty = [0] * (POOL_AT + 2)  # (a state: off, the points, the bars, off, both pools)
    on = list(empty)
    on[POOL_AT] = 1
    assert Movement(pool=POOL_AT).moves_as_default(empty)
    assert not Movement(pool=POOL_AT).moves_as_default(on)
    assert Movement().moves_as_default(on)  # (no pool: the pool's slot is not read)
    # Anything else that differs from today's movement does not.
    assert not Movement(pool=POOL_AT, hit_to_pool=True).moves_as_default(empty)
    assert not Movement(pool=POOL_AT, bar_first=False).moves_as_default(empty)
    assert not Movement(pool=POOL_AT, bear_off=BearOff(6, False)).moves_as_default(empty)
    assert not Movement(pool=POOL_AT, bear_off=BearOff(12, True)).moves_as_default(empty)


def test_acey_deucey_agrees_with_its_pool_full_and_empty() -> None:
    """Acey-deucey's rolls agree with the reference with checkers still to enter, and once all have entered."""
    variant = nardy.find_variant("acey-deucey")
    rng = random.Random(11)
    met = {True: 0, False: 0}
    for i in range(40):
        if i % 2:
            position = played(variant, rng, rng.randint(0, 200))
        else:
            position = built(variant, rng, pool=True, bar=True)
        empty = position.extra(position.turn)["pool"] == 0
        for roll in rng.sample(variant.ordered_rolls(), 6):
            met[empty] += 1
            agrees(position, roll)
    assert min(met.values()) >= 30, met  # (both kinds met)


@pytest.mark.parametrize(
    "variant",
    [
        PoolGame(),
        PoolGame(hits_to="pool", bar_first=False, zone=12, larger=False),
        PoolSameThree(second_half=True),
        BlockingRace(larger=False),
        RuledGammon(),
    ],
    ids=lambda variant: variant.spec(),
)
def test_whole_games_pass_the_conformance_suite(variant: Variant) -> None:
    # check_variant compares the search that runs with the general one at every position.
    report = nardy.testing.check_variant(variant, games=1, seed=4)
    assert report.finished == 1
