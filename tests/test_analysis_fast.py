"""The review's fast path: cubeless chances of packed states, checked once a batch.

:meth:`EngineBase.cubeless_chances <nardy.analysis.EngineBase.cubeless_chances>`
must give, state by state, what :meth:`~nardy.analysis.Engine.evaluate_many`
gives, and the review through it the very numbers of the review through
Evaluations (a plain evaluator); the packed helpers must agree with their
Position forms; a bad answer is refused naming its position.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import nardy
from analysis_positions import positions_with_rolls
from analysis_support import match_files
from helpers import HIDE_NATIVE
from nardy.analysis import (
    Ability,
    AnalysisInputError,
    EngineBase,
    Limit,
    ReviewError,
    efficiency,
    open_engine,
    review_game,
    review_match,
)
from nardy.analysis.boards import (
    gnubg_board,
    gnubg_packed_board,
    gnubg_packed_boards,
    sage_board,
    sage_packed_board,
)
from nardy.analysis.efficiency import (
    Efficiencies,
    cube_efficiency,
    native_efficiencies,
    packed_cube_efficiencies,
)
from nardy.analysis.engine import final_evaluation, finished_states
from nardy.analysis.values import Chances, as_chances, as_chances_many
from nardy.errors import EngineFailedError, InvalidProbabilitiesError
from nardy.formats.mat import load_mat
from nardy.model.basics import Side

ITEMS = positions_with_rolls(60, "analysis-fast")
BACKGAMMON = nardy.find_variant("backgammon")


def installed(name: str, module: str) -> Any:
    """The engine ``name`` opened, or a skip when its package is not installed."""
    pytest.importorskip(module, reason=f"{module} is not installed here")
    return open_engine(name)


def after_plays() -> list[nardy.Position]:
    """Every position after a legal play of the items' rolls (openings to bear-offs)."""
    return [p for position, roll in ITEMS for p in position.legal_plays(roll).resulting_positions()]


# --- the packed helpers -----------------------------------------------------------------


def test_packed_boards_and_efficiencies_are_the_positions() -> None:
    positions = after_plays() + [p for p, _ in ITEMS]
    for p in positions:
        board = gnubg_packed_board(p.packed)
        assert [list(board[0]), list(board[1])] == gnubg_board(p)
        assert sage_packed_board(p.packed) == sage_board(p)
    assert packed_cube_efficiencies(BACKGAMMON, [p.packed for p in positions]) == [
        cube_efficiency(p) for p in positions
    ]
    with pytest.raises(AnalysisInputError, match="not plakoto"):
        packed_cube_efficiencies(nardy.find_variant("plakoto"), [positions[0].packed])


def every_kind() -> list[nardy.Position]:
    """Positions of every class: after the plays of real matches' positions (openings to the end)."""
    out: list[nardy.Position] = []
    for path in match_files(2):
        for game in load_mat(path).games:
            for state in game.states():
                if state.position.is_over():
                    continue
                for roll in ((6, 5), (2, 1), (4, 4)):
                    out += state.position.legal_plays(roll).resulting_positions()
    return out


@pytest.mark.skipif(native_efficiencies() is None, reason="the native core is not built")
def test_native_efficiencies_are_the_python_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = every_kind()
    classes = {efficiency.position_class(p) for p in positions}
    assert classes == set(efficiency.PositionClass)
    states = [p.packed for p in positions]
    odd = Efficiencies(0.7, 0.5, 0.55, 0.003, 0.55, 0.58, 0.77)
    native = [packed_cube_efficiencies(BACKGAMMON, states, x) for x in (odd, Efficiencies())]
    monkeypatch.setattr(efficiency, "native_efficiencies", lambda: None)
    rule = [packed_cube_efficiencies(BACKGAMMON, states, x) for x in (odd, Efficiencies())]
    assert native == rule
    found = native_efficiencies()
    assert found is not None
    with pytest.raises(ValueError, match="item 1 is not a packed state"):
        found([states[0], b"short"], 15, (0.5,) * 7)
    with pytest.raises(ValueError, match="item 0 is not bytes"):
        found(["text"], 15, (0.5,) * 7)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="7 floats"):
        found(states[:1], 15, (0.5,) * 6)


def batch_answers() -> dict[str, Any]:
    """What the review's batch helpers answer, as JSON: the native core's, or the Python rule's when it is hidden."""
    states = [p.packed for p in every_kind()[::7]]
    return {
        "checks": [repr(verdict(as_chances_many, [GOOD, a, GOOD])) for a in edges()],
        "boards": [[list(row) for row in b] for b in gnubg_packed_boards(states)],
        "efficiencies": packed_cube_efficiencies(BACKGAMMON, states),
    }


