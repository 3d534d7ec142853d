"""Search kernel that follows individual checkers: hitter restrictions and pins.

Used when a rule depends on *which* checker moves (a checker that hit may
not hide, or stops, for the rest of the turn), when checkers pin instead of
hitting, and for hitting contact with a per-step rule of the variant's. The
search keeps, beside the state, the points where marked checkers (those that
hit) stand; checkers are indistinguishable, so moving from a point that holds
both kinds tries both. No ordering shortcut is taken: nodes are deduplicated
by (state, marked checkers, dice used) instead.

It also knows any movement other than today's
(:class:`~nardy.rules.movement.Movement`: a pool of checkers entering, the
bar not first, hits sent to the pool, another bear-off): the rulebook's
named rules for those (:func:`~nardy.rules.movement.bar_first`,
:func:`~nardy.rules.movement.may_enter_from_pool`,
:func:`~nardy.rules.movement.bear_off_allowed`,
:func:`~nardy.rules.movement.make_step_as`), one step of the search at a
time. Such a movement comes here beside a hitter rule, a play filter or
pins; alone (or with a step rule) it goes to the faster
:mod:`nardy.engine.kernels.moving`, which answers to this one.

It calls every rule object's own functions and trusts no declaration: it is
the general search the others answer to (:func:`nardy.testing.check_variant`
compares them). Two rule sets on a double seldom come here:
:mod:`nardy.engine.search` hands a hitter rule declared no-hide (Caucasian
nardy's) to :mod:`nardy.engine.kernels.hitter_doubles`, and a step rule
declared the six-block rule with a floor on the head (Kush's doubles) to it
or to :mod:`nardy.engine.kernels.kush_double`, which give this kernel's
results in this kernel's order (each module says why).
"""

from __future__ import annotations

from itertools import permutations

from nardy.engine.results import Found
from nardy.engine.state import HIT_BIT, MOVER_BAR, MOVER_OFF, OPP_BAR, STEP_BITS
from nardy.engine.stepkeys import make_step as move_checker
from nardy.engine.stepkeys import make_step_moving
from nardy.rules.board import BLOCK, FROM_POOL, HIT, PIN
from nardy.rules.movement import (
    Movement,
    bar_first,
    bear_off_allowed,
    count_not_home,
    count_outside,
    entry_point,
    is_open,
    landing,
    may_enter_from_pool,
    must_enter,
)
from nardy.rules.turn_rules import HitterRule, StepCheck, StepRule

__all__ = ["BLOCK", "HIT", "PIN", "is_open", "move_checker", "search_tracking"]

# The contact codes, is_open (an open point) and the rest of a step's physics
# are the rulebook's (nardy.rules.board, nardy.rules.movement); move_checker is
# the step made with its change of the key (nardy.engine.stepkeys.make_step).


def search_tracking(
    s: list[int],
    key: int,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    keep_prefixes: bool,
    movement: Movement | None = None,
) -> Found:
    """Every maximal sequence of legal steps (every sequence, with ``keep_prefixes``).

    ``s`` is the state as a list (left as it was found), ``key`` its key;
    ``contact`` one of :data:`HIT`, :data:`BLOCK`, :data:`PIN`; ``enters``:
    checkers on the bar must enter first (else the dice never move them).
    ``movement``: the variant's movement when it is not today's (``None``:
    :data:`~nardy.rules.movement.DEFAULT_MOVEMENT`).
    Each order of the dice is searched in turn.
    """
    if len(dice) == 2 and dice[0] != dice[1]:
        orders: list[tuple[int, ...]] = [dice, (dice[1], dice[0])]
    else:
        orders = list(dict.fromkeys(permutations(dice)))
    search = _Search(s, keep_prefixes)
    search.follow(contact, enters, rule, hitter)
    if movement is not None and not movement.is_default:
        search.move_as(movement)
    for order in orders:
        search.order(order)
        search.node(key, 0, 0, 0)
    return search.found


