"""The messages games post: images with alt text, buttons, mentions; and each game's presenter."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot import render_pool
from bot.games.base import Action, Decision
from bot.i18n import SOURCE
from bot.move_words import move_words
from rendering import themes

if TYPE_CHECKING:
    from bot.tables import Outcome, Table

MAX_ALT = 1024


async def render(fn: Callable[..., bytes], *args) -> bytes:
    """Run a pure rendering function in a render worker (``bot/render_pool.py``); return its PNG bytes."""
    return await render_pool.render(fn, *args)


MAX_CONTENT = 2000


def esc(name: str) -> str:
    """Return a member-supplied name safe to show in a message (no markdown, no mentions)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def quote(text: str, limit: int = 100) -> str:
    """Return member-typed text to quote in a reply: cut to ``limit`` characters (…), one line, no
    markdown or mentions, between quotation marks."""
    flat = " ".join(str(text).split())
    if len(flat) > limit:
        flat = flat[:limit - 1].rstrip() + "…"
    return f"“{esc(flat)}”"


def fit_content(text: str, limit: int = MAX_CONTENT) -> str:
    """Return ``text`` within Discord's content limit, cutting from the middle (head and tail stay)."""
    if len(text) <= limit:
        return text
    keep = (limit - 3) // 2
    return text[:keep] + "\n…\n" + text[-(limit - 3 - keep):]


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
    buttons: list[discord.ui.Item] = field(default_factory=list)
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
                                       users=[discord.Object(id=u) for u in dict.fromkeys(self.mention)])

    def send_kwargs(self) -> dict[str, Any]:
        """Return keyword arguments for ``Messageable.send``."""
        kwargs: dict[str, Any] = {"content": fit_content(self.content), "allowed_mentions": self.allowed_mentions()}
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


PRESENTERS: dict[str, Presenter] = {}


def register_presenter(presenter: Presenter) -> None:
    """Make a game's presenter known to the generic cog."""
    PRESENTERS[presenter.kind] = presenter


def presenter_for(kind: str) -> Presenter:
    """Return the presenter of a game kind (its public posts drawn in the server's theme, see :func:`use_themes`)."""
    presenter = PRESENTERS[kind]
    return presenter if _PUBLIC_THEME is None else ThemedPresenter(presenter, _PUBLIC_THEME)


def action_words(table: Table, state: dict, seat: int, action: Action, lang: str, own: bool = False) -> str | None:
    """``action`` of ``seat`` from ``state`` (before it) in ``lang``, in its presenter's words (``own``: as that
    player reads it, their hidden cards named); None when the presenter has no words for it."""
    presenter = PRESENTERS.get(table.row.kind)
    before = replace(table, row=replace(table.row, state=state))
    describe = getattr(presenter, "describe_private", None) if own else None
    describe = describe or getattr(presenter, "describe_action", None)
    return describe(before, seat, action, lang) if describe else None


class MoveWords:
    """A presenter's words for a move, the same for everyone who reads it (a game with no hidden cards):
    ``bot.move_words``' in a language. Mixed into a presenter with a ``kind``."""

    kind: str

    def describe_action(self, before: Table, seat: int, action: Action, lang: str) -> str | None:
        """What ``seat`` did, in ``lang`` (for the line announcing it); None when the engine cannot say."""
        return self.describe_move(before.engine, before.state, seat, action, lang)

    def describe_move(self, engine, state: dict, seat: int, action: Action, lang: str) -> str | None:
        """``action`` of ``seat`` from ``state`` (before it) in ``lang``; None when the engine cannot say."""
        return move_words(self.kind, state, seat, action, lang, eng=engine)


#: the server's theme of a table's public posts (set when the bot starts: ``cogs/preferences.py``)
_PUBLIC_THEME: Callable[[Table], Awaitable[str]] | None = None


def use_themes(public_theme: Callable[[Table], Awaitable[str]] | None) -> None:
    """Draw public posts in the theme ``public_theme(table)`` names (None: the standard look)."""
    global _PUBLIC_THEME
    _PUBLIC_THEME = public_theme


