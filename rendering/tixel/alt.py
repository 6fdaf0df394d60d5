"""The Tixel board in words, in a language: the alt text of the board image and the sentences ``/game describe``
builds on; also how a finished game's result and the last move are worded (the image's header shares them)."""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.games.tixel.events import last_move_event
from bot.i18n import N_, SOURCE, t
from rendering.describe_text import fit as fit_alt
from rendering.tixel.pieces import colour_of, last_move_marks, seat_of, square_of

View = dict[str, Any]

#: a colour in a sentence and at its start
COLOUR = {"white": N_("white"), "black": N_("black")}
SIDE = {"white": N_("White"), "black": N_("Black")}
#: a piece's kind in the alt text: full, and at level 2 (shortest)
KIND = {"tixel": N_("tixel"), "tix": N_("Tix"), "poka": N_("Poka Yoke")}
SHORT_POKA = N_("Poka")
#: a piece's state and kind (level 0), by whether it is active
STATE = {True: N_("active {kind}"), False: N_("inactive {kind}")}
#: why a game was won, by the engine's reason
WHY = {"no legal move": N_("{loser} has no legal move"), "resignation": N_("{loser} resigned")}


def alt_name(names: list[str], seat: Any, limit: int = 32, lang: str = SOURCE) -> str:
    """A seat's name on one line, without control characters, cut to ``limit`` (fallback ``Player n``)."""
    if not isinstance(seat, int) or not 0 <= seat <= 1:
        return "?"
    raw = names[seat] if seat < len(names) and names[seat] else ""
    text = " ".join("".join(ch for ch in str(raw) if unicodedata.category(ch)[0] != "C").split())
    text = text or t(lang, "Player {number}", number=seat + 1)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def colour_word(view: View, seat: int, lang: str = SOURCE, start: bool = False) -> str:
    """``white`` or ``black`` in ``lang`` (capitalised for the start of a sentence when ``start``)."""
    return t(lang, (SIDE if start else COLOUR)[colour_of(view, seat)])


def result_words(view: View, who: list[str], lang: str = SOURCE) -> tuple[str, str]:
    """(``Ana wins`` | ``Draw``, why) for a finished game; ``who`` names the seats."""
    result = view.get("result") or {}
    winners = [s for s in result.get("winners") or [] if seat_of(s) is not None]
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    if len(winners) != 1:
        if reason.lower() in ("draw agreed", "agreed"):
            return t(lang, "Draw agreed"), ""
        return t(lang, "Draw"), reason if lang == SOURCE else ""
    why = WHY.get(reason.lower())
    words = t(lang, why, loser=who[1 - winners[0]]) if why else reason if lang == SOURCE else ""
    return t(lang, "{name} wins", name=who[winners[0]]), words


def last_words(view: View, lang: str = SOURCE) -> str | None:
    """The view's last board move in ``lang``, without its player's name (the engine's own English words in
    English); None when there is none."""
    last = view.get("last_move") or {}
    if not last.get("text"):
        return None
    if lang == SOURCE:
        return str(last["text"])
    event = last_move_event(view)
    return t(lang, event[0], **event[1]) if event else None


def piece_words(piece: dict, level: int, lang: str = SOURCE) -> str:
    """A piece in words: ``active tixel hollow NE`` (level 0), ``Poka Yoke NE rounded cw`` (1: tixel implied),
    ``Poka NE cw`` (2)."""
    kind = piece.get("kind") if piece.get("kind") in KIND else "tixel"
    short = kind == "poka" and level >= 2
    name = t(lang, SHORT_POKA if short else KIND[kind])
    hollow = piece.get("hollow") if isinstance(piece.get("hollow"), str) else None
    rounded = piece.get("round") if piece.get("kind") == "poka" and piece.get("round") in ("cw", "ccw") else None
    if level:
        return " ".join(w for w in ("" if kind == "tixel" else name, hollow or "",
                                    rounded and (t(lang, "rounded {rounding}", rounding=rounded)
                                                 if level < 2 else rounded)) if w)
    words = t(lang, STATE[bool(piece.get("active"))], kind=name)
    if hollow:
        words += " " + t(lang, "hollow {hollow}", hollow=hollow)
    return words + (" " + t(lang, "rounded {rounding}", rounding=rounded) if rounded else "")


def _board_words(view: View, seat: int, level: int, lang: str) -> str:
    """``White on the board: a1 active tixel hollow NE, …`` or, short, grouped by state."""
    board = view.get("board") or {}
    mine = [(sq, p) for sq, p in sorted(board.items())
            if isinstance(p, dict) and p.get("owner") == seat and square_of(sq)]
    side = colour_word(view, seat, lang, start=True)
    if not mine:
        return t(lang, "{side} on the board: none.", side=side)
    if not level:
        return t(lang, "{side} on the board: {pieces}.", side=side,
                 pieces=", ".join(f"{sq} {piece_words(p, 0, lang)}" for sq, p in mine))
    groups = []
    for template, active in ((N_("active {pieces}"), True), (N_("inactive {pieces}"), False)):
        items = [f"{sq} {piece_words(p, level, lang)}".strip() for sq, p in mine if bool(p.get("active")) == active]
        if items:
            groups.append(t(lang, template, pieces=", ".join(items)))
    return t(lang, "{side} on the board (tixel unless named): {groups}.", side=side, groups="; ".join(groups))


