"""Speed of legal-play enumeration: nardy against the C and C++ generators on PyPI.

What is measured (``python benchmarks/bench_legal.py --help`` for the knobs):

1. **Engine to engine**, the figure to quote. The same seeded backgammon
   positions (a third each of contact, race and bear-off, 40% doubles), each
   engine's input prepared before the clock, no conversion charged to
   anyone: nardy's ``variant.legal_plays(position, roll).raw_results()``
   (one key per distinct resulting position; the public API, its cache
   cleared before each run), gnubg-nn's ``moves(board, d1, d2)`` (one key
   per position) and bgsage's ``possible_moves(board, d1, d2)`` (one board
   per position). Before timing, every engine's set is checked equal to
   nardy's.
2. **Objects**: nardy building every resulting :class:`~nardy.Position`
   (``resulting_positions()``) against gnubg-nn's keys decoded into the same
   objects (the comparison of nardy 0.1.0, which charges gnubg-nn for the
   conversion).
3. **Every variant**: microseconds per position on seeded self-play
   positions (40% doubles; three dice for a variant of three), and the
   ratio to backgammon's; beside it the legal plays per position and the
   time per play against backgammon's (the variants' positions differ in
   how many plays they have). Every registered variant is in the table;
   ``--variant SPEC`` adds a configured one (``"tabula(bear_off=larger)"``),
   ``--toys`` two stand-ins for the family's pool games (:class:`PoolHitting`,
   :class:`PoolSameThree`), and ``--listed`` keeps only backgammon and those.
4. **Fixed cost** of a ``legal_plays`` call on a position with one legal
   play, and the **memory** of a position.
5. **``nardy legal`` end to end**: the command reading the backgammon set
   of section 1 as JSON lines and writing every play (notation and
   resulting position), timed as a whole process (start-up included,
   printed apart, and subtracted for a rate without it), beside the same
   filter written around bgsage (``bgsage_filter.py``: the resulting
   positions without notation). ``--steady N`` also times it on N other
   positions, the start-up amortised.

Before timing, each peer's sets are checked equal to nardy's; any
disagreement makes the script exit with status 1. The runs of each comparison alternate, ``--repeat`` times each, with the
garbage collector off; rates are positions per second, best and median, and
ratios compare medians. The build of nardy that ran (compiled or pure
Python) is printed first.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import peers
import positions
from positions import Item

import nardy
from nardy import BearOff, Geometry, Position, Roll, StepRule, Variant
from nardy.rules.movement import pool_index
from nardy.variants.scoring import PRESETS, ScoringTable

Run = Callable[[], object]


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


def race(runs: dict[str, Run], repeat: int) -> dict[str, list[float]]:
    """Time each run ``repeat`` times, alternating between them."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds[name].append(timed(run))
    return seconds


def show(seconds: dict[str, list[float]], items: int, base: str) -> None:
    """Print rates and the ratio of each to ``base`` (median times)."""
    for name, times in seconds.items():
        best, median = items / min(times), items / statistics.median(times)
        ratio = statistics.median(seconds[name]) / statistics.median(seconds[base])
        vs = "" if name == base else f"   nardy/this: {ratio:5.2f}"
        print(f"  {name:28s} best {best:9,.0f}/s  median {median:9,.0f}/s{vs}")


def nardy_keys(variant: Variant, items: Sequence[Item]) -> Run:
    """Complete legal sets as keys, through the public API."""

    def run() -> None:
        nardy.cache.clear()
        legal = variant.legal_plays
        for position, roll in items:
            legal(position, roll).raw_results()

    return run


