"""Exceptions raised by nardy.

Every exception nardy raises on bad input derives from :class:`NardyError`,
which itself derives from :class:`ValueError`, so ``except ValueError`` keeps
working for callers who do not care about the detail. Messages name the
offending input and, where there is one, the position (by its ID).
"""

from __future__ import annotations

__all__ = [
    "AmbiguousPlayError",
    "AnalysisError",
    "AnalysisInputError",
    "BarNotAllowedError",
    "CheckerCountError",
    "CubeActionError",
    "EngineError",
    "EngineFailedError",
    "EngineNotInstalledError",
    "EnginePlayError",
    "GameOverError",
    "IllegalActionError",
    "IllegalPlayError",
    "InputError",
    "InvalidDiceError",
    "InvalidIdError",
    "InvalidLimitError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidProbabilitiesError",
    "InvalidSideError",
    "MatchEquityTableError",
    "MatchStateError",
    "NardyError",
    "NotYourTurnError",
    "PlayerError",
    "RecordError",
    "ResignationError",
    "ReviewError",
    "SharedPointError",
    "UnknownEngineError",
    "UnknownOptionError",
    "UnknownVariantError",
    "UnscoredKindError",
    "UnsupportedAnalysisError",
    "UnsupportedFormatError",
    "VariantDefinitionError",
    "WrongPhaseError",
]


#: The longest message a :class:`NardyError` keeps; a longer one is cut in the middle.
MESSAGE_LIMIT = 400


class NardyError(ValueError):
    """Root of every error nardy raises on bad input (a :class:`ValueError`).

    Its message names the input and what was expected, in at most
    400 characters (a longer one is cut in the middle), so
    that a huge input never comes back whole in an error.
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            text = args[0]
            cut = len(text) - 360  # 260 kept at the start, 100 at the end
            args = (
                f"{text[:260]} [... {cut:,} characters cut ...] {text[-(MESSAGE_LIMIT - 300) :]}",
            )
        super().__init__(*args)


# --- variants -----------------------------------------------------------------


class UnknownVariantError(NardyError):
    """No variant is registered under the given name or alias."""


class VariantDefinitionError(NardyError, TypeError):
    """A variant class's data is broken; the message names the class and the field.

    Raised when the class is registered (:func:`~nardy.register_variant`) or
    first instantiated: a start on a point outside 1..24, counts that do not
    add up to the variant's checkers, a geometry, contact or name of the wrong
    type, ... It is also a :class:`TypeError`, as the class is unusable.
    """


class UnknownOptionError(NardyError):
    """A variant was given an option it does not have."""


class InvalidOptionError(NardyError):
    """A variant option has a value outside its documented range."""


class UnscoredKindError(NardyError):
    """A result kind that the variant, with its options, does not score."""


class EngineError(NardyError):
    """The native rules core refused its input (a table or a state), or failed inside.

    Raised by :mod:`nardy.engine.native` with the input named; a failure
    inside the core (a panic, a bug) is reported so too, never as a crash.
    """


# --- positions ----------------------------------------------------------------


class InvalidPositionError(NardyError):
    """A position breaks the variant's physical constraints.

    The specific subclasses say which constraint; catch this class to handle
    them all.
    """


class CheckerCountError(InvalidPositionError):
    """Negative counts, or a side's checkers do not add up to the variant's number."""


class SharedPointError(InvalidPositionError):
    """Both colours stand on one point (in a variant where that is impossible)."""


class BarNotAllowedError(InvalidPositionError):
    """Checkers on the bar in a variant that has no bar."""


class InvalidSideError(NardyError):
    """Something given as a side (colour) is not white or black."""


class InvalidIdError(NardyError):
    """A position ID string cannot be decoded."""


class UnsupportedFormatError(NardyError):
    """A format (such as the gnubg Position ID) is not defined for this variant."""


# --- dice and plays -----------------------------------------------------------


class InvalidDiceError(NardyError):
    """Dice outside 1..6, or not exactly two of them."""


class InvalidNotationError(NardyError):
    """A play in notation cannot be parsed at all."""


class IllegalPlayError(NardyError):
    """A well-formed play that is not legal for the roll in the position."""


class AmbiguousPlayError(IllegalPlayError):
    """A play in notation matches more than one legal play."""


# --- games --------------------------------------------------------------------


class IllegalActionError(NardyError):
    """An action that the game's current state does not allow.

    The specific subclasses say why; catch this class to handle them all.
    """


class GameOverError(IllegalActionError):
    """Any action on a game (or match) that has already ended."""


class WrongPhaseError(IllegalActionError):
    """An action the game's phase does not allow: moving before rolling, rolling twice, ..."""


