"""Pixel Tactics team modes at the lobby (issue #12): each seat's team and role (seat = join order), the /play
options a team mode refuses at once, and the lobby that starts when its last seat is taken."""

from __future__ import annotations

from bot.games.pixel_tactics.modes import MODES, TEAM_MODES, role_of_seat, seats_of, team_of_seat
from bot.lobby_decks import is_built
from bot.tables import Table

#: /play ``points`` choices (Team Cross Duel only): value -> words
POINTS_CHOICES = {3: "3 (3 from one rival or 1 from each)", 5: "5 (5 from one rival or 2 from each)"}


def team_mode(table: Table) -> str | None:
    """Return the table's team mode ("team" or "king"), or None (any other game or mode)."""
    mode = (table.row.options.get("game") or {}).get("mode")
    return mode if table.row.kind == "pixel-tactics" and mode in TEAM_MODES else None


def seat_role(mode: str, seat: int) -> str:
    """Return a seat's team and role in words, e.g. ``Team 1`` or ``Team 2, King``."""
    role = role_of_seat(mode, seat)
    return f"Team {team_of_seat(mode, seat) + 1}" + (f", {role.capitalize()}" if role else "")


def seat_lines(table: Table) -> str:
    """Return the seats of a team lobby, one line each with its team and role, free seats included."""
    mode = team_mode(table)
    assert mode is not None
    from cogs.computer.posts import seat_label

    taken = {s.seat: seat_label(table, s.seat) for s in table.seats}
    return "\n".join(f"{seat + 1}. {taken.get(seat, '(free)')} — {seat_role(mode, seat)}"
                     for seat in range(seats_of(mode)))


def team_note(table: Table) -> str:
    """Return the lobby's line explaining a team table (seats by joining order, starts when full)."""
    mode = team_mode(table)
    built = (" if every player has chosen a deck by then (otherwise the opener starts it once they have)"
             if is_built(table) else "")
    if mode == "king":
        return ("\nSeats go by joining order: each team is a King between two Knights (a Knight reaches the Knight "
                f"across; a King's Long Action reaches farther). The game starts when all 6 seats are taken{built}.")
    return ("\nSeats go by joining order: Team 1 and Team 2 alternate around the table. The game starts when all "
            f"4 seats are taken{built}.")


def team_refusal(picked: dict) -> str | None:
    """Return why /play options don't fit a team mode (``points`` outside Team Cross Duel, more than one
    game, Promos, Chase Leaders, 5 points with built decks), or None."""
    mode = picked.get("mode")
    if picked.get("points") is not None and mode != "team":
        return "The `points` option is for Team Cross Duel (`mode:team`) only."
    if mode not in TEAM_MODES:
        return None
    title = MODES[mode]
    if picked.get("trophies") not in (None, 1):
        return f"{title} is one game, won by defeating Leaders: leave `trophies` out."
    if picked.get("promos"):
        return f"{title} is played without Promos."
    if picked.get("chase"):
        return f"{title} is played without Chase Leaders."
    if picked.get("points") == 5 and picked.get("deck") is not None:
        return ("A built deck holds 4 Leaders and each lost Leader is set aside: a game to 5 points may need 5. "
                "Play to 3 points with built decks.")
    return None


def full(table: Table) -> bool:
    """Return whether a team lobby has every seat taken (it then starts by itself)."""
    mode = team_mode(table)
    return mode is not None and table.row.status == "lobby" and len(table.seats) == seats_of(mode)
