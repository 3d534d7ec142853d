"""What a variant's hooks cost: legal sets per position and roll, by the search they lead to.

Seeded positions of random games answered for all 21 rolls by backgammon
itself (native), by backgammon with a step rule of plain Python (five
checkers a point at most, under hitting contact: the Python search), and
by backgammon with a whole-play filter of plain Python that keeps
everything (every candidate built and handed to Python), next to built-in
variants with rules of their own (native). Figures are microseconds per
position and roll (best of ``--repeat``, cache off) and the ratio to
backgammon's, measured in the same run::

    python benchmarks/bench_hooks.py --positions 300 --repeat 3
"""

from __future__ import annotations

import argparse
import random
import time
from typing import TYPE_CHECKING, ClassVar

import attrs

import nardy
from nardy import Roll, StepRule

if TYPE_CHECKING:  # (names only: the script also runs on older trees, for comparison)
    from nardy.engine.state import Candidate
    from nardy.rules.turn_rules import PlayFilter
    from nardy.variants.base import State


def at_most_five(board: list[int], src: int, dst: int) -> bool:
    """At most five checkers of the mover on a point (off is always fine)."""
    return dst == 0 or board[dst] <= 5


@attrs.frozen
class FivePointLimit(nardy.Backgammon):
    """Backgammon with a step rule: at most five checkers on a point."""

    name: ClassVar[str] = "bench-five-limit"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule | None:
        """The five-a-point rule, judged at every landing point."""
        return StepRule(at_most_five, watch_from=0)


def keep_all(start: State, candidates: list[Candidate]) -> list[Candidate]:
    """A whole-play filter that keeps every candidate."""
    return candidates


@attrs.frozen
class KeepAllFilter(nardy.Backgammon):
    """Backgammon with a whole-play filter that refuses nothing."""

    name: ClassVar[str] = "bench-filter"
    aliases: ClassVar[tuple[str, ...]] = ()

    def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
        """The filter that keeps every candidate."""
        return keep_all


def positions(variant: nardy.Variant, count: int, seed: int) -> list[nardy.Position]:
    """``count`` positions of seeded random games, each where a side is about to play."""
    rng = random.Random(seed)
    found: list[nardy.Position] = []
    game = nardy.Game.new(variant, rng=seed)
    while len(found) < count:
        if game.is_over():
            game = nardy.Game.new(variant, rng=rng.randrange(10**9))
        elif game.phase is nardy.Phase.MOVE:
            found.append(game.position)
            plays = game.legal_plays()
            game = game.play(plays[rng.randrange(len(plays))])
        else:
            game = game.roll()
    return found


def per_position_and_roll(
    variant: nardy.Variant, found: list[nardy.Position], repeat: int
) -> float:
    """Best time of ``repeat`` loops over every position and roll, in microseconds each."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for position in found:
            for roll in nardy.ALL_ROLLS:
                variant.legal_plays(position, roll, cache=False)
        best = min(best, time.perf_counter() - start)
    return best / len(found) / len(nardy.ALL_ROLLS) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"nardy {nardy.__version__}, compiled: {nardy.compiled}")
    cases: list[tuple[str, nardy.Variant]] = [
        ("backgammon (native)", nardy.Backgammon()),
        ("+ a step rule of plain Python (Python search)", FivePointLimit()),
        ("+ a play filter of plain Python (Python search)", KeepAllFilter()),
        ("caucasian (hitter rule)", nardy.Caucasian()),
        ("long-nardy (native)", nardy.LongNardy()),
        ("kush", nardy.Kush()),
        ("plakoto (native)", nardy.Plakoto()),
        ("fevga", nardy.Fevga()),
    ]
    reference = 0.0
    for label, variant in cases:
        found = positions(variant, args.positions, args.seed)
        micro = per_position_and_roll(variant, found, args.repeat)
        reference = reference or micro
        print(f"{label:46} {micro:7.1f} us  {micro / reference:5.1f}x")


if __name__ == "__main__":
    main()
