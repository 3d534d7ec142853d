"""What a finished game is worth to the players: its points by the game options, times the cube.

The variant says what each result kind is worth
(:meth:`Variant.points <nardy.variants.base.Variant.points>`); the game options
(:class:`~nardy.game.options.GameOptions`) can change that: ``jacoby`` and
``gammons_with_cube`` make gammons and backgammons count single,
``scoring="checkers-left"`` counts the loser's checkers not borne off
instead, and ``draw_points`` says what a last-roll draw gives each side.
The cube multiplies everything. Each function returns the
:class:`~nardy.game.actions.Outcome` a game ends with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from nardy.errors import IllegalActionError
from nardy.game.actions import CubeState, EndReason, Outcome, as_number
from nardy.game.options import GameOptions
from nardy.model.basics import Side
from nardy.model.result import Result, ResultKind
from nardy.model.validate import shown

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = ["base_points", "bear_off", "draw", "drop", "resignation", "stated"]


def base_points(
    options: GameOptions,
    cube: CubeState,
    variant: Variant,
    kind: ResultKind,
    kind_points: int,
    loser_left: int,
) -> int:
    """The points of a ``kind`` win before the cube.

    ``kind_points`` (the variant's points for ``kind``), unless the options
    say otherwise: ``scoring="checkers-left"`` gives ``loser_left``, the
    loser's checkers not borne off; Jacoby (while the cube is not turned)
    and ``gammons_with_cube=False`` (once it is) count gammons and
    backgammons single.
    """
    if options.scoring == "checkers-left":
        return loser_left
    if kind is not ResultKind.SINGLE:
        turned = cube.turned
        if (options.jacoby and not turned) or (not options.gammons_with_cube and turned):
            return variant.points(ResultKind.SINGLE, loser_left)
    return kind_points


def bear_off(
    options: GameOptions,
    cube: CubeState,
    variant: Variant,
    result: Result,
    loser_left: int,
    reason: EndReason = EndReason.BEAR_OFF,
) -> Outcome:
    """The game was played out: the ``result`` of the final position, times the cube.

    ``reason`` is :attr:`~nardy.game.actions.EndReason.BEAR_OFF` when a side
    bore off all its checkers, else how the variant's rules ended it. A
    drawn result is worth nothing to either side.
    """
    name = result.name or variant.result_name(result.kind)
    per_checker = options.scoring == "checkers-left" or result.per_checker
    if result.winner is None:
        return Outcome(
            winner=None, reason=EndReason.DRAW, kind=result.kind, base=0, cube=cube.value,
            points=0, result=result, name=name,
        )  # fmt: skip
    base = base_points(options, cube, variant, result.kind, result.points, loser_left)
    return Outcome(
        winner=result.winner,
        reason=reason,
        kind=result.kind,
        base=base,
        cube=cube.value,
        points=base * cube.value,
        result=result,
        name=name,
        per_checker=per_checker,
    )


def resignation(
    options: GameOptions,
    cube: CubeState,
    variant: Variant,
    winner: Side,
    kind: ResultKind,
    loser_left: int,
) -> Outcome:
    """A resignation at level ``kind`` was accepted: that kind's points, times the cube."""
    base = base_points(options, cube, variant, kind, variant.points(kind, loser_left), loser_left)
    return Outcome(
        winner=winner,
        reason=EndReason.RESIGN,
        kind=kind,
        base=base,
        cube=cube.value,
        points=base * cube.value,
        name=variant.result_name(kind),
        per_checker=options.scoring == "checkers-left" or variant.scoring_table().by_checkers_left,
    )


def drop(options: GameOptions, winner: Side, value: int, loser_left: int) -> Outcome:
    """A double or beaver was dropped: the refuser loses the stake ``value``.

    That is one game times ``value`` (the cube before the refused raise), or
    with ``scoring="checkers-left"`` the refuser's checkers not borne off.
    """
    per_checker = options.scoring == "checkers-left"
    base = loser_left if per_checker else 1
    return Outcome(
        winner=winner,
        reason=EndReason.DROP,
        kind=None,
        base=base,
        cube=value,
        points=base * value,
        per_checker=per_checker,
    )


def draw(options: GameOptions, cube_value: int) -> Outcome:
    """The last-roll draw: each side scores ``draw_points`` (a half or one), times the cube."""
    each = (0.5 if options.draw_points == "half" else 1) * cube_value
    return Outcome(
        winner=None,
        reason=EndReason.DRAW,
        kind=None,
        base=as_number(each / cube_value),
        cube=cube_value,
        points=as_number(each),
    )


def stated(outcome: Outcome, points: object) -> Outcome:
    """``outcome`` worth the ``points`` a record states, where they differ from the rules' count.

    Real exports sometimes state a result the rules do not count (``Wins 1
    point`` after a gammon was borne off); a lenient reader follows the
    record. The outcome keeps how the game ended and its kind; ``points``
    becomes the stated value and :attr:`~nardy.game.actions.Outcome.rules_points`
    keeps the rules' count. Stating the rules' count gives the plain
    outcome back. Raises :class:`~nardy.errors.IllegalActionError` for a
    draw, or points that are not a positive integer.
    """
    if outcome.winner is None:
        raise IllegalActionError(f"a draw has no stated points: {outcome}")
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise IllegalActionError(f"stated points are a positive integer, got {shown(points)}")
    counted = outcome.points if outcome.rules_points is None else outcome.rules_points
    if points == counted:
        return attrs.evolve(outcome, points=counted, rules_points=None)
    return attrs.evolve(outcome, points=points, rules_points=counted)
