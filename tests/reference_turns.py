"""Perft by whole turns for acey-deucey, tabula, gul bara, gioul, Russian and Dutch backgammon, from the rules pages alone.

Section U of ``shared/rules/acey-tabula-gulbara.md``, independent of the
library's turn runner (:mod:`nardy.game.turns`) and of its perft
(:mod:`nardy.perft.turns`): a ply is one turn (U.1), every ply uses all 21
rolls (56 with tabula's three dice) with no opening-roll rule, and a turn's
outcomes are deduplicated (U.3). The segments are the page's slow
generators (``reference_acey``, ``reference_tabula``, ``reference_gul_bara``,
whose ``turn_outcomes`` is gul bara's and gioul's whole turn); acey-deucey's
turn (A.3: the 1-2, the named double, the roll again, the natural doubles)
is written here. Only the documented raw state (``Position.raw``) and the
variant's option values are taken from the library.

A state between turns (U.4) is ``(side to roll, raw state in his frame)``
(the raw state carries the pools, or gul bara's counted rolls); a finished
game is keyed by the side that did not bear off and the raw state in his
frame.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import factorial
from typing import TYPE_CHECKING, Any

from nardy import Roll
from nardy.perft import PerftRow
from reference_acey import page_segment
from reference_gul_bara import turn_outcomes as gul_bara_turn
from reference_russian_dutch import russian_turn
from reference_russian_dutch import segment_results as russian_dutch_plays
from reference_tabula import page_plays as tabula_plays

if TYPE_CHECKING:
    from nardy import Position

__all__ = ["TURN_GAMES", "acey_turn", "reference_turn_rows", "turn_of"]

Raw = tuple[int, ...]
#: A turn's outcomes: (the roller rolls again, raw state in the frame of the side to roll next).
Outcomes = set[tuple[bool, Raw]]
#: The games counted here (by the variant's name).
TURN_GAMES = ("acey-deucey", "tabula", "gul-bara", "gioul", "russian", "dutch")


def flip(s: Raw, geometry: str) -> Raw:
    """The same state in the opponent's frame (F.3): points renumbered, signs changed, pairs swapped."""
    board = [0] * 25
    for p in range(1, 25):
        q = {"mirror": 25 - p, "rotate": (p + 11) % 24 + 1, "same": p}[geometry]
        board[q] = -s[p]
    return (s[27], *board[1:], s[26], s[25], s[0], s[29], s[28])


def over(s: Raw) -> bool:
    """Whether a side has borne off all 15."""
    return s[0] == 15 or s[27] == 15


def acey_turn(variant: Any, s: Raw, roll: Roll) -> Outcomes:
    """The distinct outcomes of one acey-deucey turn (A.3) from ``s``, the roller to move.

    Each outcome is ``(the roller rolls again, the state in the roller's
    frame)``; a finished game never rolls again.
    """
    o = variant.options()

    def segment(state: Raw, number: int) -> tuple[bool, set[Raw]]:
        return page_segment(variant, state, Roll(number, number))

    def run(state: Raw, numbers: list[int]) -> set[tuple[bool, Raw]]:
        """Segments of four moves in a row (U.2): (all fully played, state) of each end."""
        ends: set[tuple[bool, Raw]] = set()
        frontier = {state}
        for number in numbers:
            following: set[Raw] = set()
            for st in frontier:
                full, results = segment(st, number)
                for r in results:
                    if full and not over(r):
                        following.add(r)
                    else:
                        ends.add((full, r))
            frontier = following
        return ends | {(True, st) for st in frontier}

    def finish(ends: set[tuple[bool, Raw]], always: bool = False) -> Outcomes:
        return {((full or always) and not over(r), r) for full, r in ends}

    if roll == Roll(2, 1):
        full, results = page_segment(variant, s, roll)
        out: Outcomes = set()
        for r in results:
            if over(r) or not (full or o["ace_deuce_partial"] == "name-anyway"):
                out.add((False, r))
                continue
            names = list(range(1, 7))
            if o["named_double_choice"] == "playable":
                names = [d for d in names if segment(r, d)[0]] or names
            for d in names:
                numbers = [d, 7 - d] if o["ace_deuce"] == "double-and-complement" else [d]
                out |= finish(run(r, numbers), o["named_double_reroll"] == "always")
        return out
    if roll.is_double:
        d = roll.high
        if o["natural_doubles"] == "and-complement":
            return finish(run(s, [d, 7 - d]))
        again = o["natural_doubles"] == "reroll"
        return {(again and not over(r), r) for r in segment(s, d)[1]}
    return {(False, r) for r in page_segment(variant, s, roll)[1]}


