"""The per-turn rule objects a variant hands to the engine, and what they declare about themselves.

A variant's hooks (:meth:`~nardy.variants.base.Variant.step_rule`,
:meth:`~nardy.variants.base.Variant.hitter_rule`,
:meth:`~nardy.variants.base.Variant.play_filter`) return these for one position and
roll; the Python search calls them on the plain-int state
(:mod:`nardy.rules.board`). ``None`` from a hook means "no such rule", and
costs nothing in the search.

**Declarations.** Besides its functions, a rule object may say what kind of
rule it is, as public data: :attr:`StepRule.floor_point` and
:attr:`StepRule.floor` (a floor on one point, long nardy's head rule),
:attr:`StepRule.six_block` (the six-block rule, judged after each step),
:attr:`StepRule.waiting` (no landing on some points while a checker waits
to enter), :attr:`StepRule.named` (the named rules of :mod:`nardy.rules.named`
the check is, which a search that knows them may run by name),
:attr:`HitterRule.kind` (the hitter stops, or may not hide), and a play
filter's ``each_play``, ``on_board`` and ``six_block``
(:class:`EachPlayFilter`). The engine chooses its search from these alone
(:func:`nardy.engine.table.native_table`), never from which function or
class a rule is: a declaration is a promise that the rule behaves so. When
every rule of a turn is declared as data the native core knows, the native
core runs the turn and applies the rules itself, without calling the rule's
functions; otherwise the Python search runs (:mod:`nardy.engine.onesearch`),
judging declared rules from their declarations and calling the functions of
the rest. So a copy of a built-in rule object with one field changed
(:meth:`StepRule.replace`, :meth:`HitterRule.replace`) keeps its
declarations and runs native. :func:`nardy.testing.check_variant` compares,
on every position it visits, the search that runs with the general Python
search that calls the rule objects' functions (:func:`nardy.testing.check_search`),
so a wrong promise is caught.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, Protocol

from nardy.errors import InvalidOptionError
from nardy.rules.board import Candidate, State

__all__ = [
    "ALL_POINTS",
    "NO_HIDE",
    "STOPS",
    "WAITING",
    "EachPlayFilter",
    "EndRule",
    "FloorCheck",
    "HitterRule",
    "NamedStep",
    "PlayFilter",
    "RollRules",
    "StepCheck",
    "StepRule",
    "filter_six_block",
    "judges_each_play",
    "marks_after",
    "with_changes",
]

#: ``(board, src, dst) -> allowed``: called with the state *after* the step
#: as a mutable list (mover's frame; do not change it), and the step's
#: source (25: the bar) and destination (0: off).
StepCheck = Callable[[list[int], int, int], bool]

#: ``(start, candidates) -> candidates``: a whole-play filter. It receives
#: the plays the steps can make (complete or stopped early), one per distinct
#: resulting position with one of its step orders, as ``(state, steps, dice
#: used, pips used)``, in the order found, and returns those that may be
#: played; the maximum-use rule then chooses among them. Like a step rule,
#: it judges what a play reaches (the position, the dice and pips used), not
#: the order of its steps: the searches hand it one order per position.
PlayFilter = Callable[[State, list[Candidate]], list[Candidate]]


#: Every point, the bar (25), the pool (26, a step's source only) and off
#: (0): a step rule that watches all steps.
ALL_POINTS: Final = (1 << 27) - 1

#: :attr:`HitterRule.kind`: a checker that hit never moves again this turn (no check).
STOPS: Final = "stops"
#: :attr:`HitterRule.kind`: the no-hide rule
#: (:func:`nardy.rules.backgammon.no_hide_after_hit`): a checker that hit
#: may move on, but never onto a point that already holds the mover's own
#: checkers.
NO_HIDE: Final = "no-hide"

#: :attr:`StepRule.waiting`'s values: the rule waits for the mover's pool to
#: empty (``"pool"``), or for his pool and his bar (``"pool-or-bar"``).
WAITING: Final = ("pool", "pool-or-bar")

# The names StepRule.replace and HitterRule.replace take.
_STEP_FIELDS: Final = frozenset(
    {
        "check",
        "watch_from",
        "watch_to",
        "floor_point",
        "floor",
        "six_block",
        "guard",
        "only_hits",
        "waiting",
        "named",
    }
)
_HITTER_FIELDS: Final = frozenset({"zone", "check", "kind"})


class StepRule:
    """A rule judged after every single checker step of one turn.

    ``check`` is called for each step whose source is in ``watch_from`` or
    whose destination is in ``watch_to`` (bitmasks: bit p for point p, bit
    25 the bar, bit 26 the pool as a source, bit 0 off), so that a rule
    about the head or about a few landing points costs nothing for the
    other steps. A step it refuses is not playable; the maximum-use rule
    then chooses among what remains.

    The check sees the whole state after the step, extra state included:
    in a variant with a pool (:data:`~nardy.POOL`) the mover's pool count
    is ``board[pool]`` and the opponent's ``board[pool + 1]``, where
    ``pool = nardy.rules.movement.pool_index(variant.extra_fields())``
    (``EXTRA + 2 * i`` for the pool the i-th extra field). A step from the
    pool has the source :data:`~nardy.rules.board.FROM_POOL` (26). Rules
    such as "only entries while the pool is not empty" or "nothing lands on
    12-1 while a checker waits in the pool" are plain step rules on that
    state.

    ``only_hits`` (optional): the check is asked only about steps that hit
    (within the watch masks); every other step is allowed. A rule on
    hitting alone, such as acey-deucey's "a move may hit only once a
    checker of the mover's is home" (judged on the position before the
    step: the check sees the state after it, with the hitting checker on
    ``dst``). Such a rule has no floor and no six-block declaration.

    ``floor_point`` and ``floor`` (optional): the mover's count on point
    ``floor_point`` may never fall below ``floor`` during the turn (long
    nardy's head rule: at most so many checkers leave the head). A search
    may test that itself, without a call, from ``base_check`` and the
    ``base_watch_*`` masks, which judge everything else; ``check`` and the
    ``watch_*`` masks judge both parts, for any caller.

    ``six_block`` (optional, a declaration): the rule is the six-block rule
    of that option (:data:`~nardy.rules.six_block.SIX_BLOCK_RULES`) judged
    after each step, and nothing else besides the floor. It promises that
    the rule refuses a step exactly when the floor does, or when the step
    lands (not off) on a point of a block the six-block rule forbids on the
    board after it: ``not six_block_allows(board, dst,
    six_block_guard(board, six_block))``
    (:func:`~nardy.rules.six_block.six_block_allows`); ``"off"``: nothing
    but the floor. A search may then apply that rule itself, without
    calling ``check``. ``None`` (the default): no promise. ``guard``
    (optional, with ``six_block``): the guard of the position the turn
    starts from (:func:`~nardy.rules.six_block.six_block_guard`), when the
    rule has worked it out already (-1: not given).

    ``waiting`` (optional, a declaration): ``"pool"`` or ``"pool-or-bar"``
    (:data:`~nardy.rules.turn_rules.WAITING`). The rule promises that it refuses a step exactly
    when the step is watched and, on the board after it, a checker of the
    mover's still waits to enter: in his pool, or (``"pool-or-bar"``) in his
    pool or on his bar. Tabula's second-half rule is one ("nothing lands on
    12-1 while a checker waits in the pool"). Those counts never rise during
    a turn and entries can be made first, so a set of steps that such a rule
    refuses in one order it refuses in every order, and a search may apply
    the rule itself, pruning instead of calling ``check``. ``None`` (the
    default): no promise. Such a rule has no floor, no six-block
    declaration and judges every watched step, not only hits.

    ``named`` (optional, a declaration): the named rules the check is
    (:mod:`nardy.rules.named`, each a :class:`NamedStep`), besides the
    floor. It promises that the rule refuses a step exactly when the floor
    does or one of them does (each judged by its ``check``, on the steps
    it speaks of; with ``only_hits``, on the steps that hit); the watch
    masks may leave out only steps none of them can refuse. A search that
    knows these rules may then judge them itself. ``()`` (the default): no
    promise. Such a rule has no six-block and no waiting declaration.

    Rule objects are built for each turn and never changed;
    :meth:`replace` makes a copy with fields changed.
    """

    __slots__ = (
        "_folded",
        "base_check",
        "base_watch_from",
        "base_watch_to",
        "floor",
        "floor_point",
        "guard",
        "named",
        "only_hits",
        "six_block",
        "waiting",
        "watch_from",
        "watch_to",
    )

    def __init__(
        self,
        check: StepCheck,
        watch_from: int = ALL_POINTS,
        watch_to: int = ALL_POINTS,
        floor_point: int = 0,
        floor: int = 0,
        six_block: str | None = None,
        guard: int = -1,
        only_hits: bool = False,
        waiting: str | None = None,
        named: Iterable[NamedStep] = (),
    ) -> None:
        if only_hits and (floor_point or six_block is not None):
            raise InvalidOptionError(
                "StepRule: a rule that only judges hits has no floor and no six-block declaration"
            )
        if waiting is not None and (
            waiting not in WAITING or floor_point or six_block is not None or only_hits
        ):
            raise InvalidOptionError(
                f"StepRule: waiting is one of {', '.join(map(repr, WAITING))} (got {waiting!r}),"
                " on a rule with no floor, no six-block declaration and not only_hits"
            )
        rules = named_rules(named)
        if rules and (six_block is not None or waiting is not None):
            raise InvalidOptionError(
                f"StepRule: named rules ({rules!r}) go on a rule with no six-block"
                " and no waiting declaration"
            )
        #: Declared: the named rules the check is, besides the floor (see above).
        self.named = rules
        #: The check as given (the floor not folded in).
        self.base_check = check
        #: The sources the check is asked about, as given.
        self.base_watch_from = watch_from
        #: The destinations the check is asked about, as given.
        self.base_watch_to = watch_to
        #: Declared: the point whose count the floor limits (0: no floor).
        self.floor_point = floor_point
        #: Declared: the fewest checkers that point may hold during the turn.
        self.floor = floor
        #: Declared: the six-block rule (its option) the rule is, or ``None`` (see above).
        self.six_block = six_block
        #: With :attr:`six_block`: the six-block guard of the turn's start, or -1.
        self.guard = guard
        #: The check is asked only about steps that hit (see above).
        self.only_hits = only_hits
        #: Declared: where a checker waits while the rule refuses the watched steps, or ``None`` (see above).
        self.waiting = waiting
        # The check with the floor folded in, made when first asked for (a
        # search that counts the floor itself never asks).
        self._folded: StepCheck | None = None if floor_point else check
        #: The sources :attr:`check` is asked about (with the floor's point).
        self.watch_from = watch_from | (1 << floor_point) if floor_point else watch_from
        #: The destinations it is asked about.
        self.watch_to = watch_to

    @property
    def check(self) -> StepCheck:
        """The check with the floor folded in (a ``FloorCheck``): what a caller that does not count the floor calls."""
        folded = self._folded
        if folded is None:
            folded = self._folded = FloorCheck(
                self.base_check,
                self.base_watch_from,
                self.base_watch_to,
                self.floor_point,
                self.floor,
            )
        return folded

    def replace(self, **changes: Any) -> StepRule:
        """A copy with the given fields changed, its declarations kept unless changed too.

        The fields are the constructor's: ``check``, ``watch_from``,
        ``watch_to``, ``floor_point``, ``floor``, ``six_block``, ``guard``,
        ``only_hits``, ``waiting``, ``named``. A copy with
        another ``check`` of the same behaviour gets the same searches as
        the original (see the module docstring).
        """
        _check_fields("StepRule", _STEP_FIELDS, changes)
        return StepRule(
            changes.get("check", self.base_check),
            changes.get("watch_from", self.base_watch_from),
            changes.get("watch_to", self.base_watch_to),
            changes.get("floor_point", self.floor_point),
            changes.get("floor", self.floor),
            changes.get("six_block", self.six_block),
            changes.get("guard", self.guard),
            changes.get("only_hits", self.only_hits),
            changes.get("waiting", self.waiting),
            changes.get("named", self.named),
        )

    def __repr__(self) -> str:
        floor = f", floor_point={self.floor_point}, floor={self.floor}" if self.floor_point else ""
        six_block = "" if self.six_block is None else f", six_block={self.six_block!r}"
        hits = ", only_hits=True" if self.only_hits else ""
        waiting = "" if self.waiting is None else f", waiting={self.waiting!r}"
        waiting += f", named={self.named!r}" if self.named else ""
        return (
            f"StepRule({getattr(self.base_check, '__name__', self.base_check)!s}, "
            f"watch_from={self.base_watch_from:#x}, watch_to={self.watch_to:#x}"
            f"{floor}{six_block}{hits}{waiting})"
        )


class RollRules:
    """The rules of a roll's turns whatever the position, as data the native core reads (:meth:`Variant.roll_rules <nardy.Variant.roll_rules>`).

    A variant whose per-turn hooks depend on the position only in ways the
    native core works out itself (long nardy's head rule:
    :class:`~nardy.rules.named.HeadLimit`; the six-block rule after each
    step: :class:`~nardy.rules.named.SixBlockAfterStep`) may declare a
    roll's rules once: ``step_rule``, ``hitter_rule`` and ``play_filter``
    as its hooks would give them, declared (:func:`nardy.engine.table.native_table`
    must take them), and ``returns``: Kush's return from the bar
    (:func:`~nardy.rules.kush.kush_return`) is among the plays, which the
    native core works out from the position. A promise that, from every
    position, these rules give the same plays as the hooks:
    :func:`nardy.testing.check_variant` compares the native core's answer
    with the general Python search, which calls the hooks.
    """

    __slots__ = ("hitter_rule", "play_filter", "returns", "step_rule")

    def __init__(
        self,
        step_rule: StepRule | None = None,
        hitter_rule: HitterRule | None = None,
        play_filter: PlayFilter | None = None,
        returns: bool = False,
    ) -> None:
        #: The rule judged after each step, or ``None``.
        self.step_rule = step_rule
        #: What a checker that hit may do for the rest of the turn, or ``None``.
        self.hitter_rule = hitter_rule
        #: The whole-play filter, or ``None``.
        self.play_filter = play_filter
        #: Whether Kush's return from the bar is among the plays (on a double whose bar checkers wait).
        self.returns = returns

    def __repr__(self) -> str:
        return (
            f"RollRules(step_rule={self.step_rule!r}, hitter_rule={self.hitter_rule!r},"
            f" play_filter={self.play_filter!r}, returns={self.returns!r})"
        )


class NamedStep(Protocol):
    """A named step rule (:mod:`nardy.rules.named`): frozen data, and its statement as :meth:`check`."""

    def check(self, board: list[int], src: int, dst: int, hit: bool) -> bool:
        """Whether the rule allows the step ``src -> dst`` (``hit``: it hit) that led to ``board``."""
        ...


def named_rules(named: Iterable[NamedStep]) -> tuple[NamedStep, ...]:
    """A :class:`StepRule`'s ``named`` declaration as a tuple, or an error naming what it got."""
    # (Typed as an iterable and checked here, so that a list is taken and a
    # wrong value is an InvalidOptionError in the compiled build too.)
    try:
        rules = tuple(named)
    except TypeError:
        raise InvalidOptionError(
            f"StepRule: named is a sequence of named rules, not {named!r}"
        ) from None
    for rule in rules:
        if not callable(getattr(rule, "check", None)):
            raise InvalidOptionError(f"StepRule: {rule!r} in named is not a named rule")
    return rules


class FloorCheck:
    """A step check with a :class:`StepRule`'s floor folded in: what a caller that does not count the floor calls."""

    __slots__ = ("check", "floor", "floor_point", "watch_from", "watch_to")

    def __init__(
        self, check: StepCheck, watch_from: int, watch_to: int, floor_point: int, floor: int
    ) -> None:
        self.check = check
        self.watch_from = watch_from
        self.watch_to = watch_to
        self.floor_point = floor_point
        self.floor = floor

    def __call__(self, board: list[int], src: int, dst: int) -> bool:
        """Whether the step ``src -> dst`` that led to ``board`` keeps the floor and passes ``check``."""
        if src == self.floor_point and board[src] < self.floor:
            return False
        if (self.watch_from >> src) & 1 or (self.watch_to >> dst) & 1:
            return self.check(board, src, dst)
        return True


class HitterRule:
    """What a checker that hit may do for the rest of its turn.

    A hit on a point ``<= zone`` (6: only inside the mover's home board;
    24: anywhere) *marks* the checker that hit. A marked checker stays marked
    for the rest of the turn; each of its later steps must pass ``check``,
    or, when ``check`` is ``None``, it may not move again at all. Checkers
    are indistinguishable, so where marked and unmarked checkers share a
    point the search tries moving either kind.

    ``kind`` (a declaration) says which rule this is: :data:`STOPS` when
    ``check`` is ``None`` (always so), :data:`NO_HIDE` for a ``check`` that
    promises to behave as the no-hide rule
    (:func:`~nardy.rules.backgammon.no_hide_after_hit`), or ``""`` (the
    default for a ``check``): no promise.
    """

    __slots__ = ("check", "kind", "zone")

    def __init__(self, zone: int, check: StepCheck | None = None, kind: str = "") -> None:
        #: The highest point where a hit marks the hitter.
        self.zone = zone
        #: What each later step of a marked checker must pass (``None``: it stops).
        self.check = check
        if check is None:
            if kind not in ("", STOPS):
                raise InvalidOptionError(f"HitterRule: a rule with no check stops, not {kind!r}")
            kind = STOPS
        elif kind not in ("", NO_HIDE):
            raise InvalidOptionError(
                f"HitterRule: kind is {NO_HIDE!r} or '' for a rule with a check, not {kind!r}"
            )
        #: :data:`STOPS`, :data:`NO_HIDE` or ``""`` (see the class docstring).
        self.kind = kind

    def replace(self, **changes: Any) -> HitterRule:
        """A copy with the given fields changed (``zone``, ``check``, ``kind``), its declaration kept.

        The copy keeps :attr:`kind` unless that no longer fits: a copy
        without a check stops, and a copy of a stopping rule given a check
        promises nothing (unless ``kind`` is given too).
        """
        _check_fields("HitterRule", _HITTER_FIELDS, changes)
        check = changes.get("check", self.check)
        kind = changes.get("kind", self.kind if (check is None) == (self.check is None) else "")
        return HitterRule(changes.get("zone", self.zone), check, kind)

    def __repr__(self) -> str:
        name = "stops" if self.check is None else getattr(self.check, "__name__", self.check)
        kind = f", kind={self.kind!r}" if self.kind and self.check is not None else ""
        return f"HitterRule(zone={self.zone}, {name}{kind})"


def marks_after(marked: int, src: int, dst: int, moved_marked: bool, hit: bool, zone: int) -> int:
    """A :class:`HitterRule`'s marks after a step ``src -> dst`` (0: off): bit p for a marked checker on p.

    A checker that hits on a point ``<= zone`` is marked for the rest of the
    turn; a marked checker that moves on (``moved_marked``) takes its mark
    along (off the board it is gone). One marked checker at most a point:
    a hit point held none of the mover's, and a marked checker lands only
    on such under the rules that let it move (no-hide).
    """
    if moved_marked:
        marked ^= 1 << src
        return marked | (1 << dst) if dst else marked
    return marked | (1 << dst) if hit and dst <= zone else marked


def _check_fields(owner: str, fields: frozenset[str], changes: dict[str, Any]) -> None:
    """Refuse a field a rule object's ``replace`` does not have."""
    unknown = sorted(set(changes) - fields)
    if unknown:
        raise InvalidOptionError(f"{owner}.replace: no field {', '.join(unknown)}")


def with_changes(owner: str, fields: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A rule object's ``fields`` with ``changes`` made: what its ``replace`` builds the copy from.

    Refuses (:class:`~nardy.errors.InvalidOptionError`, naming ``owner``) a
    change of a field it does not have.
    """
    _check_fields(owner, frozenset(fields), changes)
    return {**fields, **changes}


class EndRule:
    """A whole-play rule that judges each play alone, on its final position.

    A search may ask :meth:`allows` with its live board at each result, so that
    no candidate is built for the rule. Subclass it and override
    :meth:`allows` (this base allows everything); compiled, the call is a
    native method call.
    """

    def allows(self, board: list[int]) -> bool:
        """Whether the play that reached ``board`` (mover's frame; do not change it) is allowed."""
        return True


class EachPlayFilter(Protocol):
    """What a play filter declares when it judges each play alone, on its final position.

    A :data:`PlayFilter` that sets ``each_play`` to ``True`` promises that it
    keeps a candidate or not by the candidate's final state alone (and the
    turn's start), never by comparing candidates; the engine may then ask it
    about the plays of the most dice first (the maximum-use rule keeps
    nothing else), and a search may judge it on its own board:

    * :meth:`on_board` gives the same judgement as an :class:`EndRule` for a
      turn of ``moves`` steps in which nothing is hit (``None`` when it can
      refuse no play of such a turn);
    * ``six_block`` (optional): the filter is the six-block rule with this
      option judged on each play's final position
      (:func:`~nardy.rules.six_block.turn_blocks_allowed`, the guard of that
      position), which a search may then judge itself even after hits (the
      native core does).

    :class:`~nardy.rules.six_block.SixBlockAtEnd` is one. A filter without
    these attributes (a plain function) declares nothing and is called on
    every candidate.
    """

    @property
    def each_play(self) -> bool:
        """True: the promise above."""
        ...

    @property
    def six_block(self) -> str | None:
        """The six-block option the filter is, or ``None`` (it is not the six-block rule)."""
        ...

    def __call__(self, start: State, candidates: list[Candidate]) -> list[Candidate]:
        """The candidates kept, in order (the very objects given)."""
        ...

    def on_board(self, start: State, moves: int) -> EndRule | None:
        """The filter as an end check on a live board for a turn of ``moves`` steps and no hits."""
        ...


def judges_each_play(play_filter: PlayFilter) -> bool:
    """Whether ``play_filter`` declares that it judges each play alone (:class:`EachPlayFilter`)."""
    return getattr(play_filter, "each_play", False) is True


def filter_six_block(play_filter: PlayFilter) -> str | None:
    """The six-block option a play filter declares it judges at the end of the turn, or ``None``.

    Only a filter that judges each play alone (:func:`judges_each_play`) declares one.
    """
    if not judges_each_play(play_filter):
        return None
    six_block = getattr(play_filter, "six_block", None)
    return six_block if isinstance(six_block, str) else None
