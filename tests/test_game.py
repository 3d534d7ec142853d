"""Hand-checked tests of Game: opening policies, phases and errors, resignations, last-roll draw.

Every expected value below is worked out from the rule text
(``rules/game-flow.md``, ``rules/long-nardy.md``) in the comment next to it,
not read back from the code.
"""

from __future__ import annotations

import doctest
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import nardy
from nardy import (
    ActionKind,
    EndReason,
    Game,
    GameOptions,
    GameOverError,
    IllegalActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidOptionError,
    NardyError,
    NotYourTurnError,
    Phase,
    ResignationError,
    ResultKind,
    Roll,
    Side,
    WrongPhaseError,
)

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")
LN = nardy.find_variant("long-nardy")


def bearoff_game(**options: object) -> Game:
    """White to roll with one checker left on his 1-point; black has 15 on his 6-point.

    Any roll bears white's last checker off: black has none off and none in
    white's home board (black's 19..24) -> a gammon.
    """
    start = BG.from_counts({1: 1}, {6: 15}, turn=W)
    return Game.new(BG, start=start, **options)  # type: ignore[arg-type]


# --- opening policies -------------------------------------------------------------------


def test_default_options_follow_the_rules_page() -> None:
    opts = GameOptions()
    assert opts.opening == "one_die_each_use_both"
    # The variant's custom: nardy players' (the winner takes white) for long
    # nardy, backgammon's (colours stay with the players) for backgammon.
    assert opts.winner_takes_white is None
    assert opts.for_variant(nardy.LongNardy()).winner_takes_white is True
    assert opts.for_variant(BG).winner_takes_white is False
    assert opts.max_cube == 64
    assert opts.stakes == "geometric"
    assert (opts.beaver, opts.automatic_doubles, opts.jacoby) == (False, 0, False)
    assert opts.gammons_with_cube is True
    assert opts.last_roll_draw is False


def test_one_die_each_use_both_winner_plays_both_dice_as_white() -> None:
    g = Game.new("backgammon")
    assert g.phase is Phase.OPENING
    assert g.turn is None
    # Player 0 throws a 5, player 1 a 3: player 0 wins, takes white, and plays 5-3.
    g = g.roll((5, 3))
    assert g.phase is Phase.MOVE
    assert g.dice == Roll(5, 3)
    assert g.white_player == 0
    assert g.first is W
    assert g.turn is W
    assert g.position == BG.starting_position(W)
    g = g.play("8/3 6/3")
    assert g.phase is Phase.ROLL
    assert g.turn is B


def test_opening_won_by_player_1_gives_him_white() -> None:
    g = Game.new("backgammon", winner_takes_white=True).roll((2, 6))
    # Player 1's 6 beats player 0's 2: player 1 plays white and starts with 6-2.
    assert g.white_player == 1
    assert g.player(W) == 1
    assert g.side_of(0) is B
    assert g.first is W
    assert g.dice == Roll(6, 2)


def test_opening_tie_rerolls() -> None:
    g = Game.new("backgammon", winner_takes_white=True).roll((4, 4))
    assert g.phase is Phase.OPENING
    assert g.cube.value == 1  # automatic doubles are off by default
    assert [a.kind for a in g.history] == [ActionKind.OPENING]
    g = g.roll((1, 3))
    assert g.phase is Phase.MOVE
    assert g.white_player == 1
    assert g.dice == Roll(3, 1)


def test_one_die_each_reroll_winner_rolls_fresh_dice() -> None:
    g = Game.new("backgammon", opening="one_die_each_reroll").roll((5, 3))
    # Player 0 wins the opening; he then rolls two new dice.
    assert g.phase is Phase.ROLL
    assert g.dice is None
    assert g.turn is W
    g = g.roll((6, 6))
    assert g.phase is Phase.MOVE
    assert g.dice == Roll(6, 6)


def test_two_dice_each_use_both_higher_total_plays_his_dice() -> None:
    g = Game.new("backgammon", opening="two_dice_each_use_both", winner_takes_white=True)
    # Player 0: 6+1 = 7, player 1: 4+4 = 8 -> player 1 is white and plays 4-4.
    g = g.roll(((6, 1), (4, 4)))
    assert g.white_player == 1
    assert g.phase is Phase.MOVE
    assert g.dice == Roll(4, 4)


def test_two_dice_each_tie_on_totals_rerolls() -> None:
    g = Game.new("backgammon", opening="two_dice_each_use_both", winner_takes_white=True)
    g = g.roll(((6, 1), (5, 2)))  # 7 = 7
    assert g.phase is Phase.OPENING
    g = g.roll(((3, 3), (6, 1)))  # 6 < 7: player 1 wins and plays 6-1
    assert g.white_player == 1
    assert g.dice == Roll(6, 1)


