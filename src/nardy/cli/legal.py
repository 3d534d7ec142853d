"""``nardy legal``: JSON questions in, legal plays out, one line each.

:func:`legal_line` answers one line with a JSON-able dict and defines the
answer, every error included. :class:`LegalFilter` gives the same answers as
text, faster: a well-formed question of a variant without extra state is
read, checked and written without the dicts and the ``json`` calls that
:func:`legal_line` needs (see :mod:`nardy.cli.legal_text`); anything it is not sure
of goes to :func:`legal_line`, so an answer is always the text of
``json.dumps(legal_line(...))``. :func:`run_legal` is the command's loop.

This module imports only what ``nardy legal`` needs, so that the command
starts quickly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any, Final

from nardy.cli.legal_text import TextPieces, dice_index, packed_question, plays_text, quiet_numbers
from nardy.engine.state import BASE_SIZE
from nardy.errors import InputError, InvalidDiceError, InvalidPositionError, NardyError
from nardy.model.basics import Roll, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.model.registry import find_variant, split_spec
from nardy.model.validate import pair, shown, too_long
from nardy.variants.base import Variant

__all__ = [
    "LINE_LIMIT",
    "MESSAGE_LIMIT",
    "LegalFilter",
    "error_answer",
    "input_batches",
    "legal_arguments",
    "legal_command",
    "legal_line",
    "legal_main",
    "plays_answer",
    "prepare_streams",
    "run_legal",
    "stdout_gone",
]

#: The longest ``nardy legal`` input line read (a real question is a few hundred bytes).
LINE_LIMIT = 100_000

#: The longest message of an error line (the middle of a longer one is cut).
MESSAGE_LIMIT = 300


def _json_int(text: str) -> int:
    """JSON's integers, refusing numbers too long to be any count or die (before converting)."""
    if len(text) > 20:
        raise InputError(f"a number of {len(text):,} digits is no count or die: {shown(text)}")
    return int(text)


def _json_constant(text: str) -> Any:
    raise InputError(f"{text} is not a number nardy reads")


def _read_line(line: object) -> Any:
    """The JSON value of one input line; :class:`~nardy.errors.InputError` for anything else."""
    if isinstance(line, (bytes, bytearray)):
        try:
            line = bytes(line).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"the line is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(line, str):
        raise InputError(f"an input line is text, got {shown(line)}")
    if len(line) > LINE_LIMIT:
        raise InputError(too_long("the line", len(line), LINE_LIMIT, "any question"))
    # Without its line end: json would place an error at the end of the text
    # on the next line ("line 2 column 1") rather than where the line stops.
    text = line.removesuffix("\n").removesuffix("\r")
    try:
        return json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except RecursionError:
        raise InputError("the line nests too deeply to be a question") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"the line is not JSON ({exc.msg} at {_where(exc, text)})") from None


def _where(exc: json.JSONDecodeError, text: str) -> str:
    """Where in the line a JSON error is: its column (from 1), and whether the line ended there."""
    place = f"column {exc.colno}" if exc.lineno == 1 else f"line {exc.lineno} column {exc.colno}"
    return f"{place}, the end of the line" if exc.pos >= len(text) else place


