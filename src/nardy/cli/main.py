"""The ``nardy`` command line: ``legal`` (a JSON-lines filter), ``demo`` and ``variants``.

The record commands ``nardy convert`` and ``nardy id`` live in
``nardy.cli.convert``, and ``nardy legal`` itself in :mod:`nardy.cli.legal`
(which :func:`main` runs without building the parser of every command, and
without importing their modules, when the arguments are plainly
``legal [--variant NAME] [--option KEY=VALUE]...``).

``nardy demo --match N`` plays a seeded self-play match with the doubling
cube (see :func:`run_match` and :func:`cube_decision`).

:func:`main` is the one place where an error of any command becomes a line
on standard error and an exit status; the commands themselves raise.
"""

from __future__ import annotations

import json
import os
import sys
import types
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from nardy.cli.legal import LINE_LIMIT as LINE_LIMIT
from nardy.cli.legal import MESSAGE_LIMIT as MESSAGE_LIMIT
from nardy.cli.legal import legal_command, legal_line, legal_main, prepare_streams, stdout_gone
from nardy.errors import InputError, NardyError
from nardy.model.basics import Roll, Side
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.result import names_kind, with_article
from nardy.model.validate import shown
from nardy.variants.base import Variant, find_variant, variant_names

if TYPE_CHECKING:
    # argparse and random are imported where they are used: `nardy legal`
    # starts without them (see legal_main).
    import argparse
    import random

    from nardy.game.game import Game
    from nardy.game.match import Match

__all__ = [
    "choose_play",
    "cube_decision",
    "demo_play",
    "legal_line",
    "main",
    "opening_text",
    "run_demo",
    "run_match",
    "variants_table",
]


def _options(pairs: Sequence[tuple[str, str]]) -> dict[str, str]:
    return dict(pairs)


def choose_play(position: Position, roll: Roll, rng: random.Random) -> int:
    """The demo's player: a one-ply greedy heuristic with seeded tie-breaks.

    Scores each resulting position (in the mover's frame) by checkers borne
    off, opposing checkers hit, made points and exposed blots, plus a little
    seeded noise, and returns the index of the best play. It is meant to
    make readable games, not to play well. Anything but a position, a roll
    and a :class:`random.Random` raises :class:`~nardy.errors.InputError`.
    """
    import random

    if not isinstance(position, Position) or not isinstance(rng, random.Random):
        raise InputError(
            f"choose_play takes a Position, a roll and a random.Random, got "
            f"{shown(position)} and {shown(rng)}"
        )
    plays = position.legal_plays(roll)
    hits_count = position.variant.contact.value == "hit"
    best, best_score = 0, float("-inf")
    for i, state in enumerate(plays.result_states()):
        score = 4.0 * state[0] + 3.0 * state[26]
        for p in range(1, 25):
            n = state[p]
            if n >= 2:
                score += 0.6 if p <= 12 else 0.3
            elif n == 1 and hits_count:
                score -= 0.8
        score += rng.random() * 0.5
        if score > best_score:
            best, best_score = i, score
    return best


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"a seed is an integer, got {shown(seed)}")
    return seed


#: What ``nardy demo`` says of its boards before the first one.
BOARD_KEY = (
    "Every board is seen from white's side, X white and O black. Each point has\n"
    "two numbers: white's next to the checkers and black's outside, each line of\n"
    "numbers ending with the side it numbers for. A play is written in the\n"
    "numbering of the side that plays it."
)


def _board(position: Position) -> str:
    # One orientation for the whole game, both numberings on it: each play
    # line stays in its mover's own numbering (the standard notation) and
    # can still be followed on the board.
    return position.diagram(Side.WHITE, both_numberings=True)


