"""The native core's writers of text: ``nardy legal``'s answer line and the plays' notation.

Each is checked equal to the Python rule it stands for (``plays_text`` and
``write_code``), which the pure build runs, on the plays of seeded random
games of every game whose states have no extra fields.
"""

from __future__ import annotations

import json
import random

import pytest

import nardy
from nardy.cli.legal_text import TextPieces, answer_text, plays_text

# The games whose states have no extra fields (the native answer writer's).
SPECS = ["backgammon", "hypergammon", "caucasian", "long-nardy", "kush", "tavla", "fevga"]

pytestmark = pytest.mark.skipif(not nardy.native, reason="the native core's writers")


@pytest.mark.parametrize("spec", SPECS)
def test_the_native_answer_is_the_python_answer(spec: str) -> None:
    variant = nardy.find_variant(spec)
    pieces = TextPieces(extras=(), after=', "pool": [0, 0]' if spec == "tavla" else "")
    rng = random.Random(7)
    position = variant.starting_position()
    answered = 0
    while answered < 300:
        if position.is_over():
            position = variant.starting_position()
        legal = position.legal_plays(variant.random_roll(rng))
        text = answer_text(legal, pieces)
        keys = legal.raw_results()
        assert text == plays_text(legal.notations(), keys, len(position.packed), pieces)
        assert json.loads(text)["plays"][0]["play"] == legal.notations()[0]
        answered += 1
        position = legal.resulting_position(rng.randrange(len(legal)))
