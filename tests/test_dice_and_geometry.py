"""Rolls of three dice, segments of k moves, Variant.rolls(), and the shared track (Geometry.SAME).

Two toy variants made here (not real games): backgammon played with three
dice, and a hitting game on one shared track whose checkers all start on
the bar and enter on the same quarter (tabula's movement without its pool).
Both go through every layer: the legal plays against the reference search,
a whole game, perft, the array form and IDs, the pictures, OpenSpiel.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import ALL_ROLLS, Game, Geometry, Position, Roll, Side, Variant
from nardy.engine import state as engine_state
from nardy.engine.reference import reference_plays
from nardy.errors import InvalidDiceError, VariantDefinitionError
from nardy.model.basics import ALL_ROLLS_3, distinct_rolls, ordered_rolls
from nardy.perft import perft
from nardy.rules.vocabulary import ExtraField, ExtraKind
from nardy.variants.scoring import PRESETS, ScoringTable
from test_reference_search import disagreement
from toy_variants import registered

# --- the toy variants -------------------------------------------------------------


@attrs.frozen
class ThreeDiceGammon(nardy.Backgammon):
    """Backgammon from its start, hitting, played with three dice (one move each)."""

    name: ClassVar[str] = "test-three-dice"
    aliases: ClassVar[tuple[str, ...]] = ()
    dice: ClassVar[int] = 3


@attrs.frozen
class SameTrack(nardy.Variant):
    """One shared track: both sides enter from the bar on 24-19, hit, and bear off from 6-1.

    Every checker starts on the bar (the class data hold them in a
    ``waiting`` count until the start puts them there).
    """

    name: ClassVar[str] = "test-same-track"
    geometry: ClassVar[Geometry] = Geometry.SAME
    extra_state: ClassVar[tuple[ExtraField, ...]] = (
        ExtraField("waiting", ExtraKind.COUNT, ("waiting",), holds_checkers=True),
    )
    start_extra: ClassVar[MappingProxyType[str, Any]] = MappingProxyType({"waiting": 15})

    def starting_position(self, turn: Side = Side.WHITE) -> Position:
        return self.position([0] * 24, bar=(15, 15), turn=turn)

    def scoring_table(self) -> ScoringTable:
        return PRESETS["standard"]


@attrs.frozen
class SameTrackThreeDice(SameTrack):
    """The shared track with three dice: tabula's movement from the bar."""

    name: ClassVar[str] = "test-same-track-3"
    dice: ClassVar[int] = 3


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered(ThreeDiceGammon, SameTrack, SameTrackThreeDice):
        yield


def walk(variant: Variant, seed: int, plies: int) -> list[Position]:
    """Positions along one random game (the variant's own dice), the start first."""
    rng = random.Random(seed)
    position = variant.starting_position()
    seen = [position]
    rolls = variant.ordered_rolls()
    for _ in range(plies):
        if position.is_over():
            break
        legal = position.legal_plays(rng.choice(rolls))
        position = legal.resulting_position(rng.randrange(len(legal)))
        seen.append(position)
    return seen


# --- Roll ----------------------------------------------------------------------------


def test_three_dice_are_stored_highest_first() -> None:
    roll = Roll(1, 6, 3)
    assert roll == Roll(6, 3, 1) == Roll.parse("631") == Roll.coerce((3, 1, 6))
    assert Roll.coerce([1, 3, 6]) is roll
    assert roll.faces == (6, 3, 1)
    assert (roll.high, roll.low) == (6, 1)
    assert roll.moves == (6, 3, 1)
    assert roll.move_count == 3
    assert not roll.is_double
    assert tuple(roll) == (6, 3, 1)
    assert str(roll) == "631"
    assert repr(roll) == "Roll(6, 3, 1)"
    assert eval(repr(roll), {"Roll": Roll}) == roll
    assert roll != Roll(6, 1)
    assert roll != Roll(6, 2, 1)
    assert len({Roll(6, 3, 1), Roll(6, 1), Roll(6, 2, 1), Roll(3, 6, 1)}) == 3


def test_a_pair_or_triple_of_three_dice_is_three_moves() -> None:
    assert Roll(4, 4, 2).moves == (4, 4, 2)
    assert Roll(5, 5, 5).moves == (5, 5, 5)
    assert not Roll(5, 5, 5).is_double


