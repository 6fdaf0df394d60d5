"""The rating service: which finished games are rated, the writer that counts a result in the transaction
of the game's final state, leaderboards, members' ratings, seasons, voids and opt-outs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import errors
from bot.games.base import State
from bot.games.pixel_tactics.modes import MODES, TEAM_MODES, team_of_seat
from bot.i18n import SOURCE, t
from bot.rating_math import Skill, Standing, apply_result, board_of, displayed, ranks_from, trend_of
from bot.registry import title
from bot.settings import DEFAULTS, Settings, load_settings
from storage import ratings as store
from storage.backend import Connection

if TYPE_CHECKING:
    from bot.game_table import Table
    from storage.database import Database

Writer = Callable[[Connection], Awaitable[None]]
__all__ = ["BoardRow", "MemberBoard", "RatingError", "RatingService", "board_of", "board_title", "organises"]


class RatingError(errors.ParlorError):
    """A rating operation that cannot be done (e.g. voiding a game that was never rated)."""


@dataclass(frozen=True)
class BoardRow:
    """One line of a leaderboard."""

    user_id: int
    name: str
    rating: int
    games: int
    wins: int
    win_rate: float
    trend: str
    provisional: bool


@dataclass(frozen=True)
class MemberBoard:
    """A member's rating on one board in one season, with ``history``: ``(at, rating)`` after each game."""

    board: str
    season: int
    rating: int
    games: int
    wins: int
    trend: str
    history: list[tuple[float, int]]
    provisional: bool = False
    name: str = ""


def organises(settings: Settings, has_manage_guild: bool, role_ids: Iterable[int]) -> bool:
    """Return whether a member organises the server's competitive play (voids rated results): Manage Server,
    or the server's organiser role."""
    return has_manage_guild or (settings.organiser_role is not None and settings.organiser_role in role_ids)


def board_title(board: str, lang: str | None = None) -> str:
    """Return a board as members read it: ``Pixies``, ``Pixel Tactics (classic)``; with ``lang``, the mode's name
    in that language (``Pixel Tactics (Klassisch)``)."""
    kind, _, mode = board.partition(":")
    if not mode:
        return title(kind)
    if lang is None or lang == SOURCE:
        return f"{title(kind)} ({mode})"
    return f"{title(kind)} ({t(lang, MODES[mode]) if mode in MODES else mode})"


def would_be_rated(table: Table) -> bool:
    """Return whether this game counts for ratings once it ends: a server game of a rated kind, with ≥ 2 distinct
    members, not marked ``"rated": false``, and without a computer player (a user id in the row option ``"bots"``)."""
    row = table.row
    options = row.options or {}
    if row.guild_id is None or options.get("rated") is False or board_of(row.kind, options) is None:
        return False
    users = [s.user_id for s in table.seats]
    bots = set(options.get("bots") or [])
    return len(set(users)) >= 2 and len(set(users)) == len(users) and not bots & set(users)


def rated_ranks(table: Table, state: State) -> dict[int, int] | None:
    """Return ``{user id: rank}`` when this finished game is rated (``would_be_rated``, never a lobby or a
    cancelled one), else ``None``."""
    if not table.engine.is_terminal(state) or not would_be_rated(table):
        return None
    return ranks_from(table.engine.result(state).ranking, [s.user_id for s in table.seats])


def rated_teams(table: Table, state: State) -> dict[int, int] | None:
    """Return ``{user id: team index}`` of a team game (Pixel Tactics Team Cross Duel, King: rated as openskill
    teams), else ``None`` (every player rated alone)."""
    mode = state.get("mode") if table.row.kind == "pixel-tactics" else None
    if mode not in TEAM_MODES:
        return None
    return {s.user_id: team_of_seat(mode, s.seat) for s in table.seats}


