"""The values every engine answers with: engine-neutral, immutable, from a named side's point of view.

No engine's board or notation ever reaches the user: a play is a nardy
:class:`~nardy.Play` of the position's :class:`~nardy.LegalPlays`, a
position a nardy :class:`~nardy.Position`, and probabilities are always
those of a named :class:`~nardy.Side`.

Equities are in **money units of the current cube** (gnubg's and XG's
"normalised" equity, EMG in match play): +1 is a single game won at the
cube's value, -1 a single game lost.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from operator import add, sub
from typing import Any, cast, overload

import attrs

from nardy.analysis.native_cube import native_function
from nardy.errors import InvalidLimitError, InvalidProbabilitiesError
from nardy.model.basics import Roll, Side
from nardy.model.play import Play
from nardy.model.position import Position

__all__ = [
    "Ability",
    "Chances",
    "CubeAction",
    "CubeDecision",
    "EngineInfo",
    "Evaluation",
    "Hint",
    "Limit",
    "PlayAnalysis",
    "Probabilities",
    "RankedPlay",
    "RolloutResult",
    "as_chances",
    "as_chances_many",
]

#: How far engine outputs may stray outside 0..1 or out of order before
#: :class:`Probabilities` refuses them (neural nets and rollouts round).
TOLERANCE = 1e-5


# --- limits -------------------------------------------------------------------------


def _count(minimum: int, maximum: int) -> Any:
    """Validator: an int (not a bool) in ``minimum..maximum``, else :class:`InvalidLimitError`."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            raise InvalidLimitError(
                f"Limit.{attribute.name} is an integer {minimum}..{maximum}, got {value!r}"
            )

    return check


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidLimitError(f"Limit.{attribute.name} is True or False, got {value!r}")


@attrs.frozen(kw_only=True)
class Limit:
    """How hard an engine looks: plies, cubeful or not, the rollout's trials, truncation and seed.

    Plies count as gnubg counts them: **0 is the engine's fastest**, its
    static evaluation (gnubg's 0-ply, bgsage's "1-ply", the heuristic's
    formula); each ply more looks one roll further ahead. What each backend
    maps them to is on its page (:mod:`nardy.analysis`). Every result
    carries the limit the engine actually used (a backend without cubeful
    evaluation answers with ``cubeful=False``).

    Bad values raise :class:`~nardy.errors.InvalidLimitError`.
    """

    #: Look-ahead in plies: 0 (static) to 7.
    plies: int = attrs.field(default=0, validator=_count(0, 7))
    #: Evaluate with the doubling cube (cubeful equity) where the engine can.
    cubeful: bool = attrs.field(default=True, validator=_flag)
    #: Rollouts: the number of games played out (1 to 10,000,000).
    trials: int = attrs.field(default=1296, validator=_count(1, 10_000_000))
    #: Rollouts: stop each game after this many plies and evaluate (0: play to the end).
    truncation: int = attrs.field(default=0, validator=_count(0, 10_000))
    #: Rollouts: the random seed (the same seed, the same dice).
    seed: int = attrs.field(default=0, validator=_count(0, 2**31 - 1))
    #: Threads the engine may use (1 to 256).
    threads: int = attrs.field(default=1, validator=_count(1, 256))

    def replace(self, **changes: Any) -> Limit:
        """A copy of the limit with some fields changed (validated again)."""
        return attrs.evolve(self, **changes)


# --- probabilities --------------------------------------------------------------------


def _unit(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not -TOLERANCE <= value <= 1 + TOLERANCE
    ):
        raise InvalidProbabilitiesError(
            f"a probability is a number 0..1, got {attribute.name}={value!r}"
        )


#: Five cubeless chances in gnubg's order, from the side on roll (or the
#: named side): win, win a gammon, win a backgammon, lose a gammon, lose a
#: backgammon (:meth:`Probabilities.as_tuple`); the cube model's plain form.
Chances = tuple[float, float, float, float, float]


