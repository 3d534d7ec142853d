"""Boards as SVG pictures: :func:`board` draws any position of any variant.

The picture is SVG 1.1 built with the standard library only, and the same
input always gives the same bytes (no random ids, fixed number formatting),
so pictures can be compared and stored. The board is drawn from one
player's side (the *viewer*: white, or black with ``flipped=True``): his
points are numbered along the edges, his home board is at the bottom on the
right (or on the left with ``home="left"``), and he moves counter-clockwise
from his 24-point at the top to his 1-point at the bottom. The opponent's
checkers sit where the variant's :class:`~nardy.Geometry` puts them: mirror
variants start in facing corners and move the opposite way, rotate variants
(long nardy, fevga, Kush) start in opposite corners and move the same way,
so the opponent's home and tray are at the top on the other side. On a
shared track (:attr:`Geometry.SAME <nardy.Geometry.SAME>`, tabula) both
sides move the same way along the same points, counter-clockwise from the
viewer's 24 to his 1, and bear off from the same home board at the bottom
right: the opponent's tray is drawn above the viewer's, on the same side.
A variant without a bar (:attr:`Variant.has_bar <nardy.Variant.has_bar>`
false) is drawn without one: the twelve points of a row fill the field.

Every checker is its own element with the classes ``checker``, its side
(``white``/``black``) and where it is (``point-N`` in its owner's
numbering, ``bar`` or ``off``; ``pinned`` for a checker pinned under an
opposing stack), so tools and tests can find them. A point holding more
checkers than fit squeezes them together and shows the count.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from nardy.errors import NardyError
from nardy.game.actions import CubeState
from nardy.model.basics import BAR, OFF, Roll, RollLike, Side
from nardy.model.play import Play, Step
from nardy.rules.board import FROM_POOL
from nardy.rules.vocabulary import Geometry

if TYPE_CHECKING:
    import nardy
    from nardy.game.game import Game
    from nardy.game.match import Match
    from nardy.model.position import Position
    from nardy.model.turns import TurnState

__all__ = [
    "DEFAULT_COLORS",
    "SvgOptionError",
    "board",
    "game",
    "legal_plays_html",
    "match",
    "turn_text",
]


class SvgOptionError(NardyError):
    """An option of :func:`board` has a value it cannot draw (a bad size, side or colour)."""


#: The colours :func:`board` uses; pass ``colors={"key": "#rrggbb"}`` to change some.
DEFAULT_COLORS: Final[Mapping[str, str]] = {
    "background": "#ffffff",
    "frame": "#6b4a2b",
    "field": "#efe3c4",
    "point_light": "#d6a86a",
    "point_dark": "#8c3b2a",
    "white": "#f7f4ec",
    "white_edge": "#3a3a3a",
    "black": "#2e2e2e",
    "black_edge": "#000000",
    "text": "#222222",
    # Text written on the field (what remains of a turn, a double's moves):
    # dark on the light field, where the light "label" could not be read.
    "field_text": "#222222",
    "hinge": "#b89f76",  # the line parting the halves of a board without a bar
    "label": "#f1e6cc",
    "cube": "#fdfdf8",
    "die": "#fdfdf8",
    "pip": "#111111",
    "arrow": "#1f6fd1",
    "hit": "#d62020",
    "last": "#f2c200",
    "pin": "#d62020",
}

# The layout, in user units (the viewBox); ``size`` scales the whole picture.
_COL = 40  # width of a point
_R = 18  # checker radius
_FIT = 5  # checkers a point holds before they are squeezed
_BAR = 40  # width of the bar
_SIDE = 52  # width of a side column (trays, cube)
_EDGE = 8  # frame thickness around the field
_BAND = 22  # a text band (player line, point numbers)
_HALF = 200  # height of one half of the field
_GAP = 40  # gap between the halves
_SLAB = 9  # height of one borne-off checker in a tray
_FIELD_W = 12 * _COL + _BAR
_W = 2 * _SIDE + 2 * _EDGE + _FIELD_W
_TOP = 2 * _BAND + _EDGE  # y of the field's top edge
_FIELD_H = 2 * _HALF + _GAP
_H = 2 * _TOP + _FIELD_H
_X0 = _SIDE + _EDGE  # x of the field's left edge
_MID = _TOP + _FIELD_H / 2  # y of the field's middle


def _num(x: float) -> str:
    """A coordinate, written the same way every time (at most two decimals)."""
    if type(x) is int:
        return str(x)
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# XML escaping by hand: xml.sax.saxutils would do the same, but importing it
# pulls in urllib (about 45 ms), which every ``nardy`` command would pay.
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\n": "&#10;",
        "\r": "&#13;",
        "\t": "&#9;",
    }
)


def _escape(text: str) -> str:
    """``text`` as XML character data: ``&``, ``<`` and ``>`` escaped."""
    return text.translate(_TEXT_ESCAPES)


def _quoteattr(text: str) -> str:
    """``text`` as a double-quoted XML attribute value, everything that needs it escaped."""
    return f'"{text.translate(_ATTR_ESCAPES)}"'


def _tag(name: str, attrs: Mapping[str, object], text: str | None = None) -> str:
    parts = []
    for key, value in attrs.items():
        # A number needs no escaping.
        number = value if isinstance(value, (int, float)) else None
        shown = _quoteattr(str(value)) if number is None else f'"{_num(number)}"'
        parts.append(f" {key.replace('_', '-')}={shown}")
    head = f"<{name}{''.join(parts)}"
    if text is None:
        return head + "/>"
    return f"{head}>{_escape(text)}</{name}>"


class _Layout:
    """The picture's coordinates, which depend only on where the viewer's home is and on the bar.

    Without a bar (a variant whose checkers are never put on one) the twelve
    points of a row fill the field's whole width, so the picture keeps its size.
    """

    def __init__(self, home_left: bool, bar: bool = True) -> None:
        self.home_left = home_left
        self.bar = _BAR if bar else 0
        self.col = _COL if bar else _FIELD_W / 12

    def x(self, x: float) -> float:
        """Mirror a left-to-right coordinate when the home board is on the left."""
        return _W - x if self.home_left else x

    def column(self, v: int) -> tuple[float, bool]:
        """Centre x of the viewer's point ``v`` and whether it is in the top row."""
        c = v - 13 if v > 12 else 12 - v
        left = _X0 + c * self.col + (self.bar if c >= 6 else 0)
        return self.x(left + self.col / 2), v > 12

    def half(self, mover_is_viewer: bool) -> float:
        """Centre x (before mirroring) of the mover's half of the board: the dice's place."""
        return _X0 + (9 * self.col + self.bar if mover_is_viewer else 3 * self.col)


