"""nardy.analysis without an engine: the MET, the cube model's formulas and the review's shape.

The agreement with gnubg itself is in tests/test_review_gnubg.py.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

import nardy.analysis
from analysis_support import match_files
from nardy import Position
from nardy.analysis import CubeAction, Probabilities, open_engine
from nardy.analysis.context import Context, Owner
from nardy.analysis.cube import (
    cube_equities,
    cubeful_equity,
    cubeful_mwc,
    cubeless_equity,
    equity_to_mwc,
    flip,
    mwc_to_equity,
    play_scores,
)
from nardy.analysis.efficiency import EFFICIENCIES, PositionClass, cube_efficiency, position_class
from nardy.analysis.met import MatchEquityTable, kazaross_xg2, read_met
from nardy.analysis.model import model_cube
from nardy.analysis.review import review_match
from nardy.errors import (
    InvalidProbabilitiesError,
    MatchEquityTableError,
    MatchStateError,
    ReviewError,
)
from nardy.formats.mat import load_mat

P = (0.6, 0.2, 0.01, 0.1, 0.005)
NO_GAMMONS = (0.7, 0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"away": 0, "opponent_away": 5}, "both away counts 0"),
        ({"away": 65, "opponent_away": 1}, "away is 0"),
        ({"away": 3, "opponent_away": -1}, "opponent_away"),
        ({"cube": 3}, "power of two"),
        ({"away": 5, "opponent_away": 4, "crawford": True}, "Crawford"),
        ({"away": 7, "opponent_away": 7, "jacoby": True}, "money-play"),
        ({"crawford": True}, "money play has no Crawford"),
    ],
)
def test_impossible_states_are_refused(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(MatchStateError, match=field):
        Context(**kwargs)  # type: ignore[arg-type]


def test_bad_probabilities_are_refused() -> None:
    with pytest.raises(InvalidProbabilitiesError):
        cubeless_equity((0.5, 0.1, 0.2, 0.1, 0.0), Context())  # backgammons above gammons
    with pytest.raises(InvalidProbabilitiesError):
        cubeless_equity((0.5, 0.1), Context())
    with pytest.raises(InvalidProbabilitiesError):
        cubeless_equity((1.5, 0.1, 0.0, 0.0, 0.0), Context())


def test_flip_twice_is_identity_and_negates_money_equity() -> None:
    assert flip(flip(P)) == P
    assert cubeless_equity(flip(P), Context()) == pytest.approx(-cubeless_equity(P, Context()))


def test_dead_cube_is_cubeless() -> None:
    """Efficiency 0 leaves the cubeless equity, in money and in a match."""
    for info in (
        Context(),
        Context(away=6, opponent_away=5),
        Context(away=6, opponent_away=5, cube=2, owner=Owner.OPPONENT),
    ):
        assert cubeful_equity(P, info, 0.0) == pytest.approx(cubeless_equity(P, info))


def test_janowski_money_by_hand() -> None:
    # No gammons: take point 0.2, cash point 0.8; at 70% a live centred cube
    # is worth -1 + 2 (0.7 - 0.2) / 0.6 = 2/3, the dead one 0.4.
    assert cubeful_equity(NO_GAMMONS, Context(), 1.0) == pytest.approx(2 / 3)
    assert cubeful_equity(NO_GAMMONS, Context(), 0.5) == pytest.approx((2 / 3 + 0.4) / 2)
    # Owned: from -1 at 0 to +1 at the cash point 0.8.
    owned = Context(owner=Owner.MOVER)
    assert cubeful_equity(NO_GAMMONS, owned, 1.0) == pytest.approx(-1 + 2 * 0.7 / 0.8)


def test_money_cube_decisions_by_hand() -> None:
    # At 85% without gammons, double/take is worth 2 (-1 + 2 x 0.65 / 0.8) = 1.25 > 1: a pass.
    nd, dt, dp = cube_equities((0.85, 0, 0, 0, 0), Context(), 1.0)
    assert dt == pytest.approx(1.25)
    assert dp == 1.0
    assert CubeAction.of(nd, dt, dp) is CubeAction.DOUBLE_PASS
    assert CubeAction.of(*cube_equities((0.5, 0, 0, 0, 0), Context(), 0.7)) is CubeAction.NO_DOUBLE


def test_cube_decision_errors_are_costs() -> None:
    """The model's decision charges each action what it costs against the right one."""
    engine = open_engine("heuristic").info
    start = Position.from_id(_start_id())
    chances = Probabilities.from_tuple(start.turn, (0.85, 0, 0, 0, 0))
    decision = model_cube(start, chances, Context(), engine, engine_limit())
    assert decision.action is CubeAction.DOUBLE_PASS
    assert decision.equity == 1.0  # a pass: the cube's value
    # The opening position's efficiency 0.76: double/take is 0.76 of the live
    # cube's 1.25 and 0.24 of the dead cube's 2 x 0.7 = 1.4; a take costs it less 1.
    assert decision.take_error() == pytest.approx(0.76 * 1.25 + 0.24 * 1.4 - 1.0)
    assert decision.pass_error() == 0.0
    assert decision.double_error() == 0.0
    assert decision.no_double_error() == pytest.approx(1.0 - decision.no_double)
    opponents = model_cube(start, chances, Context(owner=Owner.OPPONENT), engine, engine_limit())
    assert opponents.action is CubeAction.NOT_AVAILABLE
    assert not opponents.available
    assert opponents.equity == opponents.no_double
    assert opponents.no_double_error() == 0.0


