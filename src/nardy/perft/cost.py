"""What a perft will cost, found before it runs: the small levels counted, the large ones sampled.

A perft goes level by level: the distinct states of one depth are expanded
into those of the next. :func:`estimate_from` makes a cheap first pass of
the same count, with the same code:

* it counts a level exactly while that fits in its budget (a fraction of a
  second, predicted from the seconds a state took the level before);
* past that, it expands groups of the level's states picked at random. A
  group is the states whose opponent has the same checkers: their children
  (but those that hit) can equal only each other's, so merging a group's
  children shows how many are new states (a sample of single states cannot:
  their children meet those of states that were not sampled). A group too
  large for the budget is grown in part, and the meetings of the part read
  through a model where every new state is reached the same number of times
  (``_meetings``), when the part is large enough to say anything;
* deeper, it expands a random sample of the projected states, and carries on
  the share of children that are new states: each level's share is the last
  one times the square root of its fall (a side's share falls when it has
  moved once more, and each side moves every other ply).

The depth then costs the level's size times the seconds a sampled state
took, and the next level holds about the children times that share.

A turn of several segments (a cascade of doubles, a named double and its
roll again) is counted the same way inside, segment by segment: gioul's 1-1
from the start, a cascade through every double up to 6-6 with millions of
outcomes, is sampled after its first segments instead of enumerated. Inside
a turn every state has the same opponent (one group): a segment of at most
a few hundred states is sampled a fifth at least, whose children's meetings
give its share of new states; a larger one's share is carried on as between
plies.

The seconds are CPU seconds measured by the pass on this machine, in this
build, times the states projected; they include what the count does with
each state and outcome (merging, checking for a pass), but not the count's
bookkeeping at scale (sets of millions of states), so a long count can take
somewhat longer than said. Against the published counts
(``data/perft/perft-v1.json``) and measured counts the projections are
within a factor of about 3 (the tests check it on a few). A first pass that
finds a count more than a hundred times longer than itself is followed by a
longer one (up to :data:`REFINED` seconds), which counts and samples more.
The pass's own levels are counted again by the count itself: that costs at
most its budget.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

import attrs

from nardy.game import turns
from nardy.game.turns import Turn
from nardy.model.basics import Roll
from nardy.model.position import Position
from nardy.perft import fast
from nardy.perft.plies import PlyCounter
from nardy.perft.turns import leaves_checkers, next_states
from nardy.variants.base import Variant
from nardy.variants.turn_hooks import runs_turns

__all__ = [
    "BUDGET",
    "FEWEST",
    "FEWEST_WITH_TURNS",
    "MARGIN",
    "MOST",
    "REFINED",
    "SMALL",
    "SPENT",
    "SPREAD",
    "SURVEYED",
    "DepthCost",
    "Estimate",
    "duration",
    "estimate_from",
]

#: CPU seconds the first pass aims at (it can take a little more: see :data:`FEWEST`).
BUDGET: Final = 0.3
#: When the first pass finds a count this many times longer than itself, a
#: second pass samples more, for up to a hundredth of the count and at most
#: :data:`REFINED` seconds.
SPENT: Final = 100.0
#: The longest second pass, CPU seconds.
REFINED: Final = 3.0
#: A level of at most this many states is counted whatever the budget says,
#: so that the share of new states is measured on the first levels.
SMALL: Final = 64
#: The fewest states sampled from a level the pass does not count, even past the budget.
FEWEST: Final = 8
#: The same for a game of whole turns (a state sampled is all its turns).
FEWEST_WITH_TURNS: Final = 2
#: The most states sampled from a level.
MOST: Final = 256
#: The least share of a group's (or a segment's) states grown for the meetings
#: of their children to be read: in a smaller part, the few states that many
#: reach make most of the meetings.
SURVEYED: Final = 0.2
#: A state sampled from a level may spend one part in this many of the budget
#: left on its turns: the rest goes to more states (the states of a game of
#: whole turns differ much in cost, a cascade of doubles being thousands of
#: times another roll's turn, so many states sampled roughly beat a few finely).
SPREAD: Final = 16
#: A level is counted only if the prediction of its cost, times this, fits what is left.
MARGIN: Final = 2.0

Clock = Callable[[], float]
_T = TypeVar("_T")
#: A sampled level: states, each with the number of states of the level it stands for.
Weighted = list[tuple[Any, float]]
_ONE = 1 | (1 << fast.SHIFT)


@attrs.frozen
class DepthCost:
    """What one depth of a perft costs: counted by the first pass, or projected from a sample."""

    #: Plies from the start.
    depth: int
    #: States expanded at this depth (the unfinished distinct states of the depth before).
    expanded: int
    #: Distinct states after this depth (projected less surely than the seconds:
    #: how many paths meet is hard to see in a sample).
    reached: int
    #: CPU seconds the count of this depth takes here (this machine, this build).
    seconds: float
    #: Whether the first pass counted this depth (else its numbers are projected).
    counted: bool


@attrs.frozen
class Estimate:
    """What a perft will cost (:func:`nardy.perft.estimate`), depth by depth."""

    #: The variant's spec.
    variant: str
    #: The nardy ID of the position counted from.
    start: str
    #: One :class:`DepthCost` per depth, 1..n.
    depths: tuple[DepthCost, ...]
    #: For a game of whole turns, the rolls whose turns take most of the time, heaviest first.
    heavy: tuple[Roll, ...] = ()

    @property
    def seconds(self) -> float:
        """CPU seconds the whole count takes here, about."""
        return sum(d.seconds for d in self.depths)

    @property
    def counted(self) -> bool:
        """Whether the first pass counted every depth (the numbers are then exact, the seconds measured)."""
        return all(d.counted for d in self.depths)

    def describe(self) -> str:
        """``about 35 minutes of CPU time here (projected from a sample), most of it in the turns of 1-1 ...``."""
        how = "measured" if self.counted else "projected from a sample"
        text = f"about {duration(self.seconds)} of CPU time here ({how})"
        if self.heavy:
            rolls = " and ".join(
                "-".join(map(str, sorted(r.faces, reverse=True))) for r in self.heavy
            )
            text += f", most of it in the turns of {rolls} (a turn of several segments)"
        return text


def duration(seconds: float) -> str:
    """``40 seconds``, ``6 minutes``, ``3 hours``, ``2 days``, ``5 years``: a time to one or two figures."""
    units = (("year", 365.25 * 86400.0), ("day", 86400.0), ("hour", 3600.0), ("minute", 60.0))
    for unit, size in units:
        if seconds >= 1.5 * size:
            return _plural(seconds / size, unit)
    return _plural(max(seconds, 1.0), "second")


def _plural(value: float, unit: str) -> str:
    shown = f"{value:.2g}" if value < 10 else f"{round(value):,}"
    return f"{shown} {unit}{'' if shown == '1' else 's'}"


class _Shares:
    """The share of a level's children that are new distinct states: measured, then carried on.

    Where no level measures it, each share is the last one times the last
    fall (the last share over the one before) to the power ``pace``: 1
    inside a turn, where the same side moves at every step, and 1/2 between
    plies, where a side's share falls when it has moved once more, every
    other ply.
    """

    def __init__(self, pace: float) -> None:
        self.pace = pace
        self.seen: list[float] = []

    def measured(self, distinct: float, children: float) -> None:
        """Record a level's share, counted or measured on groups."""
        if children > 0:
            self.seen.append(min(1.0, distinct / children))

    def next(self) -> float:
        """The share of the next level, carried on from those seen."""
        if not self.seen:
            return 1.0
        last = self.seen[-1]
        before = self.seen[-2] if len(self.seen) > 1 else last
        share = last * (min(1.0, last / before) ** self.pace if before > 0 else 1.0)
        self.seen.append(share)
        return share


