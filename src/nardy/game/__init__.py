"""The game layer: whole games, matches and sessions above the board.

* :mod:`~nardy.game.game` -- :class:`~nardy.Game`, the state machine of one
  game (the opening roll, the dice, the cube, resignations, the result);
* :mod:`~nardy.game.match` -- :class:`~nardy.Match`: games to N points, the
  Crawford rule;
* :mod:`~nardy.game.session` -- :class:`~nardy.Session`: money games one
  after another, running totals;
* :mod:`~nardy.game.series` -- what a match and a session share: their
  actions on the game in progress;
* :mod:`~nardy.game.options` -- :class:`~nardy.GameOptions`, the agreements
  between the players;
* :mod:`~nardy.game.actions`, :mod:`~nardy.game.dice`,
  :mod:`~nardy.game.outcome`, :mod:`~nardy.game.records` -- the game's
  values; where dice come from; what a finished game is worth to the
  players; JSON records;
* :mod:`~nardy.game.doubling` -- the cube's rules;
* :mod:`~nardy.game.id_state` -- :class:`~nardy.MatchState` and
  :class:`~nardy.GameState`, the state around a position that IDs and
  records carry.

Importing this package imports none of them: ``import nardy`` and
``nardy legal`` do not pay for the game layer until it is used. The names
of the module ``nardy.game`` was before the package was laid out in layers
(:class:`~nardy.Game`, ``PlayLike``) are still read from here, from
:mod:`nardy.game.game` on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nardy._lazy import forwarded

if TYPE_CHECKING:
    from nardy.game.game import Game as Game
    from nardy.game.game import PlayLike as PlayLike

#: The modules of this package: never looked up in nardy.game.game.
_MODULES = frozenset(
    [
        "actions",
        "dice",
        "doubling",
        "game",
        "id_state",
        "match",
        "options",
        "outcome",
        "records",
        "series",
        "session",
    ]
)


def __getattr__(name: str) -> Any:
    """A name of the old module ``nardy.game`` (now :mod:`nardy.game.game`), on first use."""
    return forwarded(__name__, name, "nardy.game.game", _MODULES)
