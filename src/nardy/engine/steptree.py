"""The step tree of one roll on ints: which single checker steps still lead to a legal play.

What :class:`nardy.env.steps.StepTurn` answers (that module states the
rules: a step is allowed when some sequence of steps the board allows,
starting with it, ends in the resulting position of a legal play), on plain
ints so that it compiles with the engine. A node of the tree is one int,
its *code*: the key of the state reached (:mod:`nardy.engine.layout`)
shifted left by :data:`DICE_BITS`, over the dice left as counts
(:func:`dice_code`). A code is a value: equal codes are the same node
whatever the path to it, it pickles, and a copy of it is itself.

Most of the work is asking whether a node *reaches* a legal play, for each
step allowed at a node a player stands on. The search for an answer stops
at the first play found, makes and unmakes its steps on one board in place
(:func:`~nardy.engine.tracking.move_checker`, the one physics of a step),
and remembers its answer per node. At the last die it makes no step at
all: whether a step lands on a legal play is read from a small hash of the
keys (the key modulo a prime, which a step changes by a sum of table
entries), and only a hash that matches is checked against the exact key.
"""

from __future__ import annotations

from typing import Final

from nardy.engine.found import int_set
from nardy.engine.layout import (
    BASE_SIZE,
    EXTRA_BYTES,
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    PINNED,
    WEIGHT,
    may_bear_off,
    unpack_list,
)
from nardy.engine.physics import ENTER, NO_BAR, RETURN_POINT
from nardy.engine.physics import RETURN as RETURN_MODEL
from nardy.engine.tracking import BLOCK, PIN, is_open, move_checker

__all__ = [
    "DICE_BITS",
    "NOT_ALLOWED",
    "PASS",
    "RETURN",
    "StepTree",
    "dice_code",
    "dice_of_code",
    "node_code",
]

#: The action that passes (nothing can be played) or ends a play that could go on.
PASS: Final = 150
#: The action that brings a checker back from the bar onto the head (Kush).
RETURN: Final = 151
#: The low bits of a node's code that hold the dice left: 5 bits a face.
DICE_BITS: Final = 30
_DICE_MASK: Final = (1 << DICE_BITS) - 1
#: What :meth:`StepTree.step` answers for an action that is not allowed.
NOT_ALLOWED: Final = -(1 << 40)

# The hash of a key: the key modulo a prime. Every value below stays a
# machine int compiled (a sum of a few of them too); a hash that matches is
# checked against the exact key, so its size only sets how often that
# check is made for nothing.
_PRIME: Final = (1 << 31) - 1
_HASH: Final[tuple[int, ...]] = tuple(w % _PRIME for w in WEIGHT)
# What the opponent's pin on point p adds to a key (bit p of his pins), hashed.
_OPP_PIN: Final = 1 << (8 * BASE_SIZE + 8 * EXTRA_BYTES * (OPP_PINNED - BASE_SIZE))
_PIN_HASH: Final[tuple[int, ...]] = tuple((_OPP_PIN << p) % _PRIME for p in range(26))
# A return from the bar onto the head: what it adds to a key, and hashed.
_RETURN_DELTA: Final = WEIGHT[RETURN_POINT] - WEIGHT[MOVER_BAR]
# The dice code of a single die of each face (index: the face).
_UNIT: Final[tuple[int, ...]] = tuple(1 << (5 * (d - 1)) if d else 0 for d in range(7))


def dice_code(dice: tuple[int, ...] | list[int]) -> int:
    """The dice left as one int: 5 bits a face, its count (what a node's code ends with)."""
    code = 0
    for d in dice:
        code += _UNIT[d]
    return code


def dice_of_code(code: int) -> tuple[int, ...]:
    """The dice a :func:`dice_code` holds, ascending."""
    out: list[int] = []
    for d in range(1, 7):
        out.extend([d] * ((code >> (5 * (d - 1))) & 31))
    return tuple(out)


