"""What both team modes share (Team Cross Duel ``"team"``, King ``"king"``): teams, reach, the foe rule, turn
order, ally Moves and Corpse clears, the restart Ceasefire seat and the public ``view["teams"]`` fields.

The shared engine files call these behind ``on(state)`` (or through helpers that fall back to the Classic
answer, e.g. ``eligible_foes``), so Classic, Siege, Duel Draft and Epic Duel are unchanged. State (team modes
only): ``state["teams"] = {"kind", "defeats": [n per seat], "set_aside": [[Leader ids] per seat], "goal":
{"one", "each"} | None, "ceasefire_seat": None | seat, "picking": None | [seats], "restarts": [seats],
"resume": None | {"wave", "round", "first"}}`` (King keeps its own ``state["king"]`` too, see king.py).
Rules as implemented: docs/rules/pt_modes/team.md and king.md.
"""

from __future__ import annotations

from typing import Any

from ...base import N_, IllegalAction
from ..positions import HERO_SLOTS, ROWS, WAVE_NAME, parse_ref
from ..state import State, end_reason, log, name, owner, rivals, seat_label, seats
from . import TEAM_MODES

#: the rival selectors that act on one enemy, the foe (unit, reserve and player selectors)
RIVAL_SELECTORS = frozenset(("rival_leader", "rival_heroes", "random_rival_hero", "rival_operations", "rival"))
#: Team Cross Duel's goals per points option: a team wins at ``one`` points from one enemy or ``each`` from each
GOALS = {3: {"one": 3, "each": 1}, 5: {"one": 5, "each": 2}}


def on(state: State) -> bool:
    """Return whether a match is played in a team mode (Team Cross Duel or King)."""
    return state.get("mode") in TEAM_MODES


def _king(state: State) -> bool:
    """Return whether a team match is King."""
    return state.get("mode") == "king"


def begin(state: State, points: int = 3) -> None:
    """Set up a new team match's own state (before the deal): Leaders lost, the goal, no restart; round 1 begins
    with seat 0 (a King in King)."""
    n = len(state["players"])
    state["teams"] = {"kind": state["mode"], "defeats": [0] * n, "set_aside": [[] for _ in range(n)],
                      "goal": None if _king(state) else dict(GOALS[points]), "ceasefire_seat": None,
                      "picking": None, "restarts": [], "resume": None}
    state["next_first"] = 0
    if _king(state):
        from . import king

        king.begin(state)


def team_of(state: State, seat: int) -> int:
    """Return the team index of a seat (Team Cross Duel: seat % 2; King: see king.TEAM)."""
    if _king(state):
        from . import king

        return king.team_of(seat)
    return seat % 2


def live(state: State, seat: int) -> bool:
    """Return whether a seat is still in the game (only King eliminates seats)."""
    if _king(state):
        from . import king

        return not king.eliminated(state)[seat]
    return True


def is_enemy(state: State, a: int, b: int) -> bool:
    """Return whether seats ``a`` and ``b`` are rivals (in Classic any two seats; a teammate never is)."""
    return a != b and (not on(state) or team_of(state, a) != team_of(state, b))


def enemies(state: State, seat: int) -> list[int]:
    """Return the live enemy seats of ``seat``, in turn order after it."""
    return [s for s in rivals(state, seat) if team_of(state, s) != team_of(state, seat) and live(state, s)]


def allies(state: State, seat: int) -> list[int]:
    """Return the live teammates of ``seat`` (not itself), in turn order after it."""
    return [s for s in rivals(state, seat) if team_of(state, s) == team_of(state, seat) and live(state, s)]


def reach(state: State, seat: int) -> dict[int, int]:
    """Return each enemy ``seat`` may attack now -> the action cost of an Attack on it (2 = a Long Action)."""
    if _king(state):
        from . import king

        found = king.reach(state, seat)
        return {s: found[s] for s in rivals(state, seat) if s in found}
    return {s: 1 for s in enemies(state, seat)}


def eligible_foes(state: State, seat: int) -> list[int]:
    """Return the seats ``seat``'s card effects may act on as "rival" (in turn order after it): every other seat
    outside team modes, every enemy in Team Cross Duel, the enemies at cost 1 in King (ours)."""
    if not on(state):
        return rivals(state, seat)
    return [s for s, cost in reach(state, seat).items() if cost == 1]


