"""The compiled loop of nardy's own perft: one level expanded over packed keys.

:func:`nardy.perft.count` is the generic algorithm (any generator, any
hashable keys); :func:`nardy.perft.perft` runs this module instead when the
generator is nardy's, with the same conventions and the same numbers. It
differs in three ways, all for speed:

* it calls the variant's ``play_keys`` directly for its 21 (or 56) rolls (no
  generator object and no Python call per state);
* it tells finished states from the key's bytes (a key is the packed
  state: byte 0 is the mover's borne-off count plus 128, byte 27 the
  opponent's), when the variant ends
  the game the default way (someone has borne off everything);
* with :func:`expand_grouped` it deduplicates children a group of parents at
  a time, in small sets that stay in the processor's cache, instead of in
  one set of every state of the level (29 million at backgammon depth 3).

Why the grouping is exact: call a state's *opponent part* the opponent's
checkers on the points, on his bar and borne off (in the frame of the side
that has just played). A play changes the opponent's checkers only by
hitting them onto his bar, in every variant without extra state (the
searches add to the opponent's bar on a hit; pins, the one other
way, are extra state). So a child whose opponent's bar and borne-off bytes
equal its parent's has its parent's opponent part, and children of parents
with different opponent parts are different states. Children of one group
of parents (one opponent part, nothing on the opponent's bar) that did not
hit are therefore deduplicated in the group's own set, which is counted and
dropped; a child that hit, or any child of a group with checkers on the
opponent's bar, can equal a child of another group and goes to the one
shared set (or dict) of the level. Each state is counted once either way.

Multiplicities are one int per state: the ``paths21`` count in the low
:data:`SHIFT` bits and the ``paths36`` count above, as in :mod:`nardy.perft`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Final

from nardy.engine.state import BASE_SIZE, MOVER_BAR, MOVER_OFF, OPP_BAR, OPP_OFF, ZERO

__all__ = [
    "SHIFT",
    "Counts",
    "Level",
    "expand",
    "expand_grouped",
    "finished_by_bytes",
    "opponent_part",
]

#: The paths36 count sits this many bits above the paths21 count in a multiplicity.
SHIFT: Final = 128
# The byte layout is the engine's (nardy.engine.state): a key's byte 0 is the
# mover's borne-off count, bytes 1 to 24 the points, then the mover's bar, the
# opponent's bar and borne-off (the last two bytes of a state without extra fields).
assert MOVER_OFF == 0
assert OPP_OFF == BASE_SIZE - 1 == OPP_BAR + 1
# The opponent part of the 24 points: the mover's checkers (bytes above ZERO)
# read as empty, the opponent's (ZERO and below) kept.
_OPPONENT_ONLY: Final = bytes(min(b, ZERO) for b in range(256))
# Where the opponent's bar count sits in an opponent part (after the 24 points).
_PART_BAR: Final = MOVER_BAR - 1

#: A level: each state's key and its multiplicity.
Level = dict[bytes, int]
#: The variant's generator: a packed state and a roll to the result keys and the plays' codes.
PlayKeys = Callable[[bytes, Any], tuple[list[bytes], list[int]]]
#: The progress callback of :mod:`nardy.perft`: depth, states done, states, seconds.
Progress = Callable[[int, int, int, float], None]
#: How often (in parents expanded) the progress callback is called: a tabula
#: state of depth 2 takes about 6 ms to expand (pure Python), so that a
#: callback that writes every few seconds gets the chance.
_EVERY: Final = 256


def finished_by_bytes(key: bytes, all_off: int) -> bool:
    """Whether a side has borne off everything: byte 0 or byte 27 of the key is ``all_off``."""
    return key[MOVER_OFF] == all_off or key[OPP_OFF] == all_off


def opponent_part(packed: bytes) -> bytes:
    """The opponent's checkers of a packed state without extra fields (its points, bar and off)."""
    return (
        packed[MOVER_OFF + 1 : MOVER_BAR].translate(_OPPONENT_ONLY) + packed[OPP_BAR : OPP_OFF + 1]
    )


class Counts:
    """What one level adds up to: its rows' numbers, and the next level's states."""

    def __init__(self) -> None:
        #: paths21 and paths36, packed as a multiplicity.
        self.paths = 0
        #: passes (paths21 in the low bits, paths36 above).
        self.passes = 0
        #: Distinct states reached.
        self.distinct = 0
        #: Finished states among them.
        self.terminal = 0
        #: The states to expand at the next level (finished ones left out), when asked for.
        self.nxt: Level = {}


def expand(
    level: Level,
    depth: int,
    last: bool,
    flip: Callable[[bytes], bytes],
    play_keys: PlayKeys,
    rolls: list[tuple[Any, int]],
    finished: Callable[[bytes, int], bool] | None,
    all_off: int,
    progress: Progress | None,
) -> Counts:
    """Expand every state of ``level`` (the states after ``depth - 1`` plies) by one ply.

    ``flip`` turns a packed key round to the side to move; ``play_keys``
    is the variant's generator; ``rolls`` the variant's distinct rolls (21,
    or 56 with three dice), each with how many ordered rolls it stands for
    (1 for a double, 2 for another roll of two dice; 1, 3 or 6 for three). Finished states are told by ``finished(key, depth)`` when
    given, else from the key's bytes against ``all_off``. When ``last``, only
    the counts are kept (``nxt`` stays empty).
    """
    groups = [(False, list(level))]
    return _expand(level, groups, depth, last, flip, play_keys, rolls, finished, all_off, progress)


