"""Slow, obviously-correct reference move generators for plakoto and fevga.

Written straight from ``shared/rules/tavli.md`` and independent of the
library's engine, like ``reference.py`` (which covers portes and tavla with
the backgammon family). Every checker of the side to move has an identity
(an index into a list of locations); every order of the dice and every
checker is tried at every step, with no pruning and no memoisation; the
maximum-use rule is applied to the candidate sequences afterwards and the
survivors are deduplicated by the position they produce.

The raw state is the library's documented form in the mover's frame:
``s[0]`` the mover's borne-off checkers, ``s[1..24]`` his points (> 0 his
free checkers, < 0 the opponent's free checkers), ``s[25]``/``s[26]`` the
bars (always 0 here), ``s[27]`` the opponent's borne-off checkers and, for
plakoto only, ``s[28]`` the points where one of the mover's checkers lies
pinned and ``s[29]`` those where one of the opponent's lies pinned (bit p
for point p).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = ["fevga_results", "plakoto_results"]

OFF = 0
CHECKERS = 15
START = 24


def _dice_orders(d1: int, d2: int) -> list[tuple[int, ...]]:
    """Two dice in either order; a double is four moves of its number."""
    return [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]


def _maximum_use(
    found: list[tuple[tuple[int, ...], tuple[int, ...]]], is_double: bool, must_play_higher: bool
) -> set[tuple[int, ...]]:
    """Keep the sequences that use the most dice (and the higher die, when only one can be used).

    ``found`` holds ``(dice used, resulting raw state)`` pairs; the result is
    the set of resulting states.
    """
    most = max(len(used) for used, _ in found)
    best = [(used, state) for used, state in found if len(used) == most]
    if most == 1 and not is_double and must_play_higher:
        higher = max(used[0] for used, _ in best)
        best = [(used, state) for used, state in best if used[0] == higher]
    return {state for _, state in best}


# --- plakoto ----------------------------------------------------------------


@dataclass(slots=True)
class _Plakoto:
    """A plakoto position with identified checkers for the mover.

    ``mine[i]`` is where his checker i stands (1..24, or :data:`OFF`) and
    ``pinned[i]`` whether it lies pinned there. The opponent's checkers are
    counted: ``theirs[p]`` free ones on the mover's point p, ``their_pins``
    the points where one of them lies pinned, ``their_off`` borne off.
    """

    mine: list[int]
    pinned: list[bool]
    theirs: list[int]
    their_pins: set[int] = field(default_factory=set)
    their_off: int = 0

    def copy(self) -> _Plakoto:
        return _Plakoto(
            self.mine[:], self.pinned[:], self.theirs[:], set(self.their_pins), self.their_off
        )

    def raw(self) -> tuple[int, ...]:
        s = [0] * 30
        for where, pinned in zip(self.mine, self.pinned):
            if where == OFF:
                s[0] += 1
            elif pinned:
                s[28] |= 1 << where
            else:
                s[where] += 1
        for p in range(1, 25):
            if self.theirs[p]:
                assert s[p] == 0, f"both colours free on point {p}"
                s[p] = -self.theirs[p]
        s[27] = self.their_off
        for p in self.their_pins:
            s[29] |= 1 << p
        return tuple(s)


def _plakoto_from_raw(s: Sequence[int]) -> _Plakoto:
    mine: list[int] = [OFF] * s[0]
    pinned: list[bool] = [False] * s[0]
    for p in range(1, 25):
        if s[p] > 0:
            mine += [p] * s[p]
            pinned += [False] * s[p]
        if s[28] >> p & 1:
            mine.append(p)
            pinned.append(True)
    theirs = [0] * 25
    for p in range(1, 25):
        if s[p] < 0:
            theirs[p] = -s[p]
    pins = {p for p in range(1, 25) if s[29] >> p & 1}
    return _Plakoto(mine, pinned, theirs, pins, s[27])


def _plakoto_open(board: _Plakoto, dst: int) -> bool:
    """A point is open unless two or more opposing free checkers hold it, or they pin one of mine there."""
    mine_pinned_there = any(w == dst and pin for w, pin in zip(board.mine, board.pinned))
    return board.theirs[dst] <= 1 and not mine_pinned_there


def _plakoto_steps(board: _Plakoto, die: int) -> list[tuple[int, int]]:
    """Every ``(checker, destination)`` a die allows: free checkers only; bear off when all home, none pinned."""
    may_bear_off = all(w == OFF or 1 <= w <= 6 for w in board.mine) and not any(board.pinned)
    out = []
    seen = set()  # free checkers on one point are interchangeable: move one of them
    for i, where in enumerate(board.mine):
        if where == OFF or board.pinned[i] or where in seen:
            continue
        seen.add(where)
        dst = where - die
        if dst >= 1:
            if _plakoto_open(board, dst):
                out.append((i, dst))
        elif may_bear_off and (dst == 0 or not any(where < w <= 6 for w in board.mine)):
            out.append((i, OFF))
    return out


def _plakoto_move(board: _Plakoto, checker: int, dst: int) -> _Plakoto:
    after = board.copy()
    src = after.mine[checker]
    after.mine[checker] = dst
    # Leaving a point releases the opposing checker pinned there once none of mine is left free.
    if src in after.their_pins and not any(
        w == src and not pin for w, pin in zip(after.mine, after.pinned)
    ):
        after.their_pins.discard(src)
        after.theirs[src] += 1
    # Landing on a lone free opposing checker pins it.
    if dst != OFF and after.theirs[dst] == 1:
        after.theirs[dst] = 0
        after.their_pins.add(dst)
    return after


def _plakoto_explore(
    board: _Plakoto,
    dice: tuple[int, ...],
    used: tuple[int, ...],
    out: list[tuple[tuple[int, ...], tuple[int, ...]]],
    visited: set[tuple[tuple[int, ...], int]],
) -> None:
    # The same position with the same dice left (in one dice order) has the
    # same sequences after it: explore it once.
    raw = board.raw()
    if (raw, len(dice)) in visited:
        return
    visited.add((raw, len(dice)))
    moved = False
    if dice:
        for checker, dst in _plakoto_steps(board, dice[0]):
            moved = True
            after = _plakoto_move(board, checker, dst)
            _plakoto_explore(after, dice[1:], (*used, dice[0]), out, visited)
    if not moved:
        out.append((used, raw))


def plakoto_results(
    raw_state: Sequence[int], roll: Iterable[int], must_play_higher: bool = True
) -> set[tuple[int, ...]]:
    """The raw states the legal plakoto plays lead to (turn not passed)."""
    d1, d2 = roll
    board = _plakoto_from_raw(raw_state)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for order in _dice_orders(d1, d2):
        _plakoto_explore(board, order, (), found, set())
    return _maximum_use(found, d1 == d2, must_play_higher)


# --- fevga ------------------------------------------------------------------

#: The opponent's route in the mover's numbering: from his start (my 12) to his last point (my 13).
ROUTE = [*range(12, 0, -1), *range(24, 12, -1)]


@dataclass(slots=True)
class _Fevga:
    """A fevga position: the mover's checkers identified, the opponent's counted."""

    mine: list[int]
    theirs: list[int]
    their_off: int

    def raw(self) -> tuple[int, ...]:
        s = [0] * 28
        for where in self.mine:
            s[where] += 1
        for p in range(1, 25):
            if self.theirs[p]:
                assert s[p] == 0, f"both colours on point {p}"
                s[p] = -self.theirs[p]
        s[27] = self.their_off
        return tuple(s)

    def held(self, p: int) -> bool:
        return p in self.mine


def _fevga_from_raw(s: Sequence[int]) -> _Fevga:
    mine = [OFF] * s[0]
    for p in range(1, 25):
        if s[p] > 0:
            mine += [p] * s[p]
    theirs = [0] * 25
    for p in range(1, 25):
        if s[p] < 0:
            theirs[p] = -s[p]
    return _Fevga(mine, theirs, s[27])


def _trapping_blocks(board: _Fevga) -> list[list[int]]:
    """Six consecutive points of the opponent's route that I hold, with none of his checkers past them."""
    out = []
    for i in range(len(ROUTE) - 5):
        block = ROUTE[i : i + 6]
        if not all(board.held(p) for p in block):
            continue
        past = ROUTE[i + 6 :]
        if board.their_off == 0 and not any(board.theirs[p] for p in past):
            out.append(block)
    return out


