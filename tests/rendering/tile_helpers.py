"""Shared by the tile-cache tests: draw an image with every cached tile and part drawn anew."""

from __future__ import annotations

from collections.abc import Callable

from rendering import tiles


def fresh(job: Callable[[], bytes]) -> bytes:
    """Return ``job()`` rendered with the tile caches off (every tile and part drawn anew)."""
    tiles.CACHING = False
    try:
        return job()
    finally:
        tiles.CACHING = True
