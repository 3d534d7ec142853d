"""Dutch backgammon: every worked example of the rules page, each rule from its text, the properties.

The rules are ``shared/rules/family3.md`` (sections F, M, S, DU, O, U and
the examples of E). The examples DU-1..DU-4 (``examples_russian_dutch``)
are asked of the library, of ``nardy legal`` in process and as a command;
DU-T1 is counted by :func:`nardy.perft.turns.turn_outcomes`.
``reference_russian_dutch`` is a slow generator written from the page
alone, checked against the library on seeded and Hypothesis positions
under every option that changes a legal set; :func:`nardy.testing.check_search`
compares the search that runs (the native core where loaded) with the
general Python search on the same positions.
"""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from examples_russian_dutch import (
    EXAMPLES,
    TURNS,
    agrees,
    ask,
    check_example,
    page_rules,
    random_games,
    rows_of,
)
from helpers import PURE_COMMAND, board_of
from nardy import Dutch, Roll, Side
from nardy.cli.main import legal_line, main
from nardy.errors import InvalidOptionError, InvalidPositionError, UnknownOptionError
from nardy.perft.turns import turn_outcomes
from nardy.testing import check_variant
from reference_russian_dutch import segment_results

DUTCH = [e for e in EXAMPLES if e["question"]["variant"] == "dutch"]
IDS = [e["id"] for e in DUTCH]


# --- section E -----------------------------------------------------------------------


@pytest.mark.parametrize("example", DUTCH, ids=IDS)
def test_worked_example(example: dict[str, Any]) -> None:
    legal = check_example(example)
    variant, position, roll = ask(example["question"])
    assert set(legal.result_states()) == segment_results(
        position.raw, (roll.high, roll.low), **page_rules(variant)
    )


@pytest.mark.parametrize("example", DUTCH, ids=IDS)
def test_nardy_legal_answers_the_page_question(example: dict[str, Any]) -> None:
    answer = legal_line(json.dumps(example["question"]), None, {})
    assert rows_of(answer["plays"]) == rows_of(example["plays"])


