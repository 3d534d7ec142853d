"""Hypothesis state machines: random games and matches with random cube actions.

Every rule is one action a player could take; Hypothesis chooses among the
actions the state allows and also tries actions it does not allow (which
must raise and change nothing). Invariants run after every step:

* the cube's value is one of the stakes table's values (powers of two in
  geometric stakes, 1, 2, 3, ... in arithmetic) and agrees with a model that
  counts the accepted doubles, beavers, raccoons and automatic doubles;
* only the owner of the cube, or anyone while it is centred, has doubled;
* a finished game accepts no action, and its outcome never changes;
* a match's scores only grow, there is at most one Crawford game and no
  double in it;
* the record round-trips exactly (checked by a rule and at teardown).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import nardy
from nardy import (
    ActionKind,
    Game,
    GameOptions,
    GameOverError,
    IllegalActionError,
    Match,
    Phase,
    ResultKind,
    Side,
)
from nardy.cli.main import choose_play
from nardy.game.options import OPENING_POLICIES, cube_values

VARIANTS = ["hypergammon", "backgammon", "long-nardy", "kush", "nackgammon", "caucasian"]

SETTINGS = settings(
    max_examples=30,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def game_options(draw: st.DrawFn) -> GameOptions:
    beaver = draw(st.booleans())
    return GameOptions(
        opening=draw(st.sampled_from(OPENING_POLICIES)),
        winner_takes_white=draw(st.booleans()),
        cube=draw(st.booleans().map(lambda off: not off) | st.just(True)),
        max_cube=draw(st.sampled_from([1, 2, 4, 8, 64, 5])),
        stakes=draw(st.sampled_from(["geometric", "arithmetic"])),
        beaver=beaver,
        raccoon=beaver and draw(st.booleans()),
        automatic_doubles=draw(st.integers(0, 3)),
        jacoby=draw(st.booleans()),
        gammons_with_cube=draw(st.booleans()),
        scoring=draw(st.sampled_from(["result", "checkers-left"])),
        last_roll_draw=draw(st.booleans()),
        draw_points=draw(st.sampled_from(["half", "one"])),
    )


# The phases of a pending offer and how many cube steps taking it makes.
PENDING = {Phase.DOUBLED: 1, Phase.BEAVERED: 2, Phase.RACCOONED: 3}


def attempt(game: Game, kind: ActionKind) -> Game:
    """Try an action of ``kind`` on ``game`` (a random legal play for PLAY)."""
    if kind in (ActionKind.OPENING, ActionKind.ROLL):
        return game.roll()
    if kind is ActionKind.PLAY:
        return game.play("" if game.phase is not Phase.MOVE else 0)
    if kind is ActionKind.RESIGN:
        return game.resign(ResultKind.SINGLE)
    if kind is ActionKind.NAME:  # (no built-in variant names doubles: always refused)
        return game.name_double(6)
    method = {
        ActionKind.DOUBLE: game.double,
        ActionKind.TAKE: game.take,
        ActionKind.DROP: game.drop,
        ActionKind.BEAVER: game.beaver,
        ActionKind.RACCOON: game.raccoon,
        ActionKind.ACCEPT: game.accept,
        ActionKind.REJECT: game.reject,
    }[kind]
    return method()


def greedy_step(game: Game, rng: random.Random) -> Game:
    """One step of a sensible player: roll, or play the heuristic's choice."""
    if game.phase in (Phase.OPENING, Phase.ROLL):
        return game.roll()
    if game.phase is Phase.MOVE:
        assert game.dice is not None
        if game.last_roll:
            return game.play(0)
        return game.play(choose_play(game.position, game.dice, rng))
    if game.phase in PENDING:
        return game.take()
    return game.reject()


