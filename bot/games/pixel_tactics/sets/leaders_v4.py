"""The Leader sides of content version 4 that version 5 tuned (every other card is unchanged): frozen, so
games dealt with version 4 keep them."""

from __future__ import annotations

from typing import Any

#: card key -> its Leader side in content version 4
LEADERS: dict[str, dict[str, Any]] = {
    "pyrekeeper": {
        "attack": 3,
        "life": 20,
        "text": "Leader action (limited): clear a Corpse of yours, then deal 1 damage to the rival Leader.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "damage", "amount": 1, "to": "rival_leader"}]},
        ],
    },
    "marrowfiend": {
        "attack": 2,
        "life": 18,
        "text": "Leader action (free, limited): clear a Corpse of yours; your Leader gains [+1 Attack].",
        "abilities": [
            {"kind": "leader_action", "cost": 0, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "status", "status": "+1 Attack", "to": "own_leader"}]},
        ],
    },
    "hexfencer": {
        "attack": 4,
        "life": 17,
        "text": "After your Leader attacks, the target gains [-1 Attack].",
        "abilities": [
            {"kind": "reaction", "trigger": "after_attack", "effects": [{"op": "status", "status": "-1 Attack", "to": "event_target"}]},
        ],
    },
}
