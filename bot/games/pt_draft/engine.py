"""PtDraftEngine: the Pixel Tactics drafts behind the ``bot.games.base.Engine`` contract."""

from __future__ import annotations

from typing import Any

from ..base import (
    N_,
    Action,
    BadOptions,
    Decision,
    Engine,
    IllegalAction,
    NotYourTurn,
    State,
    StoredOutcome,
    View,
    clone,
)
from . import cube, finish, pack, purchase, winston
from .describe import describe
from .view import build_view

_PROMPTS = {
    "pack": N_("Pick a card from your pack (the rest passes on)."),
    "winston": N_("Look at the lot: take it, take one card as a Leader, or pass."),
    "purchase": N_("Buy a lot for your Leader pile or your Hero deck."),
    "return": N_("Return Heroes to the Cube if you wish, then finish."),
}


class PtDraftEngine(StoredOutcome, Engine):
    """Pack, Epic Pack, Winston and Purchase drafts of Pixel Tactics cards from a Cube."""

    name = "pt-draft"
    title = "Pixel Tactics Draft"
    min_players = 2
    max_players = 8

    # ----------------------------------------------------------------- setup
    def new_game(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        """Deal the Cube as the chosen method says (``BadOptions`` for a Cube too small, naming the shortfall)."""
        options = self.checked_options(num_players, options, seed, known=("method", "cube"))
        method, cards = cube.checked(options.get("method"), options.get("cube"), num_players)
        state: State = {"method": method, "num_players": num_players, "seed": seed, "status": "playing",
                        "phase": "pack" if method in ("pack", "epic-pack") else method,
                        "active": [True] * num_players, "acts": [0] * num_players,
                        "leaders": [[] for _ in range(num_players)], "heroes": [[] for _ in range(num_players)],
                        "returned": [], "returns_left": [0] * num_players, "log": [], "result": None,
                        "pools": None, "decks": None, "deck_problems": None}
        {"winston": winston.deal, "purchase": purchase.deal}.get(method, pack.deal)(state, cards)
        return state

    def settled_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Write the Cube out (the default one if none was given), so a replay deals the same cards."""
        out = dict(options)
        if out.get("cube") is None:
            out["cube"] = cube.default_cube()
        return out

    # ------------------------------------------------------------- decisions
    def _waiting(self, state: State) -> list[int]:
        if state["status"] != "playing":
            return []
        phase = state["phase"]
        if phase == "pack":
            return pack.waiting(state)
        if phase == "return":
            return [s for s in range(state["num_players"]) if state["active"][s] and state["returns_left"][s]]
        return (winston.waiting if phase == "winston" else purchase.waiting)(state)

    def pending(self, state: State) -> list[Decision]:
        """Return the awaited decisions: every seat's pick (private, simultaneous) in a Pack Draft, the Winston
        player's look (private), the Purchase buyer's turn (public, the lots are face up), the returns."""
        phase = state["phase"]
        return [Decision(player=s, kind=phase, id=f"{s}.{state['acts'][s]}", prompt=_PROMPTS.get(phase, ""),
                         private=phase != "purchase") for s in self._waiting(state)]

    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Return every action ``player`` may take now (empty unless they must decide)."""
        if player not in self._waiting(state):
            return []
        phase = state["phase"]
        if phase == "pack":
            return [{"type": "pick", "card": k} for k in pack.choices(state, player)]
        if phase == "winston":
            return winston.actions(state)
        if phase == "purchase":
            return purchase.actions(state, player)
        return [{"type": "return", "card": k} for k in finish.returnable(state, player)] + [{"type": "done"}]

    def default_action(self, state: State, player: int) -> Action:
        """Return the timeout action: the first legal card (pick, take the lot, buy the free lot, keep as a Hero);
        in the return step, keep every Hero."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourTurn("You have nothing to decide right now.")
        if state["phase"] == "return":
            return {"type": "done"}
        return legal[0]

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action`` (automatic picks and passes resolved too)."""
        if state["status"] != "playing":
            raise IllegalAction("The draft is over.")
        if type(player) is not int or player not in self._waiting(state):
            raise NotYourTurn("You have nothing to decide right now.")
        if not isinstance(action, dict) or action not in self.legal_actions(state, player):
            raise IllegalAction("That choice is not open to you now.")
        new = clone(state)
        new["log"] = []
        new["acts"][player] += 1
        phase = new["phase"]
        if phase == "pack":
            pack.pick(new, player, action["card"])
            pack.advance(new, self._default_pick)
        elif phase == "winston":
            winston.apply(new, player, action)
        elif phase == "purchase":
            purchase.apply(new, player, action)
        elif action["type"] == "return":
            finish.return_hero(new, player, action["card"])
            self._after_return(new)
        else:
            new["returns_left"][player] = 0
            self._after_return(new)
        return new

    @staticmethod
    def _default_pick(state: State, seat: int) -> str:
        return pack.choices(state, seat)[0]

    @staticmethod
    def _after_return(state: State) -> None:
        if not any(state["returns_left"][s] for s in range(state["num_players"]) if state["active"][s]):
            finish.finish(state)

    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` leaves: their picks become automatic (Pack) or they take no more cards
        (Winston, Purchase); the draft ends once no one is left. Their pool is not kept."""
        if state["status"] != "playing":
            raise IllegalAction("The draft is already over.")
        if type(player) is not int or not 0 <= player < state["num_players"]:
            raise IllegalAction("That seat is not in this draft.")
        if not state["active"][player]:
            raise IllegalAction("You have already left this draft.")
        new = clone(state)
        new["log"] = [f"{finish.seat_name(player)} left the draft."]
        new["active"][player] = False
        new["acts"][player] += 1
        if not any(new["active"]):
            finish.finish(new)
            new["result"]["reason"] = "Every player left the draft."
            return new
        phase = new["phase"]
        if phase == "pack":
            pack.advance(new, self._default_pick)
        elif phase == "winston":
            winston.leave(new, player)
        elif phase == "purchase" and new["turn"] == player:
            purchase.next_turn(new, player)
        elif phase == "return":
            new["returns_left"][player] = 0
            self._after_return(new)
        return new

    def undo_allowed(self, before: State, after: State, player: int, action: Action) -> bool:
        """Return whether the action revealed nothing: a pick that passed no pack, or a return."""
        if after["status"] != "playing" or before["phase"] != after["phase"]:
            return False
        if before["phase"] == "pack":
            return (before["round"], before["pick"]) == (after["round"], after["pick"])
        return before["phase"] == "return"

    # ------------------------------------------------------------------ view
    def view(self, state: State, viewer: int | None) -> View:
        """Return the public progress, plus ``viewer``'s own pack, lot and pool when ``viewer`` is a seat."""
        return build_view(state, viewer, self._waiting(state))

    def describe_action(self, state: State, player: int, action: Action) -> str:
        """Return a public sentence: it never names a card from a pack, a face-down lot or a pool."""
        return describe(state, player, action, private=False)

    def describe_for(self, state: State, player: int, action: Action, viewer: int | None) -> str:
        """Return the sentence ``viewer`` may read: the acting player reads the card they took."""
        return describe(state, player, action, private=viewer is not None and viewer == player)


__all__ = ["PtDraftEngine", "BadOptions"]
