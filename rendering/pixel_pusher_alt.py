"""Pixel Pusher alt texts (public board and private hand) and the status words the images share.

Every sentence is built only from fields of the view it describes, so an alt text never says more
than its image's view contained.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering.describe_text import fit
from rendering.pixel_pusher_images import images_alt
from rendering.pixel_pusher_parts import (
    COLOUR_ORDER,
    SUPPLY_ORDER,
    as_int,
    as_list,
    card_label,
    colour_counts,
    fit_text,
)
from rendering.pixel_pusher_words import (
    card_name,
    card_text,
    drawable,
    log_entries,
    log_line,
    named,
    phase_name,
    reason_words,
)

View = dict[str, Any]
ALT_MAX = 1000
#: who acts, by phase: one player (``Ana to build``), several (``2 of 4 to pick``) or a list (alt text)
ACT_ONE = {"draft": N_("{name} to pick"), "build": N_("{name} to build"), "convert": N_("{name} to convert"),
           "score": N_("{name} to score")}
ACT_SOME = {"draft": N_("{n} of {total} to pick"), "build": N_("{n} of {total} to build"),
            "convert": N_("{n} of {total} to convert"), "score": N_("{n} of {total} to score")}
#: who acts in any other phase
ACT_ONE_ANY, ACT_SOME_ANY = N_("{name} to act"), N_("{n} of {total} to act")
#: the image cards in the compact whole-state wording: one key, then each image's rows in order
COMPACT_IMAGES = N_("Images, each row as its number, then the pixels it needs and its VP, or who filled it: "
                    "{images}.")


def _acting(view: View, count: int) -> list[int]:
    return [s for s in as_list(view.get("to_act")) if isinstance(s, int) and 0 <= s < count]


def status_words(view: View, shown: list[str], px: int = 36, lang: str = SOURCE) -> str:
    """The status pill: who must act (``Ana to build``, ``2 of 4 to pick``: of the players still in the
    game) or ``Game over``."""
    phase = str(view.get("phase"))
    if phase == "finished" or view.get("result"):
        return t(lang, "Game over")
    acting = _acting(view, len(shown))
    if phase == "collect" and not acting:
        return t(lang, "Collecting")
    if not acting:
        return t(lang, "Waiting")
    if len(acting) == 1:
        return t(lang, ACT_ONE.get(phase, ACT_ONE_ANY), name=fit_text(shown[acting[0]], px, 420, True))
    seats = [s for s in as_list(view.get("seats")) if isinstance(s, dict)]
    playing = sum(1 for s in seats if s.get("active", True)) if seats else len(shown)  # leavers don't count
    return t(lang, ACT_SOME.get(phase, ACT_SOME_ANY), n=len(acting), total=max(playing, len(acting)))


def alt_name(names: list[str] | None, seat: int, limit: int = 32, lang: str = SOURCE) -> str:
    """A seat's display name for alt text (control characters dropped, fallback ``Seat n``, shortened)."""
    names = names or []
    raw = names[seat] if 0 <= seat < len(names) and names[seat] else ""
    text = " ".join("".join(ch for ch in str(raw) if unicodedata.category(ch)[0] != "C").split())
    text = text or t(lang, "Seat {n}", n=seat + 1)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _clip(parts: list[str], lang: str) -> str:
    return fit([" ".join(p for p in parts if p)], ALT_MAX, lang)


def _pixels(colours: Any, lang: str) -> str:
    """Pixels as letters grouped by colour, e.g. ``2R G B`` (``none`` if empty)."""
    counts: dict[str, int] = {}
    for c in as_list(colours):
        counts[str(c)] = counts.get(str(c), 0) + 1
    if not counts:
        return t(lang, "none")
    keys = [c for c in COLOUR_ORDER if c in counts] + sorted(k for k in counts if k not in COLOUR_ORDER)
    return " ".join(f"{counts[c]}{c}" if counts[c] > 1 else c for c in keys)


def _seats(view: View) -> list[dict]:
    return [s for s in as_list(view.get("seats")) if isinstance(s, dict)]


def _count(view: View) -> int:
    seats = _seats(view)
    return max(as_int(view.get("players"), len(seats)), len(seats),
               max((as_int(s.get("seat"), -1) + 1 for s in seats), default=0))


#: a simultaneous phase's progress: (phase, some are done, some still act) → sentence
_WAITING = {("draft", True, True): N_("Picked: {done}; still to pick: {waiting}."),
            ("draft", True, False): N_("Picked: {done}."), ("draft", False, True): N_("Still to pick: {waiting}."),
            ("convert", True, True): N_("Still converting: {waiting}; done: {done}."),
            ("convert", True, False): N_("Done: {done}."),
            ("convert", False, True): N_("Still converting: {waiting}."),
            ("draft", False, False): "", ("convert", False, False): ""}


