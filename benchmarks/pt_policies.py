"""Pixel Tactics playout policies for balance runs: ``random`` (any legal action) and ``heuristic`` (stronger).

Both choose a Leader uniformly from the cards offered, so that every Leader is measured as often as it is dealt.
The heuristic scores each legal action from the public board without looking ahead: it attacks what it can
kill (the rival Leader first), casts Spells and tactics on targets that matter, fills the current wave, draws
when short, and never wanders (moves and switches only rarely). It beats ``random`` in nearly every game.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.pixel_tactics.positions import row_of
from bot.games.pixel_tactics.state import card, leader_side
from bot.games.pixel_tactics.stats import board_of

Action = dict[str, Any]


def random_policy(state: dict, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Return any legal action, uniformly."""
    return rng.choice(legal)


def _unit_value(board: dict, where: str) -> tuple[int, int]:
    """Return (attack, life left) of the member at ``where`` (0, 0 if none)."""
    values = board["units"].get(where)
    if values is None:
        return 0, 0
    return values["attack"], values["life"]


def _damage_at(state: dict, where: str) -> int:
    """Return the damage on the member at a reference ``"<seat>:<slot>"``."""
    seat, slot = where.split(":")
    entry = state["players"][int(seat)]["unit"][slot]
    return entry["damage"] if entry else 0


_OWN = ("self", "forerunner", "supporter", "own_leader", "own_heroes", "event_source")


def _hostile(effects: list[dict]) -> bool:
    """Return whether a list of effects hurts the rival (damage, defeat, discard, cancel); a cost paid by your
    own side (damage to your Leader, your own discard) does not make a power hostile."""
    return any(e["op"] in ("damage", "defeat", "discard", "cancel", "return_to_hand") and e.get("who") != "you"
               and e.get("to") not in _OWN for e in effects)


def _attack_score(state: dict, board: dict, seat: int, action: Action) -> float:
    """Score an attack: lethal hits first, the Leader above Heroes, bigger hits above smaller."""
    attacker = f"{seat}:{action['by']}"
    power, _ = _unit_value(board, attacker)
    target = action["target"]
    _, life = _unit_value(board, target)
    left = life - _damage_at(state, target)
    score = 6.0 + power * 0.5
    if target.endswith(":L"):
        score += 4.0 + (20.0 if power >= left else 0.0)
    elif power >= left > 0:
        score += 5.0
    return score


def _effects_of(state: dict, seat: int, action: Action) -> list[dict]:
    """Return the effects an active action would apply (best effort; [] when unknown)."""
    kind = action["type"]
    try:
        if kind in ("order", "operation", "trap"):
            tactic = card(action["card"])["tactic"]
            return tactic.get("effects") or []
        if kind == "spell":
            entry = state["players"][seat]["unit"][action["by"]]
            row = {"V": "vanguard", "F": "flank", "R": "rear"}[row_of(action["by"])]
            return [e for a in card(entry["card"])["hero"][row]["abilities"] for e in a.get("effects", [])]
        if kind == "leader_action":
            entry = state["players"][seat]["unit"]["L"]
            leader = leader_side(entry)
            return [e for a in leader["abilities"] for e in a.get("effects", [])]
    except (KeyError, TypeError):
        return []
    return []


NEGATIVE = ("-1 Attack", "-1 Life", "No Special Abilities")


def _entry(state: dict, where: str) -> dict | None:
    """Return the unit entry at ``"<seat>:<slot>"`` (None if empty or not a unit slot)."""
    seat, slot = where.split(":")
    return state["players"][int(seat)]["unit"].get(slot)


def _power_score(state: dict, seat: int, action: Action, effects: list[dict], hand: int) -> float:
    """Score a Spell, Leader action or Order by what its effects do to its target."""
    target = action.get("target")
    if target is not None:
        mine = target.startswith(f"{seat}:")
    else:  # no target: whose units the effects name
        mine = not any(str(e.get("to", "")).startswith("rival") or e.get("who") == "rival" for e in effects)
    entry = _entry(state, target) if target and ":" in target and not target.split(":")[1].startswith("X") else None
    ops = {e["op"] for e in effects}
    if "return_to_hand" in ops:
        if entry is not None and (entry["kind"] == "corpse" or entry["damage"] >= 2):
            return 5.0 if mine else 0.5
        return 5.5 if entry is not None and not mine else 0.3
    if ops & {"defeat"}:
        return 7.0 if not mine else -1.0
    if _hostile(effects):
        return (5.5 + sum(e.get("amount", 0) for e in effects if e["op"] == "damage") * 0.3) if not mine else -1.0
    if "status" in ops:
        negative = any(e.get("status") in NEGATIVE for e in effects if e["op"] == "status")
        nsa = any(e.get("status") == "No Special Abilities" for e in effects)
        return 6.0 + 2.0 * nsa if negative != mine else 0.2
    if "heal" in ops and target is not None:
        amount = max((e.get("amount", 0) for e in effects if e["op"] == "heal"), default=0)
        healed = min(amount, entry.get("damage", 0)) if entry is not None else 0
        if healed:
            return 3.0 + 1.5 * healed
        if "remove_status" not in ops:
            return 0.2
    if "remove_status" in ops:
        return 5.0 if entry is not None and entry.get("statuses") else 0.2
    if "draw" in ops:
        return 4.5 if hand <= 3 else 2.0
    return 4.5


def _recruit_score(state: dict, seat: int, action: Action) -> float:
    """Score a recruit: stronger Heroes first, sturdy ones in the Vanguard."""
    hero = card(action["card"])["hero"]
    score = 5.0 + hero["attack"] * 0.4 + hero["life"] * 0.3
    if action["slot"].startswith("V"):
        score += hero["life"] * 0.2
    return score


def heuristic_score(state: dict, board: dict, seat: int, action: Action) -> float:
    """Return how much the heuristic likes a legal action (higher is better)."""
    kind = action["type"]
    hand = len(state["players"][seat]["hand"])
    if kind == "attack":
        return _attack_score(state, board, seat, action)
    if kind in ("spell", "leader_action", "order"):
        return _power_score(state, seat, action, _effects_of(state, seat, action), hand)
    if kind == "recruit":
        return _recruit_score(state, seat, action)
    if kind == "draw":
        return 4.8 if hand <= 2 else 2.5 if hand <= 3 else 1.2
    if kind in ("operation", "trap"):
        return 3.5 if kind == "operation" else 3.0
    if kind == "promo_draw":
        return 1.0
    if kind == "clear_corpse":
        return 2.0 if hand else 0.3
    if kind in ("move", "switch", "clear_reserve"):
        return 0.1
    if kind == "snap":
        return 2.0
    return 0.0  # end


def heuristic_policy(state: dict, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Return the best-scoring legal action (ties and near-ties broken by a little noise)."""
    first = legal[0]["type"]
    if first in ("leader", "chase", "deck_leader"):
        return rng.choice(legal)
    if first in ("activate", "decline"):
        active = [a for a in legal if a["type"] == "activate"]
        return rng.choice(active) if active else legal[-1]
    if first == "trap" and all(a["type"] == "trap" for a in legal):
        return rng.choice(legal)
    board = board_of(state)
    best, best_score = legal[-1], float("-inf")
    for action in legal:
        if action["type"] == "trap" and action.get("policy") != "always":
            continue
        score = heuristic_score(state, board, seat, action) + rng.random() * 0.6
        if score > best_score:
            best, best_score = action, score
    return best


POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
