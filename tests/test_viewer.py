"""The match viewer: its steps follow the record, its page holds them all and needs nothing else."""

from __future__ import annotations

import io
import json
import random
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

import nardy
from nardy.cli.main import main, run_match
from nardy.errors import RecordError
from nardy.formats import read_mat, write_sgf
from nardy.game.actions import ActionKind
from nardy.pictures import viewer
from test_mat import FILES, GALAXY
from test_svg import NS, drawn, expected, named_double, outlined

Capture = pytest.CaptureFixture[str]

#: A play's caption: the segment (two or three dice, or a double of fewer moves: ``55 (3 moves)``), then the play.
PLAY = re.compile(r"\) \d{2,3}(?: \(\d moves\))?: ")


@cache
def self_play(name: str) -> nardy.Match:
    """A seeded 1-point self-play match of ``name`` (with the cube where the variant has one)."""
    return run_match(nardy.find_variant(name), 1, 7, io.StringIO())


def real_files(n: int) -> list[Path]:
    """``n`` of the real ``.mat`` files, chosen by a fixed seed (the smallest first)."""
    return sorted(random.Random("viewer").sample(FILES, n), key=lambda p: p.stat().st_size)


def check_steps(record: viewer.Record, shown: list[viewer.ViewStep]) -> None:
    """The steps follow the record: one per action (two for a game's last play), plays in order."""
    want = 0
    for game in record.games:
        ends_on_play = bool(game.history) and game.history[-1].kind is ActionKind.PLAY
        want += 1 + len(game.history) + (1 if game.is_over() and ends_on_play else 0)
    assert len(shown) == want
    for number, game in enumerate(record.games, 1):
        mine = [s for s in shown if s.game == number]
        assert mine[0].caption == f"game {number}: start"
        assert mine[0].position == game.restart().position
        assert mine[-1].position == game.position
        plays = [a.play for a in game.history if a.kind is ActionKind.PLAY]
        captions = [s.caption for s in mine if PLAY.search(s.caption)]
        assert [c.split(": ", 1)[1] for c in captions] == [
            p.notation() or "cannot move" for p in plays if p is not None
        ]
        if game.outcome is not None:
            assert str(game.outcome) in mine[-1].caption


def check_pictures(shown: list[viewer.ViewStep]) -> None:
    """Every picture is SVG whose checkers are the step's position's, and a play has its arrows."""
    for step in shown:
        assert drawn(step.picture) == expected(step.position)
        root = ET.fromstring(step.picture.encode())
        arrows = [el for el in root.iter(f"{NS}line") if "arrow" in (el.get("class") or "")]
        notation = step.caption.split(": ", 1)[1] if PLAY.search(step.caption) else ""
        if notation and notation != "cannot move":
            assert arrows, step.caption
        else:
            assert not arrows, step.caption


