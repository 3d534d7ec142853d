"""Engines as players (nardy.analysis.bots): legal plays, the engine's cube and resignations, seeded matches."""

from __future__ import annotations

import random
from typing import Any

import pytest

import nardy
from nardy import Game, Match, Side
from nardy.agents.selfplay import play_game
from nardy.analysis import (
    Ability,
    AnalysisInputError,
    Bot,
    CubeAction,
    CubeDecision,
    Evaluation,
    Limit,
    PlayerError,
    Probabilities,
    RandomPlayer,
    open_engine,
    play_match,
)
from nardy.analysis.backends.heuristic import HeuristicEngine
from nardy.analysis.bots import CERTAIN, TAKE_POINT
from nardy.analysis.context import Context, context_of
from nardy.formats import read_mat, write_mat
from nardy.game.actions import Action, ActionKind, CubeState, Phase
from nardy.game.id_state import MatchState
from nardy.model.position import Position
from nardy.model.result import ResultKind

BG = nardy.find_variant("backgammon")
#: Cube equities that call for no double (a take).
NO_DOUBLE = (-0.9, -1.8, 1.0)


class Scripted(HeuristicEngine):
    """The heuristic's plays, with the cube decision and the chances a test sets."""

    NAME = "scripted"
    ABILITIES = frozenset(
        {Ability.EVALUATE, Ability.RANK_PLAYS, Ability.CUBE_MONEY, Ability.CUBE_MATCH}
    )
    # Its cube decisions are its own (the script's), not nardy's model's.
    MODELLED = frozenset()

    def __init__(
        self, equities: tuple[float, float, float], chances: tuple[float, ...] | None
    ) -> None:
        super().__init__()
        self.equities = equities
        self.chances = chances

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        found = super().compute_evaluations(positions, limit, contexts)
        if self.chances is None:
            return found
        return [
            Evaluation(
                position=ev.position,
                probabilities=Probabilities.from_tuple(ev.side, self.chances),
                cubeful_equity=None,
                match_winning_chance=None,
                engine=self.info,
                limit=ev.limit,
            )
            for ev in found
        ]

    def compute_cube(self, position: Position, limit: Limit, context: Context) -> CubeDecision:
        nd, dt, dp = self.equities
        return CubeDecision(
            position=position,
            action=CubeAction.of(nd, dt, dp, beaver=context.beaver),
            no_double=nd,
            double_take=dt,
            double_pass=dp,
            probabilities=super()
            .compute_evaluations([position], limit, [context])[0]
            .probabilities,
            engine=self.info,
            limit=limit,
        )


def scripted(equities: tuple[float, float, float] = (0.0, 0.0, 1.0), chances: Any = None) -> Bot:
    return Bot(Scripted(equities, chances))


def on_roll(**options: Any) -> Game:
    """A money game with white to roll (its opening decided), options as given."""
    game = Game.new("backgammon", starter=Side.WHITE, rng=random.Random(3), **options)
    assert game.phase is Phase.ROLL
    return game


# --- plays ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", nardy.variant_names())
def test_a_bot_finishes_a_match_in_every_variant_with_legal_plays(name: str) -> None:
    record = play_match("heuristic", "random", 1, seed=7, variant=name)
    match = record.match
    assert match is not None
    assert match.is_over()
    assert record.players == ("heuristic", "random")
    # The record replays through the rules: every action, every play legal.
    assert Match.from_dict(match.to_dict()) == match
    assert max(match.scores) >= 1


def test_the_bot_plays_the_engines_best_play() -> None:
    engine = open_engine("heuristic")
    bot = Bot(engine)
    game = on_roll().roll((6, 2))
    action = bot.choose(game)
    assert action == Action(
        ActionKind.PLAY, Side.WHITE, play=engine.best_play(game.position, (6, 2)).play
    )
    assert action.play in game.legal_plays()


def test_a_forced_play_asks_no_engine() -> None:
    engine = open_engine("heuristic")
    engine.close()  # a closed engine raises if asked
    # White has one checker on the bar against a closed board: only the pass.
    position = BG.position([1] + [0] * 17 + [-2] * 6, bar=[1, 0], off=[13, 3])
    game = Game.new("backgammon", start=position, rng=random.Random(1)).roll((6, 5))
    assert len(game.legal_plays()) == 1
    assert Bot(engine).choose(game).play == game.legal_plays()[0]


