"""Tapa, longgammon and moultezim segments from the rules page alone (a second program, slow and plain).

Written from ``shared/rules/family3.md`` (sections F, M, S, TP, LG, MZ),
independent of the library's search: it reads and writes only the
documented raw state (mover's frame: ``s[0]`` his off, ``s[1..24]`` the
points, ``s[25]``/``s[26]`` the bars, ``s[27]`` the opponent's off, and in
tapa ``s[28]``/``s[29]`` the points where a checker of the mover's / the
opponent's lies pinned, bit p), and the variant's option values. Every
ordered sequence of single moves is tried (M.1: a checker using several
dice stops on every point), each move judged before it (the bar first,
MZ.2's starting checker, the bear-off) and after it (MZ.3's quarter rule);
then S: the most dice, the higher die, distinct resulting states.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Rules", "segment_results", "turn_count"]

Raw = tuple[int, ...]
BAR, OPP_BAR, OPP_OFF, PINNED, OPP_PINNED = 25, 26, 27, 28, 29
#: MZ.3: the points of each quarter rule and how many of them the mover may hold.
QUARTERS = {
    "opp-start-4": (range(7, 13), 4),
    "opp-start-5": (range(7, 13), 5),
    "own-start-5": (range(19, 25), 5),
    "home-5": (range(1, 7), 5),
}


class Rules(NamedTuple):
    """The game and the options that change a segment's legal set (section O)."""

    game: str  # "tapa", "longgammon" or "moultezim"
    must_play_higher: bool = True
    bear_off_pinned: str = "allowed"  # tapa (TP.3)
    quarter_rule: str = "opp-start-4"  # moultezim (MZ.3)


def _pinned(s: Sequence[int], side: int) -> set[int]:
    mask = s[side] if len(s) > side else 0
    return {p for p in range(1, 25) if mask >> p & 1}


def _open(s: list[int], dst: int, rules: Rules) -> bool:
    """M.3-M.5: may the mover land on ``dst``?"""
    x = s[dst]
    if x >= 0:
        # (tapa: a point where a checker of his lies pinned holds the opponent's pinners: x < 0)
        return True
    if rules.game == "moultezim":
        return False  # M.5: one opposing checker holds a point
    if rules.game == "tapa":
        return x == -1 and dst not in _pinned(s, PINNED)  # M.4: a lone free checker
    return x == -1  # M.3


def _may_bear_off(s: list[int], src: int, die: int, rules: Rules) -> bool:
    """M.6 and TP.3: every checker home, then exact, or larger with none standing higher."""
    if s[BAR] > 0 or any(s[p] > 0 for p in range(7, 25)):
        return False
    mine_pinned = _pinned(s, PINNED) if rules.game == "tapa" else set()
    if mine_pinned and (rules.bear_off_pinned == "blocked" or max(mine_pinned) > 6):
        return False
    if src == die:
        return True
    standing = {p for p in range(1, 7) if s[p] > 0} | mine_pinned
    return max(standing) == src  # (a larger die: none stands higher, free or pinned)


def _passed(s: list[int]) -> bool:
    """MZ.2: a checker of the mover's on his 1-11, or borne off."""
    return s[0] > 0 or any(s[p] > 0 for p in range(1, 12))


def _moves(s: list[int], die: int, rules: Rules) -> list[tuple[int, int]]:
    """The single moves ``(src, dst)`` of one die (25 the bar, 0 off) allowed before the move."""
    if s[BAR] > 0:  # M.2: the bar first
        return [(BAR, 25 - die)] if _open(s, 25 - die, rules) else []
    out = []
    for src in range(24, 0, -1):
        if s[src] <= 0:
            continue
        away = any(s[p] > 0 for p in range(12, 24))
        if rules.game == "moultezim" and src == 24 and away and not _passed(s):
            continue  # MZ.2: a second checker may not leave the 24-point
        dst = src - die
        if dst >= 1:
            if _open(s, dst, rules):
                out.append((src, dst))
        elif _may_bear_off(s, src, die, rules):
            out.append((src, 0))
    return out


def _move(s: list[int], src: int, dst: int, rules: Rules) -> list[int]:
    """The state after one move: hits to the bar, pins and releases."""
    t = list(s)
    t[src] -= 1
    if rules.game == "tapa" and t[src] == 0 and src in _pinned(t, OPP_PINNED):
        t[OPP_PINNED] &= ~(1 << src)  # M.4: the pinned checker is free again
        t[src] = -1
    if dst == 0:
        t[0] += 1
        return t
    if t[dst] == -1:
        if rules.game == "tapa":
            t[OPP_PINNED] |= 1 << dst
        else:
            t[OPP_BAR] += 1
        t[dst] = 0
    t[dst] += 1
    return t


def _quarter_ok(s: list[int], rules: Rules) -> bool:
    """MZ.3, after every single move."""
    if rules.game != "moultezim" or rules.quarter_rule == "none":
        return True
    points, most = QUARTERS[rules.quarter_rule]
    return sum(1 for p in points if s[p] > 0) <= most


def segment_results(raw: Raw, dice: tuple[int, int], rules: Rules) -> set[Raw]:
    """The distinct raw states the legal plays of one segment lead to (the unchanged state for a pass)."""
    a, b = dice
    orders = [(a,) * 4] if a == b else [(a, b), (b, a)]
    found: list[tuple[Raw, tuple[int, ...]]] = []  # (state, dice used)

    def walk(s: list[int], left: tuple[int, ...], used: tuple[int, ...]) -> None:
        if s[0] == 15:  # the game ends at the 15th checker off: the rest is not owed
            found.append((tuple(s), used + (99,) * len(left)))
            return
        moved = False
        if left:
            for src, dst in _moves(s, left[0], rules):
                after = _move(s, src, dst, rules)
                if _quarter_ok(after, rules):
                    moved = True
                    walk(after, left[1:], (*used, left[0]))
        if not moved:
            found.append((tuple(s), used))

    for order in orders:
        walk(list(raw), order, ())
    most = max(len(u) for _, u in found)
    kept = [(s, u) for s, u in found if len(u) == most]
    if a != b and most == 1 and rules.must_play_higher:
        higher = [(s, u) for s, u in kept if u[0] == max(a, b)]
        kept = higher or kept
    return {s for s, _ in kept}


def turn_count(raw: Raw, dice: tuple[int, int], rules: Rules) -> int:
    """U.3: a turn of these games is one segment; its distinct outcomes."""
    return len(segment_results(raw, dice, rules))
