"""How checkers move: open points, hits and pins, entering from the bar first, the bear-off.

The rules every variant's movement is made of, each a small function of the
state (:mod:`nardy.rules.board`, mover's frame: he moves from his 24-point
towards his 1-point and bears off from his home board, points 1-6). A
variant's class data choose among them (its contact, whether it has a bar
and what the bar does); the search kernels of :mod:`nardy.engine` are
faster forms of the same rules, and say where they write one inline.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nardy.rules.board import (
    BLOCK,
    HIT,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    PIN,
    PINNED,
)

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = [
    "HITS",
    "PINS",
    "RELEASES",
    "checker_above",
    "count_outside",
    "entry_point",
    "home_scan",
    "is_open",
    "landing",
    "make_move",
    "may_bear_off",
    "must_enter",
    "outside_after",
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


def is_open(board: list[int], dst: i64, contact: i64) -> bool:
    """Whether the mover may land on point ``dst``: an open point.

    Open when no opposing checker stands there; with hitting contact also
    on a lone one (a blot, hit by the landing); with pinning contact on a
    lone free one (pinned by the landing), but not where an opposing
    checker pins one of the mover's. Blocking contact: any opposing checker
    closes the point.
    """
    x: i64 = board[dst]
    if x >= 0:
        return True
    if x < -1 or contact == BLOCK:
        return False
    if contact == HIT:
        return True
    pins: i64 = board[PINNED]
    return not (pins >> dst) & 1


def step_kind(board: list[int], src: i64, dst: i64, contact: i64) -> i64:
    """What the step ``src -> dst`` does besides moving a checker (the board allows it).

    :data:`HITS` when it lands on a lone opposing checker with hitting
    contact, :data:`~nardy.rules.movement.PINS` with pinning contact, plus
    :data:`RELEASES` when,
    pinning, it takes the last of the mover's checkers off a point where
    they pin one (that one is free again); 0 for a plain move.
    """
    kind: i64 = 0
    if dst != MOVER_OFF and contact != BLOCK:
        x: i64 = board[dst]
        if x == -1:
            kind = PINS if contact == PIN else HITS
    if contact == PIN and src != MOVER_BAR:
        c: i64 = board[src]
        pins: i64 = board[OPP_PINNED]
        if c == 1 and (pins >> src) & 1:
            kind += RELEASES
    return kind


def make_move(board: list[int], src: i64, dst: i64, kind: i64) -> None:
    """Make the step ``src -> dst`` of ``kind`` (:func:`step_kind`) on ``board``, in place.

    The checker leaves ``src`` (a released checker stays there, the
    opponent's again) and lands on ``dst`` or goes off; a hit blot goes to
    the opponent's bar, a pinned one stays under the mover's checker.
    """
    c: i64 = board[src]
    board[src] = c - 1
    if kind >= RELEASES:
        board[src] = -1
        pins: i64 = board[OPP_PINNED]
        board[OPP_PINNED] = pins ^ (1 << src)
        kind -= RELEASES
    if kind == HITS:
        board[dst] = 1
        bar: i64 = board[OPP_BAR]
        board[OPP_BAR] = bar + 1
    elif kind == PINS:
        board[dst] = 1
        opp: i64 = board[OPP_PINNED]
        board[OPP_PINNED] = opp | (1 << dst)
    else:
        x: i64 = board[dst]
        board[dst] = x + 1


def must_enter(board: list[int]) -> bool:
    """Entering from the bar first: whether a checker of the mover's waits on his bar.

    In a variant whose checkers on the bar enter
    (:attr:`Entering.ENTER <nardy.Entering.ENTER>`), while one does the
    mover moves nothing but it: a die enters it on :func:`entry_point`, and
    a die that cannot enter is lost.
    """
    bar: i64 = board[MOVER_BAR]
    return bar > 0


def entry_point(die: i64) -> i64:
    """Where a checker entering from the bar with ``die`` lands: the mover's point ``25 - die``."""
    return MOVER_BAR - die


def landing(board: list[int], src: i64, die: i64, outside: int, contact: i64) -> i64:
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
    # (checker_above, inline: the search kernels ask this at every bear-off,
    # and the call costs hypergammon's row of bench_legal 2%, compiled)
    for p in range(src + 1, HOME + 1):  # noqa: SIM110 (a loop is faster than any() here)
        if board[p] > 0:
            return False
    return True


def checker_above(board: list[int], src: i64) -> bool:
    """Whether a checker of the mover's stands in his home board above point ``src``.

    What the bear-off asks of a die higher than the point: with such a
    checker the die must be played by it, not bear off from ``src``.
    """
    p: i64 = src + 1
    while p <= HOME:
        x: i64 = board[p]
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
