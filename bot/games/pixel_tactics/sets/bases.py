"""Base cards for League play: an Ongoing effect, a Snap effect and a point value, 8 colours of 5."""

CARDS: list = []
