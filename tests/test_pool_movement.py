"""The pool as a step source, where a hit checker goes, the bar first or not, the bear-off as data.

Toy variants defined here (backgammon's mirror geometry, hitting contact,
:data:`nardy.POOL` in the extra state, every checker starting in the pool)
play the worked examples of the family's rules page
(``shared/rules/acey-tabula-gulbara.md``, section E: AD-1, AD-2, AD-3,
AD-5, AD-5x, AD-6, AD-7) with exactly the page's legal sets; the variant
restrictions of section M are toy step rules on the state after each step.
Hypothesis checks that checkers are conserved (the pool included), that
the search that runs (native where the core is loaded) and the general
search give the reference search's answers on random pool positions, and that every result round-trips through the array form and
the ID.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import BearOff, Position, Roll, StepRule
from nardy.engine.reference import reference_raw_plays
from nardy.engine.state import pack
from nardy.errors import CheckerCountError, IllegalPlayError, InvalidOptionError
from nardy.rules.board import FROM_POOL, MOVER_BAR, MOVER_OFF
from nardy.rules.movement import DEFAULT_MOVEMENT, Movement, movement_of, pool_index
from nardy.rules.turn_rules import ALL_POINTS
from nardy.variants.base import State, Variant
from nardy.variants.options import read_int, to_bool
from nardy.variants.scoring import PRESETS, ScoringTable

#: The mover's pool in the toy variants' state (their only extra field).
POOL_AT = pool_index((nardy.POOL,))


def hit_after_home(board: list[int], src: int, dst: int) -> bool:
    """Acey-deucey's ``hitting="after-home"``: a hit only once a checker of the mover's is home or off.

    Judged on the position before the step: the checker that hit now
    stands on ``dst`` (where none of his stood), and the one that left
    ``src`` stood there.
    """
    if board[MOVER_OFF] > 0 or 1 <= src <= 6:
        return True
    return any(board[p] > 0 for p in range(1, 7) if p != dst)


def entering_all_first(board: list[int], src: int, dst: int) -> bool:
    """Acey-deucey's ``entering="all-first"``: while the pool is not empty only entries are allowed."""
    return src in (FROM_POOL, MOVER_BAR) or board[POOL_AT] == 0


def second_half_pool(board: list[int], src: int, dst: int) -> bool:
    """Tabula's ``second_half="pool"``: while a checker waits in the pool, nothing lands on 12-1 (or off)."""
    return board[POOL_AT] == 0


def second_half_pool_or_bar(board: list[int], src: int, dst: int) -> bool:
    """Tabula's rule with ``second_half="pool-or-bar"``: nothing lands on 12-1 while a checker waits in the pool or on the bar."""
    return board[POOL_AT] == 0 and board[25] == 0


def refuse(board: list[int], src: int, dst: int) -> bool:
    """Every step refused (acey-deucey's opening lock on a roll that is not a double or 1-2)."""
    return False


@attrs.frozen
class PoolGame(Variant):
    """Acey-deucey's board: empty, fifteen checkers a side in the pool; its options that change a legal set."""

    name: ClassVar[str] = "test-pool-game"
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({})
    extra_state: ClassVar[tuple[nardy.ExtraField, ...]] = (nardy.POOL,)
    start_extra: ClassVar[MappingProxyType[str, Any]] = MappingProxyType({"pool": 15})

    hits_to: str = "bar"
    bar_first: bool = attrs.field(default=True, converter=to_bool)
    zone: int = attrs.field(default=6, converter=read_int)
    larger: bool = attrs.field(default=True, converter=to_bool)
    hitting: str = "any"
    enter_rule: str = "free"
    opening_lock: bool = attrs.field(default=False, converter=to_bool)
    second_half: bool = attrs.field(default=False, converter=to_bool)
    #: The second-half rule declared :attr:`StepRule.waiting` (``""``: undeclared, the rule on the pool alone).
    waiting: str = ""

    @property
    def hit_to(self) -> str:  # type: ignore[override]  # an option
        return self.hits_to

    @property
    def bar_priority(self) -> bool:  # type: ignore[override]  # an option
        return self.bar_first

    @property
    def bear_off(self) -> BearOff:  # type: ignore[override]  # an option
        return BearOff(self.zone, self.larger)

    def step_rule(self, state: State, roll: Roll) -> StepRule | None:
        locked = self.opening_lock and state[POOL_AT] == self.checkers
        if locked and not (roll.is_double or {roll.high, roll.low} == {1, 2}):
            return StepRule(refuse)
        if self.hitting == "after-home":
            return StepRule(hit_after_home, only_hits=True)
        if self.enter_rule == "all-first":
            return StepRule(entering_all_first)
        if self.second_half:
            check = second_half_pool_or_bar if self.waiting == "pool-or-bar" else second_half_pool
            return StepRule(
                check, watch_from=0, watch_to=(1 << 13) - 1, waiting=self.waiting or None
            )
        return None

    def scoring_table(self) -> ScoringTable:
        return PRESETS["standard"]


