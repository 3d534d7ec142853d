"""Playing a roll one checker step at a time, exactly: the logic of the step action mode.

No numpy, so that every interface (the PettingZoo and Gymnasium
environments, the OpenSpiel games) shares it; the search itself is
:class:`nardy.engine.stepmode.StepTree`, on ints: the native core's
(``nardy._native.StepSearch``) when it is loaded, else a depth-first
search in Python, with the same answers.

A roll's legal plays come from :meth:`nardy.Position.legal_plays`. A
*step sequence* plays the roll when

* each step is possible on the board it meets, in the order given: a checker
  of the mover on the source point (or the bar), a die of the roll still
  unused, an open landing point (:func:`nardy.engine.apply_steps.make_steps`,
  on the rules of :mod:`nardy.rules.movement`);
* with a bar the mover enters from (:attr:`nardy.Entering.ENTER`), no other
  checker moves while one of his checkers is on the bar;
* a checker bears off only when none of the mover's checkers is outside his
  home board, and with a die higher than its point only from his highest
  occupied point (:func:`nardy.rules.movement.may_bear_off`);
* and the position it reaches is the resulting position of a legal play
  (the test :meth:`nardy.Game.play` applies to a play given step by step).

A step is *allowed* exactly when some such sequence, starting with the
steps already taken, continues with it. So every sequence of allowed steps
ends in exactly one legal play, and every legal play can be reached (in
every order of its steps that the board allows). Plays of one roll may have
different numbers of steps (Kush's returns from the bar use no die): when
the steps taken already make a legal play that could also go on,
:data:`PASS` ends the play there. When nothing can be played, :data:`PASS`
is the only allowed action.

Actions are numbered the same for every variant (:data:`NUM_ACTIONS`):

============================  =========================================
action                        meaning
============================  =========================================
``6 * (src - 1) + die - 1``   move a checker from ``src`` (1..24 in the
                              mover's numbering, 25 the bar) by ``die``
:data:`PASS` (150)            pass, or end the play here
:data:`RETURN` (151)          bring a checker back from the bar onto the
                              head (Kush; uses no die)
:data:`POOL_ACTION` ``+ die   enter a checker from the pool by ``die``
- 1`` (152..157)              (``pool/22``; a variant with a pool)
:data:`NAME_ACTION` ``+ d     name the double ``d-d`` (158..163; a
- 1`` (158..163)              variant whose turn may ask for one)
============================  =========================================

The last twelve exist only in a variant that has a pool or a turn of more
than one segment (:func:`num_actions`: 164 actions); every other variant
keeps the 152 of :data:`NUM_ACTIONS`. The steps the board allows are
those of the variant's :class:`~nardy.rules.movement.Movement` (a pool,
hits to the pool, the bar not first, another bear-off): the reference
search's :func:`~nardy.engine.reference.single_steps`. The turn's own step
rules (a head rule, a six-block rule, a hitter rule) judge only the end,
through the legal plays.
"""

from __future__ import annotations

from collections import OrderedDict

from nardy.engine.reference import contact_code
from nardy.engine.state import State, pack, unpack
from nardy.engine.stepmode import (
    NOT_ALLOWED,
    PASS,
    POOL_ACTION,
    RETURN,
    StepTree,
    node_code,
    step_action,
)
from nardy.errors import IllegalActionError
from nardy.model.basics import BAR, OFF, Roll, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.rules.board import FROM_POOL
from nardy.rules.movement import Movement, movement_of
from nardy.rules.vocabulary import Entering
from nardy.variants.base import Variant
from nardy.variants.turn_hooks import runs_turns as runs_turns

__all__ = [
    "EXTENDED_ACTIONS",
    "NAME_ACTION",
    "NUM_ACTIONS",
    "PASS",
    "POOL_ACTION",
    "RETURN",
    "TURNS_KEPT",
    "TURNS_SEEN",
    "StepTurn",
    "action_name",
    "clear_turns",
    "decode_action",
    "encode_action",
    "name_action",
    "named_double",
    "num_actions",
    "pool_action",
    "runs_turns",
    "step_turn",
]

# PASS (the action that passes, or ends a play that could go on), RETURN
# (a checker back from the bar onto the head, Kush) and POOL_ACTION are the tree's own.
#: The number of step actions of a variant without a pool or a turn of several segments.
NUM_ACTIONS = 152
#: The first naming action: naming the double ``d-d`` is ``NAME_ACTION + d - 1``.
NAME_ACTION = 158
#: The number of step actions of a variant with a pool or a turn of several segments.
EXTENDED_ACTIONS = 164


