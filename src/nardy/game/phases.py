"""What a game accepts in each of its phases, and why it refuses the rest.

:meth:`Game.allowed <nardy.game.game.Game.allowed>` lists the kinds of
action the game's phase accepts (:func:`allowed`); a roll or a play while
an answer is pending is refused with the reason :data:`PENDING` gives.
"""

from __future__ import annotations

from typing import Final

from nardy.game import doubling
from nardy.game.actions import ActionKind, CubeState, Phase
from nardy.game.options import GameOptions

__all__ = ["PENDING", "allowed"]

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
