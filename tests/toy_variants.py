"""Small variants made for the tests: each exercises one part of the engine's hooks.

None of them is a real game; they are registered only inside the tests that
use them (see :func:`registered`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import MappingProxyType
from typing import ClassVar

import attrs

import nardy
from nardy import Contact, HitterRule, Play, Position, Result, ResultKind, Roll, Side
from nardy.variants.base import State
from nardy.variants.scoring import PRESETS, ScoringTable


@contextmanager
def registered(*classes: type[nardy.Variant]) -> Iterator[None]:
    """Register test variants for the block only (the registry is global)."""
    for cls in classes:
        nardy.register_variant(cls)
    try:
        yield
    finally:
        for cls in classes:
            nardy.unregister_variant(cls)


@attrs.frozen
class PinningGame(nardy.Variant):
    """Plakoto's movement: all fifteen on the 24-point, opposite directions, pins, no bar."""

    name: ClassVar[str] = "test-pinning"
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 15})
    contact: ClassVar[Contact] = Contact.PIN
    has_bar: ClassVar[bool] = False

    def scoring_table(self) -> ScoringTable:
        return PRESETS["russian"]


@attrs.frozen
class HomeHitStops(nardy.Backgammon):
    """Tavla's movement: a checker that hits inside the home board stops there."""

    name: ClassVar[str] = "test-home-hit-stops"
    aliases: ClassVar[tuple[str, ...]] = ()

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        return HitterRule(6)


@attrs.frozen
class TruceHypergammon(nardy.Hypergammon):
    """Hypergammon where the game is drawn once both sides have borne off a checker."""

    name: ClassVar[str] = "test-truce-hypergammon"
    aliases: ClassVar[tuple[str, ...]] = ()

    def _truce(self, position: Position) -> bool:
        return position.off(Side.WHITE) > 0 and position.off(Side.BLACK) > 0

    def is_over(self, position: Position) -> bool:
        return self._truce(position) or super().is_over(position)

    def result(self, position: Position) -> Result | None:
        if self._truce(position):
            return Result(None, ResultKind.DRAW, 0)
        return super().result(position)


@attrs.frozen
class BonusDoublesHypergammon(nardy.Hypergammon):
    """Hypergammon where a double earns its player another roll."""

    name: ClassVar[str] = "test-bonus-doubles"
    aliases: ClassVar[tuple[str, ...]] = ()

    def another_roll(self, position: Position, play: Play) -> bool:
        return play.roll.is_double
