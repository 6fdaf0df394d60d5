"""The engine contract shared by every game of Pixel Parlor.

A rules engine is a pure, deterministic object: it never performs I/O, never reads the
wall clock and draws randomness only from the seed stored in the game state. The state
and every action are plain JSON values (dicts, lists, str, int, bool, None), so a state
round-trips through ``json.dumps``/``json.loads`` unchanged and the same seed plus the
same actions always produce the same state. A returned state never shares a changeable
container with the state it came from; an engine may share immutable parts between states
(``bot/games/pixies/frozen.py``: dict and list subclasses that refuse changes, equal to and
serialised like the plain values).

Players are identified by their seat index (0..n-1); the platform maps seats to
Discord members. The platform never inspects a state itself: it only calls the
methods below.

Play-by-post support lives in the contract too: every engine says which decisions are
pending (who must decide what, each with an id that changes once that decision has been
made, so a stale button can be recognised), which action a player who times out takes
by default, and what happens when a player leaves the game.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]


def N_(message: str) -> str:  # noqa: N802  (gettext's name for "mark for the catalogue, translate later")
    """Mark ``message`` (a refusal defined in a table) for the catalogue: the application translates it."""
    return message


class Phrase(str):
    """An English clause filled into another message's field that stays translatable: the English text itself,
    with its catalogue ``template`` and ``fields`` (``bot.i18n.translate`` translates it in the field)."""

    template: str
    fields: dict[str, object]
    #: a counted clause's plural template (``template`` is then its singular), None for a plain clause
    plural: str | None = None
    #: a counted clause's count (which picks the form: gettext's ``ngettext``)
    count: int = 1

    def __new__(cls, template: str, **fields: object) -> Phrase:
        """The clause ``template`` with ``fields`` filled in (in English)."""
        phrase = super().__new__(cls, template.format(**fields) if fields else template)
        phrase.template, phrase.fields = template, fields
        return phrase

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **fields: object) -> Phrase:
        """A counted clause (one catalogue message with plural forms): ``singular`` for 1 and ``plural`` otherwise
        in English, ``{n}`` filled with ``n`` unless a field says otherwise (``bot.i18n.tn`` translates it)."""
        fields.setdefault("n", n)
        phrase = super().__new__(cls, (singular if n == 1 else plural).format(**fields))
        phrase.template, phrase.fields, phrase.plural, phrase.count = singular, fields, plural, n
        return phrase


class Refusal(Exception):
    """An exception whose message is an English catalogue template: the base of the refusals of the engines
    (``GameError``), the table service (``bot.errors.ParlorError``), tournaments and leagues."""

    def __init__(self, message: str, **fields: object):
        # ``message`` is an English template (a catalogue message: the application translates it) and
        # ``fields`` fill its ``{names}``; ``self.message`` is the English sentence.
        text = message.format(**fields) if fields else message
        super().__init__(text)
        self.template = message
        self.fields = fields
        self.message = text


class GameError(Refusal):
    """A user-facing refusal: its message is safe to show to the player who caused it."""

    code = "game_error"


class IllegalAction(GameError):
    """The action is not legal in the current state."""

    code = "illegal_action"


class NotYourTurn(GameError):
    """The player has no pending decision that this action could answer."""

    code = "not_your_turn"


class BadOptions(GameError):
    """The options given for a new game are malformed or out of range."""

    code = "bad_options"


@dataclass(frozen=True)
class Decision:
    """One pending decision: ``player`` must choose one of their legal actions.

    ``id`` is unique within the game's history: once the decision is answered the next
    decision (even for the same player and kind) gets a different id. ``kind`` is a short
    machine name (e.g. ``"pick"``), ``prompt`` a short human sentence, and ``private``
    says that the choice is secret and must be offered by DM or ephemerally.
    """

    player: int
    kind: str
    id: str
    prompt: str = ""
    private: bool = False


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores`` holds one number per seat (or ``None`` where the game has no score);
    ``winners`` the seats that share the victory; ``ranking`` lists seats best first,
    tied seats grouped in one inner list.
    """

    winners: list[int]
    ranking: list[list[int]]
    scores: list[int | None] = field(default_factory=list)
    reason: str = ""


