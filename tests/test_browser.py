"""Pictures in real renderers: rsvg-convert and Chromium draw the SVG alike; the viewer works in Chromium.

The pictures of a turn that goes on (acey-deucey's named double, a gul bara
cascade) are looked at as a person would: the outlines are around the
checkers that moved, the turn's text stands out from the field, the pool's
count is not crossed by the arrows, and a board without a bar shows none.

Optional: each test skips when its program is not installed (CI installs
``chromium``, ``chromium-driver`` and ``librsvg2-bin`` to run them).
"""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import nardy
from nardy.game.actions import CubeState
from nardy.pictures import svg, viewer
from pngs import differing, read_png
from test_mat import FILES
from test_svg import (
    cascade,
    checker_centres,
    contrast,
    failed_cascade,
    named_double,
    text_box,
    texts_of,
    triangles,
)
from webdriver import CHROMEDRIVER, CHROMIUM, Browser, screenshot

RSVG = shutil.which("rsvg-convert")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
needs_driver = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="Chromium or chromedriver is not installed"
)
needs_rsvg = pytest.mark.skipif(RSVG is None, reason="rsvg-convert (librsvg) is not installed")


def boards() -> dict[str, str]:
    """Boards with every kind of element: pins, dice, a cube offer, arrows, counts, home on the left."""
    plakoto = nardy.find_variant("plakoto")
    pinned = plakoto.from_counts(
        {24: 5, 6: 2, 3: 1, 12: 1, 18: 3},
        {24: 6, 20: 2, 7: 1, 13: 2},
        pins={nardy.Side.WHITE: [12], nardy.Side.BLACK: [7]},
    )
    start = nardy.Backgammon().starting_position()
    play = start.parse_play("8/2 6/2", (6, 4))
    return {
        "pins": svg.board(pinned, size=320, dice=(6, 5), cube=CubeState(value=2, offered_by=nardy.Side.BLACK)),
        "arrows": svg.board(start, size=320, dice=(6, 4), play=play, home="left", cube=4),
        "named-double": svg.game(named_double(), size=320),
        "cascade": svg.game(cascade(), size=320, flipped=True),
    }  # fmt: skip


@needs_rsvg
@needs_chromium
@pytest.mark.parametrize("name", ["pins", "arrows", "named-double", "cascade"])
def test_rsvg_and_chromium_draw_the_same(name: str, tmp_path: Path) -> None:
    source = tmp_path / f"{name}.svg"
    source.write_text(boards()[name], encoding="utf-8")
    assert RSVG is not None
    subprocess.run([RSVG, "-o", str(tmp_path / "rsvg.png"), str(source)], check=True, timeout=60)
    screenshot(source.as_uri(), str(tmp_path / "chromium.png"), 320, 272)
    w1, h1, rsvg = read_png((tmp_path / "rsvg.png").read_bytes())
    w2, h2, chromium = read_png((tmp_path / "chromium.png").read_bytes())
    assert (w1, h1) == (w2, h2) == (320, 272)
    colours = {row[i : i + 3] for row in rsvg for i in range(0, len(row), 3)}
    assert len(colours) > 20  # a picture, not a blank page
    # Text is anti-aliased differently; everything else lands on the same pixels.
    assert differing(rsvg, chromium) < 0.01


def small_match() -> Path:
    """The smallest real match with more than one game."""
    for path in sorted(FILES, key=lambda p: p.stat().st_size):
        if len(viewer.load_record(path).games) > 1:
            return path
    raise AssertionError("no real match with two games")


