"""Tabula: the rules page's worked examples, the whole turn, the options, games, records, perft.

Every tabula example of section E of the family's rules page
(``shared/rules/acey-tabula-gulbara.md``: TB-1 to TB-6 with TB-2x and
TB-4x) is checked with exactly the page's legal set, through the API and
through ``nardy legal``; TB-T1 as a whole turn. Then each option, both
directions of travel, whole seeded games with three dice and their JSON
records, the conformance suite, Hypothesis properties against the
reference search, and perft over the 56 rolls.
"""

from __future__ import annotations

import io
import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Game, Position, Roll, Side, Tabula
from nardy.cli.legal import run_legal
from nardy.cli.main import main as nardy_main
from nardy.engine.reference import reference_plays
from nardy.errors import InvalidOptionError, UnknownOptionError
from nardy.model.result import ResultKind
from nardy.perft import perft
from nardy.perft.turns import turn_outcomes, turn_rows
from nardy.testing import check_variant
from nardy.variants.tabula import ContraryTabula, second_half_rule
from test_reference_search import disagreement


def board(points: dict[int, int]) -> list[int]:
    """A mover-relative board from ``{point: signed count}``."""
    out = [0] * 24
    for p, n in points.items():
        out[p - 1] = n
    return out


#: One result line of the page: notation, board, bar, off, pool.
Line = tuple[str, list[int], list[int], list[int], list[int]]


@attrs.frozen
class Example:
    """A worked example of the page: its options, position, dice, dice used and legal results."""

    key: str
    options: dict[str, Any]
    question: dict[str, Any]
    dice: tuple[int, int, int]
    used: int
    results: list[Line]

    def variant(self, **more: Any) -> Tabula:
        return Tabula(**{**self.options, **more})

    def position(self, **more: Any) -> Position:
        return self.variant(**more).position(**self.question)

    def json(self) -> dict[str, Any]:
        """The question as the page writes it for ``nardy legal``."""
        out: dict[str, Any] = {"variant": "tabula"}
        if self.options:
            out["options"] = self.options
        return {**out, **self.question, "dice": list(self.dice)}

    def expected(self) -> list[tuple[list[int], list[int], list[int], list[int]]]:
        return sorted((b, bar, off, pool) for _, b, bar, off, pool in self.results)


