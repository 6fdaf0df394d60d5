"""Siege on the Pixel Tactics board: each seat's fortress, face-down cards behind each column (counts only)."""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, t, tn
from rendering.pixel_tactics.style import DMG, PX, Names, View, alt_name, as_int, players
from rendering.theme import LINE, MUTED, SLOT, TEXT, Canvas

FORT_H = 78  # the fortress row behind each unit
BACK_W, BACK_H = 40, 58  # one face-down fortress card
BACK_STEP = 16  # how far each card of a pile sits from the one below


def fortress(view: View, seat: int) -> list[int] | None:
    """Return a seat's fortress counts per column ``[col0, col1, col2]``, or None when the view has none."""
    siege = view.get("siege") if isinstance(view.get("siege"), dict) else {}
    forts = siege.get("fortress")
    if not isinstance(forts, list) or not 0 <= seat < len(forts) or not isinstance(forts[seat], list):
        return None
    return [max(0, as_int(n)) for n in forts[seat][:3]] + [0] * (3 - len(forts[seat][:3]))


def draw_fortress(cv: Canvas, box: tuple[float, float, float, float], n: int, lang: str = SOURCE) -> None:
    """One column's fortress: a pile of ``n`` card backs and its count, or an open breach when empty."""
    x0, y0, x1, y1 = box
    if n <= 0:  # the legend's mark: a red cross where the pile stood
        cv.rect(box, SLOT, radius=12, outline=DMG, width=3)
        cy = (y0 + y1) / 2
        cv.rect((x0 + 12, cy - BACK_H / 2, x0 + 12 + BACK_W, cy + BACK_H / 2), SLOT, radius=6, outline=DMG, width=2)
        cv.cross(x0 + 12 + BACK_W / 2 - 12, cy - 12, 24, DMG)
        tx = x0 + 24 + BACK_W
        cv.text(tx, cy - 13, t(lang, "Fortress"), PX, MUTED, SLOT, max_width=x1 - tx - 8)
        cv.text(tx, cy + 15, t(lang, "empty"), PX, TEXT, SLOT, bold=True, max_width=x1 - tx - 8)
        return
    cv.rect(box, SLOT, radius=12, outline=LINE, width=2)
    cy = (y0 + y1) / 2
    shown = min(n, 4)
    for k in range(shown):
        bx = x0 + 12 + k * BACK_STEP
        cv.card_back((bx, cy - BACK_H / 2, bx + BACK_W, cy + BACK_H / 2), radius=6)
    tx = x0 + 12 + (shown - 1) * BACK_STEP + BACK_W + 12
    count = tn(lang, "{n} card", "{n} cards", n)
    cv.text(tx, cy - 13, t(lang, "Fortress"), PX, MUTED, SLOT, max_width=x1 - tx - 8)
    cv.text(tx, cy + 15, count, PX, TEXT, SLOT, bold=True, max_width=x1 - tx - 8)


def _last_round(view: View) -> int:
    """The round after which a Siege is lifted (0 when the view names none)."""
    siege = view.get("siege") if isinstance(view.get("siege"), dict) else {}
    return as_int(siege.get("last_round")) if view.get("mode") == "siege" else 0


def siege_words(view: View, lang: str = SOURCE) -> str:
    """`` · lifted after round 20`` for a Siege view that names its last round, else ""."""
    last = _last_round(view)
    return " · " + t(lang, "lifted after round {n}", n=last) if last > 0 else ""


def siege_alt(view: View, names: Names, lang: str = SOURCE) -> str:
    """The alt text sentence of both fortresses: ``Fortress cards per column (0, 1, 2): Ada 2, 2, 1; …``."""
    parts = []
    for seat in range(max(2, len(players(view)))):
        counts = fortress(view, seat)
        if counts is not None:
            parts.append(f"{alt_name(names, seat)} {', '.join(map(str, counts))}")
    if not parts:
        return ""
    text = t(lang, "No Leaders. Face-down fortress cards per column (0, 1, 2): {counts}.", counts="; ".join(parts))
    last = _last_round(view)
    return text + (" " + t(lang, "The siege is lifted after round {n}.", n=last) if last > 0 else "")


def siege_code(code: str, view: View) -> str:
    """The slot code shown on an empty middle Flank space in Siege (F1: no Leader)."""
    return "F1" if code == "L" and view.get("mode") == "siege" else code


def middle_slot(unit: dict[str, Any], view: View) -> Any:
    """The card in the middle Flank space: Siege may keep it as ``F1`` or ``L`` (a Hero either way)."""
    if view.get("mode") == "siege" and unit.get("F1") is not None:
        return unit.get("F1")
    return unit.get("L")