@attrs.define
class _Grown:
    """What expanding some states by one ply found."""

    #: Children (plays, or a turn's distinct outcomes), before equal ones are merged.
    children: float = 0.0
    #: Distinct children when counted (None: projected).
    distinct: float | None = None
    seconds: float = 0.0
    #: Whether every turn inside was counted, not sampled.
    counted: bool = True
    #: The unfinished children found (all of them when counted), with their weights.
    found: Weighted = attrs.field(factory=list)
    #: Seconds spent in each roll's turns (games of whole turns).
    by_roll: dict[Roll, float] = attrs.field(factory=dict)


class _Pass:
    """The first pass: its budget, its random choices and its clock."""

    def __init__(self, budget: float, rng: random.Random, clock: Clock) -> None:
        self.rng = rng
        self.clock = clock
        self.end = clock() + budget

    def left(self) -> float:
        """CPU seconds left of the budget (negative once spent)."""
        return self.end - self.clock()

    @contextlib.contextmanager
    def part(self, parts: int) -> Iterator[None]:
        """Spend at most one of ``parts`` equal parts of what is left (then what is left of the rest)."""
        end = self.end
        self.end = self.clock() + max(0.0, self.left()) / max(1, parts)
        try:
            yield
        finally:
            self.end = end

    def affords(self, states: int, per_state: float | None) -> bool:
        """Whether a level of ``states`` is counted: small, or its predicted cost fits."""
        if states <= SMALL:
            return True
        return per_state is not None and MARGIN * states * per_state <= self.left()

    def sample(
        self, level: Weighted, fewest: int, grow: Callable[[Any], _T]
    ) -> list[tuple[_T, float]]:
        """``grow`` states of ``level`` picked at random (by weight), each with the states it stands for.

        A level of at most ``fewest`` states is grown whole. Otherwise at
        least ``fewest`` are picked, then more while the budget lasts, up to
        :data:`MOST`; each stands for the level's size over the number picked.
        """
        if len(level) <= fewest:
            return [(grow(s), w) for s, w in level]
        states = [s for s, _ in level]
        weights = [w for _, w in level]
        found: list[_T] = []
        while len(found) < MOST and (len(found) < fewest or self.left() > 0):
            (state,) = self.rng.choices(states, weights)
            found.append(grow(state))
        stands_for = sum(weights) / len(found)
        return [(g, stands_for) for g in found]

    def turn_cost(self, variant: Variant, position: Position, roll: Roll) -> _Grown:
        """The outcomes of one turn and its seconds, counted segment by segment while cheap."""
        frontier: Weighted = [(turns.start_turn(variant, position, roll), 1.0)]
        done: set[Position] = set()
        grown = _Grown()
        shares = _Shares(0.5)
        per_state: float | None = None
        while frontier:
            if grown.counted and self.affords(len(frontier), per_state):
                frontier, per_state = self._turn_level(variant, frontier, done, grown, shares)
            else:
                grown.counted = False
                frontier = self._turn_sample(variant, frontier, grown, shares)
        grown.found = [(p, 1.0) for p in done] + grown.found
        grown.children += len(done)
        return grown

    def _turn_level(
        self,
        variant: Variant,
        frontier: Weighted,
        done: set[Position],
        grown: _Grown,
        shares: _Shares,
    ) -> tuple[Weighted, float]:
        """Count one segment of a turn: every state of ``frontier``."""
        began = self.clock()
        following: set[Turn] = set()
        children = 0
        for turn, _ in frontier:
            for after in next_states(variant, turn, done):
                children += 1
                following.add(after)
        spent = self.clock() - began
        grown.seconds += spent
        shares.measured(len(following), children)
        return [(t, 1.0) for t in following], spent / len(frontier)

    def _turn_sample(
        self, variant: Variant, frontier: Weighted, grown: _Grown, shares: _Shares
    ) -> Weighted:
        """Project one segment of a turn from some states of ``frontier``; some states of the next.

        Every state inside a turn has the same side to move and the same
        opponent, so the states picked are a part of one group (see
        :func:`_groups`): where they are enough of the segment
        (:data:`SURVEYED`), the meetings of their children give the share of
        new states through :func:`_meetings`; else the share is the last one
        seen (it does not fall steadily from segment to segment: a cascade
        that meets a block merges many paths, one in open country few).
        """
        size = _size(frontier)
        order = list(range(len(frontier)))
        self.rng.shuffle(order)
        merged: set[Turn] = set()
        ended: list[Position] = []
        own = picked = 0
        seconds = 0.0
        # Enough states for their meetings to be read, where that is not too many.
        fewest = max(FEWEST, math.ceil(SURVEYED * size)) if SURVEYED * size <= MOST else FEWEST
        for index in order:
            if picked >= MOST or (picked >= fewest and self.left() <= 0):
                break
            outcomes: set[Position] = set()  # (the state's turn was over: its outcome)
            began = self.clock()
            following = set(next_states(variant, frontier[index][0], outcomes))
            seconds += self.clock() - began
            picked += 1
            own += len(following)
            merged.update(following)
            ended.extend(outcomes)
        stands_for = size / picked
        grown.seconds += seconds * stands_for
        grown.found.extend((outcome, stands_for) for outcome in ended)
        grown.children += stands_for * len(ended)
        if not merged:
            return []
        fraction = min(1.0, picked / size)
        if fraction >= SURVEYED:
            distinct = own / fraction / _meetings(len(merged) / own, fraction)
            shares.measured(distinct, own / fraction)
        else:
            distinct = own / fraction * shares.next()
        return [(t, distinct / len(merged)) for t in merged]


