"""Matches and series: games to N points, the Crawford rule, colour alternation, records.

A :class:`Match` is an immutable snapshot like :class:`~nardy.game.game.Game`:
its actions (:meth:`Match.roll`, :meth:`Match.play`, :meth:`Match.double`,
...) act on the game in progress and return a new snapshot; when a game
ends its points go to the player who won it and the next game starts by
itself, until one player has at least :attr:`Match.length` points.

Players are numbered 0 and 1 for the whole match; which colour each plays
changes from game to game (see :attr:`Match.next_game`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from nardy.errors import GameOverError, IllegalActionError, InvalidOptionError
from nardy.game import records
from nardy.game.actions import CubeState, Number, as_number
from nardy.game.dice import DiceSourceLike, dice_source
from nardy.game.game import Game
from nardy.game.options import GameOptions, options_for
from nardy.game.series import GameSeries, next_game_rule, set_up_game
from nardy.model.basics import Side
from nardy.model.display import drawings
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.validate import flag, integer, shown
from nardy.variants.base import Variant
from nardy.variants.class_data import NEXT_GAME_RULES

__all__ = ["NEXT_GAME_RULES", "ROTATIONS", "Match", "next_game_start"]


#: Matches whose games rotate through several variants, by name: the
#: variants in the order they are played, and how the next game starts.
#: A Greek *tavli* match plays portes, plakoto and fevga in turn; the winner
#: of a game starts the next.
ROTATIONS: Mapping[str, tuple[tuple[str, ...], str]] = MappingProxyType(
    {"tavli": (("portes", "plakoto", "fevga"), "winner-starts")}
)


@attrs.frozen(kw_only=True)
class Match(GameSeries):
    """A match (or series) to :attr:`length` points: an immutable snapshot.

    Create one with :meth:`new`. :attr:`game` is the game in progress
    (``None`` once the match is over); :attr:`games` the finished ones;
    :attr:`scores` the points of players 0 and 1.

    * The Crawford rule (:attr:`crawford`, on by default): in the game right
      after a player first reaches ``length - 1`` nobody may double; later
      games double normally.
    * Jacoby never applies in a match: the games are played with
      ``jacoby=False`` whatever the options say.
    * The match ends as soon as one player has at least :attr:`length`
      points and more than the other (a last-roll draw that leaves both
      level at ``length`` or more is played off by further games).
    * A series scored by checkers left (after each game the loser's
      checkers not borne off go to the winner) is a match with game option
      ``scoring="checkers-left"``, to the agreed total.
    * A match of several variants played in turn (:data:`ROTATIONS`, e.g.
      ``Match.new("tavli", 5)``) has a :attr:`rotation`; :attr:`variant` is
      its first game's and :meth:`variant_of` gives each game's.
    """

    #: The rules of the board.
    variant: Variant
    #: Points needed to win.
    length: int
    #: The game options every game of the match is played with.
    options: GameOptions
    #: Whether the Crawford rule applies.
    crawford: bool = True
    #: How the next game starts: one of :data:`NEXT_GAME_RULES` (by default
    #: the variant's :attr:`~nardy.Variant.next_game`).
    next_game: str = "alternate"
    #: Points of player 0 and player 1.
    scores: tuple[Number, Number] = (0, 0)
    #: The finished games, in order (the last one unfinished when the match
    #: was conceded during it).
    games: tuple[Game, ...] = ()
    #: The game in progress, ``None`` once the match is over.
    game: Game | None = None
    #: The number (1-based) of the Crawford game, once a player has reached
    #: ``length - 1`` with the rule on.
    crawford_game: int | None = None
    #: The score the match started at: ``(0, 0)``, or the score of a match
    #: taken up part-way (see :meth:`new`).
    start_scores: tuple[Number, Number] = (0, 0)
    #: The player (0 or 1) who conceded the match, else ``None``.
    conceded_by: int | None = None
    #: The name of the rotation (a key of :data:`ROTATIONS`) whose variants
    #: the games play in turn, else ``None`` (every game plays :attr:`variant`).
    rotation: str | None = None

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant | str = "backgammon",
        length: int = 5,
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        crawford: bool = True,
        next_game: str | None = None,
        rng: DiceSourceLike = None,
        score: tuple[int, int] = (0, 0),
        post_crawford: bool = False,
        start: Position | None = None,
        start_cube: CubeState | None = None,
        **option_values: Any,
    ) -> Match:
        """A new match to ``length`` points, its first game waiting for the opening roll.

        ``next_game`` (one of :data:`NEXT_GAME_RULES`) and the option
        ``winner_takes_white`` default to the variant's custom
        (:attr:`Variant.next_game <nardy.Variant.next_game>`,
        :attr:`Variant.winner_takes_white <nardy.Variant.winner_takes_white>`):
        for backgammon every game starts with an opening roll and colours stay
        with the players; for long nardy the colours alternate and the player
        who had black starts the next game as white.

        Game options come as a :class:`~nardy.game.game.GameOptions`, a mapping or
        keyword arguments (``jacoby`` is switched off). ``rng`` is the dice
        source shared by all games (a :class:`random.Random`, a seed or a
        callable).

        ``variant`` may also name a rotation (:data:`ROTATIONS`): ``"tavli"``
        plays portes, plakoto and fevga in turn, the winner of each game
        starting the next; the options default to the first variant's
        :attr:`~nardy.Variant.game_defaults` (for tavli: no cube, so the
        Crawford rule never matters).

        A match taken up part-way starts at ``score`` (player 0's, player
        1's; each below ``length``). When a player is then one point away
        with the Crawford rule on, the first game is the Crawford game,
        unless ``post_crawford`` says it was already played. ``start`` and
        ``start_cube`` set the first game up from a position (see
        :meth:`set_up`).
        """
        rotation = (
            variant.lower() if isinstance(variant, str) and variant.lower() in ROTATIONS else None
        )
        if rotation is not None:
            names, rule = ROTATIONS[rotation]
            variant = names[0]
            next_game = rule if next_game is None else next_game
        rules = as_variant(variant)
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise InvalidOptionError(f"a match length is a positive integer, got {shown(length)}")
        crawford = flag(crawford, "crawford")
        next_game = next_game_rule(rules, next_game)
        opts = attrs.evolve(options_for(rules, options, option_values), jacoby=False)
        source = dice_source(rng)
        scores = _start_scores(score, length)
        crawford_game = _first_crawford_game(crawford, length, scores, post_crawford)
        first = Game.new(rules, opts, rng=source, crawford=crawford_game == 1)
        match = cls(
            variant=rules,
            length=length,
            options=opts,
            crawford=bool(crawford),
            next_game=next_game,
            rotation=rotation,
            scores=scores,
            start_scores=scores,
            crawford_game=crawford_game,
            game=first,
            rng=source,
        )
        if start is None and start_cube is None:
            return match
        if start is None:
            raise InvalidOptionError("a starting cube needs a starting position (start)")
        return match.set_up(start, start_cube=start_cube)

    def set_up(
        self,
        start: Position,
        *,
        start_cube: CubeState | None = None,
        white_player: int | None = None,
    ) -> Match:
        """The match with its game in progress, not yet begun, set up from ``start``.

        The game starts at ``start`` with its side to move on roll and
        ``start_cube`` (a :class:`~nardy.game.actions.CubeState`, by default centred at
        1); ``white_player`` (default: the game's) plays white. This is how a
        match continues from a given position, and how records that set a
        position up are read. Raises :class:`~nardy.errors.IllegalActionError`
        once the game has begun, :class:`~nardy.errors.InvalidOptionError`
        for a position or cube the game cannot start from.
        """
        crawford = self.current().crawford
        game = set_up_game(self, start, start_cube, white_player, crawford=crawford)
        return attrs.evolve(self, game=game)

    # --- inspection -----------------------------------------------------------------

    def is_over(self) -> bool:
        """True once a player has won the match."""
        return self.game is None

    @property
    def winner(self) -> int | None:
        """The player (0 or 1) who won the match, else ``None``."""
        if self.game is not None:
            return None
        if self.conceded_by is not None:
            return 1 - self.conceded_by
        return 0 if self.scores[0] > self.scores[1] else 1

    def game_points(self, number: int) -> tuple[Number, Number]:
        """Game ``number`` (1-based, finished): its full value, and the points it counted.

        The full value is what the game is worth (its result times the cube,
        the ``points`` of its :class:`~nardy.Outcome`); the match
        counts at most what the winner still needed, as records write it
        (``Wins 4 points and the match`` for an 8-point gammon at 4-away).
        """
        number = integer(number, "a game number", 1, len(self.games))
        game = self.games[number - 1]
        if game.outcome is None:
            raise IllegalActionError(f"game {number} was not finished (the match was conceded)")
        full = game.outcome.points
        if game.outcome.winner is None:
            return full, full
        before = self.start_scores[game.player(game.outcome.winner)] + sum(
            g.points(g.side_of(game.player(game.outcome.winner))) for g in self.games[: number - 1]
        )
        return full, min(full, max(0, as_number(self.length - before)))

    @property
    def is_crawford_game(self) -> bool:
        """True while the game in progress is the Crawford game."""
        return self.game is not None and self.game.crawford

    def away(self, player: int) -> Number:
        """Points ``player`` still needs (``length`` minus his score, at least 0)."""
        player = integer(player, "a player", 0, 1)
        return max(0, as_number(self.length - self.scores[player]))

    def variant_of(self, number: int) -> Variant:
        """The variant game ``number`` (1-based) of the match is played with."""
        number = integer(number, "a game number", 1, None)
        if self.rotation is None:
            return self.variant
        names = ROTATIONS[self.rotation][0]
        return as_variant(names[(number - 1) % len(names)])

    def current(self) -> Game:
        """The game in progress; :class:`~nardy.errors.GameOverError` once the match is over."""
        if self.game is None:
            raise GameOverError(
                f"the match is over: player {self.winner} won {self._score_text()} "
                f"after {len(self.games)} games"
            )
        return self.game

    def _score_text(self) -> str:
        return f"{self.scores[0]}-{self.scores[1]}"

    def describe(self) -> str:
        """One line: the score, and the state of the game in progress."""
        head = f"match to {self.length}, score {self._score_text()}"
        if self.game is None:
            return f"{head}: player {self.winner} wins"
        crawford = " (Crawford)" if self.game.crawford else ""
        return f"{head}; game {self.game_number}{crawford}: {self.game.describe()}"

    def __str__(self) -> str:
        return f"{self.variant.spec()} {self.describe()}"

    def __repr__(self) -> str:
        head = self.describe().removeprefix("match ")
        return f"<{type(self).__name__} {self.variant.spec()} {head}>"

    def _repr_svg_(self) -> str:
        """The board and the score as SVG, for Jupyter (see :func:`nardy.pictures.svg.match`)."""
        picture: str = drawings().match(self)
        return picture

    # --- actions (on the game in progress) ------------------------------------------

    def concede(self, player: int) -> Match:
        """Player ``player`` (0 or 1) concedes the match: it ends and the other player wins.

        The scores stay as they are; a game in progress that has begun is
        kept, unfinished, as the last of :attr:`games`. Raises
        :class:`~nardy.errors.GameOverError` once the match is over.
        """
        player = integer(player, "a player", 0, 1)
        now = self.current()
        games = (*self.games, now) if now.history else self.games
        return attrs.evolve(self, games=games, game=None, conceded_by=player)

    def advance(self, game: Game) -> Match:
        """The match with ``game`` (a later snapshot of the game in progress) in place.

        When ``game`` is over its points are scored, and the next game is
        started (or the match ends). This is how the action methods work;
        call it directly to drive the game with :class:`~nardy.game.game.Game`
        methods.
        """
        now = self.current()
        if not isinstance(game, Game):
            raise IllegalActionError(
                f"Match.advance takes a later snapshot of the game in progress, not {shown(game)}"
            )
        if (
            game.history[: len(now.history)] != now.history
            or (game.variant, game.options, game.starter, game.crawford)
            != (now.variant, now.options, now.starter, now.crawford)
            or (game.start, game.start_cube) != (now.start, now.start_cube)
        ):
            raise IllegalActionError(
                "Match.advance takes a later snapshot of the game in progress, "
                f"not {game.describe()!r}"
            )
        if not game.is_over():
            return attrs.evolve(self, game=game)
        assert game.outcome is not None
        old = self.scores
        new = [old[0], old[1]]
        for side in (Side.WHITE, Side.BLACK):
            player = game.player(side)
            new[player] = as_number(new[player] + game.outcome.points_for(side))
        scores = (new[0], new[1])
        games = (*self.games, game)
        top = max(scores)
        if top >= self.length and scores[0] != scores[1]:
            return attrs.evolve(self, scores=scores, games=games, game=None)
        crawford_game = self.crawford_game
        if self.crawford and crawford_game is None:
            for player in (0, 1):
                if old[player] < self.length - 1 <= scores[player] < self.length:
                    crawford_game = len(games) + 1
        number = len(games) + 1
        white_player, starter = next_game_start(self.next_game, game)
        following = Game.new(
            self.variant_of(number),
            self.options,
            rng=self.rng,
            white_player=white_player,
            starter=starter,
            crawford=crawford_game == number,
        )
        return attrs.evolve(
            self, scores=scores, games=games, game=following, crawford_game=crawford_game
        )

    # --- records (see nardy.game.records) --------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The match record: its setup, every game's record (see :meth:`Game.to_dict <nardy.game.game.Game.to_dict>`), the score."""
        return records.match_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The match record as a JSON string."""
        return records.match_to_json(self, indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, rng: DiceSourceLike = None) -> Match:
        """Load a match record, replaying and re-validating every game.

        Raises :class:`~nardy.errors.RecordError` naming the game and the
        first action that does not replay.
        """
        return records.match_from_dict(cls, data, rng=rng)

    @classmethod
    def from_json(cls, text: str, *, rng: DiceSourceLike = None) -> Match:
        """Load a JSON match record (see :meth:`from_dict`)."""
        return records.match_from_json(cls, text, rng=rng)


def _start_scores(score: object, length: int) -> tuple[int, int]:
    """``score`` checked: two whole numbers from 0 to ``length - 1``."""
    if (
        not isinstance(score, tuple | list)
        or len(score) != 2
        or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < length for s in score)
    ):
        raise InvalidOptionError(
            f"a starting score is two whole numbers from 0 to {length - 1}, got {shown(score)}"
        )
    return score[0], score[1]


def _first_crawford_game(
    crawford: bool, length: int, scores: tuple[int, int], post_crawford: object
) -> int | None:
    """The match's :attr:`~Match.crawford_game` at its start: 1, 0 (played before it) or ``None``."""
    post = flag(post_crawford, "post_crawford")
    # In a 1-point match nobody ever reaches "one point away": there is no Crawford game.
    if not crawford or length == 1 or length - 1 not in scores:
        if post:
            raise InvalidOptionError("post_crawford needs the Crawford rule and a player 1-away")
        return None
    return 0 if post else 1


def next_game_start(rule: str, game: Game) -> tuple[int, Side | None]:
    """Who plays white in the game after ``game`` (finished), and who starts it.

    ``rule`` is one of :data:`NEXT_GAME_RULES`; the starter is ``None`` when
    an opening roll decides.
    """
    if rule == "alternate":
        return 1 - game.white_player, Side.WHITE
    if rule == "winner-starts":
        assert game.outcome is not None
        winner = game.outcome.winner
        return game.white_player, game.first if winner is None else winner
    return game.white_player, None
