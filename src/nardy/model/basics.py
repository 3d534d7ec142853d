"""Small value types shared by everything: sides, rolls, point constants."""

from __future__ import annotations

import enum
import itertools
import warnings
from collections.abc import Iterable, Iterator
from typing import Final, Union

import attrs

from nardy.errors import InvalidDiceError, InvalidSideError

__all__ = ["ALL_ROLLS", "BAR", "OFF", "Roll", "RollLike", "Side"]

#: The bar, as a point number in the mover's frame (checkers enter from it).
BAR: Final = 25
#: Borne off, as a point number in the mover's frame.
OFF: Final = 0


class Side(enum.IntEnum):
    """A player. ``WHITE`` moves first from the standard start in every variant."""

    WHITE = 0
    BLACK = 1

    @classmethod
    def _missing_(cls, value: object) -> Side:
        # Side(x) for anything but 0/1: nardy's error, not the enum's ValueError.
        raise InvalidSideError(
            f"not a side: {_brief(value)} (Side(0) or Side(1); Side.coerce also reads 'w'/'b')"
        )

    def __str__(self) -> str:
        """``"white"`` or ``"black"`` (the same on every Python version)."""
        return self.name.lower()

    @property
    def opponent(self) -> Side:
        """The other side."""
        return _OPPONENTS[self]

    @property
    def letter(self) -> str:
        """``"w"`` or ``"b"``, as used in position IDs."""
        return "w" if self is Side.WHITE else "b"

    @classmethod
    def from_letter(cls, letter: str) -> Side:
        """Parse ``"w"``/``"white"``/``"b"``/``"black"`` (any case, spaces around allowed).

        Anything else raises :class:`~nardy.errors.InvalidSideError`.
        """
        if isinstance(letter, str) and len(letter) <= 20:
            key = letter.strip().lower()
            if key in ("w", "white"):
                return cls.WHITE
            if key in ("b", "black"):
                return cls.BLACK
        raise InvalidSideError(
            f"not a side: {_brief(letter)} (expected 'w', 'white', 'b' or 'black')"
        )

    @classmethod
    def coerce(cls, value: object) -> Side:
        """Accept a :class:`Side`, 0/1, or a letter/name; raise :class:`~nardy.errors.InvalidSideError`.

        Bools and other numbers are refused.
        """
        if isinstance(value, Side):
            return value
        if isinstance(value, str):
            return cls.from_letter(value)
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return cls(value)
        raise InvalidSideError(
            f"not a side: {_brief(value)} (expected Side.WHITE/Side.BLACK, 0/1 or 'w'/'b')"
        )


# Roll.moves by 8 * high + low: two values, or four for a double.
_MOVES: Final = tuple((h,) * 4 if h == low else (h, low) for h in range(8) for low in range(8))

# Side.opponent by index (an enum attribute lookup is slow on a hot path).
_OPPONENTS: Final = (Side.BLACK, Side.WHITE)


