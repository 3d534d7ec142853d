"""The analysis commands: ``nardy engines``, ``nardy hint``, ``nardy cube`` and ``nardy rollout``.

Each reads a position with its cube and score from an ID (a gnubg ID, a
Position ID alone -- money play --, an XGID or a FIBS ``board:`` line; see
:func:`nardy.cli.convert.read_any_id`) and asks an engine of
:mod:`nardy.analysis`: ``--engine NAME`` (default: the strongest installed:
sage, gnubg-nn, gnubg, else the heuristic). ``--format json`` prints one
JSON object. Errors are one line and exit status 1 (as every command's,
:func:`nardy.cli.main.main`).
"""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from nardy.analysis import (
    CubeDecision,
    Evaluation,
    Limit,
    PlayAnalysis,
    RolloutResult,
    available_engines,
    engine_names,
    open_engine,
)
from nardy.analysis.registry import BACKENDS
from nardy.analysis.values import EngineInfo, Probabilities
from nardy.cli.analyze import add_analyze
from nardy.cli.args import add_variant, positive
from nardy.cli.convert import read_any_id
from nardy.errors import AnalysisInputError
from nardy.model.basics import Roll

__all__ = ["add_analysis_commands", "default_engine"]

#: The engines ``--engine`` defaults to, strongest first (the first installed one).
PREFERENCE = ("sage", "gnubg-nn", "gnubg", "heuristic")


def default_engine() -> str:
    """The strongest installed engine (see :data:`PREFERENCE`)."""
    installed = {b.name for b in available_engines()}
    return next(name for name in PREFERENCE if name in installed)


def _common(parser: argparse.ArgumentParser, plies: bool = True) -> None:
    parser.add_argument("id", metavar="ID", help="a gnubg ID, Position ID, XGID or FIBS board line")
    parser.add_argument(
        "--engine", choices=engine_names(), help="the engine (default: the strongest installed)"
    )
    if plies:
        parser.add_argument(
            "--plies", type=int, default=0, metavar="N", help="look-ahead in plies (default 0)"
        )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_variant(parser, "backgammon (the default) or nackgammon", "backgammon")


def add_analysis_commands(sub: Any) -> None:
    """Add ``engines``, ``hint``, ``cube``, ``rollout`` and ``analyze`` to the ``nardy`` command's subparsers."""
    engines = sub.add_parser(
        "engines", help="list the analysis engines: installed, versions, abilities"
    )
    engines.add_argument("--format", choices=("text", "json"), default="text")
    engines.set_defaults(run=_run_engines)
    hint = sub.add_parser("hint", help="rank the plays of a roll in a position with an engine")
    _common(hint)
    hint.add_argument("--roll", metavar="DD", help="the dice, e.g. 31 (default: the ID's dice)")
    hint.add_argument(
        "--multipv", type=positive, metavar="N", help="show the N best plays (default: all)"
    )
    hint.set_defaults(run=_run_hint)
    cube = sub.add_parser("cube", help="the cube decision of the side on roll, with an engine")
    _common(cube)
    cube.set_defaults(run=_run_cube)
    rollout = sub.add_parser("rollout", help="roll a position out with an engine")
    _common(rollout)
    rollout.add_argument("--trials", type=positive, default=1296, metavar="N", help="games (1296)")
    rollout.add_argument("--seed", type=int, default=0, metavar="S", help="the dice's seed (0)")
    rollout.add_argument(
        "--truncation", type=int, default=0, metavar="N", help="plies per game (0: to the end)"
    )
    rollout.set_defaults(run=_run_rollout)
    add_analyze(sub)


# --- JSON forms -------------------------------------------------------------------------


def _info(info: EngineInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "version": info.version,
        "abilities": sorted(a.value for a in info.abilities),
        "modelled": sorted(a.value for a in info.modelled),
        "variants": None if info.variants is None else sorted(info.variants),
        "description": info.description,
    }


def _chances(p: Probabilities) -> dict[str, Any]:
    return {
        "side": str(p.side),
        "win": p.win,
        "win_gammon": p.win_gammon,
        "win_backgammon": p.win_backgammon,
        "lose_gammon": p.lose_gammon,
        "lose_backgammon": p.lose_backgammon,
    }


def _limit(limit: Limit) -> dict[str, Any]:
    return {
        "plies": limit.plies,
        "cubeful": limit.cubeful,
        "trials": limit.trials,
        "truncation": limit.truncation,
        "seed": limit.seed,
        "threads": limit.threads,
    }


def _evaluation(ev: Evaluation) -> dict[str, Any]:
    return {
        "equity": ev.equity,
        "cubeless_equity": ev.cubeless_equity,
        "cubeful_equity": ev.cubeful_equity,
        "probabilities": _chances(ev.probabilities),
        "plies": ev.limit.plies,
    }


