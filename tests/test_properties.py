"""Properties every legal play of every backgammon-family position must have.

Positions come from :func:`strategies.positions` (all kinds: contact, bar,
primes, closed boards, bear-offs, races, blots, hit-and-hide set-ups,
stuck runners, checkers off, self-play)
for backgammon, nackgammon, hypergammon and Caucasian nardy with both
values of ``no_hide_after_hit``. The expected values are computed here
from the rules (checker counts, pip arithmetic, the mirror geometry), never
taken from the code under test.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import OFF, LegalPlays, Position, Roll, Side, Variant
from strategies import FAMILY_SPECS, positions, rolls

BAR = 25


@pytest.fixture(scope="module", params=FAMILY_SPECS)
def variant(request: pytest.FixtureRequest) -> Variant:
    spec: str = request.param
    return nardy.find_variant(spec)


def draw_case(data: st.DataObject, variant: Variant) -> tuple[Position, Roll, LegalPlays]:
    pos = data.draw(positions(variant), label="position")
    roll = data.draw(rolls(), label="roll")
    return pos, roll, pos.legal_plays(roll)


def own_pips(points: tuple[int, ...], bar: int) -> int:
    """A side's pip count from its own numbering: a checker on point p needs p pips, on the bar 25."""
    return sum(p * n for p, n in enumerate(points, start=1)) + 25 * bar


# --- checkers ------------------------------------------------------------------------


@given(data=st.data())
def test_checkers_conserved_and_no_point_holds_both_colours(
    variant: Variant, data: st.DataObject
) -> None:
    pos, _, legal = draw_case(data, variant)
    n = variant.checkers
    assert n == (3 if variant.name == "hypergammon" else 15)
    for result in (pos, *legal.resulting_positions()):
        for side in (Side.WHITE, Side.BLACK):
            on_board = sum(result.checkers(side))
            assert on_board + result.bar(side) + result.off(side) == n, (result, side)
            assert min(result.checkers(side)) >= 0
        white = result.checkers(Side.WHITE)
        black = result.checkers(Side.BLACK)
        for p in range(1, 25):
            # Mirror geometry: white's point p is black's point 25 - p.
            assert not (white[p - 1] and black[25 - p - 1]), (result, p)


# --- pips ------------------------------------------------------------------------------


@given(data=st.data())
def test_pips_fall_by_the_dice_used_and_opponent_changes_only_by_hits(
    variant: Variant, data: st.DataObject
) -> None:
    pos, roll, legal = draw_case(data, variant)
    mover, opponent = pos.turn, pos.turn.opponent
    before_points = pos.checkers(opponent)
    for play, result in legal.items():
        assert result.turn == opponent
        # Dice: a sub-multiset of what the roll gives.
        used = Counter(play.dice_used)
        assert not used - Counter(roll.moves), (play, roll)
        dice = sum(play.dice_used)

        # The mover: pips fall by exactly the dice, except that a bear-off
        # with a higher die than needed wastes up to 5 pips per checker.
        drop = pos.pip_count(mover) - result.pip_count(mover)
        assert drop == own_pips(pos.checkers(mover), pos.bar(mover)) - own_pips(
            result.checkers(mover), result.bar(mover)
        )
        borne = result.off(mover) - pos.off(mover)
        assert borne >= 0
        if borne == 0:
            assert drop == dice, (play, drop)
        else:
            assert dice - 5 * borne <= drop <= dice, (play, drop, borne)

        # The opponent: a checker can only leave a point by being hit (so it
        # was a blot), and goes to the bar.
        after_points = result.checkers(opponent)
        hit_points = []
        for q in range(1, 25):
            b, a = before_points[q - 1], after_points[q - 1]
            if a != b:
                assert (b, a) == (1, 0), (play, q, b, a)
                hit_points.append(q)
        assert result.bar(opponent) - pos.bar(opponent) == len(hit_points) == play.hits
        assert result.off(opponent) == pos.off(opponent)
        # Each hit checker travels from its point q back to the bar (25).
        rise = result.pip_count(opponent) - pos.pip_count(opponent)
        assert rise == sum(25 - q for q in hit_points), (play, hit_points)


