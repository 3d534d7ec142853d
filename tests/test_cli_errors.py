"""Every ``nardy`` command against bad input: one clean line on stderr, never a traceback.

The exit status says what happened: 1 bad input (a record, an ID, a file
that cannot be read or written), 2 a usage error, 70 a bug in nardy, 130
Ctrl-C. The flags the commands share are spelled the same way everywhere.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import nardy.cli.main
from helpers import sigint_as_a_shell_leaves_it
from nardy.cli.main import build_parser, main
from test_mat import GALAXY

Capture = pytest.CaptureFixture[str]
SRC = str(Path(__file__).resolve().parents[1] / "src")
COMMANDS = ("legal", "demo", "variants", "convert", "id", "render", "view", "perft", "selfplay")


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A directory of bad (and one good) inputs; ``missing.mat`` does not exist."""
    (tmp_path / "good.mat").write_text(GALAXY, encoding="utf-8")
    (tmp_path / "dir.mat").mkdir()
    (tmp_path / "bytes.mat").write_bytes(b"\xff\xfe\x00\x81\x8d\x90 not a record")
    (tmp_path / "bytes.json").write_bytes(b"\x81\x8d\x90\xff")
    (tmp_path / "broken.json").write_text('{"format": "nardy-match", "games": [', encoding="utf-8")
    (tmp_path / "empty.sgf").write_text("", encoding="utf-8")
    return tmp_path


# (arguments, exit status, a fragment of the message or None); {d} is the directory of `files`.
BAD = {
    "convert missing": (["convert", "{d}/missing.mat", "--to", "sgf"], 1, "No such file"),
    "convert directory": (["convert", "{d}/dir.mat", "--to", "sgf"], 1, "Is a directory"),
    "convert bytes": (["convert", "{d}/bytes.mat", "--to", "sgf"], 1, None),
    "convert bytes json": (["convert", "{d}/bytes.json", "--to", "sgf"], 1, None),
    "convert bad json": (["convert", "{d}/broken.json", "--to", "sgf"], 1, "not JSON"),
    "convert empty": (["convert", "{d}/empty.sgf", "--to", "json"], 1, None),
    "convert out dir": (["convert", "{d}/good.mat", "-o", "{d}/no/such/x.sgf"], 1, "No such"),
    "convert out is dir": (["convert", "{d}/good.mat", "-o", "{d}/dir.mat"], 1, "directory"),
    "convert no format": (["convert", "{d}/good.mat"], 1, "--to"),
    "render missing": (["render", "{d}/missing.mat"], 1, "No such file"),
    "render directory": (["render", "{d}/dir.mat"], 1, "Is a directory"),
    "render bytes": (["render", "{d}/bytes.mat"], 1, None),
    "render bad json": (["render", '{"board": [1'], 1, "not JSON"),
    "render out dir": (["render", "4HPwATDgc/ABMA", "-o", "{d}/no/such/x.svg"], 1, "No such"),
    "view missing": (["view", "{d}/missing.mat"], 1, "No such file"),
    "view directory": (["view", "{d}/dir.mat"], 1, "Is a directory"),
    "view bytes": (["view", "{d}/bytes.mat"], 1, None),
    "view bad json": (["view", "{d}/broken.json"], 1, "JSON"),
    "id nonsense": (["id", "nonsense"], 1, "not a gnubg ID"),
    "id unknown variant": (["id", "--variant", "chess", "4HPwATDgc/ABMA"], 2, "chess"),
    "render unknown variant": (["render", "--variant", "chess", "4HPwATDgc/ABMA"], 2, "chess"),
    "perft unknown variant": (["perft", "--variant", "chess", "--depth", "1"], 2, "chess"),
    "perft bad option": (["perft", "--variant", "bg", "--option", "x=1", "--depth", "1"], 2, "'x'"),
    "perft bad start": (["perft", "--variant", "bg", "--depth", "1", "--from", "zz"], 2, "zz"),
    "demo unknown variant": (["demo", "--variant", "chess"], 2, "chess"),
    "demo record is dir": (["demo", "--match", "1", "--record", "{d}/dir.mat"], 2, "record"),
    "selfplay out is dir": (
        ["selfplay", "--variant", "bg", "--games", "1", "-o", "{d}/dir.mat"],
        2,
        "directory",
    ),
    "legal unknown variant": (["legal", "--variant", "chess"], 2, "chess"),
}


