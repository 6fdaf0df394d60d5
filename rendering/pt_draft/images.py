"""Pixel Tactics Draft images: the public progress of a draft (never a card of a pack, a face-down lot or a pool)
and a player's private pick (their pack, lot or drawn card, numbered as the pick buttons, and their pool so far).

Pure functions from the engine's views (``view(state, None)`` and ``view(state, seat)``) to PNG bytes, with
their alt texts. They feed ``rendering.pixel_tactics.render_draft_pick``/``render_draft_table``; the Winston
table (face-down lots beside the deck) and a lot of more than 8 cards are drawn here.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering import pixel_tactics as pt_images
from rendering.describe_text import fit
from rendering.pixel_tactics.alt import alt_card
from rendering.pixel_tactics.cards import W, card_block
from rendering.pixel_tactics.style import Names, View, new_canvas, scaled_canvas, seat_name
from rendering.pt_draft.words import coins, price, problem_words, progress, returns_words, title
from rendering.theme import ACCENT, BG, GOOD, MUTED, RAISED, SURFACE, TEXT, Canvas
from rendering.tiles import MAX_BYTES

M = 16
GAP = 14
ROW = 52
PX = 24
SMALLER = (21 / 24, 18 / 24, 16 / 24)
MAX_ALT = 1024


def _plain(value: Any, limit: int = 60) -> str:
    text = " ".join(str(value or "").split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _seat_line(view: View, seat: dict, names: Names, lang: str = SOURCE) -> tuple[str, str]:
    """Return (left, right) texts of one seat's row."""
    index = seat.get("seat", 0)
    who = seat_name(names, index)
    if not seat.get("active", True):
        state = t(lang, "left the draft")
    elif view.get("status") == "finished":
        state = t(lang, "done")
    elif index in (view.get("to_act") or []):
        state = t(lang, "to choose") if view.get("method") in ("pack", "epic-pack") or view.get("phase") == "return" \
            else t(lang, "to play")
    elif seat.get("picked"):
        state = t(lang, "picked ✓")
    else:
        state = t(lang, "waiting")
    counts = t(lang, "{leaders} Leaders · {heroes} Heroes", leaders=seat.get("leaders", 0),
               heroes=seat.get("heroes", 0))
    if "coins" in seat:
        counts += " · " + coins(seat["coins"], lang)
    return f"{who}: {state}", counts


def _table_layout(cv: Canvas | None, view: View, names: Names, lang: str = SOURCE) -> float:
    y = M
    line = f"{title(view, lang)} · {progress(view, lang)}"
    if cv is not None:
        cv.text(M, y + 22, t(lang, "Pixel Tactics Draft"), 36, TEXT, BG, bold=True, max_width=W - 2 * M)
        cv.text(M, y + 66, line, PX, MUTED, BG, max_width=W - 2 * M)
    y += 96
    for seat in view.get("seats") or []:
        left, right = _seat_line(view, seat, names, lang)
        if cv is not None:
            acting = seat.get("seat") in (view.get("to_act") or [])
            cv.rect((M, y, W - M, y + ROW), RAISED if acting else SURFACE, radius=12)
            bg = RAISED if acting else SURFACE
            cv.text(M + 14, y + ROW / 2, left, PX, ACCENT if acting else TEXT, bg, bold=True, max_width=W / 2 - 30)
            cv.text(W - M - 14, y + ROW / 2, right, PX, MUTED, bg, anchor="rm", max_width=W / 2 - 30)
        y += ROW + 8
    y += GAP - 8
    if view.get("method") == "winston" and view.get("status") != "finished":
        y = _winston_lots(cv, view, y, lang)
    if view.get("method") == "purchase" and view.get("status") != "finished":
        y = _purchase_lots(cv, view, y, lang)
    return y + M - GAP


