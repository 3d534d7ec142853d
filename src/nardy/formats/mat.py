"""Jellyfish ``.mat`` match records: the text that gnubg, XG and the online sites export.

A record is a header of ``; [Tag "value"]`` lines, a ``N point match`` line
(``0``: a money session), and games::

     Game 1
     lasse : 0                       pan_tera : 0
      1)                             32: 24/21 13/11
      2) 62: 24/18 6/4               62: 25/23 13/7
      ...
      6) 64: 25/21                    Doubles => 2
      7)  Drops                       Wins 1 point

Each numbered row holds the first player's action (left) and the second's
(right): a roll and its play (``dd: steps``, ``dd:`` or ``dd: Cannot Move``
for no play, ``dd: ????`` for a play not recorded, ``????`` for a turn not
recorded), ``Doubles => N``,
``Takes``, ``Drops``, ``Beavers => N``, ``Losses N point(s)`` (a
resignation) and ``Wins N point(s) [and the match]``. A row with one action
belongs to the column the action starts in.

:func:`read_mat` replays every action through the rules with a
:class:`~nardy.Match` (a money session: one :class:`~nardy.Game` after
another), the first player white in every game, so a bad record raises
:class:`~nardy.errors.RecordError` naming the file, the line and the
problem, and nothing is half-imported. Where real exports differ, it reads
them as gnubg imports them (see the guide's "Real-world spellings").
:func:`write_mat` writes a match in the form gnubg writes and reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import attrs

from nardy.errors import RecordError, UnsupportedFormatError
from nardy.formats.replay import (
    Entry,
    GameEntries,
    MatchRecord,
    Where,
    is_word,
    record_options,
    recorded_games,
    replay_match,
    replay_session,
    short,
    start_match,
    written_actions,
)
from nardy.formats.text import load_record
from nardy.game.actions import ActionKind
from nardy.game.game import Game
from nardy.game.match import Match
from nardy.game.session import Session
from nardy.variants.base import Variant, find_variant

__all__ = ["load_mat", "read_mat", "write_mat"]

# Keys: the Variation tag lowercased without spaces; gnubg writes
# "HyperGammon (n)" for n-checker hypergammon.
_VARIATIONS = {
    "backgammon": "backgammon",
    "nackgammon": "nackgammon",
    "hypergammon": "hypergammon",
    "hypergammon(1)": "hypergammon(checkers=1)",
    "hypergammon(2)": "hypergammon(checkers=2)",
    "hypergammon(3)": "hypergammon",
}
# The Variation tag written for a variant spec other than "Backgammon".
_WRITTEN = {
    "nackgammon": "Nackgammon",
    "hypergammon": "Hypergammon",
    "hypergammon(checkers=1)": "HyperGammon (1)",
    "hypergammon(checkers=2)": "HyperGammon (2)",
}
_ITEM = re.compile(
    r"(?P<roll>(?:[1-6][1-6]|00):(?:[ \t]?\?+)?)"  # "32: ????" (not "32:" + ???? in the next column)
    r"|(?P<unknown>(?<!\S)\?+(?!\S))"  # neither the dice nor the play recorded
    r"|(?P<word>Doubles|Takes|Drops|Beavers|Wins|Losses|Concedes|Resigns)\b",
    re.I,
)
_RESIGNS = ("losses", "concedes", "resigns")
# A roll written with no play, then a concession in the same column: "32: Concedes".
_ROLL_CONCEDES = re.compile(r"([1-6][1-6]):\s*(Concedes|Resigns)\s*$", re.I)
_TAG = re.compile(r'^;\s*\[\s*(?P<name>[^"\]]+?)\s+"(?P<value>.*)"\s*\]\s*$')
_SCORE = re.compile(r"^\s*(?P<a>.*?)\s*:\s*(?P<sa>\d+)\s+(?P<b>.*?)\s*:\s*(?P<sb>\d+)\s*$")
_ROW = re.compile(r"^\s*\d+\)")
_LEFT_WIDTH = 28  # the width of the first column after the row number, as written


def load_mat(path: str | Path, *, strict: bool = False) -> MatchRecord:
    """Read the ``.mat`` file at ``path``; see :func:`read_mat` and :func:`~nardy.formats.read_text`."""
    return load_record(read_mat, path, strict=strict)


def read_mat(text: str, *, name: str = "<mat>", strict: bool = False) -> MatchRecord:
    """Read and replay a ``.mat`` record; ``name`` (a file name) is used in error messages.

    Raises :class:`~nardy.errors.RecordError` with ``name``, the line and the
    problem for anything malformed or illegal. What real files contain and
    the rules cannot replay as written (a game cut short at a play that is
    not recorded, a stated result the rules do not count, a record that
    ends inside a game) is read as the guide describes and warns with a
    :class:`~nardy.errors.RecordWarning` naming the file and the line; with
    ``strict=True`` each raises :class:`~nardy.errors.RecordError` instead.
    :attr:`MatchRecord.warnings <nardy.formats.MatchRecord.warnings>` keeps
    the messages.
    """
    lines = text.lstrip("\ufeff").splitlines()
    where = Where(name, strict=strict, mat=True)
    tags, length, start = _header(lines, where)
    texts = _games(lines, start, where)
    players = _players(lines, texts, where)
    values = dict(tags)
    variant = find_variant(_variation(values.get("Variation", "Backgammon"), where))
    options = _options(values, where)
    crawford = values.get("Crawford", "On").strip().lower() != "off"
    if not length:
        played = replay_session(variant, options, texts, where)
        _check_last(played[-1].is_over(), texts[-1], where)
        return where.record(0, players, tags, played, None)
    match = replay_match(
        start_match(
            variant, length, options, crawford, texts, where, first_is_crawford=_no_double(texts)
        ),
        texts,
        where,
    )
    # The match starts new: its games are the record's, one for one.
    _check_last(len(match.games) == len(texts), texts[-1], where)
    return where.record(length, players, tags, recorded_games(match), match)


def _check_last(finished: bool, text: GameEntries, where: Where) -> None:
    """Warn when the record's last game has no result (``finished`` false): the file may be cut off.

    (An earlier game without a result is an error: see ``replay_match``.) A
    match that is not over after a finished last game does not warn: a
    record may be saved between games.
    """
    if finished:
        return
    last = text.entries[-1].at if text.entries else text.at
    where.warn(
        last,
        f"the record ends in game {text.number} before its result: read as a game "
        "still being played (is the file cut off?)",
    )


def _header(lines: Sequence[str], where: Where) -> tuple[list[tuple[str, str]], int, int]:
    """The tags, the match length and the index of the first line after the length line."""
    tags: list[tuple[str, str]] = []
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(";"):
            m = _TAG.match(line)
            if m:
                tags.append((m["name"].strip(), m["value"]))
            continue
        m = re.fullmatch(r"(\d+)\s+point\s+match", line, re.I)
        if not m:
            raise where.error(i + 1, f"expected 'N point match', got {short(line)!r}")
        return tags, int(m[1]), i + 1
    raise where.error(len(lines), "no 'N point match' line")


def _games(lines: Sequence[str], start: int, where: Where) -> list[GameEntries]:
    """Split the body into games and each game into the actions of its rows."""
    out: list[GameEntries] = []
    number, line_no, right = 0, 0, 30
    scores: tuple[int, int] | None = None
    items: list[Entry] = []
    for i in range(start, len(lines)):
        raw = lines[i].rstrip()
        m = re.fullmatch(r"\s*Game\s+(\d+)\s*", raw, re.I)
        if m:
            if number:
                out.append(GameEntries(number, line_no, scores, _losers(items)))
                if int(m[1]) != number + 1:  # the record says a game is missing
                    raise where.error(i + 1, f"game {m[1]} follows game {number}")
            number, line_no, scores, right, items = int(m[1]), i + 1, None, 30, []
            continue
        if not raw.strip():
            continue
        if not number:
            raise where.error(i + 1, f"expected 'Game 1', got {short(raw)!r}")
        score = _SCORE.match(raw) if scores is None and not _ROW.match(raw) else None
        if score:
            scores = (int(score["sa"]), int(score["sb"]))
            right = raw.index(score["b"], len(score["a"]) + 1) if score["b"] else 30
            continue
        items.extend(_row_items(raw, right, i + 1, where))
    if number:
        out.append(GameEntries(number, line_no, scores, _losers(items)))
    if not out:
        raise where.error(len(lines), "no games")
    return out


def _row_items(raw: str, right: int, line: int, where: Where) -> list[Entry]:
    """The actions of one row, each given to the column it starts in."""
    m = _ROW.match(raw)
    body_start = m.end() if m else 0
    starts = _joined([x.start() for x in _ITEM.finditer(raw, body_start)], raw, right)
    junk = raw[body_start : starts[0] if starts else len(raw)].strip()
    if junk:
        raise where.error(line, f"cannot read {short(junk)!r}")
    if len(starts) > 2:
        # "Wins" may also follow a roll on the same side: only two columns exist.
        raise where.error(line, f"more than two actions in {short(raw.strip())!r}")
    items = []
    for k, begin in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(raw)
        player = k if len(starts) == 2 else int(begin >= right - 4)
        items.append(_entry(player, raw[begin:end].strip(), line, where))
    return items


def _joined(starts: list[int], raw: str, right: int) -> list[int]:
    """``starts`` without a concession that follows a roll with no play in its column (one cell)."""
    out: list[int] = []
    for begin in starts:
        one_cell = bool(out) and (out[-1] >= right - 4) == (begin >= right - 4)
        if one_cell and _ROLL_CONCEDES.fullmatch(raw[out[-1] : begin] + raw[begin:].split()[0]):
            continue
        out.append(begin)
    return out


def _entry(player: int, text: str, line: int, where: Where) -> Entry:
    """The entry of one cell: ``32: Concedes`` is the concession alone, as gnubg reads it.

    gnubg cannot read ``Concedes`` as the play of the roll written before
    it, so it leaves the cell's roll out, and reads the resignation from
    the ``Wins`` line; nardy does the same, with a warning (the roll is
    written but not replayed).
    """
    m = _ROLL_CONCEDES.fullmatch(text)
    if not m:
        return Entry(player, text, line)
    where.warn(
        line,
        f"{text!r}: the roll {m[1]} is left out, as gnubg leaves it out (it cannot read "
        f"{m[2]!r} as a play): the player {m[2].lower()} without rolling",
    )
    return Entry(player, m[2], line)


def _losers(items: Sequence[Entry]) -> tuple[Entry, ...]:
    """The items with each resignation before the ``Wins`` line and given to its winner's opponent.

    Some sites write a resignation (``Losses``, ``Concedes``, ``Resigns``)
    off-turn in the winner's column, or after the ``Wins`` line; the
    ``Wins`` line always names the winner. (gnubg reads the resignation
    from the ``Wins`` line alone.)
    """
    out = list(items)
    for k in range(len(out) - 1):
        if is_word(out[k], "wins") and any(is_word(out[k + 1], w) for w in _RESIGNS):
            out[k], out[k + 1] = out[k + 1], out[k]
    for k in range(len(out) - 1):
        resigns = any(is_word(out[k], w) for w in _RESIGNS)
        if resigns and is_word(out[k + 1], "wins"):
            out[k] = attrs.evolve(out[k], player=1 - out[k + 1].player)
    return tuple(out)


def _players(lines: Sequence[str], texts: Sequence[GameEntries], where: Where) -> tuple[str, str]:
    """The players' names, from the first game's score line (or the tags)."""
    for raw in lines[int(texts[0].at) :]:
        m = _SCORE.match(raw)
        if m and not _ROW.match(raw):
            return (m["a"], m["b"])
    raise where.error(texts[0].at, "no score line with the players' names")


def _variation(value: str, where: Where) -> str:
    key = value.strip().lower().replace(" ", "")
    if key not in _VARIATIONS:
        raise where.error(1, f"unknown Variation {value!r}")
    return _VARIATIONS[key]


def _options(tags: dict[str, str], where: Where) -> dict[str, object]:
    """Game options from the tags (the cube limit, Jacoby, beavers), player 0 white in every game."""
    out = record_options()
    limit = tags.get("CubeLimit")
    if limit is not None:
        if not limit.strip().isdigit() or int(limit) < 1:
            raise where.error(1, f"bad CubeLimit {limit!r}")
        out["max_cube"] = int(limit)
    for tag, option in (("Jacoby", "jacoby"), ("Beaver", "beaver")):
        if tag in tags:
            out[option] = tags[tag].strip().lower() == "on"
    return out


def _no_double(games: Sequence[GameEntries]) -> bool | None:
    """``False`` when the first game has a double, so cannot be the Crawford game; else ``None``.

    A ``.mat`` file does not mark the Crawford game: a match taken up with a
    player one point away starts with the Crawford game unless it doubles.
    """
    doubles = games and any(is_word(e, "doubles") for e in games[0].entries)
    return False if doubles else None


# --- writing --------------------------------------------------------------------------


def write_mat(
    record: Match | Session | Sequence[Game],
    players: tuple[str, str] = ("Player 1", "Player 2"),
    tags: Sequence[tuple[str, str]] = (),
) -> str:
    """The ``.mat`` text of a :class:`~nardy.Match` or of a money session (a :class:`~nardy.Session` or a sequence of games).

    ``players`` are the names of players 0 and 1; ``tags`` header pairs
    (the ``Variation``, ``CubeLimit`` and ``Crawford`` rule of the match,
    and the ``Jacoby`` and ``Beaver`` agreements of a session or the
    ``Beaver`` of a match that allows them, are written when absent). Each
    step of a play is written on its own (``24/22* 22/18``), so the play
    reads back exactly; a match, a session or a game played in nardy reads
    back equal, but for what the guide lists as lost.
    """
    if isinstance(record, Match):
        games, length = recorded_games(record), record.length
    elif isinstance(record, Session):
        games, length = record.recorded_games(), 0
    else:
        games, length = tuple(record), 0
    if not games:
        raise RecordError("a .mat record needs at least one game")
    players = _written_names(players)
    _check_writable(games[0].variant, players, tags)
    for number, game in enumerate(games, start=1):
        if game.start is not None:
            raise UnsupportedFormatError(
                f".mat records no set-up position: game {number} starts from {game.start.id()}"
            )
    names = dict(tags)
    header = list(tags)
    if "Variation" not in names:
        header.append(("Variation", _WRITTEN.get(games[0].variant.spec(), "Backgammon")))
    if "CubeLimit" not in names:
        header.append(("CubeLimit", str(games[0].options.max_cube)))
    if isinstance(record, Match) and "Crawford" not in names:
        header.append(("Crawford", "On" if record.crawford else "Off"))
    opts = games[0].options
    # The money agreements: a session's both, a match's beavers when they are allowed.
    header += [
        (tag, "On" if on else "Off")
        for tag, on in (("Jacoby", opts.jacoby), ("Beaver", opts.beaver))
        if tag not in names and (on or not length)
    ]
    out = [f'; [{k} "{v}"]' for k, v in header]
    out += ["", f"{length} point match", ""]
    scores = [int(s) for s in record.start_scores] if isinstance(record, Match) else [0, 0]
    for number, game in enumerate(games, start=1):
        out += _write_game(game, number, players, scores, length)
    return "\n".join(out) + "\n"


def _written_names(players: tuple[str, str]) -> tuple[str, str]:
    """The names as written: an empty one (some sites export ``""``) becomes ``Player 1`` or ``Player 2``.

    A score line with no name before its ``:`` is one gnubg misreads (it
    takes the score for the name), so the writer puts gnubg's own default name.
    """
    first, second = (name.strip() or f"Player {k}" for k, name in enumerate(players, 1))
    return (first, second)


def _check_writable(
    variant: Variant, players: tuple[str, str], tags: Sequence[tuple[str, str]]
) -> None:
    """Refuse what a ``.mat`` record cannot hold (UnsupportedFormatError)."""
    if variant.spec() not in _VARIATIONS.values() or variant != find_variant(variant.spec()):
        raise UnsupportedFormatError(
            f".mat records backgammon, nackgammon and hypergammon (1 to 3 checkers) with their "
            f"usual rules, "
            f"not {variant.spec()}"
        )
    for name in players:
        if ":" in name or "\n" in name:
            raise UnsupportedFormatError(
                f"a player's name in .mat has no ':' or line break: {name!r}"
            )
    for key, value in tags:
        if '"' in key or "]" in key or "\n" in key + value:
            raise UnsupportedFormatError(f"a .mat tag cannot hold {key!r}: {value!r}")


def _write_game(
    game: Game, number: int, players: tuple[str, str], scores: list[int], length: int
) -> list[str]:
    """The lines of one game; ``scores`` (before the game) are brought up to date."""
    head = f" {players[0]} : {scores[0]}".ljust(_LEFT_WIDTH + 7) + f"{players[1]} : {scores[1]}"
    rows: list[list[str]] = []
    for player, cell in _events(game, scores, length):
        # A row holds the first player's action, then the second's.
        if not rows or rows[-1][player] or (player == 0 and rows[-1][1]):
            rows.append(["", ""])
        rows[-1][player] = cell
    # Two spaces at least between the columns: gnubg reads one as part of the play.
    body = [
        f"{n:3d}) {left.ljust(_LEFT_WIDTH)}  {right}".rstrip()
        for n, (left, right) in enumerate(rows, 1)
    ]
    return [f" Game {number}", head, *body, ""]


def _events(game: Game, scores: list[int], length: int) -> list[tuple[int, str]]:
    """(player, text) of every action the record writes, in order."""
    out: list[tuple[int, str]] = []
    cube = 1
    actions, _ = written_actions(game)  # a roll left waiting is not written
    for action, player, rolled in actions:
        kind = action.kind
        if kind is ActionKind.PLAY:
            assert action.play is not None
            assert rolled is not None  # a play comes with its roll
            a, b = rolled[1]
            words = [f"{a}{b}:", *(str(s) for s in action.play.steps)]
            out.append((player, " ".join(words)))
        elif kind is ActionKind.RESIGN and rolled is not None:
            a, b = rolled[1]
            out.append((rolled[0], f"{a}{b}: ????"))  # rolled, then resigned
        elif kind is ActionKind.RACCOON:
            raise UnsupportedFormatError("a .mat record has no word for a raccoon")
        elif kind in (ActionKind.DOUBLE, ActionKind.BEAVER):
            cube = game.options.next_cube_value(cube)
            word = "Doubles" if kind is ActionKind.DOUBLE else "Beavers"
            out.append((player, f"{word} => {cube}"))
        elif kind in (ActionKind.TAKE, ActionKind.DROP):
            out.append((player, "Takes" if kind is ActionKind.TAKE else "Drops"))
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None:
        winner = game.player(outcome.winner)
        points = outcome.points
        scores[winner] += int(points)
        whole = " and the match" if length and scores[winner] >= length else ""
        out.append((winner, f"Wins {points} point{'s' if points != 1 else ''}{whole}"))
    return out
