"""The ``heuristic`` engine: every variant, always available, weak -- and it says so.

It looks no further than the position (every :class:`~nardy.analysis.Limit`
is answered at 0 plies) and knows two formulas:

* **Backgammon and nackgammon races** (no contact: neither side has a
  checker to pass) use **Tom Keith's count** (Keith, "Doubling in a Race",
  `bkgm.com/articles/Keith/DoublingInRace
  <https://www.bkgm.com/articles/Keith/DoublingInRace/>`_): each side's pip
  count plus 2 for each checker beyond the first on its 1-point, 1 for each
  beyond the first on its 2-point, 1 for each beyond the third on its
  3-point and 1 for each of its 4-, 5- and 6-points that is empty; the side
  on roll's count is then raised by a seventh. Keith's rule doubles when
  the roller's count exceeds the other's by at most 4 and passes when by
  less than 2; nardy maps the excess ``x`` to the roller's winning chance
  through a normal curve through the two points racing theory quotes for
  those thresholds (about 68% at the doubling point, 78% at the take
  point): ``win = Phi(a - b*x)``. Races have no gammons here.
* **Every other position, in every variant**: the pip lead (the
  opponent's count minus the mover's, plus 4 for the roll to come), over a
  spread that grows with the race's length, less a tenth for each blot
  the mover leaves and plus a tenth for each the opponent leaves (blots only
  count in variants where a lone checker can be hit), through the same
  normal curve; a fixed share of the wins and losses (a quarter of the
  chance, squared) are gammons. Monotone in the pip lead and the blots;
  nothing more.

Cube decisions and cubeful equities are nardy's cube model's
(:mod:`nardy.analysis.model`) over these chances: gnubg's 0-ply model in
backgammon and nackgammon, money and match; in other variants the dead
cube's in money play (no double ``E``, double/take ``2E``, double/pass +1,
so it doubles as soon as it leads), and match cube decisions raise
:class:`~nardy.errors.UnsupportedAnalysisError`, as do rollouts.
"""

from __future__ import annotations

import math
from statistics import NormalDist

from nardy.analysis.context import Context
from nardy.analysis.engine import EngineBase
from nardy.analysis.values import Ability, Evaluation, Limit, Probabilities
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.rules.vocabulary import Contact

__all__ = ["HeuristicEngine", "keith_count", "race_win_chance"]

#: The variants whose races Keith's count measures (15 checkers, backgammon's board).
RACE_VARIANTS = frozenset({"backgammon", "nackgammon"})

_NORMAL = NormalDist()
# The normal curve through Keith's thresholds: win(4) = 68%, win(2) = 78%.
_SLOPE = (_NORMAL.inv_cdf(0.78) - _NORMAL.inv_cdf(0.68)) / 2.0
_OFFSET = _NORMAL.inv_cdf(0.68) + 4.0 * _SLOPE


def keith_count(position: Position, side: Side) -> int:
    """Tom Keith's adjusted pip count of ``side`` (before the side on roll's seventh is added)."""
    points = position.checkers(side)
    empty_home = sum(1 for p in (4, 5, 6) if points[p - 1] == 0)
    wastage = 2 * max(0, points[0] - 1) + max(0, points[1] - 1) + max(0, points[2] - 3)
    return position.pip_count(side) + wastage + empty_home


def race_win_chance(position: Position) -> float:
    """The side on roll's winning chance in a race by Keith's count (see the module's doc)."""
    mover = position.turn
    excess = keith_count(position, mover) * 8.0 / 7.0 - keith_count(position, mover.opponent)
    return _NORMAL.cdf(_OFFSET - _SLOPE * excess)


def is_race(position: Position) -> bool:
    """Whether no checker of either side has an opposing checker still to pass (backgammon's board)."""
    raw = position.raw
    if raw[25] or raw[26]:
        return False
    mine = [p for p in range(1, 25) if raw[p] > 0]
    theirs = [p for p in range(1, 25) if raw[p] < 0]
    # The mover moves down its points, the opponent up them (in the mover's numbering).
    return not mine or not theirs or max(mine) < min(theirs)


def _blots(position: Position, side: Side) -> int:
    return sum(1 for n in position.checkers(side) if n == 1)


def contact_win_chance(position: Position) -> float:
    """The side on roll's winning chance by pip lead and blots (see the module's doc)."""
    mover = position.turn
    mine, theirs = position.pip_count(mover), position.pip_count(mover.opponent)
    spread = 2.0 * math.sqrt(mine + theirs + 1.0)
    z = (theirs - mine + 4.0) / spread
    if position.variant.contact is Contact.HIT:
        z += 0.1 * (_blots(position, mover.opponent) - _blots(position, mover))
    return _NORMAL.cdf(z)


def heuristic_probabilities(position: Position) -> Probabilities:
    """The heuristic's chances for the side on roll of a position still being played."""
    if position.variant.name in RACE_VARIANTS and is_race(position):
        win = race_win_chance(position)
        return Probabilities.from_tuple(position.turn, (win, 0.0, 0.0, 0.0, 0.0))
    win = contact_win_chance(position)
    gammons = (0.25 * win * win, 0.0, 0.25 * (1.0 - win) ** 2, 0.0)
    return Probabilities.from_tuple(
        position.turn, (win, gammons[0], gammons[1], gammons[2], gammons[3])
    )


class HeuristicEngine(EngineBase):
    """The ``heuristic`` backend (see :mod:`nardy.analysis.backends.heuristic`)."""

    NAME = "heuristic"
    DISTRIBUTION = "nardy"
    ABILITIES = frozenset({Ability.EVALUATE, Ability.RANK_PLAYS})
    MODELLED = frozenset({Ability.CUBEFUL, Ability.CUBE_MONEY, Ability.CUBE_MATCH})
    VARIANTS = None
    DESCRIPTION = (
        "weak: Keith's race count for backgammon races, else pip lead and blots; "
        "0 plies, cubeless (nardy's cube model adds the cube; for tests and variants no engine plays)"
    )

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """Each position's chances by the formulas; cubeless, 0 plies."""
        used = limit.replace(plies=0, cubeful=False)
        return [
            Evaluation(
                position=p,
                probabilities=heuristic_probabilities(p),
                cubeful_equity=None,
                match_winning_chance=None,
                engine=self.info,
                limit=used,
            )
            for p in positions
        ]
