"""Passes of complete legal sets over a variant's self-play positions: a driver for instruction counts.

Wall-clock ratios on a shared machine swing with its load; the number of
instructions a pass executes does not. Run this under callgrind with 0 and
with 2 passes; the difference over twice the number of positions is the
instructions per position, through the public API
(``legal_plays(position, roll).raw_results()``, the cache cleared before
each pass), on the same sets as ``bench_legal.py`` section 3 (then again
with 0 passes)::

    PYTHONPATH=src:benchmarks valgrind --tool=callgrind python benchmarks/legal_pass.py kush 2

``--count`` prints how many positions a pass takes.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import positions

import nardy


def main(argv: Sequence[str] | None = None) -> int:
    """Run the passes (or print the set's size)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help="a variant spec, e.g. long-nardy or 'kush(six_block=home)'")
    parser.add_argument("passes", type=int, nargs="?", default=1, help="passes over the set (1)")
    parser.add_argument("--positions", type=int, default=2000, help="set size (2000)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the set (2026)")
    parser.add_argument("--count", action="store_true", help="print the set's size and stop")
    args = parser.parse_args(argv)
    variant = nardy.find_variant(args.variant)
    items = positions.self_play_set(variant, args.positions, 0.4, args.seed)
    if args.count:
        print(len(items))
        return 0
    legal = variant.legal_plays
    for _ in range(args.passes):
        nardy.cache.clear()
        for position, roll in items:
            legal(position, roll).raw_results()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
