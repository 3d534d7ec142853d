"""Long nardy and Kush: the same-direction, blocking family.

Both players move the same way round the board with their heads (starting
points) in opposite corners: in the mover's numbering his head is his
24-point and the opponent's head is his 12-point. Movement is data (rotate
geometry, blocking contact, no bar for long nardy); the head rule, the
six-block rule and Kush's rules are the named functions of
:mod:`nardy.rules.head`, :mod:`nardy.rules.six_block` and
:mod:`nardy.rules.kush` (one turn's step rule: :mod:`nardy.rules.long_nardy`),
wired here to the options. The documentation
pages ``variants/long-nardy`` and ``variants/kush`` give the rules in prose,
with every interpretation the library had to choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

import attrs

from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.model.result import ResultKind
from nardy.rules.head import HEAD, HEAD_EXCEPTIONS, head_limit
from nardy.rules.kush import kush_double_rule, kush_return
from nardy.rules.long_nardy import head_and_six_block_rule, roll_step_rule
from nardy.rules.six_block import SIX_BLOCK_CHECKS, SIX_BLOCK_RULES, SixBlockAtEnd
from nardy.rules.turn_rules import HitterRule, PlayFilter, RollRules, StepRule
from nardy.rules.vocabulary import Contact, Entering, Geometry
from nardy.variants.base import RawPlay, State, Variant
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.scoring import ScoringTable, points_option, scoring_table

# The end-of-turn filters: one per six-block rule (they hold nothing else).
_AT_END: dict[str, SixBlockAtEnd] = {name: SixBlockAtEnd(name) for name in SIX_BLOCK_RULES}
# Kush's hitter rule on a double: a checker that hits anywhere stops (one object for every turn).
_STOPS_ANYWHERE = HitterRule(24)

__all__ = ["Kush", "LongNardy"]


@attrs.frozen
class _LongFamily(Variant):
    """Shared data, options and rules of long nardy and Kush."""

    checkers: ClassVar[int] = 15
    start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({HEAD: 15})
    geometry: ClassVar[Geometry] = Geometry.ROTATE
    contact: ClassVar[Contact] = Contact.BLOCK
    gnubg_id_supported: ClassVar[bool] = False
    # Nardy players' custom: the opening winner takes white; games alternate.
    winner_takes_white: ClassVar[bool] = True
    next_game: ClassVar[str] = "alternate"
    result_names: ClassVar[Mapping[ResultKind, str]] = MappingProxyType(
        {ResultKind.SINGLE: "oin", ResultKind.GAMMON: "mars", ResultKind.BACKGAMMON: "koks"}
    )

    #: Which first-turn doubles let a second checker leave the head:
    #: ``"6-4-3"`` (default: 6-6, 4-4 and 3-3), ``"6-4"`` (6-6 and 4-4 only),
    #: ``"any-blocked-double"`` (any double that one checker leaving the head
    #: cannot play in full) or ``"head-only"`` (a double whose lone checker
    #: is stopped by the opponent's head, the mover's 12-point).
    head_exception: str = attrs.field(default="6-4-3", validator=choice(*HEAD_EXCEPTIONS))
    #: The six-block rule: ``"ahead"`` (default: a block of six is allowed
    #: once an opposing checker has passed it), ``"home"`` (allowed once an
    #: opposing checker has entered his home) or ``"off"``.
    six_block: str = attrs.field(default="ahead", validator=choice(*SIX_BLOCK_RULES))
    #: When the six-block rule is judged: ``"step"`` (default: after every
    #: checker move) or ``"turn"`` (only the final position of the turn).
    six_block_check: str = attrs.field(default="step", validator=choice(*SIX_BLOCK_CHECKS))
    #: If only one die of a non-double can be played and either could be,
    #: the higher must be played. False lets the player choose.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)
    #: Score koks (3 points): the loser has borne off none and has a
    #: checker in the winner's home quarter or earlier. Off by default.
    koks: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: Override of the points, lowest kind first: oin and mars (and koks
    #: with ``koks=True``), e.g. ``"1-2"``. ``None`` keeps 1/2/3.
    result_points: tuple[int, ...] | None = attrs.field(default=None, converter=points_option)

    def __attrs_post_init__(self) -> None:
        self.scoring_table()  # refuses result_points that do not fit

    def scoring_table(self) -> ScoringTable:
        """Oin 1 and mars 2 (the ``"russian"`` preset), or with koks 3 (``"standard"``)."""
        return scoring_table("standard" if self.koks else "russian", self.result_points)

    # --- the rules of a turn ----------------------------------------------------

    def _head_limit(self, start: State, roll: Roll) -> int:
        return head_limit(
            start, roll.high if roll.is_double else 0, self.head_exception, self.checkers
        )

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The head rule, and the six-block rule when it is judged after every step."""
        return head_and_six_block_rule(
            start,
            roll.high if roll.high == roll.low else 0,
            self.head_exception,
            self.six_block,
            self.six_block_check == "step",
            self.checkers,
        )

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """A roll's rules whatever the position: the head rule as data, the six-block rule after each step or at the end."""
        return RollRules(self._roll_step_rule(roll), play_filter=self.play_filter((), roll))

    def _roll_step_rule(self, roll: Roll) -> StepRule:
        return roll_step_rule(
            roll.high if roll.is_double else 0,
            self.head_exception,
            self.six_block,
            self.six_block_check == "step",
            self.checkers,
        )

    def unused_hooks(self) -> frozenset[str]:
        """The whole-play filter, unless the six-block rule is judged on the final position."""
        return frozenset() if self.six_block_check == "turn" else frozenset({"play_filter"})

    def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
        """With ``six_block_check="turn"``: the six-block rule judged on the final position."""
        return _AT_END[self.six_block] if self.six_block_check == "turn" else None


