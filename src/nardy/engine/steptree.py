"""The step tree of one roll on ints: which single checker steps still lead to a legal play.

What ``nardy.agents.env.steps.StepTurn`` answers (that module states the
rules: a step is allowed when some sequence of steps the board allows,
starting with it, ends in the resulting position of a legal play), on plain
ints so that it compiles with the engine. A node of the tree is one int,
its *code*: the key of the state reached (:mod:`nardy.engine.state`)
shifted left by :data:`DICE_BITS`, over the dice left as counts
(:func:`dice_code`). A code is a value: equal codes are the same node
whatever the path to it, it pickles, and a copy of it is itself.

Most of the work is asking whether a node *reaches* a legal play, for each
step allowed at a node a player stands on. The search for an answer stops
at the first play found, makes and unmakes its steps on one board in place,
and remembers its answer per node. A step's change of the key is one entry
of a table (by the kind of step: :mod:`nardy.engine.stepkeys`;
:func:`make_step` is :func:`~nardy.rules.movement.make_step_as` on plain contact),
and so is its change of the key's hash: Python's own hash of an int, the
int modulo a prime, so a result's hash costs nothing to make. Whether a step
lands on a legal play is read from the hashes first (machine ints, no
object made), and only a hash that matches is checked against the exact
key; at the last die no step is made at all.

Compiled, the search's small ints (points, counts, dice, hashes, table
entries) are typed ``i64``, mypyc's machine int, and its loops make no
list: each walks the steps the board allows itself. (Interpreted, ``i64``
is only an annotation.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nardy.engine.state import (
    HOME,
    MOVER_BAR,
    MOVER_OFF,
    OPP_BAR,
    OPP_PINNED,
    ZERO,
    key_of_packed,
    unpack_list,
)
from nardy.engine.stepkeys import (
    DICE_BITS,
    HASH_CHANGE,
    KEY_CHANGE,
    PASS,
    PRIME,
    RETURN,
    RETURN_CHANGE,
    RETURN_HASH,
    UNIT,
    change_at,
    dice_code,
    dice_of_code,
    left_after,
    make_step,
    node_code,
    outside_home,
)
from nardy.rules.board import ENTER, PIN
from nardy.rules.board import RETURN as RETURN_MODEL
from nardy.rules.kush import RETURN_POINT, may_return
from nardy.rules.movement import is_open, landing, make_move, step_kind

if TYPE_CHECKING:
    from mypy_extensions import i64

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

_DICE_MASK: Final = (1 << DICE_BITS) - 1
# The step actions' numbers, 0 to 151 (see nardy.agents.env.steps).
_ACTIONS: Final = 152
#: What :meth:`StepTree.step` answers for an action that is not allowed.
NOT_ALLOWED: Final = -(1 << 40)

# The results' table: an entry is a result's index + 1 in its low
# _INDEX_BITS (at most 3,877 plays a roll) over _TAG_BITS of its hash's
# high bits (the slot comes from all of them), below 2**30 so that reading
# one is a machine read; 0 is an empty slot.
_INDEX_BITS: Final = 12
_INDEX_MASK: Final = (1 << _INDEX_BITS) - 1
_TAG_SHIFT: Final = 40
_TAG_MASK: Final = (1 << 18) - 1


def _code_change(kind: int, action: int) -> int:
    """How a step action of ``kind`` changes a node's code: the key's change and the die used."""
    src, dst = _target(action)
    change: int = KEY_CHANGE[change_at(kind, src, dst)] << DICE_BITS
    return change if action == RETURN else change - UNIT[action % 6 + 1]


def _slot(h: i64, mask: i64) -> i64:
    """A hash's first slot in a table of ``mask + 1`` slots.

    The hash folded to 29 bits, times an odd constant of 29 bits (the
    product stays a machine int), and the high bits of the product: each
    depends on every bit of the hash, which the low bits alone do not.
    """
    x = (h ^ (h >> 29) ^ (h >> 58)) & 0x1FFFFFFF
    return ((x * 0x1E3779B1) >> 29) & mask


def _tag(h: i64) -> i64:
    """The bits of a hash a table entry keeps beside the result's index."""
    return ((h >> _TAG_SHIFT) & _TAG_MASK) << _INDEX_BITS


