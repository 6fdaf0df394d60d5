"""The Pixel Tactics computer player in every mode (classic, siege, duel_draft, epic, team, king): determinizing
round-trips the views of seeded random games and keeps the seat's legal moves, no peeking at anything hidden
(rivals' hands, deck order, face-down Traps, Siege fortresses, the Duel Draft deck, secret picks), and every level
plays legal moves only and finishes 50 seeded Classic games and 10 of every other mode."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from bot.ai import player
from bot.ai.pixel_tactics import ADAPTER
from bot.ai.pixel_tactics.deal import _is_trap
from bot.games.pixel_tactics.modes.duel_draft import claim
from bot.registry import engine
from tests.ai.ai_helpers import LEGAL, SOAK, play, tiny_budgets

ENG = engine("pixel-tactics")
#: mode → seats
SEATS = {"classic": 2, "siege": 2, "duel_draft": 2, "epic": 2, "team": 4, "king": 6}
#: legality games per mode in CI: Pixel Tactics' 50 games are Classic's, the base game; every other mode plays 10
#: more (90 in all). PARLOR_SOAK=1 plays 40 times as many (2,000 Classic games)
GAMES = {"classic": 50, "siege": 10, "duel_draft": 10, "epic": 10, "team": 10, "king": 10}
#: the CI search budget of Pixel Tactics (its games are long; the real budgets are benchmarked)
PT_TINY = LEGAL


def _options(mode: str, number: int) -> dict:
    """Engine options of game ``number`` of a mode: Classic varies the set, Promos, Chase Leaders and trophies."""
    if mode == "classic":
        rng = random.Random(number)
        return {"set": rng.choice(["core", "core2"]), "promos": rng.random() < 0.5, "chase": rng.random() < 0.3,
                "trophies": 1 + (number % 4 == 3)}
    options: dict = {"mode": mode}
    if mode in ("siege", "duel_draft"):
        options["trophies"] = 1
    return options


def _spots(mode: str, count: int, stride: int):
    """(state, seat) pairs: every ``stride``-th state of seeded random games of ``mode`` (the seat a pending one
    or, every third spot, a seat waiting for another), ``count`` of them and each game's last state."""
    found = 0
    for number in range(100):
        rng = random.Random(number)
        state = ENG.new_game(SEATS[mode], _options(mode, number), 700 + number)
        step = 0
        while found < count:
            if ENG.is_terminal(state):
                yield state, number % SEATS[mode]
                found += 1
                break
            pending = ENG.pending(state)
            if step % stride == stride // 2:
                seat = pending[step % len(pending)].player
                if found % 3 == 2:
                    seat = (seat + 1 + step) % SEATS[mode]
                yield state, seat
                found += 1
            seat = pending[0].player
            state = ENG.apply(state, seat, rng.choice(ENG.legal_actions(state, seat)))
            step += 1
        if found >= count:
            return


@pytest.mark.parametrize("mode", list(SEATS))
def test_determinize_round_trips_the_view_and_keeps_the_legal_moves(mode):
    checked = 0
    for state, seat in _spots(mode, 400 if SOAK else 40, 7 if SOAK else 41):
        view = ENG.view(state, seat)
        sample = ADAPTER.determinize(view, seat, random.Random(checked))
        checked += 1
        assert ENG.view(sample, seat) == view, (mode, checked)
        if ENG.is_terminal(state):
            assert ENG.is_terminal(sample)
            continue
        assert [d.player for d in ENG.pending(sample)] == [d.player for d in ENG.pending(state)]
        if seat in {d.player for d in ENG.pending(state)}:
            legal = ENG.legal_actions(state, seat)
            assert ENG.legal_actions(sample, seat) == legal, (mode, checked)
            ENG.apply(sample, seat, legal[-1])  # the sample plays on
    assert checked >= (400 if SOAK else 40)


def _reshuffled(state: dict, seat: int, rng: random.Random) -> dict:
    """``state`` with what ``seat`` cannot see dealt again: each seat's deck order, a rival's hand, face-down Traps
    (swapped with Traps of its hidden cards), Siege fortresses, King's cards out of play, the Duel Draft deck's
    order, and the seed; every pile keeps its size."""
    other = copy.deepcopy(state)
    for s, p in enumerate(other["players"]):
        piles = [p["deck"], *p.get("fortress", [])]
        if s != seat:
            piles.append(p["hand"])
        if "king" in other:
            piles.append(other["king"]["out"][s])
        pool = [c for pile in piles for c in pile]
        if s != seat:
            traps = [i for i, r in enumerate(p["reserve"]) if r is not None and r["kind"] == "trap"]
            for i in traps:
                swap = [k for k, c in enumerate(pool) if _is_trap(c)]
                if swap:
                    k = rng.choice(swap)
                    p["reserve"][i]["card"], pool[k] = pool[k], p["reserve"][i]["card"]
        rng.shuffle(pool)
        for pile in piles:
            pile[:], pool = pool[:len(pile)], pool[len(pile):]
    if "duel_draft" in other:
        _redraft(other, seat, rng)
    other["seed"] = rng.randrange(2**31)
    return other


