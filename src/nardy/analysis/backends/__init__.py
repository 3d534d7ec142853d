"""The backends of :mod:`nardy.analysis`, one module each; each imports its engine only when opened."""
