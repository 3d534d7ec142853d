"""A survey of the public API's answers to bad input: every entry point times every bad value.

Each entry point is a function of one argument that puts the value into one
parameter of one public call (the other arguments are good). Each bad value
is wrong for every parameter unless the entry lists it as accepted. A call
must either return (for a value it accepts) or raise a
:class:`~nardy.NardyError` subclass whose message is short and, for a
value that prints short, shows it; anything else (another exception type,
a bad value accepted, a long message, a slow answer) is a finding.

``tests/test_bad_input.py`` runs the whole survey; run it by hand for a
report::

    PYTHONPATH=src python tests/api_survey.py
"""

from __future__ import annotations

import io
import itertools
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

import attrs

import nardy
from nardy import (
    Action,
    ActionKind,
    Game,
    GameOptions,
    Match,
    NardyError,
    Play,
    Position,
    ResultKind,
    Roll,
    Side,
    Step,
)
from nardy.cli.main import choose_play, cube_decision, legal_line, run_demo, run_match

#: At most this long for any call (seconds); a 1 MB input must answer in time too.
TIME_LIMIT = 0.5
#: The longest message an error may carry.
MESSAGE_LIMIT = 500


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


class Endless:
    """An iterable that never ends (``itertools.count()`` made re-iterable for the survey)."""

    def __iter__(self) -> Any:
        return itertools.count()

    def __repr__(self) -> str:
        return "Endless()"


class Exploding:
    """A value whose every use raises a non-nardy error."""

    def __iter__(self) -> Any:
        raise RuntimeError("boom")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("boom")

    def __hash__(self) -> int:
        raise RuntimeError("boom")

    def __repr__(self) -> str:
        return "Exploding()"


#: label -> a bad value. Most are wrong anywhere; entries list those they accept.
BAD: dict[str, Any] = {
    "none": None,
    "true": True,
    "false": False,
    "zero": 0,
    "minus": -1,
    "five": 5,
    "huge": 2**70,
    "float": 1.5,
    "nan": float("nan"),
    "empty": "",
    "x": "x",
    "w": "w",
    "unicode-digits": "²4/18",
    "arabic-digit": "٣",
    "long-digits": "7" * 5000,
    "megabyte": "24/18 " * 200_000,
    "bytes": b"24/18",
    "list": [],
    "list-none": [None],
    "dict": {},
    "dict-junk": {"a": 1},
    "object": object(),
    "endless": Endless(),
    "exploding": Exploding(),
    "nested": _nested(5000),
    "side": Side.BLACK,
    "roll": Roll(3, 1),
    "kind": ResultKind.GAMMON,
    "negative-points": (-1, -2, -3),
    "zero-points": (0, 0, 0),
}

BG = nardy.Backgammon()
LONG = nardy.LongNardy()
START = BG.starting_position()
PLAYS = START.legal_plays((3, 1))
GAME = Game.new(BG, rng=1)
ROLLED = GAME.roll((3, 1))
PLAYED = ROLLED.play(0)
MATCH = Match.new(BG, 3, rng=1)
SIDES = {"side", "zero", "w"}  # what a side parameter may take
GOOD_RECORD = PLAYED.to_dict()


@attrs.frozen
class Entry:
    """One parameter of one public call."""

    name: str
    call: Callable[[Any], object]
    accepts: frozenset[str] = frozenset()
    #: Values not tried (each with its reason at the entry).
    skips: frozenset[str] = frozenset()


def entry(
    name: str, call: Callable[[Any], object], accepts: Iterable[str] = (), skips: Iterable[str] = ()
) -> Entry:
    return Entry(name, call, frozenset(accepts), frozenset(skips))


def _record(**changes: Any) -> dict[str, Any]:
    return {**GOOD_RECORD, **changes}


def _action(**changes: Any) -> dict[str, Any]:
    return _record(actions=[GOOD_RECORD["actions"][0], {**GOOD_RECORD["actions"][1], **changes}])


