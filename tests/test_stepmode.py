"""The step mode's two searches agree: the native core's (``Rules.step_search``) and the Python one of :mod:`nardy.engine.stepmode`.

At every node the allowed steps lead to, on seeded positions of every
variant (and the pool games' options that change their movement) and on
built positions of any roll (Hypothesis): the same allowed actions, the
same children. Also: the binding refuses bad input with ``ValueError``, and
node codes are values (equal for equal nodes whatever the path, pickled as
themselves).
"""

from __future__ import annotations

import pickle
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Roll
from nardy.agents.env.steps import PASS, StepTurn, encode_action
from nardy.engine import native
from nardy.engine.stepmode import StepTree, dice_code
from strategies import positions, rolls
from strategies_tavli import tavli_positions
from test_env_steps import BUILT, POOL_SPECS, VARIANTS, game_positions

needs_native = pytest.mark.skipif(not native.available(), reason="the pure build: no native core")


def both(legal: nardy.LegalPlays) -> tuple[StepTree, StepTree]:
    """The native tree and the Python tree of one roll."""
    turn = StepTurn(legal)
    tree = turn.tree
    args = (legal.position.packed, tree.moves, legal.raw_results(), tree.contact, tree.enters)
    native_tree = StepTree(*args, tree.movement)
    python_tree = StepTree(*args, tree.movement, native=False)
    assert native_tree.is_native
    assert not python_tree.is_native
    return native_tree, python_tree


def compare(legal: nardy.LegalPlays) -> int:
    """Every node the allowed steps lead to: the same allowed actions and children; returns the nodes seen."""
    native_tree, python_tree = both(legal)
    stack = [native_tree.start]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        allowed = native_tree.allowed(node)
        assert allowed == python_tree.allowed(node), (legal.position.id(), legal.roll)
        for action in allowed:
            if action != PASS:
                child = native_tree.child(node, action)
                assert child == python_tree.child(node, action)
                stack.append(child)
    return len(seen)


@needs_native
@pytest.mark.parametrize("spec", [*VARIANTS, *POOL_SPECS])
def test_native_and_python_searches_agree(spec: str) -> None:
    """Seeded positions of random games of each variant, every node the allowed steps reach."""
    nodes = sum(
        compare(position.legal_plays(roll))
        for position, roll in game_positions(spec, 40, seed=12, stride=3)
    )
    assert nodes > 100


@needs_native
@settings(max_examples=25, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("spec", BUILT)
def test_native_and_python_searches_agree_on_built_positions(
    spec: str, data: st.DataObject
) -> None:
    """Built positions (primes, closed boards, bear-offs, stuck runners, pins) and any roll."""
    rules = nardy.find_variant(spec)
    if rules.name in ("plakoto", "fevga"):
        position = data.draw(tavli_positions(rules))
    else:
        position = data.draw(positions(rules))
    compare(position.legal_plays(data.draw(rolls())))


@needs_native
def test_the_binding_refuses_bad_input() -> None:
    """A state, dice left or target the core refuses is a ValueError, never a crash."""
    legal = nardy.find_variant("backgammon").starting_position().legal_plays((3, 1))
    tree = StepTurn(legal).tree
    rules: Any = native.rules_for(search_table(tree))  # (with the step mode's methods)
    width = len(legal.position.packed)
    targets = b"".join(legal.raw_results())
    search = rules.step_search(targets, False)
    width += 4
    start = tree.start.to_bytes(width, "little")
    assert search.allowed(start)[1]
    bad_dice = (tree.start & ~0xFFFFFFFF | dice_code((3, 3))).to_bytes(width, "little")
    for node in [
        start[:3],  # no dice code
        start[:24],  # too short a state
        start[:4] + b"\xff" * 28,  # counts out of range
        bad_dice,  # not the table's dice
        (tree.start | 31).to_bytes(width, "little"),  # 31 ones
        object(),  # not bytes
    ]:
        with pytest.raises(ValueError, match=r"."):
            search.allowed(node)
    with pytest.raises(ValueError, match="target 1"):
        rules.step_search(targets[:28] + b"\xff" * 28, False)
    with pytest.raises(ValueError, match="no keys of 28"):
        rules.step_search(targets[:30], False)
    with pytest.raises(ValueError, match="bytes, not a list"):
        rules.step_search([targets], False)


def search_table(tree: StepTree) -> tuple[int, ...]:
    """The board-only table of a tree's turn."""
    from nardy.engine.reference import TurnRules
    from nardy.engine.table import native_table

    table = native_table(
        TurnRules(tree.moves, tree.contact, tree.enters, None, None, None, True, [], tree.movement),
        tree.size,
    )
    assert table is not None
    return table


@pytest.mark.parametrize("use_native", [True, False])
def test_node_codes_are_values(use_native: bool) -> None:
    """Equal nodes have equal codes whatever the path; a code pickles as itself."""
    if use_native and not native.available():
        pytest.skip("the pure build: no native core")
    legal = nardy.find_variant("backgammon").starting_position().legal_plays(Roll(3, 1))
    turn = StepTurn(legal)
    tree = turn.tree
    if not use_native:
        args = (legal.position.packed, tree.moves, legal.raw_results(), tree.contact, tree.enters)
        tree = StepTree(*args, tree.movement, native=False)
    one = tree.child(tree.child(tree.start, encode_action(8, 3)), encode_action(6, 1))
    two = tree.child(tree.child(tree.start, encode_action(6, 1)), encode_action(8, 3))
    assert one == two
    assert pickle.loads(pickle.dumps(one)) == one
    assert tree.play_at(one) >= 0
    assert legal[tree.play_at(one)].notation() == "8/5 6/5"


@needs_native
@settings(max_examples=200, deadline=None)
@given(node=st.binary(max_size=48), targets=st.binary(max_size=120), returns=st.booleans())
def test_the_binding_never_crashes(node: bytes, targets: bytes, returns: bool) -> None:
    """Random bytes for a node and targets: an answer or a ValueError, never a crash."""
    legal = nardy.find_variant("kush").starting_position().legal_plays((2, 2))
    rules: Any = native.rules_for(search_table(StepTurn(legal).tree))
    try:
        search = rules.step_search(targets, returns)
        search.allowed(node)
    except ValueError:
        pass


@needs_native
def test_threads_share_a_native_search() -> None:
    """Threads asking one search at once (the GIL released) get the answers one thread gets."""
    positions = [p for p, _ in game_positions("backgammon", 12, seed=13)]
    legal = [p.legal_plays(Roll(3, 3)) for p in positions]
    alone = [StepTurn(x).tree.allowed(StepTurn(x).tree.start) for x in legal]
    trees = [StepTurn(x).tree for x in legal]
    with ThreadPoolExecutor(4) as pool:
        shared = list(pool.map(lambda tree: tree.allowed(tree.start), trees * 4))
    assert shared == alone * 4
