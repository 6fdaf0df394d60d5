"""/help and /rules: every command grouped with examples, each game's full rules as pages, and pictures of
real positions with a key to the board."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the persistent page buttons."""
    from cogs.help.commands import HelpCog
    from cogs.help.views import HelpPageButton, RulesPageButton

    await bot.add_cog(HelpCog(bot))
    bot.add_dynamic_items(HelpPageButton, RulesPageButton)
