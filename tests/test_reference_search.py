"""The engine's search against the reference search (nardy.engine.reference), and the reference against the oracles.

:mod:`nardy.engine.reference` states the search the engine's two searches
(native and Python, :mod:`nardy.engine.onesearch`) give faster: it
runs a variant from its hooks and the rulebook alone, every order of the
dice and every checker, no shortcut. Here, for every built-in variant and
every value of every option that changes a legal set:

* the quick part: a small seeded sample (positions along random games and
  constructed ones, every roll), and a Hypothesis property on positions
  reached by random play from the start; games are played by whole turns
  of the variant's own dice (three in tabula), and in a variant with a pool
  the constructed positions hold checkers in it;
* the wide sweep: ``test_reference_search_sweep.py`` (marker ``sweep``);
* the anchor: on a sample, the reference gives what the tests' own oracles
  give (``reference.py``, ``reference_long.py``, ``reference_tavli.py``,
  ``reference_acey.py``, ``reference_tabula.py``, written from the rules
  text and independent of the library);
* the toy variants of ``toy_variants.py`` and the guide's examples, and a
  few variants made here for hooks no built-in variant uses that way;
* where the native core is loaded, the public API runs it and the Python
  search is held to it element by element (``test_search_equal.py``).

"Agree" (:func:`disagreement`): ``variant.legal_plays`` gives exactly the
reference's set of resulting positions, each once, and each fast play's
steps are one of the reference's legal sequences, leading to its position.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import hypothesis
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from examples_russian_dutch import page_rules
from family3_positions import random_position
from helpers import play_turn, seeded_roll
from nardy import ALL_ROLLS, Position, Roll, Side, StepRule, Variant
from nardy.engine.reference import (
    every_sequence,
    legal_sequences,
    reference_plays,
    reference_sequences,
    turn_rules,
)
from nardy.rules.backgammon import no_hide_after_hit
from nardy.rules.board import BLOCK, HIT, PIN, Candidate
from nardy.rules.head import HEAD_EXCEPTIONS
from nardy.rules.six_block import SIX_BLOCK_CHECKS, SIX_BLOCK_RULES
from nardy.rules.tavli import TRAP_PRIMES
from nardy.rules.turn_rules import HitterRule, PlayFilter
from nardy.variants.base import State
from nardy.variants.moultezim import QUARTER_RULES
from nardy.variants.scoring import PRESETS, ScoringTable
from nardy.variants.tabula import BEAR_OFF_RULES, BEAR_OFF_ZONES, SECOND_HALF_RULES
from nardy.variants.tapa import BEAR_OFF_PINNED
from reference import reference_results as backgammon_results
from reference_acey import page_plays
from reference_family3 import Rules
from reference_family3 import segment_results as family3_results
from reference_gul_bara import random_gul_bara_positions
from reference_gul_bara import segment_results as gul_bara_results
from reference_long import reference_results as long_results
from reference_russian_dutch import segment_results
from reference_tabula import page_plays as tabula_plays
from reference_tavli import fevga_results, plakoto_results
from strategies import KINDS, random_positions
from strategies_tavli import random_tavli_positions
from test_long_nardy_properties import block_player, constructed, rules_of, self_play
from toy_variants import BonusDoublesHypergammon, HomeHitStops, PinningGame, TruceHypergammon

# --- the configurations ------------------------------------------------------------------

#: The options of tapa, longgammon and moultezim that their reference (reference_family3) reads.
FAMILY3 = ("must_play_higher", "bear_off_pinned", "quarter_rule")

BOOLS = (True, False)
#: Every built-in variant, and the options that change its legal sets, with every value.
MOVEMENT_OPTIONS: dict[str, dict[str, tuple[Any, ...]]] = {
    "backgammon": {"must_play_higher": BOOLS},
    "nackgammon": {"must_play_higher": BOOLS},
    "hypergammon": {"checkers": (1, 2, 3), "must_play_higher": BOOLS},
    "caucasian": {"no_hide_after_hit": ("home", "anywhere"), "must_play_higher": BOOLS},
    "portes": {"must_play_higher": BOOLS},
    "tavla": {"must_play_higher": BOOLS},
    "long-nardy": {
        "head_exception": HEAD_EXCEPTIONS,
        "six_block": SIX_BLOCK_RULES,
        "six_block_check": SIX_BLOCK_CHECKS,
        "must_play_higher": BOOLS,
    },
    "kush": {
        "head_exception": HEAD_EXCEPTIONS,
        "six_block": SIX_BLOCK_RULES,
        "six_block_check": SIX_BLOCK_CHECKS,
        "must_play_higher": BOOLS,
    },
    "plakoto": {"must_play_higher": BOOLS},
    "fevga": {"trap_prime": TRAP_PRIMES, "must_play_higher": BOOLS},
    "acey-deucey": {
        "entering": ("free", "all-first"),
        "opening_lock": BOOLS,
        "hitting": ("any", "after-home"),
        "hit_to": ("bar", "pool"),
        "bear_off": ("larger", "exact"),
        "must_play_higher": BOOLS,
    },
    "tabula": {
        "second_half": SECOND_HALF_RULES,
        "bar_priority": BOOLS,
        "bear_off_zone": tuple(BEAR_OFF_ZONES),
        "bear_off": BEAR_OFF_RULES,
        "must_play_higher": BOOLS,
    },
    "gul-bara": {"bear_off": ("larger", "exact"), "must_play_higher": BOOLS},
    "gioul": {"bear_off": ("larger", "exact"), "must_play_higher": BOOLS},
    "dutch": {
        "entering": ("all-first", "free"),
        "hitting": ("after-home", "any"),
        "must_play_higher": BOOLS,
    },
    "russian": {"entering": ("all-first", "free"), "must_play_higher": BOOLS},
    "tapa": {"bear_off_pinned": BEAR_OFF_PINNED, "must_play_higher": BOOLS},
    "longgammon": {"must_play_higher": BOOLS},
    "moultezim": {"quarter_rule": tuple(QUARTER_RULES), "must_play_higher": BOOLS},
}
#: The options that change only the scoring or the end of a game, never a legal set.
OTHER_OPTIONS = frozenset(
    {"scoring", "result_points", "koks", "mother", "mother_exception", "mother_points"}
    # acey-deucey's options on the turn (which segments follow a roll), not on a segment
    | {
        "natural_doubles",
        "ace_deuce",
        "ace_deuce_partial",
        "named_double_reroll",
        "named_double_choice",
        # gul bara's and gioul's (the segments a roll gives, never one's legal set)
        "opening_exception",
        "cascade_failure",
        "transfer_without_move",
        # Russian backgammon's (a double's complement and the roll again)
        "doubles",
        "bonus",
    }
    # tabula's direction turns the board round for the opponent, never changes a legal set
    | {"direction"}
)


def configurations(name: str) -> list[Variant]:
    """Every combination of the values of ``name``'s movement options (the full product)."""
    options = MOVEMENT_OPTIONS[name]
    cls = type(nardy.find_variant(name))
    return [cls(**dict(zip(options, values))) for values in itertools.product(*options.values())]


