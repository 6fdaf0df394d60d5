"""History and community commands: ``/game log``, ``/game replay``, ``/game rematch`` and ``/mygames``.

The three ``/game`` subcommands are free commands added, when this extension loads, to the ``/game``
group that ``LobbyCog`` owns (so this extension must load after ``cogs.lobby``, and again after a
reload of it). ``/games`` is already a plain command, and a Discord command cannot be both a leaf and a
group, so the member's own games are listed by a top-level ``/mygames``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import re
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.games.base import GameError, State
from bot.i18n import SOURCE, t, tn
from bot.member_prefs import server_theme
from bot.move_words import engine_sentence
from bot.registry import title
from bot.tables import RESIGN, UNDO, Table, game_options
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import bot_of, guarded, reply_error
from cogs.mygames import my_games
from cogs.posts import MAX_ALT, action_words, esc, fit_content, public_language, render
from rendering import themes
from rendering.public import REPLAY_ART, ReplayArt, replay_durations  # noqa: F401  (re-exported)
from rendering.replay import MAX_FRAMES, TooLarge, animate_kept, sample

if TYPE_CHECKING:
    from bot.app import ParlorBot
    from bot.tables import ActionRow

log = logging.getLogger("parlor.history")

PAGE_SIZE = 15
#: per member: at most LOG_RATE /game log per LOG_PER seconds, REPLAY_RATE /game replay per REPLAY_PER
LOG_RATE, LOG_PER = 5, 30.0
REPLAY_RATE, REPLAY_PER = 2, 60.0
MAX_LINE = 120
#: fraction of the interaction's attachment size limit a replay may use (headroom for the upload)
SIZE_MARGIN = 0.97
DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024


# --- reading the action log ---------------------------------------------------------------------


@dataclass
class Entry:
    """One line of a game's history."""

    seq: int
    name: str
    text: str
    undone: bool = False


@dataclass(frozen=True)
class History:
    """A game's log read back: one entry per logged action, and the public line of play (the
    states from the start through every action still in effect, undone ones left out)."""

    entries: list[Entry]
    states: list[State]
    #: by state of ``states``: ``{seat: level}`` of the members' seats whose latest move in effect a computer made
    #: (the replay names them ``Ana (computer, normal)`` in that frame)
    computer: list[dict[int, str]] = field(default_factory=list)


def entry_text(table: Table, state: State, seat: int, action: dict, viewer: int | None, lang: str) -> str:
    """An action in the state before it, as ``viewer`` may read it, in ``lang``: the presenter's words
    (``bot.move_words``'s), else the engine's English sentence with the seats named."""
    words = action_words(table, state, seat, action, lang, own=viewer == seat)
    if words is not None:
        return words
    return engine_sentence(table.row.kind, state, seat, action, viewer, [esc(n) for n in table.names()], table.engine)


def read_history(table: Table, rows: list[ActionRow], viewer: int | None = None, lang: str = SOURCE) -> History:
    """Replay the action log from ``new_game`` as ``bot.tables.replay`` does, describing each action
    in the state before it as ``viewer`` (a seat, or None for the public) may read it, in ``lang``; an
    ``undo`` entry takes back the last action in effect (marked undone). Each entry names its actor as its row
    says: ``Ana (computer, normal)`` only on the moves a computer made, whatever the current takeover."""
    eng = table.engine
    state = eng.new_game(len(table.seats), game_options(table.row), table.row.seed)
    # the words of each move name seats without the current takeover (the actor's name says who moved)
    plain = replace(table, row=replace(table.row, options={k: v for k, v in table.row.options.items()
                                                            if k != "takeover"}))
    entries: list[Entry] = []
    done: list[tuple[State, int, dict[int, str]]] = []  # (state, entry index, computer seats) before each action
    computer: dict[int, str] = {}  # the members' seats whose latest move in effect a computer made
    for row in rows:
        seat, action = row.actor_seat, row.action
        name = (table.actor_name(seat, row.computer_level, lang) if seat is not None and 0 <= seat < len(table.seats)
                else "—")
        kind = action.get("type")
        if kind == UNDO:
            if done:
                state, index, computer = done.pop()
                entries[index].undone = True
                text = t(lang, "took back the last move (#{seq})", seq=entries[index].seq)
            else:
                text = t(lang, "asked to take back a move (nothing to take back)")
            entries.append(Entry(row.seq, name, text))
            continue
        if seat is None:
            raise GameError("log entry #{seq} has no seat", seq=row.seq)
        before = state
        if kind == RESIGN:
            text = t(lang, "resigned")
            state = eng.leave(state, seat)
        else:
            text = entry_text(plain, state, seat, action, viewer, lang)
            state = eng.apply(state, seat, action)
        done.append((before, len(entries), computer))
        computer = {**{s: lv for s, lv in computer.items() if s != seat},
                    **({seat: row.computer_level} if row.computer_level else {})}
        entries.append(Entry(row.seq, name, text))
    return History(entries, [before for before, _, _ in done] + [state], [c for _, _, c in done] + [computer])


