"""The single-elimination bracket: one section per round, its matches as cards two by two (the two
matches side by side feed the same match of the next round: a connector joins them to a tag naming that
match, and each card is captioned with its own name), the champion on a gold banner.

View (built by ``cogs/tournaments/views.py``)::

    {"title": str, "subtitle": str, "champion": str | None,
     "rounds": [{"name": "Semi-finals", "matches": [{"done": bool, "slots": [slot, slot],
                                                     "label": "Semi-final 1", "feeds": "Final"}]}]}

``label`` and ``feeds`` are optional (without them a card has no caption and a pair no connector).

A slot is ``None`` (not decided yet), ``{"bye": True}``, or
``{"name": str, "seed": int | None, "score": int | None, "won": bool, "dropped": bool}``.
"""

from __future__ import annotations

from bot.i18n import t
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    LINE,
    MUTED,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
    text_width,
    to_png,
)
from rendering.tournaments.common import (
    SMALL,
    M,
    View,
    W,
    alt_name,
    draw_title,
    fit_items,
    shown,
    title_height,
)

ROW_H, GAP, CARD_GAP = 50, 14, 20
CARD_W = (W - 2 * M - CARD_GAP) // 2
CARD_H = 2 * ROW_H + 2
HEAD_H, BANNER_H = 54, 80
SEED_W, SCORE_W = 62, 52
#: a card's caption (its name) above it; the tag naming the match a pair feeds, below the pair
CAPTION_H, TAG_H, TAG_GAP = 36, 42, 12
WIRE = 3


def _pairs(matches: list[dict]) -> list[list[dict]]:
    """Return the matches two by two (the rows of cards)."""
    return [matches[k:k + 2] for k in range(0, len(matches), 2)]


def _captioned(pair: list[dict]) -> bool:
    """Return whether a row of cards shows their names (a match alone in its round, the final, goes by the
    round's heading)."""
    return len(pair) == 2 and any(m.get("label") for m in pair)


def _row_height(pair: list[dict]) -> int:
    """Return a row of cards' height: captions, the cards, the tag of the match they feed, the gap."""
    caption = CAPTION_H if _captioned(pair) else 0
    tag = TAG_GAP + TAG_H if len(pair) == 2 and pair[0].get("feeds") else 0
    return caption + CARD_H + tag + GAP


def _height(view: View) -> int:
    """Return the page height: title, champion banner, and each round's heading and rows of cards."""
    height = title_height(view) + 8 + M + (BANNER_H + 18 if view.get("champion") else 0)
    for rnd in view.get("rounds") or []:
        height += HEAD_H + sum(_row_height(p) for p in _pairs(list(rnd.get("matches") or []))) + 8
    return height


def _slot(cv: Canvas, slot: dict | None, x: int, y: int, done: bool, lang: str) -> None:
    """One player's row of a match card."""
    mid = y + ROW_H / 2
    if slot is None or slot.get("bye"):
        cv.text(x + SEED_W, mid, t(lang, "bye") if slot else t(lang, "to be decided"), SMALL, MUTED, SURFACE,
                max_width=CARD_W - SEED_W - 12)
        return
    won = bool(slot.get("won"))
    fg = ACCENT if won else (MUTED if done or slot.get("dropped") else TEXT)
    seed = slot.get("seed")
    if seed is not None:
        cv.text(x + SEED_W - 14, mid, str(seed), SMALL, MUTED, SURFACE, anchor="rm")
    tag = t(lang, "dropped") if slot.get("dropped") else ""
    tag_w = text_width(tag, SMALL) + 10 if tag else 0
    room = CARD_W - SEED_W - SCORE_W - tag_w - 6
    name_w = cv.text(x + SEED_W, mid, shown(slot.get("name")), SMALL, fg, SURFACE, bold=won, max_width=room)
    if tag:
        cv.text(x + SEED_W + name_w + 10, mid, tag, SMALL, MUTED, SURFACE)
    score = slot.get("score")
    if score is not None:
        cv.text(x + CARD_W - 18, mid, str(score), SMALL, fg, SURFACE, bold=True, anchor="rm")


def _card(cv: Canvas, match: dict, x: int, y: int, lang: str) -> None:
    """A match: two rows on a panel, a hairline between them."""
    cv.rect((x, y, x + CARD_W, y + CARD_H), SURFACE, radius=12, outline=LINE, width=2)
    slots = list(match.get("slots") or [])[:2]
    slots += [None] * (2 - len(slots))
    done = bool(match.get("done"))
    for k, slot in enumerate(slots):
        _slot(cv, slot, x, y + 1 + k * ROW_H, done, lang)
    cv.rect((x + 12, y + ROW_H, x + CARD_W - 12, y + ROW_H + 2), LINE)


