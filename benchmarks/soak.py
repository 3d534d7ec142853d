"""Soak test: many random games and matches of every variant, every move checked.

Each registered variant plays ``--games`` random games and ``--matches``
random matches through the public API (``Game`` and ``Match``: opening
roll, random plays, random cube actions). After every play the position is
checked against invariants that hold in every variant:

* checkers are conserved: each side's checkers on points, on the bar and
  borne off add up to the variant's count;
* no point is shared outside the rules: the position rebuilt from each
  side's own counts (``Variant.from_counts``, which refuses two colours on
  a point unless one is pinned) is the same position, and so are the ones
  read back from its array form, its position ID and (where defined) its
  gnubg Position ID;
* pip counts follow the play: the mover's drop by exactly the pips its steps
  moved; the opponent's are unchanged unless a step hit, and never drop;
* the result is consistent: a position is over exactly when it has a
  result, the result's kind is one the variant scores, a winner has borne
  everything off (unless the variant's rules ended the game), and the
  game's outcome is its base times the cube;
* records round-trip: every finished game and match, written as JSON and
  read back, replays to the same record.

The report gives games, matches and moves checked, games per second and the
peak memory (resident set) of the process, with the memory after the first
tenth of the run so that growth shows. A violation stops the run with
:class:`SoakError` naming the variant, seed and move.

Short run (what the test suite does, in a second or two)::

    PYTHONPATH=src python benchmarks/soak.py --games 2 --matches 1

Long run (about an hour on one core)::

    PYTHONPATH=src python benchmarks/soak.py --games 3000 --matches 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import nardy
from nardy import Contact, Game, Match, Phase, Play, Position, ResultKind, Side
from nardy.game.actions import EndReason
from nardy.variants.base import VARIANTS

#: A match is a few games; a game that goes on this long is a bug.
MAX_ACTIONS = 20_000


class SoakError(AssertionError):
    """An invariant failed; the message names the variant, seed and move."""


@dataclass
class Report:
    """What a soak run checked, how fast, and the memory it used."""

    games: int = 0
    matches: int = 0
    moves: int = 0
    seconds: float = 0.0
    peak_mb: float = 0.0
    early_mb: float = 0.0
    by_variant: dict[str, int] = field(default_factory=dict)

    def games_per_second(self) -> float:
        """Games (those of the matches included) per second of the run."""
        return self.games / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        """The report in a few lines."""
        per_variant = ", ".join(f"{name} {n}" for name, n in self.by_variant.items())
        return (
            f"{self.games:,} games ({self.matches:,} matches) over {len(self.by_variant)} variants, "
            f"{self.moves:,} moves checked, {self.seconds:.1f}s, "
            f"{self.games_per_second():.1f} games/s\n"
            f"peak memory {self.peak_mb:.1f} MB (after the first tenth: {self.early_mb:.1f} MB)\n"
            f"games by variant: {per_variant}"
        )


def _peak_mb() -> float:
    """The process's peak resident set in MB (``ru_maxrss`` is in KB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _fail(where: str, what: str) -> None:
    raise SoakError(f"{where}: {what}")


