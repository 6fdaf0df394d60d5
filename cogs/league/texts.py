"""The texts of league posts: the sign-up post, challenges, games, results, cycle ends and the end."""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.settings import deadline_text
from cogs.game_threads import where_below
from cogs.league.common import base_name, name_of
from cogs.posts import MAX_CONTENT, esc

PAIR_CAPS = {None: "no pair cap", 1: "at most 1 battle per pair a cycle", 2: "at most 2 battles per pair a cycle"}


def players_of(row: Any) -> list[dict]:
    """Return the league's players in sign-up order."""
    return list((row.state or {}).get("players") or [])


def options_line(row: Any) -> str:
    """Return the league's cycles, their length, its size and pair cap, and its games' deadline."""
    state = row.state or {}
    cycles, days = int(state.get("cycles") or 0), int(state.get("cycle_days") or 0)
    parts = [f"{cycles} cycle{'' if cycles == 1 else 's'} of {days} day{'' if days == 1 else 's'}",
             f"up to {state.get('max_players')} players", PAIR_CAPS.get(state.get("pair_cap"), "")]
    hours = row.options.get("deadline_hours")
    parts.append(f"{deadline_text(hours)} per move" if hours is not None else "no deadline per move")
    return " · ".join(p for p in parts if p)


def _fit(text: str) -> str:
    return text if len(text) <= MAX_CONTENT else text[:MAX_CONTENT - 1] + "…"


def signup_text(row: Any, ends_at: float | None = None) -> str:
    """Return the league post's text for its status."""
    head = f"🏰 **{name_of(row)}** — Pixel Tactics League: {options_line(row)}. Organised by <@{row.creator_id}>."
    players = players_of(row)
    listed = ", ".join(f"<@{p['id']}>" + (f" ({p['colour']})" if p.get("colour") else "") for p in players)
    listed = listed or "nobody yet"
    if row.status == "cancelled":
        return f"🚫 **{name_of(row)}** was cancelled."
    if row.status == "finished":
        won = ", ".join(f"<@{u}>" for u in (row.state or {}).get("winners") or [])
        return _fit(f"{head}\nThe league is over." + (f" Winner: {won} 🏆" if won else "") +
                    f"\nPlayers ({len(players)}): {listed}")
    if row.status == "running":
        state = row.state or {}
        if state.get("phase") in ("draft", "discard"):
            now = " The League Draft is on: each player picks in turn, by DM."
        else:
            until = f", until <t:{int(ends_at)}:f>" if ends_at else ""
            now = (f" Cycle {state.get('cycle')} of {state.get('cycles')} is being played{until}: "
                   "`/league challenge` a rival.")
        return _fit(f"{head}{now}\nPlayers ({len(players)}): {listed}")
    return _fit(f"{head}\nSigned up ({len(players)}): {listed}\nPress **Join** to play; <@{row.creator_id}> "
                "(or an organiser) presses **Start** when everyone is in.")


def start_text(row: Any, drafter: int | None) -> str:
    """Return the start announcement: each player's Base colour, and who drafts first."""
    colours = ", ".join(f"<@{p['id']}> {p.get('colour')}" for p in players_of(row))
    first = f" <@{drafter}> picks first; each pick comes by DM." if drafter else ""
    return _fit(f"🏰 **{name_of(row)}** has started! Base colours: {colours}. Everyone gets 25 random Heroes and "
                f"the 5 Bases of their colour, then the League Draft of 5 Leaders runs one player at a time.{first}")


