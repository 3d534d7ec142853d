"""Shared pytest configuration: Hypothesis profiles.

Pick one with the environment variable ``HYPOTHESIS_PROFILE``:

``dev``       (default) quick, for the edit-test loop.
``ci``        more examples; the default when ``CI`` is set and no profile
              is named.
``thorough``  many more examples, for a long run before a release or after
              touching the move generator.

No profile has a deadline: the slow reference generator takes up to a
second on a double, and shared machines have noisy timing.

The seeded sweeps (reference agreement, gnubg differential) do not depend on
the profile: they always check the same positions.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Building a position by random self-play calls the move generator many
# times, so data generation is legitimately slow for some examples.
_SLOW_DATA = [HealthCheck.too_slow]

settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
    suppress_health_check=_SLOW_DATA,
)
settings.register_profile(
    "ci",
    max_examples=80,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_DATA,
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_DATA,
)


def _profile() -> str:
    name = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if name:
        return name
    return "ci" if os.environ.get("CI") else "dev"


settings.load_profile(_profile())
