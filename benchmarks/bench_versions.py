"""Two source trees of nardy side by side: complete legal sets and whole random games.

The speed issue's pure-Python target compares the build of today with an
earlier release on the same machine in the same run ("at least twice
0.1.0's rates"). This script runs the same two loops under each tree, in
turns (A B A B ...), each in a fresh interpreter with only that tree's
``src`` on the path, and prints each side's best rate and the ratio B / A::

    git worktree add /tmp/nardy-0.1.0 dc359ba^    # 0.1.0 as the speed issue measured it
    NARDY_PURE=1 ...                               # (or a src without *.so)
    python benchmarks/bench_versions.py /tmp/nardy-0.1.0/src src

The loops use only the API both trees share:

* **sets**: ``variant.legal_plays(position, roll).raw_results()`` for each of
  the 5,000 stratified backgammon positions of ``bench_legal.py`` (a third
  each of contact, race and bear-off, 40% doubles), the legal-play cache
  cleared first; positions/s. The positions are built in each tree from
  their array form, so neither side pays for the other's objects.
* **games**: ``--games`` random backgammon games through the public API
  (``legal_plays(roll)``, then ``resulting_position(i)`` (0.1.0:
  ``result(i)``) of a seeded random play, until a side has borne off);
  games/s.

Each figure is the best of ``--repeat`` timed loops inside one interpreter
(processor time, the garbage collector off), and the best over ``--rounds``
interpreters. A tree that holds compiled modules (``*.so``) runs compiled;
to compare pure Python, point at trees without them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import positions

import nardy

#: The loop each interpreter runs: argv = positions file, games, repeat, seed.
CHILD = r"""
import gc, json, random, sys, time
import nardy
data = json.load(open(sys.argv[1]))
games, repeat, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
bg = nardy.Backgammon()
items = [(bg.position(d["board"], d["bar"], d["off"]), nardy.Roll(*d["dice"])) for d in data]

def clear():
    if hasattr(nardy, "cache"):
        nardy.cache.clear()
    else:  # 0.1.0 had no public control: its cache was a dict in nardy.variants.base
        vars(sys.modules["nardy.variants.base"])["_CACHE"].clear()

def best(run):
    fastest = float("inf")
    for _ in range(repeat):
        clear()
        gc.collect()
        gc.disable()
        start = time.process_time()
        run()
        fastest = min(fastest, time.process_time() - start)
        gc.enable()
    return fastest

def sets():
    for position, roll in items:
        bg.legal_plays(position, roll).raw_results()

def play():
    rng = random.Random(seed)
    for _ in range(games):
        position = bg.starting_position()
        while not position.is_over():
            legal = position.legal_plays(nardy.Roll(rng.randint(1, 6), rng.randint(1, 6)))
            after = getattr(legal, "resulting_position", None) or legal.result  # 0.1.0: result
            position = after(rng.randrange(len(legal)))

compiled = getattr(nardy, "compiled", False)
print(json.dumps({"sets": len(items) / best(sets), "games": games / best(play), "compiled": compiled}))
"""


def measure(src: Path, data: Path, games: int, repeat: int, seed: int) -> dict[str, float]:
    """One interpreter's figures for the tree at ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    args = [str(data), str(games), str(repeat), str(seed)]
    out = subprocess.run(
        [sys.executable, "-c", CHILD, *args], env=env, check=True, capture_output=True, text=True
    ).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, write the positions, run the trees in turns, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the src folder of tree A (the reference)")
    parser.add_argument("new", type=Path, help="the src folder of tree B")
    parser.add_argument("--games", type=int, default=100, help="random games a loop (100)")
    parser.add_argument("--repeat", type=int, default=3, help="timed loops an interpreter (3)")
    parser.add_argument("--rounds", type=int, default=3, help="interpreters a tree (3)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the sets and dice (2026)")
    args = parser.parse_args(argv)
    items = positions.stratified_set(nardy.Backgammon(), 5000, 0.4, args.seed)
    rows = []
    for position, roll in items:
        array = position.to_array()
        dice = [roll.high, roll.low]
        rows.append(
            {"board": array["board"], "bar": array["bar"], "off": array["off"], "dice": dice}
        )
    best: dict[str, dict[str, float]] = {"A": {}, "B": {}}
    builds: dict[str, bool] = {}
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "positions.json"
        data.write_text(json.dumps(rows))
        for _ in range(args.rounds):
            for side, src in (("A", args.old), ("B", args.new)):
                figures = measure(src, data, args.games, args.repeat, args.seed)
                builds[side] = bool(figures.pop("compiled"))
                for name, rate in figures.items():
                    best[side][name] = max(best[side].get(name, 0.0), rate)
    for side, src in (("A", args.old), ("B", args.new)):
        build = "compiled" if builds[side] else "pure Python"
        print(f"{side}: {src} ({build})")
    print(f"{'':8s} {'A':>12s} {'B':>12s} {'B / A':>7s}")
    for name, unit in (("sets", "positions/s"), ("games", "games/s")):
        a, b = best["A"][name], best["B"][name]
        print(f"{name:8s} {a:12,.0f} {b:12,.0f} {b / a:7.2f}   ({unit})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
