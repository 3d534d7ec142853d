"""Tapa, longgammon and moultezim: every worked example of the rules page, each rule from its text, the properties.

The rules are ``shared/rules/family3.md`` (sections F, M, S, TP, LG, MZ,
O, U and the examples of E): the examples' questions and complete legal
sets are copied in ``examples_family3.py`` and asked of the library and of
``nardy legal``; the whole-turn counts (TP-T1, MZ-T1) through
:func:`nardy.perft.turns.turn_outcomes`. ``reference_family3.py`` is a
slow generator written from the page alone, checked against the library
on seeded and Hypothesis positions (``family3_positions.py``), reachable
or not, for every option that changes a legal set.
"""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from examples_family3 import EXAMPLES, TURNS, Example
from family3_positions import random_position
from helpers import run_legal
from nardy import Longgammon, Moultezim, Position, ResultKind, Roll, Side, Tapa
from nardy.errors import InvalidOptionError, InvalidPositionError, UnknownOptionError
from nardy.perft.turns import turn_outcomes
from nardy.rules.tavli import mothers_both_pinned_packed
from nardy.testing import check_search, check_variant
from reference_family3 import Rules, segment_results

#: Every option value that changes a segment's legal set (section O), with the reference's rules.
SPECS = [
    ("longgammon", Rules("longgammon")),
    ("longgammon(must_play_higher=false)", Rules("longgammon", must_play_higher=False)),
    ("tapa", Rules("tapa")),
    ("tapa(bear_off_pinned=blocked)", Rules("tapa", bear_off_pinned="blocked")),
    ("tapa(must_play_higher=false)", Rules("tapa", must_play_higher=False)),
    ("moultezim", Rules("moultezim")),
    *(
        (f"moultezim(quarter_rule={q})", Rules("moultezim", quarter_rule=q))
        for q in ("opp-start-5", "own-start-5", "home-5", "none")
    ),
    ("moultezim(must_play_higher=false)", Rules("moultezim", must_play_higher=False)),
]
TAPA_START = [-15] + [0] * 22 + [15]
MZ_START = [0] * 11 + [-15] + [0] * 11 + [15]


def _ask(example: Example) -> tuple[Position, Roll]:
    q: dict[str, Any] = json.loads(example.question)
    variant = nardy.find_variant(q["variant"], q.get("options", {}))
    extra = {k: q[k] for k in ("pool", "pinned", "opp_pinned") if k in q}
    return variant.position(q["board"], q["bar"], q["off"], **extra), Roll(*q["dice"])


def _wanted(example: Example) -> set[tuple[tuple[int, ...], ...]]:
    return {
        (tuple(r.board), tuple(r.bar), tuple(r.off), tuple(r.pinned), tuple(r.opp_pinned))
        for r in example.results
    }


def _arrays(arrays: list[dict[str, Any]]) -> set[tuple[tuple[int, ...], ...]]:
    keys = ("board", "bar", "off", "pinned", "opp_pinned")
    return {tuple(tuple(a.get(k, ())) for k in keys) for a in arrays}


# --- section E: the worked examples ------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_worked_example(example: Example) -> None:
    position, roll = _ask(example)
    legal = position.legal_plays(roll)
    assert _arrays(legal.resulting_arrays()) == _wanted(example)
    assert len(legal) == len(example.results)
    assert {len(play.steps) for play in legal} == {example.used}
    for result in example.results:  # the page's notation names the same play
        if result.notation != "(no legal play)":
            array = legal.resulting_arrays()[legal.index(result.notation)]
            assert (array["board"], array["off"]) == (result.board, result.off)


def test_worked_examples_through_nardy_legal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, answers = run_legal([e.question for e in EXAMPLES], [], monkeypatch, capsys)
    assert status == 0
    for example, answer in zip(EXAMPLES, answers, strict=True):
        assert _arrays(answer["plays"]) == _wanted(example), example.name
        assert all(p["pool"] == [0, 0] for p in answer["plays"])
        tapa = '"tapa"' in example.question
        assert all(("pinned" in p) == tapa for p in answer["plays"]), example.name


