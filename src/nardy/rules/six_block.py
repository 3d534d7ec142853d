"""The six-block rule of long nardy and Kush (and fevga's trapping primes).

A player may not build a *block* of six or more consecutive points held by
his checkers unless at least one opposing checker is already ahead of it.
"Consecutive" follows the opponent's route (:data:`ROUTE`): the two sides
move the same way round, so the mover's 1-point and 24-point are
neighbours, his 13 and 12 are not. Whether an opposing checker is ahead of
a block is one number, the *guard* (:func:`six_block_guard`): the rule looks
only at landing points whose route number is below it. The option
``six_block`` says what "ahead" means (``"ahead"``, ``"home"``, ``"off"``)
and ``six_block_check`` when the rule is judged: after every step
(:func:`six_block_allows`) or on the final position of the turn
(:func:`turn_blocks_allowed`, the whole-play filter :class:`SixBlockAtEnd`).

Each rule is a function of the position reached and the position the turn
started from, never of the order of the steps, which both searches rely
on. The whole rule is here; the Python search calls these functions, and
the native core states the same rule once in Rust.
"""

from __future__ import annotations

from typing import Any, Final

from nardy.rules.board import OPP_BAR, OPP_OFF, Candidate, State
from nardy.rules.turn_rules import EndRule, with_changes

__all__ = [
    "BEFORE",
    "ROUTE",
    "SIX_BLOCK_CHECKS",
    "SIX_BLOCK_RULES",
    "SixBlockAtEnd",
    "SixBlockStep",
    "TurnBlocks",
    "block_within_reach",
    "blocks_allowed",
    "in_block",
    "six_block_allows",
    "six_block_guard",
    "six_block_step",
    "six_block_watch",
    "turn_blocks_allowed",
]

#: Values of the ``six_block`` option.
SIX_BLOCK_RULES = ("ahead", "home", "off")
#: Values of the ``six_block_check`` option.
SIX_BLOCK_CHECKS = ("step", "turn")

#: ``ROUTE[p]``: where the mover's point p lies on the *opponent's* route,
#: numbered as the opponent numbers it (24 = his head, the mover's 12; 1 =
#: his last point, the mover's 13). Consecutive route numbers are neighbours
#: for the six-block rule.
ROUTE: Final[tuple[int, ...]] = (0, *((p + 11) % 24 + 1 for p in range(1, 25)))
#: ``BEFORE[g]``: the set of points (bit p for point p) whose route number is
#: below ``g``: the landing points the six-block rule looks at for guard g.
BEFORE: Final[tuple[int, ...]] = tuple(
    sum(1 << p for p in range(1, 25) if ROUTE[p] < g) for g in range(26)
)
# The map is its own inverse: the mover's point with route number q is ROUTE[q].
_AHEAD: Final[tuple[int, ...]] = (
    0,
    *(ROUTE[ROUTE[p] - 1] if ROUTE[p] > 1 else 0 for p in range(1, 25)),
)
_BEHIND: Final[tuple[int, ...]] = (
    0,
    *(ROUTE[ROUTE[p] + 1] if ROUTE[p] < 24 else 0 for p in range(1, 25)),
)
# The opponent's home (his 1..6) in the mover's numbering.
_OPP_HOME: Final = range(13, 19)


# Six consecutive route numbers, as a mask of route bits (bit r - 1 for route number r).
_WINDOW: Final = 0x3F


def in_block(board: list[int] | State, p: int) -> bool:
    """Whether the mover's point ``p`` is part of six or more consecutive points he holds.

    Consecutive along the opponent's route: the mover's 1 and 24 are
    neighbours, his 13 and 12 are not.
    """
    b = board
    n = 1
    x = _AHEAD[p]
    while x and b[x] > 0:
        n += 1
        x = _AHEAD[x]
    x = _BEHIND[p]
    while x and b[x] > 0:
        n += 1
        x = _BEHIND[x]
    return n >= 6


