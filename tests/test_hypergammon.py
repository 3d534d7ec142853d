"""Hypergammon with 1, 2 or 3 checkers a side: the option, the starts, plays, results, records."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

import nardy
from nardy import RecordWarning, Side
from nardy.errors import CheckerCountError, InvalidOptionError, UnsupportedFormatError
from nardy.formats import read_mat, read_sgf, write_mat, write_sgf
from nardy.game.actions import Phase
from nardy.model.result import ResultKind as K
from nardy.perft import PerftRow, perft
from nardy.testing import check_variant
from test_mat import history_of

ONE = nardy.find_variant("hypergammon(checkers=1)")
TWO = nardy.find_variant("hypergammon(checkers=2)")
THREE = nardy.find_variant("hypergammon")

#: gnubg's Position IDs of its three hypergammon starts.
GNUBG_START_IDS = {1: "AACAAAAAAgAAAA", 2: "AABAAQAACgAAAA", 3: "AACgAgAAKgAAAA"}


def test_the_option_and_its_spec() -> None:
    assert THREE == nardy.Hypergammon() == nardy.Hypergammon(checkers=3)
    assert (ONE.checkers, TWO.checkers, THREE.checkers) == (1, 2, 3)
    assert ONE.spec() == "hypergammon(checkers=1)"
    assert THREE.spec() == "hypergammon"
    assert nardy.find_variant(ONE.spec()) == ONE
    assert nardy.Hypergammon(checkers="2") == TWO
    assert ONE != TWO != THREE
    for bad in (0, 4, True, 2.0, "three", None):
        with pytest.raises(InvalidOptionError, match="checkers of hypergammon must be 1, 2 or 3"):
            nardy.Hypergammon(checkers=bad)
    with pytest.raises(InvalidOptionError):
        nardy.find_variant("hypergammon(checkers=15)")


@pytest.mark.parametrize(
    ("variant", "layout", "pips"),
    [(ONE, {24: 1}, 24), (TWO, {24: 1, 23: 1}, 47), (THREE, {24: 1, 23: 1, 22: 1}, 69)],
)
def test_starts_are_gnubgs(variant: nardy.Variant, layout: dict[int, int], pips: int) -> None:
    assert dict(variant.start) == layout
    start = variant.starting_position()
    for side in Side:
        own = [layout.get(p, 0) for p in range(1, 25)]
        assert list(start.checkers(side)) == own
        assert start.pip_count(side) == pips
        assert start.off(side) == 0
    assert start.gnubg_id() == GNUBG_START_IDS[variant.checkers]
    assert nardy.Position.from_gnubg_id(variant, start.gnubg_id()) == start
    assert nardy.Position.from_id(start.id()) == start
    assert start.id().startswith(variant.spec() + ":")


def test_the_layout_is_read_only() -> None:
    with pytest.raises(TypeError):
        ONE.start[23] = 1  # type: ignore[index]
    assert dict(nardy.Hypergammon(checkers=1).start) == {24: 1}


def test_positions_must_add_up_to_the_checker_count() -> None:
    with pytest.raises(CheckerCountError, match=r"hypergammon\(checkers=1\) has 1 a side"):
        ONE.from_counts({24: 2}, {24: 1})
    assert ONE.from_counts({24: 1}, {}).off(Side.BLACK) == 1
    with pytest.raises(CheckerCountError, match="AACgAgAAKgAAAA"):
        nardy.Position.from_gnubg_id(ONE, GNUBG_START_IDS[3])


def test_one_checker_plays_by_hand() -> None:
    start = ONE.starting_position()
    # One checker must use both dice: one play per roll, the pip sum moved.
    assert start.legal_plays("21").notations() == ["24/21"]
    assert start.legal_plays("44").notations() == ["24/8"]
    # 66 carries it home and off at once: Black is left with his checker in
    # White's home board, a backgammon.
    (after,) = start.legal_plays("66").resulting_positions()
    assert after.result() is not None
    assert after.result() == nardy.Result(Side.WHITE, K.BACKGAMMON, 3)


def test_depth_1_of_one_checker_by_hand() -> None:
    # The 21 rolls move the checker 3..11 (non-doubles, 9 distinct points),
    # 4, 8 (again), 12, 16, 20 pips or off (66): 13 distinct states, 1 finished.
    assert perft(ONE, 1).rows == (PerftRow(1, 21, 36, 13, 0, 1),)


def test_results_count_the_checkers() -> None:
    assert ONE.from_counts({}, {6: 1}).result() == nardy.Result(Side.WHITE, K.GAMMON, 2)
    assert TWO.from_counts({}, {6: 1}, off=(2, 1)).result() == nardy.Result(Side.WHITE, K.SINGLE, 1)
    assert TWO.from_counts({}, {20: 2}).result() == nardy.Result(Side.WHITE, K.BACKGAMMON, 3)
    left = nardy.find_variant("hypergammon(checkers=2,scoring=checkers-left)")
    # Checkers-left scoring: the loser's two checkers are the points.
    result = left.from_counts({}, {6: 2}).result()
    assert result is not None
    assert (result.winner, result.points) == (Side.WHITE, 2)


@pytest.mark.parametrize("variant", [ONE, TWO], ids=["one", "two"])
def test_conformance(variant: nardy.Variant) -> None:
    report = check_variant(variant, games=3, seed=5)
    assert report.games == report.finished == 3
    assert report.plays >= report.positions > 3


def played(spec: str, seed: int, length: int) -> nardy.Match:
    """A match of ``spec`` with random plays, doubles, takes and drops."""
    rng = random.Random(seed)
    match = nardy.Match.new(spec, length, rng=seed, next_game="opening-roll")
    while not match.is_over():
        game = match.current()
        if nardy.ActionKind.DOUBLE in game.allowed() and rng.random() < 0.1:
            match = match.double()
        elif game.phase is Phase.DOUBLED:
            match = match.take() if rng.random() < 0.5 else match.drop()
        elif game.phase is Phase.MOVE:
            match = match.play(rng.randrange(len(game.legal_plays())))
        else:
            match = match.roll()
    return match


@pytest.mark.parametrize("checkers", [1, 2, 3])
def test_records_carry_the_checker_count(checkers: int) -> None:
    spec = nardy.Hypergammon(checkers=checkers).spec()
    match = played(spec, seed=checkers, length=3)
    sgf = write_sgf(match, ("ann", "bob"))
    assert f"Hypergammon{checkers}" in sgf
    again = read_sgf(sgf, name="h.sgf").match
    assert again is not None
    assert again.variant.spec() == spec
    assert history_of(again) == history_of(match)
    mat = write_mat(match, ("ann", "bob"))
    back = read_mat(mat, name="h.mat").match
    assert back is not None
    assert back.variant.spec() == spec
    assert back.scores == match.scores
    assert history_of(back) == history_of(match)


def test_gnubgs_mat_variation_tags() -> None:
    for tag, spec in [("HyperGammon (1)", ONE.spec()), ("HyperGammon (2)", TWO.spec())]:
        text = (
            f'; [Variation "{tag}"]\n\n0 point match\n\n Game 1\n a : 0    b : 0\n  1) 21: 24/21\n'
        )
        with pytest.warns(RecordWarning, match="is the file cut off"):  # a game without a result
            (game,) = read_mat(text, name="g.mat").games
        assert game.variant.spec() == spec
    with pytest.raises(UnsupportedFormatError):
        write_sgf([nardy.Game.new("hypergammon(checkers=1,must_play_higher=false)", rng=1)])


def test_the_variant_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "variants" / "hypergammon.rst"
    failures, tried = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert tried >= 6
    assert failures == 0
