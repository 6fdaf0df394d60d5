"""Pixel Tactics actions of the modes as events (``events.py`` describes Classic play): a Promo Draw, a Base's
Snap, Duel Draft's Draft Draw and Gather Funds, Epic Duel's fallen-Leader step, and the team modes' ally Moves,
Corpse clears, foes and Long Actions. Filled in English with names, each reads as the engine's sentence put in
words (slot codes named)."""

from __future__ import annotations

from typing import Any

from ..base import N_, Phrase
from . import bases_play, promos
from .state import State, name

Event = tuple[str, dict[str, Any]]

#: Epic Duel's boons, as chosen
_BOONS = {"draw": N_("chose to draw until 7 cards in hand"), "recruit": N_("chose to recruit up to 3 times into any "
                                                                           "slots"),
          "regroup": N_("chose to clear every Corpse and rearrange the Unit")}


def promo_event(state: State, seat: int, action: dict[str, Any], own: bool) -> Event:
    """A Promo Draw: the discarded card is public; only the drawer reads the Promo's name."""
    drawn = promos.next_promo(state, seat)
    if own and drawn:
        return N_("discarded {card} and drew the Promo {promo}"), {"card": name(action["card"]), "promo": name(drawn)}
    return N_("discarded {card} and drew a Promo"), {"card": name(action["card"])}


def snap_event(state: State, seat: int, on: dict[str, Any]) -> Event:
    """A Base's Snap (on a target or not)."""
    base = bases_play.held(state, seat)
    what = bases_play.base_def(base["key"])["name"] if base else Phrase(N_("a Base"))
    return (N_("snapped the Base {base} on {target}") if on else N_("snapped the Base {base}")), {"base": what, **on}


def duel_draft_event(state: State, action: dict[str, Any], own: bool) -> Event:
    """A Draft Draw or Gather Funds (only the drawer reads the name of the deck's top card)."""
    dd = state["duel_draft"]
    index = action["index"]
    if action["type"] == "gather":
        lot = dd["tableau"][index]
        return N_("gathered {gold} Gold from {card}"), {"gold": lot["gold"], "card": name(lot["card"])}
    if index < len(dd["tableau"]):
        card = name(dd["tableau"][index]["card"])
        if index:
            return N_("drafted {card} (passing over {n})"), {"card": card, "n": index}
        return N_("drafted {card}"), {"card": card}
    if own and dd["deck"]:
        return N_("passed over the tableau and drew {card} from the deck"), {"card": name(dd["deck"][0])}
    return N_("passed over the tableau and took the deck's top card"), {}


def epic_event(state: State, seat: int, action: dict[str, Any], own: bool, space) -> Event | None:
    """An action of Epic Duel's fallen-Leader step (a secret Leader pick names the card only to its owner);
    ``space(slot)`` names a space."""
    kind = action["type"]
    if kind == "leader":
        return ((N_("chose {card} as their next Leader"), {"card": name(action["card"])}) if own
                else (N_("chose their next Leader"), {}))
    if kind == "epic_boon":
        return (_BOONS[action["choice"]], {}) if action["choice"] in _BOONS else None
    if kind == "epic_done":
        return N_("stopped"), {}
    if kind == "recruit":
        return N_("recruited {card} to the {space}"), {"card": name(action["card"]), "space": space(action["slot"])}
    if kind == "move":
        moved = state["players"][seat]["unit"][action["from"]]
        return N_("moved {card} from the {source} to the {space}"), {"card": name(moved["card"]),
                                                                     "source": space(action["from"]),
                                                                     "space": space(action["to"])}
    return None


def team_event(state: State, player: int, action: dict[str, Any], seat, space) -> Event | None:
    """A team-only action (an ally Move or Corpse clear), or None; ``seat(n)`` and ``space(slot)`` name them."""
    kind = action.get("type")
    if kind == "move" and ("from_seat" in action or "to_seat" in action):
        src, dst = action.get("from_seat", player), action.get("to_seat", player)
        entry = state["players"][src]["unit"][action["from"]]
        who = name(entry["card"]) if entry else space(action["from"])
        return (N_("moved {card} from {owner}'s {source} to {other}'s {space}"),
                {"card": who, "owner": seat(src), "source": space(action["from"]), "other": seat(dst),
                 "space": space(action["to"])})
    if kind == "clear_corpse" and "seat" in action:
        return N_("cleared the Corpse in {owner}'s {space}"), {"owner": seat(action["seat"]),
                                                                "space": space(action["slot"])}
    return None


def team_suffix(event: Event, action: dict[str, Any], seat) -> Event:
    """A Classic event with what a team action adds: the foe it acts against, a Long Action."""
    if action.get("foe") is not None:
        event = N_("{action} against {rival}"), {"action": Phrase(event[0], **event[1]), "rival": seat(action["foe"])}
    if action.get("long"):
        event = N_("{action} (a Long Action)"), {"action": Phrase(event[0], **event[1])}
    return event
