"""Long nardy: every rule and worked example of rules/long-nardy.md, checked by hand.

Positions are written in the mover's numbering (he moves 24 -> 1, his head is
his 24-point, the opponent's head is his 12-point and the opponent runs
12 -> 1 -> 24 -> 13). Every expected set of plays was worked out by hand; the
comment next to it gives the reasoning. The expected plays are compared by the
position they lead to, computed here from the notation by
:func:`own_after` (a few lines, independent of the library's notation code).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

import nardy
from helpers import board_of
from nardy import (
    ALL_ROLLS,
    BarNotAllowedError,
    Geometry,
    InvalidOptionError,
    LongNardy,
    Position,
    Result,
    ResultKind,
    Side,
    UnknownOptionError,
    UnsupportedFormatError,
)

W, B = Side.WHITE, Side.BLACK
LN = LongNardy()

Own = tuple[int, int, tuple[int, ...]]


def pos(
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    variant: nardy.Variant = LN,
    turn: Side = W,
) -> Position:
    """A position with ``turn`` to move, both sides in the mover's numbering."""
    return variant.position(board_of(mine, theirs), turn=turn)


def own_of(position: Position, side: Side) -> Own:
    """``side``'s checkers: (off, bar, points 1..24 in its own numbering)."""
    return (position.off(side), position.bar(side), position.checkers(side))


def own_after(position: Position, notation: str) -> Own:
    """The mover's checkers after the moves written in ``notation``, worked out by hand."""
    mover = position.turn
    off, bar, points = own_of(position, mover)
    cells = [off, *points, bar]  # index 0 off, 1..24 points, 25 bar
    for token in notation.split():
        count = 1
        if token.endswith(")"):
            token, _, n = token[:-1].partition("(")
            count = int(n)
        parts = token.replace("*", "").split("/")
        src = 25 if parts[0] == "bar" else int(parts[0])
        dst = 0 if parts[-1] == "off" else int(parts[-1])
        cells[src] -= count
        cells[dst] += count
        assert cells[src] >= 0, f"bad hand notation {notation!r}"
    return (cells[0], cells[25], tuple(cells[1:25]))


def outcomes(position: Position, roll: tuple[int, int]) -> set[Own]:
    """The mover's checkers after each legal play."""
    mover = position.turn
    return {own_of(r, mover) for r in position.legal_plays(roll).resulting_positions()}


def assert_plays(position: Position, roll: tuple[int, int], *notations: str) -> None:
    """The legal plays are exactly ``notations`` (compared by resulting position)."""
    want = {own_after(position, n) for n in notations}
    assert len(want) == len(notations), "two expected plays give the same position"
    plays = position.legal_plays(roll)
    assert outcomes(position, roll) == want, plays.notations()
    assert len(plays) == len(notations)


def legal(position: Position, roll: tuple[int, int], notation: str) -> bool:
    """True when a legal play leads to what ``notation`` describes."""
    return own_after(position, notation) in outcomes(position, roll)


# --- the variant ---------------------------------------------------------------------


def test_class_data() -> None:
    assert LN.name == "long-nardy"
    assert LN.checkers == 15
    assert dict(LN.start) == {24: 15}
    assert LN.geometry is Geometry.ROTATE
    assert LN.contact is nardy.Contact.BLOCK
    assert LN.has_bar is False
    assert LN.gnubg_id_supported is False
    assert LN.option_names() == (
        "head_exception",
        "six_block",
        "six_block_check",
        "must_play_higher",
        "koks",
        "result_points",
    )


def test_the_whole_play_filter_is_idle_unless_the_six_block_rule_waits_for_the_end() -> None:
    step, turn = LongNardy(), LongNardy(six_block_check="turn")
    assert step.unused_hooks() == frozenset({"play_filter"})
    assert turn.unused_hooks() == frozenset()
    start = step.starting_position()
    for roll in (nardy.Roll(6, 5), nardy.Roll(4, 4)):
        # The idle hook says what its absence says: no filter.
        assert step.play_filter(start.raw, roll) is None
        assert turn.play_filter(start.raw, roll) is not None
        assert (
            step.legal_plays(start, roll).raw_results()
            == turn.legal_plays(turn.starting_position(), roll).raw_results()
        )


