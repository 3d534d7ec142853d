"""Playing a roll one checker step at a time, exactly: the logic of the step action mode.

Pure Python (no numpy), so that every interface (the PettingZoo and
Gymnasium environments, the OpenSpiel games) shares it.

A roll's legal plays come from :meth:`nardy.Position.legal_plays`. A
*step sequence* plays the roll when

* each step is possible on the board it meets, in the order given: a checker
  of the mover on the source point (or the bar), a die of the roll still
  unused, an open landing point (:func:`nardy.engine.physics.make_steps`);
* with a bar the mover enters from (:attr:`nardy.Entering.ENTER`), no other
  checker moves while one of his checkers is on the bar;
* a checker bears off only when none of the mover's checkers is outside his
  home board, and with a die higher than its point only from his highest
  occupied point (:func:`nardy.engine.layout.may_bear_off`);
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
============================  =========================================
"""

from __future__ import annotations

import functools

from nardy.core import BAR, OFF, Roll
from nardy.engine.layout import HOME, MOVER_BAR, PINNED, State, may_bear_off
from nardy.engine.physics import ENTER, NO_BAR, RETURN_POINT, make_steps
from nardy.engine.physics import RETURN as RETURN_MODEL
from nardy.engine.tracking import BLOCK, HIT, PIN
from nardy.errors import IllegalActionError, IllegalPlayError
from nardy.geometry import Contact, Entering
from nardy.legal import LegalPlays
from nardy.position import Position

__all__ = [
    "NUM_ACTIONS",
    "PASS",
    "RETURN",
    "StepTurn",
    "action_name",
    "decode_action",
    "encode_action",
    "step_turn",
]

#: The action that passes (nothing can be played) or ends a play that could go on.
PASS = 150
#: The action that brings a checker back from the bar onto the head (Kush).
RETURN = 151
#: The number of step actions, the same for every variant.
NUM_ACTIONS = 152

_CONTACT = {Contact.HIT: HIT, Contact.BLOCK: BLOCK, Contact.PIN: PIN}

#: A node of a roll's step tree: the state reached (mover's frame) and the dice left.
Node = tuple[State, tuple[int, ...]]


def encode_action(src: int, die: int) -> int:
    """The action that moves a checker from ``src`` (1..24, or 25 the bar) by ``die``."""
    if not (1 <= src <= BAR and 1 <= die <= 6):
        raise IllegalActionError(f"no step action from point {src!r} by {die!r}")
    return 6 * (src - 1) + die - 1


def decode_action(action: int) -> tuple[int, int]:
    """``(src, die)`` of a checker-step action (not :data:`PASS` or :data:`RETURN`)."""
    if not 0 <= action < PASS:
        raise IllegalActionError(f"action {action!r} is not a checker step (0..{PASS - 1})")
    return action // 6 + 1, action % 6 + 1


def action_name(action: int) -> str:
    """A short readable name: ``"13/7 (6)"``, ``"bar/22 (3)"``, ``"pass"``, ``"return"``."""
    if action == PASS:
        return "pass"
    if action == RETURN:
        return "return"
    src, die = decode_action(action)
    dst = max(src - die, OFF)
    where = "bar" if src == BAR else str(src)
    return f"{where}/{'off' if dst == OFF else dst} ({die})"


