"""The engine's contact models and hooks, checked on hand-worked examples and toy variants.

The worked examples are those of the Greek and Turkish rules (portes moves as
backgammon, tavla adds the home-hit rule, plakoto pins); each gives a
position, a roll and the complete set of legal plays with the position after
each. Here they check the engine's hitting, hitter rules and pinning
through small test variants; the real tavli variants build on the same data.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import nardy
from helpers import searched
from nardy import InvalidPositionError, Position, Roll, Side, Step
from nardy.engine import apply_steps
from nardy.engine import state as engine_state
from nardy.engine.reference import TurnRules
from nardy.rules.board import BLOCK, HIT
from nardy.rules.turn_rules import HitterRule, StepRule
from nardy.rules.vocabulary import Contact, Entering
from nardy.testing import check_variant
from toy_variants import (
    BonusDoublesHypergammon,
    HomeHitStops,
    PinningGame,
    TruceHypergammon,
    registered,
)

EXAMPLES = {
    e["id"]: e
    for e in json.loads((Path(__file__).parent / "data" / "tavli_examples.json").read_text())[
        "examples"
    ]
}
PIN_GAME = PinningGame()
W, B = Side.WHITE, Side.BLACK


def legal_set(variant: nardy.Variant, question: dict[str, Any]) -> list[dict[str, Any]]:
    extra = {k: question[k] for k in ("pinned", "opp_pinned") if k in question}
    pos = variant.position(question["board"], question["bar"], question["off"], **extra)
    plays = pos.legal_plays(Roll(*question["dice"]))
    return [
        {"play": play.notation(), **array} for play, array in zip(plays, plays.resulting_arrays())
    ]


def without_play(entries: list[dict[str, Any]]) -> list[str]:
    return sorted(json.dumps({k: v for k, v in e.items() if k != "play"}) for e in entries)


@pytest.mark.parametrize(
    ("example", "variant"),
    [
        ("E1", nardy.Backgammon()),
        ("E2", nardy.Backgammon()),
        ("E3", nardy.Backgammon()),
        ("E4", HomeHitStops()),
        ("E5", HomeHitStops()),
        ("E6", HomeHitStops()),
        ("E7", PIN_GAME),
        ("E8", PIN_GAME),
        ("E9", PIN_GAME),
        ("E10", PIN_GAME),
        ("E11", PIN_GAME),
    ],
)
def test_worked_example(example: str, variant: nardy.Variant) -> None:
    expected = EXAMPLES[example]["plays"]
    with registered(type(variant)) if type(variant).name.startswith("test-") else _nothing():
        ours = legal_set(variant, EXAMPLES[example]["question"])
        assert without_play(ours) == without_play(expected)
        # The notation of the worked example reads back to the play with that result.
        pos_plays = {json.dumps({k: v for k, v in e.items() if k != "play"}): e for e in ours}
        question = EXAMPLES[example]["question"]
        extra = {k: question[k] for k in ("pinned", "opp_pinned") if k in question}
        pos = variant.position(question["board"], question["bar"], question["off"], **extra)
        roll = Roll(*question["dice"])
        for entry in expected:
            key = json.dumps({k: v for k, v in entry.items() if k != "play"})
            found = pos.parse_play(entry["play"], roll)
            assert found.notation() == pos_plays[key]["play"], entry["play"]


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> None:
        return None


def test_home_hit_stops_only_the_hitter() -> None:
    # E4: 8/4*/2 is not a play, though backgammon has it.
    question = EXAMPLES["E4"]["question"]
    bg = nardy.Backgammon().position(question["board"], question["bar"], question["off"])
    tavla = HomeHitStops().position(question["board"], question["bar"], question["off"])
    assert "8/4*/2" in bg.legal_plays((4, 2)).notations()
    assert "8/4*/2" not in tavla.legal_plays((4, 2)).notations()


# --- pins: the state, IDs and the array form ------------------------------------------


def pinned_position() -> Position:
    # E11: the mover has checkers pinned on his 19 and 12; he pins on 15 and 8.
    q = EXAMPLES["E11"]["question"]
    return PIN_GAME.position(
        q["board"], q["bar"], q["off"], pinned=q["pinned"], opp_pinned=q["opp_pinned"]
    )


def test_pins_round_trip_through_the_id_and_the_array_form() -> None:
    with registered(PinningGame):
        pos = pinned_position()
        assert pos.to_array()["pinned"] == [12, 19]
        assert pos.to_array()["opp_pinned"] == [8, 15]
        assert pos.pinned(W) == (12, 19)
        # Black's pins in black's own numbering: 25 - 15 and 25 - 8.
        assert pos.pinned(B) == (10, 17)
        assert ":pins=12.19/10.17" in pos.id()
        assert Position.from_id(pos.id()) == pos
        array = pos.to_array()
        again = PIN_GAME.position(
            array["board"], array["bar"], array["off"],
            pinned=array["pinned"], opp_pinned=array["opp_pinned"],
        )  # fmt: skip
        assert again == pos
        # Turning the board round swaps the two lists, each point p -> 25 - p.
        turned = pos.pass_turn().to_array()
        assert turned["pinned"] == [10, 17]
        assert turned["opp_pinned"] == [6, 13]


def test_pinned_checkers_count_where_they_lie() -> None:
    pos = pinned_position()
    white = pos.checkers(W)
    assert white[18] == 1
    assert white[11] == 1
    assert white[14] == 1  # free, on top of a pinned black checker on 15
    black = pos.checkers(B)
    assert black[25 - 15 - 1] == 1  # black's pinned checker on white's 15
    assert sum(white) + pos.off(W) == 15
    assert sum(black) + pos.off(B) == 15


def test_from_counts_with_pins() -> None:
    pos = pinned_position()
    again = PIN_GAME.from_counts(
        {p + 1: n for p, n in enumerate(pos.checkers(W)) if n},
        {p + 1: n for p, n in enumerate(pos.checkers(B)) if n},
        pins={W: pos.pinned(W), B: pos.pinned(B)},
    )
    assert again == pos


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"pinned": [7], "opp_pinned": [7]}, "both pinned and opp_pinned"),
        ({"pinned": [13]}, "needs opposing checkers on top"),
        ({"opp_pinned": [1]}, "needs the mover's checkers on top"),
        ({"pinned": [24, 24]}, "twice"),
        ({"pinned": [25]}, "points 1..24"),
        ({"pinned": "19"}, "points 1..24"),
        ({"pins": [19]}, "unknown key 'pins'"),
    ],
)
def test_bad_pins_are_refused(extra: dict[str, Any], message: str) -> None:
    board = [-14, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13]
    with pytest.raises(InvalidPositionError, match=message):
        PIN_GAME.position(board, (0, 0), None, **extra)


def test_pins_only_where_the_variant_pins() -> None:
    bg = nardy.Backgammon()
    with pytest.raises(InvalidPositionError, match="no extra state"):
        bg.position(list(bg.starting_position().board), pinned=[])
    with pytest.raises(InvalidPositionError, match="does not pin"):
        bg.from_counts({6: 15}, {6: 15}, pins={W: [6]})


def test_from_counts_refuses_a_pinned_checker_with_company() -> None:
    with pytest.raises(InvalidPositionError, match="alone under"):
        PIN_GAME.from_counts({24: 13, 19: 2}, {6: 1, 24: 14}, pins={W: [19]})


def test_a_pinned_checker_cannot_move_and_its_point_is_closed() -> None:
    # White has one checker pinned on his 10 under one black checker, the rest home.
    pos = PIN_GAME.from_counts({10: 1, 3: 14}, {15: 1, 1: 14}, pins={W: [10]})
    for roll in nardy.ALL_ROLLS:
        for play in pos.legal_plays(roll):
            assert all(step.src != 10 and step.dst != 10 for step in play.steps)
            assert all(step.dst != nardy.OFF for step in play.steps)  # no bear-off while pinned


def test_a_pin_is_released_when_the_last_pinner_leaves() -> None:
    # White pins a black checker on his 7 with one checker; moving it away frees black's.
    pos = PIN_GAME.from_counts({7: 1, 24: 14}, {18: 1, 24: 14}, pins={B: [18]})
    for play, result in pos.legal_plays((3, 3)).items():
        moved_off_7 = any(step.src == 7 for step in play.steps)
        assert (result.pinned(B) == ()) == moved_off_7, play


# --- hooks: the conformance suite plays toy variants through them -------------------


@pytest.mark.parametrize("cls", [PinningGame, HomeHitStops])
def test_toy_movement_variants_conform(cls: type[nardy.Variant]) -> None:
    with registered(cls):
        report = check_variant(cls(), games=3, seed=0)
    assert report.finished == 3


def test_a_variant_with_draws_conforms() -> None:
    with registered(TruceHypergammon):
        report = check_variant(TruceHypergammon(), games=20, seed=1)
    assert report.finished == 20
    assert 0 < report.draws < 20


def test_a_variant_with_extra_rolls_conforms() -> None:
    with registered(BonusDoublesHypergammon):
        report = check_variant(BonusDoublesHypergammon(), games=5, seed=2)
    assert report.finished == 5
    assert report.extra_rolls > 0


def test_a_draw_result() -> None:
    v = TruceHypergammon()
    pos = v.from_counts({1: 2}, {1: 2}, off=(1, 1))
    assert pos.is_over()
    result = pos.result()
    assert result == nardy.Result(None, nardy.ResultKind.DRAW, 0)
    assert result is not None
    assert result.is_draw
    assert result.loser is None


# --- the searches and the physics ------------------------------------------------------


def test_every_built_in_variant_runs_native_where_the_core_is_loaded() -> None:
    # Every rule of a built-in variant is data the native core knows.
    for variant_class in nardy.VARIANTS:
        variant = variant_class()
        start = variant.starting_position()
        for roll in variant.rolls()[:6]:
            name = variant.search_name(start, roll)
            assert name == ("native" if nardy.native else "python"), (variant.spec(), roll)
    # A step rule of plain Python that declares nothing runs on the Python search.
    opaque = StepRule(lambda board, src, dst: True, watch_from=0, watch_to=0)
    rules = TurnRules((3, 1), HIT, True, opaque, None, None, True, [])
    start_state = nardy.Backgammon().starting_position().raw
    assert nardy.engine.native.native_plays(rules, start_state) is None


def test_a_double_of_more_than_four_moves() -> None:
    # A variant's moves hook may give more; every play uses them all where it can.
    start = nardy.Backgammon().starting_position().raw
    plays = searched(start, TurnRules((1,) * 6, HIT, True, None, None, None, True, []))
    assert plays
    assert all(len(engine_state.steps_of_code(code)) == 6 for _, code in plays)
    four = searched(start, TurnRules((1,) * 4, HIT, True, None, None, None, True, []))
    assert len(plays) > len(four)


def test_a_step_rule_sees_only_the_steps_it_watches() -> None:
    seen: list[tuple[int, int]] = []

    def note(board: list[int], src: int, dst: int) -> bool:
        seen.append((src, dst))
        return True

    start = nardy.Backgammon().starting_position().raw
    rule = StepRule(note, watch_from=1 << 24, watch_to=0)
    searched(start, TurnRules((3, 1), HIT, True, rule, None, None, True, []))
    assert seen
    assert all(src == 24 for src, _ in seen)


def test_a_step_rule_floor_is_kept_by_both_searches() -> None:
    # At most one checker may leave the 24-point: a floor of 1 under its 2.
    board = [0] * 28
    board[24], board[13], board[1] = 2, 1, -15
    board[27] = 0  # the opponent's 15 stand on one point; nobody is off
    start = tuple(board)
    floor = StepRule(
        lambda board, src, dst: True, watch_from=0, watch_to=0, floor_point=24, floor=1
    )
    assert floor.watch_from == 1 << 24  # a search that reads no floor sees it through ``check``
    assert "floor_point=24" in repr(floor)
    for dice in ((3, 3, 3, 3), (5, 2)):
        for contact in (BLOCK, HIT):
            plays = searched(start, TurnRules(dice, contact, False, floor, None, None, True, []))
            for state, _ in plays:
                assert state[24] >= 1, (dice, contact)
            assert plays
            # Without the floor both checkers may leave.
            free = StepRule(floor.base_check, watch_from=0, watch_to=0)
            plays = searched(start, TurnRules(dice, contact, False, free, None, None, True, []))
            assert any(state[24] == 0 for state, _ in plays)


def _plays(
    start: engine_state.State,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: Any,
) -> list[tuple[engine_state.State, int]]:
    """One turn's plays under these rules (both searches where the native core takes them)."""
    return searched(start, TurnRules(dice, contact, enters, rule, hitter, play_filter, True, []))


