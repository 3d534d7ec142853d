"""The faster searches for doubles agree with the tracking kernel, order and plays included.

:func:`nardy.engine.search.legal_plays` sends Caucasian nardy's doubles
(the no-hide rule) to :mod:`nardy.engine.kernels.hitter_doubles` and Kush's doubles to it or
to :mod:`nardy.engine.kernels.kush_double`. Each must give what the general tracking kernel
gives for the same rules: the same keys and plays, in the same order, after
the maximum-use rule. Random positions, dense with blots and near-blocks,
reach the cases each module's argument is about (a marked checker that may
move on, a block of six, a hit that moves the six-block guard).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import nardy
from nardy.engine.kernels.general import HIT, search_tracking
from nardy.engine.results import Found, pips
from nardy.engine.search import legal_plays, max_use
from nardy.engine.state import (
    code_of_steps,
    key_of,
    pack,
    packed_of_key,
    steps_of_code,
    unpack,
)
from nardy.model.basics import Roll
from nardy.rules.turn_rules import HitterRule
from nardy.rules.vocabulary import Entering
from nardy.variants.base import Variant

CAUCASIAN = ["caucasian", "caucasian(no_hide_after_hit=anywhere)"]
KUSH = [
    "kush",
    "kush(six_block_check=turn)",
    "kush(six_block=home)",
    "kush(six_block=home,six_block_check=turn)",
    "kush(head_exception=any-blocked-double)",
]


def _enters(variant: Variant) -> bool:
    return variant.entering is not Entering.RETURN


def _reference(variant: Variant, state: tuple[int, ...], roll: Roll) -> tuple[list[int], list[int]]:
    """The tracking kernel's answer for a double, the play filter and maximum use applied."""
    board = list(state)
    key = key_of(state)
    rule = variant.step_rule(state, roll)
    hitter = variant.hitter_rule(state, roll)
    play_filter = variant.play_filter(state, roll)
    if hitter is not None and not any(board[p] == -1 for p in range(1, hitter.zone + 1)):
        hitter = None
    # Both games hit on a double.
    found = search_tracking(
        board, key, roll.moves, HIT, _enters(variant), rule, hitter, play_filter is not None
    )
    if play_filter is not None:
        candidates = [
            (unpack(packed_of_key(k, len(state))), steps_of_code(c), n, pips(c))
            for k, c, n in zip(found.keys, found.codes, found.counts)
        ]
        kept = Found()
        for s, steps, n, _ in play_filter(state, candidates):
            kept.record(key_of(s), code_of_steps(steps), n)
        found = kept
    chosen = max_use(found, roll.moves, True)
    if chosen is None:
        return found.keys, found.codes
    return [found.keys[i] for i in chosen], [found.codes[i] for i in chosen]


def _answer(variant: Variant, state: tuple[int, ...], roll: Roll) -> tuple[list[int], list[int]]:
    """What the engine's dispatch gives for the same turn."""
    return legal_plays(
        pack(state),
        list(state),
        roll.moves,
        HIT,
        _enters(variant),
        variant.step_rule(state, roll),
        variant.hitter_rule(state, roll),
        variant.play_filter(state, roll),
        True,
    )


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
        got = _answer(variant, state, roll)
        want = _reference(variant, state, roll)
        assert (list(got[0]), list(got[1])) == (list(want[0]), list(want[1])), (
            f"{variant}: {state} {roll}"
        )


def test_caucasian_doubles_as_tracking() -> None:
    _check(CAUCASIAN, _caucasian_state, 2026, 400)


def test_kush_doubles_as_tracking() -> None:
    _check(KUSH, _kush_state, 2027, 400)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(2))
def test_caucasian_doubles_sweep(seed: int) -> None:
    _check(CAUCASIAN, _caucasian_state, 100 + seed, 3000)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(2))
def test_kush_doubles_sweep(seed: int) -> None:
    _check(KUSH, _kush_state, 200 + seed, 3000)


def test_hitter_rule_left_alone() -> None:
    """A hitter rule the engine does not know by name still goes to the tracking kernel."""

    def fussy(board: list[int], src: int, dst: int) -> bool:
        return dst == 0 or board[dst] == 1

    state = _caucasian_state(random.Random(5))
    hitter = HitterRule(24, fussy)
    got = legal_plays(pack(state), list(state), (3, 3, 3, 3), HIT, True, None, hitter, None, True)
    board = list(state)
    found = search_tracking(board, key_of(state), (3, 3, 3, 3), HIT, True, None, hitter, False)
    chosen = max_use(found, (3, 3, 3, 3), True)
    keys = found.keys if chosen is None else [found.keys[i] for i in chosen]
    assert list(got[0]) == list(keys)
