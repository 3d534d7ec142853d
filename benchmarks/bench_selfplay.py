"""Self-play cost and throughput: CPU-seconds per game per variant, games/s per backend.

Usage::

    PYTHONPATH=src python benchmarks/bench_selfplay.py [--games 20] [--run 200] [--variant backgammon]

First, for every variant and both built-in policies, the CPU time of one
game played in this process (``nardy.agents.selfplay.play_game`` plus its JSON
record), and the record's size. Then ``--run`` games of ``--variant`` with
1 and 2 workers on each backend: wall-clock games/s including the start of
the worker processes (Ray itself is started once, before the timings, as on
a running cluster). Ray's rows are skipped when Ray is not installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from nardy import variant_names
from nardy.agents.selfplay import play_game, selfplay


def cpu_per_game(variant: str, policy: str, games: int) -> tuple[float, float, int]:
    """CPU-seconds per game, plays per game and record bytes per game."""
    start = time.process_time()
    plays = size = 0
    for k in range(games):
        game = play_game(variant, 1, k, policy)
        plays += sum(1 for a in game.history if a.kind.value == "play")
        size += len(game.to_json()) + 1
    return (time.process_time() - start) / games, plays / games, size // games


def throughput(variant: str, games: int, backend: str, workers: int, out: Path) -> float:
    start = time.perf_counter()
    selfplay(out, variant, games, 1, workers=workers, backend=backend)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant for CPU time")
    parser.add_argument("--run", type=int, default=200, help="games per throughput run")
    parser.add_argument("--variant", default="backgammon", help="the throughput runs' variant")
    args = parser.parse_args()
    print(f"CPUs: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    print(f"{'variant':12s} {'policy':7s} {'CPU s/game':>10s} {'plays':>6s} {'bytes':>7s}")
    for variant in variant_names():
        for policy in ("random", "greedy"):
            seconds, plays, size = cpu_per_game(variant, policy, args.games)
            print(f"{variant:12s} {policy:7s} {seconds:10.4f} {plays:6.0f} {size:7d}", flush=True)
    backends = ["processes"]
    ray: Any = None
    if importlib.util.find_spec("ray") is not None:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        backends.append("ray")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.jsonl"
        for backend in backends:
            for workers in (1, 2):
                rate = throughput(args.variant, args.run, backend, workers, out)
                print(f"{backend:9s} {workers} worker(s): {rate:6.1f} games/s", flush=True)
    if ray is not None:
        ray.shutdown()


if __name__ == "__main__":
    main()
