"""Minipak 2: 8 original dual cards."""

CARDS: list = []
