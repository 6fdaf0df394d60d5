"""Hand-written Pixel Tactics cards of every kind (Common, Chase Leader, Base, Promo) for the renderer tests,
shaped as issue 11's shared design describes them (not taken from the set modules, which change)."""

from __future__ import annotations

import copy

from tests.rendering import pt_views as pv


def _row(text: str) -> dict:
    return {"text": text, "abilities": []}


COMMON = {"key": "tin_squire", "name": "Tin Squire", "set": "commons",
          "hero": {"attack": 2, "life": 4, "vanguard": _row("Intercept."), "flank": _row("No Ability"),
                   "rear": _row("Spell: Remove 1 damage from an ally.")},
          "tactic": {"kind": "order", "text": "Draw a card.", "target": None, "effects": []}}

CHASE = {"key": "starlit_regent", "name": "Starlit Regent", "set": "chase",
         "leader": {"attack": 3, "life": 20, "text": "Your Heroes in the Flank get [+1 Attack].",
                    "abilities": []}}

BASE = {"key": "teal_lighthouse", "name": "Lighthouse", "set": "bases", "colour": "teal", "points": 3,
        "ongoing": {"text": "Your Leader gets [+2 Life].", "abilities": []},
        "snap": {"text": "Draw 2 cards.", "cost": 1, "target": None, "effects": []}}

PROMO = {**copy.deepcopy(pv.card("gearwright")), "key": "brass_herald", "name": "Brass Herald", "set": "promo"}

DUAL = {**copy.deepcopy(pv.card("ember_archer")), "set": "core2"}

EVERY_KIND = {"dual": DUAL, "promo": PROMO, "common": COMMON, "chase": CHASE, "base": BASE}


def card(kind: str) -> dict:
    """A deep copy of the sample card of ``kind``."""
    return copy.deepcopy(EVERY_KIND[kind])
