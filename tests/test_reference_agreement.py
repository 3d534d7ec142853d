"""The fast move generator agrees with the slow reference generator (tests/reference.py).

Three layers:

* hand-worked examples of the rules (``rules/backgammon.md``), checked
  against both generators, so the reference itself is anchored to the
  rules and not only to the fast generator;
* a Hypothesis property over every backgammon-family variant and option
  (Caucasian with both ``no_hide_after_hit`` values, ``must_play_higher``
  on and off);
* a seeded sweep of several thousand positions of every kind.

"Agree" means: the set of resulting raw states (mover's frame, before the
turn passes) is the same, and so is the number of plays (one per state).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Position, Roll, Variant
from reference import reference_results
from strategies import AGREEMENT_SPECS, KINDS, positions, random_positions, rolls


def fast_results(pos: Position, roll: Roll) -> list[tuple[int, ...]]:
    return pos.legal_plays(roll).result_states()


def disagreement(variant: Variant, pos: Position, roll: Roll) -> str | None:
    """None when both generators agree, else a reproduction to paste into a bug report."""
    expected = reference_results(variant, pos.raw, roll)
    actual = fast_results(pos, roll)
    if set(actual) == expected and len(actual) == len(expected):
        return None
    array = pos.to_array()
    return (
        f"{variant.spec()} roll {roll} position {pos.id()} array {array}: "
        f"reference {len(expected)} results, fast {len(actual)} plays; "
        f"missing {sorted(expected - set(actual))}, extra {sorted(set(actual) - expected)}"
    )


# --- hand-worked examples ----------------------------------------------------------------


def state(
    board: dict[int, int], bar: tuple[int, int] = (0, 0), off: tuple[int, int] = (0, 0)
) -> tuple[int, ...]:
    """A raw state (mover's frame) from ``{point: signed count}``."""
    s = [0] * 28
    for p, n in board.items():
        s[p] = n
    s[0], s[25], s[26], s[27] = off[0], bar[0], bar[1], off[1]
    return tuple(s)


def both_generators(
    spec: str, raw: tuple[int, ...], roll: tuple[int, int]
) -> list[set[tuple[int, ...]]]:
    variant = nardy.find_variant(spec)
    pos = variant.position(list(raw[1:25]), (raw[25], raw[26]), (raw[0], raw[27]))
    assert pos.raw == raw
    fast = fast_results(pos, Roll(*roll))
    assert len(fast) == len(set(fast))
    return [reference_results(variant, raw, roll), set(fast)]


def test_example_only_one_die_playable_must_play_the_higher() -> None:
    # One checker left, on 12; the opponent holds point 1. With 6-5 either
    # die can be played (12/6 or 12/7) but then the other lands on 1.
    start = state({12: 1, 1: -2, 20: -13}, off=(14, 0))
    higher = state({6: 1, 1: -2, 20: -13}, off=(14, 0))
    lower = state({7: 1, 1: -2, 20: -13}, off=(14, 0))
    for results in both_generators("backgammon", start, (6, 5)):
        assert results == {higher}
    for results in both_generators("backgammon(must_play_higher=false)", start, (6, 5)):
        assert results == {higher, lower}


def test_example_only_the_lower_die_playable() -> None:
    # As above, but the opponent also holds 6: only 12/7 can be played.
    start = state({12: 1, 6: -2, 1: -2, 20: -11}, off=(14, 0))
    lower = state({7: 1, 6: -2, 1: -2, 20: -11}, off=(14, 0))
    for spec in ("backgammon", "backgammon(must_play_higher=false)"):
        for results in both_generators(spec, start, (6, 5)):
            assert results == {lower}


def test_example_dancing_on_a_closed_board_is_a_pass() -> None:
    closed = dict.fromkeys(range(19, 25), -2)
    start = state({**closed, 10: -3, 6: 5, 8: 4, 13: 5}, bar=(1, 0))
    for roll in [(6, 6), (5, 2), (1, 1)]:
        for results in both_generators("backgammon", start, roll):
            assert results == {start}


def test_example_bear_off_from_the_highest_point_or_move_inside() -> None:
    # Checkers on 5 and 2, the rest off, roll 6-1. The 6 bears off the
    # highest checker (from 5, or from 4 after 5/4); the 1 is an ordinary
    # move. Results: a checker left on 1, or a checker left on 2.
    far = {24: -15}
    start = state({**far, 5: 1, 2: 1}, off=(13, 0))
    for results in both_generators("backgammon", start, (6, 1)):
        assert results == {
            state({**far, 1: 1}, off=(14, 0)),
            state({**far, 2: 1}, off=(14, 0)),
        }


def test_example_both_dice_bear_off_from_the_highest_points() -> None:
    start = state({24: -15, 3: 1, 2: 1}, off=(13, 0))
    for results in both_generators("backgammon", start, (6, 5)):
        assert results == {state({24: -15}, off=(15, 0))}


def test_example_caucasian_hitter_may_not_hide_after_a_home_board_hit() -> None:
    # A checker on 8, two on 3, an opposing blot on 5; roll 3-2.
    # 8/5*/3 hits in the home board and hides on 3: backgammon allows it,
    # Caucasian nardy (either option) does not. 8/6/3 (no hit) is legal in both.
    start = state({8: 1, 3: 2, 5: -1, 24: -14}, off=(12, 0))
    hit_and_hide = state({3: 3, 24: -14}, bar=(0, 1), off=(12, 0))
    no_hit = state({3: 3, 5: -1, 24: -14}, off=(12, 0))
    for results in both_generators("backgammon", start, (3, 2)):
        assert {hit_and_hide, no_hit} <= results
    for spec in ("caucasian(no_hide_after_hit=home)", "caucasian(no_hide_after_hit=anywhere)"):
        for results in both_generators(spec, start, (3, 2)):
            assert no_hit in results
            assert hit_and_hide not in results
            # The hitter may stay, or another checker may move instead.
            assert state({5: 1, 3: 1, 1: 1, 24: -14}, bar=(0, 1), off=(12, 0)) in results


def test_example_caucasian_hit_outside_home_binds_only_with_anywhere() -> None:
    # A checker on 12, two on 7, an opposing blot on 9; roll 3-2: 12/9*/7.
    start = state({12: 1, 7: 2, 9: -1, 24: -14}, off=(12, 0))
    hit_and_hide = state({7: 3, 24: -14}, bar=(0, 1), off=(12, 0))
    for spec in ("backgammon", "caucasian(no_hide_after_hit=home)"):
        for results in both_generators(spec, start, (3, 2)):
            assert hit_and_hide in results
    for results in both_generators("caucasian(no_hide_after_hit=anywhere)", start, (3, 2)):
        assert hit_and_hide not in results


def test_example_caucasian_hitter_may_hit_again() -> None:
    # Roll 3-3: 23/20*/17* hits twice with one checker (17 holds no checker
    # of its own, so that is not hiding), and 22/19/16 plays the rest.
    start = state({23: 1, 22: 1, 20: -1, 17: -1, 1: -13}, off=(13, 0))
    two_hits = state({17: 1, 16: 1, 1: -13}, bar=(0, 2), off=(13, 0))
    for spec in ("backgammon", "caucasian(no_hide_after_hit=anywhere)"):
        for results in both_generators(spec, start, (3, 3)):
            assert two_hits in results


def test_example_caucasian_another_checker_may_cover_the_hitter() -> None:
    # Two checkers on 23, a blot on 20, the opponent holds 17, 14 and 11;
    # roll 3-3. Only two 3s can be played: 23/20*(2) -- one checker hits,
    # the other joins it. Binding the hitter does not bind its companion.
    walls = {17: -2, 14: -2, 11: -2, 1: -8}
    start = state({23: 2, 20: -1, **walls}, off=(13, 0))
    covered = state({20: 2, **walls}, bar=(0, 1), off=(13, 0))
    for spec in ("backgammon", "caucasian(no_hide_after_hit=anywhere)"):
        for results in both_generators(spec, start, (3, 3)):
            assert results == {covered}


# --- Hypothesis ----------------------------------------------------------------------------


@pytest.mark.parametrize("spec", AGREEMENT_SPECS)
@given(data=st.data())
def test_fast_generator_agrees_with_reference(spec: str, data: st.DataObject) -> None:
    variant = nardy.find_variant(spec)
    pos = data.draw(positions(variant), label="position")
    roll = data.draw(rolls(), label="roll")
    assert disagreement(variant, pos, roll) is None


# --- seeded sweep --------------------------------------------------------------------------

#: Positions per variant configuration. The reference explores every checker
#: in every order, which costs ~0.1 s on a double with 15 checkers, so the
#: 15-checker variants get fewer positions than hypergammon.
SWEEP_SIZE = {"hypergammon": 800}
DEFAULT_SWEEP_SIZE = 280
#: The goal for the whole sweep (all configurations together).
SWEEP_TOTAL_AT_LEAST = 3800


def sweep_size(spec: str) -> int:
    return SWEEP_SIZE.get(nardy.find_variant(spec).name, DEFAULT_SWEEP_SIZE)


def test_sweep_is_several_thousand_positions() -> None:
    assert sum(sweep_size(spec) for spec in AGREEMENT_SPECS) >= SWEEP_TOTAL_AT_LEAST


@pytest.mark.sweep
@pytest.mark.parametrize("spec", AGREEMENT_SPECS)
def test_seeded_sweep_agrees_with_reference(spec: str) -> None:
    variant = nardy.find_variant(spec)
    n = sweep_size(spec)
    items = random_positions(variant, n, seed="reference-agreement")
    rng = random.Random(f"rolls:{spec}")
    kinds: Counter[str] = Counter()
    doubles = passes = 0
    failures = []
    for kind, pos in items:
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        kinds[kind] += 1
        doubles += roll.is_double
        passes += pos.legal_plays(roll).is_pass
        problem = disagreement(variant, pos, roll)
        if problem is not None:
            failures.append(f"[{kind}] {problem}")
    print(
        f"{spec}: {len(items)} positions, {doubles} doubles, {passes} passes, kinds {dict(kinds)}"
    )
    assert len(items) == n
    assert set(kinds) == set(KINDS)
    assert min(kinds.values()) >= n // len(KINDS)
    assert doubles >= n // 10
    assert not failures, f"{len(failures)} disagreements, first ones:\n" + "\n".join(failures[:5])
