"""Engines as players: a :class:`Bot` chooses every action of a game, and :func:`play_match`.

A player answers a :class:`~nardy.Game` (money play) or a
:class:`~nardy.Match` (the score counts) with the
:class:`~nardy.game.actions.Action` the side to act makes -- the same
values a game's history holds, applied with :meth:`Game.apply
<nardy.Game.apply>` -- so a human, a script and a bot drive a game alike
(:class:`Player`).

A :class:`Bot` asks its engine (:mod:`nardy.analysis`) at its
:class:`~nardy.analysis.Limit`:

* **the play**: the engine's best play of the dice (the only play without
  asking; in long nardy's last roll, the one that bears off the most: a
  finished position is nothing an engine evaluates);
* **the double to name** (acey-deucey's 1-2): the double whose best play
  the engine values most;
* **the cube**, where the engine makes cube decisions for this context
  (money or match, :class:`~nardy.analysis.Ability`): it doubles when the
  decision says double (not when too good), and facing a double it takes,
  drops or -- in money play with beavers -- beavers as the decision says;
  a beavered doubler takes the beaver while a take leaves him more than
  dropping does, and raccoons (where allowed) while the double/take equity
  is positive. Engines with cubeless chances only (the heuristic,
  gnubg-nn, gnubg in-process) decide by nardy's cube model
  (:mod:`nardy.analysis.model`). **Fallback** where no decision is made
  here -- an engine without that cube ability, a match in a variant the
  model has no table for (the heuristic outside backgammon), or a doubler
  the model says may not double (a cube that already wins him the match)
  -- the bot never doubles, beavers or raccoons, and answers a cube offer
  with the dead-cube rule on the engine's own cubeless evaluation: it
  takes while its cubeless equity is at least -0.5 (:data:`TAKE_POINT`),
  and drops below;
* **resigning**, only when the engine says the result is certain: before
  its roll, when its winning chance is at most :data:`CERTAIN` and the
  level it would lose at is certain too (a single game with no gammon
  chance, a gammon with no backgammon chance, or a backgammon), and the
  variant scores that level; never twice in a turn. It accepts a
  resignation when its chance of winning more than the level offered is at
  most :data:`CERTAIN`, and rejects it otherwise.

:class:`RandomPlayer` plays a uniformly random legal play (and double to
name), never doubles or resigns, takes every double and accepts every
resignation.

:func:`play_match` plays a match between two players (an engine, its name,
``"random"`` or any :class:`Player`) and returns a
:class:`~nardy.formats.MatchRecord`, the record ``nardy convert`` reads and
writes: :func:`nardy.formats.write_mat` and :func:`nardy.formats.write_sgf`
save it (backgammon's family), :meth:`Match.to_json <nardy.Match.to_json>`
any variant.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from nardy.analysis.context import context_of
from nardy.analysis.engine import Engine
from nardy.analysis.registry import open_engine
from nardy.analysis.values import Ability, CubeAction, CubeDecision, Limit
from nardy.errors import AnalysisInputError, PlayerError, UnsupportedAnalysisError
from nardy.formats.replay import MatchRecord
from nardy.game.actions import Action, ActionKind, Phase, scored_kinds
from nardy.game.game import Game
from nardy.game.id_state import MatchState
from nardy.game.match import Match
from nardy.model.basics import Roll
from nardy.model.play import Play
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.result import ResultKind
from nardy.model.validate import shown
from nardy.variants.base import Variant

__all__ = [
    "CERTAIN",
    "MAX_ACTIONS",
    "TAKE_POINT",
    "Bot",
    "Player",
    "RandomPlayer",
    "play_match",
    "player_of",
]

#: A chance at most this small counts as nil when a bot resigns or accepts a
#: resignation (engines round: a sure thing comes out as 1e-9, not 0).
CERTAIN = 1e-6
#: The fallback's take point: the cubeless equity, in money units, at which
#: a take and a drop are worth the same with a dead cube (taking doubles the
#: stake: ``2E >= -1``).
TAKE_POINT = -0.5
#: The most actions :func:`play_match` lets a match last (a thousand long games).
MAX_ACTIONS = 1_000_000


@runtime_checkable
class Player(Protocol):
    """Whoever chooses the actions of one side: a :class:`Bot`, a :class:`RandomPlayer`, a person's program."""

    @property
    def name(self) -> str:
        """The name records give the player."""
        ...

    def choose(self, where: Game | Match) -> Action:
        """The action of the side to act in ``where`` (its game in progress, for a match)."""
        ...


def _game_and_state(where: Game | Match) -> tuple[Game, MatchState]:
    """The game to act in and its cube and score (money play for a lone game)."""
    if isinstance(where, Match):
        return where.current(), MatchState.from_match(where)
    if isinstance(where, Game):
        return where, MatchState.from_game(where)
    raise AnalysisInputError(f"a player chooses in a nardy.Game or nardy.Match, got {shown(where)}")


