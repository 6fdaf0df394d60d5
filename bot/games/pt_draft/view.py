"""What each seat may see of a draft: the public progress (never a card of a pack, lot or pool, except the
face-up lots and purchases of a Purchase Draft) and a seat's own pack, lot, drawn card and pool."""

from __future__ import annotations

from typing import Any

from ..base import State
from . import pack, winston
from .cube import METHODS, brief, card
from .finish import returnable


def _seat(state: State, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "active": state["active"][seat],
                           "leaders": len(state["leaders"][seat]), "heroes": len(state["heroes"][seat]),
                           "picked": state["phase"] == "pack" and state["picked"][seat],
                           "returning": state["phase"] == "return" and bool(state["returns_left"][seat])}
    if state["method"] == "purchase":
        out["coins"] = state["coins"][seat]
        out["leader_cards"] = [brief(k) for k in state["leaders"][seat]]
        out["hero_cards"] = [brief(k) for k in state["heroes"][seat]]
    return out


def _method_part(state: State) -> dict[str, Any]:
    method = state["method"]
    if method in ("pack", "epic-pack"):
        if state["phase"] != "pack":
            return {"rounds": state["rounds"]}
        return {"rounds": state["rounds"], "round": state["round"] + 1, "pick": state["pick"] + 1,
                "pack_size": len(state["packs"][0]) if state["packs"] else 0,
                "direction": pack.direction(state), "leader_pick": pack.leader_pick(state)}
    if method == "winston":
        return {"deck": len(state["deck"]), "lots": [len(lot) for lot in state["lots"]], "turn": state["turn"],
                "looking": state["looking"] if state["phase"] == "winston" else None,
                "drawing": state["phase"] == "winston" and state["drawn"] is not None}
    lots = [{**card(lot["card"]), "coins": lot["coins"], "cost": i} for i, lot in enumerate(state["lots"])]
    return {"deck": len(state["deck"]), "lots": lots, "turn": state["turn"]}


def private_part(state: State, seat: int) -> dict[str, Any]:
    """Return what only ``seat`` sees: its pack (a Pack Draft), the lot it looks at or the card it drew
    (Winston), its Leaders and Heroes, the Heroes it may return, and at the end its pool and deck."""
    out: dict[str, Any] = {"leaders": [brief(k) for k in state["leaders"][seat]],
                           "heroes": [brief(k) for k in state["heroes"][seat]]}
    phase = state["phase"]
    if phase == "pack" and state["packs"][seat]:
        out["pack"] = [card(k) for k in state["packs"][seat]]
        out["choices"] = pack.choices(state, seat) if not state["picked"][seat] else []
    if phase == "winston" and state["turn"] == seat:
        if state["drawn"] is not None:
            out["drawn"] = card(state["drawn"])
        else:
            out["lot"] = [card(k) for k in state["lots"][state["looking"]]]
            out["last_lot"] = state["looking"] == winston.last_lot(state)
    if phase == "return":
        out["returns_left"] = state["returns_left"][seat]
        out["returnable"] = [brief(k) for k in returnable(state, seat)]
    if state.get("returned"):
        out["returned"] = [brief(k) for k in state["returned"][seat]]
    if state["status"] == "finished":
        out["pool"] = list(state["pools"][seat])
        out["deck"] = dict(state["decks"][seat])
        out["deck_problems"] = list(state["deck_problems"][seat])
    return out


def build_view(state: State, viewer: int | None, to_act: list[int]) -> dict[str, Any]:
    """Return the view of ``viewer`` (``None`` = the public)."""
    res = state["result"]
    view = {"game": "pt-draft", "method": state["method"], "title": METHODS[state["method"]][0],
            "status": state["status"], "phase": state["phase"], "players": state["num_players"],
            "to_act": list(to_act), "seats": [_seat(state, s) for s in range(state["num_players"])],
            "log": list(state["log"]), **_method_part(state),
            "result": None if res is None else {"reason": res["reason"], "winners": [],
                                                "ranking": [list(g) for g in res["ranking"]]}}
    if type(viewer) is int and 0 <= viewer < state["num_players"]:
        view["you"] = viewer
        view["private"] = private_part(state, viewer)
    return view
