"""The generic lobby and game commands: /play, /game status, /game resign, /games."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.computer_players import LEVELS
from bot.computer_seating import vs_refusal
from bot.duties import duties_of
from bot.games.pixel_tactics.modes import MODES as PT_MODES
from bot.i18n import N_, t, tn
from bot.lobby_decks import BUILT_KINDS, is_built
from bot.registry import GAMES, title
from bot.registry import engine as engine_for
from bot.settings import DEADLINE_CHOICES, Settings
from bot.tables import Table
from cogs.buttons import SIGNUP_OPS, GameButton, id_number, known_op, op_button, refusing
from cogs.computer_lobby import add_button, computer_line, play_vs
from cogs.computer_posts import seat_label
from cogs.flow import bot_of, guarded, reply_error, repost_unposted, send_table
from cogs.lobby_decks import ChooseDeckButton, DeckSelect, deck_line
from cogs.pixel_tactics import team_lobby
from cogs.posts import MAX_CONTENT, esc, guild_language, use_languages, use_last_outcomes
from cogs.settings import deadline_words

log = logging.getLogger("parlor.lobby")


def lobby_text(table: Table, lang: str = "en") -> str:
    """Return the lobby post's text (in ``lang``, the server's language): game, options, seats and what to do."""
    low, high = table.seat_range
    teams = team_lobby.team_mode(table) is not None
    seats = (team_lobby.seat_lines(table) if teams
             else "\n".join(f"{s.seat + 1}. {seat_label(table, s.seat, lang)}" for s in table.seats))
    chosen = table.row.options.get("game") or {}
    options = mode_line(chosen, lang) + "".join(
        "\n" + t(lang, "Option: {name} = {value}", name=k.replace("_", " "),
                  value=t(lang, "on") if v is True else t(lang, "off") if v is False else v)
        for k, v in sorted(chosen.items()) if k not in _UNSHOWN) + deadline_line(table.row.options, lang)
    options += rated_line(table.row.options, lang) + computer_line(table, lang)
    options += deck_line(table, lang)
    status = table.row.status
    title = f"**{table.title}**"
    if status == "cancelled":
        return "🚫 " + t(lang, "{title} — the table was cancelled.", title=title)
    if status != "lobby":
        return ("🎲 " + t(lang, "{title} — the game has started.", title=title) + options + "\n"
                + t(lang, "Players:") + "\n" + seats)
    free = high - len(table.seats)
    needs = max(0, low - len(table.seats))
    creator = f"<@{table.row.creator_id}>"
    if needs:
        hint = t(lang, "Needs {count} more to start.", count=needs)
    elif free:
        hint = t(lang, "{creator} can start now (or wait for up to {free} more).", creator=creator, free=free)
    else:
        hint = t(lang, "{creator} can start now.", creator=creator)
    players = (t(lang, "{low}–{high} players", low=low, high=high) if low != high
               else tn(lang, "{count} player", "{count} players", low, count=low))
    where = (N_("{title} — a table for {players}, played in a thread.") if table.row.options.get("thread", True)
             else N_("{title} — a table for {players}, played in this channel."))
    if teams:
        options += team_lobby.team_note(table)
    return "🎲 " + t(lang, where, title=title, players=players) + options + "\n" + t(lang, "Seated:") + f"\n{seats}\n{hint}"


#: engine options a lobby post never lists (built decks are private; the content version is bookkeeping)
_UNSHOWN = ("decks", "content", "cube", "mode")


def mode_line(chosen: dict, lang: str = "en") -> str:
    """Return the lobby text's line naming a Pixel Tactics mode other than Classic (Classic says nothing)."""
    mode = chosen.get("mode")
    return "\n" + t(lang, "Mode: {mode}", mode=PT_MODES[mode]) if mode in PT_MODES and mode != "classic" else ""


def deadline_line(options: dict, lang: str = "en") -> str:
    """Return the lobby text's deadline line (a table without a chosen deadline uses the server's)."""
    if "deadline_hours" not in options:
        return "\n" + t(lang, "Deadline: the server's default")
    hours = options["deadline_hours"]
    if hours is None:
        return "\n" + t(lang, "Deadline: no deadline")
    return "\n" + t(lang, "Deadline: {deadline} per move", deadline=deadline_words(hours, lang))


