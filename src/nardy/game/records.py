"""JSON records of games and matches: writing them, and loading them by replaying them.

A game record holds the game's setup, every action in order, and the state
reached; a match record holds the match's setup, the record of each of its
games, and the score. Loading a record replays every action through the
rules, so a record that loads is a legal game, and the stored state must
agree with the replayed one.

Use the methods :meth:`Game.to_json <nardy.game.game.Game.to_json>`,
:meth:`Game.from_json <nardy.game.game.Game.from_json>`,
:meth:`Match.to_json <nardy.game.match.Match.to_json>` and their kin; they call
the functions here. This module never imports :mod:`nardy.game.game` or
:mod:`nardy.game.match` (they import it): a loader is handed the class to build
(``game_from_dict(Game, data)`` calls ``Game.new``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from nardy.errors import NardyError, RecordError
from nardy.game.actions import Action, ActionKind, CubeState, Phase
from nardy.game.dice import DiceSourceLike, OpeningDice, check_die
from nardy.game.options import GameOptions
from nardy.game.turns import Turn, from_turn_id, turn_id
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.result import ResultKind
from nardy.model.turns import BETWEEN_TURNS, TurnState
from nardy.model.validate import result_kind, shown
from nardy.model.validate import side as as_side

if TYPE_CHECKING:
    from nardy.game.game import Game
    from nardy.game.match import Match

__all__ = [
    "GAME_RECORD_VERSION",
    "MATCH_RECORD_VERSION",
    "check_header",
    "check_stored",
    "game_from_dict",
    "game_from_json",
    "game_to_dict",
    "game_to_json",
    "match_from_dict",
    "match_from_json",
    "match_to_dict",
    "match_to_json",
    "parse_action",
    "record_list",
    "replay",
    "restated",
]

#: The version of the game record format (``"format": "nardy-game"``).
GAME_RECORD_VERSION = 1
#: The version of the match record format (``"format": "nardy-match"``).
MATCH_RECORD_VERSION = 1

# The fields of a game record after "actions": redundant, recomputed on loading.
_GAME_STATE = ("phase", "position", "dice", "turn", "cube", "first", "outcome")
# The fields of a match record after "games", likewise.
_MATCH_STATE = ("scores", "crawford_game", "winner")
# The fields of a match's game record that the match itself decides.
_MATCH_GAME_SETUP = ("variant", "options", "white_player", "starter", "crawford")


def _dumps(data: dict[str, Any], indent: int | None) -> str:
    return json.dumps(data, indent=indent, ensure_ascii=False)


#: The largest record text read (a long match's record is a few hundred KB).
RECORD_LIMIT = 64 * 1024 * 1024


def _loads(text: object, what: str) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a {what} record is JSON text, got {shown(text)}")
    if len(text) > RECORD_LIMIT:
        raise RecordError(
            f"a {what} record of {len(text):,} characters is larger than any real one "
            f"({RECORD_LIMIT:,} at most)"
        )
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(f"a {what} record nests too deeply to be one") from None
    except ValueError as exc:
        raise RecordError(f"a {what} record must be JSON: {shown(str(exc))}") from None


def _field(data: Mapping[str, Any], key: str, kinds: tuple[type, ...], default: Any) -> Any:
    """``data[key]`` (or ``default`` when absent) if it is of one of ``kinds``; RecordError otherwise."""
    value = data.get(key, default)
    if value is default or (
        isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    ):
        return value
    names = " or ".join(
        "true/false" if k is bool else _JSON_NAMES.get(k, k.__name__) for k in kinds
    )
    raise RecordError(f"the record's {key!r} must be {names}, got {shown(value)}")


_JSON_NAMES = {str: "a string", int: "an integer", list: "a list", dict: "an object"}


def _letter(value: object, what: str) -> Side | None:
    """A side written in a record: ``"w"`` or ``"b"`` (``None`` stays ``None``)."""
    if value is None:
        return None
    if isinstance(value, str) and value in ("w", "b"):
        return Side.WHITE if value == "w" else Side.BLACK
    raise RecordError(f'{what} must be "w" or "b", got {shown(value)}')


def check_header(data: Mapping[str, Any], kind: str, version: int) -> None:
    """:class:`~nardy.errors.RecordError` unless ``data`` is a nardy ``kind`` record (game, match, session) of ``version``."""
    if not isinstance(data, Mapping) or data.get("format") != f"nardy-{kind}":
        raise RecordError(f'not a nardy {kind} record (missing "format": "nardy-{kind}")')
    if data.get("version") != version:
        raise RecordError(f"unsupported {kind} record version {shown(data.get('version'))}")


def record_list(data: Mapping[str, Any], kind: str, key: str) -> list[Any]:
    """``data[key]``, the list of a ``kind`` record (its actions, its games); RecordError if it is none."""
    items = data.get(key)
    if not isinstance(items, list):
        article = "an" if key[0] in "aeiou" else "a"
        raise RecordError(f'a {kind} record needs {article} "{key}" list')
    return items


# --- games ------------------------------------------------------------------------


def game_to_dict(game: Game) -> dict[str, Any]:
    """The record of ``game`` as JSON-able data (see :meth:`Game.to_dict <nardy.game.game.Game.to_dict>`)."""
    two = game.options.opening.startswith("two_dice")
    # "start_cube" only for a game set up with a cube, so older records stay as they were.
    cube = {} if game.start_cube is None else {"start_cube": _cube_to_dict(game.start_cube)}
    return {
        "format": "nardy-game",
        "version": GAME_RECORD_VERSION,
        "variant": game.variant.spec(),
        "options": game.options.to_dict(),
        "white_player": game.restart().white_player,
        "starter": None if game.starter is None else game.starter.letter,
        # A game resumed inside a turn starts from a turn ID; between turns it is
        # the position's ID, as in every older record.
        "start": None if game.start is None else turn_id(Turn(game.start, game.start_state)),
        **cube,
        "crawford": game.crawford,
        "actions": [a.to_dict(two) for a in game.history],
        "phase": game.phase.value,
        "position": game.position.id(),
        "dice": None if game.dice is None else list(game.dice.faces),
        **_segment_moves(game),
        **_turn(game),
        "cube": game.cube.to_dict(),
        "first": None if game.first is None else game.first.letter,
        "outcome": None if game.outcome is None else game.outcome.to_dict(),
    }


def _turn(game: Game) -> dict[str, Any]:
    """``{"turn": ...}`` when the game is inside a turn of more than its dice, else nothing.

    The turn's state (:meth:`TurnState.to_dict <nardy.model.turns.TurnState.to_dict>`)
    is written only when it says more than the dice on the table (a segment
    that is a whole roll): a record of a variant with one segment a roll is
    as it was.
    """
    dice = game.dice
    plain = BETWEEN_TURNS if dice is None else TurnState(pending=(dice,), roll=dice)
    return {} if game.turn_state == plain else {"turn": game.turn_state.to_dict()}


def _segment_moves(game: Game) -> dict[str, int]:
    """``{"moves": k}`` when the dice on the table are a double played as k moves (a segment), else nothing."""
    roll = game.dice
    if roll is None or not roll.is_double or roll.move_count == 4:
        return {}
    return {"moves": roll.move_count}


def _cube_to_dict(cube: CubeState) -> dict[str, Any]:
    return {"value": cube.value, "owner": None if cube.owner is None else cube.owner.letter}


def _start_cube(data: Mapping[str, Any]) -> CubeState | None:
    """The ``"start_cube"`` of a game record: ``{"value": 2, "owner": "w"}``, or ``None``."""
    raw = _field(data, "start_cube", (dict,), None)
    if raw is None:
        return None
    value = _field(raw, "value", (int,), 1)
    return CubeState(value=value, owner=_letter(raw.get("owner"), 'the start cube\'s "owner"'))


def game_to_json(game: Game, indent: int | None = None) -> str:
    """The record of ``game`` as a JSON string."""
    return _dumps(game_to_dict(game), indent)


def game_from_dict(cls: type[Game], data: Mapping[str, Any], *, rng: DiceSourceLike = None) -> Game:
    """Load a game record made by :func:`game_to_dict`, set up with ``cls.new``.

    Replays and re-validates every action; raises
    :class:`~nardy.errors.RecordError` naming the first action that does
    not replay (or the field that is malformed).
    """
    check_header(data, "game", GAME_RECORD_VERSION)
    try:
        if "variant" not in data:
            raise RecordError('the record has no "variant"')
        start = _field(data, "start", (str,), None)
        game = cls.new(
            _field(data, "variant", (str,), None),
            GameOptions.from_dict(_field(data, "options", (dict,), {})),
            rng=rng,
            white_player=_field(data, "white_player", (int,), 0),
            starter=_letter(data.get("starter"), 'the record\'s "starter"'),
            start=None if start is None else from_turn_id(start),
            start_cube=_start_cube(data),
            crawford=_field(data, "crawford", (bool,), False),
        )
    except NardyError as exc:
        raise RecordError(f"bad game record header: {exc}") from exc
    game = restated(replay(game, record_list(data, "game", "actions")), data)
    check_stored(game, data)
    return game


def game_from_json(cls: type[Game], text: str, *, rng: DiceSourceLike = None) -> Game:
    """Load a JSON game record (see :func:`game_from_dict`)."""
    return game_from_dict(cls, _loads(text, "game"), rng=rng)


def replay(game: Game, actions: Sequence[Mapping[str, Any]], *, offset: int = 0) -> Game:
    """Apply recorded actions (their JSON form) to ``game`` one by one.

    Raises :class:`~nardy.errors.RecordError` on the first bad one, with
    its ``index`` (counted from ``offset``).
    """
    if not isinstance(actions, (list, tuple)):
        raise RecordError(f"recorded actions are a list, got {shown(actions)}")
    for i, raw in enumerate(actions):
        try:
            action = parse_action(game, raw)
            game = game.apply(action)
        except (NardyError, KeyError, TypeError, ValueError) as exc:
            number = offset + i + 1
            turn = game.turn_number + 1
            raise RecordError(
                f"bad record at action {number} (turn {turn}, {_describe_raw(raw)}): {exc}",
                index=offset + i,
            ) from exc
    return game


def apply_action(game: Game, action: Action, wrong: Callable[[str, str], Exception]) -> Game:
    """``game`` after one history entry (:meth:`Game.apply <nardy.game.game.Game.apply>`).

    ``wrong(action, why)`` makes the game's error for an action its phase
    does not allow.
    """
    if not isinstance(action, Action) or not isinstance(action.kind, ActionKind):
        raise RecordError(f"not a game action: {shown(action)}")
    kind, side = action.kind, action.side
    if kind is ActionKind.OPENING:
        if game.phase is not Phase.OPENING:
            raise wrong("make the opening roll", "the opening is decided")
        dice = action.dice or ()
        two = game.options.opening.startswith("two_dice")
        fed: OpeningDice = (dice[:2], dice[2:]) if two else dice
        return game.roll(fed)
    if side is None:
        raise RecordError(f"a {kind.value} action needs the side that acts: {action}")
    side = as_side(side, f"the side of a {kind.value} action")
    if kind is ActionKind.ROLL:
        if game.phase is Phase.OPENING:
            raise wrong("roll", "the opening roll comes first")
        return game.roll(None if action.dice is None else tuple(action.dice), by=side)
    if kind is ActionKind.PLAY:
        if action.play is None:
            raise RecordError("a play action without a play")
        return game.play(action.play, by=side)
    if kind is ActionKind.NAME:
        if not action.dice:
            raise RecordError("a name action without the double named")
        return game.name_double(list(action.dice), by=side)
    if kind is ActionKind.RESIGN:
        return game.resign(action.level or ResultKind.SINGLE, by=side)
    method: Callable[..., Game] = {
        ActionKind.DOUBLE: game.double,
        ActionKind.TAKE: game.take,
        ActionKind.DROP: game.drop,
        ActionKind.BEAVER: game.beaver,
        ActionKind.RACCOON: game.raccoon,
        ActionKind.ACCEPT: game.accept,
        ActionKind.REJECT: game.reject,
    }[kind]
    return method(by=side)


def parse_action(game: Game, raw: Mapping[str, Any]) -> Action:
    """The history entry that ``raw`` (an action's JSON form) records, in ``game``'s state.

    A play is looked up among ``game``'s legal plays, so it must be legal
    there; the other actions are checked when ``game`` applies them.
    """
    if not isinstance(raw, Mapping):
        raise RecordError(f"an action is a JSON object, got {shown(raw)}")
    name = raw.get("action")
    kind = next((k for k in ActionKind if k.value == name), None)
    if kind is None:
        kinds = ", ".join(k.value for k in ActionKind)
        raise RecordError(f'an action\'s "action" is one of {kinds}; got {shown(name)}')
    side = _letter(raw.get("side"), 'an action\'s "side"')
    if kind is not ActionKind.OPENING and side is None:
        raise RecordError(f'action {kind.value!r} needs a "side"')
    dice: tuple[int, ...] | None = None
    if "dice" in raw and raw["dice"] is not None:
        value = raw["dice"]
        if not isinstance(value, list) or len(value) > 4:
            raise RecordError(f'an action\'s "dice" is a list of dice, got {shown(value)}')
        flat: list[Any] = []
        for item in value:
            if isinstance(item, list) and len(item) > 2:
                raise RecordError(f'an action\'s "dice" is a list of dice, got {shown(value)}')
            flat.extend(item if isinstance(item, list) else [item])
        dice = tuple(check_die(v) for v in flat)
    play = None
    if kind is ActionKind.PLAY:
        notation = raw.get("play")
        if not isinstance(notation, str):
            raise RecordError('a play action needs a "play" string')
        play = game.find_play(notation, by=side)
    level = None if raw.get("level") is None else result_kind(raw["level"], "a resignation level")
    return Action(kind, side, dice=dice, play=play, level=level)


def restated(game: Game, data: Mapping[str, Any]) -> Game:
    """``game``, scored for the points its record states when its outcome has ``rules_points``.

    A game read leniently from a real export may be worth what the export
    states rather than the rules' count
    (:meth:`Game.with_stated_points <nardy.Game.with_stated_points>`); its
    record's outcome says so, and the replayed game is scored the same.
    """
    stored = data.get("outcome")
    if not isinstance(stored, Mapping) or stored.get("rules_points") is None:
        return game
    points: Any = stored.get("points")  # checked by with_stated_points
    try:
        return game.with_stated_points(points)
    except NardyError as exc:
        raise RecordError(f"the record's stated points: {exc}") from exc


def check_stored(game: Game, data: Mapping[str, Any]) -> None:
    """Compare a game record's redundant state fields with ``game``, the replayed game."""
    mine = game_to_dict(game)
    stored = data.get("outcome")
    if isinstance(stored, Mapping) and "name" not in stored and isinstance(mine["outcome"], dict):
        # A record written before outcomes carried the variant's name of the result.
        mine["outcome"] = {k: v for k, v in mine["outcome"].items() if k != "name"}
    for key in _GAME_STATE:
        if key in data and data[key] != mine.get(key):
            raise RecordError(
                f"the record's {key} {shown(data[key])} does not match the replayed game's "
                f"{shown(mine.get(key))}"
            )


def _describe_raw(raw: object) -> str:
    """A recorded action in brief, for error messages: ``b play '24/12'``."""
    if not isinstance(raw, Mapping):
        return shown(raw, 60)
    parts = [_word(raw.get("side", "")), _word(raw.get("action", "?"))]
    if raw.get("dice") is not None:
        parts.append(shown(raw["dice"], 60))
    if raw.get("play") is not None:
        parts.append(shown(raw["play"], 60))
    if raw.get("level") is not None:
        parts.append(_word(raw["level"]))
    return " ".join(p for p in parts if p)


def _word(value: object) -> str:
    """A short string as it is (``b``, ``play``); anything else briefly repr'd."""
    if isinstance(value, str) and len(value) <= 20 and value.isprintable():
        return value
    return shown(value, 30)


# --- matches ----------------------------------------------------------------------


def match_to_dict(match: Match) -> dict[str, Any]:
    """The record of ``match`` as JSON-able data (see :meth:`Match.to_dict <nardy.game.match.Match.to_dict>`)."""
    played = [*match.games, *(() if match.game is None else (match.game,))]
    # Written only when they say something, so that older records stay as they were.
    extra: dict[str, Any] = {}
    if match.start_scores != (0, 0):
        extra["start_scores"] = list(match.start_scores)
        extra["post_crawford"] = match.crawford_game == 0
    if match.conceded_by is not None:
        extra["conceded_by"] = match.conceded_by
    return {
        "format": "nardy-match",
        "version": MATCH_RECORD_VERSION,
        # A rotation's name stands for its variants (Match.new reads it back).
        "variant": match.rotation or match.variant.spec(),
        "length": match.length,
        "crawford": match.crawford,
        "next_game": match.next_game,
        "options": match.options.to_dict(),
        **extra,
        "games": [game_to_dict(g) for g in played],
        "scores": list(match.scores),
        "crawford_game": match.crawford_game,
        "winner": match.winner,
    }


def _set_up(match: Match, record: Mapping[str, Any], number: int) -> Match:
    """``match`` with its game in progress set up as game ``number``'s record says."""
    try:
        start = Position.from_id(_field(record, "start", (str,), None))
        white = _field(record, "white_player", (int,), 0)
        return match.set_up(start, start_cube=_start_cube(record), white_player=white)
    except NardyError as exc:
        raise RecordError(f"game {number}: bad set-up: {exc}", index=number - 1) from exc


def _started(match: Match, record: Mapping[str, Any], number: int) -> Match:
    """``match`` with game ``number`` started by the record's starter, without the opening roll.

    The ``.mat`` and SGF readers start a game so when its record does not
    say how the opening was rolled (a double or a low-high first roll).
    """
    now = match.current()
    if now.starter is not None or now.history:
        return match  # the match's own start: checked against the record below
    try:
        white = _field(record, "white_player", (int,), 0)
        starter = Side.coerce(_field(record, "starter", (str,), None))
        game = type(now).new(  # (Game itself is imported only for typing: a cycle)
            now.variant, now.options, rng=match.rng, white_player=white, starter=starter,
            crawford=now.crawford,
        )  # fmt: skip
    except NardyError as exc:
        raise RecordError(f"game {number}: bad starter: {exc}", index=number - 1) from exc
    return attrs.evolve(match, game=game)


def _conceded(match: Match, data: Mapping[str, Any]) -> Match:
    """``match``, conceded when the record says so."""
    player = _field(data, "conceded_by", (int,), None)
    if player is None:
        return match
    try:
        return match.concede(player)
    except NardyError as exc:
        raise RecordError(f"bad concession: {exc}") from exc


def match_to_json(match: Match, indent: int | None = None) -> str:
    """The record of ``match`` as a JSON string."""
    return _dumps(match_to_dict(match), indent)


def match_from_dict(
    cls: type[Match], data: Mapping[str, Any], *, rng: DiceSourceLike = None
) -> Match:
    """Load a match record made by :func:`match_to_dict`, set up with ``cls.new``.

    Replays and re-validates every game; raises
    :class:`~nardy.errors.RecordError` naming the game and the first action
    that does not replay.
    """
    check_header(data, "match", MATCH_RECORD_VERSION)
    try:
        for key in ("variant", "length"):
            if key not in data:
                raise RecordError(f"the record has no {key!r}")
        match = cls.new(
            _field(data, "variant", (str,), None),
            _field(data, "length", (int,), None),
            GameOptions.from_dict(_field(data, "options", (dict,), {})),
            crawford=_field(data, "crawford", (bool,), True),
            next_game=_field(data, "next_game", (str,), "alternate"),
            rng=rng,
            score=tuple(_field(data, "start_scores", (list,), [0, 0])),
            post_crawford=_field(data, "post_crawford", (bool,), False),
        )
    except NardyError as exc:
        raise RecordError(f"bad match record header: {exc}") from exc
    games = record_list(data, "match", "games")
    for number, record in enumerate(games, start=1):
        if match.game is None:
            raise RecordError(f"game {number}: the match was already over", index=number - 1)
        if not isinstance(record, Mapping):
            raise RecordError(f"game {number}: a game record is a JSON object")
        if record.get("start") is not None:
            match = _set_up(match, record, number)
        elif record.get("starter") is not None:
            match = _started(match, record, number)
        assert match.game is not None  # set_up keeps a game in progress
        expected = game_to_dict(match.game)
        for key in _MATCH_GAME_SETUP:
            if record.get(key) != expected[key]:
                raise RecordError(
                    f"game {number}: {key} is {shown(record.get(key))}, but the match makes it "
                    f"{shown(expected[key])}",
                    index=number - 1,
                )
        actions = record.get("actions")
        if not isinstance(actions, list):
            raise RecordError(f'game {number}: a game record needs an "actions" list')
        try:
            game = restated(replay(match.game, actions), record)
            check_stored(game, record)
        except RecordError as exc:
            raise RecordError(f"game {number}: {exc}", index=exc.index) from exc
        if not game.is_over() and number != len(games):
            raise RecordError(
                f"game {number}: the record stops before the game ends, but another game follows"
            )
        match = match.advance(game)
    match = _conceded(match, data)
    mine = match_to_dict(match)
    for key in _MATCH_STATE:
        if key in data and data[key] != mine[key]:
            raise RecordError(
                f"the record's {key} {shown(data[key])} does not match the replayed match's "
                f"{shown(mine.get(key))}"
            )
    return match


def match_from_json(cls: type[Match], text: str, *, rng: DiceSourceLike = None) -> Match:
    """Load a JSON match record (see :func:`match_from_dict`)."""
    return match_from_dict(cls, _loads(text, "match"), rng=rng)
