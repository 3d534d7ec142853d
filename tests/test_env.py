"""The PettingZoo and Gymnasium environments of nardy.agents.env, every variant, both action modes."""

from __future__ import annotations

import copy
import itertools
import random
import subprocess
import sys
import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import pytest

np = pytest.importorskip("numpy", reason="nardy.agents.env needs the rl extra (numpy)")
pytest.importorskip("pettingzoo", reason="nardy.agents.env needs the rl extra (pettingzoo)")
gymnasium = pytest.importorskip(
    "gymnasium", reason="nardy.agents.env needs the rl extra (gymnasium)"
)

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import nardy  # noqa: E402
from helpers import seeded_roll, turn_segments  # noqa: E402
from nardy import Roll  # noqa: E402
from nardy.agents.env import (  # noqa: E402
    GYM_IDS,
    aec_env,
    array_encoding,
    gym_env,
    max_plays,
    unit_encoding,
)
from nardy.agents.env.core import Opening  # noqa: E402
from nardy.agents.env.steps import PASS  # noqa: E402
from nardy.errors import GameOverError, IllegalActionError, InvalidOptionError  # noqa: E402
from nardy.game.turns import count_roll  # noqa: E402

VARIANTS = nardy.variant_names()
MODES = ("play", "step")


def quietly(check: object, *args: object, **kwargs: object) -> None:
    """Run a library checker without its advice warnings (agent names, Dict observations)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)  # type: ignore[operator]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_and_seed_tests(variant: str, mode: str) -> None:
    quietly(api_test, aec_env(variant, action_mode=mode), num_cycles=20)
    quietly(seed_test, lambda: aec_env(variant, action_mode=mode), num_cycles=20)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env_and_make(variant: str, mode: str) -> None:
    quietly(check_env, gym_env(variant, action_mode=mode), skip_render_check=True)
    env = gymnasium.make(GYM_IDS[variant], action_mode=mode)
    obs, _ = env.reset(seed=5)
    assert obs["action_mask"].any()
    assert env.unwrapped.position.variant.name == variant


def test_gym_ids() -> None:
    assert GYM_IDS["backgammon"] == "nardy/Backgammon-v0"
    assert GYM_IDS["long-nardy"] == "nardy/LongNardy-v0"
    assert set(GYM_IDS) == set(VARIANTS)
    for gid in GYM_IDS.values():
        assert gid in gymnasium.registry


def test_import_nardy_stays_light() -> None:
    code = (
        "import nardy, sys; print(sorted({'numpy', 'pettingzoo', 'gymnasium'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def random_game(variant: str, mode: str, seed: int, **options: object) -> list[object]:
    """The trajectory of a game with seeded random actions: (agent, obs, reward, action) tuples."""
    env = aec_env(variant, action_mode=mode, **options)  # type: ignore[arg-type]
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[object] = []
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        action = None if done or cut else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        out.append((agent, obs["observation"].tolist(), reward, action))
        env.step(action)
    return out


@pytest.mark.parametrize("mode", MODES)
def test_same_seed_same_game(mode: str) -> None:
    first = random_game("long-nardy", mode, seed=7)
    assert first == random_game("long-nardy", mode, seed=7)
    assert first != random_game("long-nardy", mode, seed=8)


def test_opening_roll_is_the_variants() -> None:
    """Backgammon opens with one die each: never a double; long nardy's winner takes white."""
    for seed in range(40):
        env = aec_env("backgammon")
        env.reset(seed=seed)
        assert not env.roll.is_double
        env = aec_env("long-nardy")
        env.reset(seed=seed)
        assert env.agent_selection == "white"


@attrs.frozen
class TwoDiceOpening(nardy.Backgammon):
    """Backgammon opened with two dice each, the winner playing his own two (no built-in does)."""

    name: ClassVar[str] = "test-two-dice-opening"
    aliases: ClassVar[tuple[str, ...]] = ()
    game_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"opening": "two_dice_each_use_both"}
    )


@attrs.frozen
class TwoDiceReroll(TwoDiceOpening):
    """Opened with two dice each; the winner then rolls afresh."""

    name: ClassVar[str] = "test-two-dice-reroll"
    game_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"opening": "two_dice_each_reroll"}
    )


@pytest.mark.parametrize(
    "variant", [nardy.find_variant(v) for v in VARIANTS] + [TwoDiceOpening(), TwoDiceReroll()]
)
def test_opening_draws_as_a_new_game_does(variant: nardy.Variant) -> None:
    """The env's opening (no Game built) takes the same draws to the same start as Game."""
    opening = Opening(variant)
    for seed in range(300):
        game = nardy.Game.new(variant, rng=random.Random(seed))
        while game.dice is None:
            game = game.roll()
        ours = random.Random(seed)
        position, roll = opening(ours)
        # (Game shows the first turn begun: its roll counted where rolls are counted.)
        assert (count_roll(variant, position), roll) == (game.position, game.dice)
        # The generators are left in the same state: the games go on alike.
        assert ours.random() == game.rng.source.random()  # type: ignore[union-attr]


