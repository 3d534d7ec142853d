"""The pinning kernel against the general one on random boards with pins on both sides.

Self-play positions (``test_kernels.py``) seldom hold the cases the pinning
kernel's shortcuts argue about: a checker that leaves the stack pinning an
opposing checker right after another step landed there, a bear-off that a
first step makes possible, a point closed to one die's chain but not the
other's. Random boards with random pins reach them all; on each the kernel
must find what the tracking kernel finds, each result once, and leave the
board as it was.
"""

from __future__ import annotations

import random

from nardy.engine.kernels.general import PIN, search_tracking
from nardy.engine.kernels.pins import search_pinning
from nardy.engine.state import OPP_PINNED, PINNED, key_of
from test_kernels import outcome

DICE = [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b] + [
    (d,) * 4 for d in range(1, 7)
]


def random_board(rng: random.Random) -> list[int]:
    """A plakoto-like state: the mover's checkers (often all home), the opponent's, pins under both."""
    s = [0] * (OPP_PINNED + 1)
    home = rng.random() < 0.4
    mine = rng.randint(1, 15)
    for _ in range(mine):
        s[rng.randint(1, 6) if home else rng.randint(1, 24)] += 1
    s[0] = 15 - mine
    for _ in range(rng.randint(1, 15)):
        p = rng.randint(1, 24)
        if s[p] <= 0:
            s[p] -= 1
    for p in range(1, 25):
        if s[p] > 0 and rng.random() < 0.3:
            s[OPP_PINNED] |= 1 << p  # an opposing checker pinned under the mover's stack
        elif s[p] < 0 and rng.random() < 0.2:
            s[PINNED] |= 1 << p  # one of the mover's pinned under the opponent's
    return s


def test_pinning_kernel_agrees_with_tracking_on_random_boards() -> None:
    rng = random.Random(2026)
    for _ in range(4000):
        board = random_board(rng)
        start = list(board)
        key = key_of(board)
        dice = rng.choice(DICE)
        fast = search_pinning(board, key, dice)
        assert board == start, "the board was not restored"
        slow = search_tracking(board, key, dice, PIN, True, None, None, False)
        assert outcome(fast, dice) == outcome(slow, dice), (start, dice)
