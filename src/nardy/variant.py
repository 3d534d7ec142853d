"""The :class:`Variant` base class, its registry, and shared rule machinery.

A variant is a stateless rules object: class-level data describe the fixed
identity of the ruleset (layout, geometry, contact, checker count), attrs
fields carry the house-rule options (with documented defaults), and a few
narrow hooks hold what data cannot express. Positions are separate immutable
values (:class:`~nardy.position.Position`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from operator import neg
from typing import Any, ClassVar, TypeVar

import attrs

from nardy import _movegen
from nardy._movegen import RawStep, State
from nardy.core import BAR, OFF, Roll, RollLike, Side
from nardy.errors import (
    BarNotAllowedError,
    CheckerCountError,
    IllegalPlayError,
    InvalidOptionError,
    InvalidPositionError,
    NardyError,
    SharedPointError,
    UnknownOptionError,
    UnknownVariantError,
    UnscoredKindError,
)
from nardy.play import LegalPlays, Play, Step
from nardy.position import Position
from nardy.result import Result, ResultKind

__all__ = [
    "VARIANTS",
    "Contact",
    "Geometry",
    "Variant",
    "find_variant",
    "register_variant",
    "split_spec",
    "variant_names",
]


class Geometry(enum.Enum):
    """How the two players' numberings of the points relate."""

    #: Opposite directions (backgammon): my point p is the opponent's 25 - p.
    MIRROR = "mirror"
    #: Same direction, heads in opposite corners (long nardy): my point p is
    #: the opponent's (p + 11) mod 24 + 1.
    ROTATE = "rotate"

    def opponent_point(self, p: int) -> int:
        """The opponent's number for my point ``p`` (1..24)."""
        if self is Geometry.MIRROR:
            return 25 - p
        return (p + 11) % 24 + 1


class Contact(enum.Enum):
    """What an opposing checker on a point does to the mover."""

    #: Two or more close the point; a single one (a blot) can be hit.
    HIT = "hit"
    #: Any opposing checker closes the point; nothing is ever hit.
    BLOCK = "block"


_STEP_CACHE: dict[RawStep, Step] = {}


def _step(raw: RawStep) -> Step:
    step = _STEP_CACHE.get(raw)
    if step is None:
        step = _STEP_CACHE[raw] = Step(raw[0], raw[1], raw[2], raw[3])
    return step


