"""One turn's rules as the flat table the native core reads (version 1), or ``None`` when they are not all data.

:func:`native_table` writes the rules a variant's hooks gave for one turn
(:class:`~nardy.engine.reference.TurnRules`) as a tuple of ints, the table
of the contract's section 6: the movement and dice, the hitter rule, the
play filter and the named step rules, each by its code. It does so only
when every part of those rules is one the core knows by name, read from
what the rule objects *declare* (:mod:`nardy.rules.turn_rules`,
:mod:`nardy.rules.named`), never from which function they hold: a step
rule whose check declares nothing, a hitter rule of kind ``""``, a play
filter that is neither the six-block rule at the end of the turn nor
fevga's :class:`~nardy.rules.tavli.OpenTrap`, or extra plays other than
Kush's return give ``None``, and the Python search calls the functions
instead (slower, never wrong).
"""

from __future__ import annotations

from typing import Final

from nardy.engine.reference import TurnRules
from nardy.rules.board import BASE_SIZE, EXTRA, HEAD, MOVER_BAR, PIN, RawStep, State, Steps
from nardy.rules.named import (
    HEAD_LIMIT_MODES,
    HeadLimit,
    HitsNeedHome,
    Locked,
    LoneStarter,
    MaxHeld,
    MaxHeldAlways,
    PoolFirst,
    SixBlockAfterStep,
)
from nardy.rules.tavli import OpenTrap
from nardy.rules.turn_rules import (
    NO_HIDE,
    STOPS,
    WAITING,
    HitterRule,
    NamedStep,
    PlayFilter,
    StepRule,
    filter_six_block,
)

__all__ = [
    "FILTER_CODES",
    "HITTER_CODES",
    "MOST_DICE",
    "MOST_STATE",
    "SIX_BLOCK_CODES",
    "STEP_CODES",
    "VERSION",
    "native_table",
]

#: The table's version (its first int).
VERSION: Final = 1
#: A hitter rule's kind, by its code (0: no hitter rule).
HITTER_CODES: Final = {STOPS: 1, NO_HIDE: 2}
#: The play filter's code: 1 the six-block rule at the end, 2 fevga's open-the-trap (0: none).
FILTER_CODES: Final = {"six-block-at-end": 1, "open-trap": 2}
#: A six-block option's code.
SIX_BLOCK_CODES: Final = {"ahead": 1, "home": 2, "off": 3}
#: A named step rule's code: Floor 1, SixBlockStep 2, Waiting 3, then the rules of :mod:`nardy.rules.named`
#: (HeadLimit 9: point, checkers, double, doubles, mode; MaxHeldAlways 10: points, most).
STEP_CODES: Final = {
    "floor": 1,
    SixBlockAfterStep: 2,
    "waiting": 3,
    PoolFirst: 4,
    HitsNeedHome: 5,
    Locked: 6,
    LoneStarter: 7,
    MaxHeld: 8,
    HeadLimit: 9,
    MaxHeldAlways: 10,
}
#: The most dice moves a table holds (a k-move segment of up to eight).
MOST_DICE: Final = 8
#: The longest state a table speaks of: 28 ints and eight extra fields.
MOST_STATE: Final = 44
# Waiting's modes, by code.
_WAITING_CODES: Final = {mode: i + 1 for i, mode in enumerate(WAITING)}
# Where the points of a rule's bitmask may lie: off (bit 0) and the points 1..24 (landings), or the points only.
_LANDINGS: Final = (1 << 25) - 1
_POINTS: Final = _LANDINGS & ~1


def native_table(
    rules: TurnRules, state_size: int, returns: bool | None = None
) -> tuple[int, ...] | None:
    """The flat table (version 1) of one turn's ``rules`` for states of ``state_size`` ints, or ``None``.

    ``None`` when some part of the rules is not data the core knows (see
    the module docstring), or the movement does not fit the state (a pool
    or pins outside it). ``returns`` (a roll's rules,
    :class:`~nardy.rules.turn_rules.RollRules`): whether Kush's return is
    among the plays, instead of reading it from the extra plays (which
    must then be empty); ``None`` only where the core may make it.
    """
    movement = rules.movement
    pool = movement.pool
    if not _fits(rules.contact, pool, state_size) or not 1 <= len(rules.dice) <= MOST_DICE:
        return None
    hitter = _hitter(rules.hitter_rule)
    play_filter = _filter(rules.play_filter)
    steps = _step_rules(rules.step_rule, pool)
    if returns is None:
        returns = _returns(rules.extra, rules.dice, rules.enters)
    elif rules.extra or (returns and not _may_return(rules.dice, rules.enters)):
        returns = None
    if hitter is None or play_filter is None or steps is None or returns is None:
        return None
    head = (
        VERSION,
        rules.contact,
        int(rules.enters),
        pool,
        int(movement.hit_to_pool),
        int(movement.bar_first),
        movement.bear_off.zone,
        int(movement.bear_off.larger) | int(movement.bear_off.pinned_home) << 1,
        int(rules.must_play_higher),
        int(returns),
        *hitter,
        *play_filter,
        state_size,
    )
    named = [number for rule in steps for number in rule]
    return (*head, len(rules.dice), *rules.dice, len(steps), *named)


