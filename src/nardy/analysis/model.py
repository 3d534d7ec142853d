"""nardy's cube model applied to an engine's cubeless chances: cubeful equity, match chances, cube decisions.

Engines that give only cubeless chances (``gnubg-nn``, the ``gnubg``
module, the heuristic) get their cubeful figures here, from gnubg's 0-ply
model (:mod:`nardy.analysis.cube`, :mod:`nardy.analysis.efficiency`, the
match equity table of the :class:`~nardy.analysis.Context`); an engine's
own figures are never replaced. :attr:`EngineInfo.modelled
<nardy.analysis.EngineInfo.modelled>` says which of an engine's abilities
come from here.

* **Cubeful equity** (:attr:`Evaluation.cubeful_equity
  <nardy.analysis.Evaluation.cubeful_equity>`): the side on roll's, before
  it rolls, its cube action included (:func:`~nardy.analysis.cube.on_roll_equity`):
  the figure gnubg ranks plays by at 0-ply.
* **Match-winning chance**, in match play: the cubeful equity (the engine's
  or the model's) turned into MWC by the table; the cubeless one
  (gammons at the score's prices) when no cubeful equity was asked for.
* **Cube decisions**: the three equities of :func:`~nardy.analysis.cube.cube_equities`.

The model is backgammon's (its position classes and match equity table):
it applies to backgammon and nackgammon (:func:`applies`). Elsewhere an
evaluation stays cubeless, and a cube decision is the dead cube's in
money play (no double ``E``, double/take ``2E``, double/pass +1) and
refused in a match.
"""

from __future__ import annotations

import attrs

from nardy.analysis.context import Context
from nardy.analysis.cube import cube_equities, cubeless_equity, equity_to_mwc, on_roll_equity
from nardy.analysis.efficiency import cube_efficiency
from nardy.analysis.values import (
    CubeAction,
    CubeDecision,
    EngineInfo,
    Evaluation,
    Limit,
    Probabilities,
)
from nardy.errors import UnsupportedAnalysisError
from nardy.model.position import Position

__all__ = ["MODEL_VARIANTS", "applies", "complete", "model_cube"]

#: The variants the cube model knows (backgammon's classes and match equity table).
MODEL_VARIANTS = frozenset({"backgammon", "nackgammon"})


def applies(position: Position) -> bool:
    """Whether the cube model knows the variant of ``position``."""
    return position.variant.name in MODEL_VARIANTS


def complete(evaluation: Evaluation, context: Context, *, cubeful: bool) -> Evaluation:
    """``evaluation`` with the model's cubeful equity and match-winning chance where it has none.

    ``context`` is the match state from the evaluation's side's point of
    view; ``cubeful``: whether the caller's limit asked for cubeful
    figures. The cubeful equity is added only for the side on roll's
    evaluation (a play's evaluation, the mover's view of the position after
    it, keeps what the engine gave); its limit then says ``cubeful=True``.
    """
    position = evaluation.position
    if not applies(position):
        return evaluation
    equity = evaluation.cubeful_equity
    limit = evaluation.limit
    if cubeful and equity is None and evaluation.side == position.turn:
        chances = evaluation.probabilities.as_tuple()
        equity = on_roll_equity(chances, context, cube_efficiency(position))
        limit = limit.replace(cubeful=True)
    mwc = evaluation.match_winning_chance
    if mwc is None and not context.money:
        base = cubeless_equity(evaluation.probabilities, context) if equity is None else equity
        mwc = equity_to_mwc(base, context)
    if equity is evaluation.cubeful_equity and mwc is evaluation.match_winning_chance:
        return evaluation
    return attrs.evolve(evaluation, cubeful_equity=equity, match_winning_chance=mwc, limit=limit)


def model_cube(
    position: Position,
    probabilities: Probabilities,
    context: Context,
    engine: EngineInfo,
    limit: Limit,
) -> CubeDecision:
    """The cube decision of the model over an engine's cubeless ``probabilities`` (see the module's doc).

    ``context`` is the side on roll's. The action is
    :attr:`~nardy.analysis.CubeAction.NOT_AVAILABLE` where it may not
    double. A match outside :data:`MODEL_VARIANTS` raises
    :class:`~nardy.errors.UnsupportedAnalysisError`.
    """
    if applies(position):
        nd, dt, dp = cube_equities(probabilities, context, cube_efficiency(position))
    elif context.money:
        nd = probabilities.cubeless_equity
        dt, dp = 2.0 * nd, 1.0
    else:
        raise UnsupportedAnalysisError(
            f"match cube decisions in {position.variant.name} need a match equity table "
            f"nardy does not have (it has backgammon's)"
        )
    if context.may_double:
        action = CubeAction.of(nd, dt, dp, beaver=context.beaver)
    else:
        action = CubeAction.NOT_AVAILABLE
    return CubeDecision(
        position=position,
        action=action,
        no_double=nd,
        double_take=dt,
        double_pass=dp,
        probabilities=probabilities,
        engine=engine,
        limit=limit.replace(cubeful=True),
    )
