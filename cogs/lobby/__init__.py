"""The generic lobby and game commands: /play, /game status, /game resign, /games.

The lobby post's text is in ``texts``, its buttons in ``buttons``, the /play options in ``options``, who may
open a game where in ``rights`` and the /games list in ``listing``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.computer_players import LEVELS
from bot.computer_seating import vs_refusal
from bot.duties import duties_of
from bot.games.pixel_tactics.modes import MODES as PT_MODES
from bot.registry import GAMES
from bot.registry import engine as engine_for
from bot.settings import DEADLINE_CHOICES
from cogs.buttons import GameButton
from cogs.computer.lobby import play_vs
from cogs.flow import bot_of, guarded, reply_error, repost_unposted, send_table
from cogs.lobby.buttons import LobbyButton, lobby_view
from cogs.lobby.decks import ChooseDeckButton, DeckSelect
from cogs.lobby.listing import list_games
from cogs.lobby.options import CORE_SETS, DRAFT_METHODS, option_refusal
from cogs.lobby.rights import play_settings
from cogs.lobby.texts import lobby_text
from cogs.pixel_tactics import team_lobby
from cogs.posts import use_languages, use_last_outcomes


async def server_language(bot: commands.Bot, guild_id: int | None) -> str:
    """The language of a server's public posts (``/settings language``)."""
    return (await bot.tables.settings(guild_id)).language


