"""What real ``.mat`` files contain and the first reader refused: hand-written records, one per spelling.

Each spelling comes from a real export (issue 29): a Windows code page, a
concession, a roll or play not recorded, a stated result the rules do not
count, an empty name, dice written low-high, a file cut off at a row. What
gnubg makes of the same texts is checked in ``test_mat_real_world_gnubg.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import (
    Game,
    IllegalActionError,
    Match,
    RecordError,
    RecordWarning,
    Roll,
    Side,
    WrongPhaseError,
)
from nardy.cli.convert import convert
from nardy.cli.main import main
from nardy.formats import (
    MatchRecord,
    decode_text,
    load_mat,
    load_sgf,
    read_mat,
    read_sgf,
    read_text,
    write_mat,
    write_sgf,
)
from nardy.game.actions import ActionKind, EndReason, Phase
from nardy.model.result import ResultKind
from nardy.pictures.viewer import load_record
from nardy.pictures.viewer import steps as viewer_steps

#: Five rows of a Galaxy game (bob moves first); each spelling adds its own ending.
HEAD = """\
; [Site "BackgammonGalaxy"]

3 point match

 Game 1
 ann : 0                         bob : 0
  1)                             32: 24/21 13/11
  2) 62: 24/18 6/4               62: 25/23 13/7
  3) 51: 25/24 13/8              62: 23/21 13/7
  4) 41: 25/21 21/20             42: 13/9 11/9
  5) 52: 6/4 13/8                41: 25/21 6/5
  6) 64: 25/21                   53: 24/21 13/8
