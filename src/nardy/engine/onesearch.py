"""The one search (issue 39): every legal play of a turn, in the canonical order, from the turn's rules.

One generic depth-first search over single steps, for any
:class:`~nardy.engine.reference.TurnRules` (every built-in variant and
option, and a user's rule objects that declare nothing). It accepts exactly
the steps the reference search (:mod:`nardy.engine.reference`) accepts: the
board's steps of one die (:func:`~nardy.engine.reference.single_steps`, the
rulebook's bar entry, pool entry, open point and bear-off), made by the
rulebook (:func:`~nardy.rules.movement.make_step_as`) and judged by the
turn's rule objects (:func:`~nardy.engine.reference.step_allowed`). What is
new is the order in which it finds them, which is the *canonical order*
both searches of issue 39 give (the native one in Rust follows this text),
and a memo that visits each node once.

**The search** (:func:`search`). A node is (board, marks, dice left as a
multiset); the root is (start, no marks, every die). At a node:

1. each *distinct* value of the dice left, in the order of its first
   appearance in the turn's dice (``rules.dice``: for two dice as
   :class:`~nardy.Roll` gives them, the higher first);
2. for that die, the board's steps in the order of
   :func:`~nardy.engine.reference.single_steps`: the bar entry, then the
   pool entry, then the sources from 24 down to 1;
3. at a source, an unmarked checker first (when the point holds more than
   its marked ones), then a marked one (when it holds one); from the pool
   or the bar, an unmarked one;
4. the step is made, judged (the step rule, then for a marked checker the
   hitter rule), and the checker marked (one that hits on a point within
   the hitter rule's zone becomes marked; a marked one takes its mark
   along; off, it is gone);
5. the child is *recorded* as a candidate: its state, the steps from the
   root, dice used (the number of steps) and pips used (their sum);
6. the search goes down into the child with that die removed, unless the
   child node was entered before (the memo): every candidate below it was
   recorded then, and the first path to a candidate is the canonical one.

A candidate is recorded once per (state, dice used), the first sequence
reaching it kept, except a candidate of one die when the dice are not all
equal: once per (state, die), so that the higher-die rule sees both dice of
a bear-off that either die makes.

**After the search** (:func:`finish`): the play filter (if any) is handed
every candidate in order and keeps some; the maximum-use rule
(:func:`~nardy.rules.maximum_use.maximum_use`) keeps those of the most dice
(and of the higher die); the first candidate of each state stays; the extra
plays (Kush's return) follow, in order, a state already there skipped. An
empty list is a pass.

**Decisions** where the contract leaves room (the native search makes the
same ones):

* D0. The board's steps are :func:`~nardy.engine.reference.single_steps`'s,
  word for word: "the bar first" stops everything else only where checkers
  on the bar enter (``enters``); where they wait (Kush), the other checkers
  move, but a pool checker still waits for an empty bar when the bar comes
  first (:func:`~nardy.rules.movement.may_enter_from_pool`).
* D1. Marks are *counts* per point, not one bit: a user's hitter rule may
  let a marked checker land where another marked one stands; under the
  built-in hitter rules (stops, no-hide) a point holds at most one, and the
  two agree.
* D2. A candidate is recorded before the memo is asked; a child whose node
  was entered before is recorded again to no effect (its state and dice
  used are those of the first entry). A node with no dice left is not
  remembered (nothing lies below it), nor a node one step from the root
  (no other path meets it: two steps of the root differ in the board or
  in the die left). Neither changes the list.
* D3. "The dice are not all equal" means two distinct values or more among
  ``rules.dice`` (a tabula roll 5-5-3 records one-die candidates per die).
* D4. The play filter receives the candidates as ``(state, steps, dice
  used, pips used)`` tuples in recording order; a candidate it hands back
  that it was not given is taken as it stands (its steps packed afresh).
* D5. The higher-die rule compares the pips of the kept one-die candidates
  (their one die), as :func:`~nardy.rules.maximum_use.maximum_use` does.
* D6. The first candidate of a state after the maximum-use rule is its
  representative, whatever its dice count (after the rule they are all
  the same).
* D7. An extra play whose state is already a result, or the state of an
  earlier extra play, is skipped.
* D8. In :func:`reaching` a node reaches when its own state is a target of
  as many dice as it used (the play may end there), so a step is offered
  when its child is itself a legal result.
* D9. A play's code holds as many steps as the play has: Kush's return
  brings back ``min(d, bar)`` checkers, up to six steps (84 bits), and a
  variant's ``moves`` may give more than four moves; Python's ints hold
  any of them (a native search needs more than 64 bits for them).
* D10. An unmarked and a marked checker leaving one point make the same
  step ``(src, dst, die, hit)``: :func:`children` lists both (unmarked
  first), and the step mode offers the step when either child reaches.

The resulting list is of ``(state, code)``: the state in the mover's frame
(turn not passed) and the play's steps packed by
:func:`~nardy.engine.state.code_of_steps`.

**Steps one at a time** (:func:`reaching`): whether some sequence of
allowed steps from a node ends on one of the legal results with as many
dice used as that result; the environments' step mode offers the steps
whose child reaches.

**Speed** (the pure build runs this search; none of it changes the list,
and the equality tests hold it to the plain search's and the native one's):

* S1. The turn's rules are read once; the count of the mover's checkers
  not home is counted at the root and kept step by step (a step moves
  one checker of his); a point he holds or nobody holds is open without
  a call. One dict answers, per state, whether a candidate of so many
  dice (or of that die) was recorded and whether a node without marks
  and with these dice left was entered: one look-up a step. A
  candidate's steps are packed as it is recorded (:func:`finish` packs
  nothing), and the last die's steps go through a lean loop
  (``_Walk.leaves``).
* S2. A step rule that *declares* what it is (a floor, the six-block
  rule after each step, waiting, named rules: :mod:`nardy.rules.turn_rules`)
  is judged from its declaration, as it promises it may be: the floor and
  waiting by a comparison, the six-block rule by
  :func:`~nardy.rules.six_block.six_block_allows` with the guard worked
  out at the root and again only after a step that hit, pinned or
  released (nothing else moves an opposing checker), each named rule by
  its own ``check``. A rule that declares nothing has its function called.
* S3. A double judged by the board alone (no step rule, no hitter rule)
  is searched in sorted order, as the native search does
  (``_Walk.sorted_visit``): the same candidates, no look-up.
* S4. Steps that may be swapped: no hitter rule, hitting or blocking
  contact, and no step rule or only a declared waiting rule (the counts
  it waits on only fall). Then two steps allowed in one order are allowed
  in the other (a step never closes a point, never takes the checker
  another step needs, only lowers the count not home; a checker that
  bears off with a larger die has none above it, so the other step did
  not come from above it; a waiting count below a step is no higher after
  another), hit the same blots and reach the same state. So at a child
  reached by a step of die y, a step of a die tried before y, or of y
  itself before that step, that the parent allowed, reaches a node the
  other order entered first (its candidates recorded, its subtree
  searched): it is not made (``_Walk.play``, ``Prior``).
"""

