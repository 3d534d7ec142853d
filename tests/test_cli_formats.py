"""``nardy convert`` and ``nardy id``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import nardy
from nardy.cli import main
from nardy.errors import InvalidIdError, UnsupportedFormatError
from nardy.formats import read_mat, read_sgf
from nardy.formats.commands import convert, describe_id
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
