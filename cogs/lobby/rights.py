"""Who may open a game where: the server's game channels and starter role."""

from __future__ import annotations

import discord

from bot.answers import member_language
from bot.i18n import t
from bot.settings import Settings
from cogs.flow import bot_of, reply_error


def play_refusal(interaction: discord.Interaction, settings: Settings) -> str | None:
    """Return why this member may not open a game here under the server's settings (in the member's language),
    or ``None``."""
    lang = member_language(interaction)
    channel = interaction.channel
    where = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
    if settings.game_channels and where not in settings.game_channels:
        listed = ", ".join(f"<#{c}>" for c in settings.game_channels)
        return t(lang, "Games can't be opened here. Games can be opened in {channels}.", channels=listed)
    user = interaction.user
    if (settings.starter_role is not None and not interaction.permissions.manage_guild
            and not (isinstance(user, discord.Member) and user.get_role(settings.starter_role))):
        role = f"<@&{settings.starter_role}>"
        return t(lang, "Opening a game needs the {role} role.", role=role)
    return None


async def play_settings(interaction: discord.Interaction) -> Settings | None:
    """Return the server's settings when the member may start a game here; else tell them privately why not and
    return None (a quick read, so the refusal stays ephemeral)."""
    settings = await bot_of(interaction).tables.settings(interaction.guild_id)
    refusal = play_refusal(interaction, settings)
    if refusal is not None:
        await reply_error(interaction, refusal)
        return None
    return settings
