"""Result classification and scoring (``rules/backgammon.md``, "Result kinds").

Finished positions are built with ``from_counts``: each side's checkers on
its own points; whatever is not on the board or the bar is borne off. The
winner's home board is the loser's 19..24 (mirror geometry, p -> 25 - p).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import nardy
from nardy import InvalidOptionError, Position, Result, ResultKind, Side, Variant
from nardy.cli.main import main
from nardy.game.actions import CubeState, EndReason, Outcome
from nardy.game.options import GameOptions
from nardy.game.outcome import bear_off
from nardy.model.result import with_article

K = ResultKind
BG = nardy.find_variant("backgammon")


def white_won(
    black: Mapping[int, int],
    black_bar: int = 0,
    variant: Variant = BG,
    turn: Side = Side.BLACK,
) -> Position:
    """White has borne off everything; black has ``black`` (own numbering) and a bar."""
    return variant.from_counts({}, black, bar=(0, black_bar), turn=turn)


# The loser's positions, named by what the rule text says about them.
SOME_OFF = {"black": {1: 14}, "bar": 0}  # one borne off
ALL_HOME = {"black": {6: 15}, "bar": 0}  # none off, all in his home board
OUTFIELD = {"black": {13: 15}, "bar": 0}  # none off, outside his home, not in mine
JUST_OUTSIDE_WINNERS_HOME = {"black": {18: 1, 6: 14}, "bar": 0}  # black's 18 = white's 7
IN_WINNERS_HOME = {"black": {19: 1, 6: 14}, "bar": 0}  # black's 19 = white's 6
DEEP_IN_WINNERS_HOME = {"black": {24: 1, 6: 14}, "bar": 0}  # black's 24 = white's 1
ON_BAR = {"black": {6: 14}, "bar": 1}
ON_BAR_AND_IN_HOME = {"black": {20: 1, 6: 13}, "bar": 1}
SOME_OFF_BUT_ON_BAR = {"black": {1: 13}, "bar": 1}  # one off, one on the bar
SOME_OFF_BUT_IN_WINNERS_HOME = {"black": {22: 1, 1: 12}, "bar": 0}  # two off


def result_of(case: Mapping[str, Any], variant: Variant = BG) -> Result:
    result = white_won(case["black"], case["bar"], variant).result()
    assert result is not None
    assert result.winner is Side.WHITE
    assert result.loser is Side.BLACK
    return result


STANDARD = [
    # 1 single: the loser has borne off at least one.
    (SOME_OFF, K.SINGLE, 1),
    (SOME_OFF_BUT_ON_BAR, K.SINGLE, 1),
    (SOME_OFF_BUT_IN_WINNERS_HOME, K.SINGLE, 1),
    # 2 gammon: none off (wherever they are, short of the bar and my home board).
    (ALL_HOME, K.GAMMON, 2),
    (OUTFIELD, K.GAMMON, 2),
    (JUST_OUTSIDE_WINNERS_HOME, K.GAMMON, 2),
    # 3 backgammon: none off and a checker on the bar or in the winner's home board.
    (IN_WINNERS_HOME, K.BACKGAMMON, 3),
    (DEEP_IN_WINNERS_HOME, K.BACKGAMMON, 3),
    (ON_BAR, K.BACKGAMMON, 3),
    (ON_BAR_AND_IN_HOME, K.BACKGAMMON, 3),
]


@pytest.mark.parametrize(("case", "kind", "points"), STANDARD)
def test_standard_scoring(case: Mapping[str, Any], kind: ResultKind, points: int) -> None:
    assert result_of(case) == Result(Side.WHITE, kind, points)


@pytest.mark.parametrize(("case", "kind", "points"), STANDARD)
def test_caucasian_and_nackgammon_score_like_backgammon(
    case: Mapping[str, Any], kind: ResultKind, points: int
) -> None:
    for name in ("caucasian", "nackgammon"):
        assert result_of(case, nardy.find_variant(name)) == Result(Side.WHITE, kind, points)


@pytest.mark.parametrize(
    ("case", "kind", "points"),
    [
        # Seed 003: "Sometimes a distinction is made between pieces in the
        # opponent's home board (triple loss) and pieces on the bar (quadruple)."
        (SOME_OFF, K.SINGLE, 1),
        (SOME_OFF_BUT_ON_BAR, K.SINGLE, 1),
        (ALL_HOME, K.GAMMON, 2),
        (IN_WINNERS_HOME, K.BACKGAMMON, 3),
        (ON_BAR, K.BACKGAMMON_ON_BAR, 4),
        (ON_BAR_AND_IN_HOME, K.BACKGAMMON_ON_BAR, 4),
    ],
)
def test_backgammon_on_bar_scoring(case: Mapping[str, Any], kind: ResultKind, points: int) -> None:
    variant = nardy.find_variant("backgammon", scoring="backgammon-on-bar")
    assert result_of(case, variant) == Result(Side.WHITE, kind, points)


@pytest.mark.parametrize(
    ("case", "kind", "points"),
    [
        # Russian short nardy: oin 1, mars 2, nothing higher.
        (SOME_OFF, K.SINGLE, 1),
        (SOME_OFF_BUT_IN_WINNERS_HOME, K.SINGLE, 1),
        (ALL_HOME, K.GAMMON, 2),
        (IN_WINNERS_HOME, K.GAMMON, 2),
        (ON_BAR, K.GAMMON, 2),
    ],
)
def test_russian_scoring_caps_at_gammon(
    case: Mapping[str, Any], kind: ResultKind, points: int
) -> None:
    variant = nardy.find_variant("backgammon", scoring="russian")
    assert result_of(case, variant) == Result(Side.WHITE, kind, points)


@pytest.mark.parametrize(
    ("case", "kind", "points"),
    [
        # 1: the loser has borne off at least one.
        (SOME_OFF, K.SINGLE, 1),
        (SOME_OFF_BUT_ON_BAR, K.SINGLE, 1),
        # 2: none off but all of them home.
        (ALL_HOME, K.GAMMON, 2),
        # 3: none off and some still outside his home (not on the bar, not in mine).
        (OUTFIELD, K.HOME_MARS, 3),
        (JUST_OUTSIDE_WINNERS_HOME, K.HOME_MARS, 3),
        ({"black": {7: 1, 6: 14}, "bar": 0}, K.HOME_MARS, 3),
        # 4: none off and a checker on the bar or in the winner's home board.
        (IN_WINNERS_HOME, K.BACKGAMMON, 4),
        (DEEP_IN_WINNERS_HOME, K.BACKGAMMON, 4),
        (ON_BAR, K.BACKGAMMON, 4),
        ({"black": {13: 1, 19: 1, 6: 13}, "bar": 0}, K.BACKGAMMON, 4),
    ],
)
def test_four_level_scoring(case: Mapping[str, Any], kind: ResultKind, points: int) -> None:
    variant = nardy.find_variant("backgammon", scoring="four-level")
    assert result_of(case, variant) == Result(Side.WHITE, kind, points)


@pytest.mark.parametrize(
    ("case", "points"),
    [
        (SOME_OFF, 14),  # 1 off, 14 left
        (SOME_OFF_BUT_IN_WINNERS_HOME, 13),  # 2 off
        ({"black": {1: 4}, "bar": 0}, 4),  # 11 off
        (ALL_HOME, 15),
        (ON_BAR, 15),  # 14 on the board + 1 on the bar, none off
    ],
)
def test_checkers_left_scoring(case: Mapping[str, Any], points: int) -> None:
    variant = nardy.find_variant("backgammon", scoring="checkers-left")
    assert result_of(case, variant).points == points


class TestResultPointsOverride:
    def test_standard_order_single_gammon_backgammon(self) -> None:
        variant = nardy.find_variant("backgammon", result_points=(1, 2, 4))
        assert result_of(SOME_OFF, variant).points == 1
        assert result_of(ALL_HOME, variant).points == 2
        assert result_of(ON_BAR, variant) == Result(Side.WHITE, K.BACKGAMMON, 4)

    @pytest.mark.parametrize("text", ["1-3-5", "1,3,5", "1/3/5"])
    def test_string_forms(self, text: str) -> None:
        variant = nardy.find_variant("backgammon", result_points=text)
        assert variant.options()["result_points"] == (1, 3, 5)
        assert result_of(SOME_OFF, variant).points == 1
        assert result_of(OUTFIELD, variant).points == 3
        assert result_of(IN_WINNERS_HOME, variant).points == 5

    def test_spec_string_round_trip(self) -> None:
        variant = nardy.find_variant("backgammon(result_points=1-2-4)")
        assert variant == nardy.find_variant("backgammon", result_points=[1, 2, 4])
        assert nardy.find_variant(variant.spec()) == variant

    def test_backgammon_on_bar_takes_four_values(self) -> None:
        variant = nardy.find_variant(
            "backgammon", scoring="backgammon-on-bar", result_points=(1, 2, 3, 6)
        )
        assert result_of(IN_WINNERS_HOME, variant).points == 3
        assert result_of(ON_BAR, variant) == Result(Side.WHITE, K.BACKGAMMON_ON_BAR, 6)

    def test_four_level_takes_four_values(self) -> None:
        variant = nardy.find_variant("backgammon", scoring="four-level", result_points="1-2-3-5")
        assert result_of(ALL_HOME, variant).points == 2
        assert result_of(OUTFIELD, variant).points == 3
        assert result_of(ON_BAR, variant).points == 5

    def test_russian_takes_two_values(self) -> None:
        variant = nardy.find_variant("backgammon", scoring="russian", result_points=(1, 3))
        assert result_of(SOME_OFF, variant).points == 1
        assert result_of(ON_BAR, variant) == Result(Side.WHITE, K.GAMMON, 3)

    @pytest.mark.parametrize(
        ("options", "fragment"),
        [
            ({"result_points": (1, 2)}, "(1, 2)"),  # standard needs three
            ({"result_points": (1, 2, 3, 4)}, "(1, 2, 3, 4)"),
            ({"scoring": "four-level", "result_points": (1, 2, 3)}, "four-level"),
            ({"scoring": "checkers-left", "result_points": (1, 2, 3)}, "checkers-left"),
            ({"result_points": "1-x-3"}, "1-x-3"),
            ({"result_points": (1, True, 3)}, "True"),
            ({"result_points": (1.0, 2, 3)}, "1.0"),
            ({"result_points": 3}, "3"),
        ],
    )
    def test_bad_values(self, options: dict[str, Any], fragment: str) -> None:
        with pytest.raises(InvalidOptionError) as info:
            nardy.find_variant("backgammon", **options)
        assert type(info.value) is InvalidOptionError
        assert "result_points" in str(info.value)
        assert fragment in str(info.value)


class TestWinnerDetection:
    # Black has everything on his 6-point, none off: a gammon for white.
    @pytest.mark.parametrize("turn", list(Side))
    def test_white_wins_whoever_is_to_move(self, turn: Side) -> None:
        pos = BG.from_counts({}, {6: 15}, turn=turn)
        assert pos.is_over()
        assert pos.result() == Result(Side.WHITE, K.GAMMON, 2)

    @pytest.mark.parametrize("turn", list(Side))
    def test_black_wins_whoever_is_to_move(self, turn: Side) -> None:
        # White has one off and one checker in black's home board (white's 24 =
        # black's 1): a single for black, since one is off.
        pos = BG.from_counts({24: 1, 6: 13}, {}, turn=turn)
        result = pos.result()
        assert result == Result(Side.BLACK, K.SINGLE, 1)
        assert result.loser is Side.WHITE

    @pytest.mark.parametrize("turn", list(Side))
    def test_black_wins_a_backgammon_from_the_array_form(self, turn: Side) -> None:
        # Mover-relative form: the side that has everything off may be either one.
        # White keeps all 15 on its 24-point = black's 1-point, inside the
        # winner's home board: a backgammon.
        board = [0] * 24
        if turn is Side.WHITE:
            board[23] = 15  # the mover (white) on its own 24-point
            pos = BG.position(board, off=(0, 15), turn=turn)
        else:
            board[0] = -15  # the opponent (white) on the mover's (black's) 1-point
            pos = BG.position(board, off=(15, 0), turn=turn)
        assert pos.result() == Result(Side.BLACK, K.BACKGAMMON, 3)

    def test_game_on_is_none(self) -> None:
        assert BG.starting_position().result() is None
        assert not BG.starting_position().is_over()
        # Fourteen off is not fifteen.
        pos = BG.from_counts({1: 1}, {6: 15})
        assert pos.result() is None
        assert not pos.is_over()

    def test_hypergammon_counts_three_checkers(self) -> None:
        hyper = nardy.find_variant("hypergammon")
        assert hyper.from_counts({1: 1}, {6: 3}).result() is None
        # All three off for white; black none off, all home: gammon.
        assert hyper.from_counts({}, {6: 3}).result() == Result(Side.WHITE, K.GAMMON, 2)
        # Black one off: single.
        assert hyper.from_counts({}, {6: 2}).result() == Result(Side.WHITE, K.SINGLE, 1)
        # Black none off with one in white's home board: backgammon.
        assert hyper.from_counts({}, {22: 1, 6: 2}).result() == Result(Side.WHITE, K.BACKGAMMON, 3)


class TestResultAfterPlay:
    def test_last_checker_hits_and_bears_off_for_a_backgammon(self) -> None:
        # White's last checker on 3, black blot on white's 1 (black's 24) and 14 on
        # black's 5. 4-2: 3/1*/off; black then has one on the bar, none off.
        board = [0] * 24
        board[2] = 1
        board[0] = -1
        board[19] = -14
        pos = BG.position(board)
        assert pos.result() is None
        after = pos.play("3/1*/off", (4, 2))
        assert after.turn is Side.BLACK
        assert after.result() == Result(Side.WHITE, K.BACKGAMMON, 3)

    def test_bearing_off_the_last_checker_for_a_single(self) -> None:
        # White: one on 2 (14 off); black has borne off 3. 2-1: 2/off (or 2/1/off).
        pos = BG.from_counts({2: 1}, {1: 12})
        legal = pos.legal_plays((2, 1))
        assert len(legal) == 1
        assert legal.resulting_position(0).result() == Result(Side.WHITE, K.SINGLE, 1)

    def test_result_kind_values(self) -> None:
        assert [k.value for k in ResultKind] == [
            "single",
            "gammon",
            "home-mars",
            "backgammon",
            "backgammon-on-bar",
            "mother",
            "draw",
        ]


class TestPublicScoringApi:
    """Variant.result_kinds() and Variant.points(): what the game layer builds on."""

    def test_result_kinds_follow_the_scoring_preset(self) -> None:
        k = ResultKind
        assert nardy.Backgammon().result_kinds() == (k.SINGLE, k.GAMMON, k.BACKGAMMON)
        assert nardy.Backgammon(scoring="russian").result_kinds() == (k.SINGLE, k.GAMMON)
        assert nardy.Backgammon(scoring="four-level").result_kinds() == (
            k.SINGLE,
            k.GAMMON,
            k.HOME_MARS,
            k.BACKGAMMON,
        )
        assert nardy.LongNardy().result_kinds() == (k.SINGLE, k.GAMMON)
        assert nardy.LongNardy(koks=True).result_kinds() == (k.SINGLE, k.GAMMON, k.BACKGAMMON)

    def test_points_by_kind(self) -> None:
        assert nardy.Backgammon().points(ResultKind.GAMMON) == 2
        assert nardy.Backgammon(result_points="1-2-4").points(ResultKind.BACKGAMMON) == 4
        # checkers-left: the points are the loser's checkers still in play
        assert nardy.Backgammon(scoring="checkers-left").points(ResultKind.SINGLE, 7) == 7
        assert nardy.LongNardy(koks=True).points(ResultKind.BACKGAMMON) == 3

    def test_unscored_kind_is_refused(self) -> None:
        with pytest.raises(nardy.UnscoredKindError, match="backgammon") as info:
            nardy.Backgammon(scoring="russian").points(ResultKind.BACKGAMMON)
        assert isinstance(info.value, ValueError)
        with pytest.raises(nardy.UnscoredKindError):
            nardy.LongNardy().points(ResultKind.BACKGAMMON)


def test_legal_plays_on_a_finished_position_only_when_allowed() -> None:
    # Black has borne off all 15; white (to move) still has two checkers on
    # its 1-point. The game is over, so plays are refused -- unless the
    # caller asks for them (the last-roll draw): 2-1 bears both off.
    bg = nardy.Backgammon()
    over = bg.from_counts({1: 2}, {}, off=(13, 15), turn=nardy.Side.WHITE)
    with pytest.raises(nardy.IllegalPlayError, match="over"):
        over.legal_plays((2, 1))
    plays = over.legal_plays((2, 1), allow_finished=True)
    assert plays.notations() == ["1/off(2)"]


# --- the variant's names of the results ------------------------------------------------

LONG = nardy.find_variant("long-nardy")


@pytest.mark.parametrize(
    ("variant_name", "names"),
    [
        ("backgammon", ("single", "gammon", "backgammon")),
        ("caucasian", ("single", "gammon", "backgammon")),
        ("long-nardy", ("oin", "mars", "koks")),
        ("kush", ("oin", "mars", "koks")),
    ],
)
def test_each_variant_names_its_results(variant_name: str, names: tuple[str, ...]) -> None:
    variant = nardy.find_variant(variant_name)
    kinds = (K.SINGLE, K.GAMMON, K.BACKGAMMON)
    assert tuple(variant.result_name(kind) for kind in kinds) == names
    assert variant.result_name(K.DRAW) == "draw"


def test_a_long_nardy_result_says_mars() -> None:
    # White has borne off everything; black (his own numbering) none, all on his 6-point.
    over = LONG.from_counts({}, {6: 15}, turn=Side.BLACK)
    result = over.result()
    assert result == Result(Side.WHITE, K.GAMMON, 2)
    assert result is not None
    assert result.name == "mars"
    assert str(result) == "white wins a mars, 2 points"
    assert str(white_won({1: 14}).result()) == "white wins a single, 1 point"


def test_game_outcomes_and_records_carry_the_name() -> None:
    game = nardy.Game.new("long-nardy").roll((6, 2)).resign("gammon").accept()
    assert game.outcome is not None
    assert str(game.outcome) == "black wins (mars, resign): 2"
    record = game.to_dict()
    assert (record["outcome"]["kind"], record["outcome"]["name"]) == ("gammon", "mars")
    assert nardy.Game.from_dict(record) == game
    # A record written before outcomes had names still loads.
    del record["outcome"]["name"]
    assert nardy.Game.from_dict(record) == game
    record["outcome"]["kind"] = "single"
    with pytest.raises(nardy.RecordError, match="outcome"):
        nardy.Game.from_dict(record)


def test_a_result_takes_the_article_its_name_sounds_with() -> None:
    oin = LONG.from_counts({}, {6: 14}, turn=Side.BLACK).result()
    assert oin is not None
    assert (oin.name, str(oin)) == ("oin", "white wins an oin, 1 point")
    assert [with_article(w) for w in ("gammon", "oin", "mars", "Oin", "")] == [
        "a gammon",
        "an oin",
        "a mars",
        "an Oin",
        "a ",
    ]


def test_the_demo_match_says_an_oin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "long-nardy", "--match", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "B (white) wins an oin, cube 2: 2 points" in out
    assert " a oin" not in out


def test_a_drawn_outcome_is_named_as_its_json_says() -> None:
    # Both mothers pinned in plakoto: the mother rule's draw.
    board = [0] * 24
    board[23], board[0], board[12], board[11] = -1, 1, 13, -13
    drawn = nardy.Plakoto().position(board, (0, 0), (0, 0), pinned=[24], opp_pinned=[1])
    result = drawn.result()
    assert result is not None
    assert (result.winner, result.kind, result.name) == (None, K.DRAW, "draw")
    outcome = bear_off(GameOptions(), CubeState(), drawn.variant, result, 15)
    assert outcome.name == outcome.to_dict()["name"] == "draw"
    # Any outcome: the attribute is what the JSON form writes.
    gammon = Outcome(Side.WHITE, EndReason.BEAR_OFF, K.GAMMON, 2, 1, 2)
    assert gammon.name == gammon.to_dict()["name"] == "gammon"
    assert str(gammon) == "white wins (gammon, bear-off): 2"
    dropped = Outcome(Side.WHITE, EndReason.DROP, None, 1, 2, 2)
    assert (dropped.name, dropped.to_dict()["name"]) == ("", None)


# --- points that count checkers say so --------------------------------------------------


def acey_won(left_on_board: int, pool: int = 0) -> Position:
    """Acey-deucey, white has borne off all; black has checkers on his 1-point and in the pool."""
    board = [0] * 24
    board[0] = left_on_board  # black's 1-point: black, the loser, is to move
    return nardy.find_variant("acey-deucey").position(
        board, [0, 0], [15 - left_on_board - pool, 15], turn=Side.BLACK, pool=[pool, 0]
    )


def test_a_per_checker_result_names_its_points_by_the_checkers() -> None:
    result = acey_won(3, pool=9).result()
    assert result is not None
    assert (result.kind, result.points, result.per_checker) == (K.SINGLE, 12, True)
    assert str(result) == (
        "white wins 12 points, one point for each of black's 12 checkers not borne off"
    )
    assert "single" not in str(result)
    one = acey_won(1).result()
    assert str(one) == "white wins 1 point, one point for each of black's 1 checker not borne off"
    # A table of several kinds, each worth the checkers left, still names the kind.
    gammon = nardy.Backgammon(scoring="checkers-left").from_counts({}, {1: 15}, turn=Side.BLACK)
    assert str(gammon.result()) == (
        "white wins a gammon, 15 points, one point for each of black's 15 checkers not borne off"
    )
    # Results that do not count checkers read as before.
    assert not BG.from_counts({}, {1: 15}, turn=Side.BLACK).result().per_checker  # type: ignore[union-attr]


def test_a_per_checker_outcome_says_how_its_points_were_counted() -> None:
    over = acey_won(3, pool=9)
    result = over.result()
    assert result is not None
    outcome = bear_off(GameOptions(cube=False), CubeState(), over.variant, result, 12)
    assert str(outcome) == (
        "white wins (bear-off): 12, one point for each of black's 12 checkers not borne off"
    )
    # The JSON form is as it was (the name is the kind's).
    assert outcome.to_dict()["name"] == "single"
    # With the cube (scoring="checkers-left" in backgammon) each checker is worth the cube.
    gammon = BG.from_counts({}, {1: 15}, turn=Side.BLACK).result()
    assert gammon is not None
    counted = bear_off(GameOptions(scoring="checkers-left"), CubeState(2), BG, gammon, 15)
    assert str(counted) == (
        "white wins (gammon, bear-off): 30, 2 points for each of black's 15 checkers not borne off"
    )
    game = nardy.Game.new("acey-deucey").resign(by=Side.WHITE).accept()
    assert str(game.outcome) == (
        "black wins (resign): 15, one point for each of white's 15 checkers not borne off"
    )
    assert game.outcome is not None
    assert game.outcome.counted_checkers().startswith("one point")
    plain = nardy.Game.new("backgammon").resign(by=Side.WHITE).accept()
    assert str(plain.outcome) == "black wins (single, resign): 1"
    assert plain.outcome is not None
    assert plain.outcome.counted_checkers() == ""


def test_the_demos_name_per_checker_points(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "acey-deucey", "--seed", "3", "--no-board"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("Result: ")
    assert "checkers not borne off, after " in last or "checker not borne off, after " in last
    assert "single" not in last
    assert main(["demo", "--variant", "acey-deucey", "--match", "3", "--seed", "2"]) == 0
    games = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Game ")]
    assert games
    for line in games:
        assert "not borne off" in line
        assert "single" not in line
        assert "cube" not in line  # acey-deucey is played without one
