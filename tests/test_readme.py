"""The README's examples run as a reader runs them: ``python -m doctest README.md``, no options.

pytest collects the README too (``--doctest-glob``), but with its own
default option flags (ELLIPSIS among them); plain doctest has none, so an
example that needs one must say so itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_plain_doctest_passes_the_readme() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "doctest", "README.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert proc.stdout == ""  # doctest prints nothing when every example passes
