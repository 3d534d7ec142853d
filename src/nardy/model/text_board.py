"""A readable text board: what ``str(position)`` prints, and its Unicode form."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nardy.model.basics import Side

if TYPE_CHECKING:
    from nardy.model.position import Position

__all__ = ["draw", "draw_unicode"]

_MARK = {Side.WHITE: "X", Side.BLACK: "O"}


def _cell(white: int, black: int) -> str:
    if white:
        return f"{white}X".rjust(3)
    if black:
        return f"{black}O".rjust(3)
    return "  ."


def draw(
    position: Position, numbering: Side = Side.WHITE, unicode: bool = False, both: bool = False
) -> str:
    """Draw the board in ``numbering``'s numbering: 13..24 along the top, 12..1 below.

    ``X`` is white, ``O`` black; each cell shows the count and the colour of
    the stack on top, and a last line lists the points where a checker lies
    pinned underneath. Drawn for black, the board is seen from black's side:
    his points, in his numbering, where white's would be. ``both`` also
    labels each point with the other side's number, on a line outside
    each row of labels, and names the side of every row of labels.
    ``unicode`` draws the Unicode form instead (see :func:`draw_unicode`).
    """
    if unicode:
        return draw_unicode(position, numbering, both)
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

    def cells(points: list[int]) -> str:
        shown = []
        for i, q in enumerate(points):
            p = q if numbering is Side.WHITE else opp(q)  # white's number of the point
            shown.append((" |" if i == 6 else "") + _cell(white[p - 1], black[p - 1]))
        return "".join(shown)

    def labels(points: list[int]) -> str:
        return "".join((" |" if i == 6 else "") + str(q).rjust(3) for i, q in enumerate(points))

    top, low = list(range(13, 25)), list(range(12, 0, -1))
    top_labels, low_labels = _labelled(position, numbering, both, top, low, labels)
    lines = [_heading(position, numbering, both, _MARK), *top_labels, cells(top)]
    lines += [cells(low), *low_labels]
    extras = []
    if variant.has_bar:
        extras.append(f"bar X {position.bar(Side.WHITE)} O {position.bar(Side.BLACK)}")
    extras += [f"{name} X {white} O {black}" for name, white, black in _counted(position)]
    extras.append(f"off X {position.off(Side.WHITE)} O {position.off(Side.BLACK)}")
    extras.append(f"pips X {position.pip_count(Side.WHITE)} O {position.pip_count(Side.BLACK)}")
    lines.append("   ".join(extras))
    pins = _pins_line(position, numbering)
    if pins:
        lines.append(pins)
    return "\n".join(lines)


def _heading(position: Position, numbering: Side, both: bool, marks: dict[Side, str]) -> str:
    """The board's first line: the variant, the side to move, and which numbering it shows."""
    mover = position.turn
    if both:
        seen = ", points numbered for both sides"
    else:
        seen = "" if numbering is Side.WHITE else ", points in black's numbering"
    return f"{position.variant.spec()}: {mover.name.lower()} ({marks[mover]}) to move{seen}"


def _labelled(
    position: Position,
    numbering: Side,
    both: bool,
    top: list[int],
    low: list[int],
    labels: Callable[[list[int]], str],
) -> tuple[list[str], list[str]]:
    """The label lines above and below the board: ``numbering``'s, and with ``both`` the other side's outside.

    With ``both`` each line ends with the name of the side it numbers for,
    so that a play in either side's numbering can be followed on the board.
    """
    if not both:
        return [labels(top)], [labels(low)]
    opp = position.variant.geometry.opponent_point
    inner, outer = f"  {numbering.name.lower()}", f"  {numbering.opponent.name.lower()}"
    other_top, other_low = [opp(q) for q in top], [opp(q) for q in low]
    return (
        [labels(other_top) + outer, labels(top) + inner],
        [labels(low) + inner, labels(other_low) + outer],
    )


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


_GLYPH = {Side.WHITE: "\u25cb", Side.BLACK: "\u25cf"}  # white circle, black circle
_ROWS = 5  # checkers a point shows before the fifth row gives the count


def _stacks(position: Position, numbering: Side) -> dict[int, list[Side]]:
    """The checkers on each point (in ``numbering``'s numbers), from the edge up.

    A pinned checker lies at the edge, under the opposing stack that pins it.
    """
    opp = position.variant.geometry.opponent_point
    stacks: dict[int, list[Side]] = {q: [] for q in range(1, 25)}
    for side in (Side.WHITE, Side.BLACK):
        pins = set(position.pinned(side))
        for i, n in enumerate(position.checkers(side)):
            if not n:
                continue
            q = i + 1 if side is numbering else opp(i + 1)
            if i + 1 in pins:
                stacks[q].insert(0, side)
                n -= 1
            stacks[q].extend([side] * n)
    return stacks