#: Every configuration of every built-in variant (270).
CONFIGURATIONS: tuple[Variant, ...] = tuple(
    variant for name in MOVEMENT_OPTIONS for variant in configurations(name)
)
SPECS: tuple[str, ...] = tuple(variant.spec() for variant in CONFIGURATIONS)


def test_the_matrix_holds_every_built_in_variant_and_every_option() -> None:
    # A new variant, or a new option, must be placed here: in the matrix
    # (it changes legal sets) or among the others (it does not).
    built_in = {cls.name: cls for cls in nardy.VARIANTS if cls.__module__.startswith("nardy.")}
    assert set(built_in) == set(MOVEMENT_OPTIONS)
    for name, cls in built_in.items():
        options = set(cls.option_names())
        assert set(MOVEMENT_OPTIONS[name]) <= options, name
        assert options - set(MOVEMENT_OPTIONS[name]) <= OTHER_OPTIONS, name
    assert len(set(SPECS)) == len(SPECS) == 270


# --- the comparison ------------------------------------------------------------------------


def steps_of(play: nardy.Play) -> tuple[tuple[int, int, int, bool], ...]:
    """A play's steps as raw steps ``(src, dst, die, hit)``."""
    return tuple((step.src, step.dst, step.die, step.hit) for step in play.steps)


def disagreement(variant: Variant, position: Position, roll: Roll) -> str | None:
    """None when the fast path and the reference agree here, else a reproduction for a report."""
    legal = variant.legal_plays(position, roll, cache=False)
    fast = legal.result_states()
    sequences = reference_sequences(variant, position.raw, roll)
    expected = {state for state, _ in sequences} or {position.raw}
    reached = {steps: state for state, steps in sequences}
    if not sequences:
        reached[()] = position.raw  # a pass
    problems = []
    if len(set(fast)) != len(fast):
        problems.append("the fast path gives a position twice")
    if set(fast) != expected:
        problems.append(
            f"fast only {sorted(set(fast) - expected)}, reference only {sorted(expected - set(fast))}"
        )
    for state, play in zip(fast, legal):
        if reached.get(steps_of(play)) != state:
            problems.append(
                f"the fast play {play.notation()!r} {steps_of(play)} is not a legal sequence to its position"
            )
    if not problems:
        return None
    return (
        f"{variant.spec()} position {position.id()} roll {roll}: {'; '.join(problems)}; "
        f"fast {legal.notations()}, reference {sorted(expected)}"
    )


def segments(variant: Variant) -> tuple[Roll, ...]:
    """Every segment ``variant`` plays: each roll of its dice, and with :attr:`~nardy.Variant.segment_moves` each double as 1 to 3 moves too (moves handed over)."""
    rolls = variant.rolls()
    if not variant.segment_moves:
        return rolls
    short = (Roll(d, d).with_moves(k) for d in range(1, 7) for k in (1, 2, 3))
    return (*rolls, *short)


