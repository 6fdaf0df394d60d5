"""The words of /league's private answers: a player's deck as an image and in words, and the challenges'
history (in the member's language)."""

from __future__ import annotations

from functools import partial
from typing import Any

import bot.league as rules
from bot.games.pixel_tactics.pools import card as card_of
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import N_, SOURCE, t
from cogs.league.common import base_name, name_of
from cogs.posts import Image, esc, render
from rendering import themes
from rendering.pixel_tactics import render_deck

#: a challenge's status as ``/league history`` names it
STATUS_WORDS = {"offered": N_("offered"), "accepted": N_("accepted"), "declined": N_("declined"),
                "withdrawn": N_("withdrawn"), "lapsed": N_("lapsed"), "playing": N_("playing"),
                "void": N_("voided")}


async def deck_image(row: Any, user_id: int, name: str, theme: str = themes.STANDARD, lang: str = SOURCE) -> Image:
    """Return a player's league deck as an image (their Leaders and the 25 Heroes of the deck, by set), in
    ``theme`` and ``lang``."""
    pool = rules.pool_of(row.state, user_id)
    view = {"name": f"{name} — {name_of(row, lang)}", "format": "league",
            "leaders": [card_of(k) or {"key": k, "name": k} for k in pool.get("leaders") or []],
            "heroes": [card_of(k) or {"key": k, "name": k} for k in pool.get("deck") or []]}
    alt = t(lang, "League deck of {player}: Leaders {leaders}; Heroes {heroes}.", player=name,
            leaders=", ".join(name_of_card(k) for k in pool.get("leaders") or []),
            heroes=", ".join(name_of_card(k) for k in pool.get("deck") or []))
    return Image(await render(themes.render, theme, partial(render_deck, lang=lang), view),
                 f"league-{row.id}-deck.png", alt[:1000])


def deck_words(row: Any, user_id: int, lang: str = SOURCE) -> str:
    """Return a player's league deck in words: their Leaders, and the Heroes of their pool out of the deck."""
    pool = rules.pool_of(row.state, user_id)
    deck = list(pool.get("deck") or [])
    spare = list(pool.get("heroes") or [])
    for key in deck:
        if key in spare:
            spare.remove(key)
    return t(lang, "**Leaders**: {leaders}\n**Deck** ({n} Heroes): {heroes}\n**In your pool, out of the deck**: "
             "{out}", leaders=", ".join(name_of_card(k) for k in pool.get("leaders") or []) or t(lang, "none yet"),
             n=len(deck), heroes=", ".join(name_of_card(k) for k in deck) or t(lang, "none yet"),
             out=", ".join(name_of_card(k) for k in spare) or t(lang, "none"))


def history_line(c: dict, names: dict[int, str], lang: str = SOURCE) -> str:
    """Return one challenge in words: number, cycle, players, and its result (the choices once played)."""
    head = t(lang, "`{number}` cycle {cycle}: {first} v {second} — ", number=c["id"], cycle=c.get("cycle"),
             first=esc(names.get(c["by"], "?")), second=esc(names.get(c["to"], "?")))
    status = c.get("status")
    if status != "done":
        return head + (t(lang, STATUS_WORDS[status]) if status in STATUS_WORDS else esc(str(status)))
    if c.get("winner") is None:
        return head + t(lang, "tie, nothing captured")
    winner = esc(names.get(c["winner"], "?"))
    base = ((c.get("choices") or {}).get(str(c["winner"])) or {}).get("base")
    if base:
        return head + t(lang, "{winner} won, captured {base}", winner=winner, base=base_name(base))
    return head + t(lang, "{winner} won", winner=winner)


def history_text(row: Any, lang: str = SOURCE) -> str:
    """Return ``/league history``'s answer: the latest 30 challenges, one a line."""
    names = {p["id"]: p["name"] for p in row.state.get("players") or []}
    lines = [history_line(c, names, lang) for c in row.state.get("challenges") or []]
    text = "\n".join(lines[-30:]) or t(lang, "No challenge yet.")
    return t(lang, "**{league}** — challenges:", league=name_of(row, lang)) + f"\n{text}"
