"""Development sessions for nardy: ``nox`` runs lint, typecheck, docs and tests.

Every dependency comes from the ``[dependency-groups]`` of ``pyproject.toml``
(one source of truth), read with :func:`nox.project.dependency_groups`.
``lint`` also checks the native core (``rust``: cargo fmt, clippy, test, doc).
``quick`` is the README's test command: the pure-Python build and the
``tests`` group only (no Rust, no Ray, OpenSpiel or gnubg), every test
but the seeded sweeps and the optional extras' (which skip), in about seven
minutes on two cores. ``tests`` runs the full suite on the compiled build,
the native core loaded (what ``pip install .`` gives with a Rust toolchain),
with every oracle and extra, ``tests-pure``
the same on the pure-Python one. Opt-in sessions (``default=False``):
``quick``, ``rust``, ``tests-all``, ``bench`` and ``build``.

Every session builds the native core into one cargo target folder,
``native/target`` (``CARGO_TARGET_DIR``, unless it is set already): the
sessions that install the package, the wheel that ``build`` makes from the
sdist in a temporary folder, and ``rust``'s checks all reuse what an
earlier one compiled, so the crates compile once per run, not once per
session.

Examples::

    nox -s quick             # the README's quick test command
    nox                      # lint, typecheck, docs, tests, tests-pure
    nox -s tests -- -k notation -x
    nox -s bench -- --positions 500
    nox -s build
    nox -s rust              # cargo fmt --check, clippy -D warnings, cargo test
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"  # nox.project.dependency_groups
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_venv = "yes"
nox.options.sessions = ["lint", "typecheck", "docs", "tests", "tests-pure"]

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
#: The Python versions the project declares (trove classifiers). ``tests``
#: runs on the interpreter nox itself runs on (``--force-python 3.12`` picks
#: another); the opt-in ``tests-all`` runs on every one that is installed.
PYTHONS = nox.project.python_versions(PYPROJECT)

#: The native core's Rust workspace (see setup.py for how the package builds it).
NATIVE = ROOT / "native"
#: One cargo target folder for every session and build (see the module's doc);
#: sessions inherit the environment, and so do the builds pip runs.
os.environ.setdefault("CARGO_TARGET_DIR", str(NATIVE / "target"))


def groups(*names: str) -> list[str]:
    """The requirements of the named dependency groups, without duplicates."""
    return list(dict.fromkeys(nox.project.dependency_groups(PYPROJECT, *names)))


# --- the default sessions -------------------------------------------------------


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff, then the native core (``rust``); no changes are written."""
    session.install(*groups("lint"))
    session.run("ruff", "check", *session.posargs)
    session.run("ruff", "format", "--check", *session.posargs)
    rust(session)


@nox.session(venv_backend="none", default=False)
def rust(session: nox.Session) -> None:
    """Check the native core: ``cargo fmt --check``, clippy with warnings as errors, ``cargo test``, ``cargo doc``.

    ``--locked``: the committed Cargo.lock is what is built and tested. cargo
    is required (a machine of the project's kind has it); ``lint`` runs this.
    """
    cargo = shutil.which("cargo")
    if cargo is None:
        session.error("cargo not found: the native core's checks need a Rust toolchain on PATH")
    manifest = ["--manifest-path", str(NATIVE / "Cargo.toml")]
    session.run(cargo, "fmt", *manifest, "--all", "--check", external=True)
    clippy = ["clippy", *manifest, "--workspace", "--all-targets", "--locked"]
    session.run(cargo, *clippy, "--", "-D", "warnings", external=True)
    session.run(cargo, "test", *manifest, "--workspace", "--locked", external=True)
    # The crates' docs, private items too, with a broken link an error.
    doc = ["doc", *manifest, "--workspace", "--locked", "--no-deps", "--document-private-items"]
    session.run(cargo, *doc, external=True, env={"RUSTDOCFLAGS": "-D warnings"})


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check src, tests, benchmarks and this file with ``mypy --strict``.

    The files come from ``[tool.mypy]`` in pyproject.toml; posargs replace
    them (``nox -s typecheck -- src``). nox itself is installed so that this
    file is checked against its real types.
    """
    # The pure build: mypy reads the sources, so building the native core would be wasted.
    session.install(".", env={"NARDY_PURE": "1"})
    session.install(*groups("typecheck", "reference"), f"nox{nox.needs_version}")
    session.run("mypy", "--strict", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs nitpicky, warnings as errors, then run their doctests.

    The pure-Python build is installed: autodoc reads signatures and
    docstrings from Python functions (the compiled build answers the same).
    """
    session.install(*groups("docs"))
    session.install(".", env={"NARDY_PURE": "1"})
    build = ROOT / "docs" / "_build"
    common = ["-n", "-W", "--keep-going", "-d", str(build / "doctrees"), "docs"]
    session.run("sphinx-build", *common, "-b", "html", str(build / "html"), *session.posargs)
    session.run("sphinx-build", *common, "-b", "doctest", str(build / "doctest"))