from __future__ import annotations

from nardy.engine.reference import TurnRules, single_steps, step_allowed
from nardy.engine.state import STEP_BITS, code_of_steps, step_code
from nardy.rules.board import FROM_POOL, MOVER_BAR, MOVER_OFF, PIN, Candidate, RawStep, State
from nardy.rules.maximum_use import maximum_use
from nardy.rules.movement import (
    RELEASES,
    bear_off_by,
    count_not_home,
    entry_point,
    hit_or_pinned,
    is_open,
    make_step_as,
    may_enter_from_pool,
)
from nardy.rules.named import SixBlockAfterStep
from nardy.rules.six_block import BEFORE, six_block_allows, six_block_guard
from nardy.rules.turn_rules import NamedStep

__all__ = ["Result", "children", "distinct_dice", "finish", "reaching", "search", "sequences"]

#: One legal play: the resulting state (mover's frame, turn not passed) and
#: its steps packed (:func:`~nardy.engine.state.code_of_steps`).
Result = tuple[State, int]

# A node's marks are one int: the count of marked checkers on point p in the
# byte p (D1). A point never holds more than 255 checkers of one side.
_MARK_BITS = 8
_MARK_MASK = (1 << _MARK_BITS) - 1
# The checkers that may leave a point where none is marked (never changed).
_UNMARKED = [False]
# S4's record of a node's allowed steps of one die, each with its place
# (Steps), for none; and what a child is told of a die none were recorded for.
Steps = dict[tuple[int, int], int]
_NO_STEPS: Steps = {}
_ALL = 1 << 30  # (a place before it: every recorded step)
_NOTHING: tuple[Steps, int] = (_NO_STEPS, 0)
# What a parent tells a child (S4): its allowed steps of each die with their
# places, the die of the step that led to the child, and that step's place.
Prior = tuple[list[Steps], int, int]
#: A step's place in the order a node tries them (single_steps): the bar 0,
#: the pool 1, then the points 24 down to 1 as 2..25 (the sorted search's ranks).
_RANK: tuple[int, ...] = (0, *(26 - p for p in range(1, 25)), 0, 1)


