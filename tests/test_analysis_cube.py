"""nardy.analysis without an engine: the MET, the cube model's formulas and the review's shape.

The agreement with gnubg itself is in tests/test_analysis_gnubg.py.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from analysis_support import match_files
from nardy import Position
from nardy.analysis.cube import (
    CubeAction,
    CubeInfo,
    CubeOwner,
    cube_decision,
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
from nardy.analysis.review import review_match
from nardy.errors import MatchEquityTableError, MatchStateError, ProbabilitiesError, ReviewError
from nardy.formats.mat import load_mat

P = (0.6, 0.2, 0.01, 0.1, 0.005)
NO_GAMMONS = (0.7, 0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"length": 5, "score": (5, 0)}, "past"),
        ({"cube": 3}, "power of two"),
        ({"length": 7, "score": (2, 3), "crawford": True}, "Crawford"),
        ({"length": 7, "jacoby": True}, "money-play"),
        ({"score": (1, 0)}, "money play"),
        ({"length": -1}, "length"),
    ],
)
def test_impossible_states_are_refused(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(MatchStateError, match=field):
        CubeInfo(**kwargs)  # type: ignore[arg-type]


def test_bad_probabilities_are_refused() -> None:
    with pytest.raises(ProbabilitiesError):
        cubeless_equity((0.5, 0.1, 0.2, 0.1, 0.0), CubeInfo())  # backgammons above gammons
    with pytest.raises(ProbabilitiesError):
        cubeless_equity((0.5, 0.1), CubeInfo())


def test_flip_twice_is_identity_and_negates_money_equity() -> None:
    assert flip(flip(P)) == P
    assert cubeless_equity(flip(P), CubeInfo()) == pytest.approx(-cubeless_equity(P, CubeInfo()))


def test_dead_cube_is_cubeless() -> None:
    """Efficiency 0 leaves the cubeless equity, in money and in a match."""
    for info in (CubeInfo(), CubeInfo(7, (1, 2)), CubeInfo(7, (1, 2), 2, CubeOwner.OPPONENT)):
        assert cubeful_equity(P, info, 0.0) == pytest.approx(cubeless_equity(P, info))


def test_janowski_money_by_hand() -> None:
    # No gammons: take point 0.2, cash point 0.8; at 70% a live centred cube
    # is worth -1 + 2 (0.7 - 0.2) / 0.6 = 2/3, the dead one 0.4.
    assert cubeful_equity(NO_GAMMONS, CubeInfo(), 1.0) == pytest.approx(2 / 3)
    assert cubeful_equity(NO_GAMMONS, CubeInfo(), 0.5) == pytest.approx((2 / 3 + 0.4) / 2)
    # Owned: from -1 at 0 to +1 at the cash point 0.8.
    owned = CubeInfo(owner=CubeOwner.MOVER)
    assert cubeful_equity(NO_GAMMONS, owned, 1.0) == pytest.approx(-1 + 2 * 0.7 / 0.8)


def test_money_cube_decisions_by_hand() -> None:
    # At 85% without gammons, double/take is worth 2 (-1 + 2 x 0.65 / 0.8) = 1.25 > 1: a pass.
    decision = cube_decision((0.85, 0, 0, 0, 0), CubeInfo(), 1.0)
    assert decision.double_take == pytest.approx(1.25)
    assert decision.action is CubeAction.DOUBLE_PASS
    assert decision.take_error() == pytest.approx(-0.25)
    assert decision.pass_error() == 0.0
    assert cube_decision((0.5, 0, 0, 0, 0), CubeInfo(), 0.7).action is CubeAction.NO_DOUBLE
    opponents = cube_decision((0.85, 0, 0, 0, 0), CubeInfo(owner=CubeOwner.OPPONENT), 1.0)
    assert opponents.action is CubeAction.NOT_AVAILABLE
    assert opponents.optimal == opponents.no_double


def test_beaver_when_allowed() -> None:
    info = CubeInfo(beavers=True)
    decision = cube_decision((0.45, 0, 0, 0, 0), info, 0.7)
    assert decision.action is CubeAction.NO_DOUBLE_BEAVER
    assert cube_decision((0.45, 0, 0, 0, 0), CubeInfo(), 0.7).action is CubeAction.NO_DOUBLE


def test_emg_and_mwc_are_inverse_and_anchored() -> None:
    info = CubeInfo(7, (2, 4), 2, CubeOwner.MOVER)
    table = kazaross_xg2()
    win = table.mwc(7 - 2 - 2, 7 - 4, post_crawford=False)
    lose = table.mwc(7 - 2, 7 - 4 - 2, post_crawford=False)
    assert equity_to_mwc(1.0, info) == pytest.approx(win)
    assert equity_to_mwc(-1.0, info) == pytest.approx(lose)
    assert mwc_to_equity(equity_to_mwc(0.3, info), info) == pytest.approx(0.3)
    with pytest.raises(MatchStateError):
        equity_to_mwc(0.0, CubeInfo())


def test_match_cube_bounds() -> None:
    """Cubeful MWC lies between losing and winning the most a game can give."""
    info = CubeInfo(9, (3, 5))
    for p in (P, NO_GAMMONS, (0.1, 0.0, 0.0, 0.6, 0.1), (0.99, 0.9, 0.5, 0.0, 0.0)):
        for x in (0.0, 0.5, 1.0):
            assert 0.0 <= cubeful_mwc(p, info, x) <= 1.0


def test_crawford_cube_is_dead_and_not_available() -> None:
    info = CubeInfo(5, (4, 2), crawford=True)
    assert not info.can_double
    assert not info.cube_alive
    assert cubeful_mwc(P, info, 1.0) == pytest.approx(equity_to_mwc(cubeless_equity(P, info), info))
    post = CubeInfo(5, (4, 2))
    assert not post.can_double  # the leader after the Crawford game
    assert post.flipped().can_double  # the trailer


def test_play_scores_negate_the_opponents_equity() -> None:
    """With a dead cube the opponent cannot use, a play's score is minus his cubeless equity."""
    info = CubeInfo(owner=CubeOwner.MOVER)
    theirs = info.flipped()
    assert play_scores([P], info, [0.0]) == pytest.approx([-cubeless_equity(P, theirs)])
    # Centred, he may double even a dead cube: doubled stakes, his 2 x 0.305 (no pass at 0.61).
    assert play_scores([P], CubeInfo(), [0.0]) == pytest.approx([-2 * 0.305])
    with pytest.raises(ProbabilitiesError):
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
