"""Fuzzing every parser and entry point that takes outside data.

Each property feeds arbitrary input, and input a few edits away from a
valid one (the kind that reaches deep into a parser), to one entry point:
position IDs, gnubg IDs, notation, rolls, the array form, game and match
records, ``nardy legal`` lines and options. Whatever comes in, the answer
is a value or a :class:`~nardy.NardyError`, within :data:`TIME_LIMIT`; any
other exception fails the test. A value that comes back must survive its
round trip (written out and read again, it is the same).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Game, GameOptions, Match, NardyError, Position, Roll, Side
from nardy.cli.main import legal_line
from nardy.model.notation import parse_moves
from nardy.variants.base import variant_names
from strategies import positions

T = TypeVar("T")

#: Seconds any one call may take, for inputs up to a megabyte.
TIME_LIMIT = 1.0

BG = nardy.Backgammon()
LONG = nardy.LongNardy()
FAMILY = [nardy.find_variant(name) for name in variant_names()]


def answer(call: Callable[..., T], *args: Any, **kwargs: Any) -> T | NardyError:
    """``call(*args, **kwargs)``, or the NardyError it raised; anything else propagates."""
    began = time.perf_counter()
    try:
        value: T | NardyError = call(*args, **kwargs)
    except NardyError as exc:
        value = exc
    took = time.perf_counter() - began
    assert took < TIME_LIMIT, f"{getattr(call, '__name__', call)} took {took:.2f}s"
    if isinstance(value, NardyError):
        assert 0 < len(str(value)) <= 500, f"{type(value).__name__}: {str(value)[:600]!r}"
    return value


# --- strategies -------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)


@st.composite
def edited(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """``text`` after a few random edits: insert, delete, replace, cut, repeat."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "cut", "repeat", "unicode"]))
        at = draw(st.integers(0, len(chars)))
        if op == "insert":
            chars[at:at] = draw(st.sampled_from(alphabet))
        elif op == "delete" and chars:
            del chars[min(at, len(chars) - 1)]
        elif op == "replace" and chars:
            chars[min(at, len(chars) - 1)] = draw(st.sampled_from(alphabet))
        elif op == "cut":
            chars = chars[:at]
        elif op == "repeat":
            # Up to a megabyte: a huge input must be refused as fast as a small one.
            times = draw(st.sampled_from([2, 3, 1000, 50_000]))
            chars = chars * max(1, min(times, 1_000_000 // max(1, len(chars))))
        elif op == "unicode":
            chars[at:at] = draw(st.text(min_size=1, max_size=3))
    return "".join(chars)


def any_text(valid: str, alphabet: str) -> st.SearchStrategy[str]:
    return st.text(max_size=60) | edited(valid, alphabet)


@st.composite
def positions_of_the_family(draw: st.DrawFn) -> Position:
    if draw(st.booleans()):
        return draw(positions(BG))
    return draw(positions(LONG, kinds=("selfplay",)))  # the other kinds are backgammon's


ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz:/()=,.-_ +*"
GNUBG_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=: "
NOTATION_ALPHABET = "0123456789/*()-bar off onbaroff ,²٣"


# --- position IDs -----------------------------------------------------------------------


@given(positions_of_the_family(), st.data())
def test_position_id(position: Position, data: st.DataObject) -> None:
    assert Position.from_id(position.id()) == position
    text = data.draw(any_text(position.id(), ID_ALPHABET))
    got = answer(Position.from_id, text)
    if isinstance(got, Position):
        assert Position.from_id(got.id()) == got


@given(positions(BG), st.data())
def test_gnubg_id(position: Position, data: st.DataObject) -> None:
    gnubg_id = position.gnubg_id()
    assert Position.from_gnubg_id(BG, gnubg_id, turn=position.turn) == position
    text = data.draw(any_text(gnubg_id, GNUBG_ALPHABET))
    turn = data.draw(st.sampled_from([Side.WHITE, Side.BLACK]))
    got = answer(Position.from_gnubg_id, BG, text, turn)
    if isinstance(got, Position):
        assert got.turn is turn
        assert Position.from_gnubg_id(BG, got.gnubg_id(), turn=turn) == got


# --- notation and rolls -----------------------------------------------------------------


@given(positions_of_the_family(), st.tuples(st.integers(1, 6), st.integers(1, 6)), st.data())
def test_notation(position: Position, dice: tuple[int, int], data: st.DataObject) -> None:
    plays = position.legal_plays(dice)
    play = data.draw(st.sampled_from(list(plays)))
    assert plays.find(play.notation()) == play
    text = data.draw(any_text(play.notation(), NOTATION_ALPHABET))
    answer(parse_moves, text)
    got = answer(position.parse_play, text, dice)
    if not isinstance(got, NardyError):
        assert got in plays


@given(st.one_of(json_values, st.text(max_size=10), edited("31", "0123456789-, ²")))
def test_rolls(value: object) -> None:
    got = answer(Roll.coerce, value)
    if isinstance(got, Roll):
        assert Roll.parse(str(got)) == got
    if isinstance(value, str):
        got = answer(Roll.parse, value)
        if isinstance(got, Roll):
            assert Roll.parse(str(got)) == got


# --- the array form ---------------------------------------------------------------------

counts = st.integers(-16, 16)


@st.composite
def array_forms(draw: st.DrawFn) -> tuple[nardy.Variant, dict[str, Any]]:
    """A variant and an array form: a valid one, or one with a part replaced by anything."""
    if draw(st.booleans()):
        position = draw(positions(BG))
    else:
        position = draw(positions(LONG, kinds=("selfplay",)))
    form: dict[str, Any] = {**position.to_array(), "turn": position.turn}
    for _ in range(draw(st.integers(0, 2))):
        key = draw(st.sampled_from(["board", "bar", "off", "turn"]))
        form[key] = draw(
            {
                "board": st.lists(counts, min_size=22, max_size=26) | json_values,
                "bar": st.lists(st.integers(-1, 16), min_size=2, max_size=2) | json_values,
                "off": st.none() | st.lists(st.integers(-1, 16), min_size=0, max_size=3),
                "turn": st.sampled_from([Side.WHITE, Side.BLACK, 0, 1, "w", "b", None, "x", 2]),
            }[key]
        )
    return position.variant, form


@given(array_forms())
def test_array_form(case: tuple[nardy.Variant, dict[str, Any]]) -> None:
    variant, form = case
    got = answer(variant.position, **form)
    if isinstance(got, Position):
        for side in (Side.WHITE, Side.BLACK):
            on_board = sum(got.checkers(side)) + got.bar(side) + got.off(side)
            assert on_board == variant.checkers
        assert variant.position(**got.to_array(), turn=got.turn) == got


# --- records ----------------------------------------------------------------------------


def _played_game(variant: nardy.Variant, seed: int) -> Game:
    game = Game.new(variant, rng=seed)
    choose = random.Random(seed)
    for _ in range(12):
        if game.is_over():
            break
        game = game.roll()
        if not game.is_over() and game.dice is not None:
            game = game.play(choose.randrange(len(game.legal_plays())))
    return game


GAME_RECORDS = [_played_game(v, s).to_dict() for v in (BG, LONG) for s in (1, 2)]
MATCH_RECORD = Match.new(BG, 3, rng=4).roll().to_dict()


def _paths(value: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested dicts and lists."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


@st.composite
def corrupted(draw: st.DrawFn, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with one to three values replaced (by any JSON value) or removed."""
    data: dict[str, Any] = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        holder: Any = data
        for key in path[:-1]:
            holder = holder[key]
        if draw(st.booleans()) and isinstance(holder, dict):
            del holder[path[-1]]
        else:
            holder[path[-1]] = draw(json_values)
        if not _paths(data):
            break
    return data


@given(st.sampled_from(GAME_RECORDS).flatmap(corrupted))
def test_game_records(data: dict[str, Any]) -> None:
    # A roll action without dice rolls from the game's dice source: both reads
    # get the same seeded source so that they can be compared.
    got = answer(Game.from_dict, data, rng=7)
    if isinstance(got, Game):
        again = got.to_dict()
        assert Game.from_dict(again).to_dict() == again
    text = json.dumps(data)
    got_json = answer(Game.from_json, text, rng=7)
    assert type(got_json) is type(got)


@given(st.text(max_size=80) | edited(json.dumps(GAME_RECORDS[0]), '{}[]",:0123456789 '))
def test_game_record_text(text: str) -> None:
    got = answer(Game.from_json, text)
    if isinstance(got, Game):
        assert Game.from_json(got.to_json()).to_dict() == got.to_dict()


@given(corrupted(MATCH_RECORD))
def test_match_records(data: dict[str, Any]) -> None:
    got = answer(Match.from_dict, data)
    if isinstance(got, Match):
        again = got.to_dict()
        assert Match.from_dict(again).to_dict() == again


# --- nardy legal lines ------------------------------------------------------------------

GOOD_LINE = {"variant": "backgammon", **BG.starting_position().to_array(), "dice": [3, 1]}


@given(corrupted(GOOD_LINE) | st.dictionaries(st.text(max_size=8), json_values, max_size=6))
def test_legal_lines(data: dict[str, Any]) -> None:
    got = answer(legal_line, json.dumps(data), None, {})
    if isinstance(got, dict):
        assert set(got) == {"plays"}
        json.dumps(got)


@given(st.binary(max_size=80) | edited(json.dumps(GOOD_LINE), '{}[]",:0123456789 '))
def test_legal_line_text(line: str | bytes) -> None:
    got = answer(legal_line, line, "backgammon", {})
    assert isinstance(got, (dict, NardyError))


# --- options ----------------------------------------------------------------------------

GAME_OPTIONS = list(GameOptions().to_dict())


@given(
    st.dictionaries(
        st.sampled_from(GAME_OPTIONS) | st.text(max_size=8),
        json_values | st.sampled_from(["true", "off", "2", "half", "٣", "arithmetic"]),
        max_size=4,
    )
)
def test_game_options(values: dict[str, Any]) -> None:
    got = answer(GameOptions.from_dict, values)
    if isinstance(got, GameOptions):
        assert GameOptions.from_dict(got.to_dict()) == got


@given(st.sampled_from(FAMILY), st.data())
def test_variant_options(variant: nardy.Variant, data: st.DataObject) -> None:
    names = list(variant.options())
    values = data.draw(
        st.dictionaries(
            st.sampled_from(names) | st.text(max_size=8) if names else st.text(max_size=8),
            json_values | st.sampled_from(["true", "no", "1-2-3", "anywhere", "home", "0"]),
            max_size=3,
        )
    )
    got = answer(nardy.find_variant, variant.name, values)
    if isinstance(got, nardy.Variant):
        assert nardy.find_variant(got.spec()) == got
    name = data.draw(any_text(variant.spec(), "abcdefghijklmnopqrstuvwxyz()=,-_ "))
    got = answer(nardy.find_variant, name)
    if isinstance(got, nardy.Variant):
        assert nardy.find_variant(got.spec()) == got