def turn_of(variant: Any) -> tuple[str, list[tuple[Roll, int]], Callable[[Raw, Roll], Outcomes]]:
    """The game's geometry, its rolls with their ordered weights, and its turn.

    The turn answers ``(again, state)`` pairs whose state is in the frame of
    the side to roll next (the roller when ``again``, else the opponent);
    a finished game in the frame of the side that did not bear off last.
    """
    name, o = variant.name, variant.options()
    dice = 3 if name == "tabula" else 2
    rolls = []
    for faces in itertools.combinations_with_replacement(range(6, 0, -1), dice):
        ways = factorial(dice)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        rolls.append((Roll(*faces), ways))
    if name in ("gul-bara", "gioul"):
        options = {
            "opening_exception": o["opening_exception"],
            "cascade_failure": o["cascade_failure"],
            "transfer_without_move": o["transfer_without_move"],
            "larger": o["bear_off"] == "larger",
            "must_play_higher": o["must_play_higher"],
        }
        mirror = name == "gioul"

        def cascade(s: Raw, roll: Roll) -> Outcomes:
            return gul_bara_turn(s, (roll.high, roll.low), mirror=mirror, **options)

        return ("mirror" if mirror else "rotate"), rolls, cascade
    if name in ("russian", "dutch"):
        return russian_dutch_turn(variant, rolls)
    geometry = "same" if name == "tabula" and o["direction"] == "same" else "mirror"

    def one(s: Raw, roll: Roll) -> Outcomes:
        if name == "tabula":
            found = {(False, r) for r in tabula_plays(variant, s, roll)}
        else:
            found = acey_turn(variant, s, roll)
        return {(again, r if again else flip(r, geometry)) for again, r in found}

    return geometry, rolls, one


def russian_dutch_turn(
    variant: Any, rolls: list[tuple[Roll, int]]
) -> tuple[str, list[tuple[Roll, int]], Callable[[Raw, Roll], Outcomes]]:
    """:func:`turn_of` for Russian (RU.3, one track) and Dutch backgammon (one segment, mirror)."""
    o = variant.options()
    all_first = o["entering"] == "all-first"
    higher = o["must_play_higher"]
    if variant.name == "russian":

        def russian(s: Raw, roll: Roll) -> Outcomes:
            dice = (roll.high, roll.low)
            return russian_turn(
                s,
                dice,
                all_first=all_first,
                doubles=o["doubles"],
                bonus=o["bonus"],
                must_play_higher=higher,
            )

        return "same", rolls, russian
    after_home = o["hitting"] == "after-home"

    def dutch(s: Raw, roll: Roll) -> Outcomes:
        found = russian_dutch_plays(
            s,
            (roll.high, roll.low),
            all_first=all_first,
            after_home=after_home,
            must_play_higher=higher,
        )
        return {(False, flip(r, "mirror")) for r in found}

    return "mirror", rolls, dutch


def reference_turn_rows(start: Position, depth: int) -> list[PerftRow]:
    """Perft by whole turns (U.5) from ``start`` (between turns, its side to roll), slowly.

    ``paths21`` sums over the 21 distinct rolls (56 in tabula),
    ``paths36`` over the 36 ordered ones (216); ``passes`` counts the
    ``paths21`` whose last turn left every checker (board, bar, off, pool)
    where it was; finished games are counted and never expanded.
    """
    variant = start.variant
    geometry, rolls, turn = turn_of(variant)
    # the pools hold checkers
    held = 30 if variant.name in ("acey-deucey", "tabula", "russian", "dutch") else 28
    side = start.turn.value
    level: dict[tuple[int, Raw], tuple[int, int]] = {}
    if not over(start.raw):
        level[(side, start.raw)] = (1, 1)
    rows = []
    for n in range(1, depth + 1):
        following: dict[tuple[int, Raw], tuple[int, int]] = {}
        paths = ordered = passes = 0
        for (side, s), (mult, mult_ordered) in level.items():
            for roll, ways in rolls:
                outcomes = turn(s, roll)
                paths += mult * len(outcomes)
                ordered += mult_ordered * ways * len(outcomes)
                for again, r in outcomes:
                    mine = r if again else flip(r, geometry)
                    if mine[:held] == s[:held]:
                        passes += mult
                    key = (side if again else 1 - side, r)
                    a, b = following.get(key, (0, 0))
                    following[key] = (a + mult, b + mult_ordered * ways)
        ends = [key for key in following if over(key[1])]
        rows.append(PerftRow(n, paths, ordered, len(following), passes, len(ends)))
        for key in ends:
            del following[key]
        level = following
    return rows
