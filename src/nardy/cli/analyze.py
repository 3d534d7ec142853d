"""``nardy analyze FILE``: review a match record (``.mat`` or SGF) as gnubg's 0-ply analysis does.

The review is :func:`nardy.analysis.review_match`: the engine's cubeless
chances for every play of every roll, gnubg's 0-ply cube model on top.
``--engine`` defaults to gnubg's own net where installed (``gnubg-nn``,
then ``gnubg``), then ``sage``, else the heuristic: the figures are
gnubg's when the chances are gnubg's. ``--format text`` prints each
player's totals and the worst errors, ``json`` one object with a
``players`` list (and every game's decisions), ``csv`` one row per
decision. ``--games 1,3-5`` reviews those games only (the score before
each still counts every game); ``--player NAME`` (or 0, 1) keeps that
player's entry, decisions and errors. A progress bar goes to standard
error when it is a terminal and the review takes more than a moment.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import IO, Any

from nardy.analysis import (
    Decision,
    Limit,
    MatchReview,
    available_engines,
    engine_names,
    open_engine,
    review_match,
)
from nardy.errors import AnalysisInputError
from nardy.formats.mat import load_mat
from nardy.formats.replay import MatchRecord
from nardy.formats.sgf import load_sgf

__all__ = ["REVIEW_PREFERENCE", "ProgressBar", "add_analyze", "parse_games", "review_engine"]

#: The engines ``nardy analyze`` defaults to, in order (the first installed one):
#: gnubg's own 0-ply net first, as the review's definitions are gnubg's.
REVIEW_PREFERENCE = ("gnubg-nn", "gnubg", "sage", "heuristic")
# The progress bar appears once a review has taken this long (seconds).
_PATIENCE = 0.5
_BAR = 30


def review_engine() -> str:
    """The engine ``nardy analyze`` uses without ``--engine`` (see :data:`REVIEW_PREFERENCE`)."""
    installed = {b.name for b in available_engines()}
    return next(name for name in REVIEW_PREFERENCE if name in installed)


def parse_games(text: str) -> frozenset[int]:
    """Game numbers from ``"1,3-5"`` (an argparse type): numbers from 1, ranges inclusive."""
    games: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            first, last = int(low), int(high or low)
            if first < 1 or last < first:
                raise ValueError(part)
            games.update(range(first, last + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"takes game numbers from 1, e.g. 1,3-5; got {text!r}"
        ) from None
    return frozenset(games)


def add_analyze(sub: Any) -> None:
    """Add ``analyze`` to the ``nardy`` command's subparsers."""
    analyze = sub.add_parser(
        "analyze", help="review a match (.mat or SGF): errors, luck and PR as gnubg's analysis"
    )
    analyze.add_argument("file", metavar="FILE", help="a .mat or .sgf match record")
    analyze.add_argument(
        "--engine", choices=engine_names(), help="the engine (default: gnubg's net if installed)"
    )
    analyze.add_argument(
        "--plies", type=int, default=0, metavar="N", help="the chances' look-ahead (default 0)"
    )
    analyze.add_argument("--format", choices=("text", "json", "csv"), default="text")
    analyze.add_argument(
        "--games", type=parse_games, metavar="LIST", help="games to review, e.g. 1,3-5 (all)"
    )
    analyze.add_argument("--player", metavar="NAME", help="one player only (a name, 0 or 1)")
    analyze.set_defaults(run=_run_analyze)


def _read(path: str) -> MatchRecord:
    if Path(path).suffix.lower() == ".sgf":
        return load_sgf(path)
    return load_mat(path)


def _player(record: MatchRecord, name: str | None) -> int | None:
    """The index of the player ``--player`` names (``None``: both)."""
    if name is None:
        return None
    if name in ("0", "1"):
        return int(name)
    for index, player in enumerate(record.players):
        if player.casefold() == name.casefold():
            return index
    raise AnalysisInputError(
        f"--player {name!r} is neither 0, 1 nor a player of the record "
        f"({record.players[0]!r}, {record.players[1]!r})"
    )


class ProgressBar:
    """A progress bar on ``stream`` once a review has taken a moment; nothing when not a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.on = stream.isatty()
        self.started = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        """Draw the bar at ``done`` moves of ``total``."""
        if not self.on or time.monotonic() - self.started < _PATIENCE:
            return
        filled = _BAR * done // max(total, 1)
        self.stream.write(f"\rreviewing [{'#' * filled}{'.' * (_BAR - filled)}] {done}/{total}")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Wipe the bar from the terminal's line."""
        if self.shown:
            self.stream.write("\r" + " " * (_BAR + 30) + "\r")
            self.stream.flush()


def _run_analyze(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    record = _read(args.file)
    player = _player(record, args.player)
    bar = ProgressBar(stderr)
    with open_engine(args.engine or review_engine()) as engine:
        try:
            review = review_match(
                record, engine, Limit(plies=args.plies), games=args.games, progress=bar
            )
        finally:
            bar.clear()
    if args.format == "json":
        stdout.write(json.dumps(review_json(review, player)) + "\n")
    elif args.format == "csv":
        stdout.write(review.to_csv(player))
    else:
        stdout.write(review_text(review, player) + "\n")
    return 0


def review_json(review: MatchReview, player: int | None = None) -> dict[str, Any]:
    """The JSON object ``nardy analyze --format json`` prints (:meth:`MatchReview.to_json`'s, filtered)."""
    data: dict[str, Any] = json.loads(review.to_json())
    if player is None:
        return data
    data["players"] = [data["players"][player]]
    for game in data["games"]:
        game["players"] = [game["players"][player]]
        game["decisions"] = [d for d in game["decisions"] if d["player"] == player]
    return data


def review_text(review: MatchReview, player: int | None = None, worst: int = 10) -> str:
    """The table of both players' totals, then the ``worst`` costliest errors (of ``player``)."""
    info = review.engine
    head = f"{info.name} {info.version}, chances at {review.limit.plies} plies; gnubg's 0-ply cube"
    errors = [d for d in review.worst(len(review.decisions)) if d.error > 0]
    if player is not None:
        errors = [d for d in errors if d.player == player]
    lines = [head, "", review.to_text(), "", "Worst errors (MWC; points in money play):"]
    lines += [_error_line(review, d) for d in errors[:worst]] or ["  none"]
    return "\n".join(lines)


def _error_line(review: MatchReview, d: Decision) -> str:
    name = review.players[d.player].name
    cost = f"{100 * d.error_mwc:.2f}%" if review.length else f"{d.error_mwc:.3f}"
    if d.kind == "play" and d.roll is not None:
        what = f"rolled {d.roll[0]}{d.roll[1]}: played {d.played}, best {d.best}"
    else:
        what = f"{d.played}: right was {d.best}"
    return f"  game {d.game}, {name}: {what} (-{d.error:.3f} EMG, -{cost})"
