"""``nardy legal``: JSON questions in, legal plays out, one line each.

:func:`legal_line` answers one line with a JSON-able dict and defines the
answer, every error included. :class:`LegalFilter` gives the same answers as
text, faster: a well-formed question of a variant without extra state is
read, checked and written without the dicts and the ``json`` calls that
:func:`legal_line` needs (see :mod:`nardy.answers`); anything it is not sure
of goes to :func:`legal_line`, so an answer is always the text of
``json.dumps(legal_line(...))``. :func:`run_legal` is the command's loop.

This module imports only what ``nardy legal`` needs, so that the command
starts quickly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import IO, Any, Final

from nardy.answers import NotationText, plays_text
from nardy.checks import shown
from nardy.core import Roll, Side
from nardy.engine.layout import BASE_SIZE, pack
from nardy.errors import InputError
from nardy.legal import LegalPlays
from nardy.position import Position
from nardy.registry import find_variant, split_spec
from nardy.variant import Variant

__all__ = [
    "LINE_LIMIT",
    "MESSAGE_LIMIT",
    "LegalFilter",
    "error_answer",
    "legal_arguments",
    "legal_line",
    "plays_answer",
    "run_legal",
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
        raise InputError(
            f"the line is {len(line):,} characters long, more than any question "
            f"({LINE_LIMIT:,} at most)"
        )
    try:
        return json.loads(line, parse_int=_json_int, parse_constant=_json_constant)
    except RecursionError:
        raise InputError("the line nests too deeply to be a question") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"the line is not JSON ({exc.msg} at column {exc.colno})") from None


def legal_line(line: str | bytes, variant: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``nardy legal`` input line (a JSON object) with a JSON-able dict.

    Raises a :class:`~nardy.errors.NardyError`: an
    :class:`~nardy.errors.InputError` for a line that is not the documented
    object (not UTF-8, not JSON, too long or too deep, missing keys), else
    the error of the part that is wrong; :func:`run_legal` turns it into an
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
    # A variant with extra state (pins) reads and writes its own keys too.
    extra_keys = [key for field in rules.extra_fields() for key in field.keys]
    extra = {key: data[key] for key in extra_keys if key in data}
    position = rules.position(data["board"], data.get("bar", (0, 0)), data.get("off"), **extra)
    dice = data["dice"]
    if not isinstance(dice, list) or len(dice) != 2:
        raise InputError(f'"dice" must be a list of two integers, got {shown(dice)}')
    return plays_answer(position.legal_plays(Roll(dice[0], dice[1])), extra_keys)


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


# A run of 20 digits: the line may hold a number _json_int refuses (an int of
# more than 20 characters has at least 20 digits), so it takes the full path.
_LONG_NUMBER: Final = re.compile(r"\d{20}")
# The rolls by 8 * first die + second die.
_ROLLS: Final = {8 * a + b: Roll(a, b) for a in range(1, 7) for b in range(1, 7)}
# The state bytes a variant without extra state packs.
_NO_EXTRA: Final = BASE_SIZE


def _counts(value: object, length: int) -> bool:
    """Whether ``value`` is a JSON list of ``length`` counts, as ``int_tuple`` accepts it."""
    # One type look-up per item in C (map), not an isinstance call per item in Python.
    return (
        type(value) is list
        and len(value) == length
        and set(map(type, value)) == {int}
        and min(value) >= -1000
        and max(value) <= 1000
    )


class LegalFilter:
    """Answers ``nardy legal`` lines as text, exactly as ``json.dumps(legal_line(...))`` does.

    ``variant`` and ``options`` are the command's ``--variant`` and
    ``--option`` values. :meth:`answer` returns the line to write; the fast
    path keeps a few things between lines: the configured variants by
    ``(name, options)`` and the JSON text of the notations.
    """

    def __init__(self, variant: str | None, options: dict[str, Any]) -> None:
        """A filter for lines whose default variant and options are ``variant`` and ``options``."""
        self.variant: Final = variant
        self.options: Final = dict(options)
        self._rules: dict[object, Variant] = {}
        self._plain: dict[type[Variant], bool] = {}
        self._quoted = NotationText()

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
        """Whether the variant reads positions as :class:`~nardy.Variant` does, without extra state."""
        cls = type(rules)
        plain = self._plain.get(cls)
        if plain is None:
            plain = (
                not rules.extra_fields()
                and cls.position is Variant.position
                and cls.validate is Variant.validate
            )
            self._plain[cls] = plain
        return plain

    def quick_answer(self, line: str | bytes) -> str | None:
        """The answer of a well-formed question, or None to leave the line to :func:`legal_line`."""
        if type(line) is bytes:
            if len(line) > LINE_LIMIT:  # a str is never longer than its UTF-8 bytes
                return None
            text = line.decode("utf-8")
        elif type(line) is str:
            text = line
        else:
            return None
        if (
            len(text) > LINE_LIMIT
            or "NaN" in text
            or "Infinity" in text
            or _LONG_NUMBER.search(text) is not None
        ):
            return None
        # Without a number _json_int or _json_constant would refuse, json's own
        # readers give the same value, and faster.
        data = json.loads(text)
        if type(data) is not dict:
            return None
        name = data.get("variant", self.variant)
        if type(name) is not str:
            return None
        rules = self._variant(name, data)
        if rules is None or not self._is_plain(rules) or "board" not in data:
            return None
        board: Any = data["board"]
        bar: Any = data.get("bar", (0, 0))
        off: Any = data.get("off")
        dice: Any = data.get("dice")
        if not (
            _counts(board, 24)
            and (bar == (0, 0) or _counts(bar, 2))
            and _counts(off, 2)
            and type(dice) is list
            and len(dice) == 2
            and type(dice[0]) is int
            and type(dice[1]) is int
            and 1 <= dice[0] <= 6
            and 1 <= dice[1] <= 6
        ):
            return None
        bar_m, bar_o = bar
        off_m, off_o = off
        # Variant.validate's conditions, checked on the numbers alone (its
        # messages are built only when one fails, by the full path).
        n = rules.checkers
        if (
            min(bar_m, bar_o, off_m, off_o) < 0
            or (not rules.has_bar and (bar_m or bar_o))
            or sum([x for x in board if x > 0]) + bar_m + off_m != n
            or sum([x for x in board if x < 0]) - bar_o - off_o != -n
            or (off_m == n and off_o == n)
        ):
            return None
        position = Position.from_packed(
            rules, Side.WHITE, pack((off_m, *board, bar_m, bar_o, off_o))
        )
        plays = position.legal_plays(_ROLLS[8 * dice[0] + dice[1]])
        return plays_text(plays.notations(), plays.raw_results(), _NO_EXTRA, self._quoted)


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


def _lines(stdin: IO[str]) -> Iterator[list[str | bytes]]:
    """The input lines in batches: each batch is every complete line read so far.

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

    Blank lines are skipped; a batch of answers is flushed before the next
    read of input (see :func:`_lines`).
    """
    answers = LegalFilter(variant, options)
    failed = False
    for batch in _lines(stdin):
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
