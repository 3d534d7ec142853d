"""The engine chooses its search from what rule objects declare, never from which rule they are.

A variant author's copy of a built-in rule object, with another check of the
same behaviour (``replace(check=...)``), keeps the built-in's declarations:
it gets the same search (:meth:`nardy.Variant.kernel`) and the same legal
plays, in the same order, on many seeded positions. A wrong declaration is
caught by :func:`nardy.testing.check_variant`, which compares the chosen
search with the general one. (``benchmarks/bench_user_rules.py`` times the
copies: within 1.3 times the built-in's time.)
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

import nardy
from nardy import InvalidOptionError, Position, Roll, Variant
from nardy.engine.search import (
    KUSH_DOUBLE,
    MARKED_DOUBLE,
    NO_HIDE_DOUBLE,
    POSITIONAL,
    TRACKING,
    choose_kernel,
)
from nardy.rules.backgammon import no_hide_after_hit, no_hide_rule
from nardy.rules.board import HIT
from nardy.rules.kush import kush_double_rule
from nardy.rules.long_nardy import head_and_six_block_rule
from nardy.rules.six_block import SixBlockAtEnd, six_block_allows, six_block_guard
from nardy.rules.turn_rules import (
    ALL_POINTS,
    NO_HIDE,
    STOPS,
    HitterRule,
    StepRule,
    filter_six_block,
    judges_each_play,
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
        kernel = builtin.kernel(position, roll)
        searches.add(kernel)
        assert copy.kernel(mine, roll) == kernel, (position.id(), roll)
        theirs = builtin.legal_plays(position, roll, cache=False)
        ours = copy.legal_plays(mine, roll, cache=False)
        assert ours.raw_results() == theirs.raw_results(), (position.id(), roll)
        assert ours.notations() == theirs.notations(), (position.id(), roll)
    assert TRACKING not in searches  # each copy runs a search its declarations allow
    expected = {"caucasian": {MARKED_DOUBLE}, "kush": {MARKED_DOUBLE}, "long-nardy": {POSITIONAL}}
    assert expected[builtin.name] <= searches


def test_the_copies_conform() -> None:
    with registered(CopiedCaucasian, CopiedKush, CopiedLongNardy):
        for variant in (
            CopiedCaucasian(no_hide_after_hit="anywhere"),
            CopiedKush(),
            CopiedLongNardy(),
        ):
            assert check_variant(variant, games=2, seed=3).positions > 0


def test_check_variant_catches_a_wrong_declaration() -> None:
    with (
        registered(FalselyDeclaredCaucasian),
        pytest.raises(ConformanceError, match="general search"),
    ):
        check_variant(FalselyDeclaredCaucasian(), games=5, seed=1)


def test_choose_kernel_names_the_search_of_a_double() -> None:
    # Caucasian's no-hide rule on 2-2: a blot on 4 to hit from 6 and 8.
    board = [0] * 28
    board[6], board[8], board[4], board[13] = 3, 2, -1, 10
    board[27] = 14
    hides = no_hide_rule(24)
    args = ((2, 2, 2, 2), HIT, True, False, None, hides, None)
    assert choose_kernel(*args) == TRACKING  # by the rules' shape alone
    assert choose_kernel(*args, board) in (MARKED_DOUBLE, NO_HIDE_DOUBLE)
    # The same check, declared nothing: the general search.
    assert choose_kernel(*args[:5], HitterRule(24, no_hide_after_hit), None, board) == TRACKING
    # Nothing to hit where the rule applies: the rule is dropped, the board decides.
    board[4] = 0
    assert choose_kernel(*args, board) == "ordered"


def test_a_kush_double_goes_to_its_own_search_by_declaration() -> None:
    kush = nardy.Kush()
    seen: set[str] = set()
    for position, roll in _positions(kush, 600, 11):
        if roll.is_double:
            seen.add(kush.kernel(position, roll))
    assert {MARKED_DOUBLE, KUSH_DOUBLE} <= seen
    assert TRACKING not in seen
    start = kush.starting_position().raw
    rule = kush_double_rule(start, 2, "ahead", True)
    assert (rule.floor_point, rule.floor, rule.six_block) == (24, 13, "ahead")
    assert kush_double_rule(start, 1, "home", False).six_block == "off"


def test_step_rule_replace_keeps_the_declarations() -> None:
    start = nardy.LongNardy().starting_position().raw
    rule = head_and_six_block_rule(start, 0, "6-4-3", "ahead", True, 15)
    copy = rule.replace(check=author_six_block)
    assert copy.base_check is author_six_block
    assert (copy.floor_point, copy.floor, copy.six_block) == (24, 14, "ahead")
    assert (copy.base_watch_from, copy.base_watch_to) == (rule.base_watch_from, rule.base_watch_to)
    assert copy.replace(six_block=None).six_block is None
    assert rule.replace(floor=12).floor == 12
    assert "six_block='ahead'" in repr(rule)
    with pytest.raises(InvalidOptionError, match=r"StepRule\.replace: no field zone"):
        rule.replace(zone=6)


def test_hitter_rule_kind_and_replace() -> None:
    assert HitterRule(6).kind == STOPS
    assert HitterRule(6, no_hide_after_hit).kind == ""
    hides = no_hide_rule(6)
    assert hides is no_hide_rule(6)  # one object serves every turn
    assert (hides.zone, hides.check, hides.kind) == (6, no_hide_after_hit, NO_HIDE)
    copy = hides.replace(check=author_no_hide)
    assert (copy.zone, copy.check, copy.kind) == (6, author_no_hide, NO_HIDE)
    assert hides.replace(zone=24).kind == NO_HIDE
    assert hides.replace(check=None).kind == STOPS  # no check: it stops
    assert HitterRule(6).replace(check=author_no_hide).kind == ""  # no promise made
    assert HitterRule(6).replace(check=author_no_hide, kind=NO_HIDE).kind == NO_HIDE
    with pytest.raises(InvalidOptionError):
        HitterRule(6, kind=NO_HIDE)
    with pytest.raises(InvalidOptionError):
        HitterRule(6, author_no_hide, kind="sometimes")
    with pytest.raises(InvalidOptionError, match=r"HitterRule\.replace: no field floor"):
        hides.replace(floor=1)


def test_a_filter_declares_that_it_judges_each_play() -> None:
    at_end = SixBlockAtEnd("home")
    assert judges_each_play(at_end)
    assert filter_six_block(at_end) == "home"
    assert at_end.replace(six_block="ahead").six_block == "ahead"

    def plain(start: State, candidates: list[object]) -> list[object]:
        return candidates

    assert not judges_each_play(plain)  # type: ignore[arg-type]
    assert filter_six_block(plain) is None  # type: ignore[arg-type]


def test_the_check_objects_copy_with_one_field_changed() -> None:
    from nardy.rules.kush import KushDoubleSteps
    from nardy.rules.long_nardy import HeadAndSixBlock
    from nardy.rules.tavli import FevgaSteps

    kush = KushDoubleSteps(15, 2, 0, "ahead", True).start(nardy.Kush().starting_position().raw)
    assert kush.replace(limit=1).limit == 1
    assert kush.replace(limit=1).guard == kush.guard
    assert HeadAndSixBlock(15, 1, 20).replace(guard=0).guard == 0
    assert FevgaSteps(15, 3).replace(checkers=14).checkers == 14
    assert StepRule(author_six_block, 0, ALL_POINTS).replace().base_watch_to == ALL_POINTS
