"""Compact Unit spaces of the team boards (4 or 6 Units on one image): a Hero or Leader as its name, Attack and
Life pills and its marks; a Corpse hatched; a face-down card as a card back; reserve spaces as Trap (always face
down) or an Operation's time markers. Each space is drawn once per look and then pasted (``cv.cached``)."""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import SOURCE, t
from rendering.pixel_tactics.slots import draw_empty, falls
from rendering.pixel_tactics.style import (
    ATK,
    CORPSE_FACE,
    CORPSE_HATCH,
    CORPSE_TEXT,
    DMG,
    FACE,
    FALL,
    LEADER_EDGE,
    LEADER_FACE,
    LIFE,
    OPERATION,
    PX,
    TRAP,
    WHITE,
    as_int,
    card_name,
    hourglass_sprite,
)
from rendering.theme import INK, Canvas
from rendering.tiles import width_of as text_width

RADIUS = 8
PILL_H = 28


def short_name(name: str, width: float) -> str:
    """``name`` when it fits ``width`` at 24 px, else its longest start that fits with a full stop (``Rim.``)."""
    if text_width(name, PX) <= width:
        return name
    for end in range(len(name) - 1, 0, -1):
        head = name[:end].rstrip()
        if head and text_width(head + ".", PX) <= width:
            return head + "."
    return name[:1]


def _pills_width(values: list[str]) -> float:
    return sum(text_width(v, PX, True) + 12 for v in values) + 4 * (len(values) - 1)


def _stats(cv: Canvas, x0: float, y: float, x1: float, attack: Any, life: Any, face: tuple) -> None:
    """Attack (red) and Life (blue) number pills from x0, or ``4/19`` in ink when the pills do not fit."""
    values = [str(as_int(attack)), str(as_int(life))]
    if _pills_width(values) > x1 - x0:
        cv.text(x0, y + PILL_H / 2, "/".join(values), PX, INK, face, bold=True, max_width=x1 - x0)
        return
    x = x0
    for value, fill in zip(values, (ATK, LIFE), strict=True):
        w = text_width(value, PX, True) + 12
        cv.rect((x, y, x + w, y + PILL_H), fill, radius=PILL_H // 2)
        cv.text(x + w / 2, y + PILL_H / 2 + 1, value, PX, WHITE, fill, bold=True, anchor="mm")
        x += w + 4


def _card(cv: Canvas, w: int, h: int, slot: dict, over: bool) -> None:
    """A face-up Hero or Leader: name, Attack/Life, then damage and the marks (Leader crown, fresh, acted)."""
    leader = slot.get("kind") == "leader"
    face = LEADER_FACE if leader else FACE
    lethal = falls(slot) and not (over and not leader)
    edge = FALL if lethal else LEADER_EDGE if leader else INK
    cv.rect((0, 0, w, h), face, radius=RADIUS, outline=edge, width=5 if lethal else 3 if leader else 2)
    chase = slot.get("chase") if isinstance(slot.get("chase"), dict) else None
    cv.text(7, 17, short_name(card_name(chase or slot.get("card")), w - 14), PX, INK, face)
    _stats(cv, 6, 32, w - 6, slot.get("attack"), slot.get("life"), face)
    y = h - 31
    damage = as_int(slot.get("damage"))
    x = 6
    if damage:
        dw = max(26, text_width(str(damage), PX, True) + 12)
        cv.rect((x, y, x + dw, y + 26), DMG, radius=13)
        cv.text(x + dw / 2, y + 14, str(damage), PX, WHITE, DMG, bold=True, anchor="mm")
        x += dw + 2
    mx = w - 6
    if slot.get("acted") and not over and mx - 26 >= x:
        cv.check_badge(mx - 24, y + 1, 24)
        mx -= 27
    if slot.get("fresh") and not over and mx - 26 >= x:
        cv.star(mx - 25, y, 26)
        mx -= 27
    if leader and mx - 26 >= x:
        cv.crown(mx - 26, y + 1, 26, LEADER_EDGE)


def _corpse(cv: Canvas, w: int, h: int) -> None:
    cv.rect((0, 0, w, h), INK, radius=RADIUS)
    cv.stripes((2, 2, w - 2, h - 2), (CORPSE_FACE, CORPSE_HATCH), 12, radius=RADIUS - 2)
    cv.cross(w / 2 - 16, h / 2 - 16, 32, CORPSE_TEXT)


def draw_space(cv: Canvas, w: int, h: int, slot: Any, code: str, over: bool, lang: str = SOURCE) -> None:
    """One Unit space on a canvas of ``w`` × ``h``: empty, face down, a Corpse or a face-up card."""
    if not isinstance(slot, dict):
        draw_empty(cv, (0, 0, w, h), code, lang)
    elif slot.get("kind") == "corpse":
        _corpse(cv, w, h)
    elif not isinstance(slot.get("card"), dict):  # a face-down card (a hidden Leader): its back only
        cv.card_back((0, 0, w, h), radius=RADIUS)
    else:
        _card(cv, w, h, slot, over)


def draw_reserve_space(cv: Canvas, w: int, h: int, entry: Any, code: str, lang: str = SOURCE) -> None:
    """One reserve space: empty, ``Trap`` (never its face) or an Operation with its time markers."""
    if not isinstance(entry, dict):
        draw_empty(cv, (0, 0, w, h), code, lang)
    elif entry.get("kind") == "trap":
        cv.rect((0, 0, w, h), TRAP, radius=RADIUS, outline=INK, width=2)
        cv.text(w / 2, h / 2 + 1, t(lang, "Trap"), PX, INK, TRAP, bold=True, anchor="mm", max_width=w - 8)
    else:
        cv.rect((0, 0, w, h), OPERATION, radius=RADIUS, outline=INK, width=2)
        count = f"×{as_int(entry.get('timers'))}"
        tw = text_width(count, PX, True) + 28
        cv.sprite(hourglass_sprite(22, WHITE), w / 2 - tw / 2, h / 2 - 11)
        cv.text(w / 2 + tw / 2, h / 2 + 1, count, PX, WHITE, OPERATION, bold=True, anchor="rm")


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def paste_space(cv: Canvas, box: tuple[int, int, int, int], slot: Any, code: str, over: bool,
                lang: str = SOURCE) -> None:
    """Paste the Unit space ``slot`` into ``box`` (drawn once per look)."""
    w, h = box[2] - box[0], box[3] - box[1]
    cv.cached(("team space", _key(slot), code, over, w, h, lang), box,
              lambda sub: draw_space(sub, w, h, slot, code, over, lang))


def paste_reserve(cv: Canvas, box: tuple[int, int, int, int], entry: Any, code: str, lang: str = SOURCE) -> None:
    """Paste the reserve space ``entry`` into ``box``: a Trap stays ``Trap`` whatever the view says of its card."""
    w, h = box[2] - box[0], box[3] - box[1]
    look = {"kind": "trap"} if isinstance(entry, dict) and entry.get("kind") == "trap" else entry
    cv.cached(("team reserve", _key(look), code, w, h, lang), box,
              lambda sub: draw_reserve_space(sub, w, h, look, code, lang))