class StepTurn:
    """The step tree of one roll: which steps are allowed after which, and where they end.

    Built from the roll's :class:`~nardy.LegalPlays`; explored lazily and
    remembered, so a turn costs only the nodes its steps visit. A
    ``StepTurn`` never changes what it answers, so copies of an environment
    share it.
    """

    def __init__(self, legal: LegalPlays) -> None:
        position = legal.position
        variant = position.variant
        self.legal = legal
        self.position = position
        self._index = {state: i for i, state in enumerate(legal.result_states())}
        self._contact = _CONTACT[variant.turn_contact(legal.roll)]
        self._bar = NO_BAR
        if variant.has_bar:
            self._bar = RETURN_MODEL if variant.entering is Entering.RETURN else ENTER
        self._children: dict[Node, dict[int, Node]] = {}
        self._ends: dict[Node, frozenset[int]] = {}
        self._reaches: dict[Node, bool] = {}
        self._allowed: dict[Node, tuple[int, ...]] = {}
        self.start: Node = (position.raw, tuple(sorted(variant.moves(legal.roll))))

    def __copy__(self) -> StepTurn:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> StepTurn:
        return self  # its answers never change: copies of a game share it

    def __reduce__(self) -> tuple[object, tuple[Position, Roll]]:
        # Pickled as its position and roll (OpenSpiel pickles states; the
        # legal plays of the compiled build do not pickle).
        return step_turn, (self.position, self.legal.roll)

    @property
    def roll(self) -> Roll:
        """The roll this tree plays."""
        return self.legal.roll

    def play_at(self, node: Node) -> int | None:
        """The index of the legal play the steps to ``node`` make, or ``None``."""
        return self._index.get(node[0])

    def ends(self, node: Node) -> frozenset[int]:
        """The indices of the legal plays that some allowed continuation from ``node`` makes."""
        found = self._ends.get(node)
        if found is None:
            here = self.play_at(node)
            out = {here} if here is not None else set()
            for child in self.children(node).values():
                out |= self.ends(child)
            found = self._ends[node] = frozenset(out)
        return found

    def children(self, node: Node) -> dict[int, Node]:
        """Every step the board allows at ``node`` (legal or not), by action."""
        made = self._children.get(node)
        if made is None:
            made = self._children[node] = self._expand(node)
        return made

    def reaches(self, node: Node) -> bool:
        """Whether some allowed continuation from ``node`` makes a legal play (``ends`` not empty).

        It stops at the first legal play found, so it explores less of the
        tree than :meth:`ends`.
        """
        found = self._reaches.get(node)
        if found is None:
            known = self._ends.get(node)
            if known is not None:
                found = bool(known)
            else:
                found = self.play_at(node) is not None or any(
                    self.reaches(child) for child in self.children(node).values()
                )
            self._reaches[node] = found
        return found

    def allowed(self, node: Node) -> list[int]:
        """The allowed actions at ``node``, ascending (empty when the play is complete)."""
        return list(self.allowed_actions(node))

    def allowed_actions(self, node: Node) -> tuple[int, ...]:
        """:meth:`allowed` as a tuple, made once per node (the mask and each step ask)."""
        made = self._allowed.get(node)
        if made is None:
            out = [a for a, child in self.children(node).items() if self.reaches(child)]
            here = self.play_at(node)
            if here is not None and (out or node == self.start):
                out.append(PASS)  # end the play here (or pass: nothing can be played)
            made = self._allowed[node] = tuple(sorted(out))
        return made

    def advance(self, node: Node, action: int) -> Node:
        """The node after ``action``; raises :class:`~nardy.errors.IllegalActionError` if not allowed."""
        if action not in self.allowed_actions(node):
            raise IllegalActionError(
                f"step action {action!r} ({_safe_name(action)}) is not allowed for roll "
                f"{self.roll} here; allowed: {[action_name(a) for a in self.allowed(node)]}"
            )
        if action == PASS:
            return node
        return self.children(node)[action]

    def is_complete(self, node: Node, last: int | None) -> bool:
        """Whether the play ends at ``node`` after action ``last`` (``None``: no action yet)."""
        if last == PASS:
            return True
        return last is not None and not self.allowed_actions(node)

    def finish(self, node: Node) -> int:
        """The index of the legal play a complete step sequence made."""
        index = self.play_at(node)
        if index is None:  # pragma: no cover - allowed steps always end in a legal play
            raise IllegalActionError(f"the steps taken for roll {self.roll} make no legal play")
        return index

    def node_position(self, node: Node) -> Position:
        """The position part way through the play (the mover still to move)."""
        return Position.from_raw(self.position.variant, self.position.turn, node[0], check=False)

    def _expand(self, node: Node) -> dict[int, Node]:
        state, dice = node
        out: dict[int, Node] = {}
        if not dice and not (self._bar == RETURN_MODEL and state[MOVER_BAR] > 0):
            return out
        if state[MOVER_BAR] > 0 and self._bar != NO_BAR:
            if self._bar == RETURN_MODEL:
                self._try(out, RETURN, state, (MOVER_BAR, RETURN_POINT, 0), dice, dice)
            else:
                for die in set(dice):
                    step = (MOVER_BAR, MOVER_BAR - die, die)
                    self._try(out, encode_action(BAR, die), state, step, dice, _without(dice, die))
                return out  # a checker on the bar enters before any other moves
        # Every node of a turn's tree passes here once, and each tries up to
        # 24 points by each die: what does not change with the point (the dice
        # left after each die, the board as a list) is made once, and the
        # count for bearing off only when a step would bear off.
        outside = -1
        board: list[int] = []
        by_die = [(die, _without(dice, die)) for die in set(dice)]
        rolled = dice or (0,)
        contact, bar = self._contact, self._bar
        for src in range(1, 25):
            if state[src] <= 0:
                continue
            first = 6 * (src - 1) - 1  # encode_action(src, die) is first + die
            for die, left in by_die:
                dst = src - die
                if dst <= 0:
                    if outside < 0:
                        outside = _outside(state)
                        board = list(state)
                    if not may_bear_off(board, src, dst, outside):
                        continue
                    dst = OFF
                try:
                    after = make_steps(state, ((src, dst, die),), rolled, contact, bar)
                except IllegalPlayError:
                    continue
                out[first + die] = (after, left)
        return out

    def _try(
        self,
        out: dict[int, Node],
        action: int,
        state: State,
        step: tuple[int, int, int],
        dice: tuple[int, ...],
        left: tuple[int, ...],
    ) -> None:
        try:
            after = make_steps(state, (step,), dice or (0,), self._contact, self._bar)
        except IllegalPlayError:
            return
        out[action] = (after, left)


@functools.lru_cache(maxsize=2048)
def step_turn(position: Position, roll: Roll) -> StepTurn:
    """The :class:`StepTurn` of ``position`` and ``roll``, shared by every caller (remembered).

    What replays of a game (OpenSpiel rebuilds states from their histories)
    and search that revisits positions use, instead of exploring again.
    """
    return StepTurn(position.legal_plays(roll))


def _outside(state: State) -> int:
    """The mover's checkers outside his home board (the bar and pinned ones count)."""
    n = state[MOVER_BAR] + sum(x for x in state[HOME + 1 : 25] if x > 0)
    if len(state) > PINNED:
        n += (state[PINNED] >> (HOME + 1)).bit_count()
    return n


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


def _safe_name(action: object) -> str:
    if isinstance(action, int) and (0 <= action < NUM_ACTIONS):
        return action_name(action)
    return "not an action"
