"""Reading plays written in standard notation.

Formatting lives with the play (:meth:`nardy.model.play.Play.notation`); this module
parses. Parsing is lenient -- moves in any order, ``-`` for ``/``, ``bar``,
``b`` or ``25`` for the bar, ``pool`` for the pool (in a variant with one:
``pool/22``), ``off``, ``o`` or ``0`` for off, ``(n)`` counts,
``*`` hit marks optional -- and is resolved against the legal plays: every
point the text writes is a point where a checker stopped, so the text names
the legal plays that can be made stopping on each written point (and
hitting on each point marked ``*``).
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

import attrs

from nardy.engine.apply_steps import ENTER, NO_BAR, RETURN, RETURN_POINT, make_steps
from nardy.engine.state import State, pack
from nardy.errors import AmbiguousPlayError, IllegalPlayError, InvalidNotationError
from nardy.model.basics import BAR, OFF
from nardy.model.validate import bounded_text, shown
from nardy.rules.board import BLOCK, FROM_POOL, HIT, MOVER_BAR, PIN
from nardy.rules.movement import movement_of
from nardy.rules.vocabulary import Contact, Entering

if TYPE_CHECKING:
    from nardy.model.legal import LegalPlays

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
    if t == "pool":
        return FROM_POOL
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
                if point in (BAR, OFF, FROM_POOL):
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
        if count < 1 or count > (6 if points[0] == BAR else 4):  # (pool: as any point)
            raise InvalidNotationError(f"bad count in {shown(token)} in play {shown(whole)}")
        moves.append(Move(tuple(points), frozenset(hits), count))
    return moves


def _own(state: tuple[int, ...], pool: int) -> tuple[int, ...]:
    """The mover's checkers: off, points 1..24 (own only), bar, pool (``pool``: its state index, 0 none)."""
    return (
        state[0],
        *(x if x > 0 else 0 for x in state[1:25]),
        state[25],
        state[pool] if pool else 0,
    )


def resolve_notation(legal: LegalPlays, text: object) -> int:
    """The index in ``legal`` of the play ``text`` denotes.

    Every point the text writes is a point where a checker stopped: the
    play is a legal play that can be made with steps stopping on every
    written point (``13/10 10/8`` and ``13/10/8`` go through 10, and hit
    there if a blot stood there; ``13/8`` may go either way). A point marked
    ``*`` must be hit. When two legal plays fit the text, the one that hits
    nothing on a point the text leaves out is chosen; if that does not
    decide, the play is ambiguous.

    Raises :class:`~nardy.errors.InvalidNotationError` (unreadable),
    :class:`~nardy.errors.IllegalPlayError` (no legal play fits) or
    :class:`~nardy.errors.AmbiguousPlayError`.
    """
    text = bounded_text(text, "a play in notation", NOTATION_LIMIT, InvalidNotationError)
    moves = parse_moves(text)
    position = legal.position
    where = f"for roll {legal.roll} in {position.id()}"
    pool = movement_of(position.variant).pool
    _check_sources(moves, position.raw, pool, text, where, legal)
    fits = _Walk(legal, moves).fits()
    if not fits:
        raise IllegalPlayError(
            f"illegal play {shown(text)} {where}: legal plays are {legal.notations()}"
        )
    if len(fits) == 1:
        return next(iter(fits))
    written = {p for move in moves for p in move.points}
    quiet = sorted(i for i, hit_sets in fits.items() if any(h <= written for h in hit_sets))
    if len(quiet) == 1:
        return quiet[0]
    options = [legal[i].notation() for i in (quiet or sorted(fits))]
    raise AmbiguousPlayError(
        f"ambiguous play {shown(text)} {where}: it could be any of {options}; mark the hits with '*'"
    )


def _check_sources(
    moves: list[Move],
    start: tuple[int, ...],
    pool: int,
    text: str,
    where: str,
    legal: LegalPlays,
) -> None:
    """Refuse, with a clear message, a text that moves more checkers from a point than are there."""
    own = list(_own(start, pool))
    for move in moves:
        src, dst = move.points[0], move.points[-1]
        own[src] -= move.count
        own[dst] += move.count
        if own[src] < 0:
            raise IllegalPlayError(
                f"illegal play {shown(text)} {where}: not enough checkers on "
                f"{_place(src)}; "
                f"legal plays are {legal.notations()}"
            )


