"""Team Cross Duel (rulebook, GAME MODES): 2v2, teams alternating around the table (Team 1 = seats 0 and 2, Team 2
= seats 1 and 3); a defeated Leader is set aside as a point for the other team, and its seat restarts with a new
deck, hand and Leader and plays a Ceasefire round alone before the game resumes where it left off.

State: ``state["teams"]`` (see teams.py); a restart sets ``picking`` (the seats choosing a new Leader, secretly),
then ``restarts`` (the seats still to play their Ceasefire round, the first one is ``ceasefire_seat``) and
``resume`` (the wave that had just ended, so the next one comes as it would have). Rules as implemented, our
choices marked: docs/rules/pt_modes/team.md.
"""

from __future__ import annotations

from typing import Any

from ...base import N_
from ..effects import draw_cards
from ..state import State, card, end_reason, log, name, new_entry, owner, reveal, rng, seat_label, seats
from . import teams

#: a restarting seat's new hand: 4 cards, plus 1 per point of the opposing team (plus 1 with core decks)
RESTART_HAND = 4


def _built(state: State) -> bool:
    """Return whether the match is played with built decks (a Leader pile)."""
    return state.get("decks") is not None


def winners_of(state: State) -> list[int]:
    """Return the teams that reached the goal: ``one`` points from one enemy seat or ``each`` from every one."""
    t = state["teams"]
    goal, defeats = t["goal"], t["defeats"]
    out = []
    for team in (0, 1):
        lost = [defeats[s] for s in seats(state) if teams.team_of(state, s) != team]
        if max(lost) >= goal["one"] or min(lost) >= goal["each"]:
            out.append(team)
    return out


def fall(state: State, routed: list[int]) -> None:
    """Routed Leaders at a wave's end (in turn order from the first player): each is set aside as a point for
    the other team; a team at its goal wins (both at once: more points wins, else a draw; ours); otherwise each
    routed seat restarts (new deck and hand, a secret Leader pick, then its Ceasefire round)."""
    t = state["teams"]
    order = [s for s in teams.wave_order(state) if s in routed]
    order += [s for s in routed if s not in order]
    for seat in order:
        unit = state["players"][seat]["unit"]
        leader = unit["L"]
        unit["L"] = None
        t["defeats"][seat] += 1
        t["set_aside"][seat].append(leader["card"])
        log(state, f"{seat_label(seat)}'s Leader {name(leader['card'])} is defeated: a point for Team "
            f"{2 - teams.team_of(state, seat)}.")
    won = winners_of(state)
    points = teams.team_points(state)
    if len(won) == 2 and points[0] != points[1]:
        won = [0 if points[0] > points[1] else 1]
    if len(won) == 2:
        teams.finish(state, [], *end_reason(N_("Both teams reach their goal with {n} points each: a draw."),
                                            n=points[0]))
        return
    if won:
        team = won[0]
        teams.finish(state, [s for s in seats(state) if teams.team_of(state, s) == team],
                     *end_reason(N_("Team {team} wins with {a} points ({b} to Team {other})."), team=team + 1,
                                 a=points[team], b=points[1 - team], other=2 - team))
        return
    if t["resume"] is None:
        t["resume"] = {"wave": state["wave"], "round": state["round"], "first": state["first"]}
    current = t["ceasefire_seat"]
    queued = [s for s in t["restarts"] if s != current and s not in order]
    t["restarts"] = order + queued
    t["ceasefire_seat"] = None
    for seat in order:
        restart(state, seat)
    t["picking"] = list(order)
    state.update(phase="leader", stage="leader", turn=None, actions_left=0)
    log(state, ", ".join(seat_label(s) for s in order) + (" restarts" if len(order) == 1 else " restart")
        + ": a new deck and hand, and a new Leader picked secretly.")


def restart(state: State, seat: int) -> None:
    """Form ``seat``'s new deck from its discard pile, hand, deck and the Unit and Reserve cards it owns (cards of
    others standing there go to their owners' discard piles; its Heroes in an ally's Unit stay; ours), shuffle,
    and draw 4 + 1 per point of the opposing team (+1 with core decks)."""
    player = state["players"][seat]
    cards = player["discard"] + player["hand"] + player["deck"]
    for slot, entry in player["unit"].items():
        if entry is not None:
            player["unit"][slot] = None
            if owner(entry["card"]) == seat:
                cards.append(entry["card"])
            else:
                state["players"][owner(entry["card"])]["discard"].append(entry["card"])
    for index, item in enumerate(player["reserve"]):
        if item is not None:
            player["reserve"][index] = None
            cards.append(item["card"])
    cards.sort()
    rng(state, "team-restart").shuffle(cards)
    player.update(discard=[], hand=[], deck=cards, leader_pick=None)
    player.pop("muted", None)
    opposing = teams.team_points(state)[1 - teams.team_of(state, seat)]
    draw_cards(state, seat, RESTART_HAND + opposing + (0 if _built(state) else 1))
    if not _built(state) or not player.get("leaders"):
        while not _leader_cards(player["hand"]) and player["deck"]:
            draw_cards(state, seat, 1)  # no card with a Leader side in hand: draw on until one comes (ours)
    reveal(state)


