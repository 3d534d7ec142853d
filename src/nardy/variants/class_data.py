"""A variant class's data, checked: an author's mistake is an error naming the class and the field.

A variant is mostly class data (:class:`~nardy.variants.base.Variant`):
its name, its starting layout, its geometry, contact and bar. A mistake
there (a start on point 25, 14 checkers in a 15-checker start, a geometry
given as a string) would otherwise surface much later, as an
:class:`IndexError` deep in the engine or, worse, as a silently wrong
position. :func:`check_variant_class` checks the whole of it once, when the
class is registered (:func:`~nardy.register_variant`) or first instantiated,
and raises :class:`~nardy.errors.VariantDefinitionError` naming the class,
the field and what is wrong.

Data that depends on an option (a ``start`` that is a property, a
``checkers`` that is an attrs field, as in hypergammon) is checked per
configuration by :func:`check_layout`, when the starting position is made.
"""

from __future__ import annotations

import inspect
import re
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from nardy.errors import VariantDefinitionError
from nardy.model.result import ResultKind
from nardy.model.validate import shown
from nardy.rules.vocabulary import Contact, Entering, ExtraField, ExtraKind, Geometry

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = [
    "MAX_CHECKERS",
    "NEXT_GAME_RULES",
    "check_layout",
    "check_variant_class",
]

#: How the next game of a match starts: ``"alternate"`` (as nardy players
#: do, colours swap and the player who had black starts, as white, with an
#: ordinary roll), ``"opening-roll"`` (every game starts with an opening
#: roll) or ``"winner-starts"`` (colours stay; the winner of a game starts
#: the next with an ordinary roll, and after a drawn game the player who
#: started it starts again).
NEXT_GAME_RULES: tuple[str, ...] = ("alternate", "opening-roll", "winner-starts")

#: The most checkers a side may have: the engine keeps each count in one
#: signed byte (:mod:`nardy.engine.state`).
MAX_CHECKERS = 127

# A name is the variant's key in position IDs and specs, so it is kept to
# what those forms read back unquoted: ASCII letters and digits, with single
# hyphens or underscores between them.
_NAME = re.compile(r"[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*")
# Characters that the spec form ``name(option=value,...)`` gives a meaning.
_SPEC_SYNTAX = frozenset("(),=:")
# The array form's own keys, which an extra field's keys may not reuse.
_ARRAY_KEYS = frozenset({"board", "bar", "off", "turn"})
_FLAGS = (
    "has_bar",
    "gnubg_id_supported",
    "uniform_dice_use",
    "winner_takes_white",
    "segment_moves",
)

# Classes already checked (weakly held: a class a test defines may go away).
_CHECKED: weakref.WeakSet[type[Variant]] = weakref.WeakSet()
# The checked classes whose start or checkers depend on an option: only their
# layouts are checked again per configuration (check_layout).
_OPTION_LAYOUTS: weakref.WeakSet[type[Variant]] = weakref.WeakSet()


def check_variant_class(cls: type[Variant]) -> None:
    """Check every field of a variant class's data once; raise on the first broken one.

    Raises :class:`~nardy.errors.VariantDefinitionError` naming the class
    and the field. A class that passed is remembered, so the check costs a
    set lookup afterwards.
    """
    if cls in _CHECKED:
        return
    _check_name(cls)
    _check_aliases(cls)
    _check_kinds(cls)
    _check_flags(cls)
    _check_dice(cls)
    dynamic = _option_dependent(cls)
    if "checkers" not in dynamic:
        _check_checkers(cls, cls.checkers)
    _check_extra_state(cls)
    _check_start_extra(cls)
    if not dynamic & {"checkers", "start"}:
        _check_start(cls, cls.start, cls.checkers, cls.geometry)
    _check_result_names(cls)
    _check_match_data(cls)
    _check_gnubg_id(cls, dynamic)
    if dynamic & {"checkers", "start"}:
        _OPTION_LAYOUTS.add(cls)
    _CHECKED.add(cls)


def check_layout(variant: Variant) -> None:
    """Check the starting layout of a configured variant against its checkers.

    For a variant whose ``start`` or ``checkers`` depends on its options;
    the class-level data was checked by :func:`check_variant_class` (which
    every instance passed), so for any other variant this returns at once.
    """
    cls = type(variant)
    if cls not in _OPTION_LAYOUTS:
        return
    _check_checkers(cls, variant.checkers)
    _check_start(cls, variant.start, variant.checkers, cls.geometry)


