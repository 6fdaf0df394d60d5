"""The turn's actions: the legal list, applying one, and clear refusals."""

from __future__ import annotations

from typing import Any

from ..base import N_, IllegalAction
from . import bases_play, operations
from .combat import attack_targets, attackers, is_ranged_attack
from .effects import apply_effects, draw_cards, fire, is_hostile, make_event
from .modes import duel_draft, teams
from .modes import siege as siege_mode
from .positions import HERO_SLOTS, RESERVE, ROW_NAME, parse_ref, ref, row_of, row_slots
from .state import (
    State,
    card,
    ceasefire,
    empty_slots,
    leader_side,
    log,
    name,
    new_entry,
    owner,
    seat_label,
)
from .stats import board_of, is_nsa
from .targets import candidates
from .traps import POLICIES, unmute

TURN_TYPES = ("draw", "recruit", "attack", "spell", "leader_action", "order", "move", "clear_corpse", "switch",
              "operation", "trap", "clear_reserve", "snap", "end")
COST = {"draw": 1, "recruit": 1, "attack": 1, "spell": 1, "order": 1, "move": 1, "clear_corpse": 1,
        "switch": 2, "operation": 1, "trap": 1, "clear_reserve": 1, "end": 0}


def spell_of(state: State, seat: int, slot: str) -> tuple[int, dict[str, Any]] | None:
    """Return ``(index, ability)`` of the Spell of the Hero at ``slot`` (its row power), if any."""
    entry = state["players"][seat]["unit"][slot]
    if entry is None or entry["kind"] != "hero" or is_nsa(entry):
        return None
    for i, ability in enumerate(card(entry["card"])["hero"][ROW_NAME[row_of(slot)]]["abilities"]):
        if ability["kind"] == "spell":
            return i, ability
    return None


def leader_ability(state: State, seat: int) -> dict[str, Any] | None:
    """Return the Leader action of ``seat``'s Leader, if it has one (and no [No Special Abilities])."""
    entry = state["players"][seat]["unit"]["L"]
    if entry is None or entry["kind"] != "leader" or is_nsa(entry):
        return None
    for ability in leader_side(entry)["abilities"]:
        if ability["kind"] == "leader_action":
            return ability
    return None


def _ability_targets(state: State, board: dict[str, Any], seat: int, ability: dict[str, Any], source: str | None,
                     via: str | None) -> list[str | None]:
    """Return the target choices of an active ability (``[None]`` without a target; [] if unusable now)."""
    if ceasefire(state) and is_hostile(ability):
        return []
    if ability.get("target") is None:
        return [None]
    return list(candidates(state, board, seat, ability["target"], source, via))


def leader_options(state: State, seat: int, board: dict[str, Any], left: int) -> list[dict[str, Any]]:
    """Return the legal Leader actions of ``seat`` with ``left`` actions left."""
    ability = leader_ability(state, seat)
    if ability is None or ability["cost"] > left or (ability["limited"] and "leader_action" in state["limited"]):
        return []
    out = [{"type": "leader_action", "target": t}
           for t in _ability_targets(state, board, seat, ability, ref(seat, "L"), None)]
    return teams.with_foes(state, seat, ability, out) if "teams" in state else out


