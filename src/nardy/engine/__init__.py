"""The rules engine: legal-play search on plain ints, in Rust where the rules are data, else in Python.

The engine builds on the rulebook (:mod:`nardy.rules`): the state's layout,
the rule objects a variant hands in for a turn
(:mod:`nardy.rules.turn_rules`) and each rule's own function. Nothing in
this package builds an attrs object or knows a variant class: a
:class:`~nardy.variants.base.Variant` describes its rules as data and
per-turn rule objects, :mod:`nardy.engine.plan` gathers them into one
turn's :class:`~nardy.engine.reference.TurnRules` and runs a search, and
the variant wraps what comes back into public values. The modules here work
on the *state*, a tuple of ints in the mover's frame
(:mod:`nardy.rules.board`), and its packed form (:mod:`nardy.engine.state`).

There is one search, written twice: the native core (the Rust crate
``native/core``, bound by ``native/python`` as ``nardy._native``) and the
Python search
(:mod:`nardy.engine.onesearch`). Both give the same plays in the same
canonical order. The native one runs when it is loaded and the turn's
rules are all data it knows (what the rule objects declare, never which
function they hold); otherwise the Python one runs, calling the rule
objects' functions.

Modules:

* :mod:`~nardy.engine.state` -- the packed form and key of a state, packed
  steps, the frame flip, point sets (and the layout, re-exported).
* :mod:`~nardy.engine.plan` -- a configured variant's hooks, fixed once, the
  turn's rules built from them, and the choice between the two searches.
* :mod:`~nardy.engine.table` -- one turn's rules written as the flat table
  of ints the native core reads, or ``None`` when they are not all data.
* :mod:`~nardy.engine.native` -- the native core seen from the engine:
  whether it is loaded, its rules objects, one turn's plays.
* :mod:`~nardy.engine.onesearch` -- the Python search, the canonical order
  both searches give (its docstring states it), and the steps that still
  lead to a legal play.
* :mod:`~nardy.engine.reference` -- the reference search: every sequence of
  every order of the dice, no shortcut; slow, and what the suite checks
  both searches against.
* :mod:`~nardy.engine.notation_write` -- writing a play in notation.
* :mod:`~nardy.engine.apply_steps` -- one step of a play given from
  outside, checked against the board.
* :mod:`~nardy.engine.stepmode` -- a roll played one checker step at a time:
  which steps still lead to a legal play (the step actions of the
  environments and the OpenSpiel games), answered by the native core when
  it is loaded.
"""
