"""Tavli (portes, plakoto, fevga) and Turkish tavla: the rules of ``rules/tavli.md``.

* every worked example (E1-E16) with the real variants, and its notation
  read back;
* the fast generator against the slow references (``reference.py`` for
  portes and tavla, ``reference_tavli.py`` for plakoto and fevga), by
  Hypothesis and by seeded sweeps, with every option;
* invariants of every play: checkers conserved counting pinned ones, two
  colours on a point only as a pin, round trips through the array form and
  the position ID;
* results: single, gammon, the mother rule and its draw, every option;
* names, the text board, ``nardy legal`` and the conformance suite.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from helpers import run_legal
from nardy import Position, ResultKind, Roll, Side
from nardy.engine.state import OPP_OFF, State, unpack
from nardy.errors import InvalidOptionError, InvalidPositionError
from nardy.rules.long_nardy import BEFORE, ROUTE, in_block, six_block_guard
from nardy.rules.tavli import QUARTER, START, FevgaSteps, trapped
from nardy.rules.turn_rules import StepRule
from nardy.testing import check_variant
from nardy.variants.tavli import Fevga
from reference import reference_results
from reference_tavli import fevga_results, plakoto_results
from strategies import positions, random_positions, rolls
from strategies_tavli import random_tavli_positions, tavli_positions

EXAMPLES: dict[str, dict[str, Any]] = {
    e["id"]: e
    for e in json.loads((Path(__file__).parent / "data" / "tavli_examples.json").read_text())[
        "examples"
    ]
}
#: E1, E2, ... E16 in order.
EXAMPLE_IDS = sorted(EXAMPLES, key=lambda e: int(e.removeprefix("E")))
W, B = Side.WHITE, Side.BLACK


def question_position(question: dict[str, Any]) -> tuple[Position, Roll]:
    variant = nardy.find_variant(question["variant"], question.get("options", {}))
    extra = {k: question[k] for k in ("pinned", "opp_pinned") if k in question}
    position = variant.position(question["board"], question["bar"], question["off"], **extra)
    return position, Roll(*question["dice"])


def as_key(entry: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in entry.items() if k != "play"}, sort_keys=True)


# --- the worked examples ---------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLE_IDS)
def test_worked_example(example: str) -> None:
    """The legal set is exactly the example's, one play per resulting position."""
    position, roll = question_position(EXAMPLES[example]["question"])
    legal = position.legal_plays(roll)
    ours = sorted(as_key(a) for a in legal.resulting_arrays())
    assert ours == sorted(as_key(e) for e in EXAMPLES[example]["plays"])
    assert len(set(ours)) == len(ours)


@pytest.mark.parametrize("example", EXAMPLE_IDS)
def test_worked_example_notation_reads_back(example: str) -> None:
    """Each example's notation names the play that leads to its position."""
    position, roll = question_position(EXAMPLES[example]["question"])
    legal = position.legal_plays(roll)
    arrays = legal.resulting_arrays()
    for entry in EXAMPLES[example]["plays"]:
        index = legal.find_index(entry["play"])
        assert as_key(arrays[index]) == as_key(entry), entry["play"]


def test_portes_plays_are_backgammons() -> None:
    for _, position in random_positions(nardy.Backgammon(), 60, seed="portes"):
        portes = nardy.Portes().position(**_array_args(position))
        for roll in (Roll(6, 5), Roll(3, 3), Roll(2, 1)):
            assert (
                portes.legal_plays(roll).result_states()
                == position.legal_plays(roll).result_states()
            )


def _array_args(position: Position) -> dict[str, Any]:
    array = position.to_array()
    return {"board": array["board"], "bar": array["bar"], "off": array["off"]}


# --- tavla's home-hit rule, by hand ------------------------------------------------------


