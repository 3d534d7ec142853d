"""The native core's cube arithmetic (its Met) equals the Python rule of nardy.analysis.cube.

On many random probability vectors and every kind of match state (money
with and without the Jacoby rule and beavers, the cube centred and owned,
the Crawford game and after it, every score of a 1- to 25-point match),
the native answers equal the Python definitions' within 1e-12; input the
core refuses is a ``ValueError`` (never a panic), and through
:mod:`nardy.analysis.cube` the same :class:`~nardy.errors.NardyError` as in
the pure build.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

from nardy.analysis import Context, Owner, cube, native_cube
from nardy.analysis.cube import cubeful_equity, cubeful_mwc, play_scores
from nardy.analysis.met import MAX_AWAY, MatchEquityTable, kazaross_xg2
from nardy.analysis.native_cube import NativeMet
from nardy.analysis.values import TOLERANCE
from nardy.errors import InvalidProbabilitiesError, MatchEquityTableError, MatchStateError

pytestmark = pytest.mark.skipif(
    not native_cube.available(), reason="the native core is not built (the pure build)"
)

Row = tuple[float, float, float, float, float]
OWNERS = (Owner.CENTRED, Owner.MOVER, Owner.OPPONENT)
# The owner's code in the native state (the native Met's documented contract).
CODE = {Owner.CENTRED: 0, Owner.MOVER: 1, Owner.OPPONENT: 2}


@attrs.frozen
class CubeInfo:
    """A state as the native core reads it (match length and score); :attr:`context` is the analysis's.

    The native core is asked with this length and score, the analysis
    with the points each side needs: that the two agree also checks the
    seam's reading of a context (any length covering both needs).
    """

    length: int = 0
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    owner: Owner = Owner.CENTRED
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    met: MatchEquityTable = attrs.field(factory=kazaross_xg2)

    @property
    def money(self) -> bool:
        return self.length == 0

    @property
    def context(self) -> Context:
        away = (self.length - self.score[0], self.length - self.score[1])
        return Context(
            away=away[0],
            opponent_away=away[1],
            crawford=self.crawford,
            cube=self.cube,
            owner=self.owner,
            jacoby=self.jacoby,
            beaver=self.beavers,
            met=self.met,
        )


# Values at the edges of the formulas: certain results, the money formulas'
# 1e-7 fallback, no gammons, all gammons, backgammons equal to gammons.
EDGES: tuple[Row, ...] = (
    (0.0, 0.0, 0.0, 0.0, 0.0),
    (1.0, 0.0, 0.0, 0.0, 0.0),
    (0.0, 0.0, 0.0, 1.0, 1.0),
    (1.0, 1.0, 1.0, 0.0, 0.0),
    (1.0e-7, 0.0, 0.0, 0.5, 0.1),
    (1.0 - 1.0e-7, 0.3, 0.0, 0.0, 0.0),
    (0.5, 0.5, 0.5, 0.5, 0.5),
    (0.7, 0.0, 0.0, 0.0, 0.0),
)


def random_row(rng: random.Random) -> Row:
    """Probabilities that pass the rule's check: realistic ones mostly, some past their bounds within the tolerance."""
    w = rng.random()
    wg, lg = rng.random() * w, rng.random() * (1.0 - w)
    row = (w, wg, rng.random() * wg, lg, rng.random() * lg)
    if rng.random() < 0.8:
        return row
    # An engine's rounding: each figure up to the tolerance past its bound.
    return tuple(x + rng.uniform(-1.0, 1.0) * TOLERANCE / 4 for x in row)  # type: ignore[return-value]


def match_states(rng: random.Random) -> Iterator[CubeInfo]:
    """Every score of every match of 1 to 25 points, each with a cube and owner, in and after the Crawford game."""
    for length in range(1, 26):
        for mine in range(length):
            for theirs in range(length):
                cube_value = rng.choice((1, 1, 2, 4, 8, 16))
                owner = Owner.CENTRED if cube_value == 1 else rng.choice(OWNERS)
                yield CubeInfo(length, (mine, theirs), cube_value, owner)
                if length - 1 in (mine, theirs):
                    yield CubeInfo(length, (mine, theirs), 1, Owner.CENTRED, crawford=True)


