"""Money sessions: a series of money games between two players, with a running total.

A :class:`Session` is an immutable snapshot like :class:`~nardy.Match`: its
actions act on the game in progress and return a new snapshot; when a game
ends its points go to the player who won it and the next game starts by
itself. Unlike a match a session has no length: it goes on until the
players stop (:meth:`Session.close`), and the money agreements of its game
options apply as agreed -- the Jacoby rule, beavers, automatic doubles and
the highest cube (a match switches Jacoby off).

Players are numbered 0 and 1 for the whole session; :attr:`Session.totals`
are the points each has won, :meth:`Session.net` what one is up on the
other (a money player's running score).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from nardy.errors import (
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    NardyError,
    RecordError,
)
from nardy.game import records
from nardy.game.actions import CubeState, Number, as_number
from nardy.game.dice import DiceSourceLike, dice_source
from nardy.game.game import Game
from nardy.game.match import next_game_start
from nardy.game.options import GameOptions, options_for
from nardy.game.series import GameSeries, next_game_rule, set_up_game
from nardy.model.basics import Side
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.validate import integer, shown
from nardy.variants.base import Variant

__all__ = ["SESSION_RECORD_VERSION", "Session"]

#: The version of the JSON session record :meth:`Session.to_dict` writes.
SESSION_RECORD_VERSION = 1

# The fields of a session's game record that the session itself decides.
_SESSION_GAME_SETUP = ("variant", "options", "white_player", "starter", "crawford")


@attrs.frozen(kw_only=True)
class Session(GameSeries):
    """A money session: games one after another, each worth its points; an immutable snapshot.

    Create one with :meth:`new`. :attr:`game` is the game in progress
    (``None`` once the session is closed); :attr:`games` the finished ones
    (the last one unfinished when the session was closed during it).
    """

    #: The rules of the board.
    variant: Variant
    #: The game options every game is played with (Jacoby, beavers, cube ...).
    options: GameOptions
    #: How the next game starts: one of :data:`~nardy.variants.class_data.NEXT_GAME_RULES`.
    next_game: str
    #: Points won so far by player 0 and player 1.
    totals: tuple[Number, Number] = (0, 0)
    #: The finished games, in order.
    games: tuple[Game, ...] = ()
    #: The game in progress; ``None`` once the session is closed.
    game: Game | None = None

    @classmethod
    def new(
        cls,
        variant: Variant | str = "backgammon",
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        next_game: str | None = None,
        rng: DiceSourceLike = None,
        **option_values: Any,
    ) -> Session:
        """A new session, its first game waiting for the opening roll.

        Game options come as a :class:`~nardy.GameOptions`, a mapping or
        keyword arguments (``jacoby=True``, ``beaver=True``,
        ``automatic_doubles=1``, ``max_cube=64``, ...), over the variant's
        defaults. ``next_game`` defaults to the variant's custom, as for a
        :class:`~nardy.Match`.
        """
        rules = as_variant(variant)
        next_game = next_game_rule(rules, next_game)
        opts = options_for(rules, options, option_values)
        source = dice_source(rng)
        first = Game.new(rules, opts, rng=source)
        return cls(variant=rules, options=opts, next_game=next_game, game=first, rng=source)

    @classmethod
    def from_games(
        cls, games: Sequence[Game], *, next_game: str = "opening-roll", rng: DiceSourceLike = None
    ) -> Session:
        """The session of ``games`` played in turn (as a money ``.mat`` or SGF record holds them).

        Every game has the first one's variant and options; all but the last
        are finished. An unfinished last game is the game in progress;
        otherwise the next game waits to start (by ``next_game``).
        """
        if not games:
            raise InvalidOptionError("a session of games needs at least one game")
        first = games[0]
        session = cls.new(first.variant, first.options, next_game=next_game, rng=rng)
        for number, game in enumerate(games, start=1):
            if (game.variant, game.options) != (first.variant, first.options):
                raise InvalidOptionError(f"game {number} is not played as game 1 is")
            if not game.is_over() and number < len(games):
                raise InvalidOptionError(f"game {number} is not finished, and another follows")
            session = attrs.evolve(session, game=game.restart()).advance(game)
        return session

    def recorded_games(self) -> tuple[Game, ...]:
        """The games that have begun: the finished ones and the one being played."""
        if self.game is None or not self.game.history:
            return self.games
        return (*self.games, self.game)

    # --- inspection -----------------------------------------------------------------

    def is_over(self) -> bool:
        """True once the session is closed."""
        return self.game is None

    def net(self, player: int) -> Number:
        """What ``player`` (0 or 1) is up on the other: his total minus the other's."""
        player = integer(player, "a player", 0, 1)
        return as_number(self.totals[player] - self.totals[1 - player])

    def current(self) -> Game:
        """The game in progress; :class:`~nardy.errors.GameOverError` once the session is closed."""
        if self.game is None:
            raise GameOverError(f"the session is closed after {len(self.games)} games")
        return self.game

    def describe(self) -> str:
        """One line: the totals, and the state of the game in progress."""
        head = f"money session, {self.totals[0]}-{self.totals[1]}"
        if self.game is None:
            return f"{head}: closed after {len(self.games)} games"
        return f"{head}; game {self.game_number}: {self.game.describe()}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.variant.spec()} {self.describe()}>"

    def set_up(
        self,
        start: Position,
        *,
        start_cube: CubeState | None = None,
        white_player: int | None = None,
    ) -> Session:
        """The session with its game in progress, not yet begun, set up from ``start``.

        As :meth:`Match.set_up <nardy.Match.set_up>`.
        """
        game = set_up_game(self, start, start_cube, white_player, crawford=False)
        return attrs.evolve(self, game=game)

    def close(self) -> Session:
        """The session ended by the players: no more games.

        A game in progress that has begun is kept, unfinished, as the last of
        :attr:`games`; it scores nothing.
        """
        now = self.current()
        games = (*self.games, now) if now.history else self.games
        return attrs.evolve(self, games=games, game=None)

    def advance(self, game: Game) -> Session:
        """The session with ``game`` (a later snapshot of the game in progress) in place.

        When ``game`` is over its points go to its winner (each player's
        share of a draw to each) and the next game starts.
        """
        now = self.current()
        if (
            not isinstance(game, Game)
            or game.history[: len(now.history)] != now.history
            or (game.variant, game.options, game.starter, game.start, game.start_cube)
            != (now.variant, now.options, now.starter, now.start, now.start_cube)
        ):
            raise IllegalActionError(
                f"Session.advance takes a later snapshot of the game in progress, not {shown(game)}"
            )
        if not game.is_over():
            return attrs.evolve(self, game=game)
        totals = [as_number(self.totals[p] + game.points(game.side_of(p))) for p in (0, 1)]
        white_player, starter = next_game_start(self.next_game, game)
        following = Game.new(
            self.variant, self.options, rng=self.rng, white_player=white_player, starter=starter
        )
        return attrs.evolve(
            self, totals=(totals[0], totals[1]), games=(*self.games, game), game=following
        )

    # --- records --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The session record: its setup, every game's record, the totals."""
        played = [*self.games, *(() if self.game is None else (self.game,))]
        return {
            "format": "nardy-session",
            "version": SESSION_RECORD_VERSION,
            "variant": self.variant.spec(),
            "next_game": self.next_game,
            "options": self.options.to_dict(),
            "games": [records.game_to_dict(g) for g in played],
            "totals": list(self.totals),
            "closed": self.game is None,
        }

    def to_json(self, indent: int | None = None) -> str:
        """The session record as a JSON string."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, rng: DiceSourceLike = None) -> Session:
        """Load a session record, replaying and re-validating every game.

        Raises :class:`~nardy.errors.RecordError` naming the game and the
        first action that does not replay.
        """
        records.check_header(data, "session", SESSION_RECORD_VERSION)
        try:
            session = cls.new(
                data.get("variant", "backgammon"),
                GameOptions.from_dict(data.get("options", {})),
                next_game=data.get("next_game"),
                rng=rng,
            )
        except (NardyError, TypeError) as exc:
            raise RecordError(f"bad session record header: {exc}") from exc
        games = records.record_list(data, "session", "games")
        for number, record in enumerate(games, start=1):
            session = _replayed(session, record, number, last=number == len(games))
        if data.get("closed"):
            session = session.close()
        if list(session.totals) != data.get("totals", list(session.totals)):
            raise RecordError(
                f"the record's totals {shown(data.get('totals'))} do not match the replayed "
                f"session's {list(session.totals)}"
            )
        return session

    @classmethod
    def from_json(cls, text: str, *, rng: DiceSourceLike = None) -> Session:
        """Load a JSON session record (see :meth:`from_dict`)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"a session record must be JSON: {shown(str(exc))}") from None
        return cls.from_dict(data, rng=rng)


