"""nardy's games behind the interfaces of learning code, and self-play for data.

* :mod:`~nardy.agents.env` -- PettingZoo and Gymnasium environments of
  every variant (the ``rl`` extra), with their observation encodings and
  the exact step action mode;
* :mod:`~nardy.agents.openspiel` -- every variant as an OpenSpiel game (the
  ``openspiel`` extra; importing the module registers the games);
* :mod:`~nardy.agents.selfplay` -- seeded self-play games to JSON lines, on
  processes or on Ray.

Importing this package imports none of them (nor any extra).
"""
