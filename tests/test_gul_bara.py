"""Gul bara and gioul: every worked example of the rules page, the turn, the options, the properties.

The rules are ``shared/rules/acey-tabula-gulbara.md`` (sections B, F, M,
O, S, U and the examples of E): the examples' questions and complete legal
sets are copied in ``examples_gul_bara.py``, asked of the library and of ``nardy legal``; the
whole-turn counts (GB-T1, GB-T2, GB-T2x, GI-T1, GI-T2, and U.6's 59,810)
through :func:`nardy.perft.turns.turn_outcomes`. ``reference_gul_bara.py``
is a slow generator written from the page alone, for segments and whole
turns, checked against the library on seeded and Hypothesis positions.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from examples_gul_bara import EXAMPLES, Example
from helpers import run_legal
from nardy import Gioul, GulBara, Position, ResultKind, Roll, Side
from nardy.engine.reference import reference_plays
from nardy.errors import (
    InvalidDiceError,
    InvalidOptionError,
    InvalidPositionError,
)
from nardy.game import turns
from nardy.game.actions import Phase
from nardy.model.turns import BETWEEN_TURNS, TurnState
from nardy.perft.turns import turn_outcomes
from nardy.testing import check_search, check_variant
from reference_gul_bara import all_segments, flip, segment_results
from reference_gul_bara import turn_outcomes as reference_turn

START = [0] * 11 + [-15] + [0] * 11 + [15]
GIOUL_START = [-15] + [0] * 22 + [15]


def _question(example: Example) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(example.question)
    return data


def _ask(data: dict[str, Any]) -> tuple[nardy.Variant, Position, Roll]:
    variant = nardy.find_variant(data["variant"], data.get("options", {}))
    position = variant.position(data["board"], data["bar"], data["off"])
    roll = Roll(*data["dice"])
    return variant, position, roll.with_moves(data["moves"]) if "moves" in data else roll


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_worked_example(example: Example) -> None:
    _, position, roll = _ask(_question(example))
    legal = position.legal_plays(roll)
    got = {(tuple(a["board"]), tuple(a["off"])) for a in legal.resulting_arrays()}
    want = {(tuple(board), tuple(off)) for _, board, off in example.results}
    assert got == want
    assert len(legal) == len(example.results)
    assert {len(play.steps) for play in legal} == {example.used}
    for notation, board, off in example.results:  # the page's notation names the same play
        if notation != "(no legal play)":
            array = legal.resulting_arrays()[legal.index(notation)]
            assert (array["board"], array["off"]) == (board, off)


def test_worked_examples_through_nardy_legal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, answers = run_legal([e.question for e in EXAMPLES], [], monkeypatch, capsys)
    assert status == 0
    for example, answer in zip(EXAMPLES, answers):
        got = {
            (tuple(p["board"]), tuple(p["bar"]), tuple(p["off"]), tuple(p["pool"]))
            for p in answer["plays"]
        }
        want = {(tuple(b), (0, 0), tuple(o), (0, 0)) for _, b, o in example.results}
        assert got == want, example.name
        assert all("rolls" not in p for p in answer["plays"])  # turn state, not the position


def test_nardy_legal_pool_and_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base = {"variant": "gul-bara", "board": START, "dice": [3, 3]}
    lines = [
        base,  # no pool key: answers without one, as every variant's
        {**base, "pool": [1, 0]},
        {**base, "pool": [0, 2]},
        {**base, "pool": "none"},
        {**base, "dice": [3, 1], "moves": 2},
        {**base, "moves": 5},
        {**base, "moves": 2, "pool": [0, 0]},
        {**base, "variant": "backgammon", "moves": 2},
        {**base, "rolls": [3, 3], "dice": [6, 5]},
    ]
    status, answers = run_legal(lines, [], monkeypatch, capsys)
    assert status == 1
    assert "pool" not in answers[0]["plays"][0]
    assert {a["error"]["type"] for a in answers[1:4]} == {"InvalidPositionError"}
    assert answers[4]["error"]["type"] == "InvalidDiceError"
    assert answers[5]["error"]["type"] == "InvalidDiceError"
    two = answers[6]["plays"]
    assert {p["play"] for p in two} == {"24/21(2)", "24/18"}
    assert all(p["pool"] == [0, 0] for p in two)
    assert answers[7]["error"]["type"] == "InvalidDiceError"
    assert len(answers[8]["plays"]) == 2  # "rolls" is read and changes nothing
    assert all("rolls" not in p for p in answers[8]["plays"])


def test_gi_4_default_bears_off_the_5_with_the_6() -> None:
    board = [-3, 0, 1, 0, 2] + [0] * 18 + [-2]
    legal = Gioul().position(board, off=(12, 10)).legal_plays(Roll(6, 4))
    assert legal.notations() == ["5/off"]


def test_the_higher_die_when_only_one_can_be_played() -> None:
    # GB-3 with must_play_higher off is the same set (a double has no higher die).
    q = _question(EXAMPLES[[e.name for e in EXAMPLES].index("GB-3")])
    relaxed = GulBara(must_play_higher=False).position(q["board"])
    assert relaxed.legal_plays(Roll(5, 5)).notations() == ["14/9"]
    # 6-3 from 10: after 10/4 the 3 is lost (4/1 closed by one checker, no bear-off past
    # the 4), after 10/7 the 6 is (7/1 closed, 10 was outside when the 2s would leave).
    board = [-1, 14, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    for must, want in ((True, {"10/4"}), (False, {"10/4", "10/7"})):
        legal = GulBara(must_play_higher=must).position(board).legal_plays(Roll(6, 3))
        assert set(legal.notations()) == want


# --- whole turns (section E, "Whole turns"; U.3) ---------------------------------------

TURNS = [
    ("GB-T1", "gul-bara", {}, START, (0, 0), (3, 3), (5, 5), 44),
    (
        "GB-T2",
        "gul-bara",
        {},
        [0, 14, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0],
        (0, 0),
        (3, 3),
        (5, 5),
        3,
    ),
    (
        "GB-T2x",
        "gul-bara",
        {"cascade_failure": "lose"},
        [0, 14, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0],
        (0, 0),
        (3, 3),
        (5, 5),
        1,
    ),
    ("GI-T1", "gioul", {}, GIOUL_START, (0, 0), (0, 0), (4, 4), 2578),
    ("GI-T2", "gioul", {}, GIOUL_START, (0, 0), (0, 0), (5, 5), 74),
]


@pytest.mark.parametrize(
    ("name", "spec", "options", "board", "off", "rolls", "dice", "outcomes"),
    TURNS,
    ids=[t[0] for t in TURNS],
)
def test_whole_turn_counts(
    name: str,
    spec: str,
    options: dict[str, Any],
    board: list[int],
    off: tuple[int, int],
    rolls: tuple[int, int],
    dice: tuple[int, int],
    outcomes: int,
) -> None:
    variant = nardy.find_variant(spec, options)
    start = variant.position(board, off=off, rolls=list(rolls))
    found = turn_outcomes(variant, start, Roll(*dice))
    assert len(found) == outcomes
    assert all(p.turn is Side.BLACK for p in found)  # the opponent rolls next
    expected = reference_turn(start.raw, dice, mirror=spec == "gioul", **_turn_options(variant))
    assert {(p.turn is Side.WHITE, p.raw) for p in found} == expected


def test_gioul_3_3_from_the_start_has_59810_outcomes() -> None:
    variant = Gioul()
    assert len(turn_outcomes(variant, variant.starting_position(), Roll(3, 3))) == 59_810


def _turn_options(variant: nardy.Variant) -> dict[str, Any]:
    options = variant.options()
    return {
        "opening_exception": options["opening_exception"],
        "cascade_failure": options["cascade_failure"],
        "transfer_without_move": options["transfer_without_move"],
        "larger": options["bear_off"] == "larger",
        "must_play_higher": options["must_play_higher"],
    }


def test_perft_by_turns_from_the_start() -> None:
    result = nardy.perft("gul-bara", 2)
    rows = [(r.paths21, r.distinct, r.passes, r.terminal) for r in result.rows]
    # Counted a second time by the page's own reading of a turn (reference_gul_bara):
    # states as (side to move, raw state in his frame), with their numbers of paths.
    level = {(Side.WHITE, GulBara().starting_position().raw): 1}
    for depth, row in enumerate(rows, 1):
        following: dict[tuple[Side, tuple[int, ...]], int] = {}
        paths = passes = 0
        for (side, raw), mult in level.items():
            for a in range(1, 7):
                for b in range(1, a + 1):
                    for again, after in reference_turn(raw, (a, b), mirror=False):
                        paths += mult
                        same = raw if again else flip(raw, False)
                        passes += mult if after[:28] == same[:28] else 0
                        key = (side if again else side.opponent, after)
                        following[key] = following.get(key, 0) + mult
        terminal = sum(1 for _, raw in following if 15 in (raw[0], raw[27]))
        assert (paths, len(following), passes, terminal) == row, depth
        level = following
    assert rows[0] == (53, 43, 0, 0)


@pytest.mark.parametrize(
    "spec",
    [
        "gul-bara",
        "gioul",
        "gioul(cascade_failure=current)",
        "gul-bara(opening_exception=game,transfer_without_move=false)",
        "gul-bara(bear_off=exact,cascade_failure=lose)",
    ],
)
def test_whole_turns_agree_with_the_reference_mid_game(spec: str) -> None:
    variant = nardy.find_variant(spec)
    rng = random.Random(spec)
    checked = 0
    # (A 4-4 from a spread-out position can have 650,000 outcomes: GI-T1 covers the 4s.)
    for position in _midgame_positions(variant, rng, 8):
        for dice in ((6, 6), (5, 5), (6, 1), (3, 2)):
            found = turn_outcomes(variant, position, Roll(*dice))
            mine = position.turn
            expected = reference_turn(
                position.raw, dice, mirror=variant.name == "gioul", **_turn_options(variant)
            )
            assert {(p.turn is mine, p.raw) for p in found} == expected, (position.id(), dice)
            checked += len(found)
    assert checked > 100


def _midgame_positions(variant: nardy.Variant, rng: random.Random, count: int) -> list[Position]:
    """Positions between turns reached by random games (the side to move rolls next)."""
    found: list[Position] = []
    game = nardy.Game.new(variant, starter=Side.WHITE, rng=rng.randrange(1 << 30))
    wait = rng.randrange(4, 30)
    while len(found) < count:
        if game.is_over():
            game = nardy.Game.new(variant, starter=Side.WHITE, rng=rng.randrange(1 << 30))
        elif game.phase is Phase.ROLL:
            wait -= 1
            if wait <= 0:
                found.append(game.position)
                wait = rng.randrange(2, 12)
            game = game.roll()
        else:
            game = game.play(rng.randrange(len(game.legal_plays())))
    return found


# --- the opening exception (B.3b) ------------------------------------------------------

CASCADE_44 = (Roll(4, 4), Roll(5, 5), Roll(6, 6))


@pytest.mark.parametrize(
    ("option", "rolls", "opening"),
    [
        ("per-player", (0, 0), True),
        ("per-player", (2, 3), True),
        ("per-player", (3, 0), False),
        ("per-player", (3, 3), False),
        ("game", (0, 0), True),
        ("game", (0, 1), True),
        ("game", (1, 1), True),
        ("game", (2, 0), True),
        ("game", (1, 2), False),
        ("game", (2, 1), False),
        ("none", (0, 0), False),
    ],
)
def test_opening_exception(option: str, rolls: tuple[int, int], opening: bool) -> None:
    variant = GulBara(opening_exception=option)
    position = variant.position(START, rolls=list(rolls))
    assert variant.is_opening_roll(position) is opening
    turn = turns.start_turn(variant, position, Roll(4, 4))
    assert turn.state.pending == ((Roll(4, 4),) if opening else CASCADE_44)
    assert turn.position.extra(Side.WHITE)["rolls"] == min(rolls[0] + 1, 3)  # the roll is counted
    assert turn.position.extra(Side.BLACK)["rolls"] == rolls[1]
    plain = turns.start_turn(variant, position, Roll(4, 2))
    assert plain.state.pending == (Roll(4, 2),)


def test_gioul_has_no_opening_exception_by_default() -> None:
    start = Gioul().starting_position()
    assert turns.start_turn(Gioul(), start, Roll(5, 5)).state.pending == (Roll(5, 5), Roll(6, 6))
    ruled = Gioul(opening_exception="per-player")
    assert turns.start_turn(ruled, ruled.starting_position(), Roll(5, 5)).state.pending == (
        Roll(5, 5),
    )


def test_the_opening_rolls_of_a_game() -> None:
    game = nardy.Game.new(GulBara(), rng=3)
    assert game.phase is Phase.OPENING
    assert not game.options.cube
    game = game.roll((5, 3))  # one die each: white wins and rolls both dice afresh
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE
    doubles = [(3, 3), (2, 2), (1, 1), (2, 2), (4, 4), (1, 1)]  # three each: all opening rolls
    for dice in doubles:
        game = game.roll(dice)
        assert game.turn_state.pending == (Roll(*dice),)
        game = game.play(0)
        assert game.phase is Phase.ROLL
    assert game.position.extra(Side.WHITE)["rolls"] == 3
    game = game.roll((5, 5))  # white's fourth roll: a cascade
    assert game.turn_state.pending == (Roll(5, 5), Roll(6, 6))
    game = game.play(0)
    assert game.dice == Roll(6, 6)
    assert game.position.turn is Side.WHITE


# --- cascades, failures and the moves handed over (B.3c-e) --------------------------------

GB3 = [0, 14, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0]
# White cannot play a single 5 (14/9 is closed, the 2-point checkers may not bear off yet).
NO_FIVE = [0, 14, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0]


def _game(
    board: list[int], rolls: tuple[int, int], dice: tuple[int, int], **options: Any
) -> nardy.Game:
    variant = GulBara(**options)
    start = variant.position(board, rolls=list(rolls))
    return nardy.Game.new(variant, start=start, rng=5).roll(dice)


def test_gb_3_a_failed_cascade_hands_the_rest_over() -> None:
    game = _game(GB3, (3, 3), (5, 5)).play("14/9")
    assert game.phase is Phase.MOVE
    assert game.position.turn is Side.BLACK
    assert game.turn_state == TurnState(
        pending=(Roll(5, 5).with_moves(3), Roll(6, 6)), handed_over=True
    )
    assert game.dice == Roll(5, 5).with_moves(3)
    gb3t = EXAMPLES[[e.name for e in EXAMPLES].index("GB-3t")]
    legal = game.legal_plays()
    assert sorted(a["board"] for a in legal.resulting_arrays()) == sorted(
        b for _, b, _ in gb3t.results
    )
    turn = turns.Turn(game.position, game.turn_state)
    text = turns.turn_id(turn)
    assert text.endswith(";pending=53.64;handed")
    assert turns.from_turn_id(text) == turn
    ends = set()
    for i in range(len(legal)):
        after = game.play(i)
        while after.phase is Phase.MOVE:  # the four 6s (GB-T2: one way each)
            assert after.position.turn is Side.BLACK
            assert len(after.legal_plays()) == 1
            after = after.play(0)
        assert after.phase is Phase.ROLL
        assert after.position.turn is Side.BLACK  # the recipient rolls for his own turn
        assert after.position.extra(Side.BLACK)["rolls"] == 3  # handed moves are not rolls
        ends.add(after.position)
        again = nardy.Game.from_json(after.to_json())
        assert again == after
    assert len(ends) == 3


def test_cascade_failure_current_and_lose() -> None:
    current = _game(GB3, (3, 3), (5, 5), cascade_failure="current").play("14/9")
    assert current.turn_state == TurnState(pending=(Roll(5, 5).with_moves(3),), handed_over=True)
    current = current.play(0)
    assert current.phase is Phase.ROLL
    assert current.position.turn is Side.BLACK
    lose = _game(GB3, (3, 3), (5, 5), cascade_failure="lose").play("14/9")
    assert lose.phase is Phase.ROLL
    assert lose.position.turn is Side.BLACK
    assert lose.turn_state == BETWEEN_TURNS


def test_transfer_without_move() -> None:
    moved_none = _game(NO_FIVE, (3, 3), (5, 5))
    assert moved_none.legal_plays().notations() == [""]
    handed = moved_none.play(0)
    assert handed.turn_state.pending == (Roll(5, 5), Roll(6, 6))
    assert handed.position.turn is Side.BLACK
    kept = _game(NO_FIVE, (3, 3), (5, 5), transfer_without_move=False).play(0)
    assert kept.phase is Phase.ROLL
    assert kept.position.turn is Side.BLACK
    assert kept.turn_state == BETWEEN_TURNS
    # A later segment with no move at all still hands over: the roller moved in this turn.
    variant = GulBara(transfer_without_move=False)
    position = variant.position(NO_FIVE, rolls=[3, 3])
    state = TurnState(pending=(Roll(6, 6),), roll=Roll(4, 4))  # what is left after the 5s
    legal = position.legal_plays(Roll(5, 5))
    step = variant.after_segment(position, legal[0], legal.resulting_position(0), state)
    assert not step.same_side
    assert step.state.pending == (Roll(5, 5), Roll(6, 6))


def test_an_opening_double_not_fully_played_passes_nothing() -> None:
    # 6-6 blocked from 14 (8 is closed): nothing moves. Third roll: one segment, lost.
    board = [0, 14, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0]
    opening = _game(board, (2, 0), (6, 6))
    assert opening.turn_state == TurnState(pending=(Roll(6, 6),))
    assert turns.turn_id(turns.Turn(opening.position, opening.turn_state)).endswith(";pending=64")
    opening = opening.play(0)
    assert opening.phase is Phase.ROLL
    assert opening.position.turn is Side.BLACK
    cascade = _game(board, (3, 0), (6, 6)).play(0)  # fourth roll: a cascade of one segment
    assert cascade.turn_state == TurnState(pending=(Roll(6, 6),), handed_over=True)
    nondouble = _game(board, (3, 0), (6, 5))
    assert nondouble.play(0).phase is Phase.ROLL


def test_a_handed_run_ends_at_its_first_segment_not_fully_played() -> None:
    variant = GulBara()
    position = variant.position(GB3, rolls=[3, 3])
    state = TurnState(pending=(Roll(5, 5).with_moves(2), Roll(6, 6)), handed_over=True)
    legal = position.legal_plays(state.pending[0])
    assert legal.notations() == ["14/9"]  # one of the two 5s
    after = turns.after_play(variant, position, legal[0], legal.resulting_position(0), state)
    assert after.phase is turns.TurnPhase.ROLL
    assert after.position.turn is Side.WHITE  # the recipient rolls; the 6s are lost
    assert after.state == BETWEEN_TURNS


@pytest.mark.parametrize(
    "spec", ["gul-bara", "gioul", "gioul(cascade_failure=current,bear_off=exact)"]
)
def test_seeded_games_and_their_records(spec: str) -> None:
    variant = nardy.find_variant(spec)
    rng = random.Random(spec)
    handed = segments = 0
    for seed in range(4):
        game = nardy.Game.new(variant, rng=seed)
        stopped: nardy.Game | None = None
        while not game.is_over():
            if game.phase in (Phase.OPENING, Phase.ROLL):
                game = game.roll()
                continue
            handed += game.turn_state.handed_over
            segments += len(game.turn_state.pending) > 1
            if stopped is None and len(game.turn_state.pending) > 1:
                stopped = game
            game = game.play(rng.randrange(len(game.legal_plays())))
        assert game.outcome is not None
        again = nardy.Game.from_json(game.to_json())
        assert again == game
        assert list(again.states())[-1] == game
        if stopped is not None:  # a record stopped inside a cascade goes on from there
            assert nardy.Game.from_json(stopped.to_json()) == stopped
            assert "pending" in stopped.to_dict()["turn"]
    assert segments > 0
    if variant.cascade_failure != "lose":  # type: ignore[attr-defined]
        assert handed > 0


@pytest.mark.parametrize(
    "spec",
    [
        "gul-bara",
        "gioul",
        "gul-bara(opening_exception=none,cascade_failure=lose)",
        "gioul(bear_off=exact,must_play_higher=false)",
    ],
)
def test_conformance(spec: str) -> None:
    report = check_variant(nardy.find_variant(spec), games=3, seed=7)
    assert report.finished == 3


# --- options, data, scoring ------------------------------------------------------------


def test_layouts_and_class_data() -> None:
    assert GulBara().starting_position().to_array() == {
        "board": START,
        "bar": [0, 0],
        "off": [0, 0],
        "rolls": [0, 0],
    }
    assert Gioul().starting_position().to_array()["board"] == GIOUL_START
    assert nardy.find_variant("Gul Bara") == GulBara()
    assert nardy.find_variant("rosespring") == GulBara()
    assert nardy.find_variant("γκιούλ") == Gioul()
    assert GulBara.segment_moves
    assert not GulBara.has_bar
    with pytest.raises(InvalidPositionError):
        GulBara().position([*START[:-1], 14], bar=(1, 0))
    with pytest.raises(InvalidPositionError):
        GulBara().position(START, rolls=[4, 0])  # counted up to three
    with pytest.raises(InvalidDiceError):
        GulBara().starting_position().legal_plays(Roll(5, 5).with_moves(5))


def test_options_and_their_names() -> None:
    exact = GulBara(bear_off="exact")
    assert exact.bear_off == nardy.BearOff(6, False)
    assert GulBara().bear_off == nardy.BearOff(6, True)
    assert exact.options()["bear_off"] == "exact"
    assert exact.spec() == "gul-bara(bear_off=exact)"
    assert nardy.find_variant(exact.spec()) == exact
    assert set(GulBara.option_names()) == {
        "opening_exception",
        "cascade_failure",
        "transfer_without_move",
        "bear_off",
        "scoring",
        "must_play_higher",
    }
    assert Gioul().options()["opening_exception"] == "none"
    assert Gioul(opening_exception="game").spec() == "gioul(opening_exception=game)"
    import pickle

    assert pickle.loads(pickle.dumps(exact)) == exact
    for bad in (
        {"bear_off": "larger-ish"},
        {"cascade_failure": "all"},
        {"opening_exception": "first"},
        {"scoring": "standardish"},
        {"transfer_without_move": "maybe"},
    ):
        with pytest.raises(InvalidOptionError):
            GulBara(**bad)
    with pytest.raises(nardy.errors.UnknownOptionError):
        nardy.find_variant("gul-bara", {"bear_off_rule": "exact"})


@pytest.mark.parametrize(
    ("scoring", "black", "black_off", "kind", "points"),
    [
        ("mars", {10: 15}, 0, ResultKind.GAMMON, 2),
        ("mars", {10: 5}, 10, ResultKind.SINGLE, 1),
        ("single", {10: 15}, 0, ResultKind.SINGLE, 1),
        ("standard", {20: 1, 10: 14}, 0, ResultKind.BACKGAMMON, 3),
        ("standard", {18: 1, 10: 14}, 0, ResultKind.GAMMON, 2),
        ("standard", {20: 1, 10: 13}, 1, ResultKind.SINGLE, 1),
    ],
)
def test_scoring(
    scoring: str, black: dict[int, int], black_off: int, kind: ResultKind, points: int
) -> None:
    for variant in (GulBara(scoring=scoring), Gioul(scoring=scoring)):
        over = variant.from_counts({}, black, off=(15, black_off))
        result = variant.result(over)
        assert result is not None
        assert (result.winner, result.kind, result.points) == (Side.WHITE, kind, points)
    assert GulBara().result_name(ResultKind.GAMMON) == "mars"


# --- properties against the references ---------------------------------------------------


@st.composite
def positions(draw: st.DrawFn, variant: nardy.Variant) -> Position:
    """Any position of gul bara or gioul: some checkers off, the mover's perhaps all home."""
    mover_off = draw(st.integers(0, 14))
    opp_off = draw(st.integers(0, 14))
    top = 6 if draw(st.booleans()) else 24
    board = [0] * 24
    for _ in range(15 - mover_off):
        board[draw(st.integers(1, top)) - 1] += 1
    for _ in range(15 - opp_off):
        free = [p for p in range(24) if board[p] <= 0]
        board[draw(st.sampled_from(free))] -= 1
    rolls = [draw(st.integers(0, 3)), draw(st.integers(0, 3))]
    turn = draw(st.sampled_from([Side.WHITE, Side.BLACK]))
    return variant.position(board, off=(mover_off, opp_off), turn=turn, rolls=rolls)