def test_tavla_hitter_in_the_home_board_stops() -> None:
    # A blot on my 4 and one on my 2; a checker on 8, roll 4-2: 8/4* may not go on
    # to 2, so the 2 is played by another checker (13/11 or 6/4).
    tavla = nardy.Tavla()
    pos = tavla.from_counts({8: 1, 6: 2, 13: 12}, {21: 1, 23: 1, 1: 13}, turn=W)
    legal = pos.legal_plays("42")
    notations = set(legal.notations())
    assert "8/4*/2*" not in notations
    with pytest.raises(nardy.IllegalPlayError):
        pos.parse_play("8/4*/2*", "42")
    assert legal.find("8/4* 6/4") in legal
    assert legal.find("13/11 8/4*") in legal
    assert legal.find("6/4* 6/2*") in legal
    backgammon = nardy.Backgammon().from_counts({8: 1, 6: 2, 13: 12}, {21: 1, 23: 1, 1: 13}, turn=W)
    assert "8/4*/2*" in set(backgammon.legal_plays("42").notations())


def test_tavla_hit_outside_home_does_not_stop() -> None:
    tavla = nardy.Tavla()
    pos = tavla.from_counts({13: 15}, {16: 1, 1: 14}, turn=W)  # a blot on my 9
    assert "13/9*/7" in set(pos.legal_plays("42").notations())


# --- the generators agree ------------------------------------------------------------------

PLAKOTO_SPECS = ("plakoto", "plakoto(must_play_higher=false)")
FEVGA_SPECS = (
    "fevga",
    "fevga(trap_prime=forbidden)",
    "fevga(trap_prime=allowed)",
    "fevga(must_play_higher=false)",
)


def tavli_reference(variant: nardy.Variant, position: Position, roll: Roll) -> set[tuple[int, ...]]:
    if isinstance(variant, nardy.Plakoto):
        return plakoto_results(position.raw, roll, variant.must_play_higher)
    if isinstance(variant, nardy.Fevga):
        return fevga_results(position.raw, roll, variant.trap_prime, variant.must_play_higher)
    return reference_results(variant, position.raw, roll)


def disagreement(variant: nardy.Variant, position: Position, roll: Roll) -> str | None:
    expected = tavli_reference(variant, position, roll)
    actual = position.legal_plays(roll, allow_finished=True).result_states()
    if set(actual) == expected and len(actual) == len(expected):
        return None
    return (
        f"{variant.spec()} roll {roll} position {position.id()} {position.to_array()}: "
        f"missing {sorted(expected - set(actual))}, extra {sorted(set(actual) - expected)}"
    )


@pytest.mark.parametrize("spec", [*PLAKOTO_SPECS, *FEVGA_SPECS])
@settings(max_examples=60, deadline=None)
@given(data=st.data(), roll=rolls())
def test_hypothesis_plakoto_and_fevga_agree_with_the_reference(
    spec: str, data: st.DataObject, roll: Roll
) -> None:
    variant = nardy.find_variant(spec)
    position = data.draw(tavli_positions(variant))
    assert disagreement(variant, position, roll) is None


@pytest.mark.parametrize("spec", ["portes", "tavla", "tavla(must_play_higher=false)"])
@settings(max_examples=60, deadline=None)
@given(data=st.data(), roll=rolls())
def test_hypothesis_portes_and_tavla_agree_with_the_reference(
    spec: str, data: st.DataObject, roll: Roll
) -> None:
    variant = nardy.find_variant(spec)
    position = data.draw(positions(variant))
    assert disagreement(variant, position, roll) is None


ALL_ROLLS = [Roll(a, b) for a in range(1, 7) for b in range(1, a + 1)]


@pytest.mark.sweep
@pytest.mark.parametrize("spec", [*PLAKOTO_SPECS, *FEVGA_SPECS])
def test_seeded_sweep_plakoto_and_fevga(spec: str) -> None:
    """Every roll on seeded positions of every kind: no disagreement."""
    variant = nardy.find_variant(spec)
    problems = []
    for _, position in random_tavli_positions(variant, 40, seed=2026):
        for roll in ALL_ROLLS:
            problem = disagreement(variant, position, roll)
            if problem:
                problems.append(problem)
    assert problems == []


