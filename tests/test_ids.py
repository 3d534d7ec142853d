"""gnubg Match IDs and gnubg IDs, XGIDs and FIBS ``board:`` lines: hand-checked cases from
the formats' descriptions, malformed input, and Hypothesis round trips."""

from __future__ import annotations

import base64
import doctest
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Side
from nardy.cli.convert import describe_id
from nardy.errors import InvalidIdError, InvalidOptionError, NardyError, UnsupportedFormatError
from nardy.formats import (
    fibs_board,
    gnubg_id,
    match_id,
    read_fibs_board,
    read_gnubg_id,
    read_match_id,
    read_xgid,
    xgid,
)
from nardy.game.actions import Phase, Resignation
from nardy.game.id_state import GameState, MatchState
from nardy.model.result import ResultKind
from strategies import positions

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")
START = BG.starting_position(W)


def key(**fields: int) -> str:
    """A Match ID built bit by bit from the layout table (field: (first bit, value))."""
    first = {
        "cube": 0,
        "owner": 4,
        "move": 6,
        "crawford": 7,
        "state": 8,
        "turn": 11,
        "doubled": 12,
        "resigned": 13,
        "die0": 15,
        "die1": 18,
        "length": 21,
        "score0": 36,
        "score1": 51,
        "no_jacoby": 66,
    }
    k = sum(value << first[name] for name, value in fields.items())
    return base64.b64encode(k.to_bytes(9, "little")).decode()


# --- gnubg Match ID: hand-checked -------------------------------------------------------


def test_match_id_documented_example() -> None:
    # 9-point match, 2-4, player 0 owns a 2-cube, player 1 on roll has rolled 52.
    text = key(
        cube=1, owner=0, move=1, state=1, turn=1, die0=5, die1=2, length=9, score0=2, score1=4
    )
    assert text == "QYkqASAAIAAA"
    state = read_match_id(text)
    assert state == MatchState(length=9, score=(2, 4), cube=2, cube_owner=W, turn=B, dice=(5, 2))
    # gnubg writes bit 66 ("Jacoby off") in match play too
    assert match_id(state) == "QYkqASAAIAAE"


def test_match_id_money_before_the_opening_roll() -> None:
    text = key(owner=3, move=1, turn=1)  # bit 66 clear: Jacoby in force
    assert text == "cAgAAAAAAAAA"
    state = read_match_id(text)
    assert state == MatchState(turn=B, game_state=GameState.NONE, jacoby=True)
    assert match_id(state) == text
    assert read_match_id(key(owner=3, move=1, turn=1, no_jacoby=1)).jacoby is False


@pytest.mark.parametrize(
    ("state", "fields"),
    [
        (MatchState(cube=8, cube_owner=B), {"cube": 3, "owner": 1, "state": 1, "no_jacoby": 1}),
        (MatchState(cube_owner=None), {"owner": 3, "state": 1, "no_jacoby": 1}),
        (
            MatchState(length=5, score=(4, 2), crawford=True, turn=B),
            {
                "owner": 3,
                "move": 1,
                "crawford": 1,
                "state": 1,
                "turn": 1,
                "length": 5,
                "score0": 4,
                "score1": 2,
                "no_jacoby": 1,
            },
        ),
        (
            MatchState(doubled=True, jacoby=True),
            {"owner": 3, "state": 1, "turn": 1, "doubled": 1},  # black must answer white's double
        ),
        (
            MatchState(turn=B, dice=(3, 1), resignation=Resignation(B, ResultKind.BACKGAMMON)),
            {
                "owner": 3,
                "move": 1,
                "state": 1,
                "turn": 0,
                "resigned": 3,
                "die0": 3,
                "die1": 1,
                "no_jacoby": 1,
            },
        ),
        (
            MatchState(
                resignation=Resignation(W, ResultKind.GAMMON), game_state=GameState.RESIGNED
            ),
            {"owner": 3, "state": 3, "turn": 1, "resigned": 2, "no_jacoby": 1},
        ),
        (
            # white doubled and black passed: gnubg keeps the passer as the player to act
            MatchState(game_state=GameState.DROPPED),
            {"owner": 3, "state": 4, "turn": 1, "no_jacoby": 1},
        ),
        (
            MatchState(game_state=GameState.OVER, turn=B),
            {"owner": 3, "move": 1, "turn": 1, "state": 2, "no_jacoby": 1},
        ),
        (
            MatchState(length=32767, score=(32766, 0)),
            {"owner": 3, "state": 1, "length": 32767, "score0": 32766, "no_jacoby": 1},
        ),
        (
            MatchState(cube=32768, max_cube=32768),
            {"cube": 15, "owner": 3, "state": 1, "no_jacoby": 1},
        ),
    ],
)
def test_match_id_fields(state: MatchState, fields: dict[str, int]) -> None:
    text = key(**fields)
    assert match_id(state) == text
    assert read_match_id(text) == attrs.evolve(state, max_cube=max(64, state.cube))