def _out_of_order(chances: Chances) -> str:
    """What is wrong with five cumulative chances ("" when nothing: see :class:`Probabilities`)."""
    w, wg, wb, lg, lb = chances
    pairs = (
        ("win_gammon", wg, "win", w),
        ("win_backgammon", wb, "win_gammon", wg),
        ("lose_gammon", lg, "lose (1 - win)", 1.0 - w),
        ("lose_backgammon", lb, "lose_gammon", lg),
    )
    for name, value, above, bound in pairs:
        if value > bound + TOLERANCE:
            return f"{name}={value!r} exceeds {above}={bound!r}: the chances are cumulative"
    return ""


def _five(values: Sequence[float]) -> Chances:
    """Five numbers as floats; :class:`~nardy.errors.InvalidProbabilitiesError` for another count."""
    if len(values) != 5:
        raise InvalidProbabilitiesError(
            f"five probabilities (win, win_gammon, win_backgammon, lose_gammon, "
            f"lose_backgammon), got {len(values)}"
        )
    w, wg, wb, lg, lb = (float(v) for v in values)
    return (w, wg, wb, lg, lb)


def as_chances(values: Probabilities | Sequence[float]) -> Chances:
    """Five chances as floats from :class:`Probabilities` or a sequence in gnubg's order.

    A sequence is checked by :class:`Probabilities`' rule (each a chance,
    cumulative, within :data:`TOLERANCE`):
    :class:`~nardy.errors.InvalidProbabilitiesError` otherwise.
    """
    if isinstance(values, Probabilities):
        return values.as_tuple()
    chances = _five(values)
    if not all(-TOLERANCE <= x <= 1.0 + TOLERANCE for x in chances):
        raise InvalidProbabilitiesError(f"a probability is a number 0..1, got {chances!r}")
    problem = _out_of_order(chances)
    if problem:
        raise InvalidProbabilitiesError(problem)
    return chances


def as_chances_many(
    values: Sequence[Sequence[float]], name: Callable[[int], str] = str
) -> list[Chances]:
    """:func:`as_chances` of each of many answers, checked together in a few passes in C.

    The same rule and the same floats as :func:`as_chances` one by one (an
    engine's batch is checked without a Python step per answer); the first
    answer that breaks it raises :class:`~nardy.errors.InvalidProbabilitiesError`
    naming it by ``name(index)`` (default: its index).
    """
    if _all_sound(values):
        return cast("list[Chances]", list(values))
    out = []
    for i, v in enumerate(values):
        try:
            out.append(as_chances(v))
        except InvalidProbabilitiesError as exc:
            raise InvalidProbabilitiesError(f"{name(i)}: {exc}") from None
    return out


def _all_sound(values: Sequence[Sequence[float]]) -> bool:
    """Whether every answer is five floats that :func:`as_chances` takes as they are.

    A few passes in C over the columns. ``False`` also when an answer comes
    within half the tolerance of a bound: the batch then goes through
    :func:`as_chances` one by one (which converts other numbers, decides
    the close calls with its own float operations and names what is wrong),
    so the answer is always :func:`as_chances`'.
    """
    if _NATIVE_SOUND is not None and type(values) is list:
        return _NATIVE_SOUND(values)
    if not values:
        return True
    if set(map(type, values)) != {tuple} or set(map(len, values)) != {5}:
        return False
    w, wg, wb, lg, lb = columns = list(zip(*values, strict=True))
    if set(map(type, chain.from_iterable(columns))) != {float}:
        return False
    # A NaN anywhere makes its column's sum NaN (min and max would skip it).
    if any(map(math.isnan, map(sum, columns))):
        return False
    if min(map(min, columns)) < -_SURE or max(map(max, columns)) > 1.0 + _SURE:
        return False
    # Each chance at most the one that contains it (1 - win for the losses).
    return bool(
        max(map(sub, wg, w)) < _SURE
        and max(map(sub, wb, wg)) < _SURE
        and max(map(add, lg, w)) < 1.0 + _SURE
        and max(map(sub, lb, lg)) < _SURE
    )


# The native core's chances_sound (the same test, no Python step an answer), if built.
_NATIVE_SOUND = cast(
    "Callable[[list[Sequence[float]]], bool] | None", native_function("chances_sound")
)

# Half the tolerance: an answer further inside the bounds than this passes
# as_chances' checks whatever the rounding of its float operations.
_SURE = TOLERANCE / 2