def test_two_dice_each_reroll() -> None:
    g = Game.new("backgammon", opening="two_dice_each_reroll").roll(((6, 5), (1, 1)))
    # 11 > 2: player 0 starts with a fresh roll.
    assert g.white_player == 0
    assert g.phase is Phase.ROLL
    assert g.roll((2, 1)).dice == Roll(2, 1)


def test_two_dice_opening_needs_pairs() -> None:
    g = Game.new("backgammon", opening="two_dice_each_reroll")
    with pytest.raises(InvalidDiceError):
        g.roll((6, 5))
    with pytest.raises(InvalidDiceError):
        Game.new("backgammon").roll((7, 1))


def test_fixed_colours_opening_winner_may_be_black() -> None:
    # Western backgammon: player 0 is white whoever wins; black's 6 beats white's 2.
    g = Game.new("backgammon", winner_takes_white=False).roll((2, 6))
    assert g.white_player == 0
    assert g.first is B
    assert g.turn is B
    assert g.position.turn is B
    assert g.dice == Roll(6, 2)


def test_seeded_games_are_reproducible() -> None:
    def run(seed: int) -> tuple[str, ...]:
        g = Game.new("backgammon", rng=random.Random(seed))
        g = g.roll()
        out = []
        for _ in range(20):
            out.append(str(g.dice))
            g = g.play(0).roll()
        return tuple(out)

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_dice_source_callable_returning_single_dice() -> None:
    dice: Iterator[int] = iter([5, 2, 6, 1, 3, 3])
    g = Game.new("backgammon", rng=lambda: next(dice)).roll()
    # Opening: player 0 throws 5, player 1 throws 2 -> player 0 white plays 5-2.
    assert (g.white_player, g.dice) == (0, Roll(5, 2))
    g = g.play(0).roll()
    assert (g.turn, g.dice) == (B, Roll(6, 1))
    g = g.play(0).roll()
    assert (g.turn, g.dice) == (W, Roll(3, 3))


def test_dice_source_callable_returning_pairs() -> None:
    pairs: Iterator[tuple[int, int]] = iter([(1, 4), (2, 2)])
    g = Game.new("backgammon", rng=lambda: next(pairs), winner_takes_white=True).roll()
    assert (g.white_player, g.dice) == (1, Roll(4, 1))
    assert g.play(0).roll().dice == Roll(2, 2)


def test_bad_dice_source_is_rejected() -> None:
    with pytest.raises(InvalidDiceError):
        Game.new("backgammon", rng=lambda: 9).roll()


def test_starter_skips_the_opening() -> None:
    g = Game.new("long-nardy", starter=W, white_player=1)
    assert g.phase is Phase.ROLL
    assert g.first is W
    assert g.white_player == 1
    assert g.position == LN.starting_position(W)


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptionError):
        GameOptions(opening="who_shouts_first")
    with pytest.raises(InvalidOptionError):
        GameOptions(stakes="exponential")
    with pytest.raises(InvalidOptionError):
        GameOptions(max_cube=0)
    with pytest.raises(InvalidOptionError):
        GameOptions(automatic_doubles=-1)
    with pytest.raises(nardy.UnknownOptionError):
        Game.new("backgammon", {"beavers": True})
    assert GameOptions(beaver="true", max_cube="16").max_cube == 16


# --- phases and errors ----------------------------------------------------------------


def test_moving_before_rolling_is_a_wrong_phase() -> None:
    g = Game.new("backgammon")
    with pytest.raises(WrongPhaseError, match="cannot play: the opening roll"):
        g.play("8/5 6/5")
    g = g.roll((3, 1)).play("8/5 6/5")
    with pytest.raises(WrongPhaseError, match="cannot play: the dice have not been rolled"):
        g.play("24/18")


def test_rolling_twice_is_a_wrong_phase() -> None:
    g = Game.new("backgammon").roll((3, 1))
    with pytest.raises(WrongPhaseError, match=r"cannot roll: the dice are already rolled \(31\)"):
        g.roll((6, 6))


def test_errors_are_nardy_errors_and_name_the_state() -> None:
    g = Game.new("backgammon").roll((3, 1))
    with pytest.raises(IllegalActionError) as info:
        g.roll()
    assert isinstance(info.value, NardyError)
    assert "white to play 31" in str(info.value)
    assert g.position.id() in str(info.value)


def test_not_your_turn() -> None:
    g = Game.new("backgammon").roll((3, 1))
    with pytest.raises(NotYourTurnError, match="by black"):
        g.play("8/5 6/5", by=B)
    assert g.play("8/5 6/5", by=W).turn is B


