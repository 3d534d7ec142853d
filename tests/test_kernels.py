"""The specialised search kernels against the general one, on self-play positions.

The ordered (hit/block family), pinning (plakoto) and positional (long
nardy, fevga) kernels take shortcuts the general tracking kernel does not:
sources in non-increasing order on a double, results kept without a look-up
where no two sequences can reach the same position, intermediate positions
recognised by the multiset of the moves' sources, scans limited to the
occupied points. Here each is run beside the tracking kernel on the same
boards and dice, and both must find the same results, each with the same
number of dice used; where a kernel claims its results are distinct, they
are.
"""

from __future__ import annotations

import random
from typing import ClassVar, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Position, Roll
from nardy.engine.kernels.board_only import search_ordered
from nardy.engine.kernels.general import BLOCK, HIT, PIN, search_tracking
from nardy.engine.kernels.pins import search_pinning
from nardy.engine.kernels.position_rules import search_positional
from nardy.engine.results import Found, IntIndex, int_index
from nardy.engine.search import max_use
from nardy.engine.state import MOVE, STEP_BITS, key_of, unpack_list
from nardy.rules.turn_rules import StepRule

ROLLS = [Roll(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def self_play(variant: nardy.Variant, games: int, seed: int) -> list[Position]:
    """Every position of a few seeded random games (the opening roll skipped)."""
    rng = random.Random(seed)
    seen: list[Position] = []
    for _ in range(games):
        position = variant.starting_position()
        for _ in range(400):  # bounds a long random game
            plays = position.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
            position = plays.resulting_position(rng.randrange(len(plays)))
            if position.is_over():
                break
            seen.append(position)
    return seen


def cases(variant: nardy.Variant, count: int, seed: int) -> list[tuple[Position, Roll]]:
    """``count`` seeded (position, roll) pairs, half of them doubles."""
    rng = random.Random(seed)
    positions = self_play(variant, 3, seed)
    doubles = [r for r in ROLLS if r.is_double]
    return [(rng.choice(positions), rng.choice(doubles if i % 2 else ROLLS)) for i in range(count)]


def outcome(found: Found, dice: tuple[int, ...]) -> dict[int, int]:
    """Each legal result's key and the dice its play used (the maximum-use rule applied).

    Kernels may differ in the shorter sequences they note on the way, which
    the maximum-use rule drops.
    """
    assert len(set(found.keys)) == len(found.keys), "a result was recorded twice"
    kept = max_use(found, dice, True)
    indices = range(len(found.keys)) if kept is None else kept
    return {found.keys[i]: found.counts[i] for i in indices}


def start(position: Position) -> tuple[list[int], int]:
    return unpack_list(position.packed), int.from_bytes(position.packed, "little")


@pytest.mark.parametrize("variant", [nardy.Backgammon(), nardy.Nackgammon(), nardy.Portes()])
def test_ordered_kernel_agrees_with_tracking(variant: nardy.Variant) -> None:
    for position, roll in cases(variant, 120, 11):
        board, key = start(position)
        dice = roll.moves
        fast = search_ordered(board, key, dice, True)
        assert board == unpack_list(position.packed), "the board was not restored"
        slow = search_tracking(board, key, dice, HIT, True, None, None, False)
        assert outcome(fast, dice) == outcome(slow, dice), (position.id(), roll)


def test_pinning_kernel_agrees_with_tracking() -> None:
    variant = nardy.Plakoto()
    for position, roll in cases(variant, 120, 12):
        board, key = start(position)
        dice = roll.moves
        fast = search_pinning(board, key, dice)
        assert board == unpack_list(position.packed), "the board was not restored"
        slow = search_tracking(board, key, dice, PIN, True, None, None, False)
        assert outcome(fast, dice) == outcome(slow, dice), (position.id(), roll)


@pytest.mark.parametrize("variant", [nardy.LongNardy(), nardy.Fevga()])
def test_positional_kernel_agrees_with_tracking(variant: nardy.Variant) -> None:
    for position, roll in cases(variant, 80, 13):
        board, key = start(position)
        rule = variant.step_rule(position.raw, roll)
        dice = roll.moves
        for keep in (False, True):
            fast = search_positional(board, key, dice, rule, keep)
            assert board == unpack_list(position.packed), "the board was not restored"
            slow = search_tracking(board, key, dice, BLOCK, False, rule, None, keep)
            assert outcome(fast, dice) == outcome(slow, dice), (position.id(), roll, keep)


def _six_moves(base: nardy.Variant) -> nardy.Variant:
    """``base`` with six moves on a double (through the ``moves`` hook)."""

    @attrs.frozen
    class SixMoves(type(base)):  # type: ignore[misc]
        name: ClassVar[str] = f"test-six-{base.name}"

        def moves(self, roll: Roll) -> tuple[int, ...]:
            return (roll.high,) * 6 if roll.is_double else roll.moves

    options = {a.alias: getattr(base, a.name) for a in attrs.fields(type(base)) if a.init}
    return cast(nardy.Variant, SixMoves(**options))


@pytest.mark.parametrize(
    "base",
    [
        nardy.Backgammon(),
        nardy.LongNardy(),
        nardy.Kush(),
        nardy.Caucasian(no_hide_after_hit="anywhere"),
        nardy.Plakoto(),
        nardy.Fevga(),
    ],
    ids=lambda variant: variant.spec(),
)
def test_a_double_of_six_moves_keeps_every_step(base: nardy.Variant) -> None:
    # A variant's moves hook may give a double of more than four moves. The
    # kernels keep a play's steps in a machine int, four at most, so the
    # engine sends a longer double to the tracking kernel: every step of
    # every play is one move of the double's number (an entry from the bar,
    # 25, lands where the variant says).
    variant = _six_moves(base)
    longer = 0
    for position in self_play(variant, 2, 31)[::3]:
        for die in range(1, 7):
            for play in position.legal_plays(Roll(die, die)):
                assert len(play.steps) <= 6, (position.id(), play)
                for step in play.steps:
                    assert step.die == die, (position.id(), play)
                    moved = step.src - step.dst == die or step.src == 25
                    moved = moved or (step.dst == 0 and step.src <= die)
                    assert moved, (position.id(), play)
                longer += len(play.steps) > 4
    assert longer > 100


def _spread_block_state(rng: random.Random) -> list[int]:
    """A blocking-contact state: the mover's 15 spread over his 7-24, the opponent's closing points."""
    s = [0] * 28
    for _ in range(15):
        s[rng.randint(7, 24)] += 1
    free = [p for p in range(1, 25) if s[p] == 0]
    for _ in range(15):
        s[rng.choice(free[: rng.randint(4, len(free))])] -= 1
    return s


def _spread_block_cases(seed: int, count: int) -> list[tuple[list[int], int, int]]:
    """``count`` seeded blocking states, each with its key and the mover's highest point."""
    rng = random.Random(seed)
    states = [_spread_block_state(rng) for _ in range(count)]
    return [(s, key_of(s), next(p for p in range(24, 0, -1) if s[p] > 0)) for s in states]


def test_positional_doubles_without_look_ups_give_the_full_searchs_answer() -> None:
    # With nothing watched, no floor and no bear-off to come, the positional
    # kernel's doubles follow each position's greedy sequence only and look
    # nothing up. A rule that refuses nothing but watches a point turns that
    # off: the same results, plays and order.
    compared = 0
    for s, key, held in _spread_block_cases(21, 500):
        never = _watched(held)
        for die in range(1, 7):
            dice = (die,) * 4
            fast = search_positional(s, key, dice, None, False)
            full = search_positional(s, key, dice, never, False)
            assert (fast.keys, fast.codes, fast.counts) == (full.keys, full.codes, full.counts)
            slow = search_tracking(s, key, dice, BLOCK, False, None, None, False)
            assert outcome(fast, dice) == outcome(slow, dice), (s, die)
            compared += sum(s[7:25]) >= 4 and len(fast.keys) > 1
    assert compared > 2000


def test_positional_two_dice_without_look_ups_give_the_full_searchs_answer() -> None:
    # Two dice, nothing watched, no floor, no bear-off to come: a result
    # found before is told by its steps (the other order, a chain's twin),
    # with no index. A rule that refuses nothing but watches a point turns
    # that off: the same results, plays and order.
    compared = 0
    for s, key, held in _spread_block_cases(22, 400):
        never = _watched(held)
        for a in range(2, 7):
            for b in range(1, a):
                for dice in ((a, b), (b, a)):
                    for keep in (False, True):
                        fast = search_positional(s, key, dice, None, keep)
                        full = search_positional(s, key, dice, never, keep)
                        assert (fast.keys, fast.codes, fast.counts) == (
                            full.keys,
                            full.codes,
                            full.counts,
                        ), (s, dice, keep)
                    slow = search_tracking(s, key, dice, BLOCK, False, None, None, False)
                    assert outcome(fast, dice) == outcome(slow, dice), (s, dice)
                    compared += len(fast.keys) > 1
    assert compared > 10000


def _answer(found: Found, dice: tuple[int, ...]) -> list[tuple[int, int]]:
    """The results the maximum-use rule keeps, in order, each with its play."""
    kept = max_use(found, dice, True)
    indices = range(len(found.keys)) if kept is None else kept
    return [(found.keys[i], found.codes[i]) for i in indices]


def _watched(point: int) -> StepRule:
    """A rule that refuses nothing but watches the steps from ``point``: no search is free."""
    return StepRule(lambda board, src, dst: True, 1 << point, 0)


def test_positional_searches_with_a_floor_on_the_head_need_no_look_ups() -> None:
    # Long nardy's head rule is a floor on point 24, where no step lands: it
    # limits how many checkers leave, whatever the order, and a move from it
    # legal now was legal a move earlier, so a search with it is still free.
    # The same answer as the indexed search (a watched point turns the free
    # search off) and as the tracking kernel, for two dice and for doubles.
    rng = random.Random(24)
    compared = doubles = 0
    for _ in range(300):
        s = _spread_block_state(rng)
        s[24] += rng.randint(1, 3)
        s[rng.choice([p for p in range(7, 24) if s[p] > 0])] -= 1
        key = key_of(s)
        floor = s[24] - rng.randint(0, 2)
        head = StepRule(lambda board, src, dst: True, 0, 0, floor_point=24, floor=floor)
        both = StepRule(lambda board, src, dst: True, 1 << 23, 0, floor_point=24, floor=floor)
        rolls = [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b]
        for dice in rolls + [(d,) * 4 for d in range(1, 7)]:
            fast = search_positional(s, key, dice, head, False)
            full = search_positional(s, key, dice, both, False)
            assert _answer(fast, dice) == _answer(full, dice), (s, dice, floor)
            if len(dice) == 4:  # every result, also those the maximum-use rule drops
                got = (fast.keys, fast.codes, fast.counts)
                assert got == (full.keys, full.codes, full.counts), (s, dice, floor)
            slow = search_tracking(s, key, dice, BLOCK, False, head, None, False)
            assert outcome(fast, dice) == outcome(slow, dice), (s, dice, floor)
            compared += len(_answer(fast, dice)) > 1
            doubles += len(dice) == 4 and len(_answer(fast, dice)) > 1 and s[24] > floor
    assert compared > 5000
    assert doubles > 500


def _hit_contact_state(rng: random.Random) -> list[int]:
    """A hitting-contact state: the mover's 15 anywhere, the opponent's 15 on the other points."""
    s = [0] * 28
    for _ in range(15):
        s[rng.randint(1, 24)] += 1
    if rng.random() < 0.2:  # some on the bar: those searches are indexed
        s[rng.choice([p for p in range(1, 25) if s[p] > 0])] -= 1
        s[25] += 1
    free = [p for p in range(1, 25) if s[p] == 0]
    rng.shuffle(free)
    for _ in range(15):
        s[rng.choice(free[: rng.randint(3, len(free))])] -= 1
    return s


@pytest.mark.parametrize("hitting", [True, False])
def test_ordered_two_dice_without_look_ups_give_the_indexed_searchs_answer(hitting: bool) -> None:
    # With nothing on the bar, no hitter rule and no bear-off to come, the
    # ordered kernel tells a result found before by its steps and tries only
    # chains in the second order of the dice. A hitter rule whose marked
    # checker may always move on turns that off and changes nothing else:
    # the same results, plays and order.
    rng = random.Random(25 if hitting else 26)
    contact = HIT if hitting else BLOCK
    compared = 0
    for _ in range(600):
        s = _hit_contact_state(rng)
        key = int.from_bytes(bytes(x + 128 for x in s), "little")
        free = s[25] == 0 and s[25] + sum(c for c in s[7:25] if c > 0) >= 2
        for a in range(2, 7):
            for b in range(1, a):
                for dice in ((a, b), (b, a)):
                    fast = search_ordered(s, key, dice, hitting)
                    indexed = search_ordered(s, key, dice, hitting, 24, lambda b, src, dst: True)
                    assert _answer(fast, dice) == _answer(indexed, dice), (s, dice)
                    slow = search_tracking(s, key, dice, contact, True, None, None, False)
                    assert outcome(fast, dice) == outcome(slow, dice), (s, dice)
                    compared += free and len(_answer(fast, dice)) > 1
    assert compared > 8000


def test_a_chain_through_a_blot_is_not_its_twin() -> None:
    # 3-5, the mover on 13 and 8: 13/10/5 (through 10) and 8/5 13/8 move
    # checkers from and to the same points. With an opposing blot on 10 the
    # first hits it and the second does not: two results; with 10 empty, one.
    for on_ten, distinct in ((-1, 2), (0, 1)):
        s = [0] * 28
        s[13], s[8], s[6] = 2, 2, 5
        s[24], s[10] = -14, on_ten
        s[23] -= 1 + on_ten  # fifteen opposing checkers
        key = key_of(s)
        for dice in ((3, 5), (5, 3)):
            answer = _answer(search_ordered(s, key, dice, True), dice)
            ends = [k for k, code in answer if _moves(code) in _THIRTEEN_TO_FIVE]
            assert len(ends) == distinct, (on_ten, dice)


def test_a_roll_whose_higher_die_cannot_move() -> None:
    # 6-1: the mover has 2 on 20 and 13 on the 1-point (no bear-off: two are
    # outside); 14 and 13 are closed. No six can move, before or after the
    # one, so the only play is 20/19 with the one. Taken in the order 6, 1,
    # the first order finds nothing and the second finds this one-die play.
    s = [0] * 28
    s[20], s[1] = 2, 13
    s[14], s[13], s[24] = -2, -2, -11
    key = key_of(s)
    only = [(key + MOVE[20][19], 20 | 19 << 5 | 1 << 10)]
    for dice in ((6, 1), (1, 6)):
        assert _answer(search_ordered(s, key, dice, True), dice) == only, dice
        assert _answer(search_positional(s, key, dice, None, False), dice) == only, dice


def _moves(code: int) -> frozenset[tuple[int, int]]:
    """A play's steps as (from, to) pairs."""
    steps = [(code >> (STEP_BITS * k)) & 1023 for k in range(2)]
    return frozenset((step & 31, step >> 5) for step in steps)


#: The plays that take one checker from 13 to 5, with 3 and 5.
_THIRTEEN_TO_FIVE = {
    frozenset({(13, 10), (10, 5)}),
    frozenset({(13, 8), (8, 5)}),
}


def test_a_skipped_point_filled_this_turn_must_have_a_legal_move() -> None:
    # 4-4: the mover has 9 on 8, 2 on 11 and 18, 1 on 19 and 21; every point
    # in front is closed but 15 and 17. The only play: 19/15/11 21/17 (three
    # fours). Made in the order 21/17 19/15 15/11, the last position holds
    # 17, filled before 15, whose move (to 13) is closed: the shortcut for
    # points filled earlier must not count it as a legal move.
    s = [0, -1, -1, -1, -1, -1, -1, -1, 9, -1, -1, 2, -1, -1, -1, 0, -1, 0, 2, 1, -1, 1, 0, -1]
    s += [0, 0, 0, 0]
    key = key_of(s)
    dice = (4, 4, 4, 4)
    fast = search_positional(s, key, dice, None, False)
    assert outcome(fast, dice) == outcome(
        search_tracking(s, key, dice, BLOCK, False, None, None, False), dice
    )
    (code,) = [c for c, n in zip(fast.codes, fast.counts) if n == 3]
    steps = sorted((code >> (STEP_BITS * k)) & 1023 for k in range(3))
    assert steps == sorted([19 | 15 << 5, 15 | 11 << 5, 21 | 17 << 5])


# --- the small-int index of the kernels ------------------------------------------------

CHANGE_LIMIT = 3 * (6**24 - 1) // 5  # the largest change of two steps (kernels/board_only.py)


@given(st.lists(st.integers(-CHANGE_LIMIT, CHANGE_LIMIT), max_size=300))
def test_the_int_index_answers_as_a_dict_does(values: list[int]) -> None:
    for index in (IntIndex(), int_index()):  # int_index() is a plain dict in pure Python
        seen: dict[int, int] = {}
        for value in values:
            assert index.get(value, -1) == seen.get(value, -1)
            assert index.setdefault(value, 3 * len(seen)) == seen.setdefault(value, 3 * len(seen))
        for value, i in seen.items():  # grown past 32, 64, 128 ... entries
            assert index.get(value, -7) == i
        assert index.get(CHANGE_LIMIT + 1, -7) == -7


def test_the_int_index_keeps_colliding_values_apart() -> None:
    index = IntIndex()
    # Equal low bits and equal folds: every one of these starts at the same slot.
    colliding = [k << 63 for k in range(1, 40)]
    for i, value in enumerate(colliding):
        assert index.setdefault(value, i) == i
    assert [index.get(value, -1) for value in colliding] == list(range(len(colliding)))
    assert index.get(0, -1) == -1


def test_results_noted_apart_are_the_answer_only_when_none_uses_every_die() -> None:
    found = Found()
    assert found.most_dice() is found
    found.add_short(5, 1, 1)
    short = found.most_dice()
    assert short is not found
    assert (short.keys, short.codes, short.counts) == ([5], [1], [1])
    found.keys.append(7)
    found.codes.append(3)
    found.counts.append(2)
    assert found.most_dice() is found