@attrs.frozen(cache_hash=True)
class Variant:
    """Base class of every ruleset. Subclasses set the class data and options.

    Class data (``ClassVar``): :attr:`name`, :attr:`aliases`,
    :attr:`checkers`, :attr:`start`, :attr:`geometry`, :attr:`contact`,
    :attr:`has_bar`. Options are the attrs fields of the subclass.

    The engine methods (:meth:`starting_position`, :meth:`legal_plays`,
    :meth:`apply`, :meth:`result`, :meth:`position`) are the same for every
    variant; subclasses override the narrow hooks :meth:`_generate`,
    :meth:`_classify` and :meth:`_points`, and may extend :meth:`validate`.
    """

    #: Stable key used in position IDs and by :func:`find_variant`.
    name: ClassVar[str] = ""
    #: Other names :func:`find_variant` accepts (case-insensitive; spaces,
    #: hyphens and underscores are interchangeable).
    aliases: ClassVar[tuple[str, ...]] = ()
    #: Checkers per side.
    checkers: ClassVar[int] = 15
    #: Starting layout in each side's own numbering: ``{point: count}``.
    start: ClassVar[Mapping[int, int]] = {}
    #: How the two numberings relate.
    geometry: ClassVar[Geometry] = Geometry.MIRROR
    #: What an opposing checker on a point does.
    contact: ClassVar[Contact] = Contact.HIT
    #: Whether hit checkers go to a bar.
    has_bar: ClassVar[bool] = True
    #: Whether the gnubg Position ID is defined for this variant.
    gnubg_id_supported: ClassVar[bool] = False
    #: Whether every legal play of a roll uses the same number of dice (the
    #: maximum-use rule). Kush sets it false: a double may return checkers
    #: from the bar instead of moving. :mod:`nardy.testing` checks it.
    uniform_dice_use: ClassVar[bool] = True

    # --- identity -------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The option values of this instance, by name."""
        return attrs.asdict(self, recurse=False)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The names of the options this variant accepts."""
        return tuple(a.name for a in attrs.fields(cls))

    def spec(self) -> str:
        """The variant and its non-default options, e.g. ``caucasian(no_hide_after_hit=anywhere)``.

        :func:`find_variant` reads this form back.
        """
        changed = []
        for a in attrs.fields(type(self)):
            value = getattr(self, a.name)
            if value != a.default:
                changed.append(f"{a.name}={_format_option(value)}")
        return f"{self.name}({','.join(changed)})" if changed else self.name

    # --- positions ------------------------------------------------------------

    def starting_position(self, turn: Side = Side.WHITE) -> Position:
        """The position before the first play, ``turn`` to move."""
        turn = Side.coerce(turn)
        board = [0] * 24
        for point, count in self.start.items():
            board[point - 1] += count
            board[self.geometry.opponent_point(point) - 1] -= count
        return self.position(board, turn=turn)

    def position(
        self,
        board: Sequence[int],
        bar: Sequence[int] = (0, 0),
        off: Sequence[int] | None = None,
        turn: Side = Side.WHITE,
    ) -> Position:
        """A position from the mover-relative array form (validated).

        ``board[i]`` is the mover's point ``i + 1`` (positive: the mover's
        checkers, negative: the opponent's); ``bar`` and ``off`` are
        ``[mover, opponent]``. When ``off`` is omitted it is whatever makes
        each side's checkers add up. ``turn`` says which colour the mover is.
        """
        turn = Side.coerce(turn)
        board_t = _int_tuple("board", board, 24)
        bar_t = _pair("bar", bar)
        if off is None:
            sides = ((turn, 1, bar_t[0]), (turn.opponent, -1, bar_t[1]))
            for side, sign, on_bar in sides:
                on = sum(x for x in board_t if x * sign > 0) * sign + on_bar
                if on > self.checkers:
                    raise CheckerCountError(
                        f"{side.name.lower()} has {on} checkers on the board and bar, but "
                        f"{self.name} has {self.checkers} a side: board={list(board_t)}, "
                        f"bar={list(bar_t)}"
                    )
            mine = sum(x for x in board_t if x > 0) + bar_t[0]
            theirs = -sum(x for x in board_t if x < 0) + bar_t[1]
            off_t = (self.checkers - mine, self.checkers - theirs)
        else:
            off_t = _pair("off", off)
        self.validate(board_t, bar_t, off_t)
        return Position._make(self, turn, (off_t[0], *board_t, bar_t[0], bar_t[1], off_t[1]))

    def from_counts(
        self,
        white: Mapping[int, int],
        black: Mapping[int, int],
        *,
        bar: Mapping[Side, int] | Sequence[int] = (0, 0),
        off: Mapping[Side, int] | Sequence[int] | None = None,
        turn: Side = Side.WHITE,
    ) -> Position:
        """A position from checker counts per point, each side in its own numbering.

        ``white`` and ``black`` map point (1..24) to count. ``bar`` and
        ``off`` are indexed by :class:`~nardy.core.Side` (white first); when
        ``off`` is omitted it makes each side add up to :attr:`checkers`.
        """
        own: list[list[int]] = [[0] * 25, [0] * 25]
        for side, counts in ((Side.WHITE, white), (Side.BLACK, black)):
            for point, count in counts.items():
                if isinstance(point, bool) or not isinstance(point, int) or not 1 <= point <= 24:
                    raise InvalidPositionError(
                        f"{side.name.lower()} point must be 1..24, got {point!r} in {dict(counts)!r}"
                    )
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise CheckerCountError(
                        f"{side.name.lower()} count on point {point} must be a non-negative "
                        f"integer, got {count!r}"
                    )
                own[side][point] += count
        bars = _by_side("bar", bar)
        offs = None if off is None else _by_side("off", off)
        mover = Side.coerce(turn)
        other = mover.opponent
        board = [0] * 24
        for p in range(1, 25):
            mine = own[mover][p]
            theirs = own[other][self.geometry.opponent_point(p)]
            if mine and theirs:
                raise SharedPointError(
                    f"both colours on one point: {mover.name.lower()} {mine} on its {p}, "
                    f"{other.name.lower()} {theirs} on its {self.geometry.opponent_point(p)}"
                )
            board[p - 1] = mine - theirs
        return self.position(
            board,
            (bars[mover], bars[other]),
            None if offs is None else (offs[mover], offs[other]),
            turn=mover,
        )

    def validate(self, board: tuple[int, ...], bar: tuple[int, int], off: tuple[int, int]) -> None:
        """Raise an :class:`~nardy.errors.InvalidPositionError` subclass for an impossible position.

        Checks: non-negative bar/off counts; no bar in a variant without
        one; each side's checkers add up to :attr:`checkers`; not both sides
        borne off. (Both colours on one point cannot be expressed in the
        signed array form; :meth:`from_counts` checks it.)
        """
        form = f"board={list(board)}, bar={list(bar)}, off={list(off)}"
        for label, pair in (("bar", bar), ("off", off)):
            for who, n in zip(("mover", "opponent"), pair):
                if n < 0:
                    raise CheckerCountError(f"negative {label} count for the {who} ({n}) in {form}")
        if not self.has_bar and (bar[0] or bar[1]):
            raise BarNotAllowedError(f"{self.name} has no bar, but bar={list(bar)} in {form}")
        mine = sum(x for x in board if x > 0) + bar[0] + off[0]
        theirs = -sum(x for x in board if x < 0) + bar[1] + off[1]
        for who, total in (("mover", mine), ("opponent", theirs)):
            if total != self.checkers:
                raise CheckerCountError(
                    f"the {who}'s checkers add up to {total}, but {self.name} has "
                    f"{self.checkers} a side, in {form}"
                )
        if off[0] == self.checkers and off[1] == self.checkers:
            raise InvalidPositionError(f"both sides have borne off every checker in {form}")

    # --- plays ------------------------------------------------------------------

    def legal_plays(
        self, position: Position, roll: RollLike, *, allow_finished: bool = False
    ) -> LegalPlays:
        """Every legal play for ``roll``, one per distinct resulting position.

        A forced pass is a single empty play. Raises
        :class:`~nardy.errors.IllegalPlayError` if the game is already over,
        unless ``allow_finished`` is true: then the side to move plays on
        although the other side has borne off everything (long nardy's
        optional last-roll draw needs this).
        """
        roll = Roll.coerce(roll)
        self._check_own(position)
        if position.is_over() and not allow_finished:
            raise IllegalPlayError(f"the game is over, nothing can be played in {position.id()}")
        cache_key = (position, roll)
        cached = _CACHE.get(cache_key)
        if cached is not None:
            return cached
        state = position.raw
        found = self._generate(state, roll)
        if not found:
            found = [(state, ())]
        legal = LegalPlays._lazy(self, position, roll, found)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[cache_key] = legal
        return legal

    def apply(self, position: Position, play: Play) -> Position:
        """The position after ``play`` (turn passes); checks that it is legal.

        A play is accepted when its steps are physically possible with its
        roll and lead to the same position as a legal play. Raises
        :class:`~nardy.errors.IllegalPlayError` naming the play, the roll and
        the position otherwise.
        """
        self._check_own(position)
        legal = self.legal_plays(position, play.roll)
        for i, candidate in enumerate(legal):
            if candidate == play:
                return legal.result(i)
        state = self._simulate(position, play)
        for i, raw in enumerate(legal._states()):
            if raw == state:
                return legal.result(i)
        raise IllegalPlayError(
            f"illegal play {play.notation() or '(pass)'!r} for roll {play.roll} in "
            f"{position.id()}: legal plays are {legal.notations()}"
        )

    def next_state(self, state: State) -> State:
        """Hand the turn over: the same position in the opponent's frame."""
        s = state
        if self.geometry is Geometry.MIRROR:
            return (s[27], *map(neg, s[24:0:-1]), s[26], s[25], s[0])
        return (s[27], *map(neg, s[13:25]), *map(neg, s[1:13]), s[26], s[25], s[0])

    def _simulate(self, position: Position, play: Play) -> State:
        """Apply the play's steps physically (no rule checks beyond physics)."""
        bad = (
            f"illegal play {play.notation() or '(pass)'!r} for roll {play.roll} in {position.id()}"
        )
        dice = list(play.roll.dice)
        t = list(position.raw)
        for step in play.steps:
            if step.die not in dice:
                raise IllegalPlayError(
                    f"{bad}: step {step} uses a {step.die} the roll does not give"
                )
            dice.remove(step.die)
            self._simulate_step(t, step, bad)
        return tuple(t)

    def _simulate_step(self, t: list[int], step: Step, bad: str) -> None:
        """Move one checker by one die in the raw list ``t``, checking only physics.

        Entering from the bar lands on ``25 - die``; a board step moves ``die``
        pips or bears off; landing on a closed point raises
        :class:`~nardy.errors.IllegalPlayError` (prefixed with ``bad``), and
        landing on a lone opposing checker hits it unless contact is ``BLOCK``.
        """
        if step.src == BAR:
            if t[25] <= 0:
                raise IllegalPlayError(f"{bad}: step {step}: no checker on the bar")
            if step.dst != BAR - step.die:
                raise IllegalPlayError(f"{bad}: step {step} does not match die {step.die}")
            t[25] -= 1
        else:
            if not 1 <= step.src <= 24 or t[step.src] <= 0:
                raise IllegalPlayError(f"{bad}: step {step}: no checker of the mover there")
            if step.dst == OFF:
                if step.die < step.src:
                    raise IllegalPlayError(f"{bad}: step {step} cannot bear off with a {step.die}")
            elif step.dst != step.src - step.die:
                raise IllegalPlayError(f"{bad}: step {step} does not match die {step.die}")
            t[step.src] -= 1
        if step.dst == OFF:
            t[0] += 1
            return
        if t[step.dst] < 0:
            if self.contact is Contact.BLOCK or t[step.dst] < -1:
                raise IllegalPlayError(f"{bad}: step {step} lands on a closed point")
            t[step.dst] = 0
            t[26] += 1
        t[step.dst] += 1

    def _check_own(self, position: Position) -> None:
        if position.variant != self:
            raise InvalidPositionError(
                f"position {position.id()} belongs to {position.variant.spec()}, not {self.spec()}"
            )

    # --- results ----------------------------------------------------------------

    def result(self, position: Position) -> Result | None:
        """The result if a side has borne off every checker, else ``None``."""
        self._check_own(position)
        s = position.raw
        if s[0] == self.checkers:
            winner = position.turn
        elif s[27] == self.checkers:
            winner = position.turn.opponent
        else:
            return None
        loser = winner.opponent
        points = position.checkers(loser)
        kind = self._classify(points, position.bar(loser), position.off(loser))
        return Result(winner, kind, self._points(kind, self.checkers - position.off(loser)))

    def result_kinds(self) -> tuple[ResultKind, ...]:
        """The result kinds this variant, with its options, can produce (lowest first)."""
        raise NotImplementedError

    def points(self, kind: ResultKind, loser_left: int = 0) -> int:
        """What a result of ``kind`` is worth before the cube.

        ``loser_left`` (checkers the loser has not borne off) matters only
        for checkers-left scoring. Raises
        :class:`~nardy.errors.UnscoredKindError` for a kind this variant
        does not score (see :meth:`result_kinds`).
        """
        if kind not in self.result_kinds():
            raise UnscoredKindError(
                f"{self.spec()} does not score {kind.value!r}; it scores "
                f"{', '.join(k.value for k in self.result_kinds())}"
            )
        return self._points(kind, loser_left)

    # --- hooks ------------------------------------------------------------------

    def _generate(self, state: State, roll: Roll) -> list[tuple[State, tuple[RawStep, ...]]]:
        """Hook: the legal plays as ``(resulting raw state, raw steps)``, max-use applied.

        The resulting state is still in the mover's frame. An empty list
        means a pass.
        """
        raise NotImplementedError

    def _classify(
        self, loser_points: tuple[int, ...], loser_bar: int, loser_off: int
    ) -> ResultKind:
        """Hook: the result kind, from the loser's checkers in his own numbering."""
        raise NotImplementedError

    def _points(self, kind: ResultKind, loser_left: int) -> int:
        """Hook: the points a result kind is worth."""
        raise NotImplementedError