class _Frame(_Layout):
    """Where things are: the viewer's numbering and the picture's coordinates."""

    def __init__(self, position: Position, viewer: Side, home_left: bool) -> None:
        super().__init__(home_left, position.variant.has_bar)
        self.position = position
        self.viewer = viewer
        self.geometry: Geometry = position.variant.geometry

    def view_point(self, side: Side, p: int) -> int:
        """The viewer's number of ``side``'s point ``p``."""
        return p if side is self.viewer else self.geometry.opponent_point(p)

    def slot(self, v: int, i: int, n: int) -> tuple[float, float]:
        """The centre of the ``i``-th of ``n`` checkers on the viewer's point ``v``."""
        cx, top = self.column(v)
        step = 2 * _R if n <= _FIT else (2 * _R * (_FIT - 1)) / (n - 1)
        offset = _R + i * step
        return cx, (_TOP + offset) if top else (_TOP + _FIELD_H - offset)

    def bar_slot(self, side: Side, i: int, n: int) -> tuple[float, float]:
        """The centre of the ``i``-th of ``n`` checkers of ``side`` on the bar."""
        fit = 4
        step = 2 * _R if n <= fit else (2 * _R * (fit - 1)) / (n - 1)
        offset = _GAP / 2 + _R + i * step
        cx = self.x(_X0 + 6 * self.col + self.bar / 2)
        # The viewer's checkers wait in the upper half, above the points they enter.
        return cx, _MID - offset if side is self.viewer else _MID + offset

    def tray(self, side: Side) -> tuple[float, bool]:
        """Centre x of ``side``'s tray and whether it is at the top."""
        right = _W - _SIDE / 2
        if side is self.viewer:
            return self.x(right), False
        # At the top, on the side of the opponent's home board (his 1-point
        # in the viewer's numbering): right for mirror (the viewer's 24) and
        # the shared track (the viewer's own 1), left for rotate (the 13).
        home = self.geometry.opponent_point(1)
        return self.x(right if home <= 6 or home >= 19 else _SIDE / 2), True

    def pool_slot(self, side: Side) -> tuple[float, float]:
        """The centre of the checker that stands for ``side``'s pool (checkers not yet entered).

        In the side column that does not hold the side's tray, in the
        side's half of the board.
        """
        tray_x, top = self.tray(side)
        x = self.x(_SIDE / 2) if tray_x == self.x(_W - _SIDE / 2) else self.x(_W - _SIDE / 2)
        return x, _TOP + _R + 4 if top else _TOP + _FIELD_H - _R - 4

    def anchor(self, side: Side, p: int, n: int) -> tuple[float, float]:
        """Where an arrow of ``side`` starts or ends at its point ``p`` (bar, off, the pool, 1..24)."""
        if p == BAR:
            return self.bar_slot(side, 0, 1)
        if p == FROM_POOL:
            return self.pool_slot(side)
        if p == OFF:
            cx, top = self.tray(side)
            return cx, _TOP + 60 if top else _TOP + _FIELD_H - 60
        return self.slot(self.view_point(side, p), min(max(n, 1), _FIT) - 1, max(n, 1))


