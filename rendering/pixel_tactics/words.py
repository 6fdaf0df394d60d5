"""Pixel Tactics sentences shared by the images and their alt texts (turn, wave, match, result), in a language
(``lang``, English by default)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.pixel_tactics.events import result_event
from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics.style import View, as_int, players, seat_of

WAVES = {"V": N_("Vanguard"), "F": N_("Flank"), "R": N_("Rear")}
WAVE_WORDS = {"V": N_("Vanguard wave"), "F": N_("Flank wave"), "R": N_("Rear wave")}
CEASEFIRE = N_("Ceasefire all round 1: no Attacks, Spells, Orders or Operations, and no Trap activations")
#: a unit's keywords and statuses on its chips (``Atk``: a chip's short Attack)
CHIPS = {"Ranged": N_("Ranged"), "Intercept": N_("Intercept"), "No abilities": N_("No abilities"),
         "No Special Abilities": N_("No Special Abilities"), "+1 Atk": N_("+1 Atk"), "-1 Atk": N_("-1 Atk"),
         "+1 Attack": N_("+1 Attack"), "-1 Attack": N_("-1 Attack"), "+1 Life": N_("+1 Life"),
         "-1 Life": N_("-1 Life")}


def chip_word(word: str, lang: str = SOURCE) -> str:
    """A keyword or status (``Ranged``, ``+1 Atk``) in ``lang`` (an unknown one as it is)."""
    return t(lang, CHIPS[word]) if word in CHIPS else word


def wave_name(view: View, lang: str = SOURCE) -> str | None:
    """``Vanguard``, ``Flank`` or ``Rear`` for the current wave (None when unknown)."""
    wave = WAVES.get(str(view.get("wave") or ""))
    return t(lang, wave) if wave else None


def actions_words(n: int, lang: str = SOURCE) -> str:
    """``1 action left`` / ``2 actions left`` / ``no actions left``."""
    if n <= 0:
        return t(lang, "no actions left")
    return tn(lang, "{n} action left", "{n} actions left", n, n=n)


def count(seats: int, view: View) -> int:
    """The number of seats (at least 2)."""
    return max(seats, len(players(view)))


def turn_status(view: View, name: Callable[[Any], str], lang: str = SOURCE) -> tuple[str, str]:
    """(name, rest) of the status pill: ``Ana`` + ``: 1 action left``, or ("", ``Choosing Leaders``)."""
    phase = view.get("phase")
    if phase == "finished":
        return "", t(lang, "Game over")
    if phase == "leader":
        return "", t(lang, "Choosing Leaders")
    if phase == "epic":  # Epic Duel: a fallen Leader's owner picks the next one, then a boon
        step = epic_step(view)
        seat = seat_of(step.get("seat"), count(2, view)) if step.get("stage") == "boon" else None
        if seat is None:
            return "", t(lang, "Choosing a new Leader")
        left = as_int(step.get("left"))
        doing = {"recruit": t(lang, "recruiting ({n} left)", n=left),
                 "regroup": t(lang, "rearranging ({n} moves left)", n=left)}
        return name(seat), ": " + doing.get(str(step.get("boon")), t(lang, "new Leader's boon"))
    if phase == "draft":  # Duel Draft's opening Draft Draws, before the Leaders
        draft = view.get("duel_draft") if isinstance(view.get("duel_draft"), dict) else {}
        seat = seat_of(draft.get("drafter"), count(2, view))
        return (name(seat), ": " + t(lang, "opening Draft Draw")) if seat is not None else ("", t(lang, "Opening draft"))
    if phase == "between":
        return "", t(lang, "Next game")
    if phase == "trap":
        return "", t(lang, "Trap window")
    seat = seat_of(view.get("turn"), count(2, view))
    if seat is None:
        return "", t(lang, "Waiting")
    return name(seat), f": {actions_words(as_int(view.get('actions_left')), lang)}"


def waiting_words(view: View, name: Callable[[Any], str], lang: str = SOURCE) -> str:
    """The open Trap window's line (``Waiting: Ana may respond.``): the view's sentence in English, else worded
    from its ``window_seat``; "" when no window is open."""
    waiting = view.get("waiting")
    if not isinstance(waiting, str) or not waiting.strip():
        return ""
    seat = seat_of(view.get("window_seat"), count(2, view))
    if lang == SOURCE or seat is None:
        return waiting
    return t(lang, "Waiting: {name} may respond.", name=name(seat))


def epic_step(view: View) -> dict:
    """Return Epic Duel's pending step of a fallen Leader (``{}`` when none)."""
    epic = view.get("epic") if isinstance(view.get("epic"), dict) else {}
    return epic.get("step") if isinstance(epic.get("step"), dict) else {}


def match_words(view: View, lang: str = SOURCE) -> str:
    """``Game 2 · match to 2 trophies`` (or ``Single game``)."""
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    target, game = as_int(match.get("target"), 0), as_int(match.get("game"), 0)
    head = t(lang, "Game {n}", n=game) if game else t(lang, "Game")
    if target <= 1:
        return t(lang, "Single game") if target == 1 else head
    return t(lang, "{game} · match to {n} trophies", game=head, n=target)


def round_words(view: View, lang: str = SOURCE) -> str:
    """``Round 3 · Flank wave`` (what is known of it)."""
    parts = []
    rnd = as_int(view.get("round"), 0)
    if rnd:
        parts.append(t(lang, "Round {n}", n=rnd))
    wave = str(view.get("wave") or "")
    if wave in WAVES and view.get("phase") not in ("leader", "finished", "between"):
        parts.append(t(lang, WAVE_WORDS[wave]))
    return " · ".join(parts)


def trophies_of(view: View, seat: int) -> int:
    """Trophies of ``seat`` (the player entry, else the match record)."""
    ps = players(view)
    if seat < len(ps) and isinstance(ps[seat].get("trophies"), int):
        return as_int(ps[seat].get("trophies"))
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    won = match.get("trophies") or []
    return as_int(won[seat]) if isinstance(won, list) and seat < len(won) else 0


def result_words(view: View, name: Callable[[Any], str], lang: str = SOURCE) -> tuple[str, str]:
    """(headline, detail) of a finished game: ``Ana wins the match`` and e.g. ``Trophies 2–1 · rout``."""
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    n = count(2, view)
    winners = [s for s in result.get("winners") or [] if seat_of(s, n) is not None]
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    target = as_int(match.get("target"), 0)
    if len(winners) == 1:
        head = (t(lang, "{name} wins the match", name=name(winners[0])) if target > 1 else
                t(lang, "{name} wins the game", name=name(winners[0])))
    elif winners:
        head = t(lang, "Shared victory: {names}", names=t(lang, "{a} and {b}", a=", ".join(
            name(s) for s in winners[:-1]), b=name(winners[-1])))
    else:
        head = t(lang, "Tie game")
    bits = []
    if target > 1:
        bits.append(t(lang, "Trophies {score}", score="–".join(str(trophies_of(view, s)) for s in range(n))))
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    stored = "reason_event" in result  # the engine's event: words in any language; else (old states) the English
    event = result_event(result, [name(s) for s in range(n)]) if reason and (stored or lang != SOURCE) else None
    if event is not None:
        reason = t(lang, event[0], **event[1])
    if reason:
        bits.append(reason)
    return head, " · ".join(bits)
