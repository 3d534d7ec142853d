"""Play notation: gnubg-style formatting and lenient parsing, resolved by result."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import (
    BAR,
    OFF,
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
    LegalPlays,
    Play,
    Position,
    Roll,
    Side,
    Step,
    Variant,
    format_steps,
    parse_moves,
)
from nardy.engine.notation_write import write_steps
from nardy.model.notation import Move
from strategies import FAMILY_SPECS, positions, rolls

BG = nardy.find_variant("backgammon")
START = BG.starting_position()
START_MINE = {24: 2, 13: 5, 8: 3, 6: 5}
START_THEIRS = {1: 2, 12: 5, 17: 3, 19: 5}


def make(
    mine: Mapping[int, int],
    theirs: Mapping[int, int],
    bar: tuple[int, int] = (0, 0),
    variant: Variant = BG,
) -> Position:
    """A position in the mover's frame (white to move); the rest is borne off."""
    board = [0] * 24
    for point, n in mine.items():
        board[point - 1] += n
    for point, n in theirs.items():
        board[point - 1] -= n
    return variant.position(board, bar=bar)


def steps(*raw: tuple[Any, ...]) -> tuple[Step, ...]:
    return tuple(Step(*r) for r in raw)


def contains(legal: LegalPlays, item: object) -> bool:
    """``item in legal`` (typed ``object``: LegalPlays is a Sequence[Play] to mypy)."""
    return item in legal


# --- formatting ---------------------------------------------------------------------


class TestFormat:
    @pytest.mark.parametrize(
        ("raw", "text"),
        [
            # Two checkers, the second hits; highest source first.
            (((24, 18, 6), (13, 11, 2, True)), "24/18 13/11*"),
            (((13, 11, 2, True), (24, 18, 6)), "24/18 13/11*"),
            # One checker hitting on the way: the hit point is kept.
            (((24, 18, 6, True), (18, 15, 3)), "24/18*/15"),
            # One checker without a hit: intermediate points are dropped.
            (((13, 7, 6), (7, 1, 6)), "13/1"),
            (((24, 23, 1), (23, 20, 3)), "24/20"),
            # Hit at the end only.
            (((13, 10, 3), (10, 8, 2, True)), "13/8*"),
            # Both landing points hit.
            (((9, 6, 3, True), (6, 4, 2, True)), "9/6*/4*"),
            # Identical moves are counted.
            (((8, 5, 3), (8, 5, 3)), "8/5(2)"),
            (((8, 5, 3), (8, 5, 3), (6, 3, 3), (6, 3, 3)), "8/5(2) 6/3(2)"),
            (((6, 3, 3), (8, 5, 3), (6, 3, 3), (8, 5, 3)), "8/5(2) 6/3(2)"),
            (((13, 8, 5), (13, 8, 5), (8, 3, 5), (8, 3, 5)), "13/3(2)"),
            (((24, 23, 1), (23, 22, 1), (24, 23, 1), (23, 22, 1)), "24/22(2)"),
            (((6, 4, 2),) * 4, "6/4(4)"),
            # Bar and off.
            (((BAR, 22, 3),), "bar/22"),
            (((BAR, 22, 3, True), (24, 20, 4)), "bar/22* 24/20"),
            (((BAR, 20, 5), (20, 14, 6)), "bar/14"),
            (((6, OFF, 6),), "6/off"),
            (((3, OFF, 5), (2, OFF, 4)), "3/off 2/off"),
            (((3, 1, 2, True), (1, OFF, 4)), "3/1*/off"),
            (((5, OFF, 5), (2, 1, 1)), "5/off 2/1"),
        ],
    )
    def test_format(self, raw: tuple[tuple[int, ...], ...], text: str) -> None:
        built = steps(*raw)
        assert format_steps(built) == text
        roll = Roll(max(s.die for s in built), min(s.die for s in built))
        assert Play(built, roll).notation() == text

    def test_pass(self) -> None:
        play = Play((), Roll(6, 5))
        assert play.is_pass
        assert play.notation() == ""
        assert format_steps(()) == ""
        assert str(play) == "(pass)"

    def test_step_str(self) -> None:
        assert str(Step(BAR, 22, 3, True)) == "bar/22*"
        assert str(Step(6, OFF, 6)) == "6/off"
        assert str(Step(13, 11, 2)) == "13/11"