ENTRIES: list[Entry] = [
    # --- sides, rolls, variants ---------------------------------------------------
    entry("Side.coerce", Side.coerce, SIDES),
    entry("Side.from_letter", Side.from_letter, {"w"}),
    entry("Roll(a, 1)", lambda v: Roll(v, 1), {"five", "side"}),
    entry("Roll.parse", Roll.parse, {"roll"}),
    entry("Roll.coerce", Roll.coerce, {"roll"}),
    entry("find_variant(name)", nardy.find_variant),
    entry("find_variant(options)", lambda v: nardy.find_variant("backgammon", v), {"none", "dict"}),
    entry(
        "Backgammon(must_play_higher)",
        lambda v: nardy.Backgammon(must_play_higher=v),
        {"true", "false", "zero"},
    ),
    entry("Backgammon(scoring)", lambda v: nardy.Backgammon(scoring=v)),
    entry(
        "Backgammon(result_points)", lambda v: nardy.Backgammon(result_points=v), {"none", "empty"}
    ),
    entry("LongNardy(koks)", lambda v: nardy.LongNardy(koks=v), {"true", "false", "zero"}),
    entry("LongNardy(head_exception)", lambda v: nardy.LongNardy(head_exception=v)),
    entry("Caucasian(no_hide_after_hit)", lambda v: nardy.Caucasian(no_hide_after_hit=v)),
    entry("variant.points(kind)", lambda v: BG.points(v), {"kind"}),
    entry(
        "variant.points(loser_left)",
        lambda v: BG.points(ResultKind.SINGLE, v),
        {"zero", "five", "side"},
    ),
    entry("variant.starting_position(turn)", BG.starting_position, SIDES),
    entry("variant.position(board)", BG.position),
    entry("variant.position(bar)", lambda v: BG.position(START.board, v)),
    entry("variant.position(off)", lambda v: BG.position(START.board, (0, 0), v), {"none"}),
    entry("variant.position(turn)", lambda v: BG.position(START.board, turn=v), SIDES),
    entry("variant.from_counts(white)", lambda v: BG.from_counts(v, {}), {"dict"}),
    entry("variant.from_counts(bar)", lambda v: BG.from_counts({}, {}, bar=v), {"roll"}),
    entry("variant.from_counts(off)", lambda v: BG.from_counts({}, {}, off=v), {"none"}),
    entry("variant.from_counts(turn)", lambda v: BG.from_counts({}, {}, turn=v), SIDES),
    entry(
        "variant.from_counts(pins)",
        lambda v: BG.from_counts({}, {}, pins=v),
        {"none", "dict", "list", "empty", "false", "zero"},
    ),
    entry("variant.legal_plays(position)", lambda v: BG.legal_plays(v, (3, 1))),
    entry("variant.apply(play)", lambda v: BG.apply(START, v)),
    entry("variant.result(position)", BG.result),
    entry("variant.is_over(position)", BG.is_over),
    entry("variant.from_gnubg_id", lambda v: BG.from_gnubg_id(v)),
    # --- positions ------------------------------------------------------------------
    entry("Position(variant)", lambda v: Position(v, START.board), {"w"} - {"w"}),
    entry("Position(board)", lambda v: Position(BG, v)),
    entry("Position.from_id", Position.from_id),
    entry("Position.from_gnubg_id(variant)", lambda v: Position.from_gnubg_id(v, "4HPwATDgc/ABMA")),
    entry("Position.from_gnubg_id(id)", lambda v: Position.from_gnubg_id(BG, v)),
    entry(
        "Position.from_gnubg_id(turn)",
        lambda v: Position.from_gnubg_id(BG, "4HPwATDgc/ABMA", v),
        SIDES,
    ),
    entry("Position.from_raw(raw)", lambda v: Position.from_raw(BG, Side.WHITE, v)),
    entry("Position.from_raw(turn)", lambda v: Position.from_raw(BG, v, START.raw), SIDES),
    entry("position.legal_plays(roll)", START.legal_plays, {"roll"}),
    entry("position.play(notation)", lambda v: START.play(v, (3, 1))),
    entry("position.play(roll)", lambda v: START.play("8/5 6/5", v), {"roll"}),
    entry("position.parse_play", lambda v: START.parse_play(v, (3, 1))),
    entry("position.apply", START.apply),
    entry("position.checkers", START.checkers, SIDES),
    entry("position.bar", START.bar, SIDES),
    entry("position.off", START.off, SIDES),
    entry("position.pip_count", START.pip_count, SIDES),
    entry("position.pinned", START.pinned, SIDES),
    entry("position.extra", START.extra, SIDES),
    # --- plays --------------------------------------------------------------------
    entry("legal.find", PLAYS.find),
    entry("legal.find_index", PLAYS.find_index),
    entry("legal.index", PLAYS.index),
    entry("legal.locate", PLAYS.locate, {"zero", "five", "side"}),
    entry("legal.resulting_position", PLAYS.resulting_position, {"zero", "five", "side"}),
    entry("legal.has", PLAYS.has, set(BAD)),
    entry("parse_moves", nardy.parse_moves, {"empty"}),
    entry("format_steps", nardy.format_steps, {"list", "empty"}),
    entry("Play(steps)", lambda v: BG.apply(START, Play(v, Roll(3, 1)))),
    entry("Step(src)", lambda v: BG.apply(START, Play((Step(v, 5, 3),), Roll(3, 1)))),
    # --- games --------------------------------------------------------------------
    entry("Game.new(variant)", Game.new),
    entry("Game.new(options)", lambda v: Game.new(BG, v), {"none", "dict"}),
    entry(
        "Game.new(rng)",
        lambda v: Game.new(BG, rng=v).roll(),
        {"none", "zero", "minus", "five", "huge"},
    ),
    entry("Game.new(white_player)", lambda v: Game.new(BG, white_player=v), {"zero", "side"}),
    entry("Game.new(starter)", lambda v: Game.new(BG, starter=v), SIDES | {"none"}),
    entry("Game.new(start)", lambda v: Game.new(BG, start=v), {"none"}),
    entry("Game.new(crawford)", lambda v: Game.new(BG, crawford=v), {"true", "false"}),
    entry("Game.new(**options)", lambda v: Game.new(BG, x=v)),
    entry("GameOptions(max_cube)", lambda v: GameOptions(max_cube=v), {"five", "huge"}),
    entry("GameOptions(cube)", lambda v: GameOptions(cube=v), {"true", "false", "zero"}),
    entry("GameOptions(opening)", lambda v: GameOptions(opening=v)),
    entry(
        "GameOptions(winner_takes_white)",
        lambda v: GameOptions(winner_takes_white=v),
        {"none", "true", "false", "zero"},
    ),
    entry("GameOptions.from_dict", GameOptions.from_dict, {"dict"}),
    entry("game.roll(dice)", GAME.roll, {"none", "roll"}),
    entry("game.roll(by)", lambda v: GAME.roll(by=v), SIDES | {"none"}),
    entry("game.play(play)", ROLLED.play, {"zero", "five", "side"}),
    entry("game.play(by)", lambda v: ROLLED.play(0, by=v), SIDES | {"none"}),
    entry("game.find_play", ROLLED.find_play, {"zero", "five", "side"}),
    entry("game.resign(level)", lambda v: ROLLED.resign(v), {"kind"}),
    entry("game.resign(by)", lambda v: ROLLED.resign(by=v), SIDES | {"none"}),
    entry(
        "game.double(by)",
        lambda v: GAME.roll((3, 1)).play(0).double(by=v),
        {"side", "none"},
    ),
    entry("game.player", ROLLED.player, SIDES),
    entry("game.side_of", ROLLED.side_of, {"zero", "side"}),
    entry("game.points", ROLLED.points, SIDES),
    entry("game.apply(action)", ROLLED.apply),
    entry(
        "Action(side)",
        lambda v: ROLLED.apply(Action(ActionKind.PLAY, v, play=PLAYS[0])),
        {"zero", "w"},
    ),
    entry("game.replay(actions)", ROLLED.replay, {"list", "dict", "empty"}),
    entry("Game.from_json", Game.from_json),
    entry("Game.from_dict", Game.from_dict),
    entry("Game.from_dict(side)", lambda v: Game.from_dict(_action(side=v)), {"w"}),
    entry("Game.from_dict(play)", lambda v: Game.from_dict(_action(play=v))),
    entry(
        "Game.from_dict(crawford)", lambda v: Game.from_dict(_record(crawford=v)), {"false", "true"}
    ),
    entry("Game.from_dict(options)", lambda v: Game.from_dict(_record(options=v)), {"dict"}),
    entry(
        "Game.from_dict(white_player)",
        lambda v: Game.from_dict(_record(white_player=v)),
        {"zero", "side"},
    ),
    # --- matches --------------------------------------------------------------------
    entry("Match.new(variant)", Match.new),
    entry("Match.new(length)", lambda v: Match.new(BG, v), {"five", "huge", "side"}),
    entry("Match.new(crawford)", lambda v: Match.new(BG, 3, crawford=v), {"true", "false"}),
    entry("Match.new(next_game)", lambda v: Match.new(BG, 3, next_game=v), {"none"}),
    entry("match.advance", MATCH.advance),
    entry("match.away", MATCH.away, {"zero", "side"}),
    entry("Match.from_json", Match.from_json),
    entry("Match.from_dict", Match.from_dict),
    # --- names, enums, views ----------------------------------------------------------
    # The enums' own constructors format the value and hash it before nardy's
    # _missing_ can answer: a value whose hash fails or that nests 5,000 deep
    # gets Python's error there (Side.coerce and the entry points answer them).
    entry("Side(value)", Side, {"zero", "false", "true", "side"}, {"exploding", "nested"}),
    entry("ResultKind(value)", ResultKind, {"kind"}, {"exploding", "nested"}),
    entry("variant.result_name(kind)", BG.result_name, {"kind"}),
    entry("position.diagram(numbering)", START.diagram, SIDES),
    entry("GameOptions.for_variant", lambda v: GameOptions().for_variant(v)),
    entry("GameOptions.coerce", GameOptions.coerce, {"none", "dict"}),
    entry("Match.new(options)", lambda v: Match.new(BG, 3, v), {"none", "dict"}),
    entry("match.roll(dice)", MATCH.roll, {"none", "roll"}),
    entry("match.play(play)", lambda v: MATCH.roll((3, 1)).play(v), {"zero", "five", "side"}),
    entry("match.resign(level)", lambda v: MATCH.roll((3, 1)).resign(v), {"kind"}),
    # Black doubled: white (0, "w") takes.
    entry("game.take(by)", lambda v: PLAYED.double().take(by=v), {"zero", "w", "none"}),
    entry("game.accept(by)", lambda v: ROLLED.resign().accept(by=v), {"side", "none"}),
    # --- the command line's helpers ---------------------------------------------------
    entry("cli.choose_play(position)", lambda v: choose_play(v, Roll(3, 1), random.Random(1))),
    entry("cli.choose_play(roll)", lambda v: choose_play(START, v, random.Random(1)), {"roll"}),
    entry("cli.cube_decision", cube_decision),
    entry("cli.run_demo(variant)", lambda v: run_demo(v, 1, False, io.StringIO(), 3)),
    entry(
        "cli.run_demo(seed)",
        lambda v: run_demo(BG, v, False, io.StringIO(), 3),
        {"zero", "minus", "five", "huge", "side"},
    ),
    entry(
        "cli.run_match(length)",
        lambda v: run_match(BG, v, 1, io.StringIO(), max_turns=3),
        {"five", "huge", "side"},
    ),
    # --- the rest -------------------------------------------------------------------
    # nardy.cache (not this branch's) reprs a bad size whole: a 5,000-deep list
    # recurses there. The lead is told.
    entry("cache.resize", nardy.cache.resize, {"zero", "five", "huge", "side"}, {"nested"}),
    entry("legal_line", lambda v: legal_line(v, None, {})),
    entry("legal_line(variant)", lambda v: legal_line('{"board": [], "dice": [1, 2]}', v, {})),
]


