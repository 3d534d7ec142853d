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
import sys
import types
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from typing import TYPE_CHECKING, Any, cast

# What every command needs (the variants register themselves on import, so
# find_variant knows them) is imported now; the game layer (nardy.game, the
# game options included) is imported on first use (see __getattr__), so
# that ``nardy legal`` and other programs that only ask for legal plays do
# not pay for it at start-up.
from nardy import errors
from nardy._lazy import from_table as _from_table
from nardy.errors import *  # noqa: F403 (the errors, nardy.errors.__all__: see __all__ below)
from nardy.errors import RecordWarning
from nardy.model import cache
from nardy.model.basics import ALL_ROLLS, BAR, OFF, Roll, RollLike, Side
from nardy.model.display import draw_with as _draw_with
from nardy.model.legal import LegalPlays
from nardy.model.notation import parse_moves
from nardy.model.play import Play, Step, format_steps
from nardy.model.position import Position
from nardy.model.registry import (
    VARIANTS,
    find_variant,
    register_variant,
    unregister_variant,
    variant_names,
)
from nardy.model.result import Result, ResultKind
from nardy.perft import perft
from nardy.rules.movement import BearOff
from nardy.rules.turn_rules import HitterRule, StepRule
from nardy.rules.vocabulary import POOL, Contact, Entering, ExtraField, ExtraKind, Geometry
from nardy.variants import (
    AceyDeucey,
    Backgammon,
    Caucasian,
    Dutch,
    Fevga,
    Gioul,
    GulBara,
    Hypergammon,
    Kush,
    Longgammon,
    LongNardy,
    Moultezim,
    Nackgammon,
    Plakoto,
    Portes,
    Russian,
    Tabula,
    Tapa,
    Tavla,
)
from nardy.variants.base import Variant
from nardy.variants.scoring import ScoringTable

if TYPE_CHECKING:  # imported on first use at run time (see _LAZY below)
    from importlib.abc import Loader

    from nardy import game as game
    from nardy.game import actions as actions
    from nardy.game import dice as dice
    from nardy.game import doubling as doubling
    from nardy.game import id_state as matchstate  # noqa: F401 (the name of the old module)
    from nardy.game import match as match
    from nardy.game import outcome as outcome
    from nardy.game import records as records
    from nardy.game import session as session
    from nardy.game.actions import Action, ActionKind, CubeState, EndReason, Outcome, Phase
    from nardy.game.dice import DiceSource
    from nardy.game.game import Game
    from nardy.game.id_state import GameState, MatchState
    from nardy.game.match import Match
    from nardy.game.options import GameOptions
    from nardy.game.session import Session

#: The public names imported on first use, by the module that defines them.
_LAZY: dict[str, str] = {
    "Action": "nardy.game.actions",
    "ActionKind": "nardy.game.actions",
    "CubeState": "nardy.game.actions",
    "EndReason": "nardy.game.actions",
    "Outcome": "nardy.game.actions",
    "Phase": "nardy.game.actions",
    "DiceSource": "nardy.game.dice",
    "Game": "nardy.game.game",
    "GameOptions": "nardy.game.options",
    "Match": "nardy.game.match",
    "GameState": "nardy.game.id_state",
    "MatchState": "nardy.game.id_state",
    "Session": "nardy.game.session",
}

#: The submodules that ``import nardy`` used to import (so ``nardy.game`` worked
#: without importing it), by the modules that hold them now: still reachable
#: as attributes, imported on first use.
_LAZY_MODULES: dict[str, str] = {
    "actions": "nardy.game.actions",
    "dice": "nardy.game.dice",
    "doubling": "nardy.game.doubling",
    "game": "nardy.game",
    "match": "nardy.game.match",
    "matchstate": "nardy.game.id_state",
    "outcome": "nardy.game.outcome",
    "records": "nardy.game.records",
    "session": "nardy.game.session",
}