def _fits(contact: int, pool: int, state_size: int) -> bool:
    """Whether the state has room for what the movement reads: two ints an extra field, the pins and the pool in it."""
    if not BASE_SIZE <= state_size <= MOST_STATE or (state_size - BASE_SIZE) % 2:
        return False
    if contact == PIN and state_size < EXTRA + 2:
        return False
    return not pool or (EXTRA <= pool < state_size - 1 and (pool - EXTRA) % 2 == 0)


def _hitter(rule: HitterRule | None) -> tuple[int, int] | None:
    """``(kind code, zone)`` of the hitter rule, ``(0, 0)`` for none, ``None`` for one that declares no kind."""
    if rule is None:
        return (0, 0)
    code = HITTER_CODES.get(rule.kind)
    if code is None or type(rule.zone) is not int or not 1 <= rule.zone <= 24:
        return None
    return (code, rule.zone)


def _filter(play_filter: PlayFilter | None) -> tuple[int, int] | None:
    """``(filter code, six-block option code)``; ``None`` for a filter that is not one of the two named."""
    if play_filter is None:
        return (0, 0)
    six_block = filter_six_block(play_filter)
    if six_block is not None:
        option = SIX_BLOCK_CODES.get(six_block)
        return None if option is None else (FILTER_CODES["six-block-at-end"], option)
    if type(play_filter) is OpenTrap:
        return (FILTER_CODES["open-trap"], 0)
    return None


def _step_rules(rule: StepRule | None, pool: int) -> list[tuple[int, ...]] | None:
    """The step rule as named rules, each ``(code, parameters...)``; ``None`` when it declares nothing the core knows."""
    if rule is None:
        return []
    out: list[tuple[int, ...]] = []
    if rule.floor_point:
        if not 1 <= rule.floor_point <= 24:
            return None
        if not -128 <= rule.floor <= 127:
            return None
        out.append((STEP_CODES["floor"], rule.floor_point, rule.floor))
    if rule.six_block is not None:
        option = SIX_BLOCK_CODES.get(rule.six_block)
        if option is None or rule.only_hits:
            return None
        if rule.six_block != "off":  # ("off" refuses nothing)
            out.append((STEP_CODES[SixBlockAfterStep], option))
        return out
    if rule.waiting is not None:
        points = rule.base_watch_to
        if rule.base_watch_from or points & ~_LANDINGS:
            return None
        return [*out, (STEP_CODES["waiting"], _WAITING_CODES[rule.waiting], points)]
    if not rule.named:
        return None
    for named in rule.named:
        written = _named(named, pool, rule.only_hits)
        if written is None:
            return None
        out.append(written)
    # (The core reads one head limit at most.)
    return None if sum(type(named) is HeadLimit for named in rule.named) > 1 else out


def _named(rule: NamedStep, pool: int, only_hits: bool) -> tuple[int, ...] | None:
    """One rule of :mod:`nardy.rules.named` as ``(code, parameters...)``, or ``None``.

    A rule asked only about hits (``only_hits``) is written only when it
    judges nothing else (:class:`~nardy.rules.named.HitsNeedHome`).
    """
    # (By exact type: a subclass may judge otherwise, and declares nothing.)
    code = STEP_CODES.get(type(rule))
    if code is None or (only_hits and type(rule) is not HitsNeedHome):
        return None
    if type(rule) is SixBlockAfterStep:
        return None if rule.option == "off" else (code, SIX_BLOCK_CODES[rule.option])
    if type(rule) is PoolFirst:
        return (code,) if rule.pool == pool and pool else None
    if type(rule) is LoneStarter:
        return (code, rule.checkers) if 0 <= rule.checkers <= 127 else None
    if type(rule) is HeadLimit:
        mode = HEAD_LIMIT_MODES.index(rule.mode)
        valid = 0 <= rule.checkers <= 127
        return (code, rule.point, rule.checkers, rule.double, rule.doubles, mode) if valid else None
    if isinstance(rule, (MaxHeld, MaxHeldAlways)):  # (exact types: a subclass has no code)
        valid = not rule.points & ~_POINTS and 0 <= rule.most <= 24
        return (code, rule.points, rule.most) if valid else None
    return (code,)  # HitsNeedHome, Locked: no parameters


def _may_return(dice: tuple[int, ...], enters: bool) -> bool:
    """Whether the core makes a return on these dice: a double of two moves or more whose bar checkers wait."""
    return not enters and len(dice) >= 2 and len(set(dice)) == 1


def _returns(extra: list[tuple[State, Steps]], dice: tuple[int, ...], enters: bool) -> bool | None:
    """Whether the extra plays are Kush's return (True), none (False), or something else (``None``).

    A return is possible only on a double whose checkers on the bar wait
    (do not enter), of two moves or more (the core's rule: a segment of one
    move of a double, where a variant's hook offers a return, goes to the
    Python search); it is then one play of ``min(d, bar)`` steps ``bar/24``
    (:func:`~nardy.rules.kush.kush_return`), each checked against the state
    it reaches.
    """
    if not extra:
        return False
    if not _may_return(dice, enters) or len(extra) != 1:
        return None
    state, steps = extra[0]
    die = dice[0]
    step: RawStep = (MOVER_BAR, HEAD, die, False)
    n = len(steps)
    if not 1 <= n <= die or steps != (step,) * n or len(state) <= MOVER_BAR:
        return None
    # The start it came from: n checkers back on the bar; all returned (n = die) or the bar emptied.
    full = n == die or state[MOVER_BAR] == 0
    return True if full and state[HEAD] - n >= 0 else None