def rated_line(options: dict, lang: str = "en") -> str:
    """Return the lobby text's line for a game its host marked unrated (rated games say nothing)."""
    return "\n" + t(lang, "Unrated: the result does not change ratings") if options.get("rated") is False else ""


#: the Pixel Tactics core sets a Classic mirror may copy, and the draft methods (option value → title)
CORE_SETS = {"core": "Core Set 1", "core2": "Core Set 2"}
DRAFT_METHODS = {"pack": "Pack Draft (3–8)", "epic-pack": "Epic Pack Draft (3–8)", "winston": "Winston Draft (2)",
                 "purchase": "Purchase Draft (2–4)"}
#: /play option → the games it belongs to
_OPTION_GAMES = {"tix": ("tixel",), "poka_yoke": ("tixel",), "trophies": ("pixel-tactics",),
                 "deck": BUILT_KINDS, "set": ("pixel-tactics",), "promos": ("pixel-tactics",),
                 "chase": ("pixel-tactics",), "method": ("pt-draft",), "mode": ("pixel-tactics",),
                 "points": ("pixel-tactics",), "scanlines": ("pixel-pusher",)}


def option_refusal(kind: str, picked: dict, lang: str = "en") -> str | None:
    """Return why the /play options given don't fit the game (an option of another game), in ``lang``, or
    ``None``."""
    for name, value in picked.items():
        if value is not None and kind not in _OPTION_GAMES[name]:
            games = t(lang, " and ").join(title(g) for g in _OPTION_GAMES[name])
            option = "card_set" if name == "set" else name
            return t(lang, "The `{option}` option is for {games} only.", option=option, games=games)
    if picked.get("deck") is not None and picked.get("trophies") == 3:
        return t(lang, "Built-deck matches are played to 1 or 2 trophies: a deck's 4 Leaders can't cover a best of "
                       "five.")
    if picked.get("deck") is not None and picked.get("set") is not None:
        return t(lang, "Choose either built decks (`deck`) or a core set both players copy (`card_set`), not both.")
    if picked.get("mode") == "epic" and picked.get("trophies") not in (None, 1):
        return t(lang, "Epic Duel is one game, won by defeating the rival's four Leaders: leave `trophies` out.")
    if picked.get("mode") == "epic" and picked.get("set") is not None:
        return t(lang, "Epic Duel plays Epic decks (without `deck`, each player gets an Epic Combination of both core "
                       "sets and both minipaks): leave `card_set` out.")
    if picked.get("mode") == "duel_draft" and picked.get("promos"):
        return t(lang, "Duel Draft is played without Promos.")
    return team_lobby.team_refusal(picked)


def play_refusal(interaction: discord.Interaction, settings: Settings) -> str | None:
    """Return why this member may not open a game here under the server's settings (in the member's language),
    or ``None``."""
    lang = member_language(interaction)
    channel = interaction.channel
    where = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
    if settings.game_channels and where not in settings.game_channels:
        listed = ", ".join(f"<#{c}>" for c in settings.game_channels)
        return t(lang, "Games can't be opened here. Games can be opened in {channels}.", channels=listed)
    user = interaction.user
    if (settings.starter_role is not None and not interaction.permissions.manage_guild
            and not (isinstance(user, discord.Member) and user.get_role(settings.starter_role))):
        role = f"<@&{settings.starter_role}>"
        return t(lang, "Opening a game needs the {role} role.", role=role)
    return None


async def play_settings(interaction: discord.Interaction) -> Settings | None:
    """Return the server's settings when the member may start a game here; else tell them privately why not and
    return None (a quick read, so the refusal stays ephemeral)."""
    settings = await bot_of(interaction).tables.settings(interaction.guild_id)
    refusal = play_refusal(interaction, settings)
    if refusal is not None:
        await reply_error(interaction, refusal)
        return None
    return settings