def uses_rival(ability: dict[str, Any]) -> bool:
    """Return whether an ability's effects name a non-targeted rival selector (they act on the foe)."""
    for effect in ability.get("effects", ()):
        for key in ("to", "a", "b", "who"):
            if effect.get(key) in RIVAL_SELECTORS:
                return True
    return False


def foe(state: State, ctx: dict[str, Any]) -> int | None:
    """Return the one enemy the rival selectors of an effect act on: the chosen ``foe`` of an active ability,
    else the seat of an enemy target, else the event's actor when an enemy, else the seat of the event's target
    when an enemy (an Attack's "after this Hero attacks": the attacked seat; ours), else the first eligible
    enemy after the controller in turn order (None: the effects on rivals do nothing)."""
    if ctx.get("foe") is not None:
        return ctx["foe"]
    seat = ctx["seat"]
    target = parse_ref(ctx.get("target"))
    if target is not None and is_enemy(state, seat, target[0]):
        return target[0]
    event = ctx.get("event") or {}
    actor = event.get("actor")
    if actor is not None and is_enemy(state, seat, actor) and live(state, actor):
        return actor
    hit = parse_ref(event.get("target"))
    if hit is not None and is_enemy(state, seat, hit[0]) and live(state, hit[0]):
        return hit[0]
    found = eligible_foes(state, seat)
    return found[0] if found else None


def foe_seats(state: State, ctx: dict[str, Any]) -> list[int]:
    """Return the seats a rival selector of ``ctx`` acts on: every other seat outside team modes, else the foe."""
    if not on(state):
        return [s for s in seats(state) if s != ctx["seat"]]
    found = foe(state, ctx)
    return [] if found is None else [found]


