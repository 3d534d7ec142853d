"""A configured variant's hooks, fixed once, and the path from a roll to its legal plays.

:class:`Plan` records which movement hooks a variant overrides (a hook left
at its default is ``None`` here, so it is neither called nor passed on) and
holds the variant's legal-play cache; :meth:`Plan.play_keys` asks the hooks
for one turn's rules (:class:`~nardy.engine.reference.TurnRules`) and runs
the search: the native core's (:mod:`nardy.engine.native`) when it is
loaded and the rules are all data it knows (a variant that declares a
roll's rules whatever the position, :meth:`Variant.roll_rules
<nardy.Variant.roll_rules>`, has them asked once per roll and no hook
called per turn), else the Python search
(:func:`nardy.engine.onesearch.search`). Both give the same plays in the
same canonical order (:mod:`nardy.engine.onesearch`'s docstring), so which
one ran never shows in an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nardy.engine import onesearch
from nardy.engine.native import (
    CACHE_SIZE,
    NativeRules,
    available,
    native_rules,
    packed_plays,
    rules_for,
)
from nardy.engine.reference import TurnRules
from nardy.engine.state import BASE_SIZE, EXTRA_BYTES, State, pack, unpack
from nardy.engine.table import native_table
from nardy.rules.movement import DEFAULT_MOVEMENT, Movement
from nardy.rules.turn_rules import HitterRule, PlayFilter, RollRules, StepRule

__all__ = ["NATIVE", "PYTHON", "Plan"]

#: What :meth:`Plan.search_name` gives for the native core's search.
NATIVE = "native"
#: What :meth:`Plan.search_name` gives for the Python search (:func:`nardy.engine.onesearch.search`).
PYTHON = "python"


class Plan:
    """What one configured variant's hooks say, and where its legal sets are cached."""

    def __init__(
        self,
        *,
        contact: int,
        enters: bool,
        must_play_higher: bool,
        all_off: int,
        cache: Any,
        moves: Callable[[Any], tuple[int, ...]] | None,
        turn_contact: dict[tuple[int, ...], int] | None,
        step_rule: Callable[[State, Any], StepRule | None] | None,
        hitter_rule: Callable[[State, Any], HitterRule | None] | None,
        play_filter: Callable[[State, Any], PlayFilter | None] | None,
        extra_plays: Callable[[State, Any], list[tuple[State, Any]]] | None,
        raw_plays: Callable[[State, Any], list[tuple[State, Any]]] | None,
        is_over: Callable[[Any], bool] | None,
        movement: Movement | None = None,
        roll_rules: Callable[[Any], RollRules | None] | None = None,
    ) -> None:
        #: The contact code (:mod:`nardy.rules.board`) of the variant's data.
        self.contact = contact
        #: Whether checkers on the bar enter with the dice.
        self.enters = enters
        #: The higher-die part of the maximum-use rule.
        self.must_play_higher = must_play_higher
        #: The packed byte of a borne-off count once a side has them all.
        self.all_off = all_off
        #: The variant's legal-play sets (a :class:`nardy.model.legal.Store`).
        self.cache = cache
        self.moves = moves
        #: The contact code by roll (its moves) where the contact changes with the roll.
        self.turn_contact = turn_contact
        self.step_rule = step_rule
        self.hitter_rule = hitter_rule
        self.play_filter = play_filter
        self.extra_plays = extra_plays
        self.raw_plays = raw_plays
        self.is_over = is_over
        # The roll's rules whatever the position (Variant.roll_rules), for the native core only.
        self.roll_rules = roll_rules if available() else None
        #: The variant's movement (:func:`~nardy.rules.movement.movement_of`)
        #: when it is not today's, else ``None``: a pool, the bar first or
        #: not, where a hit checker goes, the bear-off.
        self.movement = None if movement is None or movement.is_default else movement
        #: The codes (:attr:`Roll.code <nardy.Roll.code>`) of the rolls of
        #: three dice or of k moves the variant was asked about and takes
        #: (:meth:`Variant.check_roll <nardy.Variant.check_roll>` is asked
        #: once per roll).
        self.rolls_taken: set[int] = set()
        # No per-turn hook: the native rules are cached by dice, contact and state size.
        self.plain = (
            step_rule is None
            and hitter_rule is None
            and play_filter is None
            and extra_plays is None
        )
        #: The native rules of a plan with no per-turn hook, by (dice moves,
        #: contact, packed size); ``None`` where the core cannot take them.
        self.tables: dict[tuple[tuple[int, ...], int, int], NativeRules | None] = {}
        #: The native rules of a plan with per-turn hooks, by the turn's dice,
        #: contact and state size and its rule objects (see ``_native_per_turn``).
        self.by_objects: dict[
            tuple[object, ...], tuple[object, object, object, NativeRules | None]
        ] = {}
        #: The native rules a variant declares for a roll (``roll_rules``), by
        #: the roll's dice and the packed size; ``None`` where it declares
        #: none the core takes (the per-turn hooks are then asked).
        self.by_roll: dict[tuple[tuple[int, ...], int], NativeRules | None] = {}

    def play_keys(
        self, packed: bytes, roll: Any, dice: tuple[int, ...], general: bool = False
    ) -> tuple[list[bytes], list[int]]:
        """The legal plays of ``roll`` (whose dice are ``dice``) as keys and packed steps, in the canonical order.

        A key is the resulting state packed (:mod:`nardy.engine.state`); a
        pass is the start's key (``packed``) with no steps (0). ``general``: run the
        Python search with every rule object's functions called, none judged
        by what it declares (:func:`nardy.engine.onesearch.sequences` without
        its shortcuts), even where the native core could: what
        :func:`nardy.testing.check_variant` compares the chosen search with.
        """
        if self.plain and not general:
            # No per-turn hook: the rules, and so the native rules, follow from the dice alone.
            moves = dice if self.moves is None else tuple(self.moves(roll))
            contact = self.contact if self.turn_contact is None else self.turn_contact[dice]
            key = (moves, contact, len(packed))
            known = self.tables
            if key in known:
                native = known[key]
                if native is not None:
                    return self._native(native, packed)
        elif self.roll_rules is not None and not general:
            # The roll's rules whatever the position: no hook called per turn.
            by_roll = self.by_roll
            at = (dice, len(packed))
            native = by_roll[at] if at in by_roll else self._native_of_roll(roll, dice, at)
            if native is not None:
                return self._native(native, packed)
        # The turn's rules, asked of the hooks once whichever search takes them.
        state = unpack(packed)
        rules = self.turn_rules(state, roll, dice)
        if general:
            return self._python(packed, state, rules, shortcuts=False)
        if self.plain:
            native = native_rules(rules, state)
            self.tables[(rules.dice, rules.contact, len(packed))] = native
        else:
            native = self._native_per_turn(rules, state)
        if native is None:
            return self._python(packed, state, rules)
        return self._native(native, packed)

    def _native_of_roll(
        self, roll: Any, dice: tuple[int, ...], key: tuple[tuple[int, ...], int]
    ) -> NativeRules | None:
        """The native rules the variant declares for ``roll`` (``roll_rules``), remembered under ``key``; ``None`` when none the core takes."""
        assert self.roll_rules is not None
        declared = self.roll_rules(roll)
        native = None
        if declared is not None:
            rules = self._rules(
                roll, dice, declared.step_rule, declared.hitter_rule, declared.play_filter, []
            )
            size = BASE_SIZE + (key[1] - BASE_SIZE) // EXTRA_BYTES  # (ints, from the packed bytes)
            table = native_table(rules, size, bool(declared.returns))
            native = None if table is None else rules_for(table)
        if len(self.by_roll) >= CACHE_SIZE:
            self.by_roll.clear()
        self.by_roll[key] = native
        return native

    def _native_per_turn(self, rules: TurnRules, state: State) -> NativeRules | None:
        """The native rules of a turn whose hooks gave ``rules``, remembered by the rule objects.

        The table follows from the dice, the contact, the state's size and
        what the step, hitter and filter objects declare (the plan's other
        data never change), so rules made of the same objects have the same
        native rules: a hook that hands out one object for many turns (a
        rule object is never changed) has its table written once. Kush's
        return (extra plays) depends on the state, and is not remembered.
        """
        if rules.extra:
            return native_rules(rules, state)
        step, hitter, play_filter = rules.step_rule, rules.hitter_rule, rules.play_filter
        key = (rules.dice, rules.contact, len(state), id(step), id(hitter), id(play_filter))
        known = self.by_objects.get(key)
        # (The objects kept beside their answer: their ids name no other object while they are in.)
        if (
            known is not None
            and known[0] is step
            and known[1] is hitter
            and known[2] is play_filter
        ):
            return known[3]
        native = native_rules(rules, state)
        if len(self.by_objects) >= CACHE_SIZE:
            self.by_objects.clear()
        self.by_objects[key] = (step, hitter, play_filter, native)
        return native

    @staticmethod
    def _python(
        packed: bytes, state: State, rules: TurnRules, shortcuts: bool = True
    ) -> tuple[list[bytes], list[int]]:
        """The Python search's plays; without its ``shortcuts``, every rule object's functions called."""
        if shortcuts:
            plays = onesearch.search(state, rules)
        else:
            plays = onesearch.finish(
                state, onesearch.sequences(state, rules, shortcuts=False), rules
            )
        if not plays:
            return [packed], [0]
        return [pack(s) for s, _ in plays], [code for _, code in plays]

    @staticmethod
    def _native(native: NativeRules, packed: bytes) -> tuple[list[bytes], list[int]]:
        """The native core's plays from ``packed``, a pass as the start's key with no steps."""
        keys, codes = packed_plays(native, packed)
        if not keys:
            return [packed], [0]
        return keys, codes

    def turn_rules(self, state: State, roll: Any, dice: tuple[int, ...]) -> TurnRules:
        """One turn's rules from the hooks (:func:`nardy.engine.reference.turn_rules` for a plan)."""
        step_rule = self.step_rule
        hitter_rule = self.hitter_rule
        play_filter = self.play_filter
        extra_plays = self.extra_plays
        return self._rules(
            roll,
            dice,
            None if step_rule is None else step_rule(state, roll),
            None if hitter_rule is None else hitter_rule(state, roll),
            None if play_filter is None else play_filter(state, roll),
            [] if extra_plays is None else list(extra_plays(state, roll)),
        )

    def _rules(
        self,
        roll: Any,
        dice: tuple[int, ...],
        step_rule: StepRule | None,
        hitter_rule: HitterRule | None,
        play_filter: PlayFilter | None,
        extra: list[tuple[State, Any]],
    ) -> TurnRules:
        """A turn's rules: the roll's dice moves and contact and the plan's data, with these rule objects."""
        moves = self.moves
        turn_contact = self.turn_contact
        return TurnRules(
            dice=dice if moves is None else tuple(moves(roll)),
            contact=self.contact if turn_contact is None else turn_contact[dice],
            enters=self.enters,
            step_rule=step_rule,
            hitter_rule=hitter_rule,
            play_filter=play_filter,
            must_play_higher=self.must_play_higher,
            extra=extra,
            movement=self.movement or DEFAULT_MOVEMENT,
        )

    def search_name(self, packed: bytes, roll: Any, dice: tuple[int, ...]) -> str:
        """Which search :meth:`play_keys` runs for ``roll`` on ``packed``: :data:`NATIVE` or :data:`PYTHON`.

        ``""`` for a variant with a generator of its own (``raw_plays``).
        """
        if self.raw_plays is not None:
            return ""
        if self.roll_rules is not None:
            key = (dice, len(packed))
            by_roll = self.by_roll
            declared = by_roll[key] if key in by_roll else self._native_of_roll(roll, dice, key)
            if declared is not None:
                return NATIVE
        state = unpack(packed)
        found = native_rules(self.turn_rules(state, roll, dice), state)
        return PYTHON if found is None else NATIVE
