"""The command line against bad input: one short error line per bad line, the stream goes on,
and the exit status says what happened (0 all answered, 1 a bad input line, 2 a usage error).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import board_of, run_legal
from nardy.cli.main import legal_line, main, variants_table
from nardy.errors import InputError
from nardy.variants.base import VARIANTS

#: The longest error message a line may carry.
MESSAGE_LIMIT = 400

GOOD = {
    "variant": "backgammon",
    "board": board_of({3: 1}, {1: 1, 20: 14}),
    "bar": [0, 0],
    "off": [14, 0],
    "dice": [4, 2],
}
GOOD_LINE = json.dumps(GOOD)
SRC = str(Path(__file__).resolve().parents[1] / "src")


def nardy_cli(
    args: list[str], stdin: bytes, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m nardy`` on this tree with raw bytes in."""
    environ = {**os.environ, "PYTHONPATH": SRC, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "nardy", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
        env=environ,
    )


def answers(stdout: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.decode("ascii").splitlines()]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# One bad line per class the command line met; each with the error type it must get.
BAD_LINES = {
    "not json": ("this is not json", "InputError"),
    "nested 1,000 deep": ('{"variant": "backgammon", "board": ' + nested(1000) + "}", "InputError"),
    "5,000-digit number": (
        json.dumps({**GOOD, "dice": [0, 0]}).replace("[0, 0]", "[" + "7" * 5000 + ", 1]"),
        "InputError",
    ),
    "NaN": (GOOD_LINE.replace("[4, 2]", "[NaN, 2]"), "InputError"),
    "unknown variant, long": (
        json.dumps({**GOOD, "variant": "chess" * 10_000}),
        "UnknownVariantError",
    ),
    "variant not a string": (json.dumps({**GOOD, "variant": [1]}), "InputError"),
    "line over the limit": (json.dumps({**GOOD, "variant": "x" * 200_000}), "InputError"),
    "dice strings": (json.dumps({**GOOD, "dice": ["4", "2"]}), "InvalidDiceError"),
    "board of strings": (json.dumps({**GOOD, "board": ["a"] * 24}), "InvalidPositionError"),
    "options not an object": (json.dumps({**GOOD, "options": [1]}), "InputError"),
    "unknown option": (json.dumps({**GOOD, "options": {"x" * 5000: 1}}), "UnknownOptionError"),
    "unicode digits": (json.dumps({**GOOD, "dice": ["²", "¹"]}), "InvalidDiceError"),
}