def test_two_dice_behave_as_before() -> None:
    roll = Roll(1, 3)
    assert roll.faces == (3, 1)
    assert roll.moves == (3, 1)
    assert roll.move_count == 2
    assert Roll(4, 4).moves == (4, 4, 4, 4)
    assert Roll(4, 4).move_count == 4
    assert hash(roll) == 8 * 3 + 1
    assert repr(roll) == "Roll(3, 1)"
    assert str(roll) == "31"
    with pytest.warns(DeprecationWarning, match="Roll.dice is deprecated"):
        assert Roll(2, 2).dice == (2, 2, 2, 2)


def test_probabilities_add_up_to_one() -> None:
    assert len(distinct_rolls(2)) == 21
    assert len(distinct_rolls(3)) == 56
    assert sum(r.probability for r in ALL_ROLLS) == pytest.approx(1)
    assert sum(r.probability for r in ALL_ROLLS_3) == pytest.approx(1)
    assert Roll(6, 3, 1).probability == pytest.approx(6 / 216)
    assert Roll(6, 6, 1).probability == pytest.approx(3 / 216)
    assert Roll(2, 2, 2).probability == pytest.approx(1 / 216)
    assert len(ordered_rolls(3)) == 216
    assert len(ordered_rolls(2)) == 36
    for dice in (2, 3):
        counted = sum(1 for r in ordered_rolls(dice) if r == distinct_rolls(dice)[5])
        assert counted == round(distinct_rolls(dice)[5].probability * 6**dice)


@pytest.mark.parametrize(
    "value", [(1, 2, 3, 4), (1,), "1234", "7", (0, 1, 2), (1, 2, 7), (True, 1, 2), (1.0, 2, 3)]
)
def test_what_is_no_roll(value: Any) -> None:
    with pytest.raises(InvalidDiceError):
        Roll.coerce(value)


def test_segments_of_k_moves() -> None:
    double = Roll(5, 5)
    for k in (1, 2, 3):
        segment = double.with_moves(k)
        assert segment.moves == (5,) * k
        assert segment.move_count == k
        assert segment != double
        assert segment.is_double
        assert repr(segment) == f"Roll(5, 5).with_moves({k})"
        assert eval(repr(segment), {"Roll": Roll}) is segment
        assert pickle.loads(pickle.dumps(segment)) is segment
        assert copy.deepcopy(segment) is segment
    assert double.with_moves(4) is double
    assert len({double.with_moves(k) for k in (1, 2, 3, 4)}) == 4
    bad: Any
    for bad in (0, 5, True, "3", 2.0):
        with pytest.raises(InvalidDiceError):
            double.with_moves(bad)
    for roll in (Roll(5, 4), Roll(5, 5, 5)):
        with pytest.raises(InvalidDiceError, match="only a double"):
            roll.with_moves(2)


# --- class data and the variant's rolls -------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [("dice", 4), ("dice", "3"), ("dice", True)])
def test_broken_dice_class_data_names_class_and_field(field: str, value: object) -> None:
    broken = type("BrokenDice", (ThreeDiceGammon,), {field: value, "name": "test-broken-dice"})
    with pytest.raises(VariantDefinitionError, match=f"BrokenDice.*{field}"):
        attrs.frozen(broken)()


def test_three_dice_with_segments_is_refused() -> None:
    broken = type(
        "BrokenSegments", (ThreeDiceGammon,), {"segment_moves": True, "name": "test-broken-seg"}
    )
    with pytest.raises(VariantDefinitionError, match=r"BrokenSegments.*segment_moves"):
        attrs.frozen(broken)()


def test_the_variants_rolls() -> None:
    assert nardy.Backgammon.rolls() == ALL_ROLLS
    assert len(nardy.Backgammon.ordered_rolls()) == 36
    assert ThreeDiceGammon.rolls() == ALL_ROLLS_3
    assert len(ThreeDiceGammon().ordered_rolls()) == 216


@pytest.mark.parametrize("name", nardy.variant_names())
def test_a_random_roll_is_the_variants_dice(name: str) -> None:
    variant = nardy.find_variant(name)
    for seed in range(20):
        roll = variant.random_roll(random.Random(seed))
        assert variant.check_roll(roll) is roll
        # Each die one randint(1, 6), in turn: a seed's dice, whoever throws them.
        dice = random.Random(seed)
        assert roll == Roll(*[dice.randint(1, 6) for _ in range(variant.dice)])