def hint_json(analysis: PlayAnalysis) -> dict[str, Any]:
    """The JSON object ``nardy hint --format json`` prints: ``plays`` best first."""
    return {
        "engine": _info(analysis.engine),
        "limit": _limit(analysis.limit),
        "position": analysis.position.gnubg_id(),
        "roll": f"{analysis.roll.high}{analysis.roll.low}",
        "plays": [
            {"play": r.play.notation(), "loss": r.loss, **_evaluation(r.evaluation)}
            for r in analysis
        ],
    }


def cube_json(decision: CubeDecision) -> dict[str, Any]:
    """The JSON object ``nardy cube --format json`` prints."""
    return {
        "engine": _info(decision.engine),
        "limit": _limit(decision.limit),
        "action": decision.action.value,
        "no_double": decision.no_double,
        "double_take": decision.double_take,
        "double_pass": decision.double_pass,
        "probabilities": _chances(decision.probabilities),
    }


def rollout_json(result: RolloutResult) -> dict[str, Any]:
    """The JSON object ``nardy rollout --format json`` prints."""
    return {
        "engine": _info(result.engine),
        "limit": _limit(result.limit),
        "trials": result.trials,
        "seed": result.seed,
        "probabilities": _chances(result.probabilities),
        "probability_errors": result.probability_errors,
        "cubeless_equity": result.cubeless_equity,
        "cubeless_error": result.cubeless_error,
        "cubeful_equity": result.cubeful_equity,
        "cubeful_error": result.cubeful_error,
    }


# --- the commands -------------------------------------------------------------------------


def _run_engines(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    rows = []
    for backend in BACKENDS.values():
        info = backend.describe()
        installed = backend.installed()
        rows.append({**_info(info), "installed": installed, "install": backend.install})
    if args.format == "json":
        stdout.write(json.dumps(rows) + "\n")
        return 0
    for row in rows:
        version = row["version"] if row["installed"] else f"not installed: {row['install']}"
        stdout.write(f"{row['name']:<10} {version}\n")
        marked = [
            a + (" (nardy's model)" if a in row["modelled"] else "") for a in row["abilities"]
        ]
        stdout.write(f"           {', '.join(marked)}\n")
        stdout.write(f"           {row['description']}\n")
    return 0


def _open(args: argparse.Namespace) -> Any:
    return open_engine(args.engine or default_engine())


def _roll(text: str | None, dice: tuple[int, int] | None) -> Roll:
    if text is not None:
        return Roll.parse(text)
    if dice is None:
        raise AnalysisInputError("the ID has no dice: give the roll with --roll DD")
    return Roll(*dice)


def _plies(args: argparse.Namespace) -> Limit:
    return Limit(plies=args.plies)


def _write(stdout: IO[str], args: argparse.Namespace, data: dict[str, Any], text: str) -> int:
    stdout.write((json.dumps(data) if args.format == "json" else text) + "\n")
    return 0


def _run_hint(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    position, state = read_any_id(args.id, args.variant)
    roll = _roll(args.roll, state.dice)
    with _open(args) as engine:
        analysis = engine.rank_plays(
            position, roll, _plies(args), match=state, max_plays=args.multipv
        )
    lines = [
        f"{analysis.engine.name} {analysis.engine.version}, {analysis.limit.plies} plies, roll {roll}"
    ]
    for i, r in enumerate(analysis, 1):
        lines.append(f"{i:>3}. {str(r.play) or '(pass)':<24} {r.equity:+.4f}  {-r.loss:+.4f}")
    return _write(stdout, args, hint_json(analysis), "\n".join(lines))


def _run_cube(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    position, state = read_any_id(args.id, args.variant)
    with _open(args) as engine:
        d = engine.cube(position, _plies(args), match=state)
    text = (
        f"{d.engine.name} {d.engine.version}, {d.limit.plies} plies: {d.action.value}\n"
        f"  no double     {d.no_double:+.4f}\n"
        f"  double, take  {d.double_take:+.4f}\n"
        f"  double, pass  {d.double_pass:+.4f}"
    )
    return _write(stdout, args, cube_json(d), text)


def _run_rollout(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    position, state = read_any_id(args.id, args.variant)
    limit = Limit(plies=args.plies, trials=args.trials, seed=args.seed, truncation=args.truncation)
    with _open(args) as engine:
        r = engine.rollout(position, limit, match=state)
    p = r.probabilities
    text = (
        f"{r.engine.name} {r.engine.version}, {r.trials} trials, seed {r.seed}\n"
        f"  win {p.win:.4f}  gammon {p.win_gammon:.4f}  backgammon {p.win_backgammon:.4f}\n"
        f"  lose gammon {p.lose_gammon:.4f}  backgammon {p.lose_backgammon:.4f}\n"
        f"  cubeless equity {r.cubeless_equity:+.4f} +- {r.cubeless_error:.4f}"
    )
    if r.cubeful_equity is not None and r.cubeful_error is not None:
        text += f"\n  cubeful equity {r.cubeful_equity:+.4f} +- {r.cubeful_error:.4f}"
    return _write(stdout, args, rollout_json(r), text)