def board(
    position: Position,
    *,
    flipped: bool = False,
    home: str = "right",
    size: int | None = 600,
    colors: Mapping[str, str] | None = None,
    dice: RollLike | None = None,
    cube: CubeState | int | None = None,
    cube_offer: int | None = None,
    play: Play | None = None,
    last_play: Play | None = None,
    last_mover: Side | None = None,
    pips: bool = True,
    numbers: bool = True,
    names: Sequence[str] | None = None,
    turn: TurnState | None = None,
) -> str:
    """Draw ``position`` as an SVG 1.1 document (a string), deterministically.

    :param flipped: draw from black's side (black's numbering, black's home
        at the bottom) instead of white's.
    :param home: ``"right"`` (default) or ``"left"``: where the viewer's home
        board is.
    :param size: the picture's width in pixels (the height follows), or
        ``None`` to leave the size to the page (only a ``viewBox``).
    :param colors: colours to change, by the keys of :data:`DEFAULT_COLORS`.
    :param dice: a roll to show on the mover's half of the board.
    :param cube: the cube: a :class:`~nardy.game.actions.CubeState` (value, owner,
        a pending offer) or a value (centred). ``None`` draws no cube.
    :param cube_offer: the value a pending double offers (default: twice
        the cube's value).
    :param play: a play of the side to move, drawn as an arrow per step
        (from -> to, a ring where it hits).
    :param last_play: the play made last, drawn by outlining its points.
    :param last_mover: the side that made ``last_play`` (default: the
        opponent of the side to move). In a turn that goes on after a play
        (a double to name, a cascade's next segment, moves handed over) it
        can be the side to move: :func:`game` passes who made the play.
    :param pips: show each side's pip count.
    :param numbers: show the point numbers (the viewer's numbering).
    :param names: the two players' names, white's first (default: the colours).
    :param turn: what remains of a turn of several segments
        (:class:`~nardy.model.turns.TurnState`, the segment on the table
        first): written under the dice (``then 66``, ``to name a double``,
        ``then rolls again``, ``handed over``), nothing between turns.
    :raises SvgOptionError: for an option it cannot draw.

    Three dice are drawn for a roll of three; a double of fewer than four
    moves (a segment of a cascade, moves handed over) is drawn as its two
    dice with the number of moves beside them (``x3``).
    """
    if home not in ("right", "left"):
        raise SvgOptionError(f"home is 'right' or 'left', got {home!r}")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
        raise SvgOptionError(f"size is a positive number of pixels or None, got {size!r}")
    palette = dict(DEFAULT_COLORS)
    for key, value in (colors or {}).items():
        if key not in palette:
            raise SvgOptionError(f"unknown colour key {key!r} (known: {', '.join(palette)})")
        if not isinstance(value, str) or not value or any(c in value for c in "<>&\"'"):
            raise SvgOptionError(f"bad colour {value!r} for {key!r}")
        palette[key] = value
    if names is not None and (len(names) != 2 or not all(isinstance(n, str) for n in names)):
        raise SvgOptionError(f"names are two strings (white, black), got {names!r}")
    frame = _Frame(position, Side.BLACK if flipped else Side.WHITE, home == "left")
    roll = None if dice is None else Roll.coerce(dice)
    state = CubeState(value=cube) if isinstance(cube, int) else cube
    parts = [
        *_head(size, palette),
        *_field(frame.home_left, bool(frame.bar), tuple(palette.items()), numbers),
    ]
    parts += _last_play(frame, last_play, _mover(position, last_mover), palette)
    parts += _checkers(frame, palette)
    if roll is not None:
        parts += _dice(frame, roll, palette)
    if turn is not None:
        parts += _turn_line(frame, turn, palette)
    if state is not None:
        parts += _cube(frame, state, cube_offer, palette)
    if play is not None:
        parts += _arrows(frame, play, palette)
    parts += _players(frame, palette, pips, names)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _mover(position: Position, last_mover: object) -> Side:
    """The side that made the last play: ``last_mover``, by default the opponent of the side to move."""
    if last_mover is None:
        return position.turn.opponent
    try:
        return Side.coerce(last_mover)
    except NardyError:
        raise SvgOptionError(f"last_mover is a side, got {last_mover!r}") from None


