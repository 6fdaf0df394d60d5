"""TixelEngine: the Tixel rules (with the Tix and Poka Yoke expansions) behind the Engine contract."""

from __future__ import annotations

from typing import Any

from ..base import (
    Action,
    BadOptions,
    Decision,
    Engine,
    IllegalAction,
    NotYourTurn,
    State,
    StoredOutcome,
    View,
    rng_for,
)
from . import events, rules
from .actions import normalize
from .events import event_text
from .geometry import INDEX, cells_of
from .moves import bonus_actions, place_actions, slides_from
from .reasons import explain

PROMPTS = {
    "move": "Your turn: place or slide a piece.",
    "bonus": "Bonus move: place, slide, activate, pick up or pivot a piece — or end your turn.",
    "draw": "Your rival offers a draw: accept or decline.",
}


class TixelEngine(StoredOutcome, Engine):
    """Tixel for 2 players on a 6×6 board (docs/rules/tixel.md)."""

    name = "tixel"
    title = "Tixel"
    min_players = 2
    max_players = 2

    # ----------------------------------------------------------------- setup
    def new_game(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        """Return a new game: colours drawn from the seed, White to move."""
        options = self.checked_options(num_players, options, seed, ("tix", "poka_yoke"))
        tix = options.get("tix", 0)
        if type(tix) is not int or not 0 <= tix <= rules.MAX_TIX:
            raise BadOptions("The Tix option is a number of pieces from 0 to 4.")
        poka = options.get("poka_yoke", False)
        if type(poka) is not bool:
            raise BadOptions("The Poka Yoke option is on or off.")
        return rules.new_state({"tix": tix, "poka_yoke": poka}, seed)

    # ------------------------------------------------------------- decisions
    def pending(self, state: State) -> list[Decision]:
        """Return the one awaited decision (move, bonus or draw), or nothing once finished."""
        seat = rules.to_act(state)
        if seat is None:
            return []
        phase = state["phase"]
        prompt = PROMPTS[phase]
        if phase == "move" and not state["can_place"]:
            prompt = "Your turn: slide a piece (you may not place this turn)."
        return [Decision(player=seat, kind=phase, id=str(state["step"]), prompt=prompt)]

    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Return every action ``player`` may take now (empty unless they must decide)."""
        return rules.legal_actions(state, player)

    def default_action(self, state: State, player: int) -> Action:
        """Return ``end`` in a bonus, ``decline_draw`` to an offer, else a move drawn from the seed."""
        if rules.to_act(state) != player:
            raise NotYourTurn("You have nothing to decide right now.")
        phase = state["phase"]
        if phase == "bonus":
            return {"type": "end"}
        if phase == "draw":
            return {"type": "decline_draw"}
        moves = rules.board_actions(state, player)
        return rng_for(state["seed"], "default", state["step"]).choice(moves)

    # ----------------------------------------------------------------- apply
    def check(self, state: State, player: int, action: Any) -> Action:
        """Return the canonical form of ``action`` if ``player`` may take it now; else raise ``GameError``."""
        seat = rules.to_act(state)
        if seat is None:
            raise NotYourTurn("The game is over.")
        if type(player) is not int or player != seat:
            raise NotYourTurn("It is not your turn.")
        act = normalize(action, state["board"])
        if act not in self._candidates(state, player, act):
            raise explain(state, player, act)
        return act

    def _candidates(self, state: State, player: int, act: Action) -> list[Action]:
        """Return the legal actions that could equal ``act`` (generated for its squares only)."""
        kind, phase = act["type"], state["phase"]
        if phase == "draw":
            return [{"type": "accept_draw"}, {"type": "decline_draw"}]
        if kind == "end":
            return [act] if phase == "bonus" else []
        if kind == "offer_draw":
            return [act] if phase == "move" and not state["offered"] else []
        if kind in ("accept_draw", "decline_draw"):
            return []
        cells = cells_of(state["board"])
        out: list[Action] = []
        if kind == "place":
            if state["can_place"]:
                place_actions(cells, state["pools"][player], out, INDEX[act["square"]])
        elif kind == "slide":
            frm, to = INDEX[act["from"]], INDEX[act["to"]]
            piece = cells[frm]
            if piece is not None and piece[0] == player and piece[2]:
                slides_from(cells, frm, out, to)
        elif phase == "bonus":
            locked = state["bonus"]["locked"]
            bonus_actions(cells, player, INDEX[locked] if locked else -1, out)
        return out

    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action``."""
        act = self.check(state, player, action)
        text = self.describe_action(state, player, act)
        new = rules.copy_state(state)
        rules.play(new, player, act, text)
        new["step"] += 1
        return new

    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` resigns: the other player wins."""
        if state["status"] != "playing":
            raise IllegalAction("The game is already over.")
        if type(player) is not int or player not in (0, 1):
            raise IllegalAction("That seat is not in this game.")
        new = rules.copy_state(state)
        rules.finish(new, [1 - player], "resignation")
        new["step"] += 1
        return new

    # --------------------------------------------------------------- outcome
    # ------------------------------------------------------------------ view
    def view(self, state: State, viewer: int | None) -> View:
        """Return the public view of docs/dev/tixel_view.md (the same for every viewer)."""
        cells = cells_of(state["board"])
        playing = state["status"] == "playing"
        can_place = []
        for seat in (0, 1):
            if playing and seat == state["turn_seat"]:
                can_place.append(state["can_place"])
            else:
                can_place.append(rules.may_place(state, cells, seat))
        last = rules.copy_last(state["last_move"])
        res = state["result"]
        return {
            "game": "tixel",
            "status": state["status"],
            "turn": state["turn"],
            "colors": list(state["colors"]),
            "to_act": rules.to_act(state),
            "phase": state["phase"],
            "board": {sq: dict(p) for sq, p in state["board"].items()},
            "pools": [dict(p) for p in state["pools"]],
            "options": dict(state["options"]),
            "promotions": list(state["promotions"]),
            "bonus": None if state["bonus"] is None else dict(state["bonus"]),
            "can_place": can_place,
            "last_move": last,
            "draw_offer": state["draw_offer"],
            "result": None if res is None else {
                "winners": list(res["winners"]), "ranking": [list(g) for g in res["ranking"]],
                "reason": res["reason"],
            },
        }

    # -------------------------------------------------------------- describe
    def describe_action(self, state: State, player: int, action: Action) -> str:
        """Return a short public sentence such as ``"slid a1→c1, active (hollow NE), deactivating c2"``."""
        try:
            return self._describe(state, player, action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return super().describe_action(state, player, action)

    def _describe(self, state: State, player: int, action: Action) -> str:
        """Describe an action from the state before it is applied (its event in English)."""
        return event_text(events.describe_event(state, player, action))

    def describe_event(self, state: State, player: int, action: Action) -> events.Event:
        """Return what ``player``'s ``action`` does from ``state``, before it is applied: an English template
        marked for the catalogues and its fields (clauses are ``Phrase`` fields); filled in English it is
        ``describe_action``'s sentence."""
        return events.describe_event(state, player, action)