def run_demo(
    rules: Variant, seed: int, show_board: bool, out: IO[str], max_turns: int = 2000
) -> int:
    """Play and print one seeded self-play game; returns the number of turns.

    The game is a :class:`~nardy.Game` with the variant's default options,
    so its opening and its turns are the game's: in backgammon the opening
    winner plays the two opening dice, in acey-deucey, gul bara, tabula and
    the tavli games he rolls afresh (:attr:`GameOptions.opening
    <nardy.GameOptions.opening>`). One :class:`random.Random` seeded with
    ``seed`` throws the dice and makes the players' choices
    (:func:`choose_play`, a double to name at random). ``rules`` is a
    variant or its name; a bad one, or a seed that is not an integer, raises
    a :class:`~nardy.errors.NardyError`.
    """
    import random

    from nardy.game.actions import Phase
    from nardy.game.game import Game

    rules = as_variant(rules)
    rng = random.Random(_seed(seed))
    game = Game.new(rules, rng=rng)
    while game.phase is Phase.OPENING:  # (a tie rolls again)
        game = game.roll()
    out.write(f"nardy demo: {rules.spec()}, seed {seed}\n")
    out.write(f"Opening roll: {opening_text(game)}\n\n")
    if show_board:
        out.write(f"{BOARD_KEY}\n\n{_board(game.position)}\n\n")
    # With the opening dice on the table the first turn has begun.
    turn = 0 if game.phase is Phase.ROLL else 1
    label = f"{turn:3d}." if turn else ""
    while not game.is_over():
        if game.phase is Phase.ROLL:
            if turn >= max_turns:  # pragma: no cover - a safety net, never reached in practice
                out.write("stopped: turn limit reached\n")
                return turn
            turn += 1
            label = f"{turn:3d}."
            game = game.roll()
            continue
        played = game.phase is Phase.MOVE  # (else a double is named)
        game = _demo_action(game, f"{label:4s} {game.position.turn.name.lower():5s}", rng, out)
        label = ""
        if show_board and played:
            out.write(f"{_board(game.position)}\n\n")
    out.write(f"\nResult: {_result_text(game)}, after {turn} turns\n")
    return turn


def opening_text(game: Game) -> str:
    """What ``nardy demo`` says of the opening roll of ``game`` once it is decided.

    The rolls that tied, then who won with which dice, and whether he plays
    them (``"white starts with 31"``) or rolls afresh (``"black wins with 31
    and rolls afresh"``), as the game's opening policy says.
    """
    from nardy.game.actions import ActionKind, Phase

    if game.first is None:
        raise InputError(f"the opening of this game is not decided yet ({game.describe()})")
    winner = game.player(game.first)
    rolls = [a.dice for a in game.history if a.kind is ActionKind.OPENING and a.dice is not None]
    ties = "".join(f"{_opening_dice(dice, 0)} tied, " for dice in rolls[:-1])
    won = f"{ties}{game.first.name.lower()}"
    if game.phase is Phase.ROLL:  # the opening dice are not played
        return f"{won} wins with {_opening_dice(rolls[-1], winner)} and rolls afresh"
    return f"{won} starts with {_opening_dice(rolls[-1], winner)}"


def _opening_dice(dice: tuple[int, ...], winner: int) -> str:
    """One opening roll, as the demo writes it: ``52`` (one die each), ``53 against 42`` (two each)."""
    if len(dice) == 2:
        return str(Roll(*dice))
    pairs = (Roll(*dice[:2]), Roll(*dice[2:]))
    return f"{pairs[winner]} against {pairs[1 - winner]}"


def _demo_action(game: Game, mover: str, rng: random.Random, out: IO[str]) -> Game:
    """Name a double or play the dice on the table, and print it after ``mover``; the game after it."""
    from nardy.game.actions import Phase

    if game.phase is Phase.DECIDE:
        double = rng.choice(game.double_choices())
        out.write(f"{mover} names {double}\n")
        return game.name_double(double)
    index = demo_play(game, rng)
    notation = game.legal_plays()[index].notation()
    out.write(f"{mover} {game.dice}: {notation or '(no legal play)'}\n")
    return game.play(index)


def demo_play(game: Game, rng: random.Random) -> int:
    """The index of the demo's play of the dice on the table (phase ``MOVE``) in ``game.legal_plays()``.

    :func:`choose_play`, except in the last roll of ``last_roll_draw``,
    where the most checkers borne off is played (a draw if it is all of
    them).
    """
    if game.last_roll:
        states = game.legal_plays().result_states()
        return max(range(len(states)), key=lambda i: states[i][0])
    if game.dice is None:
        raise InputError(f"demo_play needs dice on the table ({game.describe()})")
    return choose_play(game.position, game.dice, rng)


