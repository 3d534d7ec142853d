"""The rulebook: the words a variant's rules are written in, and the rules that are not data.

The lowest layer of the rules: it imports nothing of the engine, which
builds on it. :mod:`nardy.rules.vocabulary` holds the words of a variant's
class data (:class:`~nardy.Geometry`, :class:`~nardy.Contact`,
:class:`~nardy.Entering`, :class:`~nardy.ExtraField`);
:mod:`nardy.rules.board` the layout of the plain-int state the rules read
(mover's frame) and :mod:`nardy.rules.turn_rules` the per-turn rule objects
a variant hands to the engine. The rules that are not pure data are small
named functions, one module per family: :mod:`nardy.rules.backgammon`,
:mod:`nardy.rules.long_nardy` and :mod:`nardy.rules.tavli`. Each function
states its rule in its docstring and works on the state, so the Python
search (:mod:`nardy.engine.onesearch`) can call it for every step. The variant classes in
:mod:`nardy.variants` wire these rules to their options.
"""
