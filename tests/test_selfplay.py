"""Self-play at scale: seeded games to JSON lines, identical on any number of workers and backends."""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from helpers import sigint_as_a_shell_leaves_it
from nardy import Game, InvalidOptionError, Position, Roll, Side, UnknownVariantError
from nardy.agents.selfplay import (
    SelfPlayError,
    SelfPlayInterrupted,
    game_seeds,
    greedy_policy,
    play_game,
    random_policy,
    records,
    resolve_policy,
    selfplay,
)
from nardy.cli.main import choose_play, main
from nardy.cli.selfplay import ProgressBar

SRC = str(Path(nardy.__file__).resolve().parent.parent)
HERE = str(Path(__file__).resolve().parent)


def expected(variant: str, games: int, seed: int, policy: Any = "random") -> list[str]:
    """The reference: each game played on its own, in this process."""
    return [play_game(variant, seed, k, policy).to_json() for k in range(games)]


def lines_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n")
    return text.splitlines()


def no_leftovers(directory: Path) -> None:
    assert [p.name for p in directory.iterdir() if p.name.endswith(".part")] == []


# --- policies used by the tests (module level, so worker processes can import them) ----


def flaky_policy(position: Position, roll: Roll, rng: random.Random) -> int:
    """Random play that fails on about one play in 500 (where depends on the seed only)."""
    if rng.random() < 0.002:
        raise ZeroDivisionError("the flaky policy gave up")
    return random_policy(position, roll, rng)


def dying_policy(position: Position, roll: Roll, rng: random.Random) -> int:
    """Ends its worker process at once, as a crash or the OOM killer would."""
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable: the process is gone")


def illegal_policy(position: Position, roll: Roll, rng: random.Random) -> int:
    return 10_000


# --- one game ----------------------------------------------------------------------------


