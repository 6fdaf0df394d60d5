"""The effect registry: every effect op implemented once, reactions, defeat, damage and hostility."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import vocab
from .modes import duel_draft, king, teams
from .modes import siege as siege_mode
from .positions import RESERVE, parse_ref, ref
from .state import State, card, ceasefire, entry_at, log, members, name, owner, reveal, rng, seat_label, seats
from .stats import base_abilities, member_abilities
from .statuses import add_status, remove_status
from .targets import condition_holds, player_seats, reserve_refs, unit_refs

Effect = dict[str, Any]
Ctx = dict[str, Any]
OPS: dict[str, Callable[[State, Ctx, Effect], None]] = {}
MAX_DEPTH = 12


def op(fn: Callable[[State, Ctx, Effect], None]) -> Callable[[State, Ctx, Effect], None]:
    """Register ``fn`` as the implementation of the op named after it (``op_damage`` -> ``damage``)."""
    OPS[fn.__name__.removeprefix("op_")] = fn
    return fn


def make_event(kind: str, actor: int | None, source: str | None = None, target: str | None = None,
               state: State | None = None, **extra: Any) -> dict[str, Any]:
    """Return a new event (a chain entry) with the cards at ``source`` and ``target`` remembered."""
    event = {"type": kind, "actor": actor, "source": source, "target": target, "cancelled": False,
             "reduce": 0, "asked": []}
    if state is not None:
        for fld in ("source", "target"):
            entry = entry_at(state, event[fld]) if event[fld] else None
            event[fld + "_card"] = entry["card"] if entry else None
    event.update(extra)
    return event


def queue(state: State, event: dict[str, Any]) -> None:
    """Queue an event that may open a Trap window once the current chain has resolved."""
    state["queue"].append(event)


def _rival_blocked(state: State, ctx: Ctx, seat: int) -> bool:
    """Return whether the Ceasefire stops ``ctx``'s controller from touching ``seat``."""
    return ceasefire(state) and seat != ctx["seat"] and ("teams" not in state or teams.is_enemy(state, seat, ctx["seat"]))


def _units(state: State, ctx: Ctx, selector: str) -> list[str]:
    """Resolve a unit selector, dropping positions the Ceasefire protects."""
    if selector in ("event_source", "event_target"):
        event = ctx.get("event") or {}
        fld = selector.removeprefix("event_")
        target = event.get(fld)
        entry = entry_at(state, target) if target else None
        if entry is None or entry["card"] != event.get(fld + "_card"):
            return []
    return [r for r in unit_refs(state, ctx, selector) if not _rival_blocked(state, ctx, parse_ref(r)[0])]


def _players(state: State, ctx: Ctx, who: str) -> list[int]:
    """Resolve a player selector, dropping rivals during the Ceasefire."""
    return [s for s in player_seats(state, ctx, who) if not _rival_blocked(state, ctx, s)]


def deal_damage(state: State, target: str, amount: int, actor: int | None, source: str | None) -> int:
    """Put ``amount`` damage on a living member; queue a "damaged" event for a Hero hurt by a rival."""
    entry = entry_at(state, target)
    if entry is None or entry["kind"] not in ("hero", "leader") or amount <= 0:
        return 0
    entry["damage"] += amount
    hit = parse_ref(target)[0]
    if entry["kind"] == "hero" and actor is not None and actor != hit and (
            "teams" not in state or teams.is_enemy(state, actor, hit)):  # a teammate is never a rival
        queue(state, make_event("damaged", actor, source, target, state, amount=amount))
    return amount


