"""What the bot posts when a league moves on (``LeagueService.listeners``): the sign-up post kept up to date,
draft picks and secret choices by DM, challenges with Accept / Decline, each game in a thread of its own, results,
the standings and score sheets at every cycle end, and the winner at the end."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

import bot.league as rules
from bot.i18n import N_, SOURCE, t
from bot.member_prefs import member_theme, server_theme
from cogs.game_threads import post_opening
from cogs.league.buttons import challenge_kwargs, post_kwargs
from cogs.league.common import mention, name_of, server_language, timestamp
from cogs.league.private import challenge_of, choice_post, deliver, discard_post, draft_post
from cogs.league.texts import cycle_text, end_text, game_text, result_text, start_text
from cogs.league.views import sheet_views, standings_view
from cogs.posts import Image, render
from rendering import themes
from rendering.league import render_sheet, sheet_alt
from rendering.tournaments import render_standings, standings_alt

log = logging.getLogger("parlor.leagues")

#: events after which the drafter (if any) is sent their pick
DRAFT_EVENTS = ("started", "draft", "cycle_ended", "discarded", "dropped", "replaced")
REMINDERS = {"draft": N_("⏰ **{league}** — a reminder: your League Draft pick is waiting (`/league draft` shows your "
                         "private choices)."),
             "discard": N_("⏰ **{league}** — a reminder: say which Leaders you put back (`/league draft` shows your "
                           "private choices)."),
             "answer": N_("⏰ **{league}** — a reminder: a challenge waits for your answer (press **Accept** or "
                          "**Decline** on the challenge's post)."),
             "choose": N_("⏰ **{league}** — a reminder: your secret Leader and Base choice is waiting (`/league "
                          "draft` shows your private choices).")}
OTHER_REMINDER = N_("⏰ **{league}** — a reminder: something waits for you (`/league draft` shows your private "
                    "choices).")


async def images_of(row: Any, theme: str = themes.STANDARD, lang: str = SOURCE) -> list[Image]:
    """Render the standings table and every player's score sheet (at most 9 images: 8 players), in ``theme``
    and ``lang``."""
    view = standings_view(row, lang)
    images = [Image(await render(themes.render, theme, render_standings, view, lang),
                    f"league-{row.id}-standings.png", standings_alt(view, lang))]
    for k, sheet in enumerate(sheet_views(row, lang)[:9]):
        images.append(Image(await render(themes.render, theme, render_sheet, sheet, lang),
                            f"league-{row.id}-sheet-{k + 1}.png", sheet_alt(sheet, lang)))
    return images


#: a challenge in one of these states changes no more: its post is brought up to date one last time
FINAL_CHALLENGE = frozenset({"done", "void", "declined", "withdrawn", "lapsed"})


class Poster:
    """Posts a league's events; a failure is logged, never passed back to the change that caused it."""

    def __init__(self, bot: Any):
        self.bot = bot
        #: league -> the (drafter, kind) last told in the channel that their pick waits (DMs closed): told once
        self._told: dict[int, tuple[int, str]] = {}

    async def __call__(self, event: Any) -> None:
        """Post what the event brought (a listener of the league service)."""
        row = event.row
        steps: list[Awaitable[None]] = [self.news(event)]
        drafter = event.drafter
        if drafter is not None and event.kind in DRAFT_EVENTS:
            steps.append(self.send_pick(row, drafter))
        for table in event.new_tables:
            steps.append(self.post_game(row, table))
        steps.append(self.refresh_challenges(row))
        steps.append(self.refresh(row))
        for step in steps:
            try:
                await step
            except Exception:
                log.exception("league %s: could not post its news (%s)", row.id, event.kind)

    def channel(self, row: Any) -> discord.abc.Messageable:
        """Return the league's channel (with its server, so that threads can be opened)."""
        return self.bot.get_channel(row.channel_id) or self.bot.get_partial_messageable(row.channel_id,
                                                                                         guild_id=row.guild_id)

    async def refresh(self, row: Any) -> None:
        """Bring the league's sign-up post up to date."""
        if row.message_id is None:
            return
        message = self.bot.get_partial_messageable(row.channel_id).get_partial_message(row.message_id)
        ends = await self.bot.tables.leagues.cycle_ends_at(row.id)
        try:
            await message.edit(**post_kwargs(row, ends, await server_language(row)))
        except discord.HTTPException as exc:
            log.info("league %s: could not update its post (%s)", row.id, exc.status)

    async def refresh_challenges(self, row: Any) -> None:
        """Bring the challenge posts whose challenge moved on up to date: their buttons follow the status (none
        once the game starts, the challenge ends or lapses, or the league is over); a post is forgotten once its
        challenge can change no more."""
        service = self.bot.tables.leagues
        over = row.status in ("finished", "cancelled")
        lang = await server_language(row)
        for key, (message_id, shown) in dict(row.options.get("challenge_posts") or {}).items():
            challenge = next((c for c in row.state.get("challenges") or [] if int(c["id"]) == int(key)), None)
            status = None if challenge is None else challenge["status"]
            if status is None or (status == shown and not over):
                if status is None:
                    await service.set_challenge_post(row.id, int(key), None)
                continue
            message = self.bot.get_partial_messageable(row.channel_id).get_partial_message(message_id)
            try:
                await message.edit(**challenge_kwargs(row, challenge, lang))
            except discord.HTTPException as exc:
                log.info("league %s: could not update challenge %s's post (%s)", row.id, key, exc.status)
            final = over or status in FINAL_CHALLENGE
            await service.set_challenge_post(row.id, int(key), None if final else message_id, status)

    async def news(self, event: Any) -> None:
        """Post the public side of an event."""
        row, kind, channel = event.row, event.kind, self.channel(event.row)
        none = discord.AllowedMentions.none()
        lang = await server_language(row)
        if kind == "started":
            await channel.send(start_text(row, event.drafter, lang), allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(p["id"]) for p in (row.state or {}).get("players") or []]))
        elif kind == "challenge":
            challenge = challenge_of(row.state, event.challenge_id)
            message = await channel.send(**challenge_kwargs(row, challenge, lang))
            await self.bot.tables.leagues.set_challenge_post(row.id, challenge["id"], message.id, challenge["status"])
        elif kind == "answered":
            challenge = challenge_of(row.state, event.challenge_id)
            if challenge["status"] == "accepted":
                for user in (challenge["by"], challenge["to"]):
                    await self.send_choice(row, event.challenge_id, user)
        elif kind in ("result", "voided", "overridden"):
            challenge = self._challenge_of_event(row, event)
            if challenge is not None:
                await channel.send(result_text(row, challenge, lang), allowed_mentions=none)
        elif kind == "cycle_ended":
            ends = await self.bot.tables.leagues.cycle_ends_at(row.id)
            theme = await server_theme(self.bot.tables, row.guild_id)
            files = [img.file() for img in await images_of(row, theme, lang)]
            await channel.send(cycle_text(row, event.cycle, ends, lang), files=files, allowed_mentions=none)
            for user in rules.waiting_discards(row.state):
                await self.send_discard(row, user)
        elif kind == "ended":
            theme = await server_theme(self.bot.tables, row.guild_id)
            files = [img.file() for img in await images_of(row, theme, lang)]
            winners = [discord.Object(u) for u in (row.state or {}).get("winners") or []]
            await channel.send(end_text(row, lang), files=files, allowed_mentions=discord.AllowedMentions(users=winners))
        elif kind == "draft" and event.drafter is None and (row.state or {}).get("phase") == "cycle":
            ends = await self.bot.tables.leagues.cycle_ends_at(row.id)
            fields = {"league": name_of(row, lang), "cycle": row.state.get("cycle")}
            if ends:
                text = t(lang, "🏁 **{league}** — the League Draft is over: cycle {cycle} begins. It ends {until}. "
                         "`/league challenge` a rival; `/league deck` edits your deck.", until=timestamp(ends),
                         **fields)
            else:
                text = t(lang, "🏁 **{league}** — the League Draft is over: cycle {cycle} begins. `/league challenge` a "
                         "rival; `/league deck` edits your deck.", **fields)
            await channel.send(text, allowed_mentions=none)
        elif kind == "reminder" and event.user_id is not None:
            await self.remind(row, event)

    @staticmethod
    def _challenge_of_event(row: Any, event: Any) -> dict | None:
        """Return the challenge an event speaks of (a result names its game)."""
        for c in (row.state or {}).get("challenges") or []:
            if (event.challenge_id is not None and c["id"] == event.challenge_id) or (
                    event.game_id is not None and c.get("game_id") == event.game_id):
                return c
        return None

    async def send_pick(self, row: Any, user_id: int) -> None:
        """DM the drafter their pick; closed DMs: a mention in the league's channel pointing at ``/league draft``."""
        view = rules.draft_state(row.state)
        if view is None or view.user_id != user_id:
            return
        theme = await member_theme(self.bot.tables, user_id)
        lang = await server_language(row)
        if not await deliver(self.bot, user_id, await draft_post(row, view, theme, lang)):
            if self._told.get(row.id) == (user_id, view.kind):
                return  # told at the start of this turn: no mention per pick
            self._told[row.id] = (user_id, view.kind)
            await self.channel(row).send(t(
                lang, "🃏 {member}, your League Draft pick in **{league}** is waiting; your DMs are closed: use "
                "`/league draft` here.", member=mention(user_id), league=name_of(row, lang)), allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))

    async def send_discard(self, row: Any, user_id: int) -> None:
        """DM a player their discard question; closed DMs: a mention pointing at ``/league discard``."""
        lang = await server_language(row)
        if not await deliver(self.bot, user_id, discard_post(row, user_id, lang)):
            await self.channel(row).send(t(
                lang, "🔁 {member}, cycle {cycle} of **{league}** is scored: your DMs are closed, so say which Leaders "
                "you put back with `/league discard` (`none` keeps them all).", member=mention(user_id),
                cycle=row.state.get("ended"), league=name_of(row, lang)),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))

    async def send_choice(self, row: Any, challenge_id: int, user_id: int) -> None:
        """DM a player their secret choice; closed DMs: a mention pointing at the challenge's button."""
        lang = await server_language(row)
        if not await deliver(self.bot, user_id, choice_post(row, challenge_id, user_id, lang=lang)):
            await self.channel(row).send(t(
                lang, "🔒 {member}, choose your Leader and the Base you attack in **{league}**: your DMs are closed, so "
                "use `/league draft` here (only you see the menus).", member=mention(user_id),
                league=name_of(row, lang)),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))

    async def remind(self, row: Any, event: Any) -> None:
        """Remind a player of what waits for them: by DM, else with a mention in the league's channel."""
        kind = str(event.reminder or "").split(":", 1)[0]
        lang = await server_language(row)
        text = t(lang, REMINDERS.get(kind, OTHER_REMINDER), league=name_of(row, lang))
        from cogs.posts import Post

        if not await deliver(self.bot, event.user_id, Post(text)):
            await self.channel(row).send(f"<@{event.user_id}> {text}",
                                         allowed_mentions=discord.AllowedMentions(users=[discord.Object(event.user_id)]))

    async def post_game(self, row: Any, table: Any) -> None:
        """Post a challenge's game: the pairing with the revealed Leaders and Bases, a thread from it, the table."""
        info = table.row.options.get("league") or {}
        challenge = next((c for c in row.state.get("challenges") or [] if c["id"] == info.get("challenge")), None)
        lang = await server_language(row)
        await post_opening(self.bot, self.channel(row), table,
                           lambda thread: game_text(row, table, challenge, thread=thread, lang=lang),
                           t(lang, "{game} — league #{number}", game=table.title, number=row.id))
