"""Positions and rolls for the backgammon family, for Hypothesis and for seeded sweeps.

Every builder here draws its choices through a :class:`Chooser`, so one body
of code serves both Hypothesis (:func:`positions`, which shrinks each choice
towards its lower bound -- the builders put the simple case there) and plain
seeded ``random`` (:func:`random_positions`, for the differential sweeps).

Positions are built in the mover-relative array form (``board[p]`` for the
mover's point ``p``: positive the mover's checkers, negative the opponent's)
and always go through :meth:`Variant.position`, which validates them.

Kinds (each a plausible family of positions, named so tests can count them):

``contact``   both sides spread over the board, nobody on the bar or off.
``bar``       like contact, with checkers on the bar for one side or both.
``prime``     the opponent holds a run of consecutive points, the mover has
              checkers behind it (and perhaps on the bar).
``closed``    the opponent closes (or nearly closes) the mover's entry
              points and the mover has checkers on the bar: many passes.
``bearoff``   every mover checker home or off; the opponent either past him
              (a race) or still in contact, maybe on the bar.
``race``      the sides have passed each other; some checkers off.
``blots``     many single checkers for both sides: many hits (this is what
              exercises Caucasian nardy's no-hide rule).
``hide``      opponent blots in and just outside the mover's home board, with
              mover checkers above them and made points below them: a hitter
              that could go on to hide (Caucasian nardy's home-board rule).
``stuck``     the mover is down to a runner or two (the rest off) and the
              opponent blocks where both dice would take it: often only one
              die can be played (the ``must_play_higher`` rule).
``off``       contact positions where checkers have already been borne off
              (a side that was hit after it started bearing off).
``selfplay``  reached from the start by random rolls and random legal plays,
              whole turns of the variant's own dice (:func:`helpers.one_turn`).

In a variant with a pool (:data:`~nardy.POOL`) every kind but ``selfplay``
may also put some of each side's checkers back into the pool (the
checkers not entered yet), taken from the board or the bar.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from hypothesis import strategies as st

from helpers import play_turn
from nardy import POOL, Position, Roll, Side, Variant

__all__ = [
    "AGREEMENT_SPECS",
    "FAMILY_SPECS",
    "KINDS",
    "Chooser",
    "DrawChooser",
    "RandomChooser",
    "build_position",
    "positions",
    "random_positions",
    "rolls",
]

KINDS: tuple[str, ...] = (
    "contact",
    "bar",
    "prime",
    "closed",
    "bearoff",
    "race",
    "blots",
    "hide",
    "stuck",
    "off",
    "selfplay",
)

#: The four backgammon-family variants, Caucasian with both option values.
FAMILY_SPECS: tuple[str, ...] = (
    "backgammon",
    "nackgammon",
    "hypergammon",
    "caucasian(no_hide_after_hit=home)",
    "caucasian(no_hide_after_hit=anywhere)",
)

#: FAMILY_SPECS, each also with ``must_play_higher=false``.
AGREEMENT_SPECS: tuple[str, ...] = (
    *FAMILY_SPECS,
    "backgammon(must_play_higher=false)",
    "nackgammon(must_play_higher=false)",
    "hypergammon(must_play_higher=false)",
    "caucasian(no_hide_after_hit=home,must_play_higher=false)",
    "caucasian(no_hide_after_hit=anywhere,must_play_higher=false)",
)


# --- choosers -------------------------------------------------------------------------


class Chooser(Protocol):
    """The one primitive the builders use: an integer in ``lo..hi`` (both included)."""

    def integer(self, lo: int, hi: int) -> int: ...


class RandomChooser:
    """Choices from a seeded :class:`random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)


class DrawChooser:
    """Choices drawn by Hypothesis (inside ``@st.composite``); each shrinks towards ``lo``."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, lo: int, hi: int) -> int:
        value: int = self.draw(st.integers(lo, hi))
        return value


def _chance(ch: Chooser, percent: int) -> bool:
    """True with about ``percent`` % probability (False is the simple, shrunk case)."""
    return ch.integer(0, 99) >= 100 - percent


# --- building blocks ------------------------------------------------------------------


class _Layout:
    """A position under construction, in the mover's frame."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.board = [0] * 25  # index 1..24
        self.bar = [0, 0]  # mover, opponent
        self.off = [0, 0]
        self.pool = [0, 0]  # mover, opponent (a variant with a pool)

    def left(self, side: int) -> int:
        """Checkers of ``side`` (0 mover, 1 opponent) not yet placed anywhere."""
        sign = 1 if side == 0 else -1
        on_board = sum(x * sign for x in self.board[1:] if x * sign > 0)
        return self.n - on_board - self.bar[side] - self.off[side] - self.pool[side]

    def free(self, side: int, points: Sequence[int]) -> list[int]:
        """Points of ``points`` the other side does not hold."""
        if side == 0:
            return [p for p in points if self.board[p] >= 0]
        return [p for p in points if self.board[p] <= 0]

    def put(self, side: int, point: int, count: int) -> None:
        sign = 1 if side == 0 else -1
        assert self.board[point] * sign >= 0, "both colours on one point"
        self.board[point] += sign * count

    def scatter(
        self, ch: Chooser, side: int, count: int, points: Sequence[int], max_stacks: int = 8
    ) -> None:
        """Put ``count`` checkers of ``side`` on a few of ``points`` (those it may use).

        The number of stacks is chosen first (one stack is the shrunk case),
        then each stack gets one checker and the rest are dealt at random.
        If the other side holds every one of ``points``, any free point of
        1..24 is used instead.
        """
        if count <= 0:
            return
        allowed = self.free(side, points)
        if not allowed:
            allowed = self.free(side, range(1, 25))
        k = ch.integer(1, max(1, min(count, max_stacks, len(allowed))))
        stacks: list[int] = []
        pool = list(allowed)
        for _ in range(k):
            stacks.append(pool.pop(ch.integer(0, len(pool) - 1)))
        heights = [1] * k
        for _ in range(count - k):
            heights[ch.integer(0, k - 1)] += 1
        for point, h in zip(stacks, heights):
            self.put(side, point, h)

    def singles(self, ch: Chooser, side: int, count: int, points: Sequence[int]) -> int:
        """Put up to ``count`` single checkers (blots) on empty points of ``points``."""
        empty = [p for p in points if self.board[p] == 0]
        placed = 0
        while placed < count and empty:
            self.put(side, empty.pop(ch.integer(0, len(empty) - 1)), 1)
            placed += 1
        return placed

    def into_pool(self, ch: Chooser) -> None:
        """Put some checkers of each side (perhaps none) back into its pool, from the board or the bar."""
        for side in (0, 1):
            sign = 1 if side == 0 else -1
            held = [p for p in range(1, 25) if self.board[p] * sign > 0]
            if (not held and not self.bar[side]) or not _chance(ch, 60):
                continue
            for _ in range(ch.integer(1, 8)):
                held = [p for p in range(1, 25) if self.board[p] * sign > 0]
                if self.bar[side] and (not held or _chance(ch, 30)):
                    self.bar[side] -= 1
                elif held:
                    self.board[held[ch.integer(0, len(held) - 1)]] -= sign
                else:
                    break
                self.pool[side] += 1

    def position(self, variant: Variant, turn: Side) -> Position:
        extra = {"pool": tuple(self.pool)} if POOL in variant.extra_state else {}
        return variant.position(
            self.board[1:], tuple(self.bar), tuple(self.off), turn=turn, **extra
        )


ALL = range(1, 25)
MOVER_HOME = range(1, 7)
OPP_HOME = range(19, 25)  # the opponent's home board, in the mover's numbering


def _contact(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    lay.scatter(ch, 0, n, ALL)
    lay.scatter(ch, 1, n, ALL)
    return lay


def _bar(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    who = ch.integer(0, 2)  # 0: mover, 1: opponent, 2: both
    top = min(3, n)
    if who in (0, 2):
        lay.bar[0] = ch.integer(1, top)
    if who in (1, 2):
        lay.bar[1] = ch.integer(1, top)
    lay.scatter(ch, 0, lay.left(0), ALL)
    lay.scatter(ch, 1, lay.left(1), ALL)
    return lay


def _prime(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    length = ch.integer(1, max(1, min(6, n // 2)))
    start = ch.integer(1, 24 - length)  # the prime holds start .. start+length-1
    for p in range(start, start + length):
        if lay.left(1) >= 2:
            lay.put(1, p, min(lay.left(1), ch.integer(2, 3)))
    # Mover checkers trapped behind the prime (higher points) and maybe on the bar.
    behind = list(range(start + length, 25))
    trapped = min(lay.left(0), ch.integer(1, 4))
    if _chance(ch, 30):
        lay.bar[0] = min(trapped, ch.integer(1, 2))
        trapped -= lay.bar[0]
    if behind:
        lay.scatter(ch, 0, trapped, behind, max_stacks=3)
    lay.scatter(ch, 0, lay.left(0), ALL)
    lay.scatter(ch, 1, lay.left(1), ALL)
    return lay


def _closed(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    lay.bar[0] = ch.integer(1, min(3, n))
    points = list(OPP_HOME)
    open_points = max(0, ch.integer(-2, 2))  # 0 (a closed board) three times in five
    for _ in range(open_points):
        points.pop(ch.integer(0, len(points) - 1))
    for p in points:
        if lay.left(1) >= 2:
            lay.put(1, p, 2)
    lay.scatter(ch, 1, lay.left(1), ALL)
    lay.scatter(ch, 0, lay.left(0), ALL)
    return lay


def _bearoff(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    lay.off[0] = ch.integer(0, n - 1)
    lay.scatter(ch, 0, lay.left(0), MOVER_HOME, max_stacks=6)
    if _chance(ch, 50):
        # Still in contact: opponent checkers may sit in the mover's home or on the bar.
        if _chance(ch, 30):
            lay.bar[1] = ch.integer(1, min(2, n))
        lay.singles(ch, 1, ch.integer(0, min(2, lay.left(1))), MOVER_HOME)
        lay.scatter(ch, 1, lay.left(1), ALL)
    else:
        top = max((p for p in MOVER_HOME if lay.board[p] > 0), default=1)
        lay.off[1] = ch.integer(0, n - 1)
        lay.scatter(ch, 1, lay.left(1), range(top + 1, 25))
    return lay


def _race(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    split = ch.integer(6, 18)  # mover on 1..split, opponent above it
    lay.off[0] = ch.integer(0, n - 1) if _chance(ch, 40) else 0
    lay.off[1] = ch.integer(0, n - 1) if _chance(ch, 40) else 0
    lay.scatter(ch, 0, lay.left(0), range(1, split + 1))
    lay.scatter(ch, 1, lay.left(1), range(split + 1, 25))
    return lay


def _blots(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    if _chance(ch, 25):
        lay.bar[0] = 1
    # The opponent's blots, mostly where the mover can hit them and then try to hide.
    where = list(MOVER_HOME) + list(range(7, 19)) if _chance(ch, 50) else list(ALL)
    lay.singles(ch, 1, ch.integer(1, min(8, n)), where)
    # The mover: points to hide on, near the blots.
    lay.scatter(ch, 0, lay.left(0), ALL, max_stacks=10)
    lay.scatter(ch, 1, lay.left(1), ALL)
    return lay


def _hide(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    lay.singles(ch, 1, ch.integer(1, min(3, n)), range(2, 9))
    below = ch.integer(1, 4)
    lay.scatter(ch, 0, min(lay.left(0), ch.integer(1, 6)), range(1, below + 1), max_stacks=3)
    lay.scatter(ch, 0, lay.left(0), range(6, 15), max_stacks=5)
    lay.scatter(ch, 1, lay.left(1), ALL)
    return lay


def _stuck(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    # The mover is down to a runner (and perhaps one more checker), the rest off.
    runner = ch.integer(13, 24)
    lay.put(0, runner, 1)
    if n > 1 and _chance(ch, 40):
        lay.put(0, ch.integer(1, 24), 1)
    lay.off[0] = lay.left(0)
    # The opponent blocks where the sum of two dice would take the runner
    # (mostly 7..12 pips away, more rarely 3..6, where one die lands too).
    for distance in (*range(7, 13), *range(3, 7)):
        target = runner - distance
        likely = 70 if distance >= 7 else 20
        if target >= 1 and lay.board[target] == 0 and lay.left(1) >= 2 and _chance(ch, likely):
            lay.put(1, target, 2)
    lay.scatter(ch, 1, lay.left(1), ALL, max_stacks=2)
    return lay


def _off(ch: Chooser, n: int) -> _Layout:
    lay = _Layout(n)
    for side in (0, 1):
        if side == 0 or _chance(ch, 50):
            lay.off[side] = ch.integer(1, max(1, n // 2))
    if _chance(ch, 50):
        lay.bar[0] = min(lay.left(0), 1)
    lay.scatter(ch, 0, lay.left(0), ALL)
    lay.scatter(ch, 1, lay.left(1), ALL)
    return lay


_BUILDERS: dict[str, Callable[[Chooser, int], _Layout]] = {
    "contact": _contact,
    "bar": _bar,
    "prime": _prime,
    "closed": _closed,
    "bearoff": _bearoff,
    "race": _race,
    "blots": _blots,
    "hide": _hide,
    "stuck": _stuck,
    "off": _off,
}


def _turn(variant: Variant, position: Position, ch: Chooser) -> Position:
    """One whole turn from ``position``: a roll of the variant's dice, its segments played at random."""
    roll = Roll(*(ch.integer(1, 6) for _ in range(variant.dice)))
    return play_turn(variant, position, roll, lambda n: ch.integer(0, n - 1))


def _selfplay(ch: Chooser, variant: Variant, max_plies: int = 80) -> Position:
    """Random rolls and random legal plays from the start, for up to ``max_plies`` whole turns."""
    pos = variant.starting_position(turn=Side(ch.integer(0, 1)))
    for _ in range(ch.integer(0, max_plies)):
        after = _turn(variant, pos, ch)
        if after.is_over():
            break
        pos = after
    return pos


def build_position(variant: Variant, kind: str, ch: Chooser) -> Position:
    """A valid position of ``kind`` (see the module doc) for ``variant``; never a finished game."""
    if kind == "selfplay":
        return _selfplay(ch, variant)
    lay = _BUILDERS[kind](ch, variant.checkers)
    if POOL in variant.extra_state:
        lay.into_pool(ch)
    assert lay.left(0) == 0, (kind, lay.board, lay.bar, lay.off)
    assert lay.left(1) == 0, (kind, lay.board, lay.bar, lay.off)
    pos = lay.position(variant, Side(ch.integer(0, 1)))
    assert not pos.is_over()
    return pos


# --- Hypothesis -----------------------------------------------------------------------


def rolls() -> st.SearchStrategy[Roll]:
    """Any roll of two dice (doubles included)."""
    return st.builds(Roll, st.integers(1, 6), st.integers(1, 6))


@st.composite
def positions(
    draw: st.DrawFn,
    variant: Variant,
    kinds: Sequence[str] = KINDS,
) -> Position:
    """Valid positions of ``variant`` of the given kinds (see the module doc)."""
    kind: str = draw(st.sampled_from(kinds))
    return build_position(variant, kind, DrawChooser(draw))


# --- seeded sweeps --------------------------------------------------------------------


def random_positions(
    variant: Variant,
    n: int,
    seed: int | str,
    kinds: Sequence[str] = KINDS,
) -> list[tuple[str, Position]]:
    """``n`` positions of ``variant`` as ``(kind, position)``, the kinds taken in turn.

    Deterministic for a given seed. ``selfplay`` positions are taken along
    random games (restarted when one ends), the others are built afresh.
    """
    rng = random.Random(f"{seed}:{variant.spec()}")
    ch = RandomChooser(rng)
    out: list[tuple[str, Position]] = []
    game: Position | None = None
    for i in range(n):
        kind = kinds[i % len(kinds)]
        if kind == "selfplay":
            if game is None or game.is_over():
                game = variant.starting_position(turn=Side(rng.randint(0, 1)))
            for _ in range(rng.randint(1, 3)):
                after = _turn(variant, game, ch)
                if after.is_over():
                    after = variant.starting_position(turn=Side(rng.randint(0, 1)))
                game = after
            out.append((kind, game))
        else:
            out.append((kind, build_position(variant, kind, ch)))
    return out
