"""Sphinx configuration for the nardy documentation.

Built nitpicky with warnings as errors (``nox -s docs``). There is no
intersphinx: the build must work without network access, so references to
the standard library are plain text (see ``nitpick_ignore_regex``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import version as _version
from typing import Any, ClassVar

project = "nardy"
author = "The nardy developers"
copyright = "2026, The nardy developers"
release = _version("nardy")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build"]
nitpicky = True

# -- autodoc / napoleon ---------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# Names in signatures that live outside this project. Without intersphinx
# Sphinx has nothing to link them to; they are all standard library.
nitpick_ignore_regex = [
    ("py:class", r"(abc|argparse|collections\.abc|enum|pathlib|random|types|typing)\..*"),
    # attrs' own types (no intersphinx: the build has no network).
    ("py:class", r"attrs?\..*"),
    # RollLike is Union[Roll, "tuple[int, int]", "list[int]", str]: the quoted
    # builtin generics come through as reference targets.
    ("py:class", r"(tuple|list)\[.*\]"),
    # The TypeVar of register_variant's signature (a class decorator).
    ("py:class", r"nardy\.(variants\.base|model\.registry)\.V"),
]

# -- doctest ------------------------------------------------------------------------
# No global setup: each page imports what its examples use, so that a
# reader can copy them as they stand (the builder checks it).

# -- HTML ---------------------------------------------------------------------------
html_theme = "furo"
html_title = f"nardy {release}"


# -- the generated variants table -----------------------------------------------------


def _variant_table_lines(found_docs: set[str]) -> list[str]:
    """A list-table of the registered variants, python-chess style."""
    import attrs

    import nardy

    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: auto",
        "",
        "   * - Variant",
        "     - Class",
        "     - Name and aliases",
        "     - Options (defaults)",
        "     - gnubg ID",
    ]
    for cls in nardy.VARIANTS:
        page = f"variants/{cls.name}"
        title = f":doc:`/{page}`" if page in found_docs else f"``{cls.name}``"
        if cls.__name__ in nardy.__all__:
            klass = f":class:`nardy.{cls.__name__}`"
        else:
            klass = f"``{cls.__module__}.{cls.__name__}``"
        names = ", ".join(f"``{n}``" for n in (cls.name, *cls.aliases))
        options = ", ".join(f"``{a.name}={a.default!r}``" for a in attrs.fields(cls) if a.init)
        gnubg = "yes" if cls.gnubg_id_supported else "no"
        lines += [
            f"   * - {title}",
            f"     - {klass}",
            f"     - {names}",
            f"     - {options or 'none'}",
            f"     - {gnubg}",
        ]
    return lines


def setup(app: Any) -> dict[str, Any]:
    from docutils import nodes
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    class VariantTable(SphinxDirective):
        """``.. nardy-variant-table::`` -- the table of registered variants."""

        def run(self) -> list[nodes.Node]:
            self.env.note_reread()  # pages added later must show up in the table
            container = nodes.container()
            lines = _variant_table_lines(set(self.env.found_docs))
            self.state.nested_parse(StringList(lines, "<nardy-variant-table>"), 0, container)
            return container.children

    app.add_directive("nardy-variant-table", VariantTable)

    class Board(SphinxDirective):
        """``.. nardy-board:: VARIANT|POSITION-ID`` -- a board drawn by nardy.pictures.svg.

        A variant name draws its starting position. Options: ``:dice: 64``,
        ``:play: 8/2 6/2`` (with ``:dice:``), ``:cube: 2`` (centred),
        ``:cube: 2 white`` (owned), ``:cube: 2 offered black``, ``:flipped:``,
        ``:home: left``, ``:caption: text``.
        """

        required_arguments = 1
        option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
            "dice": str,
            "play": str,
            "cube": str,
            "flipped": lambda arg: True,
            "home": str,
            "caption": str,
        }

        def run(self) -> list[nodes.Node]:
            import nardy
            from nardy.game.actions import CubeState
            from nardy.pictures import svg

            text = self.arguments[0]
            if ":" in text:
                position = nardy.Position.from_id(text)
            else:
                position = nardy.find_variant(text).starting_position()
            extras: dict[str, Any] = {}
            if "dice" in self.options:
                extras["dice"] = self.options["dice"]
            if "play" in self.options:
                extras["play"] = position.parse_play(self.options["play"], extras["dice"])
            if "cube" in self.options:
                value, *rest = self.options["cube"].split()
                side = nardy.Side.coerce(rest[-1]) if rest else None
                offered = side if "offered" in rest else None
                # An offer at 1 comes from the centre; a redouble from its owner.
                owner = side if offered is None or int(value) > 1 else None
                extras["cube"] = CubeState(value=int(value), owner=owner, offered_by=offered)
            picture = svg.board(
                position,
                size=480,
                flipped="flipped" in self.options,
                home=self.options.get("home", "right"),
                **extras,
            ).split("?>", 1)[1]
            import html as markup

            caption = markup.escape(self.options.get("caption", ""))
            shown = f'<p class="nardy-caption">{caption}</p>' if caption else ""
            html = f'<div class="nardy-board">{picture}{shown}</div>'
            return [nodes.raw("", html, format="html")]

    app.add_directive("nardy-board", Board)
    _napoleon_except_attributes(app)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("env-check-consistency", _check_api_complete)
    app.connect("missing-reference", _resolve_short_name)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def _check_api_complete(app: Any, env: Any) -> None:
    """Warn (an error under -W) about a name of ``nardy.__all__`` missing from the API page."""
    from sphinx.util import logging

    import nardy

    documented = set(env.get_domain("py").objects) | set(env.domaindata["py"]["modules"])
    missing = [n for n in nardy.__all__ if f"nardy.{n}" not in documented]
    if missing:
        logging.getLogger(__name__).warning(
            "public names of nardy.__all__ missing from docs/api.rst: %s", ", ".join(missing)
        )


def _resolve_short_name(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a Python reference the API page documents under another name.

    Docstrings name objects by the module that defines them
    (``nardy.game.game.Game.roll``) or relative to it (``Game.roll`` inside
    ``nardy.game.game``), while the API page documents everything under ``nardy``
    (``nardy.Game.roll``). Try the target without its submodule, then a
    unique suffix match (as ``:class:`.Name``` does); anything else is left
    to the nitpicky warning.
    """
    import sys

    if node.get("refdomain") != "py" or node.get("refspecific"):
        return None
    domain = env.get_domain("py")
    target = node["reftarget"]
    parts = target.split(".")
    # The longest prefix that names a module (nardy.model.result.Result.name
    # is nardy.Result.name).
    for end in range(len(parts) - 1, 1, -1):
        if parts[0] == "nardy" and ".".join(parts[:end]) in sys.modules:
            target = "nardy." + ".".join(parts[end:])
            break
    node["refspecific"] = True
    try:
        return domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
        )
    finally:
        node["refspecific"] = False


def _public_bases(app: Any, name: str, obj: Any, options: Any, bases: list[type]) -> None:
    """Show a variant's first public ancestor instead of a private base class."""
    for i, base in enumerate(bases):
        while base.__name__.startswith("_") and base.__bases__:
            base = base.__bases__[0]
        bases[i] = base


def _napoleon_except_attributes(app: Any) -> None:
    """Keep napoleon away from attribute docstrings.

    napoleon reads an attribute docstring's text before the first colon as
    its type ("Starting layout in each side's own numbering: ..." would link
    a type of that name). nardy documents attributes in plain sentences, so
    napoleon is applied to functions, classes and modules only.
    """
    from sphinx.ext.napoleon import _process_docstring

    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)

    def process(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
        if what not in ("attribute", "data", "property"):
            _process_docstring(app, what, name, obj, options, lines)

    app.connect("autodoc-process-docstring", process)