@pytest.mark.sweep
@pytest.mark.parametrize("spec", ["tavla", "tavla(must_play_higher=false)"])
def test_seeded_sweep_tavla(spec: str) -> None:
    """Portes needs no sweep of its own: its plays are backgammon's (tested above)."""
    variant = nardy.find_variant(spec)
    problems = []
    for _, position in random_positions(variant, 50, seed=2026):
        for roll in ALL_ROLLS[::3]:
            problem = disagreement(variant, position, roll)
            if problem:
                problems.append(problem)
    assert problems == []


# --- invariants of every play ------------------------------------------------------------


def checkers_of(position: Position, side: Side) -> int:
    return sum(position.checkers(side)) + position.bar(side) + position.off(side)


@pytest.mark.sweep
@pytest.mark.parametrize("name", ["portes", "tavla", "plakoto", "fevga"])
def test_every_play_keeps_the_invariants(name: str) -> None:
    variant = nardy.find_variant(name)
    kinds = (
        random_tavli_positions(variant, 24, 7)
        if name in ("plakoto", "fevga")
        else (random_positions(variant, 24, 7))
    )
    for _, position in kinds:
        for roll in ALL_ROLLS[::2]:
            legal = position.legal_plays(roll, allow_finished=True)
            for i in range(len(legal)):
                after = legal.resulting_position(i)
                for side in (W, B):
                    assert checkers_of(after, side) == variant.checkers
                raw = after.raw
                pins_mine = raw[28] if len(raw) > 28 else 0
                pins_theirs = raw[29] if len(raw) > 28 else 0
                assert pins_mine & pins_theirs == 0
                for p in range(1, 25):
                    # A pinned checker lies under a stack of the other colour.
                    if pins_mine >> p & 1:
                        assert raw[p] < 0
                    if pins_theirs >> p & 1:
                        assert raw[p] > 0
                assert Position.from_id(after.id()) == after
                extra = {k: v for k, v in after.to_array().items() if k in ("pinned", "opp_pinned")}
                rebuilt = variant.position(**_array_args(after), turn=after.turn, **extra)
                assert rebuilt == after


# --- results --------------------------------------------------------------------------------


def test_portes_and_tavla_score_single_and_gammon_only() -> None:
    for name in ("portes", "tavla"):
        variant = nardy.find_variant(name)
        # White bore off everything; black has a checker in white's home (his
        # 24-point): a backgammon in backgammon, a gammon here.
        over = variant.from_counts({}, {24: 1, 6: 14}, turn=B)
        result = over.result()
        assert result is not None
        assert (result.winner, result.kind, result.points) == (W, ResultKind.GAMMON, 2)
        standard = nardy.find_variant(name, {"scoring": "standard"})
        result = standard.from_counts({}, {24: 1, 6: 14}, turn=B).result()
        assert result is not None
        assert result.points == 3
        assert variant.result_kinds() == (ResultKind.SINGLE, ResultKind.GAMMON)


def plakoto(
    board: dict[int, int],
    pinned: list[int],
    opp_pinned: list[int],
    off: tuple[int, int] = (0, 0),
    **options: Any,
) -> Position:
    array = [0] * 24
    for p, n in board.items():
        array[p - 1] = n
    variant = nardy.Plakoto(**options)
    return variant.position(array, (0, 0), off, pinned=pinned, opp_pinned=opp_pinned)


def test_plakoto_mother_win_waits_for_the_pinners_own_start() -> None:
    # His mother (on my 1) lies pinned by my checker, but I still have two on my 24.
    waiting = plakoto({1: 1, 24: 2, 13: 12, 12: -14}, [], [1])
    assert not waiting.is_over()
    assert waiting.result() is None
    # My 24 empty: I win by the mother rule, 2 points.
    won = plakoto({1: 1, 13: 14, 12: -14}, [], [1])
    assert won.is_over()
    result = won.result()
    assert result is not None
    assert (result.winner, result.kind, result.points) == (won.turn, ResultKind.MOTHER, 2)
    with pytest.raises(nardy.IllegalPlayError):
        won.legal_plays("21")
    # With mother_exception="none" the pinned mother loses at once.
    at_once = plakoto({1: 1, 24: 2, 13: 12, 12: -14}, [], [1], mother_exception="none")
    result = at_once.result()
    assert result is not None
    assert result.winner == at_once.turn
    # mother_points; mother=False
    assert plakoto({1: 1, 13: 14, 12: -14}, [], [1], mother_points=3).result() == nardy.Result(
        won.turn, ResultKind.MOTHER, 3
    )
    assert plakoto({1: 1, 13: 14, 12: -14}, [], [1], mother=False).result() is None