_CACHE: dict[tuple[Position, Roll], LegalPlays] = {}
_CACHE_SIZE = 64


def _format_option(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    return str(value)


def _int_tuple(label: str, values: Iterable[int], length: int) -> tuple[int, ...]:
    try:
        items = tuple(values)
    except TypeError:
        raise InvalidPositionError(
            f"{label} must be a sequence of {length} integers, got {values!r}"
        ) from None
    if len(items) != length:
        raise InvalidPositionError(
            f"{label} must have {length} entries, got {len(items)}: {list(items)}"
        )
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int):
            raise InvalidPositionError(
                f"{label} entries must be integers, got {x!r} in {list(items)}"
            )
    return items


def _pair(label: str, values: Iterable[int]) -> tuple[int, int]:
    items = _int_tuple(label, values, 2)
    return (items[0], items[1])


def _by_side(label: str, value: Mapping[Side, int] | Sequence[int]) -> tuple[int, int]:
    """Read a per-colour pair: a mapping keyed by Side (or 0/1, "white"/"black"), or (white, black)."""
    if isinstance(value, Mapping):
        out = [0, 0]
        for key, count in value.items():
            try:
                side = Side.coerce(key)
            except NardyError:
                raise InvalidPositionError(
                    f"{label} keys must be sides (Side.WHITE/Side.BLACK), got {key!r} in {dict(value)!r}"
                ) from None
            if isinstance(count, bool) or not isinstance(count, int):
                raise InvalidPositionError(
                    f"{label} counts must be integers, got {count!r} in {dict(value)!r}"
                )
            out[side] = count
        return (out[0], out[1])
    return _pair(label, value)


