"""Legal plays from rules: choose a kernel, filter whole plays, apply maximum use.

This is the one path from a variant's data and per-turn rules to its legal
plays; :meth:`nardy.variant.Variant.legal_plays` calls :func:`legal_plays`.
"""

from __future__ import annotations

from collections.abc import Iterable

from nardy.engine.layout import MOVER_BAR, Candidate, State, Steps
from nardy.engine.ordered import search_ordered
from nardy.engine.positional import search_positional
from nardy.engine.tracking import BLOCK, HIT, PIN, search_tracking
from nardy.engine.turn import HitterRule, PlayFilter, StepRule

__all__ = ["choose_kernel", "legal_plays", "max_use"]

#: Kernel names, as :func:`choose_kernel` gives them.
ORDERED = "ordered"
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

    * ``"ordered"``: no per-step rule, filter or hitter rule, hitting or
      blocking contact, checkers on the bar enter (the board alone decides
      each step);
    * ``"positional"``: blocking contact with a per-step rule or a filter,
      and nothing to enter;
    * ``"tracking"``: everything else: pins, a hitter rule, hitting under a
      per-step rule or a filter, or dice that are neither two different
      values nor one value repeated.
    """
    simple_dice = len(dice) == 2 or dice.count(dice[0]) == len(dice)
    if contact == PIN or hitter is not None or not simple_dice:
        return TRACKING
    if rule is None and play_filter is None and enters:
        return ORDERED
    if contact == BLOCK and not must_enter:
        return POSITIONAL
    return TRACKING


def max_use(
    candidates: Iterable[Candidate], dice: tuple[int, ...], must_play_higher: bool
) -> list[tuple[State, Steps]]:
    """The maximum-use rule over the candidate sequences, in their order.

    Keep the plays that use the most dice; when that is one die of two
    different dice and ``must_play_higher``, keep only those that use the
    highest die that can be used.
    """
    found = candidates if isinstance(candidates, list) else list(candidates)
    if not found:
        return []
    most = max([c[2] for c in found])
    if most == 1 and must_play_higher and len(set(dice)) > 1:
        top = max([c[3] for c in found if c[2] == 1])
        return [(c[0], c[1]) for c in found if c[2] == 1 and c[3] == top]
    return [(c[0], c[1]) for c in found if c[2] == most]


def legal_plays(
    start: State,
    dice: tuple[int, ...],
    contact: int,
    enters: bool,
    rule: StepRule | None,
    hitter: HitterRule | None,
    play_filter: PlayFilter | None,
    must_play_higher: bool,
) -> list[tuple[State, Steps]]:
    """The legal plays as ``(resulting state, steps)``, max-use applied; ``[]`` for a pass.

    The resulting states are still in the mover's frame. ``enters``: checkers
    on the bar enter first (else the dice never move them).
    """
    must_enter = enters and start[MOVER_BAR] > 0
    kernel = choose_kernel(dice, contact, enters, must_enter, rule, hitter, play_filter)
    keep = play_filter is not None
    if kernel == ORDERED:
        found = search_ordered(start, dice, contact == HIT)
    elif kernel == POSITIONAL:
        found = search_positional(start, dice, rule, keep)
    else:
        found = search_tracking(start, dice, contact, enters, rule, hitter, keep)
    candidates: Iterable[Candidate] = found.values()
    if play_filter is not None:
        candidates = play_filter(start, list(candidates))
    return max_use(candidates, dice, must_play_higher)