def test_the_pure_builds_batches_are_the_native_cores() -> None:
    hide = HIDE_NATIVE + "sys.path.insert(0, 'tests'); "
    show = "import json, test_analysis_fast as t; print(json.dumps(t.batch_answers()))"
    pure = subprocess.run(
        [sys.executable, "-c", hide + show], capture_output=True, text=True, check=True
    )
    assert json.loads(pure.stdout) == json.loads(json.dumps(batch_answers()))


def test_finished_states_are_the_positions_results() -> None:
    positions = after_plays()
    for variant in ("backgammon", "plakoto"):
        rules = nardy.find_variant(variant)
        start = rules.starting_position()
        over = rules.from_counts(
            {1: 1}, {}, off=(rules.checkers - 1, rules.checkers), turn=start.turn
        )
        mine = [p for p in positions if p.variant == rules] or [start]
        for turn in (Side.WHITE, Side.BLACK):
            states = [p.packed for p in mine] + [over.packed]
            built = [nardy.Position.from_packed(rules, turn, s) for s in states]
            assert finished_states(rules, turn, states) == [p.result() is not None for p in built]


# --- the engines' cubeless chances ---------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "module"), [("gnubg-nn", "gnubg_nn"), ("sage", "bgsage"), ("heuristic", "nardy")]
)
def test_cubeless_chances_are_evaluate_manys(name: str, module: str) -> None:
    with installed(name, module) as engine:
        positions = [p for p in after_plays() if p.result() is None]
        for plies in (0, 1) if name != "heuristic" else (0,):
            limit = Limit(plies=plies)
            for turn in (Side.WHITE, Side.BLACK):
                mine = [p for p in positions if p.turn is turn][:150]
                fast = engine.cubeless_chances(BACKGAMMON, turn, [p.packed for p in mine], limit)
                slow = engine.evaluate_many(mine, limit.replace(cubeful=False))
                assert fast == [e.probabilities.as_tuple() for e in slow]
        assert engine.cubeless_chances(BACKGAMMON, Side.WHITE, []) == []


class Scripted(EngineBase):
    """An engine whose fast path answers what a test scripts (bad answers among them)."""

    NAME = "scripted"
    ABILITIES = frozenset({Ability.EVALUATE})
    VARIANTS = frozenset({"backgammon"})
    DESCRIPTION = "answers scripted by a test"

    def __init__(self, answer: Callable[[list[bytes]], Sequence[Sequence[float]]]) -> None:
        super().__init__()
        self.answer = answer

    def compute_chances(
        self, variant: Any, turn: Side, states: list[bytes], limit: Limit
    ) -> Sequence[Sequence[float]]:
        return self.answer(states)


GOOD: Chances = (0.5, 0.15, 0.01, 0.12, 0.005)


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ((0.5, 0.6, 0.0, 0.0, 0.0), "win_gammon=0.6 exceeds win"),
        ((0.5, 0.1, 0.2, 0.0, 0.0), "win_backgammon"),
        ((0.8, 0.0, 0.0, 0.3, 0.0), "lose_gammon"),
        ((0.5, 0.0, 0.0, 0.2, 0.3), "lose_backgammon"),
        ((1.2, 0.0, 0.0, 0.0, 0.0), "number 0..1"),
        ((-0.1, 0.0, 0.0, 0.0, 0.0), "number 0..1"),
        ((math.nan, 0.0, 0.0, 0.0, 0.0), "number 0..1"),
        ((math.inf, 0.0, 0.0, 0.0, 0.0), "number 0..1"),
        ((0.5, 0.1), "five probabilities"),
    ],
)
def test_bad_chances_are_refused_naming_the_position(bad: tuple[float, ...], says: str) -> None:
    positions = [p for p in after_plays() if p.result() is None and p.turn is Side.WHITE][:5]
    states = [p.packed for p in positions]
    engine = Scripted(lambda states: [GOOD, GOOD, bad, GOOD, GOOD][: len(states)])
    named = f"the scripted engine's chances for {positions[2].id()}: .*{says}"
    with pytest.raises(InvalidProbabilitiesError, match=named):
        engine.cubeless_chances(BACKGAMMON, Side.WHITE, states)
    # And in a review, the first batch that meets it.
    record = load_mat(next(p for p in match_files() if " 3pt " in p.name))
    engine = Scripted(lambda states: [GOOD] * (len(states) - 1) + [bad])
    with pytest.raises(InvalidProbabilitiesError, match=f"scripted engine's chances for .*{says}"):
        review_match(record, engine)


