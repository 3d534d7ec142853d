"""Perft speed: nardy's generator against gnubg-nn's, driving the same algorithm.

Both runs use :func:`nardy.perft.count` (level by level, multiplicities over
keys); only the move generator and the keys differ. For each depth asked for
it prints each side's wall and CPU time, distinct states per CPU second, the
peak memory of the process so far, and the ratio nardy / gnubg-nn (of states
per CPU second: the machine may be shared, so CPU time is the fair measure),
with the load average before and after each depth (``os.getloadavg``).

Run: ``PYTHONPATH=src:tests python benchmarks/bench_perft.py [DEPTH ...]`` (default 2;
``2 3`` times both; tests/ is on the path for the gnubg-nn driver of
tests/test_perft.py). Depth 3 needs about 1.5 GB for nardy and 3.5 GB for gnubg-nn's keys.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections.abc import Callable

import nardy
from nardy.perft import PerftRow, perft
from test_perft import gnubg_perft


def timed(run: Callable[[], list[PerftRow]]) -> tuple[list[PerftRow], float, float]:
    """The rows, the wall seconds and the CPU seconds of ``run()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    rows = run()
    return rows, time.perf_counter() - wall, time.process_time() - cpu


def peak_mb() -> float:
    """The peak resident memory of this process so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(depth: int) -> None:
    """Time backgammon perft to ``depth`` with both generators and print the figures."""
    variant = nardy.Backgammon()
    start = variant.starting_position()
    before = os.getloadavg()[0]
    ours, wall, cpu = timed(lambda: list(perft(variant, depth).rows))
    ours_peak = peak_mb()
    theirs, gwall, gcpu = timed(lambda: gnubg_perft(start, depth))
    assert ours == theirs, "the two generators disagree"
    states = sum(row.distinct for row in ours)
    build = "compiled" if nardy.compiled else "pure Python"
    print(f"backgammon perft depth {depth}: {states:,} distinct states ({build})")
    print(f"  nardy     {wall:8.1f} s wall {cpu:8.1f} s CPU {states / cpu:12,.0f} states/s", end="")
    print(f"  peak {ours_peak:,.0f} MB")
    print(
        f"  gnubg-nn  {gwall:8.1f} s wall {gcpu:8.1f} s CPU {states / gcpu:12,.0f} states/s", end=""
    )
    print(f"  peak so far {peak_mb():,.0f} MB")
    print(f"  ratio nardy/gnubg-nn (states per CPU second): {gcpu / cpu:.2f}")
    print(f"  load average (1 min) {before:.2f} before, {os.getloadavg()[0]:.2f} after", flush=True)


def main() -> None:
    """Bench each depth given on the command line (default 2)."""
    for depth in [int(a) for a in sys.argv[1:]] or [2]:
        bench(depth)


if __name__ == "__main__":
    main()
