"""A roll's rules whatever the position (``Variant.roll_rules``) and the head rule as data (``HeadLimit``).

Long nardy and Kush declare each roll's rules once, with the head rule's
limit read from the turn's start by the native core; the Python search
keeps asking the per-turn hooks, and ``check_search`` compares the two.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

import attrs
import pytest

import nardy
from nardy.engine.plan import Plan
from nardy.engine.reference import TurnRules
from nardy.engine.table import STEP_CODES, native_table
from nardy.errors import EngineError, InvalidOptionError
from nardy.rules.board import BLOCK, HEAD
from nardy.rules.head import HEAD_EXCEPTIONS, head_limit
from nardy.rules.long_nardy import head_limit_of, roll_step_rule
from nardy.rules.named import HeadFloor, HeadLimit
from nardy.rules.turn_rules import RollRules, StepRule
from nardy.testing import ConformanceError, check_search, check_variant
from nardy.variants.base import State
from nardy.variants.planning import roll_rules_cover
from toy_variants import registered

native_only = pytest.mark.skipif(not nardy.native, reason="roll rules serve the native core only")


def _long_start(opponent: dict[int, int], mover: dict[int, int] | None = None) -> State:
    """A long-nardy state in the mover's frame: his checkers (15 on the head by default), the opponent's."""
    board = [0] * 28
    for p, n in (mover or {HEAD: 15}).items():
        board[p] = n
    for p, n in opponent.items():
        board[p] = -n
    return tuple(board)


def _random_long_start(rng: random.Random) -> State:
    """A start that is often a first turn: 15 or 14 on the head, a few opposing checkers about."""
    on_head = rng.choice((15, 15, 14))
    mover = {HEAD: on_head}
    if on_head < 15:
        mover[rng.randint(13, 23)] = 15 - on_head
    points = [p for p in range(1, 24) if p not in mover]
    opponent = {12: 10}
    for p in rng.sample([p for p in points if p != 12], 5):
        opponent[p] = 1
    return _long_start(opponent, mover)


def test_head_limit_is_head_limit_on_every_start() -> None:
    # The rule as data gives head_limit's answer, for each exception and double.
    rng = random.Random(39)
    starts = [_random_long_start(rng) for _ in range(300)]
    starts.append(_long_start({12: 15}))
    for exception, double, start in itertools.product(HEAD_EXCEPTIONS, range(7), starts):
        rule = head_limit_of(exception, 15, double)
        assert rule.limit(start) == head_limit(start, double, exception, 15), (exception, start)
        floor = rule.begin(start)
        assert floor == HeadFloor(HEAD, start[HEAD] - rule.limit(start))


def test_head_floor_judges_the_head_alone() -> None:
    floor = HeadLimit(15, 6, 1 << 6).begin(_long_start({12: 15}))
    board = list(_long_start({12: 15}, {HEAD: 12, 18: 3}))
    assert floor == HeadFloor(HEAD, 13)
    assert not floor.check(board, HEAD, 18, False)
    assert floor.check(board, 18, 12, False)
    board[HEAD] = 13
    assert floor.check(board, HEAD, 18, False)


def test_head_limit_refuses_bad_fields_and_an_unbegun_check() -> None:
    for fields in (
        {"mode": "never"},
        {"double": 7},
        {"doubles": 1},
        {"point": 25},
        {"mode": "head-only", "doubles": 1 << 6},
        {"mode": "any-blocked-double", "point": 20},
    ):
        with pytest.raises(InvalidOptionError, match="HeadLimit"):
            HeadLimit(**{"checkers": 15, "double": 6, **fields})  # type: ignore[arg-type]
    with pytest.raises(EngineError, match="begin"):
        HeadLimit(15, 6).check([0] * 28, HEAD, 18, False)


def _turn(rule: StepRule, dice: tuple[int, ...] = (6, 6, 6, 6)) -> TurnRules:
    return TurnRules(dice, BLOCK, False, rule, None, None, True, [])


def test_the_table_writes_the_head_limit_by_name() -> None:
    rule = roll_step_rule(6, "6-4-3", "ahead", True, 15)
    table = native_table(_turn(rule), 28)
    assert table is not None
    head = (STEP_CODES[HeadLimit], HEAD, 15, 6, 1 << 6 | 1 << 4 | 1 << 3, 0)
    assert table[-9:] == (2, *head, 2, 1)
    board_mode = native_table(_turn(roll_step_rule(5, "head-only", "off", True, 15)), 28)
    assert board_mode is not None
    assert board_mode[-7:] == (1, 9, HEAD, 15, 5, 0, 2)
    # Two head limits: not a table the core reads.
    twice = (HeadLimit(15, 6), HeadLimit(15, 6))
    assert native_table(_turn(StepRule(lambda b, s, d: True, named=twice)), 28) is None
    # A return on a non-double, or beside extra plays: not data either.
    assert native_table(_turn(rule, (6, 5)), 28, returns=True) is None
    assert native_table(_turn(rule), 28, returns=True) is not None


@native_only
@pytest.mark.parametrize("cls", [nardy.LongNardy, nardy.Kush])
def test_a_roll_rules_turn_asks_no_per_turn_hook(
    cls: type[nardy.LongNardy], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Plan.turn_rules is where a turn asks the per-turn hooks.
    calls: list[object] = []
    asked = Plan.turn_rules

    def counted(self: Plan, *args: object) -> TurnRules:
        calls.append(args)
        return asked(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Plan, "turn_rules", counted)
    # (A configuration of its own: a plan made with the counting hooks.)
    variant = cls(head_exception="any-blocked-double", six_block_check="turn", koks=True)
    rng = random.Random(5)
    position = variant.starting_position()
    turns = 0
    while not variant.is_over(position) and turns < 300:
        roll = variant.random_roll(rng)
        assert variant.search_name(position, roll) == "native"
        plays = variant.legal_plays(position, roll, cache=False)
        position = variant.apply(position, rng.choice(list(plays)))
        turns += 1
    assert turns > 50
    assert calls == []


@attrs.frozen
class WronglyDeclaredLongNardy(nardy.LongNardy):
    """Broken on purpose: its roll rules let two checkers leave the head on a first 5-5, its hooks do not."""

    name: ClassVar[str] = "wrongly-declared-long-nardy"
    aliases: ClassVar[tuple[str, ...]] = ()

    def roll_rules(self, roll: nardy.Roll) -> RollRules | None:
        """The head rule with 5-5 among the exceptional doubles."""
        wrong = (HeadLimit(15, roll.high if roll.is_double else 0, 1 << 6 | 1 << 5),)
        return RollRules(StepRule(lambda b, s, d: True, named=wrong))


@native_only
def test_check_search_catches_a_wrong_roll_declaration() -> None:
    variant = WronglyDeclaredLongNardy()
    start = variant.starting_position()
    assert variant.search_name(start, nardy.Roll(5, 5)) == "native"
    # 6-6 is declared rightly; 5-5 lets a second checker off the head.
    assert check_search(start, nardy.Roll(6, 6)) == "native"
    with pytest.raises(ConformanceError, match="disagrees with the general search"):
        check_search(start, nardy.Roll(5, 5))
    with (
        registered(WronglyDeclaredLongNardy),
        pytest.raises(ConformanceError, match="disagrees with the general search"),
    ):
        check_variant(variant, games=3, seed=0)


def _anything(board: list[int], src: int, dst: int) -> bool:
    return True


@attrs.frozen
class OwnHeadRule(nardy.LongNardy):
    """Long nardy whose per-turn step rule lets any number leave the head (another rule, no roll rules of its own)."""

    name: ClassVar[str] = "own-head-rule"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: nardy.Roll) -> StepRule:
        """Neither the head rule nor the six-block rule: every step allowed (declared so)."""
        return StepRule(_anything, six_block="off")


def test_a_subclass_with_its_own_turn_hooks_does_not_inherit_roll_rules() -> None:
    assert roll_rules_cover(nardy.LongNardy)
    assert roll_rules_cover(nardy.Kush)
    assert not roll_rules_cover(OwnHeadRule)
    variant = OwnHeadRule()
    plays = variant.legal_plays(variant.starting_position(), nardy.Roll(3, 1))
    # Two checkers off the head: 24/21 24/23, which long nardy's head rule refuses.
    assert len(plays) > len(
        nardy.LongNardy().legal_plays(nardy.LongNardy().starting_position(), nardy.Roll(3, 1))
    )
    with registered(OwnHeadRule):
        assert check_variant(variant, games=1, seed=2).positions > 0