def money_states() -> Iterator[CubeInfo]:
    """Money play: every owner, cube, Jacoby rule and beavers."""
    for jacoby in (False, True):
        for beavers in (False, True):
            for owner in OWNERS:
                for value in (1, 2, 64):
                    if value == 1 or owner is not Owner.CENTRED:
                        yield CubeInfo(cube=value, owner=owner, jacoby=jacoby, beavers=beavers)


def state(info: CubeInfo) -> tuple[int, ...]:
    """The native state of ``info`` as the native core's contract spells it."""
    flags = (int(info.crawford), int(info.jacoby), int(info.beavers))
    return (info.length, *info.score, info.cube, CODE[info.owner], *flags)


# The tables handed over (kept before a test turns the seam off).
HANDED = native_cube.native_met


def native(info: CubeInfo) -> NativeMet:
    """The native core's copy of ``info``'s table, asked directly."""
    met = HANDED(info.met)
    assert met is not None
    return met


def flat(rows: Sequence[Row]) -> list[float]:
    return [x for row in rows for x in row]


def same(a: Sequence[float], b: Sequence[float]) -> bool:
    return len(a) == len(b) and all(
        math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-12) for x, y in zip(a, b, strict=True)
    )


@pytest.fixture
def python_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """nardy.analysis.cube runs its Python definitions (as the pure build does)."""
    monkeypatch.setattr(native_cube, "native_met", lambda table: None)


def check_state(info: CubeInfo, rng: random.Random, count: int) -> None:
    """Native (asked directly) and Python (the rule) equal on ``count`` random rows and the edges."""
    rows = [random_row(rng) for _ in range(count)] + list(EDGES[rng.randrange(len(EDGES)) :][:2])
    xs = [rng.choice((0.0, 1.0, 0.76, 0.6, rng.random())) for _ in rows]
    met, s, p = native(info), state(info), flat(rows)
    expected = cube.play_scores(rows, info.context, xs)
    found = met.play_scores(s, p, xs)
    assert same(found, expected), (info, rows, xs, found, expected)
    expected = [cube.cubeful_equity(r, info.context, x) for r, x in zip(rows, xs, strict=True)]
    assert same(met.cubeful_equity(s, p, xs), expected), (info, rows, xs)
    if not info.money:
        expected = [cube.cubeful_mwc(r, info.context, x) for r, x in zip(rows, xs, strict=True)]
        assert same(met.cubeful_mwc(s, p, xs), expected), (info, rows, xs)


@pytest.mark.usefixtures("python_rule")
def test_native_equals_python_in_every_match_state() -> None:
    rng = random.Random(40)
    checked = 0
    for info in match_states(rng):
        check_state(info, rng, 3)
        checked += 1
    assert checked > 5525  # every score of 1..25 points, and the Crawford games


@pytest.mark.usefixtures("python_rule")
def test_native_equals_python_in_money_play() -> None:
    rng = random.Random(41)
    for info in money_states():
        check_state(info, rng, 200)


@pytest.mark.usefixtures("python_rule")
def test_native_equals_python_in_long_matches_and_every_edge() -> None:
    rng = random.Random(42)
    for info in (CubeInfo(64, (0, 0)), CubeInfo(40, (7, 31), 8, Owner.MOVER)):
        check_state(info, rng, 50)
    for info in (CubeInfo(7, (5, 6)), CubeInfo(3, (1, 1), 2, Owner.OPPONENT), CubeInfo()):
        met = native(info)
        xs = [0.0, 0.5, 1.0] * len(EDGES)
        rows = [row for row in EDGES for _ in range(3)]
        found = met.play_scores(state(info), flat(rows), xs)
        assert same(found, play_scores(rows, info.context, xs))


