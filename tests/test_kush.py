"""Kush (long nardy with hitting on doubles): hand-checked cases and reference agreement.

The stated interpretation is the one at the end of rules/long-nardy.md and
in docs/variants/kush.rst. Positions are in the mover's numbering, as in
test_long_nardy.py (whose helpers this file uses); every expected set of
plays was worked out by hand, with the reasoning next to it.
"""

from __future__ import annotations

import pytest

import nardy
from helpers import board_of
from nardy import ALL_ROLLS, Contact, IllegalPlayError, Kush, Play, Result, ResultKind, Roll, Step
from test_long_nardy import B, W, assert_plays, legal, own_of, pos
from test_long_nardy_properties import (
    block_player,
    check_agreement,
    check_invariants,
    constructed,
    first_turns,
    random_player,
    self_play,
)

KUSH = Kush()


def kpos(
    mine: dict[int, int], theirs: dict[int, int], bar: tuple[int, int] = (0, 0)
) -> nardy.Position:
    """A Kush position, white to move, both sides in white's numbering."""
    return KUSH.position(board_of(mine, theirs), bar=bar, turn=W)


# --- the variant -------------------------------------------------------------------------


def test_class_data() -> None:
    assert KUSH.name == "kush"
    assert nardy.find_variant("Kush") == KUSH
    assert nardy.find_variant("куш") == KUSH
    assert KUSH.has_bar is True
    # Blocking as in long nardy; a double hits, and hit checkers wait for a return.
    assert KUSH.contact is Contact.BLOCK
    assert KUSH.turn_contact(Roll(2, 1)) is Contact.BLOCK
    assert KUSH.turn_contact(Roll(3, 3)) is Contact.HIT
    assert KUSH.entering is nardy.Entering.RETURN
    assert KUSH.geometry is nardy.Geometry.ROTATE
    assert dict(KUSH.start) == {24: 15}
    assert KUSH.option_names() == nardy.LongNardy.option_names()
    assert not isinstance(KUSH, nardy.LongNardy)


def test_first_turn_is_long_nardys() -> None:
    # No opposing checker can be hit on a first turn from the start (the
    # only one in reach is the head, 15 strong), so every roll is as in
    # long nardy.
    ln = nardy.LongNardy()
    for roll in ALL_ROLLS:
        r = (roll.high, roll.low)
        ours = {own_of(x, W) for x in KUSH.starting_position().legal_plays(r).resulting_positions()}
        theirs = {own_of(x, W) for x in ln.starting_position().legal_plays(r).resulting_positions()}
        assert ours == theirs, roll


# --- non-doubles: long nardy unchanged -----------------------------------------------------


def test_non_double_does_not_hit() -> None:
    # As in long nardy: the blot on 18 closes it; 24/23/17 is the only play.
    p = kpos({24: 14, 1: 1}, {18: 1, 12: 14})
    assert_plays(p, (6, 1), "24/17")


def test_non_double_never_returns_from_the_bar() -> None:
    # A checker on the bar does not stop the others: 13/11/10 (13/12 is his
    # head). Nothing comes back from the bar on a non-double.
    p = kpos({13: 1, 1: 13}, {12: 15}, bar=(1, 0))
    assert_plays(p, (2, 1), "13/10")


def test_no_bear_off_with_a_checker_on_the_bar() -> None:
    # Everything else is home, but the bar checker forbids bearing off:
    # 6/1 with the 5; the 6 cannot bear off from 6 (nor from anywhere).
    p = kpos({6: 1, 1: 13}, {12: 15}, bar=(1, 0))
    assert_plays(p, (6, 5), "6/1")
    # Without the bar checker (one more on 1): 6/off, then the 5 from the
    # 1-point (now the highest); or 6/1, then the 6 from the 1-point.
    q = kpos({6: 1, 1: 14}, {12: 15})
    assert_plays(q, (6, 5), "6/off 1/off", "6/1/off")


# --- doubles: (a) moves with hitting --------------------------------------------------------


def test_double_hits_a_blot_and_the_hitter_stops() -> None:
    # 13/10 lands on the lone black checker: it is hit and the hitter stops;
    # the checkers on 1 cannot move (13 -> 10 is not home). One three only.
    p = kpos({13: 1, 1: 14}, {10: 1, 12: 14})
    assert_plays(p, (3, 3), "13/10*")
    (after,) = p.legal_plays((3, 3)).resulting_positions()
    assert after.bar(B) == 1
    assert after.checkers(B)[23] == 14  # his head untouched
    # Long nardy: 10 is simply closed, and nothing else moves.
    ln = nardy.LongNardy().position(p.board)
    assert ln.legal_plays((3, 3)).is_pass