class RatingService:
    """Ratings per server, board and season (``bot.tables.ratings``)."""

    def __init__(self, db: Database):
        self.db = db

    # --- counting a result ----------------------------------------------------------------------

    async def finishing_writer(self, table: Table, state: State) -> Writer | None:
        """Return the writer that counts this finished game (run inside the transaction storing its final
        state), or ``None`` when the game is unrated."""
        ranks = rated_ranks(table, state)
        if ranks is None:
            return None
        guild_id, game_id = table.row.guild_id, table.id
        board = board_of(table.row.kind, table.row.options)
        assert guild_id is not None and board is not None
        names = {s.user_id: s.name for s in table.seats}
        teams = rated_teams(table, state)
        # a team game's entries carry each member's team: [user id, rank, name, team]
        listed = [[u, ranks[u], names.get(u, ""), *([teams[u]] if teams else [])] for u in sorted(ranks)]

        async def write(conn: Connection) -> None:
            at = self.db.clock()
            # the season as this transaction sees it: a result is never counted in a season already closed
            season = await store.season_in(conn, guild_id) or DEFAULTS.ratings_season
            if not await store.insert_result(conn, game_id, guild_id, board, season, listed, at):
                return  # already counted: never twice
            stored = await store.ratings_of(conn, guild_id, board, season, sorted(ranks))
            before = {u: Standing(Skill(r.mu, r.sigma), r.games, r.wins) for u, r in stored.items()}
            await _save(conn, guild_id, board, season, game_id, at, names, apply_result(before, ranks, teams))

        return write

    # --- reads ----------------------------------------------------------------------------------

    async def season(self, guild_id: int) -> int:
        """Return the season a server's games are rated in now."""
        return (await load_settings(self.db, guild_id)).ratings_season

    async def boards(self, guild_id: int, season: int | None = None) -> list[str]:
        """Return the boards with ratings in a season (default: the current one)."""
        return await store.boards(self.db, guild_id, season or await self.season(guild_id))

    async def leaderboard(self, guild_id: int, board: str, season: int | None = None) -> list[BoardRow]:
        """Return a board's leaderboard: opted-out members left out; established members by rating, then
        provisional ones (fewer games than the server's ``provisional_games``) by rating."""
        settings = await load_settings(self.db, guild_id)
        season = season or settings.ratings_season
        hidden = await store.optouts(self.db, guild_id)
        skills: dict[int, list[Skill]] = {}
        for h in await store.history(self.db, guild_id, board, season):
            skills.setdefault(h.user_id, []).append(Skill(h.mu, h.sigma))
        rows = []
        for r in await store.board_ratings(self.db, guild_id, board, season):
            if r.user_id in hidden:
                continue
            rows.append(BoardRow(r.user_id, r.name, displayed(Skill(r.mu, r.sigma)), r.games, r.wins,
                                 r.wins / r.games if r.games else 0.0, trend_of(skills.get(r.user_id, [])),
                                 r.games < settings.provisional_games))
        rows.sort(key=lambda b: (b.provisional, -b.rating, -b.games, b.name.casefold(), b.user_id))
        return rows

    async def member(self, guild_id: int, user_id: int, season: int | None = None) -> list[MemberBoard]:
        """Return a member's ratings on every board of a season (default: the current one), each with its
        history for the plot (shown to whoever asks, opted out or not)."""
        settings = await load_settings(self.db, guild_id)
        season = season or settings.ratings_season
        out = []
        for r in await store.member_ratings(self.db, guild_id, user_id, season):
            past = await store.history(self.db, guild_id, r.board, r.season, user_id)
            skills = [Skill(h.mu, h.sigma) for h in past]
            out.append(MemberBoard(r.board, r.season, displayed(Skill(r.mu, r.sigma)), r.games, r.wins,
                                   trend_of(skills), [(h.at, displayed(s)) for h, s in zip(past, skills, strict=True)],
                                   r.games < settings.provisional_games, r.name))
        return out

    async def optout(self, guild_id: int, user_id: int) -> bool:
        """Return whether a member is hidden from the server's leaderboards."""
        return user_id in await store.optouts(self.db, guild_id)

    # --- changes --------------------------------------------------------------------------------

    async def set_optout(self, guild_id: int, user_id: int, out: bool) -> None:
        """Hide a member from the server's leaderboards (``out``) or show them again (ratings are kept)."""
        async with self.db.transaction() as conn:
            await store.set_optout(conn, guild_id, user_id, out)

    async def reset_season(self, guild_id: int) -> int:
        """Start a new season (every board starts empty; old seasons stay readable); return its number."""
        async with self.db.transaction() as conn:
            new = (await store.season_in(conn, guild_id) or DEFAULTS.ratings_season) + 1
            await store.set_season(conn, guild_id, new)
        return new

    async def void(self, guild_id: int, game_id: int) -> store.ResultRow:
        """Stop counting a game's result and recompute its board and season, in one transaction; return the
        result (``RatingError`` when the game has no rated result in this server, or it is voided already)."""
        async with self.db.transaction() as conn:
            return await self.void_in(conn, guild_id, game_id)

    async def void_in(self, conn: Connection, guild_id: int, game_id: int) -> store.ResultRow:
        """``void`` inside the caller's write transaction ``conn`` (e.g. a tournament voiding its game with its
        own state): a ``RatingError`` is raised before anything is changed."""
        result = await store.set_voided(conn, guild_id, game_id)
        if result is None:
            raise RatingError("Game #{game} has no rated result in this server.", game=game_id)
        if result.voided:
            raise RatingError("The result of game #{game} is voided already.", game=game_id)
        await self._recompute(conn, guild_id, result.board, result.season)
        return result

    async def recompute(self, guild_id: int, board: str, season: int) -> None:
        """Rebuild a board's ratings and history of a season from its stored results (one transaction)."""
        async with self.db.transaction() as conn:
            await self._recompute(conn, guild_id, board, season)

    async def _recompute(self, conn: Connection, guild_id: int, board: str, season: int) -> None:
        await store.clear_board(conn, guild_id, board, season)
        table: dict[int, Standing] = {}
        for result in await store.results(self.db, guild_id, board, season, conn=conn):
            ranks = {int(entry[0]): int(entry[1]) for entry in result.ranks}
            names = {int(entry[0]): str(entry[2]) for entry in result.ranks}
            teams = {int(entry[0]): int(entry[3]) for entry in result.ranks} if all(
                len(entry) > 3 for entry in result.ranks) else None  # a team game's entries hold the team
            after = apply_result(table, ranks, teams)
            table.update(after)
            await _save(conn, guild_id, board, season, result.game_id, result.finished_at, names, after)


async def _save(conn: Connection, guild_id: int, board: str, season: int, game_id: int, at: float,
                names: dict[int, Any], after: dict[int, Standing]) -> None:
    """Write the standings of one result's players and their history rows."""
    for user, s in sorted(after.items()):
        await store.save_rating(conn, store.RatingRow(guild_id, board, season, user, str(names.get(user, "")),
                                                      s.skill.mu, s.skill.sigma, s.games, s.wins, at))
        await store.add_history(conn, guild_id, board, season, user, game_id, s.skill.mu, s.skill.sigma, at)
