"""Pixies alt texts, plus the small view summaries (names, standings, round scores) the images share."""

from __future__ import annotations

import unicodedata
from typing import Any

from rendering.describe_text import fit
from rendering.pixies_cards import card_label, card_symbols, colour_info
from rendering.theme import clean_text

View = dict[str, Any]


def seat_names(names: list[str], count: int) -> list[str]:
    """Drawable display names for seats 0..count-1 (unrenderable characters dropped, fallback ``Player n``)."""
    return [clean_text(names[s] if s < len(names) and names[s] else "", f"Player {s + 1}") for s in range(count)]


def alt_name(names: list[str], seat: int, limit: int = 40) -> str:
    """A seat's name on one line, without control characters, cut to ``limit`` (fallback ``Player n``)."""
    raw = names[seat] if 0 <= seat < len(names) and names[seat] else ""
    text = " ".join("".join(ch for ch in str(raw) if unicodedata.category(ch) != "Cc").split())
    text = text or f"Player {seat + 1}"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _clip(parts: list[str]) -> str:
    return fit([" ".join(p for p in parts if p)])


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


def grid_summary(grid: list[dict]) -> str:
    """E.g. ``5 face up (2 validated), 1 face down, 3 empty``."""
    up = sum(1 for s in grid if s.get("up"))
    val = sum(1 for s in grid if s.get("up") and s.get("down"))
    down = sum(1 for s in grid if s.get("down") and not s.get("up"))
    empty = 9 - up - down
    return f"{up} face up ({val} validated), {down} face down, {empty} empty"


def grid_words(grid: list[dict]) -> str:
    """Every space of a grid in words (a card's number is its space), e.g. ``face up: Blue 1 (2 spirals)
    validated, Red 4; face down only: 3; empty: 2, 5, 6, 7, 8, 9``."""
    up, down, empty = [], [], []
    for index, space in enumerate(grid[:9]):
        card = space.get("up")
        if card:
            symbols = card_symbols(card)
            up.append(card_label(card) + (f" ({symbols})" if symbols else "")
                      + (" validated" if space.get("down") else ""))
        elif space.get("down"):
            down.append(str(index + 1))
        else:
            empty.append(str(index + 1))
    parts = [f"{word}: {', '.join(items)}" for word, items in
             (("face up", up), ("face down only", down), ("empty", empty)) if items]
    return "; ".join(parts)


def table_head(view: View, names: list[str]) -> list[str]:
    """The table's first sentences: round, turn and deck, then who decides what."""
    deck = view.get("deck_count", 0)
    head = f"Pixies, round {view.get('round', 1)} of 3, turn {view.get('turn', 1)}, {deck} cards in the deck."
    dec = view.get("decision") or {}
    seat = view.get("to_act")
    if view.get("status") == "finished":
        who = "Game over."
    elif seat is None:
        who = ""
    elif dec.get("kind") in ("keep", "space"):
        card = dec.get("card") or {}
        where = f"space {card['value']}" if isinstance(card.get("value"), int) else "its space"
        how = (f"{where} already holds a card, so they keep the new or the old one face up"
               if dec.get("kind") == "keep" else f"{where} is validated, so they choose an empty space for it")
        who = f"{alt_name(names, seat)} places {card_label(card)}: {how}."
    else:
        who = f"{alt_name(names, seat)} to pick."
    return [head, who]


def offer_words(view: View, detail: bool = True) -> str:
    """``Offer: Blue 5 (2 spirals), Red 3.`` (empty when nothing is on offer)."""
    offer = [card_label(c) + (f" ({card_symbols(c)})" if detail and card_symbols(c) else "")
             for c in view.get("offer") or []]
    return f"Offer: {', '.join(offer)}." if offer else ""


def player_words(view: View, names: list[str], index: int, limit: int = 40, full: bool = True) -> str:
    """One player's name, points and grid: every space (``full``) or counts only."""
    p = (view.get("players") or [])[index]
    s = p.get("seat", index)
    tag = "" if p.get("active", True) else " (resigned)"
    grid = list(p.get("grid") or [])
    return (f"{alt_name(names, s, limit)}{tag}: {p.get('total', 0)} points; "
            f"{grid_words(grid) if full else grid_summary(grid)}.")


def table_alt(view: View, names: list[str]) -> str:
    """Plain-text account of the table image: every grid when it fits in 1,024 characters, else counts and a
    pointer to ``/game describe``."""
    count = len(view.get("players") or [])

    def text(detail: bool, limit: int, full: bool) -> str:
        parts = [*table_head(view, names), offer_words(view, detail),
                 *(player_words(view, names, k, limit, full) for k in range(count))]
        return " ".join(p for p in parts if p)

    return fit([text(True, 40, True), text(True, 20, True), text(False, 20, True), text(True, 40, False),
                text(False, 20, False)])


def round_scores_alt(view: View, names: list[str], round_no: int) -> str:
    """Plain-text summary of the round score image (≤ 1024 characters)."""
    return _clip(round_lines(view, names, round_no))


def round_lines(view: View, names: list[str], round_no: int) -> list[str]:
    """The sentences of one round's scores: its title, then each player's breakdown and running total."""
    entry = round_entry(view, round_no)
    if not entry:
        return [f"Pixies round {round_no} of 3: no scores yet."]
    mult = entry.get("multiplier", round_no + 1)
    parts = [f"Pixies round {round_no} of 3 scores (largest zone ×{mult} per card)."]
    for sc in entry.get("scores") or []:
        s = sc.get("seat", 0)
        zone = colour_info(sc.get("zone_color"))[2].lower() if sc.get("zone_color") else "none"
        running = sum(round_total(view, r, s) or 0 for r in range(1, round_no + 1))
        tag = " (resigned)" if not sc.get("active", True) else ""
        parts.append(
            f"{alt_name(names, s, 30)}{tag}: {sc.get('total', 0)} this round (validated {sc.get('validated', 0)}, "
            f"spirals +{sc.get('spirals', 0)}, crosses −{sc.get('crosses', 0)}, colour spirals "
            f"+{sc.get('color_spirals', 0)}, largest zone {zone} {sc.get('zone_size', 0)} × {mult} = "
            f"{sc.get('zone_points', 0)}), "
            f"total {running}.")
    return parts


def final_alt(view: View, names: list[str]) -> str:
    """Plain-text summary of the final standings image (≤ 1024 characters)."""
    return _clip(final_lines(view, names))


def final_lines(view: View, names: list[str]) -> list[str]:
    """The sentences of the final standings: the winners, then each rank, name, points and round scores."""
    rows, winners = standings(view)
    players = view.get("players") or []
    scores = final_scores(view)
    win = [alt_name(names, s, 30) for _, s in rows if s in winners]
    lead = ("Winner: " if len(win) == 1 else "Shared victory: ") + ", ".join(win) + "." if win else ""
    parts = [f"Pixies final standings after round {view.get('round', 3)} of 3.", lead]
    for rank, s in rows:
        per = [round_total(view, r, s) for r in (1, 2, 3)]
        rounds = ", ".join("–" if v is None else str(v) for v in per)
        tag = " (resigned)" if s < len(players) and not players[s].get("active", True) else ""
        parts.append(f"{rank}. {alt_name(names, s, 30)}{tag}: {scores[s]} points (rounds {rounds}).")
    return parts
