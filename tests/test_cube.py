"""Hand-checked tests of the doubling cube and its house rules (``rules/game-flow.md``).

Expected values are worked out from the rule text in the comments.
"""

from __future__ import annotations

import pytest

import nardy
from nardy import (
    CubeActionError,
    EndReason,
    Game,
    NotYourTurnError,
    Phase,
    ResultKind,
    Side,
    WrongPhaseError,
)
from nardy.game.options import cube_values

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")


def opened(**options: object) -> Game:
    """White won the opening with 3-1 and played 8/5 6/5; black is on roll."""
    return Game.new("backgammon", **options).roll((3, 1)).play("8/5 6/5")  # type: ignore[arg-type]


def gammon_start(**options: object) -> Game:
    """White to roll, one checker left on his 1-point; black 15 on his 6-point (a gammon)."""
    start = BG.from_counts({1: 1}, {6: 15}, turn=W)
    return Game.new(BG, start=start, **options)  # type: ignore[arg-type]


def backgammon_start(**options: object) -> Game:
    """As gammon_start, but one black checker still in white's home board (a backgammon)."""
    start = BG.from_counts({1: 1}, {6: 14, 23: 1}, turn=W)
    return Game.new(BG, start=start, **options)  # type: ignore[arg-type]


def bear_off(g: Game) -> Game:
    """White (on roll, one checker on his 1-point) rolls 2-1 and bears it off."""
    return g.roll((2, 1)).play("1/off")


# --- double, take, drop, ownership ------------------------------------------------------


def test_double_take_gives_the_taker_the_cube_at_two() -> None:
    g = opened().double()
    assert g.phase is Phase.DOUBLED
    assert g.cube.offered_by is B
    assert g.to_act is W
    assert g.cube.value == 1  # not raised until taken
    g = g.take()
    assert g.phase is Phase.ROLL
    assert (g.cube.value, g.cube.owner, g.cube.offered_by) == (2, W, None)
    assert g.turn is B  # the doubler now rolls


def test_only_the_owner_may_redouble() -> None:
    g = opened().double().take()  # white owns the cube at 2; black on roll
    assert not g.can_double()
    with pytest.raises(CubeActionError, match="white owns the cube"):
        g.double()
    g = g.roll((6, 4)).play(0)  # white on roll, owns the cube
    assert g.can_double()
    g = g.double().take()  # black takes: 4, black owns it
    assert (g.cube.value, g.cube.owner) == (4, B)


def test_centred_cube_either_side_may_double() -> None:
    g = opened()
    assert g.can_double()  # black, on roll
    g = g.roll((6, 4)).play(0)
    assert g.can_double()  # white, on roll


def test_double_only_before_rolling() -> None:
    g = opened().roll((6, 4))
    with pytest.raises(WrongPhaseError, match="before rolling"):
        g.double()


def test_double_only_by_the_side_on_roll() -> None:
    with pytest.raises(NotYourTurnError):
        opened().double(by=W)
    g = opened().double()
    with pytest.raises(NotYourTurnError):
        g.take(by=B)


def test_no_double_pending_no_take() -> None:
    with pytest.raises(WrongPhaseError, match="no double is pending"):
        opened().take()
    with pytest.raises(WrongPhaseError):
        opened().drop()
    with pytest.raises(WrongPhaseError):
        opened().double().roll()


def test_pass_scores_the_cube_before_the_refused_double() -> None:
    g = opened().double().drop()
    # Centred cube (1): black doubles, white passes: black wins 1.
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.reason, g.outcome.points) == (B, EndReason.DROP, 1)
    # Cube at 2 (white owns it), white redoubles to 4, black passes: white wins 2.
    g = opened().double().take().roll((6, 4)).play(0).double().drop()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.cube, g.outcome.points) == (W, 2, 2)


def test_max_cube_stops_doubling() -> None:
    g = opened(max_cube=4).double().take()  # 2, white
    g = g.roll((6, 4)).play(0).double().take()  # 4, black
    g = g.roll((5, 2)).play(0)  # white played: black on roll, owns the cube at 4
    assert g.turn is B
    assert not g.can_double()
    with pytest.raises(CubeActionError, match="maximum"):
        g.double()


