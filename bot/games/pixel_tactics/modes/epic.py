"""Epic Duel (rulebook, GAME MODES): Epic decks, a secret starting Leader from the four, 7-card hands, the First
badge changing hands after each Flank wave, and each fallen Leader replaced with a boon until the last one falls.

State (Epic matches only): ``state["epic"] = {"fallen": [[card ids] per seat], "step": None | {...}}``. A step
is pending while a fallen Leader's owner chooses: ``{"stage": "pick", "seats": [...]}`` (the new Leaders, secret
until every seat that lost one chose) then ``{"stage": "boon", "seats": [...], "boon": None | "recruit" |
"regroup", "left": n}`` (one seat at a time, in the wave's order). The match's ``stage`` is ``"epic"`` meanwhile
and its ``phase`` ``"epic"`` whenever a decision is awaited. Rules as implemented: docs/rules/pt_modes/epic.md.
"""

from __future__ import annotations

from typing import Any

from ...base import N_, BadOptions, IllegalAction, rng_for
from ..effects import draw_cards, fire, make_event
from ..pools import combination
from ..positions import HERO_SLOTS, ROWS, SLOTS, WAVE_NAME, ref
from ..setup_decks import deck_ids
from ..state import (
    State,
    end_reason,
    key_of,
    log,
    members,
    name,
    new_entry,
    owner,
    reveal,
    rival,
    seat_label,
    seats,
)
from ..stats import HAND_SIZE as CLASSIC_HAND

#: the opening hand (drawn after the Leader reveal) and the maximum hand size of the mode
OPENING_HAND = 7
HAND_SIZE = 7
#: a fallen Leader's boons: draw until 7 in hand; recruit up to 3 times anywhere; clear Corpses and rearrange
BOONS = ("draw", "recruit", "regroup")
RECRUITS = 3
#: moves of the rearranging boon (ours): any arrangement of the eight Hero slots takes at most 7 swaps
MOVES = 7
#: the Epic Combination each seat plays without built decks: two core sets and two minipaks
COMBINATION = (("core", "core2"), ("mini1", "mini2"))
#: the action types only Epic Duel has (its steps also use "leader", "recruit" and "move")
TYPES = ("epic_boon", "epic_done")
BOON_WORDS = {"draw": "draw until 7 cards in hand", "recruit": "recruit up to 3 times into any slots",
              "regroup": "clear every Corpse and rearrange the Unit"}


def active(state: State) -> bool:
    """Return whether ``state`` is an Epic Duel."""
    return state.get("mode") == "epic"


# ----------------------------------------------------------------------------------------------- setup
def settled(got: dict[str, Any], options: dict[str, Any], seed: int, num_players: int) -> dict[str, Any]:
    """Return the checked match settings of an Epic Duel: Epic decks (an Epic Combination of both core sets and
    both minipaks per seat when no deck is given, its 4 Leaders drawn from the seed) and a single game."""
    if options.get("trophies", 1) != 1:
        raise BadOptions("Epic Duel is one game, won by defeating the rival's four Leaders: leave trophies out.")
    if got["decks"] is not None:
        for seat, deck in enumerate(got["decks"]):
            if deck["format"] != "epic":
                raise BadOptions("Seat {seat}'s deck is a Standard deck: Epic Duel needs Epic decks "
                                 "(4 Leaders, 60–80 Heroes).", seat=seat + 1)
        return {**got, "target": 1}
    if "set" in options:
        raise BadOptions("Epic Duel plays Epic decks: without built decks each seat plays an Epic Combination of "
                         "both core sets and both minipaks, so leave the card set out.")
    if got["content"] < 2:
        raise BadOptions("Epic Duel needs content version 2 or later (the sets of an Epic Combination).")
    decks = []
    for seat in range(num_players):
        deck = combination(rng_for(seed, "epic-combination", seat).randrange(2 ** 31), *COMBINATION, "epic")
        decks.append(deck_ids(seat, deck, got["content"]))
    return {**got, "target": 1, "decks": decks}


def begin(state: State) -> None:
    """Set up a new Epic Duel's own state: hands of up to 7 cards, no fallen Leader yet."""
    for player in state["players"]:
        player["hand_bonus"] += HAND_SIZE - CLASSIC_HAND
    state["epic"] = {"fallen": [[] for _ in seats(state)], "step": None}


