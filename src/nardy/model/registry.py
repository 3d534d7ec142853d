"""The registry of variants: names and aliases to classes, and specs with options.

A variant class registers itself with :func:`register_variant`; programs find
a configured instance with :func:`find_variant` by its name, an alias, or a
spec string such as ``"caucasian(no_hide_after_hit=anywhere)"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from nardy.errors import (
    InvalidOptionError,
    NardyError,
    UnknownOptionError,
    UnknownVariantError,
    VariantDefinitionError,
)
from nardy.model.validate import bounded_text, shown

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = [
    "VARIANTS",
    "as_variant",
    "find_variant",
    "register_variant",
    "split_spec",
    "unregister_variant",
    "variant_names",
]

V = TypeVar("V", bound="type[Variant]")

#: Every registered variant class, in registration order.
VARIANTS: list[type[Variant]] = []
_BY_NAME: dict[str, type[Variant]] = {}


def _norm(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def register_variant(cls: V) -> V:
    """Class decorator: make a variant findable by its name and aliases.

    Checks the class's data first (:meth:`Variant.check_class_data
    <nardy.Variant.check_class_data>`). Raises
    :class:`~nardy.errors.VariantDefinitionError` (a :class:`ValueError`)
    for broken class data, or when a name or alias is taken by another class.
    """
    cls.check_class_data()
    for key in (cls.name, *cls.aliases):
        norm = _norm(key)
        other = _BY_NAME.get(norm)
        if other is not None and other is not cls:
            field = "name" if key == cls.name else "aliases"
            raise VariantDefinitionError(
                f"{cls.__qualname__}.{field}: {key!r} is taken by {other.__qualname__}"
            )
    for key in (cls.name, *cls.aliases):
        _BY_NAME[_norm(key)] = cls
    if cls not in VARIANTS:
        VARIANTS.append(cls)
    return cls


def unregister_variant(cls: type[Variant]) -> None:
    """Remove a registered variant class and its names (for tests and plug-in reloads)."""
    if cls in VARIANTS:
        VARIANTS.remove(cls)
    for key in [k for k, v in _BY_NAME.items() if v is cls]:
        del _BY_NAME[key]


def variant_names() -> list[str]:
    """The canonical names of the registered variants."""
    return [cls.name for cls in VARIANTS]


#: The longest variant name or spec accepted (a spec with every option is far shorter).
SPEC_LIMIT = 1000


def is_variant(value: object) -> bool:
    """Whether ``value`` is a configured variant (an instance of :class:`nardy.Variant`).

    Checked by the class's ancestry, because this module cannot import the
    one that defines :class:`~nardy.Variant` (that one imports this).
    """
    return any(
        cls.__name__ == "Variant" and cls.__module__ == "nardy.variants.base"
        for cls in type(value).__mro__
    )


def as_variant(value: object, what: str = "variant") -> Variant:
    """A configured variant from a :class:`~nardy.Variant` or a name for :func:`find_variant`.

    Raises :class:`~nardy.errors.UnknownVariantError` (naming ``what``) for
    anything else.
    """
    if isinstance(value, str):
        return find_variant(value)
    if not is_variant(value):
        raise UnknownVariantError(
            f"{what} must be a variant (such as nardy.Backgammon()) or a variant name, "
            f"got {shown(value)}"
        )
    return value  # type: ignore[return-value]


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name(key=value,...)"`` into the name and its option strings.

    Raises :class:`~nardy.errors.UnknownVariantError` for a malformed spec.
    """
    bounded_text(spec, "a variant name", SPEC_LIMIT, UnknownVariantError)
    options: dict[str, str] = {}
    if "(" not in spec:
        return spec, options
    if not spec.rstrip().endswith(")"):
        raise UnknownVariantError(f"unknown variant {shown(spec)}: unbalanced parenthesis")
    base, _, rest = spec.partition("(")
    body = rest.rstrip()[:-1]
    for item in filter(None, (part.strip() for part in body.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise InvalidOptionError(f"option {shown(item)} in {shown(spec)} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return base, options


def find_variant(name: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> Variant:
    """The variant called ``name`` (or an alias), configured with options.

    Options may be given as a mapping, as keyword arguments, or inside the
    name in :meth:`Variant.spec <nardy.Variant.spec>` form
    (``"caucasian(no_hide_after_hit=anywhere)"``). String values are
    converted (``"false"`` for a boolean option).

    Raises :class:`~nardy.errors.UnknownVariantError` for an unknown name
    and :class:`~nardy.errors.UnknownOptionError` /
    :class:`~nardy.errors.InvalidOptionError` for bad options.
    """
    base, merged = split_spec(name)
    cls = _BY_NAME.get(_norm(base))
    if cls is None:
        known = ", ".join(sorted(variant_names()))
        raise UnknownVariantError(f"unknown variant {shown(name)}; known variants: {known}")
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptionError(
            f"the options of {cls.name} must be a mapping of names to values, got {shown(options)}"
        )
    merged.update(options or {})
    merged.update(kwargs)
    allowed = cls.option_names()
    for key in merged:
        if key not in allowed:
            raise UnknownOptionError(
                f"unknown option {shown(key)} for {cls.name}; its options are: "
                f"{', '.join(allowed) or '(none)'}"
            )
    try:
        return cls(**merged)
    except NardyError:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidOptionError(f"bad options {shown(merged)} for {cls.name}: {exc}") from exc
