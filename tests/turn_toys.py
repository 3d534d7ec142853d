"""Toy variants whose turn is more than one play, or whose movement has a pool, for the agents' tests.

They gather the toys of other test modules (acey-deucey's 1-2 and gul
bara's cascade from ``test_turn_model``, the pool game from
``test_pool_movement``, three dice and the shared track from
``test_dice_and_geometry``) and add one that has both a pool and a named
double (:class:`AceyToy`). :data:`TOYS` lists them; tests register them
with ``toy_variants.registered``. A worker process that imports this module
(self-play's spawned workers unpickle :func:`first_play` from here)
registers them at once: it has no test to do it.
"""

from __future__ import annotations

import multiprocessing
import random
from typing import ClassVar

import attrs

import nardy
from nardy import Position, Roll
from nardy.model.turns import TurnState
from test_dice_and_geometry import SameTrack, SameTrackThreeDice, ThreeDiceGammon
from test_pool_movement import PoolGame
from test_turn_model import ACE_DEUCE, AceDeuce, Cascade

__all__ = [
    "TOYS",
    "AceDeuce",
    "AceyToy",
    "Cascade",
    "PoolGame",
    "SameTrack",
    "SameTrackThreeDice",
    "ThreeDiceGammon",
    "first_play",
]


@attrs.frozen
class AceyToy(PoolGame):
    """The pool game (hits to the pool by default) with acey-deucey's 1-2: a double to name, then a roll again."""

    name: ClassVar[str] = "test-acey-toy"
    hits_to: str = "pool"

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        if roll == ACE_DEUCE:
            return TurnState(pending=(roll,), name_double=True, roll_again=True, roll=roll)
        return super().turn_start(position, roll)


#: Every toy of this module, to register.
TOYS: tuple[type[nardy.Variant], ...] = (
    AceDeuce,
    Cascade,
    AceyToy,
    PoolGame,
    ThreeDiceGammon,
    SameTrack,
    SameTrackThreeDice,
)


def first_play(position: Position, roll: Roll, rng: random.Random) -> int:
    """A self-play policy: the first legal play (what a worker process unpickles from here)."""
    return 0


if multiprocessing.parent_process() is not None:  # a worker: no test registers them there
    for _toy in TOYS:
        nardy.register_variant(_toy)
