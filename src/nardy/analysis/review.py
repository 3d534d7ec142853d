"""The match review: every decision of a played game or match scored as gnubg scores it at 0-ply.

:func:`review_match` (and :func:`review_game`) replays a record read by
nardy's readers (:func:`nardy.formats.load_mat`, the SGF reader) and asks
an engine (:func:`~nardy.analysis.open_engine`) for the **cubeless
chances** of every position a decision can lead to -- every play of the 21
rolls at each move, batched through :meth:`Engine.evaluate_many
<nardy.analysis.Engine.evaluate_many>` -- and turns them cubeful with
gnubg's 0-ply cube model (:mod:`nardy.analysis.cube`). It finds for each
decision the action taken, the best one and the error, and the luck of
each roll; then per player and game the totals and rates of
:class:`~nardy.analysis.report.PlayerStats`. The definitions are GNU
Backgammon's (``analysis.c``):

* a checker play's score is its cubeful 0-ply equity
  (:func:`nardy.analysis.cube.play_score`), its **error** the best play's
  score minus its own, in EMG (normalised to the cube); only plays with a
  choice (unforced) count;
* a **cube decision** is scored before each roll where the side on roll
  may double (a missed double costs ``optimal - no double``), at each
  double (``optimal - min(double/take, double/pass)``) and at each take or
  pass (the taker's loss against the other answer); a decision is *close*
  when doubling costs less than 0.16;
* the **luck** of a roll is the best play's score for it minus the average
  of that over the 21 rolls (36 weighted); for the opening roll, the
  average over the 30 non-double rolls of both players;
* errors and luck in MWC are ``(W - L) / 2`` times the EMG figure, ``W``
  and ``L`` the MWC of winning and losing the cube's value (in money play
  the cube's value times it).

Errors are given as positive costs (gnubg prints them negated).

**Engines.** Any engine that evaluates backgammon serves: the review uses
only its cubeless chances (``Limit(cubeful=False)``), so an engine's own
cubeful figures are not used, and the figures are gnubg's at 0-ply when
the chances are gnubg's 0-ply net's (``gnubg-nn``, ``gnubg``). With
``Limit(plies=n)`` the chances are the engine's at ``n`` plies under the
same 0-ply cube model: not gnubg's n-ply analysis. The heuristic engine
works too (quickly, weakly). A plain callable (:data:`Evaluator`) may
stand for the engine.

**Variants.** The cube model, its position classes and the match equity
table are backgammon's: the review takes backgammon and nackgammon games
and refuses others with :class:`~nardy.errors.ReviewError` (a checker-play
review of another variant would need that variant's cubeless evaluator and
a cube model of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import filterfalse
from typing import Any

import attrs

from nardy.analysis.context import Context, Owner
from nardy.analysis.cube import equity_to_mwc, play_scores
from nardy.analysis.efficiency import packed_cube_efficiencies
from nardy.analysis.engine import Engine, EngineBase, final_evaluation, finished_states
from nardy.analysis.met import kazaross_xg2
from nardy.analysis.model import MODEL_VARIANTS, model_cube
from nardy.analysis.report import Decision, GameReview, MatchReview, PlayerStats
from nardy.analysis.values import (
    Ability,
    Chances,
    CubeDecision,
    EngineInfo,
    Limit,
    Probabilities,
    as_chances_many,
)
from nardy.engine.state import code_of_steps
from nardy.errors import AnalysisInputError, InvalidProbabilitiesError, ReviewError
from nardy.formats.replay import MatchRecord
from nardy.game.actions import ActionKind
from nardy.game.game import Game
from nardy.model.basics import Side
from nardy.model.legal import LegalPlays
from nardy.model.play import Play
from nardy.model.position import Position
from nardy.variants.base import Variant

__all__ = ["Evaluator", "Progress", "review_game", "review_match"]

#: An evaluator: positions (each seen by its side to move) to their cubeless
#: chances, five floats each in gnubg's order (win, win gammon, win
#: backgammon, lose gammon, lose backgammon), in the same order. What the
#: review asks of an engine; a plain callable of this shape may stand for one.
Evaluator = Callable[[Sequence[Position]], Sequence[Sequence[float]]]

#: A progress callback: ``progress(done, total)`` after each move reviewed.
Progress = Callable[[int, int], None]

# The 21 rolls with their weights out of 36, and the 30 rolls of an opening.
_ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))
_WEIGHT = {roll: 1 if roll[0] == roll[1] else 2 for roll in _ROLLS}

#: Who stands for a plain evaluator callable in a review's ``engine``.
EVALUATOR_INFO = EngineInfo(
    name="evaluator",
    version="",
    abilities=frozenset({Ability.EVALUATE}),
    variants=None,
    description="a plain evaluator callable",
)


#: What the review calls for chances: a batch of packed states (``Position.packed``) of one
#: variant, one side on roll, to their five chances each, checked (a ReviewError otherwise).
_Batch = Callable[[Variant, Side, list[bytes]], list[Chances]]


def _seam(engine: Engine | Evaluator, limit: Limit | None) -> tuple[_Batch, EngineInfo, Limit]:
    """The batch evaluator the review calls, the engine's info and the limit it uses."""
    used = Limit() if limit is None else limit
    if not isinstance(used, Limit):
        raise AnalysisInputError(f"limit takes a nardy.analysis.Limit or None, got {limit!r}")
    used = used.replace(cubeful=False)
    if isinstance(engine, Engine):
        return _engine_batch(engine, used), engine.info, used
    if callable(engine):
        return _evaluator_batch(engine), EVALUATOR_INFO, used
    raise AnalysisInputError(
        f"the review takes an engine (open_engine) or an evaluator callable, got {engine!r}"
    )


