"""Named step rules: rules judged after each step, as small frozen data a search can run by name.

A :class:`~nardy.rules.turn_rules.StepRule` may declare which named rules
it is (:attr:`StepRule.named <nardy.rules.turn_rules.StepRule.named>`): a
promise that its check refuses a step exactly when one of them does. A
search that knows these rules (the native core, :mod:`nardy.engine.table`)
may then judge them itself, from their fields, instead of calling the
check. Each rule's ``check`` is its one Python statement, judged on the
board *after* the step (mover's frame), given the step's source (25 the
bar, 26 the pool), destination (0 off) and whether it hit.

The head rule's floor, the six-block rule after each step and tabula's
second-half rule are declared by :class:`~nardy.rules.turn_rules.StepRule`'s
own fields (``floor_point``/``floor``, ``six_block``, ``waiting``); the
rules here are the others of the built-in variants: acey-deucey's three
restrictions, fevga's starting rules (and its trapping primes, when
forbidden, as :class:`SixBlockAfterStep`), the points held judged after
every step (:class:`MaxHeldAlways`), and the head rule with its limit
read from the turn's start (:class:`HeadLimit`), which a variant declares
for a roll whatever the position (:class:`~nardy.rules.turn_rules.RollRules`).
"""

from __future__ import annotations

import attrs

from nardy.errors import EngineError, InvalidOptionError
from nardy.rules.board import FROM_POOL, HEAD, MOVER_BAR, MOVER_OFF, State
from nardy.rules.head import OPP_HEAD, lone_checker_stop
from nardy.rules.six_block import SIX_BLOCK_RULES, six_block_allows, six_block_guard

__all__ = [
    "HEAD_LIMIT_MODES",
    "HeadFloor",
    "HeadLimit",
    "HitsNeedHome",
    "Locked",
    "LoneStarter",
    "MaxHeld",
    "MaxHeldAlways",
    "PoolFirst",
    "SixBlockAfterStep",
    "home_before",
    "passed_opponent_start",
]


def home_before(board: list[int], src: int, dst: int) -> bool:
    """Whether the mover had a checker on his 1-6 or borne off before the step ``src`` -> ``dst``.

    ``board`` is the state after the step (mover's frame). Within a segment
    this never turns false again: the mover's checkers only move on, and
    none of them is hit while he moves.
    """
    if board[MOVER_OFF] > 0 or 1 <= src <= 6:
        return True
    return any(board[p] > (1 if p == dst else 0) for p in range(1, 7))


def passed_opponent_start(board: list[int] | tuple[int, ...]) -> bool:
    """Whether one of the mover's checkers has passed the opponent's start in fevga: on his 1-11, or borne off."""
    if board[MOVER_OFF] > 0:
        return True
    for p in range(1, 12):  # noqa: SIM110 (a loop is faster than any() here)
        if board[p] > 0:
            return True
    return False


@attrs.frozen
class Locked:
    """Acey-deucey's opening lock: every step is refused, so the roll is a pass."""

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Never allowed."""
        return False


@attrs.frozen
class PoolFirst:
    """Acey-deucey's ``entering="all-first"``: while a checker of the mover's waits in his pool, only entries.

    A step whose source is neither the pool nor the bar is refused while
    the mover's pool (``board[pool]``, on the board after the step) is not
    empty. ``pool`` is the state index of the mover's pool
    (:func:`nardy.rules.movement.pool_index`).
    """

    #: The state index of the mover's pool count.
    pool: int

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the step enters a checker, or the pool is empty."""
        return src in (FROM_POOL, MOVER_BAR) or board[self.pool] <= 0


