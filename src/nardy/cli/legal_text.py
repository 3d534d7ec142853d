"""The plain parts of ``nardy legal``'s fast path: checking a question's numbers, writing the answer.

``nardy legal`` writes one ``{"plays": [...]}`` line per question. Building a
dict per play and encoding it with ``json.dumps`` costs more than finding
the plays, so the line is put together here from the notations and the
packed results (:meth:`LegalPlays.raw_results
<nardy.LegalPlays.raw_results>`), byte for byte what ``json.dumps`` writes for
the same answer: ``", "`` and ``": "`` separators, ASCII, keys in the order
``play``, ``board``, ``bar``, ``off``, then the variant's extra keys that hold
checkers (``pool``; ``pinned`` and ``opp_pinned``), laid out as
:class:`TextPieces` is told. The checks of a question's lists
(:func:`packed_question`, :func:`dice_index`, :func:`quiet_numbers`) say yes
only where the full path (:func:`nardy.cli.legal.legal_line`) would accept the
same values; anything else goes to the full path, which names the error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Final

from nardy.engine.state import BASE_SIZE, EXTRA_BYTES, ZERO
from nardy.model.legal import LegalPlays

__all__ = [
    "TextPieces",
    "answer_text",
    "dice_index",
    "packed_question",
    "plays_text",
    "quiet_numbers",
]

# A packed byte b holds the count b - ZERO: its JSON text, and the same after ", ".
_NUMBER: Final = tuple([str(b - ZERO) for b in range(256)])
_NEXT_NUMBER: Final = tuple([", " + str(b - ZERO) for b in range(256)])
# int.from_bytes once bound (a method called on the type is looked up each time).
_FROM_BYTES: Final = int.from_bytes
# Byte c + ZERO to c's byte as a signed char (ZERO is 128: the top bit flipped).
_SIGNED: Final = bytes(b ^ ZERO for b in range(256))


class TextPieces:
    """Pieces of answer text met before, remembered: the head of an entry per notation, its tail.

    A few hundred notations, and a few hundred bar and off counts, cover
    most questions. A notation is ASCII text without quotes or backslashes,
    but each is encoded once by the function ``json.dumps`` encodes a string
    with (``ensure_ascii``), so the text is the same for any string.

    ``extras`` lays out the extra state of the variant's positions, one
    item per extra field in the order of the packed state: ``("", "")``
    for a field an answer does not give (a count that is no checkers),
    ``(', "pool": [', "")`` for a count, and ``(', "pinned": [',
    ', "opp_pinned": [')`` for a field of points (the two keys of its
    sides). ``after`` is text written after them in every entry (``,
    "pool": [0, 0]`` where a question gave a pool to a variant without
    one). One variant's answers, or those of variants of one layout, share
    a :class:`TextPieces`.
    """

    def __init__(
        self, limit: int = 100_000, extras: tuple[tuple[str, str], ...] = (), after: str = ""
    ) -> None:
        """Empty memories of at most ``limit`` pieces each (each starts over when full)."""
        #: ``, {"play": "24/18 13/11*", "board": [`` by notation.
        self.heads: dict[str, str] = {}
        #: ``], "bar": [0, 1], "off": [3, 0]}`` (with the extra keys) by the
        #: packed bar and off bytes (``bar[0] | bar[1] << 8 | off[0] << 16 |
        #: off[1] << 24``) and the extra state above them.
        self.tails: dict[int, str] = {}
        #: How many pieces of each kind it keeps before starting over.
        self.limit = limit
        #: The layout of the extra state, and the text after it (see above).
        self.extras = extras
        self.after = after
        #: The length of a packed state of this layout.
        self.size = BASE_SIZE + 2 * EXTRA_BYTES * len(extras)

    def head(self, notation: str) -> str:
        """``, {"play": "<notation>", "board": [``: an entry up to its board, after a comma."""
        found = self.heads.get(notation)
        if found is None:
            found = ', {"play": ' + encode_basestring_ascii(notation) + ', "board": ['
            if len(self.heads) >= self.limit:
                self.heads.clear()
            self.heads[notation] = found
        return found

    def tail(self, packed: bytes, extra: int = 0) -> str:
        """``], "bar": [m, o], "off": [m, o]}``: an entry from the end of its board, of a packed state.

        ``extra`` is the state's extra values as one int (its packed bytes
        after the first ``BASE_SIZE`` read little-endian), 0 without extra state; their keys come
        before the closing brace.
        """
        key = packed[25] | packed[26] << 8 | packed[0] << 16 | packed[27] << 24 | extra << 32
        found = self.tails.get(key)
        if found is None:
            found = (
                '], "bar": ['
                + _NUMBER[packed[25]]
                + _NEXT_NUMBER[packed[26]]
                + '], "off": ['
                + _NUMBER[packed[0]]
                + _NEXT_NUMBER[packed[27]]
                + "]"
                + self.extra_text(packed)
                + self.after
                + "}"
            )
            if len(self.tails) >= self.limit:
                self.tails.clear()
            self.tails[key] = found
        return found

    def extra_text(self, packed: bytes) -> str:
        """The extra keys of an entry (``, "pool": [2, 0]``), as :attr:`extras` lays them out."""
        parts: list[str] = []
        at = BASE_SIZE
        for first, second in self.extras:
            mine = _extra_value(packed, at)
            theirs = _extra_value(packed, at + EXTRA_BYTES)
            at += 2 * EXTRA_BYTES
            if not first:
                continue
            if second:  # points: a set of bits each side
                parts.append(first + _points_text(mine) + "]" + second + _points_text(theirs) + "]")
            else:
                parts.append(first + str(mine) + ", " + str(theirs) + "]")
        return "".join(parts)


def _extra_value(packed: bytes, at: int) -> int:
    """The extra value packed little-endian in ``EXTRA_BYTES`` bytes from ``at``."""
    return int.from_bytes(packed[at : at + EXTRA_BYTES], "little")


def _points_text(bits: int) -> str:
    """The points of a set of bits (bit p: point p) as JSON's list items, lowest first."""
    return ", ".join([str(p) for p in range(bits.bit_length()) if bits >> p & 1])


