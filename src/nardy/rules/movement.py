"""How checkers move: open points, hits and pins, entering from the bar, the bear-off.

The rules every variant's movement is made of, each a small function of the
state (:mod:`nardy.rules.board`, mover's frame). A variant's class data
chooses among them (its contact, whether it has a bar and what the bar
does); the search kernels of :mod:`nardy.engine` are faster forms of the
same rules.
"""

from __future__ import annotations

from nardy.rules.board import HOME

__all__ = ["may_bear_off"]


def may_bear_off(board: list[int], src: int, dst: int, outside: int) -> bool:
    """The bear-off rule for a step from ``src`` that would end at ``dst <= 0``.

    Only when none of the mover's checkers is outside his home board (the
    bar counts as outside); a die bears off from its own point (``dst == 0``),
    or from the highest occupied point when no checker stands higher.
    """
    if outside:
        return False
    if dst == 0:
        return True
    for p in range(src + 1, HOME + 1):  # noqa: SIM110 (a loop is faster than all() here)
        if board[p] > 0:
            return False
    return True
