"""The sage backend of nardy.analysis against bgsage's own calls (skipped without bgsage)."""

from __future__ import annotations

from typing import Any

import pytest

import nardy
from analysis_positions import positions_with_rolls
from nardy.analysis import Ability, CubeAction, Limit, context_of, open_engine
from nardy.analysis.boards import sage_board, sage_state
from nardy.analysis.cube import equity_to_mwc
from nardy.game.id_state import MatchState

bgsage: Any = pytest.importorskip("bgsage", reason="bgsage is not installed here")
batch: Any = pytest.importorskip("bgsage.batch")

ITEMS = positions_with_rolls(80, "analysis-sage")
MONEY = {"cube_value": 1, "cube_owner": "centered"}


@pytest.fixture(scope="module")
def engine() -> Any:
    with open_engine("sage") as opened:
        yield opened


def test_the_chances_and_equity_are_bgsages_own(engine: Any) -> None:
    positions = [p for p, _ in ITEMS]
    evaluations = engine.evaluate_many(positions)
    raw = batch.batch_evaluate(
        [{"board": sage_board(p), **MONEY} for p in positions],
        n_threads=1,
        jacoby=False,
        beaver=False,
    )
    for position, evaluation, answer in zip(positions, evaluations, raw):
        assert evaluation.probabilities.as_tuple() == pytest.approx(
            answer.probs.to_list(), abs=1e-7
        )
        assert evaluation.cubeful_equity == pytest.approx(answer.cubeful_equity, abs=1e-7)
        assert evaluation.side is position.turn


def test_every_play_is_ranked_and_the_best_is_bgsages(engine: Any) -> None:
    for position, roll in ITEMS:
        plays = position.legal_plays(roll)
        hint = engine.rank_plays(position, roll)
        assert len(hint) == len(plays)
        assert {plays.index(r.play) for r in hint} == set(range(len(plays)))
        if plays.is_pass:
            continue
        request = {"board": sage_board(position), "die1": roll.high, "die2": roll.low, **MONEY}
        (answer,) = batch.batch_checker_play([request], n_threads=1, jacoby=False)
        best = sage_state(answer.moves[0].board, 15)
        state = plays.result_states()[plays.index(hint.best.play)]
        assert state == best or hint[1].loss < 1e-7
        assert hint.best.equity == pytest.approx(answer.moves[0].equity, abs=1e-7)


def test_a_position_and_its_mirror_have_the_same_chances(engine: Any) -> None:
    for position, _ in ITEMS[:30]:
        array = position.to_array()
        mirror = position.variant.position(
            array["board"], array["bar"], array["off"], position.turn.opponent
        )
        one, other = engine.evaluate(position), engine.evaluate(mirror)
        assert other.side is position.turn.opponent
        assert other.probabilities.as_tuple() == pytest.approx(one.probabilities.as_tuple())


@pytest.mark.parametrize(
    "state", [None, MatchState(length=7, score=(3, 5))], ids=["money", "match"]
)
def test_cube_decisions_are_bgsages(engine: Any, state: MatchState | None) -> None:
    analyzer = bgsage.BgBotAnalyzer(parallel_threads=1)
    for position, _ in ITEMS[:25]:
        decision = engine.cube(position, match=state)
        away = (
            {}
            if state is None
            else {
                "away1": 7 - state.score[position.turn],
                "away2": 7 - state.score[position.turn.opponent],
            }
        )
        raw = analyzer.cube_action(
            sage_board(position), 1, "centered", jacoby=False, beaver=False, **away
        )
        assert (decision.no_double, decision.double_take, decision.double_pass) == pytest.approx(
            (raw.equity_nd, raw.equity_dt, raw.equity_dp), abs=1e-7
        )
        assert decision.action.doubles == raw.should_double
        if raw.should_double:
            assert decision.action.takes == raw.should_take
        assert decision.action is CubeAction.of(raw.equity_nd, raw.equity_dt, raw.equity_dp)


def test_a_rollout_is_seeded_and_has_standard_errors(engine: Any) -> None:
    start = nardy.find_variant("backgammon").starting_position()
    limit = Limit(trials=36, truncation=3, seed=11)
    first, again = engine.rollout(start, limit), engine.rollout(start, limit)
    other = engine.rollout(start, limit.replace(seed=12))
    assert first.probabilities == again.probabilities
    assert first.probabilities != other.probabilities
    assert first.cubeless_error > 0
    assert first.cubeful_error is not None
    assert first.cubeful_error > 0
    assert (first.trials, first.seed, first.limit) == (36, 11, limit)


def test_match_winning_chances_are_bgsages_equity_through_the_table(engine: Any) -> None:
    """bgsage's cubeful equity is its own; nardy turns it into MWC with the table."""
    assert engine.info.own(Ability.CUBEFUL)
    state = MatchState(length=7, score=(3, 5))
    for position, _ in ITEMS[:20]:
        evaluation = engine.evaluate(position, match=state)
        own = engine.evaluate(position)  # money: no MWC
        assert own.match_winning_chance is None
        context = context_of(position, state)
        assert evaluation.cubeful_equity is not None
        expected = equity_to_mwc(evaluation.cubeful_equity, context)
        assert evaluation.match_winning_chance == pytest.approx(expected)