def test_illegal_play_is_rejected() -> None:
    g = Game.new("backgammon").roll((3, 1))
    with pytest.raises(IllegalPlayError):
        g.play("24/18")  # a 6 with 3-1
    with pytest.raises(IllegalPlayError):
        g.play(99)
    other = BG.starting_position(W).legal_plays((6, 5))[0]
    with pytest.raises(IllegalPlayError, match="is for roll 65"):
        g.play(other)


def test_snapshots_are_immutable() -> None:
    g0 = Game.new("backgammon")
    g1 = g0.roll((3, 1))
    assert g0.phase is Phase.OPENING
    assert g0.history == ()
    assert g1 != g0
    with pytest.raises(AttributeError):
        g1.phase = Phase.OVER  # type: ignore[misc]


def test_play_accepts_play_objects_notation_and_index() -> None:
    g = Game.new("backgammon").roll((3, 1))
    plays = g.legal_plays()
    target = plays.find("8/5 6/5")
    by_object = g.play(target)
    by_text = g.play("6/5 8/5")
    by_index = g.play(list(plays).index(target))
    assert by_object == by_text == by_index


def test_forced_pass_is_the_empty_play() -> None:
    # Black has a checker on the bar; white's home board 1..6 is closed (2 each).
    start = BG.from_counts(
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, {13: 14}, bar=(0, 1), turn=B
    )
    g = Game.new(BG, start=start).roll((6, 6))
    assert g.legal_plays().is_pass
    g = g.play("")
    assert g.turn is W
    assert g.history[-1].play is not None
    assert g.history[-1].play.is_pass


def test_game_over_accepts_no_action() -> None:
    g = bearoff_game().roll((2, 1)).play("1/off")
    assert g.is_over()
    assert g.phase is Phase.OVER
    assert g.allowed() == frozenset()
    for action in (g.roll, g.double, g.take, g.drop, g.beaver, g.resign, g.accept, g.reject):
        with pytest.raises(GameOverError):
            action()
    with pytest.raises(GameOverError):
        g.play("")


def test_start_position_must_fit() -> None:
    with pytest.raises(InvalidOptionError):
        Game.new("backgammon", start=LN.starting_position())
    with pytest.raises(InvalidOptionError):
        Game.new("backgammon", start=BG.starting_position(W), starter=B)


# --- a game played out: the result and the cube --------------------------------------


def test_gammon_scores_two_times_the_cube() -> None:
    g = bearoff_game().roll((2, 1)).play("1/off")
    assert g.outcome is not None
    assert g.outcome.winner is W
    assert g.outcome.reason is EndReason.BEAR_OFF
    assert g.outcome.kind is ResultKind.GAMMON
    assert (g.outcome.base, g.outcome.cube, g.outcome.points) == (2, 1, 2)
    assert (g.points(W), g.points(B)) == (2, 0)


def test_single_game_result() -> None:
    # Black has borne off 5: a single game, 1 point.
    start = BG.from_counts({1: 1}, {6: 10}, turn=W)
    g = Game.new(BG, start=start).roll((4, 2)).play("1/off")
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.points) == (ResultKind.SINGLE, 1)


def test_backgammon_result() -> None:
    # Black still has a checker on his 23-point (white's home board): 3 points.
    start = BG.from_counts({1: 1}, {6: 14, 23: 1}, turn=W)
    g = Game.new(BG, start=start).roll((4, 2)).play("1/off")
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.points) == (ResultKind.BACKGAMMON, 3)


def test_checkers_left_scoring() -> None:
    # Black has 5 checkers left (10 off): 5 points; with the cube at 2, 10.
    start = BG.from_counts({1: 1}, {6: 3, 5: 2}, turn=W)
    g = Game.new(BG, start=start, scoring="checkers-left")
    done = g.roll((4, 2)).play("1/off")
    assert done.outcome is not None
    assert done.outcome.points == 5
    doubled = g.double().take().roll((4, 2)).play("1/off")
    assert doubled.outcome is not None
    assert (doubled.outcome.base, doubled.outcome.cube, doubled.outcome.points) == (5, 2, 10)


# --- resignations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "points"),
    [(ResultKind.SINGLE, 1), (ResultKind.GAMMON, 2), (ResultKind.BACKGAMMON, 3)],
)
def test_resignation_accepted_scores_its_level(level: ResultKind, points: int) -> None:
    g = Game.new("backgammon").roll((3, 1))
    g = g.resign(level)
    assert g.phase is Phase.RESIGNED
    assert g.to_act is B
    g = g.accept(by=B)
    assert g.outcome is not None
    assert g.outcome.winner is B
    assert g.outcome.reason is EndReason.RESIGN
    assert g.outcome.kind is level
    assert g.outcome.points == points


