"""The engines' boards and notations, to and from nardy's: the one place they are converted.

* gnubg (gnubg-nn and the program): two lists of 25 counts, ``[opponent,
  side on roll]``, each in its own numbering (index 0 its 1-point, 24 its
  bar); a play is ``(from, to)`` pairs in the mover's numbering, 25 the bar
  and 0 (or less) off.
* bgsage: 26 signed counts from the side on roll: 1..24 its points
  (negative: the opponent's checkers), 25 its bar, 0 the opponent's bar.

An engine's play is found among the position's legal plays by its
resulting state or its notation (:func:`index_of_state`,
:func:`index_of_moves`); one that is not there raises
:class:`~nardy.errors.EnginePlayError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import cast

from nardy.analysis.native_cube import native_function
from nardy.engine.state import pack
from nardy.errors import EnginePlayError, IllegalPlayError, InvalidNotationError
from nardy.model.legal import LegalPlays
from nardy.model.position import Position

__all__ = [
    "gnubg_board",
    "gnubg_packed_board",
    "gnubg_packed_boards",
    "index_of_moves",
    "index_of_state",
    "moves_notation",
    "sage_board",
    "sage_packed_board",
    "sage_state",
]


# A packed point holds count + 128 in the mover's frame (the mover's
# checkers above 128, the opponent's below): one bytes.translate a side
# reads its counts, a pass in C (a review converts 120,000 positions a match).
_MOVER_COUNTS = bytes(max(b - 128, 0) for b in range(256))
_OPPONENT_COUNTS = bytes(max(128 - b, 0) for b in range(256))


def gnubg_board(position: Position) -> list[list[int]]:
    """The gnubg board of a backgammon position: ``[opponent, side on roll]``, 25 counts each.

    Each side in its own numbering (index 0 its 1-point, 24 its bar): the
    opponent's point ``q`` is the mover's ``25 - q``, so his counts are the
    mover's frame reversed.
    """
    packed = position.packed
    points = packed[1:25]
    opponent = list(points.translate(_OPPONENT_COUNTS)[::-1])
    opponent.append(packed[26] - 128)
    mover = list(points.translate(_MOVER_COUNTS))
    mover.append(packed[25] - 128)
    return [opponent, mover]


def gnubg_packed_board(packed: bytes) -> list[bytes]:
    """:func:`gnubg_board` of a backgammon packed state (:attr:`Position.packed <nardy.Position.packed>`).

    The same counts as bytes (gnubg-nn reads any sequence of ints), made
    with three passes in C and no Position: what the match review sends
    gnubg-nn 120,000 times a match.
    """
    return gnubg_packed_boards([packed])[0]


def gnubg_packed_boards(states: Iterable[bytes]) -> list[list[bytes]]:
    """:func:`gnubg_packed_board` of each packed state (one loop, no call a state)."""
    if _NATIVE_BOARDS is not None:
        return _NATIVE_BOARDS(states if isinstance(states, list) else list(states))
    opponent, mover, count = _OPPONENT_COUNTS, _MOVER_COUNTS, _COUNT
    # (Points 24..1 of the mover's frame are the opponent's 1..24; then his bar.)
    return [
        [p[24:0:-1].translate(opponent) + count[p[26]], p[1:26].translate(mover)] for p in states
    ]


# The native core's gnubg_boards (the same boards, no Python step a state), if built.
_NATIVE_BOARDS = cast(
    "Callable[[list[bytes]], list[list[bytes]]] | None", native_function("gnubg_boards")
)

# One count as bytes for each packed byte (count + 128): the opponent's bar.
_COUNT = tuple(bytes((max(b - 128, 0),)) for b in range(256))


def sage_board(position: Position) -> list[int]:
    """The bgsage board of a backgammon position (26 signed counts, the side on roll's view)."""
    s = position.raw
    return [s[26], *s[1:25], s[25]]


def sage_packed_board(packed: bytes) -> list[int]:
    """:func:`sage_board` of a backgammon packed state (:attr:`Position.packed <nardy.Position.packed>`), no Position built."""
    return [packed[26] - 128, *[b - 128 for b in packed[1:26]]]


def sage_state(board: Sequence[int], checkers: int) -> tuple[int, ...]:
    """The nardy state (mover's frame, turn not passed) of a bgsage board after a play."""
    mine = sum(x for x in board[1:25] if x > 0) + board[25]
    theirs = -sum(x for x in board[1:25] if x < 0) + abs(board[0])
    return (checkers - mine, *board[1:25], board[25], abs(board[0]), checkers - theirs)


def index_of_state(plays: LegalPlays, state: tuple[int, ...], engine: str) -> int:
    """The index of the legal play that leads to ``state``; :class:`~nardy.errors.EnginePlayError` if none."""
    key = pack(state)
    for i, result in enumerate(plays.raw_results()):
        if result == key:
            return i
    raise EnginePlayError(
        f"the {engine} engine answered a play to {state}, which is not one of the "
        f"{len(plays)} legal plays of {plays.roll} in {plays.position.id()}"
    )


def moves_notation(moves: Sequence[int]) -> str:
    """A gnubg flat ``(from, to, from, to, ...)`` move in standard notation (25 the bar, <= 0 off)."""

    def point(p: int) -> str:
        return "bar" if p >= 25 else "off" if p <= 0 else str(p)

    pairs = [(moves[i], moves[i + 1]) for i in range(0, len(moves) - 1, 2) if moves[i] >= 0]
    return " ".join(f"{point(a)}/{point(b)}" for a, b in pairs)


def index_of_moves(plays: LegalPlays, moves: Sequence[int], engine: str) -> int:
    """The index of the legal play gnubg's flat move names; :class:`~nardy.errors.EnginePlayError` if none."""
    text = moves_notation(moves)
    if not text and plays.is_pass:
        return 0
    try:
        return plays.find_index(text)
    except (IllegalPlayError, InvalidNotationError) as exc:
        raise EnginePlayError(f"the {engine} engine answered {text!r}: {exc}") from None
