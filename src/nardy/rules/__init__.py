"""The rules of each variant family that are not pure data, as small named functions.

One module per family: :mod:`nardy.rules.backgammon` and
:mod:`nardy.rules.long_nardy`. Each function states its rule in its
docstring and works on the plain-int state of :mod:`nardy.engine.layout`
(mover's frame), so the search kernels can call it for every step. The
variant classes in :mod:`nardy.variants` wire these rules to their options.
"""
