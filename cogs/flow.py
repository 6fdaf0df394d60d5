"""How an interaction becomes a committed action and the posts that follow it, in order."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import discord

from bot import errors
from bot.answers import OOPS, member_language, reply_error, report_unexpected  # noqa: F401  (re-exported)
from bot.game_table import RESIGN
from bot.games.base import Action
from bot.i18n import N_, t
from cogs.computer.posts import without_computers
from cogs.posts import Post, esc, fit_content, guild_language, presenter_for, public_language

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import GameRow, Outcome, Table

log = logging.getLogger("parlor.cogs")
#: the label of a table post's button showing a member their private posts (a game may name it otherwise)
PRIVATE_LABEL = N_("My hand & choices")


def bot_of(interaction: discord.Interaction) -> ParlorBot:
    """Return the Pixel Parlor bot behind an interaction."""
    return interaction.client  # type: ignore[return-value]


@contextlib.asynccontextmanager
async def guarded(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Turn a refusal into its ephemeral reason and any other failure into one apology."""
    try:
        yield
    except errors.ParlorError as exc:
        await reply_error(interaction, exc.template, **exc.fields)
    except Exception as exc:
        await report_unexpected(interaction, exc)


async def play_action(interaction: discord.Interaction, game_id: int, action: Action, *,
                      decision_id: str | None, for_seat: int | None) -> None:
    """Acknowledge a click at once, apply it, then update the clicked post and post what follows."""
    await interaction.response.defer()
    bot = bot_of(interaction)
    async with bot.tables.post_lock(game_id):
        outcome = await bot.tables.act(game_id, interaction.user.id, decision_id, action,
                                       guild_id=interaction.guild_id, for_seat=for_seat)
        await announce(bot, outcome, interaction)


async def _edit_clicked(interaction: discord.Interaction, **kwargs) -> bool:
    """Edit the post whose button was clicked; a failure (deleted post...) is logged, not fatal."""
    try:
        await interaction.edit_original_response(**kwargs)
        return True
    except discord.HTTPException as exc:
        log.warning("could not edit the clicked post (%s); posting on", exc.status)
        return False


def post_channel_of(row: GameRow) -> int:
    """Return the channel holding the game's latest table post (a ``/game status`` answer may be
    elsewhere than the game's channel)."""
    return row.message_channel_id or row.post_channel_id


async def retire_previous(bot: ParlorBot, row: GameRow, keep: int | None = None) -> None:
    """Take the buttons off the game's latest table post (unless it is ``keep``), so that only the
    newest post of a game carries live buttons; a post that is gone is logged, not fatal."""
    if row.message_id is None or row.message_id == keep:
        return
    channel = bot.get_partial_messageable(post_channel_of(row))
    try:
        await channel.get_partial_message(row.message_id).edit(view=None)
    except discord.HTTPException as exc:
        log.info("game %s: could not retire post %s (%s)", row.id, row.message_id, exc.status)


def _clicked_language(interaction: discord.Interaction, server: str) -> str:
    """The language of a private post a member clicked: an ephemeral one answered them (their client's), a DM
    answered no interaction (the server's)."""
    return member_language(interaction) if interaction.message.flags.ephemeral else server


async def private_post_in(presenter, table: Table, seat: int, lang: str) -> Post:
    """A seat's private post from ``presenter``, in ``lang`` when the presenter speaks languages."""
    if getattr(presenter, "speaks_languages", False):
        return await presenter.private_post(table, seat, lang)
    return await presenter.private_post(table, seat)