def _brief(value: object) -> str:
    """A short repr for messages about sides and dice (the long form is nardy.model.validate.shown)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "<a huge integer>"
    try:
        text = repr(value)
    except Exception:  # a repr that fails still names the type
        return f"<{type(value).__name__} object>"
    return text if len(text) <= 60 else f"{text[:28]} ... {text[-27:]}"


def _check_die(value: object) -> int:
    # The wording of nardy.game.dice.check_die: one message for a bad die wherever it is met.
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise InvalidDiceError(f"a die is an integer 1..6, got {_brief(value)}")
    return value


@attrs.frozen(repr=False, order=False, init=False, hash=False)
class Roll:
    """A roll of two dice, stored highest first: ``Roll(1, 3) == Roll(3, 1)``.

    Build one from two ints, a pair, or a string with :meth:`parse`
    (``"31"``, ``"3-1"``, ``"3 1"``). Dice must be integers 1..6
    (:class:`~nardy.errors.InvalidDiceError` otherwise).
    """

    high: int
    low: int
    #: True for a double (four moves of one number). Kept, not computed: the
    #: variants' per-turn rules ask it on every legal-play search.
    is_double: bool = attrs.field(init=False, eq=False, repr=False)

    def __init__(self, first: int, second: int) -> None:
        a = _check_die(first)
        b = _check_die(second)
        if a < b:
            a, b = b, a
        self.__attrs_init__(a, b)
        object.__setattr__(self, "is_double", a == b)

    @property
    def moves(self) -> tuple[int, ...]:
        """The moves the roll gives: two values, or four for a double (``Roll(4, 4).moves``).

        The two dice themselves are ``(roll.high, roll.low)``, or ``tuple(roll)``.
        """
        return _MOVES[self.high * 8 + self.low]

    @property
    def dice(self) -> tuple[int, ...]:
        """Deprecated: :attr:`moves` (four for a double); the two dice are ``tuple(roll)``.

        ``"dice"`` in records and ``nardy legal`` is the two dice, so this
        name goes away in 0.3; it warns with a :class:`DeprecationWarning`.
        """
        warnings.warn(
            "Roll.dice is deprecated: use Roll.moves (four moves for a double), "
            "or tuple(roll) for the two dice",
            DeprecationWarning,
            stacklevel=2,
        )
        return _MOVES[self.high * 8 + self.low]

    @property
    def probability(self) -> float:
        """The chance of this roll with two fair dice (1/36 or 2/36)."""
        return (1 if self.high == self.low else 2) / 36

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Parse ``"31"``, ``"3-1"``, ``"3 1"`` or ``"3,1"`` (ASCII digits 1..6)."""
        if not isinstance(text, str) or len(text) > 20:
            raise InvalidDiceError(f"cannot read a roll of two dice from {_brief(text)}")
        digits = [c for c in text if not c.isspace() and c not in "-,/x"]
        if len(digits) != 2 or not all(c in "0123456789" for c in digits):
            raise InvalidDiceError(f"cannot read a roll of two dice from {_brief(text)}")
        return cls(int(digits[0]), int(digits[1]))

    @classmethod
    def coerce(cls, value: RollLike) -> Roll:
        """Accept a :class:`Roll`, a pair of ints or a string; return a Roll.

        Anything else raises :class:`~nardy.errors.InvalidDiceError`.
        """
        if isinstance(value, Roll):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        known = _BY_DICE.get(value) if type(value) is tuple else None
        # (True, 1) and (3.0, 1) are equal to (1, 1) and (3, 1) as keys, but
        # no dice: only a pair of ints takes the quick way.
        if known is not None and type(value[0]) is int and type(value[1]) is int:
            return known
        if isinstance(value, bytes) or not isinstance(value, Iterable):
            raise InvalidDiceError(f"a roll is two dice, got {_brief(value)}")
        try:
            items = list(itertools.islice(value, 3))  # an endless iterable costs three items
        except Exception:  # an iterable that fails while being read
            raise InvalidDiceError(f"cannot read two dice from {_brief(value)}") from None
        if len(items) != 2:
            raise InvalidDiceError(f"a roll is exactly two dice, got {_brief(value)}")
        return cls(items[0], items[1])

    def __str__(self) -> str:
        return f"{self.high}{self.low}"

    def __repr__(self) -> str:
        return f"Roll({self.high}, {self.low})"

    def __hash__(self) -> int:
        return self.high * 8 + self.low

    def __iter__(self) -> Iterator[int]:
        """Iterate over the two dice (highest first), so ``a, b = roll`` works."""
        return iter((self.high, self.low))


RollLike = Union[Roll, "tuple[int, int]", "list[int]", str]
"""Anything :meth:`Roll.coerce` accepts."""

#: The 21 distinct rolls, doubles included, highest die first.
ALL_ROLLS: Final[tuple[Roll, ...]] = tuple(
    Roll(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)
)
# The rolls by their two dice in either order (Roll.coerce's fast path for a tuple).
_BY_DICE: Final[dict[object, Roll]] = {
    **{(r.high, r.low): r for r in ALL_ROLLS},
    **{(r.low, r.high): r for r in ALL_ROLLS},
}
