"""Whole games: the state machine from the opening roll to the outcome.

A :class:`Game` is an immutable snapshot. Every action (:meth:`Game.roll`,
:meth:`Game.play`, :meth:`Game.double`, :meth:`Game.take`, ...) returns a new
snapshot and leaves the old one untouched; an action the current state does
not allow raises an :class:`~nardy.errors.IllegalActionError` subclass that
names the action and the state. Everything a snapshot knows is inspectable
(:attr:`Game.phase`, :attr:`Game.position`, :attr:`Game.dice`,
:attr:`Game.cube`, :attr:`Game.history`, :attr:`Game.outcome`) and the whole
game serialises to JSON (:meth:`Game.to_json`) and back
(:meth:`Game.from_json`), which replays and re-validates every action.

The pieces live next door: the options in :mod:`nardy.game.options`, the dice in
:mod:`nardy.game.dice`, the values a snapshot holds in :mod:`nardy.game.actions`, what
a finished game is worth in :mod:`nardy.game.outcome`, the JSON records in
:mod:`nardy.game.records` and the errors in :mod:`nardy.errors`. The decisions
taken where the rules of play are silent are listed in the documentation
page "Scoring" and repeated on the options.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from nardy.errors import (
    CubeActionError,
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    NotYourTurnError,
    ResignationError,
    WrongPhaseError,
)
from nardy.game import doubling, phases, records, turns
from nardy.game import outcome as outcome_of
from nardy.game.actions import (
    Action,
    ActionKind,
    CubeState,
    EndReason,
    Number,
    Outcome,
    Phase,
    Resignation,
    scored_kinds,
)
from nardy.game.dice import DiceSource, DiceSourceLike, OpeningDice, dice_source, opening_dice
from nardy.game.options import GameOptions, options_for
from nardy.model.basics import Roll, RollLike, Side
from nardy.model.display import drawings
from nardy.model.legal import LegalPlays
from nardy.model.play import Play
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.result import ResultKind
from nardy.model.turns import BETWEEN_TURNS, TurnState
from nardy.model.validate import flag, integer, optional_side, result_kind
from nardy.model.validate import side as as_side
from nardy.variants.base import Variant
from nardy.variants.scoring import checkers_left

__all__ = ["Game", "PlayLike"]

PlayLike = Play | str | int
"""A :class:`~nardy.model.play.Play`, its notation, or its index in :meth:`Game.legal_plays`."""


@attrs.frozen(kw_only=True)
class Game:
    """One game: an immutable snapshot; actions return the next snapshot.

    Create one with :meth:`new`. Players are numbered 0 and 1 (the opening
    roll lists player 0 first); :attr:`white_player` says which of them plays
    white. In the opening policies, the starting position's turn is the
    opening winner's colour -- with ``winner_takes_white`` (the default,
    nardy) the winner *is* white, so white always moves first.
    """

    #: The rules of the board.
    variant: Variant
    #: The agreements on starting, doubling and scoring.
    options: GameOptions
    #: The position now (in the opening phase: the start, white to move).
    position: Position
    #: What the game is waiting for.
    phase: Phase
    #: The dice on the table (the segment to play), else ``None``.
    dice: Roll | None = None
    #: What remains of the turn (:class:`~nardy.model.turns.TurnState`): the
    #: segments still owed (:attr:`dice` first), a double to name, a roll
    #: again; empty between turns. One segment a roll in most variants.
    turn_state: TurnState = BETWEEN_TURNS
    #: The doubling cube.
    cube: CubeState = CubeState()
    #: Every action so far, in order.
    history: tuple[Action, ...] = ()
    #: How the game ended, once it is over.
    outcome: Outcome | None = None
    #: The side that made the first play (set once the opening is decided).
    first: Side | None = None
    #: Which player (0 or 1) plays white.
    white_player: int = 0
    #: The side that starts without an opening roll (a match's later games),
    #: else ``None`` (the opening roll decides).
    starter: Side | None = None
    #: The position the game started from when it is not the variant's
    #: start (see :meth:`new`), else ``None``.
    start: Position | None = None
    #: What remained of the turn at :attr:`start` in a game resumed inside a
    #: turn (:meth:`from_turn_id`); empty when the game started between turns.
    start_state: TurnState = BETWEEN_TURNS
    #: The cube a game set up from :attr:`start` began with, else ``None``.
    start_cube: CubeState | None = None
    #: True in a match's Crawford game: no doubling at all.
    crawford: bool = False
    #: The pending resignation, in phase :attr:`Phase.RESIGNED`.
    resignation: Resignation | None = None
    #: True while the second player takes his last roll (``last_roll_draw``).
    last_roll: bool = False
    #: Where the dice come from (not part of equality or of the record).
    rng: DiceSource = attrs.field(factory=DiceSource, eq=False, repr=False)

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant | str = "backgammon",
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        rng: DiceSourceLike = None,
        white_player: int = 0,
        starter: Side | None = None,
        start: Position | turns.Turn | None = None,
        start_cube: CubeState | None = None,
        crawford: bool = False,
        **option_values: Any,
    ) -> Game:
        """A new game, before the opening roll.

        ``variant`` is a :class:`~nardy.variants.base.Variant` or a name for
        :func:`~nardy.variants.base.find_variant` (spec form with options allowed).
        Game options come as a :class:`GameOptions`, a mapping, or keyword
        arguments. ``rng`` is the dice source: a :class:`random.Random`, a
        seed, or a callable returning a die or a pair (default: an unseeded
        ``Random``). ``starter`` skips the opening roll: that side starts
        with an ordinary roll (a match uses it). ``start`` sets the game up
        from a given position instead of the variant's start: its side to
        move starts with an ordinary roll (for exercises, endgames and
        tests); or, given a turn (:class:`nardy.game.turns.Turn`, what
        :func:`~nardy.game.turns.from_turn_id` reads; see
        :meth:`from_turn_id`), from the middle of a turn: its side to move
        plays the segment owed or names the double. ``start_cube`` (a
        :class:`~nardy.game.actions.CubeState` with nothing pending) is then
        the cube it starts with. ``crawford`` marks the Crawford game of a
        match.
        """
        rules = as_variant(variant)
        begin = None if start is None else turns.resumed(rules, start)
        if begin is not None:
            turn = begin.position.turn
            if starter is not None and as_side(starter, "starter") != turn:
                raise InvalidOptionError(
                    f"starter {as_side(starter)} is not the side to move in {begin.position.id()}"
                )
            starter = turn
        opts = options_for(rules, options, option_values)
        if start_cube is not None:
            doubling.check_start_cube(start_cube, opts, start is not None, crawford)
            start_cube = None if start_cube == CubeState() else start_cube  # the usual cube
        white_player = integer(white_player, "white_player (the player who plays white)", 0, 1)
        crawford = flag(crawford, "crawford")
        if starter is None and opts.winner_takes_white:
            white_player = 0  # decided by the opening roll
        if starter is None:
            position = rules.starting_position(Side.WHITE)
            phase = Phase.OPENING
            first = None
        else:
            starter = as_side(starter, "starter")
            position = rules.starting_position(starter) if begin is None else begin.position
            phase = Phase.ROLL
            first = starter
        game = cls(
            variant=rules,
            options=opts,
            position=position,
            phase=phase,
            first=first,
            white_player=white_player,
            starter=starter,
            start=None if begin is None else begin.position,
            start_state=BETWEEN_TURNS if begin is None else begin.state,
            start_cube=start_cube,
            cube=CubeState() if start_cube is None else start_cube,
            crawford=crawford,
            rng=dice_source(rng),
        )
        if begin is None or begin.state.between_turns:
            return game
        return game._go_on(begin, ())  # the segment owed, or the double to name

    @classmethod
    def from_turn_id(
        cls,
        turn_id: str,
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        rng: DiceSourceLike = None,
        white_player: int = 0,
        start_cube: CubeState | None = None,
        crawford: bool = False,
        **option_values: Any,
    ) -> Game:
        """A game resumed where :meth:`turn_id` (or :func:`~nardy.game.turns.turn_id`) stopped.

        The ID names the variant, the position and what remains of the
        turn; the game goes on from there exactly as the one that wrote it
        would with the same choices and dice. What the ID does not hold is
        given as to :meth:`new`: the game options, the dice source, who
        plays white, the cube (``start_cube``) and the Crawford game. Its
        history starts empty. Raises :class:`~nardy.errors.InvalidIdError`
        for text that is not a turn ID (:func:`~nardy.game.turns.from_turn_id`),
        :class:`~nardy.errors.InvalidOptionError` for a finished position.
        """
        turn = turns.from_turn_id(turn_id)
        return cls.new(
            turn.position.variant,
            options,
            rng=rng,
            white_player=white_player,
            start=turn,
            start_cube=start_cube,
            crawford=crawford,
            **option_values,
        )

    # --- inspection -----------------------------------------------------------------

    @property
    def turn(self) -> Side | None:
        """The side on roll (``None`` before the opening is decided and after the end)."""
        if self.phase in (Phase.OPENING, Phase.OVER):
            return None
        return self.position.turn

    @property
    def to_act(self) -> Side | None:
        """The side whose action the game waits for (``None``: the opening, or over)."""
        phase = self.phase
        if phase in phases.ANSWERS:
            return doubling.answerer(self.position.turn, phases.ANSWERS[phase])
        if phase in (Phase.ROLL, Phase.MOVE, Phase.DECIDE):
            return self.position.turn
        if phase is Phase.RESIGNED:
            assert self.resignation is not None
            return self.resignation.side.opponent
        return None

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase is Phase.OVER

    @property
    def last_roll_draw(self) -> bool:
        """Whether the last-roll draw rule is in force (game option or variant option)."""
        return self.options.last_roll_draw or bool(getattr(self.variant, "last_roll_draw", False))

    def player(self, side: Side) -> int:
        """The player (0 or 1) who plays ``side``."""
        side = as_side(side)
        return self.white_player if side is Side.WHITE else 1 - self.white_player

    def side_of(self, player: int) -> Side:
        """The colour player ``player`` (0 or 1) plays."""
        player = integer(player, "a player", 0, 1)
        return Side.WHITE if player == self.white_player else Side.BLACK

    def points(self, side: Side) -> Number:
        """What ``side`` has scored from this game (0 until it is over)."""
        side = as_side(side)
        return 0 if self.outcome is None else self.outcome.points_for(side)

    @property
    def turn_number(self) -> int:
        """Plays made so far (passes included)."""
        return sum(1 for a in self.history if a.kind is ActionKind.PLAY)

    def turn_id(self) -> str:
        """The turn ID of where the game stands: the position, and what remains of the turn.

        Between turns (phase :attr:`Phase.ROLL`) it is the position's ID;
        with dice on the table or a double to name, ``;`` and what remains
        follow (``acey-deucey:w:...;name;again;roll=21``; see
        :func:`nardy.game.turns.turn_id`). :meth:`from_turn_id` resumes a
        game from it. Raises :class:`~nardy.errors.WrongPhaseError` before
        the opening is decided, while a double or resignation waits for an
        answer and during a last roll (the ID holds none of these), and
        :class:`~nardy.errors.GameOverError` once the game is over.
        """
        if self.phase not in phases.TURN_PHASES.values() or self.last_roll:
            why = phases.PENDING.get(self.phase, "the opening roll comes first")
            if self.last_roll:
                why = "a last roll is no turn"
            raise self._wrong("write a turn ID", f"it holds a position and a turn only: {why}")
        state = BETWEEN_TURNS if self.phase is Phase.ROLL else self.turn_state
        return turns.turn_id(turns.Turn(self.position, state))

    def legal_plays(self) -> LegalPlays:
        """The legal plays for the dice on the table (phase :attr:`Phase.MOVE`)."""
        if self.phase is not Phase.MOVE or self.dice is None:
            raise self._wrong("list the legal plays", "there are no dice on the table")
        if self.last_roll:
            # The opponent has already borne off everything.
            return self.position.legal_plays(self.dice, allow_finished=True)
        return self.position.legal_plays(self.dice)

    def double_refusal(self) -> str | None:
        """Why the side on turn may not double now, or ``None`` if it may."""
        if self.phase is Phase.OVER:
            return "the game is over"
        if self.phase is not Phase.ROLL:
            return (
                f"a double is offered before rolling, and the game is in phase {self.phase.value!r}"
            )
        return doubling.double_refusal(
            self.options,
            self.cube,
            self.position.turn,
            crawford=self.crawford,
            last_roll=self.last_roll,
        )

    def can_double(self) -> bool:
        """True when the side on turn may double now."""
        return self.double_refusal() is None

    def allowed(self) -> frozenset[ActionKind]:
        """The kinds of action the current state accepts."""
        # (the cube's rules are asked only where a double may be offered: before a roll)
        can_double = self.phase is Phase.ROLL and self.can_double()
        return phases.allowed(self.phase, can_double, self.last_roll, self.options, self.cube)

    def describe(self) -> str:
        """One line about the state, e.g. ``"black to play 31; cube 2 (white)"``.

        A game played without the cube (option ``cube`` off, as in the
        variants that have none) does not mention it: ``"black to play 31"``.
        """
        if self.phase is Phase.OVER:
            return f"over: {self.outcome}"
        cube = phases.cube_words(self.options, self.cube)
        if self.phase is Phase.OPENING:
            return f"waiting for the opening roll{cube}"
        who = self.to_act
        assert who is not None
        next_cube = self.options.next_cube_value(self.cube.value)
        what = phases.waiting_for(self.phase, self.dice, self.last_roll, next_cube)
        return f"{who.name.lower()} {what}{cube}"

    def __str__(self) -> str:
        return f"{self.variant.spec()} game: {self.describe()}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.variant.spec()}: {self.describe()}>"

    def _repr_svg_(self) -> str:
        """The board with the dice and the cube as SVG, for Jupyter (see :func:`nardy.pictures.svg.game`)."""
        picture: str = drawings().game(self)
        return picture

    # --- helpers ----------------------------------------------------------------------

    def _where(self) -> str:
        return f"({self.describe()}; position {self.position.id()})"

    def _wrong(self, action: str, why: str) -> IllegalActionError:
        if self.phase is Phase.OVER:
            return GameOverError(f"cannot {action}: the game is over {self._where()}")
        return WrongPhaseError(f"cannot {action}: {why} {self._where()}")

    def _check_actor(self, action: str, expected: Side | None, by: object) -> None:
        actor = optional_side(by, "by (the side acting)")
        if actor is not None and expected is not None and actor != expected:
            raise NotYourTurnError(
                f"cannot {action} by {actor}: it is {expected}'s turn to act {self._where()}"
            )

    def _record(self, action: Action) -> tuple[Action, ...]:
        return (*self.history, action)

    def _finish(self, outcome: Outcome, **changes: Any) -> Game:
        return attrs.evolve(
            self,
            phase=Phase.OVER,
            outcome=outcome,
            dice=None,
            turn_state=BETWEEN_TURNS,
            resignation=None,
            **changes,
        )

    # --- actions --------------------------------------------------------------------

    def roll(self, dice: RollLike | OpeningDice | None = None, *, by: Side | None = None) -> Game:
        """Roll the dice (from the dice source, or the ``dice`` given).

        In the opening phase this is the opening roll of the ``opening``
        policy: one die per player (``(die0, die1)``, player 0 first) or two
        (``((a, b), (c, d))``). A tie re-rolls (and, with
        ``automatic_doubles``, turns the centred cube). Otherwise the side on
        turn rolls the variant's dice (two, or :attr:`~nardy.Variant.dice`) and must then :meth:`play`.

        Raises :class:`~nardy.errors.WrongPhaseError` (already rolled, a double or a
        resignation pending), :class:`~nardy.errors.GameOverError`, :class:`~nardy.errors.NotYourTurnError`.
        """
        if self.phase is Phase.OPENING:
            optional_side(by, "by (the side acting)")  # both sides roll the opening
            return self._opening(dice)
        if self.phase is not Phase.ROLL:
            why = {
                Phase.MOVE: f"the dice are already rolled ({self.dice}); play them",
                **phases.PENDING,
            }.get(self.phase, "")
            raise self._wrong("roll", why)
        side = self.position.turn
        self._check_actor("roll", side, by)
        fed: Any = self.rng.dice(self.variant.dice) if dice is None else dice
        roll = self.variant.check_roll(Roll.coerce(fed), fed)
        # The history keeps the dice in the order rolled or given, as records write
        # them; a Roll or a string gives them highest first, as self.dice holds them.
        order = tuple(fed) if isinstance(fed, (tuple, list)) else roll.faces
        history = self._record(Action(ActionKind.ROLL, side, dice=order))
        return self._go_on(turns.start_turn(self.variant, self.position, roll), history)

    def _go_on(self, turn: turns.Turn, history: tuple[Action, ...]) -> Game:
        """The game at ``turn`` (not over): a segment to play, a double to name, or a roll."""
        phase = phases.TURN_PHASES[turn.phase]
        return attrs.evolve(
            self,
            position=turn.position,
            phase=phase,
            dice=turn.segment,
            turn_state=turn.state if phase is not Phase.ROLL else BETWEEN_TURNS,
            history=history,
        )

    def _opening(self, dice: RollLike | OpeningDice | None) -> Game:
        policy = self.options.opening
        two = policy.startswith("two_dice")
        flat = opening_dice(policy, dice, self.rng)
        history = self._record(Action(ActionKind.OPENING, None, dice=flat))
        score0, score1 = (flat[0] + flat[1], flat[2] + flat[3]) if two else flat
        if score0 == score1:  # a tie: roll again, maybe an automatic double
            cube = doubling.after_tie(self.options, self.cube, self.crawford)
            return attrs.evolve(self, history=history, cube=cube)
        winner = 0 if score0 > score1 else 1
        white_player = winner if self.options.winner_takes_white else self.white_player
        first = Side.WHITE if winner == white_player else Side.BLACK
        position = self.variant.starting_position(first)
        # With "use_both" the winner plays the opening dice; else he rolls
        # anew (no dice are on the table before the opening is decided).
        use_both = policy.endswith("use_both") and self.variant.dice == 2
        game = attrs.evolve(self, first=first, white_player=white_player)
        if not use_both:
            return attrs.evolve(game, history=history, position=position, phase=Phase.ROLL)
        roll = Roll(*(flat[winner * 2 : winner * 2 + 2] if two else flat))
        return game._go_on(turns.start_turn(self.variant, position, roll), history)

    def play(self, play: PlayLike, *, by: Side | None = None) -> Game:
        """Play the dice on the table: a :class:`~nardy.model.play.Play`, its notation, or an index.

        A forced pass is the empty play (``""``). Raises
        :class:`~nardy.errors.WrongPhaseError` (e.g. moving before rolling),
        :class:`~nardy.errors.IllegalPlayError` for an illegal play,
        :class:`~nardy.errors.GameOverError`, :class:`~nardy.errors.NotYourTurnError`.
        """
        if self.phase is not Phase.MOVE:
            why = {
                Phase.OPENING: "the opening roll has not been made; roll first",
                Phase.ROLL: "the dice have not been rolled; roll first",
                **phases.PENDING,
            }.get(self.phase, "")
            raise self._wrong("play", why)
        side = self.position.turn
        self._check_actor("play", side, by)
        legal = self.legal_plays()
        index = legal.locate(play)
        chosen = legal[index]
        history = self._record(Action(ActionKind.PLAY, side, play=chosen))
        if self.last_roll:
            return self._finish_last_roll(legal, index, history)
        after = legal.resulting_position(index)
        if not after.is_over():
            turn = turns.after_play(self.variant, self.position, chosen, after, self.turn_state)
            return self._go_on(turn, history)
        if side == self.first and self.last_roll_draw:
            return attrs.evolve(
                self,
                position=after,
                phase=Phase.ROLL,
                dice=None,
                turn_state=BETWEEN_TURNS,
                history=history,
                last_roll=True,
            )
        return self._bear_off_end(after, history)

    def find_play(self, play: PlayLike, *, by: Side | None = None) -> Play:
        """The legal play that ``play`` names, for the dice on the table, without playing it.

        ``play`` is what :meth:`play` takes. Raises
        :class:`~nardy.errors.WrongPhaseError` when there are no dice to
        play, :class:`~nardy.errors.IllegalPlayError`,
        :class:`~nardy.errors.GameOverError`,
        :class:`~nardy.errors.NotYourTurnError`.
        """
        if self.phase is not Phase.MOVE:
            raise self._wrong("play", "the dice have not been rolled")
        self._check_actor("play", self.position.turn, by)
        legal = self.legal_plays()
        return legal[legal.locate(play)]

    def double_choices(self) -> tuple[Roll, ...]:
        """The doubles the side on turn may name (phase :attr:`Phase.DECIDE`), else ``()``."""
        if self.phase is not Phase.DECIDE:
            return ()
        return self.variant.double_choices(self.position, self.turn_state)

    def name_double(self, double: RollLike | int, *, by: Side | None = None) -> Game:
        """Name the double to play next (phase :attr:`Phase.DECIDE`): ``6``, ``"66"`` or ``Roll(6, 6)``.

        :meth:`double_choices` lists the doubles allowed. Raises
        :class:`~nardy.errors.WrongPhaseError` when no double is to be
        named, :class:`~nardy.errors.IllegalActionError` for a double not
        allowed, :class:`~nardy.errors.NotYourTurnError`.
        """
        if self.phase is not Phase.DECIDE:
            raise self._wrong("name a double", "no double is to be named now")
        side = self.position.turn
        self._check_actor("name a double", side, by)
        named = Roll(double, double) if isinstance(double, int) else Roll.coerce(double)
        turn = turns.after_naming(self.variant, self.position, named, self.turn_state)
        history = self._record(Action(ActionKind.NAME, side, dice=tuple(named)))
        return self._go_on(turn, history)

    def _bear_off_end(self, after: Position, history: tuple[Action, ...]) -> Game:
        result = after.result()
        assert result is not None
        loser = result.loser
        left = 0 if loser is None else checkers_left(after, loser)
        bore_off = result.winner is not None and after.off(result.winner) == self.variant.checkers
        reason = EndReason.BEAR_OFF if bore_off else EndReason.RULE
        outcome = outcome_of.bear_off(self.options, self.cube, self.variant, result, left, reason)
        return self._finish(outcome, position=after, history=history, last_roll=False)

    def _finish_last_roll(self, legal: LegalPlays, index: int, history: tuple[Action, ...]) -> Game:
        state = legal.result_states()[index]
        if state[0] == self.variant.checkers:  # he bore off everything: a draw
            # The drawn final position (both sides off) is not a valid
            # Position; the game keeps the one before the last roll.
            outcome = outcome_of.draw(self.options, self.cube.value)
            return self._finish(outcome, history=history, last_roll=False)
        return self._bear_off_end(legal.resulting_position(index), history)

    def double(self, *, by: Side | None = None) -> Game:
        """Offer a double (the side on turn, before rolling).

        Raises :class:`~nardy.errors.CubeActionError` when the cube forbids it (the
        opponent owns it, the Crawford game, at its maximum, not in use),
        :class:`~nardy.errors.WrongPhaseError` after rolling, :class:`~nardy.errors.GameOverError`,
        :class:`~nardy.errors.NotYourTurnError`.
        """
        if self.phase is Phase.OVER:
            raise self._wrong("double", "")
        if self.phase is not Phase.ROLL:
            raise self._wrong(
                "double",
                f"a double comes before rolling; the game is in phase {self.phase.value!r}",
            )
        side = self.position.turn
        cube = attrs.evolve(self.cube, offered_by=side)
        return self._offer(ActionKind.DOUBLE, side, by, self.double_refusal(), cube)

    def _offer(
        self, kind: ActionKind, side: Side, by: object, why: str | None, cube: CubeState
    ) -> Game:
        """``side`` turns the cube to ``cube`` by a double, beaver or raccoon, unless ``why`` refuses it."""
        self._check_actor(kind.value, side, by)
        if why is not None:
            raise CubeActionError(f"cannot {kind.value}: {why} {self._where()}")
        return attrs.evolve(
            self, phase=phases.OFFERED[kind], cube=cube, history=self._record(Action(kind, side))
        )

    def take(self, *, by: Side | None = None) -> Game:
        """Accept the pending double (or, for the doubler, the beaver; for the beaverer, the raccoon).

        A taken double gives the taker the cube one step up; a taken beaver
        or raccoon leaves it with the beaverer, two or three steps up.
        """
        answers = phases.ANSWERS.get(self.phase)
        if answers is None:
            raise self._wrong("take", "no double is pending")
        doubler = self.position.turn
        side = doubling.answerer(doubler, answers)
        self._check_actor(phases.TAKE_WORDS[answers], side, by)
        cube = doubling.taken_cube(self.options, self.cube, doubler, answers)
        return attrs.evolve(
            self, phase=Phase.ROLL, cube=cube, history=self._record(Action(ActionKind.TAKE, side))
        )

    def drop(self, *, by: Side | None = None) -> Game:
        """Refuse the pending double (a pass), beaver or raccoon: the refuser loses the current stake.

        A refused double scores the cube value before the double; a refused
        beaver the value the double raised it to; a refused raccoon the
        value the beaver raised it to.
        """
        answers = phases.ANSWERS.get(self.phase)
        if answers is None:
            raise self._wrong("drop", "no double is pending")
        side = doubling.answerer(self.position.turn, answers)
        self._check_actor("drop", side, by)
        value = doubling.dropped_stake(self.options, self.cube, answers)
        left = checkers_left(self.position, side)
        outcome = outcome_of.drop(self.options, side.opponent, value, left)
        return self._finish(outcome, history=self._record(Action(ActionKind.DROP, side)))

    def beaver(self, *, by: Side | None = None) -> Game:
        """Answer a double with a beaver: take it and immediately redouble, keeping the cube.

        Needs option ``beaver``; the doubler then takes or drops the beaver.
        """
        if self.phase is not Phase.DOUBLED:
            raise self._wrong("beaver", "no double is pending")
        side = self.position.turn.opponent
        why = doubling.beaver_refusal(self.options, self.cube)
        cube = attrs.evolve(self.cube, beavered=True)
        return self._offer(ActionKind.BEAVER, side, by, why, cube)

    def raccoon(self, *, by: Side | None = None) -> Game:
        """Answer a beaver with a raccoon: the doubler turns the cube one more step.

        Needs option ``raccoon``. The cube stays with the beaverer, who then
        takes it (three steps up from before the double) or drops it (and
        loses the beavered stake, two steps up).
        """
        if self.phase is not Phase.BEAVERED:
            raise self._wrong("raccoon", "no beaver is pending")
        side = self.position.turn
        why = doubling.raccoon_refusal(self.options, self.cube)
        return self._offer(ActionKind.RACCOON, side, by, why, self.cube)

    def resign(
        self, level: ResultKind | str = ResultKind.SINGLE, *, by: Side | None = None
    ) -> Game:
        """Offer to resign at ``level`` (single, gammon or backgammon); the opponent answers.

        Either side may resign while the game runs with nothing pending
        (servers let the player not on roll resign too), also before the
        opening roll (then ``by`` is required); ``by`` defaults to the side
        on turn. Raises :class:`~nardy.errors.ResignationError` for a level
        the variant does not score.
        """
        opening = self.phase is Phase.OPENING
        if self.phase not in (Phase.ROLL, Phase.MOVE, Phase.OPENING) or self.last_roll:
            why = "a resignation is offered while the game runs, with nothing pending"
            if self.last_roll:
                why = "there is no resigning during the last roll"
            raise self._wrong("resign", why)
        if opening and by is None:
            raise self._wrong("resign", "before the opening roll, say who resigns (by=)")
        side = self.position.turn if by is None else as_side(by, "by")
        kind = result_kind(level, "a resignation level")
        if kind not in scored_kinds(self.variant):
            raise ResignationError(
                f"cannot resign {kind.value}: {self.variant.spec()} does not score that result "
                f"{self._where()}"
            )
        return attrs.evolve(
            self,
            phase=Phase.RESIGNED,
            resignation=Resignation(side, kind),
            history=self._record(Action(ActionKind.RESIGN, side, level=kind)),
        )

    def accept(self, *, by: Side | None = None) -> Game:
        """Accept the pending resignation: the game ends at its level, times the cube."""
        if self.phase is not Phase.RESIGNED or self.resignation is None:
            raise self._wrong("accept", "no resignation is pending")
        resigner, kind = self.resignation.side, self.resignation.level
        side = resigner.opponent
        self._check_actor("accept the resignation", side, by)
        left = checkers_left(self.position, resigner)
        outcome = outcome_of.resignation(self.options, self.cube, self.variant, side, kind, left)
        return self._finish(outcome, history=self._record(Action(ActionKind.ACCEPT, side)))

    def reject(self, *, by: Side | None = None) -> Game:
        """Reject the pending resignation: play goes on where it stopped."""
        if self.phase is not Phase.RESIGNED or self.resignation is None:
            raise self._wrong("reject", "no resignation is pending")
        side = self.resignation.side.opponent
        self._check_actor("reject the resignation", side, by)
        back = Phase.OPENING if self.first is None else Phase.MOVE if self.dice else Phase.ROLL
        return attrs.evolve(
            self,
            phase=back,
            resignation=None,
            history=self._record(Action(ActionKind.REJECT, side)),
        )

    def with_stated_points(self, points: int) -> Game:
        """The finished game scored for the ``points`` a record states, where they differ from the rules' count.

        Its :attr:`outcome` keeps how the game ended and its kind, with
        ``points`` the stated value and ``rules_points`` the rules' count;
        stating the rules' count gives the plain game back. Raises
        :class:`~nardy.errors.IllegalActionError` for a game not over, a
        draw, or points that are not a positive integer.
        """
        if self.outcome is None:
            raise self._wrong("state the points of", "the game is not over")
        return attrs.evolve(self, outcome=outcome_of.stated(self.outcome, points))

    def apply(self, action: Action) -> Game:
        """Replay one history entry (the side named in it must be the one to act).

        Raises :class:`~nardy.errors.RecordError` for an entry that is not
        an :class:`~nardy.game.actions.Action` or lacks its side, and the error of
        the action itself when the game does not allow it.
        """
        return records.apply_action(self, action, self._wrong)

    def states(self) -> Iterator[Game]:
        """Every snapshot from the start to this one (replays the history)."""
        game = self.restart()
        yield game
        for action in self.history:
            game = game.apply(action)
            yield game

    def restart(self) -> Game:
        """The game as it was set up, before any action (it shares the dice source)."""
        # When the opening roll decides the colours, new() sets white_player to 0.
        return type(self).new(
            self.variant,
            self.options,
            rng=self.rng,
            white_player=self.white_player,
            starter=self.starter,
            start=None if self.start is None else turns.Turn(self.start, self.start_state),
            start_cube=self.start_cube,
            crawford=self.crawford,
        )

    # --- records (see nardy.game.records) --------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game record as JSON-able data: setup, every action, and the state reached.

        The state fields after ``actions`` (``phase``, ``position``,
        ``dice``, ``cube``, ``outcome``) are redundant: :meth:`from_dict`
        recomputes them by replaying the actions and rejects a record whose
        stored state disagrees.
        """
        return records.game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The game record as a JSON string (see :meth:`to_dict`)."""
        return records.game_to_json(self, indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, rng: DiceSourceLike = None) -> Game:
        """Load a record made by :meth:`to_dict`, replaying and re-validating every action.

        Raises :class:`~nardy.errors.RecordError` naming the first action
        that does not replay (or the field that is malformed).
        """
        return records.game_from_dict(cls, data, rng=rng)

    @classmethod
    def from_json(cls, text: str, *, rng: DiceSourceLike = None) -> Game:
        """Load a JSON game record (see :meth:`from_dict`)."""
        return records.game_from_json(cls, text, rng=rng)

    def replay(self, actions: Sequence[Mapping[str, Any]], *, offset: int = 0) -> Game:
        """Apply recorded actions (their JSON form) one by one; :class:`~nardy.errors.RecordError` on the first bad one."""
        return records.replay(self, actions, offset=offset)