def test_a_bot_is_a_selfplay_policy() -> None:
    bot = Bot(open_engine("heuristic"))
    game = play_game("backgammon", 1, 0, bot.policy)
    assert game.is_over()
    for before, action in zip(game.states(), game.history):
        if action.kind is ActionKind.PLAY:
            assert before.dice is not None
            assert action.play == bot.engine.best_play(before.position, before.dice).play


def test_the_double_named_is_the_one_the_engine_values_most() -> None:
    game = Game.new("acey-deucey", starter=Side.WHITE, rng=random.Random(2))
    while game.phase is not Phase.DECIDE:
        if game.phase is Phase.ROLL:
            game = game.roll((2, 1) if game.turn_number < 40 else None)
        else:
            game = game.play(0)
    bot = Bot(open_engine("heuristic"))
    action = bot.choose(game)
    values = {c: bot.engine.best_play(game.position, c).equity for c in game.double_choices()}
    assert action.kind is ActionKind.NAME
    assert action.dice is not None
    assert values[nardy.Roll(*action.dice)] == max(values.values())


# --- the cube ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("equities", "doubles"),
    [
        ((0.5, 0.8, 1.0), True),
        ((0.5, 1.2, 1.0), True),
        ((0.2, 0.1, 1.0), False),
        ((1.1, 1.5, 1.0), False),
    ],
)
def test_the_bot_doubles_as_the_engine_decides(
    equities: tuple[float, float, float], doubles: bool
) -> None:
    action = scripted(equities).choose(on_roll())
    assert CubeAction.of(*equities).doubles is doubles
    assert action.kind is (ActionKind.DOUBLE if doubles else ActionKind.ROLL)


@pytest.mark.parametrize(
    ("equities", "beaver", "answer"),
    [
        ((0.5, 0.8, 1.0), False, ActionKind.TAKE),
        ((0.5, 1.2, 1.0), False, ActionKind.DROP),
        ((-0.5, -0.2, 1.0), True, ActionKind.BEAVER),
        ((-0.5, -0.2, 1.0), False, ActionKind.TAKE),  # no beavers agreed: a take
    ],
)
def test_the_bot_answers_a_double_as_the_engine_decides(
    equities: tuple[float, float, float], beaver: bool, answer: ActionKind
) -> None:
    game = on_roll(beaver=beaver).double()
    action = scripted(equities).choose(game)
    assert action == Action(answer, Side.BLACK)
    game.apply(action)  # the game accepts it


def test_a_beavered_doubler_takes_drops_or_raccoons() -> None:
    beavered = on_roll(beaver=True, raccoon=True).double().beaver()
    # double/take -0.5: at 4 cubes -1, better than losing 2: take; no raccoon below 0.
    assert scripted((-0.6, -0.5, 1.0)).choose(beavered).kind is ActionKind.TAKE
    assert scripted((-0.6, -1.5, 1.0)).choose(beavered).kind is ActionKind.DROP
    assert scripted((0.6, 0.3, 1.0)).choose(beavered).kind is ActionKind.RACCOON
    raccooned = beavered.raccoon()
    assert scripted((0.6, 0.3, 1.0)).choose(raccooned).kind is ActionKind.TAKE
    assert scripted((0.6, 1.5, 1.0)).choose(raccooned).kind is ActionKind.DROP


class Cubeless(HeuristicEngine):
    """The heuristic without any cube decision (neither its own nor the model's)."""

    NAME = "cubeless"
    ABILITIES = frozenset({Ability.EVALUATE, Ability.RANK_PLAYS})
    MODELLED = frozenset()


FAR_AHEAD = BG.position([2, 2, 2, 2, 2, 2] + [0] * 12 + [-3] * 5 + [0], turn=Side.WHITE)


def test_without_a_cube_decision_the_bot_never_doubles_and_takes_at_the_dead_cube_point() -> None:
    # An engine that makes no cube decision: the fallback.
    bot = Bot(Cubeless())
    match = Match.new("backgammon", 5, rng=random.Random(1)).set_up(FAR_AHEAD)
    assert bot.cube_decision(match.current(), MatchState.from_match(match)) is None
    assert bot.engine.evaluate(FAR_AHEAD).cubeless_equity > 0.9
    assert bot.choose(match).kind is ActionKind.ROLL  # never doubles
    doubled = match.double()
    black = bot.engine.evaluate(FAR_AHEAD).for_side(Side.BLACK).cubeless_equity
    assert black < TAKE_POINT
    assert bot.choose(doubled) == Action(ActionKind.DROP, Side.BLACK)
    even = Match.new("backgammon", 5, rng=random.Random(1)).set_up(BG.starting_position())
    assert bot.choose(even.double()) == Action(ActionKind.TAKE, Side.BLACK)


