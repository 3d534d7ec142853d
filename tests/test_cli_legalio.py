"""``nardy legal``'s fast path writes exactly what ``json.dumps(legal_line(...))`` writes.

:class:`nardy.cli.legal.LegalFilter` answers well-formed questions without
building dicts or calling ``json``; these tests compare it, line by line,
with the definition (:func:`nardy.cli.main.legal_line` and the error line) on
seeded positions of every variant, good and spoiled, check that its reader
answers every line it has read before it waits for more, and that the
command's quick argument reading agrees with the parser.
"""

from __future__ import annotations

import io
import json
import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from helpers import board_of
from nardy.cli.legal import LegalFilter, error_answer, legal_arguments, run_legal
from nardy.cli.legal_text import packed_question, quiet_numbers
from nardy.cli.main import build_parser, legal_line

SRC = str(Path(__file__).resolve().parents[1] / "src")


def expected(line: str | bytes, variant: str | None, options: dict[str, Any]) -> tuple[str, bool]:
    """The answer line as nardy legal defines it: legal_line's dict or the error, as JSON."""
    try:
        return json.dumps(legal_line(line, variant, options)) + "\n", False
    except Exception as exc:
        return json.dumps(error_answer(exc)) + "\n", True


def questions(variant: nardy.Variant, count: int, seed: int) -> list[dict[str, Any]]:
    """Seeded self-play positions of ``variant`` with a roll each, as question objects."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    position = variant.starting_position()
    while len(out) < count:
        dice = [rng.randint(1, 6) for _ in range(variant.dice)]
        out.append({"variant": variant.spec(), **position.to_array(), "dice": dice})
        plays = position.legal_plays(nardy.Roll(*dice))
        position = plays.resulting_position(rng.randrange(len(plays)))
        if position.is_over():
            position = variant.starting_position()
    return out


def spoiled(question: dict[str, Any], rng: random.Random) -> str | bytes:
    """The question as a line, sometimes changed in one way the fast path must not get wrong."""
    q = dict(question)
    what = rng.randrange(24)
    if what == 0:
        del q["off"]
    elif what == 1:
        q.pop("bar")
    elif what == 2:
        q["board"] = [*q["board"]]
        q["board"][rng.randrange(24)] += rng.choice((-1, 1))
    elif what == 3:
        q["dice"] = rng.choice(([0, 3], [7, 1], [True, 2], [3.0, 2], [3], "12", [2, 2, 2]))
    elif what == 4:
        q["off"] = [q["off"][0] - 1, q["off"][1] + 1]
    elif what == 5:
        q["bar"] = [q["bar"][0] + 1, q["bar"][1]]
        q["off"] = [q["off"][0] - 1, q["off"][1]]
    elif what == 6:
        q["options"] = rng.choice(({"must_play_higher": False}, {"nope": 1}, [], {}))
    elif what == 7:
        del q["variant"]
    elif what == 8:
        q["board"] = [*q["board"][:23], rng.choice((10**30, True, 1.0, None))]
    elif what == 9:
        return json.dumps(q).replace('"dice"', '"x": NaN, "dice"')
    elif what == 10:
        return json.dumps(q).encode() + b"\xff"
    elif what == 11:
        q["bar"] = [-1, 1]
    elif what == 12:
        q["variant"] = q["variant"].upper()  # names are found whatever their case
    elif what == 13:
        q["board"] = q["board"][:23]
    elif what == 14:
        q["pinned"] = [3]
    elif what == 15:
        return json.dumps(q)[:-1]
    return json.dumps(q).encode() if rng.random() < 0.5 else json.dumps(q)


@pytest.mark.parametrize("cls", nardy.VARIANTS, ids=lambda cls: cls.name)
def test_answers_are_the_json_of_legal_line(cls: type[nardy.Variant]) -> None:
    rng = random.Random(cls.name)
    good = questions(cls(), 150, seed=len(cls.name))
    answers = LegalFilter(None, {})
    quick = 0
    for question in good:
        line = json.dumps(question)
        want = expected(line, None, {})
        assert answers.answer(line) == want
        quick += answers.quick_answer(line) is not None
        spoilt = spoiled(question, rng)
        assert answers.answer(spoilt) == expected(spoilt, None, {})
    # Every good question takes the fast path, with or without extra state (and is still exact).
    assert quick == len(good)


def written_the_old_way(question: dict[str, Any]) -> str:
    """The answer line built from ``Play.notation()`` and ``Position.to_array()``, entry by entry."""
    rules = nardy.find_variant(question["variant"])
    extra = {k: question[k] for k in question if k in ("pool", "pinned", "opp_pinned", "rolls")}
    position = rules.position(question["board"], question["bar"], question["off"], **extra)
    roll = nardy.Roll(*question["dice"])
    if "moves" in question:
        roll = roll.with_moves(question["moves"])
    plays = position.legal_plays(roll)
    held = [key for f in rules.extra_fields() if f.holds_checkers for key in f.keys]
    entries = []
    for play, packed in zip(plays, plays.raw_results()):
        array = nardy.Position.from_packed(rules, position.turn, packed).to_array()
        entry = {"play": play.notation(), **{k: array[k] for k in ("board", "bar", "off")}}
        entry.update((k, array[k]) for k in held)
        if "pool" in question and "pool" not in array:
            entry["pool"] = [0, 0]  # the pool a question gave a variant without one
        entries.append(entry)
    return json.dumps({"plays": entries}) + "\n"


@pytest.mark.parametrize("cls", nardy.VARIANTS, ids=lambda cls: cls.name)
def test_the_text_writer_against_notation_and_to_array(cls: type[nardy.Variant]) -> None:
    """The fast writer of every variant (extra state, three dice, k moves) against the objects' own forms."""
    rng = random.Random(f"writer {cls.name}")
    rules = cls()
    answers = LegalFilter(None, {})
    for question in questions(rules, 120, seed=11):
        if (
            rules.segment_moves
            and question["dice"][0] == question["dice"][1]
            and rng.random() < 0.5
        ):
            question["moves"] = rng.randint(1, 4)
        if "pool" not in question and rng.random() < 0.3:
            question["pool"] = [0, 0]
        text = answers.quick_answer(json.dumps(question))
        assert text == written_the_old_way(question)


