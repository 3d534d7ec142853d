"""Speed of nardy's 0-ply match review against gnubg's own ``analyse match`` at 0-ply.

Usage::

    python benchmarks/bench_review.py [--files N] [--profile]

For each of the first N matches of tests/data/mat (default 3), side by side
in one process: gnubg's ``import mat`` + ``analyse match`` at 0-ply (the
gnubg module, ``set threads 1``; the analysis alone is timed), and
:func:`nardy.analysis.review_match` on the same record with the gnubg-nn
engine (``open_engine("gnubg-nn")``, gnubg's 0-ply net) (gnubg's 0-ply net; the reading of the file is not timed).
Prints seconds and the ratio per match and in total; ``--profile`` adds
where nardy's time goes (the cube arithmetic, the classes, the legal plays,
the evaluator). The build of nardy (compiled or pure Python) is printed
first: the legal plays are part of the review's time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import nardy
from analysis_support import gnubg_module, match_files
from nardy.analysis import open_engine, review_match
from nardy.formats.mat import load_mat


def gnubg_seconds(path: Path) -> float:
    """The seconds of gnubg's `analyse match` at 0-ply on ``path``, timed (the import is not)."""
    gnubg = gnubg_module()
    gnubg.command("set analysis chequerplay evaluation plies 0")
    gnubg.command("set analysis cubedecision evaluation plies 0")
    gnubg.command(f'import mat "{path}"')
    started = time.perf_counter()
    gnubg.command("analyse match")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    build = "compiled" if nardy.compiled else "pure Python"
    print(f"nardy build: {build}; command: python benchmarks/bench_review.py --files {args.files}")
    evaluator = open_engine("gnubg-nn")
    total_g = total_n = 0.0
    for path in match_files(args.files):
        record = load_mat(path)
        g = gnubg_seconds(path)
        started = time.perf_counter()
        review_match(record, evaluator)
        n = time.perf_counter() - started
        total_g += g
        total_n += n
        print(f"{path.name[:50]:<52} gnubg {g:7.2f} s  nardy {n:7.2f} s  ratio {n / g:6.1f}")
    print(
        f"{'all':<52} gnubg {total_g:7.2f} s  nardy {total_n:7.2f} s  ratio {total_n / total_g:6.1f}"
    )
    if args.profile:
        record = load_mat(match_files(1)[0])
        profile = cProfile.Profile()
        profile.runcall(review_match, record, evaluator)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
