"""The batch entry point, ``Variant.play_keys_many``: each state's ``play_keys``, in order, in one call.

Where a roll's rules are the same for every state (no per-turn hook, or
rules declared per roll) the native core searches the batch at once with
the GIL released; elsewhere the states are asked one by one. Either way the
answers are those of ``play_keys``, a pass included, in every variant.
"""

from __future__ import annotations

import random

import pytest

import nardy
from nardy.engine.notation_write import write_code, write_codes
from nardy.errors import InvalidPositionError

# Every game, and configurations whose rules run per turn (acey-deucey's
# options) or are declared per roll (long nardy's six-block rule at the end).
SPECS = [
    "backgammon",
    "hypergammon",
    "caucasian",
    "long-nardy",
    "long-nardy(six_block_check=turn)",
    "kush",
    "portes",
    "plakoto",
    "fevga",
    "tavla",
    "acey-deucey",
    "acey-deucey(entering=all-first,hitting=after-home)",
    "tabula",
    "gul-bara",
    "gioul",
    "dutch",
    "dutch(entering=free,hitting=any)",
    "russian",
    "russian(entering=free)",
    "tapa",
    "longgammon",
    "moultezim",
]


def _positions(variant: nardy.Variant, count: int, seed: int) -> list[nardy.Position]:
    """``count`` positions of seeded random games, finished ones left out."""
    rng = random.Random(seed)
    found: list[nardy.Position] = []
    position = variant.starting_position()
    while len(found) < count:
        if position.is_over():
            position = variant.starting_position()
            continue
        found.append(position)
        legal = position.legal_plays(variant.random_roll(rng))
        position = legal.resulting_position(rng.randrange(len(legal)))
    return found


@pytest.mark.parametrize("spec", SPECS)
def test_a_batch_is_play_keys_one_by_one(spec: str) -> None:
    variant = nardy.find_variant(spec)
    states = [position.packed for position in _positions(variant, 120, 39)]
    passes = 0
    for roll in variant.rolls()[::4]:
        one_by_one = [variant.play_keys(packed, roll) for packed in states]
        assert variant.play_keys_many(states, roll) == one_by_one
        passes += sum(codes == [0] for _, codes in one_by_one)
    assert variant.play_keys_many([], variant.rolls()[0]) == []
    if spec == "backgammon":
        assert passes > 0  # (a pass is in some batch: the start's key with no steps)


def test_a_bad_state_in_a_batch_is_named() -> None:
    variant = nardy.Backgammon()
    start = variant.starting_position().packed
    roll = nardy.Roll(3, 1)
    for bad in (start[:-3], start + b"\x80", bytearray(start), start.hex()):
        with pytest.raises(
            InvalidPositionError, match="state 2 is not a packed state of backgammon"
        ):
            variant.play_keys_many([start, start, bad], roll)  # type: ignore[list-item]
        with pytest.raises(InvalidPositionError, match="packed is not a packed state"):
            variant.play_keys(bad, roll)  # type: ignore[arg-type]


@pytest.mark.skipif(not nardy.native, reason="the native core's notation writer")
@pytest.mark.parametrize("spec", SPECS)
def test_the_native_notation_is_the_python_notation(spec: str) -> None:
    # LegalPlays.notations asks the native core's writer when it is loaded;
    # the Python writer (write_code) is the rule it must equal, play by play.
    variant = nardy.find_variant(spec)
    written = 0
    for position in _positions(variant, 60, 41):
        for roll in variant.rolls()[::3]:
            legal = position.legal_plays(roll)
            codes = [code for _, code in zip(legal, variant.play_keys(position.packed, roll)[1])]
            assert legal.notations() == [write_code(code) for code in codes]
            written += len(codes)
    assert written > 500


@pytest.mark.skipif(not nardy.native, reason="the native core's notation writer")
def test_the_native_notation_writer_refuses_what_is_not_a_play() -> None:
    for bad in ([-1], [2**130], ["24/18"], [None]):
        with pytest.raises(ValueError, match="code 0: not a packed play"):
            write_codes(bad)  # type: ignore[arg-type]
