"""Which rolls a variant plays: two or three dice, and segments of k moves.

:attr:`Variant.dice <nardy.Variant.dice>` says how many dice a turn rolls
(2, or 3 in tabula); :attr:`Variant.segment_moves <nardy.Variant.segment_moves>`
says whether the variant answers a question about a double played as k
moves of its number (:meth:`Roll.with_moves <nardy.Roll.with_moves>`: moves
handed to the opponent in gul bara). :func:`check_roll` is the one test of
"does this variant take this roll", asked by
:meth:`Variant.legal_plays <nardy.Variant.legal_plays>` for every roll that
is not two plain dice, and for every roll of a variant of three dice.
:func:`random_roll` throws a variant's dice.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from nardy.errors import InvalidDiceError, InvalidOptionError
from nardy.model.basics import Roll, distinct_rolls, ordered_rolls
from nardy.model.validate import shown

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = ["check_roll", "random_roll", "rolls_of", "turn_rolls"]


def check_roll(variant: Variant, roll: Roll, given: object = None) -> Roll:
    """``roll`` if ``variant`` plays it; :class:`~nardy.errors.InvalidDiceError` naming the variant otherwise.

    A variant of two dice takes rolls of two dice, and segments of k moves
    (:meth:`Roll.with_moves <nardy.Roll.with_moves>`) only with
    :attr:`~nardy.Variant.segment_moves`; a variant of three dice takes
    rolls of three dice only. ``given`` is what the caller passed (named in
    the message when it is not the roll itself).
    """
    dice = len(roll.faces)
    if dice != variant.dice:
        raise InvalidDiceError(
            f"{variant.spec()} is played with {variant.dice} dice, "
            f"not {dice}: {_shown(roll, given)} is not one of its rolls"
        )
    if roll.is_double and roll.move_count != 4 and not variant.segment_moves:
        raise InvalidDiceError(
            f"{variant.spec()} plays a double as four moves: {_shown(roll, given)} "
            "(a segment of k moves) is for a variant with segment_moves"
        )
    return roll


def _shown(roll: Roll, given: object) -> str:
    """The roll as a message names it: what the caller passed, when that was not the roll itself.

    (Written only for a message: building it for every roll asked about
    cost tabula a tenth of its search.)
    """
    return repr(roll) if given is None or given is roll else shown(given)


def random_roll(dice: int, rng: random.Random | None = None) -> Roll:
    """A roll of ``dice`` fair dice, each ``rng.randint(1, 6)`` in turn (``rng`` ``None``: ``random``'s own generator).

    Drawing each die with ``randint`` keeps a seed's dice those of
    ``Roll(rng.randint(1, 6), rng.randint(1, 6))``, and of a
    :class:`~nardy.Game` whose dice source is the same generator. Anything
    but a :class:`random.Random` or ``None`` raises
    :class:`~nardy.errors.InvalidOptionError`.
    """
    if rng is None:
        draw = random.randint
    elif isinstance(rng, random.Random):
        draw = rng.randint
    else:
        raise InvalidOptionError(
            f"the dice of a random roll come from a random.Random (or None), got {shown(rng)}"
        )
    return Roll(*[draw(1, 6) for _ in range(dice)])


def rolls_of(dice: int) -> tuple[Roll, ...]:
    """The distinct rolls of a variant of ``dice`` dice (21 or 56)."""
    return distinct_rolls(dice)


def turn_rolls(dice: int) -> tuple[Roll, ...]:
    """The ordered outcomes of ``dice`` dice (36 or 216), each as its roll."""
    return _ORDERED.get(dice) or _ORDERED.setdefault(dice, ordered_rolls(dice))


_ORDERED: dict[int, tuple[Roll, ...]] = {}
