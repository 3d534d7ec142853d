"""``nardy play``: two engines, or an engine and a random player, play a match; and ``nardy demo --engine``.

``nardy play --engine NAME [--engine NAME|random] [--match N] [--seed S]
[--plies P] [--out FILE] [--variant NAME]`` plays a seeded match with
:func:`nardy.analysis.play_match` (the first ``--engine`` is player A, the
second player B, ``random`` by default; no ``--engine`` at all: the
strongest installed engine against random play), prints one line a game
and the result, then the review of the match (:func:`review_text`), and
writes the record to ``--out`` (``.mat``, ``.sgf`` or ``.json``, by its
extension). ``nardy demo --engine NAME`` is the same match, its length
``--match N`` (1 by default) and its record ``--record FILE`` (JSON).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from nardy.analysis import (
    Limit,
    available_engines,
    engine_names,
    open_engine,
    play_match,
    review_match,
)
from nardy.analysis.registry import BACKENDS
from nardy.cli import analyze
from nardy.cli.analysis import PREFERENCE
from nardy.cli.args import add_output, add_seed, add_variant, positive
from nardy.errors import AnalysisInputError, ReviewError, UnsupportedFormatError
from nardy.formats.mat import write_mat
from nardy.formats.replay import MatchRecord
from nardy.formats.sgf import write_sgf
from nardy.game.actions import EndReason
from nardy.game.game import Game
from nardy.model.registry import find_variant
from nardy.model.result import with_article

__all__ = [
    "WORST",
    "add_demo_engine",
    "add_play_command",
    "default_player",
    "match_lines",
    "review_text",
    "reviewer",
    "run_demo_engines",
    "run_play",
]

#: How ``--out`` writes a record, by the file's extension.
WRITERS: dict[str, Callable[[MatchRecord], str]] = {
    ".mat": lambda r: write_mat(r.match or r.games, r.players, r.tags),
    ".txt": lambda r: write_mat(r.match or r.games, r.players, r.tags),
    ".sgf": lambda r: write_sgf(r.match or r.games, r.players, r.tags),
    ".json": lambda r: (r.match.to_json(indent=1) if r.match else "") + "\n",
}

#: How many of the costliest errors the review after a match lists.
WORST = 5

Reviewer = Callable[[MatchRecord], str]
"""What prints the review of a finished match: the record in, the text out."""


def review_text(record: MatchRecord, engine: str | None = None, limit: Limit | None = None) -> str:
    """The review ``nardy play`` prints after the match: each side's errors, luck and PR.

    :func:`nardy.analysis.review_match` with ``engine`` (a name; ``None``:
    ``nardy analyze``'s default, gnubg's net where installed) at ``limit``,
    printed as ``nardy analyze`` prints it (its :data:`~nardy.cli.play.WORST` costliest
    errors). A variant
    the review does not take (it reviews backgammon and nackgammon), or an
    engine that does not play it, gives one line saying why.
    """
    name = analyze.review_engine() if engine is None else engine
    try:
        with open_engine(name) as opened:
            review = review_match(record, opened, limit)
    except ReviewError as exc:
        return f"Review: not available ({exc})"
    return "Review: " + analyze.review_text(review, worst=WORST)


def reviewer(first: str, second: str, variant: str, limit: Limit) -> Reviewer:
    """The review of a match ``first`` and ``second`` played: by the engine that played.

    The first of the two that is an engine reviewing ``variant``'s games
    (not ``random``), at the limit it played with; else the default review
    engine (:func:`review_text`).
    """
    name = find_variant(variant).name
    engines = [p for p in (first, second) if p != "random" and BACKENDS[p].describe().plays(name)]
    chosen = engines[0] if engines else None
    return lambda record: review_text(record, chosen, limit)


def _engine_choice(text: str) -> str:
    """An ``--engine`` value: an engine's name or ``random`` (an argparse type)."""
    name = text.strip().lower()
    if name != "random" and name not in engine_names():
        names = ", ".join([*engine_names(), "random"])
        raise argparse.ArgumentTypeError(f"unknown engine {text!r}: one of {names}")
    return name


def _engine_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        action="append",
        default=[],
        type=_engine_choice,
        metavar="NAME",
        help="player A's engine; again for player B's (or 'random', the default for B)",
    )
    parser.add_argument(
        "--plies", type=int, default=0, metavar="P", help="the engines' look-ahead (default 0)"
    )


