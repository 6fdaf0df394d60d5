"""The page buttons under /help and /rules answers: each ``custom_id`` carries what to show (the help page;
the game and the rules page), so they work after a restart too."""

from __future__ import annotations

import re

import discord

from bot.answers import member_language
from bot.i18n import SOURCE, t
from bot.member_prefs import member_theme
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import guarded
from cogs.help import command_pages, rules_book, rules_posts, texts
from cogs.help.rules_posts import BOARD, PICTURES
from cogs.posts import Image, Post, in_theme
from rendering.themes import STANDARD

#: a page number as a custom id carries it: at most this many pages
MAX_PAGE = 10_000
#: which button of a row: first, previous, next, last, board, pictures, back to the rules
SLOTS = {"f": texts.FIRST, "p": texts.PREVIOUS, "n": texts.NEXT, "l": texts.LAST}
_GAMES = "|".join(re.escape(g) for g in rules_book.GAMES)
#: (game, page, language, theme) → a /rules page's images recoloured in a member's theme
_THEMED: dict[tuple[str, str, str, str], list[Image]] = {}


def _private(interaction: discord.Interaction, custom_id: str) -> None:
    if interaction.message is None or not interaction.message.flags.ephemeral:
        raise stale_button(custom_id, "a help button on a public post")


async def rules_answer(interaction: discord.Interaction, game: str, page: int | str,
                       lang: str) -> tuple[list[discord.Embed], list[Image]]:
    """A /rules page for the member asking (it answers only them): in ``lang``, its images (the board guide, the
    pictures) drawn in their ``/preferences theme``."""
    embeds, images = await rules_posts.rules_message(game, page, lang)
    tables = getattr(interaction.client, "tables", None)
    theme = STANDARD if tables is None or not images else await member_theme(tables, interaction.user.id)
    if theme == STANDARD:
        return embeds, images
    key = (game, str(page), lang, theme)
    if key not in _THEMED:
        _THEMED[key] = (await in_theme(Post("", images), theme)).images
    return embeds, _THEMED[key]


def help_embed(tree: discord.app_commands.CommandTree, number: int,
               lang: str = SOURCE) -> tuple[discord.Embed, int, int]:
    """Return /help's page ``number`` (kept within the pages) in ``lang``, its number and the page count."""
    pages = command_pages.help_pages(tree, lang)
    number = min(max(1, number), len(pages))
    page = pages[number - 1]
    embed = discord.Embed(title=page.title, description=page.text)
    embed.set_footer(text=t(lang, texts.HELP_FOOTER, page=number, pages=len(pages)))
    return embed, number, len(pages)


class HelpPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hp:(?P<page>\d+):(?P<slot>[fpnl])"):
    """First / Previous / Next / Last under a /help page."""

    def __init__(self, page: int, slot: str, *, disabled: bool = False, lang: str = SOURCE):
        self.page = page
        super().__init__(discord.ui.Button(label=t(lang, SLOTS[slot]), style=discord.ButtonStyle.secondary,
                                           custom_id=f"hp:{page}:{slot}", disabled=disabled))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HelpPageButton:
        """Rebuild the button from a click, after a restart too."""
        return cls(id_number(match["page"], MAX_PAGE), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the page in place (a page past the end shows the last)."""
        async with guarded(interaction):
            _private(interaction, self.custom_id)
            lang = member_language(interaction)
            embed, number, pages = help_embed(interaction.client.tree, self.page, lang)  # type: ignore[attr-defined]
            await interaction.response.edit_message(embed=embed, view=help_view(number, pages, lang))


def help_view(number: int, pages: int, lang: str = SOURCE) -> discord.ui.View:
    """Return the page buttons of /help's page ``number``, labelled in ``lang``."""
    view = discord.ui.View(timeout=None)
    for slot, target in (("f", 1), ("p", number - 1), ("n", number + 1), ("l", pages)):
        view.add_item(HelpPageButton(max(1, min(target, pages)), slot,
                                     disabled=(number == 1) if slot in "fp" else (number == pages), lang=lang))
    return view


class RulesPageButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"rl:(?P<game>{_GAMES}):(?P<page>\d+|{BOARD}|{PICTURES}):(?P<slot>[fpnlbxr])"):
    """A button under a /rules page: another page of the same game's rules, its board guide or pictures."""

    def __init__(self, game: str, page: int | str, slot: str, *, disabled: bool = False, lang: str = SOURCE):
        self.game, self.page = game, page
        label = {"b": texts.BOARD_BUTTON, "x": texts.PICTURES_BUTTON, "r": texts.RULES_BUTTON}.get(slot) or SLOTS[slot]
        label = t(lang, label)
        style = discord.ButtonStyle.primary if slot in "bxr" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"rl:{game}:{page}:{slot}",
                                           disabled=disabled, row=1 if slot in "bxr" else 0))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RulesPageButton:
        """Rebuild the button from a click, after a restart too."""
        page = match["page"]
        return cls(match["game"], page if page in (BOARD, PICTURES) else id_number(page, MAX_PAGE), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the page in place; a page the rules no longer have is refused with the reason."""
        async with guarded(interaction):
            _private(interaction, self.custom_id)
            lang = member_language(interaction)
            pages = len(rules_book.book(self.game, lang).pages)
            if isinstance(self.page, int) and not 1 <= self.page <= pages:
                await interaction.response.send_message(
                    t(lang, texts.STALE_PAGE, game=rules_book.GAMES[self.game][0], page=self.page), ephemeral=True)
                return
            await interaction.response.defer()
            embeds, images = await rules_answer(interaction, self.game, self.page, lang)
            await interaction.edit_original_response(embeds=embeds, attachments=[i.file() for i in images],
                                                     view=rules_view(self.game, self.page, lang))


def rules_view(game: str, page: int | str, lang: str = SOURCE) -> discord.ui.View:
    """Return the buttons under a /rules page, labelled in ``lang``: paging, then the board guide, pictures or
    back to the rules."""
    pages = len(rules_book.book(game, lang).pages)
    view = discord.ui.View(timeout=None)
    if isinstance(page, int):
        for slot, target in (("f", 1), ("p", page - 1), ("n", page + 1), ("l", pages)):
            view.add_item(RulesPageButton(game, max(1, min(target, pages)), slot,
                                          disabled=(page == 1) if slot in "fp" else (page == pages), lang=lang))
    else:
        view.add_item(RulesPageButton(game, 1, "r", lang=lang))
    if page != BOARD:
        view.add_item(RulesPageButton(game, BOARD, "b", lang=lang))
    if page != PICTURES:
        view.add_item(RulesPageButton(game, PICTURES, "x", lang=lang))
    return view
