"""Search kernel for Kush's doubles, where a hit moves the six-block guard.

A Kush double hits lone checkers and moves the six-block guard as it does
(:class:`nardy.rules.long_nardy.KushDoubleSteps`), which makes the rule
depend on the order of the moves. Most doubles cannot build a block of six
at all; :func:`six_block_watch` recognises them, and for those the rule
refuses nothing, so the search may ignore it (:mod:`nardy.engine.search`).
For the others :func:`search_kush_double` searches every order, as the
general kernel does, with the rules compiled in.
"""

from __future__ import annotations

from typing import Final

from nardy.engine.results import Found
from nardy.engine.state import (
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
from nardy.rules.long_nardy import HEAD as HEAD_POINT
from nardy.rules.long_nardy import (
    ROUTE,
    KushDoubleSteps,
    head_allows,
    in_block,
    six_block_allows,
    six_block_guard,
)

__all__ = ["search_kush_double", "six_block_watch", "turn_allows"]

# Six consecutive route numbers, as a mask of route bits (bit r - 1 for route number r).
_WINDOW: Final = 0x3F
# ROUTE as a constant of this module: compiled, reading it is then a static load, not a
# look-up in another module's namespace.
_ROUTE: Final[tuple[int, ...]] = ROUTE


def six_block_watch(board: list[int], die: int, moves: int, six_block: str) -> int:
    """The points (bit p for point p) where a move of this double could land in a forbidden block.

    ``moves`` moves of ``die``; 0 when the six-block rule cannot refuse any
    move or play this turn. A move is refused (after the step, or at the end
    of the turn) only if its landing point ``p`` has ``ROUTE[p]`` below the
    guard and lies in a run of six points the mover holds. The points he can
    hold during the turn are those he holds now and those a checker can land
    on (``k * die`` below one of his points, ``k <= moves``, not held by two
    or more opposing checkers). The guard never exceeds its bound here: with
    ``"ahead"`` the smallest route number of an opposing stack of two or
    more (hits remove only lone checkers), with ``"home"`` 0 if such a stack
    stands in the opponent's home (his 1..6, the mover's 13..18), else 25; 0
    with ``"off"`` or once the opponent has borne off. The points returned
    are the landing points below the bound inside a run of six of those points.
    """
    if six_block == "off" or board[OPP_OFF] > 0:
        return 0
    bound = 25
    for p in range(1, 25):
        if board[p] <= -2:
            if six_block == "home":
                if 13 <= p <= 18:
                    return 0
            elif _ROUTE[p] < bound:
                bound = _ROUTE[p]
    held = 0  # route bits (bit r - 1 for route number r) of the points held now or reachable
    landing = 0  # route bits of the reachable points below the bound
    for q in range(1, 25):
        if board[q] <= 0:
            continue
        held |= 1 << (_ROUTE[q] - 1)
        p = q - die
        for _ in range(moves):
            if p < 1:
                break
            if board[p] >= -1:
                bit = 1 << (_ROUTE[p] - 1)
                held |= bit
                if _ROUTE[p] < bound:
                    landing |= bit
            p -= die
    runs = held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4) & (held >> 5)
    covered = 0
    r = 0
    while runs >> r:
        if (runs >> r) & 1:
            covered |= _WINDOW << r
        r += 1
    risky = covered & landing
    watch = 0
    if risky:
        for p in range(1, 25):
            if (risky >> (_ROUTE[p] - 1)) & 1:
                watch |= 1 << p
    return watch


def turn_allows(start: list[int], board: list[int], guard: int, watch: int) -> bool:
    """The six-block rule judged on a turn's final position, as the variant's play filter judges it.

    :func:`nardy.rules.long_nardy.turn_blocks_allowed` for a board given as
    a list (the search's own), ``guard`` that of the position reached
    (:func:`~nardy.rules.long_nardy.six_block_guard`), looking only at the
    points of ``watch`` (:func:`six_block_watch`: it refuses nothing elsewhere).
    """
    for p in range(1, 25):
        if (watch >> p) & 1:
            x = board[p]
            if x > start[p] and x > 0 and _ROUTE[p] < guard and in_block(board, p):
                return False
    return True


def search_kush_double(
    board: list[int],
    key: int,
    die: int,
    moves: int,
    check: KushDoubleSteps,
    watch: int,
    at_end: bool,
) -> Found:
    """A Kush double's moves in every order, as the tracking kernel searches them.

    The same depth-first search as :func:`nardy.engine.kernels.general.search_tracking`
    for these rules (sources from high to low, checkers on the bar wait and
    count as outside, a hit stops the hitter, ``check`` judges each step), so
    the results, their order and their plays are the same. ``check``'s
    tests run inline (its own functions on its fields), and only where they
    can refuse: steps from the head (24), and steps landing on a point of
    ``watch`` (:func:`six_block_watch`). A node is its
    multiset of sources (a base-5 digit a source): it fixes the position
    (distinct multisets reach distinct positions) and the marked checkers
    (one on each point where a hit happened, since the hitter stops), which
    is all the tracking kernel tells nodes apart by. A result's key is worked
    out from its steps once it is found. With ``at_end`` (the six-block rule
    judged on the final position, ``check.per_step`` false) a sequence is
    kept when :func:`turn_allows` it, as the variant's play filter would
    keep it: the maximal sequences first, and when the rule refuses every
    one that uses the most dice, every sequence, also those stopped early;
    the maximum-use rule is left to the caller.
    """
    outside = board[MOVER_BAR]
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
    # Before any hit: the rule's own guard, or (at the end) the start's, as the filter works it out.
    guard = six_block_guard(board, check.six_block) if at_end else check.guard
    search = _KushSearch(board, key, die, moves, check, watch, at_end, False)
    search.node(0, 0, outside, high, low, guard, 0, 0)
    found = search.found
    if not at_end or not found.deepest or (found.counts and max(found.counts) == found.deepest):
        return found
    # Every play of the most dice refused: the shorter sequences are candidates too.
    search = _KushSearch(board, key, die, moves, check, watch, at_end, True)
    search.node(0, 0, outside, high, low, guard, 0, 0)
    return search.found


