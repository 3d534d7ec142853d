"""SVG boards: valid XML, every checker drawn where the position has it, snapshots."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Side
from nardy.game.actions import CubeState
from nardy.pictures import svg
from strategies import positions, random_positions
from strategies_tavli import random_tavli_positions, tavli_positions

NS = "{http://www.w3.org/2000/svg}"
DATA = Path(__file__).parent / "data" / "svg"
VARIANTS = nardy.variant_names()


def sample(name: str, n: int = 30) -> list[nardy.Position]:
    """Seeded positions of every kind the test generators know for ``name``."""
    variant = nardy.find_variant(name)
    if name in ("plakoto", "fevga"):
        return [p for _, p in random_tavli_positions(variant, n, "svg")]
    if variant.geometry is nardy.Geometry.ROTATE or not variant.has_bar:
        # (the constructed kinds are backgammon's, with checkers on the bar)
        return [p for _, p in random_positions(variant, n, "svg", kinds=("selfplay",))]
    return [p for _, p in random_positions(variant, n, "svg")]


def drawn(text: str) -> Counter[tuple[str, str]]:
    """(side, place) -> checkers drawn; place is ``point-N``, ``bar``, ``off`` or ``pool``.

    A pool (checkers not entered yet) is one checker with its count written
    on it, the next element: it counts as that many.
    """
    root = ET.fromstring(text.encode())
    assert root.tag == f"{NS}svg"
    assert root.get("version") == "1.1"
    out: Counter[tuple[str, str]] = Counter()
    elements = list(root.iter())
    for i, el in enumerate(elements):
        classes = (el.get("class") or "").split()
        if "checker" in classes:
            if classes[2] == "pool":
                label = elements[i + 1]
                assert label.get("class") == "count", "a pool's checker carries its count"
                out[(classes[1], classes[2])] += int(label.text or "0")
            else:
                out[(classes[1], classes[2])] += 1
    return out


def expected(position: nardy.Position) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for side in (Side.WHITE, Side.BLACK):
        for i, n in enumerate(position.checkers(side)):
            if n:
                out[(str(side), f"point-{i + 1}")] = n
        places = [("bar", position.bar(side)), ("off", position.off(side))]
        if nardy.POOL in position.variant.extra_state:
            pool = position.extra(side)["pool"]
            assert isinstance(pool, int)
            places.append(("pool", pool))
        for place, n in places:
            if n:
                out[(str(side), place)] = n
    return out


def pinned_drawn(text: str) -> set[tuple[str, str]]:
    root = ET.fromstring(text.encode())
    return {
        tuple((el.get("class") or "").split()[1:3])  # type: ignore[misc]
        for el in root.iter()
        if "pinned" in (el.get("class") or "").split()
    }


@pytest.mark.parametrize("name", VARIANTS)
def test_every_checker_is_drawn_where_it_is(name: str) -> None:
    for position in sample(name):
        for flipped in (False, True):
            for home in ("right", "left"):
                text = svg.board(position, flipped=flipped, home=home)
                assert drawn(text) == expected(position), position.id()


@pytest.mark.parametrize("name", VARIANTS)
def test_start_positions_parse_and_count(name: str) -> None:
    start = nardy.find_variant(name).starting_position()
    text = svg.board(start, dice=(6, 5), cube=2)
    assert drawn(text) == expected(start)
    assert sum(drawn(text).values()) == 2 * start.variant.checkers


def test_pinned_checkers_are_marked_under_the_pinner() -> None:
    plakoto = nardy.find_variant("plakoto")
    seen = 0
    for position in sample("plakoto", 40):
        want = {(str(s), f"point-{p}") for s in Side for p in position.pinned(s)}
        text = svg.board(position)
        assert pinned_drawn(text) == want
        seen += len(want)
        root = ET.fromstring(text.encode())
        circles = [el for el in root.iter(f"{NS}circle") if "checker" in (el.get("class") or "")]
        for side, place in want:
            # The pinned checker is the one nearest the edge of its point.
            other = "black" if side == "white" else "white"
            p = int(place.split("-")[1])
            v = p if side == "white" else 25 - p
            q = 25 - v
            on_point = [
                el
                for el in circles
                if (el.get("class") or "").split()[1:3] in ([side, place], [other, f"point-{q}"])
            ]
            ys = [float(el.get("cy") or 0) for el in on_point]
            pin = next(el for el in on_point if "pinned" in (el.get("class") or ""))
            edge = min(ys) if v > 12 else max(ys)
            assert float(pin.get("cy") or 0) == edge
    assert seen > 10
    assert plakoto.contact is nardy.Contact.PIN


def swap(position: nardy.Position) -> nardy.Position:
    """The same picture with the colours exchanged (white's checkers become black's)."""
    v = position.variant
    counts = [
        {i + 1: n for i, n in enumerate(position.checkers(s)) if n}
        for s in (Side.WHITE, Side.BLACK)
    ]
    pins = None
    if v.contact is nardy.Contact.PIN:
        pins = {Side.WHITE: list(position.pinned(Side.BLACK)),
                Side.BLACK: list(position.pinned(Side.WHITE))}  # fmt: skip
    return v.from_counts(
        counts[1], counts[0], bar=(position.bar(Side.BLACK), position.bar(Side.WHITE)),
        turn=position.turn.opponent, pins=pins,
    )  # fmt: skip


def geometry(text: str) -> list[tuple[str, ...]]:
    """Every shape, its colour class left out: what stays when the colours are exchanged."""
    root = ET.fromstring(text.encode())
    out = []
    for el in root.iter():
        keep = {k: v for k, v in el.attrib.items() if k not in ("class", "fill", "stroke")}
        out.append((el.tag, *sorted(f"{k}={v}" for k, v in keep.items())))
    return sorted(out)


@pytest.mark.parametrize("name", ["backgammon", "long-nardy", "plakoto", "kush"])
def test_flipping_is_exchanging_colours_and_twice_is_the_identity(name: str) -> None:
    for position in sample(name, 10):
        assert swap(swap(position)) == position
        flipped = svg.board(swap(position), flipped=True, pips=False, names=["a", "b"][::-1])
        plain = svg.board(position, pips=False, names=["a", "b"])
        assert geometry(flipped) == geometry(plain)
        assert drawn(svg.board(position, flipped=True)) == drawn(svg.board(position))


def test_output_is_deterministic_and_options_apply() -> None:
    start = nardy.Backgammon().starting_position()
    assert svg.board(start) == svg.board(start)
    assert 'width="300"' in svg.board(start, size=300)
    assert "width=" not in svg.board(start, size=None).split("viewBox")[0].split("<svg")[1]
    assert "#123456" in svg.board(start, colors={"field": "#123456"})
    for bad in ({"home": "up"}, {"size": 0}, {"size": True}, {"colors": {"nope": "#fff"}},
                {"colors": {"field": "<x>"}}, {"names": ["one"]}):  # fmt: skip
        with pytest.raises(svg.SvgOptionError):
            svg.board(start, **bad)
    assert issubclass(svg.SvgOptionError, nardy.NardyError)


def test_play_arrows_and_hits() -> None:
    bg = nardy.Backgammon()
    position = bg.from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 6: 5, 8: 3, 13: 5, 20: 1})
    play = position.parse_play("13/11 6/1*", (5, 2))
    root = ET.fromstring(svg.board(position, play=play, dice=(5, 2)).encode())
    arrows = [el for el in root.iter(f"{NS}line") if "arrow" in (el.get("class") or "")]
    assert len(arrows) == len(play.steps)
    hits = [el for el in root.iter(f"{NS}circle") if el.get("class") == "hit"]
    assert len(hits) == 1
    dice = [el for el in root.iter(f"{NS}rect") if el.get("class") == "die"]
    assert len(dice) == 2


def cube_class(state: CubeState) -> str:
    text = svg.board(nardy.Backgammon().starting_position(), cube=state)
    root = ET.fromstring(text.encode())
    (rect,) = [el for el in root.iter(f"{NS}rect") if "cube" in (el.get("class") or "").split()]
    (value,) = [el.text for el in root.iter(f"{NS}text") if el.get("class") == "cube-value"]
    return f"{rect.get('class')} {value}"


def test_cube_states() -> None:
    assert cube_class(CubeState()) == "cube centred 64"
    assert cube_class(CubeState(value=4, owner=Side.WHITE)) == "cube owned white 4"
    assert (
        cube_class(CubeState(value=2, owner=Side.BLACK, offered_by=Side.WHITE)) == "cube offered 4"
    )


def game_cube_value(game: nardy.Game) -> str:
    root = ET.fromstring(svg.game(game).encode())
    (value,) = [el.text for el in root.iter(f"{NS}text") if el.get("class") == "cube-value"]
    return str(value)


def test_a_pending_double_beaver_and_raccoon_show_the_value_on_the_table() -> None:
    game = nardy.Game.new("backgammon", rng=3, beaver=True, raccoon=True).roll()
    game = game.play(0).double()
    assert game_cube_value(game) == "2"
    game = game.beaver()
    assert game_cube_value(game) == "4"
    game = game.raccoon()
    assert game_cube_value(game) == "8"
    assert game_cube_value(game.take()) == "8"


@pytest.mark.parametrize(
    ("name", "build"),
    [
        ("backgammon-start", lambda: svg.board(nardy.Backgammon().starting_position(), dice=(3, 1))),
        ("long-nardy-start", lambda: svg.board(nardy.find_variant("long-nardy").starting_position(), cube=2)),
        ("plakoto-flipped", lambda: svg.board(sample("plakoto", 1)[0], flipped=True, home="left")),
    ],
)  # fmt: skip
def test_snapshots(name: str, build: object) -> None:
    text = build()  # type: ignore[operator]
    path = DATA / f"{name}.svg"
    assert text == path.read_text(encoding="utf-8")


@settings(max_examples=40, deadline=None)
@given(positions(nardy.Backgammon()))
def test_hypothesis_backgammon(position: nardy.Position) -> None:
    assert drawn(svg.board(position)) == expected(position)


@settings(max_examples=40, deadline=None)
@given(tavli_positions(nardy.find_variant("plakoto")))
def test_hypothesis_plakoto(position: nardy.Position) -> None:
    assert drawn(svg.board(position, flipped=True)) == expected(position)


def shown(obj: object, kind: str = "svg") -> str:
    """What Jupyter shows: it looks up ``_repr_<kind>_`` by name, as here."""
    text = getattr(obj, f"_repr_{kind}_")()
    assert isinstance(text, str)
    return text


def test_jupyter_displays() -> None:
    game = nardy.Game.new("backgammon", rng=1).roll()
    assert drawn(shown(game)) == expected(game.position)
    assert shown(game.position) == svg.board(game.position)
    assert "die" in shown(game)
    match = nardy.Match.new("backgammon", 3, rng=1).roll()
    assert "0/3" in shown(match)
    plays = game.legal_plays()
    html = shown(plays, "html")
    assert html.count("<tr>") == len(plays) + 1
    ET.fromstring(f"<div>{html}</div>")


def test_the_readme_picture_is_what_nardy_draws() -> None:
    pos = nardy.Backgammon().starting_position()
    play = pos.parse_play("8/5 6/5", (3, 1))
    text = svg.board(pos.apply(play), last_play=play, size=480)
    readme = Path(__file__).parent.parent / "docs" / "images" / "backgammon-31.svg"
    assert text == readme.read_text(encoding="utf-8")


NAME_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)


@given(st.lists(NAME_TEXT, min_size=2, max_size=2))
def test_any_player_names_are_escaped(names: list[str]) -> None:
    # Names carry &, <, >, quotes and any printable character: the SVG still
    # parses, and each name comes back unchanged in its text.
    root = ET.fromstring(svg.board(nardy.Backgammon().starting_position(), names=names).encode())
    texts = "".join(el.text or "" for el in root.iter(f"{NS}text"))
    for name in names:
        assert name in texts


# --- the last play of a turn that goes on ------------------------------------------------


def named_double() -> nardy.Game:
    """Acey-deucey after white's 1-2 (pool/24 pool/23): white names a double and plays on."""
    game = nardy.Game.new("acey-deucey", starter=Side.WHITE, rng=7).roll((1, 2))
    return game.play("pool/24 pool/23")


