"""Two installed builds of nardy side by side: the cost of one ``legal_plays`` call through the public API, every variant.

Each build is a Python interpreter with nardy installed (a virtual
environment of the previous release's wheel, and one of this tree's). For
each variant, both answer the same questions: 400 positions of seeded random
games played through the public API (``legal_plays(roll)``, then a seeded
random play's ``resulting_position``), each asked with ``cache=False`` so
that every call searches. The figure is the cost of one call, and the ratio
of the second build to the first::

    python benchmarks/bench_api_builds.py OLD/bin/python NEW/bin/python
    python benchmarks/bench_api_builds.py OLD/bin/python NEW/bin/python --callgrind

Timing (the default) alternates the builds ``--repeat`` times, each in a
fresh interpreter, and keeps each side's best (microseconds a call).
``--callgrind`` counts instructions instead, which the load of a shared
machine does not change: each build runs the loop once and three times
under ``valgrind --tool=callgrind``, and the difference divided by the
calls it adds is the instructions a call (the steady cost, without
start-up). The random games differ between builds whose plays come in
another order, so the positions are each build's own, drawn alike.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

#: The loop each interpreter runs: argv = variant, passes (0: time the passes instead).
CHILD = r"""
import random, sys, time, nardy
spec, passes = sys.argv[1], int(sys.argv[2])
variant = nardy.find_variant(spec)
rng = random.Random(3)
items = []
position = variant.starting_position()
while len(items) < 400:
    if position.is_over():
        position = variant.starting_position()
    roll = variant.random_roll(rng)
    items.append((position, roll))
    legal = variant.legal_plays(position, roll)
    position = legal.resulting_position(rng.randrange(len(legal)))

def once():
    for position, roll in items:
        variant.legal_plays(position, roll, cache=False)

if passes:
    for _ in range(passes):
        once()
else:
    best = float("inf")
    for _ in range(7):
        began = time.process_time()
        for _ in range(5):
            once()
        best = min(best, (time.process_time() - began) / 5 / len(items))
    print(best * 1e6)
"""

#: The variants measured by default: every game, with backgammon first (the reference).
VARIANTS = (
    "backgammon",
    "nackgammon",
    "hypergammon",
    "caucasian",
    "long-nardy",
    "kush",
    "portes",
    "plakoto",
    "fevga",
    "tavla",
    "acey-deucey",
    "tabula",
    "gul-bara",
    "gioul",
)
#: The command that counts a child's instructions.
VALGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")
#: The calls one loop makes (400 positions).
CALLS = 400


def instructions(python: str, spec: str, passes: int) -> int:
    """The instructions callgrind counts for the loop of ``passes`` passes."""
    done = subprocess.run(
        [*VALGRIND, python, "-c", CHILD, spec, str(passes)],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        sys.exit(f"no instruction count from callgrind for {python} {spec}:\n{done.stderr}")
    return int(found.group(1))


def per_call_instructions(python: str, spec: str) -> float:
    """Instructions a call: three passes less one, over the calls of two passes."""
    return (instructions(python, spec, 3) - instructions(python, spec, 1)) / (2 * CALLS)


def per_call_time(python: str, spec: str) -> float:
    """Microseconds a call: the best of seven timed loops of five passes, in one fresh interpreter."""
    done = subprocess.run(
        [python, "-c", CHILD, spec, "0"], capture_output=True, text=True, check=True
    )
    return float(done.stdout)


def main() -> None:
    """Print each variant's cost a call under both builds, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", help="the first build's Python (the reference)")
    parser.add_argument("new", help="the second build's Python")
    parser.add_argument("--callgrind", action="store_true", help="count instructions")
    parser.add_argument("--repeat", type=int, default=3, help="timed rounds (default 3)")
    parser.add_argument("variants", nargs="*", default=VARIANTS, help="variant specs")
    args = parser.parse_intermixed_args()
    unit = "instructions" if args.callgrind else "us"
    print(f"{'variant':40} {'old ' + unit:>16} {'new ' + unit:>16} {'new/old':>8}")
    for spec in args.variants:
        if args.callgrind:
            old = per_call_instructions(args.old, spec)
            new = per_call_instructions(args.new, spec)
        else:
            olds, news = [], []
            for _ in range(args.repeat):  # alternated: a burst of load hits both
                olds.append(per_call_time(args.old, spec))
                news.append(per_call_time(args.new, spec))
            old, new = min(olds), min(news)
        print(f"{spec:40} {old:16,.2f} {new:16,.2f} {new / old:8.2f}")


if __name__ == "__main__":
    main()
