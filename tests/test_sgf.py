"""gnubg SGF records (GM[6]): hand-checked nodes, bad records, the real matches, round trips."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy.errors import RecordError, UnsupportedFormatError
from nardy.formats import load_mat, load_sgf, read_mat, read_sgf, write_sgf
from nardy.game.actions import ActionKind, EndReason
from nardy.model.result import ResultKind
from test_mat import GALAXY, every_match, history_of, random_match

# What gnubg writes for the first game of the Galaxy example (its GS
# statistics left out): W is the first player, B the second.
GNUBG = """(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.1.0a16]MI[length:3][game:0][ws:0][bs:0]
PW[ann]PB[bob]DT[2026-11-25]PC[BackgammonGalaxy]RU[Crawford]RE[B+1]
;B[32adln]
;W[62xrfd]
;B[62yblr]
;W[51yxmh]
;B[62bdlr]
;W[41yuut]
;B[42lpnp]
;W[52mhfd]
;B[41ydst]
;W[64yu]
;B[double]
;W[drop])
"""


def games_of(record: nardy.Match | None) -> object:
    """A match's games as played: histories, results, Crawford games, colours; and its score."""
    assert record is not None
    games = [(g.history, g.outcome, g.crawford, g.white_player) for g in record.games]
    return games, record.scores


def test_gnubgs_sgf_is_the_mat_record() -> None:
    sgf = read_sgf(GNUBG, name="gnubg.sgf")
    mat = read_mat(GALAXY)
    assert sgf.players == ("ann", "bob")
    assert ("Site", "BackgammonGalaxy") in sgf.tags
    assert ("EventDate", "2026-11-25") in sgf.tags
    assert games_of(sgf.match) == games_of(mat.match)


def test_points_letters_are_the_first_players_numbering() -> None:
    record = read_sgf(GNUBG)
    assert record.match is not None
    plays = [a.play.notation() for a in record.match.games[0].history if a.play is not None]
    # B[32adln]: a is W's 1-point = B's 24-point; W[62xrfd]: x is W's 24-point
    assert plays[:3] == ["24/21 13/11", "24/18 6/4*", "bar/23 13/7*"]
    text = write_sgf(record.match, record.players, record.tags)
    assert ";B[32adln]" in text
    assert ";W[62xrfd]" in text
    assert ";B[62yblr]" in text


def test_unplayed_roll_resignation_and_crawford_game() -> None:
    text = """(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RU[Crawford]RE[B+3R]
;W[31hefe]
;B[64aglp]
;PL[W]DI[21])
"""
    record = read_sgf(text, name="r.sgf")
    match = record.match
    assert match is not None
    game = match.games[0]
    assert [a.kind for a in game.history[-3:]] == [
        ActionKind.ROLL,
        ActionKind.RESIGN,
        ActionKind.ACCEPT,
    ]
    assert game.history[-2].level is ResultKind.BACKGAMMON
    assert game.outcome is not None
    assert game.outcome.reason is EndReason.RESIGN
    again = write_sgf(match, record.players)
    assert ";PL[W]DI[21])" in again
    assert "RE[B+3R]" in again
    assert games_of(read_sgf(again).match) == games_of(match)