def test_match_id_reads_either_die_order_and_ignores_jacoby_bit_in_match_play() -> None:
    low_first = key(owner=3, state=1, die0=2, die1=5, length=7, no_jacoby=1)
    assert read_match_id(low_first).dice == (5, 2)
    assert read_match_id(key(owner=3, state=1, length=7)).jacoby is False


def test_gnubg_id_combines_position_and_match_id() -> None:
    state = MatchState(length=7, turn=W, dice=(5, 2))
    text = gnubg_id(START, state)
    assert text == f"4HPwATDgc/ABMA:{match_id(state)}"
    assert read_gnubg_id(text) == (START, state)
    assert read_gnubg_id(f"GNUBGID {text}") == (START, state)
    assert read_gnubg_id("4HPwATDgc/ABMA") == (START, MatchState())
    black = BG.starting_position(B)
    with pytest.raises(InvalidIdError, match="side on roll"):
        gnubg_id(black, state)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "cAgAAAAAAAA",  # 11 characters
        "cAgAAAAAAAAAA",
        "cAgAAAAAAA!A",
        key(owner=2),
        key(owner=3, state=5),
        key(owner=3, state=1, die0=7, die1=1),
        key(owner=3, state=1, die0=3),  # half a roll
        key(owner=3, state=1, length=5, score0=5),  # the match is already won
        key(owner=3, state=1, crawford=1, length=5),  # Crawford at 0-0
        key(owner=3, state=1, doubled=1, die0=3, die1=1),  # a double after rolling
        base64.b64encode((1 << 70).to_bytes(9, "little")).decode(),
    ],
)
def test_bad_match_ids(bad: str) -> None:
    with pytest.raises(InvalidIdError, match="Match ID"):
        read_match_id(bad)


def test_bad_gnubg_ids() -> None:
    with pytest.raises(InvalidIdError):
        read_gnubg_id("4HPwATDgc/ABMA:xyz")
    with pytest.raises(InvalidIdError):
        read_gnubg_id(12)  # type: ignore[arg-type]
    with pytest.raises(NardyError):
        read_gnubg_id("AAAAAAAAAAAAAA:cAgAAAAAAAAA")  # no checkers


def test_match_id_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(UnsupportedFormatError, match="beaver"):
        match_id(MatchState(doubled=True, beavers=1))
    with pytest.raises(UnsupportedFormatError, match="powers of two"):
        match_id(MatchState(cube=3))
    with pytest.raises(UnsupportedFormatError, match="32768"):
        match_id(MatchState(cube=65536, max_cube=65536))
    with pytest.raises(UnsupportedFormatError, match="32767"):
        match_id(MatchState(length=40000))