def _head(size: int | None, palette: Mapping[str, str]) -> list[str]:
    dims = "" if size is None else f' width="{size}" height="{_num(size * _H / _W)}"'
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1"{dims}'
        f' viewBox="0 0 {_W} {_H}" font-family="sans-serif">',
        "<defs>",
        f'<marker id="arrowhead" markerWidth="4" markerHeight="4" refX="2.5" refY="2"'
        f' orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="{palette["arrow"]}"/></marker>',
        "</defs>",
        _tag("rect", {"x": 0, "y": 0, "width": _W, "height": _H, "fill": palette["background"]}),
    ]


@functools.lru_cache(maxsize=16)
def _field(
    home_left: bool, bar: bool, colors: tuple[tuple[str, str], ...], numbers: bool
) -> tuple[str, ...]:
    """The frame, the field, the 24 points, the bar (where there is one) and the point numbers.

    They are the same for every position, so they are drawn once per look
    (a viewer draws thousands of boards).
    """
    frame = _Layout(home_left, bar)
    palette = dict(colors)
    out = [
        _tag(
            "rect",
            {"x": 0, "y": _TOP - _EDGE, "width": _W, "height": _FIELD_H + 2 * _EDGE}
            | {"fill": palette["frame"], "class": "frame"},
        )
    ]
    # The frame shows between the two halves as the bar; without one the
    # field is one piece (two abutting halves would leave a seam).
    halves = ((_X0, 6 * _COL), (_X0 + 6 * _COL + _BAR, 6 * _COL)) if bar else ((_X0, _FIELD_W),)
    for left, width in halves:
        x = min(frame.x(left), frame.x(left + width))
        attrs = {"x": x, "y": _TOP, "width": width, "height": _FIELD_H}
        out.append(_tag("rect", attrs | {"fill": palette["field"], "class": "field"}))
    if not bar:
        x = frame.x(_X0 + 6 * frame.col)
        hinge = {"x1": x, "y1": _TOP, "x2": x, "y2": _TOP + _FIELD_H, "stroke": palette["hinge"]}
        out.append(_tag("line", hinge | {"stroke_width": 2, "class": "hinge"}))
    for v in range(1, 25):
        cx, top = frame.column(v)
        base = _TOP if top else _TOP + _FIELD_H
        tip = base + (_HALF - 20) * (1 if top else -1)
        fill = palette["point_dark"] if v % 2 else palette["point_light"]
        half = frame.col / 2
        d = f"M{_num(cx - half)},{_num(base)} L{_num(cx + half)},{_num(base)} L{_num(cx)},{_num(tip)} z"
        out.append(_tag("path", {"d": d, "fill": fill, "class": f"point view-{v}"}))
        if numbers:
            y = _TOP - _EDGE - 6 if top else _TOP + _FIELD_H + _EDGE + 15
            label = {"x": cx, "y": y, "font_size": 12, "fill": palette["text"]}
            out.append(_tag("text", label | {"text_anchor": "middle"}, str(v)))
    return tuple(out)


