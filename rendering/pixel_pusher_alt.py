"""Pixel Pusher alt texts (public board and private hand) and the status words the images share.

Every sentence is built only from fields of the view it describes, so an alt text never says more
than its image's view contained.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rendering.describe_text import fit
from rendering.pixel_pusher_images import images_alt
from rendering.pixel_pusher_parts import (
    COLOUR_ORDER,
    SUPPLY_ORDER,
    as_int,
    as_list,
    card_label,
    fit_text,
)

View = dict[str, Any]
ALT_MAX = 1000
PHASE_WORDS = {"draft": "Draft", "build": "Build", "collect": "Collect", "convert": "Convert",
               "score": "Score", "finished": "Game over"}
PHASE_LONG = {"draft": "Draft", "build": "Build", "collect": "Collect", "convert": "Convert & Store",
              "score": "Score", "finished": "finished"}
ACT = {"draft": "to pick", "build": "to build", "convert": "to convert", "score": "to score"}


def phase_word(phase: Any) -> str:
    """A short word for a phase (``Draft``, ``Convert``…)."""
    return PHASE_WORDS.get(str(phase), str(phase or "?").capitalize())


def _acting(view: View, count: int) -> list[int]:
    return [s for s in as_list(view.get("to_act")) if isinstance(s, int) and 0 <= s < count]


def status_words(view: View, shown: list[str], px: int = 36) -> str:
    """The status pill: who must act (``Ana to build``, ``2 of 4 to pick``: of the players still in the
    game) or ``Game over``."""
    phase = str(view.get("phase"))
    if phase == "finished" or view.get("result"):
        return "Game over"
    acting = _acting(view, len(shown))
    if phase == "collect" and not acting:
        return "Collecting"
    if not acting:
        return "Waiting"
    verb = ACT.get(phase, "to act")
    if len(acting) == 1:
        return f"{fit_text(shown[acting[0]], px, 420, True)} {verb}"
    seats = [s for s in as_list(view.get("seats")) if isinstance(s, dict)]
    playing = sum(1 for s in seats if s.get("active", True)) if seats else len(shown)  # leavers don't count
    return f"{len(acting)} of {max(playing, len(acting))} {verb}"


def alt_name(names: list[str] | None, seat: int, limit: int = 32) -> str:
    """A seat's display name for alt text (control characters dropped, fallback ``Seat n``, shortened)."""
    names = names or []
    raw = names[seat] if 0 <= seat < len(names) and names[seat] else ""
    text = " ".join("".join(ch for ch in str(raw) if unicodedata.category(ch)[0] != "C").split())
    text = text or f"Seat {seat + 1}"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _clip(parts: list[str]) -> str:
    return fit([" ".join(p for p in parts if p)], ALT_MAX)


def _pixels(colours: Any) -> str:
    """Pixels as letters grouped by colour, e.g. ``2R G B`` (``none`` if empty)."""
    counts: dict[str, int] = {}
    for c in as_list(colours):
        counts[str(c)] = counts.get(str(c), 0) + 1
    if not counts:
        return "none"
    keys = [c for c in COLOUR_ORDER if c in counts] + sorted(k for k in counts if k not in COLOUR_ORDER)
    return " ".join(f"{counts[c]}{c}" if counts[c] > 1 else c for c in keys)


def _seats(view: View) -> list[dict]:
    return [s for s in as_list(view.get("seats")) if isinstance(s, dict)]


def _count(view: View) -> int:
    seats = _seats(view)
    return max(as_int(view.get("players"), len(seats)), len(seats),
               max((as_int(s.get("seat"), -1) + 1 for s in seats), default=0))


