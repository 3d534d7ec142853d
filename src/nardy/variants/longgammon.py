"""Longgammon: backgammon with every checker starting on its own 24-point.

Everything but the start is backgammon's (:class:`~nardy.variants.backgammon.Backgammon`):
hitting, the bar, the higher die, bearing off, gammons and backgammons, the
cube and the opening, and every option; its legal sets are backgammon's for
every position. The documentation page ``variants/longgammon`` gives the
rules in prose.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import ClassVar

import attrs

from nardy.model.registry import register_variant
from nardy.variants.backgammon import Backgammon

__all__ = ["Longgammon"]


@register_variant
@attrs.frozen
class Longgammon(Backgammon):
    """Longgammon: backgammon from a start with all fifteen checkers on the own 24-point.

    Start (each side, own numbering): 15 on 24, so the opponent's fifteen
    stand on the mover's 1-point. The rules, options and scoring are
    backgammon's (:class:`~nardy.variants.backgammon.Backgammon`):
    ``must_play_higher`` (default True), ``scoring`` (default
    ``"standard"``, 1/2/3) and ``result_points``; the doubling cube is in
    play as in backgammon.
    """

    name: ClassVar[str] = "longgammon"
    aliases: ClassVar[tuple[str, ...]] = ("long-gammon", "long gammon")
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 15})