def _replayed(session: Session, record: object, number: int, *, last: bool) -> Session:
    """``session`` after game ``number``'s record, replayed in its game in progress."""
    where = f"game {number}"
    if not isinstance(record, Mapping):
        raise RecordError(f"{where}: a game record is a JSON object")
    try:
        if record.get("start") is not None:
            session = _set_up(session, record)
        game = session.current()
        expected = records.game_to_dict(game)
        for key in _SESSION_GAME_SETUP:
            if record.get(key) != expected[key]:
                raise RecordError(
                    f"{key} is {shown(record.get(key))}, but the session makes it "
                    f"{shown(expected[key])}"
                )
        game = records.restated(records.replay(game, record.get("actions")), record)  # type: ignore[arg-type]
        records.check_stored(game, record)
        if not game.is_over() and not last:
            raise RecordError("the record stops before the game ends, but another game follows")
        return session.advance(game)
    except NardyError as exc:
        raise RecordError(f"{where}: {exc}") from exc


def _set_up(session: Session, record: Mapping[str, Any]) -> Session:
    """``session`` with its game in progress set up as a game record's header says."""
    cube = record.get("start_cube", {})
    cube = {} if cube is None else cube
    if not isinstance(cube, Mapping) or cube.get("owner") not in (None, "w", "b"):
        raise RecordError(f'"start_cube" is {{"value", "owner"}}, got {shown(cube)}')
    owner = {"w": Side.WHITE, "b": Side.BLACK}.get(cube.get("owner", ""))
    return session.set_up(
        Position.from_id(record["start"]),
        start_cube=CubeState(value=cube.get("value", 1), owner=owner),
        white_player=record.get("white_player"),
    )
