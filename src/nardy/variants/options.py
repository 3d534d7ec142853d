"""Options: the converters and validators shared by variants and games.

Options are attrs fields with documented defaults; they also arrive as
strings (from a variant spec such as ``"caucasian(no_hide_after_hit=anywhere)"``,
the command line or a JSON record), so each converter accepts the string
forms too and every refusal is an :class:`~nardy.errors.InvalidOptionError`
naming the option and its owner. The game options one level above the
board are :class:`~nardy.GameOptions` (``nardy.game.options``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from nardy.errors import InvalidOptionError
from nardy.model.validate import shown

__all__ = [
    "at_least",
    "choice",
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
