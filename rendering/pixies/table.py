"""Pixies images: the table (turn post), the end-of-round score pad and the final standings.

Pure functions from the Pixies view (docs/dev/pixies_view.md) to PNG bytes. Each render takes an
optional ``log`` list that receives a :class:`rendering.theme.TextRecord` for every text drawn.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, t, tn
from rendering.pixies.alt import final_alt, round_scores_alt, seat_names, table_alt
from rendering.pixies.cards import PALETTE, card_key, card_label, even_floor, paste_card, paste_space
from rendering.pixies.key import draw_key, key_height
from rendering.pixies.scores import render_final, render_round_scores
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    MUTED,
    PHONE_MIN_PX,
    RAISED,
    RGB,
    SURFACE,
    TEXT,
    TextRecord,
    grey,
    to_png,
)
from rendering.theme_parts import ExactCanvas
from rendering.tiles import fit_name
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

__all__ = ["render_table", "render_round_scores", "render_final", "table_alt", "round_scores_alt",
           "final_alt"]

View = dict[str, Any]

W = 800  # image width; all sizes below are tuned for it (smallest text 24 px = 12 px at 400 wide)
M = 20  # outer margin
GAP = 16  # between panels
# offer cards
OFFER_W, OFFER_H, OFFER_VALUE, OFFER_LETTER, OFFER_GAP = 138, 168, 60, 30, 18
# player panels and their grids
PANEL_W = (W - 2 * M - GAP) // 2
BAR_H = 50
GRID_PAD, CELL_GAP, PEEK = 14, 10, 9
CELL_W = (PANEL_W - 2 * GRID_PAD - 2 * CELL_GAP) // 3
CELL_H = 118
GRID_W, GRID_H = 3 * CELL_W + 2 * CELL_GAP, 3 * CELL_H + 2 * CELL_GAP
PANEL_H = BAR_H + GRID_PAD + GRID_H + GRID_PAD
GRID_VALUE, GRID_LETTER, GRID_NUMBER = 40, 24, 36
KEY_GAP = 10  # the panels to the symbols' key under them


def _decision_target(view: View) -> tuple[int | None, str | None, int | None]:
    """(seat, kind, space index) of a pending keep/space decision."""
    dec = view.get("decision") or {}
    kind = dec.get("kind")
    if kind not in ("keep", "space"):
        return dec.get("seat"), kind, None
    card = dec.get("card") or {}
    space = card.get("value")
    index = space - 1 if isinstance(space, int) and 1 <= space <= 9 else dec.get("space")
    return dec.get("seat"), kind, index if isinstance(index, int) and 0 <= index <= 8 else None


#: the header's hint for a keep or space decision: (its space known, not known)
HINTS = {
    "keep": (N_("Space {space} is taken: keep the new card or the old one face up"),
             N_("Its space is taken: keep the new card or the old one face up")),
    "space": (N_("Space {space} is validated: choose an empty space for it, face down"),
              N_("Its space is validated: choose an empty space for it, face down")),
}


def _status(view: View, names: list[str], lang: str = "en") -> tuple[str, str, str]:
    """(name, rest of the header pill, hint line): who acts and what they must do."""
    dec = view.get("decision") or {}
    seat = view.get("to_act")
    if view.get("status") == "finished":
        return "", t(lang, "Game over"), ""
    if seat is None or not 0 <= seat < len(names):
        return "", t(lang, "Waiting"), ""
    _, kind, index = _decision_target(view)
    if kind in HINTS:
        known, unknown = HINTS[kind]
        hint = t(lang, unknown) if index is None else t(lang, known, space=index + 1)
        return names[seat], " " + t(lang, "places {card}", card=card_label(dec.get("card"), lang)), hint
    return names[seat], " " + t(lang, "to pick"), t(lang, "Choose one card from the offer")


def _header(cv: ExactCanvas, view: View, names: list[str], lang: str = "en") -> int:
    y = M
    title_w = cv.text(M, y + 20, t(lang, "Round {round} of 3", round=view.get("round", 1)), 36, TEXT, BG, bold=True)
    cv.text(M, y + 62, _sub_lines(view, lang)[0], 24, MUTED, BG, max_width=W - 2 * M)
    name, rest, hint = _status(view, names, lang)
    pill_max = W - 2 * M - max(270, title_w + 24) - 32  # never over the title (German "Durchgang 1 von 3")
    pill = fit_name(name, 28, pill_max - text_width(rest, 28, True), True)[0] + rest if name else rest
    pw = text_width(pill, 28, True) + 32
    cv.rect((W - M - pw, y, W - M, y + 44), ACCENT, radius=22)
    cv.text(W - M - pw / 2, y + 23, pill, 28, INK, ACCENT, bold=True, anchor="mm")
    y += 92
    for line, fg in _header_lines(view, names, lang):
        cv.text(M, y + 14, line, 24, fg, BG, max_width=W - 2 * M)
        y += 34
    return y + 6


def _sub_line(turn: object, deck: object, lang: str = "en") -> str:
    """The header's second line, with what the panels' "pts" are (a newcomer asked)."""
    return tn(lang, "Turn {turn} · {deck} card in the deck · pts: points from finished rounds",
              "Turn {turn} · {deck} cards in the deck · pts: points from finished rounds",
              deck if isinstance(deck, int) else 2, turn=turn, deck=deck)


def _sub_lines(view: View, lang: str = "en") -> list[str]:
    """The header's second line; when it does not fit (a long translation), broken at its `` · `` parts rather
    than inside one (no lone word on the second line), and wrapped over two lines rather than cut."""
    text, width = _sub_line(view.get("turn", 1), view.get("deck_count", 0), lang), W - 2 * M
    if text_width(text, 24) <= width:
        return [text]
    parts = text.split(" · ")
    for k in range(len(parts) - 1, 0, -1):
        head, tail = " · ".join(parts[:k]), " · ".join(parts[k:])
        if text_width(head, 24) <= width and text_width(tail, 24) <= width:
            return [head, tail]
    return wrap_text(text, 24, width, max_lines=2)


def _header_lines(view: View, names: list[str], lang: str = "en") -> list[tuple[str, RGB]]:
    """The rest of the header's second line, the hint and the last action (each wrapped over two lines rather
    than cut), with their colours."""
    _, _, hint = _status(view, names, lang)
    last = _last_line(view, names, lang)
    lines = [(line, MUTED) for line in _sub_lines(view, lang)[1:]]
    lines += [(line, TEXT) for line in wrap_text(hint, 24, W - 2 * M, max_lines=2)] if hint else []
    wrapped = wrap_text(t(lang, "Last: {action}", action=last), 24, W - 2 * M, max_lines=2) if last else []
    return lines + [(line, MUTED) for line in wrapped]


def _last_line(view: View, names: list[str], lang: str = "en") -> str | None:
    """The last action as a sentence naming its player: the caller's ``last_words`` (the action in ``lang``)
    when the view has them, else the engine's English text (in English only; another language leaves it out)."""
    last = view.get("last_action") or {}
    text = view["last_words"] if "last_words" in view else last.get("text") if lang == "en" else None
    if not text:
        return None
    seat = last.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(view.get("players") or []):
        who = seat_names(names, len(view["players"]))[seat]
        if not text.startswith(who):
            text = f"{who} {text}"
    return text


