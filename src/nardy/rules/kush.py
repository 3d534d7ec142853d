"""Kush's own rules: hits on a double, and the return from the bar onto the head.

Kush is long nardy where a double hits: a checker that lands on a lone
opposing checker hits it and stops there for the rest of the turn (a
:class:`~nardy.rules.turn_rules.HitterRule` without a check). Checkers on
the bar do not enter with the dice: on a double the mover may instead
bring them back onto his head (:func:`kush_return`,
:data:`~nardy.rules.board.RETURN`, the bar model), which the board allows
while no opposing checker holds the head (:func:`may_return`). A hit
sends an opposing checker back, which moves the six-block guard
(:mod:`nardy.rules.six_block`): :class:`KushDoubleSteps` is the head and
six-block rules as a double's step check.
"""

from __future__ import annotations

from typing import Any, Final

from nardy.rules.board import HEAD, MOVER_BAR, MOVER_OFF, OPP_BAR, State, Steps
from nardy.rules.head import head_allows, head_floor
from nardy.rules.six_block import (
    blocks_allowed,
    six_block_allows,
    six_block_guard,
    six_block_watch,
)
from nardy.rules.turn_rules import ALL_POINTS, StepRule, with_changes

__all__ = [
    "RETURN_POINT",
    "KushDoubleSteps",
    "kush_double_rule",
    "kush_return",
    "may_return",
    "six_block_watch",
    "turn_allows",
]

# six_block_watch (now the six-block module's) and turn_allows lived here and
# are still importable from here. (Kush's doubles are searched by the
# engine's one search, native or Python, like every other turn.)

#: Where a checker on the bar comes back: the mover's head, his 24-point
#: (:data:`nardy.rules.board.HEAD`).
RETURN_POINT: Final = HEAD


def may_return(board: list[int]) -> bool:
    """Whether the board allows a return from the bar: a checker of the mover's waits there and the head is open.

    Kush's return uses no die (a double lets the player make returns instead
    of moves, :func:`kush_return`); only an opposing checker on the head
    stops it.
    """
    return board[MOVER_BAR] > 0 and board[RETURN_POINT] >= 0


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

    def replace(self, **changes: Any) -> KushDoubleSteps:
        """A copy with fields changed (``on_head``, ``limit``, ``on_bar``, ``six_block``, ``per_step``, ``guard``)."""
        fields = {
            "on_head": self.on_head,
            "limit": self.limit,
            "on_bar": self.on_bar,
            "six_block": self.six_block,
            "per_step": self.per_step,
            "guard": self.guard,
        }
        new = with_changes("KushDoubleSteps", fields, changes)
        copy = KushDoubleSteps(
            new["on_head"], new["limit"], new["on_bar"], new["six_block"], new["per_step"]
        )
        copy.guard = new["guard"]
        return copy

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


def turn_allows(start: list[int], board: list[int], guard: int, watch: int) -> bool:
    """The six-block rule on a turn's final position, on the points of ``watch`` (bit p for point p).

    :func:`~nardy.rules.six_block.blocks_allowed` with the points as a set.
    """
    return blocks_allowed(start, board, guard, [p for p in range(1, 25) if (watch >> p) & 1])


# The double rules made so far, by what they depend on (see kush_double_rule).
_DOUBLE_RULES: Final[dict[tuple[int, int, int, str, bool, int], StepRule]] = {}
# The most of them kept.
_MOST_RULES: Final = 4096


def kush_double_rule(start: State, limit: int, six_block: str, per_step: bool) -> StepRule:
    """One Kush double's step rule: the head rule, and the six-block rule when ``per_step``.

    ``limit`` checkers may leave the head (:func:`~nardy.rules.head.head_limit`);
    the other arguments are the variant's options. The check is
    :class:`KushDoubleSteps`; the rule declares its floor on the head
    (:func:`~nardy.rules.head.head_floor`) and its six-block rule
    (:attr:`StepRule.six_block <nardy.rules.turn_rules.StepRule.six_block>`,
    ``"off"`` unless ``per_step``), which a search may apply itself, the
    guard moving with each hit.
    """
    guard = six_block_guard(start, six_block)
    # A few rules serve every double: each is made once (a rule is never
    # changed), and a search that remembers what it made of a rule object
    # (the native core's table) finds it again.
    tag = (start[HEAD], limit, start[OPP_BAR], six_block, per_step, guard)
    rule = _DOUBLE_RULES.get(tag)
    if rule is None:
        if len(_DOUBLE_RULES) >= _MOST_RULES:
            _DOUBLE_RULES.clear()
        check = KushDoubleSteps(start[HEAD], limit, start[OPP_BAR], six_block, per_step)
        check.guard = guard  # (what check.start(start) works out)
        declared = six_block if per_step else "off"
        floor = head_floor(start, limit)
        rule = StepRule(check, 1 << HEAD, ALL_POINTS, HEAD, floor, declared, guard)
        _DOUBLE_RULES[tag] = rule
    return rule


def kush_return(start: State, double: int) -> tuple[State, Steps] | None:
    """Kush's return from the bar: a double brings hit checkers back onto the head.

    On a double d-d the player may, instead of moving, return min(d, bar)
    of his checkers from the bar onto his head; not while an opposing
    checker stands there. Returns the resulting state and its steps
    (``bar/24`` once per checker), or ``None`` when there is nothing to
    return.
    """
    if start[MOVER_BAR] <= 0 or start[RETURN_POINT] < 0:  # (may_return, on the start tuple)
        return None
    t = list(start)
    n = min(double, t[MOVER_BAR])
    t[MOVER_BAR] -= n
    t[RETURN_POINT] += n
    return tuple(t), ((MOVER_BAR, RETURN_POINT, double, False),) * n
