"""The text board: ASCII by default, and its Unicode form read back to the position's counts."""

from __future__ import annotations

import pytest

import nardy
from nardy import Side
from nardy.errors import InvalidOptionError
from test_svg import sample

WHITE, BLACK = "\u25cb", "\u25cf"
GLYPHS = {WHITE: Side.WHITE, BLACK: Side.BLACK}


def read_unicode(text: str) -> tuple[dict[int, list[Side]], dict[int, int], dict[Side, int]]:
    """Read a Unicode board back: per point the sides from the edge up, the totals, the bar.

    A point with a count row shows its first four checkers; the count gives
    the total (the hidden ones are the colour of the fourth, the top stack).
    """
    lines = text.splitlines()
    top = list(lines[3:8])
    low = list(lines[9:14])[::-1]  # from the edge up
    numbers = {"top": list(range(13, 25)), "low": list(range(12, 0, -1))}
    seen: dict[int, list[Side]] = {}
    totals: dict[int, int] = {}
    bar: dict[Side, int] = {Side.WHITE: 0, Side.BLACK: 0}
    for half, rows in (("top", top), ("low", low)):
        for k, q in enumerate(numbers[half]):
            col = 1 + 3 * k + (5 if k >= 6 else 0)
            cells = [row[col : col + 3] for row in rows]
            sides = [GLYPHS[c.strip()] for c in cells if c.strip() in GLYPHS]
            counts = [int(c) for c in cells if c.strip().isdigit()]
            seen[q] = sides
            totals[q] = counts[0] if counts else len(sides)
        cell = rows[-1][20:23].strip()
        if cell:
            bar[GLYPHS[cell[-1]]] = int(cell[:-1])
    return seen, totals, bar


def expected(position: nardy.Position, numbering: Side) -> dict[int, list[Side]]:
    """Per point in ``numbering``'s numbers, the sides from the edge up (a pinned checker first)."""
    opp = position.variant.geometry.opponent_point
    out: dict[int, list[Side]] = {q: [] for q in range(1, 25)}
    for side in (Side.WHITE, Side.BLACK):
        pins = position.pinned(side)
        for i, n in enumerate(position.checkers(side)):
            q = i + 1 if side is numbering else opp(i + 1)
            if i + 1 in pins:
                out[q] = [side, *out[q]]
                n -= 1
            out[q] += [side] * n
    return out


@pytest.mark.parametrize("name", nardy.variant_names())
@pytest.mark.parametrize("numbering", [Side.WHITE, Side.BLACK])
def test_unicode_board_shows_every_checker(name: str, numbering: Side) -> None:
    for position in [nardy.find_variant(name).starting_position(), *sample(name, 12)]:
        text = position.diagram(numbering, unicode=True)
        seen, totals, bar = read_unicode(text)
        want = expected(position, numbering)
        for q in range(1, 25):
            assert totals[q] == len(want[q]), (q, text)
            assert seen[q] == want[q][: 4 if len(want[q]) > 5 else 5], (q, text)
        if position.variant.has_bar:
            assert bar == {s: position.bar(s) for s in Side}
        if nardy.POOL in position.variant.extra_state:  # the checkers not entered yet
            w, b = position.extra(Side.WHITE)["pool"], position.extra(Side.BLACK)["pool"]
            assert f"pool {WHITE} {w} {BLACK} {b}" in text
        w, b = position.pip_count(Side.WHITE), position.pip_count(Side.BLACK)
        assert f"pips {WHITE} {w} {BLACK} {b}" in text
        assert f"off {WHITE} {position.off(Side.WHITE)} {BLACK} {position.off(Side.BLACK)}" in text


def test_unicode_start_hand_checked() -> None:
    text = nardy.Backgammon().starting_position().diagram(unicode=True)
    assert text == "\n".join(
        [
            "backgammon: white (\u25cb) to move",
            "  13 14 15 16 17 18      19 20 21 22 23 24",
            "┌──────────────────┬───┬──────────────────┐",
            "│ ○           ●    │   │ ●              ○ │",
            "│ ○           ●    │   │ ●              ○ │",
            "│ ○           ●    │   │ ●                │",
            "│ ○                │   │ ●                │",
            "│ ○                │   │ ●                │",
            "│                  │   │                  │",
            "│ ●                │   │ ○                │",
            "│ ●                │   │ ○                │",
            "│ ●           ○    │   │ ○                │",
            "│ ●           ○    │   │ ○              ● │",
            "│ ●           ○    │   │ ○              ● │",
            "└──────────────────┴───┴──────────────────┘",
            "  12 11 10 9  8  7       6  5  4  3  2  1",
            "bar ○ 0 ● 0   off ○ 0 ● 0   pips ○ 167 ● 167",
        ]
    )