def test_game_seeds_are_the_documented_digest() -> None:
    digest = hashlib.sha256(b"nardy selfplay 42 7").digest()
    assert game_seeds(42, 7) == (
        int.from_bytes(digest[:16], "big"),
        int.from_bytes(digest[16:], "big"),
    )
    seen = {game_seeds(s, k) for s in range(-3, 4) for k in range(50)}
    assert len(seen) == 7 * 50
    for bad in ("1", 1.0, True, None):
        with pytest.raises(InvalidOptionError, match="integer"):
            game_seeds(bad, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", nardy.variant_names())
def test_every_variant_plays_to_the_end_and_replays(variant: str) -> None:
    for policy in ("random", "greedy"):
        game = play_game(variant, 5, 1, policy)
        assert game.is_over()
        assert game.outcome is not None
        record = game.to_json()
        assert "\n" not in record
        loaded = Game.from_json(record)
        assert loaded == game
        assert loaded.to_json() == record


def test_seeded_games_repeat_and_differ() -> None:
    first = play_game("backgammon", 5, 1).to_json()
    assert play_game("backgammon", 5, 1).to_json() == first
    assert play_game("backgammon", 5, 2).to_json() != first
    assert play_game("backgammon", 6, 1).to_json() != first


def test_the_dice_do_not_depend_on_the_policy() -> None:
    """Game k rolls the same opening under every policy (the policy has its own generator)."""
    for k in range(5):
        openings = {
            play_game("backgammon", 9, k, policy).history[0] for policy in ("random", "greedy")
        }
        assert len(openings) == 1


def test_greedy_hits_a_blot_it_can_reach() -> None:
    bg = nardy.find_variant("backgammon")
    # White: two checkers on the 8-point (13 off); black: a blot on white's 5-point
    # (black's 20-point) and 14 checkers on white's 24-point.
    position = bg.from_counts({8: 2}, {20: 1, 1: 14})
    roll = Roll(3, 1)
    after = position.legal_plays(roll).resulting_positions()
    hits = [i for i, p in enumerate(after) if p.bar(Side.BLACK)]
    assert hits  # some plays hit,
    assert len(hits) < len(after)  # some do not
    for seed in range(30):
        assert greedy_policy(position, roll, random.Random(seed)) in hits
    randoms = {random_policy(position, roll, random.Random(s)) for s in range(200)}
    assert randoms == set(range(len(after)))


def test_greedy_maximises_the_pip_difference() -> None:
    for k in range(3):
        for game in play_game("long-nardy", 1, k, "random").states():
            if game.dice is None or game.is_over():
                continue
            pos, roll = game.position, game.dice
            scores = [
                p.pip_count(pos.turn.opponent) - p.pip_count(pos.turn)
                for p in pos.legal_plays(roll).resulting_positions()
            ]
            assert scores[greedy_policy(pos, roll, random.Random(0))] == max(scores)


def test_resolve_policy() -> None:
    assert resolve_policy("random") is random_policy
    assert resolve_policy("greedy") is greedy_policy
    assert resolve_policy("nardy.cli.main:choose_play") is choose_play
    assert resolve_policy(flaky_policy) is flaky_policy
    for bad, fragment in [
        ("best", "unknown policy"),
        ("nardy.nosuch:f", "cannot import"),
        ("nardy.cli.main:nosuch", "has no function"),
        ("nardy:__version__", "has no function"),
        (":f", "unknown policy"),
        (42, "a policy is"),
        (Game, "a policy is"),
    ]:
        with pytest.raises(InvalidOptionError, match=fragment):
            resolve_policy(bad)  # type: ignore[arg-type]


# --- the file: the same for every worker count, chunk size and backend ----------------------


def test_processes_one_and_two_workers_give_the_same_file(tmp_path: Path) -> None:
    want = expected("backgammon", 9, 2024)
    for workers, chunk in ((1, None), (2, 2)):
        out = tmp_path / f"w{workers}.jsonl"
        assert selfplay(out, "backgammon", 9, 2024, workers=workers, chunk=chunk) == 9
        assert lines_of(out) == want
    assert (tmp_path / "w1.jsonl").read_bytes() == (tmp_path / "w2.jsonl").read_bytes()
    no_leftovers(tmp_path)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(-(2**70), 2**70),
    games=st.integers(1, 6),
    chunk=st.integers(1, 7),
    workers=st.integers(1, 4),
)
def test_chunking_never_changes_the_records(
    seed: int, games: int, chunk: int, workers: int
) -> None:
    got = list(records("hypergammon", games, seed, workers=workers, chunk=chunk, backend="inline"))
    assert got == expected("hypergammon", games, seed)


def test_the_cli_writes_the_records_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["selfplay", "--variant", "long-nardy", "--games", "3", "--seed", "3"]
    argv += ["--workers", "1", "--out", str(out), "--policy", "nardy.cli.main:choose_play"]
    assert main(argv) == 0
    assert lines_of(out) == expected("long-nardy", 3, 3, choose_play)
    for line in lines_of(out):
        assert json.loads(line)["variant"].startswith("long-nardy")
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "\r" not in captured.err  # no progress bar: stderr is not a terminal


def test_a_variant_spec_with_options(tmp_path: Path) -> None:
    spec = "backgammon(must_play_higher=false)"
    out = tmp_path / "games.jsonl"
    selfplay(out, spec, 2, 1, backend="inline")
    for line in lines_of(out):
        assert Game.from_json(line).variant == nardy.find_variant(spec)


# --- failures leave complete records only ------------------------------------------------


@functools.cache
def first_failure(seed: int) -> int:
    for k in range(200):
        try:
            play_game("backgammon", seed, k, flaky_policy)
        except ZeroDivisionError:
            return k
    raise AssertionError("the flaky policy never failed")


