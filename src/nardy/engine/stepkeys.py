"""One checker step on a board, and what it does to a key and its hash: the parts of the old step tree the tracking kernel still uses.

The step tree (gone with issue 39: the step mode is now
:mod:`nardy.engine.stepmode`) searched a roll's steps on one board, made
and unmade in place (a list of ints, :mod:`nardy.engine.state`), and
identifies the state each step reaches by its *key* (the packed state read
as one int) and that key's hash. This module is the part that knows one
step: the change of the key, and of its hash, as one entry of a table by
the step's *kind* (plain, hitting, pinning, releasing a pin), source and
landing slot. Whether the board allows a step (an open landing point, the
bear-off rule), its kind and the step made on the board are the rulebook's
(:mod:`nardy.rules.movement`), re-exported here under the tree's names. It also holds the numbering of the
step actions and of the dice left at a node, which the tree's node codes
end with.

Python's hash of an int is the int modulo a prime (:data:`PRIME`), so a
step changes a key's hash by a constant too, and a state's hash costs
nothing to make. Compiled, the small ints here are typed ``i64``, mypyc's
machine int (interpreted, only an annotation).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Final

from nardy.engine.state import (
    BASE_SIZE,
    EXTRA_BYTES,
    HOME,
    MOVER_BAR,
    OPP_BAR,
    OPP_PINNED,
    PINNED,
    WEIGHT,
    slot_weight,
)
from nardy.rules.board import FROM_POOL
from nardy.rules.kush import RETURN_POINT
from nardy.rules.movement import HITS, PINS, RELEASES, make_step_as, step_kind
from nardy.rules.movement import checker_above as has_higher
from nardy.rules.movement import is_open as open_to
from nardy.rules.movement import make_move as make

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = [
    "DICE_BITS",
    "HASH_CHANGE",
    "HITS",
    "KEY_CHANGE",
    "PASS",
    "PINS",
    "PRIME",
    "RELEASES",
    "RETURN",
    "RETURN_CHANGE",
    "RETURN_HASH",
    "UNIT",
    "change_at",
    "dice_code",
    "dice_of_code",
    "has_higher",
    "left_after",
    "make",
    "make_step",
    "make_step_moving",
    "node_code",
    "open_to",
    "outside_home",
    "step_change_moving",
    "step_kind",
]

#: The action that passes (nothing can be played) or ends a play that could go on.
PASS: Final = 150
#: The action that brings a checker back from the bar onto the head (Kush).
RETURN: Final = 151
#: The low bits of a node's code that hold the dice left: 5 bits a face.
DICE_BITS: Final = 30

#: The modulus of Python's hash of an int: ``hash(key) == key % PRIME`` for a
#: key (never negative). Every hash here is below it, and the sum of two fits
#: a machine int.
PRIME: Final = sys.hash_info.modulus
#: How a return from the bar onto the head (open: it hits nothing) changes a
#: key, and its hash.
RETURN_CHANGE: Final = WEIGHT[RETURN_POINT] - WEIGHT[MOVER_BAR]
RETURN_HASH: Final = RETURN_CHANGE % PRIME
#: The dice code (:func:`dice_code`) of a single die of each face (index: the face).
UNIT: Final[tuple[int, ...]] = tuple(1 << (5 * (d - 1)) if d else 0 for d in range(7))

# The kinds of step (HITS, PINS, RELEASES), and the step itself (step_kind,
# make: the rulebook's make_move), open_to and has_higher are the rulebook's
# (nardy.rules.movement), re-exported under the names the tree has used.
# What the opponent's pin on point p adds to a key (bit p of his pins).
_OPP_PIN: Final = 1 << (8 * BASE_SIZE + 8 * EXTRA_BYTES * (OPP_PINNED - BASE_SIZE))


def _change(kind: int, src: int, dst: int) -> int:
    """How a key changes for a step of ``kind`` from slot ``src`` to slot ``dst`` (0: off)."""
    delta = WEIGHT[dst] - WEIGHT[src]
    base = kind % RELEASES
    if base == HITS:  # the blot goes from -1 to the mover's 1, and onto the bar
        delta += WEIGHT[dst] + WEIGHT[OPP_BAR]
    elif base == PINS:  # the same, but it stays there, pinned
        delta += WEIGHT[dst] + (_OPP_PIN << dst)
    if kind >= RELEASES:  # the pinned checker is free: from 0 to -1, unpinned
        delta -= WEIGHT[src] + (_OPP_PIN << src)
    return delta


#: The change of a key by the step (kind, src, dst) at :func:`change_at`:
#: big ints, read as objects (typed int, compiled code would check each for a
#: machine int first).
KEY_CHANGE: Final[tuple[Any, ...]] = tuple(
    _change(kind, src, dst) for kind in range(6) for src in range(26) for dst in range(25)
)
#: The same changes of a key's hash (modulo :data:`PRIME`, so never negative).
HASH_CHANGE: Final[tuple[int, ...]] = tuple(c % PRIME for c in KEY_CHANGE)


def change_at(kind: i64, src: i64, dst: i64) -> i64:
    """Where a step's change is in :data:`KEY_CHANGE` and :data:`HASH_CHANGE`."""
    return (kind * 26 + src) * 25 + dst


