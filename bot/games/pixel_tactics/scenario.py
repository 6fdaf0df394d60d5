"""Hand-built Pixel Tactics positions for tests: any cards in any hand, unit or reserve slot, in a few lines.

Example::

    s = build(leaders=("lorekeeper", "rageborn"), turn=0, wave="V",
              units={0: {"V0": "bladedancer"}, 1: {"V0": {"key": "stonehide", "damage": 2}}},
              hands={0: ["skyshot"]})
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:V0"})

Cards are given by key (any playable set); each seat uses its own copy (``card_id(seat, key)``: content
version ``content``, the current one by default), so a key can appear once per seat. Every card not placed
goes to that seat's deck (``deck_top`` first, then set order), so the invariants hold. When placed cards are
not in the core set (another set's cards, Commons), both seats play a mirror of the core set in which they
replace as many unplaced core cards (the last ones), so deck sizes do not change. A unit slot spec
is a key or a dict ``{"key", "damage", "statuses", "fresh", "acted", "corpse"}``; ``"L"`` specs (dict
without key) adjust the Leader. A reserve spec is ``{"key", "kind": "trap"|"operation", "policy": "ask",
"ready": True, "timers": 4}``. ``chase={seat: key}`` swaps a Chase Leader in for that seat's Leader (and turns
the Chase option on); ``promos=True`` turns Promos on: Promo keys placed anywhere are owned by that seat as
if drawn, the rest of the Promo set is the shared deck (``promo_top`` first).
"""

from __future__ import annotations

from typing import Any

from . import match
from .engine import PixelTacticsEngine
from .positions import RESERVE, SLOTS, parse_ref
from .promos import promo_id
from .sets import CURRENT
from .setup_decks import classic_keys, promo_keys
from .state import State, entry_at, key_of, make_id, new_entry
from .stats import compute

ENGINE = PixelTacticsEngine()
TURN_NO = 10  # the scenario's current turn number ("ready" Traps were placed before it)


def build(leaders: tuple[str, str] = ("lorekeeper", "rageborn"), *, units: dict[int, dict[str, Any]] | None = None,
          hands: dict[int, list[str]] | None = None, reserve: dict[int, dict[str, Any]] | None = None,
          discard: dict[int, list[str]] | None = None, deck_top: dict[int, list[str]] | None = None,
          deck: dict[int, list[str]] | None = None, turn: int = 0, wave: str = "V", round_no: int = 2,
          ceasefire: bool = False, actions: int = 2, first: int | None = None, seed: int = 7,
          trophies: int = 2, hand_bonus: dict[int, int] | None = None, limited: bool = False,
          content: int = CURRENT, chase: dict[int, str] | None = None, promos: bool = False,
          promo_top: list[str] | None = None) -> State:
    """Return a state in the middle of ``turn``'s turn with exactly the cards given where given.

    ``ceasefire=True`` puts the game in round 1; ``deck`` (if given) is a seat's whole deck (other
    unplaced cards are then discarded)."""
    state = match.new_match(2, trophies, seed, content=content, chase=bool(chase), promos=promos)
    state["log"] = []
    placed = _placed_keys(leaders, units, hands, reserve, discard, deck_top, deck)
    promo_set = set(promo_keys(content)) if promos else set()
    foreign = set(placed) - set(classic_keys("core", content)) - promo_set
    if foreign:
        state["mirror"] = _mirror(placed, foreign, content)
    for seat in range(2):
        player = state["players"][seat]
        player.update(hand=[], discard=[], deck=[], unit={s: None for s in SLOTS}, reserve=[None] * 3,
                      hand_bonus=(hand_bonus or {}).get(seat, 0), leader_pick=None)
        used: list[str] = []

        def take(key: str, seat: int = seat, used: list[str] = used) -> str:
            card_id = card_id_in(state, seat, key) if key not in promo_set else promo_id(state, seat, key)
            if card_id in used:
                raise ValueError(f"{card_id} is placed twice")
            used.append(card_id)
            return card_id

        player["unit"]["L"] = new_entry(take(leaders[seat]), "leader")
        if chase and chase.get(seat):
            player["unit"]["L"]["chase"] = chase[seat]
        if chase:
            player["chase_pick"] = None
        for slot, spec in (units or {}).get(seat, {}).items():
            if slot == "L":
                _adjust(player["unit"]["L"], spec)
                continue
            spec = {"key": spec} if isinstance(spec, str) else dict(spec)
            entry = new_entry(take(spec["key"]), "corpse" if spec.get("corpse") else "hero")
            _adjust(entry, spec)
            player["unit"][slot] = entry
        player["hand"] = [take(k) for k in (hands or {}).get(seat, [])]
        for slot, spec in (reserve or {}).get(seat, {}).items():
            card_id = take(spec["key"])
            if spec.get("kind", "trap") == "trap":
                item = {"kind": "trap", "card": card_id, "policy": spec.get("policy", "ask"),
                        "placed_turn": TURN_NO - 1 if spec.get("ready", True) else TURN_NO}
            else:
                item = {"kind": "operation", "card": card_id, "timers": spec.get("timers", 4)}
            player["reserve"][RESERVE.index(slot)] = item
        player["discard"] = [take(k) for k in (discard or {}).get(seat, [])]
        top = [take(k) for k in (deck_top or {}).get(seat, [])]
        rest = [c for c in match.all_cards(state, seat) if c not in used]
        if deck is not None and seat in deck:
            whole = [take(k) for k in deck[seat]]
            player["deck"] = top + whole
            player["discard"] += [c for c in rest if c not in whole]
        else:
            player["deck"] = top + rest
    if promos:
        drawn = [k for k in placed if k in promo_set]
        top = list(promo_top or [])
        state["promo_deck"] = top + [k for k in promo_keys(content) if k not in drawn and k not in top]
    state.update(phase="turn", stage="act", round=1 if ceasefire else round_no, wave=wave,
                 first=turn if first is None else first, turn=turn, actions_left=actions, turn_no=TURN_NO,
                 limited=["leader_action"] if limited else [])
    return state


