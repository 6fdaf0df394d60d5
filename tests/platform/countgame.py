"""A tiny engine for platform tests: players take turns adding 1 or 2; reaching 10 wins."""

from __future__ import annotations

import copy

from bot.games.base import Decision, Engine, IllegalAction, NotYourTurn, Result


class CountEngine(Engine):
    """Race to ten."""

    name = "count"
    title = "Count"
    min_players = 2
    max_players = 3

    def new_game(self, num_players, options, seed):
        return {"n": 0, "turn": seed % num_players, "players": num_players, "step": 0,
                "left": [], "winner": None}

    def pending(self, state):
        if self.is_terminal(state):
            return []
        return [Decision(state["turn"], "add", str(state["step"]), "Add 1 or 2")]

    def legal_actions(self, state, player):
        if not any(d.player == player for d in self.pending(state)):
            return []
        return [{"type": "add", "k": 1}, {"type": "add", "k": 2}]

    def apply(self, state, player, action):
        if not any(d.player == player for d in self.pending(state)):
            raise NotYourTurn("Not your turn.")
        if action not in self.legal_actions(state, player):
            raise IllegalAction("You may add 1 or 2.")
        s = copy.deepcopy(state)
        s["n"] += action["k"]
        s["step"] += 1
        if s["n"] >= 10:
            s["winner"] = player
        else:
            s["turn"] = self._next(s, player)
        return s

    def _next(self, s, player):
        nxt = (player + 1) % s["players"]
        while nxt in s["left"]:
            nxt = (nxt + 1) % s["players"]
        return nxt

    def is_terminal(self, state):
        return state["winner"] is not None

    def result(self, state):
        w = state["winner"]
        return Result([w], [[w]], [None] * state["players"])

    def view(self, state, viewer):
        return dict(state)

    def default_action(self, state, player):
        return {"type": "add", "k": 1}

    def leave(self, state, player):
        s = copy.deepcopy(state)
        s["left"].append(player)
        s["step"] += 1
        remaining = [p for p in range(s["players"]) if p not in s["left"]]
        if len(remaining) == 1:
            s["winner"] = remaining[0]
        elif s["turn"] == player:
            s["turn"] = self._next(s, player)
        return s
