"""Game and match records: exact round trips, and corrupted records rejected by name."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import nardy
from nardy import Game, Match, Phase, RecordError, Side
from nardy.cli.main import choose_play, cube_decision

W, B = Side.WHITE, Side.BLACK


def short_game() -> Game:
    """Opening 3-1 (player 0, white), then four fed turns; black doubles, white takes."""
    g = Game.new("backgammon").roll((3, 1)).play("8/5 6/5")  # action 1, 2
    g = g.roll((6, 4)).play("24/14")  # 3, 4: black runs a back checker
    g = g.roll((5, 5)).play("13/3(2)")  # 5, 6
    return g.double().take()  # 7, 8


def self_play(variant: str, seed: int, **options: Any) -> Game:
    """A whole seeded game with the demo's players and cube."""
    rng = random.Random(seed)
    g = Game.new(variant, rng=seed, **options)
    while not g.is_over():
        decision = cube_decision(g)
        if decision:
            g = getattr(g, decision)()
        elif g.phase in (Phase.OPENING, Phase.ROLL):
            g = g.roll()
        elif g.last_roll:
            g = g.play(0)
        else:
            assert g.dice is not None
            g = g.play(choose_play(g.position, g.dice, rng))
    return g


def test_record_layout() -> None:
    data = short_game().to_dict()
    assert data["format"] == "nardy-game"
    assert data["variant"] == "backgammon"
    assert data["actions"][:4] == [
        {"action": "opening", "dice": [3, 1]},
        {"action": "play", "side": "w", "play": "8/5 6/5"},
        {"action": "roll", "side": "b", "dice": [6, 4]},
        {"action": "play", "side": "b", "play": "24/14"},
    ]
    assert data["actions"][6:] == [
        {"action": "double", "side": "b"},
        {"action": "take", "side": "w"},
    ]
    assert data["cube"] == {
        "value": 2,
        "owner": "w",
        "offered_by": None,
        "beavered": False,
        "automatic": 0,
    }
    assert data["phase"] == "roll"
    assert data["outcome"] is None


@pytest.mark.parametrize(
    "game",
    [
        Game.new("backgammon"),
        Game.new("backgammon").roll((4, 4)),
        Game.new("backgammon").roll((3, 1)),
        short_game(),
        short_game().roll((2, 1)),
        short_game().roll((2, 1)).resign("gammon"),
        short_game().roll((2, 1)).play(0).double(),
        Game.new("backgammon", beaver=True).roll((3, 1)).play(0).double().beaver(),
        Game.new("backgammon", opening="two_dice_each_reroll").roll(((6, 1), (3, 3))),
        Game.new("backgammon", automatic_doubles=3).roll((2, 2)).roll((6, 5)),
        Game.new("long-nardy", starter=W, white_player=1, crawford=True).roll((6, 6)),
        Game.new("backgammon", winner_takes_white=False).roll((1, 2)),
    ],
    ids=lambda g: g.describe(),
)
def test_running_game_round_trips(game: Game) -> None:
    text = game.to_json()
    back = Game.from_json(text)
    assert back == game
    assert back.to_json() == text


@pytest.mark.parametrize(
    ("variant", "seed", "options"),
    [
        ("backgammon", 1, {}),
        ("backgammon", 2, {"stakes": "arithmetic", "jacoby": True}),
        ("nackgammon", 3, {"opening": "two_dice_each_use_both"}),
        ("long-nardy", 4, {"last_roll_draw": True}),
        ("long-nardy(koks=true)", 5, {"gammons_with_cube": False}),
        ("kush", 6, {"opening": "one_die_each_reroll"}),
        ("caucasian", 7, {"scoring": "checkers-left"}),
    ],
)
def test_finished_game_round_trips(variant: str, seed: int, options: dict[str, Any]) -> None:
    game = self_play(variant, seed, **options)
    assert game.is_over()
    text = game.to_json(indent=2)
    back = Game.from_json(text)
    assert back == game
    assert back.outcome == game.outcome
    assert back.to_json(indent=2) == text


def test_game_from_a_start_position_round_trips() -> None:
    bg = nardy.find_variant("backgammon")
    start = bg.from_counts({1: 1, 3: 1}, {6: 15}, turn=B)
    game = Game.new(bg, start=start).roll((6, 5)).play(0).roll((3, 1)).play("3/off 1/off")
    assert game.is_over()
    assert Game.from_json(game.to_json()) == game


def corrupt(game: Game, index: int, **changes: Any) -> dict[str, Any]:
    data = game.to_dict()
    data["actions"][index].update(changes)
    return data


def test_illegal_play_in_the_record_names_the_first_bad_turn() -> None:
    data = corrupt(short_game(), 3, play="24/13")  # black's 6-4 cannot go 11 pips
    with pytest.raises(RecordError, match=r"action 4 \(turn 2, b play '24/13'\)") as info:
        Game.from_dict(data)
    assert info.value.index == 3
    assert "illegal play '24/13' for roll 64" in str(info.value)


def test_dice_changed_in_the_record() -> None:
    data = corrupt(short_game(), 4, dice=[6, 6])  # white's 5-5 becomes 6-6; 13/3(2) is illegal
    with pytest.raises(RecordError, match=r"action 6 \(turn 3, w play '13/3\(2\)'\)"):
        Game.from_dict(data)


def test_wrong_side_in_the_record() -> None:
    data = corrupt(short_game(), 2, side="w")  # it is black's roll
    with pytest.raises(RecordError, match=r"action 3 .*by white: it is black's turn"):
        Game.from_dict(data)


