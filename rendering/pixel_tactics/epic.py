"""Epic Duel on the Pixel Tactics board: Leaders left to each player, the First/Second badges and the fallen
Leaders (a face-down Leader stays a card back until revealed: the board draws only what the view shows)."""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, t
from rendering.pixel_tactics.style import PX, Names, View, alt_name, as_int, players, seat_name, seat_of
from rendering.theme import MUTED, SURFACE, TEXT, Canvas
from rendering.tiles import wrap as wrap_text

HEAD_H = 46
LINE_H = 34
PAD = 14


def epic_of(view: View) -> dict[str, Any] | None:
    """Return the view's ``epic`` fields, or None outside Epic Duel."""
    epic = view.get("epic")
    return epic if isinstance(epic, dict) else None


def leaders_left(view: View, seat: int) -> int:
    """Return how many Leaders ``seat`` has left (the one in play included)."""
    left = (epic_of(view) or {}).get("leaders_left")
    return as_int(left[seat]) if isinstance(left, list) and 0 <= seat < len(left) else 0


def badge(view: View) -> int | None:
    """Return the seat holding the First badge (None when unknown)."""
    return seat_of((epic_of(view) or {}).get("badge"), max(2, len(players(view))))


def fallen_names(view: View, seat: int) -> list[str]:
    """Return the names of ``seat``'s fallen Leaders (card views, card keys or instance ids)."""
    fallen = (epic_of(view) or {}).get("fallen")
    if not isinstance(fallen, list) or not 0 <= seat < len(fallen) or not isinstance(fallen[seat], list):
        return []
    return [_name(item) for item in fallen[seat]]


def _name(item: Any) -> str:
    """A card's name from its view (``name``), its key or an instance id (``1.marshal@2#2`` → Field Marshal)."""
    if isinstance(item, dict):
        return str(item.get("name") or _name(item.get("key") or "Leader"))
    key = str(item).split(".", 1)[-1].split("@", 1)[0].split("#", 1)[0]
    from bot.games.pixel_tactics.sets import card_def  # card data only: the names of the keys the view gives

    try:
        return str(card_def(key)["name"])
    except (KeyError, TypeError):
        return key.replace("_", " ").replace("-", " ").title() or "Leader"


def bar_counts(view: View, seat: int, p: dict[str, Any], lang: str = SOURCE) -> str:
    """The player bar's counts in Epic Duel: hand, deck, Leaders left, discard."""
    discard = p.get("discard")
    n_discard = len(discard) if isinstance(discard, list) else as_int(discard)
    return t(lang, "Hand {hand}/{size} · Deck {deck} · Leaders {leaders} · Discard {discard}",
             hand=as_int(p.get("hand")), size=as_int(p.get("hand_size"), 7), deck=as_int(p.get("deck")),
             leaders=leaders_left(view, seat), discard=n_discard)


def bar_tags(view: View, seat: int, lang: str = SOURCE) -> list[str]:
    """The badge tag of a player bar: ``First`` or ``Second``."""
    holder = badge(view)
    if holder is None or view.get("phase") in ("finished", "leader"):
        return []
    return [t(lang, "First") if seat == holder else t(lang, "Second")]


def _lines(view: View, names: Names) -> list[str]:
    """One wrapped line list: ``Ada: Lorekeeper, Field Marshal`` for each player with a fallen Leader."""
    out: list[str] = []
    for seat in range(max(2, len(players(view)))):
        fallen = fallen_names(view, seat)
        if fallen:
            out += wrap_text(f"{seat_name(names, seat)}: {', '.join(fallen)}", PX, 800 - 4 * PAD, max_lines=2)
    return out


def panel_height(view: View, names: Names = None) -> int:
    """Height of the fallen Leaders panel (0 outside Epic Duel or before any Leader fell)."""
    if epic_of(view) is None:
        return 0
    lines = _lines(view, names)
    return HEAD_H + len(lines) * LINE_H + PAD + 6 if lines else 0


def draw_panel(cv: Canvas, view: View, names: Names, x0: float, y: float, x1: float, lang: str = SOURCE) -> None:
    """The fallen Leaders panel, one line per player who lost one."""
    height = panel_height(view, names)
    if not height:
        return
    cv.rect((x0, y, x1, y + height - 6), SURFACE, radius=14)
    cv.text(x0 + PAD, y + HEAD_H / 2 + 2, t(lang, "Fallen Leaders"), 28, TEXT, SURFACE, bold=True)
    cv.text(x1 - PAD, y + HEAD_H / 2 + 2, t(lang, "losing the last one loses"), PX, MUTED, SURFACE, anchor="rm")
    for k, line in enumerate(_lines(view, names)):
        cv.text(x0 + PAD, y + HEAD_H + k * LINE_H + LINE_H / 2, line, PX, TEXT, SURFACE, max_width=x1 - x0 - 2 * PAD)


def epic_alt(view: View, names: Names, lang: str = SOURCE) -> str:
    """The alt text sentence of Leaders left, the First badge and fallen Leaders."""
    if epic_of(view) is None:
        return ""
    n = max(2, len(players(view)))
    text = t(lang, "Epic Duel. Leaders left: {counts}.", counts=", ".join(
        f"{alt_name(names, s)} {leaders_left(view, s)}" for s in range(n)))
    holder = badge(view)
    if holder is not None and view.get("phase") != "finished":
        text += " " + t(lang, "{name} holds the First badge.", name=alt_name(names, holder))
    fallen = [f"{alt_name(names, s)}: {', '.join(fallen_names(view, s))}" for s in range(n) if fallen_names(view, s)]
    if fallen:
        text += " " + t(lang, "Fallen Leaders: {fallen}.", fallen="; ".join(fallen))
    return text
