"""Writing a play in standard notation, on plain ints (reading it is :func:`nardy.parse_moves`).

The rule of the notation (gnubg's): the steps of one checker are joined
(``13/7/1`` is written ``13/1``) except that a point where the checker hit
is kept (``24/18*/15``); identical moves are counted (``8/5(2)``); moves are
listed from the highest source down, then the highest destination. The bar
is ``bar``, the pool (a step's source) ``pool`` and off is ``off``
(``pool/22``, ``pool/22*/16``); the bar comes before the pool, as the rules
make a bar entry first, and the pool before the points (``bar/22 pool/20
13/8``). A pass is ``""``.

:func:`write_steps` is the one implementation; :func:`write_code` writes a
packed play (:func:`~nardy.engine.state.steps_of_code`) and remembers what
it wrote, because the same plays come up again and again.
"""

from __future__ import annotations

from typing import Final

from nardy.engine.state import HIT_BIT, MOVER_BAR, MOVER_OFF, STEP_BITS
from nardy.rules.board import FROM_POOL

__all__ = ["point_name", "write_code", "write_steps"]

_STEP_MASK: Final = (1 << STEP_BITS) - 1
# How many packed plays write_code remembers (a few MB at most).
_REMEMBERED: Final = 100_000
_written: dict[int, str] = {}
# A source's place in the notation's order (highest first): every point
# counts double, so that the pool (26) goes between the bar (25) and the 24.
_POOL_RANK: Final = 2 * MOVER_BAR - 1


def _rank(p: int) -> int:
    return _POOL_RANK if p == FROM_POOL else 2 * p


def point_name(p: int) -> str:
    """A point as the notation writes it: ``bar``, ``off``, ``pool`` (a step's source) or its number."""
    if p == MOVER_BAR:
        return "bar"
    if p == FROM_POOL:
        return "pool"
    if p == MOVER_OFF:
        return "off"
    return str(p)


def write_steps(srcs: list[int], dsts: list[int], hits: list[bool]) -> str:
    """The notation of the steps ``srcs[i] -> dsts[i]`` (``hits[i]``: step i hit), in play order."""
    # Chain the steps into checker paths, in the order they were played: a
    # step continues the latest path that ended where it starts.
    starts: list[int] = []
    paths: list[list[int]] = []  # the points of each path after its start
    marks: list[list[bool]] = []  # whether the checker hit on each of them
    for i in range(len(srcs)):
        src = srcs[i]
        chained = False
        if src != MOVER_OFF:
            for k in range(len(paths) - 1, -1, -1):
                if paths[k][-1] == src:
                    paths[k].append(dsts[i])
                    marks[k].append(hits[i])
                    chained = True
                    break
        if not chained:
            starts.append(src)
            paths.append([dsts[i]])
            marks.append([hits[i]])
    segments: list[tuple[int, int, str]] = []
    for k in range(len(paths)):
        path = paths[k]
        last = len(path) - 1
        parts = [point_name(starts[k])]
        for j in range(len(path)):
            if marks[k][j]:
                parts.append(point_name(path[j]) + "*")
            elif j == last:
                parts.append(point_name(path[j]))
        segments.append((-_rank(starts[k]), -path[last], "/".join(parts)))
    segments.sort()
    out: list[str] = []
    i = 0
    while i < len(segments):
        text = segments[i][2]
        j = i + 1
        while j < len(segments) and segments[j][2] == text:
            j += 1
        out.append(text if j - i == 1 else f"{text}({j - i})")
        i = j
    return " ".join(out)


def write_code(code: int) -> str:
    """The notation of a packed play (its steps first to last, lowest bits first)."""
    text = _written.get(code)
    if text is not None:
        return text
    srcs: list[int] = []
    dsts: list[int] = []
    hits: list[bool] = []
    rest = code
    while rest:
        step = rest & _STEP_MASK
        srcs.append(step & 31)
        dsts.append((step >> 5) & 31)
        hits.append(bool(step & HIT_BIT))
        rest >>= STEP_BITS
    text = write_steps(srcs, dsts, hits)
    if len(_written) < _REMEMBERED:
        _written[code] = text
    return text
