"""What the tournament commands, buttons and posts share: names of formats, which tournament a command
means, who organises, and how a refusal is answered."""

from __future__ import annotations

from typing import Any

import discord

from bot import errors
from bot.i18n import N_, t
from bot.registry import title
from cogs.flow import bot_of
from cogs.organised import answerer, organises

#: /tournament create's format option: value → what posts call it
FORMATS = {"single_elim": N_("single elimination"), "swiss": N_("Swiss"), "round_robin": N_("round robin")}
#: a tournament's status as the autocomplete names it
STATUSES = {"signup": N_("sign-up"), "running": N_("running"), "finished": N_("finished"), "cancelled": N_("cancelled")}
#: games whose tables seat 2–4: their tournaments seat pods, and only Swiss is offered (ours)
POD_KINDS = ("pixies", "pixel-pusher")
#: the games a tournament can be played in (drafts are not games between rivals)
TOURNAMENT_GAMES = ("pixies", "tixel", "pixel-tactics", "pixel-pusher")


def name_of(row: Any, lang: str = "en") -> str:
    """Return e.g. ``Tixel tournament #3`` (in ``lang``)."""
    return t(lang, "{game} tournament #{number}", game=title(row.kind), number=row.id)


def is_pod(row: Any) -> bool:
    """Return whether the tournament seats pods (games of 2–4 players) rather than two-player matches."""
    return bool(row.options.get("pod", row.kind in POD_KINDS))


def fmt_of(row: Any, lang: str = "en") -> str:
    """Return the tournament's format as posts name it (in ``lang``)."""
    fmt = row.options.get("fmt", "")
    return t(lang, FORMATS[fmt]) if fmt in FORMATS else str(fmt).replace("_", " ")


def refusal_of(exc: BaseException) -> str | None:
    """Return the message of a refusal the member may read (a table-service or tournament-rules
    refusal), or ``None`` for anything unexpected."""
    if isinstance(exc, errors.ParlorError):
        return exc.message
    try:
        from bot.tournaments import TournamentError
    except ImportError:  # pragma: no cover - the rules package is always there once merged
        return None
    if isinstance(exc, TournamentError):
        return getattr(exc, "message", None) or str(exc)
    return None


#: a refusal becomes its ephemeral reason, any other failure one apology
answering = answerer(refusal_of)


async def organiser(interaction: discord.Interaction, row: Any) -> bool:
    """Return whether the member organises this tournament: its creator, a member with Manage Server,
    or one with the server's organiser role."""
    return await organises(interaction, bot_of(interaction).tables.tournaments, row)


def place_of(interaction: discord.Interaction) -> int:
    """Return the channel a command speaks of: a thread's parent (tournament games run in threads)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    return interaction.channel_id


async def resolve(interaction: discord.Interaction, tournament: int | None) -> Any:
    """Return the tournament a command means: by id, else the only one open in this channel."""
    service = bot_of(interaction).tables.tournaments
    if tournament is not None:
        return await service.load(tournament, interaction.guild_id)
    here = await service.open_here(interaction.guild_id, place_of(interaction))
    if len(here) == 1:
        return here[0]
    if not here:
        raise errors.NotAllowed("There is no open tournament in this channel: add `tournament:<number>`.")
    listed = ", ".join(f"#{r.id}" for r in here)
    raise errors.NotAllowed("Several tournaments are open here ({tournaments}): add `tournament:<number>`.",
                            tournaments=listed)