class TestNotationOfLegalPlays:
    def test_opening_rolls(self) -> None:
        # 6-5 "lover's leap" 24/13 (via 18 or 19, both open); 3-1 makes the 5-point;
        # 3-3 8/5(2) 6/3(2); 5-5 13/3(2) (via 8); 6-1 makes the bar point.
        assert "24/13" in START.legal_plays((6, 5)).notations()
        assert "8/5 6/5" in START.legal_plays((3, 1)).notations()
        assert "8/5(2) 6/3(2)" in START.legal_plays((3, 3)).notations()
        assert "13/3(2)" in START.legal_plays((5, 5)).notations()
        assert "13/7 8/7" in START.legal_plays((6, 1)).notations()

    def test_hit_with_the_second_die(self) -> None:
        # The start with one of the opponent's 12-point checkers on my 11 (a blot).
        pos = make(START_MINE, {1: 2, 12: 4, 11: 1, 17: 3, 19: 5})
        assert "24/18 13/11*" in pos.legal_plays((6, 2)).notations()

    def test_hit_on_the_way(self) -> None:
        # The start with one of the opponent's 17-point checkers moved to my 18.
        pos = make(START_MINE, {1: 2, 12: 5, 17: 2, 18: 1, 19: 5})
        assert "24/18*/15" in pos.legal_plays((6, 3)).notations()

    def test_bar_and_off(self) -> None:
        # One on the bar, 6-6, nothing in the way: bar/19/13/7/1, written bar/1 (the
        # 6s from the 6-point cannot bear off while a checker is outside).
        assert make({6: 14}, {12: 15}, bar=(1, 0)).legal_plays((6, 6)).notations() == ["bar/1"]
        # 6:1, 3:1; 6-5: 6/off then the 5 bears off the 3 (now the highest), or
        # 6/1 with the 5 then the 6 bears off the 3.
        legal = make({6: 1, 3: 1}, {20: 15}).legal_plays((6, 5))
        assert sorted(legal.notations()) == ["6/1 3/off", "6/off 3/off"]

    def test_forced_pass(self) -> None:
        pos = make({6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3}, bar=(1, 0))
        assert pos.legal_plays((6, 5)).notations() == [""]


# --- parsing ---------------------------------------------------------------------------


class TestParseMoves:
    def test_moves(self) -> None:
        assert parse_moves("24/18*/15 8/5(2)") == [
            Move((24, 18, 15), frozenset({18}), 1),
            Move((8, 5), frozenset(), 2),
        ]

    @pytest.mark.parametrize("text", ["", "  ", "pass", "PASS", "(pass)", "no move"])
    def test_pass(self, text: str) -> None:
        assert parse_moves(text) == []

    @pytest.mark.parametrize(
        ("text", "points"),
        [
            ("bar/22", (BAR, 22)),
            ("b/22", (BAR, 22)),
            ("25/22", (BAR, 22)),
            ("BAR-22", (BAR, 22)),
            ("6/off", (6, OFF)),
            ("6/0", (6, OFF)),
            ("6-o", (6, OFF)),
            ("6/OFF", (6, OFF)),
            ("13-10-8", (13, 10, 8)),
        ],
    )
    def test_points(self, text: str, points: tuple[int, ...]) -> None:
        assert parse_moves(text) == [Move(points, frozenset(), 1)]

    def test_separators(self) -> None:
        expected = [Move((24, 18), frozenset(), 1), Move((13, 11), frozenset({11}), 1)]
        assert parse_moves("24/18 13/11*") == expected
        assert parse_moves("24-18, 13-11*") == expected
        assert parse_moves("  24/18   13/11* ") == expected

    @pytest.mark.parametrize("text", ["24/25", "24/18/20", "off/3", "x/3", "24/18(9)", "24"])
    def test_invalid(self, text: str) -> None:
        with pytest.raises(InvalidNotationError) as info:
            parse_moves(text)
        assert repr(text) in str(info.value)


