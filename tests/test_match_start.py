"""The match layer's gaps: a match taken up at a score or from a position, conceding a
match, resigning before the opening roll, and a game's full value beside its match points.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Side
from nardy.errors import (
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    WrongPhaseError,
)
from nardy.formats import gnubg_id, read_gnubg_id, read_mat, read_sgf, write_mat, write_sgf
from nardy.game.actions import ActionKind, CubeState, EndReason, Phase
from nardy.game.id_state import MatchState
from nardy.model.result import ResultKind
from test_mat import random_match

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")
RACE = BG.from_counts({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5}, turn=B)


# --- a match at a score -----------------------------------------------------------------


def test_a_match_at_a_score_and_its_crawford_game() -> None:
    match = nardy.Match.new("backgammon", 5, score=(4, 2), rng=1)
    assert match.scores == match.start_scores == (4, 2)
    assert match.is_crawford_game
    assert match.crawford_game == 1
    with pytest.raises(nardy.CubeActionError):
        match.roll((5, 3)).play("8/3 6/3").double()
    after = nardy.Match.new("backgammon", 5, score=(4, 2), post_crawford=True, rng=1)
    assert not after.is_crawford_game
    assert after.crawford_game == 0  # played before the match was taken up
    after = after.roll((5, 3)).play("8/3 6/3").resign(by=W).accept()
    assert after.scores == (4, 3)
    assert not after.is_crawford_game  # and none follows
    # Without the rule, and in a 1-point match, there is no Crawford game.
    assert not nardy.Match.new(length=5, score=(4, 0), crawford=False).is_crawford_game
    assert nardy.Match.new(length=1).crawford_game is None


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"score": (5, 0)}, "from 0 to 4"),
        ({"score": (-1, 0)}, "from 0 to 4"),
        ({"score": (True, 0)}, "from 0 to 4"),
        ({"score": (1, 2, 3)}, "from 0 to 4"),
        ({"score": "1-2"}, "from 0 to 4"),
        ({"score": (1, 2), "post_crawford": True}, "needs the Crawford rule and a player 1-away"),
        ({"post_crawford": "yes"}, "post_crawford"),
        ({"start_cube": CubeState(2, W)}, "needs a starting position"),
    ],
)
def test_bad_starting_scores(kwargs: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidOptionError, match=problem):
        nardy.Match.new("backgammon", 5, **kwargs)  # type: ignore[arg-type]


def test_a_match_from_a_position_with_a_cube() -> None:
    match = nardy.Match.new(
        "backgammon", 7, score=(1, 2), start=RACE, start_cube=CubeState(4, W), rng=3
    )
    game = match.current()
    assert (game.start, game.cube, game.phase) == (RACE, CubeState(4, W), Phase.ROLL)
    assert game.turn is B
    match = match.roll((6, 6)).play("6/off 6/off 6/off 6/off")
    match = match.roll((2, 1)).play("4/2 4/3")
    match = match.resign(by=W).accept()  # 4 points with the cube
    assert match.scores == (1, 6)
    assert match.current().start is None  # the next game starts as usual
    assert match.current().phase is Phase.OPENING
    assert nardy.Match.from_json(match.to_json()) == match


def test_set_up_only_before_the_game_begins() -> None:
    match = nardy.Match.new("backgammon", 3, rng=1)
    assert match.set_up(RACE).current().start == RACE
    with pytest.raises(IllegalActionError, match="it has begun"):
        match.roll((3, 1)).set_up(RACE)
    with pytest.raises(InvalidOptionError, match="nobody doubles in the Crawford"):
        nardy.Match.new(length=3, score=(2, 0)).set_up(RACE, start_cube=CubeState(2, W))


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"start_cube": CubeState(2, W)}, "needs start"),
        ({"start": RACE, "start_cube": 2}, "needs start and a nardy.CubeState"),
        ({"start": RACE, "start_cube": CubeState(2, W, offered_by=B)}, "pending double"),
        ({"start": RACE, "start_cube": CubeState(0)}, "not a positive integer"),
        ({"start": RACE, "start_cube": CubeState(128)}, "over max_cube=64"),
        ({"start": RACE, "start_cube": CubeState(2), "cube": False}, "not in use"),
        ({"start": RACE, "start_cube": CubeState(2), "crawford": True}, "Crawford"),
    ],
)
def test_bad_starting_cubes(kwargs: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidOptionError, match=problem):
        nardy.Game.new("backgammon", **kwargs)  # type: ignore[arg-type]


def test_a_set_up_game_keeps_its_cube_through_restart_and_json() -> None:
    game = nardy.Game.new("backgammon", start=RACE, start_cube=CubeState(2, B), rng=1)
    played = game.roll((6, 5)).play("6/off 5/off")
    assert played.restart() == game
    assert nardy.Game.from_json(played.to_json()) == played
    assert "start_cube" not in nardy.Game.new("backgammon").to_dict()  # old records unchanged
    assert nardy.Game.new("backgammon", start=RACE, start_cube=CubeState()).start_cube is None


def test_a_match_state_makes_a_match_that_json_holds() -> None:
    state = MatchState(length=7, score=(6, 3), crawford=False)
    match = state.to_match()
    assert (match.scores, match.crawford_game, match.is_crawford_game) == ((6, 3), 0, False)
    assert nardy.Match.from_json(match.to_json()) == match
    crawford = MatchState(length=7, score=(6, 3), crawford=True).to_match()
    assert crawford.is_crawford_game
    assert nardy.Match.from_json(crawford.to_json()) == crawford


# --- conceding the match ----------------------------------------------------------------


def test_conceding_the_match() -> None:
    match = nardy.Match.new("backgammon", 5, rng=2).roll((3, 1)).play("8/5 6/5")
    over = match.concede(0)
    assert over.is_over()
    assert (over.winner, over.conceded_by, over.scores) == (1, 0, (0, 0))
    assert len(over.games) == 1  # the unfinished game is kept
    assert over.games[0].outcome is None
    assert "player 1 wins" in over.describe()
    assert nardy.Match.from_json(over.to_json()) == over
    with pytest.raises(GameOverError):
        over.concede(1)
    with pytest.raises(GameOverError):
        over.roll()
    with pytest.raises(IllegalActionError, match="not finished"):
        over.game_points(1)
    # Conceding before a game begins keeps no empty game; the leader may concede too.
    fresh = nardy.Match.new("backgammon", 5, score=(4, 0), rng=2).concede(0)
    assert (fresh.games, fresh.winner) == ((), 1)
    with pytest.raises(InvalidOptionError, match="a player"):
        match.concede(2)


def test_a_conceded_match_record_is_checked() -> None:
    data = nardy.Match.new("backgammon", 3).concede(1).to_dict()
    assert data["conceded_by"] == 1
    data["conceded_by"] = 5
    with pytest.raises(nardy.RecordError, match="bad concession"):
        nardy.Match.from_dict(data)


# --- the full value and the match points of a game -------------------------------------


def test_full_value_and_match_points() -> None:
    # 3-point match at 2-0 after the Crawford game: player 1 doubles, player 0
    # takes, then player 1 resigns a gammon: worth 4, counting 1.
    match = nardy.Match.new("backgammon", 3, score=(2, 0), post_crawford=True, rng=1)
    match = match.roll((3, 1)).play("8/5 6/5")
    game = match.current()
    roller = game.turn
    assert roller is not None
    match = match.double(by=roller).take().resign("gammon", by=roller).accept()
    assert match.is_over()
    winner = match.winner
    assert winner is not None
    assert match.game_points(1) == (4, 1 if winner == 0 else 3)
    text = write_mat(match, ("a", "b"))
    assert "Wins 4 points and the match" in text
    # The double says the first game is not the Crawford game.
    assert read_mat(text).match == match


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 3, 5]))
def test_match_points_add_up_to_the_score(seed: int, length: int) -> None:
    match = random_match(seed, length)
    counted: list[float] = [0, 0]
    for number, game in enumerate(match.games, 1):
        full, points = match.game_points(number)
        assert game.outcome is not None
        assert full == game.outcome.points
        assert 0 <= points <= full
        if game.outcome.winner is not None:
            counted[game.player(game.outcome.winner)] += points
    winner = match.winner
    assert winner is not None
    assert counted[winner] == min(match.scores[winner], length)
    assert counted[1 - winner] == match.scores[1 - winner]


# --- resigning before the opening roll -------------------------------------------------


def test_resigning_before_the_opening_roll() -> None:
    game = nardy.Game.new("backgammon", automatic_doubles=1)
    assert ActionKind.RESIGN in game.allowed()
    with pytest.raises(WrongPhaseError, match="say who resigns"):
        game.resign()
    offered = game.resign("gammon", by=B)
    assert offered.to_act is W
    assert offered.reject().phase is Phase.OPENING
    over = offered.accept()
    assert over.outcome is not None
    assert (over.outcome.winner, over.outcome.points, over.outcome.reason) == (
        W,
        2,
        EndReason.RESIGN,
    )
    assert nardy.Game.from_json(over.to_json()) == over
    tie = game.roll((4, 4))  # an automatic double on a tied opening
    assert (
        tie.resign(by=W).accept().outcome
        == nardy.Game.new("backgammon", automatic_doubles=1)
        .roll((4, 4))
        .resign(by=W)
        .accept()
        .outcome
    )
    assert tie.resign(by=W).accept().points(B) == 2


def test_a_match_game_resigned_before_the_opening_roll_survives_the_records() -> None:
    match = nardy.Match.new("backgammon", 3, rng=5)
    match = match.resign(ResultKind.SINGLE, by=B).accept()
    assert match.scores == (1, 0)
    assert match.games[0].first is None
    assert read_mat(write_mat(match, ("a", "b"))).match == match
    again = read_sgf(write_sgf(match, ("a", "b"))).match  # SGF keeps no cube limit
    assert again is not None
    assert [(g.history, g.outcome, g.first) for g in again.games] == [
        (g.history, g.outcome, g.first) for g in match.games
    ]


def test_a_match_from_a_gnubg_id() -> None:
    # A race, black on roll at 2-4 in a 7-point match, white owning a 2-cube.
    state = MatchState(length=7, score=(2, 4), cube=2, cube_owner=W, turn=B)
    position, read = read_gnubg_id(gnubg_id(RACE, state))
    match = read.to_match(position=position)
    game = match.current()
    assert (match.scores, game.start, game.cube, game.turn) == (
        (2, 4),
        position,
        CubeState(2, W),
        B,
    )
    assert MatchState.from_match(match) == state
    assert nardy.Match.from_json(match.to_json()) == match
    with pytest.raises(InvalidOptionError, match="nothing rolled or pending"):
        MatchState(length=7, turn=B, dice=(3, 1)).to_match(position=position)
    with pytest.raises(InvalidOptionError, match="to move"):
        MatchState(length=7, turn=W).to_match(position=position)
