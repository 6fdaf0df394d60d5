"""The texts of tournament posts: the sign-up post, a pairing, a round's end and the end (each in ``lang``, the
server's language for public posts)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.tournament_rules import MAX_PLAYERS
from cogs.game_threads import where_below
from cogs.posts import MAX_CONTENT, esc
from cogs.settings import deadline_words
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


def best_of_words(best_of: int, lang: str = "en") -> str:
    """Return a match length as posts name it: ``best of 3``."""
    return t(lang, "best of {n}", n=best_of)


def options_line(row: Any, lang: str = "en") -> str:
    """Return the tournament's format, match length, size, deadline and whether it is rated."""
    opts = row.options
    parts = [fmt_of(row, lang), best_of_words(opts.get("best_of", 1), lang)]
    if opts.get("max_players") and opts["max_players"] < MAX_PLAYERS:
        parts.append(t(lang, "up to {n} players", n=opts["max_players"]))
    hours = opts.get("deadline_hours")
    parts.append(t(lang, "{deadline} per move, forfeit when it passes", deadline=deadline_words(hours, lang))
                 if hours is not None else t(lang, "no deadline"))
    parts.append(t(lang, "rated") if opts.get("rated", True) else t(lang, "unrated"))
    if opts.get("deck_format") == "draft":
        parts.append(t(lang, "a Pack Draft first, then the drafted decks"))
    elif opts.get("deck_format") == "standard":
        parts.append(t(lang, "built standard decks"))
    elif opts.get("deck_format"):
        parts.append(t(lang, "built epic decks"))
    return " · ".join(parts)


def signup_text(row: Any, *, champion: int | None = None, round_no: int | None = None, lang: str = "en") -> str:
    """Return the tournament post's text for its status."""
    name, organiser = name_of(row, lang), f"<@{row.creator_id}>"
    head = t(lang, "🏆 **{name}** — {options}. Organised by {organiser}.", name=name,
             options=options_line(row, lang), organiser=organiser)
    players = signed_up(row)
    listed = ", ".join(f"<@{uid}>" for uid, _ in players) or t(lang, "nobody yet")
    status = row.status
    if status == "cancelled":
        return t(lang, "🚫 **{name}** was cancelled.", name=name)
    if status == "finished":
        pinged = f"<@{champion}>"
        won = t(lang, " Champion: {champion} 🏆", champion=pinged) if champion is not None else ""
        text = (head + "\n" + t(lang, "The tournament is over.") + won + "\n"
                + t(lang, "Players ({count}): {players}", count=len(players), players=listed))
    elif status == "running":
        at = t(lang, " Round {round} is being played.", round=round_no) if round_no else drafting_line(row, lang)
        text = (head + "\n" + t(lang, "The tournament has started.") + at + "\n"
                + t(lang, "Players ({count}): {players}", count=len(players), players=listed))
    else:
        fmt = row.options.get("deck_format")
        join = (t(lang, "Join with `/tournament join deck:<your {format} deck>`", format=fmt) if fmt not in (None, "draft")
                else t(lang, "Press **Join** to play"))
        text = (head + "\n" + t(lang, "Signed up ({count}): {players}", count=len(players), players=listed) + "\n"
                + t(lang, "{join}; {organiser} (or an organiser) presses **Start** when everyone is in.", join=join,
                    organiser=organiser))
    return text if len(text) <= MAX_CONTENT else text[:MAX_CONTENT - 1] + "…"


def drafting_line(row: Any, lang: str = "en") -> str:
    """Return what a tournament that drafts first is doing before round 1 (empty for other tournaments)."""
    draft = (row.state or {}).get("draft")
    if not draft or row.state.get("status") != "signup":
        return ""
    done, pods = sum(1 for d in draft["done"] if d), len(draft["done"])
    return t(lang, " The drafts are being played ({done} of {pods} over); round 1 starts when every draft is over.",
             done=done, pods=pods)


