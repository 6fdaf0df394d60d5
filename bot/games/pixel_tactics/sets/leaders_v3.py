"""The Leader sides of content version 3 that version 4 rebalanced (every other card is unchanged): frozen,
so games dealt with version 3 keep them."""

from __future__ import annotations

from typing import Any

#: card key -> its Leader side in content version 3
LEADERS: dict[str, dict[str, Any]] = {
    "bonewright": {
        "attack": 3,
        "life": 20,
        "text": "Your Flank Heroes have +1 Attack.",
        "abilities": [
            {"kind": "static", "mod": "attack", "who": "flank", "amount": 1},
        ],
    },
    "boatwraith": {
        "attack": 3,
        "life": 20,
        "text": "Leader action (limited): return a Corpse of yours to your hand.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "return_to_hand", "to": "target"}]},
        ],
    },
    "pyrekeeper": {
        "attack": 3,
        "life": 19,
        "text": "Leader action (limited): clear a Corpse of yours, then deal 1 damage to the rival Leader.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "damage", "amount": 1, "to": "rival_leader"}]},
        ],
    },
    "gravemoss": {
        "attack": 3,
        "life": 22,
        "text": "Leader action (free, limited): clear a Corpse of yours, then remove 1 damage from each of your Heroes.",
        "abilities": [
            {"kind": "leader_action", "cost": 0, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "heal", "amount": 1, "to": "own_heroes"}]},
        ],
    },
    "cryptmother": {
        "attack": 3,
        "life": 20,
        "text": "Leader action (long, limited): revive a Corpse of yours.",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "revive", "to": "target"}]},
        ],
    },
    "grievewarden": {
        "attack": 2,
        "life": 18,
        "text": "When a Hero of yours is defeated, deal 1 damage to the rival Leader.",
        "abilities": [
            {"kind": "reaction", "trigger": "ally_defeated", "effects": [{"op": "damage", "amount": 1, "to": "rival_leader"}]},
        ],
    },
}
