"""A readable text board (what ``str(position)`` prints)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy.core import Side

if TYPE_CHECKING:
    from nardy.position import Position

__all__ = ["draw"]

_MARK = {Side.WHITE: "X", Side.BLACK: "O"}


def _cell(white: int, black: int) -> str:
    if white:
        return f"{white}X".rjust(3)
    if black:
        return f"{black}O".rjust(3)
    return "  ."


def draw(position: Position) -> str:
    """Draw the board in white's numbering: 13..24 along the top, 12..1 below.

    ``X`` is white, ``O`` black; each cell shows the count and the colour of
    the stack on top, and a last line lists the points where a checker lies
    pinned underneath.
    """
    variant = position.variant
    opp = variant.geometry.opponent_point
    white = list(position.checkers(Side.WHITE))
    black_own = position.checkers(Side.BLACK)
    black = [0] * 24
    for q in range(1, 25):
        if black_own[q - 1]:
            black[opp(q) - 1] = black_own[q - 1]
    # A cell shows the stack on top; a checker pinned under it is listed below.
    for p in position.pinned(Side.WHITE):
        white[p - 1] -= 1
    for q in position.pinned(Side.BLACK):
        black[opp(q) - 1] -= 1

    def row(points: list[int]) -> tuple[str, str]:
        labels = []
        cells = []
        for i, p in enumerate(points):
            sep = " |" if i == 6 else ""
            labels.append(sep + str(p).rjust(3))
            cells.append(sep + _cell(white[p - 1], black[p - 1]))
        return "".join(labels), "".join(cells)

    top_l, top_c = row(list(range(13, 25)))
    bot_l, bot_c = row(list(range(12, 0, -1)))
    mover = position.turn
    lines = [
        f"{variant.spec()}: {mover.name.lower()} ({_MARK[mover]}) to move",
        top_l,
        top_c,
        bot_c,
        bot_l,
    ]
    extras = []
    if variant.has_bar:
        extras.append(f"bar X {position.bar(Side.WHITE)} O {position.bar(Side.BLACK)}")
    extras.append(f"off X {position.off(Side.WHITE)} O {position.off(Side.BLACK)}")
    extras.append(f"pips X {position.pip_count(Side.WHITE)} O {position.pip_count(Side.BLACK)}")
    lines.append("   ".join(extras))
    pins = _pins_line(position)
    if pins:
        lines.append(pins)
    return "\n".join(lines)


def _pins_line(position: Position) -> str:
    """Where checkers lie pinned, in the board's (white's) numbering; empty if none.

    A pinned checker is not drawn in its cell (the cell shows the stack on top
    of it), so the line is what tells the reader it is there.
    """
    opp = position.variant.geometry.opponent_point
    white = position.pinned(Side.WHITE)
    black = sorted(opp(q) for q in position.pinned(Side.BLACK))
    if not white and not black:
        return ""
    return f"pinned X {' '.join(map(str, white)) or '-'}   O {' '.join(map(str, black)) or '-'}"