def _winston_lots(cv: Canvas | None, view: View, y: float, lang: str = SOURCE) -> float:
    lots = view.get("lots") or []
    width = (W - 2 * M - 3 * GAP) / 4
    looking = view.get("looking")
    for i, size in enumerate([*lots, None]):
        x0 = M + i * (width + GAP)
        if cv is not None:
            hot = i == looking
            fill = RAISED if hot else SURFACE
            cv.rect((x0, y, x0 + width, y + 90), fill, radius=12, outline=ACCENT if hot else None,
                    width=3 if hot else 0)
            top = t(lang, "Deck") if size is None else t(lang, "Lot {n}", n=i + 1)
            count = view.get("deck") if size is None else size
            cv.text(x0 + width / 2, y + 28, top, PX, TEXT, fill, bold=True, anchor="mm", max_width=width - 12)
            cv.text(x0 + width / 2, y + 62, t(lang, "{n} face down", n=count), PX, MUTED, fill, anchor="mm",
                    max_width=width - 12)
    return y + 90 + GAP


def _on_it(lot: dict, lang: str) -> str:
    """`` · 2 on it`` (the coins left on a Purchase lot), or ``""``."""
    return " · " + t(lang, "{n} on it", n=lot["coins"]) if lot.get("coins") else ""


def _purchase_lots(cv: Canvas | None, view: View, y: float, lang: str = SOURCE) -> float:
    for lot in view.get("lots") or []:
        if cv is not None:
            cv.rect((M, y, W - M, y + ROW), SURFACE, radius=12)
            cost = lot.get("cost", 0)
            kind = t(lang, "Common") if lot.get("kind") == "common" else t(lang, "Leader or Hero")
            cv.text(M + 14, y + ROW / 2, t(lang, "Lot {n}", n=cost + 1) + f" · {_plain(lot.get('name'), 40)}", PX,
                    TEXT, SURFACE, bold=True, max_width=W / 2)
            cv.text(W - M - 14, y + ROW / 2, f"{kind} · {price(cost, lang)}{_on_it(lot, lang)}", PX, MUTED, SURFACE,
                    anchor="rm", max_width=W / 2 - 40)
        y += ROW + 8
    return y + GAP - 8


def _png(layout, view: View, names: Names, lang: str = SOURCE) -> bytes:
    height = round(layout(None, view, names, lang))
    data = b""
    for scale in (1, *SMALLER):
        cv = new_canvas(W, height) if scale == 1 else scaled_canvas(W, height, None, scale)
        layout(cv, view, names, lang)
        data = cv.png(shrink=scale == SMALLER[-1]) if scale != 1 else cv.png()
        if len(data) <= MAX_BYTES:
            break
    return data


def _name(names: Names, seat: int) -> str:
    return seat_name(names, seat)


def table_dict(view: View, names: Names = None, lang: str = SOURCE) -> dict[str, Any]:
    """Return the draft table's input of ``rendering.pixel_tactics.render_draft_table`` for a public view."""
    finished = view.get("status") == "finished"
    to_act = view.get("to_act") or []
    seats = [{"name": _name(names, s.get("seat", k)) if s.get("active", True) else
              t(lang, "{name} (left)", name=_name(names, s.get("seat", k))),
              "picked": bool(s.get("picked")) or (view.get("phase") == "return" and s.get("seat") not in to_act),
              "leaders": s.get("leaders", 0), "heroes": s.get("heroes", 0)}
             for k, s in enumerate(view.get("seats") or [])]
    note = {"pack": N_("Picks are made in secret, by DM"), "epic-pack": N_("Picks are made in secret, by DM"),
            "return": N_("Players with more than 25 Heroes may return some to the Cube")}
    key = "return" if view.get("phase") == "return" else view.get("method")
    return {"title": title(view, lang), "status": progress(view, lang), "finished": finished,
            "note": "" if finished or key not in note else t(lang, note[key]), "seats": seats}


