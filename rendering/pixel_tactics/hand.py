"""Pixel Tactics hand image (sent privately): the viewer's hand cards with their three uses, and their own
face-down Traps with the answer policy set for each.

Pure function from the private view (``view(state, seat)``) to PNG bytes.
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics.cards import W, card_block
from rendering.pixel_tactics.style import (
    PX,
    TRAP,
    Names,
    View,
    card_name,
    new_canvas,
    players,
    scaled_canvas,
    seat_name,
    seat_of,
    side,
)
from rendering.pixel_tactics.words import actions_words, epic_step, round_words
from rendering.theme import (
    ACCENT,
    BG,
    INK,
    MUTED,
    RAISED,
    SURFACE,
    TEXT,
    Canvas,
    TextRecord,
)
from rendering.tiles import MAX_BYTES
from rendering.tiles import clean as clean_text
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text
from rendering.tiles_scaled import ScaledCanvas

M = 16
GAP = 16
HAND_LINES = 4  # a hand card's rule text is never cut (the longest takes 3 lines)
#: smaller scales for a hand that would weigh more than the budget: each draws the 24 px text at whole
#: pixels (21, 18, 16), so it stays 12 px when the image is shown 400 px wide
SMALLER = (21 / 24, 18 / 24, 16 / 24)
POLICIES = {"ask": N_("Asks you"), "always": N_("Always activates"), "never": N_("Never activates")}


def hand_cards(view: View) -> list[dict]:
    """The private view's hand (malformed entries dropped)."""
    hand = view.get("hand")
    return [c for c in hand if isinstance(c, dict)] if isinstance(hand, list) else []


def own_traps(view: View) -> list[tuple[int, dict]]:
    """(reserve index, entry) of the viewer's face-down Traps whose card the view shows."""
    you = seat_of(view.get("you"), max(2, len(players(view))))
    ps = players(view)
    if you is None or you >= len(ps):
        return []
    reserve = ps[you].get("reserve") if isinstance(ps[you].get("reserve"), list) else []
    return [(k, e) for k, e in enumerate(reserve)
            if isinstance(e, dict) and e.get("kind") == "trap" and isinstance(e.get("card"), dict)]


def own_leader(view: View) -> dict | None:
    """The viewer's own Leader card while the Leader choice is still secret."""
    you = seat_of(view.get("you"), max(2, len(players(view))))
    ps = players(view)
    if view.get("phase") != "leader" or you is None or you >= len(ps):
        return None
    unit = ps[you].get("unit") if isinstance(ps[you].get("unit"), dict) else {}
    slot = unit.get("L")
    return slot["card"] if isinstance(slot, dict) and isinstance(slot.get("card"), dict) else None


def _pill_text(view: View, lang: str) -> str:
    you = seat_of(view.get("you"), max(2, len(players(view))))
    phase = view.get("phase")
    if phase == "leader":
        return t(lang, "Leader chosen") if own_leader(view) else t(lang, "Choose your Leader")
    if phase == "finished":
        return t(lang, "Game over")
    if phase == "turn" and you is not None and view.get("turn") == you:
        left = view.get("actions_left")
        return t(lang, "Your turn: {left}", left=actions_words(left if isinstance(left, int) else 0, lang))
    return ""


def _trap_block(cv: Canvas | None, y0: float, index: int, entry: dict, lang: str) -> float:
    x0, x1, pad = M, W - M, 14
    policy = POLICIES.get(str(entry.get("policy") or ""), "")
    policy = t(lang, policy) if policy else ""
    pw = text_width(policy, PX, True) + 24 if policy else 0
    text = clean_text(str(side(entry.get("card"), "tactic").get("text") or ""), "")
    lines = wrap_text(text, PX, x1 - x0 - 2 * pad - 8, max_lines=4) if text else []
    h = 52 + 10 + 31 * len(lines) + (pad if lines else 0)
    if cv is not None:
        cv.rect((x0, y0, x1, y0 + h), TRAP, radius=14)
        title = f"{t(lang, 'reserve {n}', n=index + 1)} · {card_name(entry.get('card'))}"
        cv.text(x0 + pad, y0 + 28, title, 28, INK, TRAP, bold=True, max_width=x1 - x0 - 3 * pad - pw)
        if policy:
            cv.rect((x1 - pad - pw, y0 + 10, x1 - pad, y0 + 46), INK, radius=18)
            cv.text(x1 - pad - pw / 2, y0 + 29, policy, PX, TRAP, INK, bold=True, anchor="mm")
        for k, line in enumerate(lines):
            cv.text(x0 + pad, y0 + 62 + 31 * k + 15, line, PX, INK, TRAP)
    return h


