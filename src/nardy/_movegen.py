"""The hot loop: legal-play enumeration on plain ints.

Internal state (the "raw" form) is a tuple of 28 ints in the mover's frame::

    s[0]      checkers the mover has borne off
    s[1..24]  the mover's points 1..24: > 0 the mover's checkers, < 0 the opponent's
    s[25]     the mover's bar
    s[26]     the opponent's bar
    s[27]     checkers the opponent has borne off

A raw step is ``(src, dst, die, hit)`` with ``src`` 25 for the bar and
``dst`` 0 for off. Generators return ``{result_state: (steps, n_dice, pips)}``
for every maximal sequence found, deduplicated by the resulting state; the
maximum-use filter (:func:`max_use`) then keeps the legal ones.

Nothing here builds an attrs object: the public types are made only for the
plays handed back to the caller.
"""

from __future__ import annotations

from typing import Final

__all__ = ["RawStep", "State", "gen_hit", "gen_hit_restricted", "max_use"]

State = tuple[int, ...]
RawStep = tuple[int, int, int, bool]
Found = dict[State, tuple[tuple[RawStep, ...], int, int]]

MOVER_OFF: Final = 0
MOVER_BAR: Final = 25
OPP_BAR: Final = 26
OPP_OFF: Final = 27


def _record(found: Found, key: State, steps: tuple[RawStep, ...], n: int, pips: int) -> None:
    old = found.get(key)
    if old is None or (n, pips) > (old[1], old[2]):
        found[key] = (steps, n, pips)


def max_use(
    found: Found, is_double: bool, must_play_higher: bool
) -> list[tuple[State, tuple[RawStep, ...]]]:
    """Apply the maximum-use rule to the sequences a generator found.

    Keep the plays that use the most dice; if that is one die of a
    non-double and ``must_play_higher``, keep only those using the highest
    die that can be used. Returns ``(state, steps)`` pairs in the order found.
    """
    if not found:
        return []
    most = max(v[1] for v in found.values())
    if most == 1 and not is_double and must_play_higher:
        top = max(v[2] for v in found.values() if v[1] == 1)
        return [(k, v[0]) for k, v in found.items() if v[1] == 1 and v[2] == top]
    return [(k, v[0]) for k, v in found.items() if v[1] == most]


def _outside(s: list[int]) -> int:
    """Mover's checkers not in his home board (points 1..6), bar included."""
    n = s[MOVER_BAR]
    for p in range(7, 25):
        if s[p] > 0:
            n += s[p]
    return n


def _can_bear_off(s: list[int], src: int, dst: int) -> bool:
    """Bear-off legality for a mover already all home: exact, or from the highest point."""
    if dst == 0:
        return True
    return all(s[p] <= 0 for p in range(src + 1, 7))


def gen_hit(state: State, d1: int, d2: int) -> Found:
    """Enumerate maximal step sequences for hit-contact variants (backgammon family).

    A point is closed to the mover when it holds two or more opposing
    checkers; landing on a single one hits it. Entering from the bar comes
    first; bearing off follows rule 7 of backgammon.md.
    """
    found: Found = {}
    s = list(state)
    outside = _outside(s)
    if d1 != d2:
        for a, b in ((d1, d2), (d2, d1)):
            for src, dst in _sources(s, a, outside):
                t = s[:]
                hit = _apply(t, src, dst)
                out1 = outside - (1 if src > 6 and dst <= 6 else 0)
                first: RawStep = (src, dst if dst > 0 else 0, a, hit)
                more = False
                for src2, dst2 in _sources(t, b, out1):
                    more = True
                    u = t[:]
                    hit2 = _apply(u, src2, dst2)
                    _record(
                        found, tuple(u), (first, (src2, dst2 if dst2 > 0 else 0, b, hit2)), 2, a + b
                    )
                if not more:
                    _record(found, tuple(t), (first,), 1, a)
        return found
    _double(s, d1, 4, 25, outside, (), found)
    return found


def _sources(s: list[int], die: int, outside: int) -> list[tuple[int, int]]:
    """Legal single steps ``(src, dst)`` for one die (``dst <= 0`` means off)."""
    if s[MOVER_BAR] > 0:
        dst = 25 - die
        return [(25, dst)] if s[dst] >= -1 else []
    out = []
    for src in range(24, 0, -1):
        if s[src] > 0:
            dst = src - die
            if dst > 0:
                if s[dst] >= -1:
                    out.append((src, dst))
            elif outside == 0 and _can_bear_off(s, src, dst):
                out.append((src, dst))
    return out