def _result_text(game: Game) -> str:
    """How a finished game ended, as the demo's last line says it: ``white wins (gammon), 2 points``."""
    outcome = game.outcome
    assert outcome is not None
    if outcome.winner is None:
        return "a draw"
    plural = "s" if outcome.points != 1 else ""
    counted = outcome.counted_checkers()
    if counted:  # per-checker points need their reason more than the kind
        return f"{outcome.winner.name.lower()} wins {outcome.points} point{plural}, {counted}"
    how = outcome.name or outcome.reason.value
    return f"{outcome.winner.name.lower()} wins ({how}), {outcome.points} point{plural}"


#: Double when the pip lead is at least this fraction of the doubler's own pip count.
DOUBLE_LEAD = 0.15
#: Take when the doubler's pip lead is at most this fraction of his pip count.
TAKE_LEAD = 0.25


def _pip_lead(game: Game, side: Side) -> float:
    """``side``'s pip lead as a fraction of its own pip count (positive: ahead)."""
    mine = game.position.pip_count(side)
    theirs = game.position.pip_count(side.opponent)
    return (theirs - mine) / max(mine, 1)


def cube_decision(game: Game) -> str:
    """The demo's cube player: ``"double"``, ``"take"``, ``"drop"`` or ``""`` (roll on).

    A pip-count rule, meant to make the cube move in demo matches, not to
    play it well: the side on roll doubles (when allowed) if its pip lead is
    at least :data:`DOUBLE_LEAD` (15%) of its own pip count; the side facing
    a double takes if the doubler's lead is at most :data:`TAKE_LEAD` (25%)
    of the doubler's pip count, and passes otherwise. Beavers and raccoons
    are never played (one offered is taken); nobody resigns. Anything but a :class:`~nardy.Game` raises
    :class:`~nardy.errors.InputError`.
    """
    from nardy.game.actions import Phase
    from nardy.game.game import Game

    if not isinstance(game, Game):
        raise InputError(f"cube_decision takes a Game, got {shown(game)}")
    if game.phase is Phase.DOUBLED:
        doubler = game.position.turn
        return "take" if _pip_lead(game, doubler) <= TAKE_LEAD else "drop"
    if game.phase in (Phase.BEAVERED, Phase.RACCOONED):
        return "take"
    if (
        game.phase is Phase.ROLL
        and game.can_double()
        and _pip_lead(game, game.position.turn) >= DOUBLE_LEAD
    ):
        return "double"
    return ""


def _names(player: int) -> str:
    return "AB"[player]


def run_match(
    rules: Variant,
    length: int,
    seed: int,
    out: IO[str],
    options: dict[str, Any] | None = None,
    max_turns: int = 5000,
) -> Match:
    """Play and print a seeded self-play match to ``length`` points with the cube.

    Plays are chosen by :func:`choose_play`, cube actions by
    :func:`cube_decision`, a double to name (acey-deucey's 1-2) at random
    among the choices, seeded; one line per finished game gives the result and
    the score. Players are called A (player 0) and B (player 1). Bad
    arguments raise a :class:`~nardy.errors.NardyError`, as
    :meth:`Match.new <nardy.Match.new>` does.
    """
    import random

    from nardy.game.actions import Phase
    from nardy.game.match import Match

    rules = as_variant(rules)
    rng = random.Random(_seed(seed))
    match = Match.new(rules, length, options or {}, rng=random.Random(seed + 1))
    out.write(f"nardy demo: match to {length} points, {rules.spec()}, seed {seed}\n")
    turns = 0
    while match.game is not None:
        game = match.game
        played = len(match.games)
        decision = cube_decision(game)
        if decision == "double":
            match = match.double()
        elif decision == "take":
            match = match.take()
        elif decision == "drop":
            match = match.drop()
        elif game.phase in (Phase.OPENING, Phase.ROLL):
            match = match.roll()
        elif game.phase is Phase.DECIDE:  # acey-deucey's 1-2: a double to name, seeded
            match = match.name_double(rng.choice(game.double_choices()))
        else:
            match = match.play(demo_play(game, rng))
            turns += 1
            if turns > max_turns:  # pragma: no cover - a safety net
                out.write("stopped: turn limit reached\n")
                return match
        if len(match.games) > played:
            _print_game(out, match, match.games[-1], played + 1)
    assert match.winner is not None
    out.write(
        f"Match: {_names(match.winner)} wins {match.scores[match.winner]}-"
        f"{match.scores[1 - match.winner]} after {len(match.games)} "
        f"game{'s' if len(match.games) != 1 else ''}\n"
    )
    return match