def _native_answer() -> Callable[[list[bytes], list[int], str], str] | None:
    """The native core's answer writer for states without extra fields, or ``None`` in the pure build (loaded by name)."""
    try:
        module = importlib.import_module("nardy._native")
    except ImportError:
        return None
    writer: Callable[[list[bytes], list[int], str], str] = module.answer_text
    return writer


_NATIVE_ANSWER: Final = _native_answer()


def answer_text(legal: LegalPlays, pieces: TextPieces) -> str:
    """The answer line (with its newline) of a legal set: :func:`plays_text` of its plays.

    For states without extra fields, written by the native core when it is
    loaded (``answer_text``: the same text, one call for the set).
    """
    keys = legal.raw_results()
    size = len(legal.position.packed)
    if _NATIVE_ANSWER is not None and size == BASE_SIZE == pieces.size:
        return _NATIVE_ANSWER(keys, legal.raw_codes(), pieces.after)
    return plays_text(legal.notations(), keys, size, pieces)


def plays_text(notations: list[str], keys: list[bytes], size: int, pieces: TextPieces) -> str:
    r"""The answer line (with its newline) of a legal set.

    ``notations`` and ``keys`` are a legal set's :meth:`notations
    <nardy.LegalPlays.notations>` and :meth:`raw_results
    <nardy.LegalPlays.raw_results>`, ``size`` the length of its packed
    position, which must be that of ``pieces``' layout
    (:attr:`TextPieces.size`: ``nardy.engine.state.BASE_SIZE`` without
    extra state). The same text as ``json.dumps({"plays": [{"play": ...,
    "board": ..., "bar": ..., "off": ..., <extra keys>}, ...]}) + "\n"``.
    """
    if size != pieces.size:
        raise ValueError(f"these pieces write states of {pieces.size} bytes, not {size}")
    extra = size > BASE_SIZE
    parts: list[str] = ['{"plays": [']
    for i in range(len(keys)):
        packed = keys[i]
        head = pieces.head(notations[i])
        parts.append(head[2:] if i == 0 else head)  # no comma before the first entry
        # The 24 counts as signed bytes, listed by C: str() of a list of ints
        # is JSON's ``a, b, ...`` between its brackets.
        parts.append(str(memoryview(packed[1:25].translate(_SIGNED)).cast("b").tolist())[1:-1])
        tail = _FROM_BYTES(packed[BASE_SIZE:], "little") if extra else 0
        parts.append(pieces.tail(packed, tail))
    parts.append("]}\n")
    return "".join(parts)


