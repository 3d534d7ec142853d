"""Russian backgammon: every worked example and whole turn of the rules page, each rule from its text.

The rules are ``shared/rules/family3.md`` (sections F, M, S, RU, O, U and
the examples of E). The examples RU-1..RU-5 (``examples_russian_dutch``)
are asked of the library, of ``nardy legal`` in process and as a command;
the turns RU-T1..RU-T3 are counted by :func:`nardy.perft.turns.turn_outcomes`
and by the page generator's own turn (``reference_russian_dutch.russian_turn``).
The generator is checked against the library on seeded and Hypothesis
positions (segments and whole turns) under every option;
:func:`nardy.testing.check_search` compares the search that runs (the
native core where loaded) with the general Python search.
"""

from __future__ import annotations

import doctest
import json
import random
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
from nardy import Position, Roll, Russian, Side
from nardy.cli.main import legal_line, main
from nardy.errors import InvalidOptionError, InvalidPositionError, UnknownOptionError
from nardy.game.actions import Phase
from nardy.perft.turns import turn_outcomes
from nardy.testing import check_variant
from reference_russian_dutch import russian_turn, segment_results

RUSSIAN = [e for e in EXAMPLES if e["question"]["variant"] == "russian"]
IDS = [e["id"] for e in RUSSIAN]
RU_TURNS = [t for t in TURNS if t["variant"] == "russian"]


# --- section E -----------------------------------------------------------------------


@pytest.mark.parametrize("example", RUSSIAN, ids=IDS)
def test_worked_example(example: dict[str, Any]) -> None:
    legal = check_example(example)
    variant, position, roll = ask(example["question"])
    assert set(legal.result_states()) == segment_results(
        position.raw, (roll.high, roll.low), **page_rules(variant)
    )


@pytest.mark.parametrize("example", RUSSIAN, ids=IDS)
def test_nardy_legal_answers_the_page_question(example: dict[str, Any]) -> None:
    answer = legal_line(json.dumps(example["question"]), None, {})
    assert rows_of(answer["plays"]) == rows_of(example["plays"])