def test_rules_variants_and_money() -> None:
    text = """(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a\\]x]PB[b]RU[Nackgammon:Jacoby]
;W[31hefe])
"""
    record = read_sgf(text)
    assert record.match is None
    assert record.players == ("a]x", "b")
    (game,) = record.games
    assert game.variant.name == "nackgammon"
    assert game.options.jacoby
    written = write_sgf(record.games, record.players)
    assert "PW[a\\]x]" in written
    assert "RU[Jacoby:Nackgammon]" in written
    assert read_sgf(written).games == record.games


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "no game trees"),
        ("()", "character 1: a game tree with no node"),
        ("(;GM[6]MI[length:1];W[31hefe])(\n)", "character 32: a game tree with no node"),
        ("(;FF[4]GM[1])", r"game 1, node 1: GM\[1\]"),
        ("(;GM[6]MI[length:1]", "not closed"),
        ("(;GM[6]PW[a)", "not closed with"),
        ("(;GM[6]XX)", "XX has no value"),
        ("(;GM[6]MI[length:x])", r"bad MI\[length:x\]"),
        ("(;GM[6]RU[Hypergammon4])", "Hypergammon4"),
        ("(;GM[6]MI[length:1];W[31hefe];B[99aa])", "game 1, node 3: cannot read the move"),
        ("(;GM[6]MI[length:1];W[31hef])", "cannot read the move"),
        ("(;GM[6]MI[length:1];W[31hgfe])", "game 1, node 2: '31: 8/7 6/5'"),
        ("(;GM[6]MI[length:1];AW[a])", "node 2: 'set-up': both colours on one point"),
        ("(;GM[6]MI[length:1];AE[a:y]AW[a:p]AB[x])", "node 2: 'set-up'.*16"),
        ("(;GM[6]MI[length:1];CV[3])", r"node 2: CV\[3\] is not a cube value"),
        ("(;GM[6]MI[length:1];CP[x])", r"node 2: CP\[x\] is not c, w or b"),
        ("(;GM[6]MI[length:1];AE[z])", r"node 2: \[z\] is not a point"),
        ("(;GM[6]MI[length:1];AE[c:a])", r"node 2: \[c:a\] is not a point"),
        ("(;GM[6]MI[length:1];PL[X])", r"node 2: PL\[X\] names neither"),
        ("(;GM[6]MI[length:1];W[31hefe];AE[a])", "node 3: 'set-up': a set-up node changes the che"),
        ("(;GM[6]MI[length:1];W[31hefe];PL[W])", "node 3.*changes the player on roll"),
        ("(;GM[6]MI[length:3];W[31hefe];CV[2])", "node 3.*changes the cube during the game"),
        ("(;GM[6]MI[length:3];PL[W]DI[31];W[42hdfd])", "node 3.*dice on the table are 31, not 42"),
        (
            "(;GM[6]MI[length:3][ws:2]RU[Crawford:CrawfordGame];CV[2];W[31hefe])",
            "node 2.*nobody doubles in the Crawford game",
        ),
        ("(;GM[6]MI[length:3][ws:3];W[31hefe])", "game 1: the match cannot start at 3-0"),
        ("(;GM[6]MI[length:1];PL[X]DI[31])", r"node 2: PL\[X\] names neither"),
        ("(;GM[6]MI[length:1];PL[W]DI[3])", "node 2: bad PL/DI"),
        ("(;GM[6]MI[length:1]RE[W+x];W[31hefe])", r"RE\[W\+x\]"),
        ("(;GM[6]MI[length:0]RE[B+5];W[31hefe])", "game 1, node 1: 'Wins 5 points'.*no resign"),
        (
            "(;GM[6]MI[length:3]RE[W+1];W[31hefe])(;GM[6]MI[length:3][game:1];W[31hefe])",
            "game 2: the score is 1-0, the record says 0-0",
        ),
        ("(;GM[6]MI[length:3]RU[Crawford:CrawfordGame];W[31hefe])", "is not the Crawford"),
        (") (", r"'\)' without '\('"),
        ("(;GM[6] ! )", "unexpected"),
    ],
)
def test_bad_sgf_records(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=f"bad.sgf.*{problem}"):
        read_sgf(text, name="bad.sgf")


def test_variations_follow_the_main_line() -> None:
    text = GNUBG.replace(";W[drop])", ";W[drop](;W[take]))")
    assert games_of(read_sgf(text).match) == games_of(read_sgf(GNUBG).match)


def test_load_sgf_and_write_refusals(tmp_path: Path) -> None:
    path = tmp_path / "m.sgf"
    path.write_text(GNUBG, encoding="utf-8")
    assert load_sgf(path) == read_sgf(GNUBG, name=str(path))
    path.write_bytes(b"(\xff)")
    # Not UTF-8, so read as Windows-1252: the error is about the text, with the file's name.
    with pytest.raises(RecordError, match=r"m\.sgf, character 1: unexpected 'ÿ\)'"):
        load_sgf(path)
    with pytest.raises(UnsupportedFormatError, match="long-nardy"):
        write_sgf([nardy.Game.new("long-nardy", rng=1).roll()])
    with pytest.raises(RecordError, match="at least one game"):
        write_sgf([])


@pytest.mark.parametrize("path", every_match())
def test_real_match_through_sgf(path: Path) -> None:
    mat = load_mat(path)
    assert mat.match is not None
    sgf = read_sgf(write_sgf(mat.match, mat.players, mat.tags), name="export.sgf")
    assert games_of(sgf.match) == games_of(mat.match)
    assert sgf.players == mat.players


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 3, 5]))
def test_played_match_round_trip(seed: int, length: int) -> None:
    match = random_match(seed, length)
    record = read_sgf(write_sgf(match, ("ann", "bob")), name="played")
    assert record.match is not None
    assert record.match.scores == match.scores
    assert history_of(record.match) == history_of(match)


def test_guide_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "guide" / "sgf.rst"
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 4
    assert failures == 0