def _checker(
    cx: float, cy: float, side: Side, where: str, palette: Mapping[str, str], extra: str = ""
) -> str:
    name = str(side)
    cls = f"checker {name} {where}{extra}"
    # A pinned checker looks like the others but for a thick ring, so it reads as held.
    edge, width = (palette["pin"], 3.5) if extra else (palette[f"{name}_edge"], 1.5)
    return _tag(
        "circle",
        {"cx": cx, "cy": cy, "r": _R - 1, "fill": palette[name], "stroke": edge}
        | {"stroke_width": width, "class": cls},
    )


def _count(cx: float, cy: float, n: int, side: Side, palette: Mapping[str, str]) -> str:
    """A count written on the checker at (cx, cy)."""
    ink = palette["black"] if side is Side.WHITE else palette["white"]
    attrs = {"x": cx, "y": cy + 5, "font_size": 14, "font_weight": "bold", "fill": ink}
    return _tag("text", attrs | {"text_anchor": "middle", "class": "count"}, str(n))


def _checkers(frame: _Frame, palette: Mapping[str, str]) -> list[str]:
    """Every checker: on the points (a pinned one at the base), the bar, the trays."""
    position = frame.position
    stacks: dict[int, list[tuple[Side, int, bool]]] = {v: [] for v in range(1, 25)}
    for side in (Side.WHITE, Side.BLACK):
        pins = set(position.pinned(side))
        for i, n in enumerate(position.checkers(side)):
            p = i + 1
            if not n:
                continue
            v = frame.view_point(side, p)
            if p in pins:
                # A pinned checker lies at the base, under the pinner's stack.
                stacks[v].insert(0, (side, p, True))
                n -= 1
            stacks[v].extend([(side, p, False)] * n)
    out: list[str] = []
    for v, stack in stacks.items():
        for i, (side, p, pinned) in enumerate(stack):
            cx, cy = frame.slot(v, i, len(stack))
            out.append(_checker(cx, cy, side, f"point-{p}", palette, " pinned" if pinned else ""))
        if len(stack) > _FIT:
            cx, cy = frame.slot(v, len(stack) - 1, len(stack))
            out.append(_count(cx, cy, len(stack), stack[-1][0], palette))
    for side in (Side.WHITE, Side.BLACK):
        n = position.bar(side)
        for i in range(n):
            out.append(_checker(*frame.bar_slot(side, i, n), side, "bar", palette))
        if n > 4:
            out.append(_count(*frame.bar_slot(side, n - 1, n), n, side, palette))
        out += _tray(frame, side, position.off(side), palette)
    out += _waiting(frame, palette)
    return out


def _waiting(frame: _Frame, palette: Mapping[str, str]) -> list[str]:
    """Checkers a count field holds (a pool not yet entered): one checker with the count on it.

    Drawn in the side column that does not hold the side's tray, in the
    side's half of the board; a variant without such a field draws nothing.
    """
    position = frame.position
    out: list[str] = []
    for field in position.variant.extra_state:
        if not field.holds_checkers:
            continue
        for side in (Side.WHITE, Side.BLACK):
            n = position.extra(side)[field.name]
            if not isinstance(n, int) or not n:  # (points are not counted here)
                continue
            x, y = frame.pool_slot(side)
            # The field's name heads its column where the points' numbers
            # are, clear of the arrows that leave it; a tooltip says it in full.
            label_y = _TOP - _EDGE - 6 if y < _MID else _TOP + _FIELD_H + _EDGE + 15
            label: dict[str, object] = {"x": x, "y": label_y, "font_size": 12}
            label |= {"fill": palette["text"], "text_anchor": "middle", "class": "counter-label"}
            plural = "s" if n != 1 else ""
            out += [
                f'<g class="counter {side}">',
                _tag("title", {}, f"{n} {side} checker{plural} in the {field.name}"),
                _checker(x, y, side, field.name, palette),
                _count(x, y, n, side, palette),
                _tag("text", label, field.name),
                "</g>",
            ]
    return out


