"""Outside input checked before use, shared by the public entry points.

Every public function and constructor answers bad input with a
:class:`~nardy.errors.NardyError` subclass whose message names the input
and what was expected. The helpers here do the common part: show a value
briefly whatever it is (:func:`shown`), refuse text and sequences longer
than any valid input *before* parsing them (:func:`bounded_text`,
:func:`take`; :func:`too_long` words the message for a text), and read
the values the documentation names in the forms it names (:func:`side`,
:func:`result_kind`, :func:`flag`, :func:`integer`).

Positions given by hand are read here too: the array form's lists
(:func:`int_tuple`, :func:`pair`), per-side pairs (:func:`by_side`) and
pins (:func:`point_set`, :func:`check_pins`).
:class:`~nardy.variants.base.Variant` builds positions from these; each
refuses anything but the documented form with an
:class:`~nardy.errors.InvalidPositionError` that names the input, reading
at most as many items as a valid input has. (A play given by hand is
checked by :func:`nardy.model.play.check_play`.)
"""

from __future__ import annotations

import itertools
import reprlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from nardy.engine.state import point_bits
from nardy.errors import (
    CheckerCountError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidSideError,
    NardyError,
    UnscoredKindError,
)
from nardy.model.basics import Side
from nardy.model.result import ResultKind
from nardy.rules.vocabulary import ExtraField, ExtraKind

__all__ = [
    "bounded_text",
    "by_side",
    "check_held_counts",
    "check_pins",
    "flag",
    "int_tuple",
    "integer",
    "optional_side",
    "pair",
    "point_set",
    "result_kind",
    "shown",
    "side",
    "take",
    "too_long",
]

# reprlib cuts long strings, long and deep containers; one level of a
# container costs at most a few items.
_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 150
_REPR.maxother = 60
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = _REPR.maxfrozenset = 8


def shown(value: object, limit: int = 160) -> str:
    """A short, safe repr of ``value`` for an error message (never raises).

    Long strings and containers are cut in the middle, deep nesting is
    elided, and a value whose repr fails is shown by its type.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<an integer of about {int(value.bit_length() * 0.30103)} digits>"
    try:
        text = _REPR.repr(value)
    except Exception:  # a repr that fails still names the type
        text = f"<{type(value).__name__} object>"
    if len(text) > limit:
        half = (limit - 5) // 2
        text = f"{text[:half]} ... {text[-half:]}"
    return text


def bounded_text(value: object, what: str, limit: int, error: type[NardyError]) -> str:
    """``value`` if it is a string of at most ``limit`` characters, else ``error``.

    Checked before any parsing, so that a huge input costs nothing.
    """
    if not isinstance(value, str):
        raise error(f"{what} must be a string, got {shown(value)}")
    if len(value) > limit:
        raise error(f"{too_long(what, len(value), limit)}: {shown(value)}")
    return value


def too_long(what: str, length: int, limit: int, than: str = "any valid one") -> str:
    """The message for ``what``, a text of ``length`` characters over the ``limit`` of ``than``.

    >>> too_long("the line", 2_000_000, 1_000_000, "any question")
    'the line is 2,000,000 characters long, more than any question (1,000,000 at most)'
    """
    return f"{what} is {length:,} characters long, more than {than} ({limit:,} at most)"


def take(values: object, most: int, what: str, error: type[NardyError]) -> list[Any]:
    """The items of ``values`` as a list, reading at most ``most + 1`` of them.

    An endless or huge iterable costs no more than ``most + 1`` items; the
    caller checks the length. ``error`` for something that is not iterable
    (a string counts as not iterable here: it is never a list of numbers).
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise error(f"{what} must be a list, got {shown(values)}")
    try:
        return list(itertools.islice(values, most + 1))
    except NardyError:
        raise
    except Exception as exc:  # an iterable that fails while being read
        raise error(f"cannot read {what} from {shown(values)}: {type(exc).__name__}") from None


def side(value: object, what: str = "side") -> Side:
    """A :class:`~nardy.model.basics.Side` from a Side, ``0``/``1`` or ``"w"``/``"white"``/``"b"``/``"black"``.

    The forms :meth:`Side.coerce <nardy.Side.coerce>` reads; anything else (a
    bool, another number, another string) raises
    :class:`~nardy.errors.InvalidSideError` naming ``what``.
    """
    if type(value) is Side:
        return value
    try:
        return Side.coerce(value)
    except InvalidSideError:
        raise InvalidSideError(
            f"{what} must be a side (Side.WHITE/Side.BLACK, 0/1 or 'w'/'white'/'b'/'black'), "
            f"got {shown(value)}"
        ) from None


def optional_side(value: object, what: str) -> Side | None:
    """``None``, or a side as :func:`side` reads it."""
    return None if value is None else side(value, what)


def result_kind(value: object, what: str = "result kind") -> ResultKind:
    """A :class:`~nardy.model.result.ResultKind` from a ResultKind or its value (``"gammon"``).

    Raises :class:`~nardy.errors.UnscoredKindError` naming ``what``.
    """
    if isinstance(value, ResultKind):
        return value
    if isinstance(value, str) and len(value) <= 40:
        for kind in ResultKind:
            if kind.value == value.strip().lower():
                return kind
    kinds = ", ".join(repr(k.value) for k in ResultKind)
    raise UnscoredKindError(f"{what} must be a result kind ({kinds}), got {shown(value)}")