def engine_to_engine(items: Sequence[Item], repeat: int) -> int:
    """Section 1: keys against keys against boards; returns how many sets disagreed."""
    variant = items[0][0].variant
    print(f"\n1. Engine to engine, {describe(items)}")
    runs: dict[str, Run] = {"nardy raw_results()": nardy_keys(variant, items)}
    disagreed = 0
    gnubg = peers.load("gnubg_nn")
    if gnubg is not None:
        bad = sum(not peers.same_sets(gnubg, peers.gnubg_states, p, r) for p, r in items)
        print(f"  gnubg-nn agrees with nardy on {len(items) - bad} of {len(items)} sets")
        disagreed += bad
        boards = [(peers.gnubg_board(p), r.high, r.low) for p, r in items]
        moves = gnubg.moves
        runs["gnubg-nn moves()"] = lambda: [moves(b, a, c) for b, a, c in boards]
    bgsage = peers.load("bgsage")
    if bgsage is not None:
        bad = sum(not peers.same_sets(bgsage, peers.bgsage_states, p, r) for p, r in items)
        print(f"  bgsage agrees with nardy on {len(items) - bad} of {len(items)} sets")
        disagreed += bad
        sage_boards = [(peers.bgsage_board(p), r.high, r.low) for p, r in items]
        possible = bgsage.possible_moves
        runs["bgsage possible_moves()"] = lambda: [possible(b, a, c) for b, a, c in sage_boards]
    show(race(runs, repeat), len(items), "nardy raw_results()")
    return disagreed


def objects(items: Sequence[Item], repeat: int) -> None:
    """Section 2: every resulting Position, built by nardy or from gnubg-nn's keys."""
    variant = items[0][0].variant
    print("\n2. Objects: every resulting nardy Position")

    def ours() -> None:
        nardy.cache.clear()
        for position, roll in items:
            variant.legal_plays(position, roll).resulting_positions()

    runs: dict[str, Run] = {"nardy positions": ours}
    gnubg = peers.load("gnubg_nn")
    if gnubg is not None:
        boards = [(peers.gnubg_board(p), p, r) for p, r in items]
        n = variant.checkers

        def theirs() -> None:
            from_key = gnubg.boardfromkey
            for board, position, roll in boards:
                turn = position.turn.opponent
                for key in gnubg.moves(board, roll.high, roll.low):
                    opp, mover = from_key(key)
                    state = (
                        n - sum(mover),
                        *[m - o for m, o in zip(mover[:24], opp[23::-1])],
                        mover[24],
                        opp[24],
                        n - sum(opp),
                    )
                    Position.from_raw(variant, turn, variant.next_state(state), check=False)

        runs["gnubg-nn keys -> positions"] = theirs
    show(race(runs, repeat), len(items), "nardy positions")


def describe(items: Sequence[Item]) -> str:
    """A one-line summary of a set."""
    count: dict[str, int] = {}
    for position, _ in items:
        count[positions.phase(position)] = count.get(positions.phase(position), 0) + 1
    doubles = sum(1 for _, roll in items if roll.is_double)
    phases = ", ".join(f"{name} {n}" for name, n in sorted(count.items()))
    return f"{len(items)} {items[0][0].variant.spec()} positions ({phases}; {doubles / len(items):.0%} doubles)"


@attrs.frozen
class PoolHitting(Variant):
    """A stand-in for acey-deucey's legal sets: an empty board, fifteen a side in the pool, hitting.

    Backgammon's mirror geometry and bear-off; checkers enter from the pool
    (and the bar, first) on the 24-19. Not a game of the library: the
    benchmark's figure for the pool until the real game is registered.
    """

    name: ClassVar[str] = "bench-pool-hitting"
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({})
    extra_state: ClassVar[tuple[nardy.ExtraField, ...]] = (nardy.POOL,)
    start_extra: ClassVar[MappingProxyType[str, Any]] = MappingProxyType({"pool": 15})

    def scoring_table(self) -> ScoringTable:
        """Backgammon's table (the benchmark plays no scores)."""
        return PRESETS["standard"]


#: The mover's pool in the stand-ins' state.
_POOL = pool_index((nardy.POOL,))
#: The points a move may not land on while the pool holds a checker: 12-1 and off.
_SECOND_HALF = (1 << 13) - 1


def _pool_empty(board: list[int], src: int, dst: int) -> bool:
    """Tabula's second-half rule: nothing lands on 12-1 (or off) while a checker waits in the pool."""
    return board[_POOL] == 0


@attrs.frozen
class PoolSameThree(PoolHitting):
    """A stand-in for tabula's legal sets: :class:`PoolHitting` on one shared track with three dice.

    Both sides enter on the same quarter (:attr:`Geometry.SAME
    <nardy.Geometry.SAME>`), the exact bear-off, and the second-half rule
    (while a checker waits in the pool, no move lands on 12-1) as a step rule.
    """

    name: ClassVar[str] = "bench-pool-same-3"
    geometry: ClassVar[Geometry] = Geometry.SAME
    dice: ClassVar[int] = 3
    bear_off: ClassVar[BearOff] = BearOff(6, False)

    def step_rule(self, state: tuple[int, ...], roll: Roll) -> StepRule | None:
        """The second-half rule while the pool holds a checker."""
        if state[_POOL]:
            return StepRule(_pool_empty, watch_from=0, watch_to=_SECOND_HALF)
        return None


