"""PixelTacticsEngine: the Classic duel behind the ``bot.games.base.Engine`` contract."""

from __future__ import annotations

from typing import Any

from ..base import (
    N_,
    Action,
    Decision,
    Engine,
    IllegalAction,
    NotYourTurn,
    State,
    StoredOutcome,
    View,
)
from . import bases_play, events, match, promos, setup_decks, traps, turn
from .actions import apply_turn, explain, turn_actions
from .describe import describe, prompt
from .modes import duel_draft, seats_of, team_cross, teams
from .modes import epic as epic_mode
from .sets import CURRENT, assert_valid
from .state import copy_state, end_reason
from .view import build

assert_valid()


def _with_promos(turn: list[Action], extra: list[Action]) -> list[Action]:
    """Return the turn actions with the Promo Draw actions placed before the closing "end"."""
    if not extra or not turn or turn[-1] != {"type": "end"}:
        return turn + extra
    return turn[:-1] + extra + turn[-1:]


class PixelTacticsEngine(StoredOutcome, Engine):
    """Pixel Tactics, the duel: a match to 1, 2 or 3 trophies, with mirror copies of a core set or built decks,
    optionally Promos and Chase Leaders."""

    name = "pixel-tactics"
    title = "Pixel Tactics"
    min_players = 2
    max_players = 6  # Team Cross Duel 4, King 6; setup_decks checks each mode's count (Classic and the rest: 2)

    def new_game(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        """Return a new match, its first game dealt and both Leader picks pending."""
        options = self.checked_options(num_players, options, seed, (*setup_decks.KNOWN, "bases"))
        got = setup_decks.checked(num_players, options)
        if got["mode"] == "duel_draft":
            duel_draft.check(got)
        if got["mode"] == "epic":
            got = epic_mode.settled(got, options, seed, num_players)
        bases = bases_play.initial(options["bases"], num_players) if options.get("bases") is not None else None
        state = match.new_match(num_players, got["target"], seed, got["set"], content=got["content"],
                                decks=got["decks"], promos=got["promos"], chase=got["chase"], mode=got["mode"],
                                points=got.get("points", 3))
        if got["mode"] == "epic":
            epic_mode.begin(state)
        if bases is not None:
            state["bases"] = bases  # League Bases (face up, out of play): see bases_play.py
        return state

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Return the seats of the match's mode (both the fewest and the most): 2, Team Cross Duel 4, King 6."""
        mode = options.get("mode") if isinstance(options, dict) else None
        seats = seats_of(mode) if isinstance(mode, str) else 2
        return seats, seats

    def settled_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Return ``options`` with the content version written out (new games: the current one), so a replay
        deals the cards the game was played with whatever later rebalances change."""
        if not isinstance(options, dict) or "content" in options:
            return options
        return {**options, "content": CURRENT}

    # ------------------------------------------------------------- decisions
    def _id(self, state: State, kind: str, seat: int) -> str:
        """Return the decision id of ``seat`` (changes after each of their actions)."""
        return f"{kind}.{state['game_no']}.{seat}.{state['decisions'][seat]}"

    def pending(self, state: State) -> list[Decision]:
        """Return the awaited decisions: both secret Leader picks (then Chase Leader choices), a Trap window, or
        the turn."""
        if state["status"] != "playing":
            return []
        if state["phase"] == "draft":
            return duel_draft.pending(state, self._id)
        if state["phase"] == "epic":  # Epic Duel: a fallen Leader's owner chooses
            return [Decision(s, k, self._id(state, k, s), text, private)
                    for s, k, text, private in epic_mode.waiting(state)]
        if state["phase"] == "leader":
            return [Decision(s, "leader", self._id(state, "leader", s), "Choose your Leader (secretly).", True)
                    for s, p in enumerate(state["players"]) if p["leader_pick"] is None
                    and s in (team_cross.picking(state) or (s,))]  # Team Cross Duel: only restarting seats
        if state["phase"] == "chase":
            return [Decision(s, "chase", self._id(state, "chase", s),
                             "Swap in a Chase Leader for your Leader, or keep it (secretly).", True)
                    for s, p in enumerate(state["players"]) if p["chase_pick"] is None]
        if state["phase"] == "trap":
            seat = state["window"]["seat"]
            return [Decision(seat, "trap", self._id(state, "trap", seat), prompt(state, seat), True)]
        seat = state["turn"]
        return [Decision(seat, "turn", self._id(state, "turn", seat), prompt(state, seat), False)]

    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Return every action ``player`` may take now."""
        if state["status"] != "playing" or type(player) is not int:
            return []
        if state["phase"] == "draft":
            return duel_draft.setup_actions(state, player)
        if state["phase"] == "epic":
            return epic_mode.actions(state, player)
        if state["phase"] in ("leader", "chase"):
            if not 0 <= player < len(state["players"]):
                return []
            return (match.leader_actions if state["phase"] == "leader" else match.chase_actions)(state, player)
        if state["phase"] == "trap":
            return traps.window_actions(state, player)
        return _with_promos(turn_actions(state, player), promos.actions(state, player))

    def default_action(self, state: State, player: int) -> Action:
        """Return the timeout action: the first card as Leader, keep the Leader (no Chase Leader), decline a
        Trap window, end the turn."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourTurn("You have nothing to decide right now.")
        if state["phase"] in ("leader", "chase", "draft"):
            return legal[0]
        if state["phase"] == "epic":
            return epic_mode.default(state, player, legal)
        if state["phase"] == "trap":
            return {"type": "decline"}
        return {"type": "end"}

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action``."""
        if state["status"] != "playing":
            raise NotYourTurn("The game is over.")
        if type(player) is not int or not any(d.player == player for d in self.pending(state)):
            if state["phase"] == "leader":
                raise NotYourTurn("You have already chosen your Leader.")
            if state["phase"] == "chase":
                raise NotYourTurn("You have already made your Chase Leader choice.")
            raise NotYourTurn("It is not your turn.")
        if not isinstance(action, dict) or action not in self._legal_like(state, player, action):
            raise self._refusal(state, player, action)
        return self._resolve(copy_state(state), player, action)

    def apply_owned(self, state: State, player: int, action: Action) -> State:
        """Like ``apply`` for an action taken from ``legal_actions(state, player)`` itself (a computer player's
        playout), but unchecked and changing ``state`` in place: the caller owns it and never reads it again."""
        return self._resolve(state, player, action)

    @staticmethod
    def _resolve(new: State, player: int, action: Action) -> State:
        """Apply a legal ``action`` of ``player`` to ``new`` (a state nobody else holds) and run the flow on."""
        new["decisions"][player] += 1
        if new["phase"] == "leader":
            match.pick_leader(new, player, action["card"])
        elif new["phase"] == "chase":
            match.choose_chase(new, player, action["card"])
        elif new["phase"] == "draft":
            duel_draft.apply_setup(new, player, action)
        elif new["phase"] == "epic":
            epic_mode.apply(new, player, action)
        elif new["phase"] == "trap":
            traps.answer(new, player, action)
        elif action["type"] == "promo_draw":
            promos.apply(new, player, action)
        else:
            apply_turn(new, player, action)
        if new["phase"] not in ("chase", "draft"):  # secret Chase Leader choices pending: nothing runs until the reveal
            turn.advance(new)
        return new

    def _legal_like(self, state: State, player: int, action: Action) -> list[Action]:
        """Return the legal actions of ``player`` that could equal ``action``: during a turn only those of
        its type are built (the check that an action is legal need not list every other one)."""
        if state["phase"] == "turn":
            if action.get("type") == "promo_draw":
                return promos.actions(state, player)
            return turn_actions(state, player, action.get("type"))
        return self.legal_actions(state, player)

    def _refusal(self, state: State, player: int, action: Any) -> IllegalAction:
        """Return a clear refusal (to raise) that reveals nothing hidden."""
        if state["phase"] == "draft":
            return duel_draft.explain(state, player, action)
        if state["phase"] == "epic":
            return epic_mode.refusal(state, player, action)
        if state["phase"] == "leader":
            if not isinstance(action, dict) or action.get("type") != "leader":
                return IllegalAction("Choose your Leader first.")
            if match.built(state):
                return IllegalAction("That card is not in your Leader stack.")
            if action.get("card") in state["players"][player]["hand"]:
                return IllegalAction("A Promo cannot be your Leader.")
            return IllegalAction("That card is not in your hand.")
        if state["phase"] == "chase":
            return IllegalAction("Choose one of the Chase Leaders offered, or keep your Leader (card: null).")
        if state["phase"] == "trap":
            if not isinstance(action, dict) or action.get("type") not in ("activate", "decline"):
                return IllegalAction("A Trap window is open: activate a Trap or decline.")
            return IllegalAction("That Trap cannot respond now (or that target is not allowed).")
        if isinstance(action, dict) and action.get("type") == "promo_draw":
            return promos.explain(state, player, action)
        return explain(state, player, action)

    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` leaves: the rival wins the match."""
        if state["status"] != "playing":
            raise IllegalAction("The game is already over.")
        if type(player) is not int or not 0 <= player < len(state["players"]):
            raise IllegalAction("That seat is not in this game.")
        new = copy_state(state)
        new["decisions"][player] += 1
        if teams.on(new):  # team modes: the leaver's team concedes
            teams.leave(new, player)
            return new
        others = [s for s in range(len(new["players"])) if s != player]
        match.finish(new, others, *end_reason(N_("{seat} left the match."), seat=player))
        return new

    def undo_allowed(self, before: State, after: State, player: int, action: Action) -> bool:
        """Return False whenever the action revealed something or drew randomness (draws, Leader reveal,
        a Trap window or activation, random discards, a new game dealt)."""
        return before["reveals"] == after["reveals"] and after["status"] == "playing"

    # ------------------------------------------------------------------ view
    def view(self, state: State, viewer: int | None) -> View:
        """Return the view of docs/dev/pixel_tactics_view.md for ``viewer`` (None = the public)."""
        return build(state, viewer)

    def describe_action(self, state: State, player: int, action: Action) -> str:
        """Return a short public sentence (never names a drawn card or a face-down Trap)."""
        return describe(state, player, action, None)

    def describe_for(self, state: State, player: int, action: Action, viewer: int | None) -> str:
        """Return the action as ``viewer`` may read it (the owner reads hidden details)."""
        return describe(state, player, action, viewer)

    def describe_event(self, state: State, player: int, action: Action, own: bool = False,
                       names: list[str] | None = None) -> tuple[str, dict] | None:
        """Return the action as an event (an ``N_`` template and its fields; ``own``: as its player reads it),
        or None for an action another mode describes only in English (``events.py``)."""
        try:
            return events.describe_event(state, player, action, own, names)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return None
