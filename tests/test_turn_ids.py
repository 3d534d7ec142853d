"""A game written as a turn ID anywhere in a turn, and resumed from it, goes on as the original.

:meth:`nardy.Game.turn_id` writes where the game stands (the position and
what remains of the turn: segments owed, a double to name, a roll again,
moves handed over); :meth:`nardy.Game.from_turn_id` resumes a game there.
Random games of every variant whose turn is more than a plain roll (and
backgammon's) are stopped at random points, resumed, and the original's
remaining actions replayed on the resumed game: at every step the phase,
the position, the dice, what remains of the turn, the legal plays, the
doubles to name and the actions allowed agree, and so does the outcome.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import nardy
from nardy import Game, Side
from nardy.errors import (
    GameOverError,
    InvalidIdError,
    InvalidOptionError,
    UnsupportedFormatError,
    WrongPhaseError,
)
from nardy.game import turns
from nardy.game.actions import CubeState, Phase
from nardy.game.id_state import MatchState
from nardy.model.turns import BETWEEN_TURNS, TurnState
from nardy.variants.turn_hooks import runs_turns

SPECS = [
    "acey-deucey",
    "acey-deucey(natural_doubles=and-complement,ace_deuce=double-and-complement)",
    "acey-deucey(natural_doubles=reroll,ace_deuce_partial=name-anyway)",
    "tabula",
    "gul-bara",
    "gul-bara(cascade_failure=current)",
    "gioul",
    "russian",
    "russian(entering=free,bonus=entered)",
    "backgammon",
    # (tapa with the mother rule: without it two pinned mothers can leave both sides
    # passing for ever, and these games are played to their end)
    "tapa(mother=true)",
    "moultezim",
]
GAMES = 3


def random_game(spec: str, seed: int) -> Game:
    """A whole game of ``spec`` played with seeded dice and seeded random choices."""
    choices = random.Random(seed)
    game = Game.new(spec, rng=random.Random(seed + 1000))
    while not game.is_over():
        if game.phase in (Phase.OPENING, Phase.ROLL):
            game = game.roll()
        elif game.phase is Phase.DECIDE:
            game = game.name_double(choices.choice(game.double_choices()))
        else:
            game = game.play(choices.randrange(len(game.legal_plays())))
    return game


def seen(game: Game) -> dict[str, Any]:
    """Everything a player of ``game`` can ask of it now (its history aside)."""
    out: dict[str, Any] = {
        "phase": game.phase,
        "position": game.position,
        "dice": game.dice,
        "turn_state": game.turn_state,
        "allowed": game.allowed(),
        "to_act": game.to_act,
        "outcome": game.outcome,
        "choices": game.double_choices(),
    }
    if game.phase is Phase.MOVE:
        out["plays"] = game.legal_plays().notations()
    if game.phase in (Phase.ROLL, Phase.MOVE, Phase.DECIDE):
        out["turn_id"] = game.turn_id()
    return out


def kind_of_stop(game: Game) -> str:
    """What a stop point exercises: a roll next, a segment, a later segment, a double to name, ..."""
    state = game.turn_state
    if game.phase is Phase.ROLL:
        return "between turns"
    if game.phase is Phase.DECIDE:
        return "a double to name"
    if state.handed_over:
        return "moves handed over"
    if len(state.pending) > 1 or state.name_double or state.roll_again:
        return "more to come"
    if state.roll is not None and game.dice != state.roll:
        return "a later segment"
    return "a plain roll"


@pytest.mark.parametrize("spec", SPECS)
def test_a_game_resumed_from_its_turn_id_goes_on_as_the_original(spec: str) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(GAMES):
        original = random_game(spec, seed)
        states = list(original.states())
        by_kind: dict[str, list[int]] = {}
        for i, g in enumerate(states):
            if g.phase in (Phase.ROLL, Phase.MOVE, Phase.DECIDE):
                by_kind.setdefault(kind_of_stop(g), []).append(i)
        # A random stop of each kind the game reached: the rarer places in a
        # turn are tried as often as a plain roll.
        picker = random.Random(seed)
        for kind, stops in sorted(by_kind.items()):
            i = picker.choice(stops)
            here = states[i]
            kinds[kind] += 1
            text = here.turn_id()
            resumed = Game.from_turn_id(text, here.options, white_player=here.white_player)
            assert resumed.turn_id() == text
            assert resumed.history == ()
            assert resumed.start_state == (
                BETWEEN_TURNS if here.phase is Phase.ROLL else here.turn_state
            )
            for k, action in enumerate(original.history[i:], start=i):
                assert seen(resumed) == seen(states[k])
                resumed = resumed.apply(action)
                assert seen(resumed) == seen(states[k + 1]), (spec, seed, k, text, str(action))
            assert resumed.outcome == original.outcome
            # The resumed game's record starts from the turn ID and replays.
            again = Game.from_json(resumed.to_json())
            assert again == resumed
            assert again.to_dict()["start"] == text
    assert kinds["between turns"] == kinds["a plain roll"] == GAMES
    if runs_turns(nardy.find_variant(spec)):
        assert kinds["more to come"], kinds


def test_the_stops_reach_every_kind_of_turn() -> None:
    # Enough random stops, across the variants above, land on each place a turn can stand.
    kinds: Counter[str] = Counter()
    for spec in ("acey-deucey", "gul-bara", "gioul"):
        for seed in range(4):
            for g in random_game(spec, seed).states():
                if g.phase in (Phase.ROLL, Phase.MOVE, Phase.DECIDE):
                    kinds[kind_of_stop(g)] += 1
    for kind in ("between turns", "a plain roll", "a double to name", "more to come"):
        assert kinds[kind], kinds
    assert kinds["a later segment"] + kinds["moves handed over"], kinds


def test_every_stop_of_a_game_resumes_equal() -> None:
    # Not a sample: every point of one acey-deucey, one gul bara and one Russian game.
    for spec in ("acey-deucey", "gul-bara", "russian"):
        original = random_game(spec, 7)
        for here in original.states():
            if here.phase not in (Phase.ROLL, Phase.MOVE, Phase.DECIDE):
                continue
            resumed = Game.from_turn_id(here.turn_id(), here.options)
            assert seen(resumed) == seen(here)


# --- the pieces -----------------------------------------------------------------------------


def named_double_pending() -> Game:
    """Acey-deucey after the 1 and the 2 of a 1-2: white names a double, then rolls again."""
    game = Game.new("acey-deucey", starter=Side.WHITE, rng=1).roll((2, 1))
    return game.play("pool/24 pool/23")


def test_the_turn_id_of_a_double_to_name() -> None:
    game = named_double_pending()
    text = game.turn_id()
    assert text.endswith(";name;again;roll=21")
    resumed = Game.from_turn_id(text)
    assert resumed.phase is Phase.DECIDE
    assert resumed.double_choices() == game.double_choices()
    assert resumed.name_double(5).dice == game.name_double(5).dice
    # Game.new takes the turn nardy.game.turns reads, too.
    again = Game.new("acey-deucey", start=turns.from_turn_id(text))
    assert again == resumed
    assert turns.turn_id(turns.Turn(game.position, game.turn_state)) == text


def test_between_turns_the_turn_id_is_the_position_id() -> None:
    game = Game.new("backgammon").roll((3, 1)).play("8/5 6/5")
    assert game.turn_id() == game.position.id()
    assert Game.from_turn_id(game.turn_id()) == Game.new("backgammon", start=game.position)
    with_dice = Game.new("backgammon").roll((3, 1))
    assert with_dice.turn_id() == f"{with_dice.position.id()};pending=31r;roll=31"


def test_a_position_id_reader_names_the_turn_id_readers() -> None:
    text = named_double_pending().turn_id()
    with pytest.raises(InvalidIdError, match="is a turn ID") as info:
        nardy.Position.from_id(text)
    assert "nardy.game.turns.from_turn_id" in str(info.value)
    assert "nardy.Game.from_turn_id" in str(info.value)
    plain = f"{nardy.Backgammon().starting_position().id()};pending=31r;roll=31"
    with pytest.raises(InvalidIdError, match="is a turn ID"):
        nardy.Position.from_id(plain)


def test_no_turn_id_where_a_game_holds_more_than_a_turn() -> None:
    with pytest.raises(WrongPhaseError, match="opening"):
        Game.new("backgammon").turn_id()
    doubled = Game.new("backgammon").roll((3, 1)).play("8/5 6/5").double()
    with pytest.raises(WrongPhaseError, match="double is pending"):
        doubled.turn_id()
    resigned = Game.new("backgammon").roll((3, 1)).resign()
    with pytest.raises(WrongPhaseError, match="resignation is pending"):
        resigned.turn_id()
    assert resigned.reject().turn_id() == Game.new("backgammon").roll((3, 1)).turn_id()
    with pytest.raises(GameOverError):
        doubled.drop().turn_id()
    last = Game.new(
        "long-nardy", start=nardy.find_variant("long-nardy").from_counts({1: 1}, {1: 1, 2: 1}),
        last_roll_draw=True,
    ).roll((6, 5)).play(0)  # fmt: skip
    assert last.last_roll
    with pytest.raises(WrongPhaseError, match="last roll"):
        last.turn_id()


@pytest.mark.parametrize(
    ("tail", "fragment"),
    [
        (";pending=53.64", "one roll, played at once"),
        (";again", "nothing is left to play or name"),
        (";roll=31", "nothing is left to play or name"),
        (";pending=532r;roll=532", "played with 2 dice, not 3"),
        (";pending=31r;roll=42", "one roll, played at once"),
        (";pending=42", "one roll"),
        (";what", "not a part of a turn's state"),
    ],
)
def test_a_turn_its_variant_cannot_be_in_is_refused(tail: str, fragment: str) -> None:
    text = nardy.Backgammon().starting_position().id() + tail
    with pytest.raises(InvalidIdError, match=fragment):
        Game.from_turn_id(text)
    with pytest.raises(InvalidIdError, match=fragment):
        turns.from_turn_id(text)


def test_game_new_checks_a_turn_given_by_hand() -> None:
    start = nardy.Backgammon().starting_position()
    with pytest.raises(InvalidOptionError, match="one roll"):
        Game.new("backgammon", start=turns.Turn(start, TurnState(pending=(nardy.Roll(4, 4),))))
    tabula = nardy.Tabula().starting_position()
    bad = turns.Turn(tabula, TurnState(pending=(nardy.Roll(3, 1),), roll=nardy.Roll(3, 1)))
    with pytest.raises(InvalidOptionError, match="3 dice"):
        Game.new("tabula", start=bad)
    with pytest.raises(InvalidOptionError, match="not backgammon"):
        Game.new("backgammon", start=turns.Turn(tabula))
    with pytest.raises(InvalidOptionError, match=r"nardy\.Position or a turn"):
        Game.new("backgammon", start=start.id())  # type: ignore[arg-type]
    turn = turns.from_turn_id(named_double_pending().turn_id())
    with pytest.raises(InvalidOptionError, match="not the side to move"):
        Game.new("acey-deucey", start=turn, starter=Side.BLACK)


def test_a_resumed_game_takes_what_the_id_does_not_hold() -> None:
    text = Game.new("backgammon").roll((3, 1)).turn_id()
    cube = CubeState(2, Side.BLACK)
    game = Game.from_turn_id(text, {"jacoby": True}, start_cube=cube, white_player=1, rng=3)
    assert (game.options.jacoby, game.cube, game.white_player) == (True, cube, 1)
    assert game.restart() == game
    assert Game.from_json(game.to_json()) == game


def test_a_match_game_is_set_up_between_turns_only() -> None:
    turn = turns.from_turn_id(Game.new("backgammon").roll((3, 1)).turn_id())
    with pytest.raises(InvalidOptionError, match=r"set up from a nardy\.Position"):
        nardy.Match.new("backgammon", 3).set_up(turn)  # type: ignore[arg-type]


def test_sgf_refuses_a_game_resumed_inside_a_turn() -> None:
    from nardy.formats.sgf import write_sgf

    game = Game.from_turn_id(Game.new("backgammon").roll((3, 1)).turn_id()).play("8/5 6/5")
    with pytest.raises(UnsupportedFormatError, match="resumed inside"):
        write_sgf([game])


def test_a_state_with_dice_on_the_table_sets_up_a_game_with_its_turn() -> None:
    position = nardy.Backgammon().starting_position()
    game = MatchState(dice=(5, 2)).to_game(position)
    assert game.turn_id() == f"{position.id()};pending=52r;roll=52"
    assert Game.from_json(game.to_json()) == game
    assert MatchState.from_game(game) == MatchState(dice=(5, 2))
