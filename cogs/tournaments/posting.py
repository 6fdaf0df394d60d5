"""What the bot posts when a tournament moves on (``TournamentService.listeners``): each new game as a
pairing post in the tournament's channel with a thread for the game, the bracket or standings after a
round, and the champion with the final standings at the end."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

import bot.tournaments as rules
from bot.i18n import N_, t
from bot.member_prefs import server_theme
from cogs.flow import send_table
from cogs.game_threads import can_thread, post_opening  # noqa: F401  (can_thread re-exported)
from cogs.posts import Image, guild_language, render
from cogs.reposts import needs_post, repost_locked
from cogs.tournaments.common import is_pod, name_of
from cogs.tournaments.signup import refresh_post
from cogs.tournaments.texts import bye_text, end_text, pairing_text, round_text
from cogs.tournaments.views import bracket_view, names_of, standings_view
from rendering import themes
from rendering.tournaments import bracket_alt, render_bracket, render_standings, standings_alt

log = logging.getLogger("parlor.tournaments")


def is_bracket(row: Any) -> bool:
    """Return whether the tournament is shown as a bracket (single elimination) rather than standings."""
    return row.options.get("fmt") == rules.SINGLE_ELIM and not is_pod(row)


async def images_of(row: Any, *, final: bool = False, after: int | None = None,
                    theme: str = themes.STANDARD, lang: str = "en") -> list[Image]:
    """Render the tournament's picture now (in ``theme``, its words in ``lang``): its bracket (single elimination)
    or standings; at the end of a single elimination, both. ``after``: the round just completed."""
    images = []
    if is_bracket(row):
        view = bracket_view(row, after=after, lang=lang)
        images.append(Image(await render(themes.render, theme, render_bracket, view, lang),
                            f"tournament-{row.id}-bracket.png", bracket_alt(view, lang)))
    if final or not is_bracket(row):
        view = standings_view(row, after=after, lang=lang)
        images.append(Image(await render(themes.render, theme, render_standings, view, lang),
                            f"tournament-{row.id}-standings.png", standings_alt(view, lang)))
    return images


async def post_ended_games(bot: Any, row: Any) -> None:
    """Post the end of the tournament's games that a drop or an override has just ended (no click of a
    player posted it)."""
    for game in await bot.tables.tournaments.played(row.id):
        table = await bot.tables.load(game.game_id)
        if table.row.status == "finished" and needs_post(table.row):
            async with bot.tables.post_lock(game.game_id):
                await repost_locked(bot, game.game_id)


def new_round_byes(row: Any, event: Any) -> list[int]:
    """Return the players with a bye in the round an event opened (none when it opened no round)."""
    if not event.new_tables or event.finished:
        return []
    current = rules.round_no(row.state)
    first = {(t.row.options.get("tournament") or {}).get("game_no") for t in event.new_tables} == {1}
    if not first or not (event.round_done or current == 1):
        return []
    return [m.players[0] for m in rules.matches(row.state, current) if m.bye]


def drafts_over(row: Any, event: Any) -> bool:
    """Return whether an event paired round 1 of a tournament that drafted first."""
    return (row.options.get("deck_format") == "draft" and rules.round_no(row.state) == 1 and not event.finished
            and any(t.row.kind != "pt-draft" for t in event.new_tables)
            and not any(m.game_ids[:-1] for m in rules.matches(row.state, 1)))


class Poster:
    """Posts a tournament's events; a failure is logged, never passed back to the game that caused it, and
    one failed post does not keep the others back (a game whose table could not be posted is posted again
    by itself, see ``cogs/reposts.py``)."""

    def __init__(self, bot: Any):
        self.bot = bot

    async def __call__(self, event: Any) -> None:
        """Post what the event brought (a listener of the tournament service)."""
        row = event.row
        channel = await self.channel(row)
        lang = await guild_language(row.guild_id)
        await self._logged(row, self.news(row, channel, event, lang))
        for table in event.new_tables:
            await self._logged(row, self.post_game(row, channel, table, lang))
        await refresh_post(self.bot, row)

    @staticmethod
    async def _logged(row: Any, step: Awaitable[None]) -> None:
        try:
            await step
        except Exception:
            log.exception("tournament %s: could not post its news", row.id)

    async def news(self, row: Any, channel: discord.abc.Messageable, event: Any, lang: str = "en") -> None:
        """Post the end announcement, or a completed round's picture, and a new round's byes (in ``lang``)."""
        if event.finished:
            champion = rules.champion(row.state)
            theme = await server_theme(self.bot.tables, row.guild_id)
            files = [img.file() for img in await images_of(row, final=True, theme=theme, lang=lang)]
            mentions = discord.AllowedMentions(users=[discord.Object(champion)] if champion else False)
            await channel.send(end_text(row, champion, names_of(row.state), lang), files=files,
                               allowed_mentions=mentions)
        elif event.round_done:
            theme = await server_theme(self.bot.tables, row.guild_id)
            files = [img.file() for img in await images_of(row, after=event.round_done, theme=theme, lang=lang)]
            await channel.send(round_text(row, event.round_done, lang), files=files,
                               allowed_mentions=discord.AllowedMentions.none())
        if drafts_over(row, event):
            await channel.send(t(lang, "🃏 **{name}** — every draft is over: round 1 begins, each player with a deck "
                                 "from their pool (`/pt deck` edits it for the next games).", name=name_of(row, lang)),
                               allowed_mentions=discord.AllowedMentions.none())
        byes = new_round_byes(row, event)
        if byes:
            await channel.send(bye_text(row, rules.round_no(row.state), byes, lang),
                               allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in byes]))

    async def seat_changed(self, table: Any, old: int, new: int) -> None:
        """Tell a running game (in its thread) that a seat changed hands, and post its table again so the new
        player finds their buttons (a failure is logged)."""
        try:
            where = self.bot.get_partial_messageable(table.row.thread_id or table.row.channel_id,
                                                     guild_id=table.row.guild_id)
            lang = await guild_language(table.row.guild_id)
            pings = {"new": f"<@{new}>", "old": f"<@{old}>"}
            await where.send(t(lang, "🔁 {new} takes over {old}'s seat in **{game}**.", game=table.title, **pings),
                             allowed_mentions=discord.AllowedMentions(users=[discord.Object(new)]))
            async with self.bot.tables.post_lock(table.id):
                await send_table(self.bot, await self.bot.tables.load(table.id), mention=True,
                                 saved=N_("The seat changed hands"))
        except Exception:
            log.exception("game %s: could not post its new player", table.id)

    async def channel(self, row: Any) -> discord.abc.Messageable:
        """Return the tournament's channel (with its server, so that threads can be opened)."""
        channel = self.bot.get_channel(row.channel_id)
        return channel or self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    async def post_game(self, row: Any, channel: discord.abc.Messageable, table: Any, lang: str = "en") -> None:
        """Post one new game (in ``lang``): the pairing, a thread from it (where wanted and allowed), the first
        table (a refused pairing post still lets the table be posted in the channel)."""
        info = table.row.options.get("tournament") or {}
        match = next((m for m in rules.matches(row.state) if m.id == info.get("match")), None)
        name = (t(lang, "{game} — tournament #{number}, round {round}", game=table.title, number=row.id,
                  round=match.round) if match else
                t(lang, "{game} — tournament #{number}", game=table.title, number=row.id))
        await post_opening(self.bot, channel, table,
                           lambda thread: pairing_text(row, table, match, thread=thread, lang=lang), name)
