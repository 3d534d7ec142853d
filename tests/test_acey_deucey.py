"""Acey-deucey: the worked examples of the rules page, its options, whole turns and games.

The rules page is ``shared/rules/acey-tabula-gulbara.md`` (sections A, M,
S, O and E). Every segment example of section E (AD-1 to AD-7) is here
with its question exactly as ``nardy legal`` reads it and its legal set
exactly as the page writes it; the whole-turn examples AD-T1 (177
outcomes) and AD-T2 (1) are counted with :func:`nardy.perft.turns.turn_outcomes`.
A slow generator written from the page alone (``reference_acey.page_plays``)
checks the engine on random positions under random options, besides the
engine's own reference search.
"""

from __future__ import annotations

import doctest
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import AceyDeucey, Position, Roll, Side
from nardy.cli.main import legal_line, main
from nardy.engine.reference import reference_plays
from nardy.errors import IllegalActionError, InvalidOptionError
from nardy.game import turns
from nardy.game.actions import Phase
from nardy.model.turns import TurnState, doubles
from nardy.perft.turns import turn_outcomes, turn_rows
from nardy.testing import check_variant
from reference_acey import page_plays

# --- section E: the segment examples, as the page writes them ---------------------------

EXAMPLES: dict[str, tuple[str, str]] = {
    "AD-1": (
        '{"variant": "acey-deucey", "board": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "bar": [0, 0], "off": [0, 0], "pool": [15, 15], "dice": [6, 3]}',
        """
pool/22 pool/19  [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0] bar [0, 0] off [0, 0] pool [13, 15]
pool/16          [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0] bar [0, 0] off [0, 0] pool [14, 15]
""",
    ),
    "AD-2": (
        '{"variant": "acey-deucey", "board": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0, 0], "bar": [1, 0], "off": [0, 0], "pool": [10, 13], "dice": [5, 3]}',
        """
bar/17       [0,0,0,0,0,0,0,0,0,0,0,0,4,0,0,0,1,0,0,-2,0,0,0,0] bar [0, 0] off [0, 0] pool [10, 13]
bar/22 13/8  [0,0,0,0,0,0,0,1,0,0,0,0,3,0,0,0,0,0,0,-2,0,1,0,0] bar [0, 0] off [0, 0] pool [10, 13]
""",
    ),
    "AD-3": (
        '{"variant": "acey-deucey", "board": [0, 0, 0, 0, 0, -2, 0, -2, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "bar": [0, 0], "off": [0, 0], "pool": [0, 11], "dice": [1, 2]}',
        """
9/7  [0,0,0,0,0,-2,1,-2,14,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0] bar [0, 0] off [0, 0] pool [0, 11]
""",
    ),
    "AD-4": (
        '{"variant": "acey-deucey", "board": [0, -13, 0, 0, 0, 13, 0, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0], "bar": [0, 0], "off": [0, 0], "pool": [0, 0], "dice": [6, 6]}',
        """
20/14(2)  [0,-13,0,0,0,13,0,-2,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0] bar [0, 0] off [0, 0] pool [0, 0]
""",
    ),
    "AD-5": (
        '{"variant": "acey-deucey", "board": [0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -5, -5, -5, 0, 0, 0], "bar": [0, 0], "off": [13, 0], "pool": [0, 0], "dice": [6, 5]}',
        """
4/off 2/off  [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-5,-5,-5,0,0,0] bar [0, 0] off [15, 0] pool [0, 0]
""",
    ),
    "AD-5x": (
        '{"variant": "acey-deucey", "options": {"bear_off": "exact"}, "board": [0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -5, -5, -5, 0, 0, 0], "bar": [0, 0], "off": [13, 0], "pool": [0, 0], "dice": [6, 5]}',
        """
(no legal play)  [0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-5,-5,-5,0,0,0] bar [0, 0] off [13, 0] pool [0, 0]
""",
    ),
    "AD-6": (
        '{"variant": "acey-deucey", "board": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "bar": [0, 0], "off": [0, 0], "pool": [15, 15], "dice": [1, 2]}',
        """
pool/24 pool/23  [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1] bar [0, 0] off [0, 0] pool [13, 15]
pool/22          [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0] bar [0, 0] off [0, 0] pool [14, 15]
""",
    ),
    "AD-7": (
        '{"variant": "acey-deucey", "options": {"hitting": "after-home"}, "board": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 2, 0, 3, 0, 0, 0, -2], "bar": [0, 0], "off": [0, 0], "pool": [10, 11], "dice": [4, 2]}',
        """
pool/23 pool/21  [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,0,0,2,0,3,1,0,1,-2] bar [0, 0] off [0, 0] pool [8, 11]
pool/19          [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,0,0,2,1,3,0,0,0,-2] bar [0, 0] off [0, 0] pool [9, 11]
pool/21 20/18    [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,0,0,3,0,2,1,0,0,-2] bar [0, 0] off [0, 0] pool [9, 11]
pool/21 18/16    [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,1,0,1,0,3,1,0,0,-2] bar [0, 0] off [0, 0] pool [9, 11]
pool/23 20/16    [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,1,0,2,0,2,0,0,1,-2] bar [0, 0] off [0, 0] pool [9, 11]
20/18 20/16      [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,1,0,3,0,1,0,0,0,-2] bar [0, 0] off [0, 0] pool [10, 11]
20/16 18/16      [0,0,0,0,0,0,0,0,0,0,0,0,0,-1,-1,2,0,1,0,2,0,0,0,-2] bar [0, 0] off [0, 0] pool [10, 11]
18/12            [0,0,0,0,0,0,0,0,0,0,0,1,0,-1,-1,0,0,1,0,3,0,0,0,-2] bar [0, 0] off [0, 0] pool [10, 11]
""",
    ),
}

