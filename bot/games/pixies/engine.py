"""PixiesEngine: the Pixies rules behind the ``bot.games.base.Engine`` contract."""

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
    rng_for,
)
from . import rules
from .cards import CARDS, card_dict, card_label
from .frozen import thaw

_PICK_PROMPT = "Take a card from the table."
#: the fields of a described event that hold card ids (see ``PixiesEngine.describe_event``)
CARD_FIELDS = ("card", "shown")
_ACTION_FOR_KIND = {"pick": "take", "keep": "keep", "space": "space"}
_WRONG_KIND = {
    "pick": N_("You must take a card from the table now."),
    "keep": N_("You must choose which card stays face up now."),
    "space": N_("You must choose an empty space for the face-down card now."),
}


class PixiesEngine(StoredOutcome, Engine):
    """Pixies for 2-4 players: three rounds of open drafting into a 3x3 grid."""

    name = "pixies"
    title = "Pixies"
    min_players = 2
    max_players = 4

    # ----------------------------------------------------------------- setup
    def new_game(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        """Return round 1 dealt, the first player drawn from the seed."""
        self.checked_options(num_players, options, seed)
        return rules.new_state(num_players, seed)

    # ------------------------------------------------------------- decisions
    def pending(self, state: State) -> list[Decision]:
        """Return the single awaited decision (pick, keep or space), or nothing once finished."""
        if state["status"] != "playing":
            return []
        held = state["held"]
        if held is None:
            return [Decision(state["order"][0], "pick", str(state["step"]), _PICK_PROMPT)]
        kind = held["kind"]
        return [Decision(held["seat"], kind, str(state["step"]), self._prompt(state, kind))]

    def _prompt(self, state: State, kind: str) -> str:
        """Return the human sentence of the current decision."""
        held = state["held"]
        if kind == "pick":
            return _PICK_PROMPT
        label = card_label(held["card"])
        space = held["space"]
        if kind == "keep":
            old = card_label(state["grids"][held["seat"]][space]["up"])
            return f"Space {space + 1}: keep {label} (new) or {old} (old) face up?"
        return f"Space {space + 1} is validated: choose an empty space for {label}, face down."

    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Return the actions ``player`` may take now (empty unless they must decide)."""
        if rules.to_act(state) != player:
            return []
        held = state["held"]
        if held is None:
            return [{"type": "take", "card": card} for card in state["offer"]]
        if held["kind"] == "keep":
            return [{"type": "keep", "which": "new"}, {"type": "keep", "which": "old"}]
        return [{"type": "space", "index": i} for i in rules.empty_spaces(state["grids"][player])]

    def default_action(self, state: State, player: int) -> Action:
        """Return a legal action drawn with ``rng_for(seed, "default", step)``."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourTurn("You have nothing to decide right now.")
        return rng_for(state["seed"], "default", state["step"]).choice(legal)

    # ----------------------------------------------------------------- apply
    def _validate(self, state: State, player: int, action: Action) -> None:
        """Raise ``NotYourTurn``/``IllegalAction`` unless ``action`` answers ``player``'s decision."""
        if state["status"] != "playing":
            raise NotYourTurn("The game is over.")
        held = state["held"]
        seat, kind = (state["order"][0], "pick") if held is None else (held["seat"], held["kind"])
        if type(player) is not int or player != seat:
            raise NotYourTurn("It is not your turn.")
        if not isinstance(action, dict) or action.get("type") != _ACTION_FOR_KIND[kind]:
            raise IllegalAction(_WRONG_KIND[kind])
        if kind == "pick":
            card = action.get("card")
            if type(card) is not int or card not in state["offer"]:
                raise IllegalAction("That card is not on the table.")
        elif kind == "keep":
            if action.get("which") not in ("new", "old"):
                raise IllegalAction(
                    'Choose "new" to keep the taken card face up or "old" to keep the previous one.'
                )
        else:
            index = action.get("index")
            if type(index) is not int or not 0 <= index <= 8:
                raise IllegalAction("Choose a space from 1 to 9.")
            if index not in rules.empty_spaces(state["grids"][player]):
                raise IllegalAction("Space {space} is not empty.", space=index + 1)

    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action`` (round ends are resolved here too)."""
        self._validate(state, player, action)
        text = self.describe_action(state, player, action)
        new = rules.copy_state(state)
        kind = action["type"]
        if kind == "take":
            rules.take(new, player, action["card"])
        elif kind == "keep":
            rules.keep(new, player, action["which"])
        else:
            rules.place_down(new, player, action["index"])
        new["step"] += 1
        new["last_action"] = {"seat": player, "text": text}
        return new

    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` resigns (see docs/rules/pixies.md)."""
        if state["status"] != "playing":
            raise IllegalAction("The game is already over.")
        if type(player) is not int or not 0 <= player < state["num_players"]:
            raise IllegalAction("That seat is not in this game.")
        if not state["active"][player]:
            raise IllegalAction("You have already left this game.")
        new = rules.copy_state(state)
        rules.resign(new, player)
        new["step"] += 1
        new["last_action"] = {"seat": player, "text": "resigned"}
        return new

    def undo_allowed(self, before: State, after: State, player: int, action: Action) -> bool:
        """Return whether ``action`` revealed nothing: only the deck order is hidden, so an action that
        drew from the deck (a new turn or round) or scored a round cannot be taken back."""
        return (
            isinstance(action, dict)
            and action.get("type") in _ACTION_FOR_KIND.values()
            and after["status"] == "playing"
            and len(after["deck"]) == len(before["deck"])
            and (after["round"], after["turn"]) == (before["round"], before["turn"])
            and len(after["rounds"]) == len(before["rounds"])
        )

    # --------------------------------------------------------------- outcome
    # ------------------------------------------------------------------ view
    def view(self, state: State, viewer: int | None) -> View:
        """Return the public view of docs/dev/pixies_view.md (the same for every viewer)."""
        seat = rules.to_act(state)
        decision = None
        if seat is not None:
            held = state["held"]
            decision = {
                "seat": seat,
                "kind": held["kind"] if held else "pick",
                "id": str(state["step"]),
                "card": card_dict(held["card"]) if held else None,
                "space": held["space"] if held else None,
            }
        players = [
            {
                "seat": s,
                "active": state["active"][s],
                "total": state["totals"][s],
                "grid": [
                    {
                        "up": card_dict(sp["up"]) if sp["up"] is not None else None,
                        "down": sp["down"] is not None,
                    }
                    for sp in grid
                ],
            }
            for s, grid in enumerate(state["grids"])
        ]
        res = state["result"]
        return {
            "game": "pixies",
            "status": state["status"],
            "round": state["round"],
            "turn": state["turn"],
            "num_players": state["num_players"],
            "players": players,
            "offer": [card_dict(c) for c in state["offer"]],
            "turn_first": state["turn_first"],
            "to_act": seat,
            "decision": decision,
            "rounds": thaw(state["rounds"]),
            "deck_count": len(state["deck"]),
            "last_action": dict(state["last_action"]) if state["last_action"] else None,
            "result": None
            if res is None
            else {
                "winners": list(res["winners"]),
                "ranking": [list(g) for g in res["ranking"]],
                "scores": list(res["scores"]),
            },
        }

    # -------------------------------------------------------------- describe
    def describe_action(self, state: State, player: int, action: Action) -> str:
        """Return a short public sentence such as ``"took Blue 5 (2 crosses) → space 5, validated"``."""
        try:
            return self._describe(state, player, action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return super().describe_action(state, player, action)

    def _describe(self, state: State, player: int, action: Action) -> str:
        """Describe a legal action from the state before it is applied."""
        template, fields = self.describe_event(state, player, action)
        return template.format(**{k: card_label(v) if k in CARD_FIELDS else v for k, v in fields.items()})

    def describe_event(self, state: State, player: int, action: Action) -> tuple[str, dict[str, int]]:
        """Return a legal action (from the state before it) as a structured event: an English template marked
        for the catalogues and its fields; the fields named in ``CARD_FIELDS`` are card ids (a presenter names
        the card in its language), the others numbers. ``KeyError`` and the like for an action that is not
        legal there."""
        grid = state["grids"][player]
        kind = action["type"]
        if kind == "take":
            card = action["card"]
            number = CARDS[card].value
            space = grid[number - 1]
            fields = {"card": card, "space": number}
            if space["up"] is None:
                if space["down"] is not None:
                    return N_("took {card} → space {space}, validated"), fields
                return N_("took {card} → space {space}"), fields
            if space["down"] is None:
                return N_("took {card} → space {space}, which already shows {shown}"), {**fields, "shown": space["up"]}
            empties = rules.empty_spaces(grid)
            if len(empties) == 1:
                return (N_("took {card} → space {space} is validated, so it goes face down on space {empty}"),
                        {**fields, "empty": empties[0] + 1})
            return N_("took {card} → space {space} is validated, so it goes face down on an empty space"), fields
        held = state["held"]
        if kind == "keep":
            number = held["space"] + 1
            if action["which"] == "new":
                return (N_("kept {card} face up on space {space} over the previous card, validated"),
                        {"card": held["card"], "space": number})
            return (N_("kept {card} face up on space {space}, the taken card face down beneath, validated"),
                    {"card": grid[held["space"]]["up"], "space": number})
        if kind == "space":
            return N_("placed the card face down on space {space}"), {"space": action["index"] + 1}
        raise KeyError(kind)
