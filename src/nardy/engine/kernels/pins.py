"""Search kernel for pinning contact with no per-turn rules: plakoto's movement.

A checker that lands on a lone free opposing checker pins it; the last
checker leaving a pinning stack releases it; a point where the opponent
pins one of the mover's checkers is closed to him; a pinned checker of the
mover stops his bear-off. None of that makes the order of the mover's own
steps matter for where a point is open: a point holding two or more free
opposing checkers, or one of his own pinned checkers, stays closed all
turn, and every other point stays open to him. So, as in
:mod:`nardy.engine.kernels.board_only`, the moves of a double are tried with their
sources in non-increasing order, each set of moves once.

**Sets of points.** The search keeps three sets as ints (bit p for point
p), changed by each step: the points of the mover's free checkers, of the
lone opposing checkers he may pin, and of the opposing checkers he pins.
The points closed all turn give, for each die, the points a step may
start from (``_POINTS``), so a scan for a source visits only occupied
points whose step is open, highest first, and pinning is a bit test. A
bear-off needs every checker home, and then a die larger than the point
bears off only from the highest occupied point: no bit above it. The
board list is read for counts (whether a step leaves a point empty, or
releases a pin); only a double's first two moves change it (each made,
explored, undone), and a later step that leaves a point where the mover
pins a checker (rare) works out its count from the step before
(``_release``).

**A result is the mover's counts.** Given the start, the mover's free
checkers on each point decide the whole result: a point that held a lone
opposing checker holds it pinned exactly when the mover has a checker
there now; a point where the mover pinned one at the start holds it
pinned while he still has a checker there, and free when he has none;
every other point keeps the opponent's checkers it had; the mover's
pinned checkers do not move, and his borne-off checkers are the rest of
his checkers. Three consequences:

* Two different dice, while nothing can be borne off this turn (two or
  more checkers outside the home board, a pinned one of the mover's
  counted): the repeated results are known in advance, and skipped by a
  bit test with no look-up (``_apart``, ``_apart_swapped``).
* Two different dice, when a bear-off is possible: a result is recognised
  by a small int, its *change*, as in :mod:`nardy.engine.kernels.board_only`: the sum
  over the points of how the mover's count there changed, times
  ``5 ** (p - 1)`` (:data:`CHANGE`). Two steps change a count by -2 to +2,
  so equal changes mean equal counts, and the sum stays below
  ``5 ** 24 < 2 ** 62``, a machine int compiled: a sequence that reaches a
  result found before costs a small-int look-up, not the building and
  hashing of its key (``_two_dice``).
* A double: no two sets of moves reach the same position (at the highest
  point where two sets of sources differ, the moves that land there come
  from higher points and are the same, so the counts there differ), and
  its results are kept without a look-up.

A step's key change is one table entry (:data:`DELTA`), whether it pins,
releases, both or neither, so a result costs one addition on its key.
Inside the search the keys, the table read and the list of results are
typed ``Any``: a key (288 bits) is never a machine int, and compiled, an
``int`` there would be checked for one before and after each addition and
unboxed and boxed again for the list; as ``Any`` the addition is one
``PyNumber_Add``. They are plain ints all the same. The small ints, the
other way round (points, sets of points as bits, a play's code, a change),
are machine ints (``i64``), as in :mod:`nardy.engine.kernels.position_rules`, which
says why, and why a play then holds four moves at most. The sets still to
scan stay ``int``: compiled, ``int.bit_length`` is a native operation
(``i64`` has none), and interpreted it needs no conversion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nardy.engine.results import Found, IntIndex, int_index
from nardy.engine.state import (
    BASE_SIZE,
    EXTRA_BYTES,
    HIT_BIT,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_PINNED,
    PINNED,
    STEP_BITS,
    WEIGHT,
)

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = ["CHANGE", "DELTA", "search_pinning"]

# What bit 0 of the opponent's pins adds to a key (bit p adds this << p).
_OPP_PIN_UNIT: Final = 1 << (8 * BASE_SIZE + 8 * EXTRA_BYTES * (OPP_PINNED - BASE_SIZE))
# Kinds of step, added up: it pins the checker it lands on, it releases the
# one it leaves.
_PINS: Final = 1
_RELEASES: Final = 2


def _delta(src: int, dst: int, kind: int) -> int:
    """How a key changes for a step of one kind from point ``src`` to ``dst`` (0: off)."""
    change = WEIGHT[dst] - WEIGHT[src]
    if kind & _PINS:  # the lone checker on dst becomes pinned under the mover's
        change += WEIGHT[dst] + (_OPP_PIN_UNIT << dst)
    if kind & _RELEASES:  # the pinned checker on src is free again: -1, not 0
        change -= WEIGHT[src] + (_OPP_PIN_UNIT << src)
    return change


#: ``DELTA[4 * (25 * src + dst) + kind]``: how a key changes when one of the
#: mover's checkers steps from point ``src`` to ``dst`` (0: off); ``kind``
#: 1 when it pins a lone checker on ``dst``, + 2 when it is the last
#: checker of a stack pinning one on ``src`` (which goes free).
DELTA: Final[tuple[int, ...]] = tuple(
    _delta(src, dst, kind) for src in range(25) for dst in range(25) for kind in range(4)
)
#: The points 1..24 as a set (bit p for point p). A step of die ``d`` may
#: start from point ``p`` of ``_POINTS & ~(closed << d)`` (``closed``: the
#: points closed to the mover all turn): its destination is open, or it
#: would bear off (``p <= d``), which needs every checker home (the scans
#: leave out the points ``<= d`` while one is outside) and, for ``p < d``,
#: no checker above ``p``.
_POINTS: Final = (1 << 25) - 2
# Each point's digit in a change: 5 ** (p - 1) for point p; off has none.
_DIGIT: Final[tuple[int, ...]] = (0, *(5 ** (p - 1) for p in range(1, 25)))
#: ``CHANGE[25 * src + dst]``: the change (see the module docstring) of a
#: step from point ``src`` to ``dst`` (0: off), pinning or not.
CHANGE: Final[tuple[int, ...]] = tuple(
    _DIGIT[dst] - _DIGIT[src] for src in range(25) for dst in range(25)
)


def search_pinning(board: list[int], key: int, dice: tuple[int, ...]) -> Found:
    """Every maximal sequence of legal steps for two dice, or four of a double.

    ``board`` is the state (mover's frame, pins in its extra slots, no
    checker on a bar) as a list, left as it was found; ``key`` its key.
    """
    found = Found()
    mine = board[PINNED]
    # A pinned checker of the mover's counts as outside: it stops the bear-off
    # (so does one waiting on the bar, in a variant that has one).
    outside = board[MOVER_BAR] + (1 if mine else 0)
    # One pass for the checkers outside and three sets of points (bit p for
    # point p): the mover's free checkers, the lone free opposing checkers
    # he may pin, and the points closed to him all turn.
    occupied = 0
    lone = 0
    closed = 0
    for p in range(1, 25):
        c = board[p]
        if c > 0:
            occupied |= 1 << p
            if p > HOME:
                outside += c
        elif c == -1 and not (mine >> p) & 1:
            lone |= 1 << p
        elif c < 0:
            closed |= 1 << p
    pins = board[OPP_PINNED]
    if len(dice) == 2 and dice[0] != dice[1]:
        a = dice[0]
        b = dice[1]
        open_a = _POINTS & ~(closed << a)
        open_b = _POINTS & ~(closed << b)
        if outside >= 2:  # no bear-off this turn: the results are told apart without a look-up
            _apart(board, a, b, key, occupied, lone, pins, open_a, open_b, found)
            _apart_swapped(board, a, b, key, occupied, lone, pins, open_a, open_b, found)
        else:
            where = int_index()
            _two_dice(board, a, b, key, occupied, lone, pins, outside, open_a, open_b, where, found)
            _two_dice(board, b, a, key, occupied, lone, pins, outside, open_b, open_a, where, found)
    else:
        die = dice[0]
        open_die = _POINTS & ~(closed << die)
        _double(
            board,
            die,
            len(dice),
            _POINTS,
            key,
            occupied,
            lone,
            pins,
            outside,
            open_die,
            0,
            0,
            found,
        )
        return found.most_dice()
    return found


def _two_dice(
    s: list[int],
    a: i64,
    b: i64,
    key: Any,
    occupied: i64,
    lone: i64,
    pins: i64,
    outside: i64,
    open_a: i64,
    open_b: i64,
    where: IntIndex,
    found: Found,
) -> None:
    """The plays that use die ``a`` first, then ``b`` (or only ``a`` when ``b`` cannot follow).

    ``occupied``, ``lone``, ``pins``: the points of the mover's free
    checkers, of the lone opposing ones and of the opposing ones he pins;
    ``open_a``, ``open_b``: the points a step of each die may start from (see
    ``_POINTS``); ``where``: each result's index in ``found`` by its
    change. The board is read, not changed.
    """
    delta: tuple[Any, ...] = DELTA
    keys: list[Any] = found.keys
    change_of = CHANGE
    counts = found.counts
    die_a = a << 10
    die_b = b << 10
    todo: int = occupied & open_a
    if outside:  # nothing is borne off: no source at or below the die
        todo &= -2 << a
    while todo:
        src: i64 = todo.bit_length() - 1
        todo ^= 1 << src
        dst = src - a  # (landing, inline)
        # A bear-off (every checker home: see the line above): exact, or
        # from the highest point.
        if dst <= 0:
            if dst and occupied >> (src + 1):  # (checker_above, inline)
                continue
            dst = MOVER_OFF
        # The first step, on the sets: leaving the last checker of a pinning
        # stack frees the pinned one; landing on a lone opposing checker pins it.
        # (The rulebook's step_kind on the sets, written out in each of this
        # module's loops: as one function called here, plakoto's row of
        # bench_legal is 4% slower in the pure build, the same compiled.)
        occupied1 = occupied
        lone1 = lone
        pins1 = pins
        kind: i64 = 0
        if s[src] == 1:
            occupied1 ^= 1 << src
            if (pins >> src) & 1:
                kind = _RELEASES
                pins1 ^= 1 << src
                lone1 |= 1 << src
        if dst:
            occupied1 |= 1 << dst
            if (lone >> dst) & 1:
                kind += _PINS
                lone1 ^= 1 << dst
                pins1 |= 1 << dst
        key1 = key + delta[4 * (25 * src + dst) + kind]
        change1: i64 = change_of[25 * src + dst]
        first = src | (dst << 5) | die_a | (HIT_BIT if kind & _PINS else 0)
        outside1 = outside - 1 if src > HOME >= dst else outside  # (outside_after, inline)
        more = False
        todo2: int = occupied1 & open_b
        if outside1:
            todo2 &= -2 << b
        while todo2:
            src2: i64 = todo2.bit_length() - 1
            todo2 ^= 1 << src2
            dst2 = src2 - b  # (landing, inline)
            if dst2 <= 0:
                if dst2 and occupied1 >> (src2 + 1):  # (checker_above, inline)
                    continue
                dst2 = MOVER_OFF
            more = True
            change2: i64 = change1 + change_of[25 * src2 + dst2]
            # Every two-dice play has the same rank: a result found before
            # keeps its play unless that used fewer dice.
            i = where.get(change2, -1)
            if i < 0 or counts[i] < 2:
                kind2: i64 = _PINS if dst2 and (lone1 >> dst2) & 1 else 0
                if (pins1 >> src2) & 1:
                    kind2 += _release(s, src2, src, dst, kind)
                second = src2 | (dst2 << 5) | die_b | (HIT_BIT if kind2 & _PINS else 0)
                if i < 0:
                    where.setdefault(change2, len(counts))
                    keys.append(key1 + delta[4 * (25 * src2 + dst2) + kind2])
                    found.codes.append(first | (second << STEP_BITS))
                    counts.append(2)
                else:
                    found.codes[i] = first | (second << STEP_BITS)
                    counts[i] = 2
        if not more:
            i = where.get(change1, -1)
            if i < 0:
                where.setdefault(change1, len(counts))
                keys.append(key1)
                found.codes.append(first)
                counts.append(1)
            elif counts[i] == 1 and a > (found.codes[i] >> 10) & 7:
                found.codes[i] = first  # the higher die: more pips, a higher rank


def _apart(
    s: list[int],
    a: i64,
    b: i64,
    key: Any,
    occupied: i64,
    lone: i64,
    pins: i64,
    open_a: i64,
    open_b: i64,
    found: Found,
) -> None:
    """``_two_dice`` for die ``a`` first when nothing can be borne off: no look-up.

    Its only repeated result is the checker on ``q`` moved by both dice:
    first as ``q - a`` then ``- b`` (when ``q - a`` is open, found at the
    source ``q``), again as the checker on ``q - b`` moved by ``a`` and then
    the one on ``q`` by ``b`` (found later, at the lower source ``q - b``),
    which is skipped. Every other sequence changes the mover's counts in its
    own way (see the module docstring).
    """
    delta: tuple[Any, ...] = DELTA
    keys: list[Any] = found.keys
    codes = found.codes
    counts = found.counts
    die_a = a << 10
    die_b = b << 10
    todo: int = occupied & open_a & (-2 << a)
    while todo:
        src: i64 = todo.bit_length() - 1
        todo ^= 1 << src
        dst = src - a  # (landing, inline)
        occupied1 = occupied
        lone1 = lone
        pins1 = pins
        kind: i64 = 0
        if s[src] == 1:
            occupied1 ^= 1 << src
            if (pins >> src) & 1:
                kind = _RELEASES
                pins1 ^= 1 << src
                lone1 |= 1 << src
        occupied1 |= 1 << dst
        if (lone >> dst) & 1:
            kind += _PINS
            lone1 ^= 1 << dst
            pins1 |= 1 << dst
        key1 = key + delta[4 * (25 * src + dst) + kind]
        first = src | (dst << 5) | die_a | (HIT_BIT if kind & _PINS else 0)
        todo2: int = occupied1 & open_b & (-2 << b)
        if not todo2:
            keys.append(key1)
            codes.append(first)
            counts.append(1)
            continue
        while todo2:
            src2: i64 = todo2.bit_length() - 1
            todo2 ^= 1 << src2
            dst2 = src2 - b  # (landing, inline)
            if dst2 == src and (open_a >> src2) & 1:
                continue  # the checker on src2 moved by a, then b: found at that source
            kind2: i64 = _PINS if (lone1 >> dst2) & 1 else 0
            if (pins1 >> src2) & 1:
                kind2 += _release(s, src2, src, dst, kind)
            second = src2 | (dst2 << 5) | die_b | (HIT_BIT if kind2 & _PINS else 0)
            keys.append(key1 + delta[4 * (25 * src2 + dst2) + kind2])
            codes.append(first | (second << STEP_BITS))
            counts.append(2)


def _apart_swapped(
    s: list[int],
    a: i64,
    b: i64,
    key: Any,
    occupied: i64,
    lone: i64,
    pins: i64,
    open_a: i64,
    open_b: i64,
    found: Found,
) -> None:
    """``_two_dice`` for die ``b`` first, after ``_apart`` for ``a`` first: no look-up.

    A step by ``b`` from ``q`` and then one by ``a`` from ``p`` reach what
    the steps in the other order reach (both legal: the points open to the
    mover stay open all turn) unless the second moves the checker the first
    brought, ``p == q - b``, to a point nobody held at the start. Then it
    is the checker on ``q`` moved by both dice, found already when ``q - a``
    is open; so the only new results here are those with ``q - a`` closed,
    and the plays that use ``b`` alone.
    """
    delta: tuple[Any, ...] = DELTA
    keys: list[Any] = found.keys
    die_a = a << 10
    die_b = b << 10
    todo: int = occupied & open_b & (-2 << b)
    while todo:
        src: i64 = todo.bit_length() - 1
        todo ^= 1 << src
        dst = src - b  # (landing, inline)
        occupied1 = occupied
        lone1 = lone
        pins1 = pins
        kind: i64 = 0
        if s[src] == 1:
            occupied1 ^= 1 << src
            if (pins >> src) & 1:
                kind = _RELEASES
                pins1 ^= 1 << src
                lone1 |= 1 << src
        occupied1 |= 1 << dst
        if (lone >> dst) & 1:
            kind += _PINS
            lone1 ^= 1 << dst
            pins1 |= 1 << dst
        first = src | (dst << 5) | die_b | (HIT_BIT if kind & _PINS else 0)
        todo2: int = occupied1 & open_a & (-2 << a)
        if not todo2:
            keys.append(key + delta[4 * (25 * src + dst) + kind])
            found.codes.append(first)
            found.counts.append(1)
        elif (todo2 >> dst) & 1 and not (occupied >> dst) & 1 and not (open_a >> src) & 1:
            dst2 = dst - a
            kind2: i64 = _PINS if (lone1 >> dst2) & 1 else 0
            if (pins1 >> dst) & 1:
                kind2 += _release(s, dst, src, dst, kind)
            second = dst | (dst2 << 5) | die_a | (HIT_BIT if kind2 & _PINS else 0)
            keys.append(
                key + delta[4 * (25 * src + dst) + kind] + delta[4 * (25 * dst + dst2) + kind2]
            )
            found.codes.append(first | (second << STEP_BITS))
            found.counts.append(2)


def _release(s: list[int], src: i64, src0: i64, dst0: i64, kind0: i64) -> i64:
    """:data:`_RELEASES` if a step from ``src``, where the mover pins a checker, frees it; else 0.

    The step follows one from ``src0`` to ``dst0`` of kind ``kind0``; ``s``
    is the board before that one. It frees the pinned checker when it moves
    the last of the mover's checkers there.
    """
    count: i64
    if src == src0:
        count = s[src] - 1
    elif src == dst0:
        count = 1 if kind0 & _PINS else s[src] + 1
    else:
        count = s[src]
    return _RELEASES if count == 1 else 0


def _double(
    s: list[int],
    die: i64,
    left: i64,
    below: i64,
    key: Any,
    occupied: i64,
    lone: i64,
    pins: i64,
    outside: i64,
    open_die: i64,
    code: i64,
    made: i64,
    found: Found,
) -> None:
    """The moves of a double, sources in non-increasing order (each set of moves once).

    ``made`` steps are made already (packed in ``code``), ``left`` remain,
    each from a point of ``below`` (the points up to the last source);
    ``occupied``, ``lone``, ``pins``, ``open_die`` as in ``_two_dice``.
    The board is changed for each step but the last two, and restored.
    """
    todo: int = occupied & open_die & below
    if outside:  # nothing is borne off: no source at or below the die
        todo &= -2 << die
    if left == 2:
        _last_two(s, die, todo, key, occupied, lone, pins, outside, open_die, code, made, found)
        return
    if left == 1:
        _last_move(s, die, todo, key, occupied, lone, pins, code, made, found)
        return
    delta: tuple[Any, ...] = DELTA
    shift = STEP_BITS * made
    packed_die = die << 10
    moved = False
    while todo:
        src: i64 = todo.bit_length() - 1
        todo ^= 1 << src
        dst = src - die  # (landing, inline)
        if dst <= 0:  # a bear-off: exact, or from the highest point
            if dst and occupied >> (src + 1):  # (checker_above, inline)
                continue
            dst = MOVER_OFF
        moved = True
        x_src: i64 = s[src]
        x_dst: i64 = s[dst]
        occupied1 = occupied
        lone1 = lone
        pins1 = pins
        kind: i64 = 0
        if x_src == 1:
            occupied1 ^= 1 << src
            if (pins >> src) & 1:
                kind = _RELEASES
                pins1 ^= 1 << src
                lone1 |= 1 << src
        s[src] = -1 if kind else x_src - 1
        if dst:
            occupied1 |= 1 << dst
            if (lone >> dst) & 1:
                kind += _PINS
                lone1 ^= 1 << dst
                pins1 |= 1 << dst
                s[dst] = 1
            else:
                s[dst] = x_dst + 1
        step = src | (dst << 5) | packed_die | (HIT_BIT if kind & _PINS else 0)
        _double(
            s,
            die,
            left - 1,
            (2 << src) - 1,
            key + delta[4 * (25 * src + dst) + kind],
            occupied1,
            lone1,
            pins1,
            outside - 1 if src > HOME >= dst else outside,  # (outside_after, inline)
            open_die,
            code | (step << shift),
            made + 1,
            found,
        )
        s[src] = x_src
        s[dst] = x_dst
    if not moved and made:
        found.add_short(key, code, made)


def _last_two(
    s: list[int],
    die: i64,
    todo: int,
    key: Any,
    occupied: i64,
    lone: i64,
    pins: i64,
    outside: i64,
    open_die: i64,
    code: i64,
    made: i64,
    found: Found,
) -> None:
    """The last two moves of a double, the first from the points of ``todo``.

    Each legal last move is a new result (see the module docstring); the
    board is read, not changed. (A hand-specialised twin of :func:`_double`
    for its last two moves: without it, plakoto's row of
    ``bench_legal.py --only-variants`` is 5% slower, compiled.)
    """
    delta: tuple[Any, ...] = DELTA
    keys: list[Any] = found.keys
    codes = found.codes
    counts = found.counts
    shift = STEP_BITS * made
    packed_die = die << 10
    moved = False
    while todo:
        src: i64 = todo.bit_length() - 1
        todo ^= 1 << src
        dst = src - die  # (landing, inline)
        if dst <= 0:  # a bear-off: exact, or from the highest point
            if dst and occupied >> (src + 1):  # (checker_above, inline)
                continue
            dst = MOVER_OFF
        moved = True
        occupied1 = occupied
        lone1 = lone
        pins1 = pins
        kind: i64 = 0
        if s[src] == 1:
            occupied1 ^= 1 << src
            if (pins >> src) & 1:
                kind = _RELEASES
                pins1 ^= 1 << src
                lone1 |= 1 << src
        if dst:
            occupied1 |= 1 << dst
            if (lone >> dst) & 1:
                kind += _PINS
                lone1 ^= 1 << dst
                pins1 |= 1 << dst
        key1 = key + delta[4 * (25 * src + dst) + kind]
        code1 = code | ((src | (dst << 5) | packed_die | (HIT_BIT if kind & _PINS else 0)) << shift)
        # The last move, from ``src`` or lower.
        outside1 = outside - 1 if src > HOME >= dst else outside  # (outside_after, inline)
        todo2: int = occupied1 & open_die & ((2 << src) - 1)
        if outside1:
            todo2 &= -2 << die
        last = False
        while todo2:
            src2: i64 = todo2.bit_length() - 1
            todo2 ^= 1 << src2
            dst2 = src2 - die  # (landing, inline)
            if dst2 <= 0:
                if dst2 and occupied1 >> (src2 + 1):  # (checker_above, inline)
                    continue
                dst2 = MOVER_OFF
            kind2: i64 = _PINS if dst2 and (lone1 >> dst2) & 1 else 0
            if (pins1 >> src2) & 1:
                kind2 += _release(s, src2, src, dst, kind)
            step2 = src2 | (dst2 << 5) | packed_die | (HIT_BIT if kind2 & _PINS else 0)
            keys.append(key1 + delta[4 * (25 * src2 + dst2) + kind2])
            codes.append(code1 | (step2 << (shift + STEP_BITS)))
            counts.append(made + 2)
            last = True
        if not last:
            found.add_short(key1, code1, made + 1)
    if not moved and made:
        found.add_short(key, code, made)


def _last_move(
    s: list[int],
    die: i64,
    todo: int,
    key: Any,
    occupied: i64,
    lone: i64,
    pins: i64,
    code: i64,
    made: i64,
    found: Found,
) -> None:
    """The only move of a one-move roll, from the points of ``todo``; the board is read only."""
    delta: tuple[Any, ...] = DELTA
    keys: list[Any] = found.keys
    moved = False
    while todo:
        src: i64 = todo.bit_length() - 1
        todo ^= 1 << src
        dst = src - die  # (landing, inline)
        if dst <= 0:
            if dst and occupied >> (src + 1):  # (checker_above, inline)
                continue
            dst = MOVER_OFF
        kind: i64 = _PINS if dst and (lone >> dst) & 1 else 0
        if (pins >> src) & 1 and s[src] == 1:
            kind += _RELEASES
        step = src | (dst << 5) | (die << 10) | (HIT_BIT if kind & _PINS else 0)
        keys.append(key + delta[4 * (25 * src + dst) + kind])
        found.codes.append(code | (step << (STEP_BITS * made)))
        found.counts.append(made + 1)
        moved = True
    if not moved and made:
        found.add_short(key, code, made)