def test_defaults() -> None:
    assert LN.options() == {
        "head_exception": "6-4-3",
        "six_block": "ahead",
        "six_block_check": "step",
        "must_play_higher": True,
        "koks": False,
        "result_points": None,
    }
    assert LN.spec() == "long-nardy"


def test_result_points() -> None:
    # Oin and mars (and koks) take other points, lowest kind first.
    assert LongNardy(result_points="1-3").points(ResultKind.GAMMON) == 3
    assert LongNardy(koks=True, result_points=(1, 2, 4)).points(ResultKind.BACKGAMMON) == 4
    assert LongNardy(result_points="1-3").spec() == "long-nardy(result_points=1-3)"
    with pytest.raises(nardy.InvalidOptionError, match="needs 2 values"):
        LongNardy(result_points=(1, 2, 3))


@pytest.mark.parametrize(
    "name", ["long-nardy", "Long Nardy", "long backgammon", "narde", "NARDY", "длинные нарды"]
)
def test_names(name: str) -> None:
    assert nardy.find_variant(name) == LN


@pytest.mark.parametrize(
    ("option", "values"),
    [
        ("head_exception", ["6-4-3", "6-4", "any-blocked-double", "head-only"]),
        ("six_block", ["ahead", "home", "off"]),
        ("six_block_check", ["step", "turn"]),
        ("must_play_higher", [True, False]),
        ("koks", [True, False]),
    ],
)
def test_every_option_value_round_trips(option: str, values: list[Any]) -> None:
    for value in values:
        variant = LongNardy(**{option: value})
        assert getattr(variant, option) == value
        assert nardy.find_variant(variant.spec()) == variant


def test_string_options() -> None:
    assert nardy.find_variant("long-nardy", koks="true") == LongNardy(koks=True)
    v = nardy.find_variant("narde(head_exception=6-4,six_block_check=turn,must_play_higher=0)")
    assert v == LongNardy(head_exception="6-4", six_block_check="turn", must_play_higher=False)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"head_exception": "3-3"}, "head_exception"),
        ({"six_block": "always"}, "six_block"),
        ({"six_block_check": "move"}, "six_block_check"),
        ({"koks": "maybe"}, "maybe"),
    ],
)
def test_bad_option_values(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidOptionError, match=named):
        nardy.find_variant("long-nardy", **kwargs)


def test_unknown_option() -> None:
    with pytest.raises(UnknownOptionError, match="last_roll"):
        nardy.find_variant("long-nardy", last_roll="yes")


def test_no_bar() -> None:
    board = board_of({24: 14}, {12: 15})
    with pytest.raises(BarNotAllowedError, match="bar"):
        LN.position(board, bar=(1, 0))
    with pytest.raises(BarNotAllowedError):
        LN.position(board_of({24: 15}, {12: 14}), bar=(0, 1))


def test_no_gnubg_id() -> None:
    with pytest.raises(UnsupportedFormatError):
        LN.starting_position().gnubg_id()


# --- layout and direction --------------------------------------------------------------


def test_start() -> None:
    # Each side has its 15 on its 24-point; the opponent's head is the mover's 12.
    for turn in (W, B):
        start = LN.starting_position(turn)
        assert start.board == (0,) * 11 + (-15,) + (0,) * 11 + (15,)
        assert start.checkers(W) == start.checkers(B) == (0,) * 23 + (15,)
        assert start == LN.from_counts({24: 15}, {24: 15}, turn=turn)


@pytest.mark.parametrize(
    ("mine", "theirs"), [(24, 12), (12, 24), (13, 1), (1, 13), (6, 18), (18, 6), (19, 7)]
)
def test_opponent_numbering(mine: int, theirs: int) -> None:
    # opp(p) = (p + 11) mod 24 + 1, both ways.
    assert Geometry.ROTATE.opponent_point(mine) == theirs
    assert Geometry.ROTATE.opponent_point(theirs) == mine


@pytest.mark.parametrize("q", [1, 6, 11, 13, 18, 23])
def test_opponent_checker_in_the_movers_frame(q: int) -> None:
    # A black checker on black's q shows on white's (q + 11) % 24 + 1.
    position = LN.from_counts({24: 15}, {q: 1, 24: 14}, turn=W)
    board = position.board
    assert board[(q + 11) % 24] == -1
    assert board[11] == -14  # black's head, white's 12


