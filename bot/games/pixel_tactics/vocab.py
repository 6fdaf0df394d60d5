"""The vocabulary of card abilities: every op, trigger, selector and modifier a card may name."""

from __future__ import annotations

from .statuses import STATUSES

#: effect op -> (required fields, optional fields); each op is implemented once in effects.py
OPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "damage": (("amount", "to"), ()),
    "heal": (("amount", "to"), ()),
    "draw": (("count", "who"), ()),
    "discard": (("count", "who"), ()),
    "status": (("status", "to"), ("times",)),
    "remove_status": (("status", "to"), ()),
    "defeat": (("to",), ("if",)),
    "revive": (("to",), ()),
    "clear_corpse": (("to",), ()),
    "swap": (("a", "b"), ()),
    "return_to_hand": (("to",), ()),
    "cancel": ((), ()),
    "reduce": (("amount",), ()),
    "redirect": (("to",), ()),
    "extra_action": (("count",), ()),
    "timers": (("amount", "to"), ()),
    "hand_size": (("amount", "who"), ()),
}
#: unit selectors an effect's "to"/"a"/"b" may name
UNIT_SELECTORS = ("target", "self", "forerunner", "supporter", "event_source", "event_target", "own_leader",
                  "rival_leader", "own_heroes", "rival_heroes", "target_column", "random_rival_hero")
#: reserve selectors (time markers)
RESERVE_SELECTORS = ("own_operations", "rival_operations")
#: player selectors an effect's "who" may name
PLAYER_SELECTORS = ("you", "rival")
#: reaction triggers of Hero powers, Leader abilities and Operations
TRIGGERS = ("attacked", "after_attack", "ally_defeated", "rival_defeated", "turn_end", "recruited")
#: Trap triggers
TRAP_TRIGGERS = ("rival_attack", "rival_recruit", "rival_spell", "rival_order", "rival_spell_or_order",
                 "rival_trap", "ally_damaged", "ally_defeated")
#: static modifiers and whom they may apply to
STATIC_MODS = ("attack", "life", "keyword", "reduce", "hand_size", "immune")
STATIC_WHO = ("self", "forerunner", "supporter", "unit", "heroes", "vanguard", "flank", "rear", "leader",
              "rival_heroes")
KEYWORDS = ("ranged", "intercept")
IMMUNE_TO = ("spells", "orders", "traps")
TARGET_SIDES = ("own", "rival", "any")
TARGET_KINDS = ("hero", "member", "corpse", "leader")
#: target/effect conditions -> the type of their value
CONDITIONS = {"damaged": bool, "undamaged": bool, "life_left_at_most": int, "attack_at_most": int, "row": str,
              "status": str}
ABILITY_KINDS = ("static", "spell", "reaction", "leader_action")
TACTIC_KINDS = ("order", "operation", "trap")
ALL_STATUSES = STATUSES