def test_the_heuristic_decides_a_match_cube_by_the_model() -> None:
    # Cubeless chances only: nardy's cube model makes its match cube decisions.
    bot = Bot(open_engine("heuristic"))
    match = Match.new("backgammon", 5, rng=random.Random(1)).set_up(FAR_AHEAD)
    decision = bot.cube_decision(match.current(), MatchState.from_match(match))
    assert decision is not None
    assert not decision.action.takes  # a certain race: black passes
    assert (bot.choose(match).kind is ActionKind.DOUBLE) is decision.action.doubles
    assert bot.choose(match.double()) == Action(ActionKind.DROP, Side.BLACK)


def test_a_double_that_cannot_gain_is_never_made_and_answered_by_the_fallback() -> None:
    # White 2 away owning a cube at 2: the cube already wins him the match, the
    # engines refuse the decision (Context.may_double); the bot does not ask.
    owned = CubeState(value=2, owner=Side.WHITE)
    match = Match.new("backgammon", 3, rng=random.Random(1), score=(1, 0))
    match = match.set_up(BG.starting_position(Side.WHITE), start_cube=owned)
    state = MatchState.from_match(match)
    assert not context_of(match.current().position, state).may_double
    bot = Bot(open_engine("heuristic"))
    assert bot.cube_decision(match.current(), state) is None
    assert bot.choose(match).kind is ActionKind.ROLL
    assert bot.choose(match.double()) == Action(ActionKind.TAKE, Side.BLACK)


def test_gnubg_nn_decides_money_cubes_by_the_model_and_match_cubes_itself() -> None:
    pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")
    bot = Bot(open_engine("gnubg-nn"))
    assert not bot.engine.info.own(Ability.CUBE_MONEY)
    assert bot.engine.info.own(Ability.CUBE_MATCH)
    race = BG.position([3, 3, 3, 3, 3] + [0] * 13 + [0, -3, -3, -3, -3, -3], turn=Side.WHITE)
    money = Game.new("backgammon", start=race, rng=random.Random(1))
    decision = bot.cube_decision(money, MatchState.from_game(money))
    assert decision is not None
    assert (bot.choose(money).kind is ActionKind.DOUBLE) is decision.action.doubles
    match = Match.new("backgammon", 7, rng=random.Random(1)).set_up(race)
    decision = bot.cube_decision(match.current(), MatchState.from_match(match))
    assert decision is not None
    assert (bot.choose(match).kind is ActionKind.DOUBLE) is decision.action.doubles


# --- resignations ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chances", "level"),
    [
        ((0.0, 0.0, 0.0, 0.0, 0.0), ResultKind.SINGLE),
        ((0.0, 0.0, 0.0, 1.0, 0.0), ResultKind.GAMMON),
        ((0.0, 0.0, 0.0, 1.0, 1.0), ResultKind.BACKGAMMON),
        ((0.0, 0.0, 0.0, 0.5, 0.0), None),  # lost, the gammon uncertain: play on
        ((10 * CERTAIN, 0.0, 0.0, 0.0, 0.0), None),  # not certainly lost
    ],
)
def test_the_bot_resigns_only_a_certain_result(
    chances: tuple[float, ...], level: ResultKind | None
) -> None:
    bot = scripted(NO_DOUBLE, chances)
    action = bot.choose(on_roll())
    if level is None:
        assert action.kind is ActionKind.ROLL
    else:
        assert action == Action(ActionKind.RESIGN, Side.WHITE, level=level)


def test_a_rejected_resignation_is_not_offered_again_that_turn() -> None:
    bot = scripted(NO_DOUBLE, (0.0, 0.0, 0.0, 0.0, 0.0))
    game = on_roll().resign(ResultKind.SINGLE).reject()
    assert bot.choose(game).kind is ActionKind.ROLL


@pytest.mark.parametrize(
    ("offered", "chances", "accepts"),
    [
        # The acceptor (black) is not on roll: these are white's chances.
        (ResultKind.SINGLE, (0.0, 0.0, 0.0, 0.0, 0.0), True),
        (ResultKind.SINGLE, (0.0, 0.0, 0.0, 0.3, 0.0), False),  # black may win a gammon
        (ResultKind.GAMMON, (0.0, 0.0, 0.0, 1.0, 0.0), True),
        (ResultKind.GAMMON, (0.0, 0.0, 0.0, 1.0, 0.2), False),  # ... or a backgammon
        (ResultKind.BACKGAMMON, (0.0, 0.0, 0.0, 1.0, 1.0), True),
    ],
)
def test_the_bot_accepts_a_resignation_unless_it_may_win_more(
    offered: ResultKind, chances: tuple[float, ...], accepts: bool
) -> None:
    game = on_roll().resign(offered)
    action = scripted(NO_DOUBLE, chances).choose(game)
    assert action == Action(ActionKind.ACCEPT if accepts else ActionKind.REJECT, Side.BLACK)


