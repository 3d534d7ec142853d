"""Hand-checked tests of raccoons (option ``raccoon``), worked out from the convention.

The convention (money play): a double may be *beavered* -- the taker takes
and at once turns the cube one more step, keeping it. With raccoons, the
original doubler may answer the beaver by turning the cube yet another
step (a *raccoon*); the cube stays with the beaverer, who takes it or drops
it. A dropped raccoon loses the beavered stake (the value before the
raccoon's step), as every drop loses the stake before the step refused.
"""

from __future__ import annotations

import json

import pytest

import nardy
from nardy import (
    CubeActionError,
    EndReason,
    Game,
    NotYourTurnError,
    Phase,
    ResultKind,
    Session,
    Side,
    WrongPhaseError,
)
from nardy.cli.main import cube_decision
from nardy.errors import InvalidOptionError, UnsupportedFormatError
from nardy.formats import read_xgid, write_mat, write_sgf, xgid
from nardy.game.actions import ActionKind, CubeState
from nardy.game.id_state import MatchState
from nardy.game.options import GameOptions

W, B = Side.WHITE, Side.BLACK
BG = nardy.find_variant("backgammon")
ANIMALS = {"beaver": True, "raccoon": True}


def opened(**options: object) -> Game:
    """White won the opening with 3-1 and played 8/5 6/5; black is on roll."""
    return Game.new("backgammon", **options).roll((3, 1)).play("8/5 6/5")  # type: ignore[arg-type]


def raccooned(**options: object) -> Game:
    """Black doubles to 2, white beavers (4), black raccoons (8): white to answer."""
    return opened(**ANIMALS, **options).double(by=B).beaver(by=W).raccoon(by=B)


# --- the option ---------------------------------------------------------------------------


def test_raccoon_needs_beaver() -> None:
    with pytest.raises(InvalidOptionError, match="raccoon needs beaver"):
        GameOptions(raccoon=True)
    with pytest.raises(InvalidOptionError, match="raccoon needs beaver"):
        Game.new("backgammon", raccoon=True)
    assert GameOptions().raccoon is False
    assert GameOptions.from_dict({"beaver": "on", "raccoon": "yes"}).raccoon is True


def test_raccoon_refused_without_the_option() -> None:
    g = opened(beaver=True).double().beaver()
    assert g.allowed() == {ActionKind.TAKE, ActionKind.DROP}
    with pytest.raises(CubeActionError, match=r"raccoon=false"):
        g.raccoon()


# --- when a raccoon may be offered ---------------------------------------------------------


def test_raccoon_answers_a_beaver_only() -> None:
    g = opened(**ANIMALS)
    with pytest.raises(WrongPhaseError, match="no beaver is pending"):
        g.raccoon()
    g = g.double()
    assert ActionKind.RACCOON not in g.allowed()  # the taker beavers; only the doubler raccoons
    with pytest.raises(WrongPhaseError, match="no beaver is pending"):
        g.raccoon()
    g = g.beaver()
    assert g.allowed() == {ActionKind.TAKE, ActionKind.DROP, ActionKind.RACCOON}
    with pytest.raises(NotYourTurnError):
        g.raccoon(by=W)  # the beaverer cannot raccoon his own beaver


def test_raccoon_waits_for_the_beaverer() -> None:
    g = raccooned()
    assert g.phase is Phase.RACCOONED
    assert g.to_act is W
    assert g.turn is B  # still black's turn to roll once it is settled
    assert g.allowed() == {ActionKind.TAKE, ActionKind.DROP}
    assert (g.cube.value, g.cube.owner, g.cube.offered_by, g.cube.beavered) == (1, None, B, True)
    assert g.describe() == "white to take or drop the raccoon; cube 1 (centred)"
    for act in (g.roll, g.double, g.beaver, g.raccoon):
        with pytest.raises(WrongPhaseError):
            act()
    with pytest.raises(NotYourTurnError):
        g.take(by=B)
    with pytest.raises(NotYourTurnError):
        g.drop(by=B)


def test_raccoon_beyond_max_cube_is_refused() -> None:
    g = opened(**ANIMALS, max_cube=4).double().beaver()  # the beaver reaches 4: allowed
    assert ActionKind.RACCOON not in g.allowed()
    with pytest.raises(CubeActionError, match="to 8, over max_cube=4"):
        g.raccoon()
    assert g.take().cube == CubeState(value=4, owner=W)


# --- take and drop ---------------------------------------------------------------------------


def test_taken_raccoon_cube_eight_stays_with_the_beaverer() -> None:
    g = raccooned().take(by=W)
    assert (g.cube.value, g.cube.owner, g.phase, g.turn) == (8, W, Phase.ROLL, B)
    assert g.cube == CubeState(value=8, owner=W)
    assert not g.can_double()  # black, on roll, does not own the cube
    assert g.double_refusal() == "white owns the cube"
    # White may redouble to 16 on his own turn.
    g = g.roll((2, 1)).play(0)
    assert g.turn is W
    assert g.can_double()
    g = g.double().take()
    assert g.cube == CubeState(value=16, owner=B)