#: the server's language of a table's public posts (set when the bot starts: ``cogs.lobby``)
_PUBLIC_LANGUAGE: Callable[[int | None], Awaitable[str]] | None = None


def use_languages(server_language: Callable[[int | None], Awaitable[str]] | None) -> None:
    """Write public posts in the language ``server_language(guild_id)`` names (None: English)."""
    global _PUBLIC_LANGUAGE
    _PUBLIC_LANGUAGE = server_language


async def guild_language(guild_id: int | None) -> str:
    """The language of a server's public posts (its ``/settings language``; English when unknown)."""
    return SOURCE if _PUBLIC_LANGUAGE is None else await _PUBLIC_LANGUAGE(guild_id)


#: the language of the one member a public post is being drawn for (``drawn_for``); None: the server's
_READER: ContextVar[str | None] = ContextVar("parlor_reader", default=None)


@contextlib.contextmanager
def drawn_for(lang: str) -> Iterator[None]:
    """While the block runs (in this task), public posts are drawn in ``lang``: one member's own copy of a
    public post (the same public view, in their language)."""
    token = _READER.set(lang)
    try:
        yield
    finally:
        _READER.reset(token)


async def public_language(table: Table) -> str:
    """The language of a table's public posts, images and buttons: its server's (a member's own, inside
    ``drawn_for``)."""
    reader = _READER.get()
    return reader if reader is not None else await guild_language(table.row.guild_id)


#: what the last logged action of a table did, rebuilt from the log (set when the bot starts: ``cogs.lobby``)
_LAST_OUTCOME: Callable[[Table], Awaitable[Outcome | None]] | None = None


def use_last_outcomes(last: Callable[[Table], Awaitable[Outcome | None]] | None) -> None:
    """Let presenters ask what a table's last action did (``TableService.last_outcome``; None: they cannot)."""
    global _LAST_OUTCOME
    _LAST_OUTCOME = last


async def last_outcome(table: Table) -> Outcome | None:
    """What the table's last logged action did, rebuilt from the log (``None`` when unknown or undone)."""
    return None if _LAST_OUTCOME is None else await _LAST_OUTCOME(table)


async def in_theme(post: Post, theme: str) -> Post:
    """The post with its images recoloured in ``theme`` (in a render worker; the standard theme: as it is)."""
    if theme == themes.STANDARD or not post.images:
        return post
    images = [Image(await render(themes.recolour, image.data, theme), image.filename, image.alt)
              for image in post.images]
    return replace(post, images=images)


class ThemedPresenter:
    """A presenter whose table and outcome posts are recoloured in the server's theme; anything else
    (private posts, labels) is the game's presenter's own."""

    def __init__(self, inner: Presenter, public_theme: Callable[[Table], Awaitable[str]]):
        self.inner, self.public_theme = inner, public_theme

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """The game's table post, in the server's theme."""
        return await in_theme(await self.inner.table_post(table, mention=mention), await self.public_theme(table))

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """The game's outcome posts, in the server's theme."""
        posts = await self.inner.outcome_posts(outcome)
        theme = await self.public_theme(outcome.after) if posts else themes.STANDARD
        return [await in_theme(post, theme) for post in posts]


_VIEWS: dict[tuple[str, int, int, float, int | None], dict] = {}


def seat_view(table: Table, seat: int | None) -> dict:
    """Return ``engine.view(state, seat)`` of a table, cached per game version (choosers ask per action)."""
    key = (table.row.kind, table.id, table.row.version, table.row.updated_at, seat)
    if key not in _VIEWS:
        if len(_VIEWS) > 64:
            _VIEWS.clear()
        _VIEWS[key] = table.engine.view(table.state, seat)
    return _VIEWS[key]


def public_decisions(table: Table) -> list[tuple[Decision, list[Action]]]:
    """Return each public pending decision with its legal actions (private ones go elsewhere)."""
    if table.row.status != "running":
        return []
    return [(d, table.engine.legal_actions(table.state, d.player)) for d in table.pending() if not d.private]
