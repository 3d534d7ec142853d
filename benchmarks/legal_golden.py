"""Write ``tests/data/legal_golden.json``: positions and digests of ``nardy legal`` output.

The test ``tests/test_legal_golden.py`` answers every stored position with
``nardy legal`` under each variant preset and compares the SHA-256 of the
output with the stored one, so that the output (plays, their order and
notation, resulting positions) stays byte-identical across changes of the
engine. Run this only when a change of the output is intended, and say so in
the changelog::

    python benchmarks/legal_golden.py

The positions come from the seeded sets of ``positions.py``, plus every
first roll of long nardy (for the head exceptions) and, for tapa,
longgammon and moultezim, positions drawn by ``tests/family3_positions.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import nardy

sys.path.insert(0, str(Path(__file__).parent))
import positions  # a sibling script, not a package

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from family3_positions import random_position  # the tests' drawer of positions
from test_legal_golden import digests  # the test's own reading of the answers

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
    "acey-deucey": [
        "acey-deucey",
        "acey-deucey(entering=all-first,hitting=after-home)",
        "acey-deucey(hit_to=pool,bear_off=exact,must_play_higher=false)",
    ],
    "gul-bara": ["gul-bara", "gul-bara(bear_off=exact)"],
    "gioul": ["gioul", "gioul(bear_off=exact)"],
    "tabula": [
        "tabula",
        "tabula(bar_priority=false,bear_off_zone=half)",
        "tabula(bear_off=larger,second_half=pool-or-bar)",
    ],
    "portes": ["portes", "portes(must_play_higher=false)"],
    "tavla": ["tavla"],
    "plakoto": ["plakoto", "plakoto(mother=false)", "plakoto(mother_exception=none)"],
    "fevga": ["fevga", "fevga(trap_prime=forbidden)", "fevga(trap_prime=allowed)"],
    "tapa": ["tapa", "tapa(bear_off_pinned=blocked)"],
    "longgammon": ["longgammon"],
    "moultezim": [
        "moultezim",
        "moultezim(quarter_rule=opp-start-5)",
        "moultezim(quarter_rule=own-start-5)",
        "moultezim(quarter_rule=home-5)",
        "moultezim(quarter_rule=none)",
    ],
    "dutch": ["dutch", "dutch(entering=free)", "dutch(hitting=any)"],
    "russian": [
        "russian",
        "russian(entering=free)",
        "russian(bonus=entered)",
        "russian(doubles=plain)",
    ],
}

#: The families of the games added after the first three, each from its own
#: seeded self-play (their lines carry every die of the roll).
NEWER: tuple[str, ...] = (
    "acey-deucey",
    "gul-bara",
    "gioul",
    "tabula",
    "portes",
    "tavla",
    "plakoto",
    "fevga",
    "tapa",
    "longgammon",
    "moultezim",
    "dutch",
    "russian",
)


#: The families that also read positions drawn at random by the tests' drawer.
DRAWN: tuple[str, ...] = ("tapa", "longgammon", "moultezim")


def items_for(spec: str, count: int, seed: int) -> list[positions.Item]:
    """The benchmark's seeded (position, roll) set of a variant."""
    variant = nardy.find_variant(spec)
    if variant.has_bar and variant.geometry is nardy.Geometry.MIRROR:
        return positions.backgammon_family_set(variant, count, 0.4, seed)
    return positions.self_play_set(variant, count, 0.4, seed)


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
    for seed, family in enumerate(NEWER, start=13):
        sets[family] = positions.self_play_set(nardy.find_variant(family), 120, 0.4, seed)
    for family in DRAWN:
        # Self-play seldom reaches these games' bear-offs with pins or their
        # quarter rule's limits: sixty drawn positions each reach them.
        rng = random.Random(family)
        drawn = [random_position(nardy.find_variant(family), rng) for _ in range(60)]
        sets[family] += positions.with_rolls(drawn, 0.4, rng)
    stored: dict[str, list[dict[str, Any]]] = {}
    digests_by_spec: dict[str, dict[str, Any]] = {}
    for family, items in sets.items():
        lines = []
        for position, roll in items:
            array = position.to_array()
            dice = list(roll.faces) if family in NEWER else [roll.high, roll.low]
            lines.append({**array, "dice": dice})
        stored[family] = lines
        for spec in PRESETS[family]:
            count, printed, results = digests(spec, lines)
            entry = {"family": family, "lines": count, "sha256": printed, "sets_sha256": results}
            digests_by_spec[spec] = entry
            print(f"{spec}: {count} lines, {printed[:16]}, sets {results[:16]}")
    target = Path(__file__).parent.parent / "tests" / "data" / "legal_golden.json"
    target.write_text(
        json.dumps({"positions": stored, "digests": digests_by_spec}, separators=(",", ":"))
    )


if __name__ == "__main__":
    main()
