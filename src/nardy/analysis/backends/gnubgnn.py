"""The ``gnubg-nn`` engine: GNU Backgammon's neural nets (the ``gnubg-nn`` package, GPL-3.0).

Backgammon and nackgammon. ``pip install 'nardy[gnubg]'``.

* **Evaluation**: ``gnubg_nn.probabilities`` at ``Limit.plies`` 0, 1 or 2
  (more is answered at 2, and the result's limit says so); cubeless
  chances, the cubeful equity nardy's model's.
* **Ranked plays**: every legal play's resulting position evaluated at the
  same plies (gnubg-nn's own move list drops plays at 1 ply and more, so
  nardy asks for each); at 0 plies its ranking is ``gnubg_nn.best_move``'s.
* **Cube decisions in match play**: ``gnubg_nn.evaluate_cube_decision``
  with the score and cube set; its match-winning chances are turned into
  EMG (normalised by the current cube) with the chances of winning and
  losing the cube's points that the same call gives.
* **Money cube decisions and cubeful equities**: nardy's cube model over
  its chances (:mod:`nardy.analysis.model`; gnubg-nn answers "Not
  implemented for money" itself).
* **Not supported**: rollouts (its rollouts return impossible numbers and
  then crash): :class:`~nardy.errors.UnsupportedAnalysisError`.

gnubg-nn keeps the score and cube in process-wide settings: one engine at a
time per process, not thread-safe.
"""

from __future__ import annotations

import importlib
from itertools import repeat
from typing import Any

from nardy.analysis.boards import gnubg_board, gnubg_packed_boards
from nardy.analysis.context import Context, Owner
from nardy.analysis.engine import EngineBase
from nardy.analysis.values import (
    Ability,
    CubeAction,
    CubeDecision,
    Evaluation,
    Limit,
    Probabilities,
)
from nardy.errors import EngineFailedError
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.variants.base import Variant

__all__ = ["GnubgNNEngine"]

#: The deepest look-ahead asked of gnubg-nn.
MAX_PLIES = 2
# gnubg-nn's side letters: its board is [X, O] = [opponent, side on roll].
_ON_ROLL, _OTHER = b"O", b"X"


class GnubgNNEngine(EngineBase):
    """The ``gnubg-nn`` backend (see :mod:`nardy.analysis.backends.gnubgnn`)."""

    NAME = "gnubg-nn"
    DISTRIBUTION = "gnubg-nn"
    ABILITIES = frozenset({Ability.EVALUATE, Ability.RANK_PLAYS, Ability.CUBE_MATCH})
    MODELLED = frozenset({Ability.CUBEFUL, Ability.CUBE_MONEY})
    VARIANTS = frozenset({"backgammon", "nackgammon"})
    DESCRIPTION = (
        "GNU Backgammon's neural nets (gnubg-nn): strong and fastest; cubeless, 0-2 plies, "
        "its own match cube (money cube and cubeful equity by nardy's model), no rollouts"
    )

    def __init__(self) -> None:
        super().__init__()
        self._nn: Any = importlib.import_module("gnubg_nn")

    def _call(self, what: str, *args: Any) -> Any:
        """Call gnubg-nn, its failures as :class:`~nardy.errors.EngineFailedError`."""
        try:
            return getattr(self._nn, what)(*args)
        except (RuntimeError, ValueError, TypeError) as exc:
            raise EngineFailedError(f"gnubg-nn failed in {what}: {exc}") from None

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """``gnubg_nn.probabilities`` of each position at the plies asked (at most 2)."""
        used = limit.replace(plies=min(limit.plies, MAX_PLIES), cubeful=False)
        return [
            Evaluation(
                position=p,
                probabilities=Probabilities.from_tuple(
                    p.turn, self._call("probabilities", gnubg_board(p), used.plies)
                ),
                cubeful_equity=None,
                match_winning_chance=None,
                engine=self.info,
                limit=used,
            )
            for p in positions
        ]

    def compute_chances(
        self, variant: Variant, turn: Side, states: list[bytes], limit: Limit
    ) -> list[tuple[float, ...]]:
        """``gnubg_nn.probabilities`` of each packed state's board: no Position, no Evaluation."""
        plies = min(limit.plies, MAX_PLIES)
        try:
            # (map calls gnubg-nn from C: no Python step a position.)
            return list(map(self._nn.probabilities, gnubg_packed_boards(states), repeat(plies)))
        except (RuntimeError, ValueError, TypeError) as exc:
            raise EngineFailedError(f"gnubg-nn failed in probabilities: {exc}") from None

    def _decision(self, key: str, plies: int, side: bytes) -> tuple[Any, ...]:
        answer: tuple[Any, ...] = self._call("evaluate_cube_decision", key, plies, -1, side, 1)
        return answer

    def compute_cube(self, position: Position, limit: Limit, context: Context) -> CubeDecision:
        """``gnubg_nn.evaluate_cube_decision`` at the score, its chances turned into EMG."""
        used = limit.replace(plies=min(limit.plies, MAX_PLIES), cubeful=True)
        settings = self._nn.set
        settings.score(context.away, context.opponent_away, int(context.crawford))
        if context.owner is Owner.MOVER:
            settings.cube(context.cube, _ON_ROLL)
        else:
            settings.cube(context.cube)
        key = self._call("key_of_board", gnubg_board(position))
        _, _, _, no_double, double_take, double_pass = self._decision(key, used.plies, _ON_ROLL)
        # The other side's double/pass chance is what the side on roll keeps
        # when it loses the cube's points: with its own, the scale of EMG.
        lost = 1.0 - float(self._decision(key, 0, _OTHER)[5])
        won = float(double_pass)
        settings.score(0, 0)
        settings.cube(1)

        def emg(chance: float) -> float:
            return (2.0 * float(chance) - (won + lost)) / (won - lost)

        nd, dt, dp = emg(no_double), emg(double_take), emg(double_pass)
        chances = self.compute_evaluations([position], used, [context])[0].probabilities
        return CubeDecision(
            position=position,
            action=CubeAction.of(nd, dt, dp),
            no_double=nd,
            double_take=dt,
            double_pass=dp,
            probabilities=chances,
            engine=self.info,
            limit=used,
        )
