"""The step tree of one roll on ints: which single checker steps still lead to a legal play.

What ``nardy.env.steps.StepTurn`` answers (that module states the
rules: a step is allowed when some sequence of steps the board allows,
starting with it, ends in the resulting position of a legal play), on plain
ints so that it compiles with the engine. A node of the tree is one int,
its *code*: the key of the state reached (:mod:`nardy.engine.layout`)
shifted left by :data:`DICE_BITS`, over the dice left as counts
(:func:`dice_code`). A code is a value: equal codes are the same node
whatever the path to it, it pickles, and a copy of it is itself.

Most of the work is asking whether a node *reaches* a legal play, for each
step allowed at a node a player stands on. The search for an answer stops
at the first play found, makes and unmakes its steps on one board in place,
and remembers its answer per node. A step's change of the key is one entry
of a table (by the kind of step: plain, hitting, pinning, releasing a pin;
:func:`make_step` is :func:`~nardy.engine.tracking.move_checker` made so),
and so is its change of the key's hash: Python's own hash of an int, the
int modulo a prime, so a result's hash costs nothing to make. Whether a step
lands on a legal play is read from the hashes first (machine ints, no
object made), and only a hash that matches is checked against the exact
key; at the last die no step is made at all.
"""

from __future__ import annotations

import sys
from typing import Final

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
    ZERO,
    may_bear_off,
    unpack_list,
)
from nardy.engine.physics import ENTER, NO_BAR, RETURN_POINT
from nardy.engine.physics import RETURN as RETURN_MODEL
from nardy.engine.tracking import BLOCK, PIN, is_open

