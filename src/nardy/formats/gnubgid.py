"""gnubg's Match ID, and the gnubg ID: ``PositionID:MatchID``.

The Match ID is 66 bits (72 with padding) packed least significant bit
first into nine bytes and written as 12 characters of base64:

======  ============================================================
bits    field
======  ============================================================
0-3     the cube value's base-2 logarithm
4-5     the cube owner: 0 player 0, 1 player 1, 3 centred
6       the player on roll (or who rolled, or who doubled)
7       the Crawford game
8-10    the game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
11      the player who must act (answer a double or a resignation)
12      a double is offered
13-14   a resignation: 0 none, 1 single, 2 gammon, 3 backgammon
15-20   the dice, three bits each (0 0: not rolled)
21-35   the match length (0: money)
36-50   player 0's score
51-65   player 1's score
66      set when the Jacoby rule is *not* in force
======  ============================================================

gnubg's player 0 is nardy's white and player 1 black (player 0 is the first
player of a ``.mat`` file). The Position ID is always written from the side
on roll (:meth:`Position.gnubg_id <nardy.Position.gnubg_id>`), also while its
opponent must answer a double. gnubg writes bit 66 set in match play; a
reader ignores it there. Dice are read in either order.

What gnubg writes around a game's ends, and nardy reads and writes the same:

* the first position of every game of an analysis export has the game
  state 0 (not started) with the opening roll in the dice and its winner on
  roll: :class:`~nardy.game.id_state.MatchState` keeps it as
  :attr:`GameState.NONE <nardy.game.id_state.GameState.NONE>` with dice;
* once a game has ended (states 2, 3 and 4) the scores count its points, so
  the winner's may reach the match length;
* in a game ended by a pass (state 4) bit 6 names the doubler and bit 11
  the player who passed: the doubler's opponent, or the doubler himself
  when he passed a beaver (``MatchState.beavers`` 1). A passed raccoon is
  written as a passed double (gnubg does not tell them apart).

In a game ended by an accepted resignation (state 3) bit 11 names the player
who accepted, as gnubg leaves it after ``resign`` and ``accept``; nardy reads
the other player as the one who resigned. (gnubg's ``import mat`` leaves the
player who resigned there instead: such an ID still reads and writes back
unchanged, but names the winner as the one who resigned.)
"""

from __future__ import annotations

import base64
import binascii

from nardy.errors import InvalidIdError, NardyError, UnsupportedFormatError
from nardy.game.actions import Resignation
from nardy.game.id_state import GameState, MatchState
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.registry import find_variant
from nardy.model.result import ResultKind
from nardy.variants.base import Variant

__all__ = ["gnubg_id", "match_id", "read_gnubg_id", "read_match_id"]