def _who(view: View, names: list[str], lang: str) -> str:
    """Who acts and how, or the result."""
    seat = seat_of(view.get("to_act"))
    if view.get("status") == "finished":
        head, why = result_words(view, [alt_name(names, 0, lang=lang), alt_name(names, 1, lang=lang)], lang)
        if why:
            return t(lang, "Game over: {result} ({why}).", result=head, why=why)
        return t(lang, "Game over: {result}.", result=head)
    if seat is None:
        return t(lang, "Waiting.")
    phase = view.get("phase")
    name = alt_name(names, seat, lang=lang)
    bonus = view.get("bonus") or {}
    if phase == "draw":
        who = t(lang, "{name} must answer a draw offer.", name=name)
    elif phase == "bonus":
        who = t(lang, "{name}: bonus move ({chain} in a row).", name=name, chain=bonus.get("chain") or 1)
        if square_of(bonus.get("locked")):
            who += " " + t(lang, "The piece on {square} is locked (not pickable).", square=bonus["locked"])
    else:
        who = t(lang, "{name} to move.", name=name)
    can = view.get("can_place") or []
    if phase != "draw" and seat < len(can) and can[seat] is False:
        who += " " + t(lang, "{name} may not place this turn.", name=name)
    return who


def _pool_line(view: View, names: list[str], seat: int, level: int, limit: int, lang: str) -> str:
    """``Ana (white) pool: 10 tixel, 0 Tix, 0 Poka Yoke, 1 of 2 promotions used.``"""
    pools = view.get("pools") or []
    promos = view.get("promotions") or [0, 0]
    pool = pools[seat] if seat < len(pools) and isinstance(pools[seat], dict) else {}
    used = promos[seat] if seat < len(promos) else 0
    counts = {"tixel": pool.get("tixel", 0), "tix": pool.get("tix", 0), "poka": pool.get("poka", 0)}
    pieces = (t(lang, "{tixel} tixel, {tix} Tix, {poka} Poka Yoke", **counts) if level < 2 else
              t(lang, "{tixel} tixel, {tix} Tix, {poka} Poka", **counts))
    promo = ""
    if (view.get("options") or {}).get("poka_yoke"):
        promo = ", " + (t(lang, "{used} of 2 promotions used", used=used) if level < 2 else
                        t(lang, "{used}/2 promoted", used=used))
    return t(lang, "{name} ({colour}) pool: {pieces}.", name=alt_name(names, seat, limit, lang),
             colour=colour_word(view, seat, lang), pieces=pieces + promo)


def _last_line(view: View, names: list[str], limit: int, lang: str) -> str | None:
    """``Last: Ana slid a1→c1, active (hollow NE); path b1 c1; deactivated b2.``"""
    last = view.get("last_move") or {}
    words = last_words(view, lang)
    if not words:
        return None
    marks = last_move_marks(view)
    line = t(lang, "Last: {name} {move}", name=alt_name(names, last.get("seat"), limit, lang), move=words)
    if marks["path"] or marks["to"]:
        line += "; " + t(lang, "path {squares}", squares=" ".join(marks["path"] + [marks["to"]]))
    if marks["deactivated"]:
        line += "; " + t(lang, "deactivated {squares}", squares=", ".join(sorted(marks["deactivated"])))
    if marks["sacrificed"]:
        line += "; " + t(lang, "the slider was sacrificed")
    return line + "."


def board_lines(view: View, names: list[str], level: int = 0, limit: int = 32, lang: str = SOURCE) -> list[str]:
    """The board's sentences: turn, who acts and how, each pool, each colour's pieces, the last move (every
    piece's state at ``level`` 0, less at 1 and 2; names cut to ``limit``)."""
    turn = view.get("turn")
    head = t(lang, "Tixel, turn {turn}.", turn=turn) if isinstance(turn, int) else "Tixel."
    lines = [head, _who(view, names, lang)]
    lines += [_pool_line(view, names, s, level, limit, lang) for s in (0, 1)]
    lines += [_board_words(view, s, level, lang) for s in (0, 1)]
    lines.append(_last_line(view, names, limit, lang) or "")
    return [p for p in lines if p]


def board_alt(view: View, names: list[str], lang: str = SOURCE) -> str:
    """Plain-text summary of the board image (≤ 1024 characters; shortened ones point at /game describe)."""
    return fit_alt((" ".join(board_lines(view, names, level, limit, lang))
                    for level, limit in ((0, 32), (1, 32), (2, 24), (2, 12))), lang=lang)
