"""Targets and selectors: legal choices for a target spec, conditions, and the deterministic positions
(self, forerunner, supporter, the attacker, ...) that effects act on."""

from __future__ import annotations

from typing import Any

from .modes import siege as siege_mode
from .modes import teams
from .positions import RESERVE, column_of, column_slots, forerunner, parse_ref, ref, row_of, supporter
from .state import State, ceasefire, entry_at, members, rng, seats


def condition_holds(state: State, board: dict[str, Any], target: str, cond: dict[str, Any] | None) -> bool:
    """Return whether the unit member at ``target`` meets every part of ``cond``."""
    if not cond:
        return True
    entry = entry_at(state, target)
    if entry is None:
        return False
    values = board["units"].get(target)
    for key, value in cond.items():
        if key == "damaged" and (entry["damage"] > 0) != value:
            return False
        if key == "undamaged" and (entry["damage"] == 0) != value:
            return False
        if key == "life_left_at_most" and (values is None or values["life"] - entry["damage"] > value):
            return False
        if key == "attack_at_most" and (values is None or values["attack"] > value):
            return False
        if key == "row" and row_of(target.split(":")[1]) != value:
            return False
        if key == "status" and value not in entry["statuses"]:
            return False
    return True


def candidates(state: State, board: dict[str, Any], seat: int, spec: dict[str, Any] | None,
               source: str | None = None, via: str | None = None) -> list[str]:
    """Return every legal target of ``spec`` for ``seat`` (``via`` = "spells"/"orders"/"traps" for
    immunities). Rival positions are left out during the Ceasefire. A spec with ``"column": true`` chooses a
    column through one of its members (one entry per member)."""
    if spec is None:
        return []
    side, kind = spec["side"], spec["kind"]
    foes = teams.eligible_foes(state, seat) if "teams" in state else None  # team modes: never a teammate
    out = []
    for s in seats(state):
        if (side == "own" and s != seat) or (side == "rival" and s == seat):
            continue
        if foes is not None and s != seat and s not in foes:
            continue
        if s != seat and ceasefire(state):
            continue
        kinds = {"hero": ("hero",), "member": ("hero", "leader"), "corpse": ("corpse",),
                 "leader": ("leader",)}[kind]
        for slot in members(state, s, kinds):
            target = ref(s, slot)
            if spec.get("other") and target == source:
                continue
            # a column target (``"column": true``) targets the column, not the member: immunity does not apply
            if s != seat and via and not spec.get("column") and via in board["units"].get(target, {}).get("immune", []):
                continue
            if condition_holds(state, board, target, spec.get("if")):
                out.append(target)
    return out


def ctx_seat(ctx: dict[str, Any]) -> int:
    """Return the controller of an effect."""
    return ctx["seat"]


def unit_refs(state: State, ctx: dict[str, Any], selector: str) -> list[str]:
    """Return the unit positions a selector names (entries may be empty, corpses or members)."""
    seat = ctx["seat"]
    source = ctx.get("source")
    event = ctx.get("event") or {}
    if selector == "target":
        target = ctx.get("target")
        if target is None:
            return []
        entry = entry_at(state, target)
        if entry is None or entry["card"] != ctx.get("target_card"):
            return []  # the chosen card has left that position: the effect finds nothing
        return [target]
    if selector == "self":
        return [source] if source and parse_ref(source)[1] not in RESERVE else []
    if selector in ("forerunner", "supporter"):
        if not source or parse_ref(source)[1] in RESERVE:
            return []
        s, slot = parse_ref(source)
        other = forerunner(slot) if selector == "forerunner" else supporter(slot)
        # the forerunner / supporter is the Hero or Leader directly in front / behind: never a corpse or a gap
        if other is None or state["players"][s]["unit"][other] is None:
            return []
        return [ref(s, other)] if state["players"][s]["unit"][other]["kind"] in ("hero", "leader") else []
    if selector == "event_source":
        return [event["source"]] if event.get("source") else []
    if selector == "event_target":
        return [event["target"]] if event.get("target") else []
    if selector in ("own_leader", "rival_leader") and siege_mode.on(state):
        return []  # Siege: no Leader; effects on a Leader do nothing
    if selector == "own_leader":
        return [ref(seat, "L")]
    if selector == "rival_leader":
        return [ref(r, "L") for r in teams.foe_seats(state, ctx)]
    if selector == "own_heroes":
        return [ref(seat, s) for s in members(state, seat, ("hero",))]
    if selector == "rival_heroes":
        return [ref(r, s) for r in teams.foe_seats(state, ctx) for s in members(state, r, ("hero",))]
    if selector == "target_column":
        target = ctx.get("target")
        if target is None:
            return []
        s, slot = parse_ref(target)
        return [ref(s, c) for c in column_slots(column_of(slot))]
    if selector == "random_rival_hero":
        pool = [ref(r, s) for r in teams.foe_seats(state, ctx) if not ceasefire(state)
                for s in members(state, r, ("hero",))]
        return [rng(state, "random_rival_hero").choice(pool)] if pool else []
    raise ValueError(f"unknown selector {selector}")


def reserve_refs(state: State, ctx: dict[str, Any], selector: str) -> list[str]:
    """Return the reserve positions of Operations a selector names."""
    seat = ctx["seat"]
    wanted = [seat] if selector == "own_operations" else teams.foe_seats(state, ctx)
    out = []
    for s in wanted:
        for i, item in enumerate(state["players"][s]["reserve"]):
            if item is not None and item["kind"] == "operation":
                out.append(ref(s, RESERVE[i]))
    return out


def player_seats(state: State, ctx: dict[str, Any], who: str) -> list[int]:
    """Return the seats a player selector names."""
    seat = ctx["seat"]
    if who == "you":
        return [seat]
    return teams.foe_seats(state, ctx)