# --- formats ---------------------------------------------------------------------------


@given(data=st.data())
def test_results_round_trip_through_id_and_array_form(
    variant: Variant, data: st.DataObject
) -> None:
    pos, _, legal = draw_case(data, variant)
    for result in (pos, *legal.resulting_positions()):
        again = Position.from_id(result.id())
        assert again == result
        assert again.variant == variant
        array = result.to_array()
        assert variant.position(**array, turn=result.turn) == result
        assert Position(variant, turn=result.turn, **array) == result


@given(data=st.data())
def test_notation_parses_back_to_the_same_play(variant: Variant, data: st.DataObject) -> None:
    pos, roll, legal = draw_case(data, variant)
    for play in legal:
        text = play.notation()
        assert legal.find(text) == play, (text, legal.notations())
        assert pos.parse_play(text, roll) == play
        assert legal.has(text)
        assert legal.has(play)
    if legal.is_pass:
        assert legal.notations() == [""]


# --- applying plays --------------------------------------------------------------------


def replay(raw: tuple[int, ...], steps: tuple[nardy.Step, ...], dice: list[int]) -> tuple[int, ...]:
    """Move the checkers of ``steps`` by hand on a raw state (mover's frame), checking each step."""
    s = list(raw)
    dice = list(dice)
    for step in steps:
        assert step.die in dice, step
        dice.remove(step.die)
        if step.src == BAR:
            assert s[BAR] > 0, step
            assert step.dst == BAR - step.die, step
            s[BAR] -= 1
        else:
            assert 1 <= step.src <= 24, step
            assert s[step.src] > 0, step
            if step.dst == OFF:
                assert step.die >= step.src, step
            else:
                assert step.dst == step.src - step.die, step
            s[step.src] -= 1
        if step.dst == OFF:
            s[0] += 1
            continue
        assert s[step.dst] >= -1, step  # never onto a closed point
        assert step.hit == (s[step.dst] == -1), step
        if s[step.dst] == -1:
            s[step.dst] = 0
            s[26] += 1
        s[step.dst] += 1
    return tuple(s)


def flip(raw: tuple[int, ...]) -> tuple[int, ...]:
    """The same state in the other side's frame (mirror geometry: point p is 25 - p)."""
    return (raw[27], *(-raw[25 - p] for p in range(1, 25)), raw[26], raw[25], raw[0])


@given(data=st.data())
def test_applying_a_play_gives_its_result(variant: Variant, data: st.DataObject) -> None:
    pos, roll, legal = draw_case(data, variant)
    results = legal.resulting_positions()
    raws = legal.result_states()
    arrays = legal.resulting_arrays()
    assert len(raws) == len(arrays) == len(results) == len(legal)
    for i, play in enumerate(legal):
        # The unflipped forms describe the same state, in the mover's frame.
        assert flip(raws[i]) == results[i].raw
        assert arrays[i] == {
            "board": list(raws[i][1:25]),
            "bar": [raws[i][25], raws[i][26]],
            "off": [raws[i][0], raws[i][27]],
        }
        assert pos.apply(play) == legal.resulting_position(i) == results[i]
        assert legal.resulting_position(play) == results[i]
        # The play's own steps, replayed by hand, lead to the same place.
        assert replay(pos.raw, play.steps, list(roll.moves)) == raws[i], play
        assert results[i].turn == pos.turn.opponent
    if legal.is_pass:
        assert results == (pos.pass_turn(),)
        assert results[0].raw == flip(pos.raw)


@given(data=st.data())
def test_results_distinct_and_every_play_uses_as_many_dice(
    variant: Variant, data: st.DataObject
) -> None:
    _, roll, legal = draw_case(data, variant)
    assert len(legal) >= 1
    results = legal.resulting_positions()
    assert len(set(results)) == len(results), legal.notations()
    assert len({len(play.dice_used) for play in legal}) == 1, legal.notations()
    assert all(len(play.dice_used) <= len(roll.moves) for play in legal)
    assert legal.is_pass == (len(legal) == 1 and legal[0].is_pass)
    if not legal.is_pass:
        assert all(play.steps for play in legal)