@attrs.frozen
class HitsNeedHome:
    """Acey-deucey's ``hitting="after-home"``: a step may hit only once a checker of the mover's is home.

    A step that hit is refused unless, before it, the mover had a checker
    on his 1-6 or borne off (:func:`home_before`); a step that did not hit
    is never refused.
    """

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the step did not hit, or a checker was home before it."""
        return not hit or home_before(board, src, dst)


@attrs.frozen
class LoneStarter:
    """Fevga's starting checker: until one has passed the opponent's start, one checker at most leaves the 24-point.

    Judged on the steps that leave the mover's 24-point: refused when none
    of his checkers has passed the opponent's starting point
    (:func:`passed_opponent_start`) and more than one of his ``checkers``
    is away from his 24-point.
    """

    #: The mover's checkers in all.
    checkers: int

    def allows(self, board: list[int] | tuple[int, ...]) -> bool:
        """The rule on a position: a checker has passed, or at most one is away from the 24-point."""
        return passed_opponent_start(board) or self.checkers - max(board[HEAD], 0) <= 1

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the step does not leave the 24-point, or the rule holds after it."""
        return src != HEAD or self.allows(board)


def _holds_at_most(board: list[int] | tuple[int, ...], points: int, most: int) -> bool:
    """The mover holds at most ``most`` of ``points`` (bit p for point p): :class:`MaxHeld` and :class:`MaxHeldAlways`."""
    held = 0
    for p in range(1, 25):
        if (points >> p) & 1 and board[p] > 0:
            held += 1
    return held <= most


@attrs.frozen
class MaxHeld:
    """Fevga's starting quarter, as a rule on any set of points: the mover holds at most ``most`` of ``points``.

    Judged on the steps that land on one of ``points`` (bit p for point
    p): refused when, after the step, the mover holds more than ``most``
    of them. Fevga's is ``MaxHeld(QUARTER, 5)``: never all six of 19-24.
    """

    #: The points (bit p for point p).
    points: int
    #: How many of them the mover may hold.
    most: int

    def allows(self, board: list[int] | tuple[int, ...]) -> bool:
        """The rule on a position: the mover holds at most :attr:`most` of :attr:`points`."""
        return _holds_at_most(board, self.points, self.most)

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the step lands elsewhere, or the rule holds after it."""
        return not (self.points >> dst) & 1 or self.allows(board)


@attrs.frozen
class MaxHeldAlways:
    """At most ``most`` of ``points`` held after every step, whatever the mover held before it.

    A state check judged on every step, wherever it lands (bear-offs too):
    refused when, after the step, the mover holds more than ``most`` of
    ``points`` (bit p for point p). From a position already over the limit
    only a step that brings it back within the limit is allowed, unlike
    :class:`MaxHeld`, which judges only the steps landing on the points.
    Moultezim's quarter rule is this rule on the mover's 7-12 (four at
    most, or five), his 19-24 or his 1-6 (five at most). The native core
    reads it as step rule code 10.
    """

    #: The points (bit p for point p).
    points: int
    #: How many of them the mover may hold.
    most: int

    def allows(self, board: list[int] | tuple[int, ...]) -> bool:
        """The rule on a position: the mover holds at most :attr:`most` of :attr:`points`."""
        return _holds_at_most(board, self.points, self.most)

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the rule holds after the step."""
        return self.allows(board)


@attrs.frozen
class SixBlockAfterStep:
    """The six-block rule of ``option`` judged after each step (:mod:`nardy.rules.six_block`).

    A step landing on a point (not off) is refused when, on the board after
    it, that point belongs to a block of six the rule forbids: ``not
    six_block_allows(board, dst, six_block_guard(board, option))``. Fevga's
    ``trap_prime="forbidden"`` is this rule with ``"ahead"``.
    """

    #: The six-block option: ``"ahead"``, ``"home"`` or ``"off"`` (:data:`~nardy.rules.six_block.SIX_BLOCK_RULES`).
    option: str

    def __attrs_post_init__(self) -> None:
        if self.option not in SIX_BLOCK_RULES:
            raise InvalidOptionError(
                f"SixBlockAfterStep: option is one of {', '.join(map(repr, SIX_BLOCK_RULES))},"
                f" not {self.option!r}"
            )

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the step bears off, or its landing point is in no forbidden block."""
        return dst == MOVER_OFF or six_block_allows(board, dst, six_block_guard(board, self.option))


#: :attr:`HeadLimit.mode`'s values: the doubles of a bitmask, or one of the two exceptions that read the board.
HEAD_LIMIT_MODES = ("doubles", "any-blocked-double", "head-only")
# The doubles a HeadLimit's bitmask may name: bits 1..6.
_DOUBLES = 0x7E


@attrs.frozen
class HeadFloor:
    """The head rule as a floor: a step from ``point`` that leaves fewer than ``least`` checkers there is refused.

    What :class:`HeadLimit` is on one turn's start (:meth:`HeadLimit.begin`):
    nothing ever lands on the head, so at most ``limit`` checkers have left
    it exactly while it keeps ``start[point] - limit``.
    """

    #: The head.
    point: int
    #: The fewest checkers it may keep this turn.
    least: int

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Allowed when the step does not leave the head, or the head keeps ``least`` after it."""
        return src != self.point or board[self.point] >= self.least