def draft_text(row: Any, table: Any, thread: bool = True, lang: str = "en") -> str:
    """Return the public post opening a draft pod of a tournament: who drafts there, picks by DM (``thread``:
    whether the draft is played in a thread started from this post)."""
    info = table.row.options.get("tournament") or {}
    players = ", ".join(f"<@{s.user_id}>" for s in table.seats)
    pods = len(((row.state or {}).get("draft") or {}).get("pods") or [1])
    name = name_of(row, lang)
    where = where_below(thread, lang)
    if pods > 1:
        return t(lang, "🃏 **{name}** — the draft, pod {pod} of {pods}: {players}. Your draft is **{draft}**, {where}; "
                 "your picks come by DM (or press **{button}**). Round 1 starts when every draft is over, with a deck "
                 "from your pool: edit it with `/pt deck` meanwhile, or the bot's build is played.", name=name,
                 pod=info.get("draft", 0) + 1, pods=pods, players=players, draft=table.title, where=where,
                 button=t(lang, "My draft"))
    return t(lang, "🃏 **{name}** — the draft: {players}. Your draft is **{draft}**, {where}; your picks come by DM "
             "(or press **{button}**). Round 1 starts when every draft is over, with a deck from your pool: edit it "
             "with `/pt deck` meanwhile, or the bot's build is played.", name=name, players=players,
             draft=table.title, where=where, button=t(lang, "My draft"))


def match_words(match: Any, info: dict, lang: str = "en") -> str:
    """Return which match (or pod) of which round a game belongs to: ``round 2, match 1``."""
    if match is None:
        return t(lang, "match {match}", match=esc(str(info.get("match", "?"))))
    if len(match.players) > 2:
        return t(lang, "round {round}, pod {slot}", round=match.round, slot=match.slot + 1)
    return t(lang, "round {round}, match {slot}", round=match.round, slot=match.slot + 1)


def pairing_text(row: Any, table: Any, match: Any | None, thread: bool = True, lang: str = "en") -> str:
    """Return the public pairing post of one game of a match (or pod): who plays whom, which game of it, and
    where (``thread``: in a thread started from this post, else in the channel)."""
    info = table.row.options.get("tournament") or {}
    if "draft" in info:
        return draft_text(row, table, thread, lang)
    players = t(lang, " v ").join(f"<@{s.user_id}>" for s in table.seats)
    best_of = row.options.get("best_of", 1)
    game = t(lang, ", game {n} of {best_of}", n=info.get("game_no", 1), best_of=best_of) if best_of > 1 else ""
    return t(lang, "⚔️ **{name}** — {where}{game}: {players}. Your game is **{title}**, {below}.",
             name=name_of(row, lang), where=match_words(match, info, lang), game=game, players=players,
             title=table.title, below=where_below(thread, lang))


def bye_text(row: Any, round_no: int, players: list[int], lang: str = "en") -> str:
    """Return the line naming the players who sit a round out with a bye (a match won 2–0)."""
    who = ", ".join(f"<@{uid}>" for uid in players)
    return t(lang, "🎟️ **{name}** — round {round}: a bye for {players} (counted as a match won 2–0).",
             name=name_of(row, lang), round=round_no, players=who)


def round_text(row: Any, round_no: int, lang: str = "en") -> str:
    """Return the line that goes with a round's bracket or standings image."""
    return t(lang, "📋 **{name}** — round {round} is complete.", name=name_of(row, lang), round=round_no)


def end_text(row: Any, champion: int | None, names: dict[int, str], lang: str = "en") -> str:
    """Return the end announcement: the champion, then the final standings image."""
    if champion is None:
        return t(lang, "🏁 **{name}** is over. Final standings:", name=name_of(row, lang))
    pinged = f"<@{champion}>"
    return t(lang, "🏆 **{name}** is over: {champion} ({player}) is the champion! Final standings:",
             name=name_of(row, lang), champion=pinged, player=esc(names.get(champion, "?")))
