"""The legal plays of a position and a roll, and the one path that finds them.

:class:`LegalPlays` is the immutable sequence
:meth:`Position.legal_plays <nardy.Position.legal_plays>` returns;
:func:`find` is what :meth:`Variant.legal_plays <nardy.Variant.legal_plays>`
runs: check the call, look in the variant's cache, ask the engine (through
the variant's :class:`~nardy.engine.plan.Plan`), wrap the answer.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, overload

from nardy.engine.notation_write import write_codes
from nardy.engine.plan import Plan
from nardy.engine.state import MOVER_OFF, OPP_OFF, code_of_steps, pack, unpack
from nardy.errors import IllegalPlayError, NardyError
from nardy.model.basics import Roll, Side
from nardy.model.display import drawings
from nardy.model.notation import resolve_notation
from nardy.model.play import Play, steps_of
from nardy.model.position import Position
from nardy.model.validate import shown

__all__ = ["LegalPlays", "Store", "find"]

# The dice moves of a roll by 8 * high + low: two, or four of a double.
_DICE = tuple([(h,) * 4 if h == lo else (h, lo) for h in range(8) for lo in range(8)])
# The attributes of a LegalPlays, each set once by its constructor.
_FIELDS: Final = frozenset(("_position", "_roll", "_keys", "_codes", "_plays", "_results"))
# Each variant class's packed flip (Variant.packed_flipper), by class: a dict
# look-up instead of a call into the (interpreted) variant for every result.
_FLIPPERS: dict[type, Callable[[bytes], bytes]] = {}
# Position.from_packed bound once, and the sides: otherwise the class method
# would be looked up and bound at every result built, and each side read
# from its class through the enum's own attribute hook.
_FROM_PACKED: Final = Position.from_packed
_WHITE: Final = Side.WHITE
_BLACK: Final = Side.BLACK
# The cache key of a position's turn and a roll, added to its packed state.
_CACHE_TAILS = tuple([bytes([i >> 6, (i >> 3) & 7, i & 7]) for i in range(128)])


def find(
    plan: Plan, position: Position, roll: Any, allow_finished: bool, cache: bool = True
) -> LegalPlays:
    """The legal plays of ``position`` for ``roll`` under a variant's plan (see :meth:`Variant.legal_plays <nardy.Variant.legal_plays>`).

    ``roll`` may be anything :meth:`Roll.coerce <nardy.Roll.coerce>` reads;
    ``cache`` false neither looks in the variant's cache nor adds to it.
    """
    given = roll
    if type(roll) is not Roll:
        roll = Roll.coerce(roll)
    store: Store = plan.cache
    code: int = roll.code
    if code >= 64:
        # Three dice or a segment of k moves: the variant says whether it
        # takes this roll (asked once per roll: an answer of Python code,
        # a tenth of tabula's search when asked every time); a key of its own.
        taken = plan.rolls_taken
        if code not in taken:
            roll = position.variant.check_roll(roll, given)
            taken.add(code)
    packed = position.packed
    over = plan.is_over
    if not allow_finished and (
        (packed[MOVER_OFF] == plan.all_off or packed[OPP_OFF] == plan.all_off)
        if over is None
        else over(position)
    ):
        raise IllegalPlayError(f"the game is over, nothing can be played in {position.id()}")
    if cache:
        turn = int(position.turn)
        tail = (
            _CACHE_TAILS[turn * 64 + code] if code < 64 else bytes([8 + turn, code >> 6, code & 63])
        )
        key = packed + tail
        found = store.entries.get(key)
        if found is not None:
            return found
    if store.checks_rolls and code < 64:
        # Two dice for a variant of three: refused (so never in the cache).
        position.variant.check_roll(roll, given)
    raw_plays = plan.raw_plays
    if raw_plays is None:
        keys, codes = plan.play_keys(packed, roll, _DICE[code] if code < 64 else roll.moves)
    else:  # a variant with a generator of its own
        plays = raw_plays(position.raw, roll)
        keys = [pack(state) for state, _ in plays]
        codes = [code_of_steps(steps) for _, steps in plays]
    legal = LegalPlays(position, roll, keys, codes)
    if cache:
        store.put(key, legal)
    return legal


class Store:
    """One configured variant's cache of legal-play sets, oldest first (see :mod:`nardy.cache`).

    Threads may share a store. A look-up is one ``dict.get``; :meth:`put`
    takes no lock (it runs for every new position), so two threads that add
    at once may each drop an old set, or leave the store a set or two over
    its bound until the next addition. :mod:`nardy.cache` changes
    :attr:`limit` and clears stores under its own lock.
    """

    def __init__(self, limit: int) -> None:
        """An empty store that keeps at most ``limit`` sets."""
        #: The sets, by packed position + turn + roll (three bytes).
        self.entries: dict[bytes, LegalPlays] = {}
        #: How many sets it keeps (0: none).
        self.limit = limit
        #: True when the variant is asked about every roll it has not answered
        #: (:meth:`Variant.check_roll <nardy.Variant.check_roll>`): it plays with
        #: three dice. A variant of two dice is asked only about rolls of three
        #: dice and segments of k moves.
        self.checks_rolls = False
        # The keys in the order they were added, a ring once it is full:
        # ``ring[slot]`` is the oldest. (Finding the oldest by iterating the
        # dict would walk over the slots of every key deleted before it.)
        self.ring: list[bytes] = []
        self.slot = 0

    def put(self, key: bytes, plays: LegalPlays) -> None:
        """Remember a set, dropping the oldest one when the store is full."""
        limit = self.limit
        if limit <= 0:
            return
        ring = self.ring
        if len(ring) < limit:
            ring.append(key)
        else:
            slot = self.slot
            if slot >= len(ring):  # another thread trimmed the ring in between
                slot = 0
            self.entries.pop(ring[slot], None)
            ring[slot] = key
            self.slot = slot + 1 if slot + 1 < limit else 0
        self.entries[key] = plays

    def clear(self) -> None:
        """Forget every set."""
        self.entries.clear()
        # A new ring, not the old one emptied: a put in another thread may
        # hold the old one, and a ring only ever grows in place.
        self.ring = []
        self.slot = 0

    def trim(self) -> None:
        """Drop the oldest sets until at most :attr:`limit` are left (after the limit changed)."""
        entries = self.entries
        # Oldest first: the ring from its slot on, then its start.
        ring = self.ring
        live = list(
            dict.fromkeys([k for k in ring[self.slot :] + ring[: self.slot] if k in entries])
        )
        drop = len(live) - max(self.limit, 0)
        if drop > 0:
            for key in live[:drop]:
                entries.pop(key, None)
            live = live[drop:]
        self.ring = live
        self.slot = 0


class LegalPlays:
    """The legal plays of one position and roll: an immutable sequence.

    There is one play per distinct resulting position; a forced pass is one
    empty play. The order is the generator's, which is deterministic.
    Membership accepts a :class:`Play` (compared by resulting position) or a
    notation string. The :class:`Play` and :class:`~nardy.model.position.Position`
    objects are built only when asked for; the generator itself works on
    ints. Get one from :meth:`Position.legal_plays <nardy.Position.legal_plays>`.
    """

    # The fields (_FIELDS), each set once by the constructor; __setattr__
    # refuses any other assignment.
    _position: Position
    _roll: Roll
    _keys: list[bytes]
    _codes: list[int]
    _plays: list[tuple[Play, ...]]
    _results: dict[int, Position]

    def __init__(self, position: Position, roll: Roll, keys: list[bytes], codes: list[int]) -> None:
        """Wrap the engine's plays: the resulting states' keys and the packed steps.

        :meth:`Variant.legal_plays <nardy.Variant.legal_plays>` builds these
        (from :meth:`Variant.play_keys <nardy.Variant.play_keys>`); a pass is
        the start's key with no steps.
        """
        # __setattr__ keeps the fields read-only, so they are set in one C
        # call: six assignments would be six Python calls of __setattr__,
        # about 8% of a legal-play set's time. The lazily built plays and
        # positions live in lists made here (empty until first asked for).
        self.__dict__.update(
            _position=position, _roll=roll, _keys=keys, _codes=codes, _plays=[], _results={}
        )

    def __setattr__(self, name: str, value: object) -> None:
        if name not in _FIELDS or hasattr(self, name):
            raise AttributeError(f"LegalPlays is immutable: cannot set {name!r}")
        object.__setattr__(self, name, value)

    @property
    def position(self) -> Position:
        """The position the plays start from."""
        return self._position

    @property
    def roll(self) -> Roll:
        """The roll the plays use."""
        return self._roll

    def _all_plays(self) -> tuple[Play, ...]:
        made = self._plays
        if not made:
            roll = self._roll
            made.append(tuple([Play(steps_of(code), roll) for code in self._codes]))
        return made[0]

    def raw_results(self) -> list[bytes]:
        """One key per resulting position, in order: the engine's fast path, no objects built.

        A key is bytes: the resulting state packed (before the turn passes,
        in the frame of :attr:`position`, as :attr:`Position.packed
        <nardy.Position.packed>`); equal keys are equal positions. :meth:`result_states` unpacks them;
        ``nardy.engine.state.unpack(key)`` does it by hand.
        """
        return self._keys

    def raw_codes(self) -> list[int]:
        """Each play's steps packed into one int, in order (``nardy.engine.state.steps_of_code`` reads one; 0 for a pass): no objects built."""
        return self._codes

    def result_states(self) -> list[tuple[int, ...]]:
        """The resulting states (:attr:`Position.raw <nardy.Position.raw>` form), before the turn passes.

        Each tuple is in the mover's frame (the same frame as
        :attr:`position`): ``off[mover]``, points 1..24 (positive = the
        mover's), ``bar[mover]``, ``bar[opponent]``, ``off[opponent]``, then
        any extra state. See also :meth:`resulting_arrays`.
        """
        return [unpack(key) for key in self._keys]

    def resulting_arrays(self) -> list[dict[str, list[int]]]:
        """The resulting positions in the mover-relative array form, unflipped.

        Each item is ``{"board": [...24], "bar": [m, o], "off": [m, o]}`` (plus
        any extra keys of the variant) in the frame of the side that just
        played (as ``nardy legal`` prints).
        """
        variant = self._position.variant
        turn = self._position.turn
        return [Position.from_packed(variant, turn, key).to_array() for key in self._keys]

    def has(self, play: object) -> bool:
        """Whether ``play`` (a :class:`Play` or notation) is legal here; never raises."""
        return play in self

    def index(self, play: object, start: int = 0, stop: int = sys.maxsize) -> int:
        """The index of ``play``: a :class:`Play` (matched by resulting position) or notation.

        Raises :class:`~nardy.errors.IllegalPlayError` (a :class:`ValueError`,
        as ``list.index`` raises) when it is not legal here.
        """
        if isinstance(play, str):
            i = self.find_index(play)
        elif isinstance(play, Play):
            i = self._position.variant.index_of(self, play)
        else:
            raise IllegalPlayError(f"not a play: {shown(play)} (expected a Play or notation)")
        if not start <= i < stop:
            raise IllegalPlayError(f"{shown(play)} is not in the given range")
        return i

    def locate(self, play: object) -> int:
        """The index of ``play``: a :class:`Play`, its notation, or an index into this set.

        What :meth:`Game.play <nardy.Game.play>` accepts. Raises
        :class:`~nardy.errors.IllegalPlayError` (or
        :class:`~nardy.errors.InvalidNotationError` for unreadable notation).
        """
        if isinstance(play, bool):
            raise IllegalPlayError(f"not a play: {play!r}")
        if isinstance(play, int):
            if not 0 <= play < len(self._keys):
                raise IllegalPlayError(
                    f"play index {shown(play)} out of range: {len(self._keys)} legal plays "
                    f"for roll {self._roll}"
                )
            return int(play)
        if isinstance(play, str):
            if not play.strip() and self.is_pass:
                return 0
            return self.find_index(play)
        if isinstance(play, Play):
            if play.roll != self._roll:
                raise IllegalPlayError(
                    f"play {play.notation()!r} is for roll {play.roll}, but the dice are {self._roll}"
                )
            return self._position.variant.index_of(self, play)
        raise IllegalPlayError(
            f"not a play: {shown(play)} (expected a Play, its notation or its index)"
        )

    @overload
    def __getitem__(self, index: int) -> Play: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Play, ...]: ...
    def __getitem__(self, index: object) -> Play | tuple[Play, ...]:
        if isinstance(index, slice):
            return self._all_plays()[index]
        if isinstance(index, int) and not isinstance(index, bool):
            n = len(self._keys)
            if -n <= index < n:
                made = self._plays
                if made:
                    return made[0][index]
                # Only this play built: a turn of several segments asks for
                # the one it made (the hooks read it), not for all of them.
                return Play(steps_of(self._codes[index]), self._roll)
            # Out of range is the sequence protocol's IndexError (iteration relies on it).
            raise IndexError(f"legal play index out of range: {shown(index)} of {n}")
        raise IllegalPlayError(f"a legal play index is an int or a slice, got {shown(index)}")

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[Play]:
        return iter(self._all_plays())

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, (str, Play)):
            return False
        if isinstance(item, Play) and item.roll != self._roll:
            return False
        try:
            self.index(item)
        except NardyError:
            return False
        return True

    def __repr__(self) -> str:
        plays = self._all_plays()
        shown = ", ".join(repr(p.notation()) for p in plays[:8])
        more = ", ..." if len(plays) > 8 else ""
        return f"<LegalPlays roll={self._roll} n={len(plays)} ({shown}{more})>"

    def _repr_html_(self) -> str:
        """The plays as an HTML table, for Jupyter (see :func:`nardy.pictures.svg.legal_plays_html`)."""
        table: str = drawings().legal_plays_html(self)
        return table

    @property
    def is_pass(self) -> bool:
        """True when nothing can be played (the set is one empty play)."""
        return len(self._codes) == 1 and not self._codes[0]

    def resulting_position(self, play: object) -> Position:
        """The position after ``play`` (the turn passed): a play of this set, or its index.

        Only that position is built. Raises
        :class:`~nardy.errors.IllegalPlayError` for an index out of range
        (``0 <= index < len(self)``) or a play that is not legal here.
        """
        keys = self._keys
        # An index, the usual question, first (a bool is not of type int).
        if type(play) is int and 0 <= play < len(keys):
            index: int = play
        else:
            index = self._index_of(play)
        made = self._results
        position = made.get(index)
        if position is not None:
            return position
        start = self._position
        variant = start.variant
        flip = _FLIPPERS.get(type(variant))
        if flip is None:
            flip = _FLIPPERS[type(variant)] = variant.packed_flipper()
        # (The other side by identity: Side.opponent is a property.)
        turn = _BLACK if start.turn is _WHITE else _WHITE
        position = _FROM_PACKED(variant, turn, flip(keys[index]))
        made[index] = position
        return position

    def _index_of(self, play: object) -> int:
        """The index of ``play`` (a :class:`Play` of this set, or an int :meth:`locate` reads), or :class:`~nardy.errors.IllegalPlayError`."""
        if isinstance(play, bool):
            raise IllegalPlayError(f"not a play or an index: {play!r}")
        if isinstance(play, Play):
            return self.index(play)
        index = self.locate(play) if isinstance(play, int) else -1
        if index < 0:
            raise IllegalPlayError(
                f"not a play or an index: {shown(play)} (expected a Play of this set "
                f"or an index 0..{len(self._keys) - 1})"
            )
        return index

    def result(self, play: object) -> Position:
        """Deprecated: :meth:`resulting_position` (``Position.result()`` is the game result).

        The position after ``play`` (a play of this set, or its index). It
        warns with a :class:`DeprecationWarning` and goes away in 0.3.
        """
        warnings.warn(
            "LegalPlays.result() is deprecated; use LegalPlays.resulting_position() "
            "(Position.result() is the result of a finished game)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.resulting_position(play)

    def items(self) -> Iterator[tuple[Play, Position]]:
        """Iterate over ``(play, resulting position)`` pairs."""
        return zip(self._all_plays(), self.resulting_positions())

    def resulting_positions(self) -> tuple[Position, ...]:
        """The resulting positions, in the order of the plays (turn passed)."""
        return tuple([self.resulting_position(i) for i in range(len(self._keys))])

    def notations(self) -> list[str]:
        """The plays in standard notation, in order (written from the packed plays: no objects built)."""
        return write_codes(self._codes)

    def find(self, notation: object) -> Play:
        """The legal play that ``notation`` denotes (lenient; resolved by result).

        Raises :class:`~nardy.errors.InvalidNotationError`,
        :class:`~nardy.errors.IllegalPlayError` or
        :class:`~nardy.errors.AmbiguousPlayError`.
        """
        return self._all_plays()[self.find_index(notation)]

    def find_index(self, notation: object) -> int:
        """The index of the legal play that ``notation`` denotes (see :meth:`find`)."""
        return resolve_notation(self, notation)


Sequence.register(LegalPlays)