@pytest.mark.parametrize("pure", [False, True], ids=["this-build", "pure"])
def test_the_nardy_legal_command_reads_every_question(pure: bool) -> None:
    lines = "".join(json.dumps(e["question"]) + "\n" for e in RUSSIAN)
    done = subprocess.run(
        [sys.executable, *(["-c", PURE_COMMAND] if pure else ["-m", "nardy"]), "legal"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(Path(nardy.__file__).parents[1])},
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [rows_of(a["plays"]) for a in answers] == [rows_of(e["plays"]) for e in RUSSIAN]


def _start(turn: dict[str, Any]) -> Position:
    variant = nardy.find_variant("russian", turn["options"])
    board, bar, off, pool, _, _ = turn["state"]
    return variant.position(board, bar, off, pool=pool)


@pytest.mark.parametrize("turn", RU_TURNS, ids=lambda t: t["id"])
def test_whole_turn_count(turn: dict[str, Any]) -> None:
    start = _start(turn)
    found = turn_outcomes(start.variant, start, Roll(*turn["roll"]))
    assert len(found) == turn["outcomes"]
    assert sum(p.turn is start.turn for p in found) == turn["again"]
    expected = russian_turn(start.raw, tuple(turn["roll"]), **_turn_rules(start.variant))
    assert {(p.turn is start.turn, p.raw) for p in found} == expected


def _turn_rules(variant: nardy.Variant) -> dict[str, Any]:
    options = variant.options()
    return {
        "all_first": options["entering"] == "all-first",
        "doubles": options["doubles"],
        "bonus": options["bonus"],
        "must_play_higher": options["must_play_higher"],
    }


# --- the options (O) and the rules of RU.2 and M ---------------------------------------


def test_options_and_their_defaults() -> None:
    variant = Russian()
    assert variant.options() == {
        "entering": "all-first",
        "doubles": "complement",
        "bonus": "always",
        "must_play_higher": True,
    }
    assert variant.game_defaults == {"cube": False, "opening": "one_die_each_reroll"}
    assert variant.geometry is nardy.Geometry.SAME
    assert nardy.find_variant("russian-backgammon") == variant
    spec = "russian(entering=free,doubles=plain,bonus=entered,must_play_higher=false)"
    assert nardy.find_variant(spec).spec() == spec
    for name, bad in [
        ("entering", "later"),
        ("doubles", "twice"),
        ("bonus", "never"),
        ("must_play_higher", 7),
    ]:
        with pytest.raises(InvalidOptionError, match=name):
            nardy.find_variant("russian", {name: bad})
    with pytest.raises(UnknownOptionError, match="hitting"):
        nardy.find_variant("russian", {"hitting": "any"})


def notations(variant: nardy.Variant, dice: tuple[int, int], **question: Any) -> set[str]:
    """The notations of the legal plays of ``dice`` in the position ``question``."""
    return set(variant.position(**question).legal_plays(dice).notations())


def test_the_board_keeps_its_numbers_when_turned() -> None:
    # F.4: on one track my p is his p: the board turned round changes only the signs,
    # and bar, off and pool swap their entries.
    start = Russian().position(
        board_of({22: 2, 3: 1, 13: 12}, {19: 3, 10: 12}), bar=[0, 0], off=[0, 0], pool=[0, 0]
    )
    legal = start.legal_plays((2, 1))
    for index, array in enumerate(legal.resulting_arrays()):
        turned = legal.resulting_position(index).to_array()
        assert turned["board"] == [-n for n in array["board"]]
        for key in ("bar", "off", "pool"):
            assert turned[key] == array[key][::-1]


def test_hits_on_the_shared_entry_quarter_and_re_entry() -> None:
    # An entry may hit (RU-2); the hit checker re-enters on the same quarter, the bar first.
    question = Russian().position(
        board_of({13: 13}, {22: 1, 10: 14}), bar=[0, 0], off=[0, 0], pool=[2, 0]
    )
    legal = question.legal_plays((3, 1))
    assert legal.notations() == ["pool/24 pool/22*"]
    after = legal.resulting_position(0)
    assert after.bar(Side.BLACK) == 1
    # Black re-enters on 24-19 of his numbering, which is white's 24-19 too.
    black = after.legal_plays((3, 2)).notations()
    assert all(n.startswith("bar/2") for n in black)


def test_entering_all_first_and_free() -> None:
    question = {"board": board_of({18: 14}, {1: 15}), "off": [0, 0], "pool": [1, 0]}
    assert notations(Russian(), (5, 2), **question) == {"pool/18", "pool/20 18/16", "pool/23 18/13"}
    assert notations(Russian(entering="free"), (5, 2), **question) == {
        "pool/18",
        "pool/20 18/16",
        "pool/23 18/13",
        "18/11",
        "18/16 18/13",
    }


def test_no_bear_off_with_a_checker_in_the_pool_or_on_the_bar() -> None:
    pooled = {"board": board_of({6: 10, 2: 4}, {24: 15}), "off": [0, 0], "pool": [1, 0]}
    assert notations(Russian(entering="free"), (6, 5), **pooled) == {"pool/14", "pool/19 6/1"}
    barred = {"board": board_of({6: 10, 2: 4}, {20: 15}), "bar": [1, 0], "off": [0, 0]}
    assert notations(Russian(), (6, 5), **barred, pool=[0, 0]) == {"bar/19 6/1", "bar/14"}


def test_must_play_higher() -> None:
    # 13/8 and 13/9 each leave the other die blocked: one die, the higher by default.
    question = {
        "board": board_of({13: 1, 1: 14}, {7: 2, 4: 2, 5: 2, 3: 2}),
        "off": [0, 7],
        "pool": [0, 0],
    }
    assert notations(Russian(), (5, 4), **question) == {"13/8"}
    assert notations(Russian(must_play_higher=False), (5, 4), **question) == {"13/8", "13/9"}


def test_positions_are_checked() -> None:
    with pytest.raises(InvalidPositionError):
        Russian().position(board_of({6: 15}, {1: 15}), off=[0, 0], pool=[1, 0])


# --- the turn (RU.3) through Game -------------------------------------------------------


def started(variant: Russian, start: Position | None = None) -> nardy.Game:
    """A game of ``variant`` with white to roll (from its start, or ``start``)."""
    return nardy.Game.new(variant, starter=Side.WHITE, start=start, rng=7)


def test_a_double_then_its_complement_then_a_roll_again() -> None:
    game = started(Russian()).roll((3, 3))
    assert game.turn_state.pending == (Roll(3, 3), Roll(4, 4))
    assert game.turn_state.roll_again
    assert game.turn_id().endswith(";pending=34.44;again;roll=33")
    game = game.play("pool/22(4)")
    assert game.dice == Roll(4, 4)
    middle = nardy.Game.from_turn_id(game.turn_id(), rng=7)
    assert middle.dice == Roll(4, 4)
    assert middle.legal_plays().notations() == ["pool/21(4)"]
    game = game.play("pool/21(4)")
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE
    assert game.position.extra(Side.WHITE)["pool"] == 7


def test_the_first_segment_not_fully_played_ends_the_turn() -> None:
    # RU-4's position, 5-5 (RU-T2): each 5-5 is played in full, then 2-2 is owed; where the
    # 2s cannot all be played the turn ends (black rolls), else white rolls again.
    board = [-11, 0, 0, -2, 0, 8, 0, 4, 0, -2, 0, 3] + [0] * 12
    start = Russian().position(board, off=[0, 0], pool=[0, 0])
    game = started(Russian(), start).roll((5, 5))
    seen = set()
    for index, play in enumerate(game.legal_plays()):
        assert len(play.steps) == 4
        complement = game.play(index)
        assert complement.dice == Roll(2, 2)
        full = all(len(p.steps) == 4 for p in complement.legal_plays())
        after = complement.play(0)
        assert after.phase is Phase.ROLL
        assert after.position.turn is (Side.WHITE if full else Side.BLACK)
        seen.add(full)
    assert seen == {True, False}


def test_a_double_not_fully_played_forfeits_the_complement() -> None:
    # Two checkers on 13, 7 is closed: 6-6 plays no 6 at all; the turn passes to black.
    board = board_of({13: 2, 2: 13}, {7: 2, 20: 13})
    start = Russian().position(board, off=[0, 0], pool=[0, 0])
    game = started(Russian(), start).roll((6, 6))
    assert game.legal_plays().notations() == [""]
    game = game.play(0)
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.BLACK


def test_bonus_entered_and_doubles_plain() -> None:
    start = Russian().starting_position()
    assert Russian().earns_complement(start, Roll(3, 3))
    assert not Russian(bonus="entered").earns_complement(start, Roll(3, 3))
    assert not Russian(doubles="plain").earns_complement(start, Roll(3, 3))
    assert not Russian().earns_complement(start, Roll(3, 1))
    after_entering = Russian(bonus="entered")
    entered = after_entering.position(board_of({13: 15}, {1: 15}), off=[0, 0], pool=[0, 0])
    assert after_entering.earns_complement(entered, Roll(2, 2))
    game = started(Russian(doubles="plain")).roll((3, 3)).play(0)
    assert game.position.turn is Side.BLACK
    game = started(Russian(bonus="entered")).roll((3, 3)).play(0)
    assert game.position.turn is Side.BLACK


def test_turns_agree_with_the_page_mid_game() -> None:
    rng = random.Random("russian turns")
    checked = 0
    for options in ({}, {"entering": "free"}, {"bonus": "entered"}, {"doubles": "plain"}):
        variant = Russian(**options)
        for game in random_games(variant, len(options) + 5, 1):
            states = [s.position for s in game.states() if s.phase is Phase.ROLL]
            for position in rng.sample(states, min(4, len(states))):
                if position.is_over():
                    continue
                for dice in ((6, 6), (2, 2), (5, 3)):
                    found = turn_outcomes(variant, position, Roll(*dice))
                    expected = russian_turn(position.raw, dice, **_turn_rules(variant))
                    assert {(p.turn is position.turn, p.raw) for p in found} == expected
                    checked += len(found)
    assert checked > 100


# --- scoring (RU.5) and the game layer ---------------------------------------------------


def test_scoring() -> None:
    variant = Russian()
    # On one track the loser's 19-24 are the winner's entry quarter, in both numberings.
    entry = variant.position(board_of({}, {20: 1, 3: 14}), off=[15, 0], pool=[0, 0])
    assert entry.result().points == 3  # type: ignore[union-attr]
    pooled = variant.position(board_of({}, {3: 13}), off=[15, 0], pool=[0, 2])
    assert pooled.result().points == 3  # type: ignore[union-attr]
    none_off = variant.position(board_of({}, {10: 15}), off=[15, 0], pool=[0, 0])
    assert none_off.result().points == 2  # type: ignore[union-attr]
    single = variant.position(board_of({}, {20: 14}), off=[15, 1], pool=[0, 0])
    assert single.result().points == 1  # type: ignore[union-attr]


def test_seeded_games_finish_and_their_records_replay() -> None:
    for spec in ("russian", "russian(entering=free,bonus=entered)", "russian(doubles=plain)"):
        for game in random_games(nardy.find_variant(spec), 4, 2):
            assert game.is_over()
            assert not game.options.cube
            again = nardy.Game.from_json(game.to_json())
            assert again == game


def test_check_variant() -> None:
    check_variant(Russian(), games=1)
    check_variant(Russian(entering="free", bonus="entered"), games=1)


def test_nardy_variants_lists_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("russian"))
    for option in ("entering", "doubles", "bonus"):
        assert option in line