def _evaluator_batch(evaluator: Evaluator) -> _Batch:
    """A plain evaluator as a batch: it is given every position, finished or not; its answers checked."""

    def evaluate(variant: Variant, turn: Side, states: list[bytes]) -> list[Chances]:
        positions = [Position.from_packed(variant, turn, s) for s in states]
        answers = evaluator(positions)
        if len(answers) != len(positions):
            raise ReviewError(
                f"the evaluator gave {len(answers)} answers for {len(positions)} positions"
            )
        try:
            return as_chances_many(
                answers, lambda i: f"the evaluator's chances for {positions[i].id()}"
            )
        except InvalidProbabilitiesError as exc:
            raise ReviewError(str(exc)) from None

    return evaluate


def _engine_batch(engine: Engine, limit: Limit) -> _Batch:
    """The engine's cubeless chances in one batch; finished positions scored exactly here.

    nardy's engines answer packed states straight (:meth:`EngineBase.cubeless_chances
    <nardy.analysis.EngineBase.cubeless_chances>`: no object per position, a tenth of
    the time); another engine is asked through :meth:`Engine.evaluate_many
    <nardy.analysis.Engine.evaluate_many>`.
    """

    def evaluate(variant: Variant, turn: Side, states: list[bytes]) -> list[Chances]:
        over = finished_states(variant, turn, states)
        going = [s for s, done in zip(states, over, strict=True) if not done]
        found = iter(_engine_chances(engine, limit, variant, turn, going) if going else [])
        return [
            _final(variant, turn, s, engine.info, limit) if done else next(found)
            for s, done in zip(states, over, strict=True)
        ]

    return evaluate


def _engine_chances(
    engine: Engine, limit: Limit, variant: Variant, turn: Side, states: list[bytes]
) -> list[Chances]:
    """The engine's chances of unfinished states (checked by the engine)."""
    if isinstance(engine, EngineBase):
        return engine.cubeless_chances(variant, turn, states, limit)
    positions = [Position.from_packed(variant, turn, s) for s in states]
    return [e.probabilities.as_tuple() for e in engine.evaluate_many(positions, limit)]


def _final(variant: Variant, turn: Side, state: bytes, info: EngineInfo, limit: Limit) -> Chances:
    position = Position.from_packed(variant, turn, state)
    return final_evaluation(position, info, limit).probabilities.as_tuple()


# --- the review -----------------------------------------------------------------------------


def review_match(
    record: MatchRecord,
    engine: Engine | Evaluator,
    limit: Limit | None = None,
    *,
    games: Collection[int] | None = None,
    progress: Progress | None = None,
) -> MatchReview:
    """Review every game of a match or money-session record with ``engine`` (see the module doc).

    ``limit``: the plies of the engine's chances (default 0, gnubg's
    review); the review always asks for cubeless chances. ``games``: the
    numbers (from 1) of the games to review, the others only counted for
    the score (default: all). ``progress(done, total)`` is called after
    each move reviewed. Raises :class:`~nardy.errors.ReviewError` for a
    game of a variant outside backgammon's cube model, an engine that does
    not play it, or an evaluator whose answer is not one set of five
    chances per position.
    """
    evaluator, info, used = _seam(engine, limit)
    chosen = [
        (number, game)
        for number, game in enumerate(record.games, start=1)
        if games is None or number in games
    ]
    for _, game in chosen:
        _check_game(game, info)
    counter = _Counter(progress, sum(_moves(game) for _, game in chosen))
    scores = _scores(record)
    memo = _Memo()
    reviewed = [
        _review(game, number, scores[number - 1], record, (evaluator, memo), counter, (info, used))
        for number, game in chosen
    ]
    players = (
        _sum_stats(record.players[0], [g.players[0] for g in reviewed]),
        _sum_stats(record.players[1], [g.players[1] for g in reviewed]),
    )
    return MatchReview(record.length, tuple(reviewed), players, info, used)