def check(
    variant: Variant, items: list[tuple[str, Position]], rolls: tuple[Roll, ...] | None = None
) -> int:
    """Compare every item with every roll (default: every segment of the variant, :func:`segments`); returns the number compared."""
    problems = []
    count = 0
    for kind, position in items:
        for roll in segments(variant) if rolls is None else rolls:
            count += 1
            problem = disagreement(variant, position, roll)
            if problem is not None:
                problems.append(f"[{kind}] {problem}")
    assert not problems, f"{len(problems)} disagreements, the first:\n" + "\n".join(problems[:3])
    return count


# --- the positions -----------------------------------------------------------------------


def game_positions(variant: Variant, n: int, seed: str) -> list[tuple[str, Position]]:
    """``n`` positions along seeded random games, 1-24 turns apart.

    A ply is a whole turn (:func:`helpers.play_turn`): a roll of the
    variant's dice and its segments, each played by a random legal play.
    """
    rng = random.Random(f"{seed}:{variant.spec()}")
    position = variant.starting_position(Side(rng.randint(0, 1)))
    out: list[tuple[str, Position]] = []
    while len(out) < n:
        for _ in range(rng.randint(1, 24)):
            position = play_turn(variant, position, seeded_roll(variant, rng), rng.randrange)
            if position.is_over():
                position = variant.starting_position(Side(rng.randint(0, 1)))
        out.append(("game", position))
    return out


