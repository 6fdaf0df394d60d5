"""/settings ratings (Manage Server): start a new season (after a confirmation) and the provisional threshold.
Wired into /settings by ``cogs.settings`` (which passes its refusal for members without Manage Server).

The confirmation buttons are persistent: their ``custom_id`` carries the season they would end and the
member who asked, so a confirmation clicked twice (or after someone else started a season) starts nothing.
"""

from __future__ import annotations

import asyncio
import re

import discord
from discord import app_commands

from bot.answers import member_language
from bot.i18n import t, tn
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import bot_of, guarded, reply_error

#: held while a confirmation checks the season and starts the next one
SEASON_LOCK = asyncio.Lock()
TEMPLATE = r"rns:(?P<season>\d+):(?P<user>\d+):(?P<answer>[yn])"
MAX_PROVISIONAL = 50


def season_question(season: int, lang: str = "en") -> str:
    """Return the question a manager answers before a new season starts (in ``lang``)."""
    return t(lang, "Start **season {next}**? Every leaderboard of this server starts empty and every member starts "
                   "again at 1500. Season {season} stays readable (`/leaderboard season:{season}`).",
             next=season + 1, season=season)


def season_view(season: int, user_id: int, lang: str = "en") -> discord.ui.View:
    """Return the **Start season N** / **Keep season M** buttons of a manager's question (in ``lang``)."""
    view = discord.ui.View(timeout=None)
    view.add_item(NewSeasonButton(season, user_id, True, lang))
    view.add_item(NewSeasonButton(season, user_id, False, lang))
    return view


class NewSeasonButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """**Start season N+1** (confirm) or **Keep season N** under a manager's private question."""

    def __init__(self, season: int, user_id: int, confirm: bool, lang: str = "en"):
        self.season, self.user_id, self.confirm = season, user_id, confirm
        label, style = ((t(lang, "Start season {season}", season=season + 1), discord.ButtonStyle.danger) if confirm
                        else (t(lang, "Keep season {season}", season=season), discord.ButtonStyle.secondary))
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"rns:{season}:{user_id}:{'y' if confirm else 'n'}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> NewSeasonButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["season"]), id_number(match["user"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Start the next season (once) or keep this one; the question loses its buttons either way."""
        async with guarded(interaction):
            if interaction.user.id != self.user_id or interaction.guild_id is None:
                raise stale_button(self.custom_id, "another member's confirmation")
            if not interaction.permissions.manage_guild:
                raise stale_button(self.custom_id, "the member no longer has Manage Server")
            lang = member_language(interaction)
            if not self.confirm:
                await interaction.response.edit_message(
                    content=t(lang, "Season {season} goes on: nothing changed.", season=self.season), view=None)
                return
            ratings = bot_of(interaction).tables.ratings
            async with SEASON_LOCK:  # two confirmations clicked at once start one season
                current = await ratings.season(interaction.guild_id)
                new = await ratings.reset_season(interaction.guild_id) if current == self.season else None
            if new is None:
                await interaction.response.edit_message(
                    content=t(lang, "Season {season} is already over: nothing changed.", season=self.season), view=None)
                return
            await interaction.response.edit_message(
                content=t(lang, "**Season {new}** has started: the leaderboards are empty until members finish rated "
                                "games. Season {season} stays readable with `/leaderboard season:{season}`.",
                          new=new, season=self.season),
                view=None)


def ratings_group(may_manage) -> app_commands.Group:
    """Return a fresh ``/settings ratings`` group; ``may_manage(interaction)`` refuses non-managers."""
    group = app_commands.Group(name="ratings", description="Ratings: start a new season, provisional games")

    @group.command(name="new_season", description="Start a new ratings season (asks first)")
    async def new_season(interaction: discord.Interaction) -> None:
        """Ask the manager to confirm a new season."""
        if not await may_manage(interaction):
            return
        season = await bot_of(interaction).tables.ratings.season(interaction.guild_id)
        lang = member_language(interaction)
        await interaction.response.send_message(season_question(season, lang),
                                                view=season_view(season, interaction.user.id, lang), ephemeral=True)

    @group.command(name="provisional", description="Members with fewer rated games are listed as provisional")
    @app_commands.describe(games=f"Number of rated games (1 to {MAX_PROVISIONAL}; the default is 5)")
    async def provisional(interaction: discord.Interaction,
                          games: app_commands.Range[int, 1, MAX_PROVISIONAL]) -> None:
        """Set how many rated games a member needs to leave the provisional list."""
        if not await may_manage(interaction):
            return
        if not 1 <= games <= MAX_PROVISIONAL:
            await reply_error(interaction, "Give a number of games from 1 to {most}.", most=MAX_PROVISIONAL)
            return
        await bot_of(interaction).tables.save_setting(interaction.guild_id, "provisional_games", games)
        lang = member_language(interaction)
        await interaction.response.send_message(
            tn(lang, "Members with fewer than **{n}** rated game are listed as provisional, after the others.", "Members with fewer than **{n}** rated games are listed as provisional, after the others.", games, n=games),
            ephemeral=True)

    return group
