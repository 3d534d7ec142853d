"""The board the rules are written on: the state's layout, its named points, and the codes of the rules' data.

Every rule in :mod:`nardy.rules` is a function of the *state*, a tuple (or,
inside a search, a list) of ints in the *mover's frame*: the side to move
counts his points 1..24 towards his home, where he bears off. Layout (every
index is a constant of this module)::

    s[0]       MOVER_OFF   checkers the mover has borne off
    s[1..24]               the mover's points 1..24: > 0 the mover's (free)
                           checkers, < 0 the opponent's
    s[25]      MOVER_BAR   the mover's bar
    s[26]      OPP_BAR     the opponent's bar
    s[27]      OPP_OFF     checkers the opponent has borne off
    s[28..]    EXTRA       variant-declared extra state, two ints per field
                           (the mover's value, then the opponent's)

A variant with no extra state uses the first 28 ints only. Extra fields are
of two kinds: :data:`POINTS` (a set of points, a bitmask with bit p for
point p in the mover's numbering, such as the points where a side's checker
lies pinned) and :data:`COUNT` (a number per side). With pinning contact the
first field is the pins: ``s[PINNED]`` the mover's pinned checkers,
``s[OPP_PINNED]`` the opponent's (at most one pinned checker per point; it
is not counted in ``s[1..24]``, which counts free checkers only).

A step is ``(src, dst, die, hit)``: ``src`` 25 for the bar
(``MOVER_BAR``), :data:`FROM_POOL` (26) for the mover's pool, ``dst`` 0
for off, ``hit`` true when it hit (or pinned) an opposing checker. A step's
``src`` is a *code*, not an index of the state: the pool's count is at its
extra field's index (:func:`nardy.rules.movement.pool_index`), not at
``s[26]`` (the opponent's bar).

This module is the lowest of the rulebook: it imports nothing of nardy. The
engine builds on it (:mod:`nardy.engine.state` re-exports the layout and
adds the packed form, the keys and the packed steps).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BASE_SIZE",
    "BLOCK",
    "COUNT",
    "ENTER",
    "EXTRA",
    "EXTRA_BYTES",
    "FROM_POOL",
    "HEAD",
    "HIT",
    "HOME",
    "MOVER_BAR",
    "MOVER_OFF",
    "NO_BAR",
    "OPP_BAR",
    "OPP_OFF",
    "OPP_PINNED",
    "PIN",
    "PINNED",
    "POINTS",
    "RETURN",
    "ZERO",
    "Candidate",
    "RawStep",
    "State",
    "Steps",
]

#: A position in the mover's frame (the layout above).
State = tuple[int, ...]
#: One step: ``(src, dst, die, hit)``.
RawStep = tuple[int, int, int, bool]
#: The steps of a play, first to last.
Steps = tuple[RawStep, ...]
#: One sequence a search found: the resulting state (mover's frame, turn not
#: passed), its steps, the number of dice it used and their pips.
Candidate = tuple[State, Steps, int, int]

MOVER_OFF: Final = 0
MOVER_BAR: Final = 25
OPP_BAR: Final = 26
OPP_OFF: Final = 27
EXTRA: Final = 28
BASE_SIZE: Final = 28
#: The source code of a step that enters a checker from the mover's pool
#: (a step's source keeps 5 bits: 25 is the bar, 26 the pool). Not a state
#: index: the pool's count lies in the extra state.
FROM_POOL: Final = 26
#: The pins of a variant with pinning contact: its first extra field.
PINNED: Final = 28
OPP_PINNED: Final = 29
#: The mover's home board is his points 1..HOME: he bears off from there.
HOME: Final = 6
#: The mover's 24-point, the farthest from home: where every checker starts
#: in the games that start on one point (long nardy's and Kush's *head*,
#: plakoto's and fevga's starting point), and where Kush's checkers come back
#: from the bar. The one constant for it: the rules' own names
#: (``nardy.rules.head.HEAD``, :data:`nardy.rules.tavli.START`,
#: :data:`nardy.rules.kush.RETURN_POINT`) are this value.
HEAD: Final = 24

#: Kind of extra field: a set of points (:attr:`ExtraKind.POINTS <nardy.ExtraKind.POINTS>`).
POINTS: Final = 1
#: Kind of extra field: a number per side (:attr:`ExtraKind.COUNT <nardy.ExtraKind.COUNT>`).
COUNT: Final = 2

#: Contact code of :attr:`Contact.HIT <nardy.Contact.HIT>`: a lone opposing checker can be hit.
HIT: Final = 0
#: Contact code of :attr:`Contact.BLOCK <nardy.Contact.BLOCK>`: any opposing checker closes its point.
BLOCK: Final = 1
#: Contact code of :attr:`Contact.PIN <nardy.Contact.PIN>`: a lone opposing checker is pinned.
PIN: Final = 2

#: Bar model: checkers on the bar enter first (:attr:`Entering.ENTER <nardy.Entering.ENTER>`).
ENTER: Final = 0
#: Bar model: checkers on the bar wait for a return (:attr:`Entering.RETURN <nardy.Entering.RETURN>`).
RETURN: Final = 1
#: Bar model of a variant without a bar.
NO_BAR: Final = 2

#: The packed form's layout (:mod:`nardy.engine.state`), for the rules that
#: read a packed position directly (the mother rule,
#: :func:`nardy.rules.tavli.mother_verdict_packed`): byte i of the first 28
#: holds ``s[i] + ZERO``.
ZERO: Final = 128
#: Each extra value follows the first 28 bytes in ``EXTRA_BYTES`` bytes, little-endian.
EXTRA_BYTES: Final = 4
