"""A conformance suite for variants: the invariants every ruleset must keep.

Anyone who writes a :class:`~nardy.Variant` can run :func:`check_variant` on
it (nardy runs it on every built-in variant). It plays seeded random games
and, for every position and roll met on the way, checks what must hold
whatever the rules are:

* there is at least one play, and a forced pass is one empty play that
  leaves the checkers where they were;
* the plays lead to pairwise different positions, use only dice the roll
  gives, and all use the same number of dice (unless the variant says
  otherwise with :attr:`~nardy.Variant.uniform_dice_use`, as Kush does);
* every resulting position conserves each side's checkers, never puts both
  colours on one point, never takes a borne-off checker back, and hands the
  turn to the other side;
* every resulting position round-trips through the position ID and the
  array form, every play's notation reads back to the same play, and
  :meth:`Position.apply <nardy.Position.apply>` agrees with the set;
* a finished game has a winner who has borne off every checker, a result
  kind the variant says it scores, and the points the variant gives it.

It does not know the rules themselves: agreement with a slow reference
generator written from a variant's rule text is the variant author's test
to write (nardy's own tests do this for every built-in variant).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from nardy.core import OFF, Roll, Side
from nardy.errors import NardyError
from nardy.position import Position
from nardy.variant import Variant, find_variant

__all__ = ["ConformanceError", "ConformanceReport", "check_legal_plays", "check_variant"]


class ConformanceError(AssertionError):
    """A variant broke an invariant; the message names the position, the roll and the play."""


@attrs.frozen
class ConformanceReport:
    """What :func:`check_variant` checked."""

    #: Games played.
    games: int
    #: Games that reached a result within the turn limit.
    finished: int
    #: (position, roll) pairs whose legal plays were checked.
    positions: int
    #: Plays checked.
    plays: int


def _fail(message: str, position: Position, roll: Roll | None = None) -> ConformanceError:
    where = f" for roll {roll}" if roll is not None else ""
    return ConformanceError(f"{position.variant.spec()}: {message}{where} in {position.id()}")


def _check_position(position: Position) -> None:
    variant = position.variant
    for side in (Side.WHITE, Side.BLACK):
        total = sum(position.checkers(side)) + position.bar(side) + position.off(side)
        if total != variant.checkers:
            raise _fail(f"{side} has {total} checkers, not {variant.checkers}", position)
    opp = variant.geometry.opponent_point
    white = position.checkers(Side.WHITE)
    black = position.checkers(Side.BLACK)
    for p in range(1, 25):
        if white[p - 1] and black[opp(p) - 1]:
            raise _fail(f"both colours on white's point {p}", position)
    if Position.from_id(position.id()) != position:
        raise _fail("the position does not round-trip through its ID", position)
    array = position.to_array()
    again = variant.position(array["board"], array["bar"], array["off"], turn=position.turn)
    if again != position:
        raise _fail("the position does not round-trip through the array form", position)


def check_legal_plays(position: Position, roll: Roll) -> int:
    """Check the legal plays of one position and roll; return how many plays were checked.

    Raises :class:`ConformanceError` naming the first broken invariant.
    """
    legal = position.legal_plays(roll)
    if len(legal) == 0:
        raise _fail("no plays at all (a pass must be one empty play)", position, roll)
    results = legal.resulting_positions()
    if legal.is_pass:
        if results[0] != position.pass_turn():
            raise _fail("a pass changed the checkers", position, roll)
        return 1
    if any(play.is_pass for play in legal):
        raise _fail("an empty play beside real plays", position, roll)
    if len(set(results)) != len(results):
        raise _fail("two plays lead to the same position", position, roll)
    counts = {len(play.steps) for play in legal}
    if len(counts) != 1 and position.variant.uniform_dice_use:
        raise _fail(f"plays use different numbers of dice: {sorted(counts)}", position, roll)
    available = Counter(roll.dice)
    for play, after in zip(legal, results):
        label = f"after {play.notation()!r}"
        # A die move goes die pips forward (or bears off); other steps, such
        # as Kush's returns from the bar onto the head, are not dice.
        used = Counter(step.die for step in play.steps if step.dst in (OFF, step.src - step.die))
        if used - available:
            raise _fail(f"{label} uses dice the roll does not give", position, roll)
        if after.turn != position.turn.opponent:
            raise _fail(f"{label} the turn did not pass", position, roll)
        for side in (Side.WHITE, Side.BLACK):
            if after.off(side) < position.off(side):
                raise _fail(f"{label} {side} has fewer checkers off", position, roll)
        try:
            _check_position(after)
        except ConformanceError as exc:
            raise _fail(f"{label}: {exc}", position, roll) from None
        try:
            found = legal.find(play.notation())
        except NardyError as exc:
            raise _fail(f"{label} its notation does not read back: {exc}", position, roll) from None
        if found != play:
            raise _fail(f"{label} its notation reads back as {found.notation()!r}", position, roll)
        if position.apply(play) != after:
            raise _fail(f"{label} apply() disagrees with the legal set", position, roll)
    return len(legal)


def _check_result(position: Position) -> None:
    variant = position.variant
    result = position.result()
    if result is None:
        raise _fail("a finished position has no result", position)
    if position.off(result.winner) != variant.checkers:
        raise _fail(f"the winner {result.winner} has not borne off every checker", position)
    if position.off(result.loser) == variant.checkers:
        raise _fail("both sides have borne off every checker", position)
    if result.kind not in variant.result_kinds():
        raise _fail(f"result kind {result.kind.value!r} is not one it scores", position)
    left = variant.checkers - position.off(result.loser)
    if result.points != variant.points(result.kind, left):
        raise _fail(f"{result.points} points for a {result.kind.value}", position)


def check_variant(
    variant: Variant, *, games: int = 5, seed: int = 0, max_turns: int = 1500
) -> ConformanceReport:
    """Play seeded random games with ``variant`` and check every invariant on the way.

    The variant must be registered (:func:`~nardy.register_variant`), since
    position IDs name it. Each game starts from the starting position (white
    to move in even games, black in odd ones) and plays random legal plays
    for random rolls until a side has borne off every checker or
    ``max_turns`` turns have been played. Raises :class:`ConformanceError`
    at the first broken invariant; returns a :class:`ConformanceReport`.
    """
    try:
        registered = find_variant(variant.spec())
    except NardyError as exc:
        raise ConformanceError(f"{variant.spec()} is not registered: {exc}") from None
    if registered != variant:
        raise ConformanceError(f"find_variant({variant.spec()!r}) gives {registered!r}")
    rng = random.Random(seed)
    positions = plays = finished = 0
    for game in range(games):
        position = variant.starting_position(turn=Side(game % 2))
        _check_position(position)
        for _ in range(max_turns):
            if position.is_over():
                _check_result(position)
                finished += 1
                break
            if position.result() is not None:
                raise _fail("a result for a game that is not over", position)
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            plays += check_legal_plays(position, roll)
            positions += 1
            legal = position.legal_plays(roll)
            position = legal.result(rng.randrange(len(legal)))
    return ConformanceReport(games=games, finished=finished, positions=positions, plays=plays)
