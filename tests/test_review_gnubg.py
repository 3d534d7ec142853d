"""nardy.analysis against gnubg itself: its table, classes, play scores and whole-match analysis.

Each test skips without the gnubg module (and gnubg-nn where used). The
match review is compared with gnubg's own ``analyse match`` at 0-ply
(``export match text`` parsed): a bounded sample here, every match of
tests/data/mat under the ``slow`` marker.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from analysis_support import (
    GnubgAnalysis,
    gnubg_analysis,
    gnubg_evaluator,
    gnubg_module,
    gnubg_nn_evaluator,
    match_files,
    safe_name,
    to_gnubg,
)
from nardy import Position
from nardy.analysis import (
    Context,
    CubeAction,
    Limit,
    MatchReview,
    Owner,
    open_engine,
    review_match,
)
from nardy.analysis.cube import cube_equities, play_scores
from nardy.analysis.efficiency import PositionClass, cube_efficiency, position_class
from nardy.analysis.met import MAX_AWAY, kazaross_xg2, read_met
from nardy.formats.mat import load_mat
from nardy.game.actions import ActionKind

# gnubg's numbers for its classes (eval.h's positionclass).
GNUBG_CLASSES = {
    0: PositionClass.OVER,
    4: PositionClass.BEAROFF_TWO_SIDED,
    5: PositionClass.BEAROFF_TWO_SIDED,
    6: PositionClass.BEAROFF,
    7: PositionClass.BEAROFF,
    8: PositionClass.RACE,
    9: PositionClass.CRASHED,
    10: PositionClass.CONTACT,
}
STATES = [
    Context(away=5, opponent_away=4),
    Context(away=5, opponent_away=9, cube=2, owner=Owner.MOVER),
    Context(away=4, opponent_away=5, cube=2, owner=Owner.OPPONENT),
    Context(away=1, opponent_away=4),  # post-Crawford, the side on roll leads
    Context(away=5, opponent_away=1, crawford=True),
    Context(),
]


def played_positions(files: int, seed: int, n: int) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` positions and rolls played in the first ``files`` matches, drawn with ``seed``."""
    out = []
    for path in match_files(files):
        for game in load_mat(path).games:
            for state, action in zip(game.states(), game.history, strict=False):
                if action.kind is ActionKind.PLAY and action.play is not None:
                    out.append((state.position, (action.play.roll.high, action.play.roll.low)))
    random.Random(seed).shuffle(out)
    return out[:n]


def test_kazaross_table_is_gnubgs_extended_table() -> None:
    pre, post0, post1 = gnubg_module().met(MAX_AWAY)
    table = kazaross_xg2()
    for i in range(MAX_AWAY):
        assert table.post_crawford[i] == pytest.approx(post0[i], abs=1e-6)
        assert table.post_crawford[i] == pytest.approx(post1[i], abs=1e-6)
        for j in range(MAX_AWAY):
            assert table.pre_crawford[i][j] == pytest.approx(pre[i][j], abs=1e-6), (i, j)


def test_read_met_reads_gnubgs_file_as_shipped() -> None:
    gnubg = gnubg_module()
    path = Path(gnubg.__file__).parent / "data" / "met" / "Kazaross-XG2.xml"
    assert read_met(path) == kazaross_xg2()


def test_position_classes_are_gnubgs() -> None:
    gnubg = gnubg_module()
    seen = set()
    for position, roll in played_positions(20, 1, 3000):
        for after in position.legal_plays(roll).resulting_positions():
            expected = GNUBG_CLASSES[gnubg.classify(to_gnubg(after), 0)]
            assert position_class(after) is expected, after.id()
            seen.add(expected)
    assert seen == set(PositionClass)


@pytest.mark.parametrize("info", STATES, ids=str)
def test_play_scores_are_gnubgs(info: Context) -> None:
    """Every play's 0-ply score equals gnubg's own (findbestmoves), bar two-sided bear-offs in a match."""
    gnubg = gnubg_module()
    evaluate = gnubg_evaluator()
    owner = {Owner.CENTRED: -1, Owner.MOVER: 1, Owner.OPPONENT: 0}[info.owner]
    # gnubg reads only the points each side needs: the shortest match with them.
    length = max(info.away, info.opponent_away)
    score = (length - info.opponent_away, length - info.away)  # gnubg's player 1 is on roll
    cube = gnubg.cubeinfo(info.cube, owner, 1, length, score, int(info.crawford), 0)
    cube["jacoby"] = 0
    context = gnubg.evalcontext(1, 0, 1, 0, 0.0)
    checked = 0
    for position, roll in played_positions(6, 2, 60):
        after = list(position.legal_plays(roll).resulting_positions())
        if len(after) < 2 or (
            not info.money and position_class(after[0]) is PositionClass.BEAROFF_TWO_SIDED
        ):
            continue
        xs = [cube_efficiency(p) for p in after]
        mine = sorted(play_scores(evaluate(after), info, xs), reverse=True)
        found = gnubg.findbestmoves(to_gnubg(position), cube, context, roll)
        theirs = sorted((m["score"] for m in found), reverse=True)
        assert mine == pytest.approx(theirs, abs=5e-4), position.id()
        checked += 1
    assert checked > 30