def flag(value: object, what: str) -> bool:
    """``value`` if it is ``True`` or ``False``; :class:`~nardy.errors.InvalidOptionError` otherwise."""
    if isinstance(value, bool):
        return value
    raise InvalidOptionError(f"{what} must be true or false, got {shown(value)}")


def integer(value: object, what: str, low: int, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``; :class:`~nardy.errors.InvalidOptionError` otherwise."""
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= low
        and (high is None or value <= high)
    ):
        return int(value)
    span = f"{low}..{high}" if high is not None else f">= {low}"
    raise InvalidOptionError(f"{what} must be an integer {span}, got {shown(value)}")


# --- positions given by hand -------------------------------------------------------


def check_pins(board: tuple[int, ...], mine: int, theirs: int, form: str) -> None:
    """Pins lie under the other side's checkers, one per point, never both ways."""
    where = f"{form}, pinned={point_bits(mine)}, opp_pinned={point_bits(theirs)}"
    if mine & theirs:
        raise InvalidPositionError(f"a point in both pinned and opp_pinned: {where}")
    for p in point_bits(mine):
        if board[p - 1] >= 0:
            raise InvalidPositionError(
                f"the mover's checker pinned on {p} needs opposing checkers on top: {where}"
            )
    for p in point_bits(theirs):
        if board[p - 1] <= 0:
            raise InvalidPositionError(
                f"the opponent's checker pinned on {p} needs the mover's checkers on top: {where}"
            )


def check_held_counts(
    fields: Sequence[ExtraField],
    extra: Sequence[int],
    checkers: int,
    form: str | Callable[[], str],
) -> None:
    """Each count of checkers in the extra state (a pool) is 0..``checkers`` for each side.

    ``fields`` are the variant's extra fields, ``extra`` the two ints each
    (mover's, opponent's). Fields that hold no checkers, or hold points, are
    not counts of checkers. ``form`` is the position as the message quotes
    it, or what writes it (only when a count is wrong).
    """
    for i, field in enumerate(fields):
        if field.kind is not ExtraKind.COUNT or not field.holds_checkers:
            continue
        for who, n in zip(("mover", "opponent"), extra[2 * i : 2 * i + 2]):
            if not 0 <= n <= checkers:
                where = form if isinstance(form, str) else form()
                raise CheckerCountError(
                    f"the {who}'s {field.name} holds {n} checkers, not 0..{checkers}, in {where}"
                )


def point_set(label: str, points: object) -> int:
    """A sorted list of points 1..24 as a bitmask (bit p for point p)."""
    items = take(points, 24, f"{label} (a list of points 1..24)", InvalidPositionError)
    mask = 0
    for p in items:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 24:
            raise InvalidPositionError(
                f"{label} holds points 1..24, got {shown(p)} in {shown(items)}"
            )
        if mask >> p & 1:
            raise InvalidPositionError(f"{label} lists point {p} twice: {shown(items)}")
        mask |= 1 << p
    return mask


def int_tuple(label: str, values: Iterable[int], length: int) -> tuple[int, ...]:
    """``length`` integers (checker counts) from a list; ``label`` names it in errors."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidPositionError(
            f"{label} must be a sequence of {length} integers, got {shown(values)}"
        )
    items = tuple(take(values, length, label, InvalidPositionError))
    if len(items) != length:
        more = "more than " if len(items) > length else ""
        raise InvalidPositionError(
            f"{label} must have {length} entries, got {more}{len(items)}: {shown(values)}"
        )
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int):
            raise InvalidPositionError(
                f"{label} entries must be integers, got {shown(x)} in {shown(items)}"
            )
        if not -1000 <= x <= 1000:  # far more checkers than any variant has
            raise CheckerCountError(f"{label} holds an impossible count {shown(x)}")
    return items


def pair(label: str, values: Iterable[int]) -> tuple[int, int]:
    """Two integers (mover's, opponent's) from a list, as :func:`int_tuple` reads them."""
    items = int_tuple(label, values, 2)
    return (items[0], items[1])


def by_side(label: str, value: Mapping[Side, int] | Sequence[int]) -> tuple[int, int]:
    """Read a per-colour pair: a mapping keyed by Side (or 0/1, "white"/"black"), or (white, black)."""
    if isinstance(value, Mapping):
        out = [0, 0]
        for key, count in value.items():
            try:
                side = Side.coerce(key)
            except NardyError:
                raise InvalidPositionError(
                    f"{label} keys must be sides (Side.WHITE/Side.BLACK), got {shown(key)} "
                    f"in {shown(value)}"
                ) from None
            if isinstance(count, bool) or not isinstance(count, int):
                raise InvalidPositionError(
                    f"{label} counts must be integers, got {shown(count)} in {shown(value)}"
                )
            if not 0 <= count <= 1000:
                raise CheckerCountError(f"{label} holds an impossible count {shown(count)}")
            out[side] = count
        return (out[0], out[1])
    return pair(label, value)
