"""What a perft will cost, said before it runs (nardy.perft.estimate), and ``nardy perft``'s use of it.

The estimate counts what it can afford and samples the rest: counted depths
must be exact, projected ones near the published counts
(data/perft/perft-v1.json), its seconds near a count's, and the pass itself
cheap. ``nardy perft`` refuses a count estimated over its limit (the first
thing a newcomer tried, gioul to depth 1, ran for minutes and was killed),
announces a long one, and reports progress on stderr only when a depth runs
long (checked with a tiny threshold and made-up seconds, never by waiting).
"""

from __future__ import annotations

import importlib
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

import nardy
from nardy.cli.main import main as cli_main
from nardy.errors import InvalidOptionError
from nardy.model.basics import Roll
from nardy.perft import LIMIT, estimate, perft, progress_printer, refusal
from nardy.perft.cost import DepthCost, Estimate, duration, estimate_from
from nardy.perft.turns import turn_outcomes

PERFT = importlib.import_module("nardy.perft")  # (``nardy.perft`` is also the function)
TURNS = importlib.import_module("nardy.perft.turns")
VECTORS = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "perft" / "perft-v1.json").read_text()
)


def published(name: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(e for e in VECTORS["entries"] if e["name"] == name)
    return entry


# --- the estimate -------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["backgammon", "acey-deucey", "tabula", "gioul"])
def test_depth_1_from_a_start_is_counted_exactly_when_cheap(spec: str) -> None:
    if spec == "gioul":
        spec = "gioul(opening_exception=per-player)"  # (the default's depth 1 is not cheap)
    # A budget of seconds, not the default's fraction of one: the pass's
    # choice to count or sample reads the CPU clock, and a loaded machine
    # (CI running the suite on every core) made acey-deucey's depth 1 be
    # sampled under the default. Cheap still means seconds.
    cost = estimate(spec, 1, budget=5.0)
    assert cost.counted
    assert cost.depths == (
        DepthCost(1, 1, perft(spec, 1).rows[0].distinct, cost.depths[0].seconds, True),
    )


def test_counted_depths_are_exact() -> None:
    cost = estimate("long-nardy", 3, budget=30.0)
    rows = perft("long-nardy", 3).rows
    assert cost.counted
    assert [d.reached for d in cost.depths] == [r.distinct for r in rows]
    assert [d.expanded for d in cost.depths] == [1, rows[0].distinct, rows[1].distinct]


@pytest.mark.parametrize(
    ("name", "depth"),
    [
        ("backgammon", 3),
        ("hypergammon, 3 checkers", 4),
        ("long nardy", 5),
        ("tabula", 3),
        ("acey-deucey", 2),
        ("gul bara", 3),
        ("gioul, opening rolls per player", 3),
    ],
)
def test_the_states_to_expand_are_near_the_published_counts(name: str, depth: int) -> None:
    # The last depth's cost is the states of the depth before times what one costs:
    # projected, those states must be near the published count (within a factor of 3).
    entry = published(name)
    cost = estimate(entry["variant"], depth, entry["start"])
    rows = entry["depths"]
    known = rows[depth - 2]["distinct"] - rows[depth - 2]["terminal"]
    assert known / 3 <= cost.depths[-1].expanded <= known * 3, cost


def test_the_seconds_are_near_a_counts() -> None:
    began = time.process_time()
    perft("plakoto", 3)
    took = time.process_time() - began
    said = estimate("plakoto", 3, budget=0.1).seconds
    assert took / 4 <= said <= took * 4


def test_the_first_thing_one_tries_in_gioul_is_long_and_said_why() -> None:
    cost = estimate("gioul", 1)
    # Half an hour of the compiled build's CPU (the guide); the 1-1 turn is most of it.
    assert cost.seconds > LIMIT
    assert cost.heavy[0] == Roll(1, 1)
    assert "most of it in the turns of 1-1" in cost.describe()


@pytest.mark.parametrize(
    ("spec", "depth"),
    [("backgammon", 3), ("hypergammon", 3), ("long-nardy", 4), ("tabula", 2), ("acey-deucey", 2)],
)
def test_the_common_counts_are_under_the_limit(spec: str, depth: int) -> None:
    if not nardy.native and spec == "backgammon":
        # The Python search is about three times the native core's cost a
        # position here: backgammon's depth 3 is over the limit in the pure build.
        assert estimate(spec, depth).seconds >= LIMIT / 10
        return
    assert estimate(spec, depth).seconds < LIMIT


def test_a_pass_keeps_to_its_budget_and_clock() -> None:
    # A clock that advances a second a call: any budget is spent at once, so the pass
    # takes the fewest samples it can, and its seconds are the clock's.
    ticks = iter(range(10**9))
    variant = nardy.find_variant("backgammon")
    cost = estimate_from(variant, variant.starting_position(), 4, 0.5, clock=lambda: next(ticks))
    assert [d.counted for d in cost.depths] == [True, False, False, False]
    assert cost.seconds > 0
    assert next(ticks) < 10_000  # (calls of the clock: a few per state sampled)


def test_bad_arguments_are_refused_as_perft_refuses_them() -> None:
    with pytest.raises(InvalidOptionError, match="depth"):
        estimate("backgammon", 0)
    with pytest.raises(InvalidOptionError, match="is a backgammon position, not hypergammon"):
        estimate("hypergammon", 1, nardy.Backgammon().starting_position())


def test_durations_read_as_people_say_them() -> None:
    seconds = (0.2, 1, 40, 89, 95, 600, 5400, 7200, 200000, 1e8, 1e12)
    assert [duration(s) for s in seconds] == [
        "1 second",
        "1 second",
        "40 seconds",
        "89 seconds",
        "1.6 minutes",
        "10 minutes",
        "1.5 hours",
        "2 hours",
        "2.3 days",
        "3.2 years",
        "31,688 years",
    ]


def test_what_an_estimate_and_a_refusal_say() -> None:
    cost = Estimate(
        "gioul",
        "gioul:w:...",
        (DepthCost(1, 1, 10, 30.0, True), DepthCost(2, 10, 5000, 7200.0, False)),
        (Roll(1, 1), Roll(2, 2)),
    )
    assert cost.seconds == 7230.0
    assert not cost.counted
    assert cost.describe() == (
        "about 2 hours of CPU time here (projected from a sample), "
        "most of it in the turns of 1-1 and 2-2 (a turn of several segments)"
    )
    assert refusal(cost, 600.0) == (
        f"gioul to depth 2 would take {cost.describe()}, more than the limit of 10 minutes. "
        "Give --no-limit to count anyway, or --depth 1 (about 30 seconds)."
    )
    assert refusal(cost, 60.0) == (
        f"gioul to depth 2 would take {cost.describe()}, far more than the limit of 60 seconds "
        "(the figure is rough this far out). Give --no-limit to count anyway, or --depth 1 "
        "(about 30 seconds)."
    )


# --- progress -------------------------------------------------------------------------------


def test_progress_lines_only_when_a_depth_runs_long() -> None:
    err = io.StringIO()
    show = progress_printer(err, after=2.0, every=5.0)
    show(1, 0, 10, 0.0)
    show(1, 10, 10, 1.9)  # depth 1 done in under 2 seconds: nothing
    assert err.getvalue() == ""
    for done, seconds in [(0, 0.5), (1, 1.9), (2, 2.0), (3, 4.0), (4, 7.0), (5, 7.1), (10, 8.0)]:
        show(2, done, 10, seconds)
    assert err.getvalue().splitlines() == [
        "depth 2: 2/10 states expanded, 2 seconds, about 8 seconds left",
        "depth 2: 4/10 states expanded, 7 seconds, about 10 seconds left",
        "depth 2: 10/10 states expanded, 8 seconds",
    ]


def test_the_time_left_is_the_estimates_while_the_estimate_foresees_more() -> None:
    # Gioul's depth 1 from the start: 20 of its 21 turns take seconds, the
    # last (1-1's cascade) most of the estimated 15 minutes. Spread over the
    # turns done, the time taken foretells seconds; the estimate knows better.
    err = io.StringIO()
    show = progress_printer(err, "turns played out", after=2.0, every=5.0, expected={1: 900.0})
    show(1, 20, 21, 60.0)  # 3 seconds a turn so far, 840 of the 900 still to come
    show(1, 20, 21, 600.0)  # the estimate, less the time taken: 300
    show(1, 20, 21, 1200.0)  # past the estimate: the time taken, spread (60 seconds)
    show(1, 21, 21, 1210.0)
    assert err.getvalue().splitlines() == [
        "depth 1: 20/21 turns played out, 60 seconds, about 14 minutes left",
        "depth 1: 20/21 turns played out, 10 minutes, about 5 minutes left",
        "depth 1: 20/21 turns played out, 20 minutes, about 60 seconds left",
        "depth 1: 21/21 turns played out, 20 minutes",
    ]
    # A depth the estimate does not name is told as before.
    err = io.StringIO()
    show = progress_printer(err, after=0.0, every=0.0, expected={1: 900.0})
    show(2, 5, 10, 10.0)
    assert err.getvalue() == "depth 2: 5/10 states expanded, 10 seconds, about 10 seconds left\n"


def test_perft_reports_progress_by_turns_in_the_games_of_whole_turns() -> None:
    calls: list[tuple[int, int, int]] = []
    perft("acey-deucey", 1, progress=lambda n, done, total, s: calls.append((n, done, total)))
    assert calls[0] == (1, 0, 21)
    assert calls[-1] == (1, 21, 21)
    assert [done for _, done, _ in calls] == sorted(done for _, done, _ in calls)


def test_a_long_turn_beats_while_it_is_played_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # Gioul's 4-4 from the start cascades to the sixes: thousands of states in one turn.
    gioul = nardy.find_variant("gioul")
    beats: list[None] = []
    outcomes = turn_outcomes(
        gioul, gioul.starting_position(), Roll(4, 4), lambda: beats.append(None)
    )
    assert len(outcomes) == 2578
    assert len(beats) >= 2
    # perft passes the beat on: the progress callback hears from inside a turn.
    monkeypatch.setattr(TURNS, "BEAT", 1)
    start = nardy.Position.from_id(published("gul bara mid-game")["start"])
    calls: list[int] = []
    perft(start.variant, 1, start, progress=lambda n, done, total, s: calls.append(done))
    assert len(calls) > 21 + 1  # (more than once a turn and once at the end)


def test_perft_writes_progress_with_a_tiny_threshold() -> None:
    err = io.StringIO()
    perft("tabula", 2, progress=progress_printer(err, after=0.0, every=0.0))
    lines = err.getvalue().splitlines()
    assert lines[-1].startswith("depth 2: 122/122 states expanded, ")
    assert any(line.startswith("depth 1: 1/1 states expanded") for line in lines)


# --- nardy perft ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli_main(["perft", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("spec", "depth"), [("backgammon", 2), ("tabula", 2), ("acey-deucey", 1)])
def test_quick_counts_write_nothing_on_stderr(
    spec: str, depth: int, capsys: pytest.CaptureFixture[str]
) -> None:
    if not nardy.native and spec == "backgammon":
        depth = 1  # (the Python search takes about 3 s for depth 2: past the progress line's 2 s)
    status, out, err = run(capsys, "--variant", spec, "--depth", str(depth))
    assert status == 0, err
    assert err == ""
    assert out.startswith(f"{spec} from ")


def test_gioul_to_depth_1_is_refused_before_it_starts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the count started")  # (it would run for half an hour)

    monkeypatch.setattr(PERFT, "perft", never)
    status, out, err = run(capsys, "--variant", "gioul", "--depth", "1")
    assert status == 2
    assert out == ""
    assert err.startswith("nardy perft: gioul to depth 1 would take about ")
    assert "most of it in the turns of 1-1" in err
    assert "more than the limit of 5 minutes. Give --no-limit to count anyway." in err


def test_over_the_limit_refused_and_no_limit_counts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, plain, _ = run(capsys, "--variant", "backgammon", "--depth", "2")
    monkeypatch.setattr(PERFT, "LIMIT", 1e-9)
    status, out, err = run(capsys, "--variant", "backgammon", "--depth", "2")
    assert (status, out) == (2, "")
    assert "more than the limit of 1 second" in err
    assert "Give --no-limit to count anyway, or --depth 1 (about " in err
    status, out, _ = run(capsys, "--variant", "backgammon", "--depth", "2", "--no-limit")
    assert (status, out) == (0, plain)


def test_a_long_count_is_announced_and_its_progress_kept_off_stdout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, plain, _ = run(capsys, "--variant", "tabula", "--depth", "2", "--json")
    monkeypatch.setattr(PERFT, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(PERFT, "PROGRESS_EVERY", 0.0)
    status, out, err = run(capsys, "--variant", "tabula", "--depth", "2", "--json")
    assert (status, out) == (0, plain)
    lines = err.splitlines()
    assert lines[0].startswith("nardy perft: tabula to depth 2: about ")
    assert lines[-1].startswith("depth 2: 122/122 states expanded, ")


def test_nardy_perft_tells_the_time_left_from_its_estimate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # An estimate of 20 minutes for acey-deucey's depth 1 (21 turns, told
    # one by one; the count itself takes about a second): its progress
    # lines foresee the estimate's minutes, not the seconds the turns done
    # so far would.
    def slow(*args: Any, **kwargs: Any) -> Estimate:
        found = estimate(*args, **kwargs)
        depths = tuple(
            DepthCost(d.depth, d.expanded, d.reached, 1200.0, d.counted) for d in found.depths
        )
        return Estimate(found.variant, found.start, depths, found.heavy)

    monkeypatch.setattr(PERFT, "estimate", slow)
    monkeypatch.setattr(PERFT, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(PERFT, "PROGRESS_EVERY", 0.0)
    status, _, err = run(capsys, "--variant", "acey-deucey", "--depth", "1", "--no-limit")
    assert status == 0
    during = [line for line in err.splitlines() if line.startswith("depth 1: ") and "left" in line]
    assert during, err
    assert all(line.endswith("about 20 minutes left") for line in during), during
