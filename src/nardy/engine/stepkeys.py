"""One checker step on a board, and what it does to a key and its hash: the step tree's parts.

:mod:`nardy.engine.steptree` searches a roll's steps on one board, made
and unmade in place (a list of ints, :mod:`nardy.engine.state`), and
identifies the state each step reaches by its *key* (the packed state read
as one int) and that key's hash. This module is the part that knows one
step: whether the board allows it (an open landing point, the bear-off
rule), its *kind* (plain, hitting, pinning, releasing a pin), the step made
on the board, and the change of the key, and of its hash, as one entry of a
table by kind, source and landing slot. It also holds the numbering of the
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

from nardy.engine.apply_steps import RETURN_POINT
from nardy.engine.kernels.general import BLOCK, HIT, PIN
from nardy.engine.state import (
    BASE_SIZE,
    EXTRA_BYTES,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    PINNED,
    WEIGHT,
)

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
    "node_code",
    "open_to",
    "outside_home",
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

#: Kinds of step, added up: what it does to a lone opposing checker where it
#: lands (nothing, hits it, pins it), and whether it leaves the last checker
#: of a stack that pinned one (which is then free again): ``RELEASES + PINS``
#: both frees one and pins another.
HITS: Final = 1
PINS: Final = 2
RELEASES: Final = 3
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


def open_to(t: list[int], dst: i64, contact: i64) -> bool:
    """Whether the mover may land on point ``dst`` (:func:`~nardy.engine.kernels.general.is_open`)."""
    x: i64 = t[dst]
    if x >= 0:
        return True
    if x < -1 or contact == BLOCK:
        return False
    if contact == HIT:
        return True
    # A single opposing checker: one to pin, unless it pins one of the mover's.
    pins: i64 = t[PINNED]
    return not (pins >> dst) & 1


def has_higher(t: list[int], src: i64) -> bool:
    """Whether a checker of the mover's stands in his home board above point ``src``.

    What the bear-off rule (:func:`~nardy.engine.state.may_bear_off`)
    asks of a die higher than the point.
    """
    p: i64 = src + 1
    while p <= HOME:
        x: i64 = t[p]
        if x > 0:
            return True
        p += 1
    return False


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


def step_kind(t: list[int], src: i64, dst: i64, contact: i64) -> i64:
    """The kind of the step ``src -> dst`` on ``t`` (the board allows it)."""
    kind: i64 = 0
    if dst != MOVER_OFF and contact != BLOCK:
        x: i64 = t[dst]
        if x == -1:
            kind = PINS if contact == PIN else HITS
    if contact == PIN and src != MOVER_BAR:
        c: i64 = t[src]
        pins: i64 = t[OPP_PINNED]
        if c == 1 and (pins >> src) & 1:
            kind += RELEASES
    return kind


def make(t: list[int], src: i64, dst: i64, kind: i64) -> None:
    """Make the step ``src -> dst`` of ``kind`` on ``t``, in place."""
    c: i64 = t[src]
    t[src] = c - 1
    if kind >= RELEASES:
        t[src] = -1
        pins: i64 = t[OPP_PINNED]
        t[OPP_PINNED] = pins ^ (1 << src)
        kind -= RELEASES
    if kind == HITS:
        t[dst] = 1
        bar: i64 = t[OPP_BAR]
        t[OPP_BAR] = bar + 1
    elif kind == PINS:
        t[dst] = 1
        opp: i64 = t[OPP_PINNED]
        t[OPP_PINNED] = opp | (1 << dst)
    else:
        x: i64 = t[dst]
        t[dst] = x + 1


def make_step(t: list[int], src: int, dst: int, contact: int) -> int:
    """Make a step the board allows on ``t`` in place; returns how the key changed.

    The same as :func:`~nardy.engine.kernels.general.move_checker`, by the kind of
    step and one table entry.
    """
    kind = step_kind(t, src, dst, contact)
    make(t, src, dst, kind)
    change: int = KEY_CHANGE[change_at(kind, src, dst)]
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
    """The code of the node of a state's key and the dice left (see :mod:`nardy.engine.steptree`)."""
    return (key << DICE_BITS) | dice_code(dice)