def test_unicode_tall_stack_pins_and_bar() -> None:
    plakoto = nardy.find_variant("plakoto")
    pinned = plakoto.from_counts(
        {24: 5, 6: 2, 3: 1, 12: 1, 18: 3},
        {24: 6, 20: 2, 7: 1, 13: 2},
        pins={Side.WHITE: [12], Side.BLACK: [7]},
    )
    lines = pinned.diagram(unicode=True).splitlines()
    # White's 12 (bottom row, first column): the pinned white checker at the edge, two black on it.
    assert [lines[13][1:4], lines[12][1:4], lines[11][1:4]] == [" ○ ", " ● ", " ● "]
    # Black's 6 on white's 1: the fifth row gives the count.
    assert lines[9][39:42] == " 6 "
    assert lines[-1] == "pinned ○ 12   ● 18"
    closed = nardy.Backgammon().from_counts(
        {1: 2, 2: 2, 3: 2, 4: 3, 5: 2, 6: 3}, {1: 2, 11: 5}, bar=(1, 2), turn=Side.BLACK
    )
    lines = closed.diagram(unicode=True).splitlines()
    assert lines[7][20:23] == " 1○"
    assert lines[9][20:23] == " 2●"
    assert closed.diagram(Side.BLACK, unicode=True).splitlines()[7][20:23] == " 2●"


@pytest.mark.parametrize("name", nardy.variant_names())
def test_str_stays_ascii(name: str) -> None:
    for position in [nardy.find_variant(name).starting_position(), *sample(name, 5)]:
        assert str(position).isascii()
        assert position.diagram() == str(position)
        assert position.diagram(unicode=False) == str(position)


def test_unicode_flag_is_checked() -> None:
    with pytest.raises(InvalidOptionError, match="unicode"):
        nardy.Backgammon().starting_position().diagram(unicode="yes")  # type: ignore[arg-type]


def label_numbers(line: str) -> tuple[list[int], str]:
    """The point numbers of a line of labels, and the side it names at its end ('' if none)."""
    words = line.replace("|", " ").split()
    named = words[-1] if words[-1] in ("white", "black") else ""
    return [int(w) for w in (words[:-1] if named else words)], named


@pytest.mark.parametrize("name", ["backgammon", "long-nardy", "plakoto", "fevga", "hypergammon"])
@pytest.mark.parametrize("numbering", [Side.WHITE, Side.BLACK])
@pytest.mark.parametrize("unicode", [False, True])
def test_both_numberings_label_every_point_for_each_side(
    name: str, numbering: Side, unicode: bool
) -> None:
    position = nardy.find_variant(name).starting_position()
    opp = position.variant.geometry.opponent_point
    plain = position.diagram(numbering, unicode=unicode).splitlines()
    both = position.diagram(numbering, unicode=unicode, both_numberings=True).splitlines()
    assert both[0] == plain[0].split(" to move")[0] + " to move, points numbered for both sides"
    inner, outer = numbering.name.lower(), numbering.opponent.name.lower()
    # Outside labels, the plain board's labels (named), the cells, the same below.
    above, top, low, below = both[1], both[2], both[-3], both[-2]
    assert label_numbers(top) == (list(range(13, 25)), inner)
    assert label_numbers(low) == (list(range(12, 0, -1)), inner)
    assert label_numbers(above) == ([opp(q) for q in range(13, 25)], outer)
    assert label_numbers(below) == ([opp(q) for q in range(12, 0, -1)], outer)
    # Each other number stands right above (or below) the point it numbers.
    for outside, inside in ((above, top), (below, low)):
        for q, other in zip(label_numbers(inside)[0], label_numbers(outside)[0]):
            at = inside.index(f" {q:<2}" if unicode else f"{q:>3}")
            assert outside[at : at + 3].strip() == str(other)
    # The rest is the plain board, line for line.
    rest = [line.removesuffix(f"  {inner}").rstrip() for line in both[2:-2] + both[-1:]]
    assert rest == [line.rstrip() for line in plain[1:]]