@pytest.fixture(scope="module", autouse=True)
def registered() -> Any:
    nardy.register_variant(PoolGame)
    yield
    nardy.unregister_variant(PoolGame)


def at(variant: Variant, question: dict[str, Any]) -> Position:
    """The position of a question in the page's form (``board``, ``bar``, ``off``, ``pool``)."""
    return variant.position(**question)


def answers(variant: Variant, question: dict[str, Any], dice: tuple[int, int]) -> list[Any]:
    """The legal set as the page writes it: ``(notation, board, bar, off, pool)`` each, sorted."""
    position = at(variant, question)
    legal = position.legal_plays(dice)
    out = []
    for play, array in zip(legal, legal.resulting_arrays()):
        out.append((play.notation(), array["board"], array["bar"], array["off"], array["pool"]))
    return sorted(out)


def board(points: dict[int, int]) -> list[int]:
    """A mover-relative board from ``{point: signed count}``."""
    out = [0] * 24
    for p, n in points.items():
        out[p - 1] = n
    return out


EMPTY = [0] * 24


def test_ad_1_opening_entry() -> None:
    question = {"board": EMPTY, "bar": [0, 0], "off": [0, 0], "pool": [15, 15]}
    assert answers(PoolGame(), question, (6, 3)) == sorted(
        [
            ("pool/22 pool/19", board({19: 1, 22: 1}), [0, 0], [0, 0], [13, 15]),
            ("pool/16", board({16: 1}), [0, 0], [0, 0], [14, 15]),
        ]
    )


def test_ad_2_bar_before_pool() -> None:
    question = {
        "board": board({13: 4, 20: -2}),
        "bar": [1, 0],
        "off": [0, 0],
        "pool": [10, 13],
    }
    assert answers(PoolGame(), question, (5, 3)) == sorted(
        [
            ("bar/17", board({13: 4, 17: 1, 20: -2}), [0, 0], [0, 0], [10, 13]),
            ("bar/22 13/8", board({8: 1, 13: 3, 20: -2, 22: 1}), [0, 0], [0, 0], [10, 13]),
        ]
    )


def test_ad_3_one_two_with_one_die_playable() -> None:
    question = {
        "board": board({6: -2, 8: -2, 9: 15}),
        "bar": [0, 0],
        "off": [0, 0],
        "pool": [0, 11],
    }
    assert answers(PoolGame(), question, (1, 2)) == [
        ("9/7", board({6: -2, 7: 1, 8: -2, 9: 14}), [0, 0], [0, 0], [0, 11])
    ]


BEAR_OFF = {
    "board": board({2: 1, 4: 1, 19: -5, 20: -5, 21: -5}),
    "bar": [0, 0],
    "off": [13, 0],
    "pool": [0, 0],
}


def test_ad_5_bear_off_larger_die() -> None:
    assert answers(PoolGame(), BEAR_OFF, (6, 5)) == [
        ("4/off 2/off", board({19: -5, 20: -5, 21: -5}), [0, 0], [15, 0], [0, 0])
    ]


def test_ad_5x_bear_off_exact_only() -> None:
    assert answers(PoolGame(larger=False), BEAR_OFF, (6, 5)) == [
        ("", BEAR_OFF["board"], [0, 0], [13, 0], [0, 0])
    ]


def test_ad_6_first_one_two() -> None:
    question = {"board": EMPTY, "bar": [0, 0], "off": [0, 0], "pool": [15, 15]}
    assert answers(PoolGame(), question, (1, 2)) == sorted(
        [
            ("pool/24 pool/23", board({23: 1, 24: 1}), [0, 0], [0, 0], [13, 15]),
            ("pool/22", board({22: 1}), [0, 0], [0, 0], [14, 15]),
        ]
    )


AD_7 = {
    "board": board({14: -1, 15: -1, 18: 2, 20: 3, 24: -2}),
    "bar": [0, 0],
    "off": [0, 0],
    "pool": [10, 11],
}


