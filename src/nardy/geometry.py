"""The vocabulary a variant's rules are written in: geometry, contact, the bar.

Each of these is class data of a :class:`~nardy.variant.Variant`; the engine
turns it into tables once per configured variant (:mod:`nardy.engine`).
"""

from __future__ import annotations

import enum

__all__ = ["Contact", "Entering", "Geometry"]


class Geometry(enum.Enum):
    """How the two players' numberings of the points relate."""

    #: Opposite directions (backgammon): my point p is the opponent's 25 - p.
    MIRROR = "mirror"
    #: Same direction, starting points in opposite corners (long nardy): my
    #: point p is the opponent's (p + 11) mod 24 + 1.
    ROTATE = "rotate"

    def opponent_point(self, p: int) -> int:
        """The opponent's number for my point ``p`` (1..24)."""
        if self is Geometry.MIRROR:
            return 25 - p
        return (p + 11) % 24 + 1


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
    #: variant's own (:meth:`~nardy.variant.Variant.extra_plays`, as in
    #: Kush). It does not stop other checkers from moving, but it is not
    #: home, so nothing is borne off while it waits.
    RETURN = "return"