def test_absolute_fields_of_seed_002() -> None:
    # Seed 002: white's head is field 1, black's field 13; white runs 1 -> 24,
    # black 13 -> 24 -> 1 -> 12. The table in docs/variants/long-nardy.rst:
    # white's point p is field 25 - p; black's point q is field 37 - q for
    # q >= 13 and 13 - q for q <= 12. One physical point, two numberings.
    def white_field(p: int) -> int:
        return 25 - p

    def black_field(q: int) -> int:
        return 37 - q if q >= 13 else 13 - q

    assert (white_field(24), black_field(24)) == (1, 13)  # the heads
    assert (white_field(1), black_field(1)) == (24, 12)  # the last points
    assert {white_field(p) for p in range(1, 25)} == {black_field(q) for q in range(1, 25)}
    for p in range(1, 25):
        assert black_field(Geometry.ROTATE.opponent_point(p)) == white_field(p)


# --- rule 1 and 2: moving, no hitting ------------------------------------------------------


def test_single_checker_closes_a_point_and_an_intermediate_point_must_be_open() -> None:
    # A lone black checker on my 18 closes it: 24/18 is impossible, so the
    # 6-1 is played by one checker 24/23/17 (one checker may leave the head;
    # the checker on 1 cannot move before all are home).
    p = pos({24: 14, 1: 1}, {18: 1, 12: 14})
    assert_plays(p, (6, 1), "24/17")


def test_no_move_is_a_pass() -> None:
    # Rule 8: 18 and 23 closed, the head checker cannot move, the 1-point
    # checker cannot bear off: nothing can be played.
    p = pos({24: 14, 1: 1}, {18: 1, 23: 1, 12: 13})
    plays = p.legal_plays((6, 1))
    assert plays.is_pass
    assert plays.notations() == [""]
    assert plays.resulting_position(0) == p.pass_turn()


def test_nothing_is_ever_hit() -> None:
    p = LN.starting_position()
    for roll in ALL_ROLLS:
        for after in p.legal_plays(roll).resulting_positions():
            assert after.checkers(B) == (0,) * 23 + (15,)


# --- rule 3: the head ----------------------------------------------------------------


def test_head_rule() -> None:
    # Not a first turn (14 on the head). 4-3: one checker leaves the head:
    # 24/20/17 or 24/21/17 -> 24/17; 24/20 23/20; 24/21 23/19; 23/16.
    # 24/20 24/21 would take two from the head.
    p = pos({24: 14, 23: 1}, {12: 15})
    assert_plays(p, (4, 3), "24/17", "24/20 23/20", "24/21 23/19", "23/16")
    assert not legal(p, (4, 3), "24/20 24/21")


def test_head_rule_on_a_double_after_the_first_turn() -> None:
    # 14 on the head, so no exception: one checker 24/18, then 18/12 is the
    # opponent's head; a second checker may not leave. One six only.
    p = pos({24: 14, 18: 1}, {12: 15})
    assert_plays(p, (6, 6), "24/18")


# --- rule 4: the first turn -----------------------------------------------------------


def _start(variant: LongNardy = LN, turn: Side = W) -> Position:
    return variant.starting_position(turn)


def test_opening_6_6() -> None:
    # 24/18/12 is stopped by the opponent's head; two checkers 24/18, the
    # other two sixes are lost.
    assert_plays(_start(), (6, 6), "24/18(2)")


def test_opening_4_4() -> None:
    # 24/20/16/12 stops at 12: two checkers 24/16 use all four.
    assert_plays(_start(), (4, 4), "24/16(2)")


def test_opening_3_3() -> None:
    # 24/21/18/15/12: one checker plays three; two checkers play all four,
    # in exactly two ways.
    assert_plays(_start(), (3, 3), "24/18(2)", "24/21 24/15")


def test_opening_6_5_one_checker() -> None:
    assert_plays(_start(), (6, 5), "24/13")


@pytest.mark.parametrize("roll", [r for r in ALL_ROLLS if not r.is_double])
def test_opening_non_doubles(roll: nardy.Roll) -> None:
    # One checker leaves the head and, being the only one off it, plays both
    # dice: 24 - a - b. Both intermediate points are open (nothing of the
    # opponent's is on my 13..23 at the start).
    a, b = roll
    assert_plays(_start(), (a, b), f"24/{24 - a - b}")


