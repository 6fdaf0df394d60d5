"""A game as loaded from storage (its row, seats and engine), what an accepted action did, and the
replay of a game's action log."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, Decision, Engine, State
from bot.i18n import N_, SOURCE, t, translate
from bot.registry import title
from storage.rows import GameRow, SeatRow

#: a computer seat's name: the first computer of a table, and the others (numbered)
COMPUTER_NAMES = (N_("Computer ({level})"), N_("Computer {number} ({level})"))


def computer_label(level: str, number: int, lang: str = SOURCE) -> str:
    """Return a computer seat's name in ``lang``: ``Computer (strong)``, or ``Computer 2 (easy)`` for the second."""
    message = COMPUTER_NAMES[0] if number <= 1 else COMPUTER_NAMES[1]
    return t(lang, message, number=number, level=translate(lang, level, "choice"))


#: the action logged when a player leaves a running game (replayed as ``Engine.leave``)
RESIGN = "resign"
#: the action logged when the last effective action is taken back (replay drops that action)
UNDO = "undo"


@dataclass(frozen=True)
class Table:
    """A game loaded from storage, with its seats and engine."""

    row: GameRow
    seats: list[SeatRow]
    engine: Engine
    #: how many actions were taken back: it tags decision ids, so that a decision reopened by an
    #: undo never takes the id (and the buttons, timers) of the one it replaced
    epoch: int = 0

    @property
    def id(self) -> int:
        """Return the game id."""
        return self.row.id

    @property
    def state(self) -> State:
        """Return the engine state (running or finished games only)."""
        assert self.row.state is not None
        return self.row.state

    @property
    def title(self) -> str:
        """Return e.g. ``Pixies #12``."""
        return f"{title(self.row.kind)} #{self.row.id}"

    @property
    def seat_range(self) -> tuple[int, int]:
        """Return the fewest and most seats this table's game is played by (its engine options may decide)."""
        return self.engine.seat_range(self.row.options.get("game") or {})

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat index of a member, or ``None``."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        """Return the member id at a seat."""
        return self.seats[seat].user_id

    def names(self, lang: str = SOURCE, taken: dict[int, str] | None = None) -> list[str]:
        """Return the display names by seat (a seat a computer plays after a timeout: ``Ana (computer, normal)``),
        in ``lang``: a computer seat's own name (``Computer (easy)``) and those words are translated. ``taken``:
        ``{seat: level}`` of the members' seats to name as played by a computer (default: the current takeover)."""
        if taken is None:
            taken = {int(seat): level for seat, level in (self.row.options.get("takeover") or {}).items()}
        levels = self.row.options.get("computer_levels") or {}
        out = []
        for s in self.seats:
            name = s.name or t(lang, "Player {number}", number=s.seat + 1)
            level = levels.get(str(s.user_id))
            if level is not None and lang != SOURCE:
                name = next((computer_label(level, k, lang) for k in range(1, len(self.seats) + 1)
                             if s.name == computer_label(level, k)), name)
            if s.seat in taken and level is None:  # a computer seat's own name already says so
                name = t(lang, "{name} (computer, {level})", name=name, level=translate(lang, taken[s.seat], "choice"))
            out.append(name)
        return out

    def actor_name(self, seat: int, computer_level: str | None, lang: str = SOURCE) -> str:
        """Return the name of a logged action's actor in ``lang`` by the computer level its row records: ``None``
        (a member moved: ``Ana``) or a level (``Ana (computer, normal)``; a computer seat keeps its own name),
        whatever the current takeover."""
        return self.names(lang, {seat: computer_level} if computer_level else {})[seat]

    def pending(self) -> list[Decision]:
        """Return the pending decisions (none unless running)."""
        if self.row.status != "running":
            return []
        decisions = self.engine.pending(self.state)
        if self.epoch:
            decisions = [dataclasses.replace(d, id=f"{d.id}u{self.epoch}") for d in decisions]
        return decisions


@dataclass(frozen=True)
class Outcome:
    """What an accepted action did: the table before and after, and a public description."""

    before: Table
    after: Table
    seat: int
    action: Action
    text: str


def game_options(row: GameRow) -> dict[str, Any]:
    """Return the options meant for the engine (the table's own, like ``thread``, are kept apart)."""
    return dict(row.options.get("game") or {})


def replay(eng: Engine, row: GameRow, num_players: int, actions: list[tuple[int, Action]]) -> State:
    """Rebuild a state from ``new_game`` and the ``(seat, action)`` pairs of the action log.

    An ``undo`` entry takes back the last effective action before it (the log itself stays
    append-only).
    """
    effective: list[tuple[int, Action]] = []
    for seat, action in actions:
        if action.get("type") == UNDO:
            if effective:
                effective.pop()
        else:
            effective.append((seat, action))
    state = eng.new_game(num_players, game_options(row), row.seed)
    for seat, action in effective:
        if action.get("type") == RESIGN:
            state = eng.leave(state, seat)
        else:
            state = eng.apply(state, seat, action)
    return state
