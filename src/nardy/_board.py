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


def draw(position: Position, numbering: Side = Side.WHITE) -> str:
    """Draw the board in ``numbering``'s numbering: 13..24 along the top, 12..1 below.

    ``X`` is white, ``O`` black; each cell shows the count and the colour of
    the stack on top, and a last line lists the points where a checker lies
    pinned underneath. Drawn for black, the board is seen from black's side:
    his points, in his numbering, where white's would be.
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
        for i, q in enumerate(points):
            sep = " |" if i == 6 else ""
            p = q if numbering is Side.WHITE else opp(q)  # white's number of the point
            labels.append(sep + str(q).rjust(3))
            cells.append(sep + _cell(white[p - 1], black[p - 1]))
        return "".join(labels), "".join(cells)

    top_l, top_c = row(list(range(13, 25)))
    bot_l, bot_c = row(list(range(12, 0, -1)))
    mover = position.turn
    seen = "" if numbering is Side.WHITE else ", points in black's numbering"
    lines = [
        f"{variant.spec()}: {mover.name.lower()} ({_MARK[mover]}) to move{seen}",
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
    pins = _pins_line(position, numbering)
    if pins:
        lines.append(pins)
    return "\n".join(lines)


def _pins_line(position: Position, numbering: Side) -> str:
    """Where checkers lie pinned, in the board's numbering; empty if none.

    A pinned checker is not drawn in its cell (the cell shows the stack on top
    of it), so the line is what tells the reader it is there.
    """
    opp = position.variant.geometry.opponent_point
    points = {side: position.pinned(side) for side in (Side.WHITE, Side.BLACK)}
    if not points[Side.WHITE] and not points[Side.BLACK]:
        return ""

    def named(side: Side) -> str:
        shown = sorted(p if side is numbering else opp(p) for p in points[side])
        return " ".join(map(str, shown)) or "-"

    return f"pinned X {named(Side.WHITE)}   O {named(Side.BLACK)}"
