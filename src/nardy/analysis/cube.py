"""gnubg's cube model: cubeless probabilities to cubeful equities and cube decisions.

Pure functions over **cubeless probabilities** -- five chances in gnubg's
order, from the side on roll: win, win a gammon, win a backgammon, lose a
gammon, lose a backgammon (gammons include backgammons) -- and a
:class:`CubeInfo` (the match length and score, the cube's value and owner,
the Crawford game; or money with the Jacoby rule and beavers), always from
the point of view of the side on roll.

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
once, in EMG of the side that played. :func:`cube_decision` is the cube
decision before a roll. :func:`play_scores` scores many plays at once (the
review's fast path).

Where the native core is loaded (:mod:`nardy.analysis.native_cube`),
:func:`play_scores`, :func:`cubeful_mwc` and :func:`cubeful_equity` run
its compiled copy of these definitions (the same operations in the same
order); the Python here is the rule, run by the pure build and for any
input the native core refuses.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence

import attrs

from nardy.analysis import native_cube
from nardy.analysis.met import MatchEquityTable, kazaross_xg2
from nardy.analysis.native_cube import NativeMet
from nardy.errors import MatchStateError, ProbabilitiesError

__all__ = [
    "CubeAction",
    "CubeDecision",
    "CubeInfo",
    "CubeOwner",
    "Probabilities",
    "cube_decision",
    "cubeful_equity",
    "cubeful_mwc",
    "cubeless_equity",
    "equity_to_mwc",
    "flip",
    "mwc_to_equity",
    "play_score",
    "play_scores",
]

#: Cubeless probabilities in gnubg's order, from the side on roll: win, win
#: gammon, win backgammon, lose gammon, lose backgammon.
Probabilities = tuple[float, float, float, float, float]

# gnubg treats two equities within this as equal when it calls a double
# "optional" (isOptional in eval.c).
_OPTIONAL = 1.0e-5
# The money formulas fall back to the dead cube this close to a certain
# result (Cl2CfMoney).
_CERTAIN = 1.0e-7
# Multiples of the cube that a game can be worth, in gnubg's getMEMultiple
# order: single, doubled, backgammon, doubled gammon, doubled backgammon.
_MULTIPLES = (1, 2, 3, 4, 6)


class CubeOwner(enum.Enum):
    """Who owns the cube, from the point of view of the side on roll."""

    CENTRE = "centre"
    MOVER = "mover"
    OPPONENT = "opponent"

    @property
    def flipped(self) -> CubeOwner:
        """The same owner seen from the other side."""
        if self is CubeOwner.MOVER:
            return CubeOwner.OPPONENT
        if self is CubeOwner.OPPONENT:
            return CubeOwner.MOVER
        return self


@attrs.frozen(cache_hash=True)
class CubeInfo:
    """The match (or money) and cube state, from the point of view of the side on roll.

    ``length`` 0 is money play (``score`` then stays ``(0, 0)``; ``jacoby``
    and ``beavers`` apply); else ``score`` is ``(side on roll, opponent)``,
    each below ``length``. ``crawford`` marks the Crawford game (a player 1
    away). ``cube`` is a power of two. Bad values raise
    :class:`~nardy.errors.MatchStateError` naming the field.
    """

    #: Points to win the match; 0 for money play.
    length: int = 0
    #: The points of the side on roll and of its opponent.
    score: tuple[int, int] = (0, 0)
    #: The cube's value.
    cube: int = 1
    #: Who owns the cube.
    owner: CubeOwner = CubeOwner.CENTRE
    #: True in the Crawford game.
    crawford: bool = False
    #: Money play: gammons count single while the cube is centred.
    jacoby: bool = False
    #: Money play: the taker may beaver.
    beavers: bool = False
    #: The match equity table (match play).
    met: MatchEquityTable = attrs.field(factory=kazaross_xg2, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_state(self)

    @property
    def money(self) -> bool:
        """True for money play."""
        return self.length == 0

    @property
    def away(self) -> tuple[int, int]:
        """The points the side on roll and its opponent need (match play)."""
        return (self.length - self.score[0], self.length - self.score[1])

    def flipped(self) -> CubeInfo:
        """The same state seen by the opponent."""
        return attrs.evolve(self, score=(self.score[1], self.score[0]), owner=self.owner.flipped)

    def doubled(self) -> CubeInfo:
        """The state after the side on roll doubles and the opponent takes."""
        return attrs.evolve(self, cube=2 * self.cube, owner=CubeOwner.OPPONENT)

    @property
    def can_double(self) -> bool:
        """True when the side on roll may double (gnubg's ``GetDPEq``).

        The cube is centred or its own; in match play also: not the Crawford
        game, the cube not already worth the match to it, and not the
        leader 1 away after the Crawford game.
        """
        if self.owner is CubeOwner.OPPONENT:
            return False
        if self.money:
            return True
        mine, theirs = self.score
        post = mine == self.length - 1 or theirs == self.length - 1
        return (
            not self.crawford
            and mine + self.cube < self.length
            and not (post and mine == self.length - 1)
        )

    @property
    def cube_alive(self) -> bool:
        """False where gnubg evaluates cubeless in match play (its ``fDoCubeful``).

        The cube is dead when it already covers both players' needs, at
        2-away 2-away (the next double would be the last), and in the
        Crawford game. Always true for money.
        """
        if self.money:
            return True
        mine, theirs = self.score
        if mine + self.cube >= self.length and theirs + self.cube >= self.length:
            return False
        if mine == self.length - 2 and theirs == self.length - 2:
            return False
        return not self.crawford


def _check_state(info: CubeInfo) -> None:
    """Raise MatchStateError for a state that cannot be."""
    if type(info.length) is not int or info.length < 0:
        raise MatchStateError(f"match length must be 0 (money) or positive, got {info.length!r}")
    if type(info.cube) is not int or info.cube < 1 or info.cube & (info.cube - 1):
        raise MatchStateError(f"cube must be a power of two, got {info.cube!r}")
    if not isinstance(info.owner, CubeOwner):
        raise MatchStateError(f"owner must be a CubeOwner, got {info.owner!r}")
    score = info.score
    if len(score) != 2 or not all(type(s) is int and s >= 0 for s in score):
        raise MatchStateError(f"score must be two points counts, got {score!r}")
    if info.money:
        if score != (0, 0) or info.crawford:
            raise MatchStateError(f"money play has no score or Crawford game, got {score!r}")
        return
    if info.jacoby or info.beavers:
        raise MatchStateError("the Jacoby rule and beavers are money-play rules")
    if max(score) >= info.length:
        raise MatchStateError(f"score {score!r} is past a {info.length}-point match")
    if info.crawford and info.length - 1 not in score:
        raise MatchStateError(f"the Crawford game needs a player 1 away, score {score!r}")


def flip(probabilities: Sequence[float]) -> Probabilities:
    """The same probabilities seen from the other side."""
    w, wg, wb, lg, lb = probabilities
    return (1.0 - w, lg, lb, wg, wb)


def _check_probabilities(p: Sequence[float]) -> Probabilities:
    """The five probabilities as floats; ProbabilitiesError when they cannot be."""
    if len(p) != 5:
        raise ProbabilitiesError(f"five probabilities expected (gnubg's order), got {p!r}")
    w, wg, wb, lg, lb = (float(x) for x in p)
    if not (0.0 <= w <= 1.0 and 0.0 <= wb <= wg <= 1.0 and 0.0 <= lb <= lg <= 1.0):
        raise ProbabilitiesError(
            f"probabilities must be chances with backgammons within gammons, got {tuple(p)!r}"
        )
    return (w, wg, wb, lg, lb)


# --- the native core's copy of the hot functions ------------------------------------------

# The owner's code in the native core's state (nardy_core::cube::Owner::from_code).
_OWNER_CODE = {CubeOwner.CENTRE: 0, CubeOwner.MOVER: 1, CubeOwner.OPPONENT: 2}

_Batch = Callable[[tuple[int, ...], list[float], Sequence[float]], list[float]]


def _native(
    method: Callable[[NativeMet], _Batch],
    probabilities: Sequence[Sequence[float]],
    info: CubeInfo,
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
    state = (
        info.length,
        info.score[0],
        info.score[1],
        info.cube,
        _OWNER_CODE[info.owner],
        int(info.crawford),
        int(info.jacoby),
        int(info.beavers),
    )
    try:
        # (Unpacking five a position: rows of another length go to the rule, which refuses them.)
        flat = [x for w, wg, wb, lg, lb in probabilities for x in (w, wg, wb, lg, lb)]
        return method(met)(state, flat, efficiencies)
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


def _result_mwc(info: CubeInfo, player: int, points: int, winner: int) -> float:
    """The MWC (gnubg's getME) of ``player`` (0: the side on roll) after ``winner`` wins ``points``."""
    away = list(info.away)
    away[winner] -= points
    post = info.crawford or info.length - 1 in info.score
    mine = info.met.mwc(away[0], away[1], post_crawford=post)
    return mine if player == 0 else 1.0 - mine


@functools.lru_cache(maxsize=4096)
def _constants(info: CubeInfo) -> _Constants:
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


def _levels(info: CubeInfo) -> tuple[_Level, ...]:
    """The cube levels of the cash-point recursion, from the dead top level down to the cube."""
    i, j = info.away[0] - 1, info.away[1] - 1
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


def cubeless_equity(probabilities: Sequence[float], info: CubeInfo) -> float:
    """The cubeless equity in EMG (gnubg's ``Utility``): gammons at the score's prices.

    Money play counts gammons and backgammons one point more each (none
    while the cube is centred under the Jacoby rule).
    """
    w, wg, wb, lg, lb = _check_probabilities(probabilities)
    return _utility(w, wg, wb, lg, lb, info)


def _utility(w: float, wg: float, wb: float, lg: float, lb: float, info: CubeInfo) -> float:
    if info.money:
        price = 0.0 if info.jacoby and info.owner is CubeOwner.CENTRE else 1.0
        return 2.0 * w - 1.0 + (wg - lg) * price + (wb - lb) * price
    g0, g1, b0, b1 = _constants(info).gammon_prices
    return 2.0 * w - 1.0 + wg * g0 - lg * g1 + wb * b0 - lb * b1


def equity_to_mwc(equity: float, info: CubeInfo) -> float:
    """An equity in EMG as an MWC (gnubg's ``eq2mwc``; match play)."""
    k = _constants(_match(info))
    return 0.5 * (equity * (k.win[0] - k.lose[0]) + (k.win[0] + k.lose[0]))


def mwc_to_equity(mwc: float, info: CubeInfo) -> float:
    """An MWC as an equity in EMG (gnubg's ``mwc2eq``; match play)."""
    k = _constants(_match(info))
    return (2.0 * mwc - (k.win[0] + k.lose[0])) / (k.win[0] - k.lose[0])


def _match(info: CubeInfo) -> CubeInfo:
    if info.money:
        raise MatchStateError("MWC is defined in match play only (length > 0)")
    return info


def cubeful_mwc(probabilities: Sequence[float], info: CubeInfo, efficiency: float) -> float:
    """The cubeful MWC of the side on roll, before it can double (gnubg's ``Cl2CfMatch``).

    ``efficiency`` is the cube efficiency ``x`` (0: dead cube, 1: fully
    live). Where the cube is dead (:attr:`CubeInfo.cube_alive`) it is the
    cubeless MWC. Match play only.
    """
    native = _native(lambda met: met.cubeful_mwc, (probabilities,), info, (efficiency,))
    if native is not None:
        return native[0]
    w, wg, wb, lg, lb = _check_probabilities(probabilities)
    return _cubeful_mwc(w, wg, wb, lg, lb, _match(info), efficiency)


def cubeful_equity(probabilities: Sequence[float], info: CubeInfo, efficiency: float) -> float:
    """The cubeful equity in EMG (money: Janowski's formula; match: :func:`cubeful_mwc` in EMG)."""
    native = _native(lambda met: met.cubeful_equity, (probabilities,), info, (efficiency,))
    if native is not None:
        return native[0]
    w, wg, wb, lg, lb = _check_probabilities(probabilities)
    if info.money:
        return _cubeful_money(w, wg, wb, lg, lb, info, efficiency)
    return mwc_to_equity(_cubeful_mwc(w, wg, wb, lg, lb, info, efficiency), info)


def _cash_points(
    w: float, wg: float, wb: float, lg: float, lb: float, info: CubeInfo
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
    w: float, wg: float, wb: float, lg: float, lb: float, info: CubeInfo, x: float
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
    if owner is not CubeOwner.MOVER and w <= opp_too_good:
        # The opponent could cash (or is too good): from his loss to his cash.
        live = lose + (opp_cash - lose) * w / opp_too_good if opp_too_good > 0.0 else lose
    elif owner is CubeOwner.CENTRE and w < too_good:
        # In the window: from the opponent's cash to ours.
        live = opp_cash + (cash - opp_cash) * (w - opp_too_good) / (too_good - opp_too_good)
    elif owner is CubeOwner.OPPONENT:
        # Above the opponent's take point, our cube unavailable: up to our win.
        live = opp_cash + (win - opp_cash) * (w - opp_too_good) / (1.0 - opp_too_good)
    elif owner is CubeOwner.MOVER and w <= too_good:
        # Ours to cash: from our loss to our cash.
        live = lose + (cash - lose) * w / too_good if too_good > 0.0 else lose
    else:
        # Too good to double: from our cash to our win.
        live = cash + (win - cash) * (w - too_good) / (1.0 - too_good) if too_good < 1.0 else win
    return dead * (1.0 - x) + live * x


def _cubeful_money(
    w: float, wg: float, wb: float, lg: float, lb: float, info: CubeInfo, x: float
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
    if info.owner is CubeOwner.CENTRE:
        if w < take:
            live = -1.0 if jacoby else -big_l + (-1.0 + big_l) * w / take
        elif w < cash:
            live = -1.0 + 2.0 * (w - take) / (cash - take)
        else:
            live = 1.0 if jacoby else 1.0 + (big_w - 1.0) * (w - cash) / (1.0 - cash)
    elif info.owner is CubeOwner.MOVER:
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


class CubeAction(enum.Enum):
    """The proper cube action, in gnubg's words (a redouble is a double here)."""

    NO_DOUBLE = "no double"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    TOO_GOOD_TAKE = "too good, take"
    TOO_GOOD_PASS = "too good, pass"
    #: Money play with beavers: not a double, the taker would beaver.
    NO_DOUBLE_BEAVER = "no double, beaver"
    #: Money play with beavers: double, and the taker should beaver.
    DOUBLE_BEAVER = "double, beaver"
    #: The side on roll cannot double (the opponent owns the cube, Crawford, a dead cube).
    NOT_AVAILABLE = "not available"

    @property
    def doubles(self) -> bool:
        """True when the proper action is to double."""
        return self in (CubeAction.DOUBLE_TAKE, CubeAction.DOUBLE_PASS, CubeAction.DOUBLE_BEAVER)

    @property
    def takes(self) -> bool:
        """True when a double should be taken (or beavered)."""
        return self in (
            CubeAction.NO_DOUBLE,
            CubeAction.DOUBLE_TAKE,
            CubeAction.TOO_GOOD_TAKE,
            CubeAction.NO_DOUBLE_BEAVER,
            CubeAction.DOUBLE_BEAVER,
        )


@attrs.frozen
class CubeDecision:
    """A cube decision: the three cubeful equities (EMG, the doubler's view) and the proper action.

    ``optimal`` is the equity of the proper action (``no_double`` when the
    cube is not available). The errors gnubg charges are
    :meth:`no_double_error`, :meth:`double_error`, :meth:`take_error` and
    :meth:`pass_error` (each 0 or negative, EMG).
    """

    #: Equity if the side on roll does not double.
    no_double: float
    #: Equity after double, take.
    double_take: float
    #: Equity after double, pass (1.0 in money play).
    double_pass: float
    #: The proper action.
    action: CubeAction
    #: True when the side on roll may double.
    available: bool

    @property
    def optimal(self) -> float:
        """The equity of the proper action."""
        if not self.available:
            return self.no_double
        return max(self.no_double, min(self.double_take, self.double_pass))

    def no_double_error(self) -> float:
        """The error of not doubling (a missed double; 0 when not doubling is right)."""
        return self.no_double - self.optimal

    def double_error(self) -> float:
        """The error of doubling (0 when doubling is right)."""
        return min(self.double_take, self.double_pass) - self.optimal

    def take_error(self) -> float:
        """The taker's error in taking (the doubler's equity gained, negated; 0 or negative)."""
        return min(self.double_pass - self.double_take, 0.0)

    def pass_error(self) -> float:
        """The taker's error in passing (0 or negative)."""
        return min(self.double_take - self.double_pass, 0.0)

    @property
    def close(self) -> bool:
        """True for a decision gnubg counts as close: doubling costs under 0.16 (isCloseCubedecision)."""
        return self.optimal - min(self.double_take, 1.0) < 0.16


def cube_decision(
    probabilities: Sequence[float], info: CubeInfo, efficiency: float
) -> CubeDecision:
    """The cube decision of the side on roll before its roll, at 0-ply (gnubg's ``FindCubeDecision``).

    ``probabilities`` are the position's, the side on roll to roll;
    ``efficiency`` the position's cube efficiency.
    """
    w, wg, wb, lg, lb = _check_probabilities(probabilities)
    doubled = info.doubled()
    if info.money:
        nd = _cubeful_money(w, wg, wb, lg, lb, info, efficiency)
        dt = 2.0 * _cubeful_money(w, wg, wb, lg, lb, doubled, efficiency)
        dp = 1.0
    else:
        k = _constants(info)
        unit = k.win[0] - k.lose[0]
        middle = k.win[0] + k.lose[0]
        nd = (2.0 * _cubeful_mwc(w, wg, wb, lg, lb, info, efficiency) - middle) / unit
        dt = (2.0 * _cubeful_mwc(w, wg, wb, lg, lb, doubled, efficiency) - middle) / unit
        dp = 1.0
    available = info.can_double
    return CubeDecision(nd, dt, dp, _action(nd, dt, dp, info, available), available)


def _action(nd: float, dt: float, dp: float, info: CubeInfo, available: bool) -> CubeAction:
    """The proper action (gnubg's FindBestCubeDecision), without the "optional" and "redouble" nuances."""
    if not available:
        return CubeAction.NOT_AVAILABLE
    beaver = info.money and info.beavers and -2.0 <= dt <= 0.0
    if dt >= nd and dp >= nd:
        if dp > dt:
            if beaver:
                return CubeAction.NO_DOUBLE_BEAVER if 2.0 * dt < nd else CubeAction.DOUBLE_BEAVER
            return CubeAction.DOUBLE_TAKE
        return CubeAction.DOUBLE_PASS
    if nd > dt:
        if dt > dp:
            return CubeAction.TOO_GOOD_PASS
        if nd > dp:
            return CubeAction.TOO_GOOD_TAKE
        return CubeAction.NO_DOUBLE_BEAVER if beaver else CubeAction.NO_DOUBLE
    return CubeAction.TOO_GOOD_PASS


def play_score(probabilities: Sequence[float], info: CubeInfo, efficiency: float) -> float:
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
    probabilities: Sequence[Sequence[float]], info: CubeInfo, efficiencies: Sequence[float]
) -> list[float]:
    """:func:`play_score` of many plays of one state at once (the state's constants read once)."""
    native = _native(lambda met: met.play_scores, probabilities, info, efficiencies)
    if native is not None:
        return native
    if len(probabilities) != len(efficiencies):
        raise ProbabilitiesError(
            f"{len(probabilities)} probabilities for {len(efficiencies)} efficiencies"
        )
    theirs = info.flipped()
    can_double = theirs.can_double
    doubled = theirs.doubled()
    if info.money:
        return [
            -_money_value(_check_probabilities(p), theirs, doubled, can_double, x)
            for p, x in zip(probabilities, efficiencies, strict=True)
        ]
    mine = _constants(info)
    unit = mine.win[0] - mine.lose[0]
    middle = mine.win[0] + mine.lose[0]
    cash = _constants(theirs).win[0]
    scores = []
    for p, x in zip(probabilities, efficiencies, strict=True):
        w, wg, wb, lg, lb = _check_probabilities(p)
        value = _cubeful_mwc(w, wg, wb, lg, lb, theirs, x)
        if can_double:
            take = _cubeful_mwc(w, wg, wb, lg, lb, doubled, x)
            if take >= value and cash >= value:
                value = cash if take >= cash else take
        scores.append((2.0 * (1.0 - value) - middle) / unit)
    return scores


def _money_value(
    p: Probabilities, theirs: CubeInfo, doubled: CubeInfo, can_double: bool, x: float
) -> float:
    """The opponent's money equity on roll, his double included (GetECF3)."""
    w, wg, wb, lg, lb = p
    value = _cubeful_money(w, wg, wb, lg, lb, theirs, x)
    if can_double:
        take = 2.0 * _cubeful_money(w, wg, wb, lg, lb, doubled, x)
        if take >= value and value <= 1.0:
            value = 1.0 if take >= 1.0 else take
    return value
