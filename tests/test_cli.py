"""The ``nardy`` command line: the ``nardy legal`` JSON-lines contract, ``demo``, ``variants``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Sequence

import pytest

import nardy
from helpers import board_of, run_legal
from nardy import Position, Side
from nardy.cli.main import main

BG = nardy.find_variant("backgammon")
FAMILY = ["backgammon", "nackgammon", "hypergammon", "caucasian"]


def unflipped(result: Position) -> dict[str, list[int]]:
    """A resulting position back in the frame of the side that moved (p -> 25 - p)."""
    arr = result.to_array()
    return {
        "board": [-x for x in reversed(arr["board"])],
        "bar": arr["bar"][::-1],
        "off": arr["off"][::-1],
    }


# The last white checker on 3, a black blot on white's 1 and 14 on white's 20.
LAST_CHECKER = {"board": board_of({3: 1}, {1: 1, 20: 14}), "bar": [0, 0], "off": [14, 0]}
# One white checker on the bar, black holding all of white's 19..24.
CLOSED = {
    "board": board_of({6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3}),
    "bar": [1, 0],
    "off": [0, 0],
}
# Seed 004: one movable checker on 24; 6-2 can play only one die (8 away is closed).
SEED_6_2 = {"board": board_of({24: 1, 1: 14}, {13: 1, 16: 2, 19: 3, 2: 9}), "dice": [6, 2]}
# Caucasian: 7:1, 2:2; blot on 4; 3-2. 7/4*/2 hides after a hit in the home board.
HIDE = {"board": board_of({7: 1, 2: 2}, {4: 1, 20: 14}), "dice": [3, 2]}


class TestLegal:
    def test_hand_checked_line(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        # 4-2: only 3/1*/off. After it: nothing of white's left, black's blot on
        # the bar, the 14 on white's 20 unchanged; white has 15 off.
        line = {"variant": "backgammon", **LAST_CHECKER, "dice": [4, 2]}
        status, out = run_legal([line], [], monkeypatch, capsys)
        assert status == 0
        assert out == [
            {
                "plays": [
                    {
                        "play": "3/1*/off",
                        "board": board_of({}, {20: 14}),
                        "bar": [0, 1],
                        "off": [15, 0],
                    }
                ]
            }
        ]

    def test_forced_pass_is_one_empty_play_with_the_same_position(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out = run_legal(
            [{**CLOSED, "dice": [6, 5]}], ["--variant", "bg"], monkeypatch, capsys
        )
        assert status == 0
        assert out == [{"plays": [{"play": "", **CLOSED}]}]

    @pytest.mark.parametrize("dice", [[3, 1], [1, 3], [6, 5], [4, 4], [2, 1]])
    def test_matches_the_library(
        self,
        dice: list[int],
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        start = BG.starting_position()
        status, out = run_legal(
            [{"board": list(start.board), "dice": dice}],
            ["--variant", "backgammon"],
            monkeypatch,
            capsys,
        )
        assert status == 0
        legal = start.legal_plays((dice[0], dice[1]))
        expected = [
            {"play": play.notation(), **unflipped(result)} for play, result in legal.items()
        ]
        assert out == [{"plays": expected}]
        # The mover-frame output keeps the mover's checkers positive.
        for entry in out[0]["plays"]:
            assert sum(x for x in entry["board"] if x > 0) + entry["off"][0] == 15

    def test_off_and_bar_default(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        # Without "bar" and "off": no one on the bar, off makes each side add up.
        line = {"variant": "backgammon", "board": LAST_CHECKER["board"], "dice": [4, 2]}
        _, out = run_legal([line], [], monkeypatch, capsys)
        assert [p["play"] for p in out[0]["plays"]] == ["3/1*/off"]

    def test_option_flag_and_per_line_override(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        lines = [
            SEED_6_2,  # uses --option must_play_higher=false: 24/18 or 24/22
            {**SEED_6_2, "options": {"must_play_higher": True}},  # only 24/18
            {**SEED_6_2, "options": {"must_play_higher": "true"}},
        ]
        status, out = run_legal(
            lines,
            ["--variant", "backgammon", "--option", "must_play_higher=false"],
            monkeypatch,
            capsys,
        )
        assert status == 0
        assert sorted(p["play"] for p in out[0]["plays"]) == ["24/18", "24/22"]
        assert [p["play"] for p in out[1]["plays"]] == ["24/18"]
        assert [p["play"] for p in out[2]["plays"]] == ["24/18"]

    def test_per_line_variant_spec_overrides_the_option_flag(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        line = {**SEED_6_2, "variant": "backgammon(must_play_higher=true)"}
        args = ["--variant", "backgammon", "--option", "must_play_higher=false"]
        _, out = run_legal([line], args, monkeypatch, capsys)
        assert [p["play"] for p in out[0]["plays"]] == ["24/18"]

    def test_per_line_variant_overrides_the_flag(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        # Backgammon: 7/4*/2, 7/4* 2/off, 7/5/2. Caucasian drops 7/4*/2.
        lines = [HIDE, {**HIDE, "variant": "caucasian"}]
        status, out = run_legal(lines, ["--variant", "backgammon"], monkeypatch, capsys)
        assert status == 0
        hide = {"board": board_of({2: 3}, {20: 14}), "bar": [0, 1], "off": [12, 0]}
        bg_results = [{k: p[k] for k in ("board", "bar", "off")} for p in out[0]["plays"]]
        caucasian_results = [{k: p[k] for k in ("board", "bar", "off")} for p in out[1]["plays"]]
        assert len(bg_results) == 3
        assert hide in bg_results
        assert len(caucasian_results) == 2
        assert hide not in caucasian_results
        assert all(r in bg_results for r in caucasian_results)

    def test_bad_lines_are_reported_and_processing_goes_on(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        good = {"variant": "backgammon", **LAST_CHECKER, "dice": [4, 2]}
        lines: list[object] = [
            good,
            "this is not json",
            {**good, "variant": "chess"},
            {**good, "board": [0] * 23},
            {**good, "dice": [7, 1]},
            {**good, "dice": [4]},
            {**good, "options": {"colour": "red"}},
            {**good, "options": {"must_play_higher": "maybe"}},
            [1, 2, 3],
            {"variant": "backgammon", "board": LAST_CHECKER["board"]},  # no dice
            "",  # blank lines are skipped
            good,
        ]
        status, out = run_legal(lines, [], monkeypatch, capsys)
        assert status == 1
        assert len(out) == 11
        assert out[0] == out[-1]
        assert "plays" in out[0]
        errors = [entry["error"] for entry in out[1:-1]]
        assert all(set(e) == {"type", "message"} for e in errors)
        assert all(e["type"] and e["message"] for e in errors)
        types = [e["type"] for e in errors]
        assert types[1:] == [
            "UnknownVariantError",
            "InvalidPositionError",
            "InvalidDiceError",
            "InputError",  # one die
            "UnknownOptionError",
            "InvalidOptionError",
            "InputError",  # not an object
            "InputError",  # no dice
        ]
        # The messages name the bad input.
        assert "chess" in errors[1]["message"]
        assert "23" in errors[2]["message"]
        assert "7" in errors[3]["message"]
        assert "colour" in errors[5]["message"]
        assert "maybe" in errors[6]["message"]
        assert "dice" in errors[8]["message"]

    def test_no_variant_anywhere(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out = run_legal([{**LAST_CHECKER, "dice": [4, 2]}], [], monkeypatch, capsys)
        assert status == 1
        assert "variant" in out[0]["error"]["message"]

    def test_illegal_position(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        line = {"variant": "backgammon", "board": [16] + [0] * 23, "dice": [3, 1]}
        status, out = run_legal([line], [], monkeypatch, capsys)
        assert status == 1
        assert out[0]["error"]["type"] == "CheckerCountError"

    def test_empty_input(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert run_legal([], ["--variant", "backgammon"], monkeypatch, capsys) == (0, [])

    def test_subprocess(self) -> None:
        good = {"variant": "backgammon", **LAST_CHECKER, "dice": [4, 2]}
        proc = subprocess.run(
            [sys.executable, "-m", "nardy", "legal", "--variant", "backgammon"],
            input=json.dumps(good) + "\n" + json.dumps({**good, "dice": [0, 2]}) + "\n",
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert proc.returncode == 1
        out = [json.loads(line) for line in proc.stdout.splitlines()]
        assert [p["play"] for p in out[0]["plays"]] == ["3/1*/off"]
        assert out[1]["error"]["type"] == "InvalidDiceError"


# --- demo -------------------------------------------------------------------------------

TURN = re.compile(r"^\s*(\d+)\. (white|black)\s+(\d)(\d): (.*)$")
RESULT = re.compile(r"^Result: (white|black) wins \(([a-z-]+)\), (\d+) points?, after (\d+) turns$")
OPENING = re.compile(r"^Opening roll: (white|black) starts with (\d)(\d)$")


def run_demo(args: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["demo", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def replay(variant_name: str, text: str) -> None:
    """Replay the printed game through the library; the result must match the last line."""
    variant = nardy.find_variant(variant_name)
    lines = [line for line in text.splitlines() if line.strip()]
    opening = OPENING.match(lines[1])
    assert opening is not None, lines[1]
    first = Side.WHITE if opening.group(1) == "white" else Side.BLACK
    # The opening roll is the first player's roll (the higher die is his).
    assert opening.group(2) > opening.group(3)
    pos = variant.starting_position(turn=first)
    turns = 0
    for line in lines:
        match = TURN.match(line)
        if match is None:
            continue
        turns += 1
        assert int(match.group(1)) == turns
        assert match.group(2) == pos.turn.name.lower()
        roll = (int(match.group(3)), int(match.group(4)))
        if turns == 1:
            assert match.group(3) + match.group(4) == opening.group(2) + opening.group(3)
        notation = match.group(5)
        if notation == "(no legal play)":
            assert pos.legal_plays(roll).is_pass
            notation = ""
        pos = pos.play(notation, roll)
    result = pos.result()
    assert result is not None
    final = RESULT.match(lines[-1])
    assert final is not None, lines[-1]
    assert result.winner is not None
    assert final.group(1) == result.winner.name.lower()
    assert final.group(2) == result.kind.value
    assert int(final.group(3)) == result.points
    assert int(final.group(4)) == turns


class TestDemo:
    def test_seed_7_plays_a_whole_game(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run_demo(["--variant", "backgammon", "--seed", "7"], capsys)
        assert status == 0
        lines = [line for line in out.splitlines() if line.strip()]
        assert lines[0].startswith("nardy demo: backgammon")
        assert lines[-1].startswith("Result:")
        assert RESULT.match(lines[-1])
        # Boards are drawn by default.
        assert "pips" in out

    def test_reproducible(self, capsys: pytest.CaptureFixture[str]) -> None:
        first = run_demo(["--variant", "backgammon", "--seed", "7"], capsys)
        second = run_demo(["--variant", "backgammon", "--seed", "7"], capsys)
        assert first == second

    @pytest.mark.parametrize("name", FAMILY)
    def test_every_backgammon_family_variant(
        self, name: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out, _ = run_demo(["--variant", name, "--seed", "7", "--no-board"], capsys)
        assert status == 0
        assert "pips" not in out
        replay(name, out)

    def test_options(self, capsys: pytest.CaptureFixture[str]) -> None:
        args = ["--variant", "caucasian", "--option", "no_hide_after_hit=anywhere", "--seed", "3"]
        status, out, _ = run_demo([*args, "--no-board"], capsys)
        assert status == 0
        assert out.startswith("nardy demo: caucasian(no_hide_after_hit=anywhere), seed 3")
        replay("caucasian(no_hide_after_hit=anywhere)", out)

    @pytest.mark.parametrize(
        ("args", "fragment"),
        [
            (["--variant", "chess"], "chess"),
            (["--variant", "backgammon", "--option", "colour=red"], "colour"),
            (["--variant", "backgammon", "--option", "scoring=euro"], "euro"),
        ],
    )
    def test_bad_variant_or_option(
        self, args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out, err = run_demo(args, capsys)
        assert status != 0
        assert out == ""
        assert fragment in err

    def test_malformed_option_flag(self, capsys: pytest.CaptureFixture[str]) -> None:
        # A usage error: argparse's exit status 2, the message on stderr.
        with pytest.raises(SystemExit) as info:
            main(["demo", "--option", "no-equals-sign"])
        assert info.value.code == 2
        assert "no-equals-sign" in capsys.readouterr().err


# The seeded demo's opening, as printed: one fixed board, both numberings on it.
DEMO_SEED_7 = """\
nardy demo: backgammon, seed 7
Opening roll: white starts with 32

