"""Minipak 1: 8 original dual cards."""

CARDS: list = []
