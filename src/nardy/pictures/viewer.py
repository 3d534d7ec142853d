"""A match viewer: a game or match record as one self-contained HTML page.

:func:`html` turns a record (a :class:`~nardy.Game`, a :class:`~nardy.Match`,
a :class:`~nardy.formats.MatchRecord` read from ``.mat`` or SGF, or a
:class:`Record`) into a page that steps through every game with buttons and
the arrow keys, showing the board, the dice, each play in notation (drawn as
arrows), the cube and the score. The page needs no network and no other
file: the pictures are nardy's SVG boards, their lines stored once and
shared by the steps that repeat them, and a few lines of script show them.
The address fragment ``#step=N`` (1-based) opens the page at step ``N``
(and follows it while the page is open).

:func:`steps` lists what the page shows, one :class:`ViewStep` per step:
the start of each game, each roll, each play (the position before it, with
the dice and the play's arrows), each cube action, and the end of the game.
A turn of several segments shows each segment as a play of its own, with
what remains of the turn under the dice (``then 66``), and a named double
as a step of its own (``names 66``); a roll of three dice shows three.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

import attrs

from nardy.errors import NardyError, RecordError
from nardy.formats.mat import read_mat
from nardy.formats.replay import MatchRecord, recorded_games
from nardy.formats.sgf import read_sgf
from nardy.formats.text import read_text
from nardy.game.actions import Action, ActionKind, as_number
from nardy.game.game import Game
from nardy.game.match import Match
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.validate import shown
from nardy.pictures import svg

__all__ = ["Record", "ViewStep", "html", "load_record", "read_record", "steps"]

#: The largest record file read (the longest real matches are well under 1 MB).
RECORD_LIMIT: Final = 20_000_000


@attrs.frozen
class Record:
    """The games a viewer shows, with the players' names and the match length.

    ``length`` is 0 for a money session or a lone game; ``players`` names
    nardy's players 0 and 1. Anything else raises
    :class:`~nardy.errors.RecordError`.
    """

    #: Every game that has begun, in order.
    games: tuple[Game, ...]
    #: The names of players 0 and 1.
    players: tuple[str, str] = ("Player 1", "Player 2")
    #: Points to win the match; 0 for a money session or a lone game.
    length: int = 0

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.games, tuple) or not all(isinstance(g, Game) for g in self.games):
            raise RecordError(f"a record's games are a tuple of Games, got {shown(self.games)}")
        players = self.players
        if (
            not isinstance(players, tuple)
            or len(players) != 2
            or not all(isinstance(p, str) for p in players)
        ):
            raise RecordError(f"a record's players are two names, got {shown(players)}")
        if isinstance(self.length, bool) or not isinstance(self.length, int) or self.length < 0:
            raise RecordError(
                f"a record's length is 0 or a number of points, got {shown(self.length)}"
            )

    @classmethod
    def of(cls, source: Record | Match | Game | MatchRecord) -> Record:
        """The :class:`Record` of a game, a match or a record read from ``.mat``/SGF."""
        if isinstance(source, Record):
            return source
        if isinstance(source, Game):
            return cls(games=(source,))
        if isinstance(source, Match):
            return cls(games=recorded_games(source), length=source.length)
        if isinstance(source, MatchRecord):
            return cls(games=source.games, players=source.players, length=source.length)
        raise RecordError(f"the viewer shows a Game, a Match or a record, not {shown(source)}")


@attrs.frozen
class ViewStep:
    """One step of the viewer: which game, what happened, the score, and the picture."""

    #: The game's number, from 1.
    game: int
    #: What the step shows, in words and notation ("Alice (white) 64: 24/18 13/9").
    caption: str
    #: The score line ("Alice 3, Bob 5, match to 7").
    score: str
    #: The board as an SVG document.
    picture: str
    #: The position drawn (before the play, for a play's step).
    position: Position


def read_record(text: str, name: str = "<record>") -> Record:
    """Read a record: nardy JSON (a game or a match), ``.mat`` or SGF.

    The format comes from ``name``'s extension (``.json``, ``.mat``/``.txt``,
    ``.sgf``), else from the text (``{`` opens JSON, ``(`` SGF, anything
    else is read as ``.mat``). Raises :class:`~nardy.errors.RecordError`
    naming ``name`` for a record that does not read or replay.
    """
    if not isinstance(text, str):
        raise RecordError(f"{name}: a record is text, got {shown(text)}")
    if len(text) > RECORD_LIMIT:
        raise RecordError(f"{name}: {len(text):,} characters is longer than any record")
    suffix = Path(name).suffix.lower()
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if suffix == ".json" or (suffix not in (".mat", ".txt", ".sgf") and start == "{"):
        return _read_json(text, name)
    if suffix == ".sgf" or (suffix not in (".mat", ".txt") and start == "("):
        return Record.of(read_sgf(text, name=name))
    return Record.of(read_mat(text, name=name))


def load_record(path: str | Path) -> Record:
    """Read the record file at ``path`` (see :func:`read_record`).

    Raises :class:`~nardy.errors.RecordError` for a file that is too large,
    and :class:`OSError` for one that cannot be read. The bytes are decoded
    by :func:`~nardy.formats.read_text` (UTF-8, else Windows-1252).
    """
    p = Path(path)
    size = p.stat().st_size
    if size > RECORD_LIMIT:
        raise RecordError(f"{p}: {size:,} bytes is larger than any record ({RECORD_LIMIT:,})")
    return read_record(read_text(p), str(p))


def _read_json(text: str, name: str) -> Record:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError(f"{name}: not a JSON record ({exc})") from None
    kind = data.get("format") if isinstance(data, dict) else None
    try:
        if kind == "nardy-match":
            return Record.of(Match.from_dict(data))
        if kind == "nardy-game":
            return Record.of(Game.from_dict(data))
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from exc
    except NardyError as exc:
        raise RecordError(f"{name}: {type(exc).__name__}: {exc}") from exc
    raise RecordError(
        f'{name}: a JSON record has "format": "nardy-game" or "nardy-match", got {shown(kind)}'
    )


# --- the steps ------------------------------------------------------------------------


def steps(source: Record | Match | Game | MatchRecord) -> list[ViewStep]:
    """Every step the viewer shows for ``source``, in order (see the module's text)."""
    record = Record.of(source)
    out: list[ViewStep] = []
    scores: list[float] = [0, 0]
    for number, game in enumerate(record.games, 1):
        before = _score_line(record, scores, game)
        names = _names(record, game, scores)
        players = [record.players[game.player(side)] for side in (Side.WHITE, Side.BLACK)]
        out += _game_steps(number, game, before, names, players)
        if game.outcome is not None:
            for side in (Side.WHITE, Side.BLACK):
                scores[game.player(side)] += game.outcome.points_for(side)
            after = _score_line(record, scores, None)
            last = out[-1]
            out[-1] = attrs.evolve(last, score=after)
    return out


def _game_steps(
    number: int, game: Game, score: str, names: Sequence[str], players: Sequence[str]
) -> Iterator[ViewStep]:
    """The steps of one game: its start, one per action, and its end after a last play.

    ``names`` are the board's player lines and ``players`` the names, white's first.
    """
    states = list(game.states())
    start = states[0]
    yield ViewStep(number, f"game {number}: start", score, _picture(start, names), start.position)
    for action, before, after in zip(game.history, states, states[1:]):
        who = "" if action.side is None else f"{players[action.side]} ({action.side})"
        if action.kind is ActionKind.PLAY and action.play is not None:
            play = action.play
            notation = play.notation() or "cannot move"
            picture = svg.board(
                before.position,
                size=None,
                names=names,
                dice=play.roll,
                play=play if play.steps else None,
                cube=before.cube if before.options.cube else None,
                turn=before.turn_state,
            )
            caption = f"{who} {play.roll}: {notation}"
            yield ViewStep(number, caption, score, picture, before.position)
            if after.outcome is None:
                continue
            caption = _ending(after)
        else:
            caption = _said(action, who, after)
            if after.outcome is not None:
                caption += f"; {_ending(after)}"
        yield ViewStep(number, caption, score, _picture(after, names), after.position)


def _picture(state: Game, names: Sequence[str]) -> str:
    return svg.game(state, size=None, names=names)


def _said(action: Action, who: str, after: Game) -> str:
    """A cube, roll or resignation action in words."""
    if action.kind is ActionKind.OPENING and action.dice is not None:
        return f"opening roll {', '.join(map(str, action.dice))}; {after.turn} to play"
    if action.kind is ActionKind.DOUBLE:
        return f"{who} doubles to {after.options.next_cube_value(after.cube.value)}"
    return action.said_by(who)


def _ending(game: Game) -> str:
    outcome = game.outcome
    assert outcome is not None
    return str(outcome)


def _names(record: Record, game: Game, scores: Sequence[float]) -> list[str]:
    """The players' lines of the board, white's first: name and score."""
    out = []
    for side in (Side.WHITE, Side.BLACK):
        player = game.player(side)
        of = f"/{record.length}" if record.length else ""
        out.append(f"{record.players[player]} ({as_number(scores[player])}{of})")
    return out


def _score_line(record: Record, scores: Sequence[float], game: Game | None) -> str:
    a, b = (as_number(s) for s in scores)
    text = f"{record.players[0]} {a}, {record.players[1]} {b}"
    if record.length:
        text += f", match to {record.length}"
    if game is not None and game.crawford:
        text += " (Crawford game)"
    return text


# --- the page -------------------------------------------------------------------------


def html(source: Record | Match | Game | MatchRecord, *, title: str | None = None) -> str:
    """The viewer of ``source`` as one self-contained HTML page (a string).

    ``title`` defaults to the players' names. The page works offline in
    any current browser: buttons, the arrow keys (left/right: a step;
    up/down: a game; Home/End) and a game list move through the record, and
    ``#step=N`` in the address opens it at step ``N``.
    """
    record = Record.of(source)
    if not record.games:
        raise RecordError("the record holds no game to show")
    shown_steps = steps(record)
    lines: dict[str, int] = {}
    data_steps = []
    for step in shown_steps:
        # The XML declaration is dropped: the SVG goes inline into the page.
        body = step.picture.split("\n")[1:]
        keys = [lines.setdefault(line, len(lines)) for line in body]
        data_steps.append(
            {"g": step.game, "c": step.caption, "s": step.score, "p": ",".join(map(_b36, keys))}
        )
    page_title = title if title is not None else " vs ".join(record.players)
    games = [f'<option value="{n}">game {n}</option>' for n in range(1, len(record.games) + 1)]
    data = json.dumps({"lines": list(lines), "steps": data_steps}, separators=(",", ":"))
    # "</" inside the script's JSON would end the script element early.
    data = data.replace("</", "<\\/")
    return (
        _PAGE.replace("@TITLE@", _escape(page_title))
        .replace("@GAMES@", "".join(games))
        .replace("@DATA@", data)
        .replace("@SCRIPT@", _SCRIPT)
    )


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="nardy">
<title>@TITLE@</title>
<style>
body { font-family: sans-serif; margin: 1em auto; max-width: 760px; color: #222; padding: 0 0.5em; }
h1 { font-size: 1.2em; margin: 0 0 0.4em; }
#board svg { width: 100%; height: auto; display: block; }
#controls { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; margin: 0.5em 0; }
#controls button { font-size: 1em; min-width: 2.6em; padding: 0.2em 0.5em; }
#caption { font-size: 1.1em; font-weight: bold; min-height: 1.4em; }
#score, #where { color: #555; }
.help { color: #777; font-size: 0.85em; }
</style>
</head>
<body>
<h1>@TITLE@</h1>
<div id="score"></div>
<div id="board"></div>
<div id="caption"></div>
<div id="controls">
<button id="first" title="first step (Home)">|&#x25C0;</button>
<button id="prevgame" title="previous game (up arrow)">&#x25C0;&#x25C0;</button>
<button id="prev" title="previous step (left arrow)">&#x25C0;</button>
<button id="next" title="next step (right arrow)">&#x25B6;</button>
<button id="nextgame" title="next game (down arrow)">&#x25B6;&#x25B6;</button>
<button id="last" title="last step (End)">&#x25B6;|</button>
<select id="game" title="go to a game">@GAMES@</select>
<span id="where"></span>
</div>
<p class="help">Left and right arrows: a step; up and down: a game; Home, End: first, last.</p>
<script type="application/json" id="nardy-data">@DATA@</script>
<script>
@SCRIPT@
</script>
</body>
</html>
"""

_SCRIPT: Final = """(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("nardy-data").textContent);
  var lines = data.lines, steps = data.steps, current = 0;
  var starts = [], counts = [];
  steps.forEach(function (s, i) {
    if (starts.length < s.g) { starts.push(i); counts.push(0); }
    counts[s.g - 1] += 1;
  });
  function byId(id) { return document.getElementById(id); }
  function picture(step) {
    return step.p.split(",").map(function (k) { return lines[parseInt(k, 36)]; }).join("\\n");
  }
  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    var s = steps[current];
    byId("board").innerHTML = picture(s);
    byId("caption").textContent = s.c;
    byId("score").textContent = s.s;
    byId("game").value = String(s.g);
    byId("where").textContent = "game " + s.g + ", step " + (current - starts[s.g - 1] + 1) +
      " of " + counts[s.g - 1] + " (" + (current + 1) + " / " + steps.length + ")";
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#step=" + (current + 1));
    }
  }
  function game(delta) {
    var g = steps[current].g + delta;
    if (g >= 1 && g <= starts.length) { show(starts[g - 1]); }
  }
  var actions = {
    first: function () { show(0); },
    prev: function () { show(current - 1); },
    next: function () { show(current + 1); },
    last: function () { show(steps.length - 1); },
    prevgame: function () { game(-1); },
    nextgame: function () { game(1); }
  };
  Object.keys(actions).forEach(function (id) { byId(id).addEventListener("click", actions[id]); });
  byId("game").addEventListener("change", function (e) { show(starts[Number(e.target.value) - 1]); });
  var keys = { ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "prevgame", ArrowDown: "nextgame",
               PageUp: "prevgame", PageDown: "nextgame", Home: "first", End: "last" };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") { return; }
    var name = keys[e.key];
    if (name && !e.altKey && !e.ctrlKey && !e.metaKey) { e.preventDefault(); actions[name](); }
  });
  function asked() {
    var found = /step=(\\d+)/.exec(window.location.hash);
    return found ? Number(found[1]) - 1 : 0;
  }
  window.addEventListener("hashchange", function () { show(asked()); });
  show(asked());
}());"""
