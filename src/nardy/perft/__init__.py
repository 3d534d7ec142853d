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
nardy's generator in the compiled loop of ``nardy.perft.fast`` (the
tests check that both give the same rows).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import IO, Any

import attrs

from nardy.engine.state import ZERO
from nardy.errors import InvalidOptionError, NardyError
from nardy.model.position import Position
from nardy.model.result import with_article
from nardy.perft import fast
from nardy.variants.base import Variant, find_variant
from nardy.variants.turn_hooks import TURN_HOOKS as TURN_HOOKS
from nardy.variants.turn_hooks import runs_turns as runs_turns

__all__ = ["TURN_HOOKS", "PerftResult", "PerftRow", "count", "main", "perft", "runs_turns"]

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
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise InvalidOptionError(f"perft depth is an integer >= 1, got {depth!r}")
    position = _start_position(rules, start)
    if runs_turns(rules):
        # (imported here: it needs the game layer, which `import nardy` leaves out)
        from nardy.perft.turns import turn_rows

        counted = turn_rows(rules, position, depth)
        by_turns = tuple(PerftRow(n, *row) for n, row in enumerate(counted, 1))
        return PerftResult(rules.spec(), position.id(), by_turns)
    size = len(position.packed)
    flip = rules.packed_flipper()
    rolls = [(roll, round(roll.probability * 6 ** len(roll.faces))) for roll in rules.rolls()]
    own_is_over = type(rules).is_over is not Variant.is_over
    all_off = rules.checkers + ZERO  # the borne-off byte of a side that is off
    first = position.turn

    # Keys are the packed states as ints in the frame of the side that has
    # just played (what the generator returns); the root is the start turned
    # back into that frame (turning round twice is the identity).
    def finished(key: int, n: int) -> bool:
        if not own_is_over:
            return fast.finished_by_bytes(key, all_off)
        turn = first if n % 2 == 0 else first.opponent
        return rules.is_over(Position.from_packed(rules, turn, flip(key.to_bytes(size, "little"))))

    root = int.from_bytes(flip(position.packed), "little")
    grouped = _groups_exactly(rules) and not own_is_over
    rows: list[PerftRow] = []
    level: fast.Level = {} if finished(root, 0) else {root: 1 | (1 << _SHIFT)}
    for n in range(1, depth + 1):
        last = n == depth
        if grouped:
            counts = fast.expand_grouped(
                level, n, last, flip, rules.play_keys, rolls, all_off, progress
            )
        else:
            counts = fast.expand(
                level,
                n,
                last,
                size,
                flip,
                rules.play_keys,
                rolls,
                finished if own_is_over else None,
                all_off,
                progress,
            )
        paths, passes = counts.paths, counts.passes
        rows.append(
            PerftRow(
                n, paths & _LOW, paths >> _SHIFT, counts.distinct, passes & _LOW, counts.terminal
            )
        )
        level = counts.nxt
    return PerftResult(rules.spec(), position.id(), tuple(rows))


def _groups_exactly(rules: Variant) -> bool:
    """Whether ``nardy.perft.fast.expand_grouped`` is exact for this variant.

    It needs plays that change the opponent's checkers only by hitting them
    onto his bar. nardy's engine does that for every variant without extra
    state (pins are extra state); a variant defined outside nardy could add
    any play through its hooks, so it gets the plain loop.
    """
    return not type(rules).extra_fields() and type(rules).__module__.startswith("nardy.")


def _start_position(rules: Variant, start: Position | str | None) -> Position:
    if start is None:
        return rules.starting_position()
    if isinstance(start, Position):
        position = start
    elif rules.gnubg_id_supported and len(start.strip()) == 14 and ":" not in start:
        position = Position.from_gnubg_id(rules, start)
    else:
        position = Position.from_id(start)
    if position.variant == rules:
        return position
    if not _same_game(position.variant, rules):
        raise InvalidOptionError(
            f"the start {position.id()} is {with_article(position.variant.spec())} position, "
            f"not {rules.spec()}"
        )
    try:
        return Position.from_raw(rules, position.turn, position.raw)
    except NardyError as exc:
        raise type(exc)(
            f"the start {position.id()} is no position of {rules.spec()}: {exc}"
        ) from exc


def _same_game(theirs: Variant, rules: Variant) -> bool:
    """Whether a position of ``theirs`` may be counted under ``rules``: the same game, no option against.

    The same variant class, and every option that ``theirs`` sets away from
    its default (those its spec names) has the same value in ``rules``; the
    options it leaves at their defaults take ``rules``' values. A position
    that names the base game (``acey-deucey:w:...``) is so counted under
    ``acey-deucey(natural_doubles=reroll)``; one that names another value
    of an option ``rules`` sets is not.
    """
    if type(theirs) is not type(rules):
        return False
    defaults = find_variant(theirs.name).options()
    wanted = rules.options()
    return all(wanted[k] == v for k, v in theirs.options().items() if v != defaults[k])


def _stderr_progress(err: IO[str]) -> Progress:
    def show(n: int, done: int, total: int, seconds: float) -> None:
        if seconds < 2 and done < total:
            return
        rate = done / seconds if seconds > 0 else 0.0
        end = "\n" if done == total else ""
        err.write(f"\rdepth {n}: {done:,}/{total:,} states expanded, {rate:,.0f}/s{end}")
        err.flush()

    return show


def main(
    variant: str,
    depth: int,
    start: Position | str | None,
    as_json: bool,
    out: IO[str],
    err: IO[str],
) -> int:
    """What ``nardy perft`` runs: print the table (or one JSON object); 2 on bad input."""
    import json

    try:
        result = perft(variant, depth, start, _stderr_progress(err))
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