"""
#: Row 7: ann's play, on line 13.
ROW7 = "  7) 31: 25/22 6/5"


def kinds(game: Game) -> list[ActionKind]:
    return [a.kind for a in game.history]


def only_game(text: str, name: str = "r.mat") -> Game:
    record = read_mat(text, name=name)
    assert record.match is not None
    (game,) = record.match.games
    return game


# --- 1. text that is not UTF-8 ------------------------------------------------------


def test_decode_text_tries_utf8_then_cp1252_then_latin1() -> None:
    assert decode_text("Kümin".encode()) == "Kümin"
    assert decode_text(b"\xef\xbb\xbfann") == "ann"  # the byte-order mark dropped
    assert decode_text("Kümin, 1€ ‰".encode("cp1252")) == "Kümin, 1€ ‰"
    # The five bytes CP1252 leaves undefined are read as Latin-1's controls.
    assert decode_text(b"\x81\x8d\x8f\x90\x9d\xfc") == "\x81\x8d\x8f\x90\x9dü"


@given(st.binary(max_size=200))
def test_every_byte_string_decodes(data: bytes) -> None:
    text = decode_text(data)
    assert isinstance(text, str)
    try:
        assert text == data.decode("utf-8-sig")
    except UnicodeDecodeError:
        assert len(text) == len(data)  # one character a byte


def cp1252_file(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.replace("ann", "Kümin").encode("cp1252"))
    with pytest.raises(UnicodeDecodeError):
        path.read_text(encoding="utf-8")
    return path


def test_every_reader_of_a_record_file_reads_cp1252(tmp_path: Path) -> None:
    text = HEAD + "  7)  Drops                      Wins 1 point\n"
    text = text.replace(
        "  6) 64: 25/21                   53: 24/21 13/8", "  6) 64: 25/21  Doubles => 2"
    )
    path = cp1252_file(tmp_path, text, "windows.mat")
    assert read_text(path) == text.replace("ann", "Kümin")
    record = load_mat(path)
    assert record.players == ("Kümin", "bob")
    sgf = cp1252_file(tmp_path, write_sgf(record.games, ("ann", "bob")), "windows.sgf")
    assert load_sgf(sgf).players == ("Kümin", "bob")
    assert load_record(path).games == record.games  # nardy render and nardy view
    out = tmp_path / "windows.json"
    assert main(["convert", str(path), str(out)]) == 0
    assert Match.from_json(out.read_text(encoding="utf-8")) == record.match


# --- 2. concessions -------------------------------------------------------------------

#: A roll written in the concession's own cell ("32: Concedes"): gnubg cannot read the
#: cell as a roll and its play, and leaves the roll out; so does nardy, with a warning.
LEFT_OUT = "left out"
#: How each placement of a concession reads: (ending, the player who resigns, the roll
#: before it: None when none is written, LEFT_OUT, or the player who rolled, kept).
CONCESSIONS: dict[str, tuple[str, int, int | str | None]] = {
    "own row, Wins in the other column": (
        "  7)  Concedes                     Wins 1 point\n",
        0,
        None,
    ),
    "Resigns": ("  7)  Resigns                      Wins 1 point\n", 0, None),
    "right after a roll": ("  7) 32: Concedes                 Wins 1 point\n", 0, LEFT_OUT),
    "right after a roll, in the second column": (
        ROW7 + "               32: Concedes\n  8)  Wins 1 point\n",
        1,
        LEFT_OUT,
    ),
    "right after a roll, after the Wins on the same row": (
        ROW7 + "\n  8)  Wins 1 point                 32: Concedes\n",
        1,
        LEFT_OUT,
    ),
    "a roll alone, the concession in the other column": (
        "  7) 32:                          Concedes\n      Wins 1 point\n",
        1,
        0,
    ),
    "a roll alone, the concession after the Wins on the next row": (
        ROW7 + "               32:\n  8)  Wins 1 point                 Concedes\n",
        1,
        1,
    ),
    "second column after a play, Wins on the next row": (
        ROW7 + "               Concedes\n  8)  Wins 1 point\n",
        1,
        None,
    ),
    "second column, Wins on a line with no row number": (
        ROW7 + "               Concedes\n      Wins 1 point\n",
        1,
        None,
    ),
}


@pytest.mark.parametrize(("ending", "loser", "roll"), CONCESSIONS.values(), ids=CONCESSIONS)
def test_a_concession_is_a_resignation_worth_the_wins_line(
    ending: str, loser: int, roll: int | str | None
) -> None:
    if roll == LEFT_OUT:
        with pytest.warns(RecordWarning, match=r"line 1[34]: '32: Concedes': the roll 32 is left"):
            game = only_game(HEAD + ending)
    else:
        game = only_game(HEAD + ending)
    assert game.outcome is not None
    assert game.outcome.reason is EndReason.RESIGN
    assert game.outcome.winner == game.side_of(1 - loser)
    assert game.outcome.points == 1
    resign = game.history[-2]
    assert resign.kind is ActionKind.RESIGN
    assert resign.side == game.side_of(loser)
    assert resign.level is ResultKind.SINGLE
    before = game.history[-3]
    if isinstance(roll, int):  # "32:" alone: the player rolled 32, then the concession
        assert (before.kind, before.dice, before.side) == (
            ActionKind.ROLL,
            (3, 2),
            game.side_of(roll),
        )
    else:  # the game's last play, then the concession
        assert before.kind is ActionKind.PLAY


def test_strict_reading_refuses_a_roll_left_out() -> None:
    ending = CONCESSIONS["right after a roll"][0]
    with pytest.raises(RecordError, match=r"c\.mat, line 13: '32: Concedes'.*\(strict reading\)"):
        read_mat(HEAD + ending, name="c.mat", strict=True)


def test_a_concession_needs_its_wins_line() -> None:
    with pytest.raises(RecordError, match=r"c\.mat, line 13: 'Concedes' without the 'Wins'"):
        read_mat(HEAD + "  7)  Concedes\n", name="c.mat")


# --- 3. rolls and plays not recorded --------------------------------------------------


def test_unknown_dice_right_before_the_result_are_no_roll() -> None:
    # "00: ????" in the second column used to be glued onto ann's play.
    game = only_game(
        HEAD + ROW7 + "               00: ????\n  8)                             Wins 1 point\n"
    )
    assert kinds(game)[-4:] == [
        ActionKind.ROLL,
        ActionKind.PLAY,
        ActionKind.RESIGN,
        ActionKind.ACCEPT,
    ]
    assert game.history[-2].side == game.side_of(0)  # ann resigned, bob won


@pytest.mark.parametrize("marks", ["????", "???"])
def test_a_roll_not_played_right_before_the_result(marks: str) -> None:
    game = only_game(HEAD + ROW7 + f"               33: {marks}\n  8)  Wins 1 point\n")
    assert kinds(game)[-3:] == [ActionKind.ROLL, ActionKind.RESIGN, ActionKind.ACCEPT]
    assert game.history[-3].dice == (3, 3)
    assert game.history[-3].side == game.side_of(1)
    assert game.outcome is not None
    assert game.outcome.winner == game.side_of(0)


#: A game nardy played: bob rolls 45 in row 21 with one legal play (4/off(2)), written
#: "45: ????" as he resigned instead of playing it.
FORCED_TEXT = """\
3 point match

 Game 1
 ann : 0                           bob : 0
  1) 31: 6/3 24/23                 41: 8/4 8/7
  2) 54: 13/8 13/9                 34: 13/9 6/3
  3) 52: 9/4 6/4                   23: 13/10 3/1*
  4) 15: bar/20 3/2                56: 13/7 9/4
  5) 31: 23/20 4/3                 63: 10/4 6/3
  6) 51: 13/8 8/7                  43: 7/3 6/3
  7) 62: 8/2 4/2                   44: 13/9 13/9 7/3 6/2
  8) 31: 6/3 20/19*                51: bar/20 9/8
  9) 64: 8/2 6/2                   66: 24/18* 24/18 20/14 14/8
 10) 54: bar/20 13/9               26: 8/2 18/16*
 11) 61: bar/19 8/7*               52: bar/20 16/14
 12) 25: 7/2 3/1                   11: 14/13 13/12* 9/8 8/7
 13) 54: bar/20 20/16              35: 8/3 7/4
 14) 61: 16/10 10/9                35: 12/7 20/17*
 15) 55: bar/20 19/14 14/9 6/1     34: 17/13 7/4
 16) 54: 19/14 14/10               52: 13/8 3/1
 17) 22: 20/18 20/18 10/8 3/1      15: 8/3 2/1
 18) 34: 20/16 9/6                 16: 8/2 3/2
 19) 21: 6/4 4/3                   16: 4/off 1/off
 20) 65: 18/12 8/3                 52: 4/off 4/2
 21) 65: 9/3 12/7                  45: ????
 22) Wins 1 point
