"""The vocabulary a variant's rules are written in: geometry, contact, the bar, extra state.

Each of these is class data of a :class:`~nardy.variants.base.Variant`; the
engine turns it into tables once per configured variant
(:mod:`nardy.engine`).

Extra state is what a variant declares beyond checkers on points, bar and
off. A position of such a variant carries, for each declared field, one
value per side (in the state: the mover's, then the opponent's; see
:mod:`nardy.engine.state`). The field says how the value turns round with
the board, how it reads and writes in the array form and the position ID,
and whether it holds checkers (so that each side's checkers still add up).
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["PINS", "POOL", "Contact", "Entering", "ExtraField", "ExtraKind", "Geometry"]


class Geometry(enum.Enum):
    """How the two players' numberings of the points relate.

    Each side numbers the points from its own 24 (where it enters or
    starts) to its own 1 (its home board's last point), and bears off below
    1. A geometry is the map from my number of a point to the opponent's
    number of the same point (:meth:`opponent_point`, its own inverse);
    turning the board round for the opponent renumbers every point by it,
    changes every sign and swaps the two sides' bar, off and extra fields.
    Everything that depends on the geometry asks it here (:attr:`code` for
    the engine's tables), so another geometry is one member with its
    branch in :meth:`opponent_point`.
    """

    #: Opposite directions (backgammon): my point p is the opponent's 25 - p.
    MIRROR = "mirror"
    #: Same direction, starting points in opposite corners (long nardy): my
    #: point p is the opponent's (p + 11) mod 24 + 1.
    ROTATE = "rotate"
    #: One shared track (tabula): my point p is the opponent's p. Both sides
    #: enter on the same quarter (24-19), travel the same way and bear off
    #: from the same home board (6-1); turning the board round renumbers
    #: nothing.
    SAME = "same"

    def opponent_point(self, p: int) -> int:
        """The opponent's number for my point ``p`` (1..24)."""
        if self is Geometry.MIRROR:
            return 25 - p
        if self is Geometry.ROTATE:
            return (p + 11) % 24 + 1
        return p

    @property
    def code(self) -> int:
        """The geometry as a small int for the engine (:mod:`nardy.engine.state`): its place among the members."""
        return _GEOMETRY_CODES[self.value]

    @property
    def point_map(self) -> tuple[int, ...]:
        """:meth:`opponent_point` as a table: entry p (1..24) is the opponent's number; entry 0 is 0."""
        return (0, *(self.opponent_point(p) for p in range(1, 25)))


# Geometry.code by value: the members in their order.
_GEOMETRY_CODES = {g.value: i for i, g in enumerate(Geometry)}


class Contact(enum.Enum):
    """What an opposing checker on a point does to the mover."""

    #: Two or more close the point; a single one (a blot) can be hit, and
    #: goes to its owner's bar.
    HIT = "hit"
    #: Any opposing checker closes the point; nothing is ever hit.
    BLOCK = "block"
    #: Two or more close the point; landing on a single free one pins it
    #: (both stay on the point, the pinned one underneath, unable to move
    #: until the last checker on top leaves). A point where one of the
    #: mover's own checkers lies pinned is closed to him. Positions of a
    #: variant with this contact carry the pins (``pinned``/``opp_pinned``).
    PIN = "pin"


class Entering(enum.Enum):
    """What becomes of a checker on the bar (in a variant that has one)."""

    #: It must enter before any other checker moves, on the point 25 - die
    #: (the opponent's home board); a die that cannot enter is lost.
    ENTER = "enter"
    #: The dice never move it; it comes back only through a play of the
    #: variant's own (:meth:`~nardy.variants.base.Variant.extra_plays`, as in
    #: Kush). It does not stop other checkers from moving, but it is not
    #: home, so nothing is borne off while it waits.
    RETURN = "return"


# --- extra state ------------------------------------------------------------------


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

#: The pool: each side's checkers not yet entered (acey-deucey and tabula
#: start with all fifteen there). A count per side that holds checkers
#: (positive board + bar + off + pool = :attr:`~nardy.Variant.checkers`);
#: ``pool`` ``[mover, opponent]`` in the array form, ``pool=3/5`` in the ID.
#: A variant has a pool when this field is in its
#: :attr:`~nardy.Variant.extra_state` (the engine finds it by equality with
#: this value, not by name): its pool checkers then enter with the dice as
#: checkers on the bar do, on the point ``25 - die`` (see
#: :func:`nardy.rules.movement.may_enter_from_pool`).
POOL = ExtraField("pool", ExtraKind.COUNT, ("pool",), holds_checkers=True)
