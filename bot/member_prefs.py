"""Which theme an image is drawn in (issue 16): a member's own choice for what only they see, the
server's setting for public posts. Beside the table service: cogs reach the stores only through it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rendering.themes import NAMES, STANDARD
from storage import member_prefs

if TYPE_CHECKING:
    from bot.tables import TableService


async def member_theme(tables: TableService, user_id: int) -> str:
    """The theme of the images only this member sees (``standard`` until they choose one)."""
    chosen = await member_prefs.member_theme(tables.db, user_id)
    return chosen if chosen in NAMES else STANDARD


async def set_member_theme(tables: TableService, user_id: int, theme: str) -> None:
    """Remember the theme a member chose (``ValueError`` for an unknown theme)."""
    if theme not in NAMES:
        raise ValueError(f"unknown theme {theme!r}")
    await member_prefs.set_member_theme(tables.db, user_id, theme)


async def server_theme(tables: TableService, guild_id: int | None) -> str:
    """The theme of a server's public posts (its ``/settings theme``; ``standard`` in DMs)."""
    theme = (await tables.settings(guild_id)).theme
    return theme if theme in NAMES else STANDARD
