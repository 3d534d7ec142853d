"""Matches, money sessions and games played in nardy, written to ``.mat`` and read back.

A record names players, not colours: the reader makes the first player
white in every game, as nardy's backgammon does, so a match reads back
equal whichever side opens its games. The seeded random matches below
double, take, drop, beaver and resign; every variant ``.mat`` holds is
played. What a ``.mat`` record cannot hold is tested one by one at the end,
as the guide (``docs/guide/mat.rst``, "What is written") lists it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Game, Match, Session, Side
from nardy.formats import read_mat, write_mat
from nardy.game.actions import ActionKind, Phase
from nardy.model.result import ResultKind

W, B = Side.WHITE, Side.BLACK
#: The variants a .mat record holds (its Variation tag names each).
VARIANTS = [
    "backgammon",
    "nackgammon",
    "hypergammon",
    "hypergammon(checkers=1)",
    "hypergammon(checkers=2)",
]
Series = TypeVar("Series", Match, Session)


def opening_dice(rng: random.Random) -> tuple[int, int]:
    """Two different dice, player 0's first: a tie is re-rolled, and a record does not keep it."""
    first, second = rng.sample(range(1, 7), 2)
    return first, second


def step(series: Series, rng: random.Random) -> Series:
    """One random action of ``series`` (a match or a session) in its game's phase."""
    game = series.current()
    allowed = game.allowed()
    r = rng.random()
    if game.phase is Phase.OPENING:
        return series.roll(opening_dice(rng))
    if game.phase in (Phase.DOUBLED, Phase.BEAVERED):
        if ActionKind.BEAVER in allowed and r < 0.2:
            return series.beaver()
        return series.take() if r < 0.7 else series.drop()
    if game.phase is Phase.RESIGNED:
        return series.accept()
    if ActionKind.DOUBLE in allowed and r < 0.08:
        return series.double()
    if ActionKind.RESIGN in allowed and r < 0.01 and not forced(game):
        level = rng.choice([ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON])
        if game.options.jacoby and game.cube.owner is None:
            level = ResultKind.SINGLE  # the others count 1 too: see test_lost_a_resignation_level
        return series.resign(level, by=rng.choice([W, B]))
    if game.phase is Phase.MOVE:
        return series.play(rng.randrange(len(game.legal_plays())))
    return series.roll((rng.randint(1, 6), rng.randint(1, 6)))


def forced(game: Game) -> bool:
    """True when the dice on the table have one legal play (see test_lost_a_forced_play...)."""
    return game.phase is Phase.MOVE and len(game.legal_plays()) == 1


def played_match(seed: int) -> Match:
    """A match of a random variant, length, Crawford rule and cube limit, played to its end."""
    rng = random.Random(seed)
    match = Match.new(
        rng.choice(VARIANTS),
        rng.choice([1, 2, 3, 5, 7]),
        crawford=rng.random() < 0.8,
        max_cube=rng.choice([8, 64, 1024]),
        beaver=rng.random() < 0.2,
    )
    while not match.is_over():
        match = step(match, rng)
    return match


def played_session(seed: int, games: int) -> Session:
    """A money session of ``games`` games of a random variant, with Jacoby and beavers or not."""
    rng = random.Random(seed)
    session = Session.new(
        rng.choice(VARIANTS), jacoby=rng.random() < 0.5, beaver=rng.random() < 0.5
    )
    while len(session.games) < games:
        session = step(session, rng)
    return session


def openers(match: Match) -> set[int]:
    """The players who made the first play of a game of ``match``."""
    return {game.player(game.first) for game in match.games if game.first is not None}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_a_match_played_in_nardy_reads_back_equal(seed: int) -> None:
    match = played_match(seed)
    again = read_mat(write_mat(match, ("ann", "bob")), name="played.mat")
    assert again.match == match
    assert again.games == match.games


def test_the_seeded_matches_have_both_players_opening_games() -> None:
    """The property above covers games black opened (colours flipped there before)."""
    both = [seed for seed in range(40) if openers(played_match(seed)) == {0, 1}]
    assert len(both) > 10
    match = played_match(both[0])
    assert read_mat(write_mat(match)).match == match


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 4))
def test_a_money_session_played_in_nardy_reads_back_equal(seed: int, games: int) -> None:
    session = played_session(seed, games)
    record = read_mat(write_mat(session, ("ann", "bob")), name="session.mat")
    assert record.match is None
    assert record.games == session.games
    assert record.session == session


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_one_game_played_in_nardy_reads_back_equal(seed: int) -> None:
    (game,) = played_session(seed, 1).games
    (again,) = read_mat(write_mat([game])).games
    assert again == game


def test_a_match_with_beavers_reads_back_equal() -> None:
    match = Match.new("backgammon", 3, beaver=True).roll((3, 1)).play("8/5 6/5")
    match = match.double().beaver().take().resign().accept()
    text = write_mat(match)
    assert '; [Beaver "On"]' in text
    assert read_mat(text).match == match
    assert "Beaver" not in write_mat(Match.new("backgammon", 3).resign(by=W).accept())


