"""Money sessions (nardy.Session): running totals, Jacoby, beavers, automatic doubles,
closing, records."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Session, Side
from nardy.errors import GameOverError, IllegalActionError, InvalidOptionError, RecordError
from nardy.formats import read_mat, read_sgf, write_mat, write_sgf
from nardy.game.actions import ActionKind, CubeState, Phase
from test_mat import GALAXY
from test_mat_round_trip import forced

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")
RACE = BG.from_counts({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5}, turn=W)


def opened(session: Session) -> Session:
    """The session's game after an opening roll won by player 0 (white) with 31, played."""
    return session.roll((3, 1)).play("8/5 6/5")


def test_games_add_up_and_jacoby_applies() -> None:
    session = Session.new("backgammon", jacoby=True, rng=1)
    assert session.options.jacoby  # a match would switch it off
    # Black resigns a gammon with the cube centred: Jacoby makes it a single.
    session = opened(session).resign("gammon", by=B).accept()
    assert session.totals == (1, 0)
    assert (session.net(0), session.net(1)) == (1, -1)
    assert session.game_number == 2
    assert session.current().phase is Phase.OPENING
    # Once the cube is turned a gammon counts: black doubles, white takes.
    session = opened(session).roll((6, 5), by=B).play("24/13", by=B)
    session = session.double(by=W).take(by=B).resign("gammon", by=B).accept()
    assert session.games[-1].outcome is not None
    assert session.games[-1].outcome.points == 4
    assert session.totals == (5, 0)


def test_beavers_and_automatic_doubles() -> None:
    session = Session.new("backgammon", beaver=True, automatic_doubles=1, rng=2)
    session = session.roll((4, 4))  # a tied opening turns the cube
    assert session.current().cube == CubeState(value=2, automatic=1)
    session = opened(session).roll((2, 1), by=B).play("13/11 6/5", by=B)
    session = session.double(by=W).beaver(by=B).take(by=W)
    assert session.current().cube.value == 8
    session = session.resign(by=W).accept(by=B)
    assert session.totals == (0, 8)
    assert ActionKind.BEAVER in {a.kind for a in session.games[0].history}


def test_closing_the_session() -> None:
    session = opened(Session.new(rng=3)).resign(by=B).accept()
    closed = opened(session).close()
    assert closed.is_over()
    assert len(closed.games) == 2
    assert closed.games[-1].outcome is None  # abandoned, scoring nothing
    assert closed.totals == (1, 0)
    assert "closed after 2 games" in closed.describe()
    with pytest.raises(GameOverError, match="closed"):
        closed.roll()
    assert len(session.close().games) == 1  # a game not begun is not kept


def test_set_up_and_bad_snapshots() -> None:
    session = Session.new(rng=4).set_up(RACE, start_cube=CubeState(2, B))
    assert session.current().start == RACE
    with pytest.raises(IllegalActionError, match="has begun"):
        opened(Session.new(rng=4)).set_up(RACE)
    with pytest.raises(IllegalActionError, match="later snapshot"):
        Session.new(rng=4).advance(nardy.Game.new("nackgammon"))
    with pytest.raises(InvalidOptionError, match="next_game"):
        Session.new(next_game="never")
    with pytest.raises(InvalidOptionError, match="at least one"):
        Session.from_games([])


def test_records_json_mat_and_sgf() -> None:
    session = opened(Session.new("backgammon", beaver=True, rng=5)).resign(by=B).accept()
    session = opened(session)
    assert Session.from_json(session.to_json()) == session
    assert Session.from_json(session.close().to_json()) == session.close()
    money = read_mat(GALAXY.replace("3 point match", "0 point match"))
    assert money.session is not None
    assert money.session.recorded_games() == money.games
    assert read_mat(write_mat(money.session)).games == money.games
    assert read_sgf(write_sgf(money.session)).games[0].history == money.games[0].history


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(format="x"), "not a nardy session record"),
        (lambda d: d.update(version=9), "unsupported session record version"),
        (lambda d: d.update(next_game="never"), "bad session record header"),
        (lambda d: d.update(games=3), 'needs a "games" list'),
        (lambda d: d.update(totals=[0, 0]), "totals"),
        (lambda d: d["games"].__setitem__(0, 1), "game 1: a game record is a JSON object"),
        (lambda d: d["games"][0].update(white_player=1), "game 1: white_player"),
        (lambda d: d["games"][0]["actions"].pop(), "game 1: "),
        (lambda d: d["games"][0].update(start="nope"), "game 1: "),
        (lambda d: d["games"][0].update(start=RACE.id(), start_cube=[]), "start_cube"),
    ],
)
def test_bad_session_records(change: object, problem: str) -> None:
    session = opened(Session.new(rng=6)).resign(by=B).accept()
    data = json.loads(session.to_json())
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=problem):
        Session.from_dict(data)
    with pytest.raises(RecordError, match="must be JSON"):
        Session.from_json("{")


def random_session(seed: int, games: int, automatic_doubles: int = 1) -> Session:
    """A session played with random legal choices, doubles, beavers and resignations."""
    rng = random.Random(seed)
    session = Session.new(
        "backgammon", beaver=True, jacoby=True, automatic_doubles=automatic_doubles, rng=seed
    )
    while session.game_number <= games:
        game = session.current()
        allowed = game.allowed()
        r = rng.random()
        if ActionKind.DOUBLE in allowed and r < 0.05:
            session = session.double()
        elif ActionKind.BEAVER in allowed and r < 0.2:
            session = session.beaver()
        elif game.phase in (Phase.DOUBLED, Phase.BEAVERED):
            session = session.take() if r < 0.6 else session.drop()
        elif ActionKind.RESIGN in allowed and r < 0.01 and not forced(game):
            # (Resigning with a forced play on the table reads back from .mat as
            # having played it, as gnubg reads it: test_mat_round_trip.py.)
            level = rng.choice(["single", "gammon"])
            session = session.resign(level, by=rng.choice([W, B])).accept()
        elif game.phase is Phase.MOVE:
            session = session.play(rng.randrange(len(game.legal_plays())))
        else:
            session = session.roll()
    return session


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_random_sessions(seed: int, games: int) -> None:
    session = random_session(seed, games)
    totals: list[float] = [0, 0]
    for game in session.games:
        for player in (0, 1):
            totals[player] += game.points(game.side_of(player))
    assert tuple(totals) == session.totals
    assert Session.from_json(session.to_json()) == session
    assert Session.from_games(session.games) == session
    # A .mat record keeps no opening roll, so no automatic doubles.
    plain = random_session(seed, games, automatic_doubles=0)
    again = read_mat(write_mat(plain)).session
    assert again is not None
    assert again.totals == plain.totals
    assert played(again) == played(plain)


def played(session: Session) -> list[object]:
    """Every action but the opening rolls, by player, and each game's points.

    Not a resignation's level: a .mat record writes its points (under Jacoby a
    gammon resigned with the cube centred is worth one point, like a single).
    """
    return [
        (
            [(a.kind, g.player(a.side), a.dice, a.play) for a in g.history if a.side is not None],
            g.outcome and g.outcome.points,
        )
        for g in session.games
    ]
