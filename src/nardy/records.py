"""JSON records of games and matches: writing them, and loading them by replaying them.

A game record holds the game's setup, every action in order, and the state
reached; a match record holds the match's setup, the record of each of its
games, and the score. Loading a record replays every action through the
rules, so a record that loads is a legal game, and the stored state must
agree with the replayed one.

Use the methods :meth:`Game.to_json <nardy.game.Game.to_json>`,
:meth:`Game.from_json <nardy.game.Game.from_json>`,
:meth:`Match.to_json <nardy.match.Match.to_json>` and their kin; they call
the functions here. This module never imports :mod:`nardy.game` or
:mod:`nardy.match` (they import it): a loader is handed the class to build
(``game_from_dict(Game, data)`` calls ``Game.new``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nardy.actions import Action, ActionKind
from nardy.core import Side
from nardy.dice import DiceSourceLike, check_die
from nardy.errors import NardyError, RecordError
from nardy.options import GameOptions
from nardy.position import Position
from nardy.result import ResultKind

if TYPE_CHECKING:
    from nardy.game import Game
    from nardy.match import Match

__all__ = [
    "GAME_RECORD_VERSION",
    "MATCH_RECORD_VERSION",
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
    "replay",
]

#: The version of the game record format (``"format": "nardy-game"``).
GAME_RECORD_VERSION = 1
#: The version of the match record format (``"format": "nardy-match"``).
MATCH_RECORD_VERSION = 1

# The fields of a game record after "actions": redundant, recomputed on loading.
_GAME_STATE = ("phase", "position", "dice", "cube", "first", "outcome")
# The fields of a match record after "games", likewise.
_MATCH_STATE = ("scores", "crawford_game", "winner")
# The fields of a match's game record that the match itself decides.
_MATCH_GAME_SETUP = ("variant", "options", "white_player", "starter", "crawford")


def _dumps(data: dict[str, Any], indent: int | None) -> str:
    return json.dumps(data, indent=indent, ensure_ascii=False)


def _loads(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise RecordError(f"a {what} record must be JSON: {exc}") from exc


# --- games ------------------------------------------------------------------------


def game_to_dict(game: Game) -> dict[str, Any]:
    """The record of ``game`` as JSON-able data (see :meth:`Game.to_dict <nardy.game.Game.to_dict>`)."""
    two = game.options.opening.startswith("two_dice")
    return {
        "format": "nardy-game",
        "version": GAME_RECORD_VERSION,
        "variant": game.variant.spec(),
        "options": game.options.to_dict(),
        "white_player": game.restart().white_player,
        "starter": None if game.starter is None else game.starter.letter,
        "start": None if game.start is None else game.start.id(),
        "crawford": game.crawford,
        "actions": [a.to_dict(two) for a in game.history],
        "phase": game.phase.value,
        "position": game.position.id(),
        "dice": None if game.dice is None else [game.dice.high, game.dice.low],
        "cube": game.cube.to_dict(),
        "first": None if game.first is None else game.first.letter,
        "outcome": None if game.outcome is None else game.outcome.to_dict(),
    }


def game_to_json(game: Game, indent: int | None = None) -> str:
    """The record of ``game`` as a JSON string."""
    return _dumps(game_to_dict(game), indent)


def game_from_dict(cls: type[Game], data: Mapping[str, Any], *, rng: DiceSourceLike = None) -> Game:
    """Load a game record made by :func:`game_to_dict`, set up with ``cls.new``.

    Replays and re-validates every action; raises
    :class:`~nardy.errors.RecordError` naming the first action that does
    not replay (or the field that is malformed).
    """
    if not isinstance(data, Mapping) or data.get("format") != "nardy-game":
        raise RecordError('not a nardy game record (missing "format": "nardy-game")')
    if data.get("version") != GAME_RECORD_VERSION:
        raise RecordError(f"unsupported game record version {data.get('version')!r}")
    try:
        starter = data.get("starter")
        start = data.get("start")
        game = cls.new(
            data["variant"],
            GameOptions.from_dict(data.get("options", {})),
            rng=rng,
            white_player=data.get("white_player", 0),
            starter=None if starter is None else Side.from_letter(starter),
            start=None if start is None else Position.from_id(start),
            crawford=bool(data.get("crawford", False)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad game record header: {exc}") from exc
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError('a game record needs an "actions" list')
    game = replay(game, actions)
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


def parse_action(game: Game, raw: Mapping[str, Any]) -> Action:
    """The history entry that ``raw`` (an action's JSON form) records, in ``game``'s state.

    A play is looked up among ``game``'s legal plays, so it must be legal
    there; the other actions are checked when ``game`` applies them.
    """
    if not isinstance(raw, Mapping):
        raise RecordError(f"an action is a JSON object, got {raw!r}")
    kind = ActionKind(raw.get("action"))
    side_text = raw.get("side")
    side = None if side_text is None else Side.from_letter(side_text)
    if kind is not ActionKind.OPENING and side is None:
        raise RecordError(f'action {kind.value!r} needs a "side"')
    dice: tuple[int, ...] | None = None
    if "dice" in raw and raw["dice"] is not None:
        value = raw["dice"]
        flat: list[Any] = []
        for item in value:
            flat.extend(item if isinstance(item, list) else [item])
        dice = tuple(check_die(v) for v in flat)
    play = None
    if kind is ActionKind.PLAY:
        notation = raw.get("play")
        if not isinstance(notation, str):
            raise RecordError('a play action needs a "play" string')
        play = game.find_play(notation, by=side)
    level = None if raw.get("level") is None else ResultKind(raw["level"])
    return Action(kind, side, dice=dice, play=play, level=level)


def check_stored(game: Game, data: Mapping[str, Any]) -> None:
    """Compare a game record's redundant state fields with ``game``, the replayed game."""
    mine = game_to_dict(game)
    for key in _GAME_STATE:
        if key in data and data[key] != mine[key]:
            raise RecordError(
                f"the record's {key} {data[key]!r} does not match the replayed game's {mine[key]!r}"
            )


def _describe_raw(raw: object) -> str:
    """A recorded action in brief, for error messages: ``b play '24/12'``."""
    if not isinstance(raw, Mapping):
        return repr(raw)
    parts = [str(raw.get("side", "")), str(raw.get("action", "?"))]
    if raw.get("dice") is not None:
        parts.append(str(raw["dice"]))
    if raw.get("play") is not None:
        parts.append(repr(raw["play"]))
    if raw.get("level") is not None:
        parts.append(str(raw["level"]))
    return " ".join(p for p in parts if p)


# --- matches ----------------------------------------------------------------------


def match_to_dict(match: Match) -> dict[str, Any]:
    """The record of ``match`` as JSON-able data (see :meth:`Match.to_dict <nardy.match.Match.to_dict>`)."""
    played = [*match.games, *(() if match.game is None else (match.game,))]
    return {
        "format": "nardy-match",
        "version": MATCH_RECORD_VERSION,
        "variant": match.variant.spec(),
        "length": match.length,
        "crawford": match.crawford,
        "next_game": match.next_game,
        "options": match.options.to_dict(),
        "games": [game_to_dict(g) for g in played],
        "scores": list(match.scores),
        "crawford_game": match.crawford_game,
        "winner": match.winner,
    }


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
    if not isinstance(data, Mapping) or data.get("format") != "nardy-match":
        raise RecordError('not a nardy match record (missing "format": "nardy-match")')
    if data.get("version") != MATCH_RECORD_VERSION:
        raise RecordError(f"unsupported match record version {data.get('version')!r}")
    try:
        match = cls.new(
            data["variant"],
            data["length"],
            GameOptions.from_dict(data.get("options", {})),
            crawford=bool(data.get("crawford", True)),
            next_game=data.get("next_game", "alternate"),
            rng=rng,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad match record header: {exc}") from exc
    games = data.get("games")
    if not isinstance(games, list):
        raise RecordError('a match record needs a "games" list')
    for number, record in enumerate(games, start=1):
        if match.game is None:
            raise RecordError(f"game {number}: the match was already over", index=number - 1)
        if not isinstance(record, Mapping):
            raise RecordError(f"game {number}: a game record is a JSON object")
        expected = game_to_dict(match.game)
        for key in _MATCH_GAME_SETUP:
            if record.get(key) != expected[key]:
                raise RecordError(
                    f"game {number}: {key} is {record.get(key)!r}, but the match makes it "
                    f"{expected[key]!r}",
                    index=number - 1,
                )
        actions = record.get("actions")
        if not isinstance(actions, list):
            raise RecordError(f'game {number}: a game record needs an "actions" list')
        try:
            game = replay(match.game, actions)
            check_stored(game, record)
        except RecordError as exc:
            raise RecordError(f"game {number}: {exc}", index=exc.index) from exc
        if not game.is_over() and number != len(games):
            raise RecordError(
                f"game {number}: the record stops before the game ends, but another game follows"
            )
        match = match.advance(game)
    mine = match_to_dict(match)
    for key in _MATCH_STATE:
        if key in data and data[key] != mine[key]:
            raise RecordError(
                f"the record's {key} {data[key]!r} does not match the replayed match's "
                f"{mine[key]!r}"
            )
    return match


def match_from_json(cls: type[Match], text: str, *, rng: DiceSourceLike = None) -> Match:
    """Load a JSON match record (see :func:`match_from_dict`)."""
    return match_from_dict(cls, _loads(text, "match"), rng=rng)