def _tray(frame: _Frame, side: Side, n: int, palette: Mapping[str, str]) -> list[str]:
    cx, top = frame.tray(side)
    name = str(side)
    out = []
    for i in range(n):
        y = _TOP + 4 + i * _SLAB if top else _TOP + _FIELD_H - 4 - (i + 1) * _SLAB
        attrs = {"x": cx - 18, "y": y, "width": 36, "height": _SLAB - 1, "rx": 2}
        out.append(
            _tag(
                "rect",
                attrs
                | {"fill": palette[name], "stroke": palette[f"{name}_edge"], "stroke_width": 1}
                | {"class": f"checker {name} off"},
            )
        )
    if n:
        y = _TOP + 4 + n * _SLAB + 14 if top else _TOP + _FIELD_H - 4 - n * _SLAB - 5
        label: dict[str, object] = {"x": cx, "y": y, "font_size": 12, "fill": palette["label"]}
        out.append(_tag("text", label | {"text_anchor": "middle", "class": "off-count"}, str(n)))
    return out


def _dice(frame: _Frame, roll: Roll, palette: Mapping[str, str]) -> list[str]:
    """The two dice, on the right half for the viewer, on the left for his opponent."""
    mover_is_viewer = frame.position.turn is frame.viewer
    centre = frame.half(mover_is_viewer)
    out = []
    faces = roll.faces if len(roll.faces) == 3 else (roll.high, roll.low)
    middle = (len(faces) - 1) / 2
    for k, value in enumerate(faces):
        x = frame.x(centre + (k - middle) * 44)
        out.append(
            _tag(
                "rect",
                {"x": x - 17, "y": _MID - 17, "width": 34, "height": 34, "rx": 5}
                | {"fill": palette["die"], "stroke": palette["black_edge"], "class": "die"},
            )
        )
        for dx, dy in _PIPS[value]:
            out.append(_tag("circle", {"cx": x + dx * 9, "cy": _MID + dy * 9, "r": 3.2}
                            | {"fill": palette["pip"]}))  # fmt: skip
    if roll.is_double and len(roll.moves) != 4:  # a segment of fewer moves
        label: dict[str, object] = {"x": frame.x(centre + 66), "y": _MID + 5, "font_size": 14}
        label |= {"fill": palette["field_text"], "text_anchor": "middle", "class": "moves"}
        out.append(_tag("text", label, f"x{len(roll.moves)}"))
    return out


def turn_text(turn: TurnState) -> str:
    """What remains of a turn after the segment on the table, in words (``""`` between turns).

    ``then 55 66`` (the segments after it), ``to name a double`` (nothing
    pending) or ``then names a double``, ``then rolls again``,
    ``handed over`` (moves the opponent handed over), joined by a semicolon.
    """
    parts = []
    later = turn.pending[1:]
    if later:
        parts.append("then " + " ".join(_segment_words(r) for r in later))
    if turn.name_double:
        parts.append("then names a double" if turn.pending else "to name a double")
    if turn.roll_again:
        parts.append("then rolls again")
    if turn.handed_over:
        parts.append("handed over")
    return "; ".join(parts)


def _segment_words(segment: Roll) -> str:
    text = "".join(map(str, segment.faces))
    if segment.is_double and len(segment.moves) != 4:
        text += f"x{len(segment.moves)}"
    return text


def _turn_line(frame: _Frame, turn: TurnState, palette: Mapping[str, str]) -> list[str]:
    """:func:`turn_text` under the dice, on the mover's half of the board."""
    text = turn_text(turn)
    if not text:
        return []
    mover_is_viewer = frame.position.turn is frame.viewer
    centre = frame.half(mover_is_viewer)
    # In the band between the dice and the points' tips, in a size at which
    # the longest text ("then names a double; then rolls again") fits the half.
    attrs: dict[str, object] = {"x": frame.x(centre), "y": _MID + 32, "font_size": 12}
    attrs |= {"fill": palette["field_text"], "text_anchor": "middle", "class": "turn-state"}
    return [_tag("text", attrs, text)]


