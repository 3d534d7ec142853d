"""The ``nardy render`` and ``nardy view`` commands: a position as SVG, a record as a web page.

``nardy render TEXT|FILE [-o OUT.svg]`` draws a position given as a gnubg
ID (``PositionID:MatchID``), a gnubg Position ID, an XGID, a FIBS
``board:`` line, a nardy position ID (or the ID of a turn stopped between
two segments, ``...;pending=66;roll=55``: :func:`nardy.game.turns.turn_id`),
the array-form JSON object of ``nardy legal`` (with a turn's ``pending``,
``name_double``, ``roll_again``, ``handed_over`` keys too), or a position
of a record file (``.mat``, ``.sgf`` or nardy JSON) chosen with ``--game N
--move M``. What remains of a turn of several segments is written under
the dice. ``nardy view RECORD -o
OUT.html`` writes the record's match viewer (see :mod:`nardy.pictures.viewer`).
For bad input both raise a :class:`~nardy.errors.NardyError` (or an
:class:`OSError`), which the ``nardy`` command reports in one line on
standard error with exit status 1 (see :func:`nardy.cli.main.main`).
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

import attrs

from nardy.cli.args import add_output, add_variant
from nardy.errors import InputError, InvalidIdError
from nardy.formats.fibs import read_fibs_board
from nardy.formats.gnubgid import read_gnubg_id
from nardy.formats.xgid import read_xgid
from nardy.game.actions import ActionKind, CubeState
from nardy.game.game import Game
from nardy.game.id_state import MatchState
from nardy.game.turns import from_turn_id
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.turns import TurnState
from nardy.model.validate import shown
from nardy.pictures import svg, viewer
from nardy.rules.vocabulary import POOL
from nardy.variants.base import find_variant, split_spec

__all__ = ["Picture", "add_commands", "picture_of_record", "picture_of_text"]

#: The longest TEXT read as a position (an array-form object is a few hundred bytes).
TEXT_LIMIT = 10_000


@attrs.frozen
class Picture:
    """What ``nardy render`` draws: a position and what goes around it on the board."""

    #: The position.
    position: Position
    #: Further arguments of :func:`nardy.pictures.svg.board` (dice, cube, play, names, ...).
    extras: Mapping[str, Any] = attrs.field(factory=dict)
    #: A game whose snapshot is drawn instead, by :func:`nardy.pictures.svg.game`.
    game: Game | None = None

    def svg(self, **options: Any) -> str:
        """The SVG document, with :func:`nardy.pictures.svg.board`'s ``options`` (size, flipped, home, ...)."""
        if self.game is not None:
            return svg.game(self.game, **self.extras, **options)
        return svg.board(self.position, **self.extras, **options)


def picture_of_text(text: str, variant: str = "backgammon") -> Picture:
    """The position written in ``text``: an ID of any kind nardy reads, or array-form JSON.

    ``variant`` applies to the forms that do not name one (gnubg IDs, XGID,
    FIBS, JSON without ``"variant"``). Raises
    :class:`~nardy.errors.InvalidIdError` for text that is none of them,
    else the error of the part that is wrong.
    """
    if not isinstance(text, str):
        raise InputError(f"a position is text, got {shown(text)}")
    if len(text) > TEXT_LIMIT:
        raise InputError(f"{len(text):,} characters is longer than any position ({TEXT_LIMIT:,})")
    body = text.strip()
    if body.startswith("{"):
        return _from_json(body, variant)
    if body.lower().startswith("board:"):
        position, state, _ = read_fibs_board(body, variant)
        return _with_state(position, state)
    if body[:5].upper() == "XGID=" or body.count(":") >= 8:
        return _with_state(*read_xgid(body, variant))
    if re.fullmatch(r"(?i:gnubgid\s+)?[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?", body):
        position, state = read_gnubg_id(body, variant)
        # A bare Position ID says nothing of the cube or the dice.
        return Picture(position) if ":" not in body else _with_state(position, state)
    if re.search(r":[wb]:", body):
        if ";" in body:  # a turn stopped between two segments
            turn = from_turn_id(body)
            return _with_turn(turn.position, turn.state, {})
        return Picture(Position.from_id(body))
    raise InvalidIdError(
        "not a gnubg ID, Position ID, XGID, FIBS board line, nardy position ID "
        f"or array-form JSON: {shown(body)}"
    )


