"""A variant author's copy of a built-in rule object against the built-in: same answers, same search, time.

The engine chooses its search from what a turn's rule objects declare about
themselves (:mod:`nardy.rules.turn_rules`), never from which function or
class they are. So a copy of a built-in rule object with another ``check``
function of the same behaviour (``rule.replace(check=...)``, a plain Python
function here) must get the built-in's search and run within 1.3 times its
time. Three copies, each a variant subclass whose hook returns the
built-in's rule object with its check replaced:

* Caucasian nardy (``no_hide_after_hit=anywhere``): the hitter rule's no-hide
  check, on doubles (the turns its own kernel serves);
* Kush: a double's step rule (the head rule and the six-block rule, whose
  guard moves with each hit), on doubles;
* long nardy: every turn's step rule (the head and six-block rules).

For each pair the script checks, before timing, that both give the same
legal plays in the same order on every position of the set and that the
engine chooses the same search (:meth:`nardy.Variant.kernel`); then it times
them alternately (``--repeat`` runs each, the garbage collector off) and
prints microseconds per position and the ratio of the copy's median to the
built-in's. It exits with status 1 when a copy disagrees, gets another
search, or is slower than ``--limit`` (1.3) times the built-in.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs
import positions
from bench_legal import timed
from positions import Item

import nardy
from nardy import Position, Roll, Variant
from nardy.rules.six_block import six_block_allows, six_block_guard
from nardy.rules.turn_rules import HitterRule, StepRule

State = tuple[int, ...]


def my_no_hide(board: list[int], src: int, dst: int) -> bool:
    """The no-hide rule as a variant author writes it: off, or alone where it lands."""
    return dst == 0 or board[dst] == 1


@attrs.frozen
class MyCaucasian(nardy.Caucasian):
    """Caucasian nardy whose hitter rule is the built-in's with the author's own check."""

    name: ClassVar[str] = "my-caucasian"

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        """The built-in rule object, its check replaced."""
        return super().hitter_rule(start, roll).replace(check=my_no_hide)


def my_six_block_step(board: list[int], src: int, dst: int) -> bool:
    """The head and six-block rules as an author writes them, from the rulebook's functions.

    The head rule is the step rule's floor (the engine tests it); this check
    refuses a landing in a block the six-block rule (``"ahead"``) forbids,
    the guard worked out from the board after the step.
    """
    return dst == 0 or six_block_allows(board, dst, six_block_guard(board, "ahead"))


@attrs.frozen
class MyKush(nardy.Kush):
    """Kush whose double's step rule is the built-in's with the author's own check."""

    name: ClassVar[str] = "my-kush"

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The built-in rule object; on a double its check replaced."""
        rule = super().step_rule(start, roll)
        return rule.replace(check=my_six_block_step) if roll.is_double else rule


@attrs.frozen
class MyLongNardy(nardy.LongNardy):
    """Long nardy whose step rule is the built-in's with the author's own check."""

    name: ClassVar[str] = "my-long-nardy"

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The built-in rule object, its check replaced."""
        return super().step_rule(start, roll).replace(check=my_six_block_step)


#: (what, built-in, the author's copy, share of doubles in the set, doubles only).
PAIRS: list[tuple[str, Variant, Variant, float]] = [
    (
        "caucasian(anywhere), hitter rule, doubles",
        nardy.find_variant("caucasian(no_hide_after_hit=anywhere)"),
        MyCaucasian(no_hide_after_hit="anywhere"),
        1.0,
    ),
    ("kush, double's step rule, doubles", nardy.Kush(), MyKush(), 1.0),
    ("long-nardy, step rule, every roll", nardy.LongNardy(), MyLongNardy(), 0.4),
]


def keys(variant: Variant, items: Sequence[Item]) -> Callable[[], None]:
    """Every set of the items as keys, the variant's cache cleared first."""

    def run() -> None:
        nardy.cache.clear()
        legal = variant.legal_plays
        for position, roll in items:
            legal(position, roll).raw_results()

    return run


def moved(variant: Variant, items: Sequence[Item]) -> list[Item]:
    """The same positions and rolls under another variant (one with the same state)."""
    return [(Position.from_raw(variant, p.turn, p.raw, check=False), r) for p, r in items]


def agree(builtin: Variant, mine: Variant, items: Sequence[Item], own: Sequence[Item]) -> str:
    """Why the copy differs from the built-in on the set, or ``""``."""
    for (position, roll), (copy, _) in zip(items, own):
        theirs = builtin.legal_plays(position, roll, cache=False)
        ours = mine.legal_plays(copy, roll, cache=False)
        if theirs.raw_results() != ours.raw_results() or theirs.notations() != ours.notations():
            return f"different plays for {roll} in {position.id()}"
        if builtin.search_name(position, roll) != mine.search_name(copy, roll):
            return (
                f"another search for {roll} in {position.id()}: "
                f"{mine.search_name(copy, roll)!r}, not {builtin.search_name(position, roll)!r}"
            )
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    """Check and time each pair; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="positions a pair (2000)")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each side (7)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the sets (2026)")
    parser.add_argument("--limit", type=float, default=1.3, help="the ratio allowed (1.3)")
    args = parser.parse_args(argv)
    build = "compiled" if nardy.compiled else "pure Python"
    print(
        f"nardy {nardy.__version__} ({build}), Python {platform.python_version()}, "
        f"{platform.machine()}; seed {args.seed}, {args.repeat} runs each, alternating"
    )
    print(f"  {'':44s} {'built-in us':>11s} {'copy us':>8s} {'copy/built-in':>14s}  search")
    failed = 0
    for what, builtin, mine, doubles in PAIRS:
        items = positions.self_play_set(builtin, args.positions, doubles, args.seed)
        if doubles == 1.0:  # (with_rolls mixes in the odd non-double: doubles only)
            items = [(p, r) for p, r in items if r.is_double]
        own = moved(mine, items)
        why = agree(builtin, mine, items, own)
        if why:
            print(f"  {what}: the copy disagrees: {why}")
            failed += 1
            continue
        searches = sorted({builtin.search_name(p, r) for p, r in items})
        runs = {"built-in": keys(builtin, items), "copy": keys(mine, own)}
        seconds: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.repeat):
            for name, run in runs.items():
                seconds[name].append(timed(run))
        base = statistics.median(seconds["built-in"]) / len(items) * 1e6
        copy = statistics.median(seconds["copy"]) / len(items) * 1e6
        ratio = copy / base
        flag = "" if ratio <= args.limit else f"  over {args.limit}"
        print(f"  {what:44s} {base:11.2f} {copy:8.2f} {ratio:13.2f}x  {', '.join(searches)}{flag}")
        failed += ratio > args.limit
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
