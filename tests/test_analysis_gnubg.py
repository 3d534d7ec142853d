"""The gnubg backend (GNU Backgammon in-process) against gnubg's own calls (skipped without gnubg)."""

from __future__ import annotations

from typing import Any

import pytest

import nardy
from analysis_positions import positions_with_rolls
from nardy.analysis import UnsupportedAnalysisError, open_engine
from nardy.analysis.boards import gnubg_board, index_of_moves
from nardy.errors import EnginePlayError

gnubg: Any = pytest.importorskip("gnubg", reason="gnubg (the program as a module) is not installed")

ITEMS = positions_with_rolls(80, "analysis-gnubg")


@pytest.fixture(scope="module")
def engine() -> Any:
    with open_engine("gnubg") as opened:
        yield opened


def test_the_chances_are_gnubgs_own(engine: Any) -> None:
    cube = gnubg.cube_info(1, -1, 0, 0, (0, 0), 0)
    for position, _ in ITEMS:
        raw = gnubg.evaluate(gnubg_board(position), cube, gnubg.eval_context(0, 0))
        assert engine.evaluate(position).probabilities.as_tuple() == pytest.approx(
            raw[:5], abs=1e-7
        )


def test_the_best_play_is_gnubgs_own(engine: Any) -> None:
    cube = gnubg.cube_info(1, -1, 0, 0, (0, 0), 0)
    compared = 0
    for position, roll in ITEMS:
        plays = position.legal_plays(roll)
        if plays.is_pass:
            continue
        found = gnubg.find_best_moves(
            gnubg_board(position), cube, gnubg.eval_context(0, 0), (roll.high, roll.low)
        )
        hint = engine.rank_plays(position, roll)
        assert len(hint) == len(plays)
        # gnubg's score of its best play is nardy's best equity.
        assert hint.best.equity == pytest.approx(found[0]["score"], abs=1e-5)
        try:  # gnubg cuts a play's steps at the first bear-off: those cannot be read back
            index = index_of_moves(plays, found[0]["move"], "gnubg")
        except EnginePlayError:
            continue
        assert next(r for r in hint if r.play == plays[index]).loss < 1e-6
        compared += 1
    assert compared > 40


def test_cube_decisions_and_rollouts_are_refused(engine: Any) -> None:
    start = nardy.find_variant("backgammon").starting_position()
    with pytest.raises(UnsupportedAnalysisError, match="gnubg engine cannot do money cube"):
        engine.cube(start)
    with pytest.raises(UnsupportedAnalysisError, match="gnubg engine cannot do rollouts"):
        engine.rollout(start)
