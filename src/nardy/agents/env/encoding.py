"""Observation encodings: plain functions from a position to a numpy array.

Every encoding is from the point of view of the side to move (the mover):
points are numbered as he numbers them (1 is the last point of his route),
his checkers first, then his opponent's on the same points. They work for
every variant, adding what a variant adds (the pins of plakoto).

``array``
    The mover-relative array form (:meth:`nardy.Position.to_array`) as
    numbers: 24 signed point counts (positive: the mover's), the bar and
    borne-off counts ``[mover, opponent]``, then per extra field of the
    variant two blocks of 24 flags (points) or two counts.
``unit``
    Tesauro's TD-Gammon units: for each side and point four units (one
    checker or more, two or more, three or more, ``(n - 3) / 2`` beyond
    three), the bar count / 2 and the borne-off count divided by the
    checkers per side, then two units for the side to move (white, black):
    198 inputs for 15 checkers a side. Extra fields add their blocks as in
    ``array``.

:func:`dice_features` encodes the dice still to play; the environments put
it after the position's encoding.

A variant's extra state is in both encodings as its other fields are: a
pool of checkers not yet entered (:data:`nardy.POOL`) is two counts, the
mover's then his opponent's, and so are the counted rolls of a variant that
counts them. A variant whose turn is more than one play
(:func:`~nardy.variants.turn_hooks.runs_turns`) adds, after the dice,
:data:`TURN_FEATURES` numbers of what the turn still owes
(:func:`turn_features`): the moves of each die value (1..6) in the
segments pending after the one being played, and three flags: a double is
to be named, the side rolls again when they are done, the segments are
moves handed over. Every other variant's observation is as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from nardy.engine.state import EXTRA_BYTES, ZERO
from nardy.errors import InvalidOptionError
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.turns import TurnState
from nardy.rules.vocabulary import ExtraKind
from nardy.variants.base import Variant

__all__ = [
    "ENCODINGS",
    "TURN_FEATURES",
    "Array",
    "array_encoding",
    "array_observation",
    "dice_features",
    "encoding_size",
    "observation",
    "observer",
    "turn_features",
    "unit_encoding",
]

#: The float32 arrays the encodings return.
Array = npt.NDArray[np.float32]


def _extras(position: Position) -> list[float]:
    """The extra fields of the variant, mover first: 24 flags per points field, or a count."""
    raw = position.raw
    out: list[float] = []
    for i, field in enumerate(position.variant.extra_fields()):
        for value in (raw[28 + 2 * i], raw[29 + 2 * i]):
            if field.kind is ExtraKind.POINTS:
                out.extend(float((value >> p) & 1) for p in range(1, 25))
            else:
                out.append(float(value))
    return out


def _extras_array(position: Position) -> Array:
    """:func:`_extras` as a float32 array; read straight from the packed bytes when every field is of one kind.

    Each extra value is EXTRA_BYTES little-endian bytes after the board's 28
    (never negative): counts only (a pool, the rolls of a turn), they are
    the values read as little-endian unsigned ints; points only, unpacked
    to bits, little end first, a points field's flags for points 1..24 are
    bits 1..24 of each of its two values. One numpy call for the flags, not
    48 Python floats (plakoto's pins).
    """
    fields = position.variant.extra_fields()
    if fields and all(field.kind is ExtraKind.COUNT for field in fields):
        values = np.frombuffer(position.packed, _COUNTS, count=2 * len(fields), offset=28)
        return values.astype(np.float32)
    if not all(field.kind is ExtraKind.POINTS for field in fields):
        return np.array(_extras(position), dtype=np.float32)
    bits = np.unpackbits(np.frombuffer(position.packed, np.uint8, offset=28), bitorder="little")
    return bits.take(_point_bits(len(fields))).astype(np.float32)


# An extra value as numpy reads it: EXTRA_BYTES bytes, little-endian, unsigned.
_COUNTS: Final = np.dtype(f"<u{EXTRA_BYTES}")


def _point_bits(fields: int) -> npt.NDArray[np.intp]:
    """The indices of the point flags among the bits of ``fields`` points fields' values."""
    made = _POINT_BITS.get(fields)
    if made is None:
        width = 8 * EXTRA_BYTES
        made = np.array(
            [width * v + p for v in range(2 * fields) for p in range(1, 25)], dtype=np.intp
        )
        _POINT_BITS[fields] = made
    return made


_POINT_BITS: dict[int, npt.NDArray[np.intp]] = {}


def _extras_size(variant: Variant) -> int:
    return sum(48 if f.kind is ExtraKind.POINTS else 2 for f in variant.extra_fields())


# The packed state's first 28 bytes are off[mover], points 1..24, bar[mover],
# bar[opponent], off[opponent], each plus ZERO: the array form's order is
# points, bars, offs. So the encoding is the bytes reordered (a bytes slice
# costs less than any numpy call), each byte made the two's complement of its
# value (bytes.translate through this table: byte b holds b - ZERO, which
# fits a signed byte as every packed value does) and read as int8: one
# bytes-to-float32 conversion in numpy, not a list of floats.
_SIGNED = bytes((b - ZERO) & 0xFF for b in range(256))


def _board_bytes(packed: bytes) -> bytes:
    """The first 28 packed values in the array form's order (points, bars, offs), as int8 bytes."""
    return (packed[1:27] + packed[:1] + packed[27:28]).translate(_SIGNED)


def array_encoding(position: Position) -> Array:
    """The ``array`` encoding of ``position`` (see the module docstring)."""
    values = np.frombuffer(_board_bytes(position.packed), np.int8).astype(np.float32)
    if position.variant.extra_fields():
        return np.concatenate((values, _extras_array(position)))
    return values


def array_observation(position: Position, moves: Iterable[int]) -> Array:
    """:func:`array_encoding` of ``position`` followed by :func:`dice_features` of ``moves``.

    What the environments observe with the ``array`` encoding, made in one
    conversion when the variant has no extra fields: the dice features
    (counts 0..4) ride along as bytes.
    """
    if position.variant.extra_fields():
        return observation(array_encoding, position, moves)
    return _plain_array_observation(position, moves)


def _plain_array_observation(position: Position, moves: Iterable[int]) -> Array:
    """:func:`array_observation` for a variant without extra fields."""
    key = moves if type(moves) is tuple else tuple(moves)
    tail = _DICE_BYTES.get(key)
    if tail is None:
        tail = _DICE_BYTES[key] = bytes(int(n) for n in dice_features(key))
    return np.frombuffer(_board_bytes(position.packed) + tail, np.int8).astype(np.float32)


_DICE_BYTES: dict[tuple[int, ...], bytes] = {}


def _units(counts: Iterable[int]) -> list[float]:
    out: list[float] = []
    for n in counts:
        out += [
            float(n >= 1),
            float(n >= 2),
            float(n >= 3),
            (n - 3) / 2.0 if n > 3 else 0.0,
        ]
    return out


def unit_encoding(position: Position) -> Array:
    """The ``unit`` (TD-Gammon) encoding of ``position`` (see the module docstring)."""
    raw = position.raw
    board = raw[1:25]
    total = float(position.variant.checkers)
    mine = [x if x > 0 else 0 for x in board]
    theirs = [-x if x < 0 else 0 for x in board]
    turn = [1.0, 0.0] if position.turn is Side.WHITE else [0.0, 1.0]
    values = (
        _units(mine)
        + _units(theirs)
        + [raw[25] / 2.0, raw[26] / 2.0, raw[0] / total, raw[27] / total]
        + turn
    )
    if position.variant.extra_fields():
        return np.concatenate((np.array(values, dtype=np.float32), _extras_array(position)))
    return np.array(values, dtype=np.float32)


#: The encodings by name.
ENCODINGS: dict[str, Callable[[Position], Array]] = {
    "array": array_encoding,
    "unit": unit_encoding,
}


def observation(
    encoding: Callable[[Position], Array], position: Position, moves: Iterable[int]
) -> Array:
    """``encoding(position)`` followed by :func:`dice_features` of ``moves``: one observation."""
    return np.concatenate((encoding(position), dice_features(moves)))


def observer(name: str, variant: Variant) -> Callable[[Position, Iterable[int]], Array]:
    """The observation function of encoding ``name`` in ``variant``'s positions.

    It takes a position and the dice still to play and returns the encoding
    followed by :func:`dice_features`, as the environments observe; chosen
    once, so that the fastest path for the variant runs without tests.
    """
    encoding_size(name, variant)  # checks the name
    if name == "array":
        return array_observation if variant.extra_fields() else _plain_array_observation
    encode = ENCODINGS[name]
    return lambda position, moves: observation(encode, position, moves)


def encoding_size(name: str, variant: Variant) -> int:
    """The length of encoding ``name`` for ``variant``."""
    if name not in ENCODINGS:
        raise InvalidOptionError(
            f"unknown observation encoding {name!r}; choose one of {sorted(ENCODINGS)}"
        )
    return (28 if name == "array" else 198) + _extras_size(variant)


def dice_features(moves: Iterable[int]) -> Array:
    """Six numbers: how many moves of each die value (1..6) are still to play."""
    key = tuple(moves)
    made = _DICE.get(key)
    if made is None:
        made = np.zeros(6, dtype=np.float32)
        for die in key:
            made[die - 1] += 1.0
        made.flags.writeable = False  # shared: every caller gets the same array
        _DICE[key] = made
    return made


_DICE: dict[tuple[int, ...], Array] = {}


#: How many numbers :func:`turn_features` gives.
TURN_FEATURES = 9


def turn_features(state: TurnState) -> Array:
    """What a turn still owes, as :data:`TURN_FEATURES` numbers (see the module docstring).

    ``state`` is what remains of the turn, the segment being played first
    (:class:`~nardy.model.turns.TurnState`): its later segments' moves by
    die value, then ``name_double``, ``roll_again`` and ``handed_over`` as
    0 or 1. Between turns, all zeros.
    """
    out = np.zeros(TURN_FEATURES, dtype=np.float32)
    pending = state.pending[1:] if state.pending else ()
    for segment in pending:
        for die in segment.moves:
            out[die - 1] += 1.0
    out[6] = float(state.name_double)
    out[7] = float(state.roll_again)
    out[8] = float(state.handed_over)
    return out