def _with_state(position: Position, state: MatchState) -> Picture:
    """The dice, the cube and the score a gnubg ID, an XGID or a FIBS line carries."""
    cube = CubeState(
        value=state.cube,
        owner=state.cube_owner,
        offered_by=state.turn if state.doubled else None,
    )
    extras: dict[str, Any] = {"cube": None if state.crawford else cube}
    if state.dice is not None:
        extras["dice"] = state.dice
    if state.length:
        score = state.score
        extras["names"] = tuple(
            f"{side} ({score[side]}/{state.length})" for side in (Side.WHITE, Side.BLACK)
        )
    return Picture(position, extras)


def _from_json(body: str, variant: str) -> Picture:
    """The array form of ``nardy legal`` (``"board"``, ``"bar"``, ``"off"``, ...) and ``"turn"``."""
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise InputError(f"the position is not JSON ({exc})") from None
    if not isinstance(data, dict) or "board" not in data:
        raise InputError(f'an array-form position is an object with "board", got {shown(data)}')
    name = data.get("variant", variant)
    if not isinstance(name, str):
        raise InputError(f'"variant" must be a variant name, got {shown(name)}')
    base, spec_options = split_spec(name)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InputError(f'"options" must be an object, got {shown(options)}')
    rules = find_variant(base, {**spec_options, **options})
    # The variant's own keys, and the pool's, which every variant reads (as
    # [0, 0] where it has none: Variant.position refuses anything else).
    extra_keys = [key for field in rules.extra_fields() for key in field.keys]
    extra = {key: data[key] for key in [*extra_keys, POOL.keys[0]] if key in data}
    position = rules.position(
        data["board"], data.get("bar", (0, 0)), data.get("off"), data.get("turn", "w"), **extra
    )
    extras = {"dice": data["dice"]} if data.get("dice") is not None else {}
    if any(key in data for key in _TURN_KEYS):
        return _with_turn(position, TurnState.from_dict(data), extras)
    return Picture(position, extras)


# The array form's keys of what remains of a turn (TurnState.to_dict).
_TURN_KEYS = ("pending", "name_double", "roll_again", "handed_over")


def _with_turn(position: Position, state: TurnState, extras: dict[str, Any]) -> Picture:
    """A position in the middle of a turn: the segment on the table as the dice, and what remains."""
    if "dice" not in extras and state.pending:
        extras = {**extras, "dice": state.pending[0]}
    return Picture(position, {**extras, "turn": state})


def picture_of_record(
    record: viewer.Record, game: int | None = None, move: int | None = None
) -> Picture:
    """A position of ``record``: game ``game`` (from 1; default the last) before its play ``move``.

    Play ``move`` (from 1) is drawn as the viewer draws it: the position
    before it, the dice and the play's arrows. ``move=0`` is the game's
    start; without ``move``, the game as it ended (or stands). Raises
    :class:`~nardy.errors.InputError` for a game or move the record does
    not have.
    """
    count = len(record.games)
    if not count:
        raise InputError("the record holds no game")
    number = count if game is None else game
    if not 1 <= number <= count:
        raise InputError(f"the record has games 1..{count}, not {number}")
    chosen = record.games[number - 1]
    names = tuple(record.players[chosen.player(side)] for side in (Side.WHITE, Side.BLACK))
    if move is None:
        return Picture(chosen.position, {"names": names}, game=chosen)
    if move < 0:
        raise InputError(f"a move is 0 (the start) or a play's number from 1, not {move}")
    states = list(chosen.states())
    if move == 0:
        return Picture(states[0].position, {"names": names}, game=states[0])
    plays = [i for i, a in enumerate(chosen.history) if a.kind is ActionKind.PLAY]
    if not 1 <= move <= len(plays):
        raise InputError(f"game {number} has plays 1..{len(plays)}, not {move}")
    before = states[plays[move - 1]]
    play = chosen.history[plays[move - 1]].play
    assert play is not None
    extras: dict[str, Any] = {"names": names, "dice": play.roll}
    extras["cube"] = before.cube if before.options.cube else None
    extras["turn"] = before.turn_state
    if play.steps:
        extras["play"] = play
    return Picture(before.position, extras)


