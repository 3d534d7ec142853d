"""The ``nardy`` command line.

* :mod:`~nardy.cli.main` -- the ``nardy`` console script
  (``nardy.cli.main:main``), its parser, ``nardy demo`` and ``nardy
  variants``, and the demo's players (:func:`~nardy.cli.main.choose_play`,
  :func:`~nardy.cli.main.cube_decision`);
* :mod:`~nardy.cli.legal` -- ``nardy legal``: JSON questions in, legal
  plays out; :mod:`~nardy.cli.legal_text` writes its answers' text;
* :mod:`~nardy.cli.convert` -- ``nardy convert`` and ``nardy id``;
* :mod:`~nardy.cli.render` -- ``nardy render`` and ``nardy view``;
* :mod:`~nardy.cli.selfplay` -- ``nardy selfplay``;
* :mod:`~nardy.cli.args` -- the arguments the commands share.

Importing this package imports none of them, so that ``nardy legal``
loads only :mod:`~nardy.cli.main` and :mod:`~nardy.cli.legal`. The names
of the module ``nardy.cli`` was before the package was laid out in layers
(:func:`~nardy.cli.main.legal_line`, :func:`~nardy.cli.main.choose_play`,
``INTERNAL_ERROR``, ...) are still read from here, from :mod:`nardy.cli.main`
on first use. ``nardy.cli.main`` is that module now, no longer the
function; the module can be called as the function was
(``nardy.cli.main(["variants"])``).
"""

from __future__ import annotations

from typing import Any

from nardy._lazy import forwarded

#: The modules of this package: never looked up in nardy.cli.main.
_MODULES = frozenset(["args", "convert", "legal", "legal_text", "main", "render", "selfplay"])


def __getattr__(name: str) -> Any:
    """A name of the old module ``nardy.cli`` (now :mod:`nardy.cli.main`), on first use."""
    return forwarded(__name__, name, "nardy.cli.main", _MODULES)
