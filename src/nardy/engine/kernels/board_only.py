"""Search kernel for rules that judge each step by the board alone.

Hitting or blocking contact, entering from the bar first, the standard
bear-off, and no per-step rule of the variant's: the backgammon family.
Then moving a higher checker first never makes a later step illegal, so on
a double the sources can be taken in non-increasing order and each set of
moves is tried once.

A hitter rule (:class:`~nardy.rules.turn_rules.HitterRule`: a checker that hits
on a point ``<= zone`` is *marked*) fits here too. With two dice the marked
checker is the only one on its point (that point held the opponent's blot),
so its second step is the one step from that point; it must pass the rule's
check, or is not allowed when the rule has none (tavla: the hitter stops).
On a double only a rule without a check is taken: the marked checkers never
move again, a step from a point needs an unmarked checker there, and the
argument above still holds (the moves that arrive at a hit point come from
higher points, so in non-increasing order they all arrive before any leaves).

The board is one list changed in place (each step made, explored, undone),
and the key of the position reached changes by one table entry per step
(:data:`~nardy.engine.state.MOVE`, :data:`~nardy.engine.state.HIT_MOVE`).

With two different dice a result is recognised by a small int, its
*change*: the sum over the 24 points of how the point's signed count changed,
times ``6 ** (p - 1)`` (:data:`CHANGE`, :data:`HIT_CHANGE`). Two steps change a
point by -2 (two checkers leave) to +3 (a blot is hit, +2, and another
checker lands, +1), so two changes differ by at most 5 a digit and equal
changes mean equal point counts; the bars and the borne-off counts follow
from those (a hit is a point that held a blot and changed; the mover's lost
or gained checkers went off, or came from the bar, never both in one
two-dice play: a checker that enters cannot also bear off). The sum stays
within 3 * (6 ** 24 - 1) / 5 < 2 ** 62, a machine int in the compiled
build, so a result found before costs a small-int look-up, not the
building and hashing of its 224-bit key. Most positions need no look-up at
all: with nothing on the bar and no bear-off to come, a result found
before is told by its steps, and in the second order of the dice only a
chain (one checker moved by both dice) is tried (``_FREE_FIRST`` and the
constants after it).

On a double no two sets of moves reach the same position, so its results
need no deduplication: a set of moves, read as how many moves start on each
point p (the bar as 25), changes the mover's count on point p by the moves
that land there (those from p + die) less those that leave it; at the
highest point where two sets differ, the moves that land there are the same
(they start higher), so the counts there differ. (Bearing off lands on no
point, and a hit changes only the opponent's side of a point.)
"""

from __future__ import annotations

from typing import Final

from nardy.engine.results import Found, IntIndex, int_index, rank
from nardy.engine.state import (
    HIT_BIT,
    HIT_MOVE,
    HOME,
    MOST_MOVES,
    MOVE,
    MOVE_CODES,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    STEP_BITS,
)
from nardy.rules.movement import may_bear_off
from nardy.rules.turn_rules import StepCheck

__all__ = ["CHANGE", "HIT_CHANGE", "search_ordered"]

# Each slot's digit in a change: 6 ** (p - 1) for point p; the bar and off have none.
_DIGIT: Final[tuple[int, ...]] = (0, *(6 ** (p - 1) for p in range(1, 25)), 0)
#: ``CHANGE[src][dst]``: the change (see the module docstring) of a step
#: from ``src`` (a point, or 25 the bar) to ``dst`` (a point, or 0 off) that
#: does not hit.
CHANGE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_DIGIT[dst] - _DIGIT[src] for dst in range(25)) for src in range(26)
)
#: ``HIT_CHANGE[src][dst]``: the same for a step that hits a blot on ``dst``
#: (that point goes from -1 to 1).
HIT_CHANGE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(2 * _DIGIT[dst] - _DIGIT[src] for dst in range(25)) for src in range(26)
)


