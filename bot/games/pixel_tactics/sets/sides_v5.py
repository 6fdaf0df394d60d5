"""The card sides of content version 5 that version 6 tuned (every other side and card is unchanged): frozen, so
games dealt with version 5 keep them. Unlike the earlier frozen versions (Leader sides only), a version-5 entry
may hold any of a card's sides: ``"leader"``, ``"hero"`` or ``"tactic"``."""

from __future__ import annotations

from typing import Any

_ANY_CORPSE = {"side": "any", "kind": "corpse"}

#: card key -> its sides in content version 5 that version 6 changed (side name -> the whole side)
SIDES: dict[str, dict[str, Any]] = {
    "cryptmother": {
        "leader": {
            "attack": 3,
            "life": 21,
            "text": "Leader action (long, limited): revive a Corpse of yours; it gains [-1 Life].",
            "abilities": [
                {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "own", "kind": "corpse"},
                 "effects": [{"op": "revive", "to": "target"}, {"op": "status", "status": "-1 Life", "to": "target"}]},
            ],
        },
    },
    "marrowfiend": {
        "hero": {
            "attack": 4,
            "life": 5,
            "vanguard": {"text": "Spell: Clear a Corpse; this Hero gains [+1 Attack] x2.",
                         "abilities": [{"kind": "spell", "target": _ANY_CORPSE,
                                        "effects": [{"op": "clear_corpse", "to": "target"},
                                                    {"op": "status", "status": "+1 Attack", "times": 2,
                                                     "to": "self"}]}]},
            "flank": {"text": "Takes 1 less damage from Attacks.",
                      "abilities": [{"kind": "static", "mod": "reduce", "who": "self", "amount": 1}]},
            "rear": {"text": "Forerunner has +1 Attack.",
                     "abilities": [{"kind": "static", "mod": "attack", "who": "forerunner", "amount": 1}]},
        },
    },
}
