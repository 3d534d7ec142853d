"""The published perft vectors (data/perft/perft-v1.json): nardy reproduces them, the claims hold.

Each row of the file names the independent programs whose counts were equal
when it was made (``checked_by``). Here nardy counts every entry again and the
named programs (gnubg-nn's generator, the reference generators) count it
again, as deep as a budget of expanded states allows: the default run counts
the shallow rows (up to :data:`QUICK` expanded states per entry), the slow
run goes up to ``NARDY_PERFT_EXPANSIONS`` (default :data:`SLOW`) expanded
states. The guide's table must be the file's.
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path
from typing import Any

import pytest

import nardy
from nardy.perft import PerftRow, perft
from test_perft import gnubg_nn, gnubg_perft, reference_perft_from

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from perft_vectors import COUNT_FIELDS, DATA, FIELDS, TABLE, table

VECTORS: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
ENTRIES: list[dict[str, Any]] = VECTORS["entries"]
NAMES = [e["name"] for e in ENTRIES]
#: States expanded per entry in the default run, and (by default) in the slow run.
QUICK = 250
SLOW = int(os.environ.get("NARDY_PERFT_EXPANSIONS", "25000"))


def start_of(entry: dict[str, Any]) -> nardy.Position:
    return nardy.Position.from_id(entry["start"])


#: What expanding one state costs, in states of the budget, where a turn is many plays:
#: acey-deucey's 1-2 names six doubles and plays each (about forty times the time of
#: one of its states' other rolls, in nardy and in the reference alike).
TURN_COST = {"acey-deucey": 10}


def depth_within(entry: dict[str, Any], budget: int) -> int:
    """The deepest published depth whose count expands at most ``budget`` states (at least 1)."""
    cost = TURN_COST.get(nardy.find_variant(entry["variant"]).name, 1)
    expanded, depth = cost, 1
    for row in entry["depths"][:-1]:
        expanded += cost * (row["distinct"] - row["terminal"])
        if expanded > budget:
            break
        depth = row["depth"] + 1
    return depth


def rows(entry: dict[str, Any], depth: int) -> list[PerftRow]:
    return [PerftRow(**{k: r[k] for k in ("depth", *FIELDS)}) for r in entry["depths"][:depth]]


def check(entry: dict[str, Any], budget: int) -> None:
    """nardy, and every program the file names, count the rows within ``budget`` as published."""
    start = start_of(entry)
    depth = depth_within(entry, budget)
    assert list(perft(start.variant, depth, start).rows) == rows(entry, depth)
    for program in ("gnubg-nn", "reference"):
        claimed = [r["depth"] for r in entry["depths"][:depth] if program in r["checked_by"]]
        if not claimed:
            continue
        if program == "gnubg-nn" and gnubg_nn is None:
            # As in the other differential tests: optional unless it is required.
            assert not os.environ.get("NARDY_REQUIRE_REFERENCE"), "gnubg-nn is not installed"
            continue
        count = gnubg_perft if program == "gnubg-nn" else reference_perft_from
        assert count(start, max(claimed)) == rows(entry, max(claimed)), program


def test_the_file_says_what_it_holds() -> None:
    assert VECTORS["format"] == "nardy-perft"
    assert VECTORS["version"] == 1
    assert len(VECTORS["conventions"]) >= 5
    assert set(VECTORS["programs"]) == {"nardy", "gnubg-nn", "reference"}
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
def test_each_entry_describes_its_position(entry: dict[str, Any]) -> None:
    start = start_of(entry)
    variant = nardy.find_variant(entry["variant"])
    assert start.variant == variant
    options = {k: v for k, v in variant.options().items() if v is not None}
    assert entry["options"] == json.loads(json.dumps(options))
    assert entry["checkers_per_side"] == variant.checkers
    if entry["position"] == "start":
        assert start == variant.starting_position()
    board = entry["board"]
    white = {int(p): n for p, n in board["checkers"]["white"].items()}
    black = {int(p): n for p, n in board["checkers"]["black"].items()}
    bar = (board["bar"]["white"], board["bar"]["black"])
    # The count fields (the pool, gul bara's rolls) are spelled out where the variant has them.
    fields = [f.name for f in variant.extra_fields() if f.name in COUNT_FIELDS]
    assert [k for k in board if k in COUNT_FIELDS] == fields
    extra = {name: (board[name]["white"], board[name]["black"]) for name in fields}
    assert variant.from_counts(white, black, bar=bar, extra=extra or None) == start
    assert board["turn"] == start.turn.name.lower()
    assert board["off"] == {
        "white": start.off(nardy.Side.WHITE),
        "black": start.off(nardy.Side.BLACK),
    }
    if entry["gnubg_id"] is not None:
        assert nardy.Position.from_gnubg_id(variant, entry["gnubg_id"]) == start
    assert [r["depth"] for r in entry["depths"]] == list(range(1, len(entry["depths"]) + 1))
    # A distinct roll is at most 2 ordered rolls (6 with tabula's three dice).
    orders = math.factorial(len(variant.rolls()[0].faces))
    for row in entry["depths"]:
        assert set(row["checked_by"]) <= {"gnubg-nn", "reference"}
        assert row["paths21"] <= row["paths36"] <= orders ** row["depth"] * row["paths21"]
        assert row["terminal"] <= row["distinct"]
        assert row["passes"] <= row["paths21"]


def test_every_preset_that_changes_play_is_published() -> None:
    published = {e["variant"] for e in ENTRIES}
    for spec in (
        "backgammon",
        "nackgammon",
        "hypergammon(checkers=1)",
        "hypergammon(checkers=2)",
        "hypergammon",
        "caucasian",
        "caucasian(no_hide_after_hit=anywhere)",
        "portes",
        "tavla",
        "plakoto",
        "fevga",
        "fevga(trap_prime=forbidden)",
        "fevga(trap_prime=allowed)",
        "long-nardy",
        "long-nardy(head_exception=head-only)",
        "long-nardy(head_exception=6-4)",
        "long-nardy(head_exception=any-blocked-double)",
        "kush",
        "acey-deucey",
        "acey-deucey(entering=all-first)",
        "acey-deucey(opening_lock=true)",
        "acey-deucey(hitting=after-home)",
        "tabula",
        "tabula(second_half=off)",
        "tabula(bar_priority=false)",
        "gul-bara",
        "gioul(opening_exception=per-player)",
        "russian",
        "russian(entering=free)",
        "russian(bonus=entered)",
        "russian(doubles=plain)",
        "dutch",
        "dutch(entering=free)",
        "dutch(hitting=any)",
    ):
        assert spec in published
    assert sum(e["position"] != "start" for e in ENTRIES) >= 3


def test_the_games_of_whole_turns_are_published_from_the_start_and_mid_game() -> None:
    # Section U.5 of their rules: depths 1 and 2 at least, from the start and from a
    # mid-game position each (gioul's start with its default rules is too big: see the guide).
    for name in ("acey-deucey", "tabula", "gul-bara", "gioul", "dutch"):
        entries = [e for e in ENTRIES if nardy.find_variant(e["variant"]).name == name]
        starts = [e for e in entries if e["position"] == "start"]
        middles = [e for e in entries if e["position"] != "start"]
        assert starts, name
        assert middles, name
        assert all(len(e["depths"]) >= 2 for e in entries), name
        for entry in middles:
            assert entry["variant"] == name
            start = start_of(entry)
            board = entry["board"]
            if "pool" in board:  # checkers still to enter, and contact
                assert min(board["pool"].values()) > 0
            else:  # past the opening rolls: doubles cascade
                assert board["rolls"] == {"white": 3, "black": 3}
            assert not start.is_over()


def test_every_number_was_checked_by_someone_at_depth_1() -> None:
    for entry in ENTRIES:
        assert entry["depths"][0]["checked_by"], entry["name"]


@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
def test_shallow_rows_reproduce(entry: dict[str, Any]) -> None:
    check(entry, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=NAMES)
def test_deeper_rows_reproduce_slow(entry: dict[str, Any]) -> None:
    check(entry, SLOW)


def test_the_guide_table_is_the_file() -> None:
    assert TABLE.read_text(encoding="utf-8") == table(VECTORS)


# --- gioul from its start (the guide: counted by nardy alone, too long for the file) -----

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guide" / "perft.rst"


def guide_table(title: str) -> list[list[str]]:
    """The rows (header first) of the guide's list-table called ``title``."""
    lines = GUIDE.read_text(encoding="utf-8").splitlines()
    start = lines.index(f".. list-table:: {title}")
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("   * - "):
            rows.append([line[7:]])
        elif line.startswith("     - "):
            rows[-1].append(line[7:])
        elif line.strip() and not line.startswith("   :"):
            break
    return rows


