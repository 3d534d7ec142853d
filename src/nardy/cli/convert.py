"""The ``nardy convert`` and ``nardy id`` commands.

``nardy convert IN [-o OUT] [--to mat|sgf|json]`` converts a match record, a
money session or one game;
``nardy id TEXT`` reads a gnubg ID, a Position ID, an XGID or a FIBS
``board:`` line and prints every ID of that position and state as one JSON
object. For bad input both raise a :class:`~nardy.errors.NardyError` (or
an :class:`OSError`), which the ``nardy`` command reports in one line on
standard error with exit status 1 (see :func:`nardy.cli.main.main`). ``nardy id``
also reads many IDs (several arguments, ``-`` for one per line of standard
input) and answers each with one JSON line, an ``{"error": ...}`` line for
one it cannot read, as ``nardy legal`` does.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from nardy.cli.args import add_output, add_variant
from nardy.cli.legal import error_answer, input_batches
from nardy.errors import InvalidIdError, NardyError, RecordError, UnsupportedFormatError
from nardy.formats.fibs import fibs_board, read_fibs_board
from nardy.formats.gnubgid import gnubg_id, match_id, read_gnubg_id
from nardy.formats.mat import read_mat, write_mat
from nardy.formats.replay import MatchRecord
from nardy.formats.sgf import read_sgf, write_sgf
from nardy.formats.text import read_text
from nardy.formats.xgid import read_xgid, xgid
from nardy.game.game import Game
from nardy.game.id_state import MatchState
from nardy.game.match import Match
from nardy.game.session import Session
from nardy.model.position import Position
from nardy.model.registry import find_variant
from nardy.variants.base import Variant

__all__ = ["add_commands", "convert", "describe_id", "read_any_id"]

FORMATS = ("mat", "sgf", "json")
_EXTENSIONS = {".mat": "mat", ".txt": "mat", ".sgf": "sgf", ".json": "json"}


def add_commands(sub: Any) -> None:
    """Add ``convert`` and ``id`` to the ``nardy`` command's subparsers ``sub``."""
    conv = sub.add_parser(
        "convert",
        help="convert a match, a money session or a game between .mat, .sgf and nardy's JSON",
        description="Reads IN (.mat, .sgf or .json, by extension or content: a match, a "
        "money session or, in JSON, one game) and writes OUT in the format of its extension "
        "or --to; standard output without -o.",
    )
    conv.add_argument("input", metavar="IN", help="the record to read")
    add_output(conv, "OUT", help="write here (.mat, .sgf or .json), not to standard output")
    # `nardy convert IN OUT`, the spelling before -o: still read (nardy.cli.main settles the two).
    conv.add_argument("old_output", metavar="OUT", nargs="?", help="old spelling of -o OUT")
    conv.add_argument("--to", choices=FORMATS, help="the output format")
    conv.set_defaults(run=_run_convert)
    ident = sub.add_parser(
        "id",
        help="read gnubg IDs, Position IDs, XGIDs or FIBS board lines; print every ID as JSON",
        description="Prints every ID of each TEXT's position and state as one JSON line. "
        "With one TEXT, bad input exits 1 with a message; with several, or - (one ID per "
        "line of standard input; blank lines and lines starting with # are skipped), each "
        "one that cannot be read answers an error line and the exit status is 1.",
    )
    ident.add_argument("texts", metavar="TEXT", nargs="+", help="an ID, or - for standard input")
    add_variant(ident, "backgammon (the default), nackgammon or hypergammon", "backgammon")
    ident.set_defaults(run=_run_id)


