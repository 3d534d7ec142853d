"""The variants: the base class every ruleset extends, its helpers, and the built-in ones.

* :mod:`~nardy.variants.base` -- :class:`~nardy.Variant`: class data,
  options, the hooks with their defaults, and the engine methods;
* :mod:`~nardy.variants.position_forms` -- positions given by hand (counts
  per side, pins, extra keys), read for a variant;
* :mod:`~nardy.variants.options` -- the converters and validators of
  options;
* :mod:`~nardy.variants.scoring` -- the scoring tables every variant scores
  with;
* :mod:`~nardy.variants.backgammon`, :mod:`~nardy.variants.long_nardy`,
  :mod:`~nardy.variants.tavli`, :mod:`~nardy.variants.gul_bara`,
  :mod:`~nardy.variants.gioul`, :mod:`~nardy.variants.dutch`,
  :mod:`~nardy.variants.russian`, :mod:`~nardy.variants.tapa`,
  :mod:`~nardy.variants.longgammon`, :mod:`~nardy.variants.moultezim` -- the
  built-in variants, whose rules that
  are not data are in :mod:`nardy.rules`.

Importing this package registers the built-in variants (with
:func:`~nardy.register_variant`), so that :func:`~nardy.find_variant`
knows them.
"""

from __future__ import annotations

from nardy.variants.acey_deucey import AceyDeucey
from nardy.variants.backgammon import Backgammon, Caucasian, Hypergammon, Nackgammon
from nardy.variants.dutch import Dutch
from nardy.variants.gioul import Gioul
from nardy.variants.gul_bara import GulBara
from nardy.variants.long_nardy import Kush, LongNardy
from nardy.variants.longgammon import Longgammon
from nardy.variants.moultezim import Moultezim
from nardy.variants.russian import Russian
from nardy.variants.tabula import Tabula
from nardy.variants.tapa import Tapa
from nardy.variants.tavli import Fevga, Plakoto, Portes, Tavla

__all__ = [
    "AceyDeucey",
    "Backgammon",
    "Caucasian",
    "Dutch",
    "Fevga",
    "Gioul",
    "GulBara",
    "Hypergammon",
    "Kush",
    "LongNardy",
    "Longgammon",
    "Moultezim",
    "Nackgammon",
    "Plakoto",
    "Portes",
    "Russian",
    "Tabula",
    "Tapa",
    "Tavla",
]