def node_code(key: int, dice: tuple[int, ...] | list[int]) -> int:
    """The code of the node of a state's key and the dice left."""
    return (key << DICE_BITS) | dice_code(dice)


def _outside(t: list[int]) -> int:
    """The mover's checkers outside his home board (the bar and pinned ones count)."""
    n = t[MOVER_BAR]
    for p in range(HOME + 1, 25):
        x = t[p]
        if x > 0:
            n += x
    if len(t) > PINNED:
        n += (t[PINNED] >> (HOME + 1)).bit_count()
    return n


def _hash_delta(t: list[int], src: int, dst: int, contact: int) -> int:
    """How the hash of the key changes for the step ``src -> dst`` on ``t`` (``t`` unchanged).

    :func:`~nardy.engine.tracking.move_checker`'s change of the key, taken
    modulo the prime, without making the step.
    """
    delta = -_HASH[src]
    if contact == PIN and src != MOVER_BAR and t[src] == 1 and (t[OPP_PINNED] >> src) & 1:
        delta -= _HASH[src] + _PIN_HASH[src]  # the pinned checker is released
    if dst == MOVER_OFF:
        return delta + _HASH[MOVER_OFF]
    if t[dst] == -1 and contact != BLOCK:
        if contact == PIN:
            return delta + 2 * _HASH[dst] + _PIN_HASH[dst]
        return delta + 2 * _HASH[dst] + _HASH[OPP_BAR]
    return delta + _HASH[dst]