def add_play_command(sub: Any) -> None:
    """Add ``play`` to the ``nardy`` command's subparsers ``sub``."""
    play = sub.add_parser(
        "play",
        help="two engines, or an engine and a random player, play a seeded match",
        description="Plays a seeded match and prints each game's result, the match's and "
        "the review. Without --engine: the strongest installed engine against random play.",
    )
    _engine_arguments(play)
    play.add_argument("--match", type=positive, default=3, metavar="N", help="points (3)")
    add_seed(play, default=1)
    add_output(play, "FILE", help="write the record here (.mat, .sgf or .json)")
    add_variant(play, "variant name, alias or spec (default backgammon)", default="backgammon")
    play.set_defaults(run=_run_play_command)


def add_demo_engine(demo: argparse.ArgumentParser) -> None:
    """Add ``--engine`` and ``--plies`` to ``nardy demo`` (an engine's match: see :func:`run_demo_engines`)."""
    _engine_arguments(demo)


def default_player(variant: str) -> str:
    """The strongest installed engine that plays ``variant`` (the heuristic plays them all)."""
    name = find_variant(variant).name
    installed = {b.name for b in available_engines()}
    return next(
        engine
        for engine in PREFERENCE
        if engine in installed and BACKENDS[engine].describe().plays(name)
    )


def _players(engines: list[str], variant: str) -> tuple[str, str]:
    if len(engines) > 2:
        raise AnalysisInputError(f"a match has two players: --engine given {len(engines)} times")
    if not engines:
        return default_player(variant), "random"
    return engines[0], engines[1] if len(engines) == 2 else "random"


def _writer(path: str | None) -> Callable[[MatchRecord], str] | None:
    if path is None:
        return None
    writer = WRITERS.get(Path(path).suffix.lower())
    if writer is None:
        raise UnsupportedFormatError(f"cannot tell the format of {path!r}: .mat, .sgf or .json")
    return writer


def run_play(
    engines: list[str],
    length: int,
    seed: int,
    plies: int,
    variant: str,
    out: IO[str],
    review: Reviewer | None = None,
) -> MatchRecord:
    """Play the match ``nardy play`` plays, print it and its review; the record.

    ``review`` (default: :func:`reviewer`'s, the engine that played)
    turns the finished record into the text printed after the match.
    """
    first, second = _players(engines, variant)
    limit = Limit(plies=plies)
    if review is None:
        review = reviewer(first, second, variant, limit)
    out.write(f"nardy play: {first} against {second}, match to {length}, seed {seed}\n")
    record = play_match(first, second, length, seed, variant, limit=limit)
    for line in match_lines(record):
        out.write(line + "\n")
    out.write(review(record) + "\n")
    return record


def _run_play_command(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    writer = _writer(args.output)  # a bad extension costs no match
    record = run_play(args.engine, args.match, args.seed, args.plies, args.variant, stdout)
    if writer is not None:
        Path(args.output).write_text(writer(record), encoding="utf-8")
    return 0


def run_demo_engines(args: argparse.Namespace, stdout: IO[str]) -> int:
    """``nardy demo --engine NAME``: :func:`run_play` with the demo's options; ``--record`` gets the JSON record."""
    length = 1 if args.match is None else args.match
    record = run_play(args.engine, length, args.seed, args.plies, args.variant, stdout)
    if args.record:
        Path(args.record).write_text(WRITERS[".json"](record), encoding="utf-8")
    return 0


def match_lines(record: MatchRecord) -> list[str]:
    """One line a game (who won, how, the score after it), then the match's result."""
    names = record.players
    lines = []
    scores = [0.0, 0.0]
    for number, game in enumerate(record.games, 1):
        lines.append(f"Game {number}: {_game_text(game, names, scores)}")
    match = record.match
    if match is not None and match.winner is not None:
        w = match.winner
        lines.append(
            f"Match: {names[w]} wins {match.scores[w]}-{match.scores[1 - w]} "
            f"after {len(record.games)} game{'s' if len(record.games) != 1 else ''}"
        )
    return lines


def _game_text(game: Game, names: tuple[str, str], scores: list[float]) -> str:
    """How a game ended and the score after it (a match's scores count every point won)."""
    outcome = game.outcome
    if outcome is None:
        return "not finished (the match was conceded)"
    if outcome.winner is None:
        for player in (0, 1):
            scores[player] += outcome.points
        return f"a draw, {outcome.points:g} each"
    player = game.player(outcome.winner)
    scores[player] += outcome.points
    if outcome.reason is EndReason.DROP:
        how = "by a dropped double"
    elif outcome.reason is EndReason.RESIGN:
        how = f"by resignation ({outcome.name})"
    else:
        how = with_article(outcome.name or "game")
    return (
        f"{names[player]} ({outcome.winner.name.lower()}) wins {how}, cube {outcome.cube}: "
        f"{outcome.points:g} point{'s' if outcome.points != 1 else ''}; "
        f"score {names[0]} {scores[0]:g}, {names[1]} {scores[1]:g}"
    )