def six_block_guard(state: list[int] | State, six_block: str) -> int:
    """Which landing points the six-block rule must look at: those with ``ROUTE[p] < guard``.

    With ``"ahead"`` an opposing checker at route number q has passed every
    block made of points with larger route numbers, so the guard is the
    smallest route number of an opposing checker (a checker borne off has
    passed every block: guard 0). With ``"home"`` the guard is 0 once an
    opposing checker stands in (or has been borne off from) his home, else
    25. With ``"off"`` it is 0: the rule never applies.
    """
    # Usually the turn's start, a tuple: read as one (see in_block).
    s = state if isinstance(state, tuple) else tuple(state)
    if six_block == "off" or s[OPP_OFF] > 0:
        return 0
    if six_block == "home":
        for p in _OPP_HOME:
            if s[p] < 0:
                return 0
        return 25
    guard = 25
    for p in range(1, 25):
        if s[p] < 0 and ROUTE[p] < guard:
            guard = ROUTE[p]
    return guard


def six_block_allows(board: list[int], p: int, guard: int) -> bool:
    """The six-block rule for one step that landed on point ``p``.

    A player may not build a block of six or more consecutive points held by
    his checkers (along the opponent's route) unless at least one opposing
    checker is already ahead of it. After a step, its landing point must not
    belong to such a block; ``guard`` (:func:`six_block_guard`) says which
    points no opposing checker has passed.
    """
    return ROUTE[p] >= guard or not in_block(board, p)


def turn_blocks_allowed(start: list[int] | State, state: list[int] | State, guard: int) -> bool:
    """The six-block rule judged on the final position of a turn (``six_block_check="turn"``).

    A play is refused when a point where the mover now has more checkers
    than at the start of the turn belongs to a block that the rule forbids
    (:func:`blocks_allowed` on every point; :class:`TurnBlocks` judges it
    for one start and guard).
    """
    s = state if isinstance(state, list) else list(state)  # (see in_block)
    return TurnBlocks(list(start), guard).allows(s)


def blocks_allowed(start: list[int], board: list[int], guard: int, points: list[int]) -> bool:
    """The six-block rule judged on a turn's final position, on the points of ``points``.

    The rule as ``six_block_check="turn"`` judges it: a play is refused when
    a point where the mover now has more checkers than at the start of the
    turn (``start``) belongs to a block the rule forbids: its route number
    below ``guard`` (no opposing checker has passed it, see
    :func:`~nardy.rules.six_block.six_block_guard`) and six consecutive
    points held around it (:func:`~nardy.rules.six_block.in_block`).
    ``points`` are the points looked at: every point, or only those where
    the caller knows the rule may refuse
    (:class:`~nardy.rules.six_block.TurnBlocks`: where the mover may land;
    :func:`~nardy.rules.six_block.six_block_watch`: where a double may
    build a block).
    """
    for p in points:
        x = board[p]
        if x > start[p] and x > 0 and ROUTE[p] < guard and in_block(board, p):
            return False
    return True


