"""Bad input raises a specific ``NardyError`` subclass (a ``ValueError``) naming the input."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import nardy
from nardy import (
    AmbiguousPlayError,
    BarNotAllowedError,
    CheckerCountError,
    IllegalActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidIdError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    NardyError,
    Play,
    Position,
    Roll,
    SharedPointError,
    Side,
    Step,
    UnknownOptionError,
    UnknownVariantError,
    UnsupportedFormatError,
    errors,
)
from nardy.cli.main import legal_line

BG = nardy.find_variant("backgammon")
START = BG.starting_position()
START_BOARD = list(START.board)


@contextmanager
def raises(cls: type[NardyError], *fragments: str) -> Iterator[None]:
    """Expect exactly ``cls`` (not a parent), whose message contains every fragment."""
    with pytest.raises(cls) as info:
        yield
    assert type(info.value) is cls, f"{type(info.value).__name__}: {info.value}"
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"


# --- the hierarchy -------------------------------------------------------------------


ALL_ERRORS = [getattr(errors, name) for name in errors.__all__]


@pytest.mark.parametrize("cls", ALL_ERRORS, ids=lambda c: c.__name__)
def test_every_error_is_a_nardy_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, NardyError)
    assert issubclass(cls, ValueError)
    # Exported from the package root too.
    assert getattr(nardy, cls.__name__) is cls


def test_hierarchy() -> None:
    assert issubclass(NardyError, ValueError)
    for cls in (CheckerCountError, SharedPointError, BarNotAllowedError):
        assert issubclass(cls, InvalidPositionError)
    assert issubclass(AmbiguousPlayError, IllegalPlayError)
    # The families are distinct.
    assert not issubclass(InvalidPositionError, IllegalPlayError)
    assert not issubclass(InvalidIdError, InvalidPositionError)
    assert not issubclass(InvalidNotationError, IllegalPlayError)
    assert not issubclass(IllegalActionError, IllegalPlayError)
    assert not issubclass(nardy.InvalidSideError, InvalidPositionError)
    assert not issubclass(nardy.UnscoredKindError, InvalidPositionError)
    # The game layer's errors, and the records' and the command line's.
    for action_error in (
        nardy.GameOverError,
        nardy.WrongPhaseError,
        nardy.NotYourTurnError,
        nardy.CubeActionError,
        nardy.ResignationError,
    ):
        assert action_error.__bases__ == (IllegalActionError,)
    assert nardy.RecordError.__bases__ == (NardyError,)
    assert nardy.InputError.__bases__ == (NardyError,)
    assert nardy.VariantDefinitionError.__bases__ == (NardyError, TypeError)
    # The native core's refusals (nardy.engine.native).
    assert nardy.EngineError.__bases__ == (NardyError,)
    # nardy.analysis: one family under AnalysisError; an engine's illegal play is an illegal play.
    assert nardy.AnalysisError.__bases__ == (NardyError,)
    for analysis_error in (
        nardy.UnknownEngineError,
        nardy.EngineNotInstalledError,
        nardy.UnsupportedAnalysisError,
        nardy.InvalidLimitError,
        nardy.InvalidProbabilitiesError,
        nardy.AnalysisInputError,
        nardy.EngineFailedError,
        nardy.PlayerError,
        nardy.MatchEquityTableError,
        nardy.ReviewError,
    ):
        assert analysis_error.__bases__ == (nardy.AnalysisError,)
    # A match state the analysis cannot take is one of the inputs it cannot take.
    assert nardy.MatchStateError.__bases__ == (nardy.AnalysisInputError,)
    assert nardy.EnginePlayError.__bases__ == (nardy.AnalysisError, IllegalPlayError)
    assert len(ALL_ERRORS) == 39


# --- positions ---------------------------------------------------------------------------


class TestPositionErrors:
    def test_too_many_checkers_array_form(self) -> None:
        board = START_BOARD.copy()
        board[5] += 1  # 16 for the mover
        with raises(CheckerCountError, str(board)):
            BG.position(board)

    def test_a_count_error_says_where_the_checkers_are(self) -> None:
        tabula = nardy.find_variant("tabula")
        empty = [0] * 24
        # The pool overflows: the pool is to blame, not the board and bar.
        with raises(CheckerCountError, "white has 16 checkers (16 in the pool)", "pool=[16, 15]"):
            tabula.position(empty, pool=[16, 15])
        with raises(CheckerCountError, "(1 on the bar, 15 in the pool)", "bar=[1, 0]"):
            tabula.position(empty, [1, 0], pool=[15, 15])
        board = [1] + [0] * 23
        with raises(CheckerCountError, "white has 16 checkers (1 on the board, 15 in the pool)"):
            nardy.find_variant("acey-deucey").position(board, pool=[15, 15])
        # off worked out, never given: the message does not quote one.
        for variant, extra in ((tabula, {"pool": [16, 15]}), (BG, {})):
            with pytest.raises(CheckerCountError) as info:
                variant.position([16] + [0] * 23, [0, 0], None, nardy.Side.WHITE, **extra)
            assert "off" not in str(info.value)
            assert "bar" not in str(info.value)  # nothing on it: not the bar's fault
        # off given: quoted, and counted among the places.
        with raises(CheckerCountError, "16 (2 on the board, 14 borne off)", "off=[14, 0]"):
            BG.position([2] + [0] * 23, [0, 0], [14, 0])
        with pytest.raises(CheckerCountError, match="pool holds -1 checkers") as info:
            tabula.position(empty, pool=[-1, 15])
        assert "off" not in str(info.value)

    def test_too_many_checkers_from_counts(self) -> None:
        with raises(CheckerCountError, "16"):
            BG.from_counts({6: 16}, {6: 15})

    def test_too_many_checkers_hypergammon(self) -> None:
        hyper = nardy.find_variant("hypergammon")
        with raises(CheckerCountError, "hypergammon", "3"):
            hyper.from_counts({24: 1, 23: 1, 22: 1}, {24: 1, 23: 1, 22: 1}, off=(1, 0))

    def test_counts_do_not_add_up(self) -> None:
        board = START_BOARD.copy()
        board[5] -= 1  # 14 on the board, none off
        with raises(CheckerCountError, "14", "15"):
            BG.position(board, off=(0, 0))

    def test_counts_do_not_add_up_opponent(self) -> None:
        with raises(CheckerCountError, "opponent", "16"):
            BG.position(START_BOARD, off=(0, 1))

    def test_both_colours_on_a_point(self) -> None:
        # Black's 19-point is white's 6-point.
        with raises(SharedPointError, "white", "black", "6", "19"):
            BG.from_counts({6: 2, 13: 13}, {19: 1, 13: 14})

    @pytest.mark.parametrize(
        ("kwargs", "fragment"),
        [
            ({"bar": (-1, 0)}, "-1"),
            ({"bar": (0, -2)}, "-2"),
            ({"off": (-1, 1)}, "-1"),
        ],
    )
    def test_negative_bar_or_off(self, kwargs: dict[str, Any], fragment: str) -> None:
        with raises(CheckerCountError, fragment):
            BG.position(START_BOARD, **kwargs)

    def test_negative_count_from_counts(self) -> None:
        with raises(CheckerCountError, "-1", "6"):
            BG.from_counts({6: -1}, {6: 15})

    @pytest.mark.parametrize("length", [0, 23, 25])
    def test_wrong_board_length(self, length: int) -> None:
        with raises(InvalidPositionError, "24", str(length)):
            BG.position([0] * length)

    def test_board_not_a_sequence(self) -> None:
        with raises(InvalidPositionError, "board", "5"):
            BG.position(5)  # type: ignore[arg-type]

    @pytest.mark.parametrize("bad", [1.5, "2", True, None])
    def test_non_integer_board_entry(self, bad: object) -> None:
        board: list[Any] = START_BOARD.copy()
        board[2] = bad
        with raises(InvalidPositionError, repr(bad)):
            BG.position(board)

    @pytest.mark.parametrize(
        ("kwargs", "fragment"),
        [
            ({"bar": (0.5, 0)}, "0.5"),
            ({"bar": (0, 0, 0)}, "bar"),
            ({"off": ("1", 0)}, "'1'"),
            ({"off": (0,)}, "off"),
        ],
    )
    def test_bad_bar_or_off(self, kwargs: dict[str, Any], fragment: str) -> None:
        with raises(InvalidPositionError, fragment):
            BG.position(START_BOARD, **kwargs)

    @pytest.mark.parametrize("point", [0, 25, "6", 6.0])
    def test_bad_point_from_counts(self, point: Any) -> None:
        with raises(InvalidPositionError, repr(point)):
            BG.from_counts({point: 1, 6: 14}, {6: 15})

    @pytest.mark.parametrize("count", [1.5, "1", True])
    def test_bad_count_from_counts(self, count: Any) -> None:
        with raises(CheckerCountError, repr(count)):
            BG.from_counts({6: count}, {6: 15})

    def test_both_sides_all_off(self) -> None:
        with raises(InvalidPositionError, "off=[15, 15]"):
            BG.position([0] * 24)

    def test_position_of_another_variant(self) -> None:
        nack = nardy.find_variant("nackgammon")
        with raises(InvalidPositionError, "backgammon", "nackgammon"):
            nack.legal_plays(START, (3, 1))

    def test_non_integer_bar_mapping_from_counts(self) -> None:
        with pytest.raises(InvalidPositionError):
            BG.from_counts({6: 14}, {6: 15}, bar={Side.WHITE: 1.5})  # type: ignore[dict-item]

    @pytest.mark.parametrize(
        "build",
        [
            lambda: BG.position(START_BOARD, turn=2),  # type: ignore[arg-type]
            lambda: BG.from_counts({6: 15}, {6: 15}, turn=5),  # type: ignore[arg-type]
            lambda: BG.starting_position(turn=2),  # type: ignore[arg-type]
        ],
        ids=["position", "from_counts", "starting_position"],
    )
    def test_bad_turn(self, build: Callable[[], Position]) -> None:
        with pytest.raises(NardyError):
            build()

    def test_bar_in_a_variant_without_one(self) -> None:
        import attrs

        @attrs.frozen
        class NoBar(nardy.Backgammon):
            has_bar = False

        with raises(BarNotAllowedError, "bar=[1, 0]"):
            NoBar().position([0, 0, 0, 0, 0, 14, *[0] * 12, -15, *[0] * 5], bar=(1, 0))


# --- dice --------------------------------------------------------------------------------


class TestDiceErrors:
    @pytest.mark.parametrize(
        ("a", "b", "fragment"),
        [
            (0, 3, "0"),
            (7, 1, "7"),
            (1, -2, "-2"),
            (1.5, 2, "1.5"),
            (True, 2, "True"),
            ("3", 1, "'3'"),
        ],
    )
    def test_die_outside_1_to_6(self, a: Any, b: Any, fragment: str) -> None:
        with raises(InvalidDiceError, fragment):
            Roll(a, b)

    @pytest.mark.parametrize(
        ("roll", "fragment"),
        [
            ((1, 2, 3), "(1, 2, 3)"),
            ([4], "[4]"),
            ((), "()"),
            (5, "5"),
            (None, "None"),
            ("7-1", "7"),
            ("abc", "'abc'"),
            ("3", "'3'"),
            ("123", "'123'"),
            ((0, 0), "0"),
        ],
    )
    def test_not_two_dice(self, roll: Any, fragment: str) -> None:
        with raises(InvalidDiceError, fragment):
            START.legal_plays(roll)

    @pytest.mark.parametrize("die", [True, False, 3.0, 1.0, 0, 7])
    @pytest.mark.parametrize(
        "entry",
        [
            "Roll",
            "Roll.coerce",
            "legal_plays",
            "Variant.legal_plays",
            "Game.roll",
            "the opening roll",
            "nardy legal",
        ],
    )
    def test_a_bool_or_a_float_is_no_die_wherever_dice_go_in(self, entry: str, die: Any) -> None:
        # (True, 1) == (1, 1) and (3.0, 1) == (3, 1) as keys: none is a roll.
        rolls: dict[str, Callable[[], object]] = {
            "Roll": lambda: Roll(die, 1),
            "Roll.coerce": lambda: Roll.coerce((die, 1)),
            "legal_plays": lambda: START.legal_plays((1, die)),
            "Variant.legal_plays": lambda: BG.legal_plays(START, (die, 1)),
            "Game.roll": lambda: (
                nardy.Game.new("backgammon").roll((6, 1)).play("8/2 6/5").roll((die, 1))
            ),
            "the opening roll": lambda: nardy.Game.new("backgammon").roll((die, 1)),
            "nardy legal": lambda: legal_line(
                json.dumps({"board": START.to_array()["board"], "dice": [die, 1]}),
                "backgammon",
                {},
            ),
        }
        with raises(
            InvalidDiceError, f"a die is an integer 1..6, got {json.loads(json.dumps(die))!r}"
        ):
            rolls[entry]()

    def test_parse(self) -> None:
        with raises(InvalidDiceError, "'6 x'"):  # "x" is a separator: only one die
            Roll.parse("6 x")
        with raises(InvalidDiceError, "7"):
            Roll.parse("6-7")


# --- variants and options ---------------------------------------------------------------


class TestVariantErrors:
    @pytest.mark.parametrize("name", ["chess", "", "backgammonx", "long_nardy_x"])
    def test_unknown_variant(self, name: str) -> None:
        with raises(UnknownVariantError, repr(name)):
            nardy.find_variant(name)

    def test_unknown_variant_lists_known_ones(self) -> None:
        with raises(UnknownVariantError, "backgammon", "caucasian"):
            nardy.find_variant("chess")

    def test_variant_name_not_a_string(self) -> None:
        with raises(UnknownVariantError, "3"):
            nardy.find_variant(3)  # type: ignore[arg-type]

    def test_unbalanced_spec(self) -> None:
        with raises(UnknownVariantError, "'backgammon(scoring=russian'"):
            nardy.find_variant("backgammon(scoring=russian")

    @pytest.mark.parametrize(
        "call",
        [
            lambda: nardy.find_variant("backgammon", colour="red"),
            lambda: nardy.find_variant("backgammon", {"colour": "red"}),
            lambda: nardy.find_variant("backgammon(colour=red)"),
        ],
        ids=["kwargs", "mapping", "spec"],
    )
    def test_unknown_option(self, call: Callable[[], object]) -> None:
        with raises(UnknownOptionError, "'colour'", "backgammon", "must_play_higher"):
            call()

    def test_option_of_another_variant(self) -> None:
        # no_hide_after_hit belongs to Caucasian nardy only.
        with raises(UnknownOptionError, "no_hide_after_hit", "backgammon"):
            nardy.find_variant("backgammon", no_hide_after_hit="home")

    @pytest.mark.parametrize(
        ("name", "options", "fragment"),
        [
            ("backgammon", {"must_play_higher": "maybe"}, "'maybe'"),
            ("backgammon", {"must_play_higher": 2}, "2"),
            ("backgammon", {"scoring": "euro"}, "'euro'"),
            ("caucasian", {"no_hide_after_hit": "never"}, "'never'"),
            ("backgammon(scoring=euro)", {}, "'euro'"),
        ],
    )
    def test_bad_option_value(self, name: str, options: dict[str, Any], fragment: str) -> None:
        with raises(InvalidOptionError, fragment):
            nardy.find_variant(name, options)

    def test_bad_option_value_direct_constructor(self) -> None:
        with raises(InvalidOptionError, "'euro'", "scoring"):
            nardy.Backgammon(scoring="euro")

    def test_option_not_key_value(self) -> None:
        with raises(InvalidOptionError, "'scoring'"):
            nardy.find_variant("backgammon(scoring)")


# --- notation and plays ------------------------------------------------------------------


class TestPlayErrors:
    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("24/xx", "'xx'"),
            ("24/18/20", "24/18/20"),  # goes backwards
            ("18/24", "18/24"),
            ("off/3", "off/3"),
            ("26/20", "'26'"),
            ("24", "'24'"),
            ("24//18", "24//18"),
            ("24/18(5)", "24/18(5)"),
            ("24/18(0)", "24/18(0)"),
            ("bar*/22", "bar*"),
            ("6/off*", "off*"),
            ("24/18)", "24/18)"),
        ],
    )
    def test_bad_notation(self, text: str, fragment: str) -> None:
        with raises(InvalidNotationError, fragment):
            START.play(text, (6, 1))

    def test_notation_not_a_string(self) -> None:
        with raises(InvalidNotationError, "24"):
            nardy.parse_moves(24)  # type: ignore[arg-type]

    def test_illegal_play_names_play_roll_and_position(self) -> None:
        # 13/12 lands on the opponent's 12-point (his 13, five checkers).
        with raises(IllegalPlayError, "'13/10 13/12'", "31", START.id()):
            START.play("13/10 13/12", (3, 1))

    def test_illegal_play_not_using_both_dice(self) -> None:
        with raises(IllegalPlayError, "'8/5'", "31", START.id()):
            START.play("8/5", (3, 1))

    def test_illegal_play_not_enough_checkers(self) -> None:
        with raises(IllegalPlayError, "24/21(3)", START.id()):
            START.play("24/21(3)", (3, 3))

    def test_illegal_play_object(self) -> None:
        play = Play((Step(13, 12, 1), Step(13, 10, 3)), Roll(3, 1))
        with raises(IllegalPlayError, "13/12 13/10", "31", START.id()):
            START.apply(play)

    def test_play_object_with_a_die_not_rolled(self) -> None:
        play = Play((Step(24, 20, 4),), Roll(3, 1))
        with raises(IllegalPlayError, "24/20", "31", START.id(), "4"):
            START.apply(play)

    def test_ambiguous_play(self) -> None:
        # One movable checker on 13, blots on 10 and 11, 3-2: 13/10*/8 and
        # 13/11*/8 end alike and differ only in what they hit.
        board = [0] * 24
        board[12] = 1
        board[0] = 14
        board[9] = board[10] = -1
        board[19] = -13
        pos = BG.position(board)
        with raises(AmbiguousPlayError, "'13/8'", "32", pos.id(), "13/10*/8", "13/11*/8"):
            pos.play("13/8", (3, 2))

    def test_playing_on_a_finished_position(self) -> None:
        over = BG.from_counts({}, {6: 15}, turn=Side.BLACK)
        with raises(IllegalPlayError, over.id()):
            over.legal_plays((3, 1))
        with raises(IllegalPlayError, over.id()):
            over.play("", (3, 1))


# --- IDs -------------------------------------------------------------------------------


WHITE_START = "0000050300005000000000020"


class TestIdErrors:
    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("nonsense", "'nonsense'"),
            (f"backgammon:x:{WHITE_START}/{WHITE_START}", "'x'"),
            (f"backgammon:w:{WHITE_START}", WHITE_START),
            (f"backgammon:w:{WHITE_START}/{WHITE_START[:-1]}", WHITE_START[:-1]),
            (f"backgammon:w:{WHITE_START}/{WHITE_START}/{WHITE_START}", "backgammon:w:"),
            (f"backgammon:w:{WHITE_START[:-1]}!/{WHITE_START}", "!"),
        ],
    )
    def test_invalid_position_id(self, text: str, fragment: str) -> None:
        with raises(InvalidIdError, fragment):
            Position.from_id(text)

    def test_unknown_variant_in_id(self) -> None:
        with raises(UnknownVariantError, "'chess'"):
            Position.from_id(f"chess:w:{WHITE_START}/{WHITE_START}")

    def test_id_with_too_many_checkers(self) -> None:
        text = f"backgammon:w:{WHITE_START[:5]}6{WHITE_START[6:]}/{WHITE_START}"
        with raises(CheckerCountError, text):
            Position.from_id(text)

    def test_id_with_both_colours_on_a_point(self) -> None:
        # White 1 on its 1-point (and 14 on the 6); black 1 on its 24-point.
        white = "1" + "0" * 4 + "e" + "0" * 19
        black = "0" * 5 + "e" + "0" * 17 + "10"
        text = f"backgammon:w:{white}/{black}"
        with raises(SharedPointError, text):
            Position.from_id(text)

    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("abc", "'abc'"),
            ("4HPwATDgc/ABMAA", "4HPwATDgc/ABMAA"),
            ("!!!!!!!!!!!!!!", "!!!!!!!!!!!!!!"),
            ("//////////////", "//////////////"),  # all ones: never 50 slots
        ],
    )
    def test_invalid_gnubg_id(self, text: str, fragment: str) -> None:
        with raises(InvalidIdError, fragment):
            Position.from_gnubg_id(BG, text)

    def test_gnubg_id_of_an_impossible_position_names_the_id(self) -> None:
        # All zero bits: no checkers at all for either side.
        with pytest.raises(InvalidPositionError, match="AAAAAAAAAAAAAA"):
            Position.from_gnubg_id(BG, "AAAAAAAAAAAAAA")

    def test_gnubg_id_unsupported_for_long_nardy(self) -> None:
        long_nardy = nardy.find_variant("long-nardy")
        assert not long_nardy.gnubg_id_supported
        with raises(UnsupportedFormatError, "long-nardy"):
            long_nardy.starting_position().gnubg_id()
        with raises(UnsupportedFormatError, "long-nardy"):
            Position.from_gnubg_id(long_nardy, "4HPwATDgc/ABMA")

    @pytest.mark.parametrize("name", ["backgammon", "nackgammon", "hypergammon", "caucasian"])
    def test_gnubg_id_supported_for_the_backgammon_family(self, name: str) -> None:
        variant = nardy.find_variant(name)
        assert variant.gnubg_id_supported
        assert len(variant.starting_position().gnubg_id()) == 14


def test_side_from_letter() -> None:
    with pytest.raises(nardy.InvalidSideError, match="'x'"):
        Side.from_letter("x")
