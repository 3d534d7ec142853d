"""Search kernel for a double under a hitter rule, in non-increasing order of sources.

The general kernel (:mod:`nardy.engine.kernels.general`) tries every order of a
double's moves, and from a point holding both marked checkers (those that
hit) and unmarked ones it tries moving each kind, unmarked first. Its
results come in the order of a depth-first search over the sequences of
(source, kind), sources from high to low: each result where the first
sequence reaching it in that order leads, with that sequence as its play.
This kernel gives the same results, in the same order, with the same plays,
by searching only the sequences whose sources never increase, for two kinds
of hitter rule (:class:`~nardy.rules.turn_rules.HitterRule`, hits on points
``<= zone`` mark the hitter):

* **stops** (no check): a marked checker never moves again (Kush's rule on
  a double), optionally with a *head limit*: at most so many checkers leave
  the mover's 24-point this turn (the head rule of long nardy and Kush);
* **no hide** (Caucasian nardy's rule): a marked checker may move again,
  but not onto a point where checkers of its own stand.

**Why non-increasing order is exact.** All moves of a double have the same
length, so the position reached depends only on the multiset of sources
(which move hits is fixed by which arrives first, the position is not), and
distinct multisets reach distinct positions (:mod:`nardy.engine.kernels.board_only`).
Say that *exchange* holds when, from every state the search can reach
(position and marks), any legal completion of a multiset ``R`` of sources
can be replaced by one that starts from ``max(R)``. Then the first sequence
(in the search order above) reaching each result has non-increasing sources:
else at its first rise a completion starting higher exists, and comes first.
The sequences with non-increasing sources are searched here in the same
order (sources high to low, unmarked before marked), so every result comes
first with the same play, in the same place; the longest legal sequence is
one of them too, so the maximum-use rule keeps the same plays. (A branch
here can stop early where the full search would go on with a higher source;
such a shorter result is one the maximum-use rule drops, as a longer play
exists.)

Exchange: let a legal completion move first from ``h = max(R)`` at its j-th
step. No checker reaches ``h`` before (it would come from ``h + die``, not in
``R``) or leaves it, so the same checker, of the same kind, stands there at
the start; move it first. Its step is as legal then (the point it lands on
is closed or open alike, the bear-off conditions only involve points no
earlier step changes), and every earlier step stays legal: none lands on
``h - die`` (it would start from ``h``) and none starts there if a hit
happens there (the opponent's checker stood there). Under the head limit the
head (24) is the highest point, so its moves come first in both orders.
What can break is the no-hide rule: a marked checker on ``h`` may land on
``h - die`` only if none of its own stand there, and the moves before it
may have emptied that point. Those checkers stood there when the turn began
(any arrival at ``h - die`` comes from ``h``; for one to arrive and a
marked checker to follow, the turn needs a hit, an arrival at the hit point,
two departures from it and the marked move: five moves). So the moves are:
a hit on blot ``b`` after ``k >= 1`` moves, ``i`` moves of the hitter to
``h = b - i * die``, a move off ``h - die``, the hitter's move there; at most
four. :func:`no_hide_exchanges` checks that no such ``b`` exists (a point
``b - (i + 1) * die`` with checkers of the mover that can leave it, where
``k + i + 2 <= 4``; leaving by a bear-off needs every other checker home
first, one move each for those outside); :mod:`nardy.engine.search` uses
this kernel only then.

With the no-hide rule two kinds of checker on one point make two branches,
and both may reach the same position: when that happened, the repeats are
left out at the end (the first of each kept). Otherwise (always with
*stops*, where the marked kind never moves) there is one branch per source
and results are distinct by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nardy.engine.results import Found, IntIndex, int_index
from nardy.engine.state import (
    HIT_BIT,
    HIT_MOVE,
    HOME,
    MOVE,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    STEP_BITS,
)
from nardy.rules.board import HEAD
from nardy.rules.movement import home_scan, may_bear_off

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = [
    "HEAD",
    "NO_LIMIT",
    "SOURCE_DIGIT",
    "EveryOrderSearch",
    "no_hide_exchanges",
    "search_marked_double",
    "search_no_hide_double",
]

#: A head limit that never binds.
NO_LIMIT: Final = 99
#: :data:`~nardy.engine.state.MOVE` and ``HIT_MOVE``, read as objects: a key
#: (224 bits) is never a machine int, and typed ``int`` each addition would
#: be checked for one (see :mod:`nardy.engine.kernels.position_rules`).
_MOVE: Final[tuple[tuple[Any, ...], ...]] = MOVE
_HIT_MOVE: Final[tuple[tuple[Any, ...], ...]] = HIT_MOVE


def no_hide_exchanges(board: list[int], die: int, zone: int) -> bool:
    """Whether the no-hide rule leaves exchange intact on this double (module docstring).

    False when some blot ``b <= zone`` can be hit after ``k`` moves (a
    checker of the mover's on ``b + k * die``, the bar as 25, and for
    ``k = 2`` the point between not closed) and a point
    ``q = b - (i + 1) * die`` with ``k + i + 2 <= 4`` holds checkers of his
    that could leave it: the point below is not closed, or for a bear-off,
    the checkers outside his home board (the bar counts) are few enough to
    come home in the moves left over: at most ``3 - k - i`` (the hitter may
    be one of them).
    """
    outside = board[MOVER_BAR]
    for p in range(HOME + 1, 25):
        if board[p] > 0:
            outside += board[p]
    for b in range(1, zone + 1):
        if board[b] != -1:
            continue
        up = b + die
        if up <= MOVER_BAR and board[up] > 0:
            k = 1
        elif up + die <= MOVER_BAR and board[up + die] > 0 and board[up] >= -1:
            k = 2
        else:
            continue  # no hit before the third move: no room for the rest
        for i in range(3 - k):
            q = b - (i + 1) * die
            if q < 1:
                break
            if board[q] <= 0:
                continue
            # Whether its checkers could leave: by a move onto a point not
            # closed, or by a bear-off once everything is home.
            leaves = board[q - die] >= -1 if q > die else outside <= 3 - k - i
            if leaves:
                return False
    return True


def search_marked_double(
    board: list[int],
    key: int,
    die: int,
    moves: int,
    hitting: bool,
    enters: bool,
    zone: int,
    no_hide: bool,
    head_limit: int,
) -> Found:
    """Every maximal sequence of ``moves`` moves of ``die`` (see the module docstring).

    ``board`` is the state (mover's frame) as a list, left as it was found;
    ``key`` its key. ``hitting``: a lone opposing checker can be hit;
    ``enters``: checkers on the bar enter first (else they stay there, and
    count as outside the home board). A hit on a point ``<= zone`` marks
    the hitter, which then stops, or with ``no_hide`` may not land on its own
    checkers; at most ``head_limit`` checkers leave the 24-point.
    """
    outside, high, low = home_scan(board)
    search = _Search(board, die, hitting, enters, zone, no_hide)
    search.node(moves, 25, key, outside, high, low, 0, head_limit, 0, 0)
    found = search.found.most_dice()
    if search.branched:
        found = _first_of_each(found)
    return found


def _first_of_each(found: Found) -> Found:
    """The results in order with repeats left out (the first of each kept, see the module docstring)."""
    kept = Found()
    seen = kept.index
    for key, code, count in zip(found.keys, found.codes, found.counts):
        if key not in seen:
            kept.add(key, code, count)
    return kept


class _Search:
    """One search: the board (changed in place and restored) and the fixed rules.

    Compiled, its small ints (points, bit sets, a play's code: at most four
    moves, see :data:`~nardy.engine.state.MOST_MOVES`) are machine ints
    (``i64``), as in :mod:`nardy.engine.kernels.position_rules`.
    """

    def __init__(
        self, s: list[int], die: i64, hitting: bool, enters: bool, zone: i64, no_hide: bool
    ) -> None:
        self.s = s
        self.die = die
        self.lowest: i64 = -1 if hitting else 0
        self.enters = enters
        self.zone = zone
        self.no_hide = no_hide
        self.found = Found()
        #: Whether both kinds of checker moved from one point somewhere: then
        #: two branches may reach one position, and the repeats go at the end.
        self.branched = False

    def node(
        self,
        left: i64,
        maxsrc: i64,
        key: Any,
        outside: i64,
        high: i64,
        low: i64,
        marked: i64,
        head_left: i64,
        code: i64,
        made: i64,
    ) -> None:
        """Explore from here: ``left`` moves to make, sources at most ``maxsrc``.

        ``high``/``low`` bound the mover's occupied points; ``marked`` has bit
        p for a marked checker on point p (at most one a point: a hit point
        held none of the mover's, and a marked checker lands only on such);
        ``head_left`` more may leave the head; ``made`` moves are in ``code``.
        """
        s = self.s
        die = self.die
        lowest = self.lowest
        no_hide = self.no_hide
        moved = False
        top: i64
        bottom: i64
        if self.enters and s[MOVER_BAR] > 0:  # (must_enter, inline)
            top, bottom = MOVER_BAR, MOVER_BAR - 1
        else:
            top = maxsrc if maxsrc < high else high
            bottom = low - 1 if outside == 0 or low > die else die
        if left == 1:
            self.last(top, bottom, key, outside, marked, head_left, code, made)
            return
        src: i64
        for src in range(top, bottom, -1):
            n: i64 = s[src]
            if n <= 0:
                continue
            dst = src - die  # (landing, inline)
            if dst <= 0:
                if not may_bear_off(s, src, dst, outside):
                    continue
                dst = MOVER_OFF
            elif s[dst] < lowest:
                continue
            if src == HEAD and head_left == 0:
                continue
            m = (marked >> src) & 1
            unmarked = n > m
            if unmarked:
                moved = True
                self.move(
                    src, dst, False, left, key, outside, high, low, marked, head_left, code, made
                )
            # A marked one: with no-hide, onto no checker of its own (empty, a blot, or off).
            if m and no_hide and (dst == MOVER_OFF or s[dst] <= 0):
                moved = True
                if unmarked:
                    self.branched = True
                self.move(
                    src, dst, True, left, key, outside, high, low, marked, head_left, code, made
                )
        if not moved and made:
            self.found.add_short(key, code, made)

    def last(
        self,
        top: i64,
        bottom: i64,
        key: Any,
        outside: i64,
        marked: i64,
        head_left: i64,
        code: i64,
        made: i64,
    ) -> None:
        """The last move: each legal source gives one result, and the board is not touched.

        Either kind of checker moving from one point reaches the same
        result, so a source is tried once.
        """
        s = self.s
        die = self.die
        lowest = self.lowest
        no_hide = self.no_hide
        found = self.found
        keys: list[Any] = found.keys
        codes = found.codes
        counts = found.counts
        shift = STEP_BITS * made
        packed_die = die << 10
        moved = False
        src: i64
        for src in range(top, bottom, -1):
            n: i64 = s[src]
            if n <= 0:
                continue
            if src == HEAD and head_left == 0:
                continue
            dst = src - die  # (landing, inline)
            if dst <= 0:
                if not may_bear_off(s, src, dst, outside):
                    continue
                if n <= (marked >> src) & 1 and not no_hide:
                    continue
                keys.append(key + _MOVE[src][MOVER_OFF])
                codes.append(code | ((src | packed_die) << shift))
            else:
                x: i64 = s[dst]
                if x < lowest:
                    continue
                if n <= (marked >> src) & 1 and not (no_hide and x <= 0):
                    continue  # only a marked checker here, and it may not go
                if x == -1:
                    keys.append(key + _HIT_MOVE[src][dst])
                    codes.append(code | ((src | (dst << 5) | packed_die | HIT_BIT) << shift))
                else:
                    keys.append(key + _MOVE[src][dst])
                    codes.append(code | ((src | (dst << 5) | packed_die) << shift))
            counts.append(made + 1)
            moved = True
        if not moved and made:
            found.add_short(key, code, made)

    def move(
        self,
        src: i64,
        dst: i64,
        is_marked: bool,
        left: i64,
        key: Any,
        outside: i64,
        high: i64,
        low: i64,
        marked: i64,
        head_left: i64,
        code: i64,
        made: i64,
    ) -> None:
        """Make the move ``src -> dst`` (by a marked checker or not), explore on, undo it.

        It takes :meth:`node`'s state, machine ints, as its own parameters.
        (Made in :meth:`node`'s own loop instead, by kind of checker, the
        moves cost the pure build 2% on Kush's doubles; compiled it was 3%
        faster, so the two builds disagree and the method stays.)
        """
        s = self.s
        x: i64 = s[dst]
        c: i64 = s[src]
        hit = dst != MOVER_OFF and x == -1
        s[src] = c - 1  # (no ``-=`` on list items: that is a generic op)
        step = src | (dst << 5) | (self.die << 10)
        bar: i64 = 0
        if hit:
            s[dst] = 1
            bar = s[OPP_BAR]
            s[OPP_BAR] = bar + 1
            key1 = key + _HIT_MOVE[src][dst]
            step |= HIT_BIT
        else:
            s[dst] = x + 1
            key1 = key + _MOVE[src][dst]
        # (marks_after, inline: a call here costs the pure build 1.5 to 2% on
        # Caucasian's and Kush's rows of bench_legal --only-variants)
        marked1: i64
        if is_marked:  # the mark goes with the checker (off the board: gone)
            marked1 = marked ^ (1 << src)
            if dst != MOVER_OFF:
                marked1 |= 1 << dst
        elif hit and dst <= self.zone:
            marked1 = marked | (1 << dst)
        else:
            marked1 = marked
        self.node(
            left - 1,
            src,
            key1,
            outside - 1 if src > HOME >= dst else outside,  # (outside_after, inline)
            dst if dst > high else high,
            dst if 0 < dst < low else low,
            marked1,
            head_left - 1 if src == HEAD else head_left,
            code | (step << (STEP_BITS * made)),
            made + 1,
        )
        s[src] = c
        s[dst] = x
        if hit:
            s[OPP_BAR] = bar


def search_no_hide_double(board: list[int], key: int, die: int, moves: int, zone: int) -> Found:
    """A double under the no-hide rule in every order, as the tracking kernel searches it.

    For the positions :func:`no_hide_exchanges` refuses: the same
    depth-first search as :func:`nardy.engine.kernels.general.search_tracking`
    (hitting contact, checkers on the bar enter first, sources from high to
    low, an unmarked checker before a marked one), so the same results in
    the same order with the same plays; only cheaper. A node is the multiset
    of sources (a base-5 digit a source: it fixes the position) and the
    marked checkers' points, which is what the tracking kernel tells nodes
    apart by; a result is its multiset of sources, and its key is worked out
    from its steps only once it is found.
    """
    outside, high, low = home_scan(board)
    search = _EveryOrder(board, key, die, moves, zone)
    search.node(0, 0, outside, high, low, 0, 0)
    return search.found


#: Each source's digit in a multiset of sources: ``5 ** (src - 1)``, the bar
#: as 25 (at most four moves from one source, so the digits never carry).
SOURCE_DIGIT: Final[tuple[int, ...]] = (0, *(5 ** (p - 1) for p in range(1, 26)))
_STEP_MASK: Final = (1 << STEP_BITS) - 1


class EveryOrderSearch:
    """What a search over every order of a double's moves holds, and a result's key from its steps.

    The base of :func:`search_no_hide_double`'s search and of Kush's
    (:func:`nardy.engine.kernels.kush_double.search_kush_double`): the board
    (changed in place and restored), the start's key, the die, the number
    of moves and the results. Such a search tells nodes apart by their
    multiset of sources (:data:`SOURCE_DIGIT`), and works a result's key out
    from its steps only once it is found (:meth:`key_after`).
    """

    def __init__(self, s: list[int], key: int, die: int, moves: int) -> None:
        self.s = s
        self.key = key
        self.die = die
        self.moves = moves
        self.found = Found()

    def key_after(self, code: int) -> int:
        """The key of the position the steps in ``code`` reach from the start."""
        key = self.key
        while code:
            step = code & _STEP_MASK
            src = step & 31
            dst = (step >> 5) & 31
            key += HIT_MOVE[src][dst] if step & HIT_BIT else MOVE[src][dst]
            code >>= STEP_BITS
        return key


class _EveryOrder(EveryOrderSearch):
    """One search over every order of a double under the no-hide rule."""

    def __init__(self, s: list[int], key: int, die: int, moves: int, zone: int) -> None:
        super().__init__(s, key, die, moves)
        self.zone = zone
        #: The results' indices by multiset of sources.
        self.results: IntIndex = int_index()
        #: The nodes seen with no marked checker, by multiset of sources.
        self.plain: IntIndex = int_index()
        #: The nodes seen with marked checkers: the multiset above the marks' 25 bits.
        self.marked: set[int] = set()

    def node(
        self, sources: int, marked: int, outside: int, high: int, low: int, code: int, made: int
    ) -> None:
        """Explore the node reached by ``made`` moves (``code``; ``sources`` their multiset).

        ``marked``: bit p for a marked checker on point p (one at most a
        point, as in :func:`search_marked_double`); ``outside``, ``high`` and
        ``low`` as there (the sources run from ``high`` to ``low``, which
        skips only empty points).
        """
        if made:
            if marked:
                node = (sources << 25) | marked
                if node in self.marked:
                    return
                self.marked.add(node)
            else:
                plain = self.plain
                if plain.get(sources, -1) >= 0:
                    return
                plain.setdefault(sources, 0)
        s = self.s
        moved = False
        if made < self.moves:
            die = self.die
            if s[MOVER_BAR] > 0:  # (must_enter, inline)
                dst = MOVER_BAR - die
                if s[dst] >= -1:
                    moved = True
                    self.move(
                        MOVER_BAR, dst, False, sources, marked, outside, high, low, code, made
                    )
            else:
                for src in range(high, low - 1, -1):
                    n = s[src]
                    if n <= 0:
                        continue
                    dst = src - die  # (landing, inline: see nardy.engine.kernels)
                    if dst <= 0:
                        if not may_bear_off(s, src, dst, outside):
                            continue
                        dst = MOVER_OFF
                    elif s[dst] < -1:
                        continue
                    m = (marked >> src) & 1
                    if n > m:
                        moved = True
                        self.move(src, dst, False, sources, marked, outside, high, low, code, made)
                    if m and (dst == MOVER_OFF or s[dst] <= 0):
                        moved = True
                        self.move(src, dst, True, sources, marked, outside, high, low, code, made)
        if not moved and made and self.results.get(sources, -1) < 0:
            found = self.found
            self.results.setdefault(sources, len(found.keys))
            found.keys.append(self.key_after(code))
            found.codes.append(code)
            found.counts.append(made)

    def move(
        self,
        src: int,
        dst: int,
        is_marked: bool,
        sources: int,
        marked: int,
        outside: int,
        high: int,
        low: int,
        code: int,
        made: int,
    ) -> None:
        """Make the move ``src -> dst`` (by a marked checker or not), explore on, undo it."""
        s = self.s
        x = s[dst]
        hit = dst != MOVER_OFF and x == -1
        s[src] -= 1
        step = src | (dst << 5) | (self.die << 10)
        if hit:
            s[dst] = 1
            s[OPP_BAR] += 1
            step |= HIT_BIT
        else:
            s[dst] = x + 1
        if is_marked:  # (marks_after, inline: as in _Search.move)
            marked1 = marked ^ (1 << src)
            if dst != MOVER_OFF:
                marked1 |= 1 << dst
        elif hit and dst <= self.zone:
            marked1 = marked | (1 << dst)
        else:
            marked1 = marked
        self.node(
            sources + SOURCE_DIGIT[src],
            marked1,
            outside - 1 if src > HOME >= dst else outside,  # (outside_after, inline)
            dst if dst > high else high,
            dst if 0 < dst < low else low,
            code | (step << (STEP_BITS * made)),
            made + 1,
        )
        s[src] += 1
        s[dst] = x
        if hit:
            s[OPP_BAR] -= 1
