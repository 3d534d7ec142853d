"""Gioul: gul bara in opposite directions.

The same game as gul bara (:mod:`nardy.variants.gul_bara`: one checker
holds a point, no hitting, no bar, cascading doubles, moves handed over)
on backgammon's geometry: each side starts with fifteen on its own
24-point, the opponent's on the mover's 1-point, and the two travel in
opposite directions, as in plakoto. Its players know no opening
exception, so ``opening_exception`` is ``"none"`` by default. The
documentation page ``variants/gioul`` gives the rules in prose.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

import attrs

from nardy.model.registry import register_variant
from nardy.rules.vocabulary import Geometry
from nardy.variants.gul_bara import OPENING_EXCEPTIONS, GulBara
from nardy.variants.options import choice

__all__ = ["Gioul"]


@register_variant
@attrs.frozen
class Gioul(GulBara):
    """Gioul: gul bara's rules with the two sides moving in opposite directions.

    Fifteen checkers each on the own 24-point (the opponent's on the
    mover's 1-point); mirror geometry, as backgammon and plakoto. Every
    rule and option is gul bara's (:class:`~nardy.variants.gul_bara.GulBara`)
    except the default of ``opening_exception``, ``"none"``: every double
    is a cascade, the first roll of the game included.

    Args:
        opening_exception: ``"none"`` (default), ``"per-player"`` or ``"game"``.
        cascade_failure: ``"transfer"`` (default), ``"current"`` or ``"lose"``.
        transfer_without_move: whether the moves pass when the roller moved
            no checker in the turn (default True).
        bear_off: ``"larger"`` (default) or ``"exact"``.
        scoring: ``"mars"`` (default), ``"single"`` or ``"standard"``.
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).

    """

    name: ClassVar[str] = "gioul"
    aliases: ClassVar[tuple[str, ...]] = ("γκιούλ", "giul")
    start: ClassVar[Mapping[int, int]] = MappingProxyType({24: 15})
    geometry: ClassVar[Geometry] = Geometry.MIRROR

    #: Which rolls are opening rolls; ``"none"`` by default (every double is a cascade).
    opening_exception: str = attrs.field(default="none", validator=choice(*OPENING_EXCEPTIONS))
