"""nardy's fast perft loop (nardy.perft.fast) against the generic algorithm (nardy.perft.count).

:func:`nardy.perft.perft` counts with :mod:`nardy.perft.fast`: per-group sets
for variants without extra state, the plain loop otherwise. Here the same
generator (the variant's ``play_keys``) drives the generic
:func:`~nardy.perft.count` over the same keys, and every row must be equal:
from each preset's start, and from positions where the grouping has work to
do (blots to hit, checkers on a bar, pins, a finished game within reach).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

import nardy
from nardy import ALL_ROLLS, Position, Side, Variant
from nardy.perft import PerftRow, count, perft
from nardy.perft.fast import finished_by_bytes, opponent_part
from test_perft import GNUBG_SPECS, REFERENCE_SPECS
from toy_variants import HomeHitStops, PinningGame, TruceHypergammon, registered


def generic_perft(start: Position, depth: int) -> list[PerftRow]:
    """:func:`count` driven by nardy's generator, as perft did before its compiled loop."""
    variant = start.variant
    flip = variant.packed_flipper()

    def children(key: bytes) -> Iterator[tuple[Sequence[bytes], bool, bool]]:
        packed = flip(key)
        for roll in ALL_ROLLS:
            keys, codes = variant.play_keys(packed, roll)
            yield keys, roll.is_double, not codes[0]

    def finished(key: bytes, n: int) -> bool:
        turn = start.turn if n % 2 == 0 else start.turn.opponent
        position = Position.from_packed(variant, turn, flip(key))
        return variant.is_over(position)

    return count(flip(start.packed), depth, children, finished)


def agree(start: Position, depth: int) -> list[PerftRow]:
    """perft's rows from ``start``, after checking them against :func:`generic_perft`."""
    rows = list(perft(start.variant, depth, start).rows)
    assert rows == generic_perft(start, depth)
    return rows


@pytest.mark.parametrize("spec", GNUBG_SPECS + REFERENCE_SPECS)
def test_fast_equals_generic_from_the_start(spec: str) -> None:
    variant = nardy.find_variant(spec)
    # Hypergammon's three checkers make depth 3 cheap; 15 checkers stop at 2.
    agree(variant.starting_position(), 3 if variant.checkers == 3 else 2)


def test_fast_equals_generic_for_long_nardy_deeper() -> None:
    # Kush hits on doubles only: the first hits come after a few plies.
    for spec in ("long-nardy", "kush", "fevga"):
        agree(nardy.find_variant(spec).starting_position(), 4)


def test_fast_equals_generic_with_blots_and_both_bars() -> None:
    # Both sides have a checker on the bar and blots about: children that hit
    # land in the shared set, and so do the children of parents whose
    # opponent is on the bar; some of them are equal to children of others.
    variant = nardy.Backgammon()
    start = variant.from_counts(
        {24: 1, 13: 4, 8: 3, 6: 4, 5: 1, 3: 1},
        {24: 2, 13: 4, 9: 1, 8: 2, 6: 3, 4: 1, 2: 1},
        bar=(1, 1),
    )
    agree(start, 2)


def test_fast_equals_generic_in_a_race_to_the_end() -> None:
    # Few checkers left: games end at every depth (terminal states are left
    # out of the next level), and some rolls are passes.
    variant = nardy.Hypergammon()
    start = variant.from_counts({1: 1, 2: 1}, {1: 1, 3: 1}, bar=(0, 0), off=(1, 1))
    rows = agree(start, 4)
    assert rows[0].terminal > 0


def test_fast_equals_generic_with_hits_in_kush() -> None:
    variant = nardy.Kush()
    position = variant.starting_position()
    for roll in ("6-6", "5-5", "6-6", "4-4", "6-6"):
        plays = position.legal_plays(roll)
        position = plays.resulting_position(len(plays) - 1)
    agree(position, 2)


def test_fast_equals_generic_with_pins() -> None:
    # Plakoto carries pins as extra state (the plain loop) and ends its own way.
    variant = nardy.Plakoto()
    start = variant.from_counts(
        {24: 12, 19: 1, 18: 1, 5: 1},
        {24: 12, 20: 1, 8: 2},
        pins={Side.WHITE: [5]},
    )
    agree(start, 2)


def test_fast_equals_generic_for_variants_from_elsewhere() -> None:
    # Variants defined outside nardy get the plain loop: pins, a hitter rule,
    # a game that ends its own way.
    with registered(PinningGame, HomeHitStops, TruceHypergammon):
        agree(PinningGame().starting_position(), 2)
        agree(HomeHitStops().starting_position(), 2)
        # Black's first checker off ends the game in a truce (at depth 2).
        start = TruceHypergammon().from_counts({1: 1, 2: 1}, {1: 1, 2: 1, 3: 1}, off=(1, 0))
        assert agree(start, 2)[1].terminal > 0


def test_opponent_part_keeps_only_the_opponent() -> None:
    variant = nardy.Backgammon()
    a = variant.from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    b = variant.from_counts({23: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    c = variant.from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 13: 5, 8: 3, 6: 5}, bar=(0, 1))
    # The mover (White) moved: same part; the opponent hit to the bar: another.
    assert opponent_part(a.packed) == opponent_part(b.packed) != opponent_part(c.packed)
    assert len(opponent_part(a.packed)) == 26


def test_finished_by_bytes() -> None:
    variant: Variant = nardy.Hypergammon()
    all_off = variant.checkers + 128
    for off, over in (((0, 0), False), ((3, 0), True), ((0, 3), True), ((2, 2), False)):
        white = {1: 3 - off[0]} if off[0] < 3 else {}
        black = {1: 3 - off[1]} if off[1] < 3 else {}
        position = variant.from_counts(white, black, off=off)
        assert finished_by_bytes(position.packed, all_off) is over is variant.is_over(position)