def _redraft(state: dict, seat: int, rng: random.Random) -> None:
    """Duel Draft: deal a rival's hand and face-down Traps again from the shared deck (pool ids carry seat 0, a
    drafted card its owner's), then shuffle the deck."""
    deck = state["duel_draft"]["deck"]
    for s, p in enumerate(state["players"]):
        if s == seat:
            continue
        for item in p["reserve"]:
            swap = [k for k, c in enumerate(deck) if _is_trap(c)]
            if item is not None and item["kind"] == "trap" and swap:
                k = rng.choice(swap)
                item["card"], deck[k] = claim(deck[k], s), claim(item["card"], 0)
        pool = [claim(c, 0) for c in p["hand"]] + deck
        rng.shuffle(pool)
        p["hand"][:] = [claim(c, s) for c in pool[:len(p["hand"])]]
        deck[:] = pool[len(p["hand"]):]
    rng.shuffle(deck)


def _hidden(state: dict, seat: int) -> list:
    """The rivals' hands, face-down Traps and Siege fortresses of ``state`` as ``seat`` cannot see them (as sets:
    a mere reordering does not count)."""
    return [(sorted(p["hand"]), [r["card"] for r in p["reserve"] if r is not None and r["kind"] == "trap"],
             sorted(c for column in p.get("fortress", []) for c in column))
            for s, p in enumerate(state["players"]) if s != seat]


#: positions compared per mode by the no-peeking test (each decided at all three levels on the real state, a
#: reshuffle and a resample: 9 tiny searches a position)
PEEK_SPOTS = 8


@pytest.mark.parametrize("mode", list(SEATS))
def test_no_peeking_reshuffled_or_resampled_hidden_parts_give_the_same_decision(monkeypatch, mode):
    tiny_budgets(monkeypatch, PT_TINY, easy_sample=6)
    compared = changed = 0
    for state, seat in _spots(mode, 60, 13):
        if ENG.is_terminal(state) or seat not in {d.player for d in ENG.pending(state)}:
            continue
        legal = ENG.legal_actions(state, seat)
        hidden = _hidden(state, seat)
        if len(legal) < 2 or compared >= PEEK_SPOTS or not any(map(any, hidden)):  # a rival hides more than order
            continue
        view = ENG.view(state, seat)
        shuffled = _reshuffled(state, seat, random.Random(compared))
        resampled = ADAPTER.determinize(view, seat, random.Random(compared + 99))
        changed += _hidden(shuffled, seat) != hidden or _hidden(resampled, seat) != hidden
        for other in (shuffled, resampled):
            assert ENG.view(other, seat) == view, (mode, compared)
            assert ENG.legal_actions(other, seat) == legal, (mode, compared)
        for level in player.LEVELS:
            chosen = player.decide("pixel-tactics", view, seat, legal, level, 5)
            for other in (shuffled, resampled):
                assert player.decide("pixel-tactics", ENG.view(other, seat), seat, legal, level, 5) == chosen
        compared += 1
    # in (nearly) every position a rival's hand, face-down Trap or fortress was dealt otherwise, not only reordered
    assert compared == PEEK_SPOTS and changed >= PEEK_SPOTS - 1, (compared, changed)


def _levels(mode: str, number: int) -> list[str]:
    """Seats of one legality game: one computer seat (turning round the table from game to game) playing easy,
    normal and strong in turn, so every level plays in every game; the other seats are filled by the playout
    policy (cheap and purposeful: two weak searches facing each other wander for a thousand moves)."""
    levels = ["playout"] * SEATS[mode]
    levels[number % SEATS[mode]] = "mixed"
    return levels


def test_every_level_plays_only_legal_moves_and_finishes_every_mode(monkeypatch):
    tiny_budgets(monkeypatch, PT_TINY, easy_sample=4)
    scale = 40 if SOAK else 1
    moves = 0
    for mode, games in GAMES.items():
        target = games * scale
        played = Counter()  # level → games of this mode in which it made a decision with a choice
        number = 0
        while number < target or min(played[level] for level in player.LEVELS) < target:  # more while one is short
            assert number < target * 1.2, (mode, played)
            counts = Counter()
            final, made = play("pixel-tactics", SEATS[mode], _levels(mode, number), 5000 + number,
                               _options(mode, number), counts=counts)
            assert ENG.is_terminal(final), (mode, number)
            moves += made
            played.update(counts.keys())
            number += 1
    assert moves > sum(GAMES.values()) * scale * 10
