"""The head rule of long nardy and Kush: how many checkers may leave the head in one turn.

In the mover's numbering his head, where all his checkers start, is his
24-point (:data:`HEAD`, :data:`nardy.rules.board.HEAD`) and the opponent's
head is his 12-point (:data:`OPP_HEAD`). One checker may leave the head a
turn (:func:`head_limit` says when two may); the engine reads the rule as a
*floor* on the head (:func:`head_floor`): the count there may not fall
below it during the turn, which a :class:`~nardy.rules.turn_rules.StepRule`
declares (``floor_point``, ``floor``) so that both searches count it
without a call.
"""

from __future__ import annotations

from typing import Final

from nardy.rules.board import HEAD, State

__all__ = [
    "HEAD",
    "HEAD_EXCEPTIONS",
    "OPP_HEAD",
    "head_allows",
    "head_floor",
    "head_limit",
    "lone_checker_stop",
]

#: The opponent's head, in the mover's numbering.
OPP_HEAD: Final = 12

#: Values of the ``head_exception`` option.
HEAD_EXCEPTIONS = ("6-4-3", "6-4", "any-blocked-double", "head-only")


def lone_checker_stop(start: State, die: int) -> int:
    """Where a lone checker leaving the head with four moves of ``die`` is stopped.

    0 when it can play the whole roll, the closed point that stops it, or -1
    when it would have to leave the board (on a first turn nothing can be
    borne off).
    """
    for k in range(1, 5):
        x = HEAD - k * die
        if x < 1:
            return -1
        if start[x] < 0:
            return x
    return 0


def head_limit(start: State, double: int, head_exception: str, checkers: int) -> int:
    """The head rule: how many checkers may leave the head this turn.

    One per turn, except on a player's first turn (all his ``checkers`` still
    on the head) with a double that ``head_exception`` lets through: then
    two, because the opponent's head stops a single checker. ``double`` is
    the number of the double rolled (0 for a non-double). The exceptions:
    ``"6-4-3"`` 6-6, 4-4 and 3-3; ``"6-4"`` 6-6 and 4-4; ``"any-blocked-double"``
    any double that one checker leaving the head cannot play in full;
    ``"head-only"`` a double whose lone checker is stopped by the
    opponent's head itself.
    """
    if not double or start[HEAD] != checkers:
        return 1
    if head_exception == "6-4-3":
        return 2 if double in (6, 4, 3) else 1
    if head_exception == "6-4":
        return 2 if double in (6, 4) else 1
    stop = lone_checker_stop(start, double)
    if head_exception == "any-blocked-double":
        return 2 if stop else 1
    return 2 if stop == OPP_HEAD else 1


def head_floor(start: State, limit: int) -> int:
    """The head rule as a floor: the fewest checkers the head may hold during this turn.

    ``limit`` checkers may leave it (:func:`head_limit`), and nothing ever
    lands on the head (every move goes away from it), so the rule holds
    exactly while the head keeps ``start[HEAD] - limit`` checkers.
    """
    return start[HEAD] - limit


def head_allows(start_on_head: int, limit: int, board: list[int]) -> bool:
    """Whether the head rule allows the position reached: at most ``limit`` checkers left the head.

    ``start_on_head`` is how many stood on the head when the turn began
    (nothing ever lands on the head, so the difference is what left it).
    """
    return start_on_head - board[HEAD] <= limit