def _adjust(entry: dict[str, Any], spec: dict[str, Any]) -> None:
    """Apply damage/statuses/flags of a slot spec to a unit entry."""
    entry["damage"] = spec.get("damage", 0)
    entry["statuses"] = list(spec.get("statuses", []))
    entry["fresh"] = spec.get("fresh", False)
    entry["acted"] = spec.get("acted", False)


def act(state: State, seat: int, action: dict[str, Any]) -> State:
    """Apply one action through the engine (the whole contract: validation, chain, turn flow)."""
    return ENGINE.apply(state, seat, action)


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the legal actions of ``seat``."""
    return ENGINE.legal_actions(state, seat)


def at(state: State, where: str) -> dict[str, Any] | None:
    """Return the unit (or reserve) entry at ``"<seat>:<slot>"``."""
    return entry_at(state, where)


def stats(state: State, where: str) -> dict[str, Any]:
    """Return the current values (attack, life, ranged, intercept, nsa, reduce, immune) at a position."""
    return compute(state)["units"][where]


def hand_size(state: State, seat: int) -> int:
    """Return a seat's current maximum hand size."""
    return compute(state)["hand_size"][seat]


def keys(card_ids: list[str]) -> list[str]:
    """Return the keys of a list of card ids."""
    return [key_of(c) for c in card_ids]


def card_id(seat: int, key: str, content: int = CURRENT) -> str:
    """Return the id ``build`` gives ``seat``'s card ``key`` (content version ``content``)."""
    return make_id(seat, key, content)


def card_id_in(state: State, seat: int, key: str) -> str:
    """Return the id of ``seat``'s (first) copy of ``key`` in ``state``'s content version."""
    return make_id(seat, key, match.content_of(state))


def _placed_keys(leaders: tuple[str, str], units: Any, *piles: Any) -> list[str]:
    """Return every card key a ``build`` call places (Leaders, units, hands, reserves, discards, decks)."""
    out = list(leaders)
    for spec_of_seat in (units or {}).values():
        out += [spec if isinstance(spec, str) else spec["key"] for slot, spec in spec_of_seat.items()
                if slot != "L"]
    for pile in piles:
        for cards in (pile or {}).values():
            out += [c["key"] for c in cards.values()] if isinstance(cards, dict) else list(cards)
    return out


def _mirror(placed: list[str], foreign: set[str], content: int) -> list[str]:
    """Return the core set with the ``foreign`` placed keys in place of as many unplaced core cards (the last
    ones; when there are more foreign cards than unplaced ones, every unplaced card makes room)."""
    core = classic_keys("core", content)
    spare = [k for k in core if k not in placed]
    drop = set(spare[max(0, len(spare) - len(foreign)):])
    return [k for k in core if k not in drop] + [k for k in dict.fromkeys(placed) if k in foreign]


def cards_of(state: State, seat: int) -> list[str]:
    """Return every card id owned by ``seat`` wherever it is (deck, hand, unit, reserve, discard, in flight,
    trophies), one entry per physical card found."""
    found = []
    for p in state["players"]:
        found += p["deck"] + p["hand"] + p["discard"] + p.get("leaders", [])
        found += [e["card"] for e in p["unit"].values() if e is not None]
        found += [r["card"] for r in p["reserve"] if r is not None]
    found += state["in_flight"]
    found += [c for held in state["trophies"] for pair in held for c in pair]
    mine = f"{seat}."
    return sorted(c for c in found if c.startswith(mine))


def check_invariants(state: State) -> None:
    """Assert every card is in exactly one place, damage and markers are never negative."""
    drawn: list[str] = []
    for seat in range(len(state["players"])):
        own = set(match.all_cards(state, seat))
        mine = cards_of(state, seat)
        assert [c for c in mine if c in own] == sorted(own), f"cards of seat {seat} changed"
        extra = [c for c in mine if c not in own]
        assert not extra or (state.get("promos") and all(match.is_promo(c) for c in extra)), extra
        drawn += [key_of(c) for c in extra]
        for entry in state["players"][seat]["unit"].values():
            if entry is not None:
                assert entry["damage"] >= 0
                if entry["kind"] == "corpse":
                    assert entry["damage"] == 0 and entry["statuses"] == []
        for item in state["players"][seat]["reserve"]:
            if item is not None and item["kind"] == "operation":
                assert item["timers"] >= 0
    if state.get("promos"):
        assert sorted(drawn + state["promo_deck"]) == sorted(promo_keys(match.content_of(state))), "Promos changed"
    assert state["actions_left"] >= 0
    if state["status"] == "playing" and state["phase"] in ("turn", "trap"):
        for seat in range(len(state["players"])):
            assert state["players"][seat]["unit"]["L"] is not None


__all__ = ["act", "at", "build", "check_invariants", "hand_size", "keys", "legal", "parse_ref", "stats"]