EXAMPLES = [
    Example(
        "TB-1",
        {},
        {"board": board({}), "bar": [0, 0], "off": [0, 0], "pool": [15, 15]},
        (6, 3, 1),
        3,
        [
            ("pool/24 pool/22 pool/19", board({19: 1, 22: 1, 24: 1}), [0, 0], [0, 0], [12, 15]),
            ("pool/21 pool/19", board({19: 1, 21: 1}), [0, 0], [0, 0], [13, 15]),
            ("pool/22 pool/18", board({18: 1, 22: 1}), [0, 0], [0, 0], [13, 15]),
            ("pool/24 pool/16", board({16: 1, 24: 1}), [0, 0], [0, 0], [13, 15]),
            ("pool/15", board({15: 1}), [0, 0], [0, 0], [14, 15]),
        ],
    ),
    Example(
        "TB-2",
        {},
        {
            "board": board({14: 14, 20: -2, 21: -2, 23: -2}),
            "bar": [0, 0],
            "off": [0, 0],
            "pool": [1, 9],
        },
        (5, 4, 2),
        0,
        [
            ("", board({14: 14, 20: -2, 21: -2, 23: -2}), [0, 0], [0, 0], [1, 9]),
        ],
    ),
    Example(
        "TB-2x",
        {"second_half": "off"},
        {
            "board": board({14: 14, 20: -2, 21: -2, 23: -2}),
            "bar": [0, 0],
            "off": [0, 0],
            "pool": [1, 9],
        },
        (5, 4, 2),
        3,
        [
            (
                "14/12 14/10 14/9",
                board({9: 1, 10: 1, 12: 1, 14: 11, 20: -2, 21: -2, 23: -2}),
                [0, 0],
                [0, 0],
                [1, 9],
            ),
            (
                "14/9 14/8",
                board({8: 1, 9: 1, 14: 12, 20: -2, 21: -2, 23: -2}),
                [0, 0],
                [0, 0],
                [1, 9],
            ),
            (
                "14/10 14/7",
                board({7: 1, 10: 1, 14: 12, 20: -2, 21: -2, 23: -2}),
                [0, 0],
                [0, 0],
                [1, 9],
            ),
            (
                "14/12 14/5",
                board({5: 1, 12: 1, 14: 12, 20: -2, 21: -2, 23: -2}),
                [0, 0],
                [0, 0],
                [1, 9],
            ),
            ("14/3", board({3: 1, 14: 13, 20: -2, 21: -2, 23: -2}), [0, 0], [0, 0], [1, 9]),
        ],
    ),
    Example(
        "TB-3",
        {},
        {"board": board({10: 14, 19: -2, 22: -1}), "bar": [1, 0], "off": [0, 0], "pool": [0, 12]},
        (3, 6, 1),
        3,
        [
            ("bar/15", board({10: 14, 15: 1, 19: -2, 22: -1}), [0, 0], [0, 0], [0, 12]),
            ("bar/22*/15", board({10: 14, 15: 1, 19: -2}), [0, 1], [0, 0], [0, 12]),
            ("bar/22*/16 10/9", board({9: 1, 10: 13, 16: 1, 19: -2}), [0, 1], [0, 0], [0, 12]),
            ("bar/18 10/7", board({7: 1, 10: 13, 18: 1, 19: -2, 22: -1}), [0, 0], [0, 0], [0, 12]),
            ("bar/21 10/4", board({4: 1, 10: 13, 19: -2, 21: 1, 22: -1}), [0, 0], [0, 0], [0, 12]),
            ("bar/22*/21 10/4", board({4: 1, 10: 13, 19: -2, 21: 1}), [0, 1], [0, 0], [0, 12]),
            (
                "bar/22* 10/9 10/4",
                board({4: 1, 9: 1, 10: 12, 19: -2, 22: 1}),
                [0, 1],
                [0, 0],
                [0, 12],
            ),
            (
                "bar/24 10/7 10/4",
                board({4: 1, 7: 1, 10: 12, 19: -2, 22: -1, 24: 1}),
                [0, 0],
                [0, 0],
                [0, 12],
            ),
            ("bar/22* 10/3", board({3: 1, 10: 13, 19: -2, 22: 1}), [0, 1], [0, 0], [0, 12]),
            ("bar/24 10/1", board({1: 1, 10: 13, 19: -2, 22: -1, 24: 1}), [0, 0], [0, 0], [0, 12]),
        ],
    ),
    Example(
        "TB-4",
        {},
        {
            "board": board({4: 1, 9: 1, 13: -5, 14: -5, 15: -5}),
            "bar": [0, 0],
            "off": [13, 0],
            "pool": [0, 0],
        },
        (4, 1, 1),
        3,
        [
            ("9/3", board({3: 1, 4: 1, 13: -5, 14: -5, 15: -5}), [0, 0], [13, 0], [0, 0]),
            ("9/5 4/2", board({2: 1, 5: 1, 13: -5, 14: -5, 15: -5}), [0, 0], [13, 0], [0, 0]),
        ],
    ),
    Example(
        "TB-4x",
        {"bear_off_zone": "half"},
        {
            "board": board({4: 1, 9: 1, 13: -5, 14: -5, 15: -5}),
            "bar": [0, 0],
            "off": [13, 0],
            "pool": [0, 0],
        },
        (4, 1, 1),
        3,
        [
            ("9/7 4/off", board({7: 1, 13: -5, 14: -5, 15: -5}), [0, 0], [14, 0], [0, 0]),
            ("9/3", board({3: 1, 4: 1, 13: -5, 14: -5, 15: -5}), [0, 0], [13, 0], [0, 0]),
            ("9/5 4/2", board({2: 1, 5: 1, 13: -5, 14: -5, 15: -5}), [0, 0], [13, 0], [0, 0]),
        ],
    ),
    Example(
        "TB-5",
        {},
        {
            "board": board({3: 1, 20: -5, 21: -5, 22: -5}),
            "bar": [0, 0],
            "off": [14, 0],
            "pool": [0, 0],
        },
        (6, 5, 4),
        0,
        [
            ("", board({3: 1, 20: -5, 21: -5, 22: -5}), [0, 0], [14, 0], [0, 0]),
        ],
    ),
    Example(
        "TB-6",
        {},
        {
            "board": board({1: 14, 2: -2, 4: -2, 5: -2, 10: -2, 13: 1}),
            "bar": [0, 0],
            "off": [0, 0],
            "pool": [0, 7],
        },
        (6, 5, 3),
        1,
        [
            ("13/7", board({1: 14, 2: -2, 4: -2, 5: -2, 7: 1, 10: -2}), [0, 0], [0, 0], [0, 7]),
        ],
    ),
]