"""


#: "????" in place of a roll and its play, the opponent's result beside it (a real export).
UNKNOWN_TURN = {
    "own row, the result in the other column": (
        HEAD.replace("3 point match", "1 point match")
        + "  7) ????                         Wins 1 point and the match\n",
        0,
    ),
    "second column, the result on the next row": (
        HEAD + ROW7 + "               ????\n  8)  Wins 1 point\n",
        1,
    ),
}


@pytest.mark.parametrize(("text", "loser"), UNKNOWN_TURN.values(), ids=UNKNOWN_TURN)
def test_a_turn_not_recorded_before_the_result(text: str, loser: int) -> None:
    record = read_mat(text, name="q.mat")
    assert record.warnings == ()
    game = record.games[0]
    assert kinds(game)[-3:] == [ActionKind.PLAY, ActionKind.RESIGN, ActionKind.ACCEPT]
    assert game.history[-2].side == game.side_of(loser)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.points) == (game.side_of(1 - loser), 1)
    # Written back, the game has no roll to write: the resignation alone.
    again = read_mat(write_mat(record.games, record.players), name="again.mat")
    assert again.games == record.games


def test_a_turn_not_recorded_with_plays_after_it_cuts_the_game_short() -> None:
    text = (
        HEAD + "  7) ????                          53: 24/21 13/8\n  8)  Concedes   Wins 1 point\n"
    )
    with pytest.warns(RecordWarning, match=r"q\.mat, line 13: '\?\?\?\?' does not say the play.*"):
        record = read_mat(text, name="q.mat")
    assert record.cut_short == (1,)
    with pytest.raises(RecordError, match=r"line 13: '\?\?\?\?' does not say.*strict"):
        read_mat(text, name="q.mat", strict=True)


def test_a_turn_not_recorded_is_its_columns_own() -> None:
    # bob's "????" is not ann's play: ann's "32:" has no play, and cannot pass.
    text = HEAD + "  7) 32:                          ????\n  8)  Wins 1 point\n"
    with pytest.raises(RecordError, match=r"q\.mat, line 13: '32:': illegal play ''"):
        read_mat(text, name="q.mat")


def test_marks_that_are_no_turn_are_still_refused() -> None:
    with pytest.raises(RecordError, match=r"q\.mat, line 13: cannot read '\?!'"):
        read_mat(HEAD + "  7) ?! 32: 24/21                 Wins 1 point\n", name="q.mat")


@pytest.mark.parametrize("play", ["????", "", "Cannot Move"])
def test_a_roll_whose_play_is_forced_is_played(play: str) -> None:
    """gnubg plays the only legal play of a roll written without one; so does nardy."""
    record = read_mat(FORCED_TEXT.replace("45: ????", f"45: {play}".rstrip()), name="f.mat")
    game = record.games[0]
    assert game.history[-3].kind is ActionKind.PLAY
    assert game.history[-3].play is not None
    assert game.history[-3].play.notation() == "4/off(2)"


def test_a_forced_play_not_recorded_mid_game_is_played_and_the_game_goes_on() -> None:
    text = FORCED_TEXT.replace(
        " 22) Wins 1 point", " 22) 21: 18/16 7/6\n 23)  Concedes  Wins 1 point"
    )
    record = read_mat(text, name="f.mat")
    assert (record.warnings, record.cut_short) == ((), ())
    game = record.games[0]
    plays = [a.play.notation() for a in game.history if a.play is not None]
    assert plays[-2:] == ["4/off(2)", "18/16 7/6"]


CUT = (
    HEAD
    + ROW7
    + (
        "               33: ???\n"
        "  8) 42: 13/9 13/11               21: 13/11 6/5\n"
        "  9)                             Wins 1 point\n"
    )
)
SECOND_GAME = """
 Game 2
 ann : 0                         bob : 1
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Drops                       Wins 1 point
"""


def test_a_game_that_goes_on_past_an_unknown_play_is_cut_short_and_the_others_kept() -> None:
    with pytest.warns(RecordWarning) as caught:
        record = read_mat(CUT + SECOND_GAME, name="cut.mat")
    (message,) = [str(w.message) for w in caught]
    assert message.startswith("cut.mat, line 13: '33: ???' does not say the play")
    assert "the 2 action(s) after it (line 14) are left out" in message
    assert record.warnings == (message,)
    assert record.cut_short == (1,)
    assert record.match is not None
    first, second = record.match.games
    assert kinds(first)[-3:] == [ActionKind.ROLL, ActionKind.RESIGN, ActionKind.ACCEPT]
    assert first.outcome is not None
    assert first.outcome.winner == first.side_of(1)
    assert second.outcome is not None
    assert second.outcome.reason is EndReason.DROP
    assert record.match.scores == (0, 2)  # bob won both: the record's own count


def test_unknown_dice_with_plays_after_them_cut_the_game_short() -> None:
    text = CUT.replace("33: ???", "00: ????")
    with pytest.warns(RecordWarning, match=r"line 13: '00: \?\?\?\?' does not say the play"):
        record = read_mat(text, name="cut.mat")
    assert record.cut_short == (1,)
    (game,) = record.games
    assert kinds(game)[-4:] == [
        ActionKind.ROLL,
        ActionKind.PLAY,
        ActionKind.RESIGN,
        ActionKind.ACCEPT,
    ]


def test_strict_reading_refuses_a_game_cut_short() -> None:
    with pytest.raises(RecordError, match=r"cut\.mat, line 13: '33: \?\?\?'.*\(strict reading\)"):
        read_mat(CUT, name="cut.mat", strict=True)


def test_a_cut_game_without_a_result_before_another_game_is_refused() -> None:
    text = CUT.replace("  9)                             Wins 1 point\n", "") + SECOND_GAME
    # (A record that fails warns of nothing: the warnings come once it is read.)
    with pytest.raises(RecordError, match=r"line 16: game 1 has no result, but game 2 follows"):
        read_mat(text, name="cut.mat")


# --- 4. a stated result the rules do not count ------------------------------------------

#: A game that ends with bob bearing off while ann has none off: a gammon by the rules.
GAMMON = """\
; [Site "An online site"]