def _plain(end: Any) -> Any:
    """A whole-play filter wrapped in a plain function: the engine takes it the general way."""

    def wrapped(start: engine_state.State, candidates: list[engine_state.Candidate]) -> list[Any]:
        result: list[Any] = end(start, candidates)
        return result

    return wrapped


@pytest.mark.parametrize("spec", ["long-nardy(six_block_check=turn)", "kush(six_block_check=turn)"])
def test_the_end_of_turn_filter_judged_most_dice_first_gives_the_full_answer(spec: str) -> None:
    # The engine filters the candidates that use the most dice first when the
    # filter judges each candidate alone; any other filter sees them all.
    # Wrapped in a plain function, the same rule goes the general way.
    from nardy.rules.long_nardy import SixBlockAtEnd

    variant = nardy.find_variant(spec)
    assert isinstance(variant, (nardy.LongNardy, nardy.Kush))
    end = SixBlockAtEnd(variant.six_block)
    wrapped = _plain(end)

    enters = variant.entering is not Entering.RETURN
    rng = random.Random(5)
    position = variant.starting_position()
    compared = 0
    for _ in range(400):
        if position.is_over():
            position = variant.starting_position()
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        start = position.raw
        rule = variant.step_rule(start, roll)
        hitter = variant.hitter_rule(start, roll)
        contact = HIT if variant.turn_contact(roll) is Contact.HIT else BLOCK
        args = (position.raw, roll.moves, contact, enters, rule, hitter)
        fast = _plays(*args, end)
        slow = _plays(*args, wrapped)
        assert fast == slow, (position.id(), roll)
        compared += 1
        legal = position.legal_plays(roll)
        position = legal.resulting_position(rng.randrange(len(legal)))
    assert compared == 400