def _side(value: object) -> Side:
    return Side.coerce(value)


@attrs.frozen(kw_only=True)
class Probabilities:
    """The chances of each outcome from ``side``'s point of view, cumulative as gnubg's.

    ``win`` includes the gammons and backgammons won, ``win_gammon`` the
    backgammons won; the same for the losses, whose total is ``1 - win``
    (:attr:`lose`). So ``win >= win_gammon >= win_backgammon`` and
    ``1 - win >= lose_gammon >= lose_backgammon``. Values a little outside
    0..1 or out of order (by at most 1e-5: engines round) are accepted;
    more raises :class:`~nardy.errors.InvalidProbabilitiesError`.
    """

    #: Whose chances these are.
    side: Side = attrs.field(converter=_side)
    #: The chance that :attr:`side` wins (any kind of win).
    win: float = attrs.field(validator=_unit)
    #: The chance that it wins a gammon or a backgammon.
    win_gammon: float = attrs.field(validator=_unit)
    #: The chance that it wins a backgammon.
    win_backgammon: float = attrs.field(validator=_unit)
    #: The chance that it loses a gammon or a backgammon.
    lose_gammon: float = attrs.field(validator=_unit)
    #: The chance that it loses a backgammon.
    lose_backgammon: float = attrs.field(validator=_unit)

    def __attrs_post_init__(self) -> None:
        problem = _out_of_order(self.as_tuple())
        if problem:
            raise InvalidProbabilitiesError(problem)

    @classmethod
    def from_tuple(cls, side: Side, values: tuple[float, ...] | list[float]) -> Probabilities:
        """From ``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)``, gnubg's order."""
        w, wg, wbg, lg, lbg = _five(values)
        return cls(
            side=side,
            win=w,
            win_gammon=wg,
            win_backgammon=wbg,
            lose_gammon=lg,
            lose_backgammon=lbg,
        )

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        """``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)``, gnubg's order."""
        return (
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        )

    @property
    def lose(self) -> float:
        """The chance that :attr:`side` loses: ``1 - win``."""
        return 1.0 - self.win

    @property
    def cubeless_equity(self) -> float:
        """The cubeless money equity: ``2*win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon``.

        A single game counts 1, a gammon 2, a backgammon 3 (the cumulative
        chances count each extra point once): the points :attr:`side` wins
        on average with the cube at 1 and no Jacoby rule.
        """
        return (
            2.0 * self.win
            - 1.0
            + self.win_gammon
            - self.lose_gammon
            + self.win_backgammon
            - self.lose_backgammon
        )

    def flipped(self) -> Probabilities:
        """The same chances from the other side's point of view."""
        return Probabilities(
            side=self.side.opponent,
            win=1.0 - self.win,
            win_gammon=self.lose_gammon,
            win_backgammon=self.lose_backgammon,
            lose_gammon=self.win_gammon,
            lose_backgammon=self.win_backgammon,
        )

    def for_side(self, side: Side) -> Probabilities:
        """These chances from ``side``'s point of view (flipped if it is the other side)."""
        return self if Side.coerce(side) == self.side else self.flipped()


# --- engines ---------------------------------------------------------------------------


class Ability(enum.Enum):
    """What an engine can do (see :attr:`EngineInfo.abilities`)."""

    #: :meth:`~nardy.analysis.Engine.evaluate` a position.
    EVALUATE = "evaluate"
    #: :meth:`~nardy.analysis.Engine.rank_plays` of a roll.
    RANK_PLAYS = "rank plays"
    #: :meth:`~nardy.analysis.Engine.cube` decisions in money play.
    CUBE_MONEY = "cube (money)"
    #: :meth:`~nardy.analysis.Engine.cube` decisions in match play.
    CUBE_MATCH = "cube (match)"
    #: :meth:`~nardy.analysis.Engine.rollout` with standard errors.
    ROLLOUT = "rollout"
    #: Cubeful equity (and, in a match, the match-winning chance) in its evaluations.
    CUBEFUL = "cubeful equity"


