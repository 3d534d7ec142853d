"""Long nardy's rules beyond the shared data: the head and six-block rules of one turn.

In the mover's numbering his head (where all his checkers start) is his
24-point and the opponent's head is his 12-point; the opponent runs, in the
mover's numbering, 12 -> 1 -> 24 -> 13. The rules themselves live one to a
module: the head rule in :mod:`nardy.rules.head`, the six-block rule in
:mod:`nardy.rules.six_block`, Kush's own in :mod:`nardy.rules.kush`. This
module puts the first two together into one turn's step rule
(:func:`head_and_six_block_rule`), and still offers every name it used to
hold. Each rule is a function of the position reached and the position the
turn started from, never of the order of the steps, which both searches
rely on (a node reached by two orders of the same steps is searched once).
"""

from __future__ import annotations

from typing import Any, Final

from nardy.rules.board import HEAD, MOVER_OFF, State
from nardy.rules.head import (
    HEAD_EXCEPTIONS,
    OPP_HEAD,
    head_allows,
    head_floor,
    head_limit,
    lone_checker_stop,
)
from nardy.rules.kush import KushDoubleSteps, kush_return
from nardy.rules.named import HeadLimit, SixBlockAfterStep
from nardy.rules.six_block import (
    BEFORE,
    ROUTE,
    SIX_BLOCK_CHECKS,
    SIX_BLOCK_RULES,
    SixBlockAtEnd,
    TurnBlocks,
    block_within_reach,
    in_block,
    six_block_allows,
    six_block_guard,
    turn_blocks_allowed,
)
from nardy.rules.turn_rules import NamedStep, StepRule, with_changes

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
    "head_limit_of",
    "in_block",
    "kush_return",
    "lone_checker_stop",
    "roll_step_rule",
    "six_block_allows",
    "six_block_guard",
    "turn_blocks_allowed",
]


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

    def replace(self, **changes: Any) -> HeadAndSixBlock:
        """A copy with fields changed (``on_head``, ``limit``, ``guard``)."""
        fields = {"on_head": self.on_head, "limit": self.limit, "guard": self.guard}
        new = with_changes("HeadAndSixBlock", fields, changes)
        return HeadAndSixBlock(new["on_head"], new["limit"], new["guard"])


# The step rules made so far, by what they depend on (see head_and_six_block_rule).
_STEP_RULES: Final[dict[tuple[int, int, int, str], StepRule]] = {}
# The most of them kept (on-head counts, limits, guards: a few hundred at most).
_MOST_RULES: Final = 4096


def head_and_six_block_rule(
    start: State, double: int, head_exception: str, six_block: str, per_step: bool, checkers: int
) -> StepRule:
    """One long-nardy turn's step rule: the head rule, and the six-block rule when ``per_step``.

    ``double`` is the number of the double rolled (0 for a non-double); the
    other arguments are the variant's options. The head rule is the rule's
    floor on the head; the check watches the steps that land where the
    six-block rule may forbid a block (:data:`BEFORE` of the guard), and the
    rule declares that six-block rule (:attr:`StepRule.six_block
    <nardy.rules.turn_rules.StepRule.six_block>`, ``"off"`` unless ``per_step``).
    """
    guard = six_block_guard(start, six_block) if per_step else 0
    limit = head_limit(start, double, head_exception, checkers)
    declared = six_block if per_step else "off"
    # A few rules serve every turn: each is made once (a rule is never
    # changed), and a search that remembers what it made of a rule object
    # (the native core's table) finds it again.
    tag = (start[HEAD], limit, guard, declared)
    rule = _STEP_RULES.get(tag)
    if rule is None:
        if len(_STEP_RULES) >= _MOST_RULES:
            _STEP_RULES.clear()
        # The head rule is the rule's floor (a search counts it without a call);
        # the check then only ever refuses a step for the six-block rule, which
        # the rule declares (a search may apply it itself: the native core does).
        check = HeadAndSixBlock(start[HEAD], limit, guard)
        floor = head_floor(start, limit)
        rule = _STEP_RULES[tag] = StepRule(check, 0, BEFORE[guard], HEAD, floor, declared, guard)
    return rule


# The doubles that let a second checker leave the head on a first turn, by
# head_exception (bit d for d-d); the other exceptions read the board.
_EXCEPTION_DOUBLES: Final = {"6-4-3": 1 << 6 | 1 << 4 | 1 << 3, "6-4": 1 << 6 | 1 << 4}


def head_limit_of(head_exception: str, checkers: int, double: int) -> HeadLimit:
    """The head rule of a roll (``double``: its number, 0 for a non-double) as data: :func:`head_limit` for every start.

    ``"6-4-3"`` and ``"6-4"`` are the doubles of a bitmask; the two other
    exceptions are the modes that read the board.
    """
    doubles = _EXCEPTION_DOUBLES.get(head_exception)
    if doubles is None:
        return HeadLimit(checkers, double, 0, head_exception)
    return HeadLimit(checkers, double, doubles)


class NamedChecks:
    """A step check that is its named rules: a step is allowed when each of them allows it.

    What a roll's step rule (:func:`roll_step_rule`) calls; a rule that
    reads the turn's start (:class:`~nardy.rules.named.HeadLimit`) refuses
    to judge until begun, so the Python search asks the per-turn hooks.
    """

    def __init__(self, named: tuple[NamedStep, ...]) -> None:
        self.named = named

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether every named rule allows the step ``src -> dst`` that led to ``board`` (no hit: blocking contact)."""
        return all(one.check(board, src, dst, False) for one in self.named)


def roll_step_rule(
    double: int, head_exception: str, six_block: str, per_step: bool, checkers: int
) -> StepRule:
    """A long-nardy roll's step rule whatever the position: the head rule as data, and the six-block rule when ``per_step``.

    What :func:`head_and_six_block_rule` is on every start, declared by
    name (:class:`~nardy.rules.named.HeadLimit` and
    :class:`~nardy.rules.named.SixBlockAfterStep`, whose guard is read from
    the board after each step) so that the native core works both out
    itself. The same for a Kush double, whose hits move the guard.
    """
    named: tuple[NamedStep, ...] = (head_limit_of(head_exception, checkers, double),)
    if per_step and six_block != "off":
        named += (SixBlockAfterStep(six_block),)
    return StepRule(NamedChecks(named), named=named)
