"""Perft by whole turns (:mod:`nardy.perft.turns`).

For a variant whose turn is one play the turn loop must give the fast
loop's rows exactly; for the toy variants of ``test_turn_model`` (a named
double after a 1-2, a cascade of doubles handing moves over) it counts a
ply as a whole turn, and small counts are checked by hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import nardy
from nardy.model.basics import Roll
from nardy.perft import perft, runs_turns
from nardy.perft.turns import leaves_checkers, turn_outcomes, turn_rows
from nardy.variants.backgammon import Backgammon
from test_turn_model import AceDeuce, Cascade


@pytest.fixture(scope="module", autouse=True)
def registered() -> Any:
    for cls in (AceDeuce, Cascade):
        nardy.register_variant(cls)
    yield
    for cls in (AceDeuce, Cascade):
        nardy.unregister_variant(cls)


@pytest.mark.parametrize(("spec", "depth"), [("backgammon", 2), ("long-nardy", 2), ("plakoto", 2)])
def test_the_turn_loop_gives_the_fast_loops_rows(spec: str, depth: int) -> None:
    variant = nardy.find_variant(spec)
    start = variant.starting_position()
    fast = [
        (r.paths21, r.paths36, r.distinct, r.passes, r.terminal) for r in perft(variant, depth).rows
    ]
    assert turn_rows(variant, start, depth) == fast


def test_variants_with_turn_hooks_are_counted_by_turns() -> None:
    assert not runs_turns(Backgammon())
    assert runs_turns(AceDeuce())
    assert runs_turns(Cascade())


def test_a_1_2_turn_has_an_outcome_per_named_double_play() -> None:
    variant = AceDeuce()
    start = variant.starting_position()
    outcomes = turn_outcomes(variant, start, Roll(2, 1))
    # Every outcome has white to roll again (every named double is fully playable from the start).
    assert outcomes
    assert {p.turn for p in outcomes} == {nardy.Side.WHITE}
    by_hand: set[nardy.Position] = set()
    for _, after in start.legal_plays(Roll(2, 1)).items():
        mid = after.pass_turn()
        for d in range(1, 7):
            for _, end in mid.legal_plays(Roll(d, d)).items():
                by_hand.add(end.pass_turn())
    assert outcomes == by_hand
    rows = perft(variant, 1).rows
    plain = perft("backgammon", 1).rows
    plays = len(start.legal_plays(Roll(2, 1)))
    assert rows[0].paths21 == plain[0].paths21 - plays + len(outcomes)


def test_a_cascade_is_each_double_up_to_the_sixes() -> None:
    variant = Cascade()
    start = variant.starting_position()
    outcomes = turn_outcomes(variant, start, Roll(5, 5))
    by_hand = set()
    for _, mid in start.legal_plays(Roll(5, 5)).items():
        for _, end in mid.pass_turn().legal_plays(Roll(6, 6)).items():
            by_hand.add(layout(end))
    assert {layout(p) for p in outcomes} == by_hand
    assert {p.turn for p in outcomes} == {nardy.Side.BLACK}
    assert {p.extra(nardy.Side.WHITE)["rolls"] for p in outcomes} == {1}  # the roll is counted
    assert not any(leaves_checkers(start, p) for p in outcomes)


def layout(position: nardy.Position) -> tuple[object, ...]:
    """Where every checker stands (not the side to move, not the counted rolls)."""
    sides = (nardy.Side.WHITE, nardy.Side.BLACK)
    return tuple((position.checkers(s), position.bar(s), position.off(s)) for s in sides)


def _perft_cli(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    from nardy.cli.main import main

    assert main(["perft", *args, "--depth", "1", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("spec", ["tabula", "acey-deucey", "backgammon"])
def test_perft_from_reads_every_form_nardy_render_reads(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = nardy.find_variant(spec)
    start = variant.starting_position(nardy.Side.BLACK)
    array = {"variant": spec, "turn": "b", **start.to_array()}  # ("pool" where it has one)
    from_start = _perft_cli(capsys, "--variant", spec, "--from", start.id())
    from_json = _perft_cli(capsys, "--variant", spec, "--from", json.dumps(array))
    assert from_json == from_start
    assert from_start["depths"] == [perft(variant, 1, start).rows[0].to_dict()]


@pytest.mark.parametrize("form", ["id", "json"])
def test_perft_from_a_position_of_the_base_game_takes_the_specs_options(
    form: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = "acey-deucey(natural_doubles=reroll)"
    base = nardy.find_variant("acey-deucey").starting_position()
    text = base.id() if form == "id" else json.dumps({"variant": "acey-deucey", **base.to_array()})
    found = _perft_cli(capsys, "--variant", spec, "--from", text)
    assert found["variant"] == spec
    assert found["depths"] == [perft(spec, 1).rows[0].to_dict()]


def test_perft_from_a_position_of_another_game_says_which(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from nardy.cli.main import main

    start = nardy.find_variant("acey-deucey").starting_position().id()
    assert main(["perft", "--variant", "tabula", "--depth", "1", "--from", start]) == 2
    assert "is an acey-deucey position, not tabula" in capsys.readouterr().err


def test_perft_from_a_position_inside_a_turn_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from nardy.cli.main import main

    inside = Cascade().starting_position().id() + ";pending=64;roll=55"
    nardy.register_variant(Cascade)  # (the module fixture registers it; idempotent)
    assert main(["perft", "--variant", "test-cascade", "--depth", "1", "--from", inside]) == 2
    assert "between two turns" in capsys.readouterr().err
