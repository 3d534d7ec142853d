"""``nardy legal`` prints exactly what it printed before: plays, order, notation, results.

The positions and the SHA-256 of the answers under each variant preset are
stored in ``data/legal_golden.json`` (written by
``benchmarks/legal_golden.py``). Any change of the engine that changes a
play's order, its notation or a resulting position shows up here.
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


@pytest.mark.parametrize("spec", sorted(GOLDEN["digests"]))
def test_nardy_legal_output_is_unchanged(spec: str) -> None:
    entry = GOLDEN["digests"][spec]
    digest = hashlib.sha256()
    lines = 0
    for line in GOLDEN["positions"][entry["family"]]:
        if not wanted(spec, line):
            continue
        answer = legal_line(json.dumps({"variant": spec, **line}), None, {})
        digest.update((json.dumps(answer, ensure_ascii=False) + "\n").encode())
        lines += 1
    assert lines == entry["lines"]
    assert digest.hexdigest() == entry["sha256"]