def _place(src: int) -> str:
    """A move's source in a message: the bar, the pool or a point."""
    if src == FROM_POOL:
        return "the pool"
    return "the bar" if src == BAR else f"point {src}"


_CONTACT_CODES = {Contact.HIT: HIT, Contact.BLOCK: BLOCK, Contact.PIN: PIN}


class _Walk:
    """Every way of making the written moves step by step, and the legal plays they reach.

    A written move is a path of points; between two written points a
    checker may take one die or several (stopping on unwritten points on
    the way), but it stops on every written point. Steps are made in any
    order across checkers and checked against the board
    (:func:`nardy.engine.apply_steps.make_steps`); a finished walk that reaches
    the result of a legal play is a way that play fits the text. Walks
    are few: at most four dice, a handful of checkers.
    """

    def __init__(self, legal: LegalPlays, moves: list[Move]) -> None:
        variant = legal.position.variant
        roll = legal.roll
        self.contact = _CONTACT_CODES[variant.turn_contact(roll)]
        self.bar = NO_BAR
        if variant.has_bar:
            self.bar = RETURN if variant.entering is Entering.RETURN else ENTER
        self.movement = movement_of(variant)
        self.paths = [m.points for m in moves for _ in range(m.count)]
        self.marked = frozenset().union(*(m.hits for m in moves)) if moves else frozenset()
        self.index = {key: i for i, key in enumerate(legal.raw_results())}
        self.found: dict[int, set[frozenset[int]]] = {}
        self.seen: set[tuple[object, ...]] = set()
        self.dice = tuple(sorted(variant.moves(roll)))
        self.start = legal.position.raw

    def fits(self) -> dict[int, set[frozenset[int]]]:
        """Legal play index -> the sets of points hit by the walks that reach it."""
        # Progress of each path: (index of the next written point, where its checker is).
        progress = tuple((1, path[0]) for path in self.paths)
        self._walk(self.start, self.dice, progress, frozenset())
        return self.found

    def _walk(
        self,
        state: State,
        dice: tuple[int, ...],
        progress: tuple[tuple[int, int], ...],
        hits: frozenset[int],
    ) -> None:
        node = (state, dice, progress, hits)
        if node in self.seen:
            return
        self.seen.add(node)
        if all(step == len(path) for (step, _), path in zip(progress, self.paths)):
            i = self.index.get(pack(state))
            if i is not None and self.marked <= hits:
                self.found.setdefault(i, set()).add(hits)
            return
        tried: set[tuple[tuple[int, ...], tuple[int, int]]] = set()
        for n, ((step, at), path) in enumerate(zip(progress, self.paths)):
            if step == len(path) or (path, (step, at)) in tried:
                continue  # done, or the same as a checker already tried
            tried.add((path, (step, at)))
            for die, dst in self._moves(at, path[step], dice):
                try:
                    after = make_steps(
                        state, ((at, dst, die),), dice, self.contact, self.bar, self.movement
                    )
                except IllegalPlayError:
                    continue
                hit = dst != OFF and self.contact != BLOCK and state[dst] == -1
                left = dice if at == BAR and self.bar == RETURN else _without(dice, die)
                ahead = (step + 1, dst) if dst == path[step] else (step, dst)
                self._walk(
                    after,
                    left,
                    (*progress[:n], ahead, *progress[n + 1 :]),
                    hits | {dst} if hit else hits,
                )

    def _moves(self, at: int, target: int, dice: tuple[int, ...]) -> list[tuple[int, int]]:
        """``(die, landing point)`` for one step from ``at`` towards the written ``target``."""
        if at == BAR and self.bar == RETURN:
            # A return from the bar is not a move of the dice; it lands on the head.
            return [(dice[-1] if dice else 0, RETURN_POINT)] if target == RETURN_POINT else []
        out = []
        base = MOVER_BAR if at == FROM_POOL else at  # (a pool checker enters as from the bar)
        for die in sorted(set(dice)):
            dst = base - die
            if target == OFF and dst <= 0:
                dst = OFF
            elif dst < target or dst < 1:
                continue
            out.append((die, dst))
        return out


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]