def test_ad_7_hitting_after_home() -> None:
    rest = {14: -1, 15: -1, 24: -2}
    assert answers(PoolGame(hitting="after-home"), AD_7, (4, 2)) == sorted(
        [
            (
                "pool/23 pool/21",
                board({**rest, 18: 2, 20: 3, 21: 1, 23: 1}),
                [0, 0],
                [0, 0],
                [8, 11],
            ),
            ("pool/19", board({**rest, 18: 2, 19: 1, 20: 3}), [0, 0], [0, 0], [9, 11]),
            ("pool/21 20/18", board({**rest, 18: 3, 20: 2, 21: 1}), [0, 0], [0, 0], [9, 11]),
            ("pool/21 18/16", board({**rest, 16: 1, 18: 1, 20: 3, 21: 1}), [0, 0], [0, 0], [9, 11]),
            ("pool/23 20/16", board({**rest, 16: 1, 18: 2, 20: 2, 23: 1}), [0, 0], [0, 0], [9, 11]),
            ("20/18 20/16", board({**rest, 16: 1, 18: 3, 20: 1}), [0, 0], [0, 0], [10, 11]),
            ("20/16 18/16", board({**rest, 16: 2, 18: 1, 20: 2}), [0, 0], [0, 0], [10, 11]),
            ("18/12", board({**rest, 12: 1, 18: 1, 20: 3}), [0, 0], [0, 0], [10, 11]),
        ]
    )
    # With the default (any hit), the hits come back: 18/14*/12 among them.
    plays = at(PoolGame(), AD_7).legal_plays((4, 2))
    assert "18/14*/12" in plays.notations()
    assert len(plays) > 8


def test_hit_to_pool_sends_the_blot_to_its_owner_s_pool() -> None:
    question = {"board": board({13: 2, 10: -1}), "bar": [0, 0], "off": [0, 0], "pool": [13, 14]}
    for hits_to, bar, pool in (("bar", [0, 1], [13, 14]), ("pool", [0, 0], [13, 15])):
        variant = PoolGame(hits_to=hits_to)
        plays = at(variant, question).legal_plays((3, 1))
        index = plays.find_index("13/10*/9")
        array = plays.resulting_arrays()[index]
        assert (array["bar"], array["pool"]) == (bar, pool)
        expected = "native" if nardy.native else "python"
        assert variant.search_name(at(variant, question), (3, 1)) == expected
    # A pool checker entering hits too.
    question = {"board": board({22: -1}), "bar": [0, 0], "off": [0, 0], "pool": [15, 14]}
    plays = at(PoolGame(hits_to="pool"), question).legal_plays((3, 1))
    assert "pool/22*/21" in plays.notations()
    array = plays.resulting_arrays()[plays.find_index("pool/22*/21")]
    assert array["pool"] == [14, 15]


def test_bar_priority_false_mixes_entries_and_moves() -> None:
    question = {"board": board({13: 2}), "bar": [1, 0], "off": [0, 0], "pool": [12, 15]}
    first = at(PoolGame(), question).legal_plays((6, 5)).notations()
    mixed = at(PoolGame(bar_first=False), question).legal_plays((6, 5)).notations()
    assert all(text.count("bar/") for text in first)
    assert "pool/19 13/8" in mixed  # the barred checker stays while a pool checker enters
    assert "13/8 13/7" in mixed
    assert set(first) < set(mixed)


BEARING = {"board": board({4: 1, 9: 1, 20: -5}), "bar": [0, 0], "off": [13, 10], "pool": [0, 0]}


@pytest.mark.parametrize(
    ("bear_off", "dice", "expected"),
    [
        # M.6, zone 1-12: the checker on 9 is inside; the 4 bears off from 4.
        (BearOff(12, True), (4, 1), {"9/8 4/off", "9/5 4/3", "9/4"}),
        # The home board: 9 must come home first.
        (BearOff(6, True), (4, 1), {"9/5 4/3", "9/4"}),
        # A larger die bears off from the highest point only.
        (BearOff(12, True), (6, 5), {"9/3 4/off", "9/off"}),
        # Exact: a checker on p leaves only with a p; one die playable, the higher.
        (BearOff(12, False), (6, 5), {"9/3"}),
        # Exact at home: the 9 comes home with one die and leaves with the other.
        (BearOff(6, False), (5, 4), {"9/off"}),
    ],
)
def test_bear_off_as_data(bear_off: BearOff, dice: tuple[int, int], expected: set[str]) -> None:
    variant = PoolGame(zone=bear_off.zone, larger=bear_off.larger)
    position = at(variant, BEARING)
    legal = position.legal_plays(dice)
    assert set(legal.notations()) == expected
    reference = reference_raw_plays(variant, position.raw, Roll(*dice))
    assert set(legal.result_states()) == {state for state, _ in reference}


