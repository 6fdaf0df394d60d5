"""The /tournament commands: create, join, status, drop, cancel, override and export."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import bot.tournaments as rules
from bot import errors
from bot.answers import member_language
from bot.duties import duties_of
from bot.i18n import N_, t
from bot.member_prefs import server_theme
from bot.registry import title
from bot.settings import DEADLINE_CHOICES
from cogs.flow import bot_of
from cogs.lobby import LobbyCog
from cogs.lobby.rights import play_refusal
from cogs.organised import reconcile_at_start, stop_listening
from cogs.posts import esc, guild_language
from cogs.tournaments.common import (
    FORMATS,
    POD_KINDS,
    STATUSES,
    TOURNAMENT_GAMES,
    answering,
    name_of,
    organiser,
    resolve,
)
from cogs.tournaments.posting import Poster, images_of, is_bracket, post_ended_games
from cogs.tournaments.signup import ask_cancel, post_kwargs, refresh_post
from cogs.tournaments.texts import drafting_line
from cogs.tournaments.views import match_label

log = logging.getLogger("parlor.tournaments")

NOT_ORGANISER = N_("Only an organiser (its creator, Manage Server, or the organiser role) can do that.")
DECK_FORMATS = {"standard": "Standard", "epic": "Epic", "draft": "Pack Draft first (decks from the pools)"}
TOURNAMENT = "Tournament number (default: the only one open in this channel)"


async def organised(interaction: discord.Interaction, tournament: int | None) -> Any:
    """Return the tournament a command means, once the member is one of its organisers (refused otherwise)."""
    row = await resolve(interaction, tournament)
    if not await organiser(interaction, row):
        raise errors.NotAllowed(NOT_ORGANISER)
    return row


async def tell(interaction: discord.Interaction, row: Any, private: tuple[str, dict], public: tuple[str, dict],
               mentions: discord.AllowedMentions | None = None) -> None:
    """Answer the member privately (in their language), then say what happened in the tournament's channel (in the
    server's; no pings unless ``mentions``). ``private`` and ``public``: a catalogue message and its fields, where
    ``{name}`` is filled with the tournament's name."""
    lang, (message, fields) = member_language(interaction), private
    await interaction.followup.send(t(lang, message, name=name_of(row, lang), **fields), ephemeral=True)
    lang = await guild_language(row.guild_id)
    message, fields = public
    await bot_of(interaction).get_partial_messageable(row.channel_id).send(
        t(lang, message, name=name_of(row, lang), **fields), allowed_mentions=mentions or discord.AllowedMentions.none())


