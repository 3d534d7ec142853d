"""XG's position IDs: ``XGID=board:cube:owner:turn:dice:score:score:flags:length:maxcube``.

The ten fields, as gnubg reads them (sources disagree on two points; nardy
follows gnubg):

1. the board, 26 characters in the **bottom player's numbering**, whoever
   is on roll: character 0 is the top player's bar, 1-24 the bottom
   player's points 1-24, 25 the bottom player's bar; ``-`` is empty, ``A``
   to ``O`` are 1-15 of the bottom player's checkers, ``a`` to ``o`` the
   top player's;
2. the cube value's base-2 logarithm;
3. the cube's position: 1 the bottom player owns it, -1 the top player, 0
   centred;
4. the player on roll: 1 bottom, -1 top. With a double pending this is the
   **doubler** (not the player who must answer);
5. the dice: two digits, ``00`` before rolling, ``D`` a double offered,
   ``B`` the double beavered (the doubler answers), ``R`` the beaver
   raccooned (the beaverer answers);
6. the bottom player's score;
7. the top player's score;
8. in match play 1 for the Crawford game; in money play the Jacoby rule
   (1) plus beavers allowed (2);
9. the match length (0: money);
10. the highest cube's base-2 logarithm.

nardy's white is gnubg's player 0, which gnubg reads as XG's **bottom**
player; black is the top player. A state XGID cannot hold (a pending resignation, a game that
is over, or waits for its opening roll) raises
:class:`~nardy.errors.UnsupportedFormatError`. A game not started with its
opening roll on the table (gnubg's analysis exports write one) is written as
the position with those dice to play, as being played.
"""

from __future__ import annotations

import string
from collections.abc import Callable

from nardy.errors import InvalidIdError, NardyError, UnsupportedFormatError
from nardy.formats.gnubgid import cube_power
from nardy.game.id_state import GameState, MatchState
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.registry import find_variant
from nardy.variants.base import Variant

__all__ = ["read_xgid", "xgid"]

_Bad = Callable[[str], InvalidIdError]
_UPPER = "-" + string.ascii_uppercase[:15]
_LOWER = "-" + string.ascii_lowercase[:15]
# XG's sides as gnubg reads them: the bottom player is player 0 (white).
_BOTTOM, _TOP = Side.WHITE, Side.BLACK
_SIGN = {_BOTTOM: 1, _TOP: -1}


def xgid(position: Position, state: MatchState) -> str:
    """The ``XGID=...`` of ``position`` with ``state`` (``state.turn`` must be the side on roll)."""
    if not position.variant.gnubg_id_supported:
        raise UnsupportedFormatError(f"XGID is not defined for {position.variant.name}")
    if position.turn != state.turn:
        raise InvalidIdError(
            f"the state has {state.turn} on roll, but the position has {position.turn} to move"
        )
    # The opening roll made: XGID has the position and the dice to play.
    opening = state.game_state is GameState.NONE and state.dice is not None
    if not (state.game_state is GameState.PLAYING or opening) or state.resignation is not None:
        raise UnsupportedFormatError(
            "XGID records a game being played, with no resignation pending"
        )
    board = [""] * 26
    bottom, top = position.checkers(_BOTTOM), position.checkers(_TOP)
    for p in range(1, 25):
        mine, theirs = bottom[p - 1], top[24 - p]
        board[p] = _UPPER[mine] if mine else _LOWER[theirs]
    board[0] = _LOWER[position.bar(_TOP)]
    board[25] = _UPPER[position.bar(_BOTTOM)]
    owner = 0 if state.cube_owner is None else _SIGN[state.cube_owner]
    if state.doubled:
        dice = "DBR"[state.beavers]
    else:
        dice = "00" if state.dice is None else f"{state.dice[0]}{state.dice[1]}"
    # The eighth field is Crawford in a match, Jacoby + 2 * beavers in money play.
    flags = int(state.jacoby) + 2 * int(state.beaver) if state.money else int(state.crawford)
    fields = [
        "".join(board),
        cube_power(state.cube, "XGID"),
        owner,
        _SIGN[state.turn],
        dice,
        state.score[_BOTTOM],
        state.score[_TOP],
        flags,
        state.length,
        cube_power(state.max_cube, "XGID (max cube)"),
    ]
    return "XGID=" + ":".join(str(f) for f in fields)


