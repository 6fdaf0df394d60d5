"""Pixel Pusher alt texts of the public board and the status words the images share (the private view's:
:mod:`rendering.pixel_pusher.private_alt`).

Every sentence is built only from fields of the view it describes, so an alt text never says more
than its image's view contained.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering.describe_text import fit
from rendering.pixel_pusher.images import images_alt
from rendering.pixel_pusher.parts import (
    COLOUR_ORDER,
    SUPPLY_ORDER,
    as_int,
    as_list,
    card_label,
    colour_counts,
    fit_text,
)
from rendering.pixel_pusher.words import (
    card_name,
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


def _seat_sentence(view: View, seat: dict, index: int, short: list[str], detail: int, lang: str,
                   score: bool = True) -> str:
    """E.g. ``Ana (7 VP, side A, 1st to Build): slots 1 [2 R, 1 R], 4 [R+G→Y]; stored R Y of 5; held 2R G.``
    (``detail`` 2: the compact wording; ``score`` False: without the VP, said by the score track's part)"""
    s = as_int(seat.get("seat"), index)
    name = short[s] if 0 <= s < len(short) else t(lang, "Seat {n}", n=s + 1)
    head = [t(lang, "left the game")] if seat.get("active") is False else []
    if score:
        head.append(t(lang, "{n} VP", n=as_int(seat.get("score"))))
    side = seat.get("side")
    if side in ("A", "B"):
        head.append(t(lang, "side A") if side == "A" else t(lang, "side B, read 6 to 1") if detail >= 2 else t(
            lang, "side B, slots read segments 6 to 1"))
    cards = [a for a in as_list(seat.get("abilities")) if isinstance(a, dict)]
    if not cards and isinstance(seat.get("ability"), dict):
        cards = [seat["ability"]]
    head.extend(card_name(a, lang, t(lang, "Ability")) for a in cards)
    if isinstance(seat.get("hand"), int) and (seat["hand"] or view.get("phase") in ("draft", "build") and detail < 2):
        head.append(t(lang, "hand {n}", n=seat["hand"]))
    tail = []
    slots = as_list(seat.get("slots"))
    if detail >= 1:
        stacks = []
        for k in range(min(6, len(slots))):
            labels = [card_label(c, lang=lang) for c in as_list(slots[k]) if isinstance(c, dict)]
            if detail >= 2:  # identical cards in a stack once, counted: ``3× Storage +1``
                labels = [f"{labels.count(x)}× {x}" if labels.count(x) > 1 else x for x in dict.fromkeys(labels)]
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
                compact: bool = False, part: int = 0) -> list[str]:
    """The public board's sentences: status, result, the ``last`` log lines, conveyor, supply, each seat, the
    image cards (``compact``: every row of them in the compact wording); ``part`` 1: all but the image cards,
    2: the image cards and the score track (the board posted as two images)."""
    count = _count(view)
    conveyor = as_list(view.get("conveyor"))
    empty = t(lang, "empty")
    segs = [f"{i + 1} {''.join(str(c) for c in as_list(conveyor[i])) or empty}" if i < len(conveyor)
            else f"{i + 1} {empty}" for i in range(6)]
    supply = view.get("supply") if isinstance(view.get("supply"), dict) else {}
    stock = " ".join(f"{c}{as_int(supply.get(c))}" for c in SUPPLY_ORDER if c in supply)
    counts = [t(lang, word, n=view[key]) for key, word in (("bag", N_("bag {n}")), ("deck", N_("deck {n}")),
                                                            ("image_deck", N_("image deck {n}")))
              if isinstance(view.get(key), int) and (key != "image_deck" or part != 1)]  # part 2 says it
    short = [alt_name(names, s, limit, lang) for s in range(count)]
    stocks = ", ".join(counts)
    supply_line = (t(lang, "Supply {stock}; {counts}.", stock=stock, counts=stocks) if stock and counts else
                   t(lang, "Supply {stock}.", stock=stock) if stock else f"{stocks}."
                   if counts else "")
    parts = [_status_sentence(view, short, lang), _result_sentence(view, short, lang), *(last or []),
             t(lang, "Conveyor: {segments}.", segments=", ".join(segs)), supply_line]
    parts += [_seat_sentence(view, seat, i, short, detail, lang, part != 1) for i, seat in enumerate(_seats(view))]
    if part == 1:
        return [p for p in parts if p]
    deck = view.get("image_deck")
    parts = [t(lang, "{n} more in the image deck", n=deck) + "."] if part == 2 and isinstance(deck, int) else \
        [] if part == 2 else parts
    if compact:
        parts.append(compact_images(view, short, lang))
    else:
        imgs = images_alt(view, short, image_detail, lang)
        parts.append(t(lang, "Images: {images}.", images=imgs) if imgs else "")
    if part == 2:
        parts.append(_track_sentence(view, short, lang))
    return [p for p in parts if p]


