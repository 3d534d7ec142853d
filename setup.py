"""Build nardy: the rules engine compiled with mypyc when possible, pure Python otherwise.

The plain-int modules of the engine and its kernels and of the named rules
(``nardy/engine/**``, ``nardy/rules/**``), and three modules on the hot
path around them (``nardy/model/legal.py``, ``nardy/cli/legal_text.py``,
``nardy/perft/fast.py``) are compiled to C extensions with mypyc, which
ships with mypy. Set ``NARDY_PURE=1`` to build a pure-Python package; without a C
compiler the extensions are skipped (they are optional) and the same
modules run as Python. ``nardy.compiled`` says which build is running.
Everything else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

#: The modules compiled in the fast build: the engine with its kernels and
#: the named rules, every module of both folders but the packages'
#: ``__init__`` (plain ints, no dynamic features; rules/vocabulary's enums and
#: frozen attrs class compile as ordinary classes), the path that wraps
#: their answer (nardy.model.legal), the writer of ``nardy legal``'s answers
#: (nardy.cli.legal_text, plain strs and ints) and perft's counting loop
#: (nardy.perft.fast). Everything else is Python in both builds.
COMPILED = sorted(
    [
        *(
            str(path)
            for folder in ("src/nardy/engine", "src/nardy/rules")
            for path in Path(folder).rglob("*.py")
            if path.name != "__init__.py"
        ),
        "src/nardy/model/legal.py",
        "src/nardy/cli/legal_text.py",
        "src/nardy/perft/fast.py",  # perft's counting loop (plain ints too)
    ]
)


def extensions() -> list[Extension]:
    """The mypyc extensions, or none for a pure-Python build."""
    if os.environ.get("NARDY_PURE", "").strip().lower() not in ("", "0", "false", "no"):
        print("nardy: NARDY_PURE is set; building pure Python", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("nardy: mypyc is not available; building pure Python", file=sys.stderr)
        return []
    built = mypycify(["--strict", *COMPILED], opt_level="3")
    for extension in built:
        # Without a working C compiler the build goes on with the Python modules.
        extension.optional = True
    return built


setup(ext_modules=extensions())
