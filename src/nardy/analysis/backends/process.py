"""The ``gnubg-process`` engine: the GNU Backgammon program run as a ``gnubg -t`` process (GPL-3.0).

For users who have the program (``apt install gnubg``, or a build of
their own); nothing of it is imported. Backgammon and nackgammon.

* **Evaluation**: gnubg's ``evaluate`` (cubeless chances) and, with
  ``Limit.cubeful``, ``cfevaluate``'s cubeful equity (the better of no
  double and double, for the side on roll) at ``Limit.plies`` 0 to 4
  (more is answered at 4), with the cube and score of the match state.
* **Ranked plays**: every legal play's resulting position evaluated so,
  in one exchange.
* **Cube decisions**, money and match: ``cfevaluate``'s no double,
  double/take and double/pass equities (EMG in a match, money units of the
  cube otherwise).
* **Not supported**: rollouts (:class:`~nardy.errors.UnsupportedAnalysisError`).

**The lifecycle.** Opening the engine starts the program (``command``:
by default ``gnubg -t -q -r``, the program found on ``PATH`` or in
``/usr/games``) and waits for it to answer; every exchange after has a
``timeout`` (seconds, 30 by default). The engine is a context manager;
:meth:`~GnubgProcessEngine.close` ends the program (asked to quit, then
killed), and so does dropping the engine. A program that dies, does not
answer in time or cannot be started raises
:class:`~nardy.errors.EngineFailedError` naming the command (one that
timed out is killed first): nothing is left running.

**The protocol**: lines of gnubg's command language on its standard
input. nardy defines one Python function in the program's embedded
Python (gnubg's ``>`` command) and sends each request as one line
``>nardy_answer(N, function, arguments...)``; the program answers with
one line ``@nardy N ["ok", result]`` (JSON) or ``@nardy N ["error",
message]``; everything else it prints is skipped.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
import weakref
from collections import deque
from collections.abc import Sequence
from typing import Any

import attrs

from nardy.analysis.boards import gnubg_board
from nardy.analysis.context import Context, Owner
from nardy.analysis.engine import EngineBase
from nardy.analysis.values import (
    Ability,
    CubeAction,
    CubeDecision,
    EngineInfo,
    Evaluation,
    Limit,
    Probabilities,
)
from nardy.errors import AnalysisInputError, EngineFailedError
from nardy.model.position import Position

__all__ = ["PROGRAM", "QUIT_GRACE", "GnubgProcess", "GnubgProcessEngine", "find_program"]

#: The program's name.
PROGRAM = "gnubg"
#: Where Debian and Ubuntu install it, off the usual ``PATH``.
GAMES_DIRECTORY = "/usr/games"
#: The deepest look-ahead asked of gnubg.
MAX_PLIES = 4
#: Seconds an exchange may take by default (a 4-ply cube decision takes a few).
TIMEOUT = 30.0
#: The first word of every answer line.
MARKER = "@nardy"
#: How many of the program's other lines an error message quotes.
QUOTED = 3
#: Seconds the program gets to quit before it is killed.
QUIT_GRACE = 2.0
# The one function the program's Python runs for every request: its answer as one JSON line.
_SETUP = (
    ">exec(\"import json\\ndef nardy_answer(n, f, *a):\\n    try:\\n        r = ['ok', f(*a)]\\n"
    "    except Exception as e:\\n        r = ['error', '%s: %s' % (type(e).__name__, e)]\\n"
    f"    print('{MARKER}', n, json.dumps(r), flush=True)\\n\")"
)
# The first line gnubg prints: "GNU Backgammon 1.07.001 20230103".
_BANNER = re.compile(r"GNU Backgammon (\S+)")
#: The longest request line sent (gnubg drops a command line of about 2,000 characters or more).
LINE_LIMIT = 1800
# gnubg's variants (its bgvariation): the positions it can evaluate.
_VARIANTS = {"backgammon": 0, "nackgammon": 1}


def find_program() -> str | None:
    """The path of the ``gnubg`` program: on ``PATH``, else in ``/usr/games``; ``None`` if there is none."""
    return shutil.which(PROGRAM) or shutil.which(PROGRAM, path=GAMES_DIRECTORY)


def _stop(process: subprocess.Popen[str], home: tempfile.TemporaryDirectory[str]) -> None:
    """End ``process``: ask it to quit (close its input), then kill it; remove its ``home``. Safe to call twice."""
    try:
        _end(process)
    finally:
        home.cleanup()


def _end(process: subprocess.Popen[str]) -> None:
    """Ask ``process`` to quit (close its input), then kill it."""
    if process.poll() is None:
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(QUIT_GRACE)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None and not stream.closed:
            stream.close()


def _read_lines(stream: Any, lines: queue.Queue[str | None]) -> None:
    """Put every line of ``stream`` in ``lines``, then ``None`` at its end (the reader thread)."""
    try:
        for line in stream:
            lines.put(line.rstrip("\n"))
    except (OSError, ValueError):  # the stream was closed under us by close()
        pass
    lines.put(None)


class GnubgProcess:
    """A ``gnubg -t`` process and its line protocol: :meth:`call`, each with a timeout; :meth:`close`.

    ``command`` is the program and its arguments. Starting it waits up to
    ``timeout`` seconds for its first answer. Every failure is an
    :class:`~nardy.errors.EngineFailedError` naming the command.
    """

    def __init__(self, command: Sequence[str], timeout: float = TIMEOUT) -> None:
        self.command = list(command)
        self.timeout = timeout
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._said: deque[str] = deque(maxlen=QUOTED)
        #: The program's version, from its banner (``"unknown"`` if it printed none).
        self.version = "unknown"
        self._count = 0
        # The program keeps its settings in $HOME/.gnubg and saves there
        # what nardy sets (its threads) when it quits: a home of its own
        # keeps the user's settings as they were, and out of nardy's answers.
        home = tempfile.TemporaryDirectory(prefix="nardy-gnubg-")
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                bufsize=1,
                env={**os.environ, "PYTHONUNBUFFERED": "1", "HOME": home.name},
            )
        except OSError as exc:
            home.cleanup()
            raise EngineFailedError(f"cannot start {self.name}: {exc.strerror or exc}") from None
        # The program is ended however the engine goes: close(), an error, or garbage.
        self._finalizer = weakref.finalize(self, _stop, self._process, home)
        threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines), daemon=True
        ).start()
        self._send("set threads 1")
        self._send(_SETUP)
        self.call("starting", "lambda: 1")

    @property
    def name(self) -> str:
        """The command as one would type it."""
        return " ".join(self.command)

    @property
    def pid(self) -> int:
        """The program's process id."""
        return self._process.pid

    @property
    def running(self) -> bool:
        """Whether the program is still running."""
        return self._process.poll() is None

    def close(self) -> None:
        """End the program (asked to quit, then killed after :data:`~nardy.analysis.backends.process.QUIT_GRACE` seconds)."""
        self._finalizer()

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        try:
            assert stdin is not None
            stdin.write(line + "\n")
            stdin.flush()
        except (OSError, ValueError):
            raise self._died("a request was sent") from None

    def call(self, what: str, function: str, *arguments: Any) -> Any:
        """The result of ``function(*arguments)`` in the program's Python (``what``: for messages).

        ``function`` is Python source (``"gnubg.evaluate"``); the arguments
        are written as Python literals (``repr``).
        """
        if not self.running:
            raise self._died(what)
        self._count += 1
        number = self._count
        written = ", ".join([str(number), function, *map(repr, arguments)])
        self._send(f">nardy_answer({written})")
        status, result = self._answer(number, what)
        if status != "ok":
            raise EngineFailedError(f"{self.name} failed in {what}: {result}")
        return result

    def _answer(self, number: int, what: str) -> list[Any]:
        """The answer to request ``number``: waits at most :attr:`timeout` seconds."""
        prefix = f"{MARKER} {number} "
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.close()
                raise EngineFailedError(
                    f"{self.name} did not answer within {self.timeout:g} s in {what}; "
                    "it was stopped"
                ) from None
            if line is None:
                raise self._died(what)
            if line.startswith(prefix):
                answer: list[Any] = json.loads(line[len(prefix) :])
                return answer
            if line.strip():
                self._said.append(line.strip())
                banner = _BANNER.match(line.strip())
                if banner and self.version == "unknown":
                    self.version = banner.group(1)

    def _died(self, what: str) -> EngineFailedError:
        self.close()
        code = self._process.returncode
        said = "; ".join(self._said)
        return EngineFailedError(
            f"{self.name} ended (exit status {code}) in {what}"
            + (f"; it said: {said}" if said else "")
        )