def turn_actions(state: State, seat: int, only: Any = None) -> list[dict[str, Any]]:
    """Return every legal turn action of ``seat`` (empty unless it is their turn to act); with ``only``,
    just those of that type (the same actions, in the same order, as the full list filtered by type)."""
    if (state["status"] != "playing" or state["phase"] != "turn" or state["turn"] != seat
            or state["stage"] != "act" or state["window"] is not None):
        return []
    board = board_of(state)
    player = state["players"][seat]
    unit = player["unit"]
    left = state["actions_left"]
    every = only is None
    out: list[dict[str, Any]] = []
    if left >= 1:
        if (every or only == "draw") and len(player["hand"]) < board["hand_size"][seat] and player["deck"]:
            out.append({"type": "draw"})
        if duel_draft.active(state):
            out.extend(duel_draft.turn_options(state, seat, board, only))
        if every or only == "recruit":
            wave_slots = [s for s in row_slots(state["wave"])
                          if (s != "L" or siege_mode.on(state)) and unit[s] is None]
            for card_id in player["hand"]:
                out.extend([{"type": "recruit", "card": card_id, "slot": s} for s in wave_slots])
        if every or only == "attack":
            for slot in attackers(state, seat):
                found = [{"type": "attack", "by": slot, "target": t} for t in attack_targets(state, board, seat, slot)]
                out.extend(teams.mark_long(state, seat, found, left) if "teams" in state else found)
        if every or only == "spell":
            for slot in attackers(state, seat):
                found = spell_of(state, seat, slot) if slot != "L" or siege_mode.on(state) else None
                if found is not None:
                    spells = [{"type": "spell", "by": slot, "target": t}
                              for t in _ability_targets(state, board, seat, found[1], ref(seat, slot), "spells")]
                    out.extend(teams.with_foes(state, seat, found[1], spells) if "teams" in state else spells)
        if (every or only == "order") and not ceasefire(state):
            for card_id in player["hand"]:
                tactic = card(card_id)["tactic"]
                if tactic["kind"] == "order":
                    orders = [{"type": "order", "card": card_id, "target": t}
                              for t in _ability_targets(state, board, seat, tactic, None, "orders")]
                    out.extend(teams.with_foes(state, seat, tactic, orders) if "teams" in state else orders)
        if every or only == "move":
            empties = empty_slots(state, seat) + siege_mode.centre_if_empty(state, seat)
            for slot in siege_mode.hero_slots(state):
                entry = unit[slot]
                if entry is not None and entry["kind"] == "hero" and not entry["fresh"] and not entry["acted"]:
                    out.extend([{"type": "move", "from": slot, "to": e} for e in empties])
            if "teams" in state:  # team modes: Moves into and out of an ally's Unit
                out.extend(teams.ally_moves(state, seat))
        if every or only == "clear_corpse":
            out.extend({"type": "clear_corpse", "slot": s} for s in siege_mode.hero_slots(state)
                       if unit[s] is not None and unit[s]["kind"] == "corpse")
            if "teams" in state:
                out.extend(teams.ally_corpses(state, seat))
        if (every or only in ("operation", "trap")) and operations.free_reserve(state, seat) is not None:
            for card_id in player["hand"]:
                kind = card(card_id)["tactic"]["kind"]
                if kind == "operation" and not ceasefire(state) and (every or only == "operation"):
                    out.append({"type": "operation", "card": card_id})
                elif kind == "trap" and (every or only == "trap"):
                    out.extend({"type": "trap", "card": card_id, "policy": p} for p in POLICIES)
        if every or only == "clear_reserve":
            out.extend({"type": "clear_reserve", "slot": RESERVE[i]} for i, item in enumerate(player["reserve"])
                       if item is not None)
    if left >= 2 and (every or only == "switch"):
        movable = [s for s in siege_mode.hero_slots(state) if _switchable(unit[s])]
        out.extend({"type": "switch", "a": a, "b": b} for i, a in enumerate(movable) for b in movable[i + 1:])
    if every or only == "leader_action":
        out.extend(leader_options(state, seat, board, left))
    if every or only == "snap":
        out.extend(bases_play.snap_options(state, seat, board, left))
    if every or only == "end":
        out.append({"type": "end"})
    return out


def _switchable(entry: dict[str, Any] | None) -> bool:
    """Return whether a slot's content may take part in a Switch."""
    if entry is None:
        return False
    return entry["kind"] == "corpse" or (entry["kind"] == "hero" and not entry["fresh"] and not entry["acted"])


