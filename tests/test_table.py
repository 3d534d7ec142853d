"""The flat table (version 1) the native core reads: what native_table writes for each variant, and when it gives None.

Each built-in variant's turn rules are written field by field (the
contract's section 6); a rule that declares nothing the core knows (a plain
function, a hitter rule of kind "", a plain play filter, extra plays that
are not Kush's return, a subclass of a named rule) gives ``None``. The
named rules of :mod:`nardy.rules.named` are checked on their own too.
"""

from __future__ import annotations

import pytest

import nardy
from nardy import Roll, Side, StepRule, Variant
from nardy.engine.reference import TurnRules, turn_rules
from nardy.engine.table import native_table
from nardy.errors import InvalidOptionError
from nardy.rules.board import FROM_POOL, MOVER_BAR, Candidate, State
from nardy.rules.named import (
    HitsNeedHome,
    Locked,
    LoneStarter,
    MaxHeld,
    MaxHeldAlways,
    PoolFirst,
    SixBlockAfterStep,
)
from nardy.rules.tavli import QUARTER, trapped
from nardy.rules.turn_rules import HitterRule

# The fields of the table's head, by name (section 6).
FIELDS = [
    "version",
    "contact",
    "enters",
    "pool",
    "hit_to_pool",
    "bar_first",
    "bear_zone",
    "bear_larger",
    "must_play_higher",
    "returns",
    "hitter",
    "zone",
    "filter",
    "filter_option",
    "size",
]


def start_of(variant: Variant) -> State:
    return variant.starting_position(Side.WHITE).raw


def table_of(spec: str, roll: Roll, start: State | None = None) -> tuple[int, ...]:
    """The table of ``spec``'s turn from ``start`` (default: its starting position)."""
    variant = nardy.find_variant(spec)
    state = start_of(variant) if start is None else start
    table = native_table(turn_rules(variant, state, roll), len(state))
    assert table is not None, spec
    return table


def head(table: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(FIELDS, table))


