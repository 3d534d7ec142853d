"""The ``nardy convert`` and ``nardy id`` commands.

``nardy convert IN [OUT] [--to mat|sgf|json]`` converts a match record;
``nardy id TEXT`` reads a gnubg ID, a Position ID, an XGID or a FIBS
``board:`` line and prints every ID of that position and state as one JSON
object. Both exit with status 1 and a message on standard error for bad
input.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from nardy.errors import InvalidIdError, NardyError, RecordError, UnsupportedFormatError
from nardy.formats.fibs import fibs_board, read_fibs_board
from nardy.formats.gnubgid import gnubg_id, match_id, read_gnubg_id
from nardy.formats.mat import read_mat, write_mat
from nardy.formats.replay import MatchRecord
from nardy.formats.sgf import read_sgf, write_sgf
from nardy.formats.text import read_text
from nardy.formats.xgid import read_xgid, xgid
from nardy.match import Match
from nardy.matchstate import MatchState
from nardy.position import Position
from nardy.session import Session

__all__ = ["add_commands", "convert", "describe_id"]

FORMATS = ("mat", "sgf", "json")
_EXTENSIONS = {".mat": "mat", ".txt": "mat", ".sgf": "sgf", ".json": "json"}


def add_commands(sub: Any) -> None:
    """Add ``convert`` and ``id`` to the ``nardy`` command's subparsers ``sub``."""
    conv = sub.add_parser(
        "convert",
        help="convert a match record between .mat, .sgf and nardy's JSON",
        description="Reads IN (.mat, .sgf or .json, by extension or content) and writes "
        "OUT in the format of its extension or --to; standard output when OUT is omitted.",
    )
    conv.add_argument("input", metavar="IN")
    conv.add_argument("output", metavar="OUT", nargs="?")
    conv.add_argument("--to", choices=FORMATS, help="the output format")
    conv.set_defaults(run=_run_convert)
    ident = sub.add_parser(
        "id",
        help="read a gnubg ID, Position ID, XGID or FIBS board line; print every ID as JSON",
    )
    ident.add_argument("text", metavar="TEXT")
    ident.add_argument("--variant", default="backgammon", help="backgammon, nackgammon, ...")
    ident.set_defaults(run=_run_id)


def _run_convert(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    return _guarded(lambda: _convert_to(args, stdout), stderr)


def _run_id(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    def run() -> None:
        stdout.write(json.dumps(describe_id(args.text, args.variant)) + "\n")

    return _guarded(run, stderr)


def _guarded(run: Callable[[], None], stderr: IO[str]) -> int:
    try:
        run()
    except (NardyError, OSError) as exc:
        stderr.write(f"nardy: {exc}\n")
        return 1
    return 0


def _convert_to(args: argparse.Namespace, stdout: IO[str]) -> None:
    target = args.to or (_format_of(args.output) if args.output else None)
    if target is None:
        raise UnsupportedFormatError(
            "give --to mat|sgf|json, or OUT with the extension .mat, .sgf or .json"
        )
    text = convert(read_text(args.input), args.input, target)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        stdout.write(text)


def _format_of(path: str) -> str:
    fmt = _EXTENSIONS.get(Path(path).suffix.lower())
    if fmt is None:
        raise UnsupportedFormatError(f"cannot tell the format of {path!r}: use --to")
    return fmt


def convert(text: str, name: str, target: str) -> str:
    """The record ``text`` (read from the file ``name``) written as ``target`` (mat, sgf or json).

    The input format comes from ``name``'s extension, else from the text
    (``(`` opens SGF, ``{`` JSON). Raises the reader's
    :class:`~nardy.errors.RecordError` or
    :class:`~nardy.errors.UnsupportedFormatError`.
    """
    if target not in FORMATS:
        raise UnsupportedFormatError(f"unknown format {target!r}: one of {', '.join(FORMATS)}")
    record = _read(text, name)
    if target == "json":
        held = record.match if record.match is not None else record.session
        assert held is not None  # a record without a match is a money session
        return held.to_json(indent=2) + "\n"
    games = record.match if record.match is not None else record.games
    writer = write_mat if target == "mat" else write_sgf
    return writer(games, record.players, record.tags)


def _read(text: str, name: str) -> MatchRecord:
    fmt = _EXTENSIONS.get(Path(name).suffix.lower())
    start = text.lstrip()[:1]
    if fmt is None:
        fmt = "sgf" if start == "(" else "json" if start == "{" else "mat"
    if fmt == "sgf":
        return read_sgf(text, name=name)
    if fmt == "mat":
        return read_mat(text, name=name)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError(f"{name}: not JSON ({exc})") from None
    try:
        if isinstance(data, dict) and data.get("format") == "nardy-session":
            session = Session.from_dict(data)
            return MatchRecord(
                length=0,
                players=("Player 1", "Player 2"),
                tags=(),
                games=session.recorded_games(),
                match=None,
            )
        match = Match.from_dict(data)
    except NardyError as exc:
        raise RecordError(f"{name}: {exc}") from exc
    games = match.games if match.game is None else (*match.games, match.game)
    return MatchRecord(
        length=match.length, players=("Player 1", "Player 2"), tags=(), games=games, match=match
    )


def describe_id(text: str, variant: str = "backgammon") -> dict[str, Any]:
    """Every ID of the position and state ``text`` gives, as a JSON-able dict.

    ``text`` is a gnubg ID (``PositionID:MatchID``), a Position ID, an XGID
    (with or without ``XGID=``) or a FIBS ``board:`` line. The answer has
    ``"gnubg_id"``, ``"position_id"``, ``"match_id"``, ``"xgid"`` and
    ``"fibs_board"`` (``null`` when the state cannot be written in that
    form), ``"position"`` (the mover-relative array form, with ``"turn"``)
    and ``"match_state"``. Raises :class:`~nardy.errors.InvalidIdError` for
    text that is none of these.
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"an ID is a string, got {text!r}")
    body = text.strip()
    if body.lower().startswith("board:"):
        position, state, _ = read_fibs_board(body, variant)
    elif body[:5].upper() == "XGID=" or body.count(":") >= 8:
        position, state = read_xgid(body, variant)
    elif re.fullmatch(r"(?i:gnubgid\s+)?[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?", body):
        position, state = read_gnubg_id(body, variant)
    else:
        shown = body if len(body) <= 60 else body[:57] + "..."
        raise InvalidIdError(f"not a gnubg ID, Position ID, XGID or FIBS board line: {shown!r}")
    return _all_ids(position, state)


def _all_ids(position: Position, state: MatchState) -> dict[str, Any]:
    def attempt(write: Callable[[], str]) -> str | None:
        try:
            return write()
        except UnsupportedFormatError:
            return None

    return {
        "gnubg_id": attempt(lambda: gnubg_id(position, state)),
        "position_id": position.gnubg_id(),
        "match_id": attempt(lambda: match_id(state)),
        "xgid": attempt(lambda: xgid(position, state)),
        "fibs_board": attempt(lambda: fibs_board(position, state)),
        "position": {**position.to_array(), "turn": position.turn.letter},
        "match_state": state.to_dict(),
    }
