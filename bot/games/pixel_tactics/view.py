"""The view of docs/dev/pixel_tactics_view.md: public (no hidden card ids) and private additions."""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .bases_play import base_view
from .modes import duel_draft, teams
from .modes import siege as siege_mode
from .positions import SLOTS, ref
from .sets import chase_def
from .state import State, card, ceasefire, leader_side, seat_label, seats
from .stats import board_of
from .traps import muted

_FLAGS = {"ranged": False, "intercept": False, "nsa": False, "fresh": False, "acted": False}


def _literal(value: Any) -> ast.expr:
    """Return the expression node of a literal plain-JSON value (dicts and lists are rebuilt each time)."""
    if type(value) is dict:
        return ast.Dict(keys=[ast.Constant(k) for k in value], values=[_literal(v) for v in value.values()])
    if type(value) is list:
        return ast.List(elts=[_literal(v) for v in value], ctx=ast.Load())
    if value is None or type(value) in (str, int, float, bool):
        return ast.Constant(value)
    raise TypeError(f"not a plain-JSON value: {value!r}")


@lru_cache(maxsize=1024)
def _card_factory(card_id: str) -> Callable[[], dict[str, Any]]:
    """Return a function building a fresh card view (definition + instance id) from one compiled literal:
    card data never changes, and a literal is several times faster to build than JSON is to parse."""
    arguments = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])
    tree = ast.Expression(ast.Lambda(args=arguments, body=_literal({**card(card_id), "id": card_id})))
    return eval(compile(ast.fix_missing_locations(tree), f"<card {card_id}>", "eval"))  # constants only


def card_view(card_id: str) -> dict[str, Any]:
    """Return a fresh copy of a card's definition with its instance id (nothing shared between calls)."""
    return _card_factory(card_id)()


@lru_cache(maxsize=256)
def _chase_factory(key: str) -> Callable[[], dict[str, Any]]:
    """Return a function building a fresh Chase Leader view (its definition) from one compiled literal."""
    arguments = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])
    tree = ast.Expression(ast.Lambda(args=arguments, body=_literal(chase_def(key))))
    return eval(compile(ast.fix_missing_locations(tree), f"<chase {key}>", "eval"))  # constants only


def chase_view(key: str) -> dict[str, Any]:
    """Return a fresh copy of a Chase Leader's definition (key, name, set, leader side)."""
    return _chase_factory(key)()


def _slot(state: State, board: dict[str, Any], seat: int, slot: str, viewer: int | None) -> dict[str, Any] | None:
    """Return one unit slot as the viewer may see it."""
    player = state["players"][seat]
    entry = player["unit"][slot]
    if slot == "L" and entry is None and player.get("leader_pick") is not None:
        if viewer == seat:
            chase = player.get("chase_pick") or None
            side = leader_side({"card": player["leader_pick"], "chase": chase})
            return {"card": card_view(player["leader_pick"]), "id": player["leader_pick"], "kind": "leader",
                    "attack": side["attack"], "life": side["life"], "damage": 0, "statuses": [],
                    **_FLAGS, "hidden": True, "chase": chase_view(chase) if chase else None}
        return {"card": None, "kind": "leader", "attack": 0, "life": 0, "damage": 0, "statuses": [], **_FLAGS,
                "hidden": True, "chase": None}
    if entry is None:
        return None
    c = card(entry["card"])
    out = {"card": card_view(entry["card"]), "id": entry["card"], "kind": entry["kind"],
           "damage": entry["damage"], "statuses": list(entry["statuses"]), "fresh": entry["fresh"],
           "acted": entry["acted"], "hidden": False,
           "chase": chase_view(entry["chase"]) if entry.get("chase") else None}
    values = board["units"].get(ref(seat, slot))
    if values is None:  # a corpse: printed Hero values, no abilities
        out.update(attack=c["hero"]["attack"], life=c["hero"]["life"], ranged=False, intercept=False, nsa=False)
    else:
        out.update(attack=values["attack"], life=values["life"], ranged=values["ranged"],
                   intercept=values["intercept"], nsa=values["nsa"])
    return out


def _reserve(state: State, seat: int, viewer: int | None) -> list[dict[str, Any] | None]:
    """Return a seat's three reserve slots as the viewer may see them."""
    out: list[dict[str, Any] | None] = []
    for item in state["players"][seat]["reserve"]:
        if item is None:
            out.append(None)
        elif item["kind"] == "operation":
            out.append({"kind": "operation", "card": card_view(item["card"]), "id": item["card"],
                        "timers": item["timers"]})
        elif viewer == seat:
            out.append({"kind": "trap", "card": card_view(item["card"]), "id": item["card"],
                        "policy": item["policy"], "ready": item["placed_turn"] < state["turn_no"]})
        else:
            out.append({"kind": "trap", "card": None})
    return out


def waiting_text(state: State) -> str | None:
    """Return the public sentence shown while a Trap window is open."""
    window = state.get("window")
    if state["status"] != "playing" or window is None:
        return None
    return f"Waiting: {seat_label(window['seat'])} may respond."


