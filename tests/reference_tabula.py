"""A slow, obviously-correct move generator for tabula, written from the family's rules page.

Sections M, S and T of ``shared/rules/acey-tabula-gulbara.md``, independent
of the library's engine: every order of the three dice, every checker at
every step, no pruning; the maximum-use and higher-die rules on the
sequences found; the results deduplicated. Only the documented raw state is
shared with the library (``Position.raw``: off, points 1..24, bar, the
opponent's bar, his off, then the pools, the mover's and the opponent's),
and the variant's option values (:meth:`Variant.options`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from nardy import Roll

__all__ = ["page_plays"]

#: Where the checkers of each option value must all be before one bears off (T.4).
ZONES = {"quarter": 6, "half": 12}


def page_plays(variant: Any, start: tuple[int, ...], roll: Roll) -> set[tuple[int, ...]]:
    """The legal set of a tabula segment found straight from the page, slowly.

    ``start`` is the raw state (mover's frame). Every order of the dice,
    every checker: entering from the bar or the pool on 25 - d (M.2), the
    bar first unless ``bar_priority`` is false (M.3), hitting a blot to its
    owner's bar (M.4), the second-half rule (no landing on 12-1 while a
    checker waits in the pool, or on the bar too), the bear-off from the
    zone, exact or larger (M.6, T.4); then the maximum-use and higher-die
    rules (S.3) on the complete sequences.
    """
    options = variant.options()
    zone = ZONES[options["bear_off_zone"]]
    larger = options["bear_off"] == "larger"
    second_half = options["second_half"]
    dice = list(roll.moves)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def closed_half(s: list[int]) -> bool:
        if second_half == "pool":
            return s[28] > 0
        if second_half == "pool-or-bar":
            return s[28] > 0 or s[25] > 0
        return False

    def steps(s: list[int], die: int) -> Iterator[list[int]]:
        if s[25] and options["bar_priority"]:
            sources = [25]
        else:
            sources = ([25] if s[25] else []) + ([26] if s[28] else [])
            sources += [p for p in range(1, 25) if s[p] > 0]
        for src in sources:
            dst = (25 if src >= 25 else src) - die
            if dst >= 1:
                if s[dst] < -1:
                    continue
                if dst <= 12 and closed_half(s):
                    continue
            else:
                if src >= 25 or s[25] or s[28] or any(s[p] > 0 for p in range(zone + 1, 25)):
                    continue
                if dst < 0 and (not larger or any(s[p] > 0 for p in range(src + 1, zone + 1))):
                    continue
            after = list(s)
            after[{25: 25, 26: 28}.get(src, src)] -= 1
            if dst <= 0:
                after[0] += 1
            else:
                if after[dst] == -1:
                    after[dst] = 0
                    after[26] += 1
                after[dst] += 1
            yield after

    def explore(s: list[int], left: list[int], used: tuple[int, ...]) -> None:
        found.append((tuple(s), used))
        if s[0] == 15:
            return
        for die in sorted(set(left)):
            rest = list(left)
            rest.remove(die)
            for after in steps(s, die):
                explore(after, rest, (*used, die))

    explore(list(start), dice, ())
    most = max(len(dice) if s[0] == 15 else len(u) for s, u in found)
    legal = [(s, u) for s, u in found if (len(dice) if s[0] == 15 else len(u)) == most]
    if most == 1 and len(set(dice)) > 1 and options["must_play_higher"]:
        high = max(u[0] for _, u in legal)
        legal = [(s, u) for s, u in legal if u[0] == high]
    return {s for s, _ in legal}
