"""The FIBS ``board:`` line: the board state of the FIBS client protocol.

A line is ``board:`` followed by 52 fields separated by colons (53 tokens
with ``board``), all seen from one player, "you":

* your name, the opponent's name, the match length (9999: unlimited, read
  as money play), your score, the opponent's;
* 26 board numbers: 0 and 25 are the bars, 1-24 the points; positive
  numbers are O's checkers, negative X's;
* the turn (-1 X, 1 O, 0 the game is over); your dice and the opponent's
  (0 0 when not rolled); the cube value; may you double, may the opponent
  (1/0); was a double offered; your colour (-1 X, 1 O); your direction (-1:
  you move from 24 to 1, 1: from 1 to 24); home and bar (obsolete); the
  checkers each of you has borne off and has on the bar; how many checkers
  you can move; and three last tokens.

Where FIBS's own description and gnubg differ, nardy follows gnubg:

* the last two tokens ("did crawford" and "redoubles" in FIBS's list) are
  read as *post-Crawford* and *no Crawford rule*; a match game where a
  player is one point away and both are 0 is the Crawford game;
* "was doubled" is 1 when your opponent has doubled and -1 when you have;
* the cube belongs to the player who may double when only one may.

You are nardy's white unless ``player`` says otherwise. The line does not
carry a resignation or the money agreements (Jacoby, beavers); they read as
none.
"""

from __future__ import annotations

from collections.abc import Callable

from nardy.errors import InvalidIdError, NardyError, UnsupportedFormatError
from nardy.game.id_state import GameState, MatchState
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.registry import find_variant
from nardy.variants.base import Variant

__all__ = ["fibs_board", "read_fibs_board"]

_UNLIMITED = 9999
_TOKENS = 53


def fibs_board(
    position: Position,
    state: MatchState,
    names: tuple[str, str] = ("you", "opponent"),
    player: Side = Side.WHITE,
) -> str:
    """The FIBS ``board:`` line of ``position`` with ``state``, seen by ``player``.

    ``names`` are the player's and the opponent's. You are written as O
    moving from 24 to 1. Raises :class:`~nardy.errors.UnsupportedFormatError`
    for a variant outside the backgammon family or a state the line cannot
    hold (a pending resignation or beaver, a game before its opening roll),
    and :class:`~nardy.errors.InvalidIdError` for a name with a colon. A
    game that has not started but has its opening roll on the table is
    written as being played; one that has ended, as over (turn 0).
    """
    if not position.variant.gnubg_id_supported:
        raise UnsupportedFormatError(f"the FIBS board is not defined for {position.variant.name}")
    pending = state.resignation is not None and state.game_state is not GameState.RESIGNED
    if pending or (state.beavers and state.doubled):
        raise UnsupportedFormatError("a FIBS board line cannot hold a resignation or a beaver")
    if state.game_state is GameState.NONE and state.dice is None:
        raise UnsupportedFormatError("a FIBS board line has no game waiting for its opening roll")
    if position.turn != state.turn:
        raise InvalidIdError(
            f"the state has {state.turn} on roll, but the position has {position.turn} to move"
        )
    for name in names:
        if ":" in name or "\n" in name:
            raise InvalidIdError(f"a FIBS name has no ':' or line break, got {name!r}")
    me, them = Side.coerce(player), Side.coerce(player).opponent
    mine, theirs = position.checkers(me), position.checkers(them)
    board = [-position.bar(them)]
    for p in range(1, 25):
        board.append(mine[p - 1] or -theirs[24 - p])
    board.append(position.bar(me))
    # While a double waits for an answer, FIBS gives the turn to the one who answers.
    acting = state.to_act if state.doubled else state.turn
    over = state.game_state not in (GameState.PLAYING, GameState.NONE)
    turn = 0 if over else (1 if acting == me else -1)
    dice = state.dice or (0, 0)
    my_dice, their_dice = (dice, (0, 0)) if state.turn == me else ((0, 0), dice)
    owner = state.cube_owner
    doubled = 0 if not state.doubled else (1 if state.turn == them else -1)
    # An ended game that won the match may have been the Crawford game: the
    # post-Crawford token says which, as it does for a player one point away.
    won = over and bool(state.length) and max(state.score) >= state.length
    one_away = won or (bool(state.length) and state.length - 1 in state.score)
    tokens: list[object] = [
        "board",
        names[0],
        names[1],
        state.length or _UNLIMITED,
        state.score[me],
        state.score[them],
        *board,
        turn,
        *my_dice,
        *their_dice,
        state.cube,
        int(owner is None or owner == me),
        int(owner is None or owner == them),
        doubled,
        1,  # you are O
        -1,  # moving from 24 to 1
        0,
        25,
        position.off(me),
        position.off(them),
        position.bar(me),
        position.bar(them),
        _can_move(position, state, me),
        0,
        int(one_away and not state.crawford),
        0,
    ]
    return ":".join(str(t) for t in tokens)


def _can_move(position: Position, state: MatchState, me: Side) -> int:
    """How many checkers you can move with the dice on the table (0 unless you have rolled)."""
    if state.dice is None or state.turn != me or position.is_over():
        return 0
    legal = position.legal_plays(state.dice)
    return max(len(play.steps) for play in legal)