@pytest.mark.parametrize("cls", [nardy.Backgammon, nardy.Tabula, ThreeDiceGammon])
def test_random_rolls_come_up_in_proportion(cls: type[Variant]) -> None:
    rng = random.Random(38)
    draws = 200 * 6**cls.dice
    counts: dict[Roll, int] = {}
    for _ in range(draws):
        roll = cls.random_roll(rng)
        counts[roll] = counts.get(roll, 0) + 1
    assert set(counts) == set(cls.rolls())
    for roll, count in counts.items():
        expected = draws * roll.probability
        assert abs(count - expected) < 5 * (expected**0.5), roll


def test_a_random_roll_without_a_generator_uses_randoms_own() -> None:
    state = random.getstate()
    try:
        random.seed(7)
        first = nardy.Tabula.random_roll()
        random.seed(7)
        assert nardy.Tabula.random_roll(None) == first
        assert len(first.faces) == 3
    finally:
        random.setstate(state)


@pytest.mark.parametrize("rng", [7, "7", True, random, [1, 2]])
def test_a_random_roll_needs_a_generator(rng: Any) -> None:
    with pytest.raises(nardy.InvalidOptionError, match=r"random\.Random.*got"):
        nardy.Backgammon.random_roll(rng)


def test_a_roll_of_the_wrong_number_of_dice_names_the_variant() -> None:
    three = ThreeDiceGammon().starting_position()
    with pytest.raises(InvalidDiceError, match=r"test-three-dice.*3 dice"):
        three.legal_plays(Roll(6, 1))
    with pytest.raises(InvalidDiceError, match=r"backgammon.*\(6, 3, 1\)"):
        nardy.Backgammon().starting_position().legal_plays((6, 3, 1))
    with pytest.raises(InvalidDiceError, match=r"backgammon.*segment_moves"):
        nardy.Backgammon().starting_position().legal_plays(Roll(5, 5).with_moves(2))


# --- segments of k moves through every kernel ---------------------------------------------


def with_segments(base: type[Variant]) -> type[Variant]:
    """``base`` answering segments of k moves (a subclass: the built-in stays as it is)."""
    made = type(
        f"Segments{base.__name__}",
        (base,),
        {"segment_moves": True, "name": f"test-segments-{base.name}", "aliases": ()},
    )
    return attrs.frozen(made)


SEGMENT_BASES = ("backgammon", "hypergammon", "long-nardy", "kush", "plakoto", "tavla", "portes")


@pytest.mark.parametrize("name", SEGMENT_BASES)
def test_segments_agree_with_the_reference(name: str) -> None:
    variant = with_segments(type(nardy.find_variant(name)))()
    segments = [Roll(d, d).with_moves(k) for d in range(1, 7) for k in (1, 2, 3)]
    searches = set()
    for seed in range(3):
        for position in walk(variant, seed, 40)[::4]:
            if position.is_over():
                continue
            for segment in segments:
                problem = disagreement(variant, position, segment)
                assert problem is None, problem
                searches.add(variant.search_name(position, segment))
                plays = position.legal_plays(segment)
                # (Kush's return moves no die: bar/24 for as many checkers as the double's value.)
                assert all(
                    len(p.steps) <= segment.move_count
                    or (
                        variant.entering is nardy.Entering.RETURN
                        and {s.src for s in p.steps} == {25}
                    )
                    for p in plays
                )
    # A segment is data: the native core's where it is loaded (Kush's return on a
    # segment of one move is not: the Python search).
    assert ("native" in searches) == nardy.native


def test_a_segment_is_cached_apart_from_its_double() -> None:
    variant = with_segments(nardy.Backgammon)()
    start = variant.starting_position()
    four = start.legal_plays(Roll(5, 5))
    three = start.legal_plays(Roll(5, 5).with_moves(3))
    assert four.roll == Roll(5, 5)
    assert three.roll == Roll(5, 5).with_moves(3)
    assert max(len(p.steps) for p in three) == 3
    assert max(len(p.steps) for p in four) == 4


# --- three dice and the shared track against the reference ----------------------------------


@pytest.mark.parametrize("cls", [ThreeDiceGammon, SameTrack, SameTrackThreeDice])
def test_the_toys_agree_with_the_reference(cls: type[Variant]) -> None:
    variant = cls()
    rng = random.Random(7)
    for seed in range(2):
        for position in walk(variant, seed, 120)[::6]:
            if position.is_over():
                continue
            for roll in rng.sample(variant.rolls(), 12):
                problem = disagreement(variant, position, roll)
                assert problem is None, problem


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([ThreeDiceGammon, SameTrackThreeDice, SameTrack]),
    st.integers(0, 10**6),
    st.integers(0, 80),
    st.data(),
)
def test_property_reachable_positions_agree(
    cls: type[Variant], seed: int, plies: int, data: st.DataObject
) -> None:
    variant = cls()
    position = walk(variant, seed, plies)[-1]
    if position.is_over():
        return
    roll = data.draw(st.sampled_from(variant.rolls()))
    fast = set(variant.legal_plays(position, roll, cache=False).result_states())
    assert fast == {s for s, _ in reference_plays(variant, position, roll)} or fast == {
        position.raw
    }