def cascade() -> nardy.Game:
    """Gul bara between two segments of white's cascade: 5-5 played, 6-6 to come."""
    game = nardy.Game.new("gul-bara", rng=3).roll((5, 3))
    for dice in [(3, 3), (2, 2), (1, 1), (2, 2), (4, 4), (1, 1)]:  # the opening rolls
        game = game.roll(dice).play(0)
    return game.roll((5, 5)).play("24/19(3) 23/18")


def failed_cascade() -> nardy.Game:
    """Gul bara: white's cascade failed on the 5s; black plays the rest (5x3, then 66)."""
    board = [0, 14, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, -14, 0, 0, 0, 0, 0, 0]
    start = nardy.find_variant("gul-bara").position(board, rolls=[3, 3])
    return nardy.Game.new("gul-bara", start=start, rng=5).roll((5, 5)).play("14/9")


def triangles(root: ET.Element) -> list[tuple[int, float, float, bool]]:
    """Each point's triangle: its number for the viewer, its left and right x, whether at the top."""
    out = []
    for el in root.iter(f"{NS}path"):
        classes = (el.get("class") or "").split()
        if "point" not in classes:
            continue
        (view,) = [int(c[5:]) for c in classes if c.startswith("view-")]
        corners = [c.split(",") for c in (el.get("d") or "").replace("M", "").split(" L")]
        xs = [float(x) for x, _ in corners]
        base, tip = float(corners[0][1]), float(corners[2][1].rstrip(" z"))
        out.append((view, min(xs), max(xs), tip > base))
    return out