def test_default_max_cube_is_64() -> None:
    g = opened()
    for _ in range(6):  # 2, 4, 8, 16, 32, 64
        g = g.double().take().roll((2, 1)).play(0)
    assert g.cube.value == 64
    with pytest.raises(CubeActionError, match="maximum"):
        g.double()


def test_cube_not_in_use() -> None:
    with pytest.raises(CubeActionError, match="not in use"):
        opened(cube=False).double()


def test_crawford_game_forbids_doubling() -> None:
    g = Game.new("backgammon", crawford=True).roll((3, 1)).play("8/5 6/5")
    with pytest.raises(CubeActionError, match="Crawford"):
        g.double()


# --- stakes ---------------------------------------------------------------------------


def test_cube_values_tables() -> None:
    assert cube_values() == (1, 2, 4, 8, 16, 32, 64)
    assert cube_values("arithmetic", 6) == (1, 2, 3, 4, 5, 6)
    assert cube_values("geometric", 10) == (1, 2, 4, 8)


def test_arithmetic_stakes_raise_by_one() -> None:
    g = opened(stakes="arithmetic").double().take()  # black doubles: 2, white owns
    assert g.cube.value == 2
    g = g.roll((6, 4)).play(0).double().take()  # white redoubles: 3, black owns
    assert g.cube.value == 3
    g = g.roll((5, 2)).play(0).double().take()  # black redoubles: 4, white owns
    assert g.cube.value == 4
    # White (owner, on roll) doubles 4 -> 5; black passes: white wins 4.
    g = g.roll((2, 1)).play(0).double()
    assert g.describe().startswith("black to take or drop a double to 5")
    g = g.drop()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.points) == (W, 4)


def test_arithmetic_gammon_with_cube_three() -> None:
    start = BG.from_counts({6: 1}, {6: 15}, turn=W)
    g = Game.new(BG, start=start, stakes="arithmetic").double().take()  # 2, black owns it
    g = g.roll((2, 1)).play("6/3")  # white's last checker to his 3-point
    g = g.double().take()  # black redoubles: 3, white owns it
    assert (g.cube.value, g.cube.owner) == (3, W)
    g = g.roll((2, 1)).play(0).roll((3, 1)).play("3/off")
    # Black has none off: gammon, 2 x 3 = 6.
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.cube, g.outcome.points) == (ResultKind.GAMMON, 3, 6)


# --- beaver -----------------------------------------------------------------------------


def test_beaver_needs_the_option() -> None:
    g = opened().double()
    with pytest.raises(CubeActionError, match="beaver"):
        g.beaver()


def test_beaver_taken_cube_four_kept_by_the_beaverer() -> None:
    g = opened(beaver=True).double()  # black doubles
    g = g.beaver()  # white beavers: takes at 2 and redoubles to 4, keeping the cube
    assert g.phase is Phase.BEAVERED
    assert g.to_act is B
    assert g.cube.beavered
    g = g.take()  # black accepts the beaver
    assert (g.cube.value, g.cube.owner, g.phase, g.turn) == (4, W, Phase.ROLL, B)


def test_beaver_dropped_loses_the_doubled_stake() -> None:
    g = opened(beaver=True).double().beaver().drop()
    # Black refuses the beaver: he loses the doubled stake, 2.
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.reason, g.outcome.points) == (W, EndReason.DROP, 2)


def test_beaver_arithmetic_goes_one_two_three() -> None:
    g = opened(beaver=True, stakes="arithmetic").double().beaver().take()
    assert (g.cube.value, g.cube.owner) == (3, W)


def test_beaver_beyond_max_cube_is_refused() -> None:
    g = opened(beaver=True, max_cube=2).double()
    with pytest.raises(CubeActionError, match="max_cube"):
        g.beaver()
    assert g.take().cube.value == 2


# --- automatic doubles ----------------------------------------------------------------


def test_automatic_doubles_with_limit() -> None:
    g = Game.new("backgammon", automatic_doubles=2)
    g = g.roll((3, 3))  # tie: cube 2
    assert (g.cube.value, g.cube.owner, g.cube.automatic) == (2, None, 1)
    g = g.roll((5, 5))  # tie: cube 4
    assert (g.cube.value, g.cube.automatic) == (4, 2)
    g = g.roll((2, 2))  # tie, but the limit of two is reached: still 4
    assert (g.cube.value, g.cube.automatic) == (4, 2)
    g = g.roll((4, 1))
    assert g.phase is Phase.MOVE
    assert g.cube.centred
    # The cube stays centred: black may double (4 -> 8) after white's play.
    g = g.play(0).double().take()
    assert (g.cube.value, g.cube.owner) == (8, W)