@pytest.mark.parametrize("turn", TURNS, ids=["TP-T1", "MZ-T1"])
def test_whole_turn_counts(turn: str) -> None:
    data = json.loads(turn)
    variant = nardy.find_variant(data["variant"], data["options"])
    board, bar, off, _, pinned, opp_pinned = data["state"]
    extra = {"pinned": pinned, "opp_pinned": opp_pinned} if variant.name == "tapa" else {}
    start = variant.position(board, bar, off, **extra)
    found = turn_outcomes(variant, start, Roll(*data["roll"]))
    assert len(found) == data["outcomes"]
    assert all(p.turn is Side.BLACK for p in found)  # one segment: the opponent rolls
    rules = Rules(variant.name)
    assert len(segment_results(start.raw, tuple(data["roll"]), rules)) == data["outcomes"]


# --- LG: longgammon is backgammon from another start ----------------------------------------


def test_longgammon_start_and_class_data() -> None:
    start = Longgammon().starting_position()
    assert list(start.board) == TAPA_START
    assert Longgammon().option_names() == nardy.Backgammon().option_names()
    assert Longgammon().game_defaults == nardy.Backgammon().game_defaults  # the cube, the opening
    assert (
        Longgammon(scoring="russian").scoring_table()
        == nardy.Backgammon(scoring="russian").scoring_table()
    )


def test_longgammon_legal_sets_are_backgammons() -> None:
    """LG.1: 'Its legal sets are backgammon's for every position; only the start differs.'"""
    rng = random.Random("LG.1")
    for must in (True, False):
        lg, bg = Longgammon(must_play_higher=must), nardy.Backgammon(must_play_higher=must)
        for _ in range(150):
            position = random_position(lg, rng)
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            array = position.to_array()
            same = bg.position(array["board"], array["bar"], array["off"])
            assert (
                position.legal_plays(roll).result_states() == same.legal_plays(roll).result_states()
            )


def test_longgammon_scores_a_backgammon() -> None:
    # The loser has none off and a checker in the winner's home board: 3 points (LG.1).
    board = [-15] + [0] * 23  # (the winner's 1-point: his home board)
    result = Longgammon().position(board, off=(15, 0)).result()
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.BACKGAMMON, 3)


# --- TP: tapa -------------------------------------------------------------------------------


def _tapa(
    board: dict[int, int], pinned: list[int], opp_pinned: list[int], **options: Any
) -> Position:
    array = [0] * 24
    for p, n in board.items():
        array[p - 1] = n
    return Tapa(**options).position(array, pinned=pinned, opp_pinned=opp_pinned)


def test_tp3_a_pinned_checker_outside_home_stops_the_bear_off() -> None:
    # Pinned on 9 under the opponent's two: the 5s may not bear off (both values): a pass.
    for value in ("allowed", "blocked"):
        position = _tapa({9: -2, 5: 2, 1: -11}, [9], [], bear_off_pinned=value)
        assert position.legal_plays(Roll(5, 5)).is_pass
    # The same checker pinned on 3 instead is home ("allowed"): both 5s bear off.
    home = _tapa({3: -2, 5: 2, 1: -11}, [3], [])
    assert home.legal_plays(Roll(5, 5)).notations() == ["5/off(2)"]


def test_tp3_a_pinned_checker_at_home_stands_on_its_point() -> None:
    # Pinned on 6 ("allowed"): home, but standing higher than the 5s: a 6 does not bear off from 5.
    # The 6 is lost before and after the 1 (5/4): the pinned checker stands higher and cannot move.
    position = _tapa({6: -1, 5: 2, 1: -12}, [6], [], bear_off_pinned="allowed")
    assert position.legal_plays(Roll(6, 1)).notations() == ["5/4"]
    # Free instead of pinned, a checker on 6 bears off with the 6.
    free = _tapa({6: 1, 5: 2, 1: -15}, [], [])
    assert "6/off" in " ".join(free.legal_plays(Roll(6, 1)).notations())


def test_tp3_exact_bear_off_beside_a_pinned_checker_higher() -> None:
    position = _tapa({6: -1, 5: 2, 1: -12}, [6], [])
    # The 5 bears off exactly from 5 ("allowed"); with "blocked" only the 1 is played.
    assert position.legal_plays(Roll(5, 1)).notations() == ["5/4 5/off"]
    blocked = _tapa({6: -1, 5: 2, 1: -12}, [6], [], bear_off_pinned="blocked")
    assert blocked.legal_plays(Roll(5, 1)).notations() == ["5/4"]