def _status_sentence(view: View, short: list[str], lang: str) -> str:
    phase = str(view.get("phase"))
    rnd = view.get("round")
    if phase == "finished" or view.get("result"):
        return t(lang, "Pixel Pusher, round {n}, game over.", n=rnd) if isinstance(rnd, int) else t(
            lang, "Pixel Pusher, game over.")
    where = phase_name(phase, lang)
    head = t(lang, "Pixel Pusher, round {n}, {phase}.", n=rnd, phase=where) if isinstance(rnd, int) else t(
        lang, "Pixel Pusher, {phase}.", phase=where)
    acting = _acting(view, len(short))
    seats = _seats(view)
    if phase in ("draft", "convert"):
        flag = "picked" if phase == "draft" else "confirmed"
        done = [short[as_int(s.get("seat"), i)] for i, s in enumerate(seats)
                if s.get(flag) and s.get("active") is not False and 0 <= as_int(s.get("seat"), i) < len(short)]
        line = _WAITING[phase, bool(done), bool(acting)]
        if not line:
            return head
        return head + " " + t(lang, line, done=", ".join(done), waiting=", ".join(short[s] for s in acting))
    if acting:
        names = ", ".join(short[s] for s in acting)
        line = t(lang, ACT_ONE.get(phase, ACT_ONE_ANY), name=names)
        fills, most = view.get("fills"), view.get("max_fills")
        if phase == "score" and isinstance(fills, int) and isinstance(most, int) and most > 0:
            line += " " + t(lang, "({fills} of {most} rows filled)", fills=fills, most=most)
        return f"{head} {line}."
    return head


def _result_sentence(view: View, short: list[str], lang: str) -> str:
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    if not result:
        return ""
    winners = [s for s in as_list(result.get("winners")) if isinstance(s, int) and 0 <= s < len(short)]
    scores = as_list(result.get("scores"))
    if len(winners) == 1:
        text = t(lang, "{name} wins", name=short[winners[0]])
    elif winners:
        text = t(lang, "Shared victory: {names}", names=", ".join(short[s] for s in winners))
    else:
        text = t(lang, "No winner")
    reason = reason_words(result, lang)
    text += f" ({reason})." if reason else "."
    if scores:
        text += " " + t(lang, "Final scores: {scores}.", scores=", ".join(
            f"{short[i]} {v}" for i, v in enumerate(scores) if i < len(short) and isinstance(v, int)))
    return text


def _seat_sentence(view: View, seat: dict, index: int, short: list[str], detail: int, lang: str) -> str:
    """E.g. ``Ana (7 VP, side A, 1st to Build): slots 1 [2 R, 1 R], 4 [R+G→Y]; stored R Y of 5; held 2R G.``"""
    s = as_int(seat.get("seat"), index)
    name = short[s] if 0 <= s < len(short) else t(lang, "Seat {n}", n=s + 1)
    head = [t(lang, "left the game")] if seat.get("active") is False else []
    head.append(t(lang, "{n} VP", n=as_int(seat.get("score"))))
    side = seat.get("side")
    if side in ("A", "B"):
        head.append(t(lang, "side B, slots read segments 6 to 1") if side == "B" else t(lang, "side A"))
    cards = [a for a in as_list(seat.get("abilities")) if isinstance(a, dict)]
    if not cards and isinstance(seat.get("ability"), dict):
        cards = [seat["ability"]]
    head.extend(card_name(a, lang, t(lang, "Ability")) for a in cards)
    if isinstance(seat.get("hand"), int) and (seat["hand"] or view.get("phase") in ("draft", "build")):
        head.append(t(lang, "hand {n}", n=seat["hand"]))
    tail = []
    slots = as_list(seat.get("slots"))
    if detail >= 1:
        stacks = []
        for k in range(min(6, len(slots))):
            labels = [card_label(c, lang=lang) for c in as_list(slots[k]) if isinstance(c, dict)]
            if labels:
                stacks.append(f"{k + 1} [{', '.join(labels)}]")
        tail.append(t(lang, "slots {slots}", slots=", ".join(stacks)) if stacks else t(lang, "slots empty"))
    else:
        installed = sum(len(as_list(st)) for st in slots)
        tail.append(tn(lang, "{n} machine card", "{n} machine cards", installed, n=installed))
    stored = as_list(seat.get("stored"))
    cap = seat.get("storage")
    if stored or isinstance(cap, int):
        pixels = _pixels(stored, lang)
        tail.append(t(lang, "stored {pixels} of {cap}", pixels=pixels, cap=cap) if isinstance(cap, int) else t(
            lang, "stored {pixels}", pixels=pixels))
    if as_list(seat.get("held")):
        tail.append(t(lang, "held {pixels}", pixels=_pixels(seat.get("held"), lang)))
    return f"{name} ({', '.join(head)}): {'; '.join(tail)}."


