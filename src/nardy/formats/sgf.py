"""gnubg's SGF match records (``GM[6]``): read and write.

An SGF file holds one game tree per game::

    (;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.1]MI[length:3][game:0][ws:0][bs:0]
      PW[lasse]PB[pan_tera]RU[Crawford]RE[B+1]
    ;B[32adln]
    ;W[62xrfd]
    ...
    ;B[double]
    ;W[drop])

The root node carries the match: ``MI`` (``length``, the 0-based ``game``
number as gnubg writes it, the scores ``ws`` and ``bs`` before the game),
the players ``PW`` and ``PB``, the rules ``RU`` (``Crawford``,
``CrawfordGame``, ``Jacoby``, ``NoCube``, ``Nackgammon``, ``Hypergammon1`` to ``3``,
joined by ``:``), the cube's value ``CV`` and the result ``RE``
(``W+2``, ``B+12R`` for a resignation). ``W`` is the first player (nardy's
player 0), ``B`` the second.

Each move node is ``W[...]`` or ``B[...]``: ``double``, ``take``, ``drop``,
``beaver``, or the dice followed by one pair of letters per step. The
letters name the points in the first player's numbering, ``a`` for his
1-point up to ``x`` for his 24-point; ``y`` is the bar and ``z`` off. A
node with only ``PL`` and ``DI`` is a roll that was not played (the game then
ends by resignation).

Reading replays every action through the rules as for ``.mat``
(:mod:`nardy.formats.mat`); a bad record raises
:class:`~nardy.errors.RecordError` naming the file, the game and the node.
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
    Rolled,
    Where,
    record_options,
    recorded_games,
    replay_match,
    replay_session,
    start_match,
    written_actions,
)
from nardy.formats.setup import Edit, counts_of
from nardy.formats.text import load_record
from nardy.game.actions import ActionKind, EndReason
from nardy.game.game import Game
from nardy.game.match import Match
from nardy.game.session import Session
from nardy.model.basics import BAR, OFF
from nardy.model.play import Play
from nardy.variants.base import find_variant

__all__ = ["load_sgf", "read_sgf", "write_sgf"]

_Node = list[tuple[str, list[str]]]
_PROP = re.compile(r"\s*([A-Z]+)\s*")
_VARIANTS = {
    "Nackgammon": "nackgammon",
    "Hypergammon1": "hypergammon(checkers=1)",
    "Hypergammon2": "hypergammon(checkers=2)",
    "Hypergammon3": "hypergammon",
}
# Root properties kept as tags, with the names a .mat record gives them.
_TAGS = {"PC": "Site", "EV": "Event", "RO": "Round", "DT": "EventDate", "AN": "Annotator"}
_WORDS = {"double": "Doubles", "take": "Takes", "drop": "Drops", "beaver": "Beavers"}
_LETTERS = "abcdefghijklmnopqrstuvwx"
_SETUP = ("AE", "AW", "AB", "CV", "CP")


def load_sgf(path: str | Path, *, strict: bool = False) -> MatchRecord:
    """Read the SGF file at ``path``; see :func:`read_sgf` and :func:`~nardy.formats.read_text`."""
    return load_record(read_sgf, path, strict=strict)


def read_sgf(text: str, *, name: str = "<sgf>", strict: bool = False) -> MatchRecord:
    """Read and replay a gnubg SGF record; ``name`` (a file name) is used in error messages.

    Raises :class:`~nardy.errors.RecordError` with ``name``, the game, the
    node and the problem. The leniencies shared with :func:`~nardy.formats.read_mat`
    (a game cut short at a roll with no play, a result ``RE`` the rules do not
    count, a record that ends inside a game) warn with a
    :class:`~nardy.errors.RecordWarning`; ``strict=True`` raises
    :class:`~nardy.errors.RecordError` instead.
    """
    where = Where(name, strict=strict)
    trees = _parse(text, where)
    if not trees:
        raise where.error("the start", "no game trees")
    roots = [_props(tree[0]) for tree in trees]
    first = roots[0]
    rules = _rules(first)
    length = _info(first, "length", where, "game 1")
    players = (_one(first, "PW", "Player 1"), _one(first, "PB", "Player 2"))
    tags = [(_TAGS[k], _one(first, k, "")) for k in _TAGS if k in first]
    games = [_game(tree, k, where) for k, tree in enumerate(trees, 1)]
    variant = find_variant(_variant(rules, where))
    # SGF records no cube limit: allow the highest cube a gnubg Match ID holds.
    options = record_options(jacoby="Jacoby" in rules, cube="NoCube" not in rules, max_cube=1 << 15)
    if not length:
        played = replay_session(variant, options, games, where)
        return where.record(0, players, tags, played, None)
    crawford = "Crawford" in rules
    start = start_match(
        variant, length, options, crawford, games, where, first_is_crawford="CrawfordGame" in rules
    )
    match = replay_match(start, games, where)
    _check_crawford(match, roots, where)
    return where.record(length, players, tags, recorded_games(match), match)


# --- the SGF syntax ---------------------------------------------------------------------


def _parse(text: str, where: Where) -> list[list[_Node]]:
    """The game trees of ``text``, each as its main line of nodes."""
    trees: list[list[_Node]] = []
    i, depth, n = 0, 0, len(text)
    current: list[_Node] = []
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
            if depth == 1:
                current = []
            i += 1
        elif c == ")":
            if depth == 0:
                raise where.error(f"character {i}", "')' without '('")
            depth -= 1
            if depth == 0:
                if not current:  # (SGF: a game tree holds one node at least)
                    raise where.error(f"character {i}", "a game tree with no node")
                trees.append(current)
            i += 1
        elif c == ";" and depth:
            node, i = _node(text, i + 1, where)
            if depth == 1:  # variations (deeper trees) are not the main line
                current.append(node)
        elif c.isspace() or not depth:
            i += 1
        else:
            raise where.error(f"character {i}", f"unexpected {text[i : i + 20]!r}")
    if depth:
        raise where.error("the end", "a game tree is not closed")
    return trees


def _node(text: str, i: int, where: Where) -> tuple[_Node, int]:
    """The properties of the node starting at ``i``, and the index after it."""
    node: _Node = []
    while True:
        m = _PROP.match(text, i)
        if not m:
            return node, i
        j = m.end()
        if j >= len(text) or text[j] != "[":
            raise where.error(f"character {j}", f"property {m[1]} has no value")
        values: list[str] = []
        while j < len(text) and text[j] == "[":
            value, j = _value(text, j + 1, where)
            values.append(value)
            while j < len(text) and text[j].isspace():
                j += 1
        node.append((m[1], values))
        i = j


def _value(text: str, i: int, where: Where) -> tuple[str, int]:
    out: list[str] = []
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
        elif c == "]":
            return "".join(out), i + 1
        else:
            out.append(c)
            i += 1
    raise where.error("the end", "a property value is not closed with ']'")


def _props(node: _Node) -> dict[str, list[str]]:
    return dict(node)


def _one(props: dict[str, list[str]], key: str, default: str) -> str:
    values = props.get(key)
    return values[0] if values else default


def _rules(root: dict[str, list[str]]) -> set[str]:
    return {part.strip() for value in root.get("RU", []) for part in value.split(":")}


def _variant(rules: set[str], where: Where) -> str:
    for rule in rules:
        if rule.startswith("Hypergammon") and rule not in _VARIANTS:
            raise where.error("game 1", f"{rule} is not a variant nardy plays")
    found = [v for k, v in _VARIANTS.items() if k in rules]
    return found[0] if found else "backgammon"


def _info(root: dict[str, list[str]], key: str, where: Where, at: str) -> int:
    """A number of the ``MI`` property (0 when it is absent)."""
    for value in root.get("MI", []):
        k, _, v = value.partition(":")
        if k.strip() == key:
            if not v.strip().isdigit():
                raise where.error(at, f"bad MI[{value}]")
            return int(v)
    return 0


# --- games ---------------------------------------------------------------------------


def _game(tree: list[_Node], number: int, where: Where) -> GameEntries:
    root = _props(tree[0])
    at = f"game {number}"
    if _one(root, "GM", "6") != "6":
        raise where.error(f"{at}, node 1", f"GM[{_one(root, 'GM', '')}] is not backgammon (GM[6])")
    scores = (_info(root, "ws", where, at), _info(root, "bs", where, at))
    # The root may set up too (gnubg writes set-ups as nodes of their own; its root CV
    # is the automatic doubles', not a set-up).
    setup = [(k, v) for k, v in tree[0] if k in ("AE", "AW", "AB", "CP", "PL")]
    entries: list[Entry] = _entries(setup, f"{at}, node 1", where) if setup else []
    for k, node in enumerate(tree[1:], start=2):
        entries += _entries(node, f"{at}, node {k}", where)
    entries = _on_roll_after_edits(entries)
    result = _one(root, "RE", "")
    if result:
        entries.append(_result(result, f"{at}, node 1", where))
    return GameEntries(number=number, at=at, scores=scores, entries=tuple(entries))


def _entries(node: _Node, at: str, where: Where) -> list[Entry]:
    """The entries of one node: a move, a set-up, a roll (``PL`` and ``DI``), or none."""
    props = _props(node)
    for key, mover in (("W", 0), ("B", 1)):
        if key in props:
            return [Entry(mover, _move_text(_one(props, key, ""), mover, at, where), at)]
    out: list[Entry] = []
    player = _player(props, at, where)
    if any(k in props for k in _SETUP) or ("PL" in props and "DI" not in props):
        edit = _edit(props, player, at, where)
        out.append(Entry(-1 if player is None else player, "set-up", at, edit=edit))
    if "DI" in props:
        dice = _one(props, "DI", "")
        if player is None or not re.fullmatch(r"[1-6]{2}", dice):
            raise where.error(at, f"bad PL/DI node {node!r}")
        out.append(Entry(player, f"{dice}: ????", at))
    return out  # none: comments and other properties


def _player(props: dict[str, list[str]], at: str, where: Where) -> int | None:
    if "PL" not in props:
        return None
    player = {"W": 0, "B": 1}.get(_one(props, "PL", "").strip())
    if player is None:
        raise where.error(at, f"PL[{_one(props, 'PL', '')}] names neither W nor B")
    return player


def _edit(props: dict[str, list[str]], player: int | None, at: str, where: Where) -> Edit:
    """The set-up node ``props`` (``AE``, ``AW``, ``AB``, ``PL``, ``CV``, ``CP``)."""
    cube = None
    if "CV" in props:
        value = _one(props, "CV", "").strip()
        if not value.isdigit() or int(value) < 1 or int(value) & (int(value) - 1):
            raise where.error(at, f"CV[{value}] is not a cube value (1, 2, 4, ...)")
        cube = int(value)
    owner = None
    if "CP" in props:
        owner = _one(props, "CP", "").strip().lower()
        if owner not in ("c", "w", "b"):
            raise where.error(at, f"CP[{owner}] is not c, w or b")
    return Edit(
        clear=frozenset(i for i, n in enumerate(_points(props.get("AE", []), at, where)) if n),
        add=(_points(props.get("AW", []), at, where), _points(props.get("AB", []), at, where)),
        player=player,
        cube=cube,
        owner=owner,
    )


def _points(values: list[str], at: str, where: Where) -> tuple[int, ...]:
    """Checkers per point (index 0..24, 24 the bar) of a point list: ``[a][a][f]``, ``[a:y]``."""
    counts = [0] * 25
    for value in values:
        m = re.fullmatch(r"\s*([a-y])\s*(?::\s*([a-y])\s*)?", value)
        if not m or (m[2] and m[2] < m[1]):
            raise where.error(at, f"[{value}] is not a point (a..y) or a range of points")
        for i in range(ord(m[1]) - ord("a"), ord(m[2] or m[1]) - ord("a") + 1):
            counts[i] += 1
    return tuple(counts)


def _on_roll_after_edits(entries: list[Entry]) -> list[Entry]:
    """Edits that name no player get the player of the next action (for a game set up anew)."""
    out = list(entries)
    following = -1
    for k in range(len(out) - 1, -1, -1):
        if out[k].edit is None:
            following = out[k].player
        elif out[k].player == -1:
            out[k] = attrs.evolve(out[k], player=max(following, 0))
    return out


def _move_text(value: str, player: int, at: str, where: Where) -> str:
    """A move node's value in ``.mat`` words, in the mover's numbering."""
    word = _WORDS.get(value.strip().lower())
    if word is not None:
        return word
    m = re.fullmatch(r"([1-6])([1-6])((?:[a-z][a-z])*)", value.strip())
    if not m:
        raise where.error(at, f"cannot read the move {value!r}")
    letters = m[3]
    steps = [
        f"{_point(letters[i], player)}/{_point(letters[i + 1], player)}"
        for i in range(0, len(letters), 2)
    ]
    return " ".join([f"{m[1]}{m[2]}:", *steps])


def _point(letter: str, player: int) -> str:
    if letter == "y":
        return "bar"
    if letter == "z":
        return "off"
    index = _LETTERS.index(letter)
    return str(index + 1 if player == 0 else 24 - index)


def _result(value: str, at: str, where: Where) -> Entry:
    m = re.fullmatch(r"([WB])\+(\d+)(R?)", value.strip())
    if not m:
        raise where.error(at, f"cannot read the result RE[{value}]")
    points = int(m[2])
    return Entry(0 if m[1] == "W" else 1, f"Wins {points} point{'s' * (points != 1)}", at)


def _check_crawford(match: Match, roots: Sequence[dict[str, list[str]]], where: Where) -> None:
    """Each game's ``CrawfordGame`` rule must be the match's own Crawford game."""
    for number, (game, root) in enumerate(zip(recorded_games(match), roots, strict=False), 1):
        said = "CrawfordGame" in _rules(root)
        if said != game.crawford:
            why = "is" if game.crawford else "is not"
            raise where.error(f"game {number}, node 1", f"the game {why} the Crawford game")


# --- writing --------------------------------------------------------------------------


def write_sgf(
    record: Match | Session | Sequence[Game],
    players: tuple[str, str] = ("Player 1", "Player 2"),
    tags: Sequence[tuple[str, str]] = (),
) -> str:
    """The gnubg SGF text of a :class:`~nardy.Match` or of a money session (a :class:`~nardy.Session` or a sequence of games).

    ``players`` are the names of players 0 (``W``) and 1 (``B``); the tags
    ``Site``, ``Event``, ``Round``, ``EventDate`` and ``Annotator`` are
    written as ``PC``, ``EV``, ``RO``, ``DT`` and ``AN``. Raises
    :class:`~nardy.errors.UnsupportedFormatError` for a variant SGF does not
    name, and for a game resumed inside a turn (:meth:`Game.from_turn_id
    <nardy.Game.from_turn_id>`: SGF sets a game up between turns).
    """
    if isinstance(record, Match):
        games, length, crawford = recorded_games(record), record.length, record.crawford
        scores = [int(s) for s in record.start_scores]
    else:
        sequence = record.recorded_games() if isinstance(record, Session) else tuple(record)
        games, length, crawford, scores = sequence, 0, False, [0, 0]
    if not games:
        raise RecordError("an SGF record needs at least one game")
    variant = games[0].variant
    names = {v: k for k, v in _VARIANTS.items()}
    if variant.spec() not in ("backgammon", *names):
        raise UnsupportedFormatError(f"gnubg's SGF does not record {variant.spec()}")
    trees = []
    for number, game in enumerate(games):
        if not game.start_state.between_turns:
            raise UnsupportedFormatError(
                f"gnubg's SGF sets a game up between turns; game {number + 1} is resumed "
                f"inside one ({game.restart().turn_id()})"
            )
        rules = [r for r, on in (("Crawford", crawford), ("CrawfordGame", game.crawford)) if on]
        rules += [
            r
            for r, on in (("Jacoby", game.options.jacoby), ("NoCube", not game.options.cube))
            if on
        ]
        if variant.spec() in names:
            rules.append(names[variant.spec()])
        trees.append(_tree(game, number, length, scores, players, tags, rules))
    return "\n".join(trees) + "\n"


def _tree(
    game: Game,
    number: int,
    length: int,
    scores: list[int],
    players: tuple[str, str],
    tags: Sequence[tuple[str, str]],
    rules: list[str],
) -> str:
    root = [
        "FF[4]GM[6]CA[UTF-8]AP[nardy]",
        f"MI[length:{length}][game:{number}][ws:{scores[0]}][bs:{scores[1]}]",
        f"PW[{_escape(players[0])}]PB[{_escape(players[1])}]",
    ]
    keys = {v: k for k, v in _TAGS.items()}
    root += [f"{keys[k]}[{_escape(v)}]" for k, v in tags if k in keys and number == 0]
    if rules:
        root.append(f"RU[{':'.join(rules)}]")
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None:
        winner = game.player(outcome.winner)
        resigned = outcome.reason is EndReason.RESIGN
        root.append(f"RE[{'WB'[winner]}+{outcome.points}{'R' * resigned}]")
        scores[winner] += int(outcome.points)
    nodes = ["(;" + "".join(root), *_setup_nodes(game), *_moves(game)]
    return "\n;".join(nodes) + ")"


def _setup_nodes(game: Game) -> list[str]:
    """A game set up from a position: its set-up nodes, as gnubg writes them.

    ``PL`` (the player on roll) first, then ``AE[a:y]`` to empty the board and
    ``AW``/``AB`` with one value per checker; ``CV`` and ``CP`` nodes for a
    cube that is not centred at 1.
    """
    if game.start is None:
        return []
    counts = counts_of(game, game.start)
    node = f"PL[{'WB'[game.player(game.start.turn)]}]AE[a:y]"
    for key, player in (("AW", 0), ("AB", 1)):
        values = "".join(f"[{chr(97 + i)}]" * n for i, n in enumerate(counts[player]))
        node += f"{key}{values}" if values else ""
    nodes = [node]
    cube = game.start_cube
    if cube is not None and cube.value != 1:
        nodes.append(f"CV[{cube.value}]")
    if cube is not None and cube.owner is not None:
        nodes.append(f"CP[{'wb'[game.player(cube.owner)]}]")
    return nodes


def _moves(game: Game) -> list[str]:
    out: list[str] = []
    actions, waiting = written_actions(game)
    for action, player, rolled in actions:
        colour = "WB"[player]
        kind = action.kind
        if kind is ActionKind.PLAY:
            assert action.play is not None
            assert rolled is not None  # a play comes with its roll
            a, b = rolled[1]
            out.append(f"{colour}[{a}{b}{_play(action.play, player)}]")
        elif kind is ActionKind.RESIGN and rolled is not None:
            out.append(_rolled(rolled))
        elif kind is ActionKind.RACCOON:
            raise UnsupportedFormatError("gnubg's SGF has no word for a raccoon")
        elif kind.value in _WORDS:
            out.append(f"{colour}[{kind.value}]")
    if waiting is not None:  # dice rolled and not played yet, as gnubg writes them
        out.append(_rolled(waiting))
    return out


def _rolled(rolled: Rolled) -> str:
    """The node of a roll not played: its player and its dice."""
    return f"PL[{'WB'[rolled[0]]}]DI[{rolled[1][0]}{rolled[1][1]}]"


def _play(play: Play, player: int) -> str:
    """The letters of ``play``'s steps, in ``player``'s numbering (the dice go before them)."""
    letters = []
    for step in play.steps:
        for point in (step.src, step.dst):
            if point == BAR:
                letters.append("y")
            elif point == OFF:
                letters.append("z")
            else:
                letters.append(_LETTERS[point - 1 if player == 0 else 24 - point])
    return "".join(letters)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")