def test_another_checker_on_the_hitters_point_moves_on() -> None:
    # Two on 13: the first to reach 10 hits and stops; the other lands
    # there too (no hit: 10 is white's now) and goes on 10/7/4.
    p = kpos({13: 2, 1: 13}, {10: 1, 12: 14})
    assert_plays(p, (3, 3), "13/10* 13/4")
    assert p.legal_plays((3, 3))[0].hits == 1


def test_two_opposing_checkers_still_close_the_point() -> None:
    p = kpos({13: 1, 1: 14}, {10: 2, 12: 13})
    assert p.legal_plays((3, 3)).is_pass


def test_hitting_does_not_break_the_six_block_rule() -> None:
    # White holds 5..1; black has a blot on 6 and the rest on his head.
    # 10/6* would make 6..1 with nobody of black's past it: prohibited.
    # 5/1 leaves four in a row, so after 5/1 twice 10/6* is allowed (6 is
    # alone), then the hitter stops and the fourth four bears off from 4
    # (everyone is home now; 3, 2, 1 may not use a 4 while 6 is held).
    p = kpos({10: 1, 5: 2, 4: 2, 3: 2, 2: 2, 1: 6}, {6: 1, 12: 14})
    assert_plays(p, (4, 4), "10/6* 5/1(2) 4/off")
    assert not legal(p, (4, 4), "10/6* 5/1 4/off 3/off")


# --- doubles: (b) returning from the bar ------------------------------------------------------


def test_return_or_move_is_the_players_choice() -> None:
    # (a) twos among the twelve on 6: four singles 6/4, two singles and one
    # double 6/2, or two doubles (2/off is barred by the bar checkers);
    # (b) min(2, 3) = 2 checkers come back onto the head.
    p = kpos({6: 12}, {12: 15}, bar=(3, 0))
    assert_plays(p, (2, 2), "6/4(4)", "6/4(2) 6/2", "6/2(2)", "bar/24(2)")


def test_3_3_returns_three() -> None:
    # Seed 002: "3-3 can return 3 checkers" (five on the bar: three come back).
    p = kpos({6: 10}, {12: 15}, bar=(5, 0))
    plays = p.legal_plays((3, 3))
    back = [r for r in plays.resulting_positions() if r.bar(W) == 2]
    assert len(back) == 1
    assert back[0].checkers(W)[23] == 3


def test_5_5_with_four_on_the_bar() -> None:
    # Seed 002: "5-5 with 4 on the bar returns 4 and one point burns", or
    # four moves of five: each checker on 6 can only go to 1 (no bear-off
    # with the bar occupied).
    p = kpos({6: 11}, {12: 15}, bar=(4, 0))
    assert_plays(p, (5, 5), "6/1(4)", "bar/24(4)")


@pytest.mark.parametrize(("die", "on_bar", "back"), [(5, 6, 5), (6, 6, 6), (6, 2, 2), (1, 3, 1)])
def test_a_double_returns_up_to_its_number(die: int, on_bar: int, back: int) -> None:
    # min(d, bar): more than the four moves of the double when d is 5 or 6.
    # The rest of white's checkers are on 1, where nothing can move (the
    # bar is not home, so no bearing off): the return is the only play.
    p = kpos({1: 15 - on_bar}, {12: 15}, bar=(on_bar, 0))
    notation = "bar/24" + (f"({back})" if back > 1 else "")
    assert_plays(p, (die, die), notation)
    after = p.play(notation, (die, die))
    assert (after.bar(W), after.checkers(W)[23]) == (on_bar - back, back)
    steps = (Step(25, 24, die),) * back
    assert p.apply(Play(steps, Roll(die, die))) == after
    with pytest.raises(IllegalPlayError):
        p.apply(Play((*steps, Step(25, 24, die)), Roll(die, die)))


def test_only_return_when_nothing_else_moves() -> None:
    p = kpos({1: 13}, {12: 15}, bar=(2, 0))
    assert_plays(p, (6, 6), "bar/24(2)")


def test_no_return_while_the_head_is_taken() -> None:
    # A black checker on white's 24 (black's 12): nothing comes back; the
    # twelve on 6 play (a) only: 6/5 four times in some shape.
    p = kpos({6: 13}, {24: 1, 12: 14}, bar=(2, 0))
    plays = p.legal_plays((1, 1))
    assert all(r.bar(W) == 2 for r in plays.resulting_positions())
    assert_plays(p, (1, 1), "6/5(4)", "6/5(2) 6/4", "6/4(2)", "6/5 6/3", "6/2")


