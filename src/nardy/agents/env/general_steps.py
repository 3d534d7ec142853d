"""The step tree of a roll in a variant whose movement is not today's: a pool, hits to the pool, the bar not first, another bear-off.

:class:`~nardy.engine.steptree.StepTree` knows the movement of the
built-in variants by heart; a variant with a :class:`~nardy.rules.movement.Movement`
of its own (:func:`~nardy.rules.movement.movement_of`: a pool of checkers
not yet entered, hit checkers sent to the pool, bar entries mixed with
other moves, a bear-off zone of 12 points) gets this tree instead. It
answers the same questions with the same node codes (the state's key over
the dice left, :func:`~nardy.engine.stepkeys.node_code`), so a code is a
value here too, and is as exact: a step is allowed when some sequence of
steps the board allows, starting with it, ends in the resulting position
of a legal play. The steps the board allows are the reference search's
(:func:`~nardy.engine.reference.single_steps`, made by
:func:`~nardy.rules.movement.make_step_as`); the search over them is
:class:`~nardy.engine.moving_steps.MovingSteps`, compiled with the engine.

A step from the pool is numbered :data:`POOL_ACTION` ``+ die - 1`` (source
:data:`~nardy.rules.board.FROM_POOL`, 26): the step actions of
:mod:`nardy.agents.env.steps` number a step from points 1..25 only.
"""

from __future__ import annotations

from typing import Final

from nardy.engine import moving_steps
from nardy.engine.moving_steps import MovingSteps
from nardy.engine.state import key_of_packed, packed_of_key, unpack_list
from nardy.engine.stepkeys import DICE_BITS, PASS, UNIT, dice_of_code, node_code
from nardy.engine.steptree import NOT_ALLOWED
from nardy.rules.board import FROM_POOL, MOVER_BAR, MOVER_OFF
from nardy.rules.movement import Movement
from nardy.rules.vocabulary import Entering
from nardy.variants.base import Variant

__all__ = ["POOL_ACTION", "GeneralStepTree", "step_action"]

#: The first pool action: a checker entered from the pool with die ``d`` is
#: ``POOL_ACTION + d - 1`` (152..157).
POOL_ACTION: Final = moving_steps.POOL_ACTION

_DICE_MASK: Final = (1 << DICE_BITS) - 1


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
        self.enters = variant.entering is not Entering.RETURN
        #: The search: the steps the board allows, and which lead to a legal play.
        self.search = MovingSteps(results, contact, movement, self.enters)
        #: The results' keys, in the legal plays' order.
        self.keys = results
        #: Each result's key: the index of its legal play.
        self.index = self.search.index
        board = unpack_list(packed)
        #: The node before any step.
        self.start: int = node_code(key_of_packed(packed), dice)
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
        search = self.search
        t = self.board(node)
        key = node >> DICE_BITS
        dice = node & _DICE_MASK
        made = [
            (action, ((key + search.change(t, src, dst)) << DICE_BITS) | (dice - unit))
            for action, src, dst, unit in search.steps(t, dice)
        ]
        return dict(sorted(made))

    def reaches(self, node: int) -> bool:
        """Whether some sequence of steps the board allows from ``node`` makes a legal play."""
        key = node >> DICE_BITS
        return key in self.index or self.search.reaches(self.board(node), key, node & _DICE_MASK)

    def allowed(self, node: int) -> tuple[int, ...]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        made = self._allowed.get(node)
        if made is None:
            key = node >> DICE_BITS
            out: list[int] = []
            self.search.walk(self._board_of(node), key, node & _DICE_MASK, out)
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
        child = node + (self.search.change(t, src, dst) << DICE_BITS) - unit
        if child & _DICE_MASK:  # dice left: its allowed steps are asked for next
            self._last = (child, self.search.made(t, src, dst))
            if self.allowed(child):
                return child
        return -1 - self.play_at(child)

    def child(self, node: int, action: int) -> int:
        """The node an allowed ``action`` at ``node`` reaches (``node`` itself for the pass)."""
        if action == PASS:
            return node
        src, dst, unit = _target(action)
        return node + (self.search.change(self._board_of(node), src, dst) << DICE_BITS) - unit

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

    def _board_of(self, node: int) -> list[int]:
        """The board of ``node``: the last step's, if it is that node (only to be read)."""
        last = self._last
        return last[1] if node == last[0] else self.board(node)


def _target(action: int) -> tuple[int, int, int]:
    """The source, landing (0: off) and die (as a dice code) of a step action (see :func:`step_action`)."""
    if action >= POOL_ACTION:
        src, die = FROM_POOL, action - POOL_ACTION + 1
    else:
        src, die = action // 6 + 1, action % 6 + 1
    return src, max(min(src, MOVER_BAR) - die, MOVER_OFF), UNIT[die]
