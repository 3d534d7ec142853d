"""Evaluators for the analysis tests: gnubg's own 0-ply net, through the gnubg module or gnubg-nn.

nardy.analysis takes an *evaluator*: a callable from a sequence of nardy
backgammon positions (each seen by its side to move) to their 0-ply
cubeless probabilities, five floats each in gnubg's order. These build one
from the engines the tests check against; src/ never imports them. Each
``*_module()`` skips the calling test when its engine is not installed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from nardy import Position

#: A board as gnubg takes it: the opponent's 25 counts (points 1..24 in its
#: own numbering, then its bar), then the side to move's.
GnubgBoard = tuple[tuple[int, ...], tuple[int, ...]]
Evaluator = Callable[[Sequence[Position]], list[tuple[float, float, float, float, float]]]

#: The real matches of tests/data/mat (MIT, see its LICENSE).
MATCHES = Path(__file__).parent / "data" / "mat"


def to_gnubg(position: Position) -> GnubgBoard:
    """``position`` as gnubg's board: ``(opponent, mover)``, each side in its own numbering."""
    s = position.raw
    mover = [max(x, 0) for x in s[1:25]] + [s[25]]
    opponent = [0] * 25
    for p in range(1, 25):
        if s[p] < 0:
            opponent[24 - p] = -s[p]
    opponent[24] = s[26]
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
            opponent, mover = to_gnubg(position)
            w, wg, wb, lg, lb = nn.probabilities([list(opponent), list(mover)], 0)
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
