"""``/game describe`` for Pixies: the whole table in words, from the view only (Pixies hides nothing a seat may
see but the deck's order, so every viewer reads the same text)."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, t
from rendering.pixies.alt import (
    alt_name,
    final_lines,
    offer_words,
    player_words,
    round_lines,
    table_head,
)

View = dict[str, Any]

LAYOUT = N_("Each grid is 3 by 3: spaces 1 to 3 are the top row, 4 to 6 the middle row, 7 to 9 the bottom row.")


def describe(view: View, names: list[str], viewer: int | None = None, lang: str = "en") -> str:
    """Return the table in words, one topic a line: status, last action, offer, grids, round scores, result."""
    players = view.get("players") or []
    lines = [" ".join(p for p in table_head(view, names, lang) if p)]
    if viewer is not None and 0 <= viewer < len(players):
        lines.append(t(lang, "You are {name}.", name=alt_name(names, players[viewer].get("seat", viewer), lang=lang)))
    last = view.get("last_action") or {}
    if last.get("text") and 0 <= int(last.get("seat", -1)) < len(players):
        text = str(last["text"]).replace("→", "to")
        lines.append(t(lang, "Last action: {name} {action}.", name=alt_name(names, int(last["seat"]), lang=lang),
                       action=text))
    offer = offer_words(view, lang=lang)
    if offer:
        lines.append(offer)
    lines.append(t(lang, LAYOUT))
    lines += [player_words(view, names, k, lang=lang) for k in range(len(players))]
    for entry in view.get("rounds") or []:
        lines.append(" ".join(round_lines(view, names, int(entry.get("round", 0)), lang)))
    if view.get("status") == "finished":
        lines.append(" ".join(p for p in final_lines(view, names, lang) if p))
    return "\n".join(lines)