async def announce(bot: ParlorBot, outcome: Outcome, interaction: discord.Interaction | None, *,
                   how: str = "✅", lead: str = "", tell: discord.Interaction | None = None,
                   quiet: bool = False, lead_fields: dict | None = None) -> None:
    """Update the clicked post and post what an accepted action led to (call under the post lock).

    The line describing the action reads ``{how} **name** {lead}{text}``, e.g.
    "⌛ **Ada** ran out of time; the bot played: took Blue 5 → space 5", in the server's language (``lead``: a
    catalogue message, its fields ``lead_fields``; the action in the presenter's ``describe_action`` words when it
    has them). If Discord refuses the posts,
    the member of ``interaction`` (or of ``tell``, for an action made by a command) is told why.
    ``quiet``: a secret choice made without a click (a computer player's) updates the table post in place
    during a simultaneous private phase, as a member's does.
    """
    presenter = presenter_for(outcome.after.row.kind)
    after, before = outcome.after, outcome.before
    lang = await guild_language(after.row.guild_id)
    name = before.names(lang)[outcome.seat]
    text = outcome.text  # the engine's sentence: only for a game whose presenter has no words for its events
    if hasattr(presenter, "describe_action"):  # the presenter words the action in the server's language
        text = presenter.describe_action(before, outcome.seat, outcome.action, lang) or text
    bold = f"**{esc(name)}**"
    if isinstance(outcome.action, dict) and outcome.action.get("type") == RESIGN:
        done_line = f"{how} " + t(lang, "{name} resigned", name=bold)
    else:
        done_line = f"{how} {bold} {t(lang, lead, **(lead_fields or {})) if lead else ''}{text}"
    channel = bot.get_partial_messageable(after.row.post_channel_id)
    concluded = [without_computers(after, p, lang) for p in await presenter.outcome_posts(outcome)]
    before_ids = await _offered_before(bot, before)
    turn_seats = _turn_seats(presenter, before, after)
    delivered: set[str] = set()
    clicked = interaction is not None and interaction.message is not None
    if clicked and (interaction.channel_id != after.row.post_channel_id or interaction.message.flags.ephemeral):
        # A private choice made in a DM (or an ephemeral post): its follow-up replaces it there;
        # otherwise it is closed there. The public channel hears of it below.
        clicked = False
        follow = [d for d in after.pending()
                  if d.player == outcome.seat and d.private and d.id not in before_ids]
        if follow and after.row.status == "running" and _private_choice(outcome):
            post = await private_post_in(presenter, after, outcome.seat, _clicked_language(interaction, lang))
            if await _edit_clicked(interaction, content=fit_content(post.content),
                                   attachments=[img.file() for img in post.images], view=post.view()):
                delivered.update(d.id for d in follow)
        else:
            mine = before.engine.describe_for(before.state, outcome.seat, outcome.action, outcome.seat)
            speaks = _clicked_language(interaction, lang)
            if hasattr(presenter, "describe_private"):  # the player's own words for it, in their post's language
                mine = presenter.describe_private(before, outcome.seat, outcome.action, speaks) or mine
            done = t(speaks, "✅ Done: {action}", action=mine)
            await _edit_clicked(interaction, content=fit_content(f"{interaction.message.content}\n{done}"),
                                view=None)
    if (interaction is not None or quiet) and await _quiet_update(bot, outcome, concluded, before_ids | delivered):
        return
    pending = after.pending()
    if clicked and pending and not concluded and all(d.player == outcome.seat for d in pending):
        # A follow-up choice of the same player: update the clicked post in place.
        after = await learning_tips(bot, after)
        post = await table_post(after, mention=False, bot=bot)
        if await _edit_clicked(interaction, content=fit_content(f"{post.content}\n{done_line}"),
                               attachments=[img.file() for img in post.images], view=post.view()):
            await retire_previous(bot, before.row, keep=interaction.message.id)
            await bot.tables.mark_posted(after.id, interaction.message.id, after.row.version,
                                         interaction.channel_id)
            return
    # Games that say so open the next table post with the line, rather than posting it on its own.
    combine = (getattr(presenter, "combine_done_line", False) and not clicked and not concluded
               and after.row.status == "running")
    if clicked:
        content = interaction.message.content or ""
        await _edit_clicked(interaction, content=fit_content(f"{content}\n{done_line}"), view=None)
    await retire_previous(bot, before.row, keep=interaction.message.id if clicked else None)
    sent: list[discord.Message] = []  # the posts of what the action concluded, sent so far
    try:
        if not clicked and not combine:
            await channel.send(done_line, allowed_mentions=discord.AllowedMentions.none())
        last = None
        for post in concluded:
            last = await channel.send(**post.send_kwargs())
            sent.append(last)
        if after.row.status == "running":
            await post_table(bot, after, mention=True, already=before_ids | delivered, turn_seats=turn_seats,
                             lead=done_line if combine else "", retire=False)
        elif last is not None:
            await bot.tables.mark_posted(after.id, last.id, after.row.version, channel.id)
        if after.row.status == "finished":
            from cogs.learn import post_closing  # learn imports this module

            await post_closing(bot, after)
    except discord.HTTPException as exc:
        # The action stays committed; the game is left marked as needing a post (posted version
        # below its version) and is posted again by itself once Discord lets the bot.
        from cogs.reposts import post_failed  # reposts imports this module

        if after.row.status == "finished":  # its re-post sends the whole conclusion: none of it twice
            for message in sent:
                with contextlib.suppress(discord.HTTPException):
                    await message.delete()
        await post_failed(bot, after, exc, interaction or tell)