@register_variant
@attrs.frozen
class LongNardy(_LongFamily):
    """Long nardy (long backgammon, narde): no hitting, a head, the six-block rule.

    Each side starts with all 15 checkers on its head, its own 24-point;
    both move the same way round, so the opponent's head is the mover's
    12-point. A point holding any opposing checker is closed and nothing is
    ever hit. Results: oin (1 point), mars (2) and, with ``koks=True``,
    koks (3). The rules in prose: the ``variants/long-nardy`` page.

    Args:
        head_exception: which first-turn doubles let a second checker leave
            the head: ``"6-4-3"`` (default), ``"6-4"``,
            ``"any-blocked-double"`` or ``"head-only"``.
        six_block: ``"ahead"`` (default; a block of six is allowed once an
            opposing checker has passed it), ``"home"`` (once one has
            entered his home) or ``"off"``.
        six_block_check: ``"step"`` (default; judged after every checker
            move) or ``"turn"`` (judged on the final position).
        must_play_higher: when only one die of a non-double can be played
            and either could be, the higher must be (default True).
        koks: score koks, 3 points (default False).
        result_points: other points for oin, mars (and koks), lowest first.

    """

    name: ClassVar[str] = "long-nardy"
    aliases: ClassVar[tuple[str, ...]] = ("long backgammon", "narde", "nardy", "длинные нарды")
    has_bar: ClassVar[bool] = False


@register_variant
@attrs.frozen
class Kush(_LongFamily):
    """Kush ("dynamic" long nardy): long nardy where a double may hit or bring checkers back.

    On a non-double the long-nardy rules apply unchanged. On a double the
    mover either plays four moves in which landing on a lone opposing
    checker hits it (the hitter stops there), or returns ``min(d, bar)``
    checkers from his bar onto his head (impossible while an opposing
    checker stands there: :func:`nardy.rules.kush.kush_return`).
    Checkers on the bar do not stop the others from moving, but no checker
    is borne off while one is on the bar. A bar return is the step
    ``Step(BAR, 24, d)``, written ``bar/24``. The options are
    :class:`LongNardy`'s; the rules and their stated interpretation: the
    ``variants/kush`` page.
    """

    name: ClassVar[str] = "kush"
    aliases: ClassVar[tuple[str, ...]] = ("куш",)
    has_bar: ClassVar[bool] = True
    entering: ClassVar[Entering] = Entering.RETURN
    uniform_dice_use: ClassVar[bool] = False

    def turn_contact(self, roll: Roll) -> Contact:
        """Blocking, but hitting on a double."""
        return Contact.HIT if roll.is_double else Contact.BLOCK

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule | None:
        """On a double, a checker that hits stops there for the rest of the turn."""
        return _STOPS_ANYWHERE if roll.is_double else None

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """As in long nardy; on a double the six-block guard moves when a hit leaves the board."""
        if not roll.is_double:
            # Long nardy's rule (super().step_rule), called here: this runs
            # every turn, and the super object and a frame cost a tenth of it.
            return head_and_six_block_rule(
                start,
                0,
                self.head_exception,
                self.six_block,
                self.six_block_check == "step",
                self.checkers,
            )
        return kush_double_rule(
            start, self._head_limit(start, roll), self.six_block, self.six_block_check == "step"
        )

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """As in long nardy; on a double also the hitter that stops and the return from the bar."""
        if not roll.is_double:
            return super().roll_rules(roll)
        at_end = self.play_filter((), roll)
        return RollRules(self._roll_step_rule(roll), _STOPS_ANYWHERE, at_end, returns=True)

    def extra_plays(self, start: State, roll: Roll) -> list[RawPlay]:
        """On a double, returning checkers from the bar onto the head."""
        if not roll.is_double:
            return []
        back = kush_return(start, roll.high)
        return [] if back is None else [back]
