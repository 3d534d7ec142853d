"""One ply of nardy's own perft, set up for a variant and a start.

:func:`nardy.perft.perft` and :func:`nardy.perft.estimate` both expand
levels of states with it: :class:`PlyCounter` holds what the compiled loop
of :mod:`nardy.perft.fast` needs for a variant (its generator, its rolls,
how its finished states are told), and :func:`start_position` reads the
position a count starts from.
"""

from __future__ import annotations

from nardy.engine.state import ZERO
from nardy.errors import InvalidOptionError, NardyError
from nardy.model.position import Position
from nardy.model.registry import find_variant
from nardy.model.result import with_article
from nardy.perft import fast
from nardy.variants.base import Variant

__all__ = ["PlyCounter", "same_game", "start_position"]


class PlyCounter:
    """Expands levels of a variant whose turn is one play, from one start.

    Keys are the packed states in the frame of the side that has
    just played (what the generator returns); the root is the start turned
    back into that frame (turning round twice is the identity).
    """

    def __init__(self, rules: Variant, position: Position) -> None:
        self.rules = rules
        self.size = len(position.packed)
        self.flip = rules.packed_flipper()
        #: The distinct rolls, each with the number of ordered rolls it stands for.
        self.rolls = [
            (roll, round(roll.probability * 6 ** len(roll.faces))) for roll in rules.rolls()
        ]
        self.own_is_over = type(rules).is_over is not Variant.is_over
        self.all_off = rules.checkers + ZERO  # the borne-off byte of a side that is off
        self.first = position.turn
        self.root = self.flip(position.packed)
        self.grouped = _groups_exactly(rules) and not self.own_is_over

    def finished(self, key: bytes, n: int) -> bool:
        """Whether the state ``key`` reached after ``n`` plies is over."""
        if not self.own_is_over:
            return fast.finished_by_bytes(key, self.all_off)
        turn = self.first if n % 2 == 0 else self.first.opponent
        packed = self.flip(key)
        return self.rules.is_over(Position.from_packed(self.rules, turn, packed))

    def first_level(self) -> fast.Level:
        """The level of depth 0: the start with multiplicity 1 (both counts), unless it is over."""
        return {} if self.finished(self.root, 0) else {self.root: 1 | (1 << fast.SHIFT)}

    def expand(
        self, level: fast.Level, n: int, last: bool, progress: fast.Progress | None
    ) -> fast.Counts:
        """Expand ``level`` (the states after ``n - 1`` plies) by one ply (:func:`nardy.perft.fast.expand`)."""
        if self.grouped:
            return fast.expand_grouped(
                level, n, last, self.flip, self.rules.play_keys, self.rolls, self.all_off, progress
            )
        return fast.expand(
            level,
            n,
            last,
            self.flip,
            self.rules.play_keys,
            self.rolls,
            self.finished if self.own_is_over else None,
            self.all_off,
            progress,
        )


def _groups_exactly(rules: Variant) -> bool:
    """Whether ``nardy.perft.fast.expand_grouped`` is exact for this variant.

    It needs plays that change the opponent's checkers only by hitting them
    onto his bar. nardy's engine does that for every variant without extra
    state (pins are extra state); a variant defined outside nardy could add
    any play through its hooks, so it gets the plain loop.
    """
    return not type(rules).extra_fields() and type(rules).__module__.startswith("nardy.")


def start_position(rules: Variant, start: Position | str | None) -> Position:
    """The position a count of ``rules`` starts from: ``start``, or the variant's start.

    ``start`` is a :class:`~nardy.Position` or its ID (a nardy ID, or a
    gnubg Position ID for the backgammon family). A position of the same
    game is read under ``rules``' options when it names no option value
    they contradict (:func:`same_game`); any other raises
    :class:`~nardy.errors.InvalidOptionError`.
    """
    if start is None:
        return rules.starting_position()
    if isinstance(start, Position):
        position = start
    elif rules.gnubg_id_supported and len(start.strip()) == 14 and ":" not in start:
        position = Position.from_gnubg_id(rules, start)
    else:
        position = Position.from_id(start)
    if position.variant == rules:
        return position
    if not same_game(position.variant, rules):
        raise InvalidOptionError(
            f"the start {position.id()} is {with_article(position.variant.spec())} position, "
            f"not {rules.spec()}"
        )
    try:
        return Position.from_raw(rules, position.turn, position.raw)
    except NardyError as exc:
        raise type(exc)(
            f"the start {position.id()} is no position of {rules.spec()}: {exc}"
        ) from exc


def same_game(theirs: Variant, rules: Variant) -> bool:
    """Whether a position of ``theirs`` may be counted under ``rules``: the same game, no option against.

    The same variant class, and every option that ``theirs`` sets away from
    its default (those its spec names) has the same value in ``rules``; the
    options it leaves at their defaults take ``rules``' values. A position
    that names the base game (``acey-deucey:w:...``) is so counted under
    ``acey-deucey(natural_doubles=reroll)``; one that names another value
    of an option ``rules`` sets is not.
    """
    if type(theirs) is not type(rules):
        return False
    defaults = find_variant(theirs.name).options()
    wanted = rules.options()
    return all(wanted[k] == v for k, v in theirs.options().items() if v != defaults[k])
