"""The texts of tournament posts: the sign-up post, a pairing, a round's end and the end."""

from __future__ import annotations

from typing import Any

from bot.settings import deadline_text
from bot.tournament_rules import MAX_PLAYERS
from cogs.game_threads import where_below
from cogs.posts import MAX_CONTENT, esc
from cogs.tournaments.common import fmt_of, name_of


def signed_up(row: Any) -> list[tuple[int, str]]:
    """Return the members signed up, in sign-up order, as (user id, name)."""
    players = (row.state or {}).get("players") or []
    if isinstance(players, dict):
        players = list(players.values())
    out = []
    for p in players:
        uid = p.get("user_id", p.get("id"))
        out.append((int(uid), str(p.get("name") or uid)))
    return out


def options_line(row: Any) -> str:
    """Return the tournament's format, match length, size, deadline and whether it is rated."""
    opts = row.options
    parts = [fmt_of(row), f"best of {opts.get('best_of', 1)}"]
    if opts.get("max_players") and opts["max_players"] < MAX_PLAYERS:
        parts.append(f"up to {opts['max_players']} players")
    hours = opts.get("deadline_hours")
    parts.append(f"{deadline_text(hours)} per move, forfeit when it passes" if hours is not None else "no deadline")
    parts.append("rated" if opts.get("rated", True) else "unrated")
    if opts.get("deck_format") == "draft":
        parts.append("a Pack Draft first, then the drafted decks")
    elif opts.get("deck_format"):
        parts.append(f"built {opts['deck_format']} decks")
    return " · ".join(parts)


def signup_text(row: Any, *, champion: int | None = None, round_no: int | None = None) -> str:
    """Return the tournament post's text for its status."""
    head = f"🏆 **{name_of(row)}** — {options_line(row)}. Organised by <@{row.creator_id}>."
    players = signed_up(row)
    listed = ", ".join(f"<@{uid}>" for uid, _ in players) or "nobody yet"
    status = row.status
    if status == "cancelled":
        return f"🚫 **{name_of(row)}** was cancelled."
    if status == "finished":
        won = f" Champion: <@{champion}> 🏆" if champion is not None else ""
        text = f"{head}\nThe tournament is over.{won}\nPlayers ({len(players)}): {listed}"
    elif status == "running":
        at = f" Round {round_no} is being played." if round_no else drafting_line(row)
        text = f"{head}\nThe tournament has started.{at}\nPlayers ({len(players)}): {listed}"
    else:
        fmt = row.options.get("deck_format")
        join = (f"Join with `/tournament join deck:<your {fmt} deck>`" if fmt not in (None, "draft")
                else "Press **Join** to play")
        text = (f"{head}\nSigned up ({len(players)}): {listed}\n{join}; "
                f"<@{row.creator_id}> (or an organiser) presses **Start** when everyone is in.")
    return text if len(text) <= MAX_CONTENT else text[:MAX_CONTENT - 1] + "…"


def drafting_line(row: Any) -> str:
    """Return what a tournament that drafts first is doing before round 1 (empty for other tournaments)."""
    draft = (row.state or {}).get("draft")
    if not draft or row.state.get("status") != "signup":
        return ""
    done, pods = sum(1 for d in draft["done"] if d), len(draft["done"])
    return f" The drafts are being played ({done} of {pods} over); round 1 starts when every draft is over."


def draft_text(row: Any, table: Any, thread: bool = True) -> str:
    """Return the public post opening a draft pod of a tournament: who drafts there, picks by DM (``thread``:
    whether the draft is played in a thread started from this post)."""
    info = table.row.options.get("tournament") or {}
    players = ", ".join(f"<@{s.user_id}>" for s in table.seats)
    pods = len(((row.state or {}).get("draft") or {}).get("pods") or [1])
    pod = f", pod {info.get('draft', 0) + 1} of {pods}" if pods > 1 else ""
    return (f"🃏 **{name_of(row)}** — the draft{pod}: {players}. Your draft is **{table.title}**, "
            f"{where_below(thread)}; your picks come by DM (or press **My draft**). Round 1 starts when every draft "
            "is over, with a deck from your pool: edit it with `/pt deck` meanwhile, or the bot's build is played.")


def pairing_text(row: Any, table: Any, match: Any | None, thread: bool = True) -> str:
    """Return the public pairing post of one game of a match (or pod): who plays whom, which game of it, and
    where (``thread``: in a thread started from this post, else in the channel)."""
    info = table.row.options.get("tournament") or {}
    if "draft" in info:
        return draft_text(row, table, thread)
    players = " v ".join(f"<@{s.user_id}>" for s in table.seats)
    best_of = row.options.get("best_of", 1)
    game = f", game {info.get('game_no', 1)} of {best_of}" if best_of > 1 else ""
    where = f"round {match.round}, {'pod' if len(match.players) > 2 else 'match'} {match.slot + 1}" if match else \
        f"match {esc(str(info.get('match', '?')))}"
    return f"⚔️ **{name_of(row)}** — {where}{game}: {players}. Your game is **{table.title}**, {where_below(thread)}."


def bye_text(row: Any, round_no: int, players: list[int]) -> str:
    """Return the line naming the players who sit a round out with a bye (a match won 2–0)."""
    who = ", ".join(f"<@{uid}>" for uid in players)
    return f"🎟️ **{name_of(row)}** — round {round_no}: a bye for {who} (counted as a match won 2–0)."


def round_text(row: Any, round_no: int) -> str:
    """Return the line that goes with a round's bracket or standings image."""
    return f"📋 **{name_of(row)}** — round {round_no} is complete."


def end_text(row: Any, champion: int | None, names: dict[int, str]) -> str:
    """Return the end announcement: the champion, then the final standings image."""
    if champion is None:
        return f"🏁 **{name_of(row)}** is over. Final standings:"
    return (f"🏆 **{name_of(row)}** is over: <@{champion}> ({esc(names.get(champion, '?'))}) is the champion! "
            "Final standings:")
