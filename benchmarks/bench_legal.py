"""Speed of full legal-play enumeration: nardy against gnubg-nn.

For a seeded set of varied positions (self-play positions plus constructed
bear-off and bar positions, with at least 40% doubles by default) each side
produces the complete set of distinct resulting positions as nardy
:class:`~nardy.Position` objects:

* nardy: ``variant.legal_plays(position, roll).resulting_positions()``;
* gnubg-nn: ``gnubg_nn.moves(board, d1, d2)``, then every returned key is
  decoded with ``gnubg_nn.boardfromkey`` and built into a nardy Position
  (the same objects nardy hands back). The gnubg input boards are prepared
  before the clock starts, so gnubg is not charged for them.

nardy's small legal-play cache is cleared before every nardy run, and the
set holds no repeated (position, roll) pair, so nothing is reused. The two
sides run alternately ``--repeat`` times each with the garbage collector
off (as :mod:`timeit` does); the best and the median rate are reported in
positions per second (one "position" is one position-and-roll enumeration).
Before timing, the two sides' result sets are compared item by item (a
forced pass is nothing in gnubg and one unchanged position in nardy).

When a ``long-nardy`` variant is registered, its rate on a seeded set of
self-play positions is reported too (there is no reference engine for it).

Run ``python benchmarks/bench_legal.py --help``, or ``nox -s bench``.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType

import nardy
from nardy import LegalPlays, Position, Roll, Variant

Item = tuple[Position, Roll]
GnubgBoard = list[list[int]]

#: Variant specs whose rules are exactly gnubg's (standard rules, default options).
GNUBG_RULES = frozenset({"backgammon", "nackgammon", "hypergammon"})


# --- the position set -------------------------------------------------------------


def pick(plays: LegalPlays, hitting: bool, rng: random.Random) -> int:
    """A seeded choice of play that does not depend on the generator's order.

    Three times in four the play that scores best on a crude count (checkers
    borne off, opposing checkers sent to the bar, points made and, where
    checkers can be hit, blots left) plus a little noise; otherwise a random
    legal play. The plays are taken in the order of their resulting
    positions, so a seed gives the same games whatever order the generator
    lists them in, and the position sets stay comparable between versions.
    """
    states = plays.result_states()
    order = sorted(range(len(states)), key=states.__getitem__)
    if rng.random() >= 0.75:
        return order[rng.randrange(len(order))]

    def score(i: int) -> float:
        s = states[i]
        made = sum(1 for x in s[1:25] if x >= 2)
        blots = sum(1 for x in s[1:25] if x == 1) if hitting else 0
        return 4 * s[0] + 3 * s[26] + 0.6 * made - 0.8 * blots + 0.5 * rng.random()

    return max(order, key=score)


def self_play(variant: Variant, rng: random.Random) -> Iterator[Position]:
    """Positions met in endless seeded self-play games (without the starting position)."""
    hitting = variant.contact is nardy.Contact.HIT
    while True:
        position = variant.starting_position()
        for _ in range(1000):  # a game never gets near this; it only bounds the loop
            plays = position.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
            position = plays.result(pick(plays, hitting, rng))
            if position.is_over():
                break
            yield position


def _spread(rng: random.Random, checkers: int, points: Sequence[int]) -> dict[int, int]:
    """Drop ``checkers`` checkers at random on ``points``."""
    counts: dict[int, int] = {}
    for _ in range(checkers):
        p = rng.choice(points)
        counts[p] = counts.get(p, 0) + 1
    return counts


def bear_off_positions(variant: Variant, rng: random.Random) -> Iterator[Position]:
    """Constructed bear-off positions: the mover all home, some already off.

    The opponent has some checkers off too and the rest in his home board or,
    in about a third of the positions, a few still back in the mover's home
    board (so that hits during the bear-off are possible).
    """
    n = variant.checkers
    while True:
        mine = _spread(rng, n - rng.randint(0, n - 1), range(1, 7))
        theirs_left = n - rng.randint(0, n - 1)
        back = rng.randint(1, min(2, theirs_left)) if rng.random() < 1 / 3 else 0
        board = [0] * 24
        for p, k in mine.items():
            board[p - 1] = k
        for p, k in _spread(rng, theirs_left - back, range(19, 25)).items():
            board[p - 1] = -k
        free = [p for p in range(1, 7) if board[p - 1] == 0]
        if back > len(free):
            continue
        for p in rng.sample(free, back):
            board[p - 1] = -1
        yield variant.position(board)


def bar_positions(source: Sequence[Position], rng: random.Random) -> Iterator[Position]:
    """Self-play positions with one to three of the mover's checkers moved to the bar."""
    while True:
        position = rng.choice(source)
        board = list(position.board)
        outside = [p for p in range(7, 25) if board[p - 1] > 0]
        if not outside:
            continue
        bar = position.bar(position.turn)
        for p in rng.sample(outside, min(len(outside), rng.randint(1, 3))):
            board[p - 1] -= 1
            bar += 1
        raw = position.raw
        yield position.variant.position(board, (bar, raw[26]), (raw[0], raw[27]), position.turn)