def _print_game(out: IO[str], match: Match, game: Game, number: int) -> None:
    from nardy.game.actions import EndReason

    outcome = game.outcome
    assert outcome is not None
    head = f"Game {number}{' (Crawford)' if game.crawford else ''}: "
    head += f"{_names(game.white_player)} white, {_names(1 - game.white_player)} black; "
    if outcome.winner is None:
        what = f"draw, {outcome.points} each"
    else:
        who = f"{_names(game.player(outcome.winner))} ({outcome.winner.name.lower()})"
        if outcome.reason is EndReason.DROP:
            how = " by a dropped double"
        elif outcome.reason is EndReason.RESIGN:
            how = " by resignation"
        elif names_kind(outcome.kind, per_checker=outcome.per_checker):
            how = " " + with_article(outcome.name or "game")
        else:
            how = ""
        cube = f", cube {outcome.cube}" if game.options.cube else ""
        plural = "s" if outcome.points != 1 else ""
        counted = outcome.counted_checkers()
        what = f"{who} wins{how}{cube}: {outcome.points} point{plural}"
        what += f", {counted}" if counted else ""
    out.write(f"{head}{what}; score A {match.scores[0]}, B {match.scores[1]}\n")


def _cmd_perft(args: argparse.Namespace) -> int:
    """``nardy perft``: the start read as ``nardy render`` reads a position (2 on bad input)."""
    from nardy.perft import LIMIT
    from nardy.perft import main as perft_main

    start: Position | None = None
    if args.start is not None:
        try:
            start = perft_start(args.start, args.variant)
        except NardyError as exc:
            print(f"nardy perft: {exc}", file=sys.stderr)
            return 2
    limit = None if args.no_limit else LIMIT
    return perft_main(args.variant, args.depth, start, args.json, sys.stdout, sys.stderr, limit)


def perft_start(text: str, variant: str) -> Position:
    """The position ``nardy perft --from`` counts from: any form ``nardy render`` reads.

    A nardy or gnubg ID, an XGID or FIBS board line, or the array-form JSON
    of ``nardy legal`` (with ``"pool"``, ``"turn"`` and ``"rolls"`` where the
    variant has them). ``variant`` applies to the forms that do not name one.
    Perft counts from a position between two turns, so text that stops
    inside a turn (segments still pending, a double to name) is an
    :class:`~nardy.errors.InvalidOptionError`.
    """
    from nardy.cli.render import picture_of_text
    from nardy.errors import InvalidOptionError

    picture = picture_of_text(text, variant)
    turn = picture.extras.get("turn")
    if turn is not None and not turn.between_turns:
        raise InvalidOptionError(
            f"perft counts from a position between two turns, not from inside one ({turn.text()})"
        )
    return picture.position


def _cmd_demo(args: argparse.Namespace, stdout: IO[str]) -> int:
    rules = find_variant(args.variant)  # checked by main, the options in its spec
    if args.engine:
        from nardy.cli.play import run_demo_engines

        return run_demo_engines(args, stdout)
    if args.match is not None:
        return _cmd_match(args, rules, stdout)
    run_demo(rules, args.seed, not args.no_board, stdout)
    return 0


