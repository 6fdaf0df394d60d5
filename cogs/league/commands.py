"""The /league commands of the members: create, join, start, draft, challenge, deck, discard, standings, pool and
history (the organisers' commands, the autocomplete and the cog itself: ``cogs/league/organising.py``)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import bot.league as rules
from bot import errors
from bot.answers import member_language
from bot.duties import duties_of
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import t
from bot.member_prefs import member_theme, server_theme
from cogs.flow import bot_of
from cogs.league.answers import deck_image, deck_words, history_text
from cogs.league.buttons import post_kwargs
from cogs.league.common import (
    answering,
    mention,
    name_of,
    organiser,
    resolve,
    server_language,
)
from cogs.league.posting import Poster, images_of
from cogs.league.private import choice_post, draft_post
from cogs.lobby.rights import play_refusal
from cogs.organised import reconcile_at_start, stop_listening
from cogs.pixel_tactics.deck_commands import card_key
from cogs.posts import esc

log = logging.getLogger("parlor.leagues")

LEAGUE = "League number (default: the only one open in this channel)"
PAIR_CAPS = {"off": None, "2": 2, "1": 1}


def card_list(text: str | None) -> list[str]:
    """Return the keys of the cards named in a comma-separated list (refused for an unknown name)."""
    return [card_key(part) for part in (text or "").split(",") if part.strip()]


def pending_choices(row: Any, user_id: int) -> list[int]:
    """Return the accepted challenges still waiting for this player's secret choice."""
    return [c["id"] for c in (row.state or {}).get("challenges") or []
            if c.get("status") == "accepted" and user_id in (c["by"], c["to"])
            and str(user_id) not in (c.get("choices") or {})]


