"""The ``gnubg`` engine: GNU Backgammon itself, in-process (the ``gnubg`` package, GPL-3.0).

Backgammon and nackgammon. ``pip install gnubg``.

* **Evaluation**: ``gnubg.evaluate`` with the cube and score of the match
  state at ``Limit.plies`` 0 to 4 (more is answered at 4); cubeless
  chances (the module's ``evaluate`` gives no cubeful equity: the cubeful
  equity is nardy's model's).
* **Ranked plays**: every legal play's resulting position evaluated so.
  (gnubg's own ``find_best_moves`` writes a play that bears off with its
  steps cut at the first "off" -- ``(4,)`` for both ``4/off 1/off`` and
  ``4/off 4/3`` -- so its plays cannot be read back reliably; nardy
  ranks the legal plays itself with gnubg's evaluations.)
* **Cube decisions and cubeful equities**: nardy's cube model over its
  chances (:mod:`nardy.analysis.model`: the module's ``hint`` answers
  "Hints for cube actions not yet implemented").
* **Not supported**: rollouts (the module reports them only as text):
  :class:`~nardy.errors.UnsupportedAnalysisError`.

Opening it runs ``set threads 1`` first (gnubg hangs in-process without
it). gnubg keeps one program state per process: one engine at a time.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator
from typing import Any

from nardy.analysis.boards import gnubg_board
from nardy.analysis.context import Context, Owner
from nardy.analysis.engine import EngineBase
from nardy.analysis.values import Ability, Evaluation, Limit, Probabilities
from nardy.errors import EngineFailedError
from nardy.model.position import Position

__all__ = ["GnubgProgramEngine"]

#: The deepest look-ahead asked of gnubg.
MAX_PLIES = 4


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Standard output silenced at the descriptor (gnubg's commands print from C)."""
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


class GnubgProgramEngine(EngineBase):
    """The ``gnubg`` backend (see :mod:`nardy.analysis.backends.program`)."""

    NAME = "gnubg"
    DISTRIBUTION = "gnubg"
    ABILITIES = frozenset({Ability.EVALUATE, Ability.RANK_PLAYS})
    MODELLED = frozenset({Ability.CUBEFUL, Ability.CUBE_MONEY, Ability.CUBE_MATCH})
    VARIANTS = frozenset({"backgammon", "nackgammon"})
    DESCRIPTION = (
        "GNU Backgammon in-process (gnubg): strong; cubeless evaluation at 0-4 plies "
        "and ranked plays (cube by nardy's model); no rollouts through the module"
    )

    def __init__(self) -> None:
        super().__init__()
        self._gnubg: Any = importlib.import_module("gnubg")
        self.command("set threads 1")

    def command(self, text: str) -> None:
        """Run a gnubg command, its printing silenced."""
        try:
            with _quiet():
                self._gnubg.command(text)
        except RuntimeError as exc:
            raise EngineFailedError(f"gnubg failed on {text!r}: {exc}") from None

    def _cube_info(self, context: Context) -> Any:
        # gnubg's player 0 is the side on roll here, so the owner is 0, 1 or -1.
        owner = {Owner.CENTRED: -1, Owner.MOVER: 0, Owner.OPPONENT: 1}[context.owner]
        # Only the points each side needs matter: the shortest match with them.
        length = 0 if context.money else max(context.away, context.opponent_away)
        score = (0, 0) if context.money else (length - context.away, length - context.opponent_away)
        return self._gnubg.cube_info(context.cube, owner, 0, length, score, int(context.crawford))

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """``gnubg.evaluate`` of each position at the plies asked (at most 4)."""
        used = limit.replace(plies=min(limit.plies, MAX_PLIES), cubeful=False)
        context = self._gnubg.eval_context(0, used.plies)
        out = []
        for position, c in zip(positions, contexts):
            board = gnubg_board(position)
            try:
                answer = self._gnubg.evaluate(board, self._cube_info(c), context)
            except (RuntimeError, ValueError, TypeError) as exc:
                raise EngineFailedError(
                    f"gnubg failed to evaluate {position.id()}: {exc}"
                ) from None
            out.append(
                Evaluation(
                    position=position,
                    probabilities=Probabilities.from_tuple(position.turn, list(answer[:5])),
                    cubeful_equity=None,
                    match_winning_chance=None,
                    engine=self.info,
                    limit=used,
                )
            )
        return out
