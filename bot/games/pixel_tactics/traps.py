"""Trap windows and the response chain: events, eligible Traps, ask/always/never, LIFO resolution."""

from __future__ import annotations

from typing import Any

from .combat import resolve_attack
from .effects import apply_effects, make_event
from .modes import siege as siege_mode
from .modes import teams
from .positions import RESERVE, parse_ref, ref
from .state import State, card, ceasefire, entry_at, log, name, owner, reveal, seat_label, seats
from .stats import board_of
from .targets import candidates

#: event type -> the Trap triggers it matches
MATCHES = {
    "attack": ("rival_attack",), "recruit": ("rival_recruit",),
    "spell": ("rival_spell", "rival_spell_or_order"), "order": ("rival_order", "rival_spell_or_order"),
    "trap": ("rival_trap",), "damaged": ("ally_damaged",), "defeated": ("ally_defeated",),
}
POLICIES = ("ask", "always", "never")
#: what a muted event kind is called in sentences ("not asked about Attacks")
KIND_WORDS = {"attack": "Attacks", "recruit": "recruits", "spell": "Spells", "order": "Orders", "trap": "Traps",
              "damaged": "damage to their Heroes", "defeated": "their Heroes' defeats"}


def responders(state: State, event: dict[str, Any]) -> list[int]:
    """Return the seats that may respond to ``event``, in turn order after its actor."""
    actor = event["actor"]
    start = actor if actor is not None else (state["turn"] or 0)
    n = len(state["players"])
    order = [(start + i) % n for i in range(1, n + 1)]
    if event["type"] == "attack" and siege_mode.is_fortress(event["target"]):
        return [siege_mode.hit_seat(event["target"])]  # Siege: the fortress's owner may answer
    if event["type"] in ("attack", "damaged", "defeated"):
        hit = parse_ref(event["target"])[0] if event.get("target") else None
        return [s for s in order if s == hit and s != actor and ("teams" not in state or actor is None
                                                                 or teams.is_enemy(state, s, actor))]
    if "teams" in state:  # team modes: enemies its action concerns or that may reach the actor
        return teams.responders(state, event, order)
    return [s for s in order if s != actor]


def trap_targets(state: State, seat: int, tactic: dict[str, Any], board: dict[str, Any] | None = None) -> list:
    """Return the target choices of a Trap for its owner: ``[None]`` when it needs no target."""
    if tactic.get("target") is None:
        return [None]
    return candidates(state, board or board_of(state), seat, tactic["target"], None, "traps")


def eligible(state: State, seat: int, event: dict[str, Any]) -> list[int]:
    """Return the reserve indexes of ``seat``'s face-down Traps that may respond to ``event`` now."""
    if ceasefire(state) or event["type"] not in MATCHES:
        return []
    out = []
    for i, item in enumerate(state["players"][seat]["reserve"]):
        if item is None or item["kind"] != "trap" or item["placed_turn"] >= state["turn_no"]:
            continue
        tactic = card(item["card"])["tactic"]
        if tactic["trigger"] in MATCHES[event["type"]] and trap_targets(state, seat, tactic):
            out.append(i)
    return out


def offer(state: State, top: dict[str, Any]) -> str | None:
    """Offer the top chain entry to the next responder: "pushed" (a Trap set to "always" went off by itself),
    "window" (a player holding a ready "ask" Trap is asked, whether or not it could answer), or None."""
    for seat in responders(state, top):
        if seat in top["asked"]:
            continue
        top["asked"].append(seat)
        slots = eligible(state, seat, top)
        reserve = state["players"][seat]["reserve"]
        auto = [i for i in slots if reserve[i]["policy"] == "always"]
        if auto:
            tactic = card(reserve[auto[0]]["card"])["tactic"]
            activate(state, seat, auto[0], trap_targets(state, seat, tactic)[0])
            return "pushed"
        ask = [i for i in slots if reserve[i]["policy"] == "ask"]
        if watching(state, seat, top) if hides_traps(state) else ask:
            state["window"] = {"seat": seat, "slots": [RESERVE[i] for i in ask]}
            reveal(state)
            return "window"
    return None


def hides_traps(state: State) -> bool:
    """Return whether Trap windows betray nothing (games dealt with content 2 on). Games dealt with content 1
    keep the windows they were played with (asked only when a Trap can answer, no mute), so that replaying
    their stored action logs rebuilds them exactly."""
    from .match import content_of  # match imports the turn flow, which imports this module

    return content_of(state) >= 2