def bear_off_position(variant: str = "backgammon") -> nardy.Position:
    """The mover has one checker left on his 1-point; the opponent none off (a gammon)."""
    rules = nardy.find_variant(variant)
    board = [1] + [0] * 17 + [-15] + [0] * 5
    return rules.position(board, (0, 0), (14, 0))


@pytest.mark.parametrize(("reward", "expected"), [("points", 2.0), ("win", 1.0)])
@pytest.mark.parametrize("mode", MODES)
def test_rewards_at_the_end(reward: str, expected: float, mode: str) -> None:
    env = aec_env("backgammon", action_mode=mode, reward=reward)
    env.reset(options={"position": bear_off_position(), "dice": (3, 1)})
    assert env.agent_selection == "white"
    obs, _, _, _, info = env.last()
    assert info["plays"] == ["1/off"]
    action = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(action)
    while not env.terminations["white"]:  # step mode: the bear-off was one step
        env.step(int(np.flatnonzero(env.observe("white")["action_mask"])[0]))
    assert env.rewards == {"white": expected, "black": -expected}
    assert env.position.result() == nardy.Result(nardy.Side.WHITE, nardy.ResultKind.GAMMON, 2)
    for agent in env.agent_iter():
        _, cumulative, done, _, _ = env.last()
        assert done
        assert cumulative == (expected if agent == "white" else -expected)
        env.step(None)
    assert env.agents == []


def test_max_plies_truncates() -> None:
    env = aec_env("backgammon", max_plies=3)
    env.reset(seed=1)
    plies = 0
    for _ in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            assert cut
            assert not done
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        plies += 1
    assert plies == 3


def test_reset_from_a_position_with_dice() -> None:
    start = nardy.find_variant("backgammon").starting_position(nardy.Side.BLACK)
    env = aec_env("backgammon")
    env.reset(options={"position": start, "dice": (3, 1)})
    assert env.agent_selection == "black"
    assert env.position == start
    assert env.roll == Roll(3, 1)
    obs, _, _, _, info = env.last()
    legal = start.legal_plays((3, 1))
    assert info["plays"] == legal.notations()
    assert obs["action_mask"].sum() == len(legal) == 16
    assert obs["action_mask"][:16].all()
    assert env.observe("white")["action_mask"].sum() == 0
    env.step(legal.find_index("8/5 6/5"))
    assert env.position == start.play("8/5 6/5", (3, 1))
    assert env.agent_selection == "white"


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"dice": (3, 1)}, "needs a 'position'"),
        ({"position": "not a position"}, "must be a backgammon nardy.Position"),
        ({"position": nardy.find_variant("long-nardy").starting_position()}, "backgammon"),
        ({"position": bear_off_position().play("1/off", (3, 1))}, "already over"),
    ],
)
def test_bad_reset_options(options: dict[str, object], match: str) -> None:
    env = aec_env("backgammon")
    with pytest.raises(InvalidOptionError, match=match):
        env.reset(options=options)


def test_a_bad_reset_position_names_the_variant_with_the_right_article() -> None:
    env = aec_env("acey-deucey")
    with pytest.raises(InvalidOptionError, match=r"must be an acey-deucey nardy\.Position"):
        env.reset(options={"position": nardy.Backgammon().starting_position()})


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"action_mode": "move"}, "action_mode"),
        ({"observation": "pixels"}, "encoding"),
        ({"reward": "money"}, "reward"),
        ({"max_plies": 0}, "max_plies"),
        ({"render_mode": "human"}, "render_mode"),
    ],
)
def test_bad_env_options(options: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidOptionError, match=match):
        aec_env("backgammon", **options)  # type: ignore[arg-type]


def test_unknown_variant() -> None:
    with pytest.raises(nardy.UnknownVariantError):
        aec_env("chess")


@pytest.mark.parametrize("mode", MODES)
def test_illegal_actions_raise(mode: str) -> None:
    env = aec_env("backgammon", action_mode=mode)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(bad)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        env.step("8/5 6/5")  # type: ignore[arg-type]


def test_step_mode_plays_legal_plays() -> None:
    """Every completed step sequence of a seeded game is one of the roll's legal plays."""
    env = aec_env("plakoto", action_mode="step")
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    before, legal, plays = env.position, env.position.legal_plays(env.roll), 0
    for agent in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if env.position != before:
            assert env.position in legal.resulting_positions()
            plays += 1
            before = env.position
            if not before.is_over():
                legal = before.legal_plays(env.roll)
        elif env.agent_selection != agent:  # a pass: same checkers, the other side
            assert legal.is_pass
    assert plays > 20


