"""Every variant as an OpenSpiel game: OpenSpiel's own random simulation test, chance nodes, returns."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="nardy.agents.openspiel needs the openspiel extra")

import nardy  # noqa: E402
from helpers import play_turn, seeded_roll  # noqa: E402
from nardy.agents.env.steps import PASS, StepTurn  # noqa: E402
from nardy.agents.openspiel import GAME_NAMES, game_name, load  # noqa: E402

VARIANTS = nardy.variant_names()


def near_the_end(variant: str, seed: int) -> nardy.Position:
    """A position between two turns of a seeded random game once one side has borne off 12 checkers.

    The game is played by whole turns (:func:`helpers.play_turn`), with the
    variant's own dice.
    """
    rules = nardy.find_variant(variant)
    rng = random.Random(seed)
    position = rules.starting_position()
    while True:
        after = play_turn(rules, position, seeded_roll(rules, rng), rng.randrange)
        if after.is_over():
            return position
        if max(after.off(nardy.Side.WHITE), after.off(nardy.Side.BLACK)) >= rules.checkers - 3:
            return after
        position = after


def test_names() -> None:
    assert game_name("long-nardy") == "nardy_long_nardy"
    assert set(GAME_NAMES) == set(VARIANTS)
    registered = set(pyspiel.registered_names())
    assert {game_name(v) for v in VARIANTS} <= registered


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_from_the_start(variant: str) -> None:
    """OpenSpiel's checker, serialising every state: openings and the first plays."""
    game = pyspiel.load_game(game_name(variant), {"max_plies": 16})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_to_the_end(variant: str) -> None:
    """The same from a position near the end, so the games reach their results."""
    start = near_the_end(variant, seed=3)
    game = pyspiel.load_game(game_name(variant), {"start": start.id()})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_whole_game_of_hypergammon() -> None:
    game = pyspiel.load_game("nardy_hypergammon")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_chance_nodes() -> None:
    game = load("backgammon")
    state = game.new_initial_state()
    assert state.is_chance_node()
    opening = state.chance_outcomes()
    assert len(opening) == 30
    assert sum(p for _, p in opening) == pytest.approx(1.0)
    assert all(a // 6 != a % 6 for a, _ in opening)  # no ties
    state.apply_action(6 * (3 - 1) + (1 - 1))  # white 3, black 1: white plays 3-1
    assert state.current_player() == 0
    assert state.roll == nardy.Roll(3, 1)
    assert state.position == nardy.find_variant("backgammon").starting_position()
    # The step actions: 8/5 then 6/5 make the point; then a chance node again.
    state.apply_action(6 * (8 - 1) + 3 - 1)
    state.apply_action(6 * (6 - 1) + 1 - 1)
    assert state.is_chance_node()
    rolls = state.chance_outcomes()
    assert len(rolls) == 21
    assert sum(p for _, p in rolls) == pytest.approx(1.0)
    assert dict(rolls)[6 * 5 + 5] == pytest.approx(1 / 36)
    assert dict(rolls)[6 * 5 + 4] == pytest.approx(2 / 36)
    start = nardy.find_variant("backgammon").starting_position()
    assert state.position == start.play("8/5 6/5", (3, 1))


def test_opening_winner_takes_white_in_long_nardy() -> None:
    game = load("long-nardy")
    for white, black in ((1, 6), (6, 1)):
        state = game.new_initial_state()
        state.apply_action(6 * (white - 1) + black - 1)
        assert state.current_player() == 0


def test_reroll_opening_in_plakoto() -> None:
    """Plakoto's opening decides who starts; he then rolls again (a chance node)."""
    game = load("plakoto")
    state = game.new_initial_state()
    state.apply_action(6 * (2 - 1) + 5 - 1)  # black's 5 beats white's 2
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 21
    assert state.position.turn is nardy.Side.BLACK


def test_returns_are_the_result_points() -> None:
    rules = nardy.find_variant("backgammon")
    board = [1] + [0] * 17 + [-15] + [0] * 5
    start = rules.position(board, (0, 0), (14, 0))
    state = load("backgammon", start=start.id()).new_initial_state()
    assert state.is_chance_node()
    state.apply_action(6 * (3 - 1) + 1 - 1)
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == [2.0, -2.0]  # a gammon: black has none off


def test_legal_actions_are_the_step_modes() -> None:
    position = near_the_end("long-nardy", seed=5)
    state = load("long-nardy", start=position.id()).new_initial_state()
    state.apply_action(6 * 5 + 5)  # 6-6
    turn = StepTurn(position.legal_plays((6, 6)))
    assert state.legal_actions() == turn.allowed(turn.start)
    assert state.legal_actions() != [PASS] or turn.legal.is_pass


def test_observation_tensor_and_string() -> None:
    game = load("plakoto")
    state = game.new_initial_state()
    state.apply_action(6 * (5 - 1) + 2 - 1)
    state.apply_action(6 * 3 + 1)  # white to play 4-2
    tensor = state.observation_tensor(0)
    assert len(tensor) == 28 + 48 + 6
    assert tensor[-6:] == [0, 1, 0, 1, 0, 0]
    assert state.observation_string(0).startswith("plakoto:w:")


def test_parameters() -> None:
    game = load("long-nardy", head_exception="6_4", koks=True)
    assert game.variant.spec() == "long-nardy(head_exception=6-4,koks=true)"
    assert pyspiel.load_game("nardy_long_nardy(head_exception=6_4)").variant.head_exception == "6-4"
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("backgammon", colour="red")
    with pytest.raises(nardy.InvalidOptionError, match="not a kush position"):
        load("kush", start=nardy.find_variant("backgammon").starting_position().id())
    with pytest.raises(nardy.InvalidOptionError, match="not an acey-deucey position"):
        load("acey-deucey", start=nardy.find_variant("backgammon").starting_position().id())


def test_start_with_options_survives_serialisation() -> None:
    rules = nardy.find_variant("long-nardy(head_exception=6-4)")
    start = rules.starting_position(nardy.Side.BLACK)
    assert "(" in start.id()
    game = load("long-nardy", head_exception="6_4", start=start.id())
    state = game.new_initial_state()
    state.apply_action(6 * 3 + 2)
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.start == start
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()


def random_states(variant: str, seed: int, count: int) -> list[object]:
    """``count`` states of seeded random games (chance nodes, mid-roll, ends), each its own."""
    game = load(variant)
    rng = random.Random(seed)
    states: list[object] = []
    state = game.new_initial_state()
    while len(states) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        states.append(state.clone())
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return states


@pytest.mark.parametrize("variant", ["backgammon", "kush", "plakoto"])
def test_python_answers_are_openspiels(variant: str) -> None:
    """legal_actions and is_chance_node answered in Python agree with OpenSpiel's own (C++) methods."""
    for state in random_states(variant, seed=1, count=400):
        assert state.legal_actions() == pyspiel.State.legal_actions(state)  # type: ignore[attr-defined]
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)  # type: ignore[attr-defined]
        for player in (0, 1):
            mine = state.legal_actions(player)  # type: ignore[attr-defined]
            assert mine == pyspiel.State.legal_actions(state, player)
        if state.is_terminal():  # type: ignore[attr-defined]
            assert state.legal_actions() == []  # type: ignore[attr-defined]


