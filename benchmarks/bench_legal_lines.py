"""The cost of ``nardy legal``'s answers per play: backgammon against the wider family.

Each variant's seeded self-play questions (``positions.self_play_set``: 40%
doubles, three dice for a variant of three) are written as the JSON lines a
program sends (``Position.to_array()`` and the dice) and answered by the
command's own filter, :class:`nardy.cli.legal.LegalFilter` (reading the line,
finding the plays, writing the answer line), the legal-play cache cleared
before each pass so every question is searched. The figure is the cost per
legal play written, and its ratio to backgammon's measured in the same run::

    python benchmarks/bench_legal_lines.py              # time (interleaved repeats)
    python benchmarks/bench_legal_lines.py --callgrind  # instructions (valgrind)

Timing alternates the variants ``--repeat`` times (a new set each time,
after a warm-up set) and reports the median microseconds per play.
``--callgrind`` counts instructions instead, which the load of a shared
machine does not change: for each variant the script runs itself twice
under ``valgrind --tool=callgrind``, answering one set, then the same set
and a second one, and the difference divided by the plays of the second
set is the instructions per play (the steady cost in a long stream: the
reading, the search and the writing, without start-up). It counts the
search alone the same way (``Variant.legal_plays`` on the same positions,
built beforehand), and the rest is the reading and the writing.
The build of nardy that ran (compiled or pure Python) is printed first.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import positions  # a sibling script, not a package

import nardy
from nardy.cli.legal import LegalFilter

#: Backgammon (the reference) and the games of the wider family.
DEFAULT_VARIANTS = ("backgammon", "acey-deucey", "tabula", "gul-bara", "gioul")


def questions(spec: str, count: int, seed: int) -> list[bytes]:
    """``count`` seeded questions of a variant, as the lines ``nardy legal`` reads."""
    variant = nardy.find_variant(spec)
    lines = []
    for position, roll in positions.self_play_set(variant, count, 0.4, seed):
        question = {"variant": spec, **position.to_array(), "dice": list(roll)}
        lines.append((json.dumps(question) + "\n").encode())
    return lines


def answer_all(answers: LegalFilter, lines: Sequence[bytes]) -> int:
    """Answer every line (the legal-play cache cleared first); the plays written."""
    nardy.cache.clear()
    plays = 0
    for line in lines:
        text, error = answers.answer(line)
        if error:
            raise SystemExit(f"a benchmark question failed: {line!r} -> {text}")
        plays += text.count('"play": ')
    return plays


def timed_run(answers: LegalFilter, lines: Sequence[bytes]) -> tuple[float, int]:
    """Seconds for one pass over ``lines`` (the garbage collector off) and the plays written."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        plays = answer_all(answers, lines)
        return time.perf_counter() - start, plays
    finally:
        gc.enable()


def time_variants(specs: Sequence[str], count: int, repeat: int) -> dict[str, float]:
    """Median microseconds per play of each variant, the variants' runs interleaved."""
    sets = {spec: [questions(spec, count, seed) for seed in range(1, repeat + 2)] for spec in specs}
    filters = {spec: LegalFilter(None, {}) for spec in specs}
    for spec in specs:  # warm-up: imports, the variant's plan, a stream's first set
        answer_all(filters[spec], sets[spec][0])
    costs: dict[str, list[float]] = {spec: [] for spec in specs}
    plays: dict[str, list[int]] = {spec: [] for spec in specs}
    for run in range(1, repeat + 1):
        for spec in specs:
            took, written = timed_run(filters[spec], sets[spec][run])
            costs[spec].append(1e6 * took / written)
            plays[spec].append(written)
    out = {spec: statistics.median(costs[spec]) for spec in specs}
    return out | {f"{spec} plays": sum(plays[spec]) / (count * repeat) for spec in specs}