def review_game(
    game: Game,
    engine: Engine | Evaluator,
    limit: Limit | None = None,
    *,
    length: int = 0,
    score: tuple[int, int] = (0, 0),
    names: tuple[str, str] = ("player 0", "player 1"),
    progress: Progress | None = None,
) -> GameReview:
    """Review one game played at ``score`` (players 0 and 1) of a ``length``-point match (0: money).

    As :func:`review_match` for the rest.
    """
    evaluator, info, used = _seam(engine, limit)
    _check_game(game, info)
    record = MatchRecord(length, names, (), (game,), None)
    counter = _Counter(progress, _moves(game))
    return _review(game, 1, score, record, (evaluator, _Memo()), counter, (info, used))


def _scores(record: MatchRecord) -> list[tuple[int, int]]:
    """The score (players 0 and 1) before each game of the record."""
    score = [0, 0]
    out = []
    for game in record.games:
        out.append((score[0], score[1]))
        if game.outcome is not None and game.outcome.winner is not None:
            score[game.player(game.outcome.winner)] += int(game.outcome.points)
    return out


def _check_game(game: Game, info: EngineInfo) -> None:
    name = game.variant.name
    if name not in MODEL_VARIANTS:
        raise ReviewError(
            f"the review scores {' and '.join(sorted(MODEL_VARIANTS))} games (gnubg's cube "
            f"model and match equity table are backgammon's), not {name}"
        )
    if not info.plays(name):
        raise ReviewError(f"the {info.name} engine does not play {name}")


def _moves(game: Game) -> int:
    """The checker plays of a game (what the progress counts)."""
    return sum(1 for action in game.history if action.kind is ActionKind.PLAY)


