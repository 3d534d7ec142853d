"""Perft: how many play sequences and distinct states lie n plies from a position.

The conventions (the same for every variant, so that any implementation can
check itself against the published numbers):

* every ply rolls all 21 distinct rolls, the first ply included (no opening
  roll rule); the side to move then makes one legal play, one per distinct
  resulting position; when nothing can be played the pass is the one play;
* a state is both sides' checkers (and any extra state, such as pins) and
  the side to move;
* a finished state (the game is over) is counted at the depth where it
  arises and never expanded.

A variant of three dice (:attr:`Variant.dice <nardy.Variant.dice>`) rolls
its 56 distinct rolls instead, and its ``paths36`` count the 216 ordered
rolls (the names keep the two-dice numbers). A variant whose turn is more
than one play (it overrides a turn hook, :func:`runs_turns`: a cascade of
doubles, a named double, a roll again) is counted by whole turns, a ply
being a roll and everything up to the next roll (:mod:`nardy.perft.turns`).

For each depth n: ``paths21`` counts the sequences of n (roll, play) pairs
with each of the 21 rolls once, ``paths36`` the same with the 36 ordered
rolls (a non-double twice), ``distinct`` the distinct states after exactly n
plies, ``passes`` the ``paths21`` sequences whose last play is a pass and
``terminal`` the finished ones among the ``distinct`` states.

:func:`count` does the counting level by level with multiplicities over
hashable keys (never one object per state, never one step per path); it
takes the move generator as a function, so the same algorithm can be driven
by another program's generator. :func:`perft` runs the same algorithm with
nardy's generator in the faster loop of ``nardy.perft.fast`` (the
tests check that both give the same rows).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any, Final

import attrs

from nardy.errors import InvalidOptionError, NardyError
from nardy.model.position import Position
from nardy.perft import fast
from nardy.perft.plies import PlyCounter, start_position
from nardy.variants.base import Variant, find_variant
from nardy.variants.turn_hooks import TURN_HOOKS as TURN_HOOKS
from nardy.variants.turn_hooks import runs_turns as runs_turns

if TYPE_CHECKING:
    import random

    # (imported where used: it needs the game layer, which `import nardy` leaves out)
    from nardy.perft.cost import Estimate

__all__ = [
    "FAR",
    "LIMIT",
    "PROGRESS_AFTER",
    "PROGRESS_EVERY",
    "TURN_HOOKS",
    "PerftResult",
    "PerftRow",
    "count",
    "estimate",
    "main",
    "perft",
    "progress_printer",
    "refusal",
    "runs_turns",
]

#: A generator's answer for one state: per roll, the result keys, whether the
#: roll is a double, and whether the one play is a pass.
Children = Iterable[tuple[Sequence[Any], bool, bool]]
#: Progress callback: depth, states expanded so far, states to expand, seconds.
Progress = Callable[[int, int, int, float], None]

# Both multiplicities in one int: paths21 in the low bits, paths36 above.
_SHIFT = fast.SHIFT
_LOW = (1 << _SHIFT) - 1


@attrs.frozen
class PerftRow:
    """The counts of one depth (see the module docstring for their meaning)."""

    #: Plies from the start.
    depth: int
    #: Sequences of (roll, play) pairs, each of the 21 rolls once (56 with three dice).
    paths21: int
    #: The same with the 36 ordered rolls (216 with three dice).
    paths36: int
    #: Distinct states after exactly :attr:`depth` plies.
    distinct: int
    #: ``paths21`` sequences whose last play is a pass.
    passes: int
    #: Finished states among the :attr:`distinct` ones.
    terminal: int

    def to_dict(self) -> dict[str, int]:
        """The row as a JSON object."""
        return attrs.asdict(self)


@attrs.frozen
class PerftResult:
    """Perft of one variant from one position, one :class:`PerftRow` per depth."""

    #: The variant's spec (:meth:`Variant.spec <nardy.Variant.spec>`).
    variant: str
    #: The nardy ID of the position counted from.
    start: str
    #: Depths 1..n.
    rows: tuple[PerftRow, ...]

    def to_dict(self) -> dict[str, Any]:
        """``{"variant": SPEC, "start": ID, "depths": [row, ...]}``."""
        return {
            "variant": self.variant,
            "start": self.start,
            "depths": [row.to_dict() for row in self.rows],
        }


def count(
    root: Hashable,
    depth: int,
    children: Callable[[Any], Children],
    finished: Callable[[Any, int], bool],
    progress: Progress | None = None,
) -> list[PerftRow]:
    """Perft rows for depths 1..``depth`` from ``root``, given a move generator.

    ``root`` is the start's key; ``children(key)`` gives, for each of the 21
    rolls, the keys of the states the legal plays lead to, whether the roll
    is a double and whether its one play is a pass; ``finished(key, n)``
    says whether the state ``key`` reached after ``n`` plies is over (the
    root, ``n`` = 0, included). Keys must identify states among those of
    one depth (the side to move is the same for all of them).
    """
    rows: list[PerftRow] = []
    level: dict[Any, int] = {} if finished(root, 0) else {root: 1 | (1 << _SHIFT)}
    for n in range(1, depth + 1):
        last = n == depth
        seen: set[Any] = set()
        nxt: dict[Any, int] = {}
        paths = passes = 0
        total = len(level)
        began = time.monotonic()
        for done, (key, mult) in enumerate(level.items()):
            if progress is not None and done % 2048 == 0:
                progress(n, done, total, time.monotonic() - began)
            double_mult = mult
            single_mult = mult + (mult >> _SHIFT << _SHIFT)
            for keys, is_double, is_pass in children(key):
                m = double_mult if is_double else single_mult
                paths += m * len(keys)
                if is_pass:
                    passes += m
                if last:
                    seen.update(keys)
                else:
                    for k in keys:
                        nxt[k] = nxt.get(k, 0) + m
        states: Iterable[Any] = seen if last else nxt
        ends = {k for k in states if finished(k, n)}
        distinct = len(seen) if last else len(nxt)
        rows.append(PerftRow(n, paths & _LOW, paths >> _SHIFT, distinct, passes & _LOW, len(ends)))
        if progress is not None:
            progress(n, total, total, time.monotonic() - began)
        level = {k: m for k, m in nxt.items() if k not in ends}
        del nxt, seen, ends
    return rows


def _check_depth(depth: object) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise InvalidOptionError(f"perft depth is an integer >= 1, got {depth!r}")


def perft(
    variant: Variant | str,
    depth: int,
    start: Position | str | None = None,
    progress: Progress | None = None,
) -> PerftResult:
    """Perft of ``variant`` to ``depth`` plies from its start (or ``start``).

    ``variant`` is a :class:`~nardy.Variant` or a spec; ``start`` a
    :class:`~nardy.Position` of that variant or its ID (a nardy ID, or a
    gnubg Position ID for the backgammon family). Raises
    :class:`~nardy.errors.InvalidOptionError` for a depth below 1 and the
    errors of :func:`~nardy.find_variant` and the ID readers.
    """
    rules = find_variant(variant) if isinstance(variant, str) else variant
    _check_depth(depth)
    position = start_position(rules, start)
    if runs_turns(rules):
        # (imported here: it needs the game layer, which `import nardy` leaves out)
        from nardy.perft.turns import turn_rows

        counted = turn_rows(rules, position, depth, progress)
        by_turns = tuple(PerftRow(n, *row) for n, row in enumerate(counted, 1))
        return PerftResult(rules.spec(), position.id(), by_turns)
    counter = PlyCounter(rules, position)
    rows: list[PerftRow] = []
    level = counter.first_level()
    for n in range(1, depth + 1):
        counts = counter.expand(level, n, n == depth, progress)
        paths, passes = counts.paths, counts.passes
        rows.append(
            PerftRow(
                n, paths & _LOW, paths >> _SHIFT, counts.distinct, passes & _LOW, counts.terminal
            )
        )
        level = counts.nxt
    return PerftResult(rules.spec(), position.id(), tuple(rows))


def estimate(
    variant: Variant | str,
    depth: int,
    start: Position | str | None = None,
    *,
    budget: float | None = None,
    rng: random.Random | None = None,
) -> Estimate:
    """What :func:`perft` of the same arguments will cost here, found by a cheap first pass.

    The pass counts the levels it can afford and samples the others
    (:mod:`nardy.perft.cost` says how); it takes about ``budget`` CPU
    seconds (:data:`nardy.perft.cost.BUDGET` by default), and a few
    seconds more before a count that is long. ``rng`` makes the samples (a
    fixed seed by default). Raises what :func:`perft` raises for its
    arguments.
    """
    from nardy.perft.cost import BUDGET, estimate_from

    rules = find_variant(variant) if isinstance(variant, str) else variant
    _check_depth(depth)
    position = start_position(rules, start)
    return estimate_from(rules, position, depth, BUDGET if budget is None else budget, rng)


#: ``nardy perft`` refuses a count estimated longer than this (CPU seconds) without --no-limit.
#: Backgammon to depth 3 is well inside it (about 3 minutes in the pure-Python build);
#: the estimate of the longest counts errs low by up to 2 or 3 times (gioul from its
#: start: 12 to 24 minutes said, about 40 taken, pure Python), which this leaves room for.
LIMIT: Final = 300.0
#: A refusal of a count estimated at more than this many times the limit says the
#: figure is rough (sampled that deep, a few turns' cascades make most of it).
FAR: Final = 100.0
#: Seconds into a depth before its first progress line, and between two lines.
PROGRESS_AFTER: Final = 2.0
PROGRESS_EVERY: Final = 5.0


def progress_printer(
    err: IO[str],
    unit: str = "states expanded",
    after: float = PROGRESS_AFTER,
    every: float = PROGRESS_EVERY,
    expected: Mapping[int, float] | None = None,
) -> Progress:
    """A progress callback for :func:`perft` that writes to ``err`` only when a depth runs long.

    A line, ``depth 3: 40,960/163,706 states expanded, 1.2 minutes, about
    3.6 minutes left``, once a depth has taken ``after`` seconds, then every
    ``every`` seconds, and a last line when that depth is done; a depth
    done sooner writes nothing. The seconds are those the count reports.

    The time left is the time taken so far, spread over the units still to
    come. ``expected`` (depth to seconds, :func:`estimate`'s) knows better
    where the cost lies: one turn of a cascade can outweigh all the others
    of its depth (gioul's 1-1 from the start, the last of its 21 turns).
    While a depth's expected seconds, less those taken, are more, they are
    the time left.
    """
    from nardy.perft.cost import duration

    shown: dict[int, float] = {}
    foreseen = {} if expected is None else dict(expected)

    def show(n: int, done: int, total: int, seconds: float) -> None:
        last = shown.get(n)
        if done < total and seconds < (after if last is None else last + every):
            return
        if done >= total and last is None:
            return
        shown[n] = seconds
        line = f"depth {n}: {done:,}/{total:,} {unit}, {duration(seconds)}"
        if 0 < done < total:
            left = max(seconds * (total - done) / done, foreseen.get(n, 0.0) - seconds)
            line += f", about {duration(left)} left"
        err.write(line + "\n")
        err.flush()

    return show


def main(
    variant: str,
    depth: int,
    start: Position | str | None,
    as_json: bool,
    out: IO[str],
    err: IO[str],
    limit: float | None = LIMIT,
) -> int:
    """What ``nardy perft`` runs: print the table (or one JSON object); 2 on bad input.

    First :func:`estimate`: a count estimated longer than ``limit`` CPU
    seconds is refused (2, and a line saying why and how to count anyway);
    one longer than :data:`PROGRESS_AFTER` is announced on ``err``, where
    :func:`progress_printer` then reports its long depths.
    """
    import json

    try:
        rules = find_variant(variant)
        position = start_position(rules, start)
        cost = estimate(rules, depth, position)
        if limit is not None and cost.seconds > limit:
            err.write(f"nardy perft: {refusal(cost, limit)}\n")
            return 2
        if cost.seconds >= PROGRESS_AFTER:
            err.write(f"nardy perft: {rules.spec()} to depth {depth}: {cost.describe()}\n")
        unit = "turns played out" if runs_turns(rules) else "states expanded"
        expected = {d.depth: d.seconds for d in cost.depths}
        shown = progress_printer(err, unit, PROGRESS_AFTER, PROGRESS_EVERY, expected)
        result = perft(rules, depth, position, shown)
    except NardyError as exc:
        print(f"nardy perft: {exc}", file=err)
        return 2
    if as_json:
        out.write(json.dumps(result.to_dict()) + "\n")
        return 0
    out.write(f"{result.variant} from {result.start}\n")
    heads = ("depth", "paths21", "paths36", "distinct", "passes", "terminal")
    out.write(" ".join(f"{h:>16}" if i else f"{h:>5}" for i, h in enumerate(heads)) + "\n")
    for row in result.rows:
        cells = [row.depth, row.paths21, row.paths36, row.distinct, row.passes, row.terminal]
        out.write(" ".join(f"{c:>16,}" if i else f"{c:>5}" for i, c in enumerate(cells)) + "\n")
    return 0


def refusal(cost: Estimate, limit: float) -> str:
    """Why ``nardy perft`` does not start a count estimated at ``cost``, and how to start it anyway."""
    from nardy.perft.cost import duration

    depth = len(cost.depths)
    text = f"{cost.variant} to depth {depth} would take {cost.describe()}, "
    if cost.seconds > FAR * limit:
        # Projected this far, the figure says little more than "far too long".
        text += f"far more than the limit of {duration(limit)} (the figure is rough this far out)"
    else:
        text += f"more than the limit of {duration(limit)}"
    text += ". Give --no-limit to count anyway"
    if depth > 1:
        shallower = sum(d.seconds for d in cost.depths[:-1])
        text += f", or --depth {depth - 1} (about {duration(shallower)})"
    return text + "."
