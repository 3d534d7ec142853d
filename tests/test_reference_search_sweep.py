"""The wide sweep: every built-in configuration against the reference search, on many seeded positions and every roll.

The quick part (``test_reference_search.py``) checks one position of each
configuration; this checks many, under the marker ``sweep`` (CI runs the
sweeps on the compiled build). Positions are those of
:func:`test_reference_search.sample`: half along seeded random games, half
constructed by the suite's builders (and, in long nardy and Kush, from
games of a player who builds runs of points). Every segment of the variant
is played from each: every roll of its dice (21, or tabula's 56), and in
gul bara and gioul each double as 1 to 3 moves too (moves handed over).

The size is one number, ``NARDY_REFERENCE_SWEEP`` (default 30): positions
per configuration of long nardy, Kush, acey-deucey and tabula (48 to 64
configurations each), five
times as many for each configuration of the other variants (2 to 6 each),
and as many for each variant made outside the built-in ones. An eighth as
many again are checked against the tests' oracles.
"""

from __future__ import annotations

import functools
import os

import pytest

from nardy import Position, Variant
from test_reference_search import (
    CONFIGURATIONS,
    OTHER_VARIANTS,
    SPECS,
    FiveMoveDoubles,
    check,
    check_oracle,
    game_positions,
    sample,
    segments,
)

#: Positions per configuration of long nardy and Kush; the others get five times as many.
SCALE = int(os.environ.get("NARDY_REFERENCE_SWEEP", "30"))
#: The variants with few configurations, each of which is swept five times as wide.
WIDE = frozenset(
    {"backgammon", "nackgammon", "hypergammon", "caucasian", "portes", "tavla", "plakoto", "fevga"}
    | {"tapa", "longgammon"}
)


def size(variant: Variant) -> int:
    """How many positions of ``variant`` the sweep takes."""
    return SCALE * 5 if variant.name in WIDE else SCALE


@functools.cache
def items(variant: Variant) -> list[tuple[str, Position]]:
    """The sweep's positions of a built-in configuration (made once: two tests read them)."""
    return sample(variant, size(variant), "sweep")


@pytest.mark.sweep
@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_sweep_agrees_with_the_reference(variant: Variant) -> None:
    assert check(variant, items(variant)) == size(variant) * len(segments(variant))


#: The variants made outside the built-in ones, and one whose doubles give five moves.
OTHERS: tuple[Variant, ...] = (*OTHER_VARIANTS, FiveMoveDoubles())


@pytest.mark.sweep
@pytest.mark.parametrize("variant", OTHERS, ids=lambda v: v.name)
def test_sweep_other_variants_agree_with_the_reference(variant: Variant) -> None:
    n = SCALE // 4 if isinstance(variant, FiveMoveDoubles) else SCALE
    assert check(variant, game_positions(variant, n, "sweep-other")) == n * 21


@pytest.mark.sweep
@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_sweep_the_reference_gives_what_the_oracles_give(variant: Variant) -> None:
    n = max(1, size(variant) // 8)
    assert check_oracle(variant, sample(variant, n, "sweep-oracle")) == n * len(segments(variant))