def test_default_movement_is_today_s() -> None:
    assert BearOff() == BearOff(6, True)
    assert movement_of(nardy.Backgammon()) == DEFAULT_MOVEMENT
    assert movement_of(PoolGame()) == Movement(pool=POOL_AT)
    assert movement_of(PoolGame(hits_to="pool", bar_first=False, zone=12, larger=False)) == (
        Movement(POOL_AT, True, False, BearOff(12, False))
    )
    with pytest.raises(InvalidOptionError):
        BearOff(25)
    with pytest.raises(InvalidOptionError):
        Movement(hit_to_pool=True)
    with pytest.raises(InvalidOptionError, match="hit_to"):
        movement_of(PoolGame(hits_to="nowhere"))
    # Every variant without a pool moves as backgammon does, but tapa, whose
    # pinned checkers at home do not stop the bear-off (BearOff.pinned_home).
    for cls in nardy.VARIANTS:
        if nardy.POOL not in cls.extra_state and cls is not nardy.Tapa:
            assert movement_of(cls()) == DEFAULT_MOVEMENT, cls.name
    assert movement_of(nardy.Tapa()) == Movement(bear_off=BearOff(6, True, pinned_home=True))
    assert movement_of(nardy.Tapa(bear_off_pinned="blocked")) == DEFAULT_MOVEMENT


# --- the variant restrictions of section M, as toy step rules -------------------------


def test_entering_all_first_allows_only_entries_while_the_pool_holds_checkers() -> None:
    question = {"board": board({20: 3}), "bar": [0, 0], "off": [11, 0], "pool": [1, 15]}
    plays = at(PoolGame(enter_rule="all-first"), question).legal_plays((6, 3))
    # The last pool checker enters first; then the other die is free.
    assert set(plays.notations()) == {"pool/22 20/14", "pool/19 20/17", "pool/16"}
    for play in plays:
        assert play.steps[0].src == FROM_POOL


def test_opening_lock_passes_a_roll_that_is_not_a_double_or_one_two() -> None:
    start = PoolGame(opening_lock=True).starting_position()
    assert start.legal_plays((6, 3)).notations() == [""]
    assert start.legal_plays((2, 1)).notations() == ["pool/24 pool/23", "pool/22"]
    assert len(start.legal_plays((4, 4))) == 5


def test_second_half_waits_for_the_pool() -> None:
    question = {
        "board": board({14: 3, 20: -2, 21: -2}),
        "bar": [0, 0],
        "off": [11, 0],
        "pool": [1, 11],
    }
    variant = PoolGame(second_half=True)
    plays = at(variant, question).legal_plays((5, 4))
    # 20 and 21 are closed: no entry, and every move from 14 lands on 12-1.
    assert plays.notations() == [""]
    plays = at(variant, question).legal_plays((5, 3))
    # Entering the last pool checker on 22 lifts the rule for the 5.
    assert set(plays.notations()) == {"pool/17", "pool/22 14/9"}


def test_only_hits_is_a_declared_field() -> None:
    rule = StepRule(hit_after_home, only_hits=True)
    assert rule.only_hits
    assert rule.replace(watch_to=1 << 14).only_hits
    assert not rule.replace(only_hits=False).only_hits
    assert "only_hits=True" in repr(rule)
    assert StepRule(hit_after_home).watch_from == ALL_POINTS
    assert (ALL_POINTS >> FROM_POOL) & 1
    with pytest.raises(InvalidOptionError):
        StepRule(hit_after_home, floor_point=24, floor=14, only_hits=True)


def test_waiting_is_a_declared_field() -> None:
    rule = StepRule(second_half_pool, watch_from=0, watch_to=(1 << 13) - 1, waiting="pool")
    assert rule.waiting == "pool"
    assert rule.replace(watch_to=1 << 12).waiting == "pool"
    assert rule.replace(waiting=None).waiting is None
    assert "waiting='pool'" in repr(rule)
    assert StepRule(second_half_pool).waiting is None
    for bad in (
        {"waiting": "bar"},
        {"waiting": "pool", "only_hits": True},
        {"waiting": "pool", "floor_point": 24, "floor": 14},
        {"waiting": "pool", "six_block": "off"},
    ):
        with pytest.raises(InvalidOptionError, match="waiting"):
            StepRule(second_half_pool, **bad)