def check_position(position: Position, where: str) -> None:
    """The invariants of one position (see the module doc); :class:`SoakError` if one fails."""
    variant = position.variant
    for side in (Side.WHITE, Side.BLACK):
        total = sum(position.checkers(side)) + position.bar(side) + position.off(side)
        # Checkers a count field holds (a pool of checkers not yet entered).
        extra = position.extra(side) if variant.extra_state else {}
        for f in variant.extra_state:
            value = extra[f.name]
            if f.holds_checkers and isinstance(value, int):
                total += value
        if total != variant.checkers:
            _fail(where, f"{side} has {total} checkers, not {variant.checkers}: {position.id()}")
    counts = {
        side: {p + 1: n for p, n in enumerate(position.checkers(side)) if n}
        for side in (Side.WHITE, Side.BLACK)
    }
    pins = None
    if variant.contact is Contact.PIN:
        pins = {side: position.pinned(side) for side in (Side.WHITE, Side.BLACK)}
    rebuilt = variant.from_counts(
        counts[Side.WHITE],
        counts[Side.BLACK],
        bar={side: position.bar(side) for side in (Side.WHITE, Side.BLACK)},
        off={side: position.off(side) for side in (Side.WHITE, Side.BLACK)},
        turn=position.turn,
        pins=pins,
        extra={
            f.name: {side: position.extra(side)[f.name] for side in (Side.WHITE, Side.BLACK)}
            for f in variant.extra_state
        },
    )
    if rebuilt != position:
        _fail(where, f"rebuilt from counts, {position.id()} became {rebuilt.id()}")
    if variant.position(**position.to_array(), turn=position.turn) != position:
        _fail(where, f"the array form of {position.id()} does not read back")
    if Position.from_id(position.id()) != position:
        _fail(where, f"the position ID {position.id()} does not read back")
    if variant.gnubg_id_supported:
        back = Position.from_gnubg_id(variant, position.gnubg_id(), turn=position.turn)
        if back != position:
            _fail(
                where, f"the gnubg ID {position.gnubg_id()} of {position.id()} does not read back"
            )
    result = position.result()
    if position.is_over() != (result is not None):
        _fail(where, f"is_over() is {position.is_over()} but result() is {result}")
    if result is not None:
        # A draw (a variant's own rule, as plakoto's two pinned mothers) is
        # worth nothing to either side; every win is of a kind the variant scores.
        if result.kind is ResultKind.DRAW:
            if result.winner is not None or result.points != 0 or not _ended_by_rule(variant):
                _fail(where, f"{variant.spec()} gives an impossible draw {result}")
        elif result.kind not in variant.result_kinds():
            _fail(where, f"{variant.spec()} does not score {result.kind}")
        if result.winner is not None and variant.contact is not Contact.PIN:
            left = variant.checkers - position.off(result.winner)
            if left and not _ended_by_rule(variant):
                _fail(where, f"{result.winner} wins with {left} checkers left: {position.id()}")


def _ended_by_rule(variant: nardy.Variant) -> bool:
    """Whether the variant ends games otherwise than by bearing off (its own ``is_over``)."""
    return type(variant).is_over is not nardy.Variant.is_over


def check_play(before: Position, play: Play, after: Position, where: str) -> None:
    """Pip counts follow ``play`` from ``before`` to ``after`` (see the module doc)."""
    mover, other = before.turn, before.turn.opponent
    # A checker entering from the pool (source 26) counted 25 pips, as one on the bar.
    moved = sum(min(step.src, nardy.BAR) - step.dst for step in play.steps)
    if before.pip_count(mover) - after.pip_count(mover) != moved:
        _fail(
            where,
            f"{mover}'s pips went {before.pip_count(mover)} -> {after.pip_count(mover)} "
            f"after {play.notation()!r} ({moved} pips) from {before.id()}",
        )
    hit = any(step.hit for step in play.steps)
    theirs = (before.pip_count(other), after.pip_count(other))
    if theirs[1] < theirs[0] or (not hit and theirs[1] != theirs[0]):
        _fail(where, f"{other}'s pips went {theirs[0]} -> {theirs[1]} after {play.notation()!r}")


def check_outcome(game: Game, where: str) -> None:
    """A finished game's outcome agrees with its position, and its record round-trips."""
    outcome = game.outcome
    if outcome is None:
        _fail(where, "the game is over without an outcome")
        return
    if outcome.points != outcome.base * outcome.cube:
        _fail(where, f"outcome points {outcome.points} != {outcome.base} x cube {outcome.cube}")
    if outcome.reason in (EndReason.BEAR_OFF, EndReason.RULE, EndReason.DRAW):
        result = game.position.result()
        if result is None or outcome.winner != result.winner or outcome.result != result:
            _fail(where, f"the outcome {outcome} does not match the position's result {result}")
    record = game.to_dict()
    if Game.from_json(game.to_json()).to_dict() != record:
        _fail(where, "the game record does not round-trip")
    json.dumps(record)