def test_resignation_times_the_cube() -> None:
    g = Game.new("backgammon").roll((3, 1)).play("8/5 6/5")
    g = g.double().take()  # black doubles, white takes: cube 2, white owns it
    g = g.roll((6, 5)).resign("gammon").accept()
    assert g.outcome is not None
    # Black resigns a gammon with the cube at 2: white scores 2 x 2 = 4.
    assert (g.outcome.winner, g.outcome.points) == (W, 4)


def test_resignation_rejected_play_goes_on() -> None:
    g = Game.new("backgammon").roll((3, 1))
    g = g.resign().reject()
    assert g.phase is Phase.MOVE
    assert g.dice == Roll(3, 1)
    g = g.play("8/5 6/5").resign(by=B).reject(by=W)
    assert g.phase is Phase.ROLL
    assert g.turn is B


def test_resignation_pending_blocks_other_actions() -> None:
    g = Game.new("backgammon").roll((3, 1)).resign()
    with pytest.raises(WrongPhaseError):
        g.play("8/5 6/5")
    with pytest.raises(NotYourTurnError):
        g.accept(by=W)
    with pytest.raises(WrongPhaseError):
        g.resign()


def test_resignation_level_must_exist_in_the_variant() -> None:
    russian = nardy.find_variant("backgammon", scoring="russian")
    g = Game.new(russian).roll((3, 1))
    with pytest.raises(ResignationError, match="backgammon"):
        g.resign(ResultKind.BACKGAMMON)
    g = Game.new("long-nardy").roll((3, 1))
    with pytest.raises(ResignationError):
        g.resign(ResultKind.BACKGAMMON)  # koks is off by default
    koks = Game.new(nardy.find_variant("long-nardy", koks=True)).roll((3, 1))
    assert koks.resign(ResultKind.BACKGAMMON).accept().points(B) == 3


# --- last-roll draw (long nardy) ------------------------------------------------------


def last_roll_game(black: dict[int, int], **options: object) -> Game:
    """Long nardy, white (who starts this game) with one checker left on his 1-point."""
    start = LN.from_counts({1: 1}, black, turn=W)
    return Game.new(LN, start=start, last_roll_draw=True, **options)  # type: ignore[arg-type]


def test_last_roll_draw_half_a_point_each() -> None:
    g = last_roll_game({1: 1, 2: 1}).roll((2, 1)).play("1/off")
    # White, who started, bore off his last checker: black gets one more roll.
    assert not g.is_over()
    assert g.last_roll
    assert g.phase is Phase.ROLL
    assert g.turn is B
    assert g.allowed() == frozenset({ActionKind.ROLL})
    with pytest.raises(IllegalActionError):
        g.double()
    with pytest.raises(WrongPhaseError):
        g.resign()
    g = g.roll((2, 1)).play("2/off 1/off")
    # Black bears off his last two checkers: a draw, half a point each.
    assert g.outcome is not None
    assert g.outcome.winner is None
    assert g.outcome.reason is EndReason.DRAW
    assert (g.points(W), g.points(B)) == (0.5, 0.5)


def test_last_roll_draw_one_point_each_by_option() -> None:
    g = last_roll_game({1: 1, 2: 1}, draw_points="one")
    g = g.roll((2, 1)).play("1/off").roll((1, 1)).play("2/off 1/off")
    assert (g.points(W), g.points(B)) == (1, 1)


def test_last_roll_draw_times_the_cube() -> None:
    g = last_roll_game({1: 1, 2: 1}).double().take()  # white doubles, black takes: cube 2
    g = g.roll((2, 1)).play("1/off").roll((2, 1)).play("2/off 1/off")
    assert (g.points(W), g.points(B)) == (1, 1)


def test_last_roll_fails_first_player_wins() -> None:
    g = last_roll_game({6: 1, 5: 1}).roll((3, 1)).play("1/off").roll((2, 1))
    # Black cannot bear both off with 2-1: white wins; black has 13 off -> oin, 1 point.
    g = g.play("6/3")
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind, g.outcome.points) == (W, ResultKind.SINGLE, 1)


def test_last_roll_checkers_borne_off_count_against_mars() -> None:
    # Black has borne off none; his last roll 6-6 bears off four from his 1-point:
    # the result is judged after the last roll, so it is oin (1), not mars (2).
    g = last_roll_game({1: 15}).roll((3, 1)).play("1/off").roll((6, 6)).play("1/off(4)")
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.points) == (ResultKind.SINGLE, 1)