def test_dropped_raccoon_loses_the_beavered_stake() -> None:
    g = raccooned().drop(by=W)
    assert g.outcome is not None
    o = g.outcome
    assert (o.winner, o.reason, o.kind, o.cube, o.points) == (B, EndReason.DROP, None, 4, 4)
    assert g.points(B) == 4
    assert g.points(W) == 0


def test_raccoon_from_an_owned_cube_of_two() -> None:
    # Black owns a 2-cube and redoubles to 4; white beavers to 8; black raccoons to 16.
    start = BG.starting_position(B)
    g = Game.new(BG, beaver=True, raccoon=True, start=start, start_cube=CubeState(2, owner=B))
    g = g.double().beaver().raccoon()
    assert g.take().cube == CubeState(value=16, owner=W)
    dropped = g.drop().outcome
    assert dropped is not None
    assert (dropped.winner, dropped.points) == (B, 8)


def test_raccoon_arithmetic_stakes_step_by_one() -> None:
    g = raccooned(stakes="arithmetic")  # 1 -> 2 (double) -> 3 (beaver) -> 4 (raccoon)
    assert g.take().cube == CubeState(value=4, owner=W)
    dropped = g.drop().outcome
    assert dropped is not None
    assert dropped.points == 3


def test_gammon_after_a_taken_raccoon_is_worth_sixteen() -> None:
    # White to roll, one checker left on his 1-point; black has borne off none.
    start = BG.from_counts({1: 1}, {6: 15}, turn=W)
    g = Game.new(BG, beaver=True, raccoon=True, start=start)
    g = g.double().beaver(by=B).raccoon(by=W).take(by=B)
    assert g.cube == CubeState(value=8, owner=B)
    g = g.roll((2, 1)).play(0)
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind, g.outcome.cube) == (W, ResultKind.GAMMON, 8)
    assert g.outcome.points == 16


# --- records and IDs ------------------------------------------------------------------------


def test_raccoon_round_trips_in_the_json_record() -> None:
    for g in (raccooned(), raccooned().take(), raccooned().drop()):
        data = json.loads(g.to_json())
        assert {"action": "raccoon", "side": "b"} in data["actions"]
        assert Game.from_json(g.to_json()) == g
    assert json.loads(raccooned().to_json())["phase"] == "raccooned"
    assert [s.phase for s in raccooned().states()][-3:] == [
        Phase.DOUBLED,
        Phase.BEAVERED,
        Phase.RACCOONED,
    ]


def test_a_raccoon_without_the_option_does_not_replay() -> None:
    data = raccooned().to_dict()
    data["options"]["raccoon"] = False
    with pytest.raises(nardy.RecordError, match="raccoon=false"):
        Game.from_dict(data)


def test_raccoon_round_trips_through_match_state_and_xgid() -> None:
    g = raccooned()
    state = MatchState.from_game(g)
    assert (state.doubled, state.beavers, state.to_act, state.cube) == (True, 2, W, 1)
    text = xgid(g.position, state)
    assert text.split(":")[4] == "R"
    position, back = read_xgid(text)
    assert back == state
    again = back.to_game(position)
    assert again.phase is Phase.RACCOONED
    assert again.to_act is W
    assert again.options.raccoon
    assert again.options.beaver
    assert again.take().cube == CubeState(value=8, owner=W)
    assert again.drop().points(B) == 4
    # The beaver state (B) before it sets up a beaver, which the doubler may raccoon.
    beavered = MatchState.from_game(opened(**ANIMALS).double().beaver())
    assert xgid(g.position, beavered).split(":")[4] == "B"
    set_up = beavered.to_game(g.position, {"raccoon": True, "beaver": True})
    assert ActionKind.RACCOON in set_up.allowed()


def test_a_raccoon_state_turns_the_options_on() -> None:
    # An ID with a raccoon pending says both animals were agreed.
    state = MatchState(turn=B, doubled=True, beavers=2, beaver=False)
    g = state.to_game(BG.starting_position(B))
    assert (g.options.beaver, g.options.raccoon, g.phase) == (True, True, Phase.RACCOONED)


def test_writers_without_a_word_for_raccoon_refuse_it() -> None:
    done = raccooned().take()
    with pytest.raises(UnsupportedFormatError, match="raccoon"):
        write_mat([done])
    with pytest.raises(UnsupportedFormatError, match="raccoon"):
        write_sgf([done])


# --- sessions and the demo cube player --------------------------------------------------------


def test_session_raccoon() -> None:
    session = Session.new("backgammon", beaver=True, raccoon=True, rng=4)
    session = session.roll((3, 1)).play("8/5 6/5")
    session = session.double(by=B).beaver(by=W).raccoon(by=B).drop(by=W)
    assert session.totals == (0, 4)  # player 1 (black) wins the beavered stake
    assert session.games[0].outcome is not None
    assert ActionKind.RACCOON in {a.kind for a in session.games[0].history}
    taken = Session.new("backgammon", beaver=True, raccoon=True, rng=4).roll((3, 1)).play(0)
    taken = taken.double().beaver().raccoon().take()
    assert taken.current().cube == CubeState(value=8, owner=W)
    assert Session.from_json(taken.to_json()) == taken


def test_demo_cube_player_takes_a_raccoon() -> None:
    assert cube_decision(raccooned()) == "take"