@pytest.mark.parametrize(
    ("line", "quiet"),
    [
        (b'{"board": [1234567890123456789]}', True),  # 19 digits
        (b'{"board": [12345678901234567890]}', False),  # 20
        (b'{"board": [-0.123456789012345678901]}', False),  # a fraction's digits count too
        (b'{"a": "1234567890", "b": 1234567890}', True),  # runs apart
        (b'{"board": [NaN]}', False),
        (b'{"board": [-Infinity]}', False),
        (b"", True),
        (bytes(range(256)), True),  # no run of digits: every other byte between them
    ],
)
def test_quiet_numbers(line: bytes, quiet: bool) -> None:
    assert quiet_numbers(line) is quiet


def test_defaults_and_options_of_the_command() -> None:
    board = board_of({6: 5, 8: 3, 13: 5, 24: 2}, {1: 2, 12: 5, 17: 3, 19: 5})
    lines = [
        {"board": board, "dice": [6, 5]},
        {"board": board, "dice": [6, 5], "variant": "nackgammon"},
        {"board": board, "dice": [6, 5], "options": {"must_play_higher": "true"}},
        {"board": board, "bar": [0, 0], "off": [0, 0], "dice": [1, 1]},
        {"board": board, "dice": [6, 5], "variant": "backgammon(must_play_higher=true)"},
    ]
    for variant, options in (
        ("backgammon", {}),
        ("backgammon", {"must_play_higher": "false"}),
        (None, {}),
        ("hypergammon", {}),
    ):
        answers = LegalFilter(variant, options)
        for item in lines:
            line = json.dumps(item)
            assert answers.answer(line) == expected(line, variant, options)


