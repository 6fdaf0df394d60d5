"""Rebuild a full Pixel Tactics state from one seat's view, dealing every hidden card at random.

Hidden from the viewer: the rivals' hands and decks, the order (and for built decks the contents) of its own
deck, face-down Traps (card and policy: a rival's are taken to be "ask"), a rival's secret Leader and Chase
Leader pick, Siege fortresses (hidden from both seats), the Duel Draft deck, the Promo deck and the seed. The
rest of the state is public and copied from the view.

The turn flow is read from the view's public fields, not guessed (``flow.estimate_flow``): the turn's used
limited actions, the Leader action among them (``limited``), who goes first next (``next_first``) and, during a
Trap window, the asked seat (``window_seat``) and the event it answers (``window_event``: type, actor, source
and target positions, the Order or Trap card in flight, a team mode's foe, cancelled or reduced by a revealed
Trap); the team modes' restart record comes from ``view["teams"]`` (``teams.rebuild``). Nothing is parsed from
the log.

Still estimated, because the view does not carry it: the turn number (a Trap is ready when placed on an earlier
turn: the viewer's own Traps say so, a rival's face-down ones are taken to be ready); in a Trap window, the cards
that stood at the answered event's positions when it was made (those there now; a Spell's power and ability are
its caster's row Spell now) and the rest of the chain below it (only the answered event is put on it); in the
team modes, which seats are still picking a new Leader after a restart and the order they restart in
(``teams``); King's cards out of play (drawn from the seat's unseen cards, only their count is shown).
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.pixel_tactics.modes import epic as epic_mode
from bot.games.pixel_tactics.positions import ROWS, SLOTS
from bot.games.pixel_tactics.sets import all_cards
from bot.games.pixel_tactics.setup_decks import chase_keys
from bot.games.pixel_tactics.state import card, key_of, make_id, owner
from bot.games.pixel_tactics.stats import board_of

from . import teams
from .flow import estimate_flow
from .pools import (
    built_candidates,
    is_promo,
    owned_ids,
    same_card,
    shared_pool,
    unseen_promos,
    version_in,
    visible_ids,
)

View = dict[str, Any]
State = dict[str, Any]


def _unit(view_unit: dict[str, Any]) -> dict[str, Any]:
    """Return the state's unit of a seat from its view (a hidden Leader leaves ``L`` empty)."""
    out: dict[str, Any] = {}
    for slot in SLOTS:
        entry = view_unit[slot]
        if entry is None or entry.get("hidden"):
            out[slot] = None
            continue
        new = {"card": entry["id"], "kind": entry["kind"], "damage": entry["damage"],
               "statuses": list(entry["statuses"]), "fresh": entry["fresh"], "acted": entry["acted"]}
        if entry.get("chase"):
            new["chase"] = entry["chase"]["key"]
        out[slot] = new
    return out


def _turn_no(view: View) -> int:
    """Return an estimate of the turn number: turns played before this one plus one (at least 2, so a Trap
    placed earlier can be ready)."""
    n = len(view["players"])
    waves = (view["round"] - 1) * 3 + ROWS.index(view["wave"])
    first, turn = view["first"], view["turn"]
    position = (turn - first) % n if first is not None and turn is not None else 0
    return max(2, waves * n + position + 1)


def _reserve(view: View, seat: int, viewer: int, turn_no: int, hidden: list[str]) -> list[dict[str, Any] | None]:
    """Return a seat's reserve: Operations and the viewer's own Traps as shown, a rival's face-down Traps taken
    from ``hidden`` (cards of that seat dealt face down, Traps first)."""
    out: list[dict[str, Any] | None] = []
    for item in view["players"][seat]["reserve"]:
        if item is None:
            out.append(None)
        elif item["kind"] == "operation":
            out.append({"kind": "operation", "card": item["id"], "timers": item["timers"]})
        elif seat == viewer:
            out.append({"kind": "trap", "card": item["id"], "policy": item["policy"],
                        "placed_turn": turn_no - 1 if item["ready"] else turn_no})
        else:
            out.append({"kind": "trap", "card": hidden.pop(), "policy": "ask", "placed_turn": turn_no - 1})
    return out


def _is_trap(card_id: str) -> bool:
    """Return whether a card's tactic is a Trap (only those are set face down)."""
    tactic = card(card_id).get("tactic")
    return bool(tactic) and tactic.get("kind") == "trap"


