"""Search kernel for the wider family's movement, three dice, and a step rule on hitting contact.

The board-only kernel (:mod:`nardy.engine.kernels.board_only`) knows
today's movement by heart; this one takes a
:class:`~nardy.rules.movement.Movement` as data, and any dice of at most
four moves:

* **a pool** (``pool``: the state index of the mover's count): a pool
  checker enters with die d on ``25 - d`` like a checker on the bar
  (:func:`~nardy.rules.movement.may_enter_from_pool`; its step's source is
  :data:`~nardy.rules.board.FROM_POOL`), hitting a blot there;
* **the bar first or not** (:func:`~nardy.rules.movement.bar_first`);
* **hits to the pool** (:func:`~nardy.rules.movement.send_hit_to_pool`);
* **the bear-off as data** (zone and larger die,
  :func:`~nardy.rules.movement.bear_off_allowed`; the checkers not home,
  :func:`~nardy.rules.movement.count_not_home`, are counted once and kept
  step by step);
* **three dice**, distinct or with a pair, and a double of one to four moves;
* **a step rule** (:class:`~nardy.rules.turn_rules.StepRule`), its check
  called after each step it watches (every step, or only the hits with
  ``only_hits``), as the general kernel calls it; or, for a rule that
  declares :attr:`~nardy.rules.turn_rules.StepRule.waiting`, no call: a
  watched step is pruned while a checker waits to enter (below).

Hitting or blocking contact, checkers on the bar entering, no hitter rule
and no play filter (those keep the general kernel,
:mod:`nardy.engine.kernels.general`, which this one answers to: the same
results, each with the same dice used).

**Each set of moves once.** The moves are taken with their sources in
non-increasing order, the bar first, then the pool, then the points from the
highest a checker may stand on down, and the moves from one
source with their dice in non-increasing order: each set of moves once,
for any dice. Every legal sequence can be taken in that order: a move from
a point needs a checker there, which stood there at the start or arrived
from a higher source (the bar and the pool land on ``25 - d``, above every
point a move from a point lands on); an open point stays open (an opposing
checker never moves in the mover's turn, and a hit leaves the point to the
mover); a bear-off that was legal stays so when the moves from higher
sources come first (each of them was made before it, or its checker stood
higher in the zone, which a larger die forbids); and the moves from one
source may come in any order. On a double no two sets of moves reach the
same position (the bar's and the pool's counts tell their moves apart, and
at the highest point where two sets differ the moves landing there are
the same), so its results need no look-up; other dice's are deduplicated
by key (a chain ``p -> p - a -> p - a - b`` and its twin through ``p - b``).
A sequence that stops early in this order while a move from a higher
source could follow is noted apart (:meth:`Found.record_short
<nardy.engine.results.Found.record_short>`), and dropped when any result
uses every die, as the maximum-use rule would drop it: the same moves and
that one make a longer play.

**A waiting rule** (:attr:`~nardy.rules.turn_rules.StepRule.waiting`)
refuses the watched steps made while a checker of the mover's waits in
his pool (or on his bar). That order makes every entry of a set of moves
before its other moves, and the counts waiting never rise in a turn, so
each step of a set meets the fewest checkers waiting there that any order
of the set could give it: a set this order refuses, every order refuses.
The kernel prunes such a step where it meets it and searches on as
without a rule.

**Any other step rule** is judged on each step of that order. When it refuses
none, every sequence the board allows in that order passed every check,
and the order loses nothing: each legal sequence's reordering is one of
them, and each of them is a legal sequence. Once it refuses a step, another order of the same moves might pass
where this one did not (a rule that waits for the pool to empty, say), and
the search starts again over every order of the dice: depth first over the
dice left (each distinct value once at a node, ``_NEXT``), the nodes
reached with two or more dice used and some left deduplicated by key, and
the results by key (:class:`~nardy.engine.results.Found`).
"""

from __future__ import annotations

