"""A Pixel Tactics action as an event: an English template marked for the catalogue and its fields (positions,
seats and policies as ``Phrase``; card names stay the printed English names), which the application words in a
member's language. Filled in English with the players' names, it reads as the engine's ``describe_action``
sentence put in words by ``rendering.pixel_tactics.positions.humanize`` (the move log's English is unchanged).

Classic play (Leaders, Chase Leaders and every turn action, Trap windows, a match's end) is described here, the
modes' own actions (Promos, Bases, Duel Draft, Epic Duel, team modes) in ``mode_events.py``. A finished match's
reason is recorded by the engine as an event (``result["reason_event"]``, see ``state.end_reason``) and worded by
``result_event``; ``reason_event`` only reads back the English reason of a state stored before that.
"""

from __future__ import annotations

import re
from typing import Any

from ..base import N_, Phrase
from . import mode_events
from .positions import RESERVE
from .sets import chase_def
from .state import SEAT_FIELDS, State, entry_at, name

Event = tuple[str, dict[str, Any]]

#: unit spaces in words, by code (``L`` is the Leader; in Siege the middle Flank space)
_SPACES = {"V0": N_("Vanguard left"), "V1": N_("Vanguard centre"), "V2": N_("Vanguard right"),
           "F0": N_("Flank left"), "F1": N_("Flank centre"), "F2": N_("Flank right"),
           "R0": N_("Rear left"), "R1": N_("Rear centre"), "R2": N_("Rear right"), "L": N_("Leader")}
_COLUMNS = {"0": N_("left"), "1": N_("centre"), "2": N_("right")}
#: a placed Trap's policy, as its owner reads it
POLICIES = {"ask": N_("ask"), "always": N_("always"), "never": N_("never")}
#: what a muted player is no longer asked about, by chain entry type
_MUTED = {"attack": N_("Attacks"), "recruit": N_("recruits"), "spell": N_("Spells"), "order": N_("Orders"),
          "trap": N_("Traps"), "damaged": N_("damage to their Heroes"), "defeated": N_("their Heroes' defeats")}
_FORTRESS = re.compile(r"^(\d):fortress(\d)$")


