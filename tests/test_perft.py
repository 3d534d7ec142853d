"""Perft (nardy.perft) against independent move generators, and its conventions.

The same level-by-level algorithm (:func:`nardy.perft.count`) is driven by
gnubg-nn's move generator for the gnubg family and by the slow reference
generators (tests/reference*.py) for the other variants; every count must be
equal to nardy's. The keys differ (gnubg position keys, raw tuples), so the
agreement is on the numbers, not on shared state.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import nardy
from nardy import ALL_ROLLS, Position, Roll, Variant
from nardy.cli.main import main as cli_main
from nardy.errors import InvalidIdError, InvalidOptionError
from nardy.perft import PerftRow, count, perft
from reference import reference_results
from reference_family3 import Rules as Family3Rules
from reference_family3 import segment_results as family3_results
from reference_long import Rules
from reference_long import reference_results as long_results
from reference_tavli import fevga_results, plakoto_results
from reference_turns import TURN_GAMES, reference_turn_rows

Raw = tuple[int, ...]

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from peers import gnubg_board  # noqa: E402 (benchmarks/ is not a package)


def _optional_gnubg_nn() -> Any:
    """gnubg-nn, or ``None`` where it has no wheel (its tests then skip, unless required)."""
    try:
        return importlib.import_module("gnubg_nn")
    except ImportError:
        return None


gnubg_nn = _optional_gnubg_nn()
#: The tests that drive gnubg-nn: skipped where it is not installed, except
#: when NARDY_REQUIRE_REFERENCE says it must be (then they fail).
needs_gnubg = pytest.mark.skipif(
    gnubg_nn is None and not os.environ.get("NARDY_REQUIRE_REFERENCE"),
    reason="gnubg-nn (the reference move generator) is not installed here",
)

# --- gnubg-nn ------------------------------------------------------------------------
# A key is gnubg's position key of the board after a play: (side to move next,
# side that just played), each in its own numbering with its bar last.


def gnubg_children(key: str) -> Iterator[tuple[Sequence[str], bool, bool]]:
    before, just = gnubg_nn.boardfromkey(key)
    board = [list(just), list(before)]  # [opponent, mover]
    for roll in ALL_ROLLS:
        keys = gnubg_nn.moves(board, roll.high, roll.low)
        if keys:
            yield keys, roll.is_double, False
        else:
            yield (gnubg_nn.key_of_board(board),), roll.is_double, True


def gnubg_finished(key: str, n: int) -> bool:
    return any(sum(side) == 0 for side in gnubg_nn.boardfromkey(key))


def gnubg_root(position: Position) -> str:
    opponent, mover = gnubg_board(position)
    key: str = gnubg_nn.key_of_board([mover, opponent])
    return key


def gnubg_perft(position: Position, depth: int) -> list[PerftRow]:
    return count(gnubg_root(position), depth, gnubg_children, gnubg_finished)


# --- the slow reference generators ----------------------------------------------------


def reference_of(variant: Variant) -> Callable[[Raw, Roll], set[Raw]]:
    """The reference generator of a variant: resulting raw states, turn not passed."""
    if variant.name in ("tapa", "longgammon", "moultezim"):
        known = ("must_play_higher", "bear_off_pinned", "quarter_rule")
        family = Family3Rules(
            variant.name, **{k: v for k, v in variant.options().items() if k in known}
        )
        return lambda s, r: family3_results(s, (r.high, r.low), family)
    if isinstance(variant, nardy.Plakoto):
        return lambda s, r: plakoto_results(s, r, variant.must_play_higher)
    if isinstance(variant, nardy.Fevga):
        return lambda s, r: fevga_results(s, r, variant.trap_prime, variant.must_play_higher)
    if isinstance(variant, (nardy.LongNardy, nardy.Kush)):
        o = variant.options()
        rules = Rules(
            o["head_exception"],
            o["six_block"],
            o["six_block_check"],
            o["must_play_higher"],
            kush=variant.name == "kush",
        )
        return lambda s, r: set(long_results(s, (r.high, r.low), rules))
    return lambda s, r: reference_results(variant, s, r)


def reference_perft(variant: Variant, depth: int) -> list[PerftRow]:
    """Perft of the variant's start with its reference generator."""
    return reference_perft_from(variant.starting_position(), depth)


def reference_perft_from(start: Position, depth: int) -> list[PerftRow]:
    """Perft with a reference generator; keys are raw states (frame of the side that played).

    The games of whole turns (acey-deucey, tabula, gul bara, gioul) are
    counted by turns, by :func:`reference_turns.reference_turn_rows`.
    """
    variant = start.variant
    if variant.name in TURN_GAMES:
        return reference_turn_rows(start, depth)
    generate = reference_of(variant)
    flip = variant.next_state

    def children(key: Raw) -> Iterator[tuple[Sequence[Raw], bool, bool]]:
        state = flip(key)
        for roll in ALL_ROLLS:
            found = generate(state, roll)
            # A play always moves a checker, so an unchanged board is the pass.
            yield list(found), roll.is_double, found == {state}

    def finished(key: Raw, n: int) -> bool:
        turn = start.turn if n % 2 == 0 else start.turn.opponent
        return variant.is_over(Position.from_raw(variant, turn, flip(key), check=False))

    return count(flip(start.raw), depth, children, finished)