class TestFind:
    def test_any_order_and_separators(self) -> None:
        legal = START.legal_plays((6, 2))
        play = legal.find("24/18 13/11")
        assert play.notation() == "24/18 13/11"
        for text in ("13/11 24/18", "24-18 13-11", "13-11,24-18", " 24/18  13/11 "):
            assert legal.find(text) == play

    def test_steps_of_one_checker_in_any_form(self) -> None:
        legal = START.legal_plays((3, 1))
        play = legal.find("24/20")
        assert legal.find("24/23/20") == play
        assert legal.find("24/21/20") == play
        assert legal.find("24/23 23/20") == play

    def test_counts(self) -> None:
        legal = START.legal_plays((3, 3))
        play = legal.find("8/5(2) 6/3(2)")
        for text in ("8/5 8/5 6/3 6/3", "6/3(2) 8/5(2)", "8-5(2) 6-3(2)"):
            assert legal.find(text) == play
        five = START.legal_plays((5, 5))
        assert five.find("13/8/3(2)") == five.find("13/3(2)") == five.find("13/8(2) 8/3(2)")

    def test_bar(self) -> None:
        # One on the bar; 3-1: enter with the 3 on 22, then 6/5.
        legal = make({6: 14}, {12: 15}, bar=(1, 0)).legal_plays((3, 1))
        play = legal.find("bar/22 6/5")
        for text in ("b/22 6/5", "25/22 6/5", "BAR-22 6-5", "6/5 bar/22"):
            assert legal.find(text) == play

    def test_off(self) -> None:
        # 6:2, 5:1; 6-5: 6/off 5/off.
        legal = make({6: 2, 5: 1}, {20: 15}).legal_plays((6, 5))
        play = legal.find("6/off 5/off")
        for text in ("6/0 5/0", "6/o 5/o", "5/off 6/off", "6-off 5-0"):
            assert legal.find(text) == play

    def test_hit_mark_optional(self) -> None:
        pos = make(START_MINE, {1: 2, 12: 4, 11: 1, 17: 3, 19: 5})
        legal = pos.legal_plays((6, 2))
        assert legal.find("24/18 13/11") == legal.find("24/18 13/11*")
        assert legal.find("24/18 13/11").hits == 1

    def test_membership(self) -> None:
        legal = START.legal_plays((6, 2))
        assert contains(legal, "13/11 24/18")
        assert contains(legal, "24/16")  # via 18 or 22
        assert contains(legal, "13/5")  # via 7 or 11
        assert not contains(legal, "13/3")  # ten pips
        assert not contains(legal, "24/20 24/22")  # needs a 4 and a 2
        assert not contains(legal, "not a play")
        assert legal[0] in legal

    def test_round_trip_every_play(self) -> None:
        # Formatting and parsing agree: each play's notation finds that play.
        positions = [
            START,
            make(START_MINE, {1: 2, 12: 4, 11: 1, 17: 2, 18: 1, 19: 5}),
            make({10: 1, 6: 13}, {22: 2, 24: 13}, bar=(1, 0)),
            make({5: 1, 3: 5, 2: 4, 1: 5}, {4: 1, 20: 14}),
        ]
        for pos in positions:
            for roll in nardy.ALL_ROLLS:
                legal = pos.legal_plays(roll)
                for play in legal:
                    assert legal.find(play.notation()) == play