def tail(table: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(dice, step rules as written: their number, then each)`` of a table."""
    n = table[15]
    return table[16 : 16 + n], table[16 + n :]


def test_backgammon_is_movement_and_dice_only() -> None:
    table = table_of("backgammon", Roll(6, 5))
    assert table == (1, 0, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28, 2, 6, 5, 0)
    assert table_of("backgammon", Roll(2, 2))[15:] == (4, 2, 2, 2, 2, 0)
    assert head(table_of("backgammon(must_play_higher=false)", Roll(6, 5)))["must_play_higher"] == 0


@pytest.mark.parametrize(
    ("spec", "kind", "zone"),
    [("tavla", 1, 6), ("caucasian", 2, 6), ("caucasian(no_hide_after_hit=anywhere)", 2, 24)],
)
def test_hitter_rules_by_kind_and_zone(spec: str, kind: int, zone: int) -> None:
    fields = head(table_of(spec, Roll(4, 2)))
    assert (fields["hitter"], fields["zone"]) == (kind, zone)


def test_long_nardy_the_head_floor_and_the_six_block_rule() -> None:
    assert tail(table_of("long-nardy", Roll(5, 3))) == ((5, 3), (2, 1, 24, 14, 2, 1))
    # The first turn's 6-6 lets two checkers leave the head.
    assert tail(table_of("long-nardy", Roll(6, 6)))[1] == (2, 1, 24, 13, 2, 1)
    assert tail(table_of("long-nardy(six_block=home)", Roll(5, 3)))[1] == (2, 1, 24, 14, 2, 2)
    assert tail(table_of("long-nardy(six_block=off)", Roll(5, 3)))[1] == (1, 1, 24, 14)
    at_end = table_of("long-nardy(six_block_check=turn,six_block=home)", Roll(5, 3))
    assert (head(at_end)["filter"], head(at_end)["filter_option"]) == (1, 2)
    assert tail(at_end)[1] == (1, 1, 24, 14)


def test_kush_a_double_hits_stops_and_returns() -> None:
    kush = nardy.find_variant("kush")
    start = list(start_of(kush))
    start[24], start[25] = 12, 3
    table = table_of("kush", Roll(2, 2), tuple(start))
    fields = head(table)
    assert (fields["contact"], fields["enters"], fields["returns"]) == (0, 0, 1)
    assert (fields["hitter"], fields["zone"]) == (1, 24)
    plain = head(table_of("kush", Roll(5, 2), tuple(start)))
    assert (plain["contact"], plain["returns"], plain["hitter"]) == (1, 0, 0)


def test_plakoto_pins_in_a_state_of_thirty() -> None:
    fields = head(table_of("plakoto", Roll(3, 1)))
    assert (fields["contact"], fields["size"]) == (2, 30)


def test_fevga_its_named_rules_and_the_trap() -> None:
    assert tail(table_of("fevga", Roll(4, 1)))[1] == (2, 7, 15, 8, QUARTER, 5)
    # A trapping prime on 13-18 held by the mover, the opponent all behind it.
    start = [0] * 28
    for p in range(13, 19):
        start[p] = 2
    start[24], start[1], start[0] = 3, -15, 0
    assert trapped(tuple(start))
    table = table_of("fevga", Roll(4, 1), tuple(start))
    assert (head(table)["filter"], head(table)["filter_option"]) == (2, 0)
    forbidden = table_of("fevga(trap_prime=forbidden)", Roll(4, 1), tuple(start))
    assert tail(forbidden)[1][-2:] == (2, 1)
    assert head(forbidden)["filter"] == 0


def test_acey_deucey_movement_and_restrictions() -> None:
    fields = head(table_of("acey-deucey(hit_to=pool,bear_off=exact)", Roll(4, 2)))
    assert (fields["pool"], fields["hit_to_pool"], fields["bear_larger"], fields["size"]) == (
        28,
        1,
        0,
        30,
    )
    assert tail(table_of("acey-deucey(entering=all-first)", Roll(4, 2)))[1] == (1, 4)
    assert tail(table_of("acey-deucey(hitting=after-home)", Roll(4, 2)))[1] == (1, 5)
    both = "acey-deucey(entering=all-first,hitting=after-home)"
    assert tail(table_of(both, Roll(4, 2)))[1] == (2, 4, 5)
    assert tail(table_of("acey-deucey(opening_lock=true)", Roll(4, 2)))[1] == (1, 6)
    assert tail(table_of("acey-deucey(opening_lock=true)", Roll(2, 1)))[1] == (0,)


def test_tabula_three_dice_waiting_and_its_bear_off() -> None:
    table = table_of("tabula", Roll(5, 3, 3))
    assert tail(table) == ((5, 3, 3), (1, 3, 1, (1 << 13) - 1))
    assert tail(table_of("tabula(second_half=pool-or-bar)", Roll(5, 3, 3)))[1] == (1, 3, 2, 8191)
    assert tail(table_of("tabula(second_half=off)", Roll(5, 3, 3)))[1] == (0,)
    spec = "tabula(bar_priority=false,bear_off_zone=half,bear_off=larger)"
    fields = head(table_of(spec, Roll(5, 3, 3)))
    assert (fields["bar_first"], fields["bear_zone"], fields["bear_larger"]) == (0, 12, 1)


def test_a_k_move_segment_is_its_dice() -> None:
    assert tail(table_of("gul-bara", Roll(3, 3).with_moves(2)))[0] == (3, 3)


# --- None: what is not data the core knows ---------------------------------------------------


def rules_of(spec: str, roll: Roll) -> tuple[TurnRules, State]:
    variant = nardy.find_variant(spec)
    start = start_of(variant)
    return turn_rules(variant, start, roll), start


def never_five(board: list[int], src: int, dst: int) -> bool:
    return dst != 5


def keep_all(start: State, candidates: list[Candidate]) -> list[Candidate]:
    return candidates


class MyLoneStarter(LoneStarter):
    """A subclass of a named rule: it may judge otherwise, so it declares nothing."""


def test_a_plain_step_rule_is_not_data() -> None:
    rules, start = rules_of("backgammon", Roll(3, 1))
    rules.step_rule = StepRule(never_five)
    assert native_table(rules, len(start)) is None
    rules.step_rule = StepRule(never_five, floor_point=24, floor=1)  # a floor, and more
    assert native_table(rules, len(start)) is None


def test_a_copy_with_another_check_keeps_its_declaration() -> None:
    rules, start = rules_of("long-nardy", Roll(3, 1))
    table = native_table(rules, len(start))
    assert rules.step_rule is not None
    rules.step_rule = rules.step_rule.replace(check=never_five)  # a promise: the same rule
    assert native_table(rules, len(start)) == table


def test_a_hitter_rule_of_no_kind_is_not_data() -> None:
    rules, start = rules_of("backgammon", Roll(3, 1))
    rules.hitter_rule = HitterRule(6, never_five)
    assert native_table(rules, len(start)) is None


def test_a_plain_play_filter_is_not_data() -> None:
    rules, start = rules_of("backgammon", Roll(3, 1))
    rules.play_filter = keep_all
    assert native_table(rules, len(start)) is None


def test_extra_plays_other_than_the_return_are_not_data() -> None:
    rules, start = rules_of("backgammon", Roll(3, 3))
    rules.extra = [(start, ((24, 21, 3, False),))]
    assert native_table(rules, len(start)) is None
    kush_rules, kush_start = rules_of("kush", Roll(3, 3))
    kush_rules.extra = [(kush_start, ((MOVER_BAR, 24, 2, False),))]  # the wrong die
    assert native_table(kush_rules, len(kush_start)) is None


def test_named_rules_are_recognised_by_their_exact_class_and_fields() -> None:
    rules, start = rules_of("fevga", Roll(3, 1))
    assert rules.step_rule is not None
    rules.step_rule = rules.step_rule.replace(named=(MyLoneStarter(15),))
    assert native_table(rules, len(start)) is None
    acey, acey_start = rules_of("acey-deucey(entering=all-first)", Roll(3, 1))
    assert acey.step_rule is not None
    acey.step_rule = acey.step_rule.replace(named=(PoolFirst(30),))  # not the variant's pool
    assert native_table(acey, len(acey_start)) is None
    acey.step_rule = acey.step_rule.replace(named=(PoolFirst(28),), only_hits=True)
    assert native_table(acey, len(acey_start)) is None  # asked about hits only: not PoolFirst


def test_a_state_that_cannot_hold_the_movement_is_not_data() -> None:
    rules, _ = rules_of("acey-deucey", Roll(3, 1))
    assert native_table(rules, 28) is None  # no room for the pool
    assert native_table(rules, 29) is None
    plakoto, _ = rules_of("plakoto", Roll(3, 1))
    assert native_table(plakoto, 28) is None  # no room for the pins


def test_a_step_rule_declares_named_rules_or_the_others_never_both() -> None:
    with pytest.raises(InvalidOptionError, match="named"):
        StepRule(never_five, six_block="ahead", named=(Locked(),))
    with pytest.raises(InvalidOptionError, match="named"):
        StepRule(never_five, named=Locked())  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="named"):
        StepRule(never_five, named=(Locked(), "ahead"))  # type: ignore[arg-type]
    assert StepRule(never_five, named=[Locked()]).named == (Locked(),)
    rule = StepRule(never_five, named=(Locked(),))
    assert "named=(Locked(),)" in repr(rule)
    assert rule.replace(watch_to=0).named == (Locked(),)


# --- the named rules' statements -------------------------------------------------------------


def board(**points: int) -> list[int]:
    """A 30-int board with the given ``p<n>`` counts (and ``pool``, index 28)."""
    b = [0] * 30
    for name, count in points.items():
        b[28 if name == "pool" else int(name[1:])] = count
    return b


def test_locked_refuses_everything() -> None:
    assert not Locked().check(board(p3=1), 6, 3, False)


def test_pool_first_allows_only_entries_while_the_pool_holds_one() -> None:
    rule = PoolFirst(28)
    assert rule.check(board(pool=2), FROM_POOL, 20, False)
    assert rule.check(board(pool=2), MOVER_BAR, 20, False)
    assert not rule.check(board(pool=1), 20, 17, False)
    assert rule.check(board(pool=0), 20, 17, False)


def test_hits_need_a_checker_home_before_the_step() -> None:
    rule = HitsNeedHome()
    assert rule.check(board(p20=1), 23, 20, False)  # no hit: never refused
    assert not rule.check(board(p20=1), 23, 20, True)
    assert rule.check(board(p20=1, p5=1), 23, 20, True)
    assert not rule.check(board(p4=1), 8, 4, True)  # the hitter itself is not home before
    assert rule.check(board(p4=1), 5, 4, True)  # it was home already


def test_lone_starter_one_checker_away_until_one_has_passed() -> None:
    rule = LoneStarter(15)
    assert rule.check(board(p24=14, p20=1), 24, 20, False)
    assert not rule.check(board(p24=13, p20=1, p19=1), 24, 19, False)
    assert rule.check(board(p24=13, p10=1, p19=1), 24, 19, False)  # one has passed
    assert rule.check(board(p24=13, p20=1, p19=1), 20, 19, False)  # not a step from the 24-point


def test_max_held_at_most_so_many_of_the_points() -> None:
    rule = MaxHeld(QUARTER, 5)
    full = board(p19=1, p20=1, p21=1, p22=1, p23=1, p24=9)
    assert not rule.check(full, 24, 19, False)
    assert rule.check(full, 24, 12, False)  # lands outside the points
    assert rule.check(board(p20=1, p21=1, p22=1, p23=1, p24=9), 24, 20, False)


def test_max_held_always_judges_every_step_on_the_board_after_it() -> None:
    rule = MaxHeldAlways(QUARTER, 5)
    full = board(p19=1, p20=1, p21=1, p22=1, p23=1, p24=9)
    assert not rule.check(full, 24, 19, False)
    assert not rule.check(full, 24, 12, False)  # over the limit after it, wherever it landed
    assert not rule.check(full, 24, 0, False)  # a bear-off too
    assert rule.check(board(p20=1, p21=1, p22=1, p23=1, p24=9), 24, 12, False)


def test_tapa_and_moultezim_tables() -> None:
    # Tapa: bit 1 of the bear-off field with bear_off_pinned="allowed" (a pinned checker stands).
    assert head(table_of("tapa", Roll(6, 5)))["bear_larger"] == 3
    assert head(table_of("tapa(bear_off_pinned=blocked)", Roll(6, 5)))["bear_larger"] == 1
    assert head(table_of("plakoto", Roll(6, 5)))["bear_larger"] == 1
    # Moultezim: the starting checker (7) and MaxHeldAlways (10) on its quarter.
    opp_start = sum(1 << p for p in range(7, 13))
    assert tail(table_of("moultezim", Roll(4, 1)))[1] == (2, 7, 15, 10, opp_start, 4)
    assert tail(table_of("moultezim(quarter_rule=home-5)", Roll(4, 1)))[1] == (2, 7, 15, 10, 126, 5)
    assert tail(table_of("moultezim(quarter_rule=none)", Roll(4, 1)))[1] == (1, 7, 15)
    assert table_of("longgammon", Roll(6, 5)) == table_of("backgammon", Roll(6, 5))


def test_six_block_after_step_reads_the_guard_from_the_board() -> None:
    rule = SixBlockAfterStep("ahead")
    b = board(**{f"p{p}": 1 for p in range(13, 19)})
    b[1] = -15  # every opposing checker behind the block
    assert not rule.check(b, 20, 16, False)
    assert rule.check(b, 20, 0, False)  # off
    assert SixBlockAfterStep("off").check(b, 20, 16, False)
    b[1], b[27] = -14, 1  # one has borne off: it has passed every block
    assert rule.check(b, 20, 16, False)
    with pytest.raises(ValueError, match="option"):
        SixBlockAfterStep("sideways")
