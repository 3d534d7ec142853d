"""The learning-agent bridges, self-play and pictures for turns of several segments and pools.

Toy variants (:mod:`turn_toys`): acey-deucey's 1-2 (a segment, a named
double, a roll again), gul bara's cascade (doubles up to the 6s, the rest
handed to the opponent), a pool game with hits to the pool and the 1-2,
three dice and the shared track. Each must run through the PettingZoo and
Gymnasium environments in both action modes, through OpenSpiel (its own
random simulation test, serialising every state), through self-play (the
same file for any worker count) and into the pictures, the viewer and
``nardy render``; every variant of today keeps its spaces.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The environments' encodings need the rl extra; the quick suite runs without it.
pytest.importorskip("numpy", reason="nardy.agents.env needs the rl extra (numpy)")

import nardy
from nardy import Game, Position, Roll, Side
from nardy.agents.env.encoding import TURN_FEATURES, encoding_size, turn_features
from nardy.agents.env.steps import (
    EXTENDED_ACTIONS,
    NAME_ACTION,
    NUM_ACTIONS,
    PASS,
    POOL_ACTION,
    StepTurn,
    action_name,
    decode_action,
    name_action,
    named_double,
    num_actions,
    pool_action,
    runs_turns,
    step_turn,
)
from nardy.errors import IllegalActionError
from nardy.game import turns
from nardy.game.actions import ActionKind, Phase
from nardy.model.turns import TurnState
from nardy.rules.board import FROM_POOL
from nardy.rules.movement import movement_of
from toy_variants import registered
from turn_toys import (
    TOYS,
    AceDeuce,
    AceyToy,
    Cascade,
    PoolGame,
    SameTrack,
    SameTrackThreeDice,
    ThreeDiceGammon,
    first_play,
)


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered(*TOYS):
        yield


def walk(variant: nardy.Variant, seed: int, plies: int) -> list[Position]:
    """Positions along one random game played a segment at a time (the variant's own dice)."""
    rng = random.Random(seed)
    position = variant.starting_position()
    seen = [position]
    rolls = variant.ordered_rolls()
    for _ in range(plies):
        legal = position.legal_plays(rng.choice(rolls))
        after = legal.resulting_position(rng.randrange(len(legal)))
        if after.is_over():
            break
        position = after
        seen.append(position)
    return seen


# --- the step actions ------------------------------------------------------------


def test_action_numbers() -> None:
    assert (POOL_ACTION, NAME_ACTION, EXTENDED_ACTIONS) == (152, 158, 164)
    assert pool_action(3) == 154
    assert decode_action(154) == (FROM_POOL, 3)
    assert action_name(154) == "pool/22 (3)"
    assert action_name(pool_action(6)) == "pool/19 (6)"
    assert name_action(Roll(6, 6)) == 163
    assert named_double(163) == Roll(6, 6)
    assert named_double(PASS) is None
    assert action_name(158) == "name 11"
    with pytest.raises(IllegalActionError):
        pool_action(7)


#: The built-in variants from before pools and turns of several segments: their spaces never change.
BEFORE_POOLS = (
    "backgammon", "nackgammon", "hypergammon", "caucasian", "portes", "tavla",
    "long-nardy", "kush", "plakoto", "fevga",
)  # fmt: skip


def test_spaces_of_today_s_variants_are_unchanged() -> None:
    assert set(BEFORE_POOLS) <= set(nardy.variant_names())
    for name in nardy.variant_names():
        if name.startswith("test-"):
            continue
        variant = nardy.find_variant(name)
        extended = runs_turns(variant) or bool(movement_of(variant).pool)
        assert num_actions(variant) == (EXTENDED_ACTIONS if extended else NUM_ACTIONS), name
        if name in BEFORE_POOLS:
            assert not extended, name
    tabula = nardy.find_variant("tabula")  # a pool, one segment a roll
    assert (num_actions(tabula), runs_turns(tabula)) == (EXTENDED_ACTIONS, False)
    assert runs_turns(nardy.find_variant("acey-deucey"))  # the 1-2
    assert num_actions(PoolGame()) == EXTENDED_ACTIONS  # a pool
    assert num_actions(Cascade()) == EXTENDED_ACTIONS  # turn hooks
    assert num_actions(ThreeDiceGammon()) == NUM_ACTIONS


def check_step_tree(position: Position, roll: Roll, rng: random.Random) -> None:
    """Every legal play is reached by the step tree, and random walks of allowed steps end in one."""
    legal = position.legal_plays(roll)
    turn = StepTurn(legal)
    tree = turn.tree
    assert tree.ends(turn.start_code) == frozenset(range(len(legal)))
    for _ in range(4):
        node = turn.start_code
        while True:
            allowed = tree.allowed(node)
            assert allowed
            action = rng.choice(allowed)
            after = tree.step(node, action)
            if after < 0:
                index = -1 - after
                assert 0 <= index < len(legal)
                break
            node = after


@pytest.mark.parametrize(
    "variant",
    [
        PoolGame(),
        PoolGame(hits_to="pool"),
        PoolGame(bar_first=False),
        PoolGame(zone=12, larger=False),
        AceyToy(),
        SameTrack(),
        SameTrackThreeDice(),
        ThreeDiceGammon(),
    ],
    ids=lambda v: v.spec(),
)
def test_the_step_tree_reaches_exactly_the_legal_plays(variant: nardy.Variant) -> None:
    rng = random.Random(5)
    rolls = variant.ordered_rolls()
    for seed in range(3):
        for position in walk(variant, seed, 120)[::10]:
            check_step_tree(position, rng.choice(rolls), rng)


def test_pool_steps_are_step_actions() -> None:
    variant = PoolGame()
    start = variant.starting_position()
    turn = step_turn(start, Roll(3, 1))
    allowed = turn.tree.allowed(turn.start_code)
    assert set(allowed) == {pool_action(3), pool_action(1)}
    node = turn.tree.step(turn.start_code, pool_action(3))
    assert node >= 0
    assert turn.position_at(node).extra(Side.WHITE)["pool"] == 14
    end = turn.tree.step(node, pool_action(1))
    assert end < 0
    assert turn.legal[-1 - end].notation() in ("pool/24 pool/22", "pool/22 pool/24")


def test_hitting_to_the_pool_in_step_mode() -> None:
    variant = PoolGame(hits_to="pool")
    # White's checker on 20 hits black's blot on white's 17 (black's 8); black's pool grows.
    board = [0] * 24
    board[19] = 1
    board[16] = -1
    board[0] = 13
    position = variant.position(board, pool=[1, 14])
    turn = step_turn(position, Roll(3, 2))
    action = 6 * (20 - 1) + 3 - 1
    assert action in turn.tree.allowed(turn.start_code)
    node = turn.tree.step(turn.start_code, action)
    after = turn.position_at(node) if node >= 0 else turn.legal.resulting_position(-1 - node)
    assert after.extra(Side.BLACK)["pool"] == 15


def test_short_doubles_and_three_dice_have_step_turns_of_their_own() -> None:
    # The step-turn cache keyed a roll by its high and low die: 4-4 of three
    # moves and 4-4 of four, 6-3-1 and 6-5-1, shared one turn.
    variant = Cascade()
    start = variant.starting_position()
    full = step_turn(start, Roll(4, 4))
    short = step_turn(start, Roll(4, 4).with_moves(3))
    assert full.roll != short.roll
    assert short.tree.dice(short.start_code) == (4, 4, 4)
    three = ThreeDiceGammon().starting_position()
    assert step_turn(three, Roll(6, 3, 1)).roll == Roll(6, 3, 1)
    assert step_turn(three, Roll(6, 5, 1)).roll == Roll(6, 5, 1)


# --- the environments -------------------------------------------------------------


def random_episode(env: Any, rng: random.Random, seed: int) -> dict[str, int]:
    """Play one game with random allowed actions; count what happened."""
    seen = {"names": 0, "handed": 0, "actions": 0}
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        space = env.observation_space(agent)
        assert space["observation"].shape == obs["observation"].shape
        assert agent == ("white" if env.position.turn is Side.WHITE else "black")
        allowed = [i for i, m in enumerate(obs["action_mask"]) if m]
        assert allowed
        if "name_double" in info:
            seen["names"] += 1
            assert obs["observation"][-3] == 1.0  # the flag: a double to name
        if env.state_.remaining.handed_over:
            seen["handed"] += 1
        env.step(rng.choice(allowed))
        seen["actions"] += 1
    return seen


@pytest.mark.parametrize("mode", ["play", "step"])
@pytest.mark.parametrize("cls", TOYS, ids=lambda c: c.name)
def test_random_games_in_the_environments(cls: type[nardy.Variant], mode: str) -> None:
    pytest.importorskip("pettingzoo")
    from nardy.agents.env import aec_env

    env = aec_env(cls(), action_mode=mode, max_plies=300)
    rng = random.Random(2)
    for seed in range(2):
        random_episode(env, rng, seed)


@pytest.mark.parametrize("mode", ["play", "step"])
def test_naming_a_double_in_the_environment(mode: str) -> None:
    pytest.importorskip("pettingzoo")
    from nardy.agents.env import aec_env

    env = aec_env(AceDeuce(), action_mode=mode)
    start = AceDeuce().starting_position()
    env.reset(seed=1, options={"position": start, "dice": (2, 1)})
    play = start.legal_plays(Roll(2, 1)).find("24/23 24/22")
    index = list(env.state_.legal).index(play)
    if mode == "play":
        env.step(index)
    else:
        for step in play.steps:
            env.step(6 * (step.src - 1) + step.die - 1)
    obs, _, _, _, info = env.last()
    assert env.agent_selection == "white"
    assert info == {"name_double": [(d, d) for d in range(1, 7)]}
    mask = obs["action_mask"]
    if mode == "play":
        assert list(mask[:7]) == [1] * 6 + [0]
        env.step(5)  # the sixth double offered: 6-6
    else:
        assert [i for i, m in enumerate(mask) if m] == list(range(NAME_ACTION, NAME_ACTION + 6))
        with pytest.raises(IllegalActionError):
            env.step(0)
        env.step(name_action(Roll(6, 6)))
    assert env.roll == Roll(6, 6)
    assert env.agent_selection == "white"
    features = env.observe("white")["observation"][-TURN_FEATURES:]
    assert list(features) == [0, 0, 0, 0, 0, 0, 0, 1, 0]  # then a roll again


def test_a_cascade_hands_moves_to_the_opponent_in_the_environment() -> None:
    pytest.importorskip("pettingzoo")
    from nardy.agents.env import aec_env

    variant = Cascade()
    start = variant.from_counts({20: 1, 1: 14}, {13: 2, 17: 2, 6: 11})
    env = aec_env(variant)
    env.reset(seed=3, options={"position": start, "dice": (4, 4)})
    assert env.agent_selection == "white"
    assert env.state_.remaining.pending == (Roll(4, 4), Roll(5, 5), Roll(6, 6))
    obs = env.observe("white")["observation"]
    assert list(obs[-TURN_FEATURES:]) == [0, 0, 0, 0, 4, 4, 0, 0, 0]
    env.step(0)
    assert env.agent_selection == "black"
    assert env.roll == Roll(4, 4).with_moves(3)
    assert env.infos["black"]["moves"] == 3
    assert env.state_.remaining.handed_over
    assert env.observe("black")["observation"][-1] == 1.0


def test_observation_sizes() -> None:
    pytest.importorskip("numpy")
    from nardy.agents.env.core import TurnState as EnvState

    for cls in TOYS:
        state = EnvState(cls(), "step", "array")
        extra = TURN_FEATURES if runs_turns(cls()) else 0
        assert state.obs_size == encoding_size("array", cls()) + 6 + extra
    # The pool's counts are in the encoding: two counts (mover's, opponent's).
    assert encoding_size("array", PoolGame()) == 28 + 2
    owed = TurnState(pending=(Roll(5, 5), Roll(6, 6)), name_double=True)
    assert list(turn_features(owed)) == [0, 0, 0, 0, 0, 4, 1, 0, 0]


def test_the_gymnasium_environment_plays_a_turn_variant() -> None:
    pytest.importorskip("gymnasium")
    from nardy.agents.env import gym_env

    env = gym_env(AceyToy(), action_mode="step", max_plies=200)
    obs, _ = env.reset(seed=4)
    rng = random.Random(4)
    done = cut = False
    while not (done or cut):
        allowed = [i for i, m in enumerate(obs["action_mask"]) if m]
        obs, _, done, cut, _ = env.step(rng.choice(allowed))


# --- OpenSpiel ---------------------------------------------------------------------


@pytest.mark.parametrize("cls", TOYS, ids=lambda c: c.name)
def test_openspiel_random_simulation(cls: type[nardy.Variant]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from nardy.agents import openspiel

    name = openspiel.register(cls.name)
    game = pyspiel.load_game(name, {"max_plies": 40})
    assert game.num_distinct_actions() == num_actions(cls())
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_names_a_double_and_rolls_again() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from nardy.agents import openspiel

    name = openspiel.register(AceDeuce.name)
    start = AceDeuce().starting_position()
    game = pyspiel.load_game(name, {"start": start.id().translate(str.maketrans("=,()", "~;[]"))})
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(6 * (2 - 1) + (1 - 1))  # 2-1
    assert state.current_player() == 0
    for action in (6 * 23 + 0, 6 * 23 + 1):  # 24/23, 24/22
        state.apply_action(action)
    assert state.current_player() == 0
    assert state.legal_actions() == list(range(NAME_ACTION, NAME_ACTION + 6))
    assert "name" in str(state)
    assert state.action_to_string(0, NAME_ACTION + 5) == "name 66"
    with pytest.raises(Exception, match="does not name"):
        state.clone().apply_action(0)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    state.apply_action(NAME_ACTION + 5)  # 6-6
    assert state.phase.turn is not None
    assert state.phase.turn.roll == Roll(6, 6)
    for _ in range(4):
        state.apply_action(6 * (13 - 1) + 6 - 1)  # 13/7 four times
    assert state.is_chance_node()
    assert state.phase.position.turn is Side.WHITE  # he rolls again
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert len(observer.tensor) == encoding_size("array", AceDeuce()) + 6 + TURN_FEATURES


def test_openspiel_hands_a_cascade_over() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from nardy.agents import openspiel

    variant = Cascade()
    start = variant.from_counts({20: 1, 1: 14}, {13: 2, 17: 2, 6: 11})
    name = openspiel.register(Cascade.name)
    game = pyspiel.load_game(name, {"start": start.id().translate(str.maketrans("=,()", "~;[]"))})
    state = game.new_initial_state()
    state.apply_action(6 * 3 + 3)  # 4-4
    assert state.current_player() == 0
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1  # black plays the three 4s handed over
    assert state.phase.turn is not None
    assert state.phase.turn.roll == Roll(4, 4).with_moves(3)
    assert state.phase.remaining.handed_over


# --- self-play ------------------------------------------------------------------------


def test_self_play_names_doubles_and_replays() -> None:
    from nardy.agents.selfplay import play_game

    for policy in ("random", "greedy"):
        game = play_game(AceyToy.name, 3, 0, policy)
        assert game.phase is Phase.OVER
        kinds = [a.kind for a in game.history]
        assert ActionKind.NAME in kinds
        assert Game.from_json(game.to_json()) == game
    game = play_game(Cascade.name, 3, 1)
    assert Game.from_json(game.to_json()) == game


def test_a_policy_may_name_its_doubles() -> None:
    from nardy.agents.selfplay import double_chooser, greedy_double, greedy_policy, play_game

    named: list[tuple[Roll, ...]] = []

    def policy(position: Position, roll: Roll, rng: random.Random) -> int:
        return 0

    def name_double(position: Position, choices: tuple[Roll, ...], rng: random.Random) -> Roll:
        named.append(choices)
        return choices[0]

    policy.name_double = name_double  # type: ignore[attr-defined]
    assert double_chooser(policy) is name_double
    assert double_chooser(greedy_policy) is greedy_double
    game = play_game(AceDeuce.name, 0, 0, policy)
    names = [a.dice for a in game.history if a.kind is ActionKind.NAME]
    assert names
    assert all(d == (1, 1) for d in names)
    assert len(named) == len(names)


def test_self_play_files_are_the_same_for_any_worker_count(tmp_path: Path) -> None:
    from nardy.agents.selfplay import records, selfplay

    inline = list(records(AceyToy.name, 4, 7, backend="inline", policy=first_play))
    out = tmp_path / "two.jsonl"
    selfplay(out, AceyToy.name, 4, 7, workers=2, chunk=1, policy=first_play)
    assert out.read_text(encoding="utf-8").splitlines() == inline
    random_lines = list(records(Cascade.name, 3, 7, backend="inline"))
    again = list(records(Cascade.name, 3, 7, backend="inline", chunk=1))
    assert random_lines == again


# --- pictures --------------------------------------------------------------------------


def test_three_dice_are_drawn() -> None:
    from nardy.pictures import svg

    position = ThreeDiceGammon().starting_position()
    assert svg.board(position, dice=Roll(6, 3, 1)).count('class="die"') == 3
    assert svg.board(position, dice=Roll(6, 3)).count('class="die"') == 2


def test_a_game_picture_shows_what_remains_of_the_turn() -> None:
    from nardy.pictures import svg

    game = Game.new(Cascade(), starter=Side.WHITE, rng=7).roll((5, 5))
    picture = svg.game(game)
    assert 'class="turn-state"' in picture
    assert ">then 66<" in picture
    game = Game.new(AceDeuce(), starter=Side.WHITE, rng=7).roll((2, 1)).play("24/23 24/22")
    assert game.phase is Phase.DECIDE
    assert ">to name a double; then rolls again<" in svg.game(game)
    short = svg.board(game.position, dice=Roll(4, 4).with_moves(3))
    assert 'class="moves"' in short
    assert ">x3<" in short
    plain = Game.new(nardy.Backgammon(), starter=Side.WHITE, rng=7).roll((3, 1))
    assert "turn-state" not in svg.game(plain)
    assert svg.turn_text(TurnState(pending=(Roll(4, 4).with_moves(3),), handed_over=True)) == (
        "handed over"
    )


def test_pool_entries_are_drawn_as_arrows() -> None:
    from nardy.pictures import svg

    start = PoolGame().starting_position()
    play = start.legal_plays(Roll(3, 1)).find("pool/22 pool/24")
    picture = svg.board(start, dice=Roll(3, 1), play=play)
    assert picture.count('class="arrow') == 2
    assert "step-26-22" in picture


def test_the_viewer_and_render_show_named_doubles_and_cascades(tmp_path: Path) -> None:
    from nardy.agents.selfplay import play_game
    from nardy.cli.main import main
    from nardy.pictures import viewer

    game = play_game(AceyToy.name, 3, 0)
    captions = [step.caption for step in viewer.steps(game)]
    assert any(" names " in c for c in captions)
    record = tmp_path / "acey.json"
    record.write_text(game.to_json(), encoding="utf-8")
    page = tmp_path / "acey.html"
    assert main(["view", str(record), "-o", str(page)]) == 0
    assert "names" in page.read_text(encoding="utf-8")
    plays = [i for i, a in enumerate(game.history) if a.kind is ActionKind.PLAY]
    out = tmp_path / "move.svg"
    assert main(["render", str(record), "--move", str(len(plays)), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<?xml")
    three = play_game("test-three-dice", 1, 0)
    rolls = [s.caption for s in viewer.steps(three) if " rolls " in s.caption]
    assert all(len(c.split(" rolls ")[1]) == 3 for c in rolls)


def test_render_reads_a_turn_between_segments() -> None:
    from nardy.cli.render import picture_of_text

    game = Game.new(Cascade(), starter=Side.WHITE, rng=7).roll((5, 5)).play("13/8(4)")
    text = turns.turn_id(turns.Turn(game.position, game.turn_state))
    picture = picture_of_text(text)
    assert picture.extras["dice"] == Roll(6, 6)
    assert picture.extras["turn"] == game.turn_state
    array = {**game.position.to_array(), "variant": Cascade.name, "turn": "w"}
    array.update(TurnState(pending=(Roll(5, 5), Roll(6, 6)), roll=Roll(5, 5)).to_dict())
    picture = picture_of_text(json.dumps(array))
    assert picture.extras["dice"] == Roll(5, 5)
    assert ">then 66<" in picture.svg()


def test_the_environment_draws_what_remains_of_the_turn() -> None:
    pytest.importorskip("pettingzoo")
    from nardy.agents.env import aec_env

    env = aec_env(Cascade(), render_mode="svg")
    env.reset(seed=1, options={"position": Cascade().starting_position(), "dice": (5, 5)})
    picture = env.render()
    assert picture is not None
    assert ">then 66<" in picture
