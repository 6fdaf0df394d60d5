"""The shared Promo deck: a Promo in every opening hand, and the Promo Draw action (discard a card from your
hand, then draw a Promo). A Promo drawn belongs to the seat that drew it (its id names that seat)."""

from __future__ import annotations

from typing import Any

from ..base import IllegalAction
from .state import State, log, make_id, name, reveal, seat_label

COST = 1


def promo_id(state: State, seat: int, key: str) -> str:
    """Return the instance id a Promo ``key`` gets when ``seat`` draws it (a copy number past any card of that
    key the seat's own deck holds, so ids stay unique)."""
    from .match import all_cards, content_of

    taken = set(all_cards(state, seat))
    copy = 1
    while make_id(seat, key, content_of(state), copy) in taken:
        copy += 1
    return make_id(seat, key, content_of(state), copy)


def next_promo(state: State, seat: int) -> str | None:
    """Return the id of the Promo ``seat`` would draw now (None when the Promo deck is empty)."""
    deck = state.get("promo_deck") or []
    return promo_id(state, seat, deck[0]) if deck else None


def draw_promo(state: State, seat: int) -> str | None:
    """Move the top card of the Promo deck into ``seat``'s hand; return its id (None if the deck is empty)."""
    card_id = next_promo(state, seat)
    if card_id is not None:
        state["promo_deck"].pop(0)
        state["players"][seat]["hand"].append(card_id)
        reveal(state)
    return card_id


def actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Return the Promo Draw actions of ``seat`` (one per card in hand; none without Promos, an empty Promo
    deck, an empty hand or no action left; allowed during the Ceasefire: it touches no rival)."""
    if (not state.get("promos") or not state.get("promo_deck") or state["status"] != "playing"
            or state["phase"] != "turn" or state["turn"] != seat or state["stage"] != "act"
            or state["window"] is not None or state["actions_left"] < COST):
        return []
    return [{"type": "promo_draw", "card": c} for c in state["players"][seat]["hand"]]


def apply(state: State, seat: int, action: dict[str, Any]) -> None:
    """Apply a legal Promo Draw: the chosen card goes to the discard pile, the top Promo to the hand."""
    player = state["players"][seat]
    state["actions_left"] -= COST
    player["hand"].remove(action["card"])
    player["discard"].append(action["card"])
    draw_promo(state, seat)
    log(state, f"{seat_label(seat)} discards {name(action['card'])} and draws a Promo.")


def explain(state: State, seat: int, action: Any) -> IllegalAction:
    """Return why a Promo Draw is refused (the refusal; nothing hidden)."""
    if not state.get("promos"):
        return IllegalAction("This game is played without Promos.")
    if not state.get("promo_deck"):
        return IllegalAction("The Promo deck is empty.")
    if state["actions_left"] < COST:
        return IllegalAction("You have no actions left this turn: end your turn.")
    if not isinstance(action, dict) or action.get("card") not in state["players"][seat]["hand"]:
        return IllegalAction("Promo Draw discards a card from your hand: choose one that is in your hand.")
    return IllegalAction("That action is not legal now.")


def describe(state: State, seat: int, action: dict[str, Any], own: bool) -> str:
    """Describe a Promo Draw: the discarded card is public; only the drawer reads the Promo's name."""
    drawn = next_promo(state, seat)
    promo = f"the Promo {name(drawn)}" if own and drawn else "a Promo"
    return f"discarded {name(action['card'])} and drew {promo}"

