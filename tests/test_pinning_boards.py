"""Both searches on random boards with pins on both sides: the same plays, in the same order.

Self-play positions seldom hold the cases pinning makes hard: a checker
that leaves the stack pinning an opposing checker right after another step
landed there, a bear-off that a first step makes possible, a point closed
to one die's chain but not the other's. Random boards with random pins
reach them all; on each the native search must give the Python search's
list (:func:`helpers.searched`), and the Python search must leave nothing
behind on a pinned point it should not.
"""

from __future__ import annotations

import random

from helpers import searched
from nardy.engine.reference import TurnRules
from nardy.engine.state import OPP_PINNED, PINNED
from nardy.rules.board import BLOCK, HIT, PIN
from nardy.rules.movement import HITS, PINS, RELEASES, hit_or_pinned, step_kind

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


def test_both_searches_agree_on_random_pinned_boards() -> None:
    rng = random.Random(2026)
    passes = 0
    for _ in range(4000):
        board = random_board(rng)
        dice = rng.choice(DICE)
        plays = searched(tuple(board), TurnRules(dice, PIN, True, None, None, None, True, []))
        passes += not plays
        for state, _ in plays:
            assert sum(x for x in state[1:25] if x > 0) + state[0] == 15, (board, dice, state)
    assert passes < 4000 // 2  # most boards have a play: the comparison is not of empty lists


def test_a_step_hit_or_pinned_exactly_when_it_landed_on_a_lone_opposing_checker() -> None:
    """``hit_or_pinned`` of each kind of step, on boards built by hand.

    From the rules pages: "Landing on a blot hits it" (backgammon); in
    plakoto and tapa "a checker landing on a lone free opposing checker pins
    it", and a pinned checker "is released when the last checker of the
    pinning stack leaves the point". A release alone is no hit; a release
    that lands on a lone checker both frees one and pins another.
    """
    board = [0] * (OPP_PINNED + 1)
    board[13], board[8], board[5], board[3] = 2, -1, 1, 2
    board[OPP_PINNED] = 1 << 5  # an opposing checker pinned under the mover's lone checker on 5
    cases = [
        (13, 8, HIT, HITS, True),  # 13/8*: hits the lone checker
        (13, 8, PIN, PINS, True),  # 13/8: pins it
        (13, 8, BLOCK, 0, False),  # blocking contact never hits (8 is closed to him)
        (13, 10, HIT, 0, False),  # a plain move
        (5, 4, PIN, RELEASES, False),  # 5/4: the pinned checker on 5 is free again
        (5, 3, PIN, RELEASES, False),  # 5/3, onto his own point: a release only
    ]
    for src, dst, contact, kind, hit in cases:
        assert step_kind(board, src, dst, contact) == kind, (src, dst, contact)
        assert hit_or_pinned(kind) is hit, (src, dst, contact)
    board[4] = -1
    assert step_kind(board, 5, 4, PIN) == RELEASES + PINS
    assert hit_or_pinned(RELEASES + PINS)
