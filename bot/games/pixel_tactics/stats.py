"""Current values of every living Hero and Leader: base stats, statuses and active static abilities."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .modes import siege as siege_mode
from .modes import teams
from .positions import RESERVE, ROW_NAME, SLOTS, forerunner, ref, row_of, supporter
from .state import State, card, ceasefire, leader_side, members, seats
from .statuses import NSA, attack_bonus, life_bonus

HAND_SIZE = 5
#: boards already computed, keyed on everything ``compute`` reads (see ``board_key``)
_BOARDS: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
_BOARDS_MAX = 64


def is_nsa(entry: dict[str, Any]) -> bool:
    """Return whether a unit entry carries [No Special Abilities]."""
    return NSA in entry["statuses"]


def member_abilities(state: State, seat: int, slot: str) -> list[dict[str, Any]]:
    """Return the abilities a living Hero or Leader currently has (its row power; none under NSA)."""
    entry = state["players"][seat]["unit"][slot]
    if entry is None or entry["kind"] not in ("hero", "leader") or is_nsa(entry):
        return []
    if entry["kind"] == "leader":
        return leader_side(entry)["abilities"]
    return card(entry["card"])["hero"][ROW_NAME[row_of(slot)]]["abilities"]


def base_abilities(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Ongoing abilities of ``seat``'s League Base (they act as its Leader's, even under [No Special
    Abilities]: the Base is out of play); none without a Base or once it is snapped."""
    if not state.get("bases"):
        return []
    from .bases_play import ongoing  # bases_play applies effects, which read this module

    return ongoing(state, seat)


def sources(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """Return ``(source ref, ability)`` for every active ability of ``seat`` (unit, then Operations); a League
    Base's Ongoing abilities count as the Leader's."""
    out = []
    for slot in members(state, seat):
        out.extend((ref(seat, slot), a) for a in member_abilities(state, seat, slot))
        if slot == "L":
            out.extend((ref(seat, slot), a) for a in base_abilities(state, seat))
    for i, item in enumerate(state["players"][seat]["reserve"]):
        if item is not None and item["kind"] == "operation":
            out.extend((ref(seat, RESERVE[i]), a) for a in card(item["card"])["tactic"]["abilities"])
    return out


def static_targets(state: State, seat: int, source_slot: str, who: str) -> list[str]:
    """Return the refs a static ability of ``seat`` applies to (living members only)."""
    return _targets(state, seat, source_slot, who, members(state, seat))


def _targets(state: State, seat: int, source_slot: str, who: str, living: list[str]) -> list[str]:
    """Return ``static_targets`` given ``living``, the slots of ``seat``'s living members in slot order."""
    alive = set(living)
    heroes = [s for s in living if state["players"][seat]["unit"][s]["kind"] == "hero"]
    if who == "self":
        slots = [source_slot] if source_slot in alive else []
    elif who in ("forerunner", "supporter"):
        if source_slot in RESERVE:
            return []
        other = forerunner(source_slot) if who == "forerunner" else supporter(source_slot)
        slots = [other] if other in alive else []
    elif who == "unit":
        slots = sorted(alive)
    elif who == "heroes":
        slots = heroes
    elif who in ("vanguard", "flank", "rear"):
        slots = [s for s in heroes if row_of(s) == who[0].upper()]
    elif who == "leader":
        slots = ["L"] if "L" in alive and not siege_mode.on(state) else []  # Siege: no Leader
    elif who == "rival_heroes":
        if ceasefire(state):
            return []
        return [ref(r, s) for r in teams.eligible_foes(state, seat) for s in members(state, r, ("hero",))]
    else:
        slots = []
    return [ref(seat, s) for s in slots]


def _statics(state: State, seat: int, living: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """Return ``(source slot, ability)`` for the static abilities among ``sources(state, seat)``, in its order
    (``living``: the slots of ``seat``'s living members)."""
    out = []
    for slot in living:
        out.extend((slot, a) for a in member_abilities(state, seat, slot) if a["kind"] == "static")
        if slot == "L":
            out.extend((slot, a) for a in base_abilities(state, seat) if a["kind"] == "static")
    for i, item in enumerate(state["players"][seat]["reserve"]):
        if item is not None and item["kind"] == "operation":
            out.extend((RESERVE[i], a) for a in card(item["card"])["tactic"]["abilities"] if a["kind"] == "static")
    return out


def compute(state: State) -> dict[str, Any]:
    """Return ``{"units": {ref: values}, "hand_size": [n per seat]}`` for the current state."""
    units: dict[str, dict[str, Any]] = {}
    living = [members(state, seat) for seat in seats(state)]
    for seat in seats(state):
        for slot in living[seat]:
            entry = state["players"][seat]["unit"][slot]
            side = leader_side(entry) if entry["kind"] == "leader" else card(entry["card"])["hero"]
            st = entry["statuses"]
            units[ref(seat, slot)] = {
                "attack": side["attack"] + attack_bonus(st), "life": side["life"] + life_bonus(st),
                "ranged": "Ranged" in st, "intercept": "Intercept" in st, "nsa": NSA in st,
                "reduce": 0, "immune": [],
            }
    hand = [HAND_SIZE + p.get("hand_bonus", 0) for p in state["players"]]
    for seat in seats(state):
        for source_slot, ability in _statics(state, seat, living[seat]):
            mod = ability["mod"]
            if mod == "hand_size":
                targets = [seat] if ability["who"] == "you" else (
                    [] if ceasefire(state) else teams.eligible_foes(state, seat))
                for t in targets:
                    hand[t] += ability["amount"]
                continue
            for target in _targets(state, seat, source_slot, ability["who"], living[seat]):
                values = units[target]
                if mod == "attack":
                    values["attack"] += ability["amount"]
                elif mod == "life":
                    values["life"] += ability["amount"]
                elif mod == "reduce":
                    values["reduce"] += ability["amount"]
                elif mod == "keyword":
                    values[ability["keyword"]] = True
                elif mod == "immune" and ability["to"] not in values["immune"]:
                    values["immune"].append(ability["to"])
    for values in units.values():
        values["attack"] = max(0, values["attack"])
    return {"units": units, "hand_size": [max(0, h) for h in hand]}


def board_key(state: State) -> tuple:
    """Return an immutable key of everything ``compute`` reads: the Ceasefire, and per seat the hand bonus,
    each unit slot's card, kind and statuses, and the Operations in reserve; the League Bases and whether
    they are snapped."""
    key: list[Any] = [ceasefire(state)]
    if "king" in state:  # King: eliminated seats change who reaches whom
        key.append(tuple(state["king"]["eliminated"]))
    key.extend((b["key"], b["snapped"]) if b else None for b in state.get("bases") or ())
    for player in state["players"]:
        unit = player["unit"]
        key.append(player.get("hand_bonus", 0))
        key.extend([None if (e := unit[slot]) is None else (e["card"], e["kind"], e.get("chase"), *e["statuses"])
                    for slot in SLOTS])
        key.extend([i["card"] if i is not None and i["kind"] == "operation" else None for i in player["reserve"]])
    return tuple(key)


def board_of(state: State) -> dict[str, Any]:
    """Return ``compute(state)`` from a cache keyed on the content it depends on: one computation per
    distinct board, however many times a step asks. The result is shared: read it, never change it."""
    key = board_key(state)
    found = _BOARDS.get(key)
    if found is None:
        if len(_BOARDS) >= _BOARDS_MAX:
            _BOARDS.popitem(last=False)  # the oldest: a few dicts freed at a time, never a burst
        found = _BOARDS[key] = compute(state)
    return found