def num_actions(variant: Variant) -> int:
    """The number of step actions of ``variant``: :data:`NUM_ACTIONS`, or :data:`EXTENDED_ACTIONS` with a pool or turn hooks."""
    if runs_turns(variant) or movement_of(variant).pool:
        return EXTENDED_ACTIONS
    return NUM_ACTIONS


def name_action(double: Roll) -> int:
    """The action that names ``double`` (``NAME_ACTION + number - 1``)."""
    return NAME_ACTION + double.high - 1


def named_double(action: int) -> Roll | None:
    """The double a naming action names, or ``None`` for another action."""
    if NAME_ACTION <= action < NAME_ACTION + 6:
        number = action - NAME_ACTION + 1
        return Roll(number, number)
    return None


#: A node of a roll's step tree: the state reached (mover's frame) and the dice left.
Node = tuple[State, tuple[int, ...]]


def encode_action(src: int, die: int) -> int:
    """The action that moves a checker from ``src`` (1..24, or 25 the bar) by ``die``."""
    if not (1 <= src <= BAR and 1 <= die <= 6):
        raise IllegalActionError(f"no step action from point {src!r} by {die!r}")
    return 6 * (src - 1) + die - 1


def pool_action(die: int) -> int:
    """The action that enters a checker from the pool by ``die`` (``pool/25-die``): ``POOL_ACTION + die - 1``."""
    if not 1 <= die <= 6:
        raise IllegalActionError(f"no step action from the pool by {die!r}")
    return step_action(FROM_POOL, die)


def decode_action(action: int) -> tuple[int, int]:
    """``(src, die)`` of a checker-step action (not :data:`PASS`, :data:`RETURN` or a naming); ``src`` 26 is the pool."""
    if POOL_ACTION <= action < POOL_ACTION + 6:
        return FROM_POOL, action - POOL_ACTION + 1
    if not 0 <= action < PASS:
        raise IllegalActionError(f"action {action!r} is not a checker step (0..{PASS - 1})")
    return action // 6 + 1, action % 6 + 1


def action_name(action: int) -> str:
    """A short readable name: ``"13/7 (6)"``, ``"bar/22 (3)"``, ``"pool/22 (3)"``, ``"pass"``, ``"return"``, ``"name 66"``."""
    if action == PASS:
        return "pass"
    if action == RETURN:
        return "return"
    double = named_double(action)
    if double is not None:
        return f"name {double.high}{double.high}"
    src, die = decode_action(action)
    dst = max(min(src, BAR) - die, OFF)
    where = {BAR: "bar", FROM_POOL: "pool"}.get(src, str(src))
    return f"{where}/{'off' if dst == OFF else dst} ({die})"


