"""What kind of Pixel Tactics card a definition is (dual, Promo, Common, Chase Leader, Base) and how each is named."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics.style import BASE_BAND, CHASE, OPERATION, PROMO, RGB, WHITE, as_int
from rendering.tiles import clean as clean_text

#: titles of the registries that are not playable sets
EXTRA_TITLES = {"chase": N_("Chase Leaders"), "bases": N_("Bases")}
#: a Base's tag by its colour (the compact card shows the colour alone when the tag is too wide)
BASE_TAGS = {"red": (N_("Red Base"), N_("Red")), "orange": (N_("Orange Base"), N_("Orange")),
             "yellow": (N_("Yellow Base"), N_("Yellow")), "green": (N_("Green Base"), N_("Green")),
             "teal": (N_("Teal Base"), N_("Teal")), "blue": (N_("Blue Base"), N_("Blue")),
             "purple": (N_("Purple Base"), N_("Purple")), "grey": (N_("Grey Base"), N_("Grey"))}
#: the playable sets' titles (``SET_INFO``), for the catalogue
SET_TITLES = (N_("Core Set 1"), N_("Core Set 2"), N_("Minipak 1"), N_("Minipak 2"), N_("Commons"), N_("Promos"))


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


def set_title(card: Any, lang: str = SOURCE) -> str:
    """The card's set as its title (``Core Set 1``, ``Minipak 2``, ``Chase Leaders``…) in ``lang``, or ``""``."""
    from bot.games.pixel_tactics.sets import SET_INFO  # here: the renderers import without the engine package

    name = str(card.get("set") or "") if isinstance(card, dict) else ""
    if name in SET_INFO:
        return t(lang, SET_INFO[name][0])
    return t(lang, EXTRA_TITLES[name]) if name in EXTRA_TITLES else clean_text(name, "")


def kind_tag(card: Any, lang: str = SOURCE) -> tuple[str, RGB, RGB] | None:
    """(label, fill, text colour) of the tag naming a card's kind (in ``lang``), or None for a plain dual card."""
    kind = card_kind(card)
    if kind == "promo":
        return t(lang, "Promo"), PROMO, WHITE
    if kind == "chase":
        return t(lang, "Chase Leader"), CHASE, WHITE
    if kind == "common":
        return t(lang, "Common — Hero only"), OPERATION, WHITE
    if kind == "base":
        fill, fg = base_band(card)
        return t(lang, BASE_TAGS[base_colour(card) or "grey"][0]), fill, fg
    return None


def base_colour(card: Any) -> str:
    """A Base's colour name (``""`` when unknown)."""
    colour = str(card.get("colour") or "") if isinstance(card, dict) else ""
    return colour if colour in BASE_BAND else ""


def base_colour_word(card: Any, lang: str = SOURCE) -> str:
    """A Base's colour alone (``Orange``), in ``lang``: its tag when the tag is too wide."""
    return t(lang, BASE_TAGS[base_colour(card) or "grey"][1])


def base_band(card: Any) -> tuple[RGB, RGB]:
    """(fill, text colour) of a Base's colour band (grey when its colour is unknown)."""
    return BASE_BAND.get(base_colour(card), BASE_BAND["grey"])


def points_words(card: Any, lang: str = SOURCE) -> str:
    """``"3 points"`` (``"1 point"``) of a Base, in ``lang``."""
    n = as_int(card.get("points") if isinstance(card, dict) else None)
    return tn(lang, "{n} point", "{n} points", n, n=n)


def snap_cost_words(snap: Any, lang: str = SOURCE) -> str:
    """What a Snap costs: ``"Free action"``, ``"1 action"`` or ``"2 actions"``, in ``lang``."""
    cost = as_int(snap.get("cost") if isinstance(snap, dict) else None)
    if cost <= 0:
        return t(lang, "Free action")
    return tn(lang, "{n} action", "{n} actions", cost, n=cost)


def is_no_ability(text: Any) -> bool:
    """Whether a Hero row's text is the Commons' "No Ability" (or empty)."""
    return str(text or "").strip().rstrip(".").lower() in ("", "no ability")
