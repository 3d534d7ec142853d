"""Legal plays from rules: choose a kernel, filter whole plays, apply maximum use.

This is the one path from a variant's data and per-turn rules to its legal
plays; :meth:`nardy.variants.base.Variant.legal_plays` calls :func:`legal_plays`.
The kernel is chosen from the rules' shape (the dice, the contact, which
rule objects there are) and from what the rule objects declare about
themselves (:mod:`nardy.rules.turn_rules`): a floor on one point, the
six-block rule, a hitter that stops or may not hide, a play filter that
judges each play alone. It never asks which function or class a rule is, so
a copy of a built-in rule object gets the built-in's search. The
declarations let four searches replace the general tracking kernel's on a
double (see :func:`choose_kernel`); each gives that kernel's answers. A
movement as data, three dice and a step rule on hitting contact have a
kernel of their own (:mod:`nardy.engine.kernels.moving`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from nardy.engine.kernels.board_only import search_ordered
from nardy.engine.kernels.general import BLOCK, HIT, PIN, search_tracking
from nardy.engine.kernels.hitter_doubles import (
    NO_LIMIT,
    no_hide_exchanges,
    search_marked_double,
    search_no_hide_double,
)
from nardy.engine.kernels.kush_double import search_kush_double
from nardy.engine.kernels.moving import search_moving
from nardy.engine.kernels.pins import search_pinning
from nardy.engine.kernels.position_rules import search_positional
from nardy.engine.results import Found, pips
from nardy.engine.state import (
    MOST_MOVES,
    MOVER_BAR,
    Candidate,
    State,
    code_of_steps,
    key_of,
    key_of_packed,
    packed_of_key,
    steps_of_code,
    unpack,
)
from nardy.rules.board import HEAD
from nardy.rules.maximum_use import maximum_use, shorter_plays_count
from nardy.rules.movement import DEFAULT_MOVEMENT, Movement
from nardy.rules.six_block import six_block_watch
from nardy.rules.turn_rules import (
    NO_HIDE,
    STOPS,
    EachPlayFilter,
    HitterRule,
    PlayFilter,
    StepRule,
    filter_six_block,
    judges_each_play,
)

__all__ = [
    "KERNELS",
    "KUSH_DOUBLE",
    "MARKED_DOUBLE",
    "MOVING",
    "NO_HIDE_DOUBLE",
    "ORDERED",
    "PINNING",
    "POSITIONAL",
    "TRACKING",
    "choose_kernel",
    "legal_plays",
    "max_use",
]

#: Kernel names, as :func:`choose_kernel` gives them.
ORDERED = "ordered"
PINNING = "pinning"
POSITIONAL = "positional"
TRACKING = "tracking"
#: A double under a hitter rule in non-increasing order of sources
#: (:func:`~nardy.engine.kernels.hitter_doubles.search_marked_double`).
MARKED_DOUBLE = "marked-double"
#: A double under the no-hide rule in every order
#: (:func:`~nardy.engine.kernels.hitter_doubles.search_no_hide_double`).
NO_HIDE_DOUBLE = "no-hide-double"
#: A Kush double whose six-block rule may refuse a move
#: (:func:`~nardy.engine.kernels.kush_double.search_kush_double`).
KUSH_DOUBLE = "kush-double"
#: A movement as data, three dice, or a step rule on hitting contact
#: (:func:`~nardy.engine.kernels.moving.search_moving`).
MOVING = "moving"
#: Every kernel name, for :func:`legal_plays`'s ``kernel``.
KERNELS = (
    ORDERED,
    PINNING,
    POSITIONAL,
    TRACKING,
    MARKED_DOUBLE,
    NO_HIDE_DOUBLE,
    KUSH_DOUBLE,
    MOVING,
)


def choose_kernel(
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    must_enter: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
    board: list[int] | None = None,
    movement: Movement | None = None,
) -> str:
    """The kernel that handles these rules.

    ``enters``: checkers on the bar enter with the dice (else they wait for
    a return); ``must_enter``: some are on the bar and must enter now.
    A ``movement`` other than today's (a pool, the bar not first, hits to
    the pool, another bear-off: :class:`~nardy.rules.movement.Movement`),
    dice that are neither two different values nor one value repeated
    (three dice), and a step rule that judges only hits
    (:attr:`StepRule.only_hits <nardy.rules.turn_rules.StepRule.only_hits>`)
    go to ``"moving"`` (:mod:`nardy.engine.kernels.moving`) when it fits
    them: hitting or blocking contact, checkers on the bar entering, no
    hitter rule (one dropped for want of a blot counts as none) or play
    filter, and at most four moves; else to ``"tracking"``.
    Else by the rules' shape:

    * ``"ordered"``: no per-step rule or filter, hitting or blocking
      contact, checkers on the bar enter (the board alone decides each
      step), no hitter rule or one that fits it (any rule on two dice,
      one that stops on a double: see :mod:`nardy.engine.kernels.board_only`),
      and at most four moves (:data:`~nardy.engine.state.MOST_MOVES`);
    * ``"pinning"``: pinning contact with no per-step rule, filter or
      hitter rule, nothing on a bar, and at most four moves;
    * ``"positional"``: blocking contact with a per-step rule or a filter,
      nothing to enter, and at most four moves;
    * ``"moving"``: hitting contact under a per-step rule, checkers on the
      bar entering, no hitter rule or filter, and at most four moves;
    * ``"tracking"``: everything else: pins under a rule, a hitter rule
      with a check on a double or beside another rule, hitting under a
      filter, and a double of more than four moves.

    With the position's ``board`` (the state as a list) the answer is the
    search :func:`legal_plays` runs on it, which may replace the tracking
    kernel's for a double of at most four moves (the same answers, found
    faster), by what the rule objects declare:

    * ``"marked-double"``: a hitter rule declared :data:`~nardy.rules.turn_rules.NO_HIDE`
      and nothing else, checkers on the bar entering, hitting contact,
      where non-increasing order is exact
      (:func:`~nardy.engine.kernels.hitter_doubles.no_hide_exchanges`);
      or a Kush double (below) where no block of six can form
      (:func:`~nardy.rules.six_block.six_block_watch`): only the floor on
      the head is left;
    * ``"no-hide-double"``: the same no-hide rule where that order is not
      exact: every order;
    * ``"kush-double"``: a step rule that declares the six-block rule
      (:attr:`StepRule.six_block <nardy.rules.turn_rules.StepRule.six_block>`)
      and at most a floor on the head, hitting contact, checkers on the bar
      waiting, a hitter rule that stops on any point (or none), and, when
      the rule leaves the six-block rule to the end of the turn
      (``six_block="off"``), no filter or one that declares that six-block
      rule (:class:`~nardy.rules.turn_rules.EachPlayFilter`).

    A hitter rule is dropped first when no lone opposing checker stands
    where it applies (nothing can be hit there), and a movement that moves
    as today's on the board
    (:meth:`~nardy.rules.movement.Movement.moves_as_default`: a pool, empty)
    is read as today's.
    """
    if board is not None and hitter is not None and contact != PIN:
        hitter = hitter if _blot_within(board, hitter.zone) else None  # (as legal_plays does)
    if movement is not None and board is not None and movement.moves_as_default(board):
        movement = None  # (as legal_plays does)
    simple_dice = len(dice) == 2 or dice.count(dice[0]) == len(dice)
    # (The kernels keep a play's code in a machine int: four moves.)
    short = len(dice) <= MOST_MOVES
    if (
        (movement is not None and not movement.is_default)
        or not simple_dice
        or (rule is not None and rule.only_hits)
    ):
        return MOVING if _moving_fits(contact, enters, hitter, play_filter, short) else TRACKING
    if simple_dice and hitter is not None:
        fits = len(dice) == 2 or hitter.kind == STOPS
        plain = rule is None and play_filter is None and enters and contact != PIN
        if fits and plain and short:
            return ORDERED
    elif simple_dice and contact == PIN:
        if rule is None and play_filter is None and not must_enter and short:
            return PINNING
    elif simple_dice and rule is None and play_filter is None and enters and short:
        return ORDERED
    elif simple_dice and contact == BLOCK and not must_enter and short:
        return POSITIONAL
    if (
        contact == HIT
        and rule is not None
        and _moving_fits(contact, enters, hitter, play_filter, short)
    ):
        return MOVING  # (a step rule on hitting contact: no double kernel takes it, entering)
    if board is None:
        return TRACKING
    return _double_kernel(board, rule, hitter, play_filter, dice, contact == HIT, enters)[0]


def _moving_fits(
    contact: int,
    enters: bool,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
    short: bool,
) -> bool:
    """Whether the moving kernel takes these rules: the board and a step rule decide each step.

    Hitting or blocking contact, checkers on the bar entering, no hitter
    rule or play filter, and at most four moves (``short``).
    """
    return short and enters and contact != PIN and hitter is None and play_filter is None


def _double_kernel(
    board: list[int],
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
    dice: tuple[int, ...],
    hitting: bool,
    enters: bool,
) -> tuple[str, int, int, str]:
    """The kernel for a turn the rules' shape gives the tracking kernel (see :func:`choose_kernel`).

    With the name, what a double's kernel is given: the points where the
    six-block rule may refuse a move
    (:func:`~nardy.rules.six_block.six_block_watch`), how many checkers may
    still leave the head, and the six-block option. ``hitter`` is the rule
    that applies (dropped already when nothing can be hit); ``hitting``:
    the contact is hitting.
    """
    name = TRACKING
    die = dice[0]
    if not 3 <= len(dice) <= MOST_MOVES or dice.count(die) != len(dice):
        return name, 0, 0, ""  # (a double's codes fit a machine int for four moves)
    zone = 0 if hitter is None else hitter.zone
    if rule is None:  # the no-hide rule alone?
        if hitter is None or hitter.kind != NO_HIDE or not enters or not hitting:
            return name, 0, 0, ""
        if play_filter is not None or zone > HEAD:
            return name, 0, 0, ""
        if no_hide_exchanges(board, die, zone):
            return MARKED_DOUBLE, 0, NO_LIMIT, ""
        return NO_HIDE_DOUBLE, 0, NO_LIMIT, ""
    # Kush's double: the six-block rule (judged after each step, or at the end), a head floor.
    declared = rule.six_block
    if declared is None or enters or not hitting or rule.floor_point not in (0, HEAD):
        return name, 0, 0, ""
    if hitter is not None and (hitter.kind != STOPS or zone != HEAD):
        return name, 0, 0, ""
    six_block = declared
    if declared == "off" and play_filter is not None:  # judged at the end, by the filter
        at_end = filter_six_block(play_filter)
        if at_end is None:
            return name, 0, 0, ""
        six_block = at_end
    elif play_filter is not None:
        return name, 0, 0, ""
    head_left = board[HEAD] - rule.floor if rule.floor_point else NO_LIMIT
    if head_left < 0:
        return name, 0, 0, ""
    watch = six_block_watch(board, die, len(dice), six_block)
    return (KUSH_DOUBLE if watch else MARKED_DOUBLE), watch, head_left, six_block


def max_use(found: Found, dice: tuple[int, ...], must_play_higher: bool) -> list[int] | None:
    """The maximum-use rule on a kernel's results: the indices kept, in order (``None``: all).

    :func:`nardy.rules.maximum_use.maximum_use` on the results' dice counts
    and packed plays.
    """
    return maximum_use(found.counts, found.codes, dice, must_play_higher, pips)


def legal_plays(
    packed: bytes,
    board: list[int],
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
    must_play_higher: bool,
    start: State = (),
    general: bool = False,
    movement: Movement | None = None,
) -> tuple[list[int], list[int]]:
    """The legal plays: the resulting keys and the packed steps, max-use applied.

    ``packed`` is the state the turn starts from (:mod:`nardy.engine.state`),
    ``board`` the same state as a list for the kernels to work on (changed
    in place and restored), ``start`` the same as a tuple if the caller has
    it (else empty); the resulting keys are still in the mover's frame.
    ``enters``: checkers on the bar enter first (else the dice never move
    them). A pass is no plays at all. The kernel is
    :func:`choose_kernel`'s for the board; ``general`` runs the general
    search (``"tracking"``) instead, which calls every rule object's
    functions and ignores their declarations (the same legal results,
    perhaps in another order: what :func:`nardy.testing.check_variant`
    compares with). ``movement``: the variant's
    :class:`~nardy.rules.movement.Movement` when it is not today's (``None``:
    today's), for the moving kernel or the general search.
    """
    key = key_of_packed(packed)
    if movement is not None and not general and movement.moves_as_default(board):
        movement = None  # (the general search keeps the movement: the check compares the two)
    if hitter is not None and contact != PIN and not _blot_within(board, hitter.zone):
        hitter = None  # nothing to hit where the rule applies: no checker gets marked
    if general:
        name = TRACKING
    else:
        must = enters and board[MOVER_BAR] > 0  # (must_enter, inline)
        name = choose_kernel(dice, contact, enters, must, rule, hitter, play_filter, None, movement)
    # Whether the filter is still to judge the kernel's results (a double's
    # kernels and the positional one with a filter that judges each play
    # alone judge it themselves).
    keep = play_filter is not None
    if name == ORDERED:
        if hitter is None:
            found = search_ordered(board, key, dice, contact == HIT)
        else:
            found = search_ordered(board, key, dice, contact == HIT, hitter.zone, hitter.check)
    elif name == PINNING:
        found = search_pinning(board, key, dice)
    elif name == MOVING:
        found = _moving(board, key, dice, contact == HIT, rule, movement)
    elif name == POSITIONAL:
        if play_filter is not None and judges_each_play(play_filter):
            each = cast(EachPlayFilter, play_filter)
            found = _positional_at_end(board, key, dice, rule, each, start or tuple(board))
            keep = False
        else:
            found = search_positional(board, key, dice, rule, keep)
    else:
        found, keep = _tracked(
            board, key, rule, hitter, play_filter, dice, contact, enters, general, movement
        )
    if keep and play_filter is not None:
        if judges_each_play(play_filter):
            found = _filtered_most_dice_first(found, play_filter, start or tuple(board))
        else:
            found = _filtered(found, play_filter, start or tuple(board))
    kept = maximum_use(found.counts, found.codes, dice, must_play_higher, pips)  # (max_use)
    if kept is None:
        return found.keys, found.codes
    return [found.keys[i] for i in kept], [found.codes[i] for i in kept]


def _tracked(
    board: list[int],
    key: int,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    general: bool,
    movement: Movement | None = None,
) -> tuple[Found, bool]:
    """The results of a turn the rules' shape gives the tracking kernel, and whether the filter is still to judge them.

    A double may go to a faster kernel by what its rule objects declare
    (:func:`choose_kernel`; never with ``general`` or a ``movement`` of its
    own, nor for a step rule that judges only hits), which judges the
    filter itself.
    """
    keep = play_filter is not None
    if general or movement is not None or (rule is not None and rule.only_hits):
        found = search_tracking(board, key, dice, contact, enters, rule, hitter, keep, movement)
        return found, keep
    name, watch, head_left, six_block = _double_kernel(
        board, rule, hitter, play_filter, dice, contact == HIT, enters
    )
    zone = 0 if hitter is None else hitter.zone
    if name == MARKED_DOUBLE:
        no_hide = rule is None  # (else Kush's double, whose hitter stops)
        found = search_marked_double(
            board, key, dice[0], len(dice), True, enters, zone, no_hide, head_left
        )
        return found, False  # (a Kush filter keeps every play: the rule can refuse none)
    if name == NO_HIDE_DOUBLE:
        return search_no_hide_double(board, key, dice[0], len(dice), zone), False
    if name == KUSH_DOUBLE:
        at_end = rule is not None and rule.six_block == "off"
        found = search_kush_double(
            board, key, dice[0], len(dice), head_left, six_block, watch, at_end
        )
        return found, False
    return search_tracking(board, key, dice, contact, enters, rule, hitter, keep), keep


def _moving(
    board: list[int],
    key: int,
    dice: tuple[int, ...],
    hitting: bool,
    rule: StepRule | None,
    movement: Movement | None,
) -> Found:
    """The moving kernel's results (:func:`~nardy.engine.kernels.moving.search_moving`) for these rules."""
    return search_moving(board, key, dice, hitting, movement or DEFAULT_MOVEMENT, rule)


