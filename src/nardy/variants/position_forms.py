"""Positions given by hand: checker counts per side, pins and extra keys, read for a variant.

:meth:`Variant.position <nardy.Variant.position>` (the mover-relative array
form) and :meth:`Variant.from_counts <nardy.Variant.from_counts>` (counts
per point, each side in its own numbering) build positions from these
forms. The functions here do the reading that needs the variant's words
(its geometry, contact and extra fields) but not the variant itself: each
refuses anything but the documented form with an
:class:`~nardy.errors.InvalidPositionError` subclass that names the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nardy.engine import state as engine_state
from nardy.errors import CheckerCountError, InvalidPositionError, SharedPointError
from nardy.model.basics import Side
from nardy.model.validate import by_side, pair, point_set, shown, take
from nardy.model.validate import side as as_side
from nardy.rules.vocabulary import POOL, Contact, ExtraField, ExtraKind, Geometry

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = [
    "board_of_counts",
    "check_packed",
    "counts_by_side",
    "extra_from_array",
    "extra_keys_of_sides",
    "given_form",
    "held_by_extras",
    "off_of_counts",
    "packed_size",
    "pins_by_side",
    "places_of",
]


def counts_by_side(white: Mapping[int, int], black: Mapping[int, int]) -> list[list[int]]:
    """Each side's counts by its own point (index 1..24), from ``{point: count}`` mappings."""
    own: list[list[int]] = [[0] * 25, [0] * 25]
    for side, counts in ((Side.WHITE, white), (Side.BLACK, black)):
        if not isinstance(counts, Mapping):
            raise InvalidPositionError(
                f"{side} must be a mapping of points to checker counts, got {shown(counts)}"
            )
        for point, count in counts.items():
            if isinstance(point, bool) or not isinstance(point, int) or not 1 <= point <= 24:
                raise InvalidPositionError(
                    f"{side} point must be 1..24, got {shown(point)} in {shown(counts)}"
                )
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise CheckerCountError(
                    f"{side} count on point {point} must be a non-negative "
                    f"integer, got {shown(count)}"
                )
            own[side][point] += count
    return own


def pins_by_side(
    pins: Mapping[Side, Iterable[int]] | None, contact: Contact, name: str
) -> tuple[set[int], set[int]]:
    """Each side's own points where one of its checkers lies pinned (variant ``name`` pins by ``contact``)."""
    out: tuple[set[int], set[int]] = (set(), set())
    if pins is None:
        return out
    if not isinstance(pins, Mapping):
        raise InvalidPositionError(f"pins must be a mapping of sides to points, got {shown(pins)}")
    if not pins:
        return out
    if contact is not Contact.PIN:
        raise InvalidPositionError(f"{name} does not pin, but pins={shown(pins)}")
    for key, points in pins.items():
        side = as_side(key, "a key of pins")
        for p in take(points, 24, "the pinned points", InvalidPositionError):
            if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 24:
                raise InvalidPositionError(
                    f"a pinned point is 1..24, got {shown(p)} in {shown(pins)}"
                )
            out[side].add(p)
    return out


def board_of_counts(
    own: list[list[int]], mover: Side, geometry: Geometry, pinned: tuple[set[int], set[int]]
) -> tuple[list[int], int, int]:
    """The mover's board (the array form) and both sides' pins as bits, from per-side counts.

    ``own`` and ``pinned`` are each side's counts and pinned points in its
    own numbering (:func:`counts_by_side`, :func:`pins_by_side`); a pinned
    checker is counted on its point. Raises
    :class:`~nardy.errors.SharedPointError` for both colours on one point,
    unless one of them lies pinned there alone.
    """
    other = mover.opponent
    opp = geometry.opponent_point
    board = [0] * 24
    mover_pins = opp_pins = 0
    for p in range(1, 25):
        q = opp(p)
        mine, theirs = own[mover][p], own[other][q]
        mine_pinned, theirs_pinned = p in pinned[mover], q in pinned[other]
        if mine_pinned:
            mover_pins |= 1 << p
        if theirs_pinned:
            opp_pins |= 1 << p
        if mine and theirs and not (mine_pinned or theirs_pinned):
            raise SharedPointError(
                f"both colours on one point: {mover.name.lower()} {mine} on its {p}, "
                f"{other.name.lower()} {theirs} on its {q}"
            )
        for side, here, pinned_here in (
            (mover, mine, mine_pinned),
            (other, theirs, theirs_pinned),
        ):
            if pinned_here and here != 1:
                raise InvalidPositionError(
                    f"{side.name.lower()} has {here} checkers on a point where one of its "
                    "checkers lies pinned; a pinned checker is alone under the other side's"
                )
        if mine_pinned:
            board[p - 1] = -theirs
        elif theirs_pinned:
            board[p - 1] = mine
        else:
            board[p - 1] = mine - theirs
    return board, mover_pins, opp_pins