def field_middle(root: ET.Element) -> float:
    """The y of the field's middle, from the field's own rectangle."""
    field = next(el for el in root.iter(f"{NS}rect") if el.get("class") == "field")
    return float(field.get("y") or 0) + float(field.get("height") or 0) / 2


Box = tuple[float, float, float, float]


def outlined(text: str) -> dict[int, Box]:
    """The outlined points, by the viewer's number of the triangle each outline surrounds."""
    root = ET.fromstring(text.encode())
    points = triangles(root)
    middle = field_middle(root)
    out = {}
    for el in root.iter(f"{NS}rect"):
        if "last" not in (el.get("class") or "").split():
            continue
        x, y = float(el.get("x") or 0), float(el.get("y") or 0)
        box = (x, y, x + float(el.get("width") or 0), y + float(el.get("height") or 0))
        top = (box[1] + box[3]) / 2 < middle
        centre = (box[0] + box[2]) / 2
        (view,) = [v for v, lo, hi, t in points if lo <= centre <= hi and t == top]
        out[view] = box
    return out


def checker_centres(text: str, side: Side, point: int) -> list[tuple[float, float]]:
    """Where ``side``'s checkers on his point ``point`` are drawn."""
    root = ET.fromstring(text.encode())
    want = ["checker", str(side), f"point-{point}"]
    return [
        (float(el.get("cx") or 0), float(el.get("cy") or 0))
        for el in root.iter(f"{NS}circle")
        if (el.get("class") or "").split()[:3] == want
    ]


