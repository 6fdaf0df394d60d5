"""Words of the Pixel Tactics Draft images, alt texts and posts: the method's title, prices, the progress line and
a deck problem, in a language."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics.style import View

#: a Pack Draft's passing direction
DIRECTIONS = {"left": N_("passing left"), "right": N_("passing right")}


def title(view: View, lang: str = SOURCE) -> str:
    """The draft's method as its title (``Pack Draft``), in ``lang``."""
    return t(lang, str(view.get("title") or N_("Draft")))


def coins(n: int, lang: str = SOURCE) -> str:
    """``1 coin`` / ``3 coins`` in ``lang``."""
    return tn(lang, "{n} coin", "{n} coins", n)


def price(cost: int, lang: str = SOURCE) -> str:
    """A Purchase lot's price: ``free`` or its coins, in ``lang``."""
    return t(lang, "free") if not cost else coins(cost, lang)


def progress(view: View, lang: str = SOURCE) -> str:
    """Return one line of a draft's public progress, e.g. ``Pack 2 of 4 · pick 3 of 8 · passing right``."""
    method = view.get("method")
    if view.get("status") == "finished":
        return t(lang, "The draft is over")
    if view.get("phase") == "return":
        return t(lang, "Returning Heroes to the Cube")
    if method in ("pack", "epic-pack"):
        line = t(lang, "Pack {round} of {rounds} · pick {pick} of 8", round=view.get("round"),
                 rounds=view.get("rounds"), pick=view.get("pick"))
        way = DIRECTIONS.get(str(view.get("direction")))
        line += f" · {t(lang, way)}" if way else ""
        return line + (" · " + t(lang, "Leader pick") if view.get("leader_pick") else "")
    if method == "winston":
        lots = view.get("lots") or []
        return t(lang, "Deck {deck} cards · lots of {sizes} cards", deck=view.get("deck"),
                 sizes=", ".join(str(n) for n in lots))
    return t(lang, "Deck {deck} cards · {lots} lots", deck=view.get("deck"), lots=len(view.get("lots") or []))


def problem_words(problem: Any, lang: str = SOURCE) -> str:
    """A deck problem in ``lang``: a ``Phrase`` (the deck rules' sentence) by its template, a stored English
    sentence as it is."""
    if isinstance(getattr(problem, "template", None), str) and isinstance(getattr(problem, "fields", None), dict):
        return t(lang, problem)  # by its template (a counted one in its form for its count)
    return str(problem)


def returns_words(n: int, lang: str = SOURCE) -> str:
    """``You may return 2 more Heroes`` in ``lang``."""
    return tn(lang, "You may return {n} more Hero", "You may return {n} more Heroes", n, n=n)
