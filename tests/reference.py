"""A slow, obviously-correct reference move generator for the backgammon family.

Written straight from ``shared/rules/backgammon.md`` and deliberately
independent of the library's engine: it knows nothing of the fast generator's
source ordering, deduplication or state packing. It works on plain lists,
gives every checker of the side to move an *identity* (an index into a list
of locations), and explores every order of the dice and every checker at
every step, with no pruning and no memoisation. Every complete sequence of
legal steps is a candidate play; the maximum-use rule is then applied to the
candidates, and the survivors are deduplicated by the position they produce.

It is meant to be read next to the rules, and to be slow.

The raw state is the library's documented 28-int form, in the mover's frame::

    s[0]      checkers the mover has borne off
    s[1..24]  the mover's points 1..24: > 0 the mover's checkers, < 0 the opponent's
    s[25]     the mover's bar
    s[26]     the opponent's bar
    s[27]     checkers the opponent has borne off

Only this documented layout is shared with the library, never its code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = ["Candidate", "Outcome", "candidates", "reference_results"]

#: The location of a checker on the bar (it re-enters at ``25 - die``).
BAR = 25
#: The location of a borne-off checker.
OFF = 0
#: The variants this reference knows: the backgammon family (rules/backgammon.md),
#: and portes and tavla, which move as backgammon does (rules/tavli.md).
FAMILY = ("backgammon", "nackgammon", "hypergammon", "caucasian", "portes", "tavla")


#: Where every checker stands after a sequence, once identities no longer
#: matter: the mover's locations sorted, then the opponent's counts per point,
#: bar and off. (See :meth:`_Board.outcome`.)
Outcome = tuple[tuple[int, ...], tuple[int, ...], int, int]


class Candidate(NamedTuple):
    """One complete sequence of legal steps: the dice it used and where it leads."""

    dice_used: tuple[int, ...]
    outcome: Outcome

    @property
    def state(self) -> tuple[int, ...]:
        """The resulting position in the 28-int raw form."""
        return _raw(self.outcome)


@dataclass(slots=True)
class _Board:
    """A position with identified checkers for the side to move.

    ``mine[i]`` is where the mover's checker number ``i`` stands: 1..24 a
    point, :data:`BAR`, or :data:`OFF`. The opponent's checkers need no
    identity: ``theirs[p]`` counts them on the mover's point ``p`` (1..24),
    with ``their_bar`` and ``their_off`` beside.
    """

    mine: list[int]
    theirs: list[int]
    their_bar: int
    their_off: int

    def copy(self) -> _Board:
        return _Board(self.mine[:], self.theirs[:], self.their_bar, self.their_off)

    def outcome(self) -> Outcome:
        """The position without checker identities (the turn is over, they no longer matter)."""
        return (tuple(sorted(self.mine)), tuple(self.theirs), self.their_bar, self.their_off)


def _raw(outcome: Outcome) -> tuple[int, ...]:
    """An outcome in the 28-int raw form.

    A checker's location is also its index in the raw form (0 off, 1..24
    the points, 25 the bar), so the mover's checkers are counted straight
    into it.
    """
    mine, theirs, their_bar, their_off = outcome
    s = [0] * 28
    for where in mine:
        s[where] += 1
    for p in range(1, 25):
        if theirs[p]:
            assert s[p] == 0, f"both colours on point {p}"
            s[p] = -theirs[p]
    s[26] = their_bar
    s[27] = their_off
    return tuple(s)


def _board_from_raw(state: Sequence[int]) -> _Board:
    """Give each of the mover's checkers an identity, in any fixed order."""
    mine = [OFF] * state[0]
    for p in range(1, 25):
        if state[p] > 0:
            mine += [p] * state[p]
    mine += [BAR] * state[25]
    theirs = [0] * 25
    for p in range(1, 25):
        if state[p] < 0:
            theirs[p] = -state[p]
    return _Board(mine, theirs, state[26], state[27])


def _dice_orders(d1: int, d2: int) -> list[tuple[int, ...]]:
    """Rule 1: a roll gives two dice; a double gives four moves of that number.

    Two different dice may be played in either order, so both orders are
    tried. (For a double every order is the same order.)
    """
    if d1 == d2:
        return [(d1, d1, d1, d1)]
    return [(d1, d2), (d2, d1)]


def _all_home(board: _Board) -> bool:
    """Rule 7: bearing off needs every checker of the side home (points 1-6) or off.

    A checker on the bar is not home; borne-off checkers have finished.
    """
    return all(where == OFF or 1 <= where <= 6 for where in board.mine)


def _steps(board: _Board, die: int) -> list[tuple[int, int]]:
    """Every ``(checker, destination)`` step ``die`` allows (destination :data:`OFF` when borne off).

    Every checker is tried, one by one, even several on the same point.

    * Rule 4: with a checker on the bar, only a checker on the bar may move;
      it enters on the mover's point ``25 - die``.
    * Rule 2: a point holding two or more opposing checkers is closed;
      an empty point, one's own point and a single opposing checker (a blot)
      are open. Every step is checked on its own, so rule 5 (each landing
      point of one checker's multi-die move must be open) holds by itself.
    * Rule 7: a move past point 1 is a bear-off, allowed only when every
      checker is home. With the exact die it bears off from its point; a
      higher die bears off only from the highest occupied point (no own
      checker on a higher point). A move inside the home board stays an
      ordinary move.
    """
    on_bar = BAR in board.mine
    home = _all_home(board)
    steps = []
    for checker, where in enumerate(board.mine):
        if where == OFF:
            continue
        if on_bar and where != BAR:
            continue
        dst = BAR - die if where == BAR else where - die
        if dst >= 1:
            if board.theirs[dst] >= 2:
                continue
            steps.append((checker, dst))
            continue
        if not home:
            continue
        if dst < 0 and any(where < other <= 6 for other in board.mine):
            continue
        steps.append((checker, OFF))
    return steps