def test_pass_is_the_only_action_when_nothing_moves() -> None:
    rules = nardy.find_variant("backgammon")
    board = [2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2, -2, -2, -2, -2, -2]
    position = rules.position(board, (1, 0), (2, 3))
    for mode, only in (("play", 0), ("step", PASS)):
        env = aec_env("backgammon", action_mode=mode)
        env.reset(options={"position": position, "dice": (6, 5)})
        assert np.flatnonzero(env.observe("white")["action_mask"]).tolist() == [only]
        env.step(only)
        assert env.agent_selection == "black"
        assert env.position == position.pass_turn()


def test_deepcopy_is_cheap_and_independent() -> None:
    env = aec_env("long-nardy", action_mode="step")
    env.reset(seed=2)
    twin = copy.deepcopy(env)
    # Cheap because the per-turn data (never changed once made) are shared,
    # not copied (benchmarks/bench_env.py prints what a copy costs).
    assert twin.state_.legal is env.state_.legal
    assert twin.state_.turn is env.state_.turn
    assert twin.observation_spaces is env.observation_spaces
    obs = twin.observe(twin.agent_selection)
    twin.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not np.array_equal(obs["observation"], twin.observe("white")["observation"])
    assert np.array_equal(env.observe(env.agent_selection)["observation"], obs["observation"])
    # Both go on with the same dice: the generator was copied, not shared.
    a, b = copy.deepcopy(env), copy.deepcopy(env)
    for e in (a, b):
        while e.position == env.position:
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert a.roll == b.roll