@pytest.mark.parametrize("label", list(BAD_LINES))
def test_each_bad_line_gets_one_short_error_and_the_stream_goes_on(
    label: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line, error_type = BAD_LINES[label]
    status, out = run_legal([line, GOOD], [], monkeypatch, capsys)
    assert status == 1
    assert len(out) == 2
    error = out[0]["error"]
    assert error["type"] == error_type, error
    assert 0 < len(error["message"]) <= MESSAGE_LIMIT
    assert [p["play"] for p in out[1]["plays"]] == ["3/1*/off"]


def test_invalid_utf8_and_non_ascii_output_on_an_ascii_terminal() -> None:
    lines = [
        b"\xff\xfe not utf-8\n",
        GOOD_LINE.encode() + b"\n",
        json.dumps({**GOOD, "variant": "нарды-шахматы"}, ensure_ascii=False).encode() + b"\n",
        GOOD_LINE.encode() + b"\n",
    ]
    proc = nardy_cli(["legal"], b"".join(lines), env={"PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 1
    assert b"Traceback" not in proc.stderr
    out = answers(proc.stdout)
    assert [next(iter(answer)) for answer in out] == ["error", "plays", "error", "plays"]
    assert out[0]["error"]["type"] == "InputError"
    assert "UTF-8" in out[0]["error"]["message"]
    assert out[2]["error"]["type"] == "UnknownVariantError"
    assert "нарды" in out[2]["error"]["message"]  # escaped on the wire, intact in JSON


def test_bad_default_variant_is_a_usage_error_even_with_no_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run_legal([], ["--variant", "chess"], monkeypatch, capsys)
    assert (status, out) == (2, [])
    status, out = run_legal([GOOD], ["--option", "colour=red"], monkeypatch, capsys)
    assert status == 1  # no --variant: the option is checked against each line's variant
    assert out[0]["error"]["type"] == "UnknownOptionError"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["demo", "--record", "x.json"], "--record needs --match"),
        (["demo", "--game-option", "cube=false"], "--game-option needs --match"),
        (["demo", "--option", "junk"], "KEY=VALUE"),
        (["demo", "--seed", "x"], "invalid int value"),
        (["legal", "--option", "=1"], "KEY=VALUE"),
        (["nonsense"], "invalid choice"),
        ([], "required"),
    ],
)
def test_usage_errors_exit_2_with_the_message_on_stderr(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert fragment in captured.err


@pytest.mark.parametrize("where", ["missing directory", "a directory"])
def test_record_that_cannot_be_written_is_a_usage_error_before_playing(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = (
        tmp_path / "no" / "such" / "dir" / "m.json" if where == "missing directory" else tmp_path
    )
    status = main(["demo", "--match", "1", "--record", str(target)])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""  # no match played
    assert "cannot write the record" in captured.err
    assert "Traceback" not in captured.err


def test_record_is_written_with_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "m.json"
    assert main(["demo", "--match", "1", "--record", str(target)]) == 0
    capsys.readouterr()
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["format"] == "nardy-match"
    assert record["length"] == 1


@pytest.mark.parametrize("command", ["legal", "demo", "variants"])
def test_every_option_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    options = lines[lines.index("options:") + 1 :]
    for i, line in enumerate(options):
        if not line.startswith("  -"):
            continue
        # argparse puts the help after the flags, or on the next, deeper-indented line.
        has_help = "  " in line.strip() or (
            i + 1 < len(options) and options[i + 1].startswith(" " * 8)
        )
        assert has_help, f"nardy {command}: {line.strip()} has no help"


def test_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table == variants_table()
    assert [row["name"] for row in table] == [cls.name for cls in VARIANTS]
    backgammon = next(row for row in table if row["name"] == "backgammon")
    assert backgammon["gnubg_id"] is True
    assert backgammon["options"]["must_play_higher"] is True
    long_nardy = next(row for row in table if row["name"] == "long-nardy")
    assert long_nardy["gnubg_id"] is False
    assert "koks" in long_nardy["options"]
    assert long_nardy["results"] == {"single": "oin", "gammon": "mars"}  # koks is off by default
    assert backgammon["results"]["gammon"] == "gammon"


def test_a_json_error_names_its_column_in_the_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    unclosed = GOOD_LINE[:-1]  # the closing brace missing: the line ends too soon
    doubled = GOOD_LINE.replace('"dice": [4, 2]', '"dice": [4,, 2]')
    status, out = run_legal([unclosed, doubled, GOOD_LINE + " x"], [], monkeypatch, capsys)
    assert status == 1
    messages = [answer["error"]["message"] for answer in out]
    end = len(unclosed) + 1
    assert (
        messages[0]
        == f"the line is not JSON (Expecting ',' delimiter at column {end}, the end of the line)"
    )
    assert (
        messages[1] == f"the line is not JSON (Expecting value at column {doubled.index(',,') + 2})"
    )
    assert messages[2] == f"the line is not JSON (Extra data at column {len(GOOD_LINE) + 2})"
    # The same from Python, with or without the line end, as text or bytes.
    for line in (unclosed, unclosed + "\n", unclosed + "\r\n", (unclosed + "\n").encode()):
        with pytest.raises(InputError, match=f"at column {end}, the end of the line"):
            legal_line(line, None, {})
    with pytest.raises(InputError, match="at line 2 column 6"):
        legal_line('{"board":\n  [1,,2]}', None, {})