def render_draft_table(view: View, names: Names = None, lang: str = SOURCE) -> bytes:
    """The public progress of a draft: every seat's counts and who has picked; a Purchase Draft's face-up lots
    numbered as its buttons; a Winston Draft's face-down lots. Never a hidden card. Its words in ``lang``."""
    running = view.get("status") != "finished" and view.get("phase") != "return"
    if running and view.get("method") == "winston":
        return _png(_table_layout, view, names, lang)
    if running and view.get("method") == "purchase":
        seats = view.get("seats") or []
        held = " · ".join(f"{_name(names, s.get('seat', 0))} {coins(s.get('coins', 0), lang)}" for s in seats)
        buyer = next((s for s in seats if s.get("seat") == view.get("turn")), {})
        return pt_images.render_draft_pick({
            "title": title(view, lang), "status": f"{held} · " + t(lang, "deck {n}", n=view.get("deck", 0)),
            "prompt": t(lang, "{name} buys: lot 1 is free", name=_name(names, view.get("turn", 0))),
            "cards": [{"card": c, "note": n} for c, n in pick_cards(view, lang)],
            "pool": {"leaders": buyer.get("leaders", 0), "leaders_max": 4, "heroes": buyer.get("heroes", 0),
                     "heroes_max": 25}}, lang=lang)
    return pt_images.render_draft_table(table_dict(view, names, lang), lang=lang)


def pick_cards(view: View, lang: str = SOURCE) -> list[tuple[dict, str]]:
    """Return the cards a view offers, in the order their numbers (and the pick buttons) follow, each with a
    note: a pack's pickable cards first (those the player does not hold yet first, as the engine lists them),
    a Winston lot or drawn card, a Purchase Draft's lots with their price and coins."""
    private = view.get("private") or {}
    if private.get("pack"):
        choices = list(private.get("choices") or [])
        held = {c.get("id") for c in (private.get("leaders") or []) + (private.get("heroes") or [])}
        rest = list(private["pack"])
        out = []
        for key in choices:
            card = next((c for c in rest if c.get("id") == key), None)
            if card is not None:
                rest.remove(card)
                out.append((card, t(lang, "you have one") if key in held else
                            (t(lang, "Leader") if view.get("leader_pick") else "")))
        note = t(lang, "not a Leader") if view.get("leader_pick") and choices else t(lang, "not offered")
        return out + [(c, t(lang, "copy") if c.get("id") in choices else note) for c in rest]
    if private.get("drawn"):
        return [(private["drawn"], t(lang, "drawn"))]
    if private.get("lot"):
        return [(c, "") for c in private["lot"]]
    if view.get("method") == "purchase" and view.get("status") != "finished":
        out = []
        for lot in view.get("lots") or []:
            out.append((lot, price(lot.get("cost", 0), lang) + _on_it(lot, lang)))
        return out
    return []


def _private_cards(view: View, lang: str = SOURCE) -> tuple[str, str, list[dict]]:
    """(the pick's short prompt, its whole lead, the cards offered) of a seat's view."""
    private = view.get("private") or {}
    cards = [c for c, _note in pick_cards(view, lang)]
    if private.get("pack"):
        if view.get("leader_pick"):
            return t(lang, "Your pack"), t(lang, "Your pack: pick a Leader (dual cards only)"), cards
        return t(lang, "Your pack"), t(lang, "Your pack: pick a Hero"), cards
    if private.get("drawn"):
        return t(lang, "The card you drew"), t(lang, "The card you drew: keep it as a Hero or a Leader"), cards
    if private.get("lot"):
        n = (view.get("looking") or 0) + 1
        return t(lang, "Lot {n}", n=n), t(lang, "Lot {n}: take it, take one as a Leader, or pass", n=n), cards
    if cards:
        return t(lang, "The lots on offer"), t(lang, "The lots on offer"), cards
    return "", "", []


