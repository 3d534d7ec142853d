"""Random valid positions of tapa, longgammon and moultezim, reachable or not (rules page F.2: any valid position is a question).

Each side's fifteen checkers are spread over the board, borne off, on the
bar (longgammon) or pinned (tapa), with a bias towards the positions the
rules turn on: the home board (the bear-off, with pinned checkers at home
and outside in tapa), the mover's 7-12 and 19-24 and 1-6 held over a
quarter rule's limit (moultezim), the 24-point with and without a checker
past the opponent's start (the starting checker).
"""

from __future__ import annotations

import random
from typing import Any

from nardy import Position, Variant
from nardy.errors import InvalidPositionError

__all__ = ["random_position"]

# Where the mover's checkers go, by the kind of position drawn.
_ZONES = {
    "spread": range(1, 25),
    "home": range(1, 7),
    "opp-start": range(7, 13),
    "own-start": range(19, 25),
    "late": range(1, 13),
}


def random_position(variant: Variant, rng: random.Random) -> Position:
    """A random valid position of ``variant`` (retried until the library takes it)."""
    while True:
        try:
            return _draw(variant, rng)
        except InvalidPositionError:
            continue


def _draw(variant: Variant, rng: random.Random) -> Position:
    pins = variant.name == "tapa"
    kind = rng.choice(list(_ZONES))
    zone = list(_ZONES[kind])
    board = [0] * 25
    off = [rng.choice((0, 0, rng.randint(1, 12))), rng.choice((0, 0, rng.randint(1, 12)))]
    bar = [0, 0]
    if variant.name == "longgammon" and rng.random() < 0.3:
        bar = [rng.randint(1, 2), rng.randint(0, 1)]
    pinned: list[int] = []
    opp_pinned: list[int] = []
    mine = 15 - off[0] - bar[0]
    if variant.name == "moultezim" and kind != "home" and rng.random() < 0.5:
        board[24] = rng.randint(1, mine)  # the 24-point (the starting checker)
        mine -= board[24]
    if pins and rng.random() < 0.5:
        pinned = rng.sample(range(1, 25) if rng.random() < 0.5 else range(1, 7), rng.randint(1, 2))
        mine -= len(pinned)
    points = rng.sample(zone, min(len(zone), rng.randint(1, 6)))
    for _ in range(max(mine, 0)):
        board[rng.choice(points)] += 1
    theirs = 15 - off[1] - bar[1]
    for p in pinned:  # a pinning stack of one or two
        board[p] = -rng.randint(1, 2)
        theirs += board[p]
    free = [p for p in range(1, 25) if board[p] == 0]
    if pins:
        held = [p for p in range(1, 25) if board[p] > 0]
        opp_pinned = rng.sample(held, min(len(held), rng.choice((0, 0, 1, 2))))
        theirs -= len(opp_pinned)
    spots = rng.sample(free, min(len(free), rng.randint(1, 6)))
    for _ in range(max(theirs, 0)):
        board[rng.choice(spots)] -= 1
    extra: dict[str, Any] = {"pinned": pinned, "opp_pinned": opp_pinned} if pins else {}
    return variant.position(board[1:], bar, off, **extra)
