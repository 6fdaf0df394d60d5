"""Matches: dealing a game, the secret Leader pick, game over, trophies and the next game."""

from __future__ import annotations

from typing import Any

from ..base import N_, rng_for
from . import promos
from .modes import TEAM_MODES, duel_draft, team_cross, teams
from .modes import siege as siege_mode
from .positions import RESERVE, SLOTS
from .sets import chase_def
from .setup_decks import chase_keys, classic_keys, promo_keys
from .state import State, card, end_reason, log, make_id, name, new_entry, reveal, rng, seat_label, seats
from .turn import start_turn

OPENING_HAND = 5
#: a built deck's opening hand: the Leader comes from the Leader stack, so one card fewer
BUILT_HAND = 4


def new_match(num_players: int, target: int, seed: int, set_name: str = "core", *, content: int = 1,
              decks: list[dict[str, Any]] | None = None, promos: bool = False, chase: bool = False,
              mode: str = "classic", points: int = 3) -> State:
    """Return a new match with its first game dealt (Leader decisions pending). Keys beyond the Classic ones
    (``content``, ``decks``, ``promos``/``promo_deck``, ``chase``) appear only when used, so a version-1
    Classic match is exactly the state stored before content versions existed."""
    state: State = {
        "game": "pixel-tactics", "seed": seed, "set": set_name, "status": "playing", "result": None,
        "target": target, "game_no": 0, "trophies": [[] for _ in range(num_players)], "next_first": None,
        "players": [{} for _ in range(num_players)], "decisions": [0] * num_players, "rng": 0, "reveals": 0,
        "log": [],
    }
    if content != 1:
        state["content"] = content
    if decks is not None:
        state["decks"] = decks
    if promos:
        state.update(promos=True, promo_deck=[])
    if chase:
        state["chase"] = True
    if mode != "classic":
        state["mode"] = mode  # a mode other than Classic (see modes/); Classic states hold no key
    if mode in TEAM_MODES:
        teams.begin(state, points)  # team modes: seats in teams, restarts (modes/teams.py)
    deal(state)
    return state


def content_of(state: State) -> int:
    """Return the content version a match was dealt with (states stored before versions: 1)."""
    return state.get("content", 1)


def built(state: State) -> bool:
    """Return whether the match is played with built decks."""
    return state.get("decks") is not None


def all_cards(state: State, seat: int) -> list[str]:
    """Return the instance ids of ``seat``'s own cards: their built deck (Leader stack, then Heroes) or their
    whole copy of the Classic set (or of the ``mirror`` key list a test scenario may set); Promos drawn from
    the shared deck are not counted."""
    if built(state):
        deck = state["decks"][seat]
        return deck["leaders"] + deck["heroes"]
    version = content_of(state)
    keys = state["mirror"] if "mirror" in state else classic_keys(state["set"], version)
    return [make_id(seat, key, version) for key in keys]


def is_promo(card_id: str) -> bool:
    """Return whether a card instance comes from the shared Promo deck's set."""
    return card(card_id)["set"] == "promo"


def trophy_cards(state: State) -> set[str]:
    """Return every card set aside in a trophy."""
    return {c for held in state["trophies"] for pair in held for c in pair}


def _extra(state: State, seat: int) -> int:
    """Return the extra opening cards of ``seat``: one per trophy its rivals hold."""
    return sum(len(state["trophies"][r]) for r in seats(state) if r != seat)


def deal(state: State) -> None:
    """Deal the next game: shuffled decks without trophy cards, a shuffled Promo deck, opening hands (Classic;
    built decks draw after the Leader reveal), Leader picks pending."""
    if siege_mode.on(state):
        return siege_mode.deal(state)
    if duel_draft.active(state):
        return duel_draft.deal(state)
    state["game_no"] += 1
    aside = trophy_cards(state)
    if state.get("promos"):
        state["promo_deck"] = promo_keys(content_of(state))
        rng_for(state["seed"], "promo", state["game_no"]).shuffle(state["promo_deck"])
    for seat in seats(state):
        deck = [c for c in all_cards(state, seat) if c not in aside]
        leaders = [c for c in deck if c in state["decks"][seat]["leaders"]] if built(state) else None
        if leaders is not None:
            deck = [c for c in deck if c not in leaders]
        rng_for(state["seed"], "deal", state["game_no"], seat).shuffle(deck)
        count = 0 if built(state) else OPENING_HAND + _extra(state, seat) - bool(state.get("promos"))
        player: dict[str, Any] = {
            "deck": deck[count:], "hand": deck[:count], "discard": [], "unit": {s: None for s in SLOTS},
            "reserve": [None] * len(RESERVE), "hand_bonus": 0, "leader_pick": None,
        }
        if leaders is not None:
            player["leaders"] = leaders
        if state.get("chase"):
            player["chase_pick"] = None
        state["players"][seat] = player
        if state.get("promos") and not built(state):
            promos.draw_promo(state, seat)
    state.update(phase="leader", stage="leader", round=1, wave="V", first=None, turn=None, actions_left=0,
                 turn_no=0, limited=[], chain=[], queue=[], window=None, in_flight=[])
    reveal(state)
    log(state, f"Game {state['game_no']} is dealt: each player secretly picks a Leader.")
    _pick_sole_leaders(state)


def _pick_sole_leaders(state: State) -> None:
    """Pick the Leader of each League deck whose Leader stack holds one card (chosen before the game)."""
    if not built(state):
        return
    for seat in seats(state):
        player = state["players"][seat]
        if state["decks"][seat].get("format") == "league" and len(player["leaders"]) == 1:
            pick_leader(state, seat, player["leaders"][0])