3 point match

 Game 1
 ann : 0                           bob : 0
  1)                               54: 8/3 6/2
  2) 66: 13/7 13/7 13/7 8/2        65: 8/2 8/3
  3) 64: 24/18 24/20               65: 13/7* 7/2
  4) 21: bar/24 8/6                63: 24/21 21/15
  5) 53: 24/21 21/16               66: 15/9* 13/7 13/7 7/1
  6) 65: bar/20 20/14              51: 7/2 2/1
  7) 65: 7/1* 13/8                 21: bar/23* 23/22
  8) 52: bar/20 13/11              32: 9/6 22/20
  9) 53: 14/9 9/6                  55: 20/15 13/8 13/8 6/1
 10) 33: 8/5 8/5 6/3 6/3           53: 6/1 15/12
 11) 31: 5/2 3/2                   63: 8/2 12/9
 12) 64: 20/14 6/2                 66: 9/3 8/2 6/off 6/off
 13) 42: 5/1 14/12                 65: 6/1 3/off
 14) 42: 20/16 16/14               11: 2/1 1/off 1/off 1/off
 15) 53: 11/6 12/9                 55: 3/off 3/off 2/off 2/off
 16) 63: 7/1 6/3                   53: 2/off 2/off
 17) 21: 9/7 7/6                   54: 1/off 1/off
 18) 31: 14/11 3/2                 54: 1/off
 19)                               Wins 1 point