def extra_from_array(
    fields: Sequence[ExtraField], extra: Mapping[str, Any], name: str
) -> tuple[int, ...]:
    """The extra ints of the state from array-form keyword arguments (variant ``name``'s ``fields``).

    The pool's key is the family's (:data:`~nardy.POOL`): a variant without
    a pool takes ``pool=[0, 0]`` too (no checker waits to enter) and adds
    nothing for it; any other value is an
    :class:`~nardy.errors.InvalidPositionError`, as is a key of extra
    state the variant does not have.
    """
    known = {key for f in fields for key in f.keys}
    for key in extra:
        if key in known:
            continue
        if key == POOL.keys[0]:
            if pair(key, extra[key]) != (0, 0):  # (pair checks the type)
                raise InvalidPositionError(
                    f"{name} has no pool: its checkers are all on the board, the bar or off, "
                    f"so pool is [0, 0], not {shown(extra[key])}"
                )
            continue
        what = f"its extra keys are {sorted(known)}" if known else "it has no extra state"
        raise InvalidPositionError(f"unknown key {key!r} for {name}: {what}")
    out: list[int] = []
    for f in fields:
        if f.kind is ExtraKind.POINTS:
            out += (point_set(f.keys[0], extra.get(f.keys[0], ())),)
            out += (point_set(f.keys[1], extra.get(f.keys[1], ())),)
        else:
            out += pair(f.keys[0], extra.get(f.keys[0], (0, 0)))
    return tuple(out)


def held_by_extras(fields: Sequence[ExtraField], extra: Sequence[int]) -> tuple[int, int]:
    """How many checkers of the mover and of the opponent the extra state holds."""
    mine = theirs = 0
    for i, f in enumerate(fields):
        if not f.holds_checkers:
            continue
        a, b = extra[2 * i], extra[2 * i + 1]
        if f.kind is ExtraKind.POINTS:
            a, b = a.bit_count(), b.bit_count()
        mine += a
        theirs += b
    return mine, theirs


def _held_fields(fields: Sequence[ExtraField]) -> list[tuple[int, ExtraField]]:
    """The extra fields that count checkers (a pool), with their index."""
    return [(i, f) for i, f in enumerate(fields) if f.holds_checkers and f.kind is ExtraKind.COUNT]


def given_form(
    board: Sequence[int],
    bar: Sequence[int],
    off: Sequence[int] | None,
    fields: Sequence[ExtraField],
    extra: Sequence[int],
) -> str:
    """A position in array form as an error message shows it: what was given, and what holds checkers.

    The board always; ``bar`` and the extra fields that hold checkers (a
    pool) when they hold some; ``off`` when it was given (``None``: left to
    make the checkers add up, so never the user's word).
    """
    parts = [f"board={list(board)}"]
    if any(bar):
        parts.append(f"bar={list(bar)}")
    if off is not None:
        parts.append(f"off={list(off)}")
    for i, f in _held_fields(fields):
        if extra[2 * i] or extra[2 * i + 1]:
            parts.append(f"{f.keys[0]}={[extra[2 * i], extra[2 * i + 1]]}")
    return ", ".join(parts)


def places_of(
    board: Sequence[int],
    bar: Sequence[int],
    off: Sequence[int] | None,
    fields: Sequence[ExtraField],
    extra: Sequence[int],
    who: int,
) -> str:
    """Where side ``who`` (0 the mover, 1 the opponent) has its checkers: ``1 on the board, 15 in the pool``.

    Only the places that hold some; ``off`` only when it was given.
    """
    sign = 1 if who == 0 else -1
    counts = [(sum(x for x in board if x * sign > 0) * sign, "on the board")]
    counts.append((bar[who], "on the bar"))
    counts += [(extra[2 * i + who], f"in the {f.name}") for i, f in _held_fields(fields)]
    if off is not None:
        counts.append((off[who], "borne off"))
    return ", ".join(f"{n} {where}" for n, where in counts if n) or "none anywhere"


