"""Rules of long nardy and Kush beyond the shared data.

In the mover's numbering his head (where all his checkers start) is his
24-point and the opponent's head is his 12-point; the opponent runs, in the
mover's numbering, 12 -> 1 -> 24 -> 13. Each rule is a function of the
position reached and the position the turn started from, never of the order
of the steps, which the search kernel relies on.
"""

from __future__ import annotations

from typing import Any, Final

from nardy.rules.board import MOVER_BAR, MOVER_OFF, OPP_BAR, OPP_OFF, Candidate, State, Steps
from nardy.rules.turn_rules import EndRule, StepRule

__all__ = [
    "BEFORE",
    "HEAD",
    "HEAD_EXCEPTIONS",
    "OPP_HEAD",
    "ROUTE",
    "SIX_BLOCK_CHECKS",
    "SIX_BLOCK_RULES",
    "HeadAndSixBlock",
    "KushDoubleSteps",
    "SixBlockAtEnd",
    "TurnBlocks",
    "block_within_reach",
    "head_allows",
    "head_and_six_block_rule",
    "head_limit",
    "in_block",
    "kush_return",
    "lone_checker_stop",
    "six_block_allows",
    "six_block_guard",
    "turn_blocks_allowed",
]

#: The mover's head: the point all his checkers start on (his 24-point).
HEAD: Final = 24
#: The opponent's head, in the mover's numbering.
OPP_HEAD: Final = 12

#: Values of the ``head_exception`` option.
HEAD_EXCEPTIONS = ("6-4-3", "6-4", "any-blocked-double", "head-only")
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


def lone_checker_stop(start: State, die: int) -> int:
    """Where a lone checker leaving the head with four moves of ``die`` is stopped.

    0 when it can play the whole roll, the closed point that stops it, or -1
    when it would have to leave the board (on a first turn nothing can be
    borne off).
    """
    for k in range(1, 5):
        x = HEAD - k * die
        if x < 1:
            return -1
        if start[x] < 0:
            return x
    return 0


def head_limit(start: State, double: int, head_exception: str, checkers: int) -> int:
    """The head rule: how many checkers may leave the head this turn.

    One per turn, except on a player's first turn (all his ``checkers`` still
    on the head) with a double that ``head_exception`` lets through: then
    two, because the opponent's head stops a single checker. ``double`` is
    the number of the double rolled (0 for a non-double). The exceptions:
    ``"6-4-3"`` 6-6, 4-4 and 3-3; ``"6-4"`` 6-6 and 4-4; ``"any-blocked-double"``
    any double that one checker leaving the head cannot play in full;
    ``"head-only"`` a double whose lone checker is stopped by the
    opponent's head itself.
    """
    if not double or start[HEAD] != checkers:
        return 1
    if head_exception == "6-4-3":
        return 2 if double in (6, 4, 3) else 1
    if head_exception == "6-4":
        return 2 if double in (6, 4) else 1
    stop = lone_checker_stop(start, double)
    if head_exception == "any-blocked-double":
        return 2 if stop else 1
    return 2 if stop == OPP_HEAD else 1


def head_allows(start_on_head: int, limit: int, board: list[int]) -> bool:
    """Whether the head rule allows the position reached: at most ``limit`` checkers left the head.

    ``start_on_head`` is how many stood on the head when the turn began
    (nothing ever lands on the head, so the difference is what left it).
    """
    return start_on_head - board[HEAD] <= limit


def in_block(board: list[int] | State, p: int) -> bool:
    """Whether the mover's point ``p`` is part of six or more consecutive points he holds.

    Consecutive along the opponent's route: the mover's 1 and 24 are
    neighbours, his 13 and 12 are not.
    """
    # The rule checks pass the search's board, a list: read as one, the
    # compiled build indexes it without a generic look-up.
    b = board if isinstance(board, list) else list(board)
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
    than at the start of the turn belongs to a block that the rule forbids.
    (:class:`TurnBlocks` judges it for one start and guard.)
    """
    s = state if isinstance(state, list) else list(state)  # (see in_block)
    return TurnBlocks(list(start), guard).allows(s)


class SixBlockAtEnd:
    """The six-block rule judged on each play's final position: a whole-play filter.

    What ``six_block_check="turn"`` asks (:func:`turn_blocks_allowed`) of
    every candidate play, with the guard of ``six_block`` worked out from
    the candidate's position. Nothing but a hit moves an opposing checker,
    so a candidate that hit nothing shares the start's guard.
    """

    def __init__(self, six_block: str) -> None:
        self.six_block = six_block

    def __call__(self, start: State, candidates: list[Candidate]) -> list[Candidate]:
        """The candidates the rule allows, in order."""
        six_block = self.six_block
        guard = six_block_guard(start, six_block)
        bar = start[OPP_BAR]
        first = list(start)
        at_start = TurnBlocks(first, guard)
        # The candidates handed back must be the very objects given (the
        # engine then keeps their keys): read as Any, compiled code does not
        # unpack a candidate into a native tuple and box a new one.
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
        """The rule as a kernel's end check for a turn of ``moves`` steps and no hits.

        Without a hit every play shares the start's guard, so the rule can
        be judged on the kernel's live board at each result
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
        #: The points the rule looks at: those no opposing checker has passed
        #: (``ROUTE[p] < guard``) and the mover may land on (a blot may be hit).
        self.points = [p for p in range(1, 25) if ROUTE[p] < guard and start[p] >= -1]

    def allows(self, board: list[int]) -> bool:
        """Whether the position on ``board`` keeps the six-block rule."""
        start = self.start
        for p in self.points:
            x = board[p]
            if x > start[p] and x > 0 and in_block(board, p):
                return False
        return True