class TestHitResolution:
    # A single movable checker on 13 (the rest on the 1-point, unable to move).
    @staticmethod
    def position(blots: tuple[int, ...]) -> Position:
        theirs = dict.fromkeys(blots, 1)
        theirs[20] = 15 - len(blots)
        return make({13: 1, 1: 14}, theirs)

    def test_plays_differing_only_in_the_hit(self) -> None:
        # Blots on 10 and 11, 3-2: 13/10*/8 and 13/11*/8 end alike.
        legal = self.position((10, 11)).legal_plays((3, 2))
        assert sorted(legal.notations()) == ["13/10*/8", "13/11*/8"]
        assert legal.find("13/10*/8").steps[0] == Step(13, 10, 3, True)
        assert legal.find("13/11*/8").steps[0] == Step(13, 11, 2, True)
        assert legal.find("13-10*-8").notation() == "13/10*/8"

    def test_unmarked_is_ambiguous(self) -> None:
        legal = self.position((10, 11)).legal_plays((3, 2))
        with pytest.raises(AmbiguousPlayError) as info:
            legal.find("13/8")
        assert "13/10*/8" in str(info.value)
        assert "13/11*/8" in str(info.value)
        assert isinstance(info.value, IllegalPlayError)

    def test_unmarked_means_no_hit(self) -> None:
        # Blot on 10 only: 13/10*/8 or 13/11/8. Without a mark: the one hitting nothing.
        legal = self.position((10,)).legal_plays((3, 2))
        assert sorted(legal.notations()) == ["13/10*/8", "13/8"]
        assert legal.find("13/8").hits == 0
        assert legal.find("13/10*/8").hits == 1

    def test_illegal(self) -> None:
        legal = self.position((10, 11)).legal_plays((3, 2))
        with pytest.raises(IllegalPlayError) as info:
            legal.find("13/7")
        assert type(info.value) is IllegalPlayError
        assert "'13/7'" in str(info.value)

    def test_hit_mark_that_no_play_makes_is_illegal(self) -> None:
        # Caucasian: 7/4*/2 (hit in the home board, then hide on the 2-point) is
        # illegal; 7/5/2 ends with the same checkers of mine but hits nothing.
        caucasian = nardy.find_variant("caucasian")
        pos = make({7: 1, 2: 2}, {4: 1, 20: 14}, variant=caucasian)
        with pytest.raises(IllegalPlayError):
            pos.play("7/4*/2", (3, 2))


def test_parse_play_and_play() -> None:
    after = START.play("8/5 6/5", "31")
    assert after == START.legal_plays(Roll(3, 1)).resulting_position(
        START.parse_play("6/5 8/5", (1, 3))
    )
    assert after.turn is Side.BLACK
    # Black's view: white's 8 and 6 are black's 17 and 19, white's 5 is black's 20.
    assert after.checkers(Side.WHITE)[4] == 2


def test_chained_moves_name_their_path() -> None:
    # Blots on white's 10 and 11 (black's 15 and 14); white plays 3-2 from
    # the 13-point to the 8. "13/8" could hit either blot on the way, but a
    # path written as two moves, like a path written in one, says which.
    bg = nardy.Backgammon()
    pos = bg.from_counts({13: 2, 6: 13}, {15: 1, 14: 1, 1: 13})
    via_10 = pos.parse_play("13/10/8", (3, 2))
    assert via_10.notation() == "13/10*/8"
    assert pos.parse_play("13/10 10/8", (3, 2)) == via_10
    assert pos.parse_play("13/11 11/8", (3, 2)).notation() == "13/11*/8"
    with pytest.raises(nardy.AmbiguousPlayError):
        pos.parse_play("13/8", (3, 2))


@pytest.mark.parametrize("spec", ["backgammon", "long-nardy", "kush", "caucasian"])
def test_notations_from_packed_plays_match_each_plays_notation(spec: str) -> None:
    """``LegalPlays.notations()`` writes from the packed plays; each Play from its steps: the same text."""
    variant = nardy.find_variant(spec)
    rng = random.Random(11)
    position = variant.starting_position()
    checked = 0
    while checked < 300:
        legal = position.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
        assert legal.notations() == [play.notation() for play in legal]
        checked += len(legal)
        position = legal.resulting_position(rng.randrange(len(legal)))
        if position.is_over():
            position = variant.starting_position()


