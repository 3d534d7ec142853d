"""Rules of the Greek and Turkish games beyond the shared data.

Tavla's frozen hitter, plakoto's mother checker, and fevga's starting
checker, starting quarter and trapping primes, each a small function or
callable of the plain-int state (:mod:`nardy.engine.state`, mover's frame:
he travels 24 -> 1 and his starting point is his 24-point). Fevga moves
round the board the way long nardy does, so its primes are long nardy's
six-point blocks (:mod:`nardy.rules.six_block`).
"""

from __future__ import annotations

from typing import Any, Final

from nardy.rules.board import (
    BASE_SIZE,
    EXTRA_BYTES,
    HEAD,
    MOVER_OFF,
    OPP_PINNED,
    PINNED,
    ZERO,
    Candidate,
    State,
)
from nardy.rules.named import LoneStarter, MaxHeld, SixBlockAfterStep, passed_opponent_start
from nardy.rules.six_block import BEFORE, ROUTE, six_block_allows, six_block_guard
from nardy.rules.turn_rules import HitterRule, NamedChecks, NamedStep, StepRule, with_changes

__all__ = [
    "DRAW",
    "FEVGA_QUARTER",
    "MOTHER_EXCEPTIONS",
    "MOVER_WINS",
    "OPEN_TRAP",
    "OPPONENT_WINS",
    "PLAY_ON",
    "QUARTER",
    "START",
    "TRAP_PRIMES",
    "FevgaSteps",
    "OpenTrap",
    "fevga_roll_step_rule",
    "fevga_step_rule",
    "home_hit_stops",
    "mother_verdict",
    "mother_verdict_packed",
    "mothers_both_pinned_packed",
    "quarter_allows",
    "start_allows",
    "trapped",
]

#: Every side's checkers start on its own 24-point (plakoto and fevga):
#: :data:`nardy.rules.board.HEAD`.
START: Final = HEAD
#: Fevga's starting quarter: the mover's points 19-24, as a set (bit p for point p).
QUARTER: Final = sum(1 << p for p in range(19, 25))
#: Values of plakoto's ``mother_exception`` option.
MOTHER_EXCEPTIONS = ("own-start", "none")
#: Values of fevga's ``trap_prime`` option.
TRAP_PRIMES = ("open", "forbidden", "allowed")
# fevga_step_rule's rules, by its checkers, guard and watched points (a tag).
_STEP_RULES: Final[dict[int, StepRule]] = {}
# Fevga's roll step rules, by (checkers, forbid_trap) (fevga_roll_step_rule).
_ROLL_STEP_RULES: Final[dict[tuple[int, bool], StepRule]] = {}

# home_hit_stops's rule.
_HOME_HIT_STOPS: Final = HitterRule(6)

#: :func:`mother_verdict`: the game goes on.
PLAY_ON: Final = 0
#: :func:`mother_verdict`: the side to move (whose frame the state is in) wins.
MOVER_WINS: Final = 1
#: :func:`mother_verdict`: the other side wins.
OPPONENT_WINS: Final = 2
#: :func:`mother_verdict`: both mothers lie pinned.
DRAW: Final = 3

# The opponent's starting point in the mover's numbering (mirror geometry).
_OPP_START: Final = 1
# Where a packed state keeps the pin of each side's mother: the byte of its
# bit in the side's set of pins (EXTRA_BYTES little-endian bytes a set), and
# the bit in that byte.
_MINE_BYTE: Final = BASE_SIZE + EXTRA_BYTES * (PINNED - BASE_SIZE) + START // 8
_MINE_BIT: Final = 1 << (START % 8)
_THEIRS_BYTE: Final = BASE_SIZE + EXTRA_BYTES * (OPP_PINNED - BASE_SIZE) + _OPP_START // 8
_THEIRS_BIT: Final = 1 << (_OPP_START % 8)


def home_hit_stops() -> HitterRule:
    """Tavla's home-hit rule: a checker that hits on the mover's points 1-6 stops there.

    It may not move again in that turn (not with the other die, not with the
    later moves of a double, not by bearing off); any other checker may.
    (One rule object serves every turn: a rule object is never changed.)
    """
    return _HOME_HIT_STOPS


def mother_verdict(state: State, exception: str) -> int:
    """Plakoto's mother rule on the position after a whole play.

    A side's *mother* is its last checker on its own starting point. If both
    mothers lie pinned the game is drawn (:data:`DRAW`). If one lies pinned,
    the side that pins it wins (:data:`MOVER_WINS` or :data:`OPPONENT_WINS`)
    once it has no checker of its own left on its own starting point, free
    or pinned; with ``exception`` ``"none"`` it wins at once. Otherwise
    :data:`PLAY_ON`. A pinned checker on a side's starting point is always
    its mother: a second checker there would hold the point.
    """
    return _verdict(
        (state[PINNED] >> START) & 1,
        (state[OPP_PINNED] >> _OPP_START) & 1,
        state[START],
        state[_OPP_START],
        exception,
    )


