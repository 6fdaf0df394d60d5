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
    clone,
)
from . import ending
from .board import fits, max_fills, storage_capacity
from .build import install_slots, may_flip
from .checks import check_action
from .content import COLOURS, CURRENT, VERSION_CARDS
from .convert import convert_options
from .describe import describe, fallback
from .events import Event
from .events import describe_event as _event
from .rules import advance, perform
from .score import fillable, scanline
from .setup import new_state
from .view import build_view

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
        """Return a game set up as the rulebook says, round 1 drafting (options: ``content``, the content
        version, default the current one; ``scanlines``, 1 or 2 per Score phase, default 1)."""
        options = self.checked_options(num_players, options, seed, ("content", "scanlines"))
        content = options.get("content", CURRENT)
        if type(content) is not int or content not in VERSION_CARDS:
            raise BadOptions("Unknown Pixel Pusher content version: {content}.", content=repr(content))
        scanlines = options.get("scanlines")
        if scanlines is not None and (type(scanlines) is not int or scanlines not in (1, 2)):
            raise BadOptions("Players may fill 1 or 2 scanlines per Score phase.")
        return new_state(num_players, seed, content, scanlines)

    def settled_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Return ``options`` with the content version written out (new games: the current one), so a replay
        deals the cards the game was played with whatever later content changes."""
        if not isinstance(options, dict) or "content" in options:
            return options
        return {**options, "content": CURRENT}

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
            left = max_fills(state) - state["fills"]
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
                                     for c in hand for slot in install_slots(state, player, c)]
            actions.append({"type": "pixel"})  # discards the hand's first card: install the others first
            if may_flip(state, player):
                actions.append({"type": "flip"})
            return actions
        if phase == "convert":
            work = state["work"][player]
            actions = [{"type": "convert", "source": src, "pay": pay, "gain": gain}
                       for src, pay, gain in convert_options(state, player)]
            if len(work["stored"]) < storage_capacity(state["boards"][player]):
                actions += [{"type": "store", "color": c} for c in COLOURS if c in work["held"]]
            actions += [{"type": "unstore", "color": c} for c in COLOURS if c in work["stored"]]
            actions.append({"type": "confirm"})
            return actions
        actions = [{"type": "fill", "image": i, "row": r} for i, r in fillable(state, player)]
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
        options = fillable(state, player)
        if not options:
            return {"type": "done"}
        image, row = max(options, key=lambda o: scanline(*o)["vp"])
        return {"type": "fill", "image": image, "row": row}

    def check(self, state: State, player: int, action: Any) -> Action:
        """Return ``action`` in canonical form, or refuse it as ``apply`` would."""
        return check_action(state, player, action, self._waiting(state))

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action``; automatic steps (Collect, passing hands, closing
        a phase, Generate, the next round, the end) are resolved here too."""
        action = check_action(state, player, action, self._waiting(state))
        return self._resolve(clone(state), player, action)

    def apply_owned(self, state: State, player: int, action: Action) -> State:
        """Like ``apply``, but change and return ``state`` itself, which the caller owns and never reads again (a
        computer player's playout): the same result without copying the whole state at every step."""
        action = check_action(state, player, action, self._waiting(state))
        return self._resolve(state, player, action)

    @staticmethod
    def _resolve(new: State, player: int, action: Action) -> State:
        """Resolve a checked ``action`` on ``new`` (a state nobody else holds) and the automatic steps after it."""
        new["log"], new["log_events"] = [], []
        perform(new, player, action)
        new["acts"][player] += 1
        advance(new)
        return new

    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` leaves (see docs/rules/pixel_pusher.md, "Leaving")."""
        if state["status"] != "playing":
            raise IllegalAction("The game is already over.")
        if type(player) is not int or not 0 <= player < state["num_players"]:
            raise IllegalAction("That seat is not in this game.")
        if not state["active"][player]:
            raise IllegalAction("You have already left this game.")
        new = clone(state)
        new["log"], new["log_events"] = [], []
        ending.leave(new, player)
        new["acts"][player] += 1
        advance(new)
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
            return describe(state, player, action, private=False)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return fallback(player, action)

    def describe_for(self, state: State, player: int, action: Action, viewer: int | None) -> str:
        """Return the sentence ``viewer`` may read: the acting player reads their hidden details too."""
        if viewer is None or viewer != player:
            return self.describe_action(state, player, action)
        try:
            return describe(state, player, action, private=True)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return fallback(player, action)

    def describe_event(self, state: State, player: int, action: Action, private: bool = False) -> Event:
        """Return what ``player``'s (canonical) ``action`` does from ``state``: an English template marked for
        the catalogues and its fields (names are ``Phrase`` fields); filled in English it is ``describe_action``'s
        sentence (``private``: ``describe_for``'s, as its player reads it)."""
        return _event(state, player, action, private)
