"""What Jupyter shows for values, games and matches: pictures drawn by a layer above them.

:class:`~nardy.Position` and :class:`~nardy.LegalPlays` here, and
:class:`~nardy.Game` and :class:`~nardy.Match` in the game layer, show
themselves in Jupyter (``_repr_svg_``, ``_repr_html_``) with the drawings
of :mod:`nardy.pictures.svg`. That module draws games and matches too, so it lies
above the values and the game layer, and importing it from them would
make the layers a cycle. The package hands the drawings down instead:
``nardy/__init__.py`` calls :func:`draw_with` with a function that imports
them on first use (as the deferred imports it replaces did), and the hooks
ask :func:`drawings` for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["draw_with", "drawings"]

_load: Callable[[], Any] | None = None


def draw_with(load: Callable[[], Any]) -> None:
    """Draw with the module that ``load()`` returns (called each time a picture is drawn)."""
    global _load
    _load = load


def drawings() -> Any:
    """The module that draws positions, legal plays, games and matches."""
    if _load is None:
        raise RuntimeError("nardy's pictures are handed down by nardy/__init__.py on import")
    return _load()
