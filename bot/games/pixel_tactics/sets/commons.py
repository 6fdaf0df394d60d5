"""Commons: original Hero-only cards (no Leader side)."""

CARDS: list = []