def defeat(state: State, targets: list[str], actor: int | None) -> list[str]:
    """Turn the living Heroes at ``targets`` into Corpses at once, then fire reactions and queue events."""
    done = []
    for target in targets:
        entry = entry_at(state, target)
        if entry is None or entry["kind"] != "hero":
            continue
        entry.update(kind="corpse", damage=0, statuses=[], fresh=False, acted=False)
        done.append(target)
        log(state, f"{name(entry['card'])} ({target}) is defeated.")
    events = [make_event("defeated", actor, None, target, state) for target in done]
    # simultaneous reactions: every reaction of the active player first, then the other's
    for reacting in _order(state):
        sources = [ref(reacting, s) for s in members(state, reacting)] + _operation_refs(state, reacting)
        for event in events:
            hit = parse_ref(event["target"])[0]
            if hit == reacting:
                fire(state, "ally_defeated", [x for x in sources if x != event["target"]], event)
            elif "teams" not in state or teams.is_enemy(state, reacting, hit):  # a teammate's Hero: neither
                fire(state, "rival_defeated", sources, event)
    for event in events:
        queue(state, event)
    return done


def _order(state: State) -> list[int]:
    """Return seats with the active player first (simultaneous triggers resolve in this order)."""
    first = state["turn"] if state["turn"] is not None else 0
    n = len(state["players"])
    return [(first + i) % n for i in range(n)]


def _operation_refs(state: State, seat: int) -> list[str]:
    """Return the reserve refs of ``seat``'s Operations."""
    return [ref(seat, RESERVE[i]) for i, item in enumerate(state["players"][seat]["reserve"])
            if item is not None and item["kind"] == "operation"]


def abilities_at(state: State, source: str) -> list[dict[str, Any]]:
    """Return the active abilities of the member or Operation at ``source`` (a Leader's include its League
    Base's Ongoing abilities)."""
    seat, slot = parse_ref(source)
    if slot in RESERVE:
        item = state["players"][seat]["reserve"][RESERVE.index(slot)]
        if item is None or item["kind"] != "operation":
            return []
        return card(item["card"])["tactic"]["abilities"]
    if slot == "L" and state["players"][seat]["unit"]["L"] is not None:
        return member_abilities(state, seat, slot) + base_abilities(state, seat)
    return member_abilities(state, seat, slot)


def fire(state: State, trigger: str, sources: list[str], event: dict[str, Any] | None, depth: int = 0) -> None:
    """Resolve the reactions with ``trigger`` of each source, in the order given."""
    if depth > MAX_DEPTH:
        return
    for source in sources:
        for ability in abilities_at(state, source):
            if ability["kind"] == "reaction" and ability["trigger"] == trigger:
                ctx = {"seat": parse_ref(source)[0], "source": source, "target": None, "target_card": None,
                       "event": event, "depth": depth + 1}
                apply_effects(state, ctx, ability["effects"])


def apply_effects(state: State, ctx: Ctx, effects: list[Effect]) -> None:
    """Apply a list of effects in order."""
    for effect in effects:
        OPS[effect["op"]](state, ctx, effect)


@op
def op_damage(state: State, ctx: Ctx, effect: Effect) -> None:
    """Apply damage (not an Attack) to each selected member."""
    for target in _units(state, ctx, effect["to"]):
        if deal_damage(state, target, effect["amount"], ctx["seat"], ctx.get("source")):
            log(state, f"{effect['amount']} damage to {_label(state, target)}.")


@op
def op_heal(state: State, ctx: Ctx, effect: Effect) -> None:
    """Remove damage (as much as there is) from each selected member."""
    for target in _units(state, ctx, effect["to"]):
        entry = entry_at(state, target)
        if entry is not None and entry["kind"] in ("hero", "leader") and entry["damage"] > 0:
            entry["damage"] = max(0, entry["damage"] - effect["amount"])
            log(state, f"Damage removed from {_label(state, target)}.")


