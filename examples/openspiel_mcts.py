"""OpenSpiel's MCTS bot against its random bot at long nardy (``nardy.agents.openspiel``).

Run ``python examples/openspiel_mcts.py --games 20 --simulations 20``; it
prints each game's returns and, at the end, how many games MCTS won. The
bots play alternately white and black. Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

import nardy.agents.openspiel  # registers the nardy_* games


def play(game: pyspiel.Game, bots: list[pyspiel.Bot], rng: np.random.RandomState) -> list[float]:
    """One game; returns the players' returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


def main(argv: Sequence[str] | None = None) -> int:
    """Play the match and print the tally."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="long-nardy", help="variant (long-nardy)")
    parser.add_argument("--games", type=int, default=20, help="games (20)")
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations a step (20)")
    parser.add_argument("--seed", type=int, default=1, help="seed (1)")
    args = parser.parse_args(argv)

    game = nardy.agents.openspiel.load(args.variant)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    wins = 0
    start = time.perf_counter()
    for k in range(args.games):
        me = k % 2  # MCTS plays white in even games, black in odd ones
        searcher = mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator,
            random_state=rng,
        )  # fmt: skip
        bots = [searcher, UniformRandomBot(1 - me, rng)]
        if me == 1:
            bots.reverse()
        returns = play(game, bots, rng)
        wins += returns[me] > 0
        print(f"game {k + 1}: MCTS as {'white' if me == 0 else 'black'}, returns {returns}")
    took = time.perf_counter() - start
    print(f"MCTS won {wins} of {args.games} games ({took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