def legal_line(line: str | bytes, variant: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``nardy legal`` input line (a JSON object) with a JSON-able dict.

    Raises a :class:`~nardy.errors.NardyError`: an
    :class:`~nardy.errors.InputError` for a line that is not the documented
    object (not UTF-8, not JSON, too long or too deep, missing keys), else
    the error of the part that is wrong; :func:`~nardy.cli.legal.run_legal` turns it into an
    ``{"error": ...}`` line. ``line`` may also be UTF-8 bytes.
    """
    data = _read_line(line)
    if not isinstance(data, dict):
        raise InputError(f"each input line must be a JSON object, got {shown(data)}")
    name = data.get("variant", variant)
    if name is None:
        raise InputError('no variant: give "variant" in the line or --variant')
    if not isinstance(name, str):
        raise InputError(f'"variant" must be a variant name, got {shown(name)}')
    line_opts = data.get("options", {})
    if not isinstance(line_opts, dict):
        raise InputError(f'"options" must be an object, got {shown(line_opts)}')
    # Precedence: --option defaults < options written in the variant string
    # < the line's "options" object.
    base, spec_opts = split_spec(name)
    rules = find_variant(base, {**options, **spec_opts, **line_opts})
    for key in ("board", "dice"):
        if key not in data:
            raise InputError(f"missing {key!r} in input line {shown(data)}")
    # A variant with extra state (pins, a pool, counted rolls) reads its own
    # keys too; an answer gives those that hold checkers (not counted rolls).
    fields = rules.extra_fields()
    extra_keys = [key for field in fields for key in field.keys]
    extra = {key: data[key] for key in extra_keys if key in data}
    answer_keys = [key for field in fields if field.holds_checkers for key in field.keys]
    empty_pool = "pool" in data and "pool" not in extra_keys and _no_pool(rules, data["pool"])
    position = rules.position(data["board"], data.get("bar", (0, 0)), data.get("off"), **extra)
    answer = plays_answer(position.legal_plays(_question_roll(rules, data)), answer_keys)
    if empty_pool:
        for entry in answer["plays"]:
            entry["pool"] = [0, 0]
    return answer


def _no_pool(rules: Variant, pool: Any) -> bool:
    """A question's ``"pool"`` in a variant without one: ``[0, 0]`` (True), else an error.

    The pool is the family's array-form key (the checkers not yet
    entered); a variant without it (gul bara, backgammon) has none there,
    and its answers then give ``"pool": [0, 0]`` too.
    """
    if pair("pool", pool) != (0, 0):  # (pair checks the type)
        raise InvalidPositionError(
            f"{rules.spec()} has no pool: its checkers are all on the board, the bar or off, "
            f"so pool is [0, 0], not {shown(pool)}"
        )
    return True


def _question_roll(rules: Variant, data: dict[str, Any]) -> Roll:
    """The roll of a question: ``"dice"`` (two, or three for a variant of three dice), with ``"moves"`` a segment of k moves."""
    dice = data["dice"]
    count = rules.dice
    if not isinstance(dice, list) or len(dice) != count:
        words = "two" if count == 2 else "three"
        raise InputError(f'"dice" must be a list of {words} integers, got {shown(dice)}')
    roll = Roll(*dice)
    if "moves" not in data:
        return roll
    if not rules.segment_moves:
        raise InvalidDiceError(
            f'{rules.spec()} plays a double as four moves: "moves" is for a variant '
            "with segments of k moves"
        )
    if not roll.is_double:
        raise InvalidDiceError(f'"moves" goes with a double, not with the dice {shown(dice)}')
    return roll.with_moves(data["moves"])


def plays_answer(plays: LegalPlays, extra_keys: Sequence[str]) -> dict[str, Any]:
    """The ``{"plays": [...]}`` answer of a legal set; ``extra_keys``: the variant's extra keys."""
    out = []
    arrays = plays.resulting_arrays() if extra_keys else None
    for i, (notation, state) in enumerate(zip(plays.notations(), plays.result_states())):
        entry = {
            "play": notation,
            "board": list(state[1:25]),
            "bar": [state[25], state[26]],
            "off": [state[0], state[27]],
        }
        if arrays is not None:
            entry.update((key, arrays[i][key]) for key in extra_keys)
        out.append(entry)
    return {"plays": out}


def error_answer(exc: Exception) -> dict[str, Any]:
    """The ``{"error": ...}`` answer of a line that failed with ``exc`` (its message shortened)."""
    message = str(exc)
    if len(message) > MESSAGE_LIMIT:
        half = (MESSAGE_LIMIT - 5) // 2
        message = f"{message[:half]} ... {message[-half:]}"
    return {"error": {"type": type(exc).__name__, "message": message}}


# The rolls by 8 * first die + second die (see dice_index).
_ROLLS: Final = {8 * a + b: Roll(a, b) for a in range(1, 7) for b in range(1, 7)}
# The bar of a question without one, as legal_line reads it.
_NO_BAR: Final = [0, 0]  # (never changed)


