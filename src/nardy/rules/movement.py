"""How checkers move: open points, hits and pins, entering from the bar first, the bear-off.

The rules every variant's movement is made of, each a small function of the
state (:mod:`nardy.rules.board`, mover's frame: he moves from his 24-point
towards his 1-point and bears off from his home board, points 1-6). A
variant's class data choose among them (its contact, whether it has a bar
and what the bar does); the Python search (:mod:`nardy.engine.onesearch`)
calls these functions, and the native core states each of them once in
Rust, by name.

* **An open point** (:func:`is_open`): the mover may land where he has
  checkers, where nobody has, and, with hitting or pinning contact, on a
  lone opposing checker (unless, pinning, it is the checker that pins one
  of his own there).
* **A hit, a pin, a release** (:func:`step_kind`, :func:`make_move`): landing
  on a lone opposing checker hits it (to its owner's bar) or pins it
  under the mover's checker; the last checker leaving a point where the
  mover pins one releases it.
* **Entering from the bar first** (:func:`must_enter`, :func:`entry_point`):
  while a checker of his is on the bar (in a variant where checkers on the
  bar enter), the mover moves nothing else, and it enters on the point
  ``25 - die``.
* **The bear-off** (:func:`may_bear_off`): only once every checker of the
  mover's is home (none outside his home board, none on the bar, none of
  his pinned); then a die bears off from its own point, or a higher die
  from the highest point he holds (:func:`checker_above`). One move, open
  point or bear-off: :func:`landing`. The searches
  count the checkers outside (:func:`count_outside`, :func:`home_scan`)
  once, and keep the count step by step (:func:`outside_after`).

The movement of the wider family is data, :class:`Movement` (built once per
configured variant by :func:`movement_of`; :data:`DEFAULT_MOVEMENT` is all
the above):

* **A pool** (:data:`~nardy.POOL` in a variant's extra state): checkers not
  yet entered enter with a die on :func:`entry_point` like a checker on the
  bar (:func:`may_enter_from_pool`, step source
  :data:`~nardy.rules.board.FROM_POOL`), hitting a blot there;
* **the bar first or not** (:attr:`Movement.bar_first`, :func:`bar_first`):
  by default a checker on the bar enters before anything else moves; a
  variant may let bar entries, pool entries and other moves mix;
* **where a hit checker goes** (:attr:`Movement.hit_to_pool`,
  :func:`send_hit_to_pool`): its owner's bar, or his pool;
* **the bear-off as data** (:class:`BearOff`, :func:`bear_off_allowed`,
  :func:`count_not_home`): the home zone (6 or 12 points) and whether a
  larger die bears off. :func:`make_step_as` makes any step of this
  movement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from nardy.errors import InvalidOptionError
from nardy.rules.board import (
    BLOCK,
    EXTRA,
    FROM_POOL,
    HIT,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    PIN,
    PINNED,
)
from nardy.rules.vocabulary import POOL, ExtraField

__all__ = [
    "DEFAULT_MOVEMENT",
    "HITS",
    "PINS",
    "RELEASES",
    "BearOff",
    "Movement",
    "bar_first",
    "bear_off_allowed",
    "bear_off_by",
    "checker_above",
    "count_not_home",
    "count_outside",
    "entry_point",
    "hit_or_pinned",
    "home_scan",
    "is_open",
    "landing",
    "make_move",
    "make_step_as",
    "may_bear_off",
    "may_enter_from_pool",
    "movement_of",
    "must_enter",
    "outside_after",
    "pool_index",
    "send_hit_to_pool",
    "step_kind",
]

#: Kind of step (:func:`step_kind`): it hits a lone opposing checker where it lands.
HITS: Final = 1
#: Kind of step: it pins a lone opposing checker where it lands.
PINS: Final = 2
#: Kind of step, added to the others: it leaves the last checker of a stack
#: that pinned one (which is then free again): ``RELEASES + PINS`` both
#: frees one and pins another.
RELEASES: Final = 3


def hit_or_pinned(kind: int) -> bool:
    """Whether a step of ``kind`` (:func:`step_kind`) hit or pinned a lone opposing checker where it landed.

    A release adds :data:`RELEASES` to what the landing did, so it is read
    off first: ``RELEASES + PINS`` both freed one checker and pinned another.
    """
    return kind % RELEASES in (HITS, PINS)


def is_open(board: list[int], dst: int, contact: int) -> bool:
    """Whether the mover may land on point ``dst``: an open point.

    Open when no opposing checker stands there; with hitting contact also
    on a lone one (a blot, hit by the landing); with pinning contact on a
    lone free one (pinned by the landing), but not where an opposing
    checker pins one of the mover's. Blocking contact: any opposing checker
    closes the point.
    """
    x: int = board[dst]
    if x >= 0:
        return True
    if x < -1 or contact == BLOCK:
        return False
    if contact == HIT:
        return True
    pins: int = board[PINNED]
    return not (pins >> dst) & 1


def step_kind(board: list[int], src: int, dst: int, contact: int) -> int:
    """What the step ``src -> dst`` does besides moving a checker (the board allows it).

    :data:`HITS` when it lands on a lone opposing checker with hitting
    contact, :data:`~nardy.rules.movement.PINS` with pinning contact, plus
    :data:`RELEASES` when,
    pinning, it takes the last of the mover's checkers off a point where
    they pin one (that one is free again); 0 for a plain move.
    """
    kind: int = 0
    if dst != MOVER_OFF and contact != BLOCK:
        x: int = board[dst]
        if x == -1:
            kind = PINS if contact == PIN else HITS
    if contact == PIN and src != MOVER_BAR:
        c: int = board[src]
        pins: int = board[OPP_PINNED]
        if c == 1 and (pins >> src) & 1:
            kind += RELEASES
    return kind


def make_move(board: list[int], src: int, dst: int, kind: int) -> None:
    """Make the step ``src -> dst`` of ``kind`` (:func:`step_kind`) on ``board``, in place.

    The checker leaves ``src`` (a released checker stays there, the
    opponent's again) and lands on ``dst`` or goes off; a hit blot goes to
    the opponent's bar, a pinned one stays under the mover's checker.
    """
    c: int = board[src]
    board[src] = c - 1
    if kind >= RELEASES:
        board[src] = -1
        pins: int = board[OPP_PINNED]
        board[OPP_PINNED] = pins ^ (1 << src)
        kind -= RELEASES
    if kind == HITS:
        board[dst] = 1
        bar: int = board[OPP_BAR]
        board[OPP_BAR] = bar + 1
    elif kind == PINS:
        board[dst] = 1
        opp: int = board[OPP_PINNED]
        board[OPP_PINNED] = opp | (1 << dst)
    else:
        x: int = board[dst]
        board[dst] = x + 1


def must_enter(board: list[int]) -> bool:
    """Entering from the bar first: whether a checker of the mover's waits on his bar.

    In a variant whose checkers on the bar enter
    (:attr:`Entering.ENTER <nardy.Entering.ENTER>`), while one does the
    mover moves nothing but it: a die enters it on :func:`entry_point`, and
    a die that cannot enter is lost.
    """
    bar: int = board[MOVER_BAR]
    return bar > 0


def entry_point(die: int) -> int:
    """Where a checker entering from the bar with ``die`` lands: the mover's point ``25 - die``."""
    return MOVER_BAR - die


def landing(board: list[int], src: int, die: int, outside: int, contact: int) -> int:
    """Where a move of ``die`` takes a checker of the mover's from ``src`` (25: the bar), or -1.

    The movement rule of one move: the checker lands on ``src - die`` when
    that point is open (:func:`is_open`); a die that takes it past the
    1-point bears it off (0, off) when the bear-off allows it
    (:func:`may_bear_off`, ``outside`` checkers not home). -1 when the
    board refuses the move. (From the bar, ``src - die`` is the
    :func:`entry_point`.)
    """
    dst = src - die
    if dst > 0:
        return dst if is_open(board, dst, contact) else -1
    return MOVER_OFF if may_bear_off(board, src, dst, outside) else -1


def may_bear_off(board: list[int], src: int, dst: int, outside: int) -> bool:
    """The bear-off rule for a step from ``src`` that would end at ``dst <= 0``.

    Only when none of the mover's checkers is outside his home board
    (``outside``, see :func:`count_outside`: the bar and a pinned checker of
    his count as outside); a die bears off from its own point
    (``dst == 0``), or a higher die from the highest occupied point, when no
    checker stands higher (:func:`checker_above`).
    """
    if outside:
        return False
    if dst == 0:
        return True
    # (checker_above, inline: the Python search asks this at every bear-off,
    # where a call costs more than the loop)
    for p in range(src + 1, HOME + 1):  # noqa: SIM110 (a loop is faster than any() here)
        if board[p] > 0:
            return False
    return True


def checker_above(board: list[int], src: int, zone: int = HOME) -> bool:
    """Whether a checker of the mover's stands in his home board (his points ``1..zone``) above point ``src``.

    What the bear-off asks of a die higher than the point: with such a
    checker the die must be played by it, not bear off from ``src``.
    """
    p: int = src + 1
    while p <= zone:
        x: int = board[p]
        if x > 0:
            return True
        p += 1
    return False


def count_outside(board: list[int], contact: int) -> int:
    """The mover's checkers not home: outside his home board, on his bar, or pinned.

    Nothing is borne off while it is above 0. With pinning contact a pinned
    checker of the mover's counts once, wherever it lies: one is enough to
    stop the bear-off.
    """
    outside = board[MOVER_BAR]
    for p in range(HOME + 1, 25):
        if board[p] > 0:
            outside += board[p]
    if contact == PIN and board[PINNED]:
        outside += 1
    return outside


def home_scan(board: list[int]) -> tuple[int, int, int]:
    """``(outside, high, low)``: the mover's checkers outside his home board (the bar counts), his highest and lowest occupied points.

    One pass from the 24-point down (0 and 25 for the points when he has
    none on the board). The searches start their scan for a source at
    ``high`` and stop at ``low``, and bear off only while ``outside`` is 0
    (:func:`may_bear_off`); pins are not counted here (see
    :func:`count_outside`).
    """
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
    return outside, high, low


def outside_after(outside: int, src: int, dst: int) -> int:
    """The count of checkers outside the home board after a step ``src -> dst`` (0: off).

    A step from outside (or the bar) to a point at home, or off, brings one
    checker home; no step takes one out of home.
    """
    return outside - 1 if src > HOME >= dst else outside


# --- the movement as data: the pool, the bar first, where a hit goes, the bear-off ---------


@attrs.frozen
class BearOff:
    """The bear-off rule as data (rule M.6 of the family).

    A checker of the mover's is borne off only when none of his is on the
    bar, in the pool, or on the board outside his **zone**, the points
    ``1..zone`` (6: the home board; 12: the half 1-12, as tabula's
    ``bear_off_zone="half"``). Then a die equal to a checker's point bears
    it off; a die larger than the point bears it off only when ``larger``
    and no checker of the mover's stands on a higher point (else the die
    must be used inside the board, or is lost). ``larger=False`` is the
    *exact* rule: a checker on p leaves only with a die of p.

    With pinning contact a pinned checker of the mover's stops the bear-off
    wherever it lies, unless ``pinned_home``: then it stands on its point
    like a free one, home when that point is in the zone (so it does not
    stop the bear-off) and higher than the checkers below it (so a larger
    die may not bear one of them off).

    The rule of most built-in variants is ``BearOff()`` (6, larger).
    """

    #: The highest point of the zone the checkers must all be in (1..24).
    zone: int = 6
    #: Whether a die larger than the checker's point bears it off (when none stands higher).
    larger: bool = True
    #: Whether a pinned checker of the mover's stands on its point (else it stops the bear-off).
    pinned_home: bool = False

    def __attrs_post_init__(self) -> None:
        if type(self.zone) is not int or not 1 <= self.zone <= 24:
            raise InvalidOptionError(f"BearOff: zone is a point 1..24, not {self.zone!r}")
        if type(self.larger) is not bool:
            raise InvalidOptionError(f"BearOff: larger is true or false, not {self.larger!r}")
        if type(self.pinned_home) is not bool:
            raise InvalidOptionError(
                f"BearOff: pinned_home is true or false, not {self.pinned_home!r}"
            )


@attrs.frozen
class Movement:
    """How checkers enter, where a hit one goes, and the bear-off: a configured variant's movement as data.

    Built once per configured variant (:func:`movement_of`) and handed to
    the search (as :attr:`TurnRules.movement
    <nardy.engine.reference.TurnRules.movement>`). The default,
    :data:`DEFAULT_MOVEMENT`, is the movement of most built-in variants; any
    other is data too: the native core reads its fields from the turn's
    table (:func:`nardy.engine.table.native_table`), as the Python search
    does.
    """

    #: The state index of the mover's pool count (the opponent's is the next
    #: one), or 0: no pool (:func:`pool_index`).
    pool: int = 0
    #: A hit checker goes to its owner's pool instead of his bar (needs a pool).
    hit_to_pool: bool = False
    #: While a checker of the mover's is on his bar, only bar entries are
    #: allowed (rule M.3, :func:`bar_first`); false: entries and moves mix.
    bar_first: bool = True
    #: The bear-off rule (:class:`BearOff`).
    bear_off: BearOff = BearOff()

    def __attrs_post_init__(self) -> None:
        if self.hit_to_pool and not self.pool:
            raise InvalidOptionError("Movement: hit checkers go to the pool, but there is none")

    @property
    def is_default(self) -> bool:
        """Whether this is today's movement (:data:`DEFAULT_MOVEMENT`): no pool, the bar first, hits to the bar, ``BearOff()``."""
        return not self.pool and self._default_but_the_pool()

    def moves_as_default(self, board: Sequence[int]) -> bool:
        """Whether this movement moves as today's (:attr:`is_default`) on ``board``, the mover's frame.

        True for today's movement, and for one that differs from it only by
        a pool while the mover's pool is empty: no checker can enter from
        it, and a hit checker goes to the bar either way: a search written
        for today's movement gives the same results (the pool's count is
        part of every key and no step changes it).
        """
        return not (self.pool and board[self.pool] > 0) and self._default_but_the_pool()

    def _default_but_the_pool(self) -> bool:
        """Everything but the pool as today's: hits to the bar, the bar first, the usual bear-off."""
        bear_off = self.bear_off
        plain = not self.hit_to_pool and self.bar_first and not bear_off.pinned_home
        return plain and bear_off.zone == HOME and bear_off.larger


#: The movement of every variant without a pool, with the bar first, hits to
#: the bar and the usual bear-off.
DEFAULT_MOVEMENT: Final = Movement()


def pool_index(extra_fields: Sequence[ExtraField]) -> int:
    """The state index of the mover's pool: ``EXTRA + 2 * i`` for :data:`~nardy.POOL` the i-th extra field; 0 for none.

    ``extra_fields`` are a variant's, in order
    (:meth:`Variant.extra_fields <nardy.Variant.extra_fields>`, the pins
    first when it pins). The opponent's pool is the next index. A rule of
    one's own (a :class:`~nardy.rules.turn_rules.StepRule`) reads the
    mover's pool as ``board[pool_index(fields)]``.
    """
    pool = (POOL.name, POOL.kind, POOL.keys, POOL.holds_checkers)
    for i, field in enumerate(extra_fields):
        if (field.name, field.kind, field.keys, field.holds_checkers) == pool:
            return EXTRA + 2 * i
    return 0


def movement_of(variant: Any) -> Movement:
    """The :class:`Movement` of a configured variant, from its data.

    Reads :meth:`~nardy.Variant.extra_fields` (a pool when
    :data:`~nardy.POOL` is among them), :attr:`~nardy.Variant.hit_to`
    (``"bar"`` or ``"pool"``), :attr:`~nardy.Variant.bar_priority` and
    :attr:`~nardy.Variant.bear_off`. Raises
    :class:`~nardy.errors.InvalidOptionError` naming the variant for data
    that does not fit.
    """
    name = getattr(variant, "name", type(variant).__name__)
    hit_to = getattr(variant, "hit_to", "bar")
    priority = getattr(variant, "bar_priority", True)
    bear_off = getattr(variant, "bear_off", DEFAULT_MOVEMENT.bear_off)
    pool = pool_index(variant.extra_fields())
    if hit_to not in ("bar", "pool"):
        raise InvalidOptionError(f"{name}: hit_to is 'bar' or 'pool', not {hit_to!r}")
    if hit_to == "pool" and not pool:
        raise InvalidOptionError(f"{name}: hit_to='pool' needs nardy.POOL in extra_state")
    if type(priority) is not bool:
        raise InvalidOptionError(f"{name}: bar_priority is true or false, not {priority!r}")
    if not isinstance(bear_off, BearOff):
        raise InvalidOptionError(f"{name}: bear_off is a nardy.BearOff, not {bear_off!r}")
    return Movement(pool, hit_to == "pool", priority, bear_off)


def bar_first(board: list[int], first: bool) -> bool:
    """The bar first (rule M.3): whether only entries from the bar are allowed now.

    True while a checker of the mover's is on his bar and the variant puts
    the bar first (``first``, :attr:`Movement.bar_first`; :func:`must_enter`
    is this rule with ``first`` true): no pool checker enters and no other
    checker moves. With ``first`` false, bar entries, pool entries and other
    moves mix freely.
    """
    bar: int = board[MOVER_BAR]
    return first and bar > 0


def may_enter_from_pool(board: list[int], pool: int, first: bool) -> bool:
    """Entering from the pool (rules M.2, M.3): whether a pool checker of the mover's may enter now.

    When the variant has a pool (``pool``, its state index), a checker is
    in it, and the bar does not come first (:func:`bar_first`). It enters
    with die d on :func:`entry_point` (``25 - d``) if that point is open
    (:func:`is_open`), hitting a blot there like any move.
    """
    if not pool:
        return False
    waiting: int = board[pool]
    return waiting > 0 and not bar_first(board, first)


def count_not_home(
    board: list[int], contact: int, zone: int, pool: int, pinned_home: bool = False
) -> int:
    """The mover's checkers not yet in his bear-off zone: :func:`count_outside` for the zone ``1..zone`` and a pool.

    Outside the zone on the board, on the bar, in the pool (``pool``, its
    state index, 0 for none) or pinned: one pinned is enough, or, with
    ``pinned_home`` (:attr:`BearOff.pinned_home`), each pinned outside the
    zone counts. Nothing is borne off while it is above 0
    (:func:`bear_off_allowed`).
    """
    outside = board[MOVER_BAR]
    for p in range(zone + 1, 25):
        if board[p] > 0:
            outside += board[p]
    if pool:
        outside += board[pool]
    if contact == PIN and board[PINNED]:
        outside += (board[PINNED] >> (zone + 1)).bit_count() if pinned_home else 1
    return outside


def bear_off_allowed(
    board: list[int], src: int, dst: int, outside: int, zone: int, larger: bool, pins: int = 0
) -> bool:
    """The bear-off of :class:`BearOff` ``(zone, larger)`` for a step from ``src`` that would end at ``dst <= 0``.

    Only when none of the mover's checkers is outside the zone
    (``outside``, :func:`count_not_home`); a die bears off from its own
    point (``dst == 0``); a larger die (``dst < 0``) only when ``larger``
    and no checker of his stands higher in the zone, free or, with
    :attr:`BearOff.pinned_home`, pinned (``pins``: the points of his pinned
    checkers, bit p, else 0). With ``BearOff(6, True)`` this is
    :func:`may_bear_off`.
    """
    if outside:
        return False
    if dst == 0:
        return True
    return larger and not checker_above(board, src, zone) and not pins >> (src + 1)


def bear_off_by(board: list[int], src: int, dst: int, bear_off: BearOff) -> bool:
    """:func:`bear_off_allowed` of ``bear_off`` for a step to ``dst <= 0`` when none of the mover's checkers is outside its zone."""
    pins = board[PINNED] if bear_off.pinned_home else 0
    return bear_off_allowed(board, src, dst, 0, bear_off.zone, bear_off.larger, pins)


def send_hit_to_pool(board: list[int], pool: int) -> None:
    """Where a hit checker goes (``hit_to="pool"``): from its owner's bar, where :func:`make_move` put it, to his pool.

    ``pool`` is the mover's pool index; the opponent's is the next one.
    """
    bar: int = board[OPP_BAR]
    board[OPP_BAR] = bar - 1
    theirs: int = board[pool + 1]
    board[pool + 1] = theirs + 1


def make_step_as(
    board: list[int], src: int, dst: int, contact: int, pool: int, hit_to_pool: bool
) -> int:
    """Make any step of a :class:`Movement` on ``board``, in place; returns its kind (:func:`step_kind`).

    A step from the pool (``src`` :data:`~nardy.rules.board.FROM_POOL`)
    takes a checker out of the pool and enters it like a checker from the
    bar; a hit checker goes to its owner's pool with ``hit_to_pool``
    (:func:`send_hit_to_pool`), else to his bar.
    """
    if src == FROM_POOL:
        waiting: int = board[pool]
        board[pool] = waiting - 1
        bar: int = board[MOVER_BAR]
        board[MOVER_BAR] = bar + 1
        src = MOVER_BAR
    kind = step_kind(board, src, dst, contact)
    make_move(board, src, dst, kind)
    if hit_to_pool and kind % RELEASES == HITS:
        send_hit_to_pool(board, pool)
    return kind