def off_of_counts(
    board: Sequence[int],
    bar: Sequence[int],
    fields: Sequence[ExtraField],
    extra: Sequence[int],
    checkers: int,
    turn: Side,
    name: str,
) -> tuple[int, int]:
    """Each side's checkers borne off when ``off`` is not given: whatever makes them add up to ``checkers``.

    Raises :class:`~nardy.errors.CheckerCountError` for a side with more
    than ``checkers`` on the board, on the bar and in the extra state (a
    pool), saying where they are (variant ``name``).
    """
    held = held_by_extras(fields, extra)
    off = [0, 0]
    for who, side in enumerate((turn, turn.opponent)):
        sign = 1 if who == 0 else -1
        on = sum(x for x in board if x * sign > 0) * sign + bar[who] + held[who]
        if on > checkers:
            places = places_of(board, bar, None, fields, extra, who)
            raise CheckerCountError(
                f"{side.name.lower()} has {on} checkers ({places}), but {name} has "
                f"{checkers} a side: {given_form(board, bar, None, fields, extra)}"
            )
        off[who] = checkers - on
    return (off[0], off[1])


def extra_keys_of_sides(
    fields: Sequence[ExtraField],
    given: Mapping[str, Mapping[Side, Any] | Sequence[Any]] | None,
    mover: Side,
    geometry: Geometry,
    name: str,
) -> dict[str, Any]:
    """The array-form keys of extra fields given by side: ``{field name: (white, black)}``.

    Each side's value is a count, or points in the side's own numbering
    (turned into the mover's numbering here). ``fields`` are the variant's
    declared fields beside the pins (which :func:`pins_by_side` reads).
    """
    if not given:
        return {}
    if not isinstance(given, Mapping):
        raise InvalidPositionError(
            f"extra must map field names to values by side, got {shown(given)}"
        )
    by_name = {f.name: f for f in fields}
    keys: dict[str, Any] = {}
    for field_name, value in given.items():
        field = by_name.get(field_name)
        if field is None:
            known = sorted(by_name) or "none"
            raise InvalidPositionError(
                f"unknown extra field {shown(field_name)} for {name}; its fields: {known}"
            )
        if field.kind is ExtraKind.COUNT:
            counts = by_side(field_name, value)
            keys[field.keys[0]] = [counts[mover], counts[mover.opponent]]
        else:
            points = _points_by_side(field_name, value)
            opp = geometry.opponent_point
            keys[field.keys[0]] = sorted(points[mover])
            keys[field.keys[1]] = sorted(opp(p) for p in points[mover.opponent])
    return keys


def _points_by_side(label: str, value: object) -> tuple[set[int], set[int]]:
    """Each side's points (1..24, its own numbering), from a mapping by side or a pair."""
    if isinstance(value, Mapping):
        items = [(as_side(key, f"a key of {label}"), points) for key, points in value.items()]
    elif isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2:
        items = [(Side.WHITE, value[0]), (Side.BLACK, value[1])]
    else:
        raise InvalidPositionError(
            f"{label} must give each side's points, by side or as (white, black), "
            f"got {shown(value)}"
        )
    out: tuple[set[int], set[int]] = (set(), set())
    for side, points in items:
        for p in take(points, 24, label, InvalidPositionError):
            if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 24:
                raise InvalidPositionError(f"a point of {label} is 1..24, got {shown(p)}")
            out[side].add(p)
    return out


# packed_size's answers, by variant class.
_PACKED_SIZES: dict[type, int] = {}


def packed_size(cls: type[Variant]) -> int:
    """How many bytes a packed state of the variant class has (remembered per class)."""
    size = _PACKED_SIZES.get(cls)
    if size is None:
        extra = 2 * engine_state.EXTRA_BYTES * len(cls.extra_fields())
        size = _PACKED_SIZES[cls] = engine_state.BASE_SIZE + extra
    return size


def check_packed(variant: Variant, packed: object, what: str) -> None:
    """Refuse, naming ``what``, a value that is not a packed state of ``variant``'s size."""
    size = packed_size(type(variant))
    if type(packed) is not bytes or len(packed) != size:
        raise InvalidPositionError(
            f"{what} is not a packed state of {variant.spec()} ({size} bytes, as Position.packed):"
            f" {shown(packed)}"
        )