class StepTree:
    """The step tree of one roll: a position's state, the dice, and its legal results.

    ``packed`` is the position's packed state (mover's frame), ``dice`` the
    moves of the roll, ``results`` the keys of the legal plays' resulting
    states in order (:meth:`LegalPlays.raw_results
    <nardy.LegalPlays.raw_results>`), ``contact`` a contact code of
    :mod:`nardy.engine.tracking` and ``bar`` a bar model of
    :mod:`nardy.engine.physics`. Nodes are explored when first asked
    about and remembered; the answers never change.
    """

    def __init__(
        self,
        packed: bytes,
        dice: tuple[int, ...] | list[int],
        results: list[int],
        contact: int,
        bar: int,
    ) -> None:
        self.size = len(packed)
        self.contact = contact
        self.bar = bar
        #: The index of the legal play of each resulting key.
        self.index: dict[int, int] = {}
        # The results' hashes + 1 (a set of positive ints).
        self.hashes = int_set()
        for i, key in enumerate(results):
            self.index[key] = i
            h = key % _PRIME + 1
            if h not in self.hashes:
                self.hashes.add(h)
        #: The node before any step.
        self.start = node_code(int.from_bytes(packed, "little"), dice)
        self.children_made: dict[int, dict[int, int]] = {}
        self.allowed_made: dict[int, tuple[int, ...]] = {}
        self.reached: dict[int, bool] = {}
        self.ends_made: dict[int, frozenset[int]] = {}

    # --- nodes --------------------------------------------------------------------

    def key(self, node: int) -> int:
        """The key of the state a node stands on."""
        return node >> DICE_BITS

    def dice(self, node: int) -> tuple[int, ...]:
        """The dice left at a node, ascending."""
        return dice_of_code(node & _DICE_MASK)

    def packed(self, node: int) -> bytes:
        """The packed state a node stands on."""
        key: int = node >> DICE_BITS
        return key.to_bytes(self.size, "little")

    def board(self, node: int) -> list[int]:
        """The state a node stands on, as a new list."""
        return unpack_list(self.packed(node))

    def play_at(self, node: int) -> int:
        """The index of the legal play the steps to ``node`` make, or -1."""
        return self.index.get(node >> DICE_BITS, -1)

    # --- the tree -----------------------------------------------------------------

    def children(self, node: int) -> dict[int, int]:
        """Every step the board allows at ``node`` (legal or not): action -> child node."""
        made = self.children_made.get(node)
        if made is None:
            made = {}
            t = self.board(node)
            key = node >> DICE_BITS
            dice = node & _DICE_MASK
            steps = self._steps(t, dice)
            for i in range(0, len(steps), 3):
                action, src, dst = steps[i], steps[i + 1], steps[i + 2]
                child_key = key + move_checker(t.copy(), src, dst, self.contact)
                left = dice if action == RETURN else dice - _UNIT[_die_of(action)]
                made[action] = (child_key << DICE_BITS) | left
            self.children_made[node] = made
        return made

    def reaches(self, node: int) -> bool:
        """Whether some sequence of steps the board allows from ``node`` makes a legal play."""
        key = node >> DICE_BITS
        if key in self.index:
            return True
        return self._reach(self.board(node), key, key % _PRIME, node & _DICE_MASK)

    def allowed(self, node: int) -> tuple[int, ...]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        made = self.allowed_made.get(node)
        if made is not None:
            return made
        t = self.board(node)
        key = node >> DICE_BITS
        dice = node & _DICE_MASK
        h = key % _PRIME
        contact = self.contact
        out: list[int] = []
        children: dict[int, int] = {}
        steps = self._steps(t, dice)
        for i in range(0, len(steps), 3):
            action, src, dst = steps[i], steps[i + 1], steps[i + 2]
            dh = _hash_delta(t, src, dst, contact)
            saved = self._save(t, src, dst)
            child_key = key + move_checker(t, src, dst, contact)
            left = dice if action == RETURN else dice - _UNIT[_die_of(action)]
            children[action] = (child_key << DICE_BITS) | left
            if child_key in self.index or self._reach(t, child_key, (h + dh) % _PRIME, left):
                out.append(action)
            self._restore(t, src, dst, saved)
        self.children_made.setdefault(node, children)
        if key in self.index and (out or node == self.start):
            out.append(PASS)  # end the play here (or pass: nothing can be played)
        out.sort()
        made = self.allowed_made[node] = tuple(out)
        return made

    def step(self, node: int, action: int) -> int:
        """The node after ``action`` while the play goes on, ``-1 - index`` of the play it completes.

        :data:`NOT_ALLOWED` when ``action`` is not allowed at ``node``.
        """
        if action not in self.allowed(node):
            return NOT_ALLOWED
        if action == PASS:
            return -1 - self.index[node >> DICE_BITS]
        child = self.children(node)[action]
        if self.allowed(child):
            return child
        return -1 - self.index[child >> DICE_BITS]

    def ends(self, node: int) -> frozenset[int]:
        """The indices of the legal plays some sequence of steps from ``node`` makes."""
        made = self.ends_made.get(node)
        if made is None:
            here = self.play_at(node)
            out = {here} if here >= 0 else set()
            for child in self.children(node).values():
                out |= self.ends(child)
            made = self.ends_made[node] = frozenset(out)
        return made

    # --- the search ---------------------------------------------------------------

    def _steps(self, t: list[int], dice: int) -> list[int]:
        """The steps the board allows on ``t`` with ``dice`` left: (action, src, dst) flattened.

        A return from the bar first (Kush: it uses no die, and other
        checkers may move while one waits); with checkers on the bar that
        enter, only the entering steps; else every point, low to high, by
        each die left, low to high.
        """
        out: list[int] = []
        bar = self.bar
        contact = self.contact
        on_bar = t[MOVER_BAR] > 0 and bar != NO_BAR
        if not dice and not (bar == RETURN_MODEL and on_bar):
            return out
        if on_bar and bar == RETURN_MODEL and t[RETURN_POINT] >= 0:
            out += (RETURN, MOVER_BAR, RETURN_POINT)
        if on_bar and bar == ENTER:
            for d in range(1, 7):
                if (dice >> (5 * (d - 1))) & 31 and is_open(t, MOVER_BAR - d, contact):
                    out += (6 * (MOVER_BAR - 1) + d - 1, MOVER_BAR, MOVER_BAR - d)
            return out
        outside = -1
        for src in range(1, 25):
            if t[src] <= 0:
                continue
            for d in range(1, 7):
                if not (dice >> (5 * (d - 1))) & 31:
                    continue
                dst = src - d
                if dst <= 0:
                    if outside < 0:
                        outside = _outside(t)
                    if not may_bear_off(t, src, dst, outside):
                        continue
                    dst = MOVER_OFF
                elif not is_open(t, dst, contact):
                    continue
                out += (6 * (src - 1) + d - 1, src, dst)
        return out

    def _reach(self, t: list[int], key: int, h: int, dice: int) -> bool:
        """Whether the node on board ``t`` (key ``key``, hashed ``h``) reaches a legal play.

        Its own key is not a result (the caller looked). ``t`` is left as found.
        """
        on_bar = t[MOVER_BAR] > 0 and self.bar == RETURN_MODEL
        if not on_bar:
            if not dice:
                return False
            if dice in _SINGLE:
                return self._last(t, key, h, _SINGLE[dice])
        node = (key << DICE_BITS) | dice
        known = self.reached.get(node)
        if known is not None:
            return known
        found = False
        contact = self.contact
        index = self.index
        steps = self._steps(t, dice)
        for i in range(0, len(steps), 3):
            action, src, dst = steps[i], steps[i + 1], steps[i + 2]
            dh = _hash_delta(t, src, dst, contact)
            saved = self._save(t, src, dst)
            child_key = key + move_checker(t, src, dst, contact)
            left = dice if action == RETURN else dice - _UNIT[_die_of(action)]
            found = child_key in index or self._reach(t, child_key, (h + dh) % _PRIME, left)
            self._restore(t, src, dst, saved)
            if found:
                break
        self.reached[node] = found
        return found

    def _last(self, t: list[int], key: int, h: int, d: int) -> bool:
        """:meth:`_reach` with one die ``d`` left and no return to make: any step onto a result."""
        contact = self.contact
        hashes = self.hashes
        if t[MOVER_BAR] > 0 and self.bar == ENTER:
            dst = MOVER_BAR - d
            if not is_open(t, dst, contact):
                return False
            return self._lands(t, key, h, MOVER_BAR, dst)
        outside = -1
        for src in range(1, 25):
            if t[src] <= 0:
                continue
            dst = src - d
            if dst <= 0:
                if outside < 0:
                    outside = _outside(t)
                if not may_bear_off(t, src, dst, outside):
                    continue
                dst = MOVER_OFF
            elif not is_open(t, dst, contact):
                continue
            if (h + _hash_delta(t, src, dst, contact)) % _PRIME + 1 in hashes and self._lands(
                t, key, h, src, dst
            ):
                return True
        return False

    def _lands(self, t: list[int], key: int, h: int, src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` on ``t`` makes a legal play's result (exactly)."""
        copy = t.copy()
        return key + move_checker(copy, src, dst, self.contact) in self.index

    def _save(self, t: list[int], src: int, dst: int) -> tuple[int, int, int, int]:
        """What :func:`~nardy.engine.tracking.move_checker` may change: ``src``, ``dst``, bar, pins."""
        pins = t[OPP_PINNED] if self.contact == PIN else 0
        return t[src], t[dst], t[OPP_BAR], pins

    def _restore(self, t: list[int], src: int, dst: int, saved: tuple[int, int, int, int]) -> None:
        t[src], t[dst], t[OPP_BAR] = saved[0], saved[1], saved[2]
        if self.contact == PIN:
            t[OPP_PINNED] = saved[3]


def _die_of(action: int) -> int:
    """The die of a checker-step action."""
    return action % 6 + 1


# A dice code of one die -> that die.
_SINGLE: Final[dict[int, int]] = {_UNIT[d]: d for d in range(1, 7)}
