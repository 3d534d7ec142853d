"""The rulebook: the words a variant's rules are written in, and the rules that are not data.

:mod:`nardy.rules.vocabulary` holds the words of a variant's class data
(:class:`~nardy.Geometry`, :class:`~nardy.Contact`, :class:`~nardy.Entering`,
:class:`~nardy.ExtraField`). The rules that are not pure data are small
named functions, one module per family: :mod:`nardy.rules.backgammon`,
:mod:`nardy.rules.long_nardy`, :mod:`nardy.rules.tavli` and
:mod:`nardy.rules.kush` (which also holds the search of Kush's doubles).
Each function states its rule in its docstring and works on the plain-int
state of :mod:`nardy.engine.state` (mover's frame), so the search kernels
can call it for every step. The variant classes in :mod:`nardy.variants`
wire these rules to their options. The whole package is compiled in the
fast build.
"""
