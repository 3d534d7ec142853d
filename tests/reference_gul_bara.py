"""A slow, obviously-correct reference for one segment of gul bara or gioul.

Written straight from the family's rules page (sections M and S) and
independent of the library's engine: every order of the dice and every
checker is tried at every step, with no pruning; the maximum-use rule is
applied to the finished sequences afterwards and the survivors are
deduplicated by the position they produce.

Movement is the same in both games in the mover's frame (the geometry only
says where the opponent's checkers stand, which the board already shows):
a checker moves from p to p - d; a point holding any opposing checker is
closed (M.5); nothing is hit and there is no bar. A die bears off a checker
only when all the mover's checkers are on his 1-6: from the d-point, or
(``larger``) from a lower point when none of his stands higher (M.6).

The raw state is the library's documented form in the mover's frame:
``s[0]`` the mover's borne-off checkers, ``s[1..24]`` the points (> 0 his,
< 0 the opponent's), ``s[25]``/``s[26]`` the bars (always 0), ``s[27]`` the
opponent's borne-off checkers, then the counted rolls (left as they are).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nardy import Position, Variant

__all__ = ["all_segments", "flip", "random_gul_bara_positions", "segment_results", "turn_outcomes"]


def _steps(s: list[int], die: int, larger: bool) -> list[list[int]]:
    """Every state one move of ``die`` can reach from ``s``."""
    out = []
    all_home = not any(s[p] > 0 for p in range(7, 25))
    for p in range(1, 25):
        if s[p] <= 0:
            continue
        dst = p - die
        if dst >= 1:
            closed = s[dst] < 0  # any opposing checker, even one (M.5)
        else:  # bearing off (M.6)
            higher = any(s[q] > 0 for q in range(p + 1, 7))
            closed = not all_home or (dst < 0 and (not larger or higher))
        if closed:
            continue
        after = list(s)
        after[p] -= 1
        if dst >= 1:
            after[dst] += 1
        else:
            after[0] += 1
        out.append(after)
    return out


def _explore(
    s: list[int],
    dice: tuple[int, ...],
    used: tuple[int, ...],
    larger: bool,
    found: list[tuple[tuple[int, ...], tuple[int, ...]]],
) -> None:
    found.append((used, tuple(s)))
    if not dice:
        return
    die = dice[0]
    for after in _steps(s, die, larger):
        _explore(after, dice[1:], (*used, die), larger, found)


def segment_results(
    state: Sequence[int],
    faces: tuple[int, int],
    moves: int | None = None,
    *,
    larger: bool = True,
    must_play_higher: bool = True,
) -> set[tuple[int, ...]]:
    """The resulting raw states of the legal plays of one segment (rule S.5).

    ``faces``: the two dice; a double is four moves of its number, or
    ``moves`` of them (a transferred remainder). A pass is the unchanged
    state.
    """
    return _segment(state, faces, moves, larger, must_play_higher)[1]


def _segment(
    state: Sequence[int],
    faces: tuple[int, int],
    moves: int | None,
    larger: bool,
    must_play_higher: bool,
) -> tuple[int, set[tuple[int, ...]]]:
    """The number of moves every legal play uses, and the resulting states."""
    high, low = max(faces), min(faces)
    if high == low:
        orders = [(high,) * (4 if moves is None else moves)]
    else:
        orders = [(high, low), (low, high)]
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for order in orders:
        _explore(list(state), order, (), larger, found)
    most = max(len(used) for used, _ in found)
    best = [(used, s) for used, s in found if len(used) == most]
    if most == 1 and high != low and must_play_higher:
        top = max(used[0] for used, _ in best)
        best = [(used, s) for used, s in best if used[0] == top]
    return most, {s for _, s in best}


def all_segments() -> list[tuple[tuple[int, int], int | None]]:
    """Every segment a gul bara question may ask about: the 21 rolls and each double as 1-3 moves."""
    rolls = [(a, b) for a, b in itertools.combinations_with_replacement(range(1, 7), 2)]
    return [(r, None) for r in rolls] + [((d, d), k) for d in range(1, 7) for k in (1, 2, 3)]


# --- whole turns (rule B.3) -------------------------------------------------------


def flip(s: tuple[int, ...], mirror: bool) -> tuple[int, ...]:
    """The same state in the opponent's frame: points renumbered, signs changed, pairs swapped."""
    board = [0] * 25
    for p in range(1, 25):
        q = 25 - p if mirror else (p + 11) % 24 + 1
        board[q] = -s[p]
    return (s[27], *board[1:], s[26], s[25], s[0], s[29], s[28])


