"""The Pixel Pusher view of docs/dev/pixel_pusher_view.md: public for everyone, plus a seat's private part."""

from __future__ import annotations

from typing import Any

from .board import State, content_version, max_fills, slot_segment, storage_capacity
from .content import ABILITIES, ABILITY_CARDS, IMAGES, ability_dict, machine_dict


def card_dict(card_id: str) -> dict[str, Any]:
    """Return a machine or ability card as its contract object."""
    return ability_dict(card_id) if card_id in ABILITIES else machine_dict(card_id)


def image_dict(image: dict[str, Any]) -> dict[str, Any]:
    """Return a face-up image card with who filled each scanline."""
    card = IMAGES[image["id"]]
    lines = [{"row": line["row"], "needs": dict(line["needs"]), "vp": line["vp"],
              "filled_by": image["filled_by"][line["row"]]} for line in card["scanlines"]]
    return {"id": card["id"], "name": card["name"], "grid": [list(row) for row in card["grid"]],
            "scanlines": lines, "finished": all(line["filled_by"] is not None for line in lines)}


def seat_dict(state: State, seat: int) -> dict[str, Any]:
    """Return the public part of one seat (Convert & Store work shows as it was when the phase opened)."""
    board = state["boards"][seat]
    held = [ability_dict(a) for a in state["abilities_held"][seat]]
    phase = state["phase"]
    return {
        "seat": seat, "score": board["score"], "side": board["side"], "active": state["active"][seat],
        "slot_segments": [slot_segment(board, i) + 1 for i in range(6)],
        "slots": [[machine_dict(c) for c in stack] for stack in board["slots"]],
        "storage": storage_capacity(board), "stored": list(board["stored"]), "held": list(board["held"]),
        "ability": held[0] if held else None, "abilities": held,
        "hand": len(state["hands"][seat]), "drafted": len(state["drafted"][seat]),
        "picked": phase == "draft" and state["picked"][seat],
        "confirmed": phase == "convert" and state["confirmed"][seat],
    }


def private_dict(state: State, seat: int) -> dict[str, Any]:
    """Return what only ``seat`` may see: its hand, its face-down picks, its Convert & Store work."""
    work = state["work"][seat]
    working = None
    if work is not None:
        working = {"held": list(work["held"]), "stored": list(work["stored"]),
                   "storage": storage_capacity(state["boards"][seat]),
                   "supply_available": dict(work["share"]), "paid": list(work["paid"]),
                   "used": dict(work["used"])}
    return {"hand": [card_dict(c) for c in state["hands"][seat]],
            "drafted": [card_dict(c) for c in state["drafted"][seat]], "working": working}


def build_view(state: State, viewer: int | None, to_act: list[int]) -> dict[str, Any]:
    """Return the view of ``viewer`` (None = public)."""
    supply = state["supply_public"] if state["supply_public"] is not None else state["supply"]
    res = state["result"]
    view = {
        "game": "pixel-pusher", "status": state["status"], "round": state["round"], "phase": state["phase"],
        "players": state["num_players"], "token": state["token"],
        "conveyor": [list(seg) for seg in state["conveyor"]],
        "bag": sum(state["bag"].values()),
        "supply": {c: supply[c] for c in ("C", "M", "Y", "W", "R", "G", "B")},
        "deck": len(state["deck"]), "discard": len(state["discard"]),
        "images": [image_dict(i) for i in state["images"]], "image_deck": len(state["image_deck"]),
        "abilities": {a["id"]: ability_dict(a["id"]) for a in ABILITY_CARDS},
        "order": list(state["order"]) if state["order"] is not None and state["phase"] in ("build", "score")
        else None,
        "to_act": list(to_act),
        "fills": state["fills"] if state["phase"] == "score" else 0, "max_fills": max_fills(state),
        "content": content_version(state),
        "seats": [seat_dict(state, s) for s in range(state["num_players"])],
        "log": list(state["log"]),
        "result": None if res is None else {
            "winners": list(res["winners"]), "scores": list(res["scores"]), "reason": res["reason"],
            "ranking": [list(g) for g in res["ranking"]],
            **({"reason_keys": list(res["reason_keys"])} if "reason_keys" in res else {})},
    }
    if "log_events" in state:  # the log's entries as events (states stored before them have none)
        view["log_events"] = [{"template": e["template"], "fields": {k: list(v) if isinstance(v, list) else v
                                                                      for k, v in e["fields"].items()}}
                              for e in state["log_events"]]
    if viewer is not None and type(viewer) is int and 0 <= viewer < state["num_players"]:
        view["you"] = viewer
        view["private"] = private_dict(state, viewer)
    return view