def take(positions: Iterator[Position], count: int, seen: set[Position]) -> list[Position]:
    """The next ``count`` positions not in ``seen`` (which is updated)."""
    out: list[Position] = []
    while len(out) < count:
        position = next(positions)
        if position not in seen:
            seen.add(position)
            out.append(position)
    return out


def with_rolls(positions: Sequence[Position], doubles: float, rng: random.Random) -> list[Item]:
    """Give each (distinct) position a seeded roll; a ``doubles`` fraction get a double."""
    n = len(positions)
    double_at = set(rng.sample(range(n), math.ceil(doubles * n)))
    items: list[Item] = []
    for i, position in enumerate(positions):
        if i in double_at:
            d = rng.randint(1, 6)
            items.append((position, Roll(d, d)))
        else:
            a, b = rng.sample(range(1, 7), 2)
            items.append((position, Roll(a, b)))
    return items


def backgammon_family_set(variant: Variant, count: int, doubles: float, seed: int) -> list[Item]:
    """Self-play positions (70%), plus constructed bear-off (15%) and bar (15%) positions."""
    rng = random.Random(seed)
    constructed = count * 15 // 100
    seen: set[Position] = set()
    # Weak self-play puts the mover on the bar in about a third of its
    # positions; keep half of those, so entering does not dominate the set.
    games = (p for p in self_play(variant, rng) if not p.bar(p.turn) or rng.random() < 0.5)
    played = take(games, count - 2 * constructed, seen)
    positions = [
        *played,
        *take(bear_off_positions(variant, rng), constructed, seen),
        *take(bar_positions(played, rng), constructed, seen),
    ]
    return with_rolls(positions, doubles, rng)


def self_play_set(variant: Variant, count: int, doubles: float, seed: int) -> list[Item]:
    """Self-play positions only (for variants without constructed positions)."""
    rng = random.Random(seed)
    return with_rolls(take(self_play(variant, rng), count, set()), doubles, rng)


# --- the two enumerators ------------------------------------------------------------


def run_nardy(variant: Variant, items: Sequence[Item]) -> int:
    """Enumerate every item with nardy; returns the number of resulting positions."""
    nardy.cache.clear()
    legal_plays = variant.legal_plays
    total = 0
    for position, roll in items:
        total += len(legal_plays(position, roll).resulting_positions())
    return total


def to_gnubg(position: Position) -> GnubgBoard:
    """The gnubg board of a backgammon-family position: ``[opponent, mover]``.

    Each side is 25 counts in its own numbering, 0-based, index 24 the bar.
    """
    s = position.raw
    mover = [max(x, 0) for x in s[1:25]] + [s[25]]
    opponent = [0] * 25
    for p in range(1, 25):
        if s[p] < 0:
            opponent[24 - p] = -s[p]
    opponent[24] = s[26]
    return [opponent, mover]


def gnubg_results(
    gnubg: ModuleType, variant: Variant, position: Position, board: GnubgBoard, roll: Roll
) -> list[Position]:
    """gnubg-nn's resulting positions for one item, as nardy Positions (turn passed).

    ``boardfromkey`` gives ``(opponent, mover)`` after the move, each side
    in its own 0-based numbering with the bar at index 24; the mover's
    point ``p`` is the opponent's ``25 - p``, index ``24 - p``.
    """
    from_key = gnubg.boardfromkey
    make = Position.from_raw
    flip = variant.next_state
    n = variant.checkers
    turn = position.turn.opponent
    out = []
    for key in gnubg.moves(board, roll.high, roll.low):
        opp, mover = from_key(key)
        raw = (
            n - sum(mover),
            *[m - o for m, o in zip(mover[:24], opp[23::-1])],
            mover[24],
            opp[24],
            n - sum(opp),
        )
        out.append(make(variant, turn, flip(raw), check=False))
    return out


def run_gnubg(
    gnubg: ModuleType, variant: Variant, items: Sequence[Item], boards: Sequence[GnubgBoard]
) -> int:
    """Enumerate every item with gnubg-nn, building nardy Positions from its keys."""
    total = 0
    for (position, roll), board in zip(items, boards):
        total += len(gnubg_results(gnubg, variant, position, board, roll))
    return total


def verify(gnubg: ModuleType, variant: Variant, items: Sequence[Item]) -> int:
    """Compare the two sides' result sets item by item; returns the number of mismatches."""
    bad = 0
    for position, roll in items:
        ours = set(variant.legal_plays(position, roll).resulting_positions())
        theirs = set(gnubg_results(gnubg, variant, position, to_gnubg(position), roll))
        if not theirs:  # gnubg returns nothing for a forced pass
            theirs = {position.pass_turn()}
        if ours != theirs:
            bad += 1
            if bad <= 5:
                print(
                    f"  MISMATCH {position.id()} roll {roll}: nardy {len(ours)}, gnubg {len(theirs)}"
                )
    return bad


