"""Where a game's dice come from, and the dice of the opening roll.

A game draws its dice from a :class:`DiceSource`: a :class:`random.Random`,
a seed, or a callable (real dice, a score sheet, a test's fixed sequence).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from nardy.errors import InvalidDiceError, InvalidOptionError
from nardy.model.basics import RollLike
from nardy.model.validate import shown, take

__all__ = [
    "DiceCallable",
    "DiceSource",
    "DiceSourceLike",
    "OpeningDice",
    "check_die",
    "dice_source",
    "opening_dice",
]

DiceCallable = Callable[[], int | Sequence[int]]
"""A callable returning one die (1..6) or a few dice (up to four) per call."""

OpeningDice = Sequence[int] | Sequence[Sequence[int]]
"""Fed opening dice: ``(die0, die1)`` or ``((a, b), (c, d))``, player 0 first."""


class DiceSource:
    """Where a game's dice come from: a :class:`random.Random`, a seed, or a callable.

    A callable may return one die or a pair per call; dice are consumed one
    at a time, in order, so either kind feeds every roll (the opening roll
    of ``two_dice_each_*`` takes four dice). This object is the one mutable
    part of a game: snapshots that share it share its sequence. It is not
    part of a snapshot's equality or of its record (the record holds the
    dice that were rolled).
    """

    def __init__(self, source: random.Random | DiceCallable | int | None = None) -> None:
        if source is None:
            source = random.Random()
        elif type(source) is int:
            source = random.Random(source)
        elif not isinstance(source, random.Random) and (
            not callable(source) or isinstance(source, (bool, type))
        ):
            raise InvalidOptionError(
                "a dice source is a random.Random, an integer seed or a callable returning "
                f"dice, got {shown(source)}"
            )
        self.source: random.Random | DiceCallable = source
        self._buffer: list[int] = []

    def die(self) -> int:
        """The next die."""
        if not self._buffer:
            if isinstance(self.source, random.Random):
                return self.source.randint(1, 6)
            got = self.source()
            values = (
                [got]
                if isinstance(got, int)
                else take(got, 4, "what the dice source gave", InvalidDiceError)
            )
            if not values or len(values) > 4:
                raise InvalidDiceError(f"the dice source gave {shown(got)}, not one to four dice")
            for v in values:
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                    raise InvalidDiceError(f"the dice source gave {shown(got)}, not dice 1..6")
            self._buffer.extend(values)
        return self._buffer.pop(0)

    def pair(self) -> tuple[int, int]:
        """The next two dice."""
        return (self.die(), self.die())

    def dice(self, count: int = 2) -> tuple[int, ...]:
        """The next ``count`` dice: a turn's roll of a variant of :attr:`~nardy.Variant.dice` dice (2 or 3)."""
        return tuple([self.die() for _ in range(count)])


DiceSourceLike = DiceSource | random.Random | DiceCallable | int | None
"""What a game accepts as its dice source: a :class:`DiceSource`, or what makes one."""


def dice_source(rng: DiceSourceLike) -> DiceSource:
    """``rng`` itself if it is a :class:`DiceSource`, else a new one drawing from it."""
    return rng if isinstance(rng, DiceSource) else DiceSource(rng)


def check_die(value: object) -> int:
    """``value`` if it is a die (an integer 1..6), else :class:`~nardy.errors.InvalidDiceError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise InvalidDiceError(f"a die is an integer 1..6, got {shown(value)}")
    return int(value)


def opening_dice(
    policy: str, dice: RollLike | OpeningDice | None, source: DiceSource
) -> tuple[int, ...]:
    """The dice of one opening roll under ``policy``, flat, player 0's first.

    ``dice`` are fed dice (``(die0, die1)``, or ``((a, b), (c, d))`` for the
    ``two_dice_each_*`` policies); ``None`` draws them from ``source``.
    Raises :class:`~nardy.errors.InvalidDiceError` for fed dice of the
    wrong shape or outside 1..6.
    """
    two = policy.startswith("two_dice")
    if dice is None:
        if two:
            p0, p1 = source.pair(), source.pair()
            return (*p0, *p1)
        return source.pair()
    items: list[Any] = take(dice, 2, "opening dice", InvalidDiceError)
    if two:
        pairs = [take(x, 2, "a player's opening dice", InvalidDiceError) for x in items]
        if len(items) != 2 or any(len(x) != 2 for x in pairs):
            raise InvalidDiceError(
                f"the {policy} opening takes two dice per player, ((a, b), (c, d)); "
                f"got {shown(dice)}"
            )
        return tuple(check_die(v) for pair in pairs for v in pair)
    if len(items) != 2:
        raise InvalidDiceError(
            f"the {policy} opening takes one die per player, (die0, die1); got {shown(dice)}"
        )
    return (check_die(items[0]), check_die(items[1]))
