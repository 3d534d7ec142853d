"""Search kernel for blocking contact with rules judged on the position.

Any opposing checker closes its point and nothing is hit, so only the
mover's checkers change during a turn. The variant's per-step rule (long
nardy's head and six-block rules) may look at the position reached and the
position the turn started from, never at the order of the steps; so two
step sequences that reach the same position with the same dice left have the
same continuations, and each such intermediate position is explored once.

On a double the position reached is told by the multiset of the moves'
sources: the mover's count on point p changes by the moves from p + die
less the moves from p, and at the highest point where two multisets differ
only the second term differs. So the search recognises a position by a small
int, the sum of ``5 ** source`` over the moves made (at most four moves
from a point: one base-5 digit each; a longer roll takes a larger base),
instead of hashing its key, and every position it records is new.
"""

from __future__ import annotations

from typing import Final

from nardy.engine.found import Found, int_index
from nardy.engine.layout import HOME, MOVE, MOVER_OFF, STEP_BITS, WEIGHT, may_bear_off, step_code
from nardy.engine.turn import StepRule

__all__ = ["search_positional"]

#: ``_POW5[p]``: what a move from point ``p`` adds to the multiset of sources.
_POW5: Final[tuple[int, ...]] = tuple(5**p for p in range(25))


def _moved(occ: tuple[int, ...], src: int, emptied: bool, filled: int) -> tuple[int, ...]:
    """The occupied points after a step: ``src`` dropped if ``emptied``, ``filled`` added if not 0."""
    if emptied:
        i = occ.index(src)
        occ = occ[:i] + occ[i + 1 :]
    return (*occ, filled) if filled else occ


def search_positional(
    s: list[int], key0: int, dice: tuple[int, ...], rule: StepRule | None, keep_prefixes: bool
) -> Found:
    """Every maximal sequence of legal steps (every sequence, with ``keep_prefixes``).

    ``s`` is the state as a list (changed in place and restored), ``key0`` its
    key; ``dice`` two different dice or one value repeated. A step is legal
    when its landing point holds no opposing checker (or it bears off by the
    standard rule) and ``rule`` accepts it. With ``keep_prefixes`` every
    sequence is a candidate, also those that stop before the dice run out,
    for a whole-play filter to judge.
    """
    found = Found()
    out0 = s[25] + sum(c for c in s[HOME + 1 : 25] if c > 0)
    occ0 = tuple(p for p in range(24, 0, -1) if s[p] > 0)
    W = WEIGHT
    if rule is None:
        check, watch_from, watch_to = None, 0, 0
    else:
        check, watch_from, watch_to = rule.check, rule.watch_from, rule.watch_to

    if len(dice) == 2 and dice[0] != dice[1]:
        d1, d2 = dice
        # A result is told by how the mover's counts changed, slot by slot
        # (points, and 0 for off): at most two checkers leave or arrive, so
        # one balanced base-5 digit a slot, ``change``, a small int. It
        # indexes the results instead of their keys (no key is built, or
        # hashed, for a result found before).
        pow5 = _POW5
        where = int_index()
        for a, b in ((d1, d2), (d2, d1)):
            for src in occ0:
                dst = src - a
                if dst > 0:
                    if s[dst] < 0:
                        continue
                elif not may_bear_off(s, src, dst, out0):
                    continue
                else:
                    dst = MOVER_OFF
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
                change = pow5[dst] - pow5[src]
                out = out0 - 1 if src > HOME >= dst > 0 else out0
                occ = _moved(occ0, src, c == 1, dst if dst and not before else 0)
                first = step_code(src, dst, a, False)
                moved = False
                for src2 in occ:
                    dst2 = src2 - b
                    if dst2 > 0:
                        if s[dst2] < 0:
                            continue
                    elif not may_bear_off(s, src2, dst2, out):
                        continue
                    else:
                        dst2 = MOVER_OFF
                    change2 = change + pow5[dst2] - pow5[src2]
                    i = where.get(change2, -1)
                    if i >= 0 and found.counts[i] == 2:
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
                        code2 = first | (step_code(src2, dst2, b, False) << STEP_BITS)
                        if i < 0:
                            where.setdefault(change2, len(found.keys))
                            found.add(key - W[src2] + W[dst2], code2, 2)
                        else:  # reached before by one die only: two dice do better
                            found.codes[i] = code2
                            found.counts[i] = 2
                    s[src2] = c2
                    s[dst2] = before2
                if keep_prefixes or not moved:
                    i = where.get(change, -1)
                    if i < 0:
                        where.setdefault(change, len(found.keys))
                        found.add(key, first, 1)
                    else:
                        found.record(key, first, 1)
                s[src] = c
                s[dst] = before
        return found

    _Doubles(s, dice, rule, keep_prefixes, found).node(0, key0, out0, occ0, 0, 0)
    return found


