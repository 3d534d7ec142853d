"""What a match and a money session share: games one after another, one of them in progress.

A :class:`~nardy.Match` and a :class:`~nardy.Session` are both a
:class:`GameSeries`: an immutable snapshot whose actions act on the game in
progress and return the next snapshot, which its ``advance`` method
makes (scoring a finished game and starting the next one is each one's
own business). The actions are written once, here; so are the check of a
``next_game`` rule and the setting up of the game in progress from a
position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

import attrs

from nardy.errors import IllegalActionError, InvalidOptionError
from nardy.game.actions import CubeState
from nardy.game.dice import DiceSource, OpeningDice
from nardy.game.game import Game, PlayLike
from nardy.model.basics import RollLike, Side
from nardy.model.position import Position
from nardy.model.result import ResultKind
from nardy.model.validate import shown
from nardy.variants.base import Variant
from nardy.variants.class_data import NEXT_GAME_RULES

__all__ = ["GameSeries", "next_game_rule", "set_up_game"]


@attrs.frozen(kw_only=True)
class GameSeries:
    """Games one after another, one in progress: the actions a :class:`~nardy.Match` and a :class:`~nardy.Session` share.

    A subclass is a frozen attrs class (keyword-only) with the fields
    ``game`` (the game in progress, ``None`` once the series has ended) and
    ``games`` (the finished ones); it inherits ``rng``, the dice source
    of every game. Its ``current()`` gives the game in progress and its
    ``advance(game)`` puts a later snapshot of it in place. Every action
    here is the :class:`~nardy.Game` action of the same name in the game in
    progress, put in place by ``advance``.
    """

    if TYPE_CHECKING:  # fields of the subclasses, each with its own default and place
        game: Game | None
        games: tuple[Game, ...]

    #: Where the dice come from (shared by every game; not part of equality).
    rng: DiceSource = attrs.field(factory=DiceSource, eq=False, repr=False)

    def current(self) -> Game:
        """The game in progress; :class:`~nardy.errors.GameOverError` once the series has ended."""
        raise NotImplementedError

    def advance(self, game: Game) -> Self:
        """The series with ``game`` (a later snapshot of the game in progress) in place."""
        raise NotImplementedError

    @property
    def game_number(self) -> int:
        """The number (1-based) of the game in progress (or of the last game, once over or closed)."""
        return len(self.games) + (1 if self.game is not None else 0)

    # --- actions (on the game in progress) ------------------------------------------

    def roll(self, dice: RollLike | OpeningDice | None = None, *, by: Side | None = None) -> Self:
        """:meth:`Game.roll <nardy.game.game.Game.roll>` in the game in progress."""
        return self.advance(self.current().roll(dice, by=by))

    def play(self, play: PlayLike, *, by: Side | None = None) -> Self:
        """:meth:`Game.play <nardy.game.game.Game.play>` in the game in progress."""
        return self.advance(self.current().play(play, by=by))

    def name_double(self, double: RollLike | int, *, by: Side | None = None) -> Self:
        """:meth:`Game.name_double <nardy.game.game.Game.name_double>` in the game in progress."""
        return self.advance(self.current().name_double(double, by=by))

    def double(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.double <nardy.game.game.Game.double>` in the game in progress (refused in a match's Crawford game)."""
        return self.advance(self.current().double(by=by))

    def take(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.take <nardy.game.game.Game.take>` in the game in progress."""
        return self.advance(self.current().take(by=by))

    def drop(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.drop <nardy.game.game.Game.drop>` in the game in progress."""
        return self.advance(self.current().drop(by=by))

    def beaver(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.beaver <nardy.game.game.Game.beaver>` in the game in progress."""
        return self.advance(self.current().beaver(by=by))

    def raccoon(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.raccoon <nardy.game.game.Game.raccoon>` in the game in progress."""
        return self.advance(self.current().raccoon(by=by))

    def resign(
        self, level: ResultKind | str = ResultKind.SINGLE, *, by: Side | None = None
    ) -> Self:
        """:meth:`Game.resign <nardy.game.game.Game.resign>` in the game in progress."""
        return self.advance(self.current().resign(level, by=by))

    def accept(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.accept <nardy.game.game.Game.accept>` in the game in progress."""
        return self.advance(self.current().accept(by=by))

    def reject(self, *, by: Side | None = None) -> Self:
        """:meth:`Game.reject <nardy.game.game.Game.reject>` in the game in progress."""
        return self.advance(self.current().reject(by=by))


def set_up_game(
    series: GameSeries,
    start: Position,
    start_cube: CubeState | None,
    white_player: int | None,
    *,
    crawford: bool,
) -> Game:
    """The game in progress of ``series``, not yet begun, set up anew from ``start``.

    What :meth:`Match.set_up <nardy.Match.set_up>` and :meth:`Session.set_up
    <nardy.Session.set_up>` put in its place: ``white_player`` (default: the
    game's) plays white; ``crawford`` marks a match's Crawford game.
    ``start`` is a position between turns: a match's or session's game
    begins with a roll (:meth:`Game.from_turn_id <nardy.Game.from_turn_id>`
    resumes a single game inside a turn).
    """
    if not isinstance(start, Position):
        raise InvalidOptionError(
            f"a match's or session's game is set up from a nardy.Position, got {shown(start)}"
        )
    now = series.current()
    if now.history:
        raise IllegalActionError(
            f"cannot set up game {series.game_number}: it has begun ({now.describe()})"
        )
    return Game.new(
        now.variant,
        now.options,
        rng=series.rng,
        white_player=now.white_player if white_player is None else white_player,
        start=start,
        start_cube=start_cube,
        crawford=crawford,
    )


def next_game_rule(rules: Variant, next_game: object) -> str:
    """``next_game`` checked (one of :data:`NEXT_GAME_RULES`), by default the variant's custom."""
    if next_game is None:
        next_game = rules.next_game
    if not isinstance(next_game, str) or next_game not in NEXT_GAME_RULES:
        raise InvalidOptionError(
            f"next_game must be one of {', '.join(map(repr, NEXT_GAME_RULES))}; "
            f"got {shown(next_game)}"
        )
    return next_game
