"""The game options: the agreements between the players one level above the board.

:class:`GameOptions` say who starts and with which dice, whether the
doubling cube is in play and how far it goes, and how a game is scored.
Like a variant's options they also arrive as strings (the command line, a
JSON record), read by the converters of :mod:`nardy.variants.options`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from nardy.errors import InvalidOptionError, UnknownOptionError
from nardy.model.registry import as_variant
from nardy.model.validate import shown
from nardy.variants.options import (
    at_least,
    choice,
    is_bool,
    is_optional_bool,
    read_bool,
    read_int,
    read_optional_bool,
)

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = ["OPENING_POLICIES", "GameOptions", "cube_values", "options_for"]

#: The opening-roll policies; the first is the default. ``one_die_each_*``:
#: each player rolls one die; ``two_dice_each_*``: two dice, the higher
#: total wins. Ties roll again. ``*_use_both``: the winner plays the dice
#: already on the table as his first roll; ``*_reroll``: he rolls afresh.
OPENING_POLICIES: tuple[str, ...] = (
    "one_die_each_use_both",
    "one_die_each_reroll",
    "two_dice_each_use_both",
    "two_dice_each_reroll",
)


def cube_values(stakes: str = "geometric", max_cube: int = 64) -> tuple[int, ...]:
    """The values the cube can take: ``(1, 2, 4, ..., 64)`` or ``(1, 2, 3, ..., 64)``."""
    out = [1]
    while True:
        nxt = out[-1] * 2 if stakes == "geometric" else out[-1] + 1
        if nxt > max_cube:
            return tuple(out)
        out.append(nxt)


@attrs.frozen(kw_only=True)
class GameOptions:
    """How a game is started, doubled and scored. Every field has a documented default.

    The rules of the board itself (and the result kinds and their points)
    belong to the :class:`~nardy.variants.base.Variant`; these are the agreements
    between the players one level up.
    """

    #: Who starts and with which dice: one of :data:`OPENING_POLICIES`.
    opening: str = attrs.field(default="one_die_each_use_both", validator=choice(*OPENING_POLICIES))
    #: True: the opening winner plays white, as nardy players do -- so white
    #: always moves first. False: colours are fixed (player 0 white) and the
    #: opening winner moves first with his own colour (backgammon). ``None``
    #: (the default): the variant's custom,
    #: :attr:`Variant.winner_takes_white <nardy.Variant.winner_takes_white>`;
    #: a game or match holds the value it was given or took from its variant.
    winner_takes_white: bool | None = attrs.field(
        default=None, converter=read_optional_bool, validator=is_optional_bool
    )
    #: Whether the doubling cube is in play at all.
    cube: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)
    #: The highest value the cube may reach (default 64, the top face of a
    #: doubling cube).
    max_cube: int = attrs.field(default=64, converter=read_int, validator=at_least(1))
    #: ``"geometric"`` (1, 2, 4, 8, ...) or ``"arithmetic"`` (1, 2, 3, 4, ...):
    #: what "doubling" raises the stake to.
    stakes: str = attrs.field(default="geometric", validator=choice("geometric", "arithmetic"))
    #: The taker may immediately redouble, keeping the cube; the doubler
    #: then takes or drops the beaver.
    beaver: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: After a beaver, the original doubler may *raccoon*: turn the cube one
    #: more step; the cube stays with the beaverer, who takes or drops it.
    #: Needs ``beaver``.
    raccoon: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: How many automatic doubles at most: each tie of the opening roll
    #: raises the centred cube one step (0: off).
    automatic_doubles: int = attrs.field(default=0, converter=read_int, validator=at_least(0))
    #: Money play: gammons and backgammons count single unless a double has
    #: been accepted. Never applies in a match.
    jacoby: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: False (Russian short nardy): once a double has been accepted, gammons
    #: and backgammons count single ("with the cube there is no mars").
    gammons_with_cube: bool = attrs.field(default=True, converter=read_bool, validator=is_bool)
    #: ``"result"``: a game is worth the variant's points for its result
    #: kind; ``"checkers-left"`` (the series scored by checkers left): the
    #: loser's checkers not borne off (times the cube).
    scoring: str = attrs.field(default="result", validator=choice("result", "checkers-left"))
    #: Long nardy's last-roll draw (an optional tournament rule): when the
    #: player who started bears off his last checker, the other gets one
    #: more roll, and bearing off all his checkers with it draws the game.
    #: Also on when the variant has a true ``last_roll_draw`` option.
    last_roll_draw: bool = attrs.field(default=False, converter=read_bool, validator=is_bool)
    #: What a draw gives each side, times the cube: ``"half"`` or ``"one"``.
    draw_points: str = attrs.field(default="half", validator=choice("half", "one"))

    def __attrs_post_init__(self) -> None:
        if self.raccoon and not self.beaver:
            raise InvalidOptionError("option raccoon needs beaver: a raccoon answers a beaver")

    def next_cube_value(self, value: int) -> int:
        """The value a double raises ``value`` to (2x, or +1 in arithmetic stakes)."""
        return value * 2 if self.stakes == "geometric" else value + 1

    @classmethod
    def coerce(
        cls, options: GameOptions | Mapping[str, Any] | None = None, **values: Any
    ) -> GameOptions:
        """Options from a :class:`GameOptions`, a mapping or ``None`` (the defaults), ``values`` on top.

        Raises :class:`~nardy.errors.UnknownOptionError` for a name that is
        not a game option, :class:`~nardy.errors.InvalidOptionError` for a
        bad value or for ``options`` of another type.
        """
        if options is None:
            return cls.from_dict(values)
        if isinstance(options, GameOptions):
            return cls.from_dict({**options.to_dict(), **values}) if values else options
        if not isinstance(options, Mapping):
            raise InvalidOptionError(
                f"game options must be a GameOptions or a mapping, got {shown(options)}"
            )
        return cls.from_dict({**options, **values})

    @classmethod
    def layered(
        cls,
        defaults: Mapping[str, Any],
        options: GameOptions | Mapping[str, Any] | None = None,
        **values: Any,
    ) -> GameOptions:
        """Like :meth:`coerce`, with a variant's ``defaults`` beneath a mapping or ``None``.

        ``defaults`` is a :attr:`Variant.game_defaults <nardy.Variant.game_defaults>`.
        A :class:`GameOptions` instance is already complete and is taken as
        it is (with ``values`` on top).
        """
        if options is None or isinstance(options, Mapping):
            return cls.coerce({**defaults, **(options or {})}, **values)
        return cls.coerce(options, **values)

    def for_variant(self, variant: Variant | str) -> GameOptions:
        """These options with those left to the variant's custom (``None``) taken from ``variant``.

        ``variant`` is a :class:`~nardy.Variant` or its name.
        """
        rules = as_variant(variant)
        if self.winner_takes_white is not None:
            return self
        return attrs.evolve(self, winner_takes_white=rules.winner_takes_white)

    def to_dict(self) -> dict[str, Any]:
        """All options by name (JSON-able)."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameOptions:
        """Options from a mapping; unknown names raise :class:`~nardy.errors.UnknownOptionError`."""
        if not isinstance(data, Mapping):
            raise InvalidOptionError(f"game options must be a mapping, got {shown(data)}")
        names = {a.name for a in attrs.fields(cls)}
        for key in data:
            if key not in names:
                raise UnknownOptionError(
                    f"unknown game option {shown(key)}; game options are: "
                    f"{', '.join(sorted(names))}"
                )
        return cls(**dict(data))


def options_for(
    rules: Variant, options: GameOptions | Mapping[str, Any] | None, values: Mapping[str, Any]
) -> GameOptions:
    """The options a game of ``rules`` is played with: ``options`` and ``values`` over its defaults.

    The variant's :attr:`~nardy.Variant.game_defaults` lie beneath (see
    :meth:`GameOptions.layered`), and what is left to the variant's custom
    is taken from it (:meth:`GameOptions.for_variant`).
    """
    return GameOptions.layered(rules.game_defaults, options, **values).for_variant(rules)
