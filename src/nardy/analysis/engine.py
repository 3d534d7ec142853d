"""The engine protocol, and the base class every backend builds on.

:class:`Engine` is what :func:`~nardy.analysis.open_engine` returns: a
synchronous object, batch-first (engines are fast in batches), a context
manager with :meth:`~Engine.close`. :class:`EngineBase` implements the
protocol's checks and plumbing once (the variant, a game that is over,
who may double, abilities, ``close``); a backend writes only its hooks
(:meth:`EngineBase.compute_evaluations` and, where it can,
:meth:`~EngineBase.compute_ranking`, :meth:`~EngineBase.compute_cube`,
:meth:`~EngineBase.compute_rollout`, and :meth:`~EngineBase.compute_chances`,
the fast path of :meth:`EngineBase.cubeless_chances`: plain chances of
packed states, what the match review asks of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import metadata
from types import TracebackType
from typing import ClassVar, Protocol, Self, runtime_checkable

from nardy.analysis.context import Context, context_of
from nardy.analysis.model import complete, model_cube
from nardy.analysis.values import (
    Ability,
    Chances,
    CubeDecision,
    EngineInfo,
    Evaluation,
    Limit,
    PlayAnalysis,
    Probabilities,
    RankedPlay,
    RolloutResult,
    as_chances_many,
    rank,
)
from nardy.engine.state import MOVER_OFF, OPP_OFF, ZERO
from nardy.errors import AnalysisInputError, EngineFailedError, UnsupportedAnalysisError
from nardy.game.id_state import MatchState
from nardy.model.basics import Roll, RollLike, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.variants.base import Variant

__all__ = [
    "Engine",
    "EngineBase",
    "contexts_of",
    "final_evaluation",
    "finished_states",
    "package_version",
]


@runtime_checkable
class Engine(Protocol):
    """An analysis engine: evaluate positions, rank the plays of a roll, cube decisions, rollouts.

    Every method takes an optional :class:`~nardy.analysis.Limit` (``None``:
    ``Limit()``, the engine's fastest) and ``match=``, a
    :class:`~nardy.MatchState` for the cube and the score (``None``: money
    play, cube centred; see :mod:`nardy.analysis.context`: the position says
    who is on roll). An analysis the engine cannot do raises
    :class:`~nardy.errors.UnsupportedAnalysisError`; a variant it does not
    play or a finished game :class:`~nardy.errors.AnalysisInputError`.
    """

    @property
    def info(self) -> EngineInfo:
        """The engine's name, version and abilities."""
        ...

    def evaluate(
        self, position: Position, limit: Limit | None = None, *, match: MatchState | None = None
    ) -> Evaluation:
        """The evaluation of ``position`` for its side on roll, before it rolls."""
        ...

    def evaluate_many(
        self,
        positions: Sequence[Position],
        limit: Limit | None = None,
        *,
        match: MatchState | None = None,
    ) -> list[Evaluation]:
        """:meth:`evaluate` of each position, in one batch."""
        ...

    def rank_plays(
        self,
        position: Position,
        roll: RollLike,
        limit: Limit | None = None,
        *,
        match: MatchState | None = None,
        max_plays: int | None = None,
    ) -> PlayAnalysis:
        """Every legal play of ``roll`` ranked best first (the ``max_plays`` best, if given)."""
        ...

    def best_play(
        self,
        position: Position,
        roll: RollLike,
        limit: Limit | None = None,
        *,
        match: MatchState | None = None,
    ) -> RankedPlay:
        """The best play of ``roll``."""
        ...

    def cube(
        self, position: Position, limit: Limit | None = None, *, match: MatchState | None = None
    ) -> CubeDecision:
        """The cube decision of the side on roll, before it rolls."""
        ...

    def rollout(
        self, position: Position, limit: Limit | None = None, *, match: MatchState | None = None
    ) -> RolloutResult:
        """A rollout of ``position`` (the side on roll to roll), ``limit.trials`` games."""
        ...

    def close(self) -> None:
        """Release the engine (a process ends); using it afterwards raises :class:`~nardy.errors.EngineFailedError`."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...


def _limit(limit: Limit | None) -> Limit:
    if limit is None:
        return Limit()
    if not isinstance(limit, Limit):
        raise AnalysisInputError(
            f"limit takes a nardy.analysis.Limit or None, got {type(limit).__name__}"
        )
    return limit


def final_evaluation(position: Position, engine: EngineInfo, limit: Limit) -> Evaluation:
    """The exact evaluation of a finished position for its side on roll.

    A single game, a gammon and a backgammon are told apart by the points
    the result is worth (1, 2, 3 or more); a draw counts as half a win.
    Cubeless: the cube model (:func:`nardy.analysis.model.complete`) adds
    the cubeful figures where it knows the variant.
    """
    result = position.result()
    if result is None:
        raise AnalysisInputError(f"the game is not over in {position.id()}")
    level = min(max(result.points, 1), 3)
    won = 1.0 if result.winner == position.turn else 0.0
    if result.winner is None:
        chances = (0.5, 0.0, 0.0, 0.0, 0.0)
    elif won:
        chances = (1.0, float(level >= 2), float(level >= 3), 0.0, 0.0)
    else:
        chances = (0.0, 0.0, 0.0, float(level >= 2), float(level >= 3))
    probabilities = Probabilities.from_tuple(position.turn, chances)
    return Evaluation(
        position=position,
        probabilities=probabilities,
        cubeful_equity=None,
        match_winning_chance=None,
        engine=engine,
        limit=limit.replace(cubeful=False),
    )


def finished_states(variant: Variant, turn: Side, states: Sequence[bytes]) -> list[bool]:
    """Whether the game is over in each packed state (``turn`` on roll), as ``Position.result()`` says.

    Read from two bytes of each state where ``variant`` ends its games the
    usual way (a side has borne off every checker); otherwise through a
    Position.
    """
    kind = type(variant)
    if kind.is_over is not Variant.is_over or kind.result is not Variant.result:
        return [Position.from_packed(variant, turn, s).result() is not None for s in states]
    done = variant.checkers + ZERO
    if not states:
        return []
    # (Nobody bears off more than all his checkers: the largest off count of
    # each side, read in C from the states laid end to end, says "none".)
    size = len(states[0])
    if set(map(len, states)) == {size}:
        joined = b"".join(states)
        if max(joined[MOVER_OFF::size]) < done and max(joined[OPP_OFF::size]) < done:
            return [False] * len(states)
    return [s[MOVER_OFF] == done or s[OPP_OFF] == done for s in states]


def contexts_of(positions: Sequence[Position], match: MatchState | None) -> list[Context]:
    """:func:`~nardy.analysis.context_of` of each position, built once per side on roll (batches are long)."""
    by_side: dict[object, Context] = {}
    out = []
    for p in positions:
        context = by_side.get(p.turn)
        if context is None:
            context = by_side[p.turn] = context_of(p, match)
        out.append(context)
    return out


def package_version(distribution: str) -> str:
    """The installed version of a distribution (``"unknown"`` if its metadata is missing)."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


class EngineBase:
    """The protocol's checks and plumbing, written once; a backend fills in the ``compute_`` hooks.

    A backend class says what it is in class attributes (read without
    opening it, and so without importing its engine: ``nardy engines``
    lists them so): :attr:`NAME`, :attr:`DISTRIBUTION`, :attr:`ABILITIES`,
    :attr:`VARIANTS`, :attr:`DESCRIPTION`.
    """

    #: The name :func:`~nardy.analysis.open_engine` takes.
    NAME: ClassVar[str] = ""
    #: The engine's distribution (its version is the engine's); nardy's own for the heuristic.
    DISTRIBUTION: ClassVar[str] = "nardy"
    #: What it can do (its own abilities and those of :attr:`~nardy.analysis.EngineBase.MODELLED`).
    ABILITIES: ClassVar[frozenset[Ability]] = frozenset()
    #: The abilities nardy's cube model gives it over its cubeless chances
    #: (:mod:`nardy.analysis.model`), a part of :attr:`ABILITIES`.
    MODELLED: ClassVar[frozenset[Ability]] = frozenset()
    #: The variants it plays (``None``: every variant).
    VARIANTS: ClassVar[frozenset[str] | None] = None
    #: One honest line on what it is and how strong.
    DESCRIPTION: ClassVar[str] = ""

    def __init__(self) -> None:
        self._info = self.describe()
        self._closed = False

    @classmethod
    def describe(cls) -> EngineInfo:
        """The backend's :class:`EngineInfo`, its version from the installed metadata (nothing imported)."""
        return EngineInfo(
            name=cls.NAME,
            version=package_version(cls.DISTRIBUTION),
            abilities=cls.ABILITIES | cls.MODELLED,
            modelled=cls.MODELLED,
            variants=cls.VARIANTS,
            description=cls.DESCRIPTION,
        )

    @property
    def info(self) -> EngineInfo:
        """The engine's name, version and abilities."""
        return self._info

    # --- the hooks ------------------------------------------------------------------

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """Evaluate checked positions (each for its side on roll): every backend writes this."""
        raise NotImplementedError

    def compute_ranking(
        self, plays: LegalPlays, limit: Limit, match: MatchState | None
    ) -> list[tuple[int, Evaluation]]:
        """Each legal play's index with its evaluation from the mover's view.

        By default: every resulting position evaluated in one batch
        (:meth:`compute_evaluations`, the opponent on roll) and flipped.
        """
        after = list(plays.resulting_positions())
        going = [i for i, p in enumerate(after) if p.result() is None]
        positions = [after[i] for i in going]
        contexts = contexts_of(positions, match)
        found = self.evaluations(positions, limit, contexts) if positions else []
        evaluations = dict(zip(going, found))
        return [
            (
                i,
                (
                    evaluations[i]
                    if i in evaluations
                    else complete(self.final(p, limit), context_of(p, match), cubeful=limit.cubeful)
                ).flipped(),
            )
            for i, p in enumerate(after)
        ]

    def evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """:meth:`compute_evaluations`, with the cube model's figures where the engine gave none."""
        found = self.compute_evaluations(positions, limit, contexts)
        return [
            complete(ev, c, cubeful=limit.cubeful) for ev, c in zip(found, contexts, strict=True)
        ]

    def final(self, position: Position, limit: Limit) -> Evaluation:
        """The exact evaluation of a finished position, for its side on roll (the loser)."""
        return final_evaluation(position, self._info, limit)

    def compute_chances(
        self, variant: Variant, turn: Side, states: list[bytes], limit: Limit
    ) -> Sequence[Sequence[float]] | None:
        """The cubeless chances of checked packed states (the side on roll's), unchecked: a fast path.

        Five numbers per state in gnubg's order, what :meth:`compute_evaluations`
        would give, without an :class:`Evaluation` each; ``None`` (the
        default) when the backend has no such path (then
        :meth:`cubeless_chances` goes through :meth:`evaluate_many`).
        """
        return None

    def compute_cube(self, position: Position, limit: Limit, context: Context) -> CubeDecision:
        """The engine's own cube decision of a checked position whose side on roll may double."""
        raise self.unsupported("cube decisions")

    def model_cube(self, position: Position, limit: Limit, context: Context) -> CubeDecision:
        """The cube model's decision over the engine's cubeless chances (:func:`nardy.analysis.model.model_cube`)."""
        found = self.compute_evaluations([position], limit, [context])[0]
        return model_cube(position, found.probabilities, context, self._info, found.limit)

    def compute_rollout(self, position: Position, limit: Limit, context: Context) -> RolloutResult:
        """A rollout of a checked position."""
        raise self.unsupported("rollouts")

    # --- the protocol -------------------------------------------------------------------

    def evaluate(
        self, position: Position, limit: Limit | None = None, *, match: MatchState | None = None
    ) -> Evaluation:
        """The evaluation of ``position`` for its side on roll, before it rolls."""
        return self.evaluate_many([position], limit, match=match)[0]

    def evaluate_many(
        self,
        positions: Sequence[Position],
        limit: Limit | None = None,
        *,
        match: MatchState | None = None,
    ) -> list[Evaluation]:
        """:meth:`evaluate` of each position, in one batch."""
        used = self._start(Ability.EVALUATE, "evaluation", limit)
        checked = [self.check_position(p) for p in positions]
        if not checked:
            return []
        return self.evaluations(checked, used, contexts_of(checked, match))

    def cubeless_chances(
        self,
        variant: Variant,
        turn: Side,
        states: Sequence[bytes],
        limit: Limit | None = None,
    ) -> list[Chances]:
        """The cubeless chances of many positions given as packed states, as plain 5-tuples.

        Each state is a :attr:`Position.packed <nardy.Position.packed>` of
        ``variant`` with ``turn`` on roll (not validated, as
        :meth:`Position.from_packed <nardy.Position.from_packed>`). The
        answer is, state by state, :meth:`evaluate_many`'s
        ``probabilities.as_tuple()`` at ``limit`` made cubeless, without a
        Position or an :class:`Evaluation` per state where the backend has a
        fast path (``gnubg-nn``, ``sage``): the match review's batches. The
        answers are checked together (:func:`~nardy.analysis.values.as_chances_many`):
        one that is not five chances raises
        :class:`~nardy.errors.InvalidProbabilitiesError` naming its
        position; a finished position raises
        :class:`~nardy.errors.AnalysisInputError` as :meth:`evaluate_many` does.
        """
        used = self._start(Ability.EVALUATE, "evaluation", limit).replace(cubeful=False)
        turn = Side.coerce(turn)
        if not self._info.plays(variant.name):
            plays = ", ".join(sorted(self._info.variants or ()))
            raise AnalysisInputError(
                f"the {self._info.name} engine plays {plays}, not {variant.name}"
            )
        states = list(states)
        over = finished_states(variant, turn, states)
        if any(over):
            position = Position.from_packed(variant, turn, states[over.index(True)])
            raise AnalysisInputError(f"the game is over in {position.id()}: nothing to analyse")
        if not states:
            return []
        answers = self.compute_chances(variant, turn, states, used)
        if answers is None:
            positions = [Position.from_packed(variant, turn, s) for s in states]
            answers = [ev.probabilities.as_tuple() for ev in self.evaluate_many(positions, used)]
        if len(answers) != len(states):
            raise EngineFailedError(
                f"the {self._info.name} engine gave {len(answers)} answers for {len(states)} positions"
            )

        def name(index: int) -> str:
            position = Position.from_packed(variant, turn, states[index])
            return f"the {self._info.name} engine's chances for {position.id()}"

        return as_chances_many(answers, name)

    def rank_plays(
        self,
        position: Position,
        roll: RollLike,
        limit: Limit | None = None,
        *,
        match: MatchState | None = None,
        max_plays: int | None = None,
    ) -> PlayAnalysis:
        """Every legal play of ``roll`` ranked best first (the ``max_plays`` best, if given)."""
        used = self._start(Ability.RANK_PLAYS, "ranking plays", limit)
        if max_plays is not None and (
            isinstance(max_plays, bool) or not isinstance(max_plays, int) or max_plays < 1
        ):
            raise AnalysisInputError(f"max_plays is a positive integer or None, got {max_plays!r}")
        plays = self.check_position(position).legal_plays(Roll.coerce(roll))
        context_of(position, match)  # the state is checked before the engine runs
        ranked = self.compute_ranking(plays, used, match)
        mover = context_of(position, match)
        candidates = [
            (plays[i], plays.resulting_position(i), complete(ev, mover, cubeful=used.cubeful))
            for i, ev in ranked
        ]
        limit_used = ranked[0][1].limit if ranked else used
        return rank(position, plays.roll, candidates, self._info, limit_used, max_plays)

    def best_play(
        self,
        position: Position,
        roll: RollLike,
        limit: Limit | None = None,
        *,
        match: MatchState | None = None,
    ) -> RankedPlay:
        """The best play of ``roll``."""
        return self.rank_plays(position, roll, limit, match=match).best

    def cube(
        self, position: Position, limit: Limit | None = None, *, match: MatchState | None = None
    ) -> CubeDecision:
        """The cube decision of the side on roll, before it rolls.

        :class:`~nardy.errors.AnalysisInputError` when it may not double
        (its opponent owns the cube, the Crawford game).
        """
        used = _limit(limit)
        self._check_open()
        context = context_of(self.check_position(position), match)
        if not context.may_double:
            raise AnalysisInputError(
                f"{position.turn} may not double here: {context.why_not_double()}"
            )
        needed = Ability.CUBE_MONEY if context.money else Ability.CUBE_MATCH
        if not self._info.can(needed):
            raise self.unsupported(f"{'money' if context.money else 'match'} cube decisions")
        if needed in self._info.modelled:
            return self.model_cube(position, used, context)
        return self.compute_cube(position, used, context)

    def rollout(
        self, position: Position, limit: Limit | None = None, *, match: MatchState | None = None
    ) -> RolloutResult:
        """A rollout of ``position`` (the side on roll to roll), ``limit.trials`` games."""
        used = self._start(Ability.ROLLOUT, "rollouts", limit)
        context = context_of(self.check_position(position), match)
        return self.compute_rollout(position, used, context)

    def close(self) -> None:
        """Release the engine; using it afterwards raises :class:`~nardy.errors.EngineFailedError`."""
        self._closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = " closed" if self._closed else ""
        return f"<{type(self).__name__} {self._info.name} {self._info.version}{state}>"

    # --- checks ----------------------------------------------------------------------------

    def unsupported(self, what: str) -> UnsupportedAnalysisError:
        """The error for an analysis this engine cannot do (``what``: "rollouts", ...)."""
        return UnsupportedAnalysisError(f"the {self._info.name} engine cannot do {what}")

    def check_position(self, position: Position) -> Position:
        """``position`` if this engine plays its variant and the game is not over."""
        if not isinstance(position, Position):
            raise AnalysisInputError(
                f"a position is a nardy.Position, got {type(position).__name__}"
            )
        name = position.variant.name
        if not self._info.plays(name):
            plays = ", ".join(sorted(self._info.variants or ()))
            raise AnalysisInputError(f"the {self._info.name} engine plays {plays}, not {name}")
        if position.result() is not None:
            raise AnalysisInputError(f"the game is over in {position.id()}: nothing to analyse")
        return position

    def _check_open(self) -> None:
        if self._closed:
            raise EngineFailedError(f"the {self._info.name} engine is closed")

    def _start(self, ability: Ability, what: str, limit: Limit | None) -> Limit:
        used = _limit(limit)
        self._check_open()
        if not self._info.can(ability):
            raise self.unsupported(what)
        return used
