"""Speed of the native search (issue 39), engine to engine and variant to variant.

What is measured (``python benchmarks/bench_native.py --help`` for the knobs):

1. **Engine to engine**: the seeded backgammon set of ``bench_legal.py``
   (a third each of contact, race and bear-off, 40% doubles). Each turn's
   native rules (the native core's ``Rules``, from its flat table) are built
   before the clock, as gnubg-nn's boards are; then the native search's
   ``Rules.search`` (one call a position; the state as a tuple of ints, and
   packed as bytes), its ``Rules.search_packed`` (the plays as two bytes
   objects, the state packed), its ``Rules.search_lists`` (the plays as a
   list of keys and a list of codes: the engine's own call), its ``Rules.search_many`` (one call per
   table, that is per roll) and gnubg-nn's ``moves(board, d1, d2)`` (one
   string a play) are timed, interleaved in one process, the best of
   ``--repeat`` runs each; every answer is dropped as it comes (as by a
   caller that reads it and moves on). Before timing, every native set is
   checked equal to gnubg-nn's.
2. **Every variant**: each built-in variant (and the configurations
   ``bench_legal.py`` adds) on its own seeded self-play set: the native
   search's microseconds per position, and the ratio to backgammon's on
   its self-play set, measured in the same run (interleaved, best of
   ``--repeat``); timed through ``Rules.search_packed`` on packed states,
   so that the figure is the search's and not the Python objects' (the
   variants' positions differ in how many plays they have).
3. **Threads** (``--threads N``): the backgammon set's ``search_many``
   calls shared among N threads against one thread doing them all; the
   search releases the GIL, so the N threads search at once (up to the
   machine's cores); reading the states and making the plays' Python
   objects hold it, so the speed-up stays below N.

``--dump FILE`` also writes the backgammon set as the crate's own timing
driver reads it (``native/core/examples/bench.rs``: a line ``table;state``
a position), to time the search without Python; ``--dump-variants DIR``
writes section 2's sets so, a file a variant.

The native module must be built and loaded (``nardy.compiled``); the script
says so and exits with status 2 otherwise. Status 1: some set disagreed with
gnubg-nn (the figures are then void).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import peers
import positions
from positions import Item

import nardy
from nardy import Variant
from nardy.engine import native
from nardy.engine.reference import turn_rules
from nardy.engine.state import pack, unpack
from nardy.engine.table import native_table

#: What this script asks of the native core (:func:`nardy.engine.native.rules_for`).
Rules = native.NativeRules


Run = Callable[[], object]
State = tuple[int, ...]
#: One search to time: the native rules of its turn and the start state.
Job = tuple[Rules, State]
#: The starts of one turn's rules, searched in one ``search_many`` call.
Batch = tuple[Rules, list[State]]

#: The variants' configurations of ``bench_legal.py``'s section 3 beside the registered variants.
CONFIGURED = (
    "caucasian(no_hide_after_hit=anywhere)",
    "long-nardy(six_block_check=turn)",
    "kush(six_block_check=turn)",
    "tapa(bear_off_pinned=blocked)",
    "moultezim(quarter_rule=none)",
)


def timed(run: Run) -> float:
    """Seconds for one run, the garbage collector off (as timeit does)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        gc.enable()


def best_of(runs: dict[str, Run], repeat: int) -> dict[str, float]:
    """The best seconds of each run over ``repeat`` rounds, the runs alternating within a round."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            best[name] = min(best[name], timed(run))
    return best


def jobs(variant: Variant, items: Sequence[Item]) -> list[Job] | None:
    """Each item's native rules (built now, before any clock) and start; ``None`` when a turn is not native."""
    out: list[Job] = []
    for position, roll in items:
        start = position.raw
        table = native_table(turn_rules(variant, start, roll), len(start))
        if table is None:
            return None
        out.append((native.rules_for(table), start))
    return out


def batches(work: Sequence[Job]) -> list[Batch]:
    """The jobs grouped by their rules (one group a roll), for ``search_many``."""
    groups: dict[int, Batch] = {}
    for rules, start in work:
        groups.setdefault(id(rules), (rules, []))[1].append(start)
    return list(groups.values())


def searches(work: Sequence[Job]) -> Run:
    """One ``Rules.search`` a job."""

    def run() -> None:
        for rules, start in work:
            rules.search(start)

    return run


def packed(work: Sequence[Job]) -> list[tuple[Rules, bytes]]:
    """The jobs with their starts packed (before any clock)."""
    return [(rules, pack(start)) for rules, start in work]