def check_last_play(game: nardy.Game, mover: Side) -> None:
    """The outlines surround the points ``mover``'s last play moved from and to, as drawn."""
    index = max(i for i, a in enumerate(game.history) if a.kind is nardy.ActionKind.PLAY)
    last = game.history[index]
    assert last.side is mover
    assert last.play is not None
    before = list(game.states())[index].position.checkers(mover)
    landed = {p for p in range(1, 25) if game.position.checkers(mover)[p - 1] > before[p - 1]}
    assert landed
    points = {p for s in last.play.steps for p in (s.src, s.dst) if 1 <= p <= 24}
    geometry = game.variant.geometry
    for flipped in (False, True):
        for home in ("right", "left"):
            text = svg.game(game, flipped=flipped, home=home)
            boxes = outlined(text)
            viewer = Side.BLACK if flipped else Side.WHITE
            mine = {p if mover is viewer else geometry.opponent_point(p) for p in points}
            assert set(boxes) == mine, (flipped, home)
            # A person sees the moved checkers inside the outlines.
            for p in points:
                for cx, cy in checker_centres(text, mover, p):
                    assert any(x0 < cx < x1 and y0 < cy < y1 for x0, y0, x1, y1 in boxes.values())
            assert all(checker_centres(text, mover, p) for p in landed)


def test_a_named_double_outlines_the_play_of_the_side_still_to_move() -> None:
    game = named_double()
    assert game.phase is nardy.Phase.DECIDE
    check_last_play(game, Side.WHITE)
    game = game.name_double(5)
    assert game.position.turn is Side.WHITE
    check_last_play(game, Side.WHITE)


def test_a_cascade_outlines_the_segment_just_played() -> None:
    game = cascade()
    assert game.position.turn is Side.WHITE
    assert game.turn_state.pending
    check_last_play(game, Side.WHITE)
    # The moves handed over: the roller's failed segment, then the recipient's own.
    failed = failed_cascade()
    assert failed.position.turn is Side.BLACK
    assert failed.turn_state.handed_over
    check_last_play(failed, Side.WHITE)
    recipient = failed.play(0)
    assert recipient.position.turn is Side.BLACK
    assert recipient.turn_state.pending
    check_last_play(recipient, Side.BLACK)


