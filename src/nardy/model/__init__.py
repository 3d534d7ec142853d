"""The values users hold: sides and rolls, positions, plays, legal plays, results.

Everything here is an immutable value or a check of outside input; the
rules that make the values (:mod:`nardy.variants`) and the search that
finds legal plays (:mod:`nardy.engine`) live elsewhere.

* :mod:`~nardy.model.basics` -- :class:`~nardy.Side`, :class:`~nardy.Roll`,
  the ``BAR``/``OFF`` point numbers, :data:`~nardy.ALL_ROLLS`.
* :mod:`~nardy.model.position` -- :class:`~nardy.Position`; its text board
  is drawn by :mod:`~nardy.model.text_board`.
* :mod:`~nardy.model.play` -- :class:`~nardy.Step` and :class:`~nardy.Play`.
* :mod:`~nardy.model.legal` -- :class:`~nardy.LegalPlays` and
  :func:`~nardy.model.legal.find`, the one path to the engine;
  :mod:`nardy.cache` (the module ``nardy.model.cache``)
  controls its caches.
* :mod:`~nardy.model.notation` -- reading plays written in notation.
* :mod:`~nardy.model.result` -- :class:`~nardy.Result` and
  :class:`~nardy.ResultKind`.
* :mod:`~nardy.model.registry` -- variant names and specs to classes
  (a position names its variant, so the names sit here, below the variants).
* ``nardy.model.validate`` -- outside input checked before use.
"""