def _cmd_match(args: argparse.Namespace, rules: Variant, stdout: IO[str]) -> int:
    from nardy.game.options import GameOptions

    # Only the options given go to the match, over the variant's own defaults
    # (acey-deucey is played without a cube); they are checked before playing.
    given = _options(args.game_option)
    try:
        GameOptions.from_dict(given)
    except NardyError as exc:
        print(f"nardy demo: {exc}", file=sys.stderr)
        return 2
    record = None
    if args.record:
        # Open the file before playing, so that a bad path costs no match.
        try:
            record = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            print(
                f"nardy demo: cannot write the record to {args.record!r}: {exc.strerror}",
                file=sys.stderr,
            )
            return 2
    try:
        match = run_match(rules, args.match, args.seed, stdout, given)
        if record is not None:
            record.write(match.to_json(indent=1) + "\n")
    finally:
        if record is not None:
            record.close()
    return 0


def variants_table() -> list[dict[str, Any]]:
    """What ``nardy variants --json`` prints: one object per registered variant.

    Each has ``name``, ``aliases``, ``options`` (option name to default, as
    JSON), ``results`` (each result kind the default variant scores, by
    value, to the variant's name for it: ``"gammon": "mars"``), ``gnubg_id``
    (whether the gnubg Position ID is defined) and ``class`` (the Python
    class).
    """
    import attrs

    from nardy.variants.base import VARIANTS

    table = []
    for cls in VARIANTS:
        defaults = {a.alias: a.default for a in attrs.fields(cls) if a.init}
        rules = cls()
        table.append(
            {
                "name": cls.name,
                "aliases": list(cls.aliases),
                "options": defaults,
                "results": {k.value: rules.result_name(k) for k in rules.result_kinds()},
                "gnubg_id": cls.gnubg_id_supported,
                "class": f"{cls.__module__}.{cls.__qualname__}",
            }
        )
    return table


def _cmd_variants(args: argparse.Namespace, stdout: IO[str]) -> int:
    if args.json:
        stdout.write(json.dumps(variants_table(), indent=1) + "\n")
        return 0
    from nardy.variants.base import VARIANTS

    for cls in VARIANTS:
        names = ", ".join(cls.aliases)
        opts = ", ".join(cls.option_names())
        stdout.write(f"{cls.name:14s} aliases: {names or '-'}; options: {opts or '-'}\n")
    return 0


