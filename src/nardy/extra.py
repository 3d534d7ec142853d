"""Extra state a variant declares beyond checkers on points, bar and off.

A position of such a variant carries, for each declared field, one value per
side (in the state: the mover's, then the opponent's; see
:mod:`nardy.engine.layout`). The field says how the value turns round with
the board, how it reads and writes in the array form and the position ID,
and whether it holds checkers (so that each side's checkers still add up).
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["PINS", "ExtraField", "ExtraKind"]


class ExtraKind(enum.Enum):
    """What an extra field holds for each side."""

    #: A set of points (in the side's own numbering when it speaks for
    #: itself; in the mover's numbering in the array form). One checker per
    #: point when the field holds checkers.
    POINTS = "points"
    #: A number of checkers (or of anything else).
    COUNT = "count"


@attrs.frozen
class ExtraField:
    """One declared field of extra state.

    ``name`` names it in position IDs (``...:pins=19/7``). In the array form
    a ``POINTS`` field is two keys, ``keys[0]`` the mover's points and
    ``keys[1]`` the opponent's, each a sorted list of points in the mover's
    numbering; a ``COUNT`` field is one key ``keys[0]`` holding
    ``[mover, opponent]``.
    """

    name: str
    kind: ExtraKind
    keys: tuple[str, ...]
    #: Whether each point (or each unit of the count) is one of the side's checkers.
    holds_checkers: bool = True


#: The pins of a variant with pinning contact: the points where one of a
#: side's checkers lies pinned under the other side's.
PINS = ExtraField("pins", ExtraKind.POINTS, ("pinned", "opp_pinned"))
