"""The conformance suite (nardy.testing): it passes every built-in variant and catches broken ones."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

import attrs
import pytest

import nardy
from nardy.testing import ConformanceError, check_idle_hooks, check_legal_plays, check_variant
from nardy.variants.base import RawPlay, State

SPECS = [
    "backgammon",
    "backgammon(must_play_higher=false,scoring=four-level)",
    "nackgammon",
    "hypergammon",
    "hypergammon(checkers=2)",
    "caucasian",
    "caucasian(no_hide_after_hit=anywhere)",
    "long-nardy",
    "long-nardy(head_exception=head-only,six_block=home,six_block_check=turn,koks=true)",
    "kush",
]


@pytest.mark.parametrize("spec", SPECS)
def test_every_built_in_variant_conforms(spec: str) -> None:
    report = check_variant(nardy.find_variant(spec), games=2, seed=11)
    assert report.games == report.finished == 2
    assert report.positions > 20
    assert report.plays >= report.positions


@contextmanager
def registered(cls: type[nardy.Variant]) -> Iterator[None]:
    """Register a test variant for the block only (the registry is global)."""
    nardy.register_variant(cls)
    try:
        yield
    finally:
        nardy.unregister_variant(cls)


@attrs.frozen
class LeakyBackgammon(nardy.Backgammon):
    """Broken on purpose: every play loses one of the mover's checkers."""

    name: ClassVar[str] = "leaky-backgammon"
    aliases: ClassVar[tuple[str, ...]] = ()

    def raw_plays(self, state: State, roll: nardy.Roll) -> list[RawPlay]:
        out = []
        for result, steps in super().raw_plays(state, roll):
            t = list(result)
            point = next(p for p in range(1, 25) if t[p] > 0)
            t[point] -= 1
            out.append((tuple(t), steps))
        return out


@attrs.frozen
class StutteringBackgammon(nardy.Backgammon):
    """Broken on purpose: the first play is listed twice."""

    name: ClassVar[str] = "stuttering-backgammon"
    aliases: ClassVar[tuple[str, ...]] = ()

    def raw_plays(self, state: State, roll: nardy.Roll) -> list[RawPlay]:
        plays = super().raw_plays(state, roll)
        return [*plays, plays[0]]


@attrs.frozen
class LazyBackgammon(nardy.Backgammon):
    """Broken on purpose: on a non-double it also offers playing one die only."""

    name: ClassVar[str] = "lazy-backgammon"
    aliases: ClassVar[tuple[str, ...]] = ()

    def extra_plays(self, start: State, roll: nardy.Roll) -> list[RawPlay]:
        for _, steps in nardy.Backgammon().raw_plays(start, roll):
            src, dst, _, hit = steps[0]
            if len(steps) == 2 and dst > 0 and not hit:
                # Stop after the first step: one die used where two could be.
                t = list(start)
                t[src] -= 1
                t[dst] += 1
                return [(tuple(t), steps[:1])]
        return []


@attrs.frozen
class MislabelledNardy(nardy.LongNardy):
    """Broken on purpose: calls its step rule idle, though the rule refuses steps."""

    name: ClassVar[str] = "mislabelled-nardy"
    aliases: ClassVar[tuple[str, ...]] = ()

    def unused_hooks(self) -> frozenset[str]:
        return frozenset({"step_rule", "play_filter"})


@attrs.frozen
class MisspelledNardy(nardy.LongNardy):
    """Broken on purpose: names a hook that does not exist."""

    name: ClassVar[str] = "misspelled-nardy"
    aliases: ClassVar[tuple[str, ...]] = ()

    def unused_hooks(self) -> frozenset[str]:
        return frozenset({"step_rules"})


def test_an_idle_hook_must_answer_as_the_default() -> None:
    with registered(MislabelledNardy), pytest.raises(ConformanceError, match="idle hook step_rule"):
        check_variant(MislabelledNardy(), games=1)
    with registered(MisspelledNardy), pytest.raises(ConformanceError, match="no movement hook"):
        check_variant(MisspelledNardy(), games=1)
    start = nardy.LongNardy().starting_position()
    check_idle_hooks(start, nardy.Roll(6, 5))  # long nardy's idle filter says None


def test_a_variant_that_loses_checkers_is_caught() -> None:
    with registered(LeakyBackgammon), pytest.raises(ConformanceError, match="checkers, not 15"):
        check_variant(LeakyBackgammon(), games=1)


def test_a_variant_that_lists_a_play_twice_is_caught() -> None:
    with registered(StutteringBackgammon), pytest.raises(ConformanceError, match="same position"):
        check_variant(StutteringBackgammon(), games=1)


def test_a_variant_that_breaks_maximum_use_is_caught() -> None:
    with registered(LazyBackgammon), pytest.raises(ConformanceError, match="numbers of dice"):
        check_variant(LazyBackgammon(), games=1)


def test_an_unregistered_variant_is_refused() -> None:
    # Position IDs name the variant, so the suite needs find_variant to find it.
    with pytest.raises(ConformanceError, match="not registered"):
        check_variant(LeakyBackgammon(), games=1)


def test_a_forced_pass_is_one_checked_play() -> None:
    # White on the bar against black's closed home board (black's 1..6 are
    # white's 24..19): every roll is a pass.
    bg = nardy.Backgammon()
    pos = bg.from_counts({6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, bar=(1, 0))
    assert check_legal_plays(pos, nardy.Roll(6, 5)) == 1