@needs_driver
def test_viewer_steps_in_chromium(tmp_path: Path) -> None:
    record = viewer.load_record(small_match())
    steps = viewer.steps(record)
    page = tmp_path / "match.html"
    page.write_text(viewer.html(record), encoding="utf-8")
    url = page.as_uri()
    second_game = next(i for i, s in enumerate(steps) if s.game == 2)

    def where() -> str:
        text: str = browser.run("return document.getElementById('where').textContent")
        return text.split("(")[1].split(" /")[0]  # the step number, from 1

    def caption() -> str:
        text: str = browser.run("return document.getElementById('caption').textContent")
        return text

    with Browser() as browser:
        browser.open(url)
        assert where() == "1"
        assert caption() == steps[0].caption
        first = browser.screenshot()
        browser.press("ArrowRight")
        assert where() == "2"
        assert caption() == steps[1].caption
        assert browser.run("return location.hash") == "#step=2"
        second = browser.screenshot()
        assert second != first
        browser.click("#next")
        assert caption() == steps[2].caption
        browser.press("ArrowLeft")
        browser.press("ArrowLeft")
        assert browser.screenshot() == first
        browser.press("ArrowDown")
        assert where() == str(second_game + 1)
        browser.press("End")
        assert where() == str(len(steps))
        assert caption() == steps[-1].caption
        browser.press("Home")
        assert where() == "1"
        # The address opens a given step: the same picture as stepping there.
        browser.open(url + "#step=2")
        assert where() == "2"
        assert browser.screenshot() == second
        svg_count = browser.run(
            "return document.querySelectorAll('#board svg circle.checker').length"
        )
        assert svg_count == 30
        problems = [e for e in browser.console() if e.get("level") in ("SEVERE", "WARNING")]
        assert problems == []


# --- as a person looks at them -----------------------------------------------------------

#: The width of the pictures looked at: a pixel is a unit of the SVG's coordinates.
SIZE = 640
Rows = list[bytes]


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def hex_of(pixel: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*pixel)


def pixel(rows: Rows, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at the picture's coordinates (x, y)."""
    row, i = rows[int(y)], 3 * int(x)
    return row[i], row[i + 1], row[i + 2]


def near(p: tuple[int, int, int], colour: str, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(p, rgb(colour)))


def box_pixels(x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]]:
    """Every pixel in a box."""
    return [(x, y) for y in range(int(y0), int(y1) + 1) for x in range(int(x0), int(x1) + 1)]


def render_with(renderer: str, text: str, tmp_path: Path) -> Rows:
    """The picture as the renderer draws it: rsvg-convert, or a Chromium screenshot."""
    source = tmp_path / f"picture{len(list(tmp_path.iterdir()))}.svg"
    source.write_text(text, encoding="utf-8")
    target = source.with_suffix(".png")
    if renderer == "rsvg":
        assert RSVG is not None
        subprocess.run([RSVG, "-o", str(target), str(source)], check=True, timeout=60)
    else:
        screenshot(source.as_uri(), str(target), SIZE, 544)
    width, _, rows = read_png(target.read_bytes())
    assert width == SIZE
    return rows


renderers = pytest.mark.parametrize(
    "renderer",
    [
        pytest.param("rsvg", marks=needs_rsvg),
        pytest.param("chromium", marks=needs_chromium),
    ],
)


#: The y of the field's middle, between its two rows of points.
MIDDLE = 272


@renderers
@pytest.mark.parametrize("which", ["named double", "cascade", "cascade from black's side"])
def test_the_outlines_surround_the_checkers_that_moved(
    renderer: str, which: str, tmp_path: Path
) -> None:
    game = named_double() if which == "named double" else cascade()
    text = svg.game(game, size=SIZE, flipped=which.endswith("side"))
    rows = render_with(renderer, text, tmp_path)
    play = game.history[-1].play
    assert play is not None
    mover = game.position.turn  # the turn goes on: the side that played moves again
    points = {p for s in play.steps for p in (s.src, s.dst) if 1 <= p <= 24}
    # Where the checkers that moved stand now, and the points they left empty.
    checkers = [
        checker_centres(text, mover, p)[0] for p in points if game.position.checkers(mover)[p - 1]
    ]
    assert len(checkers) >= 2
    for cx, cy in checkers:
        assert near(pixel(rows, cx, cy), svg.DEFAULT_COLORS[str(mover)])
    viewer = nardy.Side.BLACK if which.endswith("side") else nardy.Side.WHITE
    geometry = game.variant.geometry
    for p in points:
        if not game.position.checkers(mover)[p - 1]:
            view = p if mover is viewer else geometry.opponent_point(p)
            ((lo, hi, top),) = [
                (a, b, t) for v, a, b, t in triangles(ET.fromstring(text)) if v == view
            ]
            checkers.append(((lo + hi) / 2, 70 if top else 474))
    last = svg.DEFAULT_COLORS["last"]
    for cx, cy in checkers:
        # The outline's colour on both sides of the checker, within a point's width.
        left = [pixel(rows, x, cy) for x in range(int(cx - 24), int(cx))]
        right = [pixel(rows, x, cy) for x in range(int(cx), int(cx + 24))]
        assert any(near(p, last) for p in left), (cx, cy)
        assert any(near(p, last) for p in right), (cx, cy)
    # And nowhere else: every pixel of the outline's colour is in a moved point's column.
    for x, y in box_pixels(0, 0, SIZE - 1, len(rows) - 1):
        if near(pixel(rows, x, y), last, 30):
            assert any(abs(x - cx) < 24 and (y < MIDDLE) == (cy < MIDDLE) for cx, cy in checkers), (
                x,
                y,
            )


