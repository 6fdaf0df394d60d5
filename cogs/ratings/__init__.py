"""/leaderboard and /rating: a board's leaderboard and a member's ratings as images; members hide themselves
from leaderboards with ``/rating hidden:true``; organisers void a result with ``/rating void:<game>``. The
numbers come from ``bot.tables.ratings`` (``bot/ratings.py``); the images from ``rendering/ratings/``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.i18n import t
from bot.member_prefs import member_theme, server_theme
from bot.rating_math import board_of
from bot.ratings import board_title, organises
from bot.registry import GAMES
from cogs.flow import bot_of, guarded
from cogs.posts import Image, esc, guild_language, quote, render
from cogs.settings import reply
from rendering import themes
from rendering.ratings.history import history_alt, render_history
from rendering.ratings.leaderboard import leaderboard_alt, render_leaderboard

#: the games that have ratings, each by its board (Pixel Tactics: per mode, Classic until modes exist)
RATED_BOARDS = tuple(b for kind in GAMES if (b := board_of(kind, None)) is not None)
#: at most this many rows in a leaderboard image (phones scroll, but not forever)
MAX_ROWS = 25
#: at most this many boards in one /rating image
MAX_BOARDS = 6


def resolve_board(text: str, known: list[str], lang: str = "en") -> str:
    """Return the board a member typed (its id or its name, any case; a game with modes means its
    Classic board); ``NotAllowed`` naming the choices when it matches none."""
    wanted = " ".join(text.split()).lower()
    boards = list(dict.fromkeys([*RATED_BOARDS, *known]))
    for board in boards:
        if wanted in (board.lower(), board_title(board).lower(), board_title(board, lang).lower()):
            return board
    for board in boards:
        if board.startswith(f"{wanted}:classic") or board_title(board).lower() == f"{wanted} (classic)":
            return board
    names = ", ".join(board_title(b, lang) for b in boards)
    raise errors.NotAllowed("No rated game is called {text}: pick one of {games}.", text=quote(text, 60), games=names)


def field(item: Any, name: str, default: Any = None) -> Any:
    """Read a field of a service record, whether it is an object, a mapping or absent."""
    if isinstance(item, dict):
        return item.get(name, default)
    return getattr(item, name, default)


def points_of(history: Any) -> list[list[float]]:
    """Return a history as ``[[at, rating], ...]`` (pairs or records with ``at`` and ``rating``)."""
    out = []
    for point in history or []:
        if isinstance(point, (tuple, list)):
            out.append([float(point[0]), int(point[1])])
        else:
            out.append([float(field(point, "at")), int(field(point, "rating"))])
    return out


def leaderboard_view(rows: list[Any], board: str, season: int, provisional_games: int, lang: str = "en") -> dict:
    """Return the leaderboard image's view of the service's rows (in their order, at most ``MAX_ROWS``)."""
    shown = [{"name": field(r, "name"), "rating": int(field(r, "rating")), "games": int(field(r, "games", 0)),
              "wins": int(field(r, "wins", 0)), "trend": field(r, "trend"),
              "provisional": bool(field(r, "provisional"))} for r in rows[:MAX_ROWS]]
    return {"title": board_title(board, lang), "season": season, "provisional_games": provisional_games,
            "rows": shown, "more": max(0, len(rows) - MAX_ROWS)}


def history_view(name: str, boards: list[Any], season: int, provisional_games: int, lang: str = "en") -> dict:
    """Return the ratings image's view of a member's boards (at most ``MAX_BOARDS``, most games first)."""
    ordered = sorted(boards, key=lambda b: (-int(field(b, "games", 0)), field(b, "board")))[:MAX_BOARDS]
    return {"name": name, "season": season, "provisional_games": provisional_games, "boards": [
        {"title": board_title(field(b, "board"), lang), "rating": int(field(b, "rating")),
         "games": int(field(b, "games", 0)), "wins": int(field(b, "wins", 0)), "trend": field(b, "trend"),
         "provisional": bool(field(b, "provisional", int(field(b, "games", 0)) < provisional_games)),
         "points": points_of(field(b, "history"))} for b in ordered]}


async def chosen_season(ratings: Any, guild_id: int, season: int | None) -> int:
    """Return the season asked for (default: the current one); ``NotAllowed`` for one not started yet."""
    current = await ratings.season(guild_id)
    if season is None:
        return current
    if season > current:
        raise errors.NotAllowed("Season {season} has not started: this is season {current}.", season=season,
                                current=current)
    return season


async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer the rated games (and any other board this server has) matching what was typed."""
    known: list[str] = []
    if interaction.guild_id is not None:
        known = await bot_of(interaction).tables.ratings.boards(interaction.guild_id)
    typed = current.lower().strip()
    lang = member_language(interaction)
    boards = list(dict.fromkeys([*RATED_BOARDS, *known]))
    return [app_commands.Choice(name=board_title(b, lang), value=b) for b in boards
            if typed in board_title(b, lang).lower() or typed in b][:25]