async def _offered_before(bot: ParlorBot, before: Table) -> set[str]:
    """Return the ids of the decisions pending before the action whose DMs went out: all of them once the state
    before was posted; none if it never was (its process died before posting it, or Discord refused the post),
    so that they are sent now rather than never (a DM may come twice, e.g. when another process is still
    posting that state)."""
    ids = {d.id for d in before.pending()}
    if not ids or bot.tables is None:
        return ids
    posted = await bot.tables.posted_version(before.id)
    return ids if posted is not None and posted >= before.row.version else set()


def _private_choice(outcome: Outcome) -> bool:
    """Return whether the action answered a private decision."""
    decision = outcome.before.engine.decision_for(outcome.before.state, outcome.seat)
    return decision is not None and decision.private


def _turn_seats(presenter, before: Table, after: Table) -> set[int]:
    """Return the seats whose turn just began (a presenter with ``dm_on_turn`` sends them their hand):
    the presenter says so (``turn_dm_seats``), or else those with a public decision now and none before."""
    if hasattr(presenter, "turn_dm_seats"):
        return set(presenter.turn_dm_seats(before, after))
    had = {d.player for d in before.pending() if not d.private}
    return {d.player for d in after.pending() if not d.private and d.player not in had}


async def _quiet_update(bot: ParlorBot, outcome: Outcome, concluded: list, already: set[str]) -> bool:
    """During a simultaneous private phase, update the table post in place instead of posting anew;
    return whether that was done. The phase goes on while every pending decision is private and is
    either still another player's earlier one or the acting player's own follow-up; its end (new
    decisions for others, a public decision, the game's end) is posted normally. (A choice the bot made
    for a player who ran out of time is announced normally too.)"""
    after, before = outcome.after, outcome.before
    pending = after.pending()
    message_id = before.row.message_id
    if (concluded or after.row.status != "running" or message_id is None or not _private_choice(outcome)
            or not pending or not all(d.private for d in pending)
            or not all(d.id in already for d in pending if d.player != outcome.seat)):
        return False
    if after.engine.view(after.state, None) != before.engine.view(before.state, None):
        from cogs.private import dms_closed  # private imports this module

        unreached = [u for u in {after.user_of(d.player) for d in pending} if await dms_closed(bot, u)]
        post = await table_post(after, mention=False, unreached=unreached, bot=bot)
        try:
            await bot.get_partial_messageable(post_channel_of(before.row)).get_partial_message(message_id).edit(
                content=fit_content(post.content), attachments=[img.file() for img in post.images],
                view=post.view(), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not update the table post in place (%s); posting anew", exc.status)
            return False
    from cogs.private import deliver_private  # private imports this module

    # The DMs go out before the state counts as posted: a process that dies between the two leaves the state
    # unposted, and the start-up recovery posts it again with its DMs (at worst a DM twice, never none).
    await deliver_private(bot, after, already, turn_seats=set())
    await bot.tables.mark_posted(after.id, message_id, after.row.version, post_channel_of(before.row))
    return True


async def table_post(table: Table, *, mention: bool, unreached: list[int] | None = None,
                     bot: ParlorBot | None = None) -> Post:
    """Return the presenter's table post with the private-choices button (and, for members whose
    DMs are closed, a line pointing them at it), and with ``bot`` the due time of the pending moves."""
    from cogs.my_colours import colours_button  # these import this module
    from cogs.private import private_button

    lang = await public_language(table)
    post = without_computers(table, await presenter_for(table.row.kind).table_post(table, mention=mention), lang)
    for button in (private_button(table, lang), colours_button(table, lang)):
        if button is not None and len(post.buttons) < 25:
            post.buttons.append(button)
    if unreached:
        who = ", ".join(f"<@{u}>" for u in unreached)
        label = t(lang, getattr(presenter_for(table.row.kind), "private_label", PRIVATE_LABEL))
        post.content += "\n🔒 " + t(lang, "{who}: your DMs are closed, so your hand and private choices are here: "
                                         "press **{label}** (only you will see it).", who=who, label=label)
        post.mention = [*post.mention, *unreached]
    deadlines = getattr(bot, "deadlines", None)
    if deadlines is not None and table.row.status == "running":
        due = [await deadlines.deadline_of(table.id, d.id, d.player) for d in table.pending()]
        due = [d for d in due if d is not None]
        if due and min(due) > deadlines.clock():
            when = f"<t:{int(min(due))}:R>"
            post.content += "\n⏳ " + t(lang, "Due {when} (`/game extend` asks once for more time).", when=when)
        elif due:
            post.content += "\n⏳ " + t(lang, "Overdue: the game waits for this move.")
    return post


async def send_table(bot: ParlorBot, table: Table, *, mention: bool,
                     interaction: discord.Interaction | None = None,
                     already: set[str] | frozenset[str] = frozenset(),
                     turn_seats: set[int] | None = None, lead: str = "",
                     tell: discord.Interaction | None = None,
                     saved: str = N_("Your move was saved")) -> discord.Message | None:
    """Post the current table (as a follow-up of ``interaction`` if given), remember the post and
    retire the buttons of the game's previous table post (see ``post_table``).

    When Discord refuses a post in the game's channel, the game stays marked as needing a post and is
    posted again by itself once possible; the member of ``tell`` is told why, and ``None`` is returned.
    """
    try:
        return await post_table(bot, table, mention=mention, interaction=interaction, already=already,
                                turn_seats=turn_seats, lead=lead)
    except discord.HTTPException as exc:
        if interaction is not None:
            raise
        from cogs.reposts import post_failed  # reposts imports this module

        await post_failed(bot, table, exc, tell, saved)
        return None


async def learning_tips(bot: ParlorBot, table: Table) -> Table:
    """In a tutorial game (``/learn``), post the tips due with the learner's decision before its prompt and
    return the table after recording them (otherwise ``table`` unchanged)."""
    if bot.tables is None or "learn" not in table.row.options:
        return table
    from cogs.learn import post_tips  # learn imports this module

    return await post_tips(bot, table)


async def post_table(bot: ParlorBot, table: Table, *, mention: bool,
                     interaction: discord.Interaction | None = None,
                     already: set[str] | frozenset[str] = frozenset(),
                     turn_seats: set[int] | None = None, lead: str = "", retire: bool = True,
                     dms: bool = True) -> discord.Message:
    """Post the current table (as a follow-up of ``interaction`` if given), remember the post, and
    (``retire``) take the buttons off the game's previous table post; raise ``discord.HTTPException``
    when Discord refuses the post (nothing is remembered then).

    A new turn post (``mention``) first sends each private decision to its player by DM, except
    those whose ids are in ``already`` (still open from before, so already delivered), and, in games
    that send hands on each turn, the hand of each seat in ``turn_seats`` (all acting seats if
    ``None``); members whose DMs are closed are pointed at the post's private button instead.
    ``dms=False`` sends no DM (they went out before a post that failed). ``lead`` (what the last
    action did) opens the post.
    """
    from cogs.private import deliver_private, dms_closed, has_private  # private imports this module

    table = await learning_tips(bot, table)
    unreached: list[int] = []
    if mention and dms:
        unreached = await deliver_private(bot, table, already, turn_seats=turn_seats)
    elif mention and has_private(table.row.kind):
        unreached = [u for u in dict.fromkeys(table.user_of(d.player) for d in table.pending())
                     if await dms_closed(bot, u)]
    post = await table_post(table, mention=mention, unreached=unreached, bot=bot)
    if lead:
        post.content = f"{lead}\n{post.content}"
    if interaction is not None:
        message = await interaction.followup.send(wait=True, **post.send_kwargs())
        channel_id = interaction.channel_id
    else:
        channel_id = table.row.post_channel_id
        message = await bot.get_partial_messageable(channel_id).send(**post.send_kwargs())
    if retire:
        await retire_previous(bot, table.row, keep=message.id)
    if bot.tables is not None:
        await bot.tables.mark_posted(table.id, message.id, table.row.version, channel_id)
    return message


async def repost_unposted(bot: ParlorBot, owns=None) -> int:
    """Start-up recovery: post the table of every game whose latest state never reached Discord (a
    crash between the commit and the post, or Discord refused it), paging through their ids; return
    how many were posted (the others are retried by themselves, see ``cogs/reposts.py``)."""
    from cogs.reposts import reposts_of  # reposts imports this module

    return await (await reposts_of(bot)).recover(owns)