def engine_limit() -> nardy.analysis.Limit:
    return nardy.analysis.Limit()


def test_beaver_when_allowed() -> None:
    info = Context(beaver=True)
    equities = cube_equities((0.45, 0, 0, 0, 0), info, 0.7)
    assert CubeAction.of(*equities, beaver=True) is CubeAction.NO_DOUBLE_BEAVER
    assert CubeAction.of(*cube_equities((0.45, 0, 0, 0, 0), Context(), 0.7)) is (
        CubeAction.NO_DOUBLE
    )


def test_emg_and_mwc_are_inverse_and_anchored() -> None:
    info = Context(away=5, opponent_away=3, cube=2, owner=Owner.MOVER)
    table = kazaross_xg2()
    win = table.mwc(7 - 2 - 2, 7 - 4, post_crawford=False)
    lose = table.mwc(7 - 2, 7 - 4 - 2, post_crawford=False)
    assert equity_to_mwc(1.0, info) == pytest.approx(win)
    assert equity_to_mwc(-1.0, info) == pytest.approx(lose)
    assert mwc_to_equity(equity_to_mwc(0.3, info), info) == pytest.approx(0.3)
    with pytest.raises(MatchStateError):
        equity_to_mwc(0.0, Context())


def test_match_cube_bounds() -> None:
    """Cubeful MWC lies between losing and winning the most a game can give."""
    info = Context(away=6, opponent_away=4)
    for p in (P, NO_GAMMONS, (0.1, 0.0, 0.0, 0.6, 0.1), (0.99, 0.9, 0.5, 0.0, 0.0)):
        for x in (0.0, 0.5, 1.0):
            assert 0.0 <= cubeful_mwc(p, info, x) <= 1.0


def test_crawford_cube_is_dead_and_not_available() -> None:
    info = Context(away=1, opponent_away=3, crawford=True)
    assert not info.may_double
    assert not info.cube_alive
    assert cubeful_mwc(P, info, 1.0) == pytest.approx(equity_to_mwc(cubeless_equity(P, info), info))
    post = Context(away=1, opponent_away=3)
    assert not post.may_double  # the leader after the Crawford game
    assert post.flipped().may_double  # the trailer
    assert "already wins" in post.why_not_double()
    # A cube as big as the points it needs: doubling could not gain it anything.
    assert not Context(away=2, opponent_away=5, cube=2, owner=Owner.MOVER).may_double
    assert Context(away=3, opponent_away=5, cube=2, owner=Owner.MOVER).may_double


