"""The rules engine: legal-play search on plain ints (compiled in the fast build).

The engine builds on the rulebook (:mod:`nardy.rules`): the state's layout,
the rule objects a variant hands in for a turn
(:mod:`nardy.rules.turn_rules`) and each rule's own function. Nothing in
this package builds an attrs object or knows a variant class: a
:class:`~nardy.variants.base.Variant` describes its rules as data and
per-turn rule objects, :mod:`nardy.engine.search` chooses a search and
applies the maximum-use rule, and the variant wraps what comes back into
public values. The modules here work on the *state*, a tuple of ints in the
mover's frame (:mod:`nardy.rules.board`), and its packed form
(:mod:`nardy.engine.state`).

Modules:

* :mod:`~nardy.engine.state` -- the packed form and key of a state, packed
  steps, the frame flip, point sets (and the layout, re-exported).
* :mod:`~nardy.engine.results` -- what a search hands back: the distinct
  results, one representative play each.
* :mod:`~nardy.engine.plan` -- a configured variant's hooks, fixed once, and
  the path from a roll to :mod:`~nardy.engine.search`.
* :mod:`~nardy.engine.search` -- the choice of search, the whole-play
  filter, the maximum-use rule.
* :mod:`nardy.engine.kernels` -- the search kernels (below).
* :mod:`~nardy.engine.notation_write` -- writing a play in notation.
* :mod:`~nardy.engine.apply_steps` -- one step of a play given from
  outside, checked against the board.
* :mod:`~nardy.engine.stepmode` -- a roll played one checker step at a time:
  which steps still lead to a legal play (the step actions of the
  environments and the OpenSpiel games), answered by the native core when
  it is loaded.
* :mod:`~nardy.engine.stepkeys` -- one step's change of a key and of the
  key's hash (what the tracking kernel makes its steps with).

There are six searches, each a faster form of the rulebook's rules for the
rules it takes (:mod:`nardy.engine.kernels` says which rules each writes
inline, and why). :func:`~nardy.engine.search.choose_kernel` picks one of
four by the rules' shape (its names in quotes):

* :mod:`~nardy.engine.kernels.board_only` (``"ordered"``) -- rules that judge
  each step by the board alone (the backgammon family, tavla, a hitter
  rule on two dice): a double's sources in non-increasing order;
* :mod:`~nardy.engine.kernels.pins` (``"pinning"``) -- pinning contact with no
  per-turn rule (plakoto);
* :mod:`~nardy.engine.kernels.position_rules` (``"positional"``) -- blocking
  contact with rules judged on the position (long nardy's head and
  six-block rules, fevga);
* :mod:`~nardy.engine.kernels.general` (``"tracking"``) -- everything else: it
  follows individual checkers (a hitter's restrictions, pins under a rule),
  calling every rule object's functions; the reference the others answer to.

Two more give the general kernel's answers faster on a double, chosen by
what the turn's rule objects declare about themselves (a hitter that stops
or may not hide, a step rule that is the six-block rule with a floor on the
head), never by which rule they are:

* :mod:`~nardy.engine.kernels.hitter_doubles` (``"marked-double"``,
  ``"no-hide-double"``) -- a double under a hitter rule (Caucasian nardy's
  no-hide rule, Kush's stops), in non-increasing order of sources where
  that is exact;
* :mod:`~nardy.engine.kernels.kush_double` (``"kush-double"``) -- a Kush
  double where the six-block rule may refuse a move.
"""
