"""Long nardy: the fast generator against the slow reference, and invariants of every play.

Seeded sweeps (the same positions on every run, whatever the Hypothesis
profile) compare the library's legal plays with
:func:`reference_long.reference_results` by resulting position, for several
option combinations, on:

* positions met in seeded self-play, with a random player and with a
  "block-loving" player that seeks long runs along the opponent's route (so
  the six-block rule is met often);
* constructed positions: runs of points around the seam (my 6..1, 24..19),
  bear-offs, scattered checkers;
* every first turn: white's 21 rolls, and black's 21 rolls after each of
  white's opening plays.

Every legal play is also checked for conservation (15 a side), no point
holding both colours, the head rule, its steps replaying to its position,
the six-block rule after every step (``six_block_check="step"``), and ID and
array-form round trips. Hypothesis adds random positions on top.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from nardy import ALL_ROLLS, LegalPlays, Position, Roll, Side, Variant
from reference_long import (
    ROUTE,
    Rules,
    head_allowance,
    prohibited_blocks,
    reference_results,
)
from strategies import Chooser, DrawChooser, RandomChooser

W, B = Side.WHITE, Side.BLACK
BAR, OFF = 25, 0

#: Option combinations swept against the reference.
LN_SPECS: tuple[str, ...] = (
    "long-nardy",
    "long-nardy(six_block_check=turn)",
    "long-nardy(six_block=home)",
    "long-nardy(six_block=off)",
    "long-nardy(head_exception=head-only)",
    "long-nardy(head_exception=any-blocked-double)",
    "long-nardy(head_exception=6-4,must_play_higher=false)",
    "long-nardy(six_block=home,six_block_check=turn)",
)

Item = tuple[Position, Roll]


def rules_of(variant: Variant) -> Rules:
    """The reference's rules for a long-nardy or Kush variant."""
    options = variant.options()
    return Rules(
        head_exception=options["head_exception"],
        six_block=options["six_block"],
        six_block_check=options["six_block_check"],
        must_play_higher=options["must_play_higher"],
        kush=variant.name == "kush",
    )


def opp(p: int) -> int:
    """The opponent's number for my point ``p`` (rules/long-nardy.md)."""
    return (p + 11) % 24 + 1


# --- positions -------------------------------------------------------------------------


def longest_run(s: tuple[int, ...]) -> int:
    """The mover's longest run of held points along the opponent's route."""
    best = run = 0
    for p in ROUTE:
        run = run + 1 if s[p] > 0 else 0
        best = max(best, run)
    return best


Player = Callable[[list[tuple[int, ...]], random.Random], int]


def random_player(results: list[tuple[int, ...]], rng: random.Random) -> int:
    return rng.randrange(len(results))


def block_player(results: list[tuple[int, ...]], rng: random.Random) -> int:
    """Prefer plays that leave long runs and many held points (mover's frame)."""

    def score(i: int) -> float:
        s = results[i]
        held = sum(1 for p in range(1, 25) if s[p] > 0)
        return 3 * longest_run(s) + held + 2 * rng.random()

    return max(range(len(results)), key=score)


def random_roll(rng: random.Random) -> Roll:
    """A roll with doubles about 40% of the time (they are where the rules bite)."""
    if rng.random() < 0.4:
        d = rng.randint(1, 6)
        return Roll(d, d)
    return Roll(rng.randint(1, 6), rng.randint(1, 6))


def self_play(variant: Variant, seed: int, games: int, player: Player) -> list[Item]:
    """Every position of ``games`` seeded games, each with a fresh roll.

    The player sees the resulting positions (mover's frame) sorted, so the
    games depend on the set of legal plays only, not on their order.
    """
    rng = random.Random(seed)
    out: list[Item] = []
    for _ in range(games):
        position = variant.starting_position(rng.choice((W, B)))
        for _ in range(1000):
            if position.is_over():
                break
            roll = random_roll(rng)
            out.append((position, roll))
            after = sorted(
                position.legal_plays(roll).resulting_positions(), key=lambda r: r.pass_turn().raw
            )
            position = after[player([r.pass_turn().raw for r in after], rng)]
    return out


def _spread(ch: Chooser, board: list[int], sign: int, count: int, points: list[int]) -> None:
    """Drop ``count`` checkers (``sign`` +1 mover, -1 opponent) on free points of ``points``."""
    free = [p for p in points if board[p] * sign >= 0]
    if not free:
        free = [p for p in range(1, 25) if board[p] * sign >= 0]
    for _ in range(count):
        board[free[ch.integer(0, len(free) - 1)]] += sign