# --- written points are stopping points --------------------------------------------------


W = Side.WHITE


class TestWrittenPointsAreStops:
    """A point the text writes is a point where a checker stopped (and hit, if a blot stood there)."""

    def test_stop_on_a_blot_hits_it(self) -> None:
        # Black's blot on black's 3 is white's 22: a checker that stops there hits.
        pos = BG.from_counts({24: 1, 6: 14}, {3: 1, 6: 14}, turn=W)
        assert pos.parse_play("24/22 22/18", "42").notation() == "24/22*/18"
        assert pos.parse_play("24/22/18", "42").notation() == "24/22*/18"
        # Not writing 22 leaves the quiet route, 24/20/18.
        assert pos.parse_play("24/18", "42").notation() == "24/18"
        assert pos.parse_play("24/20 20/18", "42").notation() == "24/18"

    def test_two_stops_two_hits(self) -> None:
        # Black's blots on black's 21 and 24: white's 4 and 1.
        pos = BG.from_counts({6: 15}, {21: 1, 24: 1, 6: 13}, turn=W)
        assert pos.parse_play("6/4 4/1", "32").notation() == "6/4*/1*"
        assert pos.parse_play("6/4/1", "32").notation() == "6/4*/1*"
        # Through 3 the checker hits on 1 only.
        assert pos.parse_play("6/3 3/1", "32").notation() == "6/1*"
        # '6/1' does not say which way: the hit on 1 is written, the one on 4 is not.
        assert pos.parse_play("6/1", "32").notation() == "6/1*"

    def test_galaxy_style_steps_of_a_double(self) -> None:
        # Blots on white's 20 and 16; white plays 24/16 with 4-4 (two checkers
        # 24/20, one of them on to 16), each step written on its own.
        pos = BG.from_counts({24: 2, 13: 3, 6: 10}, {5: 1, 9: 1, 2: 13}, turn=W)
        play = pos.parse_play("24/20 24/20 20/16 13/9", "44")
        assert play == pos.parse_play("24/20*/16* 24/20 13/9", "44")
        assert play.hits == 2

    def test_bar_entry_then_on(self) -> None:
        # White on the bar, a black blot on white's 22: bar/22 22/18 stops and hits.
        pos = BG.from_counts({6: 14}, {3: 1, 1: 14}, bar=(1, 0), turn=W)
        assert pos.parse_play("bar/22 22/18", "43").notation() == "bar/22*/18"
        assert pos.parse_play("bar/18", "43").notation() == "bar/18"

    def test_bear_off_through_a_blot(self) -> None:
        # A black blot on white's 1; white bears off from 3 with 2-1... through 1.
        pos = BG.from_counts({3: 1, 2: 14}, {24: 1, 19: 14}, turn=W)
        assert pos.parse_play("3/1 1/off", "21").notation() == "3/1*/off"
        # Unwritten, the quiet way: 3/2 with the 1 (the same as 3/2 2/off).
        assert pos.parse_play("3/off", "21").hits == 0

    def test_a_stop_on_a_made_point_is_illegal(self) -> None:
        # Black holds white's 22: 24/18 goes through 20, so '24/22 22/18' is no legal play.
        pos = BG.from_counts({24: 1, 6: 14}, {3: 2, 6: 13}, turn=W)
        assert pos.parse_play("24/18", "42").notation() == "24/18"
        with pytest.raises(IllegalPlayError) as info:
            pos.parse_play("24/22 22/18", "42")
        assert type(info.value) is IllegalPlayError
        assert "'24/22 22/18'" in str(info.value)

    def test_written_steps_must_match_the_dice(self) -> None:
        # 13/10 10/7 needs two 3s; a 6-3 reaches 7 only through 7 or 10 with one 6.
        legal = START.legal_plays((6, 3))
        assert legal.find("13/7 13/10").notation() == "13/10 13/7"
        with pytest.raises(IllegalPlayError):
            legal.find("13/10 10/7")
        assert legal.find("13/4").notation() == "13/4"
        assert legal.find("13/10/4") == legal.find("13/7/4") == legal.find("13/4")

    def test_a_star_still_forces_a_hit(self) -> None:
        pos = BG.from_counts({24: 1, 6: 14}, {3: 1, 5: 1, 6: 13}, turn=W)
        # Blots on white's 22 and 20: '24/18' alone could hit either.
        with pytest.raises(AmbiguousPlayError):
            pos.parse_play("24/18", "42")
        assert pos.parse_play("24/22* 22/18", "42").notation() == "24/22*/18"
        assert pos.parse_play("24/20*/18", "42").notation() == "24/20*/18"
        # '*' on a point the route does not stop on cannot be made.
        with pytest.raises(IllegalPlayError):
            pos.parse_play("24/22 22/18*", "42")

    def test_ambiguity_remains_when_two_plays_fit_everything(self) -> None:
        # Blots on 10 and 11 and a 3-2 from 13 to 8: both routes hit an unwritten point.
        pos = BG.from_counts({13: 1, 1: 14}, {15: 1, 14: 1, 5: 13})
        with pytest.raises(AmbiguousPlayError):
            pos.parse_play("13/8", (3, 2))
        assert pos.parse_play("13/11/8", (3, 2)).notation() == "13/11*/8"

    def test_long_nardy_stop_on_an_opposing_checker(self) -> None:
        # In long nardy no checker stops where an opposing one stands.
        # Black's head (black's 24) is white's 12: 15/8 with 4-3 must go through 11.
        ln = nardy.find_variant("long-nardy")
        pos = ln.from_counts({15: 1, 24: 14}, {24: 15}, turn=W)
        assert pos.parse_play("15/8", "43").notation() == "15/8"
        assert pos.parse_play("15/11 11/8", "43") == pos.parse_play("15/8", "43")
        with pytest.raises(IllegalPlayError):
            pos.parse_play("15/12 12/8", "43")

    def test_every_play_written_step_by_step(self) -> None:
        # Each legal play, written one step at a time with no hit marks (as
        # Galaxy writes), reads back as itself.
        positions = [
            START,
            make(START_MINE, {1: 2, 12: 4, 11: 1, 17: 2, 18: 1, 19: 5}),
            make({10: 1, 6: 13}, {22: 2, 24: 13}, bar=(1, 0)),
            make({5: 1, 3: 5, 2: 4, 1: 5}, {4: 1, 20: 14}),
            make({24: 2, 13: 3, 8: 2, 6: 8}, {22: 1, 20: 1, 18: 1, 16: 1, 11: 1, 1: 10}),
        ]
        for pos in positions:
            for roll in nardy.ALL_ROLLS:
                legal = pos.legal_plays(roll)
                for play in legal:
                    text = " ".join(f"{_name(s.src)}/{_name(s.dst)}" for s in play.steps)
                    assert legal.find(text) == play, (pos.id(), roll, text)


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def _walked(variant: Variant, seed: int, plies: int) -> Position:
    """A position reached from the start by ``plies`` random plays."""
    rng = random.Random(seed)
    pos = variant.starting_position()
    for _ in range(plies):
        legal = pos.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
        after = legal.resulting_position(rng.randrange(len(legal)))
        if after.is_over():
            break
        pos = after
    return pos


