"""The keys of a ``nardy legal`` question, variant by variant.

Each variant with extra state reads its own keys (a pool, pins, counted
rolls); a line without one is read with its empty value, except a pool
when the line gives no ``off`` either, which is refused by name. Every
variant reads ``pool`` (the family's key): ``[0, 0]`` in one without a
pool, in ``nardy legal`` as in ``Variant.position``, and then answers
carry it too.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from typing import Any

import pytest

import nardy
from nardy.cli.legal import LegalFilter
from nardy.cli.main import legal_line
from nardy.errors import CheckerCountError, InputError, InvalidPositionError
from nardy.rules.vocabulary import ExtraField, ExtraKind

WITH_EXTRA = [cls for cls in nardy.VARIANTS if cls.extra_fields()]
WITHOUT_POOL = [cls for cls in nardy.VARIANTS if nardy.POOL not in cls.extra_fields()]


def empty(field: ExtraField) -> dict[str, Any]:
    """A field's keys with nothing in them: no points, a count of 0 a side."""
    if field.kind is ExtraKind.POINTS:
        return {key: [] for key in field.keys}
    return {field.keys[0]: [0, 0]}


def later_position(variant: nardy.Variant) -> nardy.Position:
    """A position some plays into a game, every extra field empty (the pool entered)."""
    # Each side on its own points, apart in every geometry.
    return variant.from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {23: 2, 14: 5, 9: 3, 5: 5})


@pytest.mark.parametrize("cls", WITH_EXTRA, ids=lambda cls: cls.name)
def test_each_extra_key_of_a_variant_missing_from_the_line(cls: type[nardy.Variant]) -> None:
    rules = cls()
    dice = [4, 2, 1][: rules.dice]
    for field in rules.extra_fields():
        counted = field.kind is ExtraKind.COUNT and field.holds_checkers
        start = rules.starting_position().to_array()
        if counted:
            # The start of a game with a pool: nothing on the board, no off. Without
            # the pool every checker would be taken for borne off.
            question = {"variant": rules.name, "board": start["board"], "dice": dice}
            with pytest.raises(InputError) as refused:
                legal_line(json.dumps(question), None, {})
            message = str(refused.value)
            assert f"missing {field.keys[0]!r} for {rules.name}" in message
            assert '"off"' in message
            # With off the line is read with an empty pool: it must add up then.
            with pytest.raises(CheckerCountError, match=rf"the line has no {field.keys[0]!r}"):
                legal_line(json.dumps({**question, "off": [0, 0]}), None, {})
        # Left out where the line gives off, a field is read as empty.
        array = later_position(rules).to_array()
        given = {"variant": rules.name, **array, **empty(field), "dice": dice}
        left_out = {key: value for key, value in given.items() if key not in field.keys}
        assert legal_line(json.dumps(left_out), None, {}) == legal_line(json.dumps(given), None, {})


@pytest.mark.parametrize("name", ["acey-deucey", "tabula"])
def test_the_start_without_a_pool_says_what_is_missing(name: str) -> None:
    answers = LegalFilter(name, {})
    text, error = answers.answer(
        json.dumps({"board": [0] * 24, "dice": [6, 3, 1][: 2 + (name == "tabula")]})
    )
    assert error
    message = json.loads(text)["error"]["message"]
    assert f"missing 'pool' for {name}" in message
    assert "[15, 15] at the start" in message


@pytest.mark.parametrize("cls", WITHOUT_POOL, ids=lambda cls: cls.name)
def test_every_variant_reads_an_empty_pool(cls: type[nardy.Variant]) -> None:
    rules = cls()
    start = rules.starting_position()
    array = start.to_array()
    extra: dict[str, Any] = {k: v for k, v in array.items() if k not in ("board", "bar", "off")}
    # Variant.position: [0, 0] is the same position; anything else is refused.
    assert rules.position(array["board"], array["bar"], array["off"], pool=[0, 0], **extra) == start
    for bad in ([1, 0], [0, 2], "none", [0]):
        with pytest.raises(InvalidPositionError) as refused:
            rules.position(array["board"], array["bar"], array["off"], pool=bad, **extra)
        if isinstance(bad, list) and len(bad) == 2:
            assert f"{rules.name} has no pool" in str(refused.value)
    # nardy legal: the same rule, and the answer carries the pool the question gave.
    question = {"variant": rules.name, **array, "dice": [4, 2]}
    plain = legal_line(json.dumps(question), None, {})
    pooled = legal_line(json.dumps({**question, "pool": [0, 0]}), None, {})
    assert all("pool" not in entry for entry in plain["plays"])
    assert pooled == {"plays": [{**entry, "pool": [0, 0]} for entry in plain["plays"]]}
    answers = LegalFilter(None, {})
    text, error = answers.answer(json.dumps({**question, "pool": [0, 1]}))
    assert error
    assert json.loads(text)["error"] == {
        "type": "InvalidPositionError",
        "message": f"{rules.name} has no pool: its checkers are all on the board, the bar or off, "
        "so pool is [0, 0], not [0, 1]",
    }


def test_answers_of_a_pool_carry_it_and_counted_rolls_are_not_answered() -> None:
    tabula = legal_line(
        json.dumps(
            {
                "variant": "tabula",
                "board": [0] * 24,
                "off": [0, 0],
                "pool": [15, 15],
                "dice": [6, 3, 1],
            }
        ),
        None,
        {},
    )
    entered = [entry for entry in tabula["plays"] if entry["play"] == "pool/24 pool/22 pool/19"]
    assert [entry["pool"] for entry in entered] == [[12, 15]]
    gul_bara = nardy.GulBara().starting_position().to_array()
    assert "rolls" in gul_bara
    answer = legal_line(json.dumps({"variant": "gul-bara", **gul_bara, "dice": [6, 5]}), None, {})
    assert all(list(entry) == ["play", "board", "bar", "off"] for entry in answer["plays"])


def test_the_command_page_examples_run() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "guide" / "cli.rst"
    if not page.exists():  # pragma: no cover - an installed package without docs
        pytest.skip(f"{page} is not in this tree")
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 10
    assert failures == 0
