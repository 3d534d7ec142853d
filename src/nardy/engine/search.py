"""Legal plays from rules: choose a kernel, filter whole plays, apply maximum use.

This is the one path from a variant's data and per-turn rules to its legal
plays; :meth:`nardy.variants.base.Variant.legal_plays` calls :func:`legal_plays`.
Two rule sets the general tracking kernel would search on a double have
faster searches that give the same answers (see ``_fast_double``): Caucasian
nardy's no-hide rule and Kush's doubles. That is the one place the engine
knows named rules (:mod:`nardy.rules`) rather than only their data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from nardy.engine.kernels.board_only import search_ordered
from nardy.engine.kernels.general import BLOCK, HIT, PIN, search_tracking
from nardy.engine.kernels.hitter_doubles import (
    HEAD,
    NO_LIMIT,
    no_hide_exchanges,
    search_marked_double,
    search_no_hide_double,
)
from nardy.engine.kernels.kush_double import search_kush_double
from nardy.engine.kernels.pins import search_pinning
from nardy.engine.kernels.position_rules import search_positional
from nardy.engine.results import Found, pips
from nardy.engine.state import (
    MOST_MOVES,
    MOVER_BAR,
    OPP_BAR,
    Candidate,
    State,
    code_of_steps,
    key_of,
    key_of_packed,
    packed_of_key,
    steps_of_code,
    unpack,
)
from nardy.rules.backgammon import no_hide_after_hit
from nardy.rules.kush import KushDoubleSteps
from nardy.rules.maximum_use import maximum_use, shorter_plays_count
from nardy.rules.six_block import SixBlockAtEnd, six_block_watch
from nardy.rules.turn_rules import HitterRule, PlayFilter, StepRule

__all__ = ["choose_kernel", "legal_plays", "max_use"]

#: Kernel names, as :func:`choose_kernel` gives them.
ORDERED = "ordered"
PINNING = "pinning"
POSITIONAL = "positional"
TRACKING = "tracking"


def choose_kernel(
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    must_enter: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
) -> str:
    """The kernel that handles these rules.

    ``enters``: checkers on the bar enter with the dice (else they wait for
    a return); ``must_enter``: some are on the bar and must enter now.

    * ``"ordered"``: no per-step rule or filter, hitting or blocking
      contact, checkers on the bar enter (the board alone decides each
      step), no hitter rule or one that fits it (any rule on two dice,
      one without a check on a double: see :mod:`nardy.engine.kernels.board_only`),
      and at most four moves (:data:`~nardy.engine.state.MOST_MOVES`);
    * ``"pinning"``: pinning contact with no per-step rule, filter or
      hitter rule, nothing on a bar, and at most four moves;
    * ``"positional"``: blocking contact with a per-step rule or a filter,
      nothing to enter, and at most four moves;
    * ``"tracking"``: everything else: pins under a rule, a hitter rule
      with a check on a double or beside another rule, hitting under a
      per-step rule or a filter, dice that are neither two different
      values nor one value repeated, and a double of more than four moves.
    """
    simple_dice = len(dice) == 2 or dice.count(dice[0]) == len(dice)
    if not simple_dice:
        return TRACKING
    # (The kernels keep a play's code in a machine int: four moves.)
    short = len(dice) <= MOST_MOVES
    if hitter is not None:
        fits = len(dice) == 2 or hitter.check is None
        plain = rule is None and play_filter is None and enters and contact != PIN
        return ORDERED if fits and plain and short else TRACKING
    if contact == PIN:
        plain = rule is None and play_filter is None and not must_enter
        return PINNING if plain and short else TRACKING
    if rule is None and play_filter is None and enters and short:
        return ORDERED
    if contact == BLOCK and not must_enter and short:
        return POSITIONAL
    return TRACKING


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
) -> tuple[list[int], list[int]]:
    """The legal plays: the resulting keys and the packed steps, max-use applied.

    ``packed`` is the state the turn starts from (:mod:`nardy.engine.state`),
    ``board`` the same state as a list for the kernels to work on (changed
    in place and restored), ``start`` the same as a tuple if the caller has
    it (else empty); the resulting keys are still in the mover's frame.
    ``enters``: checkers on the bar enter first (else the dice never move
    them). A pass is no plays at all. A double the tracking kernel would search goes to a faster
    exact search when one fits its rules (``_fast_double``).
    """
    key = key_of_packed(packed)
    if hitter is not None and contact != PIN and not _blot_within(board, hitter.zone):
        hitter = None  # nothing to hit where the rule applies: no checker gets marked
    must_enter = enters and board[MOVER_BAR] > 0
    kernel = choose_kernel(dice, contact, enters, must_enter, rule, hitter, play_filter)
    keep = play_filter is not None
    if kernel == ORDERED:
        if hitter is None:
            found = search_ordered(board, key, dice, contact == HIT)
        else:
            found = search_ordered(board, key, dice, contact == HIT, hitter.zone, hitter.check)
    elif kernel == PINNING:
        found = search_pinning(board, key, dice)
    elif kernel == POSITIONAL:
        if isinstance(play_filter, SixBlockAtEnd):
            found = _positional_at_end(board, key, dice, rule, play_filter, start or tuple(board))
            keep = False  # the filter is judged already
        else:
            found = search_positional(board, key, dice, rule, keep)
    else:
        fast = _fast_double(board, key, dice, contact, enters, rule, hitter, play_filter)
        if fast is not None:
            found = fast
            keep = False  # the filter is judged already
        else:
            found = search_tracking(board, key, dice, contact, enters, rule, hitter, keep)
    if keep and play_filter is not None:
        if isinstance(play_filter, SixBlockAtEnd):
            found = _filtered_most_dice_first(found, play_filter, start or tuple(board))
        else:
            found = _filtered(found, play_filter, start or tuple(board))
    kept = max_use(found, dice, must_play_higher)
    if kept is None:
        return found.keys, found.codes
    return [found.keys[i] for i in kept], [found.codes[i] for i in kept]


def _fast_double(
    board: list[int],
    key: int,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
) -> Found | None:
    """A double's results by a faster exact search, when one fits (else ``None``).

    Filtered already when the rules had a play filter. Two rule sets that
    would otherwise go to the tracking kernel, for doubles of at most four
    moves (:data:`~nardy.engine.state.MOST_MOVES`):

    * Caucasian nardy's no-hide rule (:func:`nardy.rules.backgammon.no_hide_after_hit`)
      and nothing else: :mod:`nardy.engine.kernels.hitter_doubles`, in non-increasing order
      when :func:`~nardy.engine.kernels.hitter_doubles.no_hide_exchanges` says that order is
      exact, else in every order;
    * a Kush double (:class:`nardy.rules.long_nardy.KushDoubleSteps`, the
      hitter stops, checkers on the bar wait). When no block of six can form
      (:func:`nardy.rules.six_block.six_block_watch`) only the head rule is left,
      a limit on moves from the 24-point: :mod:`nardy.engine.kernels.hitter_doubles`, and
      with the six-block rule judged at the end of the turn the variant's
      filter keeps every play. Otherwise :func:`nardy.engine.kernels.kush_double.search_kush_double`.
      The filter must be :class:`nardy.rules.long_nardy.SixBlockAtEnd` (any
      other filter goes the general way).
    """
    die = dice[0]
    if not 3 <= len(dice) <= MOST_MOVES or dice.count(die) != len(dice):
        return None  # (their codes fit a machine int for four moves)
    zone = 0 if hitter is None else hitter.zone
    if rule is None:
        if hitter is None or hitter.check is not no_hide_after_hit or not enters:
            return None
        if contact != HIT or play_filter is not None or zone > HEAD:
            return None
        if not no_hide_exchanges(board, die, zone):
            return search_no_hide_double(board, key, die, len(dice), zone)
        return search_marked_double(board, key, die, len(dice), True, True, zone, True, NO_LIMIT)
    check = rule.check
    if not isinstance(check, KushDoubleSteps) or enters or contact != HIT:
        return None
    if hitter is not None and (hitter.check is not None or zone != HEAD):
        return None
    if check.per_step:
        if play_filter is not None:
            return None
    elif not isinstance(play_filter, SixBlockAtEnd):
        return None
    head_left = check.limit - (check.on_head - board[HEAD])
    if head_left < 0 or board[OPP_BAR] != check.on_bar:
        return None
    watch = six_block_watch(board, die, len(dice), check.six_block)
    if not watch:
        return search_marked_double(board, key, die, len(dice), True, False, zone, False, head_left)
    return search_kush_double(board, key, die, len(dice), check, watch, not check.per_step)


def _positional_at_end(
    board: list[int],
    key: int,
    dice: tuple[int, ...],
    rule: StepRule | None,
    play_filter: SixBlockAtEnd,
    start: State,
) -> Found:
    """The positional kernel's results with the six-block rule judged on each play's end.

    What the filter and the maximum-use rule keep of every sequence
    (complete or stopped early), judged on the kernel's live board (no hit
    moves the guard). The rule judges each play alone, so when an allowed
    maximal sequence uses as many dice as any sequence can, the maximal
    sequences hold every play the maximum-use rule keeps; only when none
    does are the shorter sequences searched as well.
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