def _status_sentence(view: View, short: list[str]) -> str:
    phase = str(view.get("phase"))
    rnd = view.get("round")
    head = "Pixel Pusher" + (f", round {rnd}" if isinstance(rnd, int) else "")
    if phase == "finished" or view.get("result"):
        return head + ", game over."
    head += f", {PHASE_LONG.get(phase, phase)}."
    acting = _acting(view, len(short))
    seats = _seats(view)
    if phase == "draft":
        done = [short[as_int(s.get("seat"), i)] for i, s in enumerate(seats)
                if s.get("picked") and s.get("active") is not False and 0 <= as_int(s.get("seat"), i) < len(short)]
        waiting = [short[s] for s in acting]
        bits = ([f"picked: {', '.join(done)}"] if done else []) + ([f"still to pick: {', '.join(waiting)}"]
                                                                    if waiting else [])
        return head + (" " + _sentence("; ".join(bits)) if bits else "")
    if phase == "convert":
        done = [short[as_int(s.get("seat"), i)] for i, s in enumerate(seats)
                if s.get("confirmed") and s.get("active") is not False
                and 0 <= as_int(s.get("seat"), i) < len(short)]
        waiting = [short[s] for s in acting]
        bits = ([f"still converting: {', '.join(waiting)}"] if waiting else []) + (
            [f"done: {', '.join(done)}"] if done else [])
        return head + (" " + _sentence("; ".join(bits)) if bits else "")
    if acting:
        head += f" {', '.join(short[s] for s in acting)} {ACT.get(phase, 'to act')}"
        fills, most = view.get("fills"), view.get("max_fills")
        if phase == "score" and isinstance(fills, int) and isinstance(most, int) and most > 0:
            head += f" ({fills} of {most} rows filled)"
        return head + "."
    return head


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _result_sentence(view: View, short: list[str]) -> str:
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    if not result:
        return ""
    winners = [s for s in as_list(result.get("winners")) if isinstance(s, int) and 0 <= s < len(short)]
    scores = as_list(result.get("scores"))
    if len(winners) == 1:
        text = f"{short[winners[0]]} wins"
    elif winners:
        text = "Shared victory: " + ", ".join(short[s] for s in winners)
    else:
        text = "No winner"
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    text += f" ({reason})." if reason else "."
    if scores:
        text += " Final scores: " + ", ".join(f"{short[i]} {v}" for i, v in enumerate(scores)
                                              if i < len(short) and isinstance(v, int)) + "."
    return text


def _seat_sentence(view: View, seat: dict, index: int, short: list[str], detail: int) -> str:
    """E.g. ``Ana (7 VP, side A, 1st to Build): slots 1 [2 R, 1 R], 4 [R+G→Y]; stored R Y of 5; held 2R G.``"""
    s = as_int(seat.get("seat"), index)
    name = short[s] if 0 <= s < len(short) else f"Seat {s + 1}"
    head = ["left the game"] if seat.get("active") is False else []
    head.append(f"{as_int(seat.get('score'))} VP")
    side = seat.get("side")
    if side in ("A", "B"):
        head.append("side B, slots read segments 6 to 1" if side == "B" else "side A")
    cards = [a for a in as_list(seat.get("abilities")) if isinstance(a, dict)]
    if not cards and isinstance(seat.get("ability"), dict):
        cards = [seat["ability"]]
    head.extend(str(a.get("name") or a.get("id") or "ability") for a in cards)
    if isinstance(seat.get("hand"), int) and (seat["hand"] or view.get("phase") in ("draft", "build")):
        head.append(f"hand {seat['hand']}")
    tail = []
    slots = as_list(seat.get("slots"))
    if detail >= 1:
        stacks = []
        for k in range(min(6, len(slots))):
            labels = [card_label(c) for c in as_list(slots[k]) if isinstance(c, dict)]
            if labels:
                stacks.append(f"{k + 1} [{', '.join(labels)}]")
        tail.append("slots " + (", ".join(stacks) if stacks else "empty"))
    else:
        installed = sum(len(as_list(st)) for st in slots)
        tail.append(f"{installed} machine card{'' if installed == 1 else 's'}")
    stored = as_list(seat.get("stored"))
    cap = seat.get("storage")
    if stored or isinstance(cap, int):
        tail.append(f"stored {_pixels(stored)}" + (f" of {cap}" if isinstance(cap, int) else ""))
    if as_list(seat.get("held")):
        tail.append(f"held {_pixels(seat.get('held'))}")
    return f"{name} ({', '.join(head)}): {'; '.join(tail)}."


def board_parts(view: View, names: list[str] | None, limit: int = 32, detail: int = 1,
                image_detail: bool = True, last: list[str] | None = None) -> list[str]:
    """The public board's sentences: status, result, the ``last`` log lines, conveyor, supply, each seat, the
    image cards."""
    count = _count(view)
    conveyor = as_list(view.get("conveyor"))
    segs = [f"{i + 1} {''.join(str(c) for c in as_list(conveyor[i])) or 'empty'}" if i < len(conveyor)
            else f"{i + 1} empty" for i in range(6)]
    supply = view.get("supply") if isinstance(view.get("supply"), dict) else {}
    stock = " ".join(f"{c}{as_int(supply.get(c))}" for c in SUPPLY_ORDER if c in supply)
    counts = [f"{word} {view[key]}" for key, word in (("bag", "bag"), ("deck", "deck"), ("image_deck", "image deck"))
              if isinstance(view.get(key), int)]
    short = [alt_name(names, s, limit) for s in range(count)]
    parts = [_status_sentence(view, short), _result_sentence(view, short), *(last or []),
             f"Conveyor: {', '.join(segs)}.",
             (f"Supply {stock}; " if stock else "") + ", ".join(counts) + "." if stock or counts else ""]
    parts += [_seat_sentence(view, seat, i, short, detail) for i, seat in enumerate(_seats(view))]
    imgs = images_alt(view, short, image_detail)
    parts.append(f"Images: {imgs}." if imgs else "")
    return [p for p in parts if p]


