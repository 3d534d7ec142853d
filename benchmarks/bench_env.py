"""Random-agent episodes per second through nardy's PettingZoo environment, beside OpenSpiel.

For every variant and both action modes, ``--episodes`` whole games through
:func:`nardy.agents.env.aec_env` (the ``array`` observation): each agent reads its
observation with ``env.last()`` and picks an allowed action uniformly at
random from the mask, seeded. The agent reads the int8 mask through a bool
view (``np.flatnonzero(mask.view(np.bool_))``: the same bytes, the same
actions): numpy's ``nonzero`` on an int8 array tests one element at a time,
about 6 us on backgammon's 3,876-action mask in play mode, as much as the
environment's own work for an action, where on a bool array it is one
vectorised pass. So that the difference stays visible, backgammon in play
mode also runs with ``np.flatnonzero(mask)`` on the int8 mask itself (the
row marked "int8 mask"). In the same run:

* OpenSpiel's C++ ``backgammon`` driven from Python (``pyspiel``, when
  installed): dice as chance outcomes sampled by their probabilities, a
  random legal action otherwise, until the state is terminal;
* pgx's ``backgammon`` (CPU, batch 1, ``jax.jit``-compiled step) when pgx
  is installed.

Each side runs ``--repeat`` times, alternating, with the garbage collector
off, timed by the wall clock or, with ``--cpu``, by the CPU time of this
process (every side is one thread, so on a machine that other jobs share
this leaves out the time they take; on a quiet one the two agree); the
table gives episodes per second (median), actions per episode, and
each nardy row's rate over OpenSpiel's. The build of nardy that ran is
printed first; last, what ``copy.deepcopy`` of an environment part way
through a game costs (the best of ``--repeat`` batches, each mode; search
agents copy an environment at every node). Run ``python
benchmarks/bench_env.py --help``.
"""

from __future__ import annotations

import argparse
import copy
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np
import peers
from bench_legal import timed

import nardy
from nardy.agents.env import aec_env

#: One episode from a seeded generator; returns the number of actions.
Episode = Callable[[random.Random], int]


def nardy_episode(variant: str, mode: str, *, bool_view: bool = True) -> Episode:
    """One random game through the AEC environment (the mask read as bools, or as int8)."""
    env = aec_env(variant, action_mode=mode)

    def play(rng: random.Random) -> int:
        env.reset(seed=rng.randrange(1 << 30))
        actions = 0
        for _ in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            mask = obs["action_mask"]
            allowed = np.flatnonzero(mask.view(np.bool_) if bool_view else mask)
            env.step(int(allowed[rng.randrange(len(allowed))]))
            actions += 1
        return actions

    return play


def openspiel_episode(pyspiel: ModuleType) -> Episode:
    """One random game of OpenSpiel's C++ backgammon, driven from Python."""
    game = pyspiel.load_game("backgammon")

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        return actions

    return play


def pgx_episode(pgx: ModuleType) -> Episode:  # pragma: no cover - pgx is rarely installed
    """One random game of pgx's backgammon on the CPU, batch 1."""
    import jax  # pgx brings jax

    env = pgx.make("backgammon")
    init, step = jax.jit(env.init), jax.jit(env.step)

    def play(rng: random.Random) -> int:
        key = jax.random.PRNGKey(rng.randrange(1 << 30))
        state: Any = init(key)
        actions = 0
        while not bool(state.terminated):
            allowed = np.flatnonzero(np.asarray(state.legal_action_mask))
            key, sub = jax.random.split(key)
            state = step(state, int(allowed[rng.randrange(len(allowed))]), sub)
            actions += 1
        return actions

    return play


def copy_cost(variant: str, mode: str, repeat: int) -> float:
    """Microseconds for one ``copy.deepcopy`` of an environment a few actions into a game."""
    env = aec_env(variant, action_mode=mode)
    env.reset(seed=2)
    for _ in range(3):  # into the game: a roll part played in step mode
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    batch = 200

    def run() -> None:
        for _ in range(batch):
            copy.deepcopy(env)

    return min(timed(run) for _ in range(repeat)) / batch * 1e6


def cpu_timed(run: Callable[[], None]) -> float:
    """CPU seconds of this process for one run, the garbage collector off."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def measure(episode: Episode, episodes: int, seed: int, cpu: bool = False) -> tuple[float, int]:
    """Seconds (wall, or CPU with ``cpu``) for ``episodes`` games and the actions they took."""
    rng = random.Random(seed)
    total = [0]

    def run() -> None:
        for _ in range(episodes):
            total[0] += episode(rng)

    return (cpu_timed if cpu else timed)(run), total[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Play, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=20, help="episodes per run (20)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side (3)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the dice (2026)")
    parser.add_argument(
        "--variants", nargs="*", default=nardy.variant_names(), help="variants (all)"
    )
    parser.add_argument("--modes", nargs="*", default=["play", "step"], help="play and step")
    parser.add_argument(
        "--cpu", action="store_true", help="time by this process's CPU time, not the wall clock"
    )
    args = parser.parse_args(argv)

    build = "compiled" if nardy.compiled else "pure Python"
    print(f"nardy {nardy.__version__} ({build}), Python {platform.python_version()}; ", end="")
    clock = "CPU time" if args.cpu else "wall clock"
    print(f"{args.episodes} episodes per run, median of {args.repeat} runs ({clock})")
    sides: dict[str, Episode] = {
        f"nardy {v} {m}": nardy_episode(v, m) for v in args.variants for m in args.modes
    }
    if "backgammon" in args.variants and "play" in args.modes:
        sides["nardy backgammon play, int8 mask"] = nardy_episode(
            "backgammon", "play", bool_view=False
        )
    pyspiel = peers.load("pyspiel")
    if pyspiel is not None:
        sides["OpenSpiel backgammon (C++)"] = openspiel_episode(pyspiel)
    pgx = peers.load("pgx")
    if pgx is not None:  # pragma: no cover
        sides["pgx backgammon (CPU, batch 1)"] = pgx_episode(pgx)

    seconds: dict[str, list[float]] = {name: [] for name in sides}
    actions: dict[str, int] = {}
    for _ in range(args.repeat):
        for name, episode in sides.items():
            took, count = measure(episode, args.episodes, args.seed, args.cpu)
            seconds[name].append(took)
            actions[name] = count
    rate = {name: args.episodes / statistics.median(s) for name, s in seconds.items()}
    base = rate.get("OpenSpiel backgammon (C++)")
    print(f"{'side':40s} {'episodes/s':>11s} {'actions/ep':>11s} {'vs OpenSpiel':>13s}")
    for name in sides:
        ratio = f"{rate[name] / base:12.2f}x" if base else f"{'-':>13s}"
        per = actions[name] / args.episodes
        print(f"{name:40s} {rate[name]:11.1f} {per:11.1f} {ratio}")
    for mode in args.modes:
        variant = args.variants[0] if args.variants else "backgammon"
        cost = copy_cost(variant, mode, args.repeat)
        print(f"copy.deepcopy of a {variant} {mode} env part way through a game: {cost:.0f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
