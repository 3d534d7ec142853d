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
from a point: one base-5 digit each), instead of hashing its key, and every
position it records is new.

The order of the results is part of the answer (a play's index, the steps
written for it), so it is fixed: from each position the sources are tried
in the order of the mover's *occupied points* there, which starts as his
points from 24 down and changes as a list would: a point he empties is
dropped, a point he fills (from empty) is added at the end. The kernel keeps
that order without building lists: the starting points are scanned from high
to low, skipping those now empty, and the points filled this turn (the
*tail*) follow in the order filled, packed five bits each into one int.
A step that no rule watches is judged without touching the board.

The kernel takes at most four moves (:data:`~nardy.engine.state.MOST_MOVES`),
so that every small int it keeps (a play's code, a multiset of sources,
points as bits) fits a machine int: compiled, those are typed ``i64`` and
each operation on them is one machine instruction, not a check for a
big int first. (Interpreted, ``i64`` is only an annotation.)

A double's search explores each position once, on the first sequence of
moves that reaches it; in this order that is the *greedy* sequence, which
at each position takes, of the moves still to make, the legal one whose
source comes first there. So when the last move came from a starting point
q (or from a point filled this turn), a move from a starting point above q
(or from any starting point) that was legal one move earlier leads to a
position found before: the greedy sequence to it made that move first. A
*safe* move (its landing point holds no opposing checker, it is no
bear-off, the rule does not watch it) that is legal now was legal then
(its point, never emptied, had a checker, and nothing else decides), so it
is counted as legal and not made again. The other moves are made and
looked up.