def test_gnubg_nn_probabilities_are_gnubgs() -> None:
    """gnubg-nn's 0-ply net is gnubg's: the review may use either."""
    positions = [p for p, _ in played_positions(3, 3, 300)]
    for a, b in zip(gnubg_evaluator()(positions), gnubg_nn_evaluator()(positions), strict=True):
        assert a == pytest.approx(b, abs=2e-4)


def two_sided_ahead(position: Position) -> bool:
    """True when some roll from ``position`` may reach a two-sided bear-off."""
    return any(
        position_class(after) is PositionClass.BEAROFF_TWO_SIDED
        for roll in ((a, b) for a in range(1, 7) for b in range(1, a + 1))
        for after in position.legal_plays(roll).resulting_positions()
    )


def compare(path: Path, tmp_path: Path) -> tuple[MatchReview, dict[str, dict[str, float]]]:
    """Review ``path`` and check it against gnubg's analysis; the review and gnubg's totals.

    Outside two-sided bear-offs every play's luck and error agree within
    0.005 EMG and every cube error is gnubg's; each player's counts agree
    (the close cube decisions up to those in two-sided bear-offs), and his
    checker, luck and cube totals differ from gnubg's by exactly what the
    decisions in two-sided bear-offs differ by (gnubg reads its two-sided
    database there: see the guide), within 2e-3 EMG of 5-digit rounding.
    """
    theirs = gnubg_analysis(path, tmp_path)
    record = load_mat(path)
    pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed")
    with open_engine("gnubg-nn") as engine:
        review = review_match(record, engine)
    assert review.engine.name == "gnubg-nn"
    assert review.limit == Limit(cubeful=False)
    names = record.players
    near = checker_differences(review, theirs, names)
    cube_gap, near_cube = cube_differences(review, theirs, names)
    for stats in review.players:
        total = theirs.totals[stats.name]
        assert stats.moves == total["moves"]
        assert stats.unforced_moves == total["unforced"]
        assert stats.cube_decisions == total["cube decisions"]
        close_gap = abs(stats.close_cube_decisions - total["close"])
        assert close_gap <= near_cube.get(stats.name, 0), (stats.name, "close")
        luck_gap, error_gap = near.get(stats.name, (0.0, 0.0))
        for mine_total, key, gap in (
            (stats.checker_error_total, "checker", error_gap),
            (stats.luck_total, "luck", luck_gap),
            (stats.cube_error_total, "cube", cube_gap.get(stats.name, 0.0)),
        ):
            assert mine_total - total[key] == pytest.approx(gap, abs=2e-3), (stats.name, key)
    return review, theirs.totals


def checker_differences(
    review: MatchReview, theirs: GnubgAnalysis, names: tuple[str, str]
) -> dict[str, tuple[float, float]]:
    """Check every play outside two-sided bear-offs; each player's luck and error gaps inside them."""
    plays = [d for d in review.decisions if d.kind == "play"]
    moves = [m for m in theirs.moves if m.luck is not None]
    mine = [d for d in plays if (names[d.player], d.roll) in {(m.player, m.roll) for m in moves}]
    assert [(names[d.player], d.roll) for d in mine][: len(moves)] == [
        (m.player, m.roll) for m in moves
    ][: len(mine)]
    gaps: dict[str, tuple[float, float]] = {}
    for d, m in zip(mine, moves, strict=False):
        error = 0.0 if m.error is None else d.error - m.error
        assert d.luck is not None, d  # every play has its roll's luck
        luck = d.luck - (m.luck or 0.0)  # (moves holds those with a luck)
        if two_sided_ahead(Position.from_id(d.position)):
            luck_gap, error_gap = gaps.get(m.player, (0.0, 0.0))
            gaps[m.player] = (luck_gap + luck, error_gap + error)
            continue  # gnubg derives x there from its two-sided database (see the guide)
        assert luck == pytest.approx(0.0, abs=0.005), d
        assert error == pytest.approx(0.0, abs=0.005), d
    return gaps


