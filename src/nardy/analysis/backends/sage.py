"""The ``sage`` engine: bgsage, the Open Sage bot (MPL-2.0; needs numpy).

Backgammon and nackgammon. ``pip install 'nardy[sage]'``.

bgsage names its levels by the evaluations made, gnubg by the rolls looked
ahead: its ``"1ply"`` (the bare net) is ``Limit(plies=0)``, its
``"2ply"`` ``plies=1``, up to its ``"4ply"``, ``plies=3`` (more is
answered at 3, and the result's limit says so).

* **Evaluation**: ``bgsage.batch_evaluate``, all positions in one call
  (its fast path), cubeless chances and, with ``Limit.cubeful``, the
  cubeful equity (Janowski's, with the match equity table in a match).
* **Ranked plays**: ``bgsage.batch_checker_play``: every legal play,
  ranked by cubeful equity; at 1 ply and more bgsage looks deeper only at
  its best candidates and leaves the rest at 0 plies (each play's
  evaluation carries the limit used for it).
* **Cube decisions**, money (Jacoby and beavers as the match state says)
  and match: ``BgBotAnalyzer.cube_action``.
* **Rollouts**: ``BgBotAnalyzer`` at its ``"rollout"`` level with the
  limit's trials, truncation (0: to the end), seed and threads, moves
  chosen at ``Limit.plies``; the chances' means, the cubeless equity's
  standard error, and the cubeful (no double) equity with its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

from nardy.analysis.boards import index_of_state, sage_board, sage_packed_board, sage_state
from nardy.analysis.context import Context, Owner, context_of
from nardy.analysis.engine import EngineBase
from nardy.analysis.values import (
    Ability,
    CubeAction,
    CubeDecision,
    Evaluation,
    Limit,
    Probabilities,
    RolloutResult,
)
from nardy.errors import EngineFailedError
from nardy.game.id_state import MatchState
from nardy.model.basics import Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.variants.base import Variant

__all__ = ["SageEngine"]

#: The deepest look-ahead asked of bgsage (its "4ply").
MAX_PLIES = 3
_OWNERS = {Owner.CENTRED: "centered", Owner.MOVER: "player", Owner.OPPONENT: "opponent"}


def _level(plies: int) -> str:
    return f"{plies + 1}ply"


def _plies(label: str) -> int:
    """The plies (nardy's) of a bgsage level label (``"2-ply"`` is 1 ply)."""
    return int(label.split("-")[0]) - 1


def _request(position: Position, context: Context) -> dict[str, Any]:
    """The request bgsage takes for a position: its board, the cube and the score."""
    return {
        "board": sage_board(position),
        "cube_value": context.cube,
        "cube_owner": _OWNERS[context.owner],
        "away1": context.away,
        "away2": context.opponent_away,
        "is_crawford": context.crawford,
    }


class SageEngine(EngineBase):
    """The ``sage`` backend (see :mod:`nardy.analysis.backends.sage`)."""

    NAME = "sage"
    DISTRIBUTION = "bgsage"
    ABILITIES = frozenset(
        {
            Ability.EVALUATE,
            Ability.RANK_PLAYS,
            Ability.CUBE_MONEY,
            Ability.CUBE_MATCH,
            Ability.ROLLOUT,
            Ability.CUBEFUL,
        }
    )
    VARIANTS = frozenset({"backgammon", "nackgammon"})
    DESCRIPTION = (
        "bgsage (Open Sage): strong; batch evaluation, 0-3 plies, cubeful, "
        "money and match cube, rollouts"
    )

    def __init__(self) -> None:
        super().__init__()
        self._sage: Any = importlib.import_module("bgsage")
        self._batch: Any = importlib.import_module("bgsage.batch")
        self._analyzers: dict[tuple[Any, ...], Any] = {}

    def _call(self, what: str, function: Any, *args: Any, **kwargs: Any) -> Any:
        """Call bgsage, its failures as :class:`~nardy.errors.EngineFailedError`."""
        try:
            return function(*args, **kwargs)
        except (RuntimeError, ValueError, TypeError, KeyError) as exc:
            raise EngineFailedError(f"bgsage failed in {what}: {exc}") from None

    def _used(self, limit: Limit) -> Limit:
        return limit.replace(plies=min(limit.plies, MAX_PLIES))

    def _evaluation(
        self, position: Position, chances: Any, cubeful: float | None, used: Limit
    ) -> Evaluation:
        return Evaluation(
            position=position,
            probabilities=Probabilities.from_tuple(position.turn, list(chances.to_list())),
            cubeful_equity=float(cubeful) if used.cubeful and cubeful is not None else None,
            match_winning_chance=None,
            engine=self.info,
            limit=used,
        )

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """``bgsage.batch_evaluate`` of the positions (one call per Jacoby/beaver setting)."""
        used = self._used(limit)
        out: list[Evaluation | None] = [None] * len(positions)
        for (jacoby, beaver), indices in _groups(contexts):
            answers = self._call(
                "batch_evaluate",
                self._batch.batch_evaluate,
                [_request(positions[i], contexts[i]) for i in indices],
                eval_level=_level(used.plies),
                n_threads=used.threads,
                jacoby=jacoby,
                beaver=beaver,
            )
            for i, answer in zip(indices, answers):
                out[i] = self._evaluation(positions[i], answer.probs, answer.cubeful_equity, used)
        return [ev for ev in out if ev is not None]

    def compute_chances(
        self, variant: Variant, turn: Side, states: list[bytes], limit: Limit
    ) -> list[tuple[float, ...]]:
        """``bgsage.batch_evaluate`` of the packed states' boards in one call: no Position, no Evaluation.

        The request is :meth:`compute_evaluations`' in money play, cube centred (what
        :meth:`cubeless_chances` asks): the same chances.
        """
        used = self._used(limit)
        context = context_of(Position.from_packed(variant, turn, states[0]), None)
        template = _request(Position.from_packed(variant, turn, states[0]), context)
        answers = self._call(
            "batch_evaluate",
            self._batch.batch_evaluate,
            [{**template, "board": sage_packed_board(s)} for s in states],
            eval_level=_level(used.plies),
            n_threads=used.threads,
            jacoby=context.jacoby,
            beaver=context.beaver,
        )
        return [tuple(answer.probs.to_list()) for answer in answers]

    def compute_ranking(
        self, plays: LegalPlays, limit: Limit, match: MatchState | None
    ) -> list[tuple[int, Evaluation]]:
        """``bgsage.batch_checker_play``: each of its plays found among the legal ones."""
        used = self._used(limit)
        position, roll = plays.position, plays.roll
        context = context_of(position, match)
        request = {**_request(position, context), "die1": roll.high, "die2": roll.low}
        (answer,) = self._call(
            "batch_checker_play",
            self._batch.batch_checker_play,
            [request],
            eval_level=_level(used.plies),
            n_threads=used.threads,
            jacoby=context.jacoby,
        )
        if not answer.moves:  # no legal move: the pass, evaluated as the position after it
            return super().compute_ranking(plays, limit, match)
        checkers = position.variant.checkers
        ranked = []
        for move in answer.moves:
            index = index_of_state(plays, sage_state(move.board, checkers), self.info.name)
            after = plays.resulting_position(index)
            move_limit = used.replace(plies=_plies(move.eval_level))
            chances = Probabilities.from_tuple(position.turn, list(move.probs.to_list()))
            evaluation = Evaluation(
                position=after,
                probabilities=chances,
                cubeful_equity=float(move.equity) if used.cubeful else None,
                match_winning_chance=None,
                engine=self.info,
                limit=move_limit,
            )
            ranked.append((index, evaluation))
        return ranked

    def _analyzer(self, level: str, **options: Any) -> Any:
        key = (level, *sorted(options.items()))
        found = self._analyzers.get(key)
        if found is None:
            found = self._analyzers[key] = self._call(
                "BgBotAnalyzer", self._sage.BgBotAnalyzer, eval_level=level, **options
            )
        return found

    def _cube_action(self, analyzer: Any, position: Position, context: Context) -> Any:
        request = _request(position, context)
        return self._call(
            "cube_action",
            analyzer.cube_action,
            request.pop("board"),
            request.pop("cube_value"),
            request.pop("cube_owner"),
            jacoby=context.jacoby,
            beaver=context.beaver,
            **request,
        )

    def compute_cube(self, position: Position, limit: Limit, context: Context) -> CubeDecision:
        """``BgBotAnalyzer.cube_action`` at the plies asked."""
        used = self._used(limit).replace(cubeful=True)
        analyzer = self._analyzer(_level(used.plies), parallel_threads=used.threads)
        answer = self._cube_action(analyzer, position, context)
        nd, dt, dp = float(answer.equity_nd), float(answer.equity_dt), float(answer.equity_dp)
        return CubeDecision(
            position=position,
            action=CubeAction.of(nd, dt, dp, beaver=context.beaver),
            no_double=nd,
            double_take=dt,
            double_pass=dp,
            probabilities=Probabilities.from_tuple(position.turn, list(answer.probs.to_list())),
            engine=self.info,
            limit=used,
        )

    def compute_rollout(self, position: Position, limit: Limit, context: Context) -> RolloutResult:
        """A rollout by ``BgBotAnalyzer`` at its ``"rollout"`` level (see the module's doc)."""
        used = self._used(limit)
        analyzer = self._sage.BgBotAnalyzer(
            eval_level="rollout",
            cubeful=used.cubeful,
            n_trials=used.trials,
            truncation_depth=used.truncation,
            decision_ply=used.plies + 1,
            seed=used.seed,
            parallel_threads=used.threads,
        )
        answer = self._cube_action(analyzer, position, context)
        cubeful = used.cubeful and answer.equity_nd_se is not None
        return RolloutResult(
            position=position,
            probabilities=Probabilities.from_tuple(position.turn, list(answer.probs.to_list())),
            probability_errors=None,
            cubeless_error=float(answer.cubeless_se),
            cubeful_equity=float(answer.equity_nd) if cubeful else None,
            cubeful_error=float(answer.equity_nd_se) if cubeful else None,
            trials=used.trials,
            seed=used.seed,
            engine=self.info,
            limit=used,
        )


def _groups(contexts: list[Context]) -> Iterator[tuple[tuple[bool, bool], list[int]]]:
    """The positions' indices grouped by (Jacoby, beavers), which bgsage sets per batch."""
    groups: dict[tuple[bool, bool], list[int]] = {}
    for i, c in enumerate(contexts):
        groups.setdefault((c.jacoby, c.beaver), []).append(i)
    yield from groups.items()
