"""Small helpers shared by several test modules."""

from __future__ import annotations

import contextlib
import io
import json
import random
import signal
import sys
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any

import pytest

from nardy import Position, Roll, Variant
from nardy.cli.main import main
from nardy.engine import native, onesearch
from nardy.engine.reference import TurnRules
from nardy.engine.state import pack
from nardy.game import turns


def board_of(mine: Mapping[int, int], theirs: Mapping[int, int]) -> list[int]:
    """24 signed ints in the mover's frame; ``theirs`` is in the mover's numbering too."""
    board = [0] * 24
    for point, n in mine.items():
        board[point - 1] += n
    for point, n in theirs.items():
        board[point - 1] -= n
    return board


def run_legal(
    lines: Sequence[object],
    args: Sequence[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, list[dict[str, Any]]]:
    """Feed ``nardy legal`` one line per item (dicts are JSON-encoded, strings raw)."""
    text = "".join((item if isinstance(item, str) else json.dumps(item)) + "\n" for item in lines)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["legal", *args])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines()]


def seeded_roll(variant: Variant, rng: random.Random) -> Roll:
    """A roll of ``variant``'s dice, one ``rng.randint(1, 6)`` a die (two dice: the draws the tests always made)."""
    return Roll(*(rng.randint(1, 6) for _ in range(variant.dice)))


def one_turn(
    variant: Variant, position: Position, roll: Roll, choose: Callable[[int], int]
) -> Generator[tuple[Position, Roll], None, Position]:
    """One whole turn of ``roll`` from ``position`` (between turns), played at random: yields ``(position, segment)`` before each segment.

    The turn runs through :mod:`nardy.game.turns` as a game does: the roll
    gives its segments (a roll of three dice, a double's four moves, a
    cascade, moves handed to the opponent), a double to name is chosen
    among the choices (``choose(n)`` picks an index below ``n``), and each
    segment is played by a random legal play (``choose`` again) from the
    position yielded. Returns the position after the turn: the next to
    roll to move, or a finished game.
    """
    turn = turns.start_turn(variant, position, roll)
    while not turn.position.is_over():
        if turn.phase is turns.TurnPhase.NAME:
            choices = variant.double_choices(turn.position, turn.state)
            named = choices[choose(len(choices))]
            turn = turns.after_naming(variant, turn.position, named, turn.state)
            continue
        segment = turn.segment
        if segment is None:  # between turns: the next roll
            break
        yield turn.position, segment
        legal = turn.position.legal_plays(segment)
        index = choose(len(legal))
        after = legal.resulting_position(index)
        turn = turns.after_play(variant, turn.position, legal[index], after, turn.state)
    return turn.position


def play_turn(
    variant: Variant, position: Position, roll: Roll, choose: Callable[[int], int]
) -> Position:
    """The position after a whole turn of ``roll`` played at random (plays and named doubles by ``choose``, as :func:`one_turn`)."""
    return turns.play_out(
        turns.start_turn(variant, position, roll),
        lambda _, choices: choices[choose(len(choices))],
        lambda _position, _segment, legal: choose(len(legal)),
    )


def turn_segments(
    variant: Variant,
    roll: Callable[[], Roll],
    choose: Callable[[int], int],
    start: Position | None = None,
) -> Iterator[tuple[Position, Roll]]:
    """Random games of ``variant`` played by whole turns (:func:`one_turn`): ``(position, segment)`` before each segment.

    Each turn's roll is ``roll()``; plays and named doubles are chosen by
    ``choose``. A finished game starts again from ``start`` (default: the
    variant's starting position). Never ends: the caller takes as many as
    it needs.
    """
    first = variant.starting_position() if start is None else start
    position = first
    while True:
        after = yield from one_turn(variant, position, roll(), choose)
        position = first if after.is_over() else after


def searched(start: tuple[int, ...], rules: TurnRules) -> list[tuple[tuple[int, ...], int]]:
    """One turn's plays by the Python search; where the native core takes the rules, its list must be the same.

    ``(state, steps code)`` each, in the canonical order (a pass is ``[]``).
    """
    plays = onesearch.search(start, rules)
    found = native.native_plays(rules, start)
    if found is not None:
        assert found == [(pack(state), code) for state, code in plays], (start, rules.dice)
    return plays


@contextlib.contextmanager
def sigint_as_a_shell_leaves_it() -> Iterator[None]:
    """Start children inside with Ctrl-C as a shell leaves it: SIGINT at its default action, not blocked.

    A child inherits an ignored or blocked SIGINT from the process that
    starts it, and a shell without job control (a script, CI) starts a
    command it runs in the background (``cmd &``) with SIGINT and SIGQUIT
    ignored (POSIX; ``SigIgn: 0000000000000006`` in its ``/proc`` status):
    the whole suite then inherits an ignored SIGINT, and a child started
    from it never gets the Ctrl-C sent to it. A terminal never starts a
    command so. Set in this (main) thread around
    the start, not in the child (``preexec_fn`` is unsafe where threads
    run), and put back after.
    """
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    was_blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if was_blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, handler)


#: ``python -c`` source that hides the native core (its module made
#: unimportable), so that what runs after it answers as the pure build does;
#: the module's name is private by design (the package wraps it).
HIDE_NATIVE = "import sys; sys.modules['nardy._native'] = None; "
#: ``python -c`` source that runs the ``nardy`` command with the native core hidden.
PURE_COMMAND = (
    HIDE_NATIVE
    + "sys.argv[0] = 'nardy'; from nardy.cli.main import main; sys.exit(main(sys.argv[1:]))"
)
