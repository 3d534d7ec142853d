"""The Gymnasium environment: one agent against an opponent policy."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from nardy.agents.env.aec import NardyAECEnv
from nardy.agents.env.core import Observation
from nardy.errors import GameOverError, InvalidOptionError
from nardy.model.basics import Roll
from nardy.model.position import Position
from nardy.variants.base import Variant

__all__ = ["NardyGymEnv", "Policy", "gym_env", "random_policy"]

#: An opponent: the observation dict (with its ``"action_mask"``) to an action.
Policy = Callable[[Observation], int]


def random_policy(rng: random.Random) -> Policy:
    """A policy that picks uniformly among the allowed actions, from ``rng``."""

    def policy(observation: Observation) -> int:
        allowed = np.flatnonzero(observation["action_mask"])
        return int(allowed[rng.randrange(len(allowed))])

    return policy


class NardyGymEnv(gymnasium.Env[Observation, int]):
    """A Gymnasium environment: the agent plays ``side`` against ``opponent`` (see :func:`gym_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "svg"]}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        variant: Variant | str,
        *,
        opponent: str | Policy = "random",
        side: str = "white",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.aec = NardyAECEnv(variant, **options)
        if illegal not in ("lose", "raise"):
            raise InvalidOptionError(f"illegal must be 'lose' or 'raise', got {illegal!r:.40}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self._ended = False
        if side not in self.aec.possible_agents:
            raise InvalidOptionError(f"side must be 'white' or 'black', got {side!r:.40}")
        if opponent != "random" and not callable(opponent):
            raise InvalidOptionError(
                f"opponent must be 'random' or a callable policy, got {opponent!r:.60}"
            )
        self.side = side
        self._opponent = opponent
        self._rng = random.Random()
        self.render_mode = self.aec.render_mode
        self.observation_space = self.aec.observation_space(side)
        self.action_space = self.aec.action_space(side)

    @property
    def position(self) -> Position:
        """The current position."""
        return self.aec.position

    @property
    def roll(self) -> Roll:
        """The roll to play."""
        return self.aec.roll

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a game; the opponent plays until it is the agent's turn."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(f"opponent/{seed}")
        self.aec.reset(seed=seed, options=options)
        self._ended = False
        self._play_opponent()
        obs, _, _, _, info = self.aec.last()
        return obs, info

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent acts; then the opponent, until the agent's turn or the end.

        An action the mask does not allow ends the game with
        ``illegal_reward`` and ``info["illegal_action"] = True`` (with
        ``illegal="raise"``: :class:`~nardy.errors.IllegalActionError`).
        """
        if self._ended:
            raise GameOverError("the game is over: call reset() to start another")
        obs = self.aec.observe(self.side)
        if self.illegal == "lose" and not _allowed(obs, action):
            self._ended = True
            return obs, self.illegal_reward, True, False, {"illegal_action": True}
        self.aec.step(action)
        self._play_opponent()
        agent = self.side
        obs = self.aec.observe(agent)
        reward = self.aec.cumulative_reward(agent)
        done = self.aec.terminations[agent]
        cut = self.aec.truncations[agent]
        self._ended = done or cut
        return obs, reward, done, cut, dict(self.aec.infos[agent])

    def render(self) -> str | None:
        """As :meth:`NardyAECEnv.render`."""
        return self.aec.render()

    def _play_opponent(self) -> None:
        aec = self.aec
        policy = random_policy(self._rng) if self._opponent == "random" else self._opponent
        assert callable(policy)
        while aec.agent_selection != self.side and not (
            aec.terminations[self.side] or aec.truncations[self.side]
        ):
            aec.step(policy(aec.observe(aec.agent_selection)))


def _allowed(observation: Observation, action: object) -> bool:
    mask = observation["action_mask"]
    if isinstance(action, np.integer):
        action = int(action)
    return (
        isinstance(action, int)
        and not isinstance(action, bool)
        and 0 <= action < len(mask)
        and bool(mask[action])
    )


def gym_env(
    variant: Variant | str,
    *,
    opponent: str | Policy = "random",
    side: str = "white",
    **options: Any,
) -> NardyGymEnv:
    """A Gymnasium environment: the agent plays ``side`` of ``variant`` against ``opponent``.

    ``opponent`` is ``"random"`` (uniform over the allowed actions, seeded
    by ``reset(seed=...)``) or a callable from the observation dict to an
    action. The other keyword arguments are those of
    :func:`~nardy.agents.env.aec_env` (``action_mode``, ``observation``, ``reward``,
    ``max_plies``, ``render_mode``, ``afterstates``). The reward is the
    agent's, at the end of the game. An action its mask does not allow ends
    the game with reward ``illegal_reward`` (default -1), or raises with
    ``illegal="raise"``.
    """
    return NardyGymEnv(variant, opponent=opponent, side=side, **options)
