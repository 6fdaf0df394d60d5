"""Pixel Tactics playout policies: ``random`` (any legal action) and ``heuristic`` (stronger), used by the computer
players' playouts and by the balance runs (``benchmarks/pt_balance.py``).

Both choose a Leader uniformly from the cards offered, so that every Leader is measured as often as it is dealt.
The heuristic scores each legal action from the public board without looking ahead. Attacks and powers share one
scale: an attack is the damage it deals (kills and the Leader above chip damage); a Spell, Leader action or Order
adds up what each of its effects does to the side its selector names (yours or the rival's): damage and defeat,
healing only the damage there is, statuses by their sign and side, reviving and clearing Corpses, returning a
damaged Hero, draws and discards, extra actions, and self-costs as losses; a long Leader action pays for the
turn's second action. It also fills the current wave, draws when short and rarely wanders (moves, switches). It
beats ``random`` in nearly every game.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.pixel_tactics.positions import SLOTS, column_of, column_slots, row_of
from bot.games.pixel_tactics.state import card, leader_side, rival
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
    entry = state["players"][int(seat)]["unit"].get(slot)
    return entry["damage"] if entry else 0


_OWN = ("self", "forerunner", "supporter", "own_leader", "own_heroes", "own_operations")
_RIVAL = ("rival_leader", "rival_heroes", "random_rival_hero", "rival_operations")
POSITIVE = ("+1 Attack", "+1 Life", "Intercept", "Ranged")


def _attack_score(state: dict, board: dict, seat: int, action: Action) -> float:
    """Score an attack as the damage it deals (the same scale as a power's): lethal hits first, the Leader above
    Heroes, kills above chip damage."""
    power, _ = _unit_value(board, f"{seat}:{action['by']}")
    return 4.5 + _hurt(state, board, seat, [action["target"]], power)


def _effects_of(state: dict, seat: int, action: Action) -> list[dict]:
    """Return the effects an active action would apply (best effort; [] when unknown); a Leader action adds a
    pseudo-effect ``{"op": "spend", "count": <its cost in actions>}``."""
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
            return [e for a in leader["abilities"] for e in a.get("effects", [])] + [
                {"op": "spend", "count": a["cost"]} for a in leader["abilities"] if a["kind"] == "leader_action"]
    except (KeyError, TypeError):
        return []
    return []


def _entry(state: dict, where: str | None) -> dict | None:
    """Return the unit entry at ``"<seat>:<slot>"`` (None if empty, absent or not a unit slot)."""
    if not where or ":" not in where:
        return None
    seat, slot = where.split(":")
    return state["players"][int(seat)]["unit"].get(slot)


def _units(state: dict, seat: int, selector: str, target: str | None,
           by: str | None = None) -> tuple[str | None, list[str]]:
    """Return the side (``"own"``, ``"rival"`` or None when unknown) an effect's selector names, and the
    references of the living units it reaches (best effort)."""
    foe = rival(state, seat)
    if selector in ("target", "target_column"):
        if not target or ":" not in target:
            return None, []
        owner, slot = target.split(":")
        side = "own" if owner == str(seat) else "rival"
        if selector == "target_column" and slot in SLOTS:
            units = state["players"][int(owner)]["unit"]
            return side, [f"{owner}:{s}" for s in column_slots(column_of(slot)) if units.get(s)]
        return side, [target]
    if selector == "self" and by is not None:
        return "own", [f"{seat}:{by}"]
    if selector in _OWN:
        side, owner = "own", seat
    elif selector in _RIVAL:
        side, owner = "rival", foe
    else:
        return None, []
    units = state["players"][owner]["unit"]
    if selector.endswith("leader"):
        return side, [f"{owner}:L"]
    if selector.endswith("heroes"):
        return side, [f"{owner}:{s}" for s, e in units.items() if e and s != "L" and e["kind"] == "hero"]
    if selector == "random_rival_hero":
        heroes = [f"{owner}:{s}" for s, e in units.items() if e and s != "L" and e["kind"] == "hero"]
        return side, heroes[:1]
    return side, []


def _hurt(state: dict, board: dict, seat: int, units: list[str], amount: int) -> float:
    """Value of ``amount`` damage to each rival unit: more for the Leader, a bonus for each kill."""
    value = 0.0
    for where in units:
        _, life = _unit_value(board, where)
        left = life - _damage_at(state, where)
        if where.endswith(":L"):
            value += 1.5 * amount + (25.0 if amount >= left > 0 else 0.0)
        else:
            value += 1.2 * min(amount, max(left, 1)) + (4.0 if amount >= left > 0 else 0.0)
    return value


def _status_value(state: dict, side: str, units: list[str], status: str, times: int) -> float:
    """Value of a status placed on units: good ones on yours, bad ones on the rival's."""
    if status == "No Special Abilities":
        each = -1.5 if side == "own" else 3.5
    else:
        weight = 1.8 if status == "+1 Attack" else 1.3
        each = (weight if status in POSITIVE else -1.3) * (1 if side == "own" else -1) * times
    return each * max(len(units), 1)


def _removed_value(state: dict, side: str, units: list[str], status: str) -> float:
    """Value of removing a status (``"all"``: every status) from units: bad ones of yours, good ones of theirs."""
    value = 0.0
    for where in units:
        entry = _entry(state, where)
        statuses = entry.get("statuses", []) if entry else []
        gone = statuses if status == "all" else [s for s in statuses if s == status][:1]
        for s in gone:
            good = s in POSITIVE
            value += 1.3 if good != (side == "own") else -1.3
    return value


def _effect_value(state: dict, board: dict, seat: int, effect: dict, target: str | None,
                  by: str | None = None) -> float:
    """Return how much one effect helps the acting seat (negative: a cost it pays); ``by`` is the casting
    Hero's slot (what "self" names)."""
    op = effect["op"]
    if op == "spend":  # a long Leader action costs the second action of the turn too
        return -3.5 * max(effect["count"] - 1, 0)
    if "who" in effect:
        mine = effect["who"] == "you"
        hand = len(state["players"][seat if mine else rival(state, seat)]["hand"])
        amount = effect.get("count", effect.get("amount", 1))
        if op == "draw":
            return (1.6 if hand <= 3 else 0.9) * amount if mine else -0.9 * amount
        if op == "discard":
            return -1.0 * min(amount, hand) if mine else 1.4 * min(amount, hand)
        if op == "hand_size":
            return amount if mine else -amount
        return 0.5
    selector = effect.get("to") or effect.get("a") or "target"
    side, units = _units(state, seat, selector, target, by)
    if side is None:
        return 0.5
    own = side == "own"
    if op == "damage":
        amount = effect["amount"]
        return -0.6 * amount * max(len(units), 1) if own else _hurt(state, board, seat, units, amount)
    if op == "defeat":
        return -4.0 if own else 6.0 + sum(_unit_value(board, w)[0] * 0.5 for w in units)
    if op == "heal":
        healed = sum(min(effect["amount"], _damage_at(state, w)) for w in units)
        return 1.4 * healed if own else -0.6 * healed
    if op == "status":
        return _status_value(state, side, units, effect["status"], effect.get("times", 1))
    if op == "remove_status":
        return _removed_value(state, side, units, effect["status"])
    if op == "revive":
        entry = _entry(state, target)
        hero = card(entry["card"])["hero"] if entry else {"attack": 2, "life": 4}
        value = 4.0 + 0.3 * (hero["attack"] + hero["life"])
        return value if own else -value
    if op == "clear_corpse":
        return 1.0 if own else 0.8
    if op == "return_to_hand":
        entry = _entry(state, target)
        if own:
            if entry is None:
                return 0.5
            return 3.0 if entry["kind"] == "corpse" else -1.0 + 0.9 * entry["damage"]
        return 3.0 + (0.3 * _unit_value(board, target)[0] if entry else 0.0)
    if op == "extra_action":
        return 2.5 * effect["count"]
    if op == "swap":
        return 1.0 + sum(_damage_at(state, w) for w in units if w.startswith(f"{seat}:"))
    if op == "timers":
        return 0.6 * effect["amount"] * (1 if own else -1)
    return 0.8  # cancel, reduce, redirect: situational


def _power_score(state: dict, board: dict, seat: int, action: Action, effects: list[dict]) -> float:
    """Score a Spell, Leader action or Order by what each effect does to the side its selector names."""
    target = action.get("target")
    value = sum(_effect_value(state, board, seat, e, target, action.get("by")) for e in effects)
    return 4.0 + value - (0.8 if action["type"] == "order" else 0.0)


def _recruit_score(state: dict, seat: int, action: Action) -> float:
    """Score a recruit: stronger Heroes first, sturdy ones in the Vanguard."""
    hero = card(action["card"])["hero"]
    score = 5.0 + hero["attack"] * 0.4 + hero["life"] * 0.3
    if action["slot"].startswith("V"):
        score += hero["life"] * 0.2
    return score


#: the score of each kind of action that scores the same whatever the board
_FIXED = {"operation": 3.5, "trap": 3.0, "promo_draw": 1.0, "move": 0.1, "switch": 0.1, "clear_reserve": 0.1,
          "snap": 2.0}


def heuristic_score(state: dict, board: dict, seat: int, action: Action) -> float:
    """Return how much the heuristic likes a legal action (higher is better)."""
    kind = action["type"]
    fixed = _FIXED.get(kind)
    if fixed is not None:
        return fixed
    if kind == "attack":
        return _attack_score(state, board, seat, action)
    if kind in ("spell", "leader_action", "order"):
        return _power_score(state, board, seat, action, _effects_of(state, seat, action))
    if kind == "recruit":
        return _recruit_score(state, seat, action)
    hand = len(state["players"][seat]["hand"])
    if kind == "draw":
        return 4.8 if hand <= 2 else 2.5 if hand <= 3 else 1.2
    if kind == "clear_corpse":
        return 2.0 if hand else 0.3
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
