"""Pixies alt texts, plus the small view summaries (names, standings, round scores) the images share."""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.i18n import N_, t
from rendering.describe_text import ALT_MAX, fit
from rendering.pixies.cards import card_label, card_words, colour_name
from rendering.theme import clean_text

View = dict[str, Any]


def seat_names(names: list[str], count: int, lang: str = "en") -> list[str]:
    """Drawable display names for seats 0..count-1 (unrenderable characters dropped, fallback ``Player n``)."""
    return [clean_text(names[s] if s < len(names) and names[s] else "", t(lang, "Player {number}", number=s + 1))
            for s in range(count)]


def alt_name(names: list[str], seat: int, limit: int = 40, lang: str = "en") -> str:
    """A seat's name on one line, without control characters, cut to ``limit`` (fallback ``Player n``)."""
    raw = names[seat] if 0 <= seat < len(names) and names[seat] else ""
    text = " ".join("".join(ch for ch in str(raw) if unicodedata.category(ch) != "Cc").split())
    text = text or t(lang, "Player {number}", number=seat + 1)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


#: the three kinds of grid space in an alt text's list of a grid
FACE_UP, FACE_DOWN_ONLY, EMPTY = N_("face up: {items}"), N_("face down only: {items}"), N_("empty: {items}")
#: a grouped grid's validated cards (the compact wording lists them apart instead of saying "validated" each time)
VALIDATED = N_("validated: {items}")
#: the key of the most compact wording, where a card's spirals are +n and its crosses −n
SIGNS_KEY = N_("Symbols: +n spirals, −n crosses.")
#: names are cut to this in the most compact whole-state wording
SHORT_NAME = 16


def _clip(parts: list[str], lang: str = "en") -> str:
    return fit([" ".join(p for p in parts if p)], lang=lang)


def round_entry(view: View, round_no: int) -> dict | None:
    """The finished-round record for ``round_no`` (1-based), if any."""
    for entry in view.get("rounds") or []:
        if entry.get("round") == round_no:
            return entry
    return None


def round_total(view: View, round_no: int, seat: int) -> int | None:
    """``seat``'s total for one finished round, or None."""
    entry = round_entry(view, round_no) or {}
    for score in entry.get("scores") or []:
        if score.get("seat") == seat:
            return int(score.get("total", 0))
    return None


def final_scores(view: View) -> list[int]:
    """Game totals per seat (the result's, else the running totals)."""
    players = view.get("players") or []
    result = view.get("result") or {}
    scores = result.get("scores")
    if isinstance(scores, list) and len(scores) == len(players):
        return [int(s) for s in scores]
    return [int(p.get("total", 0)) for p in players]


def standings(view: View) -> tuple[list[tuple[int, int]], set[int]]:
    """([(rank, seat)] best first, ties sharing a rank; winner seats)."""
    players = view.get("players") or []
    scores = final_scores(view)
    result = view.get("result") or {}
    groups = result.get("ranking")
    if not groups:  # rank by score, resigned players after everyone else
        order = sorted(range(len(players)), key=lambda s: (not players[s].get("active", True), -scores[s], s))
        groups = []
        for s in order:
            key = (players[s].get("active", True), scores[s])
            if groups and (players[groups[-1][0]].get("active", True), scores[groups[-1][0]]) == key:
                groups[-1].append(s)
            else:
                groups.append([s])
    rows, rank = [], 1
    for group in groups:
        rows.extend((rank, s) for s in group)
        rank += len(group)
    winners = set(result.get("winners") or (groups[0] if groups and view.get("status") == "finished" else []))
    return rows, winners


def grid_summary(grid: list[dict], lang: str = "en") -> str:
    """E.g. ``5 face up (2 validated), 1 face down, 3 empty``."""
    up = sum(1 for s in grid if s.get("up"))
    val = sum(1 for s in grid if s.get("up") and s.get("down"))
    down = sum(1 for s in grid if s.get("down") and not s.get("up"))
    empty = 9 - up - down
    return t(lang, "{up} face up ({validated} validated), {down} face down, {empty} empty",
             up=up, validated=val, down=down, empty=empty)