# --- timing and the report -------------------------------------------------------------


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """One run with the garbage collector off: (seconds, results produced)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        produced = run()
        return time.perf_counter() - start, produced
    finally:
        gc.enable()


def rates(n_items: int, seconds: Sequence[float]) -> tuple[float, float]:
    """Best and median positions per second."""
    return n_items / min(seconds), n_items / statistics.median(seconds)


def describe(items: Sequence[Item]) -> str:
    """A one-line summary of an item set: size, doubles, bar and bear-off share."""
    n = len(items)
    doubles = sum(1 for _, roll in items if roll.is_double)
    on_bar = sum(1 for p, _ in items if p.bar(p.turn))
    bearing = sum(1 for p, _ in items if not p.bar(p.turn) and all(x <= 0 for x in p.board[6:]))
    return (
        f"{n} positions; doubles {doubles / n:.1%}; mover on the bar {on_bar / n:.1%}; "
        f"mover bearing off {bearing / n:.1%}"
    )


def report(label: str, n_items: int, produced: int, seconds: Sequence[float]) -> float:
    """Print one side's figures; returns its best rate."""
    best, median = rates(n_items, seconds)
    print(
        f"  {label:9s} best {best:9,.0f} pos/s   median {median:9,.0f} pos/s   "
        f"({produced:,} resulting positions per run; runs: "
        f"{', '.join(f'{s:.3f}s' for s in seconds)})"
    )
    return best


def bench_variant(
    variant: Variant, items: Sequence[Item], repeat: int, gnubg: ModuleType | None
) -> bool:
    """Time nardy (and gnubg-nn when given) on ``items``; False on a mismatch."""
    print(f"{variant.spec()}: {describe(items)}")
    if gnubg is not None:
        bad = verify(gnubg, variant, items)
        status = "agree" if not bad else f"DISAGREE on {bad} positions"
        print(f"  result sets: nardy and gnubg-nn {status} ({len(items)} positions checked)")
        if bad:
            return False
        boards = [to_gnubg(p) for p, _ in items]
    ours: list[float] = []
    theirs: list[float] = []
    n_ours = n_theirs = 0
    for _ in range(repeat):
        dt, n_ours = timed(lambda: run_nardy(variant, items))
        ours.append(dt)
        if gnubg is not None:
            dt, n_theirs = timed(lambda: run_gnubg(gnubg, variant, items, boards))
            theirs.append(dt)
    best_ours = report("nardy", len(items), n_ours, ours)
    if gnubg is not None:
        best_theirs = report("gnubg-nn", len(items), n_theirs, theirs)
        passes = sum(1 for p, r in items if variant.legal_plays(p, r).is_pass)
        if n_ours != n_theirs + passes:
            print(
                f"  distinct results DIFFER in number: {n_ours:,} against {n_theirs:,} + {passes}"
            )
            return False
        median_ratio = statistics.median(theirs) / statistics.median(ours)
        print(
            f"  ratio nardy/gnubg-nn: best {best_ours / best_theirs:.3f}, "
            f"median {median_ratio:.3f}; distinct results: {n_ours:,} each "
            f"(gnubg-nn's {n_theirs:,} plus {passes} forced passes)"
        )
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, build the seeded sets, time, print; 1 on a mismatch."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="backgammon", help="variant spec (default backgammon)")
    parser.add_argument("--positions", type=int, default=2000, help="set size (default 2000)")
    parser.add_argument(
        "--doubles", type=float, default=0.4, help="fraction of doubles (default 0.4)"
    )
    parser.add_argument("--repeat", type=int, default=7, help="runs per side (default 7)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the sets (default 2024)")
    parser.add_argument("--no-gnubg", action="store_true", help="skip the gnubg-nn comparison")
    parser.add_argument("--no-long-nardy", action="store_true", help="skip the long-nardy figure")
    args = parser.parse_args(argv)

    variant = nardy.find_variant(args.variant)
    gnubg: ModuleType | None = None
    if not args.no_gnubg and variant.spec() in GNUBG_RULES:
        import gnubg_nn

        gnubg = gnubg_nn
    print(f"nardy {nardy.__version__}, Python {sys.version.split()[0]}; seed {args.seed}")
    print(f"each side runs {args.repeat} times, alternately; the garbage collector is off")
    if variant.has_bar and variant.geometry is nardy.Geometry.MIRROR:
        items = backgammon_family_set(variant, args.positions, args.doubles, args.seed)
    else:
        items = self_play_set(variant, args.positions, args.doubles, args.seed)
    ok = bench_variant(variant, items, args.repeat, gnubg)

    if not args.no_long_nardy and variant.name != "long-nardy":
        try:
            long_nardy = nardy.find_variant("long-nardy")
        except nardy.UnknownVariantError:
            print("long-nardy: not registered in this nardy; skipped")
        else:
            items = self_play_set(long_nardy, args.positions, args.doubles, args.seed)
            ok = bench_variant(long_nardy, items, args.repeat, None) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
