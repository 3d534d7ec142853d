"""The PettingZoo AEC environment: two agents, ``"white"`` and ``"black"``, any variant."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal, overload

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from nardy.agents.env.core import REWARDS, Observation, TurnState
from nardy.errors import InvalidOptionError
from nardy.model.basics import Roll, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.pictures.svg import board
from nardy.variants.base import Variant

__all__ = ["AGENTS", "NardyAECEnv", "Notations", "aec_env"]

#: The agents, by the colour they play.
AGENTS = ("white", "black")
_SIDES = {"white": Side.WHITE, "black": Side.BLACK}
_AGENT_OF = {side: agent for agent, side in _SIDES.items()}


class Notations(Sequence[str]):
    """The legal plays' notations, in order, written only when first read (writing costs)."""

    def __init__(self, legal: LegalPlays) -> None:
        self._legal = legal
        self._made: list[str] | None = None

    def _list(self) -> list[str]:
        if self._made is None:
            self._made = self._legal.notations()
        return self._made

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._legal)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Notations):
            other = other._list()
        return isinstance(other, (list, tuple)) and self._list() == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._list())


class NardyAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A PettingZoo AEC environment for one game of ``variant`` (a name, a spec string or a :class:`~nardy.Variant`).

    ``action_mode``: ``"play"`` (action ``i`` is the ``i``-th legal play of
    the roll) or ``"step"`` (one checker step per action:
    :mod:`nardy.agents.env.steps`). ``observation``: ``"array"`` or ``"unit"``
    (:mod:`nardy.agents.env.encoding`). ``reward``: ``"points"`` (the result's
    points, + to the winner and - to the loser, 0 for a draw) or ``"win"``
    (+1/-1). ``max_plies`` truncates the game after that many plays.
    ``render_mode``: ``"ansi"`` (the text board) or ``"svg"``.
    ``afterstates=True`` adds to the acting agent's info the encoded
    position after each legal play. A variant whose turn is more than one
    play is run segment by segment (see :mod:`nardy.agents.env.core`): the
    acting agent's info then says how many ``moves`` the segment being played has, or, when a
    double is to be named, lists the doubles offered (``name_double``)
    instead of the roll and the plays. Bad options raise
    :class:`~nardy.errors.InvalidOptionError`; an action that is not
    allowed raises :class:`~nardy.errors.IllegalActionError`.

    :attr:`position` is the position now (in step mode, the position at the
    start of the roll being played), :attr:`roll` the roll to play. (The base
    class is untyped: pettingzoo ships no type information.)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "nardy_v0",
        "render_modes": ["ansi", "svg"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str,
        *,
        action_mode: str = "play",
        observation: str = "array",
        reward: str = "points",
        max_plies: int | None = None,
        render_mode: str | None = None,
        afterstates: bool = False,
    ) -> None:
        super().__init__()
        self.state_ = TurnState(variant, action_mode, observation)
        if reward not in REWARDS:
            raise InvalidOptionError(f"unknown reward {reward!r}; choose one of {list(REWARDS)}")
        if max_plies is not None and (
            not isinstance(max_plies, int) or isinstance(max_plies, bool) or max_plies < 1
        ):
            raise InvalidOptionError(f"max_plies must be a positive int or None, got {max_plies!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptionError(
                f"unknown render_mode {render_mode!r}; choose one of "
                f"{self.metadata['render_modes']} or None"
            )
        self.reward_mode = reward
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.afterstates = bool(afterstates)
        self.possible_agents = list(AGENTS)
        high = float(max(self.state_.variant.checkers, 4))  # 4: a double's moves
        obs = spaces.Box(-high, high, (self.state_.obs_size,), np.float32)
        mask = spaces.Box(0, 1, (self.state_.num_actions,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": copy.deepcopy(obs), "action_mask": copy.deepcopy(mask)})
            for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(self.state_.num_actions) for a in AGENTS}
        self._start_episode()

    # --- PettingZoo API ---------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space: ``{"observation": Box, "action_mask": Box(int8)}``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(N)``: ``N`` is :func:`~nardy.agents.env.max_plays` (play mode) or :func:`~nardy.agents.env.steps.num_actions` (step mode: 152, or 164 with a pool or turn hooks)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game (``seed`` seeds the dice; ``options``: ``position`` and ``dice``)."""
        self.state_.reset(seed, options)
        self._start_episode()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: the encoded position and dice, and its action mask."""
        return self.state_.observation(_SIDES[agent], self._ended)

    @overload
    def last(
        self, observe: Literal[True] = True
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]: ...
    @overload
    def last(
        self, observe: bool
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]: ...
    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, cumulative reward, termination, truncation and info."""
        # PettingZoo's own, without its assert (this env always has an agent
        # selected): the loop of every agent calls it once an action.
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """The acting agent plays ``action`` (a play index, or a step action in step mode).

        ``None`` is for an agent whose game is over (as PettingZoo's loop does).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # PettingZoo's _clear_rewards and _accumulate_rewards, inlined: only a
        # play that ends the game gives a reward, so only then is there one
        # to add (adding the zeros would change nothing).
        self._cumulative_rewards[agent] = 0
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0
        state = self.state_
        if state.act(action):
            self._after_play()
            if self._ended:
                self._accumulate_rewards()
            self._set_infos()
        elif state.turns and (state.turn is None or state.node == state.turn.start_code):
            self._next_segment()
        # Part way through a play (step mode) the infos stand: the roll and
        # its legal plays are the same until the play is complete.

    def render(self) -> str | None:
        """The board as text (``"ansi"``) or an SVG document (``"svg"``); ``None`` without a mode."""
        if self.render_mode is None:
            return None
        state = self.state_
        position = state.position
        if self.render_mode == "svg":
            dice = None if self._over() or state.choices else state.roll
            return board(position, dice=dice, turn=state.remaining if state.turns else None)
        return str(position)

    def close(self) -> None:
        """Nothing to release."""

    def __deepcopy__(self, memo: dict[int, Any]) -> NardyAECEnv:
        # Cheap: the positions, legal plays, step trees and spaces are shared
        # (never changed once made); only the per-episode books are copied.
        new = object.__new__(NardyAECEnv)
        new.__dict__.update(self.__dict__)
        new.state_ = self.state_.copy()
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
            setattr(new, name, dict(getattr(self, name)))
        new.infos = {a: dict(i) for a, i in self.infos.items()}
        new.agents = list(self.agents)
        return new

    # --- nardy's view -----------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position (in step mode: at the start of the roll being played)."""
        return self.state_.position

    @property
    def roll(self) -> Roll:
        """The roll to play (a :class:`~nardy.Roll`)."""
        return self.state_.roll

    def cumulative_reward(self, agent: str) -> float:
        """``agent``'s reward since it last acted (what :meth:`last` reports for it)."""
        return float(self._cumulative_rewards[agent])

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self.state_.variant

    # --- internals --------------------------------------------------------------

    def _over(self) -> bool:
        return self._ended

    def _start_episode(self) -> None:
        # Whether the game has ended (terminated or truncated): a flag, not a
        # look at both agents' books on every observation.
        self._ended = False
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = _AGENT_OF[self.state_.position.turn]
        self._set_infos()

    def _after_play(self) -> None:
        state = self.state_
        position = state.position
        # As Game does: the cheap test first, the result only at the end.
        result = position.result() if state.variant.is_over(position) else None
        if result is not None:
            if result.winner is not None:
                value = 1.0 if self.reward_mode == "win" else float(result.points)
                winner = _AGENT_OF[result.winner]
                for a in AGENTS:
                    self.rewards[a] = value if a == winner else -value
            self.terminations = dict.fromkeys(AGENTS, True)
            self._ended = True
            return
        if self.max_plies is not None and state.plies >= self.max_plies:
            self.truncations = dict.fromkeys(AGENTS, True)
            self._ended = True
            return
        state.start_turn(position, state.random_roll())
        self.agent_selection = _AGENT_OF[state.position.turn]

    def _next_segment(self) -> None:
        # A turn of several segments goes on: the next segment or a double
        # to name, maybe the other side's (moves handed over).
        self.agent_selection = _AGENT_OF[self.state_.position.turn]
        self._set_infos()

    def _set_infos(self) -> None:
        infos = self.infos
        if self._ended:
            for a in AGENTS:
                infos[a] = {}
            return
        state = self.state_
        roll = state.roll
        info: dict[str, Any]
        if state.choices:  # a double to name
            info = {"name_double": [(d.high, d.high) for d in state.choices]}
        else:
            info = {"roll": (roll.high, roll.low), "plays": Notations(state.legal)}
            if state.turns:
                info["moves"] = len(roll.moves)
            if self.afterstates:
                info["afterstates"] = state.afterstates()
        acting = self.agent_selection
        for a in AGENTS:
            infos[a] = info if a == acting else {}


#: :class:`NardyAECEnv` under PettingZoo's name for an environment maker:
#: ``aec_env(variant, action_mode=..., ...)`` makes one game's environment.
aec_env = NardyAECEnv
