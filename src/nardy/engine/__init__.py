"""The rules engine: legal-play search on plain ints.

Nothing in this package builds an attrs object or knows a variant class: a
:class:`~nardy.variant.Variant` describes its rules as data and per-turn rule
objects (:mod:`nardy.engine.turn`), :mod:`nardy.engine.search` chooses one of
three search kernels and applies the maximum-use rule, and the variant wraps
what comes back into public values. The modules here work on the *state*, a
tuple of ints in the mover's frame (:mod:`nardy.engine.layout`).

Modules:

* :mod:`~nardy.engine.layout` -- the state layout, the frame flip, pins.
* :mod:`~nardy.engine.turn` -- the per-turn rule objects variants hand in.
* :mod:`~nardy.engine.ordered` -- kernel for rules without per-step checks.
* :mod:`~nardy.engine.positional` -- kernel for blocking rules judged on the
  position (long nardy's head and six-block rules).
* :mod:`~nardy.engine.tracking` -- kernel that follows individual checkers
  (a hitter's restrictions) and pins.
* :mod:`~nardy.engine.marked` -- the same answers for a double under a
  hitter rule (Caucasian nardy's, Kush's), in non-increasing order.
* :mod:`~nardy.engine.search` -- kernel choice, whole-play filter, maximum use.
* :mod:`~nardy.engine.physics` -- one step of a user's play, checked.
* :mod:`~nardy.engine.steptree` -- a roll played one checker step at a time:
  which steps still lead to a legal play (the step actions of the
  environments and the OpenSpiel games).
* :mod:`~nardy.engine.stepkeys` -- one such step on a board, and its change
  of a key and of the key's hash.
"""
