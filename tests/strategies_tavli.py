"""Positions of plakoto and fevga for Hypothesis and seeded sweeps (see ``strategies.py``).

The same :class:`~strategies.Chooser` drives both: each builder draws its
choices through it, so Hypothesis shrinks towards the simple case and the
sweeps use a seeded ``random``.

Plakoto kinds: ``pins`` (both sides spread, some checkers of each pinned),
``bearoff`` (the mover all home, perhaps one of his pinned, perhaps the
opponent still in his home), ``mother`` (the mothers alone on their starting
points, other checkers near them), ``selfplay``.

Fevga kinds: ``start`` (the first checker on its way, the rest on the
24-point), ``quarter`` (the mover holds most of his 19-24), ``prime`` (the
mover holds five or six consecutive points on the opponent's route with
the opponent behind them), ``bearoff``, ``selfplay``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import strategies as st

from nardy import Position, Roll, Side, Variant
from strategies import Chooser, DrawChooser, RandomChooser

__all__ = ["FEVGA_KINDS", "PLAKOTO_KINDS", "random_tavli_positions", "tavli_positions"]

PLAKOTO_KINDS = ("pins", "bearoff", "mother", "selfplay")
FEVGA_KINDS = ("start", "quarter", "prime", "bearoff", "selfplay")
# The opponent's route in the mover's numbering (fevga): 12 -> 1 -> 24 -> 13.
ROUTE = [*range(12, 0, -1), *range(24, 12, -1)]


def _pick(ch: Chooser, options: Sequence[int]) -> int:
    return options[ch.integer(0, len(options) - 1)]


def _selfplay(variant: Variant, ch: Chooser, plies: int) -> Position:
    position = variant.starting_position()
    for _ in range(ch.integer(1, plies)):
        legal = position.legal_plays(Roll(ch.integer(1, 6), ch.integer(1, 6)))
        after = legal.resulting_position(ch.integer(0, len(legal) - 1))
        if after.is_over():
            break
        position = after
    return position


# --- plakoto ------------------------------------------------------------------------


def _plakoto(variant: Variant, kind: str, ch: Chooser) -> Position:
    if kind == "selfplay":
        return _selfplay(variant, ch, 60)
    board = [0] * 25  # index = the mover's point
    pinned: list[int] = []  # my checkers pinned (the opponent's stack on top)
    opp_pinned: list[int] = []  # his checkers pinned (my stack on top)
    mine = theirs = 15
    off = [0, 0]
    if kind == "bearoff":
        # All of mine home or off; perhaps one of mine pinned in or near my
        # home, perhaps an opposing blot in it; the rest of his far away.
        off[0] = ch.integer(0, 12)
        mine -= off[0]
        if ch.integer(0, 1):
            p = ch.integer(1, 8)
            pinned.append(p)
            board[p] = -ch.integer(1, 2)
            theirs += board[p]
            mine -= 1
        if ch.integer(0, 1):
            q = _pick(ch, [x for x in range(1, 7) if board[x] == 0])
            board[q] = -1
            theirs -= 1
        spots = [x for x in range(1, 7) if board[x] >= 0 and x not in pinned]
        for _ in range(mine):
            board[_pick(ch, spots)] += 1
        off[1] = ch.integer(0, theirs - 1)
        for _ in range(theirs - off[1]):
            board[ch.integer(19, 24)] -= 1
    else:
        # pins / mother: spread both sides with a few pins each way.
        for _ in range(ch.integer(0, 3)):
            p = ch.integer(2, 23)
            if board[p] == 0 and p not in pinned and p not in opp_pinned:
                pinned.append(p)
                stack = ch.integer(1, 3)
                board[p] = -stack
                theirs -= stack
                mine -= 1
        for _ in range(ch.integer(0, 3)):
            p = ch.integer(2, 23)
            if board[p] == 0 and p not in pinned and p not in opp_pinned:
                opp_pinned.append(p)
                stack = ch.integer(1, 3)
                board[p] = stack
                mine -= stack
                theirs -= 1
        if kind == "mother":
            # Each mother alone on its starting point; the rest spread near them.
            board[24] = 1
            board[1] = -1
            mine -= 1
            theirs -= 1
        low, high = (2, 23) if kind == "mother" else (1, 24)
        for _ in range(mine):
            spots = [q for q in range(low, high + 1) if board[q] >= 0 and q not in pinned]
            if kind == "mother":
                spots = [q for q in spots if q >= 13] or spots
            board[_pick(ch, spots)] += 1
        for _ in range(theirs):
            spots = [q for q in range(low, high + 1) if board[q] <= 0 and q not in opp_pinned]
            if kind == "mother":
                spots = [q for q in spots if q <= 12] or spots
            board[_pick(ch, spots)] -= 1
    return variant.position(
        board[1:], (0, 0), tuple(off), turn=Side(ch.integer(0, 1)),
        pinned=sorted(pinned), opp_pinned=sorted(opp_pinned),
    )  # fmt: skip


# --- fevga --------------------------------------------------------------------------


def _fevga(variant: Variant, kind: str, ch: Chooser) -> Position:
    if kind == "selfplay":
        return _selfplay(variant, ch, 80)
    board = [0] * 25
    off = [0, 0]
    if kind == "start":
        # My first checker somewhere on its way (maybe already past his start),
        # his likewise; everything else still on the two starting points.
        board[24] = 15
        board[12] = -15
        for sign, head in ((1, 24), (-1, 12)):
            if ch.integer(0, 3):
                spots = [q for q in range(1, 25) if board[q] == 0]
                p = _pick(ch, spots)
                board[p] = sign
                board[head] -= sign
    elif kind in ("quarter", "prime"):
        mine = 15
        if kind == "quarter":
            held = [q for q in range(19, 25) if ch.integer(0, 5)]
        else:
            first = ch.integer(0, len(ROUTE) - 6)
            held = ROUTE[first : first + ch.integer(5, 6)]
        for q in held:
            board[q] = 1
            mine -= 1
        for _ in range(mine):
            board[_pick(ch, held + [q for q in range(1, 25) if board[q] == 0][:3])] += 1
        theirs = 15
        behind = [q for q in ROUTE if board[q] == 0]
        if kind == "prime":
            start = ROUTE.index(held[0])
            behind = [q for q in ROUTE[:start] if board[q] == 0] or behind
        for _ in range(theirs):
            board[_pick(ch, behind)] -= 1
        _keep_a_quarter_point_open(board, ch)
        _keep_the_starting_rule(board, ch)
    else:  # bearoff
        off[0] = ch.integer(0, 12)
        for _ in range(15 - off[0]):
            board[ch.integer(1, 6)] += 1
        spots = [q for q in range(7, 19) if ch.integer(0, 1)] or [13]
        for _ in range(15):
            board[_pick(ch, spots)] -= 1
    return variant.position(board[1:], (0, 0), tuple(off), turn=Side(ch.integer(0, 1)))


def _keep_the_starting_rule(board: list[int], ch: Chooser) -> None:
    """Make the fevga ``board`` one the starting-checker rule can reach.

    Until one of a side's checkers has passed the other's start, at most one
    of them is away from its own start; a side with more away and none past
    gets one of its away checkers moved to a free point past that start.
    """
    for sign, head, past in ((1, 24, range(1, 12)), (-1, 12, range(13, 24))):
        away = [q for q in range(1, 25) if q != head and board[q] * sign > 0]
        passed = any(board[q] * sign > 0 for q in past)
        free = [q for q in past if board[q] == 0]
        if passed or sum(board[q] * sign for q in away) <= 1 or not free:
            continue
        board[_pick(ch, away)] -= sign
        board[_pick(ch, free)] += sign


def _keep_a_quarter_point_open(board: list[int], ch: Chooser) -> None:
    """No side holds all six points of its starting quarter (no move can make it so).

    The mover's quarter is his 19-24, the opponent's is his 19-24 = the
    mover's 7-12; a full one loses the checkers of one of its points to a
    free point past the other side's start.
    """
    for sign, quarter, past in (
        (1, range(19, 25), range(1, 12)),
        (-1, range(7, 13), range(13, 24)),
    ):
        if not all(board[q] * sign > 0 for q in quarter):
            continue
        open_points = [q for q in past if board[q] * sign >= 0]
        if not open_points:
            continue
        source = _pick(ch, [q for q in quarter if q not in (24, 12)])
        board[_pick(ch, open_points)] += board[source]
        board[source] = 0


def _build(variant: Variant, kind: str, ch: Chooser) -> Position:
    if variant.name == "plakoto":
        return _plakoto(variant, kind, ch)
    return _fevga(variant, kind, ch)


@st.composite
def tavli_positions(draw: st.DrawFn, variant: Variant) -> Position:
    """Valid plakoto or fevga positions of every kind above."""
    kinds = PLAKOTO_KINDS if variant.name == "plakoto" else FEVGA_KINDS
    kind: str = draw(st.sampled_from(kinds))
    return _build(variant, kind, DrawChooser(draw))


def random_tavli_positions(variant: Variant, n: int, seed: int | str) -> list[tuple[str, Position]]:
    """``n`` seeded positions as ``(kind, position)``, the kinds taken in turn."""
    kinds = PLAKOTO_KINDS if variant.name == "plakoto" else FEVGA_KINDS
    ch = RandomChooser(random.Random(f"{seed}:{variant.spec()}"))
    return [(kinds[i % len(kinds)], _build(variant, kinds[i % len(kinds)], ch)) for i in range(n)]