def search(start: tuple[int, ...], rules: TurnRules) -> list[Result]:
    """The legal plays of one turn from the state ``start``, in the canonical order; ``[]`` is a pass.

    ``rules`` are the turn's (:func:`~nardy.engine.reference.turn_rules`).
    Each play is ``(state, code)``: its resulting state and its
    representative sequence packed (see the module docstring).
    """
    walk = _Walk(rules)
    if walk.left_total:
        walk.run(start)
    return finish(start, walk.found, rules, walk.codes)


def sequences(
    start: tuple[int, ...], rules: TurnRules, *, shortcuts: bool = True
) -> list[Candidate]:
    """The candidates of the depth-first search (steps 1-6 of the module docstring), in recording order.

    Each ``(state, steps, dice used, pips used)``, one per (state, dice
    used), or per (state, die) for one die of dice not all equal.
    ``shortcuts=False``: the same list found without S1-S4 (the module
    docstring's "Speed"): every node's steps from
    :func:`~nardy.engine.reference.single_steps`, every step judged by
    :func:`~nardy.engine.reference.step_allowed` and looked up; what the
    tests hold the shortcuts to.
    """
    walk = _Walk(rules, shortcuts)
    if walk.left_total:
        walk.run(start)
    return walk.found


def finish(
    start: tuple[int, ...],
    candidates: list[Candidate],
    rules: TurnRules,
    codes: list[int] | None = None,
) -> list[Result]:
    """The legal plays from the search's candidates: the play filter, maximum use, one per state, the extra plays.

    ``codes``: the candidates' steps packed, in order, when the search
    packed them as it went (taken only when no play filter chose among the
    candidates); else each play's steps are packed here.
    """
    if rules.play_filter is not None:
        candidates = rules.play_filter(start, candidates)
        codes = None
    counts = [candidate[2] for candidate in candidates]
    kept = maximum_use(
        counts,
        list(range(len(candidates))),
        rules.dice,
        rules.must_play_higher,
        lambda i: candidates[i][3],  # (the pips, asked only for the higher-die rule)
    )
    order = range(len(candidates)) if kept is None else kept
    plays: list[Result] = []
    states: set[State] = set()
    for i in order:
        state, steps, _, _ = candidates[i]
        if state not in states:
            states.add(state)
            plays.append((state, code_of_steps(steps) if codes is None else codes[i]))
    for state, steps in rules.extra:
        if state not in states:  # D7
            states.add(state)
            plays.append((state, code_of_steps(steps)))
    return plays


def distinct_dice(dice: tuple[int, ...]) -> list[int]:
    """The distinct values of ``dice`` in the order of their first appearance: the order a node tries them in."""
    values: list[int] = []
    for die in dice:
        if die not in values:
            values.append(die)
    return values


