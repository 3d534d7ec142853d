"""Search kernel that follows individual checkers: hitter restrictions and pins.

Used when a rule depends on *which* checker moves (a checker that hit may
not hide, or stops, for the rest of the turn), when checkers pin instead of
hitting, and for hitting contact with a per-step rule of the variant's. The
search keeps, beside the state, the points where marked checkers (those that
hit) stand; checkers are indistinguishable, so moving from a point that holds
both kinds tries both. No ordering shortcut is taken: nodes are deduplicated
by (state, marked checkers, dice used) instead.
"""

from __future__ import annotations

from itertools import permutations

from nardy.engine.layout import (
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    PINNED,
    Found,
    RawStep,
    State,
    Steps,
)
from nardy.engine.turn import HitterRule, StepRule

__all__ = ["BLOCK", "HIT", "PIN", "is_open", "move_checker", "search_tracking"]

#: Contact code of :attr:`Contact.HIT <nardy.Contact.HIT>`.
HIT = 0
#: Contact code of :attr:`Contact.BLOCK <nardy.Contact.BLOCK>`.
BLOCK = 1
#: Contact code of :attr:`Contact.PIN <nardy.Contact.PIN>`.
PIN = 2


def is_open(s: list[int], dst: int, contact: int) -> bool:
    """Whether the mover may land on point ``dst``."""
    x = s[dst]
    if x >= 0:
        return True
    if x < -1 or contact == BLOCK:
        return False
    # A single opposing checker: a blot to hit, or one to pin unless it is
    # the opponent's checker that pins one of the mover's there.
    return contact == HIT or not (s[PINNED] >> dst) & 1


def _sources(
    s: list[int], die: int, contact: int, enters: bool, pins: bool
) -> list[tuple[int, int]]:
    """The physically possible single steps ``(src, dst)`` for one die (``dst`` 0: off)."""
    if enters and s[MOVER_BAR] > 0:
        dst = 25 - die
        return [(25, dst)] if is_open(s, dst, contact) else []
    outside = s[MOVER_BAR]
    for p in range(HOME + 1, 25):
        if s[p] > 0:
            outside += s[p]
    may_bear_off = outside == 0 and not (pins and s[PINNED])
    out = []
    for src in range(24, 0, -1):
        if s[src] > 0:
            dst = src - die
            if dst > 0:
                if is_open(s, dst, contact):
                    out.append((src, dst))
            elif may_bear_off and (dst == 0 or all(s[p] <= 0 for p in range(src + 1, HOME + 1))):
                out.append((src, 0))
    return out


def move_checker(t: list[int], src: int, dst: int, contact: int) -> bool:
    """Move one of the mover's checkers in place; True when it hit or pinned."""
    t[src] -= 1
    if contact == PIN and src != MOVER_BAR and t[src] == 0 and (t[OPP_PINNED] >> src) & 1:
        t[src] = -1  # the last checker on top left: the pinned one is free again
        t[OPP_PINNED] ^= 1 << src
    if dst == 0:
        t[MOVER_OFF] += 1
        return False
    if t[dst] == -1 and contact != BLOCK:
        t[dst] = 1
        if contact == PIN:
            t[OPP_PINNED] |= 1 << dst
        else:
            t[OPP_BAR] += 1
        return True
    t[dst] += 1
    return False


def search_tracking(
    start: State,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    keep_prefixes: bool,
) -> Found:
    """Every maximal sequence of legal steps (every sequence, with ``keep_prefixes``).

    ``contact`` is one of :data:`HIT`, :data:`BLOCK`, :data:`PIN`;
    ``enters``: checkers on the bar must enter first (else the dice never
    move them). Each order of the dice is searched in turn. Keys are states.
    """
    found: Found = {}
    pins = contact == PIN
    orders = list(dict.fromkeys(permutations(dice)))
    for order in orders:
        seen: set[tuple[State, tuple[int, ...], int]] = set()
        _dfs(
            list(start), order, 0, (), (), contact, enters, pins, rule, hitter, keep_prefixes,
            found, seen,
        )  # fmt: skip
    return found


def _record(found: Found, state: State, steps: Steps, n: int, pips: int) -> None:
    old = found.get(state)
    if old is None or (n, pips) > (old[2], old[3]):
        found[state] = (state, steps, n, pips)


def _dfs(
    s: list[int],
    dice: tuple[int, ...],
    i: int,
    marks: tuple[int, ...],
    steps: Steps,
    contact: int,
    enters: bool,
    pins: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    keep_prefixes: bool,
    found: Found,
    seen: set[tuple[State, tuple[int, ...], int]],
) -> None:
    state = tuple(s)
    node = (state, marks, i)
    if node in seen:
        return
    seen.add(node)
    if keep_prefixes and i:
        _record(found, state, steps, i, sum(dice[:i]))
    moved = False
    if i < len(dice):
        die = dice[i]
        for src, dst in _sources(s, die, contact, enters, pins):
            marked_here = marks.count(src)
            kinds = []
            if s[src] > marked_here:
                kinds.append(False)
            if marked_here and hitter is not None and hitter.check is not None:
                kinds.append(True)
            for is_marked in kinds:
                t = s[:]
                hit = move_checker(t, src, dst, contact)
                if (
                    rule is not None
                    and ((rule.watch_from >> src) & 1 or (rule.watch_to >> dst) & 1)
                    and not rule.check(t, src, dst)
                ):
                    continue
                if (
                    is_marked
                    and hitter is not None
                    and hitter.check is not None
                    and not hitter.check(t, src, dst)
                ):
                    continue
                new_marks = marks
                if hitter is not None and (is_marked or (hit and dst <= hitter.zone)):
                    moved_marks = list(marks)
                    if is_marked:
                        moved_marks.remove(src)
                    if dst > 0:
                        moved_marks.append(dst)
                    new_marks = tuple(sorted(moved_marks))
                moved = True
                step: RawStep = (src, dst, die, hit)
                _dfs(
                    t, dice, i + 1, new_marks, (*steps, step), contact, enters, pins, rule,
                    hitter, keep_prefixes, found, seen,
                )  # fmt: skip
    if not moved and i and not keep_prefixes:
        _record(found, state, steps, i, sum(dice[:i]))
