"""Evaluators for the analysis tests: gnubg's own 0-ply net, through the gnubg module or gnubg-nn.

nardy.analysis takes an *evaluator*: a callable from a sequence of nardy
backgammon positions (each seen by its side to move) to their 0-ply
cubeless probabilities, five floats each in gnubg's order. These build one
from the engines the tests check against; src/ never imports them. Each
``*_module()`` skips the calling test when its engine is not installed.
"""

from __future__ import annotations

import functools
import pickle
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from nardy import Position
from nardy.analysis.boards import gnubg_board

#: A board as gnubg takes it: the opponent's 25 counts (points 1..24 in its
#: own numbering, then its bar), then the side to move's.
GnubgBoard = tuple[tuple[int, ...], tuple[int, ...]]
Evaluator = Callable[[Sequence[Position]], list[tuple[float, float, float, float, float]]]

#: The real matches of tests/data/mat (MIT, see its LICENSE).
MATCHES = Path(__file__).parent / "data" / "mat"


def gnubg_lists(position: Position) -> list[list[int]]:
    """``position`` as gnubg's board, as lists: ``[opponent, mover]`` (nardy's own conversion)."""
    return gnubg_board(position)


def to_gnubg(position: Position) -> GnubgBoard:
    """``position`` as gnubg's board: ``(opponent, mover)``, each side in its own numbering."""
    opponent, mover = gnubg_lists(position)
    return (tuple(opponent), tuple(mover))


@functools.cache
def gnubg_module() -> Any:
    """The gnubg module, single-threaded (it hangs in analysis otherwise); skips without it."""
    module = pytest.importorskip("gnubg", reason="the gnubg module is not installed")
    module.command("set threads 1")
    return module


def gnubg_nn_module() -> Any:
    """The gnubg_nn module; skips without it."""
    return pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed")


def gnubg_evaluator() -> Evaluator:
    """0-ply cubeless probabilities from the gnubg module (gnubg's own evaluation)."""
    gnubg = gnubg_module()
    context = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    cube = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)

    def evaluate(positions: Sequence[Position]) -> list[tuple[float, float, float, float, float]]:
        out = []
        for position in positions:
            w, wg, wb, lg, lb = gnubg.evaluate(to_gnubg(position), cube, context)[:5]
            out.append((w, wg, wb, lg, lb))
        return out

    return evaluate


def gnubg_nn_evaluator() -> Evaluator:
    """0-ply cubeless probabilities from gnubg-nn."""
    nn = gnubg_nn_module()

    def evaluate(positions: Sequence[Position]) -> list[tuple[float, float, float, float, float]]:
        out = []
        for position in positions:
            w, wg, wb, lg, lb = nn.probabilities(gnubg_lists(position), 0)
            out.append((w, wg, wb, lg, lb))
        return out

    return evaluate


def match_files(limit: int | None = None) -> list[Path]:
    """The .mat files of tests/data/mat, sorted by name, the first ``limit`` of them."""
    files = sorted(p for p in MATCHES.glob("*.txt"))
    return files if limit is None else files[:limit]


def safe_name(path: Path) -> str:
    """A short id for a match file in test ids."""
    return re.sub(r"\W+", "_", path.stem)[:40]


# --- gnubg's own analysis, for comparison ------------------------------------------------


@attrs.frozen
class GnubgMove:
    """One checker play of gnubg's analysis: who, the dice, the luck and the error (EMG)."""

    player: str
    roll: tuple[int, int]
    luck: float | None
    error: float | None


@attrs.frozen
class GnubgAnalysis:
    """gnubg's 0-ply analysis of a match: its checker plays and each player's match totals."""

    moves: tuple[GnubgMove, ...]
    #: name -> {"checker": EMG, "luck": EMG, "cube": EMG, "unforced": n, "moves": n,
    #: "cube decisions": n, "close": n}
    totals: dict[str, dict[str, float]]
    #: Seconds gnubg's `analyse match` took.
    seconds: float
    #: The cube errors gnubg charged: (game from 1, player, error EMG as a positive cost).
    cube_errors: tuple[tuple[int, str, float], ...] = ()


_MOVE = re.compile(r"^Move number \d+:\s+(.+?) to play (\d)(\d)\s*$")
_ROLLED = re.compile(r"^Rolled \d\d \(([-+]?\d+\.\d+)\):")
_STARRED = re.compile(
    r"^\*\s+\d+\.\s+Cubeful 0-ply\s+.*?Eq\.:\s+\S+(?:\s+\(([-+]?\d+\.\d+)\))?\s*$"
)
_STAT = re.compile(r"^(.+?)\s{2,}([-+]?\d+(?:\.\d+)?)\b.*?\s{2,}([-+]?\d+(?:\.\d+)?)\b")


