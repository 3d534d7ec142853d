"""The engine's Python stays one readable search, not a second set of kernels.

Issue 39 moved the fast search to the native core and asked that the
engine's Python (``src/nardy/engine``: the Python search, the reference, the
native bridge and their helpers) stay at most 3,000 lines, against the 6,725
of the kernels it replaced. Lines are counted as ``wc -l`` counts them:
docstrings and blank lines included.
"""

from __future__ import annotations

from pathlib import Path

import nardy.engine

#: The most lines the engine's Python modules may hold together.
ENGINE_LINES = 3000


def test_the_engines_python_is_at_most_3000_lines() -> None:
    folder = Path(nardy.engine.__file__).parent
    sizes = {path.name: len(path.read_bytes().splitlines()) for path in folder.glob("*.py")}
    assert "onesearch.py" in sizes, sorted(sizes)
    assert "reference.py" in sizes, sorted(sizes)
    total = sum(sizes.values())
    assert total <= ENGINE_LINES, f"{total} lines: {sorted(sizes.items(), key=lambda kv: -kv[1])}"