def _can_lead(card_id: str) -> bool:
    """Return whether a card may be picked as a Leader from the hand."""
    return not is_promo(card_id) and "leader" in card(card_id)


class _Dealer:
    """Deal one seat's unseen cards: face-down Traps first, then the hand, the fortress and the deck."""

    def __init__(self, cards: list[str], rng: random.Random) -> None:
        """Shuffle the seat's unseen cards."""
        self.cards = list(cards)
        rng.shuffle(self.cards)
        self.rng = rng

    def take(self, count: int, want: Any = None) -> list[str]:
        """Take ``count`` cards, those satisfying ``want`` first when given (fewer if the pile runs out)."""
        if want is not None:
            self.cards.sort(key=lambda c: not want(c))
        got, self.cards = self.cards[:count], self.cards[count:]
        return got


def _seat_cards(view: View, seat: int, version: int, visible: set[str]) -> list[str]:
    """Return ``seat``'s unseen cards: what it owns (or, for a built deck, may own) less what is in sight and
    less the Epic Leaders shown by key beside the board or fallen."""
    owned = owned_ids(view, seat, version)
    if owned is None:
        pool = built_candidates(seat, version, visible, 3 if view.get("mode") == "epic" else 1)
    else:
        pool = [c for c in owned if c not in visible]
    epic = view.get("epic")
    if epic:
        shown = set(epic["leaders"][seat]) | set(epic["fallen"][seat])
        pool = [c for c in pool if key_of(c) not in shown]
    return pool


def determinize(view: View, seat: int, rng: random.Random) -> State:
    """Return a full Pixel Tactics state whose ``view(state, seat)`` equals ``view`` (hidden parts sampled)."""
    n = len(view["players"])
    visible = visible_ids(view)
    version = version_in(view, visible)
    mode = view.get("mode", "classic")
    turn_no = _turn_no(view)
    promos = unseen_promos(visible, version) if view.get("promo_deck") is not None else []
    rng.shuffle(promos)
    state: State = {
        "game": "pixel-tactics", "seed": rng.randrange(2**31), "set": "core", "status": "playing"
        if view["result"] is None else "finished", "result": _result(view), "target": view["match"]["target"],
        "game_no": view["match"]["game"], "trophies": [[[c["id"] for c in pair] for pair in p["trophy_cards"]]
                                                       for p in view["players"]],
        "next_first": None, "players": [], "decisions": [0] * n, "rng": 0, "reveals": 0, "log": list(view["log"]),
    }
    if version != 1:
        state["content"] = version
    if mode != "classic":
        state["mode"] = mode
    state["set"] = _set_of(view, seat)
    if view.get("promo_deck") is not None:
        state["promos"] = True
    if view.get("chase"):
        state["chase"] = True
    shared: list[str] = []
    if mode == "duel_draft":
        seen = {same_card(c) for c in visible}
        shared = [c for c in shared_pool(view, version) if same_card(c) not in seen]
        rng.shuffle(shared)
    decks: list[dict[str, Any]] = []
    out_cards: list[list[str]] = []
    for s in range(n):
        state["players"].append(_player(view, s, seat, version, visible, promos, shared, turn_no, rng, decks,
                                        out_cards))
    if view.get("built") and mode != "duel_draft":
        state["decks"] = decks
    state["promo_deck"] = promos[:view["promo_deck"]] if view.get("promo_deck") is not None else None
    if state["promo_deck"] is None:
        del state["promo_deck"]
    estimate_flow(state, view, turn_no)
    if mode == "duel_draft":
        _duel_draft(state, view, shared, version)
    if mode == "epic":
        _epic(state, view, version)
    if "teams" in view:
        teams.rebuild(state, view, out_cards)
    if any(p.get("base") for p in view["players"]):
        state["bases"] = [{"key": p["base"]["key"], "snapped": p["base"]["snapped"]} if p.get("base") else None
                          for p in view["players"]]
    if state.get("chase"):
        keys = chase_keys(version)
        for s, p in enumerate(state["players"]):
            shown = view["players"][s]
            if s == seat:
                pick = view.get("chase_pick")
                p["chase_pick"] = pick["key"] if pick else ("" if shown["chase_chosen"] else None)
            else:
                p["chase_pick"] = rng.choice(["", *keys]) if shown["chase_chosen"] else None
    _hand_sizes(state, view)
    return state


def _set_of(view: View, seat: int) -> str:
    """Return the Classic set name recorded in the state."""
    from .pools import classic_set

    return classic_set(view, seat)