def test_action_out_of_order_in_the_record() -> None:
    data = short_game().to_dict()
    del data["actions"][2]  # black's roll is gone: black's play comes before a roll
    with pytest.raises(RecordError, match=r"action 3 .*cannot play: the dice have not been rolled"):
        Game.from_dict(data)


def test_bad_dice_in_the_record() -> None:
    data = corrupt(short_game(), 2, dice=[7, 1])
    with pytest.raises(RecordError, match="action 3"):
        Game.from_dict(data)


def test_unknown_action_in_the_record() -> None:
    data = corrupt(short_game(), 6, action="otter")  # an animal nardy does not know
    with pytest.raises(RecordError, match="action 7"):
        Game.from_dict(data)


def test_stored_state_must_match_the_replay() -> None:
    data = short_game().to_dict()
    data["cube"]["value"] = 4
    with pytest.raises(RecordError, match="cube"):
        Game.from_dict(data)
    data = self_play("backgammon", 1).to_dict()
    data["outcome"]["points"] += 1
    with pytest.raises(RecordError, match="outcome"):
        Game.from_dict(data)


def test_actions_after_the_end_are_rejected() -> None:
    game = self_play("hypergammon", 2)
    data = game.to_dict()
    data["actions"].append({"action": "roll", "side": "w", "dice": [1, 1]})
    with pytest.raises(RecordError, match=rf"action {len(data['actions'])} .*game is over"):
        Game.from_dict(data)


def test_not_a_record() -> None:
    with pytest.raises(RecordError, match="JSON"):
        Game.from_json("{not json")
    with pytest.raises(RecordError, match="nardy-game"):
        Game.from_dict({"format": "nardy-match"})
    with pytest.raises(RecordError, match="version"):
        Game.from_dict({"format": "nardy-game", "version": 99})
    with pytest.raises(RecordError, match="header"):
        Game.from_dict({"format": "nardy-game", "version": 1, "variant": "chess", "actions": []})
    with pytest.raises(RecordError, match="actions"):
        Game.from_dict({"format": "nardy-game", "version": 1, "variant": "backgammon"})


def test_loaded_game_continues_with_a_new_dice_source() -> None:
    game = Game.from_json(short_game().to_json(), rng=random.Random(5))
    assert game.roll().phase is Phase.MOVE


# --- matches --------------------------------------------------------------------------


def self_play_match(variant: str, length: int, seed: int, **options: Any) -> Match:
    from io import StringIO

    from nardy.cli.main import run_match

    return run_match(nardy.find_variant(variant), length, seed, StringIO(), options)


@pytest.mark.parametrize(
    ("variant", "length", "seed", "options"),
    [
        ("backgammon", 5, 1, {}),
        ("long-nardy", 3, 1, {"last_roll_draw": True, "cube": False}),
        ("hypergammon", 7, 3, {"stakes": "arithmetic"}),
    ],
)
def test_finished_match_round_trips(
    variant: str, length: int, seed: int, options: dict[str, Any]
) -> None:
    match = self_play_match(variant, length, seed, **options)
    assert match.is_over()
    text = match.to_json()
    back = Match.from_json(text)
    assert back == match
    assert back.to_json() == text


def test_running_match_round_trips() -> None:
    m = Match.new("backgammon", 5).roll((5, 3)).resign("gammon").accept()
    m = m.roll((6, 6))
    assert not m.is_over()
    assert Match.from_json(m.to_json()) == m


def test_corrupt_match_names_the_game() -> None:
    m = Match.new("backgammon", 5, next_game="alternate", winner_takes_white=True)
    m = m.roll((5, 3)).resign("gammon").accept()
    m = m.roll((6, 4)).play("24/14")
    data = m.to_dict()
    data["games"][1]["actions"][1]["play"] = "24/13"
    with pytest.raises(RecordError, match=r"game 2: bad record at action 2 \(turn 1"):
        Match.from_dict(data)
    data = m.to_dict()
    data["games"][1]["white_player"] = 0  # player 1 had black in game 1: he is white now
    with pytest.raises(RecordError, match="game 2: white_player"):
        Match.from_dict(data)
    data = m.to_dict()
    data["scores"] = [0, 3]
    with pytest.raises(RecordError, match="scores"):
        Match.from_dict(data)


def test_match_record_rejects_unfinished_games_in_the_middle() -> None:
    m = Match.new("backgammon", 5).roll((5, 3)).resign("gammon").accept().roll((6, 6))
    data = m.to_dict()
    data["games"][0]["actions"] = data["games"][0]["actions"][:1]
    for key in ("phase", "position", "dice", "cube", "first", "outcome"):
        data["games"][0].pop(key)  # the stored state is optional
    with pytest.raises(RecordError, match="game 1: the record stops before the game ends"):
        Match.from_dict(data)


def test_match_record_layout() -> None:
    m = Match.new("backgammon", 3).roll((5, 3)).resign().accept()
    data = json.loads(m.to_json())
    assert data["format"] == "nardy-match"
    assert (data["length"], data["crawford"], data["next_game"]) == (3, True, "opening-roll")
    assert data["scores"] == [0, 1]
    assert len(data["games"]) == 2
    assert data["games"][0]["outcome"]["winner"] == "b"


def test_kush_return_of_five_checkers_round_trips() -> None:
    kush = nardy.find_variant("kush")
    start = kush.from_counts({24: 4, 6: 5}, {24: 15}, bar=(6, 0), turn=W)
    g = Game.new(kush, start=start).roll((5, 5))
    [ret] = [p for p in g.legal_plays() if p.notation() == "bar/24(5)"]
    g = g.play(ret)
    assert Game.from_json(g.to_json()) == g
