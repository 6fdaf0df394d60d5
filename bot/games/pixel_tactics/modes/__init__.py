"""Pixel Tactics game modes: their names and the mode of a match (Classic states hold no ``mode`` key)."""

from __future__ import annotations

from typing import Any

from ...base import N_

#: engine option value -> the mode's name shown to players (marked for the catalogue: refusals carry it as a
#: field, which the application translates where it is shown)
MODES: dict[str, str] = {"classic": N_("Classic"), "siege": N_("Siege"), "duel_draft": N_("Duel Draft"),
                         "epic": N_("Epic Duel"), "team": N_("Team Cross Duel"), "king": N_("King")}
#: mode -> the seats a match of it is played by (every mode not listed: 2)
SEATS: dict[str, int] = {"team": 4, "king": 6}
#: the team modes (seats in teams, see modes/teams.py)
TEAM_MODES = ("team", "king")


def seats_of(mode: str) -> int:
    """Return how many seats a match of ``mode`` is played by (2, 4 for Team Cross Duel, 6 for King)."""
    return SEATS.get(mode, 2)


#: King's seats in clockwise table order: (team index, role)
KING_SEATS: tuple[tuple[int, str], ...] = ((0, "king"), (0, "knight"), (1, "knight"), (1, "king"), (1, "knight"),
                                           (0, "knight"))


def team_of_seat(mode: str, seat: int) -> int:
    """Return the team index (0 = Team 1) of a seat in a team mode: Team Cross Duel alternates (seat % 2), King
    seats {0, 1, 5} and {2, 3, 4}."""
    return KING_SEATS[seat][0] if mode == "king" else seat % 2


def role_of_seat(mode: str, seat: int) -> str | None:
    """Return a King seat's role ("king" or "knight"); None in the other modes."""
    return KING_SEATS[seat][1] if mode == "king" else None


def mode_of(state: dict[str, Any]) -> str:
    """Return the mode a match is played in ("classic" when the state holds no ``mode``)."""
    return state.get("mode", "classic")


def mode_title(state: dict[str, Any]) -> str:
    """Return the players' name of a match's mode ("Classic", "Siege", "Duel Draft", "Epic Duel", "Team Cross Duel",
    "King")."""
    return MODES.get(mode_of(state), MODES["classic"])
