"""The lobby post's text: the game, its options, the seats and what to do next."""

from __future__ import annotations

from bot.games.pixel_tactics.modes import MODES as PT_MODES
from bot.i18n import N_, t, tn
from bot.tables import Table
from cogs.computer.lobby import computer_line
from cogs.computer.posts import seat_label
from cogs.lobby.decks import deck_line
from cogs.pixel_tactics import team_lobby
from cogs.settings import deadline_words


def lobby_text(table: Table, lang: str = "en") -> str:
    """Return the lobby post's text (in ``lang``, the server's language): game, options, seats and what to do."""
    low, high = table.seat_range
    teams = team_lobby.team_mode(table) is not None
    seats = (team_lobby.seat_lines(table) if teams
             else "\n".join(f"{s.seat + 1}. {seat_label(table, s.seat, lang)}" for s in table.seats))
    chosen = table.row.options.get("game") or {}
    options = mode_line(chosen, lang) + "".join(
        "\n" + t(lang, "Option: {name} = {value}", name=k.replace("_", " "),
                  value=t(lang, "on") if v is True else t(lang, "off") if v is False else v)
        for k, v in sorted(chosen.items()) if k not in _UNSHOWN) + deadline_line(table.row.options, lang)
    options += rated_line(table.row.options, lang) + computer_line(table, lang)
    options += deck_line(table, lang)
    status = table.row.status
    title = f"**{table.title}**"
    if status == "cancelled":
        return "🚫 " + t(lang, "{title} — the table was cancelled.", title=title)
    if status != "lobby":
        return ("🎲 " + t(lang, "{title} — the game has started.", title=title) + options + "\n"
                + t(lang, "Players:") + "\n" + seats)
    free = high - len(table.seats)
    needs = max(0, low - len(table.seats))
    creator = f"<@{table.row.creator_id}>"
    if needs:
        hint = t(lang, "Needs {count} more to start.", count=needs)
    elif free:
        hint = t(lang, "{creator} can start now (or wait for up to {free} more).", creator=creator, free=free)
    else:
        hint = t(lang, "{creator} can start now.", creator=creator)
    players = (t(lang, "{low}–{high} players", low=low, high=high) if low != high
               else tn(lang, "{count} player", "{count} players", low, count=low))
    where = (N_("{title} — a table for {players}, played in a thread.") if table.row.options.get("thread", True)
             else N_("{title} — a table for {players}, played in this channel."))
    if teams:
        options += team_lobby.team_note(table)
    return "🎲 " + t(lang, where, title=title, players=players) + options + "\n" + t(lang, "Seated:") + f"\n{seats}\n{hint}"


#: engine options a lobby post never lists (built decks are private; the content version is bookkeeping)
_UNSHOWN = ("decks", "content", "cube", "mode")


def mode_line(chosen: dict, lang: str = "en") -> str:
    """Return the lobby text's line naming a Pixel Tactics mode other than Classic (Classic says nothing)."""
    mode = chosen.get("mode")
    return "\n" + t(lang, "Mode: {mode}", mode=PT_MODES[mode]) if mode in PT_MODES and mode != "classic" else ""


def deadline_line(options: dict, lang: str = "en") -> str:
    """Return the lobby text's deadline line (a table without a chosen deadline uses the server's)."""
    if "deadline_hours" not in options:
        return "\n" + t(lang, "Deadline: the server's default")
    hours = options["deadline_hours"]
    if hours is None:
        return "\n" + t(lang, "Deadline: no deadline")
    return "\n" + t(lang, "Deadline: {deadline} per move", deadline=deadline_words(hours, lang))


def rated_line(options: dict, lang: str = "en") -> str:
    """Return the lobby text's line for a game its host marked unrated (rated games say nothing)."""
    return "\n" + t(lang, "Unrated: the result does not change ratings") if options.get("rated") is False else ""