BY_KEY = {example.key: example for example in EXAMPLES}


def arrays(plays: nardy.LegalPlays) -> list[tuple[list[int], list[int], list[int], list[int]]]:
    """The legal set as the page writes it: (board, bar, off, pool) of each result, sorted."""
    return sorted((a["board"], a["bar"], a["off"], a["pool"]) for a in plays.resulting_arrays())


# --- the worked examples ----------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.key)
def test_worked_example(example: Example) -> None:
    position = example.position()
    legal = position.legal_plays(Roll(*example.dice))
    assert arrays(legal) == example.expected()
    assert {len(play.steps) for play in legal} == {example.used}
    # The page's notation names the play of each result.
    for notation, b, bar, off, pool in example.results:
        result = legal.resulting_arrays()[legal.find_index(notation)]
        assert (result["board"], result["bar"], result["off"], result["pool"]) == (
            b,
            bar,
            off,
            pool,
        )
    assert disagreement(position.variant, position, Roll(*example.dice)) is None


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.key)
def test_the_contrary_direction_has_the_same_legal_sets(example: Example) -> None:
    position = example.position(direction="contrary")
    assert type(position.variant) is ContraryTabula
    assert arrays(position.legal_plays(Roll(*example.dice))) == example.expected()


def test_nardy_legal_answers_the_page_s_questions() -> None:
    lines = "".join(json.dumps(example.json()) + "\n" for example in EXAMPLES)
    out = io.StringIO()
    assert run_legal(None, {}, io.StringIO(lines), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(EXAMPLES)
    for example, answer in zip(EXAMPLES, answers):
        got = sorted((p["board"], p["bar"], p["off"], p["pool"]) for p in answer["plays"])
        assert got == example.expected(), example.key
        assert sorted(p["play"] for p in answer["plays"]) == sorted(r[0] for r in example.results)


def test_tb_t1_the_first_roll_as_a_whole_turn() -> None:
    variant = Tabula()
    start = variant.starting_position()
    outcomes = turn_outcomes(variant, start, Roll(6, 3, 1))
    assert len(outcomes) == 5
    assert {outcome.turn for outcome in outcomes} == {Side.BLACK}  # the opponent rolls
    # Each outcome is one of TB-1's results, seen by the opponent.
    expected = {tuple(line[1]) for line in BY_KEY["TB-1"].results}
    assert {tuple(-n for n in o.to_array()["board"]) for o in outcomes} == expected


# --- the options ------------------------------------------------------------------------


def test_defaults_and_class_data() -> None:
    variant = Tabula()
    assert variant.options() == {
        "direction": "same",
        "second_half": "pool",
        "bar_priority": True,
        "bear_off_zone": "quarter",
        "bear_off": "exact",
        "scoring": "single",
        "must_play_higher": True,
    }
    assert variant.geometry is nardy.Geometry.SAME
    assert variant.contact is nardy.Contact.HIT
    assert variant.dice == 3
    assert len(variant.rolls()) == 56
    assert len(variant.ordered_rolls()) == 216
    assert variant.bear_off == nardy.BearOff(6, larger=False)
    assert Tabula(bear_off_zone="half", bear_off="larger").bear_off == nardy.BearOff(12, True)
    start = variant.starting_position()
    assert start.to_array() == {
        "board": [0] * 24,
        "bar": [0, 0],
        "off": [0, 0],
        "pool": [15, 15],
    }
    assert nardy.find_variant("tabula") == variant
    assert nardy.find_variant("tables") == variant


@pytest.mark.parametrize(
    "options",
    [
        {"direction": "backwards"},
        {"second_half": "never"},
        {"bar_priority": "maybe"},
        {"bear_off_zone": "all"},
        {"bear_off": "any"},
        {"scoring": "standard"},
        {"must_play_higher": 2},
    ],
)
def test_bad_option_values_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError, match=next(iter(options))):
        nardy.find_variant("tabula", options)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(UnknownOptionError):
        nardy.find_variant("tabula", {"bear_off_rule": "larger"})
    with pytest.raises(InvalidOptionError):
        second_half_rule("sometimes")
    assert second_half_rule("off") is None