@pytest.mark.parametrize("label", list(BAD))
def test_bad_input_is_one_line_with_the_command_and_a_status(
    label: str, files: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    template, status, fragment = BAD[label]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    args = [a.replace("{d}", str(files)) for a in template]
    assert main(args) == status
    err = capsys.readouterr().err
    message = err.splitlines()[-1]  # a usage error has the usage before it
    assert message.startswith(f"nardy {args[0]}: "), err
    assert "Traceback" not in err
    if status == 1:
        assert err.count("\n") == 1
    if fragment is not None:
        assert fragment in message


def nardy_cli(
    args: list[str], stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m nardy`` on this tree, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "nardy", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": SRC, **(env or {})},
    )


@pytest.mark.parametrize(
    "label",
    ["convert bytes", "convert directory", "render bytes", "view bad json", "id nonsense"],
)
def test_the_real_command_prints_no_traceback(label: str, files: Path) -> None:
    template, status, _ = BAD[label]
    proc = nardy_cli([a.replace("{d}", str(files)) for a in template])
    assert proc.returncode == status
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.decode().count("\n") == 1  # one line
    assert proc.stderr.startswith(f"nardy {template[0]}: ".encode())


def test_permission_denied(files: Path, capsys: Capture) -> None:
    locked = files / "locked.mat"
    locked.write_text(GALAXY, encoding="utf-8")
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("this user reads any file (root)")
        assert main(["convert", str(locked), "--to", "sgf"]) == 1
        assert capsys.readouterr().err == f"nardy convert: {locked}: Permission denied\n"
    finally:
        locked.chmod(0o600)


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (PermissionError(13, "Permission denied", "/r/m.mat"), "/r/m.mat: Permission denied"),
        (IsADirectoryError(21, "Is a directory", "out"), "out: Is a directory"),
        (OSError(28, "No space left on device"), "No space left on device"),
        (
            UnicodeDecodeError("utf-8", b"ab\xff", 2, 3, "invalid start byte"),
            "the input is not UTF-8 text (byte 0xff at offset 2: invalid start byte)",
        ),
    ],
)
def test_file_errors_are_bad_input_whoever_runs_the_tests(
    error: Exception, message: str, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    # (As root, a file without permissions can still be read: the guard is tested alone.)
    def fails() -> list[dict[str, object]]:
        raise error

    monkeypatch.setattr(nardy.cli.main, "variants_table", fails)
    assert main(["variants", "--json"]) == 1
    assert capsys.readouterr().err == f"nardy variants: {message}\n"


# --- a bug, Ctrl-C, a closed pipe ---------------------------------------------------------


def boom() -> list[dict[str, object]]:
    raise ZeroDivisionError("boom")


def test_a_bug_is_one_line_naming_the_exception(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    monkeypatch.delenv("NARDY_DEBUG", raising=False)
    monkeypatch.setattr(nardy.cli.main, "variants_table", boom)
    assert main(["variants", "--json"]) == nardy.cli.main.INTERNAL_ERROR == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("nardy variants: internal error, a bug in nardy: ZeroDivisionError: boom")
    assert "NARDY_DEBUG=1" in err


@pytest.mark.parametrize("value", ["1", "yes"])
def test_nardy_debug_raises_the_error(
    value: str, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    monkeypatch.setenv("NARDY_DEBUG", value)
    monkeypatch.setattr(nardy.cli.main, "variants_table", boom)
    with pytest.raises(ZeroDivisionError):
        main(["variants", "--json"])
    monkeypatch.setenv("NARDY_DEBUG", "0")  # 0 (or empty) is off
    assert main(["variants", "--json"]) == 70


def test_ctrl_c_is_status_130(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    def interrupted(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(nardy.cli.main, "run_demo", interrupted)
    assert main(["demo"]) == nardy.cli.main.INTERRUPTED == 130
    assert capsys.readouterr().err == "nardy demo: interrupted\n"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
def test_ctrl_c_on_the_real_command() -> None:
    with sigint_as_a_shell_leaves_it():
        started = subprocess.Popen(
            [sys.executable, "-m", "nardy", "legal", "--variant", "backgammon"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": SRC},
        )
    with started as proc:
        assert proc.stdin is not None
        assert proc.stdout is not None
        assert proc.stderr is not None
        # One answer read back: the command is in its loop, waiting for the next line.
        proc.stdin.write(b'{"board": [1], "dice": [1, 2]}\n')
        proc.stdin.flush()
        assert proc.stdout.readline().startswith(b'{"error"')
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 130
        assert proc.stderr.read() == b"nardy legal: interrupted\n"


@pytest.mark.parametrize("args", [["demo"], ["variants", "--json"], ["legal"]])
def test_a_closed_pipe_is_no_error(args: list[str]) -> None:
    lines = b'{"variant": "bg", "board": [1], "dice": [1, 2]}\n' * 20_000
    with subprocess.Popen(
        [sys.executable, "-m", "nardy", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": SRC},
    ) as proc:
        assert proc.stdout is not None
        proc.stdout.close()  # the reader is gone before the first line is written
        _, err = proc.communicate(lines, timeout=120)
        assert proc.returncode == 0
        assert err == b""


# --- the flags the commands share -------------------------------------------------------


def help_of(command: str, capsys: Capture) -> str:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    return capsys.readouterr().out


def assert_helped(command: str, heading: str, capsys: Capture) -> None:
    """Each argument listed under ``heading`` in ``nardy COMMAND --help`` has its help."""
    lines = help_of(command, capsys).splitlines()
    block = lines[lines.index(heading) + 1 :]
    block = block[: block.index("")] if "" in block else block
    assert block
    for i, line in enumerate(block):
        if line.startswith("  ") and not line.startswith("   "):
            # argparse puts the help after the flags, or on the next, deeper line.
            has_help = "  " in line.strip() or (
                i + 1 < len(block) and block[i + 1].startswith(" " * 8)
            )
            assert has_help, f"nardy {command}: {line.strip()} has no help"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_of_every_command_has_help(command: str, capsys: Capture) -> None:
    assert_helped(command, "options:", capsys)


@pytest.mark.parametrize("command", ["convert", "render", "view", "perft"])
def test_positional_arguments_have_help(command: str, capsys: Capture) -> None:
    assert_helped(command, "positional arguments:", capsys)


@pytest.mark.parametrize("command", ["legal", "demo", "render", "perft", "selfplay"])
def test_a_variant_comes_with_options(command: str, capsys: Capture) -> None:
    text = help_of(command, capsys)
    assert "--variant NAME" in text
    assert "--option KEY=VALUE" in text


@pytest.mark.parametrize("command", ["convert", "render", "view", "selfplay"])
def test_the_output_is_dash_o(command: str, capsys: Capture) -> None:
    assert "-o OUT" in help_of(command, capsys).replace("-o FILE", "-o OUT")
    assert "--output" in help_of(command, capsys)


@pytest.mark.parametrize("command", ["demo", "selfplay"])
def test_the_seed_is_seed_n(command: str, capsys: Capture) -> None:
    assert "--seed N" in help_of(command, capsys)


def test_convert_output_flag_and_the_old_positional(files: Path, capsys: Capture) -> None:
    good = str(files / "good.mat")
    assert main(["convert", good, "-o", str(files / "a.sgf")]) == 0
    assert main(["convert", good, str(files / "b.sgf")]) == 0  # the old spelling
    assert main(["convert", good, "--output", str(files / "c.sgf")]) == 0
    assert main(["convert", good, str(files / "d.sgf"), "-o", str(files / "d.sgf")]) == 0
    texts = {(files / f"{n}.sgf").read_text(encoding="utf-8") for n in "abcd"}
    assert len(texts) == 1
    with pytest.raises(SystemExit) as info:
        main(["convert", good, str(files / "e.sgf"), "-o", str(files / "f.sgf")])
    assert info.value.code == 2
    assert "differ" in capsys.readouterr().err
    assert not (files / "e.sgf").exists()
    assert not (files / "f.sgf").exists()


def test_perft_variant_flag_and_the_old_positional(capsys: Capture) -> None:
    outputs = []
    for args in (
        ["--variant", "hypergammon"],
        ["hypergammon"],
        ["hyper", "--variant", "hypergammon"],  # an alias: the same variant
        ["--variant", "hypergammon(checkers=3)"],
        ["--variant", "hypergammon", "--option", "checkers=3"],
    ):
        assert main(["perft", *args, "--depth", "1", "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert all(out == outputs[0] for out in outputs)
    assert outputs[0]["variant"] == "hypergammon"
    for args in (["backgammon", "--variant", "hypergammon"], []):
        with pytest.raises(SystemExit) as info:
            main(["perft", *args, "--depth", "1"])
        assert info.value.code == 2
        assert "--variant" in capsys.readouterr().err


def test_options_reach_the_command(capsys: Capture) -> None:
    assert (
        main(["perft", "--variant", "hypergammon", "--option", "checkers=2", "--depth", "1"]) == 0
    )
    assert capsys.readouterr().out.startswith("hypergammon(checkers=2) from ")


def test_selfplay_keeps_out_and_takes_dash_o() -> None:
    parser = build_parser()
    base = ["selfplay", "--variant", "bg", "--games", "1"]
    for flag in ("-o", "--output", "--out"):
        assert parser.parse_args([*base, flag, "games.jsonl"]).out == "games.jsonl"
