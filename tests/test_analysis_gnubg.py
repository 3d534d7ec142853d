"""The gnubg backend (GNU Backgammon in-process) against gnubg's own calls (skipped without gnubg)."""

from __future__ import annotations

from typing import Any

import pytest

import nardy
from analysis_positions import positions_with_rolls
from nardy import MatchState
from nardy.analysis import (
    Ability,
    Context,
    CubeAction,
    Limit,
    UnsupportedAnalysisError,
    open_engine,
)
from nardy.analysis.boards import gnubg_board, index_of_moves
from nardy.analysis.cube import cube_equities
from nardy.analysis.efficiency import cube_efficiency
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
        hint = engine.rank_plays(position, roll, Limit(cubeful=False))
        assert len(hint) == len(plays)
        # gnubg's cubeless score of its best play is nardy's best cubeless equity.
        assert hint.best.equity == pytest.approx(found[0]["score"], abs=1e-5)
        try:  # gnubg cuts a play's steps at the first bear-off: those cannot be read back
            index = index_of_moves(plays, found[0]["move"], "gnubg")
        except EnginePlayError:
            continue
        assert next(r for r in hint if r.play == plays[index]).loss < 1e-6
        compared += 1
    assert compared > 40


@pytest.mark.parametrize("length", [0, 7])
def test_the_cubeful_best_play_is_gnubgs_cubeful_0_ply(engine: Any, length: int) -> None:
    """nardy's cube model over gnubg's chances scores the best play as gnubg's cubeful 0-ply does.

    Money play with the Jacoby rule (the gnubg module's cube_info has it on)
    and a 7-point match at 2-4 for the side on roll.
    """
    assert Ability.CUBEFUL in engine.info.modelled
    context = gnubg.eval_context(1, 0)
    for position, roll in ITEMS:
        if position.legal_plays(roll).is_pass:
            continue
        if length:
            cube = gnubg.cube_info(1, -1, 0, length, (2, 4), 0)
            score = [0, 0]
            score[position.turn], score[position.turn.opponent] = 2, 4
            match = MatchState(length=length, score=(score[0], score[1]))
        else:
            cube = gnubg.cube_info(1, -1, 0, 0, (0, 0), 0)
            assert cube["jacoby"] == 1
            match = MatchState(jacoby=True)
        found = gnubg.find_best_moves(gnubg_board(position), cube, context, (roll.high, roll.low))
        best = engine.rank_plays(position, roll, match=match).best
        assert best.equity == pytest.approx(found[0]["score"], abs=1e-5)
        if length:
            assert best.evaluation.match_winning_chance is not None


def test_cube_decisions_are_the_models_and_rollouts_are_refused(engine: Any) -> None:
    start = nardy.find_variant("backgammon").starting_position()
    assert {Ability.CUBE_MONEY, Ability.CUBE_MATCH} <= engine.info.modelled
    decision = engine.cube(start)
    efficiency = cube_efficiency(start)
    equities = cube_equities(decision.probabilities, Context(), efficiency)
    assert (decision.no_double, decision.double_take, decision.double_pass) == equities
    assert decision.action is CubeAction.NO_DOUBLE
    with pytest.raises(UnsupportedAnalysisError, match="gnubg engine cannot do rollouts"):
        engine.rollout(start)