# Each source's digit in a multiset of sources: 5 ** (p - 1) (at most four moves from a point).
_FIVE: Final[tuple[int, ...]] = (0, *(5 ** (p - 1) for p in range(1, 25)))
_STEP_MASK: Final = (1 << STEP_BITS) - 1


class _KushSearch:
    """One search over every order of a Kush double's moves (see :func:`search_kush_double`)."""

    def __init__(
        self,
        s: list[int],
        key: int,
        die: int,
        moves: int,
        check: KushDoubleSteps,
        watch: int,
        at_end: bool,
        prefixes: bool,
    ) -> None:
        self.s = s
        self.start = s[:]
        self.key = key
        self.die = die
        self.moves = moves
        self.six_block = check.six_block
        # The fields of the step rule, for its test inline (see ``allows``).
        self.on_head = check.on_head
        self.limit = check.limit
        self.per_step = check.per_step
        #: The points where a landing step needs the six-block test.
        self.watch = watch
        #: Whether :func:`turn_allows` judges each result.
        self.at_end = at_end
        #: Whether every sequence is a candidate, not only the maximal ones.
        self.prefixes = prefixes
        self.found = Found()
        #: The multisets of sources already explored.
        self.seen: set[int] = set()

    def node(
        self,
        sources: int,
        marked: int,
        outside: int,
        high: int,
        low: int,
        guard: int,
        code: int,
        made: int,
    ) -> None:
        """Explore the node reached by ``made`` moves (in ``code``; ``sources`` their multiset).

        ``marked``: bit p for the hitter on point p (one at most: the point
        held the opponent's lone checker, and the hitter never leaves);
        ``outside``: the mover's checkers outside his home board, the bar
        included; the sources run from ``high`` down to ``low``, which skips
        only empty points. ``guard``: the six-block guard of this position,
        worked out again after each hit (a hit is the only change to the
        opponent's checkers; the step rule does the same, see ``allows``).
        """
        if made:
            seen = self.seen
            if sources in seen:
                return
            seen.add(sources)
        s = self.s
        found = self.found
        if made > found.deepest:
            found.deepest = made
        if self.prefixes and made and turn_allows(self.start, s, guard, self.watch):
            self.add(code, made)
        moved = False
        if made < self.moves:
            die = self.die
            watch = self.watch
            for src in range(high, low - 1, -1):
                n = s[src]
                if n <= (marked >> src) & 1:
                    continue  # no checker here, or only the hitter, which stops
                dst = src - die
                if dst <= 0:
                    if not may_bear_off(s, src, dst, outside):
                        continue
                    dst = MOVER_OFF
                x = s[dst]
                if dst != MOVER_OFF and x < -1:
                    continue
                hit = dst != MOVER_OFF and x == -1
                s[src] = n - 1
                if hit:
                    s[dst] = 1
                    s[OPP_BAR] += 1
                else:
                    s[dst] = x + 1
                guard1 = six_block_guard(s, self.six_block) if hit else guard
                # The rule refuses nothing but a step off the head or onto a watched point.
                watched = src == HEAD_POINT or (watch >> dst) & 1 != 0
                if not watched or self.allows(src, dst, guard1):
                    moved = True
                    step = src | (dst << 5) | (die << 10)
                    self.node(
                        sources + _FIVE[src],
                        marked | (1 << dst) if hit else marked,
                        outside - 1 if src > HOME >= dst else outside,
                        high,
                        dst if 0 < dst < low else low,
                        guard1,
                        code | ((step | HIT_BIT if hit else step) << (STEP_BITS * made)),
                        made + 1,
                    )
                s[src] = n
                s[dst] = x
                if hit:
                    s[OPP_BAR] -= 1
        at_end = self.at_end
        if (
            not moved
            and made
            and not self.prefixes
            and (not at_end or turn_allows(self.start, s, guard, self.watch))
        ):
            self.add(code, made)

    def allows(self, src: int, dst: int, guard: int) -> bool:
        """``KushDoubleSteps.__call__`` on the board after the step ``src -> dst``, compiled in.

        The same tests with the same functions: the head rule, then (judged
        after each step) the six-block rule. ``guard`` is the guard of the
        board after the step: the rule's own while no hit has happened, else
        worked out from the board, as the rule works it out when the
        opponent's bar has grown.
        """
        if src == HEAD_POINT and not head_allows(self.on_head, self.limit, self.s):
            return False
        if dst == MOVER_OFF or not self.per_step:
            return True
        return six_block_allows(self.s, dst, guard)

    def add(self, code: int, made: int) -> None:
        """Note a result (each node once, so each result once), its key from its steps."""
        key = self.key
        steps = code
        while steps:
            step = steps & _STEP_MASK
            src = step & 31
            dst = (step >> 5) & 31
            key += HIT_MOVE[src][dst] if step & HIT_BIT else MOVE[src][dst]
            steps >>= STEP_BITS
        found = self.found
        found.keys.append(key)
        found.codes.append(code)
        found.counts.append(made)
