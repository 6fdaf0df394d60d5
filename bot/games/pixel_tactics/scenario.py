"""Hand-built Pixel Tactics positions for tests: any cards in any hand, unit or reserve slot, in a few lines.

Example::

    s = build(leaders=("lorekeeper", "rageborn"), turn=0, wave="V",
              units={0: {"V0": "bladedancer"}, 1: {"V0": {"key": "stonehide", "damage": 2}}},
              hands={0: ["skyshot"]})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:V0"})

Cards are given by key; each seat uses its own copy (``"<seat>.<key>"``), so a key can appear once per
seat. Every card not placed goes to that seat's deck (``deck_top`` first, then set order), so the
invariants hold. A unit slot spec is a key or a dict ``{"key", "damage", "statuses", "fresh", "acted",
"corpse"}``; ``"L"`` specs (dict without key) adjust the Leader. A reserve spec is
``{"key", "kind": "trap"|"operation", "policy": "ask", "ready": True, "timers": 4}``.
"""

from __future__ import annotations

from typing import Any

from . import match
from .engine import PixelTacticsEngine
from .positions import RESERVE, SLOTS, parse_ref
from .state import State, entry_at, new_entry, owner
from .stats import compute

ENGINE = PixelTacticsEngine()
TURN_NO = 10  # the scenario's current turn number ("ready" Traps were placed before it)


def build(leaders: tuple[str, str] = ("lorekeeper", "rageborn"), *, units: dict[int, dict[str, Any]] | None = None,
          hands: dict[int, list[str]] | None = None, reserve: dict[int, dict[str, Any]] | None = None,
          discard: dict[int, list[str]] | None = None, deck_top: dict[int, list[str]] | None = None,
          deck: dict[int, list[str]] | None = None, turn: int = 0, wave: str = "V", round_no: int = 2,
          ceasefire: bool = False, actions: int = 2, first: int | None = None, seed: int = 7,
          trophies: int = 2, hand_bonus: dict[int, int] | None = None, limited: bool = False) -> State:
    """Return a state in the middle of ``turn``'s turn with exactly the cards given where given.

    ``ceasefire=True`` puts the game in round 1; ``deck`` (if given) is a seat's whole deck (other
    unplaced cards are then discarded)."""
    state = match.new_match(2, trophies, seed)
    state["log"] = []
    for seat in range(2):
        player = state["players"][seat]
        player.update(hand=[], discard=[], deck=[], unit={s: None for s in SLOTS}, reserve=[None] * 3,
                      hand_bonus=(hand_bonus or {}).get(seat, 0), leader_pick=None)
        used: list[str] = []

        def take(key: str, seat: int = seat, used: list[str] = used) -> str:
            card_id = f"{seat}.{key}"
            if card_id in used:
                raise ValueError(f"{card_id} is placed twice")
            used.append(card_id)
            return card_id

        player["unit"]["L"] = new_entry(take(leaders[seat]), "leader")
        for slot, spec in (units or {}).get(seat, {}).items():
            if slot == "L":
                _adjust(player["unit"]["L"], spec)
                continue
            spec = {"key": spec} if isinstance(spec, str) else dict(spec)
            entry = new_entry(take(spec["key"]), "corpse" if spec.get("corpse") else "hero")
            _adjust(entry, spec)
            player["unit"][slot] = entry
        player["hand"] = [take(k) for k in (hands or {}).get(seat, [])]
        for slot, spec in (reserve or {}).get(seat, {}).items():
            card_id = take(spec["key"])
            if spec.get("kind", "trap") == "trap":
                item = {"kind": "trap", "card": card_id, "policy": spec.get("policy", "ask"),
                        "placed_turn": TURN_NO - 1 if spec.get("ready", True) else TURN_NO}
            else:
                item = {"kind": "operation", "card": card_id, "timers": spec.get("timers", 4)}
            player["reserve"][RESERVE.index(slot)] = item
        player["discard"] = [take(k) for k in (discard or {}).get(seat, [])]
        top = [take(k) for k in (deck_top or {}).get(seat, [])]
        rest = [c for c in match.all_cards(state, seat) if c not in used]
        if deck is not None and seat in deck:
            whole = [take(k) for k in deck[seat]]
            player["deck"] = top + whole
            player["discard"] += [c for c in rest if c not in whole]
        else:
            player["deck"] = top + rest
    state.update(phase="turn", stage="act", round=1 if ceasefire else round_no, wave=wave,
                 first=turn if first is None else first, turn=turn, actions_left=actions, turn_no=TURN_NO,
                 limited=["leader_action"] if limited else [])
    return state


def _adjust(entry: dict[str, Any], spec: dict[str, Any]) -> None:
    """Apply damage/statuses/flags of a slot spec to a unit entry."""
    entry["damage"] = spec.get("damage", 0)
    entry["statuses"] = list(spec.get("statuses", []))
    entry["fresh"] = spec.get("fresh", False)
    entry["acted"] = spec.get("acted", False)


def act(state: State, seat: int, action: dict[str, Any]) -> State:
    """Apply one action through the engine (the whole contract: validation, chain, turn flow)."""
    return ENGINE.apply(state, seat, action)


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the legal actions of ``seat``."""
    return ENGINE.legal_actions(state, seat)


def at(state: State, where: str) -> dict[str, Any] | None:
    """Return the unit (or reserve) entry at ``"<seat>:<slot>"``."""
    return entry_at(state, where)


def stats(state: State, where: str) -> dict[str, Any]:
    """Return the current values (attack, life, ranged, intercept, nsa, reduce, immune) at a position."""
    return compute(state)["units"][where]


def hand_size(state: State, seat: int) -> int:
    """Return a seat's current maximum hand size."""
    return compute(state)["hand_size"][seat]


def keys(card_ids: list[str]) -> list[str]:
    """Return the keys of a list of card ids."""
    return [c.split(".", 1)[1] for c in card_ids]


def cards_of(state: State, seat: int) -> list[str]:
    """Return every card id owned by ``seat`` wherever it is (deck, hand, unit, reserve, discard, in flight,
    trophies), one entry per physical card found."""
    found = []
    for p in state["players"]:
        found += p["deck"] + p["hand"] + p["discard"]
        found += [e["card"] for e in p["unit"].values() if e is not None]
        found += [r["card"] for r in p["reserve"] if r is not None]
    found += state["in_flight"]
    found += [c for held in state["trophies"] for pair in held for c in pair]
    return sorted(c for c in found if owner(c) == seat)


def check_invariants(state: State) -> None:
    """Assert every card is in exactly one place, damage and markers are never negative."""
    for seat in range(len(state["players"])):
        assert cards_of(state, seat) == sorted(match.all_cards(state, seat)), f"cards of seat {seat} changed"
        for entry in state["players"][seat]["unit"].values():
            if entry is not None:
                assert entry["damage"] >= 0
                if entry["kind"] == "corpse":
                    assert entry["damage"] == 0 and entry["statuses"] == []
        for item in state["players"][seat]["reserve"]:
            if item is not None and item["kind"] == "operation":
                assert item["timers"] >= 0
    assert state["actions_left"] >= 0
    if state["status"] == "playing" and state["phase"] in ("turn", "trap"):
        for seat in range(len(state["players"])):
            assert state["players"][seat]["unit"]["L"] is not None


__all__ = ["act", "at", "build", "check_invariants", "hand_size", "keys", "legal", "parse_ref", "stats"]
