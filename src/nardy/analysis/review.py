"""The match review: every decision of a played game or match scored as gnubg scores it at 0-ply.

:func:`review_match` (and :func:`review_game`) replays a record read by
nardy's readers (:func:`nardy.formats.load_mat`, the SGF reader) and,
with an **evaluator** -- a callable from a sequence of backgammon
positions, each seen by its side to move, to their 0-ply cubeless
probabilities (five floats in gnubg's order, :data:`Evaluator`) -- finds
for each decision the action taken, the best one and the error, and the
luck of each roll; then per player and game the totals and rates of
:class:`PlayerStats`. The definitions are GNU Backgammon's (``analysis.c``):

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
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from nardy.analysis.cube import (
    CubeDecision,
    CubeInfo,
    CubeOwner,
    cube_decision,
    equity_to_mwc,
    play_scores,
)
from nardy.analysis.efficiency import cube_efficiency
from nardy.errors import ProbabilitiesError, ReviewError
from nardy.formats.replay import MatchRecord
from nardy.game.actions import ActionKind
from nardy.game.game import Game
from nardy.model.basics import Side
from nardy.model.position import Position

__all__ = [
    "Decision",
    "Evaluator",
    "GameReview",
    "MatchReview",
    "PlayerStats",
    "review_game",
    "review_match",
]

#: An evaluator: positions (each seen by its side to move) to their 0-ply
#: cubeless probabilities, five floats each in gnubg's order (win, win
#: gammon, win backgammon, lose gammon, lose backgammon), in the same order.
Evaluator = Callable[[Sequence[Position]], Sequence[Sequence[float]]]

# The 21 rolls with their weights out of 36, and the 30 rolls of an opening.
_ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))
_WEIGHT = {roll: 1 if roll[0] == roll[1] else 2 for roll in _ROLLS}


@attrs.frozen
class Decision:
    """One reviewed decision: a checker play (with its roll's luck) or a cube action.

    ``kind`` is ``"play"``, ``"no double"`` (the side on roll could have
    doubled and rolled), ``"double"``, ``"take"`` or ``"pass"``. ``error``
    is the cost in EMG (0 for the best action), ``error_mwc`` in MWC (in
    money play: points). ``luck`` is set for plays (the roll's luck, EMG).
    """

    #: The game's number (1 for the first).
    game: int
    #: The player who decided (0 or 1).
    player: int
    #: What was decided (see the class doc).
    kind: str
    #: The roll, for a play.
    roll: tuple[int, int] | None
    #: The play made (notation) or the cube action taken.
    played: str
    #: The best play (notation) or the proper cube action.
    best: str
    #: The cost in EMG (0 or more).
    error: float
    #: The cost in MWC (points in money play).
    error_mwc: float
    #: The luck of the roll in EMG, for a play.
    luck: float | None = None
    #: The luck in MWC (points in money play).
    luck_mwc: float | None = None
    #: False for a forced play (no choice); it counts in no error rate.
    unforced: bool = True
    #: For a cube decision: gnubg counts it in the rates only when close.
    close: bool = True
    #: The nardy position ID before the decision.
    position: str = ""


@attrs.frozen
class PlayerStats:
    """A player's totals over a game or a match, in gnubg's units.

    Totals are EMG (``*_mwc``: MWC, points in money play); rates are mEMG
    (thousandths of EMG) per decision: checker play per unforced move, cube
    per close cube decision, overall per both, luck per move. ``pr`` is
    XG's "performance rating" computed on gnubg's counts: 500 times the
    overall error per decision (the overall rate divided by 2).
    """

    #: The player's name.
    name: str
    #: Every move (the rolls played, forced ones included).
    moves: int = 0
    #: Moves with a choice of play.
    unforced_moves: int = 0
    #: Cube decisions reviewed (every roll where a double was possible, every double and answer).
    cube_decisions: int = 0
    #: The close ones, which the cube rate counts.
    close_cube_decisions: int = 0
    #: Doubles, takes and passes made.
    doubles: int = 0
    takes: int = 0
    passes: int = 0
    checker_error_total: float = 0.0
    checker_error_total_mwc: float = 0.0
    cube_error_total: float = 0.0
    cube_error_total_mwc: float = 0.0
    luck_total: float = 0.0
    luck_total_mwc: float = 0.0
    #: The MWC (points in money play) the results of the games gave.
    actual_result: float = 0.0
    #: The actual result less the player's luck, plus the opponent's (MWC).
    luck_adjusted_result: float = 0.0

    @property
    def checker_error_rate(self) -> float:
        """Checker error per unforced move, mEMG."""
        return _rate(self.checker_error_total, self.unforced_moves)

    @property
    def cube_error_rate(self) -> float:
        """Cube error per close cube decision, mEMG."""
        return _rate(self.cube_error_total, self.close_cube_decisions)

    @property
    def error_total(self) -> float:
        """Checker and cube errors, EMG."""
        return self.checker_error_total + self.cube_error_total

    @property
    def error_rate(self) -> float:
        """Overall error per unforced move or close cube decision, mEMG."""
        return _rate(self.error_total, self.unforced_moves + self.close_cube_decisions)

    @property
    def pr(self) -> float:
        """XG's PR on gnubg's counts: 500 x overall error per decision."""
        return self.error_rate / 2.0

    @property
    def luck_rate(self) -> float:
        """Luck per move, mEMG."""
        return _rate(self.luck_total, self.moves)

    def to_dict(self) -> dict[str, Any]:
        """Every field and rate, JSON-able."""
        out = attrs.asdict(self)
        for name in ("checker_error_rate", "cube_error_rate", "error_total", "error_rate"):
            out[name] = getattr(self, name)
        out["pr"] = self.pr
        out["luck_rate"] = self.luck_rate
        return out


def _rate(total: float, count: int) -> float:
    return 1000.0 * total / count if count else 0.0


@attrs.frozen
class GameReview:
    """One game reviewed: its decisions and each player's totals."""

    #: The game's number (1 for the first).
    number: int
    #: The score before the game (players 0 and 1).
    score: tuple[int, int]
    #: Every decision, in order.
    decisions: tuple[Decision, ...]
    #: Players 0 and 1.
    players: tuple[PlayerStats, PlayerStats]


@attrs.frozen
class MatchReview:
    """A match (or money session) reviewed: its games and each player's totals over all of them."""

    #: Points to win the match; 0 for money.
    length: int
    #: Every game reviewed, in order.
    games: tuple[GameReview, ...]
    #: Players 0 and 1, totals over the games.
    players: tuple[PlayerStats, PlayerStats]

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision of every game, in order."""
        return tuple(d for game in self.games for d in game.decisions)

    def worst(self, n: int = 10) -> tuple[Decision, ...]:
        """The ``n`` costliest decisions (MWC; points in money play), worst first."""
        return tuple(sorted(self.decisions, key=lambda d: -d.error_mwc)[:n])

    def to_json(self, indent: int | None = None) -> str:
        """The review as JSON: ``length``, ``players`` (totals and rates), ``games``."""
        data = {
            "length": self.length,
            "players": [p.to_dict() for p in self.players],
            "games": [
                {
                    "number": g.number,
                    "score": list(g.score),
                    "players": [p.to_dict() for p in g.players],
                    "decisions": [attrs.asdict(d) for d in g.decisions],
                }
                for g in self.games
            ],
        }
        return json.dumps(data, indent=indent)

    def to_csv(self) -> str:
        """One row per decision (the :class:`Decision` fields), with a header."""
        out = io.StringIO()
        names = [f.name for f in attrs.fields(Decision)]
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(names)
        for d in self.decisions:
            writer.writerow(["" if v is None else v for v in attrs.astuple(d, recurse=False)])
        return out.getvalue()

    def to_text(self) -> str:
        """A table of both players' totals and rates, as gnubg's statistics list them."""
        rows: list[tuple[str, Callable[[PlayerStats], str]]] = [
            ("Moves (unforced)", lambda p: f"{p.moves} ({p.unforced_moves})"),
            ("Checker error total EMG", lambda p: f"{p.checker_error_total:.3f}"),
            ("Checker error rate mEMG", lambda p: f"{p.checker_error_rate:.1f}"),
            ("Cube decisions (close)", lambda p: f"{p.cube_decisions} ({p.close_cube_decisions})"),
            ("Cube error total EMG", lambda p: f"{p.cube_error_total:.3f}"),
            ("Cube error rate mEMG", lambda p: f"{p.cube_error_rate:.1f}"),
            ("Overall error rate mEMG", lambda p: f"{p.error_rate:.1f}"),
            ("PR", lambda p: f"{p.pr:.1f}"),
            ("Luck total EMG", lambda p: f"{p.luck_total:+.3f}"),
            ("Luck rate mEMG", lambda p: f"{p.luck_rate:+.1f}"),
            ("Luck adjusted result", lambda p: _result_text(p.luck_adjusted_result, self.length)),
        ]
        a, b = self.players
        lines = [f"{'':<26}{a.name:>16}{b.name:>16}"]
        lines += [f"{label:<26}{show(a):>16}{show(b):>16}" for label, show in rows]
        return "\n".join(lines)


def _result_text(value: float, length: int) -> str:
    return f"{100.0 * value:+.2f}%" if length else f"{value:+.3f}"


# --- the review -----------------------------------------------------------------------------


def review_match(record: MatchRecord, evaluator: Evaluator) -> MatchReview:
    """Review every game of a match or money-session record (see the module doc).

    Raises :class:`~nardy.errors.ReviewError` for a record of another
    variant than backgammon, or an evaluator whose answer is not one set
    of five probabilities per position.
    """
    score = [0, 0]
    games = []
    for number, game in enumerate(record.games, start=1):
        games.append(_review(game, number, (score[0], score[1]), record, evaluator))
        if game.outcome is not None and game.outcome.winner is not None:
            score[game.player(game.outcome.winner)] += int(game.outcome.points)
    players = (
        _sum_stats(record.players[0], [g.players[0] for g in games]),
        _sum_stats(record.players[1], [g.players[1] for g in games]),
    )
    return MatchReview(record.length, tuple(games), players)


def review_game(
    game: Game,
    evaluator: Evaluator,
    *,
    length: int = 0,
    score: tuple[int, int] = (0, 0),
    names: tuple[str, str] = ("player 0", "player 1"),
) -> GameReview:
    """Review one game played at ``score`` (players 0 and 1) of a ``length``-point match (0: money)."""
    record = MatchRecord(length, names, (), (game,), None)
    return _review(game, 1, score, record, evaluator)


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
    game: Game, number: int, score: tuple[int, int], record: MatchRecord, evaluator: Evaluator
) -> GameReview:
    if game.variant.name != "backgammon":
        raise ReviewError(f"the review scores backgammon games, not {game.variant.name}")
    run = _GameRun(game, number, score, record, evaluator)
    run.replay()
    return GameReview(number, score, tuple(run.decisions), run.stats())


_Probabilities = tuple[float, float, float, float, float]


class _GameRun:
    """The review of one game: replays its history, scoring each decision."""

    def __init__(
        self,
        game: Game,
        number: int,
        score: tuple[int, int],
        record: MatchRecord,
        evaluator: Evaluator,
    ) -> None:
        self.game = game
        self.number = number
        self.score = score
        self.length = record.length
        self.names = record.players
        self.evaluator = evaluator
        self.decisions: list[Decision] = []
        # Evaluations and efficiencies of the positions met, by (turn, packed).
        self.probabilities: dict[tuple[Side, bytes], _Probabilities] = {}
        self.efficiency: dict[tuple[Side, bytes], float] = {}
        self.start = game.variant.starting_position().packed
        self.offer: tuple[CubeDecision, CubeInfo] | None = None

    # --- the state ----------------------------------------------------------------------

    def info(self, state: Game, side: Side) -> CubeInfo:
        """The cube state seen by ``side``."""
        cube = state.cube
        if cube.owner is None:
            owner = CubeOwner.CENTRE
        else:
            owner = CubeOwner.MOVER if cube.owner == side else CubeOwner.OPPONENT
        if not self.length:
            options = state.options
            return CubeInfo(
                cube=cube.value, owner=owner, jacoby=options.jacoby, beavers=options.beaver
            )
        me = state.player(side)
        return CubeInfo(
            self.length,
            (self.score[me], self.score[1 - me]),
            cube.value,
            owner,
            crawford=state.crawford,
        )

    def to_mwc(self, equity: float, info: CubeInfo) -> float:
        """An EMG amount (an error, a luck) in MWC; in money play, in points."""
        if info.money:
            return info.cube * equity
        return equity_to_mwc(equity, info) - equity_to_mwc(0.0, info)

    # --- evaluations ---------------------------------------------------------------------

    def evaluate(self, positions: Sequence[Position]) -> None:
        """Evaluate, in one call, the positions not met before."""
        wanted: dict[tuple[Side, bytes], Position] = {}
        for p in positions:
            key = (p.turn, p.packed)
            if key not in self.probabilities:
                wanted[key] = p
        if not wanted:
            return
        answers = list(self.evaluator(list(wanted.values())))
        if len(answers) != len(wanted):
            raise ReviewError(
                f"the evaluator gave {len(answers)} answers for {len(wanted)} positions"
            )
        for (key, position), answer in zip(wanted.items(), answers, strict=True):
            if len(answer) != 5:
                raise ReviewError(f"the evaluator gave {answer!r} for {position.id()}")
            w, wg, wb, lg, lb = (float(x) for x in answer)
            self.probabilities[key] = (w, wg, wb, lg, lb)
            self.efficiency[key] = cube_efficiency(position)

    def scores(self, position: Position, info: CubeInfo) -> dict[tuple[int, int], list[float]]:
        """Every play's score (EMG) for each of the 21 rolls from ``position``."""
        legal = {roll: position.legal_plays(roll).resulting_positions() for roll in _ROLLS}
        self.evaluate([p for after in legal.values() for p in after])
        out = {}
        for roll, after in legal.items():
            keys = [(p.turn, p.packed) for p in after]
            try:
                out[roll] = play_scores(
                    [self.probabilities[k] for k in keys], info, [self.efficiency[k] for k in keys]
                )
            except ProbabilitiesError as exc:
                raise ReviewError(f"the evaluator's probabilities: {exc}") from None
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
                if info.can_double and state.position.packed != self.start:
                    self.cube(state, side, info, "no double")
            elif kind is ActionKind.DOUBLE:
                info = self.info(state, side)
                self.offer = (self.cube(state, side, info, "double"), info)
            elif kind in (ActionKind.TAKE, ActionKind.BEAVER, ActionKind.DROP):
                self.answer(state, side, "pass" if kind is ActionKind.DROP else "take")
            elif kind is ActionKind.PLAY and action.play is not None:
                self.play(state, side, action.play)

    def cube(self, state: Game, side: Side, info: CubeInfo, kind: str) -> CubeDecision:
        """Score the cube decision of ``side`` before its roll: ``kind`` is what it did."""
        position = state.position
        self.evaluate([position])
        key = (position.turn, position.packed)
        decision = cube_decision(self.probabilities[key], info, self.efficiency[key])
        error = 0.0 - (decision.double_error() if kind == "double" else decision.no_double_error())
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
        error = 0.0 - (decision.take_error() if kind == "take" else decision.pass_error())
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

    def play(self, state: Game, side: Side, play: Any) -> None:
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
        index = legal.locate(play)
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
                best=legal[top].notation(),
                error=error,
                error_mwc=self.to_mwc(error, info),
                luck=luck,
                luck_mwc=self.to_mwc(luck, info),
                unforced=len(legal) > 1,
                position=position.id(),
            )
        )

    def opening_mean(
        self, position: Position, info: CubeInfo, best: dict[tuple[int, int], float]
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
            met = CubeInfo(self.length).met
            away = (self.length - self.score[winner], self.length - self.score[1 - winner])
            one_away = 1 in away
            before = met.mwc(*away, post_crawford=one_away and not self.game.crawford)
            after = met.mwc(away[0] - points, away[1], post_crawford=one_away)
            gain = after - before
        return (gain, -gain) if winner == 0 else (-gain, gain)


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
