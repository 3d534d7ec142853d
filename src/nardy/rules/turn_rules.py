"""The per-turn rule objects a variant hands to the engine.

A variant's hooks (:meth:`~nardy.variants.base.Variant.step_rule`,
:meth:`~nardy.variants.base.Variant.hitter_rule`,
:meth:`~nardy.variants.base.Variant.play_filter`) return these for one position and
roll; the search kernels call them on the plain-int state
(:mod:`nardy.engine.state`). ``None`` from a hook means "no such rule", and
costs nothing in the search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from nardy.rules.board import Candidate, State

__all__ = [
    "ALL_POINTS",
    "EndRule",
    "FloorCheck",
    "HitterRule",
    "PlayFilter",
    "StepCheck",
    "StepRule",
]

#: ``(board, src, dst) -> allowed``: called with the state *after* the step
#: as a mutable list (mover's frame; do not change it), and the step's
#: source (25: the bar) and destination (0: off).
StepCheck = Callable[[list[int], int, int], bool]

#: ``(start, candidates) -> candidates``: a whole-play filter. It receives
#: every sequence of legal steps (complete or stopped early) as
#: ``(state, steps, dice used, pips used)``, in the order found, and returns
#: those that may be played; the maximum-use rule then chooses among them.
PlayFilter = Callable[[State, list[Candidate]], list[Candidate]]


#: Every point, the bar (25) and off (0): a step rule that watches all steps.
ALL_POINTS: Final = (1 << 26) - 1


class StepRule:
    """A rule judged after every single checker step of one turn.

    ``check`` is called for each step whose source is in ``watch_from`` or
    whose destination is in ``watch_to`` (bitmasks: bit p for point p, bit
    25 the bar, bit 0 off), so that a rule about the head or about a few
    landing points costs nothing for the other steps. A step it refuses is
    not playable; the maximum-use rule then chooses among what remains.

    ``floor_point`` and ``floor`` (optional): the mover's count on point
    ``floor_point`` may never fall below ``floor`` during the turn (long
    nardy's head rule: at most so many checkers leave the head). A kernel
    may test that itself, without a call, from ``base_check`` and the
    ``base_watch_*`` masks, which judge everything else; ``check`` and the
    ``watch_*`` masks judge both parts, for any kernel.
    """

    __slots__ = (
        "base_check",
        "base_watch_from",
        "base_watch_to",
        "check",
        "floor",
        "floor_point",
        "watch_from",
        "watch_to",
    )

    def __init__(
        self,
        check: StepCheck,
        watch_from: int = ALL_POINTS,
        watch_to: int = ALL_POINTS,
        floor_point: int = 0,
        floor: int = 0,
    ) -> None:
        self.base_check = check
        self.base_watch_from = watch_from
        self.base_watch_to = watch_to
        self.floor_point = floor_point
        self.floor = floor
        if floor_point:
            self.check: StepCheck = FloorCheck(check, watch_from, watch_to, floor_point, floor)
            self.watch_from = watch_from | (1 << floor_point)
        else:
            self.check = check
            self.watch_from = watch_from
        self.watch_to = watch_to

    def __repr__(self) -> str:
        floor = f", floor_point={self.floor_point}, floor={self.floor}" if self.floor_point else ""
        return (
            f"StepRule({getattr(self.base_check, '__name__', self.base_check)!s}, "
            f"watch_from={self.base_watch_from:#x}, watch_to={self.watch_to:#x}{floor})"
        )


class FloorCheck:
    """A step check with a :class:`StepRule`'s floor folded in: what kernels without floors call."""

    __slots__ = ("check", "floor", "floor_point", "watch_from", "watch_to")

    def __init__(
        self, check: StepCheck, watch_from: int, watch_to: int, floor_point: int, floor: int
    ) -> None:
        self.check = check
        self.watch_from = watch_from
        self.watch_to = watch_to
        self.floor_point = floor_point
        self.floor = floor

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` that led to ``board`` keeps the floor and passes ``check``."""
        if src == self.floor_point and board[src] < self.floor:
            return False
        if (self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1:
            return self.check(board, src, dst)
        return True


class HitterRule:
    """What a checker that hit may do for the rest of its turn.

    A hit on a point ``<= zone`` (6: only inside the mover's home board;
    24: anywhere) *marks* the checker that hit. A marked checker stays marked
    for the rest of the turn; each of its later steps must pass ``check``,
    or, when ``check`` is ``None``, it may not move again at all. Checkers
    are indistinguishable, so where marked and unmarked checkers share a
    point the search tries moving either kind.
    """

    __slots__ = ("check", "zone")

    def __init__(self, zone: int, check: StepCheck | None = None) -> None:
        self.zone = zone
        self.check = check

    def __repr__(self) -> str:
        name = "stops" if self.check is None else getattr(self.check, "__name__", self.check)
        return f"HitterRule(zone={self.zone}, {name})"


class EndRule:
    """A whole-play rule that judges each play alone, on its final position.

    A kernel asks :meth:`allows` with its live board at each result, so that
    no candidate is built for the rule. Subclass it and override
    :meth:`allows` (this base allows everything); compiled, the call is a
    native method call.
    """

    def allows(self, board: list[int]) -> bool:
        """Whether the play that reached ``board`` (mover's frame; do not change it) is allowed."""
        return True