OPTION_SETS = [
    {},
    {"direction": "contrary"},
    {"second_half": "pool-or-bar", "bar_priority": False},
    {"second_half": "off", "bear_off_zone": "half", "bear_off": "larger"},
    {"bar_priority": "false", "scoring": "mars", "must_play_higher": "false"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_specs_copies_and_pickles_round_trip(options: dict[str, Any]) -> None:
    variant = Tabula(**options)
    assert nardy.find_variant(variant.spec()) == variant
    assert pickle.loads(pickle.dumps(variant)) == variant
    assert attrs.evolve(variant) == variant
    assert type(attrs.evolve(variant, direction="same")) is Tabula
    assert type(attrs.evolve(variant, direction="contrary")) is ContraryTabula
    assert variant.spec().startswith("tabula")
    assert ("direction=contrary" in variant.spec()) == (options.get("direction") == "contrary")


def test_bar_priority_false_lets_other_checkers_move_first() -> None:
    tb3 = BY_KEY["TB-3"]
    roll = Roll(*tb3.dice)
    mixed = tb3.position(bar_priority=False).legal_plays(roll)
    first = tb3.position().legal_plays(roll)
    assert "10/9 10/7 10/4" not in first.notations()
    assert {tuple(map(tuple, a)) for a in arrays(first)} < {
        tuple(map(tuple, a)) for a in arrays(mixed)
    }
    assert mixed.find("10/9 10/7 10/4")
    assert disagreement(mixed.position.variant, mixed.position, roll) is None


def test_second_half_pool_or_bar_differs_only_without_bar_priority() -> None:
    tb3 = BY_KEY["TB-3"]
    roll = Roll(*tb3.dice)
    # With the bar first, the bar is empty before any move can land on 12-1.
    assert arrays(tb3.position(second_half="pool-or-bar").legal_plays(roll)) == tb3.expected()
    strict = tb3.position(second_half="pool-or-bar", bar_priority=False).legal_plays(roll)
    loose = tb3.position(bar_priority=False).legal_plays(roll)
    assert "10/9 10/7 10/4" in loose.notations()
    with pytest.raises(nardy.IllegalPlayError):
        strict.find("10/9 10/7 10/4")
    # Entering the barred checker first lifts the rule.
    assert strict.find("bar/24 10/7 10/4")
    for legal in (strict, loose):
        assert disagreement(legal.position.variant, legal.position, roll) is None


def test_entering_the_last_pool_checker_lifts_the_second_half_rule() -> None:
    variant = Tabula()
    position = variant.position(
        board({14: 14, 20: -2, 21: -2}), bar=[0, 0], off=[0, 0], pool=[1, 11]
    )
    legal = position.legal_plays(Roll(5, 4, 2))
    # The 2 enters on 23; only then may the 5 and the 4 land on 10 and 9.
    assert legal.find("pool/23 14/10 14/9")
    assert all(any(step.src == 26 for step in play.steps) for play in legal)
    assert disagreement(variant, position, Roll(5, 4, 2)) is None


def test_bear_off_larger() -> None:
    tb5 = BY_KEY["TB-5"]
    legal = tb5.position(bear_off="larger").legal_plays(Roll(*tb5.dice))
    assert legal.notations() == ["3/off"]
    after = legal.resulting_position(0)
    assert after.is_over()
    result = after.result()
    assert result is not None
    assert result.winner is Side.WHITE
    assert result.points == 1


def test_bear_off_zone_half_with_exact_and_larger() -> None:
    tb4 = BY_KEY["TB-4x"]
    for options in ({}, {"bear_off": "larger"}):
        position = tb4.position(**options)
        for roll in position.variant.rolls():
            assert disagreement(position.variant, position, roll) is None
    # 6-5-4 with the larger rule: the 9 comes home or a larger die takes it off.
    larger = tb4.position(bear_off="larger").legal_plays(Roll(6, 5, 4))
    assert any(result["off"][0] >= 14 for result in larger.resulting_arrays())


def test_must_play_higher_false() -> None:
    tb6 = BY_KEY["TB-6"]
    legal = tb6.position(must_play_higher=False).legal_plays(Roll(*tb6.dice))
    assert sorted(legal.notations()) == ["13/7", "13/8"]


@pytest.mark.parametrize(("scoring", "points"), [("single", 1), ("mars", 2)])
def test_scoring(scoring: str, points: int) -> None:
    variant = Tabula(scoring=scoring)
    # White bears off his last checker; black has borne off none.
    position = variant.position(board({1: 1, 19: -15}), off=[14, 0], pool=[0, 0])
    after = position.legal_plays(Roll(1, 2, 3)).resulting_position(0)
    result = after.result()
    assert result is not None
    assert result.winner is Side.WHITE
    assert result.points == points
    assert result.kind is (ResultKind.GAMMON if points == 2 else ResultKind.SINGLE)
    # One checker off: a single game in both.
    position = variant.position(board({1: 1, 19: -14}), off=[14, 1], pool=[0, 0])
    result = position.legal_plays(Roll(1, 2, 3)).resulting_position(0).result()
    assert result is not None
    assert result.points == 1
    assert variant.result_kinds()[-1] is (ResultKind.GAMMON if points == 2 else ResultKind.SINGLE)


def test_direction_changes_only_how_the_board_is_turned_round() -> None:
    same = Tabula().position(board({24: 2, 19: -3}), pool=[13, 12])
    contrary = Tabula(direction="contrary").position(board({24: 2, 19: -3}), pool=[13, 12])
    # On the shared track the opponent's 24 is the mover's 24; contrary, his 1.
    assert same.pass_turn().to_array()["board"] == board({24: -2, 19: 3})
    assert contrary.pass_turn().to_array()["board"] == board({1: -2, 6: 3})
    assert same.pass_turn().to_array()["pool"] == [12, 13]
    for position in (same, contrary):
        assert Position.from_id(position.id()) == position
        assert position.pass_turn().pass_turn() == position
    assert Position.from_id(contrary.id()).variant == Tabula(direction="contrary")
    assert same.id() != contrary.id()


# --- games, records, conformance --------------------------------------------------------


def play_out(game: Game, seed: int) -> Game:
    """Random legal plays for random three-dice rolls until the game ends."""
    rng = random.Random(seed)
    for _ in range(5000):
        if game.is_over():
            return game
        if game.phase.value in ("opening", "roll"):
            game = game.roll()
            if game.dice is not None:
                assert len(game.dice.faces) == 3
        else:
            game = game.play(rng.randrange(len(game.legal_plays())))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_whole_seeded_game_and_its_record(options: dict[str, Any]) -> None:
    variant = Tabula(**options)
    game = Game.new(variant, rng=5)
    assert not game.options.cube
    assert game.options.opening == "one_die_each_reroll"
    game = play_out(game, 9)
    record = json.loads(game.to_json())
    rolls = [a for a in record["actions"] if a["action"] == "roll"]
    assert rolls
    assert all(len(a["dice"]) == 3 for a in rolls)
    again = Game.from_json(game.to_json())
    assert again.position == game.position
    assert again.history == game.history
    assert game.outcome is not None
    assert game.outcome.points >= 1


def test_the_opening_winner_rolls_all_three_dice() -> None:
    game = Game.new(Tabula(), rng=3).roll()
    while game.phase.value == "opening":
        game = game.roll()
    assert game.phase.value == "roll"
    game = game.roll()
    assert game.dice is not None
    assert len(game.dice.faces) == 3


@pytest.mark.parametrize("options", [OPTION_SETS[0], OPTION_SETS[1], OPTION_SETS[4]])
def test_check_variant(options: dict[str, Any]) -> None:
    games = 1 if options else 2
    report = check_variant(Tabula(**options), games=games, seed=len(options))
    assert report.finished == games


def test_nardy_variants_lists_tabula(capsys: pytest.CaptureFixture[str]) -> None:
    assert nardy_main(["variants"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("tabula"))
    assert "bear_off" in line
    assert "bear_off_rule" not in line
    assert "direction" in line
    assert nardy_main(["variants", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    entry = next(row for row in table if row["name"] == "tabula")
    assert entry["options"]["bear_off"] == "exact"


# --- properties against the reference search --------------------------------------------


def walk(variant: Tabula, seed: int, plies: int) -> Position:
    """The position after ``plies`` random plays of random rolls from the start."""
    rng = random.Random(seed)
    position = variant.starting_position()
    for _ in range(plies):
        roll = Roll(*(rng.randint(1, 6) for _ in range(3)))
        legal = variant.legal_plays(position, roll, cache=False)
        after = legal.resulting_position(rng.randrange(len(legal)))
        if after.is_over():
            break
        position = after
    return position


def held(position: Position, side: Side) -> int:
    """Every checker of ``side``: on the board, the bar, off and in the pool."""
    pool = position.extra(side)["pool"]
    assert isinstance(pool, int)
    return sum(position.checkers(side)) + position.bar(side) + position.off(side) + pool


OPTIONS = st.fixed_dictionaries(
    {
        "direction": st.sampled_from(["same", "contrary"]),
        "second_half": st.sampled_from(["pool", "pool-or-bar", "off"]),
        "bar_priority": st.booleans(),
        "bear_off_zone": st.sampled_from(["quarter", "half"]),
        "bear_off": st.sampled_from(["exact", "larger"]),
        "must_play_higher": st.booleans(),
    }
)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(options=OPTIONS, seed=st.integers(0, 10**6), plies=st.integers(0, 150), data=st.data())
def test_property_the_fast_path_is_the_reference_search(
    options: dict[str, Any], seed: int, plies: int, data: st.DataObject
) -> None:
    variant = Tabula(**options)
    position = walk(variant, seed, plies)
    roll = data.draw(st.sampled_from(variant.rolls()))
    assert disagreement(variant, position, roll) is None
    legal = variant.legal_plays(position, roll, cache=False)
    for index, play in enumerate(legal):
        after = legal.resulting_position(index)
        for side in (Side.WHITE, Side.BLACK):
            assert held(after, side) == 15
        assert Position.from_id(after.id()) == after
        array = after.to_array()
        assert variant.position(**array, turn=after.turn) == after
        assert legal.find(play.notation()) == play


@pytest.mark.sweep
@pytest.mark.parametrize("options", OPTION_SETS)
def test_sweep_reachable_positions_against_the_reference(options: dict[str, Any]) -> None:
    variant = Tabula(**options)
    rng = random.Random(31)
    for seed in range(2):
        for plies in range(0, 160, 16):
            position = walk(variant, seed, plies)
            for roll in rng.sample(variant.rolls(), 5):
                problem = disagreement(variant, position, roll)
                assert problem is None, problem


# --- perft over the 56 rolls ------------------------------------------------------------


def test_perft_depth_one_from_the_start() -> None:
    variant = Tabula()
    start = variant.starting_position()
    row = perft(variant, 1).rows[0]
    assert (row.paths21, row.paths36, row.distinct, row.passes, row.terminal) == (
        222,
        922,
        122,
        0,
        0,
    )
    # The same counts from the reference search, roll by roll over the 56 rolls.
    by_reference = [
        len({s for s, _ in reference_plays(variant, start, r)}) for r in variant.rolls()
    ]
    assert sum(by_reference) == 222
    assert len(by_reference) == 56
    ordered = {r: len({s for s, _ in reference_plays(variant, start, r)}) for r in variant.rolls()}
    assert sum(ordered[r] for r in variant.ordered_rolls()) == 922
    assert turn_rows(variant, start, 1) == [(222, 922, 122, 0, 0)]
    # TB-T1 is one of the 56: five outcomes of 6-3-1.
    assert ordered[Roll(6, 3, 1)] == 5


def test_perft_depth_two_from_the_start() -> None:
    row = perft(Tabula(), 2).rows[1]
    assert (row.paths21, row.paths36, row.distinct, row.passes, row.terminal) == (
        59085,
        1094317,
        11773,
        45,
        0,
    )
    # The contrary direction turns the board otherwise: the counts are its own.
    assert perft(Tabula(direction="contrary"), 1).rows[0].paths21 == 222
