"""Doubles under a hitter rule and the six-block rule on dense random boards: both searches, and the reference.

Caucasian nardy's doubles (the no-hide rule) and Kush's (the stops, the
six-block rule after each step or at the end, the head rule) are where a
search's order and memo matter most. Random positions, dense with blots and
near-blocks, reach the cases (a marked checker that may move on, a block of
six, a hit that moves the six-block guard): on each the native search gives
the Python search's list (:func:`helpers.searched`), and both the legal
set the reference search (:mod:`nardy.engine.reference`) finds, each play
with as many dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import nardy
from helpers import searched
from nardy.engine import native
from nardy.engine.reference import TurnRules, reference_raw_plays, turn_rules
from nardy.engine.state import steps_of_code
from nardy.model.basics import Roll
from nardy.rules.board import HIT
from nardy.rules.turn_rules import HitterRule

CAUCASIAN = ["caucasian", "caucasian(no_hide_after_hit=anywhere)"]
KUSH = [
    "kush",
    "kush(six_block_check=turn)",
    "kush(six_block=home)",
    "kush(six_block=home,six_block_check=turn)",
    "kush(head_exception=any-blocked-double)",
]


def _dice_by_state(plays: list[tuple[tuple[int, ...], int]]) -> dict[tuple[int, ...], int]:
    return {state: len(steps_of_code(code)) for state, code in plays}


def _caucasian_state(rng: random.Random) -> tuple[int, ...]:
    """A backgammon-family position with blots, often low in the home board, sometimes a bar."""
    s = [0] * 28
    top = rng.choice((6, 6, 8, 12, 24))
    for _ in range(rng.randint(3, 15)):
        s[rng.randint(1, top)] += 1
    for _ in range(rng.randint(3, 15)):
        p = rng.randint(1, rng.choice((6, 9, 24)))
        if s[p] > 0 or (s[p] == -1 and rng.random() < 0.5):
            continue
        s[p] -= 1
    if rng.random() < 0.2:
        s[25] = rng.randint(1, 2)
    s[0] = max(0, 15 - sum(x for x in s[1:26] if x > 0))
    s[27] = max(0, 15 - sum(-x for x in s[1:25] if x < 0))
    return tuple(s)


def _kush_state(rng: random.Random) -> tuple[int, ...]:
    """A long-nardy position with the mover's checkers bunched (blocks of six form), blots, a bar."""
    s = [0] * 28
    base = rng.randint(1, 24)
    for _ in range(rng.randint(6, 15)):
        s[(base + rng.randint(0, 9) - 1) % 24 + 1] += 1
    if rng.random() < 0.3:
        s[25] = rng.randint(1, 2)
    for _ in range(rng.randint(3, 15)):
        p = rng.randint(1, 24)
        if s[p] > 0 or (s[p] == -1 and rng.random() < 0.5):
            continue
        s[p] -= 1
    if rng.random() < 0.2:
        s[26] = 1
    if rng.random() < 0.1:
        s[24] += 15 - sum(x for x in s[1:26] if x > 0)
    return tuple(s)


def _check(
    specs: list[str], make: Callable[[random.Random], tuple[int, ...]], seed: int, count: int
) -> None:
    variants = [nardy.find_variant(spec) for spec in specs]
    rng = random.Random(seed)
    for _ in range(count):
        state = make(rng)
        die = rng.randint(1, 6)
        roll = Roll(die, die)
        variant = rng.choice(variants)
        got = searched(state, turn_rules(variant, state, roll)) or [(state, 0)]
        want = {s: len(steps) for s, steps in reference_raw_plays(variant, state, roll)}
        assert _dice_by_state(got) == want, f"{variant}: {state} {roll}"


def test_caucasian_doubles() -> None:
    _check(CAUCASIAN, _caucasian_state, 2026, 400)


def test_kush_doubles() -> None:
    _check(KUSH, _kush_state, 2027, 400)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(2))
def test_caucasian_doubles_sweep(seed: int) -> None:
    _check(CAUCASIAN, _caucasian_state, 100 + seed, 3000)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(2))
def test_kush_doubles_sweep(seed: int) -> None:
    _check(KUSH, _kush_state, 200 + seed, 3000)


def test_a_hitter_rule_the_core_does_not_know_runs_on_the_python_search() -> None:
    def fussy(board: list[int], src: int, dst: int) -> bool:
        return dst == 0 or board[dst] == 1

    state = _caucasian_state(random.Random(5))
    rules = TurnRules((3, 3, 3, 3), HIT, True, None, HitterRule(24, fussy), None, True, [])
    assert native.native_plays(rules, state) is None
    stops = TurnRules((3, 3, 3, 3), HIT, True, None, None, None, True, [])
    assert searched(state, rules)
    assert (
        _dice_by_state(searched(state, rules)).keys()
        <= _dice_by_state(searched(state, stops)).keys()
    )