class _Search:
    """A depth-first search over each order of the dice in turn.

    A node is the position reached (its key), how many dice are used, and
    where the marked checkers (those that hit, under a hitter rule) stand:
    ``marks`` holds 3 bits per point, the count of marked checkers there.
    Each node of one order is explored once.
    """

    def __init__(self, s: list[int], keep_prefixes: bool) -> None:
        self.s = s
        self.keep = keep_prefixes
        self.found = Found()
        self.dice: tuple[int, ...] = ()
        #: For each number of dice used: marks -> the keys seen with them.
        self.seen: list[dict[int, set[int]]] = []
        self.contact = HIT
        self.enters = True
        self.pins = False
        self.check: StepCheck | None = None
        self.watch_from = 0
        self.watch_to = 0
        self.marking = False
        self.zone = 0
        self.marked_check: StepCheck | None = None
        self.only_hits = False
        # A movement other than today's (see move_as).
        self.moving = False
        self.pool = 0
        self.hit_to_pool = False
        self.bar_first = True
        self.bear_zone = 6
        self.larger = True

    def follow(
        self, contact: int, enters: bool, rule: StepRule | None, hitter: HitterRule | None
    ) -> None:
        """Take the turn's rules: every rule object's functions are called, no declaration trusted."""
        self.contact = contact
        self.enters = enters
        self.pins = contact == PIN
        if rule is not None:
            self.check = rule.check
            self.watch_from = rule.watch_from
            self.watch_to = rule.watch_to
            self.only_hits = rule.only_hits
        if hitter is not None:
            self.marking = True
            self.zone = hitter.zone
            self.marked_check = hitter.check

    def move_as(self, movement: Movement) -> None:
        """Take a movement other than today's: a pool, the bar first or not, where hits go, the bear-off."""
        self.moving = True
        self.pool = movement.pool
        self.hit_to_pool = movement.hit_to_pool
        self.bar_first = movement.bar_first
        self.bear_zone = movement.bear_off.zone
        self.larger = movement.bear_off.larger

    def order(self, dice: tuple[int, ...]) -> None:
        """Search the dice in this order next (the nodes seen so far forgotten)."""
        self.dice = dice
        self.seen = [{} for _ in range(len(dice) + 1)]

    def node(self, key: int, i: int, marks: int, code: int) -> None:
        """Explore the node reached with ``i`` dice used (``code`` the steps so far)."""
        at = self.seen[i]
        keys = at.get(marks)
        if keys is None:
            keys = at[marks] = set()
        elif key in keys:
            return
        keys.add(key)
        if self.keep and i:
            self.found.record(key, code, i)
        moved = False
        if i < len(self.dice) and self.moving:
            moved = self.moves_as(key, i, marks, code)
        elif i < len(self.dice):
            s = self.s
            die = self.dice[i]
            if self.enters and must_enter(s):
                dst = landing(s, MOVER_BAR, die, 0, self.contact)
                moved = dst >= 0 and self.step(MOVER_BAR, dst, die, key, i, marks, code)
            else:
                outside = count_outside(s, self.contact)
                for src in range(24, 0, -1):
                    if s[src] <= 0:
                        continue
                    dst = landing(s, src, die, outside, self.contact)
                    if dst >= 0 and self.step(src, dst, die, key, i, marks, code):
                        moved = True
        if not moved and i and not self.keep:
            self.found.record(key, code, i)

    def moves_as(self, key: int, i: int, marks: int, code: int) -> bool:
        """Play die ``i`` every way the movement allows; True if a step was legal.

        The bar first (:func:`~nardy.rules.movement.bar_first`): only bar
        entries while it applies. Else a bar entry, a pool entry
        (:func:`~nardy.rules.movement.may_enter_from_pool`) and every
        checker on the board, bearing off by the movement's
        :class:`~nardy.rules.movement.BearOff`.
        """
        s = self.s
        die = self.dice[i]
        contact = self.contact
        enters = self.enters
        entry = entry_point(die)
        moved = False
        if enters and s[MOVER_BAR] > 0:
            if is_open(s, entry, contact) and self.step(MOVER_BAR, entry, die, key, i, marks, code):
                moved = True
            if bar_first(s, self.bar_first):
                return moved
        pool = self.pool
        if (
            may_enter_from_pool(s, pool, self.bar_first)
            and is_open(s, entry, contact)
            and self.step(FROM_POOL, entry, die, key, i, marks, code)
        ):
            moved = True
        outside = count_not_home(s, contact, self.bear_zone, pool)
        for src in range(24, 0, -1):
            if s[src] <= 0:
                continue
            dst = src - die
            if dst > 0:
                if not is_open(s, dst, contact):
                    continue
            elif bear_off_allowed(s, src, dst, outside, self.bear_zone, self.larger):
                dst = MOVER_OFF
            else:
                continue
            if self.step(src, dst, die, key, i, marks, code):
                moved = True
        return moved

    def step(self, src: int, dst: int, die: int, key: int, i: int, marks: int, code: int) -> bool:
        """Try the step ``src -> dst`` (the board allows it) by each kind of checker there; True if one was legal."""
        s = self.s
        contact = self.contact
        moving = self.moving
        marked_here = (marks >> (3 * src)) & 7 if self.marking and src < MOVER_BAR else 0
        moved = False
        for is_marked in (False, True):
            if is_marked:
                if not marked_here or self.marked_check is None:
                    break
            elif src != FROM_POOL and s[src] <= marked_here:
                continue
            x_src, x_dst, x_bar = s[src], s[dst], s[OPP_BAR]
            undo = s[:] if self.pins or moving else None
            if moving:
                delta = make_step_moving(s, src, dst, contact, self.pool, self.hit_to_pool)
            else:
                delta = move_checker(s, src, dst, contact)
            hit = dst != MOVER_OFF and x_dst == -1 and contact != BLOCK
            check = self.check
            allowed = (
                check is None
                or (self.only_hits and not hit)
                or not ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1)
                or check(s, src, dst)
            )
            if allowed and is_marked:
                marked_check = self.marked_check
                allowed = marked_check is not None and marked_check(s, src, dst)
            if allowed:
                new_marks = marks
                if is_marked:
                    new_marks -= 1 << (3 * src)
                    if dst != MOVER_OFF:
                        new_marks += 1 << (3 * dst)
                elif hit and self.marking and dst <= self.zone:
                    new_marks += 1 << (3 * dst)
                moved = True
                packed_step = src | (dst << 5) | (die << 10) | (HIT_BIT if hit else 0)
                self.node(key + delta, i + 1, new_marks, code | (packed_step << (STEP_BITS * i)))
            if undo is not None:
                s[:] = undo
            else:
                s[src] = x_src
                s[dst] = x_dst
                s[OPP_BAR] = x_bar
        return moved
