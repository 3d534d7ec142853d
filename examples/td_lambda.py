"""TD(lambda) self-play on long nardy, TD-Gammon style, with numpy only; then a match against random.

A small neural network (one hidden layer) estimates the probability that
the side to move wins, from the ``unit`` encoding of the position
(:func:`nardy.agents.env.encoding.unit_encoding`) and the two pip counts. Each turn the player encodes the
position after every legal play (the afterstates) and picks the one worst
for the opponent; after each of its turns it moves its estimate of the
previous position towards the new one (temporal differences, with
eligibility traces decaying by ``lambda``), and at the end towards the
result (1 won, 0 lost). Both sides learn from the same network.

Then the greedy player meets a uniformly random one, alternating colours,
and the script prints the score::

    python examples/td_lambda.py --games 300 --match 100 --seed 1

Needs numpy (``pip install nardy[rl]`` brings it); nothing else.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

import nardy
from nardy.agents.env.encoding import unit_encoding
from nardy.variants.turn_hooks import runs_turns

Vector = npt.NDArray[np.float64]


class Net:
    """``V(x) = sigmoid(w2 . tanh(W1 x + b1) + b2)``: the mover's chance to win."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator) -> None:
        self.W1 = rng.normal(0.0, 0.1, (hidden, inputs))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.1, hidden)
        self.b2 = np.zeros(1)

    def values(self, x: Vector) -> Vector:
        """The values of a batch of encoded positions (one row each)."""
        h = np.tanh(x @ self.W1.T + self.b1)
        out: Vector = 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2[0])))
        return out

    def value_and_gradient(self, x: Vector) -> tuple[float, list[Vector]]:
        """``V(x)`` and its gradient with respect to ``W1, b1, w2, b2``."""
        h = np.tanh(self.W1 @ x + self.b1)
        v = float(1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2[0]))))
        dz = v * (1.0 - v)
        dh = dz * self.w2 * (1.0 - h * h)
        return v, [np.outer(dh, x), dh, dz * h, np.array([dz])]

    def params(self) -> list[Vector]:
        """The parameters, in the gradient's order."""
        return [self.W1, self.b1, self.w2, self.b2]


def encode(position: nardy.Position) -> Vector:
    """The network's input: the unit encoding and both pip counts (mover first), scaled.

    The pip counts are an "expert feature" in Tesauro's sense: the network
    could learn them, but given them it learns the race in far fewer games.
    """
    pips = [position.pip_count(position.turn), position.pip_count(position.turn.opponent)]
    scale = 24.0 * position.variant.checkers
    return np.concatenate([unit_encoding(position), np.array(pips) / scale])


def greedy(net: Net, legal: nardy.LegalPlays) -> int:
    """The play whose afterstate is worst for the opponent (who moves next there)."""
    after = np.stack([encode(p) for p in legal.resulting_positions()])
    return int(np.argmin(net.values(after)))


def train_game(net: Net, rules: nardy.Variant, rng: random.Random, alpha: float, lam: float) -> int:
    """One self-play game with TD(lambda) updates; returns its number of turns."""
    position = rules.starting_position()
    traces: dict[nardy.Side, list[Vector]] = {}
    last: dict[nardy.Side, float] = {}
    turns = 0
    while not position.is_over():
        side = position.turn
        v, grads = net.value_and_gradient(encode(position))
        if side in last:  # move the previous estimate towards this one
            for p, e in zip(net.params(), traces[side]):
                p += alpha * (v - last[side]) * e
        traces[side] = [lam * e + g for e, g in zip(traces.get(side, grads), grads)]
        last[side] = v
        legal = position.legal_plays(rules.random_roll(rng))
        position = legal.resulting_position(greedy(net, legal))
        turns += 1
    result = position.result()
    assert result is not None
    for side, v in last.items():  # and the last one towards the result
        won = 1.0 if result.winner is side else 0.0
        for p, e in zip(net.params(), traces[side]):
            p += alpha * (won - v) * e
    return turns


def match(net: Net, rules: nardy.Variant, games: int, rng: random.Random) -> int:
    """Games the greedy player wins against a random one (colours alternate)."""
    wins = 0
    for k in range(games):
        me = nardy.Side.WHITE if k % 2 == 0 else nardy.Side.BLACK
        position = rules.starting_position(nardy.Side.WHITE)
        while not position.is_over():
            legal = position.legal_plays(rules.random_roll(rng))
            i = greedy(net, legal) if position.turn is me else rng.randrange(len(legal))
            position = legal.resulting_position(i)
        result = position.result()
        wins += result is not None and result.winner is me
    return wins


def main(argv: Sequence[str] | None = None) -> int:
    """Train, then play the match; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="long-nardy", help="variant (long-nardy)")
    parser.add_argument("--games", type=int, default=300, help="self-play games (300)")
    parser.add_argument("--match", type=int, default=100, help="games against random (100)")
    parser.add_argument("--hidden", type=int, default=40, help="hidden units (40)")
    parser.add_argument("--alpha", type=float, default=0.1, help="learning rate (0.1)")
    parser.add_argument("--lam", type=float, default=0.7, help="trace decay lambda (0.7)")
    parser.add_argument("--seed", type=int, default=1, help="seed (1)")
    args = parser.parse_args(argv)

    rules = nardy.find_variant(args.variant)
    if runs_turns(rules):
        # The afterstate of a play is the opponent's only when a turn is one play.
        parser.error(
            f"{rules.spec()}'s turns have several segments (named doubles, cascades); "
            "this example plays one play a turn"
        )
    rng = random.Random(args.seed)
    net = Net(len(encode(rules.starting_position())), args.hidden, np.random.default_rng(args.seed))
    before = match(net, rules, args.match, random.Random(args.seed + 1))
    print(f"untrained: won {before} of {args.match} against random")
    start = time.perf_counter()
    for k in range(1, args.games + 1):
        train_game(net, rules, rng, args.alpha, args.lam)
        if k % 50 == 0 or k == args.games:
            print(f"trained on {k} games ({time.perf_counter() - start:.0f} s)", flush=True)
    after = match(net, rules, args.match, random.Random(args.seed + 1))
    print(f"trained: won {after} of {args.match} against random")
    return 0


if __name__ == "__main__":
    sys.exit(main())
