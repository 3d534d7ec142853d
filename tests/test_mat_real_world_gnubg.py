"""The real-world ``.mat`` spellings against GNU Backgammon (PyPI ``gnubg``, 1.1.0a16).

For each hand-written record of ``test_mat_real_world.py``, gnubg reads the
original and nardy's export of it; the two readings agree (games, dice in
order, plays, cube actions, results, scores) except where nardy reads the
record differently from gnubg on purpose, and each such difference is
asserted here as it is:

* ``32: Concedes``: gnubg drops the roll (it cannot parse the play); nardy
  keeps it (a roll, then the concession) and writes ``32: ????``, which
  gnubg reads as the roll.
* A play not recorded with plays after it: gnubg keeps the later plays
  that happen to be legal as if the unknown play had been a pass (the same
  player moving twice); nardy cuts the game short there.
* A gammon stated as ``Wins 1 point``: nardy scores the game as the
  record states (as the next score line does) and writes back every play
  and the same ``Wins 1 point``, which gnubg reads exactly as the original
  (where it counts the gammon, 2 points, and ignores the line).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from nardy.formats import load_mat, write_mat
from test_mat_real_world import CONCESSIONS, CUT, GAMMON, HEAD, ROW7

gnubg = pytest.importorskip("gnubg", reason="the gnubg oracle (dependency group 'reference')")


def gnubg_reading(path: Path) -> dict[str, Any]:
    """gnubg's reading of the ``.mat`` file ``path``: every game with its actions and boards."""
    gnubg.command(f'import mat "{path}"')
    # gnubg keeps a name's bytes as they are; its Python module then fails on a CP1252 name.
    gnubg.command("set player 0 name first")
    gnubg.command("set player 1 name second")
    match: dict[str, Any] = gnubg.match(0, 1, 0, 0)  # no analysis, with boards
    match["match-info"].pop("date", None)  # the day of the import
    for game in match["games"]:
        game["game"] = list(game["game"])
        for action in game["game"]:
            action.pop("move", None)  # the steps as written; the boards say the plays
    return match


def both_readings(tmp_path: Path, text: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    """gnubg's reading of ``text`` and of nardy's export of it."""
    original = tmp_path / "original.mat"
    original.write_bytes(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the warnings are test_mat_real_world's
        record = load_mat(original)
    games = record.match if record.match is not None else record.games
    export = tmp_path / "export.mat"
    export.write_text(write_mat(games, record.players, record.tags), encoding="utf-8")
    return gnubg_reading(original), gnubg_reading(export)


def actions(reading: dict[str, Any], game: int = 0) -> list[dict[str, Any]]:
    return list(reading["games"][game]["game"])


def test_cp1252(tmp_path: Path) -> None:
    text = HEAD + "  7)  Concedes                     Wins 1 point\n"
    theirs, ours = both_readings(tmp_path, text.replace("ann", "Kümin").encode("cp1252"))
    assert ours == theirs


@pytest.mark.parametrize(("ending", "loser", "rolled"), CONCESSIONS.values(), ids=CONCESSIONS)
def test_concessions(tmp_path: Path, ending: str, loser: int, rolled: bool) -> None:
    theirs, ours = both_readings(tmp_path, (HEAD + ending).encode())
    info = theirs["games"][0]["info"]
    assert (info["winner"], info["points-won"], info["resigned"]) == ("XO"[1 - loser], 1, True)
    if rolled:  # nardy keeps ann's roll before her concession; gnubg drops it
        roll = actions(ours)[-2]
        assert (roll["action"], roll["player"], roll["dice"]) == ("set", "X", (3, 2))
        del ours["games"][0]["game"][-2]
    assert ours == theirs


@pytest.mark.parametrize("roll", ["00: ????", "32: ????", "33: ???"])
def test_unknown_plays_before_the_result(tmp_path: Path, roll: str) -> None:
    text = HEAD + ROW7 + f"               {roll}\n  8)                             Wins 1 point\n"
    theirs, ours = both_readings(tmp_path, text.encode())
    assert ours == theirs
    last = actions(theirs)[-2]
    assert last["action"] == ("move" if roll.startswith("00") else "set")


@pytest.mark.parametrize("roll", ["00: ????", "33: ???"])
def test_a_game_cut_short(tmp_path: Path, roll: str) -> None:
    theirs, ours = both_readings(tmp_path, CUT.replace("33: ???", roll).encode())
    # gnubg goes on with ann's 42, as if bob's unknown play had been a pass; nardy stops.
    extra = actions(theirs)[-2]
    assert (extra["action"], extra["player"], extra["dice"]) == ("move", "X", (4, 2))
    del theirs["games"][0]["game"][-2]
    assert ours == theirs


def test_a_stated_result_the_rules_do_not_count(tmp_path: Path) -> None:
    theirs, ours = both_readings(tmp_path, GAMMON.encode())
    assert theirs["games"][0]["info"]["points-won"] == 2  # gnubg counts the gammon
    assert actions(theirs)[-1]["dice"] == (5, 4)  # bob's last roll, 54: 1/off
    assert ours == theirs


def test_an_empty_name(tmp_path: Path) -> None:
    text = (
        HEAD.replace(" bob : 0", "  : 0", 1) + "  7)  Concedes                     Wins 1 point\n"
    )
    theirs, ours = both_readings(tmp_path, text.encode())
    assert ours == theirs


def test_dice_written_low_high(tmp_path: Path) -> None:
    text = HEAD.replace(
        "  1)                             32:", "  1)                             23:"
    )
    text = text.replace("62: 24/18 6/4               62:", "26: 24/18 6/4               26:")
    text += "  7)  Concedes                     Wins 1 point\n"
    theirs, ours = both_readings(tmp_path, text.encode())
    assert [a.get("dice") for a in actions(theirs)[:3]] == [(2, 3), (2, 6), (2, 6)]
    assert ours == theirs


def test_a_file_cut_off_at_a_row(tmp_path: Path) -> None:
    theirs, ours = both_readings(tmp_path, HEAD.encode())
    assert theirs["games"][0]["info"]["winner"] is None
    assert ours == theirs