def challenge_text(row: Any, challenge: dict) -> str:
    """Return a challenge post's text for the challenge's status."""
    by, to = challenge["by"], challenge["to"]
    head = f"⚔️ **{name_of(row)}** — <@{by}> challenges <@{to}>"
    status = challenge.get("status")
    if getattr(row, "status", None) in ("finished", "cancelled") and status in ("offered", "accepted"):
        return f"{head}: the league is over before it was played."
    if status == "offered":
        return f"{head}. <@{to}>: **Accept** or **Decline** (you are never obliged)."
    if status == "accepted":
        return (f"{head}: accepted. Each of you chooses a Leader and the rival's Base to attack in secret (by DM, or "
                "press **My secret choice**); the game starts when both have chosen.")
    if status == "declined":
        return f"{head}: declined."
    if status == "withdrawn":
        return f"{head}: withdrawn."
    if status == "lapsed":
        return f"{head}: the cycle ended before it was played."
    if status == "playing":
        return f"{head}: accepted, both chose: the game is on (posted below)."
    if status == "done":
        winner = challenge.get("winner")
        return f"{head}: played, " + (f"<@{winner}> won." if winner else "a tie.")
    if status == "void":
        return f"{head}: voided by an organiser."
    return f"{head}: {esc(str(status))}."


def game_text(row: Any, table: Any, challenge: dict | None, thread: bool = True) -> str:
    """Return the public post of a challenge's game: who plays which Leader with which Base (revealed now that
    both chose), and where (``thread``: in a thread started from this post, else in the channel)."""
    players = [s.user_id for s in table.seats]
    lines = [f"⚔️ **{name_of(row)}** — the challenge is on: " + " v ".join(f"<@{u}>" for u in players) + "."]
    if challenge:
        choices = challenge.get("choices") or {}
        for user in players:
            rival = players[1] if user == players[0] else players[0]
            mine, theirs = choices.get(str(user)) or {}, choices.get(str(rival)) or {}
            if mine and theirs:
                lines.append(f"<@{user}> leads with **{name_of_card(mine['leader'])}** and defends "
                             f"**{base_name(theirs['base'])}**.")
    lines.append(f"Your game is **{table.title}**, {where_below(thread)} (one game, one trophy).")
    return _fit("\n".join(lines))


def result_text(row: Any, challenge: dict) -> str:
    """Return the line announcing a challenge's result: the winner and the Base captured (a tie captures none)."""
    by, to = challenge["by"], challenge["to"]
    winner = challenge.get("winner")
    if challenge.get("status") != "done":
        return f"♻️ **{name_of(row)}** — the result of <@{by}> v <@{to}> no longer counts."
    if winner is None:
        return (f"🤝 **{name_of(row)}** — <@{by}> v <@{to}> ended in a tie: no Base is captured; both Leaders "
                "retire for this cycle.")
    loser = to if winner == by else by
    base = ((challenge.get("choices") or {}).get(str(winner)) or {}).get("base")
    taken = f" and captures **{base_name(base)}**" if base else ""
    return (f"🏆 **{name_of(row)}** — <@{winner}> beats <@{loser}>{taken}. Both Leaders retire for this cycle.")


def cycle_text(row: Any, cycle: int | None, ends_at: float | None) -> str:
    """Return the announcement of a cycle's end (the redraft follows) with the standings images."""
    state = row.state or {}
    nxt = int(state.get("ended") or 0) + 1
    text = f"📋 **{name_of(row)}** — cycle {cycle} is over and scored. Standings and score sheets:"
    if state.get("phase") in ("discard", "draft"):
        text += (f"\nBefore cycle {nxt}: each player puts back the Leaders they do not want (by DM, or "
                 "`/league discard`), then drafts back to 5 Leaders and 5 new Heroes, one at a time, lowest score "
                 "first (by DM).")
    elif ends_at:
        text += f"\nCycle {nxt} has begun; it ends <t:{int(ends_at)}:f>."
    return text


def end_text(row: Any) -> str:
    """Return the end announcement: the winner (or the winners sharing first place)."""
    winners = list((row.state or {}).get("winners") or [])
    if not winners:
        return f"🏁 **{name_of(row)}** is over. Final standings and score sheets:"
    who = " and ".join(f"<@{u}>" for u in winners)
    verb = "share the win" if len(winners) > 1 else "wins the league"
    return f"🏆 **{name_of(row)}** is over: {who} {verb}! Final standings and score sheets:"
