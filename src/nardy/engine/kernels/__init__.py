"""The search kernels: one roll's distinct results, each with one representative play.

Each kernel makes the steps of a roll on a board (a list of ints changed in
place) and hands back a :class:`~nardy.engine.results.Found`; which kernel
runs is chosen by :func:`nardy.engine.search.choose_kernel` (see
:mod:`nardy.engine` for the list). Each module opens with why its
shortcut gives exactly the general search's answers.

**The rules they apply are the rulebook's** (:mod:`nardy.rules`): a kernel
calls the rule's own function wherever a call costs nothing measurable:
once a search (:func:`~nardy.rules.movement.home_scan`), off the hot path
(:func:`~nardy.rules.movement.may_bear_off`), or for a rule that is work
anyway (the head and six-block rules). Inside the step loops a few rules are
written inline, each site tagged with the function it mirrors:

* ``outside - 1 if src > HOME >= dst else outside``, tagged
  ``(outside_after, inline)``: :func:`~nardy.rules.movement.outside_after`;
* ``s[MOVER_BAR] > 0``, tagged ``(must_enter, inline)``:
  :func:`~nardy.rules.movement.must_enter`;
* where a move lands (``dst = src - die``, then the bear-off or a closed
  point, in each kernel's own terms), tagged ``(landing, inline)``:
  :func:`~nardy.rules.movement.landing`;
* ``x == -1`` (a blot, hit by the landing) and ``x < lowest`` (a closed
  point): :func:`~nardy.rules.movement.step_kind`,
  :func:`~nardy.rules.movement.is_open`;
* in :mod:`~nardy.engine.kernels.pins`, the bear-off's "no checker above"
  as the bit test ``occupied >> (src + 1)``:
  :func:`~nardy.rules.movement.checker_above`.

The figures that keep them (``bench_legal.py --only-variants``, the median
of 5 alternating runs): calling ``outside_after`` and ``must_enter`` at every
tagged site costs nothing measurable compiled (within 1% on every row) and 1
to 4% in the pure-Python build (backgammon +2.1%, Caucasian +3.7%, long
nardy +2.6%, plakoto +2.0%, tavla +2.7%); calling ``landing`` in the two-dice
loops of :mod:`~nardy.engine.kernels.board_only` alone costs 2.4% on
backgammon's row compiled and 5% pure (the whole backgammon family alike).
The pure build may not lose them.
"""