def last_words(view: View, names: list[str] | None, limit: int = 32, lines: int = 1) -> list[str]:
    """The log's last ``lines`` entries as sentences, seats named (``Last: Ana built …``)."""
    short = [alt_name(names, s, limit) for s in range(_count(view))]
    out = []
    for text in [str(t) for t in as_list(view.get("log")) if t][-lines:]:
        line = f"Last: {named(text, short)}"
        out.append(line if line.endswith((".", "!", "?")) else line + ".")
    return out


def alt_board(view: View, names: list[str] | None = None) -> str:
    """Plain-text summary of the public board image (at most 1,000 characters; shortened ones point at
    /game describe)."""
    candidates = []
    # names stay whole (a shortened name on the image is named in full here) while details can go
    for limit, detail, image_detail in ((32, 1, True), (32, 1, False), (32, 0, False), (24, 0, False),
                                        (16, 0, False), (12, 0, False)):
        text = " ".join(board_parts(view, names, limit, detail, image_detail, last_words(view, names, limit)))
        if len(text) > ALT_MAX:  # the last move is the first to go
            text = " ".join(board_parts(view, names, limit, detail, image_detail))
        candidates.append(text)
    return fit(candidates, ALT_MAX)


def named(text: str, shown: list[str]) -> str:
    """``text`` with the engine's ``Seat n`` replaced by the display name of seat n-1."""
    def _swap(m: re.Match) -> str:
        k = int(m.group(1)) - 1
        return shown[k] if 0 <= k < len(shown) else m.group(0)
    return re.sub(r"\bSeat (\d+)\b", _swap, text)


def _card_words(card: Any) -> str:
    if not isinstance(card, dict):
        return "?"
    name = str(card.get("name") or card.get("id") or "card")
    text = str(card.get("text") or "")
    if "type" not in card:
        return f"{name} (ability{': ' + text if text else ''})"
    return f"{name} ({text or card_label(card)})"


def source_name(view: View, you: Any, source: Any) -> str:
    """The short label of a conversion source (an installed card or ability of ``you``), else its id."""
    for seat in _seats(view):
        if seat.get("seat") != you:
            continue
        ability = seat.get("ability")
        if isinstance(ability, dict) and ability.get("id") == source:
            return str(ability.get("name") or source)
        for stack in as_list(seat.get("slots")):
            for card in as_list(stack):
                if isinstance(card, dict) and card.get("id") == source:
                    return card_label(card)
    return str(source)


def alt_private(view: View, names: list[str] | None = None) -> str:
    """Plain-text summary of one player's private image (at most 1,000 characters)."""
    return _clip(private_parts(view, names))


def private_parts(view: View, names: list[str] | None = None) -> list[str]:
    """The sentences of one player's private view: hand, picks so far, working board."""
    count = _count(view)
    you = view.get("you")
    short = [alt_name(names, s) for s in range(count)]
    who = short[you] if isinstance(you, int) and 0 <= you < count else "You"
    private = view.get("private") if isinstance(view.get("private"), dict) else {}
    phase = str(view.get("phase"))
    rnd = view.get("round")
    parts = [f"Pixel Pusher, private view for {who}" + (f", round {rnd}" if isinstance(rnd, int) else "")
             + f", {PHASE_LONG.get(phase, phase)}."]
    hand = as_list(private.get("hand"))
    if hand:
        parts.append(f"Your hand: {'; '.join(_card_words(c) for c in hand)}.")
    elif phase in ("draft", "build"):
        parts.append("Your hand is empty.")
    drafted = as_list(private.get("drafted"))
    if drafted:
        parts.append(f"Your picks so far: {'; '.join(_card_words(c) for c in drafted)}.")
    working = private.get("working") if isinstance(private.get("working"), dict) else None
    if working:
        cap = working.get("storage")
        if not isinstance(cap, int):
            mine = [s for s in _seats(view) if s.get("seat") == you]
            cap = mine[0].get("storage") if mine else None
        text = f"Working board: holding {_pixels(working.get('held'))}; stored {_pixels(working.get('stored'))}"
        text += f" of {cap}" if isinstance(cap, int) else ""
        avail = working.get("supply_available")
        if isinstance(avail, dict):
            text += "; supply " + " ".join(f"{c}{as_int(avail.get(c))}" for c in SUPPLY_ORDER if c in avail)
        used = working.get("used")
        if isinstance(used, dict) and used:
            text += "; conversions used: " + ", ".join(f"{source_name(view, you, k)} ×{v}" for k, v in used.items())
        parts.append(text + ".")
    return parts
