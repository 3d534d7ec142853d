"""The gnubg-nn backend of nardy.analysis against gnubg-nn's own calls (skipped without gnubg-nn)."""

from __future__ import annotations

from typing import Any

import pytest

import nardy
from analysis_positions import positions_with_rolls
from nardy.analysis import (
    Ability,
    AnalysisInputError,
    Context,
    CubeAction,
    Limit,
    UnsupportedAnalysisError,
    open_engine,
)
from nardy.analysis.boards import gnubg_board, index_of_moves
from nardy.analysis.cube import cube_equities
from nardy.analysis.efficiency import cube_efficiency
from nardy.game.id_state import MatchState

gnubg_nn: Any = pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")

ITEMS = positions_with_rolls(150, "analysis-gnubg-nn")


@pytest.fixture(scope="module")
def engine() -> Any:
    with open_engine("gnubg-nn") as opened:
        yield opened


def test_the_chances_are_gnubg_nns_own(engine: Any) -> None:
    positions = [p for p, _ in ITEMS]
    for plies in (0, 1):
        evaluations = engine.evaluate_many(positions, Limit(plies=plies))
        for position, evaluation in zip(positions, evaluations):
            raw = gnubg_nn.probabilities(gnubg_board(position), plies)
            assert evaluation.probabilities.as_tuple() == pytest.approx(raw, abs=1e-7)
            assert evaluation.side is position.turn
            # Its cubeless chances; the cubeful equity is nardy's model's.
            assert evaluation.limit == Limit(plies=plies, cubeful=True)
            assert evaluation.cubeful_equity is not None
        cubeless = engine.evaluate_many(positions[:5], Limit(plies=plies, cubeful=False))
        assert all(e.limit == Limit(plies=plies, cubeful=False) for e in cubeless)
        assert all(e.cubeful_equity is None for e in cubeless)


def test_every_play_gnubg_nn_lists_is_legal_and_it_lists_them_all() -> None:
    for position, roll in ITEMS:
        plays = position.legal_plays(roll)
        if plays.is_pass:
            continue
        _, listed = gnubg_nn.best_move(gnubg_board(position), roll.high, roll.low, n=0, list=1)
        found = {index_of_moves(plays, entry[1], "gnubg-nn") for entry in listed}
        assert found == set(range(len(plays)))


def test_the_best_play_at_0_plies_is_gnubg_nns_own(engine: Any) -> None:
    # gnubg-nn's best_move at 1 ply and more looks deeper only at the plays its
    # 0-ply filter keeps; nardy's ranking evaluates every play at the plies
    # asked, so only 0 plies is the same search.
    compared = 0
    for position, roll in ITEMS:
        plays = position.legal_plays(roll)
        if plays.is_pass:
            continue
        own = gnubg_nn.best_move(gnubg_board(position), roll.high, roll.low, n=0)
        index = index_of_moves(plays, [x for pair in own for x in pair], "gnubg-nn")
        hint = engine.rank_plays(position, roll, Limit(cubeful=False))  # best_move's is cubeless
        assert len(hint) == len(plays)
        theirs = next(r for r in hint if r.play == plays[index])
        assert theirs.loss < 1e-6  # the same play, or one exactly as good
        compared += 1
    assert compared > 100


def test_a_position_and_its_mirror_have_the_same_chances(engine: Any) -> None:
    for position, _ in ITEMS[:40]:
        mirror = position.variant.position(
            list(position.board),
            list(position.to_array()["bar"]),
            list(position.to_array()["off"]),
            position.turn.opponent,
        )
        one, other = engine.evaluate(position), engine.evaluate(mirror)
        assert other.side is position.turn.opponent
        assert other.probabilities.as_tuple() == pytest.approx(one.probabilities.as_tuple())
        assert one.for_side(other.side).probabilities.win == pytest.approx(
            1 - other.probabilities.win
        )


def test_match_cube_decisions_agree_with_gnubg_nns_flags(engine: Any) -> None:
    state = MatchState(length=7, score=(2, 4))
    for position, _ in ITEMS[:60]:
        decision = engine.cube(position, match=state)
        away = 7 - state.score[position.turn]
        gnubg_nn.set.score(away, 7 - state.score[position.turn.opponent])
        gnubg_nn.set.cube(1)
        key = gnubg_nn.key_of_board(gnubg_board(position))
        double, take, too_good, *_ = gnubg_nn.evaluate_cube_decision(key, 0, -1, b"O", 1)
        gnubg_nn.set.score(0, 0)
        assert decision.double_pass == pytest.approx(1.0)
        assert decision.action.doubles == bool(double)
        if too_good:
            assert decision.action in (CubeAction.TOO_GOOD_PASS, CubeAction.TOO_GOOD_TAKE)
        elif double:
            assert decision.action.takes == bool(take)


def test_the_money_cube_is_the_models(engine: Any) -> None:
    """gnubg-nn has no money cube ("Not implemented for money"): nardy's model answers."""
    start = nardy.find_variant("backgammon").starting_position()
    assert Ability.CUBE_MONEY in engine.info.modelled
    assert engine.info.own(Ability.CUBE_MATCH)
    decision = engine.cube(start)
    efficiency = cube_efficiency(start)
    equities = cube_equities(decision.probabilities, Context(), efficiency)
    assert (decision.no_double, decision.double_take, decision.double_pass) == equities
    assert decision.probabilities.as_tuple() == pytest.approx(
        gnubg_nn.probabilities(gnubg_board(start), 0), abs=1e-7
    )


def test_what_gnubg_nn_cannot_do_is_refused(engine: Any) -> None:
    start = nardy.find_variant("backgammon").starting_position()
    with pytest.raises(UnsupportedAnalysisError, match="gnubg-nn engine cannot do rollouts"):
        engine.rollout(start)
    with pytest.raises(AnalysisInputError, match="plays backgammon, nackgammon, not long-nardy"):
        engine.evaluate(nardy.find_variant("long-nardy").starting_position())
    assert engine.info.version == gnubg_nn_version()


def gnubg_nn_version() -> str:
    from importlib import metadata

    return metadata.version("gnubg-nn")
