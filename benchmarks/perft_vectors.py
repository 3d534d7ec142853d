"""The published perft vectors: compute them, check them, write the data file and the table.

``data/perft/perft-v1.json`` holds perft counts (see :mod:`nardy.perft` for
the conventions) of every variant and option preset that changes play, and of
a few mid-game positions, each row with the independent programs whose counts
were equal. This script makes it:

* nardy counts each entry to its published depth, in a child process of its
  own (its CPU time and the child's peak memory are recorded);
* gnubg-nn's move generator (the gnubg family) and the slow reference
  generators of the test suite (the other variants) count it again, depth by
  depth, while the previous depth took under the program's
  :data:`CHECK_BUDGET`; a row gets the name of each program that agreed; a
  disagreement stops the run;
* the guide's tables (``docs/guide/perft-table.inc``) are rendered from the file.

Run (from the repository root; a compiled build is faster)::

    PYTHONPATH=src:tests python benchmarks/perft_vectors.py [--only NAME ...]
        [--rows NAME=FILE:SECONDS] [--table-only]

``--rows`` takes the rows of a long run (the JSON ``nardy perft`` prints)
instead of counting again; its shallower rows must equal a fresh count.
``tests/test_perft_vectors.py`` checks that nardy reproduces the file and
that the table is the file's.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nardy
from nardy import Position, Variant
from nardy.perft import PerftRow, perft

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "perft" / "perft-v1.json"
TABLE = ROOT / "docs" / "guide" / "perft-table.inc"
#: An independent count goes one depth deeper only if the last took less (CPU
#: seconds): gnubg-nn's C generator goes about as fast as nardy, the reference
#: generators (pure Python, written for clarity) hundreds of times slower.
CHECK_BUDGET = {"gnubg-nn": 30.0, "reference": 2.0}
FIELDS = ("paths21", "paths36", "distinct", "passes", "terminal")
#: The extra fields a board spells out: a count of each side's (pool, rolls made).
COUNT_FIELDS = ("pool", "rolls")

CONVENTIONS = [
    "Start: the entry's position, the side given by 'turn' on roll. There is no "
    "opening-roll rule: every ply, the first included, uses all 21 distinct rolls "
    "(56 in tabula).",
    "Ply: the side to move rolls, then makes one legal play; plays are counted once per "
    "distinct resulting position. When nothing can be played the pass is the one play: "
    "the turn passes, the checkers stay.",
    "State: both sides' checkers (points, bar, borne off, pinned checkers, checkers in the "
    "pool) and the side to move; in gul bara and gioul also the rolls each side has made, "
    "counted up to 3.",
    "Whole turns (acey-deucey, gul-bara, gioul; tabula's turn is one play): a ply is one "
    "turn, the roll and everything up to the next roll (section U.5 of the rules). An "
    "acey-deucey 1-2 with its named double (and a complement where an option asks for "
    "one) is one ply, which ends with the same side to roll when the rules give a roll "
    "again; gul bara's and gioul's cascade of doubles and the moves handed to the "
    "opponent, who plays them before his own roll, are inside the roller's ply. A ply's "
    "plays are its distinct outcomes: the state it leaves (the side to roll next "
    "included) or a finished game; a pass is a turn that leaves every checker where it was.",
    "Tabula rolls three dice: its paths21 counts each of the 56 distinct rolls once, its "
    "paths36 the 216 ordered rolls (the names keep the two-dice numbers).",
    "Finished states (a side has borne off everything) are counted at the depth where they "
    "arise and never expanded.",
    "paths21: sequences of n (roll, play) pairs, each of the 21 rolls counted once; "
    "paths36: the same with the 36 ordered rolls (a non-double twice); distinct: distinct "
    "states after exactly n plies; passes: paths21 sequences whose last play is a pass; "
    "terminal: finished states among the distinct ones.",
    "checked_by: the independent programs whose five counts of that depth were all equal.",
]
PROGRAMS = {
    "nardy": "nardy's move generator (nardy.perft)",
    "gnubg-nn": "GNU Backgammon's move generator, through the gnubg-nn Python module "
    "(always applies the higher-die rule; has no Caucasian or Turkish rule)",
    "reference": "the slow generators written from the rule texts in nardy's test suite "
    "(tests/reference.py, reference_long.py, reference_tavli.py, reference_acey.py, "
    "reference_tabula.py, reference_gul_bara.py, reference_russian_dutch.py, reference_family3.py; whole turns by "
    "reference_turns.py), "
    "sharing no code with nardy's engine",
}


@dataclass
class Entry:
    """One published vector: a variant (spec) from its start or from a given position."""

    name: str
    spec: str
    depth: int
    #: A mid-game position as (own counts of white, of black): None for the start.
    counts: tuple[dict[int, int], dict[int, int]] | None = None
    note: str = ""
    checkers: list[str] = field(default_factory=list)
    #: The deepest depth the reference generators count (None: the budget decides).
    check_to: int | None = None
    #: A mid-game position's checkers on the bar (white, black) and its count
    #: fields (``pool``, ``rolls``) as (white, black).
    bar: tuple[int, int] = (0, 0)
    extra: dict[str, tuple[int, int]] = field(default_factory=dict)

    def variant(self) -> Variant:
        """The variant of :attr:`spec`."""
        return nardy.find_variant(self.spec)

    def start(self) -> Position:
        """The position counted from."""
        variant = self.variant()
        if self.counts is None:
            return variant.starting_position()
        return variant.from_counts(*self.counts, bar=self.bar, extra=self.extra or None)


G, R = ["gnubg-nn"], ["reference"]
ENTRIES = [
    Entry("backgammon", "backgammon", 3, checkers=G),
    Entry(
        "backgammon, no higher-die rule",
        "backgammon(must_play_higher=false)",
        3,
        checkers=R,
        check_to=1,
    ),
    Entry("nackgammon", "nackgammon", 3, checkers=G),
    Entry("hypergammon, 1 checker", "hypergammon(checkers=1)", 12, checkers=G),
    Entry("hypergammon, 2 checkers", "hypergammon(checkers=2)", 6, checkers=G),
    Entry("hypergammon, 3 checkers", "hypergammon", 4, checkers=G),
    # The reference generators take minutes for depth 2 of the 15-checker games.
    Entry("caucasian, home", "caucasian", 3, checkers=R, check_to=1),
    Entry(
        "caucasian, anywhere",
        "caucasian(no_hide_after_hit=anywhere)",
        3,
        checkers=R,
        check_to=1,
    ),
    Entry("portes", "portes", 3, note="backgammon's moves", checkers=[*G, *R], check_to=1),
    Entry("tavla", "tavla", 3, checkers=R, check_to=1),
    Entry("plakoto", "plakoto", 4, checkers=R),
    Entry("fevga", "fevga", 5, checkers=R),
    Entry("fevga, trap prime forbidden", "fevga(trap_prime=forbidden)", 5, checkers=R),
    Entry("fevga, trap prime allowed", "fevga(trap_prime=allowed)", 5, checkers=R),
    Entry("long nardy", "long-nardy", 5, checkers=R),
    Entry("long nardy, head only", "long-nardy(head_exception=head-only)", 5, checkers=R),
    Entry("long nardy, 6-4", "long-nardy(head_exception=6-4)", 5, checkers=R),
    Entry(
        "long nardy, any blocked double",
        "long-nardy(head_exception=any-blocked-double)",
        5,
        checkers=R,
    ),
    Entry("kush", "kush", 5, checkers=R),
    Entry(
        "backgammon contact",
        "backgammon",
        3,
        ({24: 2, 13: 4, 9: 1, 8: 2, 6: 5, 5: 1}, {24: 1, 23: 1, 13: 5, 8: 2, 6: 4, 4: 2}),
        "a middle game with blots on both sides",
        G,
    ),
    Entry(
        "backgammon bear-off",
        "backgammon",
        4,
        ({6: 3, 5: 2, 4: 3, 3: 2, 2: 2}, {24: 1, 6: 3, 5: 3, 4: 2, 3: 2}),
        "White bears off against a checker left back on his 1-point",
        G,
    ),
    Entry(
        "long nardy prime",
        "long-nardy",
        2,
        ({24: 3, 13: 2, 11: 2, 10: 2, 9: 2, 8: 2, 7: 2}, {24: 11, 18: 2, 17: 2}),
        "a five-point prime in front of Black's head",
        R,
    ),
    # The four games of whole turns (a ply is a turn: section U.5 of their rules page).
    Entry("acey-deucey", "acey-deucey", 2, checkers=R),
    Entry("acey-deucey, entering all first", "acey-deucey(entering=all-first)", 2, checkers=R),
    Entry("acey-deucey, opening lock", "acey-deucey(opening_lock=true)", 2, checkers=R),
    Entry("acey-deucey, hitting after home", "acey-deucey(hitting=after-home)", 2, checkers=R),
    Entry("tabula", "tabula", 3, checkers=R),
    Entry("tabula, no second-half rule", "tabula(second_half=off)", 3, checkers=R),
    Entry("tabula, bar not first", "tabula(bar_priority=false)", 3, checkers=R),
    Entry("gul bara", "gul-bara", 3, checkers=R),
    Entry(
        "gioul, opening rolls per player",
        "gioul(opening_exception=per-player)",
        3,
        checkers=R,
    ),
    Entry("russian", "russian", 3, checkers=R),
    Entry("russian, entering free", "russian(entering=free)", 2, checkers=R),
    Entry("russian, complement once entered", "russian(bonus=entered)", 2, checkers=R),
    Entry("russian, plain doubles", "russian(doubles=plain)", 2, checkers=R),
    Entry("dutch", "dutch", 2, checkers=R),
    Entry("dutch, entering free", "dutch(entering=free)", 2, checkers=R),
    Entry("dutch, hitting any", "dutch(hitting=any)", 2, checkers=R),
    Entry(
        "acey-deucey mid-game",
        "acey-deucey",
        2,
        ({1: 1, 3: 2, 16: 1}, {1: 2, 3: 1, 7: 1, 19: 1}),
        "blots of both sides in contact, 11 and 10 checkers in the pools",
        R,
        extra={"pool": (11, 10)},
    ),
    Entry(
        "tabula mid-game",
        "tabula",
        2,
        ({13: 1, 14: 1, 23: 2, 24: 3}, {16: 1, 21: 1, 22: 1}),
        "two checkers of each side on the bar, 6 and 10 in the pools",
        R,
        bar=(2, 2),
        extra={"pool": (6, 10)},
    ),
    Entry(
        "gul bara mid-game",
        "gul-bara",
        2,
        ({1: 4, 3: 5, 4: 1, 17: 2, 18: 2, 20: 1}, {1: 6, 2: 4, 3: 1}),
        "past the opening rolls: a cascade can hand moves to Black, who bears off",
        R,
        extra={"rolls": (3, 3)},
    ),
    Entry(
        "gioul mid-game",
        "gioul",
        2,
        ({1: 2, 2: 2, 4: 5, 6: 1, 24: 5}, {2: 5, 3: 2, 4: 2, 5: 1, 6: 1, 7: 1, 9: 1, 12: 1, 20: 1}),
        "past the opening rolls: White's last five must pass Black's stragglers",
        R,
        extra={"rolls": (3, 3)},
    ),
    Entry(
        "dutch mid-game",
        "dutch",
        2,
        ({6: 2, 13: 3, 18: 1, 22: 1}, {8: 1, 10: 2, 14: 1, 24: 2}),
        "White has a checker home and may hit; Black has none and may not, 8 and 9 in the pools",
        R,
        extra={"pool": (8, 9)},
    ),
    Entry(
        "russian mid-game",
        "russian",
        2,
        ({2: 2, 4: 3, 5: 2, 6: 3, 9: 1, 14: 1}, {1: 2, 3: 2, 7: 1, 10: 2, 12: 2, 18: 1, 23: 1}),
        "White bearing in with two stragglers and 3 off, Black's blots among them, 4 in his pool",
        R,
        extra={"pool": (0, 4)},
    ),
    # Tapa, longgammon and moultezim (rules page family3.md; a ply is one play).
    Entry("longgammon", "longgammon", 3, checkers=R),
    Entry("tapa", "tapa", 4, checkers=R),
    Entry("moultezim", "moultezim", 5, checkers=R),
    Entry("moultezim, own start", "moultezim(quarter_rule=own-start-5)", 5, checkers=R),
    Entry(
        "tapa bear-off",
        "tapa",
        3,
        ({6: 3, 5: 3, 4: 3, 3: 2, 7: 2, 9: 2}, {24: 1, 23: 1, 13: 5, 12: 4, 6: 4}),
        "White nearly home, Black's blots on White's 1 and 2: pins in White's home board",
        R,
    ),
    Entry(
        "tapa bear-off, pinned blocks",
        "tapa(bear_off_pinned=blocked)",
        3,
        ({6: 3, 5: 3, 4: 3, 3: 2, 7: 2, 9: 2}, {24: 1, 23: 1, 13: 5, 12: 4, 6: 4}),
        "the same with plakoto's bear-off",
        R,
    ),
    Entry(
        "moultezim quarter",
        "moultezim",
        3,
        (
            {24: 5, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 3: 2, 2: 2},
            {24: 6, 17: 2, 18: 1, 2: 2, 5: 2, 9: 2},
        ),
        "White holds five of his 7-12, over the default limit of four",
        R,
    ),
    Entry(
        "moultezim quarter, five points",
        "moultezim(quarter_rule=opp-start-5)",
        3,
        (
            {24: 5, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 3: 2, 2: 2},
            {24: 6, 17: 2, 18: 1, 2: 2, 5: 2, 9: 2},
        ),
        "the same with a limit of five",
        R,
    ),
]


def rows_of(entry: Entry, depth: int) -> tuple[list[PerftRow], float, float]:
    """Nardy's rows, the CPU seconds they took (the machine may be shared) and the peak MB.

    The count runs in a child process of its own (forked from this one), so
    that the peak is this count's: the resident memory of the child at its
    largest, in MB, which includes what this process held when it forked
    (some tens of MB).
    """
    with multiprocessing.get_context("fork").Pool(1) as pool:
        found, seconds, peak = pool.apply(count_in_child, (entry, depth))
    return [PerftRow(**r) for r in found], seconds, peak


def count_in_child(entry: Entry, depth: int) -> tuple[list[dict[str, int]], float, float]:
    """:func:`rows_of`'s child: the rows as dicts, the CPU seconds, the peak MB (Linux: kB)."""
    began = time.process_time()
    rows = [row.to_dict() for row in perft(entry.variant(), depth, entry.start()).rows]
    seconds = time.process_time() - began
    return rows, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def independent(entry: Entry, program: str, depth: int) -> list[PerftRow]:
    from test_perft import gnubg_perft, reference_perft_from

    start = entry.start()
    if program == "gnubg-nn":
        return gnubg_perft(start, depth)
    return reference_perft_from(start, depth)