# ------------------------------------------------------------------------------------------ waves, badge
def next_wave(state: State) -> None:
    """Move on to the next wave: the First badge changes hands after each Flank wave (and only then, ours)."""
    from ..turn import start_turn

    index = ROWS.index(state["wave"])
    if index < 2:
        state["wave"] = ROWS[index + 1]
        if index == 1:
            state["first"] = rival(state, state["first"])
            log(state, f"The badges change hands: {seat_label(state['first'])} is now First Player.")
    else:
        state["round"] += 1
        state["wave"] = "V"
        log(state, f"Round {state['round']} begins; {seat_label(state['first'])} goes first.")
    log(state, f"{WAVE_NAME[state['wave']]} wave.")
    start_turn(state, state["first"])


# ------------------------------------------------------------------------------------------ fallen Leaders
def _living_heroes(state: State, seat: int) -> int:
    """Return how many living Heroes stand in ``seat``'s Unit."""
    return len(members(state, seat, ("hero",)))


def fall(state: State, down: list[int]) -> None:
    """Leaders routed at the end of a wave: a seat whose last Leader fell loses (both: more living Heroes wins,
    else a draw); otherwise each fallen Leader is discarded and its owner brings in another, then takes a boon."""
    from ..turn import wave_order

    last = [s for s in down if not state["players"][s]["leaders"]]
    if last:
        for seat in last:
            state["epic"]["fallen"][seat].append(state["players"][seat]["unit"]["L"]["card"])
        standing = [s for s in seats(state) if s not in last]
        if len(standing) == 1:
            _end(state, standing, *end_reason(N_("{winner} wins: {loser}'s last Leader is defeated."),
                                              winner=standing[0], loser=last[0]))
            return
        counts = {s: _living_heroes(state, s) for s in seats(state)}
        best = max(counts.values())
        top = [s for s in seats(state) if counts[s] == best]
        if len(top) == 1:
            _end(state, top, *end_reason(N_("Both last Leaders are defeated at once; {winner} wins with more "
                                            "living Heroes."), winner=top[0]))
        else:
            _end(state, list(seats(state)), *end_reason(N_("Both last Leaders are defeated at once with as many "
                                                           "living Heroes: a draw.")))
        return
    order = [s for s in wave_order(state) if s in down]
    for seat in order:
        player = state["players"][seat]
        fallen = player["unit"]["L"]["card"]
        player["unit"]["L"] = None
        state["players"][owner(fallen)]["discard"].append(fallen)
        state["epic"]["fallen"][seat].append(fallen)
        left = len(player["leaders"])
        log(state, f"{seat_label(seat)}'s Leader {name(fallen)} is defeated and discarded "
            f"({left} Leader{'s' if left != 1 else ''} left).")
        if left == 1:  # one Leader left: no choice to make (ours)
            player["leader_pick"] = player["leaders"][0]
    state["epic"]["step"] = {"stage": "pick", "seats": order}
    state["stage"] = "epic"
    if all(state["players"][s]["leader_pick"] is not None for s in order):
        _bring_in(state)


def _end(state: State, winners: list[int], reason: str, event: dict[str, Any] | None = None) -> None:
    """Finish the Epic Duel (one game: no trophy); each seat's score is its Leaders not fallen (``event``: the
    reason as an event)."""
    from ..match import finish

    finish(state, winners, reason, event)
    state["result"]["scores"] = leaders_left(state)


def leaders_left(state: State) -> list[int]:
    """Return each seat's Leaders not fallen yet: its Leader stack and the Leader in play (or being chosen)."""
    out = []
    for seat in seats(state):
        player = state["players"][seat]
        leader = player["unit"]["L"]
        out.append(len(player["leaders"]) + (leader is not None and leader["card"] not in state["epic"]["fallen"][seat]))
    return out


def _bring_in(state: State) -> None:
    """Reveal every new Leader at once and put it into play; the boons follow, one seat at a time."""
    step = state["epic"]["step"]
    for seat in step["seats"]:
        player = state["players"][seat]
        pick = player["leader_pick"]
        player["leaders"].remove(pick)
        player["unit"]["L"] = new_entry(pick, "leader")
        player["leader_pick"] = None
        log(state, f"{seat_label(seat)} brings in the Leader {name(pick)}.")
    reveal(state)
    state["epic"]["step"] = {"stage": "boon", "seats": list(step["seats"]), "boon": None, "left": 0}