def _check_texts(legal: LegalPlays) -> None:
    """Each play reads back from its notation and from its steps written one by one."""
    for play in legal:
        assert legal.find(play.notation()) == play
        steps = " ".join(f"{_name(s.src)}/{_name(s.dst)}" for s in play.steps)
        assert legal.find(steps) == play, (legal.position.id(), legal.roll, steps)


@given(data=st.data())
def test_written_steps_read_back_in_the_family(data: st.DataObject) -> None:
    variant = nardy.find_variant(data.draw(st.sampled_from(FAMILY_SPECS)))
    _check_texts(data.draw(positions(variant)).legal_plays(data.draw(rolls())))


@settings(max_examples=60)
@given(
    spec=st.sampled_from(["long-nardy", "kush"]),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 60),
    roll=rolls(),
)
def test_written_steps_read_back_in_long_nardy(
    spec: str, seed: int, plies: int, roll: Roll
) -> None:
    _check_texts(_walked(nardy.find_variant(spec), seed, plies).legal_plays(roll))


# --- the bar before the pool ----------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "dice"),
    [("tabula", [5, 3, 2]), ("acey-deucey", [5, 3]), ("tabula(bar_priority=false)", [5, 3, 2])],
)
def test_a_bar_entry_is_written_before_the_pool_entries(spec: str, dice: list[int]) -> None:
    # One checker on the bar and ten in the pool: the rules enter the barred
    # checker first, and the notation lists it first.
    variant = nardy.find_variant(spec)
    board = [0] * 24
    board[12] = -1
    position = variant.position(board, [1, 0], pool=[10, 14])
    legal = position.legal_plays(dice)
    both = [text for text in legal.notations() if "bar/" in text and "pool/" in text]
    assert both
    for text in both:
        assert text.startswith("bar/"), text
        assert text.index("bar/") < text.index("pool/")
        # The other order names the same play.
        moves = text.split()
        reordered = " ".join([*[m for m in moves if m.startswith("pool/")],
                              *[m for m in moves if not m.startswith("pool/")]])  # fmt: skip
        assert reordered != text
        assert legal.locate(reordered) == legal.locate(text)
        assert position.play(reordered, dice) == position.play(text, dice)