def pick_leader(state: State, seat: int, card_id: str) -> None:
    """Record ``seat``'s secret Leader choice; once every Leader is chosen, ask for Chase Leaders (when that
    option is on) or reveal them and begin."""
    state["players"][seat]["leader_pick"] = card_id
    if team_cross.picking(state):  # Team Cross Duel: a restarting seat's new Leader
        return team_cross.after_pick(state)
    if any(p["leader_pick"] is None for p in state["players"]):
        return
    if state.get("chase"):
        state["phase"] = state["stage"] = "chase"
        return
    _reveal_leaders(state)


def choose_chase(state: State, seat: int, key: str | None) -> None:
    """Record ``seat``'s secret Chase Leader choice (``None``: keep the Leader); once all chose, reveal."""
    state["players"][seat]["chase_pick"] = key or ""
    if any(p["chase_pick"] is None for p in state["players"]):
        return
    _reveal_leaders(state)


def _reveal_leaders(state: State) -> None:
    """Reveal every Leader (and Chase Leader) at once, draw built decks' opening hands, start the first turn."""
    names = []
    for s in seats(state):
        player = state["players"][s]
        pick = player["leader_pick"]
        (player["leaders"] if built(state) else player["hand"]).remove(pick)
        entry = new_entry(pick, "leader")
        text = f"{seat_label(s)} leads with {name(pick)}"
        if player.get("chase_pick"):
            entry["chase"] = player["chase_pick"]
            text += f" as the Chase Leader {chase_def(player['chase_pick'])['name']}"
        if "chase_pick" in player:
            player["chase_pick"] = None
        player["unit"]["L"] = entry
        player["leader_pick"] = None
        names.append(text)
    if built(state):
        for s in seats(state):
            player = state["players"][s]
            count = BUILT_HAND + _extra(state, s) - bool(state.get("promos"))
            if state.get("mode") == "epic":  # Epic Duel: a 7-card opening hand (modes/epic.py)
                from .modes.epic import OPENING_HAND
                count += OPENING_HAND - BUILT_HAND
            player["hand"], player["deck"] = player["deck"][:count], player["deck"][count:]
            if state.get("promos"):
                promos.draw_promo(state, s)
    reveal(state)
    log(state, "; ".join(names) + ".")
    first = state["next_first"]
    if first is None:
        first = rng(state, "first").randrange(len(state["players"]))
    state["first"] = first
    state["phase"] = "turn"
    log(state, f"Round 1 (Ceasefire), Vanguard wave: {seat_label(first)} goes first.")
    start_turn(state, first)


def game_over(state: State, winner: int | None, reason: str) -> None:
    """End the current game: the winner sets both Leaders aside as a trophy; the match goes on or ends."""
    log(state, reason)
    if winner is not None:
        pair = [state["players"][s]["unit"]["L"]["card"] for s in seats(state)]
        for s in seats(state):
            state["players"][s]["unit"]["L"] = None  # both Leaders are set aside as the trophy
        state["trophies"][winner].append(pair)
        log(state, f"{seat_label(winner)} wins game {state['game_no']} and takes a trophy "
            f"({', '.join(name(c) for c in pair)}).")
    else:
        log(state, f"Game {state['game_no']} is a tie: no trophy.")
    if winner is not None and len(state["trophies"][winner]) >= state["target"]:
        finish(state, [winner], *match_won(winner, state["target"]))
        return
    state["next_first"] = winner
    deal(state)


def match_won(winner: int, trophies: int) -> tuple[str, dict[str, Any]]:
    """The reason (English, event) of a match won with ``trophies`` trophies."""
    if trophies == 1:
        return end_reason(N_("{winner} wins the match with {n} trophy."), winner=winner, n=trophies)
    return end_reason(N_("{winner} wins the match with {n} trophies."), winner=winner, n=trophies)


def finish(state: State, winners: list[int], reason: str, event: dict[str, Any] | None = None) -> None:
    """Finish the match (``event``: the reason as an event, ``state.end_reason``'s)."""
    losers = [s for s in seats(state) if s not in winners]
    state.update(status="finished", phase="finished", turn=None, actions_left=0, window=None, stage="finished")
    state["result"] = {"winners": winners, "ranking": [winners] + ([losers] if losers else []), "reason": reason,
                       "scores": [len(t) for t in state["trophies"]]}
    if event is not None:
        state["result"]["reason_event"] = event
    log(state, reason)


def leader_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Leader choices of ``seat`` while their pick is pending: each card of their Leader stack
    (built decks), else each card in hand but a Promo (it comes from the shared deck, not yours) or a Common
    (no Leader side)."""
    player = state["players"][seat]
    if state["status"] != "playing" or state["phase"] != "leader" or player["leader_pick"] is not None:
        return []
    if team_cross.picking(state):
        return team_cross.leader_actions(state, seat)
    choices = player["leaders"] if built(state) else [c for c in player["hand"]
                                                      if not is_promo(c) and "leader" in card(c)]
    return [{"type": "leader", "card": c} for c in choices]


def chase_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Chase Leader choices of ``seat`` while theirs is pending: keep the Leader, or each one."""
    player = state["players"][seat]
    if state["status"] != "playing" or state["phase"] != "chase" or player.get("chase_pick") is not None:
        return []
    return [{"type": "chase", "card": None}] + [{"type": "chase", "card": k}
                                               for k in chase_keys(content_of(state))]