async def load_history(bot: ParlorBot, table: Table, viewer: int | None = None,
                       rows: list[ActionRow] | None = None, lang: str = SOURCE) -> History:
    """Read a game's log (``rows`` if already read) and replay it in a worker thread, so that a long
    game never holds up the event loop; a log that no longer replays is reported, not shown half-way."""
    if rows is None:
        rows = await bot.tables.actions(table.id)
    try:
        return await asyncio.to_thread(read_history, table, rows, viewer, lang)
    except GameError as exc:
        log.error("game %s: the action log does not replay: %s", table.id, exc)
        raise errors.ParlorError("The history of {game} could not be rebuilt.", game=table.title) from None


# --- finding the game ---------------------------------------------------------------------------


async def resolve(bot: ParlorBot, interaction: discord.Interaction, game: int | None,
                  prefer: tuple[str, ...]) -> Table:
    """Return the game a history command means: by number (in this server), else the game of this
    channel or thread, looking at the statuses of ``prefer`` in turn. Among running games the
    member's own is meant (several: they must say which); among finished ones the latest, the
    member's own first."""
    if game is not None:
        return await bot.tables.load(game, interaction.guild_id)
    for status in prefer:
        tables = await bot.tables.tables_here(interaction.guild_id, interaction.channel_id, (status,))
        if not tables:
            continue
        mine = [t for t in tables if t.seat_of(interaction.user.id) is not None]
        pick = mine or tables
        if status == "running" and len(pick) > 1:
            listed = ", ".join(f"#{t.id}" for t in pick)
            raise errors.GameNotFound("Several games run here ({games}): add `game:<number>` to say which.",
                                      games=listed)
        return max(pick, key=lambda t: t.id)
    raise errors.GameNotFound("There is no game in this channel or thread: add `game:<number>` "
                              "(see `/games` or `/mygames`).")


def require_played(table: Table) -> None:
    """Refuse tables without a history: lobbies and cancelled tables."""
    if table.row.status == "lobby":
        raise errors.GameNotRunning("{game} has not started yet: there are no moves to show.", game=table.title)
    if table.row.status == "cancelled":
        raise errors.GameNotRunning("{game} was cancelled before it started.", game=table.title)


# --- /game log ----------------------------------------------------------------------------------


def _line(entry: Entry, lang: str) -> str:
    text = f"#{entry.seq} · {esc(entry.name)} · {esc(entry.text)}"
    if len(text) > MAX_LINE:
        text = text[:MAX_LINE - 1] + "…"
    return f"~~{text}~~ " + t(lang, "(taken back)") if entry.undone else text


