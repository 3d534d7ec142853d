"""A turn as data: the segments a roll gives, what remains of them, who acts next.

A **segment** is one contiguous use of dice by one player: a roll of two
dice, a double's four moves, a double of fewer moves handed over from the
opponent, a roll of three dice. It is what
:meth:`Variant.legal_plays <nardy.Variant.legal_plays>` answers, under the
maximum-use rule by itself. A **turn** is one roll and everything that
follows it up to the next roll. In most variants a turn is one segment;
in others a roll gives several segments in order (gul bara's cascading
doubles), asks the player to decide something between two segments
(acey-deucey's 1-2: he names a double), hands moves to the opponent, or
lets the roller roll again.

A variant says how its turn runs through four hooks, each with a default
that gives one segment per roll
(:meth:`~nardy.variants.turn_hooks.TurnHooks.turn_start`, :meth:`~nardy.variants.turn_hooks.TurnHooks.after_segment`,
:meth:`~nardy.variants.turn_hooks.TurnHooks.double_choices`, :meth:`~nardy.variants.turn_hooks.TurnHooks.after_naming`);
they answer with the values of this module:

* :class:`TurnState` -- what remains of the turn: the segments the side to
  act still owes (the one to play now first), whether he must name a double
  first, whether he rolls again when they are done, and the roll that began
  the turn. Between two turns it is empty (:data:`BETWEEN_TURNS`).
* :class:`TurnStep` -- a hook's answer after a segment: whether the side
  that just played acts next or his opponent does, and the state they go on
  with.

:mod:`nardy.game.turns` runs a turn from these answers, for
:class:`~nardy.Game` and everything else that plays whole turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from nardy.errors import InvalidIdError
from nardy.model.basics import Roll
from nardy.model.play import Play

__all__ = ["BETWEEN_TURNS", "TurnState", "TurnStep", "doubles", "fully_played"]


def fully_played(segment: Roll, play: Play) -> bool:
    """Whether ``play`` uses every move of ``segment``.

    Under the maximum-use rule every legal play of a segment uses the same
    number of moves, so this says whether the segment was *fully played*
    (the runs of several segments end at the first that is not).
    """
    return len(play.steps) == len(segment.moves)


def doubles() -> tuple[Roll, ...]:
    """The six doubles, 1-1 to 6-6 (the doubles a player may name by default)."""
    return _DOUBLES


_DOUBLES: Final = tuple(Roll(d, d) for d in range(1, 7))


@attrs.frozen
class TurnState:
    """What remains of a turn (empty between two turns).

    ``pending``: the segments the side to act still owes in this turn, in
    order; the first is the one he plays now. ``name_double``: once they are
    played (at once if there are none) he names a double (acey-deucey's
    1-2), which gives the next segments
    (:meth:`Variant.after_naming <nardy.variants.turn_hooks.TurnHooks.after_naming>`).
    ``roll_again``: when nothing else remains, the side to act rolls again
    (a privilege a run that is not fully played loses, by the default
    :meth:`~nardy.variants.turn_hooks.TurnHooks.after_segment`). ``handed_over``: the pending
    segments are moves the opponent handed over; once they are played, or
    the first of them is not fully played, the side playing them rolls for
    his own turn. Otherwise, when nothing remains, the opponent rolls.
    ``roll``: the roll that began this turn (``None`` between turns), for
    hooks whose answer depends on it.
    """

    pending: tuple[Roll, ...] = ()
    name_double: bool = False
    roll_again: bool = False
    handed_over: bool = False
    roll: Roll | None = None

    @property
    def between_turns(self) -> bool:
        """True when nothing remains: the next action is a roll."""
        return not self.pending and not self.name_double

    def rest(self) -> TurnState:
        """The state once the first pending segment is played."""
        return attrs.evolve(self, pending=self.pending[1:])

    def text(self) -> str:
        """The ID form, ``""`` between turns: ``pending=44.54.64`` (number and moves), ``name``, ``again``, ``handed``, ``roll=21``.

        Parts are joined by ``;`` and follow a position ID after ``;``
        (:func:`nardy.game.turns.turn_id`).
        """
        parts: list[str] = []
        if self.pending:
            parts.append("pending=" + ".".join(_segment_text(r) for r in self.pending))
        if self.name_double:
            parts.append("name")
        if self.roll_again:
            parts.append("again")
        if self.handed_over:
            parts.append("handed")
        if self.roll is not None:
            parts.append(f"roll={''.join(map(str, self.roll))}")
        return ";".join(parts)

    @classmethod
    def from_text(cls, text: str) -> TurnState:
        """Read :meth:`text` back (raises :class:`~nardy.errors.InvalidIdError`)."""
        pending: tuple[Roll, ...] = ()
        name = again = handed = False
        roll: Roll | None = None
        for part in filter(None, text.split(";")):
            key, _, value = part.partition("=")
            try:
                if key == "pending" and value:
                    pending = tuple(_segment_of(v) for v in value.split("."))
                elif key == "name" and not value:
                    name = True
                elif key == "again" and not value:
                    again = True
                elif key == "handed" and not value:
                    handed = True
                elif key == "roll" and value:
                    roll = Roll.coerce([int(c) for c in value])
                else:
                    raise ValueError(part)
            except ValueError:  # InvalidDiceError is a ValueError too
                raise InvalidIdError(f"not a part of a turn's state: {part!r}") from None
        return cls(pending, name, again, handed, roll)

    def to_dict(self) -> dict[str, Any]:
        """The array form's keys: ``pending`` ``[[number, moves], ...]``, ``name_double``, ``roll_again``, ``handed_over``, ``roll``.

        Keys at their defaults are left out (between turns: ``{}``).
        """
        out: dict[str, Any] = {}
        if self.pending:
            out["pending"] = [[r.high, len(r.moves)] for r in self.pending]
        if self.name_double:
            out["name_double"] = True
        if self.roll_again:
            out["roll_again"] = True
        if self.handed_over:
            out["handed_over"] = True
        if self.roll is not None:
            out["roll"] = list(self.roll)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnState:
        """Read :meth:`to_dict`'s keys from an array form (other keys are ignored)."""
        try:
            pending = tuple(_segment_of(f"{n}{k}") for n, k in data.get("pending", ()))
            roll = data.get("roll")
            return cls(
                pending,
                _flag(data.get("name_double", False)),
                _flag(data.get("roll_again", False)),
                _flag(data.get("handed_over", False)),
                None if roll is None else Roll.coerce(list(roll)),
            )
        except (TypeError, ValueError):
            raise InvalidIdError(f"not a turn's state: {data!r}"[:200]) from None