def independent_in_child(
    entry: Entry, program: str, depth: int
) -> tuple[list[dict[str, int]], float]:
    """:func:`independent` in a child process: the rows as dicts and the CPU seconds."""
    began = time.process_time()
    rows = [row.to_dict() for row in independent(entry, program, depth)]
    return rows, time.process_time() - began


def checked_depths(entry: Entry, rows: list[PerftRow], program: str) -> int:
    """Count with ``program`` depth by depth; how many depths agreed (stops on disagreement)."""
    last = len(rows)
    if entry.check_to is not None and program == "reference":
        last = min(last, entry.check_to)
    for depth in range(1, last + 1):
        # In a child of its own, as nardy's count: what the slow generators
        # hold must not count in the next entry's peak memory.
        with multiprocessing.get_context("fork").Pool(1) as pool:
            found, took = pool.apply(independent_in_child, (entry, program, depth))
        theirs = [PerftRow(**r) for r in found]
        if theirs != rows[:depth]:
            sys.exit(f"{entry.name}: {program} disagrees at depth {depth}: {theirs} != {rows}")
        print(f"  {program} agrees to depth {depth} ({took:.1f} s)", flush=True)
        if took > CHECK_BUDGET[program]:
            return depth
    return last


def board_of(position: Position) -> dict[str, Any]:
    """The position spelled out: each side's checkers in its own numbering, bar, off, turn."""
    side = {}
    for s in nardy.Side:
        points = position.checkers(s)
        side[s.name.lower()] = {str(p + 1): n for p, n in enumerate(points) if n}
    board: dict[str, Any] = {
        "checkers": side,
        "bar": {s.name.lower(): position.bar(s) for s in nardy.Side},
        "off": {s.name.lower(): position.off(s) for s in nardy.Side},
    }
    # The count fields of the variants that have them (the pool, gul bara's rolls).
    for name in COUNT_FIELDS:
        if any(f.name == name for f in position.variant.extra_fields()):
            board[name] = {s.name.lower(): position.extra(s)[name] for s in nardy.Side}
    board["turn"] = position.turn.name.lower()
    return board


