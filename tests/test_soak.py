"""The soak test (``benchmarks/soak.py``) in its short form, and its checks catching what they must.

The suite plays a couple of games and a match of every registered variant
with every move checked; ``docs/performance.rst`` says how to run a long
soak. The checks themselves are tried on broken data, so that a soak that
reports nothing means something.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

import nardy
from nardy import Position, Result, ResultKind, Roll, Side
from nardy.variants.base import VARIANTS
from toy_variants import registered

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import soak

BG = nardy.Backgammon()


def test_short_soak_of_every_variant() -> None:
    report = soak.soak(games=2, matches=1, seed=7, length=1)
    assert sorted(report.by_variant) == sorted(cls().spec() for cls in VARIANTS)
    assert report.matches == len(VARIANTS)
    assert report.games >= 3 * len(VARIANTS)
    assert all(n >= 3 for n in report.by_variant.values())
    assert report.moves > 50 * len(VARIANTS)
    assert report.peak_mb > 0
    assert "games/s" in report.summary()


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "1", "--matches", "0", "--variant", "hypergammon"]) == 0
    out = capsys.readouterr().out
    assert "1 games (0 matches) over 1 variants" in out


def test_a_play_that_does_not_match_the_pips_is_caught() -> None:
    start = BG.starting_position()
    plays = start.legal_plays(Roll(3, 1))
    after = plays.resulting_position(0)
    other = plays.resulting_position(len(plays) - 1)
    soak.check_play(start, plays[0], after, "ok")
    assert plays[0].notation() != plays[len(plays) - 1].notation()
    with pytest.raises(soak.SoakError, match="pips"):
        soak.check_play(start, start.legal_plays(Roll(6, 5))[0], other, "wrong play")


@attrs.frozen
class LyingResult(nardy.Backgammon):
    """Backgammon whose ``result()`` gives white a win in every position."""

    name: ClassVar[str] = "test-lying-result"
    aliases: ClassVar[tuple[str, ...]] = ()

    def result(self, position: Position) -> Result | None:
        return Result(Side.WHITE, ResultKind.SINGLE, 1)


def test_a_result_that_disagrees_with_the_position_is_caught() -> None:
    position = BG.from_counts({1: 1}, {6: 1}, off={Side.WHITE: 14, Side.BLACK: 14})
    soak.check_position(position, "fine")
    with registered(LyingResult):  # the check reads the position ID back
        lying = LyingResult().from_counts({1: 1}, {6: 1}, off={Side.WHITE: 14, Side.BLACK: 14})
        with pytest.raises(soak.SoakError, match="is_over"):
            soak.check_position(lying, "lying")


def test_an_outcome_that_does_not_add_up_is_caught() -> None:
    game = soak.soak_game(BG, 3, soak.Report())
    assert game.is_over()
    soak.check_outcome(game, "fine")
    outcome = game.outcome
    assert outcome is not None
    broken = attrs.evolve(game, outcome=attrs.evolve(outcome, points=outcome.points + 1))
    with pytest.raises(soak.SoakError, match="cube"):
        soak.check_outcome(broken, "broken")