class LegalFilter:
    """Answers ``nardy legal`` lines as text, exactly as ``json.dumps(legal_line(...))`` does.

    ``variant`` and ``options`` are the command's ``--variant`` and
    ``--option`` values. :meth:`answer` returns the line to write; the fast
    path keeps a few things between lines: the configured variants by
    ``(name, options)`` and pieces of answer text (:class:`~nardy.cli.legal_text.TextPieces`).
    """

    def __init__(self, variant: str | None, options: dict[str, Any]) -> None:
        """A filter for lines whose default variant and options are ``variant`` and ``options``."""
        self.variant: Final = variant
        self.options: Final = dict(options)
        self._rules: dict[object, Variant] = {}
        self._plain: dict[type[Variant], bool] = {}
        self._pieces = TextPieces()

    def answer(self, line: str | bytes) -> tuple[str, bool]:
        """The answer line to ``line`` (newline included) and whether it is an error."""
        try:
            text = self.quick_answer(line)
        except Exception:  # whatever went wrong, the full path says it exactly
            text = None
        if text is not None:
            return text, False
        try:
            answer = legal_line(line, self.variant, self.options)
        except Exception as exc:  # a bug must not end the stream; its line says what it was
            return json.dumps(error_answer(exc)) + "\n", True
        return json.dumps(answer) + "\n", False

    def _variant(self, name: str, data: dict[str, Any]) -> Variant | None:
        """The configured variant of a line, found once per distinct name and options."""
        if "options" in data:
            line_opts = data["options"]
            if type(line_opts) is not dict:
                return None
            key: object = (name, json.dumps(line_opts))
        else:
            line_opts = {}
            key = name
        rules = self._rules.get(key)
        if rules is None:
            base, spec_opts = split_spec(name)
            rules = find_variant(base, {**self.options, **spec_opts, **line_opts})
            if len(self._rules) >= 256:  # many distinct option sets: forget the old ones
                self._rules.clear()
            self._rules[key] = rules
        return rules

    def _is_plain(self, rules: Variant) -> bool:
        """Whether the variant reads positions as :class:`~nardy.Variant` does, without extra state, with two dice."""
        cls = type(rules)
        plain = self._plain.get(cls)
        if plain is None:
            plain = (
                not rules.extra_fields()
                and cls.position is Variant.position
                and cls.validate is Variant.validate
                and cls.dice == 2
            )
            self._plain[cls] = plain
        return plain

    def quick_answer(self, line: str | bytes) -> str | None:
        """The answer of a well-formed question, or None to leave the line to :func:`legal_line`."""
        if type(line) is str:
            line = line.encode("utf-8", "surrogatepass")
        if type(line) is not bytes or len(line) > LINE_LIMIT or not quiet_numbers(line):
            # (A str is never longer than its UTF-8 bytes.)
            return None
        # Without a number _json_int or _json_constant would refuse, json's own
        # readers give the same value, and faster.
        data = json.loads(line.decode("utf-8"))
        if type(data) is not dict:
            return None
        name = data.get("variant", self.variant)
        if type(name) is not str:
            return None
        rules = self._variant(name, data)
        if rules is None or not self._is_plain(rules) or "board" not in data:
            return None
        if "moves" in data or "pool" in data:
            return None
        packed = packed_question(
            data["board"], data.get("bar", _NO_BAR), data.get("off"), rules.checkers, rules.has_bar
        )
        roll = _ROLLS.get(dice_index(data.get("dice")))
        if packed is None or roll is None:
            return None
        plays = rules.legal_plays(Position.from_packed(rules, Side.WHITE, packed), roll)
        return plays_text(plays.notations(), plays.raw_results(), BASE_SIZE, self._pieces)