# Where the pips of each face sit, in steps from the centre of the die.
_PIPS: Final = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _cube(
    frame: _Frame, cube: CubeState, offer: int | None, palette: Mapping[str, str]
) -> list[str]:
    """The cube: centred in the side column, at its owner's end, or offered on the board."""
    if cube.offered_by is not None:
        value = offer if offer is not None else cube.value * 2
        mine = cube.offered_by is frame.viewer
        x = frame.x(frame.half(mine))
        y = _MID
        where = "offered"
    else:
        value = 64 if cube.value == 1 else cube.value
        x = frame.x(_SIDE / 2)
        if cube.owner is None:
            y, where = _MID, "centred"
        else:
            y = _MID + 62 if cube.owner is frame.viewer else _MID - 62
            where = f"owned {cube.owner}"
    return [
        _tag(
            "rect",
            {"x": x - 18, "y": y - 18, "width": 36, "height": 36, "rx": 4}
            | {"fill": palette["cube"], "stroke": palette["black_edge"], "stroke_width": 1.5}
            | {"class": f"cube {where}"},
        ),
        _tag(
            "text",
            {"x": x, "y": y + 6, "font_size": 17 if value < 100 else 12, "font_weight": "bold"}
            | {"fill": palette["text"], "text_anchor": "middle", "class": "cube-value"},
            str(value),
        ),
    ]