def test_no_last_roll_for_the_second_player() -> None:
    # White started this game; black bears off first: no extra roll, black simply
    # wins (white has 13 off: oin, 1 point).
    g = Game.new(LN, start=LN.from_counts({6: 2}, {1: 1}, turn=W), last_roll_draw=True)
    assert g.first is W
    g = g.roll((2, 1)).play("6/4 6/5").roll((3, 2)).play("1/off")
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.reason, g.outcome.points) == (B, EndReason.BEAR_OFF, 1)


def test_last_roll_goes_to_white_when_black_started() -> None:
    # Black started (the start position has black to move) and finishes first:
    # white gets the last roll.
    g = Game.new(LN, start=LN.from_counts({6: 2}, {1: 1}, turn=B), last_roll_draw=True)
    assert g.first is B
    g = g.roll((2, 1)).play("1/off")
    assert not g.is_over()
    assert (g.last_roll, g.turn) == (True, W)
    g = g.roll((6, 6)).play("6/off(2)")
    assert g.outcome is not None
    assert (g.outcome.reason, g.points(W), g.points(B)) == (EndReason.DRAW, 0.5, 0.5)


def test_last_roll_draw_off_by_default() -> None:
    start = LN.from_counts({1: 1}, {1: 1, 2: 1}, turn=W)
    g = Game.new(LN, start=start).roll((2, 1)).play("1/off")
    assert g.is_over()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.points) == (W, 1)


# --- inspection -------------------------------------------------------------------------


def test_allowed_actions_per_phase() -> None:
    g = Game.new("backgammon")
    assert g.allowed() == {ActionKind.OPENING, ActionKind.RESIGN}
    g = g.roll((3, 1))
    assert g.allowed() == {ActionKind.PLAY, ActionKind.RESIGN}
    g = g.play("8/5 6/5")
    assert g.allowed() == {ActionKind.ROLL, ActionKind.DOUBLE, ActionKind.RESIGN}
    g = g.double()
    assert g.allowed() == {ActionKind.TAKE, ActionKind.DROP}
    assert g.to_act is W


def test_states_replays_every_snapshot() -> None:
    g = Game.new("backgammon").roll((3, 1)).play("8/5 6/5").double().take().roll((6, 4))
    snapshots = list(g.states())
    assert len(snapshots) == len(g.history) + 1
    assert snapshots[-1] == g
    assert snapshots[0].phase is Phase.OPENING


def test_describe_and_str() -> None:
    g = Game.new("backgammon").roll((3, 1))
    assert g.describe() == "white to play 31; cube 1 (centred)"
    assert str(g) == "backgammon game: white to play 31; cube 1 (centred)"


@pytest.mark.parametrize(
    "spec", ["acey-deucey", "tabula", "gul-bara", "gioul", "plakoto", "dutch", "russian"]
)
def test_a_game_without_the_cube_does_not_mention_one(spec: str) -> None:
    g = Game.new(spec, rng=7)
    assert not g.options.cube
    seen = [g.describe()]
    while g.phase is not Phase.MOVE:
        g = g.roll()
        seen.append(g.describe())
    seen += [repr(g), str(g), g.resign().describe()]
    assert seen[0] == "waiting for the opening roll"
    assert not [text for text in seen if "cube" in text]
    bg = Game.new("backgammon", cube=False).roll((3, 1))
    assert bg.describe() == "white to play 31"
    assert Game.new("backgammon").roll((3, 1)).describe().endswith("; cube 1 (centred)")


def test_repr_is_one_short_line() -> None:
    g = Game.new("backgammon")
    assert repr(g) == "<Game backgammon: waiting for the opening roll; cube 1 (centred)>"
    g = g.roll((3, 1))
    assert repr(g) == "<Game backgammon: white to play 31; cube 1 (centred)>"
    g = g.play("8/5 6/5").double().take()
    assert repr(g) == "<Game backgammon: black to roll; cube 2 (white)>"
    g = g.resign(by=Side.BLACK).accept()
    assert repr(g) == "<Game backgammon: over: white wins (single, resign): 2>"
    spec = "backgammon(scoring=russian)"
    assert repr(Game.new(spec)).startswith(f"<Game {spec}: ")


# --- the guide pages' examples ---------------------------------------------------------

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide"


@pytest.mark.parametrize("page", ["playing.rst", "scoring.rst"])
def test_guide_examples_run(page: str) -> None:
    path = GUIDE / page
    if not path.exists():  # pragma: no cover - an installed package without docs
        pytest.skip(f"{path} is not in this tree")
    failures, tried = doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 10
    assert failures == 0
