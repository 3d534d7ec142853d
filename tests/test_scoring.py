"""Scoring as data: the presets, their conditions and points."""

from __future__ import annotations

import pytest

import nardy
from nardy import ResultKind, Side
from nardy.variants.scoring import (
    PRESETS,
    behind_winners_home,
    checkers_left,
    none_off,
    on_bar,
    outside_own_home,
)

K = ResultKind
W, B = Side.WHITE, Side.BLACK
BG = nardy.Backgammon()
LN = nardy.LongNardy()


def test_presets_are_read_only_and_ordered_lowest_first() -> None:
    with pytest.raises(TypeError):
        PRESETS["mine"] = PRESETS["standard"]  # type: ignore[index]
    assert PRESETS["standard"].kinds() == (K.SINGLE, K.GAMMON, K.BACKGAMMON)
    assert PRESETS["russian"].kinds() == (K.SINGLE, K.GAMMON)
    assert PRESETS["four-level"].kinds() == (K.SINGLE, K.GAMMON, K.HOME_MARS, K.BACKGAMMON)
    assert [PRESETS["four-level"].points(k) for k in PRESETS["four-level"].kinds()] == [1, 2, 3, 4]
    assert PRESETS["checkers-left"].points(K.GAMMON, 11) == 11


def test_with_points() -> None:
    table = PRESETS["standard"].with_points((1, 3, 5))
    assert [table.points(k) for k in table.kinds()] == [1, 3, 5]
    with pytest.raises(nardy.InvalidOptionError, match="needs 3 values"):
        PRESETS["standard"].with_points((1, 2))
    with pytest.raises(nardy.InvalidOptionError, match="cannot be combined"):
        PRESETS["checkers-left"].with_points((1, 2, 3))
    with pytest.raises(nardy.UnscoredKindError, match="does not score 'backgammon'"):
        PRESETS["russian"].points(K.BACKGAMMON)


def test_conditions_in_the_losers_numbering() -> None:
    # White won; black (the loser) has one checker on his 20 (white's home board).
    bg = BG.from_counts({}, {20: 1, 6: 14}, turn=B)
    assert none_off(bg, B)
    assert behind_winners_home(bg, B)
    assert outside_own_home(bg, B)
    assert not on_bar(bg, B)
    # In long nardy the winner's home board is the loser's 13..18, so his 13 counts.
    ln = LN.from_counts({}, {13: 1, 6: 14}, turn=B)
    assert behind_winners_home(ln, B)
    assert not behind_winners_home(BG.from_counts({}, {13: 1, 6: 14}, turn=B), B)
    off = BG.from_counts({}, {20: 1, 6: 13}, off=(15, 1), turn=B)
    assert not none_off(off, B)
    assert not behind_winners_home(off, B)
    assert checkers_left(off, B) == 14


def test_classify_picks_the_first_row_that_holds() -> None:
    pos = BG.from_counts({}, {10: 1, 6: 14}, turn=B)
    assert PRESETS["standard"].classify(pos, B) is K.GAMMON
    assert PRESETS["four-level"].classify(pos, B) is K.HOME_MARS
    assert PRESETS["russian"].classify(pos, B) is K.GAMMON
    on_the_bar = BG.from_counts({}, {6: 14}, bar=(0, 1), turn=B)
    assert PRESETS["backgammon-on-bar"].classify(on_the_bar, B) is K.BACKGAMMON_ON_BAR
    assert PRESETS["standard"].classify(on_the_bar, B) is K.BACKGAMMON


def test_every_variant_scores_through_its_table() -> None:
    for spec in (
        "backgammon",
        "backgammon(scoring=russian)",
        "long-nardy",
        "long-nardy(koks=true)",
    ):
        variant = nardy.find_variant(spec)
        table = variant.scoring_table()
        assert variant.result_kinds() == table.kinds()
        for kind in table.kinds():
            assert variant.points(kind) == table.points(kind)