def draw_cards(state: State, seat: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of ``seat``'s deck; return how many were drawn."""
    if duel_draft.active(state):
        return duel_draft.draw(state, seat, count)
    player = state["players"][seat]
    n = min(count, len(player["deck"]))
    for _ in range(n):
        player["hand"].append(player["deck"].pop(0))
    if n:
        reveal(state)
    return n


@op
def op_draw(state: State, ctx: Ctx, effect: Effect) -> None:
    """The selected players draw cards (not the Draw action)."""
    for seat in _players(state, ctx, effect["who"]):
        n = draw_cards(state, seat, effect["count"])
        log(state, f"{seat_label(seat)} draws {n} card{'s' if n != 1 else ''}.")


@op
def op_discard(state: State, ctx: Ctx, effect: Effect) -> None:
    """The selected players discard random cards from their hands."""
    for seat in _players(state, ctx, effect["who"]):
        player = state["players"][seat]
        gone = []
        for _ in range(min(effect["count"], len(player["hand"]))):
            card_id = rng(state, "discard").choice(player["hand"])
            player["hand"].remove(card_id)
            player["discard"].append(card_id)
            gone.append(name(card_id))
        if gone:
            reveal(state)
            log(state, f"{seat_label(seat)} discards {', '.join(gone)}.")


@op
def op_status(state: State, ctx: Ctx, effect: Effect) -> None:
    """Give each selected member a status ``times`` times (opposites cancel)."""
    for target in _units(state, ctx, effect["to"]):
        entry = entry_at(state, target)
        if entry is not None and entry["kind"] in ("hero", "leader"):
            add_status(entry, effect["status"], effect.get("times", 1))
            times = effect.get("times", 1)
            log(state, f"{_label(state, target)} gains [{effect['status']}]" + (f" x{times}." if times > 1 else "."))


@op
def op_remove_status(state: State, ctx: Ctx, effect: Effect) -> None:
    """Remove a status (or all of them) from each selected member."""
    for target in _units(state, ctx, effect["to"]):
        entry = entry_at(state, target)
        if entry is not None and entry["kind"] in ("hero", "leader"):
            remove_status(entry, effect["status"])
            log(state, f"Statuses removed from {_label(state, target)}.")


@op
def op_defeat(state: State, ctx: Ctx, effect: Effect) -> None:
    """Defeat each selected Hero outright (if the condition still holds)."""
    from .stats import board_of

    board = board_of(state)
    chosen = [t for t in _units(state, ctx, effect["to"]) if condition_holds(state, board, t, effect.get("if"))]
    defeat(state, chosen, ctx["seat"])


@op
def op_revive(state: State, ctx: Ctx, effect: Effect) -> None:
    """Flip each selected Corpse back into a Hero (no damage, no statuses, may act at once)."""
    for target in _units(state, ctx, effect["to"]):
        entry = entry_at(state, target)
        if entry is not None and entry["kind"] == "corpse":
            entry.update(kind="hero", damage=0, statuses=[], fresh=False, acted=False)
            log(state, f"{name(entry['card'])} ({target}) is revived.")


@op
def op_clear_corpse(state: State, ctx: Ctx, effect: Effect) -> None:
    """Move each selected Corpse to its owner's discard pile."""
    for target in _units(state, ctx, effect["to"]):
        entry = entry_at(state, target)
        if entry is not None and entry["kind"] == "corpse":
            seat, slot = parse_ref(target)
            state["players"][seat]["unit"][slot] = None
            state["players"][owner(entry["card"])]["discard"].append(entry["card"])
            log(state, f"The Corpse of {name(entry['card'])} ({target}) is cleared.")


@op
def op_swap(state: State, ctx: Ctx, effect: Effect) -> None:
    """Swap the contents of two Hero slots of one unit (one may be empty; Leaders never move)."""
    a = _units(state, ctx, effect["a"])
    b = _units(state, ctx, effect["b"])
    if len(a) != 1 or len(b) != 1:
        return
    (sa, pa), (sb, pb) = parse_ref(a[0]), parse_ref(b[0])
    slots = siege_mode.hero_slots(state)  # Siege: the centre Flank slot holds Heroes too
    if sa != sb or pa == pb or pa not in slots or pb not in slots:
        return
    u = state["players"][sa]["unit"]
    if u[pa] is None and u[pb] is None:
        return
    u[pa], u[pb] = u[pb], u[pa]
    log(state, f"{ref(sa, pa)} and {ref(sa, pb)} swap places.")


@op
def op_return_to_hand(state: State, ctx: Ctx, effect: Effect) -> None:
    """Return each selected Hero or Corpse to its owner's hand (damage and statuses are lost)."""
    for target in _units(state, ctx, effect["to"]):
        entry = entry_at(state, target)
        if entry is not None and entry["kind"] in ("hero", "corpse"):
            seat, slot = parse_ref(target)
            state["players"][seat]["unit"][slot] = None
            king.hand_for(state, entry["card"]).append(entry["card"])  # King: an eliminated owner's card leaves play
            log(state, f"{name(entry['card'])} ({target}) returns to its owner's hand.")


@op
def op_cancel(state: State, ctx: Ctx, effect: Effect) -> None:
    """Cancel the event (Attack, Spell, Order or Trap) this Trap responds to."""
    event = ctx.get("event")
    if event is not None and event["type"] in ("attack", "spell", "order", "trap"):
        event["cancelled"] = True
        log(state, f"The {event['type']} is cancelled.")


@op
def op_reduce(state: State, ctx: Ctx, effect: Effect) -> None:
    """The Attack this Trap responds to deals ``amount`` less damage."""
    event = ctx.get("event")
    if event is not None and event["type"] == "attack":
        event["reduce"] += effect["amount"]


@op
def op_redirect(state: State, ctx: Ctx, effect: Effect) -> None:
    """The Attack this Trap responds to hits the selected member instead."""
    event = ctx.get("event")
    chosen = _units(state, ctx, effect["to"])
    if event is not None and event["type"] == "attack" and len(chosen) == 1 and entry_at(state, chosen[0]):
        event["target"] = chosen[0]
        event["target_card"] = entry_at(state, chosen[0])["card"]
        log(state, f"The attack is redirected to {_label(state, chosen[0])}.")


@op
def op_extra_action(state: State, ctx: Ctx, effect: Effect) -> None:
    """The controller gains actions (only during their own turn)."""
    if state["turn"] == ctx["seat"]:
        state["actions_left"] += effect["count"]
        # the engine's internal English log (never shown to members; stored games replay to it byte for byte, so
        # its wording stays as recorded)
        log(state, f"{seat_label(ctx['seat'])} gains {effect['count']} action(s).")


@op
def op_timers(state: State, ctx: Ctx, effect: Effect) -> None:
    """Add (or remove) time markers on the selected Operations (never below zero)."""
    for target in reserve_refs(state, ctx, effect["to"]):
        seat, slot = parse_ref(target)
        if _rival_blocked(state, ctx, seat):
            continue
        item = state["players"][seat]["reserve"][RESERVE.index(slot)]
        item["timers"] = max(0, item["timers"] + effect["amount"])
        log(state, f"{name(item['card'])} ({target}) now has {item['timers']} time markers.")


@op
def op_hand_size(state: State, ctx: Ctx, effect: Effect) -> None:
    """Change the selected players' maximum hand size for the rest of the game."""
    for seat in _players(state, ctx, effect["who"]):
        state["players"][seat]["hand_bonus"] += effect["amount"]
        log(state, f"{seat_label(seat)}'s maximum hand size changes by {effect['amount']:+d}.")


def _label(state: State, target: str) -> str:
    """Return a public label of a position: the card name and position."""
    entry = entry_at(state, target)
    return f"{name(entry['card'])} ({target})" if entry else target


def is_hostile(ability: dict[str, Any]) -> bool:
    """Return whether an active ability can only act against a rival (not allowed in the Ceasefire)."""
    target = ability.get("target")
    if target is not None and target["side"] == "rival":
        return True
    touches_own = target is not None and target["side"] != "rival"
    for effect in ability.get("effects", []):
        if effect.get("who") == "you" or effect.get("to") in ("own_leader", "own_heroes", "own_operations",
                                                              "self", "forerunner", "supporter"):
            touches_own = True
        if effect.get("to") == "target" and target is not None and target["side"] != "rival":
            touches_own = True
    return not touches_own


def registry_complete() -> bool:
    """Return whether every op of the vocabulary has exactly one implementation."""
    return set(OPS) == set(vocab.OPS)


__all__ = ["OPS", "apply_effects", "defeat", "deal_damage", "fire", "is_hostile", "make_event", "queue",
           "registry_complete", "draw_cards", "seats"]
