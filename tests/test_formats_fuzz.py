"""Damaged IDs and records: every reader either reads them or raises a NardyError, never crashes.

A record reader may read a damaged record leniently, with a RecordWarning
(the only warning allowed); read strictly, it reads it without one or
raises a NardyError.
"""

from __future__ import annotations

import contextlib
import random
import warnings
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy.errors import NardyError, RecordWarning
from nardy.formats import (
    read_fibs_board,
    read_gnubg_id,
    read_mat,
    read_match_id,
    read_sgf,
    read_xgid,
)
from test_ids import FIBS_START
from test_mat import FILES, GALAXY, STUDIO
from test_sgf import GNUBG

Reader = Callable[[str], object]
SAMPLES: list[tuple[Reader, str]] = [
    (read_mat, GALAXY),
    (read_mat, STUDIO),
    # A short real match (every damaged copy is replayed, so its size is the test's time).
    (read_mat, sorted(FILES, key=lambda p: p.stat().st_size)[20].read_text(encoding="utf-8-sig")),
    (read_sgf, GNUBG),
    (read_xgid, "XGID=-b----E-C---eE---c-e----B-:1:1:-1:52:2:4:0:9:6"),
    (read_fibs_board, FIBS_START),
    (read_gnubg_id, "4HPwATDgc/ABMA:QYkqASAAIAAA"),
    (read_match_id, "QYkqASAAIAAA"),
]
ALPHABET = "0123456789abcxyzABDOW:;[]()/*-+=> \n\\\"'?.,"


def damaged(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    for _ in range(edits):
        i = rng.randrange(len(chars) + 1)
        op = rng.random()
        if op < 0.4 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(ALPHABET)
        elif op < 0.7 and chars:
            del chars[min(i, len(chars) - 1)]
        else:
            chars.insert(i, rng.choice(ALPHABET))
    return "".join(chars)


@pytest.mark.parametrize(("reader", "text"), SAMPLES, ids=lambda x: getattr(x, "__name__", ""))
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), edits=st.integers(1, 6))
def test_damaged_input_reads_or_raises_a_nardy_error(
    reader: Reader, text: str, seed: int, edits: int
) -> None:
    broken = damaged(text, random.Random(seed), edits)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RecordWarning)
        with contextlib.suppress(NardyError):
            reader(broken)
    if reader in (read_mat, read_sgf):  # strictly: no warning at all (they are errors)
        with contextlib.suppress(NardyError):
            reader(broken, strict=True)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_reads_or_raises_a_nardy_error(text: str) -> None:
    for reader, _ in SAMPLES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RecordWarning)
            with contextlib.suppress(NardyError):
                reader(text)