class LobbyCog(commands.Cog):
    """Lobbies and the commands every game shares."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        duties = duties_of(bot)  # start-up recoveries: who runs them across processes, see bot/duties.py
        duties.lead("freed deck locks of games that ended before a restart",
                    lambda: bot.tables.decks.clear_stale_locks(), discord=False)
        duties.per_shard("re-posted game tables after a restart", lambda owns: repost_unposted(bot, owns))
        use_languages(lambda guild_id: server_language(bot, guild_id))
        use_last_outcomes(lambda table: bot.tables.last_outcome(table))

    async def cog_unload(self) -> None:
        use_languages(None)
        use_last_outcomes(None)

    game = app_commands.Group(name="game", description="The game in this channel or thread",
                              guild_only=True)

    @app_commands.command(name="play", description="Open a table for a game in this channel")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game", thread="Play in a thread of its own (default: the server's setting)",
                           deadline="Time each player has per decision (default: the server's setting)",
                           tix="Tixel only: Tix expansion pieces per player (0–4)",
                           poka_yoke="Tixel only: the Poka Yoke promotion rule",
                           trophies="Pixel Tactics only: trophies that win the match (2 = best of 3, 3 = best of 5)",
                           deck="Pixel Tactics only: play with built decks, starting with yours (see /pt deck)",
                           card_set="Pixel Tactics only: the core set both players copy (without built decks)",
                           promos="Pixel Tactics only: each player starts with a Promo and may Promo Draw",
                           chase="Pixel Tactics only: players may swap in a Chase Leader",
                           mode="Pixel Tactics only: the game mode (default: Classic; see /rules)",
                           method="Pixel Tactics Draft only: how the cards are drafted",
                           points="Pixel Tactics Team Cross Duel only: the points that win (default: 3)",
                           scanlines="Pixel Pusher: scanlines filled per Score phase (1 as in the rulebook; 2 is a house "
                                     "rule)",
                           rated="Whether the result counts for ratings and leaderboards (default: yes)",
                           vs="Play at once against one computer player of this level (not rated)")
    @app_commands.choices(game=[app_commands.Choice(name=t, value=k) for k, (t, _) in GAMES.items()],
                          deadline=[app_commands.Choice(name=k, value=k) for k in DEADLINE_CHOICES],
                          card_set=[app_commands.Choice(name=t, value=k) for k, t in CORE_SETS.items()],
                          method=[app_commands.Choice(name=t, value=k) for k, t in DRAFT_METHODS.items()],
                          mode=[app_commands.Choice(name=t, value=k) for k, t in PT_MODES.items()],
                          points=[app_commands.Choice(name=t, value=k) for k, t in team_lobby.POINTS_CHOICES.items()],
                          vs=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    async def play(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                   thread: bool | None = None, deadline: app_commands.Choice[str] | None = None,
                   tix: app_commands.Range[int, 0, 4] | None = None,
                   poka_yoke: bool | None = None,
                   trophies: app_commands.Range[int, 1, 3] | None = None,
                   deck: app_commands.Range[str, 1, 100] | None = None,
                   card_set: app_commands.Choice[str] | None = None,
                   promos: bool | None = None, chase: bool | None = None,
                   method: app_commands.Choice[str] | None = None, rated: bool = True,
                   mode: app_commands.Choice[str] | None = None,
                   points: app_commands.Choice[int] | None = None,
                   scanlines: app_commands.Range[int, 1, 2] | None = None,
                   vs: app_commands.Choice[str] | None = None) -> None:
        """Open a lobby post with Join / Leave / Start / Cancel."""
        picked = {"tix": tix, "poka_yoke": poka_yoke, "trophies": trophies, "deck": deck,
                  "set": card_set.value if card_set else None, "promos": promos, "chase": chase,
                  "method": method.value if method else None, "mode": mode.value if mode else None,
                  "points": points.value if points else None, "scanlines": scanlines}
        refusal = option_refusal(game.value, picked, member_language(interaction))
        if refusal is None and vs is not None:
            engine_options = {k: v for k, v in picked.items() if v is not None and k != "deck"}
            refusal = vs_refusal(game.value, picked, engine_for(game.value).seat_range(engine_options))
        if refusal is not None:
            await reply_error(interaction, refusal)
            return
        game_options = {k: v for k, v in picked.items() if v is not None and k != "deck"}
        bot = bot_of(interaction)
        settings = await play_settings(interaction)
        if settings is None:
            return
        if chase and not (await bot.tables.decks.server_lists(interaction.guild_id))["chase"]:
            await reply_error(interaction, "Chase Leaders are turned off in this server "
                                           "(a manager can turn them on with `/settings pt chase`).")
            return
        chosen = None
        if deck is not None:  # a quick read too, so that a refusal stays ephemeral
            try:
                chosen = await bot.tables.playable_deck(interaction.guild_id, interaction.user.id, deck)
            except errors.ParlorError as exc:
                await reply_error(interaction, exc.template, **exc.fields)
                return
        await interaction.response.defer(thinking=True)
        user = interaction.user
        options: dict = {"thread": settings.threads if thread is None else thread, "game": game_options}
        if deadline is not None:
            options["deadline_hours"] = DEADLINE_CHOICES[deadline.value]
        if not rated:
            options["rated"] = False
        if chosen is not None:
            options.update(built=True, deck_choices={str(user.id): chosen["name"]})
        if vs is not None:
            async with guarded(interaction):
                await play_vs(interaction, game.value, options, vs.value)
            return
        ping = settings.lobby_ping_role
        async with guarded(interaction):
            table = await bot.tables.create_lobby(game.value, interaction.guild_id, interaction.channel_id,
                                                  user.id, user.display_name, options)
            lang = settings.language
            text = lobby_text(table, lang)
            mentions = discord.AllowedMentions.none()
            if ping is not None:
                text = f"<@&{ping}> {text}"
                mentions = discord.AllowedMentions(everyone=False, users=False, replied_user=False,
                                                   roles=[discord.Object(ping)])
            await interaction.followup.send(text, view=lobby_view(table, lang), allowed_mentions=mentions)

    @play.autocomplete("deck")
    async def deck_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest the member's decks in this server."""
        decks = await bot_of(interaction).tables.decks.list(interaction.guild_id, interaction.user.id)
        typed = current.casefold()
        names = [d["name"] for d in decks if typed in d["name"].casefold()]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

    @game.command(name="status", description="Show the current table again")
    @app_commands.describe(game="Game number (default: the game in this channel or thread)")
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Re-post the current table, with the buttons of the pending decision."""
        bot = bot_of(interaction)
        try:  # a quick read first, so that a refusal can still be ephemeral
            table = await bot.tables.find_for(interaction.guild_id, interaction.channel_id,
                                              interaction.user.id, game, ("running", "finished"))
        except errors.ParlorError as exc:
            await reply_error(interaction, exc.template, **exc.fields)
            return
        await interaction.response.defer(thinking=True)
        async with guarded(interaction), bot.tables.post_lock(table.id):
            await send_table(bot, await bot.tables.load(table.id), mention=False, interaction=interaction)

    @game.command(name="resign", description="Leave the game you are playing here")
    @app_commands.describe(game="Game number (default: your game in this channel or thread)")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Resign, once confirmed: the game goes on without you, or ends, as its rules say."""
        from cogs.resign import ask_resign

        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        async with guarded(interaction):
            table = await bot.tables.find_for(interaction.guild_id, interaction.channel_id,
                                              interaction.user.id, game)
            table, _ = await bot.tables.seat_of(table.id, interaction.user.id, interaction.guild_id)
            await ask_resign(interaction, table)

    @app_commands.command(name="games", description="List the games open or running in this server")
    @app_commands.guild_only()
    @app_commands.describe(mine="Only your own games, in every server you share with the bot (as /mygames)")
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        """List lobbies and running games of this server, or the member's own everywhere (ephemeral)."""
        if mine:
            from cogs.mygames import my_games

            await my_games(interaction)
            return
        await list_games(interaction)


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the persistent buttons."""
    await bot.add_cog(LobbyCog(bot))
    from cogs.reposts import reposts_of

    await reposts_of(bot)  # from the start: it hears of threads deleted and permissions changed
    from cogs.guide import GuideButton, GuideSelect
    from cogs.private import MyPrivateButton, OpenPrivateButton
    from cogs.resign import ResignButton

    bot.add_dynamic_items(LobbyButton, GameButton, OpenPrivateButton, MyPrivateButton, GuideButton, GuideSelect,
                          ResignButton, ChooseDeckButton, DeckSelect)