class _Doubles:
    """The depth-first search of a double: four moves of one number."""

    def __init__(
        self, s: list[int], dice: tuple[int, ...], rule: StepRule | None, keep: bool, found: Found
    ) -> None:
        self.s = s
        self.die = dice[0]
        self.packed_die = dice[0] << 10
        self.last = len(dice) - 1
        self.check = None if rule is None else rule.check
        self.watch_from = 0 if rule is None else rule.watch_from
        self.watch_to = 0 if rule is None else rule.watch_to
        self.keep = keep
        self.found = found
        #: ``powers[p]``: what a move from point ``p`` adds to a multiset of sources.
        self.powers: tuple[int, ...] = (
            _POW5 if len(dice) <= 4 else tuple((len(dice) + 1) ** p for p in range(25))
        )
        #: The positions reached (as multisets of sources, see the module
        #: docstring), for each number of moves made.
        self.seen: list[set[int]] = [set() for _ in range(len(dice) + 1)]

    def node(
        self, i: int, key: int, outside: int, occ: tuple[int, ...], code: int, sources: int
    ) -> None:
        """Try every next move from the position reached with ``i`` moves.

        ``occ``: the mover's points there; ``sources``: the multiset of the
        moves' sources so far.
        """
        s = self.s
        d = self.die
        found = self.found
        check = self.check
        move = MOVE
        moved = False
        last = i == self.last
        seen = self.seen[i + 1]
        pow5 = self.powers
        shift = STEP_BITS * i
        for src in occ:
            dst = src - d
            if dst > 0:
                before = s[dst]
                if before < 0:
                    continue
            elif not may_bear_off(s, src, dst, outside):
                continue
            else:
                dst = MOVER_OFF
                before = -1
            # A position already reached is legal whichever step led to it
            # (the rules depend on the position only): skip it before
            # touching the board.
            nsources = sources + pow5[src]
            if nsources in seen:
                moved = True
                continue
            c = s[src]
            s[src] = c - 1
            if dst:
                s[dst] = before + 1
            else:
                s[MOVER_OFF] += 1
            if (
                check is not None
                and ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1)
                and not check(s, src, dst)
            ):
                s[src] = c
                if dst:
                    s[dst] = before
                else:
                    s[MOVER_OFF] -= 1
                continue
            moved = True
            seen.add(nsources)
            nkey = key + move[src][dst]
            ncode = code | ((src | (dst << 5) | self.packed_die) << shift)
            # A new position (never reached with another number of moves either).
            if last:
                found.add(nkey, ncode, i + 1)
            else:
                if self.keep:
                    found.add(nkey, ncode, i + 1)
                nocc = (
                    _moved(occ, src, c == 1, dst if not before else 0)
                    if c == 1 or not before
                    else occ
                )
                self.node(
                    i + 1,
                    nkey,
                    outside - 1 if src > HOME >= dst > 0 else outside,
                    nocc,
                    ncode,
                    nsources,
                )
            s[src] = c
            if dst:
                s[dst] = before
            else:
                s[MOVER_OFF] -= 1
        if not moved and i and not self.keep:
            found.add(key, code, i)