@pytest.mark.parametrize(("die", "notation"), [(5, "24/4"), (2, "24/16"), (1, "24/20")])
def test_opening_other_doubles_one_checker(die: int, notation: str) -> None:
    # 5-5: 19, 14, 9, 4 all open; 2-2: 22..16; 1-1: 23..20.
    for variant in (LN, LongNardy(head_exception="any-blocked-double")):
        assert_plays(_start(variant), (die, die), notation)


def test_first_turn_of_black_is_symmetric() -> None:
    # White opens 6-5 (24/13): his checker on his 13 is black's 1, out of
    # black's way; black's first turn is then exactly white's.
    after = LN.starting_position().play("24/13", (6, 5))
    assert after.turn is B
    for roll in ALL_ROLLS:
        r = (roll.high, roll.low)
        black = {own_of(x, B) for x in after.legal_plays(r).resulting_positions()}
        white = {own_of(x, W) for x in LN.starting_position().legal_plays(r).resulting_positions()}
        assert black == white, roll
    assert_plays(after, (6, 6), "24/18(2)")
    assert_plays(after, (3, 3), "24/18(2)", "24/21 24/15")


def test_option_6_4() -> None:
    v = LongNardy(head_exception="6-4")
    # 3-3 is no exception: one checker 24/21/18/15 and the fourth three is lost.
    assert_plays(_start(v), (3, 3), "24/15")
    assert_plays(_start(v), (6, 6), "24/18(2)")
    assert_plays(_start(v), (4, 4), "24/16(2)")


def test_option_head_only_at_the_start() -> None:
    # At the start each exception double is stopped by the opponent's head.
    v = LongNardy(head_exception="head-only")
    assert_plays(_start(v), (6, 6), "24/18(2)")
    assert_plays(_start(v), (4, 4), "24/16(2)")
    assert_plays(_start(v), (3, 3), "24/18(2)", "24/21 24/15")
    assert_plays(_start(v), (5, 5), "24/4")


def test_option_any_blocked_double_at_the_start() -> None:
    v = LongNardy(head_exception="any-blocked-double")
    assert_plays(_start(v), (6, 6), "24/18(2)")
    assert_plays(_start(v), (4, 4), "24/16(2)")
    assert_plays(_start(v), (3, 3), "24/18(2)", "24/21 24/15")


def _black_after_white_21() -> dict[str, Position]:
    # White opens 2-1 with 24/21: his 21 is black's (21 + 11) % 24 + 1 = 9.
    out = {}
    for spec in ("6-4-3", "6-4", "any-blocked-double", "head-only"):
        v = LongNardy(head_exception=spec)
        out[spec] = v.starting_position().play("24/21", (2, 1))
    return out


def test_second_player_5_5_after_a_checker_on_the_21_point() -> None:
    # Black's lone checker: 24/19/14, then 9 is closed. Only
    # "any-blocked-double" lets a second checker go: 24/14(2).
    positions = _black_after_white_21()
    for spec, p in positions.items():
        assert p.turn is B
        assert p.board[8] == -1  # white's checker on black's 9
        if spec == "any-blocked-double":
            assert_plays(p, (5, 5), "24/14(2)")
        else:
            assert_plays(p, (5, 5), "24/14")


def test_white_5_5_then_black_4_4() -> None:
    # White 5-5: 24/4 (his 4 is black's 16). Black 4-4: a lone checker goes
    # 24/20 and is stopped at 16 by that checker, not by white's head.
    # "head-only" (seed 001's note): black plays a single four. The other
    # readings let a second checker off the head: 24/20(2).
    for spec in ("6-4-3", "6-4", "any-blocked-double", "head-only"):
        v = LongNardy(head_exception=spec)
        p = v.starting_position().play("24/4", (5, 5))
        assert p.board[15] == -1
        if spec == "head-only":
            assert_plays(p, (4, 4), "24/20")
        else:
            assert_plays(p, (4, 4), "24/20(2)")


def test_first_turn_is_read_from_the_position() -> None:
    # Black to move with all 15 on his head is a first turn, whoever moved before.
    p = pos({24: 15}, {12: 14, 1: 1}, turn=B)
    assert_plays(p, (6, 6), "24/18(2)")


# --- rule 5: the six-block rule ---------------------------------------------------------

