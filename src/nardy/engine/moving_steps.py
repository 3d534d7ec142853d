"""The search of a roll's step tree for any movement: which single checker steps still lead to a legal play.

What :class:`~nardy.engine.steptree.StepTree` searches for today's
movement, for any :class:`~nardy.rules.movement.Movement` (a pool, hits to
the pool, the bar not first, another bear-off), so that
:class:`~nardy.agents.env.general_steps.GeneralStepTree` asks it about the
nodes of a pool game's roll. Compiled with the engine; its answers are the
rules' own:

* the steps the board allows are those of
  :func:`~nardy.engine.reference.single_steps` for each die left (the bar
  first while it comes first, a pool checker entering like a barred one,
  the movement's bear-off), :meth:`MovingSteps.steps`;
* a step is made by the rulebook (:func:`~nardy.rules.movement.make_step_as`)
  and changes the state's key as
  :func:`~nardy.engine.stepkeys.step_change_moving` says;
* a node *reaches* a legal play when some sequence of such steps from it
  ends on the key of a legal play's result (:meth:`MovingSteps.walk`).

The search stops at the first result found, never makes a step that lands
on a result (its key is enough), and remembers whether a node reaches one
by the dice left and its key, so each node is searched once a roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nardy.engine.stepkeys import UNIT, step_change_moving
from nardy.rules.board import FROM_POOL, MOVER_BAR, MOVER_OFF
from nardy.rules.movement import Movement, make_step_as

# The rules of a step, by name (the movement as data decides each).
from nardy.rules.movement import bar_first, bear_off_allowed, count_not_home  # isort: skip
from nardy.rules.movement import entry_point, is_open, may_enter_from_pool  # isort: skip

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = ["POOL_ACTION", "MovingSteps"]

#: The first pool action: a checker entered from the pool with die ``d`` is
#: ``POOL_ACTION + d - 1`` (152..157; the step actions of the points and the
#: bar, 0..149, are ``6 * (src - 1) + d - 1``).
POOL_ACTION: Final = 152

#: A step the board allows: its action, source (26: the pool), landing (0: off) and die (as a dice code).
Step = tuple[int, int, int, int]


class MovingSteps:
    """The steps of one roll's tree and whether they lead to a legal play, for any movement.

    ``results`` are the keys of the legal plays' resulting states, in order
    (:meth:`LegalPlays.raw_results <nardy.LegalPlays.raw_results>`);
    ``contact`` a contact code of :mod:`nardy.rules.board`; ``enters``
    whether checkers on the bar enter (not Kush's return). A board is a
    state as a list (mover's frame), dice a
    :func:`~nardy.engine.stepkeys.dice_code`. The answers never change.
    """

    def __init__(self, results: list[int], contact: int, movement: Movement, enters: bool) -> None:
        #: Each result's key: the index of its legal play.
        self.index: dict[int, int] = {key: i for i, key in enumerate(results)}
        self.contact: i64 = contact
        self.enters = enters
        self.pool: i64 = movement.pool
        self.hit_to_pool = movement.hit_to_pool
        self.bar_first = movement.bar_first
        self.zone: i64 = movement.bear_off.zone
        self.larger = movement.bear_off.larger
        # Whether a node that is no result reaches one: by the dice left, then its key.
        self.reached: dict[int, dict[int, bool]] = {}

    def steps(self, t: list[int], dice: int) -> list[Step]:
        """The steps the board ``t`` allows with a die of ``dice``, by die.

        :func:`~nardy.engine.reference.single_steps` of each die left, the
        board read once for them all: a checker on the bar enters on
        :func:`~nardy.rules.movement.entry_point` (and while the bar comes
        first nothing else moves), a pool checker enters there too, every
        other checker lands on an open point or bears off as the movement's
        :class:`~nardy.rules.movement.BearOff` allows.
        """
        out: list[Step] = []
        contact = self.contact
        on_bar = self.enters and t[MOVER_BAR] > 0
        only_bar = on_bar and bar_first(t, self.bar_first)
        from_pool = may_enter_from_pool(t, self.pool, self.bar_first)
        sources: list[int] = []
        if not only_bar:
            p: i64 = 24
            while p >= 1:
                if t[p] > 0:
                    sources.append(p)
                p -= 1
        outside: i64 = -1  # the checkers not home, counted when a bear-off is first asked about
        die: i64 = 1
        while die <= 6:
            if (dice >> (5 * (die - 1))) & 31:
                unit: int = UNIT[die]
                entry = entry_point(die)
                if on_bar and is_open(t, entry, contact):
                    out.append((6 * (MOVER_BAR - 1) + die - 1, MOVER_BAR, entry, unit))
                if from_pool and is_open(t, entry, contact):
                    out.append((POOL_ACTION + die - 1, FROM_POOL, entry, unit))
                for src in sources:
                    dst = src - die
                    if dst > 0:
                        if is_open(t, dst, contact):
                            out.append((6 * (src - 1) + die - 1, src, dst, unit))
                        continue
                    if outside < 0:
                        outside = count_not_home(t, contact, self.zone, self.pool)
                    if bear_off_allowed(t, src, dst, outside, self.zone, self.larger):
                        out.append((6 * (src - 1) + die - 1, src, MOVER_OFF, unit))
            die += 1
        return out

    def change(self, t: list[int], src: int, dst: int) -> int:
        """How the step ``src -> dst`` (the board ``t`` allows it) changes the key; the step is not made."""
        return step_change_moving(t, src, dst, self.contact, self.pool, self.hit_to_pool)

    def made(self, t: list[int], src: int, dst: int) -> list[int]:
        """A new board: ``t`` after the step ``src -> dst`` (``t`` is left as it was)."""
        after = t.copy()
        make_step_as(after, src, dst, self.contact, self.pool, self.hit_to_pool)
        return after

    def reaches(self, t: list[int], key: int, dice: int) -> bool:
        """Whether the node on ``t`` (its ``key``, ``dice`` left), itself no result, reaches one."""
        if not dice:
            return False
        memo = self.reached.get(dice)
        if memo is None:
            memo = self.reached[dice] = {}
        found = memo.get(key)
        if found is None:
            found = self.walk(t, key, dice, None)
            memo[key] = found
        return found

    def walk(self, t: list[int], key: int, dice: int, out: list[int] | None) -> bool:
        """Whether some step on ``t`` (``key``, ``dice`` left) leads to a result; each such action into ``out``.

        Without ``out`` it stops at the first. A step onto a result needs
        only its key; one that does not land on a result is made on a new
        board and searched on (``t`` is only read).
        """
        index = self.index
        found = False
        for action, src, dst, unit in self.steps(t, dice):
            child = key + step_change_moving(t, src, dst, self.contact, self.pool, self.hit_to_pool)
            if child not in index:
                left = dice - unit
                if not left or not self.reaches_after(t, src, dst, child, left):
                    continue
            if out is None:
                return True
            out.append(action)
            found = True
        return found

    def reaches_after(self, t: list[int], src: int, dst: int, key: int, dice: int) -> bool:
        """:meth:`reaches` of the node the step ``src -> dst`` on ``t`` leads to (``key``, ``dice`` left).

        The step is made (on a new board) only if the answer is not known yet.
        """
        memo = self.reached.get(dice)
        if memo is None:
            memo = self.reached[dice] = {}
        found = memo.get(key)
        if found is None:
            found = self.walk(self.made(t, src, dst), key, dice, None)
            memo[key] = found
        return found