def test_the_pool_still_comes_before_the_points() -> None:
    variant = nardy.find_variant("acey-deucey")
    board = [0] * 24
    board[12] = 2
    position = variant.position(board, pool=[13, 15])
    assert "pool/20 13/10" in position.legal_plays((5, 3)).notations()


def reference_text(steps: list[tuple[int, int, bool]]) -> str:
    """The notation rule written plainly: chain each checker's steps, keep the points it hit on, count, order."""
    names = {25: "bar", 26: "pool", 0: "off"}
    paths: list[tuple[int, list[tuple[int, bool]]]] = []
    for src, dst, hit in steps:
        latest = [path for path in paths if src != 0 and path[1][-1][0] == src]
        if latest:
            latest[-1][1].append((dst, hit))
        else:
            paths.append((src, [(dst, hit)]))
    segments = []
    for start, path in paths:
        parts = [names.get(start, str(start))]
        for j, (point, hit) in enumerate(path):
            if hit or j == len(path) - 1:
                parts.append(names.get(point, str(point)) + ("*" if hit else ""))
        # The bar's entry first, then the pool's, then the points from the highest.
        rank = 49 if start == 26 else 2 * start
        segments.append((-rank, -path[-1][0], "/".join(parts)))
    texts = [text for _, _, text in sorted(segments)]
    counted = [(text, texts.count(text)) for text in dict.fromkeys(texts)]
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in counted)


@given(
    st.lists(
        st.tuples(st.integers(0, 26), st.integers(0, 24), st.booleans()), min_size=1, max_size=4
    ).map(
        # Half the steps start where the one before ended (a checker moving on).
        lambda raw: [
            (raw[i - 1][1] if i and raw[i][0] % 2 else raw[i][0], *raw[i][1:])
            for i in range(len(raw))
        ]
    )
)
def test_write_steps_is_the_rule(steps: list[tuple[int, int, bool]]) -> None:
    srcs, dsts, hits = ([s[i] for s in steps] for i in range(3))
    assert write_steps(srcs, dsts, hits) == reference_text(steps)  # type: ignore[arg-type]