#: The stand-ins ``--toys`` registers and times.
TOYS = (PoolHitting, PoolSameThree)


def variants(
    count: int, repeat: int, seed: int, extra: Sequence[str] = (), listed: bool = False
) -> None:
    """Section 3: every variant's time per position, against backgammon's.

    ``extra``: more specs (any registered variant, configured); ``listed``:
    backgammon and ``extra`` alone.
    """
    print(f"\n3. Every variant: {count} self-play positions each, 40% doubles")
    specs = [
        *(cls.name for cls in nardy.VARIANTS),
        "caucasian(no_hide_after_hit=anywhere)",
        "long-nardy(six_block_check=turn)",
        "kush(six_block_check=turn)",
    ]
    if listed:
        specs = ["backgammon"]
    specs += [spec for spec in extra if spec not in specs]
    per: dict[str, float] = {}
    results: dict[str, float] = {}
    runs: dict[str, Run] = {}
    sizes: dict[str, int] = {}
    for spec in specs:
        variant = nardy.find_variant(spec)
        items = positions.self_play_set(variant, count, 0.4, seed)
        runs[spec] = nardy_keys(variant, items)
        sizes[spec] = len(items)
        found = sum(len(variant.legal_plays(position, roll)) for position, roll in items)
        results[spec] = found / len(items)
    # One untimed pass first: the first set timed in a process otherwise
    # pays for the allocator's warm-up, which flattered every ratio. Then
    # the variants' runs alternate (a busy machine slows them alike).
    runs[specs[0]]()
    for spec, seconds in race(runs, repeat).items():
        per[spec] = statistics.median(seconds) / sizes[spec] * 1e6
    base = per["backgammon"]
    # The variants' positions differ in how many plays they have (plakoto's
    # spread checkers have twice backgammon's): the time per result says
    # how much of a ratio is the engine and how much the work asked of it.
    base_result = base / results["backgammon"]
    print(f"  {'':42s} {'us/position':>11s} {'vs bg':>6s} {'results':>8s} {'us/result vs bg':>16s}")
    for spec, micro in per.items():
        per_result = micro / results[spec] / base_result
        print(
            f"  {spec:42s} {micro:11.2f} {micro / base:5.2f}x {results[spec]:8.1f}"
            f" {per_result:15.2f}x"
        )