_ROW = re.compile(r"(.*?)\s+\[([-\d,]+)\] bar \[(.*?)\] off \[(.*?)\] pool \[(.*?)\]")

Row = tuple[str, list[int], list[int], list[int], list[int]]


def ints(text: str) -> list[int]:
    """``"1, -2"`` -> ``[1, -2]``."""
    return [int(x) for x in text.split(",")]


def page_rows(text: str) -> list[Row]:
    """The page's legal set: ``(notation, board, bar, off, pool)`` per line, sorted."""
    rows = []
    for line in text.strip().splitlines():
        match = _ROW.fullmatch(line.strip())
        assert match is not None, line
        note = "" if match[1] == "(no legal play)" else match[1].strip()
        rows.append((note, ints(match[2]), ints(match[3]), ints(match[4]), ints(match[5])))
    return sorted(rows)


def question_position(question: dict[str, Any]) -> tuple[AceyDeucey, Position]:
    """The variant and the position of a page question."""
    variant = nardy.find_variant("acey-deucey", question.get("options"))
    assert isinstance(variant, AceyDeucey)
    keys = {k: question[k] for k in ("board", "bar", "off", "pool")}
    return variant, variant.position(**keys)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_page_example(name: str) -> None:
    text, expected = EXAMPLES[name]
    question = json.loads(text)
    variant, position = question_position(question)
    legal = position.legal_plays(question["dice"])
    got = sorted(
        (play.notation(), a["board"], a["bar"], a["off"], a["pool"])
        for play, a in zip(legal, legal.resulting_arrays())
    )
    assert got == page_rows(expected)
    engine = {state for state, _ in reference_plays(variant, position, legal.roll)}
    assert set(legal.result_states()) == engine
    assert set(legal.result_states()) == page_plays(variant, position.raw, legal.roll)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_nardy_legal_answers_the_page_question(name: str) -> None:
    text, expected = EXAMPLES[name]
    answer = legal_line(text, None, {})
    got = sorted((p["play"], p["board"], p["bar"], p["off"], p["pool"]) for p in answer["plays"])
    assert got == page_rows(expected)