def compact_images(view: View, short: list[str], lang: str = SOURCE) -> str:
    """Every image card's rows, compactly: ``Heart: 1 2M 10, 2 Ana, 3 2R+B 4`` (row, pixels needed, VP; or row
    and who filled it), after a key saying so; empty without image cards."""
    parts = []
    for card in as_list(view.get("images")):
        if not isinstance(card, dict):
            continue
        rows = []
        for line in sorted((x for x in as_list(card.get("scanlines")) if isinstance(x, dict)),
                           key=lambda x: as_int(x.get("row"))):
            r = as_int(line.get("row"), -1) + 1
            filler = line.get("filled_by")
            if isinstance(filler, int) and not isinstance(filler, bool):
                rows.append(f"{r} {short[filler] if 0 <= filler < len(short) else t(lang, 'Seat {n}', n=filler + 1)}")
            else:
                rows.append(f"{r} {colour_counts(line.get('needs'))} {as_int(line.get('vp'))}")
        name = drawable(card_name(card, lang, t(lang, "Image")))
        parts.append(f"{name}: {', '.join(rows)}" if rows else name)
    return t(lang, COMPACT_IMAGES, images="; ".join(parts)) if parts else ""


def board_parts(view: View, names: list[str] | None, limit: int = 32, detail: int = 1,
                image_detail: bool = True, last: list[str] | None = None, lang: str = SOURCE,
                compact: bool = False) -> list[str]:
    """The public board's sentences: status, result, the ``last`` log lines, conveyor, supply, each seat, the
    image cards (``compact``: every row of them in the compact wording)."""
    count = _count(view)
    conveyor = as_list(view.get("conveyor"))
    empty = t(lang, "empty")
    segs = [f"{i + 1} {''.join(str(c) for c in as_list(conveyor[i])) or empty}" if i < len(conveyor)
            else f"{i + 1} {empty}" for i in range(6)]
    supply = view.get("supply") if isinstance(view.get("supply"), dict) else {}
    stock = " ".join(f"{c}{as_int(supply.get(c))}" for c in SUPPLY_ORDER if c in supply)
    counts = [t(lang, word, n=view[key]) for key, word in (("bag", N_("bag {n}")), ("deck", N_("deck {n}")),
                                                            ("image_deck", N_("image deck {n}")))
              if isinstance(view.get(key), int)]
    short = [alt_name(names, s, limit, lang) for s in range(count)]
    stocks = ", ".join(counts)
    supply_line = (t(lang, "Supply {stock}; {counts}.", stock=stock, counts=stocks) if stock and counts else
                   t(lang, "Supply {stock}.", stock=stock) if stock else f"{stocks}."
                   if counts else "")
    parts = [_status_sentence(view, short, lang), _result_sentence(view, short, lang), *(last or []),
             t(lang, "Conveyor: {segments}.", segments=", ".join(segs)), supply_line]
    parts += [_seat_sentence(view, seat, i, short, detail, lang) for i, seat in enumerate(_seats(view))]
    if compact:
        parts.append(compact_images(view, short, lang))
    else:
        imgs = images_alt(view, short, image_detail, lang)
        parts.append(t(lang, "Images: {images}.", images=imgs) if imgs else "")
    return [p for p in parts if p]


def last_words(view: View, names: list[str] | None, limit: int = 32, lines: int = 1, lang: str = SOURCE) -> list[str]:
    """The log's last ``lines`` entries as sentences, seats named (``Last: Ana built …``)."""
    short = [alt_name(names, s, limit, lang) for s in range(_count(view))]
    out = []
    for text, event in log_entries(view)[-lines:]:
        words = log_line(text, short, lang, event)
        words = words if words.endswith((".", "!", "?")) else words + "."
        out.append(t(lang, "Last: {text}", text=words))
    return out


