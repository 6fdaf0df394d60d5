"""The Promo deck: original dual cards drawn with the Promo Draw action (green backs)."""

CARDS: list = []