@attrs.frozen(kw_only=True)
class EngineInfo:
    """Which engine answered: its name, version, what it can do and how strong it is."""

    #: The backend's name, as :func:`~nardy.analysis.open_engine` takes it.
    name: str
    #: The engine package's version (from its installed metadata), or nardy's for the heuristic.
    version: str
    #: The engine's abilities: its own and nardy's model's (:attr:`modelled`).
    abilities: frozenset[Ability]
    #: The abilities nardy's cube model gives it (:mod:`nardy.analysis.model`:
    #: gnubg's 0-ply cube model over the engine's cubeless chances), not the engine itself.
    modelled: frozenset[Ability] = frozenset()
    #: The variants it plays (names); ``None`` for every variant.
    variants: frozenset[str] | None
    #: One honest line on what it is and how strong it plays.
    description: str

    def can(self, ability: Ability) -> bool:
        """Whether the engine has ``ability`` (its own or the model's)."""
        return ability in self.abilities

    def own(self, ability: Ability) -> bool:
        """Whether ``ability`` is the engine's own (not nardy's model's)."""
        return ability in self.abilities and ability not in self.modelled

    def plays(self, variant_name: str) -> bool:
        """Whether the engine plays the variant of this name."""
        return self.variants is None or variant_name in self.variants


# --- evaluations ---------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Evaluation:
    """An engine's evaluation of a position, from :attr:`side`'s point of view.

    :meth:`Engine.evaluate <nardy.analysis.Engine.evaluate>` answers for the
    side on roll, before it rolls; the evaluation of a play
    (:class:`RankedPlay`) is the player's who made it. :meth:`flipped` and
    :meth:`for_side` give the other side's view.
    """

    #: The position evaluated.
    position: Position
    #: The cubeless chances, from :attr:`side`'s point of view.
    probabilities: Probabilities
    #: The cubeful equity (money units of the current cube, EMG in a match);
    #: ``None`` when it was not computed (``Limit(cubeful=False)``, or an engine without it).
    cubeful_equity: float | None
    #: In match play, the chance that :attr:`side` wins the match, where the
    #: engine gives it; ``None`` for money play or an engine without it.
    match_winning_chance: float | None
    #: The engine that evaluated.
    engine: EngineInfo
    #: The limit the engine actually used.
    limit: Limit

    @property
    def side(self) -> Side:
        """Whose point of view this is."""
        return self.probabilities.side

    @property
    def cubeless_equity(self) -> float:
        """The cubeless money equity (:attr:`Probabilities.cubeless_equity`)."""
        return self.probabilities.cubeless_equity

    @property
    def equity(self) -> float:
        """The equity plays are ranked by: the cubeful one when computed, else the cubeless one."""
        return self.cubeless_equity if self.cubeful_equity is None else self.cubeful_equity

    def flipped(self) -> Evaluation:
        """The same evaluation from the other side's point of view (equities negated)."""
        mwc = self.match_winning_chance
        return attrs.evolve(
            self,
            probabilities=self.probabilities.flipped(),
            cubeful_equity=None if self.cubeful_equity is None else -self.cubeful_equity,
            match_winning_chance=None if mwc is None else 1.0 - mwc,
        )

    def for_side(self, side: Side) -> Evaluation:
        """The evaluation from ``side``'s point of view."""
        return self if Side.coerce(side) == self.side else self.flipped()


@attrs.frozen(kw_only=True)
class RankedPlay:
    """One legal play of a roll with its evaluation (the mover's view) and its loss against the best."""

    #: The play, one of the position's :class:`~nardy.LegalPlays`.
    play: Play
    #: The position after it (the turn passed).
    position: Position
    #: The evaluation after the play, from the point of view of the side that played it.
    evaluation: Evaluation
    #: How much less it is worth than the best play (>= 0; 0 for the best).
    loss: float

    @property
    def equity(self) -> float:
        """The play's equity for the mover (:attr:`Evaluation.equity`)."""
        return self.evaluation.equity

    def __str__(self) -> str:
        return f"{self.play} {self.equity:+.3f} ({-self.loss:+.3f})"