def _stack_cell(stack: list[Side], row: int) -> str:
    """Row ``row`` (0 at the edge) of one point: a checker, the count, or blank."""
    if len(stack) > _ROWS and row == _ROWS - 1:
        return f" {len(stack):<2}"
    return f" {_GLYPH[stack[row]]} " if row < len(stack) else "   "


def _bar_cell(position: Position, side: Side) -> str:
    n = position.bar(side) if position.variant.has_bar else 0
    return f"{n}{_GLYPH[side]}".rjust(3) if n else "   "


def draw_unicode(position: Position, numbering: Side = Side.WHITE, both: bool = False) -> str:
    """The board drawn with box-drawing characters and checkers stacked as columns.

    ``\u25cb`` is white, ``\u25cf`` black; a point shows up to five
    checkers, the fifth row giving the count of a taller stack, and a pinned
    checker lies at the edge under the stack that pins it. ``numbering``'s
    checkers on the bar wait in the upper half of the bar, the other side's
    in the lower half. A last line gives the bar, the borne-off checkers and
    the pip counts. ``both`` labels the points for both sides, as
    :func:`draw` does.
    """
    stacks = _stacks(position, numbering)
    top_points = list(range(13, 25))
    low_points = list(range(12, 0, -1))
    rule = "\u2500" * 18

    def line(points: list[int], row: int, bar: str) -> str:
        cells = [_stack_cell(stacks[q], row) for q in points]
        return f"\u2502{''.join(cells[:6])}\u2502{bar}\u2502{''.join(cells[6:])}\u2502"

    def labels(points: list[int]) -> str:
        shown = [f" {q:<2}" for q in points]  # under the checker's column
        return f" {''.join(shown[:6])}     {''.join(shown[6:])}"

    def trimmed(points: list[int]) -> str:
        return labels(points).rstrip()

    top_labels, low_labels = _labelled(
        position, numbering, both, top_points, low_points, labels if both else trimmed
    )
    lines = [_heading(position, numbering, both, _GLYPH), *top_labels]
    lines.append(f"\u250c{rule}\u252c\u2500\u2500\u2500\u252c{rule}\u2510")
    for row in range(_ROWS):
        bar = _bar_cell(position, numbering) if row == _ROWS - 1 else "   "
        lines.append(line(top_points, row, bar))
    lines.append(f"\u2502{' ' * 18}\u2502   \u2502{' ' * 18}\u2502")
    for row in reversed(range(_ROWS)):
        bar = _bar_cell(position, numbering.opponent) if row == _ROWS - 1 else "   "
        lines.append(line(low_points, row, bar))
    lines += [f"\u2514{rule}\u2534\u2500\u2500\u2500\u2534{rule}\u2518", *low_labels]
    lines.append(_totals(position))
    pins = _pins_line(position, numbering)
    if pins:
        lines.append(pins.replace("X", _GLYPH[Side.WHITE]).replace("O", _GLYPH[Side.BLACK]))
    return "\n".join(lines)


def _totals(position: Position) -> str:
    """The line under the Unicode board: bar, borne off and pips of each side."""
    w, b = _GLYPH[Side.WHITE], _GLYPH[Side.BLACK]
    parts = []
    if position.variant.has_bar:
        parts.append(f"bar {w} {position.bar(Side.WHITE)} {b} {position.bar(Side.BLACK)}")
    parts += [f"{name} {w} {white} {b} {black}" for name, white, black in _counted(position)]
    parts.append(f"off {w} {position.off(Side.WHITE)} {b} {position.off(Side.BLACK)}")
    parts.append(f"pips {w} {position.pip_count(Side.WHITE)} {b} {position.pip_count(Side.BLACK)}")
    return "   ".join(parts)


def _counted(position: Position) -> list[tuple[str, int, int]]:
    """The variant's declared count fields (a pool, ...): name, white's and black's value."""
    out: list[tuple[str, int, int]] = []
    white, black = position.extra(Side.WHITE), position.extra(Side.BLACK)
    for field in position.variant.extra_state:
        w, b = white[field.name], black[field.name]
        if isinstance(w, int) and isinstance(b, int):  # a count, not points
            out.append((field.name, w, b))
    return out