def __getattr__(name: str) -> Any:
    """Import a lazily loaded public name or submodule on first use (PEP 562)."""
    if name in _LAZY_MODULES:
        value: Any = importlib.import_module(_LAZY_MODULES[name])
    else:
        value = _from_table(__name__, name, _LAZY)
    globals()[name] = value  # later look-ups find it directly
    return value


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *_LAZY, *_LAZY_MODULES})


def _drawings() -> types.ModuleType:
    """The pictures that values, games and matches show in Jupyter (:mod:`nardy.model.display`)."""
    from nardy.pictures import svg

    return svg


_draw_with(_drawings)

# --- the old module paths -----------------------------------------------------------

#: The modules that moved when the package was laid out in layers, by their
#: old dotted names. Importing an old name gives the new module itself (one
#: module object, in ``sys.modules`` under both names), so that programs and
#: pickles that name the old modules keep working. The submodules of a moved
#: package follow it. Type checkers do not see the old names; the
#: documentation uses the new ones (:doc:`architecture` lists both).
_MOVED: dict[str, str] = {
    "nardy.actions": "nardy.game.actions",
    "nardy.answers": "nardy.cli.legal_text",
    "nardy.cache": "nardy.model.cache",
    "nardy.checks": "nardy.model.validate",
    "nardy.cliargs": "nardy.cli.args",
    "nardy.core": "nardy.model.basics",
    "nardy.dice": "nardy.game.dice",
    "nardy.doubling": "nardy.game.doubling",
    "nardy.engine.layout": "nardy.engine.state",
    "nardy.engine.notation": "nardy.engine.notation_write",
    "nardy.engine.physics": "nardy.engine.apply_steps",
    "nardy.engine.turn": "nardy.rules.turn_rules",
    "nardy.engine.turn_rules": "nardy.rules.turn_rules",
    "nardy.env": "nardy.agents.env",
    "nardy.extra": "nardy.rules.vocabulary",
    "nardy.formats.commands": "nardy.cli.convert",
    "nardy.geometry": "nardy.rules.vocabulary",
    "nardy.legal": "nardy.model.legal",
    "nardy.legalio": "nardy.cli.legal",
    "nardy.match": "nardy.game.match",
    "nardy.matchstate": "nardy.game.id_state",
    "nardy.notation": "nardy.model.notation",
    "nardy.openspiel": "nardy.agents.openspiel",
    "nardy.outcome": "nardy.game.outcome",
    "nardy.play": "nardy.model.play",
    "nardy.perftcore": "nardy.perft.fast",
    "nardy.position": "nardy.model.position",
    "nardy.records": "nardy.game.records",
    "nardy.registry": "nardy.model.registry",
    "nardy.render": "nardy.cli.render",
    "nardy.result": "nardy.model.result",
    "nardy.scoring": "nardy.variants.scoring",
    "nardy.selfplay": "nardy.agents.selfplay",
    "nardy.selfplay_cli": "nardy.cli.selfplay",
    "nardy.session": "nardy.game.session",
    "nardy.svg": "nardy.pictures.svg",
    "nardy.variant": "nardy.variants.base",
    "nardy.viewer": "nardy.pictures.viewer",
}

#: The old modules whose names went to more than one new module: the old
#: name imports a module of its own that holds the public names of each.
_SPLIT: dict[str, tuple[str, ...]] = {
    # The game options went up to the game layer, the converters stayed with the variants.
    "nardy.options": ("nardy.game.options", "nardy.variants.options"),
    # check_play went to the module of the plays it checks.
    "nardy.reading": ("nardy.model.validate", "nardy.model.play"),
}

#: The moved packages whose submodules follow them (``nardy.env.aec``).
_MOVED_PACKAGES: frozenset[str] = frozenset(["nardy.env"])


def _new_name(name: str) -> str | None:
    """The new name of a module's old name (``None``: the name did not move)."""
    new = _MOVED.get(name)
    if new is None:
        parent, _, child = name.rpartition(".")
        if parent in _MOVED_PACKAGES:
            new = f"{_MOVED[parent]}.{child}"
    return new


