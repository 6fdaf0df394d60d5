"""The second core set: 25 original dual cards (Leader, Hero, tactic)."""

CARDS: list = []
