"""The arguments the ``nardy`` subcommands share, spelled the same way in each.

Every command that takes a variant takes ``--variant NAME`` (a name, an
alias or a spec) with ``--option KEY=VALUE`` (repeatable), and every command
that writes a file takes ``-o/--output``: :func:`add_variant` and
:func:`add_output` define them, so that no command can spell them its own
way. :func:`key_value` and :func:`positive` are argparse types.
"""

from __future__ import annotations

import argparse
from typing import Any

from nardy.model.validate import shown

__all__ = ["add_output", "add_seed", "add_variant", "key_value", "positive"]


def key_value(pair: str) -> tuple[str, str]:
    """An ``--option``/``--game-option`` argument: ``KEY=VALUE`` (an argparse type)."""
    key, eq, value = pair.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"takes KEY=VALUE, got {shown(pair)}")
    return key.strip(), value.strip()


def positive(text: str) -> int:
    """A count of 1 or more (games, plies, points, workers; an argparse type)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"takes a positive integer, got {shown(text)}")
    return value


def add_variant(
    parser: Any,
    what: str,
    default: str | None = None,
    *,
    required: bool = False,
    option_help: str = "a variant option, such as must_play_higher=false (repeatable)",
) -> None:
    """Add ``--variant NAME`` (its help ``what``, its ``default``) and ``--option KEY=VALUE``.

    The ``nardy`` command checks the two together before the command runs
    (an unknown variant or option is a usage error) and hands the command
    the variant's spec, options included, in ``args.variant``.
    """
    parser.add_argument("--variant", default=default, help=what, metavar="NAME", required=required)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        type=key_value,
        metavar="KEY=VALUE",
        help=option_help,
    )


def add_output(parser: Any, metavar: str, **kwargs: Any) -> None:
    """Add ``-o/--output FILE``: where the command writes (standard output without it)."""
    kwargs.setdefault("help", "write here, not to standard output")
    parser.add_argument("-o", "--output", metavar=metavar, **kwargs)


def add_seed(parser: Any, default: int) -> None:
    """Add ``--seed N``: the integer every random choice of the command comes from."""
    parser.add_argument(
        "--seed", type=int, default=default, metavar="N", help=f"random seed (default {default})"
    )
