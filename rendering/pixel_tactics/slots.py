"""Pixel Tactics board cells: a unit slot (Hero, Leader, corpse, hidden Leader, empty) and a reserve slot."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from rendering.pixel_tactics.positions import COLUMNS
from rendering.pixel_tactics.style import (
    CORPSE_FACE,
    CORPSE_HATCH,
    CORPSE_TEXT,
    DMG,
    FACE,
    FALL,
    LEADER_EDGE,
    LEADER_FACE,
    OPERATION,
    PX,
    SLOT_TEXT,
    TRAP,
    WHITE,
    as_int,
    card_name,
    chip_items,
    damage_badge,
    draw_chips,
    hourglass_sprite,
    stat_pill,
    stats_width,
)
from rendering.theme import (
    INK,
    LINE,
    RAISED,
    RGB,
    SLOT,
    TEXT,
    Canvas,
)
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap

RADIUS = 12
NAME_Y = 24  # centre of the name line below the card top
NAME_LINE = 28  # a long name's second line
STATS_Y, STATS_H = 42, 34
CHIPS_Y, CHIP_H = 84, 30


def falls(slot: dict) -> bool:
    """Whether a living card's damage reaches its Life (it falls at the end of the wave)."""
    if slot.get("kind") == "corpse" or slot.get("card") is None:
        return False
    damage = as_int(slot.get("damage"))
    return damage > 0 and damage >= as_int(slot.get("life"))


def slot_marks(slot: Any) -> dict[str, bool]:
    """Legend markers a unit slot shows: fresh, acted, damage, falls."""
    if not isinstance(slot, dict) or slot.get("kind") == "corpse" or not isinstance(slot.get("card"), dict):
        return {}
    return {"fresh": bool(slot.get("fresh")), "acted": bool(slot.get("acted")),
            "damage": as_int(slot.get("damage")) > 0, "falls": falls(slot)}


def space_words(code: str, lang: str = "en") -> str:
    """An empty space's faint label: its column as its owner sees it (``V0`` → ``left``), ``X1`` → ``reserve 2``,
    ``L`` → ``Leader``."""
    if len(code) == 2 and code[0] in "VFR" and code[1] in COLUMNS:
        return t(lang, COLUMNS[code[1]])
    if code == "L":  # the Leader's space, empty once a game's Leaders are set aside as its trophy
        return t(lang, "Leader")
    if len(code) == 2 and code[0] == "X" and code[1].isdigit():
        return t(lang, "reserve {n}", n=int(code[1]) + 1)
    return code


def draw_empty(cv: Canvas, box, code: str, lang: str = "en") -> None:
    """An empty space with its faint label (:func:`space_words`)."""
    x0, y0, x1, y1 = box
    cv.rect(box, SLOT, radius=RADIUS, outline=LINE, width=2)
    words = space_words(code, lang)
    if text_width(words, PX) > x1 - x0 - 12 and code.startswith("X"):  # a small team-board space
        words = code[1:] if not code[1:].isdigit() else str(int(code[1:]) + 1)
    elif text_width(words, PX) > x1 - x0 - 12:  # a King space too narrow for its column's name: the grid says it
        return
    cv.text((x0 + x1) / 2, (y0 + y1) / 2, words, PX, SLOT_TEXT, SLOT, anchor="mm", max_width=x1 - x0 - 12)


def _back_with_label(cv: Canvas, box, label: str, fill: RGB = RAISED, fg: RGB = TEXT) -> None:
    x0, y0, x1, y1 = box
    cv.card_back(box, radius=RADIUS)
    w = min(x1 - x0 - 16, text_width(label, PX, True) + 24)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cv.rect((cx - w / 2, cy - 18, cx + w / 2, cy + 18), INK, radius=18)
    cv.rect((cx - w / 2 + 2, cy - 16, cx + w / 2 - 2, cy + 16), fill, radius=16)
    cv.text_in((cx - w / 2, cy - 16, cx + w / 2, cy + 16), label, PX, fg, fill, bold=True, pad=10)


def draw_corpse(cv: Canvas, box, slot: dict, lang: str = "en") -> None:
    """A corpse: a hatched grey card with its name on a plate."""
    x0, y0, x1, y1 = box
    cv.rect(box, INK, radius=RADIUS)
    cv.stripes((x0 + 2, y0 + 2, x1 - 2, y1 - 2), (CORPSE_FACE, CORPSE_HATCH), 14, radius=RADIUS - 2)
    cy = (y0 + y1) / 2
    cv.rect((x0 + 10, cy - 34, x1 - 10, cy + 34), CORPSE_FACE, radius=8)
    cv.text_in((x0 + 10, cy - 34, x1 - 10, cy), t(lang, "Corpse"), PX, CORPSE_TEXT, CORPSE_FACE, bold=True)
    name = card_name(slot.get("card"), "")
    if name:
        cv.text_in((x0 + 10, cy, x1 - 10, cy + 34), name, PX, CORPSE_TEXT, CORPSE_FACE)