def _hides(
    board: _Board, checker: int, dst: int, restricted: frozenset[int], rule: str | None
) -> bool:
    """Whether a checker that hit this turn is barred from this step.

    ``restricted`` holds the identities of the checkers that made a
    restricting hit earlier in this turn; only the hitter itself is bound.

    * Caucasian nardy (``"home"``/``"anywhere"``): it may not land on its own
      checkers. Bearing off, staying put, moving to an empty point and
      hitting again are all still allowed; another checker may cover it.
    * Tavla (``"stop"``): it may not move again at all in this turn.
    """
    if checker not in restricted:
        return False
    if rule == "stop":
        return True
    if dst == OFF:
        return False
    return any(other == dst for i, other in enumerate(board.mine) if i != checker)


def _restricts(rule: str | None, dst: int) -> bool:
    """Whether a hit on the mover's point ``dst`` binds the hitter.

    ``"anywhere"`` (Caucasian option): every hit does. ``"home"`` (Caucasian)
    and ``"stop"`` (tavla): only a hit made inside the mover's home board
    (points 1-6). ``None``: no hit binds.
    """
    if rule == "anywhere":
        return True
    if rule in ("home", "stop"):
        return 1 <= dst <= 6
    return False


def _explore(
    board: _Board,
    dice_left: tuple[int, ...],
    used: tuple[int, ...],
    restricted: frozenset[int],
    hitter: str | None,
    out: list[Candidate],
) -> None:
    """Try every legal step with the next die; record each complete sequence.

    A sequence is complete when the dice are all used or the next die
    cannot be played (rule 4: "the rest of the roll is lost"); the other
    order of a non-double is explored separately. Which complete sequences
    are legal plays is decided afterwards by :func:`_maximum_use`. Rule 3: a
    step landing on a single opposing checker hits it to its owner's bar.
    """
    moved = False
    if dice_left:
        die = dice_left[0]
        for checker, dst in _steps(board, die):
            if _hides(board, checker, dst, restricted, hitter):
                continue
            moved = True
            after = board.copy()
            after.mine[checker] = dst
            now_restricted = restricted
            if dst != OFF and after.theirs[dst] == 1:
                after.theirs[dst] = 0
                after.their_bar += 1
                if _restricts(hitter, dst):
                    now_restricted = restricted | {checker}
            _explore(after, dice_left[1:], (*used, die), now_restricted, hitter, out)
    if not moved:
        out.append(Candidate(used, board.outcome()))


def _maximum_use(
    found: list[Candidate], is_double: bool, must_play_higher: bool
) -> list[Candidate]:
    """Rule 6, the maximum-use rule, applied to every candidate sequence.

    A play must use as many dice as can be used (on a double, as many of the
    four moves as possible). If only one die of a non-double can be used and
    either could be, the higher must be used -- unless the option
    ``must_play_higher`` is off, when any single die may be played. Rule 8:
    when nothing can be played, the only candidate is the empty sequence
    (the turn passes with the position unchanged).
    """
    most = max(len(c.dice_used) for c in found)
    best = [c for c in found if len(c.dice_used) == most]
    if most == 1 and not is_double and must_play_higher:
        higher = max(c.dice_used[0] for c in best)
        best = [c for c in best if c.dice_used[0] == higher]
    return best


def _options(variant: Any) -> tuple[bool, str | None]:
    name = variant.name
    if name not in FAMILY:
        raise ValueError(f"the reference generator knows the backgammon family, not {name!r}")
    must_play_higher = bool(variant.must_play_higher)
    if name == "caucasian":
        return must_play_higher, variant.no_hide_after_hit
    return must_play_higher, "stop" if name == "tavla" else None


def candidates(variant: Any, raw_state: Sequence[int], roll: Iterable[int]) -> list[Candidate]:
    """Every complete sequence of legal steps, before the maximum-use rule."""
    _, no_hide = _options(variant)
    d1, d2 = roll
    board = _board_from_raw(raw_state)
    found: list[Candidate] = []
    for order in _dice_orders(d1, d2):
        _explore(board, order, (), frozenset(), no_hide, found)
    return found


def reference_results(
    variant: Any, raw_state: Sequence[int], roll: Iterable[int]
) -> set[tuple[int, ...]]:
    """The raw states (mover's frame, before the turn passes) the legal plays lead to.

    ``variant`` is a backgammon-family :class:`nardy.Variant` (only its
    name and options are read); ``roll`` is two dice (a :class:`nardy.Roll`
    iterates as its two dice). A forced pass gives the set holding the
    unchanged state.
    """
    must_play_higher, _ = _options(variant)
    d1, d2 = roll
    found = candidates(variant, raw_state, (d1, d2))
    legal = _maximum_use(found, d1 == d2, must_play_higher)
    return {_raw(outcome) for outcome in {c.outcome for c in legal}}