class StepTurn:
    """The step tree of one roll: which steps are allowed after which, and where they end.

    Built from the roll's :class:`~nardy.LegalPlays`; explored lazily and
    remembered, so a turn costs only the nodes its steps visit. A
    ``StepTurn`` never changes what it answers, so copies of an environment
    share it.

    The work is done on ints by :attr:`tree`, a
    :class:`~nardy.engine.stepmode.StepTree`, whose nodes are ints (*codes*); the methods here take and give the
    readable nodes, ``(state, dice left)``. The ``*_code`` methods are the
    same answers on codes, for the environments' per-action path.
    """

    __slots__ = ("legal", "position", "start_code", "tree")

    def __init__(self, legal: LegalPlays) -> None:
        position = legal.position
        self.legal = legal
        self.position = position
        variant = position.variant
        dice, contact, enters = _setup(variant, legal.roll)
        #: The tree on ints that answers for this turn.
        self.tree = StepTree(
            position.packed, dice, legal.raw_results(), contact, enters, _movement(variant)
        )
        #: :attr:`start` as a code.
        self.start_code: int = self.tree.start

    def __copy__(self) -> StepTurn:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> StepTurn:
        return self  # its answers never change: copies of a game share it

    def __reduce__(self) -> tuple[object, tuple[Position, Roll]]:
        # Pickled as its position and roll (OpenSpiel pickles states; the
        # tree's native search does not pickle).
        return step_turn, (self.position, self.legal.roll)

    @property
    def roll(self) -> Roll:
        """The roll this tree plays."""
        return self.legal.roll

    @property
    def start(self) -> Node:
        """The node before any step: the position's state and the roll's moves, ascending."""
        return self.node(self.start_code)

    # --- readable nodes ---------------------------------------------------------

    def code(self, node: Node) -> int:
        """The code of a readable node."""
        return node_code(int.from_bytes(pack(node[0]), "little"), node[1])

    def node(self, code: int) -> Node:
        """The readable node of a code."""
        return unpack(self.tree.packed(code)), self.tree.dice(code)

    def play_at(self, node: Node) -> int | None:
        """The index of the legal play the steps to ``node`` make, or ``None``."""
        index = self.tree.play_at(self.code(node))
        return None if index < 0 else index

    def ends(self, node: Node) -> frozenset[int]:
        """The indices of the legal plays that some allowed continuation from ``node`` makes."""
        return self.tree.ends(self.code(node))

    def children(self, node: Node) -> dict[int, Node]:
        """Every step the board allows at ``node`` (legal or not), by action."""
        return {a: self.node(c) for a, c in self.tree.children(self.code(node)).items()}

    def reaches(self, node: Node) -> bool:
        """Whether some allowed continuation from ``node`` makes a legal play (``ends`` not empty).

        It stops at the first legal play found, so it explores less of the
        tree than :meth:`ends`.
        """
        return self.tree.reaches(self.code(node))

    def allowed(self, node: Node) -> list[int]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        return list(self.tree.allowed(self.code(node)))

    def allowed_actions(self, node: Node) -> tuple[int, ...]:
        """:meth:`allowed` as a tuple, made once per node (the mask and each step ask)."""
        return self.tree.allowed(self.code(node))

    def advance(self, node: Node, action: int) -> Node:
        """The node after ``action``; raises :class:`~nardy.errors.IllegalActionError` if not allowed."""
        code = self.code(node)
        self.check(code, action)
        if action == PASS:
            return node
        return self.node(self.tree.children(code)[action])

    def is_complete(self, node: Node, last: int | None) -> bool:
        """Whether the play ends at ``node`` after action ``last`` (``None``: no action yet)."""
        if last == PASS:
            return True
        return last is not None and not self.allowed_actions(node)

    def finish(self, node: Node) -> int:
        """The index of the legal play a complete step sequence made."""
        return self.finish_code(self.code(node))

    def node_position(self, node: Node) -> Position:
        """The position part way through the play (the mover still to move)."""
        return Position.from_raw(self.position.variant, self.position.turn, node[0], check=False)

    # --- codes --------------------------------------------------------------------

    def step_code(self, code: int, action: int) -> int:
        """The code after ``action`` while the play goes on, or ``-1 - index`` of the play it makes.

        Raises :class:`~nardy.errors.IllegalActionError` if ``action`` is
        not allowed at ``code``.
        """
        after = self.tree.step(code, action)
        if after == NOT_ALLOWED:
            self.check(code, action)
        return after

    def finish_code(self, code: int) -> int:
        """:meth:`finish` of a code."""
        index = self.tree.play_at(code)
        if index < 0:  # pragma: no cover - allowed steps always end in a legal play
            raise IllegalActionError(f"the steps taken for roll {self.roll} make no legal play")
        return index

    def position_at(self, code: int) -> Position:
        """:meth:`node_position` of a code."""
        position = self.position
        return Position.from_packed(position.variant, position.turn, self.tree.packed(code))

    def check(self, code: int, action: object) -> None:
        """Raise :class:`~nardy.errors.IllegalActionError` unless ``action`` is allowed at ``code``."""
        allowed = self.tree.allowed(code)
        if action not in allowed:
            raise IllegalActionError(
                f"step action {action!r} ({_safe_name(action)}) is not allowed for roll "
                f"{self.roll} here; allowed: {[action_name(a) for a in allowed]}"
            )


