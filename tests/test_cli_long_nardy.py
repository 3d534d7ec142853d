"""The command line with long nardy and Kush: ``nardy legal`` and ``nardy demo``.

The JSON-lines contract is design/README.md's: the mover-relative array form
in and out (``board`` 24 signed ints, ``bar``/``off`` as ``[mover,
opponent]``), one entry per distinct resulting position in the unflipped
mover frame, a forced pass as one ``""`` play, errors as JSON objects with
exit status 1.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from helpers import board_of, run_legal
from nardy.cli.main import main

START = {"board": board_of({24: 15}, {12: 15}), "bar": [0, 0], "off": [0, 0]}


def test_opening_3_3(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # rules/long-nardy.md rule 4: 3-3 on the first turn is 24/18(2) or
    # 24/21 24/15; the boards stay in the mover's (white's) frame.
    status, out = run_legal(
        [{**START, "dice": [3, 3]}], ["--variant", "long-nardy"], monkeypatch, capsys
    )
    assert status == 0
    (answer,) = out
    got = {entry["play"]: entry for entry in answer["plays"]}
    assert set(got) == {"24/18(2)", "24/21 24/15"}
    assert got["24/18(2)"] == {
        "play": "24/18(2)",
        "board": board_of({24: 13, 18: 2}, {12: 15}),
        "bar": [0, 0],
        "off": [0, 0],
    }
    assert got["24/21 24/15"]["board"] == board_of({24: 13, 21: 1, 15: 1}, {12: 15})


def test_aliases_options_and_a_pass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 6-6 from the start with head_exception=6-4: 24/18(2). Rule 8: 18 and
    # 23 closed, nothing else can move: one empty play, position unchanged.
    blocked = {"board": board_of({24: 14, 1: 1}, {18: 1, 23: 1, 12: 13}), "dice": [6, 1]}
    lines = [
        {**START, "dice": [6, 6], "variant": "narde", "options": {"head_exception": "6-4"}},
        {**blocked, "variant": "длинные нарды"},
    ]
    status, out = run_legal(lines, [], monkeypatch, capsys)
    assert status == 0
    assert [e["play"] for e in out[0]["plays"]] == ["24/18(2)"]
    assert out[1] == {
        "plays": [{"play": "", "board": blocked["board"], "bar": [0, 0], "off": [0, 0]}]
    }


def test_option_flag(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The die-unplayable example of test_long_nardy: with the rule the 6
    # cannot be played (13/7 would build a prohibited block); with
    # six_block=off, 13/7 is played with each of six ones.
    line = {"board": board_of({13: 1, 6: 3, 5: 3, 4: 3, 3: 3, 2: 2}, {12: 15}), "dice": [6, 1]}
    status, out = run_legal([line], ["--variant", "long-nardy"], monkeypatch, capsys)
    assert status == 0
    assert sorted(e["play"] for e in out[0]["plays"]) == ["3/2", "4/3", "5/4", "6/5"]
    status, out = run_legal(
        [line], ["--variant", "long-nardy", "--option", "six_block=off"], monkeypatch, capsys
    )
    assert status == 0
    assert len(out[0]["plays"]) == 6


def test_errors(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    bad_bar = {**START, "board": board_of({24: 14}, {12: 15}), "bar": [1, 0], "dice": [3, 1]}
    bad_option = {**START, "dice": [3, 1], "options": {"head_exception": "3-3"}}
    status, out = run_legal(
        [bad_bar, bad_option, {**START, "dice": [6, 5]}],
        ["--variant", "long-nardy"],
        monkeypatch,
        capsys,
    )
    assert status == 1
    assert out[0]["error"]["type"] == "BarNotAllowedError"
    assert out[1]["error"]["type"] == "InvalidOptionError"
    assert "head_exception" in out[1]["error"]["message"]
    assert [e["play"] for e in out[2]["plays"]] == ["24/13"]


def test_kush_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Three on the bar, twelve on 6, 2-2: three (a) plays and bar/24(2).
    line = {"board": board_of({6: 12}, {12: 15}), "bar": [3, 0], "dice": [2, 2]}
    status, out = run_legal([line], ["--variant", "kush"], monkeypatch, capsys)
    assert status == 0
    got = {e["play"]: e for e in out[0]["plays"]}
    assert set(got) == {"6/4(4)", "6/4(2) 6/2", "6/2(2)", "bar/24(2)"}
    assert got["bar/24(2)"]["bar"] == [1, 0]
    assert got["bar/24(2)"]["board"] == board_of({6: 12, 24: 2}, {12: 15})
    # A hit: the black checker goes to black's bar ([mover, opponent]).
    hit = {"board": board_of({13: 1, 1: 14}, {10: 1, 12: 14}), "dice": [3, 3]}
    status, out = run_legal([hit], ["--variant", "kush"], monkeypatch, capsys)
    assert out[0]["plays"] == [
        {
            "play": "13/10*",
            "board": board_of({10: 1, 1: 14}, {12: 14}),
            "bar": [0, 1],
            "off": [0, 0],
        }
    ]


def test_subprocess() -> None:
    line = json.dumps({**START, "variant": "long-nardy", "dice": [4, 4]})
    proc = subprocess.run(
        [sys.executable, "-m", "nardy", "legal"],
        input=line + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert [e["play"] for e in json.loads(proc.stdout)["plays"]] == ["24/16(2)"]


RESULT = re.compile(
    r"^Result: (white|black) wins \((oin|mars|koks)\), (\d) points?, after (\d+) turns$"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["--variant", "long-nardy", "--seed", "3"],
        ["--variant", "kush", "--seed", "3"],
        ["--variant", "long-nardy", "--seed", "3", "--option", "koks=true"],
        [
            "--variant",
            "long-nardy",
            "--seed",
            "11",
            "--option",
            "six_block_check=turn",
            "--no-board",
        ],
        ["--variant", "kush", "--seed", "5", "--option", "head_exception=head-only", "--no-board"],
    ],
)
def test_demo_plays_a_whole_game(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", *argv]) == 0
    out = capsys.readouterr().out
    last = out.rstrip().splitlines()[-1]
    m = RESULT.match(last)
    assert m is not None, last
    kind, points = m.group(2), int(m.group(3))
    # In nardy players' words: oin, mars, koks.
    assert (kind, points) in {("oin", 1), ("mars", 2), ("koks", 3)}
    # A play line per turn; the opening is played from the head.
    turns = [line for line in out.splitlines() if re.match(r"^\s*\d+\. (white|black) ", line)]
    assert len(turns) == int(m.group(4))
    assert re.search(r"24/", turns[0])
    # Reproducible.
    assert main(["demo", *argv]) == 0
    assert capsys.readouterr().out == out


def test_variants_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^long-nardy .*head_exception, six_block, six_block_check", out, re.M)
    assert re.search(r"^kush ", out, re.M)
