"""The rules engine: legal-play search on plain ints (compiled in the fast build).

Nothing in this package builds an attrs object or knows a variant class: a
:class:`~nardy.variants.base.Variant` describes its rules as data and per-turn
rule objects (:mod:`nardy.rules.turn_rules`), :mod:`nardy.engine.search`
chooses a search and applies the maximum-use rule, and the variant wraps
what comes back into public values. The modules here work on the *state*,
a tuple of ints in the mover's frame (:mod:`nardy.engine.state`).

Modules:

* :mod:`~nardy.engine.state` -- the state layout, its packed form and key,
  packed steps, the frame flip, pins.
* :mod:`~nardy.rules.turn_rules` -- the per-turn rule objects variants hand in.
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
* :mod:`~nardy.engine.steptree` -- a roll played one checker step at a time:
  which steps still lead to a legal play (the step actions of the
  environments and the OpenSpiel games).
* :mod:`~nardy.engine.stepkeys` -- one such step on a board, and its change
  of a key and of the key's hash.

There are six searches. :func:`~nardy.engine.search.choose_kernel` picks one
of four general kernels by the rules' shape (its names in quotes):

* :mod:`~nardy.engine.kernels.board_only` (``"ordered"``) -- rules that judge
  each step by the board alone (the backgammon family, tavla, a hitter
  rule on two dice): a double's sources in non-increasing order;
* :mod:`~nardy.engine.kernels.pins` (``"pinning"``) -- pinning contact with no
  per-turn rule (plakoto);
* :mod:`~nardy.engine.kernels.position_rules` (``"positional"``) -- blocking
  contact with rules judged on the position (long nardy's head and
  six-block rules, fevga);
* :mod:`~nardy.engine.kernels.general` (``"tracking"``) -- everything else: it
  follows individual checkers (a hitter's restrictions, pins under a rule).

Two more give the general kernel's answers faster for named rules on a
double (:mod:`~nardy.engine.search` dispatches to them by the rule, the one
place the engine knows :mod:`nardy.rules`):

* :mod:`~nardy.engine.kernels.hitter_doubles` -- a double under a hitter
  rule (Caucasian nardy's no-hide rule, Kush's stops), in non-increasing
  order of sources;
* the search of Kush's doubles in :mod:`nardy.engine.kernels.kush_double`, for the doubles
  where Kush's six-block rule may refuse a move.
"""
