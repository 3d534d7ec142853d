"""One play given step by step, checked against the physics of the board.

The searches never need this: they only make legal steps. It is for a
play that comes from outside (a :class:`~nardy.model.play.Play` built by hand, in
any step order): its steps are made one by one, each checked for what the
board allows (a checker to move, the die it claims, an open landing point),
and the state reached is then compared with the legal plays' results by the
caller. Whether a step was *legal* under the variant's rules is not judged
here; the comparison with the legal set does that.
"""

from __future__ import annotations

from collections.abc import Iterable

from nardy.errors import IllegalPlayError
from nardy.rules.board import ENTER, FROM_POOL, MOVER_BAR, MOVER_OFF, NO_BAR, RETURN, State
from nardy.rules.kush import RETURN_POINT, may_return
from nardy.rules.movement import Movement, entry_point, is_open, make_step_as

__all__ = ["ENTER", "NO_BAR", "RETURN", "RETURN_POINT", "make_steps"]


def make_steps(
    state: State,
    steps: Iterable[tuple[int, int, int]],
    dice: Iterable[int],
    contact: int,
    bar: int,
    movement: Movement | None = None,
) -> State:
    """The state after ``steps`` (``(src, dst, die)`` each), checking only physics.

    Raises :class:`~nardy.errors.IllegalPlayError` with the reason for the
    first step the board does not allow. ``contact`` is a contact code of
    :mod:`nardy.rules.board`, ``bar`` one of its bar models
    (:data:`~nardy.rules.board.ENTER`, :data:`~nardy.rules.board.RETURN`,
    :data:`~nardy.rules.board.NO_BAR`). The physics are the rulebook's
    (:mod:`nardy.rules.movement`, Kush's return :mod:`nardy.rules.kush`).
    ``movement``: the variant's :class:`~nardy.rules.movement.Movement`
    when it is not today's: a step from the pool
    (:data:`~nardy.rules.board.FROM_POOL`) takes a checker from the mover's
    pool, and a hit checker may go to its owner's pool.
    """
    left = list(dice)
    t = list(state)
    pool = 0 if movement is None else movement.pool
    hit_to_pool = movement is not None and movement.hit_to_pool
    for src, dst, die in steps:
        where = f"step {_name(src)}/{_name(dst)}"
        if src == FROM_POOL:
            if not pool:
                raise IllegalPlayError(f"{where}: there is no pool in this variant")
            if t[pool] <= 0:
                raise IllegalPlayError(f"{where}: no checker in the pool")
        elif src == MOVER_BAR:
            if bar == NO_BAR:
                raise IllegalPlayError(f"{where}: there is no bar in this variant")
            if t[MOVER_BAR] <= 0:
                raise IllegalPlayError(f"{where}: no checker on the bar")
            if bar == RETURN:
                # Returns from the bar are not moves of the dice.
                if dst != RETURN_POINT:
                    raise IllegalPlayError(
                        f"{where}: a checker on the bar comes back only onto the head "
                        f"(point {RETURN_POINT})"
                    )
                if not may_return(t):
                    raise IllegalPlayError(f"{where}: the head is held by the opponent")
                t[MOVER_BAR] -= 1
                t[RETURN_POINT] += 1
                continue
        if die not in left:
            raise IllegalPlayError(f"{where} uses a {die} the roll does not give")
        left.remove(die)
        if src in (MOVER_BAR, FROM_POOL):
            if dst != entry_point(die):
                raise IllegalPlayError(f"{where} does not match die {die}")
        elif not 1 <= src <= 24 or t[src] <= 0:
            raise IllegalPlayError(f"{where}: no checker of the mover there")
        elif dst == MOVER_OFF:
            if die < src:
                raise IllegalPlayError(f"{where} cannot bear off with a {die}")
        elif dst != src - die:
            raise IllegalPlayError(f"{where} does not match die {die}")
        if dst != MOVER_OFF and not is_open(t, dst, contact):
            raise IllegalPlayError(f"{where} lands on a closed point")
        make_step_as(t, src, dst, contact, pool, hit_to_pool)
    return tuple(t)


def _name(point: int) -> str:
    if point == FROM_POOL:
        return "pool"
    return "bar" if point == MOVER_BAR else "off" if point == MOVER_OFF else str(point)
