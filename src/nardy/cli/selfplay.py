"""``nardy selfplay``: seeded self-play games to a JSON-lines file (see :mod:`nardy.agents.selfplay`).

Exit status: 0 when every game was written, 1 when a game or a worker
failed, 2 for bad arguments (with the usage), 130 after Ctrl-C. After 1 or
130 the file holds the complete records of the games before the stop.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import IO, Any

from nardy.agents.selfplay import POLICIES, SelfPlayError, SelfPlayInterrupted, selfplay
from nardy.cli.args import add_seed, add_variant, positive
from nardy.errors import NardyError

__all__ = ["ProgressBar", "add_selfplay"]

#: The exit status after Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


class ProgressBar:
    """A one-line progress bar (games done, games/s), redrawn in place at most every 0.1 s.

    Draws only when ``stream`` is a terminal; elsewhere it writes nothing,
    so logs and pipes stay clean.
    """

    def __init__(self, stream: IO[str], width: int = 30) -> None:
        isatty = getattr(stream, "isatty", None)
        self.stream = stream
        self.width = width
        self.enabled = bool(isatty is not None and isatty())
        self.drawn = -1.0

    def __call__(self, done: int, total: int, seconds: float) -> None:
        """Redraw for ``done`` of ``total`` games after ``seconds`` (skipped if drawn < 0.1 s ago)."""
        if not self.enabled or (seconds - self.drawn < 0.1 and done < total):
            return
        self.drawn = seconds
        filled = self.width * done // max(total, 1)
        rate = done / seconds if seconds > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games, {rate:.1f} games/s")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line (if anything was drawn)."""
        if self.enabled and self.drawn >= 0:
            self.stream.write("\n")
            self.stream.flush()


def add_selfplay(sub: Any) -> None:
    """Register ``nardy selfplay`` on the ``nardy`` command's subparsers."""
    parser = sub.add_parser(
        "selfplay",
        help="play seeded self-play games to a JSON-lines file (processes or Ray)",
        description=(
            "Plays N games and writes one game record (JSON) per line, in game order. "
            "Game k's dice and choices come from (seed, k) alone: the file is the same "
            "for any number of workers and either backend."
        ),
    )
    add_variant(parser, "variant name, alias or spec (required)", required=True)
    parser.add_argument("--games", type=positive, required=True, metavar="N", help="games to play")
    add_seed(parser, default=0)
    parser.add_argument(
        "--workers",
        type=positive,
        metavar="K",
        help="games played at once (default: the CPUs here, or of the Ray cluster)",
    )
    # -o/--output as every command spells it; --out, the first spelling, still works.
    parser.add_argument(
        "-o",
        "--output",
        "--out",
        dest="out",
        required=True,
        metavar="FILE",
        help="the JSON-lines file to write",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run on Ray: a local Ray with K workers, or the cluster at ADDRESS",
    )
    parser.add_argument(
        "--policy",
        default="random",
        help=f"{', '.join(POLICIES)} or module:function (default random)",
    )
    parser.add_argument(
        "--chunk", type=positive, metavar="G", help="games per task (default: automatic)"
    )
    parser.set_defaults(run=_run_selfplay, usage=parser.format_usage)


def _run_selfplay(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    """Run ``nardy selfplay`` for parsed ``args``; returns the exit status."""
    if ":" in args.policy and "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # module:function from here, as `python -m` finds it
    bar = ProgressBar(stderr)
    ray = args.ray is not None
    try:
        selfplay(
            args.out,
            args.variant,
            args.games,
            args.seed,
            workers=args.workers,
            policy=args.policy,
            backend="ray" if ray else "processes",
            address=args.ray or None,
            chunk=args.chunk,
            progress=bar,
        )
    except SelfPlayInterrupted as exc:
        bar.close()
        stderr.write(f"nardy selfplay: interrupted; {_kept(args.out, exc.written, args.games)}\n")
        return INTERRUPTED
    except KeyboardInterrupt:  # before the output file was opened
        bar.close()
        stderr.write(f"nardy selfplay: interrupted before any game; {args.out} is untouched\n")
        return INTERRUPTED
    except SelfPlayError as exc:
        bar.close()
        stderr.write(f"nardy selfplay: {exc}\n{_kept(args.out, exc.written, args.games)}\n")
        return 1
    except NardyError as exc:  # found before any game was played
        stderr.write(args.usage())
        stderr.write(f"nardy selfplay: error: {exc}\n")
        return 2
    bar.close()
    return 0


def _kept(out: str, written: int, games: int) -> str:
    if written == 0:
        return f"{out} holds no record (0 of {games} games)"
    return f"{out} holds the complete records of games 0 to {written - 1} ({written} of {games})"
