"""The doubling cube's rules: who may double, beaver or raccoon, and what a take or a drop leaves.

Pure functions of the :class:`~nardy.game.options.GameOptions` and the
:class:`~nardy.game.actions.CubeState`; :class:`~nardy.game.game.Game` asks them and
keeps the state. A pending offer is a double answered by ``answers``
immediate redoubles: 0 (a double), 1 (a beaver: the taker takes and turns the
cube one more step, keeping it) or 2 (a raccoon: the doubler answers the
beaver by turning the cube yet another step; the cube stays with the
beaverer). Whoever takes, the cube ends on the side of the original
doubler's opponent; whoever drops loses the stake before the last step.
"""

from __future__ import annotations

import attrs

from nardy.errors import InvalidOptionError
from nardy.game.actions import CubeState
from nardy.game.options import GameOptions
from nardy.model.basics import Side
from nardy.model.validate import shown

__all__ = [
    "BEAVER",
    "DOUBLE",
    "RACCOON",
    "after_tie",
    "answerer",
    "beaver_refusal",
    "check_start_cube",
    "double_refusal",
    "dropped_stake",
    "raccoon_refusal",
    "raised",
    "taken_cube",
]

#: A plain double awaits an answer (no immediate redouble yet).
DOUBLE = 0
#: The taker beavered: the original doubler answers.
BEAVER = 1
#: The doubler raccooned the beaver: the beaverer answers.
RACCOON = 2


def raised(options: GameOptions, value: int, steps: int) -> int:
    """``value`` raised ``steps`` doubling steps (2x, or +1 in arithmetic stakes, each)."""
    for _ in range(steps):
        value = options.next_cube_value(value)
    return value


def double_refusal(
    options: GameOptions, cube: CubeState, side: Side, *, crawford: bool, last_roll: bool
) -> str | None:
    """Why ``side``, on roll with nothing pending, may not double now; ``None`` if it may."""
    if not options.cube:
        return "the cube is not in use (option cube=false)"
    if crawford:
        return "there is no doubling in the Crawford game"
    if last_roll:
        return "there is no doubling before the last roll"
    if cube.owner is not None and cube.owner != side:
        return f"{cube.owner.name.lower()} owns the cube"
    if raised(options, cube.value, 1) > options.max_cube:
        return f"the cube is at its maximum ({cube.value}; max_cube={options.max_cube})"
    return None


def beaver_refusal(options: GameOptions, cube: CubeState) -> str | None:
    """Why the side facing a double may not beaver it; ``None`` if it may."""
    return _redouble_refusal(options, cube, "beaver", options.beaver, 2)


def raccoon_refusal(options: GameOptions, cube: CubeState) -> str | None:
    """Why the beavered doubler may not raccoon; ``None`` if he may."""
    return _redouble_refusal(options, cube, "raccoon", options.raccoon, 3)


def _redouble_refusal(
    options: GameOptions, cube: CubeState, name: str, allowed: bool, steps: int
) -> str | None:
    """An immediate redouble (beaver, raccoon) needs its option and room under max_cube."""
    if not allowed:
        return f"{name}s are not allowed (option {name}=false)"
    after = raised(options, cube.value, steps)
    if after > options.max_cube:
        return f"a {name} would take the cube to {after}, over max_cube={options.max_cube}"
    return None


def answerer(doubler: Side, answers: int) -> Side:
    """Who must take or drop: the doubler's opponent, the doubler after a beaver."""
    return doubler if answers == BEAVER else doubler.opponent


def taken_cube(options: GameOptions, cube: CubeState, doubler: Side, answers: int) -> CubeState:
    """The cube once the pending offer is taken: every step turned, owned by the doubler's opponent.

    A taken double goes to the taker; a beaver or a raccoon leaves the cube
    with the beaverer, the doubler's opponent either way.
    """
    value = raised(options, cube.value, 1 + answers)
    return CubeState(value=value, owner=doubler.opponent, automatic=cube.automatic)


def dropped_stake(options: GameOptions, cube: CubeState, answers: int) -> int:
    """The cube value a drop of the pending offer loses: the stake before its last step."""
    return raised(options, cube.value, answers)


def check_start_cube(cube: object, opts: GameOptions, set_up: bool, crawford: object) -> None:
    """Refuse a starting cube that no game set up from a position can have.

    Raises :class:`~nardy.errors.InvalidOptionError` naming the cube.
    """
    if not set_up or not isinstance(cube, CubeState):
        raise InvalidOptionError(f"start_cube needs start and a nardy.CubeState, got {shown(cube)}")
    why = None
    if isinstance(cube.value, bool) or not isinstance(cube.value, int) or cube.value < 1:
        why = "its value is not a positive integer"
    elif cube.offered_by is not None or cube.beavered:
        why = "a pending double is an action, not a starting cube"
    elif cube.value > opts.max_cube:
        why = f"its value is over max_cube={opts.max_cube}"
    elif (cube.value != 1 or cube.owner is not None) and (not opts.cube or crawford is True):
        why = "the cube is not in use" if not opts.cube else "nobody doubles in the Crawford game"
    if why is not None:
        raise InvalidOptionError(f"bad starting cube {cube}: {why}")


def after_tie(options: GameOptions, cube: CubeState, crawford: bool) -> CubeState:
    """The cube after a tied opening roll: one step up for an automatic double, if any is left.

    ``automatic_doubles`` says how many ties turn the centred cube; none
    does in the Crawford game, without the cube or past ``max_cube``.
    """
    nxt = options.next_cube_value(cube.value)
    if (
        options.cube
        and not crawford
        and cube.automatic < options.automatic_doubles
        and nxt <= options.max_cube
    ):
        return attrs.evolve(cube, value=nxt, automatic=cube.automatic + 1)
    return cube