def seat_phrase(seat: int, names: list[str] | None = None) -> str:
    """A seat as its member's name, else ``Seat n`` (a ``Phrase``)."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return Phrase(N_("Seat {n}"), n=seat + 1)


def position(slot: str, siege: bool = False) -> str:
    """A space in words as a ``Phrase``: ``Vanguard left``, ``Leader`` (Siege: ``Flank centre``), ``reserve 2``,
    ``fortress behind the left column``."""
    if slot.startswith("fortress"):
        return Phrase(N_("fortress behind the {column} column"), column=Phrase(_COLUMNS.get(slot[8:], slot[8:])))
    if slot.startswith("X"):
        return Phrase(N_("reserve {n}"), n=int(slot[1:]) + 1)
    if slot == "L" and siege:
        return Phrase(_SPACES["F1"])
    return Phrase(_SPACES[slot]) if slot in _SPACES else slot


def place(state: State, ref: str | None, names: list[str] | None = None) -> str:
    """A ``seat:slot`` reference as ``Card (Ana's Vanguard left)``, or the owner's space when it is empty."""
    siege = state.get("mode") == "siege"
    fortress = _FORTRESS.match(ref or "")
    if fortress:
        return Phrase(N_("{owner}'s {space}"), owner=seat_phrase(int(fortress[1]), names),
                      space=position(f"fortress{fortress[2]}"))
    seat_text, _, slot = (ref or "").partition(":")
    where = Phrase(N_("{owner}'s {space}"), owner=seat_phrase(int(seat_text), names), space=position(slot, siege))
    entry = entry_at(state, ref)
    if entry and entry.get("card"):
        return Phrase(N_("{card} ({where})"), card=name(entry["card"]), where=where)
    return where


def describe_event(state: State, player: int, action: dict[str, Any], own: bool,
                   names: list[str] | None = None) -> Event | None:
    """``action`` of ``player`` (before it is applied) as an event, read by its player (``own``: hidden cards
    named) or by everyone; None for an action of another mode's own."""
    if not isinstance(action, dict):
        return None
    siege = state.get("mode") == "siege"
    if state.get("phase") == "epic":  # Epic Duel: a fallen Leader's owner chooses (modes/epic.py)
        return mode_events.epic_event(state, player, action, own, lambda slot: position(slot, siege))
    if "teams" in state:  # team modes: ally Units, foes, Long Actions
        event = mode_events.team_event(state, player, action, lambda s: seat_phrase(s, names), position)
        if event is None:
            event = _classic_event(state, player, action, own, names)
            event = None if event is None else mode_events.team_suffix(event, action, lambda s: seat_phrase(s, names))
        return event
    return _classic_event(state, player, action, own, names)


def _classic_event(state: State, player: int, action: dict[str, Any], own: bool,
                   names: list[str] | None) -> Event | None:
    """An action of Classic play (and of Siege, Duel Draft, Promos and Bases) as an event."""
    kind = action.get("type")
    me = state["players"][player]
    siege = state.get("mode") == "siege"
    target = action.get("target")
    on = {"target": place(state, target, names)} if target else {}
    if kind == "promo_draw":
        return mode_events.promo_event(state, player, action, own)
    if kind in ("draft_draw", "gather"):
        return mode_events.duel_draft_event(state, action, own)
    if kind == "snap":
        return mode_events.snap_event(state, player, on)

    def own_place(slot: str) -> str:
        return place(state, f"{player}:{slot}", names)
    if kind == "leader":
        return (N_("chose {card} as Leader"), {"card": name(action["card"])}) if own else (N_("chose a Leader"), {})
    if kind == "chase":
        if not own:
            return N_("made their Chase Leader choice"), {}
        if action["card"]:
            return N_("chose the Chase Leader {card}"), {"card": chase_def(action["card"])["name"]}
        return N_("kept their Leader"), {}
    if kind == "draw":
        if own and me["deck"]:
            return N_("drew {card}"), {"card": name(me["deck"][0])}
        return N_("drew a card"), {}
    if kind == "recruit":
        return N_("recruited {card} to the {space}"), {"card": name(action["card"]),
                                                       "space": position(action["slot"], siege)}
    if kind == "attack":
        return N_("attacked {target} with {source}"), {"target": place(state, target, names),
                                                       "source": own_place(action["by"])}
    if kind == "spell":
        return ((N_("cast the Spell of {source} on {target}") if on else N_("cast the Spell of {source}")),
                {"source": own_place(action["by"]), **on})
    if kind == "leader_action":
        return (N_("used the Leader action on {target}") if on else N_("used the Leader action")), on
    if kind == "order":
        return ((N_("played the Order {card} on {target}") if on else N_("played the Order {card}")),
                {"card": name(action["card"]), **on})
    if kind == "move":
        return N_("moved {source} to the {space}"), {"source": own_place(action["from"]),
                                                     "space": position(action["to"], siege)}
    if kind == "clear_corpse":
        return N_("cleared the Corpse in the {space}"), {"space": position(action["slot"], siege)}
    if kind == "switch":
        return N_("switched the {first} and the {second}"), {"first": position(action["a"], siege),
                                                             "second": position(action["b"], siege)}
    if kind == "operation":
        return N_("played the Operation {card}"), {"card": name(action["card"])}
    if kind == "trap":
        if own:
            return (N_("placed the Trap {card} face down (policy: {policy})"),
                    {"card": name(action["card"]), "policy": Phrase(POLICIES[action["policy"]])})
        return N_("placed a Trap face down"), {}
    if kind == "clear_reserve":
        item = me["reserve"][RESERVE.index(action["slot"])]
        template = N_("cleared the Trap {card} from the {space}") if item["kind"] == "trap" else N_(
            "cleared the Operation {card} from the {space}")
        return template, {"card": name(item["card"]), "space": position(action["slot"])}
    if kind == "end":
        return N_("ended the turn"), {}
    if kind == "activate":
        item = me["reserve"][RESERVE.index(action["slot"])]
        return ((N_("activated the Trap {card} on {target}") if on else N_("activated the Trap {card}")),
                {"card": name(item["card"]), **on})
    if kind == "decline":
        if action.get("mute"):
            return (N_("did not respond, and will not be asked about {kinds} until they place a Trap"),
                    {"kinds": Phrase(_MUTED[state["chain"][-1]["type"]])})
        return N_("did not respond"), {}
    return None


def chain_event(state: State, event: dict[str, Any], names: list[str] | None = None) -> Event | None:
    """What a chain entry is (a Trap window's cause) as an event, e.g. ``{who} attacks {target} with
    {source}``; None for an entry of another mode's own."""
    who = seat_phrase(event["actor"], names) if event["actor"] is not None else Phrase(N_("The wave"))
    kind = event["type"]
    if kind == "attack":
        return N_("{who} attacks {target} with {source}"), {"who": who, "target": place(state, event["target"], names),
                                                            "source": place(state, event["source"], names)}
    if kind == "spell":
        return N_("{who} casts the Spell of {source}"), {"who": who, "source": place(state, event["source"], names)}
    if kind == "order":
        return N_("{who} plays the Order {card}"), {"who": who, "card": name(event["card"])}
    if kind == "trap":
        return N_("{who} activates the Trap {card}"), {"who": who, "card": name(event["card"])}
    if kind == "recruit":
        return N_("{who} recruits {target}"), {"who": who, "target": place(state, event["target"], names)}
    if kind == "damaged":
        return N_("{target} is damaged"), {"target": place(state, event["target"], names)}
    if kind == "defeated":
        return N_("{target} is defeated"), {"target": place(state, event["target"], names)}
    return None


def window_event(state: State, names: list[str] | None = None) -> Event | None:
    """The open Trap window's cause as an event (None when no window is open or its cause has none)."""
    if state.get("phase") != "trap" or not state.get("chain"):
        return None
    return chain_event(state, state["chain"][-1], names)


#: OLD STATES ONLY: a finished match's reason (the engine's English) read back: pattern → template; a group named
#: after a seat (``winner``, ``loser``, ``seat``) holds a seat number (1-based), any other a number
_S = r"Seat (?P<{}>\d+)"
_REASONS = (
    (_S.format("winner") + r" wins the match with (?P<n>1) trophy\.", N_("{winner} wins the match with {n} trophy.")),
    (_S.format("winner") + r" wins the match with (?P<n>\d+) trophies\.",
     N_("{winner} wins the match with {n} trophies.")),
    (_S.format("seat") + r" left the match\.", N_("{seat} left the match.")),
    (_S.format("seat") + r" left the match: their team concedes\.", N_("{seat} left the match: their team concedes.")),
    (_S.format("winner") + r" wins: " + _S.format("loser") + r"'s last Leader is defeated\.",
     N_("{winner} wins: {loser}'s last Leader is defeated.")),
    (r"Both last Leaders are defeated at once; " + _S.format("winner") + r" wins with more living Heroes\.",
     N_("Both last Leaders are defeated at once; {winner} wins with more living Heroes.")),
    (r"Both last Leaders are defeated at once with as many living Heroes: a draw\.",
     N_("Both last Leaders are defeated at once with as many living Heroes: a draw.")),
    (r"Both Kings' Leaders are routed with as many living Heroes on each side: a draw\.",
     N_("Both Kings' Leaders are routed with as many living Heroes on each side: a draw.")),
    (r"Both Kings' Leaders are routed; Team (?P<team>\d+) wins with more living Heroes \((?P<a>\d+) to (?P<b>\d+)\)\.",
     N_("Both Kings' Leaders are routed; Team {team} wins with more living Heroes ({a} to {b}).")),
    (_S.format("seat") + r"'s King Leader is routed: Team (?P<team>\d+) wins\.",
     N_("{seat}'s King Leader is routed: Team {team} wins.")),
    (r"Both teams reach their goal with (?P<n>\d+) points each: a draw\.",
     N_("Both teams reach their goal with {n} points each: a draw.")),
    (r"Team (?P<team>\d+) wins with (?P<a>\d+) points \((?P<b>\d+) to Team (?P<other>\d+)\)\.",
     N_("Team {team} wins with {a} points ({b} to Team {other}).")),
)
_SEAT_GROUPS = SEAT_FIELDS


def result_event(result: dict[str, Any] | None, names: list[str] | None = None) -> Event | None:
    """A finished match's reason as an event, seats named: the engine's ``reason_event`` (``{"template",
    "fields"}``, seats as indexes), else (a state stored before it) its English ``reason`` read back by
    ``reason_event``; None when it has none."""
    result = result if isinstance(result, dict) else {}
    stored = result.get("reason_event")
    if isinstance(stored, dict) and isinstance(stored.get("template"), str):
        fields = stored.get("fields") if isinstance(stored.get("fields"), dict) else {}
        return stored["template"], {k: seat_phrase(int(v), names) if k in SEAT_FIELDS else v
                                    for k, v in fields.items()}
    reason = str(result.get("reason") or "").replace("_", " ").strip()
    return reason_event(reason, names) if reason else None


def reason_event(reason: str, names: list[str] | None = None) -> Event | None:
    """OLD STATES ONLY (stored before the engine recorded ``result["reason_event"]``): a match's English result
    reason (``Seat 1 wins the match with 2 trophies.``) read back as an event; None when it is none the engine
    writes. New results are worded by ``result_event`` from their event."""
    for pattern, template in _REASONS:
        found = re.fullmatch(pattern, reason or "")
        if found:
            return template, {k: seat_phrase(int(v) - 1, names) if k in _SEAT_GROUPS else int(v)
                              for k, v in found.groupdict().items()}
    return None