def _arrows(frame: _Frame, play: Play, palette: Mapping[str, str]) -> list[str]:
    """An arrow per step of ``play`` (the side to move), a ring where a step hits."""
    side = frame.position.turn
    counts = list(frame.position.checkers(side))
    bar = frame.position.bar(side)
    out = []
    for step in play.steps:
        n_src = counts[step.src - 1] if 1 <= step.src <= 24 else bar
        x1, y1 = frame.anchor(side, step.src, n_src)
        _take(counts, step, -1)
        if step.src == BAR:
            bar -= 1
        n_dst = 1 if step.dst == OFF else counts[step.dst - 1] + 1
        x2, y2 = frame.anchor(side, step.dst, n_dst)
        if step.src == FROM_POOL:
            # Start at the rim of the pool's checker: its count stays readable.
            x1, y1 = _towards(x1, y1, x2, y2, _R)
        _take(counts, step, 1)
        out.append(
            _tag(
                "line",
                {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": palette["arrow"]}
                | {"stroke_width": 5, "stroke_opacity": 0.85, "marker_end": "url(#arrowhead)"}
                | {"class": f"arrow step-{step.src}-{step.dst}"},
            )
        )
        if step.hit:
            out.append(
                _tag(
                    "circle",
                    {"cx": x2, "cy": y2, "r": _R + 2, "fill": "none", "stroke": palette["hit"]}
                    | {"stroke_width": 4, "class": "hit"},
                )
            )
    return out


def _towards(x1: float, y1: float, x2: float, y2: float, distance: float) -> tuple[float, float]:
    """The point ``distance`` from (x1, y1) on the way to (x2, y2)."""
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    if length <= distance:
        return x2, y2
    return x1 + (x2 - x1) * distance / length, y1 + (y2 - y1) * distance / length


def _take(counts: list[int], step: Step, sign: int) -> None:
    """Follow a step on the mover's counts: ``-1`` lifts from its source, ``+1`` lands."""
    p = step.src if sign < 0 else step.dst
    if 1 <= p <= 24:
        counts[p - 1] += sign


def _last_play(
    frame: _Frame, play: Play | None, side: Side, palette: Mapping[str, str]
) -> list[str]:
    """Outline the points ``side`` played from and to in ``play``, in his numbering."""
    if play is None:
        return []
    points = sorted({p for s in play.steps for p in (s.src, s.dst) if 1 <= p <= 24})
    out = []
    for p in points:
        cx, top = frame.column(frame.view_point(side, p))
        y = _TOP if top else _TOP + _HALF + _GAP
        out.append(
            _tag(
                "rect",
                {"x": cx - frame.col / 2 + 2, "y": y + 1, "width": frame.col - 4}
                | {"height": _HALF - 2}
                | {"fill": "none", "stroke": palette["last"], "stroke_width": 3}
                | {"class": f"last point-{p}"},
            )
        )
    return out


def _players(
    frame: _Frame, palette: Mapping[str, str], pips: bool, names: Sequence[str] | None
) -> Iterable[str]:
    """A line per player: the viewer's at the bottom, with the pip count and the turn."""
    position = frame.position
    for side in (frame.viewer.opponent, frame.viewer):
        y = 16 if side is not frame.viewer else _H - 6
        name = names[side] if names is not None else str(side)
        text = name + (f"  pips {position.pip_count(side)}" if pips else "")
        if side is position.turn:
            text += "  (to move)"
        dot = _tag(
            "circle",
            {"cx": 14, "cy": y - 5, "r": 7, "fill": palette[str(side)]}
            | {"stroke": palette[f"{side}_edge"], "class": f"player {side}"},
        )
        attrs = {"x": 28, "y": y, "font_size": 15, "fill": palette["text"]}
        if side is position.turn:
            attrs["font_weight"] = "bold"
        yield dot
        yield _tag("text", attrs | {"class": f"player-line {side}"}, text)


# --- whole games and matches (what Jupyter shows) ---------------------------------------


def game(
    state: Game,
    *,
    flipped: bool = False,
    home: str = "right",
    size: int | None = 600,
    colors: Mapping[str, str] | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """Draw a :class:`~nardy.Game` snapshot: its position, the dice on the table, the cube.

    In the middle of a turn of several segments, what remains of it is
    written under the dice (``then 66``, ``to name a double``: see
    :func:`turn_text`). The last play made is outlined; the cube is left out when the game does
    not use one. The options are those of :func:`board`.
    """
    from nardy.game.actions import ActionKind, Phase
    from nardy.game.doubling import raised

    # Who made the last play is recorded with it: in a turn that goes on
    # (a named double, a cascade's next segment) he is still to move.
    last = next((a for a in reversed(state.history) if a.kind is ActionKind.PLAY), None)
    last_play = None if last is None else last.play
    # The value on the table: a double turns the cube one step, a beaver two,
    # a raccoon three.
    steps = {Phase.DOUBLED: 1, Phase.BEAVERED: 2, Phase.RACCOONED: 3}.get(state.phase)
    return board(
        state.position,
        flipped=flipped,
        home=home,
        size=size,
        colors=colors,
        names=names,
        dice=state.dice,
        cube=state.cube if state.options.cube else None,
        cube_offer=None if steps is None else raised(state.options, state.cube.value, steps),
        last_play=last_play if last_play is not None and last_play.steps else None,
        last_mover=None if last is None else last.side,
        turn=state.turn_state,
    )


def match(
    state: Match,
    *,
    flipped: bool = False,
    home: str = "right",
    size: int | None = 600,
    colors: Mapping[str, str] | None = None,
) -> str:
    """Draw a :class:`~nardy.Match`: the game in progress (or the last one) and the score.

    Each player's line shows his number, his score and the match length.
    """
    current = state.game if state.game is not None else (state.games[-1] if state.games else None)
    if current is None:
        raise SvgOptionError("a match without any game has no board to draw")
    names = []
    for side in (Side.WHITE, Side.BLACK):
        player = current.player(side)
        names.append(f"player {player}: {state.scores[player]}/{state.length}")
    return game(current, flipped=flipped, home=home, size=size, colors=colors, names=names)


def legal_plays_html(plays: nardy.LegalPlays) -> str:
    """An HTML table of legal plays: index, notation, hits (what Jupyter shows)."""
    rows = [
        f"<tr><td>{i}</td><td><code>{_escape(str(play))}</code></td><td>{play.hits or ''}</td></tr>"
        for i, play in enumerate(plays)
    ]
    head = (
        f"<p>{len(plays)} legal play{'s' if len(plays) != 1 else ''} for {plays.roll} "
        f"in <code>{_escape(plays.position.id())}</code></p>"
    )
    table = "<table><tr><th>#</th><th>play</th><th>hits</th></tr>" + "".join(rows) + "</table>"
    return head + table