def test_plakoto_my_mother_pinned_loses_and_both_pinned_draw() -> None:
    # My mother on my 24 pinned by his single checker; his start (my 1) empty of his.
    lost = plakoto({24: -1, 13: 14, 12: -14}, [24], [])
    result = lost.result()
    assert result is not None
    assert result.winner == lost.turn.opponent
    assert result.kind is ResultKind.MOTHER
    # Both mothers pinned: a draw worth nothing.
    drawn = plakoto({24: -1, 1: 1, 13: 13, 12: -13}, [24], [1])
    result = drawn.result()
    assert result is not None
    assert (result.winner, result.kind, result.points) == (None, ResultKind.DRAW, 0)
    assert drawn.is_over()
    # With the rule off it is still a draw: neither side can ever bear off again
    # (each mother is outside her home board, each pinner can only bear off).
    rule_off = plakoto({24: -1, 1: 1, 13: 13, 12: -13}, [24], [1], mother=False)
    assert rule_off.is_over()
    assert rule_off.result() == nardy.Result(None, ResultKind.DRAW, 0)
    assert plakoto({24: -1, 13: 14, 12: -14}, [24], [], mother=False).result() is None


def test_plakoto_bear_off_results() -> None:
    variant = nardy.Plakoto()
    gammon = variant.from_counts({}, {6: 15}, turn=B)
    result = gammon.result()
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.GAMMON, 2)
    single = variant.from_counts({}, {6: 14}, turn=B)
    result = single.result()
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.SINGLE, 1)
    assert variant.result_kinds() == (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.MOTHER)


def test_plakoto_no_bear_off_while_pinned() -> None:
    # All mine home, one of them pinned on my 3: 6-5 cannot bear off.
    pos = plakoto({6: 7, 5: 5, 4: 2, 3: -1, 20: -14}, [3], [], off=(0, 0))
    assert all(state[0] == 0 for state in pos.legal_plays("65").result_states())
    free = plakoto({6: 7, 5: 5, 4: 2, 3: 1, 20: -15}, [], [], off=(0, 0))
    assert any(state[0] > 0 for state in free.legal_plays("65").result_states())


def test_fevga_results() -> None:
    variant = nardy.Fevga()
    over = variant.from_counts({}, {18: 15}, turn=B)
    result = over.result()
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.GAMMON, 2)
    assert variant.result_kinds() == (ResultKind.SINGLE, ResultKind.GAMMON)


def test_bad_options_are_refused() -> None:
    for spec, options in (
        ("plakoto", {"mother_points": 0}),
        ("plakoto", {"mother_points": True}),
        ("plakoto", {"mother_exception": "sometimes"}),
        ("fevga", {"trap_prime": "maybe"}),
        ("tavla", {"scoring": "nonsense"}),
    ):
        with pytest.raises(InvalidOptionError):
            nardy.find_variant(spec, options)


def test_pins_are_refused_where_they_cannot_be() -> None:
    with pytest.raises(InvalidPositionError):
        plakoto({7: 1, 24: 14, 1: -14}, [], [8])  # no checker of mine on 8 to pin his
    with pytest.raises(InvalidPositionError):
        plakoto({7: 1, 24: 14, 1: -14}, [7], [7])  # one checker cannot pin and be pinned
    with pytest.raises(InvalidPositionError):
        nardy.Fevga().position([0] * 23 + [15], (0, 0), (0, 0), pinned=[3])


# --- names, board, command line, conformance -----------------------------------------------


