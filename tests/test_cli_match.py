"""``nardy demo --match N``: a seeded self-play match with the cube, the score after each game."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

import nardy
from nardy import Game, Match, Phase, Side
from nardy.cli.main import DOUBLE_LEAD, TAKE_LEAD, cube_decision, main

GAME_LINE = re.compile(
    r"^Game (?P<n>\d+)(?P<crawford> \(Crawford\))?: (?P<white>[AB]) white, (?P<black>[AB]) black; "
    r".*; score A (?P<a>[\d.]+), B (?P<b>[\d.]+)$"
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["demo", *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_match_prints_the_score_after_each_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.json"
    lines = run(capsys, "--match", "5", "--seed", "1", "--record", str(record))
    assert lines[0] == "nardy demo: match to 5 points, backgammon, seed 1"
    games = [GAME_LINE.match(line) for line in lines[1:-1]]
    assert all(games), lines
    scores = [(float(m["a"]), float(m["b"])) for m in games if m]
    # Scores only grow, and the last game takes someone to 5 or more.
    for before, after in zip([(0.0, 0.0), *scores], scores):
        assert after[0] >= before[0]
        assert after[1] >= before[1]
        assert after != before
    assert max(scores[-1]) >= 5
    # ... and no earlier game ended the match (5 or more and ahead).
    assert not any(max(s) >= 5 and s[0] != s[1] for s in scores[:-1])
    # Backgammon's custom: colours stay with the players (A white), every game
    # starts with an opening roll.
    whites = [m["white"] for m in games if m]
    assert set(whites) == {"A"}
    assert re.fullmatch(r"Match: [AB] wins [\d.]+-[\d.]+ after \d+ games?", lines[-1])
    # The record replays to the printed score.
    match = Match.from_json(record.read_text(encoding="utf-8"))
    assert match.is_over()
    assert (float(match.scores[0]), float(match.scores[1])) == scores[-1]
    assert len(match.games) == len(scores)


def test_match_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--match", "3", "--seed", "7")
    second = run(capsys, "--match", "3", "--seed", "7")
    assert first == second


def test_match_long_nardy_with_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(
        capsys,
        "--match",
        "3",
        "--variant",
        "long-nardy",
        "--seed",
        "4",
        "--game-option",
        "last_roll_draw=true",
        "--game-option",
        "cube=false",
    )
    assert lines[0] == "nardy demo: match to 3 points, long-nardy, seed 4"
    assert any("draw, 0.5 each" in line for line in lines)
    # Played without the cube, the games do not mention one.
    assert not any("cube" in line for line in lines[1:-1])
    # Nardy players' custom: the colours alternate from game to game.
    whites = [m["white"] for m in map(GAME_LINE.match, lines[1:-1]) if m]
    assert len(whites) > 1
    assert all(a != b for a, b in itertools.pairwise(whites))


def test_crawford_game_is_marked(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(1, 30):
        lines = run(capsys, "--match", "3", "--seed", str(seed))
        marked = [line for line in lines if "(Crawford)" in line]
        if marked:
            # The Crawford game follows the first game that took someone to 2 = 3 - 1.
            games = [m for m in map(GAME_LINE.match, lines[1:-1]) if m]
            index = next(i for i, m in enumerate(games) if m["crawford"])
            before = games[index - 1]
            assert 2 in (float(before["a"]), float(before["b"]))
            assert "cube 1:" in marked[0] or "draw" in marked[0]
            return
    raise AssertionError("no Crawford game in 30 seeded matches")


def test_bad_match_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--match", "0"])
    assert main(["demo", "--match", "3", "--game-option", "stakes=exponential"]) == 2
    assert "stakes" in capsys.readouterr().err


# --- the documented cube heuristic ----------------------------------------------------


def race(white_pips_point: int, black_pips_point: int) -> Game:
    """White on roll; each side has 15 checkers on one point of its home board."""
    bg = nardy.find_variant("backgammon")
    start = bg.from_counts({white_pips_point: 15}, {black_pips_point: 15}, turn=Side.WHITE)
    return Game.new(bg, start=start)


def test_cube_heuristic_thresholds() -> None:
    assert (DOUBLE_LEAD, TAKE_LEAD) == (0.15, 0.25)
    # White 15 x 4 = 60 pips, black 15 x 5 = 75: lead 15 / 60 = 25% >= 15%: double.
    g = race(4, 5)
    assert cube_decision(g) == "double"
    # Black facing the double: white's lead 25% <= 25%: take.
    assert cube_decision(g.double()) == "take"
    # White 15 x 4 = 60, black 15 x 6 = 90: lead 50%: double, and black passes.
    g = race(4, 6)
    assert cube_decision(g.double()) == "drop"
    # Level race (60 v 60): no double.
    assert cube_decision(race(4, 4)) == ""
    # After rolling there is nothing to decide.
    assert cube_decision(race(4, 5).roll((2, 1))) == ""
    assert race(4, 5).roll((2, 1)).phase is Phase.MOVE