def _apply(t: list[int], src: int, dst: int) -> bool:
    """Move one mover checker in place; returns True when it hit."""
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


def _double(
    s: list[int],
    die: int,
    left: int,
    maxsrc: int,
    outside: int,
    steps: tuple[RawStep, ...],
    found: Found,
) -> None:
    """Search the moves of a double.

    Sources are taken in non-increasing order, so each set of moves is tried
    once (valid because, in the hit family, moving a higher checker first
    never makes a later step illegal).
    """
    moved = False
    if s[MOVER_BAR] > 0:
        dst = 25 - die
        if s[dst] >= -1:
            moved = True
            t = s[:]
            hit = _apply(t, 25, dst)
            step: RawStep = (25, dst, die, hit)
            if left == 1:
                _record(found, tuple(t), (*steps, step), 4, 4 * die)
            else:
                _double(
                    t, die, left - 1, 25, outside - (1 if dst <= 6 else 0), (*steps, step), found
                )
    else:
        for src in range(min(maxsrc, 24), 0, -1):
            if s[src] <= 0:
                continue
            dst = src - die
            if dst > 0:
                if s[dst] < -1:
                    continue
            elif outside or not _can_bear_off(s, src, dst):
                continue
            moved = True
            t = s[:]
            hit = _apply(t, src, dst)
            step = (src, dst if dst > 0 else 0, die, hit)
            if left == 1:
                _record(found, tuple(t), (*steps, step), 4, 4 * die)
            else:
                out = outside - (1 if src > 6 and dst <= 6 else 0)
                _double(t, die, left - 1, src, out, (*steps, step), found)
    if not moved:
        n = 4 - left
        _record(found, tuple(s), steps, n, n * die)


def gen_hit_restricted(state: State, d1: int, d2: int, home_only: bool) -> Found:
    """Like :func:`gen_hit`, with Caucasian nardy's "no hide after a hit".

    A checker that hit (inside the home board when ``home_only``) may not
    move on, that turn, onto a point holding the mover's own checkers. The
    search tracks where such hitters stand; with checkers indistinguishable,
    moving from a point that also holds unrestricted checkers tries both
    kinds. No source-ordering shortcut is used here: states are deduplicated
    by (board, restricted hitters) instead.
    """
    found: Found = {}
    dice = (d1, d2) if d1 != d2 else (d1,) * 4
    orders = [dice] if d1 == d2 else [(d1, d2), (d2, d1)]
    for order in orders:
        seen: set[tuple[State, tuple[int, ...], int]] = set()
        _restricted(list(state), order, 0, (), (), home_only, found, seen)
    return found


def _restricted(
    s: list[int],
    dice: tuple[int, ...],
    i: int,
    hitters: tuple[int, ...],
    steps: tuple[RawStep, ...],
    home_only: bool,
    found: Found,
    seen: set[tuple[State, tuple[int, ...], int]],
) -> None:
    key = (tuple(s), hitters, i)
    if key in seen:
        return
    seen.add(key)
    moved = False
    if i < len(dice):
        die = dice[i]
        outside = _outside(s)
        for src, dst in _sources(s, die, outside):
            restricted_here = hitters.count(src)
            kinds = []
            if s[src] > restricted_here:
                kinds.append(False)
            if restricted_here:
                kinds.append(True)
            for is_hitter in kinds:
                if is_hitter and dst > 0 and s[dst] > 0:
                    continue  # the hitter may not hide on its own point
                t = s[:]
                hit = _apply(t, src, dst)
                hs = list(hitters)
                if is_hitter:
                    hs.remove(src)
                if dst > 0 and (is_hitter or (hit and (not home_only or dst <= 6))):
                    hs.append(dst)
                moved = True
                step: RawStep = (src, dst if dst > 0 else 0, die, hit)
                _restricted(
                    t, dice, i + 1, tuple(sorted(hs)), (*steps, step), home_only, found, seen
                )
    if not moved:
        pips = sum(dice[:i])
        _record(found, tuple(s), steps, i, pips)
