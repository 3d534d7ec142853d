"""Differential tests of the gnubg ID and XGID writers against GNU Backgammon (PyPI ``gnubg``).

gnubg reads nardy's gnubg ID (``set gnubgid``) and XGID (``set xgid``) and
writes its own Position ID and Match ID back. For a gnubg ID both must be
exactly nardy's. gnubg makes the side on roll its player 1 when it reads an
XGID (an XGID names no players), so there the two IDs are compared seen from
the side on roll: the Position ID, and the Match ID's fields with the
players named "on roll" and "opponent".

gnubg's ``set`` commands do not set up a pending double or resignation, so
the states compared here have neither (the hand-checked tests cover them).
"""

from __future__ import annotations

import base64
import random

import pytest

import nardy
from nardy import Side
from nardy.actions import Phase
from nardy.formats import gnubg_id, xgid
from nardy.matchstate import MatchState

gnubg = pytest.importorskip("gnubg", reason="the gnubg oracle (dependency group 'reference')")

SEED = "ids-gnubg"
GAMES = 12


def gnubg_reads(command: str) -> str:
    gnubg.command(command)
    return f"{gnubg.position_id()}:{gnubg.match_id()}"


def seen_from_roller(gid: str) -> tuple[object, ...]:
    """A gnubg ID with its players named relative to the side on roll."""
    pid, mid = gid.split(":")
    k = int.from_bytes(base64.b64decode(mid), "little")
    roller = k >> 6 & 1
    owner = k >> 4 & 3
    scores = (k >> 36 & 0x7FFF, k >> 51 & 0x7FFF)
    return (
        pid,
        k & 0xF,  # cube
        "centred" if owner == 3 else owner == roller,
        k >> 7 & 1,  # Crawford
        k >> 8 & 7,  # game state
        (k >> 11 & 1) == roller,  # the player to act is the roller
        (k >> 15 & 7, k >> 18 & 7),  # dice
        k >> 21 & 0x7FFF,  # length
        scores[roller],
        scores[1 - roller],
    )


def situations() -> list[tuple[nardy.Position, MatchState]]:
    """Positions along seeded random games, each with a random cube, score and length."""
    rng = random.Random(SEED)
    out = []
    for _ in range(GAMES):
        game = nardy.Game.new("backgammon", rng=rng.randrange(1 << 30))
        while game.phase is Phase.OPENING:  # a tie rolls again
            game = game.roll()
        while not game.is_over():
            length = rng.choice([0, 3, 7, 11])
            score = (0, 0) if not length else (rng.randrange(length), rng.randrange(length))
            crawford = bool(length) and length - 1 in score and rng.random() < 0.5
            cube = 1 if crawford else 1 << rng.randrange(7)
            owner = None if crawford or cube == 1 else rng.choice([Side.WHITE, Side.BLACK])
            state = MatchState.from_game(game, length=length, score=score)
            state = MatchState(
                length=length,
                score=score,
                crawford=crawford,
                cube=cube,
                cube_owner=owner,
                turn=state.turn,
                dice=state.dice,
                jacoby=not length and rng.random() < 0.5,
            )
            out.append((game.position, state))
            game = game.play(rng.randrange(len(game.legal_plays())))
            if not game.is_over():
                game = game.roll()
    return out


SITUATIONS = situations()


def test_enough_situations() -> None:
    assert len(SITUATIONS) > 300


def test_gnubg_reads_nardys_gnubg_ids_back_unchanged() -> None:
    for pos, state in SITUATIONS:
        mine = gnubg_id(pos, state)
        assert gnubg_reads(f"set gnubgid {mine}") == mine, (pos, state)


def test_gnubg_reads_nardys_xgids_as_the_same_position_and_state() -> None:
    for pos, state in SITUATIONS:
        mine = gnubg_id(pos, state)
        got = gnubg_reads(f"set xgid {xgid(pos, state)}")
        assert seen_from_roller(got) == seen_from_roller(mine), (xgid(pos, state), mine, got)
