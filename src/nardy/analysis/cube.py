"""gnubg's cube model: cubeless probabilities to cubeful equities and cube decisions.

Pure functions over **cubeless probabilities** -- five chances in gnubg's
order, from the side on roll: win, win a gammon, win a backgammon, lose a
gammon, lose a backgammon (gammons include backgammons) -- and a
:class:`~nardy.analysis.Context` (the points each side needs, the cube's
value and owner, the Crawford game; or money with the Jacoby rule and
beavers), always from the point of view of the side on roll. The
probabilities may be a :class:`~nardy.analysis.Probabilities` or five
floats (the plain form the review's loops use).

These are GNU Backgammon's definitions at "0-ply" (its ``eval.c`` and
``matchequity.c``; nardy's own code): cubeful equity is Janowski's
interpolation between a dead cube (the cubeless equity) and a live cube,
weighted by the **cube efficiency** ``x`` (:mod:`nardy.analysis.efficiency`
gives gnubg's value for a position), in match play on the match-winning
chances of a :class:`~nardy.analysis.met.MatchEquityTable` with the live
cube's cash points found from the gammon rates and the cube levels still
alive (Jørn Thyssen's generalisation). Units:

* **MWC** -- match-winning chance, 0 to 1 (match play).
* **EMG** -- "equivalent to money game": the equity normalised to the
  current cube, -1 for losing the cube's value, +1 for winning it. In match
  play an MWC ``m`` is ``(2m - (W + L)) / (W - L)`` EMG, ``W`` and ``L``
  the MWC after winning and losing the cube's value (gnubg's ``mwc2eq``);
  in money play EMG is points per cube.

:func:`play_score` is the score gnubg gives a checker play at 0-ply: the
position after the play, the opponent on roll with his option to double at
once, in EMG of the side that played; :func:`on_roll_equity` the same
figure for the side on roll. :func:`cube_equities` gives the three
equities of a cube decision before a roll (the engines' values and the
review assemble them: :mod:`nardy.analysis.model`). :func:`play_scores`
scores many plays at once (the review's fast path).

Where the native core is loaded (:mod:`nardy.analysis.native_cube`),
:func:`play_scores`, :func:`cubeful_mwc` and :func:`cubeful_equity` run
its compiled copy of these definitions (the same operations in the same
order); the Python here is the rule, run by the pure build and for any
input the native core refuses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from itertools import chain

import attrs

from nardy.analysis import native_cube
from nardy.analysis.context import Context, Owner
from nardy.analysis.native_cube import NativeMet
from nardy.analysis.values import Chances, Probabilities, as_chances
from nardy.errors import InvalidProbabilitiesError, MatchStateError

__all__ = [
    "cube_equities",
    "cubeful_equity",
    "cubeful_mwc",
    "cubeless_equity",
    "equity_to_mwc",
    "flip",
    "mwc_to_equity",
    "on_roll_equity",
    "play_score",
    "play_scores",
]

#: Probabilities as the model's functions take them: :class:`~nardy.analysis.Probabilities`
#: (the side on roll's) or five floats in gnubg's order (:data:`~nardy.analysis.values.Chances`).
ChancesLike = Probabilities | Sequence[float]

# The money formulas fall back to the dead cube this close to a certain
# result (Cl2CfMoney).
_CERTAIN = 1.0e-7


def flip(probabilities: ChancesLike) -> Chances:
    """The same probabilities seen from the other side."""
    w, wg, wb, lg, lb = as_chances(probabilities)
    return (1.0 - w, lg, lb, wg, wb)


# --- the native core's copy of the hot functions ------------------------------------------

# The owner's code in the native core's state (nardy_core::cube::Owner::from_code).
_OWNER_CODE = {Owner.CENTRED: 0, Owner.MOVER: 1, Owner.OPPONENT: 2}

_Batch = Callable[[tuple[int, ...], list[float], Sequence[float]], list[float]]


def _native_state(info: Context) -> tuple[int, ...]:
    """The context as the native core's 8 ints (length, scores, cube, owner, Crawford, Jacoby, beavers).

    The core reads a match as its length and score; the model uses only
    the points each side needs, so any length covering both does: the
    larger away count, the scores what each side has of it.
    """
    length = max(info.away, info.opponent_away)
    return (
        length,
        length - info.away,
        length - info.opponent_away,
        info.cube,
        _OWNER_CODE[info.owner],
        int(info.crawford),
        int(info.jacoby),
        int(info.beaver),
    )


def _native(
    method: Callable[[NativeMet], _Batch],
    probabilities: Sequence[ChancesLike],
    info: Context,
    efficiencies: Sequence[float],
) -> list[float] | None:
    """``method`` of the native core's table on these positions, or ``None``.

    ``None`` in the pure build, and for input the core refuses: the Python
    rule then decides (its own error, or its answer for the rare state past
    the core's range).
    """
    met = native_cube.native_met(info.met)
    if met is None:
        return None
    try:
        # (Five a position, flattened in C: rows of another length, or
        # Probabilities objects (no len), go to the rule, which reads or refuses them.)
        if not set(map(len, probabilities)) <= {5}:  # type: ignore[arg-type]
            return None
        flat = list(chain.from_iterable(probabilities))  # type: ignore[arg-type]
        return method(met)(_native_state(info), flat, efficiencies)
    except (TypeError, ValueError, RuntimeError):
        return None


# --- the constants of a state (MET lookups), computed once per state ---------------------


@attrs.frozen
class _Level:
    """One cube level of gnubg's cash-point recursion (GetPoints): its MWC values."""

    dead: bool
    # For each player k (0: the side on roll): MWC of k after winning the cube
    # (double, pass), and the values the level's formula needs.
    cash: tuple[float, float]
    lose_2: tuple[tuple[float, float, float], tuple[float, float, float]]
    win_2: tuple[tuple[float, float, float], tuple[float, float, float]]
    redouble_pass: tuple[float, float]


@attrs.frozen
class _Constants:
    """What a state's formulas read from the MET, once per state."""

    # MWC of the side on roll after winning / losing 1, 2, 3 times the cube.
    win: tuple[float, float, float]
    lose: tuple[float, float, float]
    gammon_prices: tuple[float, float, float, float]
    levels: tuple[_Level, ...]


def _result_mwc(info: Context, player: int, points: int, winner: int) -> float:
    """The MWC (gnubg's getME) of ``player`` (0: the side on roll) after ``winner`` wins ``points``."""
    away = [info.away, info.opponent_away]
    away[winner] -= points
    mine = info.met.mwc(away[0], away[1], post_crawford=info.post_crawford)
    return mine if player == 0 else 1.0 - mine


@functools.lru_cache(maxsize=4096)
def _constants(info: Context) -> _Constants:
    """The MET values a match state's formulas use (cached: a review meets few states)."""
    c = info.cube
    win = tuple(_result_mwc(info, 0, k * c, 0) for k in (1, 2, 3))
    lose = tuple(_result_mwc(info, 0, k * c, 1) for k in (1, 2, 3))
    centre = (win[0] + lose[0]) / 2.0
    prices = (0.0, 0.0, 0.0, 0.0)
    if abs(win[0] - centre) > 1.0e-7:
        unit = win[0] - centre
        g0 = (win[1] - centre) / unit - 1.0
        g1 = (centre - lose[1]) / unit - 1.0
        b0 = (win[2] - centre) / unit - (g0 + 1.0)
        b1 = (centre - lose[2]) / unit - (g1 + 1.0)
        prices = (max(g0, 0.0), max(g1, 0.0), max(b0, 0.0), max(b1, 0.0))
    return _Constants((win[0], win[1], win[2]), (lose[0], lose[1], lose[2]), prices, _levels(info))


def _cube_prime(mine: int, theirs: int, cube: int) -> int:
    """The cube after a double when the taker's redouble is automatic (GetCubePrimeValue)."""
    return 2 * cube if mine < 2 * cube and theirs >= 2 * cube else cube


def _levels(info: Context) -> tuple[_Level, ...]:
    """The cube levels of the cash-point recursion, from the dead top level down to the cube."""
    i, j = info.away - 1, info.opponent_away - 1
    top = info.cube
    while i >= 2 * top and j >= 2 * top:
        top *= 2
    levels = []
    value = top
    while value >= info.cube:
        primes = (_cube_prime(i, j, value), _cube_prime(j, i, value))
        dead = i < 2 * value or j < 2 * value
        cash = tuple(_result_mwc(info, k, value, k) for k in (0, 1))
        if dead:
            lose_2 = tuple(
                tuple(_result_mwc(info, k, m * primes[k], 1 - k) for m in (2, 4, 6)) for k in (0, 1)
            )
            win_2 = tuple(
                tuple(_result_mwc(info, k, m * primes[k], k) for m in (2, 4, 6)) for k in (0, 1)
            )
        else:
            lose_2 = ((0.0,) * 3,) * 2
            win_2 = tuple(
                tuple(_result_mwc(info, k, m * value, k) for m in (2, 4, 6)) for k in (0, 1)
            )
        redouble_pass = tuple(_result_mwc(info, k, 2 * value, 1 - k) for k in (0, 1))
        levels.append(_Level(dead, cash, lose_2, win_2, redouble_pass))  # type: ignore[arg-type]
        value //= 2
    return tuple(levels)


# --- equities --------------------------------------------------------------------------------


def cubeless_equity(probabilities: ChancesLike, info: Context) -> float:
    """The cubeless equity in EMG (gnubg's ``Utility``): gammons at the score's prices.

    Money play counts gammons and backgammons one point more each (none
    while the cube is centred under the Jacoby rule).
    """
    w, wg, wb, lg, lb = as_chances(probabilities)
    return _utility(w, wg, wb, lg, lb, info)


def _utility(w: float, wg: float, wb: float, lg: float, lb: float, info: Context) -> float:
    if info.money:
        price = 0.0 if info.jacoby and info.owner is Owner.CENTRED else 1.0
        return 2.0 * w - 1.0 + (wg - lg) * price + (wb - lb) * price
    g0, g1, b0, b1 = _constants(info).gammon_prices
    return 2.0 * w - 1.0 + wg * g0 - lg * g1 + wb * b0 - lb * b1


def equity_to_mwc(equity: float, info: Context) -> float:
    """An equity in EMG as an MWC (gnubg's ``eq2mwc``; match play)."""
    k = _constants(_match(info))
    return 0.5 * (equity * (k.win[0] - k.lose[0]) + (k.win[0] + k.lose[0]))


def mwc_to_equity(mwc: float, info: Context) -> float:
    """An MWC as an equity in EMG (gnubg's ``mwc2eq``; match play)."""
    k = _constants(_match(info))
    return (2.0 * mwc - (k.win[0] + k.lose[0])) / (k.win[0] - k.lose[0])


def _match(info: Context) -> Context:
    if info.money:
        raise MatchStateError("MWC is defined in match play only (length > 0)")
    return info


def cubeful_mwc(probabilities: ChancesLike, info: Context, efficiency: float) -> float:
    """The cubeful MWC of the side on roll, before it can double (gnubg's ``Cl2CfMatch``).

    ``efficiency`` is the cube efficiency ``x`` (0: dead cube, 1: fully
    live). Where the cube is dead (:attr:`Context.cube_alive`) it is the
    cubeless MWC. Match play only.
    """
    native = _native(lambda met: met.cubeful_mwc, (probabilities,), info, (efficiency,))
    if native is not None:
        return native[0]
    w, wg, wb, lg, lb = as_chances(probabilities)
    return _cubeful_mwc(w, wg, wb, lg, lb, _match(info), efficiency)


def cubeful_equity(probabilities: ChancesLike, info: Context, efficiency: float) -> float:
    """The cubeful equity in EMG (money: Janowski's formula; match: :func:`cubeful_mwc` in EMG)."""
    native = _native(lambda met: met.cubeful_equity, (probabilities,), info, (efficiency,))
    if native is not None:
        return native[0]
    w, wg, wb, lg, lb = as_chances(probabilities)
    if info.money:
        return _cubeful_money(w, wg, wb, lg, lb, info, efficiency)
    return mwc_to_equity(_cubeful_mwc(w, wg, wb, lg, lb, info, efficiency), info)


def _cash_points(
    w: float, wg: float, wb: float, lg: float, lb: float, info: Context
) -> tuple[float, float]:
    """The live-cube cash points of both sides (gnubg's ``GetPoints``), the side on roll first."""
    if w > 0.0:
        g = [(wg - wb) / w, 0.0]
        b = [wb / w, 0.0]
    else:
        g, b = [0.0, 0.0], [0.0, 0.0]
    if w < 1.0:
        g[1] = (lg - lb) / (1.0 - w)
        b[1] = lb / (1.0 - w)
    above: tuple[float, float] = (0.0, 0.0)
    for level in _constants(info).levels:
        points = [0.0, 0.0]
        for k in (0, 1):
            o = 1 - k
            won = level.win_2[k]
            take_win = (1.0 - g[k] - b[k]) * won[0] + g[k] * won[1] + b[k] * won[2]
            if level.dead:
                lost = level.lose_2[k]
                take_lose = (1.0 - g[o] - b[o]) * lost[0] + g[o] * lost[1] + b[o] * lost[2]
                points[k] = (take_lose - level.cash[k]) / (take_lose - take_win)
            else:
                points[k] = 1.0 - above[o] * (level.cash[k] - take_win) / (
                    level.redouble_pass[k] - take_win
                )
        above = (points[0], points[1])
    return above


def _cubeful_mwc(
    w: float, wg: float, wb: float, lg: float, lb: float, info: Context, x: float
) -> float:
    """Cl2CfMatch and its three cases (centred, owned, unavailable)."""
    k = _constants(info)
    dead = 0.5 * (_utility(w, wg, wb, lg, lb, info) * (k.win[0] - k.lose[0]) + k.win[0] + k.lose[0])
    if not info.cube_alive:
        return dead
    # The average MWC of a win and of a loss at this cube.
    if w > 0.0:
        g0, b0 = (wg - wb) / w, wb / w
    else:
        g0 = b0 = 0.0
    if w < 1.0:
        g1, b1 = (lg - lb) / (1.0 - w), lb / (1.0 - w)
    else:
        g1 = b1 = 0.0
    cash, opp_cash = k.win[0], k.lose[0]
    win = (1.0 - g0 - b0) * k.win[0] + g0 * k.win[1] + b0 * k.win[2]
    lose = (1.0 - g1 - b1) * k.lose[0] + g1 * k.lose[1] + b1 * k.lose[2]
    mine, theirs = _cash_points(w, wg, wb, lg, lb, info)
    too_good, opp_too_good = mine, 1.0 - theirs
    owner = info.owner
    if owner is not Owner.MOVER and w <= opp_too_good:
        # The opponent could cash (or is too good): from his loss to his cash.
        live = lose + (opp_cash - lose) * w / opp_too_good if opp_too_good > 0.0 else lose
    elif owner is Owner.CENTRED and w < too_good:
        # In the window: from the opponent's cash to ours.
        live = opp_cash + (cash - opp_cash) * (w - opp_too_good) / (too_good - opp_too_good)
    elif owner is Owner.OPPONENT:
        # Above the opponent's take point, our cube unavailable: up to our win.
        live = opp_cash + (win - opp_cash) * (w - opp_too_good) / (1.0 - opp_too_good)
    elif owner is Owner.MOVER and w <= too_good:
        # Ours to cash: from our loss to our cash.
        live = lose + (cash - lose) * w / too_good if too_good > 0.0 else lose
    else:
        # Too good to double: from our cash to our win.
        live = cash + (win - cash) * (w - too_good) / (1.0 - too_good) if too_good < 1.0 else win
    return dead * (1.0 - x) + live * x


def _cubeful_money(
    w: float, wg: float, wb: float, lg: float, lb: float, info: Context, x: float
) -> float:
    """Janowski's money formula (gnubg's ``Cl2CfMoney``), per cube."""
    dead = _utility(w, wg, wb, lg, lb, info)
    if w <= _CERTAIN or w >= 1.0 - _CERTAIN:
        return dead
    big_w = 1.0 + (wg + wb) / w
    big_l = 1.0 + (lg + lb) / (1.0 - w)
    jacoby = info.jacoby
    take = (big_l - 0.5) / (big_w + big_l + 0.5)
    cash = (big_l + 1.0) / (big_w + big_l + 0.5)
    if info.owner is Owner.CENTRED:
        if w < take:
            live = -1.0 if jacoby else -big_l + (-1.0 + big_l) * w / take
        elif w < cash:
            live = -1.0 + 2.0 * (w - take) / (cash - take)
        else:
            live = 1.0 if jacoby else 1.0 + (big_w - 1.0) * (w - cash) / (1.0 - cash)
    elif info.owner is Owner.MOVER:
        if w < cash:
            live = -big_l + (1.0 + big_l) * w / cash
        else:
            live = 1.0 + (big_w - 1.0) * (w - cash) / (1.0 - cash)
    elif w < take:
        live = -big_l + (-1.0 + big_l) * w / take
    else:
        live = -1.0 + (big_w + 1.0) * (w - take) / (1.0 - take)
    return dead * (1.0 - x) + live * x


# --- decisions --------------------------------------------------------------------------------


def cube_equities(
    probabilities: ChancesLike, context: Context, efficiency: float
) -> tuple[float, float, float]:
    """No double, double/take and double/pass of the side on roll before its roll, at 0-ply.

    gnubg's ``FindCubeDecision``: cubeful equities of the doubler in EMG
    (double/pass is +1). ``probabilities`` are the position's, the side on
    roll to roll; ``efficiency`` the position's cube efficiency. Whether
    the side may double at all is :attr:`Context.may_double
    <nardy.analysis.Context.may_double>`; the action is
    :meth:`CubeAction.of <nardy.analysis.CubeAction.of>` of the three.
    """
    w, wg, wb, lg, lb = as_chances(probabilities)
    doubled = context.doubled()
    if context.money:
        nd = _cubeful_money(w, wg, wb, lg, lb, context, efficiency)
        dt = 2.0 * _cubeful_money(w, wg, wb, lg, lb, doubled, efficiency)
        return nd, dt, 1.0
    k = _constants(context)
    unit = k.win[0] - k.lose[0]
    middle = k.win[0] + k.lose[0]
    nd = (2.0 * _cubeful_mwc(w, wg, wb, lg, lb, context, efficiency) - middle) / unit
    dt = (2.0 * _cubeful_mwc(w, wg, wb, lg, lb, doubled, efficiency) - middle) / unit
    return nd, dt, 1.0


def play_score(probabilities: ChancesLike, info: Context, efficiency: float) -> float:
    """The 0-ply score gnubg gives a checker play, in EMG of the side that played.

    ``probabilities`` are those of the position after the play **with the
    opponent on roll** (from the opponent's point of view, as an evaluator
    gives them for that position); ``info`` is the state of the side that
    played; ``efficiency`` the cube efficiency of the position after the
    play. The opponent's cubeful equity counts his option to double at once
    (and the take or pass that would follow); the score is its negation.
    """
    return play_scores([probabilities], info, [efficiency])[0]


def play_scores(
    probabilities: Sequence[ChancesLike], info: Context, efficiencies: Sequence[float]
) -> list[float]:
    """:func:`play_score` of many plays of one state at once (the state's constants read once)."""
    native = _native(lambda met: met.play_scores, probabilities, info, efficiencies)
    if native is not None:
        return native
    if len(probabilities) != len(efficiencies):
        raise InvalidProbabilitiesError(
            f"{len(probabilities)} probabilities for {len(efficiencies)} efficiencies"
        )
    theirs = info.flipped()
    can_double = theirs.may_double
    doubled = theirs.doubled()
    if info.money:
        return [
            -_money_value(as_chances(p), theirs, doubled, can_double, x)
            for p, x in zip(probabilities, efficiencies, strict=True)
        ]
    mine = _constants(info)
    unit = mine.win[0] - mine.lose[0]
    middle = mine.win[0] + mine.lose[0]
    cash = _constants(theirs).win[0]
    scores = []
    for p, x in zip(probabilities, efficiencies, strict=True):
        w, wg, wb, lg, lb = as_chances(p)
        value = _cubeful_mwc(w, wg, wb, lg, lb, theirs, x)
        if can_double:
            take = _cubeful_mwc(w, wg, wb, lg, lb, doubled, x)
            if take >= value and cash >= value:
                value = cash if take >= cash else take
        scores.append((2.0 * (1.0 - value) - middle) / unit)
    return scores


def on_roll_equity(probabilities: ChancesLike, context: Context, efficiency: float) -> float:
    """The cubeful equity (EMG) of the side on roll, before its roll, its cube action included.

    The no-double equity, or where it may double and should, the
    opponent's best answer to the double: the figure a checker play is
    scored by, seen from the side to move after it (:func:`play_score` is
    its negation from the other side).
    """
    return -play_score(probabilities, context.flipped(), efficiency)


def _money_value(
    p: Chances, theirs: Context, doubled: Context, can_double: bool, x: float
) -> float:
    """The opponent's money equity on roll, his double included (GetECF3)."""
    w, wg, wb, lg, lb = p
    value = _cubeful_money(w, wg, wb, lg, lb, theirs, x)
    if can_double:
        take = 2.0 * _cubeful_money(w, wg, wb, lg, lb, doubled, x)
        if take >= value and value <= 1.0:
            value = 1.0 if take >= 1.0 else take
    return value