def searches_packed(work: Sequence[tuple[Rules, bytes]], flat: bool) -> Run:
    """One ``Rules.search`` (or, ``flat``, ``Rules.search_packed``) a job, the start packed."""

    def run() -> None:
        for rules, start in work:
            rules.search(start)

    def run_flat() -> None:
        for rules, start in work:
            rules.search_packed(start)

    return run_flat if flat else run


def searches_lists(work: Sequence[tuple[Rules, bytes]]) -> Run:
    """One ``Rules.search_lists`` a job, the start packed: the engine's own call (a key and an int a play)."""

    def run() -> None:
        for rules, start in work:
            rules.search_lists(start)

    return run


def batched(groups: Sequence[Batch]) -> Run:
    """One ``Rules.search_many`` a group."""

    def run() -> None:
        for rules, starts in groups:
            rules.search_many(starts)

    return run


def disagreements(gnubg: Any, items: Sequence[Item], work: Sequence[Job]) -> int:
    """How many native sets differ from gnubg-nn's (a pass: nothing from gnubg-nn, nothing native)."""
    bad = 0
    for (position, roll), (rules, start) in zip(items, work, strict=True):
        ours = {unpack(key) for key, _ in rules.search(start)}
        theirs = peers.gnubg_states(gnubg, position, roll)
        bad += ours != theirs
    return bad


def engine_to_engine(count: int, seed: int, repeat: int) -> tuple[int, list[Job]]:
    """Section 1; returns how many sets disagreed with gnubg-nn, and the set's jobs."""
    items = positions.stratified_set(nardy.Backgammon(), count, 0.4, seed)
    work = jobs(nardy.Backgammon(), items)
    assert work is not None, "backgammon's turns are native"
    print(f"\n1. Engine to engine: {len(items)} backgammon positions (stratified, 40% doubles)")
    runs: dict[str, Run] = {
        "native search(tuple)": searches(work),
        "native search(bytes)": searches_packed(packed(work), flat=False),
        "native search_packed(bytes)": searches_packed(packed(work), flat=True),
        "native search_lists(bytes)": searches_lists(packed(work)),
        "native search_many(tuples)": batched(batches(work)),
    }
    disagreed = 0
    gnubg = peers.load("gnubg_nn")
    if gnubg is None:
        print("  gnubg-nn is not installed (pip install gnubg-nn): native figures alone")
    else:
        disagreed = disagreements(gnubg, items, work)
        print(
            f"  gnubg-nn agrees with the native search on {len(items) - disagreed} of {len(items)} sets"
        )
        boards = [(peers.gnubg_board(p), r.high, r.low) for p, r in items]
        moves = gnubg.moves

        def gnubg_run() -> None:
            for board, high, low in boards:
                moves(board, high, low)

        runs["gnubg-nn moves()"] = gnubg_run
    best = best_of(runs, repeat)
    gnubg_time = best.get("gnubg-nn moves()")
    for name, seconds in best.items():
        micro = seconds / len(items) * 1e6
        vs = "" if gnubg_time is None else f"   {gnubg_time / seconds:5.2f}x gnubg-nn's speed"
        print(f"  {name:28s} {micro:8.2f} us/position{vs}")
    return disagreed, work


def dump(path: str, count: int, seed: int) -> None:
    """Write section 1's set as lines ``table;state`` for ``native/core/examples/bench.rs``."""
    variant = nardy.Backgammon()
    lines = []
    for position, roll in positions.stratified_set(variant, count, 0.4, seed):
        start = position.raw
        table = native_table(turn_rules(variant, start, roll), len(start))
        assert table is not None, "backgammon's turns are native"
        lines.append(",".join(map(str, table)) + ";" + ",".join(map(str, start)))
    with open(path, "w", encoding="ascii") as out:
        out.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} positions to {path}")


def dump_variants(folder: str, count: int, seed: int) -> None:
    """Write section 2's sets, one file a variant (``FOLDER/SPEC.txt``), as :func:`dump` writes section 1's."""
    os.makedirs(folder, exist_ok=True)
    for spec in (*(cls.name for cls in nardy.VARIANTS), *CONFIGURED):
        variant = nardy.find_variant(spec)
        work = jobs_tables(variant, positions.self_play_set(variant, count, 0.4, seed))
        if work is None:
            continue
        path = os.path.join(folder, spec.replace("(", "_").replace(")", "").replace("=", "-"))
        with open(f"{path}.txt", "w", encoding="ascii") as out:
            out.writelines(f"{','.join(map(str, t))};{','.join(map(str, s))}\n" for t, s in work)
    print(f"wrote section 2's sets to {folder}")


