"""gnubg's position classes and cube efficiency, for backgammon positions.

GNU Backgammon sorts a position into a class (its ``ClassifyPosition``)
and gives each class a **cube efficiency** ``x`` for the cubeful
interpolation of :mod:`nardy.analysis.cube` (its ``EvalEfficiency``):

* contact: the sides' rearmost checkers have not passed each other;
  *crashed* when a side has at most 6 checkers left in play (not counting
  a stack of 2 or more on its 1-point beyond the first, as gnubg counts);
* race: no contact; a *bear-off* when a side's checkers are all in its home
  board (gnubg's one-sided database covers it), a *two-sided bear-off* when
  both sides have at most 6 checkers left, all at home;
* over: a side has borne off every checker.

The efficiencies are gnubg 1.1.0a16's defaults (:data:`EFFICIENCIES`): 0.76
in contact and crashed positions; in a race ``0.6 + 0.0025 x pips`` of
the side on roll, at most 0.8; 0.6 in bear-offs; 0 once over. (gnubg's
older sources say 0.68 and ``0.55 + 0.00125 x pips`` within 0.6..0.7;
1.1.0a16's scores agree with the newer values to 1e-6, see the tests.)
In two-sided bear-offs gnubg, in match play, derives ``x`` from its exact
two-sided database (at most 0.6); nardy uses 0.6 there (the review guide
gives what that changes).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, cast

import attrs

from nardy.analysis.native_cube import native_function
from nardy.engine.state import ZERO
from nardy.errors import AnalysisInputError
from nardy.model.position import Position

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = [
    "EFFICIENCIES",
    "Efficiencies",
    "NativeEfficiencies",
    "PositionClass",
    "cube_efficiency",
    "native_efficiencies",
    "packed_cube_efficiencies",
    "position_class",
]

# gnubg's databases in memory: the one-sided bear-off of 15 checkers on the
# 6 home points, the two-sided one of 6 checkers on 6 points.
_HOME = 6
_TWO_SIDED_CHECKERS = 6
# A side with at most this many checkers in play is "crashed".
_CRASHED = 6


class PositionClass(enum.Enum):
    """The classes gnubg sorts a backgammon position into (those an evaluation of a real game meets)."""

    OVER = "over"
    BEAROFF_TWO_SIDED = "two-sided bear-off"
    BEAROFF = "bear-off"
    RACE = "race"
    CRASHED = "crashed"
    CONTACT = "contact"


@attrs.frozen
class Efficiencies:
    """Cube efficiencies by class (gnubg's ``set cube efficiency`` parameters)."""

    #: Contact positions.
    contact: float = 0.76
    #: Crashed positions.
    crashed: float = 0.76
    #: Bear-offs (and two-sided bear-offs, see the module's note).
    bearoff: float = 0.6
    #: Races: ``race_coefficient + race_factor * pips``, within the bounds below.
    race_factor: float = 0.0025
    #: Races: the constant term.
    race_coefficient: float = 0.6
    #: Races: the lowest efficiency.
    race_min: float = 0.6
    #: Races: the highest efficiency.
    race_max: float = 0.8


#: gnubg 1.1.0a16's default efficiencies.
EFFICIENCIES = Efficiencies()


# A packed point holds count + 128 (mover's frame): the mover's checkers
# above 128, the opponent's below. These tables read, with one
# bytes.translate, each point's checkers of one side.
_MINE = bytes(max(b - 128, 0) for b in range(256))
_THEIRS = bytes(max(128 - b, 0) for b in range(256))


def _checkers(variant: Variant) -> int:
    """The variant's checkers a side, if gnubg's classes are defined for it."""
    if variant.name not in ("backgammon", "nackgammon", "hypergammon"):
        raise AnalysisInputError(
            f"gnubg's position classes are defined for backgammon, not {variant.name}"
        )
    return variant.checkers


def _crashed(total: int, one: int, two: int) -> bool:
    """Whether a side is crashed, as gnubg tests it: ``total`` checkers in play, ``one`` and ``two`` on its 1 and 2 points."""
    if total <= _CRASHED:
        return True
    if one > 1:
        if total <= _CRASHED + one:
            return True
        return two > 1 and 1 + total - (one + two) <= _CRASHED
    return total <= _CRASHED + (two - 1)


def position_class(position: Position) -> PositionClass:
    """The class gnubg gives a backgammon ``position`` (its ``ClassifyPosition``).

    Raises :class:`~nardy.errors.AnalysisInputError` for another variant.
    """
    return _classify(position.packed, _checkers(position.variant))[0]


def _classify(packed: bytes, checkers: int) -> tuple[PositionClass, bytes]:
    """The class of a packed state, with the mover's counts on its points 1..24 (a race's pips).

    The board as gnubg holds it, read in C (one translate a side; a review
    classifies 120,000 positions a match): each side's checkers on the
    mover's points, the bars, and gnubg's index of each side's farthest
    checker (24: the bar; -1: none left).
    """
    # Packed: the mover's off, points 1..24, the mover's bar, the opponent's bar, his off.
    points = packed[1:25]
    mine, theirs = points.translate(_MINE), points.translate(_THEIRS)
    back = 24 if packed[25] != ZERO else len(mine.rstrip(b"\0")) - 1
    # The opponent's farthest checker is on the mover's lowest point he holds.
    opp_back = 24 if packed[26] != ZERO else len(theirs.lstrip(b"\0")) - 1
    if back < 0 or opp_back < 0:
        return PositionClass.OVER, mine
    # The checkers in play (on the points and the bar): those not borne off.
    total, opp_total = checkers + ZERO - packed[0], checkers + ZERO - packed[27]
    if back + opp_back > 22:
        # (Neither side crashed while it has more than 6 checkers besides those on
        # its 1 and 2 points, the usual case: _crashed decides the rest.)
        if total - mine[0] - mine[1] > _CRASHED and opp_total - theirs[23] - theirs[22] > _CRASHED:
            return PositionClass.CONTACT, mine
        if _crashed(opp_total, theirs[23], theirs[22]) or _crashed(total, mine[0], mine[1]):
            return PositionClass.CRASHED, mine
        return PositionClass.CONTACT, mine
    if back < _HOME and opp_back < _HOME:
        if total <= _TWO_SIDED_CHECKERS and opp_total <= _TWO_SIDED_CHECKERS:
            return PositionClass.BEAROFF_TWO_SIDED, mine
        return PositionClass.BEAROFF, mine
    return PositionClass.RACE, mine


def cube_efficiency(position: Position, parameters: Efficiencies = EFFICIENCIES) -> float:
    """The cube efficiency gnubg gives ``position`` (the side on roll's), by its class."""
    return packed_cube_efficiencies(position.variant, [position.packed], parameters)[0]


def packed_cube_efficiencies(
    variant: Variant, states: Iterable[bytes], parameters: Efficiencies = EFFICIENCIES
) -> list[float]:
    """:func:`cube_efficiency` of many positions of ``variant`` given by their packed states.

    Each state a :attr:`Position.packed <nardy.Position.packed>` (the side
    on roll's frame, not validated); no Position is built (the match review
    classifies 120,000 positions a match). Raises
    :class:`~nardy.errors.AnalysisInputError` for a variant other than
    backgammon's family.
    """
    checkers = _checkers(variant)
    native = native_efficiencies()
    if native is not None:
        listed = states if isinstance(states, list) else list(states)
        return native(listed, checkers, attrs.astuple(parameters))
    return _rule(states, checkers, parameters)


def _rule(states: Iterable[bytes], checkers: int, parameters: Efficiencies) -> list[float]:
    """:func:`packed_cube_efficiencies` in Python: the rule, and the pure build's."""
    contact, crashed, bearoff = parameters.contact, parameters.crashed, parameters.bearoff
    out = []
    for packed in states:
        kind, mine = _classify(packed, checkers)
        # (Compared by identity, the commonest first: an enum's hash is a Python call.)
        if kind is _IS_CONTACT:
            out.append(contact)
        elif kind is _IS_CRASHED:
            out.append(crashed)
        elif kind is _IS_RACE:
            out.append(_race(mine, parameters))
        elif kind is _IS_OVER:
            out.append(0.0)
        else:
            out.append(bearoff)
    return out


_IS_CONTACT, _IS_CRASHED, _IS_RACE, _IS_OVER = (
    PositionClass.CONTACT,
    PositionClass.CRASHED,
    PositionClass.RACE,
    PositionClass.OVER,
)


def _race(mine: bytes, parameters: Efficiencies) -> float:
    """A race's efficiency: from the pips of the side on roll (nobody on the bar)."""
    pips = sum(i * n for i, n in enumerate(mine, start=1))
    x = pips * parameters.race_factor + parameters.race_coefficient
    return min(max(x, parameters.race_min), parameters.race_max)


#: The native ``cube_efficiencies(states, checkers, parameters)``: packed
#: states, the variant's checkers a side, the 7 :class:`Efficiencies` in order.
NativeEfficiencies = Callable[[list[bytes], int, tuple[float, ...]], list[float]]


_NATIVE: Final = cast("NativeEfficiencies | None", native_function("cube_efficiencies"))


def native_efficiencies() -> NativeEfficiencies | None:
    """The native core's ``cube_efficiencies`` that :func:`packed_cube_efficiencies` calls, or ``None``.

    ``None`` in the pure build (and with a core built before it had the
    function): the Python rule then answers, to the same bits (the tests
    check the two equal).
    """
    return _NATIVE