def compute(entry: Entry, reuse: tuple[list[PerftRow], float] | None) -> dict[str, Any]:
    print(f"{entry.name}: {entry.spec} to depth {entry.depth}", flush=True)
    peak: float | None = None
    if reuse is not None:
        rows, seconds = reuse
        fresh, _, _ = rows_of(entry, min(2, entry.depth))
        assert rows[: len(fresh)] == fresh, f"{entry.name}: the reused rows disagree"
    else:
        rows, seconds, peak = rows_of(entry, entry.depth)
    print(f"  nardy: {seconds:.1f} s, peak {peak or 0:,.0f} MB", flush=True)
    agreed = {p: checked_depths(entry, rows, p) for p in entry.checkers}
    start = entry.start()
    variant = start.variant
    out: dict[str, Any] = {
        "name": entry.name,
        "variant": variant.spec(),
        "options": {k: v for k, v in variant.options().items() if v is not None},
        "checkers_per_side": variant.checkers,
        "geometry": variant.geometry.name.lower(),
        "position": "start" if entry.counts is None else entry.note,
        "start": start.id(),
        "gnubg_id": start.gnubg_id() if variant.gnubg_id_supported else None,
        "board": board_of(start),
        "cpu_seconds": round(seconds, 1),
        "peak_mb": None if peak is None else round(peak),
        "depths": [],
    }
    for row in rows:
        item: dict[str, Any] = row.to_dict()
        item["checked_by"] = [p for p, d in agreed.items() if row.depth <= d]
        out["depths"].append(item)
    return out