class TournamentCog(commands.Cog):
    """Tournaments run by the bot: sign-ups, games in threads, brackets and standings."""

    tournament = app_commands.Group(name="tournament", description="Tournaments run by the bot", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.poster = Poster(bot)
        bot.tables.tournaments.listeners.append(self.poster)
        duties_of(bot).lead("tournament reconciliation", lambda: reconcile_at_start(bot.tables.tournaments,
                                                                                    "tournament"))

    async def cog_unload(self) -> None:
        """Stop posting this cog's events."""
        stop_listening(self.bot.tables.tournaments, self.poster)

    @tournament.command(name="create", description="Open a tournament with sign-up buttons in this channel")
    @app_commands.describe(game="Which game", format="How players are paired",
                           best_of="Games per match (a majority wins it)",
                           max_players="Most players who may sign up (default: no limit)",
                           deadline="Time per move in its games (default: the server's); a player who lets it "
                                    "pass forfeits",
                           rated="Whether its games count for ratings (default: yes)",
                           deck="Pixel Tactics only: players bring a built deck of this format")
    @app_commands.choices(game=[app_commands.Choice(name=title(k), value=k) for k in TOURNAMENT_GAMES],
                          format=[app_commands.Choice(name=n, value=v) for v, n in FORMATS.items()],
                          best_of=[app_commands.Choice(name=f"best of {n}", value=n) for n in (1, 3, 5)],
                          deadline=[app_commands.Choice(name=k, value=k) for k, h in DEADLINE_CHOICES.items()
                                    if h is not None],
                          deck=[app_commands.Choice(name=n, value=v) for v, n in DECK_FORMATS.items()])
    async def create(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                     format: app_commands.Choice[str], best_of: app_commands.Choice[int],
                     max_players: app_commands.Range[int, 2, 64] | None = None,
                     deadline: app_commands.Choice[str] | None = None, rated: bool = True,
                     deck: app_commands.Choice[str] | None = None) -> None:
        """Post the tournament with Join / Leave / Start / Cancel."""
        bot = bot_of(interaction)
        async with answering(interaction):
            if game.value in POD_KINDS and format.value != "swiss":
                raise errors.NotAllowed("{game} seats 2–4 players a table: its tournaments are Swiss, with pods "
                                        "seated by the standings.", game=title(game.value))
            if deck is not None and game.value != "pixel-tactics":
                raise errors.NotAllowed("The `deck` option is for Pixel Tactics only.")
            settings = await bot.tables.settings(interaction.guild_id)
            refusal = play_refusal(interaction, settings)
            if refusal is not None:
                raise errors.NotAllowed(refusal)
            hours = DEADLINE_CHOICES[deadline.value] if deadline is not None else None  # None: the server's
            await interaction.response.defer(thinking=True)
            user = interaction.user
            row = await bot.tables.tournaments.create(
                interaction.guild_id, interaction.channel_id, user.id, user.display_name, game.value,
                format.value, best_of.value, max_players, hours, rated, deck.value if deck else None)
            message = await interaction.followup.send(wait=True, **post_kwargs(row, await guild_language(row.guild_id)))
            await bot.tables.tournaments.set_message(row.id, message.id)

    @tournament.command(name="join", description="Sign up for a tournament (with your deck, if it needs one)")
    @app_commands.describe(tournament=TOURNAMENT, deck="Your built deck, for a tournament played with decks")
    async def join(self, interaction: discord.Interaction, tournament: int | None = None,
                   deck: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Sign the member up; the tournament post is updated."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, tournament)
            user = interaction.user
            row = await bot.tables.tournaments.join(row.id, user.id, user.display_name, deck)
            lang = member_language(interaction)
            await interaction.response.send_message(t(lang, "You are signed up for **{name}**.",
                                                      name=name_of(row, lang)), ephemeral=True)
            await refresh_post(bot, row)

    @tournament.command(name="status", description="Show a tournament's bracket or standings")
    @app_commands.describe(tournament=TOURNAMENT)
    async def status(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Post the bracket or standings image (publicly); during sign-up, who has signed up."""
        async with answering(interaction):
            row = await resolve(interaction, tournament)
            if row.status in ("signup", "cancelled") or drafting_line(row):
                await interaction.response.send_message(post_kwargs(row, member_language(interaction))["content"],
                                                        ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
                return
            await interaction.response.defer(thinking=True)
            lang = await guild_language(row.guild_id)
            images = await images_of(row, final=row.status == "finished",
                                     theme=await server_theme(bot_of(interaction).tables, row.guild_id), lang=lang)
            text = (t(lang, "📋 **{name}** — round {round} in play.", name=name_of(row, lang),
                      round=rules.round_no(row.state)) if row.status == "running" else
                    t(lang, "📋 **{name}** — final.", name=name_of(row, lang)))
            await interaction.followup.send(text, files=[i.file() for i in images],
                                            allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="drop", description="Leave a running tournament (organisers: drop a player)")
    @app_commands.describe(tournament=TOURNAMENT, member="Organisers only: the player to drop (default: you)")
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None,
                   member: discord.Member | None = None) -> None:
        """Drop a player: no further rounds; an unfinished match of theirs is lost by forfeit."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await resolve(interaction, tournament)
            target = member or interaction.user
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.tournaments.drop(row.id, target.id, interaction.user.id,
                                                    await organiser(interaction, row))
            await post_ended_games(bot, row)
            private = ((N_("You have dropped from **{name}**."), {}) if target.id == interaction.user.id else
                       (N_("{player} has dropped from **{name}**."), {"player": esc(target.display_name)}))
            await tell(interaction, row, private,
                       (N_("🚪 {player} dropped from **{name}**."), {"player": f"<@{target.id}>"}))
            await refresh_post(bot, row)

    @tournament.command(name="replace", description="Give a player's place to another member (organisers)")
    @app_commands.describe(tournament=TOURNAMENT, old="The player who leaves (also one who left the server)",
                           new="The member who takes their place (standing, pairings, their running game's seat)")
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.Member,
                      tournament: int | None = None) -> None:
        """Seat ``new`` in ``old``'s place: their standing, future pairings and the seat of their running games."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await organised(interaction, tournament)
            if new.bot:
                raise errors.NotAllowed("A bot cannot take a player's place.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            row, games = await bot.tables.tournaments.replace(row.id, old.id, new.id, new.display_name,
                                                              interaction.user.id, True)
            await tell(interaction, row, (N_("{new} takes {old}'s place in **{name}**."),
                                          {"new": esc(new.display_name), "old": esc(old.display_name)}),
                       (N_("🔁 {new} takes the place of {old} in **{name}** (set by an organiser)."),
                        {"new": f"<@{new.id}>", "old": f"<@{old.id}>"}),
                       discord.AllowedMentions(users=[discord.Object(new.id)]))
            for game_id in games:
                await self.poster.seat_changed(await bot.tables.load(game_id), old.id, new.id)
            await refresh_post(bot, row)

    @tournament.command(name="cancel", description="Cancel a tournament (organisers; asks first)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Ask the organiser privately to confirm, then cancel."""
        async with answering(interaction):
            await ask_cancel(interaction, await resolve(interaction, tournament))

    @tournament.command(name="override", description="Decide a match's winner (organisers)")
    @app_commands.describe(tournament=TOURNAMENT, match="The match (see the bracket or /tournament status)",
                           winner="Who wins the match")
    async def override(self, interaction: discord.Interaction, match: str, winner: discord.Member,
                       tournament: int | None = None) -> None:
        """Set the winner of a match outright; the tournament moves on as if it had been played."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await organised(interaction, tournament)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.tournaments.override(row.id, match, winner.id, interaction.user.id, True)
            await post_ended_games(bot, row)
            await tell(interaction, row, (N_("Match {match} of **{name}**: {winner} wins (set by you)."),
                                          {"match": esc(match), "winner": esc(winner.display_name)}),
                       (N_("⚖️ Match {match} of **{name}** was decided by an organiser: {winner} wins."),
                        {"match": esc(match), "winner": f"<@{winner.id}>"}))

    @tournament.command(name="void", description="Void a finished game: its match plays another (organisers)")
    @app_commands.describe(tournament=TOURNAMENT, game="The game's number (e.g. 12 for Tixel #12)")
    async def void(self, interaction: discord.Interaction, game: app_commands.Range[int, 1],
                   tournament: int | None = None) -> None:
        """Void a finished game of the current round: it no longer counts, and its match gets another game."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await organised(interaction, tournament)
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await bot.tables.tournaments.void(row.id, game, interaction.user.id, True)
            await tell(interaction, row, (N_("Game #{game} of **{name}** was voided."), {"game": game}),
                       (N_("♻️ Game #{game} of **{name}** was voided by an organiser: its match plays another game."),
                        {"game": game}))

    @tournament.command(name="export", description="Download a tournament's results as CSV (organisers)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def export(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Send the results as a CSV file, privately."""
        bot = bot_of(interaction)
        async with answering(interaction):
            row = await organised(interaction, tournament)
            text = await bot.tables.tournaments.export_csv(row.id)
            file = discord.File(io.BytesIO(text.encode()), filename=f"tournament-{row.id}.csv")
            lang = member_language(interaction)
            await interaction.response.send_message(t(lang, "Results of **{name}**:", name=name_of(row, lang)),
                                                    file=file, ephemeral=True)

    @join.autocomplete("deck")
    async def deck_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest the member's decks in this server (as /play does)."""
        return await LobbyCog.deck_names(self, interaction, current)

    @join.autocomplete("tournament")
    @status.autocomplete("tournament")
    @drop.autocomplete("tournament")
    @replace.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    @override.autocomplete("tournament")
    @void.autocomplete("tournament")
    @export.autocomplete("tournament")
    async def tournaments(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Suggest the server's tournaments open for sign-up or running."""
        rows = await bot_of(interaction).tables.tournaments.active_in(interaction.guild_id)
        typed = current.casefold().lstrip("#")
        lang = member_language(interaction)
        found = [r for r in rows if typed in f"{r.id} {name_of(r, lang)}".casefold()]
        return [app_commands.Choice(name=f"{name_of(r, lang)} ({t(lang, STATUSES.get(r.status, r.status))})"[:100],
                                    value=r.id) for r in found[:25]]

    @override.autocomplete("match")
    async def open_matches(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest the unfinished matches of the tournament named (or the one open here)."""
        tid = getattr(interaction.namespace, "tournament", None)
        try:
            row = await resolve(interaction, tid)
        except errors.ParlorError:
            return []
        if row.status != "running":
            return []
        names = {s.user_id: s.name for s in rules.standings(row.state)}
        bracket = is_bracket(row)  # the bracket image names its matches: say which one
        lang = member_language(interaction)
        choices = []
        for m in rules.matches(row.state):
            if m.done or m.bye:
                continue
            named = f" · {match_label(m.round - 1, row.state['rounds'], m.slot, lang)}" if bracket else ""
            label = f"{m.id}{named}: " + t(lang, " v ").join(names.get(p, "?") for p in m.players)
            if current.casefold() in label.casefold():
                choices.append(app_commands.Choice(name=label[:100], value=str(m.id)[:100]))
        return choices[:25]