def _size(level: Weighted) -> float:
    """The number of states a level stands for."""
    return sum(w for _, w in level)


class _Plies:
    """Expands states of a variant whose turn is one play (the compiled loop of :mod:`nardy.perft.fast`)."""

    fewest = FEWEST

    def __init__(self, counter: PlyCounter, run: _Pass) -> None:
        self.counter = counter
        self.run = run

    def root(self) -> list[Any]:
        """The states of depth 0."""
        return list(self.counter.first_level())

    def group(self, key: bytes) -> bytes:
        """The opponent's checkers (the frame of the side to move): their children can meet."""
        return fast.opponent_part(self.counter.flip(key))

    def grow(self, states: Sequence[Any], n: int) -> _Grown:
        """Expand ``states`` (distinct) by one ply and merge their children."""
        began = self.run.clock()
        counts = self.counter.expand(dict.fromkeys(states, _ONE), n, False, None)
        found = [(k, 1.0) for k in counts.nxt]
        spent = self.run.clock() - began
        return _Grown(counts.paths & ((1 << fast.SHIFT) - 1), counts.distinct, spent, True, found)


class _Turns:
    """Expands states of a game of whole turns: each roll's turn, counted or sampled inside."""

    fewest = FEWEST_WITH_TURNS

    def __init__(self, rules: Variant, position: Position, run: _Pass) -> None:
        self.rules = rules
        self.position = position
        self.run = run

    def root(self) -> list[Any]:
        """The states of depth 0."""
        return [] if self.position.is_over() else [self.position]

    def group(self, position: Position) -> tuple[Any, ...]:
        """The side to move and its opponent's checkers: the positions whose outcomes can meet."""
        other = position.turn.opponent
        return (position.turn, position.checkers(other), position.bar(other), position.off(other))

    def grow(self, states: Sequence[Any], n: int) -> _Grown:
        """Play out every roll's turn from ``states`` and merge the outcomes."""
        grown = _Grown()
        found: dict[Position, float] = {}
        rolls = self.rules.rolls()
        turns_left = len(states) * len(rolls)
        for position in states:
            for roll in rolls:
                # A quarter of what is left for a share of the turns: a turn that
                # is cheap leaves its part to the next ones.
                with self.run.part(turns_left // 4):
                    turn = self.run.turn_cost(self.rules, position, roll)
                turns_left -= 1
                seconds = turn.seconds + self._merge(position, turn, found)
                grown.children += turn.children
                grown.seconds += seconds
                grown.counted = grown.counted and turn.counted
                grown.by_roll[roll] = grown.by_roll.get(roll, 0.0) + seconds
        if grown.counted:
            grown.distinct = len(found)
        grown.found = [(p, w) for p, w in found.items() if not p.is_over()]
        return grown

    def _merge(self, position: Position, turn: _Grown, found: dict[Position, float]) -> float:
        """Merge a turn's outcomes into ``found`` as the count does; the seconds the count takes.

        The count checks every outcome for a pass and files it by position,
        which costs as much as playing the turn out in some games: done and
        timed here on the outcomes found, for all of them.
        """
        began = self.run.clock()
        for outcome, weight in turn.found:
            leaves_checkers(position, outcome)
            # The same outcome of two turns is one state (a sampled one stands for more).
            found[outcome] = max(found.get(outcome, 0.0), weight)
        spent = self.run.clock() - began
        return spent * turn.children / len(turn.found) if turn.found else 0.0


def estimate_from(
    rules: Variant,
    position: Position,
    depth: int,
    budget: float = BUDGET,
    rng: random.Random | None = None,
    clock: Clock = time.process_time,
) -> Estimate:
    """The cost of perft of ``rules`` from ``position`` to ``depth`` (see the module docstring).

    ``rng`` makes the samples (a fixed seed by default: the same estimate
    each time on a given machine); ``clock`` measures CPU seconds.
    """
    rng = rng or random.Random(0)
    found = _estimate(rules, position, depth, budget, rng, clock)
    if found.seconds > SPENT * budget and budget < REFINED:
        # A long count: a longer pass (still a hundredth of it at most) samples more.
        more = min(REFINED, found.seconds / SPENT)
        found = _estimate(rules, position, depth, more, rng, clock)
    return found


def _estimate(
    rules: Variant,
    position: Position,
    depth: int,
    budget: float,
    rng: random.Random,
    clock: Clock,
) -> Estimate:
    """One pass of :func:`estimate_from`."""
    run = _Pass(budget, rng, clock)
    levels: _Plies | _Turns
    if runs_turns(rules):
        levels = _Turns(rules, position, run)
    else:
        levels = _Plies(PlyCounter(rules, position), run)
    costs, by_roll = _walk(levels, run, depth)
    return Estimate(rules.spec(), position.id(), tuple(costs), _heavy(by_roll))


def _walk(
    levels: _Plies | _Turns, run: _Pass, depth: int
) -> tuple[list[DepthCost], dict[Roll, float]]:
    """Each depth's cost: levels counted while the budget affords them, then sampled."""
    level: Weighted = [(s, 1.0) for s in levels.root()]
    counted = True
    shares = _Shares(0.5)
    per_state: float | None = None
    costs: list[DepthCost] = []
    by_roll: dict[Roll, float] = {}
    for n in range(1, depth + 1):
        size = _size(level)
        if counted and run.affords(len(level), per_state):
            grown = levels.grow([s for s, _ in level], n)
            per_state = grown.seconds / max(1, len(level))
            counted = grown.counted
        elif counted:  # the whole level is known: sample groups of states whose children meet
            grown = _groups(levels, run, [s for s, _ in level], n)
            counted = False
        else:
            grown = _sampled(levels, run, level, n)
        for roll, seconds in grown.by_roll.items():
            by_roll[roll] = by_roll.get(roll, 0.0) + seconds
        if grown.distinct is not None:
            shares.measured(grown.distinct, grown.children)
            reached = grown.distinct
        else:
            reached = grown.children * shares.next()
        costs.append(DepthCost(n, round(size), round(reached), grown.seconds, counted))
        # The next level: every state (weight 1) or a sample standing for the states reached.
        found = _size(grown.found)
        scale = 1.0 if counted or not found else reached / max(found, 1e-9)
        level = [(s, w * scale) for s, w in grown.found]
    return costs, by_roll


@attrs.define
class _Group:
    """The part of a group grown so far."""

    #: States of the group, and how many were grown.
    size: int
    grown: int = 0
    children: float = 0.0
    #: Children once each grown state's own are merged (a roll's play and another's can meet).
    own: float = 0.0
    seconds: float = 0.0
    #: The children of the states grown, merged.
    merged: dict[Any, float] = attrs.field(factory=dict)
    by_roll: dict[Roll, float] = attrs.field(factory=dict)

    def add(self, one: _Grown) -> None:
        """Add a grown state's children."""
        self.grown += 1
        self.children += one.children
        self.own += len(one.found)
        self.seconds += one.seconds
        for child, weight in one.found:
            self.merged[child] = max(self.merged.get(child, 0.0), weight)
        for roll, seconds in one.by_roll.items():
            self.by_roll[roll] = self.by_roll.get(roll, 0.0) + seconds

    def into(self, total: _Grown) -> None:
        """Add the whole group, projected from the part grown, to ``total``.

        Where too little of a large group was grown for its meetings to be
        read (:data:`SURVEYED`), its states' children are taken not to meet:
        more states than there are.
        """
        if not self.own:
            return
        fraction = self.grown / self.size
        distinct = self.own / fraction
        if fraction >= SURVEYED:
            # Children of different states meet more often the more of the group is grown.
            distinct /= _meetings(len(self.merged) / self.own, fraction)
        total.children += self.children / fraction
        total.seconds += self.seconds / fraction
        total.distinct = (total.distinct or 0.0) + distinct
        total.found.extend((child, distinct / len(self.merged)) for child in self.merged)
        for roll, seconds in self.by_roll.items():
            total.by_roll[roll] = total.by_roll.get(roll, 0.0) + seconds / fraction


def _groups(levels: _Plies | _Turns, run: _Pass, states: list[Any], n: int) -> _Grown:
    """One depth projected from groups of its states, picked at random.

    A group is the states whose opponent has the same checkers: their
    children (but those that hit) can equal only each other's, so merging a
    group's children measures the share of new states, which a sample of
    single states cannot (a sampled state's children meet those of states
    that were not sampled). A state picked at random brings its group (a
    large group is likelier); a group is grown a state at a time while the
    budget lasts, and the share of the part grown is read through
    :func:`_meetings`.
    """
    groups: dict[Any, list[Any]] = {}
    for state in states:
        groups.setdefault(levels.group(state), []).append(state)
    order = list(states)
    run.rng.shuffle(order)
    total = _Grown(counted=False)
    grown = picked = 0
    for state in order:
        members = groups.pop(levels.group(state), None)
        if members is None:
            continue
        if grown >= levels.fewest and run.left() <= 0:
            break
        run.rng.shuffle(members)
        group = _Group(len(members))
        for member in members:
            if group.grown and grown >= levels.fewest and run.left() <= 0:
                break
            with run.part(SPREAD):
                group.add(levels.grow([member], n))
            grown += 1
        picked += len(members)
        group.into(total)
    scale = len(states) / max(1, picked)
    total.children *= scale
    total.seconds *= scale
    total.distinct = (total.distinct or 0.0) * scale
    total.by_roll = {roll: seconds * scale for roll, seconds in total.by_roll.items()}
    return total


def _meetings(merged: float, fraction: float) -> float:
    """How many children meet in each new state, from the share ``merged`` seen in a sample.

    The children of a ``fraction`` of a group's states merged into a share
    ``merged`` of new states. If every new state is reached by ``d`` of the
    group's states, a sampled state's child is new with chance
    ``(1 - (1 - fraction) ** d) / (fraction * d)``: solved here for ``d``
    (``1 / merged`` when the whole group was merged).
    """
    if merged >= 1.0:
        return 1.0
    if fraction >= 1.0:
        return 1.0 / merged
    low, high = 1.0, 1.0 / (merged * fraction)
    for _ in range(60):
        mid = (low + high) / 2
        if (1 - (1 - fraction) ** mid) / (fraction * mid) > merged:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _sampled(levels: _Plies | _Turns, run: _Pass, level: Weighted, n: int) -> _Grown:
    """One depth projected from a sample of ``level``: its cost, and the sample of the next."""
    total = _Grown(counted=False)

    def grow(state: Any) -> _Grown:
        with run.part(SPREAD):
            return levels.grow([state], n)

    for grown, stands_for in run.sample(level, levels.fewest, grow):
        total.seconds += grown.seconds * stands_for
        total.children += grown.children * stands_for
        total.found.extend((s, w * stands_for) for s, w in grown.found)
        for roll, seconds in grown.by_roll.items():
            total.by_roll[roll] = total.by_roll.get(roll, 0.0) + seconds * stands_for
    return total


def _heavy(by_roll: dict[Roll, float]) -> tuple[Roll, ...]:
    """The fewest rolls that take four fifths of the time, when they are three at most."""
    total = sum(by_roll.values())
    heavy: list[Roll] = []
    share = 0.0
    for roll, seconds in sorted(by_roll.items(), key=lambda item: -item[1]):
        if total <= 0 or share >= 0.8 * total:
            break
        heavy.append(roll)
        share += seconds
    return tuple(heavy) if len(heavy) <= 3 else ()