"""
GAMMON_NEXT = """
 Game 2
 ann : 0                           bob : 1
  1) 31: 8/5 6/5                    Doubles => 2
  2)  Drops                         Wins 1 point
"""


def test_a_gammon_stated_as_one_point_follows_the_record_and_warns() -> None:
    as_counted = read_mat(GAMMON.replace("Wins 1 point", "Wins 2 points"), name="g.mat")
    with pytest.warns(RecordWarning) as caught:
        record = read_mat(GAMMON + GAMMON_NEXT, name="g.mat")
    (message,) = [str(w.message) for w in caught]
    assert message == (
        "g.mat, line 25: the game is worth 2 points by the rules, the record says 1: "
        "scored as the record says"
    )
    assert record.match is not None
    assert record.match.scores == (0, 2)  # 1 by the record, then the drop
    game = record.match.games[0]
    assert game.outcome is not None
    # Every play is kept, the game ends by its bear-off, and scores what the record says.
    counted = as_counted.games[0]
    assert game.history == counted.history
    assert counted.outcome is not None
    assert (counted.outcome.points, counted.outcome.rules_points) == (2, None)
    assert (game.outcome.reason, game.outcome.kind) == (EndReason.BEAR_OFF, ResultKind.GAMMON)
    assert (game.outcome.points, game.outcome.rules_points) == (1, 2)
    assert game.outcome.winner == game.side_of(1)
    assert game.outcome.to_dict()["rules_points"] == 2
    assert "rules_points" not in counted.outcome.to_dict()
    assert Game.from_json(game.to_json()) == game
    assert Match.from_json(record.match.to_json()) == record.match
    # Written back, the record says what it said: every play and "Wins 1 point".
    written = write_mat(record.match, record.players, record.tags)
    assert "54: 1/off" in written
    assert "Wins 1 point" in written
    with pytest.warns(RecordWarning):
        assert read_mat(written).match == record.match


def test_stated_points_are_checked() -> None:
    game = read_mat(GAMMON.replace("Wins 1 point", "Wins 2 points"), name="g.mat").games[0]
    assert game.with_stated_points(2) == game  # the rules' count: nothing stated
    again = game.with_stated_points(3).with_stated_points(2)
    assert again == game
    assert again.outcome is not None
    assert again.outcome.rules_points is None
    for bad in (0, -1, 1.5, True, "1"):
        with pytest.raises(IllegalActionError, match="stated points are a positive integer"):
            game.with_stated_points(bad)  # type: ignore[arg-type]
    with pytest.raises(WrongPhaseError, match="the game is not over"):
        game.restart().with_stated_points(1)
    record = json.loads(game.with_stated_points(1).to_json())
    record["outcome"]["points"] = 0
    with pytest.raises(RecordError, match="the record's stated points"):
        Game.from_dict(record)


def test_strict_reading_refuses_a_stated_result_the_rules_do_not_count(tmp_path: Path) -> None:
    path = tmp_path / "g.mat"
    path.write_text(GAMMON, encoding="utf-8")
    with pytest.raises(RecordError, match=r"g\.mat, line 25: the game is worth 2 points.*strict"):
        load_mat(path, strict=True)


def test_a_drop_stated_for_other_points_is_still_refused() -> None:
    text = HEAD.replace(
        "  6) 64: 25/21                   53: 24/21 13/8", "  6) 64: 25/21  Doubles => 2"
    )
    with pytest.raises(RecordError, match=r"line 13: 'Wins 2 points'.*worth 1 points"):
        read_mat(text + "  7)  Drops                      Wins 2 points\n", name="d.mat")


# --- 5. empty player names ---------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "players", "written"), [
    (" bob : 0", "  : 0", ("ann", ""), ("ann", "Player 2")),
    (" ann : 0   ", "  : 0      ", ("", "bob"), ("Player 1", "bob")),
])  # fmt: skip
def test_an_empty_name_is_read_and_written_as_gnubgs_default_name(
    old: str, new: str, players: tuple[str, str], written: tuple[str, str]
) -> None:
    text = HEAD.replace(old, new, 1) + "  7)  Concedes                     Wins 1 point\n"
    record = read_mat(text)
    assert record.players == players
    assert record.match is not None
    out = write_mat(record.match, record.players, record.tags)
    assert f" {written[0]} : 0" in out
    again = read_mat(out)
    assert again.players == written
    assert again.match == record.match


# --- 6. dice as written ------------------------------------------------------------------


def test_dice_written_low_high_are_written_back_as_written() -> None:
    text = HEAD.replace(
        "  1)                             32:", "  1)                             23:"
    )
    text = text.replace("62: 24/18 6/4               62:", "26: 24/18 6/4               26:")
    text += "  7)  Concedes                     Wins 1 point\n"
    record = read_mat(text, name="low.mat")
    assert record.match is not None
    game = record.match.games[0]
    # bob's 23 cannot be his opening roll read in order: he starts with an ordinary roll.
    assert game.history[0].kind is ActionKind.ROLL
    assert game.history[0].dice == (2, 3)
    assert game.history[2].dice == (2, 6)
    out = write_mat(record.match, record.players, record.tags)
    assert "  1)                               23: 24/21 13/11" in out
    assert "  2) 26: 24/18 6/4*                26: bar/23 13/7*" in out
    assert read_mat(out).match == record.match
    sgf = write_sgf(record.match, record.players)
    assert ";B[23adln]\n;W[26xrfd]" in sgf  # the dice as written, then the steps
    from_sgf = read_sgf(sgf).match
    assert from_sgf is not None
    assert from_sgf.games[0].history == game.history
    assert Match.from_json(record.match.to_json()) == record.match


def test_a_first_play_low_high_by_the_first_player() -> None:
    text = """3 point match

 Game 1
 ann : 0                         bob : 0
  1) 16: 13/7 8/7                Doubles => 2
  2)  Drops                      Wins 1 point