def draw_unit_card(cv: Canvas, box, slot: dict, over: bool = False, lang: str = "en") -> None:
    """A face-up Hero or Leader in a unit (``over``: the game has ended, so nothing is about to fall).

    Its name is never cut: the damage badge moves down beside the stats, else the name takes two lines."""
    x0, y0, x1, y1 = box
    leader = slot.get("kind") == "leader"
    face = LEADER_FACE if leader else FACE
    lethal = falls(slot) and not (over and not leader)
    edge = FALL if lethal else LEADER_EDGE if leader else INK
    cv.rect(box, face, radius=RADIUS, outline=edge, width=6 if lethal else 4 if leader else 2)
    damage = as_int(slot.get("damage"))
    badge_w = max(40, text_width(str(damage), PX, True) + 18) if damage else 0
    chase = slot.get("chase") if isinstance(slot.get("chase"), dict) else None  # a Chase Leader leads by its name
    name, name_x, full = card_name(chase or slot.get("card")), x0 + 14, x1 - 12 - (x0 + 14)
    marks = [k for k in ("acted", "fresh") if slot.get(k) and not over] + (["crown"] if leader else [])
    room = x1 - x0 - 24 - stats_width(slot.get("attack"), slot.get("life"), STATS_H) - 34 * len(marks)
    badge_down = bool(damage) and text_width(name, PX, True) > full - badge_w - 6 and room >= badge_w + 12
    name_room = full - (badge_w + 6 if damage and not badge_down else 0)
    lines = [name] if text_width(name, PX, True) <= name_room else wrap(name, PX, name_room, True, 2)
    for k, line in enumerate(lines):
        cv.text(name_x, y0 + NAME_Y + NAME_LINE * k, line, PX, INK, face, bold=True, max_width=full)
    drop = NAME_LINE * (len(lines) - 1)  # a name on two lines pushes the stats and chips down
    if damage and not badge_down:
        damage_badge(cv, x1 - 26, y0 + NAME_Y + 1, damage)
    x = x0 + 12
    x += stat_pill(cv, x, y0 + STATS_Y + drop, slot.get("attack"), STATS_H, True) + 6
    stat_pill(cv, x, y0 + STATS_Y + drop, slot.get("life"), STATS_H, False)
    mx = x1 - 12
    if badge_down:
        damage_badge(cv, mx - 20, y0 + STATS_Y + drop + STATS_H / 2, damage, size=36)
        mx -= badge_w + 6
    if "acted" in marks:
        cv.check_badge(mx - 30, y0 + STATS_Y + drop + 2, 30)
        mx -= 34
    if "fresh" in marks:
        cv.star(mx - 30, y0 + STATS_Y + drop + 1, 32)
        mx -= 34
    if leader:
        cv.crown(mx - 32, y0 + STATS_Y + drop + 1, 32, LEADER_EDGE)
    items = chip_items(slot, lang)
    if lethal:
        items.insert(0, (t(lang, "Routed") if over else t(lang, "Falls"), DMG))
    draw_chips(cv, items, x0 + 10, y0 + CHIPS_Y + drop, x1 - 10, h=CHIP_H, rows=2 if not drop else 1)


def draw_slot(cv: Canvas, box, slot: Any, code: str, *, hidden_label: str | None = None, over: bool = False,
              lang: str = "en") -> None:
    """One unit space: empty, a hidden Leader (card back), a corpse or a face-up card."""
    if not isinstance(slot, dict):
        if hidden_label:
            _back_with_label(cv, box, hidden_label)
        else:
            draw_empty(cv, box, code, lang)
    elif slot.get("kind") == "corpse":
        draw_corpse(cv, box, slot, lang)
    elif not isinstance(slot.get("card"), dict):
        _back_with_label(cv, box, hidden_label or (t(lang, "Leader") if slot.get("kind") == "leader"
                                                       else t(lang, "Face down")))
    else:
        draw_unit_card(cv, box, slot, over, lang)


def draw_reserve(cv: Canvas, box, entry: Any, code: str, lang: str = "en") -> None:
    """One reserve space: empty, a face-down Trap (always drawn face down here) or a running Operation."""
    x0, y0, x1, y1 = box
    if not isinstance(entry, dict):
        draw_empty(cv, box, code, lang)
        return
    if entry.get("kind") == "trap":
        _back_with_label(cv, box, t(lang, "Trap"), TRAP, INK)
        return
    cv.rect(box, OPERATION, radius=RADIUS, outline=INK, width=2)
    cv.text(x0 + 14, y0 + 24, card_name(entry.get("card")), PX, WHITE, OPERATION, bold=True,
            max_width=x1 - x0 - 28)
    timers = as_int(entry.get("timers"))
    label = t(lang, "Operation") if entry.get("kind") == "operation" else t(lang, "Reserve")
    cy = y1 - 26
    cv.text(x0 + 14, cy, label, PX, WHITE, OPERATION, max_width=x1 - x0 - 110)
    count = f"×{timers}"
    tw = text_width(count, PX, True)
    cv.text(x1 - 14, cy + 1, count, PX, WHITE, OPERATION, bold=True, anchor="rm")
    cv.sprite(hourglass_sprite(26, WHITE), x1 - 14 - tw - 30, cy - 13)
