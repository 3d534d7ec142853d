"""nardy's gnubg Match IDs against gnubg's own, at positions of the real matches.

gnubg's ``navigate`` does not move through an imported match in the PyPI
build, so each position is reached another way: nardy writes the match up to
that point as a ``.mat`` record (its writer is checked against gnubg in
``test_mat_gnubg.py``), gnubg imports it, and gnubg's Position ID and Match
ID of the position it ends at (computed by gnubg's own replay of the cube,
the scores, the Crawford game, the turn and a pending double) are compared
with the IDs nardy gives that snapshot of the match.

A Match ID numbers the players as the record does (gnubg's player 0 is the
first player); nardy's :class:`~nardy.game.id_state.MatchState` numbers sides
(white is gnubg's player 0), and a record's games give white to whoever
moves first, so the comparison reads nardy's ID from player 0's side.

Compared: positions with the side on roll to roll (or to answer a double
just offered). Not compared: a position right after a take -- gnubg's
``import mat`` leaves a record that ends with ``Takes`` half-applied (the
cube turned and owned, yet the double still marked pending with the taker
on turn) -- and a position with dice rolled and not played, which a ``.mat``
record cannot end with.

By default a fixed sample of the matches, every 6th position; all
positions of all 120 matches with ``-m slow``.

The end of every game is compared too: gnubg imports the record cut after
that game, and its IDs are those nardy gives the game as it ended.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest

import nardy
from nardy import Side
from nardy.formats import gnubg_id, load_mat, write_mat
from nardy.formats.replay import recorded_games
from nardy.game.actions import ActionKind, EndReason, Phase
from nardy.game.id_state import GameState, MatchState
from test_mat import every_match

gnubg = pytest.importorskip("gnubg", reason="the gnubg oracle (dependency group 'reference')")


def fields(match_id: str) -> dict[str, Any]:
    """The fields of a gnubg Match ID."""
    k = int.from_bytes(base64.b64decode(match_id), "little")
    return {
        "cube": k & 0xF,
        "owner": k >> 4 & 3,
        "on_roll": k >> 6 & 1,
        "crawford": k >> 7 & 1,
        "state": k >> 8 & 7,
        "turn": k >> 11 & 1,
        "doubled": k >> 12 & 1,
        "resigned": k >> 13 & 3,
        "dice": (k >> 15 & 7, k >> 18 & 7),
        "length": k >> 21 & 0x7FFF,
        "scores": (k >> 36 & 0x7FFF, k >> 51 & 0x7FFF),
    }


def by_player(match_id: str, white_player: int) -> dict[str, Any]:
    """The fields with the players numbered as in the record (player 0 first)."""
    f = fields(match_id)
    if white_player == 1:  # nardy's white, gnubg's player 0, is the record's player 1
        f["on_roll"] ^= 1
        f["turn"] ^= 1
        f["owner"] = f["owner"] if f["owner"] == 3 else f["owner"] ^ 1
        f["scores"] = f["scores"][::-1]
    return f


def snapshots(match: nardy.Match) -> list[nardy.Match]:
    """The match after each action of each game, replayed from its start."""
    now = nardy.Match.new(
        match.variant,
        match.length,
        match.options,
        crawford=match.crawford,
        next_game=match.next_game,
    )
    out = []
    for game in recorded_games(match):
        for action in game.history:
            now = now.advance(now.current().apply(action))
            out.append(now)
    return out


def comparable(snapshot: nardy.Match) -> bool:
    if snapshot.game is None or not any(a.play for a in snapshot.game.history):
        return False
    game = snapshot.game
    after_take = game.history[-1].kind is ActionKind.TAKE
    return game.phase in (Phase.ROLL, Phase.DOUBLED) and not after_take


@pytest.mark.parametrize("path", every_match())
def test_match_ids_are_gnubgs(path: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    step = 1 if request.config.getoption("-m") == "slow" else 6
    record = load_mat(path)
    assert record.match is not None
    prefix = tmp_path / "prefix.mat"
    compared = 0
    for snapshot in [s for s in snapshots(record.match) if comparable(s)][::step]:
        game = snapshot.current()
        prefix.write_text(write_mat(snapshot, record.players, record.tags), encoding="utf-8")
        gnubg.command(f'import mat "{prefix}"')
        position_id, match_id = gnubg_id(game.position, MatchState.from_match(snapshot)).split(":")
        theirs = (gnubg.position_id(), fields(gnubg.match_id()))
        assert (position_id, by_player(match_id, game.white_player)) == theirs, (
            f"game {snapshot.game_number}: {game.describe()}"
        )
        compared += 1
    assert compared


def game_prefixes(text: str) -> list[str]:
    """The record ``text`` cut after each of its games (the header and every game up to it)."""
    parts = re.split(r"(?m)^(?= Game \d+)", text)
    return ["".join(parts[: n + 1]) for n in range(1, len(parts))]


@pytest.mark.parametrize("path", every_match())
def test_ended_games_ids_are_gnubgs(path: Path, tmp_path: Path) -> None:
    """gnubg's IDs of each game as it ended are nardy's: the game's points
    counted in the score, the loser on roll after a bear-off, the doubler on
    roll and the player who passed to act after a drop. Not compared: a game
    ended by resignation, where gnubg's ``import mat`` leaves the player who
    resigned to act (and the dice he resigned on), while gnubg's own
    ``resign`` and ``accept`` leave the player who accepted, as nardy writes."""
    text = path.read_text(encoding="utf-8-sig")
    record = load_mat(path)
    assert record.match is not None
    prefixes = game_prefixes(text)
    assert len(prefixes) == len(record.match.games)
    prefix = tmp_path / "prefix.mat"
    scores = [0, 0]
    compared = 0
    for number, (game, cut) in enumerate(zip(record.match.games, prefixes), start=1):
        before = (scores[game.player(Side.WHITE)], scores[game.player(Side.BLACK)])
        state = MatchState.from_game(game, length=record.match.length, score=before)
        assert game.outcome is not None
        for side in (Side.WHITE, Side.BLACK):
            scores[game.player(side)] += int(game.outcome.points_for(side))
        if state.game_state is GameState.RESIGNED:
            continue
        prefix.write_text(cut, encoding="utf-8")
        gnubg.command(f'import mat "{prefix}"')
        position_id, match_id = gnubg_id(game.position, state).split(":")
        theirs = (gnubg.position_id(), fields(gnubg.match_id()))
        assert (position_id, by_player(match_id, game.white_player)) == theirs, (
            f"game {number}: {game.describe()}"
        )
        compared += 1
    # Some real matches end every game by resignation: then nothing is compared.
    resigned = sum(
        g.outcome is not None and g.outcome.reason is EndReason.RESIGN for g in record.match.games
    )
    assert compared == len(record.match.games) - resigned
