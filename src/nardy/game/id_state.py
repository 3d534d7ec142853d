"""The state around a position: the cube, the score, the dice and what is pending.

A position says where the checkers stand and who is to move; the formats
that exchange positions with other programs (the gnubg Match ID, XGID, the
FIBS ``board:`` line) also carry what a program needs to decide there: the
cube and its owner, the match length and score, the Crawford game, the dice
on the table, a double or resignation waiting for an answer, and the money
agreements (Jacoby, beavers, the highest cube). :class:`MatchState` is that
value. :meth:`MatchState.from_game` reads it off a
:class:`~nardy.Game` (and :meth:`MatchState.from_match` off a
:class:`~nardy.Match`); :meth:`MatchState.to_game` sets a game up from it and
a position, so that a game, its gnubg ID and its XGID convert into each
other.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import attrs

from nardy.errors import InvalidOptionError
from nardy.game.actions import ActionKind, CubeState, EndReason, Phase, Resignation
from nardy.game.game import Game
from nardy.game.match import Match
from nardy.game.options import GameOptions
from nardy.game.turns import Turn
from nardy.model.basics import Roll, Side
from nardy.model.position import Position
from nardy.model.result import ResultKind
from nardy.model.turns import TurnState
from nardy.variants.base import Variant

__all__ = ["GameState", "MatchState"]


class GameState(enum.Enum):
    """Where the game stands, as gnubg's Match ID records it."""

    #: No game has started: the opening roll is still to come. With
    #: :attr:`MatchState.dice` set, the opening roll has been made and not yet
    #: played: the side on roll is to play it. gnubg writes the first
    #: position of every game of an analysis export so (see :meth:`MatchState.to_game`).
    NONE = "none"
    #: The game is being played.
    PLAYING = "playing"
    #: The game ended on the board (a side bore off, or the rules ended it).
    OVER = "over"
    #: The game ended by an accepted resignation.
    RESIGNED = "resigned"
    #: The game ended by a dropped double (or a dropped beaver or raccoon:
    #: see :attr:`MatchState.beavers`).
    DROPPED = "dropped"


# The states of a game that has ended; their score counts the game's points.
_ENDED = frozenset({GameState.OVER, GameState.RESIGNED, GameState.DROPPED})


def _at_least(minimum: int) -> Any:
    """Validator: an int (not a bool) of at least ``minimum``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise InvalidOptionError(
                f"{attribute.name} must be an integer >= {minimum}, got {value!r}"
            )

    return check


def _is_bool(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Validator: True or False."""
    if not isinstance(value, bool):
        raise InvalidOptionError(f"{attribute.name} is True or False, got {value!r}")


def _side(value: object) -> Side:
    return Side.coerce(value)


def _score(value: object) -> tuple[int, int]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise InvalidOptionError(f"a score is two integers (white's, black's), got {value!r}")
    for n in value:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidOptionError(f"a score is two integers >= 0, got {value!r}")
    return (value[0], value[1])


