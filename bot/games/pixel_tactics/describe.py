"""Sentences: action descriptions (public and for the owner) and decision prompts."""

from __future__ import annotations

from typing import Any

from ..base import N_, Phrase
from . import bases_play, promos
from .modes import duel_draft
from .modes import siege as siege_mode
from .positions import RESERVE
from .sets import chase_def
from .state import State, entry_at, name, seat_label
from .state import ceasefire as is_ceasefire
from .traps import KIND_WORDS

#: a wave in words, by its row (the turn prompt's field)
_WAVES = {"V": N_("Vanguard wave"), "F": N_("Flank wave"), "R": N_("Rear wave")}


def _at(state: State, target: str | None) -> str:
    """Return "Name (ref)" for a position."""
    if not target:
        return ""
    if siege_mode.is_fortress(target):
        return siege_mode.label(target)
    entry = entry_at(state, target)
    return f"{name(entry['card'])} ({target})" if entry and entry.get("card") else target


def describe(state: State, player: int, action: Any, viewer: int | None) -> str:
    """Describe ``action`` (before it is applied) for ``viewer``; only ``player`` reads hidden details."""
    try:
        if "teams" in state and isinstance(action, dict):  # team modes: ally Units, foes, Long Actions
            from .modes import team_cross

            text = team_cross.describe(state, player, action)
            return text or _describe(state, player, action, viewer == player) + team_cross.suffix(action)
        return _describe(state, player, action, viewer == player)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return f"{seat_label(player)}: {action.get('type', 'action') if isinstance(action, dict) else 'action'}"


def _describe(state: State, player: int, action: dict[str, Any], own: bool) -> str:
    """Describe a (normally legal) action."""
    kind = action["type"]
    if state.get("phase") == "epic":  # Epic Duel: a fallen Leader's owner chooses (modes/epic.py)
        from .modes import epic as epic_mode

        return epic_mode.describe(state, player, action, own)
    me = state["players"][player]
    on = f" on {_at(state, action.get('target'))}" if action.get("target") else ""
    if kind == "leader":
        return f"chose {name(action['card'])} as Leader" if own else "chose a Leader"
    if kind == "chase":
        if not own:
            return "made their Chase Leader choice"
        chosen = action["card"]
        return f"chose the Chase Leader {chase_def(chosen)['name']}" if chosen else "kept their Leader"
    if kind == "promo_draw":
        return promos.describe(state, player, action, own)
    if kind in duel_draft.TYPES:
        return duel_draft.describe(state, player, action, own)
    if kind == "draw":
        return f"drew {name(me['deck'][0])}" if own and me["deck"] else "drew a card"
    if kind == "recruit":
        return f"recruited {name(action['card'])} to {action['slot']}"
    if kind == "attack":
        return f"attacked {_at(state, action['target'])} with {_at(state, f'{player}:' + action['by'])}"
    if kind == "spell":
        return f"cast the Spell of {_at(state, f'{player}:' + action['by'])}{on}"
    if kind == "leader_action":
        return f"used the Leader action{on}"
    if kind == "snap":
        return f"snapped the Base {bases_play.name_of(state, player)}{on}"
    if kind == "order":
        return f"played the Order {name(action['card'])}{on}"
    if kind == "move":
        return f"moved {_at(state, f'{player}:' + action['from'])} to {action['to']}"
    if kind == "clear_corpse":
        return f"cleared the Corpse in {action['slot']}"
    if kind == "switch":
        return f"switched {action['a']} and {action['b']}"
    if kind == "operation":
        return f"played the Operation {name(action['card'])}"
    if kind == "trap":
        if own:
            return f"placed the Trap {name(action['card'])} face down (policy: {action['policy']})"
        return "placed a Trap face down"
    if kind == "clear_reserve":
        item = me["reserve"][RESERVE.index(action["slot"])]
        what = "Trap" if item["kind"] == "trap" else "Operation"
        return f"cleared the {what} {name(item['card'])} from {action['slot']}"
    if kind == "end":
        return "ended the turn"
    if kind == "activate":
        item = me["reserve"][RESERVE.index(action["slot"])]
        return f"activated the Trap {name(item['card'])}{on}"
    if kind == "decline":
        if action.get("mute"):
            return (f"did not respond, and will not be asked about {KIND_WORDS[state['chain'][-1]['type']]} "
                    "until they place a Trap")
        return "did not respond"
    return kind


def event_text(state: State, event: dict[str, Any]) -> str:
    """Return a sentence naming what a chain entry is (used in Trap window prompts)."""
    who = seat_label(event["actor"]) if event["actor"] is not None else "The wave"
    kind = event["type"]
    if kind == "attack":
        return f"{who} attacks {_at(state, event['target'])} with {_at(state, event['source'])}"
    if kind == "spell":
        return f"{who} casts the Spell of {_at(state, event['source'])}"
    if kind == "order":
        return f"{who} plays the Order {name(event['card'])}"
    if kind == "trap":
        return f"{who} activates the Trap {name(event['card'])}"
    if kind == "recruit":
        return f"{who} recruits {_at(state, event['target'])}"
    if kind == "damaged":
        return f"{_at(state, event['target'])} is damaged"
    if kind == "defeated":
        return f"{_at(state, event['target'])} is defeated"
    return kind


def prompt(state: State, seat: int) -> str:
    """Return the prompt of ``seat``'s pending turn (a ``Phrase``: translatable where it is shown) or Trap window
    decision."""
    if state["phase"] == "trap":
        return f"{event_text(state, state['chain'][-1])}: activate a Trap?"
    fields = {"round": state["round"], "wave": Phrase(_WAVES[state["wave"]])}
    left = state["actions_left"]
    if is_ceasefire(state):  # a counted clause: the catalogue's forms (1 Aktion, 2 Aktionen)
        return Phrase.counted("Round {round} (Ceasefire), {wave}: {n} action left.",
                              "Round {round} (Ceasefire), {wave}: {n} actions left.", left, **fields)
    return Phrase.counted("Round {round}, {wave}: {n} action left.", "Round {round}, {wave}: {n} actions left.", left,
                          **fields)
