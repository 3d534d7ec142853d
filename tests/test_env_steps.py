"""The step action mode is exact: allowed step sequences make exactly the legal plays.

For seeded positions of every variant (taken from random games, so they
include doubles, bar entries, bear-offs, passes, Kush's returns from the bar
and plakoto's pins), the plays reached by all allowed step sequences are the
roll's legal plays, each one reached, and each sequence the library itself
accepts as that play (:meth:`nardy.LegalPlays.index` of the play given step
by step).
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import pickle
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from helpers import seeded_roll, turn_segments
from nardy import BAR, OFF, Play, Roll, Step
from nardy.agents.env.steps import (
    NUM_ACTIONS,
    PASS,
    RETURN,
    StepTurn,
    action_name,
    clear_turns,
    decode_action,
    encode_action,
    pool_action,
    step_turn,
)
from nardy.engine.apply_steps import ENTER, NO_BAR, RETURN_POINT, make_steps
from nardy.engine.apply_steps import RETURN as RETURN_MODEL
from nardy.engine.reference import single_steps
from nardy.engine.state import key_of, may_bear_off
from nardy.engine.stepmode import DICE_BITS, StepTree, dice_code
from nardy.errors import IllegalActionError
from nardy.rules.board import BLOCK, FROM_POOL, HIT, PIN
from nardy.rules.movement import DEFAULT_MOVEMENT, make_step_as, movement_of
from strategies import AGREEMENT_SPECS, positions, rolls
from strategies_tavli import tavli_positions

VARIANTS = nardy.variant_names()


def game_positions(
    variant: str, count: int, seed: int, stride: int = 1
) -> list[tuple[nardy.Position, Roll]]:
    """``count`` (position, segment) pairs from seeded random games of ``variant``, every ``stride``-th segment.

    The games are played by whole turns (:func:`helpers.turn_segments`):
    the variant's own dice, and every segment its turns give.
    """
    rules = nardy.find_variant(variant)
    rng = random.Random(f"{variant}/{seed}")
    segments = turn_segments(rules, lambda: seeded_roll(rules, rng), rng.randrange)
    # Every stride-th: spread over more games, openings to bear-offs.
    return list(itertools.islice(segments, stride - 1, count * stride, stride))


def step_of(turn: StepTurn, node: object, action: int) -> Step:
    """The :class:`Step` an action makes (for the library's own check of the sequence)."""
    if action == RETURN:
        return Step(25, 24, turn.roll.high)
    src, die = decode_action(action)
    return Step(
        src, max(min(src, BAR) - die, OFF), die
    )  # the bar and the pool (26) enter on 25 - die


def explore(turn: StepTurn, seen: Counter[str]) -> dict[int, tuple[Step, ...]]:
    """Every legal play the allowed step sequences reach, with one sequence each.

    Walks the tree's nodes once each (a node's future does not depend on the
    path to it), checking that every complete sequence ends in a legal play.
    """
    reached: dict[int, tuple[Step, ...]] = {}
    visited: set[object] = set()

    def visit(node: tuple[tuple[int, ...], tuple[int, ...]], path: tuple[Step, ...]) -> None:
        if node in visited:
            return
        visited.add(node)
        allowed = turn.allowed(node)
        assert allowed or node != turn.start, "the first action always exists"
        for action in allowed:
            if action == PASS:
                seen["pass" if node == turn.start else "end early"] += 1
                reached.setdefault(turn.finish(node), path)
                continue
            child = turn.advance(node, action)
            step = step_of(turn, node, action)
            kinds = {BAR: "bar", FROM_POOL: "pool"}
            seen["return" if action == RETURN else kinds.get(step.src, "step")] += 1
            seen["bear-off"] += step.dst == OFF
            if len(node[0]) > 29 and child[0][29] != node[0][29]:
                seen["pin"] += 1
            if turn.is_complete(child, action):
                reached.setdefault(turn.finish(child), (*path, step))
            else:
                visit(child, (*path, step))

    visit(turn.start, ())
    return reached


def check_exact(
    position: nardy.Position, roll: Roll, seen: Counter[str], *, replay: bool = True
) -> None:
    legal = position.legal_plays(roll)
    turn = StepTurn(legal)
    reached = explore(turn, seen)
    assert sorted(reached) == list(range(len(legal))), (position.id(), roll)
    if replay:  # the library's own reading of the steps as a play (slower: some positions)
        for index, steps in reached.items():
            assert legal.index(Play(steps, roll)) == index, (position.id(), roll, steps)
    # A double, or a pair or triple of three dice: the same die more than once.
    seen["double"] += len(set(roll.moves)) < len(roll.moves)
    seen[f"{len(roll.moves)} moves"] += 1


def check_variant(variant: str, count: int, stride: int) -> None:
    seen: Counter[str] = Counter()
    for n, (position, roll) in enumerate(game_positions(variant, count, seed=1, stride=stride)):
        check_exact(position, roll, seen, replay=n % 10 == 0)
    rules = nardy.find_variant(variant)
    assert seen["double"] > count // 10
    assert seen["bear-off"] > 0
    if count >= 1000:  # dances are rarer in some variants than 200 positions show
        assert seen["pass"] > 0
    if rules.has_bar and rules.entering is nardy.Entering.ENTER:
        assert seen["bar"] > 0
    if movement_of(rules).pool:
        assert seen["pool"] > 0
    if rules.dice == 3:  # three dice, one move each (a pair or a triple too)
        assert seen["3 moves"] == count
    if variant == "kush":
        assert seen["return"] > 0
    if variant == "plakoto":
        assert seen["pin"] > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_step_mode_is_exact(variant: str) -> None:
    """The default run: 100 positions of each variant (under a second each)."""
    check_variant(variant, 100, stride=5)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_step_mode_is_exact_on_1000_positions(variant: str) -> None:
    """The full sweep (about 80 s for all variants): 1,000 positions of each."""
    check_variant(variant, 1000, stride=1)


def test_action_numbering() -> None:
    assert NUM_ACTIONS == 152
    assert PASS == 150
    assert RETURN == 151
    actions = {encode_action(src, die) for src in range(1, 26) for die in range(1, 7)}
    assert actions == set(range(150))
    for src in range(1, 26):
        for die in range(1, 7):
            assert decode_action(encode_action(src, die)) == (src, die)
    assert action_name(encode_action(13, 6)) == "13/7 (6)"
    assert action_name(encode_action(25, 3)) == "bar/22 (3)"
    assert action_name(encode_action(2, 5)) == "2/off (5)"
    assert action_name(PASS) == "pass"
    assert action_name(RETURN) == "return"


@pytest.mark.parametrize(("src", "die"), [(0, 1), (26, 1), (5, 0), (5, 7)])
def test_bad_step_encoding(src: int, die: int) -> None:
    with pytest.raises(IllegalActionError, match="no step action"):
        encode_action(src, die)


@pytest.mark.parametrize("action", [-1, PASS, RETURN, 999])
def test_bad_step_decoding(action: int) -> None:
    with pytest.raises(IllegalActionError, match="not a checker step"):
        decode_action(action)


def test_opening_31_hand_checked() -> None:
    """Backgammon 3-1 at the start: 16 plays; 8/5 and 6/5 in either order make the point."""
    start = nardy.find_variant("backgammon").starting_position()
    legal = start.legal_plays((3, 1))
    turn = StepTurn(legal)
    first = turn.allowed(turn.start)
    # Sources 24, 13, 8, 6 by 3 or by 1, except 13/12: the opponent's midpoint.
    assert [action_name(a) for a in first] == [
        "6/5 (1)", "6/3 (3)", "8/7 (1)", "8/5 (3)", "13/10 (3)", "24/23 (1)", "24/21 (3)",
    ]  # fmt: skip
    for order in ([(8, 3), (6, 1)], [(6, 1), (8, 3)]):
        node = turn.start
        for src, die in order:
            node = turn.advance(node, encode_action(src, die))
        assert not turn.allowed(node)
        assert legal[turn.finish(node)].notation() == "8/5 6/5"
    with pytest.raises(IllegalActionError, match="not allowed"):
        turn.advance(turn.start, PASS)
    with pytest.raises(IllegalActionError, match="not allowed"):
        turn.advance(turn.start, encode_action(25, 3))


def test_dance_only_pass() -> None:
    """A checker on the bar against a closed board: the only action is the pass."""
    rules = nardy.find_variant("backgammon")
    # The mover: 12 on his 1..6, one on the bar, two off; the opponent holds
    # the mover's 19..24 with 12 and has 3 off.
    board = [2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2, -2, -2, -2, -2, -2]
    position = rules.position(board, (1, 0), (2, 3))
    legal = position.legal_plays((6, 5))
    assert legal.is_pass
    turn = StepTurn(legal)
    assert turn.allowed(turn.start) == [PASS]
    assert turn.is_complete(turn.start, PASS)
    assert turn.finish(turn.start) == 0


def test_kush_return_on_a_double() -> None:
    """Kush: on 3-3 with two checkers on the bar, both come back onto the head (no die used)."""
    rules = nardy.find_variant("kush")
    seen: Counter[str] = Counter()
    found = None
    for position, _ in game_positions("kush", 3000, seed=2):
        if position.bar(position.turn) >= 1 and position.raw[24] >= 0:
            found = position
            break
    assert found is not None, "random kush games put checkers on the bar"
    roll = Roll(3, 3)
    legal = found.legal_plays(roll)
    turn = StepTurn(legal)
    assert RETURN in turn.allowed(turn.start)
    check_exact(found, roll, seen)
    assert seen["return"] > 0
    assert rules.name == "kush"


def test_step_turns_pickle_and_copy() -> None:
    position = nardy.find_variant("kush").starting_position()
    turn = step_turn(position, Roll(6, 5))
    assert copy.deepcopy(turn) is turn
    again = pickle.loads(pickle.dumps(turn))
    assert again.position == position
    assert again.roll == Roll(6, 5)
    assert again.allowed(again.start) == turn.allowed(turn.start)


def test_steps_need_no_extra() -> None:
    """The step logic imports with numpy, gymnasium and pettingzoo all missing."""
    code = (
        "import sys\n"
        "for name in ('numpy', 'gymnasium', 'pettingzoo'):\n"
        "    sys.modules[name] = None\n"
        "import nardy\n"
        "from nardy.agents.env.steps import StepTurn\n"
        "legal = nardy.find_variant('backgammon').starting_position().legal_plays((3, 1))\n"
        "print(len(StepTurn(legal).allowed(StepTurn(legal).start)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "7"


BUILT = [*AGREEMENT_SPECS, "plakoto", "fevga"]


@settings(max_examples=10, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("spec", BUILT)
def test_step_mode_is_exact_on_built_positions(spec: str, data: st.DataObject) -> None:
    """Built positions (primes, closed boards, bear-offs, stuck runners, pins) and any roll."""
    check_built(spec, data)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("spec", BUILT)
def test_step_mode_is_exact_on_many_built_positions(spec: str, data: st.DataObject) -> None:
    check_built(spec, data)


def check_built(spec: str, data: st.DataObject) -> None:
    rules = nardy.find_variant(spec)
    if rules.name in ("plakoto", "fevga"):
        position = data.draw(tavli_positions(rules))
    else:
        position = data.draw(positions(rules))
    check_exact(position, data.draw(rolls()), Counter())


# --- the tree against a search written from the rules above -----------------------


class Oracle:
    """The allowed steps worked out the plain way: every step checked by make_steps, no cache tricks.

    The rules of the module docstring, one by one: a step the board allows
    (:func:`make_steps`), entering first with :attr:`Entering.ENTER`, the
    bear-off rule; a step is allowed when some sequence from it ends on a
    legal play's result. A variant with a movement of its own (a pool, the
    bar not first, another bear-off: :func:`movement_of`) is read from the
    family's rules (M.2-M.6): a pool checker enters like a barred one once
    the bar does not come first, and checkers bear off from the movement's
    zone, exactly or with a larger die too.
    """

    def __init__(self, legal: nardy.LegalPlays) -> None:
        variant = legal.position.variant
        # (The tree's states may be longer than a position's raw state: a
        # packed state unpacks with padding. The results are compared on the raw part.)
        self.size = len(legal.position.raw)
        self.results = set(legal.result_states())
        self.contact = {nardy.Contact.HIT: HIT, nardy.Contact.BLOCK: BLOCK, nardy.Contact.PIN: PIN}[
            variant.turn_contact(legal.roll)
        ]
        self.bar = NO_BAR
        if variant.has_bar:
            self.bar = RETURN_MODEL if variant.entering is nardy.Entering.RETURN else ENTER
        self.movement = movement_of(variant)
        self.memo: dict[object, bool] = {}

    def outside(self, state: tuple[int, ...]) -> int:
        """The mover's checkers that stop his bear-off: outside the zone, on the bar, in the pool, pinned."""
        zone, pool = self.movement.bear_off.zone, self.movement.pool
        outside = state[25] + sum(x for x in state[zone + 1 : 25] if x > 0)
        if self.contact == PIN:  # pinned checkers of the mover stop his bear-off
            outside += (state[28] >> 7).bit_count()
        return outside + (state[pool] if pool else 0)

    def bears_off(self, state: tuple[int, ...], src: int, dst: int) -> bool:
        """The bear-off rule of the movement (the usual one: :func:`may_bear_off`)."""
        if self.movement.is_default:
            return may_bear_off(list(state), src, dst, self.outside(state))
        zone, larger = self.movement.bear_off.zone, self.movement.bear_off.larger
        if self.outside(state):
            return False
        return dst == 0 or (larger and all(state[p] <= 0 for p in range(src + 1, zone + 1)))

    def children(self, state: tuple[int, ...], dice: tuple[int, ...]) -> dict[int, object]:
        out: dict[int, object] = {}
        on_bar = state[25] > 0 and self.bar != NO_BAR
        bar_first = on_bar and self.bar == ENTER and self.movement.bar_first
        pool = self.movement.pool
        if on_bar and self.bar == RETURN_MODEL:
            self.make(out, RETURN, state, (25, RETURN_POINT, 0), dice, dice)
        for die in sorted(set(dice)):
            left = list(dice)
            left.remove(die)
            if pool and state[pool] > 0 and not bar_first:  # a pool checker enters as a barred one
                step = (FROM_POOL, 25 - die, die)
                self.make(out, pool_action(die), state, step, dice, tuple(left))
            for src in range(1, 26):
                if src == 25 and not (on_bar and self.bar == ENTER):
                    continue
                if bar_first and src != 25:
                    continue  # a checker on the bar enters before any other moves
                dst = src - die
                if dst <= 0:
                    if not self.bears_off(state, src, dst):
                        continue
                    dst = 0
                self.make(out, encode_action(src, die), state, (src, dst, die), dice, tuple(left))
        return out

    def make(
        self,
        out: dict[int, object],
        action: int,
        state: tuple[int, ...],
        step: tuple[int, int, int],
        dice: tuple[int, ...],
        left: tuple[int, ...],
    ) -> None:
        movement = None if self.movement.is_default else self.movement
        with contextlib.suppress(nardy.IllegalPlayError):  # a step the board does not allow
            made = make_steps(state, [step], dice or (0,), self.contact, self.bar, movement)
            out[action] = (made, left)

    def reaches(self, node: tuple[tuple[int, ...], tuple[int, ...]]) -> bool:
        if node not in self.memo:
            self.memo[node] = node[0][: self.size] in self.results or any(
                self.reaches(child)  # type: ignore[arg-type]
                for child in self.children(*node).values()
            )
        return self.memo[node]

    def allowed(self, node: tuple[tuple[int, ...], tuple[int, ...]], start: bool) -> list[int]:
        children = self.children(*node)
        out = [a for a, child in children.items() if self.reaches(child)]  # type: ignore[arg-type]
        if node[0][: self.size] in self.results and (out or start):
            out.append(PASS)
        return sorted(out)


#: The pool games with options that change their movement (hits to the pool,
#: the bar not first, a bear-off zone of 12 points, a larger die or only the
#: exact one) and their step rules: the movement's own single steps in :mod:`nardy.engine.stepmode`.
POOL_SPECS = [
    "acey-deucey(hit_to=pool,bear_off=exact)",
    "acey-deucey(entering=all-first,opening_lock=true,hitting=after-home,hit_to=pool)",
    "tabula(second_half=pool-or-bar,bar_priority=false)",
    "tabula(second_half=off,bear_off_zone=half,bear_off=larger,must_play_higher=false)",
    "dutch(entering=free,must_play_higher=false)",
    "russian(entering=free)",
]


def check_against_oracle(variant: str, count: int, seed: int, stride: int) -> int:
    """Every node the allowed steps lead to: the tree's answers are the oracle's; returns the nodes seen."""
    nodes = 0
    for position, roll in game_positions(variant, count, seed=seed, stride=stride):
        legal = position.legal_plays(roll)
        turn = StepTurn(legal)
        oracle = Oracle(legal)
        stack = [turn.start]
        seen: set[object] = set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            allowed = turn.allowed(node)
            assert allowed == oracle.allowed(node, node == turn.start), (position.id(), roll)
            children = turn.children(node)
            assert children == oracle.children(*node)
            for action, child in children.items():
                assert turn.reaches(child) == oracle.reaches(child)
                assert turn.tree.child(turn.code(node), action) == turn.code(child)
            stack += [children[a] for a in allowed if a != PASS]
        nodes += len(seen)
    return nodes


@pytest.mark.parametrize("variant", VARIANTS)
def test_tree_agrees_with_a_plain_search(variant: str) -> None:
    """At every node the allowed steps lead to, and at the steps that lead nowhere too."""
    check_against_oracle(variant, 40, seed=3, stride=3)


@pytest.mark.parametrize("spec", POOL_SPECS)
def test_pool_games_options_agree_with_a_plain_search(spec: str) -> None:
    """The pool games' tree with the options that change their movement, against the oracle."""
    assert check_against_oracle(spec, 12, seed=7, stride=7) > 50
    seen: Counter[str] = Counter()
    for position, roll in game_positions(spec, 12, seed=8, stride=7):
        check_exact(position, roll, seen)
    assert seen["pool"] > 0


@pytest.mark.sweep
@pytest.mark.parametrize(
    "spec", ["acey-deucey", "tabula", "gul-bara", "gioul", "dutch", "russian", *POOL_SPECS]
)
def test_pool_games_sweep_against_a_plain_search(spec: str) -> None:
    """The seeded sweep: 200 segments of each of the four games and each option set, every node."""
    assert check_against_oracle(spec, 200, seed=9, stride=2) > 2000
    seen: Counter[str] = Counter()
    for n, (position, roll) in enumerate(game_positions(spec, 200, seed=10, stride=2)):
        check_exact(position, roll, seen, replay=n % 5 == 0)
    assert seen["bear-off"] > 0


@pytest.mark.parametrize("spec", [*VARIANTS, *POOL_SPECS])
def test_children_are_the_rulebooks_steps(spec: str) -> None:
    """A node's children: the reference's single steps of each die left, each made by the rulebook's make_step_as."""
    rules = nardy.find_variant(spec)
    movement = movement_of(rules)
    steps = 0
    for position, roll in game_positions(spec, 60, seed=11):
        legal = position.legal_plays(roll)
        turn = StepTurn(legal)
        contact = turn.tree.contact
        board = list(position.raw)
        dice = dice_code(roll.moves)
        expected = {}
        for d in sorted(set(roll.moves)):
            for src, dst in single_steps(board, d, contact, turn.tree.enters, movement):
                after = list(board)
                make_step_as(after, src, dst, contact, movement.pool, movement.hit_to_pool)
                action = pool_action(d) if src == FROM_POOL else encode_action(src, d)
                expected[action] = (key_of(after) << DICE_BITS) | (dice - dice_code([d]))
        if not turn.tree.enters and board[BAR] > 0 and board[24] >= 0:  # Kush's return
            after = list(board)
            after[BAR] -= 1
            after[24] += 1
            expected[RETURN] = (key_of(after) << DICE_BITS) | dice
        assert turn.tree.children(turn.start_code) == expected, (position.id(), roll)
        steps += len(expected)
    assert steps > 200


def test_tree_finds_results_by_key_not_by_hash() -> None:
    """Two results with one hash (their keys differ by the hash's modulus) are told apart by key."""
    position = nardy.find_variant("backgammon").starting_position()
    key = int.from_bytes(position.packed, "little")
    twin = key + sys.hash_info.modulus  # not a real state: only its hash matters here
    assert hash(twin) == hash(key)
    results = [twin.to_bytes(len(position.packed), "little"), position.packed]
    tree = StepTree(position.packed, (1, 3), results, HIT, True, DEFAULT_MOVEMENT)
    assert tree.play_at(tree.start) == 1
    assert tree.play_at((twin << DICE_BITS) | dice_code([1, 3])) == 0
    assert tree.play_at(((key + 1) << DICE_BITS) | dice_code([1, 3])) == -1


def test_step_turn_keeps_a_turn_asked_for_twice() -> None:
    """Turns asked for once (random play-outs) are not kept; from the second time they are."""
    clear_turns()
    position = nardy.find_variant("backgammon").starting_position()
    first = step_turn(position, Roll(6, 5))
    second = step_turn(position, Roll(6, 5))
    assert second is not first
    assert step_turn(position, Roll(6, 5)) is second
    assert second.allowed(second.start) == first.allowed(first.start)
    assert step_turn(position.pass_turn(), Roll(6, 5)) is not second  # the turn is in the key
    clear_turns()
    assert step_turn(position, Roll(6, 5)) is not second


@pytest.mark.parametrize("variant", VARIANTS)
def test_child_is_the_node_a_step_reaches(variant: str) -> None:
    """StepTree.child: the node of each allowed action, where a play ends too; a pass stays put."""
    checked = 0
    for position, roll in game_positions(variant, 30, seed=5, stride=2):
        turn = StepTurn(position.legal_plays(roll))
        tree = turn.tree
        stack = [turn.start_code]
        while stack:
            code = stack.pop()
            children = tree.children(code)
            for action in tree.allowed(code):
                if action == PASS:
                    assert tree.child(code, action) == code
                    continue
                child = tree.child(code, action)
                assert child == children[action]
                after = tree.step(code, action)
                if after >= 0:
                    assert after == child
                    stack.append(child)
                else:  # the play is complete: the node where it ended is its result's
                    assert tree.play_at(child) == -1 - after
                checked += 1
    assert checked > 100


def test_a_pass_with_steps_the_board_allows() -> None:
    """A forced pass where the board allows steps (the rules forbid them all): only the pass."""
    found = 0
    for variant in VARIANTS:
        for position, roll in game_positions(variant, 300, seed=6):
            legal = position.legal_plays(roll)
            turn = StepTurn(legal)
            if not legal.is_pass or not turn.children(turn.start):
                continue
            assert turn.allowed(turn.start) == [PASS]
            assert Oracle(legal).allowed(turn.start, True) == [PASS]
            found += 1
    assert found > 0, "random games have passes whose steps the rules refuse"
