"""Every nardy variant as an OpenSpiel game (needs the ``openspiel`` extra: ``pip install nardy[openspiel]``).

Importing this module registers one Python game per built-in variant, named
``nardy_<name>`` with hyphens as underscores (``nardy_backgammon``,
``nardy_long_nardy``; :data:`GAME_NAMES`)::

    import pyspiel
    import nardy.agents.openspiel

    game = pyspiel.load_game("nardy_long_nardy")
    game = pyspiel.load_game("nardy_long_nardy", {"head_exception": "6-4"})

* Players: 0 is white, 1 is black.
* The variant's options with a plain value (bool, int, str) are game
  parameters (in strings, hyphens are written as underscores: OpenSpiel
  reads ``6-4-3`` as a number), and so are ``max_plies`` (default 2,000: a
  game still going after that many plays ends with returns ``0, 0``) and
  ``start``, a position ID to start from instead of the variant's start
  (its side to move rolls; there is no opening roll). The game's string
  writes the ID's ``=``, ``,``, ``(`` and ``)`` as ``~``, ``;``, ``[`` and
  ``]``, which ``start`` reads too.
* Dice are explicit chance nodes. The first is the opening roll: one die
  each, ``6 * (white - 1) + (black - 1)``, the 30 unequal pairs with
  probability 1/30 each (a tie rolls again, so it never comes up); the
  variant's opening rule then decides who starts and whether he plays those
  dice or rolls again. Every later roll is ``6 * (high - 1) + (low - 1)``:
  the 21 rolls, a double 1/36, the others 2/36. A variant of three dice
  (:attr:`Variant.dice <nardy.Variant.dice>`) rolls
  ``36 * (high - 1) + 6 * (middle - 1) + (low - 1)``: its 56 rolls, each
  with its chance out of 216 (its opening only decides who rolls first).
* Actions are the step actions of :mod:`nardy.agents.env.steps` (152, or
  164 for a variant with a pool or turn hooks:
  :func:`~nardy.agents.env.steps.num_actions`): one checker step each
  (``pool/22`` from a pool too), plus the pass; the turn passes when the
  steps make a legal play.
* A variant whose turn is more than one play (it overrides a turn hook,
  :func:`~nardy.variants.turn_hooks.runs_turns`) runs its turn through
  :mod:`nardy.game.turns`, as :class:`~nardy.Game` does: the roll is a
  chance node; each segment of the turn is a run of decision nodes of the
  side that owes it (the same side for a cascade, the opponent for moves
  handed over); a double to name is a decision node whose actions are the
  naming actions of the doubles offered
  (:data:`~nardy.agents.env.steps.NAME_ACTION` ``+ number - 1``); a roll
  again is another chance node. ``max_plies`` counts segments.
* :meth:`NardyState.returns` gives the result's points, + to the winner and
  - to the loser (a draw 0).
* Observation tensors are the ``array`` encoding of
  :mod:`nardy.agents.env.encoding` (``{"encoding": "unit"}`` in the observer's
  parameters for the ``unit`` one) followed by the six dice counts, from the
  observing player's side (and, in a variant that runs turns, the
  :func:`~nardy.agents.env.encoding.turn_features` of what the turn still
  owes); the observation string is the position ID and the dice (and what
  remains of a turn of several segments, as
  :meth:`TurnState.text <nardy.model.turns.TurnState.text>` writes it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from nardy.agents.env.encoding import (
    ENCODINGS,
    TURN_FEATURES,
    encoding_size,
    observer,
    turn_features,
)
from nardy.agents.env.steps import (
    StepTurn,
    action_name,
    name_action,
    named_double,
    num_actions,
    runs_turns,
    step_turn,
)
from nardy.engine.stepmode import NOT_ALLOWED
from nardy.errors import IllegalActionError, InvalidOptionError, NardyError
from nardy.game import turns
from nardy.game.actions import Phase as GamePhase
from nardy.game.game import Game
from nardy.model.basics import ALL_ROLLS, Roll, Side, distinct_rolls
from nardy.model.position import Position
from nardy.model.registry import find_variant, variant_names
from nardy.model.result import ResultKind, with_article
from nardy.model.turns import BETWEEN_TURNS, TurnState
from nardy.variants.base import Variant

__all__ = [
    "GAME_NAMES",
    "NardyGame",
    "NardyObserver",
    "NardyState",
    "Phase",
    "game_name",
    "load",
    "register",
]

#: A game still going after this many plays ends in a draw (the ``max_plies`` parameter).
MAX_PLIES = 2000
# Chance outcomes: two dice as 6 * (first - 1) + (second - 1).
_NUM_CHANCE = 36
_OPENING_OUTCOMES = tuple(
    (6 * (a - 1) + b - 1, 1 / 30) for a in range(1, 7) for b in range(1, 7) if a != b
)
_ROLL_OUTCOMES = tuple((6 * (r.high - 1) + r.low - 1, r.probability) for r in ALL_ROLLS)
# The roll of each chance outcome, made once (a Roll is immutable).
_ROLLS = tuple(Roll(a // 6 + 1, a % 6 + 1) for a in range(_NUM_CHANCE))
# The same for a variant of three dice: 36 * (high - 1) + 6 * (middle - 1) + (low - 1).
_NUM_CHANCE_3 = 216
_ROLL_OUTCOMES_3 = tuple(
    (36 * (r.high - 1) + 6 * (r.faces[1] - 1) + r.low - 1, r.probability) for r in distinct_rolls(3)
)
_ROLLS_3 = tuple(Roll(a // 36 + 1, a // 6 % 6 + 1, a % 6 + 1) for a in range(_NUM_CHANCE_3))
# The side of each player.
_SIDES = (Side.WHITE, Side.BLACK)
# OpenSpiel's player ids, as plain ints.
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def game_name(variant: str) -> str:
    """The OpenSpiel name of a variant: ``"long-nardy"`` -> ``"nardy_long_nardy"``."""
    return "nardy_" + variant.replace("-", "_")


def _parameters(variant: Variant) -> dict[str, Any]:
    params: dict[str, Any] = {"max_plies": MAX_PLIES, "start": ""}
    for name, value in variant.options().items():
        if isinstance(value, str):
            # OpenSpiel reads "6-4-3" as a malformed number: hyphens go as underscores.
            params[name] = value.replace("-", "_")
        elif isinstance(value, (bool, int, float)):
            params[name] = value
    return params


# OpenSpiel writes a game as name(key=value,...): a position ID's "=", ","
# and brackets are written as characters IDs never use.
_ESCAPE = str.maketrans("=,()", "~;[]")
_UNESCAPE = str.maketrans("~;[]", "=,()")


def _variant(base: Variant, values: dict[str, Any]) -> Variant:
    """``base`` with the option values of the game parameters."""
    options = base.options()
    for name, value in values.items():
        if isinstance(value, str) and isinstance(options[name], str):
            value = value.replace("_", "-")
        options[name] = value
    return type(base)(**options)


def _max_points(variant: Variant) -> int:
    best = 1
    for kind in ResultKind:
        for left in (0, 1, variant.checkers):
            try:
                best = max(best, variant.points(kind, left))
            except NardyError:
                continue  # a kind this variant does not score
    return best


class NardyGame(pyspiel.Game):  # type: ignore[misc]
    """One nardy variant as an OpenSpiel game (see the module docstring)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        base = find_variant(name)
        defaults = _parameters(base)
        values = {**defaults, **(params or {})}
        unknown = set(values) - set(defaults)
        if unknown:
            raise InvalidOptionError(f"{game_name(name)} has no parameter(s) {sorted(unknown)}")
        self.max_plies = int(values.pop("max_plies"))
        start = str(values.pop("start")).translate(_UNESCAPE)
        self.variant = _variant(base, values)
        self.start = self.variant.starting_position()
        #: Whether games open with the opening roll (no ``start`` given).
        self.opens = not start
        if start:
            self.start = Position.from_id(start)
            if self.start.variant != self.variant or self.start.is_over():
                raise InvalidOptionError(
                    f"start {start!r:.80} is not {with_article(self.variant.spec())} position still in play"
                )
        #: The rolls by chance outcome and the outcomes with their chances
        #: (two dice, or three for a variant of three dice).
        three = self.variant.dice == 3
        self.chance_rolls = _ROLLS_3 if three else _ROLLS
        self.roll_outcomes = _ROLL_OUTCOMES_3 if three else _ROLL_OUTCOMES
        points = float(_max_points(self.variant))
        game_type, _ = _game_type(name, defaults)
        #: Whether the variant's turn runs through :mod:`nardy.game.turns`.
        self.turns = runs_turns(self.variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(self.variant),
            max_chance_outcomes=len(self.chance_rolls),
            num_players=2,
            min_utility=-points,
            max_utility=points,
            utility_sum=0.0,
            # Per play: a chance node and at most 4 steps, 4 returns and the pass.
            max_game_length=10 * (self.max_plies + 1),
        )
        given = {**defaults, **(params or {})}
        given["start"] = start.translate(_ESCAPE)
        super().__init__(game_type, info, given)
        self._openings: dict[int, tuple[Position, Roll | None]] = {}
        self._opening_turns: dict[int, turns.Turn] = {}
        #: The phase of every new state: the start, before the first roll.
        self.first_phase = Phase(self.start, None, 0, _CHANCE, self.opens)

    def new_initial_state(self) -> NardyState:
        """The state before the opening roll."""
        return NardyState(self)

    def opening_roll(self, action: int) -> tuple[Position, Roll | None]:
        """The position after the opening roll ``action`` and the roll its winner plays.

        ``None`` for the roll when the opening only decides who starts (he
        rolls again). Worked out by a :class:`~nardy.Game` once per outcome
        and remembered: the answer depends only on the variant.
        """
        made = self._openings.get(action)
        if made is None:
            game = Game.new(self.variant).roll((action // 6 + 1, action % 6 + 1))
            made = self._openings[action] = (game.position, game.dice)
        return made

    def opening_turn(self, action: int) -> turns.Turn:
        """In a variant that runs turns: where the opening roll ``action`` leaves the game.

        A :class:`~nardy.game.turns.Turn`: its phase is a roll when the
        opening only decides who starts, else the first segment of the
        winner's turn (what :class:`~nardy.Game` makes of it), remembered.
        """
        made = self._opening_turns.get(action)
        if made is None:
            game = Game.new(self.variant).roll((action // 6 + 1, action % 6 + 1))
            state = BETWEEN_TURNS if game.phase is GamePhase.ROLL else game.turn_state
            made = self._opening_turns[action] = turns.Turn(game.position, state)
        return made

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> NardyObserver:
        """The observer of the observation tensor and string."""
        return NardyObserver(self.variant, params)


class Phase:
    """Where a game stands between the steps of a roll: what changes only once or twice a roll.

    Immutable: a state moves to a new phase, and clones of a state share
    its phase (a copy of a phase is itself). ``player`` is the player to
    act, or OpenSpiel's chance or terminal id.
    """

    __slots__ = ("choices", "opening", "player", "plies", "position", "remaining", "turn")

    def __init__(
        self,
        position: Position,
        turn: StepTurn | None,
        plies: int,
        player: int,
        opening: bool,
        remaining: TurnState = BETWEEN_TURNS,
        choices: tuple[Roll, ...] = (),
    ) -> None:
        self.position = position
        self.turn = turn
        self.plies = plies
        self.player = player
        self.opening = opening
        #: What remains of a turn of several segments (the segment played now first).
        self.remaining = remaining
        #: The doubles that may be named (a decision node naming a double), else empty.
        self.choices = choices

    def __copy__(self) -> Phase:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Phase:
        return self

    def __reduce__(self) -> tuple[type[Phase], tuple[Any, ...]]:
        return Phase, (
            self.position,
            self.turn,
            self.plies,
            self.player,
            self.opening,
            self.remaining,
            self.choices,
        )


class NardyState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`NardyGame`: the position, the dice, and the steps taken.

    :attr:`position` is the position at the start of the roll being played
    (or now, between rolls), :attr:`roll` the roll (``None`` at a chance
    node), :attr:`turn` its :class:`~nardy.agents.env.steps.StepTurn` and
    :attr:`node` the steps taken so far, a node code of that turn's tree.
    """

    # OpenSpiel's clone makes a new state and deep-copies each attribute of
    # the old one's __dict__ into it (pickling it, to serialise). So the
    # __dict__ holds two: the phase, whose copy is itself, and the node, an
    # int; the game's constants live in a slot the new state's __init__
    # fills.
    __slots__ = ("__dict__", "game_")

    def __init__(self, game: NardyGame) -> None:
        super().__init__(game)
        self.game_ = game
        self.phase: Phase = game.first_phase
        self.node = 0

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self.game_.variant

    @property
    def max_plies(self) -> int:
        """The number of plays after which the game ends in a draw."""
        return self.game_.max_plies

    @property
    def position(self) -> Position:
        """The position at the start of the roll being played, or now between rolls."""
        return self.phase.position

    @property
    def turn(self) -> StepTurn | None:
        """The step tree of the roll being played (``None`` at a chance node or the end)."""
        return self.phase.turn

    @property
    def roll(self) -> Roll | None:
        """The roll being played, or ``None`` at a chance node or the end."""
        turn = self.phase.turn
        return None if turn is None else turn.roll

    @property
    def plies(self) -> int:
        """The plays made."""
        return self.phase.plies

    @property
    def opening(self) -> bool:
        """Whether the next chance node is the opening roll."""
        return self.phase.opening

    def current_player(self) -> int:
        """0 (white) or 1 (black) to act, or a chance node, or terminal."""
        return self.phase.player

    def is_terminal(self) -> bool:
        """True when the game is over (or ``max_plies`` plays were made)."""
        return self.phase.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """True when the dice roll next (OpenSpiel's answer, without its round trip through C++)."""
        return self.phase.player == _CHANCE

    def returns(self) -> list[float]:
        """The result's points, + to the winner and - to the loser (0, 0 before the end)."""
        phase = self.phase
        if phase.player != _TERMINAL:
            return [0.0, 0.0]
        result = phase.position.result()
        if result is None or result.winner is None:
            return [0.0, 0.0]
        points = float(result.points)
        return [points, -points] if result.winner is Side.WHITE else [-points, points]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The opening's 30 unequal pairs, or the 21 rolls (56 of three dice), with their probabilities."""
        return list(_OPENING_OUTCOMES if self.phase.opening else self.game_.roll_outcomes)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (of ``player``): OpenSpiel's answer, a new list each call.

        A player's actions are answered here; anything else (a chance node,
        the end, another player) by OpenSpiel's own method.
        """
        phase = self.phase
        turn = phase.turn
        if turn is not None and (player is None or player == phase.player):
            return list(turn.tree.allowed(self.node))
        if phase.choices and (player is None or player == phase.player):
            return sorted(name_action(double) for double in phase.choices)
        if player is None:
            return list(super().legal_actions())
        return list(super().legal_actions(player))

    def _legal_actions(self, player: int) -> list[int]:
        phase = self.phase
        turn = phase.turn
        if turn is None:
            return sorted(name_action(double) for double in phase.choices)
        return list(turn.tree.allowed(self.node))

    def _apply_action(self, action: int) -> None:
        phase = self.phase
        turn = phase.turn
        if turn is None:
            if phase.choices:
                self._name(phase, action)
            else:
                self._roll(phase, action)
            return
        after = turn.tree.step(self.node, action)
        if after >= 0:  # the play goes on
            self.node = after
            return
        if after == NOT_ALLOWED:
            turn.check(self.node, action)  # raises IllegalActionError
        index = -1 - after
        position = turn.legal.resulting_position(index)
        plies = phase.plies + 1
        if self.game_.turns and plies < self.game_.max_plies:
            play = turn.legal[index]
            before = turn.position
            self._enter(
                turns.after_play(self.variant, before, play, position, phase.remaining), plies
            )
            return
        over = plies >= self.game_.max_plies or position.is_over()
        self.phase = Phase(position, None, plies, _TERMINAL if over else _CHANCE, False)
        self.node = 0

    def _enter(self, turn: turns.Turn, plies: int) -> None:
        """Go on with ``turn`` (a variant that runs turns): a segment, a double to name, a roll, or the end."""
        position = turn.position
        phase = turn.phase
        self.node = 0
        if position.is_over():
            self.phase = Phase(position, None, plies, _TERMINAL, False)
            return
        if phase is turns.TurnPhase.ROLL:
            self.phase = Phase(position, None, plies, _CHANCE, False)
            return
        player = 0 if position.turn is _SIDES[0] else 1
        if phase is turns.TurnPhase.NAME:
            choices = tuple(self.variant.double_choices(position, turn.state))
            self.phase = Phase(position, None, plies, player, False, turn.state, choices)
            return
        segment = turn.segment
        assert segment is not None  # (phase PLAY)
        step = step_turn(position, segment)
        self.phase = Phase(position, step, plies, player, False, turn.state)
        self.node = step.start_code

    def _name(self, phase: Phase, action: int) -> None:
        double = named_double(action)
        if double is None or double not in phase.choices:
            allowed = [action_name(name_action(d)) for d in phase.choices]
            raise IllegalActionError(
                f"action {action!r} does not name a double offered now; allowed: {allowed}"
            )
        named = turns.after_naming(self.variant, phase.position, double, phase.remaining)
        self._enter(named, phase.plies)

    def _roll(self, phase: Phase, action: int) -> None:
        position = phase.position
        if phase.opening:
            if self.game_.turns:
                self._enter(self.game_.opening_turn(action), phase.plies)
                return
            position, roll = self.game_.opening_roll(action)
            if roll is None:  # the opening decided who starts; he rolls again
                self.phase = Phase(position, None, phase.plies, _CHANCE, False)
                return
        else:
            rolls = self.game_.chance_rolls
            roll = (
                rolls[action] if 0 <= action < len(rolls) else Roll(action // 6 + 1, action % 6 + 1)
            )
        if self.game_.turns:
            self._enter(turns.start_turn(self.variant, position, roll), phase.plies)
            return
        turn = step_turn(position, roll)
        player = 0 if position.turn is _SIDES[0] else 1  # (int() of an IntEnum costs more)
        self.phase = Phase(position, turn, phase.plies, player, False)
        self.node = turn.start_code

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            first, second = action // 6 + 1, action % 6 + 1
            if self.phase.opening:
                return f"opening {first}-{second}"
            if self.game_.chance_rolls is _ROLLS_3 and 0 <= action < _NUM_CHANCE_3:
                return f"roll {action // 36 + 1}{action // 6 % 6 + 1}{action % 6 + 1}"
            return f"roll {first}{second}"
        return action_name(action)

    def __str__(self) -> str:
        phase = self.phase
        turn = phase.turn
        rest = phase.remaining.text()
        owed = f" [{rest}]" if rest else ""
        if turn is None:
            return phase.position.id() + owed
        steps = ""
        if self.node != turn.start_code:
            steps = f" (part played: {turn.position_at(self.node).id()})"
        return f"{phase.position.id()} {turn.roll}{steps}{owed}"


class NardyObserver:
    """Observation tensor (an encoding and the dice) and string, from a player's side."""

    def __init__(self, variant: Variant, params: dict[str, Any] | None) -> None:
        params = dict(params or {})
        name = params.pop("encoding", "array")
        if params:
            raise InvalidOptionError(f"unknown observer parameter(s) {sorted(params)}")
        #: Whether the variant's turn runs through :mod:`nardy.game.turns` (its turn features follow).
        self.turns = runs_turns(variant)
        extra = TURN_FEATURES if self.turns else 0
        size = encoding_size(str(name), variant) + 6 + extra  # refuses an unknown encoding
        self.encode = ENCODINGS[name]
        # The environments' observation function: the encoding and the dice
        # made in one go where the variant allows (the same numbers).
        self.observe = observer(str(name), variant)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: NardyState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` from ``player``'s side."""
        position, dice = _view(state)
        side = _SIDES[player] if player in (0, 1) else Side(player)  # Side(): the error
        if position.turn is not side:
            position = position.pass_turn()
        if self.turns:
            seen = self.observe(position, dice)
            self.tensor[: len(seen)] = seen
            self.tensor[len(seen) :] = turn_features(state.phase.remaining)
            return
        self.tensor[:] = self.observe(position, dice)

    def string_from(self, state: NardyState, player: int) -> str:
        """The position ID (part played, in step order) and the dice."""
        return str(state)


def _view(state: NardyState) -> tuple[Position, tuple[int, ...]]:
    turn = state.phase.turn
    if turn is None:
        return state.phase.position, ()
    return turn.position_at(state.node), turn.tree.dice(state.node)


def _game_type(name: str, defaults: dict[str, Any]) -> tuple[Any, str]:
    short = game_name(name)
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"nardy {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )
    return game_type, short


def _game_class(name: str) -> type[NardyGame]:
    """A subclass of :class:`NardyGame` for one variant: what OpenSpiel registers."""

    def __init__(self: NardyGame, params: dict[str, Any] | None = None) -> None:
        NardyGame.__init__(self, name, params)

    title = "".join(part.capitalize() for part in name.split("-"))
    return type(f"{title}Game", (NardyGame,), {"__init__": __init__, "__doc__": f"nardy {name}."})


def load(variant: str, **params: Any) -> Any:
    """``pyspiel.load_game(game_name(variant), params)``: the game of a registered variant."""
    return pyspiel.load_game(game_name(variant), params)


#: The OpenSpiel game names by variant name, of the variants registered when this module was imported.
GAME_NAMES: dict[str, str] = {}


def register(variant: str) -> str:
    """Register the OpenSpiel game of the registered variant ``variant`` (if not yet); its name.

    Importing this module registers every variant registered then; a
    variant registered later (:func:`nardy.register_variant`) needs this
    before :func:`pyspiel.load_game` knows it. OpenSpiel keeps a game for
    good: registering again does nothing.
    """
    name = find_variant(variant).name
    short = game_name(name)
    if short not in pyspiel.registered_names():
        game_type, _ = _game_type(name, _parameters(find_variant(name)))
        pyspiel.register_game(game_type, _game_class(name))
    return short


for _name in variant_names():
    GAME_NAMES[_name] = register(_name)