def test_bear_off_pinned_home_is_data() -> None:
    assert Tapa().bear_off == nardy.BearOff(6, True, pinned_home=True)
    assert Tapa(bear_off_pinned="blocked").bear_off == nardy.Plakoto().bear_off
    with pytest.raises(InvalidOptionError, match="pinned_home"):
        nardy.BearOff(6, True, pinned_home=1)  # type: ignore[arg-type]


def test_tapa_has_no_bar_and_no_pool() -> None:
    with pytest.raises(InvalidPositionError):
        Tapa().position(TAPA_START, bar=(1, 0))
    with pytest.raises(InvalidPositionError):
        Tapa().position(TAPA_START, pool=[1, 0])


def test_tapa_mother_option_changes_results_only() -> None:
    # The opponent's mother (his last checker on his 24-point, my 1) lies pinned,
    # and I have none left on my own start: with mother=true I win 2 at once.
    board = {1: 1, 3: 14, 24: 0, 20: -14}
    position = _tapa(board, [], [1], mother=True)
    assert position.result() == nardy.Result(Side.WHITE, ResultKind.MOTHER, 2)
    assert _tapa(board, [], [1]).result() is None
    rng = random.Random("TP2")
    for _ in range(60):  # no legal set depends on it
        plain = random_position(Tapa(), rng)
        array: dict[str, Any] = plain.to_array()
        mother = Tapa(mother=True).position(**array)
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        if not mother.is_over():
            assert (
                mother.legal_plays(roll).result_states() == plain.legal_plays(roll).result_states()
            )


