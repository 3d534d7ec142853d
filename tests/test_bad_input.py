"""Bad input through the Python API: the whole survey, and a corpus of one case per class.

The survey (``tests/api_survey.py``) puts each of 30 bad values into each
parameter of about a hundred public calls; every call must answer with a
value it documents accepting or a short :class:`~nardy.NardyError`, in
well under a second. The corpus below pins the exact error class and
message of one example of every class of defect the survey found, and the
forms the documentation names that must keep working.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import pytest

import nardy
from api_survey import BAD, ENTRIES, TIME_LIMIT, check
from nardy import (
    Game,
    GameOptions,
    Match,
    Position,
    ResultKind,
    Side,
)
from nardy.errors import (
    IllegalActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidSideError,
    NardyError,
    RecordError,
    UnknownOptionError,
    UnknownVariantError,
    UnscoredKindError,
)

BG = nardy.Backgammon()
START = BG.starting_position()
PID = "4HPwATDgc/ABMA"  # gnubg's Position ID of the backgammon start


@pytest.mark.parametrize("item", ENTRIES, ids=[e.name for e in ENTRIES])
def test_survey_entry_answers_every_bad_value(item: Any) -> None:
    findings = [check(item, label) for label in BAD if label not in item.skips]
    assert [str(f) for f in findings if f is not None] == []


def _record(**changes: Any) -> dict[str, Any]:
    game = Game.new(BG, rng=1).roll((3, 1)).play(0)
    data = game.to_dict()
    data.update(changes)
    return data


def _action(**changes: Any) -> dict[str, Any]:
    data = _record()
    data["actions"][1] = {**data["actions"][1], **changes}
    return data


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# One example per class of bad input: (call, error class, a fragment of the message).
CORPUS: dict[str, tuple[Callable[[], object], type[NardyError], str]] = {
    # wrong types where a variant, position, play, side or mapping is expected
    "Position(None, ...)": (lambda: Position(None, START.raw), UnknownVariantError, "None"),  # type: ignore[arg-type]
    "Game.new(123)": (lambda: Game.new(123), UnknownVariantError, "123"),  # type: ignore[arg-type]
    "resulting_position(None)": (
        lambda: START.legal_plays((3, 1)).resulting_position(None),
        IllegalPlayError,
        "None",
    ),
    "Match.advance('x')": (
        lambda: Match.new(BG, 3, rng=1).advance("x"),  # type: ignore[arg-type]
        IllegalActionError,
        "'x'",
    ),
    "points('champion')": (lambda: BG.points("champion"), UnscoredKindError, "champion"),  # type: ignore[arg-type]
    "from_counts(white=None)": (
        lambda: BG.from_counts(white=None, black={}),  # type: ignore[arg-type]
        InvalidPositionError,
        "None",
    ),
    "record side 5": (lambda: Game.from_dict(_action(side=5)), RecordError, "got 5"),
    # silent acceptance
    "result_points negative": (
        lambda: nardy.Backgammon(result_points=(-1, -2, -3)),
        InvalidOptionError,
        "(-1, -2, -3)",
    ),
    "result_points zero": (
        lambda: nardy.Backgammon(result_points=(0, 0, 0)),
        InvalidOptionError,
        "(0, 0, 0)",
    ),
    "loser_left=-5": (
        lambda: BG.points(ResultKind.SINGLE, loser_left=-5),
        InvalidOptionError,
        "-5",
    ),
    "resulting_position(True)": (
        lambda: START.legal_plays((3, 1)).resulting_position(True),
        IllegalPlayError,
        "True",
    ),
    "gnubg turn 'x'": (lambda: Position.from_gnubg_id(BG, PID, turn="x"), InvalidSideError, "'x'"),  # type: ignore[arg-type]
    "max_cube Arabic-Indic digit": (
        lambda: GameOptions(max_cube="٣"),
        InvalidOptionError,
        "max_cube",
    ),
    "white_player=True": (
        lambda: Game.new(BG, white_player=True),
        InvalidOptionError,
        "white_player",
    ),
    "rng='abc'": (lambda: Game.new(BG, rng="abc"), InvalidOptionError, "'abc'"),  # type: ignore[arg-type]
    "record crawford 'yes'": (
        lambda: Game.from_dict(_record(crawford="yes")),
        RecordError,
        "crawford",
    ),
    # Python's own errors leaking
    "superscript digits in notation": (
        lambda: START.parse_play("²4/18", (6, 1)),
        InvalidNotationError,
        "²4",
    ),
    "superscript dice": (lambda: nardy.Roll.parse("²¹"), InvalidDiceError, "²¹"),
    "5,000-digit dice": (lambda: nardy.Roll.parse("7" * 5000), InvalidDiceError, "..."),
    "5,000-digit die": (lambda: nardy.Roll(int("7" * 4000), 1), InvalidDiceError, "huge integer"),
    "starter 'x'": (lambda: Game.new(BG, starter="x"), InvalidSideError, "starter"),  # type: ignore[arg-type]
    "resign 'foo'": (
        lambda: Game.new(BG, rng=1).roll((3, 1)).resign("foo"),
        UnscoredKindError,
        "'foo'",
    ),
    "Side('w')": (lambda: Side("w"), InvalidSideError, "'w'"),  # type: ignore[arg-type]
    "ResultKind('mars')": (lambda: ResultKind("mars"), UnscoredKindError, "'mars'"),
    "unknown option keyword": (lambda: Game.new(BG, foo=1), UnknownOptionError, "'foo'"),
    # no size limits
    "10 MB notation": (
        lambda: START.parse_play("24/18 " * 2_000_000, (6, 1)),
        InvalidNotationError,
        "12,000,000 characters",
    ),
    "10 MB notation to Game.play": (
        lambda: Game.new(BG, rng=1).roll((6, 1)).play("24/18 " * 2_000_000),
        InvalidNotationError,
        "characters",
    ),
    "deeply nested record": (lambda: Game.from_json(_deep(100_000)), RecordError, "nests"),
    "endless roll": (
        lambda: START.legal_plays(itertools.count()),  # type: ignore[arg-type]
        InvalidDiceError,
        "count(",
    ),
    "10 MB variant name": (
        lambda: nardy.find_variant("x" * 10_000_000),
        UnknownVariantError,
        "...",
    ),
    "10 MB position ID": (lambda: Position.from_id("x" * 10_000_000), nardy.InvalidIdError, "..."),
}


@pytest.mark.parametrize("label", list(CORPUS))
def test_corpus(label: str) -> None:
    call, error, fragment = CORPUS[label]
    began = time.perf_counter()
    with pytest.raises(error) as info:
        call()
    assert time.perf_counter() - began < TIME_LIMIT
    message = str(info.value)
    assert fragment in message
    assert len(message) <= 500


# The forms the documentation names keep working.
def test_variant_names_work_where_a_variant_is_taken() -> None:
    assert Position.from_gnubg_id("backgammon", PID) == START
    assert BG.from_gnubg_id(PID) == START
    assert Game.new("backgammon").variant == BG
    assert Match.new("backgammon", 3).variant == BG


@pytest.mark.parametrize("turn", [Side.WHITE, 0, "w", "white", "W"])
def test_sides_in_every_documented_form(turn: object) -> None:
    assert Position.from_gnubg_id(BG, PID, turn=turn).turn is Side.WHITE  # type: ignore[arg-type]
    assert Game.new(BG, starter=turn).position.turn is Side.WHITE  # type: ignore[arg-type]


@pytest.mark.parametrize("black", [Side.BLACK, 1, "b", "black"])
def test_a_side_in_any_form_reads_the_same_position(black: object) -> None:
    # Lopsided, so that swapped sides would show: white on his 6, black on his 1 and 24.
    position = BG.from_counts({6: 15}, {1: 14, 24: 1}, turn=Side.BLACK)
    gnubg_id = position.gnubg_id()
    assert Position.from_gnubg_id(BG, gnubg_id, turn=black) == position  # type: ignore[arg-type]
    white = BG.from_counts({6: 15}, {1: 14, 24: 1}, turn=Side.WHITE)
    for form in (Side.WHITE, 0, "w", "white"):
        assert Position.from_gnubg_id(BG, white.gnubg_id(), turn=form) == white  # type: ignore[arg-type]


@pytest.mark.parametrize("turn", [True, False, 2, "x", "", None, 0.0])
def test_sides_refused_in_every_other_form(turn: object) -> None:
    with pytest.raises(InvalidSideError):
        Position.from_gnubg_id(BG, PID, turn=turn)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [ResultKind.GAMMON, "gammon"])
def test_result_kinds_as_kind_or_value(kind: object) -> None:
    assert BG.points(kind) == 2  # type: ignore[arg-type]


def test_gnubg_id_turn_black_is_the_same_board_for_black() -> None:
    black = Position.from_gnubg_id(BG, PID, turn="b")  # type: ignore[arg-type]
    assert black.turn is Side.BLACK
    assert black.gnubg_id() == PID


@pytest.mark.parametrize(
    ("spec", "raw", "message"),
    [
        ("backgammon", (0,) * 5, "a backgammon state is a tuple of 28 ints"),
        ("acey-deucey", (0,) * 5, "an acey-deucey state is a tuple of 30 ints"),
        ("acey-deucey", (0,) * 29 + (1 << 40,), "an acey-deucey state holds small integers"),
    ],
)
def test_a_bad_raw_state_names_its_variant_with_the_right_article(
    spec: str, raw: tuple[int, ...], message: str
) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_raw(nardy.find_variant(spec), Side.WHITE, raw)