def _next(state: State) -> None:
    """The current seat's boon is over: the next seat's, or the game goes on with the next wave."""
    step = state["epic"]["step"]
    step["seats"].pop(0)
    if step["seats"]:
        step.update(boon=None, left=0)
        return
    state["epic"]["step"] = None
    state["stage"] = "wave_over"  # the turn flow moves on to the next wave


# ------------------------------------------------------------------------------------------ decisions
def waiting(state: State) -> list[tuple[int, str, str, bool]]:
    """Return the awaited decisions as ``(seat, kind, prompt, private)``: secret Leader picks, then a boon."""
    step = state["epic"]["step"]
    if step is None:
        return []
    if step["stage"] == "pick":
        return [(s, "leader", "Your Leader fell: choose the next one from your Leader stack (secretly).", True)
                for s in step["seats"] if state["players"][s]["leader_pick"] is None]
    seat = step["seats"][0]
    if step["boon"] is None:
        text = "Your new Leader is in play: draw until 7 cards in hand, recruit up to 3 times anywhere, or clear " \
               "every Corpse and rearrange your Unit."
    elif step["boon"] == "recruit":
        text = f"Recruit into any empty slot ({step['left']} left), or stop."
    else:
        text = f"Rearrange your Unit: move a Hero to any slot, swapping places ({step['left']} moves left), or stop."
    return [(seat, "turn", text, False)]