def lone_checker(board: dict[int, int], roll: Roll, **options: Any) -> set[int]:
    """Where white's one checker on the board may end (white has 14 off), for ``roll``."""
    variant = ThreeDiceGammon(**options)
    cells = [0] * 24
    for p, n in board.items():
        cells[p - 1] = n
    position = variant.position(cells, off=(14, 15 + sum(n for n in board.values() if n < 0)))
    legal = position.legal_plays(roll)
    assert disagreement(variant, position, roll) is None
    return {r.checkers(Side.WHITE).index(1) + 1 for r in legal.resulting_positions()}


def test_three_dice_all_three_when_possible() -> None:
    legal = ThreeDiceGammon().starting_position().legal_plays(Roll(6, 3, 1))
    assert {len(p.steps) for p in legal} == {3}


def test_three_dice_any_two_when_only_two_can_be_played() -> None:
    # 12 -> any two of 5, 3, 1; all three would end on 3, closed: 4 (5+3), 6 (5+1), 8 (3+1).
    assert lone_checker({12: 1, 3: -2, 24: -13}, Roll(5, 3, 1)) == {4, 6, 8}


def test_three_dice_the_highest_playable_when_only_one_can_be_played() -> None:
    # 12 -> 6 closed; 8 (the 4) or 10 (the 2), and nothing after either: the 4.
    board = {12: 1, 6: -2, 4: -2, 2: -2, 24: -9}
    assert lone_checker(board, Roll(6, 4, 2)) == {8}
    assert lone_checker(board, Roll(6, 4, 2), must_play_higher=False) == {8, 10}


# --- whole games, perft, forms, pictures ---------------------------------------------------


@pytest.mark.parametrize("cls", [ThreeDiceGammon, SameTrack, SameTrackThreeDice])
def test_a_whole_seeded_game(cls: type[Variant]) -> None:
    variant = cls()
    game = Game.new(variant, rng=11, cube=False)
    rng = random.Random(3)
    for _ in range(3000):
        if game.is_over():
            break
        if game.phase.value in ("opening", "roll"):
            game = game.roll()
            if game.dice is not None:
                assert len(game.dice.faces) == variant.dice
        else:
            game = game.play(rng.randrange(len(game.legal_plays())))
    assert game.is_over()
    again = Game.from_json(game.to_json())
    assert again.position == game.position
    rolls = [a for a in json.loads(game.to_json())["actions"] if a["action"] == "roll"]
    assert rolls
    assert all(len(a["dice"]) == variant.dice for a in rolls)


def test_a_three_dice_roll_in_a_game_and_its_record() -> None:
    game = Game.new(ThreeDiceGammon(), start=ThreeDiceGammon().starting_position(), cube=False)
    game = game.roll((1, 6, 3))
    assert game.dice == Roll(6, 3, 1)
    record = game.to_dict()
    assert record["dice"] == [6, 3, 1]
    assert record["actions"][-1]["dice"] == [1, 6, 3]
    assert Game.from_dict(record).dice == Roll(6, 3, 1)
    with pytest.raises(InvalidDiceError):
        Game.new(ThreeDiceGammon(), start=ThreeDiceGammon().starting_position()).roll((6, 1))


@pytest.mark.parametrize("cls", [ThreeDiceGammon, SameTrackThreeDice])
def test_perft_rolls_the_56_rolls(cls: type[Variant]) -> None:
    variant = cls()
    rows = perft(variant, 2).rows
    start = variant.starting_position()
    one = [len(start.legal_plays(r)) for r in variant.rolls()]
    assert rows[0].paths21 == sum(one)
    ordered = sum(len(start.legal_plays(r)) for r in variant.ordered_rolls())
    assert rows[0].paths36 == ordered
    assert rows[1].paths21 > rows[0].paths21


def test_perft_on_the_shared_track() -> None:
    rows = perft(SameTrack(), 2).rows
    start = SameTrack().starting_position()
    assert rows[0].paths21 == sum(len(start.legal_plays(r)) for r in ALL_ROLLS)