@attrs.frozen(kw_only=True)
class PlayAnalysis:
    """Every legal play of a roll ranked, best first: an engine's hint, a multi-line analysis.

    A sequence of :class:`RankedPlay`; ``analysis[0]`` (:attr:`best`) is the
    best. Ties keep the order of :class:`~nardy.LegalPlays`.
    """

    #: The position the plays start from.
    position: Position
    #: The roll.
    roll: Roll
    #: The plays, best first (all of them, or the ``max_plays`` best).
    plays: tuple[RankedPlay, ...]
    #: The engine that ranked them.
    engine: EngineInfo
    #: The limit the engine actually used.
    limit: Limit

    @property
    def best(self) -> RankedPlay:
        """The best play."""
        return self.plays[0]

    def __len__(self) -> int:
        return len(self.plays)

    def __iter__(self) -> Iterator[RankedPlay]:
        return iter(self.plays)

    @overload
    def __getitem__(self, index: int) -> RankedPlay: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[RankedPlay, ...]: ...
    def __getitem__(self, index: int | slice) -> RankedPlay | tuple[RankedPlay, ...]:
        return self.plays[index]


#: The other name of :class:`PlayAnalysis` (what players ask an engine for).
Hint = PlayAnalysis


def rank(
    position: Position,
    roll: Roll,
    candidates: list[tuple[Play, Position, Evaluation]],
    engine: EngineInfo,
    limit: Limit,
    max_plays: int | None,
) -> PlayAnalysis:
    """Rank evaluated plays best first (a stable sort: ties keep the legal plays' order)."""
    ordered = sorted(candidates, key=lambda c: -c[2].equity)
    best = ordered[0][2].equity if ordered else 0.0
    plays = tuple(
        RankedPlay(play=play, position=after, evaluation=ev, loss=max(0.0, best - ev.equity))
        for play, after, ev in ordered[: len(ordered) if max_plays is None else max_plays]
    )
    return PlayAnalysis(position=position, roll=roll, plays=plays, engine=engine, limit=limit)


# --- cube decisions ----------------------------------------------------------------------------


class CubeAction(enum.Enum):
    """The right cube action for the side on roll, and the opponent's answer (gnubg's names).

    A redouble is a double here.
    """

    NO_DOUBLE = "no double, take"
    #: Not a double, and the opponent would beaver one (money play with
    #: beavers: a double beavered would leave the doubler worse off).
    NO_DOUBLE_BEAVER = "no double, beaver"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    #: Double, and the opponent should beaver (money play with beavers).
    DOUBLE_BEAVER = "double, beaver"
    #: Too good to double: playing on is worth more than the point a pass
    #: gives; the opponent would take.
    TOO_GOOD_TAKE = "too good to double, take"
    #: Too good to double; the opponent would pass.
    TOO_GOOD_PASS = "too good to double, pass"
    #: The side on roll may not double (its opponent owns the cube, the
    #: Crawford game, a cube that already wins it the match); only the
    #: match review meets it, for a double made all the same.
    NOT_AVAILABLE = "no double available"

    @property
    def doubles(self) -> bool:
        """Whether the side on roll should double."""
        return self in (CubeAction.DOUBLE_TAKE, CubeAction.DOUBLE_PASS, CubeAction.DOUBLE_BEAVER)

    @property
    def takes(self) -> bool:
        """Whether the opponent should take (or beaver) a double."""
        return self not in (CubeAction.DOUBLE_PASS, CubeAction.TOO_GOOD_PASS)

    @classmethod
    def of(
        cls, no_double: float, double_take: float, double_pass: float, *, beaver: bool = False
    ) -> CubeAction:
        """The action three cubeful equities (the doubler's) call for (gnubg's ``FindBestCubeDecision``).

        The opponent answers a double with the better of take and pass for
        him (the smaller equity for the doubler); the doubler doubles when
        that answer is worth at least playing on. Playing on worth more
        than the point a pass gives is "too good". ``beaver``: money play
        where the opponent may beaver, which he does when a take leaves the
        doubler at or below 0 (at most -2 is left to a pass); the doubler
        then doubles only if twice the take is still worth playing on.
        """
        nd, dt, dp = no_double, double_take, double_pass
        beavers = beaver and -2.0 <= dt <= 0.0
        if dt >= nd and dp >= nd:
            if dp <= dt:
                return cls.DOUBLE_PASS
            if beavers:
                return cls.NO_DOUBLE_BEAVER if 2.0 * dt < nd else cls.DOUBLE_BEAVER
            return cls.DOUBLE_TAKE
        if nd > dt:
            if dt > dp:
                return cls.TOO_GOOD_PASS
            if nd > dp:
                return cls.TOO_GOOD_TAKE
            return cls.NO_DOUBLE_BEAVER if beavers else cls.NO_DOUBLE
        return cls.TOO_GOOD_PASS