def _leader_cards(hand: list[str]) -> list[str]:
    """Return the cards of a hand that have a Leader side."""
    return [c for c in hand if "leader" in card(c)]


def leader_choices(state: State, seat: int) -> list[str]:
    """Return a restarting seat's Leader choices: its Leader pile (built decks; its hand once the pile is
    empty, ours), else the cards in hand with a Leader side."""
    player = state["players"][seat]
    if _built(state) and player.get("leaders"):
        return list(player["leaders"])
    return _leader_cards(player["hand"])


def picking(state: State) -> list[int] | None:
    """Return the seats choosing a new Leader after a restart (None at the opening pick)."""
    found = state.get("teams")
    return found["picking"] if found else None


def after_pick(state: State) -> None:
    """Once every restarting seat picked, reveal the new Leaders and begin the first one's Ceasefire round."""
    from ..turn import start_turn

    t = state["teams"]
    if any(state["players"][s]["leader_pick"] is None for s in t["picking"]):
        return
    names = []
    for seat in t["picking"]:
        player = state["players"][seat]
        pick = player["leader_pick"]
        (player["leaders"] if pick in player.get("leaders", ()) else player["hand"]).remove(pick)
        player["unit"]["L"] = new_entry(pick, "leader")
        player["leader_pick"] = None
        names.append(f"{seat_label(seat)} leads with {name(pick)}")
    t["picking"] = None
    reveal(state)
    log(state, "; ".join(names) + ".")
    _begin_ceasefire(state, t["restarts"][0])
    start_turn(state, t["ceasefire_seat"])


def _begin_ceasefire(state: State, seat: int) -> None:
    """Begin ``seat``'s lone Ceasefire round at its Vanguard wave."""
    state["teams"]["ceasefire_seat"] = seat
    state.update(phase="turn", wave="V")
    log(state, f"{seat_label(seat)}'s Ceasefire round: Vanguard wave (2 actions in each wave).")


def end_restart(state: State) -> None:
    """The restarting seat finished its Ceasefire round: the next one begins its own, or the game resumes with
    the wave that would have come."""
    from ..turn import start_turn

    t = state["teams"]
    t["restarts"].pop(0)
    t["ceasefire_seat"] = None
    if t["restarts"]:
        _begin_ceasefire(state, t["restarts"][0])
        start_turn(state, t["ceasefire_seat"])
        return
    resume, t["resume"] = t["resume"], None
    state.update(wave=resume["wave"], round=resume["round"], first=resume["first"])
    log(state, "The game resumes.")
    teams.next_wave(state)


def leader_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return a restarting seat's Leader pick choices (none for the other seats)."""
    if seat not in (picking(state) or ()) or state["players"][seat]["leader_pick"] is not None:
        return []
    return [{"type": "leader", "card": c} for c in leader_choices(state, seat)]


def describe(state: State, player: int, action: dict[str, Any]) -> str | None:
    """Return the sentence of a team-only action (an ally Move or Corpse clear, an Attack's Long Action, a
    chosen foe), or None to let the Classic sentence stand."""
    kind = action.get("type")
    if kind == "move" and ("from_seat" in action or "to_seat" in action):
        src, dst = action.get("from_seat", player), action.get("to_seat", player)
        entry = state["players"][src]["unit"][action["from"]]
        who = name(entry["card"]) if entry else action["from"]
        return f"moved {who} from {seat_label(src)}'s {action['from']} to {seat_label(dst)}'s {action['to']}"
    if kind == "clear_corpse" and "seat" in action:
        return f"cleared the Corpse in {seat_label(action['seat'])}'s {action['slot']}"
    return None


def suffix(action: dict[str, Any]) -> str:
    """Return the words a team action adds to its Classic sentence (the foe it acts against, a Long Action)."""
    out = ""
    if action.get("foe") is not None:
        out += f" against {seat_label(action['foe'])}"
    if action.get("long"):
        out += " (a Long Action)"
    return out

