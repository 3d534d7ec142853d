"""Which legal play a :class:`~nardy.Play` is: the one with its steps, or the one whose position its steps reach."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy.engine import apply_steps
from nardy.engine import state as engine_state
from nardy.errors import IllegalPlayError
from nardy.model.legal import LegalPlays
from nardy.model.play import Play, check_play
from nardy.rules.movement import Movement
from nardy.rules.vocabulary import Entering
from nardy.variants import planning

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = ["index_of_play"]


def index_of_play(
    variant: Variant, legal: LegalPlays, play: Play, movement: Movement | None
) -> int:
    """:meth:`Variant.index_of <nardy.Variant.index_of>`: the index in ``legal`` of ``play``, or :class:`~nardy.errors.IllegalPlayError`.

    ``play`` matches a legal play with the same steps, or one whose
    resulting position its steps reach (checked step by step against the
    board, with the variant's ``movement``: its plan's).
    """
    position = legal.position
    check_play(play)
    bad = f"illegal play {play.notation() or '(pass)'!r} for roll {play.roll} in {position.id()}"
    if play.roll != legal.roll:
        raise IllegalPlayError(f"{bad}: the dice are {legal.roll}")
    for i, candidate in enumerate(legal):
        if candidate.steps == play.steps:
            return i
    bar = apply_steps.NO_BAR
    if variant.has_bar:
        bar = apply_steps.RETURN if variant.entering is Entering.RETURN else apply_steps.ENTER
    try:
        state = apply_steps.make_steps(
            position.raw,
            ((s.src, s.dst, s.die) for s in play.steps),
            variant.moves(play.roll),
            planning.contact_code(variant.turn_contact(play.roll)),
            bar,
            movement,
        )
    except IllegalPlayError as exc:
        raise IllegalPlayError(f"{bad}: {exc}") from None
    key = engine_state.pack(state)
    for i, found in enumerate(legal.raw_results()):
        if found == key:
            return i
    raise IllegalPlayError(f"{bad}: legal plays are {legal.notations()}")