# --- the fields -------------------------------------------------------------------


def _broken(cls: type[Variant], field: str, problem: str) -> NoReturn:
    raise VariantDefinitionError(f"{cls.__qualname__}.{field} {problem}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _option_dependent(cls: type[Variant]) -> set[str]:
    """The class-data names that this class makes options or properties."""
    options = {a.name for a in getattr(cls, "__attrs_attrs__", ())}
    return {
        name
        for name in ("checkers", "start")
        if name in options or isinstance(inspect.getattr_static(cls, name), property)
    }


def _check_name(cls: type[Variant]) -> None:
    name: object = cls.name
    if not isinstance(name, str):
        _broken(cls, "name", f"must be a string, got {shown(name)}")
    if not name:
        _broken(cls, "name", "is empty: a variant class sets its name and start (is it abstract?)")
    if not _NAME.fullmatch(name):
        _broken(
            cls,
            "name",
            f"is {shown(name)}: a name is ASCII letters and digits, with single hyphens or "
            "underscores between them (it is the key of position IDs and specs)",
        )


def _check_aliases(cls: type[Variant]) -> None:
    aliases: object = cls.aliases
    if not isinstance(aliases, tuple):
        _broken(cls, "aliases", f"must be a tuple of names, got {shown(aliases)}")
    for alias in aliases:
        if not isinstance(alias, str) or not alias.strip():
            _broken(cls, "aliases", f"holds {shown(alias)}: each alias is a non-empty string")
        if _SPEC_SYNTAX & set(alias):
            _broken(
                cls,
                "aliases",
                f"holds {shown(alias)}: an alias may not contain any of "
                f"{' '.join(sorted(_SPEC_SYNTAX))} (they separate a spec's options)",
            )


def _check_kinds(cls: type[Variant]) -> None:
    kinds: tuple[tuple[str, type[Any]], ...] = (
        ("geometry", Geometry),
        ("contact", Contact),
        ("entering", Entering),
    )
    for field, kind in kinds:
        value = getattr(cls, field)
        if not isinstance(value, kind):
            members = ", ".join(f"{kind.__name__}.{m.name}" for m in kind)
            _broken(cls, field, f"must be one of {members}, got {shown(value)}")


def _check_flags(cls: type[Variant]) -> None:
    for field in _FLAGS:
        value = getattr(cls, field)
        if not isinstance(value, bool):
            _broken(cls, field, f"must be True or False, got {shown(value)}")


def _check_dice(cls: type[Variant]) -> None:
    if not _is_int(cls.dice) or cls.dice not in (2, 3):
        _broken(cls, "dice", f"must be 2 or 3, got {shown(cls.dice)}")
    if cls.dice == 3 and cls.segment_moves:
        _broken(cls, "segment_moves", "is True, but segments of k moves are doubles of two dice")


def _check_checkers(cls: type[Variant], checkers: object) -> None:
    if not _is_int(checkers):
        _broken(cls, "checkers", f"must be an integer, got {shown(checkers)}")
    assert isinstance(checkers, int)
    if not 1 <= checkers <= MAX_CHECKERS:
        _broken(cls, "checkers", f"must be 1 to {MAX_CHECKERS}, got {checkers}")


def _check_start(cls: type[Variant], start: object, checkers: int, geometry: Geometry) -> None:
    if not isinstance(start, Mapping):
        _broken(cls, "start", f"must be a mapping of point to count, got {shown(start)}")
    for point, count in start.items():
        if not _is_int(point) or not 1 <= point <= 24:
            _broken(cls, "start", f"names point {shown(point)}: a point is an integer 1 to 24")
        if not _is_int(count) or count < 1:
            _broken(
                cls,
                "start",
                f"puts {shown(count)} checkers on point {point}: a count is a positive integer",
            )
    total = sum(start.values())
    held = _held_at_start(cls)
    if total + held != checkers:
        besides = f" and start_extra {held} more" if held else ""
        _broken(
            cls,
            "start",
            f"holds {total} checkers ({dict(start)}){besides}, but "
            f"{cls.__qualname__}.checkers is {checkers}: each side starts with all its checkers",
        )
    for point in start:
        theirs = geometry.opponent_point(point)
        if theirs in start:
            _broken(
                cls,
                "start",
                f"puts checkers on points {point} and {theirs}, which is the opponent's "
                f"{point} under {geometry}: both colours would stand on one point",
            )


def _check_extra_state(cls: type[Variant]) -> None:
    fields: object = cls.extra_state
    if not isinstance(fields, tuple):
        _broken(cls, "extra_state", f"must be a tuple of ExtraField, got {shown(fields)}")
    names = {"pins"} if cls.contact is Contact.PIN else set()
    keys = set(_ARRAY_KEYS) | ({"pinned", "opp_pinned"} if names else set())
    for field in fields:
        if not isinstance(field, ExtraField):
            _broken(cls, "extra_state", f"holds {shown(field)}: each entry is an ExtraField")
        if not isinstance(field.name, str) or not _NAME.fullmatch(field.name):
            _broken(cls, "extra_state", f"has a field named {shown(field.name)}")
        if field.name in names:
            _broken(cls, "extra_state", f"declares the field {field.name!r} twice")
        names.add(field.name)
        if not isinstance(field.kind, ExtraKind):
            _broken(cls, "extra_state", f"field {field.name!r} has kind {shown(field.kind)}")
        wanted = 2 if field.kind is ExtraKind.POINTS else 1
        if not isinstance(field.keys, tuple) or len(field.keys) != wanted:
            _broken(
                cls,
                "extra_state",
                f"field {field.name!r} ({field.kind}) needs {wanted} array-form key(s), "
                f"got {shown(field.keys)}",
            )
        for key in field.keys:
            if not isinstance(key, str) or not key or key in keys:
                _broken(
                    cls,
                    "extra_state",
                    f"field {field.name!r} has key {shown(key)}, which is empty or taken",
                )
            keys.add(key)


def _check_start_extra(cls: type[Variant]) -> None:
    start_extra: object = cls.start_extra
    if not isinstance(start_extra, Mapping):
        _broken(
            cls, "start_extra", f"must map extra field names to values, got {shown(start_extra)}"
        )
    fields = {f.name: f for f in cls.extra_state}
    for name, value in start_extra.items():
        field = fields.get(name)
        if field is None:
            _broken(cls, "start_extra", f"names {shown(name)}, which extra_state does not declare")
        if field.kind is ExtraKind.COUNT:
            if not _is_int(value) or value < 0:
                _broken(
                    cls, "start_extra", f"gives {name} {shown(value)}: a count is an integer >= 0"
                )
        elif not isinstance(value, (tuple, list, frozenset, set)) or not all(
            _is_int(p) and 1 <= p <= 24 for p in value
        ):
            _broken(cls, "start_extra", f"gives {name} {shown(value)}: points are 1 to 24")


def _held_at_start(cls: type[Variant]) -> int:
    """The checkers each side's extra fields hold in the starting position."""
    fields = {f.name: f for f in cls.extra_state}
    held = 0
    for name, value in cls.start_extra.items():
        if fields[name].holds_checkers:
            held += value if fields[name].kind is ExtraKind.COUNT else len(value)
    return held


def _check_result_names(cls: type[Variant]) -> None:
    names: object = cls.result_names
    if not isinstance(names, Mapping):
        _broken(cls, "result_names", f"must map ResultKind to a name, got {shown(names)}")
    for kind, name in names.items():
        if not isinstance(kind, ResultKind) or not isinstance(name, str) or not name:
            _broken(
                cls,
                "result_names",
                f"maps {shown(kind)} to {shown(name)}: keys are ResultKind, values non-empty names",
            )


def _check_match_data(cls: type[Variant]) -> None:
    defaults: object = cls.game_defaults
    if not isinstance(defaults, Mapping) or not all(isinstance(k, str) for k in defaults):
        _broken(
            cls, "game_defaults", f"must map game option names to values, got {shown(defaults)}"
        )
    if cls.next_game not in NEXT_GAME_RULES:
        rules = ", ".join(map(repr, NEXT_GAME_RULES))
        _broken(cls, "next_game", f"must be one of {rules}, got {shown(cls.next_game)}")


def _check_gnubg_id(cls: type[Variant], dynamic: set[str]) -> None:
    if not cls.gnubg_id_supported:
        return
    # The gnubg Position ID is backgammon's board: mirrored numbering, at
    # most 15 checkers a side, nothing beyond checkers on points, bar and off.
    if cls.geometry is not Geometry.MIRROR:
        _broken(cls, "gnubg_id_supported", f"is True, but the geometry is {cls.geometry}")
    if cls.extra_fields():
        _broken(cls, "gnubg_id_supported", "is True, but the positions carry extra state")
    if "checkers" not in dynamic and cls.checkers > 15:
        _broken(cls, "gnubg_id_supported", f"is True, but checkers is {cls.checkers} (over 15)")