ALL_ROLLS = [Roll(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def _both_mothers_pinned(rng: random.Random) -> Position:
    """A tapa position whose two mothers lie pinned, the other checkers anywhere free."""
    array = [0] * 24
    array[23] = -rng.randint(1, 3)  # his pinners on my 24, over my mother
    array[0] = rng.randint(1, 3)  # mine on my 1, over his mother
    free = list(range(1, 23))
    rng.shuffle(free)
    for sign, left in ((1, 15 - 1 - array[0]), (-1, 15 - 1 + array[23])):
        points = [free.pop() for _ in range(rng.randint(1, 4))]
        for k in range(left):
            array[points[k % len(points)]] += sign
    return Tapa().position(array, pinned=[24], opp_pinned=[1])


def test_tapa_both_mothers_pinned_is_a_draw_even_without_the_mother_rule() -> None:
    # The mother rule is off (tapa's default), yet the game is over, worth nothing.
    drawn = _tapa({24: -1, 1: 1, 3: 13, 20: -13}, [24], [1])
    assert drawn.is_over()
    assert drawn.result() == nardy.Result(None, ResultKind.DRAW, 0)
    with pytest.raises(nardy.IllegalPlayError):
        drawn.legal_plays("21")
    # One mother pinned is an ordinary pin with the rule off: play goes on.
    assert _tapa({1: 1, 3: 14, 20: -14}, [], [1]).result() is None
    assert not _tapa({24: -1, 3: 14, 20: -14}, [24], []).is_over()


def test_tapa_both_mothers_pinned_can_never_bear_off() -> None:
    # Why the draw: played on regardless, every play of every roll keeps both
    # mothers pinned and bears nothing off, by either side, so no game from
    # there could ever end by the bear-off.
    rng = random.Random("both mothers")
    for _ in range(15):
        position = _both_mothers_pinned(rng)
        for _ply in range(15):
            results = [
                result
                for roll in ALL_ROLLS
                for result in position.legal_plays(roll, allow_finished=True).resulting_positions()
            ]
            for result in results:
                assert mothers_both_pinned_packed(result.packed), result.id()
                assert result.to_array()["off"] == [0, 0], result.id()
            position = rng.choice(results)


# --- MZ: moultezim --------------------------------------------------------------------------


def _mz(board: dict[int, int], **options: Any) -> Position:
    array = [0] * 24
    for p, n in board.items():
        array[p - 1] = n
    return Moultezim(**options).position(array)


def test_mz2_the_starting_checker() -> None:
    # A checker on 16, none past 12: no second checker leaves 24; 16 moves on.
    position = _mz({24: 14, 16: 1, 12: -15})
    assert all(not n.startswith("24/") for n in position.legal_plays(Roll(3, 1)).notations())
    # Once one is on 11 (passed), a second may leave.
    passed = _mz({24: 14, 11: 1, 12: -15})
    assert any(n.startswith("24/") for n in passed.legal_plays(Roll(3, 1)).notations())
    # A checker still on the 12-point has not passed (MZ.2: 1-11 or off): held there
    # by a prime on 6-11, nothing may leave 24 either: a pass.
    prime = {11: -3, 10: -3, 9: -3, 8: -2, 7: -2, 6: -2}
    assert _mz({24: 14, 12: 1, **prime}).legal_plays(Roll(3, 1)).is_pass
    # An earlier move of the segment can lift it: 12/11 first, then 24/21.
    assert "24/21 12/11" in _mz({24: 14, 12: 1, 3: -15}).legal_plays(Roll(3, 1)).notations()


def test_mz3_a_move_from_over_the_limit_must_bring_it_back() -> None:
    # Five of 7-12 held (11 twice, 10, 9, 8, 7) against "opp-start-4"; 1-6 closed by the
    # opponent. Each single move must leave at most four held, whatever the first did:
    # 11/10 and 11/9 first are illegal (11 still held, a fifth point); worked out by hand,
    # 10/8 9/8, 10/8 8/7, 9/7 11/10, 9/7 8/7, 10/9 11/9 and 8/7 11/9 (and their
    # repetitions) leave six distinct positions.
    theirs = {1: -3, 2: -3, 3: -3, 4: -2, 5: -2, 6: -2}
    position = _mz({11: 2, 10: 1, 9: 1, 8: 1, 7: 1, **theirs})
    got = {tuple(r[7:12]) for r in position.legal_plays(Roll(2, 1)).result_states()}
    # (points 7, 8, 9, 10, 11)
    assert got == {
        (1, 3, 0, 0, 2),
        (2, 1, 1, 0, 2),
        (2, 1, 0, 2, 1),
        (3, 0, 0, 1, 2),
        (1, 1, 3, 0, 1),
        (2, 0, 2, 1, 1),
    }
    free = _mz({11: 2, 10: 1, 9: 1, 8: 1, 7: 1, **theirs}, quarter_rule="none")
    assert len(free.legal_plays(Roll(2, 1))) > len(got)


def _holds_all(raw: tuple[int, ...], points: range) -> bool:
    return all(raw[p] > 0 for p in points)


@pytest.mark.parametrize(
    ("rule", "board", "points"),
    [
        ("opp-start-5", {12: 2, 11: 1, 10: 1, 9: 1, 8: 1, 24: 9, 13: -15}, range(7, 13)),
        ("own-start-5", {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 2: 1, 12: -15}, range(19, 25)),
        ("home-5", {6: 2, 5: 1, 4: 1, 3: 1, 2: 1, 24: 9, 12: -15}, range(1, 7)),
    ],
)
def test_mz3_each_quarter_rule_forbids_the_sixth_point(
    rule: str, board: dict[int, int], points: range
) -> None:
    # 4-1: one checker moves 4 onto a held point, then 1 onto the sixth (12/8/7, 24/20/19, 6/2/1).
    limited = _mz(board, quarter_rule=rule).legal_plays(Roll(4, 1)).result_states()
    assert limited
    assert not any(_holds_all(raw, points) for raw in limited)
    free = _mz(board, quarter_rule="none").legal_plays(Roll(4, 1)).result_states()
    assert any(_holds_all(raw, points) for raw in free)


def test_moultezim_layout_and_scoring() -> None:
    start = Moultezim().starting_position()
    assert list(start.board) == MZ_START
    assert (Moultezim.has_bar, Moultezim.contact, Moultezim.geometry) == (
        False,
        nardy.Contact.BLOCK,
        nardy.Geometry.ROTATE,
    )
    result = _mz({1: -15}).result()  # the loser has borne off none: a gammon, 2
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.GAMMON, 2)
    single = Moultezim().position([-1] + [0] * 23, off=(15, 14)).result()
    assert single is not None
    assert single.points == 1


# --- options and validators ---------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        "tapa(bear_off_pinned=maybe)",
        "tapa(mother=perhaps)",
        "tapa(mother_points=3)",
        "moultezim(quarter_rule=opp-start-6)",
        "moultezim(must_play_higher=2)",
        "longgammon(scoring=plakoto)",
    ],
)
def test_bad_options_are_refused_by_name(spec: str) -> None:
    with pytest.raises((InvalidOptionError, UnknownOptionError)) as error:
        nardy.find_variant(spec)
    assert spec.split("(")[1].split("=")[0] in str(error.value)


