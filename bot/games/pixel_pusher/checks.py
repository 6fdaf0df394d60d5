"""Checking a submitted Pixel Pusher action: refusals in plain English, and the action in canonical form."""

from __future__ import annotations

from typing import Any

from ..base import N_, Action, IllegalAction, NotYourTurn
from .board import State, can_pay, converter_sources, fits, stack_kind, storage_capacity
from .build import may_flip
from .content import COLOURS
from .names import image_phrase
from .score import scanline

#: the action types each deciding phase answers
TYPES = {
    "draft": ("pick",),
    "build": ("install", "pixel", "flip"),
    "convert": ("convert", "store", "unstore", "confirm"),
    "score": ("fill", "done"),
}
ALL_TYPES = {kind for kinds in TYPES.values() for kind in kinds}
_WRONG_KIND = {
    "draft": N_("Pick a card from your hand now."),
    "build": N_("Install a card from your hand in a slot (or take a random pixel instead) now."),
    "convert": N_("Convert, store, unstore or confirm now."),
    "score": N_("Fill a scanline or finish scoring now."),
}
#: a slot that holds another type of machine, by what it holds (collectors by colour): one sentence each
_SLOT_HOLDS = {
    ("collector", "R"): N_("Slot {slot} holds red collectors: only a card of the same type can go there."),
    ("collector", "G"): N_("Slot {slot} holds green collectors: only a card of the same type can go there."),
    ("collector", "B"): N_("Slot {slot} holds blue collectors: only a card of the same type can go there."),
    ("collector", "C"): N_("Slot {slot} holds cyan collectors: only a card of the same type can go there."),
    ("collector", "M"): N_("Slot {slot} holds magenta collectors: only a card of the same type can go there."),
    ("collector", "Y"): N_("Slot {slot} holds yellow collectors: only a card of the same type can go there."),
    ("collector", "W"): N_("Slot {slot} holds white collectors: only a card of the same type can go there."),
    ("converter", None): N_("Slot {slot} holds converter cards: only a card of the same type can go there."),
    ("storage", None): N_("Slot {slot} holds storage cards: only a card of the same type can go there."),
}
#: a gain the supply cannot give, by colour
_NONE_LEFT = {
    "R": N_("No red pixel is left for you in the supply this round."),
    "G": N_("No green pixel is left for you in the supply this round."),
    "B": N_("No blue pixel is left for you in the supply this round."),
    "C": N_("No cyan pixel is left for you in the supply this round."),
    "M": N_("No magenta pixel is left for you in the supply this round."),
    "Y": N_("No yellow pixel is left for you in the supply this round."),
    "W": N_("No white pixel is left for you in the supply this round."),
}


def check_action(state: State, player: int, action: Action, waiting: list[int]) -> Action:
    """Refuse an action not answering ``player``'s decision (``waiting``: seats to decide); return it normalised."""
    if state["status"] != "playing":
        raise NotYourTurn("The game is over.")
    if type(player) is not int or not 0 <= player < state["num_players"]:
        raise NotYourTurn("You are not playing in this game.")
    phase = state["phase"]
    if player not in waiting:
        if not state["active"][player]:
            raise NotYourTurn("You have left this game.")
        if phase == "draft":
            raise NotYourTurn("You have already picked: wait for the others to pick.")
        if phase == "convert":
            raise NotYourTurn("You have already confirmed: wait for the others.")
        raise NotYourTurn("It is not your turn.")
    if not isinstance(action, dict) or action.get("type") not in TYPES[phase]:
        raise IllegalAction(_WRONG_KIND[phase])
    return _CHECKS[action["type"]](state, player, action)


def _hand_card(state: State, player: int, card: Any) -> str:
    """Return ``card`` if it is in the player's hand, else refuse (saying nothing about other cards)."""
    if type(card) is not str or card not in state["hands"][player]:
        raise IllegalAction("That card is not in your hand.")
    return card


def _check_pick(state: State, player: int, action: Action) -> Action:
    """Check a draft pick."""
    return {"type": "pick", "card": _hand_card(state, player, action.get("card"))}