def legal_arguments(argv: Sequence[str]) -> tuple[str | None, dict[str, str]] | None:
    """``nardy legal``'s variant and options when ``argv`` is plainly that command, else None.

    Reads ``legal`` followed by ``--variant NAME`` and ``--option KEY=VALUE``
    (or ``--variant=NAME``, ``--option=KEY=VALUE``) only, so that the command
    starts without building the parser of every subcommand; anything else
    (help, abbreviations, a bad option) is left to the parser, which
    answers as it always has.
    """
    if not argv or argv[0] != "legal":
        return None
    variant: str | None = None
    options: dict[str, str] = {}
    i = 1
    while i < len(argv):
        flag, eq, value = argv[i].partition("=")
        if not eq:
            if i + 1 >= len(argv):
                return None
            value = argv[i + 1]
            i += 1
            if value.startswith("-"):
                return None
        i += 1
        if flag == "--variant":
            variant = value
        elif flag == "--option":
            key, is_pair, option = value.partition("=")
            if not is_pair or not key.strip():
                return None
            options[key.strip()] = option.strip()
        else:
            return None
    return variant, options


def legal_main(argv: Sequence[str]) -> int | None:
    """Run ``nardy legal`` when ``argv`` (without the program name) is plainly that command.

    Returns its exit status, or None when ``argv`` is anything else (see
    :func:`legal_arguments`): then the ``nardy`` command's parser takes over.
    """
    plain = legal_arguments(argv)
    if plain is None:
        return None
    prepare_streams()
    try:
        return legal_command(plain[0], plain[1], sys.stdin, sys.stdout)
    except BrokenPipeError:  # the reader went away (e.g. `nardy legal < big | head`)
        return stdout_gone()


def legal_command(
    variant: str | None, options: dict[str, str], stdin: IO[str], stdout: IO[str]
) -> int:
    """``nardy legal --variant VARIANT --option KEY=VALUE...`` on these streams; its exit status.

    A ``variant`` (with ``options``) that does not exist is a usage error
    (status 2, a message on standard error), found before any line is read.
    """
    if variant is not None:
        try:
            find_variant(variant, options)
        except NardyError as exc:
            print(f"nardy legal: {exc}", file=sys.stderr)
            return 2
    return run_legal(variant, options, stdin, stdout)


def prepare_streams() -> None:
    """Let standard output and error escape what the terminal cannot show (not fail on it)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def stdout_gone() -> int:
    """Exit status 0 when the reader went away: Python's last flush then goes nowhere."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 0


def input_batches(stdin: IO[str]) -> Iterator[list[str | bytes]]:
    """The input lines in batches: each batch is every complete line read so far.

    (Also how ``nardy id -`` reads its IDs.)

    The answers to a batch are written and flushed before the next read, which
    may wait for input: a program that sends one question and waits gets its
    answer, and one that sends many gets them without a flush per line.
    Lines are bytes when the stream has them (so one bad line cannot stop
    the rest).
    """
    raw = getattr(stdin, "buffer", None)
    read1 = getattr(raw, "read1", None)
    if read1 is None:
        for line in raw if raw is not None else stdin:
            yield [line]
        return
    pending: list[bytes] = []
    while True:
        chunk: bytes = read1(1 << 16)
        if not chunk:
            break
        end = chunk.rfind(b"\n")
        if end < 0:  # no line ends in this chunk: keep reading
            pending.append(chunk)
            continue
        pending.append(chunk[:end])
        # Split on b"\n" only, as iterating over the stream does, each line
        # keeping its newline (a message may count it).
        yield [line + b"\n" for line in b"".join(pending).split(b"\n")]
        pending = [chunk[end + 1 :]] if end + 1 < len(chunk) else []
    if pending:
        yield [b"".join(pending)]


def run_legal(variant: str | None, options: dict[str, Any], stdin: IO[str], stdout: IO[str]) -> int:
    """Answer every line of ``stdin`` on ``stdout``; the exit status: 1 if a line failed, else 0.

    Blank lines are skipped. The input is read in batches (every complete
    line that has arrived), and a batch's answers are written at once and
    flushed before the next read, which may wait for input.
    """
    answers = LegalFilter(variant, options)
    failed = False
    for batch in input_batches(stdin):
        out = []
        for line in batch:
            if not line.strip():
                continue
            text, error = answers.answer(line)
            failed = failed or error
            out.append(text)
        if out:
            # ASCII JSON: valid on any terminal encoding.
            stdout.write("".join(out))
            stdout.flush()
    return 1 if failed else 0