def test_the_analysis_asks_the_native_core(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[MatchEquityTable] = []

    def spy(table: MatchEquityTable) -> NativeMet | None:
        asked.append(table)
        return HANDED(table)

    monkeypatch.setattr(native_cube, "native_met", spy)
    info = CubeInfo(9, (3, 5))
    row = (0.6, 0.2, 0.01, 0.1, 0.005)
    found = (play_scores([row], info.context, [0.76]), cubeful_mwc(row, info.context, 0.76))
    assert len(asked) == 2
    assert asked[0] is info.met
    assert found[0] == native(info).play_scores(state(info), row, [0.76])
    assert found[1] == native(info).cubeful_mwc(state(info), row, [0.76])[0]
    money = native(info).cubeful_equity(state(CubeInfo()), row, [1.0])
    assert [cubeful_equity(row, Context(), 1.0)] == money
    assert len(asked) == 3


def test_a_table_is_handed_over_once() -> None:
    table = kazaross_xg2()
    assert native_cube.native_met(table) is native_cube.native_met(table)
    copy = MatchEquityTable(table.name, table.pre_crawford, table.post_crawford, table.written)
    assert native_cube.native_met(copy) is not native_cube.native_met(table)
    # A table the core refuses (not extended to 64 points) stays with the rule.
    assert native_cube.native_met(SHORT) is None


# A table the native core refuses (one point): the rule reads it and refuses past it.
SHORT = MatchEquityTable("short", ((0.5,),), ())


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (
            lambda: play_scores(
                [(0.5, 0.1, 0.2, 0.1, 0.0)], Context(away=7, opponent_away=7), [0.5]
            ),
            InvalidProbabilitiesError,
        ),
        (
            lambda: play_scores([(math.nan, 0.0, 0.0, 0.0, 0.0)], Context(), [0.5]),
            InvalidProbabilitiesError,
        ),
        # Past the bounds by more than the tolerance: the core refuses too.
        (
            lambda: play_scores([(0.5, 0.5 + 2 * TOLERANCE, 0.0, 0.1, 0.0)], Context(), [0.5]),
            InvalidProbabilitiesError,
        ),
        (
            lambda: play_scores([(0.5, 0.1, 0.0, 0.5 + 2 * TOLERANCE, 0.0)], Context(), [0.5]),
            InvalidProbabilitiesError,
        ),
        (
            lambda: play_scores([(0.5, 0.1, 0.0, 0.1, 0.0)], Context(), []),
            InvalidProbabilitiesError,
        ),
        # Rows of four and six make ten floats: the seam must not read them as two positions.
        (
            lambda: play_scores(
                [(0.5, 0.1, 0.0, 0.1), (0.5, 0.1, 0.0, 0.1, 0.0, 0.0)], Context(), [0.5, 0.5]
            ),
            InvalidProbabilitiesError,
        ),
        (lambda: cubeful_mwc((0.5, 0.1, 0.0, 0.1, 0.0), Context(), 0.5), MatchStateError),
        (
            lambda: cubeful_equity(
                (0.5, 0.1, 0.0, 0.1, 0.0), Context(away=5, opponent_away=5, met=SHORT), 0.5
            ),
            MatchEquityTableError,
        ),
        (
            lambda: play_scores(
                [(0.5, 0.1, 0.0, 0.1, 0.0)], Context(away=5, opponent_away=5, met=SHORT), [0.5]
            ),
            MatchEquityTableError,
        ),
    ],
)
def test_bad_input_raises_the_rules_error(call: object, error: type[Exception]) -> None:
    assert callable(call)
    with pytest.raises(error):
        call()