class HeadAndSixBlock:
    """The rules judged after each step of a long-nardy turn: the head and six-block rules.

    Called with the board after a step (:data:`~nardy.rules.turn_rules.StepCheck`):
    refuses a step that takes more than ``limit`` checkers off the head this
    turn (``on_head`` stood there when it began), or one that lands inside a
    block the six-block rule forbids (``guard``: see :func:`six_block_guard`;
    0 when the rule is judged only at the end of the turn).
    """

    def __init__(self, on_head: int, limit: int, guard: int) -> None:
        self.on_head = on_head
        self.limit = limit
        self.guard = guard

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` that led to ``board`` is allowed."""
        if src == HEAD and not head_allows(self.on_head, self.limit, board):
            return False
        return dst == MOVER_OFF or six_block_allows(board, dst, self.guard)


def head_and_six_block_rule(
    start: State, double: int, head_exception: str, six_block: str, per_step: bool, checkers: int
) -> StepRule:
    """One long-nardy turn's step rule: the head rule, and the six-block rule when ``per_step``.

    ``double`` is the number of the double rolled (0 for a non-double); the
    other arguments are the variant's options. The head rule is the rule's
    floor on the head; the check watches the steps that land where the
    six-block rule may forbid a block (:data:`BEFORE` of the guard).
    """
    guard = six_block_guard(start, six_block) if per_step else 0
    limit = head_limit(start, double, head_exception, checkers)
    # The head rule is the rule's floor (a kernel counts it without a call);
    # the check then only ever refuses a step for the six-block rule.
    check = HeadAndSixBlock(start[HEAD], limit, guard)
    return StepRule(check, 0, BEFORE[guard], HEAD, start[HEAD] - limit)


class KushDoubleSteps:
    """The same rules for a Kush double, whose hits move the six-block guard.

    A hit sends an opposing checker to the bar, so the guard is worked out
    again from the board whenever the opponent's bar has grown since the
    turn began (``on_bar`` checkers were there). With ``per_step`` false the
    six-block rule is left to the end of the turn.
    """

    def __init__(
        self, on_head: int, limit: int, on_bar: int, six_block: str, per_step: bool
    ) -> None:
        self.on_head = on_head
        self.limit = limit
        self.on_bar = on_bar
        self.six_block = six_block
        self.per_step = per_step
        self.guard = 0

    def start(self, state: State) -> KushDoubleSteps:
        """Fix the guard of the position the turn starts from; returns self."""
        self.guard = six_block_guard(state, self.six_block)
        return self

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` that led to ``board`` is allowed."""
        if src == HEAD and not head_allows(self.on_head, self.limit, board):
            return False
        if dst == MOVER_OFF or not self.per_step:
            return True
        guard = (
            self.guard if board[OPP_BAR] == self.on_bar else six_block_guard(board, self.six_block)
        )
        return six_block_allows(board, dst, guard)


def kush_return(start: State, double: int) -> tuple[State, Steps] | None:
    """Kush's return from the bar: a double brings hit checkers back onto the head.

    On a double d-d the player may, instead of moving, return min(d, bar)
    of his checkers from the bar onto his head; not while an opposing
    checker stands there. Returns the resulting state and its steps
    (``bar/24`` once per checker), or ``None`` when there is nothing to
    return.
    """
    bar = start[MOVER_BAR]
    if not bar or start[HEAD] < 0:
        return None
    n = min(double, bar)
    t = list(start)
    t[MOVER_BAR] -= n
    t[HEAD] += n
    return tuple(t), ((MOVER_BAR, HEAD, double, False),) * n