def _reference_required(session: nox.Session) -> dict[str, str]:
    """``NARDY_REQUIRE_REFERENCE=1`` where the ``reference`` group installs gnubg-nn.

    Its marker leaves gnubg-nn out on Python 3.14 and later (no wheel yet);
    everywhere else its differential tests must run, not skip.
    """
    version = session.run(
        "python", "-c", "import sys; print(sys.version_info >= (3, 14))", silent=True
    )
    return {} if str(version).strip() == "True" else {"NARDY_REQUIRE_REFERENCE": "1"}


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite (and the README's examples) on the compiled build; posargs go to pytest.

    Installs the package as ``pip install .`` does (the native core built
    with cargo), or the wheel that ``NARDY_WHEEL`` names, and the ``tests``, ``reference``, ``ray`` and ``rl-test``
    groups (gnubg-nn is the reference move generator of the differential
    tests; Ray runs the self-play tests of its backend; ``rl-test`` brings
    the rl and openspiel extras). The suite checks that the compiled build,
    the native core loaded, is the one it tests.
    """
    # NARDY_WHEEL: a built wheel to test instead of the checkout (CI's run
    # passes the one the build session made, with no Rust toolchain on PATH).
    package = os.environ.get("NARDY_WHEEL") or "."
    session.install(package, *groups("tests", "reference", "ray", "rl-test"))
    env = {"NARDY_EXPECT_BUILD": "compiled", **_reference_required(session)}
    session.run("pytest", *PARALLEL, *session.posargs, env=env)


#: pytest-xdist's options for the sessions that run the suite: a worker per
#: core, each taking whole files (a module's fixtures, such as its local
#: Ray, are made once). posargs may override them (``-n 0``: one process).
PARALLEL = ("-n", "auto", "--dist", "loadfile")

#: The tests ``quick`` leaves out: the seeded sweeps against the reference
#: generators (minutes on the pure build; ``tests`` runs them) and the slow
#: ones (deep perft, run only when asked for).
QUICK_MARKERS = "not slow and not sweep"


@nox.session(default=False)
def quick(session: nox.Session) -> None:
    """The README's test command: the pure-Python build, every test but the sweeps (minutes).

    Installs the package with ``NARDY_PURE=1`` (no Rust build: the same
    rules as plain Python) and only the ``tests`` group, so the tests of the
    optional extras and of the oracles (Ray, OpenSpiel, PettingZoo, gnubg)
    skip. posargs go to pytest and replace the marker selection.
    """
    session.install(*groups("tests"))
    session.install(".", "--force-reinstall", "--no-deps", env={"NARDY_PURE": "1"})
    session.install("attrs>=23.1")
    args = session.posargs or ["-q", "-m", QUICK_MARKERS]
    session.run("pytest", *PARALLEL, *args, env={"NARDY_EXPECT_BUILD": "pure"})


@nox.session(name="tests-pure")
def tests_pure(session: nox.Session) -> None:
    """Run the test suite on the pure-Python build (``NARDY_PURE=1``); posargs go to pytest."""
    session.install(*groups("tests", "reference", "ray", "rl-test"))
    session.install(".", "--force-reinstall", "--no-deps", env={"NARDY_PURE": "1"})
    session.install("attrs>=23.1")
    env = {"NARDY_EXPECT_BUILD": "pure", **_reference_required(session)}
    session.run("pytest", *PARALLEL, *session.posargs, env=env)


@nox.session(name="tests-all", python=PYTHONS, default=False)
def tests_all(session: nox.Session) -> None:
    """Run the test suite on every Python version the project supports (opt-in)."""
    tests(session)


# --- opt-in sessions --------------------------------------------------------------


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Measure legal-play enumeration speed against gnubg-nn (posargs go to the script).

    See ``benchmarks/bench_legal.py --help``; never part of the default run,
    because timings on a shared machine are not pass/fail material.
    """
    session.install(".", *groups("reference"))
    session.run("python", "benchmarks/bench_legal.py", *session.posargs)


@nox.session(default=False)
def build(session: nox.Session) -> None:
    """Build the sdist and, from it, the wheel into ``dist/`` and check them with twine.

    With cargo on PATH the wheel holds the native core and is the one abi3
    wheel (``cp311-abi3``) for Python 3.11 and newer; without it, the
    pure-Python wheel.
    """
    session.install(*groups("build"))
    dist = ROOT / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(dist))
    session.run("twine", "check", "--strict", *(str(p) for p in sorted(dist.iterdir())))


if __name__ == "__main__":
    nox.main()
