"""Pixel Pusher's button and chooser labels in a language (the acting player's view names the cards)."""

from __future__ import annotations

from bot.games.base import Action
from bot.i18n import SOURCE, t
from rendering.pixel_pusher.parts import recipes_label
from rendering.pixel_pusher.words import card_name, card_text, colour_word, pixel_words


def pixels(counts: dict[str, int], lang: str = SOURCE) -> str:
    """Return e.g. ``2 red + 1 green`` for a colour-count dict (words a screen reader reads as they are)."""
    return pixel_words(counts, lang)


def card_label(card: dict, lang: str = SOURCE) -> str:
    """Return a machine or ability card as one short line, e.g. ``Red Scoop (Collect 2 R)``."""
    name = card_name(card, lang, "?")
    text = card_text(card, lang)
    return t(lang, "{name} ({text})", name=name, text=text) if text else name


def find_card(view: dict, card_id: str) -> dict:
    """A card of the view's hand or its ability cards, by id (else a card named by its id)."""
    private = view.get("private") or {}
    for card in private.get("hand") or []:
        if card.get("id") == card_id:
            return card
    ability = (view.get("abilities") or {}).get(card_id)
    return ability or {"id": card_id}


def _image(view: dict, image_id: str) -> dict:
    return next((i for i in view.get("images", []) if i.get("id") == image_id), {"id": image_id})


def _draft_label(view: dict, card_id: str, lang: str) -> str:
    """``Draft Red Scoop (Collect 2 R)``; a rule text too long for a button gives way to the card's conversions
    (``R+G→Y / G+B→C``), or to nothing."""
    card = find_card(view, card_id)
    name = card_name(card, lang, card_id)
    bare = f"{name} ()"
    room = 80 - len(t(lang, "Draft {card}", card=bare))
    for text in (card_text(card, lang), recipes_label(card)):
        if text and len(text) <= room:
            whole = f"{name} ({text})"
            return t(lang, "Draft {card}", card=whole)
    return t(lang, "Draft {card}", card=name)[:80]


def action_label(view: dict, action: Action, lang: str = SOURCE) -> str:
    """Return a button label for a Pixel Pusher action (from the acting player's view) in ``lang``."""
    kind = action["type"]
    if kind == "pick":
        return _draft_label(view, action["card"], lang)
    if kind == "install":
        return t(lang, "Install {card} in slot {slot}", card=card_name(find_card(view, action["card"]), lang),
                 slot=action["slot"])
    if kind == "pixel":
        return t(lang, "Take a random pixel from the bag instead")
    if kind == "convert":
        source = card_name(find_card(view, action["source"]), lang, action["source"])
        return t(lang, "Convert {pay} into {gain} ({card})", pay=pixels(action["pay"], lang),
                 gain=pixels(action["gain"], lang), card=source)
    if kind == "store":
        return t(lang, "Store {colour}", colour=colour_word(action["color"], lang))
    if kind == "unstore":
        return t(lang, "Un-store {colour}", colour=colour_word(action["color"], lang))
    if kind == "confirm":
        return t(lang, "Confirm (fill free storage, return the rest)")
    if kind == "flip":
        return t(lang, "Flip your machine board (Reverser)")
    if kind == "fill":
        image = _image(view, action["image"])
        line = next((s for s in image.get("scanlines", []) if s.get("row") == action["row"]), {})
        return t(lang, "Fill {image} row {row} (+{vp} VP)", image=card_name(image, lang, action["image"]),
                 row=action["row"] + 1, vp=line.get("vp", "?"))
    if kind == "done":
        return t(lang, "Done scoring")
    return kind
