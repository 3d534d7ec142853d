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
* every resulting position conserves each side's checkers (pinned ones
  included), never puts both colours on one point except as a pin (one
  checker pinned under the other side's), never takes a borne-off checker
  back, and hands the turn to the other side;
* every resulting position round-trips through the position ID and the
  array form, every play's notation reads back to the same play, and
  :meth:`Position.apply <nardy.Position.apply>` agrees with the set;
* a hook the variant calls idle (:meth:`~nardy.Variant.unused_hooks`)
  answers as the default hook would;
* a position has a result exactly when the variant says the game is over;
  a game won by bearing off has a result kind the variant scores and the
  points the variant gives it; a draw has no winner and no points;
* the search that answers the turn (:meth:`Variant.search_name
  <nardy.Variant.search_name>`: the native core where the turn's rule
  objects declare data it knows, :mod:`nardy.rules.turn_rules`; else the
  Python search, whose shortcuts read declarations too) gives the plays of
  the general search, which calls every rule object's functions, in order
  and steps (:func:`check_search`): a rule object that promises to be a
  rule it is not is caught.

The games follow the variant's hooks: a turn runs as its turn hooks say
(:mod:`nardy.game.turns`: every segment is checked, a double to be named is
chosen at random, moves handed over are played by the opponent), a play that
earns another roll (:meth:`~nardy.variants.turn_hooks.TurnHooks.another_roll`) is followed by
another roll of the same side, and a game ends when
:meth:`~nardy.Variant.is_over` says so.

It does not know the rules themselves: agreement with a slow reference
generator written from a variant's rule text is the variant author's test
to write (nardy's own tests do this for every built-in variant).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from nardy.engine.state import steps_of_code
from nardy.errors import ConformanceError, NardyError
from nardy.game import turns
from nardy.model.basics import OFF, Roll, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.model.registry import find_variant
from nardy.model.result import ResultKind
from nardy.rules.vocabulary import ExtraKind
from nardy.variants.base import Variant

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_idle_hooks",
    "check_legal_plays",
    "check_search",
    "check_variant",
]


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
    #: Games that ended in a draw.
    draws: int = 0
    #: Plays that earned their player another roll.
    extra_rolls: int = 0


def _fail(message: str, position: Position, roll: Roll | None = None) -> ConformanceError:
    where = f" for roll {roll}" if roll is not None else ""
    return ConformanceError(f"{position.variant.spec()}: {message}{where} in {position.id()}")


def _check_position(position: Position) -> None:
    variant = position.variant
    pins = {side: position.pinned(side) for side in (Side.WHITE, Side.BLACK)}
    counted = [
        f.name for f in variant.extra_fields() if f.holds_checkers and f.kind is ExtraKind.COUNT
    ]
    for side in (Side.WHITE, Side.BLACK):
        extra = position.extra(side)
        held = sum(n for name in counted if isinstance(n := extra[name], int))
        total = sum(position.checkers(side)) + position.bar(side) + position.off(side) + held
        if total != variant.checkers:
            raise _fail(f"{side} has {total} checkers, not {variant.checkers}", position)
    opp = variant.geometry.opponent_point
    white = position.checkers(Side.WHITE)
    black = position.checkers(Side.BLACK)
    for p in range(1, 25):
        w, b = white[p - 1], black[opp(p) - 1]
        if w and b:
            pinned_white = p in pins[Side.WHITE] and w == 1
            pinned_black = opp(p) in pins[Side.BLACK] and b == 1
            if pinned_white == pinned_black:
                raise _fail(f"both colours on white's point {p}, and not as a pin", position)
    if Position.from_id(position.id()) != position:
        raise _fail("the position does not round-trip through its ID", position)
    array = position.to_array()
    board, bar, off = array.pop("board"), array.pop("bar"), array.pop("off")
    again = variant.position(board, bar, off, turn=position.turn, **array)
    if again != position:
        raise _fail("the position does not round-trip through the array form", position)


def check_search(position: Position, roll: Roll) -> str:
    """Check the search that runs against the Python search that calls every rule object's functions.

    The native core, and the Python search's shortcuts, judge a rule object
    by what it declares (:mod:`nardy.rules.turn_rules`); the general search
    (:meth:`Variant.play_keys <nardy.Variant.play_keys>` with ``general``)
    calls its functions. Both must give the same plays: the same resulting
    positions, in the same order, each by the same steps. Returns the
    search that runs (:meth:`Variant.search_name <nardy.Variant.search_name>`;
    ``""``, nothing compared: the variant makes its plays itself). Raises
    :class:`ConformanceError` when they differ.
    """
    variant = position.variant
    name = variant.search_name(position, roll)
    if not name:
        return name
    packed = position.packed
    native = variant.play_keys(packed, roll)
    python = variant.play_keys(packed, roll, general=True)
    if native != python:
        chosen, general = _dice_by_result(*native), _dice_by_result(*python)
        only = len(chosen.keys() - general.keys())
        missing = len(general.keys() - chosen.keys())
        raise _fail(
            f"the {name} search disagrees with the general search, which calls every rule "
            "object's functions "
            f"({only} results only it finds, {missing} it misses, "
            f"{sum(chosen[k] != general[k] for k in chosen.keys() & general.keys())} with "
            "other dice used, or another order or other steps)",
            position,
            roll,
        )
    return name


def _dice_by_result(keys: list[bytes], codes: list[int]) -> dict[bytes, int]:
    """Each resulting position's key, and the number of steps of its play."""
    return {key: len(steps_of_code(code)) for key, code in zip(keys, codes)}


def check_legal_plays(position: Position, roll: Roll) -> int:
    """Check the legal plays of one position and roll; return how many plays were checked.

    Raises :class:`ConformanceError` naming the first broken invariant.
    """
    check_search(position, roll)
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
    available = Counter(position.variant.moves(roll))
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


def _check_result(position: Position) -> bool:
    """Check a finished position's result; True for a draw."""
    variant = position.variant
    result = position.result()
    if result is None:
        raise _fail("a finished position has no result", position)
    if result.winner is None:
        if result.kind is not ResultKind.DRAW or result.points != 0:
            raise _fail(f"a draw scored as {result.kind.value} for {result.points}", position)
        return True
    loser = result.winner.opponent
    if position.off(loser) == variant.checkers:
        raise _fail("both sides have borne off every checker", position)
    if position.off(result.winner) == variant.checkers:
        if result.kind not in variant.result_kinds():
            raise _fail(f"result kind {result.kind.value!r} is not one it scores", position)
        left = variant.checkers - position.off(loser)
        if result.points != variant.points(result.kind, left):
            raise _fail(f"{result.points} points for a {result.kind.value}", position)
    elif result.points < 0:
        raise _fail(f"a result worth {result.points} points", position)
    return False


#: The movement hooks :meth:`~nardy.Variant.unused_hooks` may name, and
#: whether each takes ``(start, roll)`` (else ``(roll)``).
_IDLE_HOOKS = {
    "moves": False,
    "turn_contact": False,
    "step_rule": True,
    "hitter_rule": True,
    "play_filter": True,
    "extra_plays": True,
}


def check_idle_hooks(position: Position, roll: Roll) -> None:
    """Check that each hook the variant calls idle answers as the default hook would.

    The engine does not call a hook named by :meth:`~nardy.Variant.unused_hooks`,
    so such a hook must say what its absence says. Raises
    :class:`ConformanceError` otherwise, or for a name that is no movement hook.
    """
    variant = position.variant
    for name in sorted(variant.unused_hooks()):
        if name not in _IDLE_HOOKS:
            raise _fail(f"unused_hooks() names {name!r}, which is no movement hook", position)
        args: tuple[object, ...] = (position.raw, roll) if _IDLE_HOOKS[name] else (roll,)
        mine = getattr(variant, name)(*args)
        default = getattr(Variant, name)(variant, *args)
        if mine != default:
            raise _fail(f"the idle hook {name} gave {mine!r}, not {default!r}", position, roll)


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
    # What the report counts besides the games, by its field names.
    tally = dict.fromkeys(("finished", "positions", "plays", "draws", "extra_rolls"), 0)
    for game in range(games):
        position = variant.starting_position(turn=Side(game % 2))
        _check_position(position)
        for _ in range(max_turns):
            over = position.is_over()
            if over != (position.result() is not None):
                what = (
                    "no result for a game that is over" if over else "a result for a game not over"
                )
                raise _fail(what, position)
            if over:
                tally["draws"] += _check_result(position)
                tally["finished"] += 1
                break
            roll = Roll.coerce([rng.randint(1, 6) for _ in range(variant.dice)])
            mover = position.turn
            position = _play_turn(turns.start_turn(variant, position, roll), rng, tally)
            if not position.is_over() and position.turn is mover:
                tally["extra_rolls"] += 1  # the same side rolls again
    return ConformanceReport(games=games, **tally)


def _play_turn(turn: turns.Turn, rng: random.Random, tally: dict[str, int]) -> Position:
    """Play out a turn at random (every segment checked), to the position where the next roll is made.

    A double to be named is chosen at random among those offered.
    """

    def play(position: Position, segment: Roll, legal: LegalPlays) -> int:
        check_idle_hooks(position, segment)
        tally["plays"] += check_legal_plays(position, segment)
        tally["positions"] += 1
        return rng.randrange(len(legal))

    return turns.play_out(turn, lambda _, choices: rng.choice(choices), play)
