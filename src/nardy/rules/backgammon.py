"""Rules of the backgammon family beyond the shared data: Caucasian nardy's no-hide rule."""

from __future__ import annotations

from nardy.rules.board import MOVER_OFF

__all__ = ["no_hide_after_hit"]


def no_hide_after_hit(board: list[int], src: int, dst: int) -> bool:
    """Caucasian nardy: a checker that hit may not hide behind its own checkers.

    After a checker hits, that same checker may not move on, in the same
    turn, onto a point that already holds the mover's own checkers. It may
    stay, go on to an empty point, hit again or bear off; another checker
    may still cover it. ``board`` is the state after the step, so the point
    held only this checker before when it now holds exactly one.
    """
    return dst == MOVER_OFF or board[dst] == 1
