"""Differential test against GNU Backgammon's move generator (PyPI ``gnubg-nn``).

``gnubg_nn.moves(board, d1, d2)`` returns every distinct resulting position
of a roll as position keys. Its board is two 25-int lists, each side in its
own numbering (index 0 its 1-point, index 24 its bar): ``board[1]`` is the
side to move, ``board[0]`` the opponent. ``gnubg_nn.boardfromkey(key)``
gives the board after the move, still ``(opponent, mover)``. A forced pass
is an empty tuple.

gnubg plays backgammon, nackgammon and hypergammon by the same movement
rules (``must_play_higher`` on); Caucasian nardy is not in gnubg.

gnubg-nn is in the ``reference`` dependency group that ``nox -s tests``
installs wherever it has a wheel (not yet on Python 3.14). Where it is not
installed this module skips with that reason, except when
``NARDY_REQUIRE_REFERENCE`` is set (the nox sessions set it where the
group installs gnubg-nn): there a missing gnubg-nn is an error, because a
differential test that silently skips would prove nothing.
"""

from __future__ import annotations

import base64
import importlib
import os
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import nardy
from nardy import ALL_ROLLS, Position, Side, Variant
from strategies import KINDS, random_positions


def _reference() -> Any:
    """gnubg-nn; where it is not installed, a skip with the reason (an error when required)."""
    if os.environ.get("NARDY_REQUIRE_REFERENCE"):
        return importlib.import_module("gnubg_nn")
    return pytest.importorskip(
        "gnubg_nn", reason="gnubg-nn (the reference move generator) is not installed here"
    )


gnubg_nn = _reference()

GnubgBoard = list[list[int]]

#: Positions per variant; every position is checked with all 21 rolls.
SIZES = {"backgammon": 1100, "nackgammon": 600, "hypergammon": 600}
SEED = "gnubg-differential"


def to_gnubg(pos: Position) -> GnubgBoard:
    """``[opponent, mover]``, each side in its own numbering (mirror: my p is its 25 - p)."""
    s = pos.raw
    mover = [max(x, 0) for x in s[1:25]] + [s[25]]
    opponent = [0] * 25
    for p in range(1, 25):
        if s[p] < 0:
            opponent[(25 - p) - 1] = -s[p]
    opponent[24] = s[26]
    return [opponent, mover]


def from_gnubg(variant: Variant, opponent: Sequence[int], mover: Sequence[int]) -> tuple[int, ...]:
    """A gnubg board after the move as a nardy raw state (mover's frame, turn not passed)."""
    n = variant.checkers
    board = [mover[p - 1] - opponent[(25 - p) - 1] for p in range(1, 25)]
    return (n - sum(mover), *board, mover[24], opponent[24], n - sum(opponent))


def gnubg_results(variant: Variant, pos: Position, d1: int, d2: int) -> list[tuple[int, ...]]:
    keys = gnubg_nn.moves(to_gnubg(pos), d1, d2)
    results = []
    for key in keys:
        opponent, mover = gnubg_nn.boardfromkey(key)
        results.append(from_gnubg(variant, opponent, mover))
    return results


def features(pos: Position) -> set[str]:
    """What a position has, read from the board itself (independent of how it was built)."""
    s = pos.raw
    out = set()
    if s[25]:
        out.add("mover on bar")
    if s[26]:
        out.add("opponent on bar")
    if s[0] or s[27]:
        out.add("checkers off")
    mine = [p for p in range(1, 25) if s[p] > 0] + ([25] if s[25] else [])
    theirs = [p for p in range(1, 25) if s[p] < 0] + ([0] if s[26] else [])
    if mine and max(mine) <= 6:
        out.add("mover all home")
    if not mine or not theirs or min(theirs) > max(mine):
        out.add("no contact")
    run = best = 0
    for p in range(1, 25):
        run = run + 1 if s[p] <= -2 else 0
        best = max(best, run)
    if best >= 4:
        out.add("prime of 4+")
    if all(s[p] <= -2 for p in range(19, 25)):
        out.add("closed board")
    if any(s[p] == -1 for p in range(1, 25)):
        out.add("opponent blot")
    return out


def dataset() -> list[tuple[Variant, str, Position]]:
    out = []
    for name, n in SIZES.items():
        variant = nardy.find_variant(name)
        out += [(variant, kind, pos) for kind, pos in random_positions(variant, n, SEED)]
    return out


