"""Perft by whole turns: for variants whose roll is more than one segment.

A *ply* here is one turn (:mod:`nardy.model.turns`): a roll and everything
that follows it up to the next roll -- every segment, the doubles named
between them, the moves handed to the opponent. A turn's outcome is the
position it leaves (whose side to move rolls next, and which carries the
counted rolls of a variant that counts them) or the end of the game; two
branches of a turn that reach the same outcome are one outcome. Inside a
turn the positions reached are deduplicated after every segment, so a
cascade with thousands of distinct outcomes is never enumerated as whole
move sequences.

The counts are those of :mod:`nardy.perft`, by turns: for each depth n,
``paths21`` is the number of sequences of n (roll, outcome) pairs with each
distinct roll of the variant once (21, or 56 with three dice), ``paths36``
the same with the ordered rolls (36, or 216), ``distinct`` the distinct
outcomes after n turns, ``passes`` the ``paths21`` whose last turn left
every checker where it was, ``terminal`` the finished games among the
``distinct`` outcomes (never expanded). For a variant whose turn is one
segment these are exactly :func:`nardy.perft.perft`'s rows (the tests check
it), only slower: this loop builds a position for every outcome.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Final

from nardy.game import turns
from nardy.game.turns import Turn, TurnPhase
from nardy.model.basics import Roll, Side
from nardy.model.position import Position
from nardy.variants.base import Variant

__all__ = ["BEAT", "Progress", "leaves_checkers", "next_states", "turn_outcomes", "turn_rows"]

#: Progress callback of :func:`turn_rows`: depth, turns played out so far, turns, seconds.
Progress = Callable[[int, int, int, float], None]
#: How often (in states expanded) a long turn calls its ``beat``.
BEAT: Final = 1024


def turn_outcomes(
    variant: Variant, position: Position, roll: Roll, beat: Callable[[], None] | None = None
) -> set[Position]:
    """The distinct outcomes of the turn ``roll`` begins in ``position`` (between turns).

    Each outcome is a position whose side to move rolls next (or a finished
    game). The turn's states are deduplicated after every segment and every
    named double. ``beat``, when given, is called every :data:`BEAT` states
    expanded (a turn can take minutes: a cascade of doubles).
    """
    frontier: set[Turn] = {turns.start_turn(variant, position, roll)}
    done: set[Position] = set()
    expanded = 0
    while frontier:
        following: set[Turn] = set()
        for turn in frontier:
            following.update(next_states(variant, turn, done))
            expanded += 1
            if beat is not None and expanded % BEAT == 0:
                beat()
        frontier = following
    return done


def next_states(variant: Variant, turn: Turn, done: set[Position]) -> Iterator[Turn]:
    """The states one action after ``turn`` (its outcome goes to ``done`` when the turn is over)."""
    position = turn.position
    if position.is_over() or turn.phase is TurnPhase.ROLL:
        done.add(position)
        return
    state = turn.state
    if turn.phase is TurnPhase.NAME:
        for double in variant.double_choices(position, state):
            yield turns.after_naming(variant, position, double, state)
        return
    segment = turn.segment
    assert segment is not None  # (phase PLAY)
    for play, after in position.legal_plays(segment).items():
        yield turns.after_play(variant, position, play, after, state)


def leaves_checkers(before: Position, after: Position) -> bool:
    """Whether every checker of both sides is where it was (on the board, the bar, off, in a pool).

    The side to move and extra state that holds no checkers (counted rolls)
    may differ.
    """
    for side in (Side.WHITE, Side.BLACK):
        if before.checkers(side) != after.checkers(side):
            return False
        if before.bar(side) != after.bar(side) or before.off(side) != after.off(side):
            return False
    held = [f.name for f in before.variant.extra_fields() if f.holds_checkers]
    return all(
        before.extra(s)[n] == after.extra(s)[n] for s in (Side.WHITE, Side.BLACK) for n in held
    )


def turn_rows(
    variant: Variant, start: Position, depth: int, progress: Progress | None = None
) -> list[tuple[int, int, int, int, int]]:
    """``(paths21, paths36, distinct, passes, terminal)`` for depths 1..``depth`` from ``start``.

    ``start`` is a position between turns whose side to move rolls first.
    ``progress`` is called as :func:`nardy.perft.perft` calls it, counting
    turns (a state and a roll) instead of states: before each turn, every
    :data:`BEAT` states expanded inside a long one, and at the depth's end.
    """
    rolls = [(roll, round(roll.probability * 6 ** len(roll.faces))) for roll in variant.rolls()]
    rows: list[tuple[int, int, int, int, int]] = []
    # Each state's multiplicities: (paths over the distinct rolls, over the ordered ones).
    level: dict[Position, tuple[int, int]] = {} if start.is_over() else {start: (1, 1)}
    for n in range(1, depth + 1):
        clock = _Clock(progress, n, len(level) * len(rolls))
        following: dict[Position, tuple[int, int]] = {}
        paths = ordered = passes = 0
        for position, (mult, mult_ordered) in level.items():
            for roll, weight in rolls:
                clock.beat()
                outcomes = turn_outcomes(variant, position, roll, clock.inner)
                clock.played += 1
                paths += mult * len(outcomes)
                ordered += mult_ordered * weight * len(outcomes)
                for outcome in outcomes:
                    if leaves_checkers(position, outcome):
                        passes += mult
                    a, b = following.get(outcome, (0, 0))
                    following[outcome] = (a + mult, b + mult_ordered * weight)
        ends = [p for p in following if p.is_over()]
        rows.append((paths, ordered, len(following), passes, len(ends)))
        clock.played = clock.total
        clock.beat()
        for end in ends:
            del following[end]
        level = following
    return rows


class _Clock:
    """One depth's calls of the progress callback: turns played out of the depth's turns."""

    def __init__(self, progress: Progress | None, depth: int, total: int) -> None:
        self.progress = progress
        self.depth = depth
        self.total = total
        self.played = 0
        self.began = time.monotonic()
        #: What a long turn calls (None without a callback).
        self.inner = None if progress is None else self.beat

    def beat(self) -> None:
        """Tell the callback how far the depth is."""
        if self.progress is not None:
            self.progress(self.depth, self.played, self.total, time.monotonic() - self.began)