#: gnubg counts a cube decision as close (its ``isCloseCubedecision``)
#: when doubling costs less than this (EMG) against the right action.
CLOSE_CUBE = 0.16


@attrs.frozen(kw_only=True)
class CubeDecision:
    """The cube decision of the side on roll, before it rolls: the action and the three equities.

    The equities are cubeful, the doubler's, in money units of the current
    cube (EMG in a match: a pass is +1). The ``*_error`` methods give what
    each action costs against the right one (0 or more, EMG), as the match
    review charges them.
    """

    #: The position (the side on roll may double).
    position: Position
    #: The right action.
    action: CubeAction
    #: The equity of playing on without doubling.
    no_double: float
    #: The equity after a double and a take.
    double_take: float
    #: The equity after a double and a pass (+1: the cube's value won).
    double_pass: float
    #: The cubeless chances of the side on roll.
    probabilities: Probabilities
    #: The engine.
    engine: EngineInfo
    #: The limit the engine actually used.
    limit: Limit

    @property
    def available(self) -> bool:
        """Whether the side on roll may double (false only in the match review's decisions)."""
        return self.action is not CubeAction.NOT_AVAILABLE

    @property
    def equity(self) -> float:
        """The equity of the right action (no double, or the opponent's best answer to a double)."""
        if not self.available:
            return self.no_double
        return max(self.no_double, min(self.double_take, self.double_pass))

    def no_double_error(self) -> float:
        """What not doubling costs (a missed double; 0 when not doubling is right)."""
        return self.equity - self.no_double

    def double_error(self) -> float:
        """What doubling costs (0 when doubling is right)."""
        return self.equity - min(self.double_take, self.double_pass)

    def take_error(self) -> float:
        """What the opponent's take costs him (0 when taking is right)."""
        return max(self.double_take - self.double_pass, 0.0)

    def pass_error(self) -> float:
        """What the opponent's pass costs him (0 when passing is right)."""
        return max(self.double_pass - self.double_take, 0.0)

    @property
    def close(self) -> bool:
        """Whether gnubg counts the decision as close: doubling costs under 0.16 EMG (``CLOSE_CUBE``)."""
        return self.equity - min(self.double_take, 1.0) < CLOSE_CUBE


# --- rollouts ------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class RolloutResult:
    """A rollout of the position (the side on roll to roll): means and their standard errors."""

    #: The position rolled out.
    position: Position
    #: The mean chances, from the side on roll's point of view.
    probabilities: Probabilities
    #: The standard errors of the five chances, in :meth:`Probabilities.as_tuple`
    #: order; ``None`` where the engine reports only the equity's.
    probability_errors: tuple[float, float, float, float, float] | None
    #: The standard error of the cubeless equity.
    cubeless_error: float
    #: The mean cubeful equity (``None``: a cubeless rollout).
    cubeful_equity: float | None
    #: Its standard error (``None`` with it).
    cubeful_error: float | None
    #: The games actually played out.
    trials: int
    #: The seed of the dice.
    seed: int
    #: The engine.
    engine: EngineInfo
    #: The limit the engine actually used.
    limit: Limit

    @property
    def cubeless_equity(self) -> float:
        """The mean cubeless equity (:attr:`Probabilities.cubeless_equity`)."""
        return self.probabilities.cubeless_equity

    def __attrs_post_init__(self) -> None:
        errors = [self.cubeless_error, *(self.probability_errors or ())]
        if self.cubeful_error is not None:
            errors.append(self.cubeful_error)
        if not all(math.isfinite(e) and e >= 0 for e in errors):
            raise InvalidProbabilitiesError(f"standard errors are finite and >= 0, got {errors}")