# --- MatchState ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"length": -1},
        {"length": True},
        {"score": (1,)},
        {"score": (1, -1)},
        {"length": 3, "score": (3, 0)},
        {"crawford": True},
        {"length": 5, "crawford": True},
        {"length": 5, "score": (4, 0), "crawford": True, "cube": 2},
        {"beavers": 1},
        {"doubled": True, "beavers": 3},
        {"doubled": True, "dice": (3, 1)},
        {"cube": 128},
        {"doubled": True, "cube_owner": B},
        # before the opening roll is played (dice or not) nothing is pending
        {"game_state": GameState.NONE, "doubled": True},
        {"game_state": GameState.NONE, "resignation": Resignation(W, ResultKind.SINGLE)},
        {"game_state": GameState.NONE, "length": 3, "score": (3, 0)},
        # only a game ended by a pass says which offer was passed
        {"game_state": GameState.OVER, "beavers": 1},
        {"game_state": GameState.DROPPED, "beavers": 3},
        # an ended game may have won the match, yet the Crawford game needs a player one away
        {"game_state": GameState.OVER, "length": 5, "score": (2, 1), "crawford": True},
        {"game_state": GameState.RESIGNED},
        {"game_state": GameState.OVER, "resignation": Resignation(W, ResultKind.SINGLE)},
        {"dice": (0, 3)},
        {"dice": (7, 3)},
        {"resignation": "single"},
        {"game_state": "playing"},
        {"crawford": 1},
    ],
)
def test_match_state_refuses_bad_fields(fields: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        MatchState(**fields)  # type: ignore[arg-type]


def test_match_state_dict_round_trip_and_errors() -> None:
    state = MatchState(
        length=7, score=(2, 5), turn=B, resignation=Resignation(B, ResultKind.GAMMON), dice=(1, 4)
    )
    assert state.dice == (4, 1)
    assert MatchState.from_dict(state.to_dict()) == state
    assert state.to_act is W
    for bad in ({"colour": 1}, {"resignation": "x"}, {"game_state": "won"}, [1]):
        with pytest.raises(InvalidOptionError):
            MatchState.from_dict(bad)  # type: ignore[arg-type]


def test_match_state_from_game_and_back() -> None:
    game = nardy.Game.new("backgammon", rng=7)
    assert MatchState.from_game(game).game_state is GameState.NONE
    game = game.roll().play(0)
    assert game.can_double()
    game = game.double()
    state = MatchState.from_game(game, length=9, score=(3, 1))
    assert state.doubled
    assert state.to_act is game.to_act
    again = state.to_game(game.position)
    assert MatchState.from_game(again, length=9, score=(3, 1)) == state
    assert again.allowed() == game.allowed()
    dropped = game.drop()
    assert MatchState.from_game(dropped).game_state is GameState.DROPPED
    with pytest.raises(InvalidOptionError, match="over"):
        MatchState.from_game(dropped).to_game(dropped.position)


def test_match_state_of_a_match() -> None:
    match = nardy.Match.new("backgammon", 3, rng=11)
    match = match.roll()
    state = MatchState.from_match(match)
    assert state.length == 3
    assert state.score == (0, 0)
    assert state.turn is match.game.position.turn  # type: ignore[union-attr]


# --- gnubg's IDs of a game's ends -----------------------------------------------------

# gnubg wrote these for real matches (bglab's, MIT): the first in its analysis
# export, the others on importing a match up to the end of a game.
OPENING_54 = "4HPwATDgc/ABMA:MICyAQAAAAAE"
REAL_IDS = [
    # game 1 of a 13-point match, "not started", white to play the opening 54
    (OPENING_54, MatchState(length=13, dice=(5, 4), game_state=GameState.NONE)),
    # black redoubled to 4 and white passed: 0-0 became 0-2; gnubg names the passer to act
    (
        "7vYBAKDZdoMAEA:UQSgAQAAEAAE",
        MatchState(
            length=13, score=(0, 2), cube=2, cube_owner=B, turn=B, game_state=GameState.DROPPED
        ),
    ),
    # white bore off for a gammon on a 2-cube: 13-5 became 17-5 in a 17-point match
    (
        "AAAAdmcPCAAAAA:UQogAhABKAAE",
        MatchState(
            length=17, score=(17, 5), cube=2, cube_owner=B, turn=B, game_state=GameState.OVER
        ),
    ),
    # black won the Crawford game, and the match: 14-16 became 14-17
    (
        "AAAABgAAAAAAAA:sAIgAuAAiAAE",
        MatchState(length=17, score=(14, 17), crawford=True, game_state=GameState.OVER),
    ),
]


@pytest.mark.parametrize(("text", "state"), REAL_IDS)
def test_gnubg_ids_around_a_games_ends(text: str, state: MatchState) -> None:
    position, read = read_gnubg_id(text)
    assert read == state
    assert gnubg_id(position, read) == text
    if state.game_state is GameState.OVER:  # the loser is on roll, the winner has borne off
        result = position.result()
        assert result is not None
        assert result.winner is state.turn.opponent


def test_an_opening_id_sets_up_the_opening_roll_made() -> None:
    position, state = read_gnubg_id(OPENING_54)
    assert position == START
    game = state.to_game(position)
    assert (game.phase, game.turn, game.dice) == (Phase.MOVE, W, nardy.Roll(5, 4))
    # read back as the game being played: gnubg's own state after an opening roll
    assert MatchState.from_game(game, length=13) == attrs.evolve(
        state, game_state=GameState.PLAYING
    )
    # XGID has the position with the dice to play; FIBS too
    text = xgid(position, state)
    assert text == "XGID=-b----E-C---eE---c-e----B-:0:0:1:54:0:0:0:13:6"
    assert read_xgid(text)[1] == attrs.evolve(state, game_state=GameState.PLAYING)
    line = fibs_board(position, state)
    assert read_fibs_board(line)[1] == attrs.evolve(state, game_state=GameState.PLAYING)
    with pytest.raises(UnsupportedFormatError, match="opening roll"):
        fibs_board(position, attrs.evolve(state, dice=None))
    with pytest.raises(InvalidOptionError, match="starting position"):
        state.to_game(BG.from_counts({6: 15}, {6: 15}, turn=W))


def test_an_ended_game_counts_its_points() -> None:
    game = nardy.Game.new("backgammon", rng=5)
    while not game.is_over():
        game = game.roll() if game.phase in (Phase.OPENING, Phase.ROLL) else game.play(0)
    assert game.outcome is not None
    winner = game.outcome.winner
    assert winner is not None
    state = MatchState.from_game(game, length=3, score=(2, 2))
    assert state.score[winner] == 2 + game.outcome.points
    assert state.score[winner.opponent] == 2
    assert (state.game_state, state.turn) == (GameState.OVER, winner.opponent)
    position, read = read_gnubg_id(gnubg_id(game.position, state))
    assert (position, read) == (game.position, state)
    with pytest.raises(InvalidOptionError, match="not yet ended"):
        state.to_match()
    # FIBS says only that the game is over; the loser is on roll, as above
    assert read_fibs_board(fibs_board(position, state))[1] == state


def test_the_state_of_a_match_that_is_over() -> None:
    match = nardy.Match.new("backgammon", 1, rng=3).roll()
    while not match.is_over():
        game = match.current()
        game = game.roll() if game.phase is Phase.ROLL else game.play(0)
        match = match.advance(game)
    state = MatchState.from_match(match)
    last = match.games[-1]
    final = (match.scores[last.player(W)], match.scores[last.player(B)])
    assert state.score == final
    assert max(state.score) >= 1


def test_a_resigned_game_and_its_fibs_line() -> None:
    state = MatchState(
        length=5,
        score=(2, 0),
        resignation=Resignation(B, ResultKind.GAMMON),
        game_state=GameState.RESIGNED,
    )
    line = fibs_board(START, state)  # an accepted resignation: the game is over
    assert read_fibs_board(line)[1] == attrs.evolve(
        state, resignation=None, game_state=GameState.OVER
    )
    with pytest.raises(UnsupportedFormatError, match="resignation"):
        fibs_board(START, attrs.evolve(state, game_state=GameState.PLAYING))


# --- XGID: hand-checked ---------------------------------------------------------------


def test_xgid_of_the_start() -> None:
    state = MatchState(dice=(5, 2), max_cube=1024)
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    assert xgid(START, state) == text
    assert read_xgid(text) == (START, state)
    assert read_xgid(text[5:]) == (START, state)
    # nine fields: no max cube given, the highest a Match ID holds
    assert read_xgid(text[:-3])[1].max_cube == 32768


def test_xgid_board_is_in_the_bottom_players_numbering() -> None:
    white = {24: 1, 13: 5, 8: 3, 6: 5}
    black = {24: 2, 13: 5, 8: 3, 6: 4}
    pos = BG.from_counts(white, black, bar=(1, 1), turn=B)
    text = xgid(pos, MatchState(turn=B, cube=4, cube_owner=W, length=7, score=(1, 5)))
    assert text == "XGID=ab----E-C---eE---c-d----AA:2:1:-1:00:1:5:0:7:6"
    assert read_xgid(text)[0] == pos


@pytest.mark.parametrize(
    ("dice_field", "flags", "length", "expect"),
    [
        ("D", 0, 5, {"doubled": True}),
        ("B", 2, 0, {"doubled": True, "beavers": 1, "beaver": True}),
        ("R", 3, 0, {"doubled": True, "beavers": 2, "beaver": True, "jacoby": True}),
        ("00", 1, 0, {"jacoby": True}),
        ("36", 0, 0, {"dice": (6, 3)}),
    ],
)
def test_xgid_dice_and_flags(
    dice_field: str, flags: int, length: int, expect: dict[str, object]
) -> None:
    text = f"XGID=-b----E-C---eE---c-e----B-:0:0:-1:{dice_field}:0:0:{flags}:{length}:6"
    pos, state = read_xgid(text)
    assert pos == BG.starting_position(B)
    assert state == MatchState(length=length, turn=B, **expect)  # type: ignore[arg-type]
    if dice_field != "36":
        assert xgid(pos, state) == text


def test_xgid_crawford_flag() -> None:
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:6"
    assert read_xgid(text)[1] == MatchState(length=5, score=(4, 2), crawford=True)


@pytest.mark.parametrize(
    "bad",
    [
        "XGID=",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0",
        "XGID=-b----E-C---eE---c-e---B-:0:0:1:52:0:0:0:0:10",  # 25 board characters
        "XGID=-b----E-C---eE---c-e-----b:0:0:1:52:0:0:0:0:10",  # top's checkers on bottom's bar
        "XGID=-b----E-C---eE---c-e----B?:0:0:1:52:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:16:0:1:52:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:57:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:50:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:5:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:4:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:0:0:5:10",
        "XGID=-b----E-C---eE---c-e----B-:2:0:1:52:0:0:0:0:1",
    ],
)
def test_bad_xgids(bad: str) -> None:
    with pytest.raises(InvalidIdError, match="XGID"):
        read_xgid(bad)


def test_xgid_checker_count_error_names_the_board() -> None:
    with pytest.raises(NardyError, match="-b----E-C---eE---c-e----C-"):
        read_xgid("XGID=-b----E-C---eE---c-e----C-:0:0:1:52:0:0:0:0:10")


def test_xgid_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(UnsupportedFormatError):
        xgid(START, MatchState(resignation=Resignation(W, ResultKind.SINGLE)))
    with pytest.raises(UnsupportedFormatError):
        xgid(START, MatchState(game_state=GameState.NONE))
    with pytest.raises(UnsupportedFormatError):
        xgid(nardy.find_variant("long-nardy").starting_position(W), MatchState())


# --- FIBS board: hand-checked ---------------------------------------------------------

# The protocol's own example: you are O, on roll at the start with 62, 3-point match.
FIBS_START = (
    "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0"
    ":1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
)


def test_fibs_protocol_example() -> None:
    pos, state, names = read_fibs_board(FIBS_START)
    assert pos == START
    assert state == MatchState(length=3, dice=(6, 2))
    assert names == ("You", "someplayer")
    assert fibs_board(pos, state, names) == FIBS_START


def tokens(line: str) -> list[str]:
    return line.split(":")


def with_tokens(line: str, **changes: object) -> str:
    t = tokens(line)
    for index, value in changes.items():
        t[int(index[1:])] = str(value)
    return ":".join(t)


def test_fibs_as_black_and_mirrored_direction() -> None:
    pos, state, _ = read_fibs_board(FIBS_START, player=B)
    assert pos == BG.starting_position(B)
    assert state.turn is B
    # direction 1: the board tokens run from your 24-point to your 1-point
    t = tokens(FIBS_START)
    board = t[6:32]
    mirrored = ":".join(t[:6] + board[::-1] + t[32:42] + ["1"] + t[43:])
    assert read_fibs_board(mirrored)[0] == START


def test_fibs_cube_doubled_crawford_and_end() -> None:
    owned = with_tokens(FIBS_START, t37=2, t38=0, t39=1)
    assert read_fibs_board(owned)[1].cube_owner is B
    doubled = with_tokens(FIBS_START, t32=-1, t33=0, t34=0, t40=-1, t49=0)  # you doubled, X answers
    state = read_fibs_board(doubled)[1]
    assert state.doubled
    assert state.turn is W
    assert state.to_act is B
    assert fibs_board(START, state, ("You", "someplayer")) == doubled
    crawford = with_tokens(FIBS_START, t4=2)
    assert read_fibs_board(crawford)[1].crawford
    assert not read_fibs_board(with_tokens(crawford, t51=1))[1].crawford  # post-Crawford
    assert not read_fibs_board(with_tokens(crawford, t52=1))[1].crawford  # no Crawford rule
    money = read_fibs_board(with_tokens(FIBS_START, t3=9999))[1]
    assert money.money
    assert read_fibs_board(with_tokens(FIBS_START, t32=0))[1].game_state is GameState.OVER


@pytest.mark.parametrize(
    "bad",
    [
        "bored:" + FIBS_START[6:],
        FIBS_START + ":0",
        with_tokens(FIBS_START, t7="x"),
        with_tokens(FIBS_START, t41=0),
        with_tokens(FIBS_START, t47=1),
        with_tokens(FIBS_START, t45=3),
        with_tokens(FIBS_START, t32=2),
        with_tokens(FIBS_START, t33=7),
        with_tokens(FIBS_START, t34=0),
        with_tokens(FIBS_START, t4=3),  # the match is already won
    ],
)
def test_bad_fibs_boards(bad: str) -> None:
    with pytest.raises(InvalidIdError, match="FIBS board"):
        read_fibs_board(bad)


def test_fibs_bad_names_and_position() -> None:
    with pytest.raises(InvalidIdError, match="name"):
        fibs_board(START, MatchState(), ("a:b", "c"))
    with pytest.raises(NardyError):
        read_fibs_board(with_tokens(FIBS_START, t12=6))  # 16 checkers


# --- round trips ------------------------------------------------------------------------


@st.composite
def states(draw: st.DrawFn, turn: Side) -> MatchState:
    """Consistent match states with ``turn`` on roll."""
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 11, 25]))
    score = (0, 0)
    if length:
        score = (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
    one_away = bool(length) and length - 1 in score
    crawford = one_away and draw(st.booleans())
    max_cube = 1 << draw(st.integers(0, 12))
    cube = 1 if crawford else 1 << draw(st.integers(0, max_cube.bit_length() - 1))
    owner = None if crawford else draw(st.sampled_from([None, W, B]))
    doubled = not crawford and owner != turn.opponent and draw(st.booleans())
    dice = None if doubled else draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    return MatchState(
        length=length,
        score=score,
        crawford=crawford,
        cube=cube,
        cube_owner=owner,
        turn=turn,
        dice=dice,
        doubled=doubled,
        beavers=draw(st.integers(0, 2)) if doubled and not length else 0,
        jacoby=not length and draw(st.booleans()),
        beaver=not length and draw(st.booleans()),
        max_cube=max_cube,
    )


@st.composite
def situations(draw: st.DrawFn) -> tuple[nardy.Position, MatchState]:
    pos = draw(positions(BG))
    return pos, draw(states(pos.turn))


@given(situations())
def test_xgid_round_trip(situation: tuple[nardy.Position, MatchState]) -> None:
    pos, state = situation
    assert read_xgid(xgid(pos, state)) == (pos, state)


@given(situations())
def test_gnubg_id_round_trip(situation: tuple[nardy.Position, MatchState]) -> None:
    pos, state = situation
    state = attrs.evolve(state, beavers=0, max_cube=max(64, state.cube), beaver=False)
    assert read_gnubg_id(gnubg_id(pos, state)) == (pos, state)


@st.composite
def every_game_state(draw: st.DrawFn) -> tuple[nardy.Position, MatchState]:
    """A position and a state the Match ID holds, in any game state, as gnubg writes them."""
    pos, state = draw(situations())
    state = attrs.evolve(state, beavers=0, max_cube=max(64, state.cube), beaver=False)
    game_state = draw(st.sampled_from(list(GameState)))
    if game_state is GameState.PLAYING:
        return pos, state
    if game_state is GameState.NONE:  # nothing pending; the opening roll made or not
        return pos, attrs.evolve(state, doubled=False, game_state=game_state)
    # An ended game: its points counted (perhaps winning the match).
    score = list(state.score)
    score[draw(st.sampled_from([W, B]))] += draw(st.integers(1, 12))
    resignation = None
    if game_state is GameState.RESIGNED:
        level = draw(st.sampled_from([ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON]))
        resignation = Resignation(draw(st.sampled_from([W, B])), level)
    passed_beaver = game_state is GameState.DROPPED and draw(st.booleans())
    ended = attrs.evolve(
        state,
        score=(score[0], score[1]),
        doubled=False,
        beavers=int(passed_beaver),
        resignation=resignation,
        game_state=game_state,
    )
    return pos, ended


@given(every_game_state())
def test_gnubg_id_round_trip_in_every_game_state(
    situation: tuple[nardy.Position, MatchState],
) -> None:
    pos, state = situation
    text = gnubg_id(pos, state)
    assert read_gnubg_id(text) == (pos, state)
    assert describe_id(text)["gnubg_id"] == text


@given(situations(), st.sampled_from([W, B]))
def test_fibs_round_trip(situation: tuple[nardy.Position, MatchState], player: Side) -> None:
    pos, state = situation
    state = attrs.evolve(state, beavers=0, max_cube=max(64, state.cube), beaver=False, jacoby=False)
    line = fibs_board(pos, state, ("me", "you"), player=player)
    assert read_fibs_board(line, player=player) == (pos, state, ("me", "you"))


def test_guide_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "guide" / "formats.rst"
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 5
    assert failures == 0


def test_match_state_to_match_at_a_score() -> None:
    crawford = MatchState(length=5, score=(4, 2), crawford=True).to_match()
    assert crawford.scores == (4, 2)
    assert crawford.is_crawford_game
    assert crawford.crawford_game == 1
    assert crawford.current().crawford
    post = MatchState(length=5, score=(4, 2)).to_match()
    assert not post.is_crawford_game
    # a post-Crawford match: the other player reaching 4 brings no second Crawford game
    post = post.roll((6, 1)).resign("gammon", by=post.current().side_of(0)).accept()
    assert post.scores == (4, 4)
    assert not post.is_crawford_game
    plain = MatchState(length=7, score=(1, 3)).to_match("nackgammon", crawford_rule=False)
    assert plain.variant.name == "nackgammon"
    assert not plain.crawford
    with pytest.raises(InvalidOptionError, match="money"):
        MatchState().to_match()
    with pytest.raises(InvalidOptionError, match="Crawford rule"):
        MatchState(length=3, score=(2, 0), crawford=True).to_match(crawford_rule=False)
