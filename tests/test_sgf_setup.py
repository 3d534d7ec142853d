"""SGF set-up nodes (AE/AW/AB/PL/DI/CV/CP): hand-built records, refusals, round trips.

The records are built from the format: ``AE`` empties points, ``AW``/``AB``
add one checker of the first/second player per value (letters in the first
player's numbering, ``a`` his 1-point, ``x`` his 24-point, ``y`` the bar,
``a:c`` a range), ``PL`` names the player on roll, ``DI`` sets his dice,
``CV`` the cube's value and ``CP`` its position (``c``, ``w``, ``b``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import Side
from nardy.cli.convert import convert
from nardy.errors import UnsupportedFormatError
from nardy.formats import read_mat, read_sgf, write_mat, write_sgf
from nardy.game.actions import ActionKind, CubeState, Phase

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")

# What gnubg (1.06 and later) writes for a game set up from a position:
# PL first, AE[a:y], then one value per checker; the cube in nodes of its own.
MODERN = """(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.1.0]MI[length:5][game:0][ws:2][bs:3]
PW[ann]PB[bob]RU[Crawford]
;PL[B]AE[a:y]AW[a][a][f][f][f]AB[s][x][x][y]
;CV[2]
;CP[w]
;B[43ydsv])
"""


def test_a_match_set_up_from_a_position_at_a_score() -> None:
    record = read_sgf(MODERN, name="modern.sgf")
    match = record.match
    assert match is not None
    assert match.scores == match.start_scores == (2, 3)
    game = match.current()
    # The players keep their colours (ann, player 0, white); bob is on roll, as black.
    assert game.white_player == 0
    # ann: 2 on her 1-point (a), 3 on her 6-point (f); bob: 2 on his 1-point
    # (x, ann's 24), 1 on his 6-point (s, ann's 19) and 1 on the bar.
    assert game.start == BG.from_counts({1: 2, 6: 3}, {1: 2, 6: 1}, bar=(0, 1), turn=B)
    assert game.start_cube == CubeState(value=2, owner=W)  # ann owns it
    assert [a.play.notation() for a in game.history if a.play is not None] == ["bar/21 6/3"]
    assert game.phase is Phase.ROLL
    assert game.position.turn is W


def test_the_writer_writes_what_gnubg_writes() -> None:
    record = read_sgf(MODERN)
    assert record.match is not None
    text = write_sgf(record.match, record.players)
    assert "MI[length:5][game:0][ws:2][bs:3]" in text
    assert "\n;PL[B]AE[a:y]AW[a][a][f][f][f]AB[s][x][x][y]\n;CV[2]\n;CP[w]\n;B[43ydsv])" in text
    again = read_sgf(text)
    assert again.match == record.match


def test_older_form_with_set_dice_and_a_money_game() -> None:
    text = """(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1]
;AE[a:y]AW[a][b]AB[w][x]
;PL[W]DI[21]
;W[21bzaz])
"""
    (game,) = read_sgf(text).games
    assert game.start == BG.from_counts({1: 1, 2: 1}, {1: 1, 2: 1}, turn=W)
    assert game.start_cube is None
    assert [a.kind for a in game.history] == [ActionKind.ROLL, ActionKind.PLAY]
    assert game.history[0].dice == (2, 1)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.points) == (W, 1)


def test_ranges_root_set_up_and_the_next_mover_on_roll() -> None:
    # No PL: the player of the next move is on roll. a:c is a, b and c.
    text = "(;GM[6]MI[length:0]AE[a:y]AW[a:c]AB[x];B[21xz])"
    (game,) = read_sgf(text).games
    assert game.white_player == 0
    assert game.start == BG.from_counts({1: 1, 2: 1, 3: 1}, {1: 1}, turn=B)
    assert game.is_over()


def test_a_set_up_that_repeats_the_game_mid_way_changes_nothing() -> None:
    plain = read_sgf("(;GM[6]MI[length:0];B[32adln];W[62xrfd])").games
    same = "(;GM[6]MI[length:0];B[32adln];PL[W]CP[c]CV[1];W[62xrfd];PL[B])"
    assert read_sgf(same).games == plain


def test_set_up_games_through_json_and_the_command_line() -> None:
    record = read_sgf(MODERN)
    assert record.match is not None
    js = convert(MODERN, "m.sgf", "json")
    assert nardy.Match.from_json(js) == record.match
    assert read_sgf(convert(js, "m.json", "sgf")).match == record.match


def test_mat_cannot_hold_a_set_up_game_but_holds_the_starting_score() -> None:
    record = read_sgf(MODERN)
    assert record.match is not None
    with pytest.raises(UnsupportedFormatError, match="game 1 starts from"):
        write_mat(record.match)
    # bob (player 1, black) wins the opening and plays first: read back, he still plays black.
    start = nardy.Match.new("backgammon", 5, score=(2, 3), rng=4)
    match = start.roll((1, 3)).play("8/5 6/5").resign(by=W).accept()
    text = write_mat(match, ("ann", "bob"))
    assert " ann : 2" in text
    again = read_mat(text).match
    assert again is not None
    assert (again.start_scores, again.scores) == ((2, 3), (2, 4))
    assert again.games[0].first is B
    assert again == match


# --- property: any position, any cube, played on, survives SGF -------------------------


def _set_up_game(seed: int) -> nardy.Game:
    """A game set up at a position some random plays into a game, with a random cube."""
    rng = random.Random(seed)
    game = nardy.Game.new("backgammon", rng=seed)
    for _ in range(rng.randrange(2, 40)):
        if game.phase is Phase.MOVE:
            game = game.play(rng.randrange(len(game.legal_plays())))
        else:
            game = game.roll()
        if game.is_over():
            break
    if game.is_over() or game.phase is not Phase.ROLL:
        game = game.restart().roll((3, 1)).play("8/5 6/5")
    owner = rng.choice([None, W, B])
    cube = CubeState(value=1 if owner is None else 2 ** rng.randrange(1, 6), owner=owner)
    # The options a record is read with (SGF keeps no cube limit).
    options = {"max_cube": 1 << 15}
    set_up = nardy.Game.new("backgammon", options, start=game.position, start_cube=cube, rng=seed)
    for _ in range(rng.randrange(0, 12)):
        if set_up.is_over():
            break
        if set_up.phase is Phase.MOVE:
            set_up = set_up.play(rng.randrange(len(set_up.legal_plays())))
        else:
            set_up = set_up.roll()
    return set_up


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_set_up_game_round_trip(seed: int) -> None:
    game = _set_up_game(seed)
    (again,) = read_sgf(write_sgf([game]), name="set-up").games
    assert game.start is not None
    # Player 0 plays white in the game read back, as in the game written.
    assert again == game
    assert again.start is not None
    assert game.player(game.start.turn) == again.player(again.start.turn)
    assert [
        (a.kind, None if a.side is None else game.player(a.side), a.dice) for a in game.history
    ] == [(a.kind, None if a.side is None else again.player(a.side), a.dice) for a in again.history]
    assert write_sgf([again]) == write_sgf([game])
