"""What a match review gives: each decision, each player's totals, and the tables of them.

:func:`~nardy.analysis.review.review_match` answers with a
:class:`MatchReview` (:func:`~nardy.analysis.review.review_game` with a
:class:`GameReview`): every :class:`Decision` with its error and luck, and
each player's :class:`PlayerStats` in gnubg's units (EMG and MWC, rates in
mEMG per decision). :meth:`MatchReview.to_text`, :meth:`~MatchReview.to_json`
and :meth:`~MatchReview.to_csv` are what ``nardy analyze`` prints.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import Any

import attrs

from nardy.analysis.values import EngineInfo, Limit

__all__ = ["Decision", "GameReview", "MatchReview", "PlayerStats"]


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
    #: The engine whose chances the review used.
    engine: EngineInfo
    #: The limit it actually used (always cubeless: the cube is the model's).
    limit: Limit


@attrs.frozen
class MatchReview:
    """A match (or money session) reviewed: its games and each player's totals over all of them."""

    #: Points to win the match; 0 for money.
    length: int
    #: Every game reviewed, in order.
    games: tuple[GameReview, ...]
    #: Players 0 and 1, totals over the games.
    players: tuple[PlayerStats, PlayerStats]
    #: The engine whose chances the review used.
    engine: EngineInfo
    #: The limit it actually used (always cubeless: the cube is the model's).
    limit: Limit

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision of every game, in order."""
        return tuple(d for game in self.games for d in game.decisions)

    def worst(self, n: int = 10) -> tuple[Decision, ...]:
        """The ``n`` costliest decisions (MWC; points in money play), worst first."""
        return tuple(sorted(self.decisions, key=lambda d: -d.error_mwc)[:n])

    def to_json(self, indent: int | None = None) -> str:
        """The review as JSON: ``length``, ``engine``, ``limit``, ``players`` (totals and rates), ``games``."""
        data = {
            "length": self.length,
            "engine": {"name": self.engine.name, "version": self.engine.version},
            "limit": attrs.asdict(self.limit),
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

    def to_csv(self, player: int | None = None) -> str:
        """One row per decision (the :class:`Decision` fields), with a header; ``player``'s only if given."""
        out = io.StringIO()
        names = [f.name for f in attrs.fields(Decision)]
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(names)
        for d in self.decisions:
            if player is not None and d.player != player:
                continue
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