def _header_height(view: View, names: list[str], lang: str = "en") -> int:
    return 92 + 34 * len(_header_lines(view, names, lang)) + 6


def _offer_cards(view: View) -> tuple[list[dict], dict | None]:
    """(cards on offer, the taken card being placed or None)."""
    _, kind, _ = _decision_target(view)
    taken = (view.get("decision") or {}).get("card") if kind in ("keep", "space") else None
    return list(view.get("offer") or []), taken or None


def _offer_height(view: View) -> int:
    offer, taken = _offer_cards(view)
    return 0 if not offer and not taken else 16 + 32 + OFFER_H + 18


def _offer(cv: ExactCanvas, y: int, view: View, lang: str = "en") -> int:
    offer, taken = _offer_cards(view)
    h = _offer_height(view)
    if not h:
        return y - GAP
    cv.rect((M, y, W - M, y + h), SURFACE, radius=16)
    slots, sep = len(offer) + bool(taken), (OFFER_GAP * 2 if offer and taken else 0)
    cw = min(OFFER_W, int((W - 2 * M - 32 - sep - OFFER_GAP * (slots - 1)) / slots))
    ch = min(OFFER_H, round(cw * OFFER_H / OFFER_W))
    value_px, letter_px = round(cw * OFFER_VALUE / OFFER_W), max(24, round(cw * OFFER_LETTER / OFFER_W))
    x = (W - (slots * cw + (slots - 1) * OFFER_GAP + sep)) / 2
    top = y + 16 + 32 + (OFFER_H - ch) // 2
    if offer:
        cv.text(x, y + 30, t(lang, "Offer"), 24, MUTED, SURFACE, bold=True)
    for card in offer:  # inside the offer's panel: on SURFACE (the card being placed lies over its ring's edge)
        paste_card(cv, (x, top, x + cw, top + ch), card, value_px=value_px, letter_px=letter_px, over=SURFACE)
        x += cw + OFFER_GAP
    if taken:
        x += sep
        cv.text(x, y + 30, t(lang, "Placing"), 24, ACCENT, SURFACE, bold=True)
        cv.rect((x - 5, top - 5, x + cw + 5, top + ch + 5), ACCENT, radius=18)
        paste_card(cv, (x, top, x + cw, top + ch), taken, value_px=value_px, letter_px=letter_px)
    return y + h


