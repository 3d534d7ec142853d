"""The one search's shortcuts (S1-S4 of :mod:`nardy.engine.onesearch`) change nothing: the same list, play for play.

:func:`~nardy.engine.onesearch.sequences` with its shortcuts (the default)
against ``shortcuts=False`` (every node's steps from the reference's
``single_steps``, every step judged by calling the rule objects' functions
through ``step_allowed``, and every result looked up): the same candidates,
in the same order, with the same steps, dice and pips (the plays are
made from them alone, by ``finish``). On every built-in configuration and the suite's variants of a
user's rule objects (seeded positions along games and constructed, every
segment; a wider sweep under the marker ``sweep``), and with Hypothesis on
positions of any kind of backgammon, tabula and acey-deucey (pools, bars,
bear-offs), where the sorted double (S3) and the two dice played in the
other order (S4) are taken.
"""

from __future__ import annotations

import os

import hypothesis
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nardy import Position, Roll, Variant
from nardy.engine.onesearch import sequences
from nardy.engine.reference import turn_rules
from strategies import positions
from test_reference_search import (
    CONFIGURATIONS,
    OTHER_VARIANTS,
    SPECS,
    configurations,
    dice,
    game_positions,
    sample,
    segments,
)

#: Positions per configuration of the sweep (marker ``sweep``).
SWEEP = int(os.environ.get("NARDY_SHORTCUTS_SWEEP", "6"))


def difference(variant: Variant, position: Position, roll: Roll) -> str | None:
    """None when the search with and without its shortcuts finds the same candidates and plays, else where they part."""
    start = position.raw
    rules = turn_rules(variant, start, roll)
    fast = sequences(start, rules)
    plain = sequences(start, rules, shortcuts=False)
    if fast == plain:
        return None
    where = f"{variant.spec()} position {position.id()} roll {roll}"
    for i, (mine, theirs) in enumerate(zip(fast, plain, strict=False)):
        if mine != theirs:
            return f"{where}: candidate {i} differs: shortcuts {mine}, plain {theirs}"
    return f"{where}: {len(fast)} candidates with the shortcuts, {len(plain)} without"


def check(variant: Variant, items: list[tuple[str, Position]]) -> int:
    """Compare on every item and segment; returns the number compared."""
    problems = [
        problem
        for _, position in items
        for roll in segments(variant)
        if (problem := difference(variant, position, roll)) is not None
    ]
    assert not problems, f"{len(problems)} differences, the first:\n" + "\n".join(problems[:3])
    return len(items) * len(segments(variant))


@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_shortcuts_give_the_plain_list(variant: Variant) -> None:
    """Two seeded positions of every configuration (one along a game, one constructed), every segment."""
    items = sample(variant, 2, "shortcuts")
    assert check(variant, items) == len(items) * len(segments(variant))


@pytest.mark.parametrize("variant", OTHER_VARIANTS, ids=lambda v: v.spec())
def test_shortcuts_with_rules_that_declare_nothing(variant: Variant) -> None:
    """A user's rule objects (called either way): the same list."""
    items = game_positions(variant, 3, "shortcuts-other")
    assert check(variant, items) == 3 * len(segments(variant))


@pytest.mark.sweep
@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_sweep_shortcuts_give_the_plain_list(variant: Variant) -> None:
    items = sample(variant, SWEEP, "shortcuts-sweep")
    assert check(variant, items) == len(items) * len(segments(variant))


#: Where S3 and S4 are taken (no step rule, no hitter rule) and their arguments are closest to the edge: bars, pools, bear-offs.
PROPERTY_CONFIGURATIONS: tuple[Variant, ...] = (
    *configurations("backgammon"),
    *configurations("tabula"),
    *configurations("acey-deucey"),
)


@hypothesis.seed(39)
@hypothesis.settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_property_shortcuts_on_any_position(data: st.DataObject) -> None:
    """Any option set of the three, a built position of any kind, any roll: the same candidates."""
    variant = data.draw(st.sampled_from(PROPERTY_CONFIGURATIONS), label="variant")
    position = data.draw(positions(variant), label="position")
    roll = data.draw(dice(variant), label="roll")
    assert difference(variant, position, roll) is None