def test_names_and_aliases() -> None:
    assert nardy.find_variant("πόρτες").name == "portes"
    assert nardy.find_variant("turkish-tavla").name == "tavla"
    assert nardy.find_variant("πλακωτό").name == "plakoto"
    assert nardy.find_variant("φεύγα").name == "fevga"
    for name in ("portes", "tavla", "plakoto", "fevga"):
        assert name in nardy.variant_names()


def test_text_board_shows_pins() -> None:
    pos = plakoto({7: 2, 19: -1, 24: 12, 1: -13}, [19], [7])
    text = str(pos)
    assert "pinned" in text


def test_nardy_legal_reads_and_writes_pins(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    question = EXAMPLES["E11"]["question"]
    status, answers = run_legal([question], [], monkeypatch, capsys)
    assert status == 0
    plays = answers[0]["plays"]
    assert len(plays) == len(EXAMPLES["E11"]["plays"])
    assert all("pinned" in p and "opp_pinned" in p for p in plays)
    assert sorted(as_key(p) for p in plays) == sorted(as_key(e) for e in EXAMPLES["E11"]["plays"])


@pytest.mark.sweep
@pytest.mark.parametrize(
    "spec",
    [
        "portes",
        "tavla",
        "plakoto",
        "plakoto(mother_exception=none)",
        "fevga",
        "fevga(trap_prime=forbidden)",
    ],
)
def test_conformance(spec: str) -> None:
    check_variant(nardy.find_variant(spec), games=3, seed=11)


# --- the tavli match -------------------------------------------------------------------------


def random_match(match: nardy.Match, seed: int, until: Any = None) -> nardy.Match:
    """Play ``match`` with random plays until it is over (or ``until(match)`` holds)."""
    rng = random.Random(seed)
    while not match.is_over() and not (until and until(match)):
        game = match.current()
        if game.phase.name in ("OPENING", "ROLL"):
            match = match.roll()
        else:
            legal = game.legal_plays()
            match = match.play(legal[rng.randrange(len(legal))])
    return match


def test_tavli_match_rotates_portes_plakoto_fevga() -> None:
    match = random_match(nardy.Match.new("tavli", 5, rng=3), seed=3)
    names = [g.variant.name for g in match.games]
    assert names == [("portes", "plakoto", "fevga")[i % 3] for i in range(len(names))]
    assert len(names) >= 3
    assert match.rotation == "tavli"
    assert match.next_game == "winner-starts"
    assert [match.variant_of(n).name for n in (1, 2, 3, 4)] == [
        "portes",
        "plakoto",
        "fevga",
        "portes",
    ]
    for game in match.games:
        assert not game.options.cube
        assert game.options.opening == "one_die_each_reroll"


def test_tavli_match_the_winner_starts_the_next_game_and_colours_stay() -> None:
    match = random_match(nardy.Match.new("tavli", 7, rng=11), seed=11)
    assert match.games[0].starter is None  # the first game starts with the opening roll
    for before, after in itertools.pairwise(match.games):
        assert after.white_player == before.white_player
        assert before.outcome is not None
        expected = before.first if before.outcome.winner is None else before.outcome.winner
        assert after.starter == after.first == expected


def test_tavli_match_a_draw_scores_nothing_and_its_starter_starts_again() -> None:
    # Random plakoto games end in a draw (both mothers pinned) often enough.
    for seed in range(60):
        match = nardy.Match.new("tavli", 3, rng=seed)
        drawn = random_match(
            match,
            seed,
            until=lambda m: any(
                g.outcome is not None and g.outcome.winner is None for g in m.games
            ),
        )
        draws = [i for i, g in enumerate(drawn.games) if g.outcome and g.outcome.winner is None]
        if draws and not drawn.is_over():
            i = draws[0]
            game = drawn.games[i]
            assert game.variant.name == "plakoto"
            assert game.outcome is not None
            assert game.outcome.points == 0
            before = sum(g.outcome.points for g in drawn.games[:i] if g.outcome is not None)
            assert sum(drawn.scores) == before + sum(
                g.outcome.points for g in drawn.games[i + 1 :] if g.outcome is not None
            )
            following = drawn.games[i + 1] if i + 1 < len(drawn.games) else drawn.current()
            assert following.variant.name == "fevga"
            assert following.starter == game.first
            return
    pytest.fail("no drawn plakoto game in 60 seeded tavli matches")


def test_tavli_match_has_no_cube_and_its_record_round_trips() -> None:
    match = nardy.Match.new("tavli", 3, rng=2).roll()
    assert not match.current().can_double()
    with pytest.raises(nardy.IllegalActionError):
        match.double()
    done = random_match(nardy.Match.new("tavli", 3, rng=4), seed=4)
    text = done.to_json()
    again = nardy.Match.from_json(text)
    assert again == done
    assert again.to_json() == text
    assert json.loads(text)["variant"] == "tavli"


def test_tavli_match_options_and_bad_rules() -> None:
    with_cube = nardy.Match.new("tavli", 3, cube=True)
    assert with_cube.options.cube
    assert nardy.Match.new("tavli", 3, next_game="opening-roll").next_game == "opening-roll"
    with pytest.raises(InvalidOptionError):
        nardy.Match.new("tavli", 3, next_game="loser-starts")
    with pytest.raises(InvalidOptionError):
        nardy.Match.new("tavli", 3).variant_of(0)


# --- what fevga's step rule watches -------------------------------------------------------


@attrs.frozen
class _FullWatchFevga(Fevga):
    """Fevga whose step rule watches every step the rule might judge (no narrowing)."""

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        guard = six_block_guard(start, "ahead") if self.trap_prime == "forbidden" else 0
        return StepRule(FevgaSteps(self.checkers, guard), 1 << START, QUARTER | BEFORE[guard])


def _trapped_by_definition(board: list[int]) -> bool:
    """A held point in a block of six that no opposing checker has passed (long nardy's words)."""
    guard = six_block_guard(board, "ahead")
    return any(board[p] > 0 and ROUTE[p] < guard and in_block(board, p) for p in range(1, 25))


def _self_play(variant: nardy.Variant, count: int, rng: random.Random) -> list[Position]:
    """``count`` positions met in seeded random games."""
    found: list[Position] = []
    while len(found) < count:
        position = variant.starting_position()
        while not position.is_over() and len(found) < count:
            plays = position.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
            position = plays.resulting_position(rng.randrange(len(plays)))
            found.append(position)
    return found


@pytest.mark.parametrize("spec", FEVGA_SPECS[:3])
def test_fevga_step_rule_watches_only_what_can_refuse(spec: str) -> None:
    """Watching fewer steps (the starter has passed, the quarter cannot fill) keeps every play.

    The same keys and steps, in the same order, as a rule that watches every
    step leaving the 24-point or landing in the starting quarter; and the
    narrowed rule does leave some of the positions unwatched.
    """
    variant = nardy.find_variant(spec)
    assert isinstance(variant, Fevga)
    full = _FullWatchFevga(trap_prime=variant.trap_prime)
    unwatched = 0
    positions = [p for _, p in random_tavli_positions(variant, 60, seed=11)]
    positions += _self_play(variant, 200, random.Random(7))
    for position in positions:
        for roll in ALL_ROLLS[::2]:
            assert variant.play_keys(position.packed, roll) == full.play_keys(
                position.packed, roll
            ), (position.to_array(), roll)
            rule = variant.step_rule(unpack(position.packed), roll)
            if not (rule.base_watch_from | rule.base_watch_to):
                unwatched += 1
    assert unwatched > len(positions)


def test_fevga_trapped_agrees_with_its_definition() -> None:
    """:func:`trapped` (a walk along the route) against the rule's words, on random boards."""
    rng = random.Random(5)
    hits = 0
    for _ in range(4000):
        board = [0] * 28
        for p in rng.sample(range(1, 25), rng.randint(6, 18)):
            board[p] = 1
        for p in rng.sample([q for q in range(1, 25) if board[q] == 0], rng.randint(0, 4)):
            board[p] = -1
        board[OPP_OFF] = rng.choice([0, 0, 0, 1])  # the opponent has borne off
        expected = _trapped_by_definition(board)
        hits += expected
        assert trapped(board) == expected == trapped(tuple(board)), board
    assert hits > 100
