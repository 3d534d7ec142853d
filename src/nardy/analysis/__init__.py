"""Analysis with the engines players already use: evaluate, rank plays, cube decisions, rollouts.

One synchronous API over several backends (:func:`open_engine`), with
engine-neutral values: no engine's board or notation reaches the user.
Every play an engine names is mapped through :class:`~nardy.LegalPlays`
and refused (:class:`~nardy.errors.EnginePlayError`) if it is not legal;
every result names the engine, its version and the :class:`Limit` it
actually used.

======================  ==========================================================
backend                 what it is
======================  ==========================================================
``heuristic``           every variant, always installed, weak (formulas, 0 plies)
``gnubg-nn``            gnubg's neural nets (``pip install 'nardy[gnubg]'``):
                        backgammon; no money cube, no rollouts
``sage``                bgsage (``pip install 'nardy[sage]'``): backgammon;
                        money and match cube, rollouts
``gnubg``               GNU Backgammon itself as a module (``pip install gnubg``):
                        backgammon; evaluation and plays
``gnubg-process``       the GNU Backgammon program run as ``gnubg -t``: backgammon;
                        cubeful, money and match cube; a timeout on every exchange
======================  ==========================================================

Bots: :class:`Bot` plays a game with an engine, :func:`play_match` plays
a match between two engines or an engine and a random player (see
:mod:`nardy.analysis.bots`).

``import nardy.analysis`` imports no engine: a backend imports its engine
when it is opened. The cube and the score come from a
:class:`~nardy.MatchState` passed as ``match=`` (see
:mod:`nardy.analysis.context`).

Engines that give only cubeless chances get their cubeful equity,
match-winning chances and cube decisions from nardy's implementation of
gnubg's 0-ply cube model (:mod:`nardy.analysis.model`, over
:mod:`nardy.analysis.cube`, :mod:`nardy.analysis.efficiency` and the match
equity table of :mod:`nardy.analysis.met`); :attr:`EngineInfo.modelled`
says which. :func:`review_match` reviews a whole match as gnubg does
(:mod:`nardy.analysis.review`).
"""

from __future__ import annotations

from nardy.analysis.bots import Bot, Player, RandomPlayer, play_match
from nardy.analysis.context import Context, Owner, context_of
from nardy.analysis.engine import Engine, EngineBase
from nardy.analysis.met import MatchEquityTable
from nardy.analysis.registry import available_engines, engine_names, open_engine
from nardy.analysis.report import Decision, GameReview, MatchReview, PlayerStats
from nardy.analysis.review import review_game, review_match
from nardy.analysis.values import (
    Ability,
    CubeAction,
    CubeDecision,
    EngineInfo,
    Evaluation,
    Hint,
    Limit,
    PlayAnalysis,
    Probabilities,
    RankedPlay,
    RolloutResult,
)
from nardy.errors import (
    AnalysisError,
    AnalysisInputError,
    EngineFailedError,
    EngineNotInstalledError,
    EnginePlayError,
    InvalidLimitError,
    InvalidProbabilitiesError,
    MatchEquityTableError,
    MatchStateError,
    PlayerError,
    ReviewError,
    UnknownEngineError,
    UnsupportedAnalysisError,
)

__all__ = [
    "Ability",
    "AnalysisError",
    "AnalysisInputError",
    "Bot",
    "Context",
    "CubeAction",
    "CubeDecision",
    "Decision",
    "Engine",
    "EngineBase",
    "EngineFailedError",
    "EngineInfo",
    "EngineNotInstalledError",
    "EnginePlayError",
    "Evaluation",
    "GameReview",
    "Hint",
    "InvalidLimitError",
    "InvalidProbabilitiesError",
    "Limit",
    "MatchEquityTable",
    "MatchEquityTableError",
    "MatchReview",
    "MatchStateError",
    "Owner",
    "PlayAnalysis",
    "Player",
    "PlayerError",
    "PlayerStats",
    "Probabilities",
    "RandomPlayer",
    "RankedPlay",
    "ReviewError",
    "RolloutResult",
    "UnknownEngineError",
    "UnsupportedAnalysisError",
    "available_engines",
    "context_of",
    "engine_names",
    "open_engine",
    "play_match",
    "review_game",
    "review_match",
]