def with_foes(state: State, seat: int, ability: dict[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return an active ability's actions with a ``foe`` choice where its rival selectors need one: one entry
    per eligible enemy when the target is not an enemy position (none during a Ceasefire: ours)."""
    from ..state import ceasefire

    if not on(state) or not uses_rival(ability) or ceasefire(state):
        return actions
    foes = eligible_foes(state, seat)
    out = []
    for action in actions:
        target = parse_ref(action.get("target"))
        if (target is not None and is_enemy(state, seat, target[0])) or not foes:
            out.append(action)
        else:
            out.extend({**action, "foe": f} for f in foes)
    return out


def responders(state: State, event: dict[str, Any], order: list[int]) -> list[int]:
    """Return the seats (of ``order``) asked about a recruit, Spell, Order or Trap: enemies of its actor whose
    Unit it targets or that may reach the actor with their card effects."""
    actor = event["actor"]
    if actor is None:
        return []
    target = parse_ref(event.get("target"))
    return [s for s in order if is_enemy(state, s, actor) and live(state, s)
            and ((target is not None and target[0] == s) or actor in eligible_foes(state, s))]


def mark_long(state: State, seat: int, actions: list[dict[str, Any]], left: int) -> list[dict[str, Any]]:
    """Return the actions with each Attack on a cost-2 seat marked ``"long": true`` (dropped with < 2 left)."""
    costs = reach(state, seat)
    out = []
    for action in actions:
        if action["type"] == "attack" and costs.get(parse_ref(action["target"])[0], 1) == 2:
            if left >= 2:
                out.append({**action, "long": True})
        else:
            out.append(action)
    return out


def explain(state: State, seat: int, action: Any) -> IllegalAction | None:
    """Return why a team-only part of a turn action is refused (the refusal: a teammate's or unreached Unit, a
    Long Action without two actions, a foe or ally Unit not allowed), or None to let the Classic refusal answer."""
    if not isinstance(action, dict):
        return None
    kind = action.get("type")
    if kind == "attack" and parse_ref(action.get("target")) is not None:
        other = parse_ref(action["target"])[0]
        costs = reach(state, seat)
        if other < len(state["players"]) and other != seat and not is_enemy(state, seat, other):
            return IllegalAction("Seat {seat} is your teammate: attack an enemy Unit.", seat=other + 1)
        if other in costs and costs[other] == 2 and state["actions_left"] < 2:
            return IllegalAction("An Attack on Seat {seat} is a Long Action: it needs two actions left.",
                                 seat=other + 1)
        if other in costs and bool(action.get("long")) != (costs[other] == 2):
            if costs[other] == 2:
                return IllegalAction("An Attack on Seat {seat} is a Long Action: add \"long\": true.", seat=other + 1)
            return IllegalAction("An Attack on Seat {seat} is not a Long Action: leave \"long\" out.", seat=other + 1)
        if other != seat and other < len(state["players"]) and other not in costs:
            return IllegalAction("Seat {seat} is out of reach.", seat=other + 1)
    if "foe" in action and action["foe"] not in eligible_foes(state, seat):
        return IllegalAction("The foe must be an enemy seat your card effects reach.")
    named = [action.get(k) for k in ("from_seat", "to_seat", "seat") if k in action]
    if kind in ("move", "clear_corpse") and any(s not in partners(state, seat) for s in named):
        return IllegalAction("You can only move Heroes into and out of, or clear Corpses in, an ally's Unit you "
                             "work with.")
    return None


# ------------------------------------------------------------------------------------------- turn order
def ceasefire_seat(state: State) -> int | None:
    """Return the seat playing its restart Ceasefire round alone, if any."""
    found = state.get("teams")
    return found["ceasefire_seat"] if found else None


def wave_order(state: State) -> list[int]:
    """Return the seats in turn order for the current wave: the restarting seat alone during its Ceasefire
    round; King: live seats clockwise from the first player; Team Cross Duel: 0..3 from the first player."""
    cf = ceasefire_seat(state)
    if cf is not None:
        return [cf]
    if _king(state):
        from . import king

        return king.wave_order(state)
    n = len(state["players"])
    return [(state["first"] + i) % n for i in range(n)]


def next_first(state: State) -> int:
    """Return the next round's first player: the next (live) seat in turn order."""
    if _king(state):
        from . import king

        return king.next_first(state)
    return (state["first"] + 1) % len(state["players"])


def finish_wave(state: State, down: list[int]) -> None:
    """After a wave's casualties in a team mode: handle routed Leaders, else go on with the next wave (or the
    restarting seat's next Ceasefire wave, or resume the game after it)."""
    from ..turn import start_turn
    from . import team_cross

    if down:
        if _king(state):
            from . import king

            king.fall(state, down)
        else:
            team_cross.fall(state, down)
        if state["status"] != "playing" or state["phase"] != "turn" or state["stage"] != "wave_over":
            return
    for s in seats(state):
        for slot in HERO_SLOTS:
            entry = state["players"][s]["unit"][slot]
            if entry is not None:
                entry["fresh"] = False
    cf = ceasefire_seat(state)
    if cf is not None:
        index = ROWS.index(state["wave"])
        if index < 2:
            state["wave"] = ROWS[index + 1]
            log(state, f"{seat_label(cf)}'s Ceasefire round: {WAVE_NAME[state['wave']]} wave.")
            start_turn(state, cf)
            return
        team_cross.end_restart(state)
        return
    next_wave(state)


def next_wave(state: State) -> None:
    """Move on to the next wave (after the Rear wave: a new round, the First Player marker passing on)."""
    from ..turn import start_turn

    index = ROWS.index(state["wave"])
    if index < 2:
        state["wave"] = ROWS[index + 1]
    else:
        state["round"] += 1
        state["wave"] = "V"
        state["first"] = next_first(state)
        log(state, f"Round {state['round']} begins; {seat_label(state['first'])} goes first.")
    log(state, f"{WAVE_NAME[state['wave']]} wave.")
    start_turn(state, wave_order(state)[0])


# ------------------------------------------------------------------------------------- allies' Units
def partners(state: State, seat: int) -> list[int]:
    """Return the seats whose Units ``seat`` may Move Heroes into and out of and clear Corpses in."""
    if _king(state):
        from . import king

        return king.move_partners(state, seat)
    return allies(state, seat)


def _movable(entry: dict[str, Any] | None) -> bool:
    """Return whether a slot holds a Hero that may Move now (not fresh, has not acted)."""
    return entry is not None and entry["kind"] == "hero" and not entry["fresh"] and not entry["acted"]


def ally_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Moves between ``seat``'s Unit and its partners' Units (``to_seat``: a Hero of yours into an
    ally's empty slot; ``from_seat``: an ally's Hero into an empty slot of yours)."""
    mine = state["players"][seat]["unit"]
    out = []
    for other in partners(state, seat):
        theirs = state["players"][other]["unit"]
        their_empty = [s for s in HERO_SLOTS if theirs[s] is None]
        my_empty = [s for s in HERO_SLOTS if mine[s] is None]
        for slot in HERO_SLOTS:
            if _movable(mine[slot]):
                out.extend({"type": "move", "from": slot, "to": e, "to_seat": other} for e in their_empty)
        for slot in HERO_SLOTS:
            if _movable(theirs[slot]):
                out.extend({"type": "move", "from": slot, "to": e, "from_seat": other} for e in my_empty)
    return out


def ally_corpses(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Clear Corpse actions on Corpses in ``seat``'s partners' Units."""
    out = []
    for other in partners(state, seat):
        unit = state["players"][other]["unit"]
        out.extend({"type": "clear_corpse", "slot": s, "seat": other} for s in HERO_SLOTS
                   if unit[s] is not None and unit[s]["kind"] == "corpse")
    return out


def is_ally_action(action: dict[str, Any]) -> bool:
    """Return whether a Move or Clear Corpse concerns an ally's Unit (it names a seat)."""
    return "from_seat" in action or "to_seat" in action or "seat" in action


def apply_ally(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a Move or Clear Corpse involving an ally's Unit (the action is already paid for)."""
    if action["type"] == "clear_corpse":
        unit = state["players"][action["seat"]]["unit"]
        entry = unit[action["slot"]]
        unit[action["slot"]] = None
        state["players"][owner(entry["card"])]["discard"].append(entry["card"])
        log(state, f"{seat_label(seat)} clears the Corpse of {name(entry['card'])} from "
            f"{seat_label(action['seat'])}'s {action['slot']}.")
        return
    source = state["players"][action.get("from_seat", seat)]["unit"]
    dest = state["players"][action.get("to_seat", seat)]["unit"]
    entry = source[action["from"]]
    source[action["from"]] = None
    dest[action["to"]] = entry
    entry["acted"] = True
    log(state, f"{seat_label(seat)} moves {name(entry['card'])} from {seat_label(action.get('from_seat', seat))}'s "
        f"{action['from']} to {seat_label(action.get('to_seat', seat))}'s {action['to']}.")


# --------------------------------------------------------------------------------------- result, view
def finish(state: State, winners: list[int], reason: str, event: dict[str, Any] | None = None) -> None:
    """Finish a team game: ``ranking`` = [winners, losers] (one group on a draw); scores = the team's points
    (``event``: the reason as an event, ``state.end_reason``'s)."""
    from ..match import finish as match_finish

    if not winners:
        match_finish(state, list(seats(state)), reason, event)
        state["result"].update(winners=[], ranking=[list(seats(state))])
    else:
        match_finish(state, winners, reason, event)
    got = team_points(state)
    state["result"]["scores"] = [got[team_of(state, s)] for s in seats(state)]


def team_points(state: State) -> list[int]:
    """Return each team's points (Team Cross Duel: enemy Leaders defeated; King: enemy Knights eliminated)."""
    if _king(state):
        from . import king

        return king.points(state)
    defeats = state["teams"]["defeats"]
    return [sum(defeats[s] for s in seats(state) if team_of(state, s) != team) for team in (0, 1)]


def leave(state: State, seat: int) -> None:
    """Finish the game because ``seat`` left or forfeited: its team concedes (ours)."""
    winners = [s for s in seats(state) if team_of(state, s) != team_of(state, seat)]
    finish(state, winners, *end_reason(N_("{seat} left the match: their team concedes."), seat=seat))


def view_fields(state: State) -> dict[str, Any]:
    """Return ``view["teams"]``: the teams, roles, Leaders lost, points, goal, set-aside Leaders, eliminated
    seats, the restarting seat, the wave, round and first seat the game resumes with after a restart (``resume``)
    and each seat's reach ``[[enemy, cost], ...]``."""
    from ..view import card_view

    t = state["teams"]
    out: dict[str, Any] = {}
    if _king(state):
        from . import king

        out.update(king.view_fields(state))
    n = len(state["players"])
    base = {
        "kind": t["kind"], "team_of": [team_of(state, s) for s in seats(state)], "roles": None,
        "defeats": list(t["defeats"]), "points": team_points(state),
        "goal": dict(t["goal"]) if t["goal"] else None,
        "set_aside": [[card_view(c) for c in t["set_aside"][s]] for s in range(n)],
        "eliminated": [not live(state, s) for s in seats(state)],
        "ceasefire_seat": t["ceasefire_seat"],
        "resume": dict(t["resume"]) if t["resume"] else None,
        "reach": [[[e, c] for e, c in reach(state, s).items()] if live(state, s) else [] for s in seats(state)],
    }
    for key, value in base.items():
        if key not in out or key in ("set_aside", "ceasefire_seat"):
            out[key] = value
    return out