_STATES = (
    GameState.NONE,
    GameState.PLAYING,
    GameState.OVER,
    GameState.RESIGNED,
    GameState.DROPPED,
)
_LEVELS = (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON)
# (name, first bit, width) of every field, in order.
_FIELDS = (
    ("cube", 0, 4),
    ("owner", 4, 2),
    ("move", 6, 1),
    ("crawford", 7, 1),
    ("state", 8, 3),
    ("turn", 11, 1),
    ("doubled", 12, 1),
    ("resigned", 13, 2),
    ("die0", 15, 3),
    ("die1", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("no_jacoby", 66, 1),
)
_LIMIT = (1 << 15) - 1  # match length and scores have 15 bits


def cube_power(value: int, what: str) -> int:
    """The base-2 logarithm of a cube value; :class:`~nardy.errors.UnsupportedFormatError` if it is none."""
    if value < 1 or value & (value - 1):
        raise UnsupportedFormatError(
            f"{what} records only powers of two as cube values, not {value}"
        )
    return value.bit_length() - 1


def match_id(state: MatchState) -> str:
    """The 12-character gnubg Match ID of ``state``.

    Raises :class:`~nardy.errors.UnsupportedFormatError` for what the Match
    ID cannot hold: a cube that is not a power of two up to 32768, a
    pending beaver, a length or score over 32767, a resignation at another
    level than single, gammon or backgammon.
    """
    if state.beavers and state.doubled:
        raise UnsupportedFormatError("the gnubg Match ID cannot record a beavered double")
    power = cube_power(state.cube, "the gnubg Match ID")
    if power > 15:
        raise UnsupportedFormatError(
            f"the gnubg Match ID holds cubes up to 32768, not {state.cube}"
        )
    if max(state.length, *state.score) > _LIMIT:
        raise UnsupportedFormatError(f"the gnubg Match ID holds lengths and scores up to {_LIMIT}")
    level = 0
    if state.resignation is not None:
        if state.resignation.level not in _LEVELS:
            raise UnsupportedFormatError(
                f"the gnubg Match ID cannot record a {state.resignation.level.value} resignation"
            )
        level = _LEVELS.index(state.resignation.level) + 1
    dice = state.dice or (0, 0)
    values = {
        "cube": power,
        "owner": 3 if state.cube_owner is None else int(state.cube_owner),
        "move": int(state.turn),
        "crawford": int(state.crawford),
        "state": _STATES.index(state.game_state),
        "turn": int(_decider(state)),
        "doubled": int(state.doubled),
        "resigned": level,
        "die0": dice[0],
        "die1": dice[1],
        "length": state.length,
        "score0": state.score[Side.WHITE],
        "score1": state.score[Side.BLACK],
        "no_jacoby": int(not (state.money and state.jacoby)),
    }
    key = 0
    for name, first, _ in _FIELDS:
        key |= values[name] << first
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def _decider(state: MatchState) -> Side:
    """The player who must act, as gnubg records it: who answers what is pending, else the side on roll.

    In a game ended by a pass gnubg keeps the player who passed.
    """
    if state.resignation is not None:
        return state.resignation.side.opponent
    if state.game_state is GameState.DROPPED:
        return state.turn if state.beavers == 1 else state.turn.opponent
    return state.to_act


def read_match_id(text: str) -> MatchState:
    """Read a gnubg Match ID (12 characters of base64).

    Raises :class:`~nardy.errors.InvalidIdError` naming the ID and the bad
    field.
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"a gnubg Match ID is a string, got {text!r}")
    shown = text if len(text) <= 40 else text[:37] + "..."
    mid = text.strip()
    if len(mid) != 12:
        raise InvalidIdError(f"a gnubg Match ID has 12 characters, got {shown!r}")
    try:
        data = base64.b64decode(mid, validate=True)
    except (binascii.Error, ValueError):
        raise InvalidIdError(f"not base64: gnubg Match ID {shown!r}") from None
    key = int.from_bytes(data, "little")
    if key >> 67:
        raise InvalidIdError(f"gnubg Match ID {shown!r} sets bits past bit 66")
    f = {name: key >> first & ((1 << width) - 1) for name, first, width in _FIELDS}

    def bad(why: str) -> InvalidIdError:
        return InvalidIdError(f"gnubg Match ID {shown!r}: {why}")

    if f["owner"] == 2:
        raise bad("cube owner 2 (the owner is 0, 1 or 3 for centred)")
    if f["state"] >= len(_STATES):
        raise bad(f"game state {f['state']} (0-4)")
    dice = (f["die0"], f["die1"])
    if (0 in dice and dice != (0, 0)) or max(dice) > 6:
        raise bad(f"dice {dice[0]}{dice[1]}")
    game_state = _STATES[f["state"]]
    move = Side(f["move"])
    decider = Side(f["turn"])
    # In a game ended by a pass the player to act is the one who passed: the
    # doubler himself (on move) only when he passed a beaver.
    passed_beaver = game_state is GameState.DROPPED and decider == move
    resignation = None
    if f["resigned"]:
        # The player who must act answers the resignation; the other offered it.
        resignation = Resignation(decider.opponent, _LEVELS[f["resigned"] - 1])
    cube = 1 << f["cube"]
    try:
        return MatchState(
            length=f["length"],
            score=(f["score0"], f["score1"]),
            crawford=bool(f["crawford"]),
            cube=cube,
            cube_owner=None if f["owner"] == 3 else Side(f["owner"]),
            turn=move,
            dice=None if dice == (0, 0) else dice,
            doubled=bool(f["doubled"]),
            beavers=int(passed_beaver),
            resignation=resignation,
            game_state=game_state,
            jacoby=f["length"] == 0 and not f["no_jacoby"],
            max_cube=max(64, cube),
        )
    except NardyError as exc:
        raise bad(str(exc)) from None


def gnubg_id(position: Position, state: MatchState) -> str:
    """The gnubg ID ``PositionID:MatchID`` of ``position`` with ``state``.

    The position must have ``state.turn`` to move (gnubg writes the board
    from the side on roll). Raises
    :class:`~nardy.errors.UnsupportedFormatError` for a variant without a
    gnubg Position ID or a state the Match ID cannot hold, and
    :class:`~nardy.errors.InvalidIdError` when the turns disagree.
    """
    if position.turn != state.turn:
        raise InvalidIdError(
            f"the gnubg ID writes the board of the side on roll: the state has {state.turn} "
            f"on roll, the position {position.turn} to move"
        )
    return f"{position.gnubg_id()}:{match_id(state)}"


def read_gnubg_id(text: str, variant: Variant | str = "backgammon") -> tuple[Position, MatchState]:
    """Read a gnubg ID (``PositionID:MatchID``, or a Position ID alone) for ``variant``.

    A Position ID alone gives a money state with white on roll. The
    position is validated for the variant. Raises
    :class:`~nardy.errors.InvalidIdError` (or the position's own error).
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"a gnubg ID is a string, got {text!r}")
    rules = find_variant(variant) if isinstance(variant, str) else variant
    body = text.strip()
    if body.lower().startswith("gnubgid "):
        body = body[8:].strip()
    pid, sep, mid = body.partition(":")
    state = read_match_id(mid) if sep else MatchState()
    position = Position.from_gnubg_id(rules, pid.strip(), turn=state.turn)
    return position, state
