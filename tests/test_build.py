"""The build under test is the one the session asked for, and says so."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

import nardy
from nardy.cli.main import build_name, main


def expected_build() -> str:
    expected = os.environ.get("NARDY_EXPECT_BUILD")
    if not expected:
        pytest.skip("NARDY_EXPECT_BUILD is not set (the nox sessions set it)")
    assert expected in ("compiled", "pure"), f"NARDY_EXPECT_BUILD={expected!r}"
    return expected


def test_the_build_is_the_expected_one() -> None:
    assert nardy.compiled is (expected_build() == "compiled")


def test_the_compiled_build_loads_the_native_core() -> None:
    # `pip install .` with cargo on PATH builds the native module; a Rust build
    # that failed (an optional extension) would leave the package pure
    # without this. The pure build (NARDY_PURE=1, or no cargo) has none.
    assert nardy.native is (expected_build() == "compiled")


def test_a_wheel_under_test_is_the_installed_package() -> None:
    # CI tests the wheel the build made (NARDY_WHEEL, nox -s tests): nardy
    # must come from the virtual environment it went into, not the checkout.
    wheel = os.environ.get("NARDY_WHEEL")
    if not wheel:
        pytest.skip("NARDY_WHEEL is not set (CI's run sets it)")
    assert Path(nardy.__file__).resolve().is_relative_to(Path(sys.prefix).resolve())
    assert Path(wheel).name.startswith("nardy-")
    assert nardy.native


def test_native_says_whether_the_module_imports() -> None:
    # The extension module's name is private by design (the package wraps it).
    try:
        importlib.import_module("nardy._native")
    except ImportError:
        assert nardy.native is False
    else:
        assert nardy.native is True


def test_compiled_is_native() -> None:
    # One build is compiled: the one with the native core loaded.
    assert nardy.compiled is nardy.native


@pytest.mark.parametrize(("native", "name"), [(True, "native core"), (False, "pure Python")])
def test_build_name_names_what_runs(
    monkeypatch: pytest.MonkeyPatch, native: bool, name: str
) -> None:
    monkeypatch.setattr(nardy, "compiled", native)
    monkeypatch.setattr(nardy, "native", native)
    assert build_name() == name


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    out = capsys.readouterr().out
    assert nardy.__version__ in out
    assert f"({build_name()})" in out
    assert ("native core" in out) is nardy.native
    assert ("pure Python" in out) is not nardy.native


def test_the_installed_metadata_names_the_licence() -> None:
    # `pip show nardy` reads these (License-Expression, PEP 639); the nox
    # sessions install a built wheel, so its metadata is the one users get.
    if os.environ.get("NARDY_EXPECT_BUILD") is None:
        pytest.skip("NARDY_EXPECT_BUILD is not set (the nox sessions install a wheel)")
    from importlib.metadata import metadata

    meta = metadata("nardy")
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