class NotYourTurnError(IllegalActionError):
    """An action made ``by=`` a side that is not the one expected to act."""


class CubeActionError(IllegalActionError):
    """A cube action the cube or the options forbid (opponent owns it, Crawford, maximum, ...)."""


class ResignationError(IllegalActionError):
    """A resignation the game cannot accept (e.g. a level the variant does not score)."""


# --- records and the command line ---------------------------------------------


class RecordError(NardyError):
    """A game or match record cannot be loaded: malformed, or an action does not replay.

    ``index`` is the position of the first bad action in the record's action
    list (``None`` when the problem is not one action).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class RecordWarning(UserWarning):
    """A record was read with a leniency that changes or drops something it says.

    Issued (with ``warnings.warn``) by the ``.mat`` and SGF readers for
    what real files contain and the rules cannot replay as written: a game
    cut short at a play that was not recorded, a stated result that differs
    from the rules' count, a record that ends before the last game's result.
    The message names the file, the line (or node) and what was read. The
    readers' ``strict=True`` raises :class:`RecordError` instead. A
    :class:`UserWarning`, not a :class:`NardyError`: the record was read.
    (It is not in ``__all__``, which lists the errors nardy raises on bad
    input; ``nardy`` and :mod:`nardy.formats` export it.)
    """


class InputError(NardyError):
    """A ``nardy legal`` input line is not the documented JSON object."""


# --- analysis (nardy.analysis) ------------------------------------------------------


class AnalysisError(NardyError):
    """Root of the errors of :mod:`nardy.analysis`: an engine, its options or what it was asked.

    The subclasses say which; catch this class to handle them all.
    """


class UnknownEngineError(AnalysisError):
    """:func:`~nardy.analysis.open_engine` was given a name no backend has; the message lists the names."""


class EngineNotInstalledError(AnalysisError):
    """A backend whose engine package is not installed; the message names the extra to install."""


class UnsupportedAnalysisError(AnalysisError):
    """An analysis the engine cannot do (a money cube decision from gnubg-nn, a rollout, ...).

    The message names the engine and what it cannot do.
    """


class InvalidLimitError(AnalysisError):
    """A :class:`~nardy.analysis.Limit` field out of range (plies, trials, truncation, threads, seed)."""


class InvalidProbabilitiesError(AnalysisError):
    """Outcome probabilities outside 0..1 or out of order (a gammon more likely than a win, ...)."""


class AnalysisInputError(AnalysisError):
    """A position, roll or match state an analysis cannot take.

    A variant the engine does not play, a game that is over, a cube the
    side on roll may not turn, an engine option it does not have.
    """


class MatchStateError(AnalysisInputError):
    """A match or cube state that cannot be, or that the analysis cannot take.

    A score past the match length, a Crawford game without a player 1
    away, a cube that is not a power of two, the Jacoby rule in a match,
    a match that is already over.
    """


class MatchEquityTableError(AnalysisError):
    """A match equity table that cannot be built or read, or a score it does not cover."""


class ReviewError(AnalysisError):
    """A record the match review cannot review (a variant outside backgammon's cube model, an evaluator's bad answer)."""


class EnginePlayError(AnalysisError, IllegalPlayError):
    """An engine answered with a play that is not one of nardy's legal plays (refused, never used)."""


class EngineFailedError(AnalysisError):
    """The engine failed while answering: it raised, died, timed out, or was used after ``close()``."""


class PlayerError(AnalysisError):
    """A player of :func:`~nardy.analysis.play_match` misbehaved, or a match would not end.

    A player that is neither a :class:`~nardy.analysis.Player`, an engine,
    an engine's name nor ``"random"``; a player that answered something
    other than an action for the side to act; a match still going after
    :data:`nardy.analysis.bots.MAX_ACTIONS` actions. The message names it.
    """


# --- the conformance suite ------------------------------------------------------


class ConformanceError(AssertionError):
    """A variant broke an invariant of :mod:`nardy.testing`; the message names the position, the roll and the play.

    An :class:`AssertionError`, not a :class:`NardyError`: it reports a bug
    in a variant's rules, not bad input. (It is not in ``__all__``, which
    lists the errors nardy raises on bad input; :mod:`nardy.testing`
    exports it.)
    """