def test_automatic_doubles_arithmetic() -> None:
    g = Game.new("backgammon", automatic_doubles=3, stakes="arithmetic")
    g = g.roll((1, 1)).roll((2, 2)).roll((6, 6)).roll((6, 6))
    assert g.cube.value == 4  # 1 -> 2 -> 3 -> 4, then the limit


def test_automatic_doubles_off_by_default_and_not_in_crawford() -> None:
    assert Game.new("backgammon").roll((3, 3)).cube.value == 1
    crawford = Game.new("backgammon", automatic_doubles=5, crawford=True)
    assert crawford.roll((3, 3)).cube.value == 1
    no_cube = Game.new("backgammon", automatic_doubles=5, cube=False)
    assert no_cube.roll((3, 3)).cube.value == 1


def test_automatic_doubles_two_dice_opening_ties_on_totals() -> None:
    g = Game.new("backgammon", automatic_doubles=1, opening="two_dice_each_reroll")
    assert g.roll(((6, 1), (4, 3))).cube.value == 2


# --- Jacoby and gammons_with_cube -----------------------------------------------------


def test_gammon_without_jacoby_counts_double() -> None:
    g = bear_off(gammon_start())
    assert g.outcome is not None
    assert g.outcome.points == 2


def test_jacoby_centred_cube_gammon_counts_single() -> None:
    g = bear_off(gammon_start(jacoby=True))
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.base, g.outcome.points) == (ResultKind.GAMMON, 1, 1)


def test_jacoby_centred_cube_backgammon_counts_single() -> None:
    g = bear_off(backgammon_start(jacoby=True))
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.points) == (ResultKind.BACKGAMMON, 1)


def test_jacoby_lifted_once_the_cube_is_turned() -> None:
    g = gammon_start(jacoby=True).double().take()  # white doubles, black takes: 2
    g = bear_off(g)
    # Gammon (2) x cube (2) = 4.
    assert g.outcome is not None
    assert (g.outcome.base, g.outcome.cube, g.outcome.points) == (2, 2, 4)


def test_jacoby_automatic_double_does_not_turn_the_cube() -> None:
    # Nobody offered a double (seed 000: "provided that 'dave' is not announced"):
    # a gammon counts single, times the automatic cube of 2.
    g = Game.new("backgammon", jacoby=True, automatic_doubles=1).roll((3, 3)).roll((3, 1))
    assert (g.cube.value, g.cube.centred) == (2, True)
    g = g.resign("gammon").accept()
    assert g.outcome is not None
    assert (g.outcome.base, g.outcome.cube, g.outcome.points) == (1, 2, 2)


def test_jacoby_applies_to_resignations() -> None:
    g = gammon_start(jacoby=True).resign("gammon", by=W)
    # A resigned gammon with the cube centred under Jacoby: 1 point.
    g = g.accept()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.points) == (B, 1)


def test_gammons_with_cube_false_turned_cube_gammon_counts_single() -> None:
    g = bear_off(gammon_start(gammons_with_cube=False).double().take())
    # Russian: with the cube turned there is no mars: single (1) x 2 = 2.
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.base, g.outcome.points) == (ResultKind.GAMMON, 1, 2)


def test_gammons_with_cube_false_centred_cube_gammon_counts() -> None:
    g = bear_off(gammon_start(gammons_with_cube=False))
    assert g.outcome is not None
    assert g.outcome.points == 2


def test_gammons_with_cube_false_backgammon_counts_single() -> None:
    g = bear_off(backgammon_start(gammons_with_cube=False).double().take())
    assert g.outcome is not None
    assert g.outcome.points == 2  # single x 2


def test_cube_in_long_nardy() -> None:
    ln = nardy.find_variant("long-nardy")
    start = ln.from_counts({1: 1}, {6: 15}, turn=W)
    g = Game.new(ln, start=start).double().take()
    g = g.roll((2, 1)).play("1/off")
    # Mars (2) x cube (2) = 4.
    assert g.outcome is not None
    assert (g.outcome.kind, g.outcome.points) == (ResultKind.GAMMON, 4)