def _positional_at_end(
    board: list[int],
    key: int,
    dice: tuple[int, ...],
    rule: StepRule | None,
    play_filter: EachPlayFilter,
    start: State,
) -> Found:
    """The positional kernel's results with a filter that judges each play alone judged on each play's end.

    What the filter and the maximum-use rule keep of every sequence
    (complete or stopped early), judged on the kernel's live board by the
    filter's end check (:meth:`~nardy.rules.turn_rules.EachPlayFilter.on_board`:
    blocking contact, so nothing is hit). The filter judges each play alone,
    so when an allowed maximal sequence uses as many dice as any sequence
    can, the maximal sequences hold every play the maximum-use rule keeps;
    only when none does are the shorter sequences searched as well
    (:func:`~nardy.rules.maximum_use.shorter_plays_count`).
    """
    end = play_filter.on_board(start, len(dice))
    if end is None:  # the rule refuses nothing: the maximal sequences hold every play kept
        return search_positional(board, key, dice, rule, False)
    found = search_positional(board, key, dice, rule, False, end)
    if not shorter_plays_count(found.counts, found.deepest):
        return found
    return search_positional(board, key, dice, rule, True, end)


def _blot_within(board: list[int], zone: int) -> bool:
    """Whether a lone opposing checker stands on one of the mover's points ``1..zone``.

    Only such a checker can be hit there: the opponent's checkers do not
    move during the mover's turn, and a hit leaves the mover's checker on
    the point. (Pins are different: releasing one makes a new lone checker.)
    """
    for p in range(1, zone + 1):  # noqa: SIM110 (a loop is faster than any() here)
        if board[p] == -1:
            return True
    return False