def build(ch: Chooser, variant: Variant, kind: str) -> Position:
    """A constructed position of ``kind`` (``seam``, ``bearoff`` or ``scatter``)."""
    board = [0] * 25
    mine_off = their_off = 0
    mine_bar = their_bar = 0
    if kind == "seam":
        # A run of 4-6 points somewhere in my 8..1, 24..17 (route order), one
        # gap maybe, then the rest: head, and behind/after the run.
        window = [8, 7, 6, 5, 4, 3, 2, 1, 24, 23, 22, 21, 20, 19, 18, 17]
        length = ch.integer(4, 6)
        first = ch.integer(0, len(window) - length)
        run = window[first : first + length]
        if ch.integer(0, 2) == 0:
            run.pop(ch.integer(0, len(run) - 1))
        for p in run:
            board[p] += 1 + ch.integer(0, 1)
        left = 15 - sum(board)
        head = min(left, ch.integer(0, left))
        board[24] += head
        _spread(ch, board, 1, left - head, [p for p in range(1, 25) if p not in run])
        # The opponent: mostly behind the run (his route before it), maybe
        # one checker past it, maybe some borne off.
        start = ROUTE.index(run[0])
        behind = [p for p in ROUTE[:start] if board[p] <= 0] or [12]
        ahead = [p for p in ROUTE[ROUTE.index(run[-1]) + 1 :] if board[p] <= 0]
        theirs = 15
        if ahead and ch.integer(0, 3) == 0:
            board[ahead[ch.integer(0, len(ahead) - 1)]] -= 1
            theirs -= 1
        _spread(ch, board, -1, theirs, behind)
    elif kind == "bearoff":
        mine_off = ch.integer(0, 12)
        _spread(ch, board, 1, 15 - mine_off, [1, 2, 3, 4, 5, 6])
        their_off = ch.integer(0, 3) if ch.integer(0, 1) else 0
        _spread(ch, board, -1, 15 - their_off, list(range(1, 25)))
    else:
        mine_off = ch.integer(0, 3)
        _spread(ch, board, 1, 15 - mine_off, list(range(1, 25)))
        _spread(ch, board, -1, 15, list(range(1, 25)))
    if variant.has_bar and kind != "bearoff" and ch.integer(0, 2) == 0:
        # Kush: move a few checkers of either side from the board to the bar.
        for sign in (1, -1):
            for _ in range(ch.integer(0, 2)):
                held = [p for p in range(1, 25) if board[p] * sign > 0]
                if held:
                    board[held[ch.integer(0, len(held) - 1)]] -= sign
                    if sign > 0:
                        mine_bar += 1
                    else:
                        their_bar += 1
    turn = (W, B)[ch.integer(0, 1)]
    return variant.position(board[1:], (mine_bar, their_bar), (mine_off, their_off), turn=turn)


def constructed(variant: Variant, seed: int, counts: dict[str, int]) -> list[Item]:
    rng = random.Random(seed)
    ch = RandomChooser(rng)
    out: list[Item] = []
    for kind, n in counts.items():
        for _ in range(n):
            out.append((build(ch, variant, kind), random_roll(rng)))
    return out


def first_turns(variant: Variant) -> list[Item]:
    """White's 21 first rolls, and black's 21 after each of white's opening plays."""
    start = variant.starting_position(W)
    out: list[Item] = [(start, roll) for roll in ALL_ROLLS]
    for opening in ALL_ROLLS:
        for after in start.legal_plays(opening).resulting_positions():
            out.extend((after, roll) for roll in ALL_ROLLS)
    return out


@functools.cache
def sweep_items(spec: str, scale: int = 1) -> tuple[Item, ...]:
    """The seeded sweep of ``spec``: self-play, constructed and first-turn positions."""
    variant = nardy.find_variant(spec)
    seed = sum(map(ord, spec))
    items = self_play(variant, seed, 3 * scale, random_player)
    items += self_play(variant, seed + 1, 3 * scale, block_player)
    items += constructed(
        variant, seed + 2, {"seam": 100 * scale, "bearoff": 60 * scale, "scatter": 30 * scale}
    )
    items += first_turns(variant)
    return tuple(items)


# --- the checks --------------------------------------------------------------------------


def check_agreement(position: Position, roll: Roll) -> LegalPlays:
    """The library's legal plays give exactly the reference's resulting positions."""
    variant = position.variant
    legal = position.legal_plays(roll)
    ours = [r.pass_turn().raw for r in legal.resulting_positions()]
    theirs = reference_results(position.raw, (roll.high, roll.low), rules_of(variant))
    assert len(set(ours)) == len(ours), f"duplicate results in {position.id()} {roll}"
    assert set(ours) == set(theirs), (
        f"{position.id()} roll {roll}: library only {legal.notations()} "
        f"vs reference {sorted(theirs.values())}"
    )
    return legal


def hand_head_allowance(variant: Variant, s: tuple[int, ...], roll: Roll) -> int:
    """Rules 3-4 for the default ``head_exception="6-4-3"``; the reference for the others."""
    if variant.options()["head_exception"] == "6-4-3":
        first_turn = s[24] == 15
        return 2 if first_turn and roll.is_double and roll.high in (6, 4, 3) else 1
    return head_allowance(s, (roll.high, roll.low), rules_of(variant))


