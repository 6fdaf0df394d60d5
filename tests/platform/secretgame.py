"""A tiny game with private, simultaneous decisions, for platform tests: each player secretly
picks 1, 2 or 3; once all have picked, the highest unique number wins (no unique number: a draw)."""

from __future__ import annotations

import copy

from bot.games.base import Decision, Engine, IllegalAction, NotYourTurn, Result


class SecretEngine(Engine):
    """Secret picks."""

    name = "secret"
    title = "Secret"
    min_players = 2
    max_players = 3

    def new_game(self, num_players, options, seed):
        return {"picks": [None] * num_players, "steps": [0] * num_players, "done": False}

    def pending(self, state):
        if state["done"]:
            return []
        return [Decision(p, "pick", f"{p}.{state['steps'][p]}", "Pick a number secretly", private=True)
                for p, pick in enumerate(state["picks"]) if pick is None]

    def legal_actions(self, state, player):
        if not any(d.player == player for d in self.pending(state)):
            return []
        return [{"type": "pick", "n": n} for n in (1, 2, 3)]

    def apply(self, state, player, action):
        if not any(d.player == player for d in self.pending(state)):
            raise NotYourTurn("You have already picked.")
        if action not in self.legal_actions(state, player):
            raise IllegalAction("Pick 1, 2 or 3.")
        s = copy.deepcopy(state)
        s["picks"][player] = action["n"]
        s["steps"][player] += 1
        s["done"] = all(p is not None for p in s["picks"])
        return s

    def is_terminal(self, state):
        return state["done"]

    def result(self, state):
        picks = state["picks"]
        unique = [n for n in picks if picks.count(n) == 1]
        winners = [picks.index(max(unique))] if unique else []
        return Result(winners, [winners] if winners else [list(range(len(picks)))], list(picks))

    def view(self, state, viewer):
        picks = [p if (state["done"] or p is None or i == viewer) else "hidden"
                 for i, p in enumerate(state["picks"])]
        return {"picks": picks, "done": state["done"]}

    def default_action(self, state, player):
        return {"type": "pick", "n": 1}

    def leave(self, state, player):
        s = copy.deepcopy(state)
        s["picks"][player] = 0
        s["done"] = all(p is not None for p in s["picks"])
        return s

    def describe_action(self, state, player, action):
        return "made a secret pick"