def _card_part(cv: Canvas, y: float, h: float, card: dict, lang: str) -> None:
    """One hand card in its panel, drawn once per card face (and page scale), then pasted whole."""
    def draw(sub: Canvas) -> None:
        x0, y0 = (M, y) if isinstance(sub, ScaledCanvas) else (0, 0)  # a scaled part draws in page units
        sub.rect((x0, y0, x0 + W - 2 * M, y0 + h), SURFACE, radius=14)
        card_block(sub, x0, y0, x0 + W - 2 * M, card, max_lines=HAND_LINES, lang=lang)

    cv.cached(("hand card", json.dumps(card, sort_keys=True, default=str), lang), (M, y, W - M, y + h), draw)


def leader_stack(view: View) -> list[dict]:
    """The viewer's Leader stack while they pick a Leader from it (built decks, Epic Duel), else []."""
    picking = view.get("phase") == "leader" or (view.get("phase") == "epic" and epic_step(view).get("stage") == "pick")
    return [c for c in view.get("leader_stack") or [] if isinstance(c, dict)] if picking else []


def _leader_stack(cv: Canvas | None, view: View, y: float, lang: str) -> float:
    """While a Leader is to be chosen from a Leader stack (built decks, Epic Duel), list it: name, Leader
    figures and text, one line each; returns the y below it."""
    stack = leader_stack(view)
    if not stack:
        return y
    entries = []
    for card in stack:
        lead = side(card, "leader")
        head = t(lang, "{card} · Leader {attack}/{life}", card=card_name(card), attack=lead.get("attack", "?"),
                 life=lead.get("life", "?"))
        entries.append((head, wrap_text(str(lead.get("text") or ""), PX, W - 2 * M - 28, max_lines=HAND_LINES)))
    h = 52 + sum(31 + 31 * len(lines) + 8 for _, lines in entries) + 6
    if cv is not None:
        cv.rect((M, y, W - M, y + h), SURFACE, radius=14)
        cv.text(M + 14, y + 26, t(lang, "Your Leader stack"), 28, TEXT, SURFACE, bold=True)
        yy = y + 52
        for head, lines in entries:
            cv.text(M + 14, yy + 15, head, PX, ACCENT, SURFACE, bold=True, max_width=W - 2 * M - 28)
            for k, line in enumerate(lines):
                cv.text(M + 14, yy + 31 + 31 * k + 15, line, PX, TEXT, SURFACE)
            yy += 31 + 31 * len(lines) + 8
    return y + h + GAP


#: a hand image part is at most this many times as tall as wide: it reads whole on a phone's screen without
#: zooming out (a taller hand is split into parts sent together, rather than drawn smaller)
TALL = 1.6
MAX_PARTS = 10  # a Discord message carries at most ten files
HEAD = 96  # the heading every part starts with: title, pill, the player's line
Block = tuple[str, Any, float]  # (kind, what it draws, its height with the gap below)


def _blocks(view: View, lang: str) -> list[Block]:
    """What the hand image shows below its heading, in order, each with its height."""
    blocks: list[Block] = []
    leader = own_leader(view)
    if leader:
        blocks.append(("leader", leader, 44 + GAP))
    cards = hand_cards(view)
    if not cards:
        blocks.append(("empty", None, 60 + GAP))
    blocks += [("card", card, card_block(None, M, 0, W - M, card, max_lines=HAND_LINES, lang=lang) + GAP)
               for card in cards]
    if leader_stack(view):
        blocks.append(("stack", None, _leader_stack(None, view, 0, lang)))
    for k, (index, entry) in enumerate(own_traps(view)):  # the first Trap carries the section's heading
        blocks.append(("trap", (index, entry, k == 0), (44 if k == 0 else 0) + _trap_block(None, 0, index, entry, lang)
                       + GAP))
    return blocks


def _height(part: list[Block]) -> float:
    return M + HEAD + sum(h for _, _, h in part) - GAP + M


def hand_parts(view: View, lang: str = SOURCE) -> list[list[Block]]:
    """The hand image's parts: its blocks packed in order into images at most :data:`TALL` times as tall as wide
    (a block taller than that alone in its part; at most :data:`MAX_PARTS`, the last one taller if need be). A part
    starting with a Trap repeats the Traps' heading."""
    parts: list[list[Block]] = [[]]
    for block in _blocks(view, lang):
        if parts[-1] and _height([*parts[-1], block]) > TALL * W:
            parts.append([])
            if block[0] == "trap" and not block[1][2]:
                block = ("trap", (*block[1][:2], True), block[2] + 44)
        parts[-1].append(block)
    return parts[:MAX_PARTS - 1] + [[b for part in parts[MAX_PARTS - 1:] for b in part]] if len(parts) > MAX_PARTS else parts