@pytest.mark.sweep
def test_legal_plays_agree_with_gnubg() -> None:
    items = dataset()
    by_kind: Counter[str] = Counter()
    by_variant: Counter[str] = Counter()
    by_feature: Counter[str] = Counter()
    passes = hits = plays = compared = partial = 0
    failures = []
    for variant, kind, pos in items:
        by_kind[kind] += 1
        by_variant[variant.name] += 1
        by_feature.update(features(pos))
        for roll in ALL_ROLLS:
            legal = pos.legal_plays(roll)
            ours = legal.result_states()
            theirs = gnubg_results(variant, pos, roll.high, roll.low)
            compared += 1
            if legal.is_pass:
                passes += 1
                ok = not theirs and ours == [pos.raw]
            else:
                plays += len(ours)
                hits += sum(1 for play in legal if play.hits)
                # Rolls where the maximum-use rule bites: not every die can be played.
                partial += len(legal[0].dice_used) < len(roll.moves)
                ok = len(ours) == len(theirs) == len(set(theirs)) and set(ours) == set(theirs)
            if not ok:
                failures.append(
                    f"{variant.spec()} [{kind}] roll {roll} position {pos.id()} "
                    f"array {pos.to_array()}: nardy {len(ours)} plays, gnubg {len(theirs)}; "
                    f"only nardy {sorted(set(ours) - set(theirs))}, "
                    f"only gnubg {sorted(set(theirs) - set(ours))}"
                )
    print(f"\n{len(items)} positions x {len(ALL_ROLLS)} rolls = {compared} comparisons")
    print(
        f"{plays} plays, {hits} with hits, {passes} passes, {partial} rolls only partly "
        f"playable, {len(failures)} disagreements"
    )
    print(f"by variant: {dict(by_variant)}")
    print(f"by kind: {dict(by_kind)}")
    print(f"by feature: {dict(sorted(by_feature.items()))}")

    # The variety the sweep claims, counted.
    assert len(items) >= 2000
    assert by_variant["nackgammon"] >= 500
    assert by_variant["hypergammon"] >= 500
    assert set(by_kind) == set(KINDS)
    assert min(by_kind.values()) >= 200
    at_least = {
        "mover on bar": 300,
        "opponent on bar": 100,
        "checkers off": 300,
        "mover all home": 200,
        "no contact": 200,
        "prime of 4+": 100,
        "closed board": 60,  # backgammon and nackgammon only: 3 checkers cannot close a board
        "opponent blot": 500,
    }
    for feature, n in at_least.items():
        assert by_feature[feature] >= n, (feature, by_feature)
    assert passes >= 1000
    assert hits >= 1000
    assert partial >= 1000

    assert not failures, f"{len(failures)} disagreements with gnubg:\n" + "\n".join(failures[:5])


# --- the gnubg Position ID ---------------------------------------------------------------


def gnubg_id_dataset() -> list[Position]:
    """Positions of every variant the gnubg Position ID is defined for (Caucasian too)."""
    out = []
    for name in (*SIZES, "caucasian"):
        variant = nardy.find_variant(name)
        assert variant.gnubg_id_supported
        out += [pos for _, pos in random_positions(variant, 250, f"{SEED}:id")]
    return out


def test_gnubg_id_round_trips() -> None:
    for pos in gnubg_id_dataset():
        again = Position.from_gnubg_id(pos.variant, pos.gnubg_id(), turn=pos.turn)
        assert again == pos, pos.id()


def test_gnubg_encodes_board_0_first() -> None:
    # How gnubg itself orders the sides, so the tests below rest on a checked
    # fact: position_id() encodes board[0] (the side NOT on roll in gnubg's
    # move generator) first, although gnubg's manual says the side on roll.
    board = [[0] * 25, [0] * 25]
    board[0][0] = 2  # the opponent: two on its ace point
    board[1][5] = 3  # the mover: three on its 6-point
    ident = gnubg_nn.position_id(board)
    decoded = gnubg_nn.board_from_position_id(ident)
    assert [list(side) for side in decoded] == board
    bits = "".join(format(b, "08b")[::-1] for b in base64.b64decode(ident + "=="))
    assert bits.startswith("110"), bits  # board[0][0] == 2 comes first


def test_gnubg_id_matches_gnubg() -> None:
    for pos in gnubg_id_dataset():
        assert pos.gnubg_id() == gnubg_nn.position_id(to_gnubg(pos)), pos.id()


def test_from_gnubg_id_reads_gnubg_ids() -> None:
    for pos in gnubg_id_dataset():
        ident = gnubg_nn.position_id(to_gnubg(pos))
        assert Position.from_gnubg_id(pos.variant, ident, turn=pos.turn) == pos, pos.id()


def opening_31() -> Position:
    """Backgammon start, white plays 31 as 8/5 6/5; black to move."""
    pos = nardy.find_variant("backgammon").starting_position().play("8/5 6/5", "31")
    assert pos.turn is Side.BLACK
    return pos


def test_gnubg_id_after_the_31_opening() -> None:
    expected = gnubg_nn.position_id(to_gnubg(opening_31()))
    assert expected == "sGfwATDgc/ABMA"  # the side that played 8/5 6/5 first
    assert opening_31().gnubg_id() == expected
