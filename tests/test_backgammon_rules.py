"""Hand-checked cases for the rules of ``rules/backgammon.md``.

Every expectation below was worked out by hand from the rule text (the
reasoning is in the comments), never taken from the library's output.

Positions are written in the mover's frame: ``mine`` and ``theirs`` map the
mover's point numbers to checker counts; checkers not on the board or the bar
are borne off. Results are compared as "outcomes": the resulting board, bar
and off in the *same* (unflipped) mover frame, so that the expected values can
be written down directly.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import nardy
from helpers import board_of
from nardy import BAR, Position, Roll, Side, Step, Variant

BG = nardy.find_variant("backgammon")
CAUCASIAN = nardy.find_variant("caucasian")
CAUCASIAN_ANYWHERE = nardy.find_variant("caucasian", no_hide_after_hit="anywhere")

Outcome = tuple[tuple[int, ...], tuple[int, int], tuple[int, int]]


def make(
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    bar: tuple[int, int] = (0, 0),
    variant: Variant = BG,
    turn: Side = Side.WHITE,
) -> Position:
    """A position in the mover's frame; whatever is not on the board is borne off."""
    return variant.position(board_of(mine, theirs), bar=bar, turn=turn)


def outcome(
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    bar: tuple[int, int] = (0, 0),
    checkers: int = 15,
) -> Outcome:
    """An expected result, still in the frame of the side that moved."""
    off = (
        checkers - sum(mine.values()) - bar[0],
        checkers - sum(theirs.values()) - bar[1],
    )
    return (tuple(board_of(mine, theirs)), bar, off)


def outcomes(pos: Position, roll: tuple[int, int]) -> set[Outcome]:
    """The resulting positions of every legal play, mirrored back by hand (p -> 25 - p)."""
    legal = pos.legal_plays(roll)
    found: set[Outcome] = set()
    for result in legal.resulting_positions():
        assert result.turn is pos.turn.opponent
        arr = result.to_array()  # the next mover's frame
        board = tuple(-x for x in reversed(arr["board"]))
        found.add((board, (arr["bar"][1], arr["bar"][0]), (arr["off"][1], arr["off"][0])))
    # One play per distinct resulting position.
    assert len(found) == len(legal)
    return found


def assert_pass(pos: Position, roll: tuple[int, int]) -> None:
    """Rule 8: nothing can be played; the set is one empty play and nothing moves."""
    legal = pos.legal_plays(roll)
    assert legal.is_pass
    assert len(legal) == 1
    assert legal[0].is_pass
    assert legal.notations() == [""]
    after = legal.resulting_position(0)
    assert after.turn is pos.turn.opponent
    for side in Side:
        assert after.checkers(side) == pos.checkers(side)
        assert after.bar(side) == pos.bar(side)
        assert after.off(side) == pos.off(side)


# --- layouts -----------------------------------------------------------------------


