"""Acey-deucey: every checker starts off the board, and a 1-2 names a double and rolls again.

The board is backgammon's (mirror geometry, hitting, a bar) with all
fifteen checkers of each side in the pool (:data:`nardy.POOL`); they enter
on the opponent's home board like checkers from the bar and may move as
soon as they are in. What is data: the pool, where a hit checker goes
(``hit_to``), the bear-off (``bear_off``). What is a rule: the three
restrictions on single moves (``entering="all-first"``,
``hitting="after-home"``, ``opening_lock``), one
:class:`~nardy.StepRule` judged after each step, and the turn
(:class:`~nardy.variants.turn_hooks.TurnHooks`): the 1-2 followed by a
double the player names and a roll again, and the options on natural
doubles. The documentation page (``docs/variants/acey-deucey.rst``) gives
the rules in prose with every option and worked examples.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

import attrs

from nardy.model.basics import Roll
from nardy.model.registry import register_variant
from nardy.model.result import ResultKind
from nardy.rules.movement import BearOff
from nardy.rules.named import Locked, home_before
from nardy.rules.turn_rules import StepRule
from nardy.rules.vocabulary import Geometry
from nardy.variants.base import State
from nardy.variants.options import choice, is_bool, read_bool
from nardy.variants.pool_rules import (
    POOL_AT,
    PoolVariant,
    entry_rules,
    hit_after_home,
    pool_backgammon,
    pool_scoring,
)
from nardy.variants.scoring import ScoringTable, one_point

if TYPE_CHECKING:
    from nardy.model.play import Play
    from nardy.model.position import Position
    from nardy.model.turns import TurnState, TurnStep

__all__ = ["ACE_DEUCE", "AceyDeucey", "hit_after_home", "home_before", "pool_backgammon"]

#: The roll 1-2 (the "acey-deucey").
ACE_DEUCE = Roll(2, 1)

# The three restrictions (section M) as named rules (nardy.rules.named): the
# step rules declare them, so a search that knows them runs them itself; the
# two acey-deucey shares with the other pool games are nardy.variants.pool_rules's.
# (home_before and hit_after_home lived here and are still importable from here.)
_LOCKED = Locked()


def _refuse(board: list[int], src: int, dst: int) -> bool:
    """The opening lock (AD2): every move refused, so the roll is a pass."""
    return _LOCKED.check(board, src, dst, False)


def _complement(double: Roll) -> Roll:
    """The double of the opposite face (7 - d), played after ``double`` in the complement options."""
    return Roll(7 - double.high, 7 - double.high)


_K = ResultKind
_SCORING: Mapping[str, ScoringTable] = MappingProxyType(
    {
        "per-checker": one_point("per-checker", left=True),
        "single": one_point(),
        "standard": pool_scoring(),
    }
)


@register_variant
@attrs.frozen
class AceyDeucey(PoolVariant):
    """Acey-deucey: all fifteen start in the pool; a 1-2 names a double, then the player rolls again.

    Backgammon's board and moves (mirror geometry, hitting, a bar, the bar
    first), no doubling cube. Checkers enter from the pool on the
    opponent's home board (a die d on the mover's point 25 - d) and may
    move on at once. A roll of 1-2 is played as the 1 and the 2; if both
    were played the player names any double and plays it, and if he played
    all four moves of it he rolls again. The loser pays one point per
    checker he has not borne off (``scoring="per-checker"``).

    Args:
        entering: ``"free"`` (default: entering and moving mix) or
            ``"all-first"`` (while the pool holds a checker only entries).
        opening_lock: a player with all fifteen in the pool passes any roll
            but a double or a 1-2 (default False).
        hitting: ``"any"`` (default) or ``"after-home"`` (a move may hit
            only once a checker of the mover's is home or borne off).
        hit_to: ``"bar"`` (default) or ``"pool"``: where a hit checker goes.
        natural_doubles: ``"plain"`` (default: four moves, the turn ends),
            ``"reroll"`` (then roll again) or ``"and-complement"`` (then four
            of 7 - d, then roll again, while each segment is fully played).
        ace_deuce: ``"any-double"`` (default) or ``"double-and-complement"``
            (the named double d is followed by four of 7 - d).
        ace_deuce_partial: ``"forfeit"`` (default: a 1-2 not fully played
            ends the turn) or ``"name-anyway"`` (the double is named when at
            least one of the 1 and the 2 was played).
        named_double_reroll: ``"if-complete"`` (default: roll again when the
            named double was fully played) or ``"always"``.
        named_double_choice: ``"free"`` (default: any of the six doubles) or
            ``"playable"`` (one whose four moves can all be played, when there
            is one).
        bear_off: ``"larger"`` (default: a larger die bears off from the
            highest point) or ``"exact"`` (a checker on p leaves with a p).
        scoring: ``"per-checker"`` (default), ``"single"`` or ``"standard"``
            (1/2/3; a loser with a checker in the pool is backgammoned).
        must_play_higher: when only one die of a non-double can be played,
            the higher must be (default True).

    """

    name: ClassVar[str] = "acey-deucey"
    aliases: ClassVar[tuple[str, ...]] = ("aceydeucey", "acey-ducey")
    geometry: ClassVar[Geometry] = Geometry.MIRROR

    #: ``"free"`` (default) or ``"all-first"`` (AD1).
    #: (The option ``entering``; the class data :attr:`~nardy.Variant.entering` is the bar's.)
    entering_rule: str = attrs.field(
        default="free", validator=choice("free", "all-first"), alias="entering"
    )
    #: All fifteen in the pool: only a double or a 1-2 may be played (AD2).
    opening_lock: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: ``"any"`` (default) or ``"after-home"`` (AD3).
    hitting: str = attrs.field(default="any", validator=choice("any", "after-home"))
    #: ``"bar"`` (default) or ``"pool"``: where a hit checker goes (AD4).
    hit_to: str = attrs.field(  # type: ignore[misc]  # an option here, class data elsewhere
        default="bar", validator=choice("bar", "pool")
    )
    #: ``"plain"`` (default), ``"reroll"`` or ``"and-complement"`` (AD5).
    natural_doubles: str = attrs.field(
        default="plain", validator=choice("plain", "reroll", "and-complement")
    )
    #: ``"any-double"`` (default) or ``"double-and-complement"`` (AD6).
    ace_deuce: str = attrs.field(
        default="any-double", validator=choice("any-double", "double-and-complement")
    )
    #: ``"forfeit"`` (default) or ``"name-anyway"`` (AD7).
    ace_deuce_partial: str = attrs.field(
        default="forfeit", validator=choice("forfeit", "name-anyway")
    )
    #: ``"if-complete"`` (default) or ``"always"`` (AD8).
    named_double_reroll: str = attrs.field(
        default="if-complete", validator=choice("if-complete", "always")
    )
    #: ``"free"`` (default) or ``"playable"`` (AD9).
    named_double_choice: str = attrs.field(default="free", validator=choice("free", "playable"))
    #: ``"larger"`` (default) or ``"exact"`` (AD10); the option ``bear_off``.
    bear_off_rule: str = attrs.field(
        default="larger", validator=choice("larger", "exact"), alias="bear_off"
    )
    #: ``"per-checker"`` (default), ``"single"`` or ``"standard"`` (AD11).
    scoring: str = attrs.field(default="per-checker", validator=choice(*_SCORING))
    #: If only one die of a non-double can be played, the higher must be.
    must_play_higher: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)

    @property
    def bear_off(self) -> BearOff:  # type: ignore[override]  # the option bear_off
        """The bear-off rule: the home board, a larger die allowed unless ``bear_off="exact"``."""
        return BearOff(6, self.bear_off_rule == "larger")

    def scoring_table(self) -> ScoringTable:
        """Per checker not borne off (default), one point a game, or backgammon's 1/2/3."""
        return _SCORING[self.scoring]

    def step_rule(self, start: State, roll: Roll) -> StepRule | None:
        """The opening lock, ``entering="all-first"`` and ``hitting="after-home"`` (section M)."""
        locked = self.opening_lock and start[POOL_AT] == self.checkers
        if locked and not (roll.is_double or roll == ACE_DEUCE):
            return StepRule(_refuse, named=(_LOCKED,))
        return entry_rules(start, self.entering_rule == "all-first", self.hitting == "after-home")

    def unused_hooks(self) -> frozenset[str]:
        """The step rule, when no option of section M restricts a single move (the defaults)."""
        plain = self.entering_rule == "free" and self.hitting == "any" and not self.opening_lock
        return frozenset({"step_rule"}) if plain else frozenset()

    # --- the turn (A.3) ---------------------------------------------------------------

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        """A 1-2: its segment, then a double to name and a roll again; a double per ``natural_doubles``."""
        from nardy.model.turns import TurnState

        if roll == ACE_DEUCE:
            return TurnState(pending=(roll,), name_double=True, roll_again=True, roll=roll)
        if roll.is_double and self.natural_doubles == "and-complement":
            return TurnState(pending=(roll, _complement(roll)), roll_again=True, roll=roll)
        if roll.is_double and self.natural_doubles == "reroll":
            return TurnState(pending=(roll,), roll_again=True, roll=roll)
        return TurnState(pending=(roll,), roll=roll)

    def after_segment(
        self, before: Position, play: Play, after: Position, state: TurnState
    ) -> TurnStep:
        """The runs of A.3, with ``ace_deuce_partial``, ``named_double_reroll`` and ``natural_doubles="reroll"``."""
        from nardy.model.turns import TurnStep, fully_played

        full = fully_played(play.roll, play)
        if state.roll == ACE_DEUCE:
            if play.roll == ACE_DEUCE:  # the 1 and the 2: the double is named, or the turn ends
                partial = self.ace_deuce_partial == "name-anyway" and len(play.steps) > 0
                return TurnStep.go_on(state) if full or partial else TurnStep.end()
            if not full and self.named_double_reroll == "always":
                return TurnStep.again()
        elif self.natural_doubles == "reroll" and play.roll.is_double:
            return TurnStep.again()
        return super().after_segment(before, play, after, state)

    def double_choices(self, position: Position, state: TurnState) -> tuple[Roll, ...]:
        """All six doubles; with ``named_double_choice="playable"`` those fully playable, if any."""
        from nardy.model.turns import doubles, fully_played

        choices = doubles()
        if self.named_double_choice == "free":
            return choices
        playable = tuple(d for d in choices if fully_played(d, position.legal_plays(d)[0]))
        return playable or choices

    def after_naming(self, position: Position, double: Roll, state: TurnState) -> TurnState:
        """The named double's four moves, followed by four of 7 - d with ``ace_deuce="double-and-complement"``."""
        named = (double, _complement(double)) if self.ace_deuce != "any-double" else (double,)
        return attrs.evolve(state, pending=(*named, *state.pending), name_double=False)
