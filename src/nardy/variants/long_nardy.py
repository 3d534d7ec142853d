"""Long nardy and Kush: the rotate-geometry, blocking family.

The rules are those of ``rules/long-nardy.md``; the documentation pages
``variants/long-nardy`` and ``variants/kush`` give them in prose, with every
interpretation the library had to choose.

Both players move the same way round the board with their heads in opposite
corners: in the mover's numbering his head is his 24-point and the
opponent's head is his 12-point; the opponent runs, in the mover's
numbering, 12 -> 1 -> 24 -> 13. The generator here works on the library's
28-int raw state, mutated in place during a depth-first search, with the
mover's checkers packed into one int for deduplication. Every rule that
decides whether a step is legal (closed points, the head rule, the six-block
rule, bearing off) depends only on the position reached and the position the
turn started from, never on the order the steps were taken in; so two step
sequences that reach the same position with the same dice left have the same
continuations, and the search explores each such intermediate position once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from nardy._movegen import RawStep, State
from nardy.core import BAR, OFF, Roll
from nardy.errors import IllegalPlayError
from nardy.options import choice, to_bool
from nardy.play import Play
from nardy.position import Position
from nardy.result import ResultKind
from nardy.variant import (
    Contact,
    Geometry,
    Variant,
    register_variant,
)

__all__ = [
    "HEAD",
    "HEAD_EXCEPTIONS",
    "SIX_BLOCK_CHECKS",
    "SIX_BLOCK_RULES",
    "Kush",
    "LongNardy",
]

K = ResultKind

#: The mover's head: the point all his checkers start on (his 24-point).
HEAD = 24
#: The opponent's head, in the mover's numbering.
_OPP_HEAD = 12

#: Values of the ``head_exception`` option (see :class:`LongNardy`).
HEAD_EXCEPTIONS = ("6-4-3", "6-4", "any-blocked-double", "head-only")
#: Values of the ``six_block`` option.
SIX_BLOCK_RULES = ("ahead", "home", "off")
#: Values of the ``six_block_check`` option.
SIX_BLOCK_CHECKS = ("step", "turn")

# _Q[p]: the opponent's number for my point p, i.e. where the point lies on
# his route (12 -> 1 -> 24 -> 13 in my numbering), counted from his bear-off
# end (24 = his head, my 12; 1 = his last point, my 13). Consecutive values
# are neighbours for the six-block rule.
_Q: tuple[int, ...] = (0, *((p + 11) % 24 + 1 for p in range(1, 25)))
# The involution _Q is its own inverse: my point whose route number is q.
_P_OF_Q: tuple[int, ...] = _Q
# My point one step further along the opponent's route (0 past his 1-point),
# and one step back (0 before his head).
_AHEAD: tuple[int, ...] = (0, *(_P_OF_Q[_Q[p] - 1] if _Q[p] > 1 else 0 for p in range(1, 25)))
_BEHIND: tuple[int, ...] = (0, *(_P_OF_Q[_Q[p] + 1] if _Q[p] < 24 else 0 for p in range(1, 25)))
# Weights of the packed key of the mover's checkers: 4 bits per point,
# off at index 0 (at most 15 checkers a point).
_W: tuple[int, ...] = tuple(1 << (4 * p) for p in range(25))
# The opponent's home (his 1..6) in my numbering.
_OPP_HOME = range(13, 19)

Found = dict[int, tuple[State, tuple[RawStep, ...], int, int]]


def _in_block(s: list[int], p: int) -> bool:
    """True when the mover's point ``p`` is part of six or more consecutive held points.

    Consecutive along the opponent's route: my 1 and 24 are neighbours,
    my 13 and 12 are not.
    """
    n = 1
    x = _AHEAD[p]
    while x and s[x] > 0:
        n += 1
        x = _AHEAD[x]
    x = _BEHIND[p]
    while x and s[x] > 0:
        n += 1
        x = _BEHIND[x]
    return n >= 6


def _turn_ok(s: list[int], start: State, guard: int) -> bool:
    """The ``six_block_check="turn"`` test of a final position.

    Illegal when a point where the mover now has more checkers than at the
    start of the turn belongs to a prohibited block.
    """
    for p in range(1, 25):
        if s[p] > start[p] and s[p] > 0 and _Q[p] < guard and _in_block(s, p):
            return False
    return True


def _lone_stop(s: State, d: int) -> int:
    """Where a lone checker leaving the head with four moves of ``d`` is stopped.

    0 when it can play the whole roll, the closed point that stops it, or
    -1 when it would have to leave the board (it cannot bear off: not all
    the mover's checkers are home on a first turn).
    """
    for k in range(1, 5):
        x = HEAD - k * d
        if x < 1:
            return -1
        if s[x] < 0:
            return x
    return 0


def _max_use(
    found: Found, is_double: bool, must_play_higher: bool
) -> list[tuple[State, tuple[RawStep, ...]]]:
    """Rule 6 (maximum use) over the sequences found, keyed by packed position."""
    if not found:
        return []
    most = max(v[2] for v in found.values())
    if most == 1 and not is_double and must_play_higher:
        top = max(v[3] for v in found.values() if v[2] == 1)
        return [(v[0], v[1]) for v in found.values() if v[2] == 1 and v[3] == top]
    return [(v[0], v[1]) for v in found.values() if v[2] == most]


def _steps(
    s: list[int],
    d: int,
    occ: tuple[int, ...],
    outside: int,
    head_free: bool,
    guard: int,
) -> list[tuple[int, int]]:
    """The legal single steps ``(src, dst)`` with die ``d`` (``dst`` 0: off).

    ``occ`` lists the points holding the mover's checkers (any order);
    ``outside`` counts his checkers not yet home (bar included);
    ``head_free`` says whether another checker may leave the head; a landing
    point ``p`` is tested against the six-block rule when ``_Q[p] < guard``.
    """
    out = []
    for src in occ:
        if src == HEAD and not head_free:
            continue
        dst = src - d
        if dst > 0:
            if s[dst] < 0:
                continue
            if _Q[dst] < guard:
                c = s[src]
                s[src] = c - 1
                s[dst] += 1
                bad = _in_block(s, dst)
                s[src] = c
                s[dst] -= 1
                if bad:
                    continue
            out.append((src, dst))
        elif not outside and (dst == 0 or max(occ) == src):
            out.append((src, OFF))
    return out


def _moved(occ: tuple[int, ...], src: int, emptied: bool, filled: int) -> tuple[int, ...]:
    """The occupied points after a step: ``src`` dropped if ``emptied``, ``filled`` added if not 0."""
    if emptied:
        i = occ.index(src)
        occ = occ[:i] + occ[i + 1 :]
    return (*occ, filled) if filled else occ


def _search(
    start: State,
    dice: tuple[int, int],
    head_limit: int,
    guard: int,
    turn_check: bool,
) -> Found:
    """Every maximal (or, with ``turn_check``, every) sequence of legal steps.

    ``guard``: a landing point ``p`` needs the six-block test only when
    ``_Q[p] < guard`` (no opposing checker is ahead of it); 0 disables the
    rule. With ``turn_check`` the rule is not tested per step; instead every
    sequence is recorded whose final position passes :func:`_turn_ok`.
    Returns ``{packed key: (state, steps, dice used, pips of the dice used)}``.
    """
    found: Found = {}
    s = list(start)
    h0 = start[HEAD]
    out0 = start[25] + sum(c for c in start[7:25] if c > 0)
    key0 = sum(_W[p] * start[p] for p in range(25) if start[p] > 0)
    occ0 = tuple(p for p in range(24, 0, -1) if start[p] > 0)
    step_guard = 0 if turn_check else guard
    W = _W

    def record(key: int, steps: tuple[RawStep, ...], n: int, pips: int) -> None:
        if turn_check and not _turn_ok(s, start, guard):
            return
        old = found.get(key)
        if old is None or (n, pips) > (old[2], old[3]):
            found[key] = (tuple(s), steps, n, pips)

    Q = _Q
    in_block = _in_block
    d1, d2 = dice
    if d1 != d2:
        for a, b in ((d1, d2), (d2, d1)):
            for src, dst in _steps(s, a, occ0, out0, True, step_guard):
                c = s[src]
                before = s[dst]
                s[src] = c - 1
                s[dst] = before + 1
                key = key0 - W[src] + W[dst]
                out = out0 - 1 if src > 6 >= dst > 0 else out0
                occ = _moved(occ0, src, c == 1, dst if dst and not before else 0)
                first: RawStep = (src, dst, a, False)
                moved = False
                head_free = h0 - s[HEAD] < head_limit
                for src2 in occ:
                    if src2 == HEAD and not head_free:
                        continue
                    dst2 = src2 - b
                    if dst2 > 0:
                        if s[dst2] < 0:
                            continue
                    elif out or (dst2 and max(occ) != src2):
                        continue
                    else:
                        dst2 = OFF
                    key2 = key - W[src2] + W[dst2]
                    old = found.get(key2)
                    if old is not None and old[2] == 2:
                        moved = True  # reached already: legal whatever the order
                        continue
                    c2 = s[src2]
                    before2 = s[dst2]
                    s[src2] = c2 - 1
                    s[dst2] = before2 + 1
                    if not dst2 or Q[dst2] >= step_guard or not in_block(s, dst2):
                        moved = True
                        record(key2, (first, (src2, dst2, b, False)), 2, a + b)
                    s[src2] = c2
                    s[dst2] = before2
                if turn_check or not moved:
                    record(key, (first,), 1, a)
                s[src] = c
                s[dst] = before
        return found

    d = d1
    seen: set[int] = set()

    def dfs(
        i: int, key: int, outside: int, occ: tuple[int, ...], steps: tuple[RawStep, ...]
    ) -> None:
        moved = False
        head_free = h0 - s[HEAD] < head_limit
        last = i == 3
        for src in occ:
            if src == HEAD and not head_free:
                continue
            dst = src - d
            if dst > 0:
                before = s[dst]
                if before < 0:
                    continue
            elif outside or (dst and max(occ) != src):
                continue
            else:
                dst = OFF
                before = -1
            nkey = key - W[src] + W[dst]
            # A position already reached is legal whichever step led to it
            # (the block and head tests depend on the position only): skip
            # it before touching the board.
            if last:
                old = found.get(nkey)
                if old is not None and old[2] == 4:
                    moved = True
                    continue
            else:
                vk = (nkey << 2) | i
                if vk in seen:
                    moved = True
                    continue
            c = s[src]
            s[src] = c - 1
            if dst:
                s[dst] = before + 1
                if Q[dst] < step_guard and in_block(s, dst):
                    s[src] = c
                    s[dst] = before
                    continue
            else:
                s[0] += 1
            moved = True
            nsteps = (*steps, (src, dst, d, False))
            if last:
                record(nkey, nsteps, 4, 4 * d)
            else:
                seen.add(vk)
                if turn_check:
                    record(nkey, nsteps, i + 1, (i + 1) * d)
                nocc = (
                    _moved(occ, src, c == 1, dst if not before else 0)
                    if c == 1 or not before
                    else occ
                )
                dfs(i + 1, nkey, outside - 1 if src > 6 >= dst > 0 else outside, nocc, nsteps)
            s[src] = c
            if dst:
                s[dst] = before
            else:
                s[0] -= 1
        if not moved and i and not turn_check:
            record(key, steps, i, i * d)

    dfs(0, key0, out0, occ0, ())
    return found


def _search_kush_double(
    start: State,
    d: int,
    head_limit: int,
    guard_of: Callable[[list[int]], int],
    turn_check: bool,
) -> Found:
    """Kush play (a): four moves of ``d`` where a step onto a lone opposing checker hits it.

    A checker that hit stops: it may not move again this turn (other
    checkers on its point may). ``guard_of`` computes the six-block guard
    of a position (it changes when a hit sends an opposing checker to the
    bar). Otherwise as :func:`_search`.
    """
    found: Found = {}
    s = list(start)
    stopped = [0] * 25
    h0 = start[HEAD]
    out0 = start[25] + sum(c for c in start[7:25] if c > 0)
    key0 = sum(_W[p] * start[p] for p in range(25) if start[p] > 0)
    seen: set[tuple[int, int, int]] = set()
    W = _W

    def record(key: int, steps: tuple[RawStep, ...], n: int) -> None:
        old = found.get(key)
        if old is None or n > old[2]:
            found[key] = (tuple(s), steps, n, n * d)

    def dfs(
        i: int, key: int, skey: int, outside: int, guard: int, steps: tuple[RawStep, ...]
    ) -> None:
        moved = False
        for src in range(24, 0, -1):
            c = s[src]
            if c - stopped[src] <= 0 or (src == HEAD and h0 - c >= head_limit):
                continue
            dst = src - d
            hit = False
            g = guard
            if dst > 0:
                t = s[dst]
                if t < -1:
                    continue
                s[src] = c - 1
                if t == -1:
                    hit = True
                    s[dst] = 1
                    s[26] += 1
                    stopped[dst] += 1
                    g = guard_of(s)
                else:
                    s[dst] = t + 1
                if not turn_check and _Q[dst] < g and _in_block(s, dst):
                    s[src] = c
                    s[dst] = t
                    if hit:
                        s[26] -= 1
                        stopped[dst] -= 1
                    continue
                nkey = key - W[src] + W[dst]
                nskey = skey + W[dst] if hit else skey
                nout = outside - 1 if src > 6 >= dst else outside
            else:
                if outside:
                    continue
                if dst < 0 and any(s[p] > 0 for p in range(src + 1, 7)):
                    continue
                t = 0
                s[src] = c - 1
                s[0] += 1
                nkey = key - W[src] + W[0]
                nskey = skey
                nout = outside
            moved = True
            vk = (nkey, nskey, i)
            if vk not in seen:
                seen.add(vk)
                nsteps = (*steps, (src, dst if dst > 0 else OFF, d, hit))
                if turn_check:
                    if _turn_ok(s, start, g):
                        record(nkey, nsteps, i + 1)
                elif i == 3:
                    record(nkey, nsteps, i + 1)
                if i < 3:
                    dfs(i + 1, nkey, nskey, nout, g, nsteps)
            s[src] = c
            if dst > 0:
                s[dst] = t
                if hit:
                    s[26] -= 1
                    stopped[dst] -= 1
            else:
                s[0] -= 1
        if not moved and i and not turn_check:
            record(key, steps, i)

    dfs(0, key0, 0, out0, guard_of(s), ())
    return found


@attrs.frozen
class _LongFamily(Variant):
    """Shared data, options and rules of long nardy and Kush."""

    checkers: ClassVar[int] = 15
    start: ClassVar[dict[int, int]] = {HEAD: 15}
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    gnubg_id_supported: ClassVar[bool] = False

    #: Which first-turn doubles let a second checker leave the head (rule 4):
    #: ``"6-4-3"`` (default: 6-6, 4-4 and 3-3), ``"6-4"`` (6-6 and 4-4 only),
    #: ``"any-blocked-double"`` (any double that one checker leaving the head
    #: cannot play in full) or ``"head-only"`` (a double whose lone checker
    #: is stopped by the opponent's head, the mover's 12-point).
    head_exception: str = attrs.field(default="6-4-3", validator=choice(*HEAD_EXCEPTIONS))
    #: The six-block rule (rule 5): ``"ahead"`` (default: a block of six is
    #: allowed once an opposing checker has passed it), ``"home"`` (allowed
    #: once an opposing checker has entered his home) or ``"off"``.
    six_block: str = attrs.field(default="ahead", validator=choice(*SIX_BLOCK_RULES))
    #: When the six-block rule is judged: ``"step"`` (default: after every
    #: checker move) or ``"turn"`` (only the final position of the turn).
    six_block_check: str = attrs.field(default="step", validator=choice(*SIX_BLOCK_CHECKS))
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played (rule 6). False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=to_bool)
    #: Score koks (3 points): the loser has borne off none and has a
    #: checker in the winner's home quarter or earlier. Off by default.
    koks: bool = attrs.field(default=False, converter=to_bool)

    # --- rule helpers -------------------------------------------------------------

    def _head_limit(self, state: State, roll: Roll) -> int:
        """How many checkers may leave the head this turn (rules 3 and 4).

        ``state`` is the raw mover-frame state. 2 on a first turn (all the
        mover's checkers on his head) with a double that ``head_exception``
        lets through, else 1.
        """
        if not roll.is_double or state[HEAD] != self.checkers:
            return 1
        d = roll.high
        rule = self.head_exception
        if rule == "6-4-3":
            return 2 if d in (6, 4, 3) else 1
        if rule == "6-4":
            return 2 if d in (6, 4) else 1
        stop = _lone_stop(state, d)
        if rule == "any-blocked-double":
            return 2 if stop else 1
        return 2 if stop == _OPP_HEAD else 1

    def _guard(self, s: State | list[int]) -> int:
        """Six-block guard: landing on ``p`` needs the block test iff ``_Q[p] < guard``.

        With ``"ahead"`` an opposing checker at route number q is ahead of
        every block containing a point with a larger route number (all the
        points between are the mover's), so the guard is the smallest route
        number of an opposing checker; a checker borne off has passed every
        block (guard 0). With ``"home"`` the guard is 0 once an opposing
        checker is in (or has been borne off from) his home, else 25.
        """
        if self.six_block == "off" or s[27] > 0:
            return 0
        if self.six_block == "home":
            return 0 if any(s[p] < 0 for p in _OPP_HOME) else 25
        guard = 25
        for p in range(1, 25):
            if s[p] < 0 and _Q[p] < guard:
                guard = _Q[p]
        return guard

    def _generate(self, state: State, roll: Roll) -> list[tuple[State, tuple[RawStep, ...]]]:
        found = _search(
            state,
            (roll.high, roll.low),
            self._head_limit(state, roll),
            self._guard(state),
            self.six_block_check == "turn",
        )
        return _max_use(found, roll.is_double, self.must_play_higher)

    # --- results ------------------------------------------------------------------

    def _classify(
        self, loser_points: tuple[int, ...], loser_bar: int, loser_off: int
    ) -> ResultKind:
        if loser_off > 0:
            return K.SINGLE
        # The winner's home (his 1..6) is the loser's 13..18; "or earlier"
        # on the loser's route is his 19..24 (and, in Kush, his bar).
        if self.koks and (loser_bar or any(loser_points[12:24])):
            return K.BACKGAMMON
        return K.GAMMON

    def result_kinds(self) -> tuple[ResultKind, ...]:
        """Oin and mars, plus koks when the ``koks`` option is on."""
        return (K.SINGLE, K.GAMMON, K.BACKGAMMON) if self.koks else (K.SINGLE, K.GAMMON)

    def _points(self, kind: ResultKind, loser_left: int) -> int:
        return {K.SINGLE: 1, K.GAMMON: 2, K.BACKGAMMON: 3}[kind]


@register_variant
@attrs.frozen
class LongNardy(_LongFamily):
    """Long nardy (long backgammon, narde): no hitting, a head, the six-block rule.

    Each side starts with all 15 checkers on its head, its own 24-point;
    both move the same way round, so the opponent's head is the mover's
    12-point. A point holding any opposing checker is closed and nothing is
    ever hit. Results: oin (1 point), mars (2) and, with ``koks=True``,
    koks (3). The rules in prose: the ``variants/long-nardy`` page.

    Args:
        head_exception: which first-turn doubles let a second checker leave
            the head: ``"6-4-3"`` (default), ``"6-4"``,
            ``"any-blocked-double"`` or ``"head-only"``.
        six_block: ``"ahead"`` (default; a block of six is allowed once an
            opposing checker has passed it), ``"home"`` (once one has
            entered his home) or ``"off"``.
        six_block_check: ``"step"`` (default; judged after every checker
            move) or ``"turn"`` (judged on the final position).
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).
        koks: score koks, 3 points (default False).

    """

    name: ClassVar[str] = "long-nardy"
    aliases: ClassVar[tuple[str, ...]] = ("long backgammon", "narde", "nardy", "длинные нарды")
    contact: ClassVar[Contact] = Contact.BLOCK
    has_bar: ClassVar[bool] = False


@register_variant
@attrs.frozen
class Kush(_LongFamily):
    """Kush ("dynamic" long nardy): long nardy where a double may hit or bring checkers back.

    On a non-double the long-nardy rules apply unchanged. On a double the
    mover either plays four moves in which landing on a lone opposing
    checker hits it (the hitter stops there), or returns ``min(d, bar)``
    checkers from his bar onto his head (impossible while an opposing
    checker stands there). Checkers on the bar do not stop the others from
    moving, but no checker is borne off while one is on the bar. A
    bar return is the step ``Step(BAR, 24, d)``, written ``bar/24``. The
    options are :class:`LongNardy`'s; the rules and their stated
    interpretation: the ``variants/kush`` page.
    """

    name: ClassVar[str] = "kush"
    aliases: ClassVar[tuple[str, ...]] = ("куш",)
    contact: ClassVar[Contact] = Contact.HIT
    has_bar: ClassVar[bool] = True
    uniform_dice_use: ClassVar[bool] = False

    def _generate(self, state: State, roll: Roll) -> list[tuple[State, tuple[RawStep, ...]]]:
        if not roll.is_double:
            return super()._generate(state, roll)
        d = roll.high
        found = _search_kush_double(
            state,
            d,
            self._head_limit(state, roll),
            self._guard,
            self.six_block_check == "turn",
        )
        plays = _max_use(found, True, self.must_play_higher)
        bar = state[BAR]
        if bar and state[HEAD] >= 0:
            n = min(d, bar)
            t = list(state)
            t[BAR] -= n
            t[HEAD] += n
            plays.append((tuple(t), ((BAR, HEAD, d, False),) * n))
        return plays

    def _simulate(self, position: Position, play: Play) -> State:
        """Apply the play's steps physically; a bar step goes to the head.

        A return from the bar does not use up one of the four moves of the
        double: up to ``d`` checkers come back with ``d-d``.
        """
        bad = (
            f"illegal play {play.notation() or '(pass)'!r} for roll {play.roll} in {position.id()}"
        )
        dice = list(play.roll.dice)
        returns = 0
        t = list(position.raw)
        for step in play.steps:
            if step.src == BAR:
                returns += 1
                if not play.roll.is_double or step.die != play.roll.high or returns > step.die:
                    raise IllegalPlayError(
                        f"{bad}: step {step}: a double d-d returns at most d checkers"
                    )
            elif step.die in dice:
                dice.remove(step.die)
            else:
                raise IllegalPlayError(
                    f"{bad}: step {step} uses a {step.die} the roll does not give"
                )
            if step.src == BAR:
                if t[BAR] <= 0:
                    raise IllegalPlayError(f"{bad}: step {step}: no checker on the bar")
                if step.dst != HEAD:
                    raise IllegalPlayError(
                        f"{bad}: step {step}: a checker returns to the head (24)"
                    )
                if t[HEAD] < 0:
                    raise IllegalPlayError(f"{bad}: step {step}: the head is held by the opponent")
                t[BAR] -= 1
                t[HEAD] += 1
                continue
            self._simulate_step(t, step, bad)
        return tuple(t)
