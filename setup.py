"""Build nardy: the native rules core (Rust) and the mypyc-compiled engine when possible.

Two kinds of extension, each optional:

* ``nardy._native``, the native rules core: the Rust workspace in
  ``native/`` (the crate ``native/python``, PyO3), built in release mode by
  setuptools-rust when cargo is on PATH (or named by ``CARGO``). Without
  cargo the build goes on without it and says so on stderr. setuptools-rust
  rather than maturin because the package keeps setuptools as its build
  backend and, during the move to the native core, its mypyc extensions,
  which maturin cannot build.
* The plain-int modules of the engine and its kernels and of the named rules
  (``nardy/engine/**``, ``nardy/rules/**``), and three modules on the hot
  path around them (``nardy/model/legal.py``, ``nardy/cli/legal_text.py``,
  ``nardy/perft/fast.py``), compiled to C extensions with mypyc, which ships
  with mypy. Without a C compiler the extensions are skipped and the same
  modules run as Python.

Set ``NARDY_PURE=1`` to build a pure-Python package (neither kind).
``nardy.native`` says whether the native core is loaded, ``nardy.compiled``
whether the mypyc engine runs. The wheel is tagged for the stable ABI
(``cp311-abi3``) only when it holds no mypyc extension, which is built for
one Python version. Everything else about the package is in
``pyproject.toml``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

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

#: The manifest of the crate that is the Python module ``nardy._native``.
NATIVE_MANIFEST = "native/python/Cargo.toml"

#: The oldest Python the native module's stable ABI serves (pyo3's
#: ``abi3-py311`` feature in the manifest above; ``requires-python``).
LIMITED_API = "cp311"


#: What the build says it installs when it builds no extension.
PURE_BUILD = "installing the pure-Python build"


def say(message: str) -> None:
    """Tell the person installing what the build does (stderr: ``pip install -v`` shows it)."""
    print(f"nardy: {message}", file=sys.stderr)


def pure() -> bool:
    """Whether ``NARDY_PURE`` asks for a pure-Python build."""
    return os.environ.get("NARDY_PURE", "").strip().lower() not in ("", "0", "false", "no")


def extensions() -> list[Extension]:
    """The mypyc extensions, or none when mypyc is missing."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not available; the engine stays Python")
        return []
    built = mypycify(["--strict", *COMPILED], opt_level="3")
    for extension in built:
        # Without a working C compiler the build goes on with the Python modules.
        extension.optional = True
    return built


def rust_extensions(mypyc_built: bool) -> list[Any]:
    """The native core as a setuptools-rust extension, or none without cargo."""
    if shutil.which(os.environ.get("CARGO", "cargo")) is None:
        # While mypyc still compiles the engine the build is not pure Python.
        rest = "installing without the native core (mypyc still compiles the engine)"
        say(f"no Rust toolchain (cargo) found; {rest if mypyc_built else PURE_BUILD}")
        return []
    try:
        from setuptools_rust import Binding, RustExtension
    except ImportError:  # only where build isolation is off (pyproject.toml requires it)
        say("setuptools-rust is not installed; installing without the native core")
        return []
    native = RustExtension(
        "nardy._native",
        path=NATIVE_MANIFEST,
        binding=Binding.PyO3,
        debug=False,  # release, in place (pip install -e .) too
        # Cargo.lock is committed: build exactly what it pins, never update it.
        cargo_manifest_args=["--locked"],
        # A failed Rust build leaves the Python search: setuptools-rust prints
        # "optional Rust extension nardy._native failed" and the reason.
        optional=True,
    )
    return [native]


def clear_stale_extensions(mypyc_built: bool) -> None:
    """Remove the extension files an earlier build left in setuptools' ``build/lib.*``.

    ``pip install .`` builds in the source tree and packs the whole of
    ``build/lib.<platform>`` into the wheel, so without this an earlier
    build's ``nardy._native`` would ship in a build that found no cargo (or
    whose Rust build failed), and its mypyc modules in an abi3 wheel. The
    native module is copied anew when it builds (from cargo's target folder:
    cheap); the mypyc modules stay when they are built again, since
    setuptools skips compiling those that are up to date.
    """
    for lib in Path("build").glob("lib.*"):
        for path in lib.rglob("*"):
            extension = path.suffix in (".so", ".pyd")
            if extension and (path.name.startswith("_native.") or not mypyc_built):
                path.unlink()


def arguments() -> dict[str, Any]:
    """setup()'s arguments for the build that the environment asks for."""
    if pure():
        say("NARDY_PURE is set; building pure Python")
        return {}
    compiled = extensions()
    native = rust_extensions(mypyc_built=bool(compiled))
    clear_stale_extensions(mypyc_built=bool(compiled))
    arguments: dict[str, Any] = {"ext_modules": compiled}
    if native:
        arguments["rust_extensions"] = native
        if not compiled:
            # Only the native module, built for the stable ABI: one wheel for 3.11+.
            arguments["options"] = {"bdist_wheel": {"py_limited_api": LIMITED_API}}
    return arguments


setup(**arguments())