def turn_outcomes(
    state: tuple[int, ...],
    faces: tuple[int, int],
    *,
    mirror: bool,
    opening_exception: str = "per-player",
    cascade_failure: str = "transfer",
    transfer_without_move: bool = True,
    larger: bool = True,
    must_play_higher: bool = True,
) -> set[tuple[bool, tuple[int, ...]]]:
    """The distinct outcomes of one turn of gul bara (``mirror=False``) or gioul (rule B.3, U.3).

    ``state``: the raw state between turns, the roller to move, with the
    rolls each side has made (``s[28]``, ``s[29]``). Each outcome is
    ``(the roller rolls next, raw state in the frame of the side to move
    next)``; a finished game is in the frame of the side that did not
    bear off last. Every branch is followed segment by segment with the
    positions deduplicated after each, as the page asks.
    """
    mine, theirs = state[28], state[29]
    opening = {
        "per-player": mine < 3,
        "game": mine + theirs < 3,
        "none": False,
    }[opening_exception]
    counted = (*state[:28], min(mine + 1, 3), theirs)
    rules = (larger, must_play_higher)

    def over(s: tuple[int, ...]) -> bool:
        return s[0] == 15 or s[27] == 15

    high = max(faces)
    if faces[0] != faces[1] or opening:
        _, results = _segment(counted, faces, None, *rules)
        return {(False, flip(r, mirror)) for r in results}
    outcomes: set[tuple[bool, tuple[int, ...]]] = set()
    # The roller's cascade: (segment number, state) frontier.
    frontier = {counted}
    for number in range(high, 7):
        following: set[tuple[int, ...]] = set()
        for s in frontier:
            most, results = _segment(s, (number, number), None, *rules)
            for r in results:
                if over(r):
                    outcomes.add((False, flip(r, mirror)))
                elif most == 4:
                    following.add(r)
                else:
                    handed = _handed(number, most, high, cascade_failure, transfer_without_move)
                    outcomes |= _recipient(flip(r, mirror), handed, mirror, rules)
        frontier = following
    outcomes |= {(False, flip(s, mirror)) for s in frontier}
    return outcomes


def _handed(
    number: int, played: int, first: int, failure: str, without_move: bool
) -> list[tuple[int, int]]:
    """The segments a failed segment of the cascade hands over, as (number, moves)."""
    if failure == "lose" or (not without_move and played == 0 and number == first):
        return []
    left = [(number, 4 - played)]
    return left + [(n, 4) for n in range(number + 1, 7)] if failure == "transfer" else left


def _recipient(
    state: tuple[int, ...], handed: list[tuple[int, int]], mirror: bool, rules: tuple[bool, bool]
) -> set[tuple[bool, tuple[int, ...]]]:
    """The outcomes once the opponent has played the moves handed to him (his frame), he to roll."""
    outcomes: set[tuple[bool, tuple[int, ...]]] = set()
    frontier = {state}
    for number, moves in handed:
        following: set[tuple[int, ...]] = set()
        for s in frontier:
            most, results = _segment(s, (number, number), moves, *rules)
            for r in results:
                if r[0] == 15:
                    outcomes.add((True, flip(r, mirror)))
                elif most == moves:
                    following.add(r)
                else:
                    outcomes.add((False, r))
        frontier = following
    return outcomes | {(False, s) for s in frontier}


# --- positions for the comparisons -----------------------------------------------------------


def random_gul_bara_positions(
    variant: Variant, n: int, seed: int | str
) -> list[tuple[str, Position]]:
    """``n`` seeded positions of gul bara or gioul: checkers scattered (``"scatter"``), or the mover's all home (``"home"``).

    Each side has 0-14 checkers off, the rest on points the other side does
    not hold (rule M.5: a point never holds both colours); the rolls made
    are any counts up to three.
    """
    from nardy import Side

    rng = random.Random(f"{seed}:{variant.spec()}")
    out: list[tuple[str, Position]] = []
    for i in range(n):
        kind = ("scatter", "home")[i % 2]
        mover_off, opp_off = rng.randint(0, 14), rng.randint(0, 14)
        board = [0] * 24
        top = 6 if kind == "home" else 24
        for _ in range(15 - mover_off):
            board[rng.randint(1, top) - 1] += 1
        free = [p for p in range(24) if board[p] <= 0]
        for _ in range(15 - opp_off):
            board[rng.choice(free)] -= 1
        rolls = [rng.randint(0, 3), rng.randint(0, 3)]
        turn = Side(rng.randint(0, 1))
        position = variant.position(board, off=(mover_off, opp_off), turn=turn, rolls=rolls)
        out.append((kind, position))
    return out