def built_positions(variant: Variant, n: int, seed: str) -> list[tuple[str, Position]]:
    """``n`` positions of the kinds the suite's builders make for this family (see their modules).

    With a pool (acey-deucey, tabula) the builders put some checkers of each
    side back into it.
    """
    if variant.name in ("plakoto", "fevga"):
        return random_tavli_positions(variant, n, seed)
    if variant.name in ("gul-bara", "gioul"):
        return random_gul_bara_positions(variant, n, seed)
    if variant.name in ("tapa", "longgammon", "moultezim"):
        rng = random.Random(f"{seed}:{variant.spec()}")
        return [("family3", random_position(variant, rng)) for _ in range(n)]
    if variant.name in ("long-nardy", "kush"):
        rng = random.Random(f"{seed}:{variant.spec()}")
        counts = {"seam": n - 2 * (n // 3), "bearoff": n // 3, "scatter": n // 3}
        items = constructed(variant, rng.randrange(1 << 30), counts)
        return [(kind, position) for kind, (position, _) in zip(_kinds(counts), items)]
    kinds = [k for k in KINDS if k != "selfplay" and not (k == "off" and variant.checkers == 1)]
    return random_positions(variant, n, seed, kinds)


def _kinds(counts: Mapping[str, int]) -> Iterator[str]:
    for kind, n in counts.items():
        yield from [kind] * n


def block_positions(variant: Variant, n: int, seed: int) -> list[tuple[str, Position]]:
    """``n`` positions from games of a player who builds runs of points (where the six-block rule bites)."""
    if not n:
        return []
    items = self_play(variant, seed, 1 + n // 40, block_player)
    step = max(1, len(items) // n)
    return [("blocks", position) for position, _ in items[::step][:n]]


def sample(variant: Variant, n: int, seed: str) -> list[tuple[str, Position]]:
    """About ``n`` positions: half along random games, half constructed (a quarter from block games in long nardy and Kush)."""
    games = game_positions(variant, n - n // 2, seed)
    if variant.name in ("long-nardy", "kush"):
        blocks = block_positions(variant, n // 4, sum(map(ord, seed)))
        return games + built_positions(variant, n // 2 - len(blocks), seed) + blocks
    return games + built_positions(variant, n // 2, seed)


# --- the quick part ----------------------------------------------------------------------

#: The quick part's rolls for each configuration: five of the fifteen
#: non-doubles and one double (three dice: five of the twenty rolls of
#: three different dice and one pair or triple), a different choice for
#: each configuration.
QUICK_ROLLS = 6


def quick_rolls(spec: str) -> tuple[Roll, ...]:
    """Six seeded rolls of ``spec``'s dice: five of different dice, one with a die repeated (a double)."""
    rng = random.Random(f"quick-rolls:{spec}")
    try:
        rolls = segments(nardy.find_variant(spec))
    except nardy.UnknownVariantError:  # a name of the tests' own (two dice)
        rolls = ALL_ROLLS
    doubles = [roll for roll in rolls if roll.is_double or len(set(roll)) < len(roll.moves)]
    others = [roll for roll in rolls if roll not in doubles]
    return (*rng.sample(others, QUICK_ROLLS - 1), rng.choice(doubles))


@pytest.mark.parametrize("variant", CONFIGURATIONS, ids=SPECS)
def test_quick_sample_agrees_with_the_reference(variant: Variant) -> None:
    """One seeded position of every configuration (along a game, or constructed), six rolls."""
    assert check(variant, quick_items(variant), quick_rolls(variant.spec())) == QUICK_ROLLS


def dice(variant: Variant) -> st.SearchStrategy[Roll]:
    """Any roll of ``variant``'s dice (two, or three)."""
    die = st.integers(1, 6)
    return st.tuples(*[die] * variant.dice).map(lambda faces: Roll(*faces))


@st.composite
def reachable_positions(draw: st.DrawFn, variant: Variant) -> Position:
    """A position reached from the start by random rolls and random legal plays (at most 120 whole turns)."""
    position = variant.starting_position(Side(draw(st.integers(0, 1))))

    def choose(n: int) -> int:
        return draw(st.integers(0, n - 1))

    for _ in range(draw(st.integers(0, 120), label="plies")):
        after = play_turn(variant, position, draw(dice(variant)), choose)
        if after.is_over():
            break
        position = after
    return position


@hypothesis.seed(30)
@given(data=st.data())
def test_property_reachable_positions_agree(data: st.DataObject) -> None:
    """Any configuration, any position reached by random play from the start, any roll of its dice."""
    variant = data.draw(st.sampled_from(CONFIGURATIONS), label="variant")
    position = data.draw(reachable_positions(variant), label="position")
    roll = data.draw(dice(variant))
    assert disagreement(variant, position, roll) is None


# --- the reference against the tests' oracles ----------------------------------------------


def oracle_states(variant: Variant, position: Position, roll: Roll) -> set[State]:
    """The resulting states the tests' own oracle gives (written from the rules text, not the library)."""
    raw = position.raw
    if variant.name in ("long-nardy", "kush"):
        return set(long_results(raw, (roll.high, roll.low), rules_of(variant)))
    if variant.name == "plakoto":
        return plakoto_results(raw, roll, variant.options()["must_play_higher"])
    if variant.name == "fevga":
        options = variant.options()
        return fevga_results(raw, roll, options["trap_prime"], options["must_play_higher"])
    if variant.name in ("gul-bara", "gioul"):
        options = variant.options()
        larger, higher = options["bear_off"] == "larger", options["must_play_higher"]
        moves = len(roll.moves) if roll.is_double and len(roll.moves) < 4 else None  # handed over
        return gul_bara_results(
            raw, (roll.high, roll.low), moves, larger=larger, must_play_higher=higher
        )
    if variant.name == "acey-deucey":
        return page_plays(variant, raw, roll)
    if variant.name == "tabula":
        return tabula_plays(variant, raw, roll)
    if variant.name in ("dutch", "russian"):
        return segment_results(raw, (roll.high, roll.low), **page_rules(variant))
    if variant.name in ("tapa", "longgammon", "moultezim"):
        rules = Rules(variant.name, **{k: v for k, v in variant.options().items() if k in FAMILY3})
        return family3_results(raw, (roll.high, roll.low), rules)
    return backgammon_results(variant, raw, roll)


def oracle_disagreement(variant: Variant, position: Position, roll: Roll) -> str | None:
    """None when the reference gives the oracle's resulting states, else a reproduction."""
    ours = {state for state, _ in reference_plays(variant, position, roll)}
    theirs = oracle_states(variant, position, roll)
    if ours == theirs:
        return None
    return (
        f"{variant.spec()} position {position.id()} roll {roll}: reference only "
        f"{sorted(ours - theirs)}, oracle only {sorted(theirs - ours)}"
    )


def check_oracle(
    variant: Variant, items: list[tuple[str, Position]], rolls: tuple[Roll, ...] | None = None
) -> int:
    """The reference against the oracle on every item and roll (default: the variant's :func:`segments`); returns the number compared."""
    rolls = segments(variant) if rolls is None else rolls
    problems = [
        f"[{kind}] {problem}"
        for kind, position in items
        for roll in rolls
        if (problem := oracle_disagreement(variant, position, roll)) is not None
    ]
    assert not problems, f"{len(problems)} disagreements, the first:\n" + "\n".join(problems[:3])
    return len(items) * len(rolls)


#: One configuration of each variant whose options the oracles read, and one more for long nardy.
ANCHORS: tuple[str, ...] = (
    "backgammon(must_play_higher=false)",
    "nackgammon",
    "hypergammon(checkers=2)",
    "caucasian(no_hide_after_hit=anywhere)",
    "portes",
    "tavla",
    "long-nardy",
    "long-nardy(head_exception=any-blocked-double,six_block=home,six_block_check=turn)",
    "kush(six_block_check=turn)",
    "plakoto(must_play_higher=false)",
    "fevga(trap_prime=forbidden)",
    "fevga",
    "acey-deucey",
    "acey-deucey(entering=all-first,opening_lock=true,hitting=after-home,hit_to=pool)",
    "acey-deucey(bear_off=exact,must_play_higher=false)",
    "tabula",
    "tabula(second_half=pool-or-bar,bar_priority=false)",
    "tabula(second_half=off,bear_off_zone=half,bear_off=larger,must_play_higher=false)",
    "dutch",
    "dutch(entering=free,hitting=any,must_play_higher=false)",
    "russian",
    "russian(entering=free,must_play_higher=false)",
    "tapa",
    "tapa(bear_off_pinned=blocked,must_play_higher=false)",
    "longgammon",
    "moultezim",
    "moultezim(quarter_rule=own-start-5,must_play_higher=false)",
    "moultezim(quarter_rule=home-5)",
)


@pytest.mark.parametrize("spec", ANCHORS)
def test_the_reference_gives_what_the_oracles_give(spec: str) -> None:
    """The anchor: two seeded positions (along a game, constructed), the quick rolls."""
    variant = nardy.find_variant(spec)
    items = game_positions(variant, 1, "anchor") + built_positions(variant, 1, "anchor")
    assert check_oracle(variant, items, quick_rolls(spec)) == 2 * QUICK_ROLLS


# --- the toy variants, the guide's examples, and hooks used as no built-in variant does ---


def no_hit_backgammon() -> type[Variant]:
    """The guide's variant from data alone (docs/guide/writing-a-variant.rst), as written there."""

    @attrs.frozen
    class NoHitBackgammon(nardy.Variant):
        """Backgammon where one checker closes a point and nothing is hit."""

        name: ClassVar[str] = "no-hit-backgammon"
        start: ClassVar[MappingProxyType[int, int]] = MappingProxyType({24: 2, 13: 5, 8: 3, 6: 5})
        contact: ClassVar[nardy.Contact] = nardy.Contact.BLOCK
        has_bar: ClassVar[bool] = False

        def scoring_table(self) -> ScoringTable:
            return PRESETS["standard"]

    return NoHitBackgammon


def at_most_five(board: list[int], src: int, dst: int) -> bool:
    """The guide's step rule: at most five checkers of the mover on a point (0 is off: always fine)."""
    return dst == 0 or board[dst] <= 5


@attrs.frozen
class FivePointLimit(nardy.Backgammon):
    """The guide's rule as a hook: backgammon with at most five checkers on any point."""

    name: ClassVar[str] = "five-limit"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        return StepRule(at_most_five, watch_from=0)  # watch every landing point


@attrs.frozen
class ExtraOne(nardy.Backgammon):
    """A non-double also gives a move of 1: three moves of different values (a double gives its four)."""

    name: ClassVar[str] = "test-extra-one"
    aliases: ClassVar[tuple[str, ...]] = ()

    def moves(self, roll: Roll) -> tuple[int, ...]:
        return roll.moves if roll.is_double else (*roll.moves, 1)


@attrs.frozen
class FiveMoveDoubles(nardy.Backgammon):
    """A double gives five moves: more than four moves (the sweep only: slow)."""

    name: ClassVar[str] = "test-five-move-doubles"
    aliases: ClassVar[tuple[str, ...]] = ()

    def moves(self, roll: Roll) -> tuple[int, ...]:
        return (roll.high,) * 5 if roll.is_double else roll.moves


@attrs.frozen
class CaucasianFiveLimit(nardy.Caucasian):
    """Caucasian nardy's no-hide rule beside a step rule (the hitter rule and a step rule together)."""

    name: ClassVar[str] = "test-caucasian-five"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        return StepRule(at_most_five, watch_from=0)


def hits(start: State, candidates: list[Candidate]) -> list[Candidate]:
    """A play filter that weighs the candidates: a play that hits, if any does."""
    hitting = [c for c in candidates if any(step[3] for step in c[1])]
    return hitting or candidates


@attrs.frozen
class MustHit(nardy.Backgammon):
    """Backgammon where a player who can hit must (a filter on hitting contact, candidates weighed together)."""

    name: ClassVar[str] = "test-must-hit"
    aliases: ClassVar[tuple[str, ...]] = ()

    def play_filter(self, start: State, roll: Roll) -> PlayFilter:
        return hits


def allow(board: list[int], src: int, dst: int) -> bool:
    """A step check that allows everything (a rule that is all floor)."""
    return True


@attrs.frozen
class OneBackChecker(nardy.Backgammon):
    """Backgammon where at most one checker leaves the 24-point a turn: a floor on hitting contact."""

    name: ClassVar[str] = "test-one-back-checker"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        return StepRule(allow, watch_from=0, watch_to=0, floor_point=24, floor=start[24] - 1)


@attrs.frozen
class PinningFiveLimit(PinningGame):
    """Plakoto's movement with the guide's step rule (pins under a rule)."""

    name: ClassVar[str] = "test-pinning-five"

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        return StepRule(at_most_five, watch_from=0)


def no_hit_five_limit() -> Variant:
    """The guide's two examples together: one checker closes a point, at most five on a point (a user's step rule on blocking contact)."""

    @attrs.frozen
    class NoHitFiveLimit(no_hit_backgammon()):  # type: ignore[misc]  # (a class made by a function)
        name: ClassVar[str] = "test-no-hit-five"

        def step_rule(self, start: State, roll: Roll) -> StepRule:
            return StepRule(at_most_five, watch_from=0)

        def play_filter(self, start: State, roll: Roll) -> PlayFilter:
            return leave_the_24_point

    return NoHitFiveLimit()


def leave_the_24_point(start: State, candidates: list[Candidate]) -> list[Candidate]:
    """A play filter judged on each play's end: plays that leave fewer checkers on the 24-point, if any."""
    fewer = [c for c in candidates if c[0][24] < start[24]]
    return fewer or candidates


def same_no_hide(board: list[int], src: int, dst: int) -> bool:
    """A user's copy of Caucasian nardy's no-hide rule: the same behaviour, another function."""
    return no_hide_after_hit(board, src, dst)


@attrs.frozen
class CaucasianCopy(nardy.Caucasian):
    """Caucasian nardy with a user's copy of its hitter rule (the engine cannot know it by name)."""

    name: ClassVar[str] = "test-caucasian-copy"
    aliases: ClassVar[tuple[str, ...]] = ()

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule:
        zone = 6 if self.no_hide_after_hit == "home" else 24
        return HitterRule(zone, same_no_hide)


@attrs.frozen
class KushCopy(nardy.Kush):
    """Kush with its step rule's check wrapped in a user's function (the same behaviour)."""

    name: ClassVar[str] = "test-kush-copy"
    aliases: ClassVar[tuple[str, ...]] = ()

    def step_rule(self, start: State, roll: Roll) -> StepRule:
        rule = super().step_rule(start, roll)
        check = rule.base_check

        def same(board: list[int], src: int, dst: int) -> bool:
            return check(board, src, dst)

        return StepRule(
            same, rule.base_watch_from, rule.base_watch_to, rule.floor_point, rule.floor
        )


@attrs.frozen
class LongNardyFilterCopy(nardy.LongNardy):
    """Long nardy judging the six-block rule at the end through a user's function (the same filter)."""

    name: ClassVar[str] = "test-long-nardy-filter-copy"
    aliases: ClassVar[tuple[str, ...]] = ()
    six_block_check: str = "turn"

    def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
        built_in = super().play_filter(start, roll)
        if built_in is None:
            return None
        rule: PlayFilter = built_in

        def same(start: State, candidates: list[Candidate]) -> list[Candidate]:
            return rule(start, candidates)

        return same


#: The variants made outside the built-in ones: the tests' toys, the guide's, and those above.
OTHER_VARIANTS: tuple[Variant, ...] = (
    PinningGame(),
    HomeHitStops(),
    TruceHypergammon(),
    BonusDoublesHypergammon(),
    no_hit_backgammon()(),
    FivePointLimit(),
    ExtraOne(),
    CaucasianFiveLimit(),
    MustHit(),
    OneBackChecker(),
    PinningFiveLimit(),
    no_hit_five_limit(),
    CaucasianCopy(),
    CaucasianCopy(no_hide_after_hit="anywhere"),
    KushCopy(),
    KushCopy(six_block_check="turn"),
    LongNardyFilterCopy(),
)


def other_items(variant: Variant) -> list[tuple[str, Position]]:
    """The quick part's positions of a variant made outside the built-in ones: three along random games."""
    return game_positions(variant, 3, "other")


@pytest.mark.parametrize("variant", OTHER_VARIANTS, ids=lambda v: v.spec())
def test_other_variants_agree_with_the_reference(variant: Variant) -> None:
    """Three seeded positions along random games, every roll."""
    assert check(variant, other_items(variant)) == 3 * 21


# --- a finding: a play filter that reads the order of the steps ----------------------------


def lower_die_first(start: State, candidates: list[Candidate]) -> list[Candidate]:
    """A user's play filter that reads the steps: the lower die is played first (one step always passes)."""
    return [c for c in candidates if c[1][0][2] == min(step[2] for step in c[1])]


@attrs.frozen
class LowerDieFirst(nardy.Backgammon):
    """Backgammon where the lower die is played first (a filter on hitting contact, of plain Python: the Python search)."""

    name: ClassVar[str] = "test-lower-die-first"
    aliases: ClassVar[tuple[str, ...]] = ()

    def play_filter(self, start: State, roll: Roll) -> PlayFilter:
        return lower_die_first


def no_hit_lower_die_first() -> Variant:
    """The same filter on the guide's no-hitting backgammon (blocking contact: the positional kernel)."""

    @attrs.frozen
    class NoHitLowerDieFirst(no_hit_backgammon()):  # type: ignore[misc]  # (a class made by a function)
        name: ClassVar[str] = "test-no-hit-lower-die-first"

        def play_filter(self, start: State, roll: Roll) -> PlayFilter:
            return lower_die_first

    return NoHitLowerDieFirst()


@pytest.mark.xfail(
    strict=True,
    reason=(
        "outside the contract, kept to show why it is there: PlayFilter and the guide "
        "say a filter judges what a play reaches, not the order of its steps, because the "
        "searches hand it one order per resulting position (the reference hands it every "
        "order). A filter 'lower die first' on backgammon's opening 6-5: fast ['24/18', "
        "'13/7', '8/2'], reference ['24/18 13/8', '13/8 13/7', '13/2', '24/18 8/3', "
        "'13/7 8/3', '8/3 8/2']; the same in the positional kernel."
    ),
)
@pytest.mark.parametrize(
    "make", [LowerDieFirst, no_hit_lower_die_first], ids=["general", "positional"]
)
def test_a_filter_that_reads_the_order_of_the_steps(make: Callable[[], Variant]) -> None:
    variant = make()
    assert disagreement(variant, variant.starting_position(), Roll(6, 5)) is None


def quick_items(variant: Variant) -> list[tuple[str, Position]]:
    """The quick part's position of ``variant`` (built-in): along a game or constructed, by turns."""
    index = CONFIGURATIONS.index(variant)
    make = game_positions if index % 2 else built_positions
    return make(variant, 1, "quick")


# --- the reference's own rules, on worked examples ---------------------------------------


def raw_state(
    board: Mapping[int, int], bar: tuple[int, int] = (0, 0), off: tuple[int, int] = (0, 0)
) -> State:
    """A state (mover's frame) from ``{point: signed count}``, the mover's bar and off first."""
    s = [0] * 28
    for point, count in board.items():
        s[point] = count
    s[0], s[25], s[26], s[27] = off[0], bar[0], bar[1], off[1]
    return tuple(s)


def position_of(variant: Variant, state: State) -> Position:
    """The position of ``state`` (no extra state), white to move."""
    return variant.position(list(state[1:25]), (state[25], state[26]), (state[0], state[27]))


def backgammon_with(
    step_rule: StepRule | None = None, play_filter: PlayFilter | None = None
) -> Variant:
    """Backgammon whose every turn has these rule objects."""

    @attrs.frozen
    class Ruled(nardy.Backgammon):
        name: ClassVar[str] = "test-ruled"
        aliases: ClassVar[tuple[str, ...]] = ()

        def step_rule(self, start: State, roll: Roll) -> StepRule | None:
            return step_rule

        def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
            return play_filter

    return Ruled()


def refuse(board: list[int], src: int, dst: int) -> bool:
    """A step check that refuses every step it is asked about."""
    return False


def results(variant: Variant, state: State, roll: Roll) -> set[State]:
    """The reference's resulting states, after checking that the fast path gives the same."""
    assert disagreement(variant, position_of(variant, state), roll) is None
    return {s for s, _ in reference_plays(variant, position_of(variant, state), roll)}


OPENING = nardy.Backgammon().starting_position().raw


def test_a_step_rule_is_asked_only_about_the_steps_it_watches() -> None:
    # It refuses every step it is asked about, and watches landings on 5 only:
    # backgammon's plays of 3-1 whose steps never land on 5 are left.
    variant = backgammon_with(StepRule(refuse, watch_from=0, watch_to=1 << 5))
    backgammon = reference_sequences(nardy.Backgammon(), OPENING, Roll(3, 1))
    never_on_5 = {state for state, steps in backgammon if all(step[1] != 5 for step in steps)}
    assert results(variant, OPENING, Roll(3, 1)) == never_on_5
    assert len(never_on_5) < len({state for state, _ in backgammon})
    # Watching nothing, it refuses nothing.
    unwatched = backgammon_with(StepRule(refuse, watch_from=0, watch_to=0))
    assert results(unwatched, OPENING, Roll(3, 1)) == {state for state, _ in backgammon}


def test_the_floor_of_a_step_rule_holds_though_its_check_watches_nothing() -> None:
    for roll in (Roll(6, 5), Roll(6, 6), Roll(1, 1)):
        found = results(OneBackChecker(), OPENING, roll)
        assert all(state[24] >= 1 for state in found)
        assert any(state[24] == 1 for state in found)


def test_a_checker_that_hit_is_followed_apart_from_one_that_did_not() -> None:
    # Tavla: two checkers on 6, the rest off; an opposing blot on 4; 2-2.
    # 6/4* stops the hitter, but the other checker may join it and go on:
    # 6/4 4/2 2/off. A search that stopped every checker on 4 would play
    # two moves only.
    start = raw_state({6: 2, 4: -1, 24: -14}, off=(13, 0))
    after = raw_state({4: 1, 24: -14}, bar=(0, 1), off=(14, 0))
    assert results(nardy.Tavla(), start, Roll(2, 2)) == {after}
    rules = turn_rules(nardy.Tavla(), start, Roll(2, 2))
    assert {len(steps) for _, steps, _, _ in legal_sequences(start, rules)} == {4}


def test_a_play_filter_is_handed_every_sequence_in_every_order() -> None:
    handed: list[Candidate] = []

    def keep(start: State, candidates: list[Candidate]) -> list[Candidate]:
        handed.extend(candidates)
        return candidates

    variant = backgammon_with(play_filter=keep)
    rules = turn_rules(variant, OPENING, Roll(3, 1))
    legal = legal_sequences(OPENING, rules)
    assert handed == every_sequence(OPENING, rules)
    assert {count for _, _, count, _ in handed} == {1, 2}  # also those stopped early
    orders = {steps for _, steps, _, _ in handed}
    assert ((8, 5, 3, False), (6, 5, 1, False)) in orders
    assert ((6, 5, 1, False), (8, 5, 3, False)) in orders
    assert {count for _, _, count, _ in legal} == {2}
    assert results(variant, OPENING, Roll(3, 1)) == results(nardy.Backgammon(), OPENING, Roll(3, 1))


def test_the_maximum_use_rule_chooses_among_what_the_filter_kept() -> None:
    # A checker on 12 and one on 3, the rest off; a blot on 7, the opponent
    # holds 1 and 2. With 6-5 either die can be played alone, never both:
    # backgammon must play the higher, 12/6; must-hit keeps the hit 12/7*
    # (the filter first, then the higher-die rule among what it kept).
    start = raw_state({12: 1, 3: 1, 7: -1, 2: -2, 1: -2, 20: -10}, off=(13, 0))
    hit = raw_state({7: 1, 3: 1, 2: -2, 1: -2, 20: -10}, bar=(0, 1), off=(13, 0))
    higher = raw_state({6: 1, 3: 1, 7: -1, 2: -2, 1: -2, 20: -10}, off=(13, 0))
    assert results(MustHit(), start, Roll(6, 5)) == {hit}
    assert results(nardy.Backgammon(), start, Roll(6, 5)) == {higher}


def test_extra_plays_come_after_the_maximum_use_rule() -> None:
    # Kush, two checkers on the bar, 3-3: four moves, or both back onto the head.
    kush = nardy.Kush()
    start = raw_state({24: 10, 20: 3, 12: -15}, bar=(2, 0))
    back = raw_state({24: 12, 20: 3, 12: -15})
    sequences = reference_sequences(kush, start, Roll(3, 3))
    assert (back, ((25, 24, 3, False),) * 2) in sequences
    assert {len(steps) for state, steps in sequences if state != back} == {4}
    assert back in results(kush, start, Roll(3, 3))


def test_a_pass_is_the_start_with_no_steps() -> None:
    closed = dict.fromkeys(range(19, 25), -2)
    start = raw_state({**closed, 10: -3, 6: 5, 8: 4, 13: 5}, bar=(1, 0))
    assert reference_plays(
        nardy.Backgammon(), position_of(nardy.Backgammon(), start), Roll(6, 6)
    ) == [(start, ())]
    assert reference_sequences(nardy.Backgammon(), start, Roll(6, 6)) == []


def test_a_hook_the_configuration_leaves_idle_is_not_asked() -> None:
    @attrs.frozen
    class NoFilterHere(nardy.LongNardy):
        name: ClassVar[str] = "test-idle-filter"
        aliases: ClassVar[tuple[str, ...]] = ()

        def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
            raise AssertionError("an idle hook was asked")

    variant = NoFilterHere()  # six_block_check="step": the filter is idle
    assert "play_filter" in variant.unused_hooks()
    assert turn_rules(variant, variant.starting_position().raw, Roll(6, 5)).play_filter is None
    assert check(variant, game_positions(variant, 1, "idle"), quick_rolls("idle")) == QUICK_ROLLS


def test_without_a_must_play_higher_option_the_higher_die_must_be_played() -> None:
    # One checker on 12; the opponent holds 1: either die alone, then the other lands on 1.
    no_hit = no_hit_backgammon()()
    assert "must_play_higher" not in no_hit.option_names()
    start = raw_state({12: 1, 1: -2, 20: -13}, off=(14, 0))
    assert turn_rules(no_hit, start, Roll(6, 5)).must_play_higher
    assert results(no_hit, start, Roll(6, 5)) == {raw_state({6: 1, 1: -2, 20: -13}, off=(14, 0))}


def test_turn_rules_asks_the_hooks_of_the_roll() -> None:
    kush = nardy.Kush()
    start = kush.starting_position().raw
    double = turn_rules(kush, start, Roll(4, 4))
    assert (double.dice, double.contact, double.enters) == ((4, 4, 4, 4), HIT, False)
    assert double.hitter_rule is not None
    assert double.hitter_rule.zone == 24
    assert double.step_rule is not None
    assert double.play_filter is None
    other = turn_rules(kush, start, Roll(4, 2))
    assert (other.dice, other.contact, other.hitter_rule) == ((4, 2), BLOCK, None)
    plakoto = turn_rules(nardy.Plakoto(), nardy.Plakoto().starting_position().raw, Roll(4, 2))
    assert (plakoto.contact, plakoto.enters, plakoto.extra) == (PIN, True, [])
