"""The reference for ``nardy legal`` end to end: the same JSON-lines filter written around bgsage.

Reads ``nardy legal``'s input lines (backgammon, ``board``/``bar``/``dice``
in the mover's view) from stdin and writes, per line, one JSON object with
the resulting positions as ``nardy legal`` writes them (``board``, ``bar``,
``off``; no notation, which bgsage does not give). ``bench_legal.py``
times it beside ``nardy legal``.
"""

from __future__ import annotations

import json
import sys

import bgsage


def main() -> int:
    """Answer every line of stdin."""
    possible = bgsage.possible_moves
    out = sys.stdout
    for line in sys.stdin:
        data = json.loads(line)
        bar = data.get("bar", [0, 0])
        board = [-bar[1], *data["board"], bar[0]]
        d1, d2 = data["dice"]
        plays = []
        for after in possible(board, d1, d2):
            mine = sum(x for x in after[1:25] if x > 0) + after[25]
            theirs = -sum(x for x in after[1:25] if x < 0) - after[0]
            plays.append(
                {
                    "board": list(after[1:25]),
                    "bar": [after[25], -after[0]],
                    "off": [15 - mine, 15 - theirs],
                }
            )
        out.write(json.dumps({"plays": plays}) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
