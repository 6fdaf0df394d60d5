"""The texts of league posts: the sign-up post, challenges, games, results, cycle ends and the end, in the
server's language (``lang``)."""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import N_, SOURCE, t, tn
from cogs.game_threads import where_below
from cogs.league.common import base_name, colour_word, mention, name_of, timestamp
from cogs.posts import MAX_CONTENT, esc
from cogs.settings import deadline_words

PAIR_CAPS = {None: N_("no pair cap"), 1: N_("at most 1 battle per pair a cycle"),
             2: N_("at most 2 battles per pair a cycle")}


def players_of(row: Any) -> list[dict]:
    """Return the league's players in sign-up order."""
    return list((row.state or {}).get("players") or [])


def _cycles_words(cycles: int, days: int, lang: str) -> str:
    """``3 cycles of 7 days`` in ``lang``."""
    many = tn(lang, "{n} cycle", "{n} cycles", cycles, n=cycles)
    long = tn(lang, "{n} day", "{n} days", days, n=days)
    return t(lang, "{cycles} of {days}", cycles=many, days=long)


def options_line(row: Any, lang: str = SOURCE) -> str:
    """Return the league's cycles, their length, its size and pair cap, and its games' deadline."""
    state = row.state or {}
    cycles, days = int(state.get("cycles") or 0), int(state.get("cycle_days") or 0)
    cap = PAIR_CAPS.get(state.get("pair_cap"))
    parts = [_cycles_words(cycles, days, lang), t(lang, "up to {n} players", n=state.get("max_players")),
             t(lang, cap) if cap else ""]
    hours = row.options.get("deadline_hours")
    parts.append(t(lang, "{deadline} per move", deadline=deadline_words(hours, lang)) if hours is not None
                 else t(lang, "no deadline per move"))
    return " · ".join(p for p in parts if p)


def _fit(text: str) -> str:
    return text if len(text) <= MAX_CONTENT else text[:MAX_CONTENT - 1] + "…"


def signup_text(row: Any, ends_at: float | None = None, lang: str = SOURCE) -> str:
    """Return the league post's text for its status."""
    name = name_of(row, lang)
    if row.status == "cancelled":
        return t(lang, "🚫 **{league}** was cancelled.", league=name)
    head = t(lang, "🏰 **{league}** — Pixel Tactics League: {options}. Organised by {organiser}.", league=name,
             options=options_line(row, lang), organiser=mention(row.creator_id))
    players = players_of(row)
    listed = ", ".join(f"<@{p['id']}>" + (f" ({colour_word(p['colour'], lang)})" if p.get("colour") else "")
                       for p in players)
    listed = listed or t(lang, "nobody yet")
    count = len(players)
    if row.status == "finished":
        won = ", ".join(f"<@{u}>" for u in (row.state or {}).get("winners") or [])
        over = t(lang, "The league is over. Winner: {winners} 🏆", winners=won) if won else t(
            lang, "The league is over.")
        return _fit(f"{head}\n{over}\n" + t(lang, "Players ({count}): {players}", count=count, players=listed))
    if row.status == "running":
        state = row.state or {}
        if state.get("phase") in ("draft", "discard"):
            now = t(lang, "The League Draft is on: each player picks in turn, by DM.")
        elif ends_at:
            now = t(lang, "Cycle {cycle} of {cycles} is being played, until {until}: `/league challenge` a rival.",
                    cycle=state.get("cycle"), cycles=state.get("cycles"), until=timestamp(ends_at))
        else:
            now = t(lang, "Cycle {cycle} of {cycles} is being played: `/league challenge` a rival.",
                    cycle=state.get("cycle"), cycles=state.get("cycles"))
        return _fit(f"{head} {now}\n" + t(lang, "Players ({count}): {players}", count=count, players=listed))
    return _fit(f"{head}\n" + t(lang, "Signed up ({count}): {players}", count=count, players=listed) + "\n" + t(
        lang, "Press **Join** to play; {organiser} (or an organiser) presses **Start** when everyone is in.",
        organiser=mention(row.creator_id)))


def start_text(row: Any, drafter: int | None, lang: str = SOURCE) -> str:
    """Return the start announcement: each player's Base colour, and who drafts first."""
    colours = ", ".join(f"<@{p['id']}> {colour_word(p.get('colour'), lang)}" for p in players_of(row))
    text = t(lang, "🏰 **{league}** has started! Base colours: {colours}. Everyone gets 25 random Heroes and the 5 "
             "Bases of their colour, then the League Draft of 5 Leaders runs one player at a time.",
             league=name_of(row, lang), colours=colours)
    if drafter:
        text += " " + t(lang, "{member} picks first; each pick comes by DM.", member=mention(drafter))
    return _fit(text)


#: a challenge post's tail by status (``{head}``: the league, the challenger and the challenged member)
CHALLENGE_STATUS = {
    "declined": N_("{head}: declined."),
    "withdrawn": N_("{head}: withdrawn."),
    "lapsed": N_("{head}: the cycle ended before it was played."),
    "playing": N_("{head}: accepted, both chose: the game is on (posted below)."),
    "void": N_("{head}: voided by an organiser."),
}


