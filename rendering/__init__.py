"""Pillow rendering of Pixel Parlor images: pure functions from a game view to PNG bytes."""
