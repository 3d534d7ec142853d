"""The native core (the extension module of native/python) against today's engine, and its boundary: never a crash.

For every built-in configuration (``test_reference_search.CONFIGURATIONS``,
each variant with every value of every option that changes a legal set),
on seeded positions along random games and every segment of its dice:

* the turn's rules are all data the core knows (:func:`native_table` is
  not ``None``), and the native results' set of resulting states (each key
  unpacked) is exactly that of ``Variant.legal_plays``, each once;
* each native play's steps, replayed on the board, reach its state.

The boundary: random ints as a table and as states give an answer or an
:class:`~nardy.errors.EngineError`, never a crash; ``search_many`` is
``search`` one by one; two threads asking at once get the same answers.
The default sweep is small; ``@pytest.mark.sweep`` takes more positions.
"""

from __future__ import annotations

import contextlib
import os
import threading
from typing import Any

import hypothesis
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Position, Roll, StepRule, Variant
from nardy.engine import apply_steps, native
from nardy.engine.reference import TurnRules, turn_rules
from nardy.engine.state import pack, steps_of_code, unpack
from nardy.engine.table import native_table
from nardy.errors import EngineError
from nardy.rules.board import ENTER, NO_BAR, RETURN
from nardy.rules.vocabulary import Entering
from nardy.variants.planning import contact_code
from test_reference_search import (
    CONFIGURATIONS,
    SPECS,
    dice,
    game_positions,
    reachable_positions,
    segments,
)

pytestmark = pytest.mark.skipif(
    not native.available(),
    reason="the native core is not built (the pure build): build native/ and link its module into src/nardy",
)

#: Positions per configuration of the wide sweep (``NARDY_NATIVE_SWEEP``).
SWEEP = int(os.environ.get("NARDY_NATIVE_SWEEP", "6"))


def bar_model(variant: Variant) -> int:
    """The bar model :func:`apply_steps.make_steps` replays with."""
    if not variant.has_bar:
        return NO_BAR
    return RETURN if variant.entering is Entering.RETURN else ENTER


def disagreement(variant: Variant, position: Position, roll: Roll) -> str | None:
    """None when the native core gives today's engine's results here, else a reproduction."""
    start = position.raw
    rules = turn_rules(variant, start, roll)
    found = native.native_plays(rules, start)
    where = f"{variant.spec()} position {position.id()} roll {roll}"
    if found is None:
        return f"{where}: not native (table {native_table(rules, len(start))})"
    states = [unpack(key) for key, _ in found]
    expected = set(variant.legal_plays(position, roll, cache=False).result_states())
    if len(set(states)) != len(states):
        return f"{where}: the native core gives a state twice"
    if (set(states) or {start}) != expected:
        mine, theirs = set(states), expected
        return f"{where}: native only {sorted(mine - theirs)}, engine only {sorted(theirs - mine)}"
    for state, (_, code) in zip(states, found):
        steps = [(src, dst, die) for src, dst, die, _ in steps_of_code(code)]
        contact = contact_code(variant.turn_contact(roll))
        movement = rules.movement
        reached = apply_steps.make_steps(
            start, steps, variant.moves(roll), contact, bar_model(variant), movement
        )
        if reached != state:
            return f"{where}: the steps {steps} reach {reached}, not {state}"
    return None


def check(variant: Variant, positions: list[tuple[str, Position]]) -> int:
    """Compare every position with every segment of the variant; returns the number compared."""
    problems = [
        problem
        for _, position in positions
        for roll in segments(variant)
        if (problem := disagreement(variant, position, roll)) is not None
    ]
    assert not problems, f"{len(problems)} disagreements, the first:\n" + "\n".join(problems[:3])
    return len(positions) * len(segments(variant))


# --- the native results against today's engine ----------------------------------------------


@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_native_agrees_with_the_engine(variant: Variant) -> None:
    """One seeded position along a random game of every configuration, every segment of its dice."""
    assert check(variant, game_positions(variant, 1, "native")) == len(segments(variant))


@pytest.mark.sweep
@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_sweep_native_agrees_with_the_engine(variant: Variant) -> None:
    positions = game_positions(variant, SWEEP, "native-sweep")
    assert check(variant, positions) == SWEEP * len(segments(variant))


@hypothesis.settings(max_examples=60, deadline=None)
@hypothesis.seed(39)
@given(data=st.data())
def test_property_reachable_positions_agree(data: st.DataObject) -> None:
    """Any configuration, any position reached by random play from the start, any roll of its dice."""
    variant = data.draw(st.sampled_from(CONFIGURATIONS), label="variant")
    position = data.draw(reachable_positions(variant), label="position")
    assert disagreement(variant, position, data.draw(dice(variant))) is None