def _run_convert(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    return _guarded(lambda: _convert_to(args, stdout), stderr)


def _run_id(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    texts: list[str] = args.texts
    if len(texts) == 1 and texts[0] != "-":  # one ID, answered as it always has been

        def run() -> None:
            stdout.write(json.dumps(describe_id(texts[0], args.variant)) + "\n")

        return _guarded(run, stderr)
    rules = find_variant(args.variant)  # once, not for every line (nardy.cli.main checked it)
    failed = False
    for batch in _id_batches(texts):
        out = []
        for line in batch:
            text, error = _id_answer(line, rules)
            if text is not None:
                out.append(text)
                failed = failed or error
        if out:  # answered and flushed before waiting for more input
            stdout.write("".join(out))
            stdout.flush()
    return 1 if failed else 0


def _id_batches(texts: list[str]) -> Iterator[list[str | bytes]]:
    """The IDs of the arguments in batches, ``-`` giving standard input's lines as they come."""
    given: list[str | bytes] = []
    for text in texts:
        if text != "-":
            given.append(text)
            continue
        if given:
            yield given
            given = []
        yield from input_batches(sys.stdin)
    if given:
        yield given


def _id_answer(line: str | bytes, variant: Variant) -> tuple[str | None, bool]:
    """The answer line to one ID (None for a blank or comment line) and whether it is an error."""
    try:
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InvalidIdError(f"the line is not UTF-8 text (byte {exc.start})") from None
        text = line.strip()
        if not text or text.startswith("#"):  # no ID starts with "#"
            return None, False
        return json.dumps(describe_id(text, variant)) + "\n", False
    except Exception as exc:  # a bug must not end the stream; its line says what it was
        return json.dumps(error_answer(exc)) + "\n", True


def _guarded(run: Callable[[], None], stderr: IO[str]) -> int:
    """Run a command; its exit status. An error goes up to :func:`nardy.cli.main.main`, which reports it."""
    run()
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

    ``text`` is a match record (``.mat``, SGF or nardy's JSON match record),
    a money session (``0 point match``, or nardy's JSON session record) or
    one game (nardy's JSON game record, as ``nardy view`` and ``nardy
    render`` read it; written as ``.mat`` or SGF it is a money session of one
    game, and as JSON it stays a game record). The input format comes from
    ``name``'s extension, else from the text (``(`` opens SGF, ``{`` JSON).
    Raises the reader's :class:`~nardy.errors.RecordError`, and
    :class:`~nardy.errors.UnsupportedFormatError` naming the file for a
    record the target format cannot hold (a game of acey-deucey as
    ``.mat``, say).
    """
    if target not in FORMATS:
        raise UnsupportedFormatError(f"unknown format {target!r}: one of {', '.join(FORMATS)}")
    source = _read(text, name)
    if target == "json":
        return _json_of(source) + "\n"
    if isinstance(source, Game):
        record = MatchRecord(length=0, players=_NO_NAMES, tags=(), games=(source,), match=None)
    else:
        record = source
    games = record.match if record.match is not None else record.games
    writer = write_mat if target == "mat" else write_sgf
    try:
        return writer(games, record.players, record.tags)
    except UnsupportedFormatError as exc:
        what = "game" if isinstance(source, Game) else "record"
        raise UnsupportedFormatError(
            f"{name}: this {what} cannot be written as {_NAMES[target]}: {exc} "
            "(nardy's JSON holds every game: --to json)"
        ) from exc


#: The players' names of a record that has none (nardy's JSON).
_NO_NAMES = ("Player 1", "Player 2")
_NAMES = {"mat": ".mat", "sgf": "SGF"}


def _json_of(source: MatchRecord | Game) -> str:
    """The JSON record of ``source``: a game's, a match's or a money session's."""
    if isinstance(source, Game):
        return source.to_json(indent=2)
    held = source.match if source.match is not None else source.session
    assert held is not None  # a record without a match is a money session
    return held.to_json(indent=2)


def _read(text: str, name: str) -> MatchRecord | Game:
    """The record of ``text``: a match or session (``.mat``, SGF, JSON), or one game (JSON)."""
    fmt = _EXTENSIONS.get(Path(name).suffix.lower())
    start = text.lstrip("\ufeff \t\r\n")[:1]
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
    kind = data.get("format") if isinstance(data, dict) else None
    try:
        if kind == "nardy-game":
            return Game.from_dict(data)
        if kind == "nardy-session":
            session = Session.from_dict(data)
            games = session.recorded_games()
            return MatchRecord(length=0, players=_NO_NAMES, tags=(), games=games, match=None)
        match = Match.from_dict(data)
    except NardyError as exc:
        raise RecordError(f"{name}: {exc}") from exc
    games = match.games if match.game is None else (*match.games, match.game)
    return MatchRecord(length=match.length, players=_NO_NAMES, tags=(), games=games, match=match)


_GNUBG_ID = re.compile(r"(?i:gnubgid\s+)?[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?")


def describe_id(text: str, variant: Variant | str = "backgammon") -> dict[str, Any]:
    """Every ID of the position and state ``text`` gives, as a JSON-able dict.

    ``text`` is a gnubg ID (``PositionID:MatchID``), a Position ID, an XGID
    (with or without ``XGID=``) or a FIBS ``board:`` line; ``variant`` a
    :class:`~nardy.Variant` or its name. The answer has
    ``"gnubg_id"``, ``"position_id"``, ``"match_id"``, ``"xgid"`` and
    ``"fibs_board"`` (``null`` when the state cannot be written in that
    form), ``"position"`` (the mover-relative array form, with ``"turn"``)
    and ``"match_state"``. Raises :class:`~nardy.errors.InvalidIdError` for
    text that is none of these.
    """
    position, state = read_any_id(text, variant)
    return _all_ids(position, state)


def read_any_id(text: str, variant: Variant | str = "backgammon") -> tuple[Position, MatchState]:
    """The position and state of a gnubg ID, a Position ID, an XGID or a FIBS ``board:`` line.

    The form is told from the text; :class:`~nardy.errors.InvalidIdError`
    for text that is none of them.
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"an ID is a string, got {text!r}")
    body = text.strip()
    if body.lower().startswith("board:"):
        position, state, _ = read_fibs_board(body, variant)
    elif body[:5].upper() == "XGID=" or body.count(":") >= 8:
        position, state = read_xgid(body, variant)
    elif _GNUBG_ID.fullmatch(body):
        position, state = read_gnubg_id(body, variant)
    else:
        shown = body if len(body) <= 60 else body[:57] + "..."
        raise InvalidIdError(f"not a gnubg ID, Position ID, XGID or FIBS board line: {shown!r}")
    return position, state


def _all_ids(position: Position, state: MatchState) -> dict[str, Any]:
    def attempt(write: Callable[[], str]) -> str | None:
        try:
            return write()
        except UnsupportedFormatError:
            return None

    # Each ID once: the gnubg ID is the other two (every reader gives the
    # position with the state's side on roll; else gnubg_id says what is wrong).
    position_id = position.gnubg_id()
    mid = attempt(lambda: match_id(state))
    if position.turn == state.turn:
        gid = None if mid is None else f"{position_id}:{mid}"
    else:
        gid = attempt(lambda: gnubg_id(position, state))
    return {
        "gnubg_id": gid,
        "position_id": position_id,
        "match_id": mid,
        "xgid": attempt(lambda: xgid(position, state)),
        "fibs_board": attempt(lambda: fibs_board(position, state)),
        "position": {**position.to_array(), "turn": position.turn.letter},
        "match_state": state.to_dict(),
    }
