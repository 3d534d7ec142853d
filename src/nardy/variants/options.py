"""Options: the converters shared by variants and games, and the game options.

Options are attrs fields with documented defaults; they also arrive as
strings (from a variant spec such as ``"caucasian(no_hide_after_hit=anywhere)"``,
the command line or a JSON record), so each converter accepts the string
forms too and every refusal is an :class:`~nardy.errors.InvalidOptionError`
naming the option and its owner.

:class:`GameOptions` are the agreements between the players one level above
the board: who starts, the doubling cube and how a game is scored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from nardy.errors import InvalidOptionError, UnknownOptionError
from nardy.model.registry import as_variant
from nardy.model.validate import shown

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = [
    "OPENING_POLICIES",
    "GameOptions",
    "at_least",
    "choice",
    "cube_values",
    "is_bool",
    "is_optional_bool",
    "option_owner",
    "read_bool",
    "read_int",
    "read_optional_bool",
    "to_bool",
]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def to_bool(value: object) -> bool:
    """Read a boolean option: ``True``/``False``, ``1``/``0``, or a string.

    The strings are ``"true"``/``"yes"``/``"on"``/``"1"`` and
    ``"false"``/``"no"``/``"off"``/``"0"`` (any case).

    Anything else raises :class:`~nardy.errors.InvalidOptionError`.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and len(value) <= 10:
        key = value.strip().lower()
        if key in _TRUE:
            return True
        if key in _FALSE:
            return False
    if type(value) is int and value in (0, 1):
        return bool(value)
    raise InvalidOptionError(f"expected a boolean (true or false), got {shown(value)}")


def option_owner(instance: object) -> str:
    """How messages name the owner of an option: the variant's name, or the class's."""
    return getattr(type(instance), "name", "") or type(instance).__name__


def read_bool(value: object) -> Any:
    """Converter of boolean options: :func:`to_bool`'s reading, or ``value`` unchanged.

    A value it cannot read is left for the validator :func:`is_bool`, which
    refuses it naming the option and its owner.
    """
    try:
        return to_bool(value)
    except InvalidOptionError:
        return value


def is_bool(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator of boolean options (after :func:`read_bool`)."""
    if not isinstance(value, bool):
        raise InvalidOptionError(
            f"option {attribute.name} of {option_owner(instance)} must be a boolean "
            f"(true/false, yes/no, on/off or 1/0), got {shown(value)}"
        )


def read_optional_bool(value: object) -> Any:
    """:func:`read_bool`, keeping ``None`` (an option whose default depends on the variant)."""
    return None if value is None else read_bool(value)


def is_optional_bool(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator of boolean options that may be ``None`` (after :func:`read_optional_bool`)."""
    if value is not None:
        is_bool(instance, attribute, value)


def choice(*allowed: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """Validator for string options: the value must be one of ``allowed``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str) or value not in allowed:
            raise InvalidOptionError(
                f"option {attribute.name} of {option_owner(instance)} must be one of "
                f"{', '.join(repr(a) for a in allowed)}; got {shown(value)}"
            )

    return check


def read_int(value: object) -> Any:
    """Converter of integer options: an int, or a string of ASCII digits; else ``value`` unchanged.

    The validator :func:`at_least` refuses what is left.
    """
    if isinstance(value, str) and len(value) <= 20:
        text = value.strip()
        if text and text.isascii() and text.isdigit():
            return int(text)
    return value


def at_least(minimum: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """Validator of integer options (after :func:`read_int`): an int, not a bool, ``>= minimum``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not int or value < minimum:
            raise InvalidOptionError(
                f"option {attribute.name} of {option_owner(instance)} must be an integer "
                f">= {minimum}, got {shown(value)}"
            )

    return check


# --- game options ---------------------------------------------------------------

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
