"""The worked examples of Russian and Dutch backgammon, and the checks both games' tests share.

``data/russian_dutch_examples.json`` holds section E of
``shared/rules/family3.md`` for the two games, copied: each segment
question exactly as ``nardy legal`` reads it, the dice every legal play
uses and the complete legal set (notation, board, bar, off, pool), and the
whole-turn counts (RU-T1..RU-T3, DU-T1) with how many outcomes roll again.
:func:`agrees` checks a position against the page's generator
(``reference_russian_dutch``), the general Python search and the
round trips of every result.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nardy
from nardy import Position, Roll, Side
from nardy.game.actions import Phase
from nardy.testing import check_search
from reference_russian_dutch import segment_results

__all__ = [
    "EXAMPLES",
    "TURNS",
    "agrees",
    "ask",
    "check_example",
    "page_rules",
    "random_games",
    "rows_of",
]

_DATA = json.loads((Path(__file__).parent / "data" / "russian_dutch_examples.json").read_text())
#: Section E's segment examples: ``id``, ``question``, ``used``, ``plays``.
EXAMPLES: list[dict[str, Any]] = _DATA["examples"]
#: Section E's whole turns: ``id``, ``variant``, ``options``, ``state``, ``roll``, ``outcomes``, ``again``.
TURNS: list[dict[str, Any]] = _DATA["turns"]

Row = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def ask(question: dict[str, Any]) -> tuple[nardy.Variant, Position, Roll]:
    """The variant, the position and the roll of a page question."""
    variant = nardy.find_variant(question["variant"], question.get("options"))
    keys = {k: question[k] for k in ("board", "bar", "off", "pool")}
    return variant, variant.position(**keys), Roll(*question["dice"])


def rows_of(plays: list[dict[str, Any]]) -> list[Row]:
    """``(board, bar, off, pool)`` of each play of a legal set, sorted (the position defines a play)."""
    return sorted(
        (tuple(p["board"]), tuple(p["bar"]), tuple(p["off"]), tuple(p["pool"])) for p in plays
    )


def check_example(example: dict[str, Any]) -> nardy.LegalPlays:
    """The library's legal set of a page example is the page's; each page notation names its play."""
    _, position, roll = ask(example["question"])
    legal = position.legal_plays(roll)
    arrays = legal.resulting_arrays()
    assert rows_of(arrays) == rows_of(example["plays"])
    assert len(legal) == len(example["plays"])
    assert {len(play.steps) for play in legal} == {example["used"]}
    for play in example["plays"]:
        if play["play"] != "(no legal play)":
            found = arrays[legal.find_index(play["play"])]
            assert rows_of([found]) == rows_of([play]), play["play"]
    return legal


def page_rules(variant: nardy.Variant) -> dict[str, bool]:
    """The variant's options as the page generator's arguments."""
    options = variant.options()
    return {
        "all_first": options["entering"] == "all-first",
        "after_home": options.get("hitting") == "after-home",
        "must_play_higher": options["must_play_higher"],
    }


def held(position: Position, side: Side) -> int:
    """Every checker of ``side``: on the board, the bar, off and in the pool."""
    pool = position.extra(side)["pool"]
    assert isinstance(pool, int)
    return sum(position.checkers(side)) + position.bar(side) + position.off(side) + pool


def agrees(position: Position, roll: Roll) -> None:
    """The legal set is the page's; the search that runs is the general one; every result is sound."""
    variant = position.variant
    legal = position.legal_plays(roll)
    states = legal.result_states()
    assert len(set(states)) == len(states)
    assert set(states) == segment_results(
        position.raw, (roll.high, roll.low), **page_rules(variant)
    )
    check_search(position, roll)
    for index, play in enumerate(legal):
        after = legal.resulting_position(index)
        for side in (Side.WHITE, Side.BLACK):
            assert held(after, side) == 15
        assert Position.from_id(after.id()) == after
        assert variant.position(**dict(after.to_array()), turn=after.turn) == after
        assert legal.find(play.notation()) == play


def random_games(variant: nardy.Variant, seed: int, count: int) -> Iterator[nardy.Game]:
    """Seeded random games of ``variant`` played to the end through ``nardy.Game``."""
    rng = random.Random(seed)
    for n in range(count):
        game = nardy.Game.new(variant, rng=seed * 100 + n)
        for _ in range(4000):
            if game.is_over():
                break
            if game.phase is Phase.MOVE:
                game = game.play(rng.randrange(len(game.legal_plays())))
            else:
                game = game.roll()
        yield game
