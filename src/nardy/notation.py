"""Reading plays written in standard notation.

Formatting lives with the play (:meth:`nardy.play.Play.notation`); this module
parses. Parsing is lenient -- moves in any order, ``-`` for ``/``, ``bar``,
``b`` or ``25`` for the bar, ``off``, ``o`` or ``0`` for off, ``(n)`` counts,
``*`` hit marks optional -- and is resolved by the position the play produces:
the notation fixes where the mover's checkers end up, and the hit marks
choose between plays that differ only in what they hit.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

import attrs

from nardy.checks import bounded_text, shown
from nardy.core import BAR, OFF
from nardy.errors import AmbiguousPlayError, IllegalPlayError, InvalidNotationError

if TYPE_CHECKING:
    from nardy.legal import LegalPlays

__all__ = ["Move", "parse_moves", "resolve_notation"]

_PASS = {"", "pass", "(pass)", "none", "no move", "cannot move"}
_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>[0-9]{1,2})\))?$")
#: The longest notation read: a play has at most a few moves (a Kush
#: double's return at most six), so anything longer is refused unread.
NOTATION_LIMIT = 500


@attrs.frozen
class Move:
    """One checker's move as written: the points it passes through, and how many checkers.

    ``points[0]`` is the source and ``points[-1]`` the destination; ``hits``
    are the points marked with ``*``.
    """

    points: tuple[int, ...]
    hits: frozenset[int]
    count: int = 1


def _point(text: str, whole: str) -> int:
    t = text.strip().lower()
    if t in ("bar", "b", "25"):
        return BAR
    if t in ("off", "o", "0"):
        return OFF
    if t.isascii() and t.isdigit() and len(t) <= 2 and 1 <= int(t) <= 24:
        return int(t)
    raise InvalidNotationError(f"bad point {shown(text)} in play {shown(whole)}")


def parse_moves(text: str) -> list[Move]:
    """Parse notation into :class:`Move` items, without any position.

    ``"24/18*/15 8/5(2)"`` gives two moves. A pass (``""``, ``"pass"``)
    gives none. Raises :class:`~nardy.errors.InvalidNotationError`.
    """
    whole = bounded_text(text, "a play in notation", NOTATION_LIMIT, InvalidNotationError)
    if whole.strip().lower() in _PASS:
        return []
    moves = []
    for token in whole.replace(",", " ").split():
        m = _TOKEN.match(token)
        if m is None:
            raise InvalidNotationError(f"cannot read {shown(token)} in play {shown(whole)}")
        parts = re.split(r"[/\-]", m.group("path"))
        if len(parts) < 2 or any(not p for p in parts):
            raise InvalidNotationError(
                f"a move is FROM/TO, got {shown(token)} in play {shown(whole)}"
            )
        points = []
        hits = set()
        for part in parts:
            star = part.endswith("*")
            point = _point(part.rstrip("*"), whole)
            if star:
                if point in (BAR, OFF):
                    raise InvalidNotationError(
                        f"cannot hit on {shown(part)} in play {shown(whole)}"
                    )
                hits.add(point)
            points.append(point)
        for a, b in itertools.pairwise(points):
            if not a > b or a == OFF:
                raise InvalidNotationError(
                    f"{shown(token)} in play {shown(whole)} does not move forward (points go down to off)"
                )
        count = int(m.group("count") or 1)
        # Four moves at most, except that a Kush double d-d returns up to d
        # checkers from the bar.
        if count < 1 or count > (6 if points[0] == BAR else 4):
            raise InvalidNotationError(f"bad count in {shown(token)} in play {shown(whole)}")
        moves.append(Move(tuple(points), frozenset(hits), count))
    return moves


def _own(state: tuple[int, ...]) -> tuple[int, ...]:
    """The mover's checkers: off, points 1..24 (own only), bar."""
    return (state[0], *(x if x > 0 else 0 for x in state[1:25]), state[25])


def resolve_notation(legal: LegalPlays, text: object) -> int:
    """The index in ``legal`` of the play ``text`` denotes.

    Raises :class:`~nardy.errors.InvalidNotationError` (unreadable),
    :class:`~nardy.errors.IllegalPlayError` (no legal play gives that
    result) or :class:`~nardy.errors.AmbiguousPlayError`.
    """
    text = bounded_text(text, "a play in notation", NOTATION_LIMIT, InvalidNotationError)
    moves = parse_moves(text)
    position = legal.position
    start = position.raw
    where = f"for roll {legal.roll} in {position.id()}"
    own = list(_own(start))
    marked: set[int] = set()
    via: set[int] = set()  # every point the notation writes down
    for move in moves:
        src, dst = move.points[0], move.points[-1]
        own[src] -= move.count
        own[dst] += move.count
        marked |= move.hits
        via |= set(move.points)
        if own[src] < 0:
            raise IllegalPlayError(
                f"illegal play {shown(text)} {where}: not enough checkers on "
                f"{'the bar' if src == BAR else f'point {src}'}; "
                f"legal plays are {legal.notations()}"
            )
    target = tuple(own)
    states = legal.result_states()
    plays = list(legal)

    def hit_points(i: int) -> set[int]:
        """Where the legal play ``i`` hit (or pinned), on the way or at the end."""
        return {step.dst for step in plays[i].steps if step.hit}

    # The notation fixes where the mover's checkers end up; every point
    # marked with '*' must really be hit. Unmarked hits are tolerated.
    candidates = [
        i for i, st in enumerate(states) if _own(st) == target and marked <= hit_points(i)
    ]
    if not candidates:
        raise IllegalPlayError(
            f"illegal play {shown(text)} {where}: legal plays are {legal.notations()}"
        )
    if len(candidates) == 1:
        return candidates[0]
    # Several plays end with the same checkers and differ in what they hit:
    # prefer the one whose hits are exactly the marked points, then one whose
    # hits are all on points the notation wrote down.
    exact = [i for i in candidates if hit_points(i) == marked]
    if len(exact) == 1:
        return exact[0]
    written = [i for i in candidates if hit_points(i) <= marked | via]
    if len(written) == 1:
        return written[0]
    options = [legal[i].notation() for i in (exact or written or candidates)]
    raise AmbiguousPlayError(
        f"ambiguous play {shown(text)} {where}: it could be any of {options}; mark the hits with '*'"
    )
