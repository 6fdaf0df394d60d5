"""The /play options: the choices offered, the games each belongs to and the combinations refused."""

from __future__ import annotations

from bot.i18n import t
from bot.lobby_decks import BUILT_KINDS
from bot.registry import title
from cogs.pixel_tactics import team_lobby

#: the Pixel Tactics core sets a Classic mirror may copy, and the draft methods (option value → title)
CORE_SETS = {"core": "Core Set 1", "core2": "Core Set 2"}
DRAFT_METHODS = {"pack": "Pack Draft (3–8)", "epic-pack": "Epic Pack Draft (3–8)", "winston": "Winston Draft (2)",
                 "purchase": "Purchase Draft (2–4)"}
#: /play option → the games it belongs to
_OPTION_GAMES = {"tix": ("tixel",), "poka_yoke": ("tixel",), "trophies": ("pixel-tactics",),
                 "deck": BUILT_KINDS, "set": ("pixel-tactics",), "promos": ("pixel-tactics",),
                 "chase": ("pixel-tactics",), "method": ("pt-draft",), "mode": ("pixel-tactics",),
                 "points": ("pixel-tactics",), "scanlines": ("pixel-pusher",)}


def option_refusal(kind: str, picked: dict, lang: str = "en") -> str | None:
    """Return why the /play options given don't fit the game (an option of another game), in ``lang``, or
    ``None``."""
    for name, value in picked.items():
        if value is not None and kind not in _OPTION_GAMES[name]:
            games = t(lang, " and ").join(title(g) for g in _OPTION_GAMES[name])
            option = "card_set" if name == "set" else name
            return t(lang, "The `{option}` option is for {games} only.", option=option, games=games)
    if picked.get("deck") is not None and picked.get("trophies") == 3:
        return t(lang, "Built-deck matches are played to 1 or 2 trophies: a deck's 4 Leaders can't cover a best of "
                       "five.")
    if picked.get("deck") is not None and picked.get("set") is not None:
        return t(lang, "Choose either built decks (`deck`) or a core set both players copy (`card_set`), not both.")
    if picked.get("mode") == "epic" and picked.get("trophies") not in (None, 1):
        return t(lang, "Epic Duel is one game, won by defeating the rival's four Leaders: leave `trophies` out.")
    if picked.get("mode") == "epic" and picked.get("set") is not None:
        return t(lang, "Epic Duel plays Epic decks (without `deck`, each player gets an Epic Combination of both core "
                       "sets and both minipaks): leave `card_set` out.")
    if picked.get("mode") == "duel_draft" and picked.get("promos"):
        return t(lang, "Duel Draft is played without Promos.")
    return team_lobby.team_refusal(picked)
