"""Chase Leaders: original Leader-only cards that replace the Leader a player chose."""

CARDS: list = []