#: The state between two turns: nothing pending, the next action is a roll.
BETWEEN_TURNS: Final = TurnState()


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(value)
    return value


def _segment_text(segment: Roll) -> str:
    # A double and its moves ("34": four 3s), or a roll's dice ("21").
    if segment.is_double:
        return f"{segment.high}{len(segment.moves)}"
    return "".join(map(str, segment)) + "r"


def _segment_of(text: str) -> Roll:
    if text.endswith("r"):
        return Roll.coerce([int(c) for c in text[:-1]])
    if len(text) != 2 or not text.isdigit():
        raise ValueError(text)
    number, moves = int(text[0]), int(text[1])
    roll = Roll(number, number)
    return roll if moves == 4 else roll.with_moves(moves)


@attrs.frozen
class TurnStep:
    """What comes after a segment: who acts next, and what remains of the turn.

    ``same_side``: the side that just played acts next (plays the next
    pending segment, names a double, or rolls again); otherwise his
    opponent does (plays moves handed over to him, or rolls for his turn).
    ``state``: what remains (:class:`TurnState`), from the next actor's side.
    """

    same_side: bool
    state: TurnState = BETWEEN_TURNS

    @classmethod
    def end(cls) -> TurnStep:
        """The turn is over: the opponent rolls."""
        return cls(False)

    @classmethod
    def again(cls) -> TurnStep:
        """The turn is over and the same side rolls again."""
        return cls(True)

    @classmethod
    def go_on(cls, state: TurnState) -> TurnStep:
        """The same side goes on with ``state`` (its next pending segment, or naming a double)."""
        return cls(True, state)

    @classmethod
    def hand_over(cls, segments: tuple[Roll, ...]) -> TurnStep:
        """The opponent plays ``segments`` now, in order, then rolls for his own turn."""
        if not segments:
            return cls.end()
        return cls(False, TurnState(pending=segments, handed_over=True))