class LeagueCommands(commands.Cog):
    """The members' /league commands (``LeagueCog`` in ``cogs/league/organising.py`` adds the organisers' ones)."""

    league = app_commands.Group(name="league", description="Pixel Tactics Leagues run by the bot", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.poster = Poster(bot)
        bot.tables.leagues.listeners.append(self.poster)
        duties_of(bot).lead("league reconciliation", lambda: reconcile_at_start(bot.tables.leagues, "league"))

    async def cog_unload(self) -> None:
        """Stop posting this cog's events."""
        stop_listening(self.bot.tables.leagues, self.poster)

    @league.command(name="create", description="Open a Pixel Tactics League with sign-up buttons in this channel")
    @app_commands.describe(cycles="How many cycles the league lasts", days="Length of a cycle in days",
                           max_players="Most players (default: as many as the pools allow, at most 8)",
                           pair_cap="Battles a pair may fight per cycle (the rulebook: 2 for 6+ players, 1 for 10+)",
                           banned="Cards taken out of the pools (names, separated by commas)",
                           restricted="Cards a player may hold one copy of (names, separated by commas)")
    @app_commands.choices(pair_cap=[app_commands.Choice(name="no cap", value="off"),
                                    app_commands.Choice(name="2 battles per pair a cycle", value="2"),
                                    app_commands.Choice(name="1 battle per pair a cycle", value="1")])
    async def create(self, interaction: discord.Interaction, cycles: app_commands.Range[int, 1, 10],
                     days: app_commands.Range[int, 1, 60], max_players: app_commands.Range[int, 2, 8] | None = None,
                     pair_cap: app_commands.Choice[str] | None = None,
                     banned: app_commands.Range[str, 1, 1000] | None = None,
                     restricted: app_commands.Range[str, 1, 1000] | None = None) -> None:
        """Post the league with Join / Leave / Start / Cancel (organisers only)."""
        bot = bot_of(interaction)
        async with answering(interaction):
            settings = await bot.tables.settings(interaction.guild_id)
            refusal = play_refusal(interaction, settings)
            if refusal is not None:
                raise errors.NotAllowed(refusal)
            user = interaction.user
            roles = [r.id for r in user.roles] if isinstance(user, discord.Member) else []
            if not (interaction.permissions.manage_guild or (settings.organiser_role and settings.organiser_role
                                                              in roles)):
                raise errors.NotAllowed("Only organisers (Manage Server, or the server's organiser role) can create "
                                        "a league.")
            banned_keys, restricted_keys = card_list(banned), card_list(restricted)
            await interaction.response.defer(thinking=True)
            row = await bot.tables.leagues.create(
                interaction.guild_id, interaction.channel_id, user.id, user.display_name, cycles, days, max_players,
                PAIR_CAPS[pair_cap.value] if pair_cap else None, banned=banned_keys, restricted=restricted_keys)
            message = await interaction.followup.send(wait=True, **post_kwargs(row, lang=await server_language(row)))
            await bot.tables.leagues.set_message(row.id, message.id)

    @league.command(name="join", description="Sign up for a league")
    @app_commands.describe(league=LEAGUE)
    async def join(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Sign the member up; the league post is updated."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            user = interaction.user
            row = await bot.tables.leagues.join(row.id, user.id, user.display_name)
            lang = member_language(interaction)
            await interaction.response.send_message(
                t(lang, "You are signed up for **{league}**.", league=name_of(row, lang)), ephemeral=True)

    @league.command(name="start", description="Start a league: the League Draft begins (organisers)")
    @app_commands.describe(league=LEAGUE)
    async def start(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Start the league; the first drafter gets their pick by DM."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            is_org = await organiser(interaction, row)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.leagues.start(row.id, interaction.user.id, is_org)
            lang = member_language(interaction)
            await interaction.followup.send(t(lang, "**{league}** has started: the League Draft begins.",
                                              league=name_of(row, lang)), ephemeral=True)

    @league.command(name="draft", description="Your waiting League Draft pick or secret challenge choice (only you)")
    @app_commands.describe(league=LEAGUE)
    async def draft(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Show the member their private choices ephemerally (for closed DMs, or a lost DM)."""
        async with answering(interaction):
            row = await resolve(interaction, league)
            user = interaction.user.id
            lang = member_language(interaction)
            view = rules.draft_state(row.state)
            if view is not None and view.user_id == user:
                await interaction.response.defer(ephemeral=True, thinking=True)
                post = await draft_post(row, view, await member_theme(bot_of(interaction).tables, user), lang)
                await interaction.followup.send(ephemeral=True, **post.send_kwargs())
                return
            waiting = pending_choices(row, user)
            if waiting:
                post = choice_post(row, waiting[0], user, lang=lang)
                await interaction.response.send_message(ephemeral=True, **post.send_kwargs())
                return
            if view is not None:
                text = t(lang, "Nothing private waits for you in **{league}** ({member} is picking).",
                         league=name_of(row, lang), member=mention(view.user_id))
            else:
                text = t(lang, "Nothing private waits for you in **{league}**.", league=name_of(row, lang))
            await interaction.response.send_message(text, ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())

    @league.command(name="challenge", description="Challenge another player of the league this cycle")
    @app_commands.describe(member="The player you challenge", league=LEAGUE)
    async def challenge(self, interaction: discord.Interaction, member: discord.Member,
                        league: int | None = None) -> None:
        """Offer a challenge: the challenged member answers with the post's buttons."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            if member.id == interaction.user.id:
                raise errors.NotAllowed("Challenge another player, not yourself.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            row, cid = await bot.tables.leagues.challenge(row.id, interaction.user.id, member.id)
            lang = member_language(interaction)
            await interaction.followup.send(t(lang, "Your challenge to {member} is posted (challenge {number} of "
                                              "**{league}**).", member=esc(member.display_name), number=cid,
                                              league=name_of(row, lang)), ephemeral=True)

    @league.command(name="deck", description="Show your league deck, or swap a Hero of it for one of your pool")
    @app_commands.describe(remove="A Hero of your deck to take out", add="A Hero of your pool to put in",
                           league=LEAGUE)
    async def deck(self, interaction: discord.Interaction, remove: app_commands.Range[str, 1, 100] | None = None,
                   add: app_commands.Range[str, 1, 100] | None = None, league: int | None = None) -> None:
        """Swap one Hero (both options) or show the deck (none); the deck stays exactly 25 Heroes."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            user = interaction.user.id
            if (remove is None) != (add is None):
                raise errors.NotAllowed("Name both the Hero to take out (`remove`) and the one to put in (`add`): "
                                        "the deck keeps exactly 25 Heroes.")
            lead = ""
            if remove is not None and add is not None:
                out, into = card_key(remove), card_key(add)
                deck = list(rules.pool_of(row.state, user).get("deck") or [])
                if out not in deck:
                    raise errors.NotAllowed("{card} is not in your league deck.", card=name_of_card(out))
                deck.remove(out)
                deck.append(into)
                row = await bot.tables.leagues.set_deck(row.id, user, deck)
                lead = t(member_language(interaction), "✅ {out} out, {card} in.", out=name_of_card(out),
                         card=name_of_card(into)) + "\n"
            await interaction.response.send_message(lead + deck_words(row, user, member_language(interaction)),
                                                    ephemeral=True)

    @league.command(name="discard", description="After a cycle: Leaders you put back into the pool (none: keep all)")
    @app_commands.describe(leaders="Your Leaders to put back, separated by commas, or `none` to keep them all",
                           league=LEAGUE)
    async def discard(self, interaction: discord.Interaction, leaders: app_commands.Range[str, 1, 500],
                      league: int | None = None) -> None:
        """Say which Leaders go back to the Leader pool (you draft back to 5); the redraft opens once all said."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, league)
            keys = [] if leaders.strip().casefold() == "none" else card_list(leaders)
            row = await bot.tables.leagues.discard(row.id, interaction.user.id, keys)
            lang = member_language(interaction)
            said = ", ".join(name_of_card(k) for k in keys)
            text = (t(lang, "{cards} went back to the Leader pool of **{league}**: you draft back to 5 Leaders.",
                      cards=said, league=name_of(row, lang)) if keys
                    else t(lang, "You keep all your Leaders in **{league}**.", league=name_of(row, lang)))
            await interaction.response.send_message(text, ephemeral=True)

    @league.command(name="standings", description="Post a league's standings and every player's score sheet")
    @app_commands.describe(league=LEAGUE)
    async def standings(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Post the standings table and the score sheets (publicly)."""
        async with answering(interaction):
            row = await resolve(interaction, league)
            if row.status in ("signup", "cancelled"):
                await interaction.response.send_message(post_kwargs(row, lang=member_language(interaction))["content"],
                                                        ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
                return
            await interaction.response.defer(thinking=True)
            lang = await server_language(row)
            images = await images_of(row, await server_theme(bot_of(interaction).tables, row.guild_id), lang)
            await interaction.followup.send(t(lang, "📋 **{league}** — standings and score sheets.",
                                              league=name_of(row, lang)),
                                            files=[i.file() for i in images],
                                            allowed_mentions=discord.AllowedMentions.none())

    @league.command(name="pool", description="Your league deck as an image and the rest of your pool (only you see it)")
    @app_commands.describe(league=LEAGUE)
    async def pool(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """Show the member's deck (Leaders and 25 Heroes) as an image, and their whole pool in words."""
        async with answering(interaction):
            row = await resolve(interaction, league)
            user = interaction.user
            rules.pool_of(row.state, user.id)  # refuses a member who does not play
            await interaction.response.defer(ephemeral=True, thinking=True)
            lang = member_language(interaction)
            image = await deck_image(row, user.id, user.display_name,
                                     await member_theme(bot_of(interaction).tables, user.id), lang)
            await interaction.followup.send(deck_words(row, user.id, lang)[:2000], file=image.file(), ephemeral=True)

    @league.command(name="history", description="The league's challenges and their results (only you see it)")
    @app_commands.describe(league=LEAGUE)
    async def history(self, interaction: discord.Interaction, league: int | None = None) -> None:
        """List the challenges: who challenged whom, each cycle, the result and the Base captured."""
        async with answering(interaction):
            row = await resolve(interaction, league)
            await interaction.response.send_message(history_text(row, member_language(interaction))[:2000],
                                                    ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
