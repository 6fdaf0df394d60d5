"""Private decisions (hands, drafts, secret choices): by DM, or ephemerally when DMs are closed.

A presenter that has private decisions implements ``private_post(table, seat) -> Post``, built from
``engine.view(state, seat)`` only. Its buttons are ordinary game buttons, so a choice made in a DM
goes through the same checks as any other. Every table post of such a game carries a **My hand &
choices** button that shows the clicker's private post ephemerally. When a member's DMs refuse the
bot (403), the refusal is remembered for a day: meanwhile their private posts are not retried by DM,
and the table post mentions them and points them at that button instead.

A presenter may also set ``dm_on_turn = True``: then each new *public* decision of a player (their
turn) sends them their private post by DM too (their hand, with what it allows).

Private images are drawn in the member's own theme (``/preferences theme``).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord

from bot.answers import member_language
from bot.computer_players import computer_seats
from bot.i18n import t
from bot.member_prefs import member_theme
from cogs.buttons import MAX_SEAT, id_number, refusing, stale_button
from cogs.flow import PRIVATE_LABEL, bot_of, guarded, private_post_in
from cogs.posts import Post, in_theme, presenter_for

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import Table

log = logging.getLogger("parlor.private")

#: how long a member's refused DMs are not retried (seconds)
DM_RETRY_AFTER = 24 * 3600
#: Discord's error code for "Cannot send messages to this user" (DMs closed, or no shared server)
CANNOT_DM = 50007


def has_private(kind: str) -> bool:
    """Return whether a game kind has private posts."""
    return getattr(presenter_for(kind), "private_post", None) is not None


async def dms_closed(bot: ParlorBot, user_id: int) -> bool:
    """Return whether this member's DMs refused the bot recently (so they are not retried)."""
    since = await bot.tables.dm_closed_since(user_id)
    return since is not None and bot.tables.now() - since < DM_RETRY_AFTER


async def send_dm(bot: ParlorBot, user_id: int, post: Post) -> bool:
    """Send a post to a member by DM unless their DMs are known closed; remember a refusal."""
    if await dms_closed(bot, user_id):
        return False
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(**post.send_kwargs())
    except discord.Forbidden as exc:
        if exc.code == CANNOT_DM:
            log.info("DM refused (50007); not retried for a while")
            await bot.tables.set_dm_closed(user_id, True)
        else:
            log.warning("DM forbidden (%s); this post goes through the game's channel", exc.code)
        return False
    except discord.HTTPException as exc:
        log.warning("DM failed (%s %s); this post goes through the game's channel", exc.status, exc.code)
        return False
    if await bot.tables.dm_closed_since(user_id) is not None:
        await bot.tables.set_dm_closed(user_id, False)
    return True


async def deliver_private(bot: ParlorBot, table: Table, already: set[str] | frozenset[str] = frozenset(), *,
                          turn_seats: set[int] | None = None) -> list[int]:
    """Send every new private decision (ids not in ``already``) to its player by DM; return the
    members who could not be reached that way (their DMs are closed). With ``dm_on_turn``, a public
    decision of a seat in ``turn_seats`` (any acting seat if ``None``: a table posted afresh) sends its
    player's private post too: their hand as their turn begins."""
    presenter = presenter_for(table.row.kind)
    make = getattr(presenter, "private_post", None)
    if make is None or table.row.status != "running":
        return []
    on_turn = getattr(presenter, "dm_on_turn", False)
    unreached: list[int] = []
    done: set[int] = set()
    computers = computer_seats(table)  # a computer-run seat gets no DM
    for decision in table.pending():
        if decision.id in already or decision.player in done or decision.player in computers:
            continue
        if not decision.private and not (on_turn and (turn_seats is None or decision.player in turn_seats)):
            continue
        done.add(decision.player)
        user_id = table.user_of(decision.player)
        post = await in_theme(await make(table, decision.player), await member_theme(bot.tables, user_id))
        if not await send_dm(bot, user_id, post):
            unreached.append(user_id)
    return unreached


def private_button(table: Table, lang: str = "en") -> discord.ui.Item | None:
    """Return the table post's **My hand & choices** button (labelled in ``lang``, the server's language), if
    the game has private posts."""
    if table.row.status != "running" or not has_private(table.row.kind):
        return None
    label = getattr(presenter_for(table.row.kind), "private_label", PRIVATE_LABEL)
    return MyPrivateButton(table.id, t(lang, label))


class MyPrivateButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pm:(?P<game>\d+)"):
    """Shows the clicker their own private post (hand, draft, secret choice) ephemerally."""

    def __init__(self, game_id: int, label: str = "My hand & choices"):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label, emoji="🔒", style=discord.ButtonStyle.secondary,
                                           custom_id=f"pm:{game_id}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> MyPrivateButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), getattr(item, "label", None) or "My hand & choices")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Check the clicker plays this game, then show them their private post only."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            kind = (await bot.tables.load(self.game_id, interaction.guild_id)).row.kind
            if not has_private(kind):
                raise stale_button(self.custom_id, f"{kind} has no private choices")
            table, seat = await bot.tables.seat_of(self.game_id, interaction.user.id, interaction.guild_id)
            post = await in_theme(await _private_post(table, seat, self.custom_id, member_language(interaction)),
                                  await member_theme(bot.tables, interaction.user.id))
            await interaction.followup.send(ephemeral=True, **post.send_kwargs())


async def _private_post(table: Table, seat: int, custom_id: str, lang: str) -> Post:
    """Return a seat's private post shown to them (in ``lang``, their language, when the game speaks it); a game
    without private choices refuses the button that asked."""
    if not has_private(table.row.kind):
        raise stale_button(custom_id, f"{table.row.kind} has no private choices")
    return await private_post_in(presenter_for(table.row.kind), table, seat, lang)


class OpenPrivateButton(discord.ui.DynamicItem[discord.ui.Button],
                        template=r"po:(?P<game>\d+):(?P<seat>\d+):(?P<decision>[A-Za-z0-9_.-]{1,20})"):
    """Shows a player one private choice ephemerally (posts of earlier versions carry it)."""

    def __init__(self, game_id: int, seat: int, decision_id: str, lang: str = "en"):
        self.game_id, self.seat, self.decision_id = game_id, seat, decision_id
        super().__init__(discord.ui.Button(label=t(lang, "Open my choice"), emoji="🔒", style=discord.ButtonStyle.primary,
                                           custom_id=f"po:{game_id}:{seat}:{decision_id}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> OpenPrivateButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), id_number(match["seat"], MAX_SEAT), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Check the choice is the clicker's and still open, then show it only to them."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table, seat = await bot.tables.check_decision(
                self.game_id, interaction.user.id, self.decision_id, interaction.guild_id, self.seat)
            post = await in_theme(await _private_post(table, seat, self.custom_id, member_language(interaction)),
                                  await member_theme(bot.tables, interaction.user.id))
            await interaction.followup.send(ephemeral=True, **post.send_kwargs())
