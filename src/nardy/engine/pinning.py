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

from typing import Final

from nardy.engine.found import Found
from nardy.engine.layout import (
    BASE_SIZE,
    EXTRA_BYTES,
    HIT_BIT,
    HOME,
    MOVE,
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
#: ``_PIN_MOVE[src][dst]``: how a key changes when a checker moves from
#: ``src`` onto a lone opposing checker on ``dst`` and pins it.
_PIN_MOVE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(2 * WEIGHT[dst] + (_OPP_PIN_UNIT << dst) - WEIGHT[src] for dst in range(25))
    for src in range(25)
)
#: ``_RELEASE[src]``: what a key changes by, beyond the move itself, when the
#: last checker leaves ``src`` and frees the opposing checker pinned there.
_RELEASE: Final[tuple[int, ...]] = tuple(
    -(WEIGHT[src] + (_OPP_PIN_UNIT << src)) for src in range(25)
)


def search_pinning(board: list[int], key: int, dice: tuple[int, ...]) -> Found:
    """Every maximal sequence of legal steps for two dice, or four of a double.

    ``board`` is the state (mover's frame, pins in its extra slots, no
    checker on a bar) as a list, left as it was found; ``key`` its key.
    """
    found = Found()
    # A pinned checker of the mover's counts as outside: it stops the bear-off
    # (so does one waiting on the bar, in a variant that has one).
    outside = board[MOVER_BAR] + (1 if board[PINNED] else 0)
    # The mover's highest and lowest free checkers (0 and 25 with none): the
    # scans for a source stay between them (no step ever lands higher). One
    # pass for these and the checkers outside.
    high = 0
    low = 25
    for p in range(24, 0, -1):
        c = board[p]
        if c > 0:
            if not high:
                high = p
            low = p
            if p > HOME:
                outside += c
    if len(dice) == 2 and dice[0] != dice[1]:
        for order in (dice, (dice[1], dice[0])):
            _steps(board, order, False, 0, high, low, key, outside, 0, found)
    else:
        _steps(board, dice, True, 0, high, low, key, outside, 0, found)
    return found


def _steps(
    s: list[int],
    dice: tuple[int, ...],
    double: bool,
    made: int,
    maxsrc: int,
    low: int,
    key: int,
    outside: int,
    code: int,
    found: Found,
) -> None:
    """The steps from die ``made`` on, sources from ``maxsrc`` down to ``low``.

    On a ``double`` ``maxsrc`` is the source of the last move (sources in
    non-increasing order); otherwise the mover's highest checker.
    """
    die = dice[made]
    mine_pinned = s[PINNED]
    last = made + 1 == len(dice)
    moved = False
    move = MOVE
    # While a checker is outside nothing is borne off: no source at or below the die.
    bottom = low - 1 if outside == 0 or low > die else die
    for src in range(maxsrc, bottom, -1):
        x_src = s[src]
        if x_src <= 0:
            continue
        dst = src - die
        if dst <= 0:
            if not may_bear_off(s, src, dst, outside):
                continue
            dst = MOVER_OFF
            x_dst = s[MOVER_OFF]
        else:
            x_dst = s[dst]
            if x_dst < -1 or (x_dst == -1 and (mine_pinned >> dst) & 1):
                continue
        moved = True
        # Make the step: leaving the last checker of a pinning stack frees
        # the pinned one; landing on a lone opposing checker pins it.
        x_pins = s[OPP_PINNED]
        if x_src == 1 and (x_pins >> src) & 1:
            s[src] = -1
            s[OPP_PINNED] = x_pins ^ (1 << src)
            key1 = key + _RELEASE[src]
        else:
            s[src] = x_src - 1
            key1 = key
        hit = dst != MOVER_OFF and x_dst == -1
        if hit:
            s[dst] = 1
            s[OPP_PINNED] |= 1 << dst
            key1 += _PIN_MOVE[src][dst]
            step = src | (dst << 5) | (die << 10) | HIT_BIT
        else:
            s[dst] = x_dst + 1
            key1 += move[src][dst]
            step = src | (dst << 5) | (die << 10)
        code1 = code | (step << (STEP_BITS * made))
        if not last:
            left = outside - 1 if src > HOME >= dst else outside
            low1 = dst if 0 < dst < low else low
            top = src if double else maxsrc
            _steps(s, dice, double, made + 1, top, low1, key1, left, code1, found)
        elif double:
            found.keys.append(key1)
            found.codes.append(code1)
            found.counts.append(made + 1)
        else:
            found.record(key1, code1, made + 1)
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