# Position E: the mover holds 6..2 and has one checker on 13. 13/7 would make
# the block 7, 6, 5, 4, 3, 2 (six points in a row on the opponent's route).
E_MINE = {13: 1, 6: 3, 5: 3, 4: 3, 3: 3, 2: 2}


def test_die_unplayable_because_of_a_block() -> None:
    # The opponent is all on his head (my 12): nobody is ahead of a block.
    # 6: only 13/7, which makes the prohibited block (the home checkers
    # cannot bear off while 13 is out). 1: 13/12 is his head; 6/5, 5/4, 4/3,
    # 3/2 keep five in a row; 2/1 makes 6..1, prohibited. The 6 can never be
    # played, so the maximum-use rule leaves the four single ones.
    p = pos(E_MINE, {12: 15})
    assert_plays(p, (6, 1), "6/5", "5/4", "4/3", "3/2")


def test_six_block_off() -> None:
    # Without the rule: 13/7 and then any one: 7/6 (13/6), 6/5, 5/4, 4/3,
    # 3/2, 2/1.
    p = pos(E_MINE, {12: 15}, LongNardy(six_block="off"))
    assert_plays(p, (6, 1), "13/6", "13/7 6/5", "13/7 5/4", "13/7 4/3", "13/7 3/2", "13/7 2/1")


def test_six_block_checked_per_turn() -> None:
    # "turn": 13/7/6 forms the block and breaks it in one turn: legal. Every
    # other two-dice play ends with 7..2 (or 7..1) held: prohibited.
    p = pos(E_MINE, {12: 15}, LongNardy(six_block_check="turn"))
    assert_plays(p, (6, 1), "13/6")


def test_block_allowed_with_an_opposing_checker_ahead() -> None:
    # One opposing checker on my 20, which is past 2 on his route
    # (12..1, 24, 23, 22, 21, 20): the block is allowed.
    p = pos(E_MINE, {12: 14, 20: 1})
    assert_plays(p, (6, 1), "13/6", "13/7 6/5", "13/7 5/4", "13/7 4/3", "13/7 3/2", "13/7 2/1")


def test_block_with_an_opposing_checker_behind_it_is_prohibited() -> None:
    # An opposing checker on my 9 is behind the block 7..2 (he meets 9 first).
    p = pos(E_MINE, {12: 14, 9: 1})
    assert_plays(p, (6, 1), "6/5", "5/4", "4/3", "3/2")


def test_six_block_home() -> None:
    # "home": only a checker that entered his home (my 13..18) allows a
    # block. My 20 is his 8: past the block but not home, so 13/7 stays
    # prohibited; my 14 is his 2: home.
    v = LongNardy(six_block="home")
    p = pos(E_MINE, {12: 14, 20: 1}, v)
    assert_plays(p, (6, 1), "6/5", "5/4", "4/3", "3/2")
    q = pos(E_MINE, {12: 14, 14: 1}, v)
    assert_plays(q, (6, 1), "13/6", "13/7 6/5", "13/7 5/4", "13/7 4/3", "13/7 3/2", "13/7 2/1")


def test_block_through_my_1_and_24_counts() -> None:
    # Position F: I hold 3, 2, 1, 24 (ten), 23, and one checker on 10; the
    # opponent is on his head and on my 8, both behind a block near the seam.
    # Roll 6-2:
    #   10/4 would make 4, 3, 2, 1, 24, 23 and 24/22 would make
    #   3, 2, 1, 24, 23, 22 -- six in a row along his route -- so both are
    #   illegal while 23 (resp. 3) is held; 10/8 is closed.
    #   6 first: 24/18 then 23/21, 18/16 or 3/1; 23/17 then 24/22 (23 is now
    #   empty), 17/15 or 3/1.
    #   2 first: 23/21 then 24/18, 21/15 or 10/4 (23 gone: five in a row);
    #   3/1 then 24/18, 23/17 or 10/4 (3 gone).
    p = pos({10: 1, 3: 1, 2: 1, 1: 1, 24: 10, 23: 1}, {8: 1, 12: 14})
    assert_plays(
        p,
        (6, 2),
        "24/18 23/21",
        "24/16",
        "24/18 3/1",
        "24/22 23/17",
        "23/15",
        "23/17 3/1",
        "23/21 10/4",
        "10/4 3/1",
    )
    # Were 1 and 24 not neighbours, 10/4/2 would be legal.
    assert not legal(p, (6, 2), "10/2")
    # Judged on the final position only, 10/4/2 is fine (4 is left again).
    q = LongNardy(six_block_check="turn").position(p.board)
    assert legal(q, (6, 2), "10/2")