SEGMENTS = [
    Roll(*faces) if k is None else Roll(*faces).with_moves(k) for faces, k in all_segments()
]
VARIANTS = [GulBara(), Gioul(), GulBara(bear_off="exact", must_play_higher=False)]


def _reference(position: Position, segment: Roll) -> set[tuple[int, ...]]:
    variant: Any = position.variant
    faces = (segment.high, segment.low)
    moves = len(segment.moves) if segment.is_double and len(segment.moves) < 4 else None
    return segment_results(
        position.raw,
        faces,
        moves,
        larger=variant.bear_off_rule == "larger",
        must_play_higher=variant.must_play_higher,
    )


def _check_segment(position: Position, segment: Roll) -> None:
    legal = position.legal_plays(segment)
    states = set(legal.result_states())
    assert len(states) == len(legal)
    assert states == _reference(position, segment), (position.id(), segment)
    assert states == {s for s, _ in reference_plays(position.variant, position, segment)}
    check_search(position, segment)
    mover, other = position.turn, position.turn.opponent
    for _, after in legal.items():
        assert after.turn is other
        assert sum(after.checkers(mover)) + after.off(mover) == 15  # conserved
        assert after.checkers(other) == position.checkers(other)
        assert after.off(other) == position.off(other)
        assert after.extra(mover) == position.extra(mover)  # rolls are not a play's
        assert Position.from_id(after.id()) == after
        array = after.to_array()
        board, bar, off = array.pop("board"), array.pop("bar"), array.pop("off")
        assert after.variant.position(board, bar, off, turn=after.turn, **array) == after


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_hypothesis_segments_agree_with_the_references(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(VARIANTS))
    position = data.draw(positions(variant))
    segment = data.draw(st.sampled_from(SEGMENTS))
    _check_segment(position, segment)


@pytest.mark.sweep
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.spec())
def test_seeded_sweep_against_the_reference(variant: nardy.Variant) -> None:
    rng = random.Random(variant.spec())
    for position in _midgame_positions(variant, rng, 40):
        for segment in SEGMENTS:
            _check_segment(position, segment)