def lobby_view(table: Table, lang: str = "en") -> discord.ui.View | None:
    """Return the lobby buttons, labelled in ``lang`` (none once the lobby is closed)."""
    if table.row.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for op in SIGNUP_OPS:
        view.add_item(LobbyButton(table.id, op, lang))
    if is_built(table):
        view.add_item(ChooseDeckButton(table.id, lang))
    computer = add_button(table, lang)
    if computer is not None:
        view.add_item(computer)
    return view


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pl:(?P<game>\d+):(?P<op>[a-z]+)"):
    """Join / Leave / Start / Cancel on a lobby post; survives restarts."""

    def __init__(self, game_id: int, op: str, lang: str = "en"):
        self.game_id, self.op = game_id, op
        super().__init__(op_button(f"pl:{game_id}:{op}", op, lang=lang))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), known_op(match["op"], "lobby"))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Carry out the lobby operation and update the lobby post."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await interaction.response.defer()
            async with bot.tables.post_lock(self.game_id):
                table = await self._apply(bot, interaction.user)
                started = self.op == "start"
                if self.op == "join" and team_lobby.full(table):  # a team table starts when its last seat is taken
                    try:
                        table = await bot.tables.start(self.game_id, table.row.creator_id)
                        started = True
                    except errors.LobbyError as exc:  # e.g. a built deck not chosen yet: the opener starts it later
                        log.info("game %s: full team table not started (%s)", self.game_id, exc.message)
                lang = await guild_language(interaction.guild_id)
                await interaction.edit_original_response(content=lobby_text(table, lang), view=lobby_view(table, lang),
                                                         allowed_mentions=discord.AllowedMentions.none())
                if started:
                    await start_posting(interaction, table)

    async def _apply(self, bot, user: discord.abc.User) -> Table:
        """Run the lobby operation through the table service."""
        if self.op == "join":
            return await bot.tables.join(self.game_id, user.id, user.display_name)
        if self.op == "leave":
            return await bot.tables.leave_lobby(self.game_id, user.id)
        if self.op == "cancel":
            return await bot.tables.cancel(self.game_id, user.id)
        if self.op == "start":
            return await bot.tables.start(self.game_id, user.id)
        raise errors.LobbyError("Unknown lobby button.")


async def start_posting(interaction: discord.Interaction, table: Table) -> None:
    """Open the game's thread where allowed and wanted, then post the first table."""
    bot = bot_of(interaction)
    want_thread = table.row.options.get("thread", True)
    channel = interaction.channel
    perms = interaction.app_permissions
    can_thread = (perms.create_public_threads and perms.send_messages_in_threads
                  and isinstance(channel, discord.TextChannel) and interaction.message is not None)
    if want_thread and can_thread:
        try:
            thread = await interaction.message.create_thread(name=table.title, auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.warning("game %s: could not create a thread (%s); playing in the channel", table.id, exc.status)
        else:
            await bot.tables.set_thread(table.id, thread.id)
            table = await bot.tables.load(table.id)
            lang = await guild_language(interaction.guild_id)
            link = f"<#{thread.id}>"
            here = t(lang, "Play on in {thread}.", thread=link)
            await interaction.edit_original_response(content=f"{lobby_text(table, lang)}\n{here}",
                                                     allowed_mentions=discord.AllowedMentions.none())
    await send_table(bot, table, mention=True, tell=interaction, saved=N_("The game has started"))


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
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        rows = await bot.tables.open_games(interaction.guild_id, ("lobby", "running"))
        lang = member_language(interaction)
        if not rows:
            await interaction.followup.send(t(lang, "No games are open or running here. Start one with /play."),
                                            ephemeral=True)
            return
        lines: list[str] = []
        for index, row in enumerate(rows):
            table = await bot.tables.load(row.id)
            turn = ""
            if row.status == "running":
                acting = sorted({d.player for d in table.pending()})
                turn = " — " + t(lang, "to act: {names}", names=", ".join(esc(table.names(lang)[p]) for p in acting))
            state = t(lang, "lobby") if row.status == "lobby" else t(lang, "running")
            game, where = f"**{title(row.kind)} #{row.id}**", f"<#{row.post_channel_id}>"
            since = f"<t:{int(row.created_at)}:R>"
            line = t(lang, "{game} ({state}) in {channel}: {players}{turn} — since {since}", game=game, state=state,
                     channel=where, players=esc(", ".join(table.names(lang))), turn=turn, since=since)
            more = "\n" + t(lang, "…and {count} more: add `game:<number>` to commands to reach them.",
                             count=len(rows) - index)
            if sum(len(x) + 1 for x in lines) + len(line) + len(more) > MAX_CONTENT:
                lines.append(more.strip())
                break
            lines.append(line)
        await interaction.followup.send("\n".join(lines), ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())


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