@attrs.frozen
class HeadLimit:
    """The head rule of long nardy and Kush, its limit read from the turn's start: data of the roll, not of the position.

    One checker may leave the head (``point``) a turn; two on the mover's
    first turn (all his ``checkers`` still on the head) when the roll is a
    double (``double``; 0 for a non-double) that the exception lets through:
    with ``mode="doubles"`` the doubles of the bitmask ``doubles`` (bit d
    for d-d: ``"6-4-3"`` is bits 6, 4 and 3), with
    ``"any-blocked-double"`` any double whose lone checker leaving the head
    cannot play it in full, with ``"head-only"`` one whose lone checker is
    stopped by the opponent's head (:func:`~nardy.rules.head.lone_checker_stop`;
    these two read the board and speak of the head at 24). It is
    :func:`~nardy.rules.head.head_limit` as data: the native core reads the
    same fields (step rule code 9).

    The rule reads the turn's start, so a search judges it from
    :meth:`begin` (the :class:`HeadFloor` it is on that start); :meth:`check`
    alone cannot judge a step and refuses to be asked.
    """

    #: The mover's checkers in all (all of them on the head: a first turn).
    checkers: int
    #: The number of the double rolled, 0 for a non-double.
    double: int
    #: With ``mode="doubles"``: the first-turn doubles that let two leave (bit d for d-d).
    doubles: int = 0
    #: ``"doubles"``, ``"any-blocked-double"`` or ``"head-only"`` (:data:`HEAD_LIMIT_MODES`).
    mode: str = "doubles"
    #: The head.
    point: int = HEAD

    def __attrs_post_init__(self) -> None:
        if self.mode not in HEAD_LIMIT_MODES:
            raise InvalidOptionError(
                f"HeadLimit: mode is one of {', '.join(map(repr, HEAD_LIMIT_MODES))},"
                f" not {self.mode!r}"
            )
        board_mode = self.mode != "doubles"
        if (
            not 1 <= self.point <= 24
            or not 0 <= self.double <= 6
            or self.doubles & ~_DOUBLES
            or (board_mode and (self.doubles or self.point != HEAD))
        ):
            raise InvalidOptionError(
                f"HeadLimit: point 1..24, double 0..6, doubles a mask of bits 1..6 (0 and the"
                f" head at {HEAD} with a board-reading mode), not {self!r}"
            )

    def limit(self, start: State) -> int:
        """How many checkers may leave the head this turn from ``start``: 1, or 2 on a first turn's exceptional double."""
        double = self.double
        if not double or start[self.point] != self.checkers:
            return 1
        if self.mode == "doubles":
            return 2 if (self.doubles >> double) & 1 else 1
        stop = lone_checker_stop(start, double)
        if self.mode == "any-blocked-double":
            return 2 if stop else 1
        return 2 if stop == OPP_HEAD else 1

    def begin(self, start: State) -> HeadFloor:
        """The rule on the turn from ``start``: the floor ``start[point]`` less :meth:`limit` on the head."""
        return HeadFloor(self.point, start[self.point] - self.limit(start))

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Refused: the rule reads the turn's start; judge :meth:`begin`'s floor instead."""
        raise EngineError(f"{self!r} reads the turn's start: judge HeadLimit.begin(start) instead")
