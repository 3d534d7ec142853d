"""``nardy legal`` prints exactly what it printed before: plays, order, notation, results.

The positions and two SHA-256 digests of the answers under each variant
preset are stored in ``data/legal_golden.json`` (written by
``benchmarks/legal_golden.py``): ``sha256`` of the answers as printed, so
any change of a play's order, its notation or a resulting position shows
up, and ``sets_sha256`` of the answers with each set of plays reduced to
its resulting positions in sorted order (:func:`results_only`), which no
change of order or of a play's representative steps touches. The second
has never been re-pinned: every preset still has the legal sets it had
when it was first stored.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from nardy.cli.main import legal_line

GOLDEN: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "legal_golden.json").read_text()
)


def wanted(spec: str, line: dict[str, Any]) -> bool:
    """The stored positions a preset can take (long nardy has no bar, etc.)."""
    if spec.startswith("long-nardy") and line["bar"] != [0, 0]:
        return False
    mine = sum(x for x in line["board"] if x > 0) + line["bar"][0] + line["off"][0]
    return not (spec.startswith(("nackgammon", "caucasian", "backgammon")) and mine != 15)


def results_only(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer with its plays reduced to their resulting positions, sorted (no notation, no order)."""
    plays = answer.get("plays")
    if not isinstance(plays, list):
        return answer
    results = sorted(
        json.dumps({k: v for k, v in play.items() if k != "play"}, sort_keys=True) for play in plays
    )
    return {**answer, "plays": results}


def digests(spec: str, lines: list[dict[str, Any]]) -> tuple[int, str, str]:
    """How many lines the preset answers, the digest of its answers, and of their result sets."""
    printed, sets = hashlib.sha256(), hashlib.sha256()
    count = 0
    for line in lines:
        if not wanted(spec, line):
            continue
        answer = legal_line(json.dumps({"variant": spec, **line}), None, {})
        printed.update((json.dumps(answer, ensure_ascii=False) + "\n").encode())
        sets.update((json.dumps(results_only(answer), ensure_ascii=False) + "\n").encode())
        count += 1
    return count, printed.hexdigest(), sets.hexdigest()


@pytest.mark.parametrize("spec", sorted(GOLDEN["digests"]))
def test_nardy_legal_output_is_unchanged(spec: str) -> None:
    entry = GOLDEN["digests"][spec]
    lines, printed, sets = digests(spec, GOLDEN["positions"][entry["family"]])
    assert lines == entry["lines"]
    assert sets == entry["sets_sha256"], "a legal set changed"
    assert printed == entry["sha256"], "the order or notation of the plays changed"