def test_the_variant_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "variants" / "russian.rst"
    if not page.exists():  # pragma: no cover - an installed package without docs
        pytest.skip(f"{page} is not in this tree")
    failures, tried = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert tried >= 10
    assert failures == 0


# --- against the page, on random positions --------------------------------------------

OPTIONS = st.fixed_dictionaries(
    {"entering": st.sampled_from(["all-first", "free"]), "must_play_higher": st.booleans()}
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(options=OPTIONS, data=st.data())
def test_the_engine_is_the_page_on_random_positions(options: dict[str, Any], data: Any) -> None:
    variant = Russian(**options)
    position = variant.starting_position()
    for _ in range(data.draw(st.integers(0, 80))):
        roll = Roll(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
        legal = position.legal_plays(roll)
        after = legal.resulting_position(data.draw(st.integers(0, len(legal) - 1)))
        if after.is_over():
            break
        position = after
    agrees(position, Roll(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))))


@pytest.mark.sweep
@pytest.mark.parametrize("options", [{}, {"entering": "free"}, {"must_play_higher": False}])
def test_seeded_sweep_against_the_page(options: dict[str, Any]) -> None:
    variant = Russian(**options)
    checked = 0
    for game in random_games(variant, 43, 2):
        for snapshot in list(game.states())[::9]:
            position = snapshot.position
            if not position.is_over():
                for roll in variant.rolls()[::4]:
                    agrees(position, roll)
                    checked += 1
    assert checked > 60
