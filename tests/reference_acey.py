"""A slow, obviously-correct move generator for acey-deucey, written from the family's rules page.

Sections M and S of ``shared/rules/acey-tabula-gulbara.md``, independent of
the library's engine: every order of the dice, every checker at every step,
no pruning; the maximum-use and higher-die rules on the sequences found;
the results deduplicated. Only the documented raw state is shared with the
library (``Position.raw``: off, points 1..24, bar, the opponent's bar, his
off, then the pools, the mover's and the opponent's), and the variant's
option values.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from nardy import Roll

__all__ = ["page_plays", "page_segment"]


def page_plays(variant: Any, start: tuple[int, ...], roll: Roll) -> set[tuple[int, ...]]:
    """The legal set of a segment found straight from the page (sections M and S), slowly.

    ``start`` is the raw state: off, points 1..24, bar, opponent's bar, his
    off, then the pools (mover's, opponent's). Every order of the dice,
    every checker; the maximum-use and higher-die rules on the complete
    sequences; the results deduplicated.
    """
    return page_segment(variant, start, roll)[1]


def page_segment(
    variant: Any, start: tuple[int, ...], roll: Roll
) -> tuple[bool, set[tuple[int, ...]]]:
    """:func:`page_plays` with whether the segment is fully played (S.5: every move used).

    A play that bears off the last checker counts as using every move.
    """
    dice = list(roll.moves)
    lock = variant.opening_lock and start[28] == 15 and not (roll.is_double or roll == Roll(2, 1))
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def home(s: list[int]) -> bool:
        return s[0] > 0 or any(s[p] > 0 for p in range(1, 7))

    def steps(s: list[int], die: int) -> Iterator[list[int]]:
        if s[25]:
            sources = [25]
        else:
            sources = ([26] if s[28] else []) + [p for p in range(1, 25) if s[p] > 0]
            if variant.entering_rule == "all-first" and s[28]:
                sources = [26] if s[28] else []
        for src in sources:
            dst = (25 if src >= 25 else src) - die
            if dst >= 1:
                if s[dst] < -1:
                    continue
                if s[dst] == -1 and variant.hitting == "after-home" and not home(s):
                    continue
            else:
                if s[25] or s[28] or src >= 25 or any(s[p] > 0 for p in range(7, 25)):
                    continue
                if dst < 0 and (
                    variant.bear_off_rule == "exact" or any(s[p] > 0 for p in range(src + 1, 7))
                ):
                    continue
            after = list(s)
            after[{25: 25, 26: 28}.get(src, src)] -= 1
            if dst <= 0:
                after[0] += 1
            else:
                if after[dst] == -1:
                    after[dst] = 0
                    after[29 if variant.hit_to == "pool" else 26] += 1
                after[dst] += 1
            yield after

    def explore(s: list[int], left: list[int], used: tuple[int, ...]) -> None:
        found.append((tuple(s), used))
        if s[0] == 15 or lock:
            return
        for die in sorted(set(left)):
            rest = list(left)
            rest.remove(die)
            for after in steps(s, die):
                explore(after, rest, (*used, die))

    explore(list(start), dice, ())
    most = max(len(dice) if s[0] == 15 else len(u) for s, u in found)
    legal = [(s, u) for s, u in found if (len(dice) if s[0] == 15 else len(u)) == most]
    if most == 1 and not roll.is_double and variant.must_play_higher:
        high = max(u[0] for _, u in legal)
        legal = [(s, u) for s, u in legal if u[0] == high]
    return most == len(dice), {s for s, _ in legal}
