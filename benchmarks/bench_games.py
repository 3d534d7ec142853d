"""Whole random games per second: nardy's public API against Python loops over the peers.

Every side plays ``--games`` backgammon games from the start, each turn
rolling two dice from a seeded ``random.Random`` and choosing a legal play
uniformly at random, until a side has borne off everything:

* nardy: ``position.legal_plays(roll)`` then ``legal.resulting_position(i)`` (the public
  API; one position built per turn);
* bgsage: ``possible_moves(board, d1, d2)``, a random board, then
  ``check_game_over`` and ``flip_board`` for the other side;
* gnubg-nn: ``moves(board, d1, d2)``, ``boardfromkey`` of a random key, and
  the two sides swapped for the next turn;
* OpenSpiel (``pyspiel``, when installed): its ``backgammon`` game, dice as
  chance outcomes and a random legal action until the state is terminal
  (it splits a roll into one action per checker move).

The runs alternate, ``--repeat`` times each, with the garbage collector off;
the report gives games per second (best and median), turns per game, and
nardy's rate over each peer's (medians). The build of nardy that ran is
printed first. Run ``python benchmarks/bench_games.py --help``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

import peers
from bench_legal import timed

import nardy
from nardy import Roll

Game = Callable[[random.Random], int]


def nardy_game(variant: nardy.Variant) -> Game:
    """One random game through the public API; returns the number of turns."""
    start = variant.starting_position()

    def play(rng: random.Random) -> int:
        position = start
        turns = 0
        while not position.is_over():
            legal = position.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
            position = legal.resulting_position(rng.randrange(len(legal)))
            turns += 1
        return turns

    return play


def bgsage_game(bgsage: ModuleType) -> Game:
    """One random game as a Python loop over bgsage."""
    possible, over, flip = bgsage.possible_moves, bgsage.check_game_over, bgsage.flip_board
    start = list(bgsage.STARTING_BOARD)

    def play(rng: random.Random) -> int:
        board = start
        turns = 0
        while True:
            turns += 1
            boards = possible(board, rng.randint(1, 6), rng.randint(1, 6))
            if boards:
                board = boards[rng.randrange(len(boards))]
                if over(board):
                    return turns
            board = flip(board)

    return play


def gnubg_game(gnubg: ModuleType) -> Game:
    """One random game as a Python loop over gnubg-nn."""
    moves, from_key = gnubg.moves, gnubg.boardfromkey
    side = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]

    def play(rng: random.Random) -> int:
        board = [side, side]
        turns = 0
        while True:
            turns += 1
            keys = moves(board, rng.randint(1, 6), rng.randint(1, 6))
            if keys:
                opponent, mover = from_key(keys[rng.randrange(len(keys))])
                if not any(mover):
                    return turns
                board = [list(mover), list(opponent)]
            else:
                board = [board[1], board[0]]

    return play


def openspiel_game(pyspiel: ModuleType) -> Game:
    """One random game as a Python loop over OpenSpiel's backgammon."""
    game = pyspiel.load_game("backgammon")

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        turns = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
                turns += 1
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
        return turns

    return play


def main(argv: Sequence[str] | None = None) -> int:
    """Play, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (200)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each side (5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the dice (2026)")
    args = parser.parse_args(argv)

    build = "compiled" if nardy.compiled else "pure Python"
    print(
        f"nardy {nardy.__version__} ({build}), Python {platform.python_version()}; "
        f"{args.games} random backgammon games a run, {args.repeat} runs each, alternating"
    )
    sides: dict[str, Game] = {"nardy": nardy_game(nardy.Backgammon())}
    for name, module, make in (
        ("bgsage", "bgsage", bgsage_game),
        ("gnubg-nn", "gnubg_nn", gnubg_game),
        ("OpenSpiel", "pyspiel", openspiel_game),
    ):
        loaded = peers.load(module)
        if loaded is None:
            print(f"  {name}: not installed, skipped")
        else:
            sides[name] = make(loaded)
    seconds: dict[str, list[float]] = {name: [] for name in sides}
    turns: dict[str, int] = {}
    for _ in range(args.repeat):
        for name, play in sides.items():

            def run(play: Game = play, name: str = name) -> None:
                rng = random.Random(args.seed)
                turns[name] = sum(play(rng) for _ in range(args.games))

            seconds[name].append(timed(run))
    base = statistics.median(seconds["nardy"])
    for name, times in seconds.items():
        best, median = args.games / min(times), args.games / statistics.median(times)
        ratio = "" if name == "nardy" else f"   nardy/this: {statistics.median(times) / base:5.2f}"
        print(
            f"  {name:10s} best {best:8,.0f} games/s  median {median:8,.0f} games/s  "
            f"({turns[name] / args.games:.0f} turns a game){ratio}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