# --- the specs ---------------------------------------------------------------------------

GNUBG_SPECS = ("backgammon", "nackgammon", "hypergammon", "backgammon(must_play_higher=false)")
REFERENCE_SPECS = (
    "caucasian",
    "caucasian(no_hide_after_hit=anywhere)",
    "portes",
    "tavla",
    "long-nardy",
    "long-nardy(head_exception=head-only)",
    "long-nardy(head_exception=6-4)",
    "long-nardy(head_exception=any-blocked-double)",
    "kush",
    "plakoto",
    "fevga",
    "fevga(trap_prime=forbidden)",
    "fevga(trap_prime=allowed)",
)


@needs_gnubg
@pytest.mark.parametrize("spec", ["backgammon", "nackgammon", "hypergammon"])
def test_gnubg_agrees_depth_2(spec: str) -> None:
    variant = nardy.find_variant(spec)
    ours = perft(variant, 2).rows
    assert list(ours) == gnubg_perft(variant.starting_position(), 2)


@needs_gnubg
def test_gnubg_agrees_without_higher_die_rule_depth_1() -> None:
    # gnubg always applies the higher-die rule; with it off nardy finds more plays.
    variant = nardy.find_variant("backgammon(must_play_higher=false)")
    assert (
        perft(variant, 1).rows[0].paths21 >= gnubg_perft(variant.starting_position(), 1)[0].paths21
    )


@pytest.mark.parametrize("spec", REFERENCE_SPECS)
def test_reference_agrees_depth_1(spec: str) -> None:
    variant = nardy.find_variant(spec)
    assert list(perft(variant, 1).rows) == reference_perft(variant, 1)


#: The games of whole turns with the options that change a turn (section O of their
#: rules page): nardy's perft by turns against the page's (reference_turns).
TURN_SPECS = (
    "acey-deucey",
    "acey-deucey(natural_doubles=reroll)",
    "acey-deucey(natural_doubles=and-complement,ace_deuce=double-and-complement)",
    "acey-deucey(ace_deuce_partial=name-anyway,named_double_reroll=always)",
    "acey-deucey(named_double_choice=playable,opening_lock=true)",
    "acey-deucey(entering=all-first,hit_to=pool,bear_off=exact,must_play_higher=false)",
    "tabula",
    "tabula(direction=contrary,second_half=pool-or-bar,bar_priority=false)",
    "gul-bara",
    "gul-bara(opening_exception=game,cascade_failure=current)",
    "gioul(opening_exception=per-player,bear_off=exact)",
)


@pytest.mark.parametrize("spec", TURN_SPECS)
def test_reference_by_turns_agrees_depth_1(spec: str) -> None:
    variant = nardy.find_variant(spec)
    assert list(perft(variant, 1).rows) == reference_perft(variant, 1)


@pytest.mark.parametrize(
    "options",
    ["", "cascade_failure=current", "cascade_failure=lose", "transfer_without_move=false"],
)
def test_reference_by_turns_agrees_on_a_cascade_that_hands_moves_over(options: str) -> None:
    # The published gul bara mid-game: a failed cascade hands moves to Black, who may
    # bear off with them inside White's turn.
    variant = nardy.find_variant(f"gul-bara({options})" if options else "gul-bara")
    start = variant.from_counts(
        {1: 4, 3: 5, 4: 1, 17: 2, 18: 2, 20: 1}, {1: 6, 2: 4, 3: 1}, extra={"rolls": (3, 3)}
    )
    assert list(perft(variant, 1, start).rows) == reference_perft_from(start, 1)


@pytest.mark.parametrize(
    "spec", ["long-nardy", "long-nardy(head_exception=head-only)", "kush", "fevga", "plakoto"]
)
def test_reference_agrees_depth_2(spec: str) -> None:
    variant = nardy.find_variant(spec)
    assert list(perft(variant, 2).rows) == reference_perft(variant, 2)


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["caucasian", "caucasian(no_hide_after_hit=anywhere)", "tavla"])
def test_reference_agrees_depth_2_slow(spec: str) -> None:
    variant = nardy.find_variant(spec)
    assert list(perft(variant, 2).rows) == reference_perft(variant, 2)


@needs_gnubg
@pytest.mark.slow
def test_gnubg_agrees_depth_3_slow() -> None:
    variant = nardy.Hypergammon()
    assert list(perft(variant, 3).rows) == gnubg_perft(variant.starting_position(), 3)


