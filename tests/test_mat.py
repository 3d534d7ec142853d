"""Jellyfish ``.mat`` records: 120 real matches, the dialects' lines by hand, bad records, round trips.

The real matches in ``tests/data/mat`` (MIT licence, see ``LICENSE`` and
``SOURCE.md`` there) were exported by Backgammon Galaxy and Backgammon
Studio. Every one must import (every play replayed through the rules, every
score line checked against the match), export, and import again to the same
match.
"""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Side
from nardy.errors import RecordError, RecordWarning, UnsupportedFormatError
from nardy.formats import MatchRecord, load_mat, read_mat, write_mat
from nardy.game.actions import ActionKind, EndReason, Phase
from nardy.model.result import ResultKind
from test_mat_round_trip import forced

DATA = Path(__file__).parent / "data" / "mat"
FILES = sorted(DATA.glob("*.txt"))
W, B = Side.WHITE, Side.BLACK
#: A fixed sample of the real matches that runs by default; the rest run with ``-m slow``.
SAMPLE = frozenset(random.Random("real-matches").sample(FILES, 15))


def every_match() -> list[object]:
    """The real matches as parameters: the sample runs by default, the others are marked slow."""
    return [
        pytest.param(p, id=p.name[:40], marks=() if p in SAMPLE else pytest.mark.slow)
        for p in FILES
    ]


def test_the_real_matches_are_there() -> None:
    assert len(FILES) == 120
    assert (DATA / "LICENSE").exists()


@pytest.mark.parametrize("path", every_match())
def test_real_match_imports_exports_and_reads_back(path: Path) -> None:
    record = load_mat(path)
    assert record.match is not None
    assert record.length == record.match.length
    assert len(record.games) >= 1
    text = write_mat(record.match, record.players, record.tags)
    again = read_mat(text, name="export")
    assert again.match == record.match
    assert again.players == record.players
    assert dict(again.tags).items() >= dict(record.tags).items()


def test_real_match_texts_cover_the_dialects() -> None:
    """By their text (fast; the replayed form below runs with -m slow)."""
    texts = [p.read_text(encoding="utf-8-sig") for p in FILES]
    for word in ("Doubles =>", "Takes", "Drops", "Losses", "Wins", "and the match"):
        assert any(word in t for t in texts), word


@pytest.mark.slow
def test_real_matches_cover_the_dialects() -> None:
    """The corpus exercises drops, takes, resignations, passes and finished matches."""
    kinds: set[ActionKind] = set()
    reasons: set[EndReason] = set()
    finished = 0
    for path in FILES:
        match = load_mat(path).match
        assert match is not None
        finished += match.is_over()
        for game in match.games:
            kinds.update(a.kind for a in game.history)
            assert game.outcome is not None
            reasons.add(game.outcome.reason)
    assert {ActionKind.DOUBLE, ActionKind.TAKE, ActionKind.DROP, ActionKind.RESIGN} <= kinds
    assert reasons == {EndReason.BEAR_OFF, EndReason.DROP, EndReason.RESIGN}
    assert finished > 100


# --- hand-checked dialect lines -------------------------------------------------------

GALAXY = """\ufeff; [Site "BackgammonGalaxy"]
; [Player 1 "ann"]
; [Player 2 "bob"]
; [Variation "Backgammon"]
; [Crawford "On"]
; [CubeLimit "1024"]

3 point match

 Game 1
 ann : 0                         bob : 0
  1)                             32: 24/21 13/11
  2) 62: 24/18 6/4               62: 25/23 13/7
  3) 51: 25/24 13/8              62: 23/21 13/7
  4) 41: 25/21 21/20             42: 13/9 11/9
  5) 52: 6/4 13/8                41: 25/21 6/5
  6) 64: 25/21                    Doubles => 2
  7)  Drops                       Wins 1 point
"""