def test_the_nardy_legal_command_reads_every_question() -> None:
    lines = "".join(text + "\n" for text, _ in EXAMPLES.values())
    done = subprocess.run(
        [sys.executable, "-m", "nardy", "legal"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(Path(nardy.__file__).parents[1]), "NARDY_PURE": "1"},
    )
    answers = done.stdout.splitlines()
    assert len(answers) == len(EXAMPLES)
    for answer, (_, expected) in zip(answers, EXAMPLES.values()):
        plays = json.loads(answer)["plays"]
        got = sorted((p["play"], p["board"], p["bar"], p["off"], p["pool"]) for p in plays)
        assert got == page_rows(expected)


# --- section E: whole turns -------------------------------------------------------------


def test_ad_t1_first_roll_one_two() -> None:
    variant = AceyDeucey()
    outcomes = turn_outcomes(variant, variant.starting_position(), Roll(2, 1))
    assert len(outcomes) == 177
    assert {o.turn for o in outcomes} == {Side.WHITE}  # the same player rolls again


def test_ad_t2_one_two_with_one_die_playable() -> None:
    variant, position = question_position(json.loads(EXAMPLES["AD-3"][0]))
    outcomes = turn_outcomes(variant, position, Roll(2, 1))
    assert [o.turn for o in outcomes] == [Side.BLACK]


def test_perft_by_turns_from_the_start() -> None:
    # By hand: 14 rolls a-b other than 1-2 give 2 outcomes each (two entries, or
    # one checker entering and moving on), each double 5 (the partitions of its
    # four moves among entering checkers), and the 1-2 177 (AD-T1): 28 + 30 + 177.
    variant = AceyDeucey()
    assert turn_rows(variant, variant.starting_position(), 1) == [(235, 440, 225, 0, 0)]


@pytest.mark.slow
def test_perft_by_turns_depth_two() -> None:
    # A regression value of this library's turn counter (about a minute pure).
    variant = AceyDeucey()
    rows = turn_rows(variant, variant.starting_position(), 2)
    assert rows[1] == (569145, 2178334, 58387, 0, 0)


# --- the options of section O -----------------------------------------------------------


def array_of(position: Position) -> dict[str, Any]:
    """The array form of ``position`` (``board``, ``bar``, ``off``, ``pool``), to build it again."""
    return dict(position.to_array())


def board_of(points: dict[int, int]) -> list[int]:
    """A mover-relative board from ``{point: signed count}``."""
    out = [0] * 24
    for p, n in points.items():
        out[p - 1] = n
    return out


def notations(variant: AceyDeucey, dice: tuple[int, int], **question: Any) -> set[str]:
    """The notations of the legal plays of ``dice`` in the position ``question``."""
    return set(variant.position(**question).legal_plays(dice).notations())


def test_options_and_their_defaults() -> None:
    variant = AceyDeucey()
    assert variant.options() == {
        "entering": "free",
        "opening_lock": False,
        "hitting": "any",
        "hit_to": "bar",
        "natural_doubles": "plain",
        "ace_deuce": "any-double",
        "ace_deuce_partial": "forfeit",
        "named_double_reroll": "if-complete",
        "named_double_choice": "free",
        "bear_off": "larger",
        "scoring": "per-checker",
        "must_play_higher": True,
    }
    assert variant.bear_off == nardy.BearOff(6, True)
    assert AceyDeucey(bear_off="exact").bear_off == nardy.BearOff(6, False)
    assert variant.entering is nardy.Entering.ENTER  # the class data keeps its meaning
    assert variant.game_defaults == {"cube": False, "opening": "one_die_each_reroll"}
    spec = "acey-deucey(entering=all-first,opening_lock=true,bear_off=exact)"
    assert nardy.find_variant(spec).spec() == spec
    for name, bad in [
        ("entering", "later"),
        ("hitting", "never"),
        ("hit_to", "off"),
        ("natural_doubles", "twice"),
        ("ace_deuce", "x"),
        ("ace_deuce_partial", "x"),
        ("named_double_reroll", "x"),
        ("named_double_choice", "x"),
        ("bear_off", "never"),
        ("scoring", "mars"),
        ("opening_lock", "maybe"),
        ("must_play_higher", 7),
    ]:
        with pytest.raises(InvalidOptionError, match=name):
            nardy.find_variant("acey-deucey", {name: bad})


