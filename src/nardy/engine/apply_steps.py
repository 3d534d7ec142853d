"""One play given step by step, checked against the physics of the board.

The search kernels never need this: they only make legal steps. It is for a
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
from nardy.rules.board import ENTER, MOVER_BAR, MOVER_OFF, NO_BAR, RETURN, State
from nardy.rules.kush import RETURN_POINT, may_return
from nardy.rules.movement import entry_point, is_open, make_move, step_kind

__all__ = ["ENTER", "NO_BAR", "RETURN", "RETURN_POINT", "make_steps"]


def make_steps(
    state: State,
    steps: Iterable[tuple[int, int, int]],
    dice: Iterable[int],
    contact: int,
    bar: int,
) -> State:
    """The state after ``steps`` (``(src, dst, die)`` each), checking only physics.

    Raises :class:`~nardy.errors.IllegalPlayError` with the reason for the
    first step the board does not allow. ``contact`` is a contact code of
    :mod:`nardy.rules.board`, ``bar`` one of its bar models
    (:data:`~nardy.rules.board.ENTER`, :data:`~nardy.rules.board.RETURN`,
    :data:`~nardy.rules.board.NO_BAR`). The physics are the rulebook's
    (:mod:`nardy.rules.movement`, Kush's return :mod:`nardy.rules.kush`).
    """
    left = list(dice)
    t = list(state)
    for src, dst, die in steps:
        where = f"step {_name(src)}/{_name(dst)}"
        if src == MOVER_BAR:
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
        if src == MOVER_BAR:
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
        make_move(t, src, dst, step_kind(t, src, dst, contact))
    return tuple(t)


def _name(point: int) -> str:
    return "bar" if point == MOVER_BAR else "off" if point == MOVER_OFF else str(point)
