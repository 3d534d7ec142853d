"""Seeded position sets for the benchmarks (and the pinned ``nardy legal`` output).

Every set is built by seeded self-play and construction, so the same seed
gives the same positions whatever order a generator lists its plays in, and
the sets stay comparable between versions of nardy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import nardy
from nardy import LegalPlays, Position, Roll, Variant

Item = tuple[Position, Roll]


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
    three = variant.dice == 3
    while True:
        position = variant.starting_position()
        for _ in range(1000):  # a game never gets near this; it only bounds the loop
            faces = [rng.randint(1, 6), rng.randint(1, 6)]
            if three:  # (a third die after the two: two-dice sets stay as they were)
                faces.append(rng.randint(1, 6))
            plays = position.legal_plays(Roll(*faces))
            position = plays.resulting_position(pick(plays, hitting, rng))
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
    """Give each (distinct) position a seeded roll; a ``doubles`` fraction get a double.

    A variant of three dice (tabula's) gets three dice, each of any face
    (``doubles`` unused: a pair or a triple is three moves, no bonus).
    """
    n = len(positions)
    if n and positions[0].variant.dice == 3:
        return [
            (p, Roll(rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))) for p in positions
        ]
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


def phase(position: Position) -> str:
    """``"bear-off"`` (the mover all home), ``"race"`` (no contact left) or ``"contact"``."""
    s = position.raw
    if s[25] or s[26]:
        return "contact"
    if all(x <= 0 for x in s[7:25]):
        return "bear-off"
    mine = [p for p in range(1, 25) if s[p] > 0]
    theirs = [p for p in range(1, 25) if s[p] < 0]
    if not theirs or not mine or max(mine) < min(theirs):
        return "race"
    return "contact"


def stratified_set(variant: Variant, count: int, doubles: float, seed: int) -> list[Item]:
    """Self-play positions, a third each of contact, race and bear-off, with seeded rolls.

    The backgammon benchmark set: a generator is timed on every phase of
    the game in equal parts, not only on the phase self-play visits most.
    """
    rng = random.Random(seed)
    wanted = {"contact": count - 2 * (count // 3), "race": count // 3, "bear-off": count // 3}
    chosen: dict[str, list[Position]] = {name: [] for name in wanted}
    seen: set[Position] = set()
    for position in self_play(variant, rng):
        bucket = phase(position)
        if len(chosen[bucket]) < wanted[bucket] and position not in seen:
            seen.add(position)
            chosen[bucket].append(position)
            if all(len(chosen[name]) == wanted[name] for name in wanted):
                break
    positions = [p for name in ("contact", "race", "bear-off") for p in chosen[name]]
    return with_rolls(positions, doubles, rng)