def _panel(cv: ExactCanvas, x: int, y: int, view: View, player: dict, name: str, lang: str = "en") -> None:
    """One player's panel: drawn once per look (name, points, state, grid) and pasted whole."""
    seat = player.get("seat")
    active = bool(player.get("active", True))
    acting = active and seat == view.get("to_act") and view.get("status") != "finished"
    dec_seat, kind, index = _decision_target(view)
    mine = dec_seat == seat and acting
    grid = list(player.get("grid") or [])
    spaces = [grid[i] if i < len(grid) else {"up": None, "down": False} for i in range(9)]
    look = (name, player.get("total", 0), active, acting, kind if acting else None, index if mine else None,
            mine and kind == "space", lang, tuple((card_key(sp.get("up")), bool(sp.get("down"))) for sp in spaces))
    ox, oy = (x - 4) // 2 * 2, (y - 4) // 2 * 2  # an even shift keeps every rounding of the drawing
    cv.group(("panel", look, x - ox, y - oy), (ox, oy, x + PANEL_W + 4, y + PANEL_H + 4),
             lambda sub: _draw_panel(sub, x - ox, y - oy, look, spaces), over=BG)


def _draw_panel(cv: ExactCanvas, x: int, y: int, look: tuple, spaces: list[dict]) -> None:
    name, total, active, acting, kind, index, choosing, lang, _ = look
    cv.tone = None if active else grey
    if acting:
        cv.rect((x - 4, y - 4, x + PANEL_W + 4, y + PANEL_H + 4), ACCENT, radius=20)
    bar_bg, fg, sub = (ACCENT, INK, INK) if acting else (RAISED, TEXT, MUTED)
    cv.rect((x, y + BAR_H - 20, x + PANEL_W, y + PANEL_H), SURFACE, radius=16)  # body, under the bar
    cv.rect((x, y, x + PANEL_W, y + BAR_H), bar_bg, radius=16)
    cv.rect((x, y + BAR_H - 16, x + PANEL_W, y + BAR_H), bar_bg)
    tw = cv.text(x + PANEL_W - 14, y + BAR_H / 2, t(lang, "{points} pts", points=total), 26, fg, bar_bg, bold=True,
                 anchor="rm")
    tag = "" if active else t(lang, "resigned")
    if acting:
        tag = t(lang, "placing") if kind in ("keep", "space") else t(lang, "to pick")
    if acting and text_width(name, 26, True) > PANEL_W - 42 - tw - text_width(tag, 24) - 14:
        tag = ""  # the name first: the gold panel and the header's pill already say who is to pick
    tag_w = text_width(tag, 24) + 14 if tag else 0
    name_max = PANEL_W - 28 - tw - 14 - tag_w
    shown, size = fit_name(name, 26, name_max, True, PHONE_MIN_PX)  # smaller, then shortened before a level
    nw = cv.text(x + 14, y + BAR_H / 2, shown, size, fg, bar_bg, bold=True)
    if tag:
        cv.text(x + 14 + nw + 12, y + BAR_H / 2 + 1, tag, 24, sub, bar_bg)
    gx, gy = x + GRID_PAD, y + BAR_H + GRID_PAD
    ox, oy = even_floor(gx - 6), even_floor(gy - 6)  # spaces reach 5 px out; an even shift keeps roundings
    # the grid is a group of its own: a panel redrawn only because its bar changed pastes it whole
    cv.group(("grid", look[-1], index, choosing), (ox, oy, gx + GRID_W + 6, gy + GRID_H + 6),
             lambda sub: _draw_grid(sub, gx - ox, gy - oy, spaces, index, choosing), over=cv.c(SURFACE))
    cv.tone = None