class Engine(ABC):
    """A game's rules: every method is pure and returns new values (inputs are not mutated)."""

    #: machine name used in storage and commands, e.g. ``"pixies"``
    name: str = ""
    #: human title
    title: str = ""
    min_players: int = 2
    max_players: int = 2

    @abstractmethod
    def new_game(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        """Return the initial state of a game; raise ``BadOptions`` for malformed options."""

    @abstractmethod
    def pending(self, state: State) -> list[Decision]:
        """Return the decisions currently awaited (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Return every action ``player`` may take now (empty when they have nothing to decide)."""

    @abstractmethod
    def apply(self, state: State, player: int, action: Action) -> State:
        """Return the state after ``player`` takes ``action``; raise ``GameError`` if it is not legal."""

    @abstractmethod
    def is_terminal(self, state: State) -> bool:
        """Return whether the game is over."""

    @abstractmethod
    def result(self, state: State) -> Result:
        """Return the outcome of a finished game."""

    @abstractmethod
    def view(self, state: State, viewer: int | None) -> View:
        """Return what ``viewer`` may see (``None`` = the public): never anything hidden from them."""

    @abstractmethod
    def default_action(self, state: State, player: int) -> Action:
        """Return the action taken for ``player`` when their pending decision times out."""

    @abstractmethod
    def leave(self, state: State, player: int) -> State:
        """Return the state after ``player`` leaves (resigns or forfeits) the game."""

    def checked_options(self, num_players: Any, options: Any, seed: Any,
                        known: tuple[str, ...] = ()) -> dict[str, Any]:
        """Check ``new_game``'s arguments (player count in range, options a dict of ``known`` names,
        seed an int) and return the options (``None`` → ``{}``); raise ``BadOptions`` otherwise."""
        low, high = self.min_players, self.max_players
        if type(num_players) is not int or not low <= num_players <= high:
            if low == high:
                raise BadOptions("{game} is played by {low} players.", game=self.title, low=low)
            raise BadOptions("{game} is played by {low} to {high} players.", game=self.title, low=low, high=high)
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadOptions("Options must be a set of named values.")
        unknown = sorted(str(k) for k in options if k not in known)
        if unknown:
            raise BadOptions(Phrase.counted("Unknown option for {game}: {options}.", "Unknown options for {game}: {options}.",
                                            len(unknown), game=self.title, options=", ".join(unknown)))
        if type(seed) is not int:
            raise BadOptions("The seed must be an integer.")
        return options

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Return the fewest and most seats a game with these (engine) options is played by: the table's lobby
        fills, and starts, within it (default: ``min_players``, ``max_players``)."""
        return self.min_players, self.max_players

    def settled_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Return ``options`` with every default that must never change for this game written out (e.g. a
        content version), so that a replay years later deals the same game; the table stores the result."""
        return options

    def describe_action(self, state: State, player: int, action: Action) -> str:
        """Return a short public sentence describing ``action`` (before it is applied)."""
        return f"seat {player + 1}: {action.get('type', 'action')}"

    def undo_allowed(self, before: State, after: State, player: int, action: Action) -> bool:
        """Return whether taking back this action reveals nothing hidden: no hidden information was
        revealed by it (``before`` and ``after`` are the states around ``player``'s ``action``).

        Games without hidden information keep this default. The platform never takes back a
        resignation, whatever this returns.
        """
        return True

    def describe_for(self, state: State, player: int, action: Action, viewer: int | None) -> str:
        """Return ``action`` described as ``viewer`` (a seat; ``None`` = the public) may read it.

        The move history shows each member this text: a game whose actions carry hidden details
        (a card drawn, a trap set) reveals them here to their owner only. By default every viewer
        reads the public ``describe_action``.
        """
        return self.describe_action(state, player, action)

    def decision_for(self, state: State, player: int) -> Decision | None:
        """Return the pending decision of ``player``, if any."""
        for decision in self.pending(state):
            if decision.player == player:
                return decision
        return None

    def to_json(self, state: State) -> str:
        """Serialise a state to JSON text (stable key order)."""
        return json.dumps(state, sort_keys=True, separators=(",", ":"))

    def from_json(self, text: str) -> State:
        """Parse a state serialised by ``to_json``."""
        return json.loads(text)


class StoredOutcome:
    """Mixin for engines that keep ``state["status"]`` (``"finished"`` at the end) and, once over,
    ``state["result"]`` = ``{"winners", "ranking", "reason"[, "scores"]}``: ``is_terminal`` and
    ``result`` read them."""

    def is_terminal(self, state: State) -> bool:
        """Return whether the game is over."""
        return state["status"] == "finished"

    def result(self, state: State) -> Result:
        """Return the stored outcome of a finished game."""
        res = state["result"]
        if res is None:
            raise GameError("The game is not over yet.")
        ranking = [list(group) for group in res["ranking"]]
        seats = sum(len(group) for group in ranking)
        return Result(winners=list(res["winners"]), ranking=ranking,
                      scores=list(res.get("scores") or [None] * seats), reason=res.get("reason", ""))


def rng_for(seed: int, *salt: Any) -> random.Random:
    """Return a ``random.Random`` derived deterministically from a seed and salt values."""
    material = ":".join([str(seed), *(str(s) for s in salt)])
    return random.Random(material)


def clone(value: Any) -> Any:
    """Return a deep copy of a plain-JSON value (fresh dicts and lists; faster than ``copy.deepcopy``)."""
    if type(value) is dict:
        return {k: clone(v) for k, v in value.items()}
    if type(value) is list:
        return [clone(v) for v in value]
    return value