def cube_differences(
    review: MatchReview, theirs: GnubgAnalysis, names: tuple[str, str]
) -> tuple[dict[str, float], dict[str, int]]:
    """Match the cube errors one by one: those left over are all in two-sided bear-offs.

    Returns each player's cube error gap (nardy's left over less gnubg's)
    and his count of cube decisions in two-sided bear-offs.
    """
    mine = [d for d in review.decisions if d.kind != "play" and d.error > 1e-4]
    near = [
        d
        for d in review.decisions
        if d.kind != "play"
        and position_class(Position.from_id(d.position)) is PositionClass.BEAROFF_TWO_SIDED
    ]
    gaps: dict[str, float] = {}
    for game, player, error in (e for e in theirs.cube_errors if e[2] > 1e-4):
        same = [d for d in mine if (d.game, names[d.player]) == (game, player)]
        found = [d for d in same if abs(d.error - error) < 2e-4]
        if found:
            mine.remove(found[0])
            continue
        assert any((d.game, names[d.player]) == (game, player) for d in near), (game, player)
        gaps[player] = gaps.get(player, 0.0) - error
    for d in mine:
        assert d in near, d
        gaps[names[d.player]] = gaps.get(names[d.player], 0.0) + d.error
    counts: dict[str, int] = {}
    for d in near:
        counts[names[d.player]] = counts.get(names[d.player], 0) + 1
    return gaps, counts


# Three matches, and two whose totals differ from gnubg's by their two-sided
# bear-offs (checker, luck and cube).
SAMPLE = [p for p in match_files() if "Kabrus 7pt" in p.name or " 3pt " in p.name][:3] + [
    p for p in match_files() if p.name.startswith(("lionheart - Llabba", "match9665595"))
]


@pytest.mark.parametrize("path", SAMPLE, ids=safe_name)
def test_review_matches_gnubgs_analysis(path: Path, tmp_path: Path) -> None:
    compare(path, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("path", match_files(), ids=safe_name)
def test_review_matches_gnubgs_analysis_every_match(path: Path, tmp_path: Path) -> None:
    compare(path, tmp_path)


IANDAURCA = next(p for p in match_files() if "Iandaurca" in p.name)


def test_cube_decisions_one_by_one_in_llabba_iandaurca(tmp_path: Path) -> None:
    """Every cube error gnubg charges is nardy's, but one: a last-roll two-sided bear-off.

    There (game 8, Llabba 3 away owning a 2-cube, 88% to bear off now)
    gnubg's exact two-sided database leaves the cube no life (efficiency
    0): the missed redouble costs 0.2315 EMG, the whole difference of
    Llabba's cube total (0.544 against 0.313). nardy's 0.6 for every
    bear-off makes not doubling right; with efficiency 0 nardy's model
    gives gnubg's three equities.
    """
    theirs = gnubg_analysis(IANDAURCA, tmp_path)
    record = load_mat(IANDAURCA)
    pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed")
    with open_engine("gnubg-nn") as engine:
        review = review_match(record, engine)
        names = record.players
        mine = [
            (d.game, names[d.player], d.error, d.position)
            for d in review.decisions
            if d.kind != "play" and d.error > 1e-4
        ]
        unmatched = []
        for game, player, error in (e for e in theirs.cube_errors if e[2] > 1e-4):
            found = [m for m in mine if m[:2] == (game, player) and abs(m[2] - error) < 2e-4]
            if found:
                mine.remove(found[0])
            else:
                unmatched.append((game, player, error))
        assert mine == []  # nardy charges nothing gnubg does not
        assert [u[:2] for u in unmatched] == [(8, "Llabba")]
        missed = unmatched[0][2]
        decision = next(
            d
            for d in review.decisions
            if d.game == 8
            and d.kind == "no double"
            and names[d.player] == "Llabba"
            and position_class(Position.from_id(d.position)) is PositionClass.BEAROFF_TWO_SIDED
            and d.best == CubeAction.NO_DOUBLE.value
            and engine.evaluate(Position.from_id(d.position)).probabilities.win > 0.85
        )
        position = Position.from_id(decision.position)
        chances = engine.evaluate(position).probabilities
    context = Context(away=3, opponent_away=8, cube=2, owner=Owner.MOVER)
    nd, dt, dp = cube_equities(chances, context, 0.0)
    assert CubeAction.of(nd, dt, dp) is CubeAction.DOUBLE_PASS
    assert dp - nd == pytest.approx(missed, abs=1e-4)
    ours = review.players[names.index("Llabba")].cube_error_total
    assert ours + missed == pytest.approx(theirs.totals["Llabba"]["cube"], abs=1e-3)