__all__ = [
    "DICE_BITS",
    "NOT_ALLOWED",
    "PASS",
    "RETURN",
    "StepTree",
    "dice_code",
    "dice_of_code",
    "make_step",
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

# A return from the bar onto the head (open: it hits nothing), to a key and its hash.
_RETURN_CHANGE: Final = WEIGHT[RETURN_POINT] - WEIGHT[MOVER_BAR]
_RETURN_HASH: Final = _RETURN_CHANGE % sys.hash_info.modulus
# The dice code of a single die of each face (index: the face).
_UNIT: Final[tuple[int, ...]] = tuple(1 << (5 * (d - 1)) if d else 0 for d in range(7))

# Kinds of step, added up: what it does to a lone opposing checker where it
# lands (nothing, hits it, pins it), and whether it leaves the last checker
# of a stack that pinned one (which is then free again).
_HITS: Final = 1
_PINS: Final = 2
_RELEASES: Final = 3
# What the opponent's pin on point p adds to a key (bit p of his pins).
_OPP_PIN: Final = 1 << (8 * BASE_SIZE + 8 * EXTRA_BYTES * (OPP_PINNED - BASE_SIZE))
# The modulus of Python's hash of an int: hash(key) == key % _PRIME for a
# key (never negative). Every hash below is below it, and the sum of two
# fits a machine int compiled.
_PRIME: Final = sys.hash_info.modulus


def _change(kind: int, src: int, dst: int) -> int:
    """How a key changes for a step of ``kind`` from slot ``src`` to slot ``dst`` (0: off)."""
    delta = WEIGHT[dst] - WEIGHT[src]
    base = kind % _RELEASES
    if base == _HITS:  # the blot goes from -1 to the mover's 1, and onto the bar
        delta += WEIGHT[dst] + WEIGHT[OPP_BAR]
    elif base == _PINS:  # the same, but it stays there, pinned
        delta += WEIGHT[dst] + (_OPP_PIN << dst)
    if kind >= _RELEASES:  # the pinned checker is free: from 0 to -1, unpinned
        delta -= WEIGHT[src] + (_OPP_PIN << src)
    return delta


# The change of a key by step (kind, src, dst) at _at(kind, src, dst), and
# of its hash (modulo _PRIME, so never negative).
_KEY_CHANGE: Final[tuple[int, ...]] = tuple(
    _change(kind, src, dst) for kind in range(6) for src in range(26) for dst in range(25)
)
_HASH_CHANGE: Final[tuple[int, ...]] = tuple(c % _PRIME for c in _KEY_CHANGE)


def _at(kind: int, src: int, dst: int) -> int:
    """Where a step's change is in :data:`_KEY_CHANGE` and :data:`_HASH_CHANGE`."""
    return (kind * 26 + src) * 25 + dst


def _kind(t: list[int], src: int, dst: int, contact: int) -> int:
    """The kind of the step ``src -> dst`` on ``t`` (the board allows it)."""
    kind = 0
    if dst != MOVER_OFF and t[dst] == -1 and contact != BLOCK:
        kind = _PINS if contact == PIN else _HITS
    if contact == PIN and src != MOVER_BAR and t[src] == 1 and (t[OPP_PINNED] >> src) & 1:
        kind += _RELEASES
    return kind


def _make(t: list[int], src: int, dst: int, kind: int) -> None:
    """Make the step ``src -> dst`` of ``kind`` on ``t``, in place."""
    t[src] -= 1
    if kind >= _RELEASES:
        t[src] = -1
        t[OPP_PINNED] ^= 1 << src
        kind -= _RELEASES
    if kind == _HITS:
        t[dst] = 1
        t[OPP_BAR] += 1
    elif kind == _PINS:
        t[dst] = 1
        t[OPP_PINNED] |= 1 << dst
    else:
        t[dst] += 1


def make_step(t: list[int], src: int, dst: int, contact: int) -> int:
    """Make a step the board allows on ``t`` in place; returns how the key changed.

    The same as :func:`~nardy.engine.tracking.move_checker`, by the kind of
    step and one table entry.
    """
    kind = _kind(t, src, dst, contact)
    _make(t, src, dst, kind)
    return _KEY_CHANGE[_at(kind, src, dst)]


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


def _slot(h: int, mask: int) -> int:
    """A hash's first slot in a table of ``mask + 1`` slots.

    The hash folded to 29 bits, times an odd constant of 29 bits (the
    product stays a machine int), and the high bits of the product: each
    depends on every bit of the hash, which the low bits alone do not.
    """
    x = (h ^ (h >> 29) ^ (h >> 58)) & 0x1FFFFFFF
    return ((x * 0x1E3779B1) >> 29) & mask


def _pips_of(packed: bytes) -> int:
    """The mover's pips in a packed state: his checkers' points, the bar counting 25."""
    pips = MOVER_BAR * (packed[MOVER_BAR] - ZERO)
    for p in range(1, 25):
        x = packed[p] - ZERO
        if x > 0:
            pips += p * x
    return pips


def _target(action: int) -> tuple[int, int]:
    """The source and landing slot of a step action (0 for off)."""
    if action == RETURN:
        return MOVER_BAR, RETURN_POINT
    src = action // 6 + 1
    return src, max(src - (action % 6 + 1), MOVER_OFF)


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
        #: The results' keys, in the legal plays' order, and their hashes.
        self.keys = results
        hashes: list[int] = []
        # Each result's index + 1 by its hash, in an open-addressing table
        # at most a quarter full (0: an empty slot): asking whether a step
        # lands on a result reads a slot or two and makes no object. (The
        # hashes of results differ in few bits: _slot mixes them.)
        size = 16
        while size < 4 * len(results):
            size *= 2
        mask = size - 1
        table = [0] * size
        for i, key in enumerate(results):
            h = hash(key)
            hashes.append(h)
            slot = _slot(h, mask)
            while table[slot]:
                slot = (slot + 1) & mask
            table[slot] = i + 1
        self.hashes = hashes
        self.mask = mask
        self.table = table
        # The fewest checkers on the mover's bar a result leaves. Where they
        # wait for a return (Kush), no step adds one: a node with fewer
        # reaches no result, and a return is no use at one with as many.
        self.min_bar = 0
        if bar == RETURN_MODEL and results:
            self.min_bar = min(((key >> (8 * MOVER_BAR)) & 0xFF) - ZERO for key in results)
        # Whether checkers wait for a return at the start (see _pips_fit).
        self.waits = bar == RETURN_MODEL and packed[MOVER_BAR] != ZERO
        # Each result's checkers on the bar and pips (see _pips_fit), made
        # when first needed.
        self.result_pips: list[tuple[int, int]] = []
        #: The node before any step.
        self.start = node_code(int.from_bytes(packed, "little"), dice)
        self.allowed_made: dict[int, tuple[int, ...]] = {}
        # Whether a node reaches a result, by its dice left, then its key.
        self.reached: dict[int, dict[int, bool]] = {}
        self.ends_made: dict[int, frozenset[int]] = {}
        # The node a step last reached and its board (its allowed actions
        # are asked for next), first the start; and the node last asked
        # about with its allowed actions (a player's turn asks about each
        # node twice running: its actions, then a step). Each a pair, read
        # and replaced whole: clones of a game share the tree, and so may
        # threads. The board is copied before it is worked on.
        self.last: tuple[int, list[int]] = (self.start, unpack_list(packed))
        self.asked: tuple[int, tuple[int, ...]] = (-1, ())

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

    def _board_of(self, node: int) -> list[int]:
        """A new list of the state ``node`` stands on (the last step's, copied, if it is that)."""
        last = self.last
        return last[1].copy() if node == last[0] else self.board(node)

    def play_at(self, node: int) -> int:
        """The index of the legal play the steps to ``node`` make, or -1."""
        key = node >> DICE_BITS
        return self.find(key, hash(key))

    def lands(self, key: int, change: int, h: int) -> bool:
        """Whether the key ``key + change`` (hashed ``h``) is a result's; the sum made only if it may be."""
        return self.hits(h) and self.find(key + change, h) >= 0

    def hits(self, h: int) -> bool:
        """Whether some result's key has the hash ``h`` (no key is made)."""
        table = self.table
        mask = self.mask
        slot = _slot(h, mask)
        while True:
            i = table[slot]
            if not i:
                return False
            if self.hashes[i - 1] == h:
                return True
            slot = (slot + 1) & mask

    def find(self, key: int, h: int) -> int:
        """The index of the legal play whose result has ``key`` (its hash ``h``), or -1."""
        table = self.table
        mask = self.mask
        slot = _slot(h, mask)
        while True:
            i = table[slot]
            if not i:
                return -1
            if self.hashes[i - 1] == h and self.keys[i - 1] == key:
                return i - 1
            slot = (slot + 1) & mask

    # --- the tree -----------------------------------------------------------------

    def children(self, node: int) -> dict[int, int]:
        """Every step the board allows at ``node`` (legal or not): action -> child node."""
        out: dict[int, int] = {}
        t = self.board(node)
        key = node >> DICE_BITS
        dice = node & _DICE_MASK
        steps = self._steps(t, dice)
        made: list[tuple[int, int]] = []
        for i in range(0, len(steps), 3):
            action, src, dst = steps[i], steps[i + 1], steps[i + 2]
            child_key = key + _KEY_CHANGE[_at(_kind(t, src, dst, self.contact), src, dst)]
            made.append((action, (child_key << DICE_BITS) | _left(dice, action)))
        # In the order of the actions, a return first.
        made.sort(key=lambda item: (item[0] != RETURN, item[0]))
        for action, child in made:
            out[action] = child
        return out

    def reaches(self, node: int) -> bool:
        """Whether some sequence of steps the board allows from ``node`` makes a legal play."""
        key = node >> DICE_BITS
        h = hash(key)
        if self.find(key, h) >= 0:
            return True
        return self._reach(self.board(node), key, 0, h, node & _DICE_MASK)

    def allowed(self, node: int) -> tuple[int, ...]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        asked = self.asked
        if node == asked[0]:
            return asked[1]
        made = self.allowed_made.get(node)
        if made is not None:
            self.asked = (node, made)
            return made
        t = self._board_of(node)
        key = node >> DICE_BITS
        dice = node & _DICE_MASK
        h = hash(key)
        contact = self.contact
        pins = contact == PIN
        out: list[int] = []
        steps = self._steps(t, dice)
        for i in range(0, len(steps), 3):
            action, src, dst = steps[i], steps[i + 1], steps[i + 2]
            kind = _kind(t, src, dst, contact)
            at = _at(kind, src, dst)
            change = _KEY_CHANGE[at]
            child_hash = h + _HASH_CHANGE[at]
            if child_hash >= _PRIME:
                child_hash -= _PRIME
            if self.lands(key, change, child_hash):
                out.append(action)
                continue
            # The step's slots, to unmake it (what _make may change).
            x_src, x_dst, x_bar = t[src], t[dst], t[OPP_BAR]
            x_pins = t[OPP_PINNED] if pins else 0
            _make(t, src, dst, kind)
            if self._reach(t, key, change, child_hash, _left(dice, action)):
                out.append(action)
            t[src], t[dst], t[OPP_BAR] = x_src, x_dst, x_bar
            if pins:
                t[OPP_PINNED] = x_pins
        if self.find(key, h) >= 0 and (out or node == self.start):
            out.append(PASS)  # end the play here (or pass: nothing can be played)
        out.sort()
        made = self.allowed_made[node] = tuple(out)
        self.asked = (node, made)
        return made

    def step(self, node: int, action: int) -> int:
        """The node after ``action`` while the play goes on, ``-1 - index`` of the play it completes.

        :data:`NOT_ALLOWED` when ``action`` is not allowed at ``node``.
        """
        if action not in self.allowed(node):
            return NOT_ALLOWED
        key = node >> DICE_BITS
        if action == PASS:
            return -1 - self.find(key, hash(key))
        t = self._board_of(node)
        src, dst = _target(action)
        kind = _kind(t, src, dst, self.contact)
        child_key = key + _KEY_CHANGE[_at(kind, src, dst)]
        left = _left(node & _DICE_MASK, action)
        if not left and (t[MOVER_BAR] <= 0 or self.bar != RETURN_MODEL):
            # No die left and no return to make: the play is complete (an
            # allowed step leads to a legal play), with nothing to explore.
            return -1 - self.find(child_key, hash(child_key))
        _make(t, src, dst, kind)
        child = (child_key << DICE_BITS) | left
        self.last = (child, t)  # t is this call's own copy: readers copy it again
        if self.allowed(child):
            return child
        return -1 - self.find(child_key, hash(child_key))

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
        enter, only the entering steps; else every point from the 24 down
        (so that whether a checker stands outside the home board, which
        bearing off needs, is known by the home board), by each die left.
        """
        out: list[int] = []
        bar = self.bar
        contact = self.contact
        on_bar = t[MOVER_BAR] > 0 and bar != NO_BAR
        if not dice and not (bar == RETURN_MODEL and on_bar):
            return out
        if on_bar and bar == RETURN_MODEL and t[RETURN_POINT] >= 0:
            out.append(RETURN)
            out.append(MOVER_BAR)
            out.append(RETURN_POINT)
        if on_bar and bar == ENTER:
            for d in range(1, 7):
                if (dice >> (5 * (d - 1))) & 31 and is_open(t, MOVER_BAR - d, contact):
                    out.append(6 * (MOVER_BAR - 1) + d - 1)
                    out.append(MOVER_BAR)
                    out.append(MOVER_BAR - d)
            return out
        # Whether a checker of the mover's is outside his home board (the bar
        # and pinned ones count): all that may_bear_off asks of the count.
        outside = t[MOVER_BAR] > 0 or (len(t) > PINNED and t[PINNED] >> (HOME + 1) != 0)
        for src in range(24, 0, -1):
            if t[src] <= 0:
                continue
            if src > HOME:
                outside = True
            for d in range(1, 7):
                if not (dice >> (5 * (d - 1))) & 31:
                    continue
                dst = src - d
                if dst <= 0:
                    if not may_bear_off(t, src, dst, 1 if outside else 0):
                        continue
                    dst = MOVER_OFF
                elif not is_open(t, dst, contact):
                    continue
                out.append(6 * (src - 1) + d - 1)
                out.append(src)
                out.append(dst)
        return out

    def _reach(self, t: list[int], base: int, change: int, h: int, dice: int) -> bool:
        """Whether the node on board ``t`` reaches a legal play.

        Its key is ``base + change`` (made only when needed: at the last die
        only a hash that matches needs it), its hash ``h``; the node itself
        is not a result (the caller looked). ``t`` is left as found.
        """
        waiting = t[MOVER_BAR] if self.bar == RETURN_MODEL else 0
        if waiting < self.min_bar:
            return False  # too many came back: no step puts one on the bar again
        # How many returns may still lead somewhere (the steps of the dice
        # change neither the bar nor whether the head is open to one).
        returns = waiting - self.min_bar if waiting and t[RETURN_POINT] >= 0 else 0
        if not dice:
            return returns > 0 and self._returns_land(base, change, h, returns)
        if not dice & (dice - 1):  # one bit: a count of 1 (a single die) if at a face's start
            bit = dice.bit_length() - 1
            if bit % 5 == 0:
                if returns:
                    return self._last_returning(t, base, change, h, bit // 5 + 1, returns)
                return self._last(t, base, change, h, bit // 5 + 1)
        if self.waits and not self._pips_fit(t, waiting, dice):
            return False  # (where checkers wait for a return, branches die often)
        key = base + change
        memo = self.reached.get(dice)
        if memo is None:
            memo = self.reached[dice] = {}
        known = memo.get(key)
        if known is not None:
            return known
        found = False
        contact = self.contact
        pins = contact == PIN
        steps = self._steps(t, dice)
        for i in range(0, len(steps), 3):
            action, src, dst = steps[i], steps[i + 1], steps[i + 2]
            kind = _kind(t, src, dst, contact)
            at = _at(kind, src, dst)
            step_change = _KEY_CHANGE[at]
            child_hash = h + _HASH_CHANGE[at]
            if child_hash >= _PRIME:
                child_hash -= _PRIME
            if self.lands(key, step_change, child_hash):
                found = True
                break
            x_src, x_dst, x_bar = t[src], t[dst], t[OPP_BAR]
            x_pins = t[OPP_PINNED] if pins else 0
            _make(t, src, dst, kind)
            found = self._reach(t, key, step_change, child_hash, _left(dice, action))
            t[src], t[dst], t[OPP_BAR] = x_src, x_dst, x_bar
            if pins:
                t[OPP_PINNED] = x_pins
            if found:
                break
        memo[key] = found
        return found

    def _pips_fit(self, t: list[int], waiting: int, dice: int) -> bool:
        """Whether some result's pips are in reach of the node on ``t``: a necessary condition.

        Used where checkers wait on the bar for a return (Kush), where the
        search would otherwise try every mix of returns and moves, and
        every move after the returns of a play that only returns. Each return moves a checker one pip (the bar counts 25, the
        head 24), each step of a die at least one pip and at most the die;
        nothing else moves the mover's checkers. So a result with ``bar``
        checkers left on the bar and ``pips`` is in reach only if the node's
        own ``waiting - bar`` returns and its pips leave between none and
        all of the dice to play.
        """
        made = self.result_pips
        if not made:
            for key in self.keys:
                packed = key.to_bytes(self.size, "little")
                made.append((packed[MOVER_BAR] - ZERO, _pips_of(packed)))
        pips = MOVER_BAR * t[MOVER_BAR]
        for p in range(1, 25):
            if t[p] > 0:
                pips += p * t[p]
        total = 0
        for d in range(1, 7):
            total += d * ((dice >> (5 * (d - 1))) & 31)
        for bar, result_pips in made:
            returns = waiting - bar
            if returns >= 0 and returns <= pips - result_pips <= returns + total:
                return True
        return False

    def _returns_land(self, base: int, change: int, h: int, returns: int) -> bool:
        """Whether 1 to ``returns`` returns from the bar, and nothing else, make a legal play.

        The node (key ``base + change``, hash ``h``) has no die left and
        the head open: a return is all it can do, again and again.
        """
        for count in range(1, returns + 1):
            h += _RETURN_HASH
            if h >= _PRIME:
                h -= _PRIME
            if self.hits(h) and self.find(base + change + count * _RETURN_CHANGE, h) >= 0:
                return True
        return False

    def _last_returning(
        self, t: list[int], base: int, change: int, h: int, d: int, returns: int
    ) -> bool:
        """:meth:`_last` where up to ``returns`` returns from the bar may still lead somewhere.

        The die's step now and returns after it, or a return now and the
        same question one checker fewer on the bar: every order of the
        node's actions. No checker bears off while one waits on the bar.
        """
        contact = self.contact
        for src in range(24, 0, -1):
            if t[src] <= 0 or src <= d or not is_open(t, src - d, contact):
                continue
            at = _at(_kind(t, src, src - d, contact), src, src - d)
            child_hash = h + _HASH_CHANGE[at]
            if child_hash >= _PRIME:
                child_hash -= _PRIME
            if (
                self.hits(child_hash)
                and self.find(base + change + _KEY_CHANGE[at], child_hash) >= 0
            ):
                return True
            if self._returns_land(base, change + _KEY_CHANGE[at], child_hash, returns):
                return True
        # A return first (the head is open: it hits nothing).
        change += _RETURN_CHANGE
        h += _RETURN_HASH
        if h >= _PRIME:
            h -= _PRIME
        if self.lands(base, change, h):
            return True
        t[MOVER_BAR] -= 1
        t[RETURN_POINT] += 1
        if returns > 1:
            found = self._last_returning(t, base, change, h, d, returns - 1)
        else:
            found = self._last(t, base, change, h, d)
        t[MOVER_BAR] += 1
        t[RETURN_POINT] -= 1
        return found

    def _last(self, t: list[int], base: int, change: int, h: int, d: int) -> bool:
        """:meth:`_reach` with one die ``d`` left and no return to make: any step onto a result.

        The points are scanned from the 24 down (the order does not change
        the answer): so whether a checker stands outside the home board,
        which bearing off needs, is known by the time the scan reaches it.
        """
        contact = self.contact
        if t[MOVER_BAR] > 0 and self.bar == ENTER:
            high, low = MOVER_BAR, MOVER_BAR  # a checker on the bar enters first
        else:
            high, low = 24, 1
        # Whether a checker of the mover's is outside his home board (the bar
        # and pinned ones count): all that may_bear_off asks of the count.
        outside = t[MOVER_BAR] > 0 or (len(t) > PINNED and t[PINNED] >> (HOME + 1) != 0)
        for src in range(high, low - 1, -1):
            if t[src] <= 0:
                continue
            dst = src - d
            if src > HOME:
                outside = True
            if dst <= 0:
                if not may_bear_off(t, src, dst, 1 if outside else 0):
                    continue
                dst = MOVER_OFF
            elif not is_open(t, dst, contact):
                continue
            at = _at(_kind(t, src, dst, contact), src, dst)
            child_hash = h + _HASH_CHANGE[at]
            if child_hash >= _PRIME:
                child_hash -= _PRIME
            # Only a hash that matches a result's makes the exact key.
            if self.lands(base + change, _KEY_CHANGE[at], child_hash):
                return True
        return False


def _left(dice: int, action: int) -> int:
    """The dice left after ``action`` (a return uses none)."""
    return dice if action == RETURN else dice - _UNIT[action % 6 + 1]