# --- every layer that reads steps -------------------------------------------------------


def test_a_play_from_the_pool_is_written_parsed_and_applied() -> None:
    variant = PoolGame()
    start = variant.starting_position()
    legal = start.legal_plays((6, 3))
    assert legal.find("pool/16").notation() == "pool/16"
    assert legal.find("pool/19/16") == legal.find("pool/22/16")
    assert legal.find("pool-22 pool-19").notation() == "pool/22 pool/19"
    by_hand = nardy.Play((nardy.Step(FROM_POOL, 22, 3), nardy.Step(22, 16, 6)), Roll(6, 3))
    assert str(by_hand.steps[0]) == "pool/22"
    after = start.apply(by_hand)
    assert after == legal.resulting_position(legal.find_index("pool/16"))
    assert after.extra(nardy.Side.WHITE)["pool"] == 14
    with pytest.raises(IllegalPlayError, match="the pool"):
        legal.find("pool/22(4) pool/19(4) pool/16(4) pool/13(4)")
    with pytest.raises(IllegalPlayError, match="no pool"):
        nardy.Backgammon().starting_position().apply(
            nardy.Play((nardy.Step(FROM_POOL, 22, 3), nardy.Step(24, 18, 6)), Roll(6, 3))
        )


def test_pool_counts_are_checked() -> None:
    variant = PoolGame()
    with pytest.raises(CheckerCountError):
        variant.position(EMPTY, pool=[16, 15], off=[-1, 0])
    with pytest.raises(CheckerCountError):
        variant.position(board({1: 1}), pool=[-1, 15], off=[15, 0])
    assert variant.position(EMPTY, pool=[15, 15]) == variant.starting_position()


# --- properties -------------------------------------------------------------------------


OPTIONS = st.fixed_dictionaries(
    {
        "hits_to": st.sampled_from(["bar", "pool"]),
        "bar_first": st.booleans(),
        "zone": st.sampled_from([6, 12]),
        "larger": st.booleans(),
        "hitting": st.sampled_from(["any", "after-home"]),
    }
)


@st.composite
def pool_games(draw: st.DrawFn) -> tuple[PoolGame, Position, Roll]:
    """A configured toy variant, a position reached by random plays from the start, and a roll."""
    options: dict[str, Any] = draw(OPTIONS)
    variant = PoolGame(**options)
    position = variant.starting_position()
    for _ in range(draw(st.integers(0, 40))):
        plays = position.legal_plays((draw(st.integers(1, 6)), draw(st.integers(1, 6))))
        after = plays.resulting_position(draw(st.integers(0, len(plays) - 1)))
        if after.is_over():
            break
        position = after
    return variant, position, Roll(draw(st.integers(1, 6)), draw(st.integers(1, 6)))


def held(position: Position, side: nardy.Side) -> int:
    """Every checker of ``side``: on the board, the bar, off and in the pool."""
    pool = position.extra(side)["pool"]
    assert isinstance(pool, int)
    return sum(position.checkers(side)) + position.bar(side) + position.off(side) + pool


@settings(max_examples=120, deadline=None, derandomize=True)
@given(game=pool_games())
def test_both_searches_are_the_reference_search(game: tuple[PoolGame, Position, Roll]) -> None:
    variant, position, roll = game
    legal = position.legal_plays(roll)
    # The search that runs (native where the rules are data), and the general one on request.
    reference = reference_raw_plays(variant, position.raw, roll)
    fast = legal.result_states()
    assert len(set(fast)) == len(fast)
    assert set(fast) == {state for state, _ in reference}
    general = variant.play_keys(position.packed, roll, general=True)[0]
    assert set(general) == {pack(state) for state, _ in reference}
    for index, play in enumerate(legal):
        after = legal.resulting_position(index)
        for side in (nardy.Side.WHITE, nardy.Side.BLACK):
            assert held(after, side) == variant.checkers
        assert Position.from_id(after.id()) == after
        assert variant.position(**after.to_array(), turn=after.turn) == after
        assert legal.find(play.notation()) == play
        assert position.apply(nardy.Play(play.steps, roll)) == after
