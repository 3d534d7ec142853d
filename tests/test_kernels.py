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

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Position, Roll
from nardy.engine.found import Found, IntIndex, int_index
from nardy.engine.layout import STEP_BITS, unpack_list
from nardy.engine.ordered import search_ordered
from nardy.engine.pinning import search_pinning
from nardy.engine.positional import search_positional
from nardy.engine.search import max_use
from nardy.engine.tracking import BLOCK, HIT, PIN, search_tracking
from nardy.engine.turn import StepRule

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


def test_a_long_roll_of_one_number_in_the_positional_kernel() -> None:
    # Five or more moves of one number take a wider digit per source.
    variant = nardy.LongNardy()
    for position, _ in cases(variant, 12, 14):
        board, key = start(position)
        for dice in ((2,) * 5, (1,) * 6):
            fast = search_positional(board, key, dice, None, False)
            slow = search_tracking(board, key, dice, BLOCK, False, None, None, False)
            assert outcome(fast, dice) == outcome(slow, dice), (position.id(), dice)


def _spread_block_state(rng: random.Random) -> list[int]:
    """A blocking-contact state: the mover's 15 spread over his 7-24, the opponent's closing points."""
    s = [0] * 28
    for _ in range(15):
        s[rng.randint(7, 24)] += 1
    free = [p for p in range(1, 25) if s[p] == 0]
    for _ in range(15):
        s[rng.choice(free[: rng.randint(4, len(free))])] -= 1
    return s


def test_positional_doubles_without_look_ups_give_the_full_searchs_answer() -> None:
    # With nothing watched, no floor and no bear-off to come, the positional
    # kernel's doubles follow each position's greedy sequence only and look
    # nothing up. A rule that never refuses but keeps a floor on a point
    # holding checkers turns that off: the same results, plays and order.
    rng = random.Random(21)
    compared = 0
    for _ in range(500):
        s = _spread_block_state(rng)
        key = int.from_bytes(bytes(x + 128 for x in s), "little")
        held = next(p for p in range(24, 0, -1) if s[p] > 0)
        never = StepRule(lambda board, src, dst: True, 0, 0, floor_point=held, floor=-1)
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
    # with no index. The same results, plays and order as the indexed search.
    rng = random.Random(22)
    compared = 0
    for _ in range(400):
        s = _spread_block_state(rng)
        key = int.from_bytes(bytes(x + 128 for x in s), "little")
        held = next(p for p in range(24, 0, -1) if s[p] > 0)
        never = StepRule(lambda board, src, dst: True, 0, 0, floor_point=held, floor=-1)
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


def test_a_skipped_point_filled_this_turn_must_have_a_legal_move() -> None:
    # 4-4: the mover has 9 on 8, 2 on 11 and 18, 1 on 19 and 21; every point
    # in front is closed but 15 and 17. The only play: 19/15/11 21/17 (three
    # fours). Made in the order 21/17 19/15 15/11, the last position holds
    # 17, filled before 15, whose move (to 13) is closed: the shortcut for
    # points filled earlier must not count it as a legal move.
    s = [0, -1, -1, -1, -1, -1, -1, -1, 9, -1, -1, 2, -1, -1, -1, 0, -1, 0, 2, 1, -1, 1, 0, -1]
    s += [0, 0, 0, 0]
    key = int.from_bytes(bytes(x + 128 for x in s), "little")
    dice = (4, 4, 4, 4)
    fast = search_positional(s, key, dice, None, False)
    assert outcome(fast, dice) == outcome(
        search_tracking(s, key, dice, BLOCK, False, None, None, False), dice
    )
    (code,) = [c for c, n in zip(fast.codes, fast.counts) if n == 3]
    steps = sorted((code >> (STEP_BITS * k)) & 1023 for k in range(3))
    assert steps == sorted([19 | 15 << 5, 15 | 11 << 5, 21 | 17 << 5])


# --- the small-int index of the kernels ------------------------------------------------

CHANGE_LIMIT = 3 * (6**24 - 1) // 5  # the largest change of two steps (ordered.py)


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
