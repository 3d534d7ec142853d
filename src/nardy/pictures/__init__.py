"""Pictures: positions, games and matches drawn for people.

* :mod:`~nardy.pictures.svg` -- a board of any variant as an SVG picture,
  with the dice, the cube, a play's arrows and the score
  (:func:`~nardy.pictures.svg.board`, :func:`~nardy.pictures.svg.game`,
  :func:`~nardy.pictures.svg.match`); Jupyter shows positions, games and
  matches with it;
* :mod:`~nardy.pictures.viewer` -- a game or match record as one
  self-contained HTML page that steps through it.

Both use the standard library only. Importing this package imports
neither. (The text board of ``str(position)`` is a value's own drawing:
:mod:`nardy.model.text_board`.)
"""
