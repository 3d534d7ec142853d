"""The match review through the engine API, with the heuristic engine (no engine package needed).

The agreement with gnubg's own analysis is in tests/test_review_gnubg.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import nardy
from analysis_support import match_files
from nardy.analysis import (
    Context,
    Limit,
    MatchReview,
    Probabilities,
    ReviewError,
    open_engine,
    review_game,
    review_match,
)
from nardy.analysis.cube import play_scores
from nardy.analysis.efficiency import cube_efficiency
from nardy.errors import AnalysisInputError
from nardy.formats.mat import load_mat
from nardy.formats.replay import MatchRecord
from nardy.game.actions import ActionKind
from nardy.game.game import Game

THREE_POINTS = next(p for p in match_files() if " 3pt " in p.name)


@pytest.fixture(scope="module")
def record() -> MatchRecord:
    return load_mat(THREE_POINTS)


def random_game(variant: str, seed: int, moves: int) -> Game:
    """A game of ``variant`` with ``moves`` random plays (or fewer, if it ends)."""
    game = Game.new(variant, rng=seed)
    choose = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game = game.roll()
        plays = game.legal_plays()
        game = game.play(plays[choose.randrange(len(plays))])
    return game


@pytest.fixture(scope="module")
def whole(record: MatchRecord) -> tuple[MatchReview, list[tuple[int, int]]]:
    """The heuristic's review of the whole match, and the progress it reported."""
    seen: list[tuple[int, int]] = []
    review = review_match(record, open_engine("heuristic"), progress=lambda *a: seen.append(a))
    return review, seen


def test_the_heuristic_reviews_a_match(whole: tuple[MatchReview, list[tuple[int, int]]]) -> None:
    review = whole[0]
    assert review.engine == open_engine("heuristic").info
    assert review.limit == Limit(cubeful=False)  # only cubeless chances are asked for
    plays = [d for d in review.decisions if d.kind == "play"]
    assert len(plays) == sum(p.moves for p in review.players)
    assert all(d.error >= 0.0 for d in review.decisions)
    # A player's checker total is the sum of his unforced plays' errors.
    for number, stats in enumerate(review.players):
        mine = [d.error for d in plays if d.player == number and d.unforced]
        assert stats.checker_error_total == pytest.approx(sum(mine))
        assert stats.unforced_moves == len(mine)


def test_a_plays_error_is_its_score_against_the_best(record: MatchRecord) -> None:
    """The first unforced error, scored again by hand from the heuristic's chances."""
    engine = open_engine("heuristic")
    review = review_match(record, engine, games={1})
    decision = next(d for d in review.decisions if d.kind == "play" and d.error > 0)
    position = nardy.Position.from_id(decision.position)
    assert decision.roll is not None
    legal = position.legal_plays(decision.roll)
    after = list(legal.resulting_positions())
    chances = [e.probabilities for e in engine.evaluate_many(after, Limit(cubeful=False))]
    context = Context(away=3, opponent_away=3)  # the first game of a 3-point match, cube centred
    scores = play_scores(chances, context, [cube_efficiency(p) for p in after])
    played = legal.find_index(decision.played)
    assert decision.error == pytest.approx(max(scores) - scores[played])
    assert legal[scores.index(max(scores))].notation() == decision.best


def test_games_chosen_keep_their_score(
    record: MatchRecord, whole: tuple[MatchReview, list[tuple[int, int]]]
) -> None:
    review = whole[0]
    last = len(record.games)
    part = review_match(record, open_engine("heuristic"), games={last})
    assert [g.number for g in part.games] == [last]
    assert part.games[0].score == review.games[-1].score != (0, 0)
    assert part.games[0].decisions == review.games[-1].decisions
    assert part.players[0].moves == review.games[-1].players[0].moves


def test_progress_counts_every_move(whole: tuple[MatchReview, list[tuple[int, int]]]) -> None:
    review, seen = whole
    moves = sum(p.moves for p in review.players)
    assert seen == [(n, moves) for n in range(1, moves + 1)]


def test_nackgammon_is_reviewed() -> None:
    game = random_game("nackgammon", 3, 12)
    review = review_game(game, open_engine("heuristic"), names=("a", "b"))
    plays = sum(1 for action in game.history if action.kind is ActionKind.PLAY)
    assert sum(p.moves for p in review.players) == plays


def test_other_variants_are_refused() -> None:
    game = Game.new("plakoto", rng=1)
    with pytest.raises(ReviewError, match=r"backgammon and nackgammon games.*not plakoto"):
        review_game(game, open_engine("heuristic"))


def test_a_plain_evaluator_and_the_engine_agree(record: MatchRecord) -> None:
    engine = open_engine("heuristic")

    def evaluator(positions: Sequence[nardy.Position]) -> list[tuple[float, ...]]:
        # The heuristic's own chances, finished positions scored by the engine's rule.
        found: list[tuple[float, ...]] = []
        for p in positions:
            if p.result() is None:
                found.append(engine.evaluate(p, Limit(cubeful=False)).probabilities.as_tuple())
            else:
                found.append(exact(p))
        return found

    game = random_game("backgammon", 5, 8)
    by_engine = review_game(game, engine, length=3)
    by_callable = review_game(game, evaluator, length=3)
    assert by_callable.decisions == by_engine.decisions
    assert by_callable.engine.name == "evaluator"


def exact(position: nardy.Position) -> tuple[float, ...]:
    """The chances of a finished position for its side on roll (the loser)."""
    result = position.result()
    assert result is not None
    level = min(max(result.points, 1), 3)
    return Probabilities.from_tuple(
        position.turn, (0.0, 0.0, 0.0, float(level >= 2), float(level >= 3))
    ).as_tuple()


def test_bad_engines_and_limits_are_refused(record: MatchRecord) -> None:
    with pytest.raises(AnalysisInputError, match="an engine"):
        review_match(record, "heuristic")  # type: ignore[arg-type]
    with pytest.raises(AnalysisInputError, match="Limit"):
        review_match(record, open_engine("heuristic"), 2)  # type: ignore[arg-type]
