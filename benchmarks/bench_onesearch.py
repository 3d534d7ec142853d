"""Speed of the one Python search (:mod:`nardy.engine.onesearch`) against the engine's public path.

What is measured (``python benchmarks/bench_onesearch.py --help`` for the knobs):

1. **Against the public path**, for backgammon, long nardy, tabula and
   acey-deucey: microseconds per position of
   :func:`~nardy.engine.onesearch.search` (the turn's rules,
   :func:`~nardy.engine.reference.turn_rules`, prepared before the clock;
   their cost is printed apart) and of the engine's public path,
   ``variant.legal_plays(position, roll, cache=False)`` (the hooks, the
   native core where it is loaded, else this same search, and the keys;
   before issue 39, the seven kernels), on the same seeded self-play positions (40%
   doubles; three dice for tabula), and the ratio of the two. Before timing,
   each position's set of the search is checked equal to the engine's.
2. **Every built-in variant**: the search's microseconds per position on
   positions of its own self-play, and the ratio to backgammon's.

Runs alternate (``--repeat`` each, the garbage collector off, timed in CPU
time of the process); the best run is kept. The build of nardy (compiled or pure Python) is printed first.
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from collections.abc import Callable, Sequence

import positions
from positions import Item

import nardy
from nardy import Variant
from nardy.engine.onesearch import search
from nardy.engine.reference import TurnRules, turn_rules

Run = Callable[[], object]
#: The variants compared with today's engine (section 1).
COMPARED = ("backgammon", "long-nardy", "tabula", "acey-deucey")


def timed(run: Run) -> float:
    """CPU seconds of this process for one run, the garbage collector off (a busy machine slows it less than the clock)."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def prepared(variant: Variant, items: Sequence[Item]) -> list[tuple[tuple[int, ...], TurnRules]]:
    """Each item's start state and turn rules, made before the clock."""
    return [(p.raw, turn_rules(variant, p.raw, r)) for p, r in items]


def onesearch_run(cases: list[tuple[tuple[int, ...], TurnRules]]) -> Run:
    """The one search over every prepared case."""

    def run() -> None:
        for start, rules in cases:
            search(start, rules)

    return run


def rules_run(variant: Variant, items: Sequence[Item]) -> Run:
    """Asking the variant's hooks for every item's turn rules (what section 1 leaves out)."""

    def run() -> None:
        for position, roll in items:
            turn_rules(variant, position.raw, roll)

    return run


def engine_run(variant: Variant, items: Sequence[Item]) -> Run:
    """Today's engine through the public API, no cache."""

    def run() -> None:
        legal = variant.legal_plays
        for position, roll in items:
            legal(position, roll, cache=False)

    return run


def agree(variant: Variant, items: Sequence[Item]) -> int:
    """How many items the search's set of results differs from the engine's on."""
    bad = 0
    for position, roll in items:
        start = position.raw
        ours = {state for state, _ in search(start, turn_rules(variant, start, roll))}
        theirs = set(variant.legal_plays(position, roll, cache=False).result_states())
        bad += (ours or {start}) != theirs
    return bad


def best(runs: dict[str, Run], repeat: int, count: int) -> dict[str, float]:
    """Microseconds per position of each run, the best of ``repeat``, the runs alternating."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds[name].append(timed(run))
    return {name: min(times) / count * 1e6 for name, times in seconds.items()}


def against_engine(count: int, repeat: int, seed: int) -> int:
    """Section 1; returns how many sets disagreed."""
    print(f"\n1. The one search against today's engine: {count} self-play positions each")
    print(f"  {'':14s} {'search':>9s} {'engine':>9s} {'ratio':>6s} {'rules':>9s}  (us/position)")
    disagreed = 0
    for spec in COMPARED:
        variant = nardy.find_variant(spec)
        items = positions.self_play_set(variant, count, 0.4, seed)
        bad = agree(variant, items)
        disagreed += bad
        runs = {
            "search": onesearch_run(prepared(variant, items)),
            "engine": engine_run(variant, items),
            "rules": rules_run(variant, items),
        }
        runs["search"]()  # (one untimed pass: the allocator's warm-up)
        us = best(runs, repeat, len(items))
        warn = f"  {bad} sets DISAGREE" if bad else ""
        print(
            f"  {spec:14s} {us['search']:9.1f} {us['engine']:9.1f}"
            f" {us['search'] / us['engine']:5.2f}x {us['rules']:9.1f}{warn}"
        )
    return disagreed


def every_variant(count: int, repeat: int, seed: int) -> None:
    """Section 2: the search's cost per position of every built-in variant, against backgammon's."""
    print(f"\n2. The one search on every variant: {count} self-play positions each")
    runs: dict[str, Run] = {}
    sizes: dict[str, int] = {}
    for cls in nardy.VARIANTS:
        variant = nardy.find_variant(cls.name)
        items = positions.self_play_set(variant, count, 0.4, seed)
        runs[cls.name] = onesearch_run(prepared(variant, items))
        sizes[cls.name] = len(items)
    runs["backgammon"]()
    per = best(runs, repeat, 1)
    base = per["backgammon"] / sizes["backgammon"]
    print(f"  {'':14s} {'us/position':>11s} {'vs bg':>6s}")
    for name, total in per.items():
        micro = total / sizes[name]
        print(f"  {name:14s} {micro:11.1f} {micro / base:5.2f}x")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, build the seeded sets, time, print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="positions per variant (1000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the sets (2026)")
    parser.add_argument("--skip-variants", action="store_true", help="skip section 2")
    args = parser.parse_args(argv)
    build = "compiled" if nardy.compiled else "pure Python"
    print(
        f"nardy {nardy.__version__} ({build}), Python {platform.python_version()}, "
        f"{platform.machine()}; seed {args.seed}, best of {args.repeat} runs, alternating"
    )
    disagreed = against_engine(args.count, args.repeat, args.seed)
    if not args.skip_variants:
        every_variant(args.count, args.repeat, args.seed)
    return 1 if disagreed else 0


if __name__ == "__main__":
    sys.exit(main())
