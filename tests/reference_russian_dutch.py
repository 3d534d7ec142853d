"""A slow, obviously-correct generator for Russian and Dutch backgammon, written from the rules page.

Sections F, M, S, RU, DU and U of ``shared/rules/family3.md``, independent
of the library's engine and turn runner: every order of the dice, every
checker at every step, no pruning; the maximum-use and higher-die rules on
the complete sequences; results deduplicated. Only the documented raw state
is shared with the library (``Position.raw``: off, points 1..24, bar, the
opponent's bar, his off, then the pools, the mover's and the opponent's)
and the option values, passed as plain arguments.

Both games: entering with d on 25 - d (M.2), the bar first, a point of two
or more opposing checkers closed and a lone one hit to its owner's bar
(M.3), bearing off with pool and bar empty and every checker on 1-6, a
larger die from the highest point (M.6). ``all_first`` is RU.2's and
DU.2's ``entering="all-first"``; ``after_home`` is DU.2's hitting rule
(judged before each move: a checker on 1-6 or borne off). Russian
backgammon's turn (RU.3) is :func:`russian_turn`.
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["flip", "russian_turn", "segment", "segment_results"]

Raw = tuple[int, ...]
OFF, BAR, OPP_BAR, OPP_OFF, POOL, OPP_POOL = 0, 25, 26, 27, 28, 29


def flip(s: Raw, same_track: bool) -> Raw:
    """The state in the opponent's frame (F.4): my p is his p (same track) or 25 - p (mirror)."""
    board = [0] * 25
    for p in range(1, 25):
        board[p if same_track else 25 - p] = -s[p]
    return (s[OPP_OFF], *board[1:], s[OPP_BAR], s[BAR], s[OFF], s[OPP_POOL], s[POOL])


def _can_bear_off(s: list[int]) -> bool:
    """M.6: nothing in the pool or on the bar, nothing on 7-24."""
    return s[POOL] == 0 and s[BAR] == 0 and all(s[p] <= 0 for p in range(7, 25))


def _moves(s: list[int], die: int, all_first: bool, after_home: bool) -> Iterator[list[int]]:
    """Every single move of ``die`` from ``s`` (M.1-M.3, M.6, RU.2, DU.2), as the state after it."""
    home = s[OFF] > 0 or any(s[p] > 0 for p in range(1, 7))  # judged before the move
    if s[BAR] > 0:
        sources = [BAR]
    elif s[POOL] > 0 and all_first:
        sources = [POOL]
    else:
        sources = ([POOL] if s[POOL] > 0 else []) + [p for p in range(1, 25) if s[p] > 0]
    for src in sources:
        dst = (25 if src in (BAR, POOL) else src) - die
        t = list(s)
        t[src] -= 1
        if dst >= 1:
            if t[dst] <= -2 or (t[dst] == -1 and after_home and not home):
                continue
            if t[dst] == -1:
                t[dst] = 0
                t[OPP_BAR] += 1
            t[dst] += 1
        else:
            if not _can_bear_off(s):
                continue
            if dst < 0 and any(s[q] > 0 for q in range(src + 1, 7)):
                continue
            t[OFF] += 1
        yield t


def segment(
    start: Raw,
    dice: tuple[int, int],
    *,
    all_first: bool,
    after_home: bool,
    must_play_higher: bool = True,
) -> tuple[bool, set[Raw]]:
    """The legal set of one segment (S), and whether it was fully played.

    ``dice`` is the roll (a double is four moves of its number). Every
    ordered sequence of single moves; the sequences using the most dice are
    kept (a play that bears off the 15th checker ends the game and counts
    as using them all); with one die of a non-double, the higher when it
    can be played. The unchanged position when nothing can be played.
    """
    a, b = dice
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    total = len(orders[0])
    found: list[tuple[int, int, Raw]] = []  # (dice used, first die, result)

    def walk(s: list[int], rest: list[int], used: int, first: int) -> None:
        if s[OFF] == 15:
            found.append((total, first, tuple(s)))
            return
        moved = False
        if rest:
            for t in _moves(s, rest[0], all_first, after_home):
                moved = True
                walk(t, rest[1:], used + 1, first or rest[0])
        if not moved:
            found.append((used, first, tuple(s)))

    for order in orders:
        walk(list(start), order, 0, 0)
    best = max(used for used, _, _ in found)
    kept = [(first, r) for used, first, r in found if used == best]
    if best == 1 and a != b and must_play_higher:
        high = max(a, b)
        if any(first == high for first, _ in kept):
            kept = [(first, r) for first, r in kept if first == high]
    return best == total, {r for _, r in kept}


def segment_results(start: Raw, dice: tuple[int, int], **rules: bool) -> set[Raw]:
    """:func:`segment`'s legal set alone."""
    return segment(start, dice, **rules)[1]


def russian_turn(
    start: Raw,
    dice: tuple[int, int],
    *,
    all_first: bool = True,
    doubles: str = "complement",
    bonus: str = "always",
    must_play_higher: bool = True,
) -> set[tuple[bool, Raw]]:
    """The distinct outcomes of one Russian turn (RU.3) from ``start``, the roller to move.

    Each outcome is ``(the roller rolls again, the state in the frame of the
    side to roll next)``; a finished game never rolls again and is given in
    the frame of the side that did not bear off.
    """
    rules = {"all_first": all_first, "after_home": False, "must_play_higher": must_play_higher}
    d = dice[0]
    bonus_turn = (
        dice[0] == dice[1] and doubles == "complement" and (bonus == "always" or start[POOL] == 0)
    )
    segments = [dice, (7 - d, 7 - d)] if bonus_turn else [dice]
    outcomes: set[tuple[bool, Raw]] = set()
    frontier = {start}
    for i, seg in enumerate(segments):
        following: set[Raw] = set()
        for s in frontier:
            full, results = segment(s, seg, **rules)
            for r in results:
                if r[OFF] == 15:
                    outcomes.add((False, flip(r, True)))
                elif full and i + 1 < len(segments):
                    following.add(r)
                elif full and bonus_turn:
                    outcomes.add((True, r))
                else:
                    outcomes.add((False, flip(r, True)))
        frontier = following
    return outcomes