def _bunched_long_state(rng: random.Random) -> engine_state.State:
    """A long-nardy position whose mover has runs of points, every opposing checker behind them.

    The opponent's fifteen stand in the first half of his route (route
    numbers 13-24), so a block the mover makes beyond them is one the
    six-block rule forbids ("ahead" and "home" alike).
    """
    from nardy.rules.long_nardy import ROUTE

    s = [0] * 28
    base = rng.randint(1, 24)
    mine = rng.randint(8, 15)
    for _ in range(mine):
        s[(base + rng.randint(0, 8) - 1) % 24 + 1] += 1
    s[0] = 15 - mine
    theirs = [ROUTE[q] for q in range(13, 25) if s[ROUTE[q]] == 0]
    for _ in range(15):
        s[rng.choice(theirs)] -= 1
    return tuple(s)


@pytest.mark.parametrize("six_block", ["ahead", "home"])
def test_the_declared_end_of_turn_rule_gives_the_full_answer(
    six_block: str,
) -> None:
    # Long nardy with six_block_check="turn": the declared rule (the native
    # search where it is loaded) against the same rule wrapped in a plain
    # function, given every candidate by the Python search.
    from nardy.rules.long_nardy import SixBlockAtEnd

    variant = nardy.LongNardy(six_block=six_block, six_block_check="turn")
    end = SixBlockAtEnd(six_block)
    wrapped = _plain(end)

    rng = random.Random(17)
    refused = 0
    for _ in range(300):
        state = _bunched_long_state(rng)
        for a in range(1, 7):
            for b in range(1, a + 1):
                roll = Roll(a, b)
                rule = variant.step_rule(state, roll)
                args = (state, roll.moves, BLOCK, True, rule, None)
                fast = _plays(*args, end)
                assert fast == _plays(*args, wrapped), (state, roll)
                unfiltered = _plays(*args, None)
                refused += fast != unfiltered
    assert refused > 200  # the rule does refuse plays here