class RatingsCog(commands.Cog):
    """The /leaderboard and /rating commands."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="leaderboard", description="Post a game's leaderboard in this server")
    @app_commands.describe(game="Which game", season="Which season (default: the current one)")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Range[str, 1, 100],
                          season: app_commands.Range[int, 1, 100000] | None = None) -> None:
        """Post the leaderboard of one game as an image."""
        async with guarded(interaction):
            await self._leaderboard(interaction, game, season)

    @leaderboard.autocomplete("game")
    async def leaderboard_games(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete /leaderboard's game."""
        return await game_choices(interaction, current)

    async def _leaderboard(self, interaction: discord.Interaction, game: str, season: int | None) -> None:
        tables = bot_of(interaction).tables
        ratings, guild_id = tables.ratings, interaction.guild_id
        mine = member_language(interaction)
        board = resolve_board(game, await ratings.boards(guild_id), mine)
        season = await chosen_season(ratings, guild_id, season)
        rows = await ratings.leaderboard(guild_id, board, season)
        if not rows:
            await reply(interaction, t(mine, "Nobody is on the **{game}** leaderboard of season {season} yet: it fills "
                                             "up as members finish rated games.", game=board_title(board, mine),
                                       season=season))
            return
        await interaction.response.defer(thinking=True)
        settings = await tables.settings(guild_id)
        lang = await guild_language(guild_id)
        view = leaderboard_view(rows, board, season, settings.provisional_games, lang)
        data = await render(themes.render, await server_theme(tables, guild_id), render_leaderboard, view, lang)
        image = Image(data, f"leaderboard-{board.replace(':', '-')}-{season}.png", leaderboard_alt(view, lang))
        await interaction.followup.send(t(lang, "🏆 **{game}** leaderboard · season {season}",
                                          game=board_title(board, lang), season=season),
                                        file=image.file(), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="rating", description="A member's ratings and their rating over time")
    @app_commands.describe(member="Whose ratings (default: yours)", game="Only this game",
                           season="Which season (default: the current one)",
                           hidden="true: hide yourself from leaderboards; false: show yourself again",
                           void="Organisers: a finished game's number (12 for Pixies #12) whose result stops counting")
    @app_commands.guild_only()
    async def rating(self, interaction: discord.Interaction, member: discord.Member | None = None,
                     game: app_commands.Range[str, 1, 100] | None = None,
                     season: app_commands.Range[int, 1, 100000] | None = None, hidden: bool | None = None,
                     void: app_commands.Range[int, 1] | None = None) -> None:
        """Post a member's ratings as an image, (``hidden``) hide or show yourself on leaderboards, or (``void``,
        organisers) stop counting a game's result."""
        async with guarded(interaction):
            if void is not None:
                await self._void(interaction, void, member is None and game is None and season is None
                                 and hidden is None)
            elif hidden is not None:
                await self._hide(interaction, member, hidden)
            else:
                await self._rating(interaction, member or interaction.user, game, season)

    @rating.autocomplete("game")
    async def rating_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete /rating's game."""
        return await game_choices(interaction, current)

    async def _void(self, interaction: discord.Interaction, game_id: int, alone: bool) -> None:
        if not alone:
            raise errors.NotAllowed("`void` goes alone: leave out the other options.")
        tables = bot_of(interaction).tables
        user = interaction.user
        roles = [r.id for r in getattr(user, "roles", [])]
        if not organises(await tables.settings(interaction.guild_id), interaction.permissions.manage_guild, roles):
            raise errors.NotAllowed("Only organisers (Manage Server, or the server's organiser role) can void a "
                                    "rated result.")
        table = await tables.load(game_id, interaction.guild_id)
        tournament = (table.row.options or {}).get("tournament")
        if tournament:
            raise errors.NotAllowed("**{game}** is a game of tournament #{tournament}: `/tournament void` replays it "
                                    "and stops its rating counting.", game=table.title, tournament=tournament.get("id"))
        result = await tables.ratings.void(interaction.guild_id, game_id)
        lang = await guild_language(interaction.guild_id)
        await interaction.response.send_message(
            t(lang, "♻️ The result of **{game}** no longer counts: an organiser voided it, and the **{board}** ratings "
                    "of season {season} were worked out again without it.", game=table.title,
              board=board_title(result.board, lang), season=result.season),
            allowed_mentions=discord.AllowedMentions.none())

    async def _hide(self, interaction: discord.Interaction, member: discord.abc.User | None, hidden: bool) -> None:
        if member is not None and member.id != interaction.user.id:
            raise errors.NotAllowed("You can only hide or show yourself: leave out `member`.")
        await bot_of(interaction).tables.ratings.set_optout(interaction.guild_id, interaction.user.id, hidden)
        lang = member_language(interaction)
        await reply(interaction, t(lang, "You are hidden from this server's leaderboards, and others cannot look up "
                                         "your ratings. Your rated games still count; `/rating hidden:false` shows "
                                         "you again.") if hidden else
                    t(lang, "You are shown on this server's leaderboards again."))

    async def _rating(self, interaction: discord.Interaction, member: discord.abc.User, game: str | None,
                      season: int | None) -> None:
        tables = bot_of(interaction).tables
        ratings, guild_id = tables.ratings, interaction.guild_id
        mine = member.id == interaction.user.id
        hidden = await ratings.optout(guild_id, member.id)
        if hidden and not mine:
            raise errors.NotAllowed("{member} has chosen not to appear on leaderboards.",
                                    member=esc(member.display_name))
        own = member_language(interaction)
        board = resolve_board(game, await ratings.boards(guild_id), own) if game else None
        season = await chosen_season(ratings, guild_id, season)
        boards = [b for b in await ratings.member(guild_id, member.id, season)
                  if field(b, "season", season) == season and board in (None, field(b, "board"))]
        if not boards:
            await reply(interaction, no_games(own, mine, esc(member.display_name), board, season))
            return
        await interaction.response.defer(thinking=True, ephemeral=hidden)
        settings = await tables.settings(guild_id)
        lang = own if hidden else await guild_language(guild_id)  # hidden: only the member sees it
        view = history_view(member.display_name, boards, season, settings.provisional_games, lang)
        theme = await (member_theme(tables, interaction.user.id) if hidden else server_theme(tables, guild_id))
        data = await render(themes.render, theme, render_history, view, lang)
        image = Image(data, f"rating-{member.id}-{season}.png", history_alt(view, lang))
        who = member.mention
        text = (t(lang, "📈 Ratings of {member} · season {season} (only you see it: you are hidden from leaderboards)",
                  member=who, season=season) if hidden else
                t(lang, "📈 Ratings of {member} · season {season}", member=who, season=season))
        await interaction.followup.send(text, file=image.file(), ephemeral=hidden,
                                        allowed_mentions=discord.AllowedMentions.none())


def no_games(lang: str, mine: bool, name: str, board: str | None, season: int) -> str:
    """Return the answer to /rating for a member without rated games (of ``board``) in ``season``."""
    if board is None:
        return (t(lang, "You have no rated games in season {season} yet.", season=season) if mine else
                t(lang, "{member} has no rated games in season {season} yet.", member=name, season=season))
    game = board_title(board, lang)
    return (t(lang, "You have no rated games of **{game}** in season {season} yet.", game=game, season=season)
            if mine else t(lang, "{member} has no rated games of **{game}** in season {season} yet.", member=name,
                           game=game, season=season))


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(RatingsCog(bot))