def _actor(game: Game) -> Action:
    """A blank action of the side to act (its kind set by the caller); refuses a game with nothing to choose."""
    side = game.to_act
    if side is None:
        raise AnalysisInputError(
            f"nothing to choose: the game is {'over' if game.is_over() else 'at its opening roll'}"
        )
    return Action(ActionKind.ROLL, side)


def _last_roll_play(game: Game) -> Play:
    """In long nardy's last roll: the play that bears off the most (all of them is a draw)."""
    plays = game.legal_plays()
    states = plays.result_states()
    return plays[max(range(len(plays)), key=lambda i: states[i][0])]


class RandomPlayer:
    """A random player: a uniformly random legal play and double to name, seeded.

    It never doubles or resigns, takes every double (never beavers) and
    accepts every resignation. ``seed``: an int, a string, or a
    :class:`random.Random` to draw from.
    """

    def __init__(self, seed: int | str | random.Random = 0, name: str = "random") -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._name = name

    @property
    def name(self) -> str:
        """The player's name (``"random"``)."""
        return self._name

    def choose(self, where: Game | Match) -> Action:
        """A random play or double to name; roll, take or accept otherwise."""
        game, _ = _game_and_state(where)
        blank = _actor(game)
        phase = game.phase
        if phase is Phase.MOVE:
            plays = game.legal_plays()
            return _with(blank, ActionKind.PLAY, play=plays[self._rng.randrange(len(plays))])
        if phase is Phase.DECIDE:
            choices = game.double_choices()
            named = choices[self._rng.randrange(len(choices))]
            return _with(blank, ActionKind.NAME, dice=tuple(named))
        if phase is Phase.RESIGNED:
            return _with(blank, ActionKind.ACCEPT)
        if phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED):
            return _with(blank, ActionKind.TAKE)
        return blank  # roll

    def __repr__(self) -> str:
        return f"<RandomPlayer {self._name}>"


def _with(
    blank: Action,
    kind: ActionKind,
    *,
    play: Play | None = None,
    dice: tuple[int, ...] | None = None,
    level: ResultKind | None = None,
) -> Action:
    return Action(kind, blank.side, dice=dice, play=play, level=level)


