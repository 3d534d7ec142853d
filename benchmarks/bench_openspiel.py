"""Random games per second through nardy's OpenSpiel games, beside OpenSpiel's C++ backgammon.

The loop an OpenSpiel user writes, timed for OpenSpiel's own C++
``backgammon`` and for every nardy variant's game (``nardy_<name>``,
:mod:`nardy.agents.openspiel`) in the same run::

    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)

``rng`` is Python's :class:`random.Random` (``--numpy``: numpy's
``Generator.choice(outcomes, p=probs)`` and ``choice(legal)``, slower
calls that weigh the same on both sides). The *clone* loop does the same
with ``state = state.clone()`` before every action, as a tree search
clones at every node.

Each run plays ``--games`` games from the seed ``--seed + run``: every
side plays the same number of games from the same seed, and each run new
games (a replay of the same games would find nardy's per-position caches
warm; positions that come back in new games, such as the openings, find
them warm as real games do). The sides alternate, ``--repeat`` runs each,
with the garbage collector off, timed by the wall clock (``--cpu``: this
process's CPU time, which leaves out other jobs on a shared machine). The
table gives games per second (median of the runs), actions per game
(chance and players'), and each rate over the C++ game's (ratio of
medians). The build of nardy that ran is printed first. Run ``python
benchmarks/bench_openspiel.py --help``.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import peers

import nardy

#: One game from a seeded generator; returns the number of actions applied.
Episode = Callable[[int], int]
#: The C++ game every row is compared with.
BASE = "OpenSpiel backgammon (C++)"


def episode(game: Any, *, clone: bool, numpy: bool) -> Episode:
    """One random game of ``game`` (cloning the state before each action with ``clone``)."""
    if numpy:
        import numpy as np

    def play(seed: int) -> int:
        state = game.new_initial_state()
        actions = 0
        if numpy:
            gen = np.random.default_rng(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    action = int(gen.choice(outcomes, p=probs))
                else:
                    action = int(gen.choice(state.legal_actions()))
                if clone:
                    state = state.clone()
                state.apply_action(action)
                actions += 1
            return actions
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            if clone:
                state = state.clone()
            state.apply_action(action)
            actions += 1
        return actions

    return play


def measure(play: Episode, games: int, seed: int, cpu: bool) -> tuple[float, int]:
    """Seconds (wall, or CPU with ``cpu``) for ``games`` games from ``seed``, and their actions."""
    seeds = random.Random(seed)
    plan = [seeds.randrange(1 << 30) for _ in range(games)]
    clock = time.process_time if cpu else time.perf_counter
    gc.collect()
    gc.disable()
    try:
        start = clock()
        actions = sum(play(s) for s in plan)
        return clock() - start, actions
    finally:
        gc.enable()


def race(
    sides: dict[str, Episode], games: int, repeat: int, seed: int, cpu: bool
) -> tuple[dict[str, float], dict[str, float]]:
    """Games per second (median of ``repeat`` alternating runs) and actions per game, by side."""
    seconds: dict[str, list[float]] = {name: [] for name in sides}
    actions: dict[str, int] = dict.fromkeys(sides, 0)
    for run in range(repeat):
        for name, play in sides.items():
            took, count = measure(play, games, seed + run, cpu)
            seconds[name].append(took)
            actions[name] += count
    rates = {name: games / statistics.median(s) for name, s in seconds.items()}
    per_game = {name: actions[name] / (games * repeat) for name in sides}
    return rates, per_game


def show(title: str, rates: dict[str, float], per_game: dict[str, float]) -> None:
    """Print one table: games/s, actions per game, and the ratio to the C++ game."""
    print(f"\n{title}")
    print(f"{'game':34s} {'games/s':>9s} {'actions/game':>13s} {'vs C++':>8s}")
    base = rates[BASE]
    for name, rate in rates.items():
        print(f"{name:34s} {rate:9.1f} {per_game[name]:13.1f} {rate / base:7.2f}x")


def main(argv: Sequence[str] | None = None) -> int:
    """Play, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per run (20)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each side (5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the first run (2026)")
    parser.add_argument(
        "--variants", nargs="*", default=nardy.variant_names(), help="nardy variants (all)"
    )
    parser.add_argument(
        "--loops",
        nargs="*",
        default=["random", "clone"],
        choices=["random", "clone"],
        help="the plain random loop and the one that clones at every action (both)",
    )
    parser.add_argument("--numpy", action="store_true", help="numpy's Generator.choice draws")
    parser.add_argument(
        "--cpu", action="store_true", help="time by this process's CPU time, not the wall clock"
    )
    args = parser.parse_args(argv)

    pyspiel = peers.load("pyspiel")
    if pyspiel is None:
        print("OpenSpiel is not installed: pip install 'nardy[openspiel]'", file=sys.stderr)
        return 1
    from nardy.agents.openspiel import load

    build = "compiled" if nardy.compiled else "pure Python"
    clock = "CPU time" if args.cpu else "wall clock"
    draws = "numpy Generator.choice" if args.numpy else "random.Random"
    print(f"nardy {nardy.__version__} ({build}), Python {platform.python_version()}; ", end="")
    print(f"{args.games} games per run, median of {args.repeat} runs ({clock}, {draws})")
    games: dict[str, Any] = {BASE: pyspiel.load_game("backgammon")}
    for variant in args.variants:
        games[f"nardy {variant}"] = load(variant)
    for loop in args.loops:
        sides = {
            name: episode(game, clone=loop == "clone", numpy=args.numpy)
            for name, game in games.items()
        }
        rates, per_game = race(sides, args.games, args.repeat, args.seed, args.cpu)
        what = "state.clone() before every action" if loop == "clone" else "random actions"
        show(f"{loop}: {what}", rates, per_game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
