"""A stand-in for ``gnubg -t`` that speaks its line protocol, for the lifecycle tests of the gnubg-process backend.

It prints gnubg's banner, then reads command lines: the ``>`` lines run in
its Python with a fake ``gnubg`` module whose evaluations are fixed
numbers; other lines (``set threads 1``) are ignored. ``--die-on NAME`` makes
it exit (status 3) when ``gnubg.NAME`` is called, ``--hang-on NAME`` sleep
for ever instead, ``--fail-on NAME`` raise an error in its Python;
``--silent`` never answers at all; ``--pidfile PATH`` writes its process
id there first.
"""

from __future__ import annotations

import os
import sys
import time
import types

die_on = sys.argv[sys.argv.index("--die-on") + 1] if "--die-on" in sys.argv else None
hang_on = sys.argv[sys.argv.index("--hang-on") + 1] if "--hang-on" in sys.argv else None
fail_on = sys.argv[sys.argv.index("--fail-on") + 1] if "--fail-on" in sys.argv else None
if "--pidfile" in sys.argv:
    with open(sys.argv[sys.argv.index("--pidfile") + 1], "w") as out:
        out.write(str(os.getpid()))


def called(name: str) -> None:
    if name == die_on:
        print("fake gnubg: dying as asked", flush=True)
        sys.exit(3)
    if name == fail_on:
        raise RuntimeError(f"{name} failed as asked")
    if name == hang_on:
        while True:
            time.sleep(60)


def evaluate(board: object, cube: object, context: object) -> tuple[float, ...]:
    called("evaluate")
    return (0.6, 0.2, 0.01, 0.1, 0.005, 0.305)


def cfevaluate(board: object, cube: object, context: object) -> tuple[object, ...]:
    called("cfevaluate")
    return (0.4, 0.4, 0.3, 1.0, 2, "No double, take")


gnubg = types.SimpleNamespace(
    evaluate=evaluate,
    cfevaluate=cfevaluate,
    cubeinfo=lambda *a: {"cube": a},
    evalcontext=lambda *a: {"context": a},
)
print("GNU Backgammon 0.0-fake", flush=True)
if "--silent" in sys.argv:
    while True:
        time.sleep(60)
scope = {"gnubg": gnubg}
for line in sys.stdin:
    if line.startswith(">"):
        exec(line[1:], scope)  # as gnubg's ">" command runs one line of Python