def signed_words(card: dict, lang: str = "en") -> str:
    """A card in the most compact wording: spirals as +n, crosses as −n (``Red 2 +5``, ``Blue 8 −3``), a colour
    spiral in words (``Blue 5 (colour spiral)``)."""
    if card.get("spirals"):
        return f"{card_label(card, lang)} +{int(card['spirals'])}"
    if card.get("crosses"):
        return f"{card_label(card, lang)} −{int(card['crosses'])}"
    return card_words(card, lang)


def grid_words(grid: list[dict], lang: str = "en", grouped: bool = False, signed: bool = False) -> str:
    """Every space of a grid in words (a card's number is its space), e.g. ``face up: Blue 1 (2 spirals)
    validated, Red 4; face down only: 3; empty: 2, 5, 6, 7, 8, 9``; ``grouped`` lists the validated cards
    first (``validated: Blue 1 (2 spirals); face up: Red 4; …``), ``signed`` words symbols as +n / −n."""
    valid, up, down, empty = [], [], [], []
    for index, space in enumerate(grid[:9]):
        card = space.get("up")
        if card:
            words = signed_words(card, lang) if signed else card_words(card, lang)
            if not space.get("down"):
                up.append(words)
            elif grouped:
                valid.append(words)
            else:
                up.append(t(lang, "{card} validated", card=words))
        elif space.get("down"):
            down.append(str(index + 1))
        else:
            empty.append(str(index + 1))
    parts = [t(lang, word, items=", ".join(items)) for word, items in
             ((VALIDATED, valid), (FACE_UP, up), (FACE_DOWN_ONLY, down), (EMPTY, empty)) if items]
    return "; ".join(parts)


def table_head(view: View, names: list[str], lang: str = "en", limit: int = 40) -> list[str]:
    """The table's first sentences: round, turn and deck, then who decides what (the name cut to ``limit``)."""
    head = t(lang, "Pixies, round {round} of 3, turn {turn}, {deck} cards in the deck.",
             round=view.get("round", 1), turn=view.get("turn", 1), deck=view.get("deck_count", 0))
    dec = view.get("decision") or {}
    seat = view.get("to_act")
    if view.get("status") == "finished":
        who = t(lang, "Game over.")
    elif seat is None:
        who = ""
    elif dec.get("kind") in ("keep", "space"):
        card = dec.get("card") or {}
        value = card.get("value") if isinstance(card.get("value"), int) else None
        if dec.get("kind") == "keep":
            how = (t(lang, "space {space} already holds a card, so they keep the new or the old one face up",
                     space=value) if value else
                   t(lang, "its space already holds a card, so they keep the new or the old one face up"))
        else:
            how = (t(lang, "space {space} is validated, so they choose an empty space for it", space=value)
                   if value else t(lang, "its space is validated, so they choose an empty space for it"))
        who = t(lang, "{name} places {card}: {how}.", name=alt_name(names, seat, limit, lang),
                card=card_label(card, lang), how=how)
    else:
        who = t(lang, "{name} to pick.", name=alt_name(names, seat, limit, lang))
    return [head, who]


def offer_words(view: View, detail: bool = True, lang: str = "en", signed: bool = False) -> str:
    """``Offer: Blue 5 (2 spirals), Red 3.`` (``signed``: ``Blue 5 +2``; empty when nothing is on offer)."""
    word = signed_words if signed else card_words if detail else card_label
    offer = [word(c, lang) for c in view.get("offer") or []]
    return t(lang, "Offer: {cards}.", cards=", ".join(offer)) if offer else ""


def player_words(view: View, names: list[str], index: int, limit: int = 40, full: bool = True,
                 lang: str = "en", grouped: bool = False, signed: bool = False) -> str:
    """One player's name, points and grid: every space (``full``, see ``grid_words``) or counts only."""
    p = (view.get("players") or [])[index]
    s = p.get("seat", index)
    name = alt_name(names, s, limit, lang)
    if not p.get("active", True):
        name = t(lang, "{name} (resigned)", name=name)
    grid = list(p.get("grid") or [])
    return t(lang, "{name}: {points} points; {grid}.", name=name, points=p.get("total", 0),
             grid=grid_words(grid, lang, grouped, signed) if full else grid_summary(grid, lang))