# --- conventions, by hand -----------------------------------------------------------------


def test_depth_1_of_backgammon_by_hand() -> None:
    """Depth 1 is the sum of the 21 legal sets; distinct merges equal results across rolls."""
    variant = nardy.Backgammon()
    start = variant.starting_position()
    sets = {roll: start.legal_plays(roll) for roll in ALL_ROLLS}
    row = perft(variant, 1).rows[0]
    assert row.paths21 == sum(len(s) for s in sets.values())
    assert row.paths36 == sum(len(s) * (1 if r.is_double else 2) for r, s in sets.items())
    assert row.distinct == len({p.id() for s in sets.values() for p in s.resulting_positions()})
    assert row.passes == row.terminal == 0


def test_passes_and_terminal_in_a_bear_off() -> None:
    # White (to move) has one checker on his 1-point, Black one on his 1-point.
    variant = nardy.Hypergammon()
    start = variant.from_counts({1: 1}, {1: 1}, off=(2, 2))
    rows = perft(variant, 3, start).rows
    # Every roll bears the checker off: 21 finished paths, one state, never expanded.
    assert rows[0] == PerftRow(1, 21, 36, 1, 0, 1)
    assert rows[1] == PerftRow(2, 0, 0, 0, 0, 0)


def test_passes_counted_when_blocked() -> None:
    # White on the bar against a closed board: every roll is a pass.
    variant = nardy.Backgammon()
    board = [0] * 24
    for p in range(19, 25):
        board[p - 1] = -2
    board[5] = 3  # white's 6-point
    start = variant.position(board, bar=(1, 0), off=(11, 3))
    row = perft(variant, 1, start).rows[0]
    assert row == PerftRow(1, 21, 36, 1, 21, 0)


def test_from_ids_and_bad_input() -> None:
    start = nardy.Backgammon().starting_position()
    by_id = perft("backgammon", 1, start.id())
    assert by_id == perft("backgammon", 1, start.gnubg_id()) == perft("backgammon", 1)
    with pytest.raises(InvalidOptionError, match="depth"):
        perft("backgammon", 0)
    with pytest.raises(InvalidOptionError, match="not hypergammon"):
        perft("hypergammon", 1, start.id())
    with pytest.raises(InvalidIdError):
        perft("long-nardy", 1, "nonsense")


def test_a_start_of_the_same_game_takes_the_specs_options() -> None:
    # A position that names the base game (its ID, or the Position) is counted
    # under the options of the spec asked for, not refused.
    spec = "acey-deucey(natural_doubles=reroll)"
    base = nardy.find_variant("acey-deucey").starting_position()
    under = nardy.find_variant(spec).starting_position()
    wanted = perft(spec, 1)
    assert wanted.rows != perft("acey-deucey", 1).rows  # (the option changes the count)
    for start in (base, base.id()):
        assert perft(spec, 1, start) == wanted
    assert wanted.start == under.id()
    # An option the position's spec names must agree with the spec's: the same
    # option, or one the spec leaves at its default, is kept.
    lock = nardy.find_variant("acey-deucey(opening_lock=true)").starting_position()
    both = "acey-deucey(natural_doubles=reroll,opening_lock=true)"
    assert perft(both, 1, lock) == perft(both, 1)


def test_a_start_of_another_game_or_option_value_is_refused() -> None:
    lock = nardy.find_variant("acey-deucey(opening_lock=true)").starting_position()
    with pytest.raises(
        InvalidOptionError,
        match=r"is an acey-deucey\(opening_lock=true\) position, not acey-deucey\(natural",
    ):
        perft("acey-deucey(natural_doubles=reroll)", 1, lock)
    with pytest.raises(InvalidOptionError, match="is an acey-deucey position, not tabula"):
        perft("tabula", 1, nardy.find_variant("acey-deucey").starting_position())
    with pytest.raises(InvalidOptionError, match="is a backgammon position, not hypergammon"):
        perft("hypergammon", 1, nardy.Backgammon().starting_position())
    # The same game, but not a position the options allow: say why.
    three = nardy.Hypergammon().starting_position()
    with pytest.raises(nardy.NardyError, match=r"no position of hypergammon\(checkers=2\): .*3"):
        perft("hypergammon(checkers=2)", 1, three)


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["perft", "hypergammon", "--depth", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "hypergammon"
    assert [sorted(d) for d in data["depths"]] == [
        sorted(["depth", "paths21", "paths36", "distinct", "passes", "terminal"])
    ] * 2
    assert data["depths"][0]["distinct"] == perft("hypergammon", 1).rows[0].distinct


def test_table_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["perft", "long-nardy", "--depth", "1"]) == 0
    assert "paths21" in capsys.readouterr().out
    assert cli_main(["perft", "nosuch", "--depth", "1"]) == 2
    assert "unknown variant" in capsys.readouterr().err