def _draw_grid(cv: ExactCanvas, gx: int, gy: int, spaces: list[dict], index: int | None, choosing: bool) -> None:
    """A player's 3×3 grid of spaces with its top-left corner at (gx, gy). Drawn last space first: a space's
    part reaches 6 px left and up into the gap, where its neighbour's ring or check badge may show (5 px
    out), so it goes down first and finds plain SURFACE there; the neighbour then covers it as before
    (same pixels, and every space's part is cached over one colour, known without looking)."""
    for i, space in reversed(list(enumerate(spaces))):
        r, c = divmod(i, 3)
        cx, cy = gx + c * (CELL_W + CELL_GAP), gy + r * (CELL_H + CELL_GAP)
        candidate = choosing and not space.get("up") and not space.get("down")
        paste_space(cv, (cx, cy, cx + CELL_W, cy + CELL_H), i, space, peek=PEEK, value_px=GRID_VALUE,
                    letter_px=GRID_LETTER, number_px=GRID_NUMBER, ring=index == i, candidate=candidate,
                    over=cv.c(SURFACE))


def render_table(view: View, names: list[str], lang: str = "en", *, log: list[TextRecord] | None = None) -> bytes:
    """The turn post: header, face-up offer, every player's 3×3 grid and the key to the symbols, as PNG bytes, its words in ``lang``
    (the last action: ``view["last_words"]`` when the caller adds them, see :func:`_last_line`)."""
    players = list(view.get("players") or [])
    shown = seat_names(names, len(players), lang)
    rows = (len(players) + 1) // 2
    head_h = _header_height(view, shown, lang)
    offer_h = _offer_height(view)
    panels_h = rows * PANEL_H + (rows - 1) * GAP + 4  # the acting panel's ring reaches 4 px below it
    height = M + head_h + (offer_h + GAP if offer_h else 0) + panels_h + KEY_GAP + key_height(lang, W - 2 * M) + M
    cv = ExactCanvas(W, height, BG, log, palette=PALETTE)
    y = _header(cv, view, shown, lang)
    y = _offer(cv, y, view, lang) + GAP + 2
    for k, player in enumerate(players):
        r, c = divmod(k, 2)
        x = M + c * (PANEL_W + GAP)
        if len(players) % 2 and k == len(players) - 1:  # odd one out: centred
            x = (W - PANEL_W) // 2
        seat = player.get("seat", k)
        _panel(cv, x, y + r * (PANEL_H + GAP), view, player, shown[seat] if 0 <= seat < len(shown) else "?", lang)
    draw_key(cv, M, y + panels_h + KEY_GAP, lang, W - 2 * M)  # what the check, the back and the symbols mean
    return to_png(cv.image)


