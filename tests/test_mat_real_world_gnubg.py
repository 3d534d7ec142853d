"""The real-world ``.mat`` spellings against GNU Backgammon (PyPI ``gnubg``, 1.1.0a16).

For each hand-written record of ``test_mat_real_world.py``, gnubg reads the
original and nardy's export of it; the two readings agree (games, dice in
order, plays, cube actions, results, scores) except where nardy reads the
record differently from gnubg on purpose, and each such difference is
asserted here as it is:

* Concessions: gnubg splits a row into two cells (at two spaces before the
  second colon, else at the first two spaces from the 16th character on),
  ignores ``Concedes``, ``Resigns`` and ``Losses``, and reads the
  resignation from the ``Wins`` line. A roll in the cell of a concession
  (``32: Concedes``) is one it cannot read: it leaves the roll out, and so
  does nardy (with a warning). A roll alone in its cell (``32:``, the
  concession in the other column or on the next row) is kept by both.
  The one layout read differently: a concession more than two spaces after
  its roll and past the 16th character, which gnubg cuts off with the rest
  of the row, ``Wins`` included (it reads no result).
* A play not recorded with plays after it: gnubg keeps the later plays
  that happen to be legal as if the unknown play had been a pass (the same
  player moving twice); nardy cuts the game short there.
* A gammon stated as ``Wins 1 point``: nardy scores the game as the
  record states (as the next score line does) and writes back every play
  and the same ``Wins 1 point``, which gnubg reads exactly as the original
  (where it counts the gammon, 2 points, and ignores the line). gnubg's
  own exports of it (``export match mat``, and ``save match`` to SGF)
  write the rules' 2 points for the game and the stated score after it;
  nardy reads them as the original. (gnubg cannot load an SGF file in this
  build, see ``test_mat_gnubg.py``, so nardy's SGF, ``RE[B+1]``, is read
  back by nardy only.)
* ``????`` for a turn (dice and play not recorded): gnubg skips it, as
  nardy does. A roll written without a play (``dd:``, ``dd: ????``,
  ``dd: Cannot Move``) whose play is forced: gnubg plays it, as nardy does.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from nardy import RecordWarning
from nardy.formats import load_mat, load_sgf, write_mat
from nardy.game.actions import ActionKind
from test_mat_real_world import (
    CONCESSIONS,
    CUT,
    FORCED_TEXT,
    GAMMON,
    GAMMON_NEXT,
    HEAD,
    ROW7,
    UNKNOWN_TURN,
)

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


@pytest.mark.parametrize(("ending", "loser", "roll"), CONCESSIONS.values(), ids=CONCESSIONS)
def test_concessions(tmp_path: Path, ending: str, loser: int, roll: int | str | None) -> None:
    theirs, ours = both_readings(tmp_path, (HEAD + ending).encode())
    info = theirs["games"][0]["info"]
    assert (info["winner"], info["points-won"], info["resigned"]) == ("XO"[1 - loser], 1, True)
    before = actions(theirs)[-2]  # what gnubg reads before the resignation
    if isinstance(roll, int):  # "32:" alone in its cell: gnubg keeps the roll
        assert (before["action"], before["player"], before["dice"]) == ("set", "XO"[roll], (3, 2))
    else:  # "32: Concedes" in one cell (or no roll): gnubg reads no roll
        assert before["action"] == "move"
    assert ours == theirs


def test_a_concession_far_from_its_roll(tmp_path: Path) -> None:
    """gnubg cuts a row at the first two spaces from its 16th character on.

    A concession written that far from its roll falls in gnubg's second
    cell, which it cannot read at all: gnubg keeps the roll and reads no
    result (the Wins after it is in the same cell). nardy reads the cell as
    ``32: Concedes`` (the concession, worth the Wins line).
    """
    text = HEAD + "  7) 32:          Concedes        Wins 1 point\n"
    theirs, ours = both_readings(tmp_path, text.encode())
    last = actions(theirs)[-1]
    assert (last["action"], last["dice"], theirs["games"][0]["info"]["winner"]) == (
        "set",
        (3, 2),
        None,
    )
    assert actions(ours)[-1]["action"] == "resign"


@pytest.mark.parametrize("roll", ["00: ????", "32: ????", "33: ???"])
def test_unknown_plays_before_the_result(tmp_path: Path, roll: str) -> None:
    text = HEAD + ROW7 + f"               {roll}\n  8)                             Wins 1 point\n"
    theirs, ours = both_readings(tmp_path, text.encode())
    assert ours == theirs
    last = actions(theirs)[-2]
    assert last["action"] == ("move" if roll.startswith("00") else "set")


@pytest.mark.parametrize(("text", "loser"), UNKNOWN_TURN.values(), ids=UNKNOWN_TURN)
def test_a_turn_not_recorded_before_the_result(tmp_path: Path, text: str, loser: int) -> None:
    theirs, ours = both_readings(tmp_path, text.encode())
    assert actions(theirs)[-1]["player"] == "XO"[loser]  # the resignation
    assert actions(theirs)[-2]["action"] == "move"  # the play before it: "????" is nothing
    assert ours == theirs


@pytest.mark.parametrize("play", ["????", "", "Cannot Move"])
def test_a_roll_whose_play_is_forced(tmp_path: Path, play: str) -> None:
    text = FORCED_TEXT.replace("45: ????", f"45: {play}".rstrip())
    theirs, ours = both_readings(tmp_path, text.encode())
    played = actions(theirs)[-2]
    assert (played["action"], played["dice"]) == ("move", (4, 5))  # gnubg plays 4/off(2)
    assert ours == theirs
    # nardy's own reading plays it too: the boards before its plays are gnubg's.
    game = load_mat(tmp_path / "original.mat").games[0]
    boards = [a["board"] for a in actions(theirs) if a["action"] == "move"]
    before_plays = [
        before.position.gnubg_id()
        for before, action in zip(game.states(), game.history)
        if action.kind is ActionKind.PLAY
    ]
    assert before_plays == boards


@pytest.mark.parametrize("roll", ["00: ????", "33: ???"])
def test_a_game_cut_short(tmp_path: Path, roll: str) -> None:
    theirs, ours = both_readings(tmp_path, CUT.replace("33: ???", roll).encode())
    # gnubg goes on with ann's 42, as if bob's unknown play had been a pass; nardy stops.
    extra = actions(theirs)[-2]
    assert (extra["action"], extra["player"], extra["dice"]) == ("move", "X", (4, 2))
    del theirs["games"][0]["game"][-2]
    assert ours == theirs


@pytest.mark.parametrize("text", [GAMMON, GAMMON + GAMMON_NEXT], ids=["last game", "game after"])
def test_a_stated_result_the_rules_do_not_count(tmp_path: Path, text: str) -> None:
    theirs, ours = both_readings(tmp_path, text.encode())
    assert theirs["games"][0]["info"]["points-won"] == 2  # gnubg counts the gammon
    assert actions(theirs)[-1]["dice"] == (5, 4)  # bob's last roll, 54: 1/off
    assert ours == theirs


@pytest.mark.parametrize("command", ["export match mat", "save match"])
def test_gnubgs_exports_of_a_stated_result(tmp_path: Path, command: str) -> None:
    """gnubg writes the rules' count for the game (``Wins 2 points``, ``RE[B+2]``) and the
    stated score after it; nardy reads its export as it reads the original."""
    original = tmp_path / "original.mat"
    original.write_text(GAMMON + GAMMON_NEXT, encoding="utf-8")
    export = tmp_path / ("gnubg.mat" if command.startswith("export") else "gnubg.sgf")
    gnubg.command(f'import mat "{original}"')
    gnubg.command(f'{command} "{export}"')
    with pytest.warns(RecordWarning, match="the score of game 2 says 1: scored as the score says"):
        theirs = load_mat(export) if export.suffix == ".mat" else load_sgf(export)
    with pytest.warns(RecordWarning, match="the record says 1"):
        mine = load_mat(original)
    assert theirs.match is not None
    assert mine.match is not None
    assert theirs.match.scores == mine.match.scores == (0, 2)
    for a, b in zip(mine.games, theirs.games, strict=True):
        assert (b.history, b.outcome) == (a.history, a.outcome)


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
