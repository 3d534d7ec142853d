"""What a game accepts in each of its phases, why it refuses the rest, and how it says what it waits for.

:meth:`Game.allowed <nardy.game.game.Game.allowed>` lists the kinds of
action the game's phase accepts (:func:`allowed`); a roll or a play while
an answer is pending is refused with the reason :data:`PENDING` gives.
:meth:`Game.describe <nardy.game.game.Game.describe>` says what the side to
act is to do (:func:`waiting_for`) and where the cube stands
(:func:`cube_words`).
"""

from __future__ import annotations

from typing import Final

from nardy.game import doubling, turns
from nardy.game.actions import ActionKind, CubeState, Phase
from nardy.game.options import GameOptions
from nardy.model.basics import Roll

__all__ = [
    "ANSWERS",
    "OFFERED",
    "PENDING",
    "TAKE_WORDS",
    "TURN_PHASES",
    "allowed",
    "cube_words",
    "waiting_for",
]

#: The game's phase for each phase of a turn that is not over
#: (:class:`nardy.game.turns.TurnPhase`).
TURN_PHASES: Final = {
    turns.TurnPhase.PLAY: Phase.MOVE,
    turns.TurnPhase.NAME: Phase.DECIDE,
    turns.TurnPhase.ROLL: Phase.ROLL,
}

#: The immediate redoubles that answer a pending double, by phase (see :mod:`nardy.game.doubling`).
ANSWERS: Final = {
    Phase.DOUBLED: doubling.DOUBLE,
    Phase.BEAVERED: doubling.BEAVER,
    Phase.RACCOONED: doubling.RACCOON,
}
#: The phase a cube offer leaves the game in, by its kind.
OFFERED: Final = {
    ActionKind.DOUBLE: Phase.DOUBLED,
    ActionKind.BEAVER: Phase.BEAVERED,
    ActionKind.RACCOON: Phase.RACCOONED,
}
#: What the answerer does in taking, by the redoubles answered (in refusals' words).
TAKE_WORDS: Final = {
    doubling.DOUBLE: "take",
    doubling.BEAVER: "take the beaver",
    doubling.RACCOON: "take the raccoon",
}

#: Why a side cannot roll or play while an answer is pending, by phase.
PENDING: Final = {
    Phase.DOUBLED: "a double is pending; take or drop it first",
    Phase.BEAVERED: "a beaver is pending; take or drop it first",
    Phase.RACCOONED: "a raccoon is pending; take or drop it first",
    Phase.RESIGNED: "a resignation is pending; accept or reject it first",
    Phase.DECIDE: "a double is to be named first",
}


def allowed(
    phase: Phase, can_double: bool, last_roll: bool, options: GameOptions, cube: CubeState
) -> frozenset[ActionKind]:
    """The kinds of action a game in ``phase`` accepts.

    ``can_double``: the side on turn may double now; ``last_roll``: he
    takes long nardy's last roll (no resigning then); ``options`` and
    ``cube`` decide whether a beaver or a raccoon may answer a double.
    """
    if phase is Phase.OPENING:
        return frozenset({ActionKind.OPENING, ActionKind.RESIGN})
    if phase is Phase.ROLL:
        out = {ActionKind.ROLL}
        if can_double:
            out.add(ActionKind.DOUBLE)
        if not last_roll:
            out.add(ActionKind.RESIGN)
        return frozenset(out)
    if phase is Phase.MOVE:
        return frozenset({ActionKind.PLAY} if last_roll else {ActionKind.PLAY, ActionKind.RESIGN})
    if phase is Phase.DECIDE:
        return frozenset({ActionKind.NAME, ActionKind.RESIGN})
    if phase is Phase.DOUBLED:
        out = {ActionKind.TAKE, ActionKind.DROP}
        if doubling.beaver_refusal(options, cube) is None:
            out.add(ActionKind.BEAVER)
        return frozenset(out)
    if phase is Phase.BEAVERED:
        out = {ActionKind.TAKE, ActionKind.DROP}
        if doubling.raccoon_refusal(options, cube) is None:
            out.add(ActionKind.RACCOON)
        return frozenset(out)
    if phase is Phase.RACCOONED:
        return frozenset({ActionKind.TAKE, ActionKind.DROP})
    if phase is Phase.RESIGNED:
        return frozenset({ActionKind.ACCEPT, ActionKind.REJECT})
    return frozenset()


def waiting_for(phase: Phase, dice: Roll | None, last_roll: bool, next_cube: int) -> str:
    """What the side to act in ``phase`` is to do: ``to play 31``, ``to take or drop a double to 4``.

    ``dice`` are the dice on the table, ``last_roll`` says he takes long
    nardy's last roll, ``next_cube`` is the value a double would turn the
    cube to. Not for the opening or a finished game.
    """
    return {
        Phase.ROLL: "to roll" + (" (last roll)" if last_roll else ""),
        Phase.MOVE: f"to play {dice}",
        Phase.DECIDE: "to name a double",
        Phase.DOUBLED: f"to take or drop a double to {next_cube}",
        Phase.BEAVERED: "to take or drop the beaver",
        Phase.RACCOONED: "to take or drop the raccoon",
        Phase.RESIGNED: "to accept or reject a resignation",
    }[phase]


def cube_words(options: GameOptions, cube: CubeState) -> str:
    """``; cube 2 (white)`` or ``; cube 1 (centred)``, and nothing in a game played without the cube."""
    if not options.cube:
        return ""
    owner = "centred" if cube.owner is None else cube.owner.name.lower()
    return f"; cube {cube.value} ({owner})"