def log_page(table: Table, history: History, page: int | None, lang: str = SOURCE) -> tuple[str, int, int]:
    """Return the text of one page of the history (default: the latest) in ``lang``, its number and the page
    count."""
    entries = history.entries
    pages = max(1, math.ceil(len(entries) / PAGE_SIZE))
    page = pages if page is None else min(max(1, page), pages)
    bold = f"**{table.title}**"
    head = "📜 " + t(lang, "{title} · history, page {page}/{pages}", title=bold, page=page, pages=pages)
    if not entries:
        return f"{head}\n" + t(lang, "No moves yet."), page, pages
    chunk = entries[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
    count = tn(lang, "{count} entry", "{count} entries", len(entries), count=len(entries))
    if table.row.status == "finished":
        count = t(lang, "{count} · the game is over", count=count)
    lines = [f"{head} ({count})", *(_line(e, lang) for e in chunk)]
    return fit_content("\n".join(lines)), page, pages


def log_view(game_id: int, page: int, pages: int, lang: str = SOURCE) -> discord.ui.View | None:
    """Return Previous / Next buttons, labelled in ``lang`` (none when everything fits on one page)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogPageButton(game_id, page - 1, t(lang, "◀ Previous"), disabled=page <= 1))
    view.add_item(LogPageButton(game_id, page + 1, t(lang, "Next ▶"), disabled=page >= pages))
    return view


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hl:(?P<game>\d+):(?P<page>\d+)"):
    """Previous / Next under a history page; the page is re-read from the log on every click."""

    def __init__(self, game_id: int, page: int, label: str = "Page", *, disabled: bool = False):
        self.game_id, self.page = game_id, page
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"hl:{game_id}:{page}", disabled=disabled))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LogPageButton:
        """Rebuild the button from a click, after a restart too."""
        return cls(id_number(match["game"]), id_number(match["page"]), getattr(item, "label", None) or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the requested page in place (pages are private: only on the clicker's own answer)."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            if interaction.message is None or not interaction.message.flags.ephemeral:
                raise stale_button(self.custom_id, "a history page button on a public post")
            table = await bot.tables.load(self.game_id, interaction.guild_id)
            require_played(table)
            await interaction.response.defer()
            viewer, lang = table.seat_of(interaction.user.id), member_language(interaction)
            text, page, pages = log_page(table, await load_history(bot, table, viewer, lang=lang), self.page, lang)
            await interaction.edit_original_response(content=text, view=log_view(table.id, page, pages, lang),
                                                     allowed_mentions=discord.AllowedMentions.none())


@app_commands.describe(game="Game number (default: the game in this channel or thread)",
                       page="Page of 15 moves (default: the latest)")
async def game_log(interaction: discord.Interaction, game: int | None = None,
                   page: app_commands.Range[int, 1, 1000] | None = None) -> None:
    """The move history, paged, only for you."""
    bot = bot_of(interaction)
    async with guarded(interaction):
        table = await resolve(bot, interaction, game, ("running", "finished"))
        require_played(table)
        await interaction.response.defer(ephemeral=True, thinking=True)
        viewer, lang = table.seat_of(interaction.user.id), member_language(interaction)
        text, page, pages = log_page(table, await load_history(bot, table, viewer, lang=lang), page, lang)
        kwargs = {"view": view} if (view := log_view(table.id, page, pages, lang)) else {}
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                                        **kwargs)


# --- /game replay -------------------------------------------------------------------------------


@app_commands.describe(game="Game number (default: the game in this channel or thread)")
async def game_replay(interaction: discord.Interaction, game: int | None = None) -> None:
    """Post an animated image of the game so far (public positions only)."""
    bot = bot_of(interaction)
    try:  # quick reads first, so that a refusal can still be ephemeral
        table = await resolve(bot, interaction, game, ("running", "finished"))
        require_played(table)
        art = REPLAY_ART.get(table.row.kind)
        if art is None:
            raise errors.NotAllowed("{game} has no replay yet.", game=title(table.row.kind))
        rows = await bot.tables.actions(table.id)
        if not rows:
            raise errors.GameNotRunning("No move of {game} has been played yet: nothing to replay.", game=table.title)
    except errors.ParlorError as exc:
        await reply_error(interaction, exc.template, **exc.fields)
        return
    await interaction.response.defer(thinking=True)
    async with guarded(interaction):
        history = await load_history(bot, table, rows=rows)
        if len(history.states) < 2:  # every move was taken back
            raise errors.GameNotRunning("No move of {game} is in effect: nothing to replay.", game=table.title)
        lang = await public_language(table)  # a public post: the server's language
        states, eng = history.states, table.engine
        picks = sample(len(states), MAX_FRAMES)
        views = await asyncio.to_thread(lambda: [eng.view(states[i], None) for i in picks])
        # Each frame names a seat "Ana (computer, normal)" only while its latest move in effect was the computer's.
        frame_names = [table.names(lang, history.computer[i]) for i in picks]
        # One render call per frame: other games' posts can use the render workers in between.
        theme = await server_theme(bot.tables, table.row.guild_id)  # a public post: the server's theme
        frames = [await render(themes.render, theme, art.render, view, names, lang)
                  for view, names in zip(views, frame_names, strict=True)]
        limit = int(getattr(interaction, "filesize_limit", DEFAULT_ATTACHMENT_LIMIT) * SIZE_MARGIN)
        try:
            data, kept = await render(partial(animate_kept, frames, replay_durations(len(frames)), max_bytes=limit))
        except TooLarge:
            raise errors.NotAllowed("The replay of {game} would be too large to upload.", game=table.title) from None
        shown = len(kept)  # a GIF too large for the upload limit drops frames; the text counts the ones it shows
        content = "🎞️ " + replay_text(table, len(states) - 1, shown, len(states), lang)
        last = art.alt(views[-1], frame_names[-1], lang)
        alt = t(lang, "Animated replay of {game}, {count} positions. Last position: {last}", game=table.title,
                count=shown, last=last)[:MAX_ALT]
        file = discord.File(io.BytesIO(data), filename=f"{table.row.kind}-{table.id}-replay.gif", description=alt)
        await interaction.followup.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())


def replay_text(table: Table, moves: int, frames: int, states: int, lang: str) -> str:
    """The replay post's line in ``lang``: how many moves, to the end or now, which positions are shown."""
    shown = (t(lang, "all {count} positions", count=frames) if frames == states
             else t(lang, "{count} of its {total} positions, evenly spaced (the last one included)", count=frames,
                    total=states))
    finished = table.row.status == "finished"
    title = f"**{table.title}**"
    if finished:
        return tn(lang, "{title} · replay of {moves} move from the start to the end: {shown}.",
                  "{title} · replay of {moves} moves from the start to the end: {shown}.", moves, title=title,
                  moves=moves, shown=shown)
    return tn(lang, "{title} · replay of {moves} move from the start to now: {shown}.",
              "{title} · replay of {moves} moves from the start to now: {shown}.", moves, title=title, moves=moves,
              shown=shown)


SUBCOMMANDS = ("log", "replay", "rematch")


def _per_member(interaction: discord.Interaction) -> int:
    return interaction.user.id


def _subcommands() -> list[app_commands.Command]:
    from cogs.rematch import game_rematch  # it reads the game as the other history commands do

    """Return fresh command objects (each bot's ``/game`` group gets its own, with its own cooldowns)."""
    log_cmd = app_commands.Command(name="log", description="The move history of a game (only you see it)",
                                   callback=game_log)
    replay_cmd = app_commands.Command(name="replay", description="An animated replay of a game's public history",
                                      callback=game_replay)
    app_commands.checks.cooldown(LOG_RATE, LOG_PER, key=_per_member)(log_cmd)
    app_commands.checks.cooldown(REPLAY_RATE, REPLAY_PER, key=_per_member)(replay_cmd)
    return [
        log_cmd,
        replay_cmd,
        app_commands.Command(name="rematch", description="After a finished game: a new table, same players",
                             callback=game_rematch),
    ]


def _group(bot: commands.Bot) -> app_commands.Group:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("cogs.history needs the /game group: load cogs.lobby first")
    return group


async def setup(bot: commands.Bot) -> None:
    """Add the subcommands to ``/game``, add ``/mygames`` and register the page buttons."""
    group = _group(bot)
    for command in _subcommands():
        group.add_command(command)
    bot.tree.add_command(app_commands.Command(
        name="mygames", description="Your open and running games in every server, with links",
        callback=my_games))
    bot.add_dynamic_items(LogPageButton)


async def teardown(bot: commands.Bot) -> None:
    """Remove what ``setup`` added (the group may already be gone with its cog)."""
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        for name in SUBCOMMANDS:
            group.remove_command(name)
    bot.tree.remove_command("mygames")
    bot.remove_dynamic_items(LogPageButton)