When every legal move is safe all turn long (the rule watches nothing, no
checker may leave the floor's point, and too many checkers are outside the
home board for a bear-off to come), the same holds for the points filled
this turn: after a move from such a point t, a move from a point filled
before t, legal one move earlier, reaches a position found before. With
both shortcuts the search follows each position's greedy sequence only, so
it reaches no position twice and looks none up. Two dice then need no
index either: a play of both dice reaches a position found before exactly
when another order of steps to it came first, which its steps tell
(``_TwoDice.second_free``), and in the second order of the dice only a
chain (one checker moved by both) can reach a new one
(``_TwoDice.chain_only``). A floor on point 24 (long nardy's head) does
not stop any of this: no step lands there, so the floor limits how many
checkers leave it whatever the order of the steps, and a move from it that
is legal now was legal one move earlier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nardy.engine.results import Found, IntIndex, IntSet, int_index, int_set, rank
from nardy.engine.state import HOME, MOVE, MOVER_OFF, STEP_BITS
from nardy.rules.movement import may_bear_off
from nardy.rules.six_block import BEFORE, six_block_guard, six_block_step
from nardy.rules.turn_rules import EndRule, StepCheck, StepRule

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = ["search_positional"]

#: ``_POW5[p]``: what a move from point ``p`` adds to the multiset of sources.
_POW5: Final[tuple[int, ...]] = tuple(5**p for p in range(25))
#: :data:`~nardy.engine.state.MOVE`, read as objects: a key (224 bits) is
#: never a machine int, and compiled, keys typed ``int`` would be checked for
#: one before and after each addition and boxed again for the results'
#: list; typed ``Any`` (they are plain ints all the same) an addition is one
#: ``PyNumber_Add``.
_MOVE: Final[tuple[tuple[Any, ...], ...]] = MOVE
#: The index a free two-dice search holds and never uses (see ``_TwoDice.where``).
_NO_INDEX: Final = int_index()
#: Bits of one point in a packed tail.
_TAIL_BITS: Final = 5


def search_positional(
    s: list[int],
    key0: int,
    dice: tuple[int, ...],
    rule: StepRule | None,
    keep_prefixes: bool,
    end: EndRule | None = None,
) -> Found:
    """Every maximal sequence of legal steps (every sequence, with ``keep_prefixes``).

    ``s`` is the state as a list (changed in place and restored), ``key0`` its
    key; ``dice`` two different dice or one value repeated. A step is legal
    when its landing point holds no opposing checker (or it bears off by the
    standard rule) and ``rule`` accepts it. With ``keep_prefixes`` every
    sequence is a candidate, also those that stop before the dice run out,
    for a whole-play filter to judge. With ``end`` a sequence is a result
    only if ``end`` allows its final position, judged on the board; the
    results' ``deepest`` is then the most dice any legal sequence uses,
    allowed or not.
    """
    start: list[int] = []  # the mover's points, from high to low
    out0 = s[25]
    for p in range(24, 0, -1):
        c = s[p]
        if c > 0:
            start.append(p)
            if p > HOME:
                out0 += c
    if len(dice) == 2 and dice[0] != dice[1]:
        two = _TwoDice(s, start, rule, keep_prefixes, end, dice, out0)
        two.first(dice[0], dice[1], key0, out0)
        two.reversed = True
        two.chains = two.free and not keep_prefixes and end is None
        two.singles = 2 not in two.found.counts
        two.first(dice[1], dice[0], key0, out0)
        return two.found
    doubles = _Doubles(s, start, rule, keep_prefixes, end, dice, out0)
    doubles.node(0, key0, out0, 0, 0, 0, 0, 0, 0)
    return doubles.found


class _Search:
    """What both searches share: the board, the rule, the starting points, the results.

    Each kind of search works out what it needs before it starts in
    :meth:`prepare` (``dice``, and ``outside``: the mover's checkers outside
    his home board).
    """

    def __init__(
        self,
        s: list[int],
        start: list[int],
        rule: StepRule | None,
        keep: bool,
        end: EndRule | None,
        dice: tuple[int, ...],
        outside: i64,
    ) -> None:
        self.s = s
        #: The whole-play check of each result's final position (None: every result is kept).
        self.end = end
        #: The mover's points at the start, from high to low.
        self.start = start
        self.found = Found()
        #: Whether every sequence is a result, also one stopped early (for a filter).
        self.keep = keep
        # The rule less its floor, and the floor (point 0: none; no move leaves it).
        self.check: StepCheck | None = None
        self.watch_from: i64 = 0
        self.watch_to: i64 = 0
        self.floor_point: i64 = 0
        self.floor: i64 = 0
        if rule is not None:
            self.floor_point = rule.floor_point
            self.floor = rule.floor
            declared = rule.six_block
            if declared is None:
                self.check = rule.base_check
                self.watch_from = rule.base_watch_from
                self.watch_to = rule.base_watch_to
            else:
                # The rule declares itself the six-block rule: the rulebook's
                # own check of it, on the points where it can refuse (a copy
                # of the rule with a check of its own searches as fast).
                guard = rule.guard
                if guard < 0:
                    guard = 0 if declared == "off" else six_block_guard(s, declared)
                if guard:
                    self.check = six_block_step(guard)
                    self.watch_to = BEFORE[guard]
        self.prepare(dice, outside)

    def prepare(self, dice: tuple[int, ...], outside: i64) -> None:
        """What this kind of search works out before it starts (nothing, here)."""

    def all_safe(self, outside: i64, steps: i64) -> bool:
        """Whether every legal step of this turn is safe: the board alone allows it, in any order.

        The rule watches nothing, the floor's point is 24 (no step lands
        there: see the module docstring) or no checker can leave it (its
        count is at the floor already), and no bear-off can come:
        ``outside`` checkers stand outside the home board, and a step brings
        one home at most, so ``steps`` steps leave one outside until the last.
        """
        floor_point = self.floor_point
        return (
            not (self.watch_from or self.watch_to)
            and (floor_point in (0, 24) or self.s[floor_point] <= self.floor)
            and outside >= steps
        )

    def add(self, key: Any, code: i64, count: i64) -> None:
        """Note a result known to be new (see the module docstring)."""
        found = self.found
        keys: list[Any] = found.keys
        keys.append(key)
        found.codes.append(code)
        found.counts.append(count)

    def refuses(self, src: i64, dst: i64) -> bool:
        """Whether the rule refuses the step ``src -> dst`` from the board as it is (left so).

        A step the rule does not watch is judged without touching the board.
        """
        check = self.check
        if check is None or not ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1):
            return False
        s = self.s
        c: i64 = s[src]
        x: i64 = s[dst]
        s[src] = c - 1
        s[dst] = x + 1
        allowed = check(s, src, dst)
        s[src] = c
        s[dst] = x
        return not allowed

    def end_refuses(self, src: i64, dst: i64) -> bool:
        """Whether the end check refuses the position one step ``src -> dst`` on (board left so)."""
        end = self.end
        if end is None:  # (the callers ask first: a call saved per result)
            return False
        s = self.s
        c: i64 = s[src]
        x: i64 = s[dst]
        s[src] = c - 1
        s[dst] = x + 1
        allowed = end.allows(s)
        s[src] = c
        s[dst] = x
        return not allowed