def test_a_game_black_opens_keeps_its_colours() -> None:
    game = Game.new("backgammon").roll((2, 5)).play("13/11 13/8").resign(by=W).accept()
    assert (game.white_player, game.first) == (0, B)
    (again,) = read_mat(write_mat([game])).games
    assert again == game
    assert (again.white_player, again.first, again.side_of(1)) == (0, B, B)


# --- what a .mat record cannot hold ------------------------------------------------------


def without_ties(game: Game) -> tuple[object, ...]:
    """``game``'s history without the tied opening rolls (re-rolled)."""
    return tuple(
        a
        for a in game.history
        if not (a.kind is ActionKind.OPENING and a.dice and a.dice[0] == a.dice[1])
    )


def test_lost_a_tied_opening_roll() -> None:
    game = Game.new("backgammon").roll((4, 4)).roll((3, 1)).play("8/5 6/5").resign().accept()
    (again,) = read_mat(write_mat([game])).games
    assert again != game
    assert again.history == without_ties(game)
    assert (again.position, again.phase, again.cube) == (game.position, game.phase, game.cube)


def test_lost_a_rejected_resignation() -> None:
    game = Game.new("backgammon").roll((3, 1)).play("8/5 6/5")
    rejected = game.resign("gammon", by=B).reject().roll((6, 5)).play("24/13").resign().accept()
    (again,) = read_mat(write_mat([rejected])).games
    assert again == game.roll((6, 5)).play("24/13").resign().accept()


def test_lost_a_resignation_level_that_its_points_do_not_tell() -> None:
    # Money play with Jacoby: a gammon resigned with the cube centred counts 1 point,
    # which reads back as a single game resigned.
    game = Game.new("backgammon", jacoby=True).roll((3, 1)).play("8/5 6/5")
    gammon = game.resign("gammon", by=W).accept()
    (again,) = read_mat(write_mat([gammon])).games
    assert gammon.outcome is not None
    assert again.outcome is not None
    assert again.outcome.points == gammon.outcome.points == 1
    assert again.history[-2].level is ResultKind.SINGLE
    assert again == game.resign("single", by=W).accept()


def forced_roll(seed: int) -> tuple[Game, tuple[int, int]] | None:
    """A game played at random from its start to a roll with one legal play, and that roll."""
    rng = random.Random(seed)
    game = Game.new("backgammon").roll(opening_dice(rng))
    while not game.is_over():
        if game.phase is Phase.MOVE:
            game = game.play(rng.randrange(len(game.legal_plays())))
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(game.position.legal_plays(dice)) == 1:
            return game, dice
        game = game.roll(dice)
    return None


def test_lost_a_forced_play_not_played_before_a_resignation() -> None:
    # A roll written with no play ("54: ????") before the result: gnubg plays it when one
    # play is forced, and so does nardy; a player who resigned instead reads back as
    # having played it first.
    game, dice = next(f for f in map(forced_roll, range(100)) if f is not None)
    rolled = game.roll(dice)
    (only,) = rolled.legal_plays()
    resigned = rolled.resign().accept()
    text = write_mat([resigned])
    assert f"{dice[0]}{dice[1]}: ????" in text
    (again,) = read_mat(text).games
    assert again == rolled.play(only).resign(by=rolled.turn).accept()


def test_lost_a_roll_not_yet_played_at_the_end() -> None:
    match = Match.new("backgammon", 3).roll((3, 1)).play("8/5 6/5").roll((6, 4))
    with pytest.warns(nardy.RecordWarning, match="ends in game 1 before its result"):
        again = read_mat(write_mat(match)).match
    assert again is not None
    assert again.game is not None
    assert again.game.phase is Phase.ROLL
    assert again.game.history == match.current().history[:-1]


def test_lost_a_conceded_match() -> None:
    match = Match.new("backgammon", 3).roll((3, 1)).play("8/5 6/5").concede(1)
    assert match.is_over()
    with pytest.warns(nardy.RecordWarning, match="ends in game 1 before its result"):
        again = read_mat(write_mat(match)).match
    assert again is not None
    assert (again.winner, again.conceded_by) == (None, None)  # the game waits for black's roll
    assert (again.games, again.game) == ((), match.games[0])


@pytest.mark.parametrize(
    "new",
    [
        lambda: Match.new("backgammon", 3, next_game="alternate"),  # colours change hands
        lambda: Match.new("backgammon", 3, winner_takes_white=True),  # the opener plays white
        lambda: Match.new("backgammon", 3, cube=False),
        lambda: Match.new("backgammon", 3, gammons_with_cube=False),
    ],
    ids=["next_game", "winner_takes_white", "cube", "gammons_with_cube"],
)
def test_lost_options_a_record_has_no_tag_for(new: Callable[[], Match]) -> None:
    match = new().roll((2, 5)).play("13/11 13/8")
    match = match.resign(by=W).accept()
    again = read_mat(write_mat(match)).match
    assert again is not None
    assert again != match
    # The plays are kept, each by the player who made it, and the score.
    game, read = match.games[0], again.games[0]
    assert [(game.player(a.side), a.play) for a in game.history if a.side is not None] == [
        (read.player(a.side), a.play) for a in read.history if a.side is not None
    ]
    assert again.scores == match.scores