def _pick_layout(cv: Canvas | None, view: View, names: Names, lang: str = SOURCE) -> float:
    private = view.get("private") or {}
    _short, lead, cards = _private_cards(view, lang)
    y = M
    if cv is not None:
        cv.text(M, y + 22, t(lang, "Your draft"), 36, TEXT, BG, bold=True)
        cv.text(M, y + 66, f"{title(view, lang)} · {progress(view, lang)}", PX, MUTED, BG, max_width=W - 2 * M)
    y += 96
    if lead:
        if cv is not None:
            cv.text(M, y + 18, lead, PX, ACCENT, BG, bold=True, max_width=W - 2 * M)
        y += 44
    for number, card in enumerate(cards, start=1):
        if len(cards) > 8:  # a long Winston lot: one line a card, numbered as the buttons
            if cv is not None:
                cv.rect((M, y, W - M, y + ROW), SURFACE, radius=12)
                cv.text(M + 14, y + ROW / 2, f"{number}. {_stats_line(card, lang)}", PX, TEXT, SURFACE,
                        max_width=W - 2 * M - 28)
            y += ROW + 8
            continue
        h = card_block(None, M, y, W - M, card, lang=lang)
        if cv is not None:
            cv.rect((M, y, W - M, y + h), SURFACE, radius=14)
            card_block(cv, M, y, W - M, card, lang=lang)
        y += h + GAP
    lines = _pool_lines(private, lang=lang)
    for line in lines:
        if cv is not None:
            cv.rect((M, y, W - M, y + ROW), SURFACE, radius=12)
            cv.text(M + 14, y + ROW / 2, line, PX, TEXT, SURFACE, max_width=W - 2 * M - 28)
        y += ROW + 8
    if private.get("deck_problems"):
        if cv is not None:
            cv.rect((M, y, W - M, y + ROW), RAISED, radius=12)
            cv.text(M + 14, y + ROW / 2, _plain(problem_words(private["deck_problems"][0], lang), 70), PX, TEXT,
                    RAISED, max_width=W - 2 * M - 28)
        y += ROW + 8
    elif view.get("status") == "finished" and cv is not None:
        cv.rect((M, y, W - M, y + ROW), SURFACE, radius=12)
        cv.text(M + 14, y + ROW / 2, t(lang, "Your deck is a valid Standard deck") if (private.get("deck") or {}).get(
            "format") != "epic" else t(lang, "Your deck is a valid Epic deck"), PX, GOOD, SURFACE,
                max_width=W - 2 * M - 28)
        y += ROW + 8
    return y + M - 8


def _stats_line(card: dict, lang: str = SOURCE) -> str:
    """Return ``Name · Leader 3/19 · Hero 3/5`` (a Common: ``Name · Common · Hero 3/5``)."""
    hero = card.get("hero") if isinstance(card.get("hero"), dict) else {}
    leader = card.get("leader") if isinstance(card.get("leader"), dict) else None
    lead = (t(lang, "Leader {attack}/{life}", attack=leader.get("attack", "?"), life=leader.get("life", "?"))
            if leader else t(lang, "Common"))
    hero_words = t(lang, "Hero {attack}/{life}", attack=hero.get("attack", "?"), life=hero.get("life", "?"))
    return f"{_plain(card.get('name'), 40)} · {lead} · {hero_words}"


def _pool_lines(private: dict, whole: bool = False, lang: str = SOURCE) -> list[str]:
    leaders = [c.get("name", "?") for c in private.get("leaders") or []]
    heroes = [c.get("name", "?") for c in private.get("heroes") or []]
    shown = heroes if whole else heroes[-8:]
    none = t(lang, "none yet")
    out = [t(lang, "Leaders ({n}): {cards}", n=len(leaders), cards=", ".join(leaders) or none)]
    out.append(t(lang, "Heroes ({n}): {cards}", n=len(heroes),
                 cards=", ".join(shown) + (" …" if len(heroes) > len(shown) else "") if heroes else none))
    n = private.get("returns_left")
    if n:
        out.append(tn(lang, "You may return {n} more Hero to the Cube", "You may return {n} more Heroes to the Cube", n, n=n))
    return out


