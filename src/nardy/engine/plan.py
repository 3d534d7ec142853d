"""A configured variant's hooks, fixed once, and the path from a roll to its legal plays.

:class:`Plan` records which movement hooks a variant overrides (a hook left
at its default is ``None`` here, so it is neither called nor passed on) and
holds the variant's legal-play cache; :meth:`Plan.play_keys` asks the hooks
for one turn's rules and runs :func:`nardy.engine.search.legal_plays`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nardy.engine.search import choose_kernel, legal_plays
from nardy.engine.state import State, code_of_steps, key_of, key_of_packed, unpack_list
from nardy.rules.movement import Movement, must_enter
from nardy.rules.turn_rules import HitterRule, PlayFilter, StepRule

__all__ = ["Plan"]


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
    ) -> None:
        #: The contact code (:mod:`nardy.engine.kernels.general`) of the variant's data.
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
        #: The variant's movement (:func:`~nardy.rules.movement.movement_of`)
        #: when it is not today's, else ``None``: a pool, the bar first or
        #: not, where a hit checker goes, the bear-off.
        self.movement = None if movement is None or movement.is_default else movement
        #: The codes (:attr:`Roll.code <nardy.Roll.code>`) of the rolls of
        #: three dice or of k moves the variant was asked about and takes
        #: (:meth:`Variant.check_roll <nardy.Variant.check_roll>` is asked
        #: once per roll).
        self.rolls_taken: set[int] = set()
        # The per-turn hooks see the start as a tuple; unpack it only for them.
        self.needs_state = not (
            step_rule is None
            and hitter_rule is None
            and play_filter is None
            and extra_plays is None
        )

    def play_keys(
        self, packed: bytes, roll: Any, dice: tuple[int, ...], general: bool = False
    ) -> tuple[list[int], list[int]]:
        """The legal plays of ``roll`` (whose dice are ``dice``) as keys and packed steps.

        A pass is the start's key with no steps (0). ``general``: run the
        general search instead of the one chosen (see
        :func:`~nardy.engine.search.legal_plays`).
        """
        board = unpack_list(packed)
        state: State = tuple(board) if self.needs_state else ()
        moves = self.moves
        turn_contact = self.turn_contact
        step_rule = self.step_rule
        hitter_rule = self.hitter_rule
        play_filter = self.play_filter
        keys, codes = legal_plays(
            packed,
            board,
            dice if moves is None else moves(roll),
            self.contact if turn_contact is None else turn_contact[dice],
            self.enters,
            None if step_rule is None else step_rule(state, roll),
            None if hitter_rule is None else hitter_rule(state, roll),
            None if play_filter is None else play_filter(state, roll),
            self.must_play_higher,
            state,
            general,
            self.movement,
        )
        extra_plays = self.extra_plays
        if extra_plays is not None:
            extra = extra_plays(state, roll)
            if extra:
                keys = [*keys, *(key_of(s) for s, _ in extra)]
                codes = [*codes, *(code_of_steps(steps) for _, steps in extra)]
        if not keys:
            return [key_of_packed(packed)], [0]
        return keys, codes

    def kernel(self, packed: bytes, roll: Any, dice: tuple[int, ...]) -> str:
        """The search :meth:`play_keys` runs for ``roll`` on ``packed`` (:func:`~nardy.engine.search.choose_kernel`).

        ``""`` for a variant with a generator of its own (``raw_plays``).
        """
        if self.raw_plays is not None:
            return ""
        board = unpack_list(packed)
        state: State = tuple(board)
        ask_rule, ask_hitter, ask_filter = self.step_rule, self.hitter_rule, self.play_filter
        return choose_kernel(
            dice if self.moves is None else self.moves(roll),
            self.contact if self.turn_contact is None else self.turn_contact[dice],
            self.enters,
            self.enters and must_enter(board),
            None if ask_rule is None else ask_rule(state, roll),
            None if ask_hitter is None else ask_hitter(state, roll),
            None if ask_filter is None else ask_filter(state, roll),
            board,
            self.movement,
        )