class _Walk:
    """One depth-first search: the turn's rules read once, the dice left, the path from the root, the memo and the candidates.

    (Its shortcuts, S1-S4, are the module docstring's "Speed".)
    """

    def __init__(self, rules: TurnRules, shortcuts: bool = True) -> None:
        movement = rules.movement
        self.rules = rules
        #: False: no shortcut (see :func:`sequences`).
        self.shortcuts = shortcuts
        self.contact = rules.contact
        self.enters = rules.enters
        self.pool = movement.pool
        self.hit_to_pool = movement.hit_to_pool
        self.bar_first = movement.bar_first
        self.zone = movement.bear_off.zone
        self.bear_off = movement.bear_off
        self.pinned = movement.bear_off.pinned_home
        #: The step rule as judged here (None: every step the board allows is allowed).
        self.judge = None if rules.step_rule is None else _Judge(rules, shortcuts)
        #: The six-block rule judged after each step (its option), if the step rule declares it.
        self.six_block = None if self.judge is None or not shortcuts else self.judge.six_block
        #: The dice values a node tries, in order, and how many of each are left.
        self.values = distinct_dice(rules.dice)
        self.left = [rules.dice.count(die) for die in self.values]
        self.left_total = len(rules.dice)
        # D3: one-die candidates are told apart by their die.
        self.per_die = len(self.values) > 1
        #: The steps from the root to the node being searched, and their pips.
        self.path: list[RawStep] = []
        self.pips = 0
        # The dice left as one small int (mixed radix: a digit per value,
        # counting how many of it are left), and what a value's die is worth.
        self.weights = _radix_weights(self.left)
        self.left_code = sum(n * w for n, w in zip(self.left, self.weights, strict=True))
        # The bits of a state's flags in seen: 1 << used for a candidate of
        # that many dice, then one per die (D3), then one per dice-left code
        # for the node (state, no marks, those dice left) entered.
        self.die_shift = len(rules.dice) + 1
        self.node_shift = self.die_shift + len(self.values)
        #: Per state: which candidates of it were recorded and which of its nodes without marks were entered.
        self.seen: dict[State, int] = {}
        #: The nodes with marks entered: (state, marks, dice-left code).
        self.marked_nodes: set[tuple[State, int, int]] = set()
        self.found: list[Candidate] = []
        #: Each candidate's steps packed (:func:`~nardy.engine.state.code_of_steps`), made step by step.
        self.codes: list[int] = []
        #: Whether steps are judged so that any two may be swapped (S4, see :meth:`play`).
        self.swaps = False

    def run(self, start: State) -> None:
        """Search from the root: the start, no marks, every die (the sorted search for a double when it is exact)."""
        board = list(start)
        rules = self.rules
        # (count_not_home once: each step then moves one checker, see child_outside.)
        outside = count_not_home(board, self.contact, self.zone, self.pool, self.pinned)
        plain = self.shortcuts and rules.step_rule is None and rules.hitter_rule is None
        swap_safe = plain or (self.judge is not None and self.judge.swap_safe)
        self.swaps = swap_safe and rules.hitter_rule is None and self.contact != PIN
        if plain and len(self.values) == 1 and self.left_total > 1:
            self.sorted_visit(board, self.values[0], self.left_total, outside, 0, 0)
        else:
            guard = 0 if self.six_block is None else six_block_guard(start, self.six_block)
            self.visit(board, 0, outside, guard, 0, None)

    def visit(
        self,
        board: list[int],
        marks: int,
        outside: int,
        guard: int,
        code: int,
        prior: Prior | None,
    ) -> None:
        """Search below the node (``board``, ``marks``, the dice left): every die, in order.

        ``outside``: the mover's checkers not home (:func:`~nardy.rules.movement.count_not_home`);
        ``guard``: the six-block guard of ``board`` (0 without the rule);
        ``code``: the path's steps packed; ``prior``: what the parent
        tells of the steps this node need not make (S4, ``Prior``).
        """
        # (S4: each die's allowed steps here, with their places, for the children.)
        here = [_NO_STEPS] * len(self.values) if self.swaps else None
        for i, die in enumerate(self.values):
            if not self.left[i]:
                continue
            self.left[i] -= 1
            self.left_total -= 1
            self.left_code -= self.weights[i]
            self.pips += die
            self.play(board, marks, outside, guard, code, i, prior, here)
            self.pips -= die
            self.left_code += self.weights[i]
            self.left_total += 1
            self.left[i] += 1

    def play(
        self,
        board: list[int],
        marks: int,
        outside: int,
        guard: int,
        code: int,
        i: int,
        prior: Prior | None,
        here: list[Steps] | None,
    ) -> None:
        """Every step of the ``i``-th die value from the node, every checker: make, judge, record, go down once per node.

        Where steps may be swapped (S4 of the module docstring), the
        steps allowed here are kept with their places for the children, and
        those the parent tells of are skipped. The last die without marks
        goes to :meth:`leaves`. (One loop with the step's work written in
        it: a call a step would cost the pure build a tenth of its time.)
        """
        rules, judge, six_block = self.rules, self.judge, self.six_block
        contact, pool, hit_to_pool = self.contact, self.pool, self.hit_to_pool
        die = self.values[i]
        path = self.path
        seen = self.seen
        used = len(path) + 1
        shift = STEP_BITS * (used - 1)
        record_bit = 1 << (self.die_shift + i if used == 1 and self.per_die else used)
        node_bit = 1 << (self.node_shift + self.left_code)
        deeper = self.left_total > 0  # (D2: a leaf is not remembered)
        if self.shortcuts:
            steps = self.board_steps(board, die, outside, 0)
        else:
            steps = single_steps(board, die, contact, self.enters, rules.movement)
        # S4: the parent's steps of this die that came before the one that led
        # here (skipped, their places below limit), and this node's, recorded.
        skip, limit = _NOTHING if prior is None else _skipped(prior, i)
        if not deeper and not marks and self.shortcuts:
            self.leaves(board, steps, skip, limit, guard, code, i)
            return
        allowed: Steps | None = None
        if here is not None and deeper:
            allowed = here[i] = {}
        for step in steps:
            if skip and skip.get(step, _ALL) < limit:
                continue
            src, dst = step
            for marked in _UNMARKED if not marks else _checkers_at(board, marks, src):
                child = board[:]
                kind = make_step_as(child, src, dst, contact, pool, hit_to_pool)
                hit = _HIT_OF_KIND[kind]
                # (The guard moves only when a step hits, pins or releases a checker.)
                child_guard = (
                    guard if not kind or six_block is None else six_block_guard(child, six_block)
                )
                if judge is not None and not judge.allows(child, src, dst, hit, child_guard):
                    continue
                if marked and not _hitter_allows(rules, child, src, dst):
                    continue
                if allowed is not None:
                    allowed[step] = len(allowed)
                path.append((src, dst, die, hit))
                state = tuple(child)
                flags = was = seen.get(state, 0)
                enter = False
                if deeper:
                    child_marks = (
                        _marks_after(marks, src, dst, marked, hit, rules)
                        if rules.hitter_rule
                        else 0
                    )
                    if child_marks:
                        enter = self.first_marked(state, child_marks)
                    elif not flags & node_bit:
                        flags |= node_bit
                        enter = True
                new = not flags & record_bit
                if new or enter:
                    child_code = code | step_code(src, dst, die, hit) << shift
                    if new:
                        flags |= record_bit
                        self.found.append((state, tuple(path), used, self.pips))
                        self.codes.append(child_code)
                if flags != was:
                    seen[state] = flags
                if enter:
                    below = _child_outside(outside, src, dst, self.zone)
                    told = None if here is None or allowed is None else (here, i, allowed[step])
                    if self.left_total == 1 and not child_marks and self.shortcuts:
                        self.last_die(child, below, child_guard, child_code, told)
                    else:
                        self.visit(child, child_marks, below, child_guard, child_code, told)
                path.pop()

    def last_die(
        self, board: list[int], outside: int, guard: int, code: int, prior: Prior | None
    ) -> None:
        """:meth:`visit` of a node with one die left and no checker marked: its steps straight to :meth:`leaves`."""
        i = 0
        while not self.left[i]:
            i += 1
        die = self.values[i]
        steps = self.board_steps(board, die, outside, 0)
        skip, limit = _NOTHING if prior is None else _skipped(prior, i)
        self.pips += die
        self.leaves(board, steps, skip, limit, guard, code, i)
        self.pips -= die

    def leaves(
        self,
        board: list[int],
        steps: list[tuple[int, int]],
        skip: Steps,
        limit: int,
        guard: int,
        code: int,
        i: int,
    ) -> None:
        """:meth:`play` for the last die left, no checker marked: each allowed step's result recorded, nothing entered."""
        judge, six_block = self.judge, self.six_block
        die = self.values[i]
        path = self.path
        seen = self.seen
        used = len(path) + 1
        shift = STEP_BITS * (used - 1)
        record_bit = 1 << (self.die_shift + i if used == 1 and self.per_die else used)
        for step in steps:
            if skip and skip.get(step, _ALL) < limit:
                continue
            src, dst = step
            child = board[:]
            kind = make_step_as(child, src, dst, self.contact, self.pool, self.hit_to_pool)
            hit = _HIT_OF_KIND[kind]
            if judge is not None:
                after = (
                    guard if not kind or six_block is None else six_block_guard(child, six_block)
                )
                if not judge.allows(child, src, dst, hit, after):
                    continue
            state = tuple(child)
            flags = seen.get(state, 0)
            if not flags & record_bit:
                seen[state] = flags | record_bit
                self.found.append((state, (*path, (src, dst, die, hit)), used, self.pips))
                self.codes.append(code | step_code(src, dst, die, hit) << shift)

    def first_marked(self, state: State, marks: int) -> bool:
        """Whether the node (``state``, ``marks`` not 0, the dice left) is entered for the first time (the memo of nodes with marks)."""
        node = (state, marks, self.left_code)
        if node in self.marked_nodes:
            return False
        self.marked_nodes.add(node)
        return True

    def sorted_visit(
        self, board: list[int], die: int, left: int, outside: int, rank: int, code: int
    ) -> None:
        """A double judged by the board alone: the steps in :data:`_RANK` order from ``rank`` on, every child a new candidate.

        The contract's exact shortcut (the native search's ``Rules::sorted``):
        with all dice equal, no step rule and no hitter rule, a sequence of
        steps may be replayed with its sources in the order the node tries
        them (the bar, the pool, 24 down to 1), each step still allowed and
        the end the same; so the first sequence reaching each state is
        sorted, and the sorted sequences alone give the same candidates in
        the same order. Two different sorted sequences move different
        multisets of checkers and never reach the same state (at the first
        source where they differ the mover's count differs), so nothing is
        looked up: no memo, no record.
        """
        path = self.path
        used = len(path) + 1
        shift = STEP_BITS * (used - 1)
        for src, dst in self.board_steps(board, die, outside, rank):
            child = board[:]
            kind = make_step_as(child, src, dst, self.contact, self.pool, self.hit_to_pool)
            hit = _HIT_OF_KIND[kind]
            path.append((src, dst, die, hit))
            child_code = code | step_code(src, dst, die, hit) << shift
            self.found.append((tuple(child), tuple(path), used, used * die))
            self.codes.append(child_code)
            if left > 1:
                below = _child_outside(outside, src, dst, self.zone)
                self.sorted_visit(child, die, left - 1, below, _RANK[src], child_code)
            path.pop()

    def board_steps(
        self, board: list[int], die: int, outside: int, rank: int
    ) -> list[tuple[int, int]]:
        """:func:`~nardy.engine.reference.single_steps` for one die, in its order, from the step ranked ``rank`` on.

        The same rulebook rules, asked more cheaply: ``outside`` is the
        count of checkers not home kept by the search; a point the mover
        holds or nobody holds is open without asking :func:`is_open` (its
        first clause); :func:`bear_off_by` is asked only when no
        checker is outside (it refuses first thing otherwise). ``rank``
        (:data:`_RANK`, 0 for all) leaves out the steps ranked before it.
        """
        steps: list[tuple[int, int]] = []
        contact = self.contact
        entry = entry_point(die)
        if self.enters and board[MOVER_BAR] > 0:
            if rank == 0 and (board[entry] >= 0 or is_open(board, entry, contact)):
                steps.append((MOVER_BAR, entry))
            if self.bar_first:  # (bar_first: a checker is on the bar)
                return steps
        pool = self.pool
        if (
            pool
            and rank <= 1
            and may_enter_from_pool(board, pool, self.bar_first)
            and (board[entry] >= 0 or is_open(board, entry, contact))
        ):
            steps.append((FROM_POOL, entry))
        for src in range(24 if rank <= 2 else 26 - rank, 0, -1):
            if board[src] > 0:
                dst = src - die
                if dst > 0:
                    if board[dst] >= 0 or is_open(board, dst, contact):
                        steps.append((src, dst))
                elif not outside and bear_off_by(board, src, dst, self.bear_off):
                    steps.append((src, MOVER_OFF))
        return steps


