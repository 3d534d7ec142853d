"""The build under test is the one the session asked for, and says so."""

from __future__ import annotations

import os

import pytest

import nardy
from nardy.cli.main import main


def test_the_build_is_the_expected_one() -> None:
    expected = os.environ.get("NARDY_EXPECT_BUILD")
    if expected is None:
        pytest.skip("NARDY_EXPECT_BUILD is not set (the nox sessions set it)")
    assert nardy.compiled is (expected == "compiled")


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    out = capsys.readouterr().out
    assert nardy.__version__ in out
    assert ("(compiled)" if nardy.compiled else "(pure Python)") in out


def test_the_installed_metadata_names_the_licence() -> None:
    # `pip show nardy` reads these (License-Expression, PEP 639); the nox
    # sessions install a built wheel, so its metadata is the one users get.
    if os.environ.get("NARDY_EXPECT_BUILD") is None:
        pytest.skip("NARDY_EXPECT_BUILD is not set (the nox sessions install a wheel)")
    from importlib.metadata import metadata

    meta = metadata("nardy")
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
