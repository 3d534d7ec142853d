"""Self-play at scale: seeded games written as JSON lines, on processes or on Ray.

:func:`selfplay` plays ``games`` games of one variant and writes one game
record per line (the JSON of :meth:`Game.to_json <nardy.Game.to_json>`,
which :meth:`Game.from_json <nardy.Game.from_json>` loads), in game order.
Game ``k`` takes all its randomness from ``(seed, k)`` alone (see
:func:`game_seeds`), so the file is the same byte for byte whatever the
number of workers, the chunk size or the backend:

* ``"processes"`` (the default): worker processes of the standard library;
* ``"ray"``: Ray tasks, on a local Ray started for the run or on a running
  cluster (``address``); needs the ``nardy[ray]`` extra;
* ``"inline"``: the calling process itself (for debugging and small runs).

A policy chooses the play: ``policy(position, roll, rng)`` returns the
index of a play in ``position.legal_plays(roll)`` (or anything
:meth:`Game.play <nardy.Game.play>` takes). :func:`random_policy` and
:func:`greedy_policy` are built in; any importable callable can be named
as ``"module:function"``.

A game of a variant whose turn is more than one play runs through
:class:`~nardy.Game` segment by segment: the policy plays each segment (a
cascade's doubles, moves handed over) as a roll of its own, and when a
double is to be named (acey-deucey's 1-2) the policy's *double chooser*
names it (:func:`double_chooser`): the policy's own ``name_double``
attribute if it has one, ``name_double(position, choices, rng)`` returning
one of ``choices``; :func:`greedy_double` for the greedy policy;
:func:`random_double` otherwise.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import multiprocessing
import os
import pickle
import random
import signal
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from pathlib import Path
from typing import Any

import attrs

from nardy.errors import InvalidOptionError, NardyError
from nardy.game.actions import Phase
from nardy.game.game import Game, PlayLike
from nardy.model.basics import Roll
from nardy.model.position import Position
from nardy.model.registry import as_variant
from nardy.model.validate import shown
from nardy.rules.vocabulary import Contact
from nardy.variants.base import Variant

__all__ = [
    "BACKENDS",
    "BLOT_PENALTY",
    "MAX_PLAYS",
    "POLICIES",
    "DoubleChooser",
    "Policy",
    "SelfPlayError",
    "SelfPlayInterrupted",
    "double_chooser",
    "game_seeds",
    "greedy_double",
    "greedy_policy",
    "play_game",
    "random_double",
    "random_policy",
    "records",
    "resolve_policy",
    "selfplay",
]

Policy = Callable[[Position, Roll, random.Random], PlayLike]
"""A policy: ``policy(position, roll, rng)`` returns the play to make (an index or a play).

``rng`` is the game's own policy generator (see :func:`game_seeds`); a
policy that needs randomness must draw it from there, so that the game
stays reproducible.
"""

#: The backends :func:`selfplay` runs on.
BACKENDS = ("processes", "ray", "inline")

#: Chunks in flight per worker: enough to keep each busy while the writer waits on the oldest.
IN_FLIGHT = 2
#: What :func:`greedy_policy` charges for each of the mover's blots, in pips.
BLOT_PENALTY = 10
#: The most plays a self-play game may last before it counts as failed (random
#: and greedy games last 20 to 300).
MAX_PLAYS = 10_000
#: The largest default chunk (games per task): a chunk costs seconds at most.
MAX_CHUNK = 32


class SelfPlayError(NardyError):
    """A self-play game failed (its policy raised or chose an illegal play), or a worker died.

    ``index`` is the failing game's number (``None`` when a worker died
    without saying which), ``written`` the number of complete records
    written before it (games ``0`` to ``written - 1``).
    """

    def __init__(self, message: str, index: int | None = None, written: int = 0) -> None:
        super().__init__(message)
        self.index = index
        self.written = written


class SelfPlayInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`selfplay`: a :class:`KeyboardInterrupt` that says what was kept.

    ``written`` is the number of complete records the output file holds
    (games ``0`` to ``written - 1``), counted in the file itself: the
    interrupt can fall between writing a record and counting it.
    """

    def __init__(self, written: int) -> None:
        super().__init__(written)
        self.written = written