def expand_grouped(
    level: Level,
    depth: int,
    last: bool,
    flip: Callable[[bytes], bytes],
    play_keys: PlayKeys,
    rolls: list[tuple[Any, int]],
    all_off: int,
    progress: Progress | None,
) -> Counts:
    """:func:`expand` for a variant without extra state, a group of parents at a time.

    Exact only where a play changes the opponent's checkers by hitting them
    onto his bar and in no other way (the module docstring says why); the
    game ends the default way (:func:`finished_by_bytes`).
    """
    by_part: dict[bytes, list[bytes]] = {}
    for key in level:
        part = opponent_part(flip(key))
        members = by_part.get(part)
        if members is None:
            by_part[part] = [key]
        else:
            members.append(key)
    # With nothing on the opponent's bar no child of another group has
    # this group's opponent part: a child that hit has someone on the bar.
    groups = [(part[_PART_BAR] == ZERO, members) for part, members in by_part.items()]
    return _expand(level, groups, depth, last, flip, play_keys, rolls, None, all_off, progress)


def _expand(
    level: Level,
    groups: list[tuple[bool, list[bytes]]],
    depth: int,
    last: bool,
    flip: Callable[[bytes], bytes],
    play_keys: PlayKeys,
    rolls: list[tuple[Any, int]],
    finished: Callable[[bytes, int], bool] | None,
    all_off: int,
    progress: Progress | None,
) -> Counts:
    """Expand ``level`` by one ply, its parents in ``groups`` of ``(own, keys)``.

    The children of an *own* group that did not hit can equal no child of
    another group (the module docstring says why): they are deduplicated in
    the group's own set, counted and dropped. Every other child goes to the
    one shared set (or dict) of the level. :func:`expand` has one group, not
    its own. (One loop serves both: the twin loops it replaced were no
    faster, compiled: backgammon depth 3 took 47.1 s of CPU with this loop
    and 48.9 s with the twins on a quiet machine; plakoto depth 4, 37.8 s
    with either.)
    """
    out = Counts()
    shared_set: set[bytes] = set()
    shared: Level = {}
    total = len(level)
    began = time.monotonic()
    done = 0
    paths = 0
    passes = 0
    distinct = 0
    terminal = 0
    for own, members in groups:
        local_set: set[bytes] = set()
        local: Level = {}
        for key in members:
            if progress is not None and done % _EVERY == 0:
                progress(depth, done, total, time.monotonic() - began)
            done += 1
            mult = level[key]
            packed = flip(key)
            bar = packed[OPP_BAR]
            off = packed[OPP_OFF]
            ordered = mult >> SHIFT << SHIFT
            single = mult + ordered
            for roll, orders in rolls:
                keys, codes = play_keys(packed, roll)
                m = (
                    mult
                    if orders == 1
                    else single
                    if orders == 2
                    else mult + (orders - 1) * ordered
                )
                paths += m * len(keys)
                if not codes[0]:
                    passes += m
                if not own:
                    if last:
                        shared_set.update(keys)
                    else:
                        for k in keys:
                            shared[k] = shared.get(k, 0) + m
                elif last:
                    for k in keys:
                        if k[OPP_BAR] == bar and k[OPP_OFF] == off:
                            local_set.add(k)
                        else:
                            shared_set.add(k)
                else:
                    for k in keys:
                        if k[OPP_BAR] == bar and k[OPP_OFF] == off:
                            local[k] = local.get(k, 0) + m
                        else:
                            shared[k] = shared.get(k, 0) + m
        if last:
            distinct += len(local_set)
            terminal += _count_finished(local_set, depth, finished, all_off)
        else:
            # No key of ``local`` is in ``shared`` yet, nor will be (see above).
            shared.update(local)
    out.paths = paths
    out.passes = passes
    if last:
        out.distinct = distinct + len(shared_set)
        out.terminal = terminal + _count_finished(shared_set, depth, finished, all_off)
    else:
        out.distinct = len(shared)
        out.terminal = _drop_finished(shared, depth, finished, all_off)
        out.nxt = shared
    if progress is not None:
        progress(depth, total, total, time.monotonic() - began)
    return out


def _count_finished(
    states: set[bytes], depth: int, finished: Callable[[bytes, int], bool] | None, all_off: int
) -> int:
    n = 0
    if finished is None:
        for k in states:
            if k[MOVER_OFF] == all_off or k[OPP_OFF] == all_off:
                n += 1
    else:
        for k in states:
            if finished(k, depth):
                n += 1
    return n


def _drop_finished(
    states: Level, depth: int, finished: Callable[[bytes, int], bool] | None, all_off: int
) -> int:
    if finished is None:
        ends = [k for k in states if k[MOVER_OFF] == all_off or k[OPP_OFF] == all_off]
    else:
        ends = [k for k in states if finished(k, depth)]
    for k in ends:
        del states[k]
    return len(ends)