class SixBlockStep:
    """The six-block rule judged after each step, for one guard: a step check (:func:`six_block_step`)."""

    __slots__ = ("guard",)

    def __init__(self, guard: int) -> None:
        self.guard = guard

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` that led to ``board`` keeps the rule (:func:`six_block_allows`)."""
        return dst == 0 or six_block_allows(board, dst, self.guard)


def six_block_step(guard: int) -> SixBlockStep:
    """The six-block rule after each step, for ``guard``, as a step check (one object a guard).

    The rule a step rule declares with
    :attr:`StepRule.six_block <nardy.rules.turn_rules.StepRule.six_block>`,
    as a check that can be called.
    """
    return _STEPS[guard]


# six_block_step's checks, by guard (0 to 25).
_STEPS: Final[list[SixBlockStep]] = [SixBlockStep(guard) for guard in range(26)]


class SixBlockAtEnd:
    """The six-block rule judged on each play's final position: a whole-play filter.

    What ``six_block_check="turn"`` asks (:func:`turn_blocks_allowed`) of
    every candidate play, with the guard of ``six_block`` worked out from
    the candidate's position. Nothing but a hit moves an opposing checker,
    so a candidate that hit nothing shares the start's guard. It declares
    so (:class:`~nardy.rules.turn_rules.EachPlayFilter`): ``each_play`` is
    true, :meth:`on_board` gives the rule as an end check on a live board,
    and ``six_block`` is its option (from which the native core applies the
    rule as data).
    """

    def __init__(self, six_block: str) -> None:
        #: The option of the six-block rule judged (a declaration too).
        self.six_block = six_block
        #: The filter judges each play alone, on its final position.
        self.each_play = True

    def replace(self, **changes: Any) -> SixBlockAtEnd:
        """A copy with ``six_block`` changed (the only field)."""
        new = with_changes("SixBlockAtEnd", {"six_block": self.six_block}, changes)
        return SixBlockAtEnd(new["six_block"])

    def __call__(self, start: State, candidates: list[Candidate]) -> list[Candidate]:
        """The candidates the rule allows, in order."""
        six_block = self.six_block
        guard = six_block_guard(start, six_block)
        bar = start[OPP_BAR]
        first = list(start)
        at_start = TurnBlocks(first, guard)
        # The candidates handed back must be the very objects given (the
        # engine then keeps their keys).
        given: list[Any] = candidates
        kept: list[Any] = []
        for c in given:
            state: State = c[0]
            if state[OPP_BAR] == bar:
                judge = at_start
            else:  # a hit moved an opposing checker back: the guard may move too
                judge = TurnBlocks(first, six_block_guard(state, six_block))
            if judge.allows(list(state)):
                kept.append(c)
        return kept

    def on_board(self, start: State, moves: int) -> TurnBlocks | None:
        """The rule as an end check on a live board for a turn of ``moves`` steps and no hits.

        Without a hit every play shares the start's guard, so the rule can
        be judged on a search's live board at each result
        (:class:`~nardy.rules.turn_rules.EndRule`), with no candidate built.
        None when it can refuse nothing: no block it forbids is within reach.
        """
        board = list(start)
        guard = six_block_guard(start, self.six_block)
        if not block_within_reach(board, guard, moves):
            return None
        return TurnBlocks(board, guard)


def block_within_reach(board: list[int], guard: int, moves: int) -> bool:
    """Whether ``moves`` steps with no hit could leave a block the six-block rule judges.

    Six consecutive points along the opponent's route, the first below the
    guard (``ROUTE < guard``), none held by an opposing checker and at most
    ``moves`` of them empty: a step fills one point at most.
    """
    # Slide a window of six along the route (route number q is point ROUTE[q]).
    empty = closed = 0
    for q in range(1, 25):
        x = board[ROUTE[q]]
        if x == 0:
            empty += 1
        elif x < 0:
            closed += 1
        if q > 6:  # the point that left the window
            y = board[ROUTE[q - 6]]
            if y == 0:
                empty -= 1
            elif y < 0:
                closed -= 1
        if q >= 6 and q - 5 < guard and not closed and empty <= moves:
            return True
    return False


class TurnBlocks(EndRule):
    """:func:`turn_blocks_allowed` for one turn's start and guard, asked with a board."""

    def __init__(self, start: list[int], guard: int) -> None:
        self.start = start
        self.guard = guard
        #: The points the rule looks at: those no opposing checker has passed
        #: (``ROUTE[p] < guard``) and the mover may land on (a blot may be hit).
        self.points = [p for p in range(1, 25) if ROUTE[p] < guard and start[p] >= -1]

    def allows(self, board: list[int]) -> bool:
        """Whether the position on ``board`` keeps the six-block rule (:func:`blocks_allowed`)."""
        # (blocks_allowed, inline: asked at every result of a search on a live
        # board, where a call costs more than the loop)
        start = self.start
        for p in self.points:
            x = board[p]
            if x > start[p] and x > 0 and in_block(board, p):
                return False
        return True


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

    A rule-side helper: it says where the rule can bite during a double
    that may hit (Kush's), from the rule's own terms, so that a search may
    test the rule only on these points.
    """
    if six_block == "off" or board[OPP_OFF] > 0:
        return 0
    bound = 25
    for p in range(1, 25):
        if board[p] <= -2:
            if six_block == "home":
                if 13 <= p <= 18:
                    return 0
            elif ROUTE[p] < bound:
                bound = ROUTE[p]
    held = 0  # route bits (bit r - 1 for route number r) of the points held now or reachable
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
            if (risky >> (ROUTE[p] - 1)) & 1:
                watch |= 1 << p
    return watch
