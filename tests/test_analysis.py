"""nardy.analysis without any engine package: the values, the registry and the heuristic engine."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

import nardy
from nardy import Side
from nardy.analysis import (
    Ability,
    AnalysisInputError,
    CubeAction,
    EngineFailedError,
    EngineNotInstalledError,
    Limit,
    Probabilities,
    UnknownEngineError,
    UnsupportedAnalysisError,
    open_engine,
    play_match,
)
from nardy.analysis.backends.heuristic import keith_count, race_win_chance
from nardy.analysis.boards import gnubg_board, index_of_moves, index_of_state, moves_notation
from nardy.analysis.context import Context, context_of
from nardy.analysis.cube import cube_equities, cubeless_equity, equity_to_mwc, on_roll_equity
from nardy.analysis.efficiency import cube_efficiency
from nardy.analysis.met import kazaross_xg2
from nardy.errors import EnginePlayError, InvalidLimitError, InvalidProbabilitiesError
from nardy.game.id_state import MatchState

BG = nardy.find_variant("backgammon")
START = BG.starting_position()


def chances(side: Side = Side.WHITE) -> Probabilities:
    return Probabilities(
        side=side,
        win=0.6,
        win_gammon=0.2,
        win_backgammon=0.05,
        lose_gammon=0.1,
        lose_backgammon=0.01,
    )


# --- values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("plies", -1),
        ("plies", 8),
        ("plies", True),
        ("plies", 1.0),
        ("trials", 0),
        ("truncation", -1),
        ("seed", -5),
        ("threads", 0),
        ("cubeful", 1),
    ],
)
def test_a_bad_limit_is_refused_naming_the_field(field: str, value: object) -> None:
    with pytest.raises(InvalidLimitError, match=f"Limit.{field}"):
        Limit(**{field: value})  # type: ignore[arg-type]


def test_limit_replace_validates_again() -> None:
    assert Limit().replace(plies=2).plies == 2
    with pytest.raises(InvalidLimitError):
        Limit().replace(threads=0)


@pytest.mark.parametrize(
    "values",
    [
        (1.2, 0, 0, 0, 0),
        (-0.1, 0, 0, 0, 0),
        (0.5, 0.6, 0, 0, 0),  # a gammon more likely than a win
        (0.5, 0.2, 0.3, 0, 0),  # a backgammon more likely than a gammon
        (0.8, 0, 0, 0.3, 0),  # lose_gammon above 1 - win
        (0.5, 0, 0, 0.2, 0.3),
    ],
)
def test_impossible_chances_are_refused(values: tuple[float, ...]) -> None:
    with pytest.raises(InvalidProbabilitiesError):
        Probabilities.from_tuple(Side.WHITE, values)


def test_chances_in_rounding_distance_are_accepted() -> None:
    p = Probabilities.from_tuple(Side.WHITE, (1.000001, 0.5, 0.0, 0.0, 0.0))
    assert p.win == 1.000001


def test_cubeless_equity_counts_single_gammon_backgammon() -> None:
    # Outcome by outcome: win single 0.4, gammon 0.15, backgammon 0.05;
    # lose single 0.3, gammon 0.09, backgammon 0.01.
    expected = 0.4 + 2 * 0.15 + 3 * 0.05 - 0.3 - 2 * 0.09 - 3 * 0.01
    assert chances().cubeless_equity == pytest.approx(expected)


def test_flipped_is_the_other_sides_view() -> None:
    p = chances()
    q = p.flipped()
    assert q.side is Side.BLACK
    assert q.as_tuple() == pytest.approx((0.4, 0.1, 0.01, 0.2, 0.05))
    assert q.cubeless_equity == pytest.approx(-p.cubeless_equity)
    assert q.flipped() == p
    assert p.for_side(Side.WHITE) is p
    assert p.for_side(Side.BLACK) == q


@pytest.mark.parametrize(
    ("nd", "dt", "dp", "beaver", "action"),
    [
        (0.3, 0.2, 1.0, False, CubeAction.NO_DOUBLE),
        (0.5, 0.7, 1.0, False, CubeAction.DOUBLE_TAKE),
        (0.8, 1.3, 1.0, False, CubeAction.DOUBLE_PASS),
        (1.2, 1.5, 1.0, False, CubeAction.TOO_GOOD_PASS),
        (1.2, 0.9, 1.0, False, CubeAction.TOO_GOOD_TAKE),
        (-0.3, -0.5, 1.0, True, CubeAction.NO_DOUBLE_BEAVER),
        (-0.3, -0.5, 1.0, False, CubeAction.NO_DOUBLE),
        (-0.3, -0.1, 1.0, True, CubeAction.DOUBLE_BEAVER),
    ],
)
def test_cube_action_of_three_equities(
    nd: float, dt: float, dp: float, beaver: bool, action: CubeAction
) -> None:
    assert CubeAction.of(nd, dt, dp, beaver=beaver) is action


def test_cube_action_says_who_doubles_and_takes() -> None:
    assert CubeAction.DOUBLE_TAKE.doubles
    assert CubeAction.DOUBLE_TAKE.takes
    assert CubeAction.DOUBLE_PASS.doubles
    assert not CubeAction.DOUBLE_PASS.takes
    assert not CubeAction.TOO_GOOD_PASS.doubles
    assert not CubeAction.TOO_GOOD_PASS.takes


# --- the registry ------------------------------------------------------------------------


def test_an_unknown_engine_lists_the_names() -> None:
    with pytest.raises(UnknownEngineError, match="heuristic, sage, gnubg-nn, gnubg"):
        open_engine("stockfish")


def test_a_missing_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def hide(name: str, *args: object) -> object:
        return None if name in ("bgsage", "gnubg_nn") else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", hide)
    with pytest.raises(EngineNotInstalledError, match=r"pip install 'nardy\[sage\]'"):
        open_engine("sage")
    with pytest.raises(EngineNotInstalledError, match=r"pip install 'nardy\[gnubg\]'"):
        open_engine("gnubg_nn")  # an alias


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(AnalysisInputError, match="no option depth"):
        open_engine("heuristic", depth=3)


def test_importing_nardy_analysis_imports_no_engine() -> None:
    code = (
        "import sys, nardy, nardy.analysis; "
        "print(sorted(m for m in ('gnubg', 'gnubg_nn', 'bgsage', 'numpy', 'bgbot_cpp') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- boards and plays ---------------------------------------------------------------------


def test_an_engine_play_that_is_not_legal_is_refused() -> None:
    plays = START.legal_plays((3, 1))
    with pytest.raises(EnginePlayError, match="demo-engine engine answered '24/20 24/22'"):
        index_of_moves(plays, (24, 20, 24, 22), "demo-engine")
    with pytest.raises(EnginePlayError, match="not one of the 16 legal plays"):
        index_of_state(plays, START.raw, "demo-engine")
    assert plays[index_of_moves(plays, (8, 5, 6, 5), "x")].notation() == "8/5 6/5"


def test_gnubg_moves_read_bar_and_off() -> None:
    assert moves_notation((25, 22, 6, 0)) == "bar/22 6/off"
    assert moves_notation((13, 10, -1, -1)) == "13/10"


# --- the heuristic ----------------------------------------------------------------------------


@pytest.fixture
def heuristic() -> nardy.analysis.Engine:
    return open_engine("heuristic")


@pytest.mark.parametrize("name", nardy.variant_names())
def test_the_heuristic_ranks_every_legal_play_in_every_variant(
    heuristic: nardy.analysis.Engine, name: str
) -> None:
    variant = nardy.find_variant(name)
    position = variant.starting_position()
    roll = (6, 5, 4) if variant.dice == 3 else (6, 5)
    legal = position.legal_plays(roll)
    hint = heuristic.rank_plays(position, roll)
    assert sorted(legal.index(r.play) for r in hint) == list(range(len(legal)))
    losses = [r.loss for r in hint]
    assert losses[0] == 0
    assert losses == sorted(losses)
    for ranked in hint:
        assert ranked.evaluation.side is position.turn
        assert ranked.position == legal.resulting_position(ranked.play)
        assert ranked.loss == pytest.approx(hint.best.equity - ranked.equity)
    assert heuristic.info.plays(name)
    assert not heuristic.info.can(Ability.ROLLOUT)


def test_keith_count_by_hand() -> None:
    # White: 3 on its 1-point, 3 on its 2-point, 5 on its 3-point, 4 on its 6-point;
    # black: 15 spread on its 7..9-points. No contact.
    position = BG.position([3, 3, 5, 0, 0, 4] + [0] * 9 + [-5, -5, -5] + [0] * 6)
    pips = 3 * 1 + 3 * 2 + 5 * 3 + 4 * 6
    # +2 for each of 2 extra on the 1-point, +1 each for 2 extra on the 2-point,
    # +1 each for 2 beyond the third on the 3-point, +1 for each empty 4 and 5.
    assert keith_count(position, Side.WHITE) == pips + 4 + 2 + 2 + 2
    assert keith_count(position, Side.BLACK) == 5 * 7 + 5 * 8 + 5 * 9 + 3
    assert race_win_chance(position) > 0.99


def test_the_race_chance_falls_as_the_roller_falls_behind() -> None:
    chances = []
    for extra in range(0, 30, 3):
        # White's last checkers further back: its count grows, its chance falls.
        board = [3, 3, 3, 3, 0, 0] + [0] * 3 + [0] * 9 + [-3] * 5 + [0]
        board[6 + extra // 3] = 3
        chances.append(race_win_chance(BG.position(board)))
    assert chances == sorted(chances, reverse=True)


def test_the_heuristic_evaluates_for_the_side_on_roll_and_flips(
    heuristic: nardy.analysis.Engine,
) -> None:
    evaluation = heuristic.evaluate(START)
    assert evaluation.side is Side.WHITE
    # Its cubeful equity is the cube model's over its chances (it has none of its own).
    assert heuristic.info.modelled >= {Ability.CUBEFUL, Ability.CUBE_MONEY, Ability.CUBE_MATCH}
    assert not heuristic.info.own(Ability.CUBEFUL)
    efficiency = cube_efficiency(START)
    assert evaluation.cubeful_equity == pytest.approx(
        on_roll_equity(evaluation.probabilities, Context(), efficiency)
    )
    assert evaluation.limit.cubeful is True
    assert evaluation.match_winning_chance is None  # money play
    cubeless = heuristic.evaluate(START, Limit(cubeful=False))
    assert cubeless.cubeful_equity is None
    assert cubeless.limit.cubeful is False  # the limit actually used
    # The same checkers, colours swapped: the same chances, for black.
    mirror = BG.position(list(START.board), turn=Side.BLACK)
    other = heuristic.evaluate(mirror)
    assert other.side is Side.BLACK
    assert other.probabilities.as_tuple() == evaluation.probabilities.as_tuple()
    assert evaluation.for_side(Side.BLACK).probabilities == evaluation.probabilities.flipped()


def test_a_play_that_ends_the_game_is_a_certain_win(heuristic: nardy.analysis.Engine) -> None:
    position = BG.position([1] + [0] * 17 + [-15] + [0] * 5, off=[14, 0])
    best = heuristic.best_play(position, (6, 5))
    assert best.play.notation() == "1/off"
    assert best.evaluation.probabilities.as_tuple() == (1.0, 1.0, 0.0, 0.0, 0.0)


def test_match_winning_chances_in_a_match(heuristic: nardy.analysis.Engine) -> None:
    """In a match every evaluation has its MWC: the cubeful equity through the table."""
    match = MatchState(length=5, score=(1, 3))  # white, on roll, 4 away; black 2 away
    context = Context(away=4, opponent_away=2)
    evaluation = heuristic.evaluate(START, match=match)
    assert evaluation.cubeful_equity is not None
    mwc = equity_to_mwc(evaluation.cubeful_equity, context)
    assert evaluation.match_winning_chance == pytest.approx(mwc)
    # Between losing and winning the game at the cube of 1 (a gammon aside).
    table = kazaross_xg2()
    assert table.mwc(4, 1, post_crawford=False) < mwc < table.mwc(3, 2, post_crawford=False)
    assert evaluation.flipped().match_winning_chance == pytest.approx(1 - mwc)
    cubeless = heuristic.evaluate(START, Limit(cubeful=False), match=match)
    expected = equity_to_mwc(cubeless_equity(cubeless.probabilities, context), context)
    assert cubeless.match_winning_chance == pytest.approx(expected)
    # Each ranked play's, from the mover's view: the opponent's, flipped.
    best = heuristic.best_play(START, (3, 1), match=match)
    assert best.evaluation.match_winning_chance is not None
    assert heuristic.evaluate(START).match_winning_chance is None  # money play


def test_the_heuristic_cube_is_the_cube_models(heuristic: nardy.analysis.Engine) -> None:
    decision = heuristic.cube(START)
    efficiency = cube_efficiency(START)
    equities = cube_equities(decision.probabilities, Context(), efficiency)
    assert (decision.no_double, decision.double_take, decision.double_pass) == equities
    assert decision.action is CubeAction.of(*equities)
    match = MatchState(length=5, score=(1, 3))
    in_match = heuristic.cube(START, match=match)
    context = Context(away=4, opponent_away=2)
    assert in_match.no_double == pytest.approx(
        cube_equities(in_match.probabilities, context, efficiency)[0]
    )
    with pytest.raises(UnsupportedAnalysisError, match="cannot do rollouts"):
        heuristic.rollout(START)


def test_the_heuristic_cube_outside_backgammon_is_the_dead_cubes(
    heuristic: nardy.analysis.Engine,
) -> None:
    start = nardy.find_variant("plakoto").starting_position()
    decision = heuristic.cube(start)
    equity = decision.probabilities.cubeless_equity
    assert (decision.no_double, decision.double_take, decision.double_pass) == (
        equity,
        2 * equity,
        1.0,
    )
    assert decision.action is CubeAction.of(equity, 2 * equity, 1.0)
    assert heuristic.evaluate(start).cubeful_equity is None
    with pytest.raises(UnsupportedAnalysisError, match="match equity table"):
        heuristic.cube(start, match=MatchState(length=5))


def test_who_may_double(heuristic: nardy.analysis.Engine) -> None:
    with pytest.raises(AnalysisInputError, match="its opponent owns the cube"):
        heuristic.cube(START, match=MatchState(cube=2, cube_owner=Side.BLACK))
    crawford = MatchState(length=5, score=(4, 2), crawford=True)
    with pytest.raises(AnalysisInputError, match="Crawford"):
        open_engine("heuristic").cube(START, match=crawford)


def test_a_finished_game_and_a_closed_engine_are_refused() -> None:
    over = BG.position([0] * 18 + [-15] + [0] * 5, off=[15, 0])
    with open_engine("heuristic") as engine:
        with pytest.raises(AnalysisInputError, match="the game is over"):
            engine.evaluate(over)
        with pytest.raises(AnalysisInputError, match="max_plays"):
            engine.rank_plays(START, (3, 1), max_plays=0)
        assert len(engine.rank_plays(START, (3, 1), max_plays=3)) == 3
    with pytest.raises(EngineFailedError, match="closed"):
        engine.evaluate(START)


def test_contexts_of_a_batch_are_each_positions_own() -> None:
    """Built once per side on roll, the batch's contexts are those of each position alone."""
    from nardy.analysis.engine import contexts_of

    black = BG.position(list(START.board), turn=Side.BLACK)
    match = MatchState(length=7, score=(2, 4), cube=2, cube_owner=Side.WHITE)
    batch = [START, black, START, black]
    assert contexts_of(batch, match) == [context_of(p, match) for p in batch]
    assert contexts_of(batch, match)[0] != contexts_of(batch, match)[1]


def test_the_gnubg_board_is_each_sides_counts_in_its_own_numbering() -> None:
    # The conversion reads the packed bytes (bytes.translate); here it is
    # checked against the definition on the signed counts, over every
    # position of random matches (bars, borne-off checkers, both sides).
    seen = 0
    for seed in range(3):
        record = play_match("random", "random", 3, seed=seed)
        for game in record.games:
            for state in game.states():
                s = state.position.raw
                opponent = [0] * 25
                for p in range(1, 25):
                    opponent[24 - p] = max(-s[p], 0)
                opponent[24] = s[26]
                mover = [max(x, 0) for x in s[1:25]] + [s[25]]
                assert gnubg_board(state.position) == [opponent, mover]
                seen += 1
    assert seen > 300
