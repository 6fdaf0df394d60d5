"""Immutable dicts and lists: parts of a state that successive states share instead of copying.

A ``FrozenDict``/``FrozenList`` is a ``dict``/``list`` (it compares equal to, and serialises to JSON
exactly like, the plain value) whose every mutating method raises ``TypeError``. Since nobody can change
it, two states may hold the same one: a state returned by the engine shares no *mutable* container with
the state it came from. Rules replace a frozen part with a new one instead of changing it.
"""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    """Refuse a change to a shared, immutable part of a state."""
    raise TypeError(f"this {type(self).__name__} is shared between game states and cannot change")


class FrozenDict(dict):
    """A dict that cannot change (equal to the plain dict with the same items)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> FrozenDict:
        """Return self: an immutable value needs no copy."""
        return self

    def __deepcopy__(self, memo: dict) -> FrozenDict:
        """Return self: an immutable value needs no copy."""
        return self

    def __reduce__(self) -> tuple:
        """Pickle as the class and its items (the default would set items one by one)."""
        return type(self), (dict(self),)


class FrozenList(list):
    """A list that cannot change (equal to the plain list with the same items)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> FrozenList:
        """Return self: an immutable value needs no copy."""
        return self

    def __deepcopy__(self, memo: dict) -> FrozenList:
        """Return self: an immutable value needs no copy."""
        return self

    def __reduce__(self) -> tuple:
        """Pickle as the class and its items (the default would append them one by one)."""
        return type(self), (list(self),)


def freeze(value: Any) -> Any:
    """Return ``value`` (plain JSON) as nested frozen containers; frozen parts are kept as they are."""
    kind = type(value)
    if kind is FrozenDict or kind is FrozenList:
        return value
    if isinstance(value, dict):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList([freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """Return a plain deep copy of ``value`` (frozen or not): fresh dicts and lists only."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [thaw(v) for v in value]
    return value