def _track_sentence(view: View, short: list[str], lang: str) -> str:
    """The score track in words: ``Score track: Ana 7 VP, Bob 3 VP.``"""
    scores = []
    for i, seat in enumerate(_seats(view)):
        s = as_int(seat.get("seat"), i)
        name = short[s] if 0 <= s < len(short) else t(lang, "Seat {n}", n=s + 1)
        scores.append(f"{name} {t(lang, '{n} VP', n=as_int(seat.get('score')))}")
    return t(lang, "Score track: {scores}.", scores=", ".join(scores)) if scores else ""


def last_words(view: View, names: list[str] | None, limit: int = 32, lines: int = 1, lang: str = SOURCE) -> list[str]:
    """The log's last ``lines`` entries as sentences, seats named (``Last: Ana built …``)."""
    short = [alt_name(names, s, limit, lang) for s in range(_count(view))]
    out = []
    for text, event in log_entries(view)[-lines:]:
        words = log_line(text, short, lang, event)
        words = words if words.endswith((".", "!", "?")) else words + "."
        out.append(t(lang, "Last: {text}", text=words))
    return out


#: the words opening each image's alt text when the board is posted as two images (as Pixel Tactics' parts)
PART = N_("Part {number} of {count}:")


def _board_text(view: View, names: list[str] | None, lang: str, limit: int, detail: int, image_detail: bool,
                compact: bool = False, part: int = 0) -> str:
    """One wording of the board (or of one ``part`` of it), the last move left out when it does not fit."""
    last = last_words(view, names, limit, lang=lang) if part != 2 else []
    cut = [alt_name(names, s, 32, lang) for s in range(_count(view)) if len(alt_name(names, s, 32, lang)) > limit]
    first = [t(lang, PART, number=part, count=2)] if part else []
    first += [t(lang, "Full names: {names}.", names=", ".join(cut))] if cut else []  # each shortened name once
    words = " ".join(first + board_parts(view, names, limit, detail, image_detail, last, lang, compact, part))
    if len(words) > ALT_MAX and last:  # the last move is the first to go
        words = " ".join(first + board_parts(view, names, limit, detail, image_detail, lang=lang, compact=compact,
                                             part=part))
    return words


def _whole(view: View, names: list[str] | None, lang: str, part: int = 0) -> str | None:
    """The board's (or one part's) whole state in at most 1,000 characters, else None."""
    for limit, compact in ((32, False), (32, True), (16, True)):
        words = _board_text(view, names, lang, limit, 2 if compact else 1, True, compact, part)
        if len(words) <= ALT_MAX:
            return words
    return None


def alt_board_parts(view: View, names: list[str] | None = None, lang: str = SOURCE) -> list[str]:
    """The alt texts of the public board as posted: one (``alt_board``) when the whole state fits in it, else
    two carrying the whole state together, for :func:`rendering.pixel_pusher.render_board_part` 1 and 2."""
    whole = _whole(view, names, lang)
    if whole is not None:
        return [whole]
    return [_whole(view, names, lang, k) or fit([_board_text(view, names, lang, limit, 1, k == 1, part=k)
                                                 for limit in (32, 16, 12)], ALT_MAX, lang) for k in (1, 2)]


def alt_board(view: View, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Plain-text summary of the public board image in ``lang``, at most 1,000 characters: the whole state when
    it fits (every slot, pixel and image row; the image rows in the compact wording, then names cut to 16, if
    needed), else shortened ones ending with the /game describe pointer."""

    def text(limit: int, detail: int, image_detail: bool) -> str:
        return _board_text(view, names, lang, limit, detail, image_detail)

    whole = _whole(view, names, lang)
    if whole is not None:
        return whole
    # names stay whole (a shortened name on the image is named in full here) while details can go
    return fit([text(32, 1, True), *(text(limit, detail, image_detail) for limit, detail, image_detail in (
        (32, 1, False), (32, 0, False), (24, 0, False), (16, 0, False), (12, 0, False)))], ALT_MAX, lang)


__all__ = ["alt_board", "alt_board_parts", "board_parts", "last_words", "named", "status_words"]
