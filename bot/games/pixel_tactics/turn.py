"""The flow of a game: turns, waves, rounds, casualties, rout, and running the chain in between."""

from __future__ import annotations

from . import operations, traps
from .actions import leader_ability, leader_options
from .bases_play import base_def, held, snap_options
from .effects import defeat, fire
from .modes import siege as siege_mode
from .modes import teams
from .positions import RESERVE, ROWS, WAVE_NAME, ref
from .state import State, log, members, rival, seat_label, seats
from .stats import board_of

ACTIONS_PER_TURN = 2


def wave_order(state: State) -> list[int]:
    """Return the seats in turn order for a wave (the first player first)."""
    if "teams" in state:  # team modes: a restarting seat alone, King's eliminated seats skipped (modes/teams.py)
        return teams.wave_order(state)
    n = len(state["players"])
    return [(state["first"] + i) % n for i in range(n)]


def start_turn(state: State, seat: int) -> None:
    """Begin ``seat``'s turn with two actions."""
    state["turn"] = seat
    state["actions_left"] = ACTIONS_PER_TURN
    state["stage"] = "act"
    state["turn_no"] += 1
    state["limited"] = []
    for s in seats(state):
        for entry in state["players"][s]["unit"].values():
            if entry is not None:
                entry["acted"] = False


def end_turn(state: State) -> None:
    """End the current turn: end-of-turn reactions, then the Operations' time markers."""
    seat = state["turn"]
    state["actions_left"] = 0
    sources = [ref(seat, s) for s in members(state, seat)]
    sources += [ref(seat, RESERVE[i]) for i, item in enumerate(state["players"][seat]["reserve"])
                if item is not None and item["kind"] == "operation"]
    fire(state, "turn_end", sources, None)
    operations.tick(state, seat)
    state["stage"] = "turn_over"


def casualties(state: State) -> None:
    """Defeat every Hero whose damage is at least its Life (all at once)."""
    board = board_of(state)
    dead = []
    order = wave_order(state)
    for seat in order + [s for s in seats(state) if s not in order]:  # team modes: every Unit, even out of turn
        for slot in members(state, seat, ("hero",)):
            values = board["units"][ref(seat, slot)]
            if state["players"][seat]["unit"][slot]["damage"] >= values["life"]:
                dead.append(ref(seat, slot))
    defeat(state, dead, None)


def routed(state: State) -> list[int]:
    """Return the seats whose Leader has damage at least its Life."""
    if siege_mode.on(state):
        return []  # Siege: no Leader, no rout
    board = board_of(state)
    out = []
    for seat in seats(state):
        leader = state["players"][seat]["unit"]["L"]
        if leader is not None and leader["damage"] >= board["units"][ref(seat, "L")]["life"]:
            out.append(seat)
    return out


def finish_wave(state: State) -> None:
    """After casualties: check for a rout, else move on to the next wave (or round)."""
    from .match import game_over
    from .modes import epic as epic_mode

    down = routed(state)
    if "teams" in state:  # team modes: points and restarts, or eliminations (modes/teams.py)
        teams.finish_wave(state, down)
        return
    if down and epic_mode.active(state):  # Epic Duel: the fallen Leader is replaced (or the last one lost)
        epic_mode.fall(state, down)
        return
    if down:
        standing = [s for s in seats(state) if s not in down]
        if len(standing) == 1:
            game_over(state, standing[0], f"{seat_label(down[0])}'s Leader is routed.")
            return
        counts = {s: len(members(state, s, ("hero",))) for s in seats(state)}
        best = max(counts.values())
        top = [s for s in seats(state) if counts[s] == best]
        if len(top) == 1:
            game_over(state, top[0], "Both Leaders are routed; more living Heroes wins.")
        else:
            game_over(state, None, "Both Leaders are routed with as many living Heroes: a tie.")
        return
    if siege_mode.on(state) and siege_mode.lifted(state):
        return
    for s in seats(state):
        for slot in siege_mode.hero_slots(state):
            entry = state["players"][s]["unit"][slot]
            if entry is not None:
                entry["fresh"] = False
    index = ROWS.index(state["wave"])
    if epic_mode.active(state):  # Epic Duel: the First badge changes hands after each Flank wave
        epic_mode.next_wave(state)
        return
    if index < 2:
        state["wave"] = ROWS[index + 1]
    else:
        state["round"] += 1
        state["wave"] = "V"
        state["first"] = rival(state, state["first"])
        log(state, f"Round {state['round']} begins; {seat_label(state['first'])} goes first.")
    log(state, f"{WAVE_NAME[state['wave']]} wave.")
    start_turn(state, state["first"])


def _only_end_left(state: State) -> bool:
    """Return whether the turn player has nothing left to do but end the turn (no action left, and no Leader
    action or Base Snap that costs none)."""
    if state["actions_left"] > 0:
        return False
    seat = state["turn"]
    ability, base = leader_ability(state, seat), held(state, seat)
    if ((ability is None or ability["cost"] > 0)
            and (base is None or base["snapped"] or base_def(base["key"])["snap"]["cost"] > 0)):
        return True  # nothing that costs none: no need to build the board and the targets
    board = board_of(state)
    return not leader_options(state, seat, board, 0) and not snap_options(state, seat, board, 0)


def advance(state: State) -> None:
    """Run the chain and queued events, then the turn flow, until someone must decide."""
    while state["status"] == "playing" and state["phase"] not in ("leader", "draft"):  # draft: Duel Draft
        traps.run(state)
        if state["status"] != "playing":  # the chain ended the match (a Siege breach): it stays "finished"
            return
        if state["window"] is not None:
            state["phase"] = "trap"
            return
        state["phase"] = "turn"
        if state["queue"]:
            state["chain"].append(state["queue"].pop(0))
            continue
        stage = state["stage"]
        if stage == "epic":  # Epic Duel: a fallen Leader's owner chooses (modes/epic.py)
            state["phase"] = "epic"
            return
        if stage == "act":
            if _only_end_left(state):
                end_turn(state)
                continue
            return
        if stage == "turn_over":
            order = wave_order(state)
            position = order.index(state["turn"])
            if position + 1 < len(order):
                start_turn(state, order[position + 1])
            else:
                casualties(state)
                state["stage"] = "wave_over"
            continue
        if stage == "wave_over":
            finish_wave(state)
            continue
        return
