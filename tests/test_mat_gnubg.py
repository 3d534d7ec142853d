"""Differential tests of the ``.mat`` reader and writer against GNU Backgammon (PyPI ``gnubg``).

For every real match in ``tests/data/mat``:

* gnubg's reading of nardy's export equals gnubg's reading of the original
  (every game's score, winner, points and resignation, and every action with
  its player, dice and the board before it). The step lists of the plays are
  left out: nardy writes each step on its own (``3/1 1/off``) where a site
  wrote one checker's whole move (``3/off``); the boards say the plays are
  the same.
* nardy's position before each play has gnubg's Position ID.
* nardy reads gnubg's own ``.mat`` export of the match (``export match
  mat``) to the same games as the original.
* nardy reads gnubg's SGF export of the match (``save match``) to the same
  games as the ``.mat`` original. (The PyPI build of gnubg, 1.1.0a16, cannot
  load any SGF file, so gnubg cannot read nardy's SGF here;
  ``tests/test_sgf.py`` reads it back with nardy. ``load match``, ``load
  game`` and ``load position`` all die with SIGSEGV before the file is even
  opened -- a missing file crashes the same way: the loader's first statement
  stores its error callback in the variable ``SGFErrorHandler``, but in that
  build the name is bound to a function of the same name in the read-only
  ``.text`` section, so the store faults.)

The real matches run as a fixed sample of 15 by default; all 120 with ``-m slow``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nardy.formats import load_mat, load_sgf, write_mat
from nardy.game.actions import ActionKind, Phase
from test_mat import every_match

gnubg = pytest.importorskip("gnubg", reason="the gnubg oracle (dependency group 'reference')")


def gnubg_reading(path: Path) -> dict[str, Any]:
    gnubg.command(f'import mat "{path}"')
    match: dict[str, Any] = gnubg.match(0, 1, 0, 0)  # no analysis, with boards
    match["match-info"].pop("date", None)  # the day of the import
    for game in match["games"]:
        for action in game["game"]:
            action.pop("move", None)
    return match


@pytest.mark.parametrize("path", every_match())
def test_gnubg_reads_nardys_export_as_the_original(path: Path, tmp_path: Path) -> None:
    record = load_mat(path)
    assert record.match is not None
    out = tmp_path / "export.mat"
    out.write_text(write_mat(record.match, record.players, record.tags), encoding="utf-8")
    original = gnubg_reading(path)
    assert len(original["games"]) == len(record.games)
    assert gnubg_reading(out) == original


@pytest.mark.parametrize("path", every_match())
def test_position_ids_before_every_play_are_gnubgs(path: Path) -> None:
    record = load_mat(path)
    theirs = gnubg_reading(path)["games"]
    for number, (game, their_game) in enumerate(zip(record.games, theirs, strict=True), 1):
        boards = [a["board"] for a in their_game["game"] if a["action"] == "move"]
        snapshots = list(game.states())
        mine = [
            before.position.gnubg_id()
            for before, action in zip(snapshots, game.history)
            if action.kind is ActionKind.PLAY and before.phase is Phase.MOVE
        ]
        assert mine == boards, f"game {number}"


@pytest.mark.parametrize("path", every_match())
def test_nardy_reads_gnubgs_sgf_as_the_mat(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "gnubg.sgf"
    gnubg.command(f'import mat "{path}"')
    gnubg.command(f'save match "{out}"')
    sgf, mat = load_sgf(out), load_mat(path)
    assert sgf.match is not None
    assert mat.match is not None
    assert sgf.players == mat.players
    assert sgf.match.scores == mat.match.scores
    for mine, theirs in zip(mat.match.games, sgf.match.games, strict=True):
        assert (theirs.history, theirs.outcome, theirs.crawford) == (
            mine.history,
            mine.outcome,
            mine.crawford,
        )


@pytest.mark.parametrize("path", every_match())
def test_nardy_reads_gnubgs_mat_export_as_the_original(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "gnubg.mat"
    gnubg.command(f'import mat "{path}"')
    gnubg.command(f'export match mat "{out}"')
    theirs, mine = load_mat(out).match, load_mat(path).match
    assert theirs is not None
    assert mine is not None
    assert theirs.scores == mine.scores
    for a, b in zip(mine.games, theirs.games, strict=True):
        assert (b.history, b.outcome, b.crawford) == (a.history, a.outcome, a.crawford)