class _TwoDice(_Search):
    """The plays of two different dice: a first step, then every second step from its position.

    A result is told by how the mover's counts changed, slot by slot
    (points, and 0 for off): at most two checkers leave or arrive, so one
    balanced base-5 digit a slot, its *change*, a small int. It indexes the
    results instead of their keys (no key is built, or hashed, for a result
    found before).
    """

    def prepare(self, dice: tuple[int, ...], outside: i64) -> None:
        """The free search's test, the starting points as bits, the index of results."""
        start = self.start
        #: Whether every legal step is safe all turn (see :meth:`second_free`).
        #: A floor on point 24, where no step lands, limits how many checkers
        #: leave it whatever the order of the steps; :meth:`second_free`
        #: judges it, so a free search of two dice allows one.
        self.free = (
            not (self.watch_from or self.watch_to) and self.floor_point in (0, 24) and outside >= 2
        )
        #: The mover's points at the start, as bits.
        self.held: i64 = 0
        for p in start:
            self.held |= 1 << p
        #: Whether the dice are taken in the second order (the second die first).
        self.reversed = False
        #: Whether this pass tries only the chain after a first step (see
        #: :meth:`chain_only`), and whether it then notes one-die results.
        self.chains = False
        self.singles = False
        #: Each result's index in ``found``, by its change (free: results are
        #: told apart without it, and this one is never written).
        self.where: IntIndex = _NO_INDEX if self.free else int_index()

    def first(self, a: i64, b: i64, key0: Any, out0: i64) -> None:
        """Every play that moves ``a`` first (then ``b`` where it can)."""
        s = self.s
        check = self.check
        src: i64
        for src in self.start:
            c: i64 = s[src]
            if src == self.floor_point and c <= self.floor:
                continue
            dst = src - a  # (landing, inline)
            if dst > 0:
                if s[dst] < 0:
                    continue
            elif not may_bear_off(s, src, dst, out0):
                continue
            else:
                dst = MOVER_OFF
            before: i64 = s[dst]
            s[src] = c - 1
            s[dst] = before + 1
            if (
                check is None
                or not ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1)
                or check(s, src, dst)
            ):
                self.then(a, b, src, dst, key0 + _MOVE[src][dst], out0, before == 0)
            s[src] = c
            s[dst] = before

    def then(
        self,
        a: i64,
        b: i64,
        src: i64,
        dst: i64,
        key: Any,
        out0: i64,
        filled: bool,
    ) -> None:
        """The second steps after ``src -> dst`` (moved by ``a``), made on the board."""
        if self.chains:
            self.chain_only(a, b, src, dst, key, filled)
            return
        s = self.s
        change: i64 = _POW5[dst] - _POW5[src]
        out = out0 - 1 if src > HOME >= dst > 0 else out0  # (outside_after, inline)
        first = src | (dst << 5) | (a << 10)  # (step_code, inline)
        new_point = dst if filled and dst else 0
        moved = False
        free = self.free
        # The starting points still occupied, then the point this step filled.
        src2: i64
        for src2 in self.start:
            if (
                src2 != new_point
                and s[src2] > 0
                # closed, or no bear-off yet: the common refusals, inline
                and (s[src2 - b] >= 0 if src2 > b else out == 0)
                and (
                    self.second_free(a, b, src, src2, key, first)
                    if free
                    else self.second(b, src2, change, key, out, first)
                )
            ):
                moved = True
        if new_point and (
            self.second_free(a, b, src, new_point, key, first)
            if free
            else self.second(b, new_point, change, key, out, first)
        ):
            moved = True
        found = self.found
        if not moved and found.deepest < 1:
            found.deepest = 1
        if (self.keep or not moved) and (self.end is None or self.end.allows(s)):
            if free:  # one die's result: its pips tell it from every other
                self.add(key, first, 1)
                return
            i = self.where.get(change, -1)
            if i < 0:
                self.where[change] = len(found.keys)
                keys: list[Any] = found.keys
                keys.append(key)
                found.codes.append(first)
                found.counts.append(1)
            elif found.counts[i] == 1 and rank(first) > rank(found.codes[i]):
                found.codes[i] = first

    def chain_only(self, a: i64, b: i64, src: i64, dst: i64, key: Any, filled: bool) -> None:
        """:meth:`then` in the second order of a free search: only a chain can be new.

        A play whose second step moves another checker than the first has
        the same steps as a play of the first order, legal there too (that
        checker stood on its point at the start), so it was found before;
        and so was the chain through a point held at the start (the first
        order's play that moved the other checker first). So only the chain
        through the point ``dst`` this step filled is tried. A first step
        that no chain follows has other second steps exactly when the first
        order found a play of both dice (:attr:`singles` false), and its
        one-die result is noted only when it has none.
        """
        first = src | (dst << 5) | (a << 10)  # (step_code, inline)
        if filled and dst and self.second_free(a, b, src, dst, key, first):
            return
        if self.singles:  # one die's result: its pips tell it from every other
            self.add(key, first, 1)
            if self.found.deepest < 1:
                self.found.deepest = 1

    def second_free(self, a: i64, b: i64, src1: i64, src: i64, key: Any, first: i64) -> bool:
        """:meth:`second` when every legal step is safe: a result found before is told by its steps.

        The first step went from ``src1`` by ``a``. Nothing but the board's
        closed points decides a step, so a play of both dice reaches a
        position found before exactly when another order of steps reaching
        it came first: in the first order of the dice, the chain that moved
        one checker ``src`` -> ``src - a`` -> ``src - a - b`` (when this play
        is ``src - b`` by ``a``, then ``src`` by ``b``); in the second order,
        the same steps in the first order (``src`` held at the start), or
        the chain of the first order (this play one checker's chain, and
        ``src1 - b`` open). A play of one die is never reached twice.
        """
        s = self.s
        dst = src - b  # (landing, inline)
        if dst <= 0 or s[dst] < 0:
            return False  # closed (no bear-off can come)
        if src == self.floor_point and s[src] <= self.floor:
            return False
        if self.reversed:
            if (self.held >> src) & 1 or (src == src1 - a and src1 > b and s[src1 - b] >= 0):
                return True  # legal, and found before
        elif src - b == src1 and src > a and s[src - a] >= 0:
            return True  # legal, and found before
        found = self.found
        found.deepest = 2
        if self.end is not None and self.end_refuses(src, dst):
            return True  # legal, but not a result
        keys: list[Any] = found.keys
        keys.append(key + _MOVE[src][dst])
        found.codes.append(first | ((src | (dst << 5) | (b << 10)) << STEP_BITS))
        found.counts.append(2)
        return True

    def second(self, b: i64, src: i64, change: i64, key: Any, out: i64, first: i64) -> bool:
        """Whether a second step of ``b`` from ``src`` is legal; records its result when new."""
        s = self.s
        dst = src - b  # (landing, inline)
        if dst > 0:
            if s[dst] < 0:
                return False
        elif not may_bear_off(s, src, dst, out):
            return False
        else:
            dst = MOVER_OFF
        change2: i64 = change + _POW5[dst] - _POW5[src]
        found = self.found
        i = self.where.get(change2, -1)
        if i >= 0 and found.counts[i] == 2:
            return True  # reached already: legal whatever the order
        if src == self.floor_point and s[src] <= self.floor:
            return False
        if self.refuses(src, dst):
            return False
        found.deepest = 2
        if self.end is not None and self.end_refuses(src, dst):
            return True  # legal, but not a result
        code = first | ((src | (dst << 5) | (b << 10)) << STEP_BITS)
        if i < 0:
            self.where[change2] = len(found.keys)
            keys: list[Any] = found.keys
            keys.append(key + _MOVE[src][dst])
            found.codes.append(code)
            found.counts.append(2)
        else:  # reached before by one die only: two dice do better
            found.codes[i] = code
            found.counts[i] = 2
        return True