@renderers
@pytest.mark.parametrize("which", ["named double", "handed over"])
def test_the_turns_text_stands_out_from_the_field(
    renderer: str, which: str, tmp_path: Path
) -> None:
    game = named_double() if which == "named double" else failed_cascade()
    assert svg.turn_text(game.turn_state)
    # The same board without the text (and, for a double of fewer moves, without its "x3").
    dice = None if game.dice is None else nardy.Roll(*game.dice.faces)
    bare = render_with(renderer, svg.board(game.position, size=SIZE, dice=dice), tmp_path)
    shown = svg.board(game.position, size=SIZE, dice=game.dice, turn=game.turn_state)
    rows = render_with(renderer, shown, tmp_path)
    field = svg.DEFAULT_COLORS["field"]
    ink = [p for p in box_pixels(60, 52, 580, 492) if pixel(rows, *p) != pixel(bare, *p)]
    assert len(ink) > 400
    for p in ink:
        # Written on the field: not over the points, the bar or the frame.
        assert near(pixel(bare, *p), field, 6), p
    # The strokes of the letters reach a colour that reads on the field (WCAG AA).
    readable = [p for p in ink if contrast(hex_of(pixel(rows, *p)), field) >= 4.5]
    assert len(readable) > len(ink) / 4


@renderers
@pytest.mark.parametrize("turn", [nardy.Side.WHITE, nardy.Side.BLACK])
def test_the_pools_count_is_not_covered_by_the_arrows(
    renderer: str, turn: nardy.Side, tmp_path: Path
) -> None:
    start = nardy.find_variant("acey-deucey").starting_position(turn)
    play = start.parse_play("pool/24 pool/23", (1, 2))
    drawn = svg.board(start, size=SIZE, dice=(1, 2), play=play)
    before = render_with(renderer, svg.board(start, size=SIZE, dice=(1, 2)), tmp_path)
    after = render_with(renderer, drawn, tmp_path)
    arrows = [p for p in box_pixels(0, 0, 639, 543) if pixel(after, *p) != pixel(before, *p)]
    assert len(arrows) > 1000  # the arrows are there
    counts = texts_of(drawn, "count")
    labels = texts_of(drawn, "counter-label")
    assert [el.text for el in counts] == ["15", "15"]
    assert [el.text for el in labels] == ["pool", "pool"]
    for el in counts + labels:
        inside = box_pixels(*text_box(el))
        assert all(pixel(after, *p) == pixel(before, *p) for p in inside), el.text
        # Something to read there: ink that stands out from what it is written on
        # (a count on its side's checker, in the other side's colour; the label beside the board).
        behind = svg.DEFAULT_COLORS["background"]
        if el in counts:
            on_white = el.get("fill") == svg.DEFAULT_COLORS["black"]
            behind = svg.DEFAULT_COLORS["white" if on_white else "black"]
        assert any(contrast(hex_of(pixel(after, *p)), behind) >= 4.5 for p in inside), el.text


@renderers
@pytest.mark.parametrize("which", ["gul-bara", "gioul", "acey-deucey"])
def test_a_bar_is_seen_only_where_the_variant_has_one(
    renderer: str, which: str, tmp_path: Path
) -> None:
    if which == "gul-bara":
        text = svg.game(cascade(), size=SIZE)
    elif which == "gioul":
        text = svg.board(nardy.find_variant("gioul").starting_position(), size=SIZE, dice=(6, 5))
    else:
        text = svg.game(named_double(), size=SIZE)
    rows = render_with(renderer, text, tmp_path)
    # Across the field between the points' tips and the dice: the field, or the bar's frame.
    frame = svg.DEFAULT_COLORS["frame"]
    bar = [x for x in range(60, 580) if near(pixel(rows, x, MIDDLE - 28), frame)]
    if nardy.find_variant(which).has_bar:
        assert len(bar) >= 38
        assert 298 < min(bar) < max(bar) < 342
    else:
        assert bar == []
