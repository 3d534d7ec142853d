"""The hooks that say how a variant's turn runs: its segments, decisions and who acts next.

:class:`TurnHooks` is a base of :class:`~nardy.variants.base.Variant`: a
variant overrides the hooks its turn needs. With the defaults a roll is one
segment and the opponent rolls next (or the same side, when
:meth:`~nardy.variants.turn_hooks.TurnHooks.another_roll` says so), which is every variant's turn
before acey-deucey's and gul bara's. The values the hooks answer with, and
the words *segment* and *turn*, are :mod:`nardy.model.turns`'s;
:mod:`nardy.game.turns` runs a turn from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from nardy.rules.vocabulary import ExtraField, ExtraKind

if TYPE_CHECKING:
    from nardy.model.basics import Roll
    from nardy.model.play import Play
    from nardy.model.position import Position
    from nardy.model.turns import TurnState, TurnStep

# nardy.model.turns is imported by each hook when it is first called: the hooks
# serve the game layer, and `nardy legal` starts without loading it.

__all__ = ["ROLLS", "ROLLS_COUNTED", "TURN_HOOKS", "TurnHooks", "runs_turns"]

#: The hooks that make a turn more than one play: a variant that overrides
#: one of them runs its turns through :mod:`nardy.game.turns` everywhere
#: (perft by whole turns, the environments and OpenSpiel segment by segment).
TURN_HOOKS = ("turn_start", "after_segment", "double_choices", "after_naming", "another_roll")


def runs_turns(variant: object) -> bool:
    """Whether ``variant``'s class overrides a hook of :data:`TURN_HOOKS` (its turn is more than one play)."""
    cls = type(variant)
    return any(getattr(cls, name) is not getattr(TurnHooks, name) for name in TURN_HOOKS)


#: Extra state of a variant whose turn depends on how many rolls each side
#: has made (gul bara's opening rolls): a count per side, up to
#: :data:`ROLLS_COUNTED`. A variant lists it in ``extra_state``; it is then
#: in the position's ID (``:rolls=1/2``) and array form (``"rolls"``), and
#: :func:`nardy.game.turns.start_turn` counts each roll. (Also importable
#: from :mod:`nardy.game.turns`.)
ROLLS: Final = ExtraField("rolls", ExtraKind.COUNT, ("rolls",), holds_checkers=False)

#: How far :data:`ROLLS` counts: the rules that read it ask about the
#: first three rolls at most, and positions that differ only in higher
#: counts are the same.
ROLLS_COUNTED: Final = 3


class TurnHooks:
    """How a turn runs: override these in a variant whose roll is more than one segment."""

    __slots__ = ()

    def another_roll(self, position: Position, play: Play) -> bool:
        """Hook: whether ``play`` from ``position`` earns its player another roll (default: no).

        The simplest turn of more than one play: the same side rolls again
        (:meth:`after_segment` asks it when nothing else remains).
        """
        return False

    def turn_start(self, position: Position, roll: Roll) -> TurnState:
        """Hook: the segments ``roll`` gives the side to move in ``position``, in order.

        Default: the roll itself, one segment
        (``TurnState(pending=(roll,), roll=roll)``). A variant answers with
        more segments (a cascade of doubles), a double with fewer moves, a
        double to name before anything is played (``pending=()``,
        ``name_double=True``), or ``roll_again`` (the roller rolls again
        once these are played, unless :meth:`after_segment` says
        otherwise). In a variant that counts rolls (:data:`ROLLS`)
        ``position`` is as it was before this roll: its count is the rolls
        made before this one (counted up to three, so that the count after
        it could not tell a third roll from a fourth), and the turn goes on
        from the position with this roll counted.
        """
        from nardy.model.turns import TurnState

        return TurnState(pending=(roll,), roll=roll)

    def after_segment(
        self, before: Position, play: Play, after: Position, state: TurnState
    ) -> TurnStep:
        """Hook: who acts next once ``play`` (of the segment ``play.roll``) took ``before`` to ``after``.

        ``after`` has the opponent to move, as every play leaves a position;
        ``state`` is what remained of the turn before this segment, without
        it. Not called once the game is over. The default is the rule of
        runs (several segments played in a row): the next pending segment
        or the double to name follows when this segment was fully played
        (:func:`~nardy.model.turns.fully_played`); a segment that was not
        ends the run: the rest of it and a roll again are lost. When nothing
        remains the same side rolls next if ``state.roll_again``,
        ``state.handed_over`` or :meth:`another_roll` says so, else the
        opponent rolls.
        """
        from nardy.model.turns import TurnStep, fully_played

        if not fully_played(play.roll, play):
            state = attrs.evolve(state, pending=(), name_double=False, roll_again=False)
        if not state.between_turns:
            return TurnStep.go_on(state)
        if state.roll_again or state.handed_over or self.another_roll(before, play):
            return TurnStep.again()
        return TurnStep.end()

    def double_choices(self, position: Position, state: TurnState) -> tuple[Roll, ...]:
        """Hook: the doubles the side to move may name (``state.name_double`` is set). Default: all six."""
        from nardy.model.turns import doubles

        return doubles()

    def after_naming(self, position: Position, double: Roll, state: TurnState) -> TurnState:
        """Hook: what remains of the turn once the side to move has named ``double``.

        Default: the double is the next segment (four moves), and nothing
        else changes (``roll_again`` stays as it was).
        """
        return attrs.evolve(state, pending=(double, *state.pending), name_double=False)
