"""``nardy convert`` and ``nardy id``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import nardy
from nardy.cli.convert import convert, describe_id
from nardy.cli.legal import error_answer
from nardy.cli.main import main
from nardy.errors import InvalidIdError, UnsupportedFormatError
from nardy.formats import read_mat, read_sgf
from nardy.game.actions import Phase
from nardy.pictures.viewer import load_record
from test_mat import GALAXY, every_match
from test_sgf import games_of

Capture = pytest.CaptureFixture[str]


def test_convert_between_all_formats(tmp_path: Path, capsys: Capture) -> None:
    mat = tmp_path / "m.mat"
    mat.write_text(GALAXY, encoding="utf-8")
    sgf, js, back = tmp_path / "m.sgf", tmp_path / "m.json", tmp_path / "back.txt"
    assert main(["convert", str(mat), str(sgf)]) == 0
    assert main(["convert", str(sgf), str(js)]) == 0
    assert main(["convert", str(js), str(back), "--to", "mat"]) == 0
    original = read_mat(GALAXY).match
    assert games_of(read_sgf(sgf.read_text()).match) == games_of(original)
    # SGF keeps no cube limit: compare what was played
    assert games_of(nardy.Match.from_json(js.read_text())) == games_of(original)
    assert games_of(read_mat(back.read_text()).match) == games_of(original)
    assert main(["convert", str(mat), "--to", "sgf"]) == 0
    assert capsys.readouterr().out == sgf.read_text()


@pytest.mark.parametrize("path", every_match())
def test_every_real_match_converts_to_json_and_back(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    record = read_mat(text)
    js = convert(text, path.name, "json")
    assert nardy.Match.from_json(js) == record.match
    assert read_mat(convert(js, "m.json", "mat")).match == record.match


def test_a_money_session_converts_to_json_and_back() -> None:
    text = GALAXY.replace("3 point match", "0 point match")
    record = read_mat(text)
    js = convert(text, "session.mat", "json")
    session = nardy.Session.from_json(js)
    assert session == record.session
    assert session.recorded_games() == record.games
    assert read_mat(convert(js, "s.json", "mat")).games == record.games
    assert read_sgf(convert(js, "s.json", "sgf")).games[0].history == record.games[0].history


def played(variant: str, seed: int, turns: int = 8) -> nardy.Game:
    """A game of ``variant`` some random turns in (finished by a resignation when it can be)."""
    game = nardy.Game.new(variant, rng=seed)
    for _ in range(turns):
        if game.phase is Phase.DECIDE:
            game = game.name_double(game.double_choices()[0])
        elif game.phase is Phase.MOVE:
            game = game.play(0)
        else:
            game = game.roll()
    return game.resign().accept()


def test_a_game_record_converts_as_view_and_render_read_it(tmp_path: Path) -> None:
    game = played("backgammon", 4)
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert load_record(path).games == (game,)  # what nardy view and nardy render read
    for target in ("mat", "sgf", "json"):
        out = tmp_path / f"out.{target}"
        assert main(["convert", str(path), "-o", str(out)]) == 0
    assert nardy.Game.from_json((tmp_path / "out.json").read_text()) == game
    assert read_mat((tmp_path / "out.mat").read_text()).games == (game,)
    assert read_sgf((tmp_path / "out.sgf").read_text()).games[0].history == game.history
    # Without an extension, the text says it is JSON.
    assert convert(game.to_json(), "game", "mat") == (tmp_path / "out.mat").read_text()


@pytest.mark.parametrize(
    ("variant", "why"),
    [
        ("acey-deucey", "not acey-deucey"),
        ("tabula", "not tabula"),
        ("long-nardy", "not long-nardy"),
        ("backgammon(must_play_higher=false)", "with their usual rules"),
    ],
)
def test_a_game_mat_cannot_hold_is_refused_saying_so(
    variant: str, why: str, tmp_path: Path, capsys: Capture
) -> None:
    game = played(variant, 2)
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert main(["convert", str(path), "--to", "mat"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"nardy convert: {path}: this game cannot be written as .mat: ")
    assert why in err
    assert "--to json" in err
    assert main(["convert", str(path), "--to", "sgf"]) == 1
    assert "cannot be written as SGF" in capsys.readouterr().err
    assert main(["convert", str(path), "--to", "json"]) == 0
    assert nardy.Game.from_json(capsys.readouterr().out) == game


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["convert", "{dir}/bad.mat", "--to", "sgf"], "bad.mat, line 13: '62:'"),
        (["convert", "{dir}/good.mat"], "give --to"),
        (["convert", "{dir}/good.mat", "{dir}/out.xyz"], "cannot tell the format"),
        (["convert", "{dir}/missing.mat", "--to", "sgf"], "No such file"),
        (["convert", "{dir}/session.json", "--to", "mat"], "session.json: not JSON"),
        (["convert", "{dir}/bad-session.json", "--to", "mat"], "bad-session.json: game 1: "),
        (["id", "hello"], "not a gnubg ID"),
        (["id", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0"], "10 fields"),
    ],
)
def test_bad_input_exits_1_with_a_message(
    args: list[str], problem: str, tmp_path: Path, capsys: Capture
) -> None:
    (tmp_path / "good.mat").write_text(GALAXY, encoding="utf-8")
    (tmp_path / "bad.mat").write_text(GALAXY.replace("62: 25/23 13/7", "62:"), encoding="utf-8")
    session = GALAXY.replace("3 point match", "0 point match")
    (tmp_path / "session.mat").write_text(session, encoding="utf-8")
    (tmp_path / "session.json").write_text("{nope", encoding="utf-8")
    data = json.loads(convert(session, "session.mat", "json"))
    data["games"][0]["actions"][3]["play"] = "6/1"
    (tmp_path / "bad-session.json").write_text(json.dumps(data), encoding="utf-8")
    code = main([a.replace("{dir}", str(tmp_path)) for a in args])
    captured = capsys.readouterr()
    assert code == 1
    assert captured.out == ""
    assert captured.err.startswith(f"nardy {args[0]}: ")  # the command names itself
    assert problem in captured.err


@pytest.mark.parametrize(
    "text",
    [
        "4HPwATDgc/ABMA:QYkqASAAIAAA",
        "GNUBGID 4HPwATDgc/ABMA:QYkqASAAIAAA",
        "-b----E-C---eE---c-e----B-:1:1:-1:52:2:4:0:9:6",
        "XGID=-b----E-C---eE---c-e----B-:1:1:-1:52:2:4:0:9:6",
    ],
)
def test_id_reads_every_form_of_the_same_position(text: str, capsys: Capture) -> None:
    assert main(["id", "--", text]) == 0  # "--": an XGID may start with "-"
    answer = json.loads(capsys.readouterr().out)
    assert answer["gnubg_id"] == "4HPwATDgc/ABMA:QYkqASAAIAAE"
    assert answer["position_id"] == "4HPwATDgc/ABMA"
    assert answer["match_id"] == "QYkqASAAIAAE"
    assert answer["xgid"] == "XGID=-b----E-C---eE---c-e----B-:1:1:-1:52:2:4:0:9:6"
    assert answer["fibs_board"].startswith("board:you:opponent:9:2:4:")
    assert answer["position"]["turn"] == "b"
    assert answer["position"]["board"][5] == 5  # the mover's 6-point
    assert answer["match_state"]["score"] == [2, 4]
    assert answer["match_state"]["cube_owner"] == "w"


def test_id_of_a_position_id_and_a_fibs_board() -> None:
    alone = describe_id("4HPwATDgc/ABMA")
    assert alone["match_state"]["length"] == 0
    assert alone["match_state"]["turn"] == "w"
    fibs = describe_id(
        "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2"
        ":0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
    )
    assert fibs["position_id"] == "4HPwATDgc/ABMA"
    assert fibs["match_state"]["dice"] == [6, 2]
    # a state XGID cannot hold: a pending resignation
    resigning = describe_id("4HPwATDgc/ABMA:MMmlAAAAAAAE")
    assert resigning["xgid"] is None
    assert resigning["match_state"]["resignation"] == {"side": "w", "level": "gammon"}
    with pytest.raises(InvalidIdError):
        describe_id(None)  # type: ignore[arg-type]
    with pytest.raises(UnsupportedFormatError):
        convert(GALAXY, "m.mat", "pdf")


# --- many IDs at once -------------------------------------------------------------------

START_ID = "4HPwATDgc/ABMA:QYkqASAAIAAA"
XGID_START = "-b----E-C---eE---c-e----B-:1:1:-1:52:2:4:0:9:6"
# gnubg's: an opening roll not yet played, a dropped double, a game that won the match
OPENING_ID = "4HPwATDgc/ABMA:MICyAQAAAAAE"
DROPPED_ID = "7vYBAKDZdoMAEA:UQSgAQAAEAAE"
WON_ID = "AAAAdmcPCAAAAA:UQogAhABKAAE"
SRC = str(Path(__file__).resolve().parents[1] / "src")


def answer_of(text: str) -> str:
    """The line ``nardy id`` answers for ``text``: its JSON, or its error line."""
    try:
        return json.dumps(describe_id(text))
    except InvalidIdError as exc:
        return json.dumps(error_answer(exc))


def run_id(args: list[str], stdin: bytes, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    return main(["id", *args])


def test_id_reads_many_arguments(capsys: Capture) -> None:
    texts = [START_ID, "hello", XGID_START, OPENING_ID, DROPPED_ID, WON_ID]
    assert main(["id", "--", *texts]) == 1  # one could not be read
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [answer_of(text) for text in texts]
    assert captured.err == ""
    bad = json.loads(captured.out.splitlines()[1])
    assert bad["error"]["type"] == "InvalidIdError"
    assert "'hello'" in bad["error"]["message"]
    assert main(["id", START_ID, START_ID]) == 0


def test_id_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    lines = [START_ID, "", "# a comment", f"  XGID={XGID_START}  ", "hello", OPENING_ID]
    data = "\n".join(lines).encode() + b"\n\xff\xfe\n" + DROPPED_ID.encode()  # no last newline
    assert run_id(["-", WON_ID], data, monkeypatch) == 1
    out = capsys.readouterr().out.splitlines()
    not_utf8 = json.loads(out[4])
    assert not_utf8 == {
        "error": {"type": "InvalidIdError", "message": "the line is not UTF-8 text (byte 0)"}
    }
    del out[4]
    read = [START_ID, f"XGID={XGID_START}", "hello", OPENING_ID, DROPPED_ID, WON_ID]
    assert out == [answer_of(text) for text in read]
    assert run_id(["-"], f"{START_ID}\n\n".encode(), monkeypatch) == 0
    assert capsys.readouterr().out == answer_of(START_ID) + "\n"


def test_id_with_many_ids_and_an_unknown_variant(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    assert run_id(["--variant", "nope", "-"], START_ID.encode(), monkeypatch) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "nardy id: error: unknown variant 'nope'" in captured.err
    # one ID: the same usage error, checked before any ID is read
    assert main(["id", "--variant", "nope", START_ID]) == 2
    assert "nardy id: error: unknown variant 'nope'" in capsys.readouterr().err


def test_id_of_the_ids_of_a_games_ends() -> None:
    opening = describe_id(OPENING_ID)
    assert opening["gnubg_id"] == OPENING_ID
    assert opening["match_state"]["game_state"] == "none"
    assert opening["match_state"]["dice"] == [5, 4]
    assert opening["xgid"] == "XGID=-b----E-C---eE---c-e----B-:0:0:1:54:0:0:0:13:6"
    dropped = describe_id(DROPPED_ID)
    assert dropped["gnubg_id"] == DROPPED_ID
    assert dropped["xgid"] is None  # XGID cannot say that a game is over
    assert (dropped["match_state"]["turn"], dropped["match_state"]["score"]) == ("b", [0, 2])
    won = describe_id(WON_ID)
    assert won["gnubg_id"] == WON_ID
    assert won["match_state"]["score"] == [17, 5]  # the game's points counted
    assert won["fibs_board"].split(":")[32] == "0"  # FIBS: the game is over


def test_id_command_reads_a_pipe() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.run(
        [sys.executable, "-m", "nardy", "id", "-"],
        input=f"{START_ID}\nhello\n{OPENING_ID}\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [answer_of(t) for t in (START_ID, "hello", OPENING_ID)]
