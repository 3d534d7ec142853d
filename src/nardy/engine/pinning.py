"""Search kernel for pinning contact with no per-turn rules: plakoto's movement.

A checker that lands on a lone free opposing checker pins it; the last
checker leaving a pinning stack releases it; a point where the opponent
pins one of the mover's checkers is closed to him; a pinned checker of the
mover stops his bear-off. None of that makes the order of the mover's own
steps matter for where a point is open: a point holding two or more free
opposing checkers, or one of his own pinned checkers, stays closed all
turn, and every other point stays open to him. So, as in
:mod:`nardy.engine.ordered`, the moves of a double are tried with their
sources in non-increasing order, each set of moves once, and the board is
one list changed in place (each step made, explored, undone). As there,
no two sets of moves of a double reach the same position (a pin lies under
the mover's checkers, so his counts on the points still tell the sets
apart), and a double's results are kept without a look-up.
"""

from __future__ import annotations

from nardy.engine.found import Found
from nardy.engine.layout import (
    BASE_SIZE,
    EXTRA_BYTES,
    HIT_BIT,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_PINNED,
    PINNED,
    STEP_BITS,
    WEIGHT,
    may_bear_off,
)

__all__ = ["search_pinning"]

# What bit 0 of the opponent's pins adds to a key (bit p adds this << p).
_OPP_PIN_UNIT = 1 << (8 * BASE_SIZE + 8 * EXTRA_BYTES * (OPP_PINNED - BASE_SIZE))


def search_pinning(board: list[int], key: int, dice: tuple[int, ...]) -> Found:
    """Every maximal sequence of legal steps for two dice, or four of a double.

    ``board`` is the state (mover's frame, pins in its extra slots, no
    checker on a bar) as a list, left as it was found; ``key`` its key.
    """
    found = Found()
    # A pinned checker of the mover's counts as outside: it stops the bear-off
    # (so does one waiting on the bar, in a variant that has one).
    outside = board[MOVER_BAR] + (1 if board[PINNED] else 0)
    for p in range(HOME + 1, 25):
        if board[p] > 0:
            outside += board[p]
    if len(dice) == 2 and dice[0] != dice[1]:
        for order in (dice, (dice[1], dice[0])):
            _steps(board, order, False, 0, 24, key, outside, 0, found)
    else:
        _steps(board, dice, True, 0, 24, key, outside, 0, found)
    return found


def _steps(
    s: list[int],
    dice: tuple[int, ...],
    double: bool,
    made: int,
    maxsrc: int,
    key: int,
    outside: int,
    code: int,
    found: Found,
) -> None:
    """The steps from die ``made`` on; on a ``double``, sources at most ``maxsrc``."""
    die = dice[made]
    mine_pinned = s[PINNED]
    last = made + 1 == len(dice)
    moved = False
    for src in range(maxsrc, 0, -1):
        if s[src] <= 0:
            continue
        dst = src - die
        if dst <= 0:
            if not may_bear_off(s, src, dst, outside):
                continue
            dst = MOVER_OFF
        else:
            x = s[dst]
            if x < -1 or (x == -1 and (mine_pinned >> dst) & 1):
                continue
        moved = True
        x_src = s[src]
        x_dst = s[dst]
        x_pins = s[OPP_PINNED]
        delta = _move(s, src, dst)
        hit = dst != MOVER_OFF and x_dst == -1
        step = src | (dst << 5) | (die << 10) | (HIT_BIT if hit else 0)
        code1 = code | (step << (STEP_BITS * made))
        if not last:
            left = outside - 1 if src > HOME >= dst else outside
            _steps(
                s, dice, double, made + 1, src if double else 24, key + delta, left, code1, found
            )
        elif double:
            found.keys.append(key + delta)
            found.codes.append(code1)
            found.counts.append(made + 1)
        else:
            found.record(key + delta, code1, made + 1)
        s[src] = x_src
        s[dst] = x_dst
        s[OPP_PINNED] = x_pins
    if not moved and made:
        if double:
            found.keys.append(key)
            found.codes.append(code)
            found.counts.append(made)
        else:
            found.record(key, code, made)


def _move(s: list[int], src: int, dst: int) -> int:
    """Move one of the mover's checkers in place, pinning and releasing; the key's change."""
    w = WEIGHT
    delta = -w[src]
    s[src] -= 1
    if s[src] == 0 and (s[OPP_PINNED] >> src) & 1:
        # The last checker of a pinning stack left: the pinned checker is free.
        s[src] = -1
        s[OPP_PINNED] ^= 1 << src
        delta -= w[src] + (_OPP_PIN_UNIT << src)
    if dst == MOVER_OFF:
        s[MOVER_OFF] += 1
        return delta + w[MOVER_OFF]
    if s[dst] == -1:
        s[dst] = 1
        s[OPP_PINNED] |= 1 << dst
        return delta + 2 * w[dst] + (_OPP_PIN_UNIT << dst)
    s[dst] += 1
    return delta + w[dst]