def gnubg_analysis(path: Path, workdir: Path) -> GnubgAnalysis:
    """Import ``path`` into gnubg, `analyse match` at 0-ply and parse `export match text`.

    It runs in a Python process of its own: gnubg's module is one global
    program, and a match imported and analysed in it makes a later `set
    xgid` of another test (tests/test_ids_gnubg.py) abort the process. (A
    forked child can hang on the threads gnubg started, so a new one.)
    """
    gnubg_module()  # (skips the test here, in the parent, without gnubg)
    script = (
        "import pickle, sys; from pathlib import Path; "
        f"sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "import analysis_support as a; "
        "Path(sys.argv[3]).write_bytes("
        "pickle.dumps(a.analyse_in_gnubg(Path(sys.argv[1]), Path(sys.argv[2]))))"
    )
    # (The answer goes through a file: gnubg prints on standard output.)
    answer = workdir / "analysis.pickle"
    done = subprocess.run(
        [sys.executable, "-c", script, str(path), str(workdir), str(answer)],
        capture_output=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-3000:]
    analysis: GnubgAnalysis = pickle.loads(answer.read_bytes())
    answer.unlink()
    return analysis


def analyse_in_gnubg(path: Path, workdir: Path) -> GnubgAnalysis:
    """:func:`gnubg_analysis`'s work, in the process that runs it."""
    gnubg = gnubg_module()
    for command in (
        "set output digits 5",
        "set analysis chequerplay evaluation plies 0",
        "set analysis cubedecision evaluation plies 0",
        f'import mat "{path}"',
    ):
        gnubg.command(command)
    started = time.perf_counter()
    gnubg.command("analyse match")
    seconds = time.perf_counter() - started
    out = workdir / "export.txt"
    gnubg.command(f'export match text "{out}"')
    files = sorted(workdir.glob("export*.txt"), key=lambda p: (len(p.name), p.name))
    lines = [line for f in files for line in f.read_text(encoding="utf-8").splitlines()]
    for f in files:
        f.unlink()
    return GnubgAnalysis(_moves(lines), _totals(lines), seconds, _cube_errors(lines))


def _moves(lines: list[str]) -> tuple[GnubgMove, ...]:
    moves: list[GnubgMove] = []
    current: dict[str, Any] | None = None
    for line in lines:
        m = _MOVE.match(line)
        if m or line.startswith(("Move number", "Game statistics")):
            if current is not None:
                moves.append(GnubgMove(**current))
            current = None
            if m:
                roll = (int(m[2]), int(m[3]))
                current = {
                    "player": m[1],
                    "roll": (max(roll), min(roll)),
                    "luck": None,
                    "error": None,
                }
            continue
        if current is None:
            continue
        if r := _ROLLED.match(line):
            current["luck"] = float(r[1])
        elif s := _STARRED.match(line):
            current["error"] = -float(s[1]) if s[1] else 0.0
    if current is not None:
        moves.append(GnubgMove(**current))
    return tuple(moves)


_ACTOR = re.compile(r"^\* (.+?) (?:moves|doubles|redoubles|accepts|rejects|beavers|cannot)")
_CUBE_ALERT = re.compile(
    r"^Alert: (?:missed|wrong) (?:double|redouble|take|pass)\w* \(([-+]?\d+\.\d+)\)"
)


def _cube_errors(lines: list[str]) -> tuple[tuple[int, str, float], ...]:
    """gnubg's cube alerts, each with its game and the player who acted (the line before)."""
    game, actor, found = 1, "", []
    for line in lines:
        if line.startswith("Game statistics for game"):
            game += 1
        elif a := _ACTOR.match(line):
            actor = a[1]
        elif c := _CUBE_ALERT.match(line):
            found.append((game, actor, -float(c[1])))
    return tuple(found)


def _totals(lines: list[str]) -> dict[str, dict[str, float]]:
    start = max(i for i, line in enumerate(lines) if line.startswith("Match statistics"))
    names: list[str] = []
    section = ""
    totals: dict[str, dict[str, float]] = {}
    wanted = {
        ("Chequerplay", "Error total EMG (MWC)"): "checker",
        ("Chequerplay", "Total moves"): "moves",
        ("Chequerplay", "Unforced moves"): "unforced",
        ("Luck", "Luck total EMG (MWC)"): "luck",
        ("Cube", "Error total EMG (MWC)"): "cube",
        ("Cube", "Total cube decisions"): "cube decisions",
        ("Cube", "Close or actual cube decisions"): "close",
    }
    for line in lines[start:]:
        if line.startswith("Player"):
            names = re.split(r"\s{2,}", line.strip())[1:]
            totals = {n: {} for n in names}
        elif line.endswith("statistics"):
            section = line.split()[0]
        elif s := _STAT.match(line):
            key = wanted.get((section, s[1].strip()))
            if key:
                for name, value in zip(names, (s[2], s[3]), strict=True):
                    totals[name][key] = (
                        abs(float(value)) if key in ("checker", "cube") else float(value)
                    )
    return totals
