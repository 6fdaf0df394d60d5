"""King (rulebook, GAME MODES): 3v3 around one table, a King between two Knights per team; seats reach only
their neighbours (two seats away with a Long Action); a routed Knight is eliminated and its seat disappears;
a routed King loses the game for its team. Rules as implemented, our choices marked: docs/rules/pt_modes/king.md.

Seats in clockwise table order: 0 King of Team 1, 1 Knight of Team 1, 2 Knight of Team 2, 3 King of Team 2,
4 Knight of Team 2, 5 Knight of Team 1 (so Knights 1 and 2 face each other at one end of the table, 4 and 5 at
the other, and the Kings sit across the middle). The shared engine files call the hooks below behind
``mode_of(state) == "king"`` (through ``modes/teams.py``). State (King matches only): ``state["king"] =
{"eliminated": [bool per seat], "out": [[card ids] per seat]}`` — ``out`` holds the cards an eliminated
Knight's seat took out of play (sorted, hidden: the view shows only counts). A state without the key (before
``begin``) reads as "nobody eliminated".
"""

from __future__ import annotations

from typing import Any

from ...base import N_
from ..state import State, end_reason, log, members, name, owner, seat_label
from . import KING_SEATS, mode_of

#: the number of seats of a King game
SEATS = 6
#: each seat's team (0 = Team 1, 1 = Team 2) and role, in clockwise table order (modes.KING_SEATS)
TEAM = tuple(team for team, _role in KING_SEATS)
ROLES = tuple(role for _team, role in KING_SEATS)
#: the Kings' seats, by team
KINGS = (0, 3)
#: the seat holding the First Player marker in round 1 (a King)
FIRST = 0


def on(state: State) -> bool:
    """Return whether a match is played in King."""
    return mode_of(state) == "king"


def begin(state: State) -> None:
    """Set up a new King game's own state: nobody eliminated, no card out of play."""
    state["king"] = {"eliminated": [False] * SEATS, "out": [[] for _ in range(SEATS)]}


def eliminated(state: State) -> list[bool]:
    """Return, per seat, whether it has been eliminated."""
    found = state.get("king")
    return list(found["eliminated"]) if found else [False] * SEATS


def cards_out(state: State, seat: int) -> list[str]:
    """Return the cards an eliminated seat took out of play (hidden; [] for a live seat)."""
    found = state.get("king")
    return list(found["out"][seat]) if found else []


def live_seats(state: State) -> list[int]:
    """Return the seats in clockwise table order without the eliminated ones."""
    out = eliminated(state)
    return [s for s in range(SEATS) if not out[s]]


def roles(state: State) -> list[str]:
    """Return each seat's role: "king" or "knight"."""
    return list(ROLES)


def team_of(seat: int) -> int:
    """Return the team of a seat (0 = Team 1: seats 0, 1, 5; 1 = Team 2: seats 2, 3, 4)."""
    return TEAM[seat]


def team_seats(team: int) -> list[int]:
    """Return the seats of a team, in table order."""
    return [s for s in range(SEATS) if TEAM[s] == team]


def distance(state: State, a: int, b: int) -> int | None:
    """Return how many seats apart two live seats sit around the ring of live seats (the shorter way round);
    the two Kings count as 2 apart when they are not closer (ours). None if either seat is eliminated."""
    ring = live_seats(state)
    if a not in ring or b not in ring:
        return None
    steps = abs(ring.index(a) - ring.index(b))
    steps = min(steps, len(ring) - steps)
    if a != b and ROLES[a] == ROLES[b] == "king":
        steps = min(steps, 2)
    return steps


def reach(state: State, seat: int) -> dict[int, int]:
    """Return each enemy ``seat`` may attack now -> the action cost of an Attack on it: 1 for a neighbour, 2 (a
    Long Action) for a seat two away; farther and eliminated seats are not reachable."""
    out: dict[int, int] = {}
    for other in live_seats(state):
        if TEAM[other] == TEAM[seat]:
            continue
        steps = distance(state, seat, other)
        if steps is not None and steps <= 2:
            out[other] = steps
    return out


def move_partners(state: State, seat: int) -> list[int]:
    """Return the other seats whose Units ``seat`` may Move Heroes into and out of: a King's live Knights, a
    Knight's King (never Knight to Knight); none for an eliminated seat."""
    ring = live_seats(state)
    if seat not in ring:
        return []
    if ROLES[seat] == "king":
        return [s for s in ring if TEAM[s] == TEAM[seat] and s != seat]
    king = KINGS[TEAM[seat]]
    return [king] if king in ring else []


def next_live(state: State, seat: int) -> int:
    """Return the next live seat clockwise after ``seat`` (``seat`` itself may be eliminated)."""
    out = eliminated(state)
    for step in range(1, SEATS + 1):
        other = (seat + step) % SEATS
        if not out[other]:
            return other
    return seat


def wave_order(state: State) -> list[int]:
    """Return the live seats in turn order for a wave: clockwise from the first player."""
    ring = live_seats(state)
    first = state["first"] if state["first"] in ring else next_live(state, state["first"])
    start = ring.index(first)
    return ring[start:] + ring[:start]


def next_first(state: State) -> int:
    """Return who holds the First Player marker in the next round: the next live seat clockwise (ours)."""
    return next_live(state, state["first"])


