"""Environments for learning agents: PettingZoo (two agents) and Gymnasium (one), every variant.

Needs the ``rl`` extra (``pip install nardy[rl]``: pettingzoo, gymnasium,
numpy); ``import nardy`` alone never imports them. Importing this package
registers one Gymnasium id per built-in variant (``nardy/Backgammon-v0``,
``nardy/LongNardy-v0``, ...; :data:`GYM_IDS`), so ``gymnasium.make`` works.

* :func:`aec_env` -- a PettingZoo AEC environment, agents ``"white"`` and
  ``"black"``;
* :func:`gym_env` -- a Gymnasium environment against an opponent policy;
* :mod:`nardy.env.encoding` -- the observation encodings, plain functions;
* :mod:`nardy.env.steps` -- the step action mode's exact logic (pure Python).
"""

from __future__ import annotations

import gymnasium

from nardy.env.aec import AGENTS, NardyAECEnv, aec_env
from nardy.env.core import max_plays
from nardy.env.encoding import array_encoding, dice_features, unit_encoding
from nardy.env.gym import NardyGymEnv, gym_env, random_policy
from nardy.registry import variant_names

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


def _gym_id(name: str) -> str:
    return "nardy/" + "".join(part.capitalize() for part in name.split("-")) + "-v0"


#: The registered Gymnasium ids by variant name (``"long-nardy"`` -> ``"nardy/LongNardy-v0"``).
GYM_IDS: dict[str, str] = {name: _gym_id(name) for name in variant_names()}

for _name, _id in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id, entry_point="nardy.env.gym:NardyGymEnv", kwargs={"variant": _name}
        )