def test_play_scores_negate_the_opponents_equity() -> None:
    """With a dead cube the opponent cannot use, a play's score is minus his cubeless equity."""
    info = Context(owner=Owner.MOVER)
    theirs = info.flipped()
    assert play_scores([P], info, [0.0]) == pytest.approx([-cubeless_equity(P, theirs)])
    # Centred, he may double even a dead cube: doubled stakes, his 2 x 0.305 (no pass at 0.61).
    assert play_scores([P], Context(), [0.0]) == pytest.approx([-2 * 0.305])
    with pytest.raises(InvalidProbabilitiesError):
        play_scores([P], info, [])


def test_met_from_rows_checks_its_input(tmp_path: Path) -> None:
    with pytest.raises(MatchEquityTableError, match="square"):
        MatchEquityTable.from_rows("t", [[0.5, 0.6]], [0.5])
    with pytest.raises(MatchEquityTableError, match="chance"):
        MatchEquityTable.from_rows("t", [[1.5]], [0.5])
    small = MatchEquityTable.from_rows("t", [[0.5, 0.7], [0.3, 0.5]], [0.5])
    assert small.mwc(1, 2, post_crawford=False) == 0.7
    assert small.mwc(0, 2, post_crawford=False) == 1.0
    assert small.mwc(2, 0, post_crawford=False) == 0.0
    assert 0.0 < small.mwc(40, 3, post_crawford=False) < 0.5  # extended
    with pytest.raises(MatchEquityTableError, match="64"):
        small.mwc(65, 3, post_crawford=False)
    bad = tmp_path / "bad.xml"
    bad.write_text("<met><info/></met>")
    with pytest.raises(MatchEquityTableError, match=r"bad\.xml"):
        read_met(bad)
    with pytest.raises(MatchEquityTableError):
        read_met(tmp_path / "missing.xml")


def test_position_classes_and_efficiencies() -> None:
    start = Position.from_id(_start_id())
    assert position_class(start) is PositionClass.CONTACT
    assert cube_efficiency(start) == EFFICIENCIES.contact
    race = Position(
        "backgammon", [0, 0, 0, 0, 0, 5, 0, 5, 0, 0, 0, 0, 5] + [0] * 4 + [-15] + [0] * 6
    )
    assert position_class(race) is PositionClass.RACE
    # 30 + 40 + 65 = 135 pips: 0.6 + 0.0025 x 135 = 0.9375, kept at 0.8.
    assert cube_efficiency(race) == pytest.approx(0.8)
    home = Position("backgammon", [3, 3] + [0] * 20 + [-3, -3], off=(9, 9))
    assert position_class(home) is PositionClass.BEAROFF_TWO_SIDED
    with pytest.raises(Exception, match="backgammon"):
        position_class(Position.from_id(_start_id("long-nardy")))


def _start_id(variant: str = "backgammon") -> str:
    import nardy

    return nardy.find_variant(variant).starting_position().id()


def constant(positions: Sequence[Position]) -> list[tuple[float, float, float, float, float]]:
    """An evaluator that finds every position even: every play scores alike."""
    return [(0.5, 0.1, 0.0, 0.1, 0.0)] * len(positions)


def test_review_shape_with_a_constant_evaluator() -> None:
    path = next(p for p in match_files() if " 3pt " in p.name)
    record = load_mat(path)
    review = review_match(record, constant)
    data = json.loads(review.to_json())
    keys = {"name", "checker_error_total", "checker_error_rate", "cube_error_total"}
    keys |= {"luck_total", "luck_rate", "pr"}
    assert [p["name"] for p in data["players"]] == list(record.players)
    assert all(keys <= set(p) for p in data["players"])
    plays = [d for d in review.decisions if d.kind == "play"]
    assert len(plays) == sum(p.moves for p in review.players) > 10
    assert all(d.error == 0.0 and d.luck == pytest.approx(0.0, abs=1e-12) for d in plays)
    assert review.to_csv().splitlines()[0].startswith("game,player,kind,roll")
    assert record.players[0] in review.to_text()


def test_review_refuses_a_bad_evaluator() -> None:
    record = load_mat(next(p for p in match_files() if " 3pt " in p.name))
    with pytest.raises(ReviewError, match="answers"):
        review_match(record, lambda positions: [])
    with pytest.raises(ReviewError):
        review_match(record, lambda positions: [(0.5, 0.1)] * len(positions))
