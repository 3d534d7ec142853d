"""Search kernel for rules that judge each step by the board alone.

Hitting or blocking contact, entering from the bar first, the standard
bear-off, and no per-step rule of the variant's: the backgammon family.
Then moving a higher checker first never makes a later step illegal, so on
a double the sources can be taken in non-increasing order and each set of
moves is tried once.
"""

from __future__ import annotations

from nardy.engine.layout import HOME, MOVER_BAR, MOVER_OFF, OPP_BAR, Found, RawStep, State, Steps

__all__ = ["search_ordered"]


def _record(found: Found, key: State, steps: Steps, n: int, pips: int) -> None:
    old = found.get(key)
    if old is None or (n, pips) > (old[2], old[3]):
        found[key] = (key, steps, n, pips)


def _outside(s: list[int]) -> int:
    """The mover's checkers not in his home board, the bar included."""
    n = s[MOVER_BAR]
    for p in range(HOME + 1, 25):
        if s[p] > 0:
            n += s[p]
    return n


def _highest_home(s: list[int], src: int) -> bool:
    """Bear-off from ``src`` with a larger die: no checker of the mover on a higher point."""
    return all(s[p] <= 0 for p in range(src + 1, HOME + 1))


def _sources(s: list[int], die: int, outside: int, lowest: int) -> list[tuple[int, int]]:
    """The legal single steps ``(src, dst)`` for one die (``dst <= 0``: off).

    A point is open when it holds at least ``lowest`` (-1 with hitting
    contact: a blot; 0 with blocking contact) of the mover's checkers.
    """
    if s[MOVER_BAR] > 0:
        dst = 25 - die
        return [(25, dst)] if s[dst] >= lowest else []
    out = []
    for src in range(24, 0, -1):
        if s[src] > 0:
            dst = src - die
            if dst > 0:
                if s[dst] >= lowest:
                    out.append((src, dst))
            elif outside == 0 and (dst == 0 or _highest_home(s, src)):
                out.append((src, dst))
    return out


def _apply(t: list[int], src: int, dst: int) -> bool:
    """Move one of the mover's checkers in place; True when it hit a blot."""
    t[src] -= 1
    if dst <= 0:
        t[MOVER_OFF] += 1
        return False
    if t[dst] == -1:
        t[dst] = 1
        t[OPP_BAR] += 1
        return True
    t[dst] += 1
    return False


def search_ordered(state: State, dice: tuple[int, ...], hitting: bool) -> Found:
    """Every maximal sequence of legal steps for two dice, or four of a double.

    ``hitting``: a single opposing checker can be hit (else any opposing
    checker closes its point).
    """
    found: Found = {}
    s = list(state)
    lowest = -1 if hitting else 0
    outside = _outside(s)
    if len(dice) == 2 and dice[0] != dice[1]:
        d1, d2 = dice
        for a, b in ((d1, d2), (d2, d1)):
            for src, dst in _sources(s, a, outside, lowest):
                t = s[:]
                hit = _apply(t, src, dst)
                out1 = outside - (1 if src > HOME and dst <= HOME else 0)
                first: RawStep = (src, dst if dst > 0 else 0, a, hit)
                more = False
                for src2, dst2 in _sources(t, b, out1, lowest):
                    more = True
                    u = t[:]
                    hit2 = _apply(u, src2, dst2)
                    second: RawStep = (src2, dst2 if dst2 > 0 else 0, b, hit2)
                    _record(found, tuple(u), (first, second), 2, a + b)
                if not more:
                    _record(found, tuple(t), (first,), 1, a)
        return found
    _double(s, dice[0], len(dice), 25, outside, lowest, (), found)
    return found


def _double(
    s: list[int],
    die: int,
    left: int,
    maxsrc: int,
    outside: int,
    lowest: int,
    steps: Steps,
    found: Found,
) -> None:
    """The moves of a double, sources in non-increasing order (each set of moves once)."""
    moved = False
    if s[MOVER_BAR] > 0:
        dst = 25 - die
        if s[dst] >= lowest:
            moved = True
            t = s[:]
            hit = _apply(t, 25, dst)
            step: RawStep = (25, dst, die, hit)
            if left == 1:
                _record(found, tuple(t), (*steps, step), len(steps) + 1, (len(steps) + 1) * die)
            else:
                out = outside - (1 if dst <= HOME else 0)
                _double(t, die, left - 1, 25, out, lowest, (*steps, step), found)
    else:
        for src in range(min(maxsrc, 24), 0, -1):
            if s[src] <= 0:
                continue
            dst = src - die
            if dst > 0:
                if s[dst] < lowest:
                    continue
            elif outside or not (dst == 0 or _highest_home(s, src)):
                continue
            moved = True
            t = s[:]
            hit = _apply(t, src, dst)
            step = (src, dst if dst > 0 else 0, die, hit)
            if left == 1:
                _record(found, tuple(t), (*steps, step), len(steps) + 1, (len(steps) + 1) * die)
            else:
                out = outside - (1 if src > HOME and dst <= HOME else 0)
                _double(t, die, left - 1, src, out, lowest, (*steps, step), found)
    if not moved and steps:
        n = len(steps)
        _record(found, tuple(s), steps, n, n * die)