def watching(state: State, seat: int, event: dict[str, Any]) -> bool:
    """Return whether ``seat`` is asked about ``event``: it holds a ready face-down Trap set to "ask" and the
    event is of a kind some Trap can answer (outside the Ceasefire) that the seat has not muted. Whether one
    of its Traps could answer this very event plays no part, so the window betrays nothing about which Traps
    are face down."""
    if ceasefire(state) or event["type"] not in MATCHES or event["type"] in muted(state, seat):
        return False
    return any(item is not None and item["kind"] == "trap" and item["policy"] == "ask"
               and item["placed_turn"] < state["turn_no"] for item in state["players"][seat]["reserve"])


def activate(state: State, seat: int, index: int, target: str | None) -> None:
    """Reveal a Trap and put it on the chain (it is "in flight" until it resolves)."""
    reserve = state["players"][seat]["reserve"]
    item = reserve[index]
    reserve[index] = None
    state["in_flight"].append(item["card"])
    reveal(state)
    log(state, f"{seat_label(seat)} activates the Trap {name(item['card'])}"
        + (f" on {target}." if target else "."))
    event = make_event("trap", seat, None, target, state, card=item["card"])
    event["slot"] = ref(seat, RESERVE[index])
    state["chain"].append(event)


def window_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the legal answers of an open Trap window for ``seat``."""
    window = state["window"]
    if window is None or window["seat"] != seat:
        return []
    board = board_of(state)
    out = []
    for slot in window["slots"]:
        item = state["players"][seat]["reserve"][RESERVE.index(slot)]
        for target in trap_targets(state, seat, card(item["card"])["tactic"], board):
            out.append({"type": "activate", "slot": slot, "target": target})
    if hides_traps(state):
        out.append({"type": "decline", "mute": True})
    out.append({"type": "decline"})  # last: the plain answer (also the timeout default)
    return out


def muted(state: State, seat: int) -> list[str]:
    """Return the event kinds ``seat`` asked not to be asked about (until it places a Trap)."""
    return state["players"][seat].get("muted", [])


def answer(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a legal answer to the open window (the chain then runs on). Declining with ``"mute": true``
    also stops the windows for this kind of event until the seat places a Trap (public: the pauses stop)."""
    state["window"] = None
    if action["type"] == "activate":
        activate(state, seat, RESERVE.index(action["slot"]), action["target"])
    elif action.get("mute"):
        kind = state["chain"][-1]["type"]
        state["players"][seat]["muted"] = [*muted(state, seat), kind]
        log(state, f"{seat_label(seat)} will not be asked about {KIND_WORDS[kind]} until they place a Trap.")


def unmute(state: State, seat: int) -> None:
    """Ask ``seat`` about every kind of event again (it placed a Trap)."""
    if muted(state, seat):
        state["players"][seat]["muted"] = []


def run(state: State) -> None:
    """Run the chain until it is empty or a window is open."""
    while state["chain"] and state["window"] is None and state["status"] == "playing":
        top = state["chain"][-1]
        if offer(state, top) is not None:
            continue
        state["chain"].pop()
        kind = top["type"]
        if kind == "attack":
            resolve_attack(state, top)
        elif kind == "spell":
            _resolve_spell(state, top)
        elif kind in ("order", "trap"):
            _resolve_card(state, top)


def _ctx(state: State, event: dict[str, Any], source: str | None) -> dict[str, Any]:
    """Return the effect context of a resolving chain entry."""
    return {"seat": event["actor"], "source": source, "target": event["target"],
            "target_card": event.get("target_card"), "event": state["chain"][-1] if state["chain"] else None,
            "depth": 0, **({"foe": event["foe"]} if "foe" in event else {})}


def _resolve_spell(state: State, event: dict[str, Any]) -> None:
    """Resolve a Spell unless it was cancelled."""
    if event["cancelled"]:
        return
    ability = card(event["card"])["hero"][event["power"]]["abilities"][event["index"]]
    ctx = _ctx(state, event, event["source"])
    ctx["event"] = None
    apply_effects(state, ctx, ability["effects"])


def _resolve_card(state: State, event: dict[str, Any]) -> None:
    """Resolve an Order or a Trap (unless cancelled), then discard it to its owner's pile."""
    card_id = event["card"]
    if not event["cancelled"]:
        ctx = _ctx(state, event, None)
        if event["type"] == "order":
            ctx["event"] = None
        apply_effects(state, ctx, card(card_id)["tactic"]["effects"])
    state["in_flight"].remove(card_id)
    state["players"][owner(card_id)]["discard"].append(card_id)


def any_face_down(state: State) -> bool:
    """Return whether any face-down Trap is in play (for tests)."""
    return any(item and item["kind"] == "trap" for s in seats(state) for item in state["players"][s]["reserve"])


__all__ = ["POLICIES", "activate", "answer", "entry_at", "eligible", "muted", "offer", "run", "unmute", "watching",
           "window_actions"]