# --- registry -------------------------------------------------------------------

V = TypeVar("V", bound=type[Variant])

#: Every registered variant class, in registration order.
VARIANTS: list[type[Variant]] = []
_BY_NAME: dict[str, type[Variant]] = {}


def _norm(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def register_variant(cls: V) -> V:
    """Class decorator: make a variant findable by its name and aliases."""
    for key in (cls.name, *cls.aliases):
        norm = _norm(key)
        other = _BY_NAME.get(norm)
        if other is not None and other is not cls:
            raise ValueError(f"variant name {key!r} is taken by {other.__name__}")
        _BY_NAME[norm] = cls
    if cls not in VARIANTS:
        VARIANTS.append(cls)
    return cls


def variant_names() -> list[str]:
    """The canonical names of the registered variants."""
    return [cls.name for cls in VARIANTS]


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name(key=value,...)"`` into the name and its option strings.

    Raises :class:`~nardy.errors.UnknownVariantError` for a malformed spec.
    """
    if not isinstance(spec, str):
        raise UnknownVariantError(f"a variant name is a string, got {spec!r}")
    options: dict[str, str] = {}
    if "(" not in spec:
        return spec, options
    if not spec.rstrip().endswith(")"):
        raise UnknownVariantError(f"unknown variant {spec!r}: unbalanced parenthesis")
    base, _, rest = spec.partition("(")
    body = rest.rstrip()[:-1]
    for item in filter(None, (part.strip() for part in body.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise InvalidOptionError(f"option {item!r} in {spec!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return base, options


def find_variant(name: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> Variant:
    """The variant called ``name`` (or an alias), configured with options.

    Options may be given as a mapping, as keyword arguments, or inside the
    name in :meth:`Variant.spec` form (``"caucasian(no_hide_after_hit=anywhere)"``).
    String values are converted (``"false"`` for a boolean option).

    Raises :class:`~nardy.errors.UnknownVariantError` for an unknown name
    and :class:`~nardy.errors.UnknownOptionError` /
    :class:`~nardy.errors.InvalidOptionError` for bad options.
    """
    base, merged = split_spec(name)
    cls = _BY_NAME.get(_norm(base))
    if cls is None:
        known = ", ".join(sorted(variant_names()))
        raise UnknownVariantError(f"unknown variant {name!r}; known variants: {known}")
    merged.update(options or {})
    merged.update(kwargs)
    allowed = cls.option_names()
    for key in merged:
        if key not in allowed:
            raise UnknownOptionError(
                f"unknown option {key!r} for {cls.name}; its options are: "
                f"{', '.join(allowed) or '(none)'}"
            )
    try:
        return cls(**merged)
    except InvalidOptionError:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidOptionError(f"bad options {merged!r} for {cls.name}: {exc}") from exc


def hit_family_generate(
    state: State, roll: Roll, must_play_higher: bool
) -> list[tuple[State, tuple[RawStep, ...]]]:
    """Legal plays for the plain hit family (backgammon rules 1-8)."""
    found = _movegen.gen_hit(state, roll.high, roll.low)
    return _movegen.max_use(found, roll.is_double, must_play_higher)
