"""Why Discord refused a game's table post, in plain words for the member who acted: which permission
is missing and where, a thread archived or locked, a channel deleted."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.i18n import N_, t

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import Table

log = logging.getLogger("parlor.reposts")

#: Discord's error codes: Unknown Channel, Missing Access, Missing Permissions, archived or locked thread
UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS, THREAD_CLOSED = 10003, 50001, 50013, 50083
#: ends the advice when the game is posted by itself once the cause is removed
GOES_ON = N_("the game continues by itself once I can post.")
#: the permissions a table post needs, as Discord's client names them
PERMISSIONS = {"view_channel": N_("View Channel"), "send_messages": N_("Send Messages"),
               "send_messages_in_threads": N_("Send Messages in Threads"), "attach_files": N_("Attach Files")}


@dataclass(frozen=True)
class Problem:
    """Why a game's table cannot be posted, in words for the member who acted (any language: catalogue messages
    and their fields; ``why`` and ``advice`` read them in English, for the log)."""

    channel_id: int
    #: e.g. "I'm missing {permissions} there" (a catalogue message; ``{permissions}`` lists ``names``)
    reason: str
    #: what to do (a catalogue message, its ``{goes_on}`` the end saying the game goes on by itself)
    hint: str
    #: Discord's answer, for the log
    error: str
    #: whether posting again later may work
    retry: bool = True
    #: the permissions the reason lists
    names: tuple[str, ...] = ()
    #: the other fields of the reason and the advice
    fields: tuple[tuple[str, object], ...] = ()

    def why_in(self, lang: str) -> str:
        """The reason, in ``lang``: e.g. "I'm missing the **Attach Files** permission there"."""
        return t(lang, self.reason, permissions=_listed(list(self.names), lang), **dict(self.fields))

    def advice_in(self, lang: str) -> str:
        """What the member can do, in ``lang``."""
        if not self.hint:
            return ""
        return t(lang, self.hint, goes_on=t(lang, GOES_ON), **dict(self.fields))

    @property
    def why(self) -> str:
        """The reason in English (for the log)."""
        return self.why_in("en")

    @property
    def advice(self) -> str:
        """The advice in English."""
        return self.advice_in("en")

    def text(self, saved: str = N_("Your move was saved"), lang: str = "en") -> str:
        """Return the ephemeral message for the member whose action was ``saved`` (what was saved), in ``lang``."""
        where = f"<#{self.channel_id}>"
        return t(lang, "{saved}, but I can't post the table in {channel}: {why}. {advice}", saved=t(lang, saved),
                 channel=where, why=self.why_in(lang), advice=self.advice_in(lang))


def missing_permissions(perms: discord.Permissions | None, thread: bool) -> list[str]:
    """Return the names of the permissions a table post needs that ``perms`` lacks (English, as Discord names
    them; ``PERMISSIONS`` has them for the catalogue)."""
    if perms is None:
        return []
    need = ["view_channel", "send_messages_in_threads" if thread else "send_messages", "attach_files"]
    return [PERMISSIONS[attr] for attr in need if not getattr(perms, attr)]


def _listed(names: list[str], lang: str = "en") -> str:
    """Return "the **A** permission", "the **A** and **B** permissions"... (in ``lang``)."""
    bold = [f"**{t(lang, n)}**" for n in names]
    if not bold:
        return ""
    if len(bold) == 1:
        return t(lang, "the {name} permission", name=bold[0])
    return t(lang, "the {names} and {last} permissions", names=", ".join(bold[:-1]), last=bold[-1])


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
        return Problem(where, N_("that channel was deleted"),
                       N_("`/game status game:{game}` in another channel shows the table there."), error, retry=False,
                       fields=(("game", row.id),))
    if exc.code == THREAD_CLOSED:
        found = await thread_now(bot, where) if thread else None
        if found is not None and found.locked:
            return Problem(where, N_("the thread is locked"), N_("Ask a moderator to unlock it; {goes_on}"), error)
        return Problem(where, N_("the thread is archived"), N_("Ask a moderator to reopen it; {goes_on}"), error)
    if isinstance(exc, discord.Forbidden) or exc.code in (MISSING_ACCESS, MISSING_PERMISSIONS):
        names = missing_permissions(_permissions(bot, where, interaction), thread)
        if names:
            advice = (N_("Ask a moderator to grant it; {goes_on}") if len(names) == 1
                      else N_("Ask a moderator to grant them; {goes_on}"))
            return Problem(where, N_("I'm missing {permissions} there"), advice, error, names=tuple(names))
        needed = tuple(missing_permissions(discord.Permissions.none(), thread))
        return Problem(where, N_("I'm not allowed to post there (a table post needs {permissions})"),
                       N_("Ask a moderator to check my permissions there; {goes_on}"), error, names=needed)
    return Problem(where, N_("Discord refused the post (error {status})"),
                   N_("I'll try again by itself; `/game status` shows the table meanwhile."), error,
                   fields=(("status", exc.status),))
