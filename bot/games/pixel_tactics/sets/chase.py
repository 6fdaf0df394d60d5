"""Chase Leaders: original Leader-only cards that replace the Leader a player chose."""

CARDS = [
    {"key": "thornqueen", "name": "The Thorn Queen", "set": "chase",
     "leader": {"attack": 3, "life": 19, "text": "When your Leader is attacked, the attacker gains [-1 Attack].",
                "abilities": [{"kind": "reaction", "trigger": "attacked",
                               "effects": [{"op": "status", "status": "-1 Attack", "to": "event_source"}]}]}},

    {"key": "tideregent", "name": "Tidecaller Regent", "set": "chase",
     "leader": {"attack": 2, "life": 20,
                "text": "Leader action (limited): return a damaged rival Hero to its owner's hand.",
                "abilities": [{"kind": "leader_action", "cost": 1, "limited": True,
                               "target": {"side": "rival", "kind": "hero", "if": {"damaged": True}},
                               "effects": [{"op": "return_to_hand", "to": "target"}]}]}},

    {"key": "emberlord", "name": "Emberlord Kael", "set": "chase",
     "leader": {"attack": 4, "life": 17, "text": "After your Leader attacks, it gains [+1 Attack].",
                "abilities": [{"kind": "reaction", "trigger": "after_attack",
                               "effects": [{"op": "status", "status": "+1 Attack", "to": "self"}]}]}},

    {"key": "provisioner", "name": "The Provisioner", "set": "chase",
     "leader": {"attack": 1, "life": 22, "text": "Your Heroes have +1 Attack.",
                "abilities": [{"kind": "static", "mod": "attack", "who": "heroes", "amount": 1}]}},

    {"key": "ashoracle", "name": "Oracle of Ash", "set": "chase",
     "leader": {"attack": 1, "life": 18, "text": "At the end of your turn, draw a card.",
                "abilities": [{"kind": "reaction", "trigger": "turn_end",
                               "effects": [{"op": "draw", "count": 1, "who": "you"}]}]}},

    {"key": "mourningknight", "name": "The Mourning Knight", "set": "chase",
     "leader": {"attack": 3, "life": 19,
                "text": "When a Hero of yours is defeated, each of your Heroes gains [+1 Attack].",
                "abilities": [{"kind": "reaction", "trigger": "ally_defeated",
                               "effects": [{"op": "status", "status": "+1 Attack", "to": "own_heroes"}]}]}},

    {"key": "sporemother", "name": "Sporemother", "set": "chase",
     "leader": {"attack": 2, "life": 20, "text": "At the end of your turn, a random rival Hero gains [-1 Life].",
                "abilities": [{"kind": "reaction", "trigger": "turn_end",
                               "effects": [{"op": "status", "status": "-1 Life", "to": "random_rival_hero"}]}]}},

    {"key": "tollkeeper", "name": "The Tollkeeper", "set": "chase",
     "leader": {"attack": 3, "life": 18,
                "text": "Your maximum hand size is 1 larger (6); the Rival's is 1 smaller (4).",
                "abilities": [{"kind": "static", "mod": "hand_size", "who": "you", "amount": 1},
                              {"kind": "static", "mod": "hand_size", "who": "rival", "amount": -1}]}},

    {"key": "stormherald", "name": "Stormherald", "set": "chase",
     "leader": {"attack": 4, "life": 17,
                "text": "Leader action (long, limited): deal 2 damage to each Hero and Leader in a rival column.",
                "abilities": [{"kind": "leader_action", "cost": 2, "limited": True,
                               "target": {"side": "rival", "kind": "member", "column": True},
                               "effects": [{"op": "damage", "amount": 2, "to": "target_column"}]}]}},

    {"key": "bonepiper", "name": "The Bonepiper", "set": "chase",
     "leader": {"attack": 2, "life": 20,
                "text": "Leader action (limited): clear any Corpse, then remove 2 damage from your Leader.",
                "abilities": [{"kind": "leader_action", "cost": 1, "limited": True,
                               "target": {"side": "any", "kind": "corpse"},
                               "effects": [{"op": "clear_corpse", "to": "target"},
                                           {"op": "heal", "amount": 2, "to": "own_leader"}]}]}},

    {"key": "glasswing", "name": "Glasswing Matriarch", "set": "chase",
     "leader": {"attack": 3, "life": 18, "text": "Your Flank Heroes have Ranged.",
                "abilities": [{"kind": "static", "mod": "keyword", "keyword": "ranged", "who": "flank"}]}},
]
