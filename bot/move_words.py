"""Each game's words, in a member's language, for what a seat did and why a finished game ended: the engine's
event filled in from the catalogue. The one home of that wording: the game presenters (``cogs/``: the line
announcing a move, ``/game log``, ``/game hint``) and the offline demo (``bot/demo.py``) all call it. Pure:
states and views in, text out.

A new game adds its ``GameWords`` to ``GAME_WORDS`` (as its table art goes in ``rendering.public.REPLAY_ART``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, Engine, GameError, State
from bot.games.pixel_tactics.events import result_event
from bot.games.pt_draft.describe import event as draft_event
from bot.i18n import t
from bot.registry import engine
from rendering.pixel_pusher.words import reason_words as pusher_reason
from rendering.pixel_tactics.positions import humanize
from rendering.pixies.cards import event_words
from rendering.tixel.alt import result_words

#: an event: an English template marked for the catalogues, and its fields
Event = tuple[str, dict[str, Any]]
#: what the engine's ``describe_event`` may raise for an action that is not legal from the state given
NOT_SAID = (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError)


def catalogue(template: str, fields: dict, lang: str) -> str:
    """An event in ``lang``, its fields as they are."""
    return t(lang, template, **fields)


def no_reason(view: dict, reason: str, names: list[str], lang: str) -> str:
    """A game whose final post gives no reason in another language than English."""
    return ""


def as_is(text: str, names: list[str], state: State) -> str:
    """An engine sentence that names no seat."""
    return text


@dataclass(frozen=True)
class GameWords:
    """How one game words its moves and results.

    ``event(engine, state, seat, action, own, names)``: ``action`` of ``seat`` from ``state`` (before it) as the
    engine's event (``own``: as that player reads it, their hidden cards named; ``names``: the seats' names), None
    when the engine has none for it; ``fill(template, fields, lang)``: an event in ``lang``;
    ``reason(view, reason, names, lang)``: a finished game's reason (the public view's, or the engine's) in
    ``lang``, "" when it has no words for it there; ``named(text, names, state)``: the engine's English sentence
    with the seats' names."""

    event: Callable[[Engine, State, int, Action, bool, list[str]], Event | None]
    fill: Callable[[str, dict, str], str] = catalogue
    reason: Callable[[dict, str, list[str], str], str] = no_reason
    named: Callable[[str, list[str], State], str] = as_is


def _tixel_reason(view: dict, reason: str, names: list[str], lang: str) -> str:
    why = result_words(view, names, lang)[1]
    return why or (t(lang, "Draw agreed") if reason.replace("_", " ") in ("draw agreed", "agreed") else "")


def _tactics_reason(view: dict, reason: str, names: list[str], lang: str) -> str:
    result = (view or {}).get("result") or {}
    event = result_event(result if "reason_event" in result else {"reason": reason}, names)
    return "" if event is None else t(lang, event[0], **event[1])


#: game kind → how it words its moves and results (every game the bot hosts)
GAME_WORDS: dict[str, GameWords] = {
    "tixel": GameWords(
        event=lambda eng, state, seat, action, own, names: eng.describe_event(state, seat,
                                                                               eng.check(state, seat, action)),
        reason=_tixel_reason),
    "pixel-pusher": GameWords(
        event=lambda eng, state, seat, action, own, names: eng.describe_event(state, seat,
                                                                               eng.check(state, seat, action), own),
        reason=lambda view, reason, names, lang: pusher_reason(
            ((view or {}).get("result") or {}) if "reason_keys" in ((view or {}).get("result") or {}) else reason,
            lang)),
    "pixies": GameWords(
        event=lambda eng, state, seat, action, own, names: eng.describe_event(state, seat, action),
        fill=event_words),
    "pixel-tactics": GameWords(
        event=lambda eng, state, seat, action, own, names: eng.describe_event(state, seat, action, own, names),
        reason=_tactics_reason,
        # /game log's last resort for a stored move its events cannot word (old states): the English rewritten
        named=lambda text, names, state: humanize(text, names, state.get("mode") == "siege")),
    "pt-draft": GameWords(
        event=lambda eng, state, seat, action, own, names: draft_event(state, seat, action, private=own)),
}


def move_event(kind: str, state: State, seat: int, action: Action, own: bool = False,
               names: list[str] | None = None, eng: Engine | None = None) -> Event | None:
    """``action`` of ``seat`` from ``state`` (before it) as the engine's event (``own``: as that player reads it;
    ``eng``: the table's engine, by default the game's); None when the engine cannot say."""
    try:
        return GAME_WORDS[kind].event(eng or engine(kind), state, seat, action, own, list(names or []))
    except NOT_SAID:
        return None


def move_words(kind: str, state: State, seat: int, action: Action, lang: str, names: list[str] | None = None,
               own: bool = False, eng: Engine | None = None) -> str | None:
    """``action`` of ``seat`` from ``state`` (before it) in ``lang`` (``own``: as that player reads it, their hidden
    cards named; ``names``: the seats' names as the words should show them; ``eng``: the table's engine, by
    default the game's); None when the engine cannot say."""
    event = move_event(kind, state, seat, action, own, names, eng)
    return None if event is None else GAME_WORDS[kind].fill(event[0], event[1], lang)


def event_text(kind: str, event: Event, lang: str) -> str:
    """An event of the game ``kind`` (``move_event``'s) in ``lang``."""
    return GAME_WORDS[kind].fill(event[0], event[1], lang)


def named_sentence(kind: str, text: str, names: list[str], state: State) -> str:
    """An engine's English sentence of the game ``kind`` with the seats' ``names`` (Pixel Tactics: positions in
    words too)."""
    return GAME_WORDS[kind].named(text, names, state) if kind in GAME_WORDS else text


def engine_sentence(kind: str, state: State, seat: int, action: Action, viewer: int | None,
                    names: list[str], eng: Engine | None = None) -> str:
    """``action`` of ``seat`` from ``state`` (before it) in the engine's English sentence as ``viewer`` (a seat, or
    None for the public) may read it, the seats named: what a move reads as when the game has no words for it."""
    return named_sentence(kind, (eng or engine(kind)).describe_for(state, seat, action, viewer), names, state)


def log_words(kind: str, state: State, seat: int, action: Action, lang: str, names: list[str],
              viewer: int | None = None) -> str:
    """``action`` as ``/game log`` words it for ``viewer``: the game's words in ``lang``, else the engine's
    sentence."""
    words = move_words(kind, state, seat, action, lang, names, own=viewer is not None and viewer == seat)
    return words if words is not None else engine_sentence(kind, state, seat, action, viewer, names)


def reason_words(kind: str, view: dict, reason: str, names: list[str], lang: str) -> str:
    """A finished game's ``reason`` (its public ``view``'s, or the engine's) in ``lang``; "" when the game has no
    words for it there."""
    words = GAME_WORDS.get(kind)
    return words.reason(view, reason, names, lang) if words else ""