def test_the_starts_agree() -> None:
    """Every variant's starting position, every segment (the first turn's head rule, the pools)."""
    for variant in {type(v): v for v in CONFIGURATIONS}.values():
        check(variant, [("start", variant.starting_position(nardy.Side.WHITE))])


def test_a_step_rule_that_declares_nothing_runs_in_python() -> None:
    variant = nardy.find_variant("backgammon")
    start = variant.starting_position(nardy.Side.WHITE).raw
    rules = turn_rules(variant, start, Roll(3, 1))
    assert native.native_plays(rules, start) is not None
    rules.step_rule = StepRule(lambda board, src, dst: dst != 5)
    assert native_table(rules, len(start)) is None
    assert native.native_plays(rules, start) is None


def test_extra_plays_that_are_not_the_return_from_this_start_run_in_python() -> None:
    kush = nardy.find_variant("kush")
    start = list(kush.starting_position(nardy.Side.WHITE).raw)
    start[24], start[25] = 13, 2  # two checkers of the mover's on his bar
    rules = turn_rules(kush, tuple(start), Roll(3, 3))
    assert rules.extra
    assert native.native_plays(rules, tuple(start)) is not None
    other = list(start)
    other[25], other[24] = 3, 12  # a return that would suit another start
    assert native.native_plays(rules, tuple(other)) is None
    found = native.native_plays(rules, tuple(start))
    assert found is not None
    assert steps_of_code(found[-1][1]) == ((25, 24, 3, False),) * 2  # the return, appended last
    # The return itself, and the double's moves beside it: what the engine gives.
    for double in range(1, 7):
        position = Position.from_raw(kush, nardy.Side.WHITE, tuple(start))
        assert disagreement(kush, position, Roll(double, double)) is None


# --- the boundary: never a crash -------------------------------------------------------------


def a_table() -> tuple[int, ...]:
    """A table the core reads: backgammon's first turn with 6-5."""
    variant = nardy.find_variant("backgammon")
    start = variant.starting_position(nardy.Side.WHITE).raw
    table = native_table(turn_rules(variant, start, Roll(6, 5)), len(start))
    assert table is not None
    return table


def test_a_table_the_core_refuses_is_an_engine_error_naming_it() -> None:
    table = a_table()
    with pytest.raises(EngineError, match=r"refuses the table \(2, "):
        native.rules_for((2, *table[1:]))
    with pytest.raises(EngineError, match="contact"):
        native.rules_for((1, 7, *table[2:]))
    with pytest.raises(EngineError):
        native.rules_for(table[:-1])


def test_a_state_the_core_refuses_is_an_engine_error_naming_it() -> None:
    variant = nardy.find_variant("backgammon")
    start = variant.starting_position(nardy.Side.WHITE).raw
    rules = turn_rules(variant, start, Roll(6, 5))
    with pytest.raises(EngineError, match=r"refuses the state \(0, "):
        native.native_plays(rules, (0, *start[:-2], 999))
    table = native_table(rules, len(start))
    assert table is not None
    with pytest.raises(ValueError, match="30"):  # a state of another size than the table's
        native.rules_for(table).search((*start, 0, 0))


