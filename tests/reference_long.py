"""A slow, obviously-correct reference move generator for long nardy and Kush.

Written straight from ``shared/rules/long-nardy.md`` and deliberately
independent of the library: it imports nothing from ``nardy``, knows nothing
of the fast generator's packed keys, guards or deduplication, and explores
every order of the dice and every source point at every step (checkers on
one point are interchangeable, so trying each occupied point is trying every
checker), with no pruning and no memoisation. Every sequence of legal steps
(the empty one included) is a candidate; with ``six_block_check="turn"`` the
candidates whose final position breaks the six-block rule are dropped; the
maximum-use rule is then applied to the candidates, and the survivors are
grouped by the position they produce.

The rules, numbered as in long-nardy.md ("my" = the side to move):

1. two moves, four on a double; one checker may take several;
2. no hitting: a point holding any opposing checker is closed;
3. at most one checker leaves the head (my 24-point) per turn;
4. on a first turn (all 15 of my checkers on my head) some doubles allow
   two, per the ``head_exception`` option;
5. no block of six or more consecutive points (along the opponent's route,
   my 12 -> 1 -> 24 -> 13) unless an opposing checker has passed it
   (``"ahead"``) / has entered his home (``"home"``); judged on the landing
   point after every step (``"step"``) or on the final position
   (``"turn"``: a point where I have more checkers than at the start of the
   turn may not belong to such a block);
6. maximum use, and the higher die when only one can be played;
7. bearing off once all my checkers are home (my 1..6): exact, else from
   the highest occupied point when no checker stands higher.

Kush (end of long-nardy.md): on a double, either (a) four moves where a step
onto exactly one opposing checker hits it (to his bar) and the hitter stops,
or (b) ``min(d, bar)`` checkers return from my bar onto my head, impossible
while an opposing checker stands there; the legal plays are the union of (a)
after the maximum-use rule and (b). No bearing off with a checker on the bar.

The raw state is the library's documented 28-int form, in the mover's frame::

    s[0]      checkers the mover has borne off
    s[1..24]  the mover's points 1..24: > 0 the mover's checkers, < 0 the opponent's
    s[25]     the mover's bar
    s[26]     the opponent's bar
    s[27]     checkers the opponent has borne off

A step is ``(src, dst, die, hit)`` with ``src`` 25 for the bar and ``dst`` 0
for off. Only this documented layout is shared with the library.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "HIS_HOME",
    "ROUTE",
    "Candidate",
    "Rules",
    "blocks",
    "candidates",
    "head_allowance",
    "prohibited_blocks",
    "reference_results",
]

HEAD = 24
OPPONENT_HEAD = 12
BAR = 25
OFF = 0
CHECKERS = 15

#: The opponent's route, in my numbering, in the order he travels it: he
#: starts on his head (my 12), runs down to my 1, then on from my 24 to my 13.
ROUTE: tuple[int, ...] = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                          24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13)  # fmt: skip
#: The opponent's home (his last six points) in my numbering.
HIS_HOME: tuple[int, ...] = ROUTE[18:]
#: My home.
MY_HOME = (1, 2, 3, 4, 5, 6)

Step = tuple[int, int, int, bool]


@dataclass(frozen=True)
class Rules:
    """The options of long-nardy.md, plus ``kush`` for the Kush variant."""

    head_exception: str = "6-4-3"
    six_block: str = "ahead"
    six_block_check: str = "step"
    must_play_higher: bool = True
    kush: bool = False


@dataclass(frozen=True)
class Candidate:
    """One sequence of legal steps: the dice it used, its steps, and the state it leads to."""

    dice_used: tuple[int, ...]
    steps: tuple[Step, ...]
    state: tuple[int, ...]


# --- rule 5: blocks -------------------------------------------------------------------


def blocks(s: list[int] | tuple[int, ...]) -> list[list[int]]:
    """Every run of six or more consecutive points I hold, along the opponent's route.

    Each block is listed in the order the opponent would meet its points.
    """
    found: list[list[int]] = []
    run: list[int] = []
    for p in ROUTE:
        if s[p] > 0:
            run.append(p)
        else:
            if len(run) >= 6:
                found.append(run)
            run = []
    if len(run) >= 6:
        found.append(run)
    return found


def _opponent_passed(s: list[int] | tuple[int, ...], block: list[int]) -> bool:
    """True when an opposing checker is beyond the block on his route (or borne off)."""
    if s[27] > 0:
        return True
    beyond = ROUTE[ROUTE.index(block[-1]) + 1 :]
    return any(s[p] < 0 for p in beyond)


def _opponent_home(s: list[int] | tuple[int, ...]) -> bool:
    """True when an opposing checker is in his home (or has been borne off from it)."""
    return s[27] > 0 or any(s[p] < 0 for p in HIS_HOME)


def prohibited_blocks(s: list[int] | tuple[int, ...], rules: Rules) -> list[list[int]]:
    """The blocks of ``s`` that rule 5 does not allow."""
    if rules.six_block == "off":
        return []
    if rules.six_block == "home":
        return [] if _opponent_home(s) else blocks(s)
    return [b for b in blocks(s) if not _opponent_passed(s, b)]


def _in_prohibited_block(s: list[int], point: int, rules: Rules) -> bool:
    return any(point in b for b in prohibited_blocks(s, rules))


def _final_position_ok(start: tuple[int, ...], s: tuple[int, ...], rules: Rules) -> bool:
    """Rule 5 with ``six_block_check="turn"``: judged on the final position only."""
    grown = [p for p in range(1, 25) if s[p] > 0 and s[p] > start[p]]
    return not any(p in b for b in prohibited_blocks(s, rules) for p in grown)


# --- rules 3 and 4: the head ------------------------------------------------------------


def _lone_checker_stop(s: tuple[int, ...], d: int, rules: Rules) -> int | None:
    """Play four moves of ``d`` with one checker leaving the head, alone.

    Returns None if it plays all four, else the point it cannot move to
    (0 or less: it would have to leave the board).
    """
    board = list(s)
    where = HEAD
    for _ in range(4):
        target = where - d
        moves = [m for m in _single_steps(board, d, rules, hitting=rules.kush) if m[1][0] == where]
        if not moves:
            return target
        board, step = moves[0]
        if step[3]:  # in Kush a hitter stops: it cannot play the rest
            return target
        where = target
    return None


def head_allowance(s: tuple[int, ...], dice: tuple[int, int], rules: Rules) -> int:
    """How many checkers may leave the head this turn (rules 3 and 4)."""
    first_turn = s[HEAD] == CHECKERS
    if not first_turn or dice[0] != dice[1]:
        return 1
    d = dice[0]
    if rules.head_exception == "6-4-3":
        return 2 if d in (6, 4, 3) else 1
    if rules.head_exception == "6-4":
        return 2 if d in (6, 4) else 1
    stop = _lone_checker_stop(s, d, rules)
    if rules.head_exception == "any-blocked-double":
        return 1 if stop is None else 2
    assert rules.head_exception == "head-only"
    stopped_by_his_head = stop == OPPONENT_HEAD and s[OPPONENT_HEAD] < 0
    return 2 if stopped_by_his_head else 1


# --- one step ------------------------------------------------------------------------


def _all_home(s: list[int]) -> bool:
    return s[BAR] == 0 and all(s[p] <= 0 for p in range(7, 25))


def _single_steps(
    s: list[int], die: int, rules: Rules, *, hitting: bool, stopped: list[int] | None = None
) -> list[tuple[list[int], Step]]:
    """Every legal single step with ``die`` (rules 1, 2, 7), before rules 3-5.

    ``hitting``: a lone opposing checker may be hit (Kush play (a)).
    ``stopped[p]``: checkers on ``p`` that hit this turn and may not move.
    """
    out: list[tuple[list[int], Step]] = []
    for src in range(24, 0, -1):
        movable = s[src] - (stopped[src] if stopped else 0)
        if movable <= 0:
            continue
        dst = src - die
        if dst >= 1:
            if s[dst] < 0 and not (hitting and s[dst] == -1):
                continue  # rule 2 (Kush: two or more opposing checkers)
            t = list(s)
            t[src] -= 1
            hit = t[dst] == -1
            if hit:
                t[dst] = 0
                t[26] += 1
            t[dst] += 1
            out.append((t, (src, dst, die, hit)))
        else:
            if not _all_home(s):
                continue
            # src < die: only from the highest occupied point of the home.
            if src != die and any(s[p] > 0 for p in range(src + 1, 7)):
                continue
            t = list(s)
            t[src] -= 1
            t[OFF] += 1
            out.append((t, (src, OFF, die, False)))
    return out


# --- sequences -----------------------------------------------------------------------


def _explore(
    s: list[int],
    dice_left: tuple[int, ...],
    used: tuple[int, ...],
    steps: tuple[Step, ...],
    left_head: int,
    allowance: int,
    rules: Rules,
    hitting: bool,
    stopped: list[int],
    out: list[Candidate],
) -> None:
    out.append(Candidate(used, steps, tuple(s)))
    if not dice_left:
        return
    die = dice_left[0]
    for t, step in _single_steps(s, die, rules, hitting=hitting, stopped=stopped):
        src, dst, _, hit = step
        leaves_head = src == HEAD
        if leaves_head and left_head + 1 > allowance:
            continue  # rules 3 and 4
        if rules.six_block_check == "step" and dst != OFF and _in_prohibited_block(t, dst, rules):
            continue  # rule 5, judged after every step
        now_stopped = list(stopped)
        if hit:
            now_stopped[dst] += 1
        _explore(
            t,
            dice_left[1:],
            (*used, die),
            (*steps, step),
            left_head + (1 if leaves_head else 0),
            allowance,
            rules,
            hitting,
            now_stopped,
            out,
        )


def candidates(
    s: tuple[int, ...], dice: tuple[int, int], rules: Rules, *, hitting: bool = False
) -> list[Candidate]:
    """Every sequence of legal steps, for every order of the dice, the empty one included."""
    a, b = dice
    orders = [(a, a, a, a)] if a == b else [(a, b), (b, a)]
    allowance = head_allowance(s, dice, rules)
    out: list[Candidate] = []
    for order in orders:
        _explore(list(s), order, (), (), 0, allowance, rules, hitting, [0] * 25, out)
    if rules.six_block_check == "turn":
        out = [c for c in out if _final_position_ok(s, c.state, rules)]
    return out


def _maximum_use(found: list[Candidate], dice: tuple[int, int], rules: Rules) -> list[Candidate]:
    """Rule 6: the most dice; one die of two that either could be: the higher."""
    most = max(len(c.dice_used) for c in found)
    keep = [c for c in found if len(c.dice_used) == most]
    if dice[0] != dice[1] and most == 1 and rules.must_play_higher:
        higher = max(dice)
        with_higher = [c for c in keep if c.dice_used == (higher,)]
        if with_higher:
            keep = with_higher
    return keep


def reference_results(
    s: tuple[int, ...], dice: tuple[int, int], rules: Rules
) -> dict[tuple[int, ...], tuple[Step, ...]]:
    """The legal plays: ``{resulting state: one sequence of steps that reaches it}``.

    A forced pass is ``{s: ()}``.
    """
    assert len(s) == 28
    double = dice[0] == dice[1]
    if rules.kush and double:
        d = dice[0]
        moves = _maximum_use(candidates(s, dice, rules, hitting=True), dice, rules)
        plays = [c for c in moves if c.steps]  # (a), unless it cannot move at all
        if s[BAR] > 0 and s[HEAD] >= 0:  # (b)
            n = min(d, s[BAR])
            t = list(s)
            t[BAR] -= n
            t[HEAD] += n
            plays.append(Candidate((d,) * n, ((BAR, HEAD, d, False),) * n, tuple(t)))
        if not plays:
            plays = [Candidate((), (), s)]
    else:
        plays = _maximum_use(candidates(s, dice, rules), dice, rules)
    out: dict[tuple[int, ...], tuple[Step, ...]] = {}
    for c in plays:
        out.setdefault(c.state, c.steps)
    return out