def test_galaxy_game_hits_unmarked_bar_as_25() -> None:
    record = read_mat(GALAXY, name="galaxy.mat")
    assert record.players == ("ann", "bob")
    assert record.length == 3
    assert ("Site", "BackgammonGalaxy") in record.tags
    match = record.match
    assert match is not None
    assert match.scores == (0, 1)
    game = match.games[0]
    # Player 0 (ann, the left column) plays white in every game; bob opened, as black.
    assert (game.white_player, game.first) == (0, B)
    plays = [a.play.notation() for a in game.history if a.play is not None]
    # ann's 6/4 lands on bob's blot (his 21): the hit is not marked, the rules find it
    assert plays[:3] == ["24/21 13/11", "24/18 6/4*", "bar/23 13/7*"]
    assert game.outcome is not None
    assert game.outcome.reason is EndReason.DROP
    assert game.outcome.winner == game.side_of(1)
    assert game.cube.value == 1  # the dropped double never turned the cube
    assert match.options.max_cube == 1024


STUDIO = """; [Site "Backgammon Studio"]
; [Variation "Backgammon"]
; [Crawford "On"]

1 point match


 Game 1
 Ann : 0                                Bob : 0
  1) 66: 24/18(2) 13/7(2)               21: 13/11 6/5
  2) 55: 13/3(2)                        31: 8/5 6/5
  3) 32: ????                           Wins 1 point and the match
"""


def test_studio_opening_double_repeats_and_unrecorded_play() -> None:
    record = read_mat(STUDIO, name="studio.mat")
    match = record.match
    assert match is not None
    assert match.is_over()
    assert match.scores == (0, 1)
    game = match.games[0]
    assert game.white_player == 0
    first = game.history[1].play
    assert first is not None
    assert first.notation() == "24/18(2) 13/7(2)"
    assert [a.kind for a in game.history[-3:]] == [
        ActionKind.ROLL,  # Ann rolled 32, then resigned
        ActionKind.RESIGN,
        ActionKind.ACCEPT,
    ]
    assert game.history[-2].level is ResultKind.SINGLE
    with pytest.raises(RecordError, match=r"studio.mat, line 11: '31: 8/5 6/5 Cannot"):
        read_mat(STUDIO.replace("8/5 6/5", "8/5 6/5 Cannot"), name="studio.mat")


def test_gnubg_writes_an_unplayed_roll_as_a_pass_before_the_end() -> None:
    text = STUDIO.replace("32: ????", "32:").replace("  3)", "  3)", 1)
    match = read_mat(text, name="gnubg.mat").match
    assert match is not None
    game = match.games[0]
    assert [a.kind for a in game.history[-3:]] == [
        ActionKind.ROLL,
        ActionKind.RESIGN,
        ActionKind.ACCEPT,
    ]


def test_a_pass_must_be_forced() -> None:
    text = GALAXY.replace("62: 25/23 13/7", "62:")
    with pytest.raises(RecordError, match=r"galaxy.mat, line 13: '62:'"):
        read_mat(text, name="galaxy.mat")


def test_wrong_points_and_wrong_double_are_refused() -> None:
    with pytest.raises(RecordError, match=r"line 18.*worth 1 points, the record says 2"):
        read_mat(GALAXY.replace("Wins 1 point", "Wins 2 point"), name="g.mat")
    with pytest.raises(RecordError, match=r"line 18: .*wins the match, but it does not"):
        read_mat(GALAXY.replace("Wins 1 point", "Wins 1 point and the match"), name="g.mat")
    with pytest.raises(RecordError, match=r"line 17.*cube to 2, not 4"):
        read_mat(GALAXY.replace("Doubles => 2", "Doubles => 4"), name="g.mat")