def pick_dict(view: View, lang: str = SOURCE) -> dict[str, Any]:
    """Return the pick image's input of ``rendering.pixel_tactics.render_draft_pick`` for a seat's view."""
    private = view.get("private") or {}
    lead, _whole, _cards = _private_cards(view, lang)
    if private.get("returns_left"):
        lead = returns_words(private["returns_left"], lang)
    elif view.get("status") == "finished":
        lead = (t(lang, "Your deck is saved") if not private.get("deck_problems") else
                _plain(problem_words(private["deck_problems"][0], lang), 70).split(":")[0])
    pool = {"leaders": len(private.get("leaders") or []), "leaders_max": 4,
            "heroes": len(private.get("heroes") or [])}
    if view.get("method") == "purchase":
        pool["heroes_max"] = 25
    return {"title": title(view, lang), "status": progress(view, lang), "prompt": lead,
            "cards": [{"card": c, "note": n} for c, n in pick_cards(view, lang)], "pool": pool}


def render_draft_pick(view: View, names: Names = None, lang: str = SOURCE) -> bytes:
    """A player's private draft image: the cards they choose from now, numbered as the pick buttons, and their
    pool so far (a lot of more than 8 cards is listed in full, in a longer image). Its words in ``lang``."""
    if len(pick_cards(view)) > 8:
        return _png(_pick_layout, view, names, lang)
    return pt_images.render_draft_pick(pick_dict(view, lang), lang=lang)


def table_sentences(view: View, names: Names = None, lang: str = SOURCE) -> list[str]:
    """The public progress in sentences: the draft, each seat's state and counts, a Purchase Draft's lots."""
    parts = [f"{title(view, lang)}: {progress(view, lang)}."]
    for seat in view.get("seats") or []:
        left, right = _seat_line(view, seat, names, lang)
        parts.append(f"{left} ({right}).")
    if view.get("method") == "purchase" and view.get("status") != "finished":
        lots = "; ".join(t(lang, "{n}. {card} ({coins} on it)", n=lot.get("cost", 0) + 1,
                           card=_plain(lot.get("name"), 30), coins=coins(lot.get("coins", 0), lang))
                         for lot in view.get("lots") or [])
        parts.append(t(lang, "Lots: {lots}.", lots=lots))
    return parts


def alt_table(view: View, names: Names = None, lang: str = SOURCE) -> str:
    """Alt text of the public progress image (no hidden card), in ``lang``."""
    return fit([" ".join(table_sentences(view, names, lang))], MAX_ALT, lang)


def pick_sentences(view: View, detail: bool = True, whole: bool = False, full: bool = False,
                   lang: str = SOURCE) -> list[str]:
    """A player's own draft in sentences: what they choose from (numbered as the buttons, with each card's
    figures and note when ``detail``, its whole text when ``full``), then their pool (every Hero when
    ``whole``, else the last 8)."""
    _short, lead, _cards = _private_cards(view, lang)
    parts = [t(lang, "Your draft: {progress}.", progress=progress(view, lang))]
    if lead:
        offered = [f"{k}. {alt_card(c, lang) if full else _stats_line(c, lang) if detail else _plain(c.get('name'), 30)}"
                   + (f" ({note})" if detail and note else "") for k, (c, note) in enumerate(pick_cards(view, lang), 1)]
        parts.append(f"{lead}: " + "; ".join(offered) + ".")
    parts.extend(line + "." for line in _pool_lines(view.get("private") or {}, whole, lang))
    return parts


def alt_pick(view: View, names: Names = None, lang: str = SOURCE) -> str:
    """Alt text of a player's private draft image (the cards' figures when they fit, else their names), in
    ``lang``."""
    return fit([" ".join(pick_sentences(view, True, full=True, lang=lang)),
                *(" ".join(pick_sentences(view, detail, lang=lang)) for detail in (True, False))], MAX_ALT, lang)


__all__ = ["render_draft_table", "render_draft_pick", "alt_table", "alt_pick", "progress", "pick_cards",
           "pick_dict", "table_dict", "table_sentences", "pick_sentences", "problem_words", "title", "price", "coins"]
