"""Seeded backgammon positions with a roll, met in random games, for the engine tests of nardy.analysis."""

from __future__ import annotations

import random

import nardy
from nardy import Position, Roll


def positions_with_rolls(
    count: int, seed: str, variant: str = "backgammon"
) -> list[tuple[Position, Roll]]:
    """``count`` distinct positions still being played, each with a seeded roll (openings to bear-offs)."""
    rng = random.Random(seed)
    rules = nardy.find_variant(variant)
    out: list[tuple[Position, Roll]] = []
    seen: set[Position] = set()
    while len(out) < count:
        position = rules.starting_position()
        while position.result() is None and len(out) < count:
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            if position not in seen and rng.random() < 0.3:
                seen.add(position)
                out.append((position, roll))
            plays = position.legal_plays(roll)
            position = plays.resulting_position(rng.randrange(len(plays)))
    return out