def test_bad_python_values_are_value_errors_from_the_module() -> None:
    rules = native.rules_for(a_table())
    # The module's class, reached through an instance (tests use no private
    # module); typed loosely since bad values are the point.
    Rules: Any = type(rules)
    for bad in (None, 5, "abc", [1, "x"], [2**70]):
        with pytest.raises(ValueError, match="the table"):
            Rules(bad)
        with pytest.raises(ValueError, match="the state"):
            rules.search(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than"):
        Rules(range(10**12))  # an endless table is refused, not read to its end
    with pytest.raises(ValueError, match="state 1"):
        rules.search_many([[0] * 28, [0] * 3])


def test_rules_are_frozen() -> None:
    rules: Any = native.rules_for(a_table())
    with pytest.raises((AttributeError, TypeError)):
        rules.table = ()


def mutated(table: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``table`` with the int at ``index`` (modulo its length) set to ``value``."""
    i = index % len(table)
    return (*table[:i], value, *table[i + 1 :])


TABLES = st.one_of(
    st.lists(st.integers(-(2**63), 2**63 - 1), max_size=40).map(tuple),
    st.lists(st.integers(-3, 40), max_size=40).map(lambda ints: (1, *ints)),
    st.builds(mutated, st.just(a_table()), st.integers(0, 40), st.integers(-2, 300)),
)


@hypothesis.settings(max_examples=400, deadline=None)
@given(table=TABLES, states=st.lists(st.lists(st.integers(-20, 20), max_size=46), max_size=3))
def test_random_ints_give_an_answer_or_an_engine_error(
    table: tuple[int, ...], states: list[list[int]]
) -> None:
    try:
        rules = native.rules_for(table)
    except EngineError:
        return
    for state in states:
        # A refusal is a ValueError; a failure inside (RuntimeError) is not caught here.
        with contextlib.suppress(ValueError):
            rules.search(state)


@hypothesis.settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_random_boards_of_a_real_variant_give_an_answer_or_an_error(data: st.DataObject) -> None:
    """Any configuration's rules, any board of the right size: plays or a refusal, never a crash."""
    variant = data.draw(st.sampled_from(CONFIGURATIONS), label="variant")
    start = variant.starting_position(nardy.Side.WHITE).raw
    roll = data.draw(st.sampled_from(segments(variant)), label="roll")
    table = native_table(turn_rules(variant, start, roll), len(start))
    assert table is not None
    board = data.draw(st.lists(st.integers(-16, 16), min_size=len(start), max_size=len(start)))
    with contextlib.suppress(ValueError):  # (a RuntimeError is not caught)
        found = native.rules_for(table).search(board)
        assert all(len(key) == len(start) + 3 * (len(start) - 28) for key, _ in found)


# --- the batch, and threads ------------------------------------------------------------------


def batch() -> tuple[TurnRules, list[tuple[int, ...]]]:
    """Backgammon's rules of one roll, and positions along a seeded game."""
    variant = nardy.find_variant("backgammon")
    positions = [p.raw for _, p in game_positions(variant, 40, "native-batch")]
    return turn_rules(variant, positions[0], Roll(6, 6)), positions


def test_search_many_is_search_one_by_one() -> None:
    rules, positions = batch()
    table = native_table(rules, 28)
    assert table is not None
    native_rules = native.rules_for(table)
    assert native_rules.search_many(positions) == [native_rules.search(s) for s in positions]
    assert native_rules.search_many([]) == []


@pytest.mark.parametrize("name", ["backgammon", "plakoto", "tabula"])
def test_a_packed_state_and_the_packed_plays_say_what_search_says(name: str) -> None:
    """A state may come packed (bytes); ``search_packed`` and ``search_lists`` give the same plays as two buffers, two lists."""
    variant = nardy.find_variant(name)
    found = 0
    for _, position in game_positions(variant, 6, "native-packed"):
        start = position.raw
        packed = pack(start)
        for roll in segments(variant)[::5]:
            table = native_table(turn_rules(variant, start, roll), len(start))
            assert table is not None
            rules = native.rules_for(table)
            plays = rules.search(start)
            found += len(plays)
            assert rules.search(packed) == plays
            assert rules.search_many([packed, start]) == [plays, plays]
            keys, codes = rules.search_packed(packed)
            assert rules.search_packed(start) == (keys, codes)
            n = len(packed)
            assert [keys[i : i + n] for i in range(0, len(keys), n)] == [k for k, _ in plays]
            assert [
                int.from_bytes(codes[i : i + 16], "little") for i in range(0, len(codes), 16)
            ] == [code for _, code in plays]
            assert rules.search_lists(packed) == rules.search_lists(start)
            assert rules.search_lists(packed) == ([k for k, _ in plays], [c for _, c in plays])
    assert found > 0


def test_a_packed_state_of_a_wrong_length_is_a_value_error() -> None:
    rules = native.rules_for(a_table())
    for bad in (b"", bytes(27), bytes(29), bytes(31)):
        with pytest.raises(ValueError, match="28 bytes and 4 a further int"):
            rules.search(bad)
        with pytest.raises(ValueError, match="28 bytes and 4 a further int"):
            rules.search_packed(bad)
        with pytest.raises(ValueError, match="28 bytes and 4 a further int"):
            rules.search_lists(bad)
    with pytest.raises(ValueError, match="29"):  # a packed state of 29 ints, not this table's 28
        rules.search(bytes(32))


def test_two_threads_get_the_same_answers() -> None:
    rules, positions = batch()
    table = native_table(rules, 28)
    assert table is not None
    native_rules = native.rules_for(table)
    expected = native_rules.search_many(positions)
    answers: list[Any] = [None, None]

    def work(i: int) -> None:
        answers[i] = [native_rules.search_many(positions) for _ in range(20)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers[0] == answers[1] == [expected] * 20
