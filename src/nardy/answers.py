"""The JSON text of ``nardy legal`` answers, written by hand from the engine's keys.

``nardy legal`` writes one ``{"plays": [...]}`` line per question. Building a
dict per play and encoding it with :func:`json.dumps` costs more than finding
the plays, so for a variant without extra state the line is put together here
from the notations and the packed results (:meth:`LegalPlays.raw_results
<nardy.LegalPlays.raw_results>`), byte for byte what ``json.dumps`` writes for
the same answer: ``", "`` and ``": "`` separators, ASCII, keys in the order
``play``, ``board``, ``bar``, ``off``. Plain strs and ints only, so the fast
build compiles it with the engine.
"""

from __future__ import annotations

from json.encoder import encode_basestring_ascii
from typing import Final

from nardy.engine.layout import BASE_SIZE, ZERO

__all__ = ["NotationText", "plays_text"]

# A packed byte b holds the count b - ZERO: its JSON text, and the same after ", ".
_NUMBER: Final = tuple([str(b - ZERO) for b in range(256)])
_NEXT_NUMBER: Final = tuple([", " + str(b - ZERO) for b in range(256)])


class NotationText:
    """Notations as JSON string literals, remembered (a few hundred plays cover most questions).

    A notation is ASCII text without quotes or backslashes, but each is
    encoded once by the function :func:`json.dumps` encodes a string with
    (``ensure_ascii``), so the text is the same for any string.
    """

    def __init__(self, limit: int = 100_000) -> None:
        """An empty memory of at most ``limit`` notations (it starts over when full)."""
        #: The JSON text of each notation met so far.
        self.known: dict[str, str] = {}
        #: How many notations it keeps before starting over.
        self.limit = limit

    def text(self, notation: str) -> str:
        """The JSON text of ``notation``: ``"24/18 13/11*"`` with its quotes."""
        found = self.known.get(notation)
        if found is None:
            found = encode_basestring_ascii(notation)
            if len(self.known) >= self.limit:
                self.known.clear()
            self.known[notation] = found
        return found


def plays_text(notations: list[str], keys: list[int], size: int, quoted: NotationText) -> str:
    r"""The answer line (with its newline) of plays without extra state.

    ``notations`` and ``keys`` are a legal set's :meth:`notations
    <nardy.LegalPlays.notations>` and :meth:`raw_results
    <nardy.LegalPlays.raw_results>`, ``size`` the length of its packed
    position (:data:`~nardy.engine.layout.BASE_SIZE` without extra state).
    The same text as ``json.dumps({"plays": [{"play": ..., "board": ...,
    "bar": ..., "off": ...}, ...]}) + "\n"``.
    """
    if size != BASE_SIZE:
        raise ValueError(f"plays_text writes states of {BASE_SIZE} bytes, not {size}")
    parts: list[str] = ['{"plays": [']
    first = True
    for i in range(len(keys)):
        packed = keys[i].to_bytes(BASE_SIZE, "little")
        parts.append('{"play": ' if first else ', {"play": ')
        first = False
        parts.append(quoted.text(notations[i]))
        parts.append(', "board": [')
        parts.append(_NUMBER[packed[1]])
        for p in range(2, 25):
            parts.append(_NEXT_NUMBER[packed[p]])
        parts.append('], "bar": [')
        parts.append(_NUMBER[packed[25]])
        parts.append(_NEXT_NUMBER[packed[26]])
        parts.append('], "off": [')
        parts.append(_NUMBER[packed[0]])
        parts.append(_NEXT_NUMBER[packed[27]])
        parts.append("]}")
    parts.append("]}\n")
    return "".join(parts)
