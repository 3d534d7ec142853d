"""The step tree of a roll in a variant whose movement is not today's: a pool, hits to the pool, the bar not first, another bear-off.

:class:`~nardy.engine.steptree.StepTree` knows the movement of the
built-in variants by heart; a variant with a :class:`~nardy.rules.movement.Movement`
of its own (:func:`~nardy.rules.movement.movement_of`: a pool of checkers
not yet entered, hit checkers sent to the pool, bar entries mixed with
other moves, a bear-off zone of 12 points) gets this tree instead. It
answers the same questions with the same node codes (the state's key over
the dice left, :func:`~nardy.engine.stepkeys.node_code`), so a code is a
value here too; the steps the board allows are the reference search's
(:func:`~nardy.engine.reference.single_steps`, made by
:func:`~nardy.rules.movement.make_step_as`). Slower than the compiled tree,
and as exact: a step is allowed when some sequence of steps the board
allows, starting with it, ends in the resulting position of a legal play.

A step from the pool is numbered :data:`POOL_ACTION` ``+ die - 1`` (source
:data:`~nardy.rules.board.FROM_POOL`, 26): the step actions of
:mod:`nardy.agents.env.steps` number a step from points 1..25 only.
"""

from __future__ import annotations

from typing import Final

from nardy.engine.state import key_of, packed_of_key, unpack_list
from nardy.engine.stepkeys import (
    DICE_BITS,
    PASS,
    UNIT,
    dice_of_code,
    node_code,
    step_change_moving,
)
from nardy.engine.steptree import NOT_ALLOWED
from nardy.rules.board import FROM_POOL, MOVER_BAR, MOVER_OFF
from nardy.rules.movement import (
    Movement,
    bar_first,
    bear_off_allowed,
    count_not_home,
    entry_point,
    is_open,
    make_step_as,
    may_enter_from_pool,
)
from nardy.rules.vocabulary import Entering
from nardy.variants.base import Variant

__all__ = ["POOL_ACTION", "GeneralStepTree", "step_action"]

#: The first pool action: a checker entered from the pool with die ``d`` is
#: ``POOL_ACTION + d - 1`` (152..157).
POOL_ACTION: Final = 152

_DICE_MASK: Final = (1 << DICE_BITS) - 1
# The points a checker may step from, highest first; and the bar's actions less one (by die).
_POINTS: Final = tuple(range(24, 0, -1))
_BAR_ACTION: Final = 6 * (MOVER_BAR - 1) - 1


def step_action(src: int, die: int) -> int:
    """The action of the step from ``src`` (1..25, or 26 the pool) by ``die``."""
    if src == FROM_POOL:
        return POOL_ACTION + die - 1
    return 6 * (src - 1) + die - 1