from nardy.engine.results import Found
from nardy.engine.state import (
    HIT_BIT,
    HIT_MOVE,
    MOVE,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    STEP_BITS,
    WEIGHT,
    slot_weight,
)
from nardy.rules.board import FROM_POOL, HIT
from nardy.rules.movement import Movement, count_not_home
from nardy.rules.turn_rules import StepCheck, StepRule

__all__ = ["search_moving"]

#: ``_NEXT[dice]``: for each distinct value among the dice left, that value and the dice left after it.
_NEXT: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}


def _next_of(dice: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """The entry of :data:`_NEXT` for ``dice``, made and kept the first time."""
    out = _NEXT.get(dice)
    if out is None:
        out = []
        for i in range(len(dice)):
            if dice[i] not in dice[:i]:
                out.append((dice[i], dice[:i] + dice[i + 1 :]))
        _NEXT[dice] = out
    return out


def _make(s: list[int], at: int, dst: int, x_dst: int, hit: bool, hit_slot: int) -> None:
    """Make a step on ``s`` in place: one checker leaves slot ``at`` (a point, the bar or the pool) for ``dst``.

    ``x_dst`` is the count on ``dst`` before; a hit puts the blot in
    ``hit_slot`` (the opponent's bar or pool).
    """
    s[at] -= 1
    if hit:
        s[dst] = 1
        s[hit_slot] += 1
    else:
        s[dst] = x_dst + 1


def _unmake(
    s: list[int], at: int, x_src: int, dst: int, x_dst: int, hit: bool, hit_slot: int
) -> None:
    """Undo :func:`_make`: the counts ``x_src`` and ``x_dst`` back on their slots, the hit blot back."""
    s[at] = x_src
    s[dst] = x_dst
    if hit:
        s[hit_slot] -= 1


def search_moving(
    board: list[int],
    key: int,
    dice: tuple[int, ...],
    hitting: bool,
    movement: Movement,
    rule: StepRule | None,
) -> Found:
    """Every maximal sequence of legal steps for ``dice`` (at most four moves) under a movement as data.

    ``board`` is the state (mover's frame) as a list, left as it was found;
    ``key`` its key; ``hitting``: a lone opposing checker can be hit (else
    any opposing checker closes its point). ``movement``
    (:class:`~nardy.rules.movement.Movement`): the mover's pool, where a hit
    checker goes, whether the bar comes first, the bear-off. ``rule``: a
    step rule (``None``: none), whose ``check`` is called after each step
    from a point in ``watch_from`` or to one in ``watch_to``, only on the
    hits with ``only_hits``.
    """
    walk = _Walk(board, hitting, movement)
    pool = movement.pool
    outside = count_not_home(board, HIT, movement.bear_off.zone, pool)
    if not (board[MOVER_BAR] > 0 or (pool and board[pool] > 0)):
        # (checkers only move down; an entry may land above the highest)
        high = 24
        while high and board[high] <= 0:
            high -= 1
        walk.top = high
    walk.distinct = dice.count(dice[0]) == len(dice)
    check: StepCheck | None = None
    if rule is not None and rule.waiting is not None:
        walk.waits = True
        walk.wait_bar = rule.waiting == "pool-or-bar"
        walk.watch_from = rule.watch_from
        walk.watch_to = rule.watch_to
    elif rule is not None:
        check = rule.check
        walk.watch_from = rule.watch_from
        walk.watch_to = rule.watch_to
        walk.only_hits = rule.only_hits
    walk.check = check
    left = dice
    for i in range(1, len(dice)):
        if dice[i] > dice[i - 1]:  # (the dice come highest first as a rule: no sort)
            left = tuple(sorted(dice, reverse=True))
            break
    if len(left) == 1 and check is None:
        walk.last(left[0], 0, 6, key, 0, 0, outside)
    else:
        walk.sets(left, 0, 6, key, 0, 0, outside)
    if not walk.refused:
        return walk.found.most_dice()
    # The rule refused a step: another order of a set of moves may be allowed.
    walk.found = Found()
    walk.distinct = False
    walk.seen = {}
    walk.node(key, 0, 0, dice, outside)
    return walk.found


class _Walk:
    """One search: the board (changed in place and restored), the rules, the results."""

    __slots__ = (
        "bar_first",
        "check",
        "distinct",
        "found",
        "hit_delta",
        "hit_slot",
        "larger",
        "lowest",
        "only_hits",
        "pool",
        "pool_delta",
        "refused",
        "s",
        "seen",
        "top",
        "wait_bar",
        "waits",
        "watch_from",
        "watch_to",
        "zone",
    )

    def __init__(self, s: list[int], hitting: bool, movement: Movement) -> None:
        pool = movement.pool
        hit_to_pool = movement.hit_to_pool
        self.s = s
        self.found = Found()
        #: The lowest count of an open point: -1 hitting (a blot), 0 blocking.
        self.lowest = -1 if hitting else 0
        self.pool = pool
        #: How a key changes beyond a bar entry's for a pool entry (one fewer in the pool, none on the bar).
        self.pool_delta = WEIGHT[MOVER_BAR] - slot_weight(pool) if pool else 0
        #: Where a hit checker goes, and how a key changes beyond :data:`HIT_MOVE` for it.
        self.hit_slot = pool + 1 if hit_to_pool else OPP_BAR
        self.hit_delta = slot_weight(pool + 1) - WEIGHT[OPP_BAR] if hit_to_pool else 0
        self.bar_first = movement.bar_first
        self.zone = movement.bear_off.zone
        self.larger = movement.bear_off.larger
        #: The highest point a checker of the mover's may stand on this turn (see :meth:`moves`).
        #: The sources in the order their moves are taken are the bar, the
        #: pool, then the points ``top`` to 1: :meth:`sets`'s ``first``
        #: numbers them (0 the bar, 1 the pool, ``j >= 2`` the point ``top + 2 - j``).
        self.top = 24
        self.check: StepCheck | None = None
        #: Whether every set of moves reaches a result of its own (a double).
        self.distinct = False
        #: Whether the step rule refused a step in :meth:`sets` (which then stops).
        self.refused = False
        self.watch_from = 0
        self.watch_to = 0
        self.only_hits = False
        #: A waiting rule: watched steps are pruned while a checker waits in the pool (or on the bar: ``wait_bar``).
        self.waits = False
        self.wait_bar = False
        #: The dice left -> the keys of the nodes reached with them (two or more dice used).
        self.seen: dict[tuple[int, ...], set[int]] = {}

    def waiting(self, bar: int) -> bool:
        """Whether a waiting rule closes its watched steps now: a checker waits in the pool (or, with ``wait_bar``, on the bar, ``bar`` of them)."""
        pool = self.pool
        return self.waits and ((pool > 0 and self.s[pool] > 0) or (self.wait_bar and bar > 0))

    def may_bear_off(self, src: int, dst: int, outside: int) -> bool:
        """The bear-off rule for a step from ``src`` to ``dst <= 0`` (:func:`~nardy.rules.movement.bear_off_allowed`)."""
        if outside:
            return False
        if dst == 0:
            return True
        if not self.larger:
            return False
        s = self.s
        for p in range(src + 1, self.zone + 1):  # noqa: SIM110 (a loop is faster than any() here)
            if s[p] > 0:
                return False
        return True

    def moves(self, die: int, outside: int) -> list[tuple[int, int]]:
        """The steps the board allows for ``die`` now, ``(src, dst)`` each: the bar, the pool, the points high to low."""
        s = self.s
        lowest = self.lowest
        out: list[tuple[int, int]] = []
        entry = MOVER_BAR - die
        if s[entry] >= lowest:
            if s[MOVER_BAR] > 0:
                out.append((MOVER_BAR, entry))
                if self.bar_first:
                    return out
            pool = self.pool
            if pool and s[pool] > 0:
                out.append((FROM_POOL, entry))
        elif s[MOVER_BAR] > 0 and self.bar_first:
            return out
        if outside:  # no bear-off: the sources above the die only
            for src in range(self.top, die, -1):
                if s[src] > 0 and s[src - die] >= lowest:
                    out.append((src, src - die))
            return out
        for src in range(self.top, 0, -1):
            if s[src] > 0:
                dst = src - die
                if dst > 0:
                    if s[dst] >= lowest:
                        out.append((src, dst))
                elif self.may_bear_off(src, dst, outside):
                    out.append((src, MOVER_OFF))
        return out

    def node(self, key: int, code: int, made: int, left: tuple[int, ...], outside: int) -> None:
        """Play each distinct die of ``left`` every way the board and the rule allow, from the node ``key``.

        ``made`` steps are made already (packed in ``code``); a node from
        which no die can be played is a result, and so is every node
        reached with all the dice (noted here, one level up: each uses every
        die, so a result found before keeps its play).
        """
        if made >= 2:
            reached = self.seen.get(left)
            if reached is None:
                self.seen[left] = {key}
            elif key in reached:
                return
            else:
                reached.add(key)
        s = self.s
        found = self.found
        shift = STEP_BITS * made
        hit_bit = HIT_BIT << shift
        hitting = self.lowest < 0
        pool = self.pool
        hit_slot = self.hit_slot
        hit_delta = self.hit_delta
        zone = self.zone
        check = self.check
        watch_from = self.watch_from
        watch_to = self.watch_to
        only_hits = self.only_hits
        n = made + 1
        moved = False
        for die, rest in _next_of(left):
            last = not rest
            for src, dst in self.moves(die, outside):
                x_dst = s[dst]
                hit = hitting and x_dst == -1 and dst != MOVER_OFF
                step = (src | (dst << 5) | (die << 10)) << shift
                if src == FROM_POOL:
                    at = pool
                    key1 = key + self.pool_delta
                    from_slot = MOVER_BAR
                else:
                    at = src
                    key1 = key
                    from_slot = src
                if hit:
                    key1 += HIT_MOVE[from_slot][dst] + hit_delta
                    code1 = code | step | hit_bit
                else:
                    key1 += MOVE[from_slot][dst]
                    code1 = code | step
                if last and check is None:  # a result, the board untouched
                    moved = True
                    found.record(key1, code1, n)
                    continue
                x_src = s[at]
                _make(s, at, dst, x_dst, hit, hit_slot)
                if (
                    check is None
                    or (only_hits and not hit)
                    or not ((watch_from >> src) & 1 or (watch_to >> dst) & 1)
                    or check(s, src, dst)
                ):
                    moved = True
                    if not last:
                        self.node(
                            key1, code1, n, rest, outside - 1 if src > zone >= dst else outside
                        )
                    else:
                        found.record(key1, code1, n)
                _unmake(s, at, x_src, dst, x_dst, hit, hit_slot)
        if not moved and made:
            found.record(key, code, made)

    def sets(
        self,
        left: tuple[int, ...],
        first: int,
        cap: int,
        key: int,
        code: int,
        made: int,
        outside: int,
    ) -> None:
        """Each set of moves once, in non-increasing order of sources: the next from source ``first`` on.

        ``left``: the dice left (two or more), highest first; a move from
        source ``first`` itself uses a die of at most ``cap`` (the moves
        from one source in non-increasing order of dice). ``made`` moves are
        made (packed in ``code``). The last die is :meth:`last`'s.
        """
        s = self.s
        bar = s[MOVER_BAR]
        pool = self.pool
        values = _next_of(left)
        check = self.check
        moved = False
        # The entries: the bar (source 0), then the pool (source 1).
        if first == 0 and bar > 0:
            for die, rest in values:
                if die <= cap and self.enter(MOVER_BAR, die, rest, 0, key, code, made, outside):
                    moved = True
                if self.refused:
                    return
        if bar > 0 and self.bar_first:
            if not moved and made:
                self.short(key, code, made)
            return
        if first <= 1 and pool and s[pool] > 0:
            for die, rest in values:
                if (first < 1 or die <= cap) and self.enter(
                    FROM_POOL, die, rest, 1, key, code, made, outside
                ):
                    moved = True
                if self.refused:
                    return
        # The points, from the highest a checker may stand on (source j is the point top + 2 - j).
        # (A move between points changes no count a waiting rule reads.)
        closed = self.waiting(bar)
        watch_from = self.watch_from
        watch_to = self.watch_to
        lowest = self.lowest
        zone = self.zone
        shift = STEP_BITS * made
        hit_bit = HIT_BIT << shift
        hit_slot = self.hit_slot
        hit_delta = self.hit_delta
        top2 = self.top + 2
        n = made + 1
        high = top2 - first if first >= 2 else top2 - 2
        low = left[-1] if outside else 0  # no bear-off: the sources above the smallest die
        for src in range(high, low, -1):
            c = s[src]
            if c <= 0:
                continue
            for die, rest in values:
                if src == high and first >= 2 and die > cap:
                    continue
                dst = src - die
                if dst <= 0:
                    if not self.may_bear_off(src, dst, outside):
                        continue
                    dst = MOVER_OFF
                    hit = False
                else:
                    x_dst = s[dst]
                    if x_dst < lowest:
                        continue
                    hit = x_dst == -1 and lowest < 0
                if closed and ((watch_to >> dst) & 1 or (watch_from >> src) & 1):
                    continue
                moved = True
                x_dst = s[dst]
                _make(s, src, dst, x_dst, hit, hit_slot)
                if hit:
                    key1 = key + HIT_MOVE[src][dst] + hit_delta
                    code1 = code | ((src | (dst << 5) | (die << 10)) << shift) | hit_bit
                else:
                    key1 = key + MOVE[src][dst]
                    code1 = code | ((src | (dst << 5) | (die << 10)) << shift)
                outside1 = outside - 1 if src > zone >= dst else outside
                if check is not None and not self.allows(src, dst, hit):
                    rest = ()  # (refused: undone below, and the search stops)
                elif not rest:
                    self.note(key1, code1, n)
                elif len(rest) == 1 and check is None:
                    self.last(rest[0], top2 - src, die, key1, code1, n, outside1)
                else:
                    self.sets(rest, top2 - src, die, key1, code1, n, outside1)
                _unmake(s, src, c, dst, x_dst, hit, hit_slot)
                if self.refused:
                    return
        if not moved and made:
            self.short(key, code, made)

    def enter(
        self,
        src: int,
        die: int,
        rest: tuple[int, ...],
        j: int,
        key: int,
        code: int,
        made: int,
        outside: int,
    ) -> bool:
        """The entry of a checker from the bar or the pool (``src``) with ``die``, and what follows it; whether it is legal."""
        s = self.s
        dst = MOVER_BAR - die
        x_dst = s[dst]
        lowest = self.lowest
        if x_dst < lowest:
            return False
        hit = x_dst == -1 and lowest < 0
        if (
            self.waits
            and ((self.watch_to >> dst) & 1 or (self.watch_from >> src) & 1)
            and self.waiting_after_entry(src)
        ):
            return False
        shift = STEP_BITS * made
        step = (src | (dst << 5) | (die << 10)) << shift
        if src == FROM_POOL:
            at = self.pool
            key1 = key + self.pool_delta
        else:
            at = MOVER_BAR
            key1 = key
        if hit:
            key1 += HIT_MOVE[MOVER_BAR][dst] + self.hit_delta
            code1 = code | step | (HIT_BIT << shift)
        else:
            key1 += MOVE[MOVER_BAR][dst]
            code1 = code | step
        check = self.check
        if not rest and check is None:
            self.note(key1, code1, made + 1)
            return True
        x_src = s[at]
        hit_slot = self.hit_slot
        _make(s, at, dst, x_dst, hit, hit_slot)
        outside1 = outside - 1 if dst <= self.zone else outside
        if check is not None and not self.allows(src, dst, hit):
            pass  # (refused: undone below, and the search stops)
        elif not rest:
            self.note(key1, code1, made + 1)
        elif len(rest) == 1 and check is None:
            self.last(rest[0], j, die, key1, code1, made + 1, outside1)
        else:
            self.sets(rest, j, die, key1, code1, made + 1, outside1)
        _unmake(s, at, x_src, dst, x_dst, hit, hit_slot)
        return True

    def waiting_after_entry(self, src: int) -> bool:
        """Whether a checker still waits (see :meth:`waiting`) once one enters from ``src`` (the bar or the pool)."""
        s = self.s
        pool = self.pool
        in_pool = s[pool] - (src == FROM_POOL) if pool else 0
        return in_pool > 0 or (self.wait_bar and s[MOVER_BAR] - (src == MOVER_BAR) > 0)

    def last(
        self, die: int, first: int, cap: int, key: int, code: int, made: int, outside: int
    ) -> None:
        """The last move: from source ``first`` on (from it itself with ``die <= cap``); each legal one a result.

        No move follows, so the board is not touched.
        """
        s = self.s
        bar = s[MOVER_BAR]
        pool = self.pool
        moved = False
        if die > cap:
            first += 1  # (no move of this die from source first)
        if first == 0 and bar > 0:
            moved = self.enter(MOVER_BAR, die, (), 0, key, code, made, outside)
        if bar > 0 and self.bar_first:
            if not moved and made:
                self.short(key, code, made)
            return
        if (
            first <= 1
            and pool
            and s[pool] > 0
            and self.enter(FROM_POOL, die, (), 1, key, code, made, outside)
        ):
            moved = True
        closed = self.waiting(bar)
        watch_from = self.watch_from
        watch_to = self.watch_to
        lowest = self.lowest
        shift = STEP_BITS * made
        step_die = die << 10
        hit_bit = HIT_BIT << shift
        hit_delta = self.hit_delta
        n = made + 1
        top2 = self.top + 2
        high = top2 - first if first >= 2 else top2 - 2
        for src in range(high, die if outside else 0, -1):
            if s[src] <= 0:
                continue
            dst = src - die
            if closed and ((watch_to >> max(dst, 0)) & 1 or (watch_from >> src) & 1):
                continue
            if dst <= 0:
                if not self.may_bear_off(src, dst, outside):
                    continue
                key1 = key + MOVE[src][MOVER_OFF]
                code1 = code | ((src | step_die) << shift)
            else:
                x_dst = s[dst]
                if x_dst < lowest:
                    continue
                if x_dst == -1 and lowest < 0:
                    key1 = key + HIT_MOVE[src][dst] + hit_delta
                    code1 = code | ((src | (dst << 5) | step_die) << shift) | hit_bit
                else:
                    key1 = key + MOVE[src][dst]
                    code1 = code | ((src | (dst << 5) | step_die) << shift)
            moved = True
            self.note(key1, code1, n)
        if not moved and made:
            self.short(key, code, made)

    def allows(self, src: int, dst: int, hit: bool) -> bool:
        """Whether the step rule allows the step just made (on the board after it); if not, :attr:`refused`."""
        check = self.check
        if (
            check is None
            or (self.only_hits and not hit)
            or not ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1)
            or check(self.s, src, dst)
        ):
            return True
        self.refused = True
        return False

    def note(self, key: int, code: int, n: int) -> None:
        """A result of every die (a double's is new; another's found before keeps its play: the same pips)."""
        found = self.found
        if self.distinct:
            found.keys.append(key)
            found.codes.append(code)
            found.counts.append(n)
        elif key not in found.index:
            found.add(key, code, n)

    def short(self, key: int, code: int, made: int) -> None:
        """A node no move (in the order of sources) follows: a result of fewer dice than the roll's, noted apart.

        (Apart, so that the maximum-use rule finds nothing to drop when a
        result uses every die, as it nearly always does: keeping them among
        the others cost tabula a tenth of its search.)
        """
        if self.distinct:
            self.found.add_short(key, code, made)
        else:
            self.found.record_short(key, code, made)
