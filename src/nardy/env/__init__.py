"""Learning-agent environments (placeholder while being written)."""