def points(state: State) -> list[int]:
    """Return each team's points: the enemy Knights it has eliminated."""
    out = eliminated(state)
    return [sum(1 for s in range(SEATS) if out[s] and TEAM[s] != team) for team in (0, 1)]


# ------------------------------------------------------------------------------------------ routs
def _living_heroes(state: State, team: int) -> int:
    """Return how many living Heroes stand in the Units of a team's live seats."""
    ring = live_seats(state)
    return sum(len(members(state, s, ("hero",))) for s in team_seats(team) if s in ring)


def fall(state: State, routed: list[int]) -> None:
    """Leaders routed at the end of a wave: a routed King loses the game for its team (both Kings: the team
    with more living Heroes wins, else a draw); otherwise each routed Knight is eliminated. The turn flow then
    goes on with the next wave (the match's ``stage`` is left as it was)."""
    kings = [s for s in routed if ROLES[s] == "king"]
    if len(kings) == 2:
        counts = [_living_heroes(state, team) for team in (0, 1)]
        if counts[0] == counts[1]:
            _end(state, [], *end_reason(N_("Both Kings' Leaders are routed with as many living Heroes on each "
                                            "side: a draw.")))
        else:
            best = 0 if counts[0] > counts[1] else 1
            _end(state, team_seats(best), *end_reason(
                N_("Both Kings' Leaders are routed; Team {team} wins with more living Heroes ({a} to {b})."),
                team=best + 1, a=counts[best], b=counts[1 - best]))
        return
    if kings:
        team = 1 - TEAM[kings[0]]
        _end(state, team_seats(team), *end_reason(N_("{seat}'s King Leader is routed: Team {team} wins."),
                                                  seat=kings[0], team=team + 1))
        return
    ring = wave_order(state)
    for seat in [s for s in ring if s in routed]:
        eliminate(state, seat)
    if state["first"] is not None and eliminated(state)[state["first"]]:
        state["first"] = next_live(state, state["first"])
        log(state, f"The First Player marker passes to {seat_label(state['first'])}.")


def eliminate(state: State, seat: int) -> None:
    """Eliminate a Knight's seat: its Unit, Reserve, hand, deck, discard (and Leader stack) leave play; cards of
    other seats standing in its Unit go to their owners' discard piles; its own Heroes standing in its King's
    Unit stay there (ours)."""
    if "king" not in state:
        begin(state)
    player = state["players"][seat]
    out = state["king"]["out"]
    gone = state["king"]["eliminated"]
    gone[seat] = True

    def drop(card_id: str) -> None:
        holder = owner(card_id)
        if gone[holder]:
            out[holder].append(card_id)
        else:
            state["players"][holder]["discard"].append(card_id)

    leader = player["unit"]["L"]
    for slot, entry in player["unit"].items():
        if entry is not None:
            drop(entry["card"])
            player["unit"][slot] = None
    for index, item in enumerate(player["reserve"]):
        if item is not None:
            drop(item["card"])
            player["reserve"][index] = None
    for pile in ("hand", "deck", "discard", "leaders"):
        if pile in player:
            for card_id in player[pile]:
                drop(card_id)
            player[pile] = []
    if player.get("leader_pick") is not None:
        player["leader_pick"] = None
    player.pop("muted", None)
    out[seat].sort()
    what = f"{seat_label(seat)}'s Knight Leader"
    if leader is not None:
        what += f" {name(leader['card'])}"
    log(state, f"{what} is routed: {seat_label(seat)} is eliminated and leaves the table.")


def _end(state: State, winners: list[int], reason: str, event: dict[str, Any] | None = None) -> None:
    """Finish the King game (one game, no trophy) through the team modes' ending: ``winners`` the winning team's
    seats ([] on a draw), each seat's score its team's points (``event``: the reason as an event)."""
    from .teams import finish

    finish(state, winners, reason, event)


def hand_for(state: State, card_id: str) -> list[str]:
    """Return the pile a card returned to its owner's hand goes to: the owner's hand, or (King) the cards out of
    play when its owner has been eliminated (ours: it leaves play with the rest of that seat's cards)."""
    holder = owner(card_id)
    if on(state) and eliminated(state)[holder]:
        return state["king"]["out"][holder]
    return state["players"][holder]["hand"]


def leave_refusal(state: State, seat: int) -> str | None:
    """Return why ``seat`` may not resign (an eliminated Knight: its team plays on without it, so its leaving
    concedes nothing; ours), or None."""
    if on(state) and 0 <= seat < SEATS and eliminated(state)[seat]:
        return N_("You have been eliminated: your team plays on without you, and there is nothing left to "
                  "resign.")
    return None


# ------------------------------------------------------------------------------------------ view
def view_fields(state: State) -> dict[str, Any]:
    """Return the King part of ``view["teams"]``: roles, eliminated seats, points (enemy Knights eliminated per
    team), Leaders lost per seat, each seat's reach as ``[[enemy, cost], ...]`` and the cards out of play per
    seat (counts only)."""
    out = eliminated(state)
    return {
        "kind": "king",
        "team_of": list(TEAM),
        "roles": roles(state),
        "eliminated": out,
        "defeats": [int(x) for x in out],
        "points": points(state),
        "goal": None,
        "reach": [[[e, c] for e, c in sorted(reach(state, s).items())] for s in range(SEATS)],
        "out": [len(cards_out(state, s)) for s in range(SEATS)],
    }