def _dice(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise InvalidOptionError(f"the dice are two integers 1..6 or None, got {value!r}")
    for die in value:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise InvalidOptionError(f"the dice are two integers 1..6 or None, got {value!r}")
    return (max(value), min(value))


def _resignation(value: object) -> Resignation | None:
    if value is not None and not isinstance(value, Resignation):
        raise InvalidOptionError(
            f"a resignation is a nardy.game.actions.Resignation, got {value!r}"
        )
    return value


def _game_state(value: object) -> GameState:
    if not isinstance(value, GameState):
        raise InvalidOptionError(f"a game state is a nardy.GameState, got {value!r}")
    return value


def _optional_side(value: object) -> Side | None:
    return None if value is None else Side.coerce(value)


@attrs.frozen(kw_only=True)
class MatchState:
    """The cube, the score, the dice and what is pending around one position.

    Sides are nardy's: ``score`` is ``(white's, black's)``; gnubg's player 0
    (the first player of a ``.mat`` file, SGF's ``W``, XG's bottom player) is
    white. Every field has a default, so ``MatchState(cube=2,
    cube_owner=Side.BLACK)`` describes a money game with black owning a
    2-cube and white to roll.

    A state is checked when it is made (:class:`~nardy.errors.InvalidOptionError`
    for a field out of range or fields that contradict each other); whether
    it fits a position and a variant is checked by the readers and by
    :meth:`to_game`.
    """

    #: Points to win the match; 0 for money play.
    length: int = attrs.field(default=0, validator=_at_least(0))
    #: The score ``(white's, black's)``: before this game, or, once it has
    #: ended (:attr:`game_state` over, resigned or dropped), after it, its
    #: points counted, as gnubg's Match ID has it (the winner's may then
    #: reach or pass :attr:`length`).
    score: tuple[int, int] = attrs.field(default=(0, 0), converter=_score)
    #: True when this game is the Crawford game (no doubling).
    crawford: bool = attrs.field(default=False, validator=_is_bool)
    #: The value of the cube (1 while nobody has doubled).
    cube: int = attrs.field(default=1, validator=_at_least(1))
    #: Who owns the cube; ``None`` while it is centred.
    cube_owner: Side | None = attrs.field(default=None, converter=_optional_side)
    #: The side on roll: the one who rolls, has rolled, or has doubled (in a
    #: game that ended by a pass: the side that doubled; in a game that ended
    #: on the board: the loser, who would have been next to roll).
    turn: Side = attrs.field(default=Side.WHITE, converter=_side)
    #: The dice rolled and not yet played, highest first (as gnubg and
    #: :class:`~nardy.Roll` keep them); else ``None``. Before the game has
    #: started (:attr:`GameState.NONE`): the opening roll, made and not played.
    dice: tuple[int, int] | None = attrs.field(default=None, converter=_dice)
    #: True when the side on roll has doubled and the other must answer.
    doubled: bool = attrs.field(default=False, validator=_is_bool)
    #: With :attr:`doubled`: 1 when the taker has beavered (the doubler
    #: answers), 2 when the doubler has then raccooned (the beaverer answers).
    #: In a game that ended by a pass (:attr:`GameState.DROPPED`), the offer
    #: that was passed: 0 the double (the doubler's opponent passed), 1 the
    #: beaver (the doubler passed), 2 the raccoon (the beaverer passed).
    beavers: int = attrs.field(default=0, validator=_at_least(0))
    #: A resignation offered and not yet answered (or accepted, when
    #: :attr:`game_state` is :attr:`GameState.RESIGNED`).
    resignation: Resignation | None = attrs.field(default=None, converter=_resignation)
    #: Where the game stands.
    game_state: GameState = attrs.field(default=GameState.PLAYING, converter=_game_state)
    #: Money play: the Jacoby rule (gammons count single until the cube is turned).
    jacoby: bool = attrs.field(default=False, validator=_is_bool)
    #: Money play: beavers allowed.
    beaver: bool = attrs.field(default=False, validator=_is_bool)
    #: The highest value the cube may reach.
    max_cube: int = attrs.field(default=64, validator=_at_least(1))

    def __attrs_post_init__(self) -> None:
        why = self._contradiction()
        if why is not None:
            raise InvalidOptionError(f"inconsistent match state: {why}")

    def _contradiction(self) -> str | None:
        length = self.length
        ended = self.game_state in _ENDED
        # An ended game's score counts its points: the winner may have reached the length.
        won = bool(length) and max(self.score) >= length
        if won and not ended:
            return (
                f"a score of {self.score[0]}-{self.score[1]} has already won a {length}-point match"
            )
        one_away = bool(length) and (length - 1 in self.score or (ended and won))
        if self.crawford and not one_away:
            return "the Crawford game comes only when a player is one point away"
        if self.crawford and (self.cube != 1 or self.cube_owner is not None or self.doubled):
            return "nobody doubles in the Crawford game"
        passed = self.game_state is GameState.DROPPED
        if self.beavers > 2 or (self.beavers and not (self.doubled or passed)):
            return "a beaver (1) or raccoon (2) answers a pending double, or was passed"
        if self.doubled and self.dice is not None:
            return "a double comes before the dice are rolled"
        if self.cube > self.max_cube:
            return f"the cube {self.cube} is over max_cube={self.max_cube}"
        if self.doubled and self.cube_owner == self.turn.opponent:
            return f"{self.turn} doubles, but {self.cube_owner} owns the cube"
        if self.game_state is GameState.NONE and (self.doubled or self.resignation):
            return "before the opening roll is played nothing is pending"
        if self.game_state is GameState.RESIGNED and self.resignation is None:
            return "a game that ended by resignation needs the resignation"
        if self.game_state in (GameState.OVER, GameState.DROPPED) and self.resignation:
            return f"a game that ended {self.game_state.value} has no resignation"
        return None

    @property
    def money(self) -> bool:
        """True for money play (:attr:`length` 0)."""
        return self.length == 0

    @property
    def to_act(self) -> Side:
        """The side that must act next: who answers a double or resignation, else the side on roll."""
        if self.resignation is not None and self.game_state is GameState.PLAYING:
            return self.resignation.side.opponent
        if self.doubled:
            return self.turn if self.beavers == 1 else self.turn.opponent
        return self.turn

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (sides as ``"w"``/``"b"``)."""
        return {
            "length": self.length,
            "score": list(self.score),
            "crawford": self.crawford,
            "cube": self.cube,
            "cube_owner": None if self.cube_owner is None else self.cube_owner.letter,
            "turn": self.turn.letter,
            "dice": None if self.dice is None else list(self.dice),
            "doubled": self.doubled,
            "beavers": self.beavers,
            "resignation": None
            if self.resignation is None
            else {"side": self.resignation.side.letter, "level": self.resignation.level.value},
            "game_state": self.game_state.value,
            "jacoby": self.jacoby,
            "beaver": self.beaver,
            "max_cube": self.max_cube,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchState:
        """Read :meth:`to_dict`'s form; :class:`~nardy.errors.InvalidOptionError` on a bad field."""
        if not isinstance(data, Mapping):
            raise InvalidOptionError(f"a match state is a mapping, got {data!r}")
        names = {a.name for a in attrs.fields(cls)}
        unknown = sorted(str(k) for k in data if k not in names)
        if unknown:
            raise InvalidOptionError(f"unknown match state field(s): {', '.join(unknown)}")
        values = dict(data)
        resigned = values.get("resignation")
        if resigned is not None:
            if not isinstance(resigned, Mapping):
                raise InvalidOptionError(f"a resignation is {{side, level}}, got {resigned!r}")
            try:
                level = ResultKind(resigned.get("level"))
            except ValueError:
                raise InvalidOptionError(f"bad resignation level in {resigned!r}") from None
            values["resignation"] = Resignation(Side.coerce(resigned.get("side")), level)
        if "game_state" in values:
            try:
                values["game_state"] = GameState(values["game_state"])
            except ValueError:
                raise InvalidOptionError(f"bad game_state {values['game_state']!r}") from None
        return cls(**values)

    # --- the game layer -------------------------------------------------------------

    @classmethod
    def from_game(
        cls, game: Game, *, length: int = 0, score: tuple[int, int] = (0, 0)
    ) -> MatchState:
        """The state of ``game``, played at ``score`` (white's, black's) in a match to ``length``.

        The money agreements (Jacoby, beavers, the highest cube) come from
        the game's options; in match play Jacoby reads as off. Once the game
        has ended, the state's score counts its points (as gnubg's Match ID
        does), and a game ended by a pass says which offer was passed
        (:attr:`beavers`) with the stake lost as the cube, owned by the
        beaverer after a beaver (as gnubg records it). A game whose points
        are not whole numbers raises :class:`~nardy.errors.InvalidOptionError`.
        """
        phase = game.phase
        opts = game.options
        dice = None if game.dice is None else (game.dice.high, game.dice.low)
        resignation = game.resignation
        game_state = _END_STATES.get(phase, GameState.PLAYING)
        beavers = _BEAVERS.get(phase, 0)
        cube, owner = game.cube.value, game.cube.owner
        if game.outcome is not None:
            game_state = _REASONS.get(game.outcome.reason, GameState.OVER)
            if game_state is GameState.RESIGNED:
                resignation = _accepted_resignation(game)
            score = _after(score, game)
            if game_state is GameState.DROPPED:
                beavers = _passed(game)
                cube = game.outcome.cube
                if beavers:  # the beaver turned the cube over to the beaverer
                    owner = game.position.turn.opponent
        return cls(
            length=length,
            score=score,
            crawford=game.crawford,
            cube=cube,
            cube_owner=owner,
            turn=game.position.turn,
            dice=dice,
            doubled=phase in _BEAVERS,
            beavers=beavers,
            resignation=resignation,
            game_state=game_state,
            jacoby=opts.jacoby and not length,
            beaver=opts.beaver,
            max_cube=opts.max_cube,
        )

    @classmethod
    def from_match(cls, match: Match) -> MatchState:
        """The state of the game in progress of ``match`` (or of its last game once it is over).

        Scores are by colour in that game (player 0 plays white unless the
        game says otherwise); once the match is over they are the final
        scores (see :meth:`from_game`). A match whose scores are not whole
        numbers raises :class:`~nardy.errors.InvalidOptionError`.
        """
        game = match.game if match.game is not None else match.games[-1]
        # An ended game's state counts its points: start from the score before it.
        scores = match.scores if match.game is not None else _before_last(match)
        if not all(float(s).is_integer() for s in scores):
            raise InvalidOptionError(f"a match state counts whole points, got {scores!r}")
        by_side = [0, 0]
        for player in (0, 1):
            by_side[game.side_of(player)] = int(scores[player])
        return cls.from_game(game, length=match.length, score=(by_side[0], by_side[1]))

    def to_match(
        self,
        variant: Variant | str = "backgammon",
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        crawford_rule: bool = True,
        next_game: str = "opening-roll",
        position: Position | None = None,
    ) -> Match:
        """A :class:`~nardy.Match` to :attr:`length` at :attr:`score`, its next game not yet begun.

        White's score is player 0's. The game is the Crawford game when
        :attr:`crawford` is set; when a player is already one point away
        and it is not, the Crawford game has been played and none follows.
        The game starts with the opening roll, or, given ``position`` (with
        :attr:`turn` to move), from that position with this state's cube,
        player 0 playing white (see :meth:`Match.set_up
        <nardy.Match.set_up>`); dice on the table or a pending double or
        resignation cannot start a match (see :meth:`to_game` for a game set
        up in any phase). Raises :class:`~nardy.errors.InvalidOptionError`
        for a money state, a Crawford game without the Crawford rule, or a
        state a match cannot start from (such as a game that has ended: its
        score counts that game, and whether the next is the Crawford game
        depends on the score before it).
        """
        if self.money:
            raise InvalidOptionError("a money state (length 0) is no match")
        if self.game_state in _ENDED:
            raise InvalidOptionError(
                f"a match starts from a game not yet ended, not one {self.game_state.value}"
            )
        if self.crawford and not crawford_rule:
            raise InvalidOptionError("a Crawford game needs the Crawford rule")
        one_away = self.length > 1 and self.length - 1 in self.score
        match = Match.new(
            variant,
            self.length,
            options,
            crawford=crawford_rule,
            next_game=next_game,
            score=self.score,
            # A player one point away, and this is not the Crawford game: it has been played.
            post_crawford=crawford_rule and one_away and not self.crawford,
        )
        if position is None:
            return match
        if self.dice is not None or self.doubled or self.resignation is not None:
            raise InvalidOptionError("a match starts with nothing rolled or pending")
        if position.turn != self.turn:
            raise InvalidOptionError(
                f"the state has {self.turn} on roll, the position {position.turn} to move"
            )
        cube = CubeState(value=self.cube, owner=self.cube_owner)
        return match.set_up(position, start_cube=cube, white_player=0)

    def to_game(
        self, position: Position, options: GameOptions | Mapping[str, Any] | None = None
    ) -> Game:
        """A :class:`~nardy.Game` at ``position`` in this state (the score and length are not part of a game).

        ``options`` are the game options (default: the variant's defaults);
        the state's Jacoby, beaver and highest cube replace theirs (a pending
        raccoon, ``beavers=2``, turns options ``beaver`` and ``raccoon`` on;
        otherwise ``raccoon`` stays as given unless ``beaver`` is off).
        ``position`` must have :attr:`turn` to move. A game that has not
        started is at the starting position: without dice it waits for the
        opening roll; with dice (the opening roll made, as gnubg's analysis
        exports write it) it is set up from the starting position with
        :attr:`turn` to play them, as any game started from a position (so
        :meth:`from_game` reads it back as being played, the state gnubg
        itself has after an opening roll). Raises
        :class:`~nardy.errors.InvalidOptionError` for a game that is over or
        has not started away from the starting position.
        """
        if position.turn != self.turn:
            raise InvalidOptionError(
                f"the state has {self.turn} on roll, the position {position.turn} to move"
            )
        base = GameOptions.coerce(options)
        raccoon = self.beavers == 2 or (base.raccoon and self.beaver)
        opts = GameOptions.coerce(
            base,
            jacoby=self.jacoby,
            beaver=self.beaver or raccoon,  # a raccoon answers a beaver
            raccoon=raccoon,
            max_cube=self.max_cube,
        )
        if self.game_state is GameState.NONE:
            if position != position.variant.starting_position(position.turn):
                raise InvalidOptionError("a game that has not started is at the starting position")
            if self.dice is None:
                return Game.new(position.variant, opts, crawford=self.crawford)
        elif self.game_state is not GameState.PLAYING:
            raise InvalidOptionError(f"cannot set up a game that is over ({self.game_state.value})")
        phase = Phase.ROLL if self.dice is None else Phase.MOVE
        if self.doubled:
            phase = next(p for p, n in _BEAVERS.items() if n == self.beavers)
        if self.resignation is not None:
            phase = Phase.RESIGNED
        cube = CubeState(
            value=self.cube,
            owner=self.cube_owner,
            offered_by=self.turn if self.doubled else None,
            beavered=self.beavers > 0,
        )
        # Dice on the table: the game resumes inside the turn they begin.
        roll = None if self.dice is None else Roll(*self.dice)
        start = position if roll is None else Turn(position, TurnState(pending=(roll,), roll=roll))
        game = Game.new(position.variant, opts, start=start, crawford=self.crawford)
        return attrs.evolve(game, phase=phase, cube=cube, resignation=self.resignation)


# A pending double's phases and the beavers (1) or raccoon (2) that answered it.
_BEAVERS = {Phase.DOUBLED: 0, Phase.BEAVERED: 1, Phase.RACCOONED: 2}
_END_STATES = {Phase.OPENING: GameState.NONE, Phase.OVER: GameState.OVER}
_REASONS = {EndReason.DROP: GameState.DROPPED, EndReason.RESIGN: GameState.RESIGNED}


def _after(score: tuple[int, int], game: Game) -> tuple[int, int]:
    """``score`` (white's, black's) with the points of the ended ``game`` counted."""
    white, black = (score[side] + game.points(side) for side in (Side.WHITE, Side.BLACK))
    if not (float(white).is_integer() and float(black).is_integer()):
        raise InvalidOptionError(f"a match state counts whole points, got {white!r}, {black!r}")
    return (int(white), int(black))


def _passed(game: Game) -> int:
    """The offer a game ended by a pass refused: 0 the double, 1 the beaver, 2 the raccoon."""
    offer = game.history[-2].kind if len(game.history) > 1 else ActionKind.DOUBLE
    return {ActionKind.BEAVER: 1, ActionKind.RACCOON: 2}.get(offer, 0)


def _accepted_resignation(game: Game) -> Resignation | None:
    """The resignation an ended game's history accepted."""
    for action in reversed(game.history):
        if action.kind is ActionKind.RESIGN and action.level and action.side is not None:
            return Resignation(action.side, ResultKind(action.level))
    return None


def _before_last(match: Match) -> tuple[Any, Any]:
    """Player 0's and 1's scores before the match's last game."""
    last = match.games[-1]
    s0, s1 = match.scores
    return (s0 - last.points(last.side_of(0)), s1 - last.points(last.side_of(1)))
