"""PixelPusherEngine: the Pixel Pusher rules behind the ``bot.games.base.Engine`` contract."""

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
)
from . import rules
from .board import MAX_FILLS, can_pay, converter_sources, fits, stack_kind, storage_capacity
from .content import COLOUR_NAMES, COLOURS, IMAGES, MACHINES, card_name, recipe_text
from .view import build_view

_TYPES = {
    "draft": ("pick",),
    "build": ("install", "pixel", "flip"),
    "convert": ("convert", "store", "unstore", "confirm"),
    "score": ("fill", "done"),
}
_ALL_TYPES = {kind for kinds in _TYPES.values() for kind in kinds}
_WRONG_KIND = {
    "draft": "Pick a card from your hand now.",
    "build": "Install a card from your hand in a slot (or take a random pixel instead) now.",
    "convert": "Convert, store, unstore or confirm now.",
    "score": "Fill a scanline or finish scoring now.",
}
_PROMPTS = {
    "draft": "Pick a card from your hand (it stays face down).",
    "build": "Install a card in a slot of your machine, or discard it to take a random pixel.",
    "convert": "Convert and store your pixels, then confirm.",
    "score": "Fill a scanline of an image card with stored pixels, or finish.",
}


class PixelPusherEngine(StoredOutcome, Engine):
    """Pixel Pusher for 2-4 players: draft machine cards, collect pixels, paint scanlines."""

    name = "pixel-pusher"
    title = "Pixel Pusher"
    min_players = 2
    max_players = 4

    # ----------------------------------------------------------------- setup
    def new_game(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        """Return a game set up as the rulebook says, round 1 drafting."""
        if type(num_players) is not int or not self.min_players <= num_players <= self.max_players:
            raise BadOptions("Pixel Pusher is played by 2 to 4 players.")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadOptions("Options must be a set of named values.")
        if options:
            raise BadOptions(f"Unknown option(s) for Pixel Pusher: {', '.join(sorted(map(str, options)))}.")
        if type(seed) is not int:
            raise BadOptions("The seed must be an integer.")
        return rules.new_state(num_players, seed)

    # ------------------------------------------------------------- decisions
    def _decision_id(self, state: State, seat: int) -> str:
        """Return a seat's decision id: it changes with each of that seat's actions, and only then."""
        return f"{state['round']}.{state['phase']}.{seat}.{state['acts'][seat]}"

    def _waiting(self, state: State) -> list[int]:
        """Return the seats that must decide now."""
        if state["status"] != "playing":
            return []
        phase = state["phase"]
        if phase == "draft":
            return [s for s in range(state["num_players"])
                    if state["active"][s] and not state["picked"][s] and state["hands"][s]]
        if phase == "convert":
            return [s for s in range(state["num_players"]) if state["active"][s] and not state["confirmed"][s]]
        if phase in ("build", "score") and state["turn"] < len(state["order"]):
            return [state["order"][state["turn"]]]
        return []

    def pending(self, state: State) -> list[Decision]:
        """Return the awaited decisions: everyone undecided in Draft and Convert & Store (private), the seat
        to act in Build and Score."""
        phase = state["phase"]
        return [Decision(player=s, kind=phase, id=self._decision_id(state, s), prompt=self._prompt(state, s),
                         private=phase in ("draft", "convert")) for s in self._waiting(state)]

    def _prompt(self, state: State, seat: int) -> str:
        """Return the human sentence of a seat's decision."""
        phase = state["phase"]
        if phase == "score":
            left = MAX_FILLS - state["fills"]
            return f"{_PROMPTS[phase]} ({left} more this round)"
        return _PROMPTS[phase]

    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Return every action ``player`` may take now (empty unless they must decide)."""
        if player not in self._waiting(state):
            return []
        phase = state["phase"]
        if phase == "draft":
            return [{"type": "pick", "card": c} for c in state["hands"][player]]
        if phase == "build":
            hand = state["hands"][player]
            actions: list[Action] = [{"type": "install", "card": c, "slot": slot}
                                     for c in hand for slot in rules.install_slots(state, player, c)]
            actions.append({"type": "pixel"})  # discards the hand's first card: install the others first
            if rules.may_flip(state, player):
                actions.append({"type": "flip"})
            return actions
        if phase == "convert":
            work = state["work"][player]
            actions = [{"type": "convert", "source": src, "pay": pay, "gain": gain}
                       for src, pay, gain in rules.convert_options(state, player)]
            if len(work["stored"]) < storage_capacity(state["boards"][player]):
                actions += [{"type": "store", "color": c} for c in COLOURS if c in work["held"]]
            actions += [{"type": "unstore", "color": c} for c in COLOURS if c in work["stored"]]
            actions.append({"type": "confirm"})
            return actions
        actions = [{"type": "fill", "image": i, "row": r} for i, r in rules.fillable(state, player)]
        actions.append({"type": "done"})
        return actions

    def default_action(self, state: State, player: int) -> Action:
        """Return the timeout action: draft the hand's first card; install the first card on a matching
        stack or an empty slot (else take a pixel for it); confirm Convert & Store (which stores what fits);
        fill the most valuable scanline, else finish."""
        if player not in self._waiting(state):
            raise NotYourTurn("You have nothing to decide right now.")
        phase = state["phase"]
        if phase == "draft":
            return {"type": "pick", "card": state["hands"][player][0]}
        if phase == "build":
            card = state["hands"][player][0]
            slots = state["boards"][player]["slots"]
            matching = [i + 1 for i, st in enumerate(slots) if st and fits(st, card)]
            empty = [i + 1 for i, st in enumerate(slots) if not st]
            if matching or empty:
                return {"type": "install", "card": card, "slot": (matching or empty)[0]}
            return {"type": "pixel"}
        if phase == "convert":
            return {"type": "confirm"}
        options = rules.fillable(state, player)
        if not options:
            return {"type": "done"}
        image, row = max(options, key=lambda o: rules.scanline(*o)["vp"])
        return {"type": "fill", "image": image, "row": row}

    # ----------------------------------------------------------------- apply
    def _check(self, state: State, player: int, action: Action) -> Action:
        """Raise ``NotYourTurn``/``IllegalAction`` unless ``action`` answers ``player``'s decision; return it
        normalised (a pixel action without a card names the hand's first card)."""
        if state["status"] != "playing":
            raise NotYourTurn("The game is over.")
        if type(player) is not int or not 0 <= player < state["num_players"]:
            raise NotYourTurn("You are not playing in this game.")
        phase = state["phase"]
        if player not in self._waiting(state):
            if not state["active"][player]:
                raise NotYourTurn("You have left this game.")
            if phase == "draft":
                raise NotYourTurn("You have already picked: wait for the others to pick.")
            if phase == "convert":
                raise NotYourTurn("You have already confirmed: wait for the others.")
            raise NotYourTurn("It is not your turn.")
        if not isinstance(action, dict) or action.get("type") not in _TYPES[phase]:
            raise IllegalAction(_WRONG_KIND[phase])
        kind = action["type"]
        check = getattr(self, f"_check_{kind}")
        return check(state, player, action)

    @staticmethod
    def _hand_card(state: State, player: int, card: Any) -> str:
        """Return ``card`` if it is in the player's hand, else refuse (saying nothing about other cards)."""
        if type(card) is not str or card not in state["hands"][player]:
            raise IllegalAction("That card is not in your hand.")
        return card

    def _check_pick(self, state: State, player: int, action: Action) -> Action:
        """Check a draft pick."""
        return {"type": "pick", "card": self._hand_card(state, player, action.get("card"))}

    def _check_install(self, state: State, player: int, action: Action) -> Action:
        """Check an install: a hand card, a slot 1-6 that is empty or holds the same type."""
        card = self._hand_card(state, player, action.get("card"))
        slot = action.get("slot")
        if type(slot) is not int or not 1 <= slot <= 6:
            raise IllegalAction("Choose a slot from 1 to 6.")
        stack = state["boards"][player]["slots"][slot - 1]
        if not fits(stack, card):
            kind, colour = stack_kind(stack)
            what = f"{COLOUR_NAMES[colour]} collectors" if kind == "collector" else f"{kind} cards"
            raise IllegalAction(f"Slot {slot} holds {what}: only a card of the same type can go there.")
        return {"type": "install", "card": card, "slot": slot}

    def _check_pixel(self, state: State, player: int, action: Action) -> Action:
        """Check a random pixel taken instead of installing a card."""
        card = action.get("card", state["hands"][player][0])
        return {"type": "pixel", "card": self._hand_card(state, player, card)}

    def _check_flip(self, state: State, player: int, action: Action) -> Action:
        """Check a board flip (the Reverser's power)."""
        if not rules.may_flip(state, player):
            raise IllegalAction("Only the Reverser's holder may flip their board, once a round.")
        return {"type": "flip"}

    def _check_convert(self, state: State, player: int, action: Action) -> Action:
        """Check a conversion: a source of the player's with a use left, one of its recipes, the pixels
        to pay, and the gain still in the player's share of the supply."""
        source = action.get("source")
        sources = {src: (recipes, uses) for src, recipes, uses in converter_sources(state, player)}
        if type(source) is not str or source not in sources:
            raise IllegalAction("You have no converter or ability card like that.")
        recipes, uses = sources[source]
        work = state["work"][player]
        if work["used"].get(source, 0) >= uses:
            raise IllegalAction("That card has already converted this round.")
        recipe = next((r for r in recipes if r["pay"] == action.get("pay") and r["gain"] == action.get("gain")),
                      None)
        if recipe is None:
            raise IllegalAction("That card does not convert that way.")
        if not can_pay(work["held"] + work["stored"], recipe["pay"]):
            raise IllegalAction("You do not have the pixels to pay for that.")
        for colour, n in recipe["gain"].items():
            if work["share"].get(colour, 0) < n:
                raise IllegalAction(f"No {COLOUR_NAMES[colour]} pixel is left for you in the supply this round.")
        return {"type": "convert", "source": source, "pay": dict(recipe["pay"]), "gain": dict(recipe["gain"])}

    def _check_store(self, state: State, player: int, action: Action) -> Action:
        """Check storing one held pixel."""
        colour = action.get("color")
        work = state["work"][player]
        if colour not in COLOURS or colour not in work["held"]:
            raise IllegalAction("You hold no pixel of that colour.")
        if len(work["stored"]) >= storage_capacity(state["boards"][player]):
            raise IllegalAction("Your storage slots are full.")
        return {"type": "store", "color": colour}

    def _check_unstore(self, state: State, player: int, action: Action) -> Action:
        """Check taking one stored pixel back out."""
        colour = action.get("color")
        if colour not in COLOURS or colour not in state["work"][player]["stored"]:
            raise IllegalAction("You have no stored pixel of that colour.")
        return {"type": "unstore", "color": colour}

    def _check_confirm(self, state: State, player: int, action: Action) -> Action:
        """Check a confirmation (always legal)."""
        return {"type": "confirm"}

    def _check_fill(self, state: State, player: int, action: Action) -> Action:
        """Check filling a scanline: an unfilled painted row of a face-up image, paid from storage."""
        image_id = action.get("image")
        row = action.get("row")
        image = next((i for i in state["images"] if i["id"] == image_id), None) if type(image_id) is str else None
        if image is None:
            raise IllegalAction("That image card is not on the table.")
        line = rules.scanline(image_id, row) if type(row) is int and 0 <= row <= 3 else None
        if line is None:
            raise IllegalAction(f"{IMAGES[image_id]['name']} has no scanline on that row.")
        if image["filled_by"][row] is not None:
            raise IllegalAction("That scanline is already filled.")
        if not can_pay(state["boards"][player]["stored"], line["needs"]):
            raise IllegalAction("You do not have the pixels that scanline needs in storage.")
        return {"type": "fill", "image": image_id, "row": row}

    def _check_done(self, state: State, player: int, action: Action) -> Action:
        """Check finishing one's Score turn (always legal)."""
        return {"type": "done"}

    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action``; automatic steps (Collect, passing hands, closing
        a phase, Generate, the next round, the end) are resolved here too."""
        action = self._check(state, player, action)
        new = rules.copy_state(state)
        new["log"] = []
        kind = action["type"]
        if kind == "pick":
            rules.pick(new, player, action["card"])
        elif kind == "install":
            rules.install(new, player, action["card"], action["slot"])
        elif kind == "pixel":
            rules.take_pixel(new, player, action["card"])
        elif kind == "flip":
            rules.flip(new, player)
        elif kind == "convert":
            rules.convert(new, player, action["source"], action["pay"], action["gain"])
        elif kind == "store":
            rules.store(new, player, action["color"])
        elif kind == "unstore":
            rules.unstore(new, player, action["color"])
        elif kind == "confirm":
            rules.finish_convert(new, player)
        elif kind == "fill":
            rules.fill(new, player, action["image"], action["row"])
        else:
            rules.done_scoring(new)
        new["acts"][player] += 1
        rules.advance(new)
        return new

    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` leaves (see docs/rules/pixel_pusher.md, "Leaving")."""
        if state["status"] != "playing":
            raise IllegalAction("The game is already over.")
        if type(player) is not int or not 0 <= player < state["num_players"]:
            raise IllegalAction("That seat is not in this game.")
        if not state["active"][player]:
            raise IllegalAction("You have already left this game.")
        new = rules.copy_state(state)
        new["log"] = []
        rules.leave(new, player)
        new["acts"][player] += 1
        rules.advance(new)
        return new

    def undo_allowed(self, before: State, after: State, player: int, action: Action) -> bool:
        """Return whether ``action`` revealed nothing and drew nothing: not an install (a hand card shown), a
        random pixel, a pick that completed a pass (new hands seen), nor anything that closed a phase."""
        if not isinstance(action, dict) or after["status"] != "playing":
            return False
        if after["rng"] != before["rng"] or (after["round"], after["phase"]) != (before["round"], before["phase"]):
            return False
        kind = action.get("type")
        if kind == "pick":
            return bool(after["picked"][player])
        return kind in ("flip", "convert", "store", "unstore", "confirm", "fill", "done")

    # ------------------------------------------------------------------ view
    def view(self, state: State, viewer: int | None) -> View:
        """Return the view of docs/dev/pixel_pusher_view.md: the public part, plus ``viewer``'s hand, picks
        and Convert & Store work when ``viewer`` is a seat."""
        return build_view(state, viewer, self._waiting(state))

    # -------------------------------------------------------------- describe
    def describe_action(self, state: State, player: int, action: Action) -> str:
        """Return a public sentence: it never names a drafted card, nor a private Convert & Store step."""
        try:
            return self._describe(state, player, action, private=False)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return self._fallback(player, action)

    def describe_for(self, state: State, player: int, action: Action, viewer: int | None) -> str:
        """Return the sentence ``viewer`` may read: the acting player reads their hidden details too."""
        if viewer is None or viewer != player:
            return self.describe_action(state, player, action)
        try:
            return self._describe(state, player, action, private=True)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return self._fallback(player, action)

    @staticmethod
    def _fallback(player: Any, action: Any) -> str:
        """Return a neutral sentence for an action that cannot be described (malformed input never crashes)."""
        kind = action.get("type") if isinstance(action, dict) else None
        who = f"seat {player + 1}" if type(player) is int else "a player"
        return f"{who}: {kind if isinstance(kind, str) and kind in _ALL_TYPES else 'action'}"

    def _describe(self, state: State, player: int, action: Action, private: bool) -> str:
        """Describe an action from the state before it is applied."""
        kind = action["type"]
        if kind == "pick":
            return f"picked {card_name(action['card'])}" if private else "made a pick"
        if kind == "install":
            return f"installed {MACHINES[action['card']]['name']} in slot {action['slot']}"
        if kind == "pixel":
            card = action.get("card") or state["hands"][player][0]
            what = f"discarded {card_name(card)}" if private else "discarded a card"
            return f"{what} to take a random pixel"
        if kind == "flip":
            side = state["boards"][player]["side"]
            return f"flipped their board to the {'6-1' if side == 'A' else '1-6'} side"
        if kind == "convert":
            if not private:
                return "worked on their machine"
            return f"converted {recipe_text(action['pay'], action['gain'])} with {card_name(action['source'])}"
        if kind in ("store", "unstore"):
            if not private:
                return "worked on their machine"
            return f"{'stored' if kind == 'store' else 'took out of storage'} a {COLOUR_NAMES[action['color']]} pixel"
        if kind == "confirm":
            return "confirmed Convert & Store"
        if kind == "fill":
            line = rules.scanline(action["image"], action["row"])
            return f"filled row {action['row'] + 1} of {IMAGES[action['image']]['name']} for {line['vp']} VP"
        if kind == "done":
            return "finished scoring"
        return self._fallback(player, action)