def _pips_of(packed: bytes) -> int:
    """The mover's pips in a packed state: his checkers' points, the bar counting 25."""
    pips = MOVER_BAR * (packed[MOVER_BAR] - ZERO)
    for p in range(1, 25):
        x = packed[p] - ZERO
        if x > 0:
            pips += p * x
    return pips


def _target(action: i64) -> tuple[i64, i64]:
    """The source and landing slot of a step action (0 for off)."""
    if action == RETURN:
        return MOVER_BAR, RETURN_POINT
    src = action // 6 + 1
    dst = src - (action % 6 + 1)
    return src, dst if dst > MOVER_OFF else MOVER_OFF


# _code_change of each kind of each action (PASS's entries are never read):
# big ints, read as objects.
_CODE_CHANGE: Final[tuple[Any, ...]] = tuple(
    _code_change(kind, action) if action != PASS else 0
    for kind in range(6)
    for action in range(_ACTIONS)
)


class StepTree:
    """The step tree of one roll: a position's state, the dice, and its legal results.

    ``packed`` is the position's packed state (mover's frame), ``dice`` the
    moves of the roll, ``results`` the keys of the legal plays' resulting
    states in order (:meth:`LegalPlays.raw_results
    <nardy.LegalPlays.raw_results>`), ``contact`` a contact code of
    :mod:`nardy.rules.board` and ``bar`` one of its bar models. Nodes are explored when first asked
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
        self.contact: i64 = contact
        self.bar: i64 = bar
        #: The results' keys, in the legal plays' order.
        self.keys: list[Any] = results
        # Each result by its hash, in an open-addressing table at most a
        # quarter full (an entry: see _INDEX_BITS): asking whether a step
        # lands on a result reads a slot or two and makes no object. (The
        # hashes of results differ in few bits: _slot mixes them.)
        size: i64 = 16
        count: i64 = len(results)
        while size < 4 * count:
            size *= 2
        mask: i64 = size - 1
        table = [0] * size
        for i, key in enumerate(results):
            h: i64 = hash(key)
            slot = _slot(h, mask)
            while table[slot]:
                slot = (slot + 1) & mask
            table[slot] = _tag(h) | (i + 1)
        self.mask: i64 = mask
        self.table = table
        # The fewest checkers on the mover's bar a result leaves. Where they
        # wait for a return (Kush), no step adds one: a node with fewer
        # reaches no result, and a return is no use at one with as many.
        self.min_bar: i64 = 0
        # Whether checkers wait for a return at the start (see _pips_fit).
        self.waits = False
        if bar == RETURN_MODEL:
            self.waits = packed[MOVER_BAR] != ZERO
            if self.waits:  # (else none waits at the start, nor in any result)
                least: i64 = 255
                for key in results:
                    waiting: i64 = (key >> (8 * MOVER_BAR)) & 0xFF
                    if waiting < least:
                        least = waiting
                self.min_bar = least - ZERO
        # Each result's checkers on the bar and pips (see _pips_fit), made
        # when first needed.
        self.result_pips: list[int] = []
        #: The node before any step.
        self.start: int = node_code(key_of_packed(packed), dice)
        self.allowed_made: dict[int, tuple[int, ...]] = {}
        # Whether a node reaches a result, by its dice left, then its key,
        # and ends: made when first needed (a random player's turn of two
        # dice needs neither).
        self.reached: dict[int, dict[Any, bool]] | None = None
        self.ends_made: dict[int, frozenset[int]] | None = None
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
        return self._index(key, change, h) >= 0

    def find(self, key: int, h: int) -> int:
        """The index of the legal play whose result has ``key`` (its hash ``h``), or -1."""
        return self._index(key, None, h)

    def _index(self, base: Any, change: Any, h: i64) -> i64:
        """The index of the result whose key is ``base + change`` (hashed ``h``), or -1.

        The sum is made only when an entry's tag matches the hash's; a
        ``change`` of ``None`` is none.
        """
        table = self.table
        mask = self.mask
        slot = _slot(h, mask)
        tag = _tag(h)
        key: Any = None
        while True:
            entry: i64 = table[slot]
            if not entry:
                return -1
            if entry & ~_INDEX_MASK == tag:
                if key is None:
                    key = base if change is None else base + change
                i = (entry & _INDEX_MASK) - 1
                if self.keys[i] == key:
                    return i
            slot = (slot + 1) & mask

    def _lands(self, base: Any, change: Any, h: i64) -> bool:
        """:meth:`lands`, the first slot read here: most steps find it empty."""
        entry: i64 = self.table[_slot(h, self.mask)]
        return entry != 0 and self._index(base, change, h) >= 0

    # --- the tree -----------------------------------------------------------------

    def children(self, node: int) -> dict[int, int]:
        """Every step the board allows at ``node`` (legal or not): action -> child node."""
        t = self.board(node)
        key = node >> DICE_BITS
        dice: int = node & _DICE_MASK  # an int: or-ed into big ints below
        made: list[tuple[int, int]] = []
        if self._returnable(t):
            made.append((RETURN, ((key + RETURN_CHANGE) << DICE_BITS) | dice))
        high, low = self._sources(t, dice)
        outside = outside_home(t)
        for src in range(high, low - 1, -1):
            if t[src] <= 0:
                continue
            outside = outside or src > HOME
            for d in range(1, 7):
                if (dice >> (5 * (d - 1))) & 31:
                    dst = landing(t, src, d, outside, self.contact)
                    if dst >= 0:
                        at = change_at(step_kind(t, src, dst, self.contact), src, dst)
                        left: int = dice - UNIT[d]
                        made.append(
                            (6 * (src - 1) + d - 1, (key + KEY_CHANGE[at]) << DICE_BITS | left)
                        )
        made.sort(key=lambda item: (item[0] != RETURN, item[0]))  # a return first
        return dict(made)

    def reaches(self, node: int) -> bool:
        """Whether some sequence of steps the board allows from ``node`` makes a legal play."""
        key = node >> DICE_BITS
        h: i64 = hash(key)
        if self._index(key, None, h) >= 0:
            return True
        return self._reach(self.board(node), key, 0, h, node & _DICE_MASK)

    def allowed(self, node: int) -> tuple[int, ...]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        asked = self.asked
        if node == asked[0]:
            return asked[1]
        made = self.allowed_made.get(node)
        if made is None:
            made = self.allowed_made[node] = self._allowed(node, self._board_of(node))
        self.asked = (node, made)
        return made

    def _allowed(self, node: int, t: list[int]) -> tuple[int, ...]:
        """Work out :meth:`allowed` on ``t``, the board of ``node`` (a list no other reader holds)."""
        key: Any = node >> DICE_BITS
        keys = self.keys
        if len(keys) == 1 and keys[0] == key and node == self.start:
            # The only legal play is the pass: no step leads back to the
            # start (each moves a checker of the mover's on, lowering his
            # pips), so none is allowed, and the search need not try each.
            return (PASS,)
        h: i64 = hash(key)
        out: list[int] = []
        self._walk(t, key, h, node & _DICE_MASK, out)
        # The walk met the points from the 24 down and each point's dice from
        # the highest, a return first: reversed, the actions ascend.
        out.reverse()
        returns = bool(out) and out[-1] == RETURN
        if returns:
            out.pop()
        if (out or returns or node == self.start) and self._index(key, None, h) >= 0:
            out.append(PASS)  # end the play here (or pass: nothing can be played)
        if returns:
            out.append(RETURN)
        return tuple(out)

    def step(self, node: int, action: int) -> int:
        """The node after ``action`` while the play goes on, ``-1 - index`` of the play it completes.

        :data:`NOT_ALLOWED` when ``action`` is not allowed at ``node``.
        """
        if action not in self.allowed(node):
            return NOT_ALLOWED
        if action == PASS:
            key = node >> DICE_BITS
            return -1 - self.find(key, hash(key))
        t = self._board_of(node)
        src, dst = _target(action)
        kind = step_kind(t, src, dst, self.contact)
        # The child's code in one addition: the key's change and the die used.
        child: int = node + _CODE_CHANGE[kind * _ACTIONS + action]
        if not left_after(node & _DICE_MASK, action):
            bar: i64 = t[MOVER_BAR]
            if bar <= 0 or self.bar != RETURN_MODEL:
                # No die left and no return to make: the play is complete (an
                # allowed step leads to a legal play), with nothing to explore.
                child_key = child >> DICE_BITS
                return -1 - self.find(child_key, hash(child_key))
        make_move(t, src, dst, kind)
        # Its allowed actions are asked for next: worked out here on t, this
        # call's own copy (no other reader holds it yet, so it need not be
        # copied again), before t is handed on with the node; readers copy it.
        made = self.allowed_made.get(child)
        if made is None:
            made = self.allowed_made[child] = self._allowed(child, t)
        self.last = (child, t)
        self.asked = (child, made)
        if made:
            return child
        child_key = child >> DICE_BITS
        return -1 - self.find(child_key, hash(child_key))

    def child(self, node: int, action: int) -> int:
        """The node an allowed ``action`` at ``node`` reaches, whether the play goes on or ends there.

        ``node`` itself for :data:`PASS`. Unlike :meth:`step`, nothing is
        checked: for the node where a play that :meth:`step` completed ends.
        """
        if action == PASS:
            return node
        last = self.last
        t = last[1] if node == last[0] else self.board(node)  # (only read)
        src, dst = _target(action)
        child: int = node + _CODE_CHANGE[step_kind(t, src, dst, self.contact) * _ACTIONS + action]
        return child

    def ends(self, node: int) -> frozenset[int]:
        """The indices of the legal plays some sequence of steps from ``node`` makes."""
        ends = self.ends_made
        if ends is None:
            ends = self.ends_made = {}
        made = ends.get(node)
        if made is None:
            here = self.play_at(node)
            out = {here} if here >= 0 else set()
            for child in self.children(node).values():
                out |= self.ends(child)
            made = ends[node] = frozenset(out)
        return made

    # --- the steps ----------------------------------------------------------------

    def _returnable(self, t: list[int]) -> bool:
        """Whether a return from the bar onto the head is a step the board allows (Kush).

        It uses no die, and other checkers may move while one waits; only
        an opposing checker on the head stops it.
        """
        return self.bar == RETURN_MODEL and may_return(t)

    def _sources(self, t: list[int], dice: i64) -> tuple[i64, i64]:
        """The slots whose checkers may step with a die, highest first (none: ``(0, 1)``).

        With checkers on the bar that enter, only the bar; without a die,
        none; else every point from the 24 down (so that whether a checker
        stands outside the home board, which bearing off needs, is known by
        the home board: :func:`~nardy.engine.stepkeys.outside_home`).
        """
        if not dice:
            return 0, 1
        if self.bar == ENTER:
            bar: i64 = t[MOVER_BAR]
            if bar > 0:
                return MOVER_BAR, MOVER_BAR
        return 24, 1

    # --- the search ---------------------------------------------------------------

    def _walk(self, t: list[int], key: Any, h: i64, dice: i64, out: list[int] | None) -> bool:
        """The allowed steps at the node on ``t`` (key ``key``, hash ``h``, ``dice`` left).

        A return first, then the points from the 24 down, each point's dice
        from the highest. Each allowed step goes into ``out``; without one,
        the walk stops at the first and says whether there was one. ``t`` is
        left as found.
        """
        contact = self.contact
        found = False
        if self._returnable(t):
            child_hash = h + RETURN_HASH
            if child_hash >= PRIME:
                child_hash -= PRIME
            if self._lands(key, RETURN_CHANGE, child_hash) or self._try(
                t, key, MOVER_BAR, RETURN_POINT, 0, child_hash, dice
            ):
                if out is None:
                    return True
                out.append(RETURN)
                found = True
        high, low = self._sources(t, dice)
        outside = outside_home(t)
        src = high
        while src >= low:
            c: i64 = t[src]
            if c > 0:
                outside = outside or src > HOME
                d: i64 = 6
                while d >= 1:
                    if (dice >> (5 * (d - 1))) & 31:
                        dst = landing(t, src, d, outside, self.contact)
                        if dst >= 0:
                            kind = step_kind(t, src, dst, contact)
                            at = change_at(kind, src, dst)
                            child_hash = h + HASH_CHANGE[at]
                            if child_hash >= PRIME:
                                child_hash -= PRIME
                            if self._lands(key, KEY_CHANGE[at], child_hash) or self._try(
                                t, key, src, dst, kind, child_hash, dice - UNIT[d]
                            ):
                                if out is None:
                                    return True
                                out.append(6 * (src - 1) + d - 1)
                                found = True
                    d -= 1
            src -= 1
        return found

    def _try(
        self, t: list[int], key: Any, src: i64, dst: i64, kind: i64, h: i64, dice: i64
    ) -> bool:
        """Whether the step ``src -> dst`` of ``kind`` on ``t`` leads on to a legal play.

        ``h`` is the hash after it, ``dice`` the dice left; ``t`` is left as found.
        """
        x_src: i64 = t[src]
        x_dst: i64 = t[dst]
        x_bar: i64 = t[OPP_BAR]
        pins = self.contact == PIN
        x_pins: i64 = t[OPP_PINNED] if pins else 0
        make_move(t, src, dst, kind)
        found = self._reach(t, key, KEY_CHANGE[change_at(kind, src, dst)], h, dice)
        t[src] = x_src
        t[dst] = x_dst
        t[OPP_BAR] = x_bar
        if pins:
            t[OPP_PINNED] = x_pins
        return found

    def _reach(self, t: list[int], base: Any, change: Any, h: i64, dice: i64) -> bool:
        """Whether the node on board ``t`` reaches a legal play.

        Its key is ``base + change`` (made only when needed: at the last die
        only a hash that matches needs it), its hash ``h``; the node itself
        is not a result (the caller looked). ``t`` is left as found.
        """
        waiting: i64 = 0
        returns: i64 = 0
        if self.bar == RETURN_MODEL:
            waiting = t[MOVER_BAR]
            if waiting < self.min_bar:
                return False  # too many came back: no step puts one on the bar again
            # How many returns may still lead somewhere (the steps of the dice
            # change neither the bar nor whether the head is open to one).
            head: i64 = t[RETURN_POINT]
            if waiting and head >= 0:
                returns = waiting - self.min_bar
        if not dice:
            return returns > 0 and self._returns_land(base, change, h, returns)
        if not dice & (dice - 1):  # one bit: a count of 1 (a single die) if at a face's start
            bits: int = dice  # (int.bit_length is native on an int)
            bit: i64 = bits.bit_length() - 1
            if bit % 5 == 0:
                if returns:
                    return self._last_returning(t, base, change, h, bit // 5 + 1, returns)
                return self._last(t, base, change, h, bit // 5 + 1)
        key: Any = base + change
        reached = self.reached
        if reached is None:
            reached = self.reached = {}
        memo = reached.get(dice)
        if memo is None:
            memo = reached[dice] = {}
        known = memo.get(key)
        if known is not None:
            return known
        # Where checkers wait for a return, branches die often: the pips
        # tell many at once (remembered like the rest, looked up first).
        found = memo[key] = (not self.waits or self._pips_fit(t, waiting, dice)) and self._walk(
            t, key, h, dice, None
        )
        return found

    def _pips_fit(self, t: list[int], waiting: i64, dice: i64) -> bool:
        """Whether some result's pips are in reach of the node on ``t``: a necessary condition.

        Used where checkers wait on the bar for a return (Kush), where the
        search would otherwise try every mix of returns and moves, and
        every move after the returns of a play that only returns. Each
        return moves a checker one pip (the bar counts 25, the head 24),
        each step of a die at least one pip and at most the die; nothing
        else moves the mover's checkers. So a result with ``bar`` checkers
        left on the bar and ``pips`` is in reach only if the node's own
        ``waiting - bar`` returns and its pips leave between none and all
        of the dice to play.
        """
        made = self.result_pips
        if not made:  # each result's bar count and pips, as bar * 1024 + pips
            for key in self.keys:
                packed = key.to_bytes(self.size, "little")
                made.append((packed[MOVER_BAR] - ZERO) * 1024 + _pips_of(packed))
        bar: i64 = t[MOVER_BAR]
        pips: i64 = MOVER_BAR * bar
        p: i64 = 1
        while p <= 24:
            x: i64 = t[p]
            if x > 0:
                pips += p * x
            p += 1
        total: i64 = 0
        d: i64 = 1
        while d <= 6:
            total += d * ((dice >> (5 * (d - 1))) & 31)
            d += 1
        for entry in made:
            both: i64 = entry
            returns = waiting - (both >> 10)
            if returns >= 0 and returns <= pips - (both & 1023) <= returns + total:
                return True
        return False

    def _returns_land(self, base: Any, change: Any, h: i64, returns: i64) -> bool:
        """Whether 1 to ``returns`` returns from the bar, and nothing else, make a legal play.

        The node (key ``base + change``, hash ``h``) has no die left and
        the head open: a return is all it can do, again and again.
        """
        table = self.table
        mask = self.mask
        made: Any = change  # the key's change after each return (a big int)
        count: i64 = 1
        while count <= returns:
            made = made + RETURN_CHANGE
            h += RETURN_HASH
            if h >= PRIME:
                h -= PRIME
            entry: i64 = table[_slot(h, mask)]
            if entry and self._index(base, made, h) >= 0:
                return True
            count += 1
        return False

    def _last_returning(
        self, t: list[int], base: Any, change: Any, h: i64, d: i64, returns: i64
    ) -> bool:
        """:meth:`_last` where up to ``returns`` returns from the bar may still lead somewhere.

        The die's step now and returns after it, or a return now and the
        same question one checker fewer on the bar: every order of the
        node's actions. No checker bears off while one waits on the bar.
        """
        contact = self.contact
        src: i64 = 24
        while src > d:
            c: i64 = t[src]
            if c > 0 and is_open(t, src - d, contact):
                at = change_at(step_kind(t, src, src - d, contact), src, src - d)
                child_hash = h + HASH_CHANGE[at]
                if child_hash >= PRIME:
                    child_hash -= PRIME
                step_change = change + KEY_CHANGE[at]
                if self._lands(base, step_change, child_hash):
                    return True
                if self._returns_land(base, step_change, child_hash, returns):
                    return True
            src -= 1
        # A return first (the head is open: it hits nothing).
        change = change + RETURN_CHANGE
        h += RETURN_HASH
        if h >= PRIME:
            h -= PRIME
        if self._lands(base, change, h):
            return True
        bar: i64 = t[MOVER_BAR]
        head: i64 = t[RETURN_POINT]
        t[MOVER_BAR] = bar - 1
        t[RETURN_POINT] = head + 1
        if returns > 1:
            found = self._last_returning(t, base, change, h, d, returns - 1)
        else:
            found = self._last(t, base, change, h, d)
        t[MOVER_BAR] = bar
        t[RETURN_POINT] = head
        return found

    def _last(self, t: list[int], base: Any, change: Any, h: i64, d: i64) -> bool:
        """:meth:`_reach` with one die ``d`` left and no return to make: any step onto a result.

        The points are scanned from the 24 down (the order does not change
        the answer): so whether a checker stands outside the home board,
        which bearing off needs, is known by the time the scan reaches it.
        Only a step whose hash finds a result's entry makes the exact key.
        (A hand-specialised twin of :meth:`_walk`'s scan for the last die:
        without it, ``bench_env.py --modes step`` runs 3.5% fewer backgammon
        episodes a second and 7% fewer of Kush's, compiled.)
        """
        contact = self.contact
        table = self.table
        mask = self.mask
        high, low = self._sources(t, UNIT[d])
        outside = outside_home(t)
        src = high
        while src >= low:
            c: i64 = t[src]
            if c > 0:
                outside = outside or src > HOME
                dst = landing(t, src, d, outside, self.contact)
                if dst >= 0:
                    at = change_at(step_kind(t, src, dst, contact), src, dst)
                    child_hash = h + HASH_CHANGE[at]
                    if child_hash >= PRIME:
                        child_hash -= PRIME
                    entry: i64 = table[_slot(child_hash, mask)]
                    if entry and self._index(base + change, KEY_CHANGE[at], child_hash) >= 0:
                        return True
            src -= 1
        return False
