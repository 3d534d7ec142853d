"""Perft speed: nardy's generator against gnubg-nn's, driving the same algorithm.

Both runs use :func:`nardy.perft.count` (level by level, multiplicities over
keys); only the move generator and the keys differ. Prints each side's time
and distinct states per second at each depth, and the ratio nardy / gnubg-nn.

Run: ``PYTHONPATH=src:tests python benchmarks/bench_perft.py [DEPTH]`` (default 2;
tests/ is on the path for the gnubg-nn driver of tests/test_perft.py).
"""

from __future__ import annotations

import sys
import time

import nardy
from nardy.perft import perft
from test_perft import gnubg_perft


def main() -> None:
    """Time backgammon perft to the given depth with both generators."""
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    variant = nardy.Backgammon()
    start = variant.starting_position()
    began = time.perf_counter()
    ours = perft(variant, depth).rows
    mine = time.perf_counter() - began
    began = time.perf_counter()
    theirs = gnubg_perft(start, depth)
    gnubg = time.perf_counter() - began
    assert list(ours) == theirs, "the two generators disagree"
    states = sum(row.distinct for row in ours)
    build = "compiled" if nardy.compiled else "pure Python"
    print(f"backgammon perft depth {depth}: {states:,} distinct states ({build})")
    print(f"  nardy     {mine:8.2f} s  {states / mine:12,.0f} states/s")
    print(f"  gnubg-nn  {gnubg:8.2f} s  {states / gnubg:12,.0f} states/s")
    print(f"  ratio nardy/gnubg-nn: {gnubg / mine:.2f}")


if __name__ == "__main__":
    main()