def part_cards(view: View, part: int, lang: str = SOURCE) -> tuple[list[dict], list[tuple[int, dict]], bool]:
    """The hand cards, the face-down Traps and whether the Leader (and Leader stack) show on part ``part``."""
    blocks = hand_parts(view, lang)[part]
    return ([b[1] for b in blocks if b[0] == "card"], [b[1][:2] for b in blocks if b[0] == "trap"],
            any(b[0] in ("leader", "stack") for b in blocks))


def _heading(cv: Canvas, view: View, names: Names, lang: str, part: int, parts: int) -> None:
    you = seat_of(view.get("you"), max(2, len(players(view))))
    y = M
    pill = _pill_text(view, lang)
    title = t(lang, "Your hand") if parts == 1 else t(lang, "Your hand ({part}/{parts})", part=part + 1, parts=parts)
    cv.text(M, y + 22, title, 36, TEXT, BG, bold=True)
    pw = text_width(pill, 28, True) + 32 if pill else 0
    if pill:
        cv.rect((W - M - pw, y, W - M, y + 44), ACCENT, radius=22)
        cv.text(W - M - pw / 2, y + 23, pill, 28, INK, ACCENT, bold=True, anchor="mm")
    cards = hand_cards(view)
    many = tn(lang, "{n} card", "{n} cards", len(cards))
    rest = " · ".join(b for b in (many, round_words(view, lang)) if b)
    name = seat_name(names, you) if you is not None else ""
    if name:  # the player's name is what gives way (the alt text names them in full)
        name = fit_text(name, PX, W - 2 * M - text_width(f" · {rest}", PX)) + " · "
    cv.text(M, y + 66, name + rest, PX, MUTED, BG, max_width=W - 2 * M)


def _draw(cv: Canvas, view: View, names: Names, lang: str, part: int, parts: list[list[Block]]) -> None:
    _heading(cv, view, names, lang, part, len(parts))
    y = M + HEAD
    for kind, what, h in parts[part]:
        if kind == "leader":
            cv.rect((M, y, W - M, y + 44), SURFACE, radius=12)
            words = t(lang, "Your Leader (secret until both reveal): {card}", card=card_name(what))
            cv.text(M + 14, y + 22, fit_text(words, PX, W - 2 * M - 28, True), PX, ACCENT, SURFACE, bold=True)
        elif kind == "empty":
            cv.rect((M, y, W - M, y + 60), SURFACE, radius=14)
            cv.text(W / 2, y + 30, t(lang, "No cards in hand"), PX, MUTED, SURFACE, anchor="mm")
        elif kind == "card":
            _card_part(cv, y, h - GAP, what, lang)
        elif kind == "stack":
            _leader_stack(cv, view, y, lang)
        elif kind == "trap":
            index, entry, first = what
            if first:
                cv.rect((M, y + 20, W - M, y + 22), RAISED)
                label = t(lang, "Your face-down Traps")
                lw = text_width(label, PX, True) + 24
                cv.rect((W / 2 - lw / 2, y + 4, W / 2 + lw / 2, y + 38), BG)
                cv.text(W / 2, y + 21, label, PX, MUTED, BG, bold=True, anchor="mm")
            _trap_block(cv, y + (44 if first else 0), index, entry, lang)
        y += h


def render_hand(view: View, names: Names = None, lang: str = SOURCE, *, part: int = 0,
                log: list[TextRecord] | None = None) -> bytes:
    """Part ``part`` of the viewer's private hand image (each card's Leader, Hero and tactic uses, own Traps; see
    :func:`hand_parts`), as PNG bytes (its words in ``lang``)."""
    parts = hand_parts(view, lang)
    height = round(_height(parts[part]))
    for scale in (1, *SMALLER):  # a part too heavy for the size budget is drawn smaller, text as legible
        texts: list[TextRecord] | None = None if log is None else []
        cv = new_canvas(W, height, texts) if scale == 1 else scaled_canvas(W, height, texts, scale)
        _draw(cv, view, names, lang, part, parts)
        data = cv.png(shrink=scale == SMALLER[-1])
        if len(data) <= MAX_BYTES:
            break
    if log is not None:
        log.extend(texts or [])
    return data


def render_hand_parts(view: View, names: Names = None, lang: str = SOURCE) -> list[bytes]:
    """Every part of the viewer's private hand image, as PNG bytes, to be sent together."""
    return [render_hand(view, names, lang, part=k) for k in range(len(hand_parts(view, lang)))]


__all__: list[Any] = ["render_hand", "render_hand_parts", "hand_parts", "part_cards", "hand_cards", "own_traps", "own_leader",
                     "leader_stack"]
