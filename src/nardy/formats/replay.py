"""Replaying a written match through the rules: what the ``.mat`` and SGF readers share.

A reader turns its text into :class:`Entry` values, one per written action,
in the words of a ``.mat`` record (``"62: 24/18 6/4"``, ``"Doubles => 2"``,
``"Takes"``, ``"Wins 2 points"``, ...), grouped by game
(:class:`GameEntries`); :func:`replay_match` and :func:`replay_session`
play them through a :class:`~nardy.Match` or one :class:`~nardy.Game` after
another, checking every action and score, and raise
:class:`~nardy.errors.RecordError` naming the file and the place (a line, an
SGF node) of the first problem.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Sequence

import attrs

from nardy.errors import NardyError, RecordError, RecordWarning
from nardy.formats.setup import Edit, apply_edit
from nardy.game.actions import Action, ActionKind, EndReason, Number, Phase
from nardy.game.game import Game
from nardy.game.match import Match
from nardy.game.options import GameOptions
from nardy.game.session import Session
from nardy.model.basics import Roll, Side
from nardy.model.result import ResultKind
from nardy.variants.base import Variant

__all__ = [
    "Entry",
    "GameEntries",
    "MatchRecord",
    "Where",
    "cut_short",
    "is_word",
    "opening_roll",
    "record_options",
    "recorded_games",
    "replay_match",
    "replay_session",
    "short",
    "start_match",
    "written_actions",
]

_LEVELS = (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON)
_POINTS = re.compile(r"^(?:Wins|Losses)\s+(\d+)\s+points?(\s+and\s+the\s+match)?\s*$", re.I)
_CUBE = re.compile(r"^(?:Doubles|Beavers)(?:\s*=>\s*(\d+))?\s*$", re.I)
# A roll whose play was not recorded: "32: ????", "33: ???"; "00: ????" or "????" alone
# when the dice are not known either.
_UNKNOWN = re.compile(r"^(?:([1-6][1-6]|00):)?\s*\?+\s*$")
# The words that end a game as written: a result, or the resignation before it.
_RESULTS = ("wins", "losses", "concedes", "resigns")


@attrs.frozen
class MatchRecord:
    """A match record (``.mat`` or SGF) read and replayed.

    ``match`` is the replayed :class:`~nardy.Match` (``None`` for a money
    session); ``games`` every game that has begun, in order; ``players``
    the names of the first and second player (nardy's players 0 and 1);
    ``tags`` the header's ``(name, value)`` pairs in order.
    """

    #: Points to win the match; 0 for a money session.
    length: int
    #: The names of the first and the second player (players 0 and 1).
    players: tuple[str, str]
    #: The header's ``(name, value)`` pairs, in order.
    tags: tuple[tuple[str, str], ...]
    #: Every game that has begun, in order.
    games: tuple[Game, ...]
    #: The replayed match; ``None`` for a money session.
    match: Match | None
    #: The :class:`~nardy.errors.RecordWarning` messages of the reading, in order
    #: (what a leniency changed or left out; see the guide's "Real-world spellings").
    warnings: tuple[str, ...] = ()
    #: The numbers (as written) of the games cut short: the record goes on past
    #: a play it does not give, which cannot be replayed; the game ends with
    #: its recorded result right after that play.
    cut_short: tuple[int, ...] = ()

    @property
    def session(self) -> Session | None:
        """The money session the record holds (``None`` for a match)."""
        return None if self.match is not None else Session.from_games(self.games)


@attrs.frozen
class Entry:
    """One written action: the player (0 or 1), its text in ``.mat`` words, and where it is written.

    A set-up node is an entry with an :attr:`edit` (see
    :mod:`nardy.formats.setup`); its :attr:`player` is the player on roll
    after it, unless the edit names one.
    """

    #: The player who acted (0: the first player).
    player: int
    #: The action, as a ``.mat`` record writes it.
    text: str
    #: Where it is written: a line number, or a label such as ``"node 12"``.
    at: int | str
    #: The set-up node this entry is, else ``None``.
    edit: Edit | None = None


@attrs.frozen
class GameEntries:
    """The written actions of one game, with its number and the score written before it."""

    #: The game's number as written.
    number: int
    #: Where the game starts (a line number or a label).
    at: int | str
    #: The score before the game as written, if it is.
    scores: tuple[int, int] | None
    #: The game's actions, in order.
    entries: tuple[Entry, ...]


class Where:
    """Builds :class:`~nardy.errors.RecordError` messages that name the file and the place.

    It also keeps what a leniency did while reading (:meth:`warn`): with
    ``strict`` every leniency raises instead.
    """

    def __init__(self, name: str, *, strict: bool = False, mat: bool = False) -> None:
        #: The file name used in messages.
        self.name = name
        #: True: what would warn raises :class:`~nardy.errors.RecordError`.
        self.strict = strict
        #: True: a play not recorded is read as gnubg imports a ``.mat`` record:
        #: played when one play is forced, else the game is cut short there when
        #: other actions follow (see :func:`cut_short`). False (SGF): the dice
        #: stay on the table, and a move after them must play them.
        self.mat = mat
        #: The warning messages so far, in order.
        self.warnings: list[str] = []
        #: The numbers of the games cut short so far.
        self.cut_short: list[int] = []

    def error(self, at: int | str, why: str) -> RecordError:
        """The error for ``why`` at ``at`` (a line number or a label)."""
        place = f"line {at}" if isinstance(at, int) else at
        return RecordError(f"{self.name}, {place}: {why}")

    def warn(self, at: int | str, why: str) -> None:
        """Note a leniency at ``at``; raise its :class:`~nardy.errors.RecordError` when strict."""
        if self.strict:
            raise self.error(at, f"{why} (strict reading)")
        self.warnings.append(str(self.error(at, why)))

    def issue(self) -> None:
        """Issue every noted leniency as a :class:`~nardy.errors.RecordWarning`.

        Called once the whole record has been read, so that a record that
        then fails warns of nothing.
        """
        for message in self.warnings:
            # 4: the caller of the reader (read_mat, read_sgf) whose record() calls this.
            warnings.warn(RecordWarning(message), stacklevel=4)

    def record(
        self,
        length: int,
        players: tuple[str, str],
        tags: Sequence[tuple[str, str]],
        games: tuple[Game, ...],
        match: Match | None,
    ) -> MatchRecord:
        """The :class:`MatchRecord` read, with the warnings and the games cut short; warns."""
        self.issue()
        return MatchRecord(
            length=length,
            players=players,
            tags=tuple(tags),
            games=games,
            match=match,
            warnings=tuple(self.warnings),
            cut_short=tuple(self.cut_short),
        )


def record_options(**values: object) -> dict[str, object]:
    """The game options a record is replayed with: ``values`` and player 0 white in every game.

    A record names players, not colours. nardy's white is the first player
    (the left column of a ``.mat`` record, gnubg's player 0, ``W`` in SGF)
    in every game, whoever opens it (``winner_takes_white`` off, as for
    backgammon), so that a match played in nardy reads back as it was played.
    """
    return {**values, "winner_takes_white": False}


def replay_session(
    variant: Variant,
    options: GameOptions | dict[str, object],
    games: Sequence[GameEntries],
    where: Where,
) -> tuple[Game, ...]:
    """A money session: each game replayed from a new game with ``options``."""
    played = []
    for k, t in enumerate(games):
        game = _replay_game(Game.new(variant, options), t, None, where)
        _check_end(game, t, games[k + 1] if k + 1 < len(games) else None, where)
        played.append(game)
    return tuple(played)


def start_match(
    variant: Variant,
    length: int,
    options: GameOptions | dict[str, object],
    crawford: bool,
    games: Sequence[GameEntries],
    where: Where,
    *,
    first_is_crawford: bool | None = None,
) -> Match:
    """The match a record replays: at the score written before its first game (else 0-0).

    A player one point away at that score with the Crawford rule: the first
    game is the Crawford game unless ``first_is_crawford`` is ``False``.
    """
    score = (games[0].scores if games else None) or (0, 0)
    one_away = crawford and length > 1 and length - 1 in score
    try:
        return Match.new(
            variant,
            length,
            options,
            crawford=crawford,
            next_game="opening-roll",
            score=score,
            post_crawford=one_away and first_is_crawford is False,
        )
    except NardyError as exc:
        at = games[0].at if games else "the start"
        raise where.error(at, f"the match cannot start at {score[0]}-{score[1]}: {exc}") from exc


def replay_match(match: Match, games: Sequence[GameEntries], where: Where) -> Match:
    """Replay every game through ``match`` (new, before its first game); the final snapshot.

    Each game's written score is checked against the match.
    """
    now = match
    for k, t in enumerate(games):
        if now.game is None:
            raise where.error(t.at, f"game {t.number} comes after the match is over")
        expected = (now.scores[0], now.scores[1])
        if t.scores is not None and t.scores != expected:
            raise where.error(
                t.at,
                f"the score is {expected[0]}-{expected[1]}, the record says "
                f"{t.scores[0]}-{t.scores[1]}",
            )
        following = games[k + 1] if k + 1 < len(games) else None
        game = _replay_game(now.game, t, now, where)
        _check_end(game, t, following, where)
        now = _settle(now, _scored_as_written(now, game, following, where))
    return now


def _scored_as_written(
    match: Match, game: Game, following: GameEntries | None, where: Where
) -> Game:
    """``game`` (played out), scored for the points the next game's score line gives it.

    The score lines are the record's count: gnubg takes them. When a game
    played out (borne off) scores other points by the next score line than
    by its result (the rules' count, or a ``Wins`` line's), the score line
    is followed, with a warning, as a stated result
    (:meth:`Game.with_stated_points <nardy.Game.with_stated_points>`):
    gnubg's own exports of a record whose ``Wins`` line states other points
    than the rules count (``export match mat``, ``save match`` to SGF) write
    the rules' count for the game and the stated score after it. Any other
    score that disagrees is left to :func:`replay_match`, which refuses it.
    """
    outcome = game.outcome
    if following is None or following.scores is None or outcome is None:
        return game
    if outcome.winner is None or outcome.reason not in (EndReason.BEAR_OFF, EndReason.RULE):
        return game
    winner = game.player(outcome.winner)
    before, written = match.scores, following.scores
    gained = written[winner] - before[winner]
    if written[1 - winner] != before[1 - winner] or gained < 1 or gained == outcome.points:
        return game
    if gained != int(gained):  # (a score line holds whole points)
        return game
    said = "the rules" if outcome.rules_points is None else "its result"
    where.warn(
        following.at,
        f"game {following.number - 1} is worth {outcome.points} points by {said}, the score "
        f"of game {following.number} says {gained}: scored as the score says",
    )
    return game.with_stated_points(int(gained))


def _check_end(game: Game, text: GameEntries, following: GameEntries | None, where: Where) -> None:
    """A game without a result must be the record's last.

    A later game is the record's claim that this one was finished: its
    result is missing, not yet to come. (Whether a last game without a
    result warns is the reader's to say: see :func:`nardy.formats.read_mat`.)
    """
    if not game.is_over() and following is not None:
        raise where.error(
            following.at,
            f"game {text.number} has no result, but game {following.number} follows "
            "(a game of the record is cut off)",
        )


def _settle(match: Match, game: Game) -> Match:
    """The match after ``game`` (the game in progress, replayed from its start)."""
    return attrs.evolve(match, game=game.restart()).advance(game)


def recorded_games(match: Match) -> tuple[Game, ...]:
    """The match's games that have begun: the finished ones and the one being played."""
    if match.game is None or (match.games and not match.game.history):
        return match.games
    return (*match.games, match.game)


def _replay_game(game: Game, text: GameEntries, match: Match | None, where: Where) -> Game:
    """Replay one game's actions from ``game`` (a new game before its opening)."""
    entries = text.entries
    k = 0
    while k < len(entries):
        item = entries[k]
        following = entries[k + 1] if k + 1 < len(entries) else None
        if following is not None and _is_result(following):
            item = _last_roll(game, item)
        if _is_concession(item) and not (following is not None and is_word(following, "wins")):
            raise where.error(item.at, f"{short(item.text)!r} without the 'Wins' line after it")
        try:
            if is_word(item, "wins") and game.is_over():
                game = _stated_result(game, item, match, where)
            before = len(game.history)
            game = _apply(game, item, match)
        except NardyError as exc:
            if isinstance(exc, RecordError) and str(exc).startswith(where.name):
                raise
            raise where.error(item.at, f"{short(item.text)!r}: {exc}") from exc
        if where.mat and _UNKNOWN.match(item.text) and not _played(game, before):
            game = _forced(game)
            if not _played(game, before):
                k = cut_short(text, k, where)
                continue
        if game.is_over() and following is not None and not _is_result(following):
            raise where.error(following.at, "an action after the end of the game")
        k += 1
    return game


def _played(game: Game, before: int) -> bool:
    """True when ``game``'s actions after the first ``before`` end with a play."""
    return len(game.history) > before and game.history[-1].kind is ActionKind.PLAY


def _forced(game: Game) -> Game:
    """``game`` with the dice on the table played when one play is forced (a pass or not)."""
    if game.phase is not Phase.MOVE:
        return game
    legal = game.legal_plays()
    return game.play(legal[0]) if len(legal) == 1 else game


def cut_short(text: GameEntries, k: int, where: Where) -> int:
    """Where the replay of game ``text`` goes on after its entry ``k``, a play not recorded.

    A play that is not recorded (``dd: ????``, ``00: ????``, ``????``) and
    not forced: when a result follows, the player rolled and resigned (the
    next entry). When other actions follow, the position after it is
    unknown, so they cannot be replayed: the game is cut short there, with
    a warning, and ends with its recorded result (the index of the first
    result word after ``k``; the length of the entries when there is none);
    :attr:`MatchRecord.cut_short` names it. The other games of the record
    are kept. (gnubg goes on with the later plays that happen to be legal;
    a forced play is played, as gnubg plays it, and the game goes on.)
    """
    entries = text.entries
    rest = entries[k + 1 :]
    ends = next((j for j, e in enumerate(rest) if _is_result(e)), len(rest))
    if ends == 0:
        return k + 1  # the result follows: nothing is left out
    dropped = rest[:ends]
    ending = "ends with its recorded result" if ends < len(rest) else "has no result"
    where.warn(
        entries[k].at,
        f"{entries[k].text.strip()!r} does not say the play, so game {text.number} cannot be "
        f"replayed past it: the {len(dropped)} action(s) after it ({_places(dropped)}) "
        f"are left out and the game {ending}",
    )
    where.cut_short.append(text.number)
    return k + 1 + ends


def _places(entries: Sequence[Entry]) -> str:
    """Where ``entries`` are written: ``line 14``, ``lines 14 to 16``, or SGF labels."""
    places = list(dict.fromkeys(e.at for e in entries))
    if not all(isinstance(at, int) for at in places):
        return ", ".join(str(at) for at in places)
    if len(places) == 1:
        return f"line {places[0]}"
    return f"lines {places[0]} to {places[-1]}"


def _stated_result(game: Game, item: Entry, match: Match | None, where: Where) -> Game:
    """``game`` (played out), scored for the points its ``Wins`` line states when they differ.

    Some exports state a result the rules do not count (``Wins 1 point``
    for a gammon). The record is followed, as the next game's score line
    follows it (gnubg takes that score), with a warning naming both values:
    the game keeps every play and its ending, and scores the stated points
    (:meth:`Game.with_stated_points <nardy.Game.with_stated_points>`), so
    that a record written from it reads back as the original does.
    Anything else that disagrees (a drop, a resignation) is left to
    :func:`_wins`, which refuses it.
    """
    outcome = game.outcome
    if outcome is None or outcome.reason not in (EndReason.BEAR_OFF, EndReason.RULE):
        return game
    points, _ = _points(item)
    full = outcome.points
    if _agrees(points, full, _capped(full, match, game)) or outcome.winner != _side_of(game, item):
        return game
    where.warn(
        item.at,
        f"the game is worth {full} points by the rules, the record says {points}: "
        f"scored as the record says",
    )
    return game.with_stated_points(points)


def _agrees(points: int, full: Number, capped: Number) -> bool:
    """A stated ``points`` is the count, the count capped at what wins the match, or more than that cap."""
    return points in (full, capped) or (capped < full and points > capped)


def _last_roll(game: Game, item: Entry) -> Entry:
    """A roll written with no play just before the game's end: not recorded, unless a pass is forced.

    gnubg writes the roll of a player who then resigned as ``dd:`` with no
    play, like a forced pass (and a ``.mat`` record is read as gnubg reads
    it: a forced play is played, see :attr:`Where.mat`).
    """
    m = re.fullmatch(r"([1-6])([1-6]):\s*(?:can'?t move|cannot move)?\s*", item.text, re.I)
    if not m or game.phase is not Phase.ROLL:
        return item
    legal = game.position.legal_plays(Roll(int(m[1]), int(m[2])))
    forced_pass = len(legal) == 1 and not legal[0].steps
    return item if forced_pass else attrs.evolve(item, text=f"{m[1]}{m[2]}: ????")


def _is_result(item: Entry) -> bool:
    return any(is_word(item, word) for word in _RESULTS)


def _is_concession(item: Entry) -> bool:
    return is_word(item, "concedes") or is_word(item, "resigns")


def is_word(item: Entry, word: str) -> bool:
    """True when ``item``'s text starts with ``word`` (lower case)."""
    return item.text.lower().startswith(word)


def _apply(game: Game, item: Entry, match: Match | None) -> Game:
    if item.edit is not None:
        return apply_edit(game, item.edit, item.player)
    word = re.match(r"[A-Za-z]*", item.text)
    handler = _HANDLERS.get(word[0].lower() if word else "")
    if handler is not None:
        return handler(game, item, match)
    return _roll_and_play(game, item)


def _side_of(game: Game, item: Entry) -> Side:
    return game.side_of(item.player)


def _roll_and_play(game: Game, item: Entry) -> Game:
    """The game after the roll ``item`` and its play.

    A play not written (``dd:``, ``dd: Cannot Move``) is the only legal
    play when one is forced (a pass, or one play), as gnubg reads it; a
    play not recorded (``dd: ????``) leaves the dice on the table (see
    :attr:`Where.mat` for what comes next).
    """
    dice, _, play = item.text.partition(":")
    unknown = _UNKNOWN.match(item.text)
    if unknown and unknown[1] in (None, "00"):
        return game  # neither the dice nor the play are known: nothing to replay
    if not re.fullmatch(r"[1-6][1-6]", dice.strip()):
        raise RecordError("expected a roll 'dd:', a cube action, 'Wins' or 'Losses'")
    written = (int(dice.strip()[0]), int(dice.strip()[1]))  # in the order written: kept
    roll = Roll(*written)
    game = _opened(game, item.player, written)
    side = _side_of(game, item)
    if game.phase is not Phase.MOVE:
        game = game.roll(written, by=side)
    elif game.dice != roll:
        raise RecordError(f"the dice on the table are {game.dice}, not {roll}")
    play = play.strip()
    if play.lower() in ("cannot move", "can't move"):
        play = ""
    if unknown:
        return game
    if not play:
        legal = game.legal_plays()
        if len(legal) == 1:  # forced: a pass, or the one legal play (gnubg plays it)
            return game.play(legal[0], by=side)
    return game.play(play, by=side)


def _opened(game: Game, player: int, written: tuple[int, int]) -> Game:
    """``game``, or before its opening: the game after ``player`` opened with the dice ``written``.

    One die each, both used: a first roll that is not a double, written
    with the winner's die first (high-low, as gnubg and the sites write
    it), is the opening roll won by its player, as a match's own games
    start; the writers write an opening roll's play that way (see
    :func:`opening_roll`). Written low-high (``16:``, as some exporters
    write every roll) it is not read as the opening roll, whose dice have
    no order of their own to keep: the player starts the game with an
    ordinary roll of the dice in the order written, so that it replays, and
    writes back, exactly as written. A double cannot be an opening roll
    either (some sites re-roll after the opening): that player starts too.
    """
    use_both = game.options.opening == "one_die_each_use_both"
    first, second = written
    if game.phase is not Phase.OPENING or not use_both or first <= second:
        return _started(game, player)
    return game.roll((first, second) if player == 0 else (second, first))


def opening_roll(game: Game, action: Action) -> tuple[int, tuple[int, int]] | None:
    """The player who plays the opening roll ``action`` of ``game``, and its dice as written.

    With one die each, both used, the first play is written with the
    opening dice, the winner's (higher) die first, as the readers read an
    opening roll. ``None`` for a tie (rolled again)
    and for the other openings, whose first play has a roll of its own.
    """
    dice = action.dice
    if game.options.opening != "one_die_each_use_both" or dice is None or dice[0] == dice[1]:
        return None
    return (0 if dice[0] > dice[1] else 1, (max(dice), min(dice)))


#: A roll waiting for the play it is written with: the player who rolled, and the dice as written.
Rolled = tuple[int, tuple[int, int]]


def written_actions(
    game: Game,
) -> tuple[list[tuple[Action, int, Rolled | None]], Rolled | None]:
    """What the writers write of ``game``'s history: its actions but the rolls, and the roll left waiting.

    A record writes a roll with the play that plays it, not on its own, so
    each action comes with its player and the roll waiting before it (the
    opening roll too, see :func:`opening_roll`); a play uses the roll up
    (a play with none waiting comes with its own, the higher die first),
    and so does a resignation offered after rolling. Last comes the roll
    still waiting when the history ends, else ``None``.
    """
    actions: list[tuple[Action, int, Rolled | None]] = []
    waiting: Rolled | None = None
    for action in game.history:
        if action.side is None:  # the opening roll: the first play shows its dice
            opening = opening_roll(game, action)
            if opening is not None:
                waiting = opening
            continue
        player = game.player(action.side)
        if action.kind is ActionKind.ROLL:
            assert action.dice is not None  # in the order rolled or read: written so
            waiting = (player, (action.dice[0], action.dice[1]))
            continue
        if action.kind is ActionKind.PLAY and waiting is None:
            assert action.play is not None
            waiting = (player, (action.play.roll.high, action.play.roll.low))
        actions.append((action, player, waiting))
        if action.kind in (ActionKind.PLAY, ActionKind.RESIGN):
            waiting = None
    return actions, waiting


def _started(game: Game, player: int) -> Game:
    """``game``, or before its opening: the game with ``player`` starting, in his own colour.

    A record does not say how the opening was rolled; the first player to
    act in it starts. The colours stay as the game has them (player 0
    white: see :func:`record_options`).
    """
    if game.phase is not Phase.OPENING:
        return game
    return Game.new(
        game.variant,
        game.options,
        rng=game.rng,
        white_player=game.white_player,
        starter=game.side_of(player),
        crawford=game.crawford,
    )


def _double(game: Game, item: Entry, match: Match | None) -> Game:
    value = _cube_value(item)
    game = game.double(by=_side_of(game, item))
    expected = game.options.next_cube_value(game.cube.value)
    if value is not None and value != expected:
        raise RecordError(f"the double raises the cube to {expected}, not {value}")
    return game


def _take(game: Game, item: Entry, match: Match | None) -> Game:
    return game.take(by=_side_of(game, item))


def _drop(game: Game, item: Entry, match: Match | None) -> Game:
    return game.drop(by=_side_of(game, item))


def _beaver(game: Game, item: Entry, match: Match | None) -> Game:
    _cube_value(item)
    return game.beaver(by=_side_of(game, item))


def _cube_value(item: Entry) -> int | None:
    """The cube value written after ``=>`` (``None`` when only the word is written)."""
    m = _CUBE.match(item.text)
    if not m:
        raise RecordError("expected 'Doubles => N' or 'Beavers => N'")
    return None if m[1] is None else int(m[1])


def _losses(game: Game, item: Entry, match: Match | None) -> Game:
    points, _ = _points(item)
    return _resign(game, item.player, points, match)


def _wins(game: Game, item: Entry, match: Match | None) -> Game:
    points, whole_match = _points(item)
    if not game.is_over():
        game = _resign(game, 1 - item.player, points, match)
    winner = _side_of(game, item)
    assert game.outcome is not None
    if game.outcome.winner != winner:
        raise RecordError(f"the record gives the game to {winner}, the rules to the other side")
    full = game.outcome.points
    if not _agrees(points, full, _capped(full, match, game)):
        raise RecordError(f"the game is worth {full} points, the record says {points}")
    decides = match is not None and full >= match.away(game.player(winner))
    if whole_match and not decides:
        raise RecordError("the record says the game wins the match, but it does not")
    return game


def _capped(points: Number, match: Match | None, game: Game) -> Number:
    """What ``points`` count toward the match: no more than the winner needs."""
    if match is None or game.outcome is None or game.outcome.winner is None:
        return points
    return min(points, match.away(game.player(game.outcome.winner)))


def _points(item: Entry) -> tuple[int, bool]:
    m = _POINTS.match(item.text)
    if not m:
        raise RecordError("expected 'Wins N point(s)' or 'Losses N point(s)'")
    return int(m[1]), bool(m[2])


def _resign(game: Game, player: int, points: int, match: Match | None) -> Game:
    """The game after ``player`` resigns for ``points`` and the other accepts."""
    if game.is_over():
        return game
    loser = game.side_of(player)  # before the opening roll, player 0 is white
    level = _level(points, game, loser, match)
    if game.phase in (Phase.ROLL, Phase.MOVE, Phase.OPENING):
        game = game.resign(level, by=loser)
        return game.accept(by=loser.opponent)
    raise RecordError(f"{loser} resigns while the game is in phase {game.phase.value!r}")


def _level(points: int, game: Game, loser: Side, match: Match | None) -> ResultKind:
    """The resignation level worth ``points`` with the cube.

    When the points are no multiple of the cube up to three (a count capped
    at what wins the match, or more than a backgammon), the level is the
    points over the cube rounded up, at most a backgammon, as gnubg reads
    it; that is accepted only when the game decides the match.
    """
    cube = game.cube.value
    if points % cube == 0 and 1 <= points // cube <= 3:
        return _LEVELS[points // cube - 1]
    level = _LEVELS[min(3, -(-points // cube)) - 1]
    if match is not None and points >= match.away(game.player(loser.opponent)):
        return level
    raise RecordError(f"{points} points is no resignation with the cube at {cube}")


_Handler = Callable[[Game, Entry, "Match | None"], Game]
_HANDLERS: dict[str, _Handler] = {
    "doubles": _double,
    "takes": _take,
    "drops": _drop,
    "beavers": _beaver,
    "losses": _losses,
    "wins": _wins,
    # The points are on the Wins line that must follow (checked in _replay_game); the
    # resignation is made there.
    "concedes": lambda game, item, match: game,
    "resigns": lambda game, item, match: game,
}


def short(text: str) -> str:
    """``text``, cut to 60 characters for a message."""
    return text if len(text) <= 60 else text[:57] + "..."
