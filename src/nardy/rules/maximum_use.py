"""The maximum-use rule and the higher-die rule: which of the possible plays are legal.

A player must use as many dice of his roll as he can: of the sequences of
steps the board and the variant's per-step rules allow, only those that use
the most dice are legal plays (:func:`maximum_use`). When that is one die of
two different dice and the variant says so (``must_play_higher``), only the
higher die's plays are legal, if it can be played at all (the higher-die
rule, part of :func:`maximum_use`). A rule judged on whole plays (a play
filter, the six-block rule at the end of a turn) comes first: the maximum
is taken over the plays it allows, so when it refuses every play of the
most dice the shorter sequences count as plays too
(:func:`shorter_plays_count`).

With three dice (a variant of :attr:`~nardy.Variant.dice` 3, rules S.3)
the same two statements say: all three if possible; if only two can be
played, any two (the higher-die rule is about one die only); if only one,
the highest that can be played, when the dice are not all equal.

Both searches apply this rule to their candidates once the search is done
(:func:`nardy.engine.onesearch.finish` calls :func:`maximum_use`; the
native core states the same rule in Rust).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["maximum_use", "shorter_plays_count"]


def maximum_use(
    counts: list[int],
    plays: list[int],
    dice: tuple[int, ...],
    must_play_higher: bool,
    pips: Callable[[int], int],
) -> list[int] | None:
    """The maximum-use rule: the indices of the plays kept, in order (``None``: all of them).

    ``counts[i]`` is how many dice play ``i`` uses, ``pips(plays[i])`` their
    pips (asked only for the higher-die rule). Keep the plays that use the
    most dice; when that is one die of dice not all equal (two or three)
    and ``must_play_higher``, keep only those that use the highest die that
    can be used.
    """
    if not counts:
        return None
    most = least = counts[0]
    for count in counts:
        if count > most:
            most = count
        elif count < least:
            least = count
    if most == 1 and must_play_higher and len(set(dice)) > 1:
        used = [pips(play) for play in plays]
        top = max([used[i] for i in range(len(counts)) if counts[i] == 1])
        return [i for i in range(len(counts)) if counts[i] == 1 and used[i] == top]
    if least == most:
        return None
    return [i for i in range(len(counts)) if counts[i] == most]


def shorter_plays_count(counts: list[int], deepest: int) -> bool:
    """Whether a whole-play rule refused every play of the most dice, so shorter sequences are plays too.

    ``counts``: the dice used by the plays a search kept after a rule judged
    on each play's final position (the six-block rule at the end of the
    turn); ``deepest``: the most dice any sequence the board and the
    per-step rules allow uses. When some kept play uses ``deepest`` dice
    the maximum-use rule keeps only such plays, and a search may look at
    the longest sequences alone; else every sequence, also one stopped
    early, is a candidate, and the search must be asked again for them.
    """
    return deepest > 0 and not (counts and max(counts) == deepest)
