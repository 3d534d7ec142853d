"""Immutable positions."""

from __future__ import annotations

import base64
import string
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from nardy.engine.state import MOVER_BAR, MOVER_OFF, OPP_BAR, OPP_OFF, ZERO, pack, unpack
from nardy.errors import InvalidIdError, InvalidPositionError, NardyError, UnsupportedFormatError
from nardy.model.basics import RollLike, Side
from nardy.model.display import drawings
from nardy.model.registry import as_variant, find_variant
from nardy.model.result import with_article
from nardy.model.validate import bounded_text, flag, shown
from nardy.model.validate import side as as_side
from nardy.rules.vocabulary import Contact, ExtraKind

if TYPE_CHECKING:
    from nardy.model.legal import LegalPlays
    from nardy.model.play import Play
    from nardy.model.result import Result
    from nardy.variants.base import Variant

__all__ = ["Position"]

_DIGITS = string.digits + string.ascii_lowercase  # base 36: one char per count
#: The longest position ID read (the longest spec and extra fields are far shorter).
ID_LIMIT = 2000
# Frozen attrs classes set their fields with object.__setattr__; so does from_packed.
_set = object.__setattr__


@attrs.frozen(repr=False, init=False, hash=False)
class Position:
    """A position: the checkers of both sides, whose turn it is, and the variant.

    Positions are immutable and hashable values. They are stored in the
    **mover's frame** (the frame of the side whose turn it is), which is
    also the mover-relative array form of the command line:

    * :attr:`board` -- 24 signed ints, ``board[i]`` the mover's point
      ``i + 1`` (positive: the mover's checkers, negative: the opponent's);
    * :meth:`bar` and :meth:`off` per side, or :meth:`to_array` for
      ``[mover, opponent]`` pairs.

    Build one with :meth:`Variant.starting_position`, :meth:`Variant.position`
    (array form), :meth:`Variant.from_counts` (counts per point in each
    side's own numbering), or :meth:`from_id`. The constructor
    ``Position(variant, board, bar, off, turn)`` is the array form too.
    Every constructor validates; bad input raises an
    :class:`~nardy.errors.InvalidPositionError` subclass.

    A position keeps its checkers packed in a few dozen bytes
    (:attr:`packed`); :attr:`raw` unpacks them.
    """

    variant: Variant
    turn: Side
    packed: bytes
    """The state in packed form (:func:`nardy.engine.state.pack`), mover's frame."""

    def __init__(
        self,
        variant: Variant | str,
        board: Sequence[int],
        bar: Sequence[int] = (0, 0),
        off: Sequence[int] | None = None,
        turn: Side = Side.WHITE,
    ) -> None:
        rules = as_variant(variant)
        built = rules.position(board, bar, off, turn)
        self.__attrs_init__(rules, built.turn, built.packed)

    @property
    def raw(self) -> tuple[int, ...]:
        """The state as a tuple of ints (mover's frame).

        ``off[mover]``, points 1..24, ``bar[mover]``, ``bar[opponent]``,
        ``off[opponent]``, then two ints per extra field of the variant (see
        :mod:`nardy.engine.state`).
        """
        return unpack(self.packed)

    @classmethod
    def from_packed(cls, variant: Variant, turn: Side, packed: bytes) -> Position:
        """A position from its packed state, unvalidated: for the engine and trusted decoders."""
        self = object.__new__(cls)
        _SET_VARIANT(self, variant)
        _SET_TURN(self, turn)
        _SET_PACKED(self, packed)
        return self

    @classmethod
    def from_raw(
        cls, variant: Variant, turn: Side, raw: tuple[int, ...], *, check: bool = True
    ) -> Position:
        """A position from its state (:attr:`raw`), ``turn`` to move.

        With ``check=False`` nothing is validated: for engines that made the
        state themselves (the move generator, a decoder of a trusted format).
        """
        if check:
            variant = as_variant(variant)
            turn = as_side(turn, "turn")
            n = 28 + 2 * len(variant.extra_fields())
            if not isinstance(raw, tuple) or len(raw) != n:
                raise InvalidPositionError(
                    f"{with_article(variant.name)} state is a tuple of {n} ints, got {shown(raw)}"
                )
            if not all(type(x) is int and -1000 <= x <= 1 << 26 for x in raw):
                raise InvalidPositionError(
                    f"{with_article(variant.name)} state holds small integers, got {shown(raw)}"
                )
            extra: dict[str, Any] = {}
            for i, f in enumerate(variant.extra_fields()):
                a, b = raw[28 + 2 * i], raw[29 + 2 * i]
                if f.kind is ExtraKind.POINTS:
                    extra[f.keys[0]] = _bits(a)
                    extra[f.keys[1]] = _bits(b)
                else:
                    extra[f.keys[0]] = (a, b)
            return variant.position(raw[1:25], raw[25:27], (raw[0], raw[27]), turn, **extra)
        return cls.from_packed(variant, turn, pack(raw))

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self

    # --- the array form -----------------------------------------------------------

    @property
    def board(self) -> tuple[int, ...]:
        """The 24 points from the mover's view (signed: positive = the mover's)."""
        return tuple([x - ZERO for x in self.packed[1:25]])

    def to_array(self) -> dict[str, list[int]]:
        """The mover-relative array form: ``{"board": [...], "bar": [m, o], "off": [m, o]}``.

        A variant with extra state adds its keys (e.g. ``"pinned"`` and
        ``"opp_pinned"``: sorted lists of the mover's points).
        """
        s = self.raw
        out = {"board": list(s[1:25]), "bar": [s[25], s[26]], "off": [s[0], s[27]]}
        for i, f in enumerate(self.variant.extra_fields()):
            a, b = s[28 + 2 * i], s[29 + 2 * i]
            if f.kind is ExtraKind.POINTS:
                out[f.keys[0]] = _bits(a)
                out[f.keys[1]] = _bits(b)
            else:
                out[f.keys[0]] = [a, b]
        return out

    # --- per side -----------------------------------------------------------------

    def checkers(self, side: Side) -> tuple[int, ...]:
        """``side``'s checkers on its own points 1..24 (index 0 = its 1-point).

        Pinned checkers count on the point where they lie.
        """
        if type(side) is not Side:
            side = as_side(side)
        s = self.raw
        mine = side == self.turn
        if mine and len(s) == 28:
            return tuple(x if x > 0 else 0 for x in s[1:25])
        opp = self.variant.geometry.opponent_point
        out = [0] * 24
        for p in range(1, 25):
            if mine and s[p] > 0:
                out[p - 1] = s[p]
            elif not mine and s[p] < 0:
                out[opp(p) - 1] = -s[p]
        for i, f in enumerate(self.variant.extra_fields()):
            if f.kind is ExtraKind.POINTS and f.holds_checkers:
                for p in _bits(s[28 + 2 * i] if mine else s[29 + 2 * i]):
                    out[(p if mine else opp(p)) - 1] += 1
        return tuple(out)

    def pinned(self, side: Side) -> tuple[int, ...]:
        """The points (in ``side``'s own numbering) where one of its checkers lies pinned."""
        if type(side) is not Side:
            side = as_side(side)
        if self.variant.contact is not Contact.PIN:
            return ()
        pins = self.extra(side)["pins"]
        return tuple(pins) if isinstance(pins, list) else ()

    def extra(self, side: Side) -> dict[str, list[int] | int]:
        """``side``'s extra state by field name: points in its own numbering, or a count.

        Empty for a variant without extra state; ``{"pins": [...]}`` for one
        that pins.
        """
        if type(side) is not Side:
            side = as_side(side)
        s = self.raw
        mine = side == self.turn
        opp = self.variant.geometry.opponent_point
        out: dict[str, list[int] | int] = {}
        for i, f in enumerate(self.variant.extra_fields()):
            value = s[28 + 2 * i] if mine else s[29 + 2 * i]
            if f.kind is ExtraKind.POINTS:
                out[f.name] = sorted(p if mine else opp(p) for p in _bits(value))
            else:
                out[f.name] = value
        return out

    def bar(self, side: Side) -> int:
        """Checkers ``side`` has on the bar."""
        if type(side) is not Side:
            side = as_side(side)
        return self.packed[MOVER_BAR if side == self.turn else OPP_BAR] - ZERO

    def off(self, side: Side) -> int:
        """Checkers ``side`` has borne off."""
        if type(side) is not Side:
            side = as_side(side)
        return self.packed[MOVER_OFF if side == self.turn else OPP_OFF] - ZERO

    def pip_count(self, side: Side) -> int:
        """Pips ``side`` needs to bear off everything.

        A checker on the bar counts 25, and so does each checker a count
        field of the variant holds (a pool of checkers not yet entered:
        they enter as a checker from the bar does).
        """
        points = self.checkers(side)
        waiting = self.bar(side) + self._held_in_counts(side)
        return sum((i + 1) * n for i, n in enumerate(points)) + 25 * waiting

    def _held_in_counts(self, side: Side) -> int:
        """The checkers of ``side`` that the variant's count fields hold (0 for most variants)."""
        fields = self.variant.extra_state
        if not fields:
            return 0
        values = self.extra(side)
        held = 0
        for f in fields:
            value = values[f.name]
            if f.holds_checkers and isinstance(value, int):  # a count, not points
                held += value
        return held

    # --- rules (delegated to the variant) -----------------------------------------

    def legal_plays(self, roll: RollLike, *, allow_finished: bool = False) -> LegalPlays:
        """Every legal play for ``roll`` (see :meth:`Variant.legal_plays`)."""
        return self.variant.legal_plays(self, roll, allow_finished=allow_finished)

    def apply(self, play: Play) -> Position:
        """The position after a legal ``play``; the turn passes."""
        return self.variant.apply(self, play)

    def play(self, notation: str, roll: RollLike) -> Position:
        """Shortcut: parse ``notation`` for ``roll`` and apply it."""
        plays = self.legal_plays(roll)
        return plays.resulting_position(plays.find_index(notation))

    def parse_play(self, notation: str, roll: RollLike) -> Play:
        """The legal play that ``notation`` denotes for ``roll`` (lenient, resolved by result)."""
        return self.legal_plays(roll).find(notation)

    def result(self) -> Result | None:
        """The :class:`~nardy.model.result.Result` if the game is over, else ``None``.

        Its :attr:`~nardy.model.result.Result.name` is the variant's word for it.
        """
        result = self.variant.result(self)
        if result is None or result.name:
            return result
        return attrs.evolve(result, name=self.variant.result_name(result.kind))

    def is_over(self) -> bool:
        """True when the game has ended (normally: one side has borne off every checker)."""
        return self.variant.is_over(self)

    def pass_turn(self) -> Position:
        """The same checkers with the other side to move (e.g. after a pass)."""
        return Position.from_packed(
            self.variant, self.turn.opponent, self.variant.next_packed(self.packed)
        )

    # --- IDs ----------------------------------------------------------------------

    def id(self) -> str:
        """The nardy position ID, defined for every variant.

        Form: ``<variant spec>:<w|b>:<white>/<black>`` where each side is 25
        base-36 digits, its checkers on its own points 1..24 and then its
        bar; borne-off checkers are implied. A variant with extra state
        appends ``:<field>=<white>/<black>`` per field: points in the side's
        own numbering joined by ``.``, or a count (``:pins=19/7.3``).
        :meth:`from_id` reads it back.
        """
        parts = []
        for side in (Side.WHITE, Side.BLACK):
            counts = (*self.checkers(side), self.bar(side))
            parts.append("".join(_DIGITS[n] for n in counts))
        text = f"{self.variant.spec()}:{self.turn.letter}:{'/'.join(parts)}"
        for f in self.variant.extra_fields():
            values = [self.extra(side)[f.name] for side in (Side.WHITE, Side.BLACK)]
            shown = [".".join(map(str, v)) if isinstance(v, list) else str(v) for v in values]
            text += f":{f.name}={shown[0]}/{shown[1]}"
        return text

    @classmethod
    def from_id(cls, position_id: str) -> Position:
        """Read a position from :meth:`id` form (validated).

        Raises :class:`~nardy.errors.InvalidIdError` (or the error of the
        part that is wrong: an unknown variant, an impossible position); a
        turn ID (:meth:`Game.turn_id <nardy.Game.turn_id>`) is refused with
        the names of its readers.
        """
        bounded_text(position_id, "a position ID", ID_LIMIT, InvalidIdError)
        text = position_id.strip()
        if ";" in text:  # a position ID never holds one; a turn ID puts the turn after it
            raise InvalidIdError(
                f"{shown(position_id)} is a turn ID (a position ID, then after ';' what remains "
                "of the turn), not a position ID: read it with nardy.game.turns.from_turn_id, or "
                "resume a game from it with nardy.Game.from_turn_id"
            )
        head, *extras = _split_extras(text)
        spec, sep1, rest = head.rpartition(":")
        spec, sep2, turn_letter = spec.rpartition(":")
        if not sep1 or not sep2:
            raise InvalidIdError(
                f"a position ID is VARIANT:TURN:WHITE/BLACK, got {shown(position_id)}"
            )
        variant = find_variant(spec)
        try:
            turn = Side.from_letter(turn_letter)
        except ValueError:
            raise InvalidIdError(
                f"bad turn {shown(turn_letter)} in position ID {shown(position_id)}"
            ) from None
        sides = rest.split("/")
        if len(sides) != 2 or any(len(p) != 25 or not p.isascii() for p in sides):
            raise InvalidIdError(
                f"bad checker field {shown(rest)} in position ID {shown(position_id)}"
            )
        try:
            counts = [[_DIGITS.index(c) for c in part.lower()] for part in sides]
        except ValueError:
            raise InvalidIdError(f"bad digit in position ID {shown(position_id)}") from None
        white = {p + 1: n for p, n in enumerate(counts[0][:24]) if n}
        black = {p + 1: n for p, n in enumerate(counts[1][:24]) if n}
        fields = _read_extras(variant, extras, position_id)
        pins = fields.pop("pins", None)
        try:
            return variant.from_counts(
                white,
                black,
                bar=(counts[0][24], counts[1][24]),
                turn=turn,
                pins=None if pins is None else dict(zip((Side.WHITE, Side.BLACK), pins)),
                extra=fields,
            )
        except NardyError as exc:
            raise type(exc)(f"{exc} (from position ID {shown(position_id)})") from exc

    def gnubg_id(self) -> str:
        """The 14-character gnubg Position ID (backgammon family only).

        As gnubg computes it: the side not on roll is encoded first, then the
        side on roll, each from its own point of view.

        Raises :class:`~nardy.errors.UnsupportedFormatError` for variants
        where it is not defined (``variant.gnubg_id_supported`` false).
        """
        if not self.variant.gnubg_id_supported:
            raise UnsupportedFormatError(
                f"the gnubg Position ID is not defined for {self.variant.name}"
            )
        bits: list[int] = []
        # gnubg's code (PositionKey over anBoard[0], anBoard[1]) encodes the
        # side *not* on roll first; gnubg_nn and wildbg agree. (The manual's
        # prose says the opposite; interoperability follows the code.)
        for side in (self.turn.opponent, self.turn):
            for n in (*self.checkers(side), self.bar(side)):
                bits.extend([1] * n)
                bits.append(0)
        bits.extend([0] * (80 - len(bits)))
        data = bytes(sum(bits[8 * i + j] << j for j in range(8)) for i in range(10))
        return base64.b64encode(data).decode("ascii")[:14]

    @classmethod
    def from_gnubg_id(
        cls, variant: Variant | str, gnubg_id: str, turn: Side = Side.WHITE
    ) -> Position:
        """Read a gnubg Position ID; the side on roll (encoded second) gets ``turn``.

        ``variant`` is a variant or its name; ``turn`` a side in any form
        :meth:`Side.coerce <nardy.Side.coerce>` reads. Raises
        :class:`~nardy.errors.UnsupportedFormatError` for a variant without
        the gnubg ID and :class:`~nardy.errors.InvalidIdError` for an ID
        that does not decode. :meth:`Variant.from_gnubg_id
        <nardy.Variant.from_gnubg_id>` is the same.
        """
        variant = as_variant(variant)
        turn = as_side(turn, "turn")
        if not variant.gnubg_id_supported:
            raise UnsupportedFormatError(f"the gnubg Position ID is not defined for {variant.name}")
        text = bounded_text(gnubg_id, "a gnubg Position ID", 100, InvalidIdError).strip()
        if len(text) != 14 or not text.isascii():
            raise InvalidIdError(f"a gnubg Position ID has 14 characters, got {shown(gnubg_id)}")
        try:
            data = base64.b64decode(text + "==", validate=True)
        except ValueError:
            raise InvalidIdError(f"not base64: gnubg Position ID {shown(gnubg_id)}") from None
        bits = [(byte >> j) & 1 for byte in data for j in range(8)]
        slots: list[int] = []
        run = 0
        for b in bits:
            if len(slots) == 50:
                break
            if b:
                run += 1
            else:
                slots.append(run)
                run = 0
        if len(slots) != 50:
            raise InvalidIdError(f"gnubg Position ID {shown(gnubg_id)} does not hold 50 slots")
        other, mover = slots[:25], slots[25:]
        own = {p + 1: n for p, n in enumerate(mover[:24]) if n}
        opp = {p + 1: n for p, n in enumerate(other[:24]) if n}
        white, black = (own, opp) if turn is Side.WHITE else (opp, own)
        bars = (mover[24], other[24]) if turn is Side.WHITE else (other[24], mover[24])
        try:
            return variant.from_counts(white, black, bar=bars, turn=turn)
        except NardyError as exc:
            raise type(exc)(f"{exc} (from gnubg Position ID {gnubg_id!r})") from exc

    # --- display --------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Position.from_id({self.id()!r})"

    def __hash__(self) -> int:
        # Equal positions have equal packed states and turns (the variant is
        # compared by __eq__ but left out here, which only costs collisions).
        return hash(self.packed) ^ self.turn

    def __str__(self) -> str:
        from nardy.model.text_board import draw

        return draw(self)

    def diagram(
        self, numbering: Side = Side.WHITE, *, unicode: bool = False, both_numberings: bool = False
    ) -> str:
        """The text board of ``str(position)``, its points numbered as ``numbering`` counts them.

        ``str(position)`` numbers them as white does; ``diagram(Side.BLACK)``
        draws the board from black's side, his points 13..24 along the top
        and 12..1 below, as a board is shown to the side whose play it
        follows. ``X`` is white and ``O`` black either way. With
        ``both_numberings=True`` each point is labelled with the other
        side's number too, on a line outside each row of ``numbering``'s,
        and every line of labels ends with the side it numbers for: plays
        of both sides, each in its own numbering, can be followed on one
        board (``nardy demo`` draws its boards so). With
        ``unicode=True`` the board is drawn with box-drawing characters, each
        point a column of checkers (``\u25cb`` white, ``\u25cf`` black) with the
        count on the fifth row of a taller stack and a pinned checker at the
        edge under its pinner; ``str(position)`` stays ASCII.
        """
        from nardy.model.text_board import draw

        return draw(
            self,
            as_side(numbering, "numbering"),
            flag(unicode, "unicode"),
            flag(both_numberings, "both_numberings"),
        )

    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter (see :func:`nardy.pictures.svg.board`)."""
        picture: str = drawings().board(self)
        return picture


# The slots' own setters, bound once: from_packed builds a position for every
# play made, and object.__setattr__ costs a quarter more per attribute (it
# checks the call and looks the name up).
_SET_VARIANT = Position.__dict__["variant"].__set__
_SET_TURN = Position.__dict__["turn"].__set__
_SET_PACKED = Position.__dict__["packed"].__set__


def _bits(mask: int) -> list[int]:
    """The points of a set kept as a bitmask (bit p for point p), lowest first."""
    return [p for p in range(1, 25) if mask >> p & 1]


def _split_extras(text: str) -> list[str]:
    """Split a position ID into its head and its ``name=...`` extra parts."""
    parts = text.split(":")
    i = len(parts)
    while i > 0 and "=" in parts[i - 1] and "(" not in parts[i - 1]:
        i -= 1
    return [":".join(parts[:i]), *parts[i:]]


def _read_extras(
    variant: Variant, extras: list[str], position_id: str
) -> dict[str, tuple[Any, Any]]:
    """The extra fields written in a position ID (``name=WHITE/BLACK`` each), by field name.

    Each side's value as the ID writes it: points (``19.20``, in the side's
    own numbering) as a list, a count as an int. Every declared field must
    be there, once; nothing else may.
    """
    fields = {f.name: f for f in variant.extra_fields()}
    seen: dict[str, tuple[Any, Any]] = {}
    for part in extras:
        name, _, value = part.partition("=")
        if name not in fields or name in seen:
            raise InvalidIdError(
                f"unexpected part {shown(part)} in position ID {shown(position_id)}"
            )
        white, sep, black = value.partition("/")
        if not sep:
            raise InvalidIdError(
                f"bad {name} field {shown(value)} in position ID {shown(position_id)}"
            )
        kind = fields[name].kind
        seen[name] = (
            _id_value(kind, white, name, position_id),
            _id_value(kind, black, name, position_id),
        )
    missing = [name for name in fields if name not in seen]
    if missing:
        raise InvalidIdError(
            f"position ID {shown(position_id)} lacks its {', '.join(missing)} field"
        )
    return seen


def _id_value(kind: ExtraKind, written: str, name: str, position_id: str) -> Any:
    """One side's value of an extra field as a position ID writes it: points or a count."""
    if kind is ExtraKind.COUNT:
        if not (written.isascii() and written.isdigit() and len(written) <= 3):
            raise InvalidIdError(f"bad {name} {shown(written)} in position ID {shown(position_id)}")
        return int(written)
    points = [p for p in written.split(".") if p]
    if not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in points):
        raise InvalidIdError(f"bad {name} {shown(written)} in position ID {shown(position_id)}")
    return [int(p) for p in points]
