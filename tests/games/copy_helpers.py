"""Helpers for the state-copy tests: every container inside a value, and changing them all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def containers(value: Any) -> Iterator[Any]:
    """Yield every dict and list inside ``value`` (itself included)."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from containers(v)
    elif isinstance(value, list):
        yield value
        for v in value:
            yield from containers(v)


def scribble_plain(value: Any) -> None:
    """Change every plain dict (a new key) and plain list (a new item) inside ``value``."""
    for c in list(containers(value)):
        if type(c) is dict:
            c["scribbled"] = True
        elif type(c) is list:
            c.append("scribbled")