def _result(view: View) -> dict[str, Any] | None:
    """Return the stored result of a finished match's view."""
    res = view["result"]
    if res is None:
        return None
    out = {"winners": list(res["winners"]), "ranking": [list(g) for g in res["ranking"]], "reason": res["reason"],
           "scores": list(res["scores"])}
    if "reason_event" in res:  # the reason as an event (states stored before it have none)
        out["reason_event"] = res["reason_event"]
    return out


def _player(view: View, s: int, seat: int, version: int, visible: set[str], promos: list[str],
            shared: list[str], turn_no: int, rng: random.Random, decks: list[dict[str, Any]],
            out_cards: list[list[str]]) -> dict[str, Any]:
    """Return seat ``s``'s state, its hidden cards dealt from its unseen ones (or the shared Duel Draft pool)."""
    shown = view["players"][s]
    mine = s == seat
    unit = _unit(shown["unit"])
    hidden_leader = shown["unit"]["L"] is not None and shown["unit"]["L"].get("hidden")
    traps = 0 if mine else sum(1 for r in shown["reserve"] if r is not None and r["kind"] == "trap")
    fortress = (view.get("siege") or {}).get("fortress", [[]] * len(view["players"]))[s] if "siege" in view else None
    stack = [c["id"] for c in view.get("leader_stack") or []] if mine else None
    hand_n = 0 if mine else shown["hand"]
    deck_n = 0 if view.get("mode") == "duel_draft" else shown["deck"]
    dealer = _Dealer(shared if shared else _seat_cards(view, s, version, visible), rng)
    epic_stack = None
    if view.get("mode") == "epic" and not mine:
        epic_stack = _epic_ids(view["epic"]["leaders"][s], s, version)
    if view.get("built") and not mine and epic_stack is None:
        epic_stack = dealer.take(shown["leader_stack"], _can_lead)
    leaders = stack if mine else epic_stack
    trap_cards = _face_down(dealer.take(traps, _is_trap), dealer, promos, s, version)
    if shared:  # Duel Draft: the rest of the shared pool stays for the other seats and the deck
        trap_cards = [_claim(c, s) for c in trap_cards]
        claimed = [_claim(c, s) for c in dealer.take(hand_n)]
        shared[:] = dealer.cards
        dealer = _Dealer(claimed, rng)
    short = max(0, traps + hand_n + deck_n + sum(fortress or []) + teams.out_count(view, s) - len(trap_cards)
                - len(dealer.cards))
    for i in range(min(max(0, short - hand_n), len(trap_cards))):  # more hidden cards than unseen own ones:
        promo = next((k for k in promos if _is_trap(make_id(s, k, version))), None)  # Promo Traps face down
        if promo is None:
            break
        promos.remove(promo)
        dealer.cards.append(trap_cards[i])
        trap_cards[i] = make_id(s, promo, version)
        short -= 1
    held = [make_id(s, promos.pop(), version) for _ in range(min(short, hand_n, len(promos)))]
    hand = [c["id"] for c in view["hand"]] if mine else held + dealer.take(hand_n - len(held))
    pick = None
    if hidden_leader:
        if mine:
            pick = view["leader_pick"]["id"]
        elif leaders:
            pick = rng.choice(leaders)
        else:
            pick = _lead_from_hand(hand, dealer, rng)
    walls = [dealer.take(k) for k in fortress] if fortress is not None else None
    deck = dealer.take(deck_n)
    out_cards.append(dealer.take(teams.out_count(view, s)))
    player: dict[str, Any] = {
        "deck": deck, "hand": hand, "discard": [c["id"] for c in shown["discard"]], "unit": unit,
        "reserve": _reserve(view, s, seat, turn_no, trap_cards), "hand_bonus": 0, "leader_pick": pick,
    }
    if walls is not None:
        player["fortress"] = walls
    if leaders is not None and (view.get("built") or view.get("mode") == "epic"):
        player["leaders"] = list(leaders)
    if shown.get("muted"):
        player["muted"] = list(shown["muted"])
    decks.append(_deck_of(view, s, player, version))
    return player


def _face_down(cards: list[str], dealer: _Dealer, promos: list[str], seat: int, version: int) -> list[str]:
    """Return the cards of a rival's face-down Traps: a card that is no Trap is put back and replaced by an
    unseen Promo Trap (else another copy of a Trap card, which only a hidden pile can hold)."""
    out = []
    for card_id in cards:
        if _is_trap(card_id):
            out.append(card_id)
            continue
        dealer.cards.append(card_id)
        promo = next((k for k in promos if _is_trap(make_id(seat, k, version))), None)
        if promo is not None:
            promos.remove(promo)
            out.append(make_id(seat, promo, version))
        else:
            key = next(c["key"] for c in all_cards() if c.get("tactic", {}).get("kind") == "trap")
            out.append(make_id(seat, key, version, 9))
    return out