class _OldPaths:
    """The finder and loader of the old module paths (first on ``sys.meta_path``).

    It claims only the names in :data:`_MOVED` and :data:`_SPLIT` (and the
    submodules of a moved package), before the path finder could load a
    second copy of a module under its old name.
    """

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("nardy."):
            return None
        loader = cast(
            "Loader", self
        )  # a loader without the base class (importlib.abc is slow to import)
        if name in _SPLIT:
            return ModuleSpec(name, loader)
        new = _new_name(name)
        return None if new is None else ModuleSpec(name, loader, loader_state=new)

    def create_module(self, spec: ModuleSpec) -> types.ModuleType:
        if spec.name in _SPLIT:
            return types.ModuleType(spec.name, f"The old path of {', '.join(_SPLIT[spec.name])}.")
        module = importlib.import_module(spec.loader_state)
        # The import system sets __spec__ to the old name's spec after this
        # returns; exec_module puts the module's own back.
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        spec = module.__spec__
        assert spec is not None
        if spec.name not in _SPLIT:
            module.__spec__ = spec.loader_state
            return
        names: set[str] = set()
        for new in _SPLIT[spec.name]:
            source = importlib.import_module(new)
            for name in source.__all__:
                setattr(module, name, getattr(source, name))
            names.update(source.__all__)
        module.__all__ = sorted(names)  # type: ignore[attr-defined]


if not any(type(finder).__name__ == "_OldPaths" for finder in sys.meta_path):
    sys.meta_path.insert(0, _OldPaths())


#: The version of nardy (also the package's version: pyproject.toml reads it
#: from here, so reading it costs no package-metadata look-up at import).
__version__ = "0.1.0"


def _native_loaded() -> bool:
    """Whether the native rules core, the extension module ``nardy._native``, imports."""
    try:
        importlib.import_module("nardy._native")
    except ImportError:  # the pure build: no Rust toolchain, or NARDY_PURE=1
        return False
    return True


#: True when the native rules core (``nardy._native``, built from the Rust
#: crate in ``native/`` where a Rust toolchain was found) is loaded, false in
#: the pure build. Both give the same answers.
native: bool = _native_loaded()

#: The same as :data:`native`: true exactly when the native rules core is
#: loaded (the legal-play search then runs in Rust), false in the pure build,
#: where every module, the search included, runs as Python. nardy compiles
#: nothing else. Both builds give the same answers.
compiled: bool = native

__all__ = [
    "ALL_ROLLS",
    "BAR",
    "OFF",
    "POOL",
    "VARIANTS",
    "AceyDeucey",
    "Action",
    "ActionKind",
    "Backgammon",
    "BearOff",
    "Caucasian",
    "Contact",
    "CubeState",
    "DiceSource",
    "Dutch",
    "EndReason",
    "Entering",
    "ExtraField",
    "ExtraKind",
    "Fevga",
    "Game",
    "GameOptions",
    "GameState",
    "Geometry",
    "Gioul",
    "GulBara",
    "HitterRule",
    "Hypergammon",
    "Kush",
    "LegalPlays",
    "LongNardy",
    "Longgammon",
    "Match",
    "MatchState",
    "Moultezim",
    "Nackgammon",
    "Outcome",
    "Phase",
    "Plakoto",
    "Play",
    "Portes",
    "Position",
    "RecordWarning",
    "Result",
    "ResultKind",
    "Roll",
    "RollLike",
    "Russian",
    "ScoringTable",
    "Session",
    "Side",
    "Step",
    "StepRule",
    "Tabula",
    "Tapa",
    "Tavla",
    "Variant",
    "__version__",
    "cache",
    "compiled",
    "errors",
    "find_variant",
    "format_steps",
    "native",
    "parse_moves",
    "perft",
    "register_variant",
    "unregister_variant",
    "variant_names",
]
# The errors, as nardy.errors lists them (RecordWarning, a warning, is named above).
__all__ += errors.__all__