def alt_board(view: View, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Plain-text summary of the public board image in ``lang``, at most 1,000 characters: the whole state when
    it fits (every slot, pixel and image row; the image rows in the compact wording, then names cut to 16, if
    needed), else shortened ones ending with the /game describe pointer."""

    def text(limit: int, detail: int, image_detail: bool, compact: bool = False) -> str:
        last = last_words(view, names, limit, lang=lang)
        cut = [alt_name(names, s, 32, lang) for s in range(_count(view)) if len(alt_name(names, s, 32, lang)) > limit]
        first = [t(lang, "Full names: {names}.", names=", ".join(cut))] if cut else []  # each shortened name once
        words = " ".join(first + board_parts(view, names, limit, detail, image_detail, last, lang, compact))
        if len(words) > ALT_MAX:  # the last move is the first to go
            words = " ".join(first + board_parts(view, names, limit, detail, image_detail, lang=lang, compact=compact))
        return words

    whole = [text(32, 1, True), text(32, 1, True, True), text(16, 1, True, True)]
    for candidate in whole:
        if len(candidate) <= ALT_MAX:
            return candidate
    # names stay whole (a shortened name on the image is named in full here) while details can go
    return fit([whole[0], *(text(limit, detail, image_detail) for limit, detail, image_detail in (
        (32, 1, False), (32, 0, False), (24, 0, False), (16, 0, False), (12, 0, False)))], ALT_MAX, lang)


def _card_words(card: Any, lang: str) -> str:
    if not isinstance(card, dict):
        return "?"
    name = card_name(card, lang, t(lang, "Card"))
    text = card_text(card, lang)
    if "type" not in card:
        return t(lang, "{name} (ability: {text})", name=name, text=text) if text else t(
            lang, "{name} (ability)", name=name)
    return f"{name} ({text or card_label(card, lang=lang)})"


def source_name(view: View, you: Any, source: Any, lang: str = SOURCE) -> str:
    """The short label of a conversion source (an installed card or ability of ``you``), else its id."""
    for seat in _seats(view):
        if seat.get("seat") != you:
            continue
        ability = seat.get("ability")
        if isinstance(ability, dict) and ability.get("id") == source:
            return card_name(ability, lang, str(source))
        for stack in as_list(seat.get("slots")):
            for card in as_list(stack):
                if isinstance(card, dict) and card.get("id") == source:
                    return card_label(card, lang=lang)
    return str(source)


def alt_private(view: View, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Plain-text summary of one player's private image in ``lang`` (at most 1,000 characters)."""
    return _clip(private_parts(view, names, lang), lang)


def private_parts(view: View, names: list[str] | None = None, lang: str = SOURCE) -> list[str]:
    """The sentences of one player's private view: hand, picks so far, working board."""
    count = _count(view)
    you = view.get("you")
    short = [alt_name(names, s, lang=lang) for s in range(count)]
    who = short[you] if isinstance(you, int) and 0 <= you < count else t(lang, "You")
    private = view.get("private") if isinstance(view.get("private"), dict) else {}
    phase = str(view.get("phase"))
    rnd = view.get("round")
    where = phase_name(phase, lang)
    parts = [t(lang, "Pixel Pusher, private view for {name}, round {n}, {phase}.", name=who, n=rnd, phase=where)
             if isinstance(rnd, int) else t(lang, "Pixel Pusher, private view for {name}, {phase}.", name=who,
                                            phase=where)]
    hand = as_list(private.get("hand"))
    if hand:
        parts.append(t(lang, "Your hand: {cards}.", cards="; ".join(_card_words(c, lang) for c in hand)))
    elif phase in ("draft", "build"):
        parts.append(t(lang, "Your hand is empty."))
    drafted = as_list(private.get("drafted"))
    if drafted:
        parts.append(t(lang, "Your picks so far: {cards}.", cards="; ".join(_card_words(c, lang) for c in drafted)))
    working = private.get("working") if isinstance(private.get("working"), dict) else None
    if working:
        parts.append(_working_words(view, you, working, lang))
    return parts


def _working_words(view: View, you: Any, working: dict, lang: str) -> str:
    """The Convert & Store board in a sentence."""
    cap = working.get("storage")
    if not isinstance(cap, int):
        mine = [s for s in _seats(view) if s.get("seat") == you]
        cap = mine[0].get("storage") if mine else None
    held, stored = _pixels(working.get("held"), lang), _pixels(working.get("stored"), lang)
    text = t(lang, "Working board: holding {held}; stored {stored} of {cap}", held=held, stored=stored, cap=cap) \
        if isinstance(cap, int) else t(lang, "Working board: holding {held}; stored {stored}", held=held,
                                       stored=stored)
    avail = working.get("supply_available")
    if isinstance(avail, dict):
        text += "; " + t(lang, "supply {stock}", stock=" ".join(f"{c}{as_int(avail.get(c))}" for c in SUPPLY_ORDER
                                                                 if c in avail))
    used = working.get("used")
    if isinstance(used, dict) and used:
        text += "; " + t(lang, "conversions used: {uses}", uses=", ".join(
            f"{source_name(view, you, k, lang)} ×{v}" for k, v in used.items()))
    return text + "."


__all__ = ["alt_board", "alt_private", "board_parts", "last_words", "named", "private_parts", "status_words"]
