"""``nardy render``: every written form of a real position draws that position, with its dice and cube."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import nardy
from nardy import Side
from nardy.cli.main import main
from nardy.cli.render import Picture, picture_of_record, picture_of_text
from nardy.errors import InputError, InvalidIdError, NardyError
from nardy.formats import fibs_board, gnubg_id, read_mat, xgid
from nardy.game.actions import ActionKind, CubeState
from nardy.game.id_state import MatchState
from nardy.pictures import svg
from nardy.pictures.viewer import Record, read_record
from test_mat import FILES, GALAXY
from test_svg import NS, drawn, expected, sample

Capture = pytest.CaptureFixture[str]


def real_states(n: int) -> list[tuple[nardy.Position, MatchState]]:
    """About ``n`` seeded snapshots of real matches, and some pending doubles: position and state."""
    rng = random.Random("render")
    out = []
    for path in rng.sample(FILES, 4):
        match = read_mat(path.read_text(encoding="utf-8-sig")).match
        assert match is not None
        scores = [0, 0]
        for game in match.games:
            by_side = (scores[game.player(Side.WHITE)], scores[game.player(Side.BLACK)])
            states = list(game.states())[1:]
            doubled = [g for g in states if g.cube.offered_by is not None]
            for state in rng.sample(states, n // 8 // len(match.games) + 1) + doubled[:2]:
                if not state.is_over():
                    ms = MatchState.from_game(state, length=match.length, score=by_side)
                    out.append((state.position, ms))
            assert game.outcome is not None
            for side in (Side.WHITE, Side.BLACK):
                scores[game.player(side)] += int(game.outcome.points_for(side))
    return out


def cube_of(state: MatchState) -> CubeState:
    offered = state.turn if state.doubled else None
    return CubeState(value=state.cube, owner=state.cube_owner, offered_by=offered)


def array_form(position: nardy.Position, dice: object = None) -> str:
    data: dict[str, object] = {"variant": position.variant.spec(), **position.to_array()}
    data["turn"] = position.turn.letter
    if dice is not None:
        data["dice"] = dice
    return json.dumps(data)


def test_every_form_of_real_positions() -> None:
    for position, state in real_states(48):
        forms = {
            "gnubg": gnubg_id(position, state),
            "xgid": xgid(position, state),
            "fibs": fibs_board(position, state),
        }
        for form, text in forms.items():
            picture = picture_of_text(text)
            assert picture.position == position, form
            assert picture.extras.get("dice") == state.dice, form
            # The Crawford game has no cube on the board.
            want = None if state.crawford else cube_of(state)
            assert picture.extras["cube"] == want, form
        alone = picture_of_text(position.gnubg_id())
        assert alone.position.board == position.board
        assert alone.extras == {}
        assert picture_of_text(position.id()).position == position
        dice = None if state.dice is None else list(state.dice)
        from_json = picture_of_text(array_form(position, dice))
        assert from_json.position == position
        assert from_json.extras.get("dice") == dice


@pytest.mark.parametrize("name", nardy.variant_names())
def test_nardy_ids_and_arrays_of_every_variant(name: str) -> None:
    for position in sample(name, 6):
        for text in (position.id(), array_form(position)):
            picture = picture_of_text(text, "backgammon")
            assert picture.position == position
            assert drawn(picture.svg()) == expected(position)


def test_match_scores_become_the_players_lines() -> None:
    picture = picture_of_text("4HPwATDgc/ABMA:QYkqASAAIAAE")  # 2-4 in a 9-point match
    assert picture.extras["names"] == ("white (2/9)", "black (4/9)")
    root = ET.fromstring(picture.svg().encode())
    lines = [
        el.text or "" for el in root.iter(f"{NS}text") if "player-line" in (el.get("class") or "")
    ]
    assert any(t.startswith("white (2/9)") for t in lines)


def test_record_positions() -> None:
    record = read_record(GALAXY, "galaxy.mat")
    last = record.games[-1]
    assert picture_of_record(record).position == last.position
    assert picture_of_record(record).game == last
    first = record.games[0]
    states = list(first.states())
    assert picture_of_record(record, 1, 0).position == states[0].position
    plays = [i for i, a in enumerate(first.history) if a.kind is ActionKind.PLAY]
    for move in (1, 2, len(plays)):
        picture = picture_of_record(record, 1, move)
        play = first.history[plays[move - 1]].play
        assert play is not None
        assert picture.position == states[plays[move - 1]].position
        assert picture.extras["dice"] == play.roll
        root = ET.fromstring(picture.svg().encode())
        arrows = [el for el in root.iter(f"{NS}line") if "arrow" in (el.get("class") or "")]
        assert len(arrows) == len(play.steps)
    bad: list[tuple[int, int | None, str]] = [
        (0, None, "games 1..1"),
        (9, None, "not 9"),
        (1, 999, "not 999"),
        (1, -1, "not -1"),
    ]
    for number, at, message in bad:
        with pytest.raises(InputError, match=message):
            picture_of_record(record, number, at)
    with pytest.raises(InputError, match="no game"):
        picture_of_record(Record(games=()))


def test_render_command(tmp_path: Path, capsys: Capture) -> None:
    text = "4HPwATDgc/ABMA:QYkqASAAIAAE"
    assert main(["render", text]) == 0
    out = capsys.readouterr().out
    assert out == picture_of_text(text).svg(size=600)
    target = tmp_path / "p.svg"
    assert (
        main(["render", text, "-o", str(target), "--flip", "--home", "left", "--size", "300"]) == 0
    )
    assert target.read_text() == picture_of_text(text).svg(flipped=True, home="left", size=300)
    assert ET.fromstring(target.read_bytes()).get("width") == "300"
    mat = tmp_path / "galaxy.mat"
    mat.write_text(GALAXY, encoding="utf-8")
    assert main(["render", str(mat), "--game", "1", "--move", "3"]) == 0
    record = read_record(GALAXY, str(mat))
    assert capsys.readouterr().out == picture_of_record(record, 1, 3).svg(size=600)
    position = nardy.find_variant("long-nardy").starting_position()
    assert main(["render", "--", array_form(position, [6, 5])]) == 0
    assert drawn(capsys.readouterr().out) == expected(position)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["render", "nonsense"], "not a gnubg ID, Position ID, XGID"),
        (["render", "backgammon:w:0/0"], "bad checker field"),
        (["render", '{"board": [1]}'], "board"),
        (["render", "{oops"], "not JSON"),
        (["render", "4HPwATDgc/ABMA", "--game", "2"], "record file"),
        (["render", "4HPwATDgc/ABMA", "--size", "0"], "size"),
        (["render", "x" * 20_000], "longer than any position"),
    ],
)
def test_render_bad_input(args: list[str], message: str, capsys: Capture) -> None:
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("nardy render: ")
    assert message in err


def test_picture_errors_are_nardy_errors() -> None:
    with pytest.raises(InvalidIdError):
        picture_of_text("4HPwATDgc/ABM")
    with pytest.raises(InputError):
        picture_of_text(b"4HPwATDgc/ABMA")  # type: ignore[arg-type]
    with pytest.raises(NardyError):
        picture_of_text('{"variant": "no-such-game", "board": []}')
    assert isinstance(Picture(nardy.Backgammon().starting_position()).svg(), str)
    assert Picture(nardy.Backgammon().starting_position()).svg() == svg.board(
        nardy.Backgammon().starting_position()
    )
    assert Record.of(read_record(GALAXY)).players == ("ann", "bob")
    assert Side.WHITE.letter == "w"


@pytest.mark.parametrize("name", ["backgammon", "long-nardy", "plakoto"])
def test_an_array_form_reads_the_pool_as_nardy_legal_does(name: str) -> None:
    # Every variant reads "pool": [0, 0] (no checker waits to enter) and
    # refuses any other pool where it has none, as Variant.position does.
    position = nardy.find_variant(name).starting_position()
    form = json.loads(array_form(position))
    assert picture_of_text(json.dumps({**form, "pool": [0, 0]})).position == position
    with pytest.raises(nardy.InvalidPositionError, match="has no pool"):
        picture_of_text(json.dumps({**form, "pool": [1, 0]}))