def _claim(card_id: str, seat: int) -> str:
    """Return a shared-pool card as owned by ``seat``."""
    from bot.games.pixel_tactics.modes.duel_draft import claim

    return claim(card_id, seat)


def _lead_from_hand(hand: list[str], dealer: _Dealer, rng: random.Random) -> str | None:
    """Return a Leader pick from a rival's sampled hand (swapping a Leader-capable card in if it holds none)."""
    able = [c for c in hand if _can_lead(c)]
    if not able:
        extra = dealer.take(1, _can_lead)
        if not extra or not hand:
            return None
        dealer.cards.append(hand.pop())
        hand.append(extra[0])
        able = extra
    return rng.choice(able)


def _epic_ids(keys: list[str], seat: int, version: int) -> list[str]:
    """Return instance ids for an Epic Leader stack shown by key."""
    return [make_id(seat, key, version) for key in keys]


def _deck_of(view: View, s: int, player: dict[str, Any], version: int) -> dict[str, Any]:
    """Return a built deck consistent with the seat's cards (its Leader stack, the Leaders it played, the rest
    as Heroes)."""
    fmt = "epic" if view.get("mode") == "epic" else "standard"
    leaders = list(player.get("leaders") or [])
    lead = player["unit"]["L"]
    if lead is not None and lead["kind"] == "leader" and lead["card"] not in leaders:
        leaders.append(lead["card"])
    if player["leader_pick"] and player["leader_pick"] not in leaders:
        leaders.append(player["leader_pick"])
    for p in view["players"]:
        for pair in p["trophy_cards"]:
            leaders += [c["id"] for c in pair if owner(c["id"]) == s and c["id"] not in leaders]
    if view.get("epic"):
        leaders += [c for c in _epic_ids(view["epic"]["fallen"][s], s, version) if c not in leaders]
    cards = player["deck"] + player["hand"] + player["discard"]
    cards += [e["card"] for e in player["unit"].values() if e is not None]
    cards += [r["card"] for r in player["reserve"] if r is not None]
    cards += [c for column in player.get("fortress", []) for c in column]
    heroes = [c for c in cards if c not in leaders and owner(c) == s and not is_promo(c)]
    return {"format": fmt, "leaders": leaders, "heroes": heroes}


def _duel_draft(state: State, view: View, shared: list[str], version: int) -> None:
    """Rebuild Duel Draft's table: the tableau and Gold as shown, the unseen rest of the pool as its deck."""
    shown = view["duel_draft"]
    tableau = [{"card": lot["card"]["id"], "gold": lot["gold"]} for lot in shown["tableau"]]
    state["duel_draft"] = {"pool": [], "deck": shared[:shown["deck"]], "tableau": tableau, "gold": list(shown["gold"]),
                           "setup": list(shown["setup"]), "drafter": shown["drafter"]}
    if shown["drafter"] is None:
        state["duel_draft"]["drafter"] = view["turn"] if view["turn"] is not None else 0
    from bot.games.pixel_tactics.modes.duel_draft import pool_ids

    probe = {k: v for k, v in state.items() if k != "duel_draft"}
    probe.pop("decks", None)
    state["duel_draft"]["pool"] = pool_ids(probe)


def _epic(state: State, view: View, version: int) -> None:
    """Rebuild Epic Duel's record: fallen Leaders and the pending step as shown."""
    shown = view["epic"]
    step = shown["step"]
    if step is not None:
        step = {"stage": step["stage"], "seats": list(step["seats"]),
                **({"boon": step["boon"], "left": step["left"]} if step["stage"] == "boon" else {})}
    state["epic"] = {"fallen": [_epic_ids(keys, s, version) for s, keys in enumerate(shown["fallen"])],
                     "step": step}
    assert epic_mode.active(state)


def _hand_sizes(state: State, view: View) -> None:
    """Set each seat's hand bonus so the maximum hand size matches the view."""
    sizes = board_of(state)["hand_size"]
    for s, p in enumerate(view["players"]):
        state["players"][s]["hand_bonus"] += p["hand_size"] - sizes[s]

