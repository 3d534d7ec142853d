"""Search kernel for blocking contact with rules judged on the position.

Any opposing checker closes its point and nothing is hit, so only the
mover's checkers change during a turn, and they are packed into one int
(4 bits a point) to deduplicate results. The variant's per-step rule (long
nardy's head and six-block rules) may look at the position reached and the
position the turn started from, never at the order of the steps; so two
step sequences that reach the same position with the same dice left have the
same continuations, and each such intermediate position is explored once.
"""

from __future__ import annotations

from nardy.engine.layout import HOME, Found, RawStep, State, Steps
from nardy.engine.turn import StepRule

__all__ = ["search_positional"]

#: Weights of the packed key of the mover's checkers: 4 bits a point, off
#: at index 0 (at most 15 checkers a point).
_W: tuple[int, ...] = tuple(1 << (4 * p) for p in range(25))
_OFF = 0


def _moved(occ: tuple[int, ...], src: int, emptied: bool, filled: int) -> tuple[int, ...]:
    """The occupied points after a step: ``src`` dropped if ``emptied``, ``filled`` added if not 0."""
    if emptied:
        i = occ.index(src)
        occ = occ[:i] + occ[i + 1 :]
    return (*occ, filled) if filled else occ


def search_positional(
    start: State, dice: tuple[int, ...], rule: StepRule | None, keep_prefixes: bool
) -> Found:
    """Every maximal sequence of legal steps (every sequence, with ``keep_prefixes``).

    ``dice`` is two different dice or one value repeated. A step is legal
    when its landing point holds no opposing checker (or it bears off by the
    standard rule) and ``rule`` accepts it. With ``keep_prefixes`` every
    sequence is a candidate, also those that stop before the dice run out,
    for a whole-play filter to judge. Keys are the packed mover checkers.
    """
    found: Found = {}
    s = list(start)
    out0 = start[25] + sum(c for c in start[HOME + 1 : 25] if c > 0)
    key0 = sum(_W[p] * start[p] for p in range(25) if start[p] > 0)
    occ0 = tuple(p for p in range(24, 0, -1) if start[p] > 0)
    W = _W
    if rule is None:
        check, watch_from, watch_to = None, 0, 0
    else:
        check, watch_from, watch_to = rule.check, rule.watch_from, rule.watch_to

    def record(key: int, steps: Steps, n: int, pips: int) -> None:
        old = found.get(key)
        if old is None or (n, pips) > (old[2], old[3]):
            found[key] = (tuple(s), steps, n, pips)

    if len(dice) == 2 and dice[0] != dice[1]:
        d1, d2 = dice
        for a, b in ((d1, d2), (d2, d1)):
            top0 = occ0[0] if occ0 else 0
            for src in occ0:
                dst = src - a
                if dst > 0:
                    if s[dst] < 0:
                        continue
                elif out0 or (dst and top0 != src):
                    continue
                else:
                    dst = _OFF
                c = s[src]
                before = s[dst]
                s[src] = c - 1
                s[dst] = before + 1
                if (
                    check is not None
                    and ((watch_from >> src) & 1 or (watch_to >> dst) & 1)
                    and not check(s, src, dst)
                ):
                    s[src] = c
                    s[dst] = before
                    continue
                key = key0 - W[src] + W[dst]
                out = out0 - 1 if src > HOME >= dst > 0 else out0
                occ = _moved(occ0, src, c == 1, dst if dst and not before else 0)
                first: RawStep = (src, dst, a, False)
                moved = False
                for src2 in occ:
                    dst2 = src2 - b
                    if dst2 > 0:
                        if s[dst2] < 0:
                            continue
                    elif out or (dst2 and max(occ) != src2):
                        continue
                    else:
                        dst2 = _OFF
                    key2 = key - W[src2] + W[dst2]
                    old = found.get(key2)
                    if old is not None and old[2] == 2:
                        moved = True  # reached already: legal whatever the order
                        continue
                    c2 = s[src2]
                    before2 = s[dst2]
                    s[src2] = c2 - 1
                    s[dst2] = before2 + 1
                    if (
                        check is None
                        or not ((watch_from >> src2) & 1 or (watch_to >> dst2) & 1)
                        or check(s, src2, dst2)
                    ):
                        moved = True
                        # Not found with both dice (see above), so this replaces it.
                        found[key2] = (tuple(s), (first, (src2, dst2, b, False)), 2, a + b)
                    s[src2] = c2
                    s[dst2] = before2
                if keep_prefixes or not moved:
                    record(key, (first,), 1, a)
                s[src] = c
                s[dst] = before
        return found

    d = dice[0]
    last_index = len(dice) - 1
    seen: set[int] = set()

    def dfs(i: int, key: int, outside: int, occ: tuple[int, ...], steps: Steps) -> None:
        moved = False
        last = i == last_index
        for src in occ:
            dst = src - d
            if dst > 0:
                before = s[dst]
                if before < 0:
                    continue
            elif outside or (dst and max(occ) != src):
                continue
            else:
                dst = _OFF
                before = -1
            nkey = key - W[src] + W[dst]
            # A position already reached is legal whichever step led to it
            # (the rules depend on the position only): skip it before
            # touching the board.
            if last:
                old = found.get(nkey)
                if old is not None and old[2] == i + 1:
                    moved = True
                    continue
            else:
                vk = (nkey << 3) | i
                if vk in seen:
                    moved = True
                    continue
            c = s[src]
            s[src] = c - 1
            if dst:
                s[dst] = before + 1
            else:
                s[0] += 1
            if (
                check is not None
                and ((watch_from >> src) & 1 or (watch_to >> dst) & 1)
                and not check(s, src, dst)
            ):
                s[src] = c
                if dst:
                    s[dst] = before
                else:
                    s[0] -= 1
                continue
            moved = True
            nsteps = (*steps, (src, dst, d, False))
            if last:
                # Not found with every die (see above), so this replaces it.
                found[nkey] = (tuple(s), nsteps, i + 1, (i + 1) * d)
            else:
                seen.add(vk)
                if keep_prefixes:
                    record(nkey, nsteps, i + 1, (i + 1) * d)
                nocc = (
                    _moved(occ, src, c == 1, dst if not before else 0)
                    if c == 1 or not before
                    else occ
                )
                dfs(i + 1, nkey, outside - 1 if src > HOME >= dst > 0 else outside, nocc, nsteps)
            s[src] = c
            if dst:
                s[dst] = before
            else:
                s[0] -= 1
        if not moved and i and not keep_prefixes:
            record(key, steps, i, i * d)

    dfs(0, key0, out0, occ0, ())
    return found
