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
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import nardy
from nardy import Side
from nardy.cli.convert import describe_id
from nardy.formats import gnubg_id, read_gnubg_id, xgid
from nardy.game.actions import Phase
from nardy.game.id_state import GameState, MatchState

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


# --- the IDs gnubg writes around a game's ends ------------------------------------------

# gnubg's commands run in a fresh process: they make both players human and
# stop automatic play, which the gnubg shared by the other tests must not see.
GNUBG_SCRIPT = """
import json, re, sys
import gnubg
out = {}
for command in json.loads(sys.argv[1]):
    gnubg.command(command)
    try:
        out[command] = f"{gnubg.position_id()}:{gnubg.match_id()}"
    except ValueError:  # no game yet
        pass
gnubg.command(f'export game text "{sys.argv[2]}"')
text = open(sys.argv[2], encoding="utf-8").read()
pairs = re.findall(r"Position ID: (\\S+)\\s+Match ID   : (\\S+)", text)
out["export"] = [f"{p}:{m}" for p, m in pairs]
print(json.dumps(out))
"""
SETUP = ["set player 0 human", "set player 1 human", "set automatic roll off"]
SETUP += ["set automatic game off", "set seed 1"]
OPENING = ["set dice 3 1", "move 8/5 6/5", "set dice 4 2", "move 8/4 6/4", "double"]


def gnubg_run(commands: list[str], tmp_path: Path) -> dict[str, object]:
    """gnubg's ID after each command (by command), and under "export" those of its text export."""
    export = tmp_path / "game.txt"
    done = subprocess.run(
        [sys.executable, "-c", GNUBG_SCRIPT, json.dumps(SETUP + commands), str(export)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    answer: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return answer


def roundtrips(text: str) -> tuple[nardy.Position, MatchState]:
    """Read a gnubg ID, check that it is written back unchanged (also by ``nardy id``)."""
    position, state = read_gnubg_id(text)
    assert gnubg_id(position, state) == text
    assert describe_id(text)["gnubg_id"] == text
    return position, state


def test_gnubg_opening_and_dropped_ids(tmp_path: Path) -> None:
    ids = gnubg_run(["new match 7", *OPENING, "drop"], tmp_path)
    export = ids["export"]
    assert isinstance(export, list)
    # The export starts the game "not started" (state 0), the opening roll on the table.
    opening = export[0]
    assert re.fullmatch(r"4HPwATDgc/ABMA:\S{12}", opening)
    assert opening != ids["set dice 3 1"]
    position, state = roundtrips(opening)
    assert (state.game_state, state.turn, state.dice) == (GameState.NONE, Side.BLACK, (3, 1))
    game = state.to_game(position)
    assert (game.phase, game.turn, game.dice) == (Phase.MOVE, Side.BLACK, nardy.Roll(3, 1))
    # Set up from it, nardy's game has the ID gnubg has after the opening roll.
    assert gnubg_id(game.position, MatchState.from_game(game, length=7)) == ids["set dice 3 1"]
    # Played on to the dropped double, it has gnubg's IDs all the way.
    game = game.play("8/5 6/5").roll((4, 2)).play("8/4 6/4")
    assert gnubg_id(game.position, MatchState.from_game(game, length=7)) == ids["move 8/4 6/4"]
    game = game.double()
    assert gnubg_id(game.position, MatchState.from_game(game, length=7)) == ids["double"]
    game = game.drop()
    dropped = ids["drop"]
    assert isinstance(dropped, str)
    assert gnubg_id(game.position, MatchState.from_game(game, length=7)) == dropped
    # Read back, the dropped game means what happened: black doubled, white passed.
    position, state = roundtrips(dropped)
    assert state == MatchState(
        length=7, score=(0, 1), turn=Side.BLACK, game_state=GameState.DROPPED
    )
    assert describe_id(dropped)["xgid"] is None  # XGID cannot say a game is over
    for text in export:
        roundtrips(text)


@pytest.mark.parametrize(("answers", "passed"), [(["redouble"], 1), (["redouble"] * 2, 2)])
def test_gnubg_dropped_beaver_and_raccoon(answers: list[str], passed: int, tmp_path: Path) -> None:
    commands = ["set beavers 3", "new session", *OPENING, *answers, "drop"]
    ids = gnubg_run(commands, tmp_path)
    dropped = ids["drop"]
    assert isinstance(dropped, str)
    position, state = read_gnubg_id(ids["set dice 3 1"])  # type: ignore[arg-type]
    game = attrs.evolve(state, beaver=True).to_game(position, {"beaver": True, "raccoon": True})
    game = game.play("8/5 6/5").roll((4, 2)).play("8/4 6/4").double().beaver()
    if passed == 2:
        game = game.raccoon()
    game = game.drop()
    mine = MatchState.from_game(game)
    assert mine.beavers == passed
    assert gnubg_id(game.position, mine) == dropped
    # gnubg tells a passed beaver (the doubler passed) from a passed double; a
    # passed raccoon it writes as a passed double, which it means for the score.
    position, state = roundtrips(dropped)
    assert state.beavers == (1 if passed == 1 else 0)
    assert (state.game_state, state.cube, state.cube_owner) == (
        GameState.DROPPED,
        mine.cube,
        mine.cube_owner,
    )