"""
    record = read_mat(text)
    assert record.match is not None
    game = record.match.games[0]
    assert (game.starter, game.white_player, game.history[0].dice) == (Side.WHITE, 0, (1, 6))
    assert "  1) 16: 13/7 8/7" in write_mat(record.match, record.players)


def test_an_opening_roll_is_written_winners_die_first_as_before() -> None:
    record = read_mat(HEAD + "  7)  Concedes                     Wins 1 point\n")
    game = record.games[0]
    assert game.history[0].kind is ActionKind.OPENING
    assert game.history[0].dice == (2, 3)  # ann's die, bob's die
    assert "32: 24/21 13/11" in write_mat(record.games, record.players)


def test_a_game_keeps_the_dice_in_the_order_rolled() -> None:
    game = Game.new("backgammon").roll((3, 1)).play("8/5 6/5").roll((2, 5))
    assert game.history[-1].dice == (2, 5)
    assert game.dice == Roll(5, 2)
    assert Game.from_json(game.to_json()) == game
    rolled = Game.new("backgammon", rng=7).roll().play(0).roll()
    first, second = rolled.history[-1].dice or ()
    assert rolled.dice == Roll(first, second)
    # A record written before: dice highest first, read as they are.
    data = json.loads(game.to_json())
    data["actions"][-1]["dice"] = [5, 2]
    old = Game.from_dict(data)
    assert old.history[-1].dice == (5, 2)
    assert old.dice == game.dice
    assert nardy.Game.from_json(old.to_json()) == old


# --- 7. a file cut off at a row ----------------------------------------------------------


def test_a_file_cut_off_inside_the_last_game_warns() -> None:
    with pytest.warns(RecordWarning, match=r"cut\.mat, line 12: the record ends in game 1"):
        record = read_mat(HEAD, name="cut.mat")
    assert record.match is not None
    game = record.match.game
    assert game is not None
    assert game.phase is Phase.ROLL
    with pytest.raises(RecordError, match=r"line 12: the record ends in game 1.*strict"):
        read_mat(HEAD, name="cut.mat", strict=True)


def test_a_game_without_a_result_before_another_is_refused() -> None:
    with pytest.raises(RecordError, match=r"line 14: game 1 has no result, but game 2 follows"):
        read_mat(HEAD + SECOND_GAME.replace("bob : 1", "bob : 0"), name="cut.mat")


def test_a_missing_game_is_refused() -> None:
    text = (
        HEAD
        + "  7)  Concedes                     Wins 1 point\n"
        + SECOND_GAME.replace("Game 2", "Game 3")
    )
    with pytest.raises(RecordError, match=r"m\.mat, line 15: game 3 follows game 1"):
        read_mat(text, name="m.mat")


def test_a_match_saved_between_games_does_not_warn() -> None:
    record = read_mat(HEAD + "  7)  Concedes                     Wins 1 point\n")
    assert record.match is not None
    assert not record.match.is_over()
    assert record.warnings == ()


def test_sgf_shares_the_stated_result_and_strict_reading() -> None:
    counted = read_mat(GAMMON.replace("Wins 1 point", "Wins 2 points"))
    assert counted.match is not None
    sgf = write_sgf(counted.match, counted.players)
    assert "RE[B+2]" in sgf
    stated = sgf.replace("RE[B+2]", "RE[B+1]")
    with pytest.warns(RecordWarning, match=r"g\.sgf, game 1, node 1: the game is worth 2 points"):
        record = read_sgf(stated, name="g.sgf")
    assert record.match is not None
    assert record.match.scores == (0, 1)
    with pytest.raises(RecordError, match=r"g\.sgf, game 1, node 1: .*\(strict reading\)"):
        read_sgf(stated, name="g.sgf", strict=True)


# --- 4b. the stated result in every format nardy writes, and in gnubg's exports ------------


def stated_record() -> MatchRecord:
    """GAMMON and the game after it: game 1 stated as 1 point, the rules count 2."""
    with pytest.warns(RecordWarning, match="the record says 1"):
        return read_mat(GAMMON + GAMMON_NEXT, name="g.mat")


def test_every_format_nardy_writes_keeps_the_stated_result(tmp_path: Path) -> None:
    record = stated_record()
    assert record.match is not None
    mat, sgf, js = (tmp_path / f"g.{ext}" for ext in ("mat", "sgf", "json"))
    mat.write_text(GAMMON + GAMMON_NEXT, encoding="utf-8")
    with pytest.warns(RecordWarning):
        assert main(["convert", str(mat), "-o", str(sgf)]) == 0
    with pytest.warns(RecordWarning):
        assert main(["convert", str(mat), "-o", str(js)]) == 0
    text = sgf.read_text(encoding="utf-8")
    assert "MI[length:3][game:0][ws:0][bs:0]" in text
    assert "RE[B+1]" in text.split("\n(")[0]  # game 1: the stated point
    assert "MI[length:3][game:1][ws:0][bs:1]" in text
    data = json.loads(js.read_text(encoding="utf-8"))
    assert (data["games"][0]["outcome"]["points"], data["games"][0]["outcome"]["rules_points"]) == (
        1,
        2,
    )
    assert data["scores"] == [0, 2]
    with pytest.warns(RecordWarning, match=r"g\.sgf, game 1, node 1: the game is worth 2 points"):
        from_sgf = load_sgf(sgf)
    assert from_sgf.match is not None
    assert from_sgf.match.scores == record.match.scores
    for mine, again in zip(record.games, from_sgf.games, strict=True):
        assert (again.history, again.outcome) == (mine.history, mine.outcome)
    assert Match.from_json(js.read_text(encoding="utf-8")) == record.match
    back = convert(js.read_text(encoding="utf-8"), "g.json", "sgf")
    assert back == write_sgf(record.match, ("Player 1", "Player 2"))
    assert "RE[B+1]" in back.split("\n(")[0]
    # nardy view's score line after game 1
    assert [step for step in viewer_steps(record) if step.game == 1][-1].score.startswith(
        "ann 0, bob 1,"
    )


#: How gnubg exports the record: the rules' count for game 1, the stated score after it.
GNUBG_EXPORTS = {
    "mat": ("Wins 1 point\n\n Game 2", "Wins 2 points\n\n Game 2"),
    "sgf": ("RE[B+1]", "RE[B+2]"),
}


@pytest.mark.parametrize("fmt", GNUBG_EXPORTS)
def test_a_score_line_after_a_game_played_out_states_its_points(fmt: str) -> None:
    record = stated_record()
    assert record.match is not None
    ours = (write_mat if fmt == "mat" else write_sgf)(record.match, record.players)
    old, new = GNUBG_EXPORTS[fmt]
    theirs = ours.replace(old, new, 1)
    assert theirs != ours
    read = read_mat if fmt == "mat" else read_sgf
    with pytest.warns(RecordWarning) as caught:
        again = read(theirs, name=f"e.{fmt}")
    (message,) = [str(w.message) for w in caught]
    place = "line 29" if fmt == "mat" else "game 2"
    assert message == (
        f"e.{fmt}, {place}: game 1 is worth 2 points by the rules, the score of game 2 "
        "says 1: scored as the score says"
    )
    assert again.match is not None
    assert again.match.scores == record.match.scores
    for mine, other in zip(record.games, again.games, strict=True):
        assert (other.history, other.outcome) == (mine.history, mine.outcome)
    with pytest.raises(RecordError, match=rf"e\.{fmt}, {place}: game 1 is worth.*strict"):
        read(theirs, name=f"e.{fmt}", strict=True)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("ann : 0                           bob : 0", "0-1"),  # no points for the winner
        ("ann : 1                           bob : 2", "0-1"),  # points for the loser
    ],
)
def test_a_score_line_that_disagrees_otherwise_is_still_refused(
    written: str, expected: str
) -> None:
    text = GAMMON + GAMMON_NEXT.replace("ann : 0                           bob : 1", written)
    with pytest.raises(RecordError, match=f"line 27: the score is {expected}, the record says"):
        read_mat(text, name="g.mat")


def test_a_score_line_after_a_drop_is_no_stated_result() -> None:
    drop = HEAD.replace(
        "  6) 64: 25/21                   53: 24/21 13/8", "  6) 64: 25/21  Doubles => 2"
    )
    drop += "  7)  Drops                      Wins 1 point\n"
    drop += "\n Game 2\n ann : 0                         bob : 2\n"
    with pytest.raises(
        RecordError, match=r"d\.mat, line 15: the score is 0-1, the record says 0-2"
    ):
        read_mat(drop, name="d.mat")


# --- 8. never half-imported -------------------------------------------------------------

#: The cells a real row ends with, in any order: each real-world spelling above.
CELLS = [
    "32:",
    "32: ????",
    "32: Concedes",
    "????",
    "00: ????",
    "Concedes",
    "Resigns",
    "Losses 1 point",
    "Wins 1 point",
    "Wins 2 point",
    "Wins 1 point and the match",
    "Doubles => 2",
    "Takes",
    "Drops",
    "31: 25/22 6/5",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CELLS), st.sampled_from([*CELLS, ""])), max_size=3))
def test_any_ending_of_real_cells_reads_or_names_the_file_and_line(
    rows: list[tuple[str, str]],
) -> None:
    text = HEAD + "".join(
        f" {7 + k:2d}) {left:<27}  {right}\n" for k, (left, right) in enumerate(rows)
    )
    try:
        read_mat(text, name="any.mat", strict=True)
    except RecordError as exc:  # any other exception fails the test
        message = str(exc)
    else:
        return
    assert message.startswith("any.mat, line ")