Every board is seen from white's side, X white and O black. Each point has
two numbers: white's next to the checkers and black's outside, each line of
numbers ending with the side it numbers for. A play is written in the
numbering of the side that plays it.

backgammon: white (X) to move, points numbered for both sides
 12 11 10  9  8  7 |  6  5  4  3  2  1  black
 13 14 15 16 17 18 | 19 20 21 22 23 24  white
 5X  .  .  . 3O  . | 5O  .  .  .  . 2X
 5O  .  .  . 3X  . | 5X  .  .  .  . 2O
 12 11 10  9  8  7 |  6  5  4  3  2  1  white
 13 14 15 16 17 18 | 19 20 21 22 23 24  black
bar X 0 O 0   off X 0 O 0   pips X 167 O 167

  1. white 32: 13/8
backgammon: black (O) to move, points numbered for both sides
 12 11 10  9  8  7 |  6  5  4  3  2  1  black
 13 14 15 16 17 18 | 19 20 21 22 23 24  white
 4X  .  .  . 3O  . | 5O  .  .  .  . 2X
 5O  .  .  . 4X  . | 5X  .  .  .  . 2O
 12 11 10  9  8  7 |  6  5  4  3  2  1  white
 13 14 15 16 17 18 | 19 20 21 22 23 24  black