def warm_faces(cards: list[dict]) -> None:
    """Draw, once per render worker, the tiles every table shows sooner or later: each card face in a grid
    space (alone, validated, ringed for a keep choice), on offer and being placed, the empty spaces, the
    header lines that name no player, the symbols' key and the panels' point totals (a worker's first tables then draw
    only what is new in them). Kept for good (pinned, about 12 MB), apart from the tiles a worker's games
    bring and drop."""
    with PALETTE.warming():
        _warm_faces(cards)


def _warm_faces(cards: list[dict]) -> None:
    cv = ExactCanvas(W, 2 * (OFFER_H + 64) + PANEL_H, BG, None, palette=PALETTE)
    y = 118  # the offer's top lies on an even row, as on every table (header heights are even)
    for k, card in enumerate(cards):
        view = {"offer": cards[k + 1 : k + 4] if k % 3 == 0 else [],
                "decision": {"kind": "keep", "seat": 0, "card": card}}
        _offer(cv, y, view)
    # a panel's grid group: spaces 5 px in from its even corner, as _draw_panel places them
    gx, gy = 4 + GRID_PAD, 4 + BAR_H + GRID_PAD
    ox, oy = even_floor(gx - 6), even_floor(gy - 6)

    def grid(spaces: list[dict], index: int | None, choosing: bool) -> None:
        sub = ExactCanvas(GRID_W + 12, GRID_H + 12, SURFACE, None, palette=PALETTE)  # fresh, as in a render
        _draw_grid(sub, gx - ox, gy - oy, spaces, index, choosing)

    empty = [{"up": None, "down": False}] * 9
    for card in cards:
        i = card["value"] - 1 if isinstance(card.get("value"), int) and 1 <= card["value"] <= 9 else 0
        for down, ring in ((False, None), (True, None), (False, i)):
            grid(empty[:i] + [{"up": card, "down": down}] + empty[i + 1 :], ring, False)
    grid(empty, None, True)
    for r in (1, 2, 3):  # the header's lines that do not name a player
        cv.text(M, 40, f"Round {r} of 3", 36, TEXT, BG, bold=True)
    for reveal in (2, 3, 4):  # cards revealed a turn: the deck's count follows the turn
        for turn in range(1, 70 // reveal + 1):
            deck = 70 - reveal * turn
            cv.text(M, 40, _sub_line(turn, deck), 24, MUTED, BG, max_width=W - 2 * M)
    for space in ["Its space"] + [f"Space {n}" for n in range(1, 10)]:
        for hint in (f"{space} is taken: keep the new card or the old one face up",
                     f"{space} is validated: choose an empty space for it, face down"):
            cv.text(M, 40, hint, 24, TEXT, BG, max_width=W - 2 * M)
    cv.text(M, 40, "Choose one card from the offer", 24, TEXT, BG, max_width=W - 2 * M)
    draw_key(cv, M, 40, width=W - 2 * M)  # the symbols' key (English; another language's is drawn once it shows)
    bar = ExactCanvas(PANEL_W, BAR_H, RAISED, None, palette=PALETTE)
    for total in range(0, 151):
        for fg, bg in ((TEXT, RAISED), (INK, ACCENT)):
            bar.text(PANEL_W - 14, BAR_H / 2, f"{total} pts", 26, fg, bg, bold=True, anchor="rm")
