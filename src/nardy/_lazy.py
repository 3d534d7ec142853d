"""Names a package imports on first use: the bodies of the packages' ``__getattr__`` (PEP 562).

``nardy``, ``nardy.game``, ``nardy.cli`` and ``nardy.agents.env`` keep start-up
cheap by importing some of their names only when they are first read. Each
package's ``__getattr__`` asks one of the two functions here, so that every
package looks names up, and says that one is missing, the same way:

* :func:`from_table` -- a table gives the module that defines each name;
* :func:`forwarded` -- every other name is read from one module (the module
  a package replaced, for the names it used to have).

A missing name raises :class:`AttributeError` with Python's own message.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Mapping
from typing import Any

__all__ = ["forwarded", "from_table", "missing"]


def missing(package: str, name: str) -> AttributeError:
    """The error for a name the package ``package`` does not have (Python's message)."""
    return AttributeError(f"module {package!r} has no attribute {name!r}")


def from_table(package: str, name: str, table: Mapping[str, str]) -> Any:
    """The value of ``name`` in the module ``table[name]``, imported now.

    Raises the :func:`missing` error of ``package`` when the table has no ``name``.
    """
    module = table.get(name)
    if module is None:
        raise missing(package, name)
    return getattr(importlib.import_module(module), name)


def forwarded(package: str, name: str, module: str, submodules: Collection[str]) -> Any:
    """The value of ``name`` in ``module``, imported now.

    Dunder names and the names in ``submodules`` (the package's own modules,
    which the import system looks up as attributes) are never forwarded: they
    raise the :func:`missing` error of ``package``, as does a name ``module``
    does not have.
    """
    if name.startswith("__") or name in submodules:
        raise missing(package, name)
    try:
        return getattr(importlib.import_module(module), name)
    except AttributeError:
        raise missing(package, name) from None
