"""The state's packed form and key, packed steps, and turning the state round.

The state is a tuple of ints in the mover's frame; its layout (which index
holds what) is the rulebook's, :mod:`nardy.rules.board`, and this module
re-exports its constants. A step is ``(src, dst, die, hit)``: ``src`` 25
for the bar, ``dst`` 0 for off, ``hit`` true when it hit (or pinned) an
opposing checker.

**Packed form.** A state also packs into ``bytes`` (what a
:class:`~nardy.Position` stores) and into one int, its *key* (what the
searches hand back and :meth:`LegalPlays.raw_results
<nardy.LegalPlays.raw_results>` returns): byte i of the first 28 holds
``s[i] + 128`` (:data:`ZERO`); each extra value follows in
:data:`EXTRA_BYTES` bytes, little-endian. The key is
``int.from_bytes(packed, "little")``, so a key and its bytes convert in C.
A step packs into 14 bits (:func:`step_code`), a play into one int, the
first step lowest.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from operator import neg
from typing import Final

from nardy.rules.board import (
    BASE_SIZE,
    COUNT,
    EXTRA,
    EXTRA_BYTES,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_OFF,
    OPP_PINNED,
    PINNED,
    POINTS,
    ZERO,
    Candidate,
    RawStep,
    State,
    Steps,
)
from nardy.rules.movement import may_bear_off
from nardy.rules.vocabulary import Geometry

__all__ = [
    "BASE_SIZE",
    "COUNT",
    "EXTRA",
    "EXTRA_BYTES",
    "HIT_BIT",
    "HOME",
    "MOVER_BAR",
    "MOVER_OFF",
    "OPP_BAR",
    "OPP_OFF",
    "OPP_PINNED",
    "PINNED",
    "POINTS",
    "POINT_MAPS",
    "STEP_BITS",
    "ZERO",
    "Candidate",
    "RawStep",
    "State",
    "Steps",
    "code_of_steps",
    "flip",
    "flip_packed",
    "flip_packed_mirrored",
    "flip_packed_rotated",
    "flip_packed_same",
    "flipper",
    "key_of",
    "key_of_packed",
    "map_points",
    "may_bear_off",
    "opponent_point",
    "pack",
    "packed_flipper",
    "packed_of_key",
    "point_bits",
    "step_code",
    "steps_of_code",
    "unpack",
    "unpack_list",
]

#: Bits of one packed step.
STEP_BITS: Final = 14
_STEP_MASK: Final = (1 << STEP_BITS) - 1
#: The bit of a packed step that says it hit (or pinned).
HIT_BIT: Final = 1 << 13
# Turning the board round negates every point: x -> 2 * ZERO - x, byte-wise.
_NEGATE: Final = bytes((2 * ZERO - x) & 0xFF for x in range(256))


def pack(state: State) -> bytes:
    """The packed form of a state (see the module docstring)."""
    head = bytes([x + ZERO for x in state[:BASE_SIZE]])
    if len(state) == BASE_SIZE:
        return head
    return head + b"".join(x.to_bytes(EXTRA_BYTES, "little") for x in state[BASE_SIZE:])


# Byte c + ZERO to c's byte as a signed char (ZERO is 128: the top bit flipped).
_SIGNED: Final = bytes(b ^ ZERO for b in range(256))


def unpack_list(packed: bytes) -> list[int]:
    """The state a packed form holds, as a new list (for a search to work on)."""
    # A count c is packed as the byte c + ZERO; with its top bit flipped that
    # is c as a signed char, which a memoryview reads in C.
    board: list[int] = memoryview(packed[:BASE_SIZE].translate(_SIGNED)).cast("b").tolist()
    if len(packed) == BASE_SIZE:
        return board
    for i in range(BASE_SIZE, len(packed), EXTRA_BYTES):
        board.append(int.from_bytes(packed[i : i + EXTRA_BYTES], "little"))
    return board


def unpack(packed: bytes) -> State:
    """The state a packed form holds."""
    return tuple(unpack_list(packed))


def key_of(state: State | list[int]) -> int:
    """The key of a state: its packed form read as one little-endian int.

    Packed, then read in one call: shifted in a slot at a time, the key
    would be a new big int at each of its 28 or more slots.
    """
    return _FROM_BYTES(pack(tuple(state)), "little")


def key_of_packed(packed: bytes) -> int:
    """The key of a packed state (``int.from_bytes(packed, "little")``).

    A call of the method on the type looks it up and binds it again each
    time; this calls it once bound.
    """
    return _FROM_BYTES(packed, "little")


_FROM_BYTES: Final[Callable[..., int]] = int.from_bytes


def packed_of_key(key: int, size: int) -> bytes:
    """The packed form of a key, for a state of ``size`` ints."""
    return key.to_bytes(BASE_SIZE + EXTRA_BYTES * (size - BASE_SIZE), "little")


def step_code(src: int, dst: int, die: int, hit: bool) -> int:
    """One step packed into :data:`STEP_BITS` bits."""
    return src | (dst << 5) | (die << 10) | (HIT_BIT if hit else 0)


def steps_of_code(code: int) -> Steps:
    """The steps of a packed play, first to last (a step's code is never 0)."""
    out: list[RawStep] = []
    while code > 0:  # (a code is never negative: were one, it would not shift to 0)
        c = code & _STEP_MASK
        out.append((c & 31, (c >> 5) & 31, (c >> 10) & 7, bool(c & HIT_BIT)))
        code >>= STEP_BITS
    return tuple(out)


def code_of_steps(steps: Steps) -> int:
    """A play's steps packed into one int (see :func:`step_code`)."""
    code = 0
    for i, (src, dst, die, hit) in enumerate(steps):
        code |= step_code(src, dst, die, hit) << (STEP_BITS * i)
    return code


# The geometries' codes (Geometry.code); a bool ``rotate`` reads as one too.
_MIRROR: Final = Geometry.MIRROR.code
_ROTATE: Final = Geometry.ROTATE.code
_SAME: Final = Geometry.SAME.code
# POINT_MAPS[code][p]: the opponent's number of my point p (entry 0 is 0).
POINT_MAPS: Final[tuple[tuple[int, ...], ...]] = tuple([g.point_map for g in Geometry])


def flip_packed(packed: bytes, geometry: int, extras: tuple[int, ...] = ()) -> bytes:
    """:func:`flip` on the packed form of a state (``geometry``: a :attr:`Geometry.code <nardy.Geometry.code>`; ``extras``: the kinds of its extra fields, as for :func:`flip`)."""
    if geometry == _MIRROR:
        board = packed[24:0:-1]
    elif geometry == _ROTATE:
        board = packed[13:25] + packed[1:13]
    elif geometry == _SAME:
        board = packed[1:25]
    else:
        board = bytes([packed[q] for q in POINT_MAPS[geometry][1:]])
    head = packed[27:28] + board.translate(_NEGATE) + packed[26:27] + packed[25:26] + packed[0:1]
    if not extras:
        return head
    tail = packed[BASE_SIZE:]
    # Extra fields all zero (no pin, an empty pool) turn round to themselves.
    return head + (_flip_extras(packed, geometry, extras) if tail.strip(b"\0") else tail)


def _flip_extras(packed: bytes, geometry: int, extras: tuple[int, ...]) -> bytes:
    """The extra fields of a packed state turned round: each side's pair swapped, a set of points renumbered."""
    out: list[bytes] = []
    for i, kind in enumerate(extras):
        at = BASE_SIZE + 2 * i * EXTRA_BYTES
        mine = packed[at : at + EXTRA_BYTES]
        theirs = packed[at + EXTRA_BYTES : at + 2 * EXTRA_BYTES]
        if kind == POINTS:
            # (Read and written as the bytes, not the whole state unpacked and packed again.)
            mine = map_points(_FROM_BYTES(mine, "little"), geometry).to_bytes(EXTRA_BYTES, "little")
            theirs = map_points(_FROM_BYTES(theirs, "little"), geometry).to_bytes(
                EXTRA_BYTES, "little"
            )
        out += (theirs, mine)
    return b"".join(out)


def flip_packed_rotated(packed: bytes) -> bytes:
    """:func:`flip_packed` for the rotated geometry (long nardy's), as a one-argument function."""
    # (flip_packed's rotate branch written out: one call a resulting position, not two.)
    board = (packed[13:25] + packed[1:13]).translate(_NEGATE)
    return packed[27:28] + board + packed[26:27] + packed[25:26] + packed[0:1]


def flip_packed_mirrored(packed: bytes) -> bytes:
    """:func:`flip_packed` for the mirrored geometry (backgammon's), as a one-argument function."""
    # (flip_packed's mirror branch written out: one call a resulting position, not two.)
    board = packed[24:0:-1].translate(_NEGATE)
    return packed[27:28] + board + packed[26:27] + packed[25:26] + packed[0:1]


def flip_packed_same(packed: bytes) -> bytes:
    """:func:`flip_packed` for the shared track (tabula's), as a one-argument function."""
    return flip_packed(packed, _SAME)


def packed_flipper(geometry: int, extras: tuple[int, ...] = ()) -> Callable[[bytes], bytes]:
    """:func:`flip_packed` of one geometry and set of extra fields as a one-argument function.

    Without extra fields, the native core's (``nardy._native.Flip``, the same
    rule in Rust: one call instead of a dozen byte operations, for every
    resulting position the public API makes) when it is loaded.
    """
    if extras:
        return lambda packed: flip_packed(packed, geometry, extras)
    native = _native_flip(geometry)
    if native is not None:
        return native
    if geometry == _MIRROR:
        return flip_packed_mirrored
    if geometry == _ROTATE:
        return flip_packed_rotated
    if geometry == _SAME:
        return flip_packed_same
    return lambda packed: flip_packed(packed, geometry)


def _native_flip(geometry: int) -> Callable[[bytes], bytes] | None:
    """The native core's flip of a packed state without extra fields, or ``None`` in the pure build.

    Loaded by name, as :mod:`nardy.engine.native` loads the core (this
    module is below it: it may not import it).
    """
    try:
        module = importlib.import_module("nardy._native")
    except ImportError:
        return None
    flip: Callable[[bytes], bytes] = module.Flip(geometry)
    return flip


def opponent_point(p: int, geometry: int) -> int:
    """The opponent's number for my point ``p`` (1..24) under a geometry (:attr:`Geometry.code <nardy.Geometry.code>`).

    25 - p (mirror), (p + 11) mod 24 + 1 (rotate), p (same track). A bool
    reads as mirror (False) or rotate (True).
    """
    return POINT_MAPS[geometry][p]


def map_points(mask: int, geometry: int) -> int:
    """A set of points (bit p for point p) renumbered into the opponent's numbering."""
    if geometry == _SAME:
        return mask
    table = POINT_MAPS[geometry]
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return out


def point_bits(mask: int) -> list[int]:
    """The points of a set (bit p for point p), lowest first."""
    return [p for p in range(1, 25) if mask >> p & 1]


def flipper(geometry: int, extras: tuple[int, ...] = ()) -> Callable[[State], State]:
    """The :func:`flip` of one geometry (a code) and set of extra fields, as a fast one-argument function."""
    if extras:
        return lambda state: flip(state, geometry, extras)
    if geometry == _ROTATE:
        return lambda s: (s[27], *map(neg, s[13:25]), *map(neg, s[1:13]), s[26], s[25], s[0])
    if geometry == _MIRROR:
        return lambda s: (s[27], *map(neg, s[24:0:-1]), s[26], s[25], s[0])
    return lambda state: flip(state, geometry)


def flip(state: State, geometry: int, extras: tuple[int, ...] = ()) -> State:
    """The same position in the opponent's frame (the turn handed over).

    ``geometry`` is a :attr:`Geometry.code <nardy.Geometry.code>` (a bool
    reads as mirror or rotate): every point is renumbered by it, every sign
    changes, and bar, off and each extra field swap sides. ``extras`` lists
    the kinds of the variant's extra fields, in order.
    """
    s = state
    if geometry == _ROTATE:
        head = (s[27], *map(neg, s[13:25]), *map(neg, s[1:13]), s[26], s[25], s[0])
    elif geometry == _MIRROR:
        head = (s[27], *map(neg, s[24:0:-1]), s[26], s[25], s[0])
    else:
        board = [-s[q] for q in POINT_MAPS[geometry][1:]]
        head = (s[27], *board, s[26], s[25], s[0])
    if not extras:
        return head
    tail: list[int] = []
    for i, kind in enumerate(extras):
        mine, theirs = s[EXTRA + 2 * i], s[EXTRA + 2 * i + 1]
        if kind == POINTS:
            tail += (map_points(theirs, geometry), map_points(mine, geometry))
        else:
            tail += (theirs, mine)
    return (*head, *tail)