def test_entering_all_first() -> None:
    question = {"board": board_of({20: 3, 10: -2}), "off": [11, 13], "pool": [1, 0]}
    free = notations(AceyDeucey(), (6, 3), **question)
    first = notations(AceyDeucey(entering="all-first"), (6, 3), **question)
    assert "20/17 20/14" in free
    assert first == {"pool/22 20/14", "pool/19 20/17", "pool/16"}


def test_opening_lock() -> None:
    locked = AceyDeucey(opening_lock=True).starting_position()
    assert locked.legal_plays((6, 3)).notations() == [""]
    assert len(locked.legal_plays((2, 1))) == 2
    assert len(locked.legal_plays((4, 4))) == 5
    assert len(AceyDeucey().starting_position().legal_plays((6, 3))) == 2
    # Read from the position: with one checker entered the lock is gone.
    question = {"board": board_of({22: 1}), "off": [0, 0], "pool": [14, 15]}
    assert len(notations(AceyDeucey(opening_lock=True), (6, 3), **question)) > 1


def test_hitting_after_home_with_all_first() -> None:
    # The last pool checker enters first; then the 6 may not hit on 10, as nothing of
    # the mover's is home yet; with a checker on his 5-point it may.
    question = {"board": board_of({16: 14, 10: -1}), "off": [0, 10], "pool": [1, 4]}
    both = AceyDeucey(entering="all-first", hitting="after-home")
    assert notations(both, (6, 3), **question) == {"pool/16", "pool/19 16/13"}
    first = notations(AceyDeucey(entering="all-first"), (6, 3), **question)
    assert first == {"pool/16", "pool/19 16/13", "pool/22 16/10*"}
    home = {"board": board_of({16: 13, 5: 1, 10: -1}), "off": [0, 10], "pool": [1, 4]}
    assert "pool/22 16/10*" in notations(both, (6, 3), **home)


def test_hit_to_pool() -> None:
    question: dict[str, Any] = {"board": board_of({13: 2, 10: -1}), "off": [0, 0], "pool": [13, 14]}
    for hit_to, bar, pool in (("bar", [0, 1], [13, 14]), ("pool", [0, 0], [13, 15])):
        legal = AceyDeucey(hit_to=hit_to).position(**question).legal_plays((3, 1))
        array = legal.resulting_arrays()[legal.find_index("13/10*/9")]
        assert (array["bar"], array["pool"]) == (bar, pool)


def test_must_play_higher() -> None:
    # 13/8 and 13/9 each leave the other die blocked (4 and 3 are held), and nothing
    # bears off while a checker is outside: one die only, the higher by default.
    question = {
        "board": board_of({13: 1, 1: 14, 7: -2, 4: -2, 5: -2, 3: -2}),
        "off": [0, 7],
        "pool": [0, 0],
    }
    assert notations(AceyDeucey(), (5, 4), **question) == {"13/8"}
    assert notations(AceyDeucey(must_play_higher=False), (5, 4), **question) == {"13/8", "13/9"}