def table(data: dict[str, Any]) -> str:
    """The guide's list-tables: every entry and depth, then what each entry's count took."""
    heads = ["entry", "depth", *FIELDS, "checked by"]
    lines = [
        ".. This file is made by benchmarks/perft_vectors.py from data/perft/perft-v1.json.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
    ]
    lines += [("   * - " if i == 0 else "     - ") + h for i, h in enumerate(heads)]
    for entry in data["entries"]:
        for row in entry["depths"]:
            cells = [
                f"``{entry['variant']}``"
                + ("" if entry["position"] == "start" else f" ({entry['name']})"),
                str(row["depth"]),
                *(f"{row[f]:,}" for f in FIELDS),
                ", ".join(row["checked_by"]) or "—",
            ]
            lines += [("   * - " if i == 0 else "     - ") + c for i, c in enumerate(cells)]
    lines += [
        "",
        ".. list-table:: What nardy's count of each entry took (compiled build, one process)",
        "   :header-rows: 1",
        "",
    ]
    heads = ["entry", "depths", "CPU seconds", "peak memory"]
    lines += [("   * - " if i == 0 else "     - ") + h for i, h in enumerate(heads)]
    for entry in data["entries"]:
        peak = entry.get("peak_mb")
        cells = [
            f"``{entry['variant']}``"
            + ("" if entry["position"] == "start" else f" ({entry['name']})"),
            f"1 to {len(entry['depths'])}",
            f"{entry['cpu_seconds']:,.1f}",
            "—" if peak is None else f"{peak:,} MB",
        ]
        lines += [("   * - " if i == 0 else "     - ") + c for i, c in enumerate(cells)]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Compute the entries asked for (all by default), write the file and the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--rows", action="append", default=[])
    parser.add_argument("--table-only", action="store_true")
    args = parser.parse_args()
    data = json.loads(DATA.read_text()) if DATA.exists() else {"entries": []}
    if not args.table_only:
        reuse = {}
        for item in args.rows:
            name, _, rest = item.partition("=")
            path, _, seconds = rest.rpartition(":")
            found = json.loads(Path(path).read_text())["depths"]
            reuse[name] = ([PerftRow(**r) for r in found], float(seconds))
        done = {e["name"]: e for e in data["entries"]}
        for entry in ENTRIES:
            if args.only is None or entry.name in args.only:
                done[entry.name] = compute(entry, reuse.get(entry.name))
                data = document([done[e.name] for e in ENTRIES if e.name in done])
                DATA.parent.mkdir(parents=True, exist_ok=True)
                DATA.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    TABLE.write_text(table(data))


def document(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "nardy-perft",
        "version": 1,
        "made_with": f"nardy {nardy.__version__} ({'compiled' if nardy.compiled else 'pure'})",
        "conventions": CONVENTIONS,
        "programs": PROGRAMS,
        "entries": entries,
    }


if __name__ == "__main__":
    main()