# --- the commands -----------------------------------------------------------------------


def add_commands(sub: Any) -> None:
    """Add ``render`` and ``view`` to the ``nardy`` command's subparsers ``sub``."""
    render = sub.add_parser(
        "render",
        help="draw a position (an ID, array-form JSON or a record's) as SVG",
        description="Draws TEXT (a gnubg ID, Position ID, XGID, FIBS board line, nardy "
        "position ID or array-form JSON object) or a position of the record FILE (.mat, "
        ".sgf, nardy JSON: the last game as it ended, or --game N --move M) as SVG.",
    )
    render.add_argument("source", metavar="TEXT|FILE", help="a position, or a record file")
    add_output(render, "OUT.svg")
    add_variant(render, "the variant of IDs that name none (default backgammon)", "backgammon")
    render.add_argument("--game", type=int, metavar="N", help="with FILE: game N (from 1)")
    render.add_argument(
        "--move", type=int, metavar="M", help="with FILE: before play M (from 1; 0: the start)"
    )
    render.add_argument("--flip", action="store_true", help="draw from black's side")
    render.add_argument(
        "--home",
        choices=("right", "left"),
        default="right",
        help="the side of the near player's home board",
    )
    render.add_argument(
        "--size", type=int, default=600, metavar="PX", help="width in pixels (default 600)"
    )
    render.set_defaults(run=_run_render)
    view = sub.add_parser(
        "view",
        help="write a record's match viewer: one self-contained HTML page",
        description="Reads RECORD (.mat, .sgf or nardy JSON, a game or a match) and writes "
        "a web page that steps through it (buttons, arrow keys; no network needed).",
    )
    view.add_argument("record", metavar="RECORD", help="the record file (.mat, .sgf, .json)")
    add_output(view, "OUT.html")
    view.add_argument("--title", help="the page's title (default: the players' names)")
    view.set_defaults(run=_run_view)


def _run_render(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    def run() -> str:
        picture = _picture_of_source(args)
        return picture.svg(flipped=args.flip, home=args.home, size=args.size)

    return _emit(run, args.output, stdout, stderr)


def _run_view(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    return _emit(
        lambda: viewer.html(viewer.load_record(args.record), title=args.title),
        args.output,
        stdout,
        stderr,
    )


def _picture_of_source(args: argparse.Namespace) -> Picture:
    """A record file's position, or the position TEXT writes."""
    path = Path(args.source)
    if _is_file(path) or _names_a_file(path):
        return picture_of_record(viewer.load_record(path), args.game, args.move)
    if args.game is not None or args.move is not None:
        raise InputError(
            f"--game and --move choose a position of a record file; no file {shown(args.source)}"
        )
    return picture_of_text(args.source, args.variant)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a long ID is no file name
        return False


def _names_a_file(path: Path) -> bool:
    """Whether ``path`` can only mean a file: a directory, or a record's extension.

    No position ID ends in ``.mat`` or ``.sgf``: such a source that is not
    a file is reported as the file it names (missing, a directory), not as
    a bad ID.
    """
    if path.suffix.lower() in (".mat", ".txt", ".sgf", ".json"):
        return True
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _emit(run: Callable[[], str], output: str | None, stdout: IO[str], stderr: IO[str]) -> int:
    """Run a command: its text to ``output`` or stdout; its exit status.

    An error goes up to :func:`nardy.cli.main.main`, which reports it in one line.
    """
    text = run()
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        stdout.write(text)
    return 0