class GeneralStepTree:
    """The step tree of one roll for any :class:`~nardy.rules.movement.Movement` (see the module docstring).

    ``packed`` is the position's packed state (mover's frame), ``dice`` the
    roll's moves, ``results`` the keys of the legal plays' resulting states
    in order (:meth:`LegalPlays.raw_results <nardy.LegalPlays.raw_results>`).
    Nodes are explored when first asked about and remembered.
    """

    def __init__(
        self,
        variant: Variant,
        packed: bytes,
        dice: tuple[int, ...],
        results: list[int],
        contact: int,
        movement: Movement,
    ) -> None:
        self.size = len(packed)
        self.contact = contact
        self.movement = movement
        self.pool = movement.pool
        self.hit_to_pool = movement.hit_to_pool
        self.bar_first = movement.bar_first
        self.zone = movement.bear_off.zone
        self.larger = movement.bear_off.larger
        self.enters = variant.entering is not Entering.RETURN
        #: The results' keys, in the legal plays' order.
        self.keys = results
        self.index = {key: i for i, key in enumerate(results)}
        board = unpack_list(packed)
        #: The node before any step.
        self.start: int = node_code(key_of(board), dice)
        # Whether a node that is no result reaches one: by the dice left, then the key.
        self._reached: dict[int, dict[int, bool]] = {}
        self._allowed: dict[int, tuple[int, ...]] = {}
        self._ends: dict[int, frozenset[int]] = {}
        # The node a step last reached and its board (asked about next; only read).
        self._last: tuple[int, list[int]] = (self.start, board)

    # --- nodes --------------------------------------------------------------------

    def key(self, node: int) -> int:
        """The key of the state a node stands on."""
        return node >> DICE_BITS

    def dice(self, node: int) -> tuple[int, ...]:
        """The dice left at a node, ascending."""
        return dice_of_code(node & _DICE_MASK)

    def packed(self, node: int) -> bytes:
        """The packed state a node stands on."""
        return packed_of_key(node >> DICE_BITS, self.size)

    def board(self, node: int) -> list[int]:
        """The state a node stands on, as a new list."""
        return unpack_list(self.packed(node))

    def play_at(self, node: int) -> int:
        """The index of the legal play the steps to ``node`` make, or -1."""
        return self.index.get(node >> DICE_BITS, -1)

    # --- the tree -----------------------------------------------------------------

    def children(self, node: int) -> dict[int, int]:
        """Every step the board allows at ``node`` (legal or not): action -> child node."""
        t = self.board(node)
        key = node >> DICE_BITS
        made = [
            (action, ((key + self._change(t, src, dst)) << DICE_BITS) | (node & _DICE_MASK) - unit)
            for action, src, dst, unit in self._steps(t, node & _DICE_MASK)
        ]
        return dict(sorted(made))

    def reaches(self, node: int) -> bool:
        """Whether some sequence of steps the board allows from ``node`` makes a legal play."""
        key = node >> DICE_BITS
        return key in self.index or self._reach(self.board(node), key, node & _DICE_MASK)

    def allowed(self, node: int) -> tuple[int, ...]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        made = self._allowed.get(node)
        if made is None:
            key = node >> DICE_BITS
            out: list[int] = []
            self._walk(self._board_of(node), key, node & _DICE_MASK, out)
            if (out or node == self.start) and key in self.index:
                out.append(PASS)  # end the play here (or pass: nothing can be played)
            made = self._allowed[node] = tuple(sorted(out))
        return made

    def step(self, node: int, action: int) -> int:
        """The node after ``action`` while the play goes on, ``-1 - index`` of the play it completes.

        :data:`~nardy.engine.steptree.NOT_ALLOWED` when ``action`` is not allowed at ``node``.
        """
        if action not in self.allowed(node):
            return NOT_ALLOWED
        if action == PASS:
            return -1 - self.play_at(node)
        t = self._board_of(node)
        src, dst, unit = _target(action)
        child = node + (self._change(t, src, dst) << DICE_BITS) - unit
        if child & _DICE_MASK:  # dice left: its allowed steps are asked for next
            after = t.copy()
            make_step_as(after, src, dst, self.contact, self.pool, self.hit_to_pool)
            self._last = (child, after)
            if self.allowed(child):
                return child
        return -1 - self.play_at(child)

    def child(self, node: int, action: int) -> int:
        """The node an allowed ``action`` at ``node`` reaches (``node`` itself for the pass)."""
        if action == PASS:
            return node
        src, dst, unit = _target(action)
        return node + (self._change(self._board_of(node), src, dst) << DICE_BITS) - unit

    def ends(self, node: int) -> frozenset[int]:
        """The indices of the legal plays some sequence of steps from ``node`` makes."""
        made = self._ends.get(node)
        if made is None:
            here = self.play_at(node)
            out = {here} if here >= 0 else set()
            for child in self.children(node).values():
                out |= self.ends(child)
            made = self._ends[node] = frozenset(out)
        return made

    # --- the search ---------------------------------------------------------------

    def _board_of(self, node: int) -> list[int]:
        """The board of ``node``: the last step's, if it is that node (only to be read)."""
        last = self._last
        return last[1] if node == last[0] else self.board(node)

    def _change(self, t: list[int], src: int, dst: int) -> int:
        """How the step ``src -> dst`` on ``t`` changes the key (the step not made)."""
        return step_change_moving(t, src, dst, self.contact, self.pool, self.hit_to_pool)

    def _steps(self, t: list[int], dice: int) -> list[tuple[int, int, int, int]]:
        """The steps the board allows on ``t`` with a die of ``dice``: (action, source, landing, die's code).

        :func:`~nardy.engine.reference.single_steps` for each die left, the
        board read once for them all: a checker on the bar enters on
        :func:`~nardy.rules.movement.entry_point` (and while the bar comes
        first nothing else moves), a pool checker enters there too, every
        other checker lands on an open point or bears off as the movement's
        :class:`~nardy.rules.movement.BearOff` allows.
        """
        out: list[tuple[int, int, int, int]] = []
        contact = self.contact
        first = self.bar_first
        on_bar = self.enters and t[MOVER_BAR] > 0
        only_bar = on_bar and bar_first(t, first)
        from_pool = may_enter_from_pool(t, self.pool, first)
        sources = () if only_bar else [p for p in _POINTS if t[p] > 0]
        outside = -1  # the checkers not home, counted when a bear-off is asked about
        for die in range(1, 7):
            if not (dice >> (5 * (die - 1))) & 31:
                continue
            unit = UNIT[die]
            entry = entry_point(die)
            if on_bar and is_open(t, entry, contact):
                out.append((_BAR_ACTION + die, MOVER_BAR, entry, unit))
            if from_pool and is_open(t, entry, contact):
                out.append((POOL_ACTION - 1 + die, FROM_POOL, entry, unit))
            for src in sources:
                dst = src - die
                if dst > 0:
                    if is_open(t, dst, contact):
                        out.append((6 * src - 7 + die, src, dst, unit))
                    continue
                if outside < 0:
                    outside = count_not_home(t, contact, self.zone, self.pool)
                if bear_off_allowed(t, src, dst, outside, self.zone, self.larger):
                    out.append((6 * src - 7 + die, src, MOVER_OFF, unit))
        return out

    def _reach(self, t: list[int], key: int, dice: int) -> bool:
        """Whether the node on ``t`` (``key``, ``dice`` left; not a result) reaches a result: remembered."""
        if not dice:
            return False
        memo = self._reached.get(dice)
        if memo is None:
            memo = self._reached[dice] = {}
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._walk(t, key, dice, None)
        return found

    def _walk(self, t: list[int], key: int, dice: int, out: list[int] | None) -> bool:
        """Whether some step on ``t`` (``key``, ``dice`` left) leads to a result; each such into ``out``.

        Without ``out`` it stops at the first. A step onto a result needs
        only its key; a step that does not land on one is made on a copy of
        ``t`` and searched on (``t`` is only read).
        """
        index = self.index
        reached = self._reached
        contact, pool, hit_to_pool = self.contact, self.pool, self.hit_to_pool
        found = False
        for action, src, dst, unit in self._steps(t, dice):
            child = key + step_change_moving(t, src, dst, contact, pool, hit_to_pool)
            if child not in index:
                left = dice - unit
                if not left:
                    continue
                memo = reached.get(left)
                if memo is None:
                    memo = reached[left] = {}
                ok = memo.get(child)
                if ok is None:
                    after = t.copy()
                    make_step_as(after, src, dst, contact, pool, hit_to_pool)
                    ok = memo[child] = self._walk(after, child, left, None)
                if not ok:
                    continue
            if out is None:
                return True
            out.append(action)
            found = True
        return found


def _target(action: int) -> tuple[int, int, int]:
    """The source, landing (0: off) and die's code of a step action (see :func:`step_action`)."""
    if action >= POOL_ACTION:
        src, die = FROM_POOL, action - POOL_ACTION + 1
    else:
        src, die = action // 6 + 1, action % 6 + 1
    return src, max(min(src, MOVER_BAR) - die, MOVER_OFF), UNIT[die]
