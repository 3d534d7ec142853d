"""Converters and validators for options, shared by variants and game options.

Options are attrs fields with documented defaults; they also arrive as
strings (from a variant spec such as ``"caucasian(no_hide_after_hit=anywhere)"``,
the command line or a JSON record), so each converter accepts the string
forms too and every refusal is an :class:`~nardy.errors.InvalidOptionError`
naming the option and its owner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from nardy.errors import InvalidOptionError

__all__ = ["choice", "to_bool"]


def to_bool(value: object) -> bool:
    """Converter for boolean options: accepts bools and "true"/"false"/"1"/"0"."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        key = value.strip().lower()
        if key in ("true", "yes", "on", "1"):
            return True
        if key in ("false", "no", "off", "0"):
            return False
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise InvalidOptionError(f"expected a boolean (true/false), got {value!r}")


def choice(*allowed: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """Validator for string options: the value must be one of ``allowed``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in allowed:
            owner = getattr(type(instance), "name", "") or type(instance).__name__
            raise InvalidOptionError(
                f"option {attribute.name} of {owner} must be one of "
                f"{', '.join(repr(a) for a in allowed)}; got {value!r}"
            )

    return check