def window_seat(state: State) -> int | None:
    """Return the seat that may respond while a Trap window is open (the ``waiting`` sentence's seat), else None."""
    window = state.get("window")
    return window["seat"] if state["status"] == "playing" and window is not None else None


def _public_ref(state: State, where: str | None) -> str | None:
    """Return a chain entry's position as the public may read it: None for a reserve slot holding a face-down
    Trap (its whereabouts as an event's source would single it out), else the position itself."""
    if not where or ":X" not in where:
        return where
    seat, slot = where.split(":", 1)
    reserve = state["players"][int(seat)]["reserve"] if int(seat) < len(state["players"]) else []
    index = int(slot[1:]) if slot[1:].isdigit() else -1
    item = reserve[index] if 0 <= index < len(reserve) else None
    return None if item is not None and item["kind"] == "trap" else where


def window_event(state: State) -> dict[str, Any] | None:
    """Return the event the open Trap window answers (the top chain entry, as ``events.window_event`` words it)
    as public facts, else None: its ``type``, ``actor`` (a seat; None for the wave's own damage), ``source`` and
    ``target`` positions (``"1:V0"``), the ``card`` played or revealed (an Order's or an activated Trap's id, in
    flight; None for other types), a team mode's chosen ``foe`` (a seat, else None), and what revealed Traps have
    done to it already: ``cancelled`` (bool) and ``reduce`` (an Attack's damage taken off)."""
    if window_seat(state) is None or not state.get("chain"):
        return None
    event = state["chain"][-1]
    kind = event["type"]
    return {"type": kind, "actor": event["actor"], "source": _public_ref(state, event.get("source")),
            "target": _public_ref(state, event.get("target")),
            "card": event.get("card") if kind in ("order", "trap") else None, "foe": event.get("foe"),
            "cancelled": event["cancelled"], "reduce": event["reduce"]}


def build(state: State, viewer: int | None) -> dict[str, Any]:
    """Return the view of ``state`` for ``viewer`` (None = the public)."""
    board = board_of(state)
    players = []
    for seat in seats(state):
        p = state["players"][seat]
        players.append({
            "seat": seat, "hand": len(p["hand"]), "deck": len(p["deck"]),
            "discard": [card_view(c) for c in p["discard"]], "trophies": len(state["trophies"][seat]),
            "trophy_cards": [[card_view(c) for c in pair] for pair in state["trophies"][seat]],
            "hand_size": board["hand_size"][seat],
            "leader_chosen": p["unit"]["L"] is not None or p.get("leader_pick") is not None,
            "chase_chosen": p.get("chase_pick") is not None,
            "leader_stack": len(p.get("leaders") or []),
            "unit": {slot: _slot(state, board, seat, slot, viewer) for slot in SLOTS},
            "reserve": _reserve(state, seat, viewer),
            "base": base_view(state, seat),
            "muted": list(muted(state, seat)),
        })
    res = state["result"]
    out = {
        "game": "pixel-tactics",
        "match": {"target": state["target"], "game": state["game_no"],
                  "trophies": [len(t) for t in state["trophies"]]},
        "round": state["round"], "wave": state["wave"], "first": state["first"], "turn": state["turn"],
        "actions_left": state["actions_left"], "ceasefire": ceasefire(state), "phase": state["phase"],
        "waiting": waiting_text(state), "window_seat": window_seat(state),
        "window_event": window_event(state), "limited": list(state.get("limited") or []),
        "next_first": state.get("next_first"), "players": players,
        "in_flight": [card_view(c) for c in state["in_flight"]],
        "built": state.get("decks") is not None, "chase": bool(state.get("chase")),
        "promo_deck": len(state["promo_deck"]) if state.get("promos") else None,
        "log": list(state["log"]),
        "result": None if res is None else {"winners": list(res["winners"]),
                                            "ranking": [list(g) for g in res["ranking"]],
                                            "reason": res["reason"], "scores": list(res["scores"]),
                                            **({"reason_event": res["reason_event"]} if "reason_event" in res else {})},
    }
    if state.get("mode") == "epic":  # Epic Duel's public fields (modes/epic.py)
        from .modes import epic as epic_mode

        out["epic"] = epic_mode.view(state)
    if duel_draft.active(state):
        out["duel_draft"] = duel_draft.view(state)
    if siege_mode.on(state):
        out.update(siege_mode.view_fields(state))
    if "teams" in state:  # team modes' public fields (modes/teams.py)
        out["teams"] = teams.view_fields(state)
    if "mode" in state:  # a mode other than Classic: the images and alt texts draw its public fields
        out["mode"] = state["mode"]
    if viewer is not None and 0 <= viewer < len(state["players"]):
        out["you"] = viewer
        out["hand"] = [card_view(c) for c in state["players"][viewer]["hand"]]
        pick = state["players"][viewer].get("leader_pick")
        out["leader_pick"] = card_view(pick) if pick else None
        out["leader_stack"] = [card_view(c) for c in state["players"][viewer].get("leaders") or []]
        chase = state["players"][viewer].get("chase_pick")
        out["chase_pick"] = chase_view(chase) if chase else None
    return out