def test_options_and_their_defaults() -> None:
    assert Tapa().options() == {
        "bear_off_pinned": "allowed",
        "mother": False,
        "must_play_higher": True,
    }
    assert Moultezim().options() == {"quarter_rule": "opp-start-4", "must_play_higher": True}
    assert Longgammon().options() == nardy.Backgammon().options()


# --- the reference, the native core and the properties ----------------------------------------


@pytest.mark.parametrize(("spec", "rules"), SPECS, ids=[s for s, _ in SPECS])
def test_seeded_sweep_against_the_reference(spec: str, rules: Rules) -> None:
    variant = nardy.find_variant(spec)
    rng = random.Random(spec)
    found = 0
    for _ in range(200):
        position = random_position(variant, rng)
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        got = set(position.legal_plays(roll).result_states())
        assert got == segment_results(position.raw, (roll.high, roll.low), rules), (
            position.id(),
            roll,
        )
        check_search(position, roll)  # the search that runs == the general Python search
        found += len(got)
    assert found > 1000


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_hypothesis_positions_agree_and_round_trip(data: st.DataObject) -> None:
    spec, rules = data.draw(st.sampled_from(SPECS))
    variant = nardy.find_variant(spec)
    position = random_position(variant, random.Random(data.draw(st.integers(0, 1 << 30))))
    roll = Roll(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
    legal = position.legal_plays(roll)
    assert set(legal.result_states()) == segment_results(position.raw, (roll.high, roll.low), rules)
    assert Position.from_id(position.id()) == position  # the ID
    for play, after in zip(legal, legal.resulting_positions(), strict=True):
        assert legal.find(play.notation()) == play  # the notation
        assert Position.from_id(after.id()) == after
        array = legal.resulting_arrays()[legal.index(play.notation())]
        extra = {k: array[k] for k in ("pinned", "opp_pinned") if k in array}
        again = variant.position(
            array["board"], array["bar"], array["off"], turn=position.turn, **extra
        )
        assert again.raw == legal.result_states()[legal.index(play.notation())]  # the array form
        _conserved(after)


def _conserved(position: Position) -> None:
    """F.2: each side's checkers add up to 15 (free, bar, off, pinned); pins lie under the other side."""
    raw = position.raw
    mine = sum(x for x in raw[1:25] if x > 0) + raw[0] + raw[25]
    theirs = -sum(x for x in raw[1:25] if x < 0) + raw[27] + raw[26]
    if len(raw) > 28:
        pinned, opp_pinned = raw[28], raw[29]
        mine += pinned.bit_count()
        theirs += opp_pinned.bit_count()
        assert all(raw[p] < 0 for p in range(1, 25) if pinned >> p & 1)
        assert all(raw[p] > 0 for p in range(1, 25) if opp_pinned >> p & 1)
    assert (mine, theirs) == (15, 15)


@pytest.mark.parametrize("spec", [s for s, _ in SPECS] + ["tapa(mother=true)"])
def test_conformance(spec: str) -> None:
    report = check_variant(nardy.find_variant(spec), games=2, seed=3, max_turns=400)
    assert report.games == 2


@pytest.mark.parametrize("page", ["tapa", "longgammon", "moultezim"])
def test_the_variant_page_examples_run(page: str) -> None:
    path = Path(__file__).resolve().parent.parent / "docs" / "variants" / f"{page}.rst"
    if not path.exists():  # pragma: no cover - an installed package without docs
        pytest.skip(f"{path} is not in this tree")
    failures, tried = doctest.testfile(str(path), module_relative=False, verbose=False)
    assert tried >= 4
    assert failures == 0