# ``_HIT_BITS[i]``: what a hit adds to the ``i``-th step's code.
_HIT_BITS: Final[tuple[int, ...]] = tuple(HIT_BIT << (STEP_BITS * i) for i in range(MOST_MOVES))

#: How :func:`_two_dice` tells a result found before: by its change, in an index.
_INDEXED: Final = 0
#: A free search (nothing on the bar, no hitter rule, and at least two of
#: the mover's checkers outside his home board, so no bear-off can come),
#: first order of the dice. Only the board's closed points decide a step,
#: and an open point stays open, so a play of both dice reaches a result
#: found before only when another order of steps reaching it came first.
#: Two plays reach the same result when they move checkers from and to the
#: same points, hitting the same blots. In the first order that happens only
#: to the *twin* of a chain: ``src - b`` by ``a``, then ``src`` by ``b``
#: reaches what the chain ``src`` -> ``src - a`` -> ``src - a - b`` reached
#: before it (``src`` is higher) when ``src - a`` is open and holds no blot.
#: A play of one die is never reached twice (its pips tell it).
_FREE_FIRST: Final = 1
#: A free search, second order of the dice (``b`` first). A play whose
#: second step does not move on the checker the first step moved has the
#: same steps as a play of the first order, legal in that order too (its
#: second checker stood there at the start), so it was found before. Only
#: the chain ``src`` -> ``src - b`` -> ``src - a - b`` can be new: it is
#: the first order's twin when ``src - b`` was held at the start, and the
#: first order's chain when ``src - b`` and ``src - a`` are open and hold
#: no blot. A first step that no chain can follow here may have other
#: second steps, so its one-die result is not noted.
_FREE_CHAINS: Final = 2
#: :data:`_FREE_CHAINS` when the first order found no play of both dice:
#: then no step but the chain's can follow a first step (any other would
#: have made a play of both dice in the first order), so a first step with
#: no chain after it is a one-die result.
_FREE_CHAINS_OR_ONE: Final = 3
#: The index a free search is handed and never uses.
_NO_INDEX: Final = int_index()


def search_ordered(
    board: list[int],
    key: int,
    dice: tuple[int, ...],
    hitting: bool,
    zone: int = 0,
    marked_check: StepCheck | None = None,
) -> Found:
    """Every maximal sequence of legal steps for two dice, or four of a double.

    ``board`` is the state (mover's frame) as a list, left as it was found;
    ``key`` its key. ``hitting``: a single opposing checker can be hit (else
    any opposing checker closes its point). ``zone`` and ``marked_check``: a
    hitter rule (``zone`` 0: none), with no check on a double.
    """
    found = Found()
    lowest = -1 if hitting else 0
    if len(dice) != 2 or dice[0] == dice[1]:
        die = dice[0]
        sources, above, outside = _double_sources(board, die, lowest)
        _double(
            board, die, len(dice), sources, 0, above, key, outside, lowest, zone, 0, 0, 0, found
        )
        return found.most_dice()
    # The mover's checkers outside his home board (the bar counts), and his
    # highest and lowest occupied points (0 and 25 with none): the scans for
    # a source start and stop there, not at 24 and 1. One pass for all three.
    # (home_scan, inline: the call costs the pure build 1% on backgammon's
    # row of bench_legal, where nearly every turn comes here.)
    outside = board[MOVER_BAR]
    high = 0
    low = 25
    for p in range(24, 0, -1):
        c = board[p]
        if c > 0:
            if not high:
                high = p
            low = p
            if p > HOME:
                outside += c
    # Free (see _FREE_FIRST): no bear-off can come, nothing on the bar, no hitter rule.
    free = outside >= 2 and board[MOVER_BAR] == 0 and zone == 0
    where = _NO_INDEX if free else int_index()
    mode = _FREE_FIRST if free else _INDEXED
    for a, b in ((dice[0], dice[1]), (dice[1], dice[0])):
        _two_dice(
            board, a, b, key, outside, lowest, high, low, zone, marked_check, where, mode, found
        )
        if mode == _FREE_FIRST:
            mode = _FREE_CHAINS if 2 in found.counts else _FREE_CHAINS_OR_ONE
    return found