def test_render() -> None:
    env = aec_env("backgammon", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == str(env.position)
    svg = aec_env("backgammon", render_mode="svg")
    svg.reset(seed=1)
    assert "<svg" in str(svg.render())
    assert aec_env("backgammon").render() is None


def test_afterstates_info() -> None:
    env = aec_env("long-nardy", observation="unit", afterstates=True)
    env.reset(seed=4)
    _, _, _, _, info = env.last()
    legal = env.position.legal_plays(env.roll)
    rows = info["afterstates"]
    assert rows.shape == (len(legal), 198)
    for i, after in enumerate(legal.resulting_positions()):
        assert np.array_equal(rows[i], unit_encoding(after))


def test_array_encoding_of_the_start() -> None:
    start = nardy.find_variant("backgammon").starting_position()
    enc = array_encoding(start)
    assert enc.dtype == np.float32
    assert enc.tolist() == [*start.board, 0, 0, 0, 0]
    assert enc[23] == 2  # the mover's two back checkers on his 24-point
    assert enc[0] == -2  # the opponent's on the mover's 1-point


def test_unit_encoding_by_hand() -> None:
    rules = nardy.find_variant("backgammon")
    # The mover: 5 on his 6-point, 3 on 8, 7 on 1; the opponent: 15 on the mover's 24.
    board = [7, 0, 0, 0, 0, 5, 0, 3] + [0] * 15 + [-15]
    enc = unit_encoding(rules.position(board)).tolist()
    assert len(enc) == 198
    assert enc[0:4] == [1, 1, 1, 2.0]  # 7 checkers: (7 - 3) / 2 beyond three
    assert enc[20:24] == [1, 1, 1, 1.0]  # 5 on the 6-point
    assert enc[28:32] == [1, 1, 1, 0]  # 3 on the 8-point
    assert enc[96 + 92 : 96 + 96] == [1, 1, 1, 6.0]  # the opponent's 15
    assert enc[192:198] == [0, 0, 0, 0, 1, 0]  # bars, offs, white to move
    assert sum(enc[4:20]) == 0


def test_plakoto_encodings_carry_the_pins() -> None:
    rules = nardy.find_variant("plakoto")
    env = aec_env("plakoto", observation="unit")
    space = env.observation_space("white")
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"].shape == (198 + 48 + 6,)
    position = rules.starting_position()
    assert len(array_encoding(position)) == 28 + 48
    assert len(unit_encoding(position)) == 198 + 48


def test_pin_flags_of_random_plakoto_games() -> None:
    """Both encodings end with the pins as flags: bit p of the state's pinned values, mover first."""
    env = aec_env("plakoto")
    rng = random.Random(3)
    pinned = 0
    for seed in range(12):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            position = env.position
            raw = position.raw
            flags = [float((raw[i] >> p) & 1) for i in (28, 29) for p in range(1, 25)]
            assert array_encoding(position)[28:].tolist() == flags
            assert unit_encoding(position)[198:].tolist() == flags
            assert obs["observation"][28:76].tolist() == flags
            pinned += int(sum(flags))
            allowed = np.flatnonzero(obs["action_mask"])
            env.step(int(allowed[rng.randrange(len(allowed))]))
    assert pinned > 100  # the games did pin checkers


@pytest.mark.parametrize(
    "variant", ["acey-deucey", "tabula", "gul-bara", "gioul", "dutch", "russian"]
)
def test_count_fields_end_both_encodings(variant: str) -> None:
    """A variant whose extra fields are counts (a pool, a turn's rolls): both encodings end with the values, mover first."""
    rules = nardy.find_variant(variant)
    rng = random.Random(f"counts/{variant}")
    size = 2 * len(rules.extra_fields())
    segments = turn_segments(rules, lambda: seeded_roll(rules, rng), rng.randrange)
    seen: set[tuple[int, ...]] = set()
    for position, _ in itertools.islice(segments, 300):
        values = list(position.raw[28 : 28 + size])
        for encoded in (array_encoding(position), unit_encoding(position)):
            assert encoded.dtype == np.float32
            assert encoded[-size:].tolist() == values
        assert len(array_encoding(position)) == 28 + size
        seen.add(tuple(values))
    assert len(seen) > 3  # the counts change along the games


def test_max_plays_bound() -> None:
    assert max_plays(nardy.find_variant("backgammon")) == 3876
    assert max_plays(nardy.find_variant("kush")) == 3877
    assert max_plays(nardy.find_variant("hypergammon")) == 35
    assert aec_env("backgammon").action_space("white") == gymnasium.spaces.Discrete(3876)
    step_space = aec_env("backgammon", action_mode="step").action_space("white")
    assert step_space == gymnasium.spaces.Discrete(152)


@pytest.mark.parametrize("variant", VARIANTS)
def test_max_plays_holds_on_every_roll_of_random_games(variant: str) -> None:
    """Every roll of the variant's dice, and every segment its turns give, at 25 points of random games."""
    rules = nardy.find_variant(variant)
    bound = max_plays(rules)
    rng = np.random.default_rng(0)
    rolls = rules.rolls()
    segments = turn_segments(
        rules,
        lambda: rolls[int(rng.integers(len(rolls)))],
        lambda n: int(rng.integers(n)),
    )
    for position, segment in itertools.islice(segments, 25):
        counts = [len(position.legal_plays(roll)) for roll in (*rolls, segment)]
        assert max(counts) <= bound


def test_gym_env_plays_against_an_opponent() -> None:
    seen: list[int] = []

    def first_allowed(obs: dict[str, Any]) -> int:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        seen.append(action)
        return action

    env = gym_env("backgammon", opponent=first_allowed, side="black", reward="win")
    obs, _ = env.reset(seed=9)
    assert env.position.turn is nardy.Side.BLACK
    done = cut = False
    reward = 0.0
    while not (done or cut):
        obs, reward, done, cut, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert reward in (1.0, -1.0)
    assert seen
    with pytest.raises(GameOverError):
        env.step(0)


def test_gym_illegal_action() -> None:
    env = gym_env("backgammon")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    strict = gym_env("backgammon", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(bad)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"side": "red"}, "side"),
        ({"opponent": "greedy"}, "opponent"),
        ({"illegal": "ignore"}, "illegal"),
    ],
)
def test_bad_gym_options(options: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidOptionError, match=match):
        gym_env("backgammon", **options)  # type: ignore[arg-type]


def test_the_env_rolls_as_randint_does() -> None:
    """The env's dice are Roll(randint(1, 6), randint(1, 6)) of its generator: seeds keep their games."""
    env = aec_env("backgammon")
    ours, theirs = random.Random(11), random.Random(11)
    env.state_.rng = ours
    for _ in range(500):
        assert env.state_.random_roll() == Roll(theirs.randint(1, 6), theirs.randint(1, 6))


def test_step_mode_keeps_its_node_as_a_tree_code() -> None:
    """Step mode: the state's node is its turn's tree node code, and the mask its allowed steps."""
    env = aec_env("kush", action_mode="step")
    env.reset(seed=9)
    rng = random.Random(9)
    steps = 0
    for _ in range(400):
        state = env.state_
        assert state.turn is not None
        assert isinstance(state.node, int)
        mask = env.observe(env.agent_selection)["action_mask"]
        allowed = list(state.turn.tree.allowed(state.node))
        assert [int(a) for a in mask.nonzero()[0]] == allowed
        env.step(rng.choice(allowed))
        steps += 1
        if any(env.terminations.values()) or any(env.truncations.values()):
            break
    assert steps > 50