def read_fibs_board(
    text: str, variant: Variant | str = "backgammon", player: Side = Side.WHITE
) -> tuple[Position, MatchState, tuple[str, str]]:
    """Read a FIBS ``board:`` line: the position, the state and the names (yours, the opponent's).

    Raises :class:`~nardy.errors.InvalidIdError` naming the bad token.
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"a FIBS board line is a string, got {text!r}")
    shown = text if len(text) <= 80 else text[:77] + "..."

    def bad(why: str) -> InvalidIdError:
        return InvalidIdError(f"FIBS board {shown!r}: {why}")

    tokens = [t.strip() for t in text.strip().split(":")]
    if tokens[0].lower() != "board":
        raise bad("a FIBS board line starts with 'board:'")
    if len(tokens) != _TOKENS:
        raise bad(f"a FIBS board line has {_TOKENS} tokens, got {len(tokens)}")
    rules = find_variant(variant) if isinstance(variant, str) else variant
    if not rules.gnubg_id_supported:
        raise UnsupportedFormatError(f"the FIBS board is not defined for {rules.name}")
    n = [_number(t, i, bad) for i, t in enumerate(tokens[3:], start=3)]
    values = dict(zip(range(3, _TOKENS), n))
    me = Side.coerce(player)
    position, turn = _position(values, rules, me, bad)
    state = _state(values, position, turn, me, bad)
    return position, state, (tokens[1], tokens[2])


def _number(text: str, index: int, bad: Callable[[str], InvalidIdError]) -> int:
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise bad(f"token {index} is not an integer: {text[:20]!r}")
    return int(text)


def _position(
    v: dict[int, int], rules: Variant, me: Side, bad: Callable[[str], InvalidIdError]
) -> tuple[Position, Side]:
    colour, direction = v[41], v[42]
    if colour not in (-1, 1) or direction not in (-1, 1):
        raise bad(f"colour and direction are -1 or 1, got {colour} and {direction}")
    board = [v[6 + i] for i in range(26)]
    mine: dict[int, int] = {}
    theirs: dict[int, int] = {}
    for p in range(1, 25):
        x = board[p] if direction == -1 else board[25 - p]
        if x * colour > 0:
            mine[p] = abs(x)
        elif x:
            theirs[25 - p] = abs(x)
    my_bar, their_bar = (board[25], board[0]) if direction == -1 else (board[0], board[25])
    bars = (abs(my_bar), abs(their_bar))
    if bars != (v[47], v[48]):
        raise bad(f"the bars hold {bars[0]} and {bars[1]}, the bar tokens say {v[47]} and {v[48]}")
    them = me.opponent
    turn_token, doubled = v[32], v[40]
    if turn_token not in (-1, 0, 1) or doubled not in (-1, 0, 1):
        raise bad(f"the turn and 'was doubled' are -1, 0 or 1, got {turn_token} and {doubled}")
    if doubled:
        turn = them if doubled == 1 else me  # the doubler is on roll
    elif turn_token:
        turn = me if turn_token == colour else them
    elif not any(mine.values()) and not bars[0]:  # the game is over, and you have borne off:
        turn = them  # the loser is on roll, as gnubg and nardy keep an ended game
    elif not any(theirs.values()) and not bars[1]:
        turn = me
    else:  # the game is over: the side whose dice are on the table moved last
        turn = them if any((v[35], v[36])) and not any((v[33], v[34])) else me
    white, black = (mine, theirs) if me is Side.WHITE else (theirs, mine)
    bar_by_side = bars if me is Side.WHITE else (bars[1], bars[0])
    try:
        position = rules.from_counts(white, black, bar=bar_by_side, turn=turn)
    except NardyError as exc:
        raise type(exc)(f"{exc} (from a FIBS board line)") from exc
    offs = (position.off(me), position.off(them))
    if offs != (v[45], v[46]):
        raise bad(f"{offs[0]} and {offs[1]} checkers are off, the tokens say {v[45]} and {v[46]}")
    return position, turn


def _state(
    v: dict[int, int],
    position: Position,
    turn: Side,
    me: Side,
    bad: Callable[[str], InvalidIdError],
) -> MatchState:
    length = 0 if v[3] == _UNLIMITED else v[3]
    score = [0, 0]
    score[me], score[me.opponent] = v[4], v[5]
    my_dice, their_dice = (v[33], v[34]), (v[35], v[36])
    if not all(0 <= d <= 6 for d in (*my_dice, *their_dice)):
        raise bad(f"dice are 0 to 6, got {my_dice} and {their_dice}")
    dice = my_dice if any(my_dice) else their_dice
    if 0 in dice and dice != (0, 0):
        raise bad(f"half a roll: {dice[0]} and {dice[1]}")
    can_me, can_them = v[38], v[39]
    owner = None
    if can_me != can_them:
        owner = me if can_me else me.opponent
    won = v[32] == 0 and bool(length) and max(score) >= length  # see fibs_board
    one_away = won or (bool(length) and length - 1 in score)
    try:
        return MatchState(
            length=length,
            score=(score[0], score[1]),
            crawford=one_away and not v[51] and not v[52],
            cube=v[37],
            cube_owner=owner,
            turn=turn,
            dice=None if dice == (0, 0) else dice,
            doubled=bool(v[40]),
            game_state=GameState.OVER if v[32] == 0 else GameState.PLAYING,
            max_cube=max(64, v[37]),
        )
    except NardyError as exc:
        raise bad(str(exc)) from None