def test_block_through_my_13_and_12_does_not_count() -> None:
    # "home" rule and no opposing checker in his home or off: every real
    # block is prohibited. 16/15 gives me 15, 14, 13, 12, 11, 10 -- but 13
    # and 12 are the two ends of his route, so that is 15..13 and 12..10,
    # not a block: legal.
    v = LongNardy(six_block="home")
    p = pos({16: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1, 24: 9}, {9: 15}, v)
    assert legal(p, (2, 1), "24/22 16/15")
    # The same shape inside his route is a block: 20/19 with 18..14 held.
    q = pos({20: 1, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 24: 9}, {9: 15}, v)
    assert not legal(q, (2, 1), "24/22 20/19")
    assert legal(q, (2, 1), "24/23 20/18")


def test_landing_on_a_point_of_an_existing_prohibited_block() -> None:
    # A step is illegal when its landing point belongs to a prohibited block
    # afterwards, even one that was already there (a position that cannot
    # arise in play: 8..2 held, nobody past it). 8/6 lands in 7..2: illegal
    # in either order with 24/23. 7/5 leaves 6..2, five points: legal.
    p = pos({24: 8, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1}, {12: 15})
    assert not legal(p, (2, 1), "24/23 8/6")
    assert legal(p, (2, 1), "24/23 7/5")


# --- rule 6: maximum use ---------------------------------------------------------------


def test_both_dice_when_one_order_allows_it() -> None:
    # 10/4 is closed; 10/7/1 uses both dice: the 3 must come first.
    p = pos({10: 1, 1: 14}, {4: 1, 12: 14})
    assert_plays(p, (6, 3), "10/1")


def test_as_many_of_a_double_as_possible() -> None:
    # 10/7, then 7/4 is closed: one three only.
    p = pos({10: 1, 1: 14}, {4: 1, 12: 14})
    assert_plays(p, (3, 3), "10/7")


def test_higher_die_when_either_but_not_both() -> None:
    # 24/18 or 24/19, never both (one checker from the head; 18/13 and
    # 19/13 land on the opponent's checker).
    p = pos({24: 14, 3: 1}, {13: 1, 12: 14})
    assert_plays(p, (6, 5), "24/18")
    q = LongNardy(must_play_higher=False).position(p.board)
    assert_plays(q, (6, 5), "24/18", "24/19")


def test_lower_die_when_only_it_can_be_played() -> None:
    p = pos({24: 14, 3: 1}, {18: 1, 13: 1, 12: 13})
    assert_plays(p, (6, 5), "24/19")


# --- rule 7: bearing off ---------------------------------------------------------------


def test_bear_off_example_6_and_2_with_5_1() -> None:
    # long-nardy.md: the 5 cannot bear off from the 2-point while the 6-point
    # checker can move 6/1. 5 first: 6/1, then 1/off (6/off) or 2/1.
    # 1 first: 6/5 then 5/off (6/off again); 2/1 then 6/1.
    p = pos({6: 1, 2: 14}, {12: 15})
    assert_plays(p, (5, 1), "6/off", "6/1 2/1")
    assert not legal(p, (5, 1), "2/off 2/1")


def test_bear_off_exact() -> None:
    # 6/off and 2/off exactly; or 6/4 and the 6 from the 4 (now the highest).
    p = pos({6: 1, 2: 14}, {12: 15})
    assert_plays(p, (6, 2), "6/off 2/off", "6/4/off")


def test_bear_off_from_the_highest_point() -> None:
    # No checker on 6 or 5: each die takes one from the highest point.
    p = pos({3: 1, 2: 14}, {12: 15})
    assert_plays(p, (6, 5), "3/off 2/off")


def test_moving_inside_the_home_is_allowed() -> None:
    # 2 first: 4/2, then 2/1 (4/1) or 1/off; the 2 cannot take a checker
    # off the 1 while one stands on 4. 1 first: 4/3 then 3/1 (4/1), or
    # 1/off then 4/2.
    p = pos({4: 1, 1: 14}, {12: 15})
    assert_plays(p, (2, 1), "4/1", "4/2 1/off")


