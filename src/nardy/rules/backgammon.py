"""Rules of the backgammon family beyond the shared data: Caucasian nardy's no-hide rule."""

from __future__ import annotations

from typing import Final

from nardy.rules.board import MOVER_OFF
from nardy.rules.turn_rules import NO_HIDE, HitterRule

__all__ = ["no_hide_after_hit", "no_hide_rule"]


def no_hide_after_hit(board: list[int], src: int, dst: int) -> bool:
    """Caucasian nardy: a checker that hit may not hide behind its own checkers.

    After a checker hits, that same checker may not move on, in the same
    turn, onto a point that already holds the mover's own checkers. It may
    stay, go on to an empty point, hit again or bear off; another checker
    may still cover it. ``board`` is the state after the step, so the point
    held only this checker before when it now holds exactly one.
    """
    return dst == MOVER_OFF or board[dst] == 1


def no_hide_rule(zone: int) -> HitterRule:
    """The no-hide rule for hits on the mover's points ``1..zone``, as a hitter rule.

    :func:`no_hide_after_hit` as the check, declared :data:`~nardy.rules.turn_rules.NO_HIDE`
    (so the native core may apply it as data, without calling it). One rule object per
    zone serves every turn (a rule object is never changed).
    """
    rule = _RULES.get(zone)
    if rule is None:
        rule = _RULES[zone] = HitterRule(zone, no_hide_after_hit, NO_HIDE)
    return rule


# no_hide_rule's objects, by zone.
_RULES: Final[dict[int, HitterRule]] = {}
