"""The native search and the Python search give the same list: results, order and steps.

Issue 39's contract: both searches follow one canonical order
(:mod:`nardy.engine.onesearch`'s docstring), so for every built-in
configuration, position and segment the native core's plays
(:func:`nardy.engine.native.native_plays`) equal the Python search's
(:func:`nardy.engine.onesearch.search`) element by element: the same
resulting states, in the same order, each reached by the same steps.
"""

from __future__ import annotations

import os

import hypothesis
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Position, Roll, Variant
from nardy.engine import native
from nardy.engine.onesearch import search
from nardy.engine.reference import turn_rules
from nardy.engine.state import pack
from strategies import AGREEMENT_SPECS, positions, rolls
from test_reference_search import (
    CONFIGURATIONS,
    SPECS,
    game_positions,
    reachable_positions,
    segments,
)

pytestmark = pytest.mark.skipif(
    not native.available(),
    reason="the native core is not built (the pure build): build native/ and link its module into src/nardy",
)

#: Positions per configuration of the wide sweep (``NARDY_EQUAL_SWEEP``).
SWEEP = int(os.environ.get("NARDY_EQUAL_SWEEP", "6"))


def difference(variant: Variant, position: Position, roll: Roll) -> str | None:
    """None when both searches give the same list here, else where they part."""
    start = position.raw
    rules = turn_rules(variant, start, roll)
    found = native.native_plays(rules, start)
    where = f"{variant.spec()} position {position.id()} roll {roll}"
    if found is None:
        return f"{where}: not native"
    python = [(pack(state), code) for state, code in search(start, rules)]
    if found == python:
        return None
    for i, (mine, theirs) in enumerate(zip(found, python, strict=False)):
        if mine != theirs:
            return f"{where}: play {i} differs: native {mine}, Python {theirs}"
    return f"{where}: native gives {len(found)} plays, Python {len(python)}"


def check(variant: Variant, positions: list[tuple[str, Position]]) -> int:
    """Compare both searches on every position and segment; returns the number compared."""
    problems = [
        problem
        for _, position in positions
        for roll in segments(variant)
        if (problem := difference(variant, position, roll)) is not None
    ]
    assert not problems, f"{len(problems)} differences, the first:\n" + "\n".join(problems[:3])
    return len(positions) * len(segments(variant))


@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_both_searches_give_the_same_list(variant: Variant) -> None:
    """Two seeded positions along a random game of every configuration, every segment."""
    assert check(variant, game_positions(variant, 2, "equal")) == 2 * len(segments(variant))


@pytest.mark.sweep
@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_sweep_both_searches_give_the_same_list(variant: Variant) -> None:
    positions = game_positions(variant, SWEEP, "equal-sweep")
    assert check(variant, positions) == SWEEP * len(segments(variant))


@hypothesis.settings(max_examples=80, deadline=None)
@given(st.data())
def test_property_both_searches_agree_on_reachable_positions(data: st.DataObject) -> None:
    """Any configuration, any position reached by random play, any segment."""
    variant = data.draw(st.sampled_from(CONFIGURATIONS), label="variant")
    position = data.draw(reachable_positions(variant), label="position")
    roll = data.draw(st.sampled_from(segments(variant)), label="roll")
    problem = difference(variant, position, roll)
    assert problem is None, problem


@hypothesis.settings(max_examples=120, deadline=None)
@given(st.data())
def test_property_both_searches_agree_on_constructed_boards(data: st.DataObject) -> None:
    """The backgammon family's presets on boards built to be hard: primes, closed boards, the bar, blots, stuck checkers."""
    spec = data.draw(st.sampled_from(AGREEMENT_SPECS), label="spec")
    variant = nardy.find_variant(spec)
    position = data.draw(positions(variant), label="position")
    roll = data.draw(rolls(), label="roll")
    problem = difference(variant, position, roll)
    assert problem is None, problem
