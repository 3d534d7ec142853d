"""Tapa: plakoto's board and pins with its own bear-off, the third game of a tabla match.

Movement is data: each side starts with fifteen on its own 24-point (the
opponent's on the mover's 1-point), the two travel in opposite directions
(mirror geometry), a checker landing on a lone opposing one pins it
(pinning contact), and there is no bar, no pool and no cube. What is
tapa's own is its bear-off (option ``bear_off_pinned``): a pinned checker
of the mover's inside his home board does not stop it and stands on its
point for the larger-die rule (:attr:`BearOff.pinned_home
<nardy.BearOff.pinned_home>`). The documentation page ``variants/tapa``
gives the rules in prose.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from nardy.model.registry import register_variant
from nardy.rules.movement import BearOff
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.scoring import ScoringTable
from nardy.variants.tavli import Plakoto

__all__ = ["BEAR_OFF_PINNED", "Tapa"]

#: Option ``bear_off_pinned`` (rule TP.3): ``"allowed"`` (a pinned checker
#: of the mover's in his home board does not stop the bear-off and stands
#: on its point) or ``"blocked"`` (nothing is borne off while one of his
#: checkers lies pinned: plakoto's rule).
BEAR_OFF_PINNED: Final = ("allowed", "blocked")

_ALLOWED: Final = BearOff(6, True, pinned_home=True)
_BLOCKED: Final = BearOff(6, True)


@register_variant
@attrs.frozen
class Tapa(Plakoto):
    """Tapa: plakoto's pins, a pinned checker at home no bar to the bear-off, no mother rule by default.

    Fifteen checkers each on the own 24-point, opposite directions; a
    checker landing on a lone free opposing checker pins it, a point with a
    pinned checker of the mover's is closed to him (even under a single
    pinner), and the pin is released when the last checker of the pinning
    stack leaves. Both dice if possible, else the higher. Bearing off once
    every checker of the mover's, free or pinned, is in his home board.
    Results: single 1, gammon 2 (the loser has borne off none).

    Args:
        bear_off_pinned: ``"allowed"`` (default: a pinned checker in the
            home board does not stop the bear-off, and counts as standing
            on its point for the larger-die rule) or ``"blocked"`` (no
            bear-off while a checker of the mover's is pinned; then the
            legal sets are plakoto's).
        mother: plakoto's mother rule, with its defaults (default False:
            results only, no legal set depends on it).
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).

    """

    name: ClassVar[str] = "tapa"
    aliases: ClassVar[tuple[str, ...]] = ("тапа", "tapa-bulgarian")

    #: ``"allowed"`` (default) or ``"blocked"`` (:data:`BEAR_OFF_PINNED`).
    bear_off_pinned: str = attrs.field(default="allowed", validator=choice(*BEAR_OFF_PINNED))
    #: Plakoto's mother rule (a pinned last checker on its start loses the game); False by default.
    mother: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: Plakoto's default, not an option of tapa: the win waits while the pinner has checkers on his start.
    mother_exception: str = attrs.field(default="own-start", init=False)
    #: Plakoto's default, not an option of tapa: the mother win is worth 2.
    mother_points: int = attrs.field(default=2, init=False)
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    @property
    def bear_off(self) -> BearOff:  # type: ignore[override]  # read from the option
        """The bear-off rule: the home board, a larger die, and the pinned checkers by ``bear_off_pinned``."""
        return _ALLOWED if self.bear_off_pinned == "allowed" else _BLOCKED

    def scoring_table(self) -> ScoringTable:
        """Single 1, gammon 2, and (``mother=True``) plakoto's mother win."""
        table = super().scoring_table()
        return ScoringTable("tapa", table.rows)
