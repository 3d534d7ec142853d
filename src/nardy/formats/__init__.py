"""Reading and writing the field's formats: gnubg IDs, XGID, FIBS boards, ``.mat`` and ``.sgf`` records.

Every reader validates what it reads and raises a
:class:`~nardy.errors.NardyError` subclass naming the input and the
problem (the record readers warn with a
:class:`~nardy.errors.RecordWarning` for what they read leniently, and
read files with :func:`read_text`); every writer raises :class:`~nardy.errors.UnsupportedFormatError`
for what its format cannot hold. Sides: nardy's white is gnubg's player 0
(the first player of a ``.mat`` file, ``W`` in SGF, XG's bottom player).
"""

from __future__ import annotations

from nardy.errors import RecordWarning
from nardy.formats.fibs import fibs_board, read_fibs_board
from nardy.formats.gnubgid import gnubg_id, match_id, read_gnubg_id, read_match_id
from nardy.formats.mat import load_mat, read_mat, write_mat
from nardy.formats.replay import MatchRecord
from nardy.formats.sgf import load_sgf, read_sgf, write_sgf
from nardy.formats.text import decode_text, read_text
from nardy.formats.xgid import read_xgid, xgid

__all__ = [
    "MatchRecord",
    "RecordWarning",
    "decode_text",
    "fibs_board",
    "gnubg_id",
    "load_mat",
    "load_sgf",
    "match_id",
    "read_fibs_board",
    "read_gnubg_id",
    "read_mat",
    "read_match_id",
    "read_sgf",
    "read_text",
    "read_xgid",
    "write_mat",
    "write_sgf",
    "xgid",
]
