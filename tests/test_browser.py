"""Pictures in real renderers: rsvg-convert and Chromium draw the SVG alike; the viewer works in Chromium.

Optional: each test skips when its program is not installed (CI installs
``chromium``, ``chromium-driver`` and ``librsvg2-bin`` to run them).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import nardy
from nardy.game.actions import CubeState
from nardy.pictures import svg, viewer
from pngs import differing, read_png
from test_mat import FILES
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
    }  # fmt: skip


@needs_rsvg
@needs_chromium
@pytest.mark.parametrize("name", ["pins", "arrows"])
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