def check_invariants(position: Position, roll: Roll, legal: LegalPlays) -> None:
    """Conservation, shared points, head rule, replay, six-block per step, round trips."""
    variant = position.variant
    rules = rules_of(variant)
    start = position.raw
    allowance = hand_head_allowance(variant, start, roll)
    clean_start = not prohibited_blocks(start, rules)
    for play, result in legal.items():
        end = result.pass_turn().raw
        for side in (W, B):
            assert sum(result.checkers(side)) + result.bar(side) + result.off(side) == 15
        white, black = result.checkers(W), result.checkers(B)
        for p in range(1, 25):
            assert not (white[p - 1] and black[opp(p) - 1]), (result.id(), p)
        # The head: no checker ever arrives there except from the bar (Kush).
        left_head = sum(1 for step in play.steps if step.src == 24)
        assert left_head <= allowance, (position.id(), roll, play)
        if not any(step.src == BAR for step in play.steps):
            assert start[24] - end[24] == left_head
        # The steps replay to the position; with "step" no landing point
        # belongs to a prohibited block (and from a clean start no
        # prohibited block appears at all).
        t = list(start)
        for step in play.steps:
            assert step.die in roll.moves
            t[step.src] -= 1
            if step.dst == OFF:
                t[0] += 1
                continue
            if step.hit:
                assert t[step.dst] == -1
                t[step.dst] = 0
                t[26] += 1
            assert t[step.dst] >= 0
            t[step.dst] += 1
            if rules.six_block_check == "step" and step.src != BAR:
                bad = prohibited_blocks(t, rules)
                assert not any(step.dst in b for b in bad), (position.id(), roll, play)
                if clean_start and not variant.has_bar:
                    assert not bad, (position.id(), roll, play)
        assert tuple(t) == end
    # Round trips of the position and of one result (they are all built alike).
    for q in (position, legal.resulting_positions()[-1]):
        assert Position.from_id(q.id()) == q
        array = q.to_array()
        assert variant.position(array["board"], array["bar"], array["off"], q.turn) == q


def run_sweep(items: tuple[Item, ...]) -> None:
    for position, roll in items:
        legal = check_agreement(position, roll)
        check_invariants(position, roll, legal)


# --- the sweeps --------------------------------------------------------------------------


@pytest.mark.sweep
@pytest.mark.parametrize("spec", LN_SPECS)
def test_sweep_agrees_with_the_reference(spec: str) -> None:
    items = sweep_items(spec)
    assert len(items) >= 1000
    run_sweep(items)


def _differ(items: tuple[Item, ...], spec: str) -> int:
    other = nardy.find_variant(spec)
    n = 0
    for position, roll in items:
        a = {r.pass_turn().raw for r in position.legal_plays(roll).resulting_positions()}
        q = other.position(position.board, turn=position.turn)
        b = {r.pass_turn().raw for r in q.legal_plays(roll).resulting_positions()}
        n += a != b
    return n


@pytest.mark.sweep
def test_sweep_meets_the_six_block_rule() -> None:
    # The default sweep must exercise the rule: in some of its positions
    # switching the rule off (or judging per turn) changes the legal plays.
    items = sweep_items("long-nardy")
    assert _differ(items, "long-nardy(six_block=off)") >= 20
    assert _differ(items, "long-nardy(six_block_check=turn)") >= 5
    assert _differ(items, "long-nardy(six_block=home)") >= 3


@pytest.mark.sweep
def test_sweep_meets_the_head_exceptions() -> None:
    items = sweep_items("long-nardy")
    assert _differ(items, "long-nardy(head_exception=6-4)") >= 5
    assert _differ(items, "long-nardy(head_exception=any-blocked-double)") >= 3
    assert _differ(items, "long-nardy(head_exception=head-only)") >= 1


# --- Hypothesis ----------------------------------------------------------------------------


@st.composite
def cases(draw: st.DrawFn) -> tuple[Position, Roll]:
    spec = draw(st.sampled_from(LN_SPECS), label="spec")
    variant = nardy.find_variant(spec)
    kind = draw(st.sampled_from(("scatter", "seam", "bearoff")), label="kind")
    position = build(DrawChooser(draw), variant, kind)
    a = draw(st.integers(1, 6), label="die 1")
    b = draw(st.integers(1, 6), label="die 2")
    return position, Roll(a, b)


@settings(deadline=None)  # the reference takes up to a second on a double
@given(case=cases())
def test_random_positions_agree_with_the_reference(case: tuple[Position, Roll]) -> None:
    position, roll = case
    legal = check_agreement(position, roll)
    check_invariants(position, roll, legal)


@settings(deadline=None)
@given(case=cases())
def test_every_play_can_be_applied_and_parsed(case: tuple[Position, Roll]) -> None:
    position, roll = case
    legal = position.legal_plays(roll)
    for play, result in legal.items():
        assert position.apply(play) == result
        assert position.play(play.notation(), roll) == result