# Positions where the end-of-turn six-block rule refuses every play of the most
# dice (found by a random search), with their rolls.
_SHORTENED = [
    (
        (
            6,
            0,
            -1,
            -2,
            -1,
            -1,
            0,
            -1,
            -1,
            -2,
            -2,
            -2,
            -2,
            0,
            1,
            1,
            1,
            3,
            3,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
        (5, 4),
    ),
    (
        (
            9,
            -2,
            -1,
            -1,
            -1,
            -1,
            -1,
            -1,
            -2,
            -1,
            -1,
            -2,
            -1,
            0,
            0,
            0,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
        (6, 6),
    ),
    (
        (
            7,
            -2,
            -1,
            -1,
            -1,
            0,
            -1,
            -2,
            -1,
            -1,
            -2,
            -2,
            -1,
            0,
            0,
            0,
            1,
            1,
            1,
            1,
            2,
            2,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
        (6, 6),
    ),
    (
        (
            6,
            -2,
            -2,
            -2,
            -1,
            -1,
            0,
            -1,
            -1,
            -1,
            -1,
            -2,
            -1,
            0,
            0,
            0,
            2,
            2,
            2,
            1,
            1,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
        (6, 6),
    ),
    (
        (
            5,
            0,
            -1,
            0,
            -1,
            0,
            -2,
            -1,
            -4,
            -2,
            -2,
            -1,
            -1,
            0,
            1,
            2,
            2,
            2,
            2,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
        (6, 2),
    ),
    (
        (
            5,
            0,
            -1,
            0,
            -1,
            0,
            -2,
            -1,
            -4,
            -2,
            -2,
            -1,
            -1,
            0,
            1,
            2,
            2,
            2,
            2,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
        ),
        (6, 5),
    ),
]


@pytest.mark.parametrize(("state", "dice"), _SHORTENED)
def test_the_end_of_turn_rule_refusing_every_longest_play_leaves_the_shorter(
    state: engine_state.State, dice: tuple[int, int]
) -> None:
    from nardy.rules.long_nardy import SixBlockAtEnd

    variant = nardy.LongNardy(six_block_check="turn")
    end = SixBlockAtEnd("ahead")
    wrapped = _plain(end)

    roll = Roll(*dice)
    rule = variant.step_rule(state, roll)
    args = (state, roll.moves, BLOCK, True, rule, None)
    fast = _plays(*args, end)
    assert fast == _plays(*args, wrapped)
    most = max(len(engine_state.steps_of_code(c)) for _, c in _plays(*args, None))
    assert all(len(engine_state.steps_of_code(c)) < most for _, c in fast)


def test_a_six_block_held_at_the_start_may_not_be_moved_up_whole() -> None:
    # The mover holds 17-22, one checker each, every opposing checker behind
    # (on his 1-12); 6-6. The only four-six play, 22/16 21/15 20/14 19/13,
    # ends on the block 13-18 and is refused; of the three-six plays, the one
    # without 19/13 makes 14-19 and is refused too. Three plays remain.
    board = [-1, -1, -1, -1, -2, -1, -1, -1, -1, -2, -2, -1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0]
    position = nardy.LongNardy(six_block_check="turn").position(board)
    plays = {str(play) for play in position.legal_plays(Roll(6, 6))}
    assert plays == {"22/16 21/15 19/13", "22/16 20/14 19/13", "21/15 20/14 19/13"}


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (((24, 21, 3), (24, 23, 1)), None),
        (((24, 21, 5),), "the roll does not give"),
        (((24, 22, 3),), "does not match die 3"),
        (((23, 20, 3),), "no checker of the mover there"),
        (((6, 0, 3),), "cannot bear off with a 3"),
        (((24, 18, 6),), "the roll does not give"),
        (((25, 22, 3),), "no checker on the bar"),
    ],
)
def test_physics_of_a_given_play(
    steps: tuple[tuple[int, int, int], ...], message: str | None
) -> None:
    start = nardy.Backgammon().starting_position().raw
    if message is None:
        apply_steps.make_steps(start, steps, (3, 1), HIT, apply_steps.ENTER)
    else:
        with pytest.raises(nardy.IllegalPlayError, match=message):
            apply_steps.make_steps(start, steps, (3, 1), HIT, apply_steps.ENTER)


def test_a_blocked_landing_is_refused_by_physics() -> None:
    start = nardy.Backgammon().starting_position().raw
    with pytest.raises(nardy.IllegalPlayError, match="closed point"):
        apply_steps.make_steps(start, ((24, 19, 5),), (5, 2), HIT, apply_steps.ENTER)


def test_apply_accepts_any_order_of_the_steps() -> None:
    pos = nardy.Backgammon().starting_position()
    roll = Roll(3, 1)
    canonical = pos.parse_play("8/5 6/5", roll)
    reordered = nardy.Play((Step(6, 5, 1), Step(8, 5, 3)), roll)
    assert reordered != canonical
    assert pos.apply(reordered) == pos.apply(canonical)
    assert reordered in pos.legal_plays(roll)


# --- the hooks through the game layer --------------------------------------------------


def test_a_game_ends_in_a_draw_when_the_rules_say_so() -> None:
    with registered(TruceHypergammon):
        v = TruceHypergammon()
        # Black has one checker off; white bears off two of his three.
        start = v.from_counts({2: 1, 1: 2}, {1: 1, 6: 1}, off=(0, 1), turn=W)
        game = nardy.Game.new(v, start=start, cube=False).roll((2, 1)).play("2/off 1/off")
        assert game.is_over()
        assert game.outcome is not None
        assert game.outcome.winner is None
        assert game.outcome.reason is nardy.EndReason.DRAW
        assert game.outcome.points_for(W) == game.outcome.points_for(B) == 0
        assert nardy.Game.from_json(game.to_json()) == game


def test_a_play_that_earns_another_roll_keeps_the_turn() -> None:
    with registered(BonusDoublesHypergammon):
        v = BonusDoublesHypergammon()
        game = nardy.Game.new(v, starter=W, cube=False).roll((2, 2))
        game = game.play(0)
        assert game.phase is nardy.Phase.ROLL
        assert game.turn is W  # a double: white rolls again
        game = game.roll((3, 1)).play(0)
        assert game.turn is B
        assert nardy.Game.from_json(game.to_json()) == game


@pytest.mark.parametrize("variant", ["backgammon", "plakoto", "kush"])
def test_keys_are_the_packed_states(variant: str) -> None:
    """The engine's results carry each state packed; key_of and key_of_packed read one as an int (the step mode's codes)."""
    rules = nardy.find_variant(variant)
    rng = random.Random(variant)
    position = rules.starting_position()
    states = 0
    while not position.is_over() and states < 60:
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        legal = position.legal_plays(roll)
        for state, key in zip(legal.result_states(), legal.raw_results(), strict=True):
            assert engine_state.pack(state) == key
            assert engine_state.unpack(key) == state
            number = int.from_bytes(key, "little")
            assert engine_state.key_of(state) == number
            assert engine_state.key_of(list(state)) == number
            assert engine_state.key_of_packed(key) == number
            states += 1
        position = legal.resulting_position(rng.randrange(len(legal)))
    assert states >= 60


def _no_roll_rules(self: object, roll: Roll) -> None:
    """A variant's roll rules: none (the per-turn hooks are asked)."""
    return


@pytest.mark.parametrize("variant", ["long-nardy", "kush", "fevga"])
def test_a_turns_native_rules_are_remembered_by_its_rule_objects(variant: str) -> None:
    """Per-turn hooks that hand out one rule object for many turns have its table written once, with the same plays."""
    from nardy.variants.planning import plan_of

    # A class of its own: a plan of its own, nothing remembered yet; without
    # roll rules (Variant.roll_rules), so that each turn asks the per-turn
    # hooks, as a subclass with hooks of its own does.
    rules = type("Fresh", (type(nardy.find_variant(variant)),), {"roll_rules": _no_roll_rules})()
    plan = plan_of(rules, nardy.Variant)
    rng = random.Random(variant)
    work: list[tuple[Position, Roll]] = []
    position = rules.starting_position()
    while len(work) < 300:
        if position.is_over():
            position = rules.starting_position()
        roll = rules.random_roll(rng)
        work.append((position, roll))
        legal = position.legal_plays(roll)
        assert legal.raw_results() == rules.play_keys(position.packed, roll, general=True)[0]
        position = legal.resulting_position(rng.randrange(len(legal)))
    # A table per distinct rule object (and dice), not per turn.
    remembered = dict(plan.by_objects)
    assert 0 < len(remembered) < len(work)
    for position, roll in work:
        rules.play_keys(position.packed, roll)
    # Seen again, each is found (the same answer object), none is written again.
    assert plan.by_objects.keys() == remembered.keys()
    assert all(plan.by_objects[k][3] is remembered[k][3] for k in remembered)
