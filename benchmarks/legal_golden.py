"""Write ``tests/data/legal_golden.json``: positions and digests of ``nardy legal`` output.

The test ``tests/test_legal_golden.py`` answers every stored position with
``nardy legal`` under each variant preset and compares the SHA-256 of the
output with the stored one, so that the output (plays, their order and
notation, resulting positions) stays byte-identical across changes of the
engine. Run this only when a change of the output is intended, and say so in
the changelog::

    python benchmarks/legal_golden.py

The positions come from the seeded sets of ``positions.py``, plus every
first roll of long nardy (for the head exceptions).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import nardy
from nardy.cli.main import legal_line

sys.path.insert(0, str(Path(__file__).parent))
import positions  # a sibling script, not a package

#: The presets whose output is pinned, by the family of positions they read.
PRESETS: dict[str, list[str]] = {
    "backgammon": [
        "backgammon",
        "backgammon(must_play_higher=false)",
        "nackgammon",
        "caucasian",
        "caucasian(no_hide_after_hit=anywhere)",
    ],
    "hypergammon": ["hypergammon"],
    "long": [
        "long-nardy",
        "long-nardy(head_exception=6-4)",
        "long-nardy(head_exception=any-blocked-double)",
        "long-nardy(head_exception=head-only,six_block=home)",
        "long-nardy(six_block_check=turn)",
        "long-nardy(six_block=off,must_play_higher=false)",
        "kush",
        "kush(six_block_check=turn)",
    ],
}


def items_for(spec: str, count: int, seed: int) -> list[positions.Item]:
    """The benchmark's seeded (position, roll) set of a variant."""
    variant = nardy.find_variant(spec)
    if variant.has_bar and variant.geometry is nardy.Geometry.MIRROR:
        return positions.backgammon_family_set(variant, count, 0.4, seed)
    return positions.self_play_set(variant, count, 0.4, seed)


def wanted(spec: str, line: dict[str, Any]) -> bool:
    """The positions a preset can take (the same test as ``tests/test_legal_golden.py``)."""
    if spec.startswith("long-nardy") and line["bar"] != [0, 0]:
        return False
    mine = sum(x for x in line["board"] if x > 0) + line["bar"][0] + line["off"][0]
    return not (spec.startswith(("nackgammon", "caucasian", "backgammon")) and mine != 15)


def main() -> None:
    """Build the position sets, answer them under every preset, write the file."""
    start = nardy.LongNardy().starting_position()
    sets = {
        "backgammon": items_for("backgammon", 150, 7)
        + items_for("nackgammon", 50, 8)
        + items_for("caucasian", 100, 9),
        "hypergammon": items_for("hypergammon", 100, 10),
        "long": items_for("long-nardy", 200, 11)
        + items_for("kush", 100, 12)
        + [(start, roll) for roll in nardy.ALL_ROLLS],
    }
    positions: dict[str, list[dict[str, Any]]] = {}
    digests: dict[str, dict[str, Any]] = {}
    for family, items in sets.items():
        lines = []
        for position, roll in items:
            array = position.to_array()
            lines.append({**array, "dice": [roll.high, roll.low]})
        positions[family] = lines
        for spec in PRESETS[family]:
            digest = hashlib.sha256()
            count = 0
            for line in lines:
                if wanted(spec, line):
                    answer = legal_line(json.dumps({"variant": spec, **line}), None, {})
                    digest.update((json.dumps(answer, ensure_ascii=False) + "\n").encode())
                    count += 1
            digests[spec] = {"family": family, "lines": count, "sha256": digest.hexdigest()}
            print(f"{spec}: {count} lines, {digest.hexdigest()[:16]}")
    target = Path(__file__).parent.parent / "tests" / "data" / "legal_golden.json"
    target.write_text(
        json.dumps({"positions": positions, "digests": digests}, separators=(",", ":"))
    )


if __name__ == "__main__":
    main()
