"""How a configured variant becomes the engine's plan: the hooks it overrides, its movement, its cache.

:func:`plan_of` is what :meth:`Variant.legal_plays <nardy.Variant.legal_plays>`
asks for once per configuration (equal variants share one plan): a hook left
at its default is not handed to the engine at all, so it costs nothing in a
search (:class:`nardy.engine.plan.Plan`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nardy.engine import state as engine_state
from nardy.engine.plan import Plan
from nardy.model import cache
from nardy.model.basics import Roll
from nardy.rules.board import BLOCK, HIT, PIN
from nardy.rules.movement import movement_of
from nardy.rules.vocabulary import Contact, Entering

if TYPE_CHECKING:
    from nardy.variants.base import Variant

__all__ = ["asked_rolls", "contact_code", "plan_of", "roll_rules_cover"]


def contact_code(contact: Contact) -> int:
    """The engine's code of a contact, by identity (an enum's hash is Python code, asked each turn)."""
    return HIT if contact is Contact.HIT else BLOCK if contact is Contact.BLOCK else PIN


def plan_of(variant: Variant, base: type) -> Plan:
    """The engine's plan of a configured variant (made once, then shared by equal variants).

    ``base`` is the class whose hooks are the defaults (:class:`~nardy.Variant`):
    a hook the variant's class does not override, or that
    :meth:`~nardy.Variant.unused_hooks` names, is not handed to the engine.
    """
    plan = _PLANS.get(variant)
    if plan is not None:
        return plan
    cls = type(variant)
    idle = variant.unused_hooks()

    def own(name: str) -> Any:
        overridden = getattr(cls, name) is not getattr(base, name)
        return getattr(variant, name) if overridden and name not in idle else None

    turn_contact = own("turn_contact")
    plan = Plan(
        contact=contact_code(variant.contact),
        enters=variant.entering is not Entering.RETURN,
        must_play_higher=bool(getattr(variant, "must_play_higher", True)),
        all_off=variant.checkers + engine_state.ZERO,
        cache=cache.store(),
        moves=own("moves"),
        turn_contact=None
        if turn_contact is None
        else {roll.moves: contact_code(turn_contact(roll)) for roll in asked_rolls(variant)},
        step_rule=own("step_rule"),
        hitter_rule=own("hitter_rule"),
        play_filter=own("play_filter"),
        extra_plays=own("extra_plays"),
        raw_plays=own("raw_plays"),
        roll_rules=own("roll_rules") if roll_rules_cover(cls) else None,
        is_over=own("is_over"),
        movement=movement_of(variant),
    )
    plan.cache.checks_rolls = variant.dice != 2
    _PLANS[variant] = plan
    return plan


# The hooks a roll's rules (Variant.roll_rules) stand for.
_TURN_HOOKS = ("moves", "turn_contact", "step_rule", "hitter_rule", "play_filter", "extra_plays")


def roll_rules_cover(cls: type) -> bool:
    """Whether the class's ``roll_rules`` was written with its per-turn hooks: none is overridden below it.

    A subclass that overrides a per-turn hook (another head rule, a copy of
    a rule object) but not ``roll_rules`` would have its own rules passed
    over by the native core; its per-turn hooks are asked instead.
    """
    owner = next(c for c in cls.__mro__ if "roll_rules" in vars(c))
    for name in _TURN_HOOKS:
        where = next(c for c in cls.__mro__ if name in vars(c))
        if not issubclass(owner, where):
            return False
    return True


def asked_rolls(variant: Variant) -> tuple[Roll, ...]:
    """The rolls a variant may be asked about: its rolls, and its segments of k moves."""
    rolls = variant.rolls()
    if not variant.segment_moves:
        return rolls
    return rolls + tuple(r.with_moves(k) for r in rolls if r.is_double for k in (1, 2, 3))


# Every configuration's plan, by the variant (equal variants share one).
_PLANS: dict[Variant, Plan] = {}
