"""The Leader sides of content version 2 that version 3 rebalanced (every other card is unchanged): frozen,
so games dealt with version 2 keep them."""

from __future__ import annotations

from typing import Any

#: card key -> its Leader side in content version 2
LEADERS: dict[str, dict[str, Any]] = {
    "lorekeeper": {
        "attack": 3,
        "life": 20,
        "text": "Your maximum hand size is 2 larger (7).",
        "abilities": [
            {"kind": "static", "mod": "hand_size", "who": "you", "amount": 2},
        ],
    },
    "nightblade": {
        "attack": 4,
        "life": 17,
        "text": "Leader action (long, limited): defeat a rival Hero with 2 or less Life left.",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "rival", "kind": "hero", "if": {"life_left_at_most": 2}}, "effects": [{"op": "defeat", "to": "target"}]},
        ],
    },
    "shieldwarden": {
        "attack": 2,
        "life": 24,
        "text": "Your Vanguard Heroes have Intercept.",
        "abilities": [
            {"kind": "static", "mod": "keyword", "keyword": "intercept", "who": "vanguard"},
        ],
    },
    "gravecaller": {
        "attack": 2,
        "life": 18,
        "text": "Leader action (long, limited): revive a Corpse of yours.",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "revive", "to": "target"}]},
        ],
    },
    "rimecaster": {
        "attack": 3,
        "life": 21,
        "text": "Leader action (limited): give a rival Hero [-1 Attack].",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "rival", "kind": "hero"}, "effects": [{"op": "status", "status": "-1 Attack", "to": "target"}]},
        ],
    },
    "hushmonk": {
        "attack": 4,
        "life": 22,
        "text": "Leader action (limited): give a Hero [No Special Abilities].",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "any", "kind": "hero"}, "effects": [{"op": "status", "status": "No Special Abilities", "to": "target"}]},
        ],
    },
    "blastwright": {
        "attack": 3,
        "life": 18,
        "text": "Leader action (limited): deal 1 damage to each rival Hero.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": None, "effects": [{"op": "damage", "amount": 1, "to": "rival_heroes"}]},
        ],
    },
    "pickpocket": {
        "attack": 3,
        "life": 18,
        "text": "The Rival's maximum hand size is 1 smaller (4).",
        "abilities": [
            {"kind": "static", "mod": "hand_size", "who": "rival", "amount": -1},
        ],
    },
    "venomfang": {
        "attack": 3,
        "life": 16,
        "text": "At the end of your turn, deal 1 damage to a random rival Hero.",
        "abilities": [
            {"kind": "reaction", "trigger": "turn_end", "effects": [{"op": "damage", "amount": 1, "to": "random_rival_hero"}]},
        ],
    },
    "starseer": {
        "attack": 2,
        "life": 23,
        "text": "Leader action (limited): draw 2 cards.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": None, "effects": [{"op": "draw", "count": 2, "who": "you"}]},
        ],
    },
    "cinderwitch": {
        "attack": 4,
        "life": 17,
        "text": "Leader action (limited): deal 2 damage to a rival Hero.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "rival", "kind": "hero"}, "effects": [{"op": "damage", "amount": 2, "to": "target"}]},
        ],
    },
    "surgeon": {
        "attack": 2,
        "life": 20,
        "text": "At the end of your turn, remove 1 damage from each of your Heroes.",
        "abilities": [
            {"kind": "reaction", "trigger": "turn_end", "effects": [{"op": "heal", "amount": 1, "to": "own_heroes"}]},
        ],
    },
    "gravesexton": {
        "attack": 2,
        "life": 21,
        "text": "Leader action (limited): clear a Corpse, then draw a card.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "any", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "draw", "count": 1, "who": "you"}]},
        ],
    },
    "bonewright": {
        "attack": 3,
        "life": 17,
        "text": "When a Hero of yours is defeated, your Leader gains [+1 Attack].",
        "abilities": [
            {"kind": "reaction", "trigger": "ally_defeated", "effects": [{"op": "status", "status": "+1 Attack", "to": "own_leader"}]},
        ],
    },
    "tombwarden": {
        "attack": 2,
        "life": 22,
        "text": "Your Vanguard Heroes take 1 less damage from Attacks.",
        "abilities": [
            {"kind": "static", "mod": "reduce", "who": "vanguard", "amount": 1},
        ],
    },
    "carrionkite": {
        "attack": 3,
        "life": 16,
        "text": "When a rival Hero is defeated, remove 2 damage from your Leader.",
        "abilities": [
            {"kind": "reaction", "trigger": "rival_defeated", "effects": [{"op": "heal", "amount": 2, "to": "own_leader"}]},
        ],
    },
    "marrowfiend": {
        "attack": 3,
        "life": 18,
        "text": "Leader action (limited): clear a Corpse; your Leader gains [+1 Attack].",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "any", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "status", "status": "+1 Attack", "to": "own_leader"}]},
        ],
    },
    "dirgesinger": {
        "attack": 2,
        "life": 21,
        "text": "When a Hero of yours is defeated, each of your Heroes gains [+1 Life].",
        "abilities": [
            {"kind": "reaction", "trigger": "ally_defeated", "effects": [{"op": "status", "status": "+1 Life", "to": "own_heroes"}]},
        ],
    },
    "driftblade": {
        "attack": 3,
        "life": 18,
        "text": "After your Leader attacks, remove 1 damage from it.",
        "abilities": [
            {"kind": "reaction", "trigger": "after_attack", "effects": [{"op": "heal", "amount": 1, "to": "self"}]},
        ],
    },
    "tidecaller": {
        "attack": 3,
        "life": 21,
        "text": "Leader action (long, limited): return a rival Hero with 3 or less Life left to its owner's hand.",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "rival", "kind": "hero", "if": {"life_left_at_most": 3}}, "effects": [{"op": "return_to_hand", "to": "target"}]},
        ],
    },
    "pathfinder": {
        "attack": 3,
        "life": 21,
        "text": "Your Vanguard Heroes have +1 Life.",
        "abilities": [
            {"kind": "static", "mod": "life", "who": "vanguard", "amount": 1},
        ],
    },
    "shadestep": {
        "attack": 2,
        "life": 16,
        "text": "When your Leader is attacked, the attacker gains [-1 Attack].",
        "abilities": [
            {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "status", "status": "-1 Attack", "to": "event_source"}]},
        ],
    },
    "boatwraith": {
        "attack": 2,
        "life": 21,
        "text": "Leader action (limited): return a Corpse of yours to your hand.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "return_to_hand", "to": "target"}]},
        ],
    },
    "snarewright": {
        "attack": 3,
        "life": 19,
        "text": "When your Leader is attacked, the attacker gains [-1 Life].",
        "abilities": [
            {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "status", "status": "-1 Life", "to": "event_source"}]},
        ],
    },
    "vowbreaker": {
        "attack": 3,
        "life": 18,
        "text": "When a rival Hero is defeated, the Rival discards a random card.",
        "abilities": [
            {"kind": "reaction", "trigger": "rival_defeated", "effects": [{"op": "discard", "count": 1, "who": "rival"}]},
        ],
    },
    "thornbound": {
        "attack": 3,
        "life": 20,
        "text": "When your Leader is attacked, deal 1 damage to the attacker.",
        "abilities": [
            {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "damage", "amount": 1, "to": "event_source"}]},
        ],
    },
    "tunnelsapper": {
        "attack": 3,
        "life": 20,
        "text": "Leader action (long, limited): deal 1 damage to each Hero and Leader in a rival column.",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "rival", "kind": "member", "column": True}, "effects": [{"op": "damage", "amount": 1, "to": "target_column"}]},
        ],
    },
    "gallowshot": {
        "attack": 4,
        "life": 17,
        "text": "Your Flank Heroes have Ranged.",
        "abilities": [
            {"kind": "static", "mod": "keyword", "keyword": "ranged", "who": "flank"},
        ],
    },
    "cairnguard": {
        "attack": 2,
        "life": 24,
        "text": "Your Flank Heroes have Intercept.",
        "abilities": [
            {"kind": "static", "mod": "keyword", "keyword": "intercept", "who": "flank"},
        ],
    },
    "ashmoth": {
        "attack": 4,
        "life": 24,
        "text": "Leader action (limited): give a rival Hero [No Special Abilities].",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "rival", "kind": "hero"}, "effects": [{"op": "status", "status": "No Special Abilities", "to": "target"}]},
        ],
    },
    "pyrekeeper": {
        "attack": 3,
        "life": 19,
        "text": "Leader action (limited): clear a Corpse, then deal 1 damage to the rival Leader.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "any", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "damage", "amount": 1, "to": "rival_leader"}]},
        ],
    },
    "mournbell": {
        "attack": 2,
        "life": 20,
        "text": "When a Hero is defeated, remove 1 damage from your Leader.",
        "abilities": [
            {"kind": "reaction", "trigger": "ally_defeated", "effects": [{"op": "heal", "amount": 1, "to": "own_leader"}]},
            {"kind": "reaction", "trigger": "rival_defeated", "effects": [{"op": "heal", "amount": 1, "to": "own_leader"}]},
        ],
    },
    "gravemoss": {
        "attack": 2,
        "life": 24,
        "text": "Leader action (limited): clear a Corpse of yours, then remove 2 damage from each of your Heroes.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "clear_corpse", "to": "target"}, {"op": "heal", "amount": 2, "to": "own_heroes"}]},
        ],
    },
    "veilrunner": {
        "attack": 3,
        "life": 21,
        "text": "After your Leader attacks, draw a card.",
        "abilities": [
            {"kind": "reaction", "trigger": "after_attack", "effects": [{"op": "draw", "count": 1, "who": "you"}]},
        ],
    },
    "cragspear": {
        "attack": 4,
        "life": 16,
        "text": "When your Leader is attacked, it gains [+1 Attack].",
        "abilities": [
            {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "status", "status": "+1 Attack", "to": "self"}]},
        ],
    },
    "cryptmother": {
        "attack": 1,
        "life": 17,
        "text": "Leader action (long, limited): revive a Corpse of yours; it gains [+1 Life].",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "own", "kind": "corpse"}, "effects": [{"op": "revive", "to": "target"}, {"op": "status", "status": "+1 Life", "to": "target"}]},
        ],
    },
    "quartermaster": {
        "attack": 2,
        "life": 22,
        "text": "When a Hero of yours is defeated, draw a card.",
        "abilities": [
            {"kind": "reaction", "trigger": "ally_defeated", "effects": [{"op": "draw", "count": 1, "who": "you"}]},
        ],
    },
    "lockwarden": {
        "attack": 2,
        "life": 19,
        "text": "Your Vanguard Heroes take 1 less damage from Attacks.",
        "abilities": [
            {"kind": "static", "mod": "reduce", "who": "vanguard", "amount": 1},
        ],
    },
    "salvebinder": {
        "attack": 2,
        "life": 16,
        "text": "Leader action (limited): remove 2 damage from your Leader or a Hero of yours.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "member"}, "effects": [{"op": "heal", "amount": 2, "to": "target"}]},
        ],
    },
    "spurcaptain": {
        "attack": 3,
        "life": 18,
        "text": "Leader action (limited): give a Hero of yours [+1 Attack] and [+1 Life].",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "hero"}, "effects": [{"op": "status", "status": "+1 Attack", "to": "target"}, {"op": "status", "status": "+1 Life", "to": "target"}]},
        ],
    },
    "whisperknife": {
        "attack": 4,
        "life": 17,
        "text": "When your Leader is attacked, the attacker gains [No Special Abilities].",
        "abilities": [
            {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "status", "status": "No Special Abilities", "to": "event_source"}]},
        ],
    },
    "grievewarden": {
        "attack": 3,
        "life": 17,
        "text": "When a Hero of yours is defeated, deal 1 damage to the rival Leader.",
        "abilities": [
            {"kind": "reaction", "trigger": "ally_defeated", "effects": [{"op": "damage", "amount": 1, "to": "rival_leader"}]},
        ],
    },
    "rallycaller": {
        "attack": 3,
        "life": 19,
        "text": "Leader action (limited): draw a card.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": None, "effects": [{"op": "draw", "count": 1, "who": "you"}]},
        ],
    },
    "hexwright": {
        "attack": 4,
        "life": 19,
        "text": "Leader action (limited): give a rival Hero [-1 Life] x2.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "rival", "kind": "hero"}, "effects": [{"op": "status", "status": "-1 Life", "times": 2, "to": "target"}]},
        ],
    },
    "hexreaper": {
        "attack": 4,
        "life": 18,
        "text": "Leader action (long, limited): defeat a rival Hero with 1 or less Attack.",
        "abilities": [
            {"kind": "leader_action", "cost": 2, "limited": True, "target": {"side": "rival", "kind": "hero", "if": {"attack_at_most": 1}}, "effects": [{"op": "defeat", "to": "target"}]},
        ],
    },
    "glaciarch": {
        "attack": 3,
        "life": 16,
        "text": "When your Leader is attacked, the attacker gains [-1 Attack].",
        "abilities": [
            {"kind": "reaction", "trigger": "attacked", "effects": [{"op": "status", "status": "-1 Attack", "to": "event_source"}]},
        ],
    },
    "blightcaller": {
        "attack": 3,
        "life": 16,
        "text": "When a rival Hero is defeated, remove 2 damage from your Leader.",
        "abilities": [
            {"kind": "reaction", "trigger": "rival_defeated", "effects": [{"op": "heal", "amount": 2, "to": "own_leader"}]},
        ],
    },
    "nullwarden": {
        "attack": 4,
        "life": 22,
        "text": "Leader action (limited): give a rival Hero [No Special Abilities] and [-1 Life].",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "rival", "kind": "hero"}, "effects": [{"op": "status", "status": "No Special Abilities", "to": "target"}, {"op": "status", "status": "-1 Life", "to": "target"}]},
        ],
    },
    "sigilsmith": {
        "attack": 3,
        "life": 21,
        "text": "Leader action (limited): remove all status effects and 2 damage from a Hero of yours.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "hero"}, "effects": [{"op": "remove_status", "status": "all", "to": "target"}, {"op": "heal", "amount": 2, "to": "target"}]},
        ],
    },
    "bogcrone": {
        "attack": 1,
        "life": 16,
        "text": "At the end of your turn, a random rival Hero gains [-1 Attack].",
        "abilities": [
            {"kind": "reaction", "trigger": "turn_end", "effects": [{"op": "status", "status": "-1 Attack", "to": "random_rival_hero"}]},
        ],
    },
    "gearsmith": {
        "attack": 3,
        "life": 20,
        "text": "Leader action (limited): draw a card and add a time marker to each of your Operations.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": None, "effects": [{"op": "draw", "count": 1, "who": "you"}, {"op": "timers", "amount": 1, "to": "own_operations"}]},
        ],
    },
    "mirrorjest": {
        "attack": 4,
        "life": 21,
        "text": "Leader action (limited): return a Hero of yours to your hand.",
        "abilities": [
            {"kind": "leader_action", "cost": 1, "limited": True, "target": {"side": "own", "kind": "hero"}, "effects": [{"op": "return_to_hand", "to": "target"}]},
        ],
    },
}
