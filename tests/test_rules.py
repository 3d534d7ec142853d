"""Each named rule function, on its own, against the rule it states.

The rules are written in the mover's frame: he moves 24 -> 1, his head in
long nardy is his 24-point and the opponent's head his 12-point.
"""

from __future__ import annotations

import pytest

from nardy.rules.backgammon import no_hide_after_hit
from nardy.rules.long_nardy import (
    BEFORE,
    HEAD,
    ROUTE,
    block_within_reach,
    head_allows,
    head_limit,
    in_block,
    kush_return,
    lone_checker_stop,
    six_block_allows,
    six_block_guard,
    turn_blocks_allowed,
)


def state(mine: dict[int, int], theirs: dict[int, int] | None = None, **slots: int) -> list[int]:
    """A 28-int state: the mover's and the opponent's checkers by the mover's point."""
    s = [0] * 28
    for p, n in mine.items():
        s[p] = n
    for p, n in (theirs or {}).items():
        s[p] = -n
    for name, value in slots.items():
        s[{"off": 0, "bar": 25, "opp_bar": 26, "opp_off": 27}[name]] = value
    return s


# --- Caucasian nardy: a hitter may not hide -----------------------------------------


def test_no_hide_after_hit() -> None:
    # After the step the board counts the hitter too: alone there is fine,
    # with company it hid behind its own checkers.
    board = state({5: 1, 3: 3})
    assert no_hide_after_hit(board, 8, 5)  # moved on to an empty point (now 1)
    assert not no_hide_after_hit(board, 6, 3)  # onto its own point (now 3)
    assert no_hide_after_hit(board, 2, 0)  # bearing off is allowed


# --- long nardy: the head rule -----------------------------------------------------


def test_head_limit_is_one_except_first_turn_doubles() -> None:
    start = tuple(state({24: 15}, {12: 15}))
    assert head_limit(start, 0, "6-4-3", 15) == 1  # not a double
    for d in (6, 4, 3):
        assert head_limit(start, d, "6-4-3", 15) == 2
    for d in (5, 2, 1):
        assert head_limit(start, d, "6-4-3", 15) == 1
    assert head_limit(start, 3, "6-4", 15) == 1
    assert head_limit(start, 4, "6-4", 15) == 2
    later = tuple(state({24: 14, 18: 1}, {12: 15}))
    assert head_limit(later, 6, "6-4-3", 15) == 1  # not the first turn


def test_head_exception_readings_of_a_blocked_double() -> None:
    # The second player's 5-5 after the first left a checker on the mover's 19.
    start = tuple(state({24: 15}, {19: 1, 12: 14}))
    assert lone_checker_stop(start, 5) == 19
    assert head_limit(start, 5, "any-blocked-double", 15) == 2
    assert head_limit(start, 5, "head-only", 15) == 1  # stopped, but not by the head
    # 6-6 from the start: the lone checker is stopped by the opponent's head.
    plain = tuple(state({24: 15}, {12: 15}))
    assert lone_checker_stop(plain, 6) == 12
    assert head_limit(plain, 6, "head-only", 15) == 2
    assert lone_checker_stop(plain, 5) == 0  # 24/19/14/9/4 is open
    assert head_limit(plain, 5, "any-blocked-double", 15) == 1


def test_head_allows_counts_what_left_the_head() -> None:
    board = state({HEAD: 13, 20: 2})
    assert head_allows(15, 2, board)
    assert not head_allows(15, 1, board)
    assert head_allows(14, 1, board)


# --- long nardy: the six-block rule ------------------------------------------------


def test_route_numbers_follow_the_opponents_route() -> None:
    # The opponent runs, in the mover's numbering, 12 -> 1 -> 24 -> 13.
    assert ROUTE[12] == 24
    assert ROUTE[1] == 13
    assert ROUTE[24] == 12
    assert ROUTE[13] == 1
    assert BEFORE[0] == 0
    assert BEFORE[25] == sum(1 << p for p in range(1, 25))
    assert BEFORE[13] == sum(1 << p for p in range(13, 25))  # route numbers 1..12


