"""Two installed builds of nardy side by side: the cost of one ``legal_plays`` call through the public API, every variant.

Each build is a Python interpreter with nardy installed (a virtual
environment of the previous release's wheel, and one of this tree's). For
each variant, both answer the same questions: 400 positions of seeded random
games played through the public API by the first build (``legal_plays(roll)``,
then a seeded random play's ``resulting_position``), each written as its ID
and roll and read back by both, so both builds meet the same positions
whatever order their plays come in. Each is asked with ``cache=False`` so
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
start-up).

``--turns`` measures a random game's turn through the public API instead,
on the same positions: ``is_over()``, then ``legal_plays(roll)`` with the
cache on (cleared before each pass), as a program that does not know
better calls it, then ``resulting_position`` of a seeded random play; the
figure is the cost of one turn.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

#: What the first build's interpreter prints: the questions, as lines of a
#: position's ID and a roll, drawn from seeded random games of ``argv[1]``.
QUESTIONS = r"""
import random, sys, nardy
variant = nardy.find_variant(sys.argv[1])
rng = random.Random(3)
position = variant.starting_position()
for _ in range(400):
    if position.is_over():
        position = variant.starting_position()
    roll = variant.random_roll(rng)
    print(position.id(), roll)
    legal = variant.legal_plays(position, roll)
    position = legal.resulting_position(rng.randrange(len(legal)))
"""

#: The loop each interpreter runs: argv = questions file, passes (0: time
#: the passes instead), what ("calls" or "turns").
CHILD = r"""
import random, sys, time, nardy
from nardy.cache import clear
passes, what = int(sys.argv[2]), sys.argv[3]
items = []
for line in open(sys.argv[1]):
    ident, roll = line.split()
    items.append((nardy.Position.from_id(ident), nardy.Roll.coerce(roll)))
variant = items[0][0].variant

def calls():
    for position, roll in items:
        variant.legal_plays(position, roll, cache=False)

def turns():
    clear()  # (every pass searches anew)
    play = random.Random(5)
    for position, roll in items:
        if not position.is_over():
            legal = position.legal_plays(roll)
            legal.resulting_position(play.randrange(len(legal)))

once = turns if what == "turns" else calls

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


def instructions(python: str, questions: str, passes: int, what: str) -> int:
    """The instructions callgrind counts for the loop of ``passes`` passes of ``what`` over ``questions`` (a file)."""
    done = subprocess.run(
        [*VALGRIND, python, "-c", CHILD, questions, str(passes), what],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        sys.exit(f"no instruction count from callgrind for {python} {questions}:\n{done.stderr}")
    return int(found.group(1))


def per_call_instructions(python: str, questions: str, what: str) -> float:
    """Instructions a call (or turn): three passes less one, over the calls of two passes."""
    extra = instructions(python, questions, 3, what) - instructions(python, questions, 1, what)
    return extra / (2 * CALLS)


def per_call_time(python: str, questions: str, what: str) -> float:
    """Microseconds a call (or turn): the best of seven timed loops of five passes, in one fresh interpreter."""
    done = subprocess.run(
        [python, "-c", CHILD, questions, "0", what], capture_output=True, text=True, check=True
    )
    return float(done.stdout)


def main() -> None:
    """Print each variant's cost a call under both builds, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", help="the first build's Python (the reference)")
    parser.add_argument("new", help="the second build's Python")
    parser.add_argument("--callgrind", action="store_true", help="count instructions")
    parser.add_argument("--repeat", type=int, default=3, help="timed rounds (default 3)")
    parser.add_argument(
        "--turns", action="store_true", help="a random game's turns, not legal_plays calls"
    )
    parser.add_argument("variants", nargs="*", default=VARIANTS, help="variant specs")
    args = parser.parse_intermixed_args()
    unit = "instructions" if args.callgrind else "us"
    what = "turns" if args.turns else "calls"
    print(f"{'variant':40} {'old ' + unit:>16} {'new ' + unit:>16} {'new/old':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for spec in args.variants:
            questions = str(Path(folder) / "questions.txt")
            asked = [args.old, "-c", QUESTIONS, spec]
            Path(questions).write_text(
                subprocess.run(asked, capture_output=True, text=True, check=True).stdout
            )
            if args.callgrind:
                old = per_call_instructions(args.old, questions, what)
                new = per_call_instructions(args.new, questions, what)
            else:
                olds, news = [], []
                for _ in range(args.repeat):  # alternated: a burst of load hits both
                    olds.append(per_call_time(args.old, questions, what))
                    news.append(per_call_time(args.new, questions, what))
                old, new = min(olds), min(news)
            print(f"{spec:40} {old:16,.2f} {new:16,.2f} {new / old:8.2f}")


if __name__ == "__main__":
    main()