# --- policies ---------------------------------------------------------------------


def random_policy(position: Position, roll: Roll, rng: random.Random) -> int:
    """A legal play chosen uniformly at random (each distinct resulting position equally likely)."""
    return rng.randrange(len(position.legal_plays(roll)))


def greedy_policy(position: Position, roll: Roll, rng: random.Random) -> int:
    """A one-ply pip-count player: the best pip difference afterwards, less a blot penalty.

    Each play scores the opponent's pip count minus the mover's after it,
    so hits count for what they send back; in the variants where a blot can
    be hit, each of the mover's blots costs :data:`BLOT_PENALTY` pips. Ties
    are broken at random. Without the penalty both sides would hit each
    other for ever (a hitting war: thousands of plies); with it, games are
    about as long as random ones. No look-ahead: it beats random play, not
    people.
    """
    best, _ = _greedy_best(position, roll)
    return best[0] if len(best) == 1 else rng.choice(best)


def _greedy_best(position: Position, roll: Roll) -> tuple[list[int], int]:
    """The indices of the plays :func:`greedy_policy` scores best, and their score."""
    plays = position.legal_plays(roll)
    mover, other = position.turn, position.turn.opponent
    hitting = position.variant.contact is Contact.HIT
    best: list[int] = []
    best_score = None
    for i, (after, state) in enumerate(zip(plays.resulting_positions(), plays.result_states())):
        score = after.pip_count(other) - after.pip_count(mover)
        if hitting:  # the mover-relative array: the mover's checkers count up on 1..24
            score -= BLOT_PENALTY * sum(1 for point in range(1, 25) if state[point] == 1)
        if best_score is None or score > best_score:
            best, best_score = [i], score
        elif score == best_score:
            best.append(i)
    assert best_score is not None  # (a pass is a play)
    return best, best_score


DoubleChooser = Callable[[Position, tuple[Roll, ...], random.Random], Roll]
"""A double chooser: ``chooser(position, choices, rng)`` returns the double to name, one of ``choices``."""


def random_double(position: Position, choices: tuple[Roll, ...], rng: random.Random) -> Roll:
    """One of the doubles offered, uniformly at random."""
    return choices[rng.randrange(len(choices))]