def outside_home(t: list[int]) -> bool:
    """Whether a checker of the mover's waits on the bar or lies pinned outside his home board.

    Together with his free checkers on the points above it (which a scan
    from the 24 down meets first), all that
    :func:`~nardy.engine.state.may_bear_off` asks of the count.
    """
    bar: i64 = t[MOVER_BAR]
    if bar > 0:
        return True
    if len(t) > PINNED:
        pins: i64 = t[PINNED]
        return pins >> (HOME + 1) != 0
    return False


def make_step(t: list[int], src: int, dst: int, contact: int) -> int:
    """Make a step the board allows on ``t`` in place; returns how the key changed.

    The same as :func:`~nardy.engine.kernels.general.move_checker`, by the kind of
    step and one table entry.
    """
    kind = step_kind(t, src, dst, contact)
    make(t, src, dst, kind)
    change: int = KEY_CHANGE[change_at(kind, src, dst)]
    return change


def make_step_moving(
    t: list[int], src: int, dst: int, contact: int, pool: int, hit_to_pool: bool
) -> int:
    """:func:`make_step` for any :class:`~nardy.rules.movement.Movement`: a step from the pool, a hit to the pool.

    The rulebook makes the step (:func:`~nardy.rules.movement.make_step_as`);
    the key changes as for the same step from the bar, less one in the
    mover's pool (``-slot_weight(pool)``), and for a hit sent to the pool,
    one in the opponent's pool instead of his bar.
    """
    kind = make_step_as(t, src, dst, contact, pool, hit_to_pool)
    change: int = 0
    if src == FROM_POOL:
        change = WEIGHT[MOVER_BAR] - slot_weight(pool)
        src = MOVER_BAR
    change += KEY_CHANGE[change_at(kind, src, dst)]
    if hit_to_pool and kind % RELEASES == HITS:
        change += slot_weight(pool + 1) - WEIGHT[OPP_BAR]
    return change


def step_change_moving(
    t: list[int], src: int, dst: int, contact: int, pool: int, hit_to_pool: bool
) -> int:
    """How :func:`make_step_moving` would change the key, the step not made (``t`` is only read).

    What a search asks of a step it need not make: at the last die, only
    whether the key after it is a result's. (A checker entering from the
    pool is judged as one entering from the bar: :func:`step_kind` reads no
    count of the bar.)
    """
    change: int = 0
    if src == FROM_POOL:
        change = WEIGHT[MOVER_BAR] - slot_weight(pool)
        src = MOVER_BAR
    kind = step_kind(t, src, dst, contact)
    change += KEY_CHANGE[change_at(kind, src, dst)]
    if hit_to_pool and kind % RELEASES == HITS:
        change += slot_weight(pool + 1) - WEIGHT[OPP_BAR]
    return change


def dice_code(dice: tuple[int, ...] | list[int]) -> int:
    """The dice left as one int: 5 bits a face, its count (what a node's code ends with)."""
    code: i64 = 0
    if isinstance(dice, tuple):  # (each branch iterates its own type natively, compiled)
        for d in dice:
            code += UNIT[d]
    else:
        for d in dice:
            code += UNIT[d]
    return code


def dice_of_code(code: int) -> tuple[int, ...]:
    """The dice a :func:`dice_code` holds, ascending."""
    out: list[int] = []
    for d in range(1, 7):
        out.extend([d] * ((code >> (5 * (d - 1))) & 31))
    return tuple(out)


def left_after(dice: i64, action: i64) -> i64:
    """The dice (a :func:`dice_code`) left after ``action`` (a return uses none)."""
    return dice if action == RETURN else dice - UNIT[action % 6 + 1]


def node_code(key: int, dice: tuple[int, ...] | list[int]) -> int:
    """The code of the node of a state's key and the dice left (a node of the old step tree)."""
    return (key << DICE_BITS) | dice_code(dice)