@pytest.mark.parametrize("pure", [False, True], ids=["this-build", "pure"])
def test_the_nardy_legal_command_reads_every_question(pure: bool) -> None:
    lines = "".join(json.dumps(e["question"]) + "\n" for e in DUTCH)
    env = {"PYTHONPATH": str(Path(nardy.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, *(["-c", PURE_COMMAND] if pure else ["-m", "nardy"]), "legal"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [rows_of(a["plays"]) for a in answers] == [rows_of(e["plays"]) for e in DUTCH]


@pytest.mark.parametrize(
    "turn", [t for t in TURNS if t["variant"] == "dutch"], ids=lambda t: t["id"]
)
def test_whole_turn_count(turn: dict[str, Any]) -> None:
    variant = nardy.find_variant("dutch", turn["options"])
    board, bar, off, pool, _, _ = turn["state"]
    start = variant.position(board, bar, off, pool=pool)
    found = turn_outcomes(variant, start, Roll(*turn["roll"]))
    assert len(found) == turn["outcomes"]
    assert sum(p.turn is Side.WHITE for p in found) == turn["again"] == 0


# --- the options (O) and the rules of DU.2 ---------------------------------------------


def test_options_and_their_defaults() -> None:
    variant = Dutch()
    assert variant.options() == {
        "entering": "all-first",
        "hitting": "after-home",
        "must_play_higher": True,
    }
    assert variant.game_defaults == {"cube": False, "opening": "one_die_each_reroll"}
    assert variant.starting_position().to_array()["pool"] == [15, 15]
    assert nardy.find_variant("dutch-backgammon") == variant
    spec = "dutch(entering=free,hitting=any,must_play_higher=false)"
    assert nardy.find_variant(spec).spec() == spec
    for name, bad in [("entering", "later"), ("hitting", "never"), ("must_play_higher", 7)]:
        with pytest.raises(InvalidOptionError, match=name):
            nardy.find_variant("dutch", {name: bad})
    with pytest.raises(UnknownOptionError, match="bear_off"):
        nardy.find_variant("dutch", {"bear_off": "exact"})


def notations(variant: nardy.Variant, dice: tuple[int, int], **question: Any) -> set[str]:
    """The notations of the legal plays of ``dice`` in the position ``question``."""
    return set(variant.position(**question).legal_plays(dice).notations())


def test_the_hitter_s_own_arrival_home_does_not_count() -> None:
    # No checker home: 8/4* would bring one home, but the rule reads the position before it.
    question = {"board": board_of({8: 1, 20: 14}, {4: 1, 1: 14}), "off": [0, 0], "pool": [0, 0]}
    assert notations(Dutch(), (4, 1), **question) == {"20/15", "20/16 8/7", "20/19 20/16", "8/3"}
    assert notations(Dutch(hitting="any"), (4, 1), **question) == {
        "20/15",
        "20/16 8/7",
        "20/19 20/16",
        "8/3",
        "20/19 8/4*",
        "8/4*/3",
    }


def test_an_earlier_move_home_lifts_the_rule_for_the_later_moves() -> None:
    # 8/4 brings a checker home; then 13/10* may hit. 13/10*/6 may not (no checker home
    # before it): 13/6 goes by way of 9.
    question = {"board": board_of({8: 1, 13: 14}, {10: 1, 1: 14}), "off": [0, 0], "pool": [0, 0]}
    assert notations(Dutch(), (4, 3), **question) == {"13/10* 8/4", "13/6", "13/9 8/5"}


def test_a_borne_off_checker_counts_and_a_hit_home_checker_does_not() -> None:
    # Borne off one, nothing on 1-6: 10/7* is allowed.
    off = {"board": board_of({10: 14}, {7: 1, 24: 14}), "off": [1, 0], "pool": [0, 0]}
    assert notations(Dutch(), (3, 1), **off) == {"10/6", "10/7*/6", "10/9 10/7*"}
    # His only home checker was hit (now on the bar): entering may not hit on 22.
    barred = {
        "board": board_of({13: 14}, {22: 1, 1: 14}),
        "bar": [1, 0],
        "off": [0, 0],
        "pool": [0, 0],
    }
    assert notations(Dutch(), (3, 1), **barred) == {"bar/21", "bar/24 13/10"}
    assert notations(Dutch(hitting="any"), (3, 1), **barred) == {
        "bar/21",
        "bar/24 13/10",
        "bar/22* 13/12",
        "bar/22*/21",
    }


def test_an_entry_may_not_hit_before_home() -> None:
    # The 5 would enter on 20, hitting: closed to him; all-first leaves the 2 alone.
    question = {"board": board_of({18: 3}, {20: 1, 1: 14}), "off": [0, 0], "pool": [12, 0]}
    assert notations(Dutch(), (5, 2), **question) == {"pool/23"}
    assert notations(Dutch(hitting="any"), (5, 2), **question) == {"pool/23 pool/20*"}


def test_entering_all_first_and_the_last_pool_checker() -> None:
    # The last pool checker enters with either die; then the other die moves any checker.
    question = {"board": board_of({18: 14}, {1: 15}), "off": [0, 0], "pool": [1, 0]}
    assert notations(Dutch(), (5, 2), **question) == {
        "pool/18",
        "pool/20 18/16",
        "pool/23 18/13",
    }
    assert notations(Dutch(entering="free"), (5, 2), **question) == {
        "pool/18",
        "pool/20 18/16",
        "pool/23 18/13",
        "18/11",
        "18/16 18/13",
    }
    two = {"board": board_of({18: 13}, {1: 15}), "off": [0, 0], "pool": [2, 0]}
    assert notations(Dutch(), (5, 2), **two) == {"pool/23 pool/20"}


def test_the_bar_before_the_pool() -> None:
    # The 5 (20) is closed for the barred checker, so the 2 enters it; all-first then
    # wants the 5 from the pool, and 20 is closed: one die.
    question = {
        "board": board_of({18: 3}, {20: 2, 1: 13}),
        "bar": [1, 0],
        "off": [0, 0],
        "pool": [11, 0],
    }
    assert notations(Dutch(), (5, 2), **question) == {"bar/23"}
    assert notations(Dutch(entering="free"), (5, 2), **question) == {"bar/18", "bar/23 18/13"}


def test_no_bear_off_with_a_checker_in_the_pool() -> None:
    question = {"board": board_of({6: 10, 2: 4}, {24: 15}), "off": [0, 0], "pool": [1, 0]}
    assert notations(Dutch(entering="free"), (6, 5), **question) == {"pool/14", "pool/19 6/1"}
    empty = {"board": board_of({6: 11, 2: 4}, {24: 15}), "off": [0, 0], "pool": [0, 0]}
    assert notations(Dutch(), (6, 5), **empty) == {"6/1 6/off"}


def test_must_play_higher() -> None:
    # Only one die can be played: 13/8 (the 5) or 13/9 (the 4); the rest is held.
    question = {
        "board": board_of({13: 1, 1: 14}, {7: 2, 4: 2, 5: 2, 3: 2}),
        "off": [0, 7],
        "pool": [0, 0],
    }
    assert notations(Dutch(), (5, 4), **question) == {"13/8"}
    assert notations(Dutch(must_play_higher=False), (5, 4), **question) == {"13/8", "13/9"}


def test_positions_are_checked_whatever_the_options() -> None:
    with pytest.raises(InvalidPositionError):
        Dutch().position(board_of({6: 15}, {1: 15}), off=[0, 0], pool=[1, 0])  # 16 checkers
    assert Dutch(hitting="any").position(board_of({6: 14}, {1: 15}), off=[0, 0], pool=[1, 0])


# --- scoring (DU.3) and the game layer ---------------------------------------------------


def test_scoring() -> None:
    variant = Dutch()
    pooled = variant.position(board_of({}, {20: 13}), off=[15, 0], pool=[0, 2])
    assert pooled.result().points == 3  # type: ignore[union-attr]
    none_off = variant.position(board_of({}, {10: 15}), off=[15, 0], pool=[0, 0])
    assert none_off.result().points == 2  # type: ignore[union-attr]
    behind = variant.position(board_of({}, {10: 14, 3: 1}), off=[15, 0], pool=[0, 0])
    assert behind.result().points == 3  # type: ignore[union-attr]
    single = variant.position(board_of({}, {10: 14}), off=[15, 1], pool=[0, 0])
    assert single.result().points == 1  # type: ignore[union-attr]


def test_seeded_games_finish_and_their_records_replay() -> None:
    for spec in ("dutch", "dutch(entering=free,hitting=any)"):
        for game in random_games(nardy.find_variant(spec), 3, 2):
            assert game.is_over()
            assert game.cube is None or not game.options.cube
            again = nardy.Game.from_json(game.to_json())
            assert again == game


def test_check_variant() -> None:
    check_variant(Dutch(), games=1)
    check_variant(Dutch(entering="free", hitting="any"), games=1)


def test_nardy_variants_lists_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("dutch"))
    assert "entering" in line
    assert "hitting" in line


def test_the_variant_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "variants" / "dutch.rst"
    if not page.exists():  # pragma: no cover - an installed package without docs
        pytest.skip(f"{page} is not in this tree")
    failures, tried = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert tried >= 10
    assert failures == 0


# --- against the page, on random positions --------------------------------------------

OPTIONS = st.fixed_dictionaries(
    {
        "entering": st.sampled_from(["all-first", "free"]),
        "hitting": st.sampled_from(["after-home", "any"]),
        "must_play_higher": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(options=OPTIONS, data=st.data())
def test_the_engine_is_the_page_on_random_positions(options: dict[str, Any], data: Any) -> None:
    variant = Dutch(**options)
    position = variant.starting_position()
    for _ in range(data.draw(st.integers(0, 80))):
        legal = position.legal_plays(
            Roll(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
        )
        after = legal.resulting_position(data.draw(st.integers(0, len(legal) - 1)))
        if after.is_over():
            break
        position = after
    agrees(position, Roll(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))))


@pytest.mark.sweep
@pytest.mark.parametrize("options", [{}, {"entering": "free"}, {"hitting": "any"}])
def test_seeded_sweep_against_the_page(options: dict[str, Any]) -> None:
    variant = Dutch(**options)
    checked = 0
    for game in random_games(variant, 41, 2):
        for snapshot in list(game.states())[::9]:
            position = snapshot.position
            if not position.is_over():
                for roll in variant.rolls()[::4]:
                    agrees(position, roll)
                    checked += 1
    assert checked > 60
