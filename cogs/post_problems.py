"""Why Discord refused a game's table post, in plain words for the member who acted: which permission
is missing and where, a thread archived or locked, a channel deleted."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import Table

log = logging.getLogger("parlor.reposts")

#: Discord's error codes: Unknown Channel, Missing Access, Missing Permissions, archived or locked thread
UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS, THREAD_CLOSED = 10003, 50001, 50013, 50083
#: ends the advice when the game is posted by itself once the cause is removed
GOES_ON = "the game continues by itself once I can post."


@dataclass(frozen=True)
class Problem:
    """Why a game's table cannot be posted, in words for the member who acted."""

    channel_id: int
    #: e.g. "I'm missing the **Attach Files** permission there"
    why: str
    advice: str
    #: Discord's answer, for the log
    error: str
    #: whether posting again later may work
    retry: bool = True

    def text(self, saved: str = "Your move was saved") -> str:
        """Return the ephemeral message for the member whose action was ``saved`` (what was saved)."""
        return (f"{saved}, but I can't post the table in <#{self.channel_id}>: {self.why}. "
                f"{self.advice}")


def missing_permissions(perms: discord.Permissions | None, thread: bool) -> list[str]:
    """Return the names of the permissions a table post needs that ``perms`` lacks."""
    if perms is None:
        return []
    need = [("view_channel", "View Channel"),
            ("send_messages_in_threads", "Send Messages in Threads") if thread else ("send_messages", "Send Messages"),
            ("attach_files", "Attach Files")]
    return [name for attr, name in need if not getattr(perms, attr)]


def _listed(names: list[str]) -> str:
    """Return "the **A** permission", "the **A** and **B** permissions"..."""
    bold = [f"**{n}**" for n in names]
    if len(bold) == 1:
        return f"the {bold[0]} permission"
    return f"the {', '.join(bold[:-1])} and {bold[-1]} permissions"


def _permissions(bot: ParlorBot, channel_id: int, interaction: discord.Interaction | None) -> discord.Permissions | None:
    """Return the bot's permissions in a channel: those Discord sent with the interaction if it happened
    there (always current), else from the cache (kept current by channel and role events)."""
    if interaction is not None and interaction.channel_id == channel_id:
        return interaction.app_permissions
    channel = bot.get_channel(channel_id)
    guild = getattr(channel, "guild", None)
    if channel is None or guild is None or guild.me is None:
        return None
    return channel.permissions_for(guild.me)


async def thread_now(bot: ParlorBot, thread_id: int) -> discord.Thread | None:
    """Return a thread as Discord has it now (archived, locked), or ``None`` if it cannot be read."""
    try:
        channel = await bot.fetch_channel(thread_id)
    except discord.HTTPException as exc:
        log.info("could not read thread %s (%s %s)", thread_id, exc.status, exc.code)
        return None
    return channel if isinstance(channel, discord.Thread) else None


async def diagnose(bot: ParlorBot, table: Table, exc: discord.HTTPException,
                   interaction: discord.Interaction | None = None) -> Problem:
    """Return why Discord refused the table post of ``table``, in plain words: which permission is
    missing and where, a thread archived or locked, a channel deleted."""
    row = table.row
    where, thread = row.post_channel_id, row.thread_id is not None
    error = f"{exc.status}/{exc.code}"
    if exc.code == UNKNOWN_CHANNEL:
        return Problem(where, "that channel was deleted",
                       f"`/game status game:{row.id}` in another channel shows the table there.", error, retry=False)
    if exc.code == THREAD_CLOSED:
        found = await thread_now(bot, where) if thread else None
        if found is not None and found.locked:
            return Problem(where, "the thread is locked", f"Ask a moderator to unlock it; {GOES_ON}", error)
        return Problem(where, "the thread is archived", f"Ask a moderator to reopen it; {GOES_ON}", error)
    if isinstance(exc, discord.Forbidden) or exc.code in (MISSING_ACCESS, MISSING_PERMISSIONS):
        names = missing_permissions(_permissions(bot, where, interaction), thread)
        if names:
            them = "it" if len(names) == 1 else "them"
            return Problem(where, f"I'm missing {_listed(names)} there", f"Ask a moderator to grant {them}; {GOES_ON}",
                           error)
        needed = _listed(missing_permissions(discord.Permissions.none(), thread))
        return Problem(where, f"I'm not allowed to post there (a table post needs {needed})",
                       f"Ask a moderator to check my permissions there; {GOES_ON}", error)
    return Problem(where, f"Discord refused the post (error {exc.status})",
                   "I'll try again by itself; `/game status` shows the table meanwhile.", error)