def _filtered_most_dice_first(found: Found, play_filter: PlayFilter, start: State) -> Found:
    """:func:`_filtered` for a filter that judges each candidate alone, as the maximum-use rule needs it.

    The candidates that use the most dice are filtered first, then those
    that use fewer, only while none is kept: the maximum-use rule keeps
    nothing else. (A filter that weighs the candidates against each other,
    as fevga's trap rule does, must see them all.)
    """
    counts = found.counts
    for n in sorted(set(counts), reverse=True):
        group = Found()
        for i in range(len(counts)):
            if counts[i] == n:
                group.keys.append(found.keys[i])
                group.codes.append(found.codes[i])
                group.counts.append(n)
        kept = _filtered(group, play_filter, start)
        if kept.keys:
            return kept
    return Found()


def _filtered(found: Found, play_filter: PlayFilter, start: State) -> Found:
    """The results a whole-play filter keeps, given to it as states and steps.

    A filter usually hands back some of the very candidates it was given,
    in order; such a candidate keeps the key and steps it was made from
    (the same as working them out again from its state and steps, without
    building a big int from 28 bytes). Any other candidate is read afresh.
    """
    size = len(start)
    candidates: list[Candidate] = [
        (unpack(packed_of_key(key, size)), steps_of_code(code), n, pips(code))
        for key, code, n in zip(found.keys, found.codes, found.counts)
    ]
    kept = Found()
    # Seen as plain objects: compiled, a tuple typed as such is unboxed when read from a
    # list, and boxed again as a new object for ``is``.
    given: Sequence[object] = candidates
    chosen: Sequence[object] = play_filter(start, candidates)
    total = len(given)
    after = 0  # where to look for the next candidate handed back
    for candidate in chosen:
        i = after
        while i < total and given[i] is not candidate:
            i += 1
        if i < total:
            kept.record(found.keys[i], found.codes[i], found.counts[i])
            after = i + 1
        else:
            state, steps, n, _ = cast(Candidate, candidate)
            kept.record(key_of(state), code_of_steps(steps), n)
    return kept
