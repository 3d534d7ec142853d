"""``nardy engines``, ``hint``, ``cube`` and ``rollout`` (the heuristic everywhere, engines where installed)."""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import json

import pytest

import nardy
from analysis_support import match_files
from nardy.analysis import open_engine, review_match
from nardy.cli.analyze import ProgressBar, parse_games
from nardy.cli.main import main
from nardy.formats.mat import load_mat

START_ID = "4HPwATDgc/ABMA"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_engines_lists_every_backend(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "engines", "--format", "json")
    rows = {row["name"]: row for row in json.loads(out)}
    assert status == 0
    assert list(rows) == ["heuristic", "sage", "gnubg-nn", "gnubg", "gnubg-process"]
    assert rows["heuristic"]["installed"] is True
    assert rows["sage"]["installed"] == (importlib.util.find_spec("bgsage") is not None)
    assert "rollout" in rows["sage"]["abilities"]


def test_hint_json_has_the_plays_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "hint", START_ID, "--roll", "31", "--engine", "heuristic", "--format", "json"
    )
    data = json.loads(out)
    start = nardy.find_variant("backgammon").starting_position()
    expected = open_engine("heuristic").rank_plays(start, (3, 1))
    assert status == 0
    assert [p["play"] for p in data["plays"]] == [r.play.notation() for r in expected]
    assert [p["loss"] for p in data["plays"]] == sorted(p["loss"] for p in data["plays"])
    assert data["engine"]["name"] == "heuristic"


def test_hint_multipv_and_the_ids_dice(capsys: pytest.CaptureFixture[str]) -> None:
    # An XGID with the dice 31 on the table: no --roll needed.
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
    status, out, _ = run(capsys, "hint", xgid, "--engine", "heuristic", "--multipv", "2")
    assert status == 0
    assert out.splitlines()[0].endswith("roll 31")
    assert len(out.splitlines()) == 3


def test_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "hint", START_ID, "--engine", "heuristic")
    assert (status, err) == (1, "nardy hint: the ID has no dice: give the roll with --roll DD\n")
    status, _, err = run(capsys, "rollout", START_ID, "--engine", "heuristic")
    assert (status, err) == (1, "nardy rollout: the heuristic engine cannot do rollouts\n")
    status, _, err = run(capsys, "cube", "not-an-id", "--engine", "heuristic")
    assert status == 1
    assert err.startswith("nardy cube: not a gnubg ID")
    status, _, err = run(
        capsys, "hint", START_ID, "--roll", "31", "--plies", "9", "--engine", "heuristic"
    )
    assert status == 1
    assert "Limit.plies" in err


def test_cube_with_the_heuristic(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cube", START_ID, "--engine", "heuristic", "--format", "json")
    data = json.loads(out)
    assert status == 0
    start = nardy.find_variant("backgammon").starting_position()
    expected = open_engine("heuristic").cube(start)
    assert data["double_pass"] == 1.0
    assert data["no_double"] == pytest.approx(expected.no_double)
    assert data["double_take"] == pytest.approx(expected.double_take)
    assert data["action"] == expected.action.value


def test_rollout_with_sage(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("bgsage")
    argv = ("rollout", START_ID, "--engine", "sage", "--trials", "36", "--truncation", "2")
    status, out, _ = run(capsys, *argv, "--seed", "3", "--format", "json")
    again = run(capsys, *argv, "--seed", "3", "--format", "json")[1]
    data = json.loads(out)
    assert status == 0
    assert (data["trials"], data["seed"]) == (36, 3)
    assert data["cubeless_error"] > 0
    assert out == again


# --- nardy analyze --------------------------------------------------------------------------

MATCH = next(p for p in match_files() if " 3pt " in p.name)


def test_analyze_json_has_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("analyze", str(MATCH), "--engine", "heuristic", "--games", "1")
    status, out, err = run(capsys, *argv, "--format", "json")
    data = json.loads(out)
    record = load_mat(MATCH)
    expected = review_match(record, open_engine("heuristic"), games={1})
    assert status == 0
    assert err == ""  # not a terminal: no progress bar
    assert [p["name"] for p in data["players"]] == list(record.players)
    keys = {"name", "checker_error_total", "checker_error_rate", "cube_error_total"}
    assert keys | {"luck_total", "luck_rate", "pr"} <= set(data["players"][0])
    for mine, theirs in zip(data["players"], expected.players, strict=True):
        assert mine["checker_error_total"] == pytest.approx(theirs.checker_error_total)
        assert mine["pr"] == pytest.approx(theirs.pr)
    assert [g["number"] for g in data["games"]] == [1]
    assert data["engine"]["name"] == "heuristic"


def test_analyze_one_player_in_csv_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    name = load_mat(MATCH).players[1]
    argv = ("analyze", str(MATCH), "--engine", "heuristic", "--games", "1", "--player", name)
    status, out, _ = run(capsys, *argv, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0
    assert rows
    assert {row["player"] for row in rows} == {"1"}
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert "Worst errors" in out
    worst = out.split("Worst errors")[1].splitlines()[1:]
    assert all(f", {name}: " in line for line in worst)


def test_analyze_refuses_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "analyze", str(MATCH), "--engine", "heuristic", "--player", "Zed")
    assert status == 1
    assert "Zed" in err


def test_game_lists() -> None:
    assert parse_games("1,3-5") == {1, 3, 4, 5}
    for bad in ("0", "3-1", "x", "1,,2"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_games(bad)


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("nardy.cli.analyze._PATIENCE", 0.0)
    terminal = Terminal()
    bar = ProgressBar(terminal)
    bar(5, 10)
    assert "5/10" in terminal.getvalue()
    assert "#" * 15 + "." * 15 in terminal.getvalue()
    bar.clear()
    assert terminal.getvalue().endswith("\r")
    quiet = io.StringIO()
    ProgressBar(quiet)(5, 10)
    assert quiet.getvalue() == ""