@pytest.mark.parametrize("name", ["backgammon", "long-nardy"])
def test_an_ordinary_turn_outlines_the_opponents_play_as_before(name: str) -> None:
    game = nardy.Game.new(name, rng=11)
    for _ in range(6):
        game = game.roll()
        game = game.play(len(game.legal_plays()) - 1)
        check_last_play(game, game.position.turn.opponent)
        last = [a for a in game.history if a.kind is nardy.ActionKind.PLAY][-1].play
        # The same picture as the board's default: the play of the side not to move.
        cube = game.cube if game.options.cube else None
        assert svg.game(game) == svg.board(game.position, cube=cube, last_play=last)


def test_last_mover_must_be_a_side() -> None:
    start = nardy.Backgammon().starting_position()
    play = start.parse_play("8/5 6/5", (3, 1))
    with pytest.raises(svg.SvgOptionError, match="last_mover"):
        svg.board(start.apply(play), last_play=play, last_mover="grey")  # type: ignore[arg-type]


# --- what a person reads: the turn's text, the pool's count, the bar ---------------------


def luminance(colour: str) -> float:
    """The WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def texts_of(text: str, cls: str) -> list[ET.Element]:
    return [el for el in ET.fromstring(text.encode()).iter(f"{NS}text") if el.get("class") == cls]


def test_the_text_on_the_field_can_be_read() -> None:
    shown = {
        "turn-state": svg.game(named_double()),
        "moves": svg.game(failed_cascade()),  # a 5-5 of three moves: "x3" beside the dice
    }
    assert [el.text for el in texts_of(shown["turn-state"], "turn-state")] == [
        "to name a double; then rolls again"
    ]
    assert [el.text for el in texts_of(shown["moves"], "turn-state")] == ["then 66; handed over"]
    for cls, text in shown.items():
        (written,) = texts_of(text, cls)
        # WCAG AA for text of this size, against the field the text stands on.
        assert contrast(written.get("fill") or "", svg.DEFAULT_COLORS["field"]) >= 4.5
        # Written on the field (not on the frame or the bar).
        x = float(written.get("x") or 0)
        root = ET.fromstring(text.encode())
        fields = [el for el in root.iter(f"{NS}rect") if el.get("class") == "field"]
        spans = [(float(f.get("x") or 0), float(f.get("width") or 0)) for f in fields]
        assert any(x0 < x < x0 + width for x0, width in spans)
    recoloured = svg.game(named_double(), colors={"field_text": "#000080"})
    assert texts_of(recoloured, "turn-state")[0].get("fill") == "#000080"


def text_box(el: ET.Element) -> Box:
    """A generous box around a text element (wider than any sans-serif face draws it)."""
    size = float(el.get("font-size") or 0)
    width = 0.7 * size * len(el.text or "")
    x, y = float(el.get("x") or 0), float(el.get("y") or 0)
    return (x - width / 2, y - size, x + width / 2, y + 0.3 * size)


def crosses(line: ET.Element, box: Box) -> bool:
    """Whether the line, as thick as its stroke, touches ``box`` (Liang-Barsky clipping)."""
    x1, y1, x2, y2 = (float(line.get(k) or 0) for k in ("x1", "y1", "x2", "y2"))
    pad = float(line.get("stroke-width") or 0) / 2
    left, top, right, bottom = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    lo, hi = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    return lo <= hi


def entering_pictures() -> list[tuple[str, str]]:
    """Every play of a few rolls from the pool, drawn from both sides with the home either side."""
    out = []
    for name, rolls in (
        ("acey-deucey", [(1, 2), (6, 5), (4, 4)]),
        ("tabula", [(6, 5, 1), (2, 2, 3)]),
        ("russian", [(6, 5), (3, 3)]),
        ("dutch", [(5, 2), (1, 1)]),
    ):
        variant = nardy.find_variant(name)
        for position in (variant.starting_position(), variant.starting_position(Side.BLACK)):
            for roll in rolls:
                for play in position.legal_plays(roll):
                    for flipped in (False, True):
                        for home in ("right", "left"):
                            text = svg.board(
                                position, play=play, dice=roll, flipped=flipped, home=home
                            )
                            out.append((f"{name} {position.turn} {play} {flipped} {home}", text))
    return out


def test_entry_arrows_leave_the_pools_count_and_label_clear() -> None:
    pictures = entering_pictures()
    assert len(pictures) > 100
    for where, text in pictures:
        root = ET.fromstring(text.encode())
        arrows = [el for el in root.iter(f"{NS}line") if "arrow" in (el.get("class") or "")]
        assert arrows, where
        written = [
            el for el in root.iter(f"{NS}text") if el.get("class") in ("count", "counter-label")
        ]
        assert len(written) == 4, where  # a count and a label for each side's pool
        for el in written:
            assert not any(crosses(line, text_box(el)) for line in arrows), (where, el.text)


def point_labels(root: ET.Element) -> dict[int, tuple[float, float]]:
    """Where each point's number is written over or under the board: ``(x, y)``."""
    labels: dict[int, tuple[float, float]] = {}
    for el in root.iter(f"{NS}text"):
        text = el.text or ""
        if text.isdigit() and el.get("class") is None and 1 <= int(text) <= 24:
            labels[int(text)] = (float(el.get("x") or 0), float(el.get("y") or 0))
    return labels