def test_bear_off_only_when_all_are_home() -> None:
    # 8/6 brings the last checker home, then the 1 may bear off; 8/7 first
    # leaves it outside and the 2 moves it on.
    p = pos({8: 1, 1: 14}, {12: 15})
    assert_plays(p, (2, 1), "8/6 1/off", "8/5")


# --- results ---------------------------------------------------------------------------


def finished(black: Mapping[int, int], black_off: int, variant: LongNardy = LN) -> Position:
    """White has borne off all 15; black's checkers in black's own numbering."""
    return variant.from_counts({}, black, off=(15, black_off), turn=B)


def test_oin() -> None:
    assert finished({1: 14}, 1).result() == Result(W, ResultKind.SINGLE, 1)
    assert finished({20: 14}, 1, LongNardy(koks=True)).result() == Result(W, ResultKind.SINGLE, 1)


def test_mars() -> None:
    assert finished({1: 15}, 0).result() == Result(W, ResultKind.GAMMON, 2)
    # Without the koks option, even a checker on his head is only mars.
    assert finished({24: 15}, 0).result() == Result(W, ResultKind.GAMMON, 2)


@pytest.mark.parametrize(
    ("black", "kind"),
    [
        # White's home is white's 1..6 = black's 13..18; "or earlier" is
        # black's 19..24. Black's 12 has passed it: mars.
        ({12: 1, 1: 14}, ResultKind.GAMMON),
        ({13: 1, 1: 14}, ResultKind.BACKGAMMON),
        ({18: 1, 1: 14}, ResultKind.BACKGAMMON),
        ({24: 1, 1: 14}, ResultKind.BACKGAMMON),
        ({7: 15}, ResultKind.GAMMON),
    ],
)
def test_koks(black: dict[int, int], kind: ResultKind) -> None:
    p = finished(black, 0, LongNardy(koks=True))
    points = {ResultKind.GAMMON: 2, ResultKind.BACKGAMMON: 3}[kind]
    assert p.result() == Result(W, kind, points)
    # The same check in white's numbering: black's 13..24 are white's 1..12.
    white_view = p.pass_turn()
    assert white_view.turn is W
    assert any(x < 0 for x in white_view.board[:12]) == (kind is ResultKind.BACKGAMMON)


def test_black_wins() -> None:
    p = LN.from_counts({3: 2}, {}, off=(13, 15), turn=W)
    assert p.result() == Result(B, ResultKind.SINGLE, 1)
    assert LN.from_counts({3: 15}, {}, off=(0, 15), turn=W).result() == Result(
        B, ResultKind.GAMMON, 2
    )


def test_game_to_the_end() -> None:
    # A whole game, white always playing the first legal play, ends with a result.
    import random

    rng = random.Random(5)
    p = LN.starting_position()
    for _ in range(600):
        if p.is_over():
            break
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        plays = p.legal_plays(roll)
        p = plays.resulting_position(rng.randrange(len(plays)))
    result = p.result()
    assert result is not None
    assert result.points in (1, 2)


# --- plays as objects and as notation ------------------------------------------------------


def test_plays_in_any_form_and_order() -> None:
    start = LN.starting_position()
    two = start.play("24/21 24/15", (3, 3))
    for text in ("24/15 24/21", "24/21/18/15 24/21", "24-21 21-18 18-15 24-21"):
        assert start.play(text, (3, 3)) == two
    # The same steps in another order are the same play.
    steps = (
        nardy.Step(24, 21, 3),
        nardy.Step(24, 21, 3),
        nardy.Step(21, 18, 3),
        nardy.Step(18, 15, 3),
    )
    assert start.apply(nardy.Play(steps, nardy.Roll(3, 3))) == two


@pytest.mark.parametrize(
    ("text", "roll"),
    [
        ("24/21(3) 24/18", (3, 3)),  # three checkers off the head
        ("24/21", (3, 3)),  # a 3-3 opening must use all four threes
        ("24/18 18/12", (6, 6)),  # 12 is the opponent's head
        ("24/18 24/19", (6, 5)),  # two checkers off the head on a non-double
    ],
)
def test_illegal_plays_are_refused(text: str, roll: tuple[int, int]) -> None:
    start = LN.starting_position()
    with pytest.raises(nardy.IllegalPlayError, match=re.escape(repr(text))):
        start.play(text, roll)
