"""The open turn model: a roll made of segments, a double to name, moves handed over, rolls counted.

No built-in variant's turn is more than one segment yet, so toy variants
on backgammon's board say here what the turn hooks can say
(:class:`~nardy.variants.turn_hooks.TurnHooks`), and :class:`nardy.Game`
must run them: acey-deucey's 1-2 (a segment, a named double, a roll
again), gul bara's cascade (each double followed by the next up to the
6s), moves handed to the opponent when a segment is not fully played, a
count of each side's rolls. A game stopped between two segments has an ID
that says everything needed to go on, and its JSON record replays.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

import nardy
from nardy.errors import IllegalActionError, InvalidIdError, WrongPhaseError
from nardy.game import turns
from nardy.game.actions import ActionKind, Phase
from nardy.model.basics import Roll, Side
from nardy.model.play import Play
from nardy.model.position import Position
from nardy.model.turns import BETWEEN_TURNS, TurnState, TurnStep, doubles, fully_played
from nardy.rules.vocabulary import ExtraField
from nardy.variants.backgammon import Backgammon

ACE_DEUCE = Roll(2, 1)


@attrs.frozen
class AceDeuce(Backgammon):
    """Backgammon, but a 1-2 is followed by a double the player names, then a roll again."""

    name: ClassVar[str] = "test-ace-deuce"
    aliases: ClassVar[tuple[str, ...]] = ()

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        if roll == ACE_DEUCE:
            return TurnState(pending=(roll,), name_double=True, roll_again=True, roll=roll)
        return super().turn_start(position, roll)


@attrs.frozen
class Cascade(Backgammon):
    """Backgammon, but a double d-d is four d's, then four of each higher number up to the 6s.

    A segment of the cascade that is not fully played hands what is left of
    it and the higher numbers' segments to the opponent, who plays them
    before his own roll.
    """

    name: ClassVar[str] = "test-cascade"
    segment_moves: ClassVar[bool] = True
    aliases: ClassVar[tuple[str, ...]] = ()
    extra_state: ClassVar[tuple[ExtraField, ...]] = (turns.ROLLS,)
    gnubg_id_supported: ClassVar[bool] = False

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        if not roll.is_double:
            return super().turn_start(position, roll)
        cascade = tuple(Roll(d, d) for d in range(roll.high, 7))
        return TurnState(pending=cascade, roll=roll)

    def after_segment(
        self, before: Position, play: Play, after: Position, state: TurnState
    ) -> TurnStep:
        if state.handed_over or not play.roll.is_double or fully_played(play.roll, play):
            return super().after_segment(before, play, after, state)
        left = len(play.roll.moves) - len(play.steps)
        return TurnStep.hand_over((play.roll.with_moves(left), *state.pending))


@pytest.fixture(scope="module", autouse=True)
def registered() -> Any:
    for cls in (AceDeuce, Cascade):
        nardy.register_variant(cls)
    yield
    for cls in (AceDeuce, Cascade):
        nardy.unregister_variant(cls)


def started(variant: nardy.Variant, start: Position | None = None) -> nardy.Game:
    """A game of ``variant`` with white to roll (from its start, or ``start``)."""
    return nardy.Game.new(variant, starter=Side.WHITE, start=start, rng=7)


def test_the_default_turn_is_one_segment() -> None:
    variant = Backgammon()
    start = variant.starting_position()
    turn = turns.start_turn(variant, start, Roll(3, 1))
    assert turn.state == TurnState(pending=(Roll(3, 1),), roll=Roll(3, 1))
    assert turn.phase is turns.TurnPhase.PLAY
    play = start.legal_plays(Roll(3, 1)).find("8/5 6/5")
    after = start.apply(play)
    nxt = turns.after_play(variant, start, play, after, turn.state)
    assert nxt == turns.Turn(after)  # the opponent to roll, nothing pending
    assert nxt.phase is turns.TurnPhase.ROLL


def test_a_1_2_names_a_double_and_rolls_again() -> None:
    game = started(AceDeuce()).roll((1, 2))
    assert game.phase is Phase.MOVE
    assert game.dice == ACE_DEUCE
    game = game.play("24/23 24/22")
    assert game.phase is Phase.DECIDE
    assert game.to_act is Side.WHITE
    assert game.turn is Side.WHITE
    assert game.allowed() == {ActionKind.NAME, ActionKind.RESIGN}
    assert game.double_choices() == doubles()
    with pytest.raises(WrongPhaseError):
        game.roll((3, 1))
    game = game.name_double(6)
    assert game.phase is Phase.MOVE
    assert game.dice == Roll(6, 6)
    game = game.play("13/7(4)")
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.WHITE
    assert game.turn_state == BETWEEN_TURNS
    assert [a.kind for a in game.history] == [
        ActionKind.ROLL,
        ActionKind.PLAY,
        ActionKind.NAME,
        ActionKind.PLAY,
    ]
    assert game.history[2].dice == (6, 6)


def test_play_out_runs_a_turn_as_the_game_does() -> None:
    # The 1-2, then the named double: play_out asks for a double once and for a play a segment.
    asked: list[str] = []

    def name(position: Position, choices: tuple[Roll, ...]) -> Roll:
        asked.append(f"name {len(choices)}")
        return choices[-1]  # 6-6

    def play(position: Position, segment: Roll, legal: nardy.LegalPlays) -> int:
        asked.append(f"play {segment}")
        return len(legal) - 1

    start = started(AceDeuce()).position
    after = turns.play_out(turns.start_turn(AceDeuce(), start, Roll(1, 2)), name, play)
    assert asked == ["play 21", "name 6", "play 66"]
    game = started(AceDeuce()).roll((1, 2))
    game = game.play(game.legal_plays()[-1]).name_double(6)
    game = game.play(game.legal_plays()[-1])
    assert game.phase is Phase.ROLL
    assert after == game.position


def test_a_named_double_not_fully_played_ends_the_turn() -> None:
    # White's last two checkers sit on his 24-point behind a prime from 18 to 13: a named 6-6 is blocked.
    black = {7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 13: 3}
    start = AceDeuce().from_counts({24: 2, 6: 13}, black)
    game = started(AceDeuce(), start).roll((2, 1)).play("24/22 24/23")
    game = game.name_double(Roll(6, 6))
    legal = game.legal_plays()
    assert not fully_played(Roll(6, 6), legal[0])
    game = game.play(0)
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.BLACK


def test_only_the_doubles_offered_may_be_named() -> None:
    game = started(AceDeuce()).roll((2, 1)).play("24/23 24/22")
    with pytest.raises(IllegalActionError):
        game.name_double((6, 5))
    with pytest.raises(WrongPhaseError):
        started(AceDeuce()).name_double(6)


def test_a_cascade_plays_each_double_up_to_the_sixes() -> None:
    game = started(Cascade()).roll((5, 5))
    assert game.dice == Roll(5, 5)
    assert game.turn_state.pending == (Roll(5, 5), Roll(6, 6))
    game = game.play("13/8(4)")
    assert game.phase is Phase.MOVE
    assert game.dice == Roll(6, 6)
    assert game.position.turn is Side.WHITE
    game = game.play("24/18(2) 8/2(2)")
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.BLACK


def test_a_cascade_not_fully_played_hands_the_rest_over() -> None:
    # White can play one 4 (20/16; black holds his 12 and 8): black then plays three 4s,
    # the 5s and the 6s, and then rolls for his own turn.
    start = Cascade().from_counts({20: 1, 1: 14}, {13: 2, 17: 2, 6: 11})
    game = started(Cascade(), start).roll((4, 4))
    assert game.dice == Roll(4, 4)
    legal = game.legal_plays()
    assert not fully_played(Roll(4, 4), legal[0])
    game = game.play(0)
    assert game.phase is Phase.MOVE
    assert game.position.turn is Side.BLACK
    assert game.turn_state.handed_over
    assert game.turn_state.pending == (Roll(4, 4).with_moves(3), Roll(5, 5), Roll(6, 6))
    assert game.dice == Roll(4, 4).with_moves(3)
    assert game.legal_plays().roll.moves == (4, 4, 4)
    assert game.to_dict()["moves"] == 3
    game = game.play(0)
    assert game.dice == Roll(5, 5)
    game = game.play(0)
    if game.phase is Phase.MOVE:  # the 5s fully played: the 6s follow
        assert game.dice == Roll(6, 6)
        assert game.position.turn is Side.BLACK
        game = game.play(0)
    assert game.phase is Phase.ROLL
    assert game.position.turn is Side.BLACK


def test_rolls_are_counted_per_side() -> None:
    game = started(Cascade()).roll((3, 1)).play("8/5 6/5")
    assert game.position.extra(Side.WHITE)["rolls"] == 1
    assert game.position.extra(Side.BLACK)["rolls"] == 0
    game = game.roll((4, 2)).play(0)
    for _ in range(4):
        game = game.roll((3, 1)).play(0)
    assert game.position.extra(Side.WHITE)["rolls"] == turns.ROLLS_COUNTED
    assert ":rolls=3/3" in game.position.id()


def test_a_turn_stopped_between_segments_has_an_id_that_goes_on() -> None:
    game = started(AceDeuce()).roll((2, 1)).play("24/23 24/22")
    turn = turns.Turn(game.position, game.turn_state)
    text = turns.turn_id(turn)
    assert text.endswith(";name;again;roll=21")
    assert turns.from_turn_id(text) == turn
    game = started(Cascade()).roll((5, 5)).play("13/8(4)")
    turn = turns.Turn(game.position, game.turn_state)
    assert turns.turn_id(turn).endswith(";pending=64;roll=55")
    assert turns.from_turn_id(turns.turn_id(turn)) == turn
    between = turns.Turn(Backgammon().starting_position())
    assert turns.turn_id(between) == between.position.id()
    handed = TurnState(pending=(Roll(4, 4).with_moves(3), Roll(5, 5)), handed_over=True)
    assert handed.text() == "pending=43.54;handed"
    assert TurnState.from_text(handed.text()) == handed
    three = TurnState(pending=(Roll(6, 3, 1),), roll=Roll(6, 3, 1))
    assert TurnState.from_text(three.text()) == three
    for bad in ("pending=9", "pending=45", "pending=35", "name=1", "roll=7x", "what"):
        with pytest.raises(InvalidIdError):
            TurnState.from_text(bad)


def test_the_turn_state_array_form_round_trips() -> None:
    state = TurnState(pending=(Roll(4, 4), Roll(5, 5)), roll_again=True, roll=Roll(4, 4))
    assert state.to_dict() == {"pending": [[4, 4], [5, 4]], "roll_again": True, "roll": [4, 4]}
    assert TurnState.from_dict(state.to_dict()) == state
    assert TurnState.from_dict({}) == BETWEEN_TURNS
    with pytest.raises(InvalidIdError):
        TurnState.from_dict({"name_double": 1})


def test_records_of_games_with_named_doubles_and_cascades_replay() -> None:
    for variant, first in ((AceDeuce(), (2, 1)), (Cascade(), (3, 3))):
        game = started(variant).roll(first)
        rng = nardy.Game.new(variant, rng=11).rng
        for _ in range(200):
            if game.is_over():
                break
            if game.phase is Phase.ROLL:
                game = game.roll()
            elif game.phase is Phase.DECIDE:
                game = game.name_double(game.double_choices()[rng.die() - 1])
            else:
                game = game.play(0)
        again = nardy.Game.from_json(game.to_json())
        assert again == game
        assert list(again.states())[-1] == game


def test_a_record_stopped_inside_a_turn_says_what_remains() -> None:
    game = started(Cascade()).roll((5, 5)).play("13/8(4)")
    data = game.to_dict()
    assert data["turn"] == {"pending": [[6, 4]], "roll": [5, 5]}
    assert nardy.Game.from_dict(data) == game
    data["turn"] = {"pending": [[5, 4]], "roll": [5, 5]}
    with pytest.raises(nardy.errors.RecordError, match="turn"):
        nardy.Game.from_dict(data)
    assert "turn" not in started(Backgammon()).roll((3, 1)).to_dict()  # one segment: as before


@pytest.mark.parametrize("variant", [AceDeuce(), Cascade()], ids=["ace-deuce", "cascade"])
def test_the_conformance_suite_plays_whole_turns(variant: nardy.Variant) -> None:
    from nardy.testing import check_variant

    report = check_variant(variant, games=6, seed=3)
    assert report.finished == 6
    assert report.positions > 6 * 20
    if isinstance(variant, AceDeuce):
        assert report.extra_rolls > 0  # 1-2s were rolled, named doubles played, rolls again
