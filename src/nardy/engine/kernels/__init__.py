"""The search kernels: one roll's distinct results, each with one representative play.

Each kernel makes the steps of a roll on a board (a list of ints changed in
place) and hands back a :class:`~nardy.engine.results.Found`; which kernel
runs is chosen by :func:`nardy.engine.search.choose_kernel` (see
:mod:`nardy.engine` for the list). Each module opens with why its
shortcut gives exactly the general search's answers.
"""
