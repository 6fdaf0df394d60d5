"""The Cube a draft deals from: the default, the checks (known cards, copies, enough cards) and card lookups."""

from __future__ import annotations

from typing import Any

from ..base import N_, BadOptions, clone
from ..pixel_tactics import pools

#: method -> (title, fewest players, most players)
METHODS: dict[str, tuple[str, int, int]] = {
    "pack": (N_("Pack Draft"), 3, 8), "epic-pack": (N_("Epic Pack Draft"), 3, 8),
    "winston": (N_("Winston Draft"), 2, 2), "purchase": (N_("Purchase Draft"), 2, 4),
}
#: method -> the refusal of a table of a size the method is not for
_NOT_FOR = {
    "pack": N_("A Pack Draft is for 3 to 8 players; this table has {players}."),
    "epic-pack": N_("An Epic Pack Draft is for 3 to 8 players; this table has {players}."),
    "winston": N_("A Winston Draft is for 2 players; this table has {players}."),
    "purchase": N_("A Purchase Draft is for 2 to 4 players; this table has {players}."),
}
#: method -> (the refusal of a Cube one card short, of a Cube several cards short)
_TOO_SMALL = {
    "pack": (N_("A Pack Draft for {players} players deals {need} cards, but the Cube holds {have}: it lacks "
                "1 card."),
             N_("A Pack Draft for {players} players deals {need} cards, but the Cube holds {have}: it lacks "
                "{lack} cards.")),
    "epic-pack": (N_("An Epic Pack Draft for {players} players deals {need} cards, but the Cube holds {have}: "
                     "it lacks 1 card."),
                  N_("An Epic Pack Draft for {players} players deals {need} cards, but the Cube holds {have}: "
                     "it lacks {lack} cards.")),
    "winston": (N_("A Winston Draft for {players} players deals {need} cards, but the Cube holds {have}: it "
                   "lacks 1 card."),
                N_("A Winston Draft for {players} players deals {need} cards, but the Cube holds {have}: it "
                   "lacks {lack} cards.")),
    "purchase": (N_("A Purchase Draft for {players} players deals {need} cards, but the Cube holds {have}: it "
                    "lacks 1 card."),
                 N_("A Purchase Draft for {players} players deals {need} cards, but the Cube holds {have}: it "
                    "lacks {lack} cards.")),
}


def default_cube() -> list[str]:
    """Return H-decks' default Cube (every playable non-promo card in up to 3 copies)."""
    cube = getattr(pools, "DEFAULT_CUBE", None)
    return list(cube) if cube else list(pools.default_pool())


def default_method(num_players: int) -> str:
    """Return the method a table without one drafts by: Winston for two players, Pack Draft otherwise."""
    return "winston" if num_players == 2 else "pack"


def needed(method: str, num_players: int) -> int:
    """Return how many Cube cards a method deals for ``num_players``."""
    return {"pack": 32 * num_players, "epic-pack": 64 * num_players, "winston": 80,
            "purchase": 29 * num_players}[method]


def checked(method: Any, cube: Any, num_players: int) -> tuple[str, list[str]]:
    """Return ``(method, cube)`` for a new draft; ``BadOptions`` for an unknown method, a player count the
    method is not for, a malformed Cube or one too small (saying how many cards it lacks)."""
    if method is None:
        method = default_method(num_players)
    if method not in METHODS:
        raise BadOptions("The draft method must be one of {methods}, not “{method}”.", methods=", ".join(METHODS),
                         method=str(method)[:30])
    _title, low, high = METHODS[method]
    if not low <= num_players <= high:
        raise BadOptions(_NOT_FOR[method], players=num_players)
    if cube is None:
        cube = default_cube()
    if not isinstance(cube, list) or not all(isinstance(k, str) for k in cube):
        raise BadOptions("The Cube must be a list of card keys.")
    refusal = pools.cube_refusal(cube)
    if refusal is not None:
        raise BadOptions(refusal[0], **refusal[1])
    need = needed(method, num_players)
    if len(cube) < need:
        lack = need - len(cube)
        raise BadOptions(_TOO_SMALL[method][lack != 1], players=num_players, need=need, have=len(cube), lack=lack)
    distinct = list(dict.fromkeys(cube))
    if method != "epic-pack" and len(distinct) >= need:
        return method, distinct  # ours: one copy of each card, so every pool makes a Standard deck
    return method, list(cube)


def is_dual(key: str) -> bool:
    """Return whether a card has a Leader side (only those may be drafted as Leaders; Commons never)."""
    return pools.kind_of(key) in ("dual", "promo")


def name(key: str) -> str:
    """Return a card's name."""
    return pools.name_of(key)


def card(key: str) -> dict[str, Any]:
    """Return a fresh copy of a card's definition with ``id`` and ``kind`` (for views and images)."""
    found = pools.card(key) or {"key": key, "name": key}
    out = clone(found)
    out["id"] = key
    out["kind"] = pools.kind_of(key) or "unknown"
    return out


def brief(key: str) -> dict[str, Any]:
    """Return a card as ``{"id", "name", "kind"}`` (pool lists)."""
    return {"id": key, "name": name(key), "kind": pools.kind_of(key) or "unknown"}