class _Doubles(_Search):
    """The depth-first search of a double: four moves of one number."""

    def prepare(self, dice: tuple[int, ...], outside: i64) -> None:
        """The movable starting points, the safe ones, the free search's test, the positions seen."""
        # A starting point whose landing point is closed never has a move this
        # turn (no opposing checker moves or is hit): the scans skip it.
        s = self.s
        die = dice[0]
        self.start = [p for p in self.start if p <= die or s[p - die] >= 0]
        self.die: i64 = die
        self.packed_die: i64 = die << 10
        self.last: i64 = len(dice) - 1
        #: The starting points whose move the board alone allows whenever a
        #: checker stands there: its landing point holds no opposing checker,
        #: it is no bear-off and the rule does not watch it.
        self.safe: i64 = 0
        for p in self.start:
            dst = p - self.die
            if (
                dst > 0  # (its landing point open: see above)
                and p != self.floor_point
                and not (self.watch_from >> p) & 1
                and not (self.watch_to >> dst) & 1
            ):
                self.safe |= 1 << p
        #: Whether every legal move is safe all turn long: then the
        #: greedy-order shortcut covers the points filled this turn too, no
        #: position is reached twice, and none is looked up (see the module
        #: docstring).
        self.free = self.all_safe(outside, len(dice))
        #: The positions reached, as multisets of sources (see the module
        #: docstring). One table serves every depth: a multiset's digits add
        #: up to the number of moves made, so no two depths share a value.
        self.seen: IntSet = int_set(4 if self.free else 256)  # (free: never asked)

    def node(
        self,
        i: i64,
        key: Any,
        outside: i64,
        tail: i64,
        tail_set: i64,
        code: i64,
        sources: i64,
        first: i64,
        skip: i64,
    ) -> None:
        """Try every next move from the position reached with ``i`` moves.

        ``tail``: the points filled this turn, in order (see the module
        docstring), and ``tail_set`` the same as a set of bits; ``sources``:
        the multiset of the moves' sources so far; ``first``: a safe move
        from a starting point before ``start[first]`` (above the last move's
        source) reaches a position found before (see the module docstring);
        ``skip`` (bits, only when :attr:`free`): so does a move from one of
        these points filled this turn.
        """
        s = self.s
        die = self.die
        safe = self.safe
        floor_point = self.floor_point
        floor = self.floor
        last = i == self.last
        moved = False
        start = self.start
        free = self.free
        # Free, the points before ``first`` hold safe moves only: none is made
        # (asked about below only if it decides whether this is a result).
        j: i64
        src: i64
        for j in range(first if free else 0, len(start)):
            src = start[j]
            if s[src] <= 0 or (tail_set >> src) & 1:
                continue
            if j < first and (safe >> src) & 1:
                moved = True  # legal, and found before
            elif (src <= die and outside > 0) or (src == floor_point and s[src] <= floor):
                # No bear-off yet, below the floor: the common refusals, inline.
                # (No starting point's landing point is closed: see __init__.)
                continue
            elif (
                self.leaf(i, src, key, outside, code, sources)
                if last
                else self.move(i, src, key, outside, tail, tail_set, code, sources, j, 0)
            ):
                moved = True
        after_start: i64 = len(start)
        earlier: i64 = 0  # the points filled this turn that come before ``src``
        t: i64 = tail
        while t:
            src = t & 31
            if (skip >> src) & 1 and src > die and s[src - die] >= 0:
                moved = True  # legal (free: nothing else decides), and found before
            elif not (src == floor_point and s[src] <= floor) and (
                self.leaf(i, src, key, outside, code, sources)
                if last
                else self.move(
                    i, src, key, outside, tail, tail_set, code, sources, after_start, earlier
                )
            ):
                moved = True
            if free:
                earlier |= 1 << src
            t >>= _TAIL_BITS
        if free and not moved and first and i and not self.keep:
            moved = self.safe_before(first, tail_set)
        if not moved and i and not self.keep:
            if i > self.found.deepest:
                self.found.deepest = i
            if self.end is None or self.end.allows(s):
                self.add(key, code, i)

    def move(
        self,
        i: i64,
        src: i64,
        key: Any,
        outside: i64,
        tail: i64,
        tail_set: i64,
        code: i64,
        sources: i64,
        first: i64,
        skip: i64,
    ) -> bool:
        """Whether the next move (not the last) from ``src`` is legal; if so, explores what follows.

        It takes :meth:`node`'s state, machine ints, as its own parameters
        (as :mod:`~nardy.engine.kernels.hitter_doubles`' search does, where
        folding the move into the node's loop cost the pure build 2%).

        ``first``: the index of ``src`` in :attr:`start` if it is a starting
        point, else the length of :attr:`start`; ``skip``: the points filled
        this turn before ``src`` when it is one of them (only when
        :attr:`free`), else 0 (the child's ``first`` and ``skip``).
        """
        s = self.s
        dst = src - self.die  # (landing, inline)
        before: i64
        if dst > 0:
            before = s[dst]
            if before < 0:
                return False
        elif not may_bear_off(s, src, dst, outside):
            return False
        else:
            dst = MOVER_OFF
            before = -1
        # A position already reached is legal whichever step led to it (the
        # rules depend on the position only): skip it before touching the board.
        # (From the start each move reaches a position of its own: no look-up;
        # free, no position is reached twice and the multiset is never asked.)
        seen = self.seen
        free = self.free
        nsources: i64 = 0
        if not free:
            nsources = sources + _POW5[src]
            if i and nsources in seen:
                return True
        check = self.check
        c: i64 = s[src]
        x: i64 = before if dst else s[MOVER_OFF]  # (no ``+=`` on list items: that is a generic op)
        s[src] = c - 1
        s[dst] = x + 1
        if (
            check is not None
            and ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1)
            and not check(s, src, dst)
        ):
            s[src] = c
            s[dst] = x
            return False
        if i and not free:
            seen.add(nsources)
        nkey = key + _MOVE[src][dst]
        ncode = code | ((src | (dst << 5) | self.packed_die) << (STEP_BITS * i))
        if self.keep and (self.end is None or self.end.allows(s)):
            self.add(nkey, ncode, i + 1)
        if c == 1 and (tail_set >> src) & 1:
            tail = _dropped(tail, src)
            tail_set ^= 1 << src
        if before == 0:
            tail = _appended(tail, dst)
            tail_set |= 1 << dst
        self.node(
            i + 1,
            nkey,
            outside - 1 if src > HOME >= dst > 0 else outside,  # (outside_after, inline)
            tail,
            tail_set,
            ncode,
            nsources,
            first,
            skip,
        )
        s[src] = c
        s[dst] = x
        return True

    def safe_before(self, first: i64, tail_set: i64) -> bool:
        """Whether a starting point before ``start[first]`` (not refilled this turn) holds a legal move.

        Free, each of those points holds a safe move, or is the floor's
        point, 24, whose move (its landing point open) is legal above the floor.
        """
        s = self.s
        safe = self.safe
        start = self.start
        floor_point = self.floor_point
        for j in range(first):
            p = start[j]
            if (tail_set >> p) & 1:
                continue
            if (safe >> p) & 1 and s[p] > 0:
                return True
            if p == floor_point and s[p] > self.floor:
                return True
        return False

    def leaf(self, i: i64, src: i64, key: Any, outside: i64, code: i64, sources: i64) -> bool:
        """Whether the last move, from ``src``, is legal; if so, records what it reaches.

        :meth:`move` without what follows: a step no rule watches leaves the
        board untouched.
        """
        s = self.s
        dst = src - self.die  # (landing, inline)
        if dst <= 0:
            if not may_bear_off(s, src, dst, outside):
                return False
            dst = MOVER_OFF
        elif s[dst] < 0:
            return False
        if not self.free:  # (free: no position is reached twice, and nothing is watched)
            nsources: i64 = sources + _POW5[src]
            seen = self.seen
            if i and nsources in seen:
                return True  # (see move)
            if self.refuses(src, dst):
                return False
            if i:
                seen.add(nsources)
        self.found.deepest = i + 1
        if self.end is not None and self.end_refuses(src, dst):
            return True  # legal, but not a result
        self.add(
            key + _MOVE[src][dst],
            code | ((src | (dst << 5) | self.packed_die) << (STEP_BITS * i)),
            i + 1,
        )
        return True


def _appended(tail: i64, p: i64) -> i64:
    """A packed tail with point ``p`` added at the end."""
    shift: i64 = 0
    while tail >> shift:
        shift += _TAIL_BITS
    return tail | (p << shift)


def _dropped(tail: i64, p: i64) -> i64:
    """A packed tail without point ``p`` (the others keep their order)."""
    out: i64 = 0
    shift: i64 = 0
    while tail:
        q = tail & 31
        if q != p:
            out |= q << shift
            shift += _TAIL_BITS
        tail >>= _TAIL_BITS
    return out