@pytest.mark.parametrize("flipped", [False, True])
def test_russian_backgammon_s_one_track_carries_both_sides(flipped: bool) -> None:
    # Same track: each point has one number for both sides, and every checker, white or
    # black, stands on the triangle written with its point's number in its own numbering.
    seen = set()
    for position in sample("russian", 20):
        root = ET.fromstring(svg.board(position, flipped=flipped).encode())
        labels = point_labels(root)
        assert sorted(labels) == list(range(1, 25))
        middle = (labels[1][1] + labels[24][1]) / 2
        for el in root.iter(f"{NS}circle"):
            classes = (el.get("class") or "").split()
            if "checker" in classes and classes[2].startswith("point-"):
                x, y = labels[int(classes[2].removeprefix("point-"))]
                cx, cy = float(el.get("cx") or 0), float(el.get("cy") or 0)
                assert cx == x, (position.id(), classes)
                assert (cy < middle) == (y < middle), (position.id(), classes)
                seen.add(classes[1])
    assert seen == {"white", "black"}


def test_the_pool_counter_is_labelled() -> None:
    position = nardy.find_variant("acey-deucey").starting_position()
    root = ET.fromstring(svg.board(position).encode())
    groups = [el for el in root.iter(f"{NS}g") if "counter" in (el.get("class") or "").split()]
    assert sorted(g.get("class") or "" for g in groups) == ["counter black", "counter white"]
    for group in groups:
        side = (group.get("class") or "").split()[1]
        assert group.findtext(f"{NS}title") == f"15 {side} checkers in the pool"
        labels = [el.text for el in group.iter(f"{NS}text") if el.get("class") == "counter-label"]
        assert labels == ["pool"]
        # Beside the board over the pool's column, in a colour that reads there.
        (label,) = [el for el in group.iter(f"{NS}text") if el.get("class") == "counter-label"]
        assert contrast(label.get("fill") or "", svg.DEFAULT_COLORS["background"]) >= 4.5


def field_gaps(text: str) -> list[float]:
    """The widths of the gaps between neighbouring points of the top row, left to right."""
    root = ET.fromstring(text.encode())
    top = sorted((lo, hi) for _, lo, hi, at_top in triangles(root) if at_top)
    assert len(top) == 12
    return [round(b[0] - a[1], 6) for a, b in pairwise(top)]


@pytest.mark.parametrize("name", VARIANTS)
def test_a_bar_is_drawn_where_the_variant_has_one(name: str) -> None:
    variant = nardy.find_variant(name)
    for home in ("right", "left"):
        text = svg.board(variant.starting_position(), home=home)
        gaps = field_gaps(text)
        root = ET.fromstring(text.encode())
        fields = [el for el in root.iter(f"{NS}rect") if el.get("class") == "field"]
        if variant.has_bar:
            # The points of each half abut; between the halves, room for checkers.
            assert gaps[:5] == gaps[6:] == [0] * 5
            assert gaps[5] >= 36
            assert len(fields) == 2
        else:
            assert gaps == [0] * 11
            assert len(fields) == 1
            # Only a thin line parts the halves, between the sixth and seventh points.
            (hinge,) = [el for el in root.iter(f"{NS}line") if el.get("class") == "hinge"]
            middle = float(fields[0].get("x") or 0) + float(fields[0].get("width") or 0) / 2
            assert float(hinge.get("x1") or 0) == float(hinge.get("x2") or 0) == middle
            assert float(hinge.get("stroke-width") or 0) <= 2
            # The twelve points fill the field the two halves and the bar took.
            assert float(fields[0].get("width") or 0) == 12 * 40 + 40