def _setup(variant: Variant, roll: Roll) -> tuple[tuple[int, ...], int, bool]:
    """The roll's moves (ascending), the contact code and whether checkers on the bar enter, of a turn.

    Remembered per variant object, then by roll: asking the variant's hooks
    costs more than the tree's own start, and an int key (the variant's id)
    and a list index cost less than a tuple key.
    """
    made = _SETUPS.get(id(variant))
    if made is None or made[0] is not variant:
        if len(_SETUPS) >= 256:  # variants made on the fly: forget them all now and then
            _SETUPS.clear()
        # The variant is kept with its answers, so its id names no other while in.
        made = _SETUPS[id(variant)] = (variant, [None] * _CODES)
    setups = made[1]
    index = roll.code
    setup = setups[index]
    if setup is None:
        contact = contact_code(variant.turn_contact(roll))
        enters = not (variant.has_bar and variant.entering is Entering.RETURN)
        setup = setups[index] = (tuple(sorted(variant.moves(roll))), contact, enters)
    return setup


def _movement(variant: Variant) -> Movement:
    """:func:`~nardy.rules.movement.movement_of` ``variant``, remembered per variant object."""
    made = _MOVEMENTS.get(id(variant))
    if made is None or made[0] is not variant:
        if len(_MOVEMENTS) >= 256:
            _MOVEMENTS.clear()
        made = _MOVEMENTS[id(variant)] = (variant, movement_of(variant))
    return made[1]


_MOVEMENTS: dict[int, tuple[Variant, Movement]] = {}

# Roll.code runs below this: two dice, three dice and segments of k moves.
_CODES = 1024
_SETUPS: dict[int, tuple[Variant, list[tuple[tuple[int, ...], int, bool] | None]]] = {}


#: How many turns :func:`step_turn` keeps (those asked for twice), and how
#: many others it remembers having been asked for.
TURNS_KEPT = 2048
TURNS_SEEN = 8192

# The turns kept by the hash of their key (with the key, which a hit
# compares), least recently used first, and the hashes of the keys asked
# for once, oldest first. OrderedDicts: a plain dict used so leaves its
# removed entries at its front until it is rebuilt, and finding the oldest
# walks past all of them. By hash, so that a new turn's key is hashed once.
_kept: OrderedDict[int, tuple[tuple[bytes, bool, int, int], StepTurn]] = OrderedDict()
_seen: OrderedDict[int, None] = OrderedDict()
_WHITE = Side.WHITE


def step_turn(position: Position, roll: Roll) -> StepTurn:
    """The :class:`StepTurn` of ``position`` and ``roll``, shared by every caller (remembered).

    What replays of a game (OpenSpiel rebuilds states from their histories)
    and search that revisits positions use, instead of exploring again.
    A turn is kept from the second time it is asked for (up to
    :data:`TURNS_KEPT`, the least recently used going first): the turns of
    random play-outs, each asked for once, would only push out those a
    search comes back to, and keeping thousands of them costs every new
    one time (its memory is no longer in the processor's cache). This cache
    holds the legal plays too, so they skip the legal-play cache.
    """
    variant = position.variant
    # The variant by identity: a kept turn holds its position, so the id
    # is not reused while the entry lives (equal variants made apart only
    # miss each other's turns).
    # (The roll by its code: three dice and a double of fewer moves are rolls of their own.)
    key = (position.packed, position.turn is _WHITE, roll.code, id(variant))
    seen = hash(key)
    kept = _kept.get(seen)
    if kept is not None and kept[0] == key:
        try:  # noqa: SIM105 (see below)
            _kept.move_to_end(seen)  # the most recently used, last
        except KeyError:  # another thread has dropped it since
            pass
        return kept[1]
    turn = StepTurn(variant.legal_plays(position, roll, cache=False))
    # Another thread may have emptied a table since its length was read:
    # then there is nothing to pop (a cache need not be exact). A try, not
    # contextlib.suppress: a new turn pops once the table is full, and the
    # context manager costs three times the pop.
    if seen in _seen:
        _kept[seen] = (key, turn)
        if len(_kept) > TURNS_KEPT:
            try:  # noqa: SIM105
                _kept.popitem(last=False)
            except KeyError:
                pass
    else:
        _seen[seen] = None
        if len(_seen) > TURNS_SEEN:
            try:  # noqa: SIM105
                _seen.popitem(last=False)
            except KeyError:
                pass
    return turn


def clear_turns() -> None:
    """Forget every turn :func:`step_turn` keeps or has seen."""
    _kept.clear()
    _seen.clear()


def _safe_name(action: object) -> str:
    if isinstance(action, int) and (0 <= action < EXTENDED_ACTIONS):
        return action_name(action)
    return "not an action"