def test_the_heuristic_resigns_a_hopeless_race_and_it_is_accepted() -> None:
    # White needs all 15 checkers home from black's home board; black bears off next.
    hopeless = BG.position([0] * 18 + [15] + [0] * 4 + [-1], off=[0, 14])
    game = Game.new("backgammon", start=hopeless, rng=random.Random(1))
    bot = Bot(open_engine("heuristic"))
    action = bot.choose(game)
    assert action.kind is ActionKind.RESIGN
    assert bot.choose(game.apply(action)).kind is ActionKind.ACCEPT


# --- the random player and play_match -------------------------------------------------------------


def test_the_random_player_plays_legally_never_doubles_and_takes() -> None:
    player = RandomPlayer(5)
    game = on_roll()
    assert player.choose(game).kind is ActionKind.ROLL
    rolled = game.roll((5, 2))
    assert player.choose(rolled).play in rolled.legal_plays()
    assert player.choose(game.double()) == Action(ActionKind.TAKE, Side.BLACK)
    assert player.choose(game.resign()) == Action(ActionKind.ACCEPT, Side.BLACK)


def test_a_match_is_the_same_for_the_same_seed_and_saves_as_mat() -> None:
    first = play_match("heuristic", "random", 3, seed=11)
    again = play_match("heuristic", "random", 3, seed=11)
    other = play_match("heuristic", "random", 3, seed=12)
    assert first.match is not None
    assert again.match is not None
    assert other.match is not None
    assert first.match.to_json() == again.match.to_json()
    assert first.match.to_json() != other.match.to_json()
    text = write_mat(first.match, first.players, first.tags)
    back = read_mat(text)
    assert back.players == first.players
    assert back.match is not None
    assert back.match.scores == first.match.scores
    assert [g.history for g in back.games] == [g.history for g in first.games]


def test_the_heuristic_beats_random_play() -> None:
    # Not a strength test, a sanity check: over six seeded 3-point matches.
    wins = sum(
        play_match("heuristic", "random", 3, seed=s).match.winner == 0  # type: ignore[union-attr]
        for s in range(6)
    )
    assert wins >= 5


def test_bad_players_are_refused() -> None:
    with pytest.raises(PlayerError, match="a player is an engine"):
        play_match(42, "random", 1)  # type: ignore[arg-type]
    with pytest.raises(nardy.errors.UnknownEngineError):
        play_match("no-such-engine", "random", 1)

    class Liar:
        name = "liar"

        def choose(self, where: object) -> object:
            return "double"

    with pytest.raises(PlayerError, match="liar"):
        play_match(Liar(), "random", 1)  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="seed"):
        play_match("random", "random", 1, seed="1")  # type: ignore[arg-type]
    with pytest.raises(AnalysisInputError, match="nothing to choose"):
        RandomPlayer().choose(Game.new("backgammon"))


def test_an_engine_that_does_not_play_the_variant_is_refused() -> None:
    pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")
    with pytest.raises(AnalysisInputError, match="gnubg-nn engine plays backgammon"):
        play_match("gnubg-nn", "random", 1, variant="nardy")


@pytest.mark.parametrize("name", ["gnubg-nn", "sage"])
def test_real_engines_play_a_match_against_random_play(name: str) -> None:
    module = {"gnubg-nn": "gnubg_nn", "sage": "bgsage"}[name]
    pytest.importorskip(module, reason=f"{name} is not installed here")
    record = play_match(name, "random", 1, seed=3)
    assert record.match is not None
    assert record.match.winner == 0
    assert Match.from_dict(record.match.to_dict()) == record.match


def test_two_engines_play_each_other_and_an_engine_given_open_stays_open() -> None:
    pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed here")
    with open_engine("gnubg-nn") as engine:
        record = play_match(engine, "heuristic", 1, seed=4)
        engine.evaluate(BG.starting_position())  # still open
    assert record.players == ("gnubg-nn", "heuristic")
    assert record.match is not None
    assert record.match.is_over()