def test_a_pass_and_a_finished_game() -> None:
    closed = board_of({1: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3})
    blocked = {"variant": "backgammon", "board": closed, "bar": [1, 0], "dice": [6, 5]}
    finished = {"variant": "backgammon", "board": board_of({}, {1: 1}), "off": [15, 14]}
    answers = LegalFilter(None, {})
    for item in (blocked, {**blocked, "off": [0, 0]}, {**finished, "dice": [2, 1]}):
        line = json.dumps(item)
        assert answers.answer(line) == expected(line, None, {})
    assert answers.quick_answer(json.dumps({**blocked, "off": [0, 0]})) == (
        f'{{"plays": [{{"play": "", "board": {closed}, "bar": [1, 0], "off": [0, 0]}}]}}\n'
    )
    assert answers.answer(json.dumps({**finished, "dice": [2, 1]}))[1]


class Stdin:
    """A stdin whose bytes arrive in chunks of a given size, checking each wait for input.

    Before each chunk it asserts that every line already given has been
    answered and flushed: the filter never waits for input with an answer
    held back.
    """

    def __init__(self, data: bytes, size: int, stdout: FlushCount) -> None:
        self.data, self.size, self.stdout, self.at = data, size, stdout, 0
        self.buffer = self

    def read1(self, n: int) -> bytes:
        given = self.data[: self.at]
        whole = given[: given.rfind(b"\n") + 1]
        assert self.stdout.flushed.count("\n") == sum(1 for x in whole.split(b"\n") if x.strip())
        chunk = self.data[self.at : self.at + min(n, self.size)]
        self.at += len(chunk)
        return chunk