def test_in_block_counts_six_along_the_route() -> None:
    assert in_block(state(dict.fromkeys(range(5, 11), 1)), 7)
    assert not in_block(state(dict.fromkeys(range(5, 10), 1)), 7)  # five
    # The mover's 1 and 24 are neighbours on the opponent's route ...
    assert in_block(state({2: 1, 1: 1, 24: 1, 23: 1, 22: 1, 21: 1}), 24)
    # ... his 13 and 12 are not.
    assert not in_block(state({15: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1}), 13)


def test_six_block_guard() -> None:
    board = state({}, {12: 14, 3: 1})
    assert six_block_guard(board, "ahead") == ROUTE[3]
    assert six_block_guard(board, "off") == 0
    assert six_block_guard(board, "home") == 25  # nobody in his home (the mover's 13..18)
    assert six_block_guard(state({}, {12: 14, 15: 1}), "home") == 0
    assert six_block_guard(state({}, {12: 14}, opp_off=1), "ahead") == 0


def test_six_block_allows_a_block_an_opponent_has_passed() -> None:
    block = state(dict.fromkeys(range(5, 11), 1), {12: 15})
    # The opponent is all on his head, behind the block: forbidden.
    assert not six_block_allows(block, 7, six_block_guard(block, "ahead"))
    # One opposing checker on the mover's 3 has passed it: allowed.
    passed = state(dict.fromkeys(range(5, 11), 1), {12: 14, 3: 1})
    assert six_block_allows(passed, 7, six_block_guard(passed, "ahead"))


def test_turn_blocks_allowed_judges_only_points_the_turn_added_to() -> None:
    start = tuple(state(dict.fromkeys(range(5, 10), 1), {12: 15}))
    end = list(start)
    end[10] = 1
    guard = six_block_guard(end, "ahead")
    assert not turn_blocks_allowed(start, tuple(end), guard)
    assert turn_blocks_allowed(start, start, guard)


def test_a_block_is_within_reach_when_a_window_of_six_lacks_at_most_the_moves() -> None:
    # The mover holds 5-9 (one checker each), the opponent's 15 are on 12:
    # the window 5-10 lacks one point; one step may fill it.
    board = state(dict.fromkeys(range(5, 10), 1), {12: 15})
    guard = six_block_guard(board, "ahead")
    assert guard > ROUTE[5]
    assert block_within_reach(board, guard, 1)
    assert block_within_reach(board, guard, 2)
    # Without point 7 two windows lack two points: two steps, not one.
    board[7] = 0
    assert block_within_reach(board, guard, 2)
    assert not block_within_reach(board, guard, 1)
    # An opposing checker on 10 and on 4: no window of six around 5-9 is open.
    board[7] = 1
    board[10] = board[4] = -1
    board[12] = -13
    assert not block_within_reach(board, six_block_guard(board, "ahead"), 4)
    # A guard of 0 (an opposing checker has passed everything): nothing to judge.
    assert not block_within_reach(state(dict.fromkeys(range(5, 11), 1)), 0, 4)


# --- Kush: the return from the bar --------------------------------------------------


@pytest.mark.parametrize(("die", "bar", "back"), [(3, 5, 3), (5, 4, 4), (6, 6, 6), (1, 2, 1)])
def test_kush_return_brings_back_min_of_die_and_bar(die: int, bar: int, back: int) -> None:
    start = tuple(state({1: 15 - bar}, {12: 15}, bar=bar))
    result = kush_return(start, die)
    assert result is not None
    after, steps = result
    assert after[25] == bar - back
    assert after[HEAD] == back
    assert steps == ((25, HEAD, die, False),) * back


def test_kush_return_needs_a_free_head_and_a_checker_on_the_bar() -> None:
    assert kush_return(tuple(state({1: 13}, {24: 1, 12: 14}, bar=2)), 3) is None
    assert kush_return(tuple(state({1: 15}, {12: 15})), 3) is None