def build_name() -> str:
    """Which build runs, as ``nardy --version`` names it.

    "native core" when the native rules core (``nardy._native``) is loaded,
    "pure Python" when it is not.
    """
    from nardy import native

    return "native core" if native else "pure Python"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``nardy`` command."""
    import argparse

    from nardy import __version__
    from nardy.cli.args import add_seed, add_variant, key_value, positive
    from nardy.perft import LIMIT

    parser = argparse.ArgumentParser(
        prog="nardy",
        description="The rules of the backgammon family: legal plays, games, results.",
        epilog="Exit status: 0 all went well, 1 bad input (a line, a record, an ID, a file), "
        "2 a usage error, 70 a bug in nardy, 130 interrupted. "
        "NARDY_DEBUG=1 shows the traceback of an error.",
    )
    parser.add_argument(
        "--version", action="version", version=f"nardy {__version__} ({build_name()})"
    )
    sub = parser.add_subparsers(dest="command", required=True)

    legal = sub.add_parser(
        "legal",
        help="JSON lines in, legal plays out (mover-relative array form)",
        description=(
            'Reads JSON objects, one per line: {"variant": ..., "options": {...}, '
            '"board": [24 ints], "bar": [m, o], "off": [m, o], "dice": [d1, d2]}; '
            'writes {"plays": [{"play", "board", "bar", "off"}, ...]} or {"error": ...} '
            "per line. Exit status 1 if any line failed."
        ),
    )
    add_variant(
        legal,
        f'the variant of lines without a "variant" ({", ".join(variant_names())})',
        option_help="a variant option for every line (repeatable; a line's own options win)",
    )

    demo = sub.add_parser("demo", help="play and print a seeded self-play game")
    add_variant(demo, "variant name, alias or spec (default backgammon)", default="backgammon")
    add_seed(demo, default=1)
    demo.add_argument("--no-board", action="store_true", help="print the plays only")
    demo.add_argument(
        "--match",
        type=positive,
        metavar="N",
        help="play a match to N points with the doubling cube; print the score after each game",
    )
    demo.add_argument(
        "--game-option",
        action="append",
        default=[],
        type=key_value,
        metavar="KEY=VALUE",
        help="with --match: a game option (cube, beaver, stakes, last_roll_draw, ...)",
    )
    demo.add_argument(
        "--record", metavar="FILE", help="with --match: write the match record (JSON)"
    )
    from nardy.cli.play import add_demo_engine, add_play_command

    add_demo_engine(demo)  # nardy demo --engine NAME: an engine's match (nardy.cli.play)

    variants = sub.add_parser("variants", help="list the variants, their aliases and options")
    variants.add_argument(
        "--json", action="store_true", help="print a JSON list with the options' defaults"
    )
    # Imported here: the other commands' modules cost ``nardy legal`` nothing.
    from nardy.cli.analysis import add_analysis_commands
    from nardy.cli.convert import add_commands
    from nardy.cli.render import add_commands as add_render_commands
    from nardy.cli.selfplay import add_selfplay

    add_commands(sub)
    add_render_commands(sub)
    add_analysis_commands(sub)
    add_play_command(sub)

    perft = sub.add_parser("perft", help="count play sequences and distinct states n plies deep")
    add_variant(perft, "variant name, alias or spec (required)")
    perft.add_argument(
        "old_variant", nargs="?", metavar="VARIANT", help="old spelling of --variant"
    )
    perft.add_argument(
        "--depth", type=positive, required=True, metavar="N", help="plies to count (1 or more)"
    )
    perft.add_argument("--json", action="store_true", help="print one JSON object")
    perft.add_argument(
        "--from",
        dest="start",
        metavar="TEXT",
        help="the position to count from, in any form nardy render reads (an ID, or array-form JSON)",
    )
    perft.add_argument(
        "--no-limit",
        action="store_true",
        help=f"count even when the estimate says it takes more than {LIMIT / 60:.0f} minutes "
        "of CPU time (nardy perft says so, and stops, before it starts)",
    )
    add_selfplay(sub)
    for command in sub.choices.values():  # for the usage errors found after parsing
        command.set_defaults(subparser=command)
    return parser


#: The exit status when nardy itself failed: an unexpected exception (EX_SOFTWARE of sysexits.h).
INTERNAL_ERROR = 70
#: The exit status after Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130

#: The positional spellings that a flag replaced, still read: per command,
#: the flag's destination, the positional's and the flag.
_OLD_SPELLINGS = {
    "convert": ("output", "old_output", "-o/--output"),
    "perft": ("variant", "old_variant", "--variant"),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``nardy`` console script (and of ``python -m nardy``).

    Exit status: 0 when all went well; 1 for bad input (an input line that
    could not be answered, a record, an ID or a position that cannot be
    read, a file that cannot be read or written); 2 for a usage error (bad
    arguments, an unknown variant or option); 70 when nardy itself failed
    (an unexpected exception: a bug); 130 after Ctrl-C.

    No command ends with a traceback: every error is one line on standard
    error, ``nardy COMMAND: message``. With ``NARDY_DEBUG=1`` in the
    environment, an error is raised instead, traceback and all.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    prepare_streams()
    try:
        return _run(arguments)
    except BrokenPipeError:  # the reader went away (e.g. `nardy demo | head`)
        return stdout_gone()
    except (Exception, KeyboardInterrupt) as exc:
        if os.environ.get("NARDY_DEBUG", "") not in ("", "0"):
            raise
        status, message = _failure(exc)
        command = arguments[0] if arguments and not arguments[0].startswith("-") else ""
        print(f"nardy{' ' + command if command else ''}: {message}", file=sys.stderr)
        return status


def _failure(exc: BaseException) -> tuple[int, str]:
    """The exit status and the message of an error no command handled."""
    if isinstance(exc, KeyboardInterrupt):
        return INTERRUPTED, "interrupted"
    if isinstance(exc, NardyError):
        return 1, str(exc)
    if isinstance(exc, UnicodeDecodeError):
        byte = exc.object[exc.start : exc.start + 1].hex()
        return 1, (
            f"the input is not {exc.encoding.upper()} text "
            f"(byte 0x{byte} at offset {exc.start:,}: {exc.reason})"
        )
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        return 1, reason if exc.filename is None else f"{exc.filename}: {reason}"
    text = str(exc)
    if len(text) > MESSAGE_LIMIT:
        text = text[: MESSAGE_LIMIT - 4] + " ..."
    return INTERNAL_ERROR, (
        f"internal error, a bug in nardy: {type(exc).__name__}: {text} "
        "(please report it; NARDY_DEBUG=1 shows the traceback)"
    )


def _run(arguments: list[str]) -> int:
    """Parse the arguments and run the command; its exit status."""
    quick = legal_main(arguments)
    if quick is not None:  # plainly `nardy legal`: no parser of every command needed
        return quick
    parser = build_parser()
    args = parser.parse_args(arguments)
    if args.command == "demo" and args.engine and args.game_option:
        parser.error("--game-option is not taken with --engine")
    if args.command == "demo" and args.match is None and not args.engine:
        for flag in ("record", "game_option"):
            if getattr(args, flag):
                parser.error(f"--{flag.replace('_', '-')} needs --match N")
    _settle_old_spelling(args)
    status = _configure_variant(args)
    if status is not None:
        return status
    if hasattr(args, "run"):  # nardy convert, id, render, view, selfplay
        code: int = args.run(args, sys.stdout, sys.stderr)
        return code
    if args.command == "legal":
        return legal_command(args.variant, _options(args.option), sys.stdin, sys.stdout)
    if args.command == "demo":
        return _cmd_demo(args, sys.stdout)
    if args.command == "perft":
        return _cmd_perft(args)
    return _cmd_variants(args, sys.stdout)


def _settle_old_spelling(args: argparse.Namespace) -> None:
    """Read a positional the flag replaced (``convert IN OUT``, ``perft VARIANT``).

    Both given and different is a usage error, as is ``perft`` without a
    variant.
    """
    spelling = _OLD_SPELLINGS.get(args.command)
    if spelling is None:
        return
    new, old, flag = spelling
    given, positional = getattr(args, new), getattr(args, old)
    if given is not None and positional is not None and not _same(new, given, positional):
        args.subparser.error(f"{flag} {given!r} and {positional!r} differ: give one")
    if given is None:
        setattr(args, new, positional)
    if args.command == "perft" and args.variant is None:
        args.subparser.error("the following arguments are required: --variant")


def _same(what: str, first: str, second: str) -> bool:
    """Whether two spellings of a variant (``bg``, ``backgammon``) or of a path say the same."""
    from pathlib import Path

    if what == "output":
        return Path(first) == Path(second)
    try:
        return find_variant(first) == find_variant(second)
    except NardyError:  # either is unknown: the check of --variant reports it
        return first == second


def _configure_variant(args: argparse.Namespace) -> int | None:
    """Check ``--variant`` with its ``--option`` values and put the spec in ``args.variant``.

    Returns 2 after a usage message for an unknown variant or option (None
    when all is well). ``nardy legal`` checks its own: its variant is only
    the default of lines that name none.
    """
    if args.command == "legal" or getattr(args, "variant", None) is None:
        return None
    try:
        rules = find_variant(args.variant, _options(getattr(args, "option", [])))
    except NardyError as exc:
        args.subparser.print_usage(sys.stderr)
        print(f"nardy {args.command}: error: {exc}", file=sys.stderr)
        return 2
    args.variant = rules.spec()
    return None


class _CallableModule(types.ModuleType):
    """The class of this module: calling the module runs :func:`main`.

    ``nardy.cli.main`` was the function before the command line got its own
    package; a program that calls it (``from nardy.cli import main``, then
    ``main(["variants"])``) gets this module now, and calling the module
    runs :func:`main`.
    """

    def __call__(self, argv: Sequence[str] | None = None) -> int:
        return main(argv)


sys.modules[__name__].__class__ = _CallableModule


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