class _Counter:
    """Counts the moves reviewed for a progress callback."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0

    def step(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)


def _sum_stats(name: str, parts: Iterable[PlayerStats]) -> PlayerStats:
    total = PlayerStats(name)
    for part in parts:
        total = attrs.evolve(
            total,
            **{
                f.name: getattr(total, f.name) + getattr(part, f.name)
                for f in attrs.fields(PlayerStats)
                if f.name != "name"
            },
        )
    return total


def _review(
    game: Game,
    number: int,
    score: tuple[int, int],
    record: MatchRecord,
    evaluator: tuple[_Batch, _Memo],
    counter: _Counter,
    engine: tuple[EngineInfo, Limit],
) -> GameReview:
    run = _GameRun(game, number, score, record, evaluator, engine)
    run.counter = counter
    run.replay()
    return GameReview(number, score, tuple(run.decisions), run.stats(), *engine)


class _Memo:
    """The chances and cube efficiency of each position a review has met, shared by its games.

    By side on roll, then packed state (positions recur from game to game:
    the openings, the bear-offs); the two together, read in one look-up.
    """

    def __init__(self) -> None:
        self.seen: dict[Side, dict[bytes, tuple[Chances, float]]] = {Side.WHITE: {}, Side.BLACK: {}}


class _GameRun:
    """The review of one game: replays its history, scoring each decision."""

    def __init__(
        self,
        game: Game,
        number: int,
        score: tuple[int, int],
        record: MatchRecord,
        evaluator: tuple[_Batch, _Memo],
        engine: tuple[EngineInfo, Limit],
    ) -> None:
        self.game = game
        self.engine, self.limit = engine
        self.counter = _Counter(None, 0)
        self.number = number
        self.score = score
        self.length = record.length
        self.names = record.players
        self.evaluator, memo = evaluator
        self.decisions: list[Decision] = []
        self.seen = memo.seen
        self.start = game.variant.starting_position().packed
        self.offer: tuple[CubeDecision, Context] | None = None
        self.met = kazaross_xg2()

    # --- the state ----------------------------------------------------------------------

    def info(self, state: Game, side: Side) -> Context:
        """The cube state seen by ``side``."""
        cube = state.cube
        if cube.owner is None:
            owner = Owner.CENTRED
        else:
            owner = Owner.MOVER if cube.owner == side else Owner.OPPONENT
        if not self.length:
            options = state.options
            return Context(
                cube=cube.value, owner=owner, jacoby=options.jacoby, beaver=options.beaver
            )
        me = state.player(side)
        return Context(
            away=self.length - self.score[me],
            opponent_away=self.length - self.score[1 - me],
            cube=cube.value,
            owner=owner,
            crawford=state.crawford,
            met=self.met,
        )

    def to_mwc(self, equity: float, info: Context) -> float:
        """An EMG amount (an error, a luck) in MWC; in money play, in points."""
        if info.money:
            return info.cube * equity
        return equity_to_mwc(equity, info) - equity_to_mwc(0.0, info)

    # --- evaluations ---------------------------------------------------------------------

    def evaluate(self, turn: Side, states: Iterable[bytes]) -> None:
        """Evaluate, in one call, the positions (packed states, ``turn`` on roll) not met before."""
        known = self.seen[turn]
        wanted = list(filterfalse(known.__contains__, dict.fromkeys(states)))
        if not wanted:
            return
        variant = self.game.variant
        chances = self.evaluator(variant, turn, wanted)
        if len(chances) != len(wanted):
            raise ReviewError(
                f"the evaluator gave {len(chances)} answers for {len(wanted)} positions"
            )
        known.update(zip(wanted, zip(chances, packed_cube_efficiencies(variant, wanted))))

    def scores(self, position: Position, info: Context) -> dict[tuple[int, int], list[float]]:
        """Every play's score (EMG) for each of the 21 rolls from ``position``."""
        flip = position.variant.packed_flipper()
        # The states after each play, the turn passed (Position.packed of resulting_position).
        legal = {roll: list(map(flip, position.legal_plays(roll).raw_results())) for roll in _ROLLS}
        turn = position.turn.opponent
        self.evaluate(turn, [s for after in legal.values() for s in after])
        known = self.seen[turn]
        out = {}
        for roll, after in legal.items():
            chances, efficiencies = zip(*map(known.__getitem__, after))
            out[roll] = play_scores(chances, info, efficiencies)
        return out

    # --- the replay ----------------------------------------------------------------------

    def replay(self) -> None:
        """Score every decision of the game's history."""
        states = list(self.game.states())
        for state, action in zip(states, self.game.history, strict=False):
            kind = action.kind
            side = action.side
            if side is None:
                continue
            if kind is ActionKind.ROLL:
                info = self.info(state, side)
                if info.may_double and state.position.packed != self.start:
                    self.cube(state, side, info, "no double")
            elif kind is ActionKind.DOUBLE:
                info = self.info(state, side)
                self.offer = (self.cube(state, side, info, "double"), info)
            elif kind in (ActionKind.TAKE, ActionKind.BEAVER, ActionKind.DROP):
                self.answer(state, side, "pass" if kind is ActionKind.DROP else "take")
            elif kind is ActionKind.PLAY and action.play is not None:
                self.play(state, side, action.play)

    def cube(self, state: Game, side: Side, info: Context, kind: str) -> CubeDecision:
        """Score the cube decision of ``side`` before its roll: ``kind`` is what it did."""
        position = state.position
        self.evaluate(position.turn, [position.packed])
        chances = Probabilities.from_tuple(side, self.seen[position.turn][position.packed][0])
        decision = model_cube(position, chances, info, self.engine, self.limit)
        error = decision.double_error() if kind == "double" else decision.no_double_error()
        self.decisions.append(
            Decision(
                game=self.number,
                player=state.player(side),
                kind=kind,
                roll=None,
                played=kind,
                best=decision.action.value,
                error=error,
                error_mwc=self.to_mwc(error, info),
                close=kind == "double" or decision.close,
                position=position.id(),
            )
        )
        return decision

    def answer(self, state: Game, side: Side, kind: str) -> None:
        """Score a take or a pass of the double offered."""
        if self.offer is None:
            return
        decision, info = self.offer
        error = decision.take_error() if kind == "take" else decision.pass_error()
        best = "take" if decision.double_take <= decision.double_pass else "pass"
        self.decisions.append(
            Decision(
                game=self.number,
                player=state.player(side),
                kind=kind,
                roll=None,
                played=kind,
                best=best,
                error=error,
                error_mwc=self.to_mwc(error, info),
                position=state.position.id(),
            )
        )
        self.offer = None

    def play(self, state: Game, side: Side, play: Play) -> None:
        """Score a checker play and the luck of its roll."""
        position = state.position
        info = self.info(state, side)
        roll = (play.roll.high, play.roll.low)
        scores = self.scores(position, info)
        best = {r: max(s) for r, s in scores.items()}
        if position.packed == self.start and roll[0] != roll[1]:
            mean = self.opening_mean(position, info, best)
        else:
            mean = sum(_WEIGHT[r] * best[r] for r in _ROLLS) / 36.0
        luck = best[roll] - mean
        legal = position.legal_plays(play.roll)
        index = _play_index(legal, play)
        mine = scores[roll]
        top = max(range(len(mine)), key=mine.__getitem__)
        error = mine[top] - mine[index]
        self.decisions.append(
            Decision(
                game=self.number,
                player=state.player(side),
                kind="play",
                roll=roll,
                played=play.notation(),
                best=legal.notations()[top],
                error=error,
                error_mwc=self.to_mwc(error, info),
                luck=luck,
                luck_mwc=self.to_mwc(luck, info),
                unforced=len(legal) > 1,
                position=position.id(),
            )
        )
        self.counter.step()

    def opening_mean(
        self, position: Position, info: Context, best: dict[tuple[int, int], float]
    ) -> float:
        """The mean over the 30 non-double opening rolls of either player (gnubg's LuckFirst)."""
        theirs = self.scores(position.pass_turn(), info.flipped())
        total = 0.0
        for roll in _ROLLS:
            if roll[0] != roll[1]:
                total += best[roll] - max(theirs[roll])
        return total / 30.0

    # --- totals --------------------------------------------------------------------------

    def stats(self) -> tuple[PlayerStats, PlayerStats]:
        """Each player's totals over the game's decisions."""
        counts: list[dict[str, float]] = [{}, {}]
        for d in self.decisions:
            c = counts[d.player]
            if d.kind == "play":
                _add(c, moves=1, luck_total=d.luck or 0.0, luck_total_mwc=d.luck_mwc or 0.0)
                if d.unforced:
                    _add(
                        c,
                        unforced_moves=1,
                        checker_error_total=d.error,
                        checker_error_total_mwc=d.error_mwc,
                    )
                continue
            _add(
                c,
                cube_decisions=1,
                close_cube_decisions=1 if d.close else 0,
                cube_error_total=d.error,
                cube_error_total_mwc=d.error_mwc,
            )
            if d.kind in ("double", "take", "pass"):
                _add(c, **{d.kind + ("s" if d.kind != "pass" else "es"): 1})
        result = self.result()
        for p in (0, 1):
            luck = counts[p].get("luck_total_mwc", 0.0) - counts[1 - p].get("luck_total_mwc", 0.0)
            _add(counts[p], actual_result=result[p], luck_adjusted_result=result[p] - luck)
        return (
            _stats(self.names[0], counts[0]),
            _stats(self.names[1], counts[1]),
        )

    def result(self) -> tuple[float, float]:
        """What the game's result gave each player: MWC in a match, points in money play."""
        outcome = self.game.outcome
        if outcome is None or outcome.winner is None:
            return (0.0, 0.0)
        winner = self.game.player(outcome.winner)
        points = int(outcome.points)
        if not self.length:
            gain = float(points)
        else:
            met = self.met
            away = (self.length - self.score[winner], self.length - self.score[1 - winner])
            one_away = 1 in away
            before = met.mwc(*away, post_crawford=one_away and not self.game.crawford)
            after = met.mwc(away[0] - points, away[1], post_crawford=one_away)
            gain = after - before
        return (gain, -gain) if winner == 0 else (-gain, gain)


def _play_index(legal: LegalPlays, play: Play) -> int:
    """The index of ``play`` among ``legal``, as :meth:`LegalPlays.locate <nardy.LegalPlays.locate>` finds it.

    First by its packed steps among the set's (no Play object built for
    each legal play, as locate builds them); a play with other steps but a
    legal result, by locate.
    """
    codes = legal.raw_codes()
    code = code_of_steps(tuple((s.src, s.dst, s.die, s.hit) for s in play.steps))
    if play.roll == legal.roll and code in codes:
        return codes.index(code)
    return legal.locate(play)


def _add(counts: dict[str, float], **values: float) -> None:
    for name, value in values.items():
        counts[name] = counts.get(name, 0.0) + value


def _stats(name: str, counts: dict[str, float]) -> PlayerStats:
    values: dict[str, Any] = {}
    for f in attrs.fields(PlayerStats):
        if f.name == "name":
            continue
        value = counts.get(f.name, 0.0)
        values[f.name] = int(value) if f.type in ("int", int) else value
    return PlayerStats(name, **values)
