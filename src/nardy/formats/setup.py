"""Set-up nodes of a record: checkers placed, the player on roll and the cube set by hand.

gnubg's SGF sets a position up with ``AE`` (empty these points), ``AW`` and
``AB`` (add one checker of the first or the second player per value), ``PL``
(the player on roll), ``CV`` (the cube's value) and ``CP`` (its position:
``c`` centred, ``w`` or ``b`` the owner). Points are letters in the first
player's numbering (``a`` his 1-point .. ``x`` his 24-point, ``y`` the bar);
``a:y`` is a range of points, both ends included. An :class:`Edit` is one
such node; :func:`apply_edit` plays it on a game:

* before the game's first action it sets the game up: the game starts from
  the edited position with the edited cube, the player on roll to move (the
  players keep their colours: player 0 plays white, as in every game of a
  record);
* later it must leave the game as it is (gnubg writes set-up nodes for a
  position it has reached, too); an edit that changes the checkers, the
  player on roll or the cube mid-game raises
  :class:`~nardy.errors.RecordError`: a nardy game is played through the
  rules from its start and cannot be edited on the way.
"""

from __future__ import annotations

import attrs

from nardy.errors import RecordError
from nardy.game.actions import CubeState, Phase
from nardy.game.game import Game
from nardy.model.basics import Side
from nardy.model.position import Position

__all__ = ["BAR_INDEX", "Edit", "apply_edit", "counts_of"]

#: The index of the bar in an :class:`Edit`'s point lists (the letter ``y``).
BAR_INDEX = 24
_EMPTY = (0,) * 25


@attrs.frozen
class Edit:
    """One set-up node, in the first player's numbering (index 0 his 1-point, 24 the bar)."""

    #: The points emptied (``AE``).
    clear: frozenset[int] = frozenset()
    #: Checkers added per point (``AW``: the first player's, ``AB``: the second's).
    add: tuple[tuple[int, ...], tuple[int, ...]] = (_EMPTY, _EMPTY)
    #: The player on roll (``PL``), else ``None``: unchanged.
    player: int | None = None
    #: The cube's value (``CV``), else ``None``: unchanged.
    cube: int | None = None
    #: The cube's position (``CP``): ``"c"``, ``"w"`` or ``"b"``; else ``None``: unchanged.
    owner: str | None = None

    @property
    def moves_checkers(self) -> bool:
        """True when the node empties or adds points."""
        return bool(self.clear) or self.add != (_EMPTY, _EMPTY)


def counts_of(game: Game, position: Position) -> tuple[list[int], list[int]]:
    """Each player's checkers per point of ``position`` in the first player's numbering."""
    out: tuple[list[int], list[int]] = ([0] * 25, [0] * 25)
    for player in (0, 1):
        side = game.side_of(player)
        own = position.checkers(side)
        for i in range(24):
            out[player][i] = own[i] if player == 0 else own[23 - i]
        out[player][BAR_INDEX] = position.bar(side)
    return out


def apply_edit(game: Game, edit: Edit, next_player: int | None) -> Game:
    """``game`` after the set-up node ``edit`` (see the module's description).

    ``next_player`` is the player of the record's next move, who is on roll
    when the node names nobody and the game has not begun.
    """
    begun = bool(game.history)
    if game.phase is Phase.OPENING:
        current = game.variant.starting_position(Side.WHITE)
        on_roll = 0 if next_player is None else next_player
    else:
        current = game.position
        on_roll = game.player(game.position.turn)
    player = on_roll if edit.player is None else edit.player
    counts = counts_of(game, current)
    for i in edit.clear:
        counts[0][i] = counts[1][i] = 0
    for p in (0, 1):
        for i, n in enumerate(edit.add[p]):
            counts[p][i] += n
    value, owner = _cube(game, edit)
    if begun:
        _check_unchanged(game, counts, player, (value, owner))
        return game
    # The players keep the game's colours (player 0 white); the player on roll starts.
    position = _position(game, counts, game.side_of(player))
    side = None if owner is None else game.side_of(owner)
    cube = CubeState(value=value, owner=side)
    return Game.new(
        game.variant,
        game.options,
        rng=game.rng,
        white_player=game.white_player,
        start=position,
        start_cube=None if cube == CubeState() else cube,
        crawford=game.crawford,
    )


def _position(game: Game, counts: tuple[list[int], list[int]], turn: Side) -> Position:
    """The position of ``counts`` (by player) in ``game``'s colours, ``turn`` on roll."""
    own = (
        {i + 1: n for i, n in enumerate(counts[0][:24]) if n},
        {24 - i: n for i, n in enumerate(counts[1][:24]) if n},
    )
    white = game.player(Side.WHITE)
    bar = (counts[white][BAR_INDEX], counts[1 - white][BAR_INDEX])
    return game.variant.from_counts(own[white], own[1 - white], bar=bar, turn=turn)


def _cube(game: Game, edit: Edit) -> tuple[int, int | None]:
    """The cube's value and its owner (a player, ``None``: centred) after ``edit``."""
    value = game.cube.value if edit.cube is None else edit.cube
    owner = None if game.cube.owner is None else game.player(game.cube.owner)
    if edit.owner is not None:
        owner = {"c": None, "w": 0, "b": 1}[edit.owner]
    return value, owner


def _check_unchanged(
    game: Game, counts: tuple[list[int], list[int]], player: int, cube: tuple[int, int | None]
) -> None:
    """Refuse a mid-game set-up node that changes the game."""
    now = counts_of(game, game.position)
    changed = [
        what
        for what, differs in (
            ("the checkers", (now[0], now[1]) != (counts[0], counts[1])),
            ("the player on roll", player != game.player(game.position.turn)),
            ("the cube", cube != _cube(game, Edit())),
        )
        if differs
    ]
    if changed:
        raise RecordError(
            f"a set-up node changes {' and '.join(changed)} during the game; "
            "nardy replays a game through the rules from its start and cannot edit it midway"
        )
