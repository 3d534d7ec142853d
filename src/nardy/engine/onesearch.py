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
"""

from __future__ import annotations

from nardy.engine.reference import TurnRules, single_steps, step_allowed
from nardy.engine.state import code_of_steps
from nardy.rules.board import FROM_POOL, MOVER_BAR, MOVER_OFF, Candidate, RawStep, State
from nardy.rules.maximum_use import maximum_use
from nardy.rules.movement import HITS, PINS, RELEASES, make_step_as

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


def search(start: tuple[int, ...], rules: TurnRules) -> list[Result]:
    """The legal plays of one turn from the state ``start``, in the canonical order; ``[]`` is a pass.

    ``rules`` are the turn's (:func:`~nardy.engine.reference.turn_rules`).
    Each play is ``(state, code)``: its resulting state and its
    representative sequence packed (see the module docstring).
    """
    return finish(start, sequences(start, rules), rules)


def sequences(start: tuple[int, ...], rules: TurnRules) -> list[Candidate]:
    """The candidates of the depth-first search (steps 1-6 of the module docstring), in recording order.

    Each ``(state, steps, dice used, pips used)``, one per (state, dice
    used), or per (state, die) for one die of dice not all equal.
    """
    walk = _Walk(rules)
    if walk.left_total:
        walk.visit(list(start), 0)
    return walk.found


def finish(start: tuple[int, ...], candidates: list[Candidate], rules: TurnRules) -> list[Result]:
    """The legal plays from the search's candidates: the play filter, maximum use, one per state, the extra plays."""
    if rules.play_filter is not None:
        candidates = rules.play_filter(start, candidates)
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
            plays.append((state, code_of_steps(steps)))
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
    """One depth-first search: the dice left, the path from the root, the memo and the candidates."""

    def __init__(self, rules: TurnRules) -> None:
        self.rules = rules
        #: The dice values a node tries, in order, and how many of each are left.
        self.values = distinct_dice(rules.dice)
        self.left = [rules.dice.count(die) for die in self.values]
        self.left_total = len(rules.dice)
        # D3: one-die candidates are told apart by their die.
        self.per_die = len(self.values) > 1
        #: The steps from the root to the node being searched.
        self.path: list[RawStep] = []
        self.pips = 0
        #: The nodes entered: (state, marks, dice left).
        self.entered: set[tuple[State, int, tuple[int, ...]]] = set()
        #: What each candidate is recorded by: (state, dice used), or (state, -die).
        self.recorded: set[tuple[State, int]] = set()
        self.found: list[Candidate] = []

    def visit(self, board: list[int], marks: int) -> None:
        """Search below the node (``board``, ``marks``, the dice left): every die, every step, every checker."""
        rules = self.rules
        for i, die in enumerate(self.values):
            if not self.left[i]:
                continue
            self.left[i] -= 1
            self.left_total -= 1
            self.pips += die
            for src, dst in single_steps(board, die, rules.contact, rules.enters, rules.movement):
                for marked in _checkers_at(board, marks, src):
                    self.try_step(board, marks, src, dst, die, marked)
            self.pips -= die
            self.left_total += 1
            self.left[i] += 1

    def try_step(
        self, board: list[int], marks: int, src: int, dst: int, die: int, marked: bool
    ) -> None:
        """Make the step, judge it, record the child and search below it (once per node)."""
        rules = self.rules
        movement = rules.movement
        child = list(board)
        kind = make_step_as(child, src, dst, rules.contact, movement.pool, movement.hit_to_pool)
        hit = _hits(kind)
        # (Without a step rule an unmarked checker's step is allowed: the call is skipped.)
        if (marked or rules.step_rule is not None) and not step_allowed(
            rules, child, src, dst, marked, hit
        ):
            return
        self.path.append((src, dst, die, hit))
        state = tuple(child)
        self.record(state, die)
        if self.left_total:  # D2: a leaf is not remembered
            child_marks = _marks_after(marks, src, dst, marked, hit, rules)
            if self.first_time(state, child_marks):
                self.visit(child, child_marks)
        self.path.pop()

    def first_time(self, state: State, marks: int) -> bool:
        """Whether the node (``state``, ``marks``, the dice left) is entered for the first time (the memo).

        A node one step from the root is always new (D2): two steps of the
        root differ in the board, or in the die left, and there are no
        marks yet; it is not remembered either (no deeper path has its dice left).
        """
        if len(self.path) == 1:
            return True
        node = (state, marks, tuple(self.left))
        if node in self.entered:
            return False
        self.entered.add(node)
        return True

    def record(self, state: State, die: int) -> None:
        """Note the path to ``state`` as a candidate, unless one of the same dice (or die) reached it first."""
        used = len(self.path)
        key = (state, -die if used == 1 and self.per_die else used)
        if key not in self.recorded:
            self.recorded.add(key)
            self.found.append((state, tuple(self.path), used, self.pips))


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


def _hits(kind: int) -> bool:
    """Whether a step of ``kind`` (:func:`~nardy.rules.movement.step_kind`) hit or pinned a lone opposing checker.

    A release adds :data:`~nardy.rules.movement.RELEASES` to what the landing did.
    """
    landing = kind % RELEASES
    return landing in (HITS, PINS)


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
                hit = _hits(kind)
                if step_allowed(rules, child, src, dst, marked, hit):
                    child_marks = _marks_after(marks, src, dst, marked, hit, rules)
                    out.append((child, child_marks, tuple(rest), (src, dst, die, hit)))
    return out
