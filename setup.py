"""Build nardy: the native rules core (Rust) where a Rust toolchain is found.

The one extension, ``nardy._native``, is optional: the Rust workspace in
``native/`` (the crate ``native/python``, PyO3), built in release mode by
setuptools-rust when cargo is on PATH (or named by ``CARGO``), exactly as
the committed ``Cargo.lock`` pins it. It is built against CPython's stable
ABI (PyO3's ``abi3-py311``), so its wheel is tagged ``cp311-abi3``: one
wheel for Python 3.11 and every newer version. Without cargo the build says
so on stderr and installs the pure-Python build, which gives the same
answers; if the Rust build fails, setuptools-rust says so and the install
goes on in the same way. Set ``NARDY_PURE=1`` to build the pure-Python
package without trying. ``nardy.native`` (and ``nardy.compiled``, the same)
says whether the native core is loaded. Everything else about the package
is in ``pyproject.toml``.

setuptools-rust rather than maturin: maturin is a build backend that always
builds its crate, with no optional extension and no pure-Python fallback
(PyO3/maturin#1839 asks for one), so ``pip install .`` on a machine without
Rust would fail where nardy promises the pure build. setuptools keeps the
package's own layout (``src/``, the sdist of ``MANIFEST.in``) and lets this
file decide what to build; setuptools-rust adds the one Rust extension to it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup

#: The manifest of the crate that is the Python module ``nardy._native``.
NATIVE_MANIFEST = "native/python/Cargo.toml"

#: The oldest Python the native module's stable ABI serves (pyo3's
#: ``abi3-py311`` feature in the manifest above; ``requires-python``).
LIMITED_API = "cp311"


def say(message: str) -> None:
    """Tell the person installing what the build does (stderr: ``pip install -v`` shows it)."""
    print(f"nardy: {message}", file=sys.stderr)


def pure() -> bool:
    """Whether ``NARDY_PURE`` asks for a pure-Python build."""
    return os.environ.get("NARDY_PURE", "").strip().lower() not in ("", "0", "false", "no")


def rust_extensions() -> list[Any]:
    """The native core as a setuptools-rust extension, or none without cargo."""
    if shutil.which(os.environ.get("CARGO", "cargo")) is None:
        say("no Rust toolchain (cargo) found; installing the pure-Python build")
        return []
    try:
        from setuptools_rust import Binding, RustExtension
    except ImportError:  # only where build isolation is off (pyproject.toml requires it)
        say("setuptools-rust is not installed; installing the pure-Python build")
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


def clear_stale_extensions() -> None:
    """Remove every extension file an earlier build left in setuptools' ``build/lib.*``.

    ``pip install .`` builds in the source tree and packs the whole of
    ``build/lib.<platform>`` into the wheel, so without this an earlier
    build's ``nardy._native`` (or an older build's mypyc modules) would ship
    in a build that found no cargo or whose Rust build failed. The native
    module is copied there anew when it builds (from cargo's target folder:
    cheap).
    """
    for lib in Path("build").glob("lib.*"):
        for path in lib.rglob("*"):
            if path.suffix in (".so", ".pyd"):
                path.unlink()


def arguments() -> dict[str, Any]:
    """setup()'s arguments for the build that the environment asks for."""
    clear_stale_extensions()
    if pure():
        say("NARDY_PURE is set; installing the pure-Python build")
        return {}
    native = rust_extensions()
    if not native:
        return {}
    # The native module is built for the stable ABI: one wheel for 3.11+.
    return {
        "rust_extensions": native,
        "options": {"bdist_wheel": {"py_limited_api": LIMITED_API}},
    }


setup(**arguments())
