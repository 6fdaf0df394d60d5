"""What the /league commands, buttons, DMs and posts share: which league a command means, who organises it,
card names, the languages of its texts, and how a refusal is answered."""

from __future__ import annotations

from typing import Any

import discord

from bot import errors
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import N_, SOURCE, t
from cogs.flow import bot_of
from cogs.organised import answerer, organises
from cogs.posts import guild_language
from cogs.tournaments.common import place_of
from rendering.pixel_tactics.kinds import BASE_TAGS

NOT_ORGANISER = N_("Only the league's organisers (its creator, Manage Server, or the organiser role) can do that.")


def name_of(row: Any, lang: str = SOURCE) -> str:
    """Return e.g. ``League #3`` (in ``lang``)."""
    return t(lang, "League #{number}", number=row.id)


def mention(user_id: object) -> str:
    """Return a member's mention, ``<@123>``."""
    return f"<@{user_id}>"


def timestamp(at: float) -> str:
    """Return a moment as a Discord timestamp, which every client shows in its own language and time zone."""
    return f"<t:{int(at)}:f>"


def base_name(key: str, *, colour: bool = True) -> str:
    """Return a Base's name, e.g. ``Red Watchtower`` (``Watchtower`` without its colour): a printed card name."""
    name = name_of_card(key)
    return name if colour else name.split(" ", 1)[-1]


def colour_word(colour: object, lang: str = SOURCE) -> str:
    """Return a player's Base colour as members read it, e.g. ``Red`` (in ``lang``)."""
    tags = BASE_TAGS.get(str(colour or ""))
    return t(lang, tags[1]) if tags else str(colour or "")


async def server_language(row: Any) -> str:
    """Return the language of a league's public posts, images and DMs: its server's."""
    return await guild_language(row.guild_id)


def refusal_of(exc: BaseException) -> str | None:
    """Return the message of a refusal the member may read, or ``None`` for anything unexpected."""
    if isinstance(exc, errors.ParlorError):
        return exc.message
    from bot.league import LeagueError

    if isinstance(exc, LeagueError):
        return exc.message
    return None


#: a refusal becomes its ephemeral reason, any other failure one apology
answering = answerer(refusal_of)


async def organiser(interaction: discord.Interaction, row: Any) -> bool:
    """Return whether the member runs this league (its creator, Manage Server, or the organiser role)."""
    return await organises(interaction, bot_of(interaction).tables.leagues, row)


async def require_organiser(interaction: discord.Interaction, row: Any) -> None:
    """Refuse a member who does not run the league."""
    if not await organiser(interaction, row):
        raise errors.NotAllowed(NOT_ORGANISER)


async def resolve(interaction: discord.Interaction, league: int | None) -> Any:
    """Return the league a command means: by number, else the only one open in this channel (or the thread's)."""
    service = bot_of(interaction).tables.leagues
    if league is not None:
        return await service.load(league, interaction.guild_id)
    here = await service.open_here(interaction.guild_id, place_of(interaction))
    if len(here) == 1:
        return here[0]
    if not here:
        raise errors.NotAllowed("There is no open league in this channel: add `league:<number>`.")
    listed = ", ".join(f"#{r.id}" for r in here)
    raise errors.NotAllowed("Several leagues are open here ({leagues}): add `league:<number>`.", leagues=listed)