@pytest.mark.parametrize("path", real_files(3), ids=lambda p: p.name[:24])
def test_real_matches_step_by_step(path: Path) -> None:
    record = viewer.load_record(path)
    assert record.games == read_mat(path.read_text(encoding="utf-8-sig")).games
    shown = viewer.steps(record)
    check_steps(record, shown)
    check_pictures(shown[:: max(1, len(shown) // 60)])
    match = read_mat(path.read_text(encoding="utf-8-sig")).match
    assert match is not None
    a, b = match.scores
    assert shown[-1].score.startswith(f"{record.players[0]} {a}, {record.players[1]} {b}")


@pytest.mark.parametrize("name", nardy.variant_names())
def test_every_variant_step_by_step(name: str) -> None:
    match = self_play(name)
    record = viewer.Record.of(match)
    shown = viewer.steps(match)
    check_steps(record, shown)
    check_pictures(shown[::5])
    assert shown[-1].score.endswith("match to 1")


def test_a_named_double_step_outlines_the_one_two_of_the_side_naming() -> None:
    game = named_double().name_double(5)
    (step,) = [s for s in viewer.steps(game) if s.caption.endswith("names 55")]
    # White played pool/24 pool/23 and names the double: his own 24 and 23, at the top right.
    assert sorted(outlined(step.picture)) == [23, 24]


def test_cube_actions_and_the_score_in_captions() -> None:
    record = viewer.read_record(GALAXY, "galaxy.mat")
    captions = [s.caption for s in viewer.steps(record)]
    assert any(re.fullmatch(r"\w+ \((white|black)\) doubles to \d+", c) for c in captions)
    assert any(re.fullmatch(r"\w+ \((white|black)\) takes", c) for c in captions) or any(
        "drops" in c for c in captions
    )
    assert captions[1].startswith("opening roll ")


def page_data(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="nardy-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def test_page_holds_every_step_exactly() -> None:
    record = viewer.read_record(GALAXY, "galaxy.mat")
    page = viewer.html(record)
    data = page_data(page)
    lines, steps = data["lines"], data["steps"]
    assert isinstance(lines, list)
    assert isinstance(steps, list)
    shown = viewer.steps(record)
    assert len(steps) == len(shown)
    for got, want in zip(steps, shown):
        picture = "\n".join(lines[int(k, 36)] for k in got["p"].split(","))
        assert picture == want.picture.split("\n", 1)[1]
        assert (got["g"], got["c"], got["s"]) == (want.game, want.caption, want.score)
    # Shared lines keep the page small: far fewer lines than the steps' lines together.
    assert len(lines) * 5 < sum(len(s["p"].split(",")) for s in steps)


def test_page_is_self_contained() -> None:
    page = viewer.html(self_play("plakoto"))
    assert "<script src" not in page
    assert "<link" not in page
    assert "@import" not in page
    assert set(re.findall(r"https?://[^\s\\\"'<>]+", page)) <= {"http://www.w3.org/2000/svg"}
    assert set(re.findall(r"url\([^)]*\)", page)) <= {"url(#arrowhead)"}


def test_page_escapes_names_and_title() -> None:
    game = self_play("backgammon").games[0]
    record = viewer.Record(games=(game,), players=("</script><b>x", "A & B"))
    page = viewer.html(record)
    assert page.count("</script>") == 2  # the data's and the program's, nothing in between
    assert "<title>&lt;/script&gt;&lt;b&gt;x vs A &amp; B</title>" in page
    data = page_data(page)
    steps = data["steps"]
    assert isinstance(steps, list)
    assert steps[0]["s"].startswith("</script><b>x 0, A & B 0")
    assert "<title>Mine</title>" in viewer.html(record, title="Mine")


def test_records_of_every_kind_read(tmp_path: Path) -> None:
    match = read_mat(GALAXY).match
    assert match is not None
    games = match.games
    for name, text in [
        ("m.json", match.to_json()),
        ("g.json", games[0].to_json()),
        ("m.sgf", write_sgf(match, ("ann", "bob"), ())),
        ("m.mat", GALAXY),
    ]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        record = viewer.load_record(path)
        assert [g.history for g in record.games] == [g.history for g in games][: len(record.games)]
        # Without a telling extension the text decides.
        assert viewer.read_record(text).games == record.games
    assert viewer.read_record(games[0].to_json()).length == 0
    assert viewer.read_record(GALAXY).players == ("ann", "bob")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a JSON record"),
        ('{"format": "chess"}', '"format": "nardy-game" or "nardy-match"'),
        ("[1, 2]", '"format"'),
        (
            '{"format": "nardy-game", "variant": "backgammon", "actions": [{"action": "fly"}]}',
            "x.json",
        ),
        ("; nothing here", "x.json"),
    ],
)
def test_bad_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        viewer.read_record(text, "x.json")


def test_bad_sources() -> None:
    with pytest.raises(RecordError, match="not 42"):
        viewer.Record.of(42)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="no game"):
        viewer.html(viewer.Record(games=()))
    game = self_play("backgammon").games[0]
    with pytest.raises(RecordError, match="tuple of Games"):
        viewer.Record(games=[game])  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="two names"):
        viewer.Record(games=(game,), players=("solo",))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="length"):
        viewer.Record(games=(game,), length=-1)
    with pytest.raises(RecordError, match="longer than any record"):
        viewer.read_record(" " * (viewer.RECORD_LIMIT + 1))


def test_view_command(tmp_path: Path, capsys: Capture) -> None:
    mat = tmp_path / "galaxy.mat"
    mat.write_text(GALAXY, encoding="utf-8")
    out = tmp_path / "galaxy.html"
    assert main(["view", str(mat), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == viewer.html(viewer.read_record(GALAXY, str(mat)))
    assert main(["view", str(mat), "--title", "T"]) == 0
    assert "<title>T</title>" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "x"}', encoding="utf-8")
    assert main(["view", str(bad), "-o", str(out)]) == 1
    assert "bad.json" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "missing.mat")]) == 1
    assert "missing.mat" in capsys.readouterr().err