@attrs.frozen
class Finding:
    """A call that did not answer as it must."""

    entry: str
    value: str
    what: str

    def __str__(self) -> str:
        return f"{self.entry} <- {self.value}: {self.what}"


def check(item: Entry, label: str) -> Finding | None:
    """Run one call; ``None`` when it answered as it must."""
    value = BAD[label]
    began = time.perf_counter()
    try:
        item.call(value)
    except NardyError as exc:
        took = time.perf_counter() - began
        message = str(exc)
        if took > TIME_LIMIT:
            return Finding(item.name, label, f"slow ({took:.2f}s) {type(exc).__name__}")
        if len(message) > MESSAGE_LIMIT:
            return Finding(item.name, label, f"message of {len(message)} characters")
        if not message:
            return Finding(item.name, label, f"empty {type(exc).__name__}")
        return None
    except Exception as exc:  # the finding this survey is for
        text = str(exc)[:120]
        return Finding(item.name, label, f"{type(exc).__name__}: {text}")
    took = time.perf_counter() - began
    if label not in item.accepts:
        return Finding(item.name, label, "accepted")
    if took > TIME_LIMIT:
        return Finding(item.name, label, f"slow ({took:.2f}s)")
    return None


def survey() -> list[Finding]:
    """Every finding of every entry point and bad value."""
    found = []
    for item in ENTRIES:
        for label in BAD:
            if label in item.skips:
                continue
            finding = check(item, label)
            if finding is not None:
                found.append(finding)
                if __name__ == "__main__":
                    print(finding, flush=True)
    return found


if __name__ == "__main__":
    import resource

    # An endless input must not take the machine down with the survey.
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    findings = survey()
    print(f"{len(findings)} findings in {len(ENTRIES) * len(BAD)} calls")