def sets_run(spec: str, count: int, answered: int, search: bool) -> None:
    """The body of one callgrind run: two sets built, the first ``answered`` answered; prints the plays of the last.

    With ``search`` only the legal plays are found (``Variant.legal_plays``
    on the sets' positions, built beforehand): no line read, no answer written.
    """
    answers = LegalFilter(None, {})
    plays = 0
    if search:
        variant = nardy.find_variant(spec)
        items = [positions.self_play_set(variant, count, 0.4, seed) for seed in (1, 2)]
        for some in items[:answered]:
            nardy.cache.clear()
            plays = sum(len(variant.legal_plays(p, roll).raw_results()) for p, roll in some)
    else:
        sets = [questions(spec, count, seed) for seed in (1, 2)]
        for lines in sets[:answered]:
            plays = answer_all(answers, lines)
    print(json.dumps({"plays": plays}))


def instructions(spec: str, count: int, sets: int, search: bool) -> tuple[int, int]:
    """The instructions callgrind counts for a run of :func:`sets_run`, and the plays of its last set answered."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--sets",
            str(sets),
            "--count",
            str(count),
            "--variant",
            spec,
            *(["--search"] if search else []),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        plays = json.loads(done.stdout.strip().splitlines()[-1])["plays"]
        for row in out.read_text().splitlines():
            if row.startswith("summary:"):
                return int(row.split()[1]), plays
    raise SystemExit(f"no summary in callgrind's output for {spec}")


def count_variants(specs: Sequence[str], count: int) -> dict[str, float]:
    """Instructions per play of each variant, answering and searching: (two sets - the first) / plays of the second."""
    out: dict[str, float] = {}
    for spec in specs:
        for search in (False, True):
            once, _ = instructions(spec, count, 1, search)
            twice, plays = instructions(spec, count, 2, search)
            out[f"{spec} search" if search else spec] = (twice - once) / plays
            out[f"{spec} plays"] = plays / count
            what = "search" if search else "answer"
            print(
                f"  {spec} {what}: {once:,} and {twice:,} instructions, {plays} plays",
                file=sys.stderr,
            )
    return out


def report(figures: dict[str, float], specs: Sequence[str], unit: str) -> None:
    """One line per variant: plays per question, the cost per play, the ratio to the first.

    With instructions, also the search's share of a play (``Variant.legal_plays``
    alone) and the rest (reading the question, writing the answer).
    """
    base = figures[specs[0]]
    split = f"{specs[0]} search" in figures
    head = f"  {'variant':14s} {'plays/question':>14s} {unit + '/play':>18s} {'ratio':>7s}"
    print(head + (f" {'search':>9s} {'the rest':>9s}" if split else ""))
    for spec in specs:
        cost = figures[spec]
        line = f"  {spec:14s} {figures[f'{spec} plays']:14.1f} {cost:18,.2f} {cost / base:7.2f}"
        if split:
            search = figures[f"{spec} search"]
            line += f" {search:9,.0f} {cost - search:9,.0f}"
        print(line)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments and run the timing or the instruction count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", action="append", help="a variant spec (repeatable)")
    parser.add_argument("--count", type=int, default=300, help="questions per variant")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes per variant")
    parser.add_argument("--callgrind", action="store_true", help="count instructions instead")
    parser.add_argument("--sets", type=int, help=argparse.SUPPRESS)  # one callgrind run
    parser.add_argument("--search", action="store_true", help=argparse.SUPPRESS)  # (of it)
    args = parser.parse_args(argv)
    specs = args.variant or list(DEFAULT_VARIANTS)
    if args.sets is not None:
        sets_run(specs[0], args.count, args.sets, args.search)
        return
    if specs[0] != "backgammon":
        specs = ["backgammon", *specs]
    build = "compiled" if nardy.compiled else "pure Python"
    print(f"nardy {nardy.__version__} ({build}), {os.path.basename(sys.executable)}")
    print(f"nardy legal, {args.count} seeded questions per variant (40% doubles)")
    if args.callgrind:
        report(count_variants(specs, args.count), specs, "instructions")
    else:
        report(time_variants(specs, args.count, args.repeat), specs, "µs")


if __name__ == "__main__":
    main()