@pytest.mark.parametrize("backend", ["inline", "processes"])
def test_a_failing_game_keeps_the_records_before_it(tmp_path: Path, backend: str) -> None:
    seed = next(s for s in range(100) if 3 <= first_failure(s) <= 8)
    bad = first_failure(seed)
    out = tmp_path / "games.jsonl"
    with pytest.raises(SelfPlayError) as info:
        selfplay(
            out, "backgammon", 12, seed, workers=2, chunk=3, backend=backend, policy=flaky_policy
        )
    assert info.value.index == bad
    assert info.value.written == bad
    assert f"game {bad} failed: ZeroDivisionError: the flaky policy gave up" in str(info.value)
    assert "test_selfplay.py:" in str(info.value)  # where the policy failed
    assert lines_of(out) == expected("backgammon", bad, seed, flaky_policy)
    no_leftovers(tmp_path)


def test_an_illegal_choice_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["selfplay", "--variant", "kush", "--games", "3", "--out", str(out)]
    assert main([*argv, "--policy", "test_selfplay:illegal_policy", "--workers", "1"]) == 1
    err = capsys.readouterr().err
    assert "game 0 failed: IllegalPlayError" in err
    assert "holds no record (0 of 3 games)" in err
    assert out.read_text() == ""


def test_a_dead_worker_is_reported(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    with pytest.raises(SelfPlayError, match="worker process died") as info:
        selfplay(out, "backgammon", 4, 0, workers=1, policy=dying_policy)
    assert info.value.index is None
    assert info.value.written == 0
    assert out.read_text() == ""
    no_leftovers(tmp_path)


def test_an_interruption_keeps_the_records_written(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"

    def stop_after_five(done: int, total: int, seconds: float) -> None:
        if done == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as info:
        selfplay(out, "hypergammon", 200, 8, workers=2, chunk=2, progress=stop_after_five)
    assert lines_of(out) == expected("hypergammon", 5, 8)
    assert isinstance(info.value, SelfPlayInterrupted)
    assert info.value.written == 5
    no_leftovers(tmp_path)


def test_ctrl_c_on_the_command(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    env = {**os.environ, "PYTHONPATH": SRC}
    argv = [sys.executable, "-m", "nardy", "selfplay", "--variant", "backgammon"]
    argv += ["--games", "5000", "--seed", "4", "--workers", "2", "--chunk", "1", "--out", str(out)]
    with sigint_as_a_shell_leaves_it():
        proc = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            parts = [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
            if parts and parts[0].read_text().count("\n") >= 3:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "nardy selfplay: interrupted;" in err
    assert "Traceback" not in err
    got = lines_of(out)
    assert 3 <= len(got) < 5000
    assert f"holds the complete records of games 0 to {len(got) - 1}" in err
    assert got[:3] == expected("backgammon", 3, 4)
    assert got[-1] == play_game("backgammon", 4, len(got) - 1).to_json()
    no_leftovers(tmp_path)


# --- bad arguments ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--variant", "chess"], "unknown variant"),
        (["--games", "0"], "--games: takes a positive integer"),
        (["--games", "many"], "--games: takes a positive integer"),
        (["--workers", "0"], "--workers: takes a positive integer"),
        (["--chunk", "-1"], "--chunk: takes a positive integer"),
        (["--seed", "x"], "--seed: invalid int value"),
        (["--policy", "smart"], "unknown policy 'smart'"),
        (["--policy", "nosuchmodule:f"], "cannot import nosuchmodule"),
        (["--out", "/nonexistent/dir/games.jsonl"], "no such directory"),
        (["--out", "/"], "it is a directory"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_arguments_exit_2_with_the_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], fragment: str
) -> None:
    argv = ["selfplay", "--variant", "backgammon", "--games", "2", "--out", str(tmp_path / "o")]
    try:
        code = main([*argv, *extra])
    except SystemExit as exc:  # argparse's own errors
        code = int(str(exc.code))
    err = capsys.readouterr().err
    assert code == 2
    assert "usage: nardy" in err
    assert fragment in err
    assert not (tmp_path / "o").exists()


def test_missing_required_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["selfplay", "--variant", "backgammon", "--games", "2"])
    assert info.value.code == 2
    assert "the following arguments are required: -o/--output" in capsys.readouterr().err


def test_bad_arguments_to_the_function(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    cases: list[tuple[dict[str, Any], type[Exception], str]] = [
        ({"variant": "nope"}, UnknownVariantError, "unknown variant"),
        ({"games": 0}, InvalidOptionError, "number of games"),
        ({"games": True}, InvalidOptionError, "number of games"),
        ({"seed": 1.5}, InvalidOptionError, "seed is an integer"),
        ({"workers": 0}, InvalidOptionError, "workers"),
        ({"chunk": 0}, InvalidOptionError, "chunk"),
        ({"backend": "threads"}, InvalidOptionError, "unknown backend 'threads'"),
        ({"address": "ray://x:1"}, InvalidOptionError, "goes with backend 'ray'"),
        ({"policy": lambda p, r, g: 0}, InvalidOptionError, "cannot be sent to workers"),
    ]
    for change, error, fragment in cases:
        kwargs: dict[str, Any] = {"variant": "backgammon", "games": 2, "seed": 0, **change}
        with pytest.raises(error, match=fragment):
            selfplay(out, **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_ray_missing_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    argv = ["selfplay", "--variant", "backgammon", "--games", "2", "--ray"]
    assert main([*argv, "--out", str(tmp_path / "o")]) == 2
    assert "pip install 'nardy[ray]'" in capsys.readouterr().err


# --- the progress bar ------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal() -> None:
    term = Terminal()
    bar = ProgressBar(term, width=10)
    bar(1, 4, 0.5)
    bar(2, 4, 0.55)  # within 0.1 s of the last draw: skipped
    bar(4, 4, 2.0)  # the last one is always drawn
    bar.close()
    assert term.getvalue() == (
        "\r[##--------] 1/4 games, 2.0 games/s\r[##########] 4/4 games, 2.0 games/s\n"
    )


def test_progress_bar_off_elsewhere() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar(1, 4, 0.5)
    bar.close()
    assert stream.getvalue() == ""


# --- Ray (one local Ray for the module) --------------------------------------------------


@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'nardy[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    # Ray workers cannot import this test module: send its policies by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_gives_the_same_file(tmp_path: Path, ray_local: Any) -> None:
    want = expected("long-nardy", 7, 99)
    out = tmp_path / "ray.jsonl"
    assert selfplay(out, "long-nardy", 7, 99, workers=2, chunk=2, backend="ray") == 7
    assert lines_of(out) == want
    assert ray_local.is_initialized()  # a Ray it did not start is left running
    # The command, on the Ray already running here, one worker.
    cli_out = tmp_path / "cli.jsonl"
    argv = ["selfplay", "--variant", "long-nardy", "--games", "7", "--seed", "99"]
    assert main([*argv, "--workers", "1", "--ray", "--out", str(cli_out)]) == 0
    assert cli_out.read_bytes() == out.read_bytes()
    no_leftovers(tmp_path)


def test_ray_reports_a_failing_game(tmp_path: Path, ray_local: Any) -> None:
    out = tmp_path / "ray.jsonl"
    with pytest.raises(SelfPlayError, match="game 0 failed: IllegalPlayError") as info:
        selfplay(out, "backgammon", 3, 0, workers=2, backend="ray", policy=illegal_policy)
    assert info.value.written == 0
    assert out.read_text() == ""


@pytest.mark.slow
def test_joining_a_running_ray_cluster(tmp_path: Path, ray_local: Any) -> None:
    address = ray_local.get_runtime_context().gcs_address
    out = tmp_path / "cluster.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, HERE])}
    argv = [sys.executable, "-m", "nardy", "selfplay", "--variant", "hypergammon"]
    argv += ["--games", "5", "--seed", "6", "--ray", address, "--out", str(out)]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert lines_of(out) == expected("hypergammon", 5, 6)