def _check_install(state: State, player: int, action: Action) -> Action:
    """Check an install: a hand card, a slot 1-6 that is empty or holds the same type."""
    card = _hand_card(state, player, action.get("card"))
    slot = action.get("slot")
    if type(slot) is not int or not 1 <= slot <= 6:
        raise IllegalAction("Choose a slot from 1 to 6.")
    stack = state["boards"][player]["slots"][slot - 1]
    if not fits(stack, card):
        raise IllegalAction(_SLOT_HOLDS[stack_kind(stack)], slot=slot)
    return {"type": "install", "card": card, "slot": slot}


def _check_pixel(state: State, player: int, action: Action) -> Action:
    """Check a random pixel taken instead of installing a card."""
    card = action.get("card", state["hands"][player][0])
    return {"type": "pixel", "card": _hand_card(state, player, card)}


def _check_flip(state: State, player: int, action: Action) -> Action:
    """Check a board flip (the Reverser's power)."""
    if not may_flip(state, player):
        raise IllegalAction("Only the Reverser's holder may flip their board, once a round.")
    return {"type": "flip"}


def _check_convert(state: State, player: int, action: Action) -> Action:
    """Check a conversion: a source of the player's with a use left, one of its recipes, the pixels
    to pay, and the gain still in the player's share of the supply."""
    source = action.get("source")
    sources = {src: (recipes, uses) for src, recipes, uses in converter_sources(state, player)}
    if type(source) is not str or source not in sources:
        raise IllegalAction("You have no converter or ability card like that.")
    recipes, uses = sources[source]
    work = state["work"][player]
    if work["used"].get(source, 0) >= uses:
        raise IllegalAction("That card has already converted this round.")
    recipe = next((r for r in recipes if r["pay"] == action.get("pay") and r["gain"] == action.get("gain")),
                  None)
    if recipe is None:
        raise IllegalAction("That card does not convert that way.")
    if not can_pay(work["held"] + work["stored"], recipe["pay"]):
        raise IllegalAction("You do not have the pixels to pay for that.")
    for colour, n in recipe["gain"].items():
        if work["share"].get(colour, 0) < n:
            raise IllegalAction(_NONE_LEFT[colour])
    return {"type": "convert", "source": source, "pay": dict(recipe["pay"]), "gain": dict(recipe["gain"])}


def _check_store(state: State, player: int, action: Action) -> Action:
    """Check storing one held pixel."""
    colour = action.get("color")
    work = state["work"][player]
    if colour not in COLOURS or colour not in work["held"]:
        raise IllegalAction("You hold no pixel of that colour.")
    if len(work["stored"]) >= storage_capacity(state["boards"][player]):
        raise IllegalAction("Your storage slots are full.")
    return {"type": "store", "color": colour}


def _check_unstore(state: State, player: int, action: Action) -> Action:
    """Check taking one stored pixel back out."""
    colour = action.get("color")
    if colour not in COLOURS or colour not in state["work"][player]["stored"]:
        raise IllegalAction("You have no stored pixel of that colour.")
    return {"type": "unstore", "color": colour}


def _check_confirm(state: State, player: int, action: Action) -> Action:
    """Check a confirmation (always legal)."""
    return {"type": "confirm"}


def _check_fill(state: State, player: int, action: Action) -> Action:
    """Check filling a scanline: an unfilled painted row of a face-up image, paid from storage."""
    image_id = action.get("image")
    row = action.get("row")
    image = next((i for i in state["images"] if i["id"] == image_id), None) if type(image_id) is str else None
    if image is None:
        raise IllegalAction("That image card is not on the table.")
    line = scanline(image_id, row) if type(row) is int and 0 <= row <= 3 else None
    if line is None:
        raise IllegalAction("{image} has no scanline on that row.", image=image_phrase(image_id))
    if image["filled_by"][row] is not None:
        raise IllegalAction("That scanline is already filled.")
    if not can_pay(state["boards"][player]["stored"], line["needs"]):
        raise IllegalAction("You do not have the pixels that scanline needs in storage.")
    return {"type": "fill", "image": image_id, "row": row}


def _check_done(state: State, player: int, action: Action) -> Action:
    """Check finishing one's Score turn (always legal)."""
    return {"type": "done"}


_CHECKS = {"pick": _check_pick, "install": _check_install, "pixel": _check_pixel, "flip": _check_flip,
           "convert": _check_convert, "store": _check_store, "unstore": _check_unstore,
           "confirm": _check_confirm, "fill": _check_fill, "done": _check_done}
