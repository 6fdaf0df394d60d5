"""Attacks: who may attack, melee reach, Ranged, Intercept, and resolving the damage."""

from __future__ import annotations

from typing import Any

from .effects import deal_damage, fire
from .modes import siege as siege_mode
from .modes import teams
from .positions import column_of, column_slots, ref, row_of, row_slots
from .state import State, ceasefire, entry_at, log, members, name, seats
from .stats import board_of

#: the slots of each column, front first
_COLUMNS = tuple(tuple(column_slots(column)) for column in range(3))


def foremost(state: State, seat: int) -> list[str]:
    """Return the slots "in Melee" of a unit: the foremost living Hero or Leader of each column."""
    alive = set(members(state, seat))
    out = []
    for column in _COLUMNS:
        for slot in column:
            if slot in alive:
                out.append(slot)
                break
    return out


def interceptor(state: State, board: dict[str, Any], seat: int, slot: str) -> str | None:
    """Return the foremost living Interceptor in front of ``slot`` in its column, if any."""
    for other in column_slots(column_of(slot)):
        if other == slot:
            return None
        values = board["units"].get(ref(seat, other))
        if values is not None and values["intercept"]:
            return other
    return None


def attackers(state: State, seat: int) -> list[str]:
    """Return the slots of ``seat`` that may declare an Attack now (current wave, not fresh, not acted)."""
    wave = state["wave"]
    unit = state["players"][seat]["unit"]
    slots = [s for s in row_slots(wave) if s != "L"] + (["L"] if wave == "F" else [])
    out = []
    for slot in slots:
        entry = unit[slot]
        if entry is not None and entry["kind"] in ("hero", "leader") and not entry["fresh"] and not entry["acted"]:
            out.append(slot)
    return out


def attack_targets(state: State, board: dict[str, Any], seat: int, slot: str) -> list[str]:
    """Return every target the member at ``slot`` may attack (none during the Ceasefire).

    Melee reaches the foremost member of each rival column from a member that is itself foremost;
    Ranged reaches any rival member, except one behind an Interceptor (the Interceptor takes it, so
    only the Interceptor is offered)."""
    if ceasefire(state):
        return []
    ranged = board["units"][ref(seat, slot)]["ranged"]
    melee = slot in foremost(state, seat)
    out = []
    for rival in (teams.reach(state, seat) if "teams" in state else seats(state)):
        if rival == seat:
            continue
        front = foremost(state, rival)
        for target in members(state, rival):
            if melee and target in front:
                out.append(ref(rival, target))
            elif ranged and interceptor(state, board, rival, target) is None:
                out.append(ref(rival, target))
    if siege_mode.on(state):
        out.extend(siege_mode.fortress_targets(state, seat, slot))
    return out


def is_ranged_attack(state: State, seat: int, slot: str, target: str) -> bool:
    """Return whether an attack from ``slot`` at ``target`` is Ranged (the target is out of melee reach)."""
    rival, tslot = target.split(":")
    return not (slot in foremost(state, seat) and tslot in foremost(state, int(rival)))


def resolve_attack(state: State, event: dict[str, Any]) -> None:
    """Deal an Attack's damage (Attack minus reductions, never below 0), then fire reactions."""
    if siege_mode.is_fortress(event["target"]):
        return siege_mode.resolve(state, event)
    if event["cancelled"]:
        return
    attacker = entry_at(state, event["source"])
    target = entry_at(state, event["target"])
    if (attacker is None or attacker["card"] != event["source_card"] or attacker["kind"] not in ("hero", "leader")
            or target is None or target["card"] != event["target_card"] or target["kind"] not in ("hero", "leader")):
        log(state, "The attack finds no target.")
        return
    board = board_of(state)
    amount = max(0, board["units"][event["source"]]["attack"] - board["units"][event["target"]]["reduce"]
                 - event["reduce"])
    deal_damage(state, event["target"], amount, event["actor"], event["source"])
    log(state, f"{name(attacker['card'])} hits {name(target['card'])} ({event['target']}) for {amount} damage.")
    fire(state, "after_attack", [event["source"]], event)
    fire(state, "attacked", [event["target"]], event)


def describe_row(slot: str) -> str:
    """Return the row word of a slot."""
    return {"V": "Vanguard", "F": "Flank", "R": "Rear"}[row_of(slot)]
