"""Reading positions and plays given by hand: the array form's lists, per-side pairs, pins.

:class:`~nardy.variant.Variant` builds positions from these; each refuses
anything but the documented form with an
:class:`~nardy.errors.InvalidPositionError` (or
:class:`~nardy.errors.IllegalPlayError` for a play) that names the input,
reading at most as many items as a valid input has.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from nardy.checks import shown, take
from nardy.core import Roll, Side
from nardy.engine import layout
from nardy.errors import CheckerCountError, IllegalPlayError, InvalidPositionError, NardyError
from nardy.play import Play, Step

__all__ = ["by_side", "check_pins", "check_play", "int_tuple", "pair", "point_set"]


def check_pins(board: tuple[int, ...], mine: int, theirs: int, form: str) -> None:
    """Pins lie under the other side's checkers, one per point, never both ways."""
    where = f"{form}, pinned={layout.point_bits(mine)}, opp_pinned={layout.point_bits(theirs)}"
    if mine & theirs:
        raise InvalidPositionError(f"a point in both pinned and opp_pinned: {where}")
    for p in layout.point_bits(mine):
        if board[p - 1] >= 0:
            raise InvalidPositionError(
                f"the mover's checker pinned on {p} needs opposing checkers on top: {where}"
            )
    for p in layout.point_bits(theirs):
        if board[p - 1] <= 0:
            raise InvalidPositionError(
                f"the opponent's checker pinned on {p} needs the mover's checkers on top: {where}"
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


def check_play(play: Play) -> None:
    """A play made by hand must hold steps a legal play could have: points, dice, a roll."""
    roll = play.roll
    if not isinstance(roll, Roll):
        raise IllegalPlayError(f"a play's roll must be a nardy.Roll, got {shown(roll)}")
    steps = play.steps
    if not isinstance(steps, tuple) or len(steps) > 8:
        raise IllegalPlayError(f"a play's steps must be a tuple of steps, got {shown(steps)}")
    for step in steps:
        if (
            not isinstance(step, Step)
            or any(type(v) is not int for v in (step.src, step.dst, step.die))
            or not (0 <= step.dst < step.src <= 25 and 1 <= step.die <= 6)
        ):
            raise IllegalPlayError(f"not a step of a play: {shown(step)} in {shown(steps)}")