class _Judge:
    """A turn's step rule as the search judges it: what it declares from its data, the rest through its function.

    A :class:`~nardy.rules.turn_rules.StepRule` that declares what it is
    promises to refuse a step exactly when its declaration does
    (:mod:`nardy.rules.turn_rules`), so the declared rules are judged here
    without calling its ``check``: the floor (a step from ``floor_point``
    leaves fewer than ``floor``), the six-block rule after each step
    (:func:`~nardy.rules.six_block.six_block_allows` with the guard the
    search keeps), waiting (a watched step while a checker of the mover's
    waits in his pool, or his pool or bar) and each named rule by its own
    ``check`` (:mod:`nardy.rules.named`) on the steps the rule watches. A
    rule that declares none of these (or any rule, ``declared=False``) is
    asked through :func:`~nardy.engine.reference.step_allowed`, its
    function called.
    """

    def __init__(self, rules: TurnRules, declared: bool = True) -> None:
        rule = rules.step_rule
        assert rule is not None
        self.rules = rules
        self.pool = rules.movement.pool
        self.floor_point = rule.floor_point
        self.floor = rule.floor
        self.watch_from = rule.base_watch_from
        self.watch_to = rule.base_watch_to
        self.only_hits = rule.only_hits
        self.waiting = rule.waiting
        self.six_block: str | None = None
        named: list[NamedStep] = []
        for one in rule.named:
            # (Fevga's forbidden primes: the six-block rule after each step, by
            # exact type; judged on every landing, so not under only_hits.)
            if type(one) is SixBlockAfterStep and self.six_block is None and not self.only_hits:
                self.six_block = None if one.option == "off" else one.option
            else:
                named.append(one)
        self.named = tuple(named)
        if rule.six_block is not None and rule.six_block != "off":
            self.six_block = rule.six_block
        self.waits_on_bar = rule.waiting == "pool-or-bar"
        #: Whether any two steps it allows may be swapped (S4): declared waiting, whose counts only fall.
        self.swap_safe = declared and rule.waiting is not None
        #: Whether waiting or named rules judge the steps the masks watch.
        self.watched = rule.waiting is not None or bool(self.named)
        #: Whether the rule declares nothing: its function is called.
        self.undeclared = not declared or (
            rule.six_block is None and rule.waiting is None and not rule.named
        )

    def allows(self, board: list[int], src: int, dst: int, hit: bool, guard: int) -> bool:
        """Whether the step rule allows the step ``src -> dst`` (``hit``: it hit) that led to ``board``; ``guard``: its six-block guard."""
        if self.undeclared:
            return step_allowed(self.rules, board, src, dst, False, hit)
        if src == self.floor_point and board[src] < self.floor:
            return False
        # (BEFORE: the points the six-block rule looks at for this guard; the others it allows.)
        six_block = self.six_block is not None and dst != MOVER_OFF and (BEFORE[guard] >> dst) & 1
        if six_block and not six_block_allows(board, dst, guard):
            return False
        if not self.watched or not ((self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1):
            return True
        if self.waiting is not None:
            # Waiting: a checker of the mover's waits in his pool (or, "pool-or-bar", on his bar).
            pool = self.pool
            return not ((pool and board[pool] > 0) or (self.waits_on_bar and board[MOVER_BAR] > 0))
        if hit or not self.only_hits:
            return all(one.check(board, src, dst, hit) for one in self.named)
        return True


def _hitter_allows(rules: TurnRules, board: list[int], src: int, dst: int) -> bool:
    """The hitter rule for a marked checker's step: its ``check`` must pass; with none, it may not move."""
    hitter = rules.hitter_rule
    check = None if hitter is None else hitter.check
    return check is not None and check(board, src, dst)


def _skipped(prior: Prior, i: int) -> tuple[Steps, int]:
    """The steps of the ``i``-th die a node need not make (S4), and the place below which they lie.

    Every step the parent allowed of a die it tried before the step that
    led here (each reaches, after that step, a state the other order
    reached first), and those of the same die before that step; none of a
    die tried after.
    """
    here, tried, place = prior
    if i < tried:
        return here[i], _ALL
    return (here[i], place) if i == tried else _NOTHING


def _child_outside(outside: int, src: int, dst: int, zone: int) -> int:
    """The count of checkers not home (:func:`~nardy.rules.movement.count_not_home`) after a step ``src -> dst``.

    A step moves one checker of the mover's and nothing else of his (a hit
    or a pin moves the opponent's; his own pinned checkers stay): it counts
    as not home where it stands beyond the zone (a point above it, the bar,
    the pool), and not where it lands in the zone or off.
    """
    return outside - (src > zone) + (dst > zone)


def _radix_weights(counts: list[int]) -> list[int]:
    """What one die of each value is worth in the dice-left code: a digit of base count + 1 per value."""
    weights = []
    weight = 1
    for count in counts:
        weights.append(weight)
        weight *= count + 1
    return weights


def _checkers_at(board: list[int], marks: int, src: int) -> list[bool]:
    """Which checkers may leave ``src``, in order: unmarked (if one is there), then marked (if one is).

    A checker in the pool or on the bar has never hit this turn. (The board's
    steps leave only from where the mover has a checker: with no marks, an
    unmarked one.)
    """
    if not marks or src in (FROM_POOL, MOVER_BAR):
        return _UNMARKED
    marked = (marks >> (_MARK_BITS * src)) & _MARK_MASK
    kinds: list[bool] = []
    if board[src] > marked:
        kinds.append(False)
    if marked:
        kinds.append(True)
    return kinds


#: Whether a step of each kind (0 to 5, :func:`~nardy.rules.movement.make_step_as`'s answer) hit or pinned: :func:`~nardy.rules.movement.hit_or_pinned`, looked up.
_HIT_OF_KIND: tuple[bool, ...] = tuple(hit_or_pinned(kind) for kind in range(2 * RELEASES))


def _marks_after(marks: int, src: int, dst: int, marked: bool, hit: bool, rules: TurnRules) -> int:
    """The hitter rule's marking after a step (:func:`~nardy.rules.turn_rules.marks_after`, as counts: D1).

    A marked checker takes its mark along (off the board it is gone); an
    unmarked one that hits on a point within the rule's zone becomes marked.
    """
    if marked:
        marks -= 1 << (_MARK_BITS * src)
        return marks if dst == MOVER_OFF else marks + (1 << (_MARK_BITS * dst))
    hitter = rules.hitter_rule
    if hit and hitter is not None and dst <= hitter.zone:
        return marks + (1 << (_MARK_BITS * dst))
    return marks


def reaching(
    board: list[int],
    marks: int,
    left: tuple[int, ...],
    targets: dict[State, int],
    used: int,
    rules: TurnRules,
    memo: dict[tuple[State, int, tuple[int, ...]], bool],
) -> bool:
    """Whether some sequence of allowed steps from this node ends on a legal result with its dice count.

    The node is (``board``, ``marks``, the dice ``left`` as a sorted tuple of
    values), ``used`` dice played to reach it; ``targets`` maps each legal
    result's state to the dice its play uses. The node itself ends there
    when its state is a target of ``used`` dice. ``memo`` remembers the
    answer of each node asked (one dict for the whole turn).
    """
    state = tuple(board)
    if targets.get(state, -1) == used:
        return True
    if not left:
        return False
    node = (state, marks, left)
    known = memo.get(node)
    if known is None:
        known = any(
            reaching(child, child_marks, rest, targets, used + 1, rules, memo)
            for child, child_marks, rest, _ in children(board, marks, left, rules)
        )
        memo[node] = known
    return known


def children(
    board: list[int], marks: int, left: tuple[int, ...], rules: TurnRules
) -> list[tuple[list[int], int, tuple[int, ...], RawStep]]:
    """The allowed steps at a node, in the canonical order: each child's board, marks, dice left and the step.

    ``left`` is the dice left as a tuple of values; a value is tried once,
    in the order of its first appearance in ``rules.dice``.
    """
    out: list[tuple[list[int], int, tuple[int, ...], RawStep]] = []
    movement = rules.movement
    for die in distinct_dice(rules.dice):
        if die not in left:
            continue
        rest = list(left)
        rest.remove(die)
        for src, dst in single_steps(board, die, rules.contact, rules.enters, movement):
            for marked in _checkers_at(board, marks, src):
                child = list(board)
                kind = make_step_as(
                    child, src, dst, rules.contact, movement.pool, movement.hit_to_pool
                )
                hit = hit_or_pinned(kind)
                if step_allowed(rules, child, src, dst, marked, hit):
                    child_marks = _marks_after(marks, src, dst, marked, hit, rules)
                    out.append((child, child_marks, tuple(rest), (src, dst, die, hit)))
    return out