class Bot:
    """An engine as a player: every action of a game chosen by the engine (see :mod:`nardy.analysis.bots`).

    ``engine`` is an open :class:`~nardy.analysis.Engine` (the bot does not
    close it); ``limit`` how hard it looks (``None``: ``Limit()``, 0 plies).
    The engine must play the game's variant
    (:class:`~nardy.errors.AnalysisInputError` otherwise, from the engine).
    """

    def __init__(self, engine: Engine, limit: Limit | None = None, name: str | None = None) -> None:
        if not isinstance(engine, Engine):
            raise AnalysisInputError(
                f"a bot plays with a nardy.analysis engine, got {shown(engine)}"
            )
        self.engine = engine
        self.limit = Limit() if limit is None else limit
        self._name = engine.info.name if name is None else name

    @property
    def name(self) -> str:
        """The player's name (the engine's, unless given)."""
        return self._name

    def __repr__(self) -> str:
        return f"<Bot {self._name} {self.engine.info.name} {self.limit.plies} plies>"

    # --- the choice ---------------------------------------------------------------------

    def choose(self, where: Game | Match) -> Action:
        """The action the engine chooses for the side to act (see :mod:`nardy.analysis.bots`)."""
        game, state = _game_and_state(where)
        blank = _actor(game)
        phase = game.phase
        if phase is Phase.MOVE:
            return _with(blank, ActionKind.PLAY, play=self.best_play(game, state))
        if phase is Phase.DECIDE:
            return _with(blank, ActionKind.NAME, dice=tuple(self.named_double(game, state)))
        if phase is Phase.RESIGNED:
            accept = self.accepts_resignation(game, state)
            return _with(blank, ActionKind.ACCEPT if accept else ActionKind.REJECT)
        if phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED):
            return _with(blank, self.cube_answer(game, state))
        if self.doubles(game, state):
            return _with(blank, ActionKind.DOUBLE)
        level = self.resignation(game, state)
        if level is not None:
            return _with(blank, ActionKind.RESIGN, level=level)
        return blank  # roll

    def policy(self, position: Position, roll: Roll, rng: random.Random) -> Play:
        """The bot as a self-play policy (:data:`nardy.agents.selfplay.Policy`): its best play of ``roll``.

        ``rng`` is not used: the engine decides. Only for the
        ``"inline"`` backend of :func:`~nardy.agents.selfplay.selfplay`
        (an open engine does not travel to worker processes).
        """
        return self.engine.best_play(position, roll, self.limit).play

    # --- plays ------------------------------------------------------------------------------

    def best_play(self, game: Game, state: MatchState) -> Play:
        """The engine's best play of the dice on the table."""
        if game.last_roll:
            return _last_roll_play(game)
        plays = game.legal_plays()
        if len(plays) == 1:  # forced (a pass included): nothing to ask
            return plays[0]
        assert game.dice is not None
        return self.engine.best_play(game.position, game.dice, self.limit, match=state).play

    def named_double(self, game: Game, state: MatchState) -> Roll:
        """The double to name whose best play the engine values most (the first of equals)."""
        choices = game.double_choices()
        values = [
            self.engine.best_play(game.position, c, self.limit, match=state).equity for c in choices
        ]
        return choices[values.index(max(values))]

    # --- the cube -------------------------------------------------------------------------------

    def cube_decision(self, game: Game, state: MatchState) -> CubeDecision | None:
        """The engine's decision for the side on roll (the doubler), or ``None`` where it makes none here."""
        needed = Ability.CUBE_MATCH if state.length else Ability.CUBE_MONEY
        if not self.engine.info.can(needed):
            return None
        if not context_of(game.position, state).may_double:
            return None  # the engines refuse a double that cannot gain (see Context.may_double)
        try:
            return self.engine.cube(game.position, self.limit, match=state)
        except UnsupportedAnalysisError:  # e.g. a match cube in a variant without a table
            return None

    def doubles(self, game: Game, state: MatchState) -> bool:
        """Whether to double now (never where the engine makes no cube decision)."""
        if not game.can_double():
            return False
        decision = self.cube_decision(game, state)
        return decision is not None and decision.action.doubles

    def cube_answer(self, game: Game, state: MatchState) -> ActionKind:
        """Take, drop, beaver or raccoon the offer pending (phase doubled, beavered or raccooned)."""
        allowed = game.allowed()
        decision = self.cube_decision(game, state)
        if decision is None:
            return self._fallback_answer(game, state)
        # The equities are the doubler's, in units of the cube before the double.
        double_take = decision.double_take
        if game.phase is Phase.DOUBLED:
            beaver = decision.action in (CubeAction.DOUBLE_BEAVER, CubeAction.NO_DOUBLE_BEAVER)
            if beaver and ActionKind.BEAVER in allowed:
                return ActionKind.BEAVER
            return ActionKind.TAKE if decision.action.takes else ActionKind.DROP
        if game.phase is Phase.BEAVERED:  # the doubler: 4 cubes owned by the beaverer, or lose 2
            if double_take > 0 and ActionKind.RACCOON in allowed:
                return ActionKind.RACCOON  # the doubler's stake at 8 is worth more than at 4
            return ActionKind.TAKE if 2.0 * double_take >= -2.0 else ActionKind.DROP
        # Raccooned, the beaverer answers: -4 x double/take at 8 cubes, or lose 4.
        return ActionKind.TAKE if -4.0 * double_take >= -4.0 else ActionKind.DROP

    def _fallback_answer(self, game: Game, state: MatchState) -> ActionKind:
        """The dead-cube answer: take while the answerer's cubeless equity is at least :data:`TAKE_POINT`."""
        answerer = game.to_act
        assert answerer is not None
        evaluation = self.engine.evaluate(game.position, self.limit, match=state)
        equity = evaluation.for_side(answerer).cubeless_equity
        return ActionKind.TAKE if equity >= TAKE_POINT else ActionKind.DROP

    # --- resigning ------------------------------------------------------------------------------

    def resignation(self, game: Game, state: MatchState) -> ResultKind | None:
        """The level to resign at before rolling, where the engine says the loss is certain; else ``None``."""
        if ActionKind.RESIGN not in game.allowed() or _rejected_this_turn(game):
            return None
        chances = self.engine.evaluate(game.position, self.limit, match=state).probabilities
        if chances.win > CERTAIN:
            return None
        lose = chances.lose
        if chances.lose_backgammon >= lose - CERTAIN:
            level = ResultKind.BACKGAMMON
        elif chances.lose_gammon >= lose - CERTAIN and chances.lose_backgammon <= CERTAIN:
            level = ResultKind.GAMMON
        elif chances.lose_gammon <= CERTAIN:
            level = ResultKind.SINGLE
        else:
            return None  # lost, but the gammon is uncertain: play on
        return level if level in scored_kinds(game.variant) else None

    def accepts_resignation(self, game: Game, state: MatchState) -> bool:
        """Accept unless the engine gives the acceptor a chance of winning more than the level offered."""
        assert game.resignation is not None
        assert game.to_act is not None
        chances = self.engine.evaluate(game.position, self.limit, match=state)
        mine = chances.for_side(game.to_act).probabilities
        more = {
            ResultKind.SINGLE: mine.win_gammon,
            ResultKind.GAMMON: mine.win_backgammon,
        }.get(game.resignation.level, 0.0)
        return more <= CERTAIN