def own(counts: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(counts.get(p, 0) for p in range(1, 25))


class TestLayouts:
    def test_backgammon_start(self) -> None:
        # Table: 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each side, in its own numbering.
        # The opponent's p is my 25 - p: 24->1, 13->12, 8->17, 6->19.
        pos = BG.starting_position()
        assert pos.turn is Side.WHITE
        start = {24: 2, 13: 5, 8: 3, 6: 5}
        for side in Side:
            assert pos.checkers(side) == own(start)
            assert pos.bar(side) == 0
            assert pos.off(side) == 0
            # 2*24 + 5*13 + 3*8 + 5*6 = 48 + 65 + 24 + 30
            assert pos.pip_count(side) == 167
        assert list(pos.board) == board_of(start, {1: 2, 12: 5, 17: 3, 19: 5})

    def test_black_to_move_first(self) -> None:
        pos = BG.starting_position(turn=Side.BLACK)
        assert pos.turn is Side.BLACK
        assert list(pos.board) == board_of({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 5, 17: 3, 19: 5})

    @pytest.mark.parametrize("name", ["short-nardy", "caucasian"])
    def test_same_start_as_backgammon(self, name: str) -> None:
        pos = nardy.find_variant(name).starting_position()
        assert pos.board == BG.starting_position().board
        assert pos.pip_count(Side.WHITE) == 167

    def test_nackgammon_start(self) -> None:
        # 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6: 48 + 46 + 52 + 24 + 24 = 194 pips.
        variant = nardy.find_variant("nackgammon")
        pos = variant.starting_position()
        start = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
        assert sum(start.values()) == variant.checkers == 15
        for side in Side:
            assert pos.checkers(side) == own(start)
            assert pos.pip_count(side) == 194
        assert list(pos.board) == board_of(start, {1: 2, 2: 2, 12: 4, 17: 3, 19: 4})

    def test_hypergammon_start(self) -> None:
        # Three checkers a side, on 24, 23 and 22: 69 pips.
        variant = nardy.find_variant("hypergammon")
        assert variant.checkers == 3
        pos = variant.starting_position()
        for side in Side:
            assert pos.checkers(side) == own({24: 1, 23: 1, 22: 1})
            assert pos.pip_count(side) == 69
            assert pos.off(side) == 0
        assert list(pos.board) == board_of({24: 1, 23: 1, 22: 1}, {1: 1, 2: 1, 3: 1})


# --- rule 1: two dice, doubles four moves ------------------------------------------------


class TestRule1Dice:
    def test_roll_gives_two_moves_double_gives_four(self) -> None:
        assert Roll(3, 1).moves == (3, 1)
        assert Roll(1, 3).moves == (3, 1)
        assert Roll(4, 4).moves == (4, 4, 4, 4)

    def test_opening_31_has_16_plays(self) -> None:
        # From the start the opponent holds my 1, 12, 17 and 19 (closed).
        # 3s: 24/21, 13/10, 8/5, 6/3 (all open). 1s: 24/23, 8/7, 6/5 (13/12 closed).
        # Two checkers: 4 x 3 = 12 plays; no destination is a starting point, so
        # they are all different. One checker 4 pips: 24/20, 13/9 (via 10), 8/4,
        # 6/2. 12 + 4 = 16.
        start = {24: 2, 13: 5, 8: 3, 6: 5}
        theirs = {1: 2, 12: 5, 17: 3, 19: 5}

        def after(*moves: tuple[int, int]) -> Outcome:
            mine = dict(start)
            for src, dst in moves:
                mine[src] -= 1
                mine[dst] = mine.get(dst, 0) + 1
            return outcome({p: n for p, n in mine.items() if n}, theirs)

        expected = {after((a, a - 3), (b, b - 1)) for a in (24, 13, 8, 6) for b in (24, 8, 6)}
        expected |= {after((a, a - 4)) for a in (24, 13, 8, 6)}
        assert len(expected) == 16
        pos = BG.starting_position()
        assert len(pos.legal_plays((3, 1))) == 16
        assert outcomes(pos, (3, 1)) == expected

    def test_double_moves_one_checker_four_times(self) -> None:
        # A lone checker on 24 and 2-2, nothing in the way: 24/22/20/18/16.
        pos = make({24: 1}, {1: 15})
        legal = pos.legal_plays((2, 2))
        assert len(legal) == 1
        play = legal[0]
        assert play.dice_used == (2, 2, 2, 2)
        assert [(s.src, s.dst) for s in play.steps] == [(24, 22), (22, 20), (20, 18), (18, 16)]
        assert outcomes(pos, (2, 2)) == {outcome({16: 1}, {1: 15})}

    def test_double_shared_between_two_checkers(self) -> None:
        # Two checkers on 24 and 1-1: four pips split 4+0, 3+1 or 2+2.
        pos = make({24: 2}, {1: 13})
        assert outcomes(pos, (1, 1)) == {
            outcome({24: 1, 20: 1}, {1: 13}),
            outcome({23: 1, 21: 1}, {1: 13}),
            outcome({22: 2}, {1: 13}),
        }


# --- seed 004's first diagram: o's checker on 24 (rules 2, 3, 5, 6, 8) ----------------------

# In o's numbering: (1) = 13 holds a single Q (a blot), (2) = 16 holds two Qs,
# (3) = 19 holds three Qs; 18, 17 and 22 are empty. o's other 14 checkers sit
# on her 1-point, where they cannot move (no bearing off with a checker on 24).
# Q's other nine checkers are on o's 2-point, out of the way.
SEED_MINE = {24: 1, 1: 14}
SEED_THEIRS = {13: 1, 16: 2, 19: 3, 2: 9}


def seed_position(variant: Variant = BG) -> Position:
    return make(SEED_MINE, SEED_THEIRS, variant=variant)


class TestRule2Landing:
    def test_seed_6_5_lands_eleven_away_through_the_open_point(self) -> None:
        # Seed 004: "if o rolled 5 and 6, she would have to play the 6 first since
        # the spot she would go on a 5 ((3)) is blocked ... ending on (1)", which
        # holds a blot: 24/18/13*.
        pos = seed_position()
        theirs = {16: 2, 19: 3, 2: 9}
        assert outcomes(pos, (6, 5)) == {outcome({13: 1, 1: 14}, theirs, bar=(0, 1))}
        assert pos.legal_plays((6, 5)).notations() == ["24/13*"]

    def test_two_opposing_checkers_close_a_point_own_checkers_do_not(self) -> None:
        # Mover 8 and 5 (13 off), opponent holds 6. Roll 3-2: 8/6 is closed, so
        # the 2 is 5/3 (or 5/3 after 8/5, landing on my own 5-point). 5/2 then
        # the 2 cannot be played (8/6 closed, no bearing off with the 8 out).
        # The only two-dice result: checkers on 5 and 3.
        theirs = {6: 2, 20: 13}
        pos = make({8: 1, 5: 1}, theirs)
        assert outcomes(pos, (3, 2)) == {outcome({5: 1, 3: 1}, theirs)}


class TestRule3Hitting:
    def test_hit_sends_the_blot_to_its_owners_bar(self) -> None:
        # Mover 13, opponent blot on 10 and a closed 9. Roll 4-3: 13/9 is closed,
        # so 13/10* then 10/6.
        pos = make({13: 1}, {10: 1, 9: 2, 20: 12})
        legal = pos.legal_plays((4, 3))
        assert len(legal) == 1
        steps = legal[0].steps
        assert [(s.src, s.dst, s.die, s.hit) for s in steps] == [
            (13, 10, 3, True),
            (10, 6, 4, False),
        ]
        assert legal[0].hits == 1
        after = legal.resulting_position(0)
        # The hit checker is on its owner's bar; the owner is now to move.
        assert after.turn is Side.BLACK
        assert after.bar(Side.BLACK) == 1
        assert after.to_array()["bar"] == [1, 0]
        assert outcomes(pos, (4, 3)) == {outcome({6: 1}, {9: 2, 20: 12}, bar=(0, 1))}

    def test_hit_when_entering(self) -> None:
        # Seed 004's bar diagram (see TestRule4Bar): entering with a 3 hits o's blot.
        pos = bar_seed_position()
        play = pos.legal_plays((4, 3))[0]
        assert play.steps[0] == Step(BAR, 22, 3, True)


# --- rule 4: the bar ------------------------------------------------------------------

# Seed 004's second diagram, from Q's side (Q is the mover, on the bar). o's
# home board is Q's 19..24: o's 6-point (Q's 19) has five o's, o's 5 (Q's 20)
# is empty, o's 4 (Q's 21) two o's, o's 3 (Q's 22) a single o, o's 2 and 1
# (Q's 23, 24) one and two Q checkers. o also has two on her 7-point (Q's 18)
# and, in this test, five on her 8-point (Q's 17). Q's other 11 checkers are on
# his 1-point, where they cannot move.
BAR_MINE = {24: 2, 23: 1, 1: 11}
BAR_THEIRS = {19: 5, 21: 2, 22: 1, 18: 2, 17: 5}


def bar_seed_position() -> Position:
    return make(BAR_MINE, BAR_THEIRS, bar=(1, 0))


class TestRule4Bar:
    def test_seed_6_4_is_stuck(self) -> None:
        # "If he rolls a 6 or a 4, he's stuck; those spaces are blocked."
        assert_pass(bar_seed_position(), (6, 4))

    def test_seed_3_4_enters_with_a_hit_then_plays_the_4_elsewhere(self) -> None:
        # The 3 enters on 22 hitting; the 4: 22/18 and 23/19 are closed, 24/20 is
        # open (the seed: "unless he can move other pieces on the rest of the board").
        theirs = {19: 5, 21: 2, 18: 2, 17: 5}
        assert outcomes(bar_seed_position(), (4, 3)) == {
            outcome({24: 1, 23: 1, 22: 1, 20: 1, 1: 11}, theirs, bar=(0, 1))
        }

    def test_seed_6_5_enters_with_the_5_then_moves_on(self) -> None:
        # 6 -> 19 is closed; 5 -> 20 is open. Then the 6: 20/14 (24/18 and 23/17 closed).
        assert outcomes(bar_seed_position(), (6, 5)) == {
            outcome({24: 2, 23: 1, 14: 1, 1: 11}, BAR_THEIRS)
        }

    def test_seed_5_1_rest_of_roll_by_any_checker(self) -> None:
        # Entering with the 1 (on 24) leaves a 5 that nothing can play (24/19,
        # 23/18 closed), so the 5 enters (on 20) and the 1 is played by any
        # checker: 24/23, or 23/22* hitting. 20/19 is closed.
        theirs_hit = {19: 5, 21: 2, 18: 2, 17: 5}
        assert outcomes(bar_seed_position(), (5, 1)) == {
            outcome({24: 1, 23: 2, 20: 1, 1: 11}, BAR_THEIRS),
            outcome({24: 2, 22: 1, 20: 1, 1: 11}, theirs_hit, bar=(0, 1)),
        }

    def test_seed_3_3_only_two_of_four_moves(self) -> None:
        # bar/22*, then 3s: 24/21 closed, 22/19 closed, 23/20 open; then 20/17 closed.
        theirs = {19: 5, 21: 2, 18: 2, 17: 5}
        pos = bar_seed_position()
        assert outcomes(pos, (3, 3)) == {outcome({24: 2, 22: 1, 20: 1, 1: 11}, theirs, bar=(0, 1))}
        assert len(pos.legal_plays((3, 3))[0].steps) == 2

    def test_entering_lands_on_25_minus_the_die(self) -> None:
        # One checker on the bar, an empty opposing home board: every step from
        # the bar with die d lands on my point 25 - d, the opponent's d-point.
        pos = make({6: 14}, {12: 15}, bar=(1, 0))
        entries = set()
        for roll in nardy.ALL_ROLLS:
            for play in pos.legal_plays(roll):
                assert play.steps[0].src == BAR
                for step in play.steps:
                    if step.src == BAR:
                        assert step.dst == 25 - step.die
                        entries.add(step.dst)
        assert entries == {19, 20, 21, 22, 23, 24}

    def test_both_checkers_must_enter_first(self) -> None:
        # Two on the bar, 5-3, 20 and 22 open: bar/22 bar/20 and nothing else.
        theirs = {12: 5, 17: 5, 19: 5}
        pos = make({6: 13}, theirs, bar=(2, 0))
        assert outcomes(pos, (5, 3)) == {outcome({22: 1, 20: 1, 6: 13}, theirs)}

    def test_one_enters_and_the_rest_of_the_roll_is_lost(self) -> None:
        # Two on the bar; the opponent holds 24, 23, 22, 21 and 19. Roll 5-3: the 5
        # enters on 20, the 3 cannot enter on 22, and the 3 may not be played by
        # the entered checker (20/17) while the other is still on the bar.
        theirs = {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 12: 5}
        pos = make({6: 13}, theirs, bar=(2, 0))
        assert outcomes(pos, (5, 3)) == {outcome({20: 1, 6: 13}, theirs, bar=(1, 0))}
        assert pos.legal_plays((5, 3)).notations() == ["bar/20"]

    def test_once_in_the_other_die_is_free(self) -> None:
        # One on the bar, 22 closed, 20 open, 5-3: the 5 must enter; the 3 is then
        # 20/17, 10/7 or 6/3.
        theirs = {22: 2, 24: 13}
        pos = make({10: 1, 6: 13}, theirs, bar=(1, 0))
        assert outcomes(pos, (5, 3)) == {
            outcome({17: 1, 10: 1, 6: 13}, theirs),
            outcome({20: 1, 7: 1, 6: 13}, theirs),
            outcome({20: 1, 10: 1, 6: 12, 3: 1}, theirs),
        }

    def test_closed_board_every_roll_passes(self) -> None:
        # The opponent holds all six points of his home board (my 19..24).
        pos = make({6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3}, bar=(1, 0))
        for roll in nardy.ALL_ROLLS:
            assert_pass(pos, (roll.high, roll.low))


# --- rule 5: one checker, both dice ---------------------------------------------------


class TestRule5IntermediatePoints:
    def test_6_5_with_both_intermediate_points_closed(self) -> None:
        # The only movable checker is on 24 (the rest are on the 1-point and cannot
        # bear off). 18 and 19 are closed; 13, eleven away, is open but unreachable.
        pos = make({24: 1, 1: 14}, {18: 2, 19: 2, 2: 11})
        assert_pass(pos, (6, 5))

    def test_6_5_through_the_open_5_away_point(self) -> None:
        theirs = {18: 2, 2: 13}
        pos = make({24: 1, 1: 14}, theirs)
        assert outcomes(pos, (6, 5)) == {outcome({13: 1, 1: 14}, theirs)}
        assert pos.legal_plays((6, 5)).notations() == ["24/13"]

    def test_6_5_through_the_open_6_away_point(self) -> None:
        theirs = {19: 2, 2: 13}
        pos = make({24: 1, 1: 14}, theirs)
        assert outcomes(pos, (6, 5)) == {outcome({13: 1, 1: 14}, theirs)}

    def test_seed_5_2_must_play_the_2_first(self) -> None:
        # Seed 004: "if o rolls a 5 and a 2, she must move the 2 first and then the
        # 5": 24/19 is blocked, 24/22/17 is open.
        pos = seed_position()
        assert outcomes(pos, (5, 2)) == {outcome({17: 1, 1: 14}, SEED_THEIRS)}
        play = pos.legal_plays((5, 2))[0]
        assert play.dice_used == (2, 5)

    def test_double_stops_at_a_closed_point(self) -> None:
        # 4-4 from 24 with 16 closed: 24/20, then 20/16 is closed; one move only.
        theirs = {16: 2, 2: 13}
        pos = make({24: 1, 1: 14}, theirs)
        assert outcomes(pos, (4, 4)) == {outcome({20: 1, 1: 14}, theirs)}
        assert pos.legal_plays((4, 4))[0].dice_used == (4,)


# --- rule 6: maximum use -------------------------------------------------------------


class TestRule6MaximumUse:
    def test_seed_6_2_only_one_die_higher_must_be_played(self) -> None:
        # Seed 004: "If she rolls a 2 and a 6, she can only use one of the rolls
        # (moving eight spaces would land her on (2), which is blocked)."
        # 24/18 then 18/16 closed; 24/22 then 22/16 closed. Either die alone: the 6.
        assert outcomes(seed_position(), (6, 2)) == {outcome({18: 1, 1: 14}, SEED_THEIRS)}
        assert seed_position().legal_plays((6, 2)).notations() == ["24/18"]

    def test_seed_6_2_may_choose_when_must_play_higher_is_false(self) -> None:
        # "Some players claim you must use the larger roll ...; others let you have
        # the choice."
        variant = nardy.find_variant("backgammon", must_play_higher=False)
        assert outcomes(seed_position(variant), (6, 2)) == {
            outcome({18: 1, 1: 14}, SEED_THEIRS),
            outcome({22: 1, 1: 14}, SEED_THEIRS),
        }

    def test_only_the_lower_die_can_be_played(self) -> None:
        # 24/19 closed; 24/22 then 22/17 closed: the 5 can never be played, so the
        # 2 must be, even with must_play_higher.
        theirs = {19: 2, 17: 2, 2: 11}
        pos = make({24: 1, 1: 14}, theirs)
        assert outcomes(pos, (5, 2)) == {outcome({22: 1, 1: 14}, theirs)}

    def test_must_use_both_dice_when_possible(self) -> None:
        # Start, 6-5 is usually 24/13; only plays using both dice are legal: no
        # play with a single step exists.
        legal = BG.starting_position().legal_plays((6, 5))
        assert all(len(play.steps) == 2 for play in legal)
        assert "24/13" in legal.notations()

    def test_last_checker_must_hit_and_bear_off_rather_than_bear_off(self) -> None:
        # Last checker on 3, opposing blot on 1, 4-2. 3/off with the 4 uses one
        # die; 3/1* then 1/off uses both, so only 3/1*/off is legal.
        pos = make({3: 1}, {1: 1, 20: 14})
        legal = pos.legal_plays((4, 2))
        assert legal.notations() == ["3/1*/off"]
        assert outcomes(pos, (4, 2)) == {outcome({}, {20: 14}, bar=(0, 1))}


# --- rule 7: bearing off -----------------------------------------------------------


# Seed 004's bear-off diagram: Q has 1 on 5, 5 on 3, 4 on 2, 5 on 1 and an
# o blot stands on Q's 4-point. o's other 14 are in her home board (Q's 20).
OFF_MINE = {5: 1, 3: 5, 2: 4, 1: 5}
OFF_THEIRS = {4: 1, 20: 14}


class TestRule7BearingOff:
    def test_no_bearing_off_until_all_are_home(self) -> None:
        # 7:1, 6:14; 6-1. The 6 cannot bear off while the 7 is out; 7/6 then 6/off
        # (or 7/1/off) is fine. Otherwise 7/1 6/5. "6/off 6/5" is illegal.
        theirs = {20: 15}
        pos = make({7: 1, 6: 14}, theirs)
        assert outcomes(pos, (6, 1)) == {
            outcome({6: 14}, theirs),
            outcome({6: 13, 5: 1, 1: 1}, theirs),
        }

    def test_exact_die_or_a_move_inside(self) -> None:
        # 5:2, 3:1; 5-3. The 5 bears off from 5; the 3 bears off from 3 or moves
        # 5/2 inside the home board. The 3 cannot bear off from 2 while 5 is
        # occupied, nor the 5 from 3.
        theirs = {20: 15}
        pos = make({5: 2, 3: 1}, theirs)
        assert outcomes(pos, (5, 3)) == {
            outcome({3: 1, 2: 1}, theirs),  # 5/off 5/2
            outcome({5: 1}, theirs),  # 5/off 3/off
        }

    def test_higher_die_bears_off_from_the_highest_point(self) -> None:
        # 4:1, 2:1; 6-1. The 6 bears off the 4 (highest); 2/off with the 6 is not
        # allowed while 4 is occupied. Results: 4/off 2/1, or 4/3 then 3/off.
        theirs = {20: 15}
        pos = make({4: 1, 2: 1}, theirs)
        assert outcomes(pos, (6, 1)) == {outcome({1: 1}, theirs), outcome({2: 1}, theirs)}

    def test_seed_003_one_on_2_two_on_1_roll_2_1(self) -> None:
        # Seed 003: "he may move the checker from the 2-point to the 1-point (using
        # the 1), and then bear off from the 1-point (using the 2)". Or 2/off 1/off.
        theirs = {20: 15}
        pos = make({2: 1, 1: 2}, theirs)
        assert outcomes(pos, (2, 1)) == {outcome({1: 2}, theirs), outcome({1: 1}, theirs)}

    def test_seed_5_4_bears_off_from_5_and_3(self) -> None:
        # "can roll a 5-4 removing pieces from 5 and 3": 5/off, then the 4 bears
        # off from 3 (nothing of Q's above 3; o's blot on 4 does not count). Or
        # the 4 first: 5/1 ("his only move is to move the 5 piece to 1"), then the 5
        # bears off from 3.
        pos = make(OFF_MINE, OFF_THEIRS)
        assert outcomes(pos, (5, 4)) == {
            outcome({3: 4, 2: 4, 1: 5}, OFF_THEIRS),
            outcome({3: 4, 2: 4, 1: 6}, OFF_THEIRS),
        }

    def test_seed_5_1_four_ways(self) -> None:
        # "5 -- the piece at 5 must be removed"; "1 -- remove a piece from the 1
        # space, move 2 onto 1, 3 onto 2, or 5 onto 4 (hitting o's blot)". After
        # 5/4* the 5 bears off from 4, the highest point.
        pos = make(OFF_MINE, OFF_THEIRS)
        assert outcomes(pos, (5, 1)) == {
            outcome({3: 5, 2: 4, 1: 4}, OFF_THEIRS),  # 5/off 1/off
            outcome({3: 5, 2: 3, 1: 6}, OFF_THEIRS),  # 5/off 2/1
            outcome({3: 4, 2: 5, 1: 5}, OFF_THEIRS),  # 5/off 3/2
            outcome({3: 5, 2: 4, 1: 5}, {20: 14}, bar=(0, 1)),  # 5/4*/off
        }

    def test_hit_checker_must_come_home_first(self) -> None:
        # Bar 1, 5:2 (12 off). 6-5: bar/19/14 or bar/20/14; bearing off from 5 is
        # not allowed while the entered checker is outside.
        theirs = {12: 15}
        pos = make({5: 2}, theirs, bar=(1, 0))
        assert outcomes(pos, (6, 5)) == {outcome({14: 1, 5: 2}, theirs)}

    def test_bear_off_resumes_once_the_last_checker_is_home(self) -> None:
        # 13:1, 3:2; 6-6: 13/7/1 brings it home, then the last two 6s bear off from
        # the highest point, 3, twice.
        theirs = {20: 15}
        pos = make({13: 1, 3: 2}, theirs)
        assert outcomes(pos, (6, 6)) == {outcome({1: 1}, theirs)}


# --- rule 8: passing ----------------------------------------------------------------


class TestRule8Passing:
    def test_seed_5_5_both_blocked(self) -> None:
        # o's only movable checker, 5 away is (3), closed.
        assert_pass(seed_position(), (5, 5))

    def test_closedboard_of(self) -> None:
        pos = make({6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3}, bar=(1, 0))
        assert_pass(pos, (6, 5))
        after = pos.play("", (6, 5))
        assert after.turn is Side.BLACK


# --- Caucasian nardy: no hit-and-hide ----------------------------------------------------


# Mover 7:1 and 2:2 (12 off); an opposing blot on 4. Roll 3-2.
# Backgammon: 7/4*/2 (hit, hide on 2), 7/4* 2/off, 7/5/2 (no hit).
HIDE_MINE = {7: 1, 2: 2}
HIDE_THEIRS = {4: 1, 20: 14}
HIT_AND_HIDE = outcome({2: 3}, {20: 14}, bar=(0, 1))
HIT_BEAR_OFF = outcome({4: 1, 2: 1}, {20: 14}, bar=(0, 1))
NO_HIT = outcome({2: 3}, HIDE_THEIRS)


# Mover 13:1, 8:2 (12 off); blot on 10 (outside the home board); 3-2.
# Backgammon: 13/10*/8, 13/10* 8/6, 8/5 13/11, 8/5 8/6, 8/5/3, 13/11/8.
OUT_MINE = {13: 1, 8: 2}
OUT_THEIRS = {10: 1, 20: 14}
OUT_ALLOWED = {
    outcome({10: 1, 8: 1, 6: 1}, {20: 14}, bar=(0, 1)),
    outcome({11: 1, 8: 1, 5: 1}, OUT_THEIRS),
    outcome({13: 1, 6: 1, 5: 1}, OUT_THEIRS),
    outcome({13: 1, 8: 1, 3: 1}, OUT_THEIRS),
    outcome({8: 3}, OUT_THEIRS),
}
OUT_HIDE = outcome({8: 3}, {20: 14}, bar=(0, 1))


class TestCaucasianNoHide:
    def test_backgammon_allows_hit_and_hide(self) -> None:
        pos = make(HIDE_MINE, HIDE_THEIRS)
        assert outcomes(pos, (3, 2)) == {HIT_AND_HIDE, HIT_BEAR_OFF, NO_HIT}

    @pytest.mark.parametrize("variant", [CAUCASIAN, CAUCASIAN_ANYWHERE], ids=["home", "anywhere"])
    def test_hitter_in_home_may_not_continue_to_own_point(self, variant: Variant) -> None:
        pos = make(HIDE_MINE, HIDE_THEIRS, variant=variant)
        assert outcomes(pos, (3, 2)) == {HIT_BEAR_OFF, NO_HIT}
        hide = nardy.Play((Step(7, 4, 3, True), Step(4, 2, 2)), Roll(3, 2))
        with pytest.raises(nardy.IllegalPlayError):
            pos.apply(hide)
        assert make(HIDE_MINE, HIDE_THEIRS).apply(hide).bar(Side.BLACK) == 1

    def test_default_option_is_home(self) -> None:
        assert nardy.find_variant("caucasian").options()["no_hide_after_hit"] == "home"

    @pytest.mark.parametrize("variant", [CAUCASIAN, CAUCASIAN_ANYWHERE], ids=["home", "anywhere"])
    def test_hitter_may_continue_to_an_empty_point(self, variant: Variant) -> None:
        # Same position, 3-1: 7/4*/3 (3 is empty) stays legal; also 7/4* 2/1 and
        # 7/6/3 (no hit) -- exactly the backgammon plays.
        expected = {
            outcome({3: 1, 2: 2}, {20: 14}, bar=(0, 1)),
            outcome({4: 1, 2: 1, 1: 1}, {20: 14}, bar=(0, 1)),
            outcome({3: 1, 2: 2}, HIDE_THEIRS),
        }
        assert outcomes(make(HIDE_MINE, HIDE_THEIRS), (3, 1)) == expected
        assert outcomes(make(HIDE_MINE, HIDE_THEIRS, variant=variant), (3, 1)) == expected

    @pytest.mark.parametrize("variant", [CAUCASIAN, CAUCASIAN_ANYWHERE], ids=["home", "anywhere"])
    def test_hitter_may_hit_again(self, variant: Variant) -> None:
        # 9:1, 2:2; blots on 6 and 4; 3-2. 9/6*/4* hits twice; 9/6* 2/off;
        # 9/7/4* (the 2 first).
        pos = make({9: 1, 2: 2}, {6: 1, 4: 1, 20: 13}, variant=variant)
        assert outcomes(pos, (3, 2)) == {
            outcome({4: 1, 2: 2}, {20: 13}, bar=(0, 2)),
            outcome({6: 1, 2: 1}, {4: 1, 20: 13}, bar=(0, 1)),
            outcome({4: 1, 2: 2}, {6: 1, 20: 13}, bar=(0, 1)),
        }

    @pytest.mark.parametrize("variant", [CAUCASIAN, CAUCASIAN_ANYWHERE], ids=["home", "anywhere"])
    def test_hitter_may_bear_off(self, variant: Variant) -> None:
        # The required example in Caucasian: 3/1* then 1/off, off is not a point.
        pos = make({3: 1}, {1: 1, 20: 14}, variant=variant)
        assert pos.legal_plays((4, 2)).notations() == ["3/1*/off"]

    @pytest.mark.parametrize("variant", [CAUCASIAN, CAUCASIAN_ANYWHERE], ids=["home", "anywhere"])
    def test_another_checker_may_cover_the_hitter(self, variant: Variant) -> None:
        # 7:1, 6:1, 2:2 (11 off); blot on 4; 3-2. Backgammon has seven results:
        #   7/4* 6/4 (= 6/4* 7/4), 7/4*/2, 7/4* 2/off, 6/3 7/5, 6/3/1, 7/5/2, 6/4*/1.
        # Caucasian drops only 7/4*/2: covering by another checker stays legal, and
        # the hitter may move on to the empty 1-point.
        theirs = {4: 1, 20: 14}
        hit = {20: 14}
        mine = {7: 1, 6: 1, 2: 2}
        allowed = {
            outcome({4: 2, 2: 2}, hit, bar=(0, 1)),
            outcome({6: 1, 4: 1, 2: 1}, hit, bar=(0, 1)),
            outcome({5: 1, 3: 1, 2: 2}, theirs),
            outcome({7: 1, 2: 2, 1: 1}, theirs),
            outcome({6: 1, 2: 3}, theirs),
            outcome({7: 1, 2: 2, 1: 1}, hit, bar=(0, 1)),
        }
        hide = outcome({6: 1, 2: 3}, hit, bar=(0, 1))
        assert outcomes(make(mine, theirs), (3, 2)) == allowed | {hide}
        assert outcomes(make(mine, theirs, variant=variant), (3, 2)) == allowed
        # Both orders of the covering play are the same legal play.
        pos = make(mine, theirs, variant=variant)
        assert pos.play("7/4* 6/4", (3, 2)) == pos.play("6/4* 7/4", (3, 2))

    def test_home_option_hit_outside_home_does_not_restrict(self) -> None:
        expected = OUT_ALLOWED | {OUT_HIDE}
        assert outcomes(make(OUT_MINE, OUT_THEIRS), (3, 2)) == expected
        assert outcomes(make(OUT_MINE, OUT_THEIRS, variant=CAUCASIAN), (3, 2)) == expected

    def test_anywhere_option_hit_outside_home_restricts(self) -> None:
        pos = make(OUT_MINE, OUT_THEIRS, variant=CAUCASIAN_ANYWHERE)
        assert outcomes(pos, (3, 2)) == OUT_ALLOWED

    @pytest.mark.parametrize("variant", [CAUCASIAN, CAUCASIAN_ANYWHERE], ids=["home", "anywhere"])
    def test_restriction_lasts_the_whole_double(self, variant: Variant) -> None:
        # 8:1, 2:2 (12 off); blot on 6; 2-2. 8/6* is forced (nothing else can move
        # and there is no bearing off with the 8 out). Backgammon then has
        # 6/4/2 + 2/off (or 6/4/2/off) -> two on 2, or 6/4 + 2/off(2) -> one on 4.
        # In Caucasian the hitter may go on to the empty 4 but never onto the
        # 2-point while it holds my checkers: only the second result is legal.
        theirs = {6: 1, 20: 14}
        lands_home = outcome({2: 2}, {20: 14}, bar=(0, 1))
        stays_out = outcome({4: 1}, {20: 14}, bar=(0, 1))
        assert outcomes(make({8: 1, 2: 2}, theirs), (2, 2)) == {lands_home, stays_out}
        assert outcomes(make({8: 1, 2: 2}, theirs, variant=variant), (2, 2)) == {stays_out}
