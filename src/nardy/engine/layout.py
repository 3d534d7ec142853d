"""The state: a tuple of ints in the mover's frame, and turning it round.

Layout (every index is a constant of this module)::

    s[0]       MOVER_OFF   checkers the mover has borne off
    s[1..24]               the mover's points 1..24: > 0 the mover's (free)
                           checkers, < 0 the opponent's
    s[25]      MOVER_BAR   the mover's bar
    s[26]      OPP_BAR     the opponent's bar
    s[27]      OPP_OFF     checkers the opponent has borne off
    s[28..]    EXTRA       variant-declared extra state, two ints per field
                           (the mover's value, then the opponent's)

A variant with no extra state uses the first 28 ints only. Extra fields are
of two kinds: ``POINTS`` (a set of points, a bitmask with bit p for point p
in the mover's numbering, such as the points where a side's checker lies
pinned) and ``COUNT`` (a number per side). With pinning contact the first
field is the pins: ``s[PINNED]`` the mover's pinned checkers,
``s[OPP_PINNED]`` the opponent's (at most one pinned checker per point; it
is not counted in ``s[1..24]``, which counts free checkers only).

A step is ``(src, dst, die, hit)``: ``src`` 25 for the bar, ``dst`` 0 for
off, ``hit`` true when it hit (or pinned) an opposing checker.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import neg
from typing import Final

__all__ = [
    "BASE_SIZE",
    "COUNT",
    "EXTRA",
    "HOME",
    "MOVER_BAR",
    "MOVER_OFF",
    "OPP_BAR",
    "OPP_OFF",
    "OPP_PINNED",
    "PINNED",
    "POINTS",
    "Candidate",
    "Found",
    "RawStep",
    "State",
    "Steps",
    "flip",
    "flipper",
    "map_points",
    "opponent_point",
    "point_bits",
]

State = tuple[int, ...]
RawStep = tuple[int, int, int, bool]
Steps = tuple[RawStep, ...]
#: One sequence a kernel found: the resulting state (mover's frame, turn not
#: passed), its steps, the number of dice it used and their pips.
Candidate = tuple[State, Steps, int, int]
#: What a kernel returns: one candidate per distinct result (the dict key
#: identifies the result), in the order first found.
Found = dict[object, Candidate]

MOVER_OFF: Final = 0
MOVER_BAR: Final = 25
OPP_BAR: Final = 26
OPP_OFF: Final = 27
EXTRA: Final = 28
BASE_SIZE: Final = 28
#: The pins of a variant with pinning contact: its first extra field.
PINNED: Final = 28
OPP_PINNED: Final = 29
#: The mover's home board is his points 1..HOME.
HOME: Final = 6

#: Kinds of extra field.
POINTS: Final = 1
COUNT: Final = 2


def opponent_point(p: int, rotate: bool) -> int:
    """The opponent's number for my point ``p``: 25 - p, or (p + 11) mod 24 + 1 when ``rotate``."""
    return (p + 11) % 24 + 1 if rotate else 25 - p


def map_points(mask: int, rotate: bool) -> int:
    """A set of points (bit p for point p) renumbered into the opponent's numbering."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << opponent_point(low.bit_length() - 1, rotate)
        mask ^= low
    return out


def point_bits(mask: int) -> list[int]:
    """The points of a set (bit p for point p), lowest first."""
    return [p for p in range(1, 25) if mask >> p & 1]


def flipper(rotate: bool, extras: tuple[int, ...] = ()) -> Callable[[State], State]:
    """The :func:`flip` of one geometry and set of extra fields, as a fast one-argument function."""
    if extras:
        return lambda state: flip(state, rotate, extras)
    if rotate:
        return lambda s: (s[27], *map(neg, s[13:25]), *map(neg, s[1:13]), s[26], s[25], s[0])
    return lambda s: (s[27], *map(neg, s[24:0:-1]), s[26], s[25], s[0])


def flip(state: State, rotate: bool, extras: tuple[int, ...] = ()) -> State:
    """The same position in the opponent's frame (the turn handed over).

    ``extras`` lists the kinds of the variant's extra fields, in order.
    """
    s = state
    if rotate:
        head = (s[27], *map(neg, s[13:25]), *map(neg, s[1:13]), s[26], s[25], s[0])
    else:
        head = (s[27], *map(neg, s[24:0:-1]), s[26], s[25], s[0])
    if not extras:
        return head
    tail: list[int] = []
    for i, kind in enumerate(extras):
        mine, theirs = s[EXTRA + 2 * i], s[EXTRA + 2 * i + 1]
        if kind == POINTS:
            tail += (map_points(theirs, rotate), map_points(mine, rotate))
        else:
            tail += (theirs, mine)
    return (*head, *tail)