def _digits(position: Position) -> str:
    """The gnubg board of ``position`` as 50 base-36 digits (opponent's 25 counts, then the mover's)."""
    return "".join(
        "0123456789abcdefghijklmnopqrstuvwxyz"[n] for half in gnubg_board(position) for n in half
    )


class GnubgProcessEngine(EngineBase):
    """The ``gnubg-process`` backend (see :mod:`nardy.analysis.backends.process`).

    ``command``: the program and its arguments (default: the ``gnubg``
    found by :func:`find_program`, with ``-t -q -r``); ``timeout``: seconds
    an exchange may take.
    """

    NAME = "gnubg-process"
    DISTRIBUTION = "gnubg"
    ABILITIES = frozenset(
        {Ability.EVALUATE, Ability.RANK_PLAYS, Ability.CUBE_MONEY, Ability.CUBE_MATCH}
    )
    VARIANTS = frozenset(_VARIANTS)
    DESCRIPTION = (
        "GNU Backgammon as a gnubg -t process (the program): strong; 0-4 plies, cubeful, "
        "money and match cube; no rollouts"
    )

    def __init__(self, command: Sequence[str] | None = None, timeout: float = TIMEOUT) -> None:
        super().__init__()
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout <= 0:
            raise AnalysisInputError(f"timeout is a number of seconds > 0, got {timeout!r}")
        if command is None:
            program = find_program()
            if program is None:
                raise EngineFailedError(
                    f"no {PROGRAM} program on PATH or in {GAMES_DIRECTORY}: install GNU "
                    "Backgammon, or give command=[path, '-t', ...]"
                )
            command = [program, "-t", "-q", "-r"]
        if isinstance(command, str) or not all(isinstance(c, str) for c in command):
            raise AnalysisInputError(f"command is a list of strings, got {command!r}")
        self.process = GnubgProcess(command, float(timeout))
        self._info = attrs.evolve(self._info, version=self.process.version)

    @classmethod
    def describe(cls) -> EngineInfo:
        """The backend's info without starting the program: its version is read when it starts."""
        return attrs.evolve(super().describe(), version="unknown")

    def close(self) -> None:
        """End the program; using the engine afterwards raises :class:`~nardy.errors.EngineFailedError`."""
        self.process.close()
        super().close()

    # --- requests ---------------------------------------------------------------------------

    def _cube_info(self, position: Position, context: Context) -> list[Any]:
        """``gnubg.cubeinfo``'s arguments: gnubg's player 0 is the side on roll here."""
        owner = {Owner.CENTRED: -1, Owner.MOVER: 0, Owner.OPPONENT: 1}[context.owner]
        # Only the points each side needs matter: the shortest match with them.
        length = 0 if context.money else max(context.away, context.opponent_away)
        score = (0, 0) if context.money else (length - context.away, length - context.opponent_away)
        variant = _VARIANTS[position.variant.name]
        return [context.cube, owner, 0, length, score, int(context.crawford), variant]

    def _ask(
        self,
        what: str,
        function: str,
        positions: list[Position],
        contexts: list[Context],
        limit: Limit,
    ) -> list[Any]:
        """``function(board, cubeinfo, evalcontext)`` of each position, in as few exchanges as fit.

        gnubg reads a command line of at most about 2,000 characters (a
        longer one is lost without an answer), so the positions go in
        chunks whose line stays under :data:`LINE_LIMIT`, each board written
        as 50 base-36 digits.
        """
        self._check_open()
        context = [int(limit.cubeful), limit.plies, 0, 1, 0.0]
        source = (
            "lambda jobs, e: [" + function + "([[int(x, 36) for x in b[:25]], "
            "[int(x, 36) for x in b[25:]]], gnubg.cubeinfo(*c), gnubg.evalcontext(*e)) "
            "for b, c in jobs]"
        )
        room = LINE_LIMIT - len(source) - 100
        answers: list[Any] = []
        chunk: list[tuple[str, list[Any]]] = []
        size = 0
        for position, c in zip(positions, contexts):
            job = (_digits(position), self._cube_info(position, c))
            if chunk and size + len(repr(job)) > room:
                answers += self.process.call(what, source, chunk, context)
                chunk, size = [], 0
            chunk.append(job)
            size += len(repr(job)) + 2
        if chunk:
            answers += self.process.call(what, source, chunk, context)
        return answers

    def compute_evaluations(
        self, positions: list[Position], limit: Limit, contexts: list[Context]
    ) -> list[Evaluation]:
        """The chances by gnubg's ``evaluate`` (and ``cfevaluate`` when cubeful), few exchanges."""
        used = limit.replace(plies=min(limit.plies, MAX_PLIES))
        chances = self._ask("evaluate", "gnubg.evaluate", positions, contexts, used)
        cubeful: list[Any] = [None] * len(positions)
        if used.cubeful:
            cubeful = self._ask("cfevaluate", "gnubg.cfevaluate", positions, contexts, used)
        return [
            Evaluation(
                position=p,
                probabilities=Probabilities.from_tuple(p.turn, list(answer[:5])),
                cubeful_equity=None if cube is None else float(cube[0]),
                match_winning_chance=None,
                engine=self.info,
                limit=used,
            )
            for p, answer, cube in zip(positions, chances, cubeful)
        ]

    def compute_cube(self, position: Position, limit: Limit, context: Context) -> CubeDecision:
        """The decision by gnubg's ``cfevaluate``: no double, double/take and double/pass."""
        used = limit.replace(plies=min(limit.plies, MAX_PLIES), cubeful=True)
        (answer,) = self._ask("cfevaluate", "gnubg.cfevaluate", [position], [context], used)
        nd, dt, dp = (float(x) for x in answer[1:4])
        chances = self.compute_evaluations([position], used.replace(cubeful=False), [context])
        return CubeDecision(
            position=position,
            action=CubeAction.of(nd, dt, dp, beaver=context.beaver),
            no_double=nd,
            double_take=dt,
            double_pass=dp,
            probabilities=chances[0].probabilities,
            engine=self.info,
            limit=used,
        )
