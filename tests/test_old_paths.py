"""The module paths of nardy before it was laid out in layers still import, as the new modules.

Every old path imports the module that took its place (the same object,
under both names in ``sys.modules``); an old module whose names went to
more than one new module gives each name's new object. Pickles written
before the move (``data/old_paths.pickle``, written by nardy 0.1.0 at
commit 052b192) still load.
"""

from __future__ import annotations

import importlib
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import nardy

SRC = str(Path(__file__).resolve().parent.parent / "src")

#: Old module path -> the module that took its place.
MOVED = {
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
    "nardy.env.aec": "nardy.agents.env.aec",
    "nardy.env.core": "nardy.agents.env.core",
    "nardy.env.encoding": "nardy.agents.env.encoding",
    "nardy.env.gym": "nardy.agents.env.gym",
    "nardy.env.steps": "nardy.agents.env.steps",
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

#: Old modules whose public names (their ``__all__``) went to more than one
#: new module: each name -> the module that holds it now.
SPLIT = {
    "nardy.options": {
        "OPENING_POLICIES": "nardy.game.options",
        "GameOptions": "nardy.game.options",
        "at_least": "nardy.variants.options",
        "choice": "nardy.variants.options",
        "cube_values": "nardy.game.options",
        "is_bool": "nardy.variants.options",
        "is_optional_bool": "nardy.variants.options",
        "option_owner": "nardy.variants.options",
        "read_bool": "nardy.variants.options",
        "read_int": "nardy.variants.options",
        "read_optional_bool": "nardy.variants.options",
        "to_bool": "nardy.variants.options",
    },
    "nardy.reading": {
        "by_side": "nardy.model.validate",
        "check_pins": "nardy.model.validate",
        "check_play": "nardy.model.play",
        "int_tuple": "nardy.model.validate",
        "pair": "nardy.model.validate",
        "point_set": "nardy.model.validate",
    },
}


#: Old modules that are packages now, and the module of the package that
#: holds their old names (every name the old module defined).
BECAME_PACKAGES = {
    "nardy.cli": (
        "nardy.cli.main",
        [
            "DOUBLE_LEAD",
            "INTERNAL_ERROR",
            "INTERRUPTED",
            "LINE_LIMIT",
            "MESSAGE_LIMIT",
            "TAKE_LEAD",
            "build_parser",
            "choose_play",
            "cube_decision",
            "legal_line",
            "run_demo",
            "run_match",
            "variants_table",
        ],
    ),
    "nardy.game": ("nardy.game.game", ["Game", "PlayLike"]),
    # perft.py became the package's own __init__: the same module.
    "nardy.perft": ("nardy.perft", ["PerftResult", "PerftRow", "count", "main", "perft"]),
}


#: The old paths whose modules need an optional extra, and a module of it
#: (without it neither path imports; the quick suite has no extras).
NEEDS = {
    "nardy.env.aec": "pettingzoo",
    "nardy.env.core": "numpy",
    "nardy.env.encoding": "numpy",
    "nardy.env.gym": "gymnasium",
    "nardy.openspiel": "pyspiel",
}


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_path_imports_the_new_module(old: str, new: str) -> None:
    if old in NEEDS:
        pytest.importorskip(NEEDS[old], reason=f"{old} needs an optional extra")
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert sys.modules[old] is sys.modules[new] is module
    # The module keeps its own name and spec (pickles and reloads use them).
    assert module.__name__ == new
    assert module.__spec__ is not None
    assert module.__spec__.name == new


@pytest.mark.parametrize("old", sorted(SPLIT))
def test_an_old_split_module_gives_each_name_from_its_new_module(old: str) -> None:
    module = importlib.import_module(old)
    for name, new in SPLIT[old].items():
        assert getattr(module, name) is getattr(importlib.import_module(new), name)


@pytest.mark.parametrize("old", sorted(BECAME_PACKAGES))
def test_an_old_module_that_became_a_package_gives_its_old_names(old: str) -> None:
    package = importlib.import_module(old)
    new, names = BECAME_PACKAGES[old]
    module = importlib.import_module(new)
    for name in names:
        assert getattr(package, name) is getattr(module, name)
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018


def test_the_old_function_nardy_cli_main_is_a_callable_module(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # nardy.cli.main was the console script's function; the name is its
    # module now, which runs the function when called.
    from nardy.cli.main import main

    cli = importlib.import_module("nardy.cli")
    assert cli.main(["variants", "--json"]) == 0
    by_old = capsys.readouterr().out
    assert main(["variants", "--json"]) == 0
    assert capsys.readouterr().out == by_old
    assert cli.main is sys.modules["nardy.cli.main"]


def test_an_old_policy_path_still_names_the_demo_player() -> None:
    from nardy.agents.selfplay import resolve_policy
    from nardy.cli.main import choose_play

    assert resolve_policy("nardy.cli:choose_play") is choose_play


def test_the_old_openspiel_path_registers_the_games() -> None:
    # Importing nardy.openspiel registers the nardy_* games, as it did.
    pytest.importorskip("pyspiel", reason="the openspiel extra")
    code = "\n".join(
        [
            "import pyspiel",
            "assert 'nardy_backgammon' not in pyspiel.registered_names()",
            "import nardy.openspiel",
            "assert pyspiel.load_game('nardy_backgammon') is not None",
            "print('ok')",
        ]
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["ok"]


def test_old_paths_import_first_in_a_fresh_interpreter() -> None:
    # No new module is imported before the old names here (only the package
    # itself, as every import of a submodule does).
    code = "\n".join(
        [
            "import importlib, importlib.util, sys",
            f"moved = {MOVED!r}",
            f"needs = {NEEDS!r}",
            "for old in moved:",
            "    if old in needs and importlib.util.find_spec(needs[old]) is None:",
            "        continue",
            "    module = importlib.import_module(old)",
            "    assert module is sys.modules[moved[old]], old",
            "    assert module.__spec__.name == moved[old], old",
            "print('ok')",
        ]
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["ok"]


def test_from_imports_of_old_paths() -> None:
    # Run as text: type checkers do not know the old paths (nor should they).
    names: dict[str, object] = {}
    exec("from nardy.core import Side\nfrom nardy.position import Position", names)
    assert names["Side"] is nardy.Side
    assert names["Position"] is nardy.Position


def test_an_unknown_name_under_an_old_path_is_still_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("nardy.no_such_module")


def test_pickles_written_before_the_move_still_load() -> None:
    data = (Path(__file__).parent / "data" / "old_paths.pickle").read_bytes()
    assert b"nardy.core" in data  # written with the old paths
    old = pickle.loads(data)
    variant = nardy.find_variant("caucasian(no_hide_after_hit=anywhere)")
    assert old["variant"] == variant
    assert old["position"] == variant.starting_position()
    plakoto = nardy.find_variant("plakoto").starting_position()
    assert old["pinned_position"] == plakoto.legal_plays((6, 1)).resulting_position(0)
    assert old["side"] is nardy.Side.BLACK
    assert old["roll"] == nardy.Roll(3, 1)
    assert old["play"] == variant.starting_position().legal_plays((3, 1))[0]
    assert old["result_kind"] is nardy.ResultKind.GAMMON
    assert old["geometry"] is nardy.Geometry.ROTATE
    assert old["extra"] is nardy.ExtraKind.POINTS
    assert old["game_options"] == nardy.GameOptions(beaver=True)
    assert old["cube"] == nardy.CubeState(value=2)
    assert old["phase"] is nardy.Phase.ROLL
    assert old["game"].position == nardy.Game.new("backgammon", rng=1).roll().position
    assert old["match"].describe() == nardy.Match.new("backgammon", 3, rng=2).describe()
