"""The peer engines the benchmarks compare nardy with, where they are installed.

* gnubg-nn (``gnubg_nn``): GNU Backgammon's move generator in C. Its board is
  two lists of 25 counts, each side in its own numbering with the bar at
  index 24, the side on roll second; ``moves(board, d1, d2)`` returns one
  key (a string) per distinct resulting position.
* bgsage (``bgsage``): a backgammon engine in C++. Its board is 26 signed
  counts from the side on roll: index 1..24 its points (negative: the
  opponent's), 25 its bar, 0 the opponent's bar (a positive count);
  ``possible_moves(board, d1, d2)`` returns the resulting boards.

Each adapter turns a nardy position into the peer's input (before any clock
starts) and the peer's answers into nardy states, so that the benchmarks can
check that everyone computed the same sets before timing anyone.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from nardy import Position, Roll

GnubgBoard = list[list[int]]
State = tuple[int, ...]


def load(name: str) -> ModuleType | None:
    """The peer's module, or ``None`` when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def gnubg_board(position: Position) -> GnubgBoard:
    """gnubg-nn's board of a backgammon-family position: ``[opponent, mover]``."""
    s = position.raw
    mover = [max(x, 0) for x in s[1:25]] + [s[25]]
    opponent = [0] * 25
    for p in range(1, 25):
        if s[p] < 0:
            opponent[24 - p] = -s[p]
    opponent[24] = s[26]
    return [opponent, mover]


def gnubg_states(gnubg: ModuleType, position: Position, roll: Roll) -> set[State]:
    """gnubg-nn's resulting positions as nardy states (mover's frame, turn not passed)."""
    n = position.variant.checkers
    out = set()
    for key in gnubg.moves(gnubg_board(position), roll.high, roll.low):
        opp, mover = gnubg.boardfromkey(key)
        out.add(
            (
                n - sum(mover),
                *[m - o for m, o in zip(mover[:24], opp[23::-1])],
                mover[24],
                opp[24],
                n - sum(opp),
            )
        )
    return out


def bgsage_board(position: Position) -> list[int]:
    """Bgsage's board of a backgammon position (26 signed counts, the mover's view)."""
    s = position.raw
    return [s[26], *s[1:25], s[25]]


def bgsage_states(bgsage: ModuleType, position: Position, roll: Roll) -> set[State]:
    """Bgsage's resulting positions as nardy states (mover's frame, turn not passed)."""
    n = position.variant.checkers
    out = set()
    for board in bgsage.possible_moves(bgsage_board(position), roll.high, roll.low):
        mine = sum(x for x in board[1:25] if x > 0) + board[25]
        theirs = -sum(x for x in board[1:25] if x < 0) + abs(board[0])
        out.add((n - mine, *board[1:25], board[25], abs(board[0]), n - theirs))
    return out


def same_sets(peer: Any, states: Any, position: Position, roll: Roll) -> bool:
    """Whether a peer's set equals nardy's (a forced pass is nothing for a peer)."""
    ours = set(position.legal_plays(roll).result_states())
    theirs = states(peer, position, roll)
    return ours == theirs or (not theirs and ours == {position.raw})