def test_a_wrong_count_a_finished_game_and_a_closed_engine_are_refused() -> None:
    positions = [p for p in after_plays() if p.result() is None and p.turn is Side.WHITE][:3]
    states = [p.packed for p in positions]
    with pytest.raises(EngineFailedError, match="2 answers for 3 positions"):
        Scripted(lambda states: [GOOD, GOOD]).cubeless_chances(BACKGAMMON, Side.WHITE, states)
    rules = BACKGAMMON
    over = rules.from_counts({1: 1}, {}, off=(14, 15), turn=Side.WHITE)
    assert over.result() is not None
    with pytest.raises(AnalysisInputError, match=f"over in {over.id()}"):
        Scripted(lambda s: [GOOD] * len(s)).cubeless_chances(rules, Side.WHITE, [over.packed])
    with pytest.raises(AnalysisInputError, match="plays backgammon, not nackgammon"):
        Scripted(lambda s: [GOOD] * len(s)).cubeless_chances(
            nardy.find_variant("nackgammon"), Side.WHITE, states
        )
    engine = Scripted(lambda s: [GOOD] * len(s))
    engine.close()
    with pytest.raises(EngineFailedError, match="closed"):
        engine.cubeless_chances(BACKGAMMON, Side.WHITE, states)


def test_a_bad_evaluator_answer_is_a_review_error_naming_the_position() -> None:
    game = load_mat(next(p for p in match_files() if " 3pt " in p.name)).games[0]
    bad = (0.5, 0.6, 0.0, 0.0, 0.0)
    with pytest.raises(ReviewError, match=r"the evaluator's chances for \S+: win_gammon"):
        review_game(game, lambda positions: [GOOD] * (len(positions) - 1) + [bad], length=3)


# --- the batch check ----------------------------------------------------------------------


def edges() -> list[tuple[float, ...]]:
    """Answers on and around every bound of the rule, within and beyond its tolerance."""
    tol = 1e-5
    near = [0.0, tol / 2, tol - 1e-12, tol, tol + 1e-12, 2 * tol]
    out: list[tuple[float, ...]] = [GOOD]
    for d in near:
        out += [
            (1.0 + d, 0.5, 0.0, 0.0, 0.0),
            (-d, 0.0, 0.0, 0.0, 0.0),
            (0.5, 0.5 + d, 0.0, 0.0, 0.0),
            (0.5, 0.2, 0.2 + d, 0.0, 0.0),
            (0.3, 0.0, 0.0, 0.7 + d, 0.0),
            (0.5, 0.0, 0.0, 0.2, 0.2 + d),
        ]
    return out


def verdict(check: Callable[..., Any], *args: Any) -> Any:
    """What ``check(*args)`` answers, or the type of the error it raises."""
    try:
        return check(*args)
    except InvalidProbabilitiesError as exc:
        return type(exc)


def test_the_batch_check_is_as_chances_answer_by_answer() -> None:
    for answer in edges():
        one = verdict(as_chances, answer)
        assert verdict(as_chances_many, [GOOD, answer, GOOD]) == (
            one if one is InvalidProbabilitiesError else [GOOD, one, GOOD]
        )
    # Other numbers are made floats, as as_chances makes them.
    assert as_chances_many([[1, 0, 0, 0, 0]]) == [(1.0, 0.0, 0.0, 0.0, 0.0)]
    assert as_chances_many([]) == []


# --- the review -----------------------------------------------------------------------------


def slow_evaluator(engine: Any) -> Callable[[Sequence[nardy.Position]], list[Chances]]:
    """The engine's chances through an Evaluation per position (finished ones exact): the slow path."""

    def evaluate(positions: Sequence[nardy.Position]) -> list[Chances]:
        limit = Limit(cubeful=False)
        return [
            (
                final_evaluation(p, engine.info, limit)
                if p.result() is not None
                else engine.evaluate(p, limit)
            ).probabilities.as_tuple()
            for p in positions
        ]

    return evaluate


def test_the_fast_path_reviews_a_real_match_as_the_slow_path() -> None:
    with installed("gnubg-nn", "gnubg_nn") as engine:
        record = load_mat(next(p for p in match_files() if " 7pt " in p.name))
        fast = review_match(record, engine)
        slow = review_match(record, slow_evaluator(engine))
    assert len(fast.decisions) > 100
    for a, b in zip(fast.games, slow.games, strict=True):
        assert a.decisions == b.decisions
        assert a.players == b.players
    assert fast.players == slow.players