def play_turns(game: Game, rng: random.Random, where: str, report: Report) -> Game:
    """One action of a random player on ``game``; plays are checked as they are made."""
    phase = game.phase
    if phase is Phase.ROLL and game.can_double() and rng.random() < 0.05:
        return game.double()
    if phase in (Phase.OPENING, Phase.ROLL):
        return game.roll()
    if phase is Phase.DOUBLED:
        return game.take() if rng.random() < 0.75 else game.drop()
    if phase in (Phase.BEAVERED, Phase.RESIGNED):
        return game.take() if phase is Phase.BEAVERED else game.reject()
    if phase is Phase.DECIDE:  # a double to name (acey-deucey's 1-2)
        return game.name_double(rng.choice(game.double_choices()))
    before = game.position
    plays = game.legal_plays()
    index = rng.randrange(len(plays))
    after = plays.resulting_position(index)
    game = game.play(index)
    report.moves += 1
    here = f"{where}, move {report.moves}"
    check_play(before, plays[index], after, here)
    check_position(after, here)
    if game.position != after and game.position != after.pass_turn():
        _fail(here, f"the game's position {game.position.id()} is not the play's {after.id()}")
    return game


def soak_game(variant: nardy.Variant, seed: int, report: Report) -> Game:
    """One random game of ``variant`` from ``seed``, every move checked."""
    where = f"{variant.spec()} game seed {seed}"
    rng = random.Random(seed)
    game = Game.new(variant, rng=random.Random(seed + 1))
    for _ in range(MAX_ACTIONS):
        if game.is_over():
            check_outcome(game, where)
            report.games += 1
            return game
        game = play_turns(game, rng, where, report)
    raise SoakError(f"{where}: not over after {MAX_ACTIONS} actions")


def soak_match(variant: nardy.Variant, seed: int, length: int, report: Report) -> Match:
    """One random match of ``variant`` to ``length`` from ``seed``, every move checked."""
    where = f"{variant.spec()} match seed {seed}"
    rng = random.Random(seed)
    match = Match.new(variant, length, rng=random.Random(seed + 1))
    for _ in range(MAX_ACTIONS):
        game = match.game
        if game is None:
            break
        played = len(match.games)
        match = match.advance(play_turns(game, rng, where, report))
        if len(match.games) > played:
            check_outcome(match.games[-1], f"{where}, game {played + 1}")
            report.games += 1
    else:
        raise SoakError(f"{where}: not over after {MAX_ACTIONS} actions")
    scores = [sum(g.points(g.side_of(player)) for g in match.games) for player in (0, 1)]
    if list(match.scores) != scores or match.winner is None:
        _fail(where, f"scores {match.scores} are not the games' points {scores}")
    if max(match.scores) < length:
        _fail(where, f"the match ended at {match.scores}, short of {length}")
    if Match.from_json(match.to_json()).to_dict() != match.to_dict():
        _fail(where, "the match record does not round-trip")
    report.matches += 1
    return match


def soak(
    games: int,
    matches: int,
    seed: int = 1,
    variants: Sequence[nardy.Variant] | None = None,
    length: int = 3,
) -> Report:
    """Play ``games`` games and ``matches`` matches (to ``length``) of each variant; the report."""
    chosen = list(variants) if variants is not None else [cls() for cls in VARIANTS]
    report = Report()
    began = time.perf_counter()
    total = len(chosen) * (games + matches)
    done = 0
    for variant in chosen:
        start = report.games
        for i in range(games):
            soak_game(variant, seed * 1_000_003 + i, report)
            done += 1
            if done == max(1, total // 10):
                report.early_mb = _peak_mb()
        for i in range(matches):
            soak_match(variant, seed * 1_000_003 + games + i, length, report)
            done += 1
            if done == max(1, total // 10):
                report.early_mb = _peak_mb()
        report.by_variant[variant.spec()] = report.games - start
    report.seconds = time.perf_counter() - began
    report.peak_mb = _peak_mb()
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak from the command line and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--matches", type=int, default=2, help="matches per variant (default 2)")
    parser.add_argument("--length", type=int, default=3, help="match length (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    parser.add_argument(
        "--variant",
        action="append",
        help="only this variant (name or spec; repeatable; default: every registered one)",
    )
    args = parser.parse_args(argv)
    variants = None if args.variant is None else [nardy.find_variant(v) for v in args.variant]
    print(f"nardy {nardy.__version__} ({'compiled' if nardy.compiled else 'pure Python'})")
    report = soak(args.games, args.matches, args.seed, variants, args.length)
    print(report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
