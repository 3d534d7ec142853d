"""The reference search: every legal play of any variant, from its rules alone.

This is the plain statement of the search that the engine's two searches
(the native core and :mod:`nardy.engine.onesearch`) run faster. It runs any
variant made of class data and hooks, built-in or a user's, the plain way, in four steps:

1. **The turn's rules** (:func:`turn_rules`): the variant's hooks are asked
   exactly as :meth:`Variant.legal_plays <nardy.Variant.legal_plays>` asks
   them (the dice :meth:`~nardy.Variant.moves`, the
   :meth:`~nardy.Variant.turn_contact`, the
   :meth:`~nardy.Variant.step_rule`, :meth:`~nardy.Variant.hitter_rule` and
   :meth:`~nardy.Variant.play_filter`, the
   :meth:`~nardy.Variant.extra_plays`; not a hook the configuration names
   in :meth:`~nardy.Variant.unused_hooks`).
2. **Every sequence of legal steps** (:func:`every_sequence`), for every
   order of the dice and every checker at every step, also those stopped
   before the dice run out. A step is one the board allows
   (:func:`single_steps`: the rulebook's entering from the bar first,
   entering from the pool, open point and bear-off, by the variant's
   :class:`~nardy.rules.movement.Movement`), made by the rulebook
   (:func:`~nardy.rules.movement.make_step_as`: a hit checker to the bar
   or the pool), and kept when the turn's rule
   objects allow it (:func:`step_allowed`): the
   :class:`~nardy.rules.turn_rules.StepRule` on the steps its watch masks
   name (its check holds its floor), and for a checker that hit, followed
   checker by checker, the :class:`~nardy.rules.turn_rules.HitterRule`.
3. **The legal sequences** (:func:`legal_sequences`): the play filter on
   every sequence, then the maximum-use rule
   (:func:`~nardy.rules.maximum_use.maximum_use`) on what it kept.
4. **The plays** (:func:`reference_sequences`, :func:`reference_raw_plays`,
   :func:`reference_plays`): the extra plays added to the legal sequences,
   then one play per distinct resulting position, with one of its
   sequences; a pass when there is nothing.

No shortcut is taken: nothing explored is remembered, no order of the
dice or of the sources is skipped, no key is packed (plays are told apart
by their resulting states). It is slow (a double of fifteen checkers may
take a good part of a second) and meant to be read beside the rules; each
function names the rule it applies. A variant with a move generator of its
own (:meth:`~nardy.Variant.raw_plays` overridden) is searched from its
hooks all the same.

What it is for: the test suite checks both searches against it, on every
built-in variant and option set (the same resulting positions; the order
of the plays and their representative steps are the canonical ones of
:mod:`nardy.engine.onesearch`, which this search does not promise). A variant author can check the fast
path of his own variant the same way::

    from nardy.engine.reference import reference_plays

    for roll in nardy.ALL_ROLLS:
        fast = set(variant.legal_plays(position, roll).result_states())
        assert fast == {state for state, _ in reference_plays(variant, position, roll)}

This module imports nothing of the two searches: only the rulebook
(:mod:`nardy.rules`).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from nardy.rules.board import (
    BLOCK,
    FROM_POOL,
    HIT,
    MOVER_BAR,
    MOVER_OFF,
    PIN,
    Candidate,
    State,
    Steps,
)
from nardy.rules.maximum_use import maximum_use
from nardy.rules.movement import (
    DEFAULT_MOVEMENT,
    Movement,
    bar_first,
    bear_off_by,
    count_not_home,
    entry_point,
    hit_or_pinned,
    is_open,
    make_step_as,
    may_enter_from_pool,
    movement_of,
)
from nardy.rules.turn_rules import HitterRule, PlayFilter, StepCheck, StepRule
from nardy.rules.vocabulary import Contact, Entering

# The variant, its positions and rolls are above the engine: named for the type
# checker only (the signatures that name them write a state out as a tuple, so
# that the documentation does not look for the alias among these names).
if TYPE_CHECKING:
    from nardy.model.basics import Roll
    from nardy.model.position import Position
    from nardy.variants.base import Variant

__all__ = [
    "RawPlay",
    "TurnRules",
    "contact_code",
    "dice_orders",
    "every_sequence",
    "legal_sequences",
    "reference_plays",
    "reference_raw_plays",
    "reference_sequences",
    "single_steps",
    "step_allowed",
    "turn_rules",
    "watches",
]

#: A play: the resulting state (mover's frame, turn not passed) and its steps,
#: as :meth:`Variant.raw_plays <nardy.Variant.raw_plays>` gives them.
RawPlay = tuple[State, Steps]

# No checker has hit yet: the count of marked checkers on each point 0..25 (the bar's stays 0).
_NOBODY_MARKED: tuple[int, ...] = (0,) * (MOVER_BAR + 1)


class TurnRules:
    """One turn's rules, as a variant's hooks give them (see :func:`turn_rules`)."""

    def __init__(
        self,
        dice: tuple[int, ...],
        contact: int,
        enters: bool,
        step_rule: StepRule | None,
        hitter_rule: HitterRule | None,
        play_filter: PlayFilter | None,
        must_play_higher: bool,
        extra: list[RawPlay],
        movement: Movement = DEFAULT_MOVEMENT,
    ) -> None:
        #: The dice moves of the roll (two, four of a double, or what
        #: :meth:`~nardy.Variant.moves` says).
        self.dice = dice
        #: The contact in force: :data:`~nardy.rules.board.HIT`,
        #: :data:`~nardy.rules.board.BLOCK` or :data:`~nardy.rules.board.PIN`.
        self.contact = contact
        #: Whether checkers on the bar enter with the dice (else they wait).
        self.enters = enters
        #: The rule judged after each step, or ``None``.
        self.step_rule = step_rule
        #: What a checker that hit may do for the rest of the turn, or ``None``.
        self.hitter_rule = hitter_rule
        #: The whole-play filter, or ``None``.
        self.play_filter = play_filter
        #: The higher-die part of the maximum-use rule.
        self.must_play_higher = must_play_higher
        #: The plays that are not moves of the dice.
        self.extra = extra
        #: The variant's movement: its pool, the bar first or not, where a
        #: hit checker goes, the bear-off (:func:`~nardy.rules.movement.movement_of`).
        self.movement = movement


def contact_code(contact: Contact) -> int:
    """The rulebook's code (:mod:`nardy.rules.board`) of a variant's :class:`~nardy.Contact`."""
    if contact is Contact.HIT:
        return HIT
    return BLOCK if contact is Contact.BLOCK else PIN


def turn_rules(variant: Variant, start: tuple[int, ...], roll: Roll) -> TurnRules:
    """Ask the variant's hooks for one turn's rules, as :meth:`Variant.legal_plays <nardy.Variant.legal_plays>` does.

    ``start`` is the state the turn starts from (mover's frame). A movement
    hook the configuration leaves idle (:meth:`~nardy.Variant.unused_hooks`)
    is not asked; checkers on the bar enter with the dice unless they wait
    for a return (:attr:`Entering.RETURN <nardy.Entering.RETURN>`); the
    higher-die rule holds unless the variant has a ``must_play_higher``
    option that is false.
    """
    idle = variant.unused_hooks()
    return TurnRules(
        dice=tuple(variant.moves(roll)),
        contact=contact_code(variant.turn_contact(roll)),
        enters=variant.entering is not Entering.RETURN,
        step_rule=None if "step_rule" in idle else variant.step_rule(start, roll),
        hitter_rule=None if "hitter_rule" in idle else variant.hitter_rule(start, roll),
        play_filter=None if "play_filter" in idle else variant.play_filter(start, roll),
        must_play_higher=bool(getattr(variant, "must_play_higher", True)),
        extra=[] if "extra_plays" in idle else list(variant.extra_plays(start, roll)),
        movement=movement_of(variant),
    )


def dice_orders(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every order in which the dice may be played, each once (a double has one)."""
    return list(dict.fromkeys(permutations(dice)))


def single_steps(
    board: list[int],
    die: int,
    contact: int,
    enters: bool,
    movement: Movement = DEFAULT_MOVEMENT,
) -> list[tuple[int, int]]:
    """The steps ``(src, dst)`` the board allows for one die (the bar is 25, the pool 26, off is 0).

    A checker on the bar (when checkers on the bar enter) enters onto
    :func:`~nardy.rules.movement.entry_point`, if it is an open point
    (:func:`~nardy.rules.movement.is_open`); while the bar comes first
    (:func:`~nardy.rules.movement.bar_first`) that is the only step. Else
    also a checker of the pool
    (:func:`~nardy.rules.movement.may_enter_from_pool`) onto the same
    point, and every point holding a free checker of the mover's: a step
    onto an open point, or one past his 1-point that the bear-off rule
    allows (:func:`~nardy.rules.movement.bear_off_allowed` with the
    movement's :class:`~nardy.rules.movement.BearOff`, the checkers not in
    its zone counted by :func:`~nardy.rules.movement.count_not_home`).
    """
    steps: list[tuple[int, int]] = []
    entry = entry_point(die)
    if enters and board[MOVER_BAR] > 0:
        if is_open(board, entry, contact):
            steps.append((MOVER_BAR, entry))
        if bar_first(board, movement.bar_first):
            return steps
    pool = movement.pool
    if may_enter_from_pool(board, pool, movement.bar_first) and is_open(board, entry, contact):
        steps.append((FROM_POOL, entry))
    bear_off = movement.bear_off
    outside = count_not_home(board, contact, bear_off.zone, pool, bear_off.pinned_home)
    for src in range(24, 0, -1):
        if board[src] <= 0:
            continue
        dst = src - die
        if dst > 0:
            if is_open(board, dst, contact):
                steps.append((src, dst))
        elif not outside and bear_off_by(board, src, dst, bear_off):
            steps.append((src, MOVER_OFF))
    return steps


def step_allowed(
    rules: TurnRules, board: list[int], src: int, dst: int, marked: bool, hit: bool = False
) -> bool:
    """Whether the turn's rule objects allow the step ``src -> dst`` that led to ``board``.

    The :class:`~nardy.rules.turn_rules.StepRule`: its ``check`` is asked
    when the step leaves a point of ``watch_from`` or lands on one of
    ``watch_to``, and an unwatched step is allowed (the check and the masks
    hold the rule's floor, as the class documents); a rule that judges only
    hits (``only_hits``) is asked only when the step ``hit``. The
    :class:`~nardy.rules.turn_rules.HitterRule`, for a ``marked`` checker
    (one that hit where the rule's zone marks it): each later step must pass
    its ``check``, and with none it may not move again.
    """
    rule = rules.step_rule
    if rule is not None and watches(rule, src, dst) and (hit or not rule.only_hits):
        check: StepCheck = rule.check
        if not check(board, src, dst):
            return False
    if marked:
        hitter = rules.hitter_rule
        marked_check = None if hitter is None else hitter.check
        return marked_check is not None and marked_check(board, src, dst)
    return True


def watches(rule: StepRule, src: int, dst: int) -> bool:
    """Whether a :class:`~nardy.rules.turn_rules.StepRule` watches the step ``src -> dst``.

    It does when the source is in ``watch_from`` or the destination in
    ``watch_to`` (bit p for point p, bit 25 the bar, bit 26 the pool, bit 0
    off).
    """
    return bool((rule.watch_from >> src) & 1 or (rule.watch_to >> dst) & 1)


def every_sequence(start: State, rules: TurnRules) -> list[Candidate]:
    """Every sequence of legal steps, complete or stopped early, for every order of the dice.

    Each as ``(state, steps, dice used, pips used)``, the state (mover's
    frame) after its last step: what a play filter is handed
    (:data:`~nardy.rules.turn_rules.PlayFilter`). The empty sequence is not
    one.
    """
    found: list[Candidate] = []
    for order in dice_orders(rules.dice):
        _extend(list(start), _NOBODY_MARKED, order, (), rules, found)
    return found


def _extend(
    board: list[int],
    marks: tuple[int, ...],
    dice: tuple[int, ...],
    steps: Steps,
    rules: TurnRules,
    found: list[Candidate],
) -> None:
    """Note the sequence ``steps`` that reached ``board``, then play the next die by every checker.

    ``marks[p]``: how many of the mover's checkers on point ``p`` hit this
    turn (under a hitter rule). Checkers are told apart only that far: from
    a point the search moves an unmarked checker if there is one, and a
    marked one if there is one.
    """
    if steps:
        found.append((tuple(board), steps, len(steps), sum(step[2] for step in steps)))
    if not dice:
        return
    die = dice[0]
    movement = rules.movement
    for src, dst in single_steps(board, die, rules.contact, rules.enters, movement):
        for marked in _checkers_at(board, marks, src):
            after = list(board)
            kind = make_step_as(after, src, dst, rules.contact, movement.pool, movement.hit_to_pool)
            if not step_allowed(rules, after, src, dst, marked, hit_or_pinned(kind)):
                continue
            step = (src, dst, die, hit_or_pinned(kind))
            new_marks = _marks_after(marks, step, marked, rules.hitter_rule)
            _extend(after, new_marks, dice[1:], (*steps, step), rules, found)


def _checkers_at(board: list[int], marks: tuple[int, ...], src: int) -> list[bool]:
    """The kinds of checker that may leave ``src``: unmarked (if one is there), marked (if one is).

    A checker in the pool (``src`` :data:`~nardy.rules.board.FROM_POOL`) has
    never hit.
    """
    if src == FROM_POOL:
        return [False]
    kinds: list[bool] = []
    if board[src] > marks[src]:
        kinds.append(False)
    if marks[src]:
        kinds.append(True)
    return kinds


def _marks_after(
    marks: tuple[int, ...],
    step: tuple[int, int, int, bool],
    marked: bool,
    hitter: HitterRule | None,
) -> tuple[int, ...]:
    """Where the checkers that hit stand after ``step``: the hitter rule's marking.

    A marked checker stays marked where it goes (off, it is gone); an
    unmarked one that hits on a point within the rule's ``zone`` becomes
    marked.
    """
    src, dst, _, hit = step
    after = list(marks)
    if marked:
        after[src] -= 1
        if dst != MOVER_OFF:
            after[dst] += 1
    elif hit and hitter is not None and dst <= hitter.zone:
        after[dst] += 1
    return tuple(after)


def legal_sequences(start: State, rules: TurnRules) -> list[Candidate]:
    """The sequences that are legal plays: the play filter, then the maximum-use rule.

    The turn's play filter (if any) is handed every sequence
    (:func:`every_sequence`) and keeps those that may be played; the
    maximum-use rule and the higher-die rule
    (:func:`~nardy.rules.maximum_use.maximum_use`) then keep those that use
    the most dice. Every legal sequence is in the list, in every order it
    can be played (so a state may come more than once); an empty list when
    no die can be played.
    """
    candidates = every_sequence(start, rules)
    if rules.play_filter is not None:
        candidates = rules.play_filter(start, candidates)
    kept = maximum_use(
        [candidate[2] for candidate in candidates],
        list(range(len(candidates))),
        rules.dice,
        rules.must_play_higher,
        lambda i: candidates[i][3],
    )
    return candidates if kept is None else [candidates[i] for i in kept]


def reference_sequences(variant: Variant, start: tuple[int, ...], roll: Roll) -> list[RawPlay]:
    """Every legal way to play ``roll`` from the state ``start``: each as ``(resulting state, steps)``.

    The legal sequences of dice steps (:func:`legal_sequences`, a state may
    come more than once, once for each order it can be played in), then
    the variant's extra plays (:meth:`~nardy.Variant.extra_plays`, added
    after the maximum-use rule). Empty when nothing can be played: the
    play is then a pass.
    """
    rules = turn_rules(variant, start, roll)
    sequences = [(state, steps) for state, steps, _, _ in legal_sequences(start, rules)]
    return sequences + rules.extra


def reference_raw_plays(variant: Variant, start: tuple[int, ...], roll: Roll) -> list[RawPlay]:
    """The legal plays of ``roll`` from the state ``start``, found the reference way.

    One ``(resulting state, steps)`` per distinct resulting state (mover's
    frame, turn not passed), with the first of its sequences
    (:func:`reference_sequences`); ``[(start, ())]``, a pass, when there
    are none. The same form as :meth:`Variant.raw_plays
    <nardy.Variant.raw_plays>`, in an order of its own. Whether the game is
    over is not asked.
    """
    plays: dict[State, Steps] = {}
    for state, steps in reference_sequences(variant, start, roll):
        plays.setdefault(state, steps)
    return list(plays.items()) if plays else [(start, ())]


def reference_plays(variant: Variant, position: Position, roll: Roll) -> list[RawPlay]:
    """:func:`reference_raw_plays` of a :class:`~nardy.Position` (its :attr:`~nardy.Position.raw` state).

    The resulting states are those of
    :meth:`LegalPlays.result_states <nardy.LegalPlays.result_states>`,
    which the fast path must give for the same position and roll.
    """
    return reference_raw_plays(variant, position.raw, roll)
