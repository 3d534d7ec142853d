"""Positions, IDs, variants by name, rolls."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import nardy
from nardy import ALL_ROLLS, InvalidDiceError, Position, Roll, Side

BG = nardy.find_variant("backgammon")
START = BG.starting_position()

# The start in the mover's frame, by hand: mine 24:2, 13:5, 8:3, 6:5; the
# opponent's 24, 13, 8, 6 are my 1, 12, 17, 19.
START_BOARD = [0] * 24
for _p, _n in {24: 2, 13: 5, 8: 3, 6: 5}.items():
    START_BOARD[_p - 1] = _n
for _p, _n in {1: 2, 12: 5, 17: 3, 19: 5}.items():
    START_BOARD[_p - 1] = -_n

# A lopsided position: white 13 on its 1-point and 1 on the bar (1 off);
# black 10 on its 2-point, 2 on its 20-point (3 off).
# In white's frame: white 1:13; black's 2 -> white's 23, black's 20 -> white's 5.
WHITE_BOARD = [13, 0, 0, 0, -2, *[0] * 17, -10, 0]
# In black's frame: black 2:10, 20:2; white's 1 -> black's 24.
BLACK_BOARD = [0, 10, *[0] * 17, 2, 0, 0, 0, -13]


def lopsided(turn: Side) -> Position:
    return BG.from_counts({1: 13}, {2: 10, 20: 2}, bar=(1, 0), off=(1, 3), turn=turn)


class TestConstructors:
    def test_starting_position_array_form(self) -> None:
        assert list(START.board) == START_BOARD
        assert START.to_array() == {"board": START_BOARD, "bar": [0, 0], "off": [0, 0]}
        assert START.raw == (0, *START_BOARD, 0, 0, 0)

    def test_all_constructors_agree(self) -> None:
        start = {24: 2, 13: 5, 8: 3, 6: 5}
        assert BG.position(START_BOARD) == START
        assert BG.position(START_BOARD, bar=(0, 0), off=(0, 0), turn=Side.WHITE) == START
        assert BG.from_counts(start, start) == START
        # Through a Callable alias: mypy's attrs plugin sees the generated
        # (variant, turn, raw) signature, not the hand-written __init__.
        new: Callable[..., Position] = Position
        assert new(BG, START_BOARD) == START
        assert new(BG, START_BOARD, (0, 0), (0, 0), Side.WHITE) == START
        assert new(BG, board=tuple(START_BOARD), bar=[0, 0]) == START
        assert new(BG, BLACK_BOARD, (0, 1), (3, 1), Side.BLACK) == lopsided(Side.BLACK)

    @pytest.mark.parametrize("turn", list(Side))
    def test_from_counts_in_each_sides_numbering(self, turn: Side) -> None:
        pos = lopsided(turn)
        assert pos.turn is turn
        if turn is Side.WHITE:
            assert list(pos.board) == WHITE_BOARD
            assert pos.to_array() == {"board": WHITE_BOARD, "bar": [1, 0], "off": [1, 3]}
        else:
            assert list(pos.board) == BLACK_BOARD
            assert pos.to_array() == {"board": BLACK_BOARD, "bar": [0, 1], "off": [3, 1]}

    def test_array_form_equals_from_counts(self) -> None:
        assert BG.position(WHITE_BOARD, (1, 0), (1, 3)) == lopsided(Side.WHITE)
        assert BG.position(BLACK_BOARD, (0, 1), (3, 1), Side.BLACK) == lopsided(Side.BLACK)
        # off may be left out: it is what makes each side add up.
        assert BG.position(WHITE_BOARD, (1, 0)) == lopsided(Side.WHITE)

    def test_from_counts_by_side_mappings(self) -> None:
        pos = BG.from_counts(
            {1: 13},
            {2: 10, 20: 2},
            bar={Side.WHITE: 1},
            off={Side.WHITE: 1, Side.BLACK: 3},
        )
        assert pos == lopsided(Side.WHITE)

    def test_per_side_accessors(self) -> None:
        for turn in Side:
            pos = lopsided(turn)
            white = pos.checkers(Side.WHITE)
            black = pos.checkers(Side.BLACK)
            assert white == (13, *[0] * 23)
            assert black == (0, 10, *[0] * 17, 2, 0, 0, 0, 0)
            assert (pos.bar(Side.WHITE), pos.bar(Side.BLACK)) == (1, 0)
            assert (pos.off(Side.WHITE), pos.off(Side.BLACK)) == (1, 3)
            assert pos.pip_count(Side.WHITE) == 13 * 1 + 25  # the bar counts 25
            assert pos.pip_count(Side.BLACK) == 10 * 2 + 2 * 20

    def test_pass_turn(self) -> None:
        assert lopsided(Side.WHITE).pass_turn() == lopsided(Side.BLACK)
        assert lopsided(Side.BLACK).pass_turn() == lopsided(Side.WHITE)


class TestValueSemantics:
    def test_frozen(self) -> None:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            START.raw = (0,) * 28  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            START.turn = Side.BLACK  # type: ignore[misc]
        assert isinstance(START.board, tuple)
        assert isinstance(START.raw, tuple)

    def test_equality_and_hash(self) -> None:
        a = BG.starting_position()
        b = BG.from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
        assert a == b
        assert hash(a) == hash(b)
        assert len({a, b, START}) == 1
        assert a != BG.starting_position(turn=Side.BLACK)
        assert a != lopsided(Side.WHITE)
        # Same checkers, other rules: not the same position.
        assert a != nardy.find_variant("caucasian").starting_position()
        assert a.raw == nardy.find_variant("caucasian").starting_position().raw
        assert a != nardy.find_variant("backgammon", must_play_higher=False).starting_position()

    def test_copy_returns_self(self) -> None:
        assert copy.copy(START) is START
        assert copy.deepcopy(START) is START
        assert copy.deepcopy([START])[0] is START

    @pytest.mark.parametrize(
        "pos",
        [
            START,
            BG.starting_position(turn=Side.BLACK),
            lopsided(Side.WHITE),
            lopsided(Side.BLACK),
            nardy.find_variant("caucasian", no_hide_after_hit="anywhere").starting_position(),
            nardy.find_variant("hypergammon").starting_position(),
            nardy.find_variant("backgammon", result_points=(1, 2, 4)).starting_position(),
        ],
    )
    def test_repr_evaluates_back(self, pos: Position) -> None:
        back = eval(repr(pos), {"Position": nardy.Position})
        assert back == pos
        assert back.variant == pos.variant

    def test_str_draws_a_board(self) -> None:
        text = str(START)
        lines = text.splitlines()
        assert len(lines) >= 5
        assert "white" in lines[0]
        # Point labels of both halves and every stack of the start: white (X)
        # 2 on 24, 5 on 13, 3 on 8, 5 on 6; black (O) on white's 1, 12, 17, 19.
        for label in ("13", "24", "12", "1"):
            assert label in text
        for cell in ("2X", "5X", "3X", "2O", "5O", "3O"):
            assert cell in text
        assert "167" in text
        assert str(lopsided(Side.BLACK)).splitlines()[0].count("black") == 1

    @pytest.mark.parametrize("name", ["backgammon", "long-nardy"])
    def test_diagram_numbers_the_points_for_either_side(self, name: str) -> None:
        variant = nardy.find_variant(name)
        pos = variant.from_counts({24: 2, 3: 13}, {20: 1, 7: 14}, turn=Side.BLACK)
        assert pos.diagram(Side.WHITE) == pos.diagram() == str(pos)
        for side in (Side.WHITE, Side.BLACK):
            lines = pos.diagram(side).splitlines()

            def columns(line: str) -> list[str]:
                # Twelve 3-character columns, " |" between the sixth and the seventh.
                row = line[:18] + line[20:]
                return [row[i : i + 3].strip() for i in range(0, 36, 3)]

            labels = [int(x) for x in columns(lines[1]) + columns(lines[4])]
            cells = columns(lines[2]) + columns(lines[3])
            assert labels == [*range(13, 25), *range(12, 0, -1)]
            by_label = dict(zip(labels, cells))
            # Each side's checkers under the numbers ``side`` gives their points.
            for owner, mark in ((Side.WHITE, "X"), (Side.BLACK, "O")):
                for q, n in enumerate(pos.checkers(owner), 1):
                    if n:
                        here = q if owner is side else variant.geometry.opponent_point(q)
                        assert by_label[here] == f"{n}{mark}", (side, owner, q)
        assert "black's numbering" in pos.diagram(Side.BLACK).splitlines()[0]
        with pytest.raises(nardy.InvalidSideError):
            pos.diagram("x")  # type: ignore[arg-type]


class TestIds:
    WHITE_START = "0000050300005000000000020"

    def test_start_id_by_hand(self) -> None:
        # Each side: 25 base-36 digits, own points 1..24 then the bar.
        assert START.id() == f"backgammon:w:{self.WHITE_START}/{self.WHITE_START}"
        assert BG.starting_position(turn=Side.BLACK).id().startswith("backgammon:b:")

    def test_lopsided_id_by_hand(self) -> None:
        white = "d" + "0" * 23 + "1"  # 13 on the 1-point, 1 on the bar
        black = "0a" + "0" * 17 + "2" + "0" * 4 + "0"
        assert lopsided(Side.BLACK).id() == f"backgammon:b:{white}/{black}"

    @pytest.mark.parametrize(
        "pos",
        [
            START,
            lopsided(Side.WHITE),
            lopsided(Side.BLACK),
            nardy.find_variant("caucasian", no_hide_after_hit="anywhere").starting_position(),
            nardy.find_variant("nackgammon").starting_position(turn=Side.BLACK),
        ],
    )
    def test_round_trip(self, pos: Position) -> None:
        assert Position.from_id(pos.id()) == pos
        assert Position.from_id(f"  {pos.id()} ") == pos

    def test_id_carries_options(self) -> None:
        variant = nardy.find_variant("caucasian", no_hide_after_hit="anywhere")
        pos = variant.starting_position()
        assert pos.id().startswith("caucasian(no_hide_after_hit=anywhere):w:")
        assert Position.from_id(pos.id()).variant == variant

    def test_id_digits_case_insensitive_and_aliases(self) -> None:
        text = lopsided(Side.WHITE).id().upper().replace("BACKGAMMON", "short-nardy")
        assert Position.from_id(text) == lopsided(Side.WHITE)

    def test_gnubg_opening(self) -> None:
        assert START.gnubg_id() == "4HPwATDgc/ABMA"
        assert Position.from_gnubg_id(BG, "4HPwATDgc/ABMA") == START
        black = BG.starting_position(turn=Side.BLACK)
        assert black.gnubg_id() == "4HPwATDgc/ABMA"
        assert Position.from_gnubg_id(BG, "4HPwATDgc/ABMA", turn=Side.BLACK) == black

    @pytest.mark.parametrize("turn", list(Side))
    def test_gnubg_round_trip(self, turn: Side) -> None:
        pos = lopsided(turn)
        gnubg_id = pos.gnubg_id()
        assert len(gnubg_id) == 14
        assert gnubg_id != START.gnubg_id()
        assert Position.from_gnubg_id(BG, gnubg_id, turn=turn) == pos

    def test_gnubg_id_depends_on_the_side_to_move(self) -> None:
        # The same checkers with the other side to move: the two halves swap.
        assert lopsided(Side.WHITE).gnubg_id() != lopsided(Side.BLACK).gnubg_id()

    def test_gnubg_id_agrees_with_gnubg(self) -> None:
        gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")
        # White (to move): one checker on its 3-point. Black: a blot on its 24
        # (white's 1) and 14 on its 5-point.
        pos = BG.from_counts({3: 1}, {24: 1, 5: 14})
        mover = [*pos.checkers(Side.WHITE), pos.bar(Side.WHITE)]
        other = [*pos.checkers(Side.BLACK), pos.bar(Side.BLACK)]
        # gnubg's board: [side not on roll, side on roll]. It moves board[1]:
        # white's only legal play is 3/1*/off (black would have several).
        assert len(gnubg_nn.moves([other, mover], 4, 2)) == 1
        expected = gnubg_nn.position_id([other, mover])
        assert pos.gnubg_id() == expected
        assert Position.from_gnubg_id(BG, expected) == pos


class TestFindVariant:
    @pytest.mark.parametrize(
        ("name", "cls"),
        [
            ("backgammon", nardy.Backgammon),
            ("Backgammon", nardy.Backgammon),
            ("BACKGAMMON", nardy.Backgammon),
            ("bg", nardy.Backgammon),
            ("short-nardy", nardy.Backgammon),
            ("short nardy", nardy.Backgammon),
            ("Short_Nardy", nardy.Backgammon),
            ("  short   nardy  ", nardy.Backgammon),
            ("короткие нарды", nardy.Backgammon),
            ("nackgammon", nardy.Nackgammon),
            ("Nack", nardy.Nackgammon),
            ("hypergammon", nardy.Hypergammon),
            ("hyper", nardy.Hypergammon),
            ("hyper-backgammon", nardy.Hypergammon),
            ("Hyper_Backgammon", nardy.Hypergammon),
            ("caucasian", nardy.Caucasian),
            ("Caucasian Nardy", nardy.Caucasian),
            ("caucasian-nardy", nardy.Caucasian),
            ("CAUCASIAN_NARDY", nardy.Caucasian),
        ],
    )
    def test_names_and_aliases(self, name: str, cls: type[nardy.Variant]) -> None:
        variant = nardy.find_variant(name)
        assert type(variant) is cls
        assert variant == cls()
        assert hash(variant) == hash(cls())

    def test_variant_names(self) -> None:
        names = nardy.variant_names()
        for name in ("backgammon", "nackgammon", "hypergammon", "caucasian"):
            assert name in names
        assert len(set(names)) == len(names)

    def test_options_as_kwargs_mapping_or_spec(self) -> None:
        by_kwargs = nardy.find_variant("backgammon", must_play_higher=False)
        by_mapping = nardy.find_variant("backgammon", {"must_play_higher": "false"})
        by_spec = nardy.find_variant("backgammon(must_play_higher=false)")
        by_class = nardy.Backgammon(must_play_higher=False)
        assert by_kwargs == by_mapping == by_spec == by_class
        assert by_kwargs.options()["must_play_higher"] is False
        assert by_kwargs.spec() == "backgammon(must_play_higher=false)"
        assert nardy.find_variant(by_kwargs.spec()) == by_kwargs

    @pytest.mark.parametrize("name", nardy.variant_names())
    def test_every_integer_option_reads_from_a_spec(self, name: str) -> None:
        # A spec string carries every value as text: each integer option must
        # read back from it (plakoto's mother_points once did not).
        cls = type(nardy.find_variant(name))
        for a in attrs.fields(cls):
            if a.init and type(a.default) is int:
                # Another valid value: every integer option so far takes 1..default.
                value = a.default - 1 if a.default > 1 else a.default + 1
                variant = nardy.find_variant(f"{name}({a.name}={value})")
                assert getattr(variant, a.name) == value
                assert nardy.find_variant(variant.spec()) == variant

    def test_option_precedence(self) -> None:
        # The spec string, then the mapping, then keyword arguments.
        variant = nardy.find_variant(
            "backgammon(scoring=russian)", {"scoring": "four-level"}, scoring="checkers-left"
        )
        assert variant.options()["scoring"] == "checkers-left"
        variant = nardy.find_variant("backgammon(scoring=russian)", {"scoring": "four-level"})
        assert variant.options()["scoring"] == "four-level"

    def test_defaults(self) -> None:
        assert nardy.find_variant("backgammon").options() == {
            "must_play_higher": True,
            "scoring": "standard",
            "result_points": None,
        }
        assert nardy.find_variant("caucasian").options()["no_hide_after_hit"] == "home"
        assert nardy.find_variant("backgammon").spec() == "backgammon"

    @pytest.mark.parametrize(
        ("text", "value"),
        [("true", True), ("Yes", True), ("1", True), ("false", False), ("off", False), (0, False)],
    )
    def test_boolean_option_strings(self, text: Any, value: bool) -> None:
        variant = nardy.find_variant("backgammon", must_play_higher=text)
        assert variant.options()["must_play_higher"] is value


class TestRoll:
    def test_order_does_not_matter(self) -> None:
        assert Roll(1, 3) == Roll(3, 1)
        assert hash(Roll(1, 3)) == hash(Roll(3, 1))
        roll = Roll(1, 3)
        assert (roll.high, roll.low) == (3, 1)
        high, low = roll
        assert (high, low) == (3, 1)
        assert len({Roll(1, 3), Roll(3, 1), Roll(3, 3)}) == 2

    def test_double(self) -> None:
        assert Roll(4, 4).is_double
        assert not Roll(4, 3).is_double
        assert Roll(4, 4).moves == (4, 4, 4, 4)
        assert Roll(4, 3).moves == (4, 3)
        assert tuple(Roll(4, 4)) == (4, 4)  # the two dice, as "dice" in records

    def test_dice_is_deprecated_for_moves(self) -> None:
        with pytest.warns(DeprecationWarning, match="Roll.moves"):
            assert Roll(4, 4).dice == (4, 4, 4, 4)

    def test_probability(self) -> None:
        assert Roll(4, 4).probability == pytest.approx(1 / 36)
        assert Roll(4, 3).probability == pytest.approx(2 / 36)

    @pytest.mark.parametrize("text", ["31", "13", "3-1", "3 1", "3,1", " 3 - 1 "])
    def test_parse(self, text: str) -> None:
        assert Roll.parse(text) == Roll(3, 1)

    @pytest.mark.parametrize("value", [Roll(3, 1), (3, 1), (1, 3), [1, 3], "31", "1-3"])
    def test_coerce(self, value: Any) -> None:
        assert Roll.coerce(value) == Roll(3, 1)

    def test_coerce_returns_the_same_roll(self) -> None:
        roll = Roll(2, 2)
        assert Roll.coerce(roll) is roll

    def test_str_and_repr(self) -> None:
        assert str(Roll(1, 3)) == "31"
        assert repr(Roll(1, 3)) == "Roll(3, 1)"
        assert eval(repr(Roll(1, 3)), {"Roll": Roll}) == Roll(3, 1)

    def test_frozen(self) -> None:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            Roll(3, 1).high = 6  # type: ignore[misc]

    def test_invalid(self) -> None:
        with pytest.raises(InvalidDiceError):
            Roll(0, 1)

    def test_rolls_accepted_by_legal_plays(self) -> None:
        expected = START.legal_plays(Roll(3, 1)).notations()
        for value in ((3, 1), (1, 3), [3, 1], "31", "1-3"):
            assert START.legal_plays(value).notations() == expected


class TestAllRolls:
    def test_21_distinct_rolls(self) -> None:
        assert len(ALL_ROLLS) == 21
        assert len(set(ALL_ROLLS)) == 21
        assert sum(r.is_double for r in ALL_ROLLS) == 6
        assert set(ALL_ROLLS) == {Roll(a, b) for a in range(1, 7) for b in range(1, 7)}

    def test_probabilities_sum_to_one(self) -> None:
        assert sum(r.probability for r in ALL_ROLLS) == pytest.approx(1.0)

    def test_order_highest_first(self) -> None:
        assert ALL_ROLLS[0] == Roll(6, 6)
        assert ALL_ROLLS[1] == Roll(6, 5)
        assert ALL_ROLLS[-1] == Roll(1, 1)
        assert all(r.high >= r.low for r in ALL_ROLLS)
        keys = [(r.high, r.low) for r in ALL_ROLLS]
        assert keys == sorted(keys, reverse=True)


class TestSide:
    def test_opponent_and_letter(self) -> None:
        assert Side.WHITE.opponent is Side.BLACK
        assert Side.BLACK.opponent is Side.WHITE
        assert (Side.WHITE.letter, Side.BLACK.letter) == ("w", "b")

    @pytest.mark.parametrize(
        ("text", "side"),
        [("w", Side.WHITE), ("White", Side.WHITE), ("B", Side.BLACK), (" black ", Side.BLACK)],
    )
    def test_from_letter(self, text: str, side: Side) -> None:
        assert Side.from_letter(text) is side

    def test_white_moves_first_by_default(self) -> None:
        assert START.turn is Side.WHITE


def test_side_prints_its_colour() -> None:
    assert str(Side.WHITE) == "white"
    assert f"{Side.BLACK}" == "black"
    assert repr(Side.BLACK) == "<Side.BLACK: 1>"