def test_action_lists_are_the_callers() -> None:
    """A caller may change the lists it gets: the next answer is the same as the first."""
    state = load("backgammon").new_initial_state()
    outcomes = state.chance_outcomes()
    outcomes.clear()
    assert len(state.chance_outcomes()) == 30
    state.apply_action(6 * (3 - 1) + (1 - 1))
    legal = state.legal_actions()
    first = list(legal)
    legal.append(999)
    legal.reverse()
    assert state.legal_actions() == first
    assert state.legal_actions(0) == first
    clone = state.clone()
    assert clone.legal_actions() == first


def test_clones_go_their_own_ways() -> None:
    """A clone shares the turn's tree with its original, yet each moves on alone."""
    game = load("backgammon")
    state = game.new_initial_state()
    state.apply_action(6 * (3 - 1) + (1 - 1))  # white 3, black 1: white plays 3-1
    state.apply_action(6 * (8 - 1) + 3 - 1)  # 8/5: part way through the roll
    clone = state.clone()
    assert str(clone) == str(state)
    assert clone.history() == state.history()
    assert clone.turn is state.turn
    first, last = 6 * (6 - 1) + 1 - 1, 6 * (24 - 1) + 1 - 1  # 6/5 or 24/23
    assert {first, last} <= set(state.legal_actions())
    state.apply_action(first)
    clone.apply_action(last)
    assert state.history()[-1] == first
    assert clone.history()[-1] == last
    assert str(state) != str(clone)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    assert again.observation_tensor(0) == state.observation_tensor(0)


def test_a_state_part_way_through_a_roll_survives_serialisation() -> None:
    game = load("plakoto")
    rng = random.Random(7)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state)
        assert copy.legal_actions() == state.legal_actions()
        assert copy.observation_tensor(1) == state.observation_tensor(1)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state)
        checked += 1
    assert checked == 40


def test_an_action_not_allowed_is_refused() -> None:
    state = load("backgammon").new_initial_state()
    state.apply_action(6 * (3 - 1) + (1 - 1))
    with pytest.raises(nardy.IllegalActionError, match="not allowed"):
        state.apply_action(PASS)
    assert state.legal_actions()  # the state is as it was


def test_russian_complement_is_a_segment_and_the_roll_again_a_chance_node() -> None:
    """A Russian 3-3 fully played: the 4-4 follows with no chance node, then white rolls again."""
    start = nardy.find_variant("russian").starting_position()
    state = load("russian", start=start.id()).new_initial_state()
    assert state.is_chance_node()
    state.apply_action(6 * (3 - 1) + 3 - 1)
    played = []
    while not state.is_chance_node():
        assert state.current_player() == 0
        played.append(state.roll)
        state.apply_action(state.legal_actions()[0])
    assert played == [nardy.Roll(3, 3)] * 4 + [nardy.Roll(4, 4)] * 4
    assert len(state.chance_outcomes()) == 21
    assert state.position.turn is nardy.Side.WHITE
    assert state.position.extra(nardy.Side.WHITE)["pool"] == 7
    state.apply_action(6 * (2 - 1) + 1 - 1)  # a 2-1: one segment, then black rolls
    while not state.is_chance_node():
        assert state.current_player() == 0
        state.apply_action(state.legal_actions()[0])
    after = state.position  # (a new name: mypy keeps the WHITE it narrowed above)
    assert after.turn is nardy.Side.BLACK
