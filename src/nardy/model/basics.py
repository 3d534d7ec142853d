"""Small value types shared by everything: sides, rolls, point constants."""

from __future__ import annotations

import enum
import itertools
import warnings
from collections.abc import Iterable, Iterator
from typing import Any, Final, Union

import attrs

from nardy.errors import InvalidDiceError, InvalidSideError

__all__ = [
    "ALL_ROLLS",
    "ALL_ROLLS_3",
    "BAR",
    "OFF",
    "Roll",
    "RollLike",
    "Side",
    "distinct_rolls",
    "ordered_rolls",
]

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


# Roll()'s default: no dice given (only an old pickle does that).
_UNPICKLED: Final[Any] = object()


@attrs.frozen(repr=False, order=False, init=False, eq=False, hash=False)
class Roll:
    """A roll of two or three dice, stored highest first: ``Roll(1, 3) == Roll(3, 1)``.

    Build one from two or three ints (``Roll(6, 3, 1)``, for a variant
    played with three dice, :attr:`Variant.dice <nardy.Variant.dice>`), a
    tuple (:meth:`coerce`) or a string with :meth:`parse` (``"31"``,
    ``"3-1"``, ``"3 1"``, ``"631"``). Dice must be integers 1..6
    (:class:`~nardy.errors.InvalidDiceError` otherwise).

    A double can also stand for fewer than its four moves, a **segment of
    k moves** (:meth:`with_moves`): ``Roll(5, 5).with_moves(3)`` is three
    moves of 5, the question a variant with
    :attr:`~nardy.Variant.segment_moves` answers for moves handed over in
    the middle of a turn.

    Rolls are values: equal rolls are one object, so comparing and hashing
    them is cheap. For two dice, ``hash(roll)`` is ``8 * high + low``.
    """

    #: The highest die.
    high: int
    #: The lowest die.
    low: int
    #: True for a double of two dice (four moves of one number, or k of them
    #: with :meth:`with_moves`). False for three dice: a pair or a triple of
    #: three dice is three moves, no bonus. Kept, not computed: the variants'
    #: per-turn rules ask it on every legal-play search.
    is_double: bool
    #: Every die, highest first: ``(high, low)`` for two dice, ``(6, 3, 1)`` for three.
    faces: tuple[int, ...]
    #: The moves the roll gives: the two dice, four of a double (``Roll(4, 4).moves``
    #: is ``(4, 4, 4, 4)``), the three dice of a roll of three, or k of a
    #: segment made with :meth:`with_moves`.
    moves: tuple[int, ...]
    #: How many moves the roll gives: 2, 4 for a double, 3 for three dice, k
    #: for :meth:`with_moves`.
    move_count: int
    #: A small int naming the roll, its hash: ``8 * high + low`` for two dice,
    #: 64 or more for three dice and for a segment of k moves.
    code: int

    def __new__(
        cls, first: int = _UNPICKLED, second: int = _UNPICKLED, third: int | None = None
    ) -> Roll:
        """The roll of these dice, in any order (``Roll(1, 3)`` is ``Roll(3, 1)``)."""
        # Every roll is made once, at import: a call looks it up.
        if first is _UNPICKLED and second is _UNPICKLED:
            # A pickle of nardy 0.1 rebuilds its roll bare, then sets its state
            # (__setstate__); nothing else calls Roll() without dice.
            return object.__new__(cls)
        if second is _UNPICKLED:
            raise InvalidDiceError(f"a roll is two or three dice, got the one die {_brief(first)}")
        if third is None:
            if type(first) is int and type(second) is int:
                known = _PAIRS.get((first, second))
                if known is not None:
                    return known
            return _PAIRS[(int(_check_die(first)), int(_check_die(second)))]
        if type(first) is int and type(second) is int and type(third) is int:
            known = _TRIPLES.get((first, second, third))
            if known is not None:
                return known
        dice = (int(_check_die(first)), int(_check_die(second)), int(_check_die(third)))
        return _TRIPLES[dice]

    def with_moves(self, count: int) -> Roll:
        """The double played as ``count`` moves of its number (1 to 4): a segment of k moves.

        ``Roll(5, 5).with_moves(3).moves == (5, 5, 5)``; ``with_moves(4)``
        is the plain double. Only a double of two dice has segments
        (:class:`~nardy.errors.InvalidDiceError` otherwise). Only a variant
        with :attr:`~nardy.Variant.segment_moves` answers such a question.
        """
        if not self.is_double:
            raise InvalidDiceError(
                f"only a double can be played as k moves of its number, not {self}"
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            raise InvalidDiceError(
                f"a double is played as 1 to 4 moves of its number, got {_brief(count)} moves"
            )
        return _SEGMENTS[self.high * 8 + int(count)]

    @property
    def dice(self) -> tuple[int, ...]:
        """Deprecated: :attr:`moves` (four for a double); the dice themselves are :attr:`faces`.

        ``"dice"`` in records and ``nardy legal`` is the dice, so this
        name goes away in 0.3; it warns with a :class:`DeprecationWarning`.
        """
        warnings.warn(
            "Roll.dice is deprecated: use Roll.moves (four moves for a double), "
            "or tuple(roll) for the two dice",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.moves

    @property
    def probability(self) -> float:
        """The chance of this roll with fair dice: 1/36 or 2/36 for two, permutations / 216 for three.

        A segment of k moves (:meth:`with_moves`) has its double's chance.
        """
        faces = self.faces
        if len(faces) == 2:
            return (1 if faces[0] == faces[1] else 2) / 36
        return len(set(itertools.permutations(faces))) / 216

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Parse ``"31"``, ``"3-1"``, ``"3 1"``, ``"3,1"`` or three dice ``"631"`` (ASCII digits 1..6)."""
        if not isinstance(text, str) or len(text) > 20:
            raise InvalidDiceError(f"cannot read a roll of two or three dice from {_brief(text)}")
        digits = [c for c in text if not c.isspace() and c not in "-,/x"]
        if len(digits) not in (2, 3) or not all(c in "0123456789" for c in digits):
            raise InvalidDiceError(f"cannot read a roll of two or three dice from {_brief(text)}")
        return cls(*(int(c) for c in digits))

    @classmethod
    def coerce(cls, value: RollLike) -> Roll:
        """Accept a :class:`Roll`, a pair or triple of ints or a string; return a Roll.

        Anything else raises :class:`~nardy.errors.InvalidDiceError`.
        """
        if isinstance(value, Roll):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if type(value) is tuple:
            # (True, 1) and (3.0, 1) are equal to (1, 1) and (3, 1) as keys, but
            # no dice: only ints take the quick way.
            if len(value) == 2:
                known = _PAIRS.get(value)
                if known is not None and type(value[0]) is int and type(value[1]) is int:
                    return known
            else:
                known = _TRIPLES.get(value)
                if known is not None and all(type(v) is int for v in value):
                    return known
        if isinstance(value, bytes) or not isinstance(value, Iterable):
            raise InvalidDiceError(f"a roll is two or three dice, got {_brief(value)}")
        try:
            items = list(itertools.islice(value, 4))  # an endless iterable costs four items
        except Exception:  # an iterable that fails while being read
            raise InvalidDiceError(f"cannot read two or three dice from {_brief(value)}") from None
        if len(items) not in (2, 3):
            raise InvalidDiceError(f"a roll is exactly two or three dice, got {_brief(value)}")
        return cls(*items)

    def __str__(self) -> str:
        """``"31"``, ``"631"``; a segment of k moves is ``"55 (3 moves)"``."""
        text = "".join(map(str, self.faces))
        if self.is_double and self.move_count != 4:
            return f"{text} ({self.move_count} move{'s' if self.move_count > 1 else ''})"
        return text

    def __repr__(self) -> str:
        text = f"Roll({', '.join(map(str, self.faces))})"
        if self.is_double and self.move_count != 4:
            return f"{text}.with_moves({self.move_count})"
        return text

    def __eq__(self, other: object) -> bool:
        if type(other) is not Roll:
            return NotImplemented
        return self.code == other.code

    def __hash__(self) -> int:
        return self.code

    def __iter__(self) -> Iterator[int]:
        """Iterate over the dice (highest first), so ``a, b = roll`` works."""
        return iter(self.faces)

    def __setstate__(self, state: dict[str, Any]) -> None:
        # A roll pickled by nardy 0.1 (its fields high, low, is_double): the
        # fields of the roll of those dice.
        known = Roll(state["high"], state["low"])
        for field in attrs.fields(Roll):
            object.__setattr__(self, field.name, getattr(known, field.name))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its dice (and k): unpickling gives the one roll of them.
        if self.is_double and self.move_count != 4:
            return (_segment, (self.high, self.move_count))
        return (Roll, self.faces)


def _segment(die: int, count: int) -> Roll:
    """``Roll(die, die).with_moves(count)`` (how a segment of k moves unpickles)."""
    return Roll(die, die).with_moves(count)


def _made(faces: tuple[int, ...], moves: tuple[int, ...], code: int) -> Roll:
    """A new roll object (only at import: every roll exists once)."""
    roll = object.__new__(Roll)
    double = len(faces) == 2 and faces[0] == faces[1]
    for name, value in (
        ("high", faces[0]),
        ("low", faces[-1]),
        ("is_double", double),
        ("faces", faces),
        ("moves", moves),
        ("move_count", len(moves)),
        ("code", code),
    ):
        object.__setattr__(roll, name, value)
    return roll


def _build() -> tuple[dict[tuple[int, ...], Roll], dict[tuple[int, ...], Roll], dict[int, Roll]]:
    """Every roll of two dice, of three dice, and every segment of k moves, by their dice."""
    pairs: dict[tuple[int, ...], Roll] = {}
    for a in range(1, 7):
        for b in range(1, a + 1):
            roll = _made((a, b), (a,) * 4 if a == b else (a, b), 8 * a + b)
            pairs[a, b] = pairs[b, a] = roll
    triples: dict[tuple[int, ...], Roll] = {}
    for a in range(1, 7):
        for b in range(1, a + 1):
            for c in range(1, b + 1):
                roll = _made((a, b, c), (a, b, c), 64 * a + 8 * b + c)
                for order in itertools.permutations((a, b, c)):
                    triples[order] = roll
    segments = {
        8 * d + k: _made((d, d), (d,) * k, 512 + 8 * d + k)
        for d in range(1, 7)
        for k in range(1, 4)
    }
    segments.update({8 * d + 4: pairs[d, d] for d in range(1, 7)})
    return pairs, triples, segments


_PAIRS, _TRIPLES, _SEGMENTS = _build()

RollLike = Union[Roll, "tuple[int, int]", "tuple[int, int, int]", "list[int]", str]
"""Anything :meth:`Roll.coerce` accepts."""

#: The 21 distinct rolls of two dice, doubles included, highest die first.
ALL_ROLLS: Final[tuple[Roll, ...]] = tuple(
    Roll(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)
)
#: The 56 distinct rolls of three dice, highest die first.
ALL_ROLLS_3: Final[tuple[Roll, ...]] = tuple(
    Roll(a, b, c) for a in range(6, 0, -1) for b in range(a, 0, -1) for c in range(b, 0, -1)
)


def distinct_rolls(dice: int = 2) -> tuple[Roll, ...]:
    """The distinct rolls of ``dice`` fair dice (2 or 3): :data:`ALL_ROLLS` (21) or :data:`ALL_ROLLS_3` (56).

    Each roll's :attr:`Roll.probability` is its chance; they add up to 1.
    """
    if dice == 2:
        return ALL_ROLLS
    if dice == 3:
        return ALL_ROLLS_3
    raise InvalidDiceError(f"nardy plays with two or three dice, not {_brief(dice)}")


def ordered_rolls(dice: int = 2) -> tuple[Roll, ...]:
    """Every ordered outcome of ``dice`` fair dice (36 or 216), each as its :class:`Roll`.

    Equal rolls repeat (``Roll(3, 1)`` twice, once per order), so each entry
    has the chance 1/36 (1/216).
    """
    distinct_rolls(dice)  # the check
    return tuple(Roll(*faces) for faces in itertools.product(range(1, 7), repeat=dice))