def read_xgid(text: str, variant: Variant | str = "backgammon") -> tuple[Position, MatchState]:
    """Read an XGID (with or without ``XGID=``) for ``variant``.

    Raises :class:`~nardy.errors.InvalidIdError` naming the ID and the bad
    field (or the position's own error when the checkers do not add up).
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"an XGID is a string, got {text!r}")
    shown = text if len(text) <= 80 else text[:77] + "..."
    body = text.strip()
    if body[:5].upper() == "XGID=":
        body = body[5:]
    fields = body.split(":")

    def bad(why: str) -> InvalidIdError:
        return InvalidIdError(f"XGID {shown!r}: {why}")

    if len(fields) not in (9, 10):
        raise bad(f"an XGID has 10 fields separated by ':', got {len(fields)}")
    rules = find_variant(variant) if isinstance(variant, str) else variant
    if not rules.gnubg_id_supported:
        raise UnsupportedFormatError(f"XGID is not defined for {rules.name}")
    numbers = [_int(f, name, bad) for f, name in zip(fields[1:4], ("cube", "owner", "turn"))]
    power, owner, turn_sign = numbers
    rest = [_int(f, name, bad) for f, name in zip(fields[5:], _TAIL)]
    bottom_score, top_score, flags, length = rest[:4]
    max_power = rest[4] if len(rest) > 4 else 15
    if not 0 <= power <= 15 or not 0 <= max_power <= 15:
        raise bad("cube values are given as powers of two, 0 to 15")
    if owner not in (-1, 0, 1) or turn_sign not in (-1, 1):
        raise bad("the cube's position is -1, 0 or 1 and the turn -1 or 1")
    turn = _BOTTOM if turn_sign == 1 else _TOP
    doubled, beavers, dice = _read_dice(fields[4], bad)
    if length and flags not in (0, 1):
        raise bad(f"the Crawford field of a match is 0 or 1, got {flags}")
    if not length and not 0 <= flags <= 3:
        raise bad(f"the Jacoby/beaver field of money play is 0 to 3, got {flags}")
    try:
        state = MatchState(
            length=length,
            score=_by_side(bottom_score, top_score),
            crawford=bool(length and flags),
            cube=1 << power,
            cube_owner=None if owner == 0 else (_BOTTOM if owner == 1 else _TOP),
            turn=turn,
            dice=dice,
            doubled=doubled,
            beavers=beavers,
            jacoby=not length and bool(flags & 1),
            beaver=not length and bool(flags & 2),
            max_cube=1 << max_power,
        )
    except NardyError as exc:
        raise bad(str(exc)) from None
    return _read_board(fields[0], rules, turn, bad), state


_TAIL = ("bottom score", "top score", "Crawford/Jacoby flags", "match length", "max cube")


def _int(text: str, name: str, bad: _Bad) -> int:
    t = text.strip()
    digits = t[1:] if t.startswith("-") else t
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise bad(f"bad {name} field {text[:20]!r}")
    return int(t)


def _by_side(bottom: int, top: int) -> tuple[int, int]:
    out = [0, 0]
    out[_BOTTOM] = bottom
    out[_TOP] = top
    return (out[0], out[1])


def _read_dice(text: str, bad: _Bad) -> tuple[bool, int, tuple[int, int] | None]:
    """(doubled, beavers, dice) of the dice field."""
    t = text.strip().upper()
    if t in ("D", "B", "R"):
        return True, "DBR".index(t), None
    if len(t) == 2 and all(c in "0123456" for c in t):
        a, b = int(t[0]), int(t[1])
        if a == b == 0:
            return False, 0, None
        if a and b:
            return False, 0, (a, b)
    raise bad(f"bad dice field {text[:20]!r}: two digits 1-6, 00, D, B or R")


def _read_board(text: str, variant: Variant, turn: Side, bad: _Bad) -> Position:
    if len(text) != 26:
        raise bad(f"the board field has 26 characters, got {len(text)}")
    bottom: dict[int, int] = {}
    top: dict[int, int] = {}
    bars = [0, 0]
    for i, c in enumerate(text):
        if c == "-":
            continue
        if c in _UPPER and i != 0:
            n, owner = _UPPER.index(c), _BOTTOM
        elif c in _LOWER and i != 25:
            n, owner = _LOWER.index(c), _TOP
        else:
            raise bad(f"bad character {c!r} at {i} of the board field")
        if i in (0, 25):
            bars[owner] = n
        elif owner is _BOTTOM:
            bottom[i] = n
        else:
            top[25 - i] = n
    white, black = (top, bottom) if _TOP is Side.WHITE else (bottom, top)
    try:
        return variant.from_counts(white, black, bar=(bars[0], bars[1]), turn=turn)
    except NardyError as exc:
        raise type(exc)(f"{exc} (from {text!r})") from exc
