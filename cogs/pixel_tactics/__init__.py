"""Pixel Tactics in Discord, one cog (``/pt``): the game posts (``game_posts``), the card commands (``cards``:
``/pt card``, ``/pt cards``) and the deck commands (``deck_commands``: ``/pt deck …``). The server's Pixel
Tactics lists (``/settings pt …``) are in ``server_lists``, wired by ``cogs.settings``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.i18n import t
from cogs.pixel_tactics.cards import CardsPageButton, pt_card, pt_cards
from cogs.pixel_tactics.deck_commands import deck_group
from cogs.pixel_tactics.game_posts import RULES_SUMMARY, PixelTacticsPresenter, guide_path, named_view
from cogs.posts import register_presenter

__all__ = ["PixelTacticsCog", "PixelTacticsPresenter", "RULES_SUMMARY", "guide_path", "named_view"]


class PixelTacticsCog(commands.Cog):
    """Pixel Tactics: its presenter, /pt rules, /pt card, /pt cards and /pt deck."""

    pt = app_commands.Group(name="pt", description="Pixel Tactics, the tactical card battler")

    async def cog_load(self) -> None:
        """Validate the card sets (a broken card stops the start-up) and register the presenter."""
        from bot.games.pixel_tactics import sets

        sets.assert_valid()
        register_presenter(PixelTacticsPresenter())

    @pt.command(name="rules", description="A short summary of the Pixel Tactics rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """Answer with the rules summary, privately, in the member's language."""
        await interaction.response.send_message(t(member_language(interaction), RULES_SUMMARY), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog, add /pt card, /pt cards and /pt deck, and register the card page buttons."""
    await bot.add_cog(PixelTacticsCog())
    group = bot.tree.get_command("pt")
    assert isinstance(group, app_commands.Group)
    group.add_command(app_commands.Command(
        name="card", description="Show a Pixel Tactics card: Leader/Hero card, Common, Chase Leader or Base",
        callback=pt_card))
    group.add_command(app_commands.Command(
        name="cards", description="Browse every Pixel Tactics card, a page of images at a time (only you)",
        callback=pt_cards))
    group.add_command(deck_group())
    bot.add_dynamic_items(CardsPageButton)


async def teardown(bot: commands.Bot) -> None:
    """Remove the page buttons (the commands go with the cog's group)."""
    bot.remove_dynamic_items(CardsPageButton)
