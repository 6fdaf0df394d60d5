"""What every game cog shares: posts, the persistent game buttons and error replies."""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot import errors
from bot.codec import decode_action, encode_action
from bot.games.base import Action, Decision

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import Outcome, Table

log = logging.getLogger("parlor.cogs")

MAX_ALT = 1024


@dataclass
class Image:
    """A rendered PNG with its file name and alt text."""

    data: bytes
    filename: str
    alt: str

    def file(self) -> discord.File:
        """Return a fresh ``discord.File`` (files are consumed by sending)."""
        return discord.File(io.BytesIO(self.data), filename=self.filename, description=self.alt[:MAX_ALT])


@dataclass
class Post:
    """One message the bot sends about a game."""

    content: str
    images: list[Image] = field(default_factory=list)
    buttons: list[GameButton] = field(default_factory=list)
    mention: list[int] = field(default_factory=list)

    def view(self) -> discord.ui.View | None:
        """Return a persistent view holding the buttons, or ``None``."""
        if not self.buttons:
            return None
        view = discord.ui.View(timeout=None)
        for button in self.buttons[:25]:
            view.add_item(button)
        return view

    def allowed_mentions(self) -> discord.AllowedMentions:
        """Mention only the members this post is addressed to."""
        return discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(id=u) for u in self.mention])

    def send_kwargs(self) -> dict[str, Any]:
        """Return keyword arguments for ``Messageable.send``."""
        kwargs: dict[str, Any] = {"content": self.content, "allowed_mentions": self.allowed_mentions()}
        if self.images:
            kwargs["files"] = [img.file() for img in self.images]
        view = self.view()
        if view is not None:
            kwargs["view"] = view
        return kwargs


class Presenter(Protocol):
    """How one game looks in Discord: its posts and button labels."""

    kind: str

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the post showing the current table (with buttons for the pending decision)."""

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return posts announcing what an action concluded (round scores, final standings)."""

    def button(self, table: Table, decision: Decision, action: Action) -> GameButton:
        """Return the button offering ``action`` for ``decision``."""


PRESENTERS: dict[str, Presenter] = {}


def register_presenter(presenter: Presenter) -> None:
    """Make a game's presenter known to the generic cog."""
    PRESENTERS[presenter.kind] = presenter


def presenter_for(kind: str) -> Presenter:
    """Return the presenter of a game kind."""
    return PRESENTERS[kind]