def _rejected_this_turn(game: Game) -> bool:
    """Whether the side on roll's resignation was rejected since its turn began (it plays on)."""
    for action in reversed(game.history):
        if action.kind is ActionKind.REJECT:
            return True
        if action.kind in (ActionKind.ROLL, ActionKind.PLAY, ActionKind.OPENING):
            return False
    return False


# --- matches --------------------------------------------------------------------------------------

PlayerLike = Player | Engine | str
"""A player as :func:`play_match` takes it: a :class:`Player`, an open engine, an engine's name, or ``"random"``."""


def player_of(
    spec: PlayerLike, limit: Limit | None, seed: int | str, variant: Variant
) -> tuple[Player, Engine | None]:
    """The player ``spec`` names, and the engine opened for it (to close) if it named one.

    ``"random"`` is a :class:`RandomPlayer` seeded with ``seed``; another
    name opens that engine (:func:`~nardy.analysis.open_engine`). An engine
    that does not play ``variant`` raises
    :class:`~nardy.errors.AnalysisInputError`; anything else
    :class:`~nardy.errors.PlayerError`.
    """
    opened: Engine | None = None
    if isinstance(spec, str):
        if spec.strip().lower() == "random":
            return RandomPlayer(seed), None
        spec = opened = open_engine(spec)
    if isinstance(spec, Engine):
        if not spec.info.plays(variant.name):
            if opened is not None:
                opened.close()
            plays = ", ".join(sorted(spec.info.variants or ()))
            raise AnalysisInputError(
                f"the {spec.info.name} engine plays {plays}, not {variant.name}"
            )
        return Bot(spec, limit), opened
    if isinstance(spec, Player):
        return spec, None
    raise PlayerError(
        f"a player is an engine, an engine's name, 'random' or a nardy.analysis.Player, "
        f"got {shown(spec)}"
    )


def _names(players: tuple[Player, Player]) -> tuple[str, str]:
    """The players' names, told apart when they are the same (``sage A``, ``sage B``)."""
    first, second = players[0].name, players[1].name
    if first == second:
        return f"{first} A", f"{second} B"
    return first, second


def play_match(
    first: PlayerLike,
    second: PlayerLike = "random",
    length: int = 5,
    seed: int = 0,
    variant: Variant | str = "backgammon",
    *,
    limit: Limit | None = None,
) -> MatchRecord:
    """Play a match to ``length`` points between two players; its record.

    ``first`` and ``second`` are players 0 and 1: an open engine (a
    :class:`Bot` at ``limit``), an engine's name (opened, and closed at the
    end), ``"random"`` (:class:`RandomPlayer`) or any :class:`Player`. The
    dice come from a :class:`random.Random` seeded with ``seed``, a random
    player's choices from its own generator seeded from ``seed``: the same
    seed and players, the same match. The record's ``players`` are the
    players' names, its ``match`` the finished :class:`~nardy.Match`.

    Raises :class:`~nardy.errors.InvalidOptionError` for a bad length or
    variant (as :meth:`Match.new <nardy.Match.new>`),
    :class:`~nardy.errors.PlayerError` for a player that is none (or
    answers with something that is not an action) and for a match not over
    after :data:`MAX_ACTIONS` actions, and the game's own error
    (:class:`~nardy.errors.IllegalActionError`) for an action it refuses.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayerError(f"a match's seed is an integer, got {shown(seed)}")
    rules = as_variant(variant)
    match = Match.new(rules, length, rng=random.Random(seed))
    opened: list[Engine] = []
    try:
        players = []
        for index, spec in enumerate((first, second)):
            player, engine = player_of(spec, limit, f"nardy play {seed} {index}", rules)
            players.append(player)
            if engine is not None:
                opened.append(engine)
        pair = (players[0], players[1])
        match = _play_out(match, pair)
    finally:
        for engine in opened:
            engine.close()
    tags = (("Event", f"nardy play, seed {seed}"),)
    return MatchRecord(
        length=length, players=_names(pair), tags=tags, games=match.games, match=match
    )


def _play_out(match: Match, players: tuple[Player, Player]) -> Match:
    """``match`` played to its end, each action chosen by the player of the side to act."""
    for _ in range(MAX_ACTIONS):
        if match.game is None:
            return match
        game = match.game
        if game.phase is Phase.OPENING:
            match = match.roll()
            continue
        assert game.to_act is not None
        player = players[game.player(game.to_act)]
        action = player.choose(match)
        if not isinstance(action, Action) or action.side != game.to_act:
            raise PlayerError(
                f"player {player.name!r} answered {shown(action)}, not an action of "
                f"{game.to_act} ({game.describe()})"
            )
        match = match.advance(game.apply(action))
    raise PlayerError(f"the match did not end within {MAX_ACTIONS:,} actions")