def test_gioul_from_its_start_roll_by_roll_is_the_guides() -> None:
    from nardy.perft.turns import turn_outcomes

    gioul = nardy.find_variant("gioul")
    start = gioul.starting_position()
    rows = guide_table("Gioul from its start: depth 1, roll by roll (nardy alone)")[1:]
    said = {row[0]: int(row[1].replace(",", "")) for row in rows}
    rolls = {"-".join(map(str, roll.faces)): roll for roll in gioul.rolls()}
    others = [name for name in rolls if name not in said]
    assert len(others) == 15
    assert all(not rolls[name].is_double for name in others)
    # The rolls quick to play out (the cascades of 1-1 to 3-3 take seconds to half an hour).
    for name in [*others, "4-4", "5-5", "6-6"]:
        expected = said.get(name, said["each of the 15 other rolls"])
        assert len(turn_outcomes(gioul, start, rolls[name])) == expected, name
    # Depth 1 adds up from the rolls: paths21 over the 21 rolls, paths36 over the 36.
    (head, first, _) = guide_table(
        "Gioul from its start (nardy alone: no other program has counted it)"
    )
    row = dict(zip(head, first, strict=True))
    outcomes = {name: said.get(name, said["each of the 15 other rolls"]) for name in rolls}
    assert int(row["paths21"].replace(",", "")) == sum(outcomes.values())
    paths36 = sum(n * (1 if rolls[name].is_double else 2) for name, n in outcomes.items())
    assert int(row["paths36"].replace(",", "")) == paths36
    assert row["passes"] == row["terminal"] == "0"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["3-3", "2-2"])
def test_gioul_from_its_start_cascades_slow(name: str) -> None:
    from nardy.perft.turns import turn_outcomes

    gioul = nardy.find_variant("gioul")
    rows = guide_table("Gioul from its start: depth 1, roll by roll (nardy alone)")[1:]
    said = {row[0]: int(row[1].replace(",", "")) for row in rows}
    roll = nardy.Roll(*map(int, name.split("-")))
    assert len(turn_outcomes(gioul, gioul.starting_position(), roll)) == said[name]
