"""The engine chooses its search from what rule objects declare, never from which rule they are.

A variant author's copy of a built-in rule object, with another check of the
same behaviour (``replace(check=...)``), keeps the built-in's declarations:
it gets the same search (:meth:`nardy.Variant.search_name`: native) and the same legal
plays, in the same order, on many seeded positions. A wrong declaration is
caught by :func:`nardy.testing.check_variant`, which compares the search
that runs with the general one, which calls every rule object's functions. (``benchmarks/bench_user_rules.py`` times the
copies: within 1.3 times the built-in's time.)
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

import nardy
from nardy import Position, Roll, Variant
from nardy.engine.native import native_plays
from nardy.engine.reference import TurnRules
from nardy.rules.backgammon import no_hide_after_hit, no_hide_rule
from nardy.rules.board import HIT
from nardy.rules.six_block import six_block_allows, six_block_guard
from nardy.rules.turn_rules import (
    NO_HIDE,
    HitterRule,
    StepRule,
)
from nardy.testing import ConformanceError, check_variant
from toy_variants import registered

State = tuple[int, ...]


def author_no_hide(board: list[int], src: int, dst: int) -> bool:
    """The no-hide rule as an author writes it (a plain Python function)."""
    return dst == 0 or board[dst] == 1


def author_six_block(board: list[int], src: int, dst: int) -> bool:
    """The six-block rule (``"ahead"``) after each step, the guard from the board after it."""
    return dst == 0 or six_block_allows(board, dst, six_block_guard(board, "ahead"))


@attrs.frozen
class CopiedCaucasian(nardy.Caucasian):
    """Caucasian nardy with the built-in hitter rule's check replaced."""

    name: ClassVar[str] = "copied-caucasian"
    aliases: ClassVar[tuple[str, ...]] = ()

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        """The built-in rule object, another check."""
        return super().hitter_rule(start, roll).replace(check=author_no_hide)


@attrs.frozen
class CopiedKush(nardy.Kush):
    """Kush with the built-in double's step rule's check replaced."""

    name: ClassVar[str] = "copied-kush"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The built-in rule object; on a double another check."""
        rule = super().step_rule(start, roll)
        return rule.replace(check=author_six_block) if roll.is_double else rule


@attrs.frozen
class CopiedLongNardy(nardy.LongNardy):
    """Long nardy with the built-in step rule's check replaced."""

    name: ClassVar[str] = "copied-long-nardy"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        """The built-in rule object, another check."""
        return super().step_rule(start, roll).replace(check=author_six_block)


def _always(board: list[int], src: int, dst: int) -> bool:
    return True


@attrs.frozen
class FalselyDeclaredCaucasian(nardy.Caucasian):
    """Broken on purpose: a hitter rule that lets the hitter go anywhere, declared no-hide."""

    name: ClassVar[str] = "falsely-declared-caucasian"
    aliases: ClassVar[tuple[str, ...]] = ()

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        """A check that is not the no-hide rule, promising that it is."""
        return HitterRule(24, _always, NO_HIDE)


def _positions(variant: Variant, count: int, seed: int) -> list[tuple[Position, Roll]]:
    """Seeded self-play positions of ``variant`` with a roll each, half of them doubles."""
    rng = random.Random(seed)
    out: list[tuple[Position, Roll]] = []
    while len(out) < count:
        position = variant.starting_position()
        for _ in range(200):
            if position.is_over():
                break
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            if rng.random() < 0.5:
                roll = Roll(roll.high, roll.high)
            out.append((position, roll))
            legal = position.legal_plays(roll)
            position = legal.resulting_position(rng.randrange(len(legal)))
    return out[:count]


COPIES = [
    (
        nardy.find_variant("caucasian(no_hide_after_hit=anywhere)"),
        CopiedCaucasian(no_hide_after_hit="anywhere"),
    ),
    (nardy.Caucasian(), CopiedCaucasian()),
    (nardy.Kush(), CopiedKush()),
    (nardy.LongNardy(), CopiedLongNardy()),
]


@pytest.mark.parametrize(("builtin", "copy"), COPIES, ids=lambda v: v.spec())
def test_a_copy_gets_the_built_in_search_and_plays(builtin: Variant, copy: Variant) -> None:
    searches: set[str] = set()
    for position, roll in _positions(builtin, 400, 7):
        mine = Position.from_raw(copy, position.turn, position.raw, check=False)
        search = builtin.search_name(position, roll)
        searches.add(search)
        assert copy.search_name(mine, roll) == search, (position.id(), roll)
        theirs = builtin.legal_plays(position, roll, cache=False)
        ours = copy.legal_plays(mine, roll, cache=False)
        assert ours.raw_results() == theirs.raw_results(), (position.id(), roll)
        assert ours.notations() == theirs.notations(), (position.id(), roll)
    # Each copy runs where its declarations allow: native, where the core is loaded.
    assert searches == {"native" if nardy.native else "python"}


def test_the_copies_conform() -> None:
    with registered(CopiedCaucasian, CopiedKush, CopiedLongNardy):
        for variant in (
            CopiedCaucasian(no_hide_after_hit="anywhere"),
            CopiedKush(),
            CopiedLongNardy(),
        ):
            assert check_variant(variant, games=2, seed=3).positions > 0


@pytest.mark.skipif(
    not nardy.native, reason="only the native core trusts a hitter rule's declaration"
)
def test_check_variant_catches_a_wrong_declaration() -> None:
    with (
        registered(FalselyDeclaredCaucasian),
        pytest.raises(ConformanceError, match="disagrees with the general search"),
    ):
        check_variant(FalselyDeclaredCaucasian(), games=5, seed=1)


def test_a_declared_hitter_rule_runs_native_an_undeclared_one_does_not() -> None:
    # Caucasian's no-hide rule on 2-2: a blot on 4 to hit from 6 and 8.
    board = [0] * 28
    board[6], board[8], board[4], board[13] = 3, 2, -1, 10
    board[27] = 14
    start = tuple(board)
    hides = TurnRules((2, 2, 2, 2), HIT, True, None, no_hide_rule(24), None, True, [])
    plain = TurnRules(
        (2, 2, 2, 2), HIT, True, None, HitterRule(24, no_hide_after_hit), None, True, []
    )
    if nardy.native:
        assert native_plays(hides, start) is not None
    # The same check, declared nothing: the Python search calls it.
    assert native_plays(plain, start) is None
