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

from nardy.engine.found import Found
from nardy.engine.layout import (
    BASE_SIZE,
    EXTRA_BYTES,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    PINNED,
    STEP_BITS,
    WEIGHT,
    may_bear_off,
    step_code,
)
from nardy.engine.turn import HitterRule, StepRule

__all__ = ["BLOCK", "HIT", "PIN", "is_open", "move_checker", "search_tracking"]

#: Contact code of :attr:`Contact.HIT <nardy.Contact.HIT>`.
HIT = 0
#: Contact code of :attr:`Contact.BLOCK <nardy.Contact.BLOCK>`.
BLOCK = 1
#: Contact code of :attr:`Contact.PIN <nardy.Contact.PIN>`.
PIN = 2

# What one unit of the opponent's pins (bit p) adds to a key.
_OPP_PINNED_WEIGHT = 1 << (8 * BASE_SIZE + 8 * EXTRA_BYTES * (OPP_PINNED - BASE_SIZE))


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
        return [(MOVER_BAR, dst)] if is_open(s, dst, contact) else []
    outside = s[MOVER_BAR]
    for p in range(HOME + 1, 25):
        if s[p] > 0:
            outside += s[p]
    if pins and s[PINNED]:
        outside += 1  # a pinned checker stops the bear-off wherever it lies
    out = []
    for src in range(24, 0, -1):
        if s[src] > 0:
            dst = src - die
            if dst > 0:
                if is_open(s, dst, contact):
                    out.append((src, dst))
            elif may_bear_off(s, src, dst, outside):
                out.append((src, MOVER_OFF))
    return out


def move_checker(t: list[int], src: int, dst: int, contact: int) -> int:
    """Move one of the mover's checkers in place; returns how the key changed.

    Landing on a lone opposing checker hits it (to his bar) or, with pinning
    contact, pins it; leaving the last checker of a pinning stack releases
    the pinned one. The step's ``hit`` is whether the key change includes a
    hit or pin: see :func:`hit_of`.
    """
    w = WEIGHT
    delta = -w[src]
    t[src] -= 1
    if contact == PIN and src != MOVER_BAR and t[src] == 0 and (t[OPP_PINNED] >> src) & 1:
        t[src] = -1  # the last checker on top left: the pinned one is free again
        t[OPP_PINNED] ^= 1 << src
        delta -= w[src] + (_OPP_PINNED_WEIGHT << src)
    if dst == MOVER_OFF:
        t[MOVER_OFF] += 1
        return delta + w[MOVER_OFF]
    if t[dst] == -1 and contact != BLOCK:
        t[dst] = 1
        if contact == PIN:
            t[OPP_PINNED] |= 1 << dst
            return delta + 2 * w[dst] + (_OPP_PINNED_WEIGHT << dst)
        t[OPP_BAR] += 1
        return delta + 2 * w[dst] + w[OPP_BAR]
    t[dst] += 1
    return delta + w[dst]


def search_tracking(
    s: list[int],
    key: int,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    keep_prefixes: bool,
) -> Found:
    """Every maximal sequence of legal steps (every sequence, with ``keep_prefixes``).

    ``s`` is the state as a list (left as it was found), ``key`` its key;
    ``contact`` one of :data:`HIT`, :data:`BLOCK`, :data:`PIN`; ``enters``:
    checkers on the bar must enter first (else the dice never move them).
    Each order of the dice is searched in turn.
    """
    found = Found()
    pins = contact == PIN
    for order in dict.fromkeys(permutations(dice)):
        seen: set[tuple[int, tuple[int, ...], int]] = set()
        _dfs(
            s, key, order, 0, (), 0, contact, enters, pins, rule, hitter, keep_prefixes,
            found, seen,
        )  # fmt: skip
    return found


def _dfs(
    s: list[int],
    key: int,
    dice: tuple[int, ...],
    i: int,
    marks: tuple[int, ...],
    code: int,
    contact: int,
    enters: bool,
    pins: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    keep_prefixes: bool,
    found: Found,
    seen: set[tuple[int, tuple[int, ...], int]],
) -> None:
    node = (key, marks, i)
    if node in seen:
        return
    seen.add(node)
    if keep_prefixes and i:
        found.record(key, code, i)
    moved = False
    if i < len(dice):
        die = dice[i]
        shift = STEP_BITS * i
        for src, dst in _sources(s, die, contact, enters, pins):
            marked_here = marks.count(src)
            kinds = []
            if s[src] > marked_here:
                kinds.append(False)
            if marked_here and hitter is not None and hitter.check is not None:
                kinds.append(True)
            for is_marked in kinds:
                undo = s[:] if pins else None
                x_src, x_dst, x_bar = s[src], s[dst], s[OPP_BAR]
                delta = move_checker(s, src, dst, contact)
                hit = dst != MOVER_OFF and x_dst == -1 and contact != BLOCK
                allowed = not (
                    rule is not None
                    and ((rule.watch_from >> src) & 1 or (rule.watch_to >> dst) & 1)
                    and not rule.check(s, src, dst)
                ) and not (
                    is_marked
                    and hitter is not None
                    and hitter.check is not None
                    and not hitter.check(s, src, dst)
                )
                if allowed:
                    new_marks = marks
                    if hitter is not None and (is_marked or (hit and dst <= hitter.zone)):
                        moved_marks = list(marks)
                        if is_marked:
                            moved_marks.remove(src)
                        if dst > 0:
                            moved_marks.append(dst)
                        new_marks = tuple(sorted(moved_marks))
                    moved = True
                    _dfs(
                        s, key + delta, dice, i + 1, new_marks,
                        code | (step_code(src, dst, die, hit) << shift), contact, enters, pins,
                        rule, hitter, keep_prefixes, found, seen,
                    )  # fmt: skip
                if undo is not None:
                    s[:] = undo
                else:
                    s[src], s[dst], s[OPP_BAR] = x_src, x_dst, x_bar
    if not moved and i and not keep_prefixes:
        found.record(key, code, i)
