"""What kind of Pixel Tactics card a definition is (dual, Promo, Common, Chase Leader, Base) and how each is named."""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, t
from rendering.pixel_tactics.style import BASE_BAND, CHASE, OPERATION, PROMO, RGB, WHITE, as_int
from rendering.tiles import clean as clean_text

#: titles of the registries that are not playable sets
EXTRA_TITLES = {"chase": "Chase Leaders", "bases": "Bases"}


def card_kind(card: Any) -> str:
    """``"base"``, ``"chase"``, ``"common"``, ``"promo"`` or ``"dual"`` (also for malformed cards)."""
    if not isinstance(card, dict):
        return "dual"
    card_set = card.get("set")
    if card_set == "bases" or any(k in card for k in ("ongoing", "snap", "colour")):
        return "base"
    has_leader, has_hero = isinstance(card.get("leader"), dict), isinstance(card.get("hero"), dict)
    if card_set == "chase" or (has_leader and not has_hero and "tactic" not in card):
        return "chase"
    if card_set == "commons" or (has_hero and not has_leader):
        return "common"
    return "promo" if card_set == "promo" else "dual"


def set_title(card: Any) -> str:
    """The card's set as its title (``Core Set 1``, ``Minipak 2``, ``Chase Leaders``…), or ``""``."""
    from bot.games.pixel_tactics.sets import SET_INFO  # here: the renderers import without the engine package

    name = str(card.get("set") or "") if isinstance(card, dict) else ""
    if name in SET_INFO:
        return SET_INFO[name][0]
    return EXTRA_TITLES.get(name) or clean_text(name, "")


def kind_tag(card: Any, lang: str = SOURCE) -> tuple[str, RGB, RGB] | None:
    """(label, fill, text colour) of the tag naming a card's kind (in ``lang``: a Base's in English), or None for a
    plain dual card."""
    kind = card_kind(card)
    if kind == "promo":
        return t(lang, "Promo"), PROMO, WHITE
    if kind == "chase":
        return t(lang, "Chase Leader"), CHASE, WHITE
    if kind == "common":
        return t(lang, "Common — Hero only"), OPERATION, WHITE
    if kind == "base":
        fill, fg = base_band(card)
        return f"{base_colour(card).capitalize() or 'Grey'} Base", fill, fg
    return None


def base_colour(card: Any) -> str:
    """A Base's colour name (``""`` when unknown)."""
    colour = str(card.get("colour") or "") if isinstance(card, dict) else ""
    return colour if colour in BASE_BAND else ""


def base_band(card: Any) -> tuple[RGB, RGB]:
    """(fill, text colour) of a Base's colour band (grey when its colour is unknown)."""
    return BASE_BAND.get(base_colour(card), BASE_BAND["grey"])


def points_words(card: Any) -> str:
    """``"3 points"`` (``"1 point"``) of a Base."""
    n = as_int(card.get("points") if isinstance(card, dict) else None)
    return f"{n} point{'' if n == 1 else 's'}"


def snap_cost_words(snap: Any) -> str:
    """What a Snap costs: ``"Free action"``, ``"1 action"`` or ``"2 actions"``."""
    cost = as_int(snap.get("cost") if isinstance(snap, dict) else None)
    return "Free action" if cost <= 0 else f"{cost} action{'' if cost == 1 else 's'}"


def is_no_ability(text: Any) -> bool:
    """Whether a Hero row's text is the Commons' "No Ability" (or empty)."""
    return str(text or "").strip().rstrip(".").lower() in ("", "no ability")
