"""Small helpers shared by several test modules."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from nardy.cli.main import main


def board_of(mine: Mapping[int, int], theirs: Mapping[int, int]) -> list[int]:
    """24 signed ints in the mover's frame; ``theirs`` is in the mover's numbering too."""
    board = [0] * 24
    for point, n in mine.items():
        board[point - 1] += n
    for point, n in theirs.items():
        board[point - 1] -= n
    return board


def run_legal(
    lines: Sequence[object],
    args: Sequence[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, list[dict[str, Any]]]:
    """Feed ``nardy legal`` one line per item (dicts are JSON-encoded, strings raw)."""
    text = "".join((item if isinstance(item, str) else json.dumps(item)) + "\n" for item in lines)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["legal", *args])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines()]
