"""Base cards for League play: an Ongoing effect, a Snap effect and a point value, 8 colours of 5.

Eight designs, each in five colours; every colour holds five different designs worth 15 points in all
(stronger effects are worth fewer points). Ongoing abilities act as the owner's Leader's ("self" is that
Leader); the Snap is used once as an action on your turn and flips the Base, ending both effects.
"""

DESIGNS = {
    "watchtower": {"name": "Watchtower", "points": 3,
                   "ongoing": {"text": "Your Rear Heroes have +1 Attack.",
                               "abilities": [{"kind": "static", "mod": "attack", "who": "rear", "amount": 1}]},
                   "snap": {"text": "Deal 2 damage to a rival Hero.", "cost": 1,
                            "target": {"side": "rival", "kind": "hero"},
                            "effects": [{"op": "damage", "amount": 2, "to": "target"}]}},
    "granary": {"name": "Granary", "points": 4,
                "ongoing": {"text": "Your maximum hand size is 1 larger.",
                            "abilities": [{"kind": "static", "mod": "hand_size", "who": "you", "amount": 1}]},
                "snap": {"text": "Draw 2 cards.", "cost": 0, "target": None,
                         "effects": [{"op": "draw", "count": 2, "who": "you"}]}},
    "infirmary": {"name": "Infirmary", "points": 3,
                  "ongoing": {"text": "At the end of your turn, remove 1 damage from your Leader.",
                              "abilities": [{"kind": "reaction", "trigger": "turn_end",
                                             "effects": [{"op": "heal", "amount": 1, "to": "own_leader"}]}]},
                  "snap": {"text": "Remove 3 damage from each of your Heroes.", "cost": 1, "target": None,
                           "effects": [{"op": "heal", "amount": 3, "to": "own_heroes"}]}},
    "rampart": {"name": "Rampart", "points": 1,
                "ongoing": {"text": "Your Leader takes 1 less damage from Attacks.",
                            "abilities": [{"kind": "static", "mod": "reduce", "who": "leader", "amount": 1}]},
                "snap": {"text": "Give a Hero of yours [Intercept] and [+1 Life].", "cost": 1,
                         "target": {"side": "own", "kind": "hero"},
                         "effects": [{"op": "status", "status": "Intercept", "to": "target"},
                                     {"op": "status", "status": "+1 Life", "to": "target"}]}},
    "forge": {"name": "Forge", "points": 2,
              "ongoing": {"text": "Your Vanguard Heroes have +1 Attack.",
                          "abilities": [{"kind": "static", "mod": "attack", "who": "vanguard", "amount": 1}]},
              "snap": {"text": "Give a Hero of yours [+1 Attack] x2.", "cost": 1,
                       "target": {"side": "own", "kind": "hero"},
                       "effects": [{"op": "status", "status": "+1 Attack", "times": 2, "to": "target"}]}},
    "shrine": {"name": "Shrine", "points": 5,
               "ongoing": {"text": "When a Hero of yours is defeated, remove 1 damage from your Leader.",
                           "abilities": [{"kind": "reaction", "trigger": "ally_defeated",
                                          "effects": [{"op": "heal", "amount": 1, "to": "own_leader"}]}]},
               "snap": {"text": "Revive a Corpse of yours.", "cost": 2,
                        "target": {"side": "own", "kind": "corpse"},
                        "effects": [{"op": "revive", "to": "target"}]}},
    "barracks": {"name": "Barracks", "points": 3,
                 "ongoing": {"text": "Your Flank Heroes have +1 Life.",
                             "abilities": [{"kind": "static", "mod": "life", "who": "flank", "amount": 1}]},
                 "snap": {"text": "Gain 1 action.", "cost": 0, "target": None,
                          "effects": [{"op": "extra_action", "count": 1}]}},
    "signaltower": {"name": "Signal Tower", "points": 3,
                    "ongoing": {"text": "When a rival Hero is defeated, draw a card.",
                                "abilities": [{"kind": "reaction", "trigger": "rival_defeated",
                                               "effects": [{"op": "draw", "count": 1, "who": "you"}]}]},
                    "snap": {"text": "The Rival discards a random card.", "cost": 1, "target": None,
                             "effects": [{"op": "discard", "count": 1, "who": "rival"}]}},
}

#: colour -> its five designs (each design in five colours; 15 points per colour)
COLOUR_DESIGNS = {
    "red": ("watchtower", "granary", "infirmary", "forge", "barracks"),
    "orange": ("watchtower", "granary", "infirmary", "forge", "signaltower"),
    "yellow": ("watchtower", "granary", "rampart", "forge", "shrine"),
    "green": ("watchtower", "infirmary", "rampart", "shrine", "barracks"),
    "teal": ("watchtower", "rampart", "shrine", "barracks", "signaltower"),
    "blue": ("granary", "infirmary", "forge", "barracks", "signaltower"),
    "purple": ("granary", "rampart", "forge", "shrine", "signaltower"),
    "grey": ("infirmary", "rampart", "shrine", "barracks", "signaltower"),
}

CARDS = [
    {"key": f"{colour}_{design}", "name": f"{colour.title()} {DESIGNS[design]['name']}", "set": "bases",
     "colour": colour, "points": DESIGNS[design]["points"],
     "ongoing": DESIGNS[design]["ongoing"], "snap": DESIGNS[design]["snap"]}
    for colour, designs in COLOUR_DESIGNS.items() for design in designs
]
