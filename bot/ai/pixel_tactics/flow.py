"""The turn flow of a determinized Pixel Tactics state (``deal.determinize``): the engine counters and the open
reaction window that the view does not carry as such, estimated from what it shows (the log's last lines, who
acts next)."""

from __future__ import annotations

import re
from typing import Any

View = dict[str, Any]
State = dict[str, Any]


def estimate_flow(state: State, view: View, turn_no: int) -> None:
    """Copy the public turn flow and estimate the counters the view leaves out."""
    phase = view["phase"]
    stage = {"turn": "act", "trap": "act", "leader": "leader", "chase": "chase", "draft": "draft",
             "epic": "epic", "finished": "finished"}.get(phase, "act")
    if view.get("mode") == "siege" and view["turn"] is None and phase == "turn":
        stage = "leader"
    state.update(phase=phase, stage=stage, round=view["round"], wave=view["wave"], first=view["first"],
                 turn=view["turn"], actions_left=view["actions_left"], turn_no=turn_no, limited=[], chain=[],
                 queue=[], window=None, in_flight=[c["id"] for c in view["in_flight"]])
    if phase in ("leader", "chase", "draft"):
        state["turn_no"] = 0
        for p in state["players"]:
            for item in p["reserve"]:
                if item is not None and item["kind"] == "trap":
                    item["placed_turn"] = 0
    state["next_first"] = _next_first(state, view)
    if phase in ("turn", "trap") and view["turn"] is not None and _used_leader_action(view):
        state["limited"] = ["leader_action"]
    if phase == "trap":
        _window(state, view)


def _used_leader_action(view: View) -> bool:
    """Return whether the log shows the turn player using their Leader action since their turn began (a
    limited one may not be used again this turn)."""
    who = f"Seat {view['turn'] + 1} "
    for line in reversed(view["log"]):
        if line.endswith("ends the turn.") or line.endswith(" wave.") or "goes first" in line:
            return False
        if line.startswith(who + "uses the Leader action of"):
            return True
    return False


def _next_first(state: State, view: View) -> int | None:
    """Return who goes first in the next game: the last game's winner (the seat that just gained a trophy is
    not in the view; the one holding more is taken), or in Duel Draft the seat the log says plays first."""
    if view.get("mode") == "duel_draft":
        for line in reversed(view["log"]):
            if "takes the first turn" in line:
                return int(line.rsplit("Seat ", 1)[1].split(" ", 1)[0]) - 1
        return view["first"]
    if "teams" in view:
        return 0  # team modes: round 1 begins with seat 0 (modes/teams.py)
    counts = view["match"]["trophies"]
    if view["match"]["game"] > 1 and max(counts) > 0:
        return counts.index(max(counts))
    return None


#: the log lines naming the event a Trap window answers: (pattern, event type); groups: source ref, target ref
_EVENT_LINES = [
    (re.compile(r"\((\d+:\w+)\) declares a .* \((\d+:\w+)\)\.$"), "attack"),
    (re.compile(r"\((\d+:\w+)\) casts a Spell(?: on .* \((\d+:\w+)\))?\.$"), "spell"),
    (re.compile(r"\((\d+:\w+)\) is defeated\.$"), "defeated"),
    (re.compile(r"\((\d+:\w+)\) for \d+ damage\.$"), "damaged"),
    (re.compile(r"^Seat (\d+) recruits .* to (\w+)\.$"), "recruit"),
    (re.compile(r"^Seat (\d+) plays the Order .*?(?: on (\d+:\w+))?\.$"), "order"),
    (re.compile(r"^Seat (\d+) activates the Trap .*?(?: on (\d+:\w+))?\.$"), "trap"),
]


def _answered(view: View, seat: int, actor: int) -> dict[str, Any]:
    """Return the event a Trap window answers as the log names it (the latest line naming one): its type, actor,
    source and target; an attack by ``actor``'s Leader on ``seat``'s when no line names one."""
    for line in reversed(view["log"]):
        for pattern, kind in _EVENT_LINES:
            found = pattern.search(line)
            if found is None:
                continue
            first, second = found.group(1), found.group(2) if pattern.groups > 1 else None
            if kind in ("recruit", "order", "trap"):
                who = int(first) - 1
                target = f"{who}:{second}" if kind == "recruit" else second
                return {"type": kind, "actor": who, "source": target if kind == "recruit" else None,
                        "target": target}
            if kind in ("defeated", "damaged"):  # their actor is not named: the turn player (else a rival)
                return {"type": kind, "actor": actor, "source": None, "target": first}
            return {"type": kind, "actor": int(first.split(":")[0]), "source": first, "target": second}
    return {"type": "attack", "actor": actor, "source": f"{actor}:L", "target": f"{seat}:L"}


def _window(state: State, view: View) -> None:
    """Open the Trap window the view shows. The event being answered is not in the view: the latest log line
    naming one tells its kind, actor and positions (by default an attack on the asked seat's Leader); the window
    offers the asked seat's ready "ask" Traps that may answer it, as the engine does."""
    from bot.games.pixel_tactics.traps import eligible

    text = view["waiting"] or ""
    seat = int(text.split("Seat ", 1)[1].split(" ", 1)[0]) - 1 if "Seat " in text else view["turn"]
    actor = view["turn"] if view["turn"] is not None and view["turn"] != seat else (seat + 1) % len(view["players"])
    answered = _event(state, _answered(view, seat, actor), seat)
    reserve = state["players"][seat]["reserve"]
    slots = [f"X{i}" for i in eligible(state, seat, answered) if reserve[i]["policy"] == "ask"]
    # a Spell, Order or Trap event needs details the view does not give to resolve: the attack stands in for it
    simple = answered["type"] in ("attack", "recruit", "defeated", "damaged")
    default = {"type": "attack", "actor": actor, "source": f"{actor}:L", "target": f"{seat}:L"}
    state["chain"] = [answered if simple else _event(state, default, seat)]
    state["window"] = {"seat": seat, "slots": slots}


def _event(state: State, event: dict[str, Any], seat: int) -> dict[str, Any]:
    """Return a chain entry of ``event`` (type, actor, source, target) already offered to ``seat``."""
    cards = {}
    for field in ("source", "target"):
        where = event[field]
        entry = None
        if where:
            owner_seat, slot = int(where.split(":")[0]), where.split(":")[1]
            if owner_seat < len(state["players"]):
                entry = state["players"][owner_seat]["unit"].get(slot)
        cards[field + "_card"] = entry["card"] if entry else None
    return {**event, "cancelled": False, "reduce": 0, "asked": [seat], **cards}
