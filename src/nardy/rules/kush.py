"""Kush's doubles: when the six-block rule cannot refuse any move of the turn.

A Kush double hits lone checkers and moves the six-block guard as it does
(:class:`nardy.rules.long_nardy.KushDoubleSteps`), which makes the rule
depend on the order of the moves. Most doubles cannot build a block of six
at all; :func:`six_block_idle` recognises them, and for those the rule
refuses nothing, so the search may ignore it (:mod:`nardy.engine.search`).
"""

from __future__ import annotations

from typing import Final

from nardy.engine.found import Found, IntIndex, int_index
from nardy.engine.layout import (
    HIT_BIT,
    HIT_MOVE,
    HOME,
    MOVE,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_OFF,
    STEP_BITS,
    may_bear_off,
)
from nardy.rules.long_nardy import ROUTE, KushDoubleSteps, in_block, six_block_guard

__all__ = ["search_kush_double", "six_block_idle", "turn_allows"]

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


def turn_allows(start: list[int], board: list[int], six_block: str) -> bool:
    """The six-block rule judged on a turn's final position, as the variant's play filter judges it.

    :func:`nardy.rules.long_nardy.turn_blocks_allowed` with the guard of the
    position reached, for a board given as a list (the search's own).
    """
    guard = six_block_guard(board, six_block)
    if guard == 0:
        return True
    for p in range(1, 25):
        x = board[p]
        if x > start[p] and x > 0 and ROUTE[p] < guard and in_block(board, p):
            return False
    return True


def search_kush_double(
    board: list[int],
    key: int,
    die: int,
    moves: int,
    check: KushDoubleSteps,
    at_end: bool,
) -> Found:
    """A Kush double's moves in every order, as the tracking kernel searches them.

    The same depth-first search as :func:`nardy.engine.tracking.search_tracking`
    for these rules (sources from 24 down, checkers on the bar wait and count
    as outside, a hit stops the hitter, ``check`` judges every step), so the
    results, their order and their plays are the same. A node is its
    multiset of sources (a base-5 digit a source): it fixes the position
    (distinct multisets reach distinct positions) and the marked checkers
    (one on each point where a hit happened, since the hitter stops), which
    is all the tracking kernel tells nodes apart by. With ``at_end`` (the
    six-block rule judged on the final position, ``check.per_step`` false)
    every sequence is a candidate, kept when :func:`turn_allows` it, as the
    variant's play filter would; the maximum-use rule is left to the caller.
    """
    search = _KushSearch(board, die, moves, check, at_end)
    search.node(key, 0, 0, 0, 0)
    return search.found


# Each source's digit in a multiset of sources: 5 ** (p - 1) (at most four moves from a point).
_FIVE: Final[tuple[int, ...]] = (0, *(5 ** (p - 1) for p in range(1, 25)))


class _KushSearch:
    """One search over every order of a Kush double's moves (see :func:`search_kush_double`)."""

    def __init__(
        self, s: list[int], die: int, moves: int, check: KushDoubleSteps, at_end: bool
    ) -> None:
        self.s = s
        self.start = s[:]
        self.die = die
        self.moves = moves
        self.check = check
        self.at_end = at_end
        self.six_block = check.six_block
        self.found = Found()
        #: The multisets of sources already explored.
        self.seen: IntIndex = int_index()

    def node(self, key: int, sources: int, marked: int, code: int, made: int) -> None:
        """Explore the node reached by ``made`` moves (in ``code``; ``sources`` their multiset).

        ``marked``: bit p for the hitter on point p (one at most: the point
        held the opponent's lone checker, and the hitter never leaves).
        """
        seen = self.seen
        if made:
            if seen.get(sources, -1) >= 0:
                return
            seen.setdefault(sources, 0)
        s = self.s
        found = self.found
        if self.at_end and made and turn_allows(self.start, s, self.six_block):
            found.keys.append(key)
            found.codes.append(code)
            found.counts.append(made)
        moved = False
        if made < self.moves:
            die = self.die
            check = self.check
            outside = s[MOVER_BAR]
            for p in range(HOME + 1, 25):
                if s[p] > 0:
                    outside += s[p]
            packed_die = die << 10
            shift = STEP_BITS * made
            for src in range(24, 0, -1):
                n = s[src]
                if n <= 0:
                    continue
                dst = src - die
                if dst <= 0:
                    if not may_bear_off(s, src, dst, outside):
                        continue
                    dst = MOVER_OFF
                x = s[dst]
                if dst != MOVER_OFF and x < -1:
                    continue
                if n <= (marked >> src) & 1:
                    continue  # only the hitter here, and it stops
                hit = dst != MOVER_OFF and x == -1
                s[src] = n - 1
                if hit:
                    s[dst] = 1
                    s[OPP_BAR] += 1
                else:
                    s[dst] = x + 1
                if check(s, src, dst):
                    moved = True
                    if hit:
                        key1 = key + HIT_MOVE[src][dst]
                        step = src | (dst << 5) | packed_die | HIT_BIT
                        marked1 = marked | (1 << dst)
                    else:
                        key1 = key + MOVE[src][dst]
                        step = src | (dst << 5) | packed_die
                        marked1 = marked
                    sources1 = sources + _FIVE[src]
                    self.node(key1, sources1, marked1, code | (step << shift), made + 1)
                s[src] = n
                s[dst] = x
                if hit:
                    s[OPP_BAR] -= 1
        if not moved and made and not self.at_end:
            found.keys.append(key)
            found.codes.append(code)
            found.counts.append(made)