def test_scoring() -> None:
    variant = AceyDeucey()
    # White has borne off 15; black has 3 on the board, 1 on the bar and 2 in the pool.
    end = variant.position(board_of({20: -3}), bar=[0, 1], off=[15, 9], pool=[0, 2])
    result = end.result()
    assert result is not None
    assert result.winner is Side.WHITE
    assert result.points == 6
    assert AceyDeucey(scoring="single").position(**array_of(end)).result().points == 1  # type: ignore[union-attr]
    standard = AceyDeucey(scoring="standard")
    # Standard: none off and a checker in the pool (behind the winner's home) is a backgammon.
    pooled = standard.position(board_of({20: -13}), off=[15, 0], pool=[0, 2])
    assert pooled.result().points == 3  # type: ignore[union-attr]
    assert standard.position(**array_of(end)).result().points == 1  # type: ignore[union-attr]
    none_off = standard.position(board_of({10: -15}), off=[15, 0], pool=[0, 0])
    assert none_off.result().points == 2  # type: ignore[union-attr]
    behind = standard.position(board_of({10: -14, 3: -1}), off=[15, 0], pool=[0, 0])
    assert behind.result().points == 3  # type: ignore[union-attr]
    assert variant.points(nardy.ResultKind.SINGLE, 7) == 7


# --- the turn (A.3) through Game -------------------------------------------------------


def started(variant: AceyDeucey, start: Position | None = None) -> nardy.Game:
    """A game of ``variant`` with white to roll (from its start, or ``start``)."""
    return nardy.Game.new(variant, starter=Side.WHITE, start=start, rng=7)


AD_4_START: dict[str, Any] = {
    "board": board_of({20: 2, 6: 13, 8: -2, 2: -13}),
    "bar": [0, 0],
    "off": [0, 0],
    "pool": [0, 0],
}


def after_one_two(variant: AceyDeucey) -> nardy.Game:
    """AD-4's position reached by a 1-2: 21/20 22/20 from a position with 21 and 22."""
    start = variant.position(board_of({21: 1, 22: 1, 6: 13, 8: -2, 2: -13}), off=[0, 0])
    return started(variant, start).roll((2, 1)).play("22/20 21/20")


def test_a_one_two_names_a_double_and_rolls_again() -> None:
    game = started(AceyDeucey()).roll((1, 2))
    game = game.play("pool/24 pool/23")
    assert game.phase is Phase.DECIDE
    assert game.double_choices() == doubles()
    with pytest.raises(IllegalActionError):
        game.name_double((6, 5))
    game = game.name_double(5)
    assert game.dice == Roll(5, 5)
    game = game.play("pool/20(2) 24/19 23/18")
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE
    again = nardy.Game.from_json(game.to_json())
    assert again == game


def test_ad_4_a_named_double_not_fully_played_ends_the_turn() -> None:
    game = after_one_two(AceyDeucey())
    assert game.phase is Phase.DECIDE
    assert game.position == AceyDeucey().position(**AD_4_START)
    game = game.name_double(6)
    assert game.legal_plays().notations() == ["20/14(2)"]
    game = game.play("20/14(2)")
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.BLACK
    # named_double_reroll="always": the same player rolls again whatever was played.
    game = after_one_two(AceyDeucey(named_double_reroll="always")).name_double(6).play(0)
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE


def test_named_double_choice_playable() -> None:
    game = after_one_two(AceyDeucey(named_double_choice="playable"))
    choices = game.double_choices()
    assert Roll(6, 6) not in choices
    assert Roll(5, 5) in choices
    with pytest.raises(IllegalActionError):
        game.name_double(6)
    assert after_one_two(AceyDeucey()).double_choices() == doubles()


def test_ad_3_a_one_two_not_fully_played_forfeits_the_double() -> None:
    _, position = question_position(json.loads(EXAMPLES["AD-3"][0]))
    game = started(AceyDeucey(), position).roll((2, 1)).play("9/7")
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.BLACK
    variant = AceyDeucey(ace_deuce_partial="name-anyway")
    game = started(variant, variant.position(**array_of(position))).roll((2, 1)).play("9/7")
    assert game.phase is Phase.DECIDE
    assert game.position.turn is Side.WHITE
    outcomes = turn_outcomes(variant, variant.position(**array_of(position)), Roll(2, 1))
    assert len(outcomes) > 1


def test_ace_deuce_double_and_complement() -> None:
    game = after_one_two(AceyDeucey(ace_deuce="double-and-complement")).name_double(5)
    assert game.turn_state.pending == (Roll(5, 5), Roll(2, 2))
    game = game.play(0)
    assert game.dice == Roll(2, 2)
    game = game.play(0)
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE


