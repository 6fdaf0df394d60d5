"""Pixel Pusher's card words for the catalogues: every card and image name marked with ``N_`` (a name is its own
catalogue message), and a card's rule text or name as a ``Phrase`` (English unchanged, translated where shown).
"""

from __future__ import annotations

from typing import Any

from ..base import N_, Phrase
from .content import ABILITIES, IMAGES, MACHINES, recipe_text

#: every machine, ability and image card name of every content version (each its own catalogue message)
CARD_NAMES = (
    N_("Red Scoop"), N_("Red Grabber"), N_("Red Hopper"), N_("Green Scoop"), N_("Green Grabber"),
    N_("Green Hopper"), N_("Blue Scoop"), N_("Blue Grabber"), N_("Blue Hopper"),
    N_("Yellow Mixer"), N_("Cyan Mixer"), N_("Magenta Mixer"), N_("White Blender"), N_("Yellow Brightener"),
    N_("Cyan Brightener"), N_("Magenta Brightener"), N_("Pixel Tank"), N_("Big Pixel Tank"),
    N_("1st to Build"), N_("1st to Collect"), N_("1st to Score"), N_("Reverser"),
)
IMAGE_NAMES = (
    N_("Heart"), N_("Leaf"), N_("Sun"), N_("Sea"), N_("Mushroom"), N_("Tree"), N_("Fish"), N_("Ghost"),
    N_("House"), N_("Boat"), N_("Apple"), N_("Star"), N_("Key"), N_("Potion"), N_("Moon"), N_("Cloud"),
    N_("Frog"), N_("Gem"), N_("Rainbow"), N_("Cherry"),
)
#: the ability cards' rule texts (each its own catalogue message)
ABILITY_TEXTS = (
    N_("You build first. Once a round: R+G → Y, G+B → C or R+B → M."),
    N_("You collect first. Once a round: G+B → C."),
    N_("You score first. Once a round: R+B → M."),
    N_("Once a round, while building, you may flip your board (slots read 1-6 or 6-1). Once a round: R+G+B → W."),
)
#: a converter's rule text, by uses a round
_CONVERTS = {1: N_("Convert {recipe}, once a round"), 2: N_("Convert {recipe}, twice a round")}


def name_phrase(name: Any) -> Phrase:
    """A card or image name as a clause (its own catalogue message)."""
    return Phrase(str(name))


def text_phrase(card: dict[str, Any]) -> Phrase | None:
    """A machine or ability card's rule text as a clause, rebuilt from the card (as in the view); None when the
    card has none that can be rebuilt."""
    kind = card.get("type")
    if kind == "collector":
        return Phrase(N_("Collect {n} {colour}"), n=card["n"], colour=card["color"])
    if kind == "converter":
        return Phrase(_CONVERTS[card.get("uses", 1)], recipe=recipe_text(card["pay"], card["gain"]))
    if kind == "storage":
        return Phrase.counted("+{n} storage slot", "+{n} storage slots", card["slots"])
    if kind is None and card.get("text"):
        return Phrase(str(card["text"]))
    return None


def card_phrase(card_id: str) -> Phrase:
    """A machine or ability card as the engine's private sentences name it: a collector with its text
    (``Red Scoop (Collect 2 R)``), any other card by name."""
    if card_id in ABILITIES:
        return name_phrase(ABILITIES[card_id]["name"])
    card = MACHINES[card_id]
    if card["type"] == "collector":
        return Phrase(N_("{name} ({text})"), name=name_phrase(card["name"]), text=text_phrase(card))
    return name_phrase(card["name"])


def image_phrase(image_id: str) -> Phrase:
    """An image card's name as a clause."""
    return name_phrase(IMAGES[image_id]["name"])
