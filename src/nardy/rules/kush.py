"""Kush's doubles: when the six-block rule cannot refuse any move of the turn.

A Kush double hits lone checkers and moves the six-block guard as it does
(:class:`nardy.rules.long_nardy.KushDoubleSteps`), which makes the rule
depend on the order of the moves. Most doubles cannot build a block of six
at all; :func:`six_block_idle` recognises them, and for those the rule
refuses nothing, so the search may ignore it (:mod:`nardy.engine.search`).
"""

from __future__ import annotations

from nardy.engine.layout import OPP_OFF
from nardy.rules.long_nardy import ROUTE

__all__ = ["six_block_idle"]

# Six consecutive route numbers, as a mask of route bits (bit r - 1 for route number r).
_WINDOW = 0x3F


def six_block_idle(board: list[int], die: int, moves: int, six_block: str) -> bool:
    """Whether no move of this double (``moves`` moves of ``die``) can land in a forbidden block.

    A move is refused (after the step, or at the end of the turn) only if
    its landing point ``p`` has ``ROUTE[p]`` below the guard and lies in a
    run of six points the mover holds. The points he can hold during the
    turn are those he holds now and those a checker can land on (``k * die``
    below one of his points, ``k <= moves``, not held by two or more opposing
    checkers). The guard never exceeds its bound here: with ``"ahead"`` the
    smallest route number of an opposing stack of two or more (hits remove
    only lone checkers), with ``"home"`` 0 if such a stack stands in the
    opponent's home (his 1..6, the mover's 13..18), else 25; 0 with
    ``"off"`` or once the opponent has borne off. If no run of six of those
    points contains a landing point below the bound, the rule is idle.
    """
    if six_block == "off" or board[OPP_OFF] > 0:
        return True
    bound = 25
    for p in range(1, 25):
        if board[p] <= -2:
            if six_block == "home":
                if 13 <= p <= 18:
                    return True
            elif ROUTE[p] < bound:
                bound = ROUTE[p]
    held = 0  # route bits of the points held now or reachable
    landing = 0  # route bits of the reachable points below the bound
    for q in range(1, 25):
        if board[q] <= 0:
            continue
        held |= 1 << (ROUTE[q] - 1)
        p = q - die
        for _ in range(moves):
            if p < 1:
                break
            if board[p] >= -1:
                bit = 1 << (ROUTE[p] - 1)
                held |= bit
                if ROUTE[p] < bound:
                    landing |= bit
            p -= die
    runs = held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4) & (held >> 5)
    r = 0
    while runs >> r:
        if (runs >> r) & 1 and (_WINDOW << r) & landing:
            return False
        r += 1
    return True