def test_natural_doubles() -> None:
    start = AceyDeucey().starting_position()
    plain = started(AceyDeucey()).roll((4, 4)).play(0)
    assert plain.position.turn is Side.BLACK
    reroll = started(AceyDeucey(natural_doubles="reroll")).roll((4, 4)).play(0)
    assert reroll.phase is Phase.ROLL
    assert reroll.position.turn is Side.WHITE
    game = started(AceyDeucey(natural_doubles="and-complement")).roll((4, 4))
    assert game.turn_state.pending == (Roll(4, 4), Roll(3, 3))
    game = game.play(0)
    assert game.dice == Roll(3, 3)
    game = game.play(0)
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE
    counts = {
        option: len(turn_outcomes(AceyDeucey(natural_doubles=option), start, Roll(6, 6)))
        for option in ("plain", "reroll", "and-complement")
    }
    assert counts["plain"] == counts["reroll"] == 5
    assert counts["and-complement"] > 5
    # Reroll: whatever was played, the same side rolls again.
    blocked = AceyDeucey(natural_doubles="reroll").position(
        board_of({24: 1, 18: -2}), off=[14, 13], pool=[0, 0]
    )
    (outcome,) = turn_outcomes(blocked.variant, blocked, Roll(6, 6))
    assert outcome.turn is blocked.turn


def test_a_turn_stopped_before_naming_has_an_id_that_goes_on() -> None:
    game = started(AceyDeucey()).roll((2, 1)).play("pool/22")
    turn = turns.Turn(game.position, game.turn_state)
    text = turns.turn_id(turn)
    assert text.endswith(";name;again;roll=21")
    assert turns.from_turn_id(text) == turn
    assert game.turn_state == TurnState(name_double=True, roll_again=True, roll=Roll(2, 1))


# --- whole games ------------------------------------------------------------------------


def random_games(variant: AceyDeucey, seed: int, count: int) -> Iterator[nardy.Game]:
    """Seeded random games of ``variant`` played to the end through every decision."""
    rng = random.Random(seed)
    for n in range(count):
        game = nardy.Game.new(variant, rng=seed * 100 + n)
        for _ in range(3000):
            if game.is_over():
                break
            if game.phase is Phase.DECIDE:
                game = game.name_double(rng.choice(game.double_choices()))
            elif game.phase is Phase.MOVE:
                game = game.play(rng.randrange(len(game.legal_plays())))
            else:
                game = game.roll()
        yield game


@pytest.mark.parametrize(
    "spec",
    [
        "acey-deucey",
        "acey-deucey(hit_to=pool,hitting=after-home,entering=all-first,opening_lock=true)",
        "acey-deucey(natural_doubles=and-complement,ace_deuce=double-and-complement,"
        "ace_deuce_partial=name-anyway,named_double_choice=playable,bear_off=exact)",
    ],
)
def test_seeded_games_finish_and_their_records_replay(spec: str) -> None:
    variant = nardy.find_variant(spec)
    assert isinstance(variant, AceyDeucey)
    for game in random_games(variant, 5, 2):
        assert game.is_over()
        outcome = game.outcome
        assert outcome is not None
        again = nardy.Game.from_json(game.to_json())
        assert again == game
        assert list(again.states())[-1] == game


def test_check_variant() -> None:
    check_variant(AceyDeucey(), games=1)
    check_variant(nardy.find_variant("acey-deucey(hitting=after-home,entering=all-first)"), games=1)


def test_the_variant_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "variants" / "acey-deucey.rst"
    if not page.exists():  # pragma: no cover - an installed package without docs
        pytest.skip(f"{page} is not in this tree")
    failures, tried = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert tried >= 15
    assert failures == 0


def test_nardy_variants_lists_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("acey-deucey"))
    for option in ("entering", "bear_off", "named_double_choice"):
        assert option in line


# --- against the page and the reference search, on random positions -------------------


