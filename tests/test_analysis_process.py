"""The gnubg-process backend: its lifecycle against a fake program, and GNU Backgammon itself where installed."""

from __future__ import annotations

import gc
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import nardy
from nardy.analysis import (
    AnalysisInputError,
    Bot,
    CubeAction,
    EngineFailedError,
    EngineNotInstalledError,
    Limit,
    open_engine,
    play_match,
)
from nardy.analysis.backends import process
from nardy.game.id_state import MatchState

FAKE = str(Path(__file__).parent / "data" / "fake_gnubg.py")
START = nardy.find_variant("backgammon").starting_position()


def fake(*options: str, timeout: float = 5.0) -> Any:
    return open_engine("gnubg-process", command=[sys.executable, FAKE, *options], timeout=timeout)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def pid_of(engine: Any) -> int:
    found: int = engine.process.pid
    return found


# --- the lifecycle, against the fake program -----------------------------------------------


def test_the_fake_answers_and_close_ends_it() -> None:
    with fake() as engine:
        assert engine.info.version == "0.0-fake"
        evaluation = engine.evaluate(START)
        assert evaluation.probabilities.as_tuple() == (0.6, 0.2, 0.01, 0.1, 0.005)
        assert evaluation.cubeful_equity == 0.4
        decision = engine.cube(START)
        assert (decision.no_double, decision.double_take, decision.double_pass) == (0.4, 0.3, 1.0)
        assert decision.action is CubeAction.NO_DOUBLE
        pid = pid_of(engine)
        assert engine.process.running
    assert not engine.process.running
    assert gone(pid)
    with pytest.raises(EngineFailedError, match="closed"):
        engine.evaluate(START)


def test_many_positions_go_in_lines_gnubg_can_read() -> None:
    with fake() as engine:
        plays = START.legal_plays((1, 1))
        ranked = engine.rank_plays(START, (1, 1))
        assert len(ranked) == len(plays)
        assert len(plays) * 60 > process.LINE_LIMIT  # more than one line's worth


def test_a_program_that_dies_is_an_error_naming_the_command() -> None:
    engine = fake("--die-on", "evaluate")
    pid = pid_of(engine)
    with pytest.raises(
        EngineFailedError,
        match=r"fake_gnubg.py --die-on evaluate ended \(exit status 3\) in evaluate",
    ) as info:
        engine.evaluate(START)
    assert "dying as asked" in str(info.value)
    assert gone(pid)
    with pytest.raises(EngineFailedError, match="ended"):
        engine.evaluate(START)


def test_a_program_that_hangs_is_stopped_after_the_timeout() -> None:
    engine = fake("--hang-on", "cfevaluate", timeout=1.0)
    pid = pid_of(engine)
    began = time.monotonic()
    with pytest.raises(
        EngineFailedError, match=r"did not answer within 1 s in cfevaluate; it was stopped"
    ):
        engine.cube(START)
    assert 0.9 < time.monotonic() - began < 10
    assert gone(pid)


def test_a_program_that_never_starts_answering_is_stopped(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    with pytest.raises(EngineFailedError, match="did not answer within 1 s in starting"):
        fake("--silent", "--pidfile", str(pidfile), timeout=1.0)
    assert gone(int(pidfile.read_text()))


def test_an_error_in_the_program_is_an_engine_failure_and_it_goes_on() -> None:
    with fake("--fail-on", "cfevaluate") as engine:
        with pytest.raises(
            EngineFailedError,
            match="failed in cfevaluate: RuntimeError: cfevaluate failed as asked",
        ):
            engine.cube(START)
        assert engine.evaluate(START, Limit(cubeful=False)).cubeful_equity is None


def test_a_dropped_engine_ends_its_program() -> None:
    engine = fake()
    pid = pid_of(engine)
    del engine
    gc.collect()
    deadline = time.monotonic() + 5
    while not gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(pid)


def test_bad_commands_and_options() -> None:
    with pytest.raises(EngineFailedError, match="cannot start /no/such/gnubg -t"):
        open_engine("gnubg-process", command=["/no/such/gnubg", "-t"])
    with pytest.raises(AnalysisInputError, match="timeout is a number of seconds > 0"):
        open_engine("gnubg-process", command=[sys.executable, FAKE], timeout=0)
    with pytest.raises(AnalysisInputError, match="command is a list of strings"):
        open_engine("gnubg-process", command="gnubg -t")


def test_without_the_program_the_backend_is_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(process, "find_program", lambda: None)
    assert "gnubg-process" not in [b.name for b in nardy.analysis.available_engines()]
    with pytest.raises(EngineNotInstalledError, match="install the GNU Backgammon program"):
        open_engine("gnubg-process")


# --- GNU Backgammon itself --------------------------------------------------------------------

real = pytest.mark.skipif(
    process.find_program() is None, reason="the gnubg program is not installed"
)


@pytest.fixture(scope="module")
def gnubg() -> Any:
    with open_engine("gnubg-process") as engine:
        yield engine


@real
def test_the_program_agrees_with_gnubg_nn(gnubg: Any) -> None:
    nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")
    from analysis_positions import positions_with_rolls

    for position, roll in positions_with_rolls(20, "process"):
        mine = gnubg.evaluate(position, Limit(cubeful=False)).probabilities.as_tuple()
        board = nardy.analysis.boards.gnubg_board(position)
        theirs = nn.probabilities(board, 0)
        assert mine == pytest.approx(theirs, abs=0.01)
        ranked = gnubg.rank_plays(position, roll)
        assert len(ranked) == len(position.legal_plays(roll))


@real
def test_the_programs_cube_decisions(gnubg: Any) -> None:
    # White, on roll, 45 pips against 60: a double in money play.
    race = nardy.find_variant("backgammon").position([3] * 5 + [0] * 13 + [-3] * 5 + [0])
    money = gnubg.cube(race)
    assert money.double_pass == 1.0
    assert money.action is CubeAction.of(money.no_double, money.double_take, money.double_pass)
    assert money.action.doubles
    match = gnubg.cube(race, match=MatchState(length=7, score=(2, 4)))
    assert match.double_pass == pytest.approx(1.0)
    assert match.no_double != money.no_double


@real
def test_a_bot_on_the_program_plays_a_match(gnubg: Any) -> None:
    record = play_match(Bot(gnubg), "random", 1, seed=5)
    assert record.match is not None
    assert record.match.winner == 0
    assert gnubg.process.running


@real
def test_the_program_leaves_the_users_gnubg_settings_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # gnubg saves the settings nardy gives it (set threads 1) in
    # $HOME/.gnubg when it quits; the engine runs it in a home of its own.
    monkeypatch.setenv("HOME", str(tmp_path))
    with open_engine("gnubg-process") as engine:
        engine.evaluate(nardy.find_variant("backgammon").starting_position())
    assert not (tmp_path / ".gnubg").exists()