def test_bar_return_notation_and_apply() -> None:
    p = kpos({6: 12}, {12: 15}, bar=(3, 0))
    after = p.play("bar/24(2)", (2, 2))
    assert after.bar(W) == 1
    assert after.checkers(W)[23] == 2
    steps = (Step(25, 24, 2), Step(25, 24, 2))
    assert p.apply(Play(steps, Roll(2, 2))) == after
    assert "bar/24(2)" in p.legal_plays((2, 2)).notations()
    with pytest.raises(IllegalPlayError, match="head"):
        p.apply(Play((Step(25, 23, 2), Step(25, 23, 2)), Roll(2, 2)))
    with pytest.raises(IllegalPlayError):
        p.play("bar/24", (2, 2))  # one back when two must come


def test_hit_checker_comes_back_on_a_double_only() -> None:
    # After 13/10* black has one on the bar. Black (non-double) cannot
    # bring it back; on a double he may.
    p = kpos({13: 1, 1: 14}, {10: 1, 12: 14})
    black = p.play("13/10*", (3, 3))
    assert black.turn is B
    assert black.bar(B) == 1
    assert all(r.bar(B) == 1 for r in black.legal_plays((2, 1)).resulting_positions())
    assert any(r.bar(B) == 0 for r in black.legal_plays((2, 2)).resulting_positions())


# --- results -----------------------------------------------------------------------------


def test_results() -> None:
    oin = KUSH.from_counts({}, {1: 14}, off=(15, 1), turn=B)
    assert oin.result() == Result(W, ResultKind.SINGLE, 1)
    mars = KUSH.from_counts({}, {1: 14}, bar=(0, 1), off=(15, 0), turn=B)
    assert mars.result() == Result(W, ResultKind.GAMMON, 2)
    # With koks, a checker on the bar has not passed the winner's home either.
    koks = Kush(koks=True)
    on_bar = koks.from_counts({}, {1: 14}, bar=(0, 1), off=(15, 0), turn=B)
    assert on_bar.result() == Result(W, ResultKind.BACKGAMMON, 3)
    home = koks.from_counts({}, {1: 15}, off=(15, 0), turn=B)
    assert home.result() == Result(W, ResultKind.GAMMON, 2)


# --- agreement with the reference ----------------------------------------------------------

KUSH_SPECS = (
    "kush",
    "kush(six_block_check=turn)",
    "kush(six_block=home)",
    "kush(head_exception=any-blocked-double,must_play_higher=false)",
)


@pytest.mark.sweep
@pytest.mark.parametrize("spec", KUSH_SPECS)
def test_sweep_agrees_with_the_reference(spec: str) -> None:
    variant = nardy.find_variant(spec)
    seed = sum(map(ord, spec))
    items = self_play(variant, seed, 3, random_player)
    items += self_play(variant, seed + 1, 2, block_player)
    items += constructed(variant, seed + 2, {"seam": 80, "bearoff": 20, "scatter": 40})
    items += first_turns(variant)[:100]
    assert len(items) >= 800
    hits = returns = 0
    for position, roll in items:
        legal_plays = check_agreement(position, roll)
        check_invariants(position, roll, legal_plays)
        hits += any(play.hits for play in legal_plays)
        returns += any(step.src == 25 for play in legal_plays for step in play.steps)
    # The sweep meets both kinds of double play.
    assert hits >= 20
    assert returns >= 10


def test_black_sees_the_hit_checker_on_his_bar() -> None:
    white = pos({13: 1, 1: 14}, {10: 1, 12: 14}, KUSH)
    black = white.play("13/10*", (3, 3))
    assert black.to_array()["bar"] == [1, 0]


def test_the_contact_of_each_roll_is_asked_once() -> None:
    # turn_contact depends on the roll alone: the engine asks it once per
    # roll, when the variant is first used, and keeps the answers.
    asked: list[Roll] = []

    class CountingKush(Kush):
        def turn_contact(self, roll: Roll) -> Contact:
            asked.append(roll)
            return super().turn_contact(roll)

    variant = CountingKush()
    position = variant.starting_position()
    for _ in range(3):
        for roll in ALL_ROLLS:
            variant.legal_plays(position, roll)
    assert sorted(asked, key=ALL_ROLLS.index) == list(ALL_ROLLS)