@pytest.mark.parametrize("cls", [ThreeDiceGammon, SameTrack, SameTrackThreeDice])
def test_forms_and_ids_round_trip(cls: type[Variant]) -> None:
    variant = cls()
    for position in walk(variant, 5, 60)[::5]:
        assert Position.from_id(position.id()) == position
        array = position.to_array()
        assert (
            variant.position(
                **{k: v for k, v in array.items() if k != "turn"}, turn=position.turn
            ).raw
            == position.raw
        )
        assert variant.next_state(variant.next_state(position.raw)) == position.raw
        assert position.pass_turn().pass_turn() == position


def test_turning_the_shared_track_round() -> None:
    variant = SameTrack()
    state = variant.position(
        [2 if p == 24 else -3 if p == 20 else 0 for p in range(1, 25)],
        bar=(13, 12),
        waiting=(0, 0),
    ).raw
    flipped = variant.next_state(state)
    # No renumbering: every sign changes, bar and off swap.
    assert flipped[1:25] == tuple(-n for n in state[1:25])
    assert (flipped[25], flipped[26]) == (state[26], state[25])
    assert (flipped[0], flipped[27]) == (state[27], state[0])
    assert Geometry.SAME.opponent_point(7) == 7
    assert engine_state.opponent_point(7, Geometry.SAME.code) == 7
    assert engine_state.map_points(0b1010, Geometry.SAME.code) == 0b1010
    packed = engine_state.pack(state[:28])
    assert engine_state.unpack(engine_state.flip_packed(packed, Geometry.SAME.code)) == (
        engine_state.flipper(Geometry.SAME.code)(state[:28])
    )


def test_the_mirror_and_rotate_flips_are_unchanged() -> None:
    for geometry in (Geometry.MIRROR, Geometry.ROTATE):
        for p in range(1, 25):
            assert engine_state.opponent_point(p, geometry.code) == geometry.opponent_point(p)
    # A bool still reads as the old ``rotate`` argument.
    assert engine_state.opponent_point(3, True) == Geometry.ROTATE.opponent_point(3)
    assert engine_state.opponent_point(3, False) == 22


_POINT_SETS = st.sets(st.integers(1, 24)).map(lambda points: sum(1 << p for p in points))


@settings(max_examples=300, deadline=None)
@given(
    geometry=st.sampled_from([g.code for g in Geometry]),
    board=st.lists(st.integers(-15, 15), min_size=28, max_size=28),
    extras=st.lists(
        st.one_of(
            st.tuples(st.just(engine_state.POINTS), _POINT_SETS, _POINT_SETS),
            st.tuples(st.just(engine_state.COUNT), st.integers(0, 2**31), st.integers(0, 2**31)),
        ),
        max_size=3,
    ),
)
def test_the_packed_flip_is_the_flip_packed(
    geometry: int, board: list[int], extras: list[tuple[int, int, int]]
) -> None:
    # The bytes turned round directly: each pair of extra fields swapped, a set
    # of points renumbered, as flip does on the unpacked state.
    kinds = tuple(kind for kind, _, _ in extras)
    state = (*board, *(x for _, mine, theirs in extras for x in (mine, theirs)))
    expected = engine_state.pack(engine_state.flip(state, geometry, kinds))
    assert engine_state.flip_packed(engine_state.pack(state), geometry, kinds) == expected
    assert engine_state.packed_flipper(geometry, kinds)(engine_state.pack(state)) == expected


@pytest.mark.skipif(not nardy.native, reason="the native core's flip")
def test_the_native_flip_refuses_what_is_not_a_packed_state() -> None:
    flip: Any = engine_state.packed_flipper(Geometry.ROTATE.code)
    # (The native core's class, reached through its instance.)
    Flip = type(flip)
    start = nardy.Backgammon().starting_position().packed
    assert flip(start) == engine_state.flip_packed(start, Geometry.ROTATE.code)
    for bad in (start[:-1], start + b"\x80", bytearray(start), None):
        with pytest.raises(ValueError, match="packed state"):
            flip(bad)
    for geometry in (3, -1, "mirror", None):
        with pytest.raises(ValueError, match="a geometry is 0, 1 or 2"):
            Flip(geometry)


