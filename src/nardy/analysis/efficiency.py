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

import attrs

from nardy.errors import AnalysisInputError
from nardy.model.position import Position

__all__ = ["EFFICIENCIES", "Efficiencies", "PositionClass", "cube_efficiency", "position_class"]

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


def _counts(position: Position) -> tuple[list[int], list[int]]:
    """The board as gnubg holds it: each side's checkers on its points 1..24 then its bar (opponent, mover)."""
    if position.variant.name not in ("backgammon", "nackgammon", "hypergammon"):
        raise AnalysisInputError(
            f"gnubg's position classes are defined for backgammon, not {position.variant.name}"
        )
    # The raw state is in the mover's frame: points 1..24 signed (the
    # opponent's point p is the mover's 25 - p), then the two bars.
    s = position.raw
    mine = [x if x > 0 else 0 for x in s[1:25]]
    mine.append(s[25])
    theirs = [-x if x < 0 else 0 for x in s[24:0:-1]]
    theirs.append(s[26])
    return theirs, mine


def _crashed(side: list[int]) -> bool:
    """Whether a side is crashed, as gnubg tests it (checkers left in play, a deep 1-point stack aside)."""
    total = sum(side)
    if total <= _CRASHED:
        return True
    if side[0] > 1:
        if total <= _CRASHED + side[0]:
            return True
        return side[1] > 1 and 1 + total - (side[0] + side[1]) <= _CRASHED
    return total <= _CRASHED + (side[1] - 1)


def position_class(position: Position) -> PositionClass:
    """The class gnubg gives a backgammon ``position`` (its ``ClassifyPosition``).

    Raises :class:`~nardy.errors.AnalysisInputError` for another variant.
    """
    theirs, mine = _counts(position)
    back = max((i for i, n in enumerate(mine) if n), default=-1)
    opp_back = max((i for i, n in enumerate(theirs) if n), default=-1)
    if back < 0 or opp_back < 0:
        return PositionClass.OVER
    if back + opp_back > 22:
        if _crashed(theirs) or _crashed(mine):
            return PositionClass.CRASHED
        return PositionClass.CONTACT
    if back < _HOME and opp_back < _HOME:
        if sum(mine) <= _TWO_SIDED_CHECKERS and sum(theirs) <= _TWO_SIDED_CHECKERS:
            return PositionClass.BEAROFF_TWO_SIDED
        return PositionClass.BEAROFF
    return PositionClass.RACE


def cube_efficiency(position: Position, parameters: Efficiencies = EFFICIENCIES) -> float:
    """The cube efficiency gnubg gives ``position`` (the side on roll's), by its class."""
    kind = position_class(position)
    if kind is PositionClass.OVER:
        return 0.0
    if kind in (PositionClass.BEAROFF, PositionClass.BEAROFF_TWO_SIDED):
        return parameters.bearoff
    if kind is PositionClass.CONTACT:
        return parameters.contact
    if kind is PositionClass.CRASHED:
        return parameters.crashed
    mine = _counts(position)[1]
    pips = sum((i + 1) * n for i, n in enumerate(mine))
    x = pips * parameters.race_factor + parameters.race_coefficient
    return min(max(x, parameters.race_min), parameters.race_max)
