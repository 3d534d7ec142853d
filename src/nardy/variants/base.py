"""The :class:`Variant` base class: a ruleset described as data, plus narrow hooks.

A variant is a stateless rules object. Class data describe the fixed identity
of the ruleset (layout, geometry, contact, what becomes of a hit checker,
checker count, extra state), attrs fields carry the house-rule options (with
documented defaults), and a few public hooks hold what data cannot express.
Every hook has a default, so a variant that is pure data overrides nothing.

How a call flows: :meth:`Variant.legal_plays` asks the hooks for this turn's
rules (:meth:`~Variant.moves`, :meth:`~Variant.turn_contact`,
:meth:`~Variant.step_rule`, :meth:`~Variant.hitter_rule`,
:meth:`~Variant.play_filter`, :meth:`~Variant.extra_plays`) and hands them
with the plain-int state to the search (:meth:`nardy.engine.plan.Plan.play_keys`:
the native core where the rules are data, else the Python search, both in
one canonical order and with the maximum-use rule), and wraps the result in
a :class:`~nardy.model.legal.LegalPlays`. Positions are separate immutable values
(:class:`~nardy.model.position.Position`).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

from nardy.engine import apply_steps
from nardy.engine import state as engine_state
from nardy.engine.plan import Plan
from nardy.engine.state import Steps
from nardy.errors import (
    BarNotAllowedError,
    CheckerCountError,
    IllegalPlayError,
    InvalidPositionError,
    NardyError,
)
from nardy.model import legal as legal_plays_of
from nardy.model.basics import Roll, RollLike, Side
from nardy.model.legal import LegalPlays
from nardy.model.play import Play, check_play
from nardy.model.position import Position
from nardy.model.registry import (
    VARIANTS,
    find_variant,
    register_variant,
    split_spec,
    unregister_variant,
    variant_names,
)
from nardy.model.result import Result, ResultKind
from nardy.model.validate import (
    by_side,
    check_held_counts,
    check_pins,
    int_tuple,
    integer,
    pair,
    result_kind,
    shown,
)
from nardy.model.validate import side as as_side
from nardy.rules.movement import BearOff
from nardy.rules.turn_rules import HitterRule, PlayFilter, RollRules, StepRule
from nardy.rules.vocabulary import PINS, Contact, Entering, ExtraField, ExtraKind, Geometry
from nardy.variants import dice as variant_dice
from nardy.variants import planning
from nardy.variants.class_data import check_layout, check_variant_class
from nardy.variants.position_forms import (
    board_of_counts,
    counts_by_side,
    extra_from_array,
    extra_keys_of_sides,
    given_form,
    held_by_extras,
    off_of_counts,
    pins_by_side,
    places_of,
)
from nardy.variants.scoring import ScoringTable, checkers_left
from nardy.variants.turn_hooks import ROLLS, ROLLS_COUNTED, TurnHooks

__all__ = [
    "VARIANTS",
    "Contact",
    "Entering",
    "Geometry",
    "RawPlay",
    "State",
    "Variant",
    "find_variant",
    "register_variant",
    "split_spec",
    "unregister_variant",
    "variant_names",
]

#: A state: a tuple of ints in the mover's frame (:mod:`nardy.engine.state`).
State = tuple[int, ...]
#: A legal play on states: the resulting state (mover's frame, turn not yet
#: passed) and its steps ``(src, dst, die, hit)``.
RawPlay = tuple[State, Steps]


# Made once per variant class: the frame flip of its geometry and extra state.
_FLIPPERS: dict[type[Variant], Callable[[State], State]] = {}
_PACKED_FLIPPERS: dict[type[Variant], Callable[[bytes], bytes]] = {}


@attrs.frozen(cache_hash=True)
class Variant(TurnHooks, abc.ABC):
    """Base class of every ruleset: class data, options, hooks and the engine methods.

    **Class data** (``ClassVar``): :attr:`name`, :attr:`aliases`,
    :attr:`checkers`, :attr:`start`, :attr:`geometry`, :attr:`contact`,
    :attr:`has_bar`, :attr:`entering`, :attr:`extra_state`,
    :attr:`gnubg_id_supported`, :attr:`uniform_dice_use`,
    :attr:`game_defaults`, :attr:`dice`, :attr:`segment_moves`. **Options** are
    the attrs fields of the subclass; a ``must_play_higher`` option, where a
    variant has one, switches the higher-die rule.

    **Hooks** (all optional; the defaults describe plain backgammon-like
    movement): :meth:`moves` (the dice a roll gives), :meth:`turn_contact`,
    :meth:`step_rule` (a per-step check), :meth:`hitter_rule` (what a
    checker that hit may do next), :meth:`play_filter` (a whole-play
    filter), :meth:`extra_plays` (plays that are not dice moves),
    :meth:`another_roll` (a play that earns another roll), and
    :meth:`result` with :meth:`is_over` (the end of the game and its
    result). See the writing-a-variant guide.

    The **engine methods** (:meth:`starting_position`, :meth:`position`,
    :meth:`from_counts`, :meth:`legal_plays`, :meth:`apply`,
    :meth:`next_state`) are the same for every variant.
    """

    #: Stable key used in position IDs and by :func:`find_variant`.
    name: ClassVar[str] = ""
    #: Other names :func:`find_variant` accepts (case-insensitive; spaces,
    #: hyphens and underscores are interchangeable).
    aliases: ClassVar[tuple[str, ...]] = ()
    #: Checkers per side.
    checkers: ClassVar[int] = 15
    #: Starting layout in each side's own numbering: ``{point: count}``
    #: (read-only: a subclass's dict is made a read-only mapping).
    start: ClassVar[Mapping[int, int]] = MappingProxyType({})
    #: How the two numberings relate.
    geometry: ClassVar[Geometry] = Geometry.MIRROR
    #: What an opposing checker on a point does (hit, block or pin).
    contact: ClassVar[Contact] = Contact.HIT
    #: Whether hit checkers go to a bar.
    has_bar: ClassVar[bool] = True
    #: What becomes of a checker on the bar (when :attr:`has_bar`).
    entering: ClassVar[Entering] = Entering.ENTER
    #: Extra state the positions carry, beyond the pins that pinning
    #: contact implies (see :meth:`extra_fields`).
    extra_state: ClassVar[tuple[ExtraField, ...]] = ()
    #: Each side's value of an extra field in the starting position, by
    #: field name (a count, or points in the side's own numbering), e.g.
    #: ``{"pool": 15}`` for a game whose checkers all start off the board
    #: waiting to enter. A field left out starts empty. Checkers a field
    #: holds count with :attr:`start` towards :attr:`checkers`.
    start_extra: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    #: Where a hit checker goes: ``"bar"`` (its owner's bar) or ``"pool"``
    #: (his pool; needs :data:`~nardy.POOL` in :attr:`extra_state`).
    hit_to: ClassVar[str] = "bar"
    #: The bar first: while a checker of the mover's is on the bar only bar
    #: entries are allowed; false: bar entries, pool entries and moves mix.
    bar_priority: ClassVar[bool] = True
    #: The bear-off rule (:class:`~nardy.BearOff`: the home zone, and whether a larger die bears off).
    bear_off: ClassVar[BearOff] = BearOff()
    #: Whether the gnubg Position ID is defined for this variant.
    gnubg_id_supported: ClassVar[bool] = False
    #: Whether every legal play of a roll uses the same number of dice (the
    #: maximum-use rule). Kush sets it false: a double may return checkers
    #: from the bar instead of moving. :mod:`nardy.testing` checks it.
    uniform_dice_use: ClassVar[bool] = True
    #: Game options this variant is played with unless the caller says
    #: otherwise (e.g. ``{"cube": False}`` for a game played without the
    #: cube); :class:`~nardy.game.game.Game` and :class:`~nardy.game.match.Match` put
    #: the caller's options on top. Empty: the :class:`~nardy.game.options.GameOptions`
    #: defaults.
    game_defaults: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    #: How its players start games and matches, the defaults of
    #: :attr:`GameOptions.winner_takes_white <nardy.GameOptions.winner_takes_white>`
    #: and :meth:`Match.new(next_game=...) <nardy.Match.new>`. Backgammon's
    #: custom (the default): colours stay with the players, and every game of
    #: a match starts with an opening roll. Nardy players' (long nardy, Kush,
    #: Caucasian nardy): the opening winner takes white, and in a match the
    #: colours alternate and the player who had black starts the next game.
    winner_takes_white: ClassVar[bool] = False
    #: What its players call each result kind, where that differs from the
    #: kind's value (long nardy: ``oin``, ``mars``, ``koks``); see
    #: :meth:`result_name`.
    result_names: ClassVar[Mapping[ResultKind, str]] = MappingProxyType({})
    #: See :attr:`winner_takes_white`: one of :data:`nardy.variants.class_data.NEXT_GAME_RULES`.
    next_game: ClassVar[str] = "opening-roll"
    #: How many dice a turn rolls: 2, or 3 (tabula: one move per die, a pair
    #: or triple is three moves, 56 distinct rolls). See :meth:`rolls`.
    dice: ClassVar[int] = 2
    #: Whether :meth:`legal_plays` answers a double played as k moves of its
    #: number (:meth:`Roll.with_moves <nardy.Roll.with_moves>`, ``"moves": k``
    #: in ``nardy legal``): moves handed over inside a turn (gul bara).
    segment_moves: ClassVar[bool] = False

    # The engine's plan of this configuration (made on first use; not an option).
    _plan: Plan | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Class data is shared by every instance: keep the layout read-only.
        super().__init_subclass__(**kwargs)
        # (A variant whose layout depends on an option makes ``start`` a property.)
        # Anything else is left as given, for check_class_data to name.
        for field in ("start", "start_extra", "result_names"):
            value = cls.__dict__.get(field)
            if isinstance(value, Mapping) and not isinstance(value, MappingProxyType):
                setattr(cls, field, MappingProxyType(dict(value)))
        for field in ("aliases", "extra_state"):
            value = cls.__dict__.get(field)
            if isinstance(value, list):
                setattr(cls, field, tuple(value))

    def __attrs_pre_init__(self) -> None:
        # First use: broken class data is named here, not deep in the engine.
        type(self).check_class_data()

    @classmethod
    def check_class_data(cls) -> None:
        """Check this class's data (once); :func:`~nardy.register_variant` and the first instance call it.

        Raises :class:`~nardy.errors.VariantDefinitionError` naming the class
        and the field: a start on a point outside 1..24, counts that do not
        add up to :attr:`checkers`, a geometry, contact or name of the wrong
        type, ... (:mod:`nardy.variants.class_data` lists every check).
        """
        check_variant_class(cls)

    # --- identity -------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The option values of this instance, by name (an option's name is its field's alias, see :meth:`option_names`)."""
        return {a.alias: getattr(self, a.name) for a in attrs.fields(type(self)) if a.init}

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The names of the options this variant accepts.

        An option's name is the name its attrs field is given by (the
        field's ``alias``, which is the field's own name unless the field
        says otherwise): an option may so share its name with class data
        the engine reads, e.g. a field ``bear_off_rule`` with
        ``alias="bear_off"`` beside a ``bear_off`` property.
        """
        return tuple(a.alias for a in attrs.fields(cls) if a.init)

    def spec(self) -> str:
        """The variant and its non-default options, e.g. ``caucasian(no_hide_after_hit=anywhere)``.

        :func:`find_variant` reads this form back.
        """
        changed = []
        for a in attrs.fields(type(self)):
            if not a.init:
                continue
            value = getattr(self, a.name)
            if value != a.default:
                changed.append(f"{a.alias}={_format_option(value)}")
        return f"{self.name}({','.join(changed)})" if changed else self.name

    @classmethod
    def extra_fields(cls) -> tuple[ExtraField, ...]:
        """The extra state of this variant's positions: the pins first when it pins, then :attr:`extra_state`."""
        pins = (PINS,) if cls.contact is Contact.PIN else ()
        return (*pins, *cls.extra_state)

    # --- positions ------------------------------------------------------------

    def starting_position(self, turn: Side = Side.WHITE) -> Position:
        """The position before the first play, ``turn`` to move."""
        turn = as_side(turn, "turn")
        check_layout(self)
        board = [0] * 24
        for point, count in self.start.items():
            board[point - 1] += count
            board[self.geometry.opponent_point(point) - 1] -= count
        keys = extra_keys_of_sides(
            self.extra_state,
            {name: (value, value) for name, value in self.start_extra.items()},
            turn,
            self.geometry,
            self.name,
        )
        return self.position(board, turn=turn, **keys)

    def position(
        self,
        board: Sequence[int],
        bar: Sequence[int] = (0, 0),
        off: Sequence[int] | None = None,
        turn: Side = Side.WHITE,
        **extra: Any,
    ) -> Position:
        """A position from the mover-relative array form (validated).

        ``board[i]`` is the mover's point ``i + 1`` (positive: the mover's
        checkers, negative: the opponent's); ``bar`` and ``off`` are
        ``[mover, opponent]``. When ``off`` is omitted it is whatever makes
        each side's checkers add up. ``turn`` says which colour the mover is.
        A variant with extra state (:meth:`extra_fields`) takes its array-form
        keys as keyword arguments, e.g. ``pinned=[19], opp_pinned=[7]``. The
        pool's key is the family's: a variant without a pool takes
        ``pool=[0, 0]`` (and nothing else), so one form serves every variant.
        """
        turn = as_side(turn, "turn")
        board_t = int_tuple("board", board, 24)
        bar_t = pair("bar", bar)
        fields = self.extra_fields()
        extra_t = extra_from_array(fields, extra, self.name)
        if self.contact is Contact.PIN:
            check_pins(board_t, extra_t[0], extra_t[1], f"board={list(board_t)}")
        if off is None:
            off_t = off_of_counts(board_t, bar_t, fields, extra_t, self.checkers, turn, self.spec())
        else:
            off_t = pair("off", off)
        self.validate(board_t, bar_t, off_t, extra_t, off_given=off is not None)
        return Position.from_packed(
            self,
            turn,
            engine_state.pack((off_t[0], *board_t, bar_t[0], bar_t[1], off_t[1], *extra_t)),
        )

    def from_counts(
        self,
        white: Mapping[int, int],
        black: Mapping[int, int],
        *,
        bar: Mapping[Side, int] | Sequence[int] = (0, 0),
        off: Mapping[Side, int] | Sequence[int] | None = None,
        turn: Side = Side.WHITE,
        pins: Mapping[Side, Iterable[int]] | None = None,
        extra: Mapping[str, Mapping[Side, Any] | Sequence[Any]] | None = None,
    ) -> Position:
        """A position from checker counts per point, each side in its own numbering.

        ``white`` and ``black`` map point (1..24) to count. ``bar`` and
        ``off`` are indexed by :class:`~nardy.model.basics.Side` (white first); when
        ``off`` is omitted it makes each side add up to :attr:`checkers`.
        With pinning contact, ``pins`` maps a side to its own points where
        one of its checkers lies pinned (that checker is counted in the
        side's count for the point). ``extra`` gives the variant's other
        extra fields (:meth:`extra_fields`) by name, each side's value
        indexed by side (white first): a count, or points in the side's own
        numbering; a field left out is empty.
        """
        own = counts_by_side(white, black)
        pinned = pins_by_side(pins, self.contact, self.name)
        bars = by_side("bar", bar)
        offs = None if off is None else by_side("off", off)
        mover = as_side(turn, "turn")
        other = mover.opponent
        board, mover_pins, opp_pins = board_of_counts(own, mover, self.geometry, pinned)
        keys = extra_keys_of_sides(self.extra_state, extra, mover, self.geometry, self.name)
        if self.contact is Contact.PIN:
            keys["pinned"] = engine_state.point_bits(mover_pins)
            keys["opp_pinned"] = engine_state.point_bits(opp_pins)
        return self.position(
            board,
            (bars[mover], bars[other]),
            None if offs is None else (offs[mover], offs[other]),
            turn=mover,
            **keys,
        )

    def from_gnubg_id(self, gnubg_id: str, turn: Side = Side.WHITE) -> Position:
        """A position from a gnubg Position ID; the side on roll (encoded second) is ``turn``.

        The same as :meth:`Position.from_gnubg_id <nardy.Position.from_gnubg_id>`
        with this variant. Raises
        :class:`~nardy.errors.UnsupportedFormatError` for a variant without
        the gnubg ID (:attr:`gnubg_id_supported`), and
        :class:`~nardy.errors.InvalidIdError` for an ID that does not decode.
        """
        return Position.from_gnubg_id(self, gnubg_id, turn)

    def validate(
        self,
        board: tuple[int, ...],
        bar: tuple[int, int],
        off: tuple[int, int],
        extra: tuple[int, ...] = (),
        *,
        off_given: bool = True,
    ) -> None:
        """Raise an :class:`~nardy.errors.InvalidPositionError` subclass for an impossible position.

        Checks: non-negative bar/off counts; no bar in a variant without
        one; each side's checkers add up to :attr:`checkers`; not both sides
        borne off; pins only where the variant pins, each under the other
        side's checkers; counted rolls (:data:`~nardy.variants.turn_hooks.ROLLS`)
        0 to 3. ``extra`` is the extra state (two ints per field).
        ``off_given`` false: ``off`` was worked out, not given, and the
        messages do not quote it. (Both colours on one point cannot be
        expressed in the signed array form; :meth:`from_counts` checks it.)
        A subclass may extend this.
        """
        fields = self.extra_fields()

        def form() -> str:  # written only for a message: positions are made often
            return given_form(board, bar, off if off_given else None, fields, extra)

        for label, counts in (("bar", bar), ("off", off)):
            for who, n in zip(("mover", "opponent"), counts):
                if n < 0:
                    raise CheckerCountError(
                        f"negative {label} count for the {who} ({n}) in {form()}"
                    )
        if not self.has_bar and (bar[0] or bar[1]):
            raise BarNotAllowedError(f"{self.name} has no bar, but bar={list(bar)} in {form()}")
        if self.contact is Contact.PIN:
            check_pins(board, extra[0], extra[1], form())
        check_held_counts(fields, extra, self.checkers, form)
        if ROLLS in fields:  # counted rolls: 0 up to ROLLS_COUNTED
            counted = extra[2 * fields.index(ROLLS) :][:2]
            if any(not 0 <= n <= ROLLS_COUNTED for n in counted):
                raise InvalidPositionError(
                    f"{self.name}: rolls are counted up to {ROLLS_COUNTED}, got rolls={list(counted)}"
                )
        held = held_by_extras(fields, extra)
        mine = sum(x for x in board if x > 0) + bar[0] + off[0] + held[0]
        theirs = -sum(x for x in board if x < 0) + bar[1] + off[1] + held[1]
        for i, (who, total) in enumerate((("mover", mine), ("opponent", theirs))):
            if total != self.checkers:
                places = places_of(board, bar, off, fields, extra, i)
                raise CheckerCountError(
                    f"the {who}'s checkers add up to {total} ({places}), but {self.spec()} "
                    f"has {self.checkers} a side, in {form()}"
                )
        if off[0] == self.checkers and off[1] == self.checkers:
            left = "" if off_given else f" (nothing is left anywhere, so off={list(off)})"
            raise InvalidPositionError(f"both sides have borne off every checker{left} in {form()}")

    # --- plays ------------------------------------------------------------------

    def legal_plays(
        self,
        position: Position,
        roll: RollLike,
        *,
        allow_finished: bool = False,
        cache: bool = True,
    ) -> LegalPlays:
        """Every legal play for ``roll``, one per distinct resulting position.

        A forced pass is a single empty play. Raises
        :class:`~nardy.errors.IllegalPlayError` if the game is already over,
        unless ``allow_finished`` is true: then the side to move plays on
        although the other side has borne off everything (long nardy's
        optional last-roll draw needs this). The set is remembered in the
        variant's cache (:mod:`nardy.cache`) for the next time it is asked
        for; a program that never asks twice (a self-play loop, a learning
        environment) can pass ``cache=False`` to skip the look-up and the
        bookkeeping, about 5% of a random game's time.
        """
        if type(position) is not Position or position.variant is not self:
            self._check_own(position)
        plan = self._plan or self._make_plan()
        return legal_plays_of.find(plan, position, roll, allow_finished, cache)

    def play_keys(
        self, packed: bytes, roll: Roll, general: bool = False
    ) -> tuple[list[bytes], list[int]]:
        """The engine's path: the legal plays of a packed state as keys and packed steps.

        The keys of the resulting states (each packed as ``packed``: mover's
        frame, turn not passed) and
        each play's steps packed into one int (:mod:`nardy.engine.state`), in
        the order of :meth:`legal_plays` (the canonical order); a pass is the
        start's key with no steps (0). ``general=True`` runs the Python
        search with every rule object's functions called (none judged by
        what it declares) even where the native core could: the same list,
        unless a rule object declares a rule it is not.
        """
        return (self._plan or self._make_plan()).play_keys(packed, roll, roll.moves, general)

    def search_name(self, position: Position, roll: RollLike) -> str:
        """Which search finds the legal plays of ``roll`` in ``position``: ``"native"`` or ``"python"``.

        ``"native"`` when the native core is loaded and this turn's rules
        are all data it knows (:func:`nardy.engine.table.native_table`: what
        the rule objects declare, never which function they hold), else
        ``"python"``: a way to check that a rule object of one's own runs
        native. ``""`` when the variant generates its plays itself
        (:meth:`raw_plays`).
        """
        if type(position) is not Position or position.variant is not self:
            self._check_own(position)
        roll = Roll.coerce(roll)
        return (self._plan or self._make_plan()).search_name(position.packed, roll, roll.moves)

    def raw_plays(self, state: State, roll: Roll) -> list[RawPlay]:
        """The legal plays on a state: ``(resulting state, steps)`` each, turn not passed.

        In the order of :meth:`legal_plays`; a pass is the single entry
        ``(state, ())``. A variant may override this with a move generator
        of its own (the engine and its hooks are then not used for it).
        """
        packed = engine_state.pack(state)
        keys, codes = self.play_keys(packed, roll)
        return [
            (engine_state.unpack(k), engine_state.steps_of_code(c)) for k, c in zip(keys, codes)
        ]

    def apply(self, position: Position, play: Play) -> Position:
        """The position after ``play`` (turn passes); checks that it is legal.

        A play is accepted when it is one of the legal plays, or when its
        steps are physically possible with its roll and lead to the same
        position as a legal play. Raises
        :class:`~nardy.errors.IllegalPlayError` naming the play, the roll and
        the position otherwise.
        """
        self._check_own(position)
        if not isinstance(play, Play):
            raise IllegalPlayError(
                f"a play is a nardy.Play (see Position.play for notation), got {shown(play)}"
            )
        legal = self.legal_plays(position, play.roll)
        return legal.resulting_position(self.index_of(legal, play))

    def index_of(self, legal: LegalPlays, play: Play) -> int:
        """The index in ``legal`` of ``play``: the one test of "is this play legal".

        ``play`` matches a legal play with the same steps, or one whose
        resulting position its steps reach (checked step by step against the
        board). Raises :class:`~nardy.errors.IllegalPlayError`.
        """
        position = legal.position
        check_play(play)
        bad = (
            f"illegal play {play.notation() or '(pass)'!r} for roll {play.roll} in {position.id()}"
        )
        if play.roll != legal.roll:
            raise IllegalPlayError(f"{bad}: the dice are {legal.roll}")
        for i, candidate in enumerate(legal):
            if candidate.steps == play.steps:
                return i
        bar = apply_steps.NO_BAR
        if self.has_bar:
            bar = apply_steps.RETURN if self.entering is Entering.RETURN else apply_steps.ENTER
        try:
            state = apply_steps.make_steps(
                position.raw,
                ((s.src, s.dst, s.die) for s in play.steps),
                self.moves(play.roll),
                planning.contact_code(self.turn_contact(play.roll)),
                bar,
                (self._plan or self._make_plan()).movement,
            )
        except IllegalPlayError as exc:
            raise IllegalPlayError(f"{bad}: {exc}") from None
        key = engine_state.pack(state)
        for i, found in enumerate(legal.raw_results()):
            if found == key:
                return i
        raise IllegalPlayError(f"{bad}: legal plays are {legal.notations()}")

    def next_state(self, state: State) -> State:
        """Hand the turn over: the same position in the opponent's frame."""
        return self.flipper()(state)

    def next_packed(self, packed: bytes) -> bytes:
        """:meth:`next_state` on the packed form."""
        return self.packed_flipper()(packed)

    @classmethod
    def packed_flipper(cls) -> Callable[[bytes], bytes]:
        """:meth:`next_packed` as a plain function of the packed state (made once per class)."""
        flip = _PACKED_FLIPPERS.get(cls)
        if flip is None:
            if cls.extra_fields():
                state_flip = cls.flipper()
                flip = _PACKED_FLIPPERS[cls] = lambda p: engine_state.pack(
                    state_flip(engine_state.unpack(p))
                )
            else:
                # A compiled function, not a lambda: the engine calls it per result.
                flip = _PACKED_FLIPPERS[cls] = engine_state.packed_flipper(cls.geometry.code)
        return flip

    @classmethod
    def flipper(cls) -> Callable[[State], State]:
        """:meth:`next_state` as a plain function of the state (made once per class)."""
        flip = _FLIPPERS.get(cls)
        if flip is None:
            kinds = tuple(
                engine_state.POINTS if f.kind is ExtraKind.POINTS else engine_state.COUNT
                for f in cls.extra_fields()
            )
            flip = _FLIPPERS[cls] = engine_state.flipper(cls.geometry.code, kinds)
        return flip

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its options (the engine's plan is not part of its value).
        return (_rebuild, (type(self), self.options()))

    def _make_plan(self) -> Plan:
        """The engine's plan of this configuration, shared by equal variants."""
        plan = planning.plan_of(self, Variant)
        object.__setattr__(self, "_plan", plan)
        return plan

    def _check_own(self, position: Position) -> None:
        if not isinstance(position, Position):
            raise InvalidPositionError(f"expected a nardy.Position, got {shown(position)}")
        if position.variant is not self and position.variant != self:
            raise InvalidPositionError(
                f"position {position.id()} belongs to {position.variant.spec()}, not {self.spec()}"
            )

    # --- hooks: movement --------------------------------------------------------

    @classmethod
    def rolls(cls) -> tuple[Roll, ...]:
        """The distinct rolls of :attr:`dice` fair dice (21, or 56 for three); each :attr:`Roll.probability <nardy.Roll.probability>` is its chance."""
        return variant_dice.rolls_of(cls.dice)

    @classmethod
    def random_roll(cls, rng: random.Random | None = None) -> Roll:
        """A random roll of this variant: :attr:`dice` fair dice (two, or three in tabula) from ``rng``.

        ``rng`` is a :class:`random.Random` (seeded, for a game that plays
        again the same), or ``None`` for ``random``'s own generator; each
        die is ``rng.randint(1, 6)``, in turn. Anything else raises
        :class:`~nardy.errors.InvalidOptionError`.
        """
        return variant_dice.random_roll(cls.dice, rng)

    @classmethod
    def ordered_rolls(cls) -> tuple[Roll, ...]:
        """Every ordered outcome of :attr:`dice` dice (36 or 216, equal rolls repeated), each as its roll."""
        return variant_dice.turn_rolls(cls.dice)

    def check_roll(self, roll: Roll, given: object = None) -> Roll:
        """``roll`` if this variant plays it, else :class:`~nardy.errors.InvalidDiceError` naming it (see :mod:`nardy.variants.dice`)."""
        return variant_dice.check_roll(self, roll, given)

    def moves(self, roll: Roll) -> tuple[int, ...]:
        """Hook: the dice moves a roll gives. Default: the two dice, or four of a double."""
        return roll.moves

    def turn_contact(self, roll: Roll) -> Contact:
        """Hook: the contact in force for this roll (asked once per roll). Default: :attr:`contact`."""
        return self.contact

    def step_rule(self, start: State, roll: Roll) -> StepRule | None:
        """Hook: the per-step check of this turn, or ``None`` (the default) for none.

        ``start`` is the state the turn starts from. The returned
        :class:`~nardy.rules.turn_rules.StepRule` is called after every step it
        watches, with the board as it is after the step; a step it refuses
        is not playable.
        """
        return None

    def hitter_rule(self, start: State, roll: Roll) -> HitterRule | None:
        """Hook: what a checker that hit may do for the rest of the turn (default: anything)."""
        return None

    def play_filter(self, start: State, roll: Roll) -> PlayFilter | None:
        """Hook: a whole-play filter for this turn, or ``None`` (the default).

        It sees every sequence of legal steps, also those stopped before the
        dice run out, and keeps those that may be played; the maximum-use
        rule then chooses among what it kept.
        """
        return None

    def extra_plays(self, start: State, roll: Roll) -> list[RawPlay]:
        """Hook: plays that are not moves of the dice (Kush's return from the bar).

        They are added after the maximum-use rule has chosen among the
        dice plays. Default: none.
        """
        return []

    def roll_rules(self, roll: Roll) -> RollRules | None:
        """Hook: the rules of this roll's turns whatever the position, for the native core; ``None`` (the default): ask the per-turn hooks.

        A :class:`~nardy.rules.turn_rules.RollRules` of declared rules the
        native core knows (the head rule as :class:`~nardy.rules.named.HeadLimit`,
        the six-block rule after each step, Kush's return) promises the
        plays the per-turn hooks give, from every position. The engine asks
        it once per roll and then calls no hook per turn; the Python search
        keeps the per-turn hooks, and :func:`nardy.testing.check_variant`
        compares the two.
        """
        return None

    def unused_hooks(self) -> frozenset[str]:
        """Hook: the movement hooks this configuration leaves idle, though its class overrides them.

        The engine then never calls them (each call of a hook costs about
        as much as a short move search): long nardy's
        :meth:`play_filter` serves only ``six_block_check="turn"``. Default:
        none. Read once per configuration.
        """
        return frozenset()

    # --- hooks: the end of the game -------------------------------------------

    def is_over(self, position: Position) -> bool:
        """Hook: whether the game has ended. Default: a side has borne off every checker.

        A variant that ends games otherwise overrides this and :meth:`result`.
        """
        if type(position) is not Position:
            self._check_own(position)
        n = self.checkers + engine_state.ZERO
        packed = position.packed
        return packed[engine_state.MOVER_OFF] == n or packed[engine_state.OPP_OFF] == n

    def result(self, position: Position) -> Result | None:
        """Hook: the :class:`~nardy.model.result.Result` of a finished game, else ``None``.

        Default: the side that has borne off every checker wins; the kind and
        points come from :meth:`scoring_table`. A draw is a result whose
        winner is ``None``.
        """
        self._check_own(position)
        if position.off(position.turn) == self.checkers:
            winner = position.turn
        elif position.off(position.turn.opponent) == self.checkers:
            winner = position.turn.opponent
        else:
            return None
        loser = winner.opponent
        table = self.scoring_table()
        kind = table.classify(position, loser)
        points = table.points(kind, checkers_left(position, loser))
        return Result(winner, kind, points, per_checker=table.by_checkers_left)

    # --- scoring ------------------------------------------------------------------

    @abc.abstractmethod
    def scoring_table(self) -> ScoringTable:
        """The result kinds, their conditions and points this variant scores.

        Every variant says how it scores: usually a preset of
        :data:`nardy.variants.scoring.PRESETS` (``PRESETS["standard"]`` for
        backgammon's single, gammon and backgammon), with its points perhaps
        overridden by an option.
        """

    def result_name(self, kind: ResultKind) -> str:
        """What the variant's players call a result of ``kind``: ``"mars"`` for a long-nardy gammon.

        The kind's value (``"gammon"``) unless :attr:`result_names` names it;
        used in printed results, records and the command line. ``kind`` may
        also be given by its value (``"gammon"``).
        """
        kind = result_kind(kind)
        return self.result_names.get(kind, kind.value)

    def result_kinds(self) -> tuple[ResultKind, ...]:
        """The result kinds this variant, with its options, can produce (lowest first)."""
        return self.scoring_table().kinds()

    def points(self, kind: ResultKind, loser_left: int = 0) -> int:
        """What a result of ``kind`` is worth before the cube.

        ``kind`` is a :class:`~nardy.model.result.ResultKind` or its value
        (``"gammon"``). ``loser_left`` (checkers the loser has not borne
        off, 0..:attr:`checkers`) matters only for checkers-left scoring.
        Raises :class:`~nardy.errors.UnscoredKindError` for a kind this
        variant does not score (see :meth:`result_kinds`),
        :class:`~nardy.errors.InvalidOptionError` for a bad ``loser_left``.
        """
        try:
            kind = result_kind(kind)
            left = integer(loser_left, "loser_left (checkers not borne off)", 0, self.checkers)
            return self.scoring_table().points(kind, left)
        except NardyError as exc:
            raise type(exc)(f"{self.spec()}: {exc}") from None


def _rebuild(cls: type[Variant], options: dict[str, Any]) -> Variant:
    """A variant from its class and options (how variants pickle and copy)."""
    return cls(**options)


def _format_option(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    return str(value)