def mother_verdict_packed(packed: bytes, exception: str) -> int:
    """:func:`mother_verdict` read from a packed state (:mod:`nardy.engine.state`).

    The same rule: the four numbers it looks at (each mother's pin and each
    starting point's count) read from the bytes instead of the state. The
    game's end is asked for every set of legal plays, and nearly always
    neither mother is pinned: two bits of the packed pins say so at once.
    """
    mine = packed[_MINE_BYTE] & _MINE_BIT
    theirs = packed[_THEIRS_BYTE] & _THEIRS_BIT
    if not (mine or theirs):
        return PLAY_ON
    return _verdict(mine, theirs, packed[START] - ZERO, packed[_OPP_START] - ZERO, exception)


def mothers_both_pinned_packed(packed: bytes) -> bool:
    """Both mothers lie pinned, read from a packed state: a game no side can ever win.

    A pinned mother stands on her own starting point, outside her side's
    home board, so that side can never bear off again; and the stack that
    pins her stands on its own side's 1-point, from where a checker only
    leaves by bearing off, so the pin is never released. With both mothers
    pinned neither side can ever bear off, whatever the mother rule says:
    plakoto and tapa end such a game as a draw even with the rule off.
    """
    return bool(packed[_MINE_BYTE] & _MINE_BIT and packed[_THEIRS_BYTE] & _THEIRS_BIT)


def _verdict(mine: int, theirs: int, on_start: int, on_opp_start: int, exception: str) -> int:
    """:func:`mother_verdict` on what it looks at: the two pins, the two starting points' counts."""
    if mine and theirs:
        return DRAW
    at_once = exception == "none"
    if theirs and (at_once or on_start <= 0):
        return MOVER_WINS
    if mine and (at_once or on_opp_start >= 0):
        return OPPONENT_WINS
    return PLAY_ON


def start_allows(board: list[int] | State, checkers: int) -> bool:
    """Fevga's starting-checker rule, judged on the position after a step (:class:`~nardy.rules.named.LoneStarter`).

    Until one of the mover's checkers has passed the opponent's starting
    point (stands on his points 1-11, or has been borne off), at most one of
    his ``checkers`` may be away from his 24-point.
    """
    return LoneStarter(checkers).allows(board)


#: Fevga's starting quarter as a named rule: never all six of 19-24.
FEVGA_QUARTER: Final = MaxHeld(QUARTER, 5)


def quarter_allows(board: list[int] | State) -> bool:
    """Fevga's starting quarter: the mover may never hold all six of his points 19-24 (:data:`FEVGA_QUARTER`)."""
    return FEVGA_QUARTER.allows(board)


def trapped(state: list[int] | State) -> bool:
    """Whether the mover holds a trapping prime in fevga.

    Six consecutive points he holds along the opponent's route with no
    opposing checker ahead of them (every opposing checker still has to get
    past): long nardy's six-block rule with ``"ahead"``.
    """
    # Usually the turn's start, a tuple: read as one (see six_block_guard).
    board = state if isinstance(state, tuple) else tuple(state)
    # The point with route number q is ROUTE[q]. Six consecutive route
    # numbers hold one multiple of six, so a run of six held points holds
    # route number 6, 12, 18 or 24: only the runs through those are walked
    # (a run of six is rare, and only then is the guard worked out).
    guard = -1
    high = 0
    for anchor in range(6, 25, 6):
        if anchor <= high or board[ROUTE[anchor]] <= 0:
            continue  # (in the run walked before, or not held)
        low = anchor
        while low > 1 and board[ROUTE[low - 1]] > 0:
            low -= 1
        high = anchor
        while high < 24 and board[ROUTE[high + 1]] > 0:
            high += 1
        if high - low >= 5:
            if guard < 0:
                guard = six_block_guard(board, "ahead")
            # The run's first block has the lowest route numbers: no opposing
            # checker has passed it when its first is below the guard.
            if low < guard:
                return True
    return False