def _two_dice(
    s: list[int],
    a: int,
    b: int,
    key: int,
    outside: int,
    lowest: int,
    high: int,
    low: int,
    zone: int,
    marked_check: StepCheck | None,
    where: IntIndex,
    mode: int,
    found: Found,
) -> None:
    """The plays that use die ``a`` first, then ``b`` (or only ``a`` when ``b`` cannot follow).

    ``high`` and ``low``: the mover's highest and lowest occupied points;
    ``zone`` and ``marked_check``: the hitter rule; ``where``: each result's
    index in ``found`` by its change (``mode`` :data:`_INDEXED`), or a free
    search's ``mode`` (:data:`_FREE_FIRST` and the two after it), which
    tells a result found before by its steps and uses no index.
    """
    move = MOVE
    hit_move = HIT_MOVE
    change_of = CHANGE
    hit_change_of = HIT_CHANGE
    counts = found.counts
    firsts = MOVE_CODES[a][0]  # the steps' codes (see MOVE_CODES)
    seconds = MOVE_CODES[b][1]
    second_hit = _HIT_BITS[1]
    # (must_enter, inline)
    top, bottom = (MOVER_BAR, MOVER_BAR - 1) if s[MOVER_BAR] > 0 else (high, low - 1)
    if outside and bottom < a:
        bottom = a  # no bear-off: a source must be above the die
    for src in range(top, bottom, -1):
        c = s[src]
        if c <= 0:
            continue
        dst = src - a  # (landing, inline)
        if dst <= 0:
            if not may_bear_off(s, src, dst, outside):
                continue
            dst = MOVER_OFF
        elif s[dst] < lowest:
            continue
        # Make the first step.
        x = s[dst]
        hit = dst != MOVER_OFF and x == -1
        s[src] = c - 1
        if hit:
            s[dst] = 1
            s[OPP_BAR] += 1
            key1 = key + hit_move[src][dst]
            change1 = hit_change_of[src][dst]
            first = firsts[src] | HIT_BIT
        else:
            s[dst] = x + 1
            key1 = key + move[src][dst]
            change1 = change_of[src][dst]
            first = firsts[src]
        outside1 = outside - 1 if src > HOME >= dst else outside  # (outside_after, inline)
        # The point of a checker marked by this hit (-1: none).
        marked = dst if hit and dst <= zone else -1
        more = False
        if mode >= _FREE_CHAINS:  # the second order: only the chain can be new
            top2, bottom2 = dst, dst - 1
        elif s[MOVER_BAR] > 0:  # (must_enter, inline)
            top2, bottom2 = MOVER_BAR, MOVER_BAR - 1
        else:  # the first step may have entered above ``high`` or landed below ``low``
            top2 = dst if dst > high else high
            bottom2 = (dst if 0 < dst < low else low) - 1
            if outside1 and bottom2 < b:
                bottom2 = b
        for src2 in range(top2, bottom2, -1):
            if s[src2] <= 0:
                continue
            dst2 = src2 - b  # (landing, inline)
            if dst2 <= 0:
                if not may_bear_off(s, src2, dst2, outside1):
                    continue
                dst2 = MOVER_OFF
                hit2 = False
            else:
                x2 = s[dst2]
                if x2 < lowest:
                    continue
                hit2 = x2 == -1
            if src2 == marked and not _marked_may_step(s, src2, dst2, marked_check):
                continue
            more = True
            if mode != _INDEXED:
                if mode == _FREE_FIRST:
                    if src2 - b == src and src2 > a and s[src2 - a] >= 0:
                        continue  # the twin of the chain from src2, found before
                elif x > 0 or (x == 0 and src > b and s[src - b] >= 0):
                    continue  # the chain's twin, or the first order's chain, found before
                found.keys.append(key1 + (hit_move if hit2 else move)[src2][dst2])
                found.codes.append(first | seconds[src2] | (second_hit if hit2 else 0))
                counts.append(2)
                continue
            change2 = change1 + (hit_change_of if hit2 else change_of)[src2][dst2]
            # Every two-dice play has the same rank: a result found before
            # keeps its play unless that used fewer dice.
            i = where.get(change2, -1)
            if i < 0 or counts[i] < 2:
                code = first | seconds[src2] | (second_hit if hit2 else 0)
                if i < 0:
                    where.setdefault(change2, len(counts))
                    key2 = key1 + (hit_move if hit2 else move)[src2][dst2]
                    found.keys.append(key2)
                    found.codes.append(code)
                    counts.append(2)
                else:
                    found.codes[i] = code
                    counts[i] = 2
        if not more and mode != _INDEXED:
            if mode != _FREE_CHAINS:  # one die's result: its pips tell it from every other
                found.keys.append(key1)
                found.codes.append(first)
                counts.append(1)
        elif not more:
            i = where.get(change1, -1)
            if i < 0:
                where.setdefault(change1, len(counts))
                found.keys.append(key1)
                found.codes.append(first)
                counts.append(1)
            elif counts[i] == 1 and rank(first) > rank(found.codes[i]):
                found.codes[i] = first
        # Undo it.
        s[src] = c
        s[dst] = x
        if hit:
            s[OPP_BAR] -= 1


