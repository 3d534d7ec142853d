"""``nardy legal``: JSON questions in, legal plays out, one line each.

:func:`legal_line` answers one line with a JSON-able dict and defines the
answer, every error included. :class:`LegalFilter` gives the same answers as
text, faster: the answer to a well-formed question of any variant is written
without the dicts and the ``json`` calls that :func:`legal_line` needs (see
:mod:`nardy.cli.legal_text`), and one of a variant without extra state is
also read and checked in one pass; anything it is not sure of goes
to :func:`legal_line`, so an answer is always the text of
``json.dumps(legal_line(...))``. :func:`run_legal` is the command's loop.

This module imports only what ``nardy legal`` needs, so that the command
starts quickly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any, Final

from nardy.cli.legal_text import (
    TextPieces,
    answer_text,
    dice_index,
    packed_question,
    quiet_numbers,
)
from nardy.errors import CheckerCountError, InputError, InvalidDiceError, NardyError
from nardy.model.basics import Roll, Side
from nardy.model.legal import LegalPlays
from nardy.model.position import Position
from nardy.model.registry import find_variant, split_spec
from nardy.model.validate import shown, too_long
from nardy.rules.vocabulary import POOL, ExtraField, ExtraKind
from nardy.variants.base import Variant

__all__ = [
    "LINE_LIMIT",
    "MESSAGE_LIMIT",
    "LegalFilter",
    "answer_keys",
    "error_answer",
    "input_batches",
    "legal_arguments",
    "legal_command",
    "legal_line",
    "legal_main",
    "plays_answer",
    "prepare_streams",
    "question",
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
    position, roll = question(rules, data)
    return plays_answer(position.legal_plays(roll), answer_keys(rules, data))


def question(rules: Variant, data: dict[str, Any]) -> tuple[Position, Roll]:
    """The position and roll that a question (the line's JSON object) asks ``rules`` about.

    The position is the array form, read by :meth:`Variant.position
    <nardy.Variant.position>` from the line's ``board``, ``bar``, ``off``,
    the keys of the variant's extra state and ``pool`` (every variant reads
    it: ``[0, 0]`` in one without a pool); other keys are not read. In a
    variant with a pool a line without ``pool`` is read with ``[0, 0]``
    when it gives ``off``, and refused when it gives neither: nardy could
    not tell the checkers in the pool from those borne off. Raises
    :class:`~nardy.errors.InputError` for a missing key, else the error of
    the part that is wrong.
    """
    for key in ("board", "dice"):
        if key not in data:
            raise InputError(f"missing {key!r} in input line {shown(data)}")
    keys = [key for field in rules.extra_fields() for key in field.keys]
    if _POOL not in keys:
        keys.append(_POOL)
    extra = {key: data[key] for key in keys if key in data}
    unsaid = [f for f in rules.extra_fields() if _counts_checkers(f) and f.keys[0] not in data]
    if unsaid and "off" not in data:
        raise InputError(_missing(rules, unsaid[0]))
    try:
        position = rules.position(data["board"], data.get("bar", (0, 0)), data.get("off"), **extra)
    except CheckerCountError as exc:
        if not unsaid:
            raise
        key = unsaid[0].keys[0]
        raise type(exc)(f"{exc} (the line has no {key!r}: [0, 0] was read)") from None
    return position, _question_roll(rules, data)


# The family's key of the pool (POOL): every variant reads it.
_POOL: Final = POOL.keys[0]


def _counts_checkers(field: ExtraField) -> bool:
    """Whether a field is a count of checkers the board does not show (a pool)."""
    return field.kind is ExtraKind.COUNT and field.holds_checkers


def _missing(rules: Variant, field: ExtraField) -> str:
    """The message for a question of ``rules`` with neither ``off`` nor the key of ``field``."""
    key = field.keys[0]
    start = rules.start_extra.get(field.name)
    at_start = f" ([{start}, {start}] at the start)" if start else ""
    return (
        f"missing {key!r} for {rules.spec()}: [mover, opponent], the checkers each side has "
        f'in its {field.name}{at_start}; give it, or "off", so that they are not taken '
        "for checkers borne off"
    )


def answer_keys(rules: Variant, data: dict[str, Any]) -> list[str]:
    """The keys of extra state in the answers to ``data``, a question of ``rules``.

    Those of the fields that hold checkers, as :meth:`Position.to_array
    <nardy.Position.to_array>` gives them (not gul bara's counted rolls,
    which a play does not change), and ``pool`` when the question gave it
    to a variant without a pool: the answer is in the question's form.
    """
    keys = [key for field in rules.extra_fields() if field.holds_checkers for key in field.keys]
    if _POOL in data and _POOL not in keys:
        keys.append(_POOL)
    return keys


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
    """The ``{"plays": [...]}`` answer of a legal set; ``extra_keys``: those of :func:`answer_keys`.

    Each entry is the resulting position's array form
    (:meth:`LegalPlays.resulting_arrays <nardy.LegalPlays.resulting_arrays>`)
    with these extra keys; ``pool`` is ``[0, 0]`` in a variant without one.
    """
    out = []
    arrays = plays.resulting_arrays()
    for notation, array in zip(plays.notations(), arrays):
        entry: dict[str, Any] = {"play": notation}
        entry["board"] = array["board"]
        entry["bar"] = array["bar"]
        entry["off"] = array["off"]
        for key in extra_keys:
            entry[key] = array.get(key, [0, 0])
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
    ``(name, options)`` and, per variant class (and whether the question
    gave a pool), pieces of answer text (:class:`~nardy.cli.legal_text.TextPieces`).
    """

    def __init__(self, variant: str | None, options: dict[str, Any]) -> None:
        """A filter for lines whose default variant and options are ``variant`` and ``options``."""
        self.variant: Final = variant
        self.options: Final = dict(options)
        self._rules: dict[object, Variant] = {}
        self._plain: dict[type[Variant], bool] = {}
        self._texts: dict[tuple[type[Variant], bool], TextPieces] = {}

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

    def _text(self, rules: Variant, data: dict[str, Any]) -> TextPieces:
        """The pieces of answer text of the variant's class (its layout of extra state) for a question."""
        key = (type(rules), _POOL in data)
        pieces = self._texts.get(key)
        if pieces is None:
            pieces = TextPieces(extras=_extra_layout(rules), after=_echoed_text(rules, data))
            self._texts[key] = pieces
        return pieces

    def quick_answer(self, line: str | bytes) -> str | None:
        """The answer of a well-formed question, or None to leave the line to :func:`legal_line`.

        It may also raise where :func:`legal_line` raises, which then says why.
        """
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
        if rules is None or "board" not in data:
            return None
        if self._is_plain(rules) and "moves" not in data and _POOL not in data:
            packed = packed_question(
                data["board"],
                data.get("bar", _NO_BAR),
                data.get("off"),
                rules.checkers,
                rules.has_bar,
            )
            roll = _ROLLS.get(dice_index(data.get("dice")))
            if packed is None or roll is None:
                return None
            position = Position.from_packed(rules, Side.WHITE, packed)
        else:  # read as legal_line reads it
            position, roll = question(rules, data)
        plays = rules.legal_plays(position, roll)
        pieces = self._text(rules, data)
        return answer_text(plays, pieces)


def _extra_layout(rules: Variant) -> tuple[tuple[str, str], ...]:
    """The layout of a variant's extra state in its answers' text (:class:`~nardy.cli.legal_text.TextPieces`).

    The keys of :func:`answer_keys` that the variant has, in the order of
    the packed state.
    """
    layout = []
    for field in rules.extra_fields():
        if not field.holds_checkers:
            layout.append(("", ""))
        elif field.kind is ExtraKind.POINTS:
            layout.append(
                (f", {json.dumps(field.keys[0])}: [", f", {json.dumps(field.keys[1])}: [")
            )
        else:
            layout.append((f", {json.dumps(field.keys[0])}: [", ""))
    return tuple(layout)


def _echoed_text(rules: Variant, data: dict[str, Any]) -> str:
    """The text of the keys :func:`answer_keys` adds for ``data`` beside the variant's own (the pool)."""
    own = [key for field in rules.extra_fields() for key in field.keys]
    return "".join(
        f", {json.dumps(key)}: [0, 0]" for key in answer_keys(rules, data) if key not in own
    )


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
