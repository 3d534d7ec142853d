"""The game state behind the environments: one roll at a time, in either action mode.

Shared by the PettingZoo and Gymnasium environments (and usable alone): it
holds the position, the roll, the roll's legal plays and, in step mode, the
steps taken so far; it rolls the dice from its own seeded generator and
encodes observations and masks. Copying it is cheap: the per-turn data are
never changed once made, so copies share them.

A variant whose turn is more than one play (it overrides a turn hook:
:func:`~nardy.variants.turn_hooks.runs_turns`) is run segment by segment
through :mod:`nardy.game.turns`, as :class:`~nardy.Game` runs it: each
segment is a play of its own (of the side that owes it: moves handed over
are the opponent's), and a double to name is a decision of its own. In
play mode the naming's action ``i`` names the ``i``-th of the doubles
offered (:meth:`Variant.double_choices
<nardy.variants.turn_hooks.TurnHooks.double_choices>`, its mask the first
``len(choices)`` actions); in step mode it is the naming action of the
double (:data:`~nardy.agents.env.steps.NAME_ACTION` ``+ number - 1``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from math import comb, perm
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy.agents.env.encoding import (
    ENCODINGS,
    TURN_FEATURES,
    Array,
    encoding_size,
    observer,
    turn_features,
)
from nardy.agents.env.steps import StepTurn, name_action, named_double, num_actions, runs_turns
from nardy.errors import IllegalActionError, InvalidOptionError
from nardy.game import turns
from nardy.game.game import Game
from nardy.model.basics import Roll, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.result import with_article
from nardy.model.turns import BETWEEN_TURNS
from nardy.model.turns import TurnState as Remaining
from nardy.rules.vocabulary import Entering
from nardy.variants.base import Variant

__all__ = ["ACTION_MODES", "REWARDS", "Mask", "Observation", "Opening", "TurnState", "max_plays"]

#: The int8 action masks.
Mask = npt.NDArray[np.int8]
#: An agent's observation: ``{"observation": encoded position and dice, "action_mask": mask}``.
Observation = dict[str, np.ndarray[Any, Any]]

#: The action modes: a whole legal play per action, or one checker step.
ACTION_MODES = ("play", "step")
#: The reward schemes: the result's points, or 1 for a win.
REWARDS = ("points", "win")


def max_plays(variant: Variant) -> int:
    """An upper bound on the distinct legal plays of one roll in ``variant``.

    With ``c`` checkers a side (:attr:`Variant.checkers`), a double's play
    is fixed by how many of its (at most four) steps each checker takes --
    a checker's path is then fixed, and with it what it hits or pins on the
    way -- and checkers on one point are interchangeable; the count is
    largest with every checker on its own point: ``C(c + k - 1, k)`` ways
    for ``k`` steps, ``C(c + 4, 4)`` for ``k = 0..4`` together. A non-double
    moves two checkers one die each (``c(c - 1)``), one checker by both in
    either order (``2c``: the paths differ), one die alone (``2c``) or
    nothing (1). A variant with returns from the bar (Kush) adds the
    return. So 3,876 plays for 15 checkers (3,877 in Kush), 35 for
    hypergammon's 3. The largest number seen in random games is far lower.
    """
    c = variant.checkers
    doubles = comb(c + 4, 4)
    others = c * (c - 1) + 2 * c + 2 * c + 1
    returns = 1 if variant.has_bar and variant.entering is Entering.RETURN else 0
    if variant.dice == 3:
        # Three dice, one move each: each die to one of c checkers, the dice a
        # checker takes in any order (a path of its own), k = 0..3 of them.
        others = sum(perm(3, k) * c**k for k in range(4))
    return max(doubles, others) + returns


class Opening:
    """The variant's opening roll under its default game options, drawn from a generator.

    The same draws and the same answer as ``Game.new(variant, rng=rng)``
    rolled until the first roll is known (ties roll again; a policy that
    does not use the opening dice rolls the first play apart), without
    building the games: that costs more than a short random game's plays.
    The game's options are read once, from a new game.
    """

    def __init__(self, variant: Variant) -> None:
        game = Game.new(variant)
        options = game.options
        self.two = options.opening.startswith("two_dice")
        # A variant of three dice rolls its first turn anew (as Game does).
        self.three = variant.dice == 3
        self.use_both = options.opening.endswith("use_both") and not self.three
        self.winner_takes_white = bool(options.winner_takes_white)
        self.white_player = game.white_player
        self.starts = {side: variant.starting_position(side) for side in Side}

    def __call__(self, rng: random.Random) -> tuple[Position, Roll]:
        """The starting position (the opening's winner to move) and the first roll."""
        die = rng.randint
        while True:  # ties roll again
            flat: tuple[int, ...] = (die(1, 6), die(1, 6))
            if self.two:
                flat += (die(1, 6), die(1, 6))
                score0, score1 = flat[0] + flat[1], flat[2] + flat[3]
            else:
                score0, score1 = flat
            if score0 != score1:
                break
        winner = 0 if score0 > score1 else 1
        white_player = winner if self.winner_takes_white else self.white_player
        first = Side.WHITE if winner == white_player else Side.BLACK
        if not self.use_both:
            if self.three:
                return self.starts[first], Roll(die(1, 6), die(1, 6), die(1, 6))
            return self.starts[first], Roll(die(1, 6), die(1, 6))
        pair = flat[2 * winner : 2 * winner + 2] if self.two else flat
        return self.starts[first], Roll(pair[0], pair[1])


# Every roll by 6 * (first die - 1) + second die - 1, made once (a Roll is
# immutable, so all share them).
_ROLLS = tuple([Roll(a, b) for a in range(1, 7) for b in range(1, 7)])


class TurnState:
    """The state of a game in an environment: position, roll, and the steps taken.

    ``action_mode`` is ``"play"`` or ``"step"``; ``observation`` the name of
    an encoding (:data:`nardy.agents.env.encoding.ENCODINGS`).
    """

    def __init__(self, variant: Variant | str, action_mode: str, observation: str) -> None:
        self.variant = as_variant(variant)
        if action_mode not in ACTION_MODES:
            raise InvalidOptionError(
                f"unknown action_mode {action_mode!r}; choose one of {list(ACTION_MODES)}"
            )
        self.action_mode = action_mode
        #: Whether the variant's turn runs through :mod:`nardy.game.turns`.
        self.turns = runs_turns(self.variant)
        extra = TURN_FEATURES if self.turns else 0
        self.obs_size = encoding_size(observation, self.variant) + 6 + extra
        self.encode = ENCODINGS[observation]
        self.observer = observer(observation, self.variant)
        self.num_actions = (
            num_actions(self.variant) if action_mode == "step" else max_plays(self.variant)
        )
        # Play mode's mask is the first len(legal) actions: a slice of this
        # (ones, then zeros) copied, instead of zeros written then ones.
        self.prefix = np.zeros(2 * self.num_actions, dtype=np.int8)
        self.prefix[: self.num_actions] = 1
        self.prefix.flags.writeable = False  # shared by copies
        self.rng = random.Random()
        self.opening = Opening(self.variant)
        self.position = self.variant.starting_position()
        self.three = self.variant.dice == 3
        self.roll = Roll(3, 2, 1) if self.three else Roll(1, 2)
        self.legal: LegalPlays = self.position.legal_plays(self.roll)
        self.moves = self.variant.moves(self.roll)
        self.turn: StepTurn | None = None
        #: In step mode, the steps taken so far: a node code of :attr:`turn`'s
        #: tree (:mod:`nardy.engine.stepmode`), where the play ended once
        #: it is complete.
        self.node: int | None = None
        self.plies = 0
        #: What remains of the turn (a variant that runs turns): the segment
        #: played now first, a double to name, a roll again.
        self.remaining: Remaining = BETWEEN_TURNS
        #: The doubles that may be named now (empty unless a double is to be named).
        self.choices: tuple[Roll, ...] = ()

    def copy(self) -> TurnState:
        """A copy that shares the immutable per-turn data (positions, legal plays, step tree)."""
        new = object.__new__(TurnState)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def reset(self, seed: int | None, options: Mapping[str, Any] | None) -> None:
        """Start a game: from the variant's opening, or from ``options`` (``position``, ``dice``)."""
        if seed is not None:
            self.rng.seed(seed)
        self.plies = 0
        # Other keys are ignored, as PettingZoo's own environments do (its
        # api_test passes one).
        options = dict(options or {})
        if "position" not in options:
            if "dice" in options:
                raise InvalidOptionError("reset option 'dice' needs a 'position' too")
            position, roll = self.opening(self.rng)
        else:
            position = options["position"]
            if not isinstance(position, Position) or position.variant != self.variant:
                raise InvalidOptionError(
                    f"reset option 'position' must be {with_article(self.variant.spec())} nardy.Position, "
                    f"got {position!r:.80}"
                )
            if position.is_over():
                raise InvalidOptionError(f"the position {position.id()} is already over")
            dice = options.get("dice")
            roll = (
                self.random_roll()
                if dice is None
                else self.variant.check_roll(Roll.coerce(dice), dice)
            )
        self.start_turn(position, roll)

    def random_roll(self) -> Roll:
        """The variant's dice from the generator, as ``Roll(rng.randint(1, 6), rng.randint(1, 6))`` (three for three dice)."""
        # randint(1, 6) is 1 + a draw of three random bits until one is below
        # 6 (random.Random's rejection sampling); drawn here without its four
        # layers of calls, so a seed still makes the same dice, and the
        # prebuilt Roll saves the checks of a new one.
        bits = self.rng.getrandbits
        first = bits(3)
        while first >= 6:
            first = bits(3)
        second = bits(3)
        while second >= 6:
            second = bits(3)
        if self.three:  # a variant of three dice: a third the same way
            third = bits(3)
            while third >= 6:
                third = bits(3)
            return Roll(first + 1, second + 1, third + 1)
        return _ROLLS[6 * first + second]

    def start_turn(self, position: Position, roll: Roll) -> None:
        """``position``'s side to move is to play ``roll``.

        In a variant that runs turns, the turn ``roll`` begins
        (:func:`nardy.game.turns.start_turn`); when it leaves nothing to do
        (no segment, no double to name) the next roll is made here.
        """
        if self.turns:
            while True:
                if not self.enter(turns.start_turn(self.variant, position, roll)):
                    return
                position, roll = self.position, self.random_roll()
        self.position = position
        self.roll = roll
        # Each turn's set is asked for once: the cache would only cost.
        self.legal = self.variant.legal_plays(position, roll, cache=False)
        self.moves = self.variant.moves(roll)
        if self.action_mode == "step":
            self.turn = StepTurn(self.legal)
            self.node = self.turn.start_code

    def enter(self, turn: turns.Turn) -> bool:
        """Go on with ``turn`` (a variant that runs turns); true when a roll is next (or the game is over).

        A segment to play sets :attr:`roll` to it, with its legal plays (and
        step tree); a double to name sets :attr:`choices`.
        """
        self.position = turn.position
        self.remaining = turn.state
        self.choices = ()
        phase = turn.phase
        if turn.position.is_over() or phase is turns.TurnPhase.ROLL:
            self.remaining = BETWEEN_TURNS
            return True
        self.turn = None
        self.node = None
        if phase is turns.TurnPhase.NAME:
            self.choices = tuple(self.variant.double_choices(turn.position, turn.state))
            self.moves = ()
            return False
        segment = turn.segment
        assert segment is not None  # (phase PLAY)
        self.roll = segment
        self.legal = self.variant.legal_plays(turn.position, segment, cache=False)
        self.moves = self.variant.moves(segment)
        if self.action_mode == "step":
            self.turn = StepTurn(self.legal)
            self.node = self.turn.start_code
        return False

    @property
    def naming(self) -> bool:
        """Whether the side to act names a double now (a variant that runs turns)."""
        return bool(self.choices)

    def act(self, action: object) -> bool:
        """Apply ``action`` of the side to act; true when a roll is next (or the game is over).

        When it is, :attr:`position` is the position after the turn (its side
        to move rolls next; the opponent, unless the turn gives a roll
        again) and the next roll is not made yet. In a variant that runs
        turns a play can also lead to another segment or a double to name,
        maybe of the other side: :attr:`position`'s side to move acts next.
        """
        if type(action) is not int:  # the checks an int needs none of
            if isinstance(action, np.integer):
                action = int(action)
            if not isinstance(action, int) or isinstance(action, bool):
                raise IllegalActionError(f"an action is an int, got {action!r:.80}")
        if self.choices:
            return self.name(action)
        if self.turn is None or self.node is None:
            if not 0 <= action < len(self.legal):
                raise IllegalActionError(
                    f"action {action} is not one of the {len(self.legal)} legal plays of "
                    f"roll {self.roll} in {self.position.id()}"
                )
            return self.played(action)
        turn = self.turn
        node = self.node
        after = turn.step_code(node, action)  # raises IllegalActionError if not allowed
        if after >= 0:  # the play goes on
            self.node = after
            return False
        # Where the play ended (observations made before the next roll read it).
        self.node = turn.tree.child(node, action)
        return self.played(-1 - after)

    def played(self, index: int) -> bool:
        """The side to act has made legal play ``index``: :meth:`act`'s answer."""
        before = self.position
        after = self.legal.resulting_position(index)
        self.plies += 1
        if not self.turns:
            self.position = after
            return True
        play = self.legal[index]
        return self.enter(turns.after_play(self.variant, before, play, after, self.remaining))

    def name(self, action: int) -> bool:
        """Name a double: the ``action``-th of :attr:`choices` (play mode) or a naming action (step mode)."""
        choices = self.choices
        if self.action_mode == "step":
            double = named_double(action)
            if double not in choices:
                raise IllegalActionError(
                    f"step action {action!r} does not name a double offered now; allowed: "
                    f"{[name_action(c) for c in choices]}"
                )
        elif 0 <= action < len(choices):
            double = choices[action]
        else:
            raise IllegalActionError(
                f"action {action} is not one of the {len(choices)} doubles that may be named"
            )
        assert double is not None
        named = turns.after_naming(self.variant, self.position, double, self.remaining)
        return self.enter(named)

    def options_count(self) -> int:
        """How many actions play mode allows now: the legal plays, or the doubles to name."""
        return len(self.choices) if self.choices else len(self.legal)

    def mask(self) -> Mask:
        """The action mask of the side to move (1 = allowed)."""
        if self.choices and self.action_mode == "step":
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask[[name_action(c) for c in self.choices]] = 1
            return mask
        if self.turn is None or self.node is None:
            n = self.num_actions
            k = self.options_count()
            return self.prefix[n - k : 2 * n - k].copy()
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[list(self.turn.tree.allowed(self.node))] = 1
        return mask

    def observation(self, side: Side, over: bool) -> Observation:
        """``side``'s observation dict: :meth:`observe` and the mask (all zeros if not acting).

        ``over``: the game has ended, so nobody acts. Play mode takes a
        short path: an agent reads one of these every action.
        """
        position = self.position
        if self.turn is None and not self.turns:
            if position.turn is side:
                seen = self.observer(position, self.moves)
                if not over:
                    n = self.num_actions
                    k = len(self.legal)
                    return {
                        "observation": seen,
                        "action_mask": self.prefix[n - k : 2 * n - k].copy(),
                    }
            else:
                seen = self.observer(position.pass_turn(), self.moves)
            return {"observation": seen, "action_mask": np.zeros(self.num_actions, dtype=np.int8)}
        acting = side == position.turn and not over
        mask = self.mask() if acting else np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": self.observe(side), "action_mask": mask}

    def observe(self, side: Side) -> Array:
        """The encoded position and dice from ``side``'s point of view (and what the turn still owes)."""
        if self.turn is not None and self.node is not None:
            position = self.turn.position_at(self.node)
            dice: tuple[int, ...] = self.turn.tree.dice(self.node)
        else:
            position = self.position
            dice = self.moves
        if position.turn != side:
            position = position.pass_turn()
        seen = self.observer(position, dice)
        if self.turns:
            return np.concatenate((seen, turn_features(self.remaining)))
        return seen

    def afterstates(self) -> Array:
        """The encoded position after each legal play (one row each; the opponent to move)."""
        rows = [self.encode(p) for p in self.legal.resulting_positions()]
        return np.stack(rows)
