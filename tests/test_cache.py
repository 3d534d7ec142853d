"""The legal-play cache: its public controls, its bound, and threads sharing it."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator

import pytest

import nardy
from nardy.errors import InvalidOptionError
from nardy.model import cache


@pytest.fixture(autouse=True)
def default_size() -> Iterator[None]:
    """Each test starts from an empty cache of the default size and leaves it so."""
    cache.resize(64)
    cache.clear()
    yield
    cache.resize(64)
    cache.clear()


def positions(
    variant: nardy.Variant, count: int, seed: int
) -> list[tuple[nardy.Position, nardy.Roll]]:
    """``count`` (position, roll) pairs from seeded random play of ``variant``."""
    rng = random.Random(seed)
    out: list[tuple[nardy.Position, nardy.Roll]] = []
    position = variant.starting_position()
    while len(out) < count:
        roll = nardy.Roll(rng.randint(1, 6), rng.randint(1, 6))
        out.append((position, roll))
        plays = position.legal_plays(roll)
        position = plays.resulting_position(rng.randrange(len(plays)))
        if position.is_over():
            position = variant.starting_position()
    return out


def test_a_repeated_call_returns_the_cached_set() -> None:
    position = nardy.Backgammon().starting_position()
    first = position.legal_plays("31")
    assert position.legal_plays("31") is first
    assert position.legal_plays("13") is first  # the same roll either way round
    assert cache.info() == (1, 64)


def test_each_store_keeps_at_most_the_limit() -> None:
    cache.resize(5)
    for position, roll in positions(nardy.Backgammon(), 40, seed=1):
        position.legal_plays(roll)
    entries, size = cache.info()
    assert size == 5
    assert 1 <= entries <= 5


def test_size_zero_turns_the_cache_off() -> None:
    cache.resize(0)
    position = nardy.Backgammon().starting_position()
    assert position.legal_plays("31") is not position.legal_plays("31")
    assert cache.info() == (0, 0)


def test_resize_drops_the_oldest_sets() -> None:
    pairs = positions(nardy.Backgammon(), 10, seed=2)
    for position, roll in pairs:
        position.legal_plays(roll)
    newest = pairs[-1][0].legal_plays(pairs[-1][1])
    cache.resize(1)
    assert cache.info() == (1, 1)
    assert pairs[-1][0].legal_plays(pairs[-1][1]) is newest


def test_the_oldest_set_goes_first_also_once_the_store_wraps_round() -> None:
    cache.resize(3)
    pairs = positions(nardy.Backgammon(), 11, seed=3)
    made = [position.legal_plays(roll) for position, roll in pairs]
    assert cache.info() == (3, 3)
    # The three newest stay (the same objects); every older one was dropped.
    for (position, roll), plays in zip(pairs[-3:], made[-3:]):
        assert position.legal_plays(roll) is plays
    assert pairs[0][0].legal_plays(pairs[0][1]) is not made[0]
    # Growing and shrinking the bound keeps the newest sets, oldest dropped first.
    cache.resize(10)
    fresh = [position.legal_plays(roll) for position, roll in pairs[4:8]]
    # The newest two of the three kept, made[0]'s pair again, and the four fresh ones.
    assert cache.info()[0] == 7
    cache.resize(2)
    assert cache.info()[0] == 2
    assert pairs[6][0].legal_plays(pairs[6][1]) is fresh[2]
    assert pairs[7][0].legal_plays(pairs[7][1]) is fresh[3]


def test_cache_false_neither_looks_nor_adds() -> None:
    bg = nardy.Backgammon()
    position = bg.starting_position()
    cached = bg.legal_plays(position, "31")
    fresh = bg.legal_plays(position, "31", cache=False)
    assert fresh is not cached  # not looked up
    assert fresh.raw_results() == cached.raw_results()
    assert fresh.notations() == cached.notations()
    other = bg.legal_plays(position, "64", cache=False)
    assert cache.info() == (1, 64)  # not added
    assert bg.legal_plays(position, "64") is not other


def test_clear_forgets_every_set() -> None:
    position = nardy.LongNardy().starting_position()
    first = position.legal_plays("65")
    cache.clear()
    assert cache.info()[0] == 0
    again = position.legal_plays("65")
    assert again is not first
    assert again.raw_results() == first.raw_results()


@pytest.mark.parametrize("size", [-1, 1.5, "64", True, None])
def test_a_bad_size_is_refused(size: object) -> None:
    with pytest.raises(InvalidOptionError, match="cache size"):
        cache.resize(size)  # type: ignore[arg-type]
    assert cache.limit() == 64


@pytest.mark.parametrize("size", [64, 3])
def test_threads_share_the_cache_safely(size: int) -> None:
    """Eight threads on the same positions, switching as often as possible: no errors, same answers.

    A small store (3) makes every thread add and drop sets all the time.
    """
    variants = [nardy.Backgammon(), nardy.LongNardy()]
    work = [pair for v in variants for pair in positions(v, 60, seed=3)]
    cache.resize(0)
    expected = [position.legal_plays(roll).raw_results() for position, roll in work]
    cache.resize(size)
    errors: list[BaseException] = []
    wrong: list[int] = []

    def worker(seed: int) -> None:
        order = list(range(len(work)))
        random.Random(seed).shuffle(order)
        try:
            for _ in range(5):
                for i in order:
                    position, roll = work[i]
                    if position.legal_plays(roll).raw_results() != expected[i]:
                        wrong.append(i)
                if size < 64:
                    cache.clear()
        except BaseException as error:  # any error at all is the failure
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert wrong == []
    assert cache.info()[0] <= len(variants) * (size + 8)