def apply_turn(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a legal turn action to ``state`` in place (the chain and turn flow run afterwards)."""
    from .turn import end_turn

    kind = action["type"]
    player = state["players"][seat]
    unit = player["unit"]
    if kind == "end":
        log(state, f"{seat_label(seat)} ends the turn.")
        end_turn(state)
        return
    if kind == "leader_action":
        ability = leader_ability(state, seat)
        state["actions_left"] -= ability["cost"]
        if ability["limited"]:
            state["limited"].append("leader_action")
        log(state, f"{seat_label(seat)} uses the Leader action of {name(unit['L']['card'])}"
            + (f" on {action['target']}." if action["target"] else "."))
        target = action["target"]
        ctx = {"seat": seat, "source": ref(seat, "L"), "target": target,
               "target_card": _card_at(state, target), "event": None, "depth": 0}
        if "foe" in action:  # team modes: the enemy its rival selectors act on
            ctx["foe"] = action["foe"]
        apply_effects(state, ctx, ability["effects"])
        return
    if kind == "snap":
        bases_play.snap(state, seat, action["target"])
        return
    if kind in duel_draft.TYPES:
        duel_draft.apply_turn(state, seat, action)
        return
    state["actions_left"] -= COST[kind] + bool(action.get("long"))  # a Long Action (King) costs 2
    if kind in ("move", "clear_corpse") and teams.is_ally_action(action):
        teams.apply_ally(state, seat, action)
    elif kind == "draw":
        draw_cards(state, seat, 1)
        log(state, f"{seat_label(seat)} draws a card.")
    elif kind == "recruit":
        player["hand"].remove(action["card"])
        entry = new_entry(action["card"], "hero")
        entry.update(fresh=True, acted=True)
        unit[action["slot"]] = entry
        where = ref(seat, action["slot"])
        log(state, f"{seat_label(seat)} recruits {name(action['card'])} to {action['slot']}.")
        event = make_event("recruit", seat, where, where, state)
        state["chain"].append(event)
        fire(state, "recruited", [where], event)
    elif kind == "attack" and siege_mode.is_fortress(action["target"]):
        siege_mode.declare(state, seat, action)
    elif kind == "attack":
        unit[action["by"]]["acted"] = True
        source = ref(seat, action["by"])
        style = "Ranged attack" if is_ranged_attack(state, seat, action["by"], action["target"]) else "melee attack"
        log(state, f"{name(unit[action['by']]['card'])} ({source}) declares a {style} on "
            f"{_name_at(state, action['target'])} ({action['target']}).")
        state["chain"].append(make_event("attack", seat, source, action["target"], state))
    elif kind == "spell":
        unit[action["by"]]["acted"] = True
        index, _ability = spell_of(state, seat, action["by"])
        source = ref(seat, action["by"])
        log(state, f"{name(unit[action['by']]['card'])} ({source}) casts a Spell"
            + (f" on {_name_at(state, action['target'])} ({action['target']})." if action["target"] else "."))
        state["chain"].append(make_event("spell", seat, source, action["target"], state,
                                         card=unit[action["by"]]["card"], power=ROW_NAME[row_of(action["by"])],
                                         index=index, **_foe(action)))
    elif kind == "order":
        player["hand"].remove(action["card"])
        state["in_flight"].append(action["card"])
        log(state, f"{seat_label(seat)} plays the Order {name(action['card'])}"
            + (f" on {action['target']}." if action["target"] else "."))
        state["chain"].append(make_event("order", seat, None, action["target"], state, card=action["card"],
                                         **_foe(action)))
    elif kind == "move":
        unit[action["to"]], unit[action["from"]] = unit[action["from"]], None
        unit[action["to"]]["acted"] = True
        log(state, f"{seat_label(seat)} moves {name(unit[action['to']]['card'])} from {action['from']} "
            f"to {action['to']}.")
    elif kind == "clear_corpse":
        entry = unit[action["slot"]]
        unit[action["slot"]] = None
        state["players"][owner(entry["card"])]["discard"].append(entry["card"])
        log(state, f"{seat_label(seat)} clears the Corpse of {name(entry['card'])} from {action['slot']}.")
    elif kind == "switch":
        a, b = action["a"], action["b"]
        unit[a], unit[b] = unit[b], unit[a]
        for slot in (a, b):
            if unit[slot]["kind"] == "hero":
                unit[slot]["acted"] = True
        log(state, f"{seat_label(seat)} switches {a} and {b}.")
    elif kind == "operation":
        operations.play(state, seat, action["card"])
    elif kind == "trap":
        index = operations.free_reserve(state, seat)
        player["hand"].remove(action["card"])
        player["reserve"][index] = {"kind": "trap", "card": action["card"], "policy": action["policy"],
                                    "placed_turn": state["turn_no"]}
        unmute(state, seat)
        log(state, f"{seat_label(seat)} places a Trap face down in {RESERVE[index]}.")
    elif kind == "clear_reserve":
        index = RESERVE.index(action["slot"])
        item = player["reserve"][index]
        player["reserve"][index] = None
        player["discard"].append(item["card"])
        what = "Trap" if item["kind"] == "trap" else "Operation"
        log(state, f"{seat_label(seat)} clears the {what} {name(item['card'])} from {action['slot']}.")


def _foe(action: dict[str, Any]) -> dict[str, Any]:
    """Return the ``foe`` an action chose, as event fields (team modes only; none otherwise)."""
    return {"foe": action["foe"]} if "foe" in action else {}


def _card_at(state: State, target: str | None) -> str | None:
    """Return the card id at a reference (None if empty or no reference)."""
    from .state import entry_at

    entry = entry_at(state, target) if target else None
    return entry["card"] if entry else None


def _name_at(state: State, target: str) -> str:
    """Return the name of the card at a reference."""
    card_id = _card_at(state, target)
    return name(card_id) if card_id else target


#: the refusal of a tactic played as another kind, by (its kind, the kind played)
_WRONG_TACTIC = {
    ("order", "operation"): N_("That card's tactic is an Order, not an Operation."),
    ("order", "trap"): N_("That card's tactic is an Order, not a Trap."),
    ("operation", "order"): N_("That card's tactic is an Operation, not an Order."),
    ("operation", "trap"): N_("That card's tactic is an Operation, not a Trap."),
    ("trap", "order"): N_("That card's tactic is a Trap, not an Order."),
    ("trap", "operation"): N_("That card's tactic is a Trap, not an Operation."),
}
#: the refusal of a recruit outside the wave's row, by wave
_RECRUIT_ROW = {"V": N_("During the Vanguard wave you can only recruit into your Vanguard row."),
                "F": N_("During the Flank wave you can only recruit into your Flank row."),
                "R": N_("During the Rear wave you can only recruit into your Rear row.")}
#: the refusal of a Hero acting outside its wave, by wave
_ACTING_ROW = {"V": N_("Only Heroes of the Vanguard row act in the Vanguard wave (the Leader in the Flank wave)."),
               "F": N_("Only Heroes of the Flank row act in the Flank wave (the Leader in the Flank wave)."),
               "R": N_("Only Heroes of the Rear row act in the Rear wave (the Leader in the Flank wave).")}


def explain(state: State, seat: int, action: Any) -> IllegalAction:
    """Return why a turn action is refused (the refusal to raise), without revealing anything hidden."""
    if siege_mode.on(state) and (refusal := siege_mode.explain(state, seat, action)):
        return refusal
    if "teams" in state and (refusal := teams.explain(state, seat, action)):
        return refusal
    if duel_draft.active(state) and isinstance(action, dict) and action.get("type") in duel_draft.TYPES:
        return duel_draft.explain(state, seat, action)
    if not isinstance(action, dict) or action.get("type") not in TURN_TYPES:
        return IllegalAction("Unknown action: choose draw, recruit, attack, spell, leader_action, order, move, "
                             "clear_corpse, switch, operation, trap, clear_reserve, snap or end.")
    kind = action["type"]
    player = state["players"][seat]
    unit = player["unit"]
    left = state["actions_left"]
    wave = state["wave"]
    if kind == "snap":
        return bases_play.refusal(state, seat, left)
    if kind == "switch" and left < 2:
        return IllegalAction("Switch is a long action: it needs two actions left.")
    if kind == "leader_action":
        ability = leader_ability(state, seat)
        if ability is None:
            return IllegalAction("Your Leader has no Leader action now.")
        if ability["limited"] and "leader_action" in state["limited"]:
            return IllegalAction("Your Leader action is limited: once per turn.")
        if ability["cost"] > left:
            return IllegalAction("You do not have enough actions left for your Leader action.")
        if ceasefire(state) and is_hostile(ability):
            return IllegalAction("No interfering with the Rival during the Ceasefire (the whole first round).")
        return IllegalAction("That target is not allowed for your Leader action.")
    if COST.get(kind, 0) > left:
        return IllegalAction("You have no actions left this turn: end your turn.")
    if kind in ("recruit", "order", "operation", "trap") and action.get("card") not in player["hand"]:
        return IllegalAction("That card is not in your hand.")
    if kind == "draw":
        if not player["deck"]:
            return IllegalAction("Your deck is empty.")
        return IllegalAction("Your hand is full (maximum {cards} cards).", cards=board_of(state)["hand_size"][seat])
    if kind == "recruit":
        slot = action.get("slot")
        if slot not in HERO_SLOTS or row_of(slot) != wave:
            return IllegalAction(_RECRUIT_ROW[wave])
        return IllegalAction("That slot is not empty.")
    if kind in ("attack", "spell"):
        if kind == "attack" and ceasefire(state):
            return IllegalAction("No Attacks during the Ceasefire (the whole first round).")
        by = action.get("by")
        entry = unit.get(by) if isinstance(by, str) else None
        if entry is None or entry["kind"] not in ("hero", "leader"):
            return IllegalAction("There is no living Hero there.")
        if by == "L" and kind == "spell":
            return IllegalAction("Leaders do not cast Spells; use the Leader action.")
        if (row_of(by) != wave and by != "L") or (by == "L" and wave != "F"):
            return IllegalAction(_ACTING_ROW[wave])
        if entry["fresh"]:
            return IllegalAction("A Hero recruited this wave cannot attack, cast or move.")
        if entry["acted"]:
            return IllegalAction("That Hero has already acted this turn.")
        if kind == "spell":
            if spell_of(state, seat, by) is None:
                return IllegalAction("That Hero has no Spell in this row.")
            if ceasefire(state):
                return IllegalAction("No Spells against the Rival during the Ceasefire (the whole first round).")
            return IllegalAction("That target is not allowed for this Spell.")
        return IllegalAction("That target is out of reach.")
    if kind in ("order", "operation") and ceasefire(state):
        return IllegalAction("No Orders or Operations during the Ceasefire (the whole first round).")
    if kind in ("order", "operation", "trap"):
        tactic = card(action["card"])["tactic"]
        if tactic["kind"] != kind:
            return IllegalAction(_WRONG_TACTIC[tactic["kind"], kind])
        if kind != "order" and operations.free_reserve(state, seat) is None:
            return IllegalAction("Your three reserve slots are full.")
        if kind == "trap":
            return IllegalAction("Choose the Trap's policy: ask, always or never.")
        return IllegalAction("That target is not allowed for this Order.")
    if kind == "move":
        entry = unit.get(action.get("from")) if isinstance(action.get("from"), str) else None
        if entry is None or entry["kind"] != "hero" or action.get("from") == "L":
            return IllegalAction("Only a living Hero can move (Leaders never move).")
        if entry["fresh"]:
            return IllegalAction("A Hero recruited this wave cannot attack, cast or move.")
        if entry["acted"]:
            return IllegalAction("That Hero has already acted this turn.")
        return IllegalAction("Heroes can only move into an empty slot.")
    if kind == "clear_corpse":
        return IllegalAction("There is no Corpse there.")
    if kind == "switch":
        return IllegalAction("Switch two of your Heroes or Corpses that have not acted (nor been recruited) this "
                             "turn.")
    if kind == "clear_reserve":
        return IllegalAction("That reserve slot is empty.")
    return IllegalAction("That action is not legal now.")


__all__ = ["apply_turn", "explain", "leader_options", "parse_ref", "turn_actions"]