OPTIONS = st.fixed_dictionaries(
    {
        "entering": st.sampled_from(["free", "all-first"]),
        "opening_lock": st.booleans(),
        "hitting": st.sampled_from(["any", "after-home"]),
        "hit_to": st.sampled_from(["bar", "pool"]),
        "bear_off": st.sampled_from(["larger", "exact"]),
        "must_play_higher": st.booleans(),
    }
)


@st.composite
def positions(draw: st.DrawFn) -> tuple[AceyDeucey, Position, Roll]:
    """A configured variant, a position reached by random segments from the start, and a roll."""
    options: dict[str, Any] = draw(OPTIONS)
    variant = AceyDeucey(**options)
    position = variant.starting_position()
    for _ in range(draw(st.integers(0, 60))):
        legal = position.legal_plays((draw(st.integers(1, 6)), draw(st.integers(1, 6))))
        after = legal.resulting_position(draw(st.integers(0, len(legal) - 1)))
        if after.is_over():
            break
        position = after
    return variant, position, Roll(draw(st.integers(1, 6)), draw(st.integers(1, 6)))


def held(position: Position, side: Side) -> int:
    """Every checker of ``side``: on the board, the bar, off and in the pool."""
    pool = position.extra(side)["pool"]
    assert isinstance(pool, int)
    return sum(position.checkers(side)) + position.bar(side) + position.off(side) + pool


def agrees(variant: AceyDeucey, position: Position, roll: Roll) -> None:
    """The engine's legal set is the reference search's and the page's; its results are sound."""
    legal = position.legal_plays(roll)
    fast = legal.result_states()
    assert len(set(fast)) == len(fast)
    assert set(fast) == {state for state, _ in reference_plays(variant, position, roll)}
    assert set(fast) == page_plays(variant, position.raw, roll)
    for index, play in enumerate(legal):
        after = legal.resulting_position(index)
        for side in (Side.WHITE, Side.BLACK):
            assert held(after, side) == 15
        assert Position.from_id(after.id()) == after
        assert variant.position(**array_of(after), turn=after.turn) == after
        assert legal.find(play.notation()) == play


@settings(max_examples=80, deadline=None, derandomize=True)
@given(game=positions())
def test_the_engine_is_the_page_on_random_positions(
    game: tuple[AceyDeucey, Position, Roll],
) -> None:
    agrees(*game)


@pytest.mark.sweep
def test_seeded_sweep_against_the_page() -> None:
    rng = random.Random(31)
    for n in range(10):
        options: dict[str, Any] = {
            "entering": rng.choice(["free", "all-first"]),
            "hitting": rng.choice(["any", "after-home"]),
            "hit_to": rng.choice(["bar", "pool"]),
            "bear_off": rng.choice(["larger", "exact"]),
            "must_play_higher": rng.random() < 0.8,
        }
        variant = AceyDeucey(**options)
        game = next(random_games(variant, n, 1))
        for snapshot in list(game.states())[::9]:
            position = snapshot.position
            if not position.is_over():
                roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
                agrees(variant, position, roll)


@pytest.mark.parametrize(
    ("options", "idle"),
    [
        ({}, True),
        ({"entering": "all-first"}, False),
        ({"hitting": "after-home"}, False),
        ({"opening_lock": True}, False),
    ],
)
def test_the_step_rule_is_idle_only_without_a_restriction_of_single_moves(
    options: dict[str, Any], idle: bool
) -> None:
    variant = AceyDeucey(**options)
    assert ("step_rule" in variant.unused_hooks()) == idle
    rng = random.Random(5)
    position = variant.starting_position()
    for _ in range(40):  # the idle hook answers None wherever the engine skips it
        roll = rng.choice(variant.ordered_rolls())
        nardy.testing.check_idle_hooks(position, roll)
        if idle:
            assert variant.step_rule(position.raw, roll) is None
        legal = position.legal_plays(roll)
        position = legal.resulting_position(rng.randrange(len(legal)))
        if position.is_over():
            break