def jobs_tables(
    variant: Variant, items: Sequence[Item]
) -> list[tuple[tuple[int, ...], State]] | None:
    """Each item's flat native table and start; ``None`` when a turn is not native."""
    out = []
    for position, roll in items:
        start = position.raw
        table = native_table(turn_rules(variant, start, roll), len(start))
        if table is None:
            return None
        out.append((tuple(table), start))
    return out


def every_variant(count: int, seed: int, repeat: int) -> None:
    """Section 2: each variant's native cost per position, against backgammon's."""
    print(
        f"\n2. Every variant: {count} self-play positions each (40% doubles), "
        "native search_packed(bytes)"
    )
    specs = [*(cls.name for cls in nardy.VARIANTS), *CONFIGURED]
    runs: dict[str, Run] = {}
    sizes: dict[str, int] = {}
    plays: dict[str, float] = {}
    for spec in specs:
        variant = nardy.find_variant(spec)
        items = positions.self_play_set(variant, count, 0.4, seed)
        work = jobs(variant, items)
        if work is None:
            print(f"  {spec}: some turns are not native (skipped)")
            continue
        runs[spec] = searches_packed(packed(work), flat=True)
        sizes[spec] = len(work)
        plays[spec] = sum(len(rules.search(start)) for rules, start in work) / len(work)
    runs[specs[0]]()  # (warm the allocator before the first timed run)
    per = {spec: s / sizes[spec] * 1e6 for spec, s in best_of(runs, repeat).items()}
    base = per["backgammon"]
    print(f"  {'':42s} {'us/position':>11s} {'vs bg':>6s} {'plays':>7s}")
    for spec, micro in per.items():
        print(f"  {spec:42s} {micro:11.2f} {micro / base:5.2f}x {plays[spec]:7.1f}")
    worst = max(per, key=per.__getitem__)
    print(f"  most costly: {worst}, {per[worst] / base:.2f}x backgammon's cost per position")


def threads(work: Sequence[Job], n: int, repeat: int) -> None:
    """Section 3: the backgammon set's ``search_many`` calls on ``n`` threads against one."""
    # The starts packed (the cheapest input to read while the GIL is held),
    # a few times the set: enough work to share.
    groups = [(rules, [pack(s) for s in starts]) for rules, starts in batches(work)] * 4
    total = sum(len(starts) for _, starts in groups)
    print(f"\n3. Threads: {total} backgammon searches in {len(groups)} search_many calls")

    def one() -> None:
        for rules, starts in groups:
            rules.search_many(starts)

    def share(i: int) -> None:
        for rules, starts in groups[i::n]:
            rules.search_many(starts)

    with ThreadPoolExecutor(max_workers=n) as pool:

        def many() -> None:
            list(pool.map(share, range(n)))

        best = best_of({"1 thread": one, f"{n} threads": many}, repeat)
    for name, seconds in best.items():
        print(f"  {name:12s} {seconds * 1e3:9.1f} ms  {total / seconds:12,.0f} searches/s")
    print(f"  speed-up on {n} threads: {best['1 thread'] / best[f'{n} threads']:.2f}x")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, build the seeded sets, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=3000, help="backgammon set size (3000)")
    parser.add_argument(
        "--variant-count", type=int, default=1000, help="positions per variant (1000)"
    )
    parser.add_argument("--seed", type=int, default=2026, help="seed of the sets (2026)")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each, best kept (7)")
    parser.add_argument(
        "--threads", type=int, default=0, metavar="N", help="section 3 on N threads"
    )
    parser.add_argument("--skip-variants", action="store_true", help="skip section 2")
    parser.add_argument(
        "--dump", metavar="FILE", help="also write section 1's set for the crate's bench"
    )
    parser.add_argument(
        "--dump-variants", metavar="DIR", help="also write section 2's sets, a file a variant"
    )
    args = parser.parse_args(argv)
    if not native.available():
        print("the native core is not loaded (the pure build): build native/ first")
        return 2
    print(f"nardy {nardy.__version__}, native core; seed {args.seed}, best of {args.repeat} runs")
    if args.dump:
        dump(args.dump, args.count, args.seed)
    if args.dump_variants:
        dump_variants(args.dump_variants, args.variant_count, args.seed)
    disagreed, work = engine_to_engine(args.count, args.seed, args.repeat)
    if not args.skip_variants:
        every_variant(args.variant_count, args.seed, args.repeat)
    if args.threads > 1:
        threads(work, args.threads, args.repeat)
    if disagreed:
        print(f"\n{disagreed} sets disagreed with gnubg-nn: the figures above are void")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