def greedy_double(position: Position, choices: tuple[Roll, ...], rng: random.Random) -> Roll:
    """The double whose best play :func:`greedy_policy` scores highest (ties at random)."""
    scores = [_greedy_best(position, double)[1] for double in choices]
    top = max(scores)
    best = [double for double, score in zip(choices, scores) if score == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def double_chooser(policy: Policy) -> DoubleChooser:
    """How ``policy`` names a double: its ``name_double`` attribute, :func:`greedy_double` for the greedy policy, else :func:`random_double`."""
    own = getattr(policy, "name_double", None)
    if callable(own):
        chooser: DoubleChooser = own
        return chooser
    return greedy_double if policy is greedy_policy else random_double


#: The built-in policies by name.
POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


def resolve_policy(policy: str | Policy) -> Policy:
    """The policy a name (``"random"``, ``"greedy"``), a ``"module:function"`` or a callable names.

    Raises :class:`~nardy.errors.InvalidOptionError` for an unknown name, a
    module that does not import, a missing attribute, or something that is
    not callable.
    """
    if not isinstance(policy, str):
        if not callable(policy) or isinstance(policy, type):
            raise InvalidOptionError(
                f"a policy is a name, 'module:function' or a function, got {shown(policy)}"
            )
        return policy
    if policy in POLICIES:
        return POLICIES[policy]
    module_name, colon, name = policy.partition(":")
    if not colon or not module_name or not name:
        raise InvalidOptionError(
            f"unknown policy {shown(policy)}: use {', '.join(POLICIES)} or module:function"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise InvalidOptionError(
            f"policy {shown(policy)}: cannot import {module_name}: {exc}"
        ) from None
    found: Any = module
    for part in name.split("."):
        found = getattr(found, part, None)
    if found is None or not callable(found):
        raise InvalidOptionError(f"policy {shown(policy)}: {module_name} has no function {name}")
    policy_function: Policy = found
    return policy_function


# --- one game -------------------------------------------------------------------------


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """The seeds of game ``index`` of a run seeded ``seed``: the dice's and the policy's.

    Both come from the SHA-256 digest of ``f"nardy selfplay {seed} {index}"``
    (UTF-8): its first 16 bytes (big-endian) seed the dice's
    :class:`random.Random`, its last 16 the policy's. They depend on
    ``(seed, index)`` alone, never on which worker plays the game.
    """
    for value, what in ((seed, "seed"), (index, "game index")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidOptionError(f"a self-play {what} is an integer, got {shown(value)}")
    digest = hashlib.sha256(f"nardy selfplay {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:16], "big"), int.from_bytes(digest[16:], "big")


def play_game(
    variant: Variant | str, seed: int, index: int, policy: str | Policy = "random"
) -> Game:
    """Game ``index`` of a self-play run seeded ``seed``: the finished :class:`~nardy.Game`.

    The dice (the opening roll included) come from a :class:`random.Random`
    seeded with the first of :func:`game_seeds`, the policy's choices from
    one seeded with the second; both sides play ``policy``, and name a
    double (a variant whose turn asks for one) by its
    :func:`double_chooser`. Nobody doubles or resigns. This is exactly the game :func:`selfplay` writes as line
    ``index + 1``. A game still going after :data:`MAX_PLAYS` plays raises
    :class:`SelfPlayError` (a policy that never lets the game end).
    """
    rules = as_variant(variant)
    choose = resolve_policy(policy)
    name = double_chooser(choose)
    dice_seed, policy_seed = game_seeds(seed, index)
    rng = random.Random(policy_seed)
    game = Game.new(rules, rng=random.Random(dice_seed))
    plays = 0
    while game.phase is not Phase.OVER:
        if game.phase is Phase.MOVE:
            assert game.dice is not None
            if plays == MAX_PLAYS:
                raise SelfPlayError(f"game {index} did not end within {MAX_PLAYS:,} plays", index)
            game = game.play(choose(game.position, game.dice, rng))
            plays += 1
        elif game.phase is Phase.DECIDE:  # a double to name
            game = game.name_double(name(game.position, game.double_choices(), rng))
        else:  # the opening roll, or an ordinary one: no cube, no resignation
            game = game.roll()
    return game


def _where(exc: BaseException) -> str:
    """`` (file:line)`` of the innermost frame of ``exc``'s traceback, for the message."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    return f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})"


#: What a worker sends back: the records of the chunk's complete games and,
#: when one failed, its number and the message.
ChunkResult = tuple[list[str], tuple[int, str] | None]


def _play_chunk(spec: str, policy: str | Policy, seed: int, start: int, stop: int) -> ChunkResult:
    """Games ``start`` to ``stop - 1``: their records, up to the first that fails."""
    lines: list[str] = []
    for index in range(start, stop):
        try:
            game = play_game(spec, seed, index, policy)
        except Exception as exc:  # a bad policy: report it with the game's number
            return lines, (index, f"{type(exc).__name__}: {exc}{_where(exc)}")
        lines.append(game.to_json())
    return lines, None


# --- backends -------------------------------------------------------------------------


@attrs.frozen
class _Run:
    """A validated run: everything a backend needs."""

    spec: str
    policy: str | Policy
    seed: int
    games: int
    workers: int
    chunk: int
    backend: str
    address: str | None

    def chunks(self) -> Iterator[tuple[int, int]]:
        for start in range(0, self.games, self.chunk):
            yield start, min(start + self.chunk, self.games)


def _in_order(
    submit: Callable[[int, int], Any], collect: Callable[[Any], ChunkResult], run: _Run
) -> Generator[ChunkResult, None, None]:
    """Chunk results in game order, with a bounded number of chunks in flight."""
    chunks = run.chunks()
    pending: deque[Any] = deque()
    for start, stop in chunks:
        pending.append(submit(start, stop))
        if len(pending) >= IN_FLIGHT * run.workers:
            break
    while pending:
        result = collect(pending[0])
        pending.popleft()
        following = next(chunks, None)
        if following is not None:
            pending.append(submit(*following))
        yield result


def _inline(run: _Run) -> Generator[ChunkResult, None, None]:
    for start, stop in run.chunks():
        yield _play_chunk(run.spec, run.policy, run.seed, start, stop)


def _quiet_worker() -> None:
    """Worker processes ignore Ctrl-C: the parent alone handles it and stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _processes(run: _Run) -> Generator[ChunkResult, None, None]:
    # spawn everywhere: the same behaviour on every platform, and no fork of
    # a parent that runs threads (Ray's, a notebook's).
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(run.workers, mp_context=context, initializer=_quiet_worker)

    def submit(start: int, stop: int) -> Future[ChunkResult]:
        return pool.submit(_play_chunk, run.spec, run.policy, run.seed, start, stop)

    def collect(future: Future[ChunkResult]) -> ChunkResult:
        try:
            return future.result()
        except BrokenProcessPool:
            raise SelfPlayError("a worker process died (killed, or out of memory)") from None

    try:
        with closing(_in_order(submit, collect, run)) as results:
            yield from results
    finally:
        # Chunks not yet started are dropped; running ones end within seconds.
        pool.shutdown(wait=True, cancel_futures=True)


def _ray(run: _Run) -> Generator[ChunkResult, None, None]:
    ray: Any = importlib.import_module("ray")
    started = not ray.is_initialized()
    if started:
        if run.address is None:
            ray.init(num_cpus=run.workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=run.address, log_to_driver=False)
    try:
        if run.workers == 0:  # a cluster: as many at once as it has CPUs
            run = attrs.evolve(run, workers=max(1, int(ray.cluster_resources().get("CPU", 1))))
        with closing(_ray_results(ray, run)) as results:
            yield from results
    finally:
        if started:
            ray.shutdown()


def _ray_results(ray: Any, run: _Run) -> Generator[ChunkResult, None, None]:
    task = ray.remote(num_cpus=1)(_play_chunk)
    waiting: set[Any] = set()

    def submit(start: int, stop: int) -> Any:
        ref = task.remote(run.spec, run.policy, run.seed, start, stop)
        waiting.add(ref)
        return ref

    def collect(ref: Any) -> ChunkResult:
        try:
            result: ChunkResult = ray.get(ref)
        except ray.exceptions.RayError as exc:
            raise SelfPlayError(f"a Ray task failed: {type(exc).__name__}: {exc}") from None
        waiting.discard(ref)
        return result

    try:
        with closing(_in_order(submit, collect, run)) as results:
            yield from results
    finally:
        for ref in waiting:  # on a cluster, stop what is still running
            ray.cancel(ref, force=True)


def _workers(workers: int | None, backend: str, address: str | None) -> int:
    if workers is None:
        if backend == "ray" and address is not None:
            return 0  # the cluster's CPUs, counted once connected
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidOptionError(f"workers is a positive integer, got {shown(workers)}")
    return workers


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidOptionError(f"{what} is a positive integer, got {shown(value)}")
    return value


def _plan(
    variant: Variant | str,
    games: int,
    seed: int,
    workers: int | None,
    policy: str | Policy,
    backend: str,
    address: str | None,
    chunk: int | None,
) -> _Run:
    """Check every argument before any game is played or any file touched."""
    rules = as_variant(variant)
    games = _count(games, "the number of games")
    game_seeds(seed, 0)  # the seed's type
    if backend not in BACKENDS:
        raise InvalidOptionError(f"unknown backend {shown(backend)}: use {', '.join(BACKENDS)}")
    if address is not None and (backend != "ray" or not isinstance(address, str)):
        raise InvalidOptionError(f"a Ray address goes with backend 'ray', got {shown(address)}")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise InvalidOptionError("backend 'ray' needs Ray: pip install 'nardy[ray]'")
    count = _workers(workers, backend, address)
    resolve_policy(policy)
    if backend != "inline" and not isinstance(policy, str):
        try:
            pickle.dumps(policy)
        except Exception:
            raise InvalidOptionError(
                f"policy {shown(policy)} cannot be sent to workers: use a module-level function"
            ) from None
    if chunk is None:  # a few chunks per worker, none longer than a few seconds
        chunk = max(1, min(MAX_CHUNK, games // (4 * max(count, 1))))
    chunk = _count(chunk, "chunk (games per task)")
    return _Run(rules.spec(), policy, seed, games, count, chunk, backend, address)


_BACKEND_RUNNERS: dict[str, Callable[[_Run], Generator[ChunkResult, None, None]]] = {
    "inline": _inline,
    "processes": _processes,
    "ray": _ray,
}


def _records(run: _Run) -> Generator[str, None, None]:
    written = 0
    try:
        with closing(_BACKEND_RUNNERS[run.backend](run)) as results:
            for lines, failure in results:
                yield from lines
                written += len(lines)
                if failure is not None:
                    index, message = failure
                    raise SelfPlayError(f"game {index} failed: {message}", index, written)
    except SelfPlayError as exc:
        if exc.index is None:  # a dead worker: say how far the records go
            raise SelfPlayError(str(exc), None, written) from None
        raise


def records(
    variant: Variant | str,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    policy: str | Policy = "random",
    backend: str = "processes",
    address: str | None = None,
    chunk: int | None = None,
) -> Iterator[str]:
    """The records of a self-play run, one JSON string per game, in game order.

    The arguments are :func:`selfplay`'s. Bad ones raise a
    :class:`~nardy.errors.NardyError` at once; a game that fails raises
    :class:`SelfPlayError` after the records of the games before it.
    """
    run = _plan(variant, games, seed, workers, policy, backend, address, chunk)
    return _records(run)


#: Progress callback: games written so far, games in all, seconds since the start.
Progress = Callable[[int, int, float], None]


def selfplay(
    out: str | Path,
    variant: Variant | str,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    policy: str | Policy = "random",
    backend: str = "processes",
    address: str | None = None,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> int:
    """Play ``games`` seeded self-play games and write their records to ``out``; returns the count.

    ``variant`` is a :class:`~nardy.Variant`, a name or a spec string;
    ``policy`` a built-in name (``"random"``, ``"greedy"``), a
    ``"module:function"`` or a :data:`Policy`; ``backend`` one of
    :data:`BACKENDS`. ``workers`` (default: the CPUs of this machine, or of
    the Ray cluster at ``address``) is how many games run at once;
    ``chunk`` how many games one task plays. ``progress`` is called after
    each record with the count written so far, ``games`` and the seconds
    elapsed.

    The file is written under a temporary name beside ``out`` and renamed
    when the run ends, however it ends: on success, on Ctrl-C
    (:class:`SelfPlayInterrupted`, a :class:`KeyboardInterrupt`) or when a game fails
    (:class:`SelfPlayError`), ``out`` holds the complete records of games
    ``0`` to ``m - 1`` and nothing else. Bad arguments raise a
    :class:`~nardy.errors.NardyError` before any game is played.

    Worker processes are started with ``spawn``: a script that calls this
    must do so under ``if __name__ == "__main__":``.
    """
    run = _plan(variant, games, seed, workers, policy, backend, address, chunk)
    target = Path(out)
    if not target.parent.is_dir():
        raise InvalidOptionError(f"cannot write {shown(str(target))}: no such directory")
    if target.is_dir():
        raise InvalidOptionError(f"cannot write {shown(str(target))}: it is a directory")
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        stream = open(temporary, "x", encoding="utf-8", newline="\n")  # noqa: SIM115
    except OSError as exc:
        raise InvalidOptionError(f"cannot write {shown(str(target))}: {exc.strerror}") from None
    written, began = 0, time.monotonic()
    try:
        with closing(_records(run)) as lines:
            for line in lines:
                stream.write(line + "\n")
                written += 1
                if progress is not None:
                    progress(written, run.games, time.monotonic() - began)
    except KeyboardInterrupt:
        stream.close()
        with open(temporary, "rb") as kept:
            complete = kept.read().count(b"\n")
        raise SelfPlayInterrupted(complete) from None
    finally:
        stream.close()
        os.replace(temporary, target)
    return written
