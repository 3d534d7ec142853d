"""Decoding record files: UTF-8 first, then the Windows code page older exporters write.

Every reader of a record file (:func:`~nardy.formats.load_mat`,
:func:`~nardy.formats.load_sgf`, ``nardy convert``, ``nardy render`` and
``nardy view``) reads it with :func:`read_text`, so they all accept the same
bytes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol, TypeVar

__all__ = ["RecordReader", "decode_text", "load_record", "read_text"]

_T_co = TypeVar("_T_co", covariant=True)

# The five bytes CP1252 leaves undefined (Python's codec refuses them); Latin-1
# maps each to the C1 control character of the same number, as Windows itself does.
_UNDEFINED_IN_CP1252 = re.compile(rb"([\x81\x8d\x8f\x90\x9d])")


def decode_text(data: bytes) -> str:
    """The text of a record file's bytes ``data``; it never fails.

    UTF-8 is tried first (a byte-order mark is dropped). Bytes that are not
    UTF-8 are read as Windows-1252 (CP1252, the Western European code page
    of older Windows exporters: the byte ``0xFC`` is ``ü``), a superset of
    Latin-1's printable characters; the five bytes CP1252 leaves undefined
    (``0x81``, ``0x8D``, ``0x8F``, ``0x90``, ``0x9D``) are read as Latin-1
    does, as the control characters of the same number. Every byte string
    decodes, so the readers report what the *text* gets wrong, not its
    encoding. (A file in another code page, such as Cyrillic CP1251, reads
    as CP1252 letters: there is no telling them apart from the bytes.)
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    parts = _UNDEFINED_IN_CP1252.split(data)
    # re.split with a group: the even parts are runs CP1252 defines, the odd ones the bytes between.
    return "".join(part.decode("latin-1" if k % 2 else "cp1252") for k, part in enumerate(parts))


def read_text(path: str | Path) -> str:
    """The text of the record file at ``path``, decoded by :func:`decode_text`.

    Raises :class:`OSError` for a file that cannot be read; never a decoding
    error.
    """
    return decode_text(Path(path).read_bytes())


class RecordReader(Protocol[_T_co]):
    """A reader of a record's text, such as :func:`~nardy.formats.read_mat`."""

    def __call__(self, text: str, *, name: str, strict: bool) -> _T_co:
        """The record read from ``text``; ``name`` (a file name) is used in error messages."""
        ...


def load_record(read: RecordReader[_T_co], path: str | Path, *, strict: bool) -> _T_co:
    """The record file at ``path`` read by ``read``, its name in the error messages.

    The bytes are decoded by :func:`read_text`: UTF-8 (a byte-order mark
    allowed), else Windows-1252. Raises :class:`OSError` for a file that
    cannot be read, and whatever ``read`` raises.
    """
    p = Path(path)
    return read(read_text(p), name=str(p), strict=strict)
