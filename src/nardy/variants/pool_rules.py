"""Rules shared by the games whose checkers start in a pool and hit to the bar.

Acey-deucey, Dutch backgammon and Russian backgammon enter all fifteen
checkers from the pool (:data:`nardy.POOL`). Two restrictions on single
moves recur among them, each a named rule of :mod:`nardy.rules.named`:
``entering="all-first"`` (:class:`~nardy.rules.named.PoolFirst`: while the
mover's pool holds a checker, only entries) and ``hitting="after-home"``
(:class:`~nardy.rules.named.HitsNeedHome`: a move may hit only if, before
it, a checker of the mover's was on his 1-6 or borne off).
:class:`PoolVariant` holds the data they share (the empty board, the
pool of fifteen, hitting, no cube); :func:`entry_rules` makes the step rule of any mix of the two, declared by
name so that the native core runs it. :func:`pool_backgammon` is the
backgammon of their 1/2/3 scoring: a checker never entered counts as one
left far back.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from nardy.rules.board import OPP_BAR, State
from nardy.rules.movement import pool_index
from nardy.rules.named import HitsNeedHome, PoolFirst
from nardy.rules.turn_rules import StepRule
from nardy.rules.vocabulary import POOL, Contact, ExtraField
from nardy.variants.base import Variant
from nardy.variants.scoring import ScoringTable, with_backgammon

if TYPE_CHECKING:
    from nardy.model.basics import Side
    from nardy.model.position import Position

__all__ = [
    "POOL_AT",
    "PoolVariant",
    "entry_rules",
    "hit_after_home",
    "pool_backgammon",
    "pool_scoring",
]

#: The state index of the mover's pool count when the pool is the only extra field (the opponent's is the next one).
POOL_AT = pool_index((POOL,))

_HITS_NEED_HOME = HitsNeedHome()
_POOL_FIRST = PoolFirst(POOL_AT)


@attrs.frozen
class PoolVariant(Variant):
    """The data of a game whose fifteen checkers a side all start in the pool, and hit.

    The board starts empty, each side's pool (:data:`nardy.POOL`) holds all
    fifteen, a lone opposing checker is hit, and the game is played without
    a cube, the opening winner throwing both dice afresh. A game of this
    kind (acey-deucey, Dutch and Russian backgammon) states its geometry,
    options and rules; this class registers no game of its own.
    """

    contact: ClassVar[Contact] = Contact.HIT
    start: ClassVar[Mapping[int, int]] = MappingProxyType({})
    #: The pool of checkers not yet entered (:data:`nardy.POOL`).
    extra_state: ClassVar[tuple[ExtraField, ...]] = (POOL,)
    #: All fifteen of each side start in the pool.
    start_extra: ClassVar[Mapping[str, Any]] = MappingProxyType({"pool": 15})
    game_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"cube": False, "opening": "one_die_each_reroll"}
    )


def hit_after_home(board: list[int], src: int, dst: int) -> bool:
    """``hitting="after-home"``, asked about hits only: a hit once a checker is home or off."""
    return _HITS_NEED_HOME.check(board, src, dst, True)


def _both(taken: int) -> StepRule:
    """``entering="all-first"`` with ``hitting="after-home"``, as one step rule.

    ``taken``: the opponent's checkers on his bar and in his pool when the
    segment starts. Those counts only grow by the mover's hits; and before
    a step made while nothing of the mover's was home, no hit can have
    been allowed, so such a step hit when the counts have grown (and after
    a hit that was allowed, a checker is home and every hit is allowed).
    """
    named = (_POOL_FIRST, _HITS_NEED_HOME)

    def check(board: list[int], src: int, dst: int) -> bool:
        hit = board[OPP_BAR] + board[POOL_AT + 1] != taken
        return all(rule.check(board, src, dst, hit) for rule in named)

    return StepRule(check, named=named)


def _all_first(board: list[int], src: int, dst: int) -> bool:
    """``entering="all-first"`` alone: an entry, or a move once the pool is empty."""
    return _POOL_FIRST.check(board, src, dst, False)


def entry_rules(start: State, all_first: bool, after_home: bool) -> StepRule | None:
    """The step rule of ``entering="all-first"`` and/or ``hitting="after-home"`` for a turn from ``start``.

    ``None`` when neither applies. The variant's only extra field must be
    the pool (:data:`POOL_AT`).
    """
    if all_first and after_home:
        return _both(start[OPP_BAR] + start[POOL_AT + 1])
    if all_first:
        return StepRule(_all_first, named=(_POOL_FIRST,))
    if after_home:
        return StepRule(hit_after_home, only_hits=True, named=(_HITS_NEED_HOME,))
    return None


def pool_backgammon(position: Position, loser: Side) -> bool:
    """The backgammon of the pool games: none off, and a checker in the pool, on the bar or on his 19-24.

    Read in the loser's numbering: his 19-24 are the winner's home board
    when the two travel in opposite directions, and the winner's entry
    quarter on one shared track.
    """
    if position.off(loser):
        return False
    pool = position.extra(loser)["pool"]
    return bool(pool) or position.bar(loser) > 0 or any(position.checkers(loser)[18:])


def pool_scoring(name: str = "standard") -> ScoringTable:
    """Backgammon's 1/2/3 with :func:`pool_backgammon` as the 3."""
    return with_backgammon(pool_backgammon, name)
