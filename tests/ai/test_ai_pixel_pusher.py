"""The Pixel Pusher computer player: determinizing round-trips every view (2-4 players) and keeps the seat's own
legal moves, samples vary, and no peeking at the other seats' hands and picks, the decks or the bag's draws."""

from __future__ import annotations

import random

from bot.ai import player
from bot.ai.pixel_pusher import ADAPTER
from bot.games.pixel_pusher.content import ABILITIES
from bot.registry import engine
from tests.ai.ai_helpers import SOAK, positions, tiny_budgets

ENG = engine("pixel-pusher")
#: the hidden piles of a state, in the order ``_reshuffled`` refills them
PILES = ("deck", "discard", "removed")


def _spots(games: int, stride: int):
    """(state, seat) pairs: every ``stride``-th state of seeded random games of 2, 3 and 4 players, the seat a
    pending one (or any seat when the game is over)."""
    count = 0
    for players in (2, 3, 4):
        for state in positions("pixel-pusher", players, games):
            count += 1
            if count % stride:
                continue
            pending = ENG.pending(state)
            yield state, pending[count % len(pending)].player if pending else count % players


def test_determinize_round_trips_the_view_and_keeps_the_legal_moves():
    checked = 0
    for state, seat in _spots(60 if SOAK else 5, 3):
        view = ENG.view(state, seat)
        sample = ADAPTER.determinize(view, seat, random.Random(checked))
        checked += 1
        assert ENG.view(sample, seat) == view
        if ENG.is_terminal(state):
            assert ENG.is_terminal(sample)
            continue
        assert [d.player for d in ENG.pending(sample)] == [d.player for d in ENG.pending(state)]
        if seat in {d.player for d in ENG.pending(state)}:
            # the one thing the view cannot tell: whether a Reverser holder already flipped this round (the
            # sample takes it as not yet, so it may offer one more flip than the game)
            legal = [a for a in ENG.legal_actions(state, seat) if a["type"] != "flip"]
            assert [a for a in ENG.legal_actions(sample, seat) if a["type"] != "flip"] == legal
            ENG.apply(sample, seat, legal[0])  # the sample plays on
    assert checked > 250


def _unseen_machines(state: dict, seat: int) -> list[str]:
    """The machine cards ``seat`` cannot see: the other seats' hands and picks, the deck, discard and removed."""
    cards = [c for s, held in enumerate(state["hands"]) if s != seat for c in held]
    cards += [c for s, held in enumerate(state["drafted"]) if s != seat for c in held]
    cards += [c for pile in PILES for c in state[pile]]
    return sorted(c for c in cards if c not in ABILITIES)


def test_samples_deal_the_unseen_cards_and_vary_with_the_seed():
    state = next(s for s in positions("pixel-pusher", 3, 1) if s["round"] == 2 and s["phase"] == "build")
    view = ENG.view(state, 0)
    one = ADAPTER.determinize(view, 0, random.Random(1))
    two = ADAPTER.determinize(view, 0, random.Random(2))
    assert _unseen_machines(one, 0) == _unseen_machines(two, 0) == _unseen_machines(state, 0)
    assert one["deck"] != two["deck"]
    assert one["hands"][0] == two["hands"][0] == state["hands"][0]
    assert one["bag"] == two["bag"] and sum(one["bag"].values()) == sum(state["bag"].values())


def _reshuffled(state: dict, seat: int, rng: random.Random) -> dict:
    """``state`` with the machine cards ``seat`` cannot see (the other seats' hands and face-down picks, the
    deck, discard and removed piles) permuted among their places, the image deck reordered and a new seed for
    the bag's draws; ability cards stay where they are."""
    places: list[tuple[str, int | None, int]] = []
    cards: list[str] = []
    for pile in ("hands", "drafted"):
        for s, held in enumerate(state[pile]):
            if s != seat:
                for i, c in enumerate(held):
                    if c not in ABILITIES:
                        places.append((pile, s, i))
                        cards.append(c)
    for pile in PILES:
        for i, c in enumerate(state[pile]):
            if c not in ABILITIES:
                places.append((pile, None, i))
                cards.append(c)
    rng.shuffle(cards)
    other = {**state, "hands": [list(h) for h in state["hands"]], "drafted": [list(d) for d in state["drafted"]],
             **{pile: list(state[pile]) for pile in PILES}}
    for (pile, s, i), c in zip(places, cards, strict=True):
        (other[pile][s] if s is not None else other[pile])[i] = c
    other["image_deck"] = rng.sample(state["image_deck"], len(state["image_deck"]))
    other["seed"] = rng.randrange(10**6)
    return other


def test_no_peeking_reshuffled_hidden_cards_give_the_same_decision(monkeypatch):
    tiny_budgets(monkeypatch)
    compared = 0
    for state, seat in _spots(2, 17):
        if ENG.is_terminal(state) or seat not in {d.player for d in ENG.pending(state)}:
            continue
        legal = ENG.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        other = _reshuffled(state, seat, random.Random(compared))
        if other["deck"] == state["deck"] and other["hands"] == state["hands"]:
            continue
        assert ENG.view(other, seat) == ENG.view(state, seat)
        assert ENG.legal_actions(other, seat) == legal
        for level in player.LEVELS:
            assert (player.decide("pixel-pusher", ENG.view(state, seat), seat, legal, level, 5)
                    == player.decide("pixel-pusher", ENG.view(other, seat), seat, legal, level, 5))
        compared += 1
    assert compared >= 8


def test_thinking_in_place_leaves_the_view_and_the_state_alone(monkeypatch):
    """The search steps its playouts in place (``apply_owned``) only on its own copies: after a decision the view
    it was given and the game's state are exactly as before."""
    tiny_budgets(monkeypatch)
    decided = 0
    for state, seat in _spots(1, 11):
        if ENG.is_terminal(state) or seat not in {d.player for d in ENG.pending(state)}:
            continue
        legal = ENG.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        view = ENG.view(state, seat)
        state_text, view_text = repr(state), repr(view)
        player.decide("pixel-pusher", view, seat, legal, "strong", decided)
        assert (repr(state), repr(view)) == (state_text, view_text)
        decided += 1
    assert decided >= 5