def challenge_text(row: Any, challenge: dict, lang: str = SOURCE) -> str:
    """Return a challenge post's text for the challenge's status."""
    by, to = challenge["by"], challenge["to"]
    head = t(lang, "⚔️ **{league}** — {challenger} challenges {member}", league=name_of(row, lang),
             challenger=mention(by), member=mention(to))
    status = challenge.get("status")
    if getattr(row, "status", None) in ("finished", "cancelled") and status in ("offered", "accepted"):
        return t(lang, "{head}: the league is over before it was played.", head=head)
    if status == "offered":
        return t(lang, "{head}. {member}: **Accept** or **Decline** (you are never obliged).", head=head,
                 member=mention(to))
    if status == "accepted":
        return t(lang, "{head}: accepted. Each of you chooses a Leader and the rival's Base to attack in secret (by "
                 "DM, or press **My secret choice**); the game starts when both have chosen.", head=head)
    if status in CHALLENGE_STATUS:
        return t(lang, CHALLENGE_STATUS[status], head=head)
    if status == "done":
        winner = challenge.get("winner")
        if winner:
            return t(lang, "{head}: played, {winner} won.", head=head, winner=mention(winner))
        return t(lang, "{head}: played, a tie.", head=head)
    return f"{head}: {esc(str(status))}."


def game_text(row: Any, table: Any, challenge: dict | None, thread: bool = True, lang: str = SOURCE) -> str:
    """Return the public post of a challenge's game: who plays which Leader with which Base (revealed now that
    both chose), and where (``thread``: in a thread started from this post, else in the channel)."""
    players = [s.user_id for s in table.seats]
    versus = t(lang, " v ").join(f"<@{u}>" for u in players)
    lines = [t(lang, "⚔️ **{league}** — the challenge is on: {players}.", league=name_of(row, lang),
               players=versus)]
    if challenge:
        choices = challenge.get("choices") or {}
        for user in players:
            rival = players[1] if user == players[0] else players[0]
            mine, theirs = choices.get(str(user)) or {}, choices.get(str(rival)) or {}
            if mine and theirs:
                lines.append(t(lang, "{member} leads with **{leader}** and defends **{base}**.", member=mention(user),
                               leader=name_of_card(mine["leader"]), base=base_name(theirs["base"])))
    lines.append(t(lang, "Your game is **{title}**, {where} (one game, one trophy).", title=table.title,
                   where=where_below(thread, lang)))
    return _fit("\n".join(lines))


def result_text(row: Any, challenge: dict, lang: str = SOURCE) -> str:
    """Return the line announcing a challenge's result: the winner and the Base captured (a tie captures none)."""
    by, to = f"<@{challenge['by']}>", f"<@{challenge['to']}>"
    league = name_of(row, lang)
    winner = challenge.get("winner")
    if challenge.get("status") != "done":
        return t(lang, "♻️ **{league}** — the result of {first} v {second} no longer counts.", league=league,
                 first=by, second=to)
    if winner is None:
        return t(lang, "🤝 **{league}** — {first} v {second} ended in a tie: no Base is captured; both Leaders "
                 "retire for this cycle.", league=league, first=by, second=to)
    loser = challenge["to"] if winner == challenge["by"] else challenge["by"]
    base = ((challenge.get("choices") or {}).get(str(winner)) or {}).get("base")
    if base:
        return t(lang, "🏆 **{league}** — {winner} beats {loser} and captures **{base}**. Both Leaders retire for "
                 "this cycle.", league=league, winner=mention(winner), loser=mention(loser), base=base_name(base))
    return t(lang, "🏆 **{league}** — {winner} beats {loser}. Both Leaders retire for this cycle.", league=league,
             winner=mention(winner), loser=mention(loser))


def cycle_text(row: Any, cycle: int | None, ends_at: float | None, lang: str = SOURCE) -> str:
    """Return the announcement of a cycle's end (the redraft follows) with the standings images."""
    state = row.state or {}
    nxt = int(state.get("ended") or 0) + 1
    text = t(lang, "📋 **{league}** — cycle {cycle} is over and scored. Standings and score sheets:",
             league=name_of(row, lang), cycle=cycle)
    if state.get("phase") in ("discard", "draft"):
        text += "\n" + t(lang, "Before cycle {cycle}: each player puts back the Leaders they do not want (by DM, or "
                         "`/league discard`), then drafts back to 5 Leaders and 5 new Heroes, one at a time, lowest "
                         "score first (by DM).", cycle=nxt)
    elif ends_at:
        text += "\n" + t(lang, "Cycle {cycle} has begun; it ends {until}.", cycle=nxt, until=timestamp(ends_at))
    return text


def end_text(row: Any, lang: str = SOURCE) -> str:
    """Return the end announcement: the winner (or the winners sharing first place)."""
    winners = list((row.state or {}).get("winners") or [])
    league = name_of(row, lang)
    if not winners:
        return t(lang, "🏁 **{league}** is over. Final standings and score sheets:", league=league)
    if len(winners) == 1:
        return t(lang, "🏆 **{league}** is over: {winner} wins the league! Final standings and score sheets:",
                 league=league, winner=mention(winners[0]))
    who = t(lang, " and ").join(f"<@{u}>" for u in winners)
    return t(lang, "🏆 **{league}** is over: {winners} share the win! Final standings and score sheets:",
             league=league, winners=who)