def test_input_only_the_rule_takes_gets_the_rules_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Strings of numbers (the rule reads them with float()) and a cube past
    # the core's range: the core refuses both, the seam asks the rule.
    row = (0.6, 0.2, 0.01, 0.1, 0.005)
    words = tuple(str(x) for x in row)
    big = CubeInfo(cube=2**40, owner=Owner.MOVER)
    with pytest.raises(ValueError, match="cube"):
        native(big).play_scores(state(big), row, [0.5])
    huge = big.context
    found = (play_scores([words], Context(), [0.5]), play_scores([row], huge, [0.5]))  # type: ignore[list-item]
    monkeypatch.setattr(native_cube, "native_met", lambda table: None)
    assert found == (play_scores([row], Context(), [0.5]), play_scores([row], huge, [0.5]))


ROW = (0.6, 0.2, 0.01, 0.1, 0.005)


@pytest.mark.parametrize(
    ("bad_state", "words"),
    [
        ((7, 0, 0, 1, 0, 0, 0), "8 ints"),
        ((7, 0, 0, 1, 3, 0, 0, 0), "owner"),
        ((7, 0, 0, 1, 0, 2, 0, 0), "crawford"),
        ((7, 0, 0, 3, 0, 0, 0, 0), "cube"),
        ((7, 7, 0, 1, 0, 0, 0, 0), "score"),
        ((7, 2, 3, 1, 0, 1, 0, 0), "crawford"),
        ((7, 0, 0, 1, 0, 0, 1, 0), "jacoby"),
        ((0, 1, 0, 1, 0, 0, 0, 0), "score"),
        ((-1, 0, 0, 1, 0, 0, 0, 0), "length"),
        ((7, 0, 0, 2**70, 0, 0, 0, 0), "not an int"),
        ((7, "0", 0, 1, 0, 0, 0, 0), "not an int"),
        ((80, 0, 0, 1, 0, 0, 0, 0), "64 away"),
        (7, "sequence"),
    ],
)
def test_the_native_core_refuses_a_bad_state(bad_state: object, words: str) -> None:
    met = native(CubeInfo())
    with pytest.raises(ValueError, match=words) as raised:
        met.play_scores(bad_state, ROW, [0.5])  # type: ignore[arg-type]
    assert type(raised.value) is ValueError  # not the RuntimeError of a panic


@pytest.mark.parametrize(
    ("probabilities", "efficiencies", "words"),
    [
        ((math.nan, 0.0, 0.0, 0.0, 0.0), [0.5], "position 0"),
        ((*ROW, 0.5, 0.1, 0.2, 0.1, 0.0), [0.5, 0.5], "position 1"),
        ((*ROW, 1.5, 0.1, 0.0, 0.1, 0.0), [0.5, 0.5], "position 1"),
        (ROW[:4], [0.5], "five a position"),
        (ROW, [0.5, 0.5], "five a position"),
        ((*ROW[:4], "x"), [0.5], "not a number"),
        (ROW, ["x"], "not a number"),
        (None, [0.5], "sequence"),
    ],
)
def test_the_native_core_refuses_bad_probabilities(
    probabilities: object, efficiencies: object, words: str
) -> None:
    met = native(CubeInfo())
    for info in (CubeInfo(), CubeInfo(9, (1, 2))):
        for method in (met.play_scores, met.cubeful_equity):
            with pytest.raises(ValueError, match=words) as raised:
                method(state(info), probabilities, efficiencies)  # type: ignore[arg-type]
            assert type(raised.value) is ValueError
    with pytest.raises(ValueError, match="match play only"):
        met.cubeful_mwc(state(CubeInfo()), ROW, [0.5])


def test_the_native_core_refuses_a_bad_table() -> None:
    table = kazaross_xg2()
    pre = [x for row in table.pre_crawford for x in row]
    made: Any = type(native(CubeInfo()))
    for bad_pre, bad_post, words in [
        (pre[:-1], table.post_crawford, "pre-Crawford table has 4095"),
        (pre, table.post_crawford[:10], "post-Crawford table has 10"),
        ([1.5, *pre[1:]], table.post_crawford, "entry 0 is 1.5"),
        (pre, (math.nan,) * MAX_AWAY, "not a chance"),
    ]:
        with pytest.raises(ValueError, match=words):
            made(bad_pre, bad_post)