_DECISION = r"[A-Za-z0-9_.-]{1,20}"
_CHOICE = r"[A-Za-z0-9_=/-]{1,60}"


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        rf"pg:(?P<game>\d+):(?P<seat>\d+):(?P<decision>{_DECISION}):(?P<choice>{_CHOICE})")):
    """A button answering one pending decision; its ``custom_id`` carries everything it needs."""

    def __init__(self, game_id: int, seat: int, decision_id: str, action: Action, *, label: str,
                 emoji: str | None = None, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None):
        self.game_id, self.seat, self.decision_id = game_id, seat, decision_id
        self.action = action
        custom_id = f"pg:{game_id}:{seat}:{decision_id}:{encode_action(action)}"
        super().__init__(discord.ui.Button(label=label[:80], emoji=emoji, style=style, row=row,
                                           custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GameButton:
        """Rebuild the button from a click, after a restart too."""
        try:
            action = decode_action(match["choice"])
        except ValueError:
            action = {"type": "invalid"}
        return cls(int(match["game"]), int(match["seat"]), match["decision"], action,
                   label=item.label or "choice", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Apply the choice through the table service and post what follows."""
        try:
            await play_action(interaction, self.game_id, self.action, decision_id=self.decision_id,
                              for_seat=self.seat)
        except Exception as exc:
            await report_unexpected(interaction, exc)


def bot_of(interaction: discord.Interaction) -> ParlorBot:
    """Return the Pixel Parlor bot behind an interaction."""
    return interaction.client  # type: ignore[return-value]


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """Answer with an ephemeral reason (whether or not the interaction was deferred)."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


OOPS = ("Something went wrong on our side while answering. Whatever was accepted is saved; "
        "use /game status to see the table.")


async def report_unexpected(interaction: discord.Interaction, exc: BaseException) -> None:
    """Log an unexpected failure and tell the member, ephemerally, without details."""
    log.error("interaction %s failed", interaction.id, exc_info=exc)
    try:
        await reply_error(interaction, OOPS)
    except discord.HTTPException:
        log.warning("interaction %s: could not report the failure", interaction.id)


async def play_action(interaction: discord.Interaction, game_id: int, action: Action, *,
                      decision_id: str | None, for_seat: int | None) -> None:
    """Acknowledge a click at once, apply it, then update the clicked post and post what follows."""
    await interaction.response.defer()
    bot = bot_of(interaction)
    try:
        outcome = await bot.tables.act(game_id, interaction.user.id, decision_id, action,
                                       guild_id=interaction.guild_id, for_seat=for_seat)
    except errors.ParlorError as exc:
        await reply_error(interaction, exc.message)
        return
    await announce(bot, outcome, interaction)


async def announce(bot: ParlorBot, outcome: Outcome, interaction: discord.Interaction | None) -> None:
    """Update the clicked post and post what an accepted action led to (in the game's channel)."""
    presenter = presenter_for(outcome.after.row.kind)
    after = outcome.after
    same_player = [d for d in after.pending() if d.player == outcome.seat]
    name = outcome.before.names()[outcome.seat]
    done_line = f"✅ **{discord.utils.escape_markdown(name)}** {outcome.text}"
    channel = bot.get_partial_messageable(after.row.post_channel_id)
    concluded = await presenter.outcome_posts(outcome)
    if interaction is not None and interaction.message is not None and same_player and not concluded \
            and not any(d.player != outcome.seat for d in after.pending()):
        # A follow-up choice of the same player: update the clicked post in place.
        post = await presenter.table_post(after, mention=False)
        await interaction.edit_original_response(
            content=f"{post.content}\n{done_line}"[-2000:], attachments=[img.file() for img in post.images],
            view=post.view())
        await bot.db.set_message(after.id, interaction.message.id, after.row.version)
        return
    if interaction is not None and interaction.message is not None:
        content = interaction.message.content or ""
        await interaction.edit_original_response(content=f"{content}\n{done_line}"[-2000:], view=None)
    else:
        await channel.send(done_line, allowed_mentions=discord.AllowedMentions.none())
    last = None
    for post in concluded:
        last = await channel.send(**post.send_kwargs())
    if after.row.status == "running":
        await send_table(bot, after, mention=True)
    elif last is not None:
        await bot.db.set_message(after.id, last.id, after.row.version)


async def repost_unposted(bot: ParlorBot) -> int:
    """Post the table of every game whose latest state never reached Discord (a crash between the
    commit and the post); return how many were posted."""
    count = 0
    for row in await bot.db.unposted_games():
        try:
            table = await bot.tables.load(row.id)
            await send_table(bot, table, mention=True)
            count += 1
        except discord.HTTPException as exc:
            log.warning("game %s: could not re-post the table (%s)", row.id, exc.status)
    return count


async def send_table(bot: ParlorBot, table: Table, *, mention: bool,
                     interaction: discord.Interaction | None = None) -> discord.Message | None:
    """Post the current table (as a follow-up of ``interaction`` if given) and remember the post."""
    post = await presenter_for(table.row.kind).table_post(table, mention=mention)
    if interaction is not None:
        message = await interaction.followup.send(wait=True, **post.send_kwargs())
    else:
        message = await bot.get_partial_messageable(table.row.post_channel_id).send(**post.send_kwargs())
    if message is not None and bot.db is not None:
        await bot.db.set_message(table.id, message.id, table.row.version)
    return message


def decision_buttons(table: Table, presenter: Presenter) -> list[GameButton]:
    """Return one button per legal action of every public pending decision."""
    buttons: list[GameButton] = []
    for decision in table.pending():
        if decision.private:
            continue
        for action in table.engine.legal_actions(table.state, decision.player):
            buttons.append(presenter.button(table, decision, action))
    return buttons
