"""Writing a play in standard notation, on plain ints (reading it is :func:`nardy.parse_moves`).

The rule of the notation (gnubg's): the steps of one checker are joined
(``13/7/1`` is written ``13/1``) except that a point where the checker hit
is kept (``24/18*/15``); identical moves are counted (``8/5(2)``); moves are
listed from the highest source down, then the highest destination. The bar
is ``bar``, the pool (a step's source) ``pool`` and off is ``off``
(``pool/22``, ``pool/22*/16``); the bar comes before the pool, as the rules
make a bar entry first, and the pool before the points (``bar/22 pool/20
13/8``). A pass is ``""``.

:func:`write_steps` is the one implementation in Python; :func:`write_code`
writes a packed play (:func:`~nardy.engine.state.steps_of_code`) and
remembers what it wrote, because the same plays come up again and again.
:func:`write_codes` writes a legal set's plays with the native core's
writer (``nardy_core::notation``, the same rule in Rust) when it is loaded.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final

from nardy.engine.state import HIT_BIT, MOVER_BAR, MOVER_OFF, STEP_BITS
from nardy.rules.board import FROM_POOL

__all__ = ["point_name", "write_code", "write_codes", "write_steps"]

_STEP_MASK: Final = (1 << STEP_BITS) - 1
# How many packed plays write_code remembers (a few MB at most) before it starts over.
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


# Each slot's name (0..31: off, the points, the bar, the pool), made once.
_NAMES: Final = tuple([point_name(p) for p in range(32)])


def _name(p: int) -> str:
    """:func:`point_name`, read from the table where it can be."""
    return _NAMES[p] if 0 <= p < 32 else point_name(p)


def write_steps(srcs: list[int], dsts: list[int], hits: list[bool]) -> str:
    """The notation of the steps ``srcs[i] -> dsts[i]`` (``hits[i]``: step i hit), in play order."""
    starts, lasts, texts = _paths(srcs, dsts, hits)
    # The paths in the notation's order (see _before), each put into place.
    order: list[int] = []
    for k in range(len(starts)):
        at = len(order)
        while at > 0 and _before(starts, lasts, texts, k, order[at - 1]):
            at -= 1
        order.insert(at, k)
    out: list[str] = []
    i = 0
    while i < len(order):
        text = texts[order[i]]
        j = i + 1
        while j < len(order) and texts[order[j]] == text:
            j += 1
        out.append(text if j - i == 1 else f"{text}({j - i})")
        i = j
    return " ".join(out)


def _before(starts: list[int], lasts: list[int], texts: list[str], a: int, b: int) -> bool:
    """Whether path ``a`` is written before path ``b``: the higher start (the bar, the pool, the points), then the higher last point, then the text."""
    if starts[a] != starts[b]:
        return _rank(starts[a]) > _rank(starts[b])
    if lasts[a] != lasts[b]:
        return lasts[a] > lasts[b]
    return texts[a] < texts[b]


def _paths(
    srcs: list[int], dsts: list[int], hits: list[bool]
) -> tuple[list[int], list[int], list[str]]:
    """Each checker's path: its start, its last point and its text (``24/18*/13``).

    The steps chain into paths in the order they were played: a step
    continues the latest path that ended where it starts. A path's text
    keeps every point where the checker hit (starred) and its last point.
    """
    starts: list[int] = []
    lasts: list[int] = []
    texts: list[str] = []  # up to the last point, which is written at the end
    last_hits: list[bool] = []
    for i in range(len(srcs)):
        src = srcs[i]
        k = len(lasts) - 1
        if src != MOVER_OFF:
            while k >= 0 and lasts[k] != src:
                k -= 1
        else:
            k = -1
        if k >= 0:
            if last_hits[k]:  # the point it hit on stays in the path
                texts[k] += "/" + _name(src) + "*"
            lasts[k] = dsts[i]
            last_hits[k] = hits[i]
        else:
            starts.append(src)
            texts.append(_name(src))
            lasts.append(dsts[i])
            last_hits.append(hits[i])
    for k in range(len(starts)):
        texts[k] += ("/" + _name(lasts[k]) + "*") if last_hits[k] else ("/" + _name(lasts[k]))
    return starts, lasts, texts


def _native_writer() -> Callable[[list[int]], list[str]] | None:
    """The native core's writer of many packed plays, or ``None`` in the pure build (loaded by name, as the core is)."""
    try:
        module = importlib.import_module("nardy._native")
    except ImportError:
        return None
    writer: Callable[[list[int]], list[str]] = module.write_codes
    return writer


_NATIVE_WRITER: Final = _native_writer()


def write_codes(codes: list[int]) -> list[str]:
    """:func:`write_code` of each packed play, in order: by the native core when it is loaded (the same rule in Rust, one call for a legal set), else here."""
    if _NATIVE_WRITER is not None:
        return _NATIVE_WRITER(codes)
    return [write_code(code) for code in codes]


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
    if len(_written) >= _REMEMBERED:  # full: start over, so that new plays are remembered
        _written.clear()
    _written[code] = text
    return text