class FlushCount(io.StringIO):
    """A stdout that remembers what had been flushed and how often."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed = ""
        self.flushes = 0

    def flush(self) -> None:
        self.flushed = self.getvalue()
        self.flushes += 1


@pytest.mark.parametrize("size", [1, 5, 97, 1 << 20])
def test_every_line_read_is_answered_before_the_next_read(size: int) -> None:
    good = questions(nardy.Backgammon(), 40, seed=3)
    lines = [json.dumps(q).encode() for q in good]
    lines[7:7] = [b"", b"  \r", b"not json", json.dumps(good[0]).encode() + b"\r"]
    data = b"\n".join(lines)  # the last line has no newline
    stdout = FlushCount()
    status = run_legal(None, {}, cast(IO[str], Stdin(data, size, stdout)), stdout)
    want = [expected(line + b"\n", None, {}) for line in lines[:-1] if line.strip()]
    want.append(expected(lines[-1], None, {}))
    assert status == 1
    assert stdout.flushed == "".join(text for text, _ in want)
    if size == 1 << 20:  # all at once: one flush for the lines, one for the unfinished last
        assert stdout.flushes == 2


def test_a_driver_gets_each_answer_before_it_sends_the_next_question() -> None:
    good = [json.dumps(q) for q in questions(nardy.Backgammon(), 3, seed=5)]
    # Buffered output (no PYTHONUNBUFFERED), as a program that drives it usually has.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "nardy", "legal"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**env, "PYTHONPATH": SRC},
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    got: queue.Queue[bytes] = queue.Queue()

    def read(stream: IO[bytes]) -> None:
        for line in stream:
            got.put(line)

    reader = threading.Thread(target=read, args=(proc.stdout,), daemon=True)
    reader.start()
    try:
        for line in good:
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            # The question stays open: only a flushed answer arrives (the
            # timeout keeps a filter that holds it back from hanging the suite).
            answer = got.get(timeout=60)
            assert answer.decode() == expected(line, None, {})[0]
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        proc.wait()
        reader.join(timeout=60)
        proc.stdout.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["legal"],
        ["legal", "--variant", "hypergammon"],
        ["legal", "--variant=kush", "--option", "six_block_check=turn"],
        ["legal", "--option=a=b=c", "--option", " x = y ", "--variant", ""],
        ["legal", "--variant", "a", "--variant", "b"],
    ],
)
def test_quick_arguments_are_the_parsers(argv: list[str]) -> None:
    quick = legal_arguments(argv)
    args = build_parser().parse_args(argv)
    assert quick == (args.variant, dict(args.option))


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["demo"],
        ["legal", "-h"],
        ["legal", "--var", "x"],
        ["legal", "--variant"],
        ["legal", "--variant", "-x"],
        ["legal", "--option", "novalue"],
        ["legal", "--option", "=x"],
        ["legal", "extra"],
        ["--version", "legal"],
    ],
)
def test_anything_else_is_left_to_the_parser(argv: list[str]) -> None:
    assert legal_arguments(argv) is None


def test_nardy_legal_imports_no_game_layer() -> None:
    code = (
        "import sys, nardy.cli.main; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('nardy', 'multiprocessing')))))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    loaded = set(proc.stdout.split())
    assert "nardy.cli.legal" in loaded
    for module in (
        "nardy.game",
        "nardy.game.match",
        "nardy.game.turns",
        "nardy.model.turns",
        "nardy.perft.turns",
        "nardy.cli.selfplay",
        "nardy.formats",
        "multiprocessing",
    ):
        assert module not in loaded


def test_lazy_names_of_the_package() -> None:
    for name in nardy.__all__:
        assert getattr(nardy, name) is not None
    assert nardy.Game is nardy.game.Game
    assert nardy.Session.__module__ == "nardy.game.session"
    assert {"Game", "Match", "session"} <= set(dir(nardy))
    with pytest.raises(AttributeError):
        nardy.no_such_name  # noqa: B018


@pytest.mark.parametrize("cls", nardy.VARIANTS, ids=lambda cls: cls.name)
def test_packed_question_is_variant_position(cls: type[nardy.Variant]) -> None:
    """A question's lists are packed when, and only when, Variant.position takes them."""
    rules = cls()
    if rules.extra_fields():
        return
    rng = random.Random(cls.name)
    accepted = 0
    for question in questions(rules, 200, seed=7):
        board, bar, off = [*question["board"]], [*question["bar"]], [*question["off"]]
        for _ in range(rng.randrange(3)):  # spoil it a little, or not at all
            target = rng.choice((board, bar, off))
            target[rng.randrange(len(target))] += rng.choice((-2, -1, 1, 2, 15, 300, -300))
        got = packed_question(board, bar, off, rules.checkers, rules.has_bar)
        try:
            want: bytes | None = rules.position(board, bar, off).packed
        except nardy.NardyError:
            want = None
        assert got == want
        accepted += got is not None
    assert accepted > 0


def near_questions() -> st.SearchStrategy[dict[str, Any]]:
    """Question objects near the documented form: counts a little off, keys missing or wrong."""
    counts = st.integers(-3, 16)
    return st.fixed_dictionaries(
        {"board": st.lists(st.integers(-16, 16), min_size=23, max_size=25)},
        optional={
            "variant": st.sampled_from(
                [
                    "backgammon",
                    "hypergammon",
                    "nackgammon",
                    "long-nardy",
                    "plakoto",
                    "chess",
                    "Backgammon(must_play_higher=false)",
                ]
            ),
            "bar": st.one_of(st.lists(counts, min_size=2, max_size=2), st.none()),
            "off": st.one_of(st.lists(counts, min_size=2, max_size=2), st.just([True, 0])),
            "dice": st.lists(st.integers(0, 7), min_size=1, max_size=3),
            "options": st.one_of(st.just({"must_play_higher": "false"}), st.just({"x": 1})),
            "pinned": st.just([1]),
        },
    )


@given(
    st.one_of(
        st.binary(max_size=200),
        st.text(max_size=200),
        near_questions().map(json.dumps),
        near_questions().map(lambda q: json.dumps(q).replace("1", "1" * 25, 1)),
    )
)
def test_any_line_gets_the_answer_of_legal_line(line: str | bytes) -> None:
    answers = LegalFilter("backgammon", {"must_play_higher": "true"})
    assert answers.answer(line) == expected(line, "backgammon", {"must_play_higher": "true"})