def test_score_lines_are_checked_against_the_match() -> None:
    two_games = GALAXY + "\n Game 2\n ann : 0                         bob : 0\n"
    with pytest.raises(RecordError, match="line 20: the score is 0-1, the record says 0-0"):
        read_mat(two_games, name="g.mat")
    # Game 2 has a score line and nothing else: the file may be cut off there.
    with pytest.warns(RecordWarning, match=r"g\.mat, line 20: the record ends in game 2"):
        ok = read_mat(
            two_games.replace("bob : 0\n", "bob : 1\n").replace("bob : 1\n  1)", "bob : 0\n  1)"),
            name="g.mat",
        )
    assert ok.match is not None
    assert ok.match.game is not None
    assert ok.match.game.phase is Phase.OPENING


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "no 'N point match'"),
        ("; only a comment\n", "no 'N point match'"),
        ("three point match\n", "line 1: expected 'N point match'"),
        ("3 point match\n\n 1) 31: 8/5 6/5\n", "line 3: expected 'Game 1'"),
        ("3 point match\n", "no games"),
        ('; [Variation "Tavla"]\n3 point match\n Game 1\n a : 0    b : 0\n', "Variation"),
        ('; [CubeLimit "x"]\n3 point match\n Game 1\n a : 0    b : 0\n', "CubeLimit"),
        ("3 point match\n Game 1\n a : 0     b : 0\n  1) 31: 8/5 6/5 hello\n", "line 4"),
        ("3 point match\n Game 1\n a : 0     b : 0\n  1) 31: 8/5 6/5 Takes Drops\n", "line 4"),
        ("3 point match\n Game 1\n a : 0     b : 0\n  1) Takes\n", "line 4: 'Takes'"),
        ("3 point match\n Game 1\n a : 0     b : 0\n  1) 31: 8/3\n", "line 4: '31: 8/3'"),
        ("3 point match\n Game 1\n a : 0     b : 0\n  1) Wins 7 points\n", "line 4"),
        (GALAXY + "  8) 31: 8/5 6/5\n", "line 19: an action after the end"),
        (
            GALAXY.replace("3 point match", "1 point match") + "\n Game 2\n",
            "after the match is over",
        ),
    ],
)
def test_bad_records_name_the_file_and_line(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=f"bad.mat.*{problem}"):
        read_mat(text, name="bad.mat")


def test_load_mat_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_bytes(b"3 point match\n\xff\xfe")
    # Not UTF-8, so read as Windows-1252: the error is about the text, with the file's name.
    with pytest.raises(RecordError, match=r"bad\.mat, line 2: expected 'Game 1', got 'ÿþ'"):
        load_mat(bad)
    good = tmp_path / "good.mat"
    good.write_text(GALAXY, encoding="utf-8")
    assert load_mat(good) == read_mat(GALAXY, name=str(good))


def test_off_turn_resignation_in_the_winners_column() -> None:
    # After bob's play it is ann's turn; bob resigns anyway, written in ann's column.
    text = GALAXY.replace(
        "  6) 64: 25/21                    Doubles => 2\n  7)  Drops                       Wins 1 point\n",
        "  6) 64: 25/21                   53: 24/21 21/16\n Losses 1 point\n\n      Wins 1 point\n",
    )
    match = read_mat(text, name="g.mat").match
    assert match is not None
    game = match.games[0]
    resign = [a for a in game.history if a.kind is ActionKind.RESIGN]
    assert [a.side for a in resign] == [game.side_of(1)]
    assert game.outcome is not None
    assert game.outcome.winner == game.side_of(0)
    assert game.outcome.reason is EndReason.RESIGN


def test_money_session_with_beaver_and_nackgammon() -> None:
    text = """; [Variation "Nackgammon"]
; [Jacoby "On"]
; [Beaver "On"]

0 point match

 Game 1
 ann : 0                         bob : 0
  1) 31: 6/5 8/5                  Doubles => 2
  2)  Beavers => 4                Drops
  3)  Wins 2 points
"""
    record = read_mat(text, name="money.mat")
    assert record.match is None
    assert record.length == 0
    (game,) = record.games
    assert game.variant.name == "nackgammon"
    assert game.options.jacoby
    assert game.outcome is not None
    assert game.outcome.points == 2
    assert game.outcome.winner == game.side_of(0)
    again = read_mat(write_mat(record.games, record.players, record.tags), name="again")
    assert again.games == record.games