#: The longest run of digits :func:`quiet_numbers` lets through: a JSON integer
#: of more than 20 characters (``nardy legal`` refuses those) has at least 20.
DIGITS_LIMIT: Final = 19


# Each byte as quiet_numbers reads it: an ASCII digit as "0", anything else as " ".
_DIGITS_ONLY: Final = bytes([48 if 48 <= b <= 57 else 32 for b in range(256)])
# The shortest run of digits quiet_numbers refuses.
_LONG_RUN: Final = b"0" * (DIGITS_LIMIT + 1)


def quiet_numbers(line: bytes) -> bool:
    """Whether the JSON text ``line`` holds only numbers ``nardy legal`` reads as ``json`` does.

    False when it holds a run of 20 ASCII digits (perhaps an integer too long
    to be a count) or ``NaN``/``Infinity`` (which nardy refuses), wherever
    they are; then the full path reads the line. JSON numbers are ASCII
    digits, so the UTF-8 bytes are enough.
    """
    # One pass in C over the bytes, the digits made alike, then one search.
    return (
        _LONG_RUN not in line.translate(_DIGITS_ONLY)
        and b"NaN" not in line
        and b"Infinity" not in line
    )


def _pair(value: object, into: bytearray, at: int) -> bool:
    """Put a list of two counts 0..255 (ints, not bools) into ``into`` at ``at``, ``at + 1``."""
    if not isinstance(value, list) or type(value) is not list or len(value) != 2:
        return False
    for i in range(2):
        x: object = value[i]
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 255:
            return False
        into[at + i] = x
    return True


def packed_question(
    board: object, bar: object, off: object, checkers: int, has_bar: bool
) -> bytes | None:
    """The packed state of a question's ``board``, ``bar`` and ``off``, or None.

    Not None only when :meth:`Variant.position <nardy.Variant.position>`
    would accept the same lists for a variant without extra state with
    ``checkers`` a side (and a bar when ``has_bar``): lists of ints (24, 2
    and 2 of them), no negative bar or off, no bar where there is none, each
    side's checkers adding up, not both sides borne off. The result is the
    state packed (:func:`~nardy.engine.state.pack`), the mover to play.
    """
    if not isinstance(board, list) or type(board) is not list or len(board) != 24:
        return None
    # bar and off first, as they are: the mover's and the opponent's.
    counts = bytearray(4)
    if not _pair(bar, counts, 0) or not _pair(off, counts, 2):
        return None
    if not has_bar and (counts[0] != 0 or counts[1] != 0):
        return None
    mine = counts[0] + counts[2]
    theirs = counts[1] + counts[3]
    if mine > checkers or theirs > checkers or (counts[2] == checkers and counts[3] == checkers):
        return None
    packed = bytearray(BASE_SIZE)
    for p in range(24):
        x: object = board[p]
        if not isinstance(x, int) or isinstance(x, bool):
            return None
        if x > 0:
            mine += x
            if mine > checkers:
                return None
        elif x < 0:
            theirs -= x
            if theirs > checkers:
                return None
        packed[p + 1] = x + ZERO
    if mine != checkers or theirs != checkers:
        return None
    packed[0] = counts[2] + ZERO
    packed[25] = counts[0] + ZERO
    packed[26] = counts[1] + ZERO
    packed[27] = counts[3] + ZERO
    return bytes(packed)


def dice_index(dice: object) -> int:
    """``8 * first + second`` for a list of two dice 1..6 (ints, not bools), else -1."""
    if not isinstance(dice, list) or type(dice) is not list or len(dice) != 2:
        return -1
    first: object = dice[0]
    second: object = dice[1]
    if (
        not isinstance(first, int)
        or isinstance(first, bool)
        or not isinstance(second, int)
        or isinstance(second, bool)
        or not (1 <= first <= 6 and 1 <= second <= 6)
    ):
        return -1
    return 8 * first + second