def _double_sources(s: list[int], die: int, lowest: int) -> tuple[list[int], int, int]:
    """The points a double's moves may start from this turn, high to low, and two counts.

    The counts: how many of those points are above ``die`` (their moves
    bear no checker off; they come first), and the mover's checkers
    outside his home board (the bar counts), which decide whether the
    others may move.

    A point (the bar as 25) can hold a checker of the mover's during the
    turn only if it holds one at the start, or a move can land on it: from
    the point ``die`` higher, itself such a point, when this one is open. A
    move from it needs its landing point open, or bears off. An opposing
    checker never moves during the mover's turn and a hit leaves the point
    to the mover, so a point open (or closed) at the start stays so all turn.
    """
    sources: list[int] = []
    reach = 0  # bits: the points that can hold a checker of the mover's
    outside = 0
    above = 0
    for p in range(MOVER_BAR, 0, -1):
        c = s[p]
        if c > 0:
            if p > HOME:
                outside += c
        elif not ((reach >> (p + die)) & 1 and c >= lowest):
            continue
        reach |= 1 << p
        if p > die:
            if s[p - die] >= lowest:
                sources.append(p)
                above += 1
        else:
            sources.append(p)
    return sources, above, outside


def _double(
    s: list[int],
    die: int,
    left: int,
    sources: list[int],
    first: int,
    above: int,
    key: int,
    outside: int,
    lowest: int,
    zone: int,
    marked: int,
    code: int,
    made: int,
    found: Found,
) -> None:
    """The moves of a double, sources in non-increasing order (each set of moves once).

    ``made`` steps are made already (packed in ``code``); ``left`` remain.
    The next move starts from ``sources[first]`` or a later source (see
    :func:`_double_sources`; the first ``above`` bear no checker off). A hit
    on a point ``<= zone`` marks its checker, which may not move again
    (``marked``: bit p for a marked checker on point p, at most one a point).
    """
    move = MOVE
    hit_move = HIT_MOVE
    moved = False
    steps = MOVE_CODES[die][made]
    # The bar, when its checker can enter, is the first source, and a
    # checker there enters before any other moves; none bears off while
    # one is outside the home board.
    if s[MOVER_BAR] > 0:  # (must_enter, inline)
        end = 1 if sources and sources[0] == MOVER_BAR else 0
    else:
        end = above if outside else len(sources)
    if left == 1:
        _last_move(s, die, sources, first, end, key, outside, marked, code, made, found)
        return
    for j in range(first, end):
        src = sources[j]
        c = s[src]
        if c <= 0 or (marked and c <= (marked >> src) & 1):
            continue  # no checker, or only a marked one
        dst = src - die  # (landing, inline)
        if dst <= 0:
            if not may_bear_off(s, src, dst, outside):
                continue
            dst = MOVER_OFF
        moved = True
        x = s[dst]
        hit = dst != MOVER_OFF and x == -1
        s[src] = c - 1
        if hit:
            s[dst] = 1
            s[OPP_BAR] += 1
            key1 = key + hit_move[src][dst]
            code1 = code | steps[src] | _HIT_BITS[made]
        else:
            s[dst] = x + 1
            key1 = key + move[src][dst]
            code1 = code | steps[src]
        outside1 = outside - 1 if src > HOME >= dst else outside  # (outside_after, inline)
        marked1 = marked | (1 << dst) if hit and dst <= zone else marked
        if left == 2:  # straight to the last move
            if s[MOVER_BAR] > 0:  # (the bounds as at the top of this function)
                end1 = 1 if sources[0] == MOVER_BAR else 0
            else:
                end1 = above if outside1 else len(sources)
            _last_move(s, die, sources, j, end1, key1, outside1, marked1, code1, made + 1, found)
        else:
            _double(
                s,
                die,
                left - 1,
                sources,
                j,
                above,
                key1,
                outside1,
                lowest,
                zone,
                marked1,
                code1,
                made + 1,
                found,
            )
        s[src] = c
        s[dst] = x
        if hit:
            s[OPP_BAR] -= 1
    if not moved and made:
        found.add_short(key, code, made)