# --- round trips of games nardy plays ---------------------------------------------------


def random_match(seed: int, length: int) -> nardy.Match:
    """A match played with random legal choices, doubles, takes, drops and resignations."""
    rng = random.Random(seed)
    match = nardy.Match.new("backgammon", length, rng=seed, next_game="opening-roll")
    while not match.is_over():
        game = match.current()
        allowed = game.allowed()
        r = rng.random()
        if ActionKind.DOUBLE in allowed and r < 0.05:
            match = match.double()
        elif game.phase is Phase.DOUBLED:
            match = match.take() if r < 0.6 else match.drop()
        elif ActionKind.RESIGN in allowed and r < 0.01 and not forced(game):
            # (A player who resigns with a forced play on the table reads back as
            # having played it, as gnubg reads it: test_mat_round_trip.py.)
            level = rng.choice(["single", "gammon"])
            match = match.resign(level, by=rng.choice([W, B])).accept()
        elif game.phase is Phase.MOVE:
            match = match.play(rng.randrange(len(game.legal_plays())))
        else:
            match = match.roll()
    return match


def history_of(match: nardy.Match) -> list[object]:
    """What a .mat record keeps of a match: every action but the opening roll, and the results."""
    out: list[object] = []
    for game in match.games:
        # Rolls are left out: the plays carry them, and a record has no opening roll.
        acts = [
            (a.kind, game.player(a.side), a.play and a.play.notation(), a.level)
            for a in game.history
            if a.side is not None and a.kind is not ActionKind.ROLL
        ]
        assert game.outcome is not None
        outcome = game.outcome
        out.append(
            (acts, None if outcome.winner is None else game.player(outcome.winner), outcome.points)
        )
    return out


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 3, 5]))
def test_played_match_round_trip(seed: int, length: int) -> None:
    match = random_match(seed, length)
    record = read_mat(write_mat(match, ("ann", "bob")), name="played")
    assert record.match is not None
    assert record.match.scores == match.scores
    assert history_of(record.match) == history_of(match)
    again = read_mat(write_mat(record.match, record.players, record.tags), name="again")
    assert again == record


def test_record_type() -> None:
    record = read_mat(GALAXY)
    assert isinstance(record, MatchRecord)
    with pytest.raises(RecordError, match="at least one game"):
        write_mat([])


def test_write_refuses_what_mat_cannot_hold() -> None:
    match = read_mat(GALAXY).match
    assert match is not None
    with pytest.raises(UnsupportedFormatError, match="name"):
        write_mat(match, ("a:b", "c"))
    with pytest.raises(UnsupportedFormatError, match="tag"):
        write_mat(match, ("a", "b"), [("Event", 'say "hi"\n')])
    long_game = nardy.Game.new("long-nardy", rng=1).roll()
    with pytest.raises(UnsupportedFormatError, match="long-nardy"):
        write_mat([long_game])
    odd = nardy.Game.new("backgammon(must_play_higher=false)", rng=1).roll()
    with pytest.raises(UnsupportedFormatError, match="usual rules"):
        write_mat([odd])


# --- the game layer: either side may resign -------------------------------------------


def test_the_side_not_on_roll_may_resign() -> None:
    game = nardy.Game.new("backgammon").roll((3, 1)).play("8/5 6/5")
    assert game.turn is B
    offered = game.resign("gammon", by=W)
    assert offered.to_act is B
    assert offered.resignation == nardy.game.actions.Resignation(W, ResultKind.GAMMON)
    ended = offered.accept(by=B)
    assert ended.outcome is not None
    assert ended.outcome.winner is B
    assert ended.outcome.points == 2
    back = offered.reject(by=B)
    assert back.phase is Phase.ROLL
    assert back.turn is B
    with pytest.raises(nardy.NotYourTurnError):
        offered.accept(by=W)
    # and it replays from the record
    assert nardy.Game.from_json(ended.to_json()) == ended


def test_guide_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "guide" / "mat.rst"
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 5
    assert failures == 0