def _recruits(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the boon's recruits: any card in hand into any empty Hero slot."""
    player = state["players"][seat]
    empty = [s for s in HERO_SLOTS if player["unit"][s] is None]
    return [{"type": "recruit", "card": c, "slot": s} for c in player["hand"] for s in empty]


def _moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the boon's moves: a living Hero to any other Hero slot (swapping with a Hero there, once each)."""
    unit = state["players"][seat]["unit"]
    out = []
    for a in HERO_SLOTS:
        if unit[a] is None or unit[a]["kind"] != "hero":
            continue
        for b in HERO_SLOTS:
            if b != a and (unit[b] is None or (unit[b]["kind"] == "hero" and SLOTS.index(a) < SLOTS.index(b))):
                out.append({"type": "move", "from": a, "to": b})
    return out


def actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the legal actions of ``seat`` while a fallen Leader's owner chooses."""
    step = state["epic"]["step"]
    if step is None or state["status"] != "playing" or type(seat) is not int:
        return []
    if step["stage"] == "pick":
        player = state["players"][seat] if 0 <= seat < len(state["players"]) else None
        if player is None or seat not in step["seats"] or player["leader_pick"] is not None:
            return []
        return [{"type": "leader", "card": c} for c in player["leaders"]]
    if seat != step["seats"][0]:
        return []
    if step["boon"] is None:
        return [{"type": "epic_boon", "choice": c} for c in BOONS]
    found = _recruits(state, seat) if step["boon"] == "recruit" else _moves(state, seat)
    return found + [{"type": "epic_done"}]


def default(state: State, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the timeout action: the first Leader of the stack, the draw boon, or stop recruiting/moving."""
    if legal[0]["type"] == "leader":
        return legal[0]
    if legal[0]["type"] == "epic_boon":
        return {"type": "epic_boon", "choice": "draw"}
    return {"type": "epic_done"}


def refusal(state: State, seat: int, action: Any) -> IllegalAction:
    """Return why an action is refused (the refusal) while a fallen Leader's owner chooses (nothing hidden
    revealed)."""
    step = state["epic"]["step"]
    if step is not None and step["stage"] == "pick":
        return IllegalAction("Choose your next Leader from your Leader stack.")
    if step is None or step["boon"] is None:
        return IllegalAction("Choose a boon: draw, recruit or regroup.")
    if step["boon"] == "recruit":
        return IllegalAction("Recruit a card of your hand into an empty slot of your Unit, or stop (epic_done).")
    return IllegalAction("Move one of your Heroes to another slot of your Unit, or stop (epic_done).")


# ------------------------------------------------------------------------------------------ applying
def apply(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a legal action of the fallen-Leader step to ``state`` in place (the chain runs afterwards)."""
    step = state["epic"]["step"]
    kind = action["type"]
    if kind == "leader":
        state["players"][seat]["leader_pick"] = action["card"]
        if all(state["players"][s]["leader_pick"] is not None for s in step["seats"]):
            _bring_in(state)
        return
    if kind == "epic_done":
        log(state, f"{seat_label(seat)} is done.")
        _next(state)
        return
    if kind == "epic_boon":
        _boon(state, seat, action["choice"])
    elif kind == "recruit":
        _recruit(state, seat, action["card"], action["slot"])
        step["left"] -= 1
    elif kind == "move":
        unit = state["players"][seat]["unit"]
        a, b = action["from"], action["to"]
        unit[a], unit[b] = unit[b], unit[a]
        log(state, f"{seat_label(seat)} moves {name(unit[b]['card'])} from {a} to {b}"
            + (f" ({name(unit[a]['card'])} takes {a})." if unit[a] is not None else "."))
        step["left"] -= 1
    if state["epic"]["step"] is step and step["boon"] is not None and (
            step["left"] <= 0 or not (_recruits if step["boon"] == "recruit" else _moves)(state, seat)):
        _next(state)


def _boon(state: State, seat: int, choice: str) -> None:
    """Take a boon: draw until 7 in hand (at once), or start recruiting (3) or rearranging (7 moves)."""
    step = state["epic"]["step"]
    player = state["players"][seat]
    log(state, f"{seat_label(seat)} chooses to {BOON_WORDS[choice]}.")
    if choice == "draw":
        n = draw_cards(state, seat, max(0, OPENING_HAND - len(player["hand"])))
        log(state, f"{seat_label(seat)} draws {n} card{'s' if n != 1 else ''}.")
        _next(state)
        return
    if choice == "regroup":
        for slot in HERO_SLOTS:
            entry = player["unit"][slot]
            if entry is not None and entry["kind"] == "corpse":
                player["unit"][slot] = None
                state["players"][owner(entry["card"])]["discard"].append(entry["card"])
                log(state, f"{seat_label(seat)} clears the Corpse of {name(entry['card'])} from {slot}.")
    step.update(boon=choice, left=RECRUITS if choice == "recruit" else MOVES)


def _recruit(state: State, seat: int, card_id: str, slot: str) -> None:
    """Recruit a card from the hand into any empty slot (as the Recruit action does, regardless of the wave)."""
    player = state["players"][seat]
    player["hand"].remove(card_id)
    entry = new_entry(card_id, "hero")
    entry.update(fresh=True, acted=True)
    player["unit"][slot] = entry
    where = ref(seat, slot)
    log(state, f"{seat_label(seat)} recruits {name(card_id)} to {slot}.")
    event = make_event("recruit", seat, where, where, state)
    state["chain"].append(event)
    fire(state, "recruited", [where], event)


# ------------------------------------------------------------------------------------------ words, view
def describe(state: State, seat: int, action: dict[str, Any], own: bool) -> str:
    """Describe an action of the fallen-Leader step (a secret Leader pick names the card only to its owner)."""
    kind = action["type"]
    if kind == "leader":
        return f"chose {name(action['card'])} as their next Leader" if own else "chose their next Leader"
    if kind == "epic_boon":
        return f"chose to {BOON_WORDS[action['choice']]}"
    if kind == "epic_done":
        return "stopped"
    if kind == "recruit":
        return f"recruited {name(action['card'])} to {action['slot']}"
    if kind == "move":
        moved = state["players"][seat]["unit"][action["from"]]
        return f"moved {name(moved['card'])} from {action['from']} to {action['to']}"
    return kind


def view(state: State) -> dict[str, Any]:
    """Return the public ``epic`` field of the view: Leaders not yet fallen, the First badge, the fallen Leaders
    (keys), the Leaders still beside the board (face up, keys; a secret pick stays among them until revealed)
    and the pending step."""
    step = state["epic"]["step"]
    shown = None
    if step is not None:
        shown = {"stage": step["stage"], "seats": list(step["seats"])}
        if step["stage"] == "boon":
            shown.update(seat=step["seats"][0], boon=step["boon"], left=step["left"])
    fallen = state["epic"]["fallen"]
    return {
        "leaders_left": leaders_left(state),
        "badge": state["first"],
        "fallen": [[key_of(c) for c in fallen[s]] for s in seats(state)],
        "leaders": [[key_of(c) for c in state["players"][s].get("leaders") or []] for s in seats(state)],
        "step": shown,
    }