def _fevga_step_allowed(before: _Fevga, after: _Fevga, src: int, dst: int, trap_prime: str) -> bool:
    """The rules judged on the position after each single move."""
    # The starting checker: until one of mine has passed his start (stands on
    # 1..11 or is off), at most one of mine is away from my 24-point.
    passed = any(w == OFF or 1 <= w <= 11 for w in after.mine)
    if not passed and sum(1 for w in after.mine if w != START) > 1:
        return False
    # The starting quarter: never all six of 19..24.
    if all(after.held(p) for p in range(19, 25)):
        return False
    # A forbidden trap: the landing point may not lie in a trapping block.
    return not (
        trap_prime == "forbidden"
        and dst != OFF
        and any(dst in block for block in _trapping_blocks(after))
    )


def _fevga_explore(
    board: _Fevga,
    dice: tuple[int, ...],
    used: tuple[int, ...],
    trap_prime: str,
    out: list[tuple[tuple[int, ...], tuple[int, ...]]],
    visited: set[tuple[tuple[int, ...], int]],
) -> None:
    """Record every sequence of legal moves, also those that stop before the dice run out.

    ``visited`` holds the (position, dice left) already explored in this dice
    order: the same position with the same dice left has the same sequences
    after it.
    """
    raw = board.raw()
    if (raw, len(dice)) in visited:
        return
    visited.add((raw, len(dice)))
    out.append((used, raw))
    if not dice:
        return
    die = dice[0]
    may_bear_off = all(w == OFF or 1 <= w <= 6 for w in board.mine)
    # Checkers on one point are interchangeable: move the first of each point.
    for where in sorted(set(board.mine)):
        i = board.mine.index(where)
        if where == OFF:
            continue
        dst = where - die
        if dst >= 1:
            if board.theirs[dst]:
                continue
        elif not may_bear_off or (dst < 0 and any(where < w <= 6 for w in board.mine)):
            continue
        else:
            dst = OFF
        after = _Fevga(board.mine[:], board.theirs, board.their_off)
        after.mine[i] = dst
        if _fevga_step_allowed(board, after, where, dst, trap_prime):
            _fevga_explore(after, dice[1:], (*used, die), trap_prime, out, visited)


def fevga_results(
    raw_state: Sequence[int],
    roll: Iterable[int],
    trap_prime: str = "open",
    must_play_higher: bool = True,
) -> set[tuple[int, ...]]:
    """The raw states the legal fevga plays lead to (turn not passed).

    Every sequence of legal moves is a candidate, complete or not. With
    ``trap_prime="open"`` and a trapping block at the start, the candidates
    that leave none are kept when there are any; the maximum-use rule then
    chooses. Without that obligation a sequence that stops early is beaten
    by one that goes on, so the rule sees the complete sequences.
    """
    d1, d2 = roll
    board = _fevga_from_raw(raw_state)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for order in _dice_orders(d1, d2):
        _fevga_explore(board, order, (), trap_prime, found, set())
    if trap_prime == "open" and _trapping_blocks(board):
        opened = [c for c in found if not _trapping_blocks(_fevga_from_raw(c[1]))]
        found = opened or found
    return _maximum_use(found, d1 == d2, must_play_higher)
