"""Drive a tournament state with chosen or random results, checking purity at every step."""

from __future__ import annotations

import json
import random

import bot.tournaments as T

FIRST_ID = 101


def signed_up(fmt: str, n: int, best_of: int = 1, seed: int = 0, pod: bool = False) -> dict:
    """A tournament in sign-up with players 101..100+n named p1..pn."""
    t = T.new_tournament("pixies" if pod else "tixel", fmt, best_of, seed, pod)
    for i in range(n):
        t = T.add_player(t, FIRST_ID + i, f"p{i + 1}")
    return t


def pure(function, t: dict, *args):
    """Call an API function and check it left its input alone and returned a JSON-stable state."""
    before = json.dumps(t, sort_keys=True)
    after = function(t, *args)
    assert json.dumps(t, sort_keys=True) == before, f"{function.__name__} changed its input"
    assert json.loads(json.dumps(after)) == after
    return after


def random_ranks(players: list[int], rng: random.Random, draws: bool = True) -> dict[int, int]:
    """Random ranks: duels win, lose or (sometimes) draw; pods any order with occasional ties."""
    if len(players) == 2:
        roll = rng.random()
        if draws and roll < 0.15:
            return {players[0]: 1, players[1]: 1}
        return {players[0]: 1, players[1]: 2} if roll < 0.575 else {players[0]: 2, players[1]: 1}
    return {p: rng.randint(1, len(players)) for p in players}


class Runner:
    """Plays a tournament: creates every game the state asks for and records a result for it."""

    def __init__(self, t: dict, seed: int = 0, decide=None, first_game: int = 1):
        self.t = t
        self.rng = random.Random(seed)
        self.next_id = first_game
        self.decide = decide or (lambda slot, rng: random_ranks(slot.players, rng))
        self.slots: list[tuple[int, T.GameSlot]] = []

    def attach_all(self) -> list[tuple[int, T.GameSlot]]:
        """Create (attach) every game the state wants now; return (game id, slot) pairs."""
        started = []
        for slot in T.games_to_start(self.t):
            self.t = pure(T.attach_game, self.t, slot.match_id, slot.game_no, self.next_id)
            started.append((self.next_id, slot))
            self.next_id += 1
        self.slots += started
        return started

    def step(self) -> None:
        """Attach the wanted games and record a result for each."""
        started = self.attach_all()
        assert started, f"round {self.t['round']} is stuck"
        for game_id, slot in started:
            self.t = pure(T.record_game, self.t, game_id, self.decide(slot, self.rng))

    def finish(self, limit: int = 500) -> dict:
        """Play until the tournament is over."""
        for _ in range(limit):
            if T.is_over(self.t):
                return self.t
            self.step()
        raise AssertionError("the tournament never ended")
