"""The backends by name: :func:`open_engine`, :func:`engine_names` and :func:`available_engines`.

Nothing here imports an engine: a backend's module is imported when it is
opened (or described), and it imports its engine package only then.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Callable
from typing import Any

import attrs

from nardy.analysis.engine import EngineBase
from nardy.analysis.values import EngineInfo
from nardy.errors import AnalysisInputError, EngineNotInstalledError, UnknownEngineError

__all__ = ["Backend", "available_engines", "engine_names", "open_engine"]


@attrs.frozen
class Backend:
    """A backend: its module and class, the import names it needs, and how to install them."""

    #: The name :func:`open_engine` takes.
    name: str
    #: The module that defines it, and the class.
    module: str
    cls: str
    #: The packages (import names) it needs.
    requires: tuple[str, ...]
    #: What to install when they are missing.
    install: str
    #: A program it runs, found by this function (``None``: no program).
    program: Callable[[], str | None] | None = None

    def installed(self) -> bool:
        """Whether every package it needs is installed (found, not imported), and its program found."""
        if self.program is not None and self.program() is None:
            return False
        return all(importlib.util.find_spec(name) is not None for name in self.requires)

    def engine_class(self) -> type[EngineBase]:
        """The backend's class (its module imported; the engine itself is not)."""
        found: type[EngineBase] = getattr(importlib.import_module(self.module), self.cls)
        return found

    def describe(self) -> EngineInfo:
        """Its :class:`~nardy.analysis.EngineInfo` without opening it."""
        return self.engine_class().describe()


def _gnubg_program() -> str | None:
    """The gnubg program's path (its module is imported only to look)."""
    found: str | None = importlib.import_module("nardy.analysis.backends.process").find_program()
    return found


_BACKENDS = (
    Backend("heuristic", "nardy.analysis.backends.heuristic", "HeuristicEngine", (), "nardy"),
    Backend(
        "sage",
        "nardy.analysis.backends.sage",
        "SageEngine",
        ("bgsage", "numpy"),
        "pip install 'nardy[sage]'",
    ),
    Backend(
        "gnubg-nn",
        "nardy.analysis.backends.gnubgnn",
        "GnubgNNEngine",
        ("gnubg_nn",),
        "pip install 'nardy[gnubg]'",
    ),
    Backend(
        "gnubg",
        "nardy.analysis.backends.program",
        "GnubgProgramEngine",
        ("gnubg",),
        "pip install gnubg (GNU Backgammon as a Python module, GPL-3.0)",
    ),
    Backend(
        "gnubg-process",
        "nardy.analysis.backends.process",
        "GnubgProcessEngine",
        (),
        "install the GNU Backgammon program (gnubg, GPL-3.0: e.g. apt install gnubg)",
        program=_gnubg_program,
    ),
)
#: The backends by name, in the order ``nardy engines`` lists them.
BACKENDS: dict[str, Backend] = {b.name: b for b in _BACKENDS}
#: Other spellings of the names.
ALIASES = {
    "gnubg_nn": "gnubg-nn",
    "gnubgnn": "gnubg-nn",
    "bgsage": "sage",
    "gnubg_process": "gnubg-process",
}


def engine_names() -> list[str]:
    """Every backend's name, installed or not."""
    return list(BACKENDS)


def find_backend(name: str) -> Backend:
    """The backend of this name (or alias); :class:`~nardy.errors.UnknownEngineError` listing the names."""
    key = name.strip().lower() if isinstance(name, str) else name
    backend = BACKENDS.get(ALIASES.get(key, key)) if isinstance(key, str) else None
    if backend is None:
        raise UnknownEngineError(
            f"no analysis engine is called {name!r}; the engines are {', '.join(BACKENDS)}"
        )
    return backend


def available_engines() -> list[Backend]:
    """The backends whose packages are installed."""
    return [b for b in _BACKENDS if b.installed()]


def open_engine(name: str, **options: Any) -> EngineBase:
    """Open the engine of this name: ``heuristic``, ``sage``, ``gnubg-nn``, ``gnubg`` or ``gnubg-process``.

    ``options`` go to the backend (see each backend's class). An unknown
    name raises :class:`~nardy.errors.UnknownEngineError` (listing the
    names), a backend whose package is missing
    :class:`~nardy.errors.EngineNotInstalledError` (saying what to install),
    an option it does not take :class:`~nardy.errors.AnalysisInputError`.
    Use the engine as a context manager, or :meth:`~nardy.analysis.Engine.close` it.
    """
    backend = find_backend(name)
    if not backend.installed():
        missing = [r for r in backend.requires if importlib.util.find_spec(r) is None]
        if not missing:
            missing = ["its program"]
        raise EngineNotInstalledError(
            f"the {backend.name} engine needs {', '.join(missing)}: {backend.install}"
        )
    cls = backend.engine_class()
    accepted = set(inspect.signature(cls).parameters)
    unknown = sorted(set(options) - accepted)
    if unknown:
        takes = ", ".join(sorted(accepted)) or "no options"
        raise AnalysisInputError(
            f"the {backend.name} engine has no option {', '.join(unknown)} (it takes {takes})"
        )
    return cls(**options)
