"""The /league cog: the members' commands (``cogs/league/commands.py``), the organisers' end_cycle, drop, replace,
void, override, cancel and export, and the autocomplete of league numbers and pool cards."""

from __future__ import annotations

import io

import discord
from discord import app_commands

import bot.league as rules
from bot import errors
from bot.answers import member_language
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import N_, t
from cogs.flow import bot_of
from cogs.league.buttons import ask_cancel
from cogs.league.commands import LEAGUE, LeagueCommands
from cogs.league.common import (
    answering,
    mention,
    name_of,
    organiser,
    require_organiser,
    resolve,
    server_language,
)
from cogs.posts import esc

#: a league's status as the autocomplete names it
STATUS = {"signup": N_("signing up"), "running": N_("running")}

#: the /league group: the organisers' commands join it after the members' ones (the order /help lists)
league = LeagueCommands.league


class LeagueCog(LeagueCommands):
    """Pixel Tactics Leagues run by the bot: drafts, challenges, cycles and score sheets."""

    @league.command(name="end_cycle", description="End the current cycle now and score it (organisers)")
    @app_commands.describe(league=LEAGUE)
    async def end_cycle(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Score the cycle now; the redraft (or the end) follows."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            is_org = await organiser(interaction, row)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.leagues.end_cycle(row.id, interaction.user.id, is_org)
            lang = member_language(interaction)
            await interaction.followup.send(t(lang, "The cycle of **{league}** is over and scored.",
                                              league=name_of(row, lang)), ephemeral=True)

    @league.command(name="drop", description="Leave a league (organisers: drop a player); your Bases retire")
    @app_commands.describe(member="Organisers only: the player to drop (default: you)", league=LEAGUE)
    async def drop(self, interaction: discord.Interaction, member: discord.Member | None = None,
                   league: int | None = None) -> None:
        """Drop a player: no more challenges against them; Bases captured from them still count."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            target = member or interaction.user
            is_org = await organiser(interaction, row)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.leagues.drop(row.id, target.id, interaction.user.id, is_org)
            lang = member_language(interaction)
            if target.id == interaction.user.id:
                said = t(lang, "You have left **{league}**.", league=name_of(row, lang))
            else:
                said = t(lang, "{member} has left **{league}**.", member=esc(target.display_name),
                         league=name_of(row, lang))
            await interaction.followup.send(said, ephemeral=True)
            public = await server_language(row)
            await bot.get_partial_messageable(row.channel_id).send(
                t(public, "🚪 {member} left **{league}**: their Bases retire.", member=mention(target.id),
                  league=name_of(row, public)),
                allowed_mentions=discord.AllowedMentions.none())

    @league.command(name="replace", description="Give a player's place to another member (organisers)")
    @app_commands.describe(old="The player who leaves", new="The member who takes their place", league=LEAGUE)
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.Member,
                      league: int | None = None) -> None:
        """Seat ``new`` in ``old``'s place: pool, deck, Bases and scores."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            await require_organiser(interaction, row)
            if new.bot:
                raise errors.NotAllowed("A bot cannot take a player's place.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.leagues.replace(row.id, old.id, new.id, new.display_name, interaction.user.id, True)
            lang = member_language(interaction)
            await interaction.followup.send(t(lang, "{new} takes {old}'s place in **{league}**.",
                                              new=esc(new.display_name), old=esc(old.display_name),
                                              league=name_of(row, lang)), ephemeral=True)
            public = await server_language(row)
            await bot.get_partial_messageable(row.channel_id).send(
                t(public, "🔁 {new} takes the place of {old} in **{league}** (set by an organiser).",
                  new=mention(new.id), old=mention(old.id), league=name_of(row, public)),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(new.id)]))

    @league.command(name="void", description="Void a challenge's result: its retirements and capture are undone "
                                             "(organisers)")
    @app_commands.describe(challenge="The challenge's number (see /league history)", league=LEAGUE)
    async def void(self, interaction: discord.Interaction, challenge: app_commands.Range[int, 1],
                   league: int | None = None) -> None:
        """Void a challenge's result."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            await require_organiser(interaction, row)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.leagues.void(row.id, challenge, interaction.user.id, True)
            lang = member_language(interaction)
            await interaction.followup.send(t(lang, "Challenge {number} of **{league}** was voided.", number=challenge,
                                              league=name_of(row, lang)), ephemeral=True)

    @league.command(name="override", description="Decide a challenge's result (organisers)")
    @app_commands.describe(challenge="The challenge's number (see /league history)",
                           winner="Who wins it (leave out for a tie: no capture)", league=LEAGUE)
    async def override(self, interaction: discord.Interaction, challenge: app_commands.Range[int, 1],
                       winner: discord.Member | None = None, league: int | None = None) -> None:
        """Set a challenge's winner (or a tie); the capture follows."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            await require_organiser(interaction, row)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.leagues.override(row.id, challenge, winner.id if winner else None,
                                                    interaction.user.id, True)
            lang = member_language(interaction)
            fields = {"number": challenge, "league": name_of(row, lang)}
            said = (t(lang, "Challenge {number} of **{league}**: {member} wins (set by you).",
                      member=esc(winner.display_name), **fields) if winner
                    else t(lang, "Challenge {number} of **{league}**: a tie (set by you).", **fields))
            await interaction.followup.send(said, ephemeral=True)

    @league.command(name="cancel", description="Cancel a league (organisers; asks first)")
    @app_commands.describe(league=LEAGUE)
    async def cancel(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Ask the organiser privately to confirm, then cancel."""
        async with answering(interaction):
            await ask_cancel(interaction, await resolve(interaction, league))

    @league.command(name="export", description="Download a league's score sheets and challenges as CSV (organisers)")
    @app_commands.describe(league=LEAGUE)
    async def export(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Send the sheets as a CSV file, privately."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            await require_organiser(interaction, row)
            text = await bot.tables.leagues.export_csv(row.id)
            file = discord.File(io.BytesIO(text.encode()), filename=f"league-{row.id}.csv")
            lang = member_language(interaction)
            await interaction.response.send_message(t(lang, "Score sheets of **{league}**:", league=name_of(row, lang)),
                                                    file=file, ephemeral=True)

    @LeagueCommands.join.autocomplete("league")
    @LeagueCommands.start.autocomplete("league")
    @LeagueCommands.draft.autocomplete("league")
    @LeagueCommands.challenge.autocomplete("league")
    @LeagueCommands.deck.autocomplete("league")
    @LeagueCommands.discard.autocomplete("league")
    @LeagueCommands.standings.autocomplete("league")
    @LeagueCommands.pool.autocomplete("league")
    @LeagueCommands.history.autocomplete("league")
    @end_cycle.autocomplete("league")
    @drop.autocomplete("league")
    @replace.autocomplete("league")
    @void.autocomplete("league")
    @override.autocomplete("league")
    @cancel.autocomplete("league")
    @export.autocomplete("league")
    async def leagues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Suggest the server's leagues signing up or running."""
        rows = await bot_of(interaction).tables.leagues.active_in(interaction.guild_id)
        typed = current.casefold().lstrip("#")
        found = [r for r in rows if typed in f"{r.id} {name_of(r)}".casefold()]
        lang = member_language(interaction)
        return [app_commands.Choice(name=f"{name_of(r, lang)} ({t(lang, STATUS[r.status]) if r.status in STATUS else r.status})"[:100],
                                    value=r.id) for r in found[:25]]

    @LeagueCommands.deck.autocomplete("remove")
    @LeagueCommands.deck.autocomplete("add")
    async def pool_cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest Heroes of the member's own league pool: of the deck (remove), of the pool (add)."""
        try:
            row = await resolve(interaction, getattr(interaction.namespace, "league", None))
            pool = rules.pool_of(row.state, interaction.user.id)
        except Exception:
            return []
        focused = next((o.get("name") for o in (interaction.data or {}).get("options", [{}])[0].get("options", [])
                        if o.get("focused")), "")
        keys = {"remove": pool.get("deck"), "add": pool.get("heroes")}.get(focused) or []
        typed = current.casefold()
        names = [n for n in dict.fromkeys(name_of_card(k) for k in keys) if typed in n.casefold()]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