def fixed_cost(seed: int) -> None:
    """Section 4: a legal_plays call with one legal play; the memory of a position."""
    variant = nardy.Backgammon()
    rng = random.Random(seed)
    forced: list[Item] = []
    for position in positions.self_play(variant, rng):
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        legal = position.legal_plays(roll)
        if len(legal) == 1 and not legal.is_pass:
            forced.append((position, roll))
            if len(forced) == 2000:
                break
    run = nardy_keys(variant, forced)
    seconds = [timed(run) for _ in range(7)]
    print("\n4. Fixed cost and memory")
    print(
        f"  legal_plays() on a position with one legal play: "
        f"{min(seconds) / len(forced) * 1e6:.2f} us best, "
        f"{statistics.median(seconds) / len(forced) * 1e6:.2f} us median ({len(forced)} positions)"
    )
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    made = [lp.resulting_position(0) for lp in (p.legal_plays(r) for p, r in forced)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    print(
        f"  a Position with its board: {sys.getsizeof(made[0]) + sys.getsizeof(made[0].packed)}"
        f" bytes by sys.getsizeof ({grown / len(made):.0f} allocated per position with the"
        f" legal set around it)"
    )


def command_line(items: Sequence[Item], repeat: int, steady: Sequence[Item] = ()) -> None:
    """Section 5: ``nardy legal`` on the set, as a process, beside a bgsage filter.

    The start-up (the command on empty input) is timed apart, and subtracted
    from the median run for a steady-state rate. With ``steady`` (a larger
    set), the command is also timed on that, its start-up amortised over it.
    """
    print(f"\n5. nardy legal end to end, {len(items)} backgammon positions as JSON lines")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "positions.jsonl"
        source.write_text(question_lines(items))
        empty = Path(folder) / "empty.jsonl"
        empty.write_text("")
        nardy_cmd = [sys.executable, "-m", "nardy", "legal"]
        runs: dict[str, Run] = {"nardy legal": lambda: pipe(nardy_cmd, source)}
        if peers.load("bgsage") is not None:
            filter_cmd = [sys.executable, str(Path(__file__).with_name("bgsage_filter.py"))]
            runs["bgsage filter (no notation)"] = lambda: pipe(filter_cmd, source)
        seconds = race(runs, repeat)
        show(seconds, len(items), "nardy legal")
        startups = [timed(lambda: pipe(nardy_cmd, empty)) for _ in range(repeat)]
        startup = statistics.median(startups)
        print(f"  of which start-up (nardy legal on empty input): {min(startups) * 1000:.0f} ms")
        rest = statistics.median(seconds["nardy legal"]) - startup
        print(
            f"  nardy legal without its start-up (median run - median start-up of "
            f"{startup * 1000:.0f} ms): {len(items) / rest:,.0f}/s"
        )
        if steady:
            large = Path(folder) / "large.jsonl"
            large.write_text(question_lines(steady))
            times = [timed(lambda: pipe(nardy_cmd, large)) for _ in range(repeat)]
            print(
                f"  steady state, nardy legal on {len(steady):,} other positions (start-up "
                f"included, amortised): best {len(steady) / min(times):,.0f}/s, "
                f"median {len(steady) / statistics.median(times):,.0f}/s"
            )


def question_lines(items: Sequence[Item]) -> str:
    """The ``nardy legal`` input of a set: one JSON question per line."""
    lines = []
    for position, roll in items:
        array = position.to_array()
        line = {"variant": "backgammon", "dice": [roll.high, roll.low]}
        lines.append(json.dumps({**line, **{k: array[k] for k in ("board", "bar", "off")}}))
    return "\n".join(lines) + "\n"


def pipe(command: list[str], source: Path) -> None:
    """Run ``command`` with ``source`` as stdin and its output thrown away."""
    with source.open("rb") as stdin:
        subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, check=True, env=os.environ)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, build the seeded sets, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=5000, help="backgammon set size (5000)")
    parser.add_argument("--variant-positions", type=int, default=2000, help="per variant (2000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each side (5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the sets (2026)")
    parser.add_argument("--skip-variants", action="store_true", help="skip section 3")
    parser.add_argument("--only-variants", action="store_true", help="run section 3 alone")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="SPEC",
        help="section 3 also times this registered variant, configured (repeatable)",
    )
    parser.add_argument(
        "--toys",
        action="store_true",
        help="section 3 also times the stand-ins for the pool games (pool + hitting; "
        "three dice + pool + shared track)",
    )
    parser.add_argument(
        "--listed",
        action="store_true",
        help="section 3 times backgammon and the --variant and --toys specs alone",
    )
    parser.add_argument(
        "--steady",
        type=int,
        default=0,
        metavar="N",
        help="section 5 also times nardy legal on N other positions (start-up amortised)",
    )
    args = parser.parse_args(argv)

    build = "compiled" if nardy.compiled else "pure Python"
    print(
        f"nardy {nardy.__version__} ({build}), Python {platform.python_version()}, "
        f"{platform.machine()}; seed {args.seed}, {args.repeat} runs each, alternating"
    )
    extra = list(args.variant)
    if args.toys:
        for cls in TOYS:
            nardy.register_variant(cls)
            extra.append(cls.name)
    if args.only_variants:
        variants(args.variant_positions, args.repeat, args.seed, extra, args.listed)
        return 0
    items = positions.stratified_set(nardy.Backgammon(), args.positions, 0.4, args.seed)
    disagreed = engine_to_engine(items, args.repeat)
    objects(items, args.repeat)
    if not args.skip_variants:
        variants(args.variant_positions, args.repeat, args.seed, extra, args.listed)
    fixed_cost(args.seed)
    steady = (
        positions.stratified_set(nardy.Backgammon(), args.steady, 0.4, args.seed + 1)
        if args.steady
        else []
    )
    command_line(items, args.repeat, steady)
    if disagreed:
        print(f"\n{disagreed} legal sets disagreed with a peer: the figures above are void")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
