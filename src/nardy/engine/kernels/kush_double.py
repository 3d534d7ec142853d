"""Search kernel for Kush's doubles, where a hit moves the six-block guard.

A Kush double hits lone checkers and moves the six-block guard as it does
(:class:`nardy.rules.kush.KushDoubleSteps`), which makes the rule
depend on the order of the moves. Most doubles cannot build a block of six
at all; :func:`nardy.rules.six_block.six_block_watch` recognises them, and
for those the rule refuses nothing, so the search may ignore it
(:mod:`nardy.engine.search`). For the others :func:`search_kush_double`
searches every order, as the general kernel does, calling the rules' own
functions (:mod:`nardy.rules.head`, :mod:`nardy.rules.six_block`) where they
can refuse.
"""

from __future__ import annotations

from nardy.engine.kernels.hitter_doubles import SOURCE_DIGIT, EveryOrderSearch
from nardy.engine.results import Found
from nardy.engine.state import (
    HIT_BIT,
    HOME,
    MOVER_OFF,
    OPP_BAR,
    STEP_BITS,
)
from nardy.rules.board import HEAD as HEAD_POINT
from nardy.rules.maximum_use import shorter_plays_count
from nardy.rules.movement import home_scan, may_bear_off
from nardy.rules.six_block import blocks_allowed, six_block_allows, six_block_guard

__all__ = ["search_kush_double"]


def search_kush_double(
    board: list[int],
    key: int,
    die: int,
    moves: int,
    head_left: int,
    six_block: str,
    watch: int,
    at_end: bool,
) -> Found:
    """A Kush double's moves in every order, as the tracking kernel searches them.

    The rules are what a Kush double's step rule declares
    (:func:`nardy.rules.kush.kush_double_rule`): a floor on the head (at
    most ``head_left`` more checkers leave it) and the six-block rule with
    option ``six_block``, judged after each step, or with ``at_end`` on each
    play's final position, as the variant's play filter
    (:class:`~nardy.rules.six_block.SixBlockAtEnd`) judges it; the guard
    moves with each hit. The same depth-first search as
    :func:`nardy.engine.kernels.general.search_tracking` for these rules
    (sources from high to low, checkers on the bar wait and count as
    outside, a hit stops the hitter), so the results, their order and their
    plays are the same. The rules are tested with their own functions
    (:mod:`nardy.rules.six_block`), and only where they can refuse: steps
    from the head (24), and steps landing on a point of ``watch``
    (:func:`~nardy.rules.six_block.six_block_watch`). A node is its
    multiset of sources (a base-5 digit a source): it fixes the position
    (distinct multisets reach distinct positions) and the marked checkers
    (one on each point where a hit happened, since the hitter stops), which
    is all the tracking kernel tells nodes apart by. A result's key is worked
    out from its steps once it is found. With ``at_end`` a sequence is kept
    when :func:`~nardy.rules.six_block.blocks_allowed` allows it, as the
    filter would keep it: the maximal sequences first, and when the rule
    refuses every one that uses the most dice, every sequence, also those
    stopped early (:func:`~nardy.rules.maximum_use.shorter_plays_count`);
    the maximum-use rule is left to the caller.
    """
    outside, high, low = home_scan(board)
    # Before any hit: the start's guard (after each step, or at the end alike).
    guard = six_block_guard(board, six_block)
    floor = board[HEAD_POINT] - head_left
    search = _KushSearch(board, key, die, moves, floor, six_block, watch, at_end, False)
    search.node(0, 0, outside, high, low, guard, 0, 0)
    found = search.found
    if not at_end or not shorter_plays_count(found.counts, found.deepest):
        return found
    # Every play of the most dice refused: the shorter sequences are candidates too.
    search = _KushSearch(board, key, die, moves, floor, six_block, watch, at_end, True)
    search.node(0, 0, outside, high, low, guard, 0, 0)
    return search.found


class _KushSearch(EveryOrderSearch):
    """One search over every order of a Kush double's moves (see :func:`search_kush_double`)."""

    def __init__(
        self,
        s: list[int],
        key: int,
        die: int,
        moves: int,
        floor: int,
        six_block: str,
        watch: int,
        at_end: bool,
        prefixes: bool,
    ) -> None:
        super().__init__(s, key, die, moves)
        self.start = s[:]
        self.six_block = six_block
        #: The fewest checkers the head may keep (the head rule as the step rule's floor).
        self.floor = floor
        #: The points where a landing step needs the six-block test.
        self.watch = watch
        #: The same as a list (what the end-of-turn rule looks at).
        self.watched = [p for p in range(1, 25) if (watch >> p) & 1]
        #: Whether :func:`~nardy.rules.six_block.blocks_allowed` judges each result.
        self.at_end = at_end
        #: Whether every sequence is a candidate, not only the maximal ones.
        self.prefixes = prefixes
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
        if self.prefixes and made and blocks_allowed(self.start, s, guard, self.watched):
            self.add(code, made)
        moved = False
        if made < self.moves:
            die = self.die
            watch = self.watch
            for src in range(high, low - 1, -1):
                n = s[src]
                if n <= (marked >> src) & 1:
                    continue  # no checker here, or only the hitter, which stops
                # (landing, step_kind and make_move, inline: calling them here
                # costs the pure build 10% on Kush's doubles, whose searches
                # in every order come here often)
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
                        sources + SOURCE_DIGIT[src],
                        marked | (1 << dst) if hit else marked,
                        outside - 1 if src > HOME >= dst else outside,  # (outside_after, inline)
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
            and (not at_end or blocks_allowed(self.start, s, guard, self.watched))
        ):
            self.add(code, made)

    def allows(self, src: int, dst: int, guard: int) -> bool:
        """The declared step rule on the board after the step ``src -> dst``.

        The floor on the head (:attr:`StepRule.floor
        <nardy.rules.turn_rules.StepRule.floor>`, what its ``FloorCheck``
        tests), then, judged after each step, the six-block rule
        (:func:`~nardy.rules.six_block.six_block_allows`). ``guard`` is the
        guard of the board after the step: the start's while no hit has
        happened, else worked out from the board.
        """
        s = self.s
        if src == HEAD_POINT and s[src] < self.floor:
            return False
        if dst == MOVER_OFF or self.at_end:
            return True
        return six_block_allows(s, dst, guard)

    def add(self, code: int, made: int) -> None:
        """Note a result (each node once, so each result once), its key from its steps."""
        found = self.found
        found.keys.append(self.key_after(code))
        found.codes.append(code)
        found.counts.append(made)
