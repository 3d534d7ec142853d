"""Environments for learning agents: PettingZoo (two agents) and Gymnasium (one), every variant.

The environments need the ``rl`` extra (``pip install nardy[rl]``:
pettingzoo, gymnasium, numpy); ``import nardy`` alone never imports them.
The step logic (:mod:`nardy.agents.env.steps`) is pure Python and the encodings
(:mod:`nardy.agents.env.encoding`) need only numpy: importing either does not
import pettingzoo or gymnasium.

Importing this package registers, when gymnasium is installed, one
Gymnasium id per built-in variant (``nardy/Backgammon-v0``,
``nardy/LongNardy-v0``, ...; :data:`GYM_IDS`), so ``gymnasium.make`` works.

* :func:`aec_env` -- a PettingZoo AEC environment, agents ``"white"`` and
  ``"black"``;
* :func:`gym_env` -- a Gymnasium environment against an opponent policy;
* :mod:`nardy.agents.env.encoding` -- the observation encodings, plain functions;
* :mod:`nardy.agents.env.steps` -- the step action mode's exact logic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nardy._lazy import from_table
from nardy.model.registry import variant_names

if TYPE_CHECKING:
    from nardy.agents.env.aec import AGENTS, NardyAECEnv, aec_env
    from nardy.agents.env.core import max_plays
    from nardy.agents.env.encoding import array_encoding, dice_features, unit_encoding
    from nardy.agents.env.gym import NardyGymEnv, gym_env, random_policy

__all__ = [
    "AGENTS",
    "GYM_IDS",
    "NardyAECEnv",
    "NardyGymEnv",
    "aec_env",
    "array_encoding",
    "dice_features",
    "gym_env",
    "max_plays",
    "random_policy",
    "unit_encoding",
]

# Imported when first used, so that the pure-Python parts need no extra.
_LAZY = {
    "AGENTS": "nardy.agents.env.aec",
    "NardyAECEnv": "nardy.agents.env.aec",
    "aec_env": "nardy.agents.env.aec",
    "max_plays": "nardy.agents.env.core",
    "array_encoding": "nardy.agents.env.encoding",
    "dice_features": "nardy.agents.env.encoding",
    "unit_encoding": "nardy.agents.env.encoding",
    "NardyGymEnv": "nardy.agents.env.gym",
    "gym_env": "nardy.agents.env.gym",
    "random_policy": "nardy.agents.env.gym",
}


def __getattr__(name: str) -> Any:
    """A name of the environments (see ``_LAZY``), imported on first use."""
    return from_table(__name__, name, _LAZY)


def _gym_id(name: str) -> str:
    return "nardy/" + "".join(part.capitalize() for part in name.split("-")) + "-v0"


#: The Gymnasium ids by variant name (``"long-nardy"`` -> ``"nardy/LongNardy-v0"``).
GYM_IDS: dict[str, str] = {name: _gym_id(name) for name in variant_names()}


def _register() -> None:
    try:
        import gymnasium  # optional: the rl extra
    except ImportError:  # the pure-Python step logic needs no extra
        return
    for name, gym_id in GYM_IDS.items():
        if gym_id not in gymnasium.registry:
            gymnasium.register(
                id=gym_id, entry_point="nardy.agents.env.gym:NardyGymEnv", kwargs={"variant": name}
            )


_register()
