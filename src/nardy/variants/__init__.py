"""The built-in variants (importing this package registers them)."""

from __future__ import annotations

from nardy.variants.backgammon import Backgammon, Caucasian, Hypergammon, Nackgammon
from nardy.variants.long_nardy import Kush, LongNardy
from nardy.variants.tavli import Fevga, Plakoto, Portes, Tavla

__all__ = [
    "Backgammon",
    "Caucasian",
    "Fevga",
    "Hypergammon",
    "Kush",
    "LongNardy",
    "Nackgammon",
    "Plakoto",
    "Portes",
    "Tavla",
]