class GameMachine(RuleBasedStateMachine):
    """One game, driven by random (legal and illegal) actions."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game = Game.new("hypergammon", rng=0)
        self.model_cube = 1
        self.outcome: Any = None
        self.rng = random.Random(0)
        self.recorded = False

    @initialize(
        variant=st.sampled_from(VARIANTS),
        options=game_options(),
        seed=st.integers(0, 2**32 - 1),
    )
    def start(self, variant: str, options: GameOptions, seed: int) -> None:
        self.game = Game.new(variant, options, rng=seed)
        self.rng = random.Random(seed)
        self.model_cube = 1

    def step(self, new: Game) -> None:
        old = self.game
        opts = old.options
        nxt = opts.next_cube_value
        last = new.history[-1] if new.history else None
        # The model of the cube: raised by a take (twice after a beaver, three
        # times after a raccoon) and by an opening tie with automatic doubles left.
        if last is not None and last.kind is ActionKind.TAKE:
            for _ in range(PENDING[old.phase]):
                self.model_cube = nxt(self.model_cube)
            # Whoever takes, the cube goes to the doubler's opponent.
            assert new.cube.owner is old.position.turn.opponent
        tie = last is not None and last.kind is ActionKind.OPENING and new.phase is Phase.OPENING
        if (
            tie
            and opts.cube
            and old.cube.automatic < opts.automatic_doubles
            and nxt(self.model_cube) <= opts.max_cube
        ):
            self.model_cube = nxt(self.model_cube)
        if last is not None and last.kind is ActionKind.DOUBLE:
            assert old.cube.owner in (None, last.side)
        self.game = new
        self.recorded = False

    @precondition(lambda self: self.game.phase in (Phase.OPENING, Phase.ROLL))
    @rule()
    def roll(self) -> None:
        self.step(self.game.roll())

    @precondition(lambda self: self.game.phase is Phase.MOVE)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = self.game.legal_plays()
        index = data.draw(st.integers(0, len(legal) - 1), label="play")
        self.step(self.game.play(legal[index]))

    @precondition(lambda self: self.game.phase is Phase.MOVE)
    @rule()
    def play_well(self) -> None:
        self.step(greedy_step(self.game, self.rng))

    @precondition(lambda self: self.game.can_double())
    @rule()
    def double(self) -> None:
        self.step(self.game.double())

    @precondition(lambda self: self.game.phase in PENDING)
    @rule()
    def take(self) -> None:
        self.step(self.game.take())

    @precondition(lambda self: self.game.phase in PENDING)
    @rule()
    def drop(self) -> None:
        # A drop loses the stake before the step refused: 0, 1 or 2 steps up.
        expected = self.game.cube.value
        for _ in range(PENDING[self.game.phase] - 1):
            expected = self.game.options.next_cube_value(expected)
        self.step(self.game.drop())
        assert self.game.outcome is not None
        assert self.game.outcome.cube == expected

    @precondition(lambda self: ActionKind.BEAVER in self.game.allowed())
    @rule()
    def beaver(self) -> None:
        self.step(self.game.beaver())

    @precondition(lambda self: ActionKind.RACCOON in self.game.allowed())
    @rule()
    def raccoon(self) -> None:
        assert self.game.options.raccoon
        self.step(self.game.raccoon())

    @precondition(lambda self: ActionKind.RESIGN in self.game.allowed())
    @rule(level=st.sampled_from([ResultKind.SINGLE, ResultKind.GAMMON]))
    def resign(self, level: ResultKind) -> None:
        # Before the opening roll nobody is on turn: white resigns.
        self.step(self.game.resign(level, by=self.game.to_act or Side.WHITE))

    @precondition(lambda self: self.game.phase is Phase.RESIGNED)
    @rule(accept=st.booleans())
    def answer_resignation(self, accept: bool) -> None:
        self.step(self.game.accept() if accept else self.game.reject())

    @precondition(lambda self: not self.game.is_over())
    @rule()
    def finish(self) -> None:
        """Play sensibly to the end (so that endings and scoring are reached)."""
        for _ in range(3000):
            if self.game.is_over():
                return
            self.step(greedy_step(self.game, self.rng))
        raise AssertionError("a game did not end in 3000 actions")

    @rule(kind=st.sampled_from(list(ActionKind)))
    def illegal_action(self, kind: ActionKind) -> None:
        game = self.game
        allowed = set(game.allowed())
        if allowed & {ActionKind.ROLL, ActionKind.OPENING}:
            allowed |= {ActionKind.ROLL, ActionKind.OPENING}  # both are Game.roll
        if kind in allowed:
            return
        before = game.to_dict()
        try:
            attempt(game, kind)
        except GameOverError:
            assert game.is_over()
        except IllegalActionError:
            assert not game.is_over()
        except nardy.NardyError:
            # e.g. play "" when a play is expected elsewhere: still a NardyError
            pass
        else:
            raise AssertionError(f"{kind.value} was accepted in phase {game.phase.value}")
        assert game.to_dict() == before

    @precondition(lambda self: not self.recorded)
    @rule()
    def check_record(self) -> None:
        assert Game.from_json(self.game.to_json()) == self.game
        self.recorded = True

    @invariant()
    def cube_is_consistent(self) -> None:
        g = self.game
        assert g.cube.value in cube_values(g.options.stakes, g.options.max_cube)
        assert g.cube.value == self.model_cube
        if g.phase is Phase.DOUBLED:
            assert g.cube.offered_by is g.position.turn
            assert g.cube.owner in (None, g.position.turn)
        if not g.options.cube or g.crawford:
            assert g.cube.value == 1

    @invariant()
    def over_means_no_actions(self) -> None:
        g = self.game
        assert (g.allowed() == frozenset()) == g.is_over()
        if g.is_over():
            assert g.outcome is not None
            assert g.outcome.points > 0
            if self.outcome is not None:
                assert g.outcome == self.outcome
            self.outcome = g.outcome
            if g.outcome.winner is None:
                assert g.last_roll_draw
        else:
            assert g.outcome is None
            self.outcome = None

    def teardown(self) -> None:
        assert Game.from_json(self.game.to_json()) == self.game


TestGame = GameMachine.TestCase
TestGame.settings = SETTINGS


class MatchMachine(RuleBasedStateMachine):
    """A match, driven game by game with random cube actions and resignations."""

    def __init__(self) -> None:
        super().__init__()
        self.match = Match.new("hypergammon", 3, rng=0)
        self.rng = random.Random(0)
        self.scores = self.match.scores
        self.recorded = False

    @initialize(
        variant=st.sampled_from(VARIANTS),
        length=st.integers(1, 4),
        options=game_options(),
        crawford=st.booleans(),
        next_game=st.sampled_from(["alternate", "opening-roll"]),
        seed=st.integers(0, 2**32 - 1),
    )
    def start(
        self,
        variant: str,
        length: int,
        options: GameOptions,
        crawford: bool,
        next_game: str,
        seed: int,
    ) -> None:
        self.match = Match.new(
            variant, length, options, crawford=crawford, next_game=next_game, rng=seed
        )
        self.rng = random.Random(seed)
        self.scores = self.match.scores

    def step(self, new: Match) -> None:
        self.match = new
        self.recorded = False

    @precondition(lambda self: self.match.game is not None)
    @rule()
    def act_sensibly(self) -> None:
        assert self.match.game is not None
        self.step(self.match.advance(greedy_step(self.match.game, self.rng)))

    @precondition(lambda self: self.match.game is not None and self.match.game.can_double())
    @rule()
    def double(self) -> None:
        self.step(self.match.double())

    @precondition(
        lambda self: (
            self.match.game is not None and self.match.game.phase in (Phase.DOUBLED, Phase.BEAVERED)
        )
    )
    @rule(choice=st.sampled_from(["take", "drop", "beaver"]))
    def answer_double(self, choice: str) -> None:
        game = self.match.game
        assert game is not None
        if choice == "beaver" and ActionKind.BEAVER not in game.allowed():
            choice = "take"
        self.step(getattr(self.match, choice)())

    @precondition(
        lambda self: self.match.game is not None and ActionKind.RESIGN in self.match.game.allowed()
    )
    @rule()
    def resign_and_accept(self) -> None:
        game = self.match.game
        assert game is not None
        self.step(self.match.resign(by=game.to_act or Side.BLACK).accept())

    @precondition(lambda self: self.match.game is not None)
    @rule()
    def finish_game(self) -> None:
        number = self.match.game_number
        for _ in range(3000):
            if self.match.game_number != number or self.match.is_over():
                return
            assert self.match.game is not None
            self.step(self.match.advance(greedy_step(self.match.game, self.rng)))
        raise AssertionError("a game did not end in 3000 actions")

    @precondition(
        lambda self: not self.recorded and (self.match.game is None or not self.match.game.history)
    )
    @rule()
    def check_record(self) -> None:
        """Between games (a replay of the whole match is not cheap)."""
        assert Match.from_json(self.match.to_json()) == self.match
        self.recorded = True

    @precondition(lambda self: self.match.is_over())
    @rule(kind=st.sampled_from(list(ActionKind)))
    def act_after_the_end(self, kind: ActionKind) -> None:
        match = self.match
        method: dict[ActionKind, Callable[[], Match]] = {
            ActionKind.OPENING: match.roll,
            ActionKind.ROLL: match.roll,
            ActionKind.PLAY: lambda: match.play(0),
            ActionKind.NAME: lambda: match.name_double(6),
            ActionKind.DOUBLE: match.double,
            ActionKind.TAKE: match.take,
            ActionKind.DROP: match.drop,
            ActionKind.BEAVER: match.beaver,
            ActionKind.RACCOON: match.raccoon,
            ActionKind.RESIGN: match.resign,
            ActionKind.ACCEPT: match.accept,
            ActionKind.REJECT: match.reject,
        }
        try:
            method[kind]()
        except GameOverError:
            pass
        else:
            raise AssertionError(f"a finished match accepted {kind.value}")

    @invariant()
    def scores_only_grow(self) -> None:
        m = self.match
        assert m.scores[0] >= self.scores[0]
        assert m.scores[1] >= self.scores[1]
        self.scores = m.scores

    @invariant()
    def crawford_rule(self) -> None:
        m = self.match
        crawford = [
            i for i, g in enumerate((*m.games, *([m.game] if m.game else []))) if g.crawford
        ]
        assert len(crawford) <= 1
        if not m.crawford:
            assert not crawford
        for g in (*m.games, *([m.game] if m.game else [])):
            assert not g.options.jacoby
            if g.crawford:
                assert all(a.kind is not ActionKind.DOUBLE for a in g.history)
                assert g.cube.value == 1

    @invariant()
    def the_end(self) -> None:
        m = self.match
        if m.is_over():
            assert max(m.scores) >= m.length
            assert m.scores[0] != m.scores[1]
        else:
            assert m.game is not None
            assert not m.game.is_over()

    def teardown(self) -> None:
        assert Match.from_json(self.match.to_json()) == self.match


TestMatch = MatchMachine.TestCase
TestMatch.settings = SETTINGS