def _last_move(
    s: list[int],
    die: int,
    sources: list[int],
    first: int,
    end: int,
    key: int,
    outside: int,
    marked: int,
    code: int,
    made: int,
    found: Found,
) -> None:
    """The last move of a double: each legal one is a new result (see the module docstring).

    The move starts from ``sources[first]`` up to ``sources[end - 1]``; no
    move follows, so the board is not touched. (A hand-specialised twin of
    :func:`_double`'s loop: letting :func:`_double` make the last move on
    the board and note the result one level down costs 6.6% on backgammon's
    row of ``bench_legal.py --only-variants`` and 7% on nackgammon's,
    compiled.)
    """
    keys = found.keys
    codes = found.codes
    counts = found.counts
    steps = MOVE_CODES[die][made]
    moved = False
    for j in range(first, end):
        src = sources[j]
        c = s[src]
        if c <= 0 or (marked and c <= (marked >> src) & 1):
            continue  # no checker, or only a marked one
        dst = src - die  # (landing, inline)
        if dst <= 0:
            if not may_bear_off(s, src, dst, outside):
                continue
            keys.append(key + MOVE[src][MOVER_OFF])
            codes.append(code | steps[src])
        elif s[dst] == -1:
            keys.append(key + HIT_MOVE[src][dst])
            codes.append(code | steps[src] | _HIT_BITS[made])
        else:
            keys.append(key + MOVE[src][dst])
            codes.append(code | steps[src])
        counts.append(made + 1)
        moved = True
    if not moved and made:
        found.add_short(key, code, made)


def _marked_may_step(s: list[int], src: int, dst: int, check: StepCheck | None) -> bool:
    """Whether the marked checker on ``src`` may step to ``dst`` (``check`` None: it stops).

    The check sees the board after the step, as the hitter rule says; the
    board is left as it was found.
    """
    if check is None:
        return False
    x_src = s[src]
    x_dst = s[dst]
    x_bar = s[OPP_BAR]
    s[src] = x_src - 1
    if dst == MOVER_OFF:
        s[dst] = x_dst + 1
    elif x_dst == -1:
        s[dst] = 1
        s[OPP_BAR] = x_bar + 1
    else:
        s[dst] = x_dst + 1
    allowed = check(s, src, dst)
    s[src] = x_src
    s[dst] = x_dst
    s[OPP_BAR] = x_bar
    return allowed
