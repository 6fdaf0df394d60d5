"""Pixel Tactics sentences shared by the images and their alt texts (turn, wave, match, result)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rendering.pixel_tactics.style import View, as_int, players, seat_of

WAVES = {"V": "Vanguard", "F": "Flank", "R": "Rear"}
CEASEFIRE = "Ceasefire all round 1: no Attacks, Spells, Orders or Operations, and no Trap activations"


def wave_name(view: View) -> str | None:
    """``Vanguard``, ``Flank`` or ``Rear`` for the current wave (None when unknown)."""
    return WAVES.get(str(view.get("wave") or ""))


def actions_words(n: int) -> str:
    """``1 action left`` / ``2 actions left`` / ``no actions left``."""
    return "no actions left" if n <= 0 else f"{n} action{'' if n == 1 else 's'} left"


def count(seats: int, view: View) -> int:
    """The number of seats (at least 2)."""
    return max(seats, len(players(view)))


def turn_status(view: View, name: Callable[[Any], str]) -> tuple[str, str]:
    """(name, rest) of the status pill: ``Ana`` + ``: 1 action left``, or ("", ``Choosing Leaders``)."""
    phase = view.get("phase")
    if phase == "finished":
        return "", "Game over"
    if phase == "leader":
        return "", "Choosing Leaders"
    if phase == "epic":  # Epic Duel: a fallen Leader's owner picks the next one, then a boon
        step = epic_step(view)
        seat = seat_of(step.get("seat"), count(2, view)) if step.get("stage") == "boon" else None
        if seat is None:
            return "", "Choosing a new Leader"
        doing = {"recruit": f"recruiting ({as_int(step.get('left'))} left)",
                 "regroup": f"rearranging ({as_int(step.get('left'))} moves left)"}
        return name(seat), ": " + doing.get(str(step.get("boon")), "new Leader's boon")
    if phase == "draft":  # Duel Draft's opening Draft Draws, before the Leaders
        draft = view.get("duel_draft") if isinstance(view.get("duel_draft"), dict) else {}
        seat = seat_of(draft.get("drafter"), count(2, view))
        return (name(seat), ": opening Draft Draw") if seat is not None else ("", "Opening draft")
    if phase == "between":
        return "", "Next game"
    if phase == "trap":
        return "", "Trap window"
    seat = seat_of(view.get("turn"), count(2, view))
    if seat is None:
        return "", "Waiting"
    return name(seat), f": {actions_words(as_int(view.get('actions_left')))}"


def epic_step(view: View) -> dict:
    """Return Epic Duel's pending step of a fallen Leader (``{}`` when none)."""
    epic = view.get("epic") if isinstance(view.get("epic"), dict) else {}
    return epic.get("step") if isinstance(epic.get("step"), dict) else {}


def match_words(view: View) -> str:
    """``Game 2 · match to 2 trophies`` (or ``Single game``)."""
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    target, game = as_int(match.get("target"), 0), as_int(match.get("game"), 0)
    head = f"Game {game}" if game else "Game"
    if target <= 1:
        return "Single game" if target == 1 else head
    return f"{head} · match to {target} trophies"


def round_words(view: View) -> str:
    """``Round 3 · Flank wave`` (what is known of it)."""
    parts = []
    rnd = as_int(view.get("round"), 0)
    if rnd:
        parts.append(f"Round {rnd}")
    wave = wave_name(view)
    if wave and view.get("phase") not in ("leader", "finished", "between"):
        parts.append(f"{wave} wave")
    return " · ".join(parts)


def trophies_of(view: View, seat: int) -> int:
    """Trophies of ``seat`` (the player entry, else the match record)."""
    ps = players(view)
    if seat < len(ps) and isinstance(ps[seat].get("trophies"), int):
        return as_int(ps[seat].get("trophies"))
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    t = match.get("trophies") or []
    return as_int(t[seat]) if isinstance(t, list) and seat < len(t) else 0


def result_words(view: View, name: Callable[[Any], str]) -> tuple[str, str]:
    """(headline, detail) of a finished game: ``Ana wins the match`` and e.g. ``Trophies 2–1 · rout``."""
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    n = count(2, view)
    winners = [s for s in result.get("winners") or [] if seat_of(s, n) is not None]
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    target = as_int(match.get("target"), 0)
    what = "the match" if target > 1 else "the game"
    if len(winners) == 1:
        head = f"{name(winners[0])} wins {what}"
    elif winners:
        head = "Shared victory: " + " and ".join(name(s) for s in winners)
    else:
        head = "Tie game"
    bits = []
    if target > 1:
        bits.append("Trophies " + "–".join(str(trophies_of(view, s)) for s in range(n)))
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    if reason:
        bits.append(reason)
    return head, " · ".join(bits)
