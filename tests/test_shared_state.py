"""Shared state: class-level data is read-only, and objects shared by threads stay right.

A server keeps one variant, its legal-play sets and its positions and hands
them to many threads; nothing a caller does to shared data may change what
another caller sees. (The legal-play cache's own thread test is in
``tests/test_cache.py``.)
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import pytest

import nardy
from nardy import Game, Roll, Side
from nardy.variants.base import VARIANTS
from nardy.variants.scoring import PRESETS, ScoringTable


@pytest.mark.parametrize("cls", list(VARIANTS), ids=[c.name for c in VARIANTS])
def test_every_variants_class_data_is_read_only(cls: type[nardy.Variant]) -> None:
    before = cls().starting_position()
    with pytest.raises(TypeError):
        cls.start[1] = 3  # type: ignore[index]
    with pytest.raises(TypeError):
        del cls.start[next(iter(cls.start), 24)]  # type: ignore[attr-defined]
    assert isinstance(cls.aliases, tuple)
    assert isinstance(cls.extra_state, tuple)
    assert cls().starting_position() == before


def test_a_new_variant_class_gets_read_only_copies_of_its_data() -> None:
    layout = {24: 15}
    names = ["test-shared-alias"]

    @attrs.frozen
    class Plain(nardy.Variant):
        name: ClassVar[str] = "test-shared-state"
        aliases: ClassVar[tuple[str, ...]] = names  # type: ignore[assignment]
        start: ClassVar[dict[int, int]] = layout

        def scoring_table(self) -> ScoringTable:
            return PRESETS["standard"]

    with pytest.raises(TypeError):
        Plain.start[24] = 1
    layout[24] = 1  # the class keeps its own copy
    names.append("another")
    assert Plain.start == {24: 15}
    assert Plain.aliases == ("test-shared-alias",)
    assert Plain().starting_position().checkers(Side.WHITE)[23] == 15


def test_variants_scoring_tables_and_legal_plays_cannot_be_changed() -> None:
    bg = nardy.Backgammon()
    with pytest.raises(AttributeError):
        bg.must_play_higher = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        PRESETS["mine"] = PRESETS["standard"]  # type: ignore[index]
    table = bg.scoring_table()
    with pytest.raises(AttributeError):
        table.rows = ()  # type: ignore[misc]
    assert isinstance(table.rows, tuple)
    plays = bg.starting_position().legal_plays((3, 1))
    for name in ("_plays", "_keys", "_position", "anything"):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(plays, name, ())
    assert len(plays) == 16


def _in_threads(work: Callable[[int], None], n: int = 8) -> list[BaseException]:
    """Run ``work(seed)`` in ``n`` threads switching as often as possible; the errors raised."""
    errors: list[BaseException] = []

    def run(seed: int) -> None:
        try:
            work(seed)
        except BaseException as error:  # any error at all is the failure
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in range(n)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    return errors


def test_threads_sharing_legal_play_sets_see_the_same_plays_and_positions() -> None:
    """One LegalPlays per question, shared: its lazily built plays and positions stay right."""
    work = []
    for variant in (nardy.Backgammon(), nardy.LongNardy()):
        rng = random.Random(5)
        position = variant.starting_position()
        for _ in range(40):  # seeded self-play, each turn's set kept
            plays = position.legal_plays(Roll(rng.randint(1, 6), rng.randint(1, 6)))
            work.append(plays)
            position = plays.resulting_position(rng.randrange(len(plays)))
            if position.is_over():
                position = variant.starting_position()
    expected = [
        (
            plays.notations(),
            [p.id() for p in (plays.resulting_position(i) for i in range(len(plays)))],
        )
        for plays in (p.position.legal_plays(p.roll) for p in work)
    ]
    wrong: list[int] = []

    def check(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(3):
            for k in rng.sample(range(len(work)), len(work)):
                plays = work[k]
                notations, ids = expected[k]
                i = rng.randrange(len(plays))
                if (
                    plays.resulting_position(i).id() != ids[i]
                    or plays[i].notation() != notations[i]
                ):
                    wrong.append(k)
                if plays.notations() != notations:
                    wrong.append(k)

    assert _in_threads(check) == []
    assert wrong == []


def test_threads_playing_games_on_shared_variants_get_the_single_thread_games() -> None:
    variants = [nardy.Backgammon(), nardy.LongNardy(), nardy.find_variant("hypergammon")]

    def play(variant: nardy.Variant, seed: int) -> dict[str, Any]:
        game = Game.new(variant, rng=seed)
        choose = random.Random(seed)
        while not game.is_over():
            game = game.roll()
            if not game.is_over() and game.dice is not None:
                game = game.play(choose.randrange(len(game.legal_plays())))
        return game.to_dict()

    expected = {(v.spec(), s): play(v, s) for v in variants for s in range(4)}
    wrong: list[tuple[str, int]] = []

    def run(seed: int) -> None:
        rng = random.Random(seed)
        for variant, game_seed in rng.sample([(v, s) for v in variants for s in range(4)], 12):
            if play(variant, game_seed) != expected[variant.spec(), game_seed]:
                wrong.append((variant.spec(), game_seed))

    assert _in_threads(run) == []
    assert wrong == []
