"""A roll played one checker step at a time: which steps still lead to a legal play (the environments' step mode).

What ``nardy.agents.env.steps.StepTurn`` answers (that module states
the rules), on plain ints. A *node* is the state reached and the dice left;
its *code* is one int, the state's key (:func:`~nardy.engine.state.key_of`)
shifted left by :data:`DICE_BITS` over the dice left as counts
(:func:`dice_code`). A code is a value: equal codes are the same node
whatever the path to it, it pickles, and a copy of it is itself.

A node's *children* are the steps the board allows, whatever the turn's
step rules say: for each die left, the reference search's
:func:`~nardy.engine.reference.single_steps` made by the rulebook's
:func:`~nardy.rules.movement.make_step_as`, and where checkers on the bar
wait for a return (Kush) a return of one of them onto the head
(:func:`~nardy.rules.kush.kush_return`, using no die). A node *reaches* a
legal play when its state is a legal play's result, or one of its children
reaches one; a step is *allowed* when its child reaches one.

Two searches answer that, with the same answers (the tests compare them on
every variant): the native core's (``nardy._native.StepSearch``, on the
turn's board-only rules table, :func:`~nardy.engine.table.native_table`)
when it is loaded and the table fits, and otherwise a memoised depth-first
search here. Either way each node is searched once a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nardy.engine import native
from nardy.engine.reference import TurnRules, single_steps
from nardy.engine.state import (
    BASE_SIZE,
    EXTRA_BYTES,
    MOVER_BAR,
    ZERO,
    key_of,
    key_of_packed,
    packed_of_key,
    unpack_list,
)
from nardy.engine.table import native_table
from nardy.rules.board import FROM_POOL
from nardy.rules.kush import kush_return
from nardy.rules.movement import Movement, make_step_as

if TYPE_CHECKING:
    from nardy._native import Rules, StepSearch

__all__ = [
    "DICE_BITS",
    "NOT_ALLOWED",
    "PASS",
    "POOL_ACTION",
    "RETURN",
    "StepTree",
    "dice_code",
    "dice_of_code",
    "node_code",
    "step_action",
]

#: The action that passes (nothing can be played) or ends a play that could go on.
PASS: Final = 150
#: The action that brings a checker back from the bar onto the head (Kush).
RETURN: Final = 151
#: The first pool action: a checker entered from the pool with die ``d`` is
#: ``POOL_ACTION + d - 1`` (152..157).
POOL_ACTION: Final = 152
#: What :meth:`StepTree.step` answers for an action that is not allowed.
NOT_ALLOWED: Final = -(1 << 40)
#: The low bits of a node's code that hold the dice left: 5 bits a face (so
#: a code is the little-endian bytes of the dice code, 4 of them, then the
#: packed state: what the native search hands back).
DICE_BITS: Final = 32

_DICE_MASK: Final = (1 << DICE_BITS) - 1
# What a tree keeps of a node: its allowed actions (the pass included), its
# allowed steps' actions, and their children (codes, or the native search's
# bytes of them).
_Entry = tuple[tuple[int, ...], tuple[int, ...], list[int] | bytes]
# The dice code of a single die of each face (index: the face; 0, a return, uses none).
_UNIT: Final[tuple[int, ...]] = tuple(1 << (5 * (d - 1)) if d else 0 for d in range(7))


def step_action(src: int, die: int) -> int:
    """The action of the step from ``src`` (1..25, or 26 the pool) by ``die`` (0: a return from the bar)."""
    if not die:
        return RETURN
    if src == FROM_POOL:
        return POOL_ACTION + die - 1
    return 6 * (src - 1) + die - 1


def dice_code(dice: tuple[int, ...] | list[int]) -> int:
    """The dice left as one int: 5 bits a face, its count (what a node's code ends with)."""
    code = 0
    for d in dice:
        code += _UNIT[d]
    return code


def dice_of_code(code: int) -> tuple[int, ...]:
    """The dice a :func:`dice_code` holds, ascending."""
    made = _DICE.get(code)
    if made is None:
        made = tuple(d for d in range(1, 7) for _ in range((code >> (5 * (d - 1))) & 31))
        if len(_DICE) < 4096:
            _DICE[code] = made
    return made


_DICE: dict[int, tuple[int, ...]] = {}


def node_code(key: int, dice: tuple[int, ...] | list[int]) -> int:
    """The code of the node of a state's key and the dice left."""
    return (key << DICE_BITS) | dice_code(dice)


class StepTree:
    """The steps of one roll: a position's state, the dice, and its legal results (see the module docstring).

    ``packed`` is the position's packed state (mover's frame), ``dice`` the
    roll's moves, ``results`` the keys of the legal plays' resulting states
    in order (:meth:`LegalPlays.raw_results <nardy.LegalPlays.raw_results>`),
    ``contact`` a contact code of :mod:`nardy.rules.board`, ``enters``
    whether checkers on the bar enter (else they wait for a return, Kush)
    and ``movement`` the variant's :class:`~nardy.rules.movement.Movement`;
    ``native=False`` keeps to the Python search even where the native core
    is loaded.
    Nodes are searched when first asked about and remembered; the answers
    never change, so copies of a game and threads may share a tree.
    """

    def __init__(
        self,
        packed: bytes,
        dice: tuple[int, ...],
        results: list[bytes],
        contact: int,
        enters: bool,
        movement: Movement,
        *,
        native: bool = True,
    ) -> None:
        #: The state's size, in ints.
        self.size = BASE_SIZE + (len(packed) - BASE_SIZE) // EXTRA_BYTES
        self.contact = contact
        self.enters = enters
        self.movement = movement
        # The results' packed states, in the legal plays' order (read as ints,
        # as a node's code holds its state, only when asked: keys).
        self._results = results
        self._keys: list[int] | None = None
        self._targets = b"".join(results)
        self._index: dict[int, int] | None = None
        #: The node before any step.
        self.start: int = node_code(key_of_packed(packed), dice)
        #: The roll's moves.
        self.moves = dice
        self._bytes = len(packed)
        # The native search, made when first asked (None: not yet; False: the Python one).
        self._native: StepSearch | bool | None = None if native else False
        # Each node asked about: its allowed actions, and its allowed steps with
        # their children (the codes, or the native search's bytes of them);
        # and the last node asked about with its entry (a player asks about a
        # node twice running, its actions then a step: a code is a big int,
        # hashed anew at each look-up). Replaced whole: threads may share a tree.
        self._nodes: dict[int, _Entry] = {}
        self._last: tuple[int, _Entry] = (-1, ((), (), []))
        # The Python search's memo: whether a node reaches a result.
        self._reached: dict[int, bool] = {}
        self._ends: dict[int, frozenset[int]] = {}

    # --- nodes --------------------------------------------------------------------

    @property
    def keys(self) -> list[int]:
        """The results' keys read as ints (a node's code holds its state's so), in the legal plays' order."""
        made = self._keys
        if made is None:
            made = self._keys = [key_of_packed(key) for key in self._results]
        return made

    @property
    def index(self) -> dict[int, int]:
        """Each result's key: the index of its legal play."""
        made = self._index
        if made is None:
            made = self._index = {key: i for i, key in enumerate(self.keys)}
        return made

    @property
    def is_native(self) -> bool:
        """Whether the native core answers which steps are allowed (else the Python search)."""
        if self._native is None:
            self._native = self._native_search()
        return self._native is not False

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
        key = node >> DICE_BITS
        if self._index is None:  # (once a turn, at its end: the list is read in C)
            packed = packed_of_key(key, self.size)
            results = self._results
            return results.index(packed) if packed in results else -1
        return self._index.get(key, -1)

    # --- the tree -----------------------------------------------------------------

    def children(self, node: int) -> dict[int, int]:
        """Every step the board allows at ``node`` (legal or not): action -> child node, by action."""
        board = self.board(node)
        dice = node & _DICE_MASK
        made: dict[int, int] = {}
        movement = self.movement
        for die in set(dice_of_code(dice)):
            left = dice - _UNIT[die]
            for src, dst in single_steps(board, die, self.contact, self.enters, movement):
                after = board.copy()
                make_step_as(after, src, dst, self.contact, movement.pool, movement.hit_to_pool)
                made[step_action(src, die)] = (key_of(after) << DICE_BITS) | left
        if not self.enters:
            back = kush_return(tuple(board), 1)  # one checker back onto the head
            if back is not None:
                made[RETURN] = (key_of(back[0]) << DICE_BITS) | dice
        return dict(sorted(made.items()))

    def reaches(self, node: int) -> bool:
        """Whether some sequence of steps the board allows from ``node`` makes a legal play."""
        if node >> DICE_BITS in self.index:
            return True
        known = self._reached.get(node)
        if known is None:
            known = self._reached[node] = any(map(self.reaches, self.children(node).values()))
        return known

    def allowed(self, node: int) -> tuple[int, ...]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        return self._entry(node)[0]

    def _entry(self, node: int) -> _Entry:
        """What ``node`` allows: its allowed actions, its allowed steps' actions and their children."""
        last = self._last
        if last[0] == node:
            return last[1]
        entry = self._nodes.get(node)
        if entry is None:
            is_result, steps, children = self._search(node)
            allowed = steps
            if (steps or node == self.start) and is_result:
                # End the play here (or pass: nothing can be played).
                allowed = tuple(sorted((*steps, PASS)))
            entry = self._nodes[node] = (allowed, steps, children)
        self._last = (node, entry)
        return entry

    def step(self, node: int, action: int) -> int:
        """The node after ``action`` while the play goes on, ``-1 - index`` of the play it completes.

        :data:`NOT_ALLOWED` when ``action`` is not allowed at ``node``.
        """
        entry = self._entry(node)
        if action not in entry[0]:
            return NOT_ALLOWED
        if action == PASS:
            return -1 - self.play_at(node)
        child = self._child(entry, action)
        if (child & _DICE_MASK or self._may_return(child)) and self._entry(child)[0]:
            return child
        return -1 - self.play_at(child)  # (no die left and no return to make: complete)

    def _may_return(self, node: int) -> bool:
        """Whether a checker waits on the mover's bar for a return at ``node`` (never where checkers enter)."""
        # (The bar's byte of the packed state, the count plus ZERO.)
        return not self.enters and (node >> (DICE_BITS + 8 * MOVER_BAR)) & 0xFF > ZERO

    def child(self, node: int, action: int) -> int:
        """The node an allowed ``action`` at ``node`` reaches, whether the play goes on or ends there.

        ``node`` itself for :data:`PASS`. Unlike :meth:`step`, nothing is
        checked: for the node where a play that :meth:`step` completed ends.
        """
        if action == PASS:
            return node
        last = self._last
        entry = last[1] if last[0] == node else self._nodes.get(node)
        if entry is None or action not in entry[1]:
            return self.children(node)[action]
        return self._child(entry, action)

    def _child(self, entry: _Entry, action: int) -> int:
        """The child of one of an entry's allowed steps."""
        i = entry[1].index(action)
        children = entry[2]
        if isinstance(children, list):
            return children[i]
        width = 4 + self._bytes  # the dice code, then the packed state
        code: int = key_of_packed(children[i * width : (i + 1) * width])
        return code

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

    # --- the searches -------------------------------------------------------------

    def _search(self, node: int) -> tuple[bool, tuple[int, ...], list[int] | bytes]:
        """Whether ``node`` is a result, its allowed steps' actions (ascending) and children.

        From the native search (the children as the bytes of their codes)
        or this module's (a list of codes).
        """
        key = node >> DICE_BITS
        results = self._results
        if len(results) == 1 and node == self.start and key_of_packed(results[0]) == key:
            # The only legal play is the pass: each step changes the state for
            # good (a checker moves on or comes back), so none leads back.
            return True, (), []
        search = self._native
        if search is None:
            search = self._native = self._native_search()
        if search is False:
            kept = [(a, c) for a, c in self.children(node).items() if self.reaches(c)]
            return key in self.index, tuple(a for a, _ in kept), [c for _, c in kept]
        assert not isinstance(search, bool)
        return search.allowed(node.to_bytes(4 + self._bytes, "little"))

    def _native_search(self) -> StepSearch | bool:
        """The native core's search of this turn, or ``False`` (not loaded, or the movement does not fit)."""
        rules = _board_only(self.moves, self.contact, self.enters, self.movement, self.size)
        if rules is None:
            return False
        return rules.step_search(self._targets, not self.enters)


def _board_only(
    moves: tuple[int, ...], contact: int, enters: bool, movement: Movement, size: int
) -> Rules | None:
    """The native rules of a turn's board-only table (no step, hitter or filter rule), or ``None``.

    ``None`` when the native core is not loaded or the movement does not fit
    the table. Remembered by the turn's data (the movement by identity, kept
    with the answer so that its id names no other while it is in).
    """
    key = (moves, contact, enters, id(movement), size)
    made = _BOARD_ONLY.get(key)
    if made is None or made[0] is not movement:
        rules: Rules | None = None
        if native.available():
            board_only = TurnRules(moves, contact, enters, None, None, None, True, [], movement)
            table = native_table(board_only, size)
            if table is not None:
                rules = native.rules_for(table)  # type: ignore[assignment]
        if len(_BOARD_ONLY) >= 1024:
            _BOARD_ONLY.clear()
        made = _BOARD_ONLY[key] = (movement, rules)
    return made[1]


_BOARD_ONLY: dict[tuple[tuple[int, ...], int, bool, int, int], tuple[Movement, Rules | None]] = {}
