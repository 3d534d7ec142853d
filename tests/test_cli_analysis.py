"""``nardy engines``, ``hint``, ``cube`` and ``rollout`` (the heuristic everywhere, engines where installed)."""

from __future__ import annotations

import importlib.util
import json

import pytest

import nardy
from nardy.analysis import open_engine
from nardy.cli.main import main

START_ID = "4HPwATDgc/ABMA"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_engines_lists_every_backend(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "engines", "--format", "json")
    rows = {row["name"]: row for row in json.loads(out)}
    assert status == 0
    assert list(rows) == ["heuristic", "sage", "gnubg-nn", "gnubg"]
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
