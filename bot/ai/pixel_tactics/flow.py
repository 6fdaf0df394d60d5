"""The turn flow of a determinized Pixel Tactics state (``deal.determinize``): the engine counters and the open
reaction window, from the view's public fields (``limited``, ``next_first``, ``window_seat``, ``window_event``)
and, for what it leaves out, estimated from who acts next."""

from __future__ import annotations

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
                 turn=view["turn"], actions_left=view["actions_left"], turn_no=turn_no,
                 limited=list(view["limited"]), chain=[], queue=[], window=None,
                 in_flight=[c["id"] for c in view["in_flight"]])
    if phase in ("leader", "chase", "draft"):
        state["turn_no"] = 0
        for p in state["players"]:
            for item in p["reserve"]:
                if item is not None and item["kind"] == "trap":
                    item["placed_turn"] = 0
    state["next_first"] = view["next_first"]
    if phase == "trap":
        _window(state, view)


def _window(state: State, view: View) -> None:
    """Open the Trap window the view shows: the event it answers is the view's ``window_event`` (type, actor,
    positions, the Order or Trap card in flight, a team mode's foe, cancelled or reduced by a revealed Trap), put
    on the chain as the engine made it (but for the cards it remembers at its positions: those there now); the
    window offers the asked seat's ready "ask" Traps that may answer it, as the engine does."""
    from bot.games.pixel_tactics.traps import eligible

    seat = view["window_seat"]
    answered = _event(state, view["window_event"], seat)
    reserve = state["players"][seat]["reserve"]
    slots = [f"X{i}" for i in eligible(state, seat, answered) if reserve[i]["policy"] == "ask"]
    state["chain"] = [answered]
    state["window"] = {"seat": seat, "slots": slots}


def _event(state: State, shown: dict[str, Any], seat: int) -> dict[str, Any]:
    """Return the chain entry of the view's ``window_event`` ``shown``, already offered to ``seat``: the cards at
    its positions, an Order's or Trap's card, a Spell's card, power and ability index (its caster's row Spell)."""
    from bot.games.pixel_tactics.actions import spell_of
    from bot.games.pixel_tactics.positions import ROW_NAME, row_of
    from bot.games.pixel_tactics.state import entry_at

    event = {"type": shown["type"], "actor": shown["actor"], "source": shown["source"], "target": shown["target"],
             "cancelled": shown["cancelled"], "reduce": shown["reduce"], "asked": [seat]}
    for field in ("source", "target"):  # the cards there now (the view does not say which were there before)
        entry = entry_at(state, event[field]) if event[field] else None
        event[field + "_card"] = entry["card"] if entry else None
    if shown["type"] in ("order", "trap"):
        event["card"] = shown["card"]
    elif shown["type"] == "spell":
        caster, slot = int(shown["source"].split(":")[0]), shown["source"].split(":")[1]
        spell = spell_of(state, caster, slot)
        event.update(card=event["source_card"], power=ROW_NAME[row_of(slot)], index=spell[0] if spell else 0)
        event["cancelled"] = event["cancelled"] or spell is None
    if shown["foe"] is not None:
        event["foe"] = shown["foe"]
    return event