bar X 0 O 0   off X 0 O 0   pips X 162 O 167

  2. black 54: 13/4
"""


def boards_of(text: str) -> list[list[str]]:
    """The boards a demo printed, each as its lines (heading to the bar/off/pips line)."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if " to move" in line]
    return [lines[i : i + 8] for i in starts]


class TestDemoBoard:
    def test_seed_7_golden_opening(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run_demo(["--seed", "7"], capsys)
        assert status == 0
        assert out.startswith(DEMO_SEED_7)

    @pytest.mark.parametrize("name", ["backgammon", "long-nardy", "plakoto"])
    def test_the_point_labels_never_change(
        self, name: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        _, out, _ = run_demo(["--variant", name, "--seed", "3"], capsys)
        boards = boards_of(out)
        assert len(boards) > 10
        labels = {(b[1], b[2], b[5], b[6]) for b in boards}
        assert len(labels) == 1  # the same four lines of numbers on every board
        above, top, low, below = labels.pop()
        assert top.endswith("  white")
        assert low.endswith("  white")
        assert above.endswith("  black")
        assert below.endswith("  black")

    @pytest.mark.parametrize("name", ["backgammon", "long-nardy"])
    def test_every_board_is_the_replayed_position_in_whites_numbering(
        self, name: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        _, out, _ = run_demo(["--variant", name, "--seed", "5"], capsys)
        _, plain, _ = run_demo(["--variant", name, "--seed", "5", "--no-board"], capsys)
        position = nardy.find_variant(name).starting_position()
        boards = boards_of(out)
        assert boards[0][3:5] == str(position).splitlines()[2:4]
        for board, line in zip(boards[1:], [m for m in map(TURN.match, plain.splitlines()) if m]):
            roll = (int(line.group(3)), int(line.group(4)))
            # Each side's play in its own numbering, as the board's labels name them.
            position = position.play(
                "" if line.group(5) == "(no legal play)" else line.group(5), roll
            )
            assert board == position.diagram(both_numberings=True).splitlines()[:8]
            assert board[3:5] == str(position).splitlines()[2:4]  # white's numbering


def test_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    names = [line.split()[0] for line in out.splitlines()]
    for name in FAMILY:
        assert name in names
    assert "no_hide_after_hit" in out
    assert "short-nardy" in out
