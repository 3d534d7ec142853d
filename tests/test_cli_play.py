"""``nardy play`` and ``nardy demo --engine``: a seeded match printed, its record written, the review hook."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from nardy import Match
from nardy.analysis import open_engine, play_match, review_match
from nardy.cli import analyze
from nardy.cli.main import main
from nardy.cli.play import default_player, match_lines, run_play
from nardy.formats import MatchRecord, read_mat, read_sgf


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_play_prints_every_game_the_result_and_the_review(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "play", "--engine", "heuristic", "--match", "3", "--seed", "2")
    record = play_match("heuristic", "random", 3, seed=2)
    lines = out.splitlines()
    assert status == 0, err
    assert lines[0] == "nardy play: heuristic against random, match to 3, seed 2"
    played = len(record.games) + 1
    assert lines[1 : played + 1] == match_lines(record)
    assert lines[played].startswith("Match: heuristic wins")
    # Each side's review, by the engine that played (the same review as nardy.analysis's).
    with open_engine("heuristic") as engine:
        review = review_match(record, engine)
    assert "\n".join(lines[played + 1 :]) == "Review: " + analyze.review_text(review, worst=5)
    assert lines[played + 1].startswith("Review: heuristic")
    assert review.to_text() in out


def test_the_review_is_by_the_engine_that_played_or_says_why_there_is_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "play", "--engine", "random", "--engine", "heuristic", "--match", "1"
    )
    assert status == 0, err
    assert "Review: heuristic" in out
    status, out, err = run(
        capsys, "play", "--engine", "heuristic", "--match", "1", "--variant", "long-nardy"
    )
    assert status == 0, err
    last = out.splitlines()[-1]
    assert last.startswith("Review: not available (the review scores backgammon")
    assert "long-nardy" in last


def test_the_match_lines_add_up_to_the_score() -> None:
    record = play_match("heuristic", "heuristic", 5, seed=3)
    assert record.match is not None
    last = match_lines(record)[-2]
    scores = record.match.scores
    assert last.endswith(f"score heuristic A {scores[0]:g}, heuristic B {scores[1]:g}")


@pytest.mark.parametrize("suffix", [".mat", ".sgf", ".json"])
def test_play_writes_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"match{suffix}"
    status, _, err = run(
        capsys, "play", "--engine", "heuristic", "--match", "2", "--seed", "5", "-o", str(path)
    )
    expected = play_match("heuristic", "random", 2, seed=5).match
    assert status == 0, err
    assert expected is not None
    text = path.read_text(encoding="utf-8")
    if suffix == ".json":
        assert Match.from_json(text) == expected
        return
    back = (read_mat if suffix == ".mat" else read_sgf)(text)
    assert back.players == ("heuristic", "random")
    assert [g.history for g in back.games] == [g.history for g in expected.games]


def test_a_bad_output_is_refused_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "--engine", "heuristic", "-o", "match.doc")
    assert status == 1
    assert out == ""
    assert "cannot tell the format of 'match.doc'" in err


def test_bad_engines_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "--engine", "deep-blue"])
    assert info.value.code == 2
    assert "unknown engine 'deep-blue'" in capsys.readouterr().err
    three = ("--engine", "heuristic") * 3
    status, _, err = run(capsys, "play", *three)
    assert status == 1
    assert "two players" in err


def test_the_review_hook_gets_the_finished_record() -> None:
    seen: list[MatchRecord] = []

    def review(record: MatchRecord) -> str:
        seen.append(record)
        return "REVIEW"

    out = io.StringIO()
    record = run_play(["heuristic", "random"], 1, 9, 0, "backgammon", out, review)
    assert seen == [record]
    assert record.match is not None
    assert record.match.is_over()
    assert out.getvalue().splitlines()[-1] == "REVIEW"


def test_without_an_engine_the_strongest_that_plays_the_variant_plays() -> None:
    assert default_player("long-nardy") == "heuristic"
    assert default_player("plakoto") == "heuristic"


def test_demo_engine_plays_the_same_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "demo.json"
    status, out, err = run(
        capsys, "demo", "--engine", "heuristic", "--seed", "4", "--record", str(record)
    )
    assert status == 0, err
    _, played, _ = run(capsys, "play", "--engine", "heuristic", "--match", "1", "--seed", "4")
    assert out == played
    expected = play_match("heuristic", "random", 1, seed=4).match
    assert Match.from_json(record.read_text(encoding="utf-8")) == expected
    with pytest.raises(SystemExit) as info:
        main(["demo", "--engine", "heuristic", "--game-option", "cube=false"])
    assert info.value.code == 2
    assert "--game-option is not taken with --engine" in capsys.readouterr().err


def test_demo_without_engine_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--match", "1", "--seed", "2")
    assert status == 0
    assert out.startswith("nardy demo: match to 1 points")
    with pytest.raises(SystemExit) as info:
        main(["demo", "--record", "x.json"])
    assert info.value.code == 2
    assert "--record needs --match N" in capsys.readouterr().err


def test_an_engine_that_does_not_play_the_variant_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")
    status, _, err = run(capsys, "play", "--engine", "gnubg-nn", "--variant", "plakoto")
    assert status == 1
    assert "gnubg-nn engine plays backgammon, nackgammon, not plakoto" in err
    assert json.dumps(err)  # one line
