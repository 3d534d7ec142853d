"""A variant author's broken class data is a VariantDefinitionError naming the class and the field.

Each case defines a small variant with one broken piece of class data and
checks that registering it, and (unregistered) making an instance of it,
both raise the error, with the class and the field named in the message.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import pytest

import nardy
from nardy.errors import NardyError, VariantDefinitionError
from nardy.model.result import ResultKind
from nardy.rules.vocabulary import Contact, ExtraField, ExtraKind, Geometry
from nardy.variants.base import Variant
from nardy.variants.scoring import PRESETS, ScoringTable


def make(**data: Any) -> type[Variant]:
    """A 15-checker backgammon-like variant class with ``data`` laid over its class data."""
    namespace: dict[str, Any] = {
        "name": "probe",
        "start": {1: 15},
        "scoring_table": lambda self: PRESETS["backgammon"],
        **data,
    }
    return attrs.frozen(type("Probe", (Variant,), namespace))


# (label, broken class data, the field the message must name, words it must hold)
BROKEN: list[tuple[str, dict[str, Any], str, str]] = [
    ("start on 25", {"start": {25: 15}}, "start", "point 25"),
    ("start on 26", {"start": {26: 15}}, "start", "point 26"),
    ("start on 99", {"start": {99: 15}}, "start", "point 99"),
    ("start on 0", {"start": {0: 15}}, "start", "point 0"),
    ("start on a str point", {"start": {"1": 15}}, "start", "point '1'"),
    ("14 checkers in a 15 start", {"start": {1: 14}}, "start", "holds 14 checkers"),
    ("16 checkers in a 15 start", {"start": {1: 16}}, "start", "holds 16 checkers"),
    ("a negative count", {"start": {1: 16, 2: -1}}, "start", "-1 checkers"),
    ("a float count", {"start": {1: 15.0}}, "start", "15.0 checkers"),
    ("a bool count", {"start": {1: True}}, "start", "True checkers"),
    ("start as a list", {"start": [(1, 15)]}, "start", "mapping"),
    ("both colours on one point", {"start": {1: 14, 24: 1}}, "start", "both colours"),
    (
        "both colours on one point, rotated",
        {"start": {24: 14, 12: 1}, "geometry": Geometry.ROTATE},
        "start",
        "both colours",
    ),
    ("geometry as a str", {"geometry": "mirror"}, "geometry", "Geometry.MIRROR"),
    ("contact as a str", {"contact": "hit"}, "contact", "Contact.HIT"),
    ("entering as a str", {"entering": "enter"}, "entering", "Entering.ENTER"),
    ("name as an int", {"name": 7}, "name", "string"),
    ("no name", {"name": ""}, "name", "empty"),
    ("a name with a colon", {"name": "x:y"}, "name", "'x:y'"),
    ("a name with a space", {"name": "my game"}, "name", "'my game'"),
    ("aliases as a str", {"aliases": "bg"}, "aliases", "tuple"),
    ("an alias that is an int", {"aliases": (3,)}, "aliases", "3"),
    ("an alias with spec syntax", {"aliases": ("a(b)",)}, "aliases", "a(b)"),
    ("checkers as a str", {"checkers": "15"}, "checkers", "integer"),
    ("no checkers", {"checkers": 0, "start": {}}, "checkers", "1 to 127"),
    ("too many checkers", {"checkers": 200, "start": {1: 200}}, "checkers", "1 to 127"),
    ("has_bar as a str", {"has_bar": "yes"}, "has_bar", "True or False"),
    ("uniform_dice_use as an int", {"uniform_dice_use": 1}, "uniform_dice_use", "True or False"),
    ("extra state as names", {"extra_state": ("pins",)}, "extra_state", "ExtraField"),
    (
        "an extra field with one key for points",
        {"extra_state": (ExtraField("marks", ExtraKind.POINTS, ("marked",)),)},
        "extra_state",
        "2 array-form key",
    ),
    (
        "an extra field reusing an array key",
        {"extra_state": (ExtraField("waiting", ExtraKind.COUNT, ("bar",)),)},
        "extra_state",
        "'bar'",
    ),
    (
        "an extra field declared twice",
        {
            "extra_state": (
                ExtraField("count", ExtraKind.COUNT, ("a",)),
                ExtraField("count", ExtraKind.COUNT, ("b",)),
            )
        },
        "extra_state",
        "twice",
    ),
    (
        "a start extra that is not declared",
        {"start_extra": {"pool": 3}, "start": {1: 12}},
        "start_extra",
        "'pool'",
    ),
    (
        "a start pool that does not add up",
        {
            "extra_state": (ExtraField("pool", ExtraKind.COUNT, ("pool",)),),
            "start_extra": {"pool": 4},
            "start": {1: 12},
        },
        "start",
        "start_extra 4 more",
    ),
    (
        "a start pool that is not a count",
        {
            "extra_state": (ExtraField("pool", ExtraKind.COUNT, ("pool",)),),
            "start_extra": {"pool": "3"},
            "start": {1: 12},
        },
        "start_extra",
        "'3'",
    ),
    ("result names by str", {"result_names": {"gammon": "mars"}}, "result_names", "ResultKind"),
    ("game defaults as a list", {"game_defaults": [("cube", False)]}, "game_defaults", "map"),
    ("an unknown next-game rule", {"next_game": "coin"}, "next_game", "'coin'"),
    (
        "a gnubg ID for a rotated board",
        {"gnubg_id_supported": True, "geometry": Geometry.ROTATE, "start": {24: 15}},
        "gnubg_id_supported",
        "ROTATE",
    ),
    (
        "a gnubg ID for pinning positions",
        {"gnubg_id_supported": True, "contact": Contact.PIN},
        "gnubg_id_supported",
        "extra state",
    ),
]


@pytest.mark.parametrize(
    ("data", "field", "words"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN]
)
def test_broken_class_data_is_named_when_registered(
    data: dict[str, Any], field: str, words: str
) -> None:
    cls = make(**data)
    with pytest.raises(VariantDefinitionError) as caught:
        nardy.register_variant(cls)
    assert f"Probe.{field} " in str(caught.value) or f"Probe.{field}:" in str(caught.value)
    assert words in str(caught.value)
    assert cls not in nardy.VARIANTS


@pytest.mark.parametrize(
    ("data", "field", "words"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN]
)
def test_broken_class_data_is_named_when_first_used(
    data: dict[str, Any], field: str, words: str
) -> None:
    cls = make(**data)
    with pytest.raises(VariantDefinitionError, match=rf"Probe\.{field}\b") as caught:
        cls()
    assert words in str(caught.value)


def test_the_error_is_a_nardy_error_and_a_type_error() -> None:
    # A TypeError too: before the check, an abstract class raised TypeError.
    assert issubclass(VariantDefinitionError, NardyError)
    assert issubclass(VariantDefinitionError, TypeError)
    assert VariantDefinitionError.__name__ in nardy.errors.__all__


def test_a_taken_name_names_the_field_and_the_owner() -> None:
    with pytest.raises(
        VariantDefinitionError, match=r"Probe\.name: 'backgammon' is taken by Backgammon"
    ):
        nardy.register_variant(make(name="backgammon", start={24: 2, 13: 5, 8: 3, 6: 5}))
    with pytest.raises(
        VariantDefinitionError, match=r"Probe\.aliases: 'bg' is taken by Backgammon"
    ):
        nardy.register_variant(make(aliases=("bg",)))


def test_good_class_data_registers_and_plays() -> None:
    cls = make(name="probe-good", aliases=["probe alias"], start={24: 15})
    assert cls.aliases == ("probe alias",)  # a list is made a tuple
    nardy.register_variant(cls)
    try:
        variant = nardy.find_variant("probe alias")
        assert variant.starting_position().board[23] == 15
        assert len(variant.legal_plays(variant.starting_position(), (3, 1))) > 0
    finally:
        nardy.unregister_variant(cls)


@pytest.mark.parametrize("cls", nardy.VARIANTS, ids=lambda c: c.name)
def test_every_built_in_variant_passes(cls: type[Variant]) -> None:
    cls.check_class_data()
    cls().starting_position()


@attrs.frozen
class _OptionLayout(Variant):
    """A variant whose start depends on an option (as hypergammon's does)."""

    name: ClassVar[str] = "probe-option-layout"
    checkers: int = attrs.field(default=3)  # type: ignore[misc]  # an option here

    @property
    def start(self) -> Mapping[int, int]:  # type: ignore[override]  # depends on ``checkers``
        # Broken on purpose for 4: one checker is left out.
        return MappingProxyType({24 - i: 1 for i in range(min(self.checkers, 3))})

    def scoring_table(self) -> ScoringTable:
        return PRESETS["backgammon"]


def test_a_layout_that_depends_on_an_option_is_checked_per_configuration() -> None:
    _OptionLayout.check_class_data()  # the class-level data is fine
    assert _OptionLayout().starting_position().board[23] == 1
    with pytest.raises(VariantDefinitionError, match=r"_OptionLayout\.start holds 3 checkers"):
        _OptionLayout(checkers=4).starting_position()


def test_a_start_pool_counts_towards_the_checkers() -> None:
    pool = ExtraField("pool", ExtraKind.COUNT, ("pool",))
    cls = make(extra_state=(pool,), start_extra={"pool": 15}, start={})
    cls.check_class_data()
    start = cls().starting_position()
    assert start.extra(nardy.Side.WHITE)["pool"] == 15
    assert start.off(nardy.Side.WHITE) == 0


def test_result_names_by_kind_pass() -> None:
    make(result_names={ResultKind.GAMMON: "mars"}).check_class_data()