def fevga_step_rule(
    start: State, checkers: int, forbid_trap: bool, moves: int, low: int = 1
) -> StepRule:
    """One fevga turn's step rule: :class:`FevgaSteps`, watching only what can refuse a step.

    ``moves``: how many steps the roll gives; ``low``: its lowest die. The
    rule watches the steps that leave the starting point while no checker
    has passed the opponent's start, those that land in the starting
    quarter while the mover could fill it this turn (no opposing checker
    there, at most ``moves`` of its points empty, since a step fills one
    point at most, and each of them a point a step can land on: at most
    ``24 - low``, so never the 24-point) and, with ``forbid_trap``
    (``trap_prime="forbidden"``), those that land where a trapping prime
    may be made.
    """
    # A checker that has passed stays passed: then the rule never refuses.
    watch_from = 0 if passed_opponent_start(start) else 1 << START
    empty = 0
    for p in range(19, 25):
        c = start[p]
        if c < 0 or (c == 0 and p > START - low):
            empty = moves + 1  # an opposing checker there, or a point no step fills
            break
        if c == 0:
            empty += 1
    watch_to = QUARTER if empty <= moves else 0
    guard = six_block_guard(start, "ahead") if forbid_trap else 0
    watch_to |= BEFORE[guard]
    # A few rules serve every turn: each is made once (a rule is never changed).
    tag = (((((checkers << 5) | guard) << 25) | watch_to) << 1) | (watch_from >> START)
    rule = _STEP_RULES.get(tag)
    if rule is None:
        # Declared as its named rules (the trapping primes only where a guard can refuse).
        named = (LoneStarter(checkers), FEVGA_QUARTER) + (SixBlockAfterStep("ahead"),) * bool(guard)
        check = FevgaSteps(checkers, guard)
        rule = _STEP_RULES[tag] = StepRule(check, watch_from, watch_to, named=named)
    return rule


def fevga_roll_step_rule(checkers: int, forbid_trap: bool) -> StepRule:
    """Fevga's step rule whatever the position, for a roll's rules (:meth:`Variant.roll_rules <nardy.Variant.roll_rules>`).

    What :func:`fevga_step_rule` is on every start, declared by name: the
    starting checker (:class:`~nardy.rules.named.LoneStarter`), the starting
    quarter (:data:`FEVGA_QUARTER`) and, with ``forbid_trap``, no landing
    inside a trapping prime (:class:`~nardy.rules.named.SixBlockAfterStep`
    with ``"ahead"``, whose guard is read from the board after each step:
    nothing is hit in fevga, so it is the start's). The native core judges
    them itself; the rule is made once per ``(checkers, forbid_trap)``.
    """
    rule = _ROLL_STEP_RULES.get((checkers, forbid_trap))
    if rule is None:
        named: tuple[NamedStep, ...] = (LoneStarter(checkers), FEVGA_QUARTER)
        named += (SixBlockAfterStep("ahead"),) * forbid_trap
        rule = _ROLL_STEP_RULES[checkers, forbid_trap] = StepRule(NamedChecks(named), named=named)
    return rule


class FevgaSteps:
    """The rules judged after each step of a fevga turn.

    The starting-checker rule (when a checker leaves the 24-point), the
    starting quarter (when one lands on 19-23) and, with
    ``trap_prime="forbidden"``, no landing inside a trapping prime
    (``guard``: :func:`~nardy.rules.six_block.six_block_guard` of the
    position the turn started from; 0 turns it off).
    """

    def __init__(self, checkers: int, guard: int) -> None:
        self.checkers = checkers
        self.guard = guard
        self.starter = LoneStarter(checkers)

    def replace(self, **changes: Any) -> FevgaSteps:
        """A copy with fields changed (``checkers``, ``guard``)."""
        fields = {"checkers": self.checkers, "guard": self.guard}
        new = with_changes("FevgaSteps", fields, changes)
        return FevgaSteps(new["checkers"], new["guard"])

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` that led to ``board`` is allowed."""
        if not self.starter.check(board, src, dst, False):
            return False
        if dst == MOVER_OFF:
            return True
        if not FEVGA_QUARTER.check(board, src, dst, False):
            return False
        # (SixBlockAfterStep("ahead"), with the start's guard: nothing is hit in fevga.)
        return six_block_allows(board, dst, self.guard)


class OpenTrap:
    """Fevga's ``trap_prime="open"``: a player whose trapping prime holds at the start must open it if any play can.

    A whole-play filter (:data:`~nardy.rules.turn_rules.PlayFilter`): when
    the turn's start is :func:`trapped`, it keeps the candidates whose
    position is not, if there are any, else all of them; from any other
    start it keeps them all (a play may then make a trap: it must be opened
    on the next turn).
    """

    def __call__(self, start: State, candidates: list[Candidate]) -> list[Candidate]:
        """The candidates that open the trap, or all of them when none does or the start holds none."""
        if not trapped(start):
            return candidates
        opened = [c for c in candidates if not trapped(c[0])]
        return opened or candidates


#: The one :class:`OpenTrap` filter (it holds nothing).
OPEN_TRAP: Final = OpenTrap()