def render_bracket(view: View, lang: str = "en", *, log: list[TextRecord] | None = None) -> bytes:
    """Draw a single-elimination bracket view as PNG bytes (its words in ``lang``)."""
    cv = Canvas(W, _height(view), BG, log)
    y = draw_title(cv, view, lang) + 8
    champion = view.get("champion")
    if champion:
        cv.rect((M, y, W - M, y + BANNER_H), ACCENT, radius=14)
        cv.crown(M + 18, y + (BANNER_H - 44) / 2, 44, INK)
        cv.text(M + 78, y + BANNER_H / 2, t(lang, "Champion: {name}", name=shown(champion)), 34, INK, ACCENT, bold=True,
                max_width=W - 2 * M - 96)
        y += BANNER_H + 18
    for rnd in view.get("rounds") or []:
        cv.text(M, y + HEAD_H / 2 - 2, shown(rnd.get("name"), "?"), 30, TEXT, BG, bold=True, max_width=W - 2 * M)
        y += HEAD_H
        for pair in _pairs(list(rnd.get("matches") or [])):
            _pair(cv, pair, y, lang)
            y += _row_height(pair)
        y += 8
    return to_png(cv.image)


def _pair(cv: Canvas, pair: list[dict], y: int, lang: str) -> None:
    """A row of cards: two side by side, each captioned with its name, wired to the tag of the match their
    winners meet in; a match alone (the final) centred."""
    captioned = _captioned(pair)
    top = y + (CAPTION_H if captioned else 0)
    xs = [(W - CARD_W) // 2] if len(pair) == 1 else [M, M + CARD_W + CARD_GAP]
    for match, x in zip(pair, xs, strict=False):
        if captioned and match.get("label"):
            cv.text(x + 6, y + CAPTION_H / 2, shown(match["label"]), SMALL, MUTED, BG, max_width=CARD_W - 12)
        _card(cv, match, x, top, lang)
    feeds = pair[0].get("feeds") if len(pair) == 2 else None
    if not feeds:
        return
    mid, centre = top + CARD_H // 2, W // 2
    cv.rect((M + CARD_W, mid - WIRE // 2, M + CARD_W + CARD_GAP, mid - WIRE // 2 + WIRE), MUTED)
    tag_top = top + CARD_H + TAG_GAP
    cv.rect((centre - WIRE // 2, mid, centre - WIRE // 2 + WIRE, tag_top), MUTED)
    text = f"→ {shown(feeds)}"
    tag_w = min(W - 2 * M, text_width(text, SMALL) + 36)
    cv.rect((centre - tag_w / 2, tag_top, centre + tag_w / 2, tag_top + TAG_H), BG, radius=TAG_H // 2,
            outline=MUTED, width=2)
    cv.text(centre, tag_top + TAG_H / 2, text, SMALL, TEXT, BG, anchor="mm", max_width=tag_w - 24)


def _alt_slot(slot: dict | None, lang: str) -> str:
    if slot is None:
        return t(lang, "to be decided")
    if slot.get("bye"):
        return t(lang, "a bye")
    seed = f"({slot['seed']}) " if slot.get("seed") is not None else ""
    name = seed + alt_name(slot.get("name"), 24)
    return t(lang, "{name} (dropped)", name=name) if slot.get("dropped") else name


def _alt_match(match: dict, lang: str) -> str:
    slots = list(match.get("slots") or [])[:2] + [None, None]
    a, b = slots[0], slots[1]
    if b is not None and b.get("bye"):
        return t(lang, "{name} has a bye", name=_alt_slot(a, lang))
    scores = [s.get("score") if s and not s.get("bye") else None for s in (a, b)]
    if None not in scores:
        text = f"{_alt_slot(a, lang)} {scores[0]}–{scores[1]} {_alt_slot(b, lang)}"
    else:
        text = t(lang, "{a} v {b}", a=_alt_slot(a, lang), b=_alt_slot(b, lang))
    winner = next((s for s in (a, b) if s and s.get("won")), None)
    return t(lang, "{match}, {name} wins", match=text, name=alt_name(winner.get("name"), 24)) if winner else text


def bracket_alt(view: View, lang: str = "en") -> str:
    """Return the alt text of a bracket image (in ``lang``): the champion first, then each round's matches."""
    parts = [t(lang, "{title}: single-elimination bracket.", title=alt_name(view.get("title"), 80))]
    if view.get("champion"):
        parts.append(t(lang, "Champion: {name}.", name=alt_name(view["champion"])))
    rounds = [f"{alt_name(rnd.get('name'))}: {'; '.join(_alt_match(m, lang) for m in rnd.get('matches') or [])}."
              for rnd in view.get("rounds") or []]
    # too long: the latest rounds first, as many as fit, then how many earlier ones are left out
    return fit_items(parts, [rounds, rounds[::-1]], t(lang, "And {n} earlier rounds, not listed here."))