@pytest.mark.parametrize(
    "name", ["plakoto", "tabula", "acey-deucey", "gul-bara", "gioul", "dutch", "russian"]
)
def test_each_variant_turns_its_packed_positions_round_as_its_states(name: str) -> None:
    variant = nardy.find_variant(name)
    flip_packed, flip = type(variant).packed_flipper(), type(variant).flipper()
    for position in walk(variant, 3, 60):
        packed = position.packed
        assert flip_packed(packed) == engine_state.pack(flip(engine_state.unpack(packed)))


@pytest.mark.parametrize("cls", [ThreeDiceGammon, SameTrack, SameTrackThreeDice])
def test_pictures(cls: type[Variant]) -> None:
    from nardy.pictures import svg

    position = walk(cls(), 2, 30)[-1]
    picture = svg.board(position, dice=None)
    assert picture.startswith("<svg") or "<svg" in picture
    assert str(position)
    assert position.board_text(unicode=True) if hasattr(position, "board_text") else True


def test_the_shared_track_draws_both_sides_on_the_same_points() -> None:
    from nardy.pictures import svg

    variant = SameTrack()
    position = variant.position(
        [2 if p == 24 else -3 if p == 23 else 0 for p in range(1, 25)], bar=(13, 12)
    )
    picture = svg.board(position)
    assert picture.count("point-24") == 2
    assert picture.count("point-23") == 3
    text = str(position)
    assert "2X" in text
    assert "3O" in text


def test_scoring_on_the_shared_track_counts_the_home_board() -> None:
    from nardy.variants.scoring import behind_winners_home

    variant = SameTrack()
    # White has borne off everything; black has none off and one checker on his 3.
    board = [0] * 24
    board[2] = -15
    position = variant.position(board, off=(15, 0))
    assert behind_winners_home(position, Side.BLACK)


# --- the learning-agent bridges ------------------------------------------------------------


def test_openspiel_chance_outcomes_of_three_dice() -> None:
    pytest.importorskip("pyspiel")
    from nardy.agents import openspiel

    game = openspiel.NardyGame("test-three-dice", {})
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            if not state.phase.opening:
                assert len(outcomes) == 56
                action = outcomes[rng.randrange(len(outcomes))][0]
                assert state.action_to_string(-1, action).startswith("roll ")
                state.apply_action(action)
                turn = state.phase.turn
                assert turn is not None
                assert len(turn.roll.faces) == 3
                break
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_the_environment_rolls_three_dice() -> None:
    pytest.importorskip("numpy")
    from nardy.agents.env.core import TurnState

    turn = TurnState("test-three-dice", "play", "array")
    turn.reset(3, None)
    assert len(turn.roll.faces) == 3
    for _ in range(20):
        assert len(turn.random_roll().faces) == 3


# --- nardy legal ------------------------------------------------------------------------------


def test_nardy_legal_questions() -> None:
    from nardy.cli.legal import LegalFilter, legal_line

    start = ThreeDiceGammon().starting_position().to_array()
    question = {"variant": "test-three-dice", "board": start["board"], "dice": [6, 3, 1]}
    answer = legal_line(json.dumps(question), None, {})
    expected = ThreeDiceGammon().starting_position().legal_plays(Roll(6, 3, 1))
    assert [p["play"] for p in answer["plays"]] == list(expected.notations())
    text, error = LegalFilter(None, {}).answer(json.dumps(question))
    assert not error
    assert json.loads(text) == answer
    for bad in ([6, 3], [6, 3, 1, 2]):
        text, error = LegalFilter(None, {}).answer(json.dumps({**question, "dice": bad}))
        assert error
        assert "three integers" in text
    # "moves": k beside a double, only where the variant has segments.
    plain = {
        "variant": "backgammon",
        "board": nardy.Backgammon().starting_position().to_array()["board"],
    }
    text, error = LegalFilter(None, {}).answer(json.dumps({**plain, "dice": [5, 5], "moves": 3}))
    assert error
    assert "segments" in text
    with registered(with_segments(nardy.Backgammon)):
        seg = {**plain, "variant": "test-segments-backgammon", "dice": [5, 5]}
        text, error = LegalFilter(None, {}).answer(json.dumps({**seg, "moves": 3}))
        assert not error
        three = json.loads(text)["plays"]
        assert max(len(p["play"].split()) for p in three) <= 3
        text, error = LegalFilter(None, {}).answer(json.dumps({**seg, "dice": [5, 4], "moves": 1}))
        assert error
        assert "double" in text
        text, error = LegalFilter(None, {}).answer(json.dumps({**seg, "moves": 9}))
        assert error
