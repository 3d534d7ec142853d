"""nardy: the rules of the backgammon family, exactly.

Hand it a position and a roll; get back every legal play, the next
position, and -- when the game ends -- who won and by how much::

    >>> import nardy
    >>> pos = nardy.find_variant("backgammon").starting_position()
    >>> len(pos.legal_plays((3, 1)))
    16

Everything public is importable from this package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# What every command needs (the variants register themselves on import, so
# find_variant knows them) is imported now; the game, match and session layer
# is imported on first use (see __getattr__), so that ``nardy legal`` and
# other programs that only ask for legal plays do not pay for it at start-up.
from nardy import cache, errors
from nardy.core import ALL_ROLLS, BAR, OFF, Roll, RollLike, Side
from nardy.engine import search as _engine_search
from nardy.engine.turn import HitterRule, StepRule
from nardy.errors import (
    AmbiguousPlayError,
    BarNotAllowedError,
    CheckerCountError,
    CubeActionError,
    GameOverError,
    IllegalActionError,
    IllegalPlayError,
    InputError,
    InvalidDiceError,
    InvalidIdError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidSideError,
    NardyError,
    NotYourTurnError,
    RecordError,
    RecordWarning,
    ResignationError,
    SharedPointError,
    UnknownOptionError,
    UnknownVariantError,
    UnscoredKindError,
    UnsupportedFormatError,
    WrongPhaseError,
)
from nardy.extra import ExtraField, ExtraKind
from nardy.geometry import Contact, Entering, Geometry
from nardy.legal import LegalPlays
from nardy.notation import parse_moves
from nardy.options import GameOptions
from nardy.perft import perft
from nardy.play import Play, Step, format_steps
from nardy.position import Position
from nardy.registry import (
    VARIANTS,
    find_variant,
    register_variant,
    unregister_variant,
    variant_names,
)
from nardy.result import Result, ResultKind
from nardy.scoring import ScoringTable
from nardy.variant import Variant
from nardy.variants import (
    Backgammon,
    Caucasian,
    Fevga,
    Hypergammon,
    Kush,
    LongNardy,
    Nackgammon,
    Plakoto,
    Portes,
    Tavla,
)

if TYPE_CHECKING:  # imported on first use at run time (see _LAZY below)
    from nardy import actions as actions
    from nardy import dice as dice
    from nardy import doubling as doubling
    from nardy import game as game
    from nardy import match as match
    from nardy import matchstate as matchstate
    from nardy import outcome as outcome
    from nardy import records as records
    from nardy import session as session
    from nardy.actions import Action, ActionKind, CubeState, EndReason, Outcome, Phase
    from nardy.dice import DiceSource
    from nardy.game import Game
    from nardy.match import Match
    from nardy.matchstate import GameState, MatchState
    from nardy.session import Session

#: The public names imported on first use, by the module that defines them.
_LAZY: dict[str, str] = {
    "Action": "nardy.actions",
    "ActionKind": "nardy.actions",
    "CubeState": "nardy.actions",
    "EndReason": "nardy.actions",
    "Outcome": "nardy.actions",
    "Phase": "nardy.actions",
    "DiceSource": "nardy.dice",
    "Game": "nardy.game",
    "Match": "nardy.match",
    "GameState": "nardy.matchstate",
    "MatchState": "nardy.matchstate",
    "Session": "nardy.session",
}

#: The submodules that ``import nardy`` used to import (so ``nardy.game`` worked
#: without importing it): still reachable as attributes, imported on first use.
_LAZY_MODULES = frozenset(
    ("actions", "dice", "doubling", "game", "match", "matchstate", "outcome", "records", "session")
)


def __getattr__(name: str) -> Any:
    """Import a lazily loaded public name or submodule on first use (PEP 562)."""
    where = _LAZY.get(name)
    if where is not None:
        value = getattr(importlib.import_module(where), name)
    elif name in _LAZY_MODULES:
        value = importlib.import_module(f"nardy.{name}")
    else:
        raise AttributeError(f"module 'nardy' has no attribute {name!r}")
    globals()[name] = value  # later look-ups find it directly
    return value


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *_LAZY, *_LAZY_MODULES})


#: The version of nardy (also the package's version: pyproject.toml reads it
#: from here, so reading it costs no package-metadata look-up at import).
__version__ = "0.1.0"

#: True when the rules engine runs compiled (the mypyc build), false for pure
#: Python. Both give the same answers; the compiled one is faster.
compiled: bool = not hasattr(_engine_search.legal_plays, "__code__")

__all__ = [
    "ALL_ROLLS",
    "BAR",
    "OFF",
    "VARIANTS",
    "Action",
    "ActionKind",
    "AmbiguousPlayError",
    "Backgammon",
    "BarNotAllowedError",
    "Caucasian",
    "CheckerCountError",
    "Contact",
    "CubeActionError",
    "CubeState",
    "DiceSource",
    "EndReason",
    "Entering",
    "ExtraField",
    "ExtraKind",
    "Fevga",
    "Game",
    "GameOptions",
    "GameOverError",
    "GameState",
    "Geometry",
    "HitterRule",
    "Hypergammon",
    "IllegalActionError",
    "IllegalPlayError",
    "InputError",
    "InvalidDiceError",
    "InvalidIdError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidSideError",
    "Kush",
    "LegalPlays",
    "LongNardy",
    "Match",
    "MatchState",
    "Nackgammon",
    "NardyError",
    "NotYourTurnError",
    "Outcome",
    "Phase",
    "Plakoto",
    "Play",
    "Portes",
    "Position",
    "RecordError",
    "RecordWarning",
    "ResignationError",
    "Result",
    "ResultKind",
    "Roll",
    "RollLike",
    "ScoringTable",
    "Session",
    "SharedPointError",
    "Side",
    "Step",
    "StepRule",
    "Tavla",
    "UnknownOptionError",
    "UnknownVariantError",
    "UnscoredKindError",
    "UnsupportedFormatError",
    "Variant",
    "WrongPhaseError",
    "__version__",
    "cache",
    "compiled",
    "errors",
    "find_variant",
    "format_steps",
    "parse_moves",
    "perft",
    "register_variant",
    "unregister_variant",
    "variant_names",
]