def table_alt(view: View, names: list[str], lang: str = "en") -> str:
    """Plain-text account of the table image in at most 1,024 characters: the whole state (round, turn, deck,
    who decides what, the offer, every player's points and every space of every grid) in the most detailed
    wording that fits: every card in words, then the validated cards grouped, then symbols as +n / −n with a key
    (names cut to 16 characters last). Only if none fits (never seen with 2-4 players): counts and a pointer
    to ``/game describe``."""
    count = len(view.get("players") or [])

    def text(detail: bool, limit: int, full: bool, grouped: bool = False, signed: bool = False) -> str:
        parts = [*table_head(view, names, lang, limit), t(lang, SIGNS_KEY) if signed else "",
                 offer_words(view, detail, lang, signed),
                 *(player_words(view, names, k, limit, full, lang, grouped, signed) for k in range(count))]
        return " ".join(p for p in parts if p)

    whole = [text(True, 40, True), text(True, 40, True, grouped=True), text(True, 40, True, True, True),
             text(True, SHORT_NAME, True, True, True)]
    for candidate in whole:
        if len(candidate) <= ALT_MAX:
            return candidate
    return fit([whole[0], text(True, 40, False), text(False, 20, False)], lang=lang)


def round_scores_alt(view: View, names: list[str], round_no: int, lang: str = "en") -> str:
    """Plain-text summary of the round score image (≤ 1024 characters)."""
    return _clip(round_lines(view, names, round_no, lang), lang)


def round_lines(view: View, names: list[str], round_no: int, lang: str = "en") -> list[str]:
    """The sentences of one round's scores: its title, then each player's breakdown and running total."""
    entry = round_entry(view, round_no)
    if not entry:
        return [t(lang, "Pixies round {round} of 3: no scores yet.", round=round_no)]
    mult = entry.get("multiplier", round_no + 1)
    parts = [t(lang, "Pixies round {round} of 3 scores (largest zone ×{multiplier} per card).", round=round_no,
               multiplier=mult)]
    for sc in entry.get("scores") or []:
        s = sc.get("seat", 0)
        zone = colour_name(sc.get("zone_color"), lang).lower() if sc.get("zone_color") else t(lang, "none")
        running = sum(round_total(view, r, s) or 0 for r in range(1, round_no + 1))
        name = alt_name(names, s, 30, lang)
        if not sc.get("active", True):
            name = t(lang, "{name} (resigned)", name=name)
        parts.append(t(
            lang, "{name}: {points} this round (validated {validated}, spirals +{spirals}, crosses −{crosses}, "
                  "colour spirals +{colour_spirals}, largest zone {zone} {size} × {multiplier} = {zone_points}), "
                  "total {total}.",
            name=name, points=sc.get("total", 0), validated=sc.get("validated", 0), spirals=sc.get("spirals", 0),
            crosses=sc.get("crosses", 0), colour_spirals=sc.get("color_spirals", 0), zone=zone,
            size=sc.get("zone_size", 0), multiplier=mult, zone_points=sc.get("zone_points", 0), total=running))
    return parts


def final_alt(view: View, names: list[str], lang: str = "en") -> str:
    """Plain-text summary of the final standings image (≤ 1024 characters)."""
    return _clip(final_lines(view, names, lang), lang)


def final_lines(view: View, names: list[str], lang: str = "en") -> list[str]:
    """The sentences of the final standings: the winners, then each rank, name, points and round scores."""
    rows, winners = standings(view)
    players = view.get("players") or []
    scores = final_scores(view)
    win = ", ".join(alt_name(names, s, 30, lang) for _, s in rows if s in winners)
    lead = ""
    if win:
        lead = (t(lang, "Winner: {names}.", names=win) if len(winners) == 1
                else t(lang, "Shared victory: {names}.", names=win))
    parts = [t(lang, "Pixies final standings after round {round} of 3.", round=view.get("round", 3)), lead]
    for rank, s in rows:
        per = [round_total(view, r, s) for r in (1, 2, 3)]
        rounds = ", ".join("–" if v is None else str(v) for v in per)
        name = alt_name(names, s, 30, lang)
        if s < len(players) and not players[s].get("active", True):
            name = t(lang, "{name} (resigned)", name=name)
        parts.append(t(lang, "{rank}. {name}: {points} points (rounds {rounds}).", rank=rank, name=name,
                       points=scores[s], rounds=rounds))
    return parts
